"""How the classroom server meets the network (docs/classroom.md, "Limits and safety"): the
uvicorn settings every classroom server runs with, and two guards uvicorn lacks.

uvicorn (0.54) closes an idle keep-alive connection after ``timeout_keep_alive`` seconds, but
keeps for ever a connection that never finishes its request's headers (no header timeout), and
a websocket whose peer stops reading keeps its socket for ever too (its ping timeout closes the
transport, and a closing transport waits for its buffer to drain, which a peer that reads
nothing never lets it do).  :class:`GuardedH11` closes a connection whose headers are not
complete :data:`HEADER_TIMEOUT` seconds after their first byte (or after the connection
opened), and refuses connections past :data:`MAX_CONNECTIONS`; :class:`GuardedWebSocket` aborts
a websocket whose writes have been stalled for :data:`WRITE_STALL` seconds, and keeps its
kernel send buffer at :data:`WS_SNDBUF` (so that what waits for a slow reader waits in the
app's bounded queue, :data:`spades_lab.classroom.app.OUT_LIMIT`).  Both work below
the app, on the transport, so no request reaches the app before its headers are whole.

By default the server trusts no proxy's headers (``X-Forwarded-For``, ``X-Forwarded-Proto``):
the address that counts (for the limits on wrong class codes and secrets) is the peer's.
``trusted_proxies`` names the proxies whose headers are believed.
"""
from __future__ import annotations

import asyncio
import contextlib
import socket
from typing import Any

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

#: Seconds a request's headers may take, from their first byte (or the connection's start).
HEADER_TIMEOUT = 10.0
#: Seconds an idle keep-alive HTTP connection is kept.
KEEP_ALIVE = 5
#: Open connections (HTTP and websockets) past which a new one is closed at once.
MAX_CONNECTIONS = 500
#: Connections and requests in progress past which a request is answered 503.
LIMIT_CONCURRENCY = 450
#: Seconds a websocket's writes may stay stalled (its peer reads nothing) before it is aborted.
WRITE_STALL = 30.0
#: The kernel's send buffer of a websocket (the kernel doubles it), set so that it cannot grow to
#: megabytes for a peer that reads nothing (Linux tunes a loopback socket's up to 4 MB).
WS_SNDBUF = 128 * 1024
#: A websocket ping every this many seconds; no pong within the timeout closes it.
PING_INTERVAL, PING_TIMEOUT = 20.0, 20.0
#: The largest websocket frame uvicorn accepts (a larger one is closed with 1009); the protocol's
#: own limit (:data:`spades_lab.classroom.app.MAX_MESSAGE`) is answered in words below it.
WS_MAX_SIZE = 65536
#: The largest incomplete HTTP event (such as a request's headers) h11 buffers.
MAX_HEADERS = 16 * 1024


class GuardedH11(H11Protocol):
    """uvicorn's h11 protocol with a header timeout and a connection limit."""

    header_timeout = HEADER_TIMEOUT
    max_connections = MAX_CONNECTIONS

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._header_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if len(self.connections) > self.max_connections:
            self.logger.warning("Too many open connections: one closed at once.")
            transport.abort()
            return
        self._arm()

    def _arm(self) -> None:
        self._disarm()
        self._header_timer = self.loop.call_later(self.header_timeout, self._headers_late)

    def _disarm(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _headers_late(self) -> None:
        self._header_timer = None
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self.transport.abort()  # headers never finished: nothing was asked, nothing owed

    def data_received(self, data: bytes) -> None:
        if self.conn.their_state is h11.IDLE and self._header_timer is None:
            self._arm()  # a new request on a kept-alive connection: its headers are timed too
        super().data_received(data)
        if self.conn.their_state is not h11.IDLE:
            self._disarm()  # the headers are in (or the connection was upgraded or refused)

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)


class GuardedWebSocket(WebSocketsSansIOProtocol):
    """uvicorn's websocket protocol, aborting a connection whose peer stopped reading."""

    write_stall = WRITE_STALL

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._stall_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        sock = transport.get_extra_info("socket")
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, WS_SNDBUF)

    def pause_writing(self) -> None:
        super().pause_writing()
        if self._stall_timer is None:
            self._stall_timer = self.loop.call_later(self.write_stall, self._stalled)

    def resume_writing(self) -> None:
        super().resume_writing()
        if self._stall_timer is not None:
            self._stall_timer.cancel()
            self._stall_timer = None

    def _stalled(self) -> None:
        self._stall_timer = None
        self.transport.abort()  # connection_lost follows: the app hears a disconnect

    def connection_lost(self, exc: Exception | None) -> None:
        if self._stall_timer is not None:
            self._stall_timer.cancel()
            self._stall_timer = None
        super().connection_lost(exc)


def server_config(app: Any, host: str, port: int, *,
                  trusted_proxies: tuple[str, ...] = (), **extra: Any) -> uvicorn.Config:
    """The uvicorn settings of every classroom server (``spades-lab classroom``,
    :func:`~spades_lab.classroom.local.start_classroom`): the guarded protocols, the timeouts
    and limits above, and proxy headers believed only from ``trusted_proxies`` (addresses or
    networks; none by default)."""
    settings: dict[str, Any] = {
        "host": host, "port": port, "log_level": "warning",
        "http": GuardedH11, "ws": GuardedWebSocket, "ws_max_size": WS_MAX_SIZE,
        "ws_ping_interval": PING_INTERVAL, "ws_ping_timeout": PING_TIMEOUT,
        "timeout_keep_alive": KEEP_ALIVE, "limit_concurrency": LIMIT_CONCURRENCY,
        "h11_max_incomplete_event_size": MAX_HEADERS,
        "proxy_headers": bool(trusted_proxies),
        "forwarded_allow_ips": list(trusted_proxies) or None,
        "server_header": False,
    }
    settings.update(extra)
    return uvicorn.Config(app, **settings)


__all__ = ["server_config", "GuardedH11", "GuardedWebSocket", "HEADER_TIMEOUT",
           "MAX_CONNECTIONS", "WRITE_STALL"]
