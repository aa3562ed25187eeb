"""What the teacher's page reads for a table's hints and taking back (docs/classroom.md, "Hints
and undo"): every table at a glance and the table in full carry the table's own settings, and
the teacher's take-back answers the sentence the seats were told; a take-back with nothing to
take back is refused with the server's sentence and changes nothing."""
from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient  # noqa: E402
from test_classroom import Room, Seat, choose  # noqa: E402

from spades_lab.classroom.app import create_app  # noqa: E402
from spades_lab.classroom.store import SqliteStore  # noqa: E402
from spades_lab.classroom.tables import SETTINGS  # noqa: E402
from spades_lab.core.errors import Rule  # noqa: E402

pytestmark = pytest.mark.timeout(120)


@pytest.fixture
def room() -> Any:
    with TestClient(create_app(SqliteStore(":memory:"), grace=3600)) as client:
        yield Room(client)


def _glance(room: Room, tid: int) -> dict[str, Any]:
    rows = room.client.get("/api/teacher/overview", headers=room.teacher).json()["tables"]
    return next(r for r in rows if r["table"] == tid)  # type: ignore[no-any-return]


def _full(room: Room, tid: int) -> dict[str, Any]:
    return room.client.get(f"/api/teacher/tables/{tid}/full",  # type: ignore[no-any-return]
                           headers=room.teacher).json()


def test_every_table_says_its_own_settings(room: Room) -> None:
    one = room.new_table("standard", [None] * 4, seed=1)
    two = room.new_table("standard", [None] * 4, seed=2)
    assert _glance(room, one)["settings"] == SETTINGS == {"hints": False, "undo": False}
    r = room.client.post(f"/api/teacher/tables/{two}/settings", json={"undo": True},
                         headers=room.teacher)
    assert r.status_code == 200
    r = room.client.post(f"/api/teacher/tables/{one}/settings", json={"hints": True},
                         headers=room.teacher)
    assert r.status_code == 200
    assert _glance(room, one)["settings"] == {"hints": True, "undo": False}
    assert _glance(room, two)["settings"] == {"hints": False, "undo": True}
    assert _full(room, two)["settings"] == room.room.tables[two].settings
    # a copy, not the table's own dict: what was sent does not change with the table
    g = _glance(room, one)
    room.room.tables[one].settings["undo"] = True
    assert g["settings"]["undo"] is False


def test_the_teachers_take_back_says_what_the_seats_were_told(room: Room) -> None:
    a, ca = room.join("Ann")
    tid = room.new_table("standard", [a, None, None, None], seed=4)
    t = room.room.tables[tid]
    with room.connect(ca) as w:
        s = Seat(w, room.room, tid)
        s.settle()
        assert s.state is not None and s.state["seat"] == t.actor() == 0
        before = t.version
        assert s.send(choose(s.state, random.Random(1)))["type"] == "ack"
        s.settle()
        assert t.version > before
        got = room.client.post(f"/api/teacher/tables/{tid}/undo", headers=room.teacher)
        assert got.status_code == 200
        answer = got.json()
        assert answer["words"] == "The table took back Ann's last decision."
        assert answer["version"] == t.version == before and t.actor() == 0
        s.settle()
        told = [m for m in s.received if m["type"] == "undone"]
        assert [m["words"] for m in told] == [answer["words"]]
        # nothing of Ann's is left to take back: the server's sentence, nothing changed
        actions = list(room.room.store.actions(tid))
        no = room.client.post(f"/api/teacher/tables/{tid}/undo", headers=room.teacher)
        assert no.status_code == 409
        assert no.json() == {"error": "There is nothing to take back.",
                             "rule": Rule.NOTHING_TO_UNDO}
        assert room.room.store.actions(tid) == actions and t.version == before
