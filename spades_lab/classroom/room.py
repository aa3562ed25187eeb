"""The classroom's shared state: the class, its tables and connections (docs/classroom.md).

:class:`Classroom` is what every route module works on (:mod:`.teacher`, :mod:`.lesson`,
:mod:`.export`, :mod:`.present`, and :mod:`.app`, which makes the server); this module imports
none of them, so that they import it and each other without a cycle.  Here too is the life of
a table the state itself keeps (started, closed, the teacher's flags, restored from the store)
and :class:`Conn`, one student's websocket with its bounded queue.
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
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from starlette.websockets import WebSocket

from ..core.errors import IllegalAction, Rule, RuleError
from ..core.rules import RuleSet
from . import names
from .store import Store, StudentRow, TableLife
from .tables import SETTINGS, ClassTable, TableRefusal, check_seat, seated_at

#: The server's log (a table of the store that does not load is reported here).
LOG = logging.getLogger("spades_lab.classroom")
#: Messages per second a connection may send on average, and the burst it may save up.
RATE, BURST = 10.0, 30.0
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
#: Seconds a person's seat waits for them after their connection closes before the table's
#: robot plays for them (until they come back).
GRACE = 15.0


class BadMessage(Exception):
    """A message that is not one the protocol has: answered with ``error``, nothing changed."""


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
    instead of being counted as a guess.

    ``lesson`` and ``presenter`` make the class's lesson and projector view from the room
    (:class:`.lesson.Lesson`, :class:`.present.Presenter`: :func:`.app.create_app` gives them),
    so that this module, which every route module imports, imports none of them."""

    def __init__(self, store: Store, *, lesson: Callable[[Classroom], LessonPart],
                 presenter: Callable[[Classroom], PresenterPart], origins: tuple[str, ...] = (),
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
        self.tables: dict[int, ClassTable] = {}
        #: tables of the store that no longer load, in words: left out, the class goes on
        #: (the teacher's overview shows them, and the log has them)
        self.problems: list[str] = [_left_out(tid, why) for tid, why in
                                    store.damaged_tables(self.code).items()]
        for row in store.tables(self.code):
            try:
                t = ClassTable(row.id, row.rules, row.seats, seed=row.seed, pace=row.pace)
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
        restore_flags(self)
        restore_life(self)
        self._teacher_mac: bytes | None = None
        self.compared: dict[tuple[Any, ...], dict[str, Any]] = {}  # teacher.comparison's
        self.lesson = lesson(self)  # the class's poll, what-if and quiz
        self.presenter = presenter(self)  # the projector's view, the broadcast line

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
                  pace: float, seed: int | None = None, start: str = "seated") -> ClassTable:
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
        t = ClassTable(tid, rj, rows, seed=seed, pace=pace)
        t.start_when = "teacher" if start == "teacher" else "seated"
        t.started = start == "now"
        keep_life(self, t)
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
        probe = ClassTable(0, rules, rows, seed=seed)
        probe.step()  # the table's first deal, as its robots' runner will deal it
        for seat, r in enumerate(rows):
            if r["kind"] == "person":
                check_seat(self.tables.values(), r["student"], probe, seat,
                           seen=self.lesson.seen_deals(r["student"]), name=r["name"],
                           where="the new table")

    def students(self) -> dict[int, str]:
        return self.store.students(self.code)

    def summary(self, t: ClassTable) -> dict[str, Any]:
        """A table as the class list shows it (no cards)."""
        return {"table": t.id, "rules": t.rules_json, "names": t.names(),
                "seats": [s["kind"] for s in t.seats], "phase": t.game.phase,
                "hand": len(t.game.hands), "totals": list(t.game.totals),
                "version": t.version, "over": t.game.over, "started": t.started}

    def commit(self, t: ClassTable, entries: list[dict[str, Any]]) -> None:
        """Store the entries (committed when this returns), then count them in the version."""
        if entries:
            self.store.append(t.id, t.version, entries)
            t.version += len(entries)
            self.changed_at[t.id] = time.monotonic()
            t.undo_asked.clear()  # a request to take back lapses when the table moves on

    def send_state(self, c: Conn, t: ClassTable, ref: Any = None) -> None:
        seat = t.seat_of(c.student)
        if seat is not None:
            msg = {"type": "state", "table": t.id, "version": t.version,
                   "state": t.seat_state(seat), "feed": t.feed()}
            if ref is not None:  # the answer to a resync
                msg["ref"] = ref
            c.send(msg)

    def broadcast(self, t: ClassTable, before: int, version_before: int) -> None:
        """Tell every seated connection of ``t`` what happened since log index ``before``."""
        events = t.public_events(before)
        for c in list(self.conns):
            seat = t.seat_of(c.student)
            if seat is None:
                continue
            c.send({"type": "update", "table": t.id, "from_version": version_before,
                    "version": t.version, "events": events, "state": t.seat_state(seat)})
        self.lesson.table_moved(t)  # a lesson activity kept from this table's seats

    def seated_all(self, t: ClassTable) -> bool:
        """Is every seat of ``t`` meant for a student taken (its student connected)?"""
        return all(self.present(s["student"]) for s in t.seats if s["kind"] == "person")

    def wake(self, t: ClassTable) -> None:
        """Start the table's bot runner if a deal or a bot's decision is due (a table waiting
        for its players starts once every seat meant for a student is taken)."""
        if not t.started and t.start_when == "seated" and not t.is_closed() and \
                self.seated_all(t):
            begin(self, t)  # tells the seats, then wakes the table again
            return
        if t.bots_due() and (t.id not in self.runners or self.runners[t.id].done()):
            self.runners[t.id] = asyncio.get_running_loop().create_task(self.run_bots(t))

    async def run_bots(self, t: ClassTable) -> None:
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

    def watch(self, t: ClassTable) -> None:
        """Every person at ``t`` with no connection open gets a robot after the grace period
        (a new table, or a table restored by a restarted server)."""
        for seat, s in enumerate(t.seats):
            if s["kind"] == "person" and not self.present(s["student"]):
                self.hold_later(t, seat, s["student"])

    def hold_later(self, t: ClassTable, seat: int, student: int) -> None:
        key = (t.id, seat)
        if key not in self.holds or self.holds[key].done():
            self.holds[key] = asyncio.get_running_loop().create_task(
                self._hold(t, seat, student))

    def someone_at(self, t: ClassTable) -> bool:
        """Is a person at ``t`` connected?  A robot holds an away seat only for them: at a
        table everyone has left, the game waits for its people."""
        return any(s["kind"] == "person" and self.present(s["student"]) for s in t.seats)

    async def _hold(self, t: ClassTable, seat: int, student: int) -> None:
        await asyncio.sleep(self.grace)
        if self.present(student) or t.seat_of(student) != seat or t.game.over or \
                not self.someone_at(t):
            return
        t.hold(seat)
        self.tell_seated(t)
        self.wake(t)

    def tell_seated(self, t: ClassTable) -> None:
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
    def hint_or_undo(self, c: Conn, t: ClassTable, seat: int, kind: str, ref: Any) -> None:
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

    def take_back(self, t: ClassTable) -> tuple[int, str]:
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
    def claim(self, c: Conn | None, t: ClassTable, seat: int | None, msg: dict[str, Any]) -> None:
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

    def set_settings(self, t: ClassTable, settings: dict[str, Any]) -> None:
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
        if kind in self.lesson.MESSAGES:  # the lesson's (spades_lab.classroom.lesson)
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


def _and(names: list[str]) -> str:
    """"Ann", "Ann and Bob", "Ann, Bob and Cy"."""
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)


class TeacherRefusal(Exception):
    """A teacher's request the server cannot do: answered ``400`` with the sentence (and, for
    the table lifecycle's and the roster's refusals, a stable ``rule`` id of
    :data:`~spades_lab.core.errors.CLASSROOM_IDS`), nothing changed."""

    def __init__(self, message: str, rule: Rule | None = None) -> None:
        super().__init__(message)
        self.rule = rule

    def answer(self) -> dict[str, Any]:
        return {"error": str(self), **({"rule": self.rule} if self.rule else {})}


class LessonPart(Protocol):
    """What the state asks of the class's lesson (:class:`.lesson.Lesson`)."""

    #: the message types a student's page sends the lesson
    MESSAGES: ClassVar[frozenset[str]]

    def seen_deals(self, student: int) -> set[frozenset[frozenset[str]]]: ...
    def table_moved(self, t: ClassTable) -> None: ...
    def handle(self, c: Conn, msg: dict[str, Any]) -> None: ...
    def note_refusal(self, c: Conn, msg: Any, err: RuleError) -> None: ...
    def send_to(self, c: Conn, ref: Any = None) -> None: ...
    def restore(self) -> None: ...
    def close(self) -> None: ...


class PresenterPart(Protocol):
    """What the state asks of the projector's view (:class:`.present.Presenter`)."""

    def on_connect(self, c: Conn) -> None: ...


# ---------------------------------------------------------------------------- a table's life


def keep_life(room: Classroom, t: ClassTable) -> None:
    room.store.set_life(t.id, TableLife(t.started, t.start_when, t.closed, t.archived))


def restore_life(room: Classroom) -> None:
    """Give each restored table its life as stored (a table with none has started)."""
    for t in room.tables.values():
        life = room.store.life(t.id)
        t.started, t.start_when = life.started, life.start_when
        t.closed, t.archived = life.closed, life.archived


def restore_flags(room: Classroom) -> None:
    """Give each restored table what the teacher had set (the store's ``table_flags``)."""
    for t in room.tables.values():
        f = room.store.flags(t.id)
        t.paused, t.hold_after, t.closed_for = f.paused, f.hold_after, f.closed_for


def begin(room: Classroom, t: ClassTable) -> None:
    """The table starts: stored, every seated student told (``started``), the robots wake."""
    t.started = True
    keep_life(room, t)
    for c in list(room.conns):
        if t.seat_of(c.student) is not None:
            c.send({"type": "started", "table": t.id, "words": f"Table {t.id} starts."})
            room.send_state(c, t)
    room.wake(t)


__all__ = ["Classroom", "Conn", "Bucket", "Failures", "BadMessage", "TeacherRefusal",
           "LessonPart", "PresenterPart", "keep_life", "restore_life", "restore_flags", "begin",
           "GRACE", "OUT_LIMIT", "SLOW_CLOSE", "RATE", "BURST", "REFUSAL_RATE", "REFUSAL_BURST",
           "TEACHER_OK", "TEACHER_RETIRED", "TEACHER_WRONG", "TEACHER_LIMITED"]
