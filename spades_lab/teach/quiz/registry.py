"""The registry of builders (:data:`BUILDERS`: a rule id to the builder of its questions) and
the entry points :func:`make_question` and :func:`make_quiz`."""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ...core import args
from ...core.errors import ArgumentError, echo
from ...core.rules import RuleSet, rules_of
from .bidding import (
    b_bid_not_allowed,
    b_bid_out_of_range,
    b_blind_exchange,
    b_blind_not_allowed,
    b_exchange_invalid,
    b_full_nil_exchange,
)
from .catalogue import (
    CLAIM_QUESTION_IDS,
    END_QUESTION_IDS,
    INPUT_CHECK_IDS,
    QUIZ_IDS,
    SCORE_QUESTION_IDS,
    TOPICS,
    applicable_ids,
    level_of,
)
from .claims import BUILDERS as CLAIM_BUILDERS
from .heckadeck import (
    b_ace,
    b_bad_declaration,
    b_both_trumps_broken,
    b_declared_suit,
    b_played_as_led,
    b_superior_reset,
    b_superior_set,
    b_th_rank,
)
from .house import (
    HOUSE_SCORE_BUILDERS,
    b_bid_forced,
    b_deck_out,
    b_jokers_follow,
    b_jokers_rank,
    b_option_clash,
    b_spades_first_trick,
    b_team_bid_limit,
)
from .model import Quiz, QuizQuestion
from .play import (
    b_card_not_in_hand,
    b_first_lead,
    b_must_follow,
    b_not_your_turn,
    b_only_unbroken_trumps,
    b_trump_not_broken,
    b_unknown_card,
    b_void_any_card,
    b_wrong_phase,
)
from .positions import Builder, Pool
from .scoring import (
    SCORE_BUILDERS,
    b_bad_option,
    b_bad_record,
    b_bags_off,
    b_deal_size,
    b_dealer_rotation,
    b_end,
)
from .tricks import b_broke_trump, b_next_lead, b_trick_winner

BUILDERS: dict[str, Builder] = {
    "wrong-phase": b_wrong_phase,
    "not-your-turn": b_not_your_turn,
    "unknown-card": b_unknown_card,
    "card-not-in-hand": b_card_not_in_hand,
    "must-follow-suit": b_must_follow,
    "trump-not-broken": b_trump_not_broken,
    "bad-declaration": b_bad_declaration,
    "bid-out-of-range": b_bid_out_of_range,
    "bid-not-allowed": b_bid_not_allowed,
    "blind-not-allowed": b_blind_not_allowed,
    "exchange-invalid": b_exchange_invalid,
    "bad-record": b_bad_record,
    "bad-option": b_bad_option,
    "led-suit-wins": b_trick_winner("led-suit-wins"),
    "superior-trump-wins": b_trick_winner("superior-trump-wins"),
    "inferior-trump-wins": b_trick_winner("inferior-trump-wins"),
    "ace-high": b_ace("ace-high"),
    "ace-low": b_ace("ace-low"),
    "played-as-led-suit": b_played_as_led,
    "declared-suit": b_declared_suit,
    "broke-trump": b_broke_trump,
    "superior-trump-set": b_superior_set,
    **{line: SCORE_BUILDERS[line] for line in SCORE_QUESTION_IDS},
    **{end: b_end(end) for end in END_QUESTION_IDS},
    "first-lead": b_first_lead,
    "blind-exchange": b_blind_exchange,
    "dealer-rotation": b_dealer_rotation,
    "only-unbroken-trumps": b_only_unbroken_trumps,
    "both-trumps-broken": b_both_trumps_broken,
    "th-rank": b_th_rank,
    "bags-off": b_bags_off,
    "full-nil-exchange": b_full_nil_exchange,
    "cannot-follow": b_void_any_card,
    "next-lead": b_next_lead,
    "superior-trump-reset": b_superior_reset,
    "deal-size": b_deal_size,
    # house rules: bidding and play
    "team-bid-limit": b_team_bid_limit,
    "bid-forced": b_bid_forced,
    "spades-first-trick": b_spades_first_trick,
    "jokers-follow": b_jokers_follow,
    "jokers-rank": b_jokers_rank,
    "deck-out": b_deck_out,
    "option-clash": b_option_clash,
    **HOUSE_SCORE_BUILDERS,  # house rules: scoring
    **CLAIM_BUILDERS,  # claims (asked when asked for)
}


def make_question(rules: RuleSet | str, tests: str, *, seed: int = 0,
                  options: Mapping[str, Any] | None = None) -> QuizQuestion:
    """One question testing ``tests`` (an id of :data:`QUIZ_IDS`) in this rule set.  Raises
    :class:`~spades_lab.core.errors.ArgumentError` (a ``ValueError``) for an id that is not one
    or does not apply here (:func:`applicable_ids`)."""
    r = rules_of(rules, options)
    _check_id(r, tests)
    q = _make(r, tests, Pool(r, args.seed(seed)), random.Random(seed))
    if q is None:
        raise LookupError(f"No position for {tests!r} found in the {r.name} hands played for "
                          f"seed {seed}.")
    return q


def _check_id(r: RuleSet, tests: Any) -> str:
    if not isinstance(tests, str) or tests not in QUIZ_IDS:
        raise ArgumentError(f"The topic {echo(tests)} cannot be asked: it is not a quiz "
                            "topic; the topics are "
                            f"{', '.join(QUIZ_IDS)}.", argument="the topic")
    if tests not in applicable_ids(r, include_input_checks=True, include_claims=True):
        raise ArgumentError(f"The topic {tests!r} cannot be asked in {r.name}: that rule set "
                            "does not have the rule.", argument="the topic")
    return tests


#: How many times a builder is tried (on hands further on, with another rng) before the
#: quiz gives up on its id: for a position none of the hands had, or a question already asked.
ATTEMPTS = len(Pool.SHIFTS)


def _key(q: QuizQuestion) -> tuple[str, ...]:
    """What makes two questions the same to a student: the prompt and what is shown."""
    return (q.prompt, *q.shown)


def _about(q: QuizQuestion) -> tuple[str, ...] | None:
    """The trick of a played hand a trick question is about (two questions on one trick would
    show the same cards), else ``None``."""
    a = q.action
    if a.get("kind") not in ("trick", "ace", "broken", "superior", "next-lead"):
        return None
    hands = q.record.get("hands") or [{}]
    deal = hands[0].get("deal") if isinstance(hands[0], Mapping) else None
    return (str(deal), str(a.get("hand")), str(a.get("trick")))


def _make(r: RuleSet, tests: str, pool: Pool, rng: random.Random,
          seen: set[tuple[str, ...]] | None = None) -> QuizQuestion | None:
    """A question on ``tests``, none of ``seen`` (``None`` if every attempt found no position
    or only a question already asked)."""
    _check_id(r, tests)
    for attempt in range(ATTEMPTS):
        sub = rng if attempt == 0 else random.Random(rng.randrange(2**31))
        q = BUILDERS[tests](r, pool.shifted(attempt), sub)
        if q is not None and (seen is None or (_key(q) not in seen
                                               and _about(q) not in seen)):
            return q
    return None


def make_quiz(rules: RuleSet | str = "standard", seed: int = 0, *, count: int | None = None,
              ids: Sequence[str] | None = None, difficulty: int | Sequence[int] | None = None,
              options: Mapping[str, Any] | None = None, shuffle: bool = True,
              topics: Sequence[str] | None = None,
              include_input_checks: bool = False) -> Quiz:
    """A quiz: one question per id (default: every id that applies to the rule set,
    :func:`applicable_ids`; the software's input checks only with ``include_input_checks``),
    or per id of some ``topics`` (names of :data:`TOPICS`), optionally only of some difficulty
    levels, shuffled (easiest first) and cut to ``count`` (:func:`_cut`: the easiest first,
    as many topics as the count allows).  No question is asked twice.  The
    same arguments give the same quiz.  Arguments of the wrong kind, an id that is not a topic
    here, a level other than 1, 2 or 3, a ``count`` below 1, or a choice that leaves no
    question are refused (:class:`~spades_lab.core.errors.ArgumentError`)."""
    r = rules_of(rules, options)
    seed = args.seed(seed)
    args.optional_whole(count, "the number of questions", lo=1)
    args.flag(shuffle, "shuffle")
    args.flag(include_input_checks, "include_input_checks")
    here = applicable_ids(r, include_input_checks=True, include_claims=True)
    if ids is not None:
        wanted = [_check_id(r, k) for k in args.items(ids, "the topics (ids)")]
    else:
        wanted = list(applicable_ids(r, include_input_checks=include_input_checks))
    if topics is not None:
        names = [args.one_of(t, "each topic", tuple(TOPICS))
                 for t in args.items(topics, "the topics")]
        chosen = {k for t in names for k in TOPICS[t]}
        if "input-checks" in names:
            wanted += [k for k in INPUT_CHECK_IDS if k in here and k not in wanted]
        if "claims" in names:
            wanted += [k for k in CLAIM_QUESTION_IDS if k in here and k not in wanted]
        wanted = [k for k in wanted if k in chosen]
        if not wanted:
            raise ArgumentError(f"The topics {', '.join(names)} have no question in {r.name}.",
                                argument="the topics")
    if difficulty is not None:
        given: list[Any]
        if isinstance(difficulty, (list, tuple)):
            given = list(difficulty)
        elif args.is_whole(difficulty):
            given = [difficulty]
        else:
            raise ArgumentError("The difficulty must be a level 1, 2 or 3, or a list of them, "
                                f"not {echo(difficulty)}.", argument="the difficulty")
        levels = {args.one_of(x, "each difficulty level", (1, 2, 3)) for x in given}
        if not levels:
            raise ArgumentError("Choose at least one difficulty level (1, 2 or 3).",
                                argument="the difficulty")
        wanted = [k for k in wanted if level_of(r, k) in levels]
    if not wanted:
        raise ArgumentError("This quiz would have no questions: choose at least one topic of "
                            "the levels asked for.", argument="the topics")
    rng = random.Random(seed)
    pool = Pool(r, seed)
    seen: set[tuple[str, ...]] = set()
    questions = []
    for k in dict.fromkeys(wanted):
        q = _make(r, k, pool, random.Random(rng.randrange(2**31)), seen)
        if q is not None:
            seen.add(_key(q))
            about = _about(q)
            if about is not None:
                seen.add(about)
            questions.append(q)
    if not questions:
        raise ArgumentError(f"No position for these topics was found in the {r.name} hands "
                            "played for this quiz; try another seed.", argument="the topics")
    if shuffle:
        rng.shuffle(questions)
        questions.sort(key=lambda q: q.difficulty)
    if count is not None:
        questions = _cut(questions, count)
    return Quiz(r, seed, tuple(questions))


def _cut(questions: list[QuizQuestion], count: int) -> list[QuizQuestion]:
    """The quiz cut to ``count`` questions: the easiest levels first, and within the level the
    cut falls in, one question of each topic (:data:`TOPICS`; the bids and the card exchanges
    of the bidding count as two) in turn, in the quiz's order, so that a short sheet asks
    about as many topics as it can; kept in the quiz's order."""
    names = [t for t in TOPICS if t != "input-checks"] + ["input-checks"]

    def topic(q: QuizQuestion) -> tuple[int, bool]:
        return (next((i for i, t in enumerate(names) if q.tests in TOPICS[t]), len(names)),
                "exchange" in q.tests)

    chosen: list[int] = []
    for level in sorted({q.difficulty for q in questions}):
        group = [i for i, q in enumerate(questions) if q.difficulty == level]
        while group and len(chosen) < count:
            taken: set[tuple[int, bool]] = set()
            for i in list(group):
                if topic(questions[i]) not in taken and len(chosen) < count:
                    taken.add(topic(questions[i]))
                    chosen.append(i)
                    group.remove(i)
    return [questions[i] for i in sorted(chosen)]
