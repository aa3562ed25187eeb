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


def _refused(e: urllib.error.HTTPError) -> ClassroomError:
    """The server's refusal as a :class:`ClassroomError`: its status and its sentence (the
    ``error`` of its JSON answer, else the HTTP reason)."""
    try:
        message = json.loads(e.read()).get("error", str(e))
    except ValueError:
        message = str(e)
    return ClassroomError(e.code, message)


def _http(method: str, url: str, body: Any = None, headers: dict[str, str] | None = None
          ) -> tuple[Any, dict[str, str]]:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method=method, headers={
        "Content-Type": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return json.loads(r.read()), dict(r.headers.items())
    except urllib.error.HTTPError as e:
        raise _refused(e) from None


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
        ws = connect(url, additional_headers={"Cookie": f"{COOKIE}={self.cookie}"},
                     origin=Origin(self.base), max_size=2**22)
        # entered as its context (websockets 17 warns about a connection used without one);
        # close() below is the matching exit
        return ws.__enter__()

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

    # the lesson's (docs/classroom.md, "The lesson")
    def respond(self, activity: int, **fields: Any) -> dict[str, Any]:
        """Answer the open lesson activity: a poll with ``card=`` (and ``as_=`` for a
        Traveler/Hunter), a quiz question with ``question=`` and ``choice=`` (both from 0);
        returns the server's answer (``ack``, ``feedback`` or ``refused``)."""
        if "as_" in fields:
            fields["as"] = fields.pop("as_")
        ref = self.send({"type": "answer", "activity": activity, **fields})
        return self.wait(lambda m: m.get("ref") == ref and m["type"] in (
            "ack", "feedback", "refused", "error"), 30)

    def mistakes(self, timeout: float = 30) -> list[dict[str, Any]]:
        """This student's own mistakes (the sentence read, how often, the example to
        study)."""
        self.send({"type": "mistakes"})
        return list(self.wait(lambda m: m["type"] == "mistakes", timeout)["items"])

    def lesson(self, timeout: float = 30) -> dict[str, Any] | None:
        """Ask for the open lesson activity again and return it as this student sees it."""
        self.send({"type": "lesson"})
        return self.wait(lambda m: m["type"] == "lesson", timeout)["activity"]  # type: ignore[no-any-return]


class Teacher:
    """The teacher: every request carries the secret."""

    def __init__(self, base_url: str, secret: str) -> None:
        self.base = base_url.rstrip("/")
        self.headers = {"X-Teacher-Secret": secret}

    def overview(self) -> dict[str, Any]:
        return dict(_http("GET", self.base + "/api/teacher/tables", headers=self.headers)[0])

    def new_table(self, preset: str = "standard", seats: list[int | None] | None = None, *,
                  options: dict[str, Any] | None = None, pace: float = 0.0,
                  seed: int | None = None, start: str | None = None) -> dict[str, Any]:
        """Open a table; ``start`` is ``"seated"`` (the server's default: once every seat
        meant for a student is taken), ``"teacher"`` (on :meth:`start`) or ``"now"``."""
        body: dict[str, Any] = {"preset": preset, "options": options or {}, "pace": pace}
        if seats is not None:
            body["seats"] = seats
        if seed is not None:
            body["seed"] = seed
        if start is not None:
            body["start"] = start
        return dict(_http("POST", self.base + "/api/teacher/tables", body,
                          headers=self.headers)[0])

    def start(self, table: int) -> dict[str, Any]:
        """Start a table that waits for its players (docs/classroom.md, "Tables that wait")."""
        return self._post(f"/api/teacher/tables/{table}/start", {})

    def close_table(self, table: int) -> dict[str, Any]:
        """Close a table (its game stops, its record stays)."""
        return self._post(f"/api/teacher/tables/{table}/close", {})

    def archive(self, table: int) -> dict[str, Any]:
        """Take a closed table off the teacher's lists."""
        return self._post(f"/api/teacher/tables/{table}/archive", {})

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

    # ---------------------------------------------------------------- the teacher's side
    def _get(self, path: str) -> dict[str, Any]:
        return dict(_http("GET", self.base + path, headers=self.headers)[0])

    def _post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        return dict(_http("POST", self.base + path, body, headers=self.headers)[0])

    def tables(self) -> list[dict[str, Any]]:
        """Every table at a glance (its status in words, seats, turn, trick, bids, scores)."""
        return list(self._get("/api/teacher/overview")["tables"])

    def full(self, table: int) -> dict[str, Any]:
        """One table in full, every hand included (for the teacher only)."""
        return self._get(f"/api/teacher/tables/{table}/full")

    def move(self, student: int, table: int, seat: int) -> dict[str, Any]:
        """Seat ``student`` at ``seat`` (from 0) of ``table``; a robot takes any other seat they
        held."""
        return self._post("/api/teacher/seat", {"table": table, "seat": seat,
                                                "student": student})

    def to_robot(self, table: int, seat: int) -> dict[str, Any]:
        """Hand ``seat`` of ``table`` to a robot (``move`` puts the student back)."""
        return self._post("/api/teacher/seat", {"table": table, "seat": seat,
                                                "student": None})

    def pause(self, tables: list[int] | None = None) -> list[int]:
        """Pause these tables (every open table when None): the tables paused."""
        return list(self._post("/api/teacher/pause", {} if tables is None else
                               {"tables": tables})["tables"])

    def resume(self, tables: list[int] | None = None) -> list[int]:
        return list(self._post("/api/teacher/resume", {} if tables is None else
                               {"tables": tables})["tables"])

    def records(self) -> dict[str, Any]:
        """The course records and scenarios a deal may name, and the page's rule variations."""
        return self._get("/api/teacher/records")

    def deal(self, tables: list[int | dict[str, Any]], *, name: str | None = None,
             source: str = "course", record: dict[str, Any] | None = None,
             hand: int = 1, seed: int | None = None) -> dict[str, Any]:
        """Deal hand ``hand`` (from 1) of a record to every table in ``tables`` (a number, or
        ``{"table": 2, "options": {...}}`` for other rules): a course record or scenario by
        ``name``, or ``record`` itself (an upload).  Returns the deal's comparison (its
        ``"deal"`` number for :meth:`comparison`); ``seed`` fixes the robots' choices."""
        body: dict[str, Any] = {"hand": hand, "tables": [
            t if isinstance(t, dict) else {"table": t} for t in tables]}
        if seed is not None:
            body["seed"] = seed
        if record is not None:
            body.update(source="upload", record=record)
        else:
            body.update(source=source, name=name)
        return self._post("/api/teacher/deal", body)

    def export(self, what: str = "records.zip") -> bytes:
        """A download of the session, as bytes: ``records.zip`` (every table's record),
        ``answers.csv``, ``report.html``, ``report.pdf``; save it where you choose."""
        req = urllib.request.Request(f"{self.base}/api/teacher/export/{what}",
                                     headers=self.headers)
        try:
            with urllib.request.urlopen(req, timeout=120) as r:
                return bytes(r.read())
        except urllib.error.HTTPError as e:
            raise _refused(e) from None

    def results(self) -> Any:
        """The class's scored hands as a pandas DataFrame: one row per table, hand and
        partnership (players, bid, tricks, made, hand score, total, bags), from each table's
        record replayed by the engine on the server."""
        import pandas as pd

        rows = _http("GET", self.base + "/api/teacher/export/results.json",
                     headers=self.headers)[0]
        columns = ["table", "rules", "hand", "team", "players", "bid", "tricks", "made",
                   "hand_score", "total", "bags"]
        return pd.DataFrame(rows, columns=columns)

    def comparison(self, deal: int) -> dict[str, Any]:
        """A prepared deal, table by table: bids, tricks, score and why they differ."""
        return self._get(f"/api/teacher/deals/{deal}")
    # the lesson's (docs/classroom.md, "The lesson")
    def _lesson(self, body: dict[str, Any]) -> dict[str, Any]:
        return dict(_http("POST", self.base + "/api/teacher/lesson",
                          {k: v for k, v in body.items() if v is not None},
                          headers=self.headers)[0])

    def lesson(self) -> dict[str, Any]:
        """The open lesson activity as the teacher sees it (answers, verdicts)."""
        return dict(_http("GET", self.base + "/api/teacher/lesson", headers=self.headers)[0])

    def poll(self, table: int, step: int | None = None, *, hand: int | None = None,
             budget: float | None = None, nodes: int | None = None) -> dict[str, Any]:
        """Freeze the class at STEP ``step`` (default: now) of hand ``hand`` (default: the
        current one, from 0) of ``table`` and ask "which card would you play?"; the solver
        gets ``budget`` seconds and, if given, at most ``nodes`` search nodes."""
        return self._lesson({"type": "poll", "table": table, "step": step, "hand": hand,
                             "budget": budget, "nodes": nodes})

    def whatif(self, table: int, action: str, step: int | None = None, *,
               hand: int | None = None, then: str | None = None) -> dict[str, Any]:
        """Ask the class "what if ``action`` had been made at STEP ``step`` (default: the last
        action) of hand ``hand`` of ``table``?"; the engine's branch is shown by
        :meth:`reveal`."""
        return self._lesson({"type": "whatif", "table": table, "action": action, "step": step,
                             "hand": hand, "then": then})

    def quiz(self, preset: str = "standard", count: int = 5, *, level: int | None = None,
             options: dict[str, Any] | None = None, seed: int | None = None
             ) -> dict[str, Any]:
        """Give the class a quiz of ``count`` questions (teach.quiz.make_quiz) on ``preset``
        with ``options``, of one ``level`` (1 to 3; default every level)."""
        return self._lesson({"type": "quiz", "preset": preset, "count": count, "level": level,
                             "options": options, "seed": seed})

    def mistakes(self) -> dict[str, Any]:
        """The board of mistakes: per student and per rule, with the scenario to study."""
        return dict(_http("GET", self.base + "/api/teacher/mistakes", headers=self.headers)[0])

    def reveal(self) -> dict[str, Any]:
        """Show the class the open activity's answer."""
        return self._lesson({"type": "reveal"})

    def end(self) -> dict[str, Any]:
        """Close the open activity."""
        return self._lesson({"type": "end"})

    # the presenter's and the Ask controls' (docs/classroom.md, "The presenter view")
    def present(self, kind: str | None = None, **fields: Any) -> dict[str, Any]:
        """What the projector shows (PRESENT); with ``kind`` (``class``, ``table``,
        ``lesson``, ``question``, ``next``, ``reveal``) and its fields, show that first:
        ``present("table", table=1, view="seat", seat=0)``."""
        if kind is None:
            return self._get("/api/teacher/present")
        return self._post("/api/teacher/present", {"type": kind, **fields})

    def broadcast(self, words: str) -> dict[str, Any]:
        """Send every student's device and the projector a line (``""`` clears it)."""
        return self._post("/api/teacher/broadcast", {"words": words})

    def preview(self, table: int, budget: float | None = None, *, hand: int | None = None,
                step: int | None = None, nodes: int | None = None) -> dict[str, Any]:
        """The poll ``table``'s current position (or STEP ``step`` of hand ``hand``) would be,
        and the solver's verdict on it, for the teacher alone (nothing is opened)."""
        body: dict[str, Any] = {"table": table}
        for key, value in (("budget", budget), ("hand", hand), ("step", step),
                           ("nodes", nodes)):
            if value is not None:
                body[key] = value
        return self._post("/api/teacher/ask/preview", body)

    def whatif_choices(self, table: int) -> dict[str, Any]:
        """``table``'s last action and the other actions the engine allowed there."""
        return self._post("/api/teacher/ask/whatif", {"table": table})


__all__ = ["Student", "Teacher", "ClassroomError"]
