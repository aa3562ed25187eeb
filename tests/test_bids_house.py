"""The bidding house rules (docs/rulings.md section 9), table by table: the legal bids the engine
offers under each option, each refusal with its rule id and sentence, and the state unchanged
after a refusal.  Every position is a hand-made deal, so the expected bids are worked by hand."""
from __future__ import annotations

from typing import Any

import pytest

from spades_lab.core.bids import Bid, parse_bid, spades_held
from spades_lab.core.engine import Game
from spades_lab.core.errors import IllegalAction, Rule
from spades_lab.core.records import replay
from spades_lab.core.rules import RuleSet
from spades_lab.core.scoring import score_hand

#: North holds 4 Spades, East none, South 6, West 3 (52 cards, dealer West so North bids first).
DEAL = [
    ["AS", "KS", "QS", "JS", "AH", "KH", "QH", "JH", "AD", "KD", "QD", "JD", "AC"],
    ["2H", "3H", "4H", "5H", "6H", "7H", "2D", "3D", "4D", "5D", "6D", "7D", "2C"],
    ["10S", "9S", "8S", "7S", "6S", "5S", "10H", "9H", "8H", "8D", "9D", "10D", "KC"],
    ["4S", "3S", "2S", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC"],
]
SPADES = [4, 0, 6, 3]


def game(options: dict[str, Any] | None = None, preset: str = "standard",
         start: dict[str, list[int]] | None = None) -> Game:
    g = Game(RuleSet.preset(preset, options or {}), dealer=3, start=start)
    g.deal(cards=DEAL)
    return g


def snapshot(g: Game) -> Any:
    h = g.hand
    assert h is not None
    return (list(h.bids), list(h.looked), h.turn, h.phase, len(g.log),
            [list(x) for x in h.hands])


def refused(g: Game, bid: Any, rule: Rule, *words: str) -> IllegalAction:
    """``bid`` is refused with ``rule`` and a sentence naming ``words``; nothing changed, and
    ``can_bid`` and ``legal_bids`` say the same."""
    before = snapshot(g)
    check = g.can_bid(bid)
    assert not check.ok and check.rule == rule, (bid, check)
    with pytest.raises(IllegalAction) as e:
        g.bid(bid)
    assert e.value.rule == rule and e.value.message == check.message
    for w in words:
        assert w in e.value.message, (w, e.value.message)
    assert "_" not in e.value.message and len(e.value.message) < 200
    assert snapshot(g) == before
    parsed = parse_bid(g.rules, bid)
    assert parsed not in g.legal_bids()
    return e.value


def test_the_deal_holds_the_spades_the_tables_say() -> None:
    g = game()
    assert [spades_held(h) for h in g.hand.hands] == SPADES  # type: ignore[union-attr]


def test_defaults_offer_todays_bids() -> None:
    g = game()
    g.look(0)
    assert g.legal_bids() == tuple([Bid(n) for n in range(1, 14)] + [Bid(0, "nil")])
    assert not RuleSet.preset("standard").house_play_rules


# ---------------------------------------------------------------------------- zero_bid

def test_zero_bid_ordinary_offers_0_and_nil_by_name() -> None:
    g = game({"zero_bid": "ordinary"})
    g.look(0)
    legal = g.legal_bids()
    assert Bid(0) in legal and Bid(0, "nil") in legal and legal[0] == Bid(0)
    assert parse_bid(g.rules, 0) == Bid(0) and parse_bid(g.rules, "nil") == Bid(0, "nil")
    g.bid(0)
    assert g.hand.bids[0] == Bid(0)  # type: ignore[union-attr]


def test_zero_bid_scores_as_an_ordinary_bid() -> None:
    """North 0 and South 4 is a partnership bid of 4: 5 tricks make it, +41 and 1 bag; a nil
    of North would have failed (-100) on North's one trick."""
    r = RuleSet.preset("standard", zero_bid="ordinary")
    bids = [Bid(0), Bid(3), Bid(4), Bid(3)]
    ns, ew = score_hand(r, bids, [1, 4, 4, 4], [[], [], [], []], [0, 0], [0, 0])
    assert (ns.bid, ns.made, ns.points, ns.bags_added, ns.nils) == (4, True, 41, 1, ())
    assert (ew.bid, ew.made, ew.points) == (6, True, 62)
    std = score_hand(RuleSet.preset("standard"), [Bid(0, "nil"), *bids[1:]], [1, 4, 4, 4],
                     [[], [], [], []], [0, 0], [0, 0])[0]
    assert std.nils[0].points == -100


# ---------------------------------------------------------------------------- nil_bids, blind_nil

def test_nil_off_refuses_nil_and_blind_nil() -> None:
    g = game({"nil_bids": "off"})
    assert not any(b.nil for b in g.legal_bids())
    refused(g, "blind nil", Rule.BID_NOT_ALLOWED, "Nil is switched off", "North")
    g.look(0)
    assert g.legal_bids() == tuple(Bid(n) for n in range(1, 14))
    refused(g, 0, Rule.BID_NOT_ALLOWED, "Nil is switched off")
    refused(g, "nil", Rule.BID_NOT_ALLOWED, "Nil is switched off")


def test_nil_off_with_zero_ordinary_still_offers_0() -> None:
    g = game({"nil_bids": "off", "zero_bid": "ordinary"})
    g.look(0)
    assert g.legal_bids() == tuple(Bid(n) for n in range(0, 14))


@pytest.mark.parametrize(("scores", "allowed"), [([480, 300], True), ([500, 300], False),
                                                 ([520, 520], False)])
def test_nil_below_target(scores: list[int], allowed: bool) -> None:
    g = game({"nil_bids": "below_target"}, start={"scores": scores, "bags": [0, 0]})
    g.look(0)
    if allowed:
        assert g.can_bid("nil").ok and Bid(0, "nil") in g.legal_bids()
    else:
        refused(g, "nil", Rule.BID_NOT_ALLOWED, f"North/South are at {scores[0]}",
                "target of 500", "bar nil")
    g.bid(3)  # East/West's nil is decided by East/West's own total
    assert g.can_bid("nil").ok == (scores[1] < 500)


def test_blind_nil_off_keeps_nil() -> None:
    g = game({"blind_nil": False})
    assert not any(b.blind for b in g.legal_bids())
    refused(g, "blind nil", Rule.BLIND_NOT_ALLOWED, "Blind nil is switched off")
    g.look(0)
    assert g.can_bid("nil").ok


def test_blind_nil_off_is_a_plain_option_of_online_too() -> None:
    """Before this option, blind nil was only switched off in online by an unreachable deficit."""
    g2 = game({"blind_nil": False}, preset="online", start={"scores": [0, 400], "bags": [0, 0]})
    refused(g2, "blind nil", Rule.BLIND_NOT_ALLOWED, "switched off")
    assert game(preset="online", start={"scores": [0, 400], "bags": [0, 0]}).can_bid(
        "blind nil").ok


# ---------------------------------------------------------------------------- team_bid_max / min

CAP_CASES = [  # (cap, North's bid, South's bid, South refused?)
    (13, 9, 4, False), (13, 9, 5, True), (10, 7, 3, False), (10, 7, 4, True), (10, 10, "nil",
                                                                                 False),
]


@pytest.mark.parametrize(("cap", "north", "south", "refuse"), CAP_CASES)
def test_team_bid_cap(cap: int, north: int, south: Any, refuse: bool) -> None:
    g = game({"team_bid_max": cap})
    g.bid(north)
    g.bid(3)
    if refuse:
        e = refused(g, south, Rule.TEAM_BID_LIMIT, "North/South's bids would add up to "
                    f"{north + south}", f"cap a partnership at {cap}")
        assert e.details["team_bid"] == north + south
    else:
        assert g.can_bid(south).ok
    g.look(2)
    ordinary = [b.tricks for b in g.legal_bids() if b.nil is None]
    assert ordinary == list(range(1, cap - north + 1))


def test_the_cap_in_words_as_the_issue_says() -> None:
    g = game({"team_bid_max": 13})
    g.bid(9)
    g.bid(2)
    e = refused(g, 5, Rule.TEAM_BID_LIMIT)
    assert e.message == "North/South's bids would add up to 14: your rules cap a partnership " \
        "at 13."


def test_the_first_partner_leaves_the_second_a_bid() -> None:
    """With nil off the partner must bid at least 1, so North may bid at most cap - 1."""
    g = game({"team_bid_max": 8, "nil_bids": "off"})
    g.look(0)
    assert max(b.tricks for b in g.legal_bids()) == 7
    refused(g, 8, Rule.TEAM_BID_LIMIT, "South would have to bid at least 1", "add up to 9")
    g2 = game({"team_bid_max": 8})
    g2.look(0)
    assert max(b.tricks for b in g2.legal_bids()) == 8  # South may still bid nil


@pytest.mark.parametrize(("north", "lowest"), [(1, 3), (3, 1), (0, 4), (6, 1)])
def test_team_bid_min(north: int, lowest: int) -> None:
    g = game({"team_bid_min": 4})
    g.bid(north)  # 0 is North's nil
    g.bid(3)
    g.look(2)
    ordinary = [b.tricks for b in g.legal_bids() if b.nil is None]
    assert ordinary[0] == lowest and ordinary[-1] == 13
    if lowest > 1:
        refused(g, lowest - 1, Rule.TEAM_BID_LIMIT, f"add up to {north * (north > 0) + lowest - 1}",
                "at least 4")
        refused(g, "nil", Rule.TEAM_BID_LIMIT, "at least 4")


# ---------------------------------------------------------------------------- blind_bids

def test_blind_bids_offered_only_before_looking_and_scored_double() -> None:
    g = game({"blind_bids": True})
    legal = g.legal_bids()
    assert Bid(10, None, True) in legal and Bid(0, "nil", True) in legal
    assert parse_bid(g.rules, "Blind 10") == Bid(10, None, True)
    assert Bid(10, None, True).to_json() == "blind 10" and Bid(10, None, True).label == "Blind 10"
    g.look(0)
    assert not any(b.blind for b in g.legal_bids())
    refused(g, "blind 10", Rule.BLIND_NOT_ALLOWED, "has looked")
    with pytest.raises(IllegalAction) as e:
        game().bid("blind 10")
    assert e.value.rule == Rule.BID_NOT_ALLOWED  # off by default: as before


@pytest.mark.parametrize(("taken", "points"), [(10, 200), (11, 201), (9, -200)])
def test_blind_10_worth_200(taken: int, points: int) -> None:
    """North bids blind 10 and South nil: made, 10 × 10 doubled is 200 (and a bag is 1 point);
    missed, -200."""
    r = RuleSet.preset("standard", blind_bids=True)
    bids = [Bid(10, None, True), Bid(1), Bid(0, "nil"), Bid(1)]
    rest = 13 - taken
    ns = score_hand(r, bids, [taken, rest, 0, 0], [[], [], [], []], [0, 0], [0, 0])[0]
    assert ns.points == points
    line = next(i for i in ns.items if i.rule == "blind-bid")
    assert line.points == (100 if taken >= 10 else -100) and line.seat == 0
    assert "North's blind 10 counts double" in line.text


def test_a_blind_ordinary_bid_needs_no_deficit_online() -> None:
    g = game({"blind_bids": True}, preset="online")
    assert g.can_bid("blind 5").ok and not g.can_bid("blind nil").ok


# ---------------------------------------------------------------------------- nil_exchange

def test_cards_passed_after_an_ordinary_nil() -> None:
    g = game({"nil_exchange": 2})
    for b in (3, 2, "nil", 3):
        g.bid(b)
    h = g.hand
    assert h is not None and g.phase == "exchange" and h.awaiting() == [2]
    assert h.owed_pass(2) == (2, 2, 0)
    assert g.can_bid(3).message == "The hand is waiting for the nil card exchange (South to " \
        "pass), not a bid."
    bad = snapshot(g)
    with pytest.raises(IllegalAction) as e:
        g.exchange(2, ["10S"])
    assert e.value.rule == Rule.EXCHANGE_INVALID and snapshot(g) == bad
    g.exchange(2, ["10S", "9S"])
    g.exchange(0, ["AC", "JD"])
    assert g.phase == "play" and "AC" in [c.code for c in h.hands[2]]


def test_no_cards_passed_when_both_partners_nil_or_by_default() -> None:
    g = game({"nil_exchange": 2})
    for b in ("nil", 2, "nil", 3):
        g.bid(b)
    assert g.phase == "play"
    g = game()
    for b in (3, 2, "nil", 3):
        g.bid(b)
    assert g.phase == "play"


# ---------------------------------------------------------------------------- bidding variants

@pytest.mark.parametrize("seat", range(4))
def test_mirror_offers_exactly_the_spades_held(seat: int) -> None:
    g = game({"bidding": "mirror"})
    for s in range(seat):
        g.bid(SPADES[s] or "nil")
    assert not g.legal_bids() or not any(b.blind for b in g.legal_bids())
    g.look(seat)
    want = Bid(SPADES[seat]) if SPADES[seat] else Bid(0, "nil")
    assert g.legal_bids() == (want,)
    wrong = SPADES[seat] + 1
    refused(g, wrong, Rule.BID_FORCED, f"holds {SPADES[seat]} Spade", "in Mirror")


def test_mirror_refuses_blind_and_the_whole_hand_is_the_spades() -> None:
    g = game({"bidding": "mirror"})
    refused(g, "blind nil", Rule.BID_FORCED, "looks at the cards before bidding")
    rec = replay("data/scenarios/std_house_mirror.json").game
    h = rec.hands[0]
    assert [b.tricks for b in h.bids] == [spades_held(d) for d in h.deal]  # type: ignore[union-attr]


@pytest.mark.parametrize("seat", range(4))
def test_whiz_offers_nil_or_the_spades(seat: int) -> None:
    g = game({"bidding": "whiz"})
    for s in range(seat):
        g.bid(SPADES[s] or "nil")
    g.look(seat)
    want = {Bid(0, "nil")} | ({Bid(SPADES[seat])} if SPADES[seat] else set())
    assert set(g.legal_bids()) == want
    refused(g, SPADES[seat] + 2, Rule.BID_FORCED, "in Whiz", "nil")


def test_whiz_allows_blind_nil_only() -> None:
    g = game({"bidding": "whiz"})
    assert [b for b in g.legal_bids() if b.blind] == [Bid(0, "nil", True)]


SUICIDE = [  # (North's bid, South's legal bids)
    ("nil", {Bid(n) for n in range(4, 14)}),
    (5, {Bid(0, "nil")}),
]


@pytest.mark.parametrize(("north", "south"), SUICIDE)
def test_suicide(north: Any, south: set[Bid]) -> None:
    g = game({"bidding": "suicide"})
    g.look(0)
    first = set(g.legal_bids())
    assert first == {Bid(n) for n in range(4, 14)} | {Bid(0, "nil")}
    refused(g, 3, Rule.BID_FORCED, "one partner bids nil and the other at least 4")
    g.bid(north)
    g.bid("nil")
    g.look(2)
    assert set(g.legal_bids()) == south
    if north == "nil":
        refused(g, "nil", Rule.BID_FORCED, "North bid nil", "4 or more")
        refused(g, 3, Rule.BID_FORCED, "North bid nil", "at least 4")
    else:
        refused(g, 4, Rule.BID_FORCED, "North bid 5", "South bids nil")


def test_suicide_scenario_one_nil_per_partnership() -> None:
    g = replay("data/scenarios/std_house_suicide.json").game
    bids = g.hands[0].bids
    for seats in g.rules.team_seats:
        kinds = sorted(bids[s].nil is not None for s in seats)  # type: ignore[union-attr]
        assert kinds == [False, True]
        assert max(bids[s].tricks for s in seats) >= 4  # type: ignore[union-attr]
