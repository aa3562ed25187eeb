"""``spades-lab simulate --out/--records``: each file written whole or not at all
(``core.files.writing``), an interrupted or failed run leaving the old file as it was."""
from __future__ import annotations

import csv
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import spades_lab.play.sim as sim
from spades_lab.cli.main import main
from spades_lab.core.files import MARK
from spades_lab.core.records import replay


def _leftovers(folder: Path) -> list[str]:
    """Hidden files a write kept aside and did not clean up."""
    return sorted(p.name for p in folder.iterdir() if MARK in p.name)


def test_outputs_are_written_whole(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out, recs = tmp_path / "hands.csv", tmp_path / "games.jsonl"
    out.write_text("an older table\n")
    code = main(["simulate", "--hands", "12", "--seed", "3", "--out", str(out),
                 "--records", str(recs), "--no-progress"])
    assert code == 0, capsys.readouterr().err
    rows = list(csv.DictReader(out.read_text(encoding="utf-8").splitlines()))
    assert len(rows) == 12 and "an older table" not in out.read_text()
    lines = recs.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 12
    assert all(replay(json.loads(x)).hands[0].complete for x in lines)
    assert _leftovers(tmp_path) == []


def _interrupted_after_one_chunk(real: Any, error: BaseException) -> Any:
    def fake(*args: Any, **kwargs: Any) -> Iterator[Any]:
        chunks = real(*args, **kwargs)
        try:
            yield next(chunks)
            raise error
        finally:
            chunks.close()
    return fake


@pytest.mark.parametrize("error", [KeyboardInterrupt(), RuntimeError("a worker died")],
                         ids=["ctrl-c", "error"])
def test_an_interrupted_run_leaves_the_old_files(tmp_path: Path, error: BaseException,
                                                 monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    out, recs = tmp_path / "hands.csv", tmp_path / "games.jsonl"
    out.write_text("old table\n")
    recs.write_text('{"old": true}\n')
    monkeypatch.setattr(sim, "iter_simulation",
                        _interrupted_after_one_chunk(sim.iter_simulation, error))
    argv = ["simulate", "--hands", "400", "--seed", "1", "--out", str(out), "--records",
            str(recs), "--no-progress"]
    if isinstance(error, KeyboardInterrupt):
        assert main(argv) == 130
        assert capsys.readouterr().err.strip() == "spades-lab: interrupted"
    else:
        with pytest.raises(RuntimeError):
            main(argv)
    assert out.read_text() == "old table\n" and recs.read_text() == '{"old": true}\n'
    assert _leftovers(tmp_path) == []


def test_an_interrupted_run_leaves_no_new_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sim, "iter_simulation",
                        _interrupted_after_one_chunk(sim.iter_simulation, KeyboardInterrupt()))
    assert main(["simulate", "--hands", "400", "--out", str(tmp_path / "new.csv"),
                 "--no-progress"]) == 130
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_batch_table_is_written_whole(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                      ) -> None:
    pytest.importorskip("numpy")
    out = tmp_path / "batch.csv"
    assert main(["simulate", "--batch", "--hands", "50", "--out", str(out),
                 "--no-progress"]) == 0
    assert len(list(csv.DictReader(out.read_text().splitlines()))) == 50
    assert _leftovers(tmp_path) == []
