"""The quiz generator (spades_lab.teach.quiz): every rule id of RULINGS.md section 7 and every
trick reason id can be asked in each rule set where it applies, each answer is the engine's
(re-derived from the question's own record), and the same seed gives the same quiz."""
from __future__ import annotations

import json
import re

import pytest

from spades_lab.core.errors import RULE_IDS
from spades_lab.core.rules import RuleSet
from spades_lab.teach.explain import TRICK_REASONS
from spades_lab.teach.quiz import (
    QUIZ_IDS,
    applicable_ids,
    learner_text,
    make_question,
    make_quiz,
    verify,
)

#: Every preset, and the options that switch rules on (Travelers/Hunters, teams of four).
RULE_SETS = [("standard", {}), ("online", {}), ("original", {}), ("acorns", {}),
             ("acorns", {"travelers_hunters": True}), ("acorns8", {}),
             ("acorns8", {"travelers_hunters": True, "teams": "fours"})]
IDS = [(name, opts, k) for name, opts in RULE_SETS
       for k in applicable_ids(name, opts, include_input_checks=True)]
#: (the house rules' ids, docs/rulings.md section 9, apply only where their option is on:
#: tests/test_rules_house_play.py)
SECTION7_RULES = tuple(k for k in RULE_IDS if k not in (
    "bad-option", "team-bid-limit", "bid-forced", "spades-first-trick"))


def where(k: str) -> set[str]:
    return {name + ("+th" if opts.get("travelers_hunters") else "")
            for name, opts in RULE_SETS
            if k in applicable_ids(name, opts, include_input_checks=True)}


def test_every_section7_id_applies_where_the_rules_say() -> None:
    all5 = {"standard", "online", "original", "acorns", "acorns+th", "acorns8", "acorns8+th"}
    for k in SECTION7_RULES:
        if k == "exchange-invalid":  # standard exchanges no cards after a blind nil
            assert where(k) == all5 - {"standard"}
        else:
            assert where(k) == all5, k
    for k in ("led-suit-wins", "superior-trump-wins", "broke-trump"):
        assert where(k) == all5
    for k in ("inferior-trump-wins", "superior-trump-set", "ace-high", "ace-low"):
        assert where(k) == {"acorns", "acorns+th", "acorns8", "acorns8+th"}
    for k in ("played-as-led-suit", "declared-suit"):
        assert where(k) == {"acorns+th", "acorns8+th"}
    assert set(TRICK_REASONS) <= set(QUIZ_IDS) and set(RULE_IDS) <= set(QUIZ_IDS)


LEARNER_BANNED = re.compile(r"\b(None|True|False)\b|\{|\}|_")


@pytest.mark.parametrize(("name", "opts", "key"), IDS,
                         ids=[f"{n}{'+' + '+'.join(map(str, o.values())) if o else ''}-{k}"
                              for n, o, k in IDS])
def test_every_id_can_be_asked_and_the_answer_is_the_engines(name: str, opts: dict,
                                                             key: str) -> None:
    q = make_question(name, key, seed=1, options=opts)
    assert q.tests == key and q.rules == name
    assert 0 <= q.answer < len(q.choices) and len(set(q.choices)) == len(q.choices)
    assert q.difficulty in (1, 2, 3)
    assert q.feedback and q.shown and q.prompt
    assert verify(q), q.text
    json.dumps(q.to_dict())
    for line in (q.prompt, *q.shown, *q.choices, *(x.learner() for x in q.feedback)):
        assert not LEARNER_BANNED.search(line), line
        assert not re.search(r"'(?:[0-9]{1,2}|[A-Z])[A-Z]{1,2}'", line), line  # a raw card code
        assert not any(f"({k})" in line or f"[{k}]" in line for k in QUIZ_IDS), line
    if q.kind in ("may-play", "may-lead", "declaration") and key != "wrong-phase":
        # the asked seat's hand, the bids, the trick so far and the trumps are shown
        text = "\n".join(q.shown)
        assert "'s hand:" in text and "Bids:" in text and "Trumps broken" in text
        assert "Trick" in text
        if len(RuleSet.preset(name, opts).trumps) > 1:
            assert "Superior trump" in text
    if q.kind in ("trick-winner", "ace", "trumps-broken", "superior"):
        text = "\n".join(q.shown)
        assert "Bids:" in text and "Trumps broken before" in text


@pytest.mark.parametrize("seed", [2, 3, 4])
def test_answers_hold_for_other_seeds(seed: int) -> None:
    for name, opts in RULE_SETS[::2]:
        quiz = make_quiz(name, seed, options=opts)
        assert all(verify(q) for q in quiz.questions)


def test_same_seed_same_quiz_and_seeds_differ() -> None:
    a = make_quiz("standard", 7)
    assert make_quiz("standard", 7) == a
    b = make_quiz("standard", 8)
    assert [q.record for q in a.questions] != [q.record for q in b.questions]
    assert sorted(q.tests for q in a.questions) == sorted(applicable_ids("standard"))


def test_quiz_filters_and_answer_key() -> None:
    quiz = make_quiz("online", 3, difficulty=1, count=4)
    assert len(quiz.questions) == 4 and {q.difficulty for q in quiz.questions} == {1}
    key = quiz.answer_key()
    assert [k[0] for k in key] == [1, 2, 3, 4]
    assert all(q.choices[ord(letter) - 65] == text
               for q, (_, letter, text) in zip(quiz.questions, key, strict=True))
    only = make_quiz("acorns", 0, ids=["ace-low", "inferior-trump-wins"], shuffle=False)
    assert [q.tests for q in only.questions] == ["ace-low", "inferior-trump-wins"]


def test_an_id_that_does_not_apply_is_refused() -> None:
    with pytest.raises(ValueError, match="cannot be asked in standard"):
        make_question("standard", "ace-high")
    with pytest.raises(ValueError, match="cannot be asked"):
        make_question("standard", "no-such-id")


def test_a_wrong_answer_fails_verification() -> None:
    from dataclasses import replace

    q = make_question("standard", "led-suit-wins", seed=0)
    assert verify(q)
    assert not verify(replace(q, answer=(q.answer + 1) % len(q.choices)))


def test_learner_text_drops_ids_and_option_values() -> None:
    """Rendered from the fields (a string is taken as words already, never cut apart)."""
    from spades_lab.teach.wording import Said, option_tag, rule_tag

    assert learner_text(Said("East wins", (rule_tag("superior-trump-wins", True),), ".")) \
        == "East wins."
    assert learner_text(Said("1 point each", (option_tag("failed_nil_tricks", "bags_only"),
                                              rule_tag("failed-nil-tricks")))) == "1 point each"
    assert learner_text("East wins.") == "East wins."


def test_bid_and_exchange_questions_ask_about_every_seat_north_included():
    """North is seat 0: a finder that returned a bare seat number read it as "nothing found",
    so bid and exchange questions never asked about North."""
    seen: dict[str, set[int]] = {"bid": set(), "exchange-count": set()}
    for preset in ("standard", "acorns", "online"):
        for seed in range(8):
            for q in make_quiz(preset, seed).questions:
                action = q.to_dict()["action"]
                if action and action.get("kind") in seen:
                    seen[action["kind"]].add(action["seat"])
    assert seen == {"bid": {0, 1, 2, 3}, "exchange-count": {0, 1, 2, 3}}
