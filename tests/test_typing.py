"""The package's type hints are checked by mypy (the configuration is in pyproject.toml)."""
from __future__ import annotations

import subprocess
import sys

import pytest

from conftest import ROOT


def test_mypy_accepts_the_package() -> None:
    pytest.importorskip("mypy")
    proc = subprocess.run([sys.executable, "-m", "mypy", "spades_lab"], cwd=ROOT,
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Success" in proc.stdout
