"""Trick, trump, exchange and game-flow rules of RULINGS.md, on hand-built positions.

Deals are built by ``conftest.build_deal``: the interesting cards are placed, the rest filled
deterministically (respecting the voids a position needs); then only the first tricks are
played and the assertions read ``hand.tricks[k].winner``, ``hand.superior``, ``hand.broken``.
With ``dealer=3`` seat 0 bids first and (first_lead = left) leads the first trick.
"""
from __future__ import annotations

import random
from typing import Any

import pytest

from conftest import bid_all, build_deal, dealt_game, play_all
from spades_lab import Game, IllegalAction, RuleSet, parse_card
from spades_lab.core.cards import SUIT_BITS
from spades_lab.core.tricks import rank_tables, trick_winner


def finish_hand(g: Game) -> None:
    """Play the hand out with the first legal play each time."""
    h = g.hand
    assert h is not None
    while not h.complete:
        assert g.phase == "play"
        g.play(g.legal_plays()[0])


def ordinary_bids(g: Game) -> list[Any]:
    return [1] * g.rules.players


def P(code: str, as_: str | None = None) -> Any:
    c = parse_card(code)
    return c.play if as_ is None else c.play_as[SUIT_BITS[as_]]


# ---------------------------------------------------------------------------- 52-card tricks


def test_standard_trump_wins_and_breaks_spades() -> None:
    g = dealt_game("standard", {0: ["2H"], 1: ["3S"], 2: ["AH"], 3: ["KH"]}, {1: "H"},
                   dealer=3)
    bid_all(g, [3, 3, 3, 3])
    h = g.hand
    assert h.turn == 0 and h.broken == 0
    play_all(g, ["2H", "3S", "AH", "KH"])
    assert h.tricks[0].winner == 1          # the lowest spade beats the Ace of the led suit
    assert h.broken & SUIT_BITS["S"]
    assert h.superior == "S" and h.superior_at is None  # Spades superior from the deal


def test_standard_ace_is_high_and_off_suit_never_wins() -> None:
    g = dealt_game("standard", {0: ["2H"], 1: ["AC"], 2: ["3H"], 3: ["AH"]}, {1: "HS"},
                   dealer=3)
    bid_all(g, [3, 3, 3, 3])
    play_all(g, ["2H", "AC", "3H", "AH"])
    assert g.hand.tricks[0].winner == 3


def test_only_unbroken_trumps_may_lead_them() -> None:
    spades = [c.code for c in RuleSet.preset("standard").deck.cards if c.suit == "S"]
    g = dealt_game("standard", {0: spades}, dealer=3)
    bid_all(g, [13, "nil", 1, "nil"])
    assert len(g.legal_plays()) == 13
    g.play("2S")
    assert g.hand.broken & SUIT_BITS["S"]


def test_trump_not_broken_with_other_cards() -> None:
    g = dealt_game("standard", {0: ["2S", "2H"]}, dealer=3)
    bid_all(g, [3, 3, 3, 3])
    assert all(p.card.suit != "S" for p in g.legal_plays())
    assert g.can_play("2S").rule == "trump-not-broken"


def test_spades_led_once_broken() -> None:
    # trick 0: West trumps a Heart lead and breaks Spades, then leads a Spade.
    g = dealt_game("standard", {0: ["2H", "3S"], 1: ["3H"], 2: ["4H"], 3: ["2S", "4S"]},
                   {3: "H"}, dealer=3)
    bid_all(g, [3, 3, 3, 3])
    play_all(g, ["2H", "3H", "4H", "2S"])
    assert g.hand.tricks[0].winner == 3 and g.turn == 3
    assert g.can_play("4S").ok


# ---------------------------------------------------------------------------- first lead, dealer


@pytest.mark.parametrize("preset,options,dealer,leader", [
    ("standard", {}, 0, 1),                          # left of the dealer
    ("standard", {"first_lead": "dealer"}, 0, 0),
    ("online", {}, 2, 2),                            # online: the dealer leads
    ("online", {"first_lead": "left"}, 2, 3),
    ("original", {}, 3, 0),
    ("acorns", {}, 1, 2),
    ("acorns", {"first_lead": "dealer"}, 1, 1),
    ("acorns8", {}, 7, 0),
    ("acorns8", {"first_lead": "dealer", "teams": "fours"}, 5, 5),
])
def test_first_lead(preset: str, options: dict[str, Any], dealer: int, leader: int) -> None:
    g = Game(RuleSet.preset(preset, options), dealer=dealer)
    g.deal(rng=random.Random(1))
    assert g.turn == (dealer + 1) % g.rules.players      # bidding starts left of the dealer
    bid_all(g, ordinary_bids(g))
    assert g.phase == "play" and g.turn == leader == g.hand.leader


@pytest.mark.parametrize("preset", ["standard", "acorns8"])
def test_deal_passes_clockwise(preset: str) -> None:
    g = Game(preset, dealer=2)
    rng = random.Random(5)
    dealers = []
    for _ in range(3):
        g.deal(rng=rng)
        dealers.append(g.hand.dealer)
        bid_all(g, ordinary_bids(g))
        finish_hand(g)
    n = g.rules.players
    assert dealers == [2, 3 % n, 4 % n]


# ---------------------------------------------------------------------------- Acorns tricks


@pytest.mark.parametrize("plays,voids,winner,why", [
    # no face card: the Ace is low (between 0 and 2): 5H beats AH
    (["AH", "0H", "5H", "3H"], {}, 2, "ace-low: 5 beats a low Ace"),
    # no face card: a low Ace still beats the 0
    (["AH", "0H", "2C", "2D"], {2: "H", 3: "H"}, 0, "ace-low: Ace above 0"),
    # a King in the trick: the Ace is high
    (["AH", "KH", "2H", "3H"], {}, 0, "ace-high with a King of the led suit"),
    # a face card of another suit (off-suit Beast of Clubs) also makes the Ace high
    (["AH", "11H", "BC", "2H"], {2: "H"}, 0, "ace-high with an off-suit Beast"),
    (["AH", "11H", "2C", "2H"], {2: "H"}, 1, "same trick with a 2C: Ace low, 11 wins"),
    # the face card may come before the Ace
    (["QH", "AH", "2C", "2D"], {2: "H", 3: "H"}, 1, "ace-high, Queen led"),
])
def test_ace_flips(plays: list[str], voids: dict[int, str], winner: int, why: str) -> None:
    g = dealt_game("acorns", {i: [c] for i, c in enumerate(plays)}, voids, dealer=3)
    bid_all(g, [5, 5, 5, 5])
    play_all(g, plays)
    assert g.hand.tricks[0].winner == winner, why


@pytest.mark.parametrize("dual,as_", [("TAC", "C"), ("HAC", "C"), ("TDW", "W"), ("HDW", "D")])
def test_ace_high_with_traveler_or_hunter(dual: str, as_: str) -> None:
    # West is void in Hearts and throws a Traveler/Hunter off-suit: a face card, so the Ace is
    # high and beats the 11.  (Declared as a non-trump suit, it cannot win.)
    g = dealt_game("acorns", {0: ["AH"], 1: ["11H"], 2: ["2H"], 3: [dual]}, {3: "H"},
                   dealer=3, travelers_hunters=True)
    bid_all(g, [5, 5, 5, 5])
    play_all(g, ["AH", "11H", "2H", (dual, as_)])
    assert g.hand.tricks[0].winner == 0


def test_ace_of_trump_flips_too() -> None:
    rules = RuleSet.preset("acorns")
    # superior Spades led: AS with no face card is low, 2S wins; with JS present the Ace wins.
    plays = [(0, P("AS")), (1, P("2S")), (2, P("3C")), (3, P("4C"))]
    assert trick_winner(rules, plays, "S")[0] == 1
    plays[2] = (2, P("JS"))
    assert trick_winner(rules, plays, "S")[0] == 0


@pytest.mark.parametrize("first,second,superior", [("3A", "KS", "A"), ("3S", "KA", "S")])
def test_superior_trump_is_first_broken(first: str, second: str, superior: str) -> None:
    # Trick 0: North leads 2H; East (void) trumps with ``first``, breaking that trump, which
    # becomes superior; South (void) then breaks the other trump with a King: it is inferior
    # and loses to East's 3 (RULINGS §8: the earlier card's suit already decides it).
    low_superior = "2S" if superior == "S" else "2A"
    queen_inferior = "QA" if superior == "S" else "QS"
    g = dealt_game("acorns", {0: ["2H", "3C"], 1: [first, "2C"], 2: [second, queen_inferior],
                              3: ["4H", low_superior]},
                   {1: "H", 2: "HC", 3: "C"}, dealer=3)
    bid_all(g, [5, 5, 5, 5])
    h = g.hand
    play_all(g, ["2H", first, second, "4H"])
    assert h.tricks[0].winner == 1
    assert h.superior == superior and h.superior_at == (0, 1)
    assert h.broken == SUIT_BITS["S"] | SUIT_BITS["A"]
    # Trick 1: East leads 2C; South (void in Clubs) plays the Queen of the *inferior* trump,
    # West (void in Clubs) the 2 of the superior one: the superior trump set in trick 0 still
    # decides, so West's 2 wins.
    play_all(g, ["2C", queen_inferior, low_superior, "3C"])
    assert h.tricks[1].winner == 3
    assert h.superior == superior and h.superior_at == (0, 1)
    # It resets every deal.
    finish_hand(g)
    g.deal(rng=random.Random(2))
    assert g.hand.superior is None and g.hand.broken == 0


def test_inferior_trump_beats_led_suit_and_superior_beats_inferior() -> None:
    rules = RuleSet.preset("acorns")
    plays = [(0, P("KH")), (1, P("2A")), (2, P("0S"))]
    # Spades superior: 0S (superior) beats 2A (inferior) beats KH (led)
    assert trick_winner(rules, plays, "S") == (2, "superior-trump-wins")
    assert trick_winner(rules, plays[:2], "S") == (1, "inferior-trump-wins")
    assert trick_winner(rules, plays[:1], "S") == (0, "led-suit-wins")
    # Acorns superior: 2A wins
    assert trick_winner(rules, plays, "A") == (1, "superior-trump-wins")


def test_superior_set_by_declared_traveler() -> None:
    # East (void in Hearts) throws the Traveler of Planets/Spades declared as Spades: it trumps,
    # breaks Spades and makes Spades superior; South's King of Acorns is then inferior.
    g = dealt_game("acorns", {0: ["2H"], 1: ["TPS"], 2: ["KA"], 3: ["3H"]}, {1: "H", 2: "H"},
                   dealer=3, travelers_hunters=True)
    bid_all(g, [5, 5, 5, 5])
    play_all(g, ["2H", ("TPS", "S"), "KA", "3H"])
    h = g.hand
    assert h.superior == "S" and h.superior_at == (0, 1)
    assert h.tricks[0].winner == 1
    assert h.tricks[0].plays[1][1].suit == "S"


def test_traveler_declared_as_planets_breaks_nothing() -> None:
    g = dealt_game("acorns", {0: ["2H"], 1: ["TPS"], 2: ["KA"], 3: ["3H"]}, {1: "H", 2: "H"},
                   dealer=3, travelers_hunters=True)
    bid_all(g, [5, 5, 5, 5])
    play_all(g, ["2H", ("TPS", "P"), "KA", "3H"])
    h = g.hand
    assert not h.broken & SUIT_BITS["S"]
    assert h.superior == "A" and h.superior_at == (0, 2)
    assert h.tricks[0].winner == 2


def test_traveler_off_suit_must_declare_and_plays_once_per_suit() -> None:
    g = dealt_game("acorns", {0: ["2H"], 1: ["TPS"]}, {1: "H"}, dealer=3, travelers_hunters=True)
    bid_all(g, [5, 5, 5, 5])
    g.play("2H")
    legal = [p for p in g.legal_plays() if p.card.code == "TPS"]
    assert sorted(p.suit for p in legal) == ["P", "S"]   # off-suit: either suit, even unbroken
    assert g.can_play("TPS").rule == "bad-declaration"
    assert g.can_play("TPS", "S").ok and g.can_play("TPS", "P").ok


def test_traveler_led_declares_and_not_an_unbroken_trump() -> None:
    g = dealt_game("acorns", {0: ["TPS", "2P"]}, dealer=3, travelers_hunters=True)
    bid_all(g, [5, 5, 5, 5])
    legal = [p for p in g.legal_plays() if p.card.code == "TPS"]
    assert [p.suit for p in legal] == ["P"]
    assert g.can_play("TPS").rule == "bad-declaration"
    assert g.can_play("TPS", "S").rule == "bad-declaration"
    assert g.can_play("TPS", "Planets").ok


def test_traveler_follows_as_led_suit_even_when_other_suit_is_trump() -> None:
    # Planets led: East's TPS is played as Planets, not as the trump Spades, and it wins (face).
    g = dealt_game("acorns", {0: ["2P"], 1: ["TPS", "3P"], 2: ["4P"], 3: ["5P"]},
                   dealer=3, travelers_hunters=True)
    bid_all(g, [5, 5, 5, 5])
    g.play("2P")
    legal = [p for p in g.legal_plays() if p.card.code == "TPS"]
    assert [p.suit for p in legal] == ["P"]
    assert g.can_play("TPS", "S").rule == "bad-declaration"
    g.play("TPS")
    assert g.hand.trick[-1][1].suit == "P"
    play_all(g, ["4P", "5P"])
    assert g.hand.tricks[0].winner == 1
    assert not g.hand.broken


def test_traveler_must_follow_when_it_has_led_suit() -> None:
    # Planets led and East holds only TPS in Planets (void otherwise): must play it.
    g = dealt_game("acorns", {0: ["2P"], 1: ["TPS"]}, {1: "P"}, dealer=3, travelers_hunters=True)
    bid_all(g, [5, 5, 5, 5])
    g.play("2P")
    assert [p.card.code for p in g.legal_plays()] == ["TPS"]
    other = next(c for c in g.hand.hands[1] if c.code != "TPS")
    check = g.can_play(other, other.suit)
    assert check.rule == "must-follow-suit" and "Planets" in check.message


def test_nil_spades_failed_by_traveler_played_as_planets() -> None:
    # South bids Nil Spades and wins trick 0 with TPS played as Planets: a card of both its
    # suits, so South has taken a Spade and the nil fails (-100).
    g = dealt_game("acorns", {0: ["2P"], 1: ["3P"], 2: ["TPS"], 3: ["4P"]}, {2: "P"},
                   dealer=3, travelers_hunters=True)
    bid_all(g, [5, 5, "nil spades", 5])
    play_all(g, ["2P", "3P", "TPS", "4P"])
    h = g.hand
    assert h.tricks[0].winner == 2 and h.tricks[0].plays[2][1].suit == "P"
    assert not h.broken & SUIT_BITS["S"]
    finish_hand(g)
    nil = h.scores[0].nils[0]
    assert (nil.seat, nil.made, nil.points) == (2, False, -100)
    assert nil.broken_by == parse_card("TPS")


@pytest.mark.parametrize("th_low,order", [
    (False, ["11", "B", "T", "J", "H", "Q", "K"]),     # Beast < Traveler < Jack < Hunter < Queen
    (True, ["11", "T", "B", "H", "J", "Q", "K"]),      # 11 < Traveler < Beast < Hunter < Jack
])
def test_th_rank_orders(th_low: bool, order: list[str]) -> None:
    rules = RuleSet.preset("acorns", travelers_hunters=True, th_low=th_low)
    low, high = rank_tables(rules)
    cards = [parse_card(r + "H" if r not in ("T", "H") else r + "OH") for r in order]
    ranks = [high[c] for c in cards]
    assert ranks == sorted(ranks) and len(set(ranks)) == len(ranks)
    # and in play: each card of the order beats the one before it when both follow Hearts
    for a, b in zip(cards, cards[1:], strict=False):
        plays = [(0, a.play_as[SUIT_BITS["H"]]), (1, b.play_as[SUIT_BITS["H"]])]
        assert trick_winner(rules, plays, None)[0] == 1, (a, b)


@pytest.mark.parametrize("th_low,winner", [(False, 1), (True, 0)])
def test_th_low_in_a_dealt_trick(th_low: bool, winner: int) -> None:
    # North leads the Beast of Hearts, East follows with the Traveler of Clouds/Hearts.
    g = dealt_game("acorns", {0: ["BH"], 1: ["TOH"], 2: ["2H"], 3: ["3H"]}, dealer=3,
                   travelers_hunters=True, th_low=th_low)
    bid_all(g, [5, 5, 5, 5])
    play_all(g, ["BH", "TOH", "2H", "3H"])
    assert g.hand.tricks[0].winner == winner


def test_acorns_only_unbroken_trumps_exception() -> None:
    # North holds only Spades and Acorns, both unbroken: any may be led, and leading one breaks
    # it and makes it superior.
    deck = RuleSet.preset("acorns").deck
    cards = [c.code for c in deck.cards if c.suit in ("S", "A")][:32]
    g = dealt_game("acorns", {0: cards}, dealer=3)
    bid_all(g, [5, 5, 5, 5])
    assert len(g.legal_plays()) == 32
    g.play(cards[-1])
    assert g.hand.superior == parse_card(cards[-1]).suit


def test_acorns_one_trump_broken_other_still_closed() -> None:
    # West leads 2H, North (void in Hearts) trumps with 5S and wins: Spades are broken and
    # superior.  North then may lead Spades but not the still unbroken Acorns.
    g = dealt_game("acorns", {3: ["2H"], 0: ["5S", "6S", "5A"], 1: ["3H"], 2: ["4H"]},
                   {0: "H"}, dealer=2)
    bid_all(g, [5, 5, 5, 5])
    play_all(g, ["2H", "5S", "3H", "4H"])
    h = g.hand
    assert h.tricks[0].winner == 0 and g.turn == 0
    assert h.is_broken("S") and not h.is_broken("A") and h.superior == "S"
    suits = {p.card.suit for p in g.legal_plays()}
    assert "S" in suits and "A" not in suits
    assert g.can_play("6S").ok
    check = g.can_play("5A")
    assert check.rule == "trump-not-broken" and "Acorns" in check.message


# ---------------------------------------------------------------------------- 8 players


@pytest.mark.parametrize("teams,seats", [("pairs", ((0, 4), (1, 5), (2, 6), (3, 7))),
                                         ("fours", ((0, 2, 4, 6), (1, 3, 5, 7)))])
@pytest.mark.parametrize("th", [False, True])
def test_acorns8_hand_plays_out(teams: str, seats: Any, th: bool) -> None:
    rules = RuleSet.preset("acorns8", teams=teams, travelers_hunters=th)
    assert rules.team_seats == seats and rules.hand_size == (17 if th else 16)
    assert all(rules.partner(s) == (s + 4) % 8 for s in range(8))
    g = Game(rules)
    g.deal(rng=random.Random(3))
    bid_all(g, [2] * 8)
    finish_hand(g)
    h = g.hand
    assert sum(h.taken) == rules.hand_size and all(len(t.plays) == 8 for t in h.tricks)
    assert len(h.scores) == len(seats)


# ---------------------------------------------------------------------------- blind exchanges


def _exchange_game(preset: str, blind_seat: int, bid: str, start: Any = None,
                   **options: Any) -> Game:
    rules = RuleSet.preset(preset, options)
    g = Game(rules, dealer=(blind_seat - 1) % rules.players, start=start)
    g.deal(rng=random.Random(11))
    g.bid(bid)                               # the blind bidder bids first
    for _ in range(rules.players - 1):
        g.bid(2)
    return g


def test_online_exchange_exactly_two() -> None:
    g = _exchange_game("online", 0, "blind nil", start={"scores": [0, 100], "bags": [0, 0]})
    h = g.hand
    assert g.phase == "exchange" and h.awaiting() == [0]
    held = list(h.hands[0])
    for k in (0, 1, 3):
        assert g.can_exchange(0, held[:k]).rule == "exchange-invalid"
    # the partner may not pass first
    assert g.can_exchange(2, h.hands[2][:2]).rule == "not-your-turn"
    g.exchange(0, held[:2])
    assert h.awaiting() == [2]
    assert g.can_exchange(2, h.hands[2][:1]).rule == "exchange-invalid"
    back = list(h.hands[2][:2])
    g.exchange(2, back)
    assert g.phase == "play"
    assert set(back) <= set(h.hands[0]) and set(held[:2]) <= set(h.hands[2])
    assert all(len(x) == 13 for x in h.hands)
    assert g.turn == g.hand.dealer                         # online: dealer leads


def test_partner_may_return_cards_just_received() -> None:
    g = _exchange_game("online", 0, "blind nil", start={"scores": [0, 100], "bags": [0, 0]})
    h = g.hand
    passed = list(h.hands[0][:2])
    g.exchange(0, passed)
    g.exchange(2, passed)
    assert sorted(c.code for c in h.hands[0]) == sorted(c.code for c in h.deal[0])


@pytest.mark.parametrize("count", [0, 1, 2, 3])
def test_original_exchange_up_to_three(count: int) -> None:
    g = _exchange_game("original", 1, "blind nil")
    h = g.hand
    assert g.can_exchange(1, h.hands[1][:4]).rule == "exchange-invalid"
    g.exchange(1, h.hands[1][:count])
    if count == 0:
        # a 0-card pass completes that exchange (RULINGS §8): play starts, nothing owed back
        assert g.phase == "play" and h.exchanges[0].done
        rec = g.to_record()["hands"][0]["exchange"]
        assert rec == [{"from": 1, "to": 3, "cards": []}]
    else:
        assert g.phase == "exchange" and h.awaiting() == [3]
        assert g.can_exchange(3, h.hands[3][:count + 1]).rule == "exchange-invalid"
        g.exchange(3, h.hands[3][:count])
        assert g.phase == "play"


@pytest.mark.parametrize("bid,hi", [("blind nil spades", 3), ("blind nil acorns + 2", 3),
                                    ("blind full nil", 6)])
@pytest.mark.parametrize("preset", ["acorns", "acorns8"])
def test_acorns_exchange_limits(preset: str, bid: str, hi: int) -> None:
    g = _exchange_game(preset, 0, bid)
    h = g.hand
    partner = g.rules.partner(0)
    assert h.exchanges[0].partner == partner == (4 if preset == "acorns8" else 2)
    assert g.can_exchange(0, h.hands[0][:hi + 1]).rule == "exchange-invalid"
    assert g.can_exchange(0, h.hands[0][:hi]).ok
    g.exchange(0, h.hands[0][:hi])
    g.exchange(partner, h.hands[partner][:hi])
    assert g.phase == "play"


def test_acorns8_fours_exchange_partner_is_opposite() -> None:
    g = _exchange_game("acorns8", 3, "blind full nil", teams="fours")
    assert g.hand.exchanges[0].partner == 7


@pytest.mark.parametrize("preset,b0,b2", [
    ("original", "blind nil", "blind nil"),
    ("online", "blind nil", "blind nil"),
    ("acorns", "blind full nil", "blind nil spades"),
    ("acorns", "blind nil acorns + 1", "blind nil spades + 2"),
])
def test_both_partners_blind_no_exchange(preset: str, b0: str, b2: str) -> None:
    start = {"scores": [0, 200], "bags": [0, 0]} if preset == "online" else None
    g = Game(preset, dealer=3, start=start)
    g.deal(rng=random.Random(4))
    bid_all(g, [b0, 2, b2, 2])
    assert g.phase == "play" and g.hand.exchanges == []


def test_blind_partner_of_other_team_still_exchanges() -> None:
    # North blind, East blind: two independent exchanges that may interleave.
    g = Game("acorns", dealer=3)
    g.deal(rng=random.Random(4))
    bid_all(g, ["blind full nil", "blind nil spades", 3, 3])
    h = g.hand
    assert sorted(h.awaiting()) == [0, 1]
    g.exchange(1, h.hands[1][:2])           # East first: interleaving is allowed
    assert sorted(h.awaiting()) == [0, 3]
    with pytest.raises(IllegalAction) as e:
        g.play(h.hands[0][0])               # play cannot start while an exchange is owed
    assert e.value.rule == "wrong-phase"
    g.exchange(3, h.hands[3][:2])
    g.exchange(0, h.hands[0][:6])
    g.exchange(2, h.hands[2][:6])
    assert g.phase == "play"


def test_nothing_passed_back_after_a_zero_card_pass() -> None:
    # East passes 0 cards (complete); North's exchange is still owed, so the hand is in the
    # exchange phase.  West's empty return may be written once (RULINGS.md section 8); West
    # passing cards back is refused with the reason in words.
    g = Game("acorns", dealer=3)
    g.deal(rng=random.Random(4))
    bid_all(g, ["blind full nil", "blind nil spades", 3, 3])
    h = g.hand
    g.exchange(1, [])
    assert h.awaiting() == [0]
    before = [list(x) for x in h.hands]
    check = g.can_exchange(3, h.hands[3][:1])
    assert check.rule == "exchange-invalid"
    assert "passed no cards" in check.message and "West passes nothing back" in check.message
    with pytest.raises(IllegalAction):
        g.exchange(3, h.hands[3][:1])
    assert g.can_exchange(3, []).ok
    g.exchange(3, [])                       # the empty return: changes no card
    assert [list(x) for x in h.hands] == before and h.awaiting() == [0]
    assert g.can_exchange(3, []).rule == "exchange-invalid"   # but only once


def test_standard_blind_nil_has_no_exchange() -> None:
    g = Game("standard", dealer=3)
    g.deal(rng=random.Random(4))
    bid_all(g, ["blind nil", 3, 3, 3])
    assert g.phase == "play"


# ---------------------------------------------------------------------------- online blind nil


@pytest.mark.parametrize("scores,deficit,ok", [
    ([0, 100], None, True),        # trails by exactly 100
    ([0, 99], None, False),
    ([200, 0], None, False),       # leading
    ([0, 0], None, False),
    ([-50, 50], None, True),
    ([0, 50], 50, True),           # option blind_nil_deficit
    ([0, 49], 50, False),
])
def test_online_blind_nil_eligibility(scores: list[int], deficit: int | None, ok: bool) -> None:
    opts = {} if deficit is None else {"blind_nil_deficit": deficit}
    g = Game(RuleSet.preset("online", opts), dealer=3, start={"scores": scores, "bags": [0, 0]})
    g.deal(rng=random.Random(1))
    assert g.can_bid("blind nil").ok is ok
    assert any(b.blind for b in g.legal_bids()) is ok
    if not ok:
        assert g.can_bid("blind nil").rule == "blind-not-allowed"
    # East/West's view is the mirror image
    g.bid(3)
    assert g.can_bid("blind nil").ok is (scores[0] - scores[1] >= (deficit or 100))


def test_online_eligibility_reads_totals_at_start_of_hand() -> None:
    # The deficit is read from the totals when bidding starts, every hand.
    g = Game("online", dealer=3, start={"scores": [0, 100], "bags": [0, 0]})
    g.deal(rng=random.Random(1))
    assert g.can_bid("blind nil").ok
    bid_all(g, [13, "nil", 13, "nil"])
    finish_hand(g)
    g.deal(rng=random.Random(2))
    team0, team1 = g.totals
    seat = g.turn
    mine, theirs = (team0, team1) if seat % 2 == 0 else (team1, team0)
    assert g.can_bid("blind nil").ok is (theirs - mine >= 100)


def test_looking_forbids_blind() -> None:
    g = Game("standard", dealer=3)
    g.deal(rng=random.Random(1))
    g.look(0)
    assert g.can_bid("blind nil").rule == "blind-not-allowed"
    assert not any(b.blind for b in g.legal_bids())
    g.bid(3)
    assert g.can_bid("blind nil").ok


# ---------------------------------------------------------------------------- the end of a game


def _sweep_deal(rules: RuleSet) -> list[list[str]]:
    """North holds every Spade: with North leading, North wins all 13 tricks."""
    spades = [c.code for c in rules.deck.cards if c.suit == "S"]
    return build_deal(rules, {0: spades})


@pytest.mark.parametrize("start,over,winner", [
    ([300, 303], False, None),   # 300 + 203 = 503 ties 303 + 200 = 503 at the target: play on
    ([300, 302], True, 0),       # 503 against 502
    ([300, 304], True, 1),       # 503 against 504
    ([100, 100], False, None),   # nobody at the target
])
def test_tie_at_target_plays_on(start: list[int], over: bool, winner: int | None) -> None:
    # North bids 10 and sweeps (10*10 + 3 bags = 103), South's nil makes (+100): 203.
    # East and West both bid nil and make: +200 (their ordinary bid 0 is made, worth 0).
    rules = RuleSet.preset("standard")
    g = Game(rules, dealer=3, start={"scores": start, "bags": [0, 0]})
    assert not g.over and g.phase == "deal"      # never checked before the first hand
    g.deal(cards=_sweep_deal(rules))
    bid_all(g, [10, "nil", "nil", "nil"])
    finish_hand(g)
    s = g.hand.scores
    assert (s[0].hand_score, s[1].hand_score) == (203, 200)
    assert g.totals == [start[0] + 203, start[1] + 200]
    assert (g.over, g.winner) == (over, winner)
    if over:
        assert g.phase == "over"
        with pytest.raises(IllegalAction) as e:
            g.deal(rng=random.Random(1))
        assert e.value.rule == "wrong-phase"
        assert g.can_play("2H").rule == "wrong-phase"
        assert g.can_bid(3).rule == "wrong-phase"
    else:
        g.deal(rng=random.Random(1))
        assert g.phase == "bidding"


def test_start_above_target_not_over_before_first_hand() -> None:
    g = Game("standard", start={"scores": [600, 0], "bags": [0, 0]})
    assert not g.over and g.phase == "deal"
    g.deal(rng=random.Random(3))
    assert g.phase == "bidding"


def test_losing_floor_in_play() -> None:
    rules = RuleSet.preset("standard", losing_floor=-200)
    g = Game(rules, dealer=3, start={"scores": [0, -50], "bags": [0, 0]})
    g.deal(cards=_sweep_deal(rules))
    # East and West bid 3 each and take nothing: -60 -> -110: not yet; with start -150: -210.
    bid_all(g, [10, 3, "nil", 3])
    finish_hand(g)
    assert g.totals[1] == -110 and not g.over
    g2 = Game(rules, dealer=3, start={"scores": [0, -150], "bags": [0, 0]})
    g2.deal(cards=_sweep_deal(rules))
    bid_all(g2, [10, 3, "nil", 3])
    finish_hand(g2)
    assert g2.totals[1] == -210 and g2.over and g2.winner == 0


def test_start_bags_carry_into_penalty() -> None:
    rules = RuleSet.preset("standard")
    g = Game(rules, dealer=3, start={"scores": [0, 0], "bags": [8, 0]})
    g.deal(cards=_sweep_deal(rules))
    bid_all(g, [10, "nil", "nil", "nil"])     # 3 bags: 8 + 3 = 11 -> -100, carry 1
    finish_hand(g)
    assert g.bags == [1, 0] and g.hand.scores[0].bag_penalty == 100
    assert g.totals[0] == 103 + 100 - 100


@pytest.mark.parametrize("preset,options,bags,ok", [
    ("standard", {}, [9, 0], True),
    ("standard", {}, [10, 0], False),      # start bags lie in 0..limit-1
    ("standard", {}, [-1, 0], False),
    ("online", {"bag_limit": 5, "bag_penalty": 50}, [5, 0], False),
    ("original", {"bag_limit": None}, [40, 0], True),
])
def test_start_bags_range(preset: str, options: dict[str, Any], bags: list[int],
                          ok: bool) -> None:
    rules = RuleSet.preset(preset, options)
    if ok:
        assert Game(rules, start={"scores": [0, 0], "bags": bags}).bags == bags
    else:
        with pytest.raises(Exception) as e:
            Game(rules, start={"scores": [0, 0], "bags": bags})
        assert getattr(e.value, "rule", None) == "bad-record"


def test_copy_is_independent() -> None:
    g = Game("acorns", dealer=3)
    g.deal(rng=random.Random(9))
    bid_all(g, [5, 5, 5, 5])
    c = g.copy()
    c.play(c.legal_plays()[0])
    assert len(g.hand.trick) == 0 and len(c.hand.trick) == 1
    assert len(g.log) + 1 == len(c.log)


def test_trick_winner_with_superior_in_force_after_the_plays() -> None:
    # trick_winner takes the superior trump in force once the plays are made: when both trumps
    # are first broken in one trick, that is the earlier card's suit (RULINGS §8), and it
    # decides the trick even against a higher card of the other trump.
    rules = RuleSet.preset("acorns")
    plays = [(0, P("2H")), (1, P("3A")), (2, P("KS")), (3, P("4H"))]
    assert trick_winner(rules, plays, "A") == (1, "superior-trump-wins")
    plays = [(0, P("2H")), (1, P("3S")), (2, P("KA"))]
    assert trick_winner(rules, plays, "S") == (1, "superior-trump-wins")
    # a Traveler declared as Spades is a Spade; declared as Planets it is no trump
    rules_th = RuleSet.preset("acorns", travelers_hunters=True)
    assert trick_winner(rules_th, [(0, P("2H")), (1, P("TPS", "S")), (2, P("KA"))], "S")[0] == 1
    assert trick_winner(rules_th, [(0, P("2H")), (1, P("TPS", "P")), (2, P("KA"))], "A")[0] == 2


def test_seat_view_shows_only_what_the_seat_may_see() -> None:
    g = Game("standard", dealer=3)
    g.deal(rng=random.Random(6))
    v = g.view(0)
    assert v.hand is None and v.hand_sizes == (13, 13, 13, 13)   # face down until looked at
    g.look(0)
    assert set(g.view(0).hand) == set(g.hand.hands[0])
    assert g.view(1).hand is None
    bid_all(g, [3, 3, 3, 3])
    for seat in range(4):
        v = g.view(seat)
        assert set(v.hand) == set(g.hand.hands[seat])
        assert bool(v.legal) is (seat == g.turn)
    assert set(g.view(g.turn).legal) == set(g.legal_plays())


def test_trick_winner_without_superior_uses_first_trump_played() -> None:
    # With superior=None (none set before these plays) the first card played as a trump in the
    # trick makes its suit superior (RULINGS §5, §8): 3A, played first, beats the later KS.
    rules = RuleSet.preset("acorns")
    plays = [(0, P("2H")), (1, P("3A")), (2, P("KS")), (3, P("4H"))]
    assert trick_winner(rules, plays, None) == (1, "superior-trump-wins")
    assert trick_winner(rules, plays[:3], None)[0] == 1
    assert trick_winner(rules, [(0, P("2H")), (1, P("3S")), (2, P("KA"))], None)[0] == 1
    rules_th = RuleSet.preset("acorns", travelers_hunters=True)
    assert trick_winner(rules_th, [(0, P("2H")), (1, P("TPS", "S")), (2, P("KA"))], None)[0] == 1
    assert trick_winner(rules_th, [(0, P("2H")), (1, P("TPS", "P")), (2, P("KA"))], None)[0] == 2
