"""Adversarial audit probes of the engine against RULINGS.md and RECORD-FORMAT.md.

Each test builds a position aimed at the fine print (RULINGS sections 1, 5 and 8) and asserts
what the rulings say must happen.
"""
from __future__ import annotations

import random

import pytest

from spades_lab.core.bids import Bid, parse_bid
from spades_lab.core.cards import parse_card
from spades_lab.core.engine import Game
from spades_lab.core.errors import IllegalAction, RecordError, RuleError
from spades_lab.core.records import game_to_record, replay
from spades_lab.core.rules import RuleSet
from spades_lab.core.scoring import game_outcome, score_hand
from spades_lab.core.tricks import rank_tables, trick_winner

C = parse_card


def suit(rules: RuleSet, s: str) -> list[str]:
    return [c.code for c in rules.deck.cards if not c.is_dual and c.suit == s]


def th_deal() -> tuple[RuleSet, list[list[str]]]:
    """acorns + Travelers/Hunters, dealer 0, North... East leads.

    East(1): all Hearts, TOH, HOH, all Diamonds.  South(2): all Acorns, all Clubs, 0P 2P.
    West(3): TAC, HAC, all Spades, the other Planets, TPS, HPS.  North(0): Clouds, Swords,
    TDW, HDW."""
    r = RuleSet.preset("acorns", travelers_hunters=True)
    planets = suit(r, "P")
    east = suit(r, "H") + ["TOH", "HOH"] + suit(r, "D")
    south = suit(r, "A") + suit(r, "C") + ["0P", "2P"]
    west = ["TAC", "HAC"] + suit(r, "S") + [p for p in planets if p not in ("0P", "2P")] \
        + ["TPS", "HPS"]
    north = suit(r, "O") + suit(r, "W") + ["TDW", "HDW"]
    deal = [north, east, south, west]
    assert all(len(h) == 34 for h in deal)
    assert len({c for h in deal for c in h}) == 136
    return r, deal


def bid_all(g: Game, bids: list) -> None:
    for b in bids:
        g.bid(b)


def finish_hand(g: Game) -> None:
    assert g.hand is not None
    while g.phase == "play":
        g.play(g.legal_plays()[0])


# ---------------------------------------------------------------- section 5/8: trumps, duals


def test_exception_lead_with_duals_in_hand():
    """Only Spades, Acorns and two Planets/Spades duals: the duals must be led as Planets."""
    r = RuleSet.preset("acorns", travelers_hunters=True)
    east = suit(r, "S") + suit(r, "A") + ["TPS", "HPS"]
    rest = [c.code for c in r.deck.cards if c.code not in east]
    deal = [rest[0:34], east, rest[34:68], rest[68:102]]
    g = Game(r)
    g.deal(cards=deal)
    bid_all(g, [1, 1, 1, 1])
    legal = {(p.card.code, p.suit) for p in g.legal_plays()}
    assert legal == {("TPS", "P"), ("HPS", "P")}
    assert g.can_play("2S").rule == "trump-not-broken"
    assert g.can_play("2A").rule == "trump-not-broken"
    assert g.can_play("TPS", "S").rule == "bad-declaration"
    assert g.can_play("TPS").rule == "bad-declaration"  # led: must declare
    with pytest.raises(IllegalAction) as e:
        g.play("HPS", "S")
    assert e.value.rule == "bad-declaration"
    g.play("HPS", "P")
    assert g.hand.broken == 0 and g.hand.superior is None


def test_exception_lead_without_duals_breaks_and_sets_superior():
    r = RuleSet.preset("acorns")
    east = suit(r, "S") + suit(r, "A")
    rest = [c.code for c in r.deck.cards if c.code not in east]
    g = Game(r)
    g.deal(cards=[rest[0:32], east, rest[32:64], rest[64:96]])
    bid_all(g, [1, 1, 1, 1])
    assert len(g.legal_plays()) == 32
    assert g.can_play("5A").ok and g.can_play("5S").ok
    g.play("5A")
    h = g.hand
    assert h.is_broken("A") and not h.is_broken("S")
    assert h.superior == "A" and h.superior_at == (0, 1)


def test_traveler_follows_led_trump_and_both_trumps_broken_same_trick():
    r, deal = th_deal()
    g = Game(r)
    g.deal(cards=deal)
    bid_all(g, [1, 1, 1, 1])
    g.play("2H")                    # East leads Hearts
    g.play("0A")                    # South void: trumps with the lowest Acorn -> superior
    assert g.can_play("KS").ok      # West void in Hearts
    g.play("KS")                    # breaks Spades in the same trick: inferior
    g.play("TDW", "W")              # North off-suit, declares Swords
    h = g.hand
    assert h.superior == "A" and h.superior_at == (0, 2)
    assert h.is_broken("S") and h.is_broken("A")
    assert h.tricks[0].winner == 2  # 0A (superior) beats KS (inferior)
    assert trick_winner(r, h.tricks[0].plays, None)[0] == 2
    # South leads Acorns; West holds only TAC/HAC of Acorns: they follow as Acorns.
    g.play("2A")
    legal = {(p.card.code, p.suit) for p in g.legal_plays()}
    assert legal == {("TAC", "A"), ("HAC", "A")}
    assert g.can_play("TAC", "C").rule == "bad-declaration"
    assert g.can_play("5S").rule == "must-follow-suit"
    assert g.can_play("TAC", "A").ok and g.can_play("TAC").ok
    g.play("TAC")
    assert h.trick[-1][1].suit == "A"
    # North, void in Acorns, plays a dual off-suit: must declare
    assert g.can_play("HDW").rule == "bad-declaration"
    assert g.can_play("HDW", "S").rule == "bad-declaration"
    g.play("HDW", "D")
    g.play("3H")
    assert h.tricks[1].winner == 3  # TAC (a face rank) beats 2A
    assert C("TAC") in h.won[3]


def test_record_declarations_on_ordinary_cards_and_duals():
    r, deal = th_deal()
    base = {"rules": {"preset": "acorns", "options": {"travelers_hunters": True}},
            "hands": [{"dealer": 0, "deal": deal,
                       "bids": [{"seat": s, "bid": 1} for s in (1, 2, 3, 0)],
                       "plays": [{"seat": 1, "card": "2H", "as": "h"},
                                 {"seat": 2, "card": "0A", "as": "A"},
                                 {"seat": 3, "card": "KS"},
                                 {"seat": 0, "card": "TDW", "as": "W"},
                                 {"seat": 2, "card": "2A"},
                                 {"seat": 3, "card": "TAC"}]}]}
    res = replay(base)
    assert res.hands[0].complete is False
    assert res.game.hand.trick[-1][1].suit == "A"
    # "as" on a follow must be the led suit
    bad = {**base, "hands": [{**base["hands"][0],
                              "plays": base["hands"][0]["plays"][:5] +
                              [{"seat": 3, "card": "TAC", "as": "C"}]}]}
    with pytest.raises(RecordError) as e:
        replay(bad)
    assert e.value.rule == "bad-declaration" and e.value.hand == 0
    assert e.value.step == "play 5"
    # "as" on an ordinary card must be its own suit
    bad2 = {**base, "hands": [{**base["hands"][0],
                               "plays": [{"seat": 1, "card": "2H", "as": "D"}]}]}
    with pytest.raises(RecordError) as e:
        replay(bad2)
    assert e.value.rule == "bad-declaration"
    # an off-suit dual without "as" is rejected
    bad3 = {**base, "hands": [{**base["hands"][0],
                               "plays": base["hands"][0]["plays"][:3] +
                               [{"seat": 0, "card": "TDW"}]}]}
    with pytest.raises(RecordError) as e:
        replay(bad3)
    assert e.value.rule == "bad-declaration"
    # the written record keeps "as" on duals, and round-trips
    rec = game_to_record(res.game)
    assert rec["hands"][0]["plays"][3] == {"seat": 0, "card": "TDW", "as": "W"}
    assert "as" not in rec["hands"][0]["plays"][0]
    assert replay(rec).game.hand.trick == res.game.hand.trick


# ---------------------------------------------------------------- the Ace, th_low


def _p(seat: int, code: str, as_: str | None = None):
    c = C(code)
    if as_ is None:
        return (seat, c.play)
    return (seat, next(p for p in c.all_plays if p.suit == as_))


def test_ace_flip_only_face_is_dual_or_off_suit():
    r = RuleSet.preset("acorns", travelers_hunters=True)
    low_trick = [_p(0, "AH"), _p(1, "3H"), _p(2, "2H"), _p(3, "2W")]
    assert trick_winner(r, low_trick, None) == (1, "led-suit-wins")
    # the only face card is a Traveler played off-suit
    dual = [_p(0, "AH"), _p(1, "3H"), _p(2, "2H"), _p(3, "TDW", "W")]
    assert trick_winner(r, dual, None)[0] == 0
    # the only face card is a Beast of another suit
    beast = [_p(0, "AH"), _p(1, "3H"), _p(2, "2H"), _p(3, "BW")]
    assert trick_winner(r, beast, None)[0] == 0
    # Ace of a trump vs a lower trump: low without a face card
    trumps = [_p(0, "5H"), _p(1, "AS"), _p(2, "2S"), _p(3, "2W")]
    assert trick_winner(r, trumps, None)[0] == 2
    assert trick_winner(r, trumps[:3] + [_p(3, "QW")], None)[0] == 1
    # the zero is below the low Ace
    zero = [_p(0, "0H"), _p(1, "AH"), _p(2, "2W"), _p(3, "3W")]
    assert trick_winner(r, zero, None)[0] == 1


def test_th_low_ordering():
    for th_low, order in ((False, ["11H", "BH", "THO", "JH", "HHO", "QH"]),
                          (True, ["11H", "THO", "BH", "HHO", "JH", "QH"])):
        r = RuleSet.preset("acorns", travelers_hunters=True, th_low=th_low)
        low, high = rank_tables(r)
        ranks = [high[C(c)] for c in order]
        assert ranks == sorted(ranks) and len(set(ranks)) == len(ranks), (th_low, ranks)
        assert high[C("AH")] > high[C("KH")] and low[C("0H")] < low[C("AH")] < low[C("2H")]
        # in a trick: Hunter vs Jack, both following Hearts
        t = [_p(0, "JH"), _p(1, "HOH", "H"), _p(2, "2H"), _p(3, "3H")]
        assert trick_winner(r, t, None)[0] == (0 if th_low else 1)


# ---------------------------------------------------------------- bids and scoring


def test_partial_nils_with_plus_and_blind():
    r = RuleSet.preset("acorns")
    b = parse_bid(r, "blind nil spades + 4")
    assert b == Bid(4, "nil spades", True) and b.to_json() == "blind nil spades + 4"
    for bad, rule in (("nil spades nil acorns", "bid-not-allowed"), ("nil", "bid-not-allowed"),
                      ("blind nil", "bid-not-allowed"), ("full nil + 2", "bid-not-allowed"),
                      ("nil acorns + 33", "bid-out-of-range"), ("blind 3", "bid-not-allowed")):
        with pytest.raises(RuleError) as e:
            parse_bid(r, bad)
        assert e.value.rule == rule, bad
    with pytest.raises(RuleError) as e:
        parse_bid(RuleSet.preset("standard"), "nil spades")
    assert e.value.rule == "bid-not-allowed"
    # North blind nil spades + 4, took 5 tricks, no spade: 200 + 4+?+... partnership counts 5
    bids = [Bid(4, "nil spades", True), Bid(3), Bid(2), Bid(3)]
    won = [[C("2H")], [], [C("5S")], []]
    ns, ew = score_hand(r, bids, [5, 10, 3, 14], won, [0, 0], [0, 0])
    assert ns.bid == 6 and ns.tricks == 8 and ns.made and ns.points == 62
    assert ns.nils[0].points == 200 and ns.hand_score == 262
    # broken by a dual card won (counts as both suits)
    won = [[C("TPS")], [], [], []]
    r_th = RuleSet.preset("acorns", travelers_hunters=True)
    ns, _ = score_hand(r_th, bids, [5, 10, 3, 14], won, [0, 0], [0, 0])
    assert ns.nils[0].points == -200 and ns.nils[0].broken_by == C("TPS")
    # acorns8: only nil values halve
    r8 = RuleSet.preset("acorns8")
    bids8 = [Bid(2, "nil acorns", True)] + [Bid(2)] * 7
    s = score_hand(r8, bids8, [2] * 8, [[]] * 8, [0] * 4, [0] * 4)
    assert s[0].nils[0].points == 100 and s[0].points == 40


def test_failed_nil_bags_only_when_bid_missed_and_zero_bid():
    r = RuleSet.preset("standard")
    bids = [Bid(5), Bid(3), Bid(0, "nil"), Bid(2)]
    ns, _ = score_hand(r, bids, [3, 5, 2, 3], [[], [], [C("2H")], []], [0, 0], [0, 0])
    assert not ns.made and ns.points == -50 + 2 and ns.bags_added == 2
    both = [Bid(0, "nil"), Bid(3), Bid(0, "nil"), Bid(2)]
    ns, _ = score_hand(r, both, [1, 5, 2, 5], [[C("2H")], [], [C("3H")], []], [0, 0], [0, 0])
    assert ns.made and ns.bid == 0 and ns.points == 3 and ns.bags_added == 3
    r2 = r.replace(failed_nil_tricks="count_toward_bid")
    ns, _ = score_hand(r2, both, [1, 5, 2, 5], [[C("2H")], [], [C("3H")], []], [0, 0], [0, 0])
    assert ns.made and ns.tricks == 3 and ns.points == 3 and ns.bags_added == 3


def test_bag_penalty_twice_and_null_limit():
    r = RuleSet.preset("online", bag_limit=5, bag_penalty=50)
    bids = [Bid(1), Bid(1), Bid(1), Bid(1)]
    ns, _ = score_hand(r, bids, [6, 0, 5, 2], [[]] * 4, [4, 0], [0, 0])
    # 2 bid, 11 taken: 9 bags; 4 + 9 = 13 -> two penalties, 3 carried
    assert ns.bags_added == 9 and ns.bag_penalty == 100 and ns.bags == 3
    assert ns.hand_score == 20 + 9 - 100
    rn = RuleSet.preset("standard", bag_limit=None)
    ns, _ = score_hand(rn, bids, [6, 0, 5, 2], [[]] * 4, [40, 0], [0, 0])
    assert ns.bag_penalty == 0 and ns.bags == 49
    Game(rn, start={"scores": [0, 0], "bags": [400, 0]})
    with pytest.raises(RuleError):
        Game("standard", start={"scores": [0, 0], "bags": [10, 0]})
    with pytest.raises(RuleError):
        Game("standard", start={"scores": [0, 0], "bags": [-1, 0]})
    Game("standard", start={"scores": [0, 0], "bags": [9, 0]})
    with pytest.raises(RuleError):
        Game(r, start={"scores": [0, 0], "bags": [5, 0]})


def test_losing_floor_and_ties():
    r = RuleSet.preset("standard", losing_floor=-200)
    assert game_outcome(r, [-200, 100]) .winner == 1
    assert game_outcome(r, [-250, 100]).over
    assert not game_outcome(r, [500, 500]).over
    assert game_outcome(r, [520, 510]).winner == 0
    assert not game_outcome(r, [-199, 499]).over
    r8 = RuleSet.preset("acorns8", losing_floor=-200)
    o = game_outcome(r8, [-300, 100, 100, 0])
    assert not o.over  # the highest above the floor tie: play on
    o = game_outcome(r8, [-300, 100, 120, 0])
    assert o.over and o.winner == 2
    o = game_outcome(r8, [600, 100, 100, -300])
    assert o.over and o.winner == 0


# ---------------------------------------------------------------- exchanges


def _acorns8(teams: str) -> Game:
    g = Game(RuleSet.preset("acorns8", teams=teams))
    g.deal(rng=random.Random(5))
    return g


@pytest.mark.parametrize("teams", ["pairs", "fours"])
def test_acorns8_exchange_partner_is_opposite_and_both_blind(teams):
    g = _acorns8(teams)
    # bidding starts at seat 1; seat 1 blind full nil, seat 5 (opposite) blind nil spades:
    # no exchange between them.  seat 2 blind nil acorns, seat 6 ordinary -> exchange 2<->6.
    bids = {1: "blind full nil", 2: "blind nil acorns + 1", 5: "blind nil spades", 6: 2}
    for s in (1, 2, 3, 4, 5, 6, 7, 0):
        g.bid(bids.get(s, 1), seat=s)
    h = g.hand
    assert g.phase == "exchange"
    assert [(e.blind, e.partner) for e in h.exchanges] == [(2, 6)]
    assert h.exchanges[0].hi == 3
    assert g.can_exchange(1, []).rule == "exchange-invalid"
    give = h.hands[2][:3]
    g.exchange(2, give)
    back = [give[0]] + h.hands[6][:2]  # may return a card just received
    back = [give[0]] + [c for c in h.hands[6] if c not in give][:2]
    assert g.can_exchange(6, back[:2]).rule == "exchange-invalid"
    g.exchange(6, back)
    assert g.phase == "play" and g.turn == 1
    assert all(len(x) == 16 for x in h.hands)


def test_interleaved_exchanges_and_zero_pass():
    g = Game("original")
    g.deal(rng=random.Random(11))
    # dealer 0: East blind nil, South 3, West blind nil, North 4 -> East<->West? no: opposite
    # pairs are East/West (1,3): both blind -> no exchange.  Use East and South instead.
    g.bid("blind nil")   # East (1) -> partner West (3)
    g.bid("blind nil")   # South (2) -> partner North (0)
    g.bid(4)             # West
    g.bid(4)             # North
    h = g.hand
    assert {(e.blind, e.partner) for e in h.exchanges} == {(1, 3), (2, 0)}
    assert sorted(h.awaiting()) == [1, 2]
    assert g.can_exchange(3, []).rule == "not-your-turn"
    g.exchange(2, h.hands[2][:2])      # South first, though East is listed first
    assert sorted(h.awaiting()) == [0, 1]
    g.exchange(1, [])                  # East's 0-card pass completes that exchange
    assert h.awaiting() == [0]
    assert g.can_exchange(3, []).ok    # West's empty return may be written (RULINGS.md 8)
    assert g.can_exchange(3, h.hands[3][:1]).rule == "exchange-invalid"
    assert g.can_exchange(0, h.hands[0][:1]).rule == "exchange-invalid"
    with pytest.raises(IllegalAction):
        g.play(h.hands[1][0])
    g.exchange(0, h.hands[0][:2])
    assert g.phase == "play" and g.turn == 1
    rec = game_to_record(g)
    assert rec["hands"][0]["exchange"][1] == {"from": 1, "to": 3, "cards": []}
    assert replay(rec).game.phase == "play"


def test_standard_blind_nil_no_exchange_online_two():
    g = Game("standard")
    g.deal(rng=random.Random(1))
    bid_all(g, ["blind nil", 3, 3, 3])
    assert g.phase == "play"
    g = Game("online", start={"scores": [0, 100], "bags": [0, 0]})
    g.deal(rng=random.Random(1), dealer=1)  # bidding starts with South (team 0)
    assert g.can_bid("blind nil").ok
    g.bid("blind nil")
    g.bid(3)
    g.bid(3)
    g.bid(3)
    assert g.phase == "exchange"
    assert g.can_exchange(2, g.hand.hands[2][:1]).rule == "exchange-invalid"


# ---------------------------------------------------------------- online blind nil


def test_online_blind_nil_eligibility_from_start_and_after_hands():
    g = Game("online", start={"scores": [100, 199], "bags": [0, 0]})
    g.deal(rng=random.Random(2))       # dealer 0; East (team 1) bids first
    assert g.can_bid("blind nil").rule == "blind-not-allowed"
    g.bid(3)
    # South (team 0) trails by 99: not allowed
    assert g.can_bid("blind nil").rule == "blind-not-allowed"
    assert Bid(0, "nil", True) not in g.legal_bids()
    g = Game("online", start={"scores": [99, 199], "bags": [0, 0]})
    g.deal(rng=random.Random(2))
    g.bid(3)
    assert g.can_bid("blind nil").ok
    assert Bid(0, "nil", True) in g.legal_bids()
    g.bid(3)
    g.bid(3)
    g.bid(3)
    finish_hand(g)
    # after the hand: eligibility reads the totals after it, not the start
    totals = list(g.totals)
    g.deal(rng=random.Random(3))      # dealer 1: South bids first
    ok = totals[1] - totals[0] >= 100
    assert bool(g.can_bid("blind nil")) == ok
    # and within a hand it reads the totals when bidding started (unchanged mid-hand)
    assert g.hand.totals_before == tuple(totals)


# ---------------------------------------------------------------- the end


def test_end_only_after_complete_hands_and_nothing_after():
    g = Game("standard", start={"scores": [600, 0], "bags": [0, 0]})
    assert not g.over and g.phase == "deal"   # never before the first hand
    g.deal(rng=random.Random(4))
    bid_all(g, [1, 1, 1, 1])
    g.play(g.legal_plays()[0])
    assert not g.over
    finish_hand(g)
    assert g.over and g.phase == "over" and g.winner == 0
    for action in (lambda: g.deal(rng=random.Random(1)), lambda: g.bid(3),
                   lambda: g.play("2C"), lambda: g.exchange(0, [])):
        with pytest.raises(IllegalAction) as e:
            action()
        assert e.value.rule == "wrong-phase"
    assert not g.can_play("2C") and g.legal_bids() == () and g.legal_plays() == ()
    rec = game_to_record(g)
    rec["hands"].append({"deal": rec["hands"][0]["deal"], "bids": []})
    with pytest.raises(RecordError) as e:
        replay(rec)
    assert e.value.hand == 1 and e.value.rule == "wrong-phase"


# ---------------------------------------------------------------- records


def test_record_dealer_rotation_and_mid_hand():
    g = Game("standard", dealer=3)
    rng = random.Random(8)
    for _ in range(2):
        g.deal(rng=rng)
        bid_all(g, [3, 3, 3, 3])
        finish_hand(g)
    g.deal(rng=rng)
    g.bid(2)
    g.bid(2)
    rec = game_to_record(g)
    assert [h["dealer"] for h in rec["hands"]] == [3, 0, 1]
    res = replay(rec)
    assert [h.dealer for h in res.hands] == [3, 0, 1]
    d = res.to_dict()
    assert set(d) >= {"hands", "over", "winner"}
    h0 = d["hands"][0]
    assert set(h0) >= {"complete", "tricks", "superior_trump", "superior_set_at", "teams"}
    assert set(h0["teams"][0]) >= {"seats", "bid", "tricks", "made", "points", "bags_added",
                                   "bag_penalty", "nils", "hand_score", "total", "bags"}
    assert d["hands"][2]["complete"] is False and d["hands"][2]["teams"] == []
    assert res.game.phase == "bidding" and res.game.turn == 0  # dealer 1 -> South, West, North
    # later dealer written wrongly
    bad = {**rec, "hands": [rec["hands"][0], {**rec["hands"][1], "dealer": 2}]}
    with pytest.raises(RecordError) as e:
        replay(bad)
    assert e.value.hand == 1
    # dealer absent on later hands: follows clockwise
    ok = {**rec, "hands": [rec["hands"][0], {k: v for k, v in rec["hands"][1].items()
                                             if k != "dealer"}]}
    assert replay(ok).hands[1].dealer == 0
    # first hand without dealer: 0
    first = {**rec, "hands": [{k: v for k, v in rec["hands"][0].items() if k != "dealer"}]}
    first["hands"][0]["plays"] = []
    first["hands"][0]["bids"] = [{"seat": 1, "bid": 3}]
    assert replay(first).hands[0].dealer == 0


def test_acorns_superior_in_to_dict_and_nil_nils():
    r, deal = th_deal()
    rec = {"rules": {"preset": "acorns", "options": {"travelers_hunters": True}},
           "hands": [{"deal": deal,
                      "bids": [{"seat": 1, "bid": 1}, {"seat": 2, "bid": 1},
                               {"seat": 3, "bid": "nil acorns + 2"}, {"seat": 0, "bid": 1}],
                      "plays": [{"seat": 1, "card": "2H"}, {"seat": 2, "card": "0A"},
                                {"seat": 3, "card": "KS"}, {"seat": 0, "card": "TDW", "as": "W"}]}]}
    d = replay(rec).to_dict()
    assert d["hands"][0]["superior_trump"] == "A"
    assert d["hands"][0]["superior_set_at"] == {"trick": 0, "seat": 2}
    g = replay(rec).game
    finish_hand(g)
    s = g.hand.scores
    nil = [n for t in s for n in t.nils][0]
    assert nil.seat == 3 and nil.bid.tricks == 2
    assert nil.to_dict()["bid"] == "nil acorns + 2"


# ---------------------------------------------------------------- independent oracle


def _oracle_winner(rules: RuleSet, plays, superior_before):
    order = list(rules.rank_order)
    faces = {"B", "J", "Q", "K", "T", "H"} if rules.acorns else set()
    trumps = list(rules.trumps)
    sup = superior_before
    if rules.acorns and sup is None:
        sup = next((p.suit for _, p in plays if p.suit in trumps), None)
    if not rules.acorns:
        sup = "S"
    high = any(p.card.rank in faces for _, p in plays)

    def rank(card):
        if card.rank == "A" and rules.acorns and high:
            return order.index("A+")
        return order.index(card.rank)

    led = plays[0][1].suit
    for pool in ([x for x in plays if x[1].suit == sup],
                 [x for x in plays if x[1].suit in trumps and x[1].suit != sup],
                 [x for x in plays if x[1].suit == led]):
        if pool:
            return max(pool, key=lambda x: rank(x[1].card))[0]
    raise AssertionError


def _oracle_legal(cards, trick, broken_suits, trumps):
    if trick:
        led = trick[0][1].suit
        follow = {(c, led) for c in cards if led in c.suits}
        if follow:
            return follow
        return {(c, s) for c in cards for s in c.suits}
    unbroken = [t for t in trumps if t not in broken_suits]
    out = {(c, s) for c in cards for s in c.suits if s not in unbroken}
    if out:
        return out
    return {(c, c.suit) for c in cards}


@pytest.mark.parametrize("preset,opts,seed", [
    ("acorns", {"travelers_hunters": True}, 1), ("acorns", {"travelers_hunters": True,
                                                            "th_low": True}, 2),
    ("acorns8", {"travelers_hunters": True, "teams": "fours"}, 3), ("standard", {}, 4),
    ("acorns", {}, 5)])
def test_random_hands_against_oracle(preset, opts, seed):
    rules = RuleSet.preset(preset, opts)
    rng = random.Random(seed)
    g = Game(rules)
    for _hand in range(3):
        g.deal(rng=rng)
        while g.phase == "bidding":
            bids = [b for b in g.legal_bids() if not b.blind and b.tricks <= 3]
            g.bid(rng.choice(bids))
        h = g.hand
        superior = None if rules.acorns else "S"  # Spades superior from the deal (52 cards)
        assert h.superior == superior and h.broken == 0
        broken: set[str] = set()
        while g.phase == "play":
            seat = g.turn
            cards = list(h.hands[seat])
            want = _oracle_legal(cards, h.trick, broken, rules.trumps)
            got = {(p.card, p.suit) for p in g.legal_plays()}
            assert got == want, (h.trick, broken)
            for c in cards:
                for s in c.suits:
                    assert g.can_play(c, s).ok == ((c, s) in want), (c, s)
                if c.is_dual:
                    plain_ok = bool(h.trick) and h.trick[0][1].suit in c.suits
                    assert g.can_play(c).ok == plain_ok
            p = rng.choice(g.legal_plays())
            if not h.trick:  # the trick records the trump state before its first card
                state_at_lead = (tuple(t for t in ("S", "A") if t in broken), superior)
            trick_before = list(h.trick) + [(seat, p)]
            if p.suit in rules.trumps and p.suit not in broken:
                broken.add(p.suit)
                if superior is None and rules.acorns:
                    superior = p.suit
            if len(trick_before) == rules.players:
                n_tricks = len(h.tricks)
                g.play(p)
                t = h.tricks[n_tricks]
                # superior in force before this trick: None if set within it
                sat = h.superior_at
                before = h.superior if sat is not None and sat[0] < n_tricks else None
                assert t.winner == _oracle_winner(rules, list(t.plays), before)
                assert (t.broken_before, t.superior_before) == state_at_lead
            else:
                g.play(p)
            assert h.superior == superior
        assert len(h.tricks) == rules.hand_size and h.complete
        if g.over:
            break
    assert len(g.hands) >= 1


def test_deal_passes_clockwise_even_when_dealer_named():
    """RULINGS 1: the deal passes clockwise each hand.  Naming another dealer for a later hand
    is rejected (the engine would otherwise write a record its own replay rejects)."""
    g = Game("standard", dealer=2)
    g.deal(rng=random.Random(1))
    bid_all(g, [3, 3, 3, 3])
    finish_hand(g)
    with pytest.raises(IllegalAction) as e:
        g.deal(rng=random.Random(2), dealer=0)
    assert e.value.rule == "not-your-turn"
    assert len(g.hands) == 1 and g.phase == "deal"
    g.deal(rng=random.Random(2), dealer=3)  # naming the right seat is fine
    assert g.hand.dealer == 3
    replay(game_to_record(g))
    g2 = Game("standard")
    with pytest.raises(RuleError):
        g2.deal(rng=random.Random(2), dealer=4)
    assert g2.hands == []


def test_dual_off_suit_as_unbroken_trump_breaks_and_sets_superior():
    r, deal = th_deal()
    g = Game(r)
    g.deal(cards=deal)
    bid_all(g, [1, 1, 1, 1])
    g.play("2H")
    g.play("2P")                        # South void in Hearts, no trump
    g.play("TPS", "S")                  # West trumps with a Traveler declared Spades
    h = g.hand
    assert h.superior == "S" and h.superior_at == (0, 3) and h.is_broken("S")
    assert not h.is_broken("P")
    g.play("KW")
    assert h.tricks[0].winner == 3
    # West may now lead Spades (broken)
    assert g.can_play("5S").ok and g.can_play("HPS", "S").ok


def test_first_lead_blind_rules_and_floor_start():
    g = Game("online")
    g.deal(rng=random.Random(3))
    bid_all(g, [3, 3, 3, 3])
    assert g.turn == 0 == g.hand.dealer
    g = Game("original")
    g.deal(rng=random.Random(3))
    bid_all(g, ["blind nil", 3, "blind nil", 3])  # East and West: both partners blind
    assert g.phase == "play" and g.hand.exchanges == []
    g = Game("standard")
    g.deal(rng=random.Random(3))
    g.look(1)
    assert g.can_bid("blind nil").rule == "blind-not-allowed"
    assert g.can_bid("nil").ok
    # start below the floor: not over until a hand is complete
    r = RuleSet.preset("standard", losing_floor=-200)
    g = Game(r, start={"scores": [-300, 0], "bags": [0, 0]})
    assert not g.over and g.phase == "deal"
    g.deal(rng=random.Random(3))
    bid_all(g, [1, 1, 1, 1])
    finish_hand(g)
    assert g.over == (min(g.totals) <= -200)


def test_record_option_names_rejected():
    deal = Game("standard")
    for rules in ({"preset": "standard", "options": {"th_low": True}},
                  {"preset": "standard", "options": {"blind_nil_deficit": 100}},
                  {"preset": "acorns", "options": {"teams": "fours"}},
                  {"preset": "standard", "options": {"colour": 1}},
                  {"preset": "spades"}):
        with pytest.raises(RecordError) as e:
            replay({"rules": rules, "hands": []})
        assert e.value.rule == "bad-record"
    res = replay({"rules": {"preset": "online", "options": {"bag_limit": 5, "bag_penalty": 50,
                                                           "blind_nil_deficit": 100}},
                  "start": {"scores": [0, 0], "bags": [4, 0]}, "hands": []})
    assert res.bags == (4, 0) and res.to_dict()["hands"] == []
    with pytest.raises(RecordError):
        replay({"rules": {"preset": "online", "options": {"bag_limit": 5, "bag_penalty": 50}},
                "start": {"scores": [0, 0], "bags": [5, 0]}, "hands": []})
    assert deal.phase == "deal"
