"""The classroom's transport under a hostile client (issue 28, "Behind a proxy and under load"),
in process (Starlette's TestClient): the Origin check behind a TLS proxy, login CSRF, the two
failure counters and the teacher's stale page, bodies capped while read, bad requests answered
400 in words, malformed frames answered then closed, refusals rate-limited, and a connection
that stops reading closed instead of queued for ever.  The same against a real uvicorn:
tests/test_classroom_hostile_server.py."""
from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient, WebSocketDenialResponse  # noqa: E402
from starlette.websockets import WebSocketDisconnect  # noqa: E402

from spades_lab.classroom import app as app_mod  # noqa: E402
from spades_lab.classroom import room as room_mod  # noqa: E402
from spades_lab.classroom.app import (  # noqa: E402
    MAX_MESSAGE,
    STALE_SECRET,
    _read_body,
    create_app,
    origin_ok,
    validate,
)
from spades_lab.classroom.room import OUT_LIMIT, SLOW_CLOSE, Conn  # noqa: E402
from spades_lab.classroom.store import SqliteStore  # noqa: E402

pytestmark = pytest.mark.timeout(300)


class Class:
    """A server in a TestClient: its class code, the teacher's headers, students joined."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.room = client.app.state.classroom  # type: ignore[attr-defined]
        self.teacher = {"X-Teacher-Secret": self.room.teacher_secret}

    def join(self, name: str) -> tuple[int, str]:
        r = self.client.post("/api/join", json={"code": self.room.code, "name": name})
        assert r.status_code == 200, r.text
        cookie = r.cookies["sl_seat"]
        self.client.cookies.clear()
        return int(r.json()["student"]), cookie

    def connect(self, cookie: str, **headers: str) -> Any:
        return self.client.websocket_connect("/ws", headers={"cookie": f"sl_seat={cookie}",
                                                             **headers})

    def table(self, seats: list[int | None], **kw: Any) -> int:
        r = self.client.post("/api/teacher/tables", headers=self.teacher,
                             json={"preset": "standard", "seats": seats, "pace": 0, **kw})
        assert r.status_code == 201, r.text
        return int(r.json()["table"])


@pytest.fixture
def cls() -> Iterator[Class]:
    with TestClient(create_app(SqliteStore(":memory:"))) as client:
        yield Class(client)


def until(ws: Any, pred: Any, limit: int = 400) -> dict[str, Any]:
    for _ in range(limit):
        m = ws.receive_json()
        if pred(m):
            return dict(m)
    raise AssertionError("never came")


# ---------------------------------------------------------------------------- behind a proxy

def test_the_origin_check_compares_host_and_port_whatever_the_scheme() -> None:
    assert origin_ok("https://class.example", "class.example")  # nginx: Host $host, TLS
    assert origin_ok("http://127.0.0.1:8877", "127.0.0.1:8877")
    assert origin_ok("https://class.example:8443", "class.example:8443")
    assert origin_ok("https://Class.Example", "class.example:443")
    assert origin_ok("http://[::1]:8877", "[::1]:8877")
    assert not origin_ok("https://class.example:8443", "class.example")  # the port differs
    assert not origin_ok("https://evil.example", "class.example")
    assert not origin_ok("null", "class.example")
    assert not origin_ok("https://class.example.evil.example", "class.example")
    assert origin_ok("https://class.example", "127.0.0.1:8877", ("https://class.example",))
    assert not origin_ok("https://evil.example", "127.0.0.1:8877", ("https://class.example",))
    assert origin_ok(None, "anything")  # not a browser


@pytest.mark.parametrize("forwarded", [{}, {"x-forwarded-proto": "https"}])
def test_an_nginx_handshake_is_accepted_with_or_without_x_forwarded_proto(
        cls: Class, forwarded: dict[str, str]) -> None:
    """nginx with ``proxy_set_header Host $host`` in front (TLS there, plain HTTP here): the
    page is https://class.example, the websocket reaching the server is ws://."""
    _, cookie = cls.join("Ann")
    with cls.connect(cookie, host="class.example", origin="https://class.example",
                     **forwarded) as ws:
        assert ws.receive_json()["type"] == "welcome"
    with pytest.raises(WebSocketDenialResponse) as e:
        with cls.connect(cookie, host="class.example", origin="https://evil.example",
                         **forwarded):
            pass
    assert e.value.status_code == 403 and "another site" in e.value.text


def test_a_configured_public_origin_is_accepted() -> None:
    with TestClient(create_app(origins=("https://class.example",))) as client:
        c = Class(client)
        _, cookie = c.join("Ann")
        with c.connect(cookie, host="127.0.0.1:8877", origin="https://class.example") as ws:
            assert ws.receive_json()["type"] == "welcome"


# ---------------------------------------------------------------------------- login CSRF

def test_a_post_from_another_site_never_replaces_a_seat_cookie(cls: Class) -> None:
    body = json.dumps({"code": cls.room.code, "name": "Mallory"})
    cases = [  # what a page of another site can make a browser send
        ({"content-type": "text/plain"}, 415),
        ({"content-type": "application/x-www-form-urlencoded"}, 415),
        ({"content-type": "multipart/form-data; boundary=x"}, 415),
        ({"content-type": "application/json", "origin": "https://evil.example"}, 403),
        ({"content-type": "application/json", "sec-fetch-site": "cross-site"}, 403),
        ({"content-type": "application/json", "sec-fetch-site": "same-site"}, 403),
        ({"content-type": "text/plain", "origin": "null"}, 403),
    ]
    for headers, status in cases:
        r = cls.client.post("/api/join", content=body, headers=headers)
        assert r.status_code == status, (headers, r.text)
        assert "set-cookie" not in r.headers and r.json()["error"], headers
    assert cls.room.students() == {}
    ok = cls.client.post("/api/join", content=body, headers={
        "content-type": "application/json; charset=utf-8", "origin": "http://testserver",
        "sec-fetch-site": "same-origin"})
    assert ok.status_code == 200 and "sl_seat" in ok.headers["set-cookie"]
    # the teacher's requests too: a form on another site cannot open a table
    r = cls.client.post("/api/teacher/tables", headers={**cls.teacher,
                        "origin": "https://evil.example"}, json={"preset": "standard"})
    assert r.status_code == 403 and not cls.room.tables


# ---------------------------------------------------------------------------- the counters

def test_wrong_class_codes_never_lock_the_teacher_out(cls: Class) -> None:
    with TestClient(cls.client.app, client=("10.0.0.9", 4000)) as same:
        for i in range(30):
            same.post("/api/join", json={"code": f"NOPE{i:02d}", "name": "Eve"})
        assert same.post("/api/join", json={"code": "NOPE", "name": "Eve"}).status_code == 429
        r = same.get("/api/teacher/overview", headers=cls.teacher)  # the same address
        assert r.status_code == 200, r.text
        for i in range(12):  # wrong secrets are counted apart ...
            same.get("/api/teacher/overview", headers={"X-Teacher-Secret": f"guess{i}"})
        assert same.get("/api/teacher/overview",
                        headers={"X-Teacher-Secret": "guess"}).status_code == 429
        # ... and the real secret, already seen, still works from that address
        assert same.get("/api/teacher/overview", headers=cls.teacher).status_code == 200
    with TestClient(cls.client.app, client=("10.0.0.10", 4000)) as other:
        assert other.post("/api/join", json={"code": cls.room.code,
                                             "name": "Dan"}).status_code == 200


def test_the_teacher_secret_outlives_a_restart_and_a_stale_page_is_told_not_counted(
        tmp_path: Path) -> None:
    db = tmp_path / "class.sqlite3"
    with TestClient(create_app(SqliteStore(db))) as client:
        old = client.app.state.classroom.teacher_secret  # type: ignore[attr-defined]
    with TestClient(create_app(SqliteStore(db))) as client:  # a restart: the same secret
        room = client.app.state.classroom  # type: ignore[attr-defined]
        assert room.teacher_secret is None  # not printable again: only its hash is kept
        assert client.get("/api/teacher/overview",
                          headers={"X-Teacher-Secret": old}).status_code == 200
    with TestClient(create_app(SqliteStore(db), new_secret=True)) as client:
        room = client.app.state.classroom  # type: ignore[attr-defined]
        new = room.teacher_secret
        assert new and new != old
        for _ in range(40):  # the teacher's old tab, asking every few seconds
            r = client.get("/api/teacher/overview", headers={"X-Teacher-Secret": old})
            assert r.status_code == 403 and r.json() == {"error": STALE_SECRET,
                                                          "code": "stale-secret"}
        assert not any(room.teacher_fails.at.values())  # never counted
        assert client.get("/api/teacher/overview",
                          headers={"X-Teacher-Secret": new}).status_code == 200
        r = client.get("/api/teacher/overview", headers={"X-Teacher-Secret": "guess"})
        assert r.status_code == 403 and "teacher's secret" in r.json()["error"]
        assert sum(map(len, room.teacher_fails.at.values())) == 1


def test_the_secret_check_runs_off_the_event_loop(cls: Class) -> None:
    seen: list[bool] = []
    check = cls.room.store.check_teacher

    def spy(code: str, secret: str) -> bool:
        try:
            asyncio.get_running_loop()
            seen.append(True)  # on the loop: every request would wait for scrypt
        except RuntimeError:
            seen.append(False)  # in a worker thread
        return bool(check(code, secret))
    cls.room.store.check_teacher = spy
    cls.room._teacher_mac = None
    assert cls.client.get("/api/teacher/overview", headers=cls.teacher).status_code == 200
    assert cls.client.get("/api/teacher/overview",
                          headers={"X-Teacher-Secret": "wrong"}).status_code == 403
    assert seen == [False, False]


# ---------------------------------------------------------------------------- bodies

def test_a_body_is_stopped_at_its_cap_while_it_is_read() -> None:
    pulled = 0

    async def endless() -> dict[str, Any]:
        nonlocal pulled
        pulled += 1
        return {"type": "http.request", "body": b"x" * 1024, "more_body": True}

    with pytest.raises(app_mod._TooLarge):
        asyncio.run(_read_body(endless, MAX_MESSAGE))
    assert pulled == MAX_MESSAGE // 1024 + 1  # five kilobytes read of an endless body


def test_too_large_bodies_are_413_in_words(cls: Class) -> None:
    r = cls.client.post("/api/join", content=b"{" + b" " * 10_000 + b"}",
                        headers={"content-type": "application/json"})
    assert r.status_code == 413 and r.json()["error"] == \
        "The request is too large (at most 4 KB)."

    def chunks() -> Iterator[bytes]:
        yield b'{"code": "'
        for _ in range(40):
            yield b"x" * 1024
    r = cls.client.post("/api/join", content=chunks(),
                        headers={"content-type": "application/json"})
    assert r.status_code == 413 and "too large" in r.json()["error"]
    r = cls.client.post("/api/teacher/pause", headers={**cls.teacher,
                        "content-type": "application/json"}, content=b" " * 20_000)
    assert r.status_code == 413 and "at most 16 KB" in r.json()["error"]


def test_every_bad_request_is_400_in_words_without_a_traceback(
        cls: Class, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    deep = "[" * 2000 + "]" * 2000  # within 4 KB, past the decoder's depth
    t = cls.teacher
    cases: list[tuple[str, Any]] = [
        ("/api/join", deep), ("/api/join", '{"code": ' + deep + "}"),
        ("/api/teacher/tables", '{"preset": "standard", "options": {"a": ' + deep + "}}"),
        ("/api/teacher/tables", deep), ("/api/teacher/tables", '{"seed": 18446744073709551616}'),
        ("/api/teacher/tables", '{"seed": -1}'), ("/api/teacher/tables", '{"pace": NaN}'),
        ("/api/teacher/tables", '{"seats": "abcd"}'), ("/api/teacher/tables", '{"options": 7}'),
        ("/api/teacher/tables", '{"options": {"nil": [1, 2]}}'),
        ("/api/teacher/tables", "\xff\xfe"),
        ("/api/teacher/deal", '{"source": "upload", "record": ' + deep + "}"),
        ("/api/teacher/deal", '{"source": "upload", "record": {"rules": ' + deep + "}}"),
        ("/api/teacher/deal", '{"source": "course", "name": "standard_hand.json", '
                              '"tables": [{"table": 1}], "seed": 18446744073709551616}'),
        ("/api/teacher/lesson", deep), ("/api/teacher/pause", deep),
        ("/api/teacher/seat", '{"table": 1, "seat": 18446744073709551616, "student": 1}'),
    ]
    cls.table([None] * 4, seed=3)
    tid = cls.table([None] * 4, seed=4)
    cases.append((f"/api/teacher/tables/{tid}/settings", deep))
    for path, body in cases:
        r = cls.client.post(path, headers={**t, "content-type": "application/json"},
                            content=body.encode("latin-1"))
        assert r.status_code == 400, (path, body[:60], r.status_code, r.text)
        assert r.json()["error"] and "Traceback" not in r.text, path
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]


# ---------------------------------------------------------------------------- frames

def test_the_message_limit_counts_bytes() -> None:
    text = json.dumps({"type": "ping", "ref": "x", "pad": "€" * 1400}, ensure_ascii=False)
    assert len(text) < MAX_MESSAGE < len(text.encode())
    with pytest.raises(app_mod.BadMessage, match="4096 bytes"):
        validate(text)


def test_every_malformed_frame_is_answered(cls: Class, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(room_mod, "RATE", 1e6)
    monkeypatch.setattr(room_mod, "BURST", 1e6)
    _, cookie = cls.join("Ann")
    with cls.connect(cookie) as ws:
        until(ws, lambda m: m["type"] == "lesson")
        for text, words in [("[" * 2000 + "]" * 2000, "JSON object"), ("[1, 2]", "JSON object"),
                            ('{"type": "ping", "x": "' + "€" * 1400 + '"}', "4096 bytes"),
                            ("not json", "JSON object")]:
            ws.send_text(text)
            m = ws.receive_json()
            assert m["type"] == "error" and m["code"] == "bad-message" and words in \
                m["message"], text[:30]
        ws.send_bytes(b'{"type": "ping"}')
        m = ws.receive_json()
        assert m["type"] == "error" and "not binary" in m["message"]
        with pytest.raises(WebSocketDisconnect) as e:
            ws.receive_json()
        assert e.value.code == 1003


def test_answers_echo_ref(cls: Class, monkeypatch: pytest.MonkeyPatch) -> None:
    a, cookie = cls.join("Ann")
    tid = cls.table([a, None, None, None], seed=5)
    with cls.connect(cookie) as ws:
        until(ws, lambda m: m["type"] == "lesson")
        asks: list[dict[str, Any]] = [{"type": "resync", "table": tid}, {"type": "lesson"},
                                      {"type": "mistakes"}]
        for n, msg in enumerate(asks, 1):
            ws.send_text(json.dumps({**msg, "ref": n}))
            m = until(ws, lambda m, n=n: m.get("ref") == n, 50)
            assert m["type"] == {"resync": "state"}.get(msg["type"], msg["type"])
        monkeypatch.setattr(cls.room.conns.copy().pop().bucket, "tokens", 0.0)
        ws.send_text(json.dumps({"type": "ping", "ref": "late"}))
        m = until(ws, lambda m: m.get("ref") == "late", 50)
        assert m["code"] == "too-fast"


def test_bad_messages_below_the_rate_limit_close_at_200(
        cls: Class, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(room_mod, "RATE", 1e6)
    monkeypatch.setattr(room_mod, "BURST", 1e6)
    _, cookie = cls.join("Ann")
    with cls.connect(cookie) as ws:
        until(ws, lambda m: m["type"] == "lesson")
        for _ in range(app_mod.FLOOD_CLOSE):
            ws.send_text('{"type": "nonsense"}')
        codes = [ws.receive_json()["code"] for _ in range(app_mod.FLOOD_CLOSE + 1)]
        assert codes == ["bad-message"] * app_mod.FLOOD_CLOSE + ["flood"]
        with pytest.raises(WebSocketDisconnect) as e:
            ws.receive_json()
        assert e.value.code == 1008


def test_refused_actions_are_rate_limited_and_not_each_a_store_write(
        cls: Class, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(room_mod, "RATE", 1e6)
    monkeypatch.setattr(room_mod, "BURST", 1e6)
    a, cookie = cls.join("Ann")
    tid = cls.table([a, None, None, None], seed=5)
    writes = 0
    add = cls.room.store.add_mistake

    def counted(*args: Any) -> None:
        nonlocal writes
        writes += 1
        add(*args)
    cls.room.store.add_mistake = counted
    with cls.connect(cookie) as ws:
        until(ws, lambda m: m["type"] == "lesson")
        for i in range(300):  # an illegal bid, again and again
            ws.send_text(json.dumps({"type": "bid", "table": tid, "bid": 99, "ref": i}))
        answers = []
        for _ in range(2000):
            m = ws.receive_json()
            if m.get("ref") is not None or m.get("code") == "flood":
                answers.append(m)
            if m.get("code") == "flood":
                break
        assert answers[-1]["code"] == "flood"
        assert all(m["type"] == "refused" for m in answers[:-1])
        assert writes <= room_mod.REFUSAL_BURST + 2  # the board, not 300 fsynced writes
        assert len(answers) - 1 == app_mod.FLOOD_CLOSE + writes


# ---------------------------------------------------------------------------- slow readers

def test_a_connection_that_stops_reading_is_closed_not_queued_for_ever() -> None:
    class Stuck:
        """A websocket whose peer reads nothing: every send waits for ever."""

        def __init__(self) -> None:
            self.closed: tuple[int, str] | None = None

        async def send_text(self, text: str) -> None:
            await asyncio.Event().wait()

        async def close(self, code: int, reason: str) -> None:
            self.closed = (code, reason)

    async def run() -> tuple[Conn, Stuck, int]:
        ws = Stuck()
        c = Conn(ws, 1, "Ann")  # type: ignore[arg-type]
        writer = asyncio.get_running_loop().create_task(c.writer())
        most = 0
        for i in range(5000):  # ~50 MB of updates if they were all kept
            c.send({"type": "update", "n": i, "state": {"html": "x" * 10_000}})
            most = max(most, c.queued)
            await asyncio.sleep(0)
        await asyncio.sleep(0.05)
        writer.cancel()
        return c, ws, most

    c, ws, most = asyncio.run(run())
    assert most <= OUT_LIMIT and c.slow and c.out.qsize() <= 1
    assert ws.closed is not None and ws.closed[0] == SLOW_CLOSE and "reload" in ws.closed[1]
