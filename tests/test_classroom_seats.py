"""A classroom seat: its drawing (the notebooks' ``render.table_html`` fed from the seat's view),
a robot holding a dropped seat, hints and undo as table settings (spades_lab/classroom)."""
from __future__ import annotations

import json
import random
import re
import time
from typing import Any

import pytest

pytest.importorskip("starlette")

from test_classroom import Room, Seat, assert_replays, choose  # noqa: E402

from spades_lab.classroom.tables import ClassTable, SeatHand, seat_table_html  # noqa: E402
from spades_lab.core.engine import Phase  # noqa: E402
from spades_lab.render import table_html, trumps_html  # noqa: E402

pytestmark = pytest.mark.timeout(120)


def _bots(preset: str = "standard", seed: int = 3) -> ClassTable:
    return ClassTable(1, {"preset": preset, "options": {}}, [{"kind": "bot"}] * (
        8 if preset == "acorns8" else 4), seed=seed)


def _grid(html: str) -> str:
    """The table grid of a drawing (without the seat's own card buttons)."""
    return html[html.index('<div class="sl-table'):html.index('<p class="sl-hand-title"')]


@pytest.mark.parametrize("preset", ["standard", "acorns", "acorns8"])
def test_the_seat_sees_the_notebooks_table(preset: str) -> None:
    """At every step of a hand, each seat's drawing is the play widget's ``table_html`` call
    (compact, every hand face down, the table model's trick view) on the engine's hand: the
    classroom and the notebooks draw the same table, from the seat's view alone."""
    t = _bots(preset)
    n = t.rules.players
    names = t.names()
    seen_caption = seen_won = 0
    for _ in range(400):
        if t.game.over or len(t.game.hands) > 1:
            break
        t.version += len(t.step())
        h = t.game.hand
        if h is None:
            continue
        for seat in range(n):
            v = t.game.view(seat)
            words = t.words(seat)
            tv = words.trick_view()
            badges = words.partner_badges(seat)
            html = seat_table_html(v, names, tv, badges=badges, superior_at=h.superior_at)
            mine = _grid(html)
            theirs = table_html(h, seat=seat, face_up=[False] * n, names=names,
                                trick=list(tv.plays), winning=tv.winning, winner=tv.winner,
                                trick_caption=tv.caption, compact=True, seat_badges=badges,
                                bottom=seat)
            assert mine == theirs
            # the trumps' state as play mode draws it, from the seat's view alone
            assert html.startswith('<div class="sl-classroom-seat">' + trumps_html(h))
        seen_caption += "is winning so far" in tv.caption
        seen_won += "won trick" in tv.caption
    assert seen_caption and seen_won


@pytest.mark.parametrize("preset", ["standard", "acorns8"])
def test_the_seat_is_drawn_at_the_bottom_with_its_partners_marked(preset: str) -> None:
    """Each seat sees itself at the bottom of the table (grid area s2 of four, s4 of eight),
    the others around it in the order of play, and "your partner" after each partner's name
    (the partnerships of the rules: one partner of four seats, one at eight in pairs)."""
    t = _bots(preset)
    t.step()
    n = t.rules.players
    for seat in range(n):
        html = t.seat_state(seat)["html"]
        areas = dict(re.findall(r'data-seat="(\d)" style="grid-area:s(\d)"', html))
        assert areas[str(seat)] == str(n // 2)
        assert areas[str((seat + 1) % n)] == str(n // 2 + 1)  # the next to play: on the left
        assert sorted(areas.values()) == [str(a) for a in range(n)]
        marked = re.findall(r'data-seat="(\d)"[^>]*><span class="sl-seat-name[^"]*">[^<]*'
                            r'<span class="sl-seat-badge">your partner</span>', html)
        assert [int(x) for x in marked] == [s for s in t.rules.team_seats[
            t.rules.team_of(seat)] if s != seat] and marked


def test_the_trumps_state_is_drawn_once_a_trump_is_broken() -> None:
    """A Heckadeck table's seats see both trumps' state (play mode's ``trumps_html``): every
    trump unbroken at first, then broken or superior as the engine records it."""
    t = _bots("acorns", seed=5)
    seen = set()
    for _ in range(600):
        if len(t.game.hands) > 1 or t.game.over:
            break
        t.version += len(t.step())
        if t.game.hand is None:
            continue
        html = t.seat_state(1)["html"]
        assert html.count('class="sl-trump ') == 2
        seen |= set(re.findall(r"sl-trump-(unbroken|broken|superior)", html))
    assert seen == {"unbroken", "broken", "superior"}


def test_the_state_says_the_last_hands_score_in_words() -> None:
    t = _bots(seed=2)
    while not t.game.hands or not t.game.hands[0].complete:
        assert t.seat_state(0)["score"] == []
        t.version += len(t.step())
    score = t.seat_state(0)["score"]
    assert score[0] == "Hand 1 is over." and any("bags" in x for x in score), score
    assert not any(re.search(r"\b\d{1,2}[SHDC]\b", x) for x in score)  # words, no card codes
    t.version += len(t.step())  # the next deal: its state names no card of the hand before
    assert len(t.game.hands) == 2 and t.seat_state(0)["score"] == []


def test_a_face_down_hand_is_counted_never_shown() -> None:
    t = _bots()
    t.step()  # the deal
    v = t.game.view(1)
    hands = SeatHand(v).hands
    assert [len(x) for x in hands] == [13] * 4
    with pytest.raises(IndexError):
        hands[0][0]
    html = seat_table_html(v, t.names())
    assert "Your cards are face down (13 cards)" in html
    assert "data-card" not in html


def test_the_seat_to_play_has_its_legal_cards_marked() -> None:
    t = _bots(seed=8)
    for _ in range(100):
        if t.game.phase == Phase.PLAY:
            break
        t.version += len(t.step())
    seat = t.actor()
    assert seat is not None
    v = t.game.view(seat)
    html = seat_table_html(v, t.names())
    legal = {p.card.code for p in v.legal}
    marked = set(re.findall(r'class="sl-cardbtn[^"]*sl-legal[^"]*" data-card="(\w+)"', html))
    assert marked == legal and legal
    assert "the cards you may play are marked green" in html
    others = [s for s in range(4) if s != seat]
    assert "sl-legal" not in seat_table_html(t.game.view(others[0]), t.names())


# ---------------------------------------------------------------------------- a robot holds a seat

def _room(grace: float) -> Any:
    from starlette.testclient import TestClient

    from spades_lab.classroom.app import create_app
    from spades_lab.classroom.store import SqliteStore
    return TestClient(create_app(SqliteStore(":memory:"), grace=grace))


def _now(s: Seat) -> dict[str, Any]:
    assert s.state is not None
    return s.state


def _until(pred: Any, what: str) -> None:
    """Wait (bounded) for the server's robots to make ``pred`` true."""
    for _ in range(2_000):
        if pred():
            return
        time.sleep(0.01)
    raise AssertionError(f"never: {what}")


def test_a_robot_holds_a_dropped_seat_and_hands_it_back() -> None:
    """Ann's connection closes at her turn while Bob plays on: after the grace period the
    table's robot plays for her (stored like any action); when she comes back (the same
    cookie) the seat is hers again, she is told what the robot did, and the robot no longer
    plays for her."""
    with _room(grace=0.05) as client:
        r = Room(client)
        a, ca = r.join("Ann")
        b, cb = r.join("Bob")
        tid = r.new_table("standard", [a, None, b, None], seed=4, pace=0.02)
        t = r.room.tables[tid]
        rng = random.Random(2)
        with r.connect(cb) as wb:
            sb = Seat(wb, r.room, tid)
            with r.connect(ca) as wa:
                sa = Seat(wa, r.room, tid)
                seats = {0: sa, 2: sb}
                for _ in range(200):  # play until a trick is under way and Ann is to play
                    _settle_both(sa, sb)
                    if t.game.phase == "play" and t.actor() == 0:
                        break
                    me = seats[t.actor()]
                    assert me.send(choose(_now(me), rng))["type"] == "ack"
                at = t.version
            _until(lambda: 0 in t.held, "a robot holds Ann's seat")
            for _ in range(200):  # Bob plays on; the robot plays Ann's cards
                if len(t.held_words.get(0, [])) >= 2 or t.game.over:
                    break
                sb.settle()
                if t.actor() == 2:
                    assert sb.send(choose(_now(sb), rng))["type"] == "ack"
            assert 0 in t.held and len(t.held_words[0]) >= 2
            assert sb.state is not None and sb.state["held"] == [0]
            with r.connect(ca) as wa:
                sa = Seat(wa, r.room, tid)
                msgs = [sa.recv() for _ in range(2)]
                back = next(m for m in msgs if m["type"] == "back")
                assert back["seat"] == 0 and back["table"] == tid
                assert back["message"] == "While you were away, the robot played for you."
                assert back["words"][0].startswith("North plays ")
                assert 0 not in t.held and 0 not in t.held_words
                # the robot's cards are in the store, as Ann's actions
                plays = [e for e in r.room.store.actions(tid)[at:] if e.get("seat") == 0]
                assert plays and plays[0]["kind"] == "play"
                for _ in range(400):  # Ann's turn again: the table waits for her now
                    _settle_both(sa, sb)
                    if t.actor() == 0 or t.game.over:
                        break
                    assert sb.send(choose(_now(sb), rng))["type"] == "ack"
                if not t.game.over:
                    v = t.version
                    time.sleep(0.3)  # longer than the robots' pace and the grace period
                    assert t.version == v and t.actor() == 0 and not t.held
                    assert _now(sa)["held"] == []
                assert_replays(r, tid)  # the table stands still: the robot's actions replay
                if not t.game.over:
                    assert sa.send(choose(_now(sa), rng))["type"] == "ack"


def test_a_table_everyone_left_waits_for_its_people() -> None:
    """A robot holds an away seat only for the others: when the last person at a table
    leaves, nothing is played for them, however long they are away."""
    with _room(grace=0.05) as client:
        r = Room(client)
        a, ca = r.join("Ann")
        tid = r.new_table("standard", [a, None, None, None], seed=4)
        t = r.room.tables[tid]
        with r.connect(ca) as w:
            Seat(w, r.room, tid).settle()
        v = t.version
        time.sleep(0.3)
        assert t.version == v and not t.held and t.actor() == 0


def test_within_the_grace_period_the_table_waits() -> None:
    with _room(grace=3600) as client:
        r = Room(client)
        a, ca = r.join("Ann")
        tid = r.new_table("standard", [a, None, None, None], seed=4)
        t = r.room.tables[tid]
        with r.connect(ca) as w:
            Seat(w, r.room, tid).settle()
        v = t.version
        time.sleep(0.2)
        assert t.version == v and not t.held and t.actor() == 0
        with r.connect(ca) as w:
            s = Seat(w, r.room, tid)
            assert all(s.recv()["type"] != "back" for _ in range(2))


# ---------------------------------------------------------------------------- hints and undo

def _two_people(r: Room, **kw: Any) -> tuple[int, Any, Any, Any]:
    a, ca = r.join("Ann")
    b, cb = r.join("Bob")
    tid = r.new_table("standard", [a, None, b, None], seed=6, **kw)
    return tid, r.room.tables[tid], ca, cb


def _ask(s: Seat, msg: dict[str, Any]) -> dict[str, Any]:
    """Send ``msg`` and read until its answer (a hint, or ack, refused, error)."""
    s.ws.send_text(json.dumps(msg))
    for _ in range(200):
        m = s.recv()
        if m["type"] in ("hint", "ack", "refused", "error"):
            return m
    raise AssertionError("no answer")


def _settle_both(sa: Seat, sb: Seat) -> None:
    sa.settle()
    sb.settle()


def test_hints_are_off_until_the_teacher_turns_them_on() -> None:
    from spades_lab.table import PlayModel
    with _room(grace=3600) as client:
        r = Room(client)
        tid, t, ca, cb = _two_people(r)
        with r.connect(ca) as wa, r.connect(cb) as wb:
            sa, sb = Seat(wa, r.room, tid), Seat(wb, r.room, tid)
            _settle_both(sa, sb)
            assert sa.state is not None and sa.state["settings"] == {"hints": False,
                                                                    "undo": False}
            me = sa if sa.state["seat"] == t.actor() else sb
            no = _ask(me, {"type": "hint", "table": tid})
            assert no["type"] == "refused" and no["rule"] == "hints-off"
            assert no["message"] == "Hints are off at this table: the teacher can turn them on."
            v = t.version
            bad = client.post(f"/api/teacher/tables/{tid}/settings", json={"hints": True})
            assert bad.status_code == 403 and t.settings["hints"] is False
            ok = client.post(f"/api/teacher/tables/{tid}/settings", json={"hints": True},
                             headers=r.teacher)
            assert ok.status_code == 200 and ok.json()["settings"]["hints"] is True
            assert client.post(f"/api/teacher/tables/{tid}/settings", json={"hints": "yes"},
                               headers=r.teacher).status_code == 400
            seat = t.actor()
            want = PlayModel(game=t.game.copy(), seat=seat, pace=60,
                             seed=t.seed + t.version).hint()
            yes = _ask(me, {"type": "hint", "table": tid})
            assert yes["type"] == "hint" and yes["words"] == want
            assert yes["words"].startswith("The practice bot would ")
            assert t.version == v  # a hint changes nothing
        assert r.room.store.table_settings(tid) == {"hints": True, "undo": False}


def test_undo_needs_every_person_or_the_teacher() -> None:
    with _room(grace=3600) as client:
        r = Room(client)
        tid, t, ca, cb = _two_people(r)
        rng = random.Random(5)
        with r.connect(ca) as wa, r.connect(cb) as wb:
            sa, sb = Seat(wa, r.room, tid), Seat(wb, r.room, tid)
            seats = {0: sa, 2: sb}
            _settle_both(sa, sb)
            assert sa.send({"type": "undo", "table": tid})["rule"] == "nothing-to-undo"
            for _ in range(3):  # two people's decisions, robots' in between
                me = seats[t.actor()]
                assert me.send(choose(_now(me), rng))["type"] == "ack"
                _settle_both(sa, sb)
            off = sa.send({"type": "undo", "table": tid})
            assert off["type"] == "refused" and off["rule"] == "undo-off"
            assert client.post(f"/api/teacher/tables/{tid}/settings", json={"undo": True},
                               headers=r.teacher).status_code == 200
            before = list(r.room.store.actions(tid))
            k = t.last_decision(before)
            assert k is not None
            assert sa.send({"type": "undo", "table": tid})["type"] == "ack"
            asked = next(m for m in [sb.recv() for _ in range(3)] if m["type"] == "undo_asked")
            assert asked["waiting"] == [2] and "Bob must agree" in asked["words"]
            assert t.version == len(before)  # one person asked: nothing taken back yet
            assert sb.send({"type": "undo", "table": tid})["type"] == "ack"
            _settle_both(sa, sb)
            assert r.room.store.actions(tid) == before[:k] and t.version == k
            assert t.actor() == before[k].get("seat", before[k].get("from"))
            assert any(m["type"] == "undone" for m in sa.received)
            # the teacher takes back without asking anyone (and without the secret, nothing)
            assert client.post(f"/api/teacher/tables/{tid}/undo").status_code == 403
            n = len(r.room.store.actions(tid))
            k2 = t.last_decision(r.room.store.actions(tid))
            got = client.post(f"/api/teacher/tables/{tid}/undo", headers=r.teacher)
            assert got.status_code == 200 and got.json()["taken_back"] == n - k2
            _settle_both(sa, sb)
            assert_replays(r, tid)


# ---------------------------------------------------------------------------- the QR code

def test_the_teachers_page_gets_the_qr_code_as_inline_svg() -> None:
    import segno
    with _room(grace=3600) as client:
        r = Room(client)
        assert client.get("/api/teacher/qr").status_code == 403
        got = client.get("/api/teacher/qr", headers=r.teacher)
        assert got.status_code == 200
        body = got.json()
        assert body["url"] == f"http://testserver/?code={r.room.code}"
        svg = body["svg"]
        assert svg.startswith('<svg role="img" aria-label="A QR code of the students\' address"')
        assert "<script" not in svg and "href" not in svg
        # the modules drawn are the QR code of the address (segno's own matrix, row by row)
        want = segno.make(body["url"], error="m").svg_inline(
            scale=5, dark="#000", light="#fff", svgclass="sl-qr", lineclass=None)
        assert svg.split("<path", 1)[1] == want.split("<path", 1)[1]
        page = client.get("/teacher").text
        assert 'id="qr"' in page and r.room.code not in page


@pytest.mark.parametrize("preset", ["standard", "acorns"])
def test_a_hint_names_no_card_of_another_seat(preset: str) -> None:
    """Play mode's hint, asked at every decision of a game of people, never names a card
    another seat holds unseen (nor its code)."""
    from test_classroom import leaks

    people = [{"kind": "person", "student": i + 1, "name": f"P{i + 1}"} for i in range(4)]
    t = ClassTable(1, {"preset": preset, "options": {}}, people, seed=9)
    t.settings["hints"] = True
    rng = random.Random(4)
    asked = 0
    for _ in range(200):
        if t.game.over or len(t.game.hands) > 1:
            break
        seat = t.actor()
        if seat is None:
            t.version += len(t.step())
            continue
        g = t.game
        v = g.view(seat)
        assert g.hand is not None
        known = set(v.hand or ()) | set(v.passed) | set(v.received)
        hidden = {c for s in range(4) if s != seat for c in g.hand.hands[s]} - known
        words = t.hint(seat)
        assert words.startswith("The practice bot would"), words
        assert leaks(words, hidden) == [], (seat, words)
        asked += 1
        s = t.seat_state(seat)
        msg = choose(s, rng)
        kind = msg.pop("type")
        msg.pop("table")
        value = msg.get("bid", msg.get("cards", msg.get("count", msg.get("card"))))
        t.version += len(t.act(seat, kind, value, msg.get("as")))
    assert asked > 20
