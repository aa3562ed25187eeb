"""teach.claims: the solver's verdict on a claim (right, wrong with the line that beats it in
words, open when it cannot finish), the robots' answer, and settling a claim through the
engine, on hand-worked endings."""
from __future__ import annotations

import random

import pytest

from conftest import CLAIM_SPLIT as SPLIT
from conftest import CLAIM_SURE as SURE
from conftest import claim_ending as ending
from spades_lab import Game
from spades_lab.core.errors import Rule, RuleError
from spades_lab.teach.claims import check_claim, claim_words, robots_accept, settle

# (ending, claim, verdict, the tricks best play gives East and West) -- worked by hand
CASES = [
    (SURE, 2, "right", 2),
    (SURE, 1, "right", 2),  # partial: right, and best play takes more
    (SURE, 0, "right", 2),
    (SPLIT, 1, "right", 1),
    (SPLIT, 2, "wrong", 1),  # South's Ace of Hearts takes a trick however East plays
]


@pytest.mark.parametrize("hands,tricks,verdict,best", CASES)
def test_claims_check_hand_worked_endings(hands: list[list[str]], tricks: int, verdict: str,
                                          best: int) -> None:
    g = ending(hands)
    c = check_claim(g, 1, tricks)
    assert c.verdict == verdict and c.exact and c.low == c.high == best
    assert c.side == (1, 3) and c.remaining == 2
    assert robots_accept(c) is (verdict == "right")
    assert "East and West" in c.words and "♠" not in c.words
    if verdict == "wrong":
        assert "refutes" in c.words and "only 1 of the 2 tricks" in c.words
        assert "South wins trick" in c.words and "Hearts" not in c.words  # no card shown
        assert "South wins" in c.line_words and "the Ace of Hearts" in c.line_words
        assert len(c.line) == 8
    else:
        assert "agrees" in c.words and c.line == ()


def test_claims_check_settles_exact_and_refuses_a_wrong_claim_unaccepted() -> None:
    g = ending(SURE)
    settle(g, check_claim(g, 1, 2))
    h = g.hands[-1]
    assert h.claim is not None and h.claim.verified == "exact" and h.taken == [0, 2, 0, 0]
    g = ending(SPLIT)
    wrong = check_claim(g, 1, 2)
    with pytest.raises(RuleError) as e:
        settle(g, wrong)  # nobody accepted it: it does not stand
    assert e.value.rule is Rule.CLAIM_NOT_ACCEPTED and not g.hands[-1].complete
    settle(g, wrong, [0, 2])  # the others may still accept a wrong claim
    assert g.hands[-1].claim.verified == "agreed"  # type: ignore[union-attr]


def test_claims_check_says_so_when_the_solver_cannot_finish() -> None:
    g = Game("standard")
    g.deal(rng=random.Random(4))
    for _ in range(4):
        g.bid(3)
    c = check_claim(g, g.turn, 13, time_limit=0.001)  # type: ignore[arg-type]
    assert c.verdict == "open" and not c.exact and not robots_accept(c)
    assert "could not finish in 0.001 s: the other players decide" in c.words


def test_claims_check_refuses_what_the_engine_refuses() -> None:
    g = ending(SURE)
    with pytest.raises(RuleError) as e:
        check_claim(g, 0, 1)
    assert e.value.rule is Rule.CLAIM_NOT_YOUR_TURN


def test_claims_check_claim_words() -> None:
    assert claim_words(0, 3, 3, 4) == "North claims the rest of the tricks (3)."
    assert claim_words(1, 0, 2, 4) == "East concedes the rest of the tricks (2)."
    assert claim_words(2, 1, 3, 4) == "South claims 1 of the 3 tricks left."
