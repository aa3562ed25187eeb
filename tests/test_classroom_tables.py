"""The classroom's table lifecycle and roster (docs/classroom.md, "Tables that wait" and "The
roster"): a new table waits for its players or the teacher's Start, is closed and archived;
its rules come from play mode's setup (every option the engine declares); the roster says who
is connected and where, and renames, merges and removes.  Every refusal is a sentence with a
stable rule id, and changes nothing."""
from __future__ import annotations

import time
from typing import Any

import pytest

from spades_lab.core.errors import CLASSROOM_IDS, Rule
from spades_lab.core.rules import PRESETS, RuleSet

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient  # noqa: E402
from test_classroom import Room, Seat  # noqa: E402

from spades_lab.classroom.app import create_app  # noqa: E402
from spades_lab.classroom.store import SqliteStore  # noqa: E402

pytestmark = pytest.mark.timeout(300)


@pytest.fixture
def room() -> Any:
    with TestClient(create_app(SqliteStore(":memory:"))) as client:
        yield Room(client)


def post(room: Room, path: str, body: dict[str, Any] | None = None) -> Any:
    return room.client.post(path, headers=room.teacher, json=body or {})


def refused(r: Any, rule: Rule) -> str:
    assert r.status_code == 400, r.text
    assert r.json()["rule"] == rule and rule in CLASSROOM_IDS or rule == Rule.BAD_OPTION
    return str(r.json()["error"])


def test_a_new_table_waits_for_its_student_and_starts_when_she_sits_down(room: Room) -> None:
    a, ca = room.join("Ann")
    tid = room.new_table("standard", [a, None, None, None], seed=3)
    t = room.room.tables[tid]
    time.sleep(0.05)
    assert not t.started and t.version == 0 and not t.game.hands  # the robots do nothing
    over = room.client.get("/api/teacher/overview", headers=room.teacher).json()
    g = next(x for x in over["tables"] if x["table"] == tid)
    assert g["status"] == "waiting-players" and g["words"].startswith("Waiting for players")
    assert "Ann (North) not here yet" in g["words"]
    with room.connect(ca) as w:
        s = Seat(w, room.room, tid)
        kinds = []
        while "started" not in kinds:
            kinds.append(s.recv()["type"])
        assert t.started and room.room.store.life(tid).started
        s.settle()
        assert s.state is not None and s.state["started"] and t.game.hands
    # started: Start is refused
    assert "started already" in refused(post(room, f"/api/teacher/tables/{tid}/start"),
                                          Rule.TABLE_STARTED)


def test_a_table_the_teacher_starts_and_what_a_waiting_seat_is_told(room: Room) -> None:
    a, ca = room.join("Ann")
    b, _ = room.join("Ben")
    tid = room.new_table("standard", [a, None, b, None], seed=5, start="teacher")
    t = room.room.tables[tid]
    with room.connect(ca) as w:
        s = Seat(w, room.room, tid)
        s.recv()  # welcome
        st = s.recv()
        assert st["type"] == "state" and not st["state"]["started"]
        assert st["state"]["status"].startswith("Waiting for players")
        m = s.send({"type": "look", "table": tid})
        assert m["type"] == "refused" and m["rule"] == "table-waiting", m
        assert not t.started  # Ann alone is here, but this table waits for the teacher
        r = post(room, f"/api/teacher/tables/{tid}/start")
        assert r.status_code == 200 and r.json()["started"], r.text
        assert next(m for m in iter(s.recv, None) if m["type"] == "started")["table"] == tid
    assert t.started and t.game.hands


def test_close_and_archive_and_the_lists(room: Room) -> None:
    a, ca = room.join("Ann")
    tid = room.new_table("standard", [a, None, None, None], seed=2, start="now")
    other = room.new_table("standard", [None] * 4, seed=3, pace=5)
    assert "still open" in refused(post(room, f"/api/teacher/tables/{tid}/archive"),
                                   Rule.TABLE_OPEN)
    with room.connect(ca) as w:
        s = Seat(w, room.room, tid)
        s.settle()
        r = post(room, f"/api/teacher/tables/{tid}/close")
        assert r.status_code == 200 and r.json()["status"] == "closed", r.text
        left = next(m for m in iter(s.recv, None) if m["type"] == "left")
        assert left["words"] == f"The teacher closed table {tid}."
        m = s.send({"type": "resync", "table": tid})
        assert m["type"] == "error" and "do not sit" in m["message"]
    with room.connect(ca) as w:  # the student's list leaves the closed table out
        welcome = Seat(w, room.room).recv()
        assert [x["table"] for x in welcome["tables"]] == [other]
    assert "closed already" in refused(post(room, f"/api/teacher/tables/{tid}/close"),
                                       Rule.TABLE_CLOSED)
    refused(post(room, f"/api/teacher/tables/{tid}/start"), Rule.TABLE_CLOSED)
    refused(post(room, "/api/teacher/seat", {"table": tid, "seat": 1, "student": a}),
            Rule.TABLE_CLOSED)
    over = room.client.get("/api/teacher/overview", headers=room.teacher).json()
    assert [x["table"] for x in over["tables"]] == [other]
    assert [x["table"] for x in over["closed"]] == [tid]
    assert post(room, f"/api/teacher/tables/{tid}/archive").status_code == 200
    over = room.client.get("/api/teacher/overview", headers=room.teacher).json()
    assert over["closed"] == []
    refused(post(room, f"/api/teacher/tables/{tid}/archive"), Rule.TABLE_CLOSED)
    # the record stays for the export, and the life outlives a restart (the store)
    assert room.room.store.record(tid)["hands"]
    assert room.room.store.life(tid).archived and room.room.store.life(tid).closed


def test_seats_at_the_opening_refusals(room: Room) -> None:
    a, _ = room.join("Ann")
    r = room.client.post("/api/teacher/tables", headers=room.teacher,
                         json={"preset": "standard", "seats": [a, None, a, None]})
    assert "two seats" in refused(r, Rule.STUDENT_TWICE)
    r = room.client.post("/api/teacher/tables", headers=room.teacher,
                         json={"preset": "standard", "seats": [99, None, None, None]})
    refused(r, Rule.UNKNOWN_STUDENT)
    r = room.client.post("/api/teacher/tables", headers=room.teacher,
                         json={"preset": "standard", "seats": [a, None, None, None],
                               "options": {"bidding": "mirror", "team_bid_min": 4}})
    words = refused(r, Rule.BAD_OPTION)
    assert "_" not in words and "team_bid_min" not in words  # play mode's words
    r = room.client.post("/api/teacher/tables", headers=room.teacher,
                         json={"preset": "standard", "start": "later"})
    assert r.status_code == 400 and "seated, teacher or now" in r.json()["error"]
    assert room.room.tables == {}


def test_the_setup_offers_every_option_the_engine_declares(room: Room) -> None:
    menu = room.client.get("/api/teacher/setup", headers=room.teacher).json()["presets"]
    assert [p["preset"] for p in menu] == list(PRESETS)
    for p in menu:
        declared = RuleSet.preset(p["preset"]).options(all=True, house=True)
        assert [o["option"] for o in p["options"]] == list(declared)
        values = {o["option"]: o["value"] for o in p["options"]}
        c = post(room, "/api/teacher/setup/check", {"preset": p["preset"], "options": values})
        assert c.json()["ok"] and c.json()["options"] == {}, c.text  # the preset as it is
    acorns8 = {o["option"]: o for o in menu[-1]["options"]}
    assert [x["label"] for x in acorns8["teams"]["choices"]] == ["four pairs",
                                                                 "two teams of four"]
    c = post(room, "/api/teacher/setup/check",
             {"preset": "acorns", "options": {"travelers_hunters": True}}).json()
    assert c["ok"] and c["options"] == {"travelers_hunters": True}
    assert any("Travelers" in w for w in c["words"])
    c = post(room, "/api/teacher/setup/check",
             {"preset": "standard", "options": {"bidding": "mirror", "team_bid_min": 4}}).json()
    assert not c["ok"] and c["rule"] == "bad-option" and "team_bid_min" not in c["words"][0]
    refused(post(room, "/api/teacher/setup/check", {"preset": "bogus"}), Rule.BAD_OPTION)
    # the checked options open a table with them
    tid = room.new_table("acorns", [None] * 4, options=c_opts(room))
    assert room.room.tables[tid].rules.travelers_hunters


def c_opts(room: Room) -> dict[str, Any]:
    c = post(room, "/api/teacher/setup/check",
             {"preset": "acorns", "options": {"travelers_hunters": True, "th_low": True}})
    return dict(c.json()["options"])


def test_a_deal_over_a_game_in_progress_is_checked_first(room: Room) -> None:
    busy = room.new_table("standard", [None] * 4, seed=3, pace=0.01)
    t = room.room.tables[busy]
    for _ in range(5000):
        if t.game.hands:
            break
        time.sleep(0.002)
    body = {"source": "course", "name": "standard_hand.json", "tables": [{"table": busy}],
            "check": True}
    r = post(room, "/api/teacher/deal", body)
    assert r.status_code == 200, r.text
    assert r.json()["replaces"] and f"Table {busy} is playing" in r.json()["replaces"][0]
    assert not t.is_closed() and len(room.room.tables) == 1  # nothing dealt


def test_the_roster_rename_merge_remove(room: Room) -> None:
    a, ca = room.join("Ann")
    a2, ca2 = room.join("Ann")  # the same student, twice (from another browser: "Ann (2)")
    b, cb = room.join("Ben")
    tid = room.new_table("standard", [a2, None, b, None], seed=4, start="teacher")
    with room.connect(ca2) as w:
        Seat(w, room.room).recv()
        roster = room.client.get("/api/teacher/overview", headers=room.teacher).json()["roster"]
        by = {x["student"]: x for x in roster}
        assert by[a2]["state"] == "connected" and by[a2]["seats"][0]["table"] == tid
        assert by[a2]["words"] == f"Connected, at table {tid} (North)."
        assert by[b]["state"] == "away" and by[a]["words"] == "Away (not connected), at no table."
    # refusals: each a sentence and a rule id, nothing changed
    refused(post(room, "/api/teacher/students/99/rename", {"name": "X"}), Rule.UNKNOWN_STUDENT)
    refused(post(room, f"/api/teacher/students/{a}/rename", {"name": "  "}), Rule.NAME_LENGTH)
    refused(post(room, f"/api/teacher/students/{a}/merge", {"into": a}), Rule.SAME_STUDENT)
    refused(post(room, f"/api/teacher/students/{a2}/merge", {"into": b}), Rule.STUDENT_TWICE)
    assert room.room.students() == {a: "Ann", a2: "Ann (2)", b: "Ben"}
    # rename: the list and the seats
    r = post(room, f"/api/teacher/students/{b}/rename", {"name": "Benjamin"})
    assert r.status_code == 200 and r.json()["name"] == "Benjamin"
    assert room.room.tables[tid].names()[2] == "Benjamin"
    # merge: Ann's second entry is her first; her seat and her cookie follow
    r = post(room, f"/api/teacher/students/{a2}/merge", {"into": a})
    assert r.status_code == 200, r.text
    assert room.room.students() == {a: "Ann", b: "Benjamin"}
    assert room.room.tables[tid].seat_of(a) == 0
    assert room.room.store.student_by_token(room.room.unsign(ca2)).id == a
    # remove: a robot takes Ben's seat, his cookie stops working
    r = post(room, f"/api/teacher/students/{b}/remove")
    assert r.status_code == 200 and room.room.students() == {a: "Ann"}
    assert room.room.tables[tid].seats[2] == {"kind": "bot",
                                              "was": {"student": b, "name": "Benjamin"}}
    assert room.room.store.student_by_token(room.room.unsign(cb)) is None
    refused(post(room, f"/api/teacher/students/{b}/remove"), Rule.UNKNOWN_STUDENT)


def test_a_table_its_students_have_left_stops_its_robots(room: Room) -> None:
    """Ann moves to another table: her old table, all robots now (one keeping her seat), stops
    instead of playing on under her name; a seat the teacher gives a robot on purpose plays."""
    a, ca = room.join("Ann")
    old = room.new_table("standard", [a, None, None, None], seed=2, start="now")
    new = room.new_table("standard", [None] * 4, seed=3, pace=5)
    assert post(room, "/api/teacher/seat", {"table": new, "seat": 0, "student": a}
                ).status_code == 200
    t = room.room.tables[old]
    assert t.deserted() and not t.bots_due()
    over = room.client.get("/api/teacher/overview", headers=room.teacher).json()
    g = next(x for x in over["tables"] if x["table"] == old)
    assert g["status"] == "stopped" and g["words"].startswith("Stopped: no person")
    v = t.version
    time.sleep(0.1)
    assert t.version == v
    # the teacher seats her back, then gives her seat to a robot on purpose: it plays on
    assert post(room, "/api/teacher/seat", {"table": old, "seat": 0, "student": a}
                ).status_code == 200
    assert post(room, "/api/teacher/seat", {"table": old, "seat": 0, "student": None}
                ).status_code == 200
    assert not t.deserted() and t.bots_due()


def test_a_tables_life_and_the_roster_outlive_a_restart(tmp_path: Any) -> None:
    """The store keeps whether a table has started, how it starts, closed and archived, and
    the roster's merges and removals: a restarted server (a new app on the same file) goes on
    from there."""
    path = tmp_path / "class.sqlite3"
    with TestClient(create_app(SqliteStore(path))) as client:
        r = Room(client)
        a, ca = r.join("Ann")
        a2, ca2 = r.join("Ann")
        waiting = r.new_table("standard", [a, None, None, None], seed=1, start="teacher")
        shut = r.new_table("standard", [None] * 4, seed=2, pace=5)
        assert post(r, f"/api/teacher/tables/{shut}/close").status_code == 200
        assert post(r, f"/api/teacher/students/{a2}/merge", {"into": a}).status_code == 200
        secret, key = r.room.teacher_secret, r.room.key
    with TestClient(create_app(SqliteStore(path), teacher_secret=secret)) as client:
        r = Room(client)
        tables = r.room.tables
        assert not tables[waiting].started and tables[waiting].start_when == "teacher"
        assert tables[shut].closed and tables[shut].seat_of(a) is None
        assert r.room.students() == {a: "Ann"} and r.room.key == key
        assert r.room.store.student_by_token(r.room.unsign(ca2)).id == a  # the cookie follows
        time.sleep(0.05)
        assert tables[waiting].version == 0  # still waiting: its robots did nothing
        assert post(r, f"/api/teacher/tables/{waiting}/start").status_code == 200
        for _ in range(5000):
            if tables[waiting].game.hands:
                break
            time.sleep(0.002)
        assert tables[waiting].game.hands


def test_the_roster_says_who_is_idle(room: Room) -> None:
    """A student connected but doing nothing for two minutes (a ping does not count) is idle;
    an action makes them connected again."""
    a, ca = room.join("Ann")
    with room.connect(ca) as w:
        s = Seat(w, room.room)
        s.recv()  # welcome
        (conn,) = room.room.conns
        conn.active -= 180  # three minutes ago
        assert s.send({"type": "ping"})["type"] == "pong"
        roster = room.client.get("/api/teacher/overview", headers=room.teacher).json()["roster"]
        assert roster[0]["state"] == "idle" and roster[0]["words"].startswith("Idle for 3 minutes")
        s.send({"type": "resync", "table": 99})  # any message but a ping is an action
        roster = room.client.get("/api/teacher/overview", headers=room.teacher).json()["roster"]
        assert roster[0]["state"] == "connected"
