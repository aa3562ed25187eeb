"""Keep the course notebooks saved without outputs while their checked cells stay real tests.

A code cell whose first line is ``# NBVAL_CHECK_OUTPUT`` must print the same text every run.
Its expected text is stored in the cell's metadata (``nbval_expected``), not as an output, so
every notebook file is saved without outputs; ``conftest.py`` at the repository root hands the
expectation to nbval, which compares the fresh run against it.

    .venv/bin/python scripts/notebook_expectations.py update    # run the notebooks, store what
                                                                # the checked cells print now
    .venv/bin/python scripts/notebook_expectations.py strip     # move saved outputs of checked
                                                                # cells into metadata, clear all

Run ``update`` after changing a checked cell on purpose, then review the diff.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
MARK = "# NBVAL_CHECK_OUTPUT"
KEY = "nbval_expected"


def _expected(outputs: list) -> list[dict]:
    """Only printed text is compared (stream outputs), as plain dicts."""
    return [{"output_type": "stream", "name": o["name"], "text": o["text"]}
            for o in outputs if o.get("output_type") == "stream"]


def _store(nb: nbformat.NotebookNode, outputs_by_id: dict[str, list] | None) -> None:
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        if cell.source.startswith(MARK):
            outs = outputs_by_id.get(cell.id, []) if outputs_by_id is not None else cell.outputs
            if outs or outputs_by_id is not None:
                cell.metadata[KEY] = _expected(outs)
        else:
            cell.metadata.pop(KEY, None)
        cell.outputs = []
        cell.execution_count = None


def strip(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    _store(nb, None)
    nbformat.write(nb, path)


def update(path: Path) -> None:
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    run = nbformat.read(path, as_version=4)
    NotebookClient(run, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    _store(nb, {c.id: c.outputs for c in run.cells if c.cell_type == "code"})
    nbformat.write(nb, path)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("action", choices=["update", "strip"])
    ap.add_argument("notebooks", nargs="*", type=Path)
    args = ap.parse_args(argv)
    paths = args.notebooks or sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
    for path in paths:
        (update if args.action == "update" else strip)(path)
        print(f"{args.action}: {path.relative_to(ROOT) if path.is_absolute() else path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
