"""The trick rules module (spades_lab.core.tricks), on hand-worked positions.

Each trick below is worked out by hand from RULINGS.md sections 1, 5 and 8: who wins and why
(led suit, superior trump, inferior trump, the Ace high or low, ``th_low``, both trumps broken in
one trick), how trumps break and which becomes superior, and which plays are legal (following,
leading, the only-unbroken-trumps exception, Travelers/Hunters and their declarations).
"""
from __future__ import annotations

import dataclasses
import random

import pytest

from spades_lab import Game, RuleSet, parse_card, trick_winner
from spades_lab.core import engine
from spades_lab.core.cards import SUIT_BITS, Play
from spades_lab.core.tricks import (
    CANNOT_FOLLOW,
    FOLLOWS_SUIT,
    INFERIOR,
    LEADS,
    ONLY_UNBROKEN_TRUMPS,
    SUPERIOR,
    after_play,
    decide,
    legal_set,
    rank_tables,
    tables_for,
    trump_states_through,
)

STD = RuleSet.preset("standard")
ACORNS = RuleSet.preset("acorns")
TH = RuleSet.preset("acorns", travelers_hunters=True)
TH_LOW = RuleSet.preset("acorns", travelers_hunters=True, th_low=True)
S, A, H, P = (SUIT_BITS[x] for x in "SAHP")


def P_(code: str, as_: str | None = None) -> Play:
    c = parse_card(code)
    return c.play_as[SUIT_BITS[as_]] if as_ else c.play


def trick(*codes: str) -> list[tuple[int, Play]]:
    """Seats 0, 1, 2 ... in order; a code ``TPS/S`` is a Traveler declared as Spades."""
    out = []
    for seat, code in enumerate(codes):
        card, _, as_ = code.partition("/")
        out.append((seat, P_(card, as_ or None)))
    return out


# ---------------------------------------------------------------------------- deciding


def test_led_suit_wins_and_other_suits_never_do() -> None:
    # 2H led; the King of Diamonds is higher but not of the led suit
    assert trick_winner(STD, trick("2H", "9H", "KD", "AH"), None) == (3, "led-suit-wins")
    assert trick_winner(STD, trick("2H", "KD", "QC", "3H"), None) == (3, "led-suit-wins")
    assert trick_winner(STD, trick("2H", "KD", "QC", "AD"), None) == (0, "led-suit-wins")


def test_spades_superior_from_the_deal_in_52_card_sets() -> None:
    # the lowest Spade beats the Ace of the led suit, whatever superior is passed
    t = trick("AH", "2S", "KH", "QH")
    assert trick_winner(STD, t, None) == (1, "superior-trump-wins")
    assert trick_winner(STD, t, "S") == (1, "superior-trump-wins")
    assert tables_for(STD).start.superior == "S" and STD.superior_at_deal == "S"


def test_superior_beats_inferior_trump() -> None:
    # Acorns superior: the 2 of Acorns beats the 9 of Spades, which beats the led Hearts
    t = trick("KH", "9S", "2A", "QH")
    assert trick_winner(ACORNS, t, "A") == (2, "superior-trump-wins")
    assert trick_winner(ACORNS, t, "S") == (1, "superior-trump-wins")
    # only the inferior trump played: it wins as the inferior trump
    assert trick_winner(ACORNS, trick("KH", "3A", "QH", "7D"), "S") == (1, "inferior-trump-wins")


def test_first_trump_played_sets_superior_when_none_is_in_force() -> None:
    # nothing broken before the trick: Spades broken first (seat 1) are superior for it
    t = trick("5H", "2S", "9A", "KH")
    assert trick_winner(ACORNS, t, None) == (1, "superior-trump-wins")
    # both trumps broken in the same trick: the earlier card's suit is superior (RULINGS 8)
    states = trump_states_through(ACORNS, (0, None), t)
    assert states == [(0, None), (S, "S"), (S | A, "S"), (S | A, "S")]
    # had Acorns come first, Acorns would decide it
    assert trick_winner(ACORNS, trick("5H", "9A", "2S", "KH"), None) == (1, "superior-trump-wins")


def test_ace_low_without_a_face_card_high_with_one() -> None:
    # Heckadeck: no face card in the trick, so the Ace ranks low (between 0 and 2)
    assert trick_winner(ACORNS, trick("AH", "9H", "3H", "0H"), "S") == (1, "led-suit-wins")
    # a King of another suit makes it a face-card trick: the Ace ranks above the King
    assert trick_winner(ACORNS, trick("AH", "9H", "KD", "0H"), "S") == (0, "led-suit-wins")
    # ace_high=False asks who would have won had the Ace not flipped
    assert trick_winner(ACORNS, trick("AH", "9H", "KD", "0H"), "S", ace_high=False)[0] == 1
    # the 52-card Ace is always high
    assert trick_winner(STD, trick("AH", "9H", "3H", "2H"), None) == (0, "led-suit-wins")


def test_traveler_ranks_move_with_th_low() -> None:
    # default: Beast < Traveler; th_low: Traveler < Beast (RULINGS 5)
    t = trick("BS", "TPS/S", "2S", "3S")
    assert trick_winner(TH, t, "S")[0] == 1
    assert trick_winner(TH_LOW, t, "S")[0] == 0
    low, high = rank_tables(TH_LOW)
    c = parse_card
    assert low[c("11S")] < low[c("TPS")] < low[c("BS")] < low[c("HPS")] < low[c("JS")]
    assert high[c("AS")] > high[c("KS")] and low[c("AS")] < low[c("2S")]


def test_declared_traveler_trumps_and_breaks() -> None:
    # a Traveler of Planets/Spades played off-suit as Spades is a Spade trump
    t = trick("2H", "TPS/S", "KH", "AH")
    assert trick_winner(TH, t, None) == (1, "superior-trump-wins")
    assert trump_states_through(TH, (0, None), t)[1] == (S, "S")
    # declared as Planets it is a discard
    t = trick("2H", "TPS/P", "KH", "3H")
    assert trick_winner(TH, t, None) == (2, "led-suit-wins")
    assert trump_states_through(TH, (0, None), t)[-1] == (0, None)


def test_decide_power_classes() -> None:
    rank = rank_tables(ACORNS)[0]
    t = trick("KH", "9S", "2A", "QH")
    assert decide(t, A, S, H, rank) == (2, SUPERIOR)
    assert decide(t[:2], A, S, H, rank) == (1, INFERIOR)
    with pytest.raises(ValueError):
        trick_winner(ACORNS, [], None)


# ---------------------------------------------------------------------------- trump state


def test_after_play_breaks_and_sets_superior() -> None:
    tb = S | A
    assert after_play(tb, 0, 0, H) == (0, 0)                # not a trump
    assert after_play(tb, 0, 0, A) == (A, A)                # first break: superior
    assert after_play(tb, A, A, S) == (A | S, A)            # second break: inferior
    assert after_play(tb, A | S, A, S) == (A | S, A)        # already broken
    assert after_play(S, 0, S, S) == (S, S)                 # 52 cards: Spades superior already


@pytest.mark.parametrize("rules", [STD, ACORNS, TH])
def test_trump_state_automaton_is_after_play(rules: RuleSet) -> None:
    tab = tables_for(rules)
    for (broken, sup), state in list(tab.states.items()):
        assert (state.broken, state.sup_bit) == (broken, sup)
        assert state.unbroken == tab.trump_bits & ~broken
        for letter, bit in SUIT_BITS.items():
            nxt = state.after[bit]
            assert (nxt.broken, nxt.sup_bit) == after_play(tab.trump_bits, broken, sup, bit)
            assert (nxt is state) == ((nxt.broken, nxt.sup_bit) == (broken, sup)), letter
    assert tables_for(rules) is tab  # built once per rule set


# ---------------------------------------------------------------------------- legal plays


def cards(*codes: str) -> list:
    return [parse_card(c) for c in codes]


def test_follow_suit_when_able() -> None:
    hand = cards("2H", "KH", "3S", "4D")
    basis, plays = legal_set(hand, H, 0, False)
    assert basis == FOLLOWS_SUIT and plays == (P_("2H"), P_("KH"))
    basis, plays = legal_set(cards("3S", "4D"), H, 0, False)
    assert basis == CANNOT_FOLLOW and plays == (P_("3S"), P_("4D"))


def test_unbroken_trump_not_led_unless_only_trumps_held() -> None:
    hand = cards("2S", "KS", "4D")
    assert legal_set(hand, 0, S, False) == (LEADS, (P_("4D"),))
    assert legal_set(hand, 0, 0, False)[1] == tuple(c.play for c in hand)     # Spades broken
    only = cards("2S", "KS")
    assert legal_set(only, 0, S, False) == (ONLY_UNBROKEN_TRUMPS, (P_("2S"), P_("KS")))
    # Acorns: Spades broken, Acorns not: Spades may be led, Acorns may not
    assert legal_set(cards("2S", "3A"), 0, A, False) == (LEADS, (P_("2S"),))
    assert legal_set(cards("3A", "9A"), 0, A, False)[0] == ONLY_UNBROKEN_TRUMPS


def test_traveler_hunter_declarations() -> None:
    hand = cards("TPS", "2H")
    # following Planets (or Spades) it is played as the led suit, and only that
    assert legal_set(hand, P, S | A, True) == (FOLLOWS_SUIT, (P_("TPS", "P"),))
    assert legal_set(hand, S, S | A, True) == (FOLLOWS_SUIT, (P_("TPS", "S"),))
    # off-suit (void in Diamonds): either declaration, and the Heart
    basis, plays = legal_set(hand, SUIT_BITS["D"], S | A, True)
    assert basis == CANNOT_FOLLOW and set(plays) == {P_("TPS", "P"), P_("TPS", "S"), P_("2H")}
    # led while Spades are unbroken: only as Planets; once Spades are broken, either
    assert legal_set(hand, 0, S | A, True)[1] == (P_("TPS", "P"), P_("2H"))
    assert set(legal_set(hand, 0, A, True)[1]) == {P_("TPS", "P"), P_("TPS", "S"), P_("2H")}
    # never the only-unbroken-trumps exception: it always has a plain suit
    assert legal_set(cards("TPS", "3A"), 0, S | A, True) == (LEADS, (P_("TPS", "P"),))


# ---------------------------------------------------------------------------- the engine reads them


def _game(rules: RuleSet, deal: list[list[str]], bids: list[int]) -> Game:
    g = Game(rules, dealer=len(deal) - 1)
    g.deal(cards=deal)
    for b in bids:
        g.bid(b)
    return g


def _std_deal() -> list[list[str]]:
    suits = "SHDC"
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    deck = [r + s for s in suits for r in ranks]
    # North: all Hearts but the Ace plus AS; East: Diamonds + AH; South: Clubs + AD;
    # West: Spades but the Ace + AC
    north = [r + "H" for r in ranks[:-1]] + ["AS"]
    east = [r + "D" for r in ranks[:-1]] + ["AH"]
    south = [r + "C" for r in ranks[:-1]] + ["AD"]
    west = [r + "S" for r in ranks[:-1]] + ["AC"]
    assert sorted(north + east + south + west) == sorted(deck)
    return [north, east, south, west]


def test_check_play_names_the_restriction_the_legal_set_applies() -> None:
    g = _game(STD, _std_deal(), [3, 3, 3, 3])  # North leads
    # North may not lead the unbroken Spade while holding Hearts
    ch = g.can_play("AS")
    assert ch.rule == "trump-not-broken" and "AS" not in ch.details["alternatives"]
    assert g.hand.legal_set()[0] == LEADS
    g.play("2H")
    # East holds the Ace of Hearts and must follow with it
    ch = g.can_play("2D")
    assert ch.rule == "must-follow-suit" and ch.details["holding"] == ["AH"]
    assert g.can_play("AH").ok and g.hand.legal_set() == (FOLLOWS_SUIT, (P_("AH"),))
    g.play("AH")
    # South is void in Hearts: anything goes
    assert g.hand.legal_set()[0] == CANNOT_FOLLOW and g.can_play("AD").ok
    g.play("2C")
    g.play("2S")  # West trumps and breaks Spades
    t = g.hand.tricks[0]
    assert (t.winner, t.broken_before, t.superior_before) == (3, (), "S")
    assert g.hand.broken == S and g.hand.superior == "S" and g.hand.superior_at is None
    # the next trick records Spades broken before its first card
    g.play("3S")
    assert engine.trump_states(g.hand)[0] == (S, "S")


def test_check_play_for_travelers_hunters() -> None:
    rules = TH
    deck = list(rules.deck.cards)
    rng = random.Random(5)
    for _ in range(200):
        rng.shuffle(deck)
        g = Game(rules)
        g.deal(cards=[deck[i * 34:(i + 1) * 34] for i in range(4)])
        for _ in range(4):
            g.bid(3)
        while g.phase == "play":
            h = g.hand
            basis, legal = h.legal_set()
            for c in h.hands[h.turn]:
                for suit in c.suits:
                    ch = g.can_play(c, suit)
                    assert ch.ok == (c.play_as[SUIT_BITS[suit]] in legal), (c, suit)
                    if not ch.ok:  # the refusal names the restriction the basis applies
                        assert basis in (FOLLOWS_SUIT, LEADS)
                        assert ch.rule in ("must-follow-suit", "trump-not-broken",
                                           "bad-declaration")
            if any(q.card.is_dual and q.bit & h._ts.unbroken for q in
                   (p for c in h.hands[h.turn] for p in c.all_plays)) and not h.trick:
                dual = next(c for c in h.hands[h.turn] if c.is_dual and c.bits & h._ts.unbroken)
                trump = next(s for s in dual.suits if SUIT_BITS[s] & h._ts.unbroken)
                assert g.can_play(dual, trump).rule == "bad-declaration"
                return
            g.play(rng.choice(legal))
    pytest.fail("no position with a Traveler/Hunter led as an unbroken trump was reached")


# ---------------------------------------------------------------------------- rule facts


def test_rule_facts_per_preset() -> None:
    for name in ("standard", "online", "original"):
        r = RuleSet.preset(name)
        assert not r.two_trumps and r.superior_at_deal == "S" and not r.superior_by_first_break
        assert r.zero_is_nil and r.min_bid == 1 and r.nil_kinds == ("nil",)
        assert not r.dual_cards
    for name in ("acorns", "acorns8"):
        r = RuleSet.preset(name)
        assert r.two_trumps and r.superior_at_deal is None and r.superior_by_first_break
        assert not r.zero_is_nil and r.min_bid == 0 and "full nil" in r.nil_kinds
        assert not r.dual_cards and RuleSet.preset(name, travelers_hunters=True).dual_cards


def test_rule_set_stays_frozen_after_play() -> None:
    """Per-rule-set tables live in module caches keyed by the rule set, never on it."""
    from spades_lab.play.players import HeuristicPlayer, play_game

    names = {f.name for f in dataclasses.fields(RuleSet)}
    for rules in (STD, RuleSet.preset("acorns8", travelers_hunters=True)):
        g = Game(rules)
        play_game(g, [HeuristicPlayer()] * rules.players, random.Random(3), max_hands=2)
        g.hand.winning_so_far()
        assert set(vars(rules)) == names
        with pytest.raises(dataclasses.FrozenInstanceError):
            rules.target = 1  # type: ignore[misc]
    # equal rule sets share one hash (and so one set of tables)
    assert hash(RuleSet.preset("acorns")) == hash(ACORNS)
    assert tables_for(RuleSet.preset("acorns")) is tables_for(ACORNS)


def test_a_game_pickles_and_plays_on_with_interned_trump_states() -> None:
    import pickle

    g = Game(TH)
    g.deal(rng=random.Random(8))
    for _ in range(4):
        g.bid(2)
    rng = random.Random(9)
    while not g.hand.broken:
        g.play(rng.choice(g.legal_plays()))
    g2 = pickle.loads(pickle.dumps(g))
    assert g2.hand._ts is g.hand._ts and g2.hand.superior == g.hand.superior
    while g2.phase == "play":
        g2.play(rng.choice(g2.legal_plays()))
    assert g2.hand.complete and sum(g2.hand.taken) == TH.hand_size
