"""The classroom command end to end: a real uvicorn on 127.0.0.1, the package's Python client,
and a server killed with SIGKILL mid-hand and started again on the same store."""
from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

from conftest import start_classroom, stop  # noqa: E402
from spades_lab.classroom.client import ClassroomError, Student, Teacher  # noqa: E402
from spades_lab.core.records import replay  # noqa: E402

SPADES_LAB = str(Path(sys.executable).parent / "spades-lab")


def start(db: Path, port: int | None = None) -> tuple[subprocess.Popen[str], str, str, str]:
    """Start ``spades-lab classroom`` on ``port`` (default a free one): (the process, its
    address, the class code, the teacher's secret: conftest's start_classroom)."""
    return start_classroom(db, port=port)


def choose(s: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    if s["legal_bids"]:
        return {"bid": rng.choice(s["legal_bids"])["bid"]}
    if s["exchange"]:
        e = s["exchange"]
        return {"count": e["hi"]} if e["blind"] else {"cards": rng.sample(s["hand"], e["hi"])}
    p = rng.choice(s["legal_plays"])
    return {"card": p["card"], "as": p["as"]}


def kind_of(s: dict[str, Any]) -> str:
    return "bid" if s["legal_bids"] else "exchange" if s["exchange"] else "play"


def my_turn(student: Student, table: int) -> dict[str, Any]:
    """Read what has come in; wait until the student's seat must act or the hand is over."""
    for _ in range(10_000):
        try:
            while True:
                student.recv(timeout=0.3)
        except TimeoutError:
            pass
        s = student.states.get(table)
        if s and (s["waiting_for"] == s["seat"] or s["phase"] in ("deal", "over")):
            return s
        student.recv(timeout=60)
    raise AssertionError("never my turn")


@pytest.mark.slow
@pytest.mark.timeout(300)
def test_sigkill_mid_hand_loses_nothing(tmp_path: Path) -> None:
    db = tmp_path / "class.sqlite3"
    proc, base, code, secret = start(db)
    rng = random.Random(5)
    try:
        with pytest.raises(ClassroomError) as e:
            Student(base, "WRONG1", "Eve")
        assert e.value.status == 403
        ann = Student(base, code, "Ann")
        teacher = Teacher(base, secret)
        with pytest.raises(ClassroomError):
            Teacher(base, "guess").overview()
        tid = teacher.new_table("standard", [ann.id, None, None, None], pace=0, seed=3)["table"]
        for _ in range(20):  # bid, then play a few cards: mid-hand
            s = my_turn(ann, tid)
            answer = ann.act(tid, kind_of(s), **choose(s, rng))
            assert answer["type"] == "ack", answer
        s = my_turn(ann, tid)
        assert s["phase"] == "play"
        before = teacher.overview()["tables"]
        cookie = ann.cookie
        ann.close()
    finally:
        proc.kill()  # SIGKILL: no shutdown, no flush
        proc.wait()
    proc, base, code2, secret2 = start(db)
    try:  # the teacher's address outlives the kill: the restart prints no new one
        assert code2 == code and secret2 == secret
        assert "still works" in db.with_suffix(".log").read_text()
        teacher = Teacher(base, secret)
        assert teacher.overview()["tables"] == before  # every table at the same step
        ann = Student(base, code, "Ann", cookie=cookie)  # the same browser: the same seat
        again = ann.wait(lambda m: m["type"] == "state")["state"]
        assert again["version"] == s["version"] and again["hand"] == s["hand"]
        for _ in range(200):  # play the hand out
            s = my_turn(ann, tid)
            t = teacher.overview()["tables"][0]
            if t["hand"] > 1 or s["phase"] == "deal" or t["phase"] != "play" or not \
                    s["legal_plays"]:
                break
            assert ann.act(tid, "play", **choose(s, rng))["type"] == "ack"
        record = teacher.record(tid)
        result = replay(record)
        assert result.game.hands[0].scores is not None
        assert list(result.game.totals) == teacher.overview()["tables"][0]["totals"]
        ann.close()
    finally:
        stop(proc)


@pytest.mark.slow
def test_help_is_plain_words() -> None:
    out = subprocess.run([SPADES_LAB, "classroom", "--help"], capture_output=True, text=True,
                         check=True).stdout
    assert "class code" in out and "--db PATH" in out and "Ctrl+C" in out
    bad = subprocess.run([SPADES_LAB, "classroom", "--port", "99999"], capture_output=True,
                         text=True)
    assert bad.returncode == 2 and "not a port" in bad.stderr
