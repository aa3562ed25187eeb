"""Game records (RECORD-FORMAT.md): the replay result's keys, the worked example, scenarios,
``start``, card text case, ``"as"``, dealers, and dump -> load -> replay."""
from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from conftest import build_deal
from spades_lab import Game, RecordError, RuleSet
from spades_lab.cli.main import main
from spades_lab.core.records import dump_record, game_to_record, load_record, replay
from spades_lab.play.players import RandomPlayer, play_game

HAND_KEYS = {"complete", "tricks", "superior_trump", "superior_set_at", "teams"}
TEAM_KEYS = {"seats", "bid", "tricks", "made", "points", "bags_added", "bag_penalty", "nils",
             "hand_score", "total", "bags"}
NIL_KEYS = {"seat", "bid", "made", "points"}
#: RECORD-FORMAT.md documents hands/over/winner; the engine adds the running totals and bag
#: counts (documented on ``ReplayResult``), which "more may be added" allows at top level.
TOP_KEYS = {"hands", "over", "winner"}
TOP_EXTRA = {"totals", "bags"}


def check_shape(d: dict[str, Any]) -> None:
    assert TOP_KEYS <= set(d) and set(d) - TOP_KEYS <= TOP_EXTRA
    for h in d["hands"]:
        assert set(h) == HAND_KEYS
        if not h["complete"]:
            assert h["teams"] == []
        for t in h["teams"]:
            assert set(t) == TEAM_KEYS
            for n in t["nils"]:
                assert set(n) == NIL_KEYS
        at = h["superior_set_at"]
        assert at is None or set(at) == {"trick", "seat"}
        assert h["superior_trump"] in (None, "S", "A")


def _worked_example_game() -> Game:
    """North bids 5 and takes 3, East 3 takes 4, South nil takes 2, West 2 takes 4 (found by
    playing random legal cards from seeded deals until the tricks come out so)."""
    for seed in range(5000):
        rng = random.Random(seed)
        g = Game("standard", dealer=3)
        g.deal(rng=rng)
        for b in (5, 3, "nil", 2):
            g.bid(b)
        while not g.hand.complete:
            g.play(rng.choice(g.legal_plays()))
        if g.hand.taken == [3, 4, 2, 4]:
            return g
    raise AssertionError("no seed gave the worked example's tricks")


def test_worked_example_of_record_format(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    g = _worked_example_game()
    path = tmp_path / "example.json"
    dump_record(g, path)
    d = replay(path).to_dict()
    check_shape(d)
    hand = d["hands"][0]
    assert hand["complete"] is True and hand["tricks"] == [3, 4, 2, 4]
    assert hand["superior_trump"] is None and hand["superior_set_at"] is None
    assert hand["teams"][0] == {
        "seats": [0, 2], "bid": 5, "tricks": 3, "made": False, "points": -48,
        "bags_added": 2, "bag_penalty": 0,
        "nils": [{"seat": 2, "bid": "nil", "made": False, "points": -100}],
        "hand_score": -148, "total": -148, "bags": 2}
    # East/West bid 3 + 2 = 5 and took 8: 50 + 3 bags
    assert hand["teams"][1]["points"] == 53 and hand["teams"][1]["bags"] == 3
    assert d["over"] is False and d["winner"] is None
    # the CLI prints the same JSON
    assert main(["replay", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == d


@pytest.mark.parametrize("preset,options", [
    ("standard", {}), ("online", {"bag_limit": 5, "bag_penalty": 50}), ("original", {}),
    ("acorns", {"travelers_hunters": True}), ("acorns8", {"teams": "fours"}),
    ("acorns8", {"travelers_hunters": True, "th_low": True}),
])
def test_roundtrip_and_shape(preset: str, options: dict[str, Any], tmp_path: Path) -> None:
    rules = RuleSet.preset(preset, options)
    g = Game(rules, players=[f"P{i}" for i in range(rules.players)], dealer=1)
    play_game(g, [RandomPlayer(nil_rate=0.3, blind_rate=0.2)] * rules.players,
              random.Random(17), max_hands=3)
    path = tmp_path / "g.json"
    text = dump_record(g, path)
    assert json.loads(text) == game_to_record(g)
    result = replay(load_record(path))
    d = result.to_dict()
    check_shape(d)
    assert d == replay(game_to_record(g)).to_dict()
    assert [h.taken for h in result.game.hands] == [h.taken for h in g.hands]
    assert result.totals == tuple(g.totals) and result.bags == tuple(g.bags)
    assert result.game.to_record() == g.to_record()
    if rules.acorns:
        for h, hd in zip(g.hands, d["hands"], strict=True):
            assert hd["superior_trump"] == h.superior
            if h.superior_at is not None:
                assert hd["superior_set_at"] == {"trick": h.superior_at[0],
                                                 "seat": h.superior_at[1]}


def _record(preset: str = "standard", **hand: Any) -> dict[str, Any]:
    rules = RuleSet.preset(preset)
    deal = build_deal(rules, {0: ["2H", "5H"], 1: ["3H"], 2: ["4H"], 3: ["6H"]})
    h = {"dealer": 3, "deal": deal, "bids": [{"seat": s, "bid": 3} for s in range(4)],
         "plays": []}
    h.update(hand)
    return {"format": "spades-lab/1", "rules": {"preset": preset}, "hands": [h]}


def test_mid_hand_record_gives_position_reached() -> None:
    rec = _record(plays=[{"seat": 0, "card": "2H"}, {"seat": 1, "card": "3H"},
                         {"seat": 2, "card": "4H"}, {"seat": 3, "card": "6H"},
                         {"seat": 3, "card": "?"}])
    # West wins trick 0 with the 6 of Hearts and leads the next trick with a non-Spade.
    rules = RuleSet.preset("standard")
    west = rec["hands"][0]["deal"][3]
    lead = next(c for c in west if c not in ("6H",) and not c.endswith("S"))
    rec["hands"][0]["plays"][4]["card"] = lead
    result = replay(rec)
    d = result.to_dict()
    check_shape(d)
    assert d["hands"][0]["complete"] is False and d["hands"][0]["teams"] == []
    h = result.game.hand
    assert len(h.tricks) == 1 and h.tricks[0].winner == 3
    assert [p.card.code for _, p in h.trick] == [lead] and g_turn(result.game) == 0
    assert rules.deck.parse(lead) not in h.hands[3]
    # upto: the first k actions of a hand (4 bids, then plays)
    part = replay(rec, upto=(0, 6))
    assert part.game.phase == "play" and len(part.game.hand.trick) == 2


def g_turn(g: Game) -> int | None:
    return g.turn


def test_bidding_scenario() -> None:
    rec = _record(bids=[{"seat": 0, "bid": 4}], plays=[])
    result = replay(rec)
    assert result.game.phase == "bidding" and result.game.turn == 1


def test_start_scores_and_bags() -> None:
    rec = _record()
    rec["start"] = {"scores": [480, 120], "bags": [8, 0]}
    result = replay(rec)
    assert result.game.totals == [480, 120] and result.game.bags == [8, 0]
    g = result.game
    assert g.to_record()["start"] == {"scores": [480, 120], "bags": [8, 0]}
    rec["start"] = {"scores": [0, 0], "bags": [10, 0]}
    with pytest.raises(RecordError) as e:
        replay(rec)
    assert e.value.rule == "bad-record"


def test_lower_case_cards_accepted() -> None:
    upper = _record(plays=[{"seat": 0, "card": "2H"}, {"seat": 1, "card": "3H"}])
    lower = json.loads(json.dumps(upper).lower())
    lower["format"] = "spades-lab/1"
    a, b = replay(upper), replay(lower)
    assert a.to_dict() == b.to_dict()
    assert b.game.to_record() == a.game.to_record()
    assert b.game.to_record()["hands"][0]["plays"][0]["card"] == "2H"   # written upper case


def test_as_on_ordinary_card_must_be_its_own_suit() -> None:
    ok = _record(plays=[{"seat": 0, "card": "2H", "as": "H"}, {"seat": 1, "card": "3h",
                                                              "as": "h"}])
    assert len(replay(ok).game.hand.trick) == 2
    bad = _record(plays=[{"seat": 0, "card": "2H", "as": "D"}])
    with pytest.raises(RecordError) as e:
        replay(bad)
    assert (e.value.rule, e.value.hand, e.value.step) == ("bad-declaration", 0, "play 0")


def test_traveler_as_optional_when_following() -> None:
    rules = RuleSet.preset("acorns", travelers_hunters=True)
    deal = build_deal(rules, {0: ["2P"], 1: ["TPS"]})
    base = {"rules": {"preset": "acorns", "options": {"travelers_hunters": True}},
            "hands": [{"dealer": 3, "deal": deal,
                       "bids": [{"seat": s, "bid": 5} for s in range(4)],
                       "plays": [{"seat": 0, "card": "2P"}, {"seat": 1, "card": "tps"}]}]}
    g = replay(base).game
    assert g.hand.trick[1][1].suit == "P"
    assert g.to_record()["hands"][0]["plays"][1] == {"seat": 1, "card": "TPS", "as": "P"}
    base["hands"][0]["plays"][1]["as"] = "P"
    assert replay(base).game.hand.trick[1][1].suit == "P"
    base["hands"][0]["plays"][1]["as"] = "S"
    with pytest.raises(RecordError) as e:
        replay(base)
    assert e.value.rule == "bad-declaration"


def _two_hand_record(second_dealer: int | None) -> dict[str, Any]:
    g = Game("standard", dealer=2)
    play_game(g, [RandomPlayer()] * 4, random.Random(3), max_hands=2)
    rec = g.to_record()
    assert [h["dealer"] for h in rec["hands"]] == [2, 3]
    if second_dealer is None:
        del rec["hands"][1]["dealer"]
    else:
        rec["hands"][1]["dealer"] = second_dealer
    return rec


def test_later_dealer_must_be_next_clockwise() -> None:
    assert replay(_two_hand_record(3)).game.hands[1].dealer == 3
    assert replay(_two_hand_record(None)).game.hands[1].dealer == 3
    with pytest.raises(RecordError) as e:
        replay(_two_hand_record(0))
    assert (e.value.rule, e.value.hand, e.value.step) == ("bad-record", 1, "deal")


def test_first_dealer_defaults_to_zero() -> None:
    rec = _record(bids=[{"seat": s, "bid": 3} for s in (1, 2, 3, 0)])
    del rec["hands"][0]["dealer"]
    g = replay(rec).game
    assert g.hand.dealer == 0 and g.turn == 1     # East, left of the dealer, leads


def test_exchange_must_go_to_the_player_opposite() -> None:
    rec = _record(bids=[{"seat": 0, "bid": "blind nil"}] +
                  [{"seat": s, "bid": 3} for s in (1, 2, 3)])
    rec["rules"] = {"preset": "original"}
    held = rec["hands"][0]["deal"][0]
    rec["hands"][0]["exchange"] = [{"from": 0, "to": 1, "cards": held[:2]}]
    with pytest.raises(RecordError) as e:
        replay(rec)
    assert (e.value.rule, e.value.step) == ("exchange-invalid", "exchange 0")
    assert "South" in e.value.message
    rec["hands"][0]["exchange"] = [{"from": 0, "to": 2, "cards": held[:2]},
                                   {"from": 2, "to": 0, "cards": rec["hands"][0]["deal"][2][:2]}]
    assert replay(rec).game.phase == "play"
    # a 0-card pass is one entry with empty cards
    rec["hands"][0]["exchange"] = [{"from": 0, "to": 2, "cards": []}]
    assert replay(rec).game.phase == "play"


@pytest.mark.parametrize("mutate,words", [
    (lambda r: r.update(format="other/2"), "format"),
    (lambda r: r.pop("rules"), "rules"),
    (lambda r: r["hands"][0].pop("deal"), "deal"),
    (lambda r: r["hands"][0].update(bids=[{"seat": 0}]), "bid"),
    (lambda r: r["hands"][0].update(bids=[{"seat": 9, "bid": 3}]), "seat"),
    (lambda r: r["hands"][0].update(extra=1), "extra"),
    (lambda r: r.update(players=["a", "b"]), "players"),
    (lambda r: r["hands"][0]["deal"][1].__setitem__(0, r["hands"][0]["deal"][0][0]), "twice"),
])
def test_malformed_records(mutate: Any, words: str) -> None:
    rec = _record()
    mutate(rec)
    with pytest.raises(RecordError) as e:
        replay(rec)
    assert e.value.rule == "bad-record"
    assert words in e.value.message.lower() or words in str(e.value.to_dict()).lower()


# ---------------------------------------------------------------------------- steps


SCENARIOS = sorted((Path(__file__).resolve().parent.parent / "data").glob("*/*.json"))


@pytest.mark.parametrize("path", [p for p in SCENARIOS if "decks" not in p.parts],
                         ids=lambda p: p.name)
def test_a_records_steps_are_its_games_steps(path: Path) -> None:
    """One step type for both: a record's entries and its replayed game's log give the same
    steps (as record entries), and applying either with ``apply_step`` gives the same game."""
    from spades_lab.core.line import Line, replay_line
    from spades_lab.core.records import Step, apply_step, hand_steps, replay_log

    try:
        data = load_record(path)
        game = replay(data).game
    except RecordError:
        return  # a scenario of a rejected record
    for i in range(len(game.hands)):
        from_record = hand_steps(data, i)
        from_game = hand_steps(game, i)
        assert [s.entry() for s in from_record] == [s.entry() for s in from_game]
        for k in sorted({0, len(from_game) // 2, len(from_game)}):
            end, line = replay_line(data, i, k)
            at = line.at(k)
            assert end.to_record() == game.to_record()
            assert at.to_record() == replay(data, upto=(i, k)).game.to_record()
            prefix = Line.of(game, i).log(k)
            assert replay_log(game, prefix).to_record() == at.to_record()
    again = Game(game.rules, players=game.players, dealer=game.first_dealer,
                 start={"scores": list(game.start_scores), "bags": list(game.start_bags)})
    for ev in game.log:
        step = Step.of(ev)
        if step is not None:
            apply_step(again, step)
    assert again.log == game.log


def test_apply_step_refuses_without_changing_the_game() -> None:
    from spades_lab.core.errors import RuleError
    from spades_lab.core.records import Step, apply_step

    g = Game("standard")
    g.deal(rng=random.Random(1))
    before = g.to_record()
    for step, rule in [(Step("bid", 7, 3), "bad-record"), (Step("bid", True, 3), "bad-record"),
                       (Step("play", g.turn, "2C"), "wrong-phase"),
                       (Step("shuffle", 0), "bad-record")]:
        with pytest.raises(RuleError) as e:
            apply_step(g, step)
        assert e.value.rule == rule
        assert g.to_record() == before
