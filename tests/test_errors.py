"""A bad input for every rule id of RULINGS.md section 7: through the API (rule id, words that
name the seat/suit, state unchanged) and through ``spades-lab replay FILE --json`` (exit 2 and
exactly ``{"error": {"rule", "hand", "step", "message"}}``)."""
from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from conftest import bid_all, build_deal, dealt_game, state_snapshot
from spades_lab import RULE_IDS, Game, IllegalAction, RuleError, RuleSet
from spades_lab.cli.main import main
from spades_lab.core.errors import OptionError, RecordError
from spades_lab.core.records import load_record, replay

SECTION_7 = ["wrong-phase", "not-your-turn", "unknown-card", "card-not-in-hand",
             "must-follow-suit", "trump-not-broken", "bad-declaration", "bid-out-of-range",
             "bid-not-allowed", "blind-not-allowed", "exchange-invalid", "bad-record"]


def test_rule_ids_are_the_contract() -> None:
    assert set(SECTION_7) <= set(RULE_IDS)


def rejected(g: Game, action: Callable[[], Any], rule: str, *words: str) -> IllegalAction:
    """Run a rejected action: it raises IllegalAction with ``rule``, its message contains
    ``words``, the matching ``can_*`` check agrees, and the state is unchanged."""
    before = state_snapshot(g)
    with pytest.raises(IllegalAction) as e:
        action()
    err = e.value
    assert err.rule == rule, err.message
    for w in words:
        assert w in err.message, (w, err.message)
    assert state_snapshot(g) == before
    return err


# ---------------------------------------------------------------------------- positions


def std_game(**kw: Any) -> Game:
    """Standard, dealer West: North bids first and leads.  North: 2H 2S 2C ...; East holds 3H
    and 3C; South holds no Hearts."""
    return dealt_game("standard", {0: ["2H", "2S", "2C"], 1: ["3H", "3C", "AH"]}, {2: "H"},
                      dealer=3, **kw)


def th_game() -> Game:
    return dealt_game("acorns", {0: ["TPS", "2P"], 1: ["3P", "2C"]}, dealer=3,
                      travelers_hunters=True)


# ---------------------------------------------------------------------------- API, rule by rule


def test_wrong_phase() -> None:
    g = std_game()
    rejected(g, lambda: g.play("2H"), "wrong-phase", "North's bid")
    rejected(g, lambda: g.exchange(0, []), "wrong-phase")
    rejected(g, lambda: g.deal(rng=random.Random(1)), "wrong-phase")
    assert g.can_play("2H").rule == "wrong-phase"
    bid_all(g, [3, 3, 3, 3])
    rejected(g, lambda: g.bid(3), "wrong-phase", "North's play")
    assert g.can_bid(3).rule == "wrong-phase"
    rejected(g, lambda: g.look(1), "wrong-phase")


def test_not_your_turn() -> None:
    g = std_game()
    rejected(g, lambda: g.bid(3, seat=2), "not-your-turn", "North", "South")
    bid_all(g, [3, 3, 3, 3])
    rejected(g, lambda: g.play("3H", seat=1), "not-your-turn", "North", "East")
    assert g.can_play("3H", seat=1).rule == "not-your-turn"


@pytest.mark.parametrize("preset,options,text", [
    ("standard", {}, "ZZ"),
    ("standard", {}, "0S"),          # a Heckadeck card, not of the 52-card deck
    ("standard", {}, "BH"),
    ("acorns", {}, "TPS"),           # Travelers and Hunters are off by default
    ("acorns", {"travelers_hunters": True}, "TSH"),   # no such pair
    ("standard", {}, ""),
])
def test_unknown_card(preset: str, options: dict[str, Any], text: str) -> None:
    g = dealt_game(preset, {}, dealer=3, **options)
    bid_all(g, [3] * 4)
    err = rejected(g, lambda: g.play(text), "unknown-card")
    assert repr(text) in err.message


def test_card_not_in_hand() -> None:
    g = std_game()
    bid_all(g, [3, 3, 3, 3])
    rejected(g, lambda: g.play("3H"), "card-not-in-hand", "North does not hold the 3 of Hearts")


def test_must_follow_suit() -> None:
    g = std_game()
    bid_all(g, [3, 3, 3, 3])
    g.play("2H")
    err = rejected(g, lambda: g.play("3C"), "must-follow-suit", "East must follow Hearts",
                   "the 3, 8, Jack and Ace of Hearts")
    assert "3H" in err.details["holding"]


def test_trump_not_broken() -> None:
    g = std_game()
    bid_all(g, [3, 3, 3, 3])
    rejected(g, lambda: g.play("2S"), "trump-not-broken", "North may not lead Spades")


def test_bad_declaration() -> None:
    g = th_game()
    bid_all(g, [5, 5, 5, 5])
    rejected(g, lambda: g.play("TPS"), "bad-declaration", "North", "Planets", "Spades")
    rejected(g, lambda: g.play("TPS", as_="S"), "bad-declaration", "Spades")
    rejected(g, lambda: g.play("TPS", as_="H"), "bad-declaration", "Hearts")
    rejected(g, lambda: g.play("TPS", as_="X"), "bad-declaration")
    rejected(g, lambda: g.play("2P", as_="S"), "bad-declaration", "Planets", "Spades")
    g.play("2P")
    # East follows Planets with the 3: "as" must be the card's own suit
    rejected(g, lambda: g.play("3P", as_="C"), "bad-declaration")
    g.play("3P", as_="P")


def test_bad_declaration_following() -> None:
    g = dealt_game("acorns", {0: ["2P"], 1: ["TPS", "3P"]}, dealer=3, travelers_hunters=True)
    bid_all(g, [5, 5, 5, 5])
    g.play("2P")
    rejected(g, lambda: g.play("TPS", as_="S"), "bad-declaration", "Planets")


@pytest.mark.parametrize("preset,bid", [
    ("standard", 14), ("standard", -1), ("standard", "14"), ("acorns", 33), ("acorns", -2),
    ("acorns", "nil spades + 40"), ("acorns8", 17),
])
def test_bid_out_of_range(preset: str, bid: Any) -> None:
    g = dealt_game(preset, {}, dealer=3)
    err = rejected(g, lambda: g.bid(bid), "bid-out-of-range")
    assert str(RuleSet.preset(preset).hand_size) in err.message


@pytest.mark.parametrize("preset,bid", [
    ("standard", "nil spades"), ("standard", "full nil"), ("acorns", "nil"),
    ("acorns", "blind nil"), ("acorns", "full nil + 2"), ("acorns", "nil spades nil acorns"),
    ("acorns", "blind 3"), ("standard", "nil + 2"), ("standard", True), ("standard", None),
    ("standard", "three"),
])
def test_bid_not_allowed(preset: str, bid: Any) -> None:
    g = dealt_game(preset, {}, dealer=3)
    rejected(g, lambda: g.bid(bid), "bid-not-allowed")


def test_blind_not_allowed_after_looking() -> None:
    g = std_game()
    g.look(0)
    rejected(g, lambda: g.bid("blind nil"), "blind-not-allowed", "North")


def test_blind_not_allowed_online_not_trailing() -> None:
    g = dealt_game("online", {}, dealer=3, start={"scores": [0, 99], "bags": [0, 0]})
    rejected(g, lambda: g.bid("blind nil"), "blind-not-allowed", "North", "100")


def test_exchange_invalid() -> None:
    g = dealt_game("original", {}, dealer=3)
    bid_all(g, ["blind nil", 3, 3, 3])
    h = g.hand
    rejected(g, lambda: g.exchange(0, h.hands[0][:4]), "exchange-invalid", "North")
    rejected(g, lambda: g.exchange(0, h.hands[1][:2]), "exchange-invalid", "North does not hold")
    rejected(g, lambda: g.exchange(1, h.hands[1][:2]), "exchange-invalid", "East")
    c = h.hands[0][0]
    rejected(g, lambda: g.exchange(0, [c, c]), "exchange-invalid")
    g.exchange(0, h.hands[0][:2])
    rejected(g, lambda: g.exchange(0, h.hands[0][:2]), "exchange-invalid", "already")
    rejected(g, lambda: g.exchange(2, h.hands[2][:3]), "exchange-invalid", "South")


def test_bad_record_via_api() -> None:
    rules = RuleSet.preset("standard")
    g = Game(rules)
    deal = build_deal(rules, {})
    short = copy.deepcopy(deal)
    short[0] = short[0][:12]
    before = state_snapshot(g)
    for bad in (short, deal[:3], [deal[0]] * 4):
        with pytest.raises(RuleError) as e:
            g.deal(cards=bad)
        assert e.value.rule == "bad-record"
        assert state_snapshot(g) == before
    with pytest.raises(RuleError) as e:
        Game(rules, start={"scores": [0], "bags": [0, 0]})
    assert e.value.rule == "bad-record"
    with pytest.raises(RecordError) as e2:
        load_record('{"rules": ')
    assert e2.value.rule == "bad-record"


# ---------------------------------------------------------------------------- bad options


@pytest.mark.parametrize("preset,options,words", [
    ("nope", {}, ["standard", "online", "original", "acorns", "acorns8"]),
    ("standard", {"th_low": True}, ["th_low", "bag_limit", "first_lead", "target"]),
    ("standard", {"teams": "fours"}, ["teams"]),
    ("acorns", {"teams": "fours"}, ["travelers_hunters", "th_low"]),
    ("acorns", {"blind_nil_deficit": 100}, ["blind_nil_deficit"]),
    ("online", {"target": 400}, ["100, 200, 250, 300, 500"]),
    ("standard", {"failed_nil_tricks": "nope"}, ["bags_only", "count_toward_bid"]),
    ("standard", {"first_lead": "right"}, ["left", "dealer"]),
    ("acorns8", {"teams": "threes"}, ["pairs", "fours"]),
    ("acorns", {"travelers_hunters": "yes"}, ["true or false"]),
    ("standard", {"bag_limit": 0}, ["null"]),
    ("standard", {"target": 0}, ["above 0"]),
    ("standard", {"losing_floor": 600}, ["below the target"]),
    ("original", {"blind_exchange": "some"}, ["up to N"]),
    ("acorns", {"blind_exchange": {"nil": 2}}, ["nil spades", "full nil"]),
])
def test_bad_options_list_what_is_valid(preset: str, options: dict[str, Any],
                                        words: list[str]) -> None:
    with pytest.raises(OptionError) as e:
        RuleSet.preset(preset, options)
    assert e.value.rule == "bad-option"
    for w in words:
        assert w in e.value.message, (w, e.value.message)


# ---------------------------------------------------------------------------- records via the CLI


def _std_record(**hand: Any) -> dict[str, Any]:
    rules = RuleSet.preset("standard")
    deal = build_deal(rules, {0: ["2H", "2S", "2C"], 1: ["3H", "3C", "AH"]}, {2: "H"})
    h: dict[str, Any] = {"dealer": 3, "deal": deal,
                         "bids": [{"seat": s, "bid": 3} for s in range(4)], "plays": []}
    h.update(hand)
    return {"format": "spades-lab/1", "rules": {"preset": "standard"}, "hands": [h]}


def _bids(*bids: Any, start: int = 0) -> list[dict[str, Any]]:
    return [{"seat": (start + i) % 4, "bid": b} for i, b in enumerate(bids)]


def _rec_bad_deal() -> dict[str, Any]:
    r = _std_record()
    r["hands"][0]["deal"][0] = r["hands"][0]["deal"][0][:12]
    return r


def _rec_online_blind() -> dict[str, Any]:
    r = _std_record(bids=_bids("blind nil", 3, 3, 3))
    r["rules"] = {"preset": "online"}
    return r


def _rec_exchange(cards: int) -> dict[str, Any]:
    r = _std_record(bids=_bids("blind nil", 3, 3, 3))
    r["rules"] = {"preset": "original"}
    held = r["hands"][0]["deal"][0]
    r["hands"][0]["exchange"] = [{"from": 0, "to": 2, "cards": held[:cards]}]
    return r


def _rec_th() -> dict[str, Any]:
    rules = RuleSet.preset("acorns", travelers_hunters=True)
    deal = build_deal(rules, {0: ["TPS", "2P"]})
    return {"rules": {"preset": "acorns", "options": {"travelers_hunters": True}},
            "hands": [{"dealer": 3, "deal": deal, "bids": _bids(5, 5, 5, 5),
                       "plays": [{"seat": 0, "card": "TPS", "as": "S"}]}]}


RECORDS: list[Any] = [
    # rule, record, hand, step, words in the message
    pytest.param("wrong-phase", lambda: _std_record(bids=_bids(3, 3, 3),
                                                    plays=[{"seat": 0, "card": "2H"}]),
                 0, "play 0", ["West's bid"], id="wrong-phase"),
    pytest.param("not-your-turn", lambda: _std_record(bids=_bids(3, 3, 3, 3, start=1)),
                 0, "bid 0", ["North", "East"], id="not-your-turn"),
    pytest.param("unknown-card", lambda: _std_record(plays=[{"seat": 0, "card": "ZZ"}]),
                 0, "play 0", ["ZZ"], id="unknown-card"),
    pytest.param("card-not-in-hand", lambda: _std_record(plays=[{"seat": 0, "card": "3H"}]),
                 0, "play 0", ["North does not hold the 3 of Hearts"], id="card-not-in-hand"),
    pytest.param("must-follow-suit", lambda: _std_record(plays=[{"seat": 0, "card": "2H"},
                                                                {"seat": 1, "card": "3C"}]),
                 0, "play 1", ["East must follow Hearts"], id="must-follow-suit"),
    pytest.param("trump-not-broken", lambda: _std_record(plays=[{"seat": 0, "card": "2S"}]),
                 0, "play 0", ["North may not lead Spades"], id="trump-not-broken"),
    pytest.param("bad-declaration", lambda: _std_record(plays=[{"seat": 0, "card": "2H",
                                                                "as": "S"}]),
                 0, "play 0", ["Hearts", "Spades"], id="bad-declaration-ordinary"),
    pytest.param("bad-declaration", _rec_th, 0, "play 0", ["Spades"],
                 id="bad-declaration-traveler"),
    pytest.param("bid-out-of-range", lambda: _std_record(bids=_bids(14)), 0, "bid 0", ["13"],
                 id="bid-out-of-range"),
    pytest.param("bid-not-allowed", lambda: _std_record(bids=_bids("nil spades")), 0, "bid 0",
                 ["nil"], id="bid-not-allowed"),
    pytest.param("blind-not-allowed", _rec_online_blind, 0, "bid 0", ["North", "100"],
                 id="blind-not-allowed"),
    pytest.param("exchange-invalid", lambda: _rec_exchange(4), 0, "exchange 0", ["North"],
                 id="exchange-invalid"),
    pytest.param("bad-record", _rec_bad_deal, 0, "deal", ["North", "12"], id="bad-record-deal"),
    pytest.param("bad-record", lambda: {"rules": {"preset": "nope"}, "hands": []}, None, None,
                 ["standard"], id="bad-record-preset"),
    pytest.param("bad-record", lambda: {"rules": {"preset": "standard",
                                                  "options": {"teams": "pairs"}}, "hands": []},
                 None, None, ["teams", "bag_limit"], id="bad-record-option"),
    pytest.param("bad-record", lambda: {**_std_record(), "extra": 1}, None, None, ["extra"],
                 id="bad-record-key"),
]


@pytest.mark.parametrize("rule,make,hand,step,words", RECORDS)
def test_cli_replay_rejects(rule: str, make: Callable[[], dict[str, Any]], hand: int | None,
                            step: str | None, words: list[str], tmp_path: Path,
                            capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(make()), encoding="utf-8")
    code = main(["replay", str(path), "--json"])
    out = capsys.readouterr().out
    assert code == 2
    data = json.loads(out)
    assert list(data) == ["error"]
    err = data["error"]
    assert list(err) == ["rule", "hand", "step", "message"]
    assert (err["rule"], err["hand"], err["step"]) == (rule, hand, step)
    for w in words:
        assert w in err["message"], (w, err["message"])
    assert out.strip() == json.dumps(data, ensure_ascii=False)
    # the Python API raises the same error
    with pytest.raises(RecordError) as e:
        replay(str(path))
    assert e.value.to_dict() == err


def test_every_rule_has_a_cli_case() -> None:
    covered = {p.values[0] for p in RECORDS}
    assert covered == set(SECTION_7)


def test_cli_without_json_reports_on_stderr(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(_std_record(plays=[{"seat": 0, "card": "2S"}])))
    assert main(["replay", str(path)]) == 2
    cap = capsys.readouterr()
    # the one line for people counts from 1; the JSON error keeps RECORD-FORMAT's 0-based hand
    assert "trump-not-broken" in cap.err and "hand 1, play 1: " in cap.err


def test_console_script_subprocess(tmp_path: Path) -> None:
    exe = Path(sys.executable).parent / "spades-lab"
    if not exe.exists():
        pytest.skip("console script not installed")
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(_std_record(plays=[{"seat": 0, "card": "2H"},
                                                  {"seat": 1, "card": "3C"}])))
    proc = subprocess.run([str(exe), "replay", str(path), "--json"], capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 2, proc.stderr
    data = json.loads(proc.stdout)
    assert data["error"]["rule"] == "must-follow-suit"
    assert data["error"]["hand"] == 0 and data["error"]["step"] == "play 1"


# ---------------------------------------------------------------------------- the vocabulary
# Rule ids, output ids and phases are StrEnums (issue 20 item 6): a member is its id in
# str(), repr(), JSON and dict lookups, and mypy refuses a misspelt one.

def test_every_rule_id_is_a_member_and_round_trips() -> None:
    from spades_lab.core.errors import (
        CLAIM_IDS,
        CLASSROOM_IDS,
        OUTPUT_IDS,
        SOLVER_IDS,
        OutputError,
        OutputId,
        Rule,
    )
    assert list(RULE_IDS) + list(SOLVER_IDS) + list(CLASSROOM_IDS) + list(CLAIM_IDS) \
        == list(Rule)
    assert not set(RULE_IDS) & set(SOLVER_IDS)
    assert set(OUTPUT_IDS) == set(OutputId) and not set(Rule) & set(OutputId)
    for member in [*Rule, *OutputId]:
        kind = type(member)
        assert kind(member.value) is member and kind(str(member)) is member
        assert str(member) == member == member.value and repr(member) == repr(member.value)
        assert json.loads(json.dumps({member: [member]})) == {member.value: [member.value]}
        assert {member.value: 1}[member] == 1 and hash(member) == hash(member.value)
        assert member.name == member.value.upper().replace("-", "_")
    e = OutputError("busy", "The folder is busy.")  # type: ignore[arg-type]  # as from JSON
    assert e.rule is OutputId.BUSY


def test_errors_carry_rule_members() -> None:
    from spades_lab.core.errors import Rule, as_rule
    e = RecordError("bad-record", "Broken.", hand=0)  # type: ignore[arg-type]  # as from JSON
    assert e.rule is Rule.BAD_RECORD and repr(e) == "RecordError('bad-record', 'Broken.')"
    assert json.dumps(e.to_dict()) == ('{"rule": "bad-record", "hand": 0, "step": null, '
                                       '"message": "Broken."}')
    assert OptionError("No such option.").rule is Rule.BAD_OPTION
    with pytest.raises(ValueError, match="not a rule id"):
        as_rule("must-follow")
    with pytest.raises(ValueError, match="not a rule id"):
        RuleError("bad-recrod", "x")  # type: ignore[arg-type]
    g = std_game()
    with pytest.raises(IllegalAction) as info:
        g.play("3H")
    assert info.value.rule is Rule.WRONG_PHASE and g.can_play("3H").rule == Rule.WRONG_PHASE


def test_phases_are_members() -> None:
    from spades_lab.core.engine import BIDDING, PLAY, Phase
    g = Game("standard")
    assert g.phase is Phase.DEAL and repr(g.phase) == "'deal'"
    g.deal(rng=random.Random(1))
    assert g.phase is Phase.BIDDING is BIDDING and g.phase == "bidding"
    assert g.view(0).phase is Phase.BIDDING and PLAY is Phase.PLAY
    assert [p.value for p in Phase] == ["deal", "bidding", "exchange", "play", "over"]


def test_mypy_catches_a_misspelt_rule_id(tmp_path: Path) -> None:
    """The point of the enums: a misspelt id, or a bare string, is a type error."""
    pytest.importorskip("mypy")
    snippet = tmp_path / "snippet.py"
    snippet.write_text(
        "from spades_lab.core.errors import IllegalAction, Rule, RuleError\n"
        "from spades_lab.core.engine import Phase\n"
        "ok = RuleError(Rule.BAD_RECORD, 'fine')\n"
        "bad = IllegalAction(Rule.MUST_FOLOW_SUIT, 'misspelt member')\n"
        "bare = RuleError('bad-record', 'a bare string')\n"
        "phase = Phase.BIDING\n")
    root = Path(__file__).resolve().parents[1]
    proc = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental",
                           "--follow-imports=silent", "--cache-dir", str(tmp_path / "cache"),
                           str(snippet)], cwd=root, capture_output=True, text=True, timeout=300)
    out = proc.stdout
    assert proc.returncode == 1, out
    assert 'snippet.py:4: error: "type[Rule]" has no attribute "MUST_FOLOW_SUIT"' in out, out
    assert "snippet.py:5: error: Argument 1 to \"RuleError\" has incompatible type" in out, out
    assert 'snippet.py:6: error: "type[Phase]" has no attribute "BIDING"' in out, out
    assert "snippet.py:3:" not in out, out
