"""No seat sees cards it must not (spades_lab/classroom/tables.py ``twin`` and ``check_seat``,
docs/classroom.md "One table, one side of a deal"): a student sits at one table at a time,
never in a seat the teacher keeps for another, never where a hand dealt the same cards is still
in play for them; a poll or what-if of such a hand is withheld; the teacher's views never reach
a student socket; taking back with robots is what the docs say.

Every message the server queues for a student socket is scanned (:class:`Watch`) against the
cards that student may not see at that moment, derived from the store alone (the seats and
flags stored, the actions replayed by the engine: ``test_classroom.hidden_cards``)."""
from __future__ import annotations

import json
import random
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient  # noqa: E402
from test_classroom import Room, Seat, choose, hidden_cards, leaks  # noqa: E402
from test_classroom_teacher import post, until  # noqa: E402

from spades_lab.classroom import lesson as lesson_module  # noqa: E402
from spades_lab.classroom import present as present_module  # noqa: E402
from spades_lab.classroom import room as room_module  # noqa: E402
from spades_lab.classroom import teacher as teacher_module  # noqa: E402
from spades_lab.classroom.app import create_app  # noqa: E402
from spades_lab.classroom.store import SqliteStore  # noqa: E402
from spades_lab.classroom.tables import dealt  # noqa: E402
from spades_lab.core.engine import Game, Phase  # noqa: E402
from spades_lab.core.line import Line  # noqa: E402
from spades_lab.core.rules import RuleSet  # noqa: E402

pytestmark = pytest.mark.timeout(600)


class Watch:
    """Every message the server queues for a student (``Conn.send``, the one way to a student
    socket: its writer sends exactly these), kept with the cards that student may not see at
    that moment: at each open table where the store seats them (or a robot holds their
    seat), the cards the other seats hold unseen by them (the store's actions replayed)."""

    def __init__(self, r: Room, monkeypatch: pytest.MonkeyPatch) -> None:
        self.r = r
        self.sent: list[tuple[int, str, set[Any]]] = []
        real = room_module.Conn.send

        def send(conn: Any, msg: dict[str, Any] | None) -> None:
            if msg is not None:
                self.sent.append((conn.student, json.dumps(msg, ensure_ascii=False),
                                  self.forbidden(conn.student, msg)))
            real(conn, msg)

        monkeypatch.setattr(room_module.Conn, "send", send)

    def forbidden(self, student: int, msg: dict[str, Any] | None = None) -> set[Any]:
        """The cards ``student`` may not see now.  A lesson message shows the position of one
        hand (a poll's or a what-if's): the cards it names are forbidden only where the
        student sits in a hand dealt those cards and still played (that table, or a twin);
        another deal holds the same 52 cards unseen, which the drawing does not show."""
        room = self.r.room
        store = room.store
        act = room.lesson.current
        src = act.source() if act is not None and msg and msg.get("type") == "lesson" \
            else None
        shown = None
        if src is not None and src[0] in room.tables:
            hands = room.tables[src[0]].game.hands
            shown = dealt(hands[src[1]]) if src[1] < len(hands) else None
        out: set[Any] = set()
        for row in store.tables(room.code):
            if store.flags(row.id).closed_for is not None:
                continue
            if src is not None:
                h = room.tables[row.id].game.hand if row.id in room.tables else None
                if h is None or h.complete or shown is None or dealt(h) != shown:
                    continue
            for seat, s in enumerate(row.seats):
                if s.get("student", s.get("was", {}).get("student")) == student:
                    out |= hidden_cards(room, row.id, len(store.actions(row.id)), seat)
        return out

    def check(self) -> int:
        """Assert no message named a card its student may not see; the number scanned."""
        for student, text, cards in self.sent:
            found = leaks(text, cards)
            assert not found, (student, found, text[:400])
        return len(self.sent)

    def to(self, student: int, kind: str) -> list[dict[str, Any]]:
        return [json.loads(t) for s, t, _ in self.sent if s == student
                and json.loads(t)["type"] == kind]


def twins(r: Room, preset: str, plan: list[list[int | None]], seed: int,
          **options: Any) -> list[int]:
    """Tables seated as ``plan``, then one freshly dealt hand of ``preset`` (an uploaded
    record) dealt to every one of them: the new tables' numbers, one deal."""
    rules = RuleSet.preset(preset, options)
    g = Game(rules)
    g.deal(random.Random(seed))
    olds = [r.new_table(preset, seats, seed=seed + k, options=options)
            for k, seats in enumerate(plan)]
    res = post(r, "/api/teacher/deal", {"source": "upload", "record": g.to_record(),
                                        "tables": [{"table": t} for t in olds], "seed": seed})
    assert res.status_code == 200, res.text
    return [e["table"] for e in res.json()["tables"]]


def settle_tables(r: Room, tids: list[int]) -> None:
    tables = r.room.tables
    until(lambda: not any(tables[t].bots_due() for t in tids), r)


def seats_now(r: Room) -> list[Any]:
    return [[dict(s) for s in row.seats] for row in r.room.store.tables(r.room.code)]


def play_out(r: Room, tid: int, by: dict[int, Seat], rng: random.Random,
             until_: Any = None) -> None:
    """The people at ``tid`` (their Seats by seat) play its hand to the end, or until
    ``until_(table)`` holds (legal actions drawn by ``rng``; robots as they come)."""
    t = r.room.tables[tid]
    for _ in range(2_000):
        settle_tables(r, [tid])
        if t.game.hands[-1].scores is not None or until_ is not None and until_(t):
            return
        seat = t.actor()
        assert seat is not None and seat in by, (seat, t.seats)
        m = by[seat].send(choose(t.seat_state(seat), rng))
        assert m["type"] == "ack", m
    raise AssertionError("the hand never ended")


def play_step(t: Any) -> int:
    """A STEP of the table's current hand in its play, a few cards in, with a seat to play."""
    line = Line.of(t.game)
    for k in range(len(line.steps) - 1, -1, -1):
        pos = line.at(k)
        if pos.phase == Phase.PLAY and pos.hand is not None and pos.hand.turn is not None \
                and line.steps[k].kind == "play":
            return k
    raise AssertionError("no play yet")


@pytest.fixture
def room() -> Any:
    with TestClient(create_app(SqliteStore(":memory:"))) as client:
        yield Room(client)


# ---------------------------------------------------------------------------- the case


def test_twin_tables_refuse_the_second_sit_and_withhold_the_poll(
        room: Room, monkeypatch: pytest.MonkeyPatch) -> None:
    """Four students at two tables dealt one hand (a prepared deal), and a fifth with no seat.
    Ann at table 3 sends sit at twin table 4: refused, nothing changed.  Cy's seat is handed
    to a robot: nobody else may take it, and Cy may not sit at table 4 or in another seat of
    table 3 while its hand is played.  The teacher may not move Ann to table 4.  A poll from
    table 3's first trick, table 4 still bidding, goes to nobody.  Once table 3 has played the
    hand, its poll and what-if go to Ann, Cy and nobody else while table 4 plays the same
    cards; Ben, Dee and Eve get them once that hand is over."""
    w = Watch(room, monkeypatch)
    ids = {n: room.join(n) for n in ("Ann", "Ben", "Cy", "Dee", "Eve")}
    a, b, cy, d, e = (ids[n][0] for n in ("Ann", "Ben", "Cy", "Dee", "Eve"))
    six, seven = twins(room, "standard", [[a, None, cy, None], [b, None, d, None]], seed=21)
    tables = room.room.tables
    assert tables[six].game.hand.deal == tables[seven].game.hand.deal
    rng = random.Random(5)
    wss = {n: room.connect(ids[n][1]) for n in ids}
    for ws in wss.values():
        ws.__enter__()
    try:
        s = {n: Seat(wss[n], room.room, {"Ann": six, "Cy": six, "Ben": seven,
                                         "Dee": seven}.get(n)) for n in ids}
        settle_tables(room, [six, seven])
        before, v6, v7 = seats_now(room), tables[six].version, tables[seven].version

        # (a) the sit: Ann at table 3 asks for East at twin table 4
        m = s["Ann"].send({"type": "sit", "table": seven, "seat": 1})
        assert m["type"] == "refused" and m["rule"] == "already-seated", m
        assert m["message"] == (f"You already sit at table {six}: a student sits at one table "
                                "at a time (the teacher can move you).")
        # a second name in another window is anyone: no sit at a table of a twin deal in play
        m = s["Eve"].send({"type": "sit", "table": seven, "seat": 1})
        assert m["type"] == "refused" and m["rule"] == "same-deal", m
        assert f"dealt the same cards as table {six}" in m["message"]
        # the teacher may not move Ann there either
        r = post(room, "/api/teacher/seat", {"table": seven, "seat": 1, "student": a})
        assert r.status_code == 400 and r.json()["rule"] == "same-deal", r.text
        assert r.json()["error"] == (f"Table {seven} was dealt the same cards as Ann's hand at "
                                     f"table {six}: Ann may sit there once both hands are over.")
        assert seats_now(room) == before
        assert (tables[six].version, tables[seven].version) == (v6, v7)

        # a seat the teacher keeps for Cy: not Eve's, and Cy sees table 4 from nowhere
        assert post(room, "/api/teacher/seat", {"table": six, "seat": 2, "student": None}
                    ).status_code == 200
        before = seats_now(room)
        m = s["Eve"].send({"type": "sit", "table": six, "seat": 2})
        assert m["type"] == "refused" and m["rule"] == "seat-reserved", m
        assert m["message"] == (f"The teacher keeps seat 3 of table {six} for another "
                                "student: sit in a seat a robot holds for nobody.")
        m = s["Cy"].send({"type": "sit", "table": seven, "seat": 1})
        assert m["type"] == "refused" and m["rule"] == "same-deal", m
        assert m["message"] == (f"Table {seven} was dealt the same cards as your hand at "
                                f"table {six}: you may sit there once both hands are over.")
        m = s["Cy"].send({"type": "sit", "table": six, "seat": 1})
        assert m["type"] == "refused" and m["rule"] == "same-deal", m
        assert m["message"] == (f"A robot holds your seat 3 at table {six} while its hand is "
                                "played: another seat there would show the cards of both.")
        r = post(room, "/api/teacher/seat", {"table": six, "seat": 1, "student": a})
        assert r.status_code == 400 and r.json()["rule"] == "same-deal"
        assert "Ann sits in seat 1" in r.json()["error"]
        assert seats_now(room) == before
        assert post(room, "/api/teacher/seat", {"table": six, "seat": 2, "student": cy}
                    ).status_code == 200
        s["Cy"].state = None

        # (b) the poll: table 3 is in its first trick, table 4 still bidding the same
        # cards: the poll (one seat's 13 cards) goes to nobody, Eve included (she may be a
        # player of either table under a second name)
        play_out(room, six, {0: s["Ann"], 2: s["Cy"]}, rng,
                 lambda t: any(x.kind == "play" for x in Line.of(t.game).steps))
        assert tables[seven].game.phase == Phase.BIDDING
        r = room.client.post("/api/teacher/lesson", headers=room.teacher,
                             json={"type": "poll", "table": six, "budget": 1})
        assert r.status_code == 200, r.text
        assert r.json()["students"] == 0
        for n in ids:
            got = w.to(ids[n][0], "lesson")[-1]["activity"]
            assert "withheld" in got and "html" not in got and "choices" not in got, n
        assert w.to(e, "lesson")[-1]["activity"]["withheld"] == (
            f"Table {seven} is still playing the cards of this position: you will see it once "
            "that hand is over.")

        # table 3 plays the hand; table 4 waits for Ben and Dee
        play_out(room, six, {0: s["Ann"], 2: s["Cy"]}, rng)
        assert tables[six].holding() and tables[seven].game.hand.scores is None
        step = play_step(tables[six])
        r = room.client.post("/api/teacher/lesson", headers=room.teacher,
                             json={"type": "poll", "table": six, "hand": 0, "step": step,
                                   "budget": 1})
        assert r.status_code == 200, r.text
        assert r.json()["students"] == 2  # Ann and Cy: they have played these cards
        lesson = {n: w.to(ids[n][0], "lesson")[-1]["activity"] for n in ids}
        for n in ("Ben", "Dee", "Eve"):
            assert "withheld" in lesson[n] and "html" not in lesson[n], n
        for n in ("Ann", "Cy"):
            assert "html" in lesson[n] and lesson[n]["choices"], n
        m = s["Ben"].send({"type": "answer", "activity": lesson["Ann"]["activity"],
                           "card": lesson["Ann"]["choices"][0]["card"]})
        assert m["type"] == "refused" and "still being played" in m["message"]
        # the what-if of table 3's hand: the same
        last = Line.of(tables[six].game, 0)
        pos = last.at(step)
        other = next(p for p in pos.legal_plays()
                     if p.card.code != last.steps[step].value.card.code) \
            if len(pos.legal_plays()) > 1 else pos.legal_plays()[0]
        r = room.client.post("/api/teacher/lesson", headers=room.teacher,
                             json={"type": "whatif", "table": six, "hand": 0, "step": step,
                                   "action": other.card.code})
        assert r.status_code == 200, r.text
        assert room.client.post("/api/teacher/lesson", headers=room.teacher,
                                json={"type": "reveal"}).status_code == 200
        for n in ("Ben", "Dee", "Eve"):
            assert "withheld" in w.to(ids[n][0], "lesson")[-1]["activity"], n
        assert "branch" in w.to(a, "lesson")[-1]["activity"]

        # table 4 plays its hand: Ben and Dee (and Eve) get the what-if then
        play_out(room, seven, {0: s["Ben"], 2: s["Dee"]}, rng)
        for n in ("Ben", "Dee", "Eve"):
            got = w.to(ids[n][0], "lesson")[-1]["activity"]
            assert "branch" in got and "withheld" not in got, n
    finally:
        for ws in wss.values():
            ws.__exit__(None, None, None)
    assert w.check() > 200


def test_two_tables_given_one_seed_are_one_deal(room: Room) -> None:
    """A new table whose first deal (its seed's) is a seated student's hand elsewhere is
    refused; so is a new table seating a student who sits at another table, or twice."""
    a, _ = room.join("Ann")
    b, _ = room.join("Ben")
    one = room.new_table("standard", [a, None, None, None], seed=7, pace=5, start="now")
    until(lambda: room.room.tables[one].game.hand is not None, room)
    before = seats_now(room)
    for seats, rule, words in [
            ([a, None, None, None], "already-seated", f"Ann would sit at table {one}"),
            ([b, None, b, None], "student-twice", "Ben is given two seats: one seat each")]:
        r = room.client.post("/api/teacher/tables", headers=room.teacher,
                             json={"preset": "standard", "seats": seats, "seed": 8, "pace": 0})
        assert r.status_code == 400 and r.json()["rule"] == rule and words in r.json()["error"]
    # Ann's seat handed to a robot: a new table dealt her cards (seed 7) may not seat her
    assert post(room, "/api/teacher/seat", {"table": one, "seat": 0, "student": None}
                ).status_code == 200
    before = seats_now(room)
    r = room.client.post("/api/teacher/tables", headers=room.teacher,
                         json={"preset": "standard", "seats": [None, a, None, None], "seed": 7,
                               "pace": 0})
    assert r.status_code == 400 and r.json()["rule"] == "same-deal", r.text
    assert r.json()["error"] == (f"The new table was dealt the same cards as Ann's hand at "
                                 f"table {one}: Ann may sit there once both hands are over.")
    assert seats_now(room) == before and list(room.room.tables) == [one]
    assert room.new_table("standard", [None, a, None, None], seed=9) == one + 1


def test_a_student_shown_a_poll_is_refused_a_seat_in_its_cards(room: Room) -> None:
    """Eve, with no seat, is shown a poll of table 1's hand: neither her sit nor the teacher
    may put her at table 1 while that hand is played, even after the poll ends; nor may the
    teacher deal those cards (table 1's record uploaded) to Ann, who was shown it too."""
    a, ca = room.join("Ann")
    e, ce = room.join("Eve")
    one = room.new_table("standard", [None] * 4, seed=3, pace=5)
    two = room.new_table("standard", [a, None, None, None], seed=4)
    room.room.tables[one].paused = True  # its robots wait, mid-play, for the poll
    t = room.room.tables[one]
    while not (t.game.phase == Phase.PLAY and len(t.game.hand.trick) == 0
               and t.game.hand.tricks):
        room.room.commit(t, t.step())
    with room.connect(ca) as wa, room.connect(ce) as we:
        sa, se = Seat(wa, room.room, two), Seat(we, room.room)
        sa.settle()
        r = room.client.post("/api/teacher/lesson", headers=room.teacher,
                             json={"type": "poll", "table": one, "budget": 1})
        assert r.status_code == 200, r.text
        assert r.json()["students"] == 2
        room.room.tables[one].paused = False
        for ask in (lambda: se.send({"type": "sit", "table": one, "seat": 1}),
                    lambda: post(room, "/api/teacher/seat",
                                 {"table": one, "seat": 1, "student": e}).json()):
            m = ask()
            assert m["rule"] == "same-deal", m
        assert room.client.post("/api/teacher/lesson", headers=room.teacher,
                                json={"type": "end"}).status_code == 200
        m = se.send({"type": "sit", "table": one, "seat": 1})
        assert m["type"] == "refused" and m["message"] == (
            f"Table {one} is playing the cards of a question of the lesson, which you have "
            "seen: you may sit there once its hand is over.")
        before = seats_now(room)
        r = post(room, "/api/teacher/deal", {"source": "upload",
                                             "record": room.room.store.record(one),
                                             "tables": [{"table": two}]})
        assert r.status_code == 400 and r.json()["error"] == (
            f"Ann at table {two} has seen these cards in a question of the lesson: deal "
            "another hand."), r.text
        assert seats_now(room) == before and len(room.room.tables) == 2


def test_a_quiz_question_dealt_to_a_table_is_kept_from_its_players(room: Room) -> None:
    """A quiz deals its own hands; when the teacher deals a question's position (its record)
    to Ann's table, that question is kept from Ann while the hand is played (and her answer
    to it refused), and Eve, with no seat, still reads it."""
    a, ca = room.join("Ann")
    e, ce = room.join("Eve")
    old = room.new_table("standard", [a, None, None, None], seed=2)
    r = room.client.post("/api/teacher/lesson", headers=room.teacher,
                         json={"type": "quiz", "preset": "standard", "count": 5, "seed": 4})
    assert r.status_code == 200, r.text
    quiz = room.room.lesson.current
    k = next(i for i, q in enumerate(quiz.questions)
             if q.record.get("hands") and q.record["hands"][0].get("deal"))
    r = post(room, "/api/teacher/deal", {"source": "upload", "record": quiz.questions[k].record,
                                         "tables": [{"table": old}]})
    assert r.status_code == 200, r.text
    with room.connect(ca) as wa, room.connect(ce) as we:
        sa, se = Seat(wa, room.room), Seat(we, room.room)
        got = {name: next(m for m in iter(s_.recv, None) if m["type"] == "lesson")["activity"]
               for name, s_ in (("Ann", sa), ("Eve", se))}  # sent on connecting
        mine, hers = got["Ann"]["questions"][k], got["Eve"]["questions"][k]
        assert mine["withheld"] and mine["choices"] == [] and mine["shown"] == []
        assert "still being played" in mine["prompt"]
        assert hers["choices"] and "withheld" not in hers
        m = sa.send({"type": "answer", "activity": got["Ann"]["activity"], "question": k,
                     "choice": 0})
        assert m["type"] == "refused" and m["message"] == mine["prompt"]
        assert not room.room.store.answers(room.room.code, got["Ann"]["activity"])


# ---------------------------------------------------------------------------- the teacher's views


def test_the_teachers_views_never_reach_a_student_socket(
        room: Room, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every view the teacher's routes build (each table at a glance, one in full, the lesson
    as the teacher sees it) is marked; a hand is played, a poll opened and revealed, seats
    moved, while the teacher asks for each view after every action: no student message
    carries a mark (a send path that passed a teacher's view on would fail here)."""
    mark = "TEACHER-ONLY-VIEW"
    for module, name in [(teacher_module, "glance"), (teacher_module, "full_view")]:
        real = getattr(module, name)
        monkeypatch.setattr(module, name, lambda *a, _f=real, **k: {**_f(*a, **k), mark: mark})
    real_view = lesson_module.Lesson.teacher_view
    monkeypatch.setattr(lesson_module.Lesson, "teacher_view",
                        lambda self: {**real_view(self), mark: mark})
    real_present = present_module.Presenter.view_json  # the projector's (GET /api/teacher/present)
    monkeypatch.setattr(present_module.Presenter, "view_json",
                        lambda self: {**real_present(self), mark: mark})
    w = Watch(room, monkeypatch)
    a, ca = room.join("Ann")
    b, cb = room.join("Ben")
    tid = room.new_table("standard", [a, None, b, None], seed=8)
    spare = room.new_table("standard", [None] * 4, seed=9, pace=5)
    t = room.room.tables[tid]
    rng = random.Random(3)

    def ask() -> None:
        for path in ("/api/teacher/overview", f"/api/teacher/tables/{tid}/full",
                     "/api/teacher/lesson", "/api/teacher/present"):
            got = room.client.get(path, headers=room.teacher)
            assert got.status_code == 200 and mark in got.text, path

    with room.connect(ca) as wa, room.connect(cb) as wb:
        seats = {0: Seat(wa, room.room, tid), 2: Seat(wb, room.room, tid)}
        for k in range(400):
            settle_tables(room, [tid])
            ask()
            if t.game.hands[0].scores is not None:
                break
            if k == 12:
                r = room.client.post("/api/teacher/lesson", headers=room.teacher,
                                     json={"type": "poll", "table": tid, "budget": 1})
                assert r.status_code == 200 and mark in r.text
            if k == 14:
                assert room.client.post("/api/teacher/lesson", headers=room.teacher,
                                        json={"type": "reveal"}).status_code == 200
            seat = t.actor()
            assert seats[seat].send(choose(t.seat_state(seat), rng))["type"] == "ack"
        assert t.game.hands[0].scores is not None
        r = post(room, "/api/teacher/seat", {"table": spare, "seat": 1, "student": a})
        assert r.status_code == 200 and mark in r.text
        ask()
    assert w.check() > 100
    for _, text, _ in w.sent:
        assert mark not in text and "full_html" not in text and '"spread"' not in text


# ---------------------------------------------------------------------------- taking back


def test_taking_back_with_robots_is_what_the_docs_say(room: Room,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/classroom.md: taking back a person's decision takes back the robots' moves after
    it too; the robots' cards played after it were shown to the learner and go back to the
    robots' hands; the robots decide again from the same seeded draws, so the same decision
    brings the same answers."""
    w = Watch(room, monkeypatch)
    a, ca = room.join("Ann")
    tid = room.new_table("standard", [a, None, None, None], seed=4)
    assert post(room, f"/api/teacher/tables/{tid}/settings", {"undo": True}).status_code == 200
    t = room.room.tables[tid]
    rng = random.Random(2)
    with room.connect(ca) as wa:
        s = Seat(wa, room.room, tid)
        for _ in range(40):  # to Ann's first play
            s.settle()
            if t.game.phase == Phase.PLAY and t.actor() == 0:
                break
            assert s.send(choose(t.seat_state(0), rng))["type"] == "ack"
        mine = choose(t.seat_state(0), rng)
        assert s.send(mine)["type"] == "ack"
        s.settle()
        after = room.room.store.actions(tid)
        k = max(i for i, e in enumerate(after) if e["kind"] == "play" and e["seat"] == 0)
        robots = [e["card"] for e in after[k + 1:] if e["kind"] == "play"]
        assert robots  # the robots answered Ann's card: she was shown theirs
        shown = {c for m in s.received if m["type"] == "update"
                 for c in (ev.get("card") for ev in m["events"]) if c}
        assert set(robots) <= shown
        assert s.send({"type": "undo", "table": tid})["type"] == "ack"
        s.settle()
        assert room.room.store.actions(tid) == after[:k]
        held = {c.code for seat in (1, 2, 3) for c in t.game.hand.hands[seat]}
        assert set(robots) <= held  # back in the robots' hands
        assert s.send(mine)["type"] == "ack"  # the same card again: the same answers
        s.settle()
        assert room.room.store.actions(tid)[:len(after)] == after
    # her seat's messages named no robot's card still unseen by her (cards she was shown
    # before the take-back are public, as the engine's view says)
    assert w.check() > 10


# ---------------------------------------------------------------------------- the property


PRESETS = [("standard", {}), ("acorns", {"travelers_hunters": True}), ("acorns8", {})]


@pytest.mark.parametrize(("preset", "options"), PRESETS, ids=[p for p, _ in PRESETS])
@pytest.mark.parametrize("seed", [1, pytest.param(2, marks=pytest.mark.slow)])
def test_no_student_message_names_a_card_another_seat_of_the_deal_holds(
        preset: str, options: dict[str, Any], seed: int,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Whole hands of every preset at two twin tables of a prepared deal, with polls and
    what-ifs from either table, students' sits and the teacher's seat changes drawn by a
    seeded loop: every message to every student socket is scanned (Watch) against the cards
    the other seats of their own hand still hold unseen by them."""
    rng = random.Random(seed)
    with TestClient(create_app(SqliteStore(":memory:"))) as client:
        r = Room(client)
        w = Watch(r, monkeypatch)
        n = RuleSet.preset(preset, options).players
        names = [f"Student {i + 1}" for i in range(5)]
        ids = [r.join(x) for x in names]
        half = n // 2
        plan: list[list[int | None]] = [[None] * n for _ in range(2)]
        plan[0][0], plan[0][half], plan[1][0], plan[1][half] = (ids[i][0] for i in range(4))
        tids = twins(r, preset, plan, seed=100 + seed, **options)
        tables = r.room.tables
        wss = [r.connect(c) for _, c in ids]
        for ws in wss:
            ws.__enter__()
        refusals: set[str] = set()
        withheld = shown = 0
        try:
            seats = [Seat(ws, r.room) for ws in wss]

            def seat_of(sid: int) -> tuple[int, int] | None:
                for tid in tids:
                    k = tables[tid].seat_of(sid)
                    if k is not None:
                        return tid, k
                return None

            for _ in range(3_000):
                settle_tables(r, tids)
                going = [tid for tid in tids if tables[tid].game.hands[0].scores is None]
                if not going:
                    break
                roll = rng.random()
                if roll < 0.06:  # a poll or a what-if from either table's play so far
                    src = rng.choice(tids)
                    g = tables[src].game
                    if not any(x.kind == "play" for x in Line.of(g, 0).steps):
                        continue
                    k = play_step(tables[src])
                    body: dict[str, Any] = {"type": "poll", "table": src, "hand": 0,
                                            "step": k, "budget": 0.5}
                    if rng.random() < 0.5:
                        action = rng.choice(Line.of(g, 0).at(k).legal_plays()).card.code
                        body = {"type": "whatif", "table": src, "hand": 0, "step": k,
                                "action": action}
                    res = client.post("/api/teacher/lesson", headers=r.teacher, json=body)
                    assert res.status_code in (200, 400), res.text
                    if res.status_code == 200 and rng.random() < 0.5:
                        client.post("/api/teacher/lesson", headers=r.teacher,
                                    json={"type": "reveal"})
                    continue
                if roll < 0.10:  # a student asks for a seat somewhere
                    i = rng.randrange(5)
                    tid = rng.choice(tids)
                    free = [k for k, x in enumerate(tables[tid].seats) if x["kind"] == "bot"]
                    if free:
                        at = seat_of(ids[i][0])
                        seats[i].tid = None if at is None else at[0]
                        m = seats[i].send({"type": "sit", "table": tid,
                                           "seat": rng.choice(free)})
                        if m["type"] == "refused":
                            refusals.add(m["rule"])
                    continue
                if roll < 0.13:  # the teacher moves a student, or hands a seat to a robot
                    i = rng.randrange(5)
                    tid = rng.choice(tids)
                    k = rng.randrange(n)
                    here = tables[tid].seats[k]
                    student = None if here["kind"] == "person" else ids[i][0]
                    res = post(r, "/api/teacher/seat",
                               {"table": tid, "seat": k, "student": student})
                    if res.status_code == 400 and "rule" in res.json():
                        refusals.add(res.json()["rule"])
                    continue
                # a person whose turn it is acts; a table whose person is away waits
                movers = [(tid, tables[tid].actor()) for tid in going]
                movers = [(tid, k) for tid, k in movers if k is not None
                          and tables[tid].seats[k]["kind"] == "person"]
                if not movers:
                    # every seat to act is a robot's, held for its person: seat them back
                    for tid in going:
                        k = tables[tid].actor()
                        was = tables[tid].seats[k].get("was") if k is not None else None
                        if was:
                            post(r, "/api/teacher/seat",
                                 {"table": tid, "seat": k, "student": was["student"]})
                    continue
                tid, k = rng.choice(movers)
                sid = tables[tid].seats[k]["student"]
                i = next(j for j, (x, _) in enumerate(ids) if x == sid)
                seats[i].tid = tid
                m = seats[i].send(choose(tables[tid].seat_state(k), rng))
                assert m["type"] in ("ack", "refused"), m
            else:
                raise AssertionError("the hands never ended")
            lessons = [json.loads(t)["activity"] for _, t, _ in w.sent
                       if json.loads(t)["type"] == "lesson"]
            withheld = sum(1 for x in lessons if x and "withheld" in x)
            shown = sum(1 for x in lessons if x and "withheld" not in x)
        finally:
            for ws in wss:
                ws.__exit__(None, None, None)
        assert w.check() > 150
        assert refusals & {"already-seated", "same-deal"}, refusals
        assert withheld and shown, (withheld, shown)
