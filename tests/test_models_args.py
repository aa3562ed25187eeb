"""The widget models refuse bad arguments (spades_lab.widgets.models, spades_lab.widgets.playmodel,
with the checks of spades_lab.core.args): a typed error with a rule id and a sentence, never a
TypeError/IndexError/OverflowError, and a refused call changes nothing.  One test per
reproduction of issue 19, hypothesis sweeps over every argument, and the best-card review after
Undo (its cache was keyed on the hand and the log's length)."""
from __future__ import annotations

import math
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import ROOT, examples
from spades_lab.core.errors import RULE_IDS, ArgumentError, RuleError, SpadesLabError
from spades_lab.core.records import replay
from spades_lab.widgets.models import (
    Choice,
    QuizModel,
    RuleExplorerModel,
    TableModel,
    WhatIfModel,
    hand_record,
    quiz_questions,
)
from spades_lab.widgets.playmodel import PlayModel

DEMO = ROOT / "data" / "scenarios" / "demo_acorns_th.json"
STANDARD = ROOT / "data" / "course" / "standard_hand.json"
BAD_RECORD = {"format": "spades-lab/1", "rules": {"preset": "standard"}, "hands": [{"deal": 5}]}

#: Values of every kind a caller might pass by mistake.
ODD = [None, True, False, 2.0, 1.5, math.nan, math.inf, -math.inf, "x", "1", "", [1], [None],
       (), {}, object(), b"AS", 10**20, -(10**20), 10**5000, -1]
ANY = st.one_of(st.sampled_from(ODD), st.integers(-3, 40), st.integers(), st.booleans(),
                st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=6), st.none(),
                st.lists(st.one_of(st.integers(-2, 60), st.text(max_size=3)), max_size=3))
SWEEP = settings(max_examples=examples(60), deadline=None,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


def typed(e: BaseException) -> None:
    """A refusal the kit means: one of its errors, a rule id, a sentence."""
    assert isinstance(e, SpadesLabError) and isinstance(e, RuleError), repr(e)
    assert e.rule in RULE_IDS
    assert e.message and e.message[0].isupper() and e.message.rstrip().endswith((".", "?")), \
        e.message
    assert len(e.message) < 600


def refused(fn: Any, *a: Any, **kw: Any) -> RuleError:
    with pytest.raises(RuleError) as info:
        fn(*a, **kw)
    typed(info.value)
    return info.value


def play_state(m: PlayModel) -> Any:
    return (m.record(), m.status(), m.waiting(), list(m.feed), len(m.history), m.rng.getstate(),
            m.pace, m.seat, m.last_trick)


def table_state(m: TableModel) -> Any:
    return (m.position, m.status(), m.error, m.view_seat, m.hand_index, len(m.snapshots))


def at_exchange() -> PlayModel:
    """The learner (North, original rules) owes a face-down exchange of 0 to 3 cards."""
    m = PlayModel("original", seat=0, seed=0)
    assert m.bid(m.blind_bids()[0]), m.message
    assert m.waiting() == "exchange" and m.exchange_due() == {"lo": 0, "hi": 3, "to": 2,
                                                              "face_down": True}
    return m


# ---------------------------------------------------------------------------- PlayModel


@pytest.mark.parametrize("value", [None, 2.0, object(), math.nan, "AS", "", {"AS": 1}, b"AS"])
def test_exchange_of_a_non_count_non_list_is_refused_and_changes_nothing(value: Any) -> None:
    m = at_exchange()
    before = play_state(m)
    assert m.exchange(value) is False
    assert m.message.startswith("Pass a number of cards") and m.message_rule == "exchange-invalid"
    assert play_state(m) == before


def test_exchange_true_is_not_one_card() -> None:
    m = at_exchange()
    before = play_state(m)
    assert m.exchange(True) is False and m.message_rule == "exchange-invalid"
    assert play_state(m) == before
    assert m.exchange(1) and m.waiting() != "exchange"  # a real count still passes


def test_exchange_count_out_of_range_names_the_range_briefly() -> None:
    m = at_exchange()
    assert m.exchange(10**5000) is False
    assert m.message == "You must pass 0 to 3 cards, not a number of about 5001 digits."


@pytest.mark.parametrize("hand_number", ["1", None, [1], 1.0, True])
def test_from_record_hand_number_must_be_a_whole_number(hand_number: Any) -> None:
    e = refused(PlayModel.from_record, DEMO, hand_number=hand_number)
    assert isinstance(e, ArgumentError) and "hand number" in e.message


@pytest.mark.parametrize("kw", [{"trick_number": "3"}, {"trick_number": False},
                                {"seat": 1.0}, {"seed": "7"}, {"pace": "x"}, {"pace": -1}])
def test_from_record_other_arguments_typed(kw: dict[str, Any]) -> None:
    refused(PlayModel.from_record, DEMO, **kw)


def test_from_record_huge_numbers_are_refused_in_words() -> None:
    e = refused(PlayModel.from_record, DEMO, hand_number=10**5000)
    assert e.rule == "bad-record" and "about 5001 digits" in e.message
    e = refused(PlayModel.from_record, DEMO, trick_number=10**20)
    assert e.rule == "bad-record"


@pytest.mark.parametrize("args, kw", [
    (("standard",), {"seed": [1]}),
    ((5,), {}),
    (("standard", "target=100"), {}),
    (("standard",), {"pace": "x"}),
    (("standard",), {"pace": -1}),
    (("standard",), {"pace": math.nan}),
    (("standard",), {"pace": math.inf}),
    (("standard",), {"seat": True}),
    (("standard",), {"seat": 4}),
    (("standard",), {"seed": 10**5000}),
    (("standard",), {"game": "not a game"}),
    (("nope",), {}),
    (("standard", {"target": "high"}), {}),
])
def test_play_model_arguments_are_refused_with_typed_errors(args: tuple[Any, ...],
                                                            kw: dict[str, Any]) -> None:
    e = refused(PlayModel, *args, **kw)
    assert e.rule == "bad-option"


def test_pace_set_later_is_checked_and_a_refusal_keeps_the_old_pace() -> None:
    m = PlayModel("standard", seed=1, pace=0.4)
    for bad in ("x", -1, math.nan, True, 1000):
        refused(setattr, m, "pace", bad)
        assert m.pace == 0.4
    m.pace = 0
    assert m.pace == 0.0


def test_refusals_carry_the_rule_id() -> None:
    m = PlayModel("standard", seat=0, seed=3)
    m.look()
    assert m.play("AS") is False and m.message_rule == "wrong-phase"
    assert m.bid(99) is False and m.message_rule in RULE_IDS
    assert m.bid(4) and m.message_rule is None


@SWEEP
@given(rules=st.one_of(st.sampled_from(["standard", "acorns8", "online"]), ANY),
       options=st.one_of(st.sampled_from([None, {}, {"target": 300}, {"nope": 1}]), ANY),
       seat=ANY, seed=ANY, pace=ANY)
def test_sweep_play_model_construction(rules: Any, options: Any, seat: Any, seed: Any,
                                       pace: Any) -> None:
    try:
        m = PlayModel(rules, options, seat=seat, seed=seed, pace=pace)
    except Exception as e:  # noqa: BLE001 - the assertion is on its type
        typed(e)
        return
    assert m.seat == seat and m.waiting() in ("look", "bid", "play", "bots", "exchange")


@SWEEP
@given(method=st.sampled_from(["exchange", "bid", "play"]), value=ANY)
def test_sweep_play_model_actions_refuse_without_change(method: str, value: Any) -> None:
    m = at_exchange()
    before = play_state(m)
    try:
        ok = getattr(m, method)(value)
    except Exception as e:  # noqa: BLE001
        typed(e)
        assert play_state(m) == before
        return
    if not ok:
        assert m.message and m.message_rule in RULE_IDS
        assert play_state(m) == before


@SWEEP
@given(seat=ANY, card=ANY)
def test_sweep_play_model_queries(seat: Any, card: Any) -> None:
    m = PlayModel("acorns", {"travelers_hunters": True}, seat=1, seed=2)
    before = play_state(m)
    for call in (lambda: m.seat_label(seat), lambda: m.plays_for(card)):
        try:
            call()
        except Exception as e:  # noqa: BLE001
            typed(e)
    assert play_state(m) == before


@SWEEP
@given(hand_number=ANY, trick_number=ANY, seat=ANY, seed=ANY)
def test_sweep_play_model_from_record(hand_number: Any, trick_number: Any, seat: Any,
                                      seed: Any) -> None:
    try:
        m = PlayModel.from_record(STANDARD, hand_number=hand_number, trick_number=trick_number,
                                  seat=seat, seed=seed)
    except Exception as e:  # noqa: BLE001
        typed(e)
        return
    assert m.game.hand is not None


@SWEEP
@given(time_limit=ANY, total_limit=ANY, node_limit=ANY)
def test_sweep_best_card_review_limits(time_limit: Any, total_limit: Any, node_limit: Any) -> None:
    m = PlayModel("standard", seed=1)
    before = play_state(m)
    try:
        assert m.best_card_review(time_limit=time_limit, total_limit=total_limit,
                                  node_limit=node_limit) is None  # no hand played yet
    except Exception as e:  # noqa: BLE001
        typed(e)
    assert play_state(m) == before


# ---------------------------------------------------------------------------- the review cache


def first_legal_to_the_end(m: PlayModel) -> None:
    while m.waiting() not in ("next-hand", "over"):
        w = m.waiting()
        assert w == "play", w
        card = next(c for c, ok in m.my_cards() if ok)
        assert m.play(m.plays_for(card)[0]), m.message


def learner_plays(m: PlayModel) -> list[Any]:
    """The learner's cards in tricks 10 to 13 (the tricks the learner played)."""
    h = m.game.hand
    assert h is not None
    return [p for t in h.tricks[9:] for s, p in t.plays if s == m.seat]


def test_best_card_after_undo_reviews_the_hand_played_not_the_one_taken_back() -> None:
    changed = 0
    for seed in range(20):
        m = PlayModel.from_record(STANDARD, trick_number=10, seat=seed % 4, seed=seed)
        first_legal_to_the_end(m)
        first = m.best_card_review(time_limit=None)
        assert first is not None and [p.play for p in first.plays] == learner_plays(m)
        # take back decisions until one had another card to play, and play that one
        while m.undo():
            legal = [c for c, ok in m.my_cards() if ok]
            if m.waiting() == "play" and len(legal) > 1:
                assert m.play(m.plays_for(legal[1])[0]), m.message
                break
        first_legal_to_the_end(m)
        again = m.best_card_review(time_limit=None)
        assert again is not None
        # the review is of the cards actually played now (the old key, hand and log length,
        # gave back the first review: the log has the same length after other cards)
        assert [p.play for p in again.plays] == learner_plays(m)
        if learner_plays(m) != [p.play for p in first.plays]:
            changed += 1
            assert again is not first
        assert m.best_card_review(time_limit=None) is again  # still worked out once
    assert changed >= 15  # the hand really was replayed differently in most seeds


# ---------------------------------------------------------------------------- TableModel


@pytest.mark.parametrize("hand", ["0", 1.0, True, None, -1])
def test_table_from_record_hand_typed(hand: Any) -> None:
    refused(TableModel.from_record, DEMO, hand)


def test_table_from_record_missing_hand_is_the_record_error() -> None:
    for hand in (99, 10**20, 10**5000):
        m = TableModel.from_record(DEMO, hand)
        assert not m.ok and m.error_rule == "bad-record"
        assert (m.error or "").startswith("The record has")


@pytest.mark.parametrize("k", ["x", math.nan, math.inf, None, 1.0, True, [1]])
def test_table_go_refuses_non_whole_positions_and_stays(k: Any) -> None:
    m = TableModel.from_record(DEMO)
    m.go(7)
    before = table_state(m)
    refused(m.go, k)
    refused(m.step, k)
    assert table_state(m) == before


def test_table_go_clamps_huge_whole_numbers() -> None:
    m = TableModel.from_record(DEMO)
    assert m.go(10**5000) == m.last and m.go(-(10**20)) == 0


def test_table_view_seat_checked() -> None:
    for seat in (4, -1, True, "0", 1.5):
        refused(TableModel.from_record, DEMO, view_seat=seat)
    m = TableModel.from_record(DEMO, view_seat=2)
    m.end()
    assert m.face_up() == [False, False, True, False]


def test_a_table_of_a_refused_record_answers_sensibly() -> None:
    m = TableModel.from_record(BAD_RECORD)
    assert not m.ok and m.error and m.error_rule == "bad-record"
    assert m.face_up() == [] and m.shown_trick() == ([], "") and m.explanation() == []
    assert m.status() == m.error and m.last == 0 and m.go(3) == 0
    assert m.best_play_view() == (None, m.error) and m.recorded_next() is None
    for attr in ("game", "hand", "rules"):
        e = refused(getattr, m, attr)
        assert e.message == m.error and e.rule == "bad-record"
    w = WhatIfModel(m)
    assert w.points == [] and w.choices() == [] and w.seat is None and w.recorded is None
    assert w.difference() == []
    refused(getattr, w, "game")
    refused(w.outcome, None)


# ---------------------------------------------------------------------------- what-if, rules


def test_what_if_set_point_and_try_play_typed() -> None:
    m = TableModel.from_record(DEMO)
    w = WhatIfModel(m)
    before = (w.point, w.result, w.message)
    for k in ("0", 1.0, None, True, math.nan):
        refused(w.set_point, k)
    for choice in ("AS", None, 3, [1]):
        refused(w.try_play, choice)
    assert (w.point, w.result, w.message) == before
    refused(WhatIfModel, "table")


def test_what_if_try_play_takes_a_play_checked_by_the_engine() -> None:
    w = WhatIfModel(TableModel.from_record(DEMO))
    w.set_point(w.points[4])
    choices = w.choices()
    legal = next(c for c in choices if c.ok)
    assert w.try_play(legal.play) and w.result is not None
    illegal = [c for c in choices if not c.ok]
    if illegal:
        assert not w.try_play(illegal[0].play) and w.message == illegal[0].message
    forged = Choice(legal.play, True, None, "")
    assert w.try_play(forged)


def test_rule_explorer_compare_by_preset_name_and_typed_refusals() -> None:
    g = replay(STANDARD).game
    m = RuleExplorerModel(g, 0)
    a, b, lines = m.compare("online")
    assert lines and m.comparison is not None
    before = m.comparison
    for rules in (5, None, ["standard"], "nope"):
        refused(m.compare, rules)
        assert m.comparison is before
    # the deal does not fit: the record error, nothing kept
    e = refused(RuleExplorerModel(replay(DEMO).game, 0).compare, "standard")
    assert e.rule == "bad-record"
    for hand in ("0", 1.0, True, 1, 10**20):
        refused(RuleExplorerModel, g, hand)
    refused(RuleExplorerModel, "game", 0)


def test_hand_record_hand_checked() -> None:
    g = replay(STANDARD).game
    for hand in (10**20, 10**5000, -1, 1, "0", 1.0, True, None):
        refused(hand_record, g, hand, alone=True)
    refused(hand_record, g, 0, alone="yes")
    assert hand_record(g, 0, alone=True)["hands"]


@SWEEP
@given(hand=ANY, view_seat=ANY, k=ANY, seat=ANY)
def test_sweep_table_model(hand: Any, view_seat: Any, k: Any, seat: Any) -> None:
    try:
        m = TableModel.from_record(STANDARD, hand, view_seat=view_seat)
    except Exception as e:  # noqa: BLE001
        typed(e)
        m = TableModel.from_record(STANDARD)
    for call in (lambda: m.go(k), lambda: m.step(k), lambda: m.seat_label(seat)):
        before = table_state(m)
        try:
            call()
        except Exception as e:  # noqa: BLE001
            typed(e)
            assert table_state(m) == before
    m.face_up()
    m.shown_trick()
    m.status()


@SWEEP
@given(k=ANY, choice=st.one_of(ANY, st.integers(0, 30)))
def test_sweep_what_if(k: Any, choice: Any) -> None:
    w = WhatIfModel(TableModel.from_record(STANDARD))
    before = (w.point, w.result, w.message)
    try:
        w.set_point(k)
    except Exception as e:  # noqa: BLE001
        typed(e)
        assert (w.point, w.result, w.message) == before
    choices = w.choices()
    pick = choices[choice % len(choices)] if isinstance(choice, int) and choices and \
        not isinstance(choice, bool) and 0 <= choice <= 30 else choice
    try:
        w.try_play(pick)
    except Exception as e:  # noqa: BLE001
        typed(e)


@SWEEP
@given(hand=ANY, alone=ANY, rules=st.one_of(st.sampled_from(["online", "original"]), ANY))
def test_sweep_hand_record_and_rule_explorer(hand: Any, alone: Any, rules: Any) -> None:
    g = replay(STANDARD).game
    try:
        rec = hand_record(g, hand, alone=alone)
        assert rec["hands"]
    except Exception as e:  # noqa: BLE001
        typed(e)
    m = RuleExplorerModel(g, 0)
    try:
        m.compare(rules)
    except Exception as e:  # noqa: BLE001
        typed(e)
        assert m.comparison is None


# ---------------------------------------------------------------------------- quiz model


@pytest.mark.parametrize("choice", [99, -1, "x", None, True, 1.0, 10**20])
def test_quiz_answer_out_of_range_is_refused_not_scored(choice: Any) -> None:
    qm = QuizModel(quiz_questions(replay(STANDARD).game))
    e = refused(qm.answer, choice)
    assert e.message.startswith("Pick one of the answers A,")
    assert qm.answered == {} and qm.score == (0, 0) and qm.index == 0
    right, _ = qm.answer(qm.question.answer)  # type: ignore[union-attr]
    assert right and qm.score == (1, 1)


def test_quiz_model_and_questions_arguments_typed() -> None:
    g = replay(STANDARD).game
    for bad in (None, 5, "questions", [1]):
        refused(QuizModel, bad)
    refused(quiz_questions, "game")
    refused(quiz_questions, g, "0")
    refused(quiz_questions, g, 0, rng=3)
    refused(quiz_questions, g, 0, count=-1)
    assert quiz_questions(g, 0, random.Random(1), count=2)


@SWEEP
@given(choices=st.lists(ANY, min_size=1, max_size=4))
def test_sweep_quiz_model_answers(choices: list[Any]) -> None:
    qm = QuizModel(quiz_questions(replay(STANDARD).game, count=3))
    for c in choices:
        before = (dict(qm.answered), qm.index, qm.score)
        try:
            qm.answer(c)
        except Exception as e:  # noqa: BLE001
            typed(e)
            assert (dict(qm.answered), qm.index, qm.score) == before
        qm.next()
