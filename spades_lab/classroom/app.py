"""The classroom server: a Starlette app that owns every table of a class (docs/classroom.md).

Students join over HTTP with the class code and a name (``POST /api/join``) and get their seat
token in a signed cookie; then one websocket (``/ws``) carries their actions and their seats'
updates.  The teacher's requests carry the teacher's secret (``X-Teacher-Secret``).  Every
action is stored before it is acknowledged; every message in is size-bounded and checked
field by field, and a bad one is answered with a clear error and changes nothing.
"""
from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import logging
import random
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from importlib import resources
from typing import Any
from urllib.parse import urlsplit

import segno
from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..core.errors import IllegalAction, OptionError, Rule, RuleError
from ..core.rules import RuleSet
from ..render import play_css, style_block
from . import export, names, present, teacher
from . import lesson as lesson_
from .store import SqliteStore, Store, StudentRow
from .tables import SETTINGS, Table, TableRefusal, check_seat, seated_at
from .teacher import TeacherRefusal

COOKIE = "sl_seat"
#: The server's log (a table of the store that does not load is reported here).
LOG = logging.getLogger("spades_lab.classroom")
#: The refusal of a request bearing a teacher's secret that used to be valid (a page from
#: before ``--new-secret``): not counted as a failure.
STALE_SECRET = ("This page's teacher address is out of date: open the address the server "
                "printed.")
#: The largest message a client may send (bytes of JSON text).
MAX_MESSAGE = 4096
#: Messages per second a connection may send on average, and the burst it may save up.
RATE, BURST = 10.0, 30.0
#: Refused messages after which a flooding connection is closed.
FLOOD_CLOSE = 200
#: Refused actions a connection may have on average per second, and the burst it may save up,
#: before a refusal is no longer written to the board of mistakes and counts toward the flood.
REFUSAL_RATE, REFUSAL_BURST = 0.5, 20.0
#: Wrong class codes one address may try per minute; wrong teacher secrets, counted apart.
JOIN_FAILS_PER_MINUTE = 10
TEACHER_FAILS_PER_MINUTE = 10
#: The memory (bytes) of the messages waiting to go out to one connection, past which it is too
#: slow: it is closed with :data:`SLOW_CLOSE` and a sentence rather than queued for ever.
OUT_LIMIT = 512 * 1024
SLOW_CLOSE = 1013
#: Seconds a request's body may take to arrive.
BODY_TIMEOUT = 30.0
#: Seconds a person's seat waits for them after their connection closes before the table's
#: robot plays for them (until they come back).
GRACE = 15.0
PRESETS = ("standard", "online", "original", "acorns", "acorns8")

MESSAGE_FIELDS: dict[str, dict[str, tuple[type, ...]]] = {
    "ping": {},
    "resync": {"table": (int,)},
    "sit": {"table": (int,), "seat": (int,)},
    "look": {"table": (int,), "seat": (int,)},
    "bid": {"table": (int,), "seat": (int,), "bid": (int, str)},
    "exchange": {"table": (int,), "seat": (int,), "cards": (list,), "count": (int,)},
    "play": {"table": (int,), "seat": (int,), "card": (str,), "as": (str, type(None))},
    "hint": {"table": (int,)},
    "undo": {"table": (int,)},
    # a claim of the remaining tricks, and the other side's answer (docs/classroom.md)
    "claim": {"table": (int,), "seat": (int,), "tricks": (int,)},
    "claim_answer": {"table": (int,), "seat": (int,), "answer": (str,)},
}
REQUIRED = {"resync": ("table",), "sit": ("table", "seat"), "look": ("table",),
            "hint": ("table",), "undo": ("table",), "claim": ("table", "tricks"),
            "claim_answer": ("table", "answer"),
            "bid": ("table", "bid"), "exchange": ("table",), "play": ("table", "card")}
# the lesson's messages (spades_lab.classroom.lesson)
MESSAGE_FIELDS.update(lesson_.MESSAGE_FIELDS)
REQUIRED.update(lesson_.REQUIRED)


class BadMessage(Exception):
    """A message that is not one the protocol has: answered with ``error``, nothing changed."""


def validate(text: str) -> dict[str, Any]:
    """The message in ``text``, checked: size, JSON object, known type, each field's type and
    length, no unknown fields (raises :class:`BadMessage` with the reason in words)."""
    if len(text) > MAX_MESSAGE or len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
        raise BadMessage(f"A message may be at most {MAX_MESSAGE} bytes long.")
    msg = parse_json(text, "A message is a JSON object, such as {\"type\": \"ping\"}.")
    if not isinstance(msg, dict):
        raise BadMessage("A message is a JSON object, such as {\"type\": \"ping\"}.")
    kind = msg.get("type")
    if not isinstance(kind, str) or kind not in MESSAGE_FIELDS:
        raise BadMessage(f"Unknown message type: the types are {', '.join(MESSAGE_FIELDS)}.")
    fields = MESSAGE_FIELDS[kind]
    for k, v in msg.items():
        if k in ("type", "ref"):
            continue
        if k not in fields:
            raise BadMessage(f"A {kind} message has no field {k[:20]!r}.")
        if isinstance(v, bool) or not isinstance(v, fields[k]):
            raise BadMessage(f"The field {k!r} of a {kind} message has the wrong type.")
        if isinstance(v, str) and len(v) > 40:
            raise BadMessage(f"The field {k!r} is too long.")
        if isinstance(v, int) and not -10**6 <= v <= 10**6:
            raise BadMessage(f"The field {k!r} is out of range.")
        if isinstance(v, list) and (len(v) > 40 or not all(
                isinstance(c, str) and len(c) <= 8 for c in v)):
            raise BadMessage("The cards are a list of at most 40 card names such as \"AS\".")
    ref = msg.get("ref")
    if ref is not None and (isinstance(ref, bool) or not isinstance(ref, (int, str))
                            or isinstance(ref, str) and len(ref) > 40):
        raise BadMessage("The field 'ref' is a number or a short text.")
    for k in REQUIRED.get(kind, ()):
        if k not in msg:
            raise BadMessage(f"A {kind} message needs the field {k!r}.")
    if kind == "exchange" and ("cards" in msg) == ("count" in msg):
        raise BadMessage("An exchange message gives either 'cards' or 'count'.")
    return msg


def parse_json(text: str | bytes, words: str) -> Any:
    """``text`` as JSON, or :class:`BadMessage` with ``words``: not JSON, not UTF-8, or nested
    past the decoder's depth (a RecursionError, never a traceback)."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise BadMessage(words) from None


def ref_of(text: str) -> Any:
    """The ``ref`` of a message not handled (one that came too fast): echoed when it is a
    number or a short text, else None."""
    try:
        msg = json.loads(text) if len(text) <= MAX_MESSAGE else None
    except (ValueError, RecursionError):
        return None
    ref = msg.get("ref") if isinstance(msg, dict) else None
    if isinstance(ref, bool) or not isinstance(ref, (int, str)) or \
            isinstance(ref, str) and len(ref) > 40 or isinstance(ref, int) and abs(ref) > 2**53:
        return None
    return ref


@dataclass
class Bucket:
    """A token bucket: ``take`` answers whether one more message is allowed now."""

    rate: float
    burst: float
    tokens: float = 0.0
    at: float = field(default_factory=time.monotonic)

    def __post_init__(self) -> None:
        self.tokens = self.burst

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class Conn:
    """One student's websocket: its messages go out in order through a queue, bounded: a
    connection with more than :data:`OUT_LIMIT` bytes waiting (its reader stopped reading) is
    closed with :data:`SLOW_CLOSE` and a sentence, and is sent nothing more."""

    def __init__(self, ws: WebSocket, student: int, name: str) -> None:
        self.ws = ws
        self.student = student
        self.name = name
        self.out: asyncio.Queue[str | None] = asyncio.Queue()
        self.queued = 0  # the memory of the texts in ``out``
        self.slow = False  # closed for falling behind
        self.bucket = Bucket(RATE, BURST)
        self.refusals = Bucket(REFUSAL_RATE, REFUSAL_BURST)
        self.refused = 0
        #: when the student last did something (a ping does not count: the roster's "idle");
        #: removed: the teacher took them off the class list (their messages are refused)
        self.active = time.monotonic()
        self.removed = False
        self._closer: asyncio.Task[None] | None = None
        self.task: asyncio.Task[Any] | None = None  # the connection's handler, stopped when slow

    def send(self, msg: dict[str, Any] | None) -> None:
        if self.slow:
            return
        if msg is None:
            self.out.put_nowait(None)
            return
        text = json.dumps(msg, ensure_ascii=False)
        self.queued += sys.getsizeof(text)
        if self.queued > OUT_LIMIT:
            self.too_slow()
            return
        self.out.put_nowait(text)

    def too_slow(self) -> None:
        """Drop what waits and close the connection with a reason (the page reconnects and
        gets the whole state again)."""
        self.slow = True
        while not self.out.empty():
            self.out.get_nowait()
        self.queued = 0
        self.out.put_nowait(None)  # the writer stops
        self._closer = asyncio.get_running_loop().create_task(self._close_slow())
        if self.task is not None and self.task is not asyncio.current_task():
            self.task.cancel()  # its reader stops too: the student is away from now on

    async def _close_slow(self) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.ws.close(SLOW_CLOSE, "This connection fell behind "
                                                 "(too many updates unread): reload the page."),
                                   10)

    async def writer(self) -> None:
        while True:
            text = await self.out.get()
            if text is None:
                return
            self.queued -= sys.getsizeof(text)
            await self.ws.send_text(text)


class Failures:
    """Failed attempts per address in the last minute (wrong class codes, or wrong teacher
    secrets: two of these, so that a student's wrong codes never lock the teacher out)."""

    def __init__(self, per_minute: int) -> None:
        self.per_minute = per_minute
        self.at: dict[str, list[float]] = {}

    def too_many(self, who: str) -> bool:
        now = time.monotonic()
        fails = [t for t in self.at.get(who, []) if now - t < 60]
        self.at[who] = fails
        return len(fails) >= self.per_minute

    def note(self, who: str) -> None:
        self.at.setdefault(who, []).append(time.monotonic())
        if len(self.at) > 10_000:  # bounded: forget the oldest addresses
            for k in list(self.at)[:5_000]:
                del self.at[k]

    def forgive(self, who: str) -> None:
        """Take back the last one noted (an attempt counted while it was checked, that
        turned out not to be a failure)."""
        if self.at.get(who):
            self.at[who].pop()


#: What :meth:`Classroom.teacher_verdict` answers about a request's teacher secret.
TEACHER_OK, TEACHER_RETIRED, TEACHER_WRONG, TEACHER_LIMITED = "ok", "retired", "wrong", "limited"


def _why(e: Exception) -> str:
    """Why a stored table did not load, in words for the teacher."""
    if isinstance(e, RuleError):
        return f"the engine refuses one of its stored actions ({e.message})"
    if isinstance(e, ValueError):
        return f"one of its stored actions cannot be read ({str(e)[:120]})"
    return f"{type(e).__name__}: {str(e)[:120]}"


def _left_out(tid: int, why: str) -> str:
    return f"Table {tid} could not be loaded from the store, so it is left out (the other " \
        f"tables go on): {why}."


class Classroom:
    """The state of the server: the store, the class, every table and every connection.

    The teacher's secret lasts across restarts (the store keeps its hash): ``teacher_secret``
    is known only when this server made it (a new class, or ``new_secret``; otherwise None:
    the address printed when it was made still works).  A new secret retires the old one,
    whose hash the store keeps, so that a page still holding it is told it is out of date
    instead of being counted as a guess."""

    def __init__(self, store: Store, *, origins: tuple[str, ...] = (),
                 teacher_secret: str | None = None, grace: float = GRACE,
                 new_secret: bool = False) -> None:
        self.store = store
        self.grace = grace
        self.holds: dict[tuple[int, int], asyncio.Task[None]] = {}
        codes = store.class_codes()
        self.teacher_secret: str | None
        if codes:
            self.code = codes[0]
            self.teacher_secret = store.new_teacher_secret(self.code) if new_secret else \
                teacher_secret
        else:
            self.code, self.teacher_secret = store.create_class("Class")
        self.key = store.server_secret()
        self.origins = origins
        self.tables: dict[int, Table] = {}
        #: tables of the store that no longer load, in words: left out, the class goes on
        #: (the teacher's overview shows them, and the log has them)
        self.problems: list[str] = [_left_out(tid, why) for tid, why in
                                    store.damaged_tables(self.code).items()]
        for row in store.tables(self.code):
            try:
                t = Table(row.id, row.rules, row.seats, seed=row.seed, pace=row.pace)
                t.restore(store.actions(row.id))
                t.settings.update(store.table_settings(row.id))
            except Exception as e:  # noqa: BLE001 - one bad table must not stop the class
                self.problems.append(_left_out(row.id, _why(e)))
                continue
            self.tables[row.id] = t
        for words in self.problems:
            LOG.error(words)
        self.conns: set[Conn] = set()
        self.runners: dict[int, asyncio.Task[None]] = {}
        self.join_fails = Failures(JOIN_FAILS_PER_MINUTE)
        self.teacher_fails = Failures(TEACHER_FAILS_PER_MINUTE)
        self._retired_macs: set[bytes] = set()
        self._scrypt = asyncio.Semaphore(1)  # one scrypt check at a time, off the loop
        # the teacher's side (classroom.teacher): when each table last changed, and what the
        # teacher set at each table (paused, held, closed), restored from the store
        self.changed_at: dict[int, float] = {}
        teacher.restore_flags(self)
        teacher.restore_life(self)
        self._teacher_mac: bytes | None = None
        self.compared: dict[tuple[Any, ...], dict[str, Any]] = {}  # teacher.comparison's
        self.lesson = lesson_.Lesson(self)  # the class's poll, what-if and quiz
        self.presenter = present.Presenter(self)  # the projector's view, the broadcast line

    def check_teacher(self, secret: str) -> bool:
        """Is ``secret`` the teacher's?  The store's scrypt check once, then an HMAC of the
        secret under the server's key, kept in memory only: the teacher's page asks every few
        seconds.  (Blocking: the server itself asks :meth:`teacher_verdict`.)"""
        return self._verdict_now(secret) == TEACHER_OK

    def _mac(self, secret: str) -> bytes:
        return hmac.new(self.key, secret.encode("utf-8", "surrogatepass"),
                        hashlib.sha256).digest()

    def _known(self, secret: str) -> str | None:
        """The verdict from memory alone (no scrypt): ok, retired, wrong, or None: not known."""
        if not isinstance(secret, str) or not 0 < len(secret) <= 200:
            return TEACHER_WRONG
        mac = self._mac(secret)
        if self._teacher_mac is not None and hmac.compare_digest(mac, self._teacher_mac):
            return TEACHER_OK
        if mac in self._retired_macs:
            return TEACHER_RETIRED
        return None

    def _verdict_now(self, secret: str) -> str:
        known = self._known(secret)
        if known is not None:
            return known
        if self.store.check_teacher(self.code, secret):
            self._teacher_mac = self._mac(secret)
            return TEACHER_OK
        if self.store.retired_teacher(self.code, secret):
            self._retired_macs.add(self._mac(secret))
            return TEACHER_RETIRED
        return TEACHER_WRONG

    async def teacher_verdict(self, secret: str, who: str) -> str:
        """What ``secret`` (from address ``who``) is: the teacher's (ok), one that used to be
        (retired: a page from before ``--new-secret``; not a failure), wrong (counted against
        ``who``), or limited (``who`` has failed too often this minute; not checked).  The
        scrypt check runs in a thread, one at a time; an attempt is counted while it is
        checked, so that many at once cannot pass the limit."""
        known = self._known(secret)
        if known == TEACHER_WRONG:
            if self.teacher_fails.too_many(who):
                return TEACHER_LIMITED
            self.teacher_fails.note(who)
        if known is not None:
            return known
        if self.teacher_fails.too_many(who):
            return TEACHER_LIMITED
        self.teacher_fails.note(who)
        async with self._scrypt:
            verdict = await asyncio.to_thread(self._verdict_now, secret)
        if verdict != TEACHER_WRONG:
            self.teacher_fails.forgive(who)
        return verdict

    # ---------------------------------------------------------------- cookies
    def sign(self, token: str) -> str:
        return token + "." + hmac.new(self.key, token.encode(), hashlib.sha256).hexdigest()[:32]

    def unsign(self, value: str | None) -> str | None:
        if not value or len(value) > 200 or "." not in value:
            return None
        token, _, mac = value.rpartition(".")
        want = hmac.new(self.key, token.encode(), hashlib.sha256).hexdigest()[:32]
        return token if hmac.compare_digest(mac, want) else None

    def returning(self, token: str | None, name: str) -> StudentRow | None:
        """The student of this class whose seat token ``token`` is (the browser's cookie), if
        they give the name they joined with (before :func:`.names.numbered` numbered it):
        the same student coming back, not a new one."""
        student = self.store.student_by_token(token) if token else None
        if student is None or student.class_code != self.code:
            return None
        if names.same_name(student.name, name) or \
                names.same_name(names.base_name(student.name), name):
            return student
        return None

    # ---------------------------------------------------------------- tables
    def new_table(self, preset: str, options: dict[str, Any], seats: list[Any],
                  pace: float, seed: int | None = None, start: str = "seated") -> Table:
        """A new table: it waits until every seat meant for a student is taken (``start``
        ``"seated"``; at once when no seat is meant for one) or for the teacher's Start
        (``"teacher"``), or starts now (``"now"``)."""
        if start not in ("seated", "teacher", "now"):
            raise BadMessage("start is seated, teacher or now.")
        rules = RuleSet.preset(preset, options)
        if len(seats) != rules.players:
            raise BadMessage(f"{rules.name} has {rules.players} seats; give one entry per seat "
                             "(a student's number, or null for a robot).")
        people = self.students()
        rows: list[dict[str, Any]] = []
        for s in seats:
            if s is None:
                rows.append({"kind": "bot"})
            elif isinstance(s, int) and not isinstance(s, bool) and s in people:
                if any(r.get("student") == s for r in rows):
                    raise TeacherRefusal(f"{people[s]} is given two seats: one seat each.",
                                         Rule.STUDENT_TWICE)
                rows.append({"kind": "person", "student": s, "name": people[s]})
            else:
                raise TeacherRefusal(f"{str(s)[:20]!r} is not a student of this class.",
                                     Rule.UNKNOWN_STUDENT)
        seed = random.SystemRandom().randrange(2**31) if seed is None else seed
        rj = {"preset": preset, "options": rules.to_json().get("options", {})}
        self.check_new_seats(rj, rows, seed)
        tid = self.store.create_table(self.code, rj, rows, seed, pace)
        t = Table(tid, rj, rows, seed=seed, pace=pace)
        t.start_when = "teacher" if start == "teacher" else "seated"
        t.started = start == "now"
        teacher.keep_life(self, t)
        self.tables[tid] = t
        if t.started:
            self.watch(t)
        self.wake(t)
        for c in self.conns:
            if t.seat_of(c.student) is not None:
                self.send_state(c, t)
        return t

    def check_new_seats(self, rules: dict[str, Any], rows: list[dict[str, Any]],
                        seed: int) -> None:
        """Refuse a new table's people (TableRefusal, nothing stored) who sit at another table
        already (a student sits at one table at a time; two seats of this one are refused
        before, ``student-twice``), or whose hand elsewhere was dealt the cards this table
        deals first (its seed's deal: ``check_seat``)."""
        ids = [r["student"] for r in rows if r["kind"] == "person"]
        for sid in ids:
            here = seated_at(self.tables.values(), sid)
            if here is not None:
                name = rows[[r.get("student") for r in rows].index(sid)]["name"]
                at = f"table {here.id}"
                raise TableRefusal(Rule.ALREADY_SEATED, f"{name} would sit at {at}: a student "
                                   "sits at one table at a time (move them with a seat of "
                                   "the teacher's page).")
        if not ids:
            return
        probe = Table(0, rules, rows, seed=seed)
        probe.step()  # the table's first deal, as its robots' runner will deal it
        for seat, r in enumerate(rows):
            if r["kind"] == "person":
                check_seat(self.tables.values(), r["student"], probe, seat,
                           seen=self.lesson.seen_deals(r["student"]), name=r["name"],
                           where="the new table")

    def students(self) -> dict[int, str]:
        return self.store.students(self.code)

    def summary(self, t: Table) -> dict[str, Any]:
        """A table as the class list shows it (no cards)."""
        return {"table": t.id, "rules": t.rules_json, "names": t.names(),
                "seats": [s["kind"] for s in t.seats], "phase": t.game.phase,
                "hand": len(t.game.hands), "totals": list(t.game.totals),
                "version": t.version, "over": t.game.over, "started": t.started}

    def commit(self, t: Table, entries: list[dict[str, Any]]) -> None:
        """Store the entries (committed when this returns), then count them in the version."""
        if entries:
            self.store.append(t.id, t.version, entries)
            t.version += len(entries)
            self.changed_at[t.id] = time.monotonic()
            t.undo_asked.clear()  # a request to take back lapses when the table moves on

    def send_state(self, c: Conn, t: Table, ref: Any = None) -> None:
        seat = t.seat_of(c.student)
        if seat is not None:
            msg = {"type": "state", "table": t.id, "version": t.version,
                   "state": t.seat_state(seat), "feed": t.feed()}
            if ref is not None:  # the answer to a resync
                msg["ref"] = ref
            c.send(msg)

    def broadcast(self, t: Table, before: int, version_before: int) -> None:
        """Tell every seated connection of ``t`` what happened since log index ``before``."""
        events = t.public_events(before)
        for c in list(self.conns):
            seat = t.seat_of(c.student)
            if seat is None:
                continue
            c.send({"type": "update", "table": t.id, "from_version": version_before,
                    "version": t.version, "events": events, "state": t.seat_state(seat)})
        self.lesson.table_moved(t)  # a lesson activity kept from this table's seats

    def seated_all(self, t: Table) -> bool:
        """Is every seat of ``t`` meant for a student taken (its student connected)?"""
        return all(self.present(s["student"]) for s in t.seats if s["kind"] == "person")

    def wake(self, t: Table) -> None:
        """Start the table's bot runner if a deal or a bot's decision is due (a table waiting
        for its players starts once every seat meant for a student is taken)."""
        if not t.started and t.start_when == "seated" and not t.is_closed() and \
                self.seated_all(t):
            teacher.begin(self, t)  # tells the seats, then wakes the table again
            return
        if t.bots_due() and (t.id not in self.runners or self.runners[t.id].done()):
            self.runners[t.id] = asyncio.get_running_loop().create_task(self.run_bots(t))

    async def run_bots(self, t: Table) -> None:
        for _ in range(100_000):  # bounded: a whole game is far fewer steps
            if not t.bots_due():
                return
            await asyncio.sleep(t.pace)
            if not t.bots_due():
                return
            before, v0 = len(t.game.log), t.version
            self.commit(t, t.step())
            self.broadcast(t, before, v0)

    # ---------------------------------------------------------------- away and back
    def present(self, student: int) -> bool:
        """Has ``student`` a connection open now?"""
        return any(c.student == student for c in self.conns)

    def watch(self, t: Table) -> None:
        """Every person at ``t`` with no connection open gets a robot after the grace period
        (a new table, or a table restored by a restarted server)."""
        for seat, s in enumerate(t.seats):
            if s["kind"] == "person" and not self.present(s["student"]):
                self.hold_later(t, seat, s["student"])

    def hold_later(self, t: Table, seat: int, student: int) -> None:
        key = (t.id, seat)
        if key not in self.holds or self.holds[key].done():
            self.holds[key] = asyncio.get_running_loop().create_task(
                self._hold(t, seat, student))

    def someone_at(self, t: Table) -> bool:
        """Is a person at ``t`` connected?  A robot holds an away seat only for them: at a
        table everyone has left, the game waits for its people."""
        return any(s["kind"] == "person" and self.present(s["student"]) for s in t.seats)

    async def _hold(self, t: Table, seat: int, student: int) -> None:
        await asyncio.sleep(self.grace)
        if self.present(student) or t.seat_of(student) != seat or t.game.over or \
                not self.someone_at(t):
            return
        t.hold(seat)
        self.tell_seated(t)
        self.wake(t)

    def tell_seated(self, t: Table) -> None:
        for o in list(self.conns):
            self.send_state(o, t)

    def left(self, c: Conn) -> None:
        """``c`` closed: a robot will hold each seat of its student after the grace period."""
        if self.present(c.student):
            return
        for t in self.tables.values():
            seat = t.seat_of(c.student)
            if seat is None:
                continue
            self.hold_later(t, seat, c.student)
            if not self.someone_at(t):  # the last person left: the robots stop holding
                t.held.clear()

    def back(self, c: Conn) -> None:
        """``c``'s student is connected: their seats are theirs again, and they are told what
        the robot did for them meanwhile."""
        for t in self.tables.values():
            seat = t.seat_of(c.student)
            if seat is None:
                continue
            task = self.holds.pop((t.id, seat), None)
            if task is not None:
                task.cancel()
            held = seat in t.held
            words = t.hand_back(seat)
            if held or words:
                c.send({"type": "back", "table": t.id, "seat": seat, "words": words,
                        "message": "While you were away, the robot played for you." if words
                        else "You are back: the robot did not need to play for you."})
                self.tell_seated(t)
            self.watch(t)  # someone is here again: the others who are away get a robot
            if not t.started:  # a table waiting for its players may start now
                self.wake(t)

    # ---------------------------------------------------------------- hints and undo
    def hint_or_undo(self, c: Conn, t: Table, seat: int, kind: str, ref: Any) -> None:
        """A student asks for a hint, or to take back the last decision (docs/classroom.md:
        both are table settings the teacher controls; an undo needs every person's
        consent)."""
        if kind == "hint":
            c.send({"type": "hint", "ref": ref, "table": t.id, "words": t.hint(seat)})
            return
        if t.last_decision(self.store.actions(t.id)) is None:
            raise TableRefusal(Rule.NOTHING_TO_UNDO, "There is nothing to take back.")
        agreed = t.ask_undo(seat)
        c.send({"type": "ack", "ref": ref, "table": t.id, "version": t.version})
        if agreed:
            self.take_back(t)
            return
        names = t.names()
        waiting = [s for s in t.people() if s not in t.undo_asked]
        words = (f"{names[seat]} asks to take back the last decision: "
                 + _and([names[s] for s in waiting]) + " must agree (press Take back).")
        for o in list(self.conns):
            if t.seat_of(o.student) is not None:
                o.send({"type": "undo_asked", "table": t.id, "asked": sorted(t.undo_asked),
                        "waiting": waiting, "words": words})
                self.send_state(o, t)

    def take_back(self, t: Table) -> tuple[int, str]:
        """Take the table back to just before the last decision of a person (the robots'
        moves after it go too): stored first, then every seat gets its state; the number of
        actions taken back, and what the seats were told (the teacher's page says it too)."""
        entries = self.store.actions(t.id)
        k = t.last_decision(entries)
        if k is None:
            raise TableRefusal(Rule.NOTHING_TO_UNDO, "There is nothing to take back.")
        e = entries[k]
        who = t.names()[e.get("seat", e.get("from", 0))]
        self.store.take_back(t.id, k)
        t.rewind(entries[:k])
        words = f"The table took back {who}'s last decision."
        for o in list(self.conns):
            if t.seat_of(o.student) is not None:
                o.send({"type": "undone", "table": t.id, "version": t.version, "words": words})
                self.send_state(o, t)
        self.wake(t)
        return len(entries) - k, words

    # ---------------------------------------------------------------- claims
    def claim(self, c: Conn | None, t: Table, seat: int | None, msg: dict[str, Any]) -> None:
        """A student's claim or answer to one (``c``, ``seat``), or the teacher's decision
        (``c`` None): the engine and the solver decide through the table; a claim that stands
        is stored before it is acknowledged; every seat hears the words said."""
        before, v0 = len(t.game.log), t.version
        kind = msg["type"]
        if kind == "claim":
            assert seat is not None
            entries = t.claim(seat, msg["tricks"])
        else:
            if msg["answer"] not in ("accept", "play on"):
                raise BadMessage("The answer to a claim is \"accept\" or \"play on\".")
            accept = msg["answer"] == "accept"
            entries = t.answer_claim(seat, accept) if seat is not None else \
                t.decide_claim(accept)
        self.commit(t, entries)
        if c is not None:
            c.send({"type": "ack", "ref": msg.get("ref"), "table": t.id, "version": t.version})
        for o in list(self.conns):
            if t.seat_of(o.student) is not None:
                o.send({"type": "claim", "table": t.id, "claim": t.claim_state(),
                        "words": list(t.claim_said)})
        if entries:
            self.broadcast(t, before, v0)
            self.wake(t)
        else:
            self.tell_seated(t)

    def set_settings(self, t: Table, settings: dict[str, Any]) -> None:
        """The teacher sets a table's hints and undo (stored, then every seat is told)."""
        for k, v in settings.items():
            if k not in SETTINGS or not isinstance(v, bool):
                raise BadMessage("The settings are hints and undo, each true or false.")
        t.settings.update(settings)
        self.store.set_table_settings(t.id, t.settings)
        self.tell_seated(t)

    # ---------------------------------------------------------------- messages
    def handle(self, c: Conn, msg: dict[str, Any]) -> None:
        """Answer one checked message from a student (refusals name the rule)."""
        kind = msg["type"]
        ref = msg.get("ref")
        if kind == "ping":
            c.send({"type": "pong", "ref": ref})
            return
        if c.removed:
            raise BadMessage("The teacher took you off the class list: join the class again.")
        c.active = time.monotonic()
        if kind in lesson_.MESSAGE_FIELDS:  # the lesson's (spades_lab.classroom.lesson)
            self.lesson.handle(c, msg)
            return
        t = self.tables.get(msg["table"])
        if t is None:
            raise BadMessage(f"There is no table {msg['table']}.")
        seat = t.seat_of(c.student)
        if kind == "sit":
            s = msg["seat"]
            here = seated_at(self.tables.values(), c.student)
            if here is not None:  # one table at a time: a twin deal's cards from both sides
                raise TableRefusal(Rule.ALREADY_SEATED, f"You already sit at table {here.id}: "
                                   "a student sits at one table at a time (the teacher can "
                                   "move you).")
            if t.closed_for is not None:  # a prepared deal moved its players on (teacher.py)
                raise BadMessage(f"Table {t.id} is closed: its players went on at table "
                                 f"{t.closed_for}.")
            if not 0 <= s < t.rules.players or not t.is_bot(s):
                raise BadMessage("That seat is not free: sit in a seat a robot holds.")
            if "was" in t.seats[s]:  # the teacher handed it to a robot for its student
                raise TableRefusal(Rule.SEAT_RESERVED, f"The teacher keeps seat {s + 1} of "
                                   f"table {t.id} for another student: sit in a seat a robot "
                                   "holds for nobody.")
            check_seat(self.tables.values(), c.student, t, s,
                       seen=self.lesson.seen_deals(c.student), stranger=True)
            t.seats[s] = {"kind": "person", "student": c.student, "name": c.name}
            self.store.set_seats(t.id, t.seats)
            c.send({"type": "ack", "ref": ref, "table": t.id, "version": t.version})
            for o in list(self.conns):
                if t.seat_of(o.student) is not None:
                    self.send_state(o, t)
            self.wake(t)  # a table waiting for its players may start
            return
        if seat is None:
            raise BadMessage(f"You do not sit at table {t.id}.")
        if kind == "resync":
            self.send_state(c, t, ref)
            return
        if "seat" in msg and msg["seat"] != seat:
            raise IllegalAction(Rule.NOT_YOUR_TURN, "You may act only for your own seat.")
        if kind in ("hint", "undo"):
            self.hint_or_undo(c, t, seat, kind, ref)
            return
        if kind in ("claim", "claim_answer"):
            self.claim(c, t, seat, msg)
            return
        before, v0 = len(t.game.log), t.version
        if kind == "look":
            entries = t.act(seat, "look")
        elif kind == "bid":
            entries = t.act(seat, "bid", msg["bid"])
        elif kind == "exchange":
            entries = t.act(seat, "exchange", msg["cards"] if "cards" in msg else msg["count"])
        else:
            entries = t.act(seat, "play", msg["card"], msg.get("as"))
        self.commit(t, entries)  # stored before it is acknowledged
        c.send({"type": "ack", "ref": ref, "table": t.id, "version": t.version})
        self.broadcast(t, before, v0)
        self.wake(t)


def qr_svg(url: str) -> str:
    """The students' address as a QR code, inline SVG drawn by ``segno`` (no script, no other
    host), named for a screen reader."""
    svg = segno.make(url, error="m").svg_inline(scale=5, dark="#000", light="#fff",
                                                svgclass="sl-qr", lineclass=None)
    return svg.replace("<svg ", '<svg role="img" aria-label="A QR code of the students\' '
                       'address" ', 1)


def _and(names: list[str]) -> str:
    """"Ann", "Ann and Bob", "Ann, Bob and Cy"."""
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)


_DEFAULT_PORT = {"http": 80, "https": 443, "ws": 80, "wss": 443}


def origin_parts(origin: str) -> tuple[str, int] | None:
    """An origin (``https://class.example``) as (host, port), the scheme's port by default;
    None when it is not an http(s) origin."""
    try:
        u = urlsplit(origin)
        port = u.port
    except ValueError:
        return None
    if u.scheme not in _DEFAULT_PORT or not u.hostname or u.path not in ("", "/") or \
            u.query or u.fragment or u.username is not None:
        return None
    return u.hostname.lower(), port or _DEFAULT_PORT[u.scheme]


def origin_ok(origin: str | None, host: str, allowed: tuple[str, ...] = ()) -> bool:
    """May a browser page from ``origin`` talk to this server?  Its host and port must be the
    request's ``Host`` (a port left out is the origin scheme's own) or those of one of the
    ``allowed`` public origins, whatever the scheme: behind a TLS proxy the page is https and
    the request reaching the server is plain.  No ``Origin`` (not a browser): yes."""
    if origin is None:
        return True
    o = origin_parts(origin)
    if o is None:
        return False
    if any(origin_parts(a) == o for a in allowed):
        return True
    try:
        h = urlsplit("//" + host)
        port = h.port
    except ValueError:
        return False
    if not h.hostname:
        return False
    scheme = origin.split(":", 1)[0].lower()
    return (h.hostname.lower(), port or _DEFAULT_PORT[scheme]) == o


def _origin_ok(ws: WebSocket, allowed: tuple[str, ...]) -> bool:
    return origin_ok(ws.headers.get("origin"), ws.headers.get("host", ""), allowed)


def post_refusal(headers: Headers, allowed: tuple[str, ...]) -> Response | None:
    """A POST from a page of another site (login CSRF: a form or a text/plain fetch to
    ``/api/join`` would replace a student's seat cookie) is refused: by ``Sec-Fetch-Site``
    where the browser sends it, by ``Origin`` (:func:`origin_ok`) otherwise; and a body must
    be JSON (``Content-Type: application/json``), which no plain form can send."""
    site = headers.get("sec-fetch-site")
    if (site is not None and site not in ("same-origin", "none")) or \
            not origin_ok(headers.get("origin"), headers.get("host", ""), allowed):
        return JSONResponse({"error": "This request came from a page of another site: open "
                             "the class's own page to do this."}, 403)
    has_body = headers.get("content-length", "0") != "0" or "transfer-encoding" in headers
    media = headers.get("content-type", "").split(";")[0].strip().lower()
    if has_body and media != "application/json":
        return JSONResponse({"error": "Send a JSON object (Content-Type: application/json)."},
                            415)
    return None


def _body_limit(path: str) -> int:
    """The largest body a POST to ``path`` may have (docs/classroom.md)."""
    if path == "/api/join":
        return MAX_MESSAGE
    if path == "/api/teacher/deal":
        return teacher.MAX_UPLOAD
    return teacher.MAX_REQUEST


class _TooLarge(Exception):
    pass


class _Gone(Exception):
    pass


async def _read_body(receive: Receive, limit: int) -> bytes:
    """The body, read as it arrives and stopped at ``limit`` bytes (:class:`_TooLarge`)."""
    chunks: list[bytes] = []
    size = 0
    while True:
        m = await receive()
        if m["type"] == "http.disconnect":
            raise _Gone
        chunk = m.get("body", b"")
        size += len(chunk)
        if size > limit:
            raise _TooLarge
        chunks.append(chunk)
        if not m.get("more_body", False):
            return b"".join(chunks)


class Guard:
    """The app's door (ASGI middleware), before any route: every POST checked by
    :func:`post_refusal`, its body read as it arrives, no further than the route's limit
    (``413`` and a sentence, the connection closed) and within :data:`BODY_TIMEOUT` seconds
    (``408``); and the teacher's secret of every teacher request checked off the event loop
    (:meth:`Classroom.teacher_verdict`), for ``teacher_ok`` to read."""

    def __init__(self, app: ASGIApp, room: Classroom) -> None:
        self.app = app
        self.room = room

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        if scope["method"] not in ("GET", "HEAD", "OPTIONS"):
            refusal = post_refusal(headers, self.room.origins)
            if refusal is not None:
                await refusal(scope, receive, send)
                return
            limit = _body_limit(scope["path"])
            too_large = JSONResponse({"error": f"The request is too large (at most "
                                      f"{limit // 1024} KB)."}, 413,
                                     headers={"Connection": "close"})
            length = headers.get("content-length", "")
            if length.isdigit() and int(length) > limit:
                await too_large(scope, receive, send)
                return
            try:
                body = await asyncio.wait_for(_read_body(receive, limit), BODY_TIMEOUT)
            except _TooLarge:
                await too_large(scope, receive, send)
                return
            except TimeoutError:
                await JSONResponse({"error": "The request's body came too slowly."}, 408,
                                   headers={"Connection": "close"})(scope, receive, send)
                return
            except _Gone:
                return
            receive = _replay(body, receive)
        if scope["path"].startswith("/api/teacher") or "x-teacher-secret" in headers:
            client = scope.get("client")
            scope["sl_teacher"] = await self.room.teacher_verdict(
                headers.get("x-teacher-secret", ""), client[0] if client else "?")
        await self.app(scope, receive, send)


def _replay(body: bytes, receive: Receive) -> Receive:
    """A ``receive`` that gives the body already read, then what the server says next."""
    given = False

    async def again() -> Message:
        nonlocal given
        if not given:
            given = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()
    return again


# The pages' scripts (static/): common.js first, then the page's own.
SCRIPTS = ("common.js", "classroom.js", "teacher.js", "presenter.js")


def _page(name: str) -> str:
    return resources.files("spades_lab.classroom").joinpath("static", name).read_text()


def create_app(store: Store | None = None, *, origins: tuple[str, ...] = (),
               teacher_secret: str | None = None, grace: float = GRACE,
               new_secret: bool = False) -> Starlette:
    """The app over ``store`` (an in-memory one when omitted); ``app.state.classroom`` is the
    :class:`Classroom` (its ``code`` and ``teacher_secret`` are what the command prints);
    ``grace`` the seconds a dropped person's seat waits before a robot holds it; ``origins``
    the public origins pages may come from besides the request's own host
    (``https://class.example``); ``new_secret``: a new teacher's secret for a class the store
    has (the old one retired)."""
    room = Classroom(store or SqliteStore(":memory:"), origins=origins,
                     teacher_secret=teacher_secret, grace=grace, new_secret=new_secret)

    def page(name: str) -> Callable[[Request], Awaitable[Response]]:
        async def show(request: Request) -> Response:
            css = style_block() + "<style>" + play_css() + "</style>"
            return HTMLResponse(_page(name).replace("<!--STYLE-->", css))
        return show

    async def script(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in SCRIPTS:
            return JSONResponse({"error": "There is no such page."}, status_code=404)
        return Response(_page(name), media_type="text/javascript")

    def who(request: Request) -> str:
        return request.client.host if request.client else "?"

    async def join(request: Request) -> Response:
        address = who(request)
        if room.join_fails.too_many(address):
            return JSONResponse({"error": "Too many wrong class codes from this computer: "
                                 "wait a minute, then try again."}, 429)
        try:  # the Guard has read the body, no further than MAX_MESSAGE bytes
            body = parse_json(await request.body(), "Send the class code and your name.")
        except BadMessage:
            body = None
        if not isinstance(body, dict):
            return JSONResponse({"error": "Send the class code and your name."}, 400)
        code = body.get("code")
        if not isinstance(code, str) or not hmac.compare_digest(
                code.strip().upper().encode()[:20], room.code.encode()):
            room.join_fails.note(address)
            return JSONResponse({"error": "That is not the class code: check it on the "
                                 "board."}, 403)
        try:
            name = names.check_name(body.get("name"))
        except names.NameRefused as e:
            return JSONResponse({"error": e.message, "rule": e.rule}, 400)
        token = room.unsign(request.cookies.get(COOKIE))
        back = room.returning(token, name)
        if back is None or token is None:  # a new student: a name the class has is numbered
            name = names.numbered(name, room.students().values())
            sid, token = room.store.add_student(room.code, name)
        else:  # the same student from the same browser: the same seat
            sid, name = back.id, back.name
        r = JSONResponse({"student": sid, "name": name})
        r.set_cookie(COOKIE, room.sign(token), httponly=True, samesite="strict",
                     max_age=30 * 86400)
        return r

    def me(request: Request) -> tuple[StudentRow, str] | None:
        """The student of this class the request's signed cookie names, and their token."""
        token = room.unsign(request.cookies.get(COOKIE))
        student = room.store.student_by_token(token) if token else None
        if student is None or token is None or student.class_code != room.code:
            return None
        return student, token

    async def who_am_i(request: Request) -> Response:
        """``GET /api/me``: whether this browser's cookie is a student's of this class (the
        student's page asks before it connects, and again before each reconnection)."""
        known = me(request)
        if known is None:
            return JSONResponse({"student": None}, headers={"Cache-Control": "no-store"})
        return JSONResponse({"student": known[0].id, "name": known[0].name, "class": room.code},
                            headers={"Cache-Control": "no-store"})

    def teacher_ok(request: Request) -> Response | None:
        """None for a request with the teacher's secret, else its refusal.  The Guard has
        checked the secret (off the loop, counted against the address when wrong); a route
        outside ``/api/teacher`` the Guard left alone knows only a secret already seen."""
        verdict = request.scope.get("sl_teacher") or \
            room._known(request.headers.get("x-teacher-secret", "")) or TEACHER_WRONG
        if verdict == TEACHER_OK:
            return None
        if verdict == TEACHER_RETIRED:
            return JSONResponse({"error": STALE_SECRET, "code": "stale-secret"}, 403)
        if verdict == TEACHER_LIMITED:
            return JSONResponse({"error": "Too many wrong secrets from this computer: wait a "
                                 "minute."}, 429)
        return JSONResponse({"error": "This needs the teacher's secret (the teacher's "
                             "address printed when the server started)."}, 403)

    async def teacher_tables(request: Request) -> Response:
        refused = teacher_ok(request)
        if refused is not None:
            return refused
        if request.method == "GET":
            return JSONResponse({"class": room.code, "students": [
                {"student": i, "name": n} for i, n in room.students().items()],
                "tables": [room.summary(t) for t in room.tables.values()]})
        try:
            body = parse_json(await request.body(), "Send the table as a JSON object.")
            if not isinstance(body, dict):
                raise BadMessage("Send the table as a JSON object.")
            preset = body.get("preset", "standard")
            options = body.get("options", {})
            pace = body.get("pace", 1.0)
            if preset not in PRESETS:
                raise BadMessage(f"The rule sets are {', '.join(PRESETS)}.")
            if not isinstance(options, dict) or len(options) > 40:
                raise BadMessage("options is an object of rule options.")
            if not isinstance(pace, (int, float)) or isinstance(pace, bool) or \
                    not 0 <= pace <= 10:
                raise BadMessage("pace is a number of seconds from 0 to 10.")
            seats = body.get("seats")
            if seats is None:
                seats = [None] * RuleSet.preset(preset, options).players
            if not isinstance(seats, list):
                raise BadMessage("seats is a list, one entry per seat.")
            seed = body.get("seed")
            if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)
                                     or not 0 <= seed < 2**31):
                raise BadMessage(f"seed is a whole number from 0 to {2**31 - 1}.")
            start = body.get("start", "seated")
            if not isinstance(start, str):
                raise BadMessage("start is seated, teacher or now.")
            t = room.new_table(preset, options, seats, float(pace), seed, start)
        except OptionError as e:  # the rules refused, in play mode's words
            return JSONResponse({"error": e.words, "rule": e.rule}, 400)
        except TeacherRefusal as e:
            return JSONResponse(e.answer(), 400)
        except (BadMessage, RuleError) as e:
            return JSONResponse({"error": str(e)}, 400)
        except TableRefusal as e:  # a seat check (tables.check_seat)
            return JSONResponse({"error": e.message, "rule": e.rule}, 400)
        return JSONResponse(room.summary(t), 201)

    async def teacher_record(request: Request) -> Response:
        refused = teacher_ok(request)
        if refused is not None:
            return refused
        tid = request.path_params["table"]
        if tid not in room.tables:
            return JSONResponse({"error": f"There is no table {tid}."}, 404)
        return JSONResponse(room.store.record(tid))

    async def teacher_qr(request: Request) -> Response:
        """``GET /api/teacher/qr``: the students' address (this server as the teacher's
        browser reaches it, the class code filled in) and its QR code as inline SVG."""
        refused = teacher_ok(request)
        if refused is not None:
            return refused
        base = room.origins[0] if room.origins else \
            f"{request.url.scheme}://{request.url.netloc}"  # --public-origin, if given
        url = f"{base}/?code={room.code}"
        return JSONResponse({"url": url, "svg": qr_svg(url)})

    async def teacher_table_settings(request: Request) -> Response:
        """``POST /api/teacher/tables/{id}/settings`` ({"hints": bool, "undo": bool}) and
        ``POST /api/teacher/tables/{id}/undo`` (the teacher takes back the last decision)."""
        refused = teacher_ok(request)
        if refused is not None:
            return refused
        t = room.tables.get(request.path_params["table"])
        if t is None:
            return JSONResponse({"error": f"There is no table {request.path_params['table']}."},
                                404)
        try:
            if request.url.path.endswith("/undo"):
                taken, words = room.take_back(t)
                return JSONResponse({"table": t.id, "taken_back": taken, "version": t.version,
                                     "words": words})
            body = parse_json(await request.body(), "Send the settings as a JSON object.")
            if not isinstance(body, dict):
                raise BadMessage("Send the settings as a JSON object.")
            if request.url.path.endswith("/claim"):  # {"answer": "accept" | "play on"}
                if set(body) != {"answer"} or not isinstance(body["answer"], str):
                    raise BadMessage("Send the answer to the claim: \"accept\" or \"play on\".")
                room.claim(None, t, None, {"type": "claim_answer", "answer": body["answer"]})
                return JSONResponse({"table": t.id, "version": t.version,
                                     "words": t.claim_said, "claim": t.claim_state()})
            room.set_settings(t, body)
        except (TableRefusal, IllegalAction) as e:  # (an IllegalAction is a ValueError too)
            return JSONResponse({"error": e.message, "rule": e.rule}, 409)
        except ValueError:
            return JSONResponse({"error": "Send the settings as a JSON object."}, 400)
        except BadMessage as e:
            return JSONResponse({"error": str(e)}, 400)
        return JSONResponse({"table": t.id, "settings": t.settings})

    def handle_one(c: Conn, text: str) -> bool:
        """Answer one text frame; False when it was refused in a way that counts toward the
        flood (a bad message, or a refused action past the refusals' rate)."""
        ref = None
        msg: dict[str, Any] = {}
        try:
            msg = validate(text)
            ref = msg.get("ref")
            room.handle(c, msg)
        except BadMessage as e:
            c.send({"type": "error", "code": "bad-message", "message": str(e), "ref": ref})
            return False
        except (RuleError, TableRefusal) as e:
            c.send({"type": "refused", "rule": e.rule, "message": e.message, "ref": ref})
            if not c.refusals.take():  # refusals are rate-limited: the board is not written
                return False
            if isinstance(e, RuleError):
                room.lesson.note_refusal(c, msg, e)  # the board of mistakes
        return True

    async def socket(ws: WebSocket) -> None:
        if not _origin_ok(ws, room.origins):
            await ws.send_denial_response(PlainTextResponse(
                "This page may not connect here: the websocket came from another site.", 403))
            return
        token = room.unsign(ws.cookies.get(COOKIE))
        student = room.store.student_by_token(token) if token else None
        if student is None or student.class_code != room.code:
            await ws.send_denial_response(PlainTextResponse(
                "Join the class first (the class code and your name).", 401))
            return
        await ws.accept()
        c = Conn(ws, student.id, student.name)
        c.task = asyncio.current_task()
        room.conns.add(c)
        writer = asyncio.get_running_loop().create_task(c.writer())
        c.send({"type": "welcome", "student": student.id, "name": student.name,
                "class": room.code,
                "tables": [room.summary(t) for t in room.tables.values()
                           if not t.is_closed()]})
        room.back(c)
        for t in room.tables.values():
            room.send_state(c, t)
        teacher.on_connect(room, c)  # which of their tables the teacher holds
        room.lesson.send_to(c)
        room.presenter.on_connect(c)  # the teacher's broadcast line, if one is up
        close: tuple[int, str] | None = None  # why the server closes, if it does
        try:
            while not c.slow:
                frame = await ws.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                text = frame.get("text")
                if text is None:  # a binary frame: not this protocol's
                    c.send({"type": "error", "code": "bad-message", "message":
                            "A message is JSON text, not binary data: this connection is "
                            "closed."})
                    close = (1003, "Binary frames are not accepted.")
                    break
                if not c.bucket.take():
                    c.refused += 1
                    c.send({"type": "error", "code": "too-fast", "ref": ref_of(text),
                            "message": "Too many messages: slow down."})
                elif not handle_one(c, text):
                    c.refused += 1
                if c.refused >= FLOOD_CLOSE:
                    c.send({"type": "error", "code": "flood",
                            "message": "Too many refused messages: this connection is closed."})
                    close = (1008, "Too many refused messages.")
                    break
        except (WebSocketDisconnect, RuntimeError):
            pass
        except asyncio.CancelledError:
            if not c.slow:  # the server is stopping: not ours to swallow
                raise
        finally:
            room.conns.discard(c)
            room.left(c)
        if close is not None and not c.slow:  # say why, send what is queued, then close
            c.send(None)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, 10)
                await ws.close(*close)
        writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await writer

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        for t in room.tables.values():  # restored tables whose robots were about to act
            room.watch(t)
            room.wake(t)
        room.lesson.restore()  # the lesson's open activity, if one was
        yield
        for task in [*room.runners.values(), *room.holds.values()]:
            task.cancel()
        room.lesson.close()

    app = Starlette(middleware=[Middleware(Guard, room=room)], routes=[
        Route("/", page("student.html")),
        Route("/teacher", page("teacher.html")),
        Route("/present", page("presenter.html")),  # the projector's (classroom.present)
        Route("/static/{name}", script),
        Route("/api/join", join, methods=["POST"]),
        Route("/api/me", who_am_i),
        Route("/api/teacher/tables", teacher_tables, methods=["GET", "POST"]),
        Route("/api/teacher/tables/{table:int}/record", teacher_record),
        Route("/api/teacher/qr", teacher_qr),
        Route("/api/teacher/tables/{table:int}/settings", teacher_table_settings,
              methods=["POST"]),
        Route("/api/teacher/tables/{table:int}/undo", teacher_table_settings, methods=["POST"]),
        Route("/api/teacher/tables/{table:int}/claim", teacher_table_settings, methods=["POST"]),
        WebSocketRoute("/ws", socket),
        *teacher.routes(room, teacher_ok),
        *export.routes(room, teacher_ok),
        *lesson_.routes(room, teacher_ok),
        *present.routes(room, teacher_ok),
    ], lifespan=lifespan)
    app.state.classroom = room
    return app


__all__ = ["create_app", "Classroom", "validate", "BadMessage", "MAX_MESSAGE"]
