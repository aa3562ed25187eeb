"""Load benchmark of ``spades-lab classroom`` (a script, not a test): TABLES tables of four
students each (32 students by default) play whole standard hands at full speed over websockets
on 127.0.0.1; then, on a fresh server, 8 students at one 8-seat Heckadeck table (``acorns8``).
Each run reports the p50/p95 time from a student's action to every seat's update of it, the
server's memory (VmRSS) and the store's bytes per hand.

    .venv/bin/python benchmarks/bench_classroom.py [TABLES] [HANDS] [--only standard|acorns8]
"""
from __future__ import annotations

import os
import random
import re
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

from spades_lab.classroom.client import Student, Teacher

BIN = Path(sys.executable).parent / "spades-lab"


def cpu_seconds(pid: int) -> float:
    """The CPU time (user + system) process ``pid`` has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    argv = sys.argv[1:]
    only = None
    if "--only" in argv:
        k = argv.index("--only")
        only = argv[k + 1]
        del argv[k:k + 2]
    tables = int(argv[0]) if argv else 8
    hands = int(argv[1]) if len(argv) > 1 else 1
    if only in (None, "standard"):
        run_class("standard", tables, 4, hands)
    if only in (None, "acorns8"):
        run_class("acorns8", 1, 8, hands)


def run_class(preset: str, tables: int, seats: int, hands: int) -> None:
    """``tables`` tables of ``seats`` students each play ``hands`` hands of ``preset``."""
    tmp = Path(tempfile.mkdtemp())
    db = tmp / "bench.sqlite3"
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([str(BIN), "classroom", "--port", str(port), "--db", str(db)],
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    text = ""
    while "Store:" not in text:
        text += proc.stdout.readline()
    code = re.search(r"class code (\w+)", text).group(1)  # type: ignore[union-attr]
    secret = re.search(r"#secret=(\S+)", text).group(1)  # type: ignore[union-attr]
    base = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            urllib.request.urlopen(base + "/", timeout=5)
            break
        except OSError:
            time.sleep(0.2)
    teacher = Teacher(base, secret)
    sent: dict[tuple[int, int], float] = {}  # (table, version after) -> send time
    seen: dict[tuple[int, int], list[float]] = {}
    scored: dict[Any, int] = {}
    lock = threading.Lock()
    done = threading.Event()
    groups = []
    for k in range(tables):
        people = [Student(base, code, f"S{k}-{i}") for i in range(seats)]
        tid = teacher.new_table(preset, [p.id for p in people], pace=0, seed=k)["table"]
        groups.append((tid, people))

    def run(tid: int, me: Student, rng: random.Random) -> None:
        while not done.is_set():
            try:
                m = me.recv(timeout=30)
            except TimeoutError:
                return
            if m["type"] != "update" and m["type"] != "state":
                continue
            st = m["state"]
            now = time.perf_counter()
            if m["type"] == "update":
                with lock:
                    seen.setdefault((tid, m["version"]), []).append(now)
            if m["type"] == "update":
                scored[me.id] = scored.get(me.id, 0) + sum(e["kind"] == "hand"
                                                           for e in m["events"])
            if scored.get(me.id, 0) >= hands:
                return
            if st["waiting_for"] != st["seat"] or st["over"]:
                continue
            msg: dict[str, Any] = {"type": "", "table": tid}
            if st["legal_bids"]:
                msg.update(type="bid", bid=rng.choice(st["legal_bids"])["bid"])
            elif st["exchange"]:
                e = st["exchange"]
                if e["blind"]:
                    msg.update(type="exchange", count=e["hi"])
                else:
                    msg.update(type="exchange", cards=rng.sample(st["hand"], e["hi"]))
            elif st["legal_plays"]:
                p = rng.choice(st["legal_plays"])
                msg.update(type="play", card=p["card"], **({"as": p["as"]} if p["as"] else {}))
            else:
                continue
            with lock:
                sent[(tid, st["version"] + 1)] = time.perf_counter()
            me.send(msg)

    threads = []
    cpu0 = cpu_seconds(proc.pid)
    t0 = time.perf_counter()
    for tid, people in groups:
        for i, p in enumerate(people):
            th = threading.Thread(target=run, args=(tid, p, random.Random(tid * 10 + i)))
            th.start()
            threads.append(th)
    for th in threads:
        th.join(timeout=600)
    done.set()
    wall = time.perf_counter() - t0
    lat = []
    for key, t_sent in sent.items():
        arrivals = seen.get(key, [])
        if len(arrivals) == seats:
            lat.append((max(arrivals) - t_sent) * 1000)
    cpu = cpu_seconds(proc.pid) - cpu0
    rss = 0
    for line in Path(f"/proc/{proc.pid}/status").read_text().splitlines():
        if line.startswith("VmRSS"):
            rss = int(line.split()[1]) // 1024
    ov = teacher.overview()["tables"]
    played = sum(t["hand"] - (0 if t["phase"] == "deal" else 1) for t in ov)
    size = sum(p.stat().st_size for p in tmp.glob("bench.sqlite3*"))
    proc.kill()
    proc.wait()
    lat.sort()
    print(f"{preset}: {tables} tables, {seats * tables} students, {len(lat)} actions timed, "
          f"{wall:.1f} s")
    if lat:
        print(f"action -> every seat's update: p50 {statistics.median(lat):.1f} ms, "
              f"p95 {lat[int(0.95 * (len(lat) - 1))]:.1f} ms")
    print(f"server memory (VmRSS): {rss} MB; server CPU {cpu:.1f} s for the hands, "
          f"{1000 * cpu / max(len(sent), 1):.1f} ms per action")
    print(f"store: {size} bytes for {played} complete hands "
          f"({size // max(played, 1)} bytes per hand, WAL included)")
    with sqlite3.connect(db) as con:  # the WAL folded in: what the store keeps for good
        entries = con.execute("SELECT COALESCE(SUM(LENGTH(entry)), 0) FROM actions"
                              ).fetchone()[0]
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    kept = db.stat().st_size
    print(f"store after a checkpoint: {kept} bytes ({kept // max(played, 1)} bytes per hand; "
          f"the actions' JSON {entries // max(played, 1)} bytes per hand)")


if __name__ == "__main__":
    main()
