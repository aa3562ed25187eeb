"""The quiz's questions on claims (spades_lab.teach.quiz.claims; docs/rulings.md section 10):
asked only when a teacher asks for them, each answer the engine's (``Game.can_claim``, the
claim applied), both answers of each yes/no question met."""
from __future__ import annotations

import pytest

from conftest import examples
from spades_lab.core.records import replay
from spades_lab.core.rules import PRESETS
from spades_lab.teach.quiz import (
    CLAIM_QUESTION_IDS,
    TOPICS,
    YES_NO,
    applicable_ids,
    make_question,
    make_quiz,
    verify,
)


def test_claims_are_asked_when_asked_for() -> None:
    assert TOPICS["claims"] == CLAIM_QUESTION_IDS
    for name in PRESETS:
        assert not set(applicable_ids(name)) & set(CLAIM_QUESTION_IDS)
        assert not set(applicable_ids(name, include_input_checks=True)) & set(CLAIM_QUESTION_IDS)
    # claims are off only where a Nil Spades or Nil Acorns can be bid; no partner, no takers
    assert "claim-off" in applicable_ids("acorns", include_claims=True)
    assert "claim-off" not in applicable_ids("standard", include_claims=True)
    assert "claim-takers" not in applicable_ids("standard", {"cutthroat": "deal_17"},
                                                include_claims=True)
    quiz = make_quiz("acorns", 1, topics=["claims"])
    assert sorted(q.tests for q in quiz.questions) == sorted(CLAIM_QUESTION_IDS)
    assert all(verify(q) and q.difficulty == 3 for q in quiz.questions)


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_claim_rule_is_decided_both_ways(name: str) -> None:
    seeds = range(examples(12))
    for key in applicable_ids(name, include_claims=True):
        if key not in CLAIM_QUESTION_IDS:
            continue
        answers = set()
        for seed in seeds:
            q = make_question(name, key, seed=seed)
            assert verify(q), q.text
            g = replay(q.record).game
            if q.choices == YES_NO:
                check = g.can_claim(q.action["seat"], q.action["tricks"])
                assert q.answer == (0 if check.ok else 1)
                if not check.ok:  # the engine's own sentence, with the rule it names
                    assert check.message in q.feedback_for(q.answer)[1]
                    assert check.rule == key
            else:  # the claim applied: the tricks go to the side's first player without a nil
                before = list(g.hand.taken)  # type: ignore[union-attr]
                seat = q.action["seat"]
                side = g.rules.team_seats[g.rules.team_of(seat)]
                g.claim(seat, q.action["tricks"],
                        accepted_by=[s for s in range(g.rules.players) if s not in side])
                took = [g.seat_name(s) for s in side if g.hands[-1].taken[s] > before[s]]
                assert took == [q.answer_text]
                assert not g.hands[-1].bids[side[q.answer]].is_nil or all(
                    g.hands[-1].bids[s].is_nil for s in side)
            text = " ".join([q.prompt, *q.shown, *q.feedback_for(q.answer)])
            assert "claim-" not in text and "_" not in text
            answers.add(q.answer_text)
        if q.choices == YES_NO:
            assert answers == {"Yes", "No"}, (key, answers)
