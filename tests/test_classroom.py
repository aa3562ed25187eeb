"""The classroom server without a browser: Starlette's TestClient, its websockets, the engine's
replay of the stored record (spades_lab/classroom, docs/classroom.md)."""
from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from starlette.testclient import TestClient, WebSocketDenialResponse  # noqa: E402

from conftest import examples
from spades_lab.classroom.app import MAX_MESSAGE, create_app  # noqa: E402
from spades_lab.classroom.store import SqliteStore  # noqa: E402
from spades_lab.classroom.tables import ClassTable, step_of  # noqa: E402
from spades_lab.core.engine import Game  # noqa: E402
from spades_lab.core.records import apply_step, replay  # noqa: E402

pytestmark = pytest.mark.timeout(300)


class Room:
    """A server in a TestClient, its class, and students connected to it."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.room = client.app.state.classroom  # type: ignore[attr-defined]
        self.teacher = {"X-Teacher-Secret": self.room.teacher_secret}

    def join(self, name: str) -> tuple[int, str]:
        r = self.client.post("/api/join", json={"code": self.room.code, "name": name})
        assert r.status_code == 200, r.text
        cookie = r.cookies["sl_seat"]
        self.client.cookies.clear()
        return r.json()["student"], cookie

    def connect(self, cookie: str, origin: str | None = None) -> Any:
        headers = {"cookie": f"sl_seat={cookie}"}
        if origin is not None:
            headers["origin"] = origin
        return self.client.websocket_connect("/ws", headers=headers)

    def new_table(self, preset: str, seats: list[int | None], **kw: Any) -> int:
        r = self.client.post("/api/teacher/tables", headers=self.teacher,
                             json={"preset": preset, "seats": seats, "pace": 0, **kw})
        assert r.status_code == 201, r.text
        return int(r.json()["table"])


@pytest.fixture
def room() -> Any:
    with TestClient(create_app(SqliteStore(":memory:"))) as client:
        yield Room(client)


_REPLAYS: dict[int, tuple[Any, int, Game]] = {}


def hidden_cards(room: Any, tid: int, version: int, seat: int) -> set[Any]:
    """The cards other seats hold, unseen by ``seat``, at ``version`` (the store replayed by the
    engine; one game per table, carried forward)."""
    t = room.tables[tid]
    key, at, g = _REPLAYS.get(tid, (None, 0, None))
    if key is not room or g is None or at > version:
        at, g = 0, Game(t.rules)
    for e in room.store.actions(tid)[at:version]:
        apply_step(g, step_of(e))
    _REPLAYS[tid] = (room, version, g)
    if g.hand is None:
        return set()
    v = g.view(seat)
    known = set(v.passed) | set(v.received) | set(v.hand or ())
    return {c for s in range(t.rules.players) if s != seat
            for c in g.hand.hands[s]} - known


def leaks(text: str, cards: set[Any]) -> list[str]:
    """The codes and names of ``cards`` that ``text`` mentions (as whole words)."""
    words = set(re.findall(r"[A-Za-z0-9]+", text))
    out = [c.code for c in cards if c.code in words]
    for c in cards:
        if c.name in text and re.search(
                rf"(?<![A-Za-z0-9]){re.escape(c.name)}(?![A-Za-z0-9])", text):
            out.append(c.name)
    return out


class Seat:
    """One student's websocket and what it has been told."""

    def __init__(self, ws: Any, room: Any, tid: int | None = None) -> None:
        self.ws = ws
        self.room = room
        self.tid = tid
        self.state: dict[str, Any] | None = None
        self.received: list[dict[str, Any]] = []

    def recv(self) -> dict[str, Any]:
        text = self.ws.receive_text()
        msg = json.loads(text)
        self.received.append(msg)
        if msg["type"] in ("state", "update") and msg["table"] == self.tid:
            st_ = msg["state"]
            self.state = st_
            found = leaks(text, hidden_cards(self.room, self.tid, st_["version"], st_["seat"]))
            assert not found, f"seat {st_['seat']} was told {found}"
        return msg

    def settle(self) -> None:
        """Read until this seat's state is the table's latest and someone must act."""
        t = self.room.tables[self.tid]
        for _ in range(10_000):
            s = self.state
            if s is not None and s["version"] == t.version and (
                    s["waiting_for"] is not None or s["over"]) and not t.bots_due():
                return
            self.recv()
        raise AssertionError("the seat never caught up")

    def send(self, msg: dict[str, Any]) -> dict[str, Any]:
        self.ws.send_text(json.dumps(msg))
        while True:
            m = self.recv()
            if m["type"] in ("ack", "refused", "error", "pong"):
                return m


def choose(s: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A legal action for the seat whose state ``s`` is, chosen by ``rng``."""
    tid = s["table"]
    if s["legal_bids"]:
        return {"type": "bid", "table": tid, "bid": rng.choice(s["legal_bids"])["bid"]}
    if s["exchange"]:
        e = s["exchange"]
        if e["blind"]:
            return {"type": "exchange", "table": tid, "count": e["hi"]}
        return {"type": "exchange", "table": tid, "cards": rng.sample(s["hand"], e["hi"])}
    p = rng.choice(s["legal_plays"])
    return {"type": "play", "table": tid, "card": p["card"], "as": p["as"]}


def play_hands(room: Room, preset: str, people: int, hands: int, seed: int,
               **opts: Any) -> tuple[int, list[Seat]]:
    """``people`` students at one ``preset`` table (robots in the other seats) play ``hands``
    whole hands (or the game to its end) choosing legal actions at random."""
    rng = random.Random(seed)
    wss = []
    ids = []
    for i in range(people):
        sid, cookie = room.join(f"Student {i + 1}")
        ids.append(sid)
        wss.append(room.connect(cookie))
    seats = []
    for w in wss:
        w.__enter__()
        s = Seat(w, room.room)
        s.recv()  # welcome
        seats.append(s)
    from spades_lab.core.rules import RuleSet
    n = RuleSet.preset(preset, opts.get("options")).players
    plan: list[int | None] = [None] * n
    for k, sid in enumerate(ids):
        plan[k * (n // people)] = sid
    tid = room.new_table(preset, plan, seed=seed, **opts)
    for s in seats:
        s.tid = tid
    t = room.room.tables[tid]
    try:
        for _ in range(5_000):
            for s in seats:
                s.settle()
            if t.game.over or len(t.game.hands) > hands or (
                    len(t.game.hands) == hands and t.game.hands[-1].scores is not None):
                break
            actor = t.actor()
            me = next(s for s in seats if s.state and s.state["seat"] == actor)
            # the table model's status line, said to each seat: only the one to act is told
            for s in seats:
                assert s.state is not None
                told = ": Your turn to " in s.state["status"]
                assert told == (s is me), (s.state["seat"], actor, s.state["status"])
            answer = me.send(choose(me.state, rng))
            assert answer["type"] == "ack", answer
    finally:
        for w in wss:
            w.__exit__(None, None, None)
    return tid, seats


def assert_replays(room: Room, tid: int) -> None:
    """The stored record replays, by the engine, to the server's scores."""
    t = room.room.tables[tid]
    record = room.client.get(f"/api/teacher/tables/{tid}/record", headers=room.teacher).json()
    assert record == room.room.store.record(tid)
    result = replay(record)
    assert list(result.game.totals) == list(t.game.totals)
    assert [h.taken for h in result.game.hands] == [h.taken for h in t.game.hands]


def test_four_students_play_a_standard_hand(room: Room) -> None:
    tid, seats = play_hands(room, "standard", 4, 1, seed=11)
    t = room.room.tables[tid]
    assert t.game.hands[0].scores is not None
    assert_replays(room, tid)
    events = [e for s in seats for m in s.received if m["type"] == "update"
              for e in m["events"]]
    tricks = [e for e in events if e["kind"] == "trick"]
    assert len(tricks) == 4 * 13 and "wins" in tricks[0]["words"]
    scored = [e for e in events if e["kind"] == "hand"]
    assert scored and "bid" in scored[0]["words"]
    assert not re.search(r"[a-z]+-[a-z]+-[a-z]+", scored[0]["words"])  # no rule ids


def test_acorns_with_travelers_and_hunters(room: Room) -> None:
    tid, _ = play_hands(room, "acorns", 4, 1, seed=3,
                        options={"travelers_hunters": True})
    t = room.room.tables[tid]
    assert any(c.is_dual for c in t.rules.deck.cards)
    assert any(e["kind"] == "play" and "as" in e for e in room.room.store.actions(tid))
    assert_replays(room, tid)


def test_an_eight_seat_table_with_robots(room: Room) -> None:
    tid, _ = play_hands(room, "acorns8", 2, 1, seed=5)
    t = room.room.tables[tid]
    assert t.rules.players == 8 and t.game.hands[0].scores is not None
    assert [s["kind"] for s in t.seats].count("bot") == 6
    assert_replays(room, tid)


def test_robots_play_a_whole_game_alone(room: Room) -> None:
    tid = room.new_table("standard", [None] * 4, seed=2)
    t = room.room.tables[tid]
    for _ in range(2000):
        if t.game.over:
            break
        room.client.get("/api/teacher/tables", headers=room.teacher)  # let the loop run
    assert t.game.over
    assert_replays(room, tid)


@settings(max_examples=examples(4), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(seed=st.integers(0, 2**20), preset=st.sampled_from(["standard", "acorns"]))
def test_no_message_carries_another_seats_cards(seed: int, preset: str) -> None:
    """Random games, every message to every student checked against the other hands (Seat.recv
    replays the store to the message's version)."""
    with TestClient(create_app(SqliteStore(":memory:"))) as client:
        r = Room(client)
        tid, seats = play_hands(r, preset, 4, 1, seed=seed)
        assert sum(len(s.received) for s in seats) > 100


# ---------------------------------------------------------------------------- hostile clients


def test_hostile_clients_are_refused_and_change_nothing(room: Room) -> None:
    a, ca = room.join("Ann")
    b, cb = room.join("Ben")
    tid = room.new_table("standard", [a, b, None, None], seed=9)
    t = room.room.tables[tid]
    with room.connect(ca) as wa, room.connect(cb) as wb:
        sa, sb = Seat(wa, room.room, tid), Seat(wb, room.room, tid)
        sa.settle()
        sb.settle()
        v0, log0 = t.version, len(t.game.log)
        mover, other = (sa, sb) if t.actor() == 0 else (sb, sa)
        other_seat = 1 if mover is sa else 0
        # out of turn: the engine's sentence and rule id
        m = other.send({"type": "bid", "table": tid, "bid": 3})
        assert m["type"] == "refused" and m["rule"] == "not-your-turn" and m["message"]
        # acting for another seat
        m = other.send({"type": "bid", "table": tid, "bid": 3, "seat": 1 - other_seat})
        assert m["type"] == "refused" and "own seat" in m["message"]
        # a table one does not sit at, a seat one does not hold
        m = other.send({"type": "sit", "table": tid, "seat": 2})
        assert m["type"] == "refused" and m["rule"] == "already-seated"
        # malformed, oversized, wrong types, unknown fields
        for bad in ["not json", "[1, 2]", json.dumps({"type": "shutdown"}),
                    json.dumps({"type": "bid", "table": "1", "bid": 3}),
                    json.dumps({"type": "bid", "table": tid, "bid": True}),
                    json.dumps({"type": "bid", "table": tid, "bid": 3, "code": "import os"}),
                    json.dumps({"type": "play", "table": tid}),
                    json.dumps({"type": "exchange", "table": tid, "cards": ["AS"], "count": 1}),
                    "x" * (MAX_MESSAGE + 1)]:
            other.ws.send_text(bad)
            m = other.recv()
            assert m["type"] == "error" and m["message"], bad
        # an illegal bid by the seat to bid: the engine refuses it
        m = mover.send({"type": "bid", "table": tid, "bid": 99})
        assert m["type"] == "refused" and m["rule"] == "bid-out-of-range"
        assert (t.version, len(t.game.log)) == (v0, log0)
        # flooding: refused past the burst, the connection closed at last, others served
        for _ in range(400):
            other.ws.send_text(json.dumps({"type": "ping"}))
        kinds = set()
        try:
            for _ in range(300):
                kinds.add(other.recv()["type"])
        except Exception:  # the server closed the flooding connection
            pass
        assert "error" in kinds and "pong" in kinds
        assert (t.version, len(t.game.log)) == (v0, log0)
        m = mover.send({"type": "ping"})
        assert m["type"] == "pong"  # still served


def test_forged_missing_token_and_wrong_origin(room: Room) -> None:
    _, cookie = room.join("Cat")
    for headers in ({}, {"cookie": "sl_seat=abc.def"}, {"cookie": f"sl_seat={cookie[:-2]}zz"}):
        with pytest.raises(WebSocketDenialResponse) as e:
            with room.client.websocket_connect("/ws", headers=headers):
                pass
        assert e.value.status_code == 401 and "Join the class" in e.value.text
    with pytest.raises(WebSocketDenialResponse) as e:
        with room.connect(cookie, origin="http://evil.example"):
            pass
    assert e.value.status_code == 403 and "another site" in e.value.text
    with room.connect(cookie, origin="http://testserver") as ws:
        assert json.loads(ws.receive_text())["type"] == "welcome"


def test_teacher_commands_need_the_secret(room: Room) -> None:
    for headers in ({}, {"X-Teacher-Secret": "guess"}):
        r = room.client.post("/api/teacher/tables", headers=headers, json={"preset": "standard"})
        assert r.status_code == 403 and "teacher's secret" in r.json()["error"]
        assert room.client.get("/api/teacher/tables", headers=headers).status_code == 403
    assert not room.room.tables
    r = room.client.post("/api/teacher/tables", headers=room.teacher,
                         json={"preset": "poker"})
    assert r.status_code == 400 and "rule sets" in r.json()["error"]


def test_a_thousand_wrong_class_codes(room: Room) -> None:
    with TestClient(room.client.app, client=("10.0.0.66", 4000)) as hostile:
        statuses = {hostile.post("/api/join", json={"code": f"X{i:05d}", "name": "Eve"}
                                 ).status_code for i in range(1000)}
        assert statuses == {403, 429}
        r = hostile.post("/api/join", json={"code": room.room.code, "name": "Eve"})
        assert r.status_code == 429 and "wait a minute" in r.json()["error"]
    sid, _ = room.join("Dan")  # another computer still joins
    assert sid
    for name in ("", " " * 5, "x" * 41, "a\x00b", 7):
        r = room.client.post("/api/join", json={"code": room.room.code, "name": name})
        assert r.status_code == 400


# ---------------------------------------------------------------------------- faults


def test_a_student_drops_mid_trick_and_rejoins(room: Room) -> None:
    a, ca = room.join("Ann")
    tid = room.new_table("standard", [a, None, None, None], seed=4)
    t = room.room.tables[tid]
    rng = random.Random(1)
    with room.connect(ca) as w:
        s = Seat(w, room.room, tid)
        for _ in range(200):  # play until a trick is under way
            s.settle()
            if t.game.phase == "play" and t.game.hand.trick and t.actor() == 0:
                break
            assert s.send(choose(s.state, rng))["type"] == "ack"
        before = s.state
    assert t.actor() == 0 and t.game.hand.trick  # the table waits for Ann
    with room.connect(ca) as w:
        s = Seat(w, room.room, tid)
        s.settle()
        assert s.state == before  # the same seat at the same step
        assert s.send(choose(s.state, rng))["type"] == "ack"


def test_a_restarted_server_restores_every_table(tmp_path: Any) -> None:
    db = tmp_path / "class.sqlite3"
    with TestClient(create_app(SqliteStore(db))) as client:
        r = Room(client)
        tid, _ = play_hands(r, "acorns", 1, 1, seed=8)
        a, _ = r.join("Late")
        tid2 = r.new_table("standard", [a, None, None, None], seed=1)
        before = {k: (t.version, list(t.game.totals), t.game.phase, t.actor())
                  for k, t in r.room.tables.items()}
        code, secret = r.room.code, r.room.teacher_secret
    # the teacher's secret outlives the restart (the store keeps its hash)
    with TestClient(create_app(SqliteStore(db), teacher_secret=secret)) as client:
        r2 = Room(client)
        assert r2.room.code == code
        after = {k: (t.version, list(t.game.totals), t.game.phase, t.actor())
                 for k, t in r2.room.tables.items()}
        assert after == before and tid2 in after
        assert_replays(r2, tid)


def test_table_refusals_are_the_engines() -> None:
    t = ClassTable(1, {"preset": "standard"}, [{"kind": "person", "student": 1, "name": "A"}] * 4,
              seed=1)
    t.step()
    with pytest.raises(Exception) as e:
        t.act(0, "play", "2C")
    assert getattr(e.value, "rule", None) == "wrong-phase" or getattr(e.value, "rule", None)


def test_the_page_asks_whether_its_cookie_is_a_students(room: Room) -> None:
    """``GET /api/me``: the student the browser's cookie names, or ``null`` (no cookie, a
    forged one): always 200, so a page that asks on every load logs no failed request."""
    assert room.client.get("/api/me").json() == {"student": None}
    a, ca = room.join("Ann")
    r = room.client.get("/api/me", headers={"cookie": f"sl_seat={ca}"})
    assert r.status_code == 200 and r.headers["cache-control"] == "no-store"
    assert r.json() == {"student": a, "name": "Ann", "class": room.room.code}
    forged = ca[:-1] + ("0" if ca[-1] != "0" else "1")
    assert room.client.get("/api/me", headers={"cookie": f"sl_seat={forged}"}).json() == {
        "student": None}


def test_joining_again_from_the_same_browser_is_the_same_student(room: Room) -> None:
    """The same name from a browser whose cookie is that student's: the same student (their
    seat back, no second "Ann"); another name, or another browser, is a new student."""
    a, ca = room.join("Ann")
    again = room.client.post("/api/join", headers={"cookie": f"sl_seat={ca}"},
                             json={"code": room.room.code, "name": " ann "})
    assert again.status_code == 200 and again.json() == {"student": a, "name": "Ann"}
    assert room.client.get("/api/me", headers={
        "cookie": f"sl_seat={again.cookies['sl_seat']}"}).json()["student"] == a
    room.client.cookies.clear()
    other = room.client.post("/api/join", headers={"cookie": f"sl_seat={ca}"},
                             json={"code": room.room.code, "name": "Bob"})
    assert other.json()["student"] != a
    room.client.cookies.clear()
    b, _ = room.join("Ann")  # another browser (no cookie)
    assert b != a and len(room.room.students()) == 3


def test_a_page_that_comes_back_gets_this_hands_lines_again(room: Room) -> None:
    """The ``state`` a connection gets carries ``feed``: the words of this hand's events, the
    same lines the updates brought (the page shows them again after a reload)."""
    a, ca = room.join("Ann")
    tid = room.new_table("standard", [a, None, None, None], seed=4)
    rng = random.Random(2)
    seen: list[str] = []
    with room.connect(ca) as w:
        s = Seat(w, room.room, tid)
        for _ in range(40):
            s.settle()
            if len(room.room.tables[tid].game.hand.tricks) >= 2:
                break
            assert s.send(choose(s.state, rng))["type"] == "ack"
        s.settle()
        for m in s.received:  # what the page showed: the first state's lines, then updates
            if m["type"] == "state":
                seen = list(m["feed"])
            elif m["type"] == "update":
                seen.extend(e["words"] for e in m["events"])
    with room.connect(ca) as w:
        s = Seat(w, room.room, tid)
        s.settle()
        (state,) = [m for m in s.received if m["type"] == "state"]
    assert state["feed"] and state["feed"] == seen[-len(state["feed"]):]
    assert state["feed"][0] == "Hand 1: North deals." and any("wins" in x for x in seen)
