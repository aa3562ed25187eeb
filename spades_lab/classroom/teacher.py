"""The teacher's side of the classroom (docs/classroom.md, "The teacher"): every table at a
glance, one table in full with every hand, seats moved and handed to robots, pause and resume,
and a prepared deal dealt to every chosen table (duplicate) with a comparison afterwards.

Everything here reads the engine: a table's glance and its full view are drawn by
:func:`spades_lab.render.table_html` from the table's :class:`~spades_lab.core.engine.Hand`
(every highlight an argument), a prepared record is checked by the engine's record checks
(:func:`spades_lab.core.records.replay`) and a deal by ``Game.deal``, and the comparison of
the tables' scores is :mod:`spades_lab.teach.compare`'s.  The full view, with every seat's
cards, is answered only to a request carrying the teacher's secret; no student message is
built here.

A table's status in words (the page shows the words, not only a colour):

>>> from spades_lab.classroom.tables import ClassTable
>>> t = ClassTable(1, {"preset": "standard"}, [{"kind": "bot"}] * 4, seed=3)
>>> status(t, connected=set(), idle=0.0)["words"]
'Robots are playing.'
>>> t.paused = True
>>> status(t, connected=set(), idle=0.0)
{'status': 'paused', 'alert': False, 'words': 'Paused by the teacher.'}
"""
from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Iterable, Mapping
from importlib import resources
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ..core.engine import Game, Phase
from ..core.errors import OptionError, RecordError, Rule, RuleError
from ..core.records import ReplayResult, load_record, replay
from ..core.rules import HOUSE_OPTIONS, PRESETS, RuleSet, seat_name, team_name
from ..render import table_html
from ..table import setup_choices, setup_values
from ..teach.compare import compare_rules, describe_comparison
from ..teach.explain import explain_score
from ..words.counting import plural
from ..words.rules import PRESET_WORDS, option_changes, rules_title, rules_words
from ..words.said import learner
from . import names
from .room import Classroom, TeacherRefusal, begin, keep_life
from .store import DealRow, StoreError
from .tables import ClassTable, TableRefusal, check_seat, deal_key

#: Seconds a person may take over one decision before the teacher's page marks the table
#: stuck.
STUCK_AFTER = 90.0
#: The largest uploaded record (bytes of JSON): a whole Heckadeck game is far smaller.
MAX_UPLOAD = 512 * 1024
#: The largest teacher request other than an upload.
MAX_REQUEST = 16 * 1024
#: Where a prepared record may come from: these two folders of the course (by name, from
#: :func:`record_sources`), or a record sent in the request (``"upload"``).
SOURCES = {"course": ("course",), "scenario": ("scenarios",)}


# ---------------------------------------------------------------------------- at a glance


def _who(t: ClassTable, seat: int) -> str:
    """A seat in words: its person's name and the seat's name (``"Ann (South)"``)."""
    return f"{t.names()[seat]} ({seat_name(seat, t.rules.players)})"


def status(t: ClassTable, *, connected: set[int], idle: float,
           stuck_after: float = STUCK_AFTER) -> dict[str, Any]:
    """What the table is doing, in words, and whether it needs the teacher (``alert``): a
    person's turn while they are not connected, or for longer than ``stuck_after`` seconds
    (``idle`` is the time since the table's last action)."""
    g = t.game
    if t.closed_for is not None:
        return {"status": "closed", "alert": False,
                "words": f"Closed: its players went on at table {t.closed_for}."}
    if t.closed:
        return {"status": "closed", "alert": False, "words": "Closed by the teacher."}
    if g.over:
        return {"status": "over", "alert": False, "words": "The game is over."}
    if not t.started:
        missing = [_who(t, i) for i, s in enumerate(t.seats)
                   if s["kind"] == "person" and s["student"] not in connected]
        how = "press Start to begin" if t.start_when == "teacher" else \
            "it starts when every student has sat down, or press Start"
        return {"status": "waiting-players", "alert": False,
                "words": "Waiting for players" + (f" ({', '.join(missing)} not here yet)"
                                                  if missing else "") + f": {how}."}
    if t.deserted():
        return {"status": "stopped", "alert": False,
                "words": "Stopped: no person is at this table (seat a student to go on)."}
    if t.paused:
        return {"status": "paused", "alert": False, "words": "Paused by the teacher."}
    if t.holding():
        return {"status": "held", "alert": True,
                "words": "Waiting for you: the prepared hand is finished (resume to deal on)."}
    seat = t.actor()
    if seat is None or t.is_bot(seat):
        return {"status": "playing", "alert": False, "words": "Robots are playing."}
    student = t.seats[seat].get("student")
    if student not in connected:
        return {"status": "away", "alert": True,
                "words": f"Stuck: it is {_who(t, seat)}'s turn and they are not connected."}
    if idle >= stuck_after:
        minutes = int(idle // 60)
        took = plural(minutes, "minute") if minutes else plural(int(idle), "second")
        return {"status": "slow", "alert": True,
                "words": f"Stuck: it has been {_who(t, seat)}'s turn for {took}."}
    return {"status": "waiting", "alert": False, "words": f"Waiting for {_who(t, seat)}."}


def _names(room: Classroom, t: ClassTable) -> list[str]:
    """The seats' names for the teacher: a robot holding a person's seat says for whom."""
    out = []
    for s in t.seats:
        if s["kind"] == "person":
            out.append(s["name"])
        elif "was" in s:
            out.append(f"Robot for {s['was']['name']}")
        else:
            out.append("Robot")
    return out


def glance(room: Classroom, t: ClassTable, now: float | None = None,
           connected: set[int] | None = None) -> dict[str, Any]:
    """One table as the teacher's list shows it: seats, whose turn, the trick, bids, scores,
    the teacher's settings (hints, taking back), its status in words, and its drawing (seats
    as card counts: no card of any hand).
    ``connected``: the students connected (default: the server's connections now)."""
    g = t.game
    h = g.hand
    if connected is None:
        connected = {c.student for c in room.conns}
    now = time.monotonic() if now is None else now
    idle = now - room.changed_at.get(t.id, now)
    n = t.rules.players
    names = _names(room, t)
    turn = t.actor()
    drawing = "" if h is None or t.is_closed() else \
        table_html(h, names=names, compact=True)
    return {
        "table": t.id, "rules": t.rules_json, "title": rules_title(t.rules),
        "rules_words": rules_words(t.rules),
        "names": names, "seats": [s["kind"] for s in t.seats],
        "students": [s.get("student", s.get("was", {}).get("student")) for s in t.seats],
        "connected": [s.get("student") in connected for s in t.seats],
        "phase": g.phase, "hand": len(g.hands),
        "trick": 0 if h is None or g.phase != Phase.PLAY else h.trick_number() + 1,
        "turn": turn, "turn_words": "" if turn is None else _who(t, turn),
        "bids": [] if h is None else [None if b is None else b.label for b in h.bids],
        "taken": [] if h is None else list(h.taken),
        "totals": list(g.totals),
        "teams": [team_name(seats, n) for seats in t.rules.team_seats],
        "version": t.version, "over": g.over, "paused": t.paused, "started": t.started,
        "closed": t.is_closed(), "start_when": t.start_when,
        "settings": dict(t.settings),  # hints and taking back (tables.SETTINGS)
        **status(t, connected=connected, idle=idle), "html": drawing,
    }


def full_view(room: Classroom, t: ClassTable) -> dict[str, Any]:
    """One table in full, for the teacher only: every seat's cards (face up in the drawing and
    as card codes), the trick, and what has happened this hand in words."""
    h = t.game.hand
    view = glance(room, t)
    if h is None:
        return {**view, "hands": [], "events": [], "full_html": ""}
    events = t.public_events(h.first_event)
    return {**view, "hands": [[c.code for c in t.rules.deck.sorted(cards)] for cards in h.hands],
            "events": [e["words"] for e in events],
            "full_html": table_html(h, names=_names(room, t))}


# ---------------------------------------------------------------------------- seats


def _notify_table(room: Classroom, t: ClassTable) -> None:
    for c in list(room.conns):
        if t.seat_of(c.student) is not None:
            room.send_state(c, t)


def set_seat(room: Classroom, tid: int, seat: int, student: int | None) -> ClassTable:
    """Put ``student`` in ``seat`` of table ``tid`` (leaving any other seat they hold at an
    open table to a robot), or with ``student`` None hand the seat to a robot that holds it for
    its person (who can be put back)."""
    t = _table(room, tid)
    if t.closed_for is not None:
        raise TeacherRefusal(f"Table {tid} is closed: its players went on at table "
                             f"{t.closed_for}.")
    _not_closed(t)
    if not 0 <= seat < t.rules.players:
        raise TeacherRefusal(f"Table {tid} has seats 1 to {t.rules.players}.")
    here = t.seats[seat]
    if student is None:
        if here["kind"] == "bot":
            raise TeacherRefusal(f"A robot already holds seat {seat + 1} of table {tid}.")
        t.seats[seat] = {"kind": "bot", "was": {"student": here["student"],
                                                "name": here["name"]},
                         "given": True}  # the teacher's choice: the robot plays on
        room.store.set_seats(t.id, t.seats)
        for c in list(room.conns):
            if c.student == here["student"]:
                c.send({"type": "left", "table": t.id,
                        "words": f"The teacher gave your seat at table {t.id} to a robot."})
        _notify_table(room, t)
        room.wake(t)  # the robot acts at once if it is the seat's turn
        return t
    people = room.students()
    leaving: list[tuple[ClassTable, int]] = []  # the seats the student leaves
    if student not in people:
        raise TeacherRefusal(f"There is no student {student} in this class.")
    if here["kind"] == "person" and here["student"] != student:
        raise TeacherRefusal(f"{here['name']} sits in seat {seat + 1} of table {tid}: give "
                             "that seat to a robot first.")
    # the same deal at another table (a prepared deal's twin) shows its cards from two seats
    check_seat(room.tables.values(), student, t, seat, name=people[student],
               seen=room.lesson.seen_deals(student))
    for other in room.tables.values():  # the student leaves every other seat
        s = other.seat_of(student)
        if s is not None and (other is not t or s != seat):
            leaving.append((other, s))
    # the seats of every table the move changes, stored in one transaction (or none of them),
    # then changed in memory
    new: dict[int, list[dict[str, Any]]] = {}
    for other, s in leaving:
        new.setdefault(other.id, list(other.seats))[s] = {
            "kind": "bot", "was": {"student": student, "name": people[student]}}
    new.setdefault(t.id, list(t.seats))[seat] = {"kind": "person", "student": student,
                                                 "name": people[student]}
    with room.store.transaction():
        for changed, seats in new.items():
            room.store.set_seats(changed, seats)
    for changed, seats in new.items():
        room.tables[changed].seats[:] = seats
    for other, _ in leaving:
        for c in list(room.conns):
            if c.student == student:
                c.send({"type": "left", "table": other.id,
                        "words": f"The teacher moved you to table {t.id}."})
        _notify_table(room, other)
        room.wake(other)
    _notify_table(room, t)
    room.wake(t)
    return t


# ---------------------------------------------------------------------------- pause


def _table(room: Classroom, tid: Any) -> ClassTable:
    t = room.tables.get(tid) if isinstance(tid, int) and not isinstance(tid, bool) else None
    if t is None:
        raise TeacherRefusal(f"There is no table {str(tid)[:20]}.")
    return t


def _keep_flags(room: Classroom, t: ClassTable) -> None:
    room.store.set_flags(t.id, paused=t.paused, hold_after=t.hold_after,
                         closed_for=t.closed_for)


def chosen(room: Classroom, tables: Any) -> list[ClassTable]:
    """The tables a request names (a list of table numbers), or, when it names none, every
    open table whose game goes on (a finished game has nothing to pause or resume)."""
    if tables is None:
        return [t for t in room.tables.values() if not t.is_closed() and not t.game.over]
    if not isinstance(tables, list) or not tables or len(tables) > 200:
        raise TeacherRefusal("tables is a list of table numbers (leave it out for every "
                             "table).")
    out = []
    for tid in tables:
        t = _table(room, tid)
        if t not in out:
            out.append(t)
    return out


def pause(room: Classroom, tables: Iterable[ClassTable], paused: bool) -> list[int]:
    """Pause (or resume) the tables: a paused table refuses every action with ``table-paused``
    and its robots wait; the pause is stored, so it outlives a restart.  Resuming a table held
    after a prepared hand lets it deal on.  Returns the tables changed."""
    done = []
    for t in tables:
        if t.closed_for is not None:
            raise TeacherRefusal(f"Table {t.id} is closed: its players went on at table "
                                 f"{t.closed_for}.")
        _not_closed(t)
        if t.game.over and paused:
            raise TeacherRefusal(f"Table {t.id}'s game is over: there is nothing to pause.")
    changes: list[tuple[ClassTable, int | None]] = []  # each table to change, its hold after
    for t in tables:
        # only a played prepared hand deals on: a pause and resume in its middle keeps the hold
        held = t.prepared_played()
        if t.paused == paused and not (held and not paused):
            continue
        changes.append((t, None if not paused and held else t.hold_after))
    with room.store.transaction():  # every table's flags, or none
        for t, hold in changes:
            room.store.set_flags(t.id, paused=paused, hold_after=hold, closed_for=t.closed_for)
    for t, hold in changes:
        t.paused, t.hold_after = paused, hold
        words = "The teacher has paused the table." if paused else \
            "The teacher has resumed the table."
        for c in list(room.conns):
            if t.seat_of(c.student) is not None:
                c.send({"type": "paused", "table": t.id, "paused": paused, "words": words})
        if not paused:
            room.wake(t)
        done.append(t.id)
    return done


# ---------------------------------------------------------------------------- a table's life


def _not_closed(t: ClassTable) -> None:
    if t.closed:
        raise TeacherRefusal(f"Table {t.id} is closed: open a new table instead.",
                             Rule.TABLE_CLOSED)


def start(room: Classroom, tid: Any) -> ClassTable:
    """The teacher's Start: the table begins, whoever has sat down (robots keep the seats of
    students not here yet, until they come)."""
    t = _table(room, tid)
    _not_closed(t)
    if t.closed_for is not None:
        raise TeacherRefusal(f"Table {t.id} is closed: its players went on at table "
                             f"{t.closed_for}.", Rule.TABLE_CLOSED)
    if t.started:
        raise TeacherRefusal(f"Table {t.id} has started already.", Rule.TABLE_STARTED)
    begin(room, t)
    for seat, s in enumerate(t.seats):  # students not here get a robot after the grace period
        if s["kind"] == "person" and not room.present(s["student"]):
            room.hold_later(t, seat, s["student"])
    return t


def close(room: Classroom, tid: Any) -> ClassTable:
    """The teacher closes a table: its game stops (its record is kept), its students are told
    and leave it, and it leaves the lists of open tables."""
    t = _table(room, tid)
    if t.is_closed():
        raise TeacherRefusal(f"Table {t.id} is closed already.", Rule.TABLE_CLOSED)
    seated = [c for c in room.conns if t.seat_of(c.student) is not None]
    t.closed = True
    keep_life(room, t)
    for c in seated:
        c.send({"type": "left", "table": t.id,
                "words": f"The teacher closed table {t.id}."})
    return t


def archive(room: Classroom, tid: Any) -> ClassTable:
    """A closed table leaves the teacher's list of closed tables too (its record stays in the
    export)."""
    t = _table(room, tid)
    if not t.is_closed():
        raise TeacherRefusal(f"Table {t.id} is still open: close it first.", Rule.TABLE_OPEN)
    if t.archived:
        raise TeacherRefusal(f"Table {t.id} is archived already.", Rule.TABLE_CLOSED)
    t.archived = True
    keep_life(room, t)
    return t


def in_progress(room: Classroom, tables: Iterable[ClassTable]) -> list[str]:
    """The chosen tables whose game a prepared deal would end, in words (empty: none)."""
    out = []
    for t in tables:
        g = t.game
        if t.started and g.hands and not g.over:
            h = g.hand
            where = f"hand {len(g.hands)}" + (f", trick {h.trick_number() + 1}"
                                              if h is not None and g.phase == Phase.PLAY
                                              else "")
            out.append(f"Table {t.id} is playing ({where}): dealing the prepared hand ends "
                       "its game (its record is kept) and its players go on at a new table.")
    return out


def on_connect(room: Classroom, c: Any) -> None:
    """A student (re)connects: tell them which of their tables the teacher holds."""
    for t in room.tables.values():
        if t.seat_of(c.student) is not None and t.holding():
            c.send({"type": "paused", "table": t.id, "paused": True,
                    "words": "The teacher has paused the table."})


# ---------------------------------------------------------------------------- a new table's rules


def setup_menu() -> list[dict[str, Any]]:
    """Every rule set and every option it takes, as play mode's setup offers them
    (:func:`spades_lab.table.setup_choices`, read from the engine's option declarations), for
    the teacher's "A new table" form."""
    out = []
    for preset in PRESETS:
        out.append({"preset": preset, "words": PRESET_WORDS[preset],
                    "players": RuleSet.preset(preset).players,
                    "options": [{"option": c.option, "label": c.label, "kind": c.kind,
                                 "value": c.value, "most": c.most,
                                 "group": "house" if c.option in HOUSE_OPTIONS[preset]
                                 else "table",
                                 "choices": [{"label": w, "value": v} for w, v in c.choices]}
                                for c in setup_choices(preset)]})
    return out


def setup_check(preset: Any, values: Any) -> dict[str, Any]:
    """What a new table's choices come to: ``{"ok": true, "options": ..., "words": [...]}``
    (the options for ``POST /api/teacher/tables`` and, in words, what they change), or ``{"ok":
    false, "rule": "bad-option", "words": [the refusal]}`` as play mode says it
    (``OptionError.words``)."""
    if preset not in PRESETS:
        raise TeacherRefusal(f"The rule sets are {', '.join(PRESETS)}.", Rule.BAD_OPTION)
    if not isinstance(values, dict) or len(values) > 60:
        raise TeacherRefusal("options is an object of the setup's values.", Rule.BAD_OPTION)
    try:
        rules = RuleSet.preset(preset, setup_values(preset, values))
    except OptionError as e:
        return {"ok": False, "rule": e.rule, "words": [e.words]}
    except RuleError as e:
        return {"ok": False, "rule": e.rule, "words": [e.message]}
    changes = option_changes(RuleSet.preset(preset), rules)
    return {"ok": True, "preset": preset, "options": rules.to_json()["options"],
            "players": rules.players,
            "words": changes or [f"The usual rules of {rules_title(rules)}."]}


# ---------------------------------------------------------------------------- the roster

#: Seconds without an action (a ping does not count) after which a connected student is idle.
IDLE_AFTER = 120.0


def roster(room: Classroom, now: float | None = None) -> list[dict[str, Any]]:
    """Every student of the class: connected, idle (connected, but nothing done for
    :data:`IDLE_AFTER` seconds) or away, and where they sit, in words."""
    now = time.monotonic() if now is None else now
    active: dict[int, float] = {}
    for c in room.conns:
        active[c.student] = max(active.get(c.student, 0.0), getattr(c, "active", now))
    out = []
    for sid, name in room.students().items():
        seats: list[dict[str, Any]] = []
        for t in room.tables.values():
            seat = t.seat_of(sid)
            if seat is not None:
                seats.append({"table": t.id, "seat": seat, "held": seat in t.held,
                              "words": f"table {t.id} ({seat_name(seat, t.rules.players)})"})
        if sid not in active:
            state, words = "away", "Away (not connected)"
        elif now - active[sid] >= IDLE_AFTER:
            minutes = int((now - active[sid]) // 60)
            state, words = "idle", f"Idle for {plural(minutes, 'minute')}"
        else:
            state, words = "connected", "Connected"
        where = ", at " + " and ".join(x["words"] for x in seats) if seats else \
            ", at no table"
        out.append({"student": sid, "name": name, "state": state, "seats": seats,
                    "words": words + where + "."})
    return out


def _student(room: Classroom, sid: Any) -> str:
    names = room.students()
    if not isinstance(sid, int) or isinstance(sid, bool) or sid not in names:
        raise TeacherRefusal(f"There is no student {str(sid)[:20]} in this class.",
                             Rule.UNKNOWN_STUDENT)
    return names[sid]


def _reseat(room: Classroom, change: Callable[[dict[str, Any]], dict[str, Any] | None]) -> None:
    """Apply ``change`` to every seat of every table (None: unchanged), store the tables
    changed and tell their seats."""
    for t in room.tables.values():
        new = [change(s) for s in t.seats]
        if any(x is not None for x in new):
            t.seats = [x if x is not None else s for x, s in zip(new, t.seats, strict=True)]
            room.store.set_seats(t.id, t.seats)
            if not t.is_closed():
                _notify_table(room, t)
                room.wake(t)


def rename(room: Classroom, sid: Any, body: Mapping[str, Any]) -> dict[str, Any]:
    """``{"name": "Ann B."}``: the student's name everywhere (the list, their seats, the
    games' records from now on)."""
    _student(room, sid)
    try:  # the same rules as a student's own name (classroom.names)
        name = names.check_name(body.get("name"))
    except names.NameRefused as e:
        raise TeacherRefusal(e.message, e.rule) from None
    # a name another student has is numbered, as on joining ("Ann (2)")
    name = names.numbered(name, [n for i, n in room.students().items() if i != sid])
    room.store.rename_student(sid, name)

    def change(s: dict[str, Any]) -> dict[str, Any] | None:
        if s.get("student") == sid:
            return {**s, "name": name}
        if s.get("was", {}).get("student") == sid:
            return {**s, "was": {"student": sid, "name": name}}
        return None
    for c in room.conns:
        if c.student == sid:
            c.name = name
    _reseat(room, change)
    return {"student": sid, "name": name, "roster": roster(room)}


def merge(room: Classroom, sid: Any, body: Mapping[str, Any]) -> dict[str, Any]:
    """``{"into": 1}``: student ``sid`` is student 1 from now on (one person who joined twice):
    their seats, answers and mistakes become 1's, their cookie reaches 1, and ``sid`` leaves
    the list.  Refused when both sit at an open table (one seat must go to a robot first)."""
    gone_name = _student(room, sid)
    keep_name = _student(room, body.get("into"))
    keep = int(body["into"])
    if keep == sid:
        raise TeacherRefusal(f"{gone_name} cannot be merged into themselves: choose the other "
                             "entry of the same student.", Rule.SAME_STUDENT)
    def seated(x: int) -> bool:
        return any(t.seat_of(x) is not None and not t.game.over for t in room.tables.values())
    if seated(sid) and seated(keep):
        raise TeacherRefusal(f"{gone_name} and {keep_name} both sit at a table: give one of "
                             "the seats to a robot first.", Rule.STUDENT_TWICE)
    room.store.merge_students(keep, sid)

    def change(s: dict[str, Any]) -> dict[str, Any] | None:
        if s.get("student") == sid:
            return {**s, "student": keep, "name": keep_name}
        if s.get("was", {}).get("student") == sid:
            return {**s, "was": {"student": keep, "name": keep_name}}
        return None
    for c in room.conns:
        if c.student == sid:
            c.student, c.name = keep, keep_name
    _reseat(room, change)
    return {"student": keep, "name": keep_name, "merged": sid, "roster": roster(room)}


def remove(room: Classroom, sid: Any, body: Mapping[str, Any]) -> dict[str, Any]:
    """The student leaves the class: robots take their seats, their page is told and their
    cookie stops working (what they did stays in the store and the export)."""
    name = _student(room, sid)
    room.store.remove_student(sid)
    for c in list(room.conns):
        if c.student == sid:
            c.send({"type": "removed", "words": "The teacher took you off the class list."})
            c.removed = True

    def change(s: dict[str, Any]) -> dict[str, Any] | None:
        if s.get("student") == sid:
            return {"kind": "bot", "was": {"student": sid, "name": name}}
        return None
    _reseat(room, change)
    return {"student": sid, "removed": True, "roster": roster(room)}


# ---------------------------------------------------------------------------- prepared deals


def data_root() -> Path:
    """The course's ``data`` folder: in an installed wheel ``spades_lab/_course/data``, else the
    clone's ``data`` beside the package."""
    packaged = Path(str(resources.files("spades_lab"))) / "_course" / "data"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[2] / "data"


def record_sources() -> dict[str, list[str]]:
    """The records a teacher may pick by name: ``{"course": [...], "scenario": [...]}``."""
    root = data_root()
    return {kind: sorted(p.name for p in root.joinpath(*parts).glob("*.json"))
            for kind, parts in SOURCES.items()}


#: Options a table may change when a prepared deal is played under other rules (the page's
#: choices; a request may give any option).
VARIATIONS: tuple[dict[str, Any], ...] = (
    {"failed_nil_tricks": "count_toward_bid"}, {"bag_limit": 5, "bag_penalty": 50},
)


def variations() -> list[dict[str, Any]]:
    """The page's choices of rules for a table playing a prepared deal, each with its words
    (the engine's option words against standard Spades).

    >>> variations()[1]["options"], variations()[1]["words"][:40]
    ({'failed_nil_tricks': 'count_toward_bid'}, 'After a failed nil (Nil, blind or not), ')
    """
    base = RuleSet.preset("standard")
    out: list[dict[str, Any]] = [{"options": {}, "words": "The record's own rules."}]
    for opts in VARIATIONS:
        words = "; ".join(option_changes(base, RuleSet.preset("standard", opts)))
        out.append({"options": dict(opts), "words": words or "The record's own rules."})
    return out


def prepared_record(body: Mapping[str, Any]) -> tuple[dict[str, Any], str]:
    """The record a deal request picks, checked by the engine (its shape, then every action
    replayed): ``{"source": "course"|"scenario", "name": "standard_hand.json"}`` (a name from
    :func:`record_sources`, never a path) or ``{"source": "upload", "record": {...}}``.
    Returns the record and where it came from, in words."""
    source = body.get("source")
    if source in SOURCES:
        name = body.get("name")
        names = record_sources()[source]
        if not isinstance(name, str) or name not in names:
            raise TeacherRefusal(f"Pick a {source} record by its name, one of: "
                                 f"{', '.join(names[:40])}.")
        path = data_root().joinpath(*SOURCES[source], name)
        text = path.read_text(encoding="utf-8")
        where = f"the {source} record {name}"
    elif source == "upload":
        rec = body.get("record")
        if not isinstance(rec, dict):
            raise TeacherRefusal("An uploaded record is a game record (a JSON object).")
        text = json.dumps(rec)
        where = "an uploaded record"
    else:
        raise TeacherRefusal("source is course, scenario or upload.")
    try:
        data = load_record(json.loads(text))
        replay(data)
    except RuleError as e:
        raise TeacherRefusal(f"That record cannot be dealt: {e.message}") from None
    return data, where


def _hand_of(record: Mapping[str, Any], hand: Any) -> tuple[int, list[list[str]]]:
    """(the dealer, the cards) of hand number ``hand`` (from 1) of a checked record."""
    hands = record.get("hands", [])
    if not isinstance(hand, int) or isinstance(hand, bool) or not 1 <= hand <= len(hands):
        raise TeacherRefusal(f"hand is a hand of the record: 1 to {len(hands)}.")
    result = replay(record, upto=(hand - 1, 0))
    h = result.game.hands[hand - 1]
    return h.dealer, [[c.code for c in cards] for cards in h.deal]


def _rules_for(record: Mapping[str, Any], spec: Mapping[str, Any]) -> dict[str, Any]:
    """The rules one chosen table plays the deal under: the record's, or the preset and
    options the request gives for it."""
    base = record["rules"]
    preset = spec.get("preset", base.get("preset"))
    options = spec.get("options", {})
    if not isinstance(preset, str) or not isinstance(options, dict) or len(options) > 40:
        raise TeacherRefusal("A table's rules are a preset and an object of options.")
    if "preset" not in spec:  # the record's rules, with these options changed
        options = {**base.get("options", {}), **options}
    if len(options) > 40:
        raise TeacherRefusal("A table's rules are a preset and an object of options.")
    try:
        rules = RuleSet.preset(preset, options)
    except RuleError as e:
        raise TeacherRefusal(e.message) from None
    return {"preset": preset, "options": rules.to_json().get("options", {})}


def deal(room: Classroom, body: Mapping[str, Any]) -> dict[str, Any]:
    """Deal one hand of a prepared record to every chosen table (the same cards, the same
    dealer): each table's people go on at a new table that plays that deal under the record's
    rules or the ones given for it, and holds for the teacher when the hand is scored; the old
    table closes (its record kept whole).  ``body``: the record (:func:`prepared_record`),
    ``"hand"`` (from 1), ``"tables"``: ``[{"table": 1}, {"table": 2, "preset": "standard",
    "options": {"failed_nil_tricks": "count_toward_bid"}}]``, and ``"seed"`` (optional: the
    robots' choices at the k-th table draw from ``seed + k``).  Returns the deal's comparison
    (:func:`comparison`); with ``"check": true``, only what the deal would end
    (:func:`in_progress`: the page's confirm step), nothing dealt."""
    record, where = prepared_record(body)
    dealer, cards = _hand_of(record, body.get("hand", 1))
    specs = body.get("tables")
    if not isinstance(specs, list) or not specs or len(specs) > 200 or not all(
            isinstance(s, dict) and set(s) <= {"table", "preset", "options"} for s in specs):
        raise TeacherRefusal("tables is a list such as [{\"table\": 1}, {\"table\": 2, "
                             "\"options\": {...}}].")
    plan: list[tuple[ClassTable, dict[str, Any]]] = []
    for spec in specs:
        old = _table(room, spec.get("table"))
        if old.closed_for is not None:
            raise TeacherRefusal(f"Table {old.id} is closed: its players went on at table "
                                 f"{old.closed_for}.")
        _not_closed(old)
        if any(o is old for o, _ in plan):
            raise TeacherRefusal(f"Table {old.id} is chosen twice.")
        rules = _rules_for(record, spec)
        rs = RuleSet.preset(rules["preset"], rules["options"])
        if rs.players != old.rules.players:
            raise TeacherRefusal(f"Table {old.id} has {old.rules.players} seats; "
                                 f"{rules_title(rs)} needs {rs.players}.")
        try:  # the engine checks that the deal fits these rules
            Game(rs, dealer=dealer).deal(cards=cards, dealer=dealer)
        except RuleError as e:
            raise TeacherRefusal(f"Table {old.id}'s rules cannot take this deal: "
                                 f"{e.message}") from None
        plan.append((old, rules))
        for sid in {s["student"] for s in old.seats if s["kind"] == "person"}:
            if deal_key(cards) in room.lesson.seen_deals(sid):
                raise TeacherRefusal(f"{room.students().get(sid, 'A student')} at table "
                                     f"{old.id} has seen these cards in a question of the "
                                     "lesson: deal another hand.")
    base_seed = body.get("seed")
    if base_seed is not None and (not isinstance(base_seed, int) or isinstance(base_seed, bool)
                                  or not 0 <= base_seed < 2**31):
        raise TeacherRefusal("seed is a whole number from 0.")
    if body.get("check") is True:  # the page's warning before the deal: nothing dealt yet
        return {"check": True, "tables": [old.id for old, _ in plan],
                "replaces": in_progress(room, [old for old, _ in plan])}
    # one transaction: every new table with its deal, every old table closed and the deal's
    # row, or (a failure on the way) none of it; the tables in memory change only after
    made: list[tuple[ClassTable, ClassTable]] = []
    with room.store.transaction():
        for k, (old, rules) in enumerate(plan):
            seed = random.SystemRandom().randrange(2**31) if base_seed is None else \
                (base_seed + k) % 2**31
            seats = [dict(s) for s in old.seats]
            tid = room.store.create_table(room.code, rules, seats, seed, old.pace)
            t = ClassTable(tid, rules, seats, seed=seed, pace=old.pace)
            entries = t.deal_prepared(cards, dealer)
            room.store.append(t.id, t.version, entries)
            t.version += len(entries)
            t.hold_after = 1
            _keep_flags(room, t)
            room.store.set_flags(old.id, paused=False, hold_after=old.hold_after,
                                 closed_for=tid)
            made.append((old, t))
        did = room.store.add_deal(room.code, where, int(body.get("hand", 1)) - 1, record,
                                  [t.id for _, t in made])
    for old, t in made:
        old.closed_for = t.id
        old.paused = False
        room.tables[t.id] = t
        room.changed_at[t.id] = time.monotonic()
        for c in list(room.conns):
            if any(s.get("student") == c.student for s in old.seats):
                c.send({"type": "left", "table": old.id,
                        "words": f"The teacher dealt a prepared hand: you go on at table "
                                 f"{t.id}."})
        _notify_table(room, t)
        room.wake(t)
    return comparison(room, did)


def _hand_figures(result: ReplayResult, hand: int) -> dict[str, Any]:
    h = result.hands[hand]
    return {"bids": [None if b is None else b.label for b in h.bids], "taken": list(h.taken),
            "hand_score": [t.hand_score for t in h.teams], "totals": [t.total for t in h.teams],
            "bags": [t.bags for t in h.teams]}


def comparison(room: Classroom, deal_id: int) -> dict[str, Any]:
    """A prepared deal table by table: the rules, the bids, the tricks and the score of each
    table that has finished the hand, the engine's explanation of its score, and, against the
    first table that finished, why they differ (:func:`spades_lab.teach.compare.compare_rules`:
    this table's play scored under the first table's rules)."""
    row = next((d for d in room.store.deals(room.code) if d.id == deal_id), None)
    if row is None:
        raise TeacherRefusal(f"There is no prepared deal {deal_id}.")
    key = (row.id, tuple((tid, tid in room.tables and room.tables[tid].game.hands[0].scores
                          is not None) for tid in row.tables))
    if key in room.compared:  # the page asks every few seconds; it changes as tables finish
        return room.compared[key]
    answer = _compare(room, row)
    if len(room.compared) > 200:
        room.compared.clear()
    room.compared[key] = answer
    return answer


def _compare(room: Classroom, row: DealRow) -> dict[str, Any]:
    out: list[dict[str, Any]] = []
    ref: ClassTable | None = None
    for tid in row.tables:
        if tid not in room.tables:  # a table of the store that no longer loads (problems)
            out.append({"table": tid, "title": "(not loaded)", "options": [], "names": [],
                        "teams": [], "finished": False,
                        "words": "This table could not be loaded from the store."})
            continue
        t = room.tables[tid]
        entry: dict[str, Any] = {"table": tid, "rules": t.rules_json,
                                 "title": rules_title(t.rules), "names": t.names(),
                                 # the table's real rules: the title and every option
                                 "rules_words": rules_words(t.rules),
                                 "options": option_changes(RuleSet.preset(t.rules.name),
                                                           t.rules),
                                 "teams": [team_name(s, t.rules.players)
                                           for s in t.rules.team_seats]}
        g = t.game
        if not g.hands or g.hands[0].scores is None:
            entry.update(finished=False, words="The hand is still being played.")
            out.append(entry)
            continue
        result = ReplayResult.of(g)
        entry.update(finished=True, **_hand_figures(result, 0),
                     score_words=learner(explain_score(g.hands[0])))
        if ref is None:
            ref = t
            entry["words"] = "The first table to finish: the others are compared with it."
        else:
            first = ReplayResult.of(ref.game).hands[0]
            same_play = (first.bids == result.hands[0].bids
                         and first.trick_winners == result.hands[0].trick_winners)
            play = "The bids and the play were the same as at table " \
                f"{ref.id}." if same_play else f"The bids or the play differed from table " \
                f"{ref.id}'s."
            try:
                c = compare_rules(_first_hand(g), ref.rules)
                entry["words"] = (f"{play} This table's play, scored under table {ref.id}'s "
                                  f"rules (B):\n" + describe_comparison(c))
            except RuleError as e:
                entry["words"] = f"{play} {e.message}"
        out.append(entry)
    return {"deal": row.id, "source": row.source, "hand": row.hand + 1, "tables": out}


def _first_hand(g: Game) -> Game:
    """The game up to the end of its first hand (a prepared table's, whatever came after)."""
    rec = g.to_record()
    rec["hands"] = rec["hands"][:1]
    return replay(rec).game


# ---------------------------------------------------------------------------- HTTP


async def _read(request: Request, limit: int) -> bytes:
    """The request's body, read no further than ``limit`` bytes (then refused)."""
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise TeacherRefusal(f"The request is too large (at most {limit // 1024} KB).")
        chunks.append(chunk)
    return b"".join(chunks)


def _json_body(raw: bytes, limit: int = MAX_REQUEST) -> dict[str, Any]:
    if len(raw) > limit:
        raise TeacherRefusal(f"The request is too large (at most {limit // 1024} KB).")
    try:
        body = json.loads(raw or b"{}")
    except (ValueError, RecursionError):  # not JSON, or nested past the decoder's depth
        raise TeacherRefusal("Send a JSON object.") from None
    if not isinstance(body, dict):
        raise TeacherRefusal("Send a JSON object.")
    return body


def routes(room: Classroom, teacher_ok: Callable[[Request], Response | None]) -> list[Route]:
    """The teacher's HTTP routes (each needs the teacher's secret; docs/classroom.md)."""

    def guarded(fn: Callable[[Request], Any], limit: int = MAX_REQUEST
                ) -> Callable[[Request], Any]:
        async def endpoint(request: Request) -> Response:
            refused = teacher_ok(request)
            if refused is not None:
                return refused
            try:
                request.state.body = _json_body(await _read(request, limit), limit) \
                    if request.method == "POST" else {}
                answer = fn(request)
            except TeacherRefusal as e:
                return JSONResponse(e.answer(), 400)
            except TableRefusal as e:  # a seat check (tables.check_seat): its rule id too
                return JSONResponse({"error": e.message, "rule": e.rule}, 400)
            except RecordError as e:
                return JSONResponse({"error": e.message, "rule": e.rule}, 400)
            except StoreError as e:  # the store could not keep a change: none of it was made
                return JSONResponse({"error": str(e)}, 503)
            return JSONResponse(answer)
        return endpoint

    def overview(request: Request) -> dict[str, Any]:
        now = time.monotonic()
        connected = {c.student for c in room.conns}
        return {"class": room.code, "students": [
            {"student": i, "name": n} for i, n in room.students().items()],
            "roster": roster(room, now),
            "tables": [glance(room, t, now, connected) for t in room.tables.values()
                       if not t.is_closed()],
            "closed": [glance(room, t, now, connected) for t in room.tables.values()
                       if t.is_closed() and not t.archived],
            "deals": [{"deal": d.id, "source": d.source, "hand": d.hand + 1,
                       "tables": d.tables} for d in room.store.deals(room.code)],
            "problems": list(room.problems)}  # tables of the store that did not load

    def one(request: Request) -> dict[str, Any]:
        return full_view(room, _table(room, request.path_params["table"]))

    def seat(request: Request) -> dict[str, Any]:
        b = request.state.body
        student = b.get("student")
        if student is not None and (not isinstance(student, int) or isinstance(student, bool)):
            raise TeacherRefusal("student is a student's number, or null for a robot.")
        s = b.get("seat")
        if not isinstance(s, int) or isinstance(s, bool):
            raise TeacherRefusal("seat is a seat number (from 0).")
        return glance(room, set_seat(room, b.get("table"), s, student))

    def pauser(paused: bool) -> Callable[[Request], dict[str, Any]]:
        def go(request: Request) -> dict[str, Any]:
            return {"tables": pause(room, chosen(room, request.state.body.get("tables")),
                                    paused)}
        return go

    def sources(request: Request) -> dict[str, Any]:
        return {**record_sources(), "variations": variations()}

    def dealt(request: Request) -> dict[str, Any]:
        return deal(room, request.state.body)

    def compared(request: Request) -> dict[str, Any]:
        return comparison(room, request.path_params["deal"])

    def life(fn: Callable[[Classroom, Any], ClassTable]) -> Callable[[Request], dict[str, Any]]:
        def go(request: Request) -> dict[str, Any]:
            return glance(room, fn(room, request.path_params["table"]))
        return go

    def setup(request: Request) -> dict[str, Any]:
        return {"presets": setup_menu()}

    def check(request: Request) -> dict[str, Any]:
        b = request.state.body
        return setup_check(b.get("preset"), b.get("options", {}))

    def student_route(fn: Callable[..., dict[str, Any]]) -> Callable[[Request], Any]:
        def go(request: Request) -> dict[str, Any]:
            return fn(room, request.path_params["student"], request.state.body)
        return go

    return [
        Route("/api/teacher/overview", guarded(overview)),
        Route("/api/teacher/tables/{table:int}/full", guarded(one)),
        Route("/api/teacher/seat", guarded(seat), methods=["POST"]),
        Route("/api/teacher/pause", guarded(pauser(True)), methods=["POST"]),
        Route("/api/teacher/resume", guarded(pauser(False)), methods=["POST"]),
        Route("/api/teacher/records", guarded(sources)),
        Route("/api/teacher/deal", guarded(dealt, MAX_UPLOAD), methods=["POST"]),
        Route("/api/teacher/deals/{deal:int}", guarded(compared)),
        Route("/api/teacher/tables/{table:int}/start", guarded(life(start)), methods=["POST"]),
        Route("/api/teacher/tables/{table:int}/close", guarded(life(close)), methods=["POST"]),
        Route("/api/teacher/tables/{table:int}/archive", guarded(life(archive)),
              methods=["POST"]),
        Route("/api/teacher/setup", guarded(setup)),
        Route("/api/teacher/setup/check", guarded(check), methods=["POST"]),
        Route("/api/teacher/students/{student:int}/rename", guarded(student_route(rename)),
              methods=["POST"]),
        Route("/api/teacher/students/{student:int}/merge", guarded(student_route(merge)),
              methods=["POST"]),
        Route("/api/teacher/students/{student:int}/remove", guarded(student_route(remove)),
              methods=["POST"]),
    ]


__all__ = ["status", "glance", "full_view", "set_seat", "pause", "chosen",
           "on_connect", "record_sources", "prepared_record", "deal", "comparison", "routes",
           "STUCK_AFTER", "MAX_UPLOAD"]
