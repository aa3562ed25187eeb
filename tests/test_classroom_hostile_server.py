"""The classroom's transport under a hostile client, against a real ``spades-lab classroom``
(uvicorn on 127.0.0.1, raw sockets and websockets on loopback; issue 28): an nginx-style
handshake, proxy headers not believed by default, a huge body cut while it is read, 200
half-open sockets, 60 websockets that stop reading, and a cross-site form in Chromium.  The
same defects in process: tests/test_classroom_hostile_net.py."""
from __future__ import annotations

import contextlib
import json
import select
import socket
import statistics
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

pytest.importorskip("uvicorn")
websockets_sync = pytest.importorskip("websockets.sync.client")

from conftest import CHROMIUM, launch_chromium, start_classroom, stop  # noqa: E402
from spades_lab.classroom import net  # noqa: E402
from spades_lab.classroom.local import LocalClassroom  # noqa: E402

pytestmark = [pytest.mark.slow, pytest.mark.timeout(400)]


class Server:
    """A started server: its process, address, port, class code and teacher's secret."""

    def __init__(self, db: Path, *extra: str) -> None:
        self.log = db.with_suffix(".log")
        self.proc, self.base, self.code, self.secret = start_classroom(db, *extra, log=self.log)
        self.port = int(urlsplit(self.base).port or 0)

    def post(self, path: str, body: Any, **headers: str) -> tuple[int, dict[str, Any], str]:
        req = urllib.request.Request(self.base + path, data=json.dumps(body).encode(),
                                     method="POST", headers={
                                         "Content-Type": "application/json", **headers})
        try:
            with urllib.request.urlopen(req, timeout=30) as r:
                return r.status, json.loads(r.read()), r.headers.get("set-cookie", "")
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read()), ""

    def join(self, name: str, **headers: str) -> str:
        status, body, cookie = self.post("/api/join", {"code": self.code, "name": name},
                                         **headers)
        assert status == 200, body
        return cookie.split(";")[0].split("=", 1)[1]

    def teacher(self, path: str, body: Any = None) -> Any:
        h = {"X-Teacher-Secret": self.secret, "Content-Type": "application/json"}
        req = urllib.request.Request(self.base + path, headers=h,
                                     data=None if body is None else json.dumps(body).encode(),
                                     method="GET" if body is None else "POST")
        with urllib.request.urlopen(req, timeout=30) as r:
            return json.loads(r.read())

    def rss_mb(self) -> float:
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        raise AssertionError("no VmRSS")

    def raw(self) -> socket.socket:
        return socket.create_connection(("127.0.0.1", self.port), timeout=30)

    def handshake(self, cookie: str, headers: dict[str, str] | None = None,
                  rcvbuf: int | None = None
                  ) -> tuple[socket.socket, int]:
        """A websocket handshake by hand (any Host and Origin): the socket and the status."""
        s = socket.socket()
        if rcvbuf is not None:  # a small window: a peer that stops reading fills up at once
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
        s.settimeout(30)
        s.connect(("127.0.0.1", self.port))
        fields = {"Host": f"127.0.0.1:{self.port}", "Upgrade": "websocket",
                  "Connection": "Upgrade", "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
                  "Sec-WebSocket-Version": "13", "Cookie": f"sl_seat={cookie}", **(headers or {})}
        s.sendall(("GET /ws HTTP/1.1\r\n" + "".join(f"{k}: {v}\r\n" for k, v in fields.items())
                   + "\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = s.recv(1)
            if not chunk:
                break
            head += chunk
        return s, int(head.split(b" ", 2)[1])

    def tracebacks(self) -> list[str]:
        return [line for line in self.log.read_text().splitlines() if "Traceback" in line]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    s = Server(tmp_path / "class.sqlite3")
    yield s
    stop(s.proc)


def test_nginx_style_handshakes_are_accepted_and_other_sites_refused(tmp_path: Path) -> None:
    """nginx in front with TLS and ``proxy_set_header Host $host``: the page's Origin is
    https://class.example, the server sees Host class.example, with or without
    X-Forwarded-Proto; and with ``--public-origin`` whatever Host the proxy sends."""
    s = Server(tmp_path / "a.sqlite3", "--trust-proxy", "127.0.0.1")
    try:
        cookie = s.join("Ann")
        extras: list[dict[str, str]] = [{}, {"X-Forwarded-Proto": "https"}]
        for extra in extras:
            sock, status = s.handshake(cookie, {"Host": "class.example",
                                                "Origin": "https://class.example", **extra})
            sock.close()
            assert status == 101, extra
            sock, status = s.handshake(cookie, {"Host": "class.example",
                                                "Origin": "https://evil.example", **extra})
            sock.close()
            assert status == 403, extra
    finally:
        stop(s.proc)
    s = Server(tmp_path / "b.sqlite3", "--public-origin", "https://class.example")
    try:
        cookie = s.join("Ann")
        sock, status = s.handshake(cookie, {"Origin": "https://class.example"})
        sock.close()
        assert status == 101
        assert s.teacher("/api/teacher/qr")["url"].startswith("https://class.example/?code=")
        assert "Students: open https://class.example/" in s.log.read_text()
    finally:
        stop(s.proc)


def test_x_forwarded_for_is_believed_only_from_a_trusted_proxy(tmp_path: Path) -> None:
    def wrong_codes(s: Server, forwarded: Any) -> list[int]:
        return [s.post("/api/join", {"code": "NOPE99", "name": "Eve"},
                       **{"X-Forwarded-For": forwarded(i)})[0] for i in range(12)]

    s = Server(tmp_path / "a.sqlite3")  # the default: no proxy trusted
    try:  # a client naming a new address each time is still one address
        assert wrong_codes(s, lambda i: f"10.9.8.{i}")[-2:] == [429, 429]
    finally:
        stop(s.proc)
    s = Server(tmp_path / "b.sqlite3", "--trust-proxy", "127.0.0.1")
    try:  # behind a trusted proxy each student is their own address
        assert set(wrong_codes(s, lambda i: f"10.9.8.{i}")) == {403}
        assert wrong_codes(s, lambda i: "10.9.9.1")[-2:] == [429, 429]
    finally:
        stop(s.proc)


def test_a_huge_body_is_refused_at_its_cap_while_it_is_read(server: Server) -> None:
    before = server.rss_mb()
    with server.raw() as s:  # a declared 128 MB body: refused before a byte of it is read
        s.sendall(b"POST /api/join HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  b"Content-Length: 134217728\r\n\r\n")
        assert s.recv(100).startswith(b"HTTP/1.1 413")
    sent = 0
    with server.raw() as s:  # chunked, no length: read until the cap, then refused
        s.sendall(b"POST /api/join HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  b"Transfer-Encoding: chunked\r\n\r\n")
        chunk = b"2000\r\n" + b" " * 0x2000 + b"\r\n"
        answer = b""
        try:
            while sent < 128 * 2**20:
                s.sendall(chunk)
                sent += 0x2000
                if select.select([s], [], [], 0.02)[0]:
                    break  # the server has answered
        except OSError:  # it closed the connection
            pass
        with contextlib.suppress(OSError):
            while b"too large" not in answer:
                got = s.recv(65536)
                if not got:
                    break
                answer += got
    assert answer.startswith(b"HTTP/1.1 413") and b"too large" in answer, answer[:200]
    assert sent < 8 * 2**20  # stopped long before 128 MB
    assert server.rss_mb() - before < 20
    assert server.join("Ann") and not server.tracebacks()


def test_200_half_open_sockets_are_closed_and_a_student_still_joins(server: Server) -> None:
    """Connections that never finish their headers: uvicorn alone keeps them for ever (it
    has no header timeout); the guard closes each HEADER_TIMEOUT seconds after it opened."""
    t0 = time.monotonic()
    socks = []
    for _ in range(200):
        s = server.raw()
        s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")  # and never the rest
        socks.append(s)
    kept = server.raw()  # a kept-alive connection whose second request never finishes
    kept.sendall(b"GET /static/common.js HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    first = b""
    while b"\r\n\r\n" not in first:
        first += kept.recv(65536)
    kept.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
    socks.append(kept)
    assert server.join("Ann")  # meanwhile, a student joins at once
    closed = 0
    for s in socks:
        s.settimeout(max(1.0, net.HEADER_TIMEOUT + 15 - (time.monotonic() - t0)))
        try:  # what is still to come of an answer (the kept connection's first body), then
            while s.recv(65536):  # the end of the connection
                pass
            closed += 1
        except ConnectionResetError:
            closed += 1
        except TimeoutError:
            pass
        s.close()
    took = time.monotonic() - t0
    assert closed == 201 and took < net.HEADER_TIMEOUT + 15, (closed, took)
    assert server.join("Ben") and not server.tracebacks()


def test_connections_past_the_limit_are_closed_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(net.GuardedH11, "max_connections", 20)
    with LocalClassroom() as room:
        port = int(urlsplit(room.url).port or 0)
        socks = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(25)]
        time.sleep(1.0)  # well within the header timeout
        closed = 0
        for s in select.select(socks, [], [], 0)[0]:  # readable: closed by the server
            try:
                closed += s.recv(10) == b""
            except ConnectionResetError:
                closed += 1
        assert closed == 5
        for s in socks:
            s.close()
        time.sleep(0.5)
        with urllib.request.urlopen(room.url + "/", timeout=10) as r:
            assert r.status == 200


def server_ends_open(port: int, peers: set[int]) -> bool:
    """Whether the server listening on ``port`` still holds open (ESTABLISHED) a connection
    from one of the local ports ``peers`` (Linux's /proc/net/tcp; True where it is absent)."""
    try:
        lines = Path("/proc/net/tcp").read_text().splitlines()[1:]
    except OSError:
        return True
    for line in lines:
        local, remote, state = line.split()[1:4]
        if int(local.split(":")[1], 16) == port and int(remote.split(":")[1], 16) in peers \
                and state == "01":
            return True
    return False


def test_60_websockets_that_stop_reading_are_closed_and_memory_stays_bounded(
        server: Server) -> None:
    """One student opens 60 websockets and reads none of them while the table they sit at
    keeps changing; another student's pings are timed meanwhile."""
    hog = server.join("Hog")
    bea = server.join("Bea")
    students = {s["name"]: s["student"] for s in server.teacher("/api/teacher/tables")["students"]}
    hog_table = server.teacher("/api/teacher/tables", {"preset": "standard", "pace": 0,
                                                       "seats": [students["Hog"], None, None,
                                                                 None], "seed": 1})["table"]
    server.teacher("/api/teacher/tables", {"preset": "standard", "pace": 0, "seed": 2,
                                           "seats": [students["Bea"], None, None, None]})
    before = server.rss_mb()
    hogs = []
    for _ in range(60):
        sock, status = server.handshake(hog, rcvbuf=4096)
        assert status == 101
        hogs.append(sock)
    rtts: list[float] = []
    peak = before

    def hog_connected() -> bool:
        return bool(next(t for t in server.teacher("/api/teacher/overview")["tables"]
                         if t["table"] == hog_table)["connected"][0])
    with websockets_sync.connect(f"ws://127.0.0.1:{server.port}/ws",
                                 additional_headers={"Cookie": f"sl_seat={bea}"}) as ws:
        connected = hog_connected()
        assert connected
        for i in range(1500):  # every change sends the hog's 60 sockets a state each
            server.teacher(f"/api/teacher/tables/{hog_table}/settings", {"hints": i % 2 == 0})
            if i % 10 == 0:
                t = time.monotonic()
                ws.send(json.dumps({"type": "ping", "ref": i}))
                while json.loads(ws.recv(timeout=30)).get("ref") != i:
                    pass
                rtts.append(time.monotonic() - t)
                peak = max(peak, server.rss_mb())
                connected = hog_connected()
                if not connected:  # the server let every one of the hog's sockets go
                    break
        assert connected is False, "the hog's sockets were queued for, for ever"
        let_go = time.monotonic()
    growth = peak - before
    p95 = statistics.quantiles(rtts, n=20)[-1]
    print(f"server memory {before:.0f} MB, peak {peak:.0f} MB (+{growth:.0f} MB); "
          f"another student's ping p50 {statistics.median(rtts) * 1000:.0f} ms, "
          f"p95 {p95 * 1000:.0f} ms over {len(rtts)}")
    assert growth < 60, growth  # 60 x 512 KB at most waiting, plus the sockets' buffers
    assert p95 < 2.0, rtts
    # and their sockets are gone (aborted once their writes had stalled WRITE_STALL s): read
    # nothing before, or the writes would go on; so wait, within the same bound, until the
    # server's end of each is no longer open (the kernel's table of TCP sockets), not a
    # fixed time
    ports = {s.getsockname()[1] for s in hogs}
    while server_ends_open(server.port, ports) and \
            time.monotonic() < let_go + net.WRITE_STALL + 5:
        time.sleep(0.25)
    freed = 0
    for s in hogs:
        s.settimeout(10)
        try:
            while s.recv(65536):
                pass
            freed += 1  # closed
        except ConnectionResetError:
            freed += 1  # aborted
        except TimeoutError:
            pass
        s.close()
    assert freed == 60 and not server.tracebacks()


def test_a_cross_site_form_cannot_replace_a_students_seat_in_chromium(
        server: Server, tmp_path: Path) -> None:
    """Login CSRF in a real browser: a page on another site (another origin: localhost
    instead of 127.0.0.1) submits a form and a text/plain fetch to /api/join; the
    student's cookie stays theirs."""
    pw_api = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.skip("no Chromium")
    evil = tmp_path / "evil.html"
    target = f"{server.base}/api/join"
    payload = json.dumps({"code": server.code, "name": "Mallory"})
    evil.write_text(
        "<!doctype html><title>prize</title><form id=f method=post enctype=text/plain "
        f"action='{target}'><input name='{payload[:-2]}' value='{payload[-2:]}'></form>"
        "<script>fetch(" + json.dumps(target) + ", {method: 'POST', mode: 'no-cors', "
        "credentials: 'include', headers: {'Content-Type': 'text/plain'}, body: "
        + json.dumps(payload) + "}).finally(() => document.getElementById('f').submit());"
        "</script>")
    import functools
    import threading
    from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
    handler = functools.partial(SimpleHTTPRequestHandler, directory=str(tmp_path))
    other = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=other.serve_forever, daemon=True).start()
    try:
        with pw_api.sync_playwright() as pw:
            browser = launch_chromium(pw)
            ctx = browser.new_context()
            page = ctx.new_page()
            page.goto(f"{server.base}/")  # the student joins on the class's own page
            page.evaluate("""async ([code]) => {
                const r = await fetch('/api/join', {method: 'POST', headers: {'Content-Type':
                  'application/json'}, body: JSON.stringify({code, name: 'Ann'})});
                if (!r.ok) throw new Error(await r.text()); }""", [server.code])
            mine = {c["name"]: c["value"] for c in ctx.cookies()}["sl_seat"]
            answers: list[int] = []
            page.on("response", lambda r: answers.append(r.status)
                    if r.url == target else None)
            page.goto(f"http://localhost:{other.server_address[1]}/evil.html")
            page.wait_for_url(target, timeout=30_000)  # the form was submitted
            page.wait_for_load_state()
            after = {c["name"]: c["value"] for c in ctx.cookies()}["sl_seat"]
            browser.close()
    finally:
        other.shutdown()
    assert after == mine  # still Ann's seat
    assert answers and all(s in (403, 415) for s in answers), answers
    names = [s["name"] for s in server.teacher("/api/teacher/tables")["students"]]
    assert names == ["Ann"]
