"""ruff (the configuration in pyproject.toml) accepts the package, the tests, the benchmarks
and the scripts: long lines and unused imports are caught here, not in review."""
from __future__ import annotations

import subprocess
import sys

from conftest import ROOT


def test_ruff_accepts_the_code() -> None:
    out = subprocess.run([sys.executable, "-m", "ruff", "check", "--output-format", "concise",
                          "spades_lab", "tests", "benchmarks", "scripts"],
                         cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
