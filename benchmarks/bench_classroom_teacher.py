"""The teacher's side of ``spades-lab classroom`` under load (a script, not a test): TABLES robot
tables play at a pace of PACE seconds per action while the teacher asks for every table at a
glance and for one table in full, as the teacher's page does every 3 seconds.  Reports the
p50/p95 time of each request, and the time to deal a prepared hand to every table.

    .venv/bin/python benchmarks/bench_classroom_teacher.py [TABLES] [PACE]
"""
from __future__ import annotations

import statistics
import sys
import time

from spades_lab.classroom.client import Teacher
from spades_lab.classroom.local import start_classroom


def timed(fn: object, n: int) -> list[float]:
    out = []
    for _ in range(n):
        t0 = time.perf_counter()
        fn()  # type: ignore[operator]
        out.append((time.perf_counter() - t0) * 1000)
        time.sleep(0.05)
    return out


def p(xs: list[float]) -> str:
    xs = sorted(xs)
    return f"p50 {statistics.median(xs):.1f} ms, p95 {xs[int(0.95 * (len(xs) - 1))]:.1f} ms"


def main() -> None:
    tables = int(sys.argv[1]) if len(sys.argv) > 1 else 8
    pace = float(sys.argv[2]) if len(sys.argv) > 2 else 0.2
    with start_classroom() as room:
        teacher = Teacher(room.url, room.secret)
        ids = [teacher.new_table("standard", pace=pace, seed=k)["table"] for k in range(tables)]
        time.sleep(1)
        glance = timed(teacher.tables, 60)
        full = timed(lambda: teacher.full(ids[0]), 60)
        t0 = time.perf_counter()
        teacher.deal(ids, name="standard_hand.json", seed=1)
        deal = (time.perf_counter() - t0) * 1000
        print(f"{tables} robot tables at {pace} s a move")
        print(f"every table at a glance: {p(glance)}")
        print(f"one table in full: {p(full)}")
        print(f"a prepared hand dealt to all {tables} tables: {deal:.0f} ms")


if __name__ == "__main__":
    main()
