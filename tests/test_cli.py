"""The ``spades-lab`` command: play, replay, and option errors."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from spades_lab.cli.main import main, parse_option
from spades_lab.core.records import load_record, replay


def test_play_acorns8_fours_writes_a_record_that_replays(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "g.json"
    code = main(["play", "--rules", "acorns8", "--option", "teams=fours", "--seed", "1",
                 "--hands", "1", "--out", str(out)])
    assert code == 0
    text = capsys.readouterr().out
    assert "Hand 1 (acorns8)" in text and str(out) in text
    rec = load_record(out)
    assert rec["rules"] == {"preset": "acorns8", "options": {"teams": "fours"}}
    assert len(rec["hands"]) == 1 and len(rec["hands"][0]["plays"]) == 8 * 16
    result = replay(out)
    assert result.hands[0].complete and len(result.hands[0].teams) == 2
    assert main(["replay", str(out), "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["hands"][0]["complete"] is True and sum(d["hands"][0]["tricks"]) == 16


def test_play_is_reproducible_from_the_seed(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    for p in (a, b):
        assert main(["play", "--rules", "acorns", "--option", "travelers_hunters=true",
                     "--seed", "5", "--hands", "2", "--out", str(p), "--quiet"]) == 0
    quiet = capsys.readouterr().out.splitlines()
    # --quiet: the standing in words (no Python values), then where the record went
    assert quiet[0].startswith("Totals: ") and quiet[0] == quiet[2], quiet
    assert not any(w in quiet[0] for w in ("None", "True", "False", "["))
    assert a.read_text() == b.read_text()
    assert main(["replay", str(a)]) == 0
    assert "Hand 2" in capsys.readouterr().out


@pytest.mark.parametrize("args,words", [
    (["--rules", "nope"], ["standard", "acorns8"]),
    (["--rules", "standard", "--option", "th_low=true"], ["th_low", "bag_limit", "target"]),
    (["--rules", "acorns8", "--option", "teams=threes"], ["pairs", "fours"]),
    (["--rules", "online", "--option", "target=400"], ["100, 200, 250, 300, 500"]),
    (["--rules", "standard", "--option", "failed_nil_tricks=some"],
     ["bags_only", "count_toward_bid"]),
    (["--rules", "standard", "--option", "bag_limit"], ["key=value"]),
])
def test_bad_options(args: list[str], words: list[str],
                     capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", *args, "--seed", "1", "--hands", "1"]) == 2
    err = capsys.readouterr().err
    assert "bad-option" in err
    for w in words:
        assert w in err, (w, err)


def test_parse_option_values() -> None:
    assert parse_option("bag_limit=5") == ("bag_limit", 5)
    assert parse_option("bag_limit=null") == ("bag_limit", None)
    assert parse_option("th_low=true") == ("th_low", True)
    assert parse_option("failed_nil_tricks=count_toward_bid") == ("failed_nil_tricks",
                                                                  "count_toward_bid")
    assert parse_option("blind_exchange=up to 3") == ("blind_exchange", "up to 3")


def test_replay_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(tmp_path / "none.json"), "--json"]) == 2
    err = json.loads(capsys.readouterr().out)["error"]
    assert err["rule"] == "bad-record"


def test_console_script_plays(tmp_path: Path) -> None:
    exe = Path(sys.executable).parent / "spades-lab"
    if not exe.exists():
        pytest.skip("console script not installed")
    out = tmp_path / "g.json"
    proc = subprocess.run([str(exe), "play", "--rules", "standard", "--seed", "3", "--hands",
                           "1", "--out", str(out), "--quiet"], capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    proc = subprocess.run([str(exe), "replay", str(out), "--json"], capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["hands"][0]["complete"] is True
