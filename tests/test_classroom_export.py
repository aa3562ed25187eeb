"""Taking a class session home (spades_lab/classroom/export.py): every table's record replays
(by ``spades-lab replay`` too) to the scores the teacher's page shows, the report's figures are
the store's, the answers CSV has one row per answer, a student downloads only their own games
and only their scored hands."""
from __future__ import annotations

import csv
import io
import json
import random
import subprocess
import sys
import time
import zipfile
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient  # noqa: E402
from test_classroom import Room, Seat, choose  # noqa: E402

from spades_lab.classroom.app import create_app  # noqa: E402
from spades_lab.classroom.export import answer_rows, answers_csv  # noqa: E402
from spades_lab.classroom.store import SqliteStore  # noqa: E402
from spades_lab.core.records import replay  # noqa: E402

pytestmark = pytest.mark.timeout(300)
SPADES_LAB = str(Path(sys.executable).parent / "spades-lab")
EXPORTS = ["records.zip", "answers.csv", "report.html", "report.json", "report.pdf"]


@pytest.fixture
def room() -> Any:
    with TestClient(create_app(SqliteStore(":memory:"))) as client:
        yield Room(client)


def a_session(room: Room) -> tuple[int, int, int, str]:
    """Ann plays a whole hand at table 1 (one bid refused first) and half of the next; robots
    play a whole game at table 2.  Returns (Ann, her table, the robots' table, her cookie)."""
    a, ca = room.join("Ann")
    t1 = room.new_table("standard", [a, None, None, None], seed=3)
    t2 = room.new_table("online", [None] * 4, seed=4, options={"target": 100})
    rng = random.Random(2)
    t = room.room.tables[t1]
    with room.connect(ca) as w:
        s = Seat(w, room.room, t1)
        s.settle()
        refused = False
        for _ in range(400):
            s.settle()
            if len(t.game.hands) == 2 and len(t.game.hand.tricks) >= 3:
                break
            if not refused and s.state["legal_bids"]:
                m = s.send({"type": "bid", "table": t1, "bid": 99})
                assert m["type"] == "refused" and m["rule"] == "bid-out-of-range"
                refused = True
            assert s.send(choose(s.state, rng))["type"] == "ack"
        assert refused and len(t.game.hands) == 2
    for _ in range(3000):
        if room.room.tables[t2].game.over:
            break
        time.sleep(0.002)
    assert room.room.tables[t2].game.over
    return a, t1, t2, ca


def get(room: Room, name: str) -> Any:
    r = room.client.get(f"/api/teacher/export/{name}", headers=room.teacher)
    assert r.status_code == 200, r.text
    return r


def test_exports_need_the_secret(room: Room) -> None:
    for k, name in enumerate(EXPORTS):
        with TestClient(room.client.app, client=(f"10.2.0.{k}", 4000)) as c:
            r = c.get(f"/api/teacher/export/{name}", headers={"X-Teacher-Secret": "guess"})
        assert r.status_code == 403 and "teacher's secret" in r.json()["error"]
    r = room.client.get("/api/my/games.zip")
    assert r.status_code == 401 and "Join the class" in r.json()["error"]


def test_every_exported_record_replays_to_the_shown_scores(room: Room, tmp_path: Path) -> None:
    a, t1, t2, _ = a_session(room)
    r = get(room, "records.zip")
    assert r.headers["content-disposition"] == \
        f'attachment; filename="class-{room.room.code}-records.zip"'
    shown = {x["table"]: x["totals"] for x in room.client.get(
        "/api/teacher/overview", headers=room.teacher).json()["tables"]}
    with zipfile.ZipFile(io.BytesIO(r.content)) as z:
        names = z.namelist()
        assert names == [f"table-{t1}.json", f"table-{t2}.json"]
        for name in names:
            rec = json.loads(z.read(name))
            tid = int(name[6:-5])
            assert list(replay(rec).totals) == shown[tid]
            path = tmp_path / name
            path.write_bytes(z.read(name))
            out = subprocess.run([SPADES_LAB, "replay", "--json", str(path)],
                                 capture_output=True, text=True, timeout=60)
            assert out.returncode == 0, out.stderr
            assert json.loads(out.stdout)["totals"] == shown[tid]


def test_the_reports_figures_are_the_stores(room: Room) -> None:
    a, t1, t2, _ = a_session(room)
    figures = get(room, "report.json").json()
    store = room.room.store
    for line in figures["tables"]:
        result = replay(store.record(line["table"]))
        assert line["totals"] == list(result.totals)
        assert line["hands"] == sum(1 for h in result.hands if h.complete)
    # the robots' own game (no person ever sat there) is left out of the report
    assert [x["table"] for x in figures["tables"]] == [t1] and t2 in room.room.tables
    assert [x["hands"] for x in figures["tables"]] == [1]
    want = Counter(x["rule"] for x in store.mistakes(room.room.code))
    assert figures["mistakes"] == dict(want) == {"bid-out-of-range": 1}
    assert figures["by_student"] == {"Ann": {"bid-out-of-range": 1}}
    # a score per student and per rule, in words; refused actions apart from quiz answers
    assert figures["students"] == [{"student": a, "name": "Ann", "answers": 0, "right": 0,
                                    "wrong": 0, "refused": 1, "hands": 1,
                                    "words": "no answers; 1 refused action; 1 hand played"}]
    assert figures["rules"] == [{"words": "An ordinary bid below 0 or above the hand size",
                                 "refused": 1, "wrong": 0, "students": {"Ann": 1}}]
    assert figures["refused"] == 1 and figures["wrong_quiz"] == 0
    page = get(room, "report.html").text
    assert "Mistakes by rule" in page and "An ordinary bid below 0 or above the hand size" in page
    assert "bid-out-of-range" not in page  # no rule id in the words
    assert "Each student" in page and "1 refused action" in page
    assert "@page" in page  # the handouts' print CSS
    for line in figures["tables"]:
        assert ", ".join(f"{n} {s}" for n, s in zip(line["teams"], line["totals"],
                                                     strict=True)) in page


def test_the_report_says_each_tables_real_rules_and_counts_quiz_answers_apart(
        room: Room) -> None:
    """A table that played with an option says so in the report (it used to say only the
    rule set); a wrong quiz answer is counted as a wrong answer, not as a refused action; a
    score per student counts their answers."""
    a, ca = room.join("Ann")
    b, _ = room.join("Ben")
    tid = room.new_table("standard", [a, None, b, None], seed=3, start="now",
                         options={"failed_nil_tricks": "count_toward_bid"})
    store, code = room.room.store, room.room.code
    quiz = store.add_activity(code, "quiz", {}, 1.0)
    store.put_answer(code, quiz, 0, "Who wins?", a, "1", "North", True, 2.0)
    store.put_answer(code, quiz, 1, "How many?", a, "0", "3", False, 3.0)
    store.put_answer(code, quiz, 0, "Who wins?", b, "0", "East", False, 4.0)
    store.add_mistake(code, a, "must-follow-suit", "quiz", "standard", "...", 3.0)
    store.add_mistake(code, b, "must-follow-suit", "table", "standard", "...", 5.0)
    figures = get(room, "report.json").json()
    line = next(x for x in figures["tables"] if x["table"] == tid)
    assert line["rules"].startswith("Spades (standard), with: After a failed nil")
    by = {s["name"]: s for s in figures["students"]}
    assert (by["Ann"]["answers"], by["Ann"]["right"], by["Ann"]["wrong"],
            by["Ann"]["refused"]) == (2, 1, 1, 0)
    assert by["Ann"]["words"].startswith("1 of 2 answers right (50%); no refused action")
    assert (by["Ben"]["right"], by["Ben"]["refused"]) == (0, 1)
    rule = figures["rules"][0]
    assert (rule["refused"], rule["wrong"], rule["students"]) == (1, 1, {"Ann": 1, "Ben": 1})
    assert "must-follow-suit" not in get(room, "report.html").text


def test_the_answers_csv_has_one_row_per_answer(room: Room) -> None:
    r = get(room, "answers.csv")  # no poll or quiz yet: the header alone
    assert r.text == "student,question,answer,right,time\n"
    s = SqliteStore(":memory:")
    code, _ = s.create_class("csv")
    ann, _ = s.add_student(code, "Ann")
    ben, _ = s.add_student(code, "Ben, Jr.")
    poll = s.add_activity(code, "poll", {}, 1.0)
    quiz = s.add_activity(code, "quiz", {}, 2.0)
    s.put_answer(code, poll, 0, "Which card?", ann, "QH", "Queen of Hearts", False, 3.0)
    s.put_answer(code, poll, 0, "Which card?", ben, "AS", "Ace", True, 4.0)
    s.put_answer(code, quiz, 0, "How many?", ann, "2", "3", None, 5.0)
    rows = answer_rows(s, code)
    parsed = list(csv.DictReader(io.StringIO(answers_csv(rows))))
    assert len(parsed) == len(rows) == 3
    assert [p["right"] for p in parsed] == ["no", "yes", ""]
    assert parsed[1]["student"] == "Ben, Jr." and parsed[0]["answer"] == "Queen of Hearts"
    assert parsed[2]["question"] == "How many?" and parsed[0]["time"].startswith("1970-01-01T")


def test_a_student_downloads_only_their_own_scored_hands(room: Room) -> None:
    a, t1, t2, cookie = a_session(room)
    r = room.client.get("/api/my/games.zip", headers={"cookie": f"sl_seat={cookie}"})
    assert r.status_code == 200
    with zipfile.ZipFile(io.BytesIO(r.content)) as z:
        assert z.namelist() == [f"table-{t1}.json"]  # not the robots' table
        rec = json.loads(z.read(f"table-{t1}.json"))
    t = room.room.tables[t1]
    assert len(t.game.hands) == 2 and t.game.hand.scores is None
    assert len(rec["hands"]) == 1  # the hand being played names every seat's cards: left out
    assert list(replay(rec).totals) == [x.total for x in t.game.hands[0].scores]


@pytest.mark.slow
def test_the_report_prints_to_pdf(room: Room) -> None:
    from spades_lab.teach.handout import chromium_path
    if chromium_path() is None:
        pytest.skip("no Chromium to print with")
    r = get(room, "report.pdf")
    assert r.content.startswith(b"%PDF") and r.headers["content-type"] == "application/pdf"


def test_results_from_the_client_are_the_replayed_records() -> None:
    """The notebook's path: a server started in this process (127.0.0.1), the Teacher client's
    results() DataFrame, row by row against the engine's replay of each stored record."""
    from spades_lab.classroom.client import Teacher
    from spades_lab.classroom.local import start_classroom

    with start_classroom() as local:
        assert local.url.startswith("http://127.0.0.1:")
        teacher = Teacher(local.url, local.secret)
        tid = teacher.new_table("online", pace=0, seed=9, options={"target": 100})["table"]
        for _ in range(3000):
            if teacher.tables()[0]["over"]:
                break
            time.sleep(0.005)
        df = teacher.results()
        result = replay(teacher.record(tid))
        want = [(h.index + 1, t.bid, t.tricks, t.hand_score, t.total)
                for h in result.hands for t in h.teams]
        got = list(df[["hand", "bid", "tricks", "hand_score", "total"]].itertuples(
            index=False, name=None))
        assert got == want and len(want) >= 2
        assert set(df["table"]) == {tid}


@pytest.mark.parametrize("name", ["=HYPERLINK(\"http://x.example\",\"Ann\")",
                                  "+1+cmd|' /C calc'!A0", "-2+3", "@SUM(A1:A9)", " =Ann "])
def test_a_spreadsheet_formula_name_is_exported_as_text(room: Room, name: str) -> None:
    r = room.client.post("/api/join", json={"code": room.room.code, "name": name})
    assert r.status_code == 200, r.text
    stored = r.json()["name"]  # the name as the class shows it (spaces trimmed)
    sid = r.json()["student"]
    room.client.cookies.clear()
    store = room.room.store
    poll = store.add_activity(room.room.code, "poll", {}, 1.0)
    store.put_answer(room.room.code, poll, 0, "=Which card?", sid, "QH", "-Queen", None, 2.0)
    store.put_answer(room.room.code, poll, 1, "\t=1", sid, "QH", "\r@A1", None, 3.0)
    text = get(room, "answers.csv").text
    rows = list(csv.DictReader(io.StringIO(text, newline="")))
    assert rows[0]["student"] == "'" + stored and rows[0]["student"][1:] == stored
    assert rows[0]["question"] == "'=Which card?" and rows[0]["answer"] == "'-Queen"
    assert rows[1]["question"] == "'\t=1" and rows[1]["answer"] == "'\n@A1"
    for line in csv.reader(io.StringIO(text, newline="")):  # no cell a spreadsheet would run
        for value in line:
            assert not value.startswith(("=", "+", "-", "@", "\t", "\r")), value
