"""``spades-lab explain`` and ``spades-lab whatif``."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from spades_lab.cli.main import main
from spades_lab.core.records import replay

DIR = Path(__file__).resolve().parent.parent / "data" / "scenarios"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_explain_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    f = str(DIR / "std_spades_broken_by_trumping.json")
    code, out, _ = run(capsys, "explain", f, "--ids")
    assert code == 0 and "superior-trump-wins" in out and "Trick 2" in out
    code, out, _ = run(capsys, "explain", f)  # learners' words: no rule ids
    assert code == 0 and "superior-trump-wins" not in out and "Trick 2" in out
    code, out, _ = run(capsys, "explain", f, "--hand", "1", "--trick", "2", "--json")
    assert code == 0
    data = json.loads(out)
    assert len(data) == 1 and data[0]["reason"] == "superior-trump-wins"
    assert "broke-trump" in data[0]["reasons"]
    code, out, _ = run(capsys, "explain", str(DIR / "std_bag_penalty.json"), "--json")
    data = json.loads(out)
    lines = data[0]["score"]["teams"][0]["lines"]
    assert any(ln["rule"] == "bag-penalty" and ln["option"] == "bag_limit" for ln in lines)


def test_explain_errors(capsys: pytest.CaptureFixture[str]) -> None:
    f = str(DIR / "std_led_suit_wins.json")
    code, out, _ = run(capsys, "explain", f, "--hand", "3", "--json")
    assert code == 2 and json.loads(out)["error"]["rule"] == "bad-record"
    code, out, _ = run(capsys, "explain", f, "--hand", "1", "--trick", "14", "--json")
    assert code == 2 and json.loads(out)["error"]["rule"] == "bad-record"
    code, _, err = run(capsys, "explain", "/nonexistent.json")
    assert code == 2 and "bad-record" in err


def test_whatif_cli(capsys: pytest.CaptureFixture[str]) -> None:
    f = str(DIR / "std_nil_made.json")
    before = Path(f).read_text()
    code, out, _ = run(capsys, "whatif", f, "--at", "1:1", "--action", "4", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["at"] == [0, 1] and data["policy"] == "record"
    assert data["diff"][0]["changed"]
    assert Path(f).read_text() == before
    code, out, _ = run(capsys, "whatif", f, "--at", "1:1", "--action", "4")
    assert code == 0 and "What if" in out
    code, out, _ = run(capsys, "whatif", f, "--at", "1:1", "--action", "nil spades",
                       "--json")
    assert code == 2 and json.loads(out)["error"]["rule"] == "bid-not-allowed"
    g = replay(f, upto=(0, 4)).game
    held = {c.code for c in g.hand.hands[g.hand.turn]}
    other = next(c.code for c in g.rules.deck.cards if c.code not in held)
    code, out, _ = run(capsys, "whatif", f, "--at", "1:4", "--action", other, "--json")
    assert code == 2 and json.loads(out)["error"]["rule"] == "card-not-in-hand"
    code, out, _ = run(capsys, "whatif", f, "--at", "1:99", "--action", "2C", "--json")
    assert code == 2 and json.loads(out)["error"]["rule"] == "bad-record"


def test_whatif_options_and_players(capsys: pytest.CaptureFixture[str]) -> None:
    f = str(DIR / "std_failed_nil_bags_only.json")
    code, out, _ = run(capsys, "whatif", f, "--option", "failed_nil_tricks=count_toward_bid",
                       "--json")
    assert code == 0 and json.loads(out)["options"] == {"failed_nil_tricks":
                                                        "count_toward_bid"}
    code, out, _ = run(capsys, "whatif", f, "--json")
    assert code == 2 and json.loads(out)["error"]["rule"] == "bad-option"
    code, out, _ = run(capsys, "whatif", f, "--at", "1:10", "--action",
                       replay(f, upto=(0, 10)).game.legal_plays()[0].card.code,
                       "--then", "players", "--seed", "2", "--json")
    assert code == 0 and json.loads(out)["policy"] == "players"
