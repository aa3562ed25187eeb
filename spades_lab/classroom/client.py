"""A Python client of the classroom server (docs/classroom.md): join as a student, or drive the
class as the teacher.  Synchronous (the ``websockets`` package's sync client and the standard
library's ``urllib``), so a test, a bot or a notebook can use it line by line.

>>> Student.__doc__.split(".")[0]
'One student: joins with the class code and a name, then acts over one websocket'
"""
from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from typing import Any

from websockets.sync.client import ClientConnection, connect
from websockets.typing import Origin

COOKIE = "sl_seat"


class ClassroomError(Exception):
    """The server refused a request: ``status`` and its sentence."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def _http(method: str, url: str, body: Any = None, headers: dict[str, str] | None = None
          ) -> tuple[Any, dict[str, str]]:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method=method, headers={
        "Content-Type": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return json.loads(r.read()), dict(r.headers.items())
    except urllib.error.HTTPError as e:
        try:
            message = json.loads(e.read()).get("error", str(e))
        except ValueError:
            message = str(e)
        raise ClassroomError(e.code, message) from None


class Student:
    """One student: joins with the class code and a name, then acts over one websocket.

    ``messages`` keeps every message received; ``states[table]`` the latest seat state."""

    def __init__(self, base_url: str, code: str, name: str, *, cookie: str | None = None
                 ) -> None:
        self.base = base_url.rstrip("/")
        self.cookie = cookie
        self.id: int | None = None
        if cookie is None:
            body, headers = _http("POST", self.base + "/api/join", {"code": code, "name": name})
            self.id = body["student"]
            raw = headers.get("set-cookie") or headers.get("Set-Cookie") or ""
            self.cookie = raw.split(";", 1)[0].split("=", 1)[1]
        self.messages: list[dict[str, Any]] = []
        self.states: dict[int, dict[str, Any]] = {}
        self._ref = 0
        self.ws: ClientConnection = self._connect()

    def _connect(self) -> ClientConnection:
        url = "ws" + self.base.removeprefix("http") + "/ws"
        return connect(url, additional_headers={"Cookie": f"{COOKIE}={self.cookie}"},
                       origin=Origin(self.base), max_size=2**22)

    def reconnect(self) -> None:
        """Close the websocket and open a new one (the same seat: the same cookie)."""
        self.ws.close()
        self.ws = self._connect()

    def close(self) -> None:
        self.ws.close()

    def send(self, msg: dict[str, Any]) -> int:
        self._ref += 1
        self.ws.send(json.dumps({**msg, "ref": self._ref}))
        return self._ref

    def recv(self, timeout: float = 10) -> dict[str, Any]:
        msg: dict[str, Any] = json.loads(self.ws.recv(timeout=timeout))
        self.messages.append(msg)
        if msg.get("type") in ("state", "update"):
            self.states[msg["table"]] = msg["state"]
        return msg

    def wait(self, pred: Callable[[dict[str, Any]], bool], timeout: float = 30
             ) -> dict[str, Any]:
        """Receive until a message satisfies ``pred`` (TimeoutError after ``timeout`` s)."""
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0:
                raise TimeoutError("no such message")
            msg = self.recv(timeout=left)
            if pred(msg):
                return msg

    def answer(self, ref: int, timeout: float = 30) -> dict[str, Any]:
        """The ``ack``, ``refused`` or ``error`` that answers the message ``ref``."""
        return self.wait(lambda m: m.get("ref") == ref and m["type"] in (
            "ack", "refused", "error", "pong", "hint"), timeout)

    def act(self, table: int, kind: str, **fields: Any) -> dict[str, Any]:
        """Send an action (``look``, ``bid``, ``exchange``, ``play``, ``sit``) and return the
        server's answer to it."""
        return self.answer(self.send({"type": kind, "table": table, **fields}))


class Teacher:
    """The teacher: every request carries the secret."""

    def __init__(self, base_url: str, secret: str) -> None:
        self.base = base_url.rstrip("/")
        self.headers = {"X-Teacher-Secret": secret}

    def overview(self) -> dict[str, Any]:
        return dict(_http("GET", self.base + "/api/teacher/tables", headers=self.headers)[0])

    def new_table(self, preset: str = "standard", seats: list[int | None] | None = None, *,
                  options: dict[str, Any] | None = None, pace: float = 0.0,
                  seed: int | None = None) -> dict[str, Any]:
        body: dict[str, Any] = {"preset": preset, "options": options or {}, "pace": pace}
        if seats is not None:
            body["seats"] = seats
        if seed is not None:
            body["seed"] = seed
        return dict(_http("POST", self.base + "/api/teacher/tables", body,
                          headers=self.headers)[0])

    def settings(self, table: int, **settings: bool) -> dict[str, Any]:
        """Turn a table's ``hints`` or ``undo`` on or off."""
        return dict(_http("POST", f"{self.base}/api/teacher/tables/{table}/settings", settings,
                          headers=self.headers)[0])

    def undo(self, table: int) -> dict[str, Any]:
        """Take back the last decision of a person at the table (and the robots' after it)."""
        return dict(_http("POST", f"{self.base}/api/teacher/tables/{table}/undo", {},
                          headers=self.headers)[0])

    def record(self, table: int) -> dict[str, Any]:
        return dict(_http("GET", f"{self.base}/api/teacher/tables/{table}/record",
                          headers=self.headers)[0])


__all__ = ["Student", "Teacher", "ClassroomError"]
