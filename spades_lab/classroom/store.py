"""The classroom's store: classes, students, tables and every action, in one SQLite file.

SQLite in WAL mode with ``synchronous=FULL``, written by one connection (the server's one
process): an action is committed before the server acknowledges it, so a killed server loses
nothing it has answered.  The store is a plain interface (:class:`Store`); :class:`SqliteStore`
is its one implementation, and a PostgreSQL one could take its place.

The file has one server: a server opens it with ``lock=True``, which holds an exclusive lock
on a file beside it (``classroom.sqlite3.lock``, :func:`claim`) for as long as it runs; the
system lets go of the lock when the process ends however it ends (a SIGKILL included), so a
second server on the same file is refused in words (:class:`StoreBusy`) and a killed one never
blocks the next start.  The file records its schema version (``PRAGMA user_version``,
:data:`SCHEMA_VERSION`): a file from before versions is brought up to date, a newer one is
refused in words naming both versions.  A change of several rows at once (a prepared deal's
tables, a move, a pause of many tables) is one transaction (:meth:`SqliteStore.transaction`):
all of it is stored or none.  A file that cannot be opened, read or written is a
:class:`StoreError`, one sentence naming the file.

Secrets never lie in the file as they are: a teacher's secret is kept as a scrypt hash with its
own salt, a student's seat token as an HMAC under the server's secret (which the file keeps, so
the signed cookies outlive a restart).  A table's actions are kept as the record format's
entries (docs/record-format.md), one row each, with a ``kind``: ``deal``, ``look``, ``bid``,
``exchange``, ``play``; :meth:`SqliteStore.record` puts them together as a game record.

>>> s = SqliteStore(":memory:")
>>> code, secret = s.create_class("Room 4")
>>> s.check_teacher(code, secret), s.check_teacher(code, "guess")
(True, False)
>>> sid, token = s.add_student(code, "Ann")
>>> s.student_by_token(token).name
'Ann'
"""
from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import os
import secrets
import sqlite3
import sys
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, NamedTuple, Protocol

from ..core.engine import RECORD_FORMAT

#: Class codes use letters and digits no one confuses when read aloud or off a board.
CODE_ALPHABET = "ACDEFGHJKLMNPQRTUVWXY34679"
CODE_LENGTH = 6
#: scrypt's cost for the teacher's secret (16 MiB of memory, some tens of milliseconds).
SCRYPT = {"n": 2**14, "r": 8, "p": 1}
#: Retired teacher's secrets whose hashes a class keeps (a stale page is told so, not counted).
RETIRED_KEPT = 3

#: The store's schema version, kept in the file (``PRAGMA user_version``).  0 is a file from
#: before versions (its missing tables are added, then it is marked 1); a file of a higher
#: version than this one was written by a newer spades-lab and is refused.
SCHEMA_VERSION = 1

SCHEMA = """
CREATE TABLE IF NOT EXISTS settings (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS classes (
    code TEXT PRIMARY KEY, name TEXT NOT NULL, secret_salt BLOB NOT NULL,
    secret_hash BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS retired_secrets (
    class_code TEXT NOT NULL REFERENCES classes(code), salt BLOB NOT NULL, hash BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS students (
    id INTEGER PRIMARY KEY, class_code TEXT NOT NULL REFERENCES classes(code),
    name TEXT NOT NULL, token_hash TEXT NOT NULL UNIQUE);
CREATE TABLE IF NOT EXISTS tables (
    id INTEGER PRIMARY KEY, class_code TEXT NOT NULL REFERENCES classes(code),
    rules TEXT NOT NULL, seats TEXT NOT NULL, seed INTEGER NOT NULL, pace REAL NOT NULL);
CREATE TABLE IF NOT EXISTS actions (
    table_id INTEGER NOT NULL REFERENCES tables(id), seq INTEGER NOT NULL,
    entry TEXT NOT NULL, PRIMARY KEY (table_id, seq));
"""

#: The teacher's side (issue 22), added to older files by the same ``IF NOT EXISTS``: a table's
#: teacher-set state (paused; held after a prepared hand; closed when a prepared deal moved its
#: players to another table) and the prepared deals dealt to tables.
TEACHER_SCHEMA = """
CREATE TABLE IF NOT EXISTS table_flags (
    table_id INTEGER PRIMARY KEY REFERENCES tables(id), paused INTEGER NOT NULL DEFAULT 0,
    hold_after INTEGER, closed_for INTEGER);
CREATE TABLE IF NOT EXISTS deals (
    id INTEGER PRIMARY KEY, class_code TEXT NOT NULL REFERENCES classes(code),
    source TEXT NOT NULL, hand INTEGER NOT NULL, record TEXT NOT NULL, tables TEXT NOT NULL);
"""

#: A table's life (docs/classroom.md, "Tables that wait"): whether it has started (a new table
#: waits for its players or the teacher's Start), how it starts (``seated``: once every seat
#: meant for a student is taken; ``teacher``: on the teacher's Start alone), and whether the
#: teacher closed it, then archived it (it leaves every list; its record stays).  A table with
#: no row (one opened before this table existed) has started and is open.
LIFE_SCHEMA = """
CREATE TABLE IF NOT EXISTS table_life (
    table_id INTEGER PRIMARY KEY REFERENCES tables(id), started INTEGER NOT NULL,
    start_when TEXT NOT NULL, closed INTEGER NOT NULL DEFAULT 0,
    archived INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS student_life (
    student INTEGER PRIMARY KEY REFERENCES students(id), merged_into INTEGER, removed INTEGER
    NOT NULL DEFAULT 0);
"""

#: The lesson's tables (spades_lab.classroom.lesson): the class activities (a poll, a what-if,
#: a quiz) as the teacher set them up, every answer a student gave to one, and every mistake
#: (an action the engine refused at a table or in a poll, a wrong quiz answer) by rule id.
LESSON_SCHEMA = """
CREATE TABLE IF NOT EXISTS lesson_activities (
    id INTEGER PRIMARY KEY, class_code TEXT NOT NULL REFERENCES classes(code),
    kind TEXT NOT NULL, spec TEXT NOT NULL, state TEXT NOT NULL, at REAL NOT NULL);
CREATE TABLE IF NOT EXISTS lesson_answers (
    id INTEGER PRIMARY KEY, class_code TEXT NOT NULL REFERENCES classes(code),
    activity INTEGER NOT NULL REFERENCES lesson_activities(id), question INTEGER NOT NULL,
    prompt TEXT NOT NULL, student INTEGER NOT NULL REFERENCES students(id),
    choice TEXT NOT NULL, answer TEXT NOT NULL, right INTEGER, at REAL NOT NULL,
    UNIQUE (activity, question, student));
CREATE TABLE IF NOT EXISTS lesson_mistakes (
    id INTEGER PRIMARY KEY, class_code TEXT NOT NULL REFERENCES classes(code),
    student INTEGER NOT NULL REFERENCES students(id), rule TEXT NOT NULL,
    source TEXT NOT NULL, preset TEXT NOT NULL, words TEXT NOT NULL, at REAL NOT NULL);
"""


class StoreError(Exception):
    """The store cannot be used (or could not keep a change, which it then did not make): the
    text is one sentence naming the file."""


class StoreBusy(StoreError):
    """Another server holds the store (:func:`claim`)."""


def lock_path(path: str | Path) -> Path:
    """The lock file beside a store: ``classroom.sqlite3`` -> ``classroom.sqlite3.lock``."""
    return Path(str(path) + ".lock")


def claim(path: str | Path) -> int:
    """Take the store's lock (an exclusive ``flock`` on :func:`lock_path`, holding this process's
    number for the next one's message): the descriptor to keep open while the server runs.
    The system lets the lock go when the process ends, however it ends.  Raises
    :class:`StoreBusy` if another process holds it, :class:`StoreError` if the lock file cannot
    be made (a read-only folder)."""
    where = lock_path(path)
    if not where.parent.is_dir():
        raise StoreError(f"{path} cannot be made: there is no folder {where.parent}")
    try:
        fd = os.open(where, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as e:
        raise StoreError(f"{path} cannot be used: its lock file {where.name} cannot be "
                         f"written ({e.strerror}: a read-only file or folder?)") from None
    try:
        _lock(fd)
    except OSError:
        try:
            holder = os.read(fd, 32).decode("ascii", "replace").strip()
        except OSError:  # pragma: no cover - a lock file that cannot be read
            holder = ""
        os.close(fd)
        who = f" (process {holder})" if holder.isdigit() else ""
        raise StoreBusy(f"{path} is in use by another classroom server{who}: stop it first, "
                        "or start this one with another --db") from None
    os.ftruncate(fd, 0)
    os.write(fd, str(os.getpid()).encode())
    return fd


def _lock(fd: int) -> None:
    if sys.platform == "win32":  # pragma: no cover - a lock of the same kind on Windows
        import msvcrt
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    else:
        import fcntl
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


def _words(path: str, e: sqlite3.Error) -> str:
    """An SQLite error opening the store as one sentence naming the file."""
    text = str(e)
    if "readonly" in text or "read-only" in text:
        return (f"{path} cannot be written (a read-only file or folder): the classroom stores "
                "every action, so it needs a store it can write")
    if "not a database" in text or "malformed" in text or "encrypted" in text:
        return f"{path} is damaged or is not a classroom store ({text}): give another --db"
    if "unable to open" in text:
        return f"{path} cannot be opened (a missing folder, or no permission)"
    if "locked" in text or "busy" in text:
        return f"{path} is in use by another program ({text}): stop it first"
    return f"{path} cannot be used: {text}"


class StudentRow(NamedTuple):
    id: int
    class_code: str
    name: str


class TableRow(NamedTuple):
    """A table as stored: its rules (``{"preset": ..., "options": ...}``), its seats (each
    ``{"kind": "bot"}`` or ``{"kind": "person", "student": id, "name": ...}``), the seed of its
    deals and bots, and its pace (seconds between two bot actions)."""

    id: int
    class_code: str
    rules: dict[str, Any]
    seats: list[dict[str, Any]]
    seed: int
    pace: float


class TableFlags(NamedTuple):
    """What the teacher set at a table: ``paused``; ``hold_after`` (the table holds, waiting for
    the teacher, once it has played that many hands: a prepared deal); ``closed_for`` (a
    prepared deal moved its players to that table; this one takes no more actions)."""

    paused: bool = False
    hold_after: int | None = None
    closed_for: int | None = None


class TableLife(NamedTuple):
    """A table's life (:data:`LIFE_SCHEMA`): started, how it starts, closed, archived."""

    started: bool = True
    start_when: str = "seated"
    closed: bool = False
    archived: bool = False


class DealRow(NamedTuple):
    """A prepared deal: where its record came from (words), which hand of it (from 0), the
    record itself (as checked by the engine) and the tables it was dealt to."""

    id: int
    source: str
    hand: int
    record: dict[str, Any]
    tables: list[int]


class Store(Protocol):
    """What the server needs of a store (one implementation: :class:`SqliteStore`)."""

    def server_secret(self) -> bytes: ...
    def create_class(self, name: str) -> tuple[str, str]: ...
    def class_codes(self) -> list[str]: ...
    def new_teacher_secret(self, code: str) -> str: ...
    def check_teacher(self, code: str, secret: str) -> bool: ...
    def retired_teacher(self, code: str, secret: str) -> bool: ...
    def class_exists(self, code: str) -> bool: ...
    def add_student(self, code: str, name: str) -> tuple[int, str]: ...
    def students(self, code: str) -> dict[int, str]: ...
    def student_by_token(self, token: str) -> StudentRow | None: ...
    def create_table(self, code: str, rules: dict[str, Any], seats: Sequence[dict[str, Any]],
                     seed: int, pace: float) -> int: ...
    def set_seats(self, table_id: int, seats: Sequence[dict[str, Any]]) -> None: ...
    def tables(self, code: str | None = None) -> list[TableRow]: ...
    def damaged_tables(self, code: str | None = None) -> dict[int, str]: ...
    def append(self, table_id: int, first_seq: int, entries: Sequence[dict[str, Any]]
               ) -> None: ...
    def actions(self, table_id: int) -> list[dict[str, Any]]: ...
    def record(self, table_id: int) -> dict[str, Any]: ...
    def take_back(self, table_id: int, first_seq: int) -> None: ...
    def table_settings(self, table_id: int) -> dict[str, Any]: ...
    def set_table_settings(self, table_id: int, settings: dict[str, Any]) -> None: ...
    def close(self) -> None: ...
    def transaction(self) -> contextlib.AbstractContextManager[None]: ...
    # the teacher's side
    def set_flags(self, table_id: int, *, paused: bool, hold_after: int | None,
                  closed_for: int | None) -> None: ...
    def flags(self, table_id: int) -> TableFlags: ...
    def add_deal(self, code: str, source: str, hand: int, record: dict[str, Any],
                 tables: Sequence[int]) -> int: ...
    def deals(self, code: str) -> list[DealRow]: ...
    # a table's life and the roster (docs/classroom.md, "Tables that wait", "The roster")
    def set_life(self, table_id: int, life: TableLife) -> None: ...
    def life(self, table_id: int) -> TableLife: ...
    def rename_student(self, student: int, name: str) -> None: ...
    def merge_students(self, keep: int, gone: int) -> None: ...
    def remove_student(self, student: int) -> None: ...
    # the lesson's (spades_lab.classroom.lesson)
    def add_activity(self, code: str, kind: str, spec: dict[str, Any], at: float) -> int: ...
    def set_activity_state(self, activity: int, state: str) -> None: ...
    def activities(self, code: str) -> list[tuple[int, str, dict[str, Any], str, float]]: ...
    def put_answer(self, code: str, activity: int, question: int, prompt: str, student: int,
                   choice: str, answer: str, right: bool | None, at: float) -> None: ...
    def mark_answers(self, activity: int, right: dict[str, bool]) -> None: ...
    def answers(self, code: str, activity: int | None = None) -> list[dict[str, Any]]: ...
    def add_mistake(self, code: str, student: int, rule: str, source: str, preset: str,
                    words: str, at: float) -> None: ...
    def mistakes(self, code: str, student: int | None = None) -> list[dict[str, Any]]: ...
    # the presenter's (spades_lab.classroom.present): what the projector shows
    def view_state(self, name: str) -> dict[str, Any] | None: ...
    def set_view_state(self, name: str, state: dict[str, Any]) -> None: ...


def _scrypt(secret: str, salt: bytes) -> bytes:
    return hashlib.scrypt(secret.encode(), salt=salt, maxmem=64 * 2**20, **SCRYPT)


def new_code(rng: secrets.SystemRandom | None = None) -> str:
    """A fresh class code: six characters from :data:`CODE_ALPHABET`."""
    pick = rng or secrets.SystemRandom()
    return "".join(pick.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


class SqliteStore:
    """The store in one SQLite file (``":memory:"`` for tests), one writer."""

    def __init__(self, path: str | Path, *, lock: bool = False) -> None:
        """Open (or make) the store at ``path``.  ``lock``: hold the store's lock while open
        (a server does: :func:`claim`).  Raises :class:`StoreError` (one sentence naming the
        file) when the file cannot be used."""
        self.path = str(path)
        self._lock = threading.RLock()
        self._held: int | None = None
        if lock and self.path != ":memory:":
            self._held = claim(self.path)
        try:
            self._db = sqlite3.connect(self.path, check_same_thread=False,
                                       isolation_level=None)
            try:
                self._open()
            except BaseException:
                self._db.close()
                raise
        except sqlite3.Error as e:
            self._release()
            raise StoreError(_words(self.path, e)) from None
        except BaseException:
            self._release()
            raise

    def _open(self) -> None:
        version = self._db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise StoreError(f"{self.path} was written by a newer spades-lab (store version "
                             f"{version}; this one reads versions up to {SCHEMA_VERSION}): "
                             "upgrade spades-lab, or give another --db")
        names = {r[0] for r in self._db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
        if version == 0 and names and "classes" not in names:
            raise StoreError(f"{self.path} is an SQLite file but not a classroom store (it has "
                             "no classes): give another --db")
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.execute("BEGIN IMMEDIATE")  # a store that cannot be written fails here
        try:
            for script in (SCHEMA, TEACHER_SCHEMA, LESSON_SCHEMA, LIFE_SCHEMA):
                for statement in script.split(";"):
                    if statement.strip():
                        self._db.execute(statement)
            if version < SCHEMA_VERSION:  # a file from before versions: brought up to date
                self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    def _release(self) -> None:
        if self._held is not None:
            os.close(self._held)  # closing the descriptor lets the lock go
            self._held = None

    def schema_version(self) -> int:
        """The schema version the file records (:data:`SCHEMA_VERSION` once opened)."""
        return int(self._read("PRAGMA user_version")[0][0])

    @contextlib.contextmanager
    def transaction(self) -> Iterator[None]:
        """Every write in the block is one transaction: stored (and synced) together when the
        block ends, none of them if it raises (the exception goes on; an SQLite error becomes
        a :class:`StoreError` saying nothing was changed).  Blocks may nest: the outermost one
        commits."""
        with self._lock:
            if self._db.in_transaction:
                yield
                return
            try:
                self._db.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as e:
                raise StoreError(f"The store {self.path} could not keep the change ({e}): "
                                 "nothing was changed.") from e
            try:
                yield
                self._db.execute("COMMIT")
            except BaseException as e:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                if isinstance(e, sqlite3.Error):
                    raise StoreError(f"The store {self.path} could not keep the change ({e}): "
                                     "nothing was changed.") from e
                raise

    def _write(self, sql: str, args: Sequence[Any] = ()) -> sqlite3.Cursor:
        with self._lock:
            return self._db.execute(sql, args)

    def _read(self, sql: str, args: Sequence[Any] = ()) -> list[Any]:
        with self._lock:
            return self._db.execute(sql, args).fetchall()

    # ---------------------------------------------------------------- secrets
    def server_secret(self) -> bytes:
        """The key that signs cookies and hashes seat tokens (made once, kept in the file)."""
        rows = self._read("SELECT value FROM settings WHERE name = 'server_secret'")
        if rows:
            return bytes.fromhex(rows[0][0])
        key = secrets.token_bytes(32)
        self._write("INSERT OR IGNORE INTO settings VALUES ('server_secret', ?)", (key.hex(),))
        return bytes.fromhex(self._read(
            "SELECT value FROM settings WHERE name = 'server_secret'")[0][0])

    def _token_hash(self, token: str) -> str:
        return hmac.new(self.server_secret(), token.encode(), hashlib.sha256).hexdigest()

    # ---------------------------------------------------------------- classes
    def create_class(self, name: str) -> tuple[str, str]:
        """A new class: (its code, the teacher's secret; only its hash is kept)."""
        secret = secrets.token_urlsafe(18)
        salt = secrets.token_bytes(16)
        for _ in range(100):
            code = new_code()
            try:
                self._write("INSERT INTO classes VALUES (?, ?, ?, ?)",
                            (code, name, salt, _scrypt(secret, salt)))
            except sqlite3.IntegrityError:  # the code is taken: draw another
                continue
            return code, secret
        raise RuntimeError("no free class code")  # pragma: no cover - 26**6 codes

    def class_codes(self) -> list[str]:
        return [r[0] for r in self._read("SELECT code FROM classes ORDER BY rowid")]

    def class_exists(self, code: str) -> bool:
        return bool(self._read("SELECT 1 FROM classes WHERE code = ?", (code,)))

    def new_teacher_secret(self, code: str) -> str:
        """A fresh teacher's secret for ``code`` (the old one stops working; its hash is kept
        among the last :data:`RETIRED_KEPT` retired ones, :meth:`retired_teacher`).  The
        store keeps only hashes: a secret is shown once, when it is made."""
        secret = secrets.token_urlsafe(18)
        salt = secrets.token_bytes(16)
        digest = _scrypt(secret, salt)
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.execute("INSERT INTO retired_secrets (class_code, salt, hash) SELECT "
                                 "code, secret_salt, secret_hash FROM classes WHERE code = ?",
                                 (code,))
                self._db.execute("DELETE FROM retired_secrets WHERE class_code = ? AND rowid "
                                 "NOT IN (SELECT rowid FROM retired_secrets WHERE class_code "
                                 "= ? ORDER BY rowid DESC LIMIT ?)", (code, code, RETIRED_KEPT))
                self._db.execute("UPDATE classes SET secret_salt = ?, secret_hash = ? WHERE "
                                 "code = ?", (salt, digest, code))
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
        return secret

    def retired_teacher(self, code: str, secret: str) -> bool:
        """Was ``secret`` a teacher's secret of ``code`` before a new one replaced it?"""
        if not isinstance(secret, str) or not 0 < len(secret) <= 200:
            return False
        rows = self._read("SELECT salt, hash FROM retired_secrets WHERE class_code = ? "
                          "ORDER BY rowid DESC", (code,))
        return any(hmac.compare_digest(_scrypt(secret, salt), want) for salt, want in rows)

    def check_teacher(self, code: str, secret: str) -> bool:
        rows = self._read("SELECT secret_salt, secret_hash FROM classes WHERE code = ?", (code,))
        if not rows or not isinstance(secret, str) or not 0 < len(secret) <= 200:
            return False
        salt, want = rows[0]
        return hmac.compare_digest(_scrypt(secret, salt), want)

    # ---------------------------------------------------------------- students
    def add_student(self, code: str, name: str) -> tuple[int, str]:
        """A new student of class ``code``: (their id, their seat token; only its HMAC is
        kept)."""
        token = secrets.token_urlsafe(24)
        cur = self._write("INSERT INTO students (class_code, name, token_hash) VALUES (?, ?, ?)",
                          (code, name, self._token_hash(token)))
        assert cur.lastrowid is not None
        return cur.lastrowid, token

    def students(self, code: str) -> dict[int, str]:
        """The class's students: id -> name."""
        return dict(self._read(
            "SELECT id, name FROM students WHERE class_code = ? AND id NOT IN (SELECT student "
            "FROM student_life WHERE merged_into IS NOT NULL OR removed = 1) ORDER BY id",
            (code,)))

    def student_by_token(self, token: str) -> StudentRow | None:
        """The student a seat token is (a merged student's token is the student they were
        merged into; a removed student's is no one's)."""
        rows = self._read("SELECT id, class_code, name FROM students WHERE token_hash = ?",
                          (self._token_hash(token),))
        if not rows:
            return None
        sid = rows[0][0]
        for _ in range(100):  # merges chain (a into b, then b into c); bounded
            life = self._read("SELECT merged_into, removed FROM student_life WHERE student = ?",
                              (sid,))
            if not life:
                break
            into, removed = life[0]
            if removed:
                return None
            if into is None:
                break
            sid = into
        row = self._read("SELECT id, class_code, name FROM students WHERE id = ?", (sid,))
        return StudentRow(*row[0]) if row else None

    def rename_student(self, student: int, name: str) -> None:
        self._write("UPDATE students SET name = ? WHERE id = ?", (name, student))

    def merge_students(self, keep: int, gone: int) -> None:
        """``gone`` is ``keep`` from now on (one person who joined twice): ``gone``'s token
        reaches ``keep``, and ``gone``'s answers and mistakes become ``keep``'s (where both
        answered one question, ``keep``'s answer stays), in one transaction."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.execute("UPDATE OR IGNORE lesson_answers SET student = ? WHERE "
                                 "student = ?", (keep, gone))
                self._db.execute("DELETE FROM lesson_answers WHERE student = ?", (gone,))
                self._db.execute("UPDATE lesson_mistakes SET student = ? WHERE student = ?",
                                 (keep, gone))
                self._db.execute("INSERT INTO student_life (student, merged_into) VALUES (?, ?) "
                                 "ON CONFLICT(student) DO UPDATE SET merged_into = "
                                 "excluded.merged_into", (gone, keep))
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def remove_student(self, student: int) -> None:
        """The student leaves the class list and their token stops working (their answers,
        mistakes and games stay in the store, under their name)."""
        self._write("INSERT INTO student_life (student, removed) VALUES (?, 1) "
                    "ON CONFLICT(student) DO UPDATE SET removed = 1", (student,))

    # ---------------------------------------------------------------- tables
    def create_table(self, code: str, rules: dict[str, Any], seats: Sequence[dict[str, Any]],
                     seed: int, pace: float) -> int:
        cur = self._write("INSERT INTO tables (class_code, rules, seats, seed, pace) "
                          "VALUES (?, ?, ?, ?, ?)",
                          (code, json.dumps(rules), json.dumps(list(seats)), seed, pace))
        assert cur.lastrowid is not None
        return cur.lastrowid

    def set_seats(self, table_id: int, seats: Sequence[dict[str, Any]]) -> None:
        self._write("UPDATE tables SET seats = ? WHERE id = ?", (json.dumps(list(seats)),
                                                                 table_id))

    def tables(self, code: str | None = None) -> list[TableRow]:
        """The tables (of class ``code``, if given), in order; a row that no longer loads is
        left out (:meth:`damaged_tables` says which and why)."""
        return self._tables(code)[0]

    def damaged_tables(self, code: str | None = None) -> dict[int, str]:
        """The tables whose stored row no longer loads (table id -> why, in words)."""
        return self._tables(code)[1]

    def _tables(self, code: str | None) -> tuple[list[TableRow], dict[int, str]]:
        sql = "SELECT id, class_code, rules, seats, seed, pace FROM tables"
        rows = self._read(sql + " WHERE class_code = ? ORDER BY id" if code else
                          sql + " ORDER BY id", (code,) if code else ())
        good, bad = [], {}
        for i, c, r, s, seed, pace in rows:
            try:
                rules, seats = json.loads(r), json.loads(s)
                if not isinstance(rules, dict) or not isinstance(seats, list) or not all(
                        isinstance(x, dict) and "kind" in x for x in seats):
                    raise ValueError("not a table's rules and seats")
                good.append(TableRow(i, c, rules, seats, int(seed), float(pace)))
            except (ValueError, TypeError) as e:
                bad[i] = f"its rules or seats cannot be read ({str(e)[:80]})"
        return good, bad

    # ---------------------------------------------------------------- actions
    def append(self, table_id: int, first_seq: int, entries: Sequence[dict[str, Any]]) -> None:
        """Append ``entries`` (numbered from ``first_seq``) in one transaction, committed (and
        synced) when this returns; a number already taken raises and writes nothing."""
        rows = [(table_id, first_seq + i, json.dumps(e)) for i, e in enumerate(entries)]
        with self._lock:
            if self._db.in_transaction:  # part of a larger change (a prepared deal)
                self._db.executemany(
                    "INSERT INTO actions (table_id, seq, entry) VALUES (?, ?, ?)", rows)
                return
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.executemany(
                    "INSERT INTO actions (table_id, seq, entry) VALUES (?, ?, ?)", rows)
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def actions(self, table_id: int) -> list[dict[str, Any]]:
        """The table's actions in order (each a record entry with its ``kind``)."""
        return [json.loads(r[0]) for r in self._read(
            "SELECT entry FROM actions WHERE table_id = ? ORDER BY seq", (table_id,))]

    def take_back(self, table_id: int, first_seq: int) -> None:
        """Remove the table's actions from number ``first_seq`` on (an undo), in one
        transaction."""
        self._write("DELETE FROM actions WHERE table_id = ? AND seq >= ?", (table_id, first_seq))

    def table_settings(self, table_id: int) -> dict[str, Any]:
        """The table's settings the teacher chose (hints, undo); ``{}`` until one is set."""
        rows = self._read("SELECT value FROM settings WHERE name = ?", (f"table:{table_id}",))
        return dict(json.loads(rows[0][0])) if rows else {}

    def set_table_settings(self, table_id: int, settings: dict[str, Any]) -> None:
        self._write("INSERT OR REPLACE INTO settings VALUES (?, ?)",
                    (f"table:{table_id}", json.dumps(settings)))

    def record(self, table_id: int) -> dict[str, Any]:
        """The table's game as a game record (docs/record-format.md), put together from the stored
        entries alone (a look is not part of a record and is left out)."""
        row = next(t for t in self.tables() if t.id == table_id)
        rec: dict[str, Any] = {"format": RECORD_FORMAT, "rules": row.rules,
                               "players": [s.get("name", "Robot") if s["kind"] == "person"
                                           else "Robot" for s in row.seats]}
        hands: list[dict[str, Any]] = []
        for e in self.actions(table_id):
            e = dict(e)
            kind = e.pop("kind")
            if kind == "deal":
                hands.append({"dealer": e["dealer"], "deal": e["deal"], "bids": [],
                              "exchange": [], "plays": []})
            elif kind == "bid":
                hands[-1]["bids"].append(e)
            elif kind == "exchange":
                hands[-1]["exchange"].append(e)
            elif kind == "play":
                hands[-1]["plays"].append(e)
            elif kind == "claim":  # an accepted claim (docs/record-format.md, "Claims")
                hands[-1]["claim"] = e
        for h in hands:
            if not h["exchange"]:
                del h["exchange"]
        rec["hands"] = hands
        return rec

    # ---------------------------------------------------------------- the teacher's side
    def set_flags(self, table_id: int, *, paused: bool, hold_after: int | None,
                  closed_for: int | None) -> None:
        """Keep what the teacher set at a table (it outlives a restart)."""
        self._write("INSERT INTO table_flags (table_id, paused, hold_after, closed_for) "
                    "VALUES (?, ?, ?, ?) ON CONFLICT(table_id) DO UPDATE SET "
                    "paused = excluded.paused, hold_after = excluded.hold_after, "
                    "closed_for = excluded.closed_for",
                    (table_id, int(paused), hold_after, closed_for))

    def flags(self, table_id: int) -> TableFlags:
        rows = self._read("SELECT paused, hold_after, closed_for FROM table_flags "
                          "WHERE table_id = ?", (table_id,))
        if not rows:
            return TableFlags()
        paused, hold, closed = rows[0]
        return TableFlags(bool(paused), hold, closed)

    def add_deal(self, code: str, source: str, hand: int, record: dict[str, Any],
                 tables: Sequence[int]) -> int:
        cur = self._write("INSERT INTO deals (class_code, source, hand, record, tables) "
                          "VALUES (?, ?, ?, ?, ?)",
                          (code, source, hand, json.dumps(record), json.dumps(list(tables))))
        assert cur.lastrowid is not None
        return cur.lastrowid

    def deals(self, code: str) -> list[DealRow]:
        """The class's prepared deals, oldest first."""
        return [DealRow(i, src, hand, json.loads(rec), json.loads(tables))
                for i, src, hand, rec, tables in self._read(
                    "SELECT id, source, hand, record, tables FROM deals WHERE class_code = ? "
                    "ORDER BY id", (code,))]

    def set_life(self, table_id: int, life: TableLife) -> None:
        """Keep a table's life (it outlives a restart)."""
        self._write("INSERT INTO table_life (table_id, started, start_when, closed, archived) "
                    "VALUES (?, ?, ?, ?, ?) ON CONFLICT(table_id) DO UPDATE SET "
                    "started = excluded.started, start_when = excluded.start_when, "
                    "closed = excluded.closed, archived = excluded.archived",
                    (table_id, int(life.started), life.start_when, int(life.closed),
                     int(life.archived)))

    def life(self, table_id: int) -> TableLife:
        rows = self._read("SELECT started, start_when, closed, archived FROM table_life "
                          "WHERE table_id = ?", (table_id,))
        if not rows:
            return TableLife()
        started, when, closed, archived = rows[0]
        return TableLife(bool(started), when, bool(closed), bool(archived))

    # ---------------------------------------------------------------- lessons
    def add_activity(self, code: str, kind: str, spec: dict[str, Any], at: float) -> int:
        """A new class activity (``poll``, ``whatif``, ``quiz``) as the teacher set it up."""
        cur = self._write("INSERT INTO lesson_activities (class_code, kind, spec, state, at) "
                          "VALUES (?, ?, ?, 'open', ?)", (code, kind, json.dumps(spec), at))
        assert cur.lastrowid is not None
        return cur.lastrowid

    def set_activity_state(self, activity: int, state: str) -> None:
        """``open``, ``revealed`` (the answer shown to the class) or ``ended``."""
        self._write("UPDATE lesson_activities SET state = ? WHERE id = ?", (state, activity))

    def activities(self, code: str) -> list[tuple[int, str, dict[str, Any], str, float]]:
        """The class's activities in order: (id, kind, spec, state, time)."""
        return [(i, k, json.loads(s), state, at) for i, k, s, state, at in self._read(
            "SELECT id, kind, spec, state, at FROM lesson_activities WHERE class_code = ? "
            "ORDER BY id", (code,))]

    def put_answer(self, code: str, activity: int, question: int, prompt: str, student: int,
                   choice: str, answer: str, right: bool | None, at: float) -> None:
        """A student's answer to one question of an activity (a later answer to the same
        question replaces it: a poll may be changed until the answer is shown)."""
        self._write("INSERT INTO lesson_answers (class_code, activity, question, prompt, "
                    "student, choice, answer, right, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
                    "ON CONFLICT (activity, question, student) DO UPDATE SET "
                    "choice = excluded.choice, answer = excluded.answer, "
                    "right = excluded.right, at = excluded.at",
                    (code, activity, question, prompt, student, choice, answer,
                     None if right is None else int(right), at))

    def mark_answers(self, activity: int, right: dict[str, bool]) -> None:
        """Set whether each choice of an activity's answers is right (a poll, once the solver
        has judged the cards)."""
        with self.transaction():
            self._db.executemany("UPDATE lesson_answers SET right = ? WHERE activity = ? AND "
                                 "choice = ?", [(int(v), activity, k) for k, v in right.items()])

    def answers(self, code: str, activity: int | None = None) -> list[dict[str, Any]]:
        """The class's answers (of one activity, if given), oldest first, each with the
        student's name and the activity's kind."""
        sql = ("SELECT a.activity, v.kind, a.question, a.prompt, a.student, s.name, a.choice, "
               "a.answer, a.right, a.at FROM lesson_answers a JOIN students s ON "
               "s.id = a.student JOIN lesson_activities v ON v.id = a.activity WHERE "
               "a.class_code = ?")
        rows = self._read(sql + (" AND a.activity = ?" if activity is not None else "")
                          + " ORDER BY a.at, a.id",
                          (code,) if activity is None else (code, activity))
        keys = ("activity", "kind", "question", "prompt", "student", "name", "choice",
                "answer", "right", "at")
        out = []
        for r in rows:
            d = dict(zip(keys, r, strict=True))
            d["right"] = None if d["right"] is None else bool(d["right"])
            out.append(d)
        return out

    def add_mistake(self, code: str, student: int, rule: str, source: str, preset: str,
                    words: str, at: float) -> None:
        """One mistake of a student: a refused action (``source`` ``table`` or ``poll``) or a
        wrong quiz answer (``quiz``), by rule id, with the sentence the student read."""
        self._write("INSERT INTO lesson_mistakes (class_code, student, rule, source, preset, "
                    "words, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (code, student, rule, source, preset, words, at))

    def mistakes(self, code: str, student: int | None = None) -> list[dict[str, Any]]:
        """The class's mistakes (of one student, if given), oldest first."""
        sql = ("SELECT m.student, s.name, m.rule, m.source, m.preset, m.words, m.at FROM "
               "lesson_mistakes m JOIN students s ON s.id = m.student WHERE m.class_code = ?")
        rows = self._read(sql + (" AND m.student = ?" if student is not None else "")
                          + " ORDER BY m.at, m.id",
                          (code,) if student is None else (code, student))
        keys = ("student", "name", "rule", "source", "preset", "words", "at")
        return [dict(zip(keys, r, strict=True)) for r in rows]

    # ---------------------------------------------------------------- the presenter's
    def view_state(self, name: str) -> dict[str, Any] | None:
        """A page's state kept under ``name`` (the presenter's: what the projector shows)."""
        rows = self._read("SELECT value FROM settings WHERE name = ?", ("view:" + name,))
        return dict(json.loads(rows[0][0])) if rows else None

    def set_view_state(self, name: str, state: dict[str, Any]) -> None:
        self._write("INSERT OR REPLACE INTO settings VALUES (?, ?)",
                    ("view:" + name, json.dumps(state)))

    def size(self) -> int:
        """The bytes the store's file and its write-ahead log take on disk."""
        if self.path == ":memory:":
            return 0
        return sum(p.stat().st_size for p in (Path(self.path), Path(self.path + "-wal"))
                   if p.exists())

    def close(self) -> None:
        with self._lock:
            self._db.close()
            self._release()


__all__ = ["Store", "SqliteStore", "StudentRow", "TableRow", "TableFlags", "TableLife", "DealRow",
           "StoreError", "StoreBusy", "claim", "lock_path", "new_code", "CODE_ALPHABET",
           "SCHEMA_VERSION"]
