"""Why the command line may import lazily (``tests/test_layers.py``'s one exception): a command
loads its machinery only when it runs, so ``spades-lab --help`` starts without the heavy
modules."""
from __future__ import annotations

import subprocess
import sys

HEAVY = ("pandas", "numpy", "matplotlib", "ipywidgets", "starlette", "spades_lab.play.sim",
         "spades_lab.solver", "spades_lab.classroom")

CODE = f"""
import contextlib, importlib, io, sys
main = importlib.import_module("spades_lab.cli.main")
with contextlib.redirect_stdout(io.StringIO()):
    try:
        main.main(["--help"])
    except SystemExit:
        pass
print(sorted(m for m in sys.modules if m.startswith({HEAVY!r})))
"""


def test_help_loads_none_of_the_heavy_modules() -> None:
    out = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"


def test_the_simulation_says_its_batch_path_at_the_top() -> None:
    import spades_lab.play.sim as sim

    assert sim._batch().CHUNK > 0  # numpy is installed here: the batch path is there
