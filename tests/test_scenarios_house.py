"""The house-rule scenarios of data/scenarios (docs/rulings.md section 9): each replays under its
option and shows the rule it is named for, asserted on the engine's answers and the structured
explanation (rule ids, bases, line items), and under the seed rules the same position answers
differently."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from spades_lab.core.bids import spades_held
from spades_lab.core.engine import Game
from spades_lab.core.errors import Rule
from spades_lab.core.records import load_record, replay
from spades_lab.teach.explain import explain_bid, explain_play, explain_score

DIR = Path(__file__).resolve().parent.parent / "data" / "scenarios"


def game(name: str) -> Game:
    return replay(DIR / name).game


def plain(name: str) -> Game:
    """The same record under the seed rules (its options dropped)."""
    rec = load_record(DIR / name)
    rec["rules"]["options"] = {}
    return replay(rec).game


def test_every_house_scenario_names_its_option() -> None:
    files = sorted(p.name for p in DIR.glob("*_house_*.json"))
    assert len(files) == 17 + 9  # bidding and play, then scoring (test_scenarios_house_scoring)
    for f in files:
        rec: dict[str, Any] = load_record(DIR / f)
        assert rec["rules"]["options"], f


def test_spade_lead_any() -> None:
    g = game("std_house_spade_lead_any.json")
    h = g.hand
    assert h is not None and not h.tricks and not h.broken
    spade = next(c for c in h.hands[h.turn] if c.suit == "S")  # type: ignore[index]
    ex = explain_play(g, spade)
    assert ex.legal and ex.basis == "leads"
    assert explain_play(plain("std_house_spade_lead_any.json"), spade).rule == \
        Rule.TRUMP_NOT_BROKEN


def test_spade_lead_not_first_trick() -> None:
    g = game("std_house_spade_lead_not_first_trick.json")
    h = g.hand
    assert h is not None and not h.tricks and len(h.trick) == 2
    seat = h.turn
    assert seat is not None
    spade = next(c for c in h.hands[seat] if c.suit == "S")
    ex = explain_play(g, spade)
    assert not ex.legal and ex.rule == Rule.SPADES_FIRST_TRICK
    assert all(c.suit != "S" for c in map(lambda p: p.card, g.legal_plays()))
    assert explain_play(plain("std_house_spade_lead_not_first_trick.json"), spade).legal


def test_zero_bid_ordinary() -> None:
    g = game("std_house_zero_bid.json")
    h = g.hands[0]
    assert h.bids[2] is not None and h.bids[2].nil is None and h.bids[2].tricks == 0
    ns = explain_score(h).teams[0]
    assert "nil-made" not in [x.rule for x in ns.lines]
    assert "nil-failed" not in [x.rule for x in ns.lines]
    scores = h.scores
    assert scores is not None and scores[0].made and scores[0].nils == ()
    assert plain("std_house_zero_bid.json").hands[0].bids[2].nil == "nil"  # type: ignore


def test_nil_off() -> None:
    g = game("std_house_nil_off.json")
    for bid in ("nil", 0, "blind nil"):
        ex = explain_bid(g, bid)
        assert not ex.legal and ex.rule == Rule.BID_NOT_ALLOWED and "switched off" in ex.text
    assert plain("std_house_nil_off.json").can_bid("nil").ok


def test_nil_below_target() -> None:
    g = game("std_house_nil_below_target.json")
    assert g.totals == [510, 510] and len(g.hands) == 2  # tied at the target: a hand more
    assert not g.hands[0].outcome.over  # type: ignore[union-attr]
    ex = explain_bid(g, "nil")
    assert ex.rule == Rule.BID_NOT_ALLOWED and "at or above the target" in ex.text
    assert g.can_bid(4).ok


def test_blind_nil_off() -> None:
    g = game("std_house_blind_nil_off.json")
    h = g.hand
    assert h is not None and not h.looked[h.turn]  # type: ignore[index]
    ex = explain_bid(g, "blind nil")
    assert ex.rule == Rule.BLIND_NOT_ALLOWED and "switched off" in ex.text
    assert plain("std_house_blind_nil_off.json").can_bid("blind nil").ok


def _partner_bid(g: Game) -> int:
    h = g.hand
    assert h is not None and h.turn is not None
    b = h.bids[g.rules.partner(h.turn)]
    assert b is not None
    return b.tricks


def test_team_bid_max() -> None:
    g = game("std_house_team_bid_max.json")
    over = 10 - _partner_bid(g) + 1
    ex = explain_bid(g, over)
    assert ex.rule == Rule.TEAM_BID_LIMIT and "cap a partnership at 10" in ex.text
    assert g.can_bid(over - 1).ok
    assert plain("std_house_team_bid_max.json").can_bid(over).ok


def test_team_bid_min() -> None:
    g = game("std_house_team_bid_min.json")
    short = 4 - _partner_bid(g) - 1
    assert short >= 1
    ex = explain_bid(g, short)
    assert ex.rule == Rule.TEAM_BID_LIMIT and "at least 4" in ex.text
    assert g.can_bid(short + 1).ok and not g.can_bid("nil").ok


def test_blind_bids_scored_double() -> None:
    h = game("std_house_blind_bids.json").hands[0]
    ew = explain_score(h).teams[1]
    blind = [x for x in ew.lines if x.rule == "blind-bid"]
    assert len(blind) == 1 and blind[0].points == 40  # East's blind 4, made: +40 more
    scores = h.scores
    assert scores is not None and scores[1].bid == 6 and scores[1].made
    assert scores[1].points == 10 * 6 + 40 + scores[1].bags_added  # East/West: blind 4 and 2


def test_nil_exchange() -> None:
    g = game("std_house_nil_exchange.json")
    h = g.hands[0]
    passes = [e for e in g.to_record()["hands"][0]["exchange"]]
    assert [(e["from"], e["to"], len(e["cards"])) for e in passes] == [(2, 0, 2), (0, 2, 2)]
    assert h.bids[2] is not None and h.bids[2].nil == "nil" and not h.bids[2].blind


def test_mirror() -> None:
    h = game("std_house_mirror.json").hands[0]
    for s, b in enumerate(h.bids):
        assert b is not None and b.tricks == spades_held(h.deal[s]) and (b.nil is None) == (
            spades_held(h.deal[s]) > 0)


def test_whiz() -> None:
    g = game("std_house_whiz.json")
    h = g.hand
    assert h is not None and h.turn is not None
    g.look(h.turn)
    n = spades_held(h.hands[h.turn])
    assert {str(b) for b in g.legal_bids()} == {"nil", str(n)}
    ex = explain_bid(g, n + 1)
    assert ex.rule == Rule.BID_FORCED and "Whiz" in ex.text


def test_suicide() -> None:
    g = game("std_house_suicide.json")
    bids = g.hands[0].bids
    for seats in g.rules.team_seats:
        nils = [s for s in seats if bids[s] is not None and bids[s].nil]  # type: ignore[union-attr]
        assert len(nils) == 1
        other = next(s for s in seats if s not in nils)
        assert bids[other].tricks >= 4  # type: ignore[union-attr]


def test_jokers_the_2_of_diamonds_is_no_diamond() -> None:
    g = game("std_house_jokers.json")
    h = g.hand
    assert h is not None and h.turn is not None and len(h.trick) == 1
    assert h.trick[0][1].suit == "D"
    two = g.rules.deck.parse("2D")
    assert two in h.hands[h.turn] and not any(c.suit == "D" for c in h.hands[h.turn])
    ex = explain_play(g, two)
    assert ex.legal and ex.basis == "cannot-follow"
    assert "the 2 of Diamonds counts as a Spade in your rules" in ex.text
    assert len(g.legal_plays()) == len(h.hands[h.turn])  # void: any card
    g.play(two)
    assert h.trick[-1][1].suit == "S" and h.is_broken("S")  # it trumps, and breaks Spades


def test_jokers_a_joker_wins_a_trick_and_the_hand_is_scored() -> None:
    from spades_lab.teach.explain import explain_trick

    h = game("std_house_jokers_trick.json").hands[0]
    assert h.complete and sum(h.taken) == 13
    won = [k for k, t in enumerate(h.tricks)
           if dict(t.plays)[t.winner].card.is_joker]
    assert won
    t = explain_trick(h, won[0])
    assert t.reason == "superior-trump-wins" and "Joker" in t.text
    assert "the trumps rank the Big Joker, the Little Joker" in t.text
    assert not any(w in t.text for w in (" BJ", " LJ"))


def test_cutthroat_each_player_scored_alone() -> None:
    rec = load_record(DIR / "std_house_cutthroat.json")
    assert rec["players"] == ["Ann", "Ben", "Cat"] and len(rec["hands"][0]["deal"]) == 3
    h = game("std_house_cutthroat.json").hands[0]
    assert h.rules.players == 3 and h.complete and sum(h.taken) == 17
    scores = h.scores
    assert scores is not None and [t.seats for t in scores] == [(0,), (1,), (2,)]
    assert scores[2].nils[0].made and scores[2].hand_score == 100 + scores[2].points
    for t in scores[:2]:  # each ordinary bidder: 10 a trick bid, 1 a bag, or -10 a trick
        s, = t.seats
        bid, took = h.bids[s].tricks, h.taken[s]  # type: ignore[union-attr]
        assert t.points == (10 * bid + took - bid if took >= bid else -10 * bid)
    text = explain_score(h).text
    assert "Ann (North)" in text or "North" in text


def test_cutthroat_thirteen_each() -> None:
    h = game("std_house_cutthroat_13.json").hands[0]
    assert [len(x) for x in h.deal] == [13, 13, 13] and sum(h.taken) == 13
    assert h.scores is not None and sum(not t.made for t in h.scores) == 1
