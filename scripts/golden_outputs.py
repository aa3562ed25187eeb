"""Write (or check) the golden CLI outputs for every record in ``data/``.

``replay --json``, ``replay`` (text), ``explain --json``, ``explain`` (the learners' words) and
``explain --ids`` (the teachers' text, with rule ids and option notes) on each record are stored in
``tests/golden/outputs.json``; ``tests/test_cli_golden.py`` runs the same commands and compares,
so a refactoring that changes what the CLI or the replay JSON says is caught.

    .venv/bin/python scripts/golden_outputs.py update   # after a change on purpose; review the diff
"""
from __future__ import annotations

import contextlib
import io
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden" / "outputs.json"
COMMANDS = (("replay", "--json"), ("replay",), ("explain", "--json"), ("explain",),
            ("explain", "--ids"))


def records() -> list[Path]:
    return sorted(p for p in (ROOT / "data").rglob("*.json") if "decks" not in p.parts)


def run(args: list[str]) -> dict[str, object]:
    from spades_lab.cli.main import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(args)
        except SystemExit as e:  # argparse
            code = e.code
    return {"exit": code or 0, "stdout": out.getvalue()}


def outputs() -> dict[str, dict[str, object]]:
    result = {}
    for path in records():
        rel = path.relative_to(ROOT).as_posix()
        for cmd in COMMANDS:
            result[f"{' '.join(cmd)} {rel}"] = run([cmd[0], str(path), *cmd[1:]])
    return result


if __name__ == "__main__":
    if sys.argv[1:] != ["update"]:
        sys.exit("usage: golden_outputs.py update")
    GOLDEN.write_text(json.dumps(outputs(), indent=1, ensure_ascii=False, sort_keys=True) + "\n")
    print(f"wrote {GOLDEN.relative_to(ROOT)}")
