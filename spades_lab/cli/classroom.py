"""spades-lab classroom: one server for a room of students playing at shared tables
(docs/classroom.md).  Needs spades-lab[classroom]; the server's machinery is imported only when
the command runs."""
from __future__ import annotations

import argparse
import os
import signal
import sqlite3
import sys
from pathlib import Path
from typing import Any

from ..core.errors import echo

DEFAULT_DB = "classroom.sqlite3"
DEFAULT_PORT = 8877


def port_number(text: str) -> int:
    """An argparse ``type``: a port number, 1 to 65535."""
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"{echo(text, 40)} is not a port: give a whole number "
                                         "from 1 to 65535")
    return int(text)


def register(sub: Any) -> None:
    p = sub.add_parser(
        "classroom", help="serve a classroom: students join shared tables from a browser",
        description="Start a classroom server. Students open the students' address in any "
        "browser on the network, type the class code and a name, and sit at a table with "
        "other students; robots fill the empty seats. The teacher's address (with its secret) "
        "lists the tables and opens new ones. Every action is written to the store (--db) "
        "before it is answered, so stopping the server with Ctrl+C, or a crash, loses nothing: "
        "start it again on the same file and every table goes on where it was. By default "
        "only this computer can connect (host 127.0.0.1); for a classroom use --host 0.0.0.0. "
        "On a school network plain HTTP carries names and games in clear: see docs/classroom.md "
        "for putting TLS in front. Needs spades-lab[classroom].")
    p.add_argument("--host", default="127.0.0.1",
                   help="the address to listen on: 127.0.0.1 (default) for this computer only, "
                   "0.0.0.0 for every network this computer is on")
    p.add_argument("--port", type=port_number, default=DEFAULT_PORT,
                   help=f"the port to listen on, 1 to 65535 (default {DEFAULT_PORT})")
    p.add_argument("--db", default=DEFAULT_DB, metavar="PATH",
                   help=f"the store: an SQLite file, made if missing, reused if there (default "
                   f"./{DEFAULT_DB})")
    p.add_argument("--new-secret", action="store_true",
                   help="make a new teacher's secret (and so a new teacher's address); the old "
                   "one stops working. Without it a restarted server keeps the secret it had")
    p.add_argument("--public-origin", action="append", default=[], metavar="URL",
                   help="the address students' browsers use when it is not this server's own, "
                   "such as https://class.example behind a TLS proxy (may be repeated)")
    p.add_argument("--trust-proxy", action="append", default=[], metavar="ADDRESS",
                   help="a reverse proxy whose X-Forwarded-For and X-Forwarded-Proto headers "
                   "are believed, such as 127.0.0.1 (may be repeated; by default none is)")
    p.set_defaults(func=cmd_classroom)


def stop_on_hangup() -> None:
    """A closed terminal (SIGHUP) stops the server as ``kill`` (SIGTERM) does: uvicorn's own
    handler then ends the connections, the lesson's solver workers and the store in order."""
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, lambda signum, frame: os.kill(os.getpid(), signal.SIGTERM))


def cmd_classroom(args: argparse.Namespace) -> int:
    try:
        import segno
        import uvicorn

        from ..classroom.app import create_app, origin_parts
        from ..classroom.net import server_config
        from ..classroom.store import SqliteStore, StoreError
    except ModuleNotFoundError as e:
        print(f"spades-lab classroom: error: {e.name} is missing: install "
              "spades-lab[classroom]", file=sys.stderr)
        return 2
    db = Path(args.db)
    if db.is_dir():
        print(f"spades-lab classroom: error: {db} is a folder, not a store file",
              file=sys.stderr)
        return 2
    origins = tuple(o.rstrip("/") for o in args.public_origin)
    for o in origins:
        if origin_parts(o) is None:
            print(f"spades-lab classroom: error: {echo(o, 60)} is not an address such as "
                  "https://class.example", file=sys.stderr)
            return 2
    try:  # one server per store (its lock); a store that cannot be used is one line
        store = SqliteStore(db, lock=True)
        try:
            app = create_app(store, origins=origins, new_secret=args.new_secret)
        except BaseException:
            store.close()
            raise
    except StoreError as e:
        print(f"spades-lab classroom: error: {e}", file=sys.stderr)
        return 2
    except sqlite3.Error as e:  # a store that fails past its opening (a write refused)
        print(f"spades-lab classroom: error: {db} cannot be used: {e}", file=sys.stderr)
        return 2
    room = app.state.classroom  # a table that no longer loads is in its log (room.problems)
    shown = "127.0.0.1" if args.host in ("0.0.0.0", "::") else args.host
    base = origins[0] if origins else f"http://{shown}:{args.port}"
    students = f"{base}/"
    print(f"Students: open {students} and type the class code {room.code}")
    if args.host in ("0.0.0.0", "::") and not origins:
        print("  (from another computer, put this computer's network address in place of "
              "127.0.0.1)")
    qr = segno.make(students, error="m")
    qr.terminal(compact=True)
    if room.teacher_secret is not None:
        print(f"Teacher: {base}/teacher#secret={room.teacher_secret}")
        print("  (keep this address to yourself: it carries the teacher's secret; it stays "
              "the same when the server restarts, until --new-secret)")
    else:
        print(f"Teacher: {base}/teacher#secret=... as printed when this class's secret was "
              "made: it still works")
        print("  (only its hash is kept, so it cannot be printed again; --new-secret makes a "
              "new one, and the old address stops working)")
    print(f"Store: {db.resolve()}  (stop with Ctrl+C: nothing is lost)", flush=True)
    stop_on_hangup()
    uvicorn.Server(server_config(app, args.host, args.port,
                                 trusted_proxies=tuple(args.trust_proxy))).run()
    store.close()
    return 0

