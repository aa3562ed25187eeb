"""Repository-wide pytest set-up.

The course notebooks are saved without outputs.  A cell whose first line is
``# NBVAL_CHECK_OUTPUT`` keeps the text it must print in its metadata (``nbval_expected``;
``scripts/notebook_expectations.py update`` writes it); here that expectation becomes the
reference output nbval compares the fresh run against, so those cells are real tests.
"""
from __future__ import annotations

import os
from typing import Any

# plots render off screen wherever the suite runs (./dev.sh test sets it too)
os.environ.setdefault("MPLBACKEND", "Agg")

EXPECTED = "nbval_expected"


def pytest_collection_modifyitems(items: list[Any]) -> None:
    for item in items:
        cell = getattr(item, "cell", None)
        if cell is None or type(item).__name__ != "IPyNbCell":
            continue
        expected = cell.get("metadata", {}).get(EXPECTED)
        if expected is None:
            continue
        import nbformat

        cell.outputs = [nbformat.from_dict(dict(o)) for o in expected]
        cell.execution_count = 1  # nbval compares only cells it sees as run
