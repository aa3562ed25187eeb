"""Quizzes that test every rule: seeded, structured questions with the engine's answers.

Every question tests one rule id of RULINGS.md section 7, one trick reason id, one scoring /
end-of-game rule or one of the other rules of the game (:data:`QUIZ_IDS` lists them all,
:func:`applicable_ids` those of a rule set, :data:`TOPICS` groups them).  A quiz is about the
game: the software's own input checks (:data:`INPUT_CHECK_IDS`) are asked only when a teacher
asks for them, and a question never contradicts its own table (no card the deck lacks is
played, no card is led during the bidding, a question on whose turn it is does not say).  No
quiz asks the same question twice, and every choice has its own feedback
(:meth:`QuizQuestion.feedback_for`).
A question carries everything a student needs to answer it (``shown``: the rule set, the bids,
the tricks taken, the broken and superior trumps, the trick so far and the asked seat's hand),
the choices, the answer, feedback from :mod:`spades_lab.teach.explain`, a difficulty level (1
beginner, 2, 3 advanced) and the position as a game record (``record``), so anyone can replay
it and check the answer with the engine (:func:`verify`).

Positions come from hands played by the kit's players on deals shuffled by a seeded
``random.Random``: the same rule set and seed give the same questions.

>>> q = make_question("standard", "must-follow-suit", seed=3)
>>> q.kind, q.tests, q.choices, q.difficulty
('may-play', 'must-follow-suit', ('Yes', 'No'), 1)
>>> verify(q)
True
>>> quiz = make_quiz("acorns", seed=1, options={"travelers_hunters": True})
>>> sorted({x.tests for x in quiz.questions}) == sorted(applicable_ids(quiz.rules))
True
>>> make_quiz("acorns", seed=1, options={"travelers_hunters": True}) == quiz
True
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import chain, islice
from typing import Any

from ...core import args
from ...core.bids import Bid, spades_held
from ...core.cards import RANK_NAMES, SUIT_BITS, Card, Play, cards_text, is_counted_as, suit_name
from ...core.engine import Game, Hand, Phase, SeatView, trump_states
from ...core.errors import RULE_IDS, ArgumentError, RecordError, Rule, RuleError, echo
from ...core.line import Line
from ...core.records import replay
from ...core.rules import SUICIDE_MIN_BID, RuleSet, rules_from_json, rules_of, seat_name, team_name
from ...core.tricks import trick_winner
from ...core.words import plural
from ...play.players import HeuristicPlayer, act
from ..explain import (
    TRICK_REASONS,
    explain_bid,
    explain_exchange,
    explain_play,
    explain_score,
    explain_trick,
)
from ..wording import Said, failed_nil_tricks_words, house_words, learner, said_lines

#: The rule ids of RULINGS.md section 7 the quiz asks about (``bad-option`` included).
RULE_QUESTION_IDS: tuple[str, ...] = tuple(RULE_IDS)
#: The rule ids that guard the software's input rather than a rule of the game (a card the deck
#: does not have, a card another seat holds, acting out of turn or phase, an option or a record
#: the engine refuses): a quiz leaves them out unless asked (``include_input_checks=True``).
INPUT_CHECK_IDS: tuple[str, ...] = ("unknown-card", "card-not-in-hand", "not-your-turn",
                                    "wrong-phase", "bad-option", "bad-record")
#: The trick reason ids of RULINGS.md section 7.
REASON_QUESTION_IDS: tuple[str, ...] = TRICK_REASONS
#: Scoring line ids (the engine's ``LineItem.rule``) and the end-of-game outcomes.
SCORE_QUESTION_IDS: tuple[str, ...] = ("bid-made", "bid-missed", "bags", "nil-made",
                                       "nil-failed", "failed-nil-tricks", "bag-penalty")
END_QUESTION_IDS: tuple[str, ...] = ("target-reached", "highest-tie", "losing-floor",
                                     "below-target")
#: Other topics: who leads first, how many cards a blind nil exchanges, who deals the next
#: hand, the lead of a hand of unbroken trumps only, both trumps broken in one trick, where
#: Travelers and Hunters rank, bags with no penalty, the blind Full Nil exchange; any card
#: when void in the led suit, the trick's winner leading the next, the superior trump chosen
#: afresh each deal, how many cards each player is dealt.
TOPIC_QUESTION_IDS: tuple[str, ...] = ("first-lead", "blind-exchange", "dealer-rotation",
                                       "only-unbroken-trumps", "both-trumps-broken",
                                       "th-rank", "bags-off", "full-nil-exchange",
                                       "cannot-follow", "next-lead", "superior-trump-reset",
                                       "deal-size")
# house rules: scoring
#: The scoring house rules' questions (docs/rulings.md section 9), each asked only where its
#: option is on: a hand score with a big-bid bonus, the moon, a bag penalty held back below 0,
#: a blind ordinary bid (``blind_bids``), nil worth 50, partners' nils scored as a unit (or
#: their tricks not bags), a failed nil's tricks ignored, overtricks worth nothing.
HOUSE_SCORE_QUESTION_IDS: tuple[str, ...] = ("big-bid", "moon", "bag-penalty-held", "blind-bid",
                                             "nil-points", "partners-nil", "failed-nil-ignored",
                                             "overtricks-nothing")
# end of house rules: scoring
#: house rules: bidding and play -- Jokers Spades' question (asked where ``jokers`` is on): may
#: a seat play a Joker or a card the rule makes a trump (the 2 of Diamonds) on this trick?
HOUSE_PLAY_QUESTION_IDS: tuple[str, ...] = ("jokers-follow",)
QUIZ_IDS: tuple[str, ...] = (RULE_QUESTION_IDS + REASON_QUESTION_IDS + SCORE_QUESTION_IDS
                             + END_QUESTION_IDS + TOPIC_QUESTION_IDS + HOUSE_SCORE_QUESTION_IDS
                             + HOUSE_PLAY_QUESTION_IDS)

#: The topics by name, as a teacher asks for them (``spades-lab handout quiz --topic``): the
#: ids each covers (those that apply to the rule set are asked).
TOPICS: dict[str, tuple[str, ...]] = {
    "play": ("must-follow-suit", "first-lead", "led-suit-wins", "played-as-led-suit",
             "declared-suit", "bad-declaration", "cannot-follow", "next-lead",
             "jokers-follow"),
    "trumps": ("trump-not-broken", "only-unbroken-trumps", "broke-trump", "superior-trump-wins",
               "inferior-trump-wins", "superior-trump-set", "both-trumps-broken",
               "superior-trump-reset",
               "spades-first-trick"),  # (house rules: bidding and play)
    "tricks": REASON_QUESTION_IDS + ("th-rank",),
    "bidding": ("bid-out-of-range", "bid-not-allowed", "blind-not-allowed", "exchange-invalid",
                "blind-exchange", "full-nil-exchange",
                # house rules: bidding and play (asked where the option is on)
                "team-bid-limit", "bid-forced"),
    "scoring": SCORE_QUESTION_IDS + ("bags-off",) + HOUSE_SCORE_QUESTION_IDS,
    "game": END_QUESTION_IDS + ("dealer-rotation", "deal-size"),
    "input-checks": INPUT_CHECK_IDS,
}

YES_NO = ("Yes", "No")

#: Difficulty per id, following the lesson plans (docs/teachers/lesson_plans.md): 1 lesson 1
#: (tricks, following suit, the trump and its lead), 2 lesson 2 (bids, scores, nil, the end of
#: a game), 3 the fine print and lesson 3 (the Heckadeck).  In the two-trump sets every trump
#: question is lesson 3's (:func:`level_of`).
DIFFICULTY: dict[str, int] = {
    "wrong-phase": 1, "not-your-turn": 1, "unknown-card": 1, "card-not-in-hand": 1,
    "must-follow-suit": 1, "led-suit-wins": 1, "first-lead": 1,
    "trump-not-broken": 1, "superior-trump-wins": 1, "broke-trump": 1,
    "only-unbroken-trumps": 1, "cannot-follow": 1, "next-lead": 1, "deal-size": 1,
    "bid-out-of-range": 2, "bid-not-allowed": 2, "dealer-rotation": 2,
    "blind-not-allowed": 2, "bid-made": 2, "bid-missed": 2, "bags": 2, "nil-made": 2,
    "nil-failed": 2, "target-reached": 2, "below-target": 2, "bag-penalty": 2,
    "failed-nil-tricks": 2, "highest-tie": 2, "losing-floor": 2, "blind-exchange": 2,
    "exchange-invalid": 2, "bags-off": 2,
    "bad-declaration": 3, "bad-record": 3, "bad-option": 3,
    "inferior-trump-wins": 3, "ace-high": 3, "ace-low": 3, "played-as-led-suit": 3,
    "declared-suit": 3, "superior-trump-set": 3, "both-trumps-broken": 3, "th-rank": 3,
    "full-nil-exchange": 3, "superior-trump-reset": 3,
    # house rules: bidding and play
    "team-bid-limit": 2, "bid-forced": 2, "spades-first-trick": 1, "jokers-follow": 1,
    # house rules: scoring
    **dict.fromkeys(HOUSE_SCORE_QUESTION_IDS, 2),
}
#: The ids that are lesson 3's wherever there are two trumps (the Heckadeck sets).
_HECKADECK_LEVEL3 = ("trump-not-broken", "superior-trump-wins", "broke-trump",
                     "only-unbroken-trumps", "blind-exchange", "exchange-invalid",
                     "bid-not-allowed", "deal-size")


def level_of(rules: RuleSet, key: str) -> int:
    """The difficulty of a question on ``key`` in this rule set (the lesson that teaches it).

    >>> level_of(RuleSet.preset("standard"), "trump-not-broken")
    1
    >>> level_of(RuleSet.preset("acorns"), "trump-not-broken")
    3
    """
    if len(rules.trumps) > 1 and key in _HECKADECK_LEVEL3:
        return 3
    return DIFFICULTY.get(key, 2)


# ---------------------------------------------------------------------------- the question


@dataclass(frozen=True)
class QuizQuestion:
    """One question.

    ``kind`` is the form (``may-play``, ``may-lead``, ``may-bid``, ``may-exchange``,
    ``declaration``, ``trick-winner``, ``ace``, ``trumps-broken``, ``superior``,
    ``first-lead``, ``exchange-count``, ``hand-score``, ``game-over``, ``deck``, ``deal-size``,
    ``option``); ``tests`` the id it tests (one of :data:`QUIZ_IDS`); ``shown`` the facts a
    student needs, in words, one per line; ``context`` the same facts as JSON-ready data (cards
    as record codes, seats as numbers); ``answer`` the index of the right choice; ``feedback``
    the engine's explanation as :class:`~spades_lab.teach.wording.Said` lines in learners'
    words (each with its ``level``: a detail line is drawn indented from the level, never
    from leading spaces; a text given is one line of level 0); ``record`` the position (a
    game record) and ``action`` what the question asks about, from which :func:`verify`
    re-derives the answer.
    """

    kind: str
    tests: str
    rules: str
    options: dict[str, Any]
    difficulty: int
    prompt: str
    shown: tuple[str, ...]
    choices: tuple[str, ...]
    answer: int
    feedback: tuple[Said, ...]
    context: dict[str, Any] = field(default_factory=dict)
    record: dict[str, Any] = field(default_factory=dict)
    action: dict[str, Any] = field(default_factory=dict)
    #: Feedback per choice (``choice_feedback[i]``: what a student who chose ``i`` reads),
    #: derived from the engine; empty in a question read from older JSON (then
    #: :meth:`feedback_for` builds it from ``feedback``).
    choice_feedback: tuple[tuple[Said, ...], ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "feedback", _said(self.feedback))
        object.__setattr__(self, "choice_feedback",
                           tuple(_said(x) for x in self.choice_feedback))

    @property
    def answer_text(self) -> str:
        return self.choices[self.answer]

    def feedback_for(self, choice: int) -> tuple[str, ...]:
        """The feedback for a student who chose ``choice`` (an index into ``choices``): whether
        it is right, and why, in the engine's words, as text (a detail line laid out by
        :meth:`Said.learner <spades_lab.teach.wording.Said.learner>`); the lines themselves
        are :meth:`feedback_said`.

        >>> q = make_question("standard", "first-lead", seed=1)
        >>> q.feedback_for(q.answer)[0].startswith("Right")
        True
        >>> wrong = (q.answer + 1) % len(q.choices)
        >>> q.feedback_for(wrong) != q.feedback_for(q.answer)
        True
        """
        return tuple(x.learner() for x in self.feedback_said(choice))

    def feedback_said(self, choice: int) -> tuple[Said, ...]:
        """:meth:`feedback_for` as lines with their level, for a screen to lay out.

        >>> q = make_question("standard", "bid-made", seed=2)
        >>> [x.level for x in q.feedback_said(q.answer)][:1]
        [0]
        """
        args.one_of(choice, "the choice", range(len(self.choices)))
        if len(self.choice_feedback) == len(self.choices):
            return self.choice_feedback[choice]
        return _generic_choice_feedback(self.choices, self.answer, self.feedback)[choice]

    @property
    def text(self) -> str:
        lines = [self.prompt, *self.shown]
        lines += [f"  {chr(65 + i)}. {c}" for i, c in enumerate(self.choices)]
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "tests": self.tests, "rules": self.rules,
                "options": dict(self.options), "difficulty": self.difficulty,
                "prompt": self.prompt, "shown": list(self.shown), "choices": list(self.choices),
                "answer": self.answer, "feedback": _said_json(self.feedback),
                "context": self.context, "record": self.record, "action": self.action,
                "choice_feedback": [_said_json(x) for x in self.choice_feedback]}

    @classmethod
    def from_dict(cls, data: Any) -> QuizQuestion:
        """A question from its :meth:`to_dict` (e.g. read back from JSON), its fields checked:
        a malformed one is refused with a :class:`~spades_lab.core.errors.RecordError`
        (``bad-record``).

        >>> q = make_question("standard", "first-lead", seed=1)
        >>> QuizQuestion.from_dict(q.to_dict()) == q
        True
        """
        if not isinstance(data, Mapping):
            raise _bad_question(f"it must be an object of named fields, not {echo(data)}")
        missing = [f for f in _FIELDS if f not in data]
        if missing:
            raise _bad_question(f"it has no {', '.join(map(repr, missing))}")
        extra = [k for k in data if k not in _FIELDS and k != "choice_feedback"]
        if extra:
            raise _bad_question(f"it has an unknown field {echo(extra[0], 40)}")
        for name, kind in _FIELDS.items():
            value = data[name]
            if kind is str and not isinstance(value, str):
                raise _bad_question(f"its {name} must be text, not {echo(value)}")
            if kind is dict and not (isinstance(value, Mapping)
                                     and all(isinstance(k, str) for k in value)):
                raise _bad_question(f"its {name} must be an object, not {echo(value)}")
            if name == "feedback":
                if not _said_json_ok(value):
                    raise _bad_question(f"its feedback must be a list of lines (texts, or "
                                        f"objects with words and a level), not {echo(value)}")
            elif kind is list and not (isinstance(value, (list, tuple))
                                       and all(isinstance(x, str) for x in value)):
                raise _bad_question(f"its {name} must be a list of texts, not {echo(value)}")
        choices = tuple(data["choices"])
        answer, level = data["answer"], data["difficulty"]
        if not choices:
            raise _bad_question("it has no choices")
        if not (args.is_whole(answer) and 0 <= answer < len(choices)):
            raise _bad_question(f"its answer must be a choice from 0 to {len(choices) - 1}, "
                                f"not {echo(answer)}")
        if not (args.is_whole(level) and level in (1, 2, 3)):
            raise _bad_question(f"its difficulty must be 1, 2 or 3, not {echo(level)}")
        per = data.get("choice_feedback", [])
        if not (isinstance(per, (list, tuple)) and all(_said_json_ok(x) for x in per)
                and len(per) in (0, len(choices))):
            raise _bad_question("its choice_feedback must be a list of texts for each choice, "
                                f"not {echo(per)}")
        return cls(data["kind"], data["tests"], data["rules"], dict(data["options"]), level,
                   data["prompt"], tuple(data["shown"]), choices, answer,
                   _said_of_json(data["feedback"]), dict(data["context"]),
                   dict(data["record"]), dict(data["action"]),
                   tuple(_said_of_json(x) for x in per))


#: The fields of a question's JSON and their kinds (``int``: checked on its own).
_FIELDS: dict[str, type] = {
    "kind": str, "tests": str, "rules": str, "options": dict, "difficulty": int, "prompt": str,
    "shown": list, "choices": list, "answer": int, "feedback": list, "context": dict,
    "record": dict, "action": dict}


def _said(lines: Sequence[Any]) -> tuple[Said, ...]:
    """Feedback lines as learners' :class:`Said` lines: a text is one line of level 0; a line's
    rule ids and option notes are teachers' and left out (the quiz speaks to students)."""
    out = []
    for x in lines:
        if isinstance(x, Said):
            out.append(Said(x.words + x.stop, (), "", x.level, x.points, x.column)
                       if x.tags or x.stop else x)
        else:
            out.append(Said(str(x)))
    return tuple(out)


#: A feedback line's fields in JSON besides its words, with their defaults.
_SAID_FIELDS = {"level": 0, "points": None, "column": False}


def _said_json(lines: Sequence[Said]) -> list[Any]:
    """Feedback lines as JSON: a line of level 0 with nothing else is its text; any other is
    an object with its words and the layout fields it sets."""
    out: list[Any] = []
    for x in lines:
        extra = {k: getattr(x, k) for k, d in _SAID_FIELDS.items() if getattr(x, k) != d}
        out.append({"words": x.words, **extra} if extra else x.words)
    return out


def _said_json_ok(value: Any) -> bool:
    """Is ``value`` feedback lines as :func:`_said_json` writes them?"""
    def ok(x: Any) -> bool:
        if isinstance(x, str):
            return True
        return (isinstance(x, Mapping) and isinstance(x.get("words"), str)
                and set(x) <= {"words", *_SAID_FIELDS}
                and args.is_whole(x.get("level", 0)) and 0 <= x.get("level", 0) <= 3
                and (x.get("points") is None or args.is_whole(x["points"]))
                and isinstance(x.get("column", False), bool))
    return isinstance(value, (list, tuple)) and all(ok(x) for x in value)


def _said_of_json(value: Sequence[Any]) -> tuple[Said, ...]:
    return tuple(Said(x) if isinstance(x, str) else
                 Said(x["words"], level=x.get("level", 0), points=x.get("points"),
                      column=x.get("column", False)) for x in value)


def _bad_question(why: str) -> RecordError:
    return RecordError(Rule.BAD_RECORD, f"This quiz question cannot be used: {why}.")


@dataclass(frozen=True)
class Quiz:
    """A seeded set of questions for one rule set."""

    rules: RuleSet
    seed: int
    questions: tuple[QuizQuestion, ...]

    def __post_init__(self) -> None:
        args.instance(self.rules, "the quiz's rules", RuleSet, "a RuleSet")
        args.seed(self.seed, "the quiz's seed")
        args.instance(self.questions, "the quiz's questions", tuple, "a tuple of questions")
        for q in self.questions:
            args.instance(q, "each question", QuizQuestion, "a QuizQuestion")

    def answer_key(self) -> list[tuple[int, str, str]]:
        """(question number from 1, choice letter, choice text) for each question."""
        return [(i + 1, chr(65 + q.answer), q.answer_text) for i, q in enumerate(self.questions)]

    def to_dict(self) -> dict[str, Any]:
        return {"rules": self.rules.to_json(), "seed": self.seed,
                "questions": [q.to_dict() for q in self.questions]}


# ---------------------------------------------------------------------------- applicability




# house rules: scoring
def _house_score_on(rules: RuleSet, key: str) -> bool:
    """Whether the option a scoring house rule's question is about is on in ``rules``."""
    return {"big-bid": rules.big_bid_bonus > 0, "moon": rules.moon_bonus > 0,
            "bag-penalty-held": not rules.bag_penalty_while_negative,
            "blind-bid": rules.blind_bids,
            "nil-points": "nil" in rules.nil_kinds and rules.nil_points != 100,
            "partners-nil": rules.partners_nil != "separate",
            "failed-nil-ignored": rules.failed_nil_tricks == "ignored",
            "overtricks-nothing": rules.overtrick_points == 0}[key]
# end of house rules: scoring


def _has_exchange(rules: RuleSet) -> bool:
    return any(hi > 0 for _, (_, hi) in rules.blind_exchange)


def _plain_trumps(rules: RuleSet) -> list[Card]:
    return [c for c in rules.deck.cards if not c.is_dual and c.suit in rules.trumps]


def applicable_ids(rules: RuleSet | str, options: Mapping[str, Any] | None = None, *,
                   include_input_checks: bool = False) -> tuple[str, ...]:
    """The ids a quiz asks about in this rule set: every rule id except ``exchange-invalid``
    where no blind bid exchanges cards; ``inferior-trump-wins``, ``superior-trump-set`` and
    ``both-trumps-broken`` with two trumps; ``ace-high``/``ace-low`` where the Ace flips;
    ``played-as-led-suit``, ``declared-suit`` and ``th-rank`` with Travelers and Hunters;
    ``bag-penalty`` with bags counted, ``bags-off`` without; every other scoring and
    end-of-game id.  The input checks (:data:`INPUT_CHECK_IDS`) only with
    ``include_input_checks``.

    >>> "unknown-card" in applicable_ids("standard")
    False
    >>> "unknown-card" in applicable_ids("standard", include_input_checks=True)
    True
    >>> "bag-penalty" in applicable_ids("standard", {"bag_limit": None})
    False
    """
    r = rules_of(rules, options)
    args.flag(include_input_checks, "include_input_checks")
    out = []
    for key in QUIZ_IDS:
        if key in INPUT_CHECK_IDS and not include_input_checks:
            continue
        if key in ("exchange-invalid", "blind-exchange") and not _has_exchange(r):
            continue
        if key == "full-nil-exchange" and r.exchange_range("full nil")[1] == 0:
            continue
        if key in ("inferior-trump-wins", "superior-trump-set", "both-trumps-broken",
                   "superior-trump-reset") and len(r.trumps) < 2:
            continue
        if key in ("ace-high", "ace-low") and not r.deck.ace_flips:
            continue
        if key in ("played-as-led-suit", "declared-suit", "th-rank") \
                and not r.deck.travelers_hunters:
            continue
        # house rules: bidding and play -- each asked where its option is on
        if key == "team-bid-limit" and r.team_bid_max is None and r.team_bid_min is None:
            continue
        if key == "bid-forced" and r.bidding == "free":
            continue
        if key == "spades-first-trick" and not r.no_spades_first_trick:
            continue
        if key == "jokers-follow" and r.deck.jokers is None:
            continue
        if key in ("trump-not-broken", "only-unbroken-trumps") and not r.spades_need_breaking:
            continue
        if key in HOUSE_SCORE_QUESTION_IDS and not _house_score_on(r, key):  # house rules
            continue
        if key == "only-unbroken-trumps" and len(_plain_trumps(r)) < r.hand_size:
            continue  # (a hand of unbroken trumps only cannot be dealt: acorns with T/H)
        if (key == "bag-penalty") == (r.bag_limit is None) and key in ("bag-penalty",
                                                                       "bags-off"):
            continue
        out.append(key)
    return tuple(out)


# ---------------------------------------------------------------------------- words


def _rules_words(rules: RuleSet) -> str:
    extra = []
    if rules.deck.travelers_hunters:
        extra.append("with Travelers and Hunters")
    if rules.th_low:
        extra.append("Travelers and Hunters ranked low")
    text = f"Rules: {rules.name} ({rules.players} players, {rules.hand_size} cards each"
    return text + (", " + ", ".join(extra) if extra else "") + ")"


def _card_words(c: Card) -> str:
    """A card in a question's words: its name (no record code, no symbol: those are for the
    card's face)."""
    return c.name


def _play_words(p: Play) -> str:
    text = _card_words(p.card)
    return text + (f" as {suit_name(p.suit)}" if p.card.is_dual else "")


def _bids_words(g: Game, bids: Sequence[Bid | None]) -> str:
    n = g.rules.players
    parts = [f"{seat_name(s, n)} {b.label if b is not None else '(not yet)'}"
             for s, b in enumerate(bids)]
    return "Bids: " + ", ".join(parts)


def _trump_words(g: Game) -> list[str]:
    h = g.hand
    assert h is not None
    rules = g.rules
    broken = [t for t in rules.trumps if h.is_broken(t)]
    lines = ["Trumps broken: " + (" and ".join(suit_name(t) for t in broken) if broken
                                  else "none yet")]
    if len(rules.trumps) > 1:
        sup = h.superior
        lines.append("Superior trump: " + (suit_name(sup) if sup else "none yet (the first "
                                                                       "trump broken will be)"))
    return lines


def _taken_words(g: Game) -> str:
    h = g.hand
    assert h is not None
    n = g.rules.players
    return "Tricks taken so far: " + ", ".join(f"{seat_name(s, n)} {h.taken[s]}"
                                               for s in range(n))


def _trick_words(g: Game, plays: Sequence[tuple[int, Play]]) -> str:
    n = g.rules.players
    if not plays:
        return "no card played yet (a lead)"
    return "; ".join(
        f"{seat_name(s, n)} {'led' if i == 0 else 'played'} {_play_words(p)}"
        for i, (s, p) in enumerate(plays))


def _hand_words(g: Game, seat: int) -> str:
    h = g.hand
    assert h is not None
    return f"{seat_name(seat, g.rules.players)}'s hand: " + cards_text(h.cards_held(seat))


def _play_context(g: Game, seat: int, show_turn: bool = True
                  ) -> tuple[list[str], dict[str, Any]]:
    """What a student needs to judge a play by ``seat``: rules, bids, tricks, trumps, the trick
    so far, whose turn it is (unless ``show_turn`` is false: a question on whose turn it is
    must not say) and the hand."""
    h = g.hand
    assert h is not None
    rules = g.rules
    shown = [_rules_words(rules), _bids_words(g, h.bids), _taken_words(g), *_trump_words(g),
             f"Trick {len(h.tricks) + 1} so far: " + _trick_words(g, h.trick),
             f"To play: {seat_name(h.turn, rules.players)}" if h.turn is not None and show_turn
             else "",
             _hand_words(g, seat)]
    ctx = {"seat": seat, "turn": h.turn, "trick_number": len(h.tricks),
           "trick": [{"seat": s, "card": p.card.code, "as": p.suit} for s, p in h.trick],
           "hand": [c.code for c in h.cards_held(seat)],
           "bids": [str(b) if b is not None else None for b in h.bids],
           "taken": list(h.taken), "broken": [t for t in rules.trumps if h.is_broken(t)],
           "superior": h.superior if len(rules.trumps) > 1 else rules.trumps[0]}
    if not show_turn:
        del ctx["turn"]
    return [x for x in shown if x], ctx


# ---------------------------------------------------------------------------- positions


class _Scripted(HeuristicPlayer):
    """A heuristic player whose bids are fixed for some seats (and which may play at random)."""

    def __init__(self, rules: RuleSet, bids: Mapping[int, Bid], random_play: bool) -> None:
        super().__init__()
        self._bids = dict(bids)
        self._random = random_play

    def choose_blind(self, view: SeatView, legal: Sequence[Bid], rng: random.Random
                     ) -> Bid | None:
        b = self._bids.get(view.seat)
        if b is not None:
            return b if b.blind and b in legal else None
        return None

    def choose_bid(self, view: SeatView, legal: Sequence[Bid], rng: random.Random) -> Bid:
        b = self._bids.get(view.seat)
        if b is not None and b in legal:
            return b
        choice = super().choose_bid(view, legal, rng)
        ordinary = [x for x in legal if x.nil is None and not x.blind]
        if choice.nil is not None and view.seat not in self._bids and ordinary:
            return min(ordinary, key=lambda x: abs(x.tricks - choice.tricks))
        return choice

    def choose_play(self, view: SeatView, legal: Sequence[Play], rng: random.Random) -> Play:
        if self._random:
            return rng.choice(list(legal))
        return super().choose_play(view, legal, rng)


class _Pool:
    """Hands played for a quiz: one complete hand per game, made lazily from a seeded rng.

    Entry i alternates heuristic and random play, and every other entry scripts one nil-type bid
    (blind where the rule set exchanges cards) and starts the partnerships with bags near the
    limit, so nils, exchanges and bag penalties occur."""

    LIMIT = 80
    #: Where each attempt (:meth:`shifted`) starts reading the hands: the first, then a few
    #: hands on (a question already asked), then further (a position rarely met).
    SHIFTS = (0, 3, 10, 30, 60)

    def __init__(self, rules: RuleSet, seed: int) -> None:
        self.rules = rules
        self.rng = random.Random(seed)
        self.games: list[Game] = []
        self.start = 0

    def shifted(self, attempt: int) -> _Pool:
        """The same hands (shared, made once, in order), read from ``SHIFTS[attempt]`` on: a
        builder retried on it finds other positions."""
        view = _Pool.__new__(_Pool)
        view.rules, view.rng, view.games = self.rules, self.rng, self.games
        view.start = self.start + self.SHIFTS[attempt]
        return view

    def __iter__(self) -> Iterator[Game]:
        i = self.start
        while i < self.start + self.LIMIT:
            while i >= len(self.games):
                self.games.append(self._make(len(self.games)))
            yield self.games[i]
            i += 1

    def _make(self, i: int) -> Game:
        rules = self.rules
        rng = random.Random(self.rng.randrange(2**31))
        n = rules.players
        bids: dict[int, Bid] = {}
        start: dict[str, Sequence[int]] | None = None
        if i % 2 == 1:
            kind = rules.nil_kinds[(i // 2) % len(rules.nil_kinds)]
            blind = i % 4 == 3
            seat = rng.randrange(n)
            extra = rng.randrange(3) if kind in ("nil spades", "nil acorns") else 0
            bids[seat] = Bid(extra, kind, blind)
            if (i // 2) % 3 == 1 and blind:
                bids[rules.partner(seat)] = Bid(0, kind, True)  # both partners blind
            limit = rules.bag_limit
            # near the limit; with bags off, near where a limit of 10 would have fired
            bags = [rng.randrange(max((limit or 10) - 4, 0), limit or 10)
                    for _ in range(rules.team_count)]
            scores = [0] * rules.team_count
            if rules.blind_nil_deficit is not None and blind:
                scores[rules.team_of(seat)] = -rules.blind_nil_deficit - 50
            start = {"scores": scores, "bags": bags}
        players = [_Scripted(rules, bids, random_play=i % 2 == 0 and i % 3 != 0)] * n
        g = Game(rules, dealer=rng.randrange(n), start=start)
        g.deal(rng)
        while g.hands[0].scores is None:
            act(g, players, rng)
        return g

    def positions(self, g: Game) -> Iterator[Game]:
        """The position after the deal and after each action of ``g``'s first hand: its
        :class:`~spades_lab.core.line.Line`, each position a game of its own."""
        return iter(Line.of(g, 0))


Builder = Callable[[RuleSet, "_Pool", random.Random], "QuizQuestion | None"]


def learner_text(x: Any) -> str:
    """An explanation (or one of its lines) in learners' words, rendered from its fields
    (:func:`~spades_lab.teach.wording.learner`): the rule ids and option values kept for
    teachers are left out, never cut out of a sentence.  A string is words already.

    >>> from spades_lab.teach.wording import Said, rule_tag
    >>> learner_text(Said("East wins", (rule_tag("superior-trump-wins", True),), "."))
    'East wins.'
    """
    return x if isinstance(x, str) else learner(x)


def _feedback(items: Sequence[Any]) -> tuple[Said, ...]:
    """Feedback lines in learners' words: an explanation gives each of its lines with its level
    (:func:`~spades_lab.teach.wording.said_lines`), a string is one line already in words."""
    out: list[Said] = []
    for x in items:
        if isinstance(x, str):
            out.append(Said(x))
        elif x:
            out.extend(said_lines(x))
    return tuple(x for x in _said(out) if x.words)


def _generic_choice_feedback(choices: Sequence[str], answer: int, feedback: Sequence[Said]
                             ) -> tuple[tuple[Said, ...], ...]:
    """Per choice: whether it is right (and, if not, which is), then the engine's feedback."""
    right = choices[answer]
    out = []
    for i, c in enumerate(choices):
        if i == answer:
            head = "Right." if tuple(choices) == YES_NO else f"Right: {c}."
        elif tuple(choices) == YES_NO:
            head = f"Not so: the answer is {right}."
        else:
            head = f"Not {c}: the answer is {right}."
        out.append((Said(head), *feedback))
    return tuple(out)


def _question(rules: RuleSet, kind: str, tests: str, prompt: str, shown: Sequence[str],
              choices: Sequence[str], answer: int, feedback: Sequence[Any],
              context: dict[str, Any], record: dict[str, Any], action: dict[str, Any],
              difficulty: int | None = None,
              per_choice: Sequence[Sequence[Any]] | None = None) -> QuizQuestion:
    """The one assembly step of every builder: the level from :func:`level_of`, the feedback
    in learner's words (:func:`_feedback`: explanations rendered from their lines), feedback
    for each choice (``per_choice[i]``: the engine's words on choice ``i``, after a line saying
    whether it is right; by default the whole feedback), the rule set and its options."""
    level = difficulty if difficulty is not None else level_of(rules, tests)
    fb = _feedback(feedback)
    generic = _generic_choice_feedback(choices, answer, fb)
    if per_choice is not None:
        assert len(per_choice) == len(choices)
        per = tuple((g[0], *(_feedback(p) or fb)) for g, p in zip(generic, per_choice,
                                                                  strict=True))
    else:
        per = generic
    return QuizQuestion(kind, tests, rules.name, rules.options(), level, prompt, tuple(shown),
                        tuple(choices), answer, fb, context, record, action, per)


def _yes_no(rules: RuleSet, kind: str, tests: str, prompt: str, shown: Sequence[str],
            verdict: Any, context: dict[str, Any], record: dict[str, Any],
            action: dict[str, Any]) -> QuizQuestion:
    """A Yes/No question the engine answers: ``verdict`` is its explanation of the asked action
    (Yes when ``verdict.legal``), and its words are the feedback."""
    return _question(rules, kind, tests, prompt, shown, YES_NO, 0 if verdict.legal else 1,
                     [verdict.text], context, record, action)


def _games(pool: _Pool, limit: int) -> Iterator[Game]:
    """The pool's first ``limit`` hands (made as they are reached)."""
    return islice(pool, limit)


def _pick_position(pool: _Pool, rng: random.Random, pred: Callable[[Game], Any],
                   max_games: int = 40, stop: Callable[[Game], bool] | None = None
                   ) -> tuple[Game, Any] | None:
    """A random position (among those of the first game that has any) where ``pred`` returns
    something truthy, with that value; a game's walk ends where ``stop`` holds (a finder of
    positions before the first card need not walk the play)."""
    for g in _games(pool, max_games):
        found: list[tuple[Game, Any]] = []
        for pos in pool.positions(g):
            if stop is not None and stop(pos):
                break
            val = pred(pos)
            if val:
                found.append((pos, val))
                if len(found) >= 12:
                    break
        if found:
            return rng.choice(found)
    return None


#: What a position builder finds at a position (``None`` or another falsy value: nothing).
Finder = Callable[[RuleSet, Game], Any]
#: What it then asks: (rules, rng, the position, what was found) -> the question.
Asker = Callable[[RuleSet, random.Random, Game, Any], "QuizQuestion | None"]


def _played(g: Game) -> bool:
    """A card has been played in the hand (a walk for the bidding or the exchange can stop)."""
    h = g.hand
    return h is not None and (bool(h.trick) or bool(h.tricks) or h.complete)


def _at_position(find: Finder, ask: Asker, before_play: bool = False) -> Builder:
    """A builder that asks about a random live position of the pool's hands where ``find``
    finds something (only before the first card with ``before_play``)."""
    def build(rules: RuleSet, pool: _Pool, rng: random.Random) -> QuizQuestion | None:
        got = _pick_position(pool, rng, lambda g: find(rules, g),
                             stop=_played if before_play else None)
        return None if got is None else ask(rules, rng, *got)
    return build


def _turn_in(g: Game, phase: str) -> int | None:
    h = g.hand
    if h is None or h.complete or h.phase != phase or h.turn is None:
        return None
    return h.turn


def _to_play(g: Game, mid_trick: bool | None = None) -> tuple[int, Hand] | None:
    """(the seat to play, the hand) when a card is to be played: only mid-trick
    (``mid_trick=True``), only on lead (``False``) or either (``None``)."""
    seat = _turn_in(g, Phase.PLAY)
    h = g.hand
    if seat is None or h is None or (mid_trick is not None and bool(h.trick) != mid_trick):
        return None
    return seat, h


def _table_words(rules: RuleSet, g: Game) -> list[str]:
    """The rule set, the dealer and the bids so far (a question asked before the first trick)."""
    h = g.hand
    assert h is not None
    return [_rules_words(rules), f"Dealer: {seat_name(h.dealer, rules.players)}",
            _bids_words(g, h.bids)]


def _bids_data(bids: Sequence[Bid | None]) -> list[str | None]:
    return [str(b) if b is not None else None for b in bids]


def _yes_no_play(rules: RuleSet, g: Game, tests: str, seat: int, card: Any, as_: str | None,
                 kind: str = "may-play", prompt: str | None = None,
                 show_turn: bool = True) -> QuizQuestion:
    shown, ctx = _play_context(g, seat, show_turn)
    c = card if isinstance(card, Card) else None
    words = _card_words(c) if c is not None else str(card)
    if prompt is None:
        verb = "lead" if g.hand is not None and not g.hand.trick and g.hand.phase == Phase.PLAY \
            else "play"
        prompt = f"May {seat_name(seat, rules.players)} {verb} the {words}" + \
            (f" as {suit_name(as_)}" if as_ else "") + " now?"
    code = c.code if c is not None else str(card)
    return _yes_no(rules, kind, tests, prompt, shown, explain_play(g, card, as_, seat=seat), ctx,
                   g.to_record(), {"kind": "play", "seat": seat, "card": code, "as": as_})


# ---------------------------------------------------------------------------- play builders

#: At a position: (seat, cards) meant to be answered Yes and (seat, cards) meant for No.
PlayChoices = tuple[tuple[int, list[Card]], tuple[int, list[Card]]]


def _may_play(tests: str, choices: Callable[[RuleSet, Game], PlayChoices | None],
              kind: str = "may-play", show_turn: bool = True) -> Builder:
    """Asks "May SEAT play CARD now?" where ``choices`` finds cards for both answers (the
    engine gives the answer); three questions in ten pick from the Yes side."""
    def ask(rules: RuleSet, rng: random.Random, g: Game, found: PlayChoices) -> QuizQuestion:
        yes, no = found
        seat, cards = yes if rng.random() < 0.3 else no
        card = rng.choice(cards)
        as_ = g.hand.trick[0][1].suit if card.is_dual else None  # type: ignore[union-attr]
        return _yes_no_play(rules, g, tests, seat, card, as_, kind=kind, show_turn=show_turn)
    return _at_position(choices, ask)


def _follow_or_not(rules: RuleSet, g: Game) -> PlayChoices | None:
    """Mid-trick: cards of the led suit (Yes) and other plain cards (No)."""
    got = _to_play(g, mid_trick=True)
    if got is None:
        return None
    seat, h = got
    L = SUIT_BITS[h.trick[0][1].suit]
    held = h.cards_held(seat)
    follow = [c for c in held if c.bits & L]
    other = [c for c in held if not c.bits & L and not c.is_dual]
    return ((seat, follow), (seat, other)) if follow and other else None


def _lead_unbroken_or_not(rules: RuleSet, g: Game) -> PlayChoices | None:
    """On lead: plain cards of other suits (Yes) and unbroken trumps (No)."""
    got = _to_play(g, mid_trick=False)
    if got is None:
        return None
    seat, h = got
    ub = h.unbroken_trumps()
    held = h.cards_held(seat)
    trumps = [c for c in held if not c.is_dual and c.suit in ub]
    other = [c for c in held if not c.is_dual and c.suit not in ub]
    return ((seat, other), (seat, trumps)) if trumps and other else None


def _own_card_or_not(rules: RuleSet, g: Game) -> PlayChoices | None:
    """The seat to play: its legal cards (Yes) and cards other seats hold (No)."""
    got = _to_play(g)
    if got is None:
        return None
    seat, h = got
    others = [c for s in range(rules.players) if s != seat for c in h.hands[s]
              if not c.is_dual]
    mine = [p.card for p in g.legal_plays() if not p.card.is_dual]
    return ((seat, mine), (seat, others)) if others and mine else None


def _turn_or_not(rules: RuleSet, g: Game) -> PlayChoices | None:
    """Mid-trick: the seat to play with a legal card (Yes), the next seat with one of its
    cards (No)."""
    got = _to_play(g, mid_trick=True)
    if got is None:
        return None
    seat, h = got
    nxt = (seat + 1) % rules.players
    cards = [c for c in h.hands[nxt] if not c.is_dual]
    mine = [p.card for p in g.legal_plays() if not p.card.is_dual]
    return ((seat, mine), (nxt, cards)) if cards and mine and len(h.trick) < rules.players - 1 \
        else None


_b_must_follow = _may_play("must-follow-suit", _follow_or_not)
_b_trump_not_broken = _may_play("trump-not-broken", _lead_unbroken_or_not, kind="may-lead")
_b_card_not_in_hand = _may_play("card-not-in-hand", _own_card_or_not)
_not_your_turn_in_trick = _may_play("not-your-turn", _turn_or_not, show_turn=False)


def _b_not_your_turn(rules: RuleSet, pool: _Pool, rng: random.Random) -> QuizQuestion | None:
    if rng.random() < 0.5:
        # who leads the first trick?
        return _first_lead("not-your-turn")(rules, pool, rng)
    return _not_your_turn_in_trick(rules, pool, rng)


def _before_first_lead(rules: RuleSet, g: Game) -> bool:
    h = g.hand
    return h is not None and h.phase == Phase.PLAY and not h.tricks and not h.trick


def _first_lead(tests: str) -> Builder:
    def ask(rules: RuleSet, rng: random.Random, g: Game, _: Any) -> QuizQuestion:
        h = g.hand
        assert h is not None and h.turn is not None
        n = rules.players
        leader = h.turn
        right = explain_play(g, g.legal_plays()[0])
        rule = ("In this rule set the dealer leads the first trick." if rules.first_lead ==
                "dealer" else "The player on the dealer's left leads the first trick.")
        per: list[list[Any]] = []
        for s in range(n):
            if s == leader:
                per.append([rule, right.text])
                continue
            card = next(c for c in h.cards_held(s) if not c.is_dual)
            per.append([explain_play(g, card, seat=s).text, rule])
        shown = [*_table_words(rules, g),
                 "The bidding (and any card exchange) is over; no card has been played yet."]
        return _question(rules, "first-lead", tests, "Who leads the first trick?", shown,
                         [seat_name(s, n) for s in range(n)], leader,
                         [rule, f"{seat_name(leader, n)} leads: " + right.text],
                         {"dealer": h.dealer, "bids": [str(b) for b in h.bids]}, g.to_record(),
                         {"kind": "first-lead"}, per_choice=per)
    return _at_position(_before_first_lead, ask, before_play=True)


def _bidding(rules: RuleSet, g: Game) -> bool:
    return _turn_in(g, Phase.BIDDING) is not None


def _ask_wrong_phase(rules: RuleSet, rng: random.Random, g: Game, _: Any) -> QuizQuestion:
    h = g.hand
    assert h is not None and h.turn is not None
    n = rules.players
    seat = (h.dealer + 1) % n
    card = next(c for c in h.cards_held(seat) if not c.is_dual)
    waiting = [seat_name(s, n) for s, b in enumerate(h.bids) if b is None]
    shown = [*_table_words(rules, g), f"To bid: {seat_name(h.turn, n)}"
             f" (still to bid: {', '.join(waiting)})", _hand_words(g, seat)]
    return _yes_no(rules, "may-lead", "wrong-phase",
                   f"The bidding is not over. May {seat_name(seat, n)} lead the "
                   f"{_card_words(card)} before every player has bid?", shown,
                   explain_play(g, card, seat=seat), {"seat": seat, "bids": _bids_data(h.bids)},
                   g.to_record(), {"kind": "play", "seat": seat, "card": card.code, "as": None})


def _playing(rules: RuleSet, g: Game) -> bool:
    return _turn_in(g, Phase.PLAY) is not None


#: Cards some deck has, named in words, that another deck does not: (code, words).
_OTHER_DECK_CARDS = (("5A", "5 of Acorns"), ("BS", "Beast of Spades"), ("0H", "0 of Hearts"),
                     ("11D", "11 of Diamonds"), ("TPS", "Traveler of Planets/Spades"),
                     ("HAC", "Hunter of Acorns/Clubs"), ("12H", "12 of Hearts"),
                     ("13S", "13 of Spades"), ("QC", "Queen of Clubs"), ("2S", "2 of Spades"))


def _b_unknown_card(rules: RuleSet, pool: _Pool, rng: random.Random) -> QuizQuestion | None:
    """Which cards the deck has: a card named in words, asked about the deck, not about a play
    (a play of a card the deck lacks would contradict the question's own table)."""
    deck = rules.deck
    code, words = rng.choice(_OTHER_DECK_CARDS)
    try:
        card = deck.parse(code)
        words = card.name
        ok, why = True, f"Yes: the {words} is one of the {len(deck.cards)} " \
            f"cards of this deck."
    except RuleError:
        ok, why = False, f"No: the {deck.label} has no {words}."
    label = deck.label
    suits = [suit_name(x) for x in deck.suits]
    ranks = [RANK_NAMES.get(x, x) for x in deck.ranks]
    why += f" Its suits are {', '.join(suits[:-1])} and {suits[-1]}, each of " \
        f"{len(ranks)} ranks: {', '.join(ranks)}" + (
            "; and a Traveler and a Hunter of each pair of suits" if deck.duals else "") + "."
    return _question(rules, "deck", "unknown-card",
                     f"Does the {label} of {rules.name} have a card called the {words}?",
                     [_rules_words(rules) + f"; {label}, {len(deck.cards)} cards"], YES_NO,
                     0 if ok else 1, [why], {"card": code}, {},
                     {"kind": "deck", "card": code})


_b_first_lead = _first_lead("first-lead")
_b_wrong_phase = _at_position(_bidding, _ask_wrong_phase, before_play=True)


def _dual_positions(rules: RuleSet, pool: _Pool, rng: random.Random, mode: str
                    ) -> tuple[Game, int, Card] | None:
    """A position where the seat to play holds a Traveler/Hunter: ``follow`` (one of its suits
    was led), ``off`` (neither was led and the seat cannot follow), ``lead``."""
    def pred(g: Game) -> Any:
        got = _to_play(g)
        if got is None:
            return None
        seat, h = got
        duals = [c for c in h.cards_held(seat) if c.is_dual]
        if not duals:
            return None
        if mode == "lead":
            if h.trick:
                return None
            ub = h.unbroken_trumps()
            pick = [c for c in duals if any(s in ub for s in c.suits)] or duals
            return (seat, pick)
        if not h.trick:
            return None
        L = SUIT_BITS[h.trick[0][1].suit]
        if mode == "follow":
            pick = [c for c in duals if c.bits & L]
            return (seat, pick) if pick else None
        if any(c.bits & L for c in h.hands[seat]):
            return None
        return (seat, duals)

    got = _pick_position(pool, rng, pred)
    if got is None:
        return None
    g, (seat, cards) = got
    return g, seat, rng.choice(cards)


def _b_bad_declaration(rules: RuleSet, pool: _Pool, rng: random.Random
                       ) -> QuizQuestion | None:
    if rules.deck.travelers_hunters:
        mode = rng.choice(["follow", "lead"])
        got = _dual_positions(rules, pool, rng, mode)
        if got is not None:
            g, seat, card = got
            h = g.hand
            assert h is not None
            legal_too = rng.random() < 0.3  # some answers: Yes
            if mode == "follow":
                led = h.trick[0][1].suit
                as_ = led if legal_too else next(s for s in card.suits if s != led)
            else:
                ub = h.unbroken_trumps()
                bad = [s for s in card.suits if s in ub]
                good = [s for s in card.suits if s not in ub]
                as_ = (good or bad)[0] if legal_too or not bad else bad[0]
            return _yes_no_play(rules, g, "bad-declaration", seat, card, as_)
    return _plain_card_as_trump(rules, pool, rng)


def _plain_cards(rules: RuleSet, g: Game) -> tuple[int, list[Card]] | None:
    got = _to_play(g)
    if got is None:
        return None
    seat, h = got
    plain = [c for c in h.cards_held(seat) if not c.is_dual and c.suit not in rules.trumps]
    return (seat, plain) if plain else None


def _ask_plain_as_trump(rules: RuleSet, rng: random.Random, g: Game,
                        found: tuple[int, list[Card]]) -> QuizQuestion:
    seat, plain = found
    legal = {p.card for p in g.legal_plays()}
    own = [c for c in plain if c in legal]
    if own and rng.random() < 0.3:  # some answers: Yes, a card declared as its own suit
        card = rng.choice(own)
        return _yes_no_play(rules, g, "bad-declaration", seat, card, card.suit)
    card = rng.choice(plain)
    return _yes_no_play(rules, g, "bad-declaration", seat, card, rng.choice(rules.trumps))


_plain_card_as_trump = _at_position(_plain_cards, _ask_plain_as_trump)


def _declaration_question(rules: RuleSet, g: Game, seat: int, card: Card, tests: str
                          ) -> QuizQuestion:
    h = g.hand
    assert h is not None
    n = rules.players
    a, b = card.suits
    ok = {s: explain_play(g, card, s, seat=seat) for s in (a, b)}
    choices = (f"Only as {suit_name(a)}", f"Only as {suit_name(b)}",
               f"As {suit_name(a)} or as {suit_name(b)}")
    if ok[a].legal and ok[b].legal:
        answer = 2
    elif ok[a].legal:
        answer = 0
    else:
        answer = 1
    shown, ctx = _play_context(g, seat)
    verb = "play" if h.trick else "lead"
    return _question(rules, "declaration", tests,
                     f"{seat_name(seat, n)} wants to {verb} the {_card_words(card)}. As which "
                     "suit may it be played here?", shown, choices, answer,
                     [ok[a].text, ok[b].text], ctx, g.to_record(),
                     {"kind": "declaration", "seat": seat, "card": card.code})


def _b_played_as_led(rules: RuleSet, pool: _Pool, rng: random.Random) -> QuizQuestion | None:
    got = _dual_positions(rules, pool, rng, "follow")
    if got is None:
        return None
    return _declaration_question(rules, *got, tests="played-as-led-suit")


def _b_declared_suit(rules: RuleSet, pool: _Pool, rng: random.Random) -> QuizQuestion | None:
    got = _dual_positions(rules, pool, rng, rng.choice(["off", "lead"]))
    if got is None:
        got = _dual_positions(rules, pool, rng, "off")
    if got is None:
        return None
    return _declaration_question(rules, *got, tests="declared-suit")


# ---------------------------------------------------------------------------- trick builders


def _trick_context(g: Game, k: int) -> tuple[list[str], dict[str, Any], Any]:
    """The facts before trick ``k`` of the (complete) first hand, and its explanation."""
    h = g.hands[0]
    rules = g.rules
    n = rules.players
    t = h.tricks[k]
    mask, sup = trump_states(h, k)[0]
    broken = [x for x in rules.trumps if mask & SUIT_BITS[x]]
    taken = [sum(1 for tr in h.tricks[:k] if tr.winner == s) for s in range(n)]
    shown = [_rules_words(rules), _bids_words(g, h.bids),
             "Tricks taken before this trick: " + ", ".join(
                 f"{seat_name(s, n)} {taken[s]}" for s in range(n)),
             "Trumps broken before this trick: " + (" and ".join(suit_name(x) for x in broken)
                                                    or "none")]
    if len(rules.trumps) > 1:
        shown.append("Superior trump before this trick: " + (suit_name(sup) if sup else
                                                             "none yet"))
    shown.append(f"Trick {k + 1}: " + "; ".join(
        f"{seat_name(s, n)} {'led' if i == 0 else 'played'} {_play_words(p)}"
        for i, (s, p) in enumerate(t.plays)))
    ctx = {"hand": 0, "trick": k, "plays": [{"seat": s, "card": p.card.code, "as": p.suit}
                                            for s, p in t.plays],
           "bids": [str(b) for b in h.bids], "taken_before": taken, "broken_before": broken,
           "superior_before": sup if len(rules.trumps) > 1 else rules.trumps[0]}
    return shown, ctx, explain_trick(h, k)


def _pick_trick(pool: _Pool, rng: random.Random, pred: Callable[[Any], bool],
                max_games: int = 60) -> tuple[Game, int] | None:
    for g in _games(pool, max_games):
        h = g.hands[0]
        ks = [k for k in range(len(h.tricks)) if pred(explain_trick(h, k))]
        if ks:
            return g, rng.choice(ks)
    return None


def _trick_record(g: Game, k: int) -> dict[str, Any]:
    """The first hand's record cut after trick ``k``."""
    rec = g.to_record()
    n = g.rules.players
    rec["hands"][0]["plays"] = rec["hands"][0]["plays"][:(k + 1) * n]
    return rec


#: What a trick question asks about trick ``k`` (explained as ``t``):
#: (rules, the game, k, t) -> (prompt, choices, the right choice).
TrickAsker = Callable[[RuleSet, Game, int, Any], tuple[str, Sequence[str], int]]


def _about_trick(tests: str, kind: str, action: str, picks: Callable[[Any], bool],
                 ask: TrickAsker, per_seat: bool = False) -> Builder:
    """A question about a whole trick of a played hand, one that ``picks`` (given the trick's
    explanation) chooses: the facts before the trick and its cards are shown, the trick's
    explanation is the feedback."""
    def build(rules: RuleSet, pool: _Pool, rng: random.Random) -> QuizQuestion | None:
        got = _pick_trick(pool, rng, _at_level(rules, tests, picks))
        if got is None:
            return None
        g, k = got
        shown, ctx, t = _trick_context(g, k)
        prompt, choices, answer = ask(rules, g, k, t)
        return _question(rules, kind, tests, prompt, shown, choices, answer,
                         [t], ctx, _trick_record(g, k),
                         {"kind": action, "hand": 0, "trick": k},
                         per_choice=_winner_feedback(rules, g, k, t) if per_seat else None)
    return build


def _at_level(rules: RuleSet, tests: str, picks: Callable[[Any], bool]) -> Callable[[Any], bool]:
    """``picks``, and only tricks that no rule of a later lesson than ``tests``'s decides
    (a beginner's trick in the Heckadeck holds no Ace made low or high, no Traveler)."""
    level = level_of(rules, tests)
    return lambda t: picks(t) and all(level_of(rules, r) <= level for r in t.reasons)


def _ask_winner(rules: RuleSet, g: Game, k: int, t: Any) -> tuple[str, Sequence[str], int]:
    seats = [s for s, _ in g.hands[0].tricks[k].plays]
    return (f"Who wins trick {k + 1}?", [seat_name(s, rules.players) for s in seats],
            seats.index(t.winner))


def _winner_feedback(rules: RuleSet, g: Game, k: int, t: Any) -> list[list[Said]]:
    """Per seat of trick ``k`` (in play order, as :func:`_ask_winner` lists them): the
    explanation's line for that seat's card (as a sentence of its own), then the line that
    names the winner."""
    plays = g.hands[0].tricks[k].plays
    lines = list(said_lines(t))
    if len(lines) != len(plays) + 2:  # not one line per card: the whole explanation for all
        return [lines for _ in plays]
    return [[lines[1 + i]._replace(level=0), lines[-1]] for i in range(len(plays))]


def _ask_ace(rules: RuleSet, g: Game, k: int, t: Any) -> tuple[str, Sequence[str], int]:
    return (f"In trick {k + 1}, does the Ace rank high (above the King) or low (between 0 "
            "and 2)?", ("High", "Low"), 0 if t.ace == "high" else 1)


def _trump_choices(rules: RuleSet) -> tuple[str, ...]:
    if len(rules.trumps) == 1:
        return ("No trump yet", suit_name(rules.trumps[0]))
    a, b = rules.trumps
    return ("No trump yet", f"{suit_name(a)} only", f"{suit_name(b)} only", "Both")


def _broken_index(rules: RuleSet, broken: Sequence[str]) -> int:
    if len(rules.trumps) == 1:
        return 1 if broken else 0
    a, b = rules.trumps
    return {(): 0, (a,): 1, (b,): 2, (a, b): 3}[tuple(x for x in rules.trumps if x in broken)]


def _ask_broken(rules: RuleSet, g: Game, k: int, t: Any) -> tuple[str, Sequence[str], int]:
    return (f"Which trumps are broken once trick {k + 1} is over?", _trump_choices(rules),
            _broken_index(rules, t.steps[-1].broken))


def _ask_superior(rules: RuleSet, g: Game, k: int, t: Any) -> tuple[str, Sequence[str], int]:
    sup = t.superior
    return (f"Which trump is superior once trick {k + 1} is over?",
            [suit_name(x) for x in rules.trumps] + ["Neither yet"],
            rules.trumps.index(sup) if sup in rules.trumps else len(rules.trumps))


def _b_trick_winner(reason: str) -> Builder:
    return _about_trick(reason, "trick-winner", "trick", lambda t: t.reason == reason,
                        _ask_winner, per_seat=True)


def _b_ace(reason: str) -> Builder:
    return _about_trick(reason, "ace", "ace", lambda t: reason in t.reasons, _ask_ace)


_b_broke_trump = _about_trick("broke-trump", "trumps-broken", "broken",
                              lambda t: "broke-trump" in t.reasons, _ask_broken)
_b_superior_set = _about_trick("superior-trump-set", "superior", "superior",
                               lambda t: "superior-trump-set" in t.reasons, _ask_superior)


# ---------------------------------------------------------------------------- bid builders


def _bidder(rules: RuleSet, g: Game) -> tuple[int] | None:
    # a 1-tuple: a bare seat number would make North (seat 0) read as "nothing found"
    seat = _turn_in(g, Phase.BIDDING)
    return None if seat is None else (seat,)


#: The bid a bid question asks about, and whether the bidder has looked at the cards.
BidChooser = Callable[[RuleSet, random.Random, Game, int], tuple[str, bool]]


def _may_bid(tests: str, choose: BidChooser) -> Builder:
    """Asks "May SEAT bid BID?" at a random point of the bidding; ``choose`` picks the bid."""
    def ask(rules: RuleSet, rng: random.Random, g: Game, seat: int) -> QuizQuestion:
        bid, looked = choose(rules, rng, g, seat)
        return _ask_bid(rules, tests, replay(g.to_record()).game, seat, bid, looked)
    return _at_position(_bidder, lambda rules, rng, g, found: ask(rules, rng, g, found[0]),
                        before_play=True)


def _ask_bid(rules: RuleSet, tests: str, g: Game, seat: int, bid: str, looked: bool
             ) -> QuizQuestion:
    """"May SEAT bid BID?" at ``g`` (a position replayed from its record, where the bidder has
    not looked at the cards yet), after the bidder looks if ``looked``."""
    h = g.hand
    assert h is not None
    n = rules.players
    if looked:
        g.look(seat)
    label = bid if any(ch.isdigit() for ch in bid) and "nil" not in bid else bid.title()
    shown = [*_table_words(rules, g), f"To bid: {seat_name(seat, n)}, who has "
             + ("looked at the cards" if h.looked[seat] else "not looked at the cards yet")]
    if rules.blind_nil_deficit is not None:
        shown.append("Scores when bidding started: " + ", ".join(
            f"{team_name(ts, n)} {g.totals[i]}" for i, ts in enumerate(rules.team_seats)))
    ctx = {"seat": seat, "looked": bool(h.looked[seat]), "bids": _bids_data(h.bids),
           "totals": list(g.totals)}
    return _yes_no(rules, "may-bid", tests, f"May {seat_name(seat, n)} bid {label}?", shown,
                   explain_bid(g, bid, seat=seat), ctx, g.to_record(),
                   {"kind": "bid", "seat": seat, "bid": bid, "looked": bool(h.looked[seat])})


def _too_many(rules: RuleSet, rng: random.Random, g: Game, seat: int) -> tuple[str, bool]:
    size = rules.hand_size
    return rng.choice([str(size + 1), str(size + rng.randrange(2, 6)), str(size)]), True


def _other_kind(rules: RuleSet, rng: random.Random, g: Game, seat: int) -> tuple[str, bool]:
    if "nil spades" in rules.nil_kinds:
        return rng.choice(["nil", "full nil + 2", "nil spades + nil acorns", "blind 5",
                           "nil acorns + 3", "full nil"]), True
    # the 52-card sets: bids of this game's forms only (no Heckadeck bid named); nil, the one
    # nil-type bid, three times in ten (Yes)
    if rng.random() < 0.3:
        return "nil", True
    return rng.choice(["blind 4", "nil + 2", "blind 5", "nil + 1"]), True


def _b_blind_not_allowed(rules: RuleSet, pool: _Pool, rng: random.Random
                         ) -> QuizQuestion | None:
    """"May SEAT bid blind nil?" at a point of the bidding: two times in five after the bidder
    has looked (No), else before; online (``blind_nil_deficit``), before looking, the scores
    when bidding starts are set so that the bidder's partnership trails by the deficit or more
    (Yes) or by less (No, for the reason the rule gives), half and half."""
    got = _pick_position(pool, rng, lambda g: _bidder(rules, g), stop=_played)
    if got is None:
        return None
    g, (seat,) = got
    blind = "blind nil" if "nil" in rules.nil_kinds else \
        "blind " + rng.choice(rules.nil_kinds)
    looked = rng.random() < 0.4
    rec = g.to_record()
    deficit = rules.blind_nil_deficit
    if deficit is not None and not looked:
        team = rules.team_of(seat)
        scores = [rng.randrange(0, 25) * 10 for _ in range(rules.team_count)]
        ahead = max(x for i, x in enumerate(scores) if i != team)
        gap = deficit + rng.randrange(0, 10) * 10 if rng.random() < 0.5 else \
            rng.randrange(-5, max(deficit // 10, 1)) * 10
        scores[team] = ahead - min(gap, deficit + 90)
        if rules.losing_floor is not None:
            scores[team] = max(scores[team], rules.losing_floor + 10)
        rec["start"] = {"scores": scores, "bags": list(g.start_bags)}
    try:
        at = replay(rec).game
    except RuleError:
        return None
    return _ask_bid(rules, "blind-not-allowed", at, seat, blind, looked)


# house rules: bidding and play


def _partner_bid_or_first(rules: RuleSet, rng: random.Random, g: Game, seat: int
                          ) -> tuple[str, bool]:
    """A bid against the partnership's cap or minimum: just over the cap, just under the
    minimum (once the partner has bid), or one the engine offers."""
    h = g.hand
    assert h is not None
    mates = [s for s in rules.team_seats[rules.team_of(seat)] if s != seat]
    so_far = sum(b.tricks for b in (h.bids[s] for s in mates) if b is not None)
    tries = []
    if rules.team_bid_max is not None:
        tries.append(rules.team_bid_max - so_far + 1)
    if rules.team_bid_min is not None and all(h.bids[s] is not None for s in mates):
        tries.append(rules.team_bid_min - so_far - 1)
    tries = [t for t in tries if rules.min_bid <= t <= rules.hand_size]
    g.look(seat)
    offered = [b for b in g.legal_bids() if b.nil is None]
    if tries and (rng.random() < 0.7 or not offered):
        return str(rng.choice(tries)), True
    return str(rng.choice(offered).tricks) if offered else "nil", True


def _variant_bid(rules: RuleSet, rng: random.Random, g: Game, seat: int) -> tuple[str, bool]:
    """A bid the bidding game may refuse: Mirror/Whiz one Spade off the Spades held, Suicide a
    bid under its least; sometimes one the engine offers."""
    h = g.hand
    assert h is not None
    g.look(seat)
    offered = [b for b in g.legal_bids() if not b.blind]
    if offered and rng.random() < 0.3:
        return str(rng.choice(offered).to_json()), True
    if rules.bidding == "suicide":
        return str(rng.randrange(max(rules.min_bid, 1), SUICIDE_MIN_BID)), True
    n = spades_held(h.hands[seat])
    wrong = [x for x in (n - 1, n + 1) if max(rules.min_bid, 1) <= x <= rules.hand_size]
    return str(rng.choice(wrong)), True


def _first_trick_void(rules: RuleSet, g: Game) -> PlayChoices | None:
    """Mid-way through the first trick: a seat void in the led suit holding Spades and other
    cards; the other cards (Yes) and the Spades (No)."""
    got = _to_play(g, mid_trick=True)
    if got is None or got[1].tricks:
        return None
    seat, h = got
    L = SUIT_BITS[h.trick[0][1].suit]
    held = h.cards_held(seat)
    if any(c.bits & L for c in held):
        return None
    spades = [c for c in held if c.suit == "S"]
    other = [c for c in held if c.suit != "S"]
    return ((seat, other), (seat, spades)) if spades and other else None


def _jokers_follow(rules: RuleSet, g: Game) -> PlayChoices | None:
    """Mid-trick under Jokers Spades, a Spade or a Diamond led: the seat to play holds a Joker
    or a card the rule makes a trump (the 2 of Diamonds) and cards of another kind; the cards
    the engine lets it play (Yes) and those it does not (No), the moved card on its side."""
    got = _to_play(g, mid_trick=True)
    if got is None:
        return None
    seat, h = got
    led = h.trick[0][1].suit
    held = h.cards_held(seat)
    moved = [c for c in held if is_counted_as(c)]
    if led not in ("S", "D") or not moved:
        return None
    legal = {p.card for p in g.legal_plays()}
    yes = [c for c in held if c in legal]
    no = [c for c in held if c not in legal]
    if not yes or not no:
        return None
    # ask about the moved card when it is on a side (the rest of that side is the other cards)
    mine = [c for c in moved if c in legal]
    if mine:
        yes = mine
    else:
        no = moved
    return (seat, yes), (seat, no)


_b_jokers_follow = _may_play("jokers-follow", _jokers_follow)
_b_team_bid_limit = _may_bid("team-bid-limit", _partner_bid_or_first)
_b_bid_forced = _may_bid("bid-forced", _variant_bid)
_b_spades_first_trick = _may_play("spades-first-trick", _first_trick_void)
# end house rules: bidding and play

_b_bid_out_of_range = _may_bid("bid-out-of-range", _too_many)
_b_bid_not_allowed = _may_bid("bid-not-allowed", _other_kind)


# ---------------------------------------------------------------------------- exchanges


def _exchange_words(rules: RuleSet, g: Game, seat: int) -> tuple[list[str], int]:
    """Choices for "how many cards, and who passes?" and the right one, from the engine."""
    h = g.hand
    assert h is not None
    n = rules.players
    partner = seat_name(rules.partner(seat), n)
    me = seat_name(seat, n)
    due = h.exchange_due(seat)
    choices = ["No cards are exchanged"]
    counts = sorted({hi for _, (_, hi) in rules.blind_exchange if hi} | {2, 3, 6})
    for hi in counts:
        choices.append(f"{me} passes exactly {hi} to {partner}, who passes {hi} back")
        choices.append(_up_to(me, partner, 0, hi))
    if due is None or due.blind != seat:
        return choices, 0
    if due.lo == due.hi:
        right = f"{me} passes exactly {due.hi} to {partner}, who passes {due.hi} back"
    else:
        right = _up_to(me, partner, due.lo, due.hi)
    if right not in choices:  # a range that does not start at 0, e.g. 1 to 3
        choices.append(right)
    return choices, choices.index(right)


def _up_to(me: str, partner: str, lo: int, hi: int) -> str:
    counts = [str(k) for k in range(lo, hi + 1)]
    return f"{me} chooses to pass {', '.join(counts[:-1])} or {counts[-1]} cards to {partner}, " \
        "who passes as many back"


def _b_blind_exchange(rules: RuleSet, pool: _Pool, rng: random.Random,
                      kind: str | None = None) -> QuizQuestion | None:
    """Which exchange follows a blind nil-type bid (of ``kind`` only, and then always one that
    exchanges, if given)."""
    want = kind is not None or rng.random() < 0.75  # mostly a bid that exchanges

    def pred(g: Game) -> Any:
        h = g.hand
        if h is None or h.phase not in (Phase.EXCHANGE, Phase.PLAY) or h.tricks or h.trick:
            return None
        if any(e.passed is not None for e in h.exchanges):
            return None
        blinds = [s for s, b in enumerate(h.bids) if b is not None and b.blind and b.nil
                  and (kind is None or b.nil == kind)]
        return [s for s in blinds if (h.exchange_due(s) is not None) == want]

    if _pick_position(pool, rng, pred, stop=_played) is None:
        if kind is not None:
            return None
        want = not want

    got = _pick_position(pool, rng, pred, stop=_played)
    if got is None:
        return None
    g, blinds = got
    seat = rng.choice(blinds)
    h = g.hand
    assert h is not None
    n = rules.players
    choices, answer = _exchange_words(rules, g, seat)
    # keep four choices: the right one and three others
    others = [c for i, c in enumerate(choices) if i != answer]
    rng.shuffle(others)
    picks = sorted([choices[answer], *others[:3]], key=choices.index)
    due = h.exchange_due(seat)
    if due is not None and due.blind == seat:
        fb = [explain_exchange(g, seat, h.cards_held(seat)[:due.hi]).text,
              explain_exchange(g, seat, h.cards_held(seat)[:due.hi + 1]).text]
    else:
        fb = [explain_exchange(g, seat, h.cards_held(seat)[:1]).text]
        if h.bids[rules.partner(seat)] is not None and \
                h.bids[rules.partner(seat)].blind:  # type: ignore[union-attr]
            fb.insert(0, f"{seat_name(rules.partner(seat), n)} also bid blind: when both "
                      "partners bid blind, no cards are exchanged.")
    shown = [_rules_words(rules), _bids_words(g, h.bids),
             "Blind bids: " + ", ".join(seat_name(s, n) for s in blinds)]
    return _question(rules, "exchange-count",
                     "blind-exchange" if kind is None else "full-nil-exchange",
                     f"{seat_name(seat, n)} bid {h.bids[seat].label} before looking "
                     "at the cards. Which card exchange follows the bidding?", shown, picks,
                     picks.index(choices[answer]), fb,
                     {"seat": seat, "bids": [str(b) for b in h.bids]}, g.to_record(),
                     {"kind": "exchange-count", "seat": seat})


def _exchanging(rules: RuleSet, g: Game) -> tuple[int] | None:
    h = g.hand
    if h is None or h.phase != Phase.EXCHANGE:
        return None
    # a 1-tuple: a bare seat number would make North (seat 0) read as "nothing found"
    return (h.awaiting()[0],)


def _ask_exchange(rules: RuleSet, rng: random.Random, g: Game, seat: int) -> QuizQuestion:
    h = g.hand
    assert h is not None
    n = rules.players
    due = h.exchange_due(seat)
    assert due is not None
    held = h.cards_held(seat)
    owed = h.owed_pass(seat)
    want = owed.hi if owed is not None else 0
    count = rng.choice([want + 1, want, max(want - 1, 0) if want != due.lo or seat != due.blind
                        else want + 2])
    cards = rng.sample(held, min(count, len(held)))
    shown = [_rules_words(rules), _bids_words(g, h.bids),
             f"Exchange: {seat_name(due.blind, n)} passes first, then "
             f"{seat_name(due.partner, n)} passes back"
             + (f" ({seat_name(due.blind, n)} has passed {len(due.passed)} cards)"
                if due.passed is not None else ""),
             _hand_words(g, seat)]
    ctx = {"seat": seat, "hand": [c.code for c in held], "cards": [c.code for c in cards],
           "bids": [str(b) for b in h.bids]}
    return _yes_no(rules, "may-exchange", "exchange-invalid",
                   f"May {seat_name(seat, n)} pass {cards_text(cards)} "
                   f"({plural(len(cards), 'card')}) now?", shown,
                   explain_exchange(g, seat, cards), ctx, g.to_record(),
                   {"kind": "exchange", "seat": seat, "cards": [c.code for c in cards]})


_b_exchange_invalid = _at_position(_exchanging, lambda rules, rng, g, found: _ask_exchange(
    rules, rng, g, found[0]), before_play=True)


# ---------------------------------------------------------------------------- scores


def _score_shown(g: Game, team: int) -> list[str]:
    h = g.hands[0]
    rules = g.rules
    n = rules.players
    ts = h.scores[team]  # type: ignore[index]
    lines = [_rules_words(rules), _bids_words(g, h.bids),
             "Tricks taken: " + ", ".join(f"{seat_name(s, n)} {h.taken[s]}"
                                          for s in range(n))]
    for s in ts.seats:
        b = h.bids[s]
        if b is not None and b.nil_suit is not None:
            won = [c for c in h.won[s] if c.bits & SUIT_BITS[b.nil_suit]]
            lines.append(f"{suit_name(b.nil_suit)} cards {seat_name(s, n)} won: "
                         + (cards_text(won) if won else "none"))
    lines.append(f"{team_name(ts.seats, n)} had {plural(ts.bags_before, 'bag')} before this "
                 "hand")
    opts = []
    if rules.bag_limit is not None:
        opts.append(f"every {rules.bag_limit} bags cost {rules.bag_penalty}")
    else:
        opts.append("no bag penalty")
    opts.append("a failed nil's tricks " + ("score 1 point and 1 bag each"
                                            if rules.failed_nil_tricks == "bags_only"
                                            and rules.overtrick_points
                                            else failed_nil_tricks_words(rules)))
    if rules.players == 8:
        opts.append("nil values are halved with eight players")
    lines.append("Options: " + "; ".join(opts))
    lines.extend(house_words(rules))
    return lines


#: More hands for a score question whose line the pool's hands rarely show (house rules).
Games = Callable[[RuleSet, "_Pool", random.Random], Iterator[Game]]


def _b_score(line: str | tuple[str, ...], tests: str | None = None,
             also: Callable[[Any], bool] = lambda ts: True,
             more: Games | None = None) -> Builder:
    """A hand-score question on a partnership whose score has a ``line`` item (or one of
    several lines; and for which ``also`` holds), testing ``tests`` (default: ``line``); the
    pool's hands first, then ``more`` (hands made for the line, scored by the engine like any
    other)."""
    lines = (line,) if isinstance(line, str) else line
    asked = tests or lines[0]

    def build(rules: RuleSet, pool: _Pool, rng: random.Random) -> QuizQuestion | None:
        extra = more(rules, pool, rng) if more is not None else iter(())
        for g in chain(_games(pool, 60), extra):
            h = g.hands[0]
            teams = [ts for ts in h.scores or ()
                     if any(it.rule in lines for it in ts.items) and also(ts)]
            if not teams:
                continue
            ts = rng.choice(teams)
            n = rules.players
            right = ts.hand_score
            wrong = {right + d for d in (-20, -10, 10, 20, ts.bags_added or 1, -100, 100,
                                         -ts.bag_penalty or 50, 2 * right or 30)}
            wrong.discard(right)
            picks = rng.sample(sorted(wrong), 3) + [right]
            picks.sort()
            ex = explain_score(h).teams[ts.team]
            return _question(rules, "hand-score", asked,
                             f"What does {team_name(ts.seats, n)} score for this hand "
                             "(bags and penalties included)?", _score_shown(g, ts.team),
                             [f"{x:+d}" for x in picks], picks.index(right),
                             [ex],
                             {"team": ts.team, "bids": [str(b) for b in h.bids],
                              "taken": list(h.taken), "bags_before": ts.bags_before},
                             g.to_record(), {"kind": "score", "hand": 0, "team": ts.team})
        return None
    return build


# house rules: scoring -- a question per scoring house rule, on a hand score whose line items
# show it; hands the pool rarely deals (all 13 tricks to a partnership, a big bid made, a
# blind ordinary bid, bags at the limit while the score is below 0) are made for it and played
# and scored by the engine like the pool's


def _scripted_games(rules: RuleSet, rng: random.Random, tries: int,
                    bids: Callable[[random.Random], dict[int, Bid]] = lambda rng: {},
                    strong: bool = False) -> Iterator[Game]:
    """Hands played to their score by the quiz's heuristic players, with some bids fixed
    (``bids``); ``strong``: one player holds every trump (so that partnership takes every
    trick)."""
    n = rules.players
    for _ in range(tries):
        g = Game(rules, dealer=rng.randrange(n))
        if strong:
            deck = list(rules.deck.cards)
            rng.shuffle(deck)
            trumps = [c for c in deck if c.suit in rules.trumps]
            rest = [c for c in deck if c.suit not in rules.trumps]
            if len(trumps) != rules.hand_size:
                return
            strong_seat = rng.randrange(n)
            hands = [rest[i * rules.hand_size:(i + 1) * rules.hand_size] for i in range(n - 1)]
            hands.insert(strong_seat, trumps)
            g.deal(cards=[[c.code for c in h] for h in hands])
        else:
            g.deal(random.Random(rng.randrange(2**31)))
        players = [_Scripted(rules, bids(rng), random_play=False)] * n
        try:
            for _step in range(40 * n):
                if g.hands[0].scores is not None:
                    break
                act(g, players, rng)
        except RuleError:
            continue
        if g.hands[0].scores is not None:
            yield g


def _strong_hands(rules: RuleSet, pool: _Pool, rng: random.Random) -> Iterator[Game]:
    return _scripted_games(rules, rng, 6, strong=True)


def _blind_bid_hands(rules: RuleSet, pool: _Pool, rng: random.Random) -> Iterator[Game]:
    def bids(rng: random.Random) -> dict[int, Bid]:
        return {rng.randrange(rules.players): Bid(rng.randrange(2, 6), None, True)}
    return _scripted_games(rules, rng, 12, bids)


def _held_penalty_hands(rules: RuleSet, pool: _Pool, rng: random.Random) -> Iterator[Game]:
    """The pool's hands whose bags reach the limit, replayed from a total below 0 that the
    hand does not lift to 0 (the engine then holds the penalty back)."""
    limit = rules.bag_limit
    if limit is None:
        return
    for g in _games(pool, 60):
        h = g.hands[0]
        for ts in h.scores or ():
            if ts.bags_before + ts.bags_added < limit:
                continue
            rec = g.to_record()
            scores = [0] * rules.team_count
            scores[ts.team] = -((ts.hand_score + ts.bag_penalty) + rng.randrange(1, 12) * 10)
            rec["start"] = {"scores": scores, "bags": list(g.start_bags)}
            try:
                yield replay(rec).game
            except RuleError:
                continue


def _has_item(pred: Callable[[Any], bool]) -> Callable[[Any], bool]:
    return lambda ts: any(pred(it) for it in ts.items)


HOUSE_SCORE_BUILDERS: dict[str, Builder] = {
    "big-bid": _b_score("big-bid", more=_strong_hands),
    "moon": _b_score("moon", more=_strong_hands),
    "bag-penalty-held": _b_score("bag-penalty-held", more=_held_penalty_hands),
    "blind-bid": _b_score("blind-bid", more=_blind_bid_hands),
    "nil-points": _b_score(("nil-made", "nil-failed"), "nil-points"),
    "partners-nil": _b_score(("nil-made", "nil-failed"), "partners-nil",
                             lambda ts: len(ts.nils) == len(ts.seats) > 1),
    "failed-nil-ignored": _b_score("failed-nil-tricks", "failed-nil-ignored", _has_item(
        lambda it: it.note == "failed_nil_tricks = ignored")),
    "overtricks-nothing": _b_score("bags", "overtricks-nothing", _has_item(
        lambda it: it.rule == "bags" and it.option == "overtrick_points")),
}
# end of house rules: scoring


# ---------------------------------------------------------------------------- the end


def _b_end(outcome: str) -> Builder:
    def build(rules: RuleSet, pool: _Pool, rng: random.Random) -> QuizQuestion | None:
        r = rules.replace(losing_floor=-200) if outcome == "losing-floor" else rules
        target = r.target
        for g in _games(pool, 60):
            h = g.hands[0]
            assert h.scores is not None
            hs = [ts.hand_score for ts in h.scores]
            teams = range(len(hs))
            start: list[int] | None = None
            if outcome == "target-reached":
                good = [t for t in teams if hs[t] > 0]
                if good:
                    a = rng.choice(good)
                    start = [rng.randrange(0, max(target - 150, 1)) // 10 * 10 for _ in teams]
                    start[a] = target - hs[a] + rng.randrange(0, min(hs[a], 60))
            elif outcome == "highest-tie":
                good = [t for t in teams if hs[t] > 0]
                if len(good) >= 2:
                    a, b = rng.sample(good, 2)
                    final = target + rng.randrange(0, min(hs[a], hs[b], 40))
                    start = [rng.randrange(0, max(target - 200, 1)) // 10 * 10 for _ in teams]
                    start[a], start[b] = final - hs[a], final - hs[b]
            elif outcome == "losing-floor":
                bad = [t for t in teams if hs[t] < 0]
                if bad:
                    a = rng.choice(bad)
                    floor = r.losing_floor
                    assert floor is not None
                    start = [rng.randrange(0, 200) // 10 * 10 for _ in teams]
                    start[a] = floor - hs[a] - rng.randrange(0, min(-hs[a], 60))
            else:
                start = [rng.randrange(0, max(target // 2, 1)) // 10 * 10 for _ in teams]
            if start is None or any(s >= target for s in start) or (
                    r.losing_floor is not None and any(s <= r.losing_floor for s in start)):
                continue
            rec = g.to_record()
            rec["rules"] = r.to_json()
            rec["start"] = {"scores": start, "bags": list(g.start_bags)}
            try:
                g2 = replay(rec).game
            except RuleError:
                continue
            h2 = g2.hands[0]
            oc = h2.outcome
            assert oc is not None and h2.scores is not None
            if oc.rule != outcome:  # the engine's end rule (core.scoring.game_outcome)
                continue
            n = r.players
            shown = [_rules_words(r), f"Target: {r.target}" + (
                f"; a partnership at or below {r.losing_floor} loses at once"
                if r.losing_floor is not None else "")]
            for ts in h2.scores:
                shown.append(f"{team_name(ts.seats, n)}: {ts.total_before} before this hand, "
                             f"{ts.hand_score:+d} this hand")
            choices = ["No: another hand is played"] + [
                f"Yes: {team_name(ts, n)} win" for ts in r.team_seats]
            answer = 0 if not oc.over else 1 + (oc.winner or 0)
            ex = explain_score(h2)
            return _question(r, "game-over", outcome, "Is the game over after this hand?",
                             shown, choices, answer, [ex.said[-1]],
                             {"totals_before": start, "hand_scores": hs,
                              "target": r.target, "losing_floor": r.losing_floor},
                             rec, {"kind": "game-over"})
        return None
    return build


# ---------------------------------------------------------------------------- deck, options


def _b_bad_record(rules: RuleSet, pool: _Pool, rng: random.Random,
                  tests: str = "bad-record") -> QuizQuestion | None:
    """How many cards each player is dealt: as the rule of the game (``deal-size``), or as the
    input check that refuses a deal of another size (``bad-record``)."""
    n = rules.players
    size = rules.hand_size
    wrong = sorted({size - 1, size + 1, size + 2, 13, 32, 34, 16, 17} - {size})
    picks = sorted([size, *rng.sample(wrong, 3)])
    deck = list(rules.deck.cards)
    rng.shuffle(deck)
    bad = size + rng.choice([1, -1])
    cards = [deck[:bad]] + [deck[bad + i * size: bad + (i + 1) * size] for i in range(n - 1)]
    why = ""
    try:
        Game(rules).deal(cards=cards)
    except RuleError as e:
        why = e.message
    shared = f"{len(rules.deck.cards)} cards shared by {n} players: {size} each"
    if tests == "deal-size":
        prompt = f"How many cards does each player get in {rules.name}?"
        fb = f"{shared}, and so {size} tricks in every hand."
    else:
        prompt = (f"A deal in {rules.name} gives {seat_name(0, n)} {bad} cards. How many must "
                  "each player be dealt for the hand to be played?")
        fb = f"{shared}. A deal that gives {seat_name(0, n)} {bad} is refused: {why}"
    return _question(rules, "deal-size", tests, prompt,
                     [_rules_words(rules).split(" (")[0] + f" ({n} players, deck of "
                      f"{len(rules.deck.cards)} cards)"],
                     [str(x) for x in picks], picks.index(size), [fb],
                     {"players": n, "deck": len(rules.deck.cards)}, {},
                     {"kind": "deal-size"})


def _b_bad_option(rules: RuleSet, pool: _Pool, rng: random.Random) -> QuizQuestion | None:
    choices: list[tuple[str, Any, str]]
    if rules.deck.ace_flips:
        choices = [("blind_nil_deficit", 100, "blind nil only when "
                                         "trailing by 100 (an online rule)"),
                                        ("teams", "fours", "two teams of four")
                                        if rules.players == 4 else
                                        ("blind_nil_deficit", 100, "blind nil only when "
                                         "trailing by 100 (an online rule)")]
    else:
        choices = [("th_low", True, "Travelers and Hunters ranked low"),
                   ("travelers_hunters", True, "Travelers and Hunters"),
                   ("teams", "fours", "two teams of four")]
    if rng.random() < 0.3:  # some answers: Yes, an option this rule set has
        choices = [("failed_nil_tricks", "count_toward_bid",
                    "a failed nil's tricks counting toward the bid"),
                   ("th_low", True, "Travelers and Hunters ranked low")
                   if rules.deck.ace_flips else ("target", 300, "a game to 300")]
    key, value, words = rng.choice(choices)
    home = {"failed_nil_tricks": "every rule set", "target": "every rule set",
            "th_low": "the Heckadeck rule sets (acorns and acorns8)",
            "travelers_hunters": "the Heckadeck rule sets (acorns and acorns8)",
            "teams": "the eight-player rule set (acorns8)",
            "blind_nil_deficit": "the online rule set"}[key]
    try:
        rules.replace(**{key: value})
        ok, why = True, f"Yes: {rules.name} offers {words}."
    except RuleError:  # the engine refuses the option (bad-option)
        ok, why = False, f"No: {rules.name} has no such option; {words} belongs to {home}."
    return _question(rules, "option", "bad-option",
                     f"May a table playing {rules.name} choose the option \"{words}\"?",
                     [_rules_words(rules)], YES_NO, 0 if ok else 1, [why],
                     {"option": key, "value": value}, {},
                     {"kind": "option", "option": key, "value": value})


# ---------------------------------------------------------------------------- rules no
# single played hand shows often: the next dealer, a hand of trumps only, both trumps broken
# at once, where Travelers and Hunters rank, bags with no penalty, the blind Full Nil exchange


def _b_dealer_rotation(rules: RuleSet, pool: _Pool, rng: random.Random) -> QuizQuestion | None:
    """Who deals the second hand: a position that is not a first hand (the deal passes to the
    left after every hand); each wrong choice gets the engine's refusal of that dealer."""
    n = rules.players
    for g in _games(pool, 20):
        if g.over:
            continue
        nxt = g.copy()
        deal_rng = random.Random(rng.randrange(2**31))
        nxt.deal(random.Random(deal_rng.random()))
        dealer = nxt.hands[1].dealer
        per: list[list[str]] = []
        for s in range(n):
            trial = g.copy()
            try:
                trial.deal(random.Random(0), dealer=s)
                per.append([f"{seat_name(s, n)} deals the second hand: the deal passes "
                            "clockwise (to the left) after every hand, from "
                            f"{seat_name(g.hands[0].dealer, n)} to {seat_name(s, n)}."])
            except RuleError as e:
                per.append([e.message])
        h = g.hands[0]
        assert h.scores is not None
        shown = [_rules_words(rules), f"Hand 1 was dealt by {seat_name(h.dealer, n)}; it has "
                 "been played and scored: "
                 + ", ".join(f"{team_name(ts.seats, n)} {ts.total}" for ts in h.scores)]
        return _question(rules, "dealer", "dealer-rotation", "Who deals the second hand?",
                         shown, [seat_name(s, n) for s in range(n)], dealer, per[dealer],
                         {"dealer_before": h.dealer}, nxt.to_record(),
                         {"kind": "dealer", "hand": 1}, per_choice=per)
    return None


def _b_only_unbroken_trumps(rules: RuleSet, pool: _Pool, rng: random.Random
                            ) -> QuizQuestion | None:
    """The exception to "no trump lead until broken": the first leader holds only unbroken
    trumps (and may lead one) or, one time in three, all but one card (and may not)."""
    n = rules.players
    size = rules.hand_size
    trumps = _plain_trumps(rules)
    exception = rng.random() >= 1 / 3
    for _ in range(8):
        dealer = rng.randrange(n)
        leader = dealer if rules.first_lead == "dealer" else (dealer + 1) % n
        mine = rng.sample(trumps, size)
        rest = [c for c in rules.deck.cards if c not in set(mine)]
        rng.shuffle(rest)
        if not exception:  # swap one trump for a plain card: the exception no longer holds
            plain = next(i for i, c in enumerate(rest) if not c.is_dual
                         and c.suit not in rules.trumps)
            mine[0], rest[plain] = rest[plain], mine[0]
        others = [rest[i * size:(i + 1) * size] for i in range(n - 1)]
        cards = [others.pop(0) if s != leader else mine for s in range(n)]
        g = Game(rules, dealer=dealer)
        g.deal(cards=[[c.code for c in h] for h in cards])
        players = [_Scripted(rules, {}, random_play=False)] * n
        for _step in range(4 * n):
            if g.hand is None or g.hand.phase == Phase.PLAY:
                break
            act(g, players, rng)
        h = g.hand
        if h is None or h.phase != Phase.PLAY or h.turn != leader or h.trick or h.tricks:
            continue
        held = [c for c in h.cards_held(leader) if c.suit in rules.trumps and not c.is_dual]
        card = rng.choice(held)
        shown, ctx = _play_context(g, leader)
        return _yes_no(rules, "may-lead", "only-unbroken-trumps",
                       f"May {seat_name(leader, n)} lead the {_card_words(card)} now?", shown,
                       explain_play(g, card, seat=leader), ctx, g.to_record(),
                       {"kind": "play", "seat": leader, "card": card.code, "as": None})
    return None


def _b_both_trumps_broken(rules: RuleSet, pool: _Pool, rng: random.Random
                          ) -> QuizQuestion | None:
    """Which trump is superior after a trick in which both were broken for the first time:
    the one the earlier card broke (whichever card is higher)."""
    for g in _games(pool, 80):
        h = g.hands[0]
        ks = []
        for k in range(len(h.tricks)):
            before, _ = trump_states(h, k)[0]
            after, _ = trump_states(h, k)[-1]
            both = all(after & SUIT_BITS[x] for x in rules.trumps)
            if both and not any(before & SUIT_BITS[x] for x in rules.trumps):
                ks.append(k)
        if ks:
            k = rng.choice(ks)
            shown, ctx, t = _trick_context(g, k)
            prompt, choices, answer = _ask_superior(rules, g, k, t)
            fb = [t, f"Both trumps were broken in trick {k + 1}: the one broken by the earlier "
                  f"card, {choices[answer]}, is the superior trump."]
            return _question(rules, "superior", "both-trumps-broken", prompt, shown,
                             choices, answer, fb, ctx, _trick_record(g, k),
                             {"kind": "superior", "hand": 0, "trick": k})
    return None


def _b_th_rank(rules: RuleSet, pool: _Pool, rng: random.Random) -> QuizQuestion | None:
    """Who wins a trick whose winner depends on where Travelers and Hunters rank (the option
    ``th_low``): with the other order, the engine's trick rule names another winner."""
    other = rules.replace(th_low=not rules.th_low)
    for g in _games(pool, 80):
        h = g.hands[0]
        ks = [k for k, tr in enumerate(h.tricks)
              if any(p.card.is_dual for _, p in tr.plays)
              and trick_winner(other, tr.plays, trump_states(h, k)[0][1])[0] != tr.winner]
        if not ks:
            continue
        k = rng.choice(ks)
        shown, ctx, t = _trick_context(g, k)
        order = [RANK_NAMES.get(x, x) for x in rules.rank_order
                 if x in ("11", "B", "T", "J", "H", "Q")]
        shown.insert(1, "Ranks from 11 up: " + " < ".join(order))
        prompt, choices, answer = _ask_winner(rules, g, k, t)
        return _question(rules, "trick-winner", "th-rank", prompt, shown, choices, answer,
                         [t], ctx, _trick_record(g, k), {"kind": "trick", "hand": 0, "trick": k},
                         per_choice=_winner_feedback(rules, g, k, t))
    return None


def _b_full_nil_exchange(rules: RuleSet, pool: _Pool, rng: random.Random
                         ) -> QuizQuestion | None:
    return _b_blind_exchange(rules, pool, rng, kind="full nil")


def _void_or_not(rules: RuleSet, g: Game, void: bool) -> tuple[int, list[Card]] | None:
    """Mid-trick: a seat void in the led suit and its cards the engine lets it play (``void``),
    or a seat holding the led suit and its cards of other suits."""
    got = _to_play(g, mid_trick=True)
    if got is None:
        return None
    seat, h = got
    L = SUIT_BITS[h.trick[0][1].suit]
    held = h.cards_held(seat)
    follows = any(c.bits & L for c in held)
    if void:
        legal = {p.card for p in g.legal_plays()}
        cards = [c for c in held if not c.is_dual and c in legal]
        return (seat, cards) if cards and not follows else None
    other = [c for c in held if not c.bits & L and not c.is_dual]
    return (seat, other) if follows and other else None


def _b_void_any_card(rules: RuleSet, pool: _Pool, rng: random.Random) -> QuizQuestion | None:
    """"May SEAT play CARD?" of a card not of the led suit: six times in ten by a seat void in
    the led suit (Yes: any card, a trump too, broken or not), else by a seat that holds the
    led suit (No)."""
    void = rng.random() < 0.6
    got = _pick_position(pool, rng, lambda g: _void_or_not(rules, g, void))
    if got is None:
        return None
    g, (seat, cards) = got
    trumps = [c for c in cards if c.suit in rules.trumps]
    card = rng.choice(trumps if trumps and rng.random() < 0.5 else cards)
    return _yes_no_play(rules, g, "cannot-follow", seat, card, None)


def _b_next_lead(rules: RuleSet, pool: _Pool, rng: random.Random) -> QuizQuestion | None:
    """Who leads the trick after a trick of a played hand (not its last): its winner."""
    got = _pick_trick(pool, rng, _at_level(rules, "next-lead", lambda t: True))
    if got is None:
        return None
    g, k = got
    h = g.hands[0]
    k = min(k, len(h.tricks) - 2)
    shown, ctx, t = _trick_context(g, k)
    n = rules.players
    winner = h.tricks[k].winner
    fb = [t, f"{seat_name(winner, n)} won trick {k + 1} and so leads trick {k + 2}: the winner "
          "of a trick leads the next."]
    return _question(rules, "next-lead", "next-lead", f"Who leads trick {k + 2}?", shown,
                     [seat_name(s, n) for s in range(n)], winner, fb, ctx, _trick_record(g, k),
                     {"kind": "next-lead", "hand": 0, "trick": k})


def _b_superior_reset(rules: RuleSet, pool: _Pool, rng: random.Random) -> QuizQuestion | None:
    """Which trump is superior after the trick of the second hand that first breaks a trump:
    the one broken first in that hand, whatever was superior in the first hand (the superior
    trump is chosen afresh every deal); a second hand whose superior trump differs from the
    first's is preferred."""
    n = rules.players
    found = None
    for g in _games(pool, 12):
        h0 = g.hands[0]
        sup0 = trump_states(h0, len(h0.tricks) - 1)[-1][1]
        if g.over or sup0 is None:
            continue
        nxt = g.copy()
        nxt.deal(random.Random(rng.randrange(2**31)))
        players = [_Scripted(rules, {}, random_play=False)] * n
        play_rng = random.Random(rng.randrange(2**31))
        h1 = nxt.hands[1]
        try:
            while not h1.complete and (h1.superior is None or h1.trick):
                act(nxt, players, play_rng)
        except RuleError:
            continue
        if h1.superior is None or not h1.tricks:
            continue
        found = (g, nxt, sup0, len(h1.tricks) - 1)
        if h1.superior != sup0:
            break
    if found is None:
        return None
    g, nxt, sup0, k = found
    h0, h1 = nxt.hands[0], nxt.hands[1]
    t = explain_trick(h1, k)
    rec = nxt.to_record()
    rec["hands"][1]["plays"] = rec["hands"][1]["plays"][:(k + 1) * n]
    choices = [suit_name(x) for x in rules.trumps] + ["Neither yet"]
    sup = t.superior
    answer = rules.trumps.index(sup) if sup in rules.trumps else len(rules.trumps)
    shown = [_rules_words(rules),
             f"Hand 1: {suit_name(sup0)} became the superior trump (broken first); the hand "
             "has been played and scored.",
             f"Hand 2, dealt by {seat_name(h1.dealer, n)}. " + _bids_words(nxt, h1.bids),
             "Trumps broken before this trick (in hand 2): none",
             f"Hand 2, trick {k + 1}: " + "; ".join(
                 f"{seat_name(s, n)} {'led' if i == 0 else 'played'} {_play_words(p)}"
                 for i, (s, p) in enumerate(h1.tricks[k].plays))]
    fb = [t, f"The superior trump is chosen afresh in every hand: {suit_name(sup0)} was superior "
          f"in hand 1; in hand 2 it is the trump broken first in hand 2, {choices[answer]}."]
    return _question(rules, "superior", "superior-trump-reset",
                     f"In hand 2, which trump is superior once trick {k + 1} is over?", shown,
                     choices, answer, fb,
                     {"hand": 1, "trick": k, "superior_hand_1": sup0,
                      "plays": [{"seat": s, "card": p.card.code, "as": p.suit}
                                for s, p in h1.tricks[k].plays]},
                     rec, {"kind": "superior", "hand": 1, "trick": k})


def _b_deal_size(rules: RuleSet, pool: _Pool, rng: random.Random) -> QuizQuestion | None:
    return _b_bad_record(rules, pool, rng, tests="deal-size")


_b_bags_off = _b_score("bags", "bags-off", lambda ts: ts.bags_before + ts.bags_added >= 10
                       and ts.bags_added > 0)


# ---------------------------------------------------------------------------- registry

BUILDERS: dict[str, Builder] = {
    "wrong-phase": _b_wrong_phase,
    "not-your-turn": _b_not_your_turn,
    "unknown-card": _b_unknown_card,
    "card-not-in-hand": _b_card_not_in_hand,
    "must-follow-suit": _b_must_follow,
    "trump-not-broken": _b_trump_not_broken,
    "bad-declaration": _b_bad_declaration,
    "bid-out-of-range": _b_bid_out_of_range,
    "bid-not-allowed": _b_bid_not_allowed,
    "blind-not-allowed": _b_blind_not_allowed,
    "exchange-invalid": _b_exchange_invalid,
    "bad-record": _b_bad_record,
    "bad-option": _b_bad_option,
    "led-suit-wins": _b_trick_winner("led-suit-wins"),
    "superior-trump-wins": _b_trick_winner("superior-trump-wins"),
    "inferior-trump-wins": _b_trick_winner("inferior-trump-wins"),
    "ace-high": _b_ace("ace-high"),
    "ace-low": _b_ace("ace-low"),
    "played-as-led-suit": _b_played_as_led,
    "declared-suit": _b_declared_suit,
    "broke-trump": _b_broke_trump,
    "superior-trump-set": _b_superior_set,
    **{line: _b_score(line) for line in SCORE_QUESTION_IDS},
    **{end: _b_end(end) for end in END_QUESTION_IDS},
    "first-lead": _b_first_lead,
    "blind-exchange": _b_blind_exchange,
    "dealer-rotation": _b_dealer_rotation,
    "only-unbroken-trumps": _b_only_unbroken_trumps,
    "both-trumps-broken": _b_both_trumps_broken,
    "th-rank": _b_th_rank,
    "bags-off": _b_bags_off,
    "full-nil-exchange": _b_full_nil_exchange,
    "cannot-follow": _b_void_any_card,
    "next-lead": _b_next_lead,
    "superior-trump-reset": _b_superior_reset,
    "deal-size": _b_deal_size,
    # house rules: bidding and play
    "team-bid-limit": _b_team_bid_limit,
    "bid-forced": _b_bid_forced,
    "spades-first-trick": _b_spades_first_trick,
    "jokers-follow": _b_jokers_follow,
    **HOUSE_SCORE_BUILDERS,  # house rules: scoring
}


def make_question(rules: RuleSet | str, tests: str, *, seed: int = 0,
                  options: Mapping[str, Any] | None = None) -> QuizQuestion:
    """One question testing ``tests`` (an id of :data:`QUIZ_IDS`) in this rule set.  Raises
    :class:`~spades_lab.core.errors.ArgumentError` (a ``ValueError``) for an id that is not one
    or does not apply here (:func:`applicable_ids`)."""
    r = rules_of(rules, options)
    _check_id(r, tests)
    q = _make(r, tests, _Pool(r, args.seed(seed)), random.Random(seed))
    if q is None:
        raise LookupError(f"No position for {tests!r} found in the {r.name} hands played for "
                          f"seed {seed}.")
    return q


def _check_id(r: RuleSet, tests: Any) -> str:
    if not isinstance(tests, str) or tests not in QUIZ_IDS:
        raise ArgumentError(f"The topic {echo(tests)} cannot be asked: it is not a quiz "
                            "topic; the topics are "
                            f"{', '.join(QUIZ_IDS)}.", argument="the topic")
    if tests not in applicable_ids(r, include_input_checks=True):
        raise ArgumentError(f"The topic {tests!r} cannot be asked in {r.name}: that rule set "
                            "does not have the rule.", argument="the topic")
    return tests


#: How many times a builder is tried (on hands further on, with another rng) before the
#: quiz gives up on its id: for a position none of the hands had, or a question already asked.
ATTEMPTS = len(_Pool.SHIFTS)


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


def _make(r: RuleSet, tests: str, pool: _Pool, rng: random.Random,
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
    here = applicable_ids(r, include_input_checks=True)
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
    pool = _Pool(r, seed)
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


# ---------------------------------------------------------------------------- checking


def _position(q: QuizQuestion) -> Game:
    return replay(q.record).game


def _at(seq: Sequence[Any] | None, i: Any, what: str) -> Any:
    """``seq[i]``, or a typed refusal when the question's record has no such item."""
    if seq is None or not args.is_whole(i) or not 0 <= i < len(seq):
        raise _bad_question(f"it asks about {what} {echo(i)}, which its record does not have")
    return seq[i]


#: The fields each kind of question action carries, with their kinds (``object``: any).
_ACTIONS: dict[str, dict[str, Any]] = {
    "play": {"seat": int, "card": str}, "bid": {"seat": int, "bid": object},
    "exchange": {"seat": int, "cards": list}, "declaration": {"seat": int, "card": str},
    "trick": {"hand": int, "trick": int}, "ace": {"hand": int, "trick": int},
    "broken": {"hand": int, "trick": int}, "superior": {"hand": int, "trick": int},
    "score": {"hand": int, "team": int}, "game-over": {}, "first-lead": {},
    "exchange-count": {"seat": int}, "deal-size": {}, "option": {"option": str, "value": object},
    "deck": {"card": str}, "dealer": {"hand": int}, "next-lead": {"hand": int, "trick": int},
}


def _checked_action(q: QuizQuestion) -> dict[str, Any]:
    a = q.action
    kind = a.get("kind") if isinstance(a, Mapping) else None
    if not isinstance(kind, str) or kind not in _ACTIONS:
        raise _bad_question(f"its action {echo(a)} is not one the engine can check")
    for key, want in _ACTIONS[kind].items():
        value = a.get(key)
        ok = (args.is_whole(value) if want is int else isinstance(value, want)
              and not (want is list and not all(isinstance(x, str) for x in value)))
        if key not in a or not ok:
            raise _bad_question(f"its {kind} action needs {key!r}, not {echo(value)}")
    if a.get("as") is not None and not isinstance(a.get("as"), str):
        raise _bad_question(f"its action's 'as' must be a suit letter, not {echo(a.get('as'))}")
    if not isinstance(q.choices, tuple) or not (args.is_whole(q.answer)
                                                and 0 <= q.answer < len(q.choices)):
        raise _bad_question("its answer is not one of its choices")
    rules = RuleSet.preset(q.rules, q.options)  # its own rule set, or the option error
    if isinstance(q.record.get("rules"), Mapping) and rules_from_json(q.record["rules"]) != rules:
        raise _bad_question(f"its record is played under other rules than {q.rules}")
    return dict(a)


def _seat_of(g: Game, a: Mapping[str, Any]) -> int:
    _at(range(g.rules.players), a["seat"], "seat")
    return int(a["seat"])


def verify(q: QuizQuestion | Mapping[str, Any]) -> bool:
    """Re-derive the answer from the engine on the question's own record, and compare.  ``q``
    is a :class:`QuizQuestion` or its JSON (:meth:`QuizQuestion.to_dict`); a malformed question
    is refused with a :class:`~spades_lab.core.errors.RecordError`."""
    if isinstance(q, Mapping):
        q = QuizQuestion.from_dict(q)
    args.instance(q, "the question", QuizQuestion, "a quiz question or its JSON")
    a = _checked_action(q)
    kind = a["kind"]
    if kind == "play":
        g = _position(q)
        ok = g.can_play(a["card"], a.get("as"), seat=_seat_of(g, a)).ok
        return q.answer == (0 if ok else 1)
    if kind == "bid":
        g = _position(q)
        seat = _seat_of(g, a)
        if a.get("looked") and g.hand is not None and g.hand.phase == Phase.BIDDING:
            g.look(seat)
        return q.answer == (0 if g.can_bid(a["bid"], seat).ok else 1)
    if kind == "exchange":
        g = _position(q)
        return q.answer == (0 if g.can_exchange(_seat_of(g, a), a["cards"]).ok else 1)
    if kind == "declaration":
        g = _position(q)
        seat = _seat_of(g, a)
        card = g.rules.deck.parse(a["card"])
        oks = [g.can_play(card, s, seat=seat).ok for s in card.suits]
        if len(oks) < 2:
            raise _bad_question("its declaration question names a card of one suit")
        return q.answer == (2 if all(oks) else 0 if oks[0] else 1)
    if kind in ("trick", "ace", "broken", "superior"):
        h = _at(_position(q).hands, a["hand"], "hand")
        t = _at(h.tricks, a["trick"], "trick")
        if kind == "trick":
            return q.choices[q.answer] == seat_name(t.winner, len(h.hands))
        if kind == "ace":
            face = any(p.card.is_face for _, p in t.plays)
            return q.answer == (0 if face else 1)
        mask, sup = trump_states(h, a["trick"])[-1]
        if kind == "broken":
            broken = [x for x in h.rules.trumps if mask & SUIT_BITS[x]]
            return q.answer == _broken_index(h.rules, broken)
        return q.choices[q.answer] == (suit_name(sup) if sup else "Neither yet")
    if kind == "score":
        h = _at(_position(q).hands, a["hand"], "hand")
        ts = _at(h.scores, a["team"], "partnership")
        return q.choices[q.answer] == f"{ts.hand_score:+d}"
    if kind == "game-over":
        g = _position(q)
        n = g.rules.players
        if not g.over:
            return q.answer == 0
        assert g.winner is not None
        return q.choices[q.answer] == f"Yes: {team_name(g.rules.team_seats[g.winner], n)} win"
    if kind in ("first-lead", "next-lead"):  # the seat to lead, as the engine has it
        g = _position(q)
        return q.choices[q.answer] == g.seat_name(g.turn) if g.turn is not None else False
    if kind == "exchange-count":
        g = _position(q)
        h = g.hand
        seat = _seat_of(g, a)
        if h is None:
            raise _bad_question("its record has no hand dealt")
        due = h.exchange_due(seat)
        text = q.answer_text
        if due is None or due.blind != seat:
            return text.startswith("No cards")
        n = g.rules.players
        if due.lo == due.hi:
            return f"passes exactly {due.hi} " in text
        return text == _up_to(seat_name(due.blind, n), seat_name(due.partner, n), due.lo, due.hi)
    if kind == "deal-size":
        return q.answer_text == str(RuleSet.preset(q.rules, q.options).hand_size)
    if kind == "deck":
        try:
            RuleSet.preset(q.rules, q.options).deck.parse(a["card"])
            return q.answer == 0
        except RuleError:
            return q.answer == 1
    if kind == "dealer":
        h = _at(_position(q).hands, a["hand"], "hand")
        return q.answer_text == seat_name(h.dealer, len(h.hands))
    try:  # kind == "option"
        RuleSet.preset(q.rules, q.options).replace(**{a["option"]: a["value"]})
        return q.answer == 0
    except RuleError:
        return q.answer == 1


__all__ = ["QuizQuestion", "Quiz", "make_question", "make_quiz", "applicable_ids", "verify",
           "learner_text",
           "QUIZ_IDS", "RULE_QUESTION_IDS", "REASON_QUESTION_IDS", "SCORE_QUESTION_IDS",
           "END_QUESTION_IDS", "TOPIC_QUESTION_IDS", "DIFFICULTY", "YES_NO",
           "HOUSE_SCORE_QUESTION_IDS"]
