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

>>> from spades_lab.classroom.tables import Table
>>> t = Table(1, {"preset": "standard"}, [{"kind": "bot"}] * 4, seed=3)
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
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ..core.engine import Game, Phase
from ..core.errors import RecordError, RuleError
from ..core.records import ReplayResult, load_record, replay
from ..core.rules import RuleSet, seat_name, team_name
from ..core.words import plural
from ..render import table_html
from ..teach.compare import compare_rules, describe_comparison
from ..teach.explain import explain_score
from ..teach.wording import learner, option_changes, rules_title
from .store import DealRow
from .tables import Table

if TYPE_CHECKING:
    from .app import Classroom

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


class TeacherRefusal(Exception):
    """A teacher's request the server cannot do: answered ``400`` with the sentence, nothing
    changed."""


# ---------------------------------------------------------------------------- at a glance


def _who(t: Table, seat: int) -> str:
    """A seat in words: its person's name and the seat's name (``"Ann (South)"``)."""
    return f"{t.names()[seat]} ({seat_name(seat, t.rules.players)})"


def status(t: Table, *, connected: set[int], idle: float,
           stuck_after: float = STUCK_AFTER) -> dict[str, Any]:
    """What the table is doing, in words, and whether it needs the teacher (``alert``): a
    person's turn while they are not connected, or for longer than ``stuck_after`` seconds
    (``idle`` is the time since the table's last action)."""
    g = t.game
    if t.closed_for is not None:
        return {"status": "closed", "alert": False,
                "words": f"Closed: its players went on at table {t.closed_for}."}
    if g.over:
        return {"status": "over", "alert": False, "words": "The game is over."}
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


def _names(room: Classroom, t: Table) -> list[str]:
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


def glance(room: Classroom, t: Table, now: float | None = None,
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
    drawing = "" if h is None or t.closed_for is not None else \
        table_html(h, names=names, compact=True)
    return {
        "table": t.id, "rules": t.rules_json, "title": rules_title(t.rules),
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
        "version": t.version, "over": g.over, "paused": t.paused,
        "settings": dict(t.settings),  # hints and taking back (tables.SETTINGS)
        **status(t, connected=connected, idle=idle), "html": drawing,
    }


def full_view(room: Classroom, t: Table) -> dict[str, Any]:
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


def _notify_table(room: Classroom, t: Table) -> None:
    for c in list(room.conns):
        if t.seat_of(c.student) is not None:
            room.send_state(c, t)


def set_seat(room: Classroom, tid: int, seat: int, student: int | None) -> Table:
    """Put ``student`` in ``seat`` of table ``tid`` (leaving any other seat they hold at an
    open table to a robot), or with ``student`` None hand the seat to a robot that holds it for
    its person (who can be put back)."""
    t = _table(room, tid)
    if t.closed_for is not None:
        raise TeacherRefusal(f"Table {tid} is closed: its players went on at table "
                             f"{t.closed_for}.")
    if not 0 <= seat < t.rules.players:
        raise TeacherRefusal(f"Table {tid} has seats 1 to {t.rules.players}.")
    here = t.seats[seat]
    if student is None:
        if here["kind"] == "bot":
            raise TeacherRefusal(f"A robot already holds seat {seat + 1} of table {tid}.")
        t.seats[seat] = {"kind": "bot", "was": {"student": here["student"],
                                                "name": here["name"]}}
        room.store.set_seats(t.id, t.seats)
        for c in list(room.conns):
            if c.student == here["student"]:
                c.send({"type": "left", "table": t.id,
                        "words": f"The teacher gave your seat at table {t.id} to a robot."})
        _notify_table(room, t)
        room.wake(t)  # the robot acts at once if it is the seat's turn
        return t
    people = room.students()
    if student not in people:
        raise TeacherRefusal(f"There is no student {student} in this class.")
    if here["kind"] == "person" and here["student"] != student:
        raise TeacherRefusal(f"{here['name']} sits in seat {seat + 1} of table {tid}: give "
                             "that seat to a robot first.")
    for other in room.tables.values():  # the student leaves every other seat
        s = other.seat_of(student)
        if s is not None and (other is not t or s != seat):
            other.seats[s] = {"kind": "bot", "was": {"student": student,
                                                     "name": people[student]}}
            room.store.set_seats(other.id, other.seats)
            for c in list(room.conns):
                if c.student == student:
                    c.send({"type": "left", "table": other.id,
                            "words": f"The teacher moved you to table {t.id}."})
            _notify_table(room, other)
            room.wake(other)
    t.seats[seat] = {"kind": "person", "student": student, "name": people[student]}
    room.store.set_seats(t.id, t.seats)
    _notify_table(room, t)
    room.wake(t)
    return t


# ---------------------------------------------------------------------------- pause


def _table(room: Classroom, tid: Any) -> Table:
    t = room.tables.get(tid) if isinstance(tid, int) and not isinstance(tid, bool) else None
    if t is None:
        raise TeacherRefusal(f"There is no table {str(tid)[:20]}.")
    return t


def _keep_flags(room: Classroom, t: Table) -> None:
    room.store.set_flags(t.id, paused=t.paused, hold_after=t.hold_after,
                         closed_for=t.closed_for)


def chosen(room: Classroom, tables: Any) -> list[Table]:
    """The tables a request names (a list of table numbers), or, when it names none, every
    open table whose game goes on (a finished game has nothing to pause or resume)."""
    if tables is None:
        return [t for t in room.tables.values() if t.closed_for is None and not t.game.over]
    if not isinstance(tables, list) or not tables or len(tables) > 200:
        raise TeacherRefusal("tables is a list of table numbers (leave it out for every "
                             "table).")
    out = []
    for tid in tables:
        t = _table(room, tid)
        if t not in out:
            out.append(t)
    return out


def pause(room: Classroom, tables: Iterable[Table], paused: bool) -> list[int]:
    """Pause (or resume) the tables: a paused table refuses every action with ``table-paused``
    and its robots wait; the pause is stored, so it outlives a restart.  Resuming a table held
    after a prepared hand lets it deal on.  Returns the tables changed."""
    done = []
    for t in tables:
        if t.closed_for is not None:
            raise TeacherRefusal(f"Table {t.id} is closed: its players went on at table "
                                 f"{t.closed_for}.")
        if t.game.over and paused:
            raise TeacherRefusal(f"Table {t.id}'s game is over: there is nothing to pause.")
    for t in tables:
        # only a played prepared hand deals on: a pause and resume in its middle keeps the hold
        held = t.prepared_played()
        if t.paused == paused and not (held and not paused):
            continue
        t.paused = paused
        if not paused and held:
            t.hold_after = None
        _keep_flags(room, t)
        words = "The teacher has paused the table." if paused else \
            "The teacher has resumed the table."
        for c in list(room.conns):
            if t.seat_of(c.student) is not None:
                c.send({"type": "paused", "table": t.id, "paused": paused, "words": words})
        if not paused:
            room.wake(t)
        done.append(t.id)
    return done


def on_connect(room: Classroom, c: Any) -> None:
    """A student (re)connects: tell them which of their tables the teacher holds."""
    for t in room.tables.values():
        if t.seat_of(c.student) is not None and t.holding():
            c.send({"type": "paused", "table": t.id, "paused": True,
                    "words": "The teacher has paused the table."})


def restore_flags(room: Classroom) -> None:
    """Give each restored table what the teacher had set (the store's ``table_flags``)."""
    for t in room.tables.values():
        f = room.store.flags(t.id)
        t.paused, t.hold_after, t.closed_for = f.paused, f.hold_after, f.closed_for


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
    (:func:`comparison`)."""
    record, where = prepared_record(body)
    dealer, cards = _hand_of(record, body.get("hand", 1))
    specs = body.get("tables")
    if not isinstance(specs, list) or not specs or len(specs) > 200 or not all(
            isinstance(s, dict) and set(s) <= {"table", "preset", "options"} for s in specs):
        raise TeacherRefusal("tables is a list such as [{\"table\": 1}, {\"table\": 2, "
                             "\"options\": {...}}].")
    plan: list[tuple[Table, dict[str, Any]]] = []
    for spec in specs:
        old = _table(room, spec.get("table"))
        if old.closed_for is not None:
            raise TeacherRefusal(f"Table {old.id} is closed: its players went on at table "
                                 f"{old.closed_for}.")
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
    base_seed = body.get("seed")
    if base_seed is not None and (not isinstance(base_seed, int) or isinstance(base_seed, bool)
                                  or not 0 <= base_seed < 2**31):
        raise TeacherRefusal("seed is a whole number from 0.")
    new_ids = []
    for k, (old, rules) in enumerate(plan):
        seed = random.SystemRandom().randrange(2**31) if base_seed is None else \
            (base_seed + k) % 2**31
        seats = [dict(s) for s in old.seats]
        tid = room.store.create_table(room.code, rules, seats, seed, old.pace)
        t = Table(tid, rules, seats, seed=seed, pace=old.pace)
        entries = t.deal_prepared(cards, dealer)
        room.commit(t, entries)
        t.hold_after = 1
        _keep_flags(room, t)
        old.closed_for = tid
        old.paused = False
        _keep_flags(room, old)
        room.tables[tid] = t
        new_ids.append(tid)
        for c in list(room.conns):
            if any(s.get("student") == c.student for s in old.seats):
                c.send({"type": "left", "table": old.id,
                        "words": f"The teacher dealt a prepared hand: you go on at table "
                                 f"{tid}."})
        _notify_table(room, t)
        room.wake(t)
    did = room.store.add_deal(room.code, where, int(body.get("hand", 1)) - 1, record, new_ids)
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
    key = (row.id, tuple((tid, room.tables[tid].game.hands[0].scores is not None)
                         for tid in row.tables))
    if key in room.compared:  # the page asks every few seconds; it changes as tables finish
        return room.compared[key]
    answer = _compare(room, row)
    if len(room.compared) > 200:
        room.compared.clear()
    room.compared[key] = answer
    return answer


def _compare(room: Classroom, row: DealRow) -> dict[str, Any]:
    out: list[dict[str, Any]] = []
    ref: Table | None = None
    for tid in row.tables:
        t = room.tables[tid]
        entry: dict[str, Any] = {"table": tid, "rules": t.rules_json,
                                 "title": rules_title(t.rules), "names": t.names(),
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
                return JSONResponse({"error": str(e)}, 400)
            except RecordError as e:
                return JSONResponse({"error": e.message, "rule": e.rule}, 400)
            return JSONResponse(answer)
        return endpoint

    def overview(request: Request) -> dict[str, Any]:
        now = time.monotonic()
        return {"class": room.code, "students": [
            {"student": i, "name": n} for i, n in room.students().items()],
            "tables": [glance(room, t, now) for t in room.tables.values()],
            "deals": [{"deal": d.id, "source": d.source, "hand": d.hand + 1,
                       "tables": d.tables} for d in room.store.deals(room.code)]}

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

    return [
        Route("/api/teacher/overview", guarded(overview)),
        Route("/api/teacher/tables/{table:int}/full", guarded(one)),
        Route("/api/teacher/seat", guarded(seat), methods=["POST"]),
        Route("/api/teacher/pause", guarded(pauser(True)), methods=["POST"]),
        Route("/api/teacher/resume", guarded(pauser(False)), methods=["POST"]),
        Route("/api/teacher/records", guarded(sources)),
        Route("/api/teacher/deal", guarded(dealt, MAX_UPLOAD), methods=["POST"]),
        Route("/api/teacher/deals/{deal:int}", guarded(compared)),
    ]


__all__ = ["status", "glance", "full_view", "set_seat", "pause", "chosen", "restore_flags",
           "on_connect", "record_sources", "prepared_record", "deal", "comparison", "routes",
           "TeacherRefusal", "STUCK_AFTER", "MAX_UPLOAD"]
