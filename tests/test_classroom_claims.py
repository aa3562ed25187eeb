"""The classroom's claims (docs/classroom.md): a student's ``claim`` message checked by the
solver, the robots' answer, the other students' ``claim_answer``, the teacher's decision, the
refusals in words with their ids, and the stored record replayed with its claim."""
from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient  # noqa: E402
from test_classroom import Room, Seat, assert_replays, choose  # noqa: E402

from spades_lab.classroom.app import create_app  # noqa: E402
from spades_lab.classroom.store import SqliteStore  # noqa: E402
from spades_lab.teach.claims import check_claim  # noqa: E402

pytestmark = pytest.mark.timeout(300)


@pytest.fixture
def room(monkeypatch: pytest.MonkeyPatch) -> Any:
    # the claimer plays whole hands at random to reach an ending: faster than a person may
    import spades_lab.classroom.room as room_

    monkeypatch.setattr(room_, "BURST", 10_000.0)
    with TestClient(create_app(SqliteStore(":memory:"))) as client:
        yield Room(client)


def late(r: Room, people: int, seed: int) -> tuple[int, list[Seat], list[Any]]:
    """``people`` students (seats 0, 1, 3 in that order; robots elsewhere) play standard hands
    at random until North leads the twelfth trick (or later) of one; the table, the seats, and
    the websockets (to close)."""
    rng = random.Random(seed)
    order = [0, 1, 3][:people]
    ids, wss = [], []
    for i in range(people):
        sid, cookie = r.join(f"Student {i + 1}")
        ids.append(sid)
        wss.append(r.connect(cookie))
    seats = []
    for w in wss:
        w.__enter__()
        s = Seat(w, r.room)
        s.recv()
        seats.append(s)
    plan: list[int | None] = [None] * 4
    for sid, seat in zip(ids, order, strict=True):
        plan[seat] = sid
    tid = r.new_table("standard", plan, seed=seed)
    for s in seats:
        s.tid = tid
    t = r.room.tables[tid]
    for _ in range(2_000):
        for s in seats:
            s.settle()
        h = t.game.hand
        assert h is not None and not h.complete, "the hand ended before the claim"
        if len(h.tricks) >= 11 and not h.trick and t.actor() == 0:
            break
        me = next(s for s in seats if s.state and s.state["seat"] == t.actor())
        assert me.send(choose(me.state, rng))["type"] == "ack"
    return tid, seats, wss


def verdicts(r: Room, tid: int) -> tuple[int, int | None]:
    """(the most tricks North may rightly claim, the fewest it claims wrongly, or None)."""
    t = r.room.tables[tid]
    left = t.game.hand.remaining
    right = [k for k in range(left + 1) if check_claim(t.game, 0, k).verdict == "right"]
    wrong = [k for k in range(left + 1) if k not in right]
    return max(right), (min(wrong) if wrong else None)


def heard(s: Seat) -> dict[str, Any]:
    """The next ``claim`` message ``s`` is told (what was said about a claim)."""
    while True:
        m = s.recv()
        if m["type"] == "claim":
            return m


def close(wss: list[Any]) -> None:
    for w in wss:
        w.__exit__(None, None, None)


def test_classroom_claims_robots_answer_and_the_record_replays(room: Room) -> None:
    for seed in range(1, 30):
        tid, seats, wss = late(room, 1, seed)
        good, bad = verdicts(room, tid)
        if bad is not None:
            break
        close(wss)
    else:
        pytest.skip("no ending with a wrong claim in these seeds")
    try:
        ann = seats[0]
        t = room.room.tables[tid]
        hi = len(t.game.hands) - 1  # the hand claimed in (the robots deal the next at once)
        # refusals: more than remain, another seat's claim; nothing changes
        v = t.version
        no = ann.send({"type": "claim", "table": tid, "tricks": 99})
        assert no["type"] == "refused" and no["rule"] == "claim-too-many", no
        no = ann.send({"type": "claim", "table": tid, "seat": 2, "tricks": 1})
        assert no["type"] == "refused" and no["rule"] == "not-your-turn"
        # a wrong claim: the robots play on, saying why
        assert ann.send({"type": "claim", "table": tid, "tricks": bad})["type"] == "ack"
        said = heard(ann)
        assert said["claim"] is None and "refutes" in said["words"][1]
        assert said["words"][-1] == "East and West play on."
        assert t.version == v and not t.game.hand.complete
        # a right claim: it stands, stored before the ack
        assert ann.send({"type": "claim", "table": tid, "tricks": good})["type"] == "ack"
        h = t.game.hands[hi]
        assert h.complete and h.claim is not None and h.claim.verified == "exact"
        assert sorted(h.claim.accepted_by) == [1, 3]  # type: ignore[type-var]
        record = room.room.store.record(tid)
        assert record["hands"][hi]["claim"]["tricks"] == good
        assert_replays(room, tid)
    finally:
        close(wss)


def test_classroom_claims_students_answer_and_the_teacher_decides(room: Room) -> None:
    tid, seats, wss = late(room, 3, 5)
    try:
        ann, ben, cy = seats
        t = room.room.tables[tid]
        hi = len(t.game.hands) - 1
        good, _ = verdicts(room, tid)
        # Ben plays on: the claim lapses
        assert ann.send({"type": "claim", "table": tid, "tricks": good})["type"] == "ack"
        assert t.claim_pending is not None and t.claim_state()["waiting"] == [1, 3]
        no = ann.send({"type": "claim_answer", "table": tid, "answer": "accept"})
        assert no["type"] == "refused" and no["rule"] == "claim-wrong-phase"
        bad = ben.send({"type": "claim_answer", "table": tid, "answer": "maybe"})
        assert bad["type"] == "error"
        assert ben.send({"type": "claim_answer", "table": tid, "answer": "play on"})["type"] \
            == "ack"
        assert t.claim_pending is None and t.claim_said == ["East plays on."]
        # Ben and Cy accept: it stands
        assert ann.send({"type": "claim", "table": tid, "tricks": good})["type"] == "ack"
        assert ben.send({"type": "claim_answer", "table": tid, "answer": "accept"})["type"] \
            == "ack"
        assert not t.game.hands[hi].complete
        assert cy.send({"type": "claim_answer", "table": tid, "answer": "accept"})["type"] \
            == "ack"
        h = t.game.hands[hi]
        assert h.complete and h.claim is not None and h.claim.accepted_by == (1, 3)
        assert_replays(room, tid)
        while (m := heard(ann))["words"][-1:] != ["The claim stands: the hand ends."]:
            pass
        # the next deal clears the claim's words: they were the last hand's
        for _ in range(200):
            m = ann.recv()
            if m["type"] in ("state", "update") and m["state"]["phase"] == "bidding":
                break
        assert m["state"]["claim_said"] == [] and m["state"]["score"] == [], m
    finally:
        close(wss)


def test_classroom_claims_the_teacher_accepts_for_the_table(room: Room) -> None:
    tid, seats, wss = late(room, 3, 7)
    try:
        ann = seats[0]
        t = room.room.tables[tid]
        hi = len(t.game.hands) - 1
        left = t.game.hand.remaining
        url = f"/api/teacher/tables/{tid}/claim"
        r = room.client.post(url, headers=room.teacher, json={"answer": "accept"})
        assert r.status_code == 409 and r.json()["rule"] == "claim-wrong-phase"
        assert room.client.post(url, json={"answer": "accept"}).status_code in (401, 403)
        said = ann.send({"type": "claim", "table": tid, "tricks": left})
        assert said["type"] == "ack", said
        r = room.client.post(url, headers=room.teacher, json={"answer": "accept"})
        assert r.status_code == 200, r.text
        h = t.game.hands[hi]
        assert h.complete and h.claim is not None and h.claim.tricks == left
        assert h.claim.verified == "exact" or "teacher" in h.claim.accepted_by
        assert_replays(room, tid)
    finally:
        close(wss)
