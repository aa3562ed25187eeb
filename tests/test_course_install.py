"""The course ships with the package: ``spades-lab course DIR`` gives a student without git the
whole course.

The slow test does what a student would: build the wheel, install it into a fresh virtual
environment, run ``spades-lab course`` into a temporary folder and execute every copied notebook
with nbval (the checked cells against their expected text, as ``./dev.sh test`` does).
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from conftest import ROOT
from spades_lab.cli.course import copy_course, course_notebooks, course_source
from spades_lab.cli.main import main


def test_course_copies_notebooks_records_and_documents(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    dest = tmp_path / "mine"
    assert main(["course", str(dest)]) == 0
    out = capsys.readouterr().out
    assert "00_start_here.ipynb" in out
    names = [p.name for p in course_notebooks(dest)]
    assert names == [p.name for p in course_notebooks(course_source())]
    assert names[0] == "00_start_here.ipynb"
    assert (dest / "data" / "course" / "standard_hand.json").is_file()
    assert (dest / "data" / "scenarios" / "demo_acorns_th.json").is_file()
    assert (dest / "docs" / "rulings.md").is_file()
    assert (dest / "docs" / "record-format.md").is_file()
    # no build script; the README and the pictures the documents show come with them
    assert not list(dest.rglob("*.py"))
    assert (dest / "README.md").is_file() and (dest / "docs" / "screenshots" / "play.png").is_file()
    # a second copy refuses, and says how to force it
    (dest / "notebooks" / "00_start_here.ipynb").write_text("my work")
    assert main(["course", str(dest)]) == 2
    assert "--force" in capsys.readouterr().err
    assert (dest / "notebooks" / "00_start_here.ipynb").read_text() == "my work"
    assert main(["course", str(dest), "--force"]) == 0
    assert (dest / "notebooks" / "00_start_here.ipynb").read_text() != "my work"


def test_copied_files_are_writable_even_from_a_read_only_source(tmp_path: Path) -> None:
    src = tmp_path / "src"
    shutil.copytree(course_source() / "notebooks", src / "notebooks")
    shutil.copytree(course_source() / "data" / "course", src / "data" / "course")
    for p in src.rglob("*"):
        if p.is_file():
            p.chmod(0o444)
    nbs = copy_course(tmp_path / "dest", source=src)
    assert nbs and all(os.access(p, os.W_OK) for p in nbs)


def _uv() -> list[str] | None:
    beside = Path(sys.executable).parent / "uv"  # spades-lab[dev] installs it in the venv
    if beside.is_file():
        return [str(beside)]
    if shutil.which("uv"):
        return ["uv"]
    probe = subprocess.run([sys.executable, "-m", "uv", "--version"], capture_output=True)
    if probe.returncode == 0:
        return [sys.executable, "-m", "uv"]
    return None


def _wheel(out: Path) -> Path:
    uv = _uv()
    if uv:
        cmd = [*uv, "build", "--wheel", "--out-dir", str(out), str(ROOT)]
    else:
        cmd = [sys.executable, "-m", "build", "--wheel", "--outdir", str(out), str(ROOT)]
    subprocess.run(cmd, check=True, capture_output=True, cwd=ROOT)
    (wheel,) = out.glob("spades_lab-*.whl")
    return wheel


@pytest.mark.slow
def test_wheel_install_gives_a_working_course(tmp_path: Path) -> None:
    uv = _uv()
    if uv is None:
        pytest.skip("uv is needed to make the fresh environment quickly (./dev.sh installs it)")
    wheel = _wheel(tmp_path / "dist")
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
    assert "spades_lab/_course/notebooks/00_start_here.ipynb" in names
    assert "spades_lab/_course/data/course/standard_hand.json" in names
    assert "spades_lab/_course/docs/rulings.md" in names
    assert "spades_lab/_data/decks/heckadeck.json" in names or any(
        n.startswith("spades_lab/_data/decks/") for n in names)
    import spades_lab.solver

    # where the dev install compiled the solver's searches, the wheel carries them too
    compiled = {Path(n).name.split(".")[0] for n in names if n.endswith((".so", ".pyd"))}
    if spades_lab.solver.ACCELERATED:
        assert compiled == {"_std52c", "_generalc"}, compiled

    venv = tmp_path / "venv"
    env = {**os.environ, "UV_PYTHON_DOWNLOADS": "never", "VIRTUAL_ENV": str(venv)}
    env.pop("PYTHONPATH", None)
    subprocess.run([*uv, "venv", "--quiet", str(venv), "--python", sys.executable],
                   check=True, env=env)
    py = venv / "bin" / "python"
    subprocess.run([*uv, "pip", "install", "--quiet", "--python", str(py),
                    f"spades-lab[notebook] @ {wheel.as_uri()}", "nbval", "pytest"],
                   check=True, env=env)
    course = tmp_path / "course"
    res = subprocess.run([str(venv / "bin" / "spades-lab"), "course", str(course)],
                         capture_output=True, text=True, env=env, cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    # the installed package is the one under test, not this checkout
    where = subprocess.run([str(py), "-c", "import spades_lab; print(spades_lab.__file__)"],
                           capture_output=True, text=True, env=env, cwd=tmp_path, check=True)
    assert str(venv) in where.stdout
    if spades_lab.solver.ACCELERATED:
        code = "import spades_lab.solver as s; print(s.ACCELERATED)"
        accel = subprocess.run([str(py), "-c", code], capture_output=True, text=True, env=env,
                               cwd=tmp_path, check=True)
        assert accel.stdout.split() == ["True"]
    # nbval with the project's reference hook (checked cells keep expected text in metadata)
    shutil.copy(ROOT / "conftest.py", course / "conftest.py")
    notebooks = sorted(str(p.relative_to(course)) for p in (course / "notebooks").glob("*.ipynb"))
    # every notebook of the course, the classroom's (11) included, from the README's one extra
    assert len(notebooks) == len(course_notebooks(course_source())) == 12
    res = subprocess.run(
        [str(py), "-m", "pytest", "-v", "-p", "no:cacheprovider", "--nbval-lax",
         "--nbval-current-env", "--nbval-sanitize-with",
         str(ROOT / "tests" / "nbval_sanitize.cfg"), *notebooks],
        capture_output=True, text=True, cwd=course, env={**env, "MPLBACKEND": "Agg"})
    assert res.returncode == 0, res.stdout[-4000:] + res.stderr[-2000:]
    assert " passed" in res.stdout
    # every code cell of all 12 notebooks ran (nbval makes one test of each)
    cells = sum(sum(1 for c in json.loads((course / nb).read_text())["cells"]
                    if c["cell_type"] == "code") for nb in notebooks)
    assert f" {cells} passed" in res.stdout, res.stdout[-2000:]
