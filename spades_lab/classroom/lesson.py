"""The class's lesson: what the teacher asks the whole class at once (docs/classroom.md, "The
lesson").

One activity is open at a time, set up by the teacher (``POST /api/teacher/lesson``) and seen
by every student on their own device (the ``lesson`` message):

- **the poll**, "which card would you play?": the class is frozen at a position of a table's
  hand (a STEP of the hand's :class:`~spades_lab.core.line.Line`); each student picks a card
  of the seat to play (the engine's legal plays; a refused pick is answered with the engine's
  sentence); the teacher sees the spread of answers beside the solver's verdict on every
  legal card (:func:`~spades_lab.teach.bestplay.best_play`, in its words; exact where the
  solver finishes within its budget, bounds in words where it does not), and reveals it.  The
  solver runs in a worker process (:class:`Solvers`), never in the server's event loop.

A student who sits at the table the position comes from takes no part while that hand is
being played there: the position shows one seat's cards, and its solution tells of the others.

Every answer is stored (``lesson_answers``: :func:`answer_rows` reads them for the export);
every action the engine refuses at a table or in a poll is a mistake (``lesson_mistakes``).
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import json
import multiprocessing
import random
import re
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, ClassVar, NamedTuple

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from ..core.cards import Play
from ..core.engine import Game, Hand, Phase, PlayEvent
from ..core.errors import CLASSROOM_IDS, RULE_IDS, IllegalAction, Rule, RuleError
from ..core.line import Line
from ..core.records import Step
from ..core.rules import seat_name
from ..teach.bestplay import best_play, play_words
from ..teach.handout import deal_handout
from ..teach.quiz import QUIZ_IDS, TOPICS, Quiz, QuizQuestion, make_quiz
from ..teach.whatif import describe_whatif, what_if_game
from ..words.counting import plural
from ..words.play import place_words, seat_counts, step_words
from ..words.rules import rules_title
from .room import Classroom, Conn
from .store import Store
from .tables import ClassTable, deal_key, dealt, playing, seat_table_html, twin

#: The solver's budget for a poll's position (seconds): the default, and the most a teacher
#: may give.
DEFAULT_BUDGET, MAX_BUDGET = 5.0, 30.0
#: The most search nodes a teacher may give a poll's solver (a node budget makes the verdict
#: the same on every machine, whatever its speed or load, as ``best_play(node_limit=...)``).
MAX_NODES = 1_000_000_000
#: Worker processes for the solver, and the solves that may wait for one.
WORKERS, MAX_PENDING = 1, 4

#: The largest teacher's lesson command (bytes of JSON text).
MAX_COMMAND = 4096

#: What follows a what-if's new action (teach.whatif's policies the teacher may choose).
WHATIF_THEN = ("record", "players")

#: The most questions a class quiz asks.
MAX_QUESTIONS = 20

#: A quiz question a student is kept from: its position is the cards of a hand still being
#: played for them (Lesson._question_private).
QUESTION_WITHHELD = ("This question shows the cards of your own table's hand, which is still "
                     "being played: you will see it once the hand is over.")

#: The lesson's messages from a student (app.validate checks them as its own).
MESSAGE_FIELDS: dict[str, dict[str, tuple[type, ...]]] = {
    "lesson": {},
    "mistakes": {},
    "answer": {"activity": (int,), "card": (str,), "as": (str, type(None)),
               "question": (int,), "choice": (int,)},
}
REQUIRED: dict[str, tuple[str, ...]] = {"answer": ("activity",)}


class LessonError(Exception):
    """A teacher's lesson command that cannot be done: answered ``400`` with the sentence."""


# ---------------------------------------------------------------------------- the worker


def solve_position(record: Mapping[str, Any], hand: int, step: int, budget: float,
                   nodes: int | None = None) -> dict[str, Any]:
    """The best-play verdict on the position at STEP ``step`` of hand ``hand`` of ``record``
    within ``budget`` seconds and, if given, ``nodes`` search nodes (run in a worker process:
    its arguments and result are plain data).

    >>> import random
    >>> g = Game("standard"); g.deal(rng=random.Random(3))
    >>> for b in (3, 4, 3, 3): g.bid(b)
    >>> while len(g.hand.tricks) < 11: g.play(g.legal_plays()[0])
    >>> v = solve_position(g.to_record(), 0, len(Line.of(g).steps), 5.0)
    >>> v["exact"], len(v["cards"]) == len(g.legal_plays())
    (True, True)
    """
    position = Line.from_record(dict(record), hand).at(step)
    return best_play(position, time_limit=budget, node_limit=nodes).to_dict()


def card_verdicts(verdict: Mapping[str, Any] | None) -> dict[str, dict[str, Any]]:
    """The solver's verdict (:meth:`BestPlay.to_dict`) per choice key (empty: none yet): each
    card's tricks when the solver finished; when it did not, each card's own bounds (``low``,
    ``high``, ``text``: "playing the Jack of Acorns keeps 5 or 6 tricks") with ``tricks`` None
    and ``best`` True only for a card surely as good as any other, False for one certainly
    worse, else None (unknown)."""
    if not verdict:
        return {}
    out: dict[str, dict[str, Any]] = {}
    if verdict["exact"]:
        for v in verdict["cards"]:
            out[v["card"] + (f":{v['as']}" if "as" in v else "")] = v
        return out
    bounds = verdict.get("bounds") or []
    for k, b in enumerate(bounds):
        others = [o["high"] for j, o in enumerate(bounds) if j != k]
        best = True if others and b["low"] >= max(others) else False if b["worse"] else None
        out[b["card"] + (f":{b['as']}" if "as" in b else "")] = {**b, "tricks": None,
                                                                 "best": best}
    return out


class Solvers:
    """The solver's worker processes: started on first use, at most :data:`WORKERS` of them and
    :data:`MAX_PENDING` solves waiting; :meth:`close` stops them."""

    def __init__(self, workers: int = WORKERS, max_pending: int = MAX_PENDING) -> None:
        self.workers = workers
        self.max_pending = max_pending
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        self._pending: set[asyncio.Future[Any]] = set()

    def submit(self, fn: Callable[..., Any], *args: Any) -> asyncio.Future[Any]:
        """Run ``fn(*args)`` in a worker (the event loop goes on); LessonError when too many
        solves wait already."""
        self._pending = {f for f in self._pending if not f.done()}
        if len(self._pending) >= self.max_pending:
            raise LessonError("The solver is still busy with earlier positions: wait for one "
                              "to finish, then ask again.")
        if self._pool is None:
            self._pool = concurrent.futures.ProcessPoolExecutor(
                self.workers, mp_context=multiprocessing.get_context("spawn"))
        fut = asyncio.get_running_loop().run_in_executor(self._pool, fn, *args)
        self._pending.add(fut)
        return fut

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


# ---------------------------------------------------------------------------- activities


def choice_key(play: Play) -> str:
    """A play as the store keeps a choice: ``QH``, or ``TAC:A`` for a declared dual card."""
    return play.card.code + (f":{play.suit}" if play.card.is_dual else "")


@dataclass
class Activity:
    """One activity of the lesson: its number, kind, the teacher's set-up (``spec``), and
    whether its answer has been shown to the class."""

    id: int
    kind: str
    spec: dict[str, Any]
    revealed: bool = False
    #: the students last sent it withheld (:meth:`Lesson.table_moved` sends it once their
    #: hand of its deal is over)
    withheld: set[int] = field(default_factory=set)

    def source(self) -> tuple[int, int] | None:
        """(table, hand) the activity's position comes from, if any."""
        return None

    def question_words(self) -> str:
        return ""


@dataclass
class Poll(Activity):
    """"Which card would you play?" at ``position`` (STEP ``step`` of hand ``hand`` of table
    ``table``); ``verdict`` is :meth:`BestPlay.to_dict` once the worker has answered."""

    table: int = 0
    hand: int = 0
    step: int = 0
    seat: int = 0
    position: Game | None = None
    legal: tuple[Play, ...] = ()
    drawing: str = ""
    where: str = ""
    verdict: dict[str, Any] | None = None
    failed: str | None = None

    def source(self) -> tuple[int, int] | None:
        return self.table, self.hand

    def question_words(self) -> str:
        return f"Which card would you play? You are {self.where}."

    def play_of(self, card: str, as_: str | None) -> Play:
        """The play a student picked, checked by the engine at the position (its refusal
        raised as it is)."""
        assert self.position is not None
        check = self.position.can_play(card, as_, seat=self.seat)
        if not check:
            raise check.error()
        g = self.position.copy()
        g.play(card, as_, seat=self.seat)
        ev = next(e for e in reversed(g.log) if isinstance(e, PlayEvent))
        return ev.play

    def card_verdicts(self) -> dict[str, dict[str, Any]]:
        """The solver's verdict per choice key (:func:`card_verdicts`; empty until known)."""
        return card_verdicts(self.verdict)


def make_poll(room: Classroom, spec: Mapping[str, Any], activity: int) -> Poll:
    """The poll ``spec`` asks for (``table``, optional ``hand``, ``step``, ``budget``), its
    position taken from the table's :class:`Line`; LessonError in words when it cannot be."""
    t = _table(room, spec.get("table"))
    line = _line(t, spec.get("hand"))
    step = spec.get("step")
    step = len(line) - 1 if step is None else step
    try:
        position = line.at(step)
    except RuleError as e:
        raise LessonError(e.message) from None
    h = position.hand
    if position.phase != Phase.PLAY or h is None or h.turn is None:
        raise LessonError("A poll asks which card to play: choose a position in the play of a "
                          f"hand (this one is in the {position.phase}).")
    n = t.rules.players
    seat = h.turn
    trick = place_words(line.steps, step, n)
    where = f"{seat_name(seat, n)} at table {t.id}, in {trick} of hand {line.hand + 1}"
    order = {c: i for i, c in enumerate(t.rules.deck.sorted(h.hands[seat]))}
    legal = tuple(sorted(position.legal_plays(), key=lambda p: (order[p.card], p.suit)))
    return Poll(activity, "poll", dict(spec), table=t.id, hand=line.hand, step=step, seat=seat,
                position=position, legal=legal,
                drawing=seat_table_html(position.view(seat), t.names()), where=where)


@dataclass
class WhatIf(Activity):
    """"What if ...?" at STEP ``step`` of hand ``hand`` of table ``table``: the engine's branch
    (:func:`~spades_lab.teach.whatif.what_if_game`) in words beside what happened, shown to the
    class when the teacher reveals it.  Only words are kept (not the branch's games)."""

    table: int = 0
    hand: int = 0
    step: int = 0
    question: str = ""
    happened: tuple[str, ...] = ()
    branch: tuple[str, ...] = ()
    taken: tuple[str, str] = ("", "")
    summary: tuple[str, ...] = ()

    def source(self) -> tuple[int, int] | None:
        return self.table, self.hand

    def question_words(self) -> str:
        return self.question

    def to_words(self) -> dict[str, Any]:
        return {"happened": list(self.happened), "branch": list(self.branch),
                "taken": {"happened": self.taken[0], "branch": self.taken[1]},
                "summary": list(self.summary)}


@dataclass
class QuizActivity(Activity):
    """A quiz of :func:`~spades_lab.teach.quiz.make_quiz` questions: each student answers each
    question once, and reads the quiz's own feedback on the choice made."""

    quiz: Quiz | None = None

    @property
    def questions(self) -> tuple[QuizQuestion, ...]:
        return () if self.quiz is None else self.quiz.questions

    def question_words(self) -> str:
        assert self.quiz is not None
        n = len(self.questions)
        return f"A quiz of {plural(n, 'question')} on {rules_title(self.quiz.rules)}."


def make_quiz_activity(spec: Mapping[str, Any], activity: int) -> QuizActivity:
    """The quiz ``spec`` asks for (``preset``, ``options``, ``level``, ``count``, ``seed``):
    the same spec makes the same questions."""
    quiz = make_quiz(spec["preset"], spec["seed"], count=spec["count"],
                     difficulty=spec.get("level"), options=spec.get("options") or None)
    return QuizActivity(activity, "quiz", dict(spec), quiz=quiz)


def _steps_words(steps: Sequence[Step], start: int, players: int) -> tuple[str, ...]:
    """The actions of a hand from STEP ``start`` on, each with where it falls (``Trick 3:
    South plays the Queen of Hearts``)."""
    out = []
    for i in range(start, len(steps)):
        where = place_words(steps, i, players)
        out.append(f"{where[0].upper()}{where[1:]}: {step_words(steps[i], players)}")
    return tuple(out)


def make_whatif(room: Classroom, spec: Mapping[str, Any], activity: int) -> WhatIf:
    """The class what-if ``spec`` asks for (``table``, ``action``, optional ``hand``, ``step``
    (default: the hand's last action) and ``then``), branched by the engine from the table's
    game, which is not changed."""
    t = _table(room, spec.get("table"))
    line = _line(t, spec.get("hand"))
    action = spec.get("action")
    if not isinstance(action, str) or not 0 < len(action) <= 40:
        raise LessonError("A what-if needs the action to try instead, such as \"QH\" for a "
                          "card or \"nil\" for a bid.")
    step = spec.get("step")
    if step is None:
        if not line.steps:
            raise LessonError("This hand has no action yet to ask about: give the step.")
        step = len(line.steps) - 1
    then = spec.get("then", "record")
    if then not in WHATIF_THEN:
        raise LessonError("then is \"record\" (the table's own actions while they stay "
                          "legal) or \"players\" (the robots play the hand out).")
    try:
        line.check_step(step)
    except RuleError as e:
        raise LessonError(e.message) from None
    n = t.rules.players
    w = what_if_game(t.game, (line.hand, step), action, then=then)
    question, _, rest = describe_whatif(w).partition("\n")
    hd = w.diff[line.hand]
    return WhatIf(activity, "whatif", dict(spec), table=t.id, hand=line.hand, step=step,
                  question=question,
                  happened=_steps_words(line.steps, step, n),
                  branch=_steps_words(Line.of(w.branch.game, line.hand).steps, step, n),
                  taken=(seat_counts(hd.taken[0], n), seat_counts(hd.taken[1], n)),
                  summary=tuple(rest.splitlines()))


def _table(room: Classroom, tid: Any) -> ClassTable:
    if type(tid) is not int or tid not in room.tables:
        raise LessonError(f"There is no table {str(tid)[:20]}: the tables are "
                          f"{', '.join(map(str, room.tables)) or 'not opened yet'}.")
    return room.tables[tid]


def _line(t: ClassTable, hand: Any) -> Line:
    """The line of hand ``hand`` (from 0; None: the current one) of table ``t``; a hand the
    table has not dealt is refused in words that count hands from 1, as the teacher's page
    does."""
    n = len(t.game.hands)
    if type(hand) is int and n and not 0 <= hand < n:
        raise LessonError(f"Table {t.id} has dealt {plural(n, 'hand')} so far: there is no "
                          f"hand {hand + 1}." if hand >= 0 else
                          f"Table {t.id}'s hands are counted from 1.")
    try:
        return Line.of(t.game, hand)
    except RuleError as e:
        raise LessonError(e.message) from None


def node_budget(value: Any) -> int | None:
    """A poll's node budget: None (the time budget alone) or a whole number of search nodes."""
    if value is None:
        return None
    if type(value) is not int or not 0 < value <= MAX_NODES:
        raise LessonError(f"nodes is the solver's work in search nodes, a whole number from 1 "
                          f"to {MAX_NODES:,}, or left out for the time budget alone.")
    return value


def budget_seconds(value: Any) -> float:
    if value is None:
        return DEFAULT_BUDGET
    if isinstance(value, bool) or not isinstance(value, (int, float)) or \
            not 0 < value <= MAX_BUDGET:
        raise LessonError(f"budget is the solver's time in seconds, more than 0 and at most "
                          f"{MAX_BUDGET:g}.")
    return float(value)


# ---------------------------------------------------------------------------- mistakes


def scenario_dir() -> Path:
    """data/scenarios: in the wheel's course (``spades_lab/_course``), else in the clone."""
    here = Path(__file__).resolve().parent.parent
    packaged = here / "_course" / "data" / "scenarios"
    return packaged if packaged.is_dir() else here.parent / "data" / "scenarios"


def scenario_map(folder: Path | None = None) -> dict[str, list[tuple[str, str]]]:
    """Rule id -> the curated scenarios that show it, as (file, rule set) in the order of
    data/scenarios/README.md, whose table is the one list of what each scenario teaches (the
    ids it names in its last column; tests/test_scenarios.py asserts them).

    >>> m = scenario_map()
    >>> m["must-follow-suit"][0], m["bad-declaration"][0][1]
    (('std_must_follow.json', 'standard'), 'acorns')
    """
    readme = (folder or scenario_dir()) / "README.md"
    out: dict[str, list[tuple[str, str]]] = {}
    if not readme.is_file():
        return out
    for row in readme.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in row.split("|")]
        if len(cells) < 6 or not re.fullmatch(r"`[a-z0-9_]+\.json`", cells[1]):
            continue
        preset = re.match(r"[a-z0-9]*", cells[2])
        for rule in re.findall(r"`([a-z0-9-]+)`", cells[4]):
            if rule in QUIZ_IDS:
                out.setdefault(rule, []).append((cells[1].strip("`"),
                                                 preset.group(0) if preset else ""))
    return out


def scenario_for(rule: str, preset: str, mapping: Mapping[str, list[tuple[str, str]]]
                 ) -> str | None:
    """The scenario that shows ``rule``, one of the rule set ``preset`` if there is one."""
    found = mapping.get(rule, [])
    same = [f for f, p in found if p == preset]
    return same[0] if same else found[0][0] if found else None


def rule_words(rule: str) -> str:
    """A rule id as the teacher's board names it: what the rule says (core.errors), or the
    quiz's topic it belongs to."""
    said = RULE_IDS.get(rule)  # type: ignore[call-overload]
    if said:
        return str(said)[0].upper() + str(said)[1:]
    topics = [name for name, ids in TOPICS.items() if rule in ids and name != "input-checks"]
    return f"A question on {topics[0]}" if topics else "A question of the quiz"


# ---------------------------------------------------------------------------- the lesson


class AnswerRow(NamedTuple):
    """One answer of a student, as the export writes it: the student (number and name), the
    activity (number and kind: ``poll`` or ``quiz``), the question (its number in the activity,
    from 1, and its text), the answer in words, whether it was right (None: not known, a poll
    the solver could not work out) and when (ISO 8601, UTC)."""

    student: int
    name: str
    activity: int
    kind: str
    question: int
    prompt: str
    answer: str
    right: bool | None
    time: str


def answer_rows(store: Store, class_code: str) -> list[AnswerRow]:
    """Every answer of the class's polls and quizzes, oldest first (one row per student and
    question: a poll answer changed before the reveal counts once, as last given)."""
    return [AnswerRow(a["student"], a["name"], a["activity"], a["kind"], a["question"] + 1,
                      a["prompt"], a["answer"], a["right"],
                      datetime.fromtimestamp(a["at"], UTC).isoformat(timespec="seconds"))
            for a in store.answers(class_code)]


@dataclass
class Lesson:
    """The lesson of a class: the open activity, the solver's workers, the answers."""

    MESSAGES: ClassVar[frozenset[str]] = frozenset(MESSAGE_FIELDS)

    room: Classroom
    solvers: Solvers = field(default_factory=Solvers)
    current: Activity | None = None
    scenarios: dict[str, list[tuple[str, str]]] = field(default_factory=scenario_map)
    #: per student, the deals of the positions they have been shown (:meth:`seen_deals`)
    seen: dict[int, set[frozenset[frozenset[str]]]] = field(default_factory=dict)

    # ---------------------------------------------------------------- teacher
    async def command(self, body: Any) -> dict[str, Any]:
        """Do one teacher command (``POST /api/teacher/lesson``): the teacher's view after it."""
        if not isinstance(body, dict) or not isinstance(body.get("type"), str):
            raise LessonError("Send a lesson command as a JSON object with its type: poll, "
                              "whatif, quiz, reveal or end.")
        kind = body["type"]
        if kind == "poll":
            self.start_poll(body)
        elif kind == "whatif":
            self.start_whatif(body)
        elif kind == "quiz":
            await self.start_quiz(body)
        elif kind == "reveal":
            self.reveal()
        elif kind == "end":
            self.end()
        else:
            raise LessonError("The lesson commands are poll, whatif, quiz, reveal and end.")
        return self.teacher_view()

    def _open(self, kind: str, spec: dict[str, Any],
              build: Callable[[int], Activity]) -> Activity:
        """Check and build the activity, then store it (nothing is stored when it is
        refused) and make it the class's."""
        act = build(0)  # raises LessonError in words, nothing stored
        act.id = self.room.store.add_activity(self.room.code, kind, spec, time.time())
        if self.current is not None:
            self.room.store.set_activity_state(self.current.id, "ended")
        self.current = act
        return act

    def start_poll(self, body: Mapping[str, Any]) -> Poll:
        allowed = {"type", "table", "hand", "step", "budget", "nodes"}
        extra = set(body) - allowed
        if extra:
            raise LessonError(f"A poll has no field {sorted(extra)[0][:20]!r}: give the table "
                              "and, if you like, the hand, the step and the solver's budget "
                              "(seconds, and nodes).")
        spec = {k: body[k] for k in ("table", "hand", "step") if body.get(k) is not None}
        spec["budget"] = budget_seconds(body.get("budget"))
        nodes = node_budget(body.get("nodes"))
        if nodes is not None:
            spec["nodes"] = nodes
        poll = self._open("poll", spec, lambda aid: make_poll(self.room, spec, aid))
        assert isinstance(poll, Poll)
        self._solve(poll)
        self.push()
        return poll

    def start_whatif(self, body: Mapping[str, Any]) -> WhatIf:
        allowed = {"type", "table", "hand", "step", "action", "then"}
        extra = set(body) - allowed
        if extra:
            raise LessonError(f"A what-if has no field {sorted(extra)[0][:20]!r}: give the "
                              "table and the action, and if you like the hand, the step and "
                              "what follows (then).")
        spec = {k: body[k] for k in ("table", "hand", "step", "action", "then")
                if body.get(k) is not None}
        act = self._open("whatif", spec, lambda aid: make_whatif(self.room, spec, aid))
        assert isinstance(act, WhatIf)
        self.push()
        return act

    async def start_quiz(self, body: Mapping[str, Any]) -> QuizActivity:
        allowed = {"type", "preset", "options", "level", "count", "seed"}
        extra = set(body) - allowed
        if extra:
            raise LessonError(f"A quiz has no field {sorted(extra)[0][:20]!r}: give the rule "
                              "set (preset), its options, the level and the number of "
                              "questions.")
        options = body.get("options") or {}
        if not isinstance(options, dict) or len(options) > 40:
            raise LessonError("options is an object of rule options.")
        count = body.get("count", 5)
        if type(count) is not int or not 1 <= count <= MAX_QUESTIONS:
            raise LessonError(f"count is the number of questions, 1 to {MAX_QUESTIONS}.")
        level = body.get("level")
        if level is not None and level not in (1, 2, 3):
            raise LessonError("level is 1 (beginners), 2 or 3 (the fine print), or left out "
                              "for every level.")
        seed = body.get("seed")
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        elif type(seed) is not int or not 0 <= seed < 2**31:
            raise LessonError("seed is a whole number from 0.")
        spec = {"preset": body.get("preset", "standard"), "options": options, "level": level,
                "count": count, "seed": seed}
        # making the questions plays hands (a fraction of a second): not in the event loop
        made = await asyncio.to_thread(make_quiz_activity, spec, 0)
        self._open("quiz", spec, lambda aid: made)
        self.push()
        return made

    def _solve(self, poll: Poll) -> None:
        t = self.room.tables[poll.table]
        fut = self.solvers.submit(solve_position, t.game.to_record(), poll.hand, poll.step,
                                  poll.spec["budget"], poll.spec.get("nodes"))

        def done(f: asyncio.Future[Any]) -> None:
            if f.cancelled():
                return
            err = f.exception()
            if err is not None:
                poll.failed = ("The solver could not work this position out: "
                               f"{getattr(err, 'message', None) or type(err).__name__}.")
                return
            poll.verdict = f.result()
            if poll.verdict["exact"]:
                self.room.store.mark_answers(poll.id, {
                    k: bool(v["best"]) for k, v in poll.card_verdicts().items()})
            if poll.revealed and poll is self.current:
                self.push()
        fut.add_done_callback(done)

    def reveal(self) -> None:
        act = self.current
        if act is None:
            raise LessonError("There is nothing to reveal: start a poll first.")
        act.revealed = True
        self.room.store.set_activity_state(act.id, "revealed")
        self.push()

    def end(self) -> None:
        if self.current is not None:
            self.room.store.set_activity_state(self.current.id, "ended")
        self.current = None
        self.push()

    def teacher_view(self) -> dict[str, Any]:
        """The open activity as the teacher sees it (``GET /api/teacher/lesson``)."""
        act = self.current
        if act is None:
            return {"activity": None}
        answers = self.room.store.answers(self.room.code, act.id)
        base = {"activity": act.id, "kind": act.kind, "revealed": act.revealed,
                "question": act.question_words(), **self.who_answers(act)}
        if isinstance(act, Poll):
            verdicts = act.card_verdicts()
            spread = []
            for p in act.legal:
                key = choice_key(p)
                who = [a["name"] for a in answers if a["choice"] == key]
                v = verdicts.get(key)
                spread.append({**p.to_json(), "label": play_words(p), "count": len(who),
                               "names": who, "verdict": v["text"] if v else None,
                               "tricks": v["tricks"] if v else None,
                               "best": v["best"] if v else None})
            verdict = act.verdict
            base.update({"table": act.table, "hand": act.hand, "step": act.step,
                         "seat": act.seat, "html": act.drawing, "answered": len(answers),
                         "spread": spread,
                         "solver": "failed" if act.failed else
                         "working" if verdict is None else "done",
                         "verdict": act.failed or (verdict["text"] if verdict else None),
                         "exact": verdict["exact"] if verdict else None})
        elif isinstance(act, WhatIf):
            base.update({"table": act.table, "hand": act.hand, "step": act.step,
                         **act.to_words()})
        elif isinstance(act, QuizActivity):
            base["questions"] = [{
                "question": i, "prompt": q.prompt, "shown": list(q.shown),
                "choices": list(q.choices), "answer": q.answer, "tests": q.tests,
                "right": sum(1 for a in answers if a["question"] == i and a["right"]),
                "answers": [{"student": a["student"], "name": a["name"],
                             "choice": int(a["choice"]), "answer": a["answer"],
                             "right": a["right"]} for a in answers if a["question"] == i]}
                for i, q in enumerate(act.questions)]
        return base

    # ---------------------------------------------------------------- students
    def _hand(self, act: Activity) -> Hand | None:
        """The hand the activity's position comes from (None: a quiz, whose positions are its
        own deals, never a table's)."""
        src = act.source()
        if src is None or src[0] not in self.room.tables:
            return None
        hands = self.room.tables[src[0]].game.hands
        return hands[src[1]] if src[1] < len(hands) else None

    def _kept(self, act: Activity, student: int) -> str | None:
        """Why the activity is kept from ``student``, in words (None: it is not): they have a
        seat in a hand dealt the same cards as the one its position comes from, still being
        played (at that table, or at a twin table of a prepared deal:
        :func:`~spades_lab.classroom.tables.twin`); or another table is still playing those
        cards and ``student`` has played them nowhere (a player of that table may have a
        second name in another window)."""
        h = self._hand(act)
        src = act.source()
        if h is None or src is None:
            return None
        tables = list(self.room.tables.values())
        if twin(tables, student, h) is not None:
            return ("This position is from your own table's hand, which is still being "
                    "played: you will see it once the hand is over.")
        other = twin(tables, None, h, besides=self.room.tables[src[0]])
        if other is not None and twin(tables, student, h, either=True) is None:
            return (f"Table {other[0].id} is still playing the cards of this position: you "
                    "will see it once that hand is over.")
        return None

    def _private(self, act: Activity, student: int) -> bool:
        """Whether the activity is kept from ``student`` (:meth:`_kept`)."""
        return self._kept(act, student) is not None

    def _question_private(self, q: QuizQuestion, student: int) -> bool:
        """Whether a quiz question's position (its record's deals) is a hand dealt the same
        cards as one still being played for ``student`` (a quiz deals its own hands, but a
        teacher may deal a question's record to the tables)."""
        return any(twin(self.room.tables.values(), student, deal_key(h["deal"])) is not None
                   for h in q.record.get("hands", ()) if h.get("deal"))

    def seen_deals(self, student: int) -> set[frozenset[frozenset[str]]]:
        """The deals (:func:`~spades_lab.classroom.tables.dealt`) of the positions of this
        server's activities that ``student`` has been shown: a seat check refuses them a
        table still playing those cards."""
        return self.seen.get(student, set())

    def who_answers(self, act: Activity) -> dict[str, Any]:
        """Who may answer ``act``: ``students`` (how many), ``kept`` (the names of those kept
        from it, sitting at its table while its hand is played there) and ``who``, words that
        say why when some or all are kept from it (a poll nobody can answer says so)."""
        people = self.room.students()
        kept = [name for sid, name in people.items() if self._private(act, sid)]
        count = len(people) - len(kept)
        src = act.source()
        if not people:
            words = "No student has joined the class yet."
        elif not kept or src is None:
            words = ""
        else:
            names = ", ".join(kept[:-1]) + " and " + kept[-1] if len(kept) > 1 else kept[0]
            verb = "sits" if len(kept) == 1 else "sit"
            why = (f"{names} {verb} at table {src[0]}, whose hand is still being played: a "
                   "question on it shows one seat's cards, and its answer tells of the others, "
                   "so they see it once the hand is over.")
            words = (f"Nobody can answer this now: {why} Ask about a finished hand, or a table "
                     "the class does not sit at." if count == 0 else why)
        return {"students": count, "kept": kept, "who": words}

    def student_view(self, student: int) -> dict[str, Any] | None:
        """The open activity as ``student`` sees it (the ``lesson`` message's ``activity``)."""
        act = self.current
        if act is None:
            return None
        out: dict[str, Any] = {"activity": act.id, "kind": act.kind, "revealed": act.revealed,
                               "question": act.question_words()}
        kept = self._kept(act, student)
        if kept is not None:
            act.withheld.add(student)
            if isinstance(act, WhatIf):  # its question names the cards tried and played
                out["question"] = f"A what-if of hand {act.hand + 1} at table {act.table}."
            out["withheld"] = kept
            return out
        act.withheld.discard(student)
        h = self._hand(act)
        if h is not None:
            self.seen.setdefault(student, set()).add(dealt(h))
        mine = {a["question"]: a for a in self.room.store.answers(self.room.code, act.id)
                if a["student"] == student}
        if isinstance(act, Poll):
            out["html"] = act.drawing
            out["choices"] = [{**p.to_json(), "label": play_words(p)} for p in act.legal]
            yours = mine.get(0)
            out["yours"] = yours["answer"] if yours else None
            if act.revealed:
                verdicts = act.card_verdicts()
                v = act.verdict
                out["answer"] = {
                    "text": act.failed or (v["text"] if v else
                                           "The solver is still working on this position."),
                    "cards": [{"label": play_words(p),
                               "text": verdicts[choice_key(p)]["text"],
                               "best": verdicts[choice_key(p)]["best"]}
                              for p in act.legal if choice_key(p) in verdicts],
                    "yours": (verdicts[yours["choice"]]["text"]
                              if yours and yours["choice"] in verdicts else None)}
        elif isinstance(act, WhatIf) and act.revealed:
            out.update(act.to_words())
        elif isinstance(act, QuizActivity):
            qs = []
            for i, q in enumerate(act.questions):
                if self._question_private(q, student):
                    qs.append({"question": i, "prompt": QUESTION_WITHHELD, "shown": [],
                               "choices": [], "yours": None, "withheld": True})
                    continue
                a = mine.get(i)
                qs.append({"question": i, "prompt": q.prompt, "shown": list(q.shown),
                           "choices": list(q.choices), "yours": None if a is None else {
                               "choice": int(a["choice"]), "right": a["right"],
                               "feedback": list(q.feedback_for(int(a["choice"])))}})
            out["questions"] = qs
        return out

    def send_to(self, c: Conn, ref: Any = None) -> None:
        msg = {"type": "lesson", "activity": self.student_view(c.student)}
        if ref is not None:  # the answer to the student's own ``lesson``
            msg["ref"] = ref
        c.send(msg)

    def push(self) -> None:
        """Send every connected student the open activity as they may see it."""
        for c in list(self.room.conns):
            self.send_to(c)

    def handle(self, c: Conn, msg: dict[str, Any]) -> None:
        """A student's lesson message: ``lesson`` (send it again) or ``answer``."""
        if msg["type"] == "lesson":
            self.send_to(c, msg.get("ref"))
            return
        if msg["type"] == "mistakes":
            c.send({"type": "mistakes", "ref": msg.get("ref"),
                    "items": self.own_mistakes(c.student)})
            return
        act = self.current
        if act is None or msg["activity"] != act.id:
            raise IllegalAction(Rule.WRONG_PHASE, "There is no question open to answer now: "
                                "wait for the teacher's next one.")
        kept = self._kept(act, c.student)
        if kept is not None:
            raise IllegalAction(Rule.WRONG_PHASE, kept)
        if isinstance(act, Poll):
            self._answer_poll(c, act, msg)
        elif isinstance(act, QuizActivity):
            self._answer_quiz(c, act, msg)
        else:
            raise IllegalAction(Rule.WRONG_PHASE, "A what-if asks nothing of you: watch what "
                                "the teacher shows.")

    def _answer_poll(self, c: Conn, poll: Poll, msg: dict[str, Any]) -> None:
        if "card" not in msg or "question" in msg or "choice" in msg:
            raise IllegalAction(Rule.WRONG_PHASE, "This is a poll: answer it with a card.")
        if poll.revealed:
            raise IllegalAction(Rule.WRONG_PHASE, "The answer has been shown: this poll takes "
                                "no more answers.")
        t = self.room.tables[poll.table]
        try:
            play = poll.play_of(msg["card"], msg.get("as"))
        except RuleError as e:
            self.note_mistake(c.student, e, "poll", t.rules_json["preset"])
            raise
        key = choice_key(play)
        v = poll.card_verdicts().get(key)
        self.room.store.put_answer(self.room.code, poll.id, 0, poll.question_words(),
                                   c.student, key, play_words(play),
                                   None if v is None or v["best"] is None else bool(v["best"]),
                                   time.time())
        c.send({"type": "ack", "ref": msg.get("ref"), "activity": poll.id})
        self.send_to(c)

    def _answer_quiz(self, c: Conn, act: QuizActivity, msg: dict[str, Any]) -> None:
        if "question" not in msg or "choice" not in msg or "card" in msg:
            raise IllegalAction(Rule.WRONG_PHASE, "This is a quiz: answer a question with one "
                                "of its choices.")
        qs = act.questions
        i, choice = msg["question"], msg["choice"]
        if not 0 <= i < len(qs):
            raise IllegalAction(Rule.WRONG_PHASE, f"This quiz has questions 1 to {len(qs)}.")
        q = qs[i]
        if self._question_private(q, c.student):
            raise IllegalAction(Rule.WRONG_PHASE, QUESTION_WITHHELD)
        if not 0 <= choice < len(q.choices):
            raise IllegalAction(Rule.WRONG_PHASE, f"Question {i + 1} has choices 1 to "
                                f"{len(q.choices)}.")
        if any(a["question"] == i and a["student"] == c.student
               for a in self.room.store.answers(self.room.code, act.id)):
            raise IllegalAction(Rule.WRONG_PHASE, f"You have answered question {i + 1} "
                                "already: your answer stays.")
        right = choice == q.answer
        feedback = list(q.feedback_for(choice))
        self.room.store.put_answer(self.room.code, act.id, i, q.prompt, c.student, str(choice),
                                   q.choices[choice], right, time.time())
        if not right:
            self.room.store.add_mistake(self.room.code, c.student, q.tests, "quiz", q.rules,
                                        " ".join(feedback), time.time())
        c.send({"type": "feedback", "ref": msg.get("ref"), "activity": act.id, "question": i,
                "choice": choice, "right": right, "feedback": feedback})
        self.send_to(c)

    # ---------------------------------------------------------------- mistakes
    def note_mistake(self, student: int, err: RuleError, source: str, preset: str) -> None:
        """Keep a refused action (or a wrong answer) on the board of mistakes."""
        self.room.store.add_mistake(self.room.code, student, str(err.rule), source, preset,
                                    err.message, time.time())

    def _grouped(self, student: int | None) -> dict[tuple[int, str], list[dict[str, Any]]]:
        by: dict[tuple[int, str], list[dict[str, Any]]] = {}
        for m in self.room.store.mistakes(self.room.code, student):
            by.setdefault((m["student"], m["rule"]), []).append(m)
        return by

    def _scenario(self, rule: str, preset: str) -> dict[str, str] | None:
        name = scenario_for(rule, preset, self.scenarios)
        return None if name is None else {"name": name, "href": f"/scenario/{name}"}

    def board(self) -> dict[str, Any]:
        """The board of mistakes (``GET /api/teacher/mistakes``): per student and per rule id,
        how often, from where (``table``, ``poll``, ``quiz``), the last sentence the student
        read, and the scenario that shows the rule."""
        students: dict[int, dict[str, Any]] = {}
        for (sid, rule), ms in self._grouped(None).items():
            s = students.setdefault(sid, {"student": sid, "name": ms[0]["name"], "total": 0,
                                          "rules": []})
            s["total"] += len(ms)
            sources: dict[str, int] = {}
            for m in ms:
                sources[m["source"]] = sources.get(m["source"], 0) + 1
            s["rules"].append({"rule": rule, "words": rule_words(rule), "count": len(ms),
                               "sources": sources, "last": ms[-1]["words"],
                               "scenario": self._scenario(rule, ms[-1]["preset"])})
        for s in students.values():
            s["rules"].sort(key=lambda r: (-r["count"], r["rule"]))
        return {"students": sorted(students.values(), key=lambda s: (-s["total"], s["name"]))}

    def own_mistakes(self, student: int) -> list[dict[str, Any]]:
        """A student's own mistakes, for their page: per rule, the last sentence they read,
        how often, and the scenario to study (no rule ids)."""
        return [{"words": ms[-1]["words"], "count": len(ms),
                 "scenario": self._scenario(rule, ms[-1]["preset"])}
                for (_, rule), ms in self._grouped(student).items()]

    def scenario_page(self, name: str) -> str | None:
        """The page of a scenario the board links to (None: not one of them)."""
        if not any(name == f for found in self.scenarios.values() for f, _ in found):
            return None
        path = scenario_dir() / name
        hands = len(json.loads(path.read_text(encoding="utf-8")).get("hands", []))
        return deal_handout(path, max(0, hands - 1), title="An example to study")

    def note_refusal(self, c: Conn, msg: Mapping[str, Any], err: RuleError) -> None:
        """A table action the engine refused (the server's hook): on the board, unless the
        refusal is the teacher's (a paused table: :data:`~spades_lab.core.errors.CLASSROOM_IDS`),
        not a rule of the game."""
        t = self.room.tables.get(msg.get("table"))  # type: ignore[arg-type]
        if (t is not None and msg.get("type") in ("look", "bid", "exchange", "play")
                and err.rule not in CLASSROOM_IDS):
            self.note_mistake(c.student, err, "table", t.rules_json["preset"])

    def table_moved(self, t: ClassTable) -> None:
        """After an action at ``t`` (the server's hook): once a hand is over there, each
        student kept from the open activity gets it if it is no longer kept from them (no
        hand of its deal still being played for them, there or at a twin table)."""
        act = self.current
        if act is None or not act.withheld or playing(t) is not None:
            return
        for c in list(self.room.conns):
            if c.student in act.withheld and not self._private(act, c.student):
                self.send_to(c)

    def restore(self) -> None:
        """A restarted server's lesson: the activity that was open, made again from its spec
        (a poll's position solved again), its answers as stored."""
        rows = self.room.store.activities(self.room.code)
        if not rows or rows[-1][3] == "ended":
            return
        aid, kind, spec, state, _ = rows[-1]
        try:
            if kind == "poll":
                act: Activity = make_poll(self.room, spec, aid)
            elif kind == "whatif":
                act = make_whatif(self.room, spec, aid)
            else:
                act = make_quiz_activity(spec, aid)
        except (LessonError, RuleError):  # pragma: no cover - a spec that was made once
            self.room.store.set_activity_state(aid, "ended")
            return
        act.revealed = state == "revealed"
        self.current = act
        if isinstance(act, Poll):
            self._solve(act)

    def close(self) -> None:
        self.solvers.close()


def lesson_of(room: Classroom) -> Lesson:
    """The room's lesson, which is this module's :class:`Lesson` (:func:`.app.create_app` gives
    the room it to make; the room knows it only as a :class:`~.room.LessonPart`)."""
    lesson = room.lesson
    assert isinstance(lesson, Lesson)
    return lesson


# ---------------------------------------------------------------------------- HTTP


def routes(room: Classroom, teacher_ok: Callable[[Request], Response | None]) -> list[Route]:
    """The teacher's lesson requests (each needs the teacher's secret, as every teacher
    request does): ``GET``/``POST /api/teacher/lesson``."""
    lesson = lesson_of(room)

    async def teacher_lesson(request: Request) -> Response:
        refused = teacher_ok(request)
        if refused is not None:
            return refused
        if request.method == "GET":
            return JSONResponse(lesson.teacher_view())
        try:
            body = json.loads((await request.body())[:MAX_COMMAND + 1])
        except (ValueError, RecursionError):  # not JSON, or nested past the decoder's depth
            body = None
        try:
            return JSONResponse(await lesson.command(body))
        except LessonError as e:
            return JSONResponse({"error": str(e)}, 400)
        except RuleError as e:
            return JSONResponse({"error": e.message, "rule": str(e.rule)}, 400)

    async def teacher_mistakes(request: Request) -> Response:
        refused = teacher_ok(request)
        if refused is not None:
            return refused
        return JSONResponse(lesson.board())

    async def scenario(request: Request) -> Response:
        page = lesson.scenario_page(request.path_params["name"])
        if page is None:
            return JSONResponse({"error": "There is no such example."}, 404)
        return HTMLResponse(page)

    return [Route("/api/teacher/lesson", teacher_lesson, methods=["GET", "POST"]),
            Route("/api/teacher/mistakes", teacher_mistakes),
            Route("/scenario/{name}", scenario)]


__all__ = ["Lesson", "lesson_of", "Solvers", "Poll", "WhatIf", "QuizActivity", "make_poll",
           "make_whatif", "make_quiz_activity", "scenario_map", "scenario_for", "rule_words",
           "LessonError", "AnswerRow", "answer_rows", "solve_position", "MESSAGE_FIELDS",
           "REQUIRED", "DEFAULT_BUDGET", "MAX_BUDGET", "MAX_NODES", "card_verdicts",
           "node_budget"]
