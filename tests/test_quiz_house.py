"""The quiz's questions on the scoring house rules (docs/rulings.md section 9): each asked only
where its option is on, its answer the engine's own hand score (re-derived from the question's
record), its feedback the score explanation's lines, which show the rule at work."""
from __future__ import annotations

from typing import Any

import pytest

from spades_lab.core.records import replay
from spades_lab.core.rules import RuleSet
from spades_lab.teach.explain import explain_score
from spades_lab.teach.quiz import (
    HOUSE_SCORE_QUESTION_IDS,
    TOPICS,
    QuizQuestion,
    applicable_ids,
    learner_text,
    make_question,
    make_quiz,
    verify,
)
from spades_lab.teach.wording import house_words, said_lines

#: Each question's option, and the score line (with the option behind it) that shows it.
HOUSE: dict[str, tuple[dict[str, Any], tuple[str, ...], str | None]] = {
    "big-bid": ({"big_bid_bonus": 50}, ("big-bid",), "big_bid_bonus"),
    "moon": ({"moon_bonus": 200}, ("moon",), "moon_bonus"),
    "bag-penalty-held": ({"bag_penalty_while_negative": False}, ("bag-penalty-held",),
                         "bag_penalty_while_negative"),
    "blind-bid": ({"blind_bids": True}, ("blind-bid",), "blind_bids"),
    "nil-points": ({"nil_points": 50}, ("nil-made", "nil-failed"), None),
    "partners-nil": ({"partners_nil": "unit"}, ("nil-made", "nil-failed"), "partners_nil"),
    "failed-nil-ignored": ({"failed_nil_tricks": "ignored"}, ("failed-nil-tricks",),
                           "failed_nil_tricks"),
    "overtricks-nothing": ({"overtrick_points": 0}, ("bags",), "overtrick_points"),
}
SEEDS = (0, 1, 2)


def asked(key: str, options: dict[str, Any], seed: int) -> list[QuizQuestion]:
    quiz = make_quiz("standard", seed, topics=["scoring"], options=options)
    return [q for q in quiz.questions if q.tests == key]


def test_every_house_score_question_is_listed_once() -> None:
    assert set(HOUSE) == set(HOUSE_SCORE_QUESTION_IDS)
    assert set(HOUSE_SCORE_QUESTION_IDS) <= set(TOPICS["scoring"])


@pytest.mark.parametrize("key", sorted(HOUSE))
def test_a_house_rule_on_is_asked_about_and_answered_by_the_engine(key: str) -> None:
    options, lines, option = HOUSE[key]
    rules = RuleSet.preset("standard", options)
    assert key in applicable_ids(rules)
    found = [q for seed in SEEDS for q in asked(key, options, seed)]
    assert found, f"no question on {key} in seeds {SEEDS}"
    for q in found:
        assert q.kind == "hand-score" and q.options == options
        assert verify(q)
        # the answer, re-derived: the engine's score of the question's own hand
        game = replay(q.record).game
        team = game.hands[0].scores[q.action["team"]]  # type: ignore[index]
        assert q.answer_text == f"{team.hand_score:+d}"
        items = [it for it in team.items if it.rule in lines]
        assert items, [it.rule for it in team.items]
        if option is not None:
            assert any(it.option == option for it in items)
        if key == "nil-points":  # nil's value is the house rule's 50 (100 blind)
            assert {abs(n.points) for n in team.nils} <= {50, 100}
        if key == "partners-nil":  # both partners bid nil, and the two score as one
            assert len(team.nils) == 2 and len({n.points for n in team.nils}) == 1
        # feedback: the score explanation's lines, in learners' words
        ex = explain_score(game.hands[0]).teams[team.team]
        said = [x for x in said_lines(ex) if x.words]
        assert [learner_text(x) for x in q.feedback] == [learner_text(x) for x in said]
        words = "\n".join(learner_text(x) for x in q.feedback)
        assert any(it.text in words for it in items)
        # the question shows the house rule in force, in its own sentence
        assert set(house_words(rules)) <= set(q.shown)
        assert "_" not in words and "_" not in q.prompt


@pytest.mark.parametrize("key", sorted(HOUSE))
def test_with_the_option_off_no_question_is_about_it(key: str) -> None:
    assert key not in applicable_ids("standard")
    for seed in SEEDS:
        assert not asked(key, {}, seed)
    # nor where another house rule is on
    other = next(k for k in HOUSE if k != key)
    assert key not in applicable_ids("standard", HOUSE[other][0])


def test_the_heckadeck_sets_ask_only_the_house_rules_they_take() -> None:
    ids = applicable_ids("acorns", {"overtrick_points": 0, "failed_nil_tricks": "ignored"})
    assert "overtricks-nothing" in ids and "failed-nil-ignored" in ids
    assert "nil-points" not in ids and "moon" not in ids


def test_a_quiz_without_house_rules_is_as_it_was() -> None:
    ids = applicable_ids("standard")
    assert not set(ids) & set(HOUSE_SCORE_QUESTION_IDS)


@pytest.mark.parametrize(("preset", "options", "key"), [
    ("standard", {"partners_nil": "no_bags"}, "partners-nil"),
    ("online", {"partners_nil": "unit"}, "partners-nil"),
    ("original", {"moon_bonus": 100}, "moon"),
    ("online", {"blind_bids": True}, "blind-bid"),
    ("acorns", {"overtrick_points": 0}, "overtricks-nothing"),
    ("acorns8", {"failed_nil_tricks": "ignored"}, "failed-nil-ignored"),
    ("acorns", {"bag_penalty_while_negative": False}, "bag-penalty-held")])
def test_other_rule_sets_and_values_ask_it_too(preset: str, options: dict[str, Any],
                                              key: str) -> None:
    found = [q for seed in SEEDS
             for q in make_quiz(preset, seed, topics=["scoring"], options=options).questions
             if q.tests == key]
    assert found and all(verify(q) for q in found)


# house rules: bidding and play -- Jokers Spades

@pytest.mark.parametrize("form", ["on", "jokers_only"])
def test_the_jokers_question_asks_of_the_moved_cards_where_jokers_are_on(form: str) -> None:
    assert "jokers-follow" not in applicable_ids("standard", {})
    assert "jokers-follow" in applicable_ids("standard", {"jokers": form})
    assert "jokers-follow" in TOPICS["play"]
    rules = RuleSet.preset("standard", jokers=form)
    moved_asked = 0
    for seed in range(6):
        q = make_question(rules, "jokers-follow", seed=seed)
        assert q.tests == "jokers-follow" and verify(q)  # the engine's answer
        card = rules.deck.parse(q.action["card"])
        moved_asked += card.face != card.suits
        text = " ".join([q.prompt, *q.shown, *(learner_text(x) for x in q.feedback)])
        assert "BJ" not in text and "LJ" not in text and "_" not in text
        assert q.context["trick"]  # mid-trick
    assert moved_asked >= 3  # mostly about a Joker or the 2 of Diamonds


@pytest.mark.parametrize("form", ["on", "jokers_only"])
def test_a_trick_the_jokers_order_decides(form: str) -> None:
    """``jokers-rank``: who wins a trick of two trumps or more, one of them a Joker (or the 2
    of Diamonds or 2 of Spades the common form moves); the winner is the engine's, and the
    question shows the trumps' order among the house rules in force."""
    assert "jokers-rank" not in applicable_ids("standard", {})
    rules = RuleSet.preset("standard", jokers=form)
    special = {c.code for c in rules.deck.cards if c.face != c.suits} | (
        {"2S"} if form == "on" else set())
    for seed in range(4):
        q = make_question(rules, "jokers-rank", seed=seed)
        assert verify(q) and q.difficulty == 1
        h = replay(q.record).game.hands[0]
        plays = h.tricks[q.action["trick"]].plays
        trumps = [p.card.code for _, p in plays if p.suit in rules.trumps]
        assert len(trumps) >= 2 and set(trumps) & special, trumps
        assert set(house_words(rules)) <= set(q.shown)


@pytest.mark.parametrize("options", [{"jokers": "on"}, {"jokers": "jokers_only"},
                                     {"cutthroat": "deal_17"},
                                     {"cutthroat": "deal_17", "jokers": "on"}])
def test_a_card_out_of_the_deck_is_never_dealt(options: dict[str, Any]) -> None:
    """``deck-out``: a card the house rules take out (No) or one beside it that stays (Yes),
    both asked; the answer is the deck's own (a card out is refused in a deal)."""
    rules = RuleSet.preset("standard", options)
    assert "deck-out" in applicable_ids(rules)
    answers = set()
    for seed in range(10):
        q = make_question(rules, "deck-out", seed=seed)
        assert verify(q)
        out = {c.code for c in rules.deck.out}
        assert (q.action["card"] in out) == (q.answer == 1)
        if q.answer == 0:
            rules.deck.parse(q.action["card"])  # a card that stays is one of the deck's
        answers.add(q.answer_text)
    assert answers == {"Yes", "No"}
    for plain in ({}, {"cutthroat": "deal_13"}):  # nothing out: 13 each, 13 face down
        assert "deck-out" not in applicable_ids("standard", plain)


@pytest.mark.parametrize("options", [{"bidding": "mirror"}, {"cutthroat": "deal_17"},
                                     {"nil_bids": "off"}, {"team_bid_min": 4}])
def test_a_clash_of_house_rules_is_asked_both_ways(options: dict[str, Any]) -> None:
    """``option-clash``: may the table add an option to its house rules? The engine accepts
    the combination (Yes) or refuses it (No), and a refusal's feedback is the engine's own
    sentence of why, without the option's name."""
    rules = RuleSet.preset("standard", options)
    assert "option-clash" in applicable_ids(rules)
    answers = set()
    for seed in range(10):
        q = make_question(rules, "option-clash", seed=seed)
        assert verify(q) and q.difficulty == 3
        a = q.action
        try:
            rules.replace(**{a["option"]: a["value"]})
            assert q.answer_text == "Yes"
        except ValueError as e:
            assert q.answer_text == "No"
            reason = str(e).split("contradicts the other options: ", 1)[-1]
            assert reason[1:] in learner_text(q.feedback[0])
        assert "_" not in " ".join([q.prompt, *q.shown, *q.feedback_for(q.answer)])
        answers.add(q.answer_text)
    assert answers == {"Yes", "No"}
    # no house rule of bidding and play, or one no candidate clashes with: not asked
    for calm in ({}, {"jokers": "on"}, {"spade_lead": "any"}):
        assert "option-clash" not in applicable_ids("standard", calm)


def test_nil_switched_off_asks_no_nil_and_no_blind_nil_asks_no_exchange() -> None:
    off = applicable_ids("standard", {"nil_bids": "off"})
    assert not {"nil-made", "nil-failed", "failed-nil-tricks", "blind-not-allowed"} & set(off)
    for options in ({"blind_nil": False}, {"bidding": "mirror"}):
        ids = applicable_ids("online", options)
        assert "blind-exchange" not in ids and "exchange-invalid" not in ids
        assert "blind-not-allowed" in ids
    # blind nil switched off: refused blind, and nil itself (once the cards are seen) stays
    answers = {make_question("standard", "blind-not-allowed", seed=s,
                             options={"blind_nil": False}).answer_text for s in range(8)}
    assert answers == {"Yes", "No"}
