"""The classroom server: a Starlette app that owns every table of a class (docs/classroom.md).

Students join over HTTP with the class code and a name (``POST /api/join``) and get their seat
token in a signed cookie; then one websocket (``/ws``) carries their actions and their seats'
updates.  The teacher's requests carry the teacher's secret (``X-Teacher-Secret``).  Every
action is stored before it is acknowledged; every message in is size-bounded and checked
field by field, and a bad one is answered with a clear error and changes nothing.
"""
from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from importlib import resources
from typing import Any
from urllib.parse import urlsplit

import segno
from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..core.errors import IllegalAction, OptionError, RuleError
from ..core.rules import RuleSet
from ..render import play_css, style_block
from . import export, names, present, teacher
from . import lesson as lesson_
from .room import (
    GRACE,
    TEACHER_LIMITED,
    TEACHER_OK,
    TEACHER_RETIRED,
    TEACHER_WRONG,
    BadMessage,
    Classroom,
    Conn,
    TeacherRefusal,
)
from .store import SqliteStore, Store, StudentRow
from .tables import TableRefusal

COOKIE = "sl_seat"
#: The refusal of a request bearing a teacher's secret that used to be valid (a page from
#: before ``--new-secret``): not counted as a failure.
STALE_SECRET = ("This page's teacher address is out of date: open the address the server "
                "printed.")
#: The largest message a client may send (bytes of JSON text).
MAX_MESSAGE = 4096
#: Refused messages after which a flooding connection is closed.
FLOOD_CLOSE = 200
#: Seconds a request's body may take to arrive.
BODY_TIMEOUT = 30.0
PRESETS = ("standard", "online", "original", "acorns", "acorns8")

MESSAGE_FIELDS: dict[str, dict[str, tuple[type, ...]]] = {
    "ping": {},
    "resync": {"table": (int,)},
    "sit": {"table": (int,), "seat": (int,)},
    "look": {"table": (int,), "seat": (int,)},
    "bid": {"table": (int,), "seat": (int,), "bid": (int, str)},
    "exchange": {"table": (int,), "seat": (int,), "cards": (list,), "count": (int,)},
    "play": {"table": (int,), "seat": (int,), "card": (str,), "as": (str, type(None))},
    "hint": {"table": (int,)},
    "undo": {"table": (int,)},
    # a claim of the remaining tricks, and the other side's answer (docs/classroom.md)
    "claim": {"table": (int,), "seat": (int,), "tricks": (int,)},
    "claim_answer": {"table": (int,), "seat": (int,), "answer": (str,)},
}
REQUIRED = {"resync": ("table",), "sit": ("table", "seat"), "look": ("table",),
            "hint": ("table",), "undo": ("table",), "claim": ("table", "tricks"),
            "claim_answer": ("table", "answer"),
            "bid": ("table", "bid"), "exchange": ("table",), "play": ("table", "card")}
# the lesson's messages (spades_lab.classroom.lesson)
MESSAGE_FIELDS.update(lesson_.MESSAGE_FIELDS)
REQUIRED.update(lesson_.REQUIRED)


def validate(text: str) -> dict[str, Any]:
    """The message in ``text``, checked: size, JSON object, known type, each field's type and
    length, no unknown fields (raises :class:`BadMessage` with the reason in words)."""
    if len(text) > MAX_MESSAGE or len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
        raise BadMessage(f"A message may be at most {MAX_MESSAGE} bytes long.")
    msg = parse_json(text, "A message is a JSON object, such as {\"type\": \"ping\"}.")
    if not isinstance(msg, dict):
        raise BadMessage("A message is a JSON object, such as {\"type\": \"ping\"}.")
    kind = msg.get("type")
    if not isinstance(kind, str) or kind not in MESSAGE_FIELDS:
        raise BadMessage(f"Unknown message type: the types are {', '.join(MESSAGE_FIELDS)}.")
    fields = MESSAGE_FIELDS[kind]
    for k, v in msg.items():
        if k in ("type", "ref"):
            continue
        if k not in fields:
            raise BadMessage(f"A {kind} message has no field {k[:20]!r}.")
        if isinstance(v, bool) or not isinstance(v, fields[k]):
            raise BadMessage(f"The field {k!r} of a {kind} message has the wrong type.")
        if isinstance(v, str) and len(v) > 40:
            raise BadMessage(f"The field {k!r} is too long.")
        if isinstance(v, int) and not -10**6 <= v <= 10**6:
            raise BadMessage(f"The field {k!r} is out of range.")
        if isinstance(v, list) and (len(v) > 40 or not all(
                isinstance(c, str) and len(c) <= 8 for c in v)):
            raise BadMessage("The cards are a list of at most 40 card names such as \"AS\".")
    ref = msg.get("ref")
    if ref is not None and (isinstance(ref, bool) or not isinstance(ref, (int, str))
                            or isinstance(ref, str) and len(ref) > 40):
        raise BadMessage("The field 'ref' is a number or a short text.")
    for k in REQUIRED.get(kind, ()):
        if k not in msg:
            raise BadMessage(f"A {kind} message needs the field {k!r}.")
    if kind == "exchange" and ("cards" in msg) == ("count" in msg):
        raise BadMessage("An exchange message gives either 'cards' or 'count'.")
    return msg


def parse_json(text: str | bytes, words: str) -> Any:
    """``text`` as JSON, or :class:`BadMessage` with ``words``: not JSON, not UTF-8, or nested
    past the decoder's depth (a RecursionError, never a traceback)."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise BadMessage(words) from None


def ref_of(text: str) -> Any:
    """The ``ref`` of a message not handled (one that came too fast): echoed when it is a
    number or a short text, else None."""
    try:
        msg = json.loads(text) if len(text) <= MAX_MESSAGE else None
    except (ValueError, RecursionError):
        return None
    ref = msg.get("ref") if isinstance(msg, dict) else None
    if isinstance(ref, bool) or not isinstance(ref, (int, str)) or \
            isinstance(ref, str) and len(ref) > 40 or isinstance(ref, int) and abs(ref) > 2**53:
        return None
    return ref


def qr_svg(url: str) -> str:
    """The students' address as a QR code, inline SVG drawn by ``segno`` (no script, no other
    host), named for a screen reader."""
    svg = segno.make(url, error="m").svg_inline(scale=5, dark="#000", light="#fff",
                                                svgclass="sl-qr", lineclass=None)
    return svg.replace("<svg ", '<svg role="img" aria-label="A QR code of the students\' '
                       'address" ', 1)


_DEFAULT_PORT = {"http": 80, "https": 443, "ws": 80, "wss": 443}


def origin_parts(origin: str) -> tuple[str, int] | None:
    """An origin (``https://class.example``) as (host, port), the scheme's port by default;
    None when it is not an http(s) origin."""
    try:
        u = urlsplit(origin)
        port = u.port
    except ValueError:
        return None
    if u.scheme not in _DEFAULT_PORT or not u.hostname or u.path not in ("", "/") or \
            u.query or u.fragment or u.username is not None:
        return None
    return u.hostname.lower(), port or _DEFAULT_PORT[u.scheme]


def origin_ok(origin: str | None, host: str, allowed: tuple[str, ...] = ()) -> bool:
    """May a browser page from ``origin`` talk to this server?  Its host and port must be the
    request's ``Host`` (a port left out is the origin scheme's own) or those of one of the
    ``allowed`` public origins, whatever the scheme: behind a TLS proxy the page is https and
    the request reaching the server is plain.  No ``Origin`` (not a browser): yes."""
    if origin is None:
        return True
    o = origin_parts(origin)
    if o is None:
        return False
    if any(origin_parts(a) == o for a in allowed):
        return True
    try:
        h = urlsplit("//" + host)
        port = h.port
    except ValueError:
        return False
    if not h.hostname:
        return False
    scheme = origin.split(":", 1)[0].lower()
    return (h.hostname.lower(), port or _DEFAULT_PORT[scheme]) == o


def _origin_ok(ws: WebSocket, allowed: tuple[str, ...]) -> bool:
    return origin_ok(ws.headers.get("origin"), ws.headers.get("host", ""), allowed)


def post_refusal(headers: Headers, allowed: tuple[str, ...]) -> Response | None:
    """A POST from a page of another site (login CSRF: a form or a text/plain fetch to
    ``/api/join`` would replace a student's seat cookie) is refused: by ``Sec-Fetch-Site``
    where the browser sends it, by ``Origin`` (:func:`origin_ok`) otherwise; and a body must
    be JSON (``Content-Type: application/json``), which no plain form can send."""
    site = headers.get("sec-fetch-site")
    if (site is not None and site not in ("same-origin", "none")) or \
            not origin_ok(headers.get("origin"), headers.get("host", ""), allowed):
        return JSONResponse({"error": "This request came from a page of another site: open "
                             "the class's own page to do this."}, 403)
    has_body = headers.get("content-length", "0") != "0" or "transfer-encoding" in headers
    media = headers.get("content-type", "").split(";")[0].strip().lower()
    if has_body and media != "application/json":
        return JSONResponse({"error": "Send a JSON object (Content-Type: application/json)."},
                            415)
    return None


def _body_limit(path: str) -> int:
    """The largest body a POST to ``path`` may have (docs/classroom.md)."""
    if path == "/api/join":
        return MAX_MESSAGE
    if path == "/api/teacher/deal":
        return teacher.MAX_UPLOAD
    return teacher.MAX_REQUEST


class _TooLarge(Exception):
    pass


class _Gone(Exception):
    pass


async def _read_body(receive: Receive, limit: int) -> bytes:
    """The body, read as it arrives and stopped at ``limit`` bytes (:class:`_TooLarge`)."""
    chunks: list[bytes] = []
    size = 0
    while True:
        m = await receive()
        if m["type"] == "http.disconnect":
            raise _Gone
        chunk = m.get("body", b"")
        size += len(chunk)
        if size > limit:
            raise _TooLarge
        chunks.append(chunk)
        if not m.get("more_body", False):
            return b"".join(chunks)


class Guard:
    """The app's door (ASGI middleware), before any route: every POST checked by
    :func:`post_refusal`, its body read as it arrives, no further than the route's limit
    (``413`` and a sentence, the connection closed) and within :data:`BODY_TIMEOUT` seconds
    (``408``); and the teacher's secret of every teacher request checked off the event loop
    (:meth:`Classroom.teacher_verdict`), for ``teacher_ok`` to read."""

    def __init__(self, app: ASGIApp, room: Classroom) -> None:
        self.app = app
        self.room = room

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        if scope["method"] not in ("GET", "HEAD", "OPTIONS"):
            refusal = post_refusal(headers, self.room.origins)
            if refusal is not None:
                await refusal(scope, receive, send)
                return
            limit = _body_limit(scope["path"])
            too_large = JSONResponse({"error": f"The request is too large (at most "
                                      f"{limit // 1024} KB)."}, 413,
                                     headers={"Connection": "close"})
            length = headers.get("content-length", "")
            if length.isdigit() and int(length) > limit:
                await too_large(scope, receive, send)
                return
            try:
                body = await asyncio.wait_for(_read_body(receive, limit), BODY_TIMEOUT)
            except _TooLarge:
                await too_large(scope, receive, send)
                return
            except TimeoutError:
                await JSONResponse({"error": "The request's body came too slowly."}, 408,
                                   headers={"Connection": "close"})(scope, receive, send)
                return
            except _Gone:
                return
            receive = _replay(body, receive)
        if scope["path"].startswith("/api/teacher") or "x-teacher-secret" in headers:
            client = scope.get("client")
            scope["sl_teacher"] = await self.room.teacher_verdict(
                headers.get("x-teacher-secret", ""), client[0] if client else "?")
        await self.app(scope, receive, send)


def _replay(body: bytes, receive: Receive) -> Receive:
    """A ``receive`` that gives the body already read, then what the server says next."""
    given = False

    async def again() -> Message:
        nonlocal given
        if not given:
            given = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()
    return again


# The pages' scripts (static/): common.js first, then the page's own.
SCRIPTS = ("common.js", "classroom.js", "teacher.js", "presenter.js")


def _page(name: str) -> str:
    return resources.files("spades_lab.classroom").joinpath("static", name).read_text()


def create_app(store: Store | None = None, *, origins: tuple[str, ...] = (),
               teacher_secret: str | None = None, grace: float = GRACE,
               new_secret: bool = False) -> Starlette:
    """The app over ``store`` (an in-memory one when omitted); ``app.state.classroom`` is the
    :class:`~.room.Classroom` (its ``code`` and ``teacher_secret`` are what the command prints);
    ``grace`` the seconds a dropped person's seat waits before a robot holds it; ``origins``
    the public origins pages may come from besides the request's own host
    (``https://class.example``); ``new_secret``: a new teacher's secret for a class the store
    has (the old one retired)."""
    room = Classroom(store or SqliteStore(":memory:"), lesson=lesson_.Lesson,
                     presenter=present.Presenter, origins=origins,
                     teacher_secret=teacher_secret, grace=grace, new_secret=new_secret)

    def page(name: str) -> Callable[[Request], Awaitable[Response]]:
        async def show(request: Request) -> Response:
            css = style_block() + "<style>" + play_css() + "</style>"
            return HTMLResponse(_page(name).replace("<!--STYLE-->", css))
        return show

    async def script(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in SCRIPTS:
            return JSONResponse({"error": "There is no such page."}, status_code=404)
        return Response(_page(name), media_type="text/javascript")

    def who(request: Request) -> str:
        return request.client.host if request.client else "?"

    async def join(request: Request) -> Response:
        address = who(request)
        if room.join_fails.too_many(address):
            return JSONResponse({"error": "Too many wrong class codes from this computer: "
                                 "wait a minute, then try again."}, 429)
        try:  # the Guard has read the body, no further than MAX_MESSAGE bytes
            body = parse_json(await request.body(), "Send the class code and your name.")
        except BadMessage:
            body = None
        if not isinstance(body, dict):
            return JSONResponse({"error": "Send the class code and your name."}, 400)
        code = body.get("code")
        if not isinstance(code, str) or not hmac.compare_digest(
                code.strip().upper().encode()[:20], room.code.encode()):
            room.join_fails.note(address)
            return JSONResponse({"error": "That is not the class code: check it on the "
                                 "board."}, 403)
        try:
            name = names.check_name(body.get("name"))
        except names.NameRefused as e:
            return JSONResponse({"error": e.message, "rule": e.rule}, 400)
        token = room.unsign(request.cookies.get(COOKIE))
        back = room.returning(token, name)
        if back is None or token is None:  # a new student: a name the class has is numbered
            name = names.numbered(name, room.students().values())
            sid, token = room.store.add_student(room.code, name)
        else:  # the same student from the same browser: the same seat
            sid, name = back.id, back.name
        r = JSONResponse({"student": sid, "name": name})
        r.set_cookie(COOKIE, room.sign(token), httponly=True, samesite="strict",
                     max_age=30 * 86400)
        return r

    def me(request: Request) -> tuple[StudentRow, str] | None:
        """The student of this class the request's signed cookie names, and their token."""
        token = room.unsign(request.cookies.get(COOKIE))
        student = room.store.student_by_token(token) if token else None
        if student is None or token is None or student.class_code != room.code:
            return None
        return student, token

    async def who_am_i(request: Request) -> Response:
        """``GET /api/me``: whether this browser's cookie is a student's of this class (the
        student's page asks before it connects, and again before each reconnection)."""
        known = me(request)
        if known is None:
            return JSONResponse({"student": None}, headers={"Cache-Control": "no-store"})
        return JSONResponse({"student": known[0].id, "name": known[0].name, "class": room.code},
                            headers={"Cache-Control": "no-store"})

    def teacher_ok(request: Request) -> Response | None:
        """None for a request with the teacher's secret, else its refusal.  The Guard has
        checked the secret (off the loop, counted against the address when wrong); a route
        outside ``/api/teacher`` the Guard left alone knows only a secret already seen."""
        verdict = request.scope.get("sl_teacher") or \
            room._known(request.headers.get("x-teacher-secret", "")) or TEACHER_WRONG
        if verdict == TEACHER_OK:
            return None
        if verdict == TEACHER_RETIRED:
            return JSONResponse({"error": STALE_SECRET, "code": "stale-secret"}, 403)
        if verdict == TEACHER_LIMITED:
            return JSONResponse({"error": "Too many wrong secrets from this computer: wait a "
                                 "minute."}, 429)
        return JSONResponse({"error": "This needs the teacher's secret (the teacher's "
                             "address printed when the server started)."}, 403)

    async def teacher_tables(request: Request) -> Response:
        refused = teacher_ok(request)
        if refused is not None:
            return refused
        if request.method == "GET":
            return JSONResponse({"class": room.code, "students": [
                {"student": i, "name": n} for i, n in room.students().items()],
                "tables": [room.summary(t) for t in room.tables.values()]})
        try:
            body = parse_json(await request.body(), "Send the table as a JSON object.")
            if not isinstance(body, dict):
                raise BadMessage("Send the table as a JSON object.")
            preset = body.get("preset", "standard")
            options = body.get("options", {})
            pace = body.get("pace", 1.0)
            if preset not in PRESETS:
                raise BadMessage(f"The rule sets are {', '.join(PRESETS)}.")
            if not isinstance(options, dict) or len(options) > 40:
                raise BadMessage("options is an object of rule options.")
            if not isinstance(pace, (int, float)) or isinstance(pace, bool) or \
                    not 0 <= pace <= 10:
                raise BadMessage("pace is a number of seconds from 0 to 10.")
            seats = body.get("seats")
            if seats is None:
                seats = [None] * RuleSet.preset(preset, options).players
            if not isinstance(seats, list):
                raise BadMessage("seats is a list, one entry per seat.")
            seed = body.get("seed")
            if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)
                                     or not 0 <= seed < 2**31):
                raise BadMessage(f"seed is a whole number from 0 to {2**31 - 1}.")
            start = body.get("start", "seated")
            if not isinstance(start, str):
                raise BadMessage("start is seated, teacher or now.")
            t = room.new_table(preset, options, seats, float(pace), seed, start)
        except OptionError as e:  # the rules refused, in play mode's words
            return JSONResponse({"error": e.words, "rule": e.rule}, 400)
        except TeacherRefusal as e:
            return JSONResponse(e.answer(), 400)
        except (BadMessage, RuleError) as e:
            return JSONResponse({"error": str(e)}, 400)
        except TableRefusal as e:  # a seat check (tables.check_seat)
            return JSONResponse({"error": e.message, "rule": e.rule}, 400)
        return JSONResponse(room.summary(t), 201)

    async def teacher_record(request: Request) -> Response:
        refused = teacher_ok(request)
        if refused is not None:
            return refused
        tid = request.path_params["table"]
        if tid not in room.tables:
            return JSONResponse({"error": f"There is no table {tid}."}, 404)
        return JSONResponse(room.store.record(tid))

    async def teacher_qr(request: Request) -> Response:
        """``GET /api/teacher/qr``: the students' address (this server as the teacher's
        browser reaches it, the class code filled in) and its QR code as inline SVG."""
        refused = teacher_ok(request)
        if refused is not None:
            return refused
        base = room.origins[0] if room.origins else \
            f"{request.url.scheme}://{request.url.netloc}"  # --public-origin, if given
        url = f"{base}/?code={room.code}"
        return JSONResponse({"url": url, "svg": qr_svg(url)})

    async def teacher_table_settings(request: Request) -> Response:
        """``POST /api/teacher/tables/{id}/settings`` ({"hints": bool, "undo": bool}) and
        ``POST /api/teacher/tables/{id}/undo`` (the teacher takes back the last decision)."""
        refused = teacher_ok(request)
        if refused is not None:
            return refused
        t = room.tables.get(request.path_params["table"])
        if t is None:
            return JSONResponse({"error": f"There is no table {request.path_params['table']}."},
                                404)
        try:
            if request.url.path.endswith("/undo"):
                taken, words = room.take_back(t)
                return JSONResponse({"table": t.id, "taken_back": taken, "version": t.version,
                                     "words": words})
            body = parse_json(await request.body(), "Send the settings as a JSON object.")
            if not isinstance(body, dict):
                raise BadMessage("Send the settings as a JSON object.")
            if request.url.path.endswith("/claim"):  # {"answer": "accept" | "play on"}
                if set(body) != {"answer"} or not isinstance(body["answer"], str):
                    raise BadMessage("Send the answer to the claim: \"accept\" or \"play on\".")
                room.claim(None, t, None, {"type": "claim_answer", "answer": body["answer"]})
                return JSONResponse({"table": t.id, "version": t.version,
                                     "words": t.claim_said, "claim": t.claim_state()})
            room.set_settings(t, body)
        except (TableRefusal, IllegalAction) as e:  # (an IllegalAction is a ValueError too)
            return JSONResponse({"error": e.message, "rule": e.rule}, 409)
        except ValueError:
            return JSONResponse({"error": "Send the settings as a JSON object."}, 400)
        except BadMessage as e:
            return JSONResponse({"error": str(e)}, 400)
        return JSONResponse({"table": t.id, "settings": t.settings})

    def handle_one(c: Conn, text: str) -> bool:
        """Answer one text frame; False when it was refused in a way that counts toward the
        flood (a bad message, or a refused action past the refusals' rate)."""
        ref = None
        msg: dict[str, Any] = {}
        try:
            msg = validate(text)
            ref = msg.get("ref")
            room.handle(c, msg)
        except BadMessage as e:
            c.send({"type": "error", "code": "bad-message", "message": str(e), "ref": ref})
            return False
        except (RuleError, TableRefusal) as e:
            c.send({"type": "refused", "rule": e.rule, "message": e.message, "ref": ref})
            if not c.refusals.take():  # refusals are rate-limited: the board is not written
                return False
            if isinstance(e, RuleError):
                room.lesson.note_refusal(c, msg, e)  # the board of mistakes
        return True

    async def socket(ws: WebSocket) -> None:
        if not _origin_ok(ws, room.origins):
            await ws.send_denial_response(PlainTextResponse(
                "This page may not connect here: the websocket came from another site.", 403))
            return
        token = room.unsign(ws.cookies.get(COOKIE))
        student = room.store.student_by_token(token) if token else None
        if student is None or student.class_code != room.code:
            await ws.send_denial_response(PlainTextResponse(
                "Join the class first (the class code and your name).", 401))
            return
        await ws.accept()
        c = Conn(ws, student.id, student.name)
        c.task = asyncio.current_task()
        room.conns.add(c)
        writer = asyncio.get_running_loop().create_task(c.writer())
        c.send({"type": "welcome", "student": student.id, "name": student.name,
                "class": room.code,
                "tables": [room.summary(t) for t in room.tables.values()
                           if not t.is_closed()]})
        room.back(c)
        for t in room.tables.values():
            room.send_state(c, t)
        teacher.on_connect(room, c)  # which of their tables the teacher holds
        room.lesson.send_to(c)
        room.presenter.on_connect(c)  # the teacher's broadcast line, if one is up
        close: tuple[int, str] | None = None  # why the server closes, if it does
        try:
            while not c.slow:
                frame = await ws.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                text = frame.get("text")
                if text is None:  # a binary frame: not this protocol's
                    c.send({"type": "error", "code": "bad-message", "message":
                            "A message is JSON text, not binary data: this connection is "
                            "closed."})
                    close = (1003, "Binary frames are not accepted.")
                    break
                if not c.bucket.take():
                    c.refused += 1
                    c.send({"type": "error", "code": "too-fast", "ref": ref_of(text),
                            "message": "Too many messages: slow down."})
                elif not handle_one(c, text):
                    c.refused += 1
                if c.refused >= FLOOD_CLOSE:
                    c.send({"type": "error", "code": "flood",
                            "message": "Too many refused messages: this connection is closed."})
                    close = (1008, "Too many refused messages.")
                    break
        except (WebSocketDisconnect, RuntimeError):
            pass
        except asyncio.CancelledError:
            if not c.slow:  # the server is stopping: not ours to swallow
                raise
        finally:
            room.conns.discard(c)
            room.left(c)
        if close is not None and not c.slow:  # say why, send what is queued, then close
            c.send(None)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, 10)
                await ws.close(*close)
        writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await writer

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        for t in room.tables.values():  # restored tables whose robots were about to act
            room.watch(t)
            room.wake(t)
        room.lesson.restore()  # the lesson's open activity, if one was
        yield
        for task in [*room.runners.values(), *room.holds.values()]:
            task.cancel()
        room.lesson.close()

    app = Starlette(middleware=[Middleware(Guard, room=room)], routes=[
        Route("/", page("student.html")),
        Route("/teacher", page("teacher.html")),
        Route("/present", page("presenter.html")),  # the projector's (classroom.present)
        Route("/static/{name}", script),
        Route("/api/join", join, methods=["POST"]),
        Route("/api/me", who_am_i),
        Route("/api/teacher/tables", teacher_tables, methods=["GET", "POST"]),
        Route("/api/teacher/tables/{table:int}/record", teacher_record),
        Route("/api/teacher/qr", teacher_qr),
        Route("/api/teacher/tables/{table:int}/settings", teacher_table_settings,
              methods=["POST"]),
        Route("/api/teacher/tables/{table:int}/undo", teacher_table_settings, methods=["POST"]),
        Route("/api/teacher/tables/{table:int}/claim", teacher_table_settings, methods=["POST"]),
        WebSocketRoute("/ws", socket),
        *teacher.routes(room, teacher_ok),
        *export.routes(room, teacher_ok),
        *lesson_.routes(room, teacher_ok),
        *present.routes(room, teacher_ok),
    ], lifespan=lifespan)
    app.state.classroom = room
    return app


__all__ = ["create_app", "Classroom", "validate", "BadMessage", "MAX_MESSAGE"]
