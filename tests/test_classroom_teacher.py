"""The teacher's side of the classroom (spades_lab/classroom/teacher.py, docs/classroom.md "The
teacher"): every table at a glance, one table in full, seats moved and handed to robots, pause
and resume, a prepared deal at every chosen table and its comparison."""
from __future__ import annotations

import json
import time
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient  # noqa: E402
from test_classroom import Room, Seat, choose  # noqa: E402

from spades_lab.classroom.app import create_app  # noqa: E402
from spades_lab.classroom.store import SqliteStore  # noqa: E402
from spades_lab.classroom.teacher import glance  # noqa: E402
from spades_lab.core.records import replay  # noqa: E402

pytestmark = pytest.mark.timeout(300)

TEACHER_POSTS = ["/api/teacher/seat", "/api/teacher/pause", "/api/teacher/resume",
                 "/api/teacher/deal"]
TEACHER_GETS = ["/api/teacher/overview", "/api/teacher/tables/1/full", "/api/teacher/records",
                "/api/teacher/deals/1"]


@pytest.fixture
def room() -> Any:
    with TestClient(create_app(SqliteStore(":memory:"))) as client:
        yield Room(client)


def post(room: Room, path: str, body: dict[str, Any]) -> Any:
    return room.client.post(path, headers=room.teacher, json=body)


def until(pred: Any, room: Room, limit: int = 30_000) -> None:
    """Let the server's loop run (robots act) until ``pred()`` holds: a bounded wait (about a
    minute at most) that a loaded CI machine does not run out of, not a timing check."""
    for _ in range(limit):
        if pred():
            return
        time.sleep(0.002)
    raise AssertionError("never happened")


def test_every_teacher_command_needs_the_secret(room: Room) -> None:
    room.new_table("standard", [None] * 4, seed=1)
    k = 0
    for headers in ({}, {"X-Teacher-Secret": "guess"}):
        for method, path in [("GET", p) for p in TEACHER_GETS] + \
                [("POST", p) for p in TEACHER_POSTS]:
            k += 1  # each from its own address (ten wrong secrets from one are let wait)
            with TestClient(room.client.app, client=(f"10.1.0.{k}", 4000)) as c:
                r = c.request(method, path, headers=headers,
                              json={"table": 1, "seat": 0} if method == "POST" else None)
            assert r.status_code == 403 and "teacher's secret" in r.json()["error"], path
    assert list(room.room.tables) == [1] and not room.room.tables[1].paused


def test_the_overview_and_one_table_in_full(room: Room) -> None:
    a, ca = room.join("Ann")
    tid = room.new_table("standard", [a, None, None, None], seed=4)
    t = room.room.tables[tid]
    with room.connect(ca) as w:
        s = Seat(w, room.room, tid)
        s.settle()
        over = room.client.get("/api/teacher/overview", headers=room.teacher).json()
        row = over["tables"][0]
        assert row["names"] == ["Ann", "Robot", "Robot", "Robot"] and row["connected"][0]
        assert row["turn"] == 0 and row["status"] == "waiting"
        assert row["words"] == "Waiting for Ann (North)."
        assert "sl-seat-compact" in row["html"] and "hands" not in row
        full = room.client.get(f"/api/teacher/tables/{tid}/full", headers=room.teacher).json()
        assert full["hands"] == [[c.code for c in t.rules.deck.sorted(h)]
                                 for h in t.game.hand.hands]
        for code in full["hands"][2]:  # South's cards, face up, drawn for the teacher
            assert f'data-card="{code}"' in full["full_html"] or code in full["full_html"]
    # Ann gone and her turn: stuck, in words; then a long wait while connected
    row = room.client.get("/api/teacher/overview", headers=room.teacher).json()["tables"][0]
    assert row["status"] == "away" and row["alert"]
    assert row["words"] == "Stuck: it is Ann (North)'s turn and they are not connected."
    g = glance(room.room, t, now=room.room.changed_at[tid] + 150, connected={a})
    assert g["status"] == "slow" and g["words"] == \
        "Stuck: it has been Ann (North)'s turn for 2 minutes."


def test_no_student_message_carries_the_teachers_full_view(room: Room) -> None:
    """A hand played while the teacher asks for the full view after every action: Seat.recv
    checks every student message against the other seats' cards, and no message has the full
    view's fields."""
    import random
    a, ca = room.join("Ann")
    b, cb = room.join("Ben")
    tid = room.new_table("standard", [a, None, b, None], seed=8)
    t = room.room.tables[tid]
    rng = random.Random(3)
    with room.connect(ca) as wa, room.connect(cb) as wb:
        seats = [Seat(wa, room.room, tid), Seat(wb, room.room, tid)]
        for _ in range(200):
            for s in seats:
                s.settle()
            full = room.client.get(f"/api/teacher/tables/{tid}/full",
                                   headers=room.teacher).json()
            assert len(full["hands"]) == 4
            if t.game.hands[0].scores is not None:
                break
            me = next(s for s in seats if s.state["seat"] == t.actor())
            assert me.send(choose(me.state, rng))["type"] == "ack"
        assert t.game.hands[0].scores is not None
    for s in seats:
        for m in s.received:
            text = json.dumps(m)
            assert "full_html" not in text and '"hands"' not in text


def test_seats_moved_between_tables_and_handed_to_a_robot_and_back(room: Room) -> None:
    a, ca = room.join("Ann")
    t1 = room.new_table("standard", [a, None, None, None], seed=2)
    t2 = room.new_table("standard", [None] * 4, seed=3, pace=5)
    with room.connect(ca) as w:
        s = Seat(w, room.room, t1)
        s.settle()
        r = post(room, "/api/teacher/seat", {"table": t2, "seat": 2, "student": a})
        assert r.status_code == 200, r.text
        left = next(m for m in iter(s.recv, None) if m["type"] == "left")
        assert left["table"] == t1 and "table 2" in left["words"]
        st = next(m for m in iter(s.recv, None) if m["type"] == "state")
        assert st["table"] == t2 and st["state"]["seat"] == 2
    tables = room.room.tables
    assert tables[t1].seats[0] == {"kind": "bot", "was": {"student": a, "name": "Ann"}}
    assert tables[t2].seat_of(a) == 2
    assert room.room.store.tables()[1].seats[2]["student"] == a  # stored
    # to a robot, and back
    assert post(room, "/api/teacher/seat", {"table": t2, "seat": 2, "student": None}
                ).status_code == 200
    row = room.client.get("/api/teacher/overview", headers=room.teacher).json()["tables"][1]
    assert row["names"][2] == "Robot for Ann" and tables[t2].seat_of(a) is None
    assert post(room, "/api/teacher/seat", {"table": t2, "seat": 2, "student": a}
                ).status_code == 200
    assert tables[t2].seat_of(a) == 2
    # refusals change nothing
    b, _ = room.join("Ben")
    before = [list(map(dict, t.seats)) for t in tables.values()]
    for body, words in [({"table": t2, "seat": 2, "student": b}, "Ann sits in seat 3"),
                        ({"table": t2, "seat": 9, "student": b}, "seats 1 to 4"),
                        ({"table": 99, "seat": 0, "student": b}, "no table 99"),
                        ({"table": t2, "seat": 0, "student": 777}, "no student 777"),
                        ({"table": t2, "seat": 0, "student": None}, "A robot already"),
                        ({"table": t2, "seat": "0", "student": b}, "seat is a seat")]:
        r = post(room, "/api/teacher/seat", body)
        assert r.status_code == 400 and words in r.json()["error"], (body, r.text)
    assert [list(map(dict, t.seats)) for t in tables.values()] == before


def test_a_paused_table_refuses_and_nothing_is_lost(tmp_path: Any) -> None:
    db = tmp_path / "class.sqlite3"
    with TestClient(create_app(SqliteStore(db))) as client:
        room = Room(client)
        a, ca = room.join("Ann")
        tid = room.new_table("standard", [a, None, None, None], seed=6)
        busy = room.new_table("standard", [None] * 4, seed=7, pace=0.05)
        t = room.room.tables[tid]
        with room.connect(ca) as w:
            s = Seat(w, room.room, tid)
            s.settle()
            r = post(room, "/api/teacher/pause", {"tables": [tid, busy]})
            assert r.status_code == 200 and r.json()["tables"] == [tid, busy]
            m = next(m for m in iter(s.recv, None) if m["type"] == "paused")
            assert m == {"type": "paused", "table": tid, "paused": True,
                         "words": "The teacher has paused the table."}
            v0 = t.version
            m = s.send(choose(s.state, __import__("random").Random(1)))
            assert m["type"] == "refused" and m["rule"] == "table-paused"
            assert m["message"] == "The teacher has paused the table."
            assert t.version == v0
            vb = room.room.tables[busy].version
            time.sleep(0.3)  # the robots wait too
            assert room.room.tables[busy].version == vb
            row = room.client.get("/api/teacher/overview", headers=room.teacher).json()
            assert [x["words"] for x in row["tables"]] == ["Paused by the teacher."] * 2
        before = {k: (x.version, x.paused) for k, x in room.room.tables.items()}
    # a restart (with a new teacher's secret, for this Room): still paused
    with TestClient(create_app(SqliteStore(db), new_secret=True)) as client:
        room = Room(client)
        assert {k: (x.version, x.paused) for k, x in room.room.tables.items()} == before
        t = room.room.tables[tid]
        assert t.holding()
        r = post(room, "/api/teacher/resume", {})
        assert r.status_code == 200 and sorted(r.json()["tables"]) == [tid, busy]
        assert not t.holding()
        until(lambda: room.room.tables[busy].version > before[busy][0], room)
        # a refused command: a table that does not exist, a list that is not one
        for body in ({"tables": [42]}, {"tables": "all"}, {"tables": []}):
            r = post(room, "/api/teacher/pause", body)
            assert r.status_code == 400
        assert not any(x.paused for x in room.room.tables.values())


def test_pause_at_a_finished_game_is_refused(room: Room) -> None:
    tid = room.new_table("online", [None] * 4, seed=2,
                         options={"target": 100})
    t = room.room.tables[tid]
    until(lambda: t.game.over, room)
    r = post(room, "/api/teacher/pause", {"tables": [tid]})
    assert r.status_code == 400 and "is over" in r.json()["error"] and not t.paused
    # the other commands at a finished game: seats, the full view, a deal (a new game)
    b, _ = room.join("Ben")
    assert post(room, "/api/teacher/seat", {"table": tid, "seat": 1, "student": b}
                ).status_code == 200
    full = room.client.get(f"/api/teacher/tables/{tid}/full", headers=room.teacher).json()
    assert full["over"] and full["words"] == "The game is over."
    r = post(room, "/api/teacher/deal", {"source": "course", "name": "standard_hand.json",
                                         "tables": [{"table": tid, "preset": "online"}]})
    assert r.status_code == 200, r.text
    new = room.room.tables[r.json()["tables"][0]["table"]]
    assert new.seat_of(b) == 1 and len(new.game.hands) == 1 and not new.game.over


def test_pausing_every_table_passes_over_a_finished_game(room: Room) -> None:
    """"Pause every table" (no list) pauses the games that go on and leaves a finished one be,
    instead of refusing the whole class because one table has finished (notebook 11 met this
    with a robots' table at full speed)."""
    done = room.new_table("online", [None] * 4, seed=2, options={"target": 100})
    until(lambda: room.room.tables[done].game.over, room)
    going = room.new_table("standard", [None] * 4, seed=3)
    r = post(room, "/api/teacher/pause", {})
    assert r.status_code == 200, r.text
    assert r.json()["tables"] == [going] and room.room.tables[going].paused
    assert not room.room.tables[done].paused
    r = post(room, "/api/teacher/resume", {})
    assert r.status_code == 200 and r.json()["tables"] == [going]


def test_teacher_commands_on_a_paused_table(room: Room) -> None:
    a, _ = room.join("Ann")
    tid = room.new_table("standard", [None] * 4, seed=3, pace=5)
    assert post(room, "/api/teacher/pause", {"tables": [tid]}).status_code == 200
    t = room.room.tables[tid]
    v = t.version
    assert post(room, "/api/teacher/seat", {"table": tid, "seat": 0, "student": a}
                ).status_code == 200
    assert t.seat_of(a) == 0 and t.paused and t.version == v
    r = post(room, "/api/teacher/pause", {"tables": [tid]})  # paused again: nothing to do
    assert r.status_code == 200 and r.json()["tables"] == []
    full = room.client.get(f"/api/teacher/tables/{tid}/full", headers=room.teacher).json()
    assert full["status"] == "paused" and full["hands"] == []  # paused before its first deal
    r = post(room, "/api/teacher/deal", {"source": "course", "name": "standard_hand.json",
                                         "tables": [{"table": tid}]})
    assert r.status_code == 200
    new = room.room.tables[r.json()["tables"][0]["table"]]
    assert t.closed_for == new.id and not new.paused and new.seat_of(a) == 0


# ---------------------------------------------------------------------------- prepared deals


def four_tables(room: Room) -> list[int]:
    return [room.new_table("standard", [None] * 4, seed=k, pace=0) for k in range(4)]


def test_duplicate_deal_same_cards_and_the_comparison_is_the_records(room: Room) -> None:
    olds = four_tables(room)
    record = replay("data/course/standard_hand.json")
    want = [[c.code for c in h] for h in record.game.hands[0].deal]
    cnt = {"failed_nil_tricks": "count_toward_bid"}
    body = {"source": "course", "name": "standard_hand.json", "hand": 1,
            "tables": [{"table": olds[0]}, {"table": olds[1]},
                       {"table": olds[2], "options": cnt}, {"table": olds[3], "options": cnt}]}
    r = post(room, "/api/teacher/deal", body)
    assert r.status_code == 200, r.text
    deal = r.json()
    new = [e["table"] for e in deal["tables"]]
    tables = room.room.tables
    for tid in new:
        first = room.room.store.actions(tid)[0]
        assert first["kind"] == "deal" and first["deal"] == want
        assert first["dealer"] == record.game.hands[0].dealer
    for old, tid in zip(olds, new, strict=True):
        assert tables[old].closed_for == tid and not tables[old].bots_due()
    until(lambda: all(tables[t].holding() for t in new), room)
    for tid in new:  # held after the prepared hand: one hand, no second deal
        assert len(tables[tid].game.hands) == 1
    c = room.client.get(f"/api/teacher/deals/{deal['deal']}", headers=room.teacher).json()
    assert [e["table"] for e in c["tables"]] == new
    for e in c["tables"]:
        assert e["finished"]
        h = replay(room.room.store.record(e["table"])).hands[0]
        assert e["bids"] == [b.label for b in h.bids] and e["taken"] == list(h.taken)
        assert e["hand_score"] == [t.hand_score for t in h.teams]
        assert e["totals"] == [t.total for t in h.teams]
        assert "bid" in e["score_words"]
    assert c["tables"][2]["options"] and not c["tables"][0]["options"]
    assert "scored under table" in c["tables"][2]["words"]
    assert "B: as A, except" in c["tables"][2]["words"]
    over = room.client.get("/api/teacher/overview", headers=room.teacher).json()
    words = {x["table"]: x["words"] for x in over["tables"] + over["closed"]}
    assert olds[0] not in {x["table"] for x in over["tables"]}  # closed: off the list
    assert words[olds[0]] == f"Closed: its players went on at table {new[0]}."
    assert words[new[0]].startswith("Waiting for you: the prepared hand is finished")
    # resume: the table deals on
    assert post(room, "/api/teacher/resume", {"tables": [new[0]]}).status_code == 200
    until(lambda: len(tables[new[0]].game.hands) >= 2, room)  # robots: it may be further on
    until(lambda: tables[new[0]].game.over, room)  # its robots play on: compare a still table
    # the record of every table, old and new, replays
    for tid in olds + new:
        assert list(replay(room.room.store.record(tid)).game.totals) == \
            list(tables[tid].game.totals)


def test_a_deal_moves_the_students_with_it(room: Room) -> None:
    a, ca = room.join("Ann")
    old = room.new_table("standard", [a, None, None, None], seed=5)
    with room.connect(ca) as w:
        s = Seat(w, room.room, old)
        s.settle()
        r = post(room, "/api/teacher/deal", {"source": "scenario", "name": "std_blind_nil.json",
                                             "tables": [{"table": old}]})
        assert r.status_code == 200, r.text
        new = r.json()["tables"][0]["table"]
        left = next(m for m in iter(s.recv, None) if m["type"] == "left")
        assert left["table"] == old and f"table {new}" in left["words"]
        st = next(m for m in iter(s.recv, None) if m["type"] == "state")
        assert st["table"] == new and st["state"]["seat"] == 0
        assert room.room.tables[old].seat_of(a) is None


def test_bad_records_and_bad_deals_are_refused_and_change_nothing(room: Room) -> None:
    olds = four_tables(room)
    record = json.loads(open("data/course/standard_hand.json").read())
    bad_play = json.loads(json.dumps(record))
    bad_play["hands"][0]["plays"][1]["card"] = bad_play["hands"][0]["plays"][0]["card"]
    bad_shape = {"format": "spades-lab/1", "rules": {"preset": "standard"}, "hands": "x"}
    acorns = json.loads(open("data/course/acorns_th_hand.json").read())
    cases = [
        ({"source": "upload", "record": bad_play}, "cannot be dealt"),
        ({"source": "upload", "record": bad_shape}, "cannot be dealt"),
        ({"source": "upload", "record": "not a record"}, "game record"),
        ({"source": "course", "name": "../../pyproject.toml"}, "by its name"),
        ({"source": "course", "name": "/etc/passwd"}, "by its name"),
        ({"source": "disk", "name": "x.json"}, "course, scenario or upload"),
        ({"source": "course", "name": "standard_hand.json", "hand": 9}, "1 to 1"),
        ({"source": "course", "name": "standard_hand.json",
          "tables": [{"table": olds[0], "options": {"bogus": 1}}]}, "bogus"),
        ({"source": "upload", "record": acorns,
          "tables": [{"table": olds[0], "preset": "standard"}]}, "cannot take this deal"),
        ({"source": "scenario", "name": "acorns8_fours.json"}, "needs 8"),
        ({"source": "course", "name": "standard_hand.json",
          "tables": [{"table": olds[0]}, {"table": olds[0]}]}, "chosen twice"),
        ({"source": "course", "name": "standard_hand.json", "tables": [{"table": 50}]},
         "no table 50"),
    ]
    for body, words in cases:
        body = {"tables": [{"table": olds[0]}], "hand": 1, **body}
        r = post(room, "/api/teacher/deal", body)
        assert r.status_code == 400 and words in r.json()["error"], (body.get("name"), r.text)
    r = room.client.post("/api/teacher/deal", headers={**room.teacher,
                                                        "Content-Type": "application/json"},
                         content=b'{"source": "upload", "record": "' + b"x" * 600_000 + b'"}')
    assert r.status_code == 413 and "too large" in r.json()["error"]
    assert list(room.room.tables) == olds and not room.room.store.deals(room.room.code)
    assert all(t.closed_for is None for t in room.room.tables.values())
    # an uploaded record that is good is dealt; a closed table cannot be dealt to again
    r = post(room, "/api/teacher/deal", {"source": "upload", "record": record, "hand": 1,
                                         "tables": [{"table": olds[0]}]})
    assert r.status_code == 200 and r.json()["source"] == "an uploaded record"
    r = post(room, "/api/teacher/deal", {"source": "upload", "record": record,
                                         "tables": [{"table": olds[0]}]})
    assert r.status_code == 400 and "is closed" in r.json()["error"]
    for path in ("/api/teacher/pause", "/api/teacher/seat"):
        r = post(room, path, {"tables": [olds[0]], "table": olds[0], "seat": 0,
                              "student": None})
        assert r.status_code == 400 and "is closed" in r.json()["error"]


def test_records_are_listed_by_name(room: Room) -> None:
    r = room.client.get("/api/teacher/records", headers=room.teacher).json()
    assert "standard_hand.json" in r["course"] and "std_blind_nil.json" in r["scenario"]
    assert all("/" not in n for n in r["course"] + r["scenario"])
    assert r["variations"][1] == {"options": {"failed_nil_tricks": "count_toward_bid"}, "words":
                                  "After a failed nil (Nil, blind or not), the bidder's tricks "
                                  "count toward the partnership's bid."}


def test_the_secret_is_checked_by_scrypt_once_then_by_its_hmac(room: Room) -> None:
    """The teacher's page asks every few seconds: after one scrypt check the server compares
    an HMAC in memory; a wrong secret is still refused, before and after."""
    calls: list[str] = []
    check = room.room.store.check_teacher
    room.room.store.check_teacher = lambda code, s: calls.append(s) or check(code, s)  # type: ignore[method-assign]
    for headers, status in [({"X-Teacher-Secret": "guess"}, 403), (room.teacher, 200),
                            (room.teacher, 200), ({"X-Teacher-Secret": "guess2"}, 403),
                            (room.teacher, 200), ({"X-Teacher-Secret": "x" * 300}, 403)]:
        r = room.client.get("/api/teacher/overview", headers=headers)
        assert r.status_code == status
    assert calls == ["guess", room.room.teacher_secret, "guess2"]


def test_a_student_who_comes_back_is_told_the_table_is_paused(room: Room) -> None:
    a, ca = room.join("Ann")
    b, cb = room.join("Ben")
    tid = room.new_table("standard", [a, None, None, None], seed=6)
    assert post(room, "/api/teacher/pause", {}).status_code == 200
    with room.connect(ca) as w:
        s = Seat(w, room.room, tid)
        kinds = [s.recv()["type"]]
        while kinds[-1] != "paused" and len(kinds) < 6:
            kinds.append(s.recv()["type"])
        # (the table, waiting for Ann, starts as she connects: "started" comes first)
        assert kinds[0] == "welcome" and "state" in kinds and kinds[-1] == "paused", kinds
        assert s.received[-1]["words"] == "The teacher has paused the table."
    # a closed table takes no one
    r = post(room, "/api/teacher/deal", {"source": "course", "name": "standard_hand.json",
                                         "tables": [{"table": tid}]})
    assert r.status_code == 200
    with room.connect(cb) as w:
        s = Seat(w, room.room, tid)
        s.recv()  # welcome
        m = s.send({"type": "sit", "table": tid, "seat": 1})
        assert m["type"] == "error" and "is closed" in m["message"]
    assert room.room.tables[tid].seats[1] == {"kind": "bot"}


def test_a_pause_in_the_middle_of_a_prepared_hand_keeps_its_hold(room: Room) -> None:
    """Pausing and resuming a table in the middle of its prepared hand lets it go on with
    that hand, and it still holds for the teacher once the hand is scored (it used to forget
    the hold on any resume, and dealt on as if the teacher had asked); a resume then deals
    on."""
    a, _ = room.join("Ann")
    old = room.new_table("standard", [a, None, None, None], seed=3)
    r = post(room, "/api/teacher/deal", {"source": "course", "name": "standard_hand.json",
                                         "tables": [{"table": old}], "seed": 1})
    assert r.status_code == 200, r.text
    tid = r.json()["tables"][0]["table"]
    t = room.room.tables[tid]
    until(lambda: t.actor() == 0, room)  # the robots bid; Ann's turn (she is not connected)
    for path in ("/api/teacher/pause", "/api/teacher/resume"):
        assert post(room, path, {"tables": [tid]}).json() == {"tables": [tid]}
    assert t.hold_after == 1 and not t.holding()
    assert room.room.store.flags(tid).hold_after == 1  # kept for a restart too
    r = post(room, "/api/teacher/seat", {"table": tid, "seat": 0, "student": None})
    assert r.status_code == 200, r.text  # a robot plays Ann's seat: the hand goes on
    until(t.holding, room)
    assert len(t.game.hands) == 1 and t.game.hands[0].scores is not None
    over = room.client.get("/api/teacher/overview", headers=room.teacher).json()
    words = {x["table"]: x["words"] for x in over["tables"]}
    assert words[tid].startswith("Waiting for you: the prepared hand is finished")
    assert post(room, "/api/teacher/resume", {"tables": [tid]}).json() == {"tables": [tid]}
    until(lambda: len(t.game.hands) >= 2, room)  # robots only: it may be further on


def test_a_seat_handed_to_a_robot_on_its_turn_is_played_at_once(room: Room) -> None:
    """The teacher gives a stuck student's seat (their turn, not connected) to a robot: the
    robot acts there at once (it used to wait until something else woke the table)."""
    a, _ = room.join("Ann")
    tid = room.new_table("standard", [a, None, None, None], seed=4, start="now")
    t = room.room.tables[tid]
    until(lambda: t.actor() == 0, room)
    v0 = t.version
    r = post(room, "/api/teacher/seat", {"table": tid, "seat": 0, "student": None})
    assert r.status_code == 200, r.text
    until(lambda: t.version > v0, room)
    assert room.room.store.actions(tid)[v0]["seat"] == 0
