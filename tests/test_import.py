"""``import spades_lab`` stays light: no pandas, matplotlib or ipywidgets (prints its time)."""
from __future__ import annotations

import subprocess
import sys

HEAVY = ("pandas", "matplotlib", "ipywidgets")

CODE = """
import sys, time
t0 = time.perf_counter()
import spades_lab
dt = time.perf_counter() - t0
heavy = sorted(m for m in {heavy!r} if m in sys.modules)
print(repr(heavy))
print(f"{{dt * 1000:.1f}}")
"""


def test_core_import_is_light() -> None:
    proc = subprocess.run([sys.executable, "-c", CODE.format(heavy=HEAVY)], capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    heavy, ms = proc.stdout.split("\n")[:2]
    print(f"import spades_lab took {ms} ms")
    assert heavy == "[]", f"import spades_lab loaded {heavy}"


def test_engine_modules_are_light() -> None:
    code = ("import sys; import spades_lab.core.engine, spades_lab.core.records, "
            "spades_lab.play.players, "
            "spades_lab.cli.main, spades_lab.render.text; "
            f"print(sorted(m for m in {HEAVY!r} if m in sys.modules))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "[]"
