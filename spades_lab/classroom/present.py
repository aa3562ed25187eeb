"""The presenter view and the teacher's Ask controls (docs/classroom.md, "The presenter view").

The presenter view (``/present#secret=...``) is a page for the projector at the front of the
room.  It reads ``GET /api/teacher/present`` with the teacher's secret, like the teacher's page,
and opens no websocket: nothing sent to a student socket is built here except the teacher's
broadcast line.  It shows what the teacher puts on it (``POST /api/teacher/present``):

- the class code and the QR code of the students' address (the default);
- one table kibitzed: every hand, one seat's view (built from ``Game.view(seat)`` alone, as that
  seat's student sees it) or no hand at all, with the trump badges, drawn by
  :func:`spades_lab.render.table_html`;
- the lesson's open activity (:mod:`.lesson`) without its answer: the question, the seat to
  play's drawing, a live count of answers; the spread and the solver's verdict once the
  teacher reveals it; a quiz one question at a time.

The projector is seen by the whole room.  So it shows a hand's cards only when no other
student plays that hand at that table: every hand, or one seat's, of a hand still being
played by students is refused (or, for a poll, drawn without the cards) in words.

The teacher's Ask controls ask about a table's current position: ``POST /api/teacher/ask/preview``
(the solver's verdict on it, for the teacher alone, before a poll starts) and
``POST /api/teacher/ask/whatif`` (the other actions the last one could have been, in words).
``POST /api/teacher/broadcast`` sends every student's device a line (the ``broadcast``
message).
"""
from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ..core.engine import Phase
from ..core.errors import RuleError
from ..core.line import Line
from ..core.rules import seat_name
from ..render import table_html, trumps_html
from ..teach.bestplay import play_words
from ..words.counting import plural
from ..words.play import bid_words, place_words, step_words
from ..words.rules import rules_title
from .lesson import (
    DEFAULT_BUDGET,
    Lesson,
    LessonError,
    Poll,
    QuizActivity,
    WhatIf,
    budget_seconds,
    card_verdicts,
    choice_key,
    lesson_of,
    make_poll,
    node_budget,
    solve_position,
)
from .room import Classroom, Conn
from .tables import ClassTable, SeatHand, dealt, playing

#: What the presenter shows, and how it may show a table.
SHOWS = ("class", "table", "lesson")
VIEWS = ("all", "seat", "public")
#: The longest broadcast line (characters).
MAX_WORDS = 120
#: The largest request here (bytes of JSON text).
MAX_REQUEST = 2048


class PresentRefusal(Exception):
    """A presenter or Ask request that cannot be done: answered ``400`` with the sentence,
    nothing changed."""


def _and(names: list[str]) -> str:
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)


def players_at(t: ClassTable, but: int | None = None) -> list[str]:
    """The students who sit at ``t`` (a robot holding a student's seat holds it for them),
    but the one in seat ``but``."""
    out = []
    for s, row in enumerate(t.seats):
        if s == but:
            continue
        if row["kind"] == "person":
            out.append(str(row["name"]))
        elif "was" in row:
            out.append(str(row["was"]["name"]))
    return out


def twins(room: Classroom, t: ClassTable, hand: int | None = None) -> list[ClassTable]:
    """The other tables whose latest hand was dealt the same cards as hand ``hand`` (default:
    the current one) of ``t`` (:func:`~spades_lab.classroom.tables.dealt`: a prepared deal at
    several tables, or two tables given one seed)."""
    key = dealt(t.game.hands[-1 if hand is None else hand])
    return [o for o in room.tables.values()
            if o is not t and o.game.hand is not None and dealt(o.game.hand) == key]


def _in_play(t: ClassTable, hand: int | None = None) -> bool:
    """Hand ``hand`` (default: the current one) of ``t`` is still being played there
    (:func:`~spades_lab.classroom.tables.playing`)."""
    h = playing(t)
    return h is not None and (hand is None or t.game.hands[hand] is h)


def _hidden_from(room: Classroom, t: ClassTable, seat: int | None, hand: int | None = None
                 ) -> list[tuple[str, int]]:
    """Who would see on the projector cards they may not see, and at which table: the
    students playing that hand at ``t``, but the one whose own cards (seat ``seat``) are
    shown, and the students playing the same cards at another table of a prepared deal."""
    out = [(name, t.id) for name in players_at(t, seat)] if _in_play(t, hand) else []
    for other in twins(room, t, hand):
        if _in_play(other):
            out += [(name, other.id) for name in players_at(other, seat)]
    return out


def _who_plays(hidden: list[tuple[str, int]]) -> str:
    """"Ann plays at table 1", "Ann and Cy play at tables 1 and 3 (the same cards)"."""
    names = list(dict.fromkeys(n for n, _ in hidden))
    ids = sorted({i for _, i in hidden})
    where = f"at table {ids[0]}" if len(ids) == 1 else \
        f"at tables {_and([str(i) for i in ids])} (the same cards)"
    return f"{_and(names)} {'plays' if len(names) == 1 else 'play'} {where}"


def _table(room: Classroom, tid: Any) -> ClassTable:
    t = room.tables.get(tid) if type(tid) is int else None
    if t is None:
        raise PresentRefusal(f"There is no table {str(tid)[:20]}: the tables are "
                             f"{', '.join(map(str, room.tables)) or 'not opened yet'}.")
    return t


@dataclass
class Presenter:
    """What the projector shows now and the broadcast line, kept in the store (a restarted
    server shows the same)."""

    room: Classroom
    show: str = "class"
    table: int | None = None
    view: str = "all"
    seat: int | None = None
    #: the quiz question shown (from 0), and the (activity, question) pairs revealed
    question: int = 0
    question_of: int | None = None  # the quiz (activity) ``question`` is of
    revealed: set[tuple[int, int]] = field(default_factory=set)
    words: str = ""
    words_at: float = 0.0

    KEPT = ("show", "table", "view", "seat", "question", "question_of", "words", "words_at")

    def __post_init__(self) -> None:
        kept = self.room.store.view_state(f"presenter:{self.room.code}") or {}
        for k in self.KEPT:
            if k in kept:
                setattr(self, k, kept[k])
        self.revealed = {(int(a), int(q)) for a, q in kept.get("revealed", [])}

    @property
    def lesson(self) -> Lesson:
        """The class's lesson, whose open activity the projector may show."""
        return lesson_of(self.room)

    def _keep(self) -> None:
        state: dict[str, Any] = {k: getattr(self, k) for k in self.KEPT}
        state["revealed"] = sorted(self.revealed)
        self.room.store.set_view_state(f"presenter:{self.room.code}", state)

    # ---------------------------------------------------------------- the teacher's commands
    def command(self, body: Any) -> dict[str, Any]:
        """One ``POST /api/teacher/present`` command; the presenter's view after it."""
        if not isinstance(body, dict) or not isinstance(body.get("type"), str):
            raise PresentRefusal("Send what to show as a JSON object with its type: class, "
                                 "table, lesson, question, next or reveal.")
        kind = body["type"]
        allowed = {"class": {"type"}, "lesson": {"type"}, "reveal": {"type"},
                   "table": {"type", "table", "view", "seat"},
                   "question": {"type", "question"}, "next": {"type"}}
        if kind not in allowed:
            raise PresentRefusal("The projector shows the class code (class), a table (table), "
                                 "the open question (lesson), a quiz's question (question, "
                                 "next), or reveals its answer (reveal).")
        extra = set(body) - allowed[kind]
        if extra:
            raise PresentRefusal(f"A {kind} command has no field {sorted(extra)[0][:20]!r}.")
        if kind == "table":
            self._show_table(body)
        elif kind == "class":
            self.show = "class"
        elif kind == "lesson":
            if self.lesson.current is None:
                raise PresentRefusal("No question is open: start a poll, a what-if or a quiz "
                                     "first.")
            self.show = "lesson"
        elif kind == "question":
            self._question(body.get("question"))
        elif kind == "next":
            act = self._quiz()
            if self._shown_question(act) + 1 >= len(act.questions):
                raise PresentRefusal("That was the quiz's last question: reveal its answer, or "
                                     "close the quiz.")
            self._question(self.question + 1)
        else:
            self._reveal()
        self._keep()
        return self.view_json()

    def _show_table(self, body: dict[str, Any]) -> None:
        t = _table(self.room, body.get("table"))
        view = body.get("view", "all")
        if view not in VIEWS:
            raise PresentRefusal("view is all (every hand), seat (one seat's view) or public "
                                 "(no hand shown).")
        seat = body.get("seat")
        n = t.rules.players
        if view == "seat":
            if type(seat) is not int or not 0 <= seat < n:
                raise PresentRefusal(f"Choose one of table {t.id}'s seats, 1 to {n}.")
        elif seat is not None:
            raise PresentRefusal("A seat is chosen only for one seat's view.")
        if t.game.hand is None:
            raise PresentRefusal(f"Table {t.id} has not dealt a hand yet.")
        if view != "public":
            hidden = _hidden_from(self.room, t, seat if view == "seat" else None)
            if hidden:
                whose = "every hand" if view == "all" else \
                    f"{seat_name(seat, n)}'s cards"  # type: ignore[arg-type]
                raise PresentRefusal(
                    f"{_who_plays(hidden)}: the projector would show them {whose}. Show the "
                    "table without the hands, or once this hand is over.")
        self.show, self.table, self.view, self.seat = "table", t.id, view, seat

    def _quiz(self) -> QuizActivity:
        act = self.lesson.current
        if not isinstance(act, QuizActivity):
            raise PresentRefusal("No quiz is open: start a quiz first.")
        return act

    def _shown_question(self, act: QuizActivity) -> int:
        """The question of quiz ``act`` the projector shows (a new quiz: its first)."""
        if self.question_of != act.id:
            self.question, self.question_of = 0, act.id
        return min(self.question, len(act.questions) - 1)

    def _question(self, i: Any) -> None:
        act = self._quiz()
        n = len(act.questions)
        if type(i) is not int or not 0 <= i < n:
            raise PresentRefusal(f"This quiz has questions 1 to {n}.")
        self.question, self.question_of = i, act.id
        self.show = "lesson"

    def _reveal(self) -> None:
        act = self.lesson.current
        if act is None:
            raise PresentRefusal("There is nothing to reveal: start a poll first.")
        if isinstance(act, QuizActivity):
            self.revealed.add((act.id, self._shown_question(act)))
        else:
            self.lesson.reveal()  # the students see the answer too
        self.show = "lesson"

    # ---------------------------------------------------------------- the broadcast line
    def broadcast(self, body: Any) -> dict[str, Any]:
        """``POST /api/teacher/broadcast``: the line to every student's device and the
        projector (empty words: the line is cleared)."""
        words = body.get("words") if isinstance(body, dict) else None
        if not isinstance(words, str) or set(body) - {"words"}:
            raise PresentRefusal("Send the line as {\"words\": \"Eyes on the board\"} (empty "
                                 "words clear it).")
        text = " ".join(words.split())
        if len(text) > MAX_WORDS or not text.isprintable():
            raise PresentRefusal(f"The line is at most {MAX_WORDS} letters, digits and "
                                 "punctuation.")
        self.words, self.words_at = text, time.time()
        self._keep()
        conns = list(self.room.conns)
        for c in conns:
            self.send_to(c)
        return {"words": text, "sent": len({c.student for c in conns})}

    def send_to(self, c: Conn) -> None:
        c.send({"type": "broadcast", "words": self.words, "at": self.words_at})

    def on_connect(self, c: Conn) -> None:
        """A student's new connection gets the line the teacher has up, if any."""
        if self.words:
            self.send_to(c)

    # ---------------------------------------------------------------- what the projector shows
    def view_json(self) -> dict[str, Any]:
        """``GET /api/teacher/present``: what the projector shows now."""
        out: dict[str, Any] = {"class": self.room.code, "words": self.words,
                               "show": self.show}
        if self.show == "table" and self.table in self.room.tables:
            try:
                out["table"] = self._table_json(self.room.tables[self.table])
            except PresentRefusal as e:  # the table moved on: students sat down, say
                out["show"] = "class"
                out["note"] = str(e)
        elif self.show == "lesson" and self.lesson.current is not None:
            out["lesson"] = self.lesson_json()
        else:  # the default, and once the question shown is closed
            out["show"] = "class"
        return out

    def _table_json(self, t: ClassTable) -> dict[str, Any]:
        h = t.game.hand
        assert h is not None
        n = t.rules.players
        names = t.names()
        if self.view == "seat":
            assert self.seat is not None
            if _hidden_from(self.room, t, self.seat):
                raise PresentRefusal(f"Table {t.id}'s seats filled: the projector shows the "
                                     "class code instead of its cards.")
            seen = SeatHand(t.game.view(self.seat))  # that seat's view alone
            drawing = table_html(seen, face_up=[s == self.seat for s in range(n)], names=names,
                                 projector=True)
            title = f"Table {t.id} as {names[self.seat]} ({seat_name(self.seat, n)}) sees it"
        elif self.view == "all":
            if _hidden_from(self.room, t, None):
                raise PresentRefusal(f"Students sat down at table {t.id}: the projector shows "
                                     "the class code instead of its hands.")
            drawing = table_html(h, names=names, projector=True)
            title = f"Table {t.id}, every hand"
        else:
            drawing = table_html(h, names=names, face_up=[False] * n, projector=True)
            title = f"Table {t.id}"
        where = f"hand {len(t.game.hands)}"
        if t.game.phase == Phase.PLAY:
            where += f", trick {h.trick_number() + 1}"
        return {"table": t.id, "view": self.view, "seat": self.seat,
                "title": f"{title}: {rules_title(t.rules)}, {where}.",
                "trumps": trumps_html(h), "html": drawing}

    def lesson_json(self) -> dict[str, Any]:
        """The open activity as the projector shows it: never its answer, nor who answered
        what, before the teacher reveals it."""
        lesson = self.lesson
        act = lesson.current
        if act is None:
            return {"activity": None, "question": "No question is open."}
        answers = self.room.store.answers(self.room.code, act.id)
        who = lesson.who_answers(act)
        kept = len(who["kept"])
        src = act.source()
        out: dict[str, Any] = {
            "activity": act.id, "kind": act.kind, "revealed": act.revealed,
            "question": act.question_words(), "students": who["students"],
            # in numbers, not names: the whole room reads the projector
            "who": "" if not kept or src is None else
            f"{'Nobody can answer this now: ' if not who['students'] else ''}"
            f"{plural(kept, 'student')} at table {src[0]} {'sees' if kept == 1 else 'see'} it "
            "once its hand is over."}
        if isinstance(act, Poll):
            t = self.room.tables.get(act.table)
            hidden = [] if t is None else _hidden_from(self.room, t, act.seat, act.hand)
            position = act.position
            assert position is not None and position.hand is not None
            n = position.rules.players
            drawing = "" if hidden else table_html(  # the seat to play's view alone
                SeatHand(position.view(act.seat)), face_up=[s == act.seat for s in range(n)],
                names=self.room.tables[act.table].names(), projector=True)
            out.update({"answered": len(answers), "trumps": trumps_html(position.hand),
                        "html": drawing,
                        "note": "The cards are on your own devices: another student of its "
                                "table plays this hand." if hidden else ""})
            if act.revealed:
                verdicts = act.card_verdicts()
                v = act.verdict
                out["verdict"] = act.failed or (v["text"] if v else
                                                "The solver is still working on this position.")
                out["spread"] = [
                    {"label": play_words(p),
                     "count": sum(a["choice"] == choice_key(p) for a in answers),
                     "verdict": verdicts[choice_key(p)]["text"] if choice_key(p) in verdicts
                     else None,
                     "best": verdicts[choice_key(p)]["best"] if choice_key(p) in verdicts
                     else None}
                    for p in act.legal]
        elif isinstance(act, WhatIf):
            if act.revealed:
                out.update(act.to_words())
        elif isinstance(act, QuizActivity):
            qs = act.questions
            i = self._shown_question(act)
            q = qs[i]
            mine = [a for a in answers if a["question"] == i]
            shown = (act.id, i) in self.revealed
            out.update({"number": i, "of": len(qs), "prompt": q.prompt, "shown": list(q.shown),
                        "choices": list(q.choices), "answered": len(mine),
                        "revealed": shown})
            if shown:
                out["counts"] = [sum(int(a["choice"]) == k for a in mine)
                                 for k in range(len(q.choices))]
                out["answer"] = q.answer
        return out


# ---------------------------------------------------------------------------- Ask


async def preview(room: Classroom, body: Any) -> dict[str, Any]:
    """``POST /api/teacher/ask/preview`` ``{"table": 1}``: the poll the table's current position
    would be, and the solver's verdict on it, for the teacher alone (nothing is opened or
    stored; the students see nothing)."""
    if not isinstance(body, dict) or set(body) - {"table", "hand", "step", "budget", "nodes"}:
        raise PresentRefusal("Send the table to ask about: {\"table\": 1}.")
    budget = budget_seconds(body.get("budget"))
    nodes = node_budget(body.get("nodes"))
    poll = make_poll(room, {k: body[k] for k in ("table", "hand", "step")
                            if body.get(k) is not None}, 0)
    t = room.tables[poll.table]
    fut = lesson_of(room).solvers.submit(solve_position, t.game.to_record(), poll.hand,
                                         poll.step, budget, nodes)
    try:
        v = await asyncio.wait_for(fut, budget + 60)
    except Exception as e:  # the worker's failure, in words
        raise PresentRefusal("The solver could not work this position out: "
                             f"{getattr(e, 'message', None) or type(e).__name__}.") from None
    cards = card_verdicts(v)  # each card's own verdict: exact, or its bounds in words
    who = lesson_of(room).who_answers(poll)
    return {"table": poll.table, "hand": poll.hand, "step": poll.step, "budget": budget,
            "nodes": nodes, "question": poll.question_words(), "html": poll.drawing,
            "exact": v["exact"], "verdict": v["text"],
            "choice": v["exact"] and any(not c["best"] for c in v["cards"]),
            "cards": [{"label": play_words(p),
                       "verdict": cards[choice_key(p)]["text"] if choice_key(p) in cards
                       else None,
                       "best": cards[choice_key(p)]["best"] if choice_key(p) in cards
                       else None}
                      for p in poll.legal],
            "students": who["students"], "who": who["who"]}


def positions(room: Classroom, body: Any) -> dict[str, Any]:
    """``POST /api/teacher/ask/positions`` ``{"table": 1}``: every position of the table's
    hands where a card is to be played, in words, newest first (the one now first), each with
    its ``hand`` and ``step`` for the Ask requests."""
    if not isinstance(body, dict) or set(body) - {"table"}:
        raise PresentRefusal("Send the table to ask about: {\"table\": 1}.")
    t = _table(room, body.get("table"))
    n = t.rules.players
    out: list[dict[str, Any]] = []
    for h in range(len(t.game.hands)):
        line = Line.of(t.game, h)
        steps = line.steps
        plays = 0
        for k in range(len(steps) + 1):
            if k < len(steps) and steps[k].kind != "play":
                continue
            seat: int | None
            if k == len(steps):  # the position now, if a card is to be played there
                pos = line.at(k)
                if pos.phase != Phase.PLAY or pos.hand is None or pos.hand.turn is None:
                    break
                seat, then = pos.hand.turn, " (now)"
            else:
                seat, then = steps[k].seat, f" (then: {step_words(steps[k], n)})"
            assert seat is not None
            verb = "lead" if plays % n == 0 else "play"
            out.append({"hand": h, "step": k,
                        "words": f"Hand {h + 1}, trick {plays // n + 1}: "
                                 f"{seat_name(seat, n)} to {verb}{then}"})
            plays += 1
    return {"table": t.id, "positions": out[::-1]}


def _at(t: ClassTable, body: dict[str, Any]) -> tuple[Line, int | None]:
    """The line of ``body``'s ``hand`` (default: the current one) of ``t`` and its ``step``
    (None: not given)."""
    hand, step = body.get("hand"), body.get("step")
    if hand is not None and (type(hand) is not int or not 0 <= hand < len(t.game.hands)):
        raise PresentRefusal(f"Table {t.id} has dealt {len(t.game.hands)} hands: choose one "
                             "of them.")
    if step is not None and type(step) is not int:
        raise PresentRefusal("step is a position's number, as the positions list gives it.")
    try:
        return Line.of(t.game, hand), step
    except RuleError as e:
        raise PresentRefusal(e.message) from None


def whatif_choices(room: Classroom, body: Any) -> dict[str, Any]:
    """``POST /api/teacher/ask/whatif`` ``{"table": 1}``: the table's last action and every
    other action the engine allows there (a card or a bid), in words, each with the action to
    send as the what-if's ``action``."""
    if not isinstance(body, dict) or set(body) - {"table", "hand", "step"}:
        raise PresentRefusal("Send the table to ask about: {\"table\": 1}.")
    t = _table(room, body.get("table"))
    line, step = _at(t, body)
    if not line.steps:
        raise PresentRefusal(f"Nothing has happened yet in table {t.id}'s hand: ask once a "
                             "bid or a card is down.")
    # the action taken at that position (the position now: the last action)
    k = len(line.steps) - 1 if step is None or step >= len(line.steps) else step
    if k < 0:
        raise PresentRefusal("step is a position's number, as the positions list gives it.")
    done = line.steps[k]
    n = t.rules.players
    position = line.at(k)
    choices: list[dict[str, str]] = []
    entry = done.entry()
    if done.kind == "play":
        for p in position.legal_plays():
            action = p.card.code + (f" as {p.suit}" if p.card.is_dual else "")
            if (p.card.code, p.suit if p.card.is_dual else None) != \
                    (entry["card"], entry.get("as") if p.card.is_dual else None):
                choices.append({"action": action, "label": play_words(p)})
    elif done.kind == "bid":
        for b in position.legal_bids():
            value = b.to_json()
            if str(value).lower() != str(entry["bid"]).lower():
                choices.append({"action": str(value), "label": bid_words(b)})
    else:
        raise PresentRefusal("The last action was an exchange of cards: a what-if here asks "
                             "about a card or a bid. Ask once a card is played.")
    where = place_words(line.steps, k, n)
    return {"table": t.id, "hand": line.hand, "step": k,
            "happened": f"In {where} of hand {line.hand + 1}: {step_words(done, n)}.",
            "choices": choices}


# ---------------------------------------------------------------------------- HTTP


def routes(room: Classroom, teacher_ok: Callable[[Request], Response | None]) -> list[Route]:
    """The presenter's and the Ask controls' requests, each with the teacher's secret."""
    presenter = room.presenter
    assert isinstance(presenter, Presenter)  # the room's, made by this module's class

    def guarded(fn: Callable[[Any], Any]) -> Callable[[Request], Awaitable[Response]]:
        async def endpoint(request: Request) -> Response:
            refused = teacher_ok(request)
            if refused is not None:
                return refused
            body: Any = None
            if request.method == "POST":
                try:
                    body = json.loads((await request.body())[:MAX_REQUEST + 1])
                except ValueError:
                    body = None
            try:
                out = fn(body)
                if asyncio.iscoroutine(out):
                    out = await out
                return JSONResponse(out)
            except (PresentRefusal, LessonError) as e:
                return JSONResponse({"error": str(e)}, 400)
            except RuleError as e:
                return JSONResponse({"error": e.message, "rule": str(e.rule)}, 400)
        return endpoint

    async def present(request: Request) -> Response:
        if request.method == "GET":
            refused = teacher_ok(request)
            return refused or JSONResponse(presenter.view_json())
        return await guarded(presenter.command)(request)

    return [Route("/api/teacher/present", present, methods=["GET", "POST"]),
            Route("/api/teacher/broadcast", guarded(presenter.broadcast), methods=["POST"]),
            Route("/api/teacher/ask/preview", guarded(lambda b: preview(room, b)),
                  methods=["POST"]),
            Route("/api/teacher/ask/whatif", guarded(lambda b: whatif_choices(room, b)),
                  methods=["POST"]),
            Route("/api/teacher/ask/positions", guarded(lambda b: positions(room, b)),
                  methods=["POST"])]


__all__ = ["Presenter", "PresentRefusal", "preview", "whatif_choices", "positions", "routes",
           "playing", "players_at", "twins", "SHOWS", "VIEWS", "MAX_WORDS", "DEFAULT_BUDGET"]
