"""The classroom's store (spades_lab/classroom/store.py, issue 28): one server per store (a
lock a killed server does not leave behind), whole operations (a prepared deal, a move, a pause
of many tables: all stored or none, in the store and in memory, a failure injected at every
write and a real server killed mid-deal), the schema version, a read-only or damaged store a
one-line error naming the file, and one table that no longer loads reported without stopping
the class."""
from __future__ import annotations

import json
import logging
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient  # noqa: E402
from test_classroom import Room  # noqa: E402

from spades_lab.classroom.app import create_app  # noqa: E402
from spades_lab.classroom.store import (  # noqa: E402
    SCHEMA,
    SCHEMA_VERSION,
    SqliteStore,
    StoreBusy,
    StoreError,
    lock_path,
)
from spades_lab.cli import main  # noqa: E402

pytestmark = pytest.mark.timeout(300)
SPADES_LAB = str(Path(sys.executable).parent / "spades-lab")
DEAL = {"source": "course", "name": "standard_hand.json", "hand": 1}


def refused(capsys: pytest.CaptureFixture[str], db: Path) -> str:
    """``spades-lab classroom --db DB`` in this process: exit 2, one line on stderr naming the
    file, no traceback, nothing on stdout (no address printed for a server that never ran)."""
    code = main(["classroom", "--port", "1", "--db", str(db)])
    out, err = capsys.readouterr()
    assert code == 2 and out == "", (out, err)
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    assert err.startswith("spades-lab classroom: error: ") and str(db) in err, err
    return err


# ---------------------------------------------------------------------------- one server


def test_a_second_server_on_one_store_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "class.sqlite3"
    first = SqliteStore(db, lock=True)
    with pytest.raises(StoreBusy) as e:
        SqliteStore(db, lock=True)
    assert str(db) in str(e.value) and f"(process {os.getpid()})" in str(e.value)
    assert "another --db" in str(e.value)
    assert lock_path(db).read_text() == str(os.getpid())
    first.close()  # closed: the next server may have it
    second = SqliteStore(db, lock=True)
    second.close()
    one, two = SqliteStore(":memory:", lock=True), SqliteStore(":memory:", lock=True)
    one.close()  # a store in memory is its own: nothing to lock
    two.close()


def test_the_command_refuses_a_store_another_server_holds(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "class.sqlite3"
    held = SqliteStore(db, lock=True)
    secret = held.create_class("Room 4")[1]
    code = held.class_codes()[0]
    err = refused(capsys, db)
    assert "in use by another classroom server" in err
    assert held.check_teacher(code, secret)  # the teacher's secret was not replaced
    held.close()


def serve(db: Path, *, wrap: str = "") -> subprocess.Popen[str]:
    """``spades-lab classroom`` on a free port (``wrap``: Python run first, in the server's
    process), its output piped."""
    from conftest import free_port
    args = ["classroom", "--port", str(free_port()), "--db", str(db)]
    cmd = [sys.executable, "-c", f"{wrap}\nfrom spades_lab.cli import main\n"
           f"raise SystemExit(main({args!r}))"]
    return subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONPATH": str(Path.cwd())})


def address(proc: subprocess.Popen[str], secret: str = "") -> tuple[str, str]:
    """The server's address and the teacher's secret, read from what it prints; a restart on
    the same store prints no secret (the one made first still works): ``secret`` then."""
    from conftest import wait_http
    assert proc.stdout is not None
    lines = []
    for _ in range(200):
        line = proc.stdout.readline()
        lines.append(line)
        if line.startswith("Store:") or not line:
            break
    text = "".join(lines)
    found = re.search(r"(http://127\.0\.0\.1:\d+)/teacher#secret=(\S+)", text)
    assert found, text + (proc.stderr.read() if proc.stderr else "")
    wait_http(found.group(1) + "/", proc)  # type: ignore[arg-type]
    printed = found.group(2)
    return found.group(1), secret if printed == "..." else printed


def http(method: str, url: str, secret: str, body: Any = None) -> tuple[int, Any]:
    import httpx
    r = httpx.request(method, url, headers={"X-Teacher-Secret": secret}, json=body,
                      timeout=30)
    return r.status_code, r.json()


@pytest.mark.slow
def test_a_second_server_is_refused_and_a_killed_one_blocks_nothing(tmp_path: Path) -> None:
    from conftest import stop
    db = tmp_path / "class.sqlite3"
    first = serve(db)
    try:
        base, secret = address(first)
        second = subprocess.run([SPADES_LAB, "classroom", "--port", "1", "--db", str(db)],
                                capture_output=True, text=True, timeout=120)
        assert second.returncode == 2 and second.stdout == "", second
        lines = second.stderr.strip().splitlines()
        assert len(lines) == 1 and "in use by another classroom server" in lines[0], lines
        assert f"(process {first.pid})" in lines[0] and str(db) in lines[0]
        assert http("GET", base + "/api/teacher/overview", secret)[0] == 200  # still its own
        first.kill()  # SIGKILL: no shutdown, the lock is the system's to let go
        first.wait()
        again = serve(db)
        try:
            base, secret = address(again, secret)
            assert http("GET", base + "/api/teacher/overview", secret)[0] == 200
        finally:
            stop(again)
    finally:
        if first.poll() is None:
            first.kill()
            first.wait()


# ---------------------------------------------------------------------------- the schema


def test_the_store_records_its_schema_version(tmp_path: Path) -> None:
    db = tmp_path / "class.sqlite3"
    s = SqliteStore(db)
    assert s.schema_version() == SCHEMA_VERSION >= 1
    s.close()
    assert sqlite3.connect(db).execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_a_store_from_before_versions_is_brought_up_to_date(tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite3"
    old = sqlite3.connect(db)
    old.executescript(SCHEMA)  # the first schema alone: no teacher's or lesson's tables
    old.execute("INSERT INTO classes VALUES ('ACDEFG', 'Class', x'00', x'00')")
    old.commit()
    old.close()
    s = SqliteStore(db)
    assert s.schema_version() == SCHEMA_VERSION and s.class_codes() == ["ACDEFG"]
    assert s.deals("ACDEFG") == [] and s.activities("ACDEFG") == []  # the new tables are there
    s.close()


def test_a_newer_store_is_refused_and_left_as_it_was(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "new.sqlite3"
    s = SqliteStore(db)
    s.create_class("Class")
    s.close()
    con = sqlite3.connect(db)
    con.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 6}")
    con.commit()
    con.close()
    before = db.read_bytes()
    with pytest.raises(StoreError) as e:
        SqliteStore(db)
    words = str(e.value)
    assert str(db) in words and f"store version {SCHEMA_VERSION + 6}" in words
    assert f"versions up to {SCHEMA_VERSION}" in words and "newer spades-lab" in words
    assert db.read_bytes() == before
    err = refused(capsys, db)
    assert f"store version {SCHEMA_VERSION + 6}" in err
    assert db.read_bytes() == before
    for _ in range(2):  # a refusal leaves no lock held: refused again for its version
        with pytest.raises(StoreError) as e:
            SqliteStore(db, lock=True)
        assert not isinstance(e.value, StoreBusy) and "newer" in str(e.value)


def test_a_damaged_or_foreign_file_is_one_line(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"this is not a database at all\n" * 200)
    with pytest.raises(StoreError, match="damaged or is not a classroom store"):
        SqliteStore(junk)
    assert "damaged" in refused(capsys, junk)
    other = tmp_path / "other.sqlite3"
    con = sqlite3.connect(other)
    con.execute("CREATE TABLE photos (name TEXT)")
    con.commit()
    con.close()
    assert "not a classroom store" in refused(capsys, other)
    folder = tmp_path / "no" / "such" / "folder" / "class.sqlite3"
    assert "cannot be" in refused(capsys, folder)


@pytest.fixture
def read_only_folder(tmp_path: Path) -> Iterator[Path]:
    """A folder and a store in it that this test's commands can read but not write (as root,
    the commands run without the power to override permissions: ``setpriv``).  The store's
    lock file may be written (the lock is taken, then SQLite finds the file read-only)."""
    if os.geteuid() == 0 and not shutil.which("setpriv"):
        pytest.skip("root, and no setpriv to run a command without overriding permissions")
    top = tmp_path / "shelf"
    top.mkdir()
    db = top / "class.sqlite3"
    s = SqliteStore(db)
    s.create_class("Class")
    s.close()
    lock_path(db).write_text("")
    for p in top.iterdir():
        p.chmod(0o644 if p == lock_path(db) else 0o444)
    top.chmod(0o555)
    try:
        yield top
    finally:
        top.chmod(0o755)


def as_reader(*argv: str) -> subprocess.CompletedProcess[str]:
    """Run ``spades-lab ARGV`` unable to write what the permissions forbid."""
    prefix = ["setpriv", "--bounding-set=-dac_override,-dac_read_search,-fowner", "--"] \
        if os.geteuid() == 0 else []
    return subprocess.run([*prefix, SPADES_LAB, *argv],
                          capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(Path.cwd())})


def test_a_read_only_store_is_one_line_naming_it(read_only_folder: Path) -> None:
    db = read_only_folder / "class.sqlite3"
    before = db.read_bytes()
    for path, words in ((db, "cannot be written (a read-only file or folder)"),
                        (read_only_folder / "new.sqlite3", "lock file")):
        r = as_reader("classroom", "--port", "1", "--db", str(path))
        assert r.returncode == 2 and r.stdout == "", r
        lines = r.stderr.strip().splitlines()
        assert len(lines) == 1 and "Traceback" not in r.stderr, r.stderr
        assert str(path) in lines[0] and words in lines[0] and "read-only" in lines[0], lines
    assert db.read_bytes() == before


# ---------------------------------------------------------------------------- whole operations


class Failing:
    """Make the store's ``n``-th write (of the methods named) raise, as a full disk would."""

    WRITES = ("create_table", "append", "set_flags", "set_seats", "add_deal")

    def __init__(self, store: SqliteStore, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls = 0
        self.fail_at: int | None = None
        for name in self.WRITES:
            real = getattr(store, name)
            monkeypatch.setattr(store, name, self._wrap(real))

    def _wrap(self, real: Any) -> Any:
        def write(*args: Any, **kw: Any) -> Any:
            self.calls += 1
            if self.calls == self.fail_at:
                raise sqlite3.OperationalError("disk I/O error")
            return real(*args, **kw)
        return write

    def arm(self, n: int | None) -> None:
        self.calls, self.fail_at = 0, n


def snapshot(db: Path) -> dict[str, list[Any]]:
    """Every row of the store, read by a connection of its own (the file as a restarted server
    would find it)."""
    con = sqlite3.connect(db)
    try:
        return {name: con.execute(f"SELECT * FROM {name} ORDER BY rowid").fetchall()
                for name in ("tables", "actions", "table_flags", "deals", "students")}
    finally:
        con.close()


def memory(room: Room) -> Any:
    return {tid: (json.dumps(t.seats), t.paused, t.hold_after, t.closed_for, t.version)
            for tid, t in room.room.tables.items()}


def seated_once(room: Room) -> None:
    """No student sits at two open tables."""
    seen: dict[int, int] = {}
    for t in room.room.tables.values():
        if t.closed_for is not None:
            continue
        for s in t.seats:
            if s["kind"] == "person":
                assert s["student"] not in seen, (s, seen)
                seen[s["student"]] = t.id


@pytest.fixture
def filed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Room, Path,
                                                                               Failing]]:
    db = tmp_path / "class.sqlite3"
    store = SqliteStore(db)
    failing = Failing(store, monkeypatch)
    with TestClient(create_app(store)) as client:
        yield Room(client), db, failing


def post(room: Room, path: str, body: dict[str, Any]) -> Any:
    return room.client.post(path, headers=room.teacher, json=body)


def test_a_deal_that_fails_at_any_write_leaves_the_class_as_it_was(
        filed: tuple[Room, Path, Failing]) -> None:
    room, db, failing = filed
    a, _ = room.join("Ann")
    b, _ = room.join("Ben")
    olds = [room.new_table("standard", [a, None, None, None], seed=1, pace=10),
            room.new_table("standard", [None, b, None, None], seed=2, pace=10),
            room.new_table("standard", [None] * 4, seed=3, pace=10)]
    body = {**DEAL, "tables": [{"table": t} for t in olds], "seed": 4}
    stored, held = snapshot(db), memory(room)
    failing.arm(None)
    writes = 0
    n = 1
    while True:
        failing.arm(n)
        r = post(room, "/api/teacher/deal", body)
        if r.status_code == 200:  # past the last write: nothing failed
            writes = n - 1
            break
        assert r.status_code == 503, r.text
        assert "nothing was changed" in r.json()["error"] and str(db) in r.json()["error"]
        assert snapshot(db) == stored, n  # the store as before: no table, no deal, no flag
        assert memory(room) == held, n  # and the tables in memory as before
        seated_once(room)
        n += 1
    assert writes == 4 * len(olds) + 1  # each table: made, dealt, held, the old one closed
    deal = r.json()
    after = snapshot(db)
    assert len(after["deals"]) == 1 and len(after["tables"]) == 2 * len(olds)
    assert [e["table"] for e in deal["tables"]] == json.loads(after["deals"][0][-1])
    seated_once(room)
    for old in olds:
        assert room.room.tables[old].closed_for in [e["table"] for e in deal["tables"]]


def test_a_move_and_a_pause_of_many_tables_are_whole(filed: tuple[Room, Path, Failing]) -> None:
    room, db, failing = filed
    a, _ = room.join("Ann")
    t1 = room.new_table("standard", [a, None, None, None], seed=1, pace=10)
    t2 = room.new_table("standard", [None] * 4, seed=2, pace=10)
    t3 = room.new_table("standard", [None] * 4, seed=3, pace=10)
    stored, held = snapshot(db), memory(room)
    failing.arm(2)  # the move's second write: Ann's new seat
    r = post(room, "/api/teacher/seat", {"table": t2, "seat": 1, "student": a})
    assert r.status_code == 503 and "nothing was changed" in r.json()["error"], r.text
    assert snapshot(db) == stored and memory(room) == held
    failing.arm(None)
    assert post(room, "/api/teacher/seat", {"table": t2, "seat": 1, "student": a}).json()[
        "seats"][1] == "person"
    seated_once(room)
    assert room.room.tables[t1].seats[0]["kind"] == "bot"
    stored, held = snapshot(db), memory(room)
    for k in (1, 2, 3):  # the pause of three tables fails at each of its writes
        failing.arm(k)
        r = post(room, "/api/teacher/pause", {"tables": [t1, t2, t3]})
        assert r.status_code == 503, r.text
        assert snapshot(db) == stored and memory(room) == held
        assert not any(t.paused for t in room.room.tables.values())
    failing.arm(None)
    assert post(room, "/api/teacher/pause", {"tables": [t1, t2, t3]}).json()["tables"] == \
        [t1, t2, t3]
    assert all(t.paused for t in room.room.tables.values())


def test_a_transaction_is_all_or_nothing(tmp_path: Path) -> None:
    s = SqliteStore(tmp_path / "class.sqlite3")
    code, _ = s.create_class("Class")
    with pytest.raises(RuntimeError), s.transaction():
        tid = s.create_table(code, {"preset": "standard"}, [{"kind": "bot"}] * 4, 1, 0.0)
        s.append(tid, 0, [{"kind": "look", "seat": 0}])
        raise RuntimeError("a crash in the middle")
    assert s.tables(code) == []
    with s.transaction(), s.transaction():  # nested: the outer one commits
        tid = s.create_table(code, {"preset": "standard"}, [{"kind": "bot"}] * 4, 1, 0.0)
    assert [t.id for t in s.tables(code)] == [tid]
    s.close()


KILL_AT = """
import os, signal
from spades_lab.classroom import store as _store
_real = _store.SqliteStore.{method}
_calls = [0]
def _dies(self, *args, **kw):
    _calls[0] += 1
    if _calls[0] == {n}:
        os.kill(os.getpid(), signal.SIGKILL)
    return _real(self, *args, **kw)
_store.SqliteStore.{method} = _dies
"""


@pytest.mark.slow
@pytest.mark.parametrize("method,n", [("add_deal", 1), ("set_flags", 3)])
def test_a_server_killed_mid_deal_restarts_whole(tmp_path: Path, method: str, n: int) -> None:
    """A real server's process killed (SIGKILL) in the middle of a prepared deal, at its last
    write or between two tables: started again, the class is as before the deal."""
    from conftest import stop
    db = tmp_path / "class.sqlite3"
    proc = serve(db)
    try:
        base, secret = address(proc)
        tables = [http("POST", base + "/api/teacher/tables", secret,
                       {"preset": "standard", "pace": 10, "seed": k})[1]["table"]
                  for k in range(3)]
    finally:
        stop(proc)
    stored = snapshot(db)
    doomed = serve(db, wrap=KILL_AT.format(method=method, n=n))
    try:
        base, secret = address(doomed, secret)
        import httpx
        with pytest.raises(httpx.HTTPError):  # the server dies before it answers
            http("POST", base + "/api/teacher/deal", secret,
                 {**DEAL, "tables": [{"table": t} for t in tables]})
        doomed.wait(timeout=30)
        assert doomed.returncode == -9
    finally:
        if doomed.poll() is None:
            doomed.kill()
            doomed.wait()
    after = snapshot(db)
    assert after["deals"] == [] and after["tables"] == stored["tables"]
    assert after == stored
    again = serve(db)
    try:
        base, secret = address(again, secret)
        view = http("GET", base + "/api/teacher/overview", secret)[1]
        assert [t["table"] for t in view["tables"]] == tables and view["deals"] == []
        assert not any(t["status"] == "closed" for t in view["tables"])
        assert view["problems"] == []
    finally:
        stop(again)


# ---------------------------------------------------------------------------- a bad table


def test_one_table_that_no_longer_loads_is_reported_and_the_class_goes_on(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    db = tmp_path / "class.sqlite3"
    with TestClient(create_app(SqliteStore(db))) as client:
        room = Room(client)
        a, _ = room.join("Ann")
        good = room.new_table("standard", [None] * 4, seed=1, pace=0)
        bad_json = room.new_table("standard", [None] * 4, seed=2, pace=0)
        bad_rules = room.new_table("standard", [a, None, None, None], seed=3, pace=10)
        bad_play = room.new_table("standard", [None] * 4, seed=4, pace=0)
        deadline = time.monotonic() + 60
        tables = room.room.tables
        while min(tables[bad_play].version, tables[bad_json].version) < 20 and \
                time.monotonic() < deadline:
            time.sleep(0.01)
        post(room, "/api/teacher/pause", {"tables": [good, bad_json, bad_play]})
    con = sqlite3.connect(db)
    con.execute("UPDATE actions SET entry = '{not json' WHERE table_id = ? AND seq = 0",
                (bad_json,))
    con.execute("UPDATE tables SET rules = '[1, 2' WHERE id = ?", (bad_rules,))
    seq, entry = con.execute("SELECT seq, entry FROM actions WHERE table_id = ? AND entry LIKE "
                             "'%\"play\"%' ORDER BY seq LIMIT 1", (bad_play,)).fetchone()
    e = json.loads(entry)
    e["card"] = "XX"  # a card no deck has: the engine refuses it on replay
    con.execute("UPDATE actions SET entry = ? WHERE table_id = ? AND seq = ?",
                (json.dumps(e), bad_play, seq))
    con.commit()
    con.close()
    with caplog.at_level(logging.ERROR, logger="spades_lab.classroom"), \
            TestClient(create_app(SqliteStore(db), new_secret=True)) as client:
        room = Room(client)
        assert list(room.room.tables) == [good]  # the class goes on with the table that loads
        view = room.client.get("/api/teacher/overview", headers=room.teacher).json()
        problems = view["problems"]
        assert len(problems) == 3
        for tid, words in zip(sorted([bad_json, bad_rules, bad_play]), sorted(
                problems, key=lambda w: int(w.split()[1])), strict=True):
            assert words.startswith(f"Table {tid} could not be loaded from the store")
            assert "Traceback" not in words and words.endswith(".")
        assert {r.getMessage() for r in caplog.records} == set(problems)  # and in the log
        assert [t["table"] for t in view["tables"]] == [good]
        for name in ("records.zip", "answers.csv", "report.html", "report.json",
                     "results.json"):
            r = room.client.get(f"/api/teacher/export/{name}", headers=room.teacher)
            assert r.status_code == 200, (name, r.text)
        v = room.room.tables[good].version
        assert post(room, "/api/teacher/resume", {"tables": [good]}).status_code == 200
        deadline = time.monotonic() + 60
        while room.room.tables[good].version == v and time.monotonic() < deadline:
            time.sleep(0.01)
        assert room.room.tables[good].version > v  # its robots play on
