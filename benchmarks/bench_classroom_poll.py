"""The tables keep answering while a poll's solver works (a script, not a test): a student
plays a Heckadeck hand (Spades and Acorns, 32 cards each) at one table of a TestClient server
and the time from each card sent to its ``ack`` is measured, once with no poll and once while
the teacher's poll on that table's position (budget 30 s, far from solvable in it) is being
solved in the worker process.  Each run is done twice; the first of each warms the imports.

    .venv/bin/python benchmarks/bench_classroom_poll.py [PLAYS]
"""
from __future__ import annotations

import json
import statistics
import sys
import time

from starlette.testclient import TestClient

from spades_lab.classroom.app import create_app
from spades_lab.classroom.store import SqliteStore


def run(poll: bool, plays: int) -> tuple[list[float], str]:
    """Milliseconds from each card sent to its ack, and the solver's state at the end."""
    with TestClient(create_app(SqliteStore(":memory:"))) as client:
        room = client.app.state.classroom  # type: ignore[attr-defined]
        teacher = {"X-Teacher-Secret": room.teacher_secret}
        r = client.post("/api/join", json={"code": room.code, "name": "Ann"})
        cookie = r.cookies["sl_seat"]
        client.cookies.clear()
        tid = client.post("/api/teacher/tables", headers=teacher, json={
            "preset": "acorns", "seats": [r.json()["student"], None, None, None], "pace": 0,
            "seed": 3}).json()["table"]
        t = room.tables[tid]
        times: list[float] = []
        ref = 0
        polled = False
        with client.websocket_connect("/ws", headers={"cookie": f"sl_seat={cookie}"}) as ws:
            for _ in range(100_000):  # bounded: one hand is far fewer messages
                m = json.loads(ws.receive_text())
                if m["type"] not in ("state", "update") or m["table"] != tid:
                    continue
                s = m["state"]
                if s["version"] != t.version or s["waiting_for"] != s["seat"]:
                    continue
                if s["legal_bids"]:
                    ws.send_text(json.dumps({"type": "bid", "table": tid,
                                             "bid": s["legal_bids"][3]["bid"]}))
                    continue
                if not s["legal_plays"]:
                    continue
                if poll and not polled:
                    client.post("/api/teacher/lesson", headers=teacher,
                                json={"type": "poll", "table": tid, "budget": 30})
                    polled = True
                    time.sleep(2)  # the worker has started and is solving
                ref += 1
                p = s["legal_plays"][0]
                t0 = time.perf_counter()
                ws.send_text(json.dumps({"type": "play", "table": tid, "card": p["card"],
                                         "as": p["as"], "ref": ref}))
                while json.loads(ws.receive_text()).get("ref") != ref:
                    pass
                times.append((time.perf_counter() - t0) * 1000)
                if len(times) >= plays:
                    break
        state = client.get("/api/teacher/lesson", headers=teacher).json().get("solver", "-")
        return times, state


def main() -> None:
    plays = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    for poll in (False, True, False, True):
        ts, state = run(poll, plays)
        ts.sort()
        print(f"{'a poll solving' if poll else 'no poll':>14}: {len(ts)} plays, ack p50 "
              f"{statistics.median(ts):.1f} ms, p95 {ts[int(0.95 * (len(ts) - 1))]:.1f} ms, "
              f"max {ts[-1]:.1f} ms; solver at the end: {state}")


if __name__ == "__main__":  # the worker process is spawned: it imports this file again
    main()
