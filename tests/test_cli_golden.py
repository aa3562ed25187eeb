"""The CLI says the same about every record in ``data/`` as it did when the golden file was
written (``scripts/golden_outputs.py update``): refactorings must not change replay results,
the replay JSON or the explanations."""
from __future__ import annotations

import importlib.util
import json

import pytest

from conftest import ROOT

_spec = importlib.util.spec_from_file_location("golden_outputs",
                                               ROOT / "scripts" / "golden_outputs.py")
assert _spec and _spec.loader
golden_outputs = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(golden_outputs)

GOLDEN = json.loads(golden_outputs.GOLDEN.read_text())


def test_every_record_is_covered() -> None:
    now = {f"{' '.join(cmd)} {path.relative_to(ROOT).as_posix()}"
           for path in golden_outputs.records() for cmd in golden_outputs.COMMANDS}
    assert now == set(GOLDEN), "records added or removed: run scripts/golden_outputs.py update"


@pytest.mark.parametrize("key", sorted(GOLDEN))
def test_output_unchanged(key: str) -> None:
    command, rel = key.rsplit(" ", 1)
    parts = command.split(" ")
    got = golden_outputs.run([parts[0], str(ROOT / rel), *parts[1:]])
    assert got == GOLDEN[key]
