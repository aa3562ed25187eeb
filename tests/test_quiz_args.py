"""The quiz API refuses bad arguments (spades_lab.teach.quiz): typed errors with rule ids and
sentences, never a TypeError/KeyError/IndexError or a silently empty or sliced quiz; ``verify``
checks a question read back from its own JSON; the quiz page and answer key escape every value
they print.  One test per reproduction of issue 19 and hypothesis sweeps over the arguments."""
from __future__ import annotations

import json
import math
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import examples
from spades_lab.core.errors import RULE_IDS, ArgumentError, RecordError, RuleError, SpadesLabError
from spades_lab.teach.handout import answer_key, quiz_sheet
from spades_lab.teach.quiz import (
    QUIZ_IDS,
    Quiz,
    QuizQuestion,
    applicable_ids,
    make_question,
    make_quiz,
    verify,
)

ODD = [None, True, False, 2.0, math.nan, math.inf, "x", "1", "", [1], [None], (), {}, object(),
       10**20, 10**5000, -1, 0]
ANY = st.one_of(st.sampled_from(ODD), st.integers(-3, 5), st.integers(), st.booleans(),
                st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=6), st.none(),
                st.lists(st.one_of(st.integers(-1, 4), st.sampled_from(QUIZ_IDS)), max_size=3))
SWEEP = settings(max_examples=examples(60), deadline=None,
                 suppress_health_check=[HealthCheck.too_slow])


def typed(e: BaseException) -> None:
    """A refusal the kit means: one of its errors, a rule id, a sentence (the record checks'
    sentences may start with the field's name, e.g. "rules.preset must name a rule set")."""
    assert isinstance(e, SpadesLabError) and isinstance(e, RuleError), repr(e)
    assert e.rule in RULE_IDS
    assert e.message and (e.message[0].isupper() or e.message.startswith(("rules", "hands")))
    assert e.message.endswith("."), e.message
    assert len(e.message) < 1200


def refused(fn: Any, *a: Any, **kw: Any) -> RuleError:
    with pytest.raises(RuleError) as info:
        fn(*a, **kw)
    typed(info.value)
    return info.value


@pytest.fixture(scope="module")
def quiz() -> Quiz:
    return make_quiz("acorns", seed=1, options={"travelers_hunters": True})


@pytest.mark.parametrize("args, kw", [
    ((None,), {}),
    (("standard",), {"seed": [1]}),
    (("standard",), {"ids": 5}),
    (("standard",), {"ids": "must-follow-suit"}),
    (("standard",), {"ids": ["nope"]}),
    (("standard",), {"ids": [None]}),
    (("standard",), {"count": -1}),
    (("standard",), {"count": 0}),
    (("standard",), {"count": 2.0}),
    (("standard",), {"difficulty": 4}),
    (("standard",), {"difficulty": "1"}),
    (("standard",), {"difficulty": []}),
    (("standard",), {"difficulty": True}),
    (("standard",), {"options": "target=300"}),
    (("standard",), {"shuffle": "no"}),
    (("standard",), {"ids": []}),
    (("standard",), {"ids": ["ace-high"]}),  # no Ace flip in standard
])
def test_make_quiz_refuses_bad_arguments_typed(args: tuple[Any, ...], kw: dict[str, Any]) -> None:
    e = refused(make_quiz, *args, **kw)
    assert isinstance(e, ArgumentError) and e.rule == "bad-option"


def test_unknown_id_names_the_topics() -> None:
    e = refused(make_quiz, "standard", ids=["nope"])
    assert "The topic 'nope' cannot be asked: it is not a quiz topic" in e.message
    assert "must-follow-suit" in e.message
    e = refused(make_question, "standard", "nope")
    assert isinstance(e, ValueError)  # still a ValueError for older callers


def test_count_and_difficulty_refusals_are_sentences() -> None:
    assert "at least 1" in refused(make_quiz, "standard", count=-1).message
    assert "1, 2, 3" in refused(make_quiz, "standard", difficulty=4).message
    assert "1, 2 or 3" in refused(make_quiz, "standard", difficulty="1").message
    # what is allowed still works
    assert len(make_quiz("standard", count=3).questions) == 3
    assert {q.difficulty for q in make_quiz("standard", difficulty=[1, 3]).questions} == {1, 3}
    assert len(make_quiz("standard", count=10**20).questions) == len(applicable_ids("standard"))


def test_make_question_arguments_typed() -> None:
    refused(make_question, None, "first-lead")
    refused(make_question, "standard", "first-lead", seed="1")
    refused(make_question, "standard", 5)
    refused(make_question, "standard", "first-lead", options=[1])


def test_verify_none_and_junk_are_typed() -> None:
    for bad in (None, 5, "question", [1], object()):
        refused(verify, bad)


def test_verify_a_question_loaded_from_its_json(quiz: Quiz) -> None:
    for q in quiz.questions:
        data = json.loads(json.dumps(q.to_dict()))
        back = QuizQuestion.from_dict(data)
        assert back == q
        assert verify(data) and verify(back)


def test_verify_catches_a_wrong_answer_in_json(quiz: Quiz) -> None:
    q = next(x for x in quiz.questions if len(x.choices) == 2)
    data = q.to_dict()
    data["answer"] = 1 - data["answer"]
    assert verify(data) is False


@pytest.mark.parametrize("change", [
    {"answer": 99}, {"answer": "0"}, {"answer": True}, {"choices": []}, {"choices": "Yes"},
    {"difficulty": 4}, {"record": 5}, {"action": None}, {"action": {"kind": "nope"}},
    {"action": {"kind": "play"}}, {"action": {"kind": "trick", "hand": 0, "trick": 99}},
    {"action": {"kind": "trick", "hand": 5, "trick": 0}},
    {"action": {"kind": "score", "hand": 0, "team": 9}},
    {"action": {"kind": "play", "seat": 9, "card": "AS"}},
    {"action": {"kind": "option", "option": 5, "value": 1}},
    {"record": {"format": "nope"}}, {"prompt": None}, {"shown": [1]}, {"extra": 1},
    {"rules": "nope"}, {"options": {"nope": 1}},
])
def test_verify_refuses_a_malformed_question_typed(quiz: Quiz, change: dict[str, Any]) -> None:
    base = next(q for q in quiz.questions if q.action.get("kind") == "trick").to_dict()
    base.update(change)
    refused(verify, base)


def test_from_dict_refuses_a_question_without_fields() -> None:
    e = refused(QuizQuestion.from_dict, {"kind": "may-play"})
    assert isinstance(e, RecordError) and "has no" in e.message


def test_quiz_checks_its_own_fields(quiz: Quiz) -> None:
    for field, value in (("seed", "<script>alert(1)</script>"), ("seed", True),
                         ("rules", "standard"), ("questions", [])):
        refused(replace, quiz, **{field: value})


def test_quiz_pages_escape_every_value_they_print(quiz: Quiz) -> None:
    hostile = "<script>alert(1)</script>"
    q = quiz.questions[0]
    evil = replace(q, prompt=hostile, choices=(hostile, "No"), answer=0, feedback=(hostile,),
                   shown=(hostile,))
    bad = replace(quiz, questions=(evil,))
    object.__setattr__(bad, "seed", hostile)  # past the checks, as a hostile caller could
    for page in (quiz_sheet(bad), answer_key(bad), quiz_sheet(bad, hostile),
                 answer_key(bad, hostile)):
        assert "<script>" not in page and "&lt;script&gt;" in page


@SWEEP
@given(rules=st.one_of(st.sampled_from(["standard", "acorns"]), ANY), seed=ANY, count=ANY,
       ids=st.one_of(st.none(), ANY), difficulty=st.one_of(st.none(), ANY),
       options=st.one_of(st.none(), st.sampled_from([{}, {"target": 300}, {"x": 1}]), ANY))
def test_sweep_make_quiz(rules: Any, seed: Any, count: Any, ids: Any, difficulty: Any,
                         options: Any) -> None:
    try:
        quiz = make_quiz(rules, seed, count=count, ids=ids, difficulty=difficulty,
                         options=options)
    except Exception as e:  # noqa: BLE001 - the assertion is on its type
        typed(e)
        return
    assert quiz.questions and (count is None or len(quiz.questions) <= count)
    assert all(verify(q) for q in quiz.questions)


def _mutations() -> st.SearchStrategy[tuple[str, Any]]:
    fields = st.sampled_from(["kind", "tests", "rules", "options", "difficulty", "prompt",
                              "shown", "choices", "answer", "feedback", "context", "record",
                              "action"])
    return st.tuples(fields, ANY)


@SWEEP
@given(pick=st.integers(0, 40), changes=st.lists(_mutations(), max_size=2),
       action_changes=st.lists(st.tuples(st.sampled_from(["kind", "seat", "card", "as", "hand",
                                                          "trick", "team", "bid", "cards",
                                                          "option", "value"]), ANY),
                               max_size=2))
def test_sweep_verify_on_mutated_json(quiz: Quiz, pick: int, changes: list[tuple[str, Any]],
                                      action_changes: list[tuple[str, Any]]) -> None:
    data = json.loads(json.dumps(quiz.questions[pick % len(quiz.questions)].to_dict()))
    for key, value in action_changes:
        data["action"][key] = value
    for key, value in changes:
        data[key] = value
    try:
        assert verify(data) in (True, False)
    except Exception as e:  # noqa: BLE001
        typed(e)
