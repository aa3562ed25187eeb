"""The ``spades-lab`` console entry point (``spades_lab_cli.py``): Ctrl-C while the package is
still importing is one line and exit status 130, never a Python traceback."""
from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from conftest import interruptible

ROOT = Path(__file__).resolve().parent.parent

#: Runs the entry point with a real SIGINT sent to the process while ``spades_lab`` imports
#: its rules (from an import hook, so the moment is the same on every run).
INTERRUPTED_WHILE_IMPORTING = """
import os, signal, sys

class Interrupt:
    def find_spec(self, name, path=None, target=None):
        if name == "spades_lab.core.rules":
            os.kill(os.getpid(), signal.SIGINT)
        return None

sys.meta_path.insert(0, Interrupt())
import spades_lab_cli
assert "spades_lab" not in sys.modules
sys.exit(spades_lab_cli.main())
"""


def test_the_console_script_is_the_entry_module() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert project["project"]["scripts"]["spades-lab"] == "spades_lab_cli:main"
    wheel = project["tool"]["hatch"]["build"]["targets"]["wheel"]
    assert wheel["force-include"]["spades_lab_cli.py"] == "spades_lab_cli.py"


def test_the_entry_point_runs_the_command(capsys: pytest.CaptureFixture[str],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    import spades_lab_cli

    monkeypatch.setattr(sys, "argv", ["spades-lab", "replay", "--json",
                                      str(ROOT / "data" / "course" / "standard_hand.json")])
    assert spades_lab_cli.main() == 0
    assert '"totals"' in capsys.readouterr().out


@pytest.mark.slow
def test_ctrl_c_while_importing_is_one_line() -> None:
    done = subprocess.run([sys.executable, "-c", INTERRUPTED_WHILE_IMPORTING, "--help"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120,
                          preexec_fn=interruptible)
    assert done.returncode == 130, done.stderr
    assert done.stderr == "spades-lab: interrupted\n"
    assert done.stdout == ""


@pytest.mark.slow
def test_without_the_entry_module_the_same_moment_is_a_traceback() -> None:
    """The control: the same SIGINT with the package imported directly (the old entry point)
    ends in a traceback, so the test above does reach the import."""
    code = INTERRUPTED_WHILE_IMPORTING.replace(
        "import spades_lab_cli\n", "").replace(
        'assert "spades_lab" not in sys.modules\nsys.exit(spades_lab_cli.main())',
        "from spades_lab.cli import main\nsys.exit(main())")
    done = subprocess.run([sys.executable, "-c", code, "--help"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, preexec_fn=interruptible)
    assert done.returncode != 0 and "Traceback" in done.stderr and "KeyboardInterrupt" in \
        done.stderr


@pytest.mark.slow
def test_the_wheel_carries_the_entry_module(tmp_path: Path) -> None:
    import os
    import zipfile

    from conftest import uv_command

    uv = uv_command()
    if uv is None:
        pytest.skip("uv is needed to build quickly (./dev.sh installs it)")
    subprocess.run([*uv, "build", "--wheel", "--out-dir", str(tmp_path), str(ROOT)], check=True,
                   capture_output=True, cwd=ROOT,
                   env={**os.environ, "SPADES_LAB_PURE_PYTHON": "1"})
    (wheel,) = tmp_path.glob("spades_lab-*.whl")
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        points = z.read(next(n for n in names if n.endswith("entry_points.txt"))).decode()
        assert z.read("spades_lab_cli.py") == (ROOT / "spades_lab_cli.py").read_bytes()
    assert "spades-lab = spades_lab_cli:main" in points
