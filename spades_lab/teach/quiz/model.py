"""The quiz's question model: :class:`QuizQuestion` and :class:`Quiz`, their JSON (read back
checked), and the one assembly step of every builder (:func:`question`, :func:`yes_no`): the
level, the feedback in learners' words and the feedback for each choice."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...core import args
from ...core.errors import RecordError, Rule, echo
from ...core.rules import RuleSet
from ...words.said import Said, learner, said_lines
from .catalogue import level_of

YES_NO = ("Yes", "No")


@dataclass(frozen=True)
class QuizQuestion:
    """One question.

    ``kind`` is the form (``may-play``, ``may-lead``, ``may-bid``, ``may-exchange``,
    ``declaration``, ``trick-winner``, ``ace``, ``trumps-broken``, ``superior``,
    ``first-lead``, ``exchange-count``, ``hand-score``, ``game-over``, ``deck``, ``deal-size``,
    ``option``); ``tests`` the id it tests (one of :data:`QUIZ_IDS`); ``shown`` the facts a
    student needs, in words, one per line; ``context`` the same facts as JSON-ready data (cards
    as record codes, seats as numbers); ``answer`` the index of the right choice; ``feedback``
    the engine's explanation as :class:`~spades_lab.words.said.Said` lines in learners'
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
        :meth:`Said.learner <spades_lab.words.said.Said.learner>`); the lines themselves
        are :meth:`feedback_said`.

        >>> from spades_lab.teach.quiz import make_question
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

        >>> from spades_lab.teach.quiz import make_question
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

        >>> from spades_lab.teach.quiz import make_question
        >>> q = make_question("standard", "first-lead", seed=1)
        >>> QuizQuestion.from_dict(q.to_dict()) == q
        True
        """
        if not isinstance(data, Mapping):
            raise bad_question(f"it must be an object of named fields, not {echo(data)}")
        missing = [f for f in _FIELDS if f not in data]
        if missing:
            raise bad_question(f"it has no {', '.join(map(repr, missing))}")
        extra = [k for k in data if k not in _FIELDS and k != "choice_feedback"]
        if extra:
            raise bad_question(f"it has an unknown field {echo(extra[0], 40)}")
        for name, kind in _FIELDS.items():
            value = data[name]
            if kind is str and not isinstance(value, str):
                raise bad_question(f"its {name} must be text, not {echo(value)}")
            if kind is dict and not (isinstance(value, Mapping)
                                     and all(isinstance(k, str) for k in value)):
                raise bad_question(f"its {name} must be an object, not {echo(value)}")
            if name == "feedback":
                if not _said_json_ok(value):
                    raise bad_question(f"its feedback must be a list of lines (texts, or "
                                        f"objects with words and a level), not {echo(value)}")
            elif kind is list and not (isinstance(value, (list, tuple))
                                       and all(isinstance(x, str) for x in value)):
                raise bad_question(f"its {name} must be a list of texts, not {echo(value)}")
        choices = tuple(data["choices"])
        answer, level = data["answer"], data["difficulty"]
        if not choices:
            raise bad_question("it has no choices")
        if not (args.is_whole(answer) and 0 <= answer < len(choices)):
            raise bad_question(f"its answer must be a choice from 0 to {len(choices) - 1}, "
                                f"not {echo(answer)}")
        if not (args.is_whole(level) and level in (1, 2, 3)):
            raise bad_question(f"its difficulty must be 1, 2 or 3, not {echo(level)}")
        per = data.get("choice_feedback", [])
        if not (isinstance(per, (list, tuple)) and all(_said_json_ok(x) for x in per)
                and len(per) in (0, len(choices))):
            raise bad_question("its choice_feedback must be a list of texts for each choice, "
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


def bad_question(why: str) -> RecordError:
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


def learner_text(x: Any) -> str:
    """An explanation (or one of its lines) in learners' words, rendered from its fields
    (:func:`~spades_lab.words.said.learner`): the rule ids and option values kept for
    teachers are left out, never cut out of a sentence.  A string is words already.

    >>> from spades_lab.words.said import Said, rule_tag
    >>> learner_text(Said("East wins", (rule_tag("superior-trump-wins", True),), "."))
    'East wins.'
    """
    return x if isinstance(x, str) else learner(x)


def _feedback(items: Sequence[Any]) -> tuple[Said, ...]:
    """Feedback lines in learners' words: an explanation gives each of its lines with its level
    (:func:`~spades_lab.words.said.said_lines`), a string is one line already in words."""
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


def question(rules: RuleSet, kind: str, tests: str, prompt: str, shown: Sequence[str],
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


def yes_no(rules: RuleSet, kind: str, tests: str, prompt: str, shown: Sequence[str],
            verdict: Any, context: dict[str, Any], record: dict[str, Any],
            action: dict[str, Any]) -> QuizQuestion:
    """A Yes/No question the engine answers: ``verdict`` is its explanation of the asked action
    (Yes when ``verdict.legal``), and its words are the feedback."""
    return question(rules, kind, tests, prompt, shown, YES_NO, 0 if verdict.legal else 1,
                     [verdict.text], context, record, action)
