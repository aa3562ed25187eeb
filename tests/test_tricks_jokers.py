"""Jokers Spades (house rule ``jokers``, docs/rulings.md section 9) through the trick rules
(spades_lab.core.tricks) and every layer that reads them: the deck and deal, following suit,
leading, who wins, the refusals and explanations in words, records, the bots and the
double-dummy solver against the engine-driven minimax.  Tricks and legal plays are worked by
hand in the tables."""
from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from conftest import engine_per_move
from spades_lab.core.cards import (
    JOKERS,
    STANDARD_DECK,
    SUIT_BITS,
    jokers_card,
    parse_card,
    trump_order_words,
)
from spades_lab.core.engine import Game
from spades_lab.core.errors import IllegalAction, RecordError, Rule, RuleError
from spades_lab.core.records import replay
from spades_lab.core.rules import RuleSet
from spades_lab.core.tricks import legal_set, tables_for, trick_winner
from spades_lab.play.players import HeuristicPlayer, RandomPlayer, SimplePlayer, play_game
from spades_lab.render import card_html
from spades_lab.solver.search import Solver
from spades_lab.teach.explain import explain_play, explain_trick

ON = RuleSet.preset("standard", jokers="on")
ONLY = RuleSet.preset("standard", jokers="jokers_only")


def cards(rules: RuleSet, codes: str) -> list[Any]:
    return [rules.deck.parse(c) for c in codes.split()]


# ---------------------------------------------------------------------------- the deck

def test_the_deck_has_two_jokers_and_two_2s_out() -> None:
    for rules in (ON, ONLY):
        deck = rules.deck
        codes = {c.code for c in deck.cards}
        assert deck.size == 52 and rules.hand_size == 13
        assert {"BJ", "LJ"} <= codes and not {"2H", "2C"} & codes
        assert sum(c.suit == "S" for c in deck.cards) == (16 if rules is ON else 15)
    assert ON.deck.parse("2D").suits == ("S",) and ON.deck.parse("2D").face == ("D",)
    assert ONLY.deck.parse("2D").suits == ("D",)
    # the plain deck is untouched: the 2 of Diamonds is a Diamond there
    assert STANDARD_DECK.parse("2D").suits == ("D",) and parse_card("2D").suit == "D"
    assert ON.deck.parse("2D") is not parse_card("2D")
    assert jokers_card(parse_card("2D"), "on") is ON.deck.parse("2D")


@pytest.mark.parametrize(("rules", "high_to_low"), [
    (ON, "BJ LJ 2D 2S AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S"),
    (ONLY, "BJ LJ AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S"),
])
def test_the_trump_order(rules: RuleSet, high_to_low: str) -> None:
    rank = tables_for(rules).rank_high
    spades = sorted((c for c in rules.deck.cards if c.suit == "S"), key=lambda c: -rank[c])
    assert " ".join(c.code for c in spades) == high_to_low
    diamonds = [c.code for c in rules.deck.cards if c.suit == "D"]
    assert diamonds[0] == ("3D" if rules is ON else "2D") and diamonds[-1] == "AD"


def test_the_cards_out_and_the_jokers_elsewhere_are_errors() -> None:
    with pytest.raises(RuleError) as e:
        ON.deck.parse("2H")
    assert e.value.rule == Rule.UNKNOWN_CARD and "the 2 of Hearts is out of this deck" in \
        e.value.message
    with pytest.raises(RuleError):
        STANDARD_DECK.parse("BJ")  # a Joker is no card of the plain deck
    with pytest.raises(RuleError):
        RuleSet.preset("standard", jokers="three")
    with pytest.raises(RuleError):
        RuleSet.preset("acorns", jokers="on")


# ---------------------------------------------------------------------------- tricks, by hand

# (rules, the plays in order "seat:card", superior before, the winner, why)
TRICKS = [
    (ON, "1:KD 2:QD 3:2D 0:AD", "S", 3, "superior-trump-wins"),        # the 2 of Diamonds trumps
    (ON, "1:KD 2:QD 3:2D 0:LJ", "S", 0, "superior-trump-wins"),        # the Little Joker over it
    (ON, "0:AS 1:2S 2:2D 3:KS", "S", 2, "superior-trump-wins"),        # 2D > 2S > AS
    (ON, "0:LJ 1:BJ 2:2D 3:AS", "S", 1, "superior-trump-wins"),        # the Big Joker over all
    (ON, "0:3S 1:2S 2:4S 3:5S", "S", 1, "superior-trump-wins"),        # the 2 of Spades is high
    (ON, "0:3D 1:4D 2:AD 3:KD", "S", 2, "led-suit-wins"),              # no trump: the Ace
    (ONLY, "0:AS 1:2S 2:LJ 3:KS", "S", 2, "superior-trump-wins"),      # a Joker over the Ace
    (ONLY, "0:5D 1:2D 2:3D 3:4D", "S", 0, "led-suit-wins"),            # 2D is the lowest Diamond
    (ONLY, "0:3S 1:2S 2:4S 3:5S", "S", 3, "superior-trump-wins"),      # the 2 of Spades is low
]


@pytest.mark.parametrize(("rules", "plays", "sup", "winner", "why"), TRICKS)
def test_tricks_are_won_as_worked_by_hand(rules: RuleSet, plays: str, sup: str, winner: int,
                                          why: str) -> None:
    trick = [(int(s), rules.deck.parse(c).play) for s, c in (x.split(":")
                                                               for x in plays.split())]
    assert trick_winner(rules, trick, sup) == (winner, why)


# (rules, hand, led suit or "" to lead, Spades broken, the legal plays, why)
LEGAL = [
    (ON, "2D QD 5H", "D", True, "QD", "follows-suit"),        # the 2 of Diamonds is no Diamond
    (ON, "2D 5H 6C", "D", True, "2D 5H 6C", "cannot-follow"),  # void in Diamonds: any card
    (ON, "2D 5H 6C", "S", True, "2D", "follows-suit"),         # it follows a Spade lead
    (ON, "BJ 5H 6C", "S", True, "BJ", "follows-suit"),         # so does a Joker
    (ON, "BJ 2D 6C", "", False, "6C", "leads"),                # unbroken: no Joker, no 2D led
    (ON, "BJ 2D 3S", "", False, "BJ 2D 3S", "only-unbroken-trumps"),
    (ONLY, "2D QD 5H", "D", True, "2D QD", "follows-suit"),    # jokers_only: 2D is a Diamond
    (ONLY, "LJ 5H", "S", True, "LJ", "follows-suit"),
]


@pytest.mark.parametrize(("rules", "hand", "led", "broken", "legal", "why"), LEGAL)
def test_legal_plays_as_worked_by_hand(rules: RuleSet, hand: str, led: str, broken: bool,
                                       legal: str, why: str) -> None:
    held = cards(rules, hand)
    unbroken = 0 if broken else SUIT_BITS["S"]
    basis, plays = legal_set(held, SUIT_BITS[led] if led else 0, unbroken, False)
    assert (basis, " ".join(p.card.code for p in plays)) == (why, legal)


def _ending(rules: RuleSet, hands: list[str], broken: list[str]) -> Game:
    g = Game(rules)
    g.deal(rng=random.Random(5))
    for b in (3, 3, 3, 3):
        g.bid(b)
    g.set_ending([x.split() for x in hands], broken, "S")
    return g


def test_refusals_say_in_words_where_the_moved_cards_count() -> None:
    # East (seat 1) leads; Spades unbroken
    g = _ending(ON, ["3H 4C", "2D 5H", "QD 6H", "7H 5C"], [])
    with pytest.raises(IllegalAction) as e:
        g.play("2D")
    assert e.value.rule == Rule.TRUMP_NOT_BROKEN
    assert e.value.message.startswith("East may not lead Spades (the 2 of Diamonds counts as a "
                                      "Spade in your rules): Spades are not broken")
    g.play("5H")  # East, then South, West and North follow Hearts
    g.play("6H")
    g.play("7H")
    g.play("3H")
    assert g.hand is not None and g.hand.tricks[0].winner == 3
    g2 = _ending(ON, ["3S 4C", "AS 5H", "QD 6H", "2D 5C"], ["S"])
    g2.play("AS")   # East leads a Spade
    g2.play("QD")   # South is void in Spades
    with pytest.raises(IllegalAction) as e:
        g2.play("5C")  # West holds the 2 of Diamonds, a Spade here
    assert e.value.rule == Rule.MUST_FOLLOW_SUIT
    assert e.value.message == ("West must follow Spades: holds the 2 of Diamonds (the 2 of "
                               "Diamonds counts as a Spade in your rules).")
    with pytest.raises(IllegalAction) as e:
        g2.play("2D", "D")
    assert e.value.rule == Rule.BAD_DECLARATION and "counts as one of the Spades" in \
        e.value.message
    g2.play("2D", "S")  # its own suit in play may be named
    assert g2.hand is not None and g2.hand.trick[-1][1].suit == "S"


def test_explanations_name_the_jokers_and_the_order_in_words() -> None:
    g = _ending(ON, ["BJ 4C", "KD 5H", "QD 6H", "2D 5C"], ["S"])
    g.play("KD")  # East leads Diamonds
    ex = explain_play(g, "QD")
    assert ex.legal and ex.basis == "follows-suit"
    assert not explain_play(g, "6H").legal  # South holds a Diamond
    g.play("QD")
    ex = explain_play(g, "2D")
    assert ex.legal and ex.basis == "cannot-follow"
    assert "West holds no Diamonds (the led suit), so any card may be played (the 2 of " \
           "Diamonds counts as a Spade in your rules)" in ex.text
    g.play("2D")
    g.play("BJ")
    t = explain_trick(g.hand, 0)  # type: ignore[arg-type]
    assert t.winner == 0 and t.reason == "superior-trump-wins"
    assert "North wins with the Big Joker" in t.text
    assert "the trumps rank the Big Joker, the Little Joker, the 2 of Diamonds, the 2 of " \
           "Spades, then the Ace of Spades and down" in t.text
    for line in t.said:
        words = line.words
        assert not re.search(r"\b(BJ|LJ|2D)\b", words), words
    assert trump_order_words(STANDARD_DECK) == ""


def test_a_card_keeps_its_face_when_drawn() -> None:
    two = ON.deck.parse("2D")
    html = card_html(two)
    assert 'aria-label="The 2 of Diamonds"' in html and "sl-suit-D sl-red" in html
    big = card_html(JOKERS[0])
    assert 'aria-label="The Big Joker"' in big and "sl-joker" in big
    assert ">BJ<" not in big and two.pretty == "2♦" and JOKERS[1].pretty == "Little Joker"


# ---------------------------------------------------------------------------- records

def test_records_write_the_jokers_and_keep_the_2s_code() -> None:
    g = Game(ON)
    play_game(g, [HeuristicPlayer()] * 4, random.Random(2), max_hands=2)
    rec = json.loads(json.dumps(g.to_record()))
    assert rec["rules"] == {"preset": "standard", "options": {"jokers": "on"}}
    dealt = [c for h in rec["hands"][0]["deal"] for c in h]
    assert {"BJ", "LJ", "2D"} <= set(dealt) and "2H" not in dealt
    assert all("as" not in p for p in rec["hands"][0]["plays"])
    assert replay(rec).game.totals == g.totals
    bad = json.loads(json.dumps(rec))
    row = bad["hands"][0]["deal"][0]
    row[row.index("BJ")] = "2H"
    with pytest.raises(RecordError) as e:
        replay(bad)
    assert e.value.rule == Rule.BAD_RECORD and "out of this deck" in e.value.message
    plain = json.loads(json.dumps(rec))
    plain["rules"]["options"] = {}
    with pytest.raises(RecordError):
        replay(plain)  # the Jokers are errors where the house rule is not on


# ---------------------------------------------------------------------------- bots and the solver

@pytest.mark.parametrize("rules", [ON, ONLY], ids=["on", "jokers_only"])
def test_bots_play_whole_games(rules: RuleSet) -> None:
    for seed, player in enumerate((HeuristicPlayer(), RandomPlayer(), SimplePlayer())):
        g = Game(rules)
        play_game(g, [player] * 4, random.Random(seed), max_hands=4)
        assert all(h.scores is not None for h in g.hands)
        assert replay(g.to_record()).game.totals == g.totals


def _joker_endings(rules: RuleSet, seed: int, count: int) -> list[Game]:
    """Endings of 2-3 cards a seat from the trumps (Jokers and the 2 of Diamonds among them)
    and the Diamonds, so that the 2 of Diamonds' suit decides following, some part-played."""
    rng = random.Random(seed)
    out: list[Game] = []
    pool_all = [c for c in rules.deck.cards if c.suit in ("S", "D")]
    top = [c for c in pool_all if c.key in ("BJ", "LJ", "2D", "2")]
    while len(out) < count:
        g = Game(rules)
        g.deal(rng=rng)
        for b in (3, 3, 3, 3):
            g.bid(b)
        k = rng.choice((2, 3))
        rest = [c for c in pool_all if c not in top]
        rng.shuffle(rest)
        pool = top[:] + rest
        pool = pool[:4 * k]
        rng.shuffle(pool)
        g.set_ending([pool[i * k:(i + 1) * k] for i in range(4)],
                     ["S"] if rng.random() < 0.5 else [], "S")
        for _ in range(rng.randrange(3)):
            g.play(rng.choice(g.legal_plays()))
        out.append(g)
    return out


@pytest.mark.parametrize("rules", [ON, ONLY], ids=["on", "jokers_only"])
def test_solver_agrees_with_the_engine_minimax(rules: RuleSet) -> None:
    solvers = [Solver(rules), Solver(rules, fast=False), Solver(rules, accelerated=False)]
    for i, g in enumerate(_joker_endings(rules, 32, 40)):
        want = engine_per_move(g)
        for s in solvers:
            r = s.solve(g)
            assert r.per_move == want, i
            assert r.tricks == max(want.values())


def test_the_solver_keeps_the_decks_apart() -> None:
    """The same ending under the plain deck and the Jokers deck: the 2 of Diamonds trumps in
    one and is the lowest Diamond in the other."""
    hands = ["3S 4C", "KD 5H", "QD 6H", "2D 5C"]
    on = _ending(ON, hands, ["S"])
    plain = _ending(RuleSet.preset("standard"), hands, ["S"])
    for g in (on, plain):
        g.play("KD")
        g.play("QD")
        assert Solver(g.rules).solve(g).per_move == engine_per_move(g)
    assert {p.card.code for p in on.legal_plays()} == {"2D", "5C"}   # void in Diamonds
    assert {p.card.code for p in plain.legal_plays()} == {"2D"}      # must follow Diamonds
