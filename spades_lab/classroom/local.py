"""A classroom server started from Python (a notebook, a test, a script): the same app as
``spades-lab classroom``, run by uvicorn in a thread of this process, on this computer only
(127.0.0.1).

>>> LocalClassroom.__doc__.split(".")[0]
'A running classroom server: its address, class code and teacher secret; stop() ends it'
"""
from __future__ import annotations

import threading
import time
from pathlib import Path

import uvicorn

from .app import create_app
from .net import server_config
from .store import SqliteStore

#: Seconds a server may take to start listening.
START_TIMEOUT = 30.0


class LocalClassroom:
    """A running classroom server: its address, class code and teacher secret; stop() ends it.

    ``url`` is the students' address (``http://127.0.0.1:PORT``), ``code`` the class code,
    ``secret`` the teacher's secret (for :class:`~spades_lab.classroom.client.Teacher`),
    ``teacher_url`` the teacher's page with the secret after ``#``.  Over a store that has a
    class already, the teacher's secret is a new one (the old one retired: a page still
    holding it is told it is out of date)."""

    def __init__(self, db: str | Path = ":memory:", port: int = 0) -> None:
        self.store = SqliteStore(db, lock=True)  # one server per store file
        try:
            app = create_app(self.store, new_secret=True)  # the caller is handed the secret
        except BaseException:
            self.store.close()
            raise
        room = app.state.classroom
        self.code: str = room.code
        assert room.teacher_secret is not None  # new_secret: this server made it
        self.secret: str = room.teacher_secret
        config = server_config(app, "127.0.0.1", port, lifespan="on")
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._server.run, name="classroom",
                                        daemon=True)
        self._thread.start()
        end = time.monotonic() + START_TIMEOUT
        while not self._server.started:
            if not self._thread.is_alive() or time.monotonic() > end:
                self._server.should_exit = True
                self.store.close()  # its lock too: the next start may have the file
                raise RuntimeError("The classroom server did not start (is the port taken?).")
            time.sleep(0.02)
        sock = self._server.servers[0].sockets[0]
        self.port: int = sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.teacher_url = f"{self.url}/teacher#secret={self.secret}"

    def stop(self) -> None:
        """Stop the server (what it stored stays in the store's file)."""
        self._server.should_exit = True
        self._thread.join(timeout=START_TIMEOUT)
        self.store.close()

    def __enter__(self) -> LocalClassroom:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def __repr__(self) -> str:
        return f"<LocalClassroom {self.url} class {self.code}>"


def start_classroom(db: str | Path = ":memory:", port: int = 0) -> LocalClassroom:
    """Start a classroom server on 127.0.0.1 (``port`` 0: a free one) over the store ``db``
    (an SQLite file; by default one in memory, gone when it stops)."""
    return LocalClassroom(db, port)


__all__ = ["LocalClassroom", "start_classroom"]
