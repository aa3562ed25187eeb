"""The class's lesson (spades_lab/classroom/lesson.py, docs/classroom.md "The lesson"): the poll
and its solver in a worker process, the class what-if, the quiz, the board of mistakes; over
Starlette's TestClient and its websockets, checked against the engine and the solver."""
from __future__ import annotations

import json
import time
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient  # noqa: E402
from test_classroom import Room as ClassroomRoom  # noqa: E402
from test_classroom import leaks  # noqa: E402

from spades_lab.classroom.app import create_app  # noqa: E402
from spades_lab.classroom.lesson import answer_rows  # noqa: E402
from spades_lab.classroom.store import SqliteStore  # noqa: E402
from spades_lab.core.line import Line  # noqa: E402
from spades_lab.solver import solve  # noqa: E402
from spades_lab.teach.quiz import make_quiz  # noqa: E402
from spades_lab.teach.whatif import describe_whatif, what_if_game  # noqa: E402
from spades_lab.words.play import step_words  # noqa: E402

pytestmark = pytest.mark.timeout(300)


class Room(ClassroomRoom):
    """test_classroom's server in a TestClient, with the teacher's lesson requests."""

    def lesson(self, body: dict[str, Any] | None = None, headers: Any = None) -> Any:
        h = self.teacher if headers is None else headers
        if body is None:
            return self.client.get("/api/teacher/lesson", headers=h)
        return self.client.post("/api/teacher/lesson", headers=h, json=body)

    def wait_solver(self) -> dict[str, Any]:
        for _ in range(600):  # bounded: the budget is seconds, and the worker's start
            view = self.lesson().json()
            if view["solver"] != "working":
                return dict(view)
            time.sleep(0.1)
        raise AssertionError("the solver never answered")


@pytest.fixture
def room() -> Any:
    with TestClient(create_app(SqliteStore(":memory:"))) as client:
        yield Room(client)


def until(ws: Any, pred: Any, limit: int = 5000) -> dict[str, Any]:
    """Read messages until one satisfies ``pred``."""
    for _ in range(limit):
        m = json.loads(ws.receive_text())
        if pred(m):
            return dict(m)
    raise AssertionError("no such message")


def to_play(room: Room, ws: Any, tid: int, tricks: int) -> dict[str, Any]:
    """Bid and play (a middling bid, the first legal card) until this seat is to play with at
    least ``tricks`` tricks done (and, after the first, a trick begun); the seat's state."""
    t = room.room.tables[tid]
    ref = 100
    for _ in range(5000):
        m = json.loads(ws.receive_text())
        if m["type"] not in ("state", "update") or m["table"] != tid:
            continue
        state = m["state"]
        if state["version"] != t.version or state["waiting_for"] != state["seat"]:
            continue
        if state["phase"] == "play" and sum(state["taken"]) >= tricks and \
                (state["trick"] or not tricks):
            return dict(state)
        ref += 1
        if state["legal_bids"]:
            bids = state["legal_bids"]
            ws.send_text(json.dumps({"type": "bid", "table": tid, "ref": ref,
                                     "bid": bids[min(3, len(bids) - 1)]["bid"]}))
        elif state["legal_plays"]:
            p = state["legal_plays"][0]
            ws.send_text(json.dumps({"type": "play", "table": tid, "ref": ref,
                                     "card": p["card"], "as": p["as"]}))
    raise AssertionError("never this seat's turn")


def lesson_msg(ws: Any, pred: Any = bool) -> Any:
    """The next ``lesson`` message whose activity satisfies ``pred`` (by default: one is
    open)."""
    return until(ws, lambda m: m["type"] == "lesson" and pred(m["activity"]))["activity"]


def test_a_poll_shows_the_spread_beside_the_solvers_verdicts(room: Room) -> None:
    ann, ann_cookie = room.join("Ann")
    bob, bob_cookie = room.join("Bob")
    tid = room.new_table("standard", [ann, None, None, None], seed=11)
    with room.connect(ann_cookie) as a, room.connect(bob_cookie) as b:
        state = to_play(room, a, tid, 5)
        t = room.room.tables[tid]
        r = room.lesson({"type": "poll", "table": tid})
        assert r.status_code == 200, r.text
        view = r.json()
        line = Line.of(t.game)
        assert (view["hand"], view["step"], view["seat"]) == (line.hand, len(line) - 1, 0)
        assert view["question"].startswith("Which card would you play? You are North at table")
        # Ann sits at that table and its hand goes on: she takes no part
        mine = lesson_msg(a)
        assert "withheld" in mine and "html" not in mine and "choices" not in mine
        ref = 90
        a.send_text(json.dumps({"type": "answer", "activity": view["activity"],
                                "card": state["legal_plays"][0]["card"], "ref": ref}))
        refused = until(a, lambda m: m.get("ref") == ref)
        assert refused["type"] == "refused" and "your own table" in refused["message"]
        # Bob sees the seat's cards, the legal ones marked, and picks
        poll = lesson_msg(b)
        assert {c["card"] for c in poll["choices"]} == {p["card"] for p in state["legal_plays"]}
        pos = line.at(len(line) - 1)
        others = {c for s in range(1, 4) for c in pos.hand.hands[s]}
        assert not leaks(json.dumps(poll, ensure_ascii=False), others)  # North's cards only
        illegal = [c for c in state["hand"] if c not in {p["card"] for p in
                                                          state["legal_plays"]}]
        assert illegal  # this seed's position: the seat holds the led suit and others
        b.send_text(json.dumps({"type": "answer", "activity": view["activity"],
                                "card": illegal[0], "ref": 1}))
        no = until(b, lambda m: m.get("ref") == 1)
        assert no["type"] == "refused" and no["rule"] == "must-follow-suit"
        assert no["message"] == line.at(len(line) - 1).can_play(illegal[0]).message
        assert [(x["name"], x["rule"], x["source"]) for x in room.room.store.mistakes(
            room.room.code)] == [("Bob", "must-follow-suit", "poll")]
        pick = state["legal_plays"][-1]["card"]
        b.send_text(json.dumps({"type": "answer", "activity": view["activity"],
                                "card": pick, "ref": 2}))
        assert until(b, lambda m: m.get("ref") == 2)["type"] == "ack"
        assert lesson_msg(b, lambda x: x and x["yours"])["yours"]
        done = room.wait_solver()
        assert done["solver"] == "done" and done["exact"] is True
        # the verdicts are the solver's on the same position
        pos = line.at(len(line) - 1)
        res = solve(pos)
        by_code = {p.card.code: v for p, v in res.per_move.items()}
        assert {s["card"] for s in done["spread"]} == set(by_code)
        for s in done["spread"]:
            assert s["tricks"] == by_code[s["card"]]
            assert s["best"] == (by_code[s["card"]] == res.tricks)
            assert s["verdict"] and "keeps" in s["verdict"]
            assert s["count"] == (1 if s["card"] == pick else 0)
            assert s["names"] == (["Bob"] if s["card"] == pick else [])
        # revealed: Bob sees the answer, and the verdict on his own card
        room.lesson({"type": "reveal"})
        shown = lesson_msg(b, lambda x: x and x["revealed"])
        assert shown["revealed"] and shown["answer"]["yours"] == next(
            s["verdict"] for s in done["spread"] if s["card"] == pick)
        rows = answer_rows(room.room.store, room.room.code)
        assert [(x.name, x.kind, x.right) for x in rows] == [
            ("Bob", "poll", by_code[pick] == res.tricks)]


def test_the_tables_answer_while_a_slow_heckadeck_solve_runs(room: Room) -> None:
    ann, ann_cookie = room.join("Ann")
    tid = room.new_table("acorns", [ann, None, None, None], seed=3)
    with room.connect(ann_cookie) as a:
        state = to_play(room, a, tid, 0)
        r = room.lesson({"type": "poll", "table": tid, "budget": 4})
        assert r.status_code == 200, r.text
        assert r.json()["solver"] == "working"
        p = state["legal_plays"][0]
        a.send_text(json.dumps({"type": "play", "table": tid, "card": p["card"],
                                "as": p["as"], "ref": 7}))
        ack = until(a, lambda m: m.get("ref") == 7)
        assert ack["type"] == "ack"  # the table acted, and said so ...
        assert room.lesson().json()["solver"] == "working"  # ... while the solver still works
        done = room.wait_solver()
        # 32 cards each: not worked out within 4 seconds, said as bounds in words
        assert done["solver"] == "done" and done["exact"] is False
        assert "within the time allowed" in done["verdict"]
        # but each card with what the solver could say of it, its own bounds ("playing the
        # 10♥ keeps at least 3 tricks"), as no exact count of tricks
        assert all(s["tricks"] is None for s in done["spread"])
        assert all(s["verdict"].startswith(f"playing the {s['label']} keeps")
                   for s in done["spread"]), done["spread"]
        for s in done["spread"]:  # best/worse only as the bounds show
            assert s["best"] in (None, False)


def table_state(room: Room, tid: int) -> str:
    """Everything a table is: its game's record and log length, its version, its stored
    actions and what each seat is told."""
    t = room.room.tables[tid]
    return json.dumps([t.game.to_record(), len(t.game.log), t.version,
                       room.room.store.actions(tid),
                       [t.seat_state(s) for s in range(t.rules.players)]], sort_keys=True)


def test_the_class_what_if_is_the_engines_and_changes_no_table(room: Room) -> None:
    ann, ann_cookie = room.join("Ann")
    bob, bob_cookie = room.join("Bob")
    tid = room.new_table("standard", [ann, None, None, None], seed=5)
    other = room.new_table("standard", [bob, None, None, None], seed=6)
    with room.connect(ann_cookie) as a, room.connect(bob_cookie) as b:
        to_play(room, a, tid, 3)
        t2 = room.room.tables[other]
        for _ in range(1000):  # bounded: the robots bid at once, then Bob is to bid
            if not t2.bots_due():
                break
            time.sleep(0.01)
        t = room.room.tables[tid]
        line = Line.of(t.game)
        # "what if South had played ... instead?": South's last play with a choice
        k, alt = next((k, p) for k in reversed(range(len(line.steps)))
                      if line.steps[k].kind == "play" and line.steps[k].seat == 2
                      for p in line.at(k).legal_plays() if p != line.steps[k].value)
        before = [table_state(room, x) for x in (tid, other)]
        r = room.lesson({"type": "whatif", "table": tid, "step": k, "action": alt.card.code})
        assert r.status_code == 200, r.text
        view = r.json()
        w = what_if_game(t.game, (line.hand, k), alt.card.code)
        question, _, rest = describe_whatif(w).partition("\n")
        assert view["question"] == question and question.startswith("What if, in trick")
        assert "South plays" in question
        assert view["summary"] == rest.splitlines()
        branch = Line.of(w.branch.game, line.hand).steps[k:]
        assert len(view["branch"]) == len(branch) and len(view["happened"]) == len(
            line.steps) - k
        assert view["branch"][0].endswith(step_words(branch[0], 4))
        assert view["happened"][0].endswith(step_words(line.steps[k], 4))
        # Bob sees the question; the branch once the teacher shows it; Ann, at that table, not
        asked = lesson_msg(b)
        assert asked["question"] == question and "branch" not in asked
        assert "withheld" in lesson_msg(a)
        b.send_text(json.dumps({"type": "answer", "activity": view["activity"],
                                "card": "AS", "ref": 3}))
        no = until(b, lambda m: m.get("ref") == 3)
        assert no["type"] == "refused" and "asks nothing of you" in no["message"]
        room.lesson({"type": "reveal"})
        shown = lesson_msg(b, lambda x: x and x["revealed"])
        assert shown["branch"] == view["branch"] and shown["summary"] == view["summary"]
        assert shown["happened"] == view["happened"]
        # a card South does not hold there: the engine's refusal, nothing stored or changed
        held = {c for c in t.game.hands[line.hand].deal[2]}
        stranger = next(c for c in t.game.rules.deck.cards if c not in held)
        bad = room.lesson({"type": "whatif", "table": tid, "step": k,
                           "action": stranger.code})
        assert bad.status_code == 400 and bad.json()["rule"] == "card-not-in-hand"
        assert room.lesson().json()["activity"] == view["activity"]
        assert [table_state(room, x) for x in (tid, other)] == before


def test_the_quiz_stores_answers_and_gives_each_student_the_quizs_feedback(room: Room) -> None:
    ann, ann_cookie = room.join("Ann")
    bob, bob_cookie = room.join("Bob")
    with room.connect(ann_cookie) as a, room.connect(bob_cookie) as b:
        r = room.lesson({"type": "quiz", "preset": "standard", "level": 1, "count": 3,
                         "seed": 4})
        assert r.status_code == 200, r.text
        view = r.json()
        quiz = make_quiz("standard", 4, count=3, difficulty=1)
        assert [q["prompt"] for q in view["questions"]] == [q.prompt for q in quiz.questions]
        assert view["question"] == "A quiz of 3 questions on Spades (standard)."
        seen = lesson_msg(b)
        assert [q["shown"] for q in seen["questions"]] == [list(q.shown) for q in
                                                          quiz.questions]
        assert all("answer" not in q and "tests" not in q for q in seen["questions"])
        lesson_msg(a)
        q0 = quiz.questions[0]
        wrong = (q0.answer + 1) % len(q0.choices)
        for ws, choice, ref in ((a, q0.answer, 1), (b, wrong, 2)):
            ws.send_text(json.dumps({"type": "answer", "activity": view["activity"],
                                     "question": 0, "choice": choice, "ref": ref}))
            fb = until(ws, lambda m, r=ref: m.get("ref") == r)
            assert fb["type"] == "feedback" and fb["right"] == (choice == q0.answer)
            assert fb["feedback"] == list(q0.feedback_for(choice))
            mine = lesson_msg(ws, lambda x: x and x["questions"][0]["yours"])
            assert mine["questions"][0]["yours"]["feedback"] == fb["feedback"]
        # once only
        b.send_text(json.dumps({"type": "answer", "activity": view["activity"],
                                "question": 0, "choice": q0.answer, "ref": 3}))
        again = until(b, lambda m: m.get("ref") == 3)
        assert again["type"] == "refused" and "already" in again["message"]
        # a poll's answer is no quiz answer, nor a question the quiz lacks
        for ref, bad in ((4, {"card": "AS"}), (5, {"question": 9, "choice": 0})):
            b.send_text(json.dumps({"type": "answer", "activity": view["activity"],
                                    "ref": ref, **bad}))
            assert until(b, lambda m, r=ref: m.get("ref") == r)["type"] == "refused"
        # the teacher sees who answered what
        teacher = room.lesson().json()["questions"][0]
        assert sorted((x["name"], x["choice"], x["right"]) for x in teacher["answers"]) == [
            ("Ann", q0.answer, True), ("Bob", wrong, False)]
        assert teacher["right"] == 1
        rows = answer_rows(room.room.store, room.room.code)
        assert [(x.name, x.kind, x.question, x.prompt, x.answer, x.right) for x in rows] == [
            ("Ann", "quiz", 1, q0.prompt, q0.choices[q0.answer], True),
            ("Bob", "quiz", 1, q0.prompt, q0.choices[wrong], False)]
        assert [(m["name"], m["rule"], m["source"]) for m in room.room.store.mistakes(
            room.room.code)] == [("Bob", q0.tests, "quiz")]


def test_refusals_outside_an_activity_and_without_the_secret(room: Room) -> None:
    ann, ann_cookie = room.join("Ann")
    tid = room.new_table("standard", [ann, None, None, None], seed=2)
    with room.connect(ann_cookie) as a:
        assert lesson_msg(a, lambda x: True) is None  # nothing open on connecting
        a.send_text(json.dumps({"type": "answer", "activity": 1, "card": "AS", "ref": 1}))
        no = until(a, lambda m: m.get("ref") == 1)
        assert no["type"] == "refused" and no["message"].startswith(
            "There is no question open")
        a.send_text(json.dumps({"type": "answer", "ref": 2}))
        bad = until(a, lambda m: m["type"] == "error")  # a message the protocol lacks
        assert "needs the field 'activity'" in bad["message"]
        for body in ({"type": "poll", "table": tid}, {"type": "quiz"}, {"type": "reveal"},
                     {"type": "whatif", "table": tid, "action": "AS"}, None):
            r = room.lesson(body, headers={"X-Teacher-Secret": "guess"})
            assert r.status_code == 403 and "teacher's secret" in r.json()["error"]
        assert room.room.store.activities(room.room.code) == []
        # the teacher's own mistakes are sentences too, and store nothing
        for body, words in (({"type": "poll", "table": 99}, "There is no table 99"),
                            ({"type": "poll", "table": tid}, "choose a position in the play"),
                            ({"type": "quiz", "count": 0}, "count is the number"),
                            ({"type": "quiz", "preset": "bridge"}, "bridge"),
                            ({"type": "reveal"}, "nothing to reveal"),
                            ({"type": "dance"}, "The lesson commands are")):
            r = room.lesson(body)
            assert r.status_code == 400 and words in r.json()["error"], r.text
        assert room.room.store.activities(room.room.code) == []


def test_the_board_of_mistakes_with_a_scenario_one_click_away(room: Room) -> None:
    ann, ann_cookie = room.join("Ann")
    tid = room.new_table("standard", [ann, None, None, None], seed=11)
    with room.connect(ann_cookie) as a:
        state = to_play(room, a, tid, 5)
        illegal = next(c for c in state["hand"] if c not in {
            p["card"] for p in state["legal_plays"]})
        a.send_text(json.dumps({"type": "play", "table": tid, "card": illegal, "ref": 1}))
        no = until(a, lambda m: m.get("ref") == 1)
        assert no["type"] == "refused" and no["rule"] == "must-follow-suit"
        a.send_text(json.dumps({"type": "bid", "table": tid, "bid": 3, "ref": 2}))
        assert until(a, lambda m: m.get("ref") == 2)["rule"] == "wrong-phase"
        view = room.lesson({"type": "quiz", "preset": "standard", "level": 1, "count": 1,
                            "seed": 4}).json()
        q = make_quiz("standard", 4, count=1, difficulty=1).questions[0]
        wrong = (q.answer + 1) % len(q.choices)
        a.send_text(json.dumps({"type": "answer", "activity": view["activity"],
                                "question": 0, "choice": wrong, "ref": 3}))
        assert until(a, lambda m: m.get("ref") == 3)["right"] is False
        # the teacher's board: per student, per rule, in words, with the scenario
        board = room.client.get("/api/teacher/mistakes", headers=room.teacher).json()
        (mine,) = board["students"]
        assert mine["name"] == "Ann" and mine["total"] == 3
        rules = {r["rule"]: r for r in mine["rules"]}
        assert set(rules) == {"must-follow-suit", "wrong-phase", q.tests}
        follow = rules["must-follow-suit"]
        assert follow["sources"] == {"table": 1} and follow["last"] == no["message"]
        assert follow["words"].startswith("The seat holds a card of the led suit")
        assert follow["scenario"] == {"name": "std_must_follow.json",
                                      "href": "/scenario/std_must_follow.json"}
        assert rules[q.tests]["sources"] == {"quiz": 1}
        assert rules[q.tests]["last"] == " ".join(q.feedback_for(wrong))
        page = room.client.get(follow["scenario"]["href"])
        assert page.status_code == 200 and page.text.startswith("<!DOCTYPE html>")
        assert "An example to study" in page.text
        for bad in ("../README.md", "nothing.json", "build_scenarios.py"):
            assert room.client.get(f"/scenario/{bad}").status_code == 404
        assert room.client.get("/api/teacher/mistakes").status_code == 403
        # the student's own list: the sentences read, no rule ids
        a.send_text(json.dumps({"type": "mistakes"}))
        own = until(a, lambda m: m["type"] == "mistakes")["items"]
        assert sorted(x["words"] for x in own) == sorted(r["last"] for r in mine["rules"])
        text = json.dumps(own)
        assert not any(f'"{r}"' in text or f" {r} " in text for r in rules)
        assert "rule" not in {k for x in own for k in x}


def test_a_seat_of_the_polled_table_sees_the_poll_once_its_hand_is_over(room: Room) -> None:
    ann, ann_cookie = room.join("Ann")
    tid = room.new_table("standard", [ann, None, None, None], seed=11)
    with room.connect(ann_cookie) as a:
        state = to_play(room, a, tid, 5)
        view = room.lesson({"type": "poll", "table": tid}).json()
        assert "withheld" in lesson_msg(a)
        t = room.room.tables[tid]
        p = state["legal_plays"][0]
        a.send_text(json.dumps({"type": "play", "table": tid, "card": p["card"],
                                "as": p["as"]}))
        for _ in range(5000):  # Ann plays the hand out; then the poll is hers to see
            m = json.loads(a.receive_text())
            if m["type"] == "lesson" and m["activity"] and "html" in m["activity"]:
                break
            if m["type"] in ("state", "update") and m["table"] == tid:
                s = m["state"]
                if s["version"] == t.version and s["waiting_for"] == s["seat"] and \
                        s["legal_plays"]:
                    p = s["legal_plays"][0]
                    a.send_text(json.dumps({"type": "play", "table": tid, "card": p["card"],
                                            "as": p["as"]}))
        else:
            raise AssertionError("the poll was never shown")
        assert t.game.hands[view["hand"]].scores is not None
        assert m["activity"]["activity"] == view["activity"]


def test_a_restarted_server_keeps_the_open_poll_and_its_answers(tmp_path: Any) -> None:
    db = tmp_path / "class.sqlite3"
    with TestClient(create_app(SqliteStore(db))) as client:
        room = Room(client)
        ann, ann_cookie = room.join("Ann")
        bob, bob_cookie = room.join("Bob")
        tid = room.new_table("standard", [ann, None, None, None], seed=11)
        with room.connect(ann_cookie) as a, room.connect(bob_cookie) as b:
            state = to_play(room, a, tid, 5)
            first = room.lesson({"type": "poll", "table": tid}).json()
            lesson_msg(b)
            pick = state["legal_plays"][0]["card"]
            b.send_text(json.dumps({"type": "answer", "activity": first["activity"],
                                    "card": pick, "ref": 1}))
            assert until(b, lambda m: m.get("ref") == 1)["type"] == "ack"
            before = room.wait_solver()
    with TestClient(create_app(SqliteStore(db), new_secret=True)) as client:
        room = Room(client)
        after = room.wait_solver()
        assert after["activity"] == first["activity"] and after["spread"] == before["spread"]
        assert [s["names"] for s in after["spread"] if s["card"] == pick] == [["Bob"]]
        with room.connect(bob_cookie) as b:
            assert lesson_msg(b)["yours"] is not None


@pytest.mark.slow
def test_the_python_client_drives_the_lesson(tmp_path: Any) -> None:
    pytest.importorskip("uvicorn")
    from test_classroom_server import start

    from conftest import stop
    from spades_lab.classroom.client import ClassroomError, Student, Teacher

    proc, base, code, secret = start(tmp_path / "class.sqlite3")
    try:
        teacher = Teacher(base, secret)
        ann, bob = Student(base, code, "Ann"), Student(base, code, "Bob")
        assert ann.id is not None
        table = teacher.new_table("standard", [ann.id, None, None, None], seed=11)["table"]
        for _ in range(200):  # Ann bids, then stops at her first card
            s = ann.wait(lambda m: m["type"] in ("state", "update"))["state"]
            if s["waiting_for"] == s["seat"] and s["legal_bids"]:
                ann.act(table, "bid", bid=3)
            elif s["waiting_for"] == s["seat"] and s["legal_plays"]:
                break
        poll = teacher.poll(table, budget=5)
        card = s["legal_plays"][0]["card"]
        assert bob.respond(poll["activity"], card=card)["type"] == "ack"
        assert bob.lesson()["yours"]  # type: ignore[index]
        for _ in range(300):  # bounded: the worker starts, then solves a 13-card hand
            if teacher.lesson()["solver"] != "working":
                break
            time.sleep(0.1)
        assert teacher.reveal()["revealed"] is True
        assert teacher.lesson()["spread"][0]["verdict"]
        # at the position itself (no action there yet): the robots play the hand out
        w = teacher.whatif(table, card, step=poll["step"], then="players")
        assert w["question"].startswith("What if") and w["happened"] == []
        assert w["branch"][0].startswith("Trick ") and "North plays" in w["branch"][0]
        assert len(w["branch"]) > 1
        quiz = teacher.quiz("standard", 2, level=1, seed=4)
        q = quiz["questions"][0]
        fb = bob.respond(quiz["activity"], question=0, choice=(q["answer"] + 1) % len(
            q["choices"]))
        assert fb["type"] == "feedback" and fb["right"] is False
        assert [x["name"] for x in teacher.mistakes()["students"]] == ["Bob"]
        assert len(bob.mistakes()) == 1
        with pytest.raises(ClassroomError) as e:
            Teacher(base, "guess").quiz()
        assert e.value.status == 403
        ann.close()
        bob.close()
    finally:
        stop(proc)


def test_a_hand_the_table_has_not_dealt_is_refused_counting_from_1(room: Room) -> None:
    """The teacher's page asks for the hand counting from 1 (and sends it from 0): a hand
    the table has not dealt is refused in those words, and nothing is stored."""
    ann, _ = room.join("Ann")
    tid = room.new_table("standard", [ann, None, None, None], seed=2, start="now")
    for kind in ("poll", "whatif"):
        body = {"type": kind, "table": tid, "hand": 2, "step": 1}
        if kind == "whatif":
            body["action"] = "AS"
        r = room.lesson(body)
        assert r.status_code == 400, r.text
        assert r.json()["error"] == f"Table {tid} has dealt 1 hand so far: there is no hand 3."
        r = room.lesson({**body, "hand": -1})
        assert r.status_code == 400 and "counted from 1" in r.json()["error"], r.text
    assert room.room.store.activities(room.room.code) == []
