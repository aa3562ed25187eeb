"""The one table model (spades_lab.table): replay is a cursor on a hand's Line and play mode a
line that grows, position by position the same as core.line.Line; seats are people, bots or
the record; a seat's view never holds another seat's hidden cards; undo and branch; and the
model imports and plays a hand where ipywidgets cannot be imported at all."""
from __future__ import annotations

import random
import subprocess
import sys
import textwrap

from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import ROOT, examples, learner_decides
from spades_lab.core.cards import Card
from spades_lab.core.engine import Game, PlayEvent
from spades_lab.core.line import Line
from spades_lab.core.records import replay
from spades_lab.play.players import HeuristicPlayer, play_game
from spades_lab.render import table_html
from spades_lab.table import (
    BOT,
    PERSON,
    RECORDED,
    PlayModel,
    TableModel,
    TrickView,
    WhatIfModel,
)

DEMO = ROOT / "data" / "scenarios" / "demo_acorns_th.json"


def state(g: Game) -> tuple[object, ...]:
    """What a position is: its log (every event, looks included) and the totals."""
    return (tuple(g.log), tuple(g.totals), g.phase)


def played_game(preset: str, seed: int, **options: object) -> Game:
    g = Game(preset, **options)  # type: ignore[arg-type]
    play_game(g, [HeuristicPlayer()] * g.rules.players, random.Random(seed), max_hands=1)
    return g


# ---------------------------------------------------------------------------- replay = Line


def test_the_replay_cursor_walks_the_hands_line_position_by_position() -> None:
    g = replay(DEMO).game
    m = TableModel(g, 0)
    line = Line.of(g, 0)
    assert m.last == len(line) - 1 == len(m.actions)
    for k, pos in enumerate(line):
        assert m.go(k) == k
        assert state(m.game) == state(pos), k
    # back and forth: the same position each time, and the same object (made once)
    first = m.snapshots[5]
    m.go(m.last)
    m.go(5)
    assert m.game is first and state(first) == state(line.at(5))


def test_every_replay_seat_is_recorded_and_every_play_seat_a_person_or_a_bot() -> None:
    m = TableModel.from_record(DEMO)
    assert m.seats == (RECORDED,) * m.rules.players
    p = PlayModel("acorns8", seat=5, seed=1)
    assert p.seats == tuple(PERSON if s == 5 else BOT for s in range(8))


def test_trick_view_marks_the_current_winner_and_then_the_final_winner() -> None:
    m = TableModel.from_record(DEMO)
    h_end = m.snapshots[m.last].hand
    first_end = m.trick_ends[0]
    m.go(first_end - 1)  # the trick's last card still to come
    v = m.trick_view()
    assert v.winner is None and v.winning is not None and len(v.plays) == m.rules.players - 1
    m.go(first_end)
    v = m.trick_view()
    assert v.winner == h_end.tricks[0].winner == v.marked and v.winning is None
    assert "won trick 1" in v.caption
    # the drawing takes the winner as an argument: its card, and only its, is marked
    html = table_html(m.hand, face_up=m.face_up(), trick=v.plays, winner=v.winner,
                      trick_caption=v.caption)
    assert html.count("sl-winning") == 1
    at = html.index(f'class="sl-trick-play" data-seat="{v.winner}"')
    assert "sl-winning" in html[at:at + 300]
    assert TrickView().marked is None


def test_play_on_is_a_branch_of_the_line_and_leaves_the_replay_alone() -> None:
    g = replay(DEMO).game
    m = TableModel(g, 0)
    before = m.line.to_record() if m.line else None
    m.go(m.trick_ends[2] + 2)  # inside trick 4
    p = m.play_on(seat=1)
    start = m.trick_ends[2]  # the start of trick 4
    assert m.line is not None
    assert state(Line.of(p.game, 0).at(start)) == state(m.line.at(start))
    assert p.hand is not None and len(p.hand.tricks) >= 3
    assert p.seat == 1 and p.seats[1] == PERSON
    assert m.line.to_record() == before


def test_what_if_points_are_the_positions_with_a_card_to_play() -> None:
    m = TableModel.from_record(DEMO)
    w = WhatIfModel(m)
    assert w.points == [k for k in range(m.last + 1)
                        if m.snapshots[k].hand.phase == "play"
                        and not m.snapshots[k].hand.complete]


# ---------------------------------------------------------------------------- play = a growing line


def test_the_play_line_grows_and_undo_takes_it_back_to_the_same_positions() -> None:
    rng = random.Random(4)
    m = PlayModel("standard", seat=0, seed=9)
    seen: list[tuple[int, list[object]]] = []
    for _ in range(400):
        if m.waiting() in ("next-hand", "over"):
            break
        if m.waiting() in ("bid", "exchange", "play"):
            line = m.line
            assert line is not None
            seen.append((len(line) - 1, list(m.game.log)))
        learner_decides(m, rng)
        line = m.line
        assert line is not None and state(line.final) == state(m.game)
    assert m.hand is not None and m.hand.complete
    record = m.record()
    # the line of the finished hand holds every position the learner decided at
    line = Line.of(m.game, 0)
    assert seen
    for step, log in seen:
        assert line.log(step) == log
    # undo back to the start: each undo lands on the position of that decision
    while m.history:
        mark = m.history[-1]
        assert m.undo()
        assert len(Line.of(m.game, mark.hand)) - 1 == mark.step
    # the same seed and the same decisions again give the same hand (the bots' generator
    # state comes back with each undo)
    rng = random.Random(4)
    for _ in range(400):
        if m.waiting() in ("next-hand", "over"):
            break
        learner_decides(m, rng)
    assert m.record() == record


def test_bots_move_through_play_players_act_only(monkeypatch: object) -> None:
    import spades_lab.table.model as table

    calls: list[int | None] = []
    real = table.act

    def counting(game: Game, players: object, rng: random.Random, *,
                 seat: int | None = None) -> None:
        calls.append(seat)
        real(game, players, rng, seat=seat)  # type: ignore[arg-type]

    monkeypatch.setattr(table, "act", counting)  # type: ignore[attr-defined]
    m = PlayModel("acorns", {"travelers_hunters": True}, seat=0, seed=2)
    rng = random.Random(0)
    for _ in range(200):
        if m.waiting() in ("next-hand", "over"):
            break
        learner_decides(m, rng)
    bot_actions = [ev for ev in m.game.log
                   if getattr(ev, "seat", 0) != 0 and ev.kind in ("bid", "exchange", "play")]
    assert len(calls) == len(bot_actions) and all(s != 0 for s in calls)


# ---------------------------------------------------------------------------- nobody sees in


def hidden_cards(m: PlayModel) -> set[Card]:
    g = m.game
    h = g.hand
    if h is None:
        return set()
    return {c for s in range(g.rules.players) if s != m.seat for c in h.hands[s]}


@settings(max_examples=examples(15), deadline=None)
@given(preset=st.sampled_from(["standard", "acorns", "acorns8", "original"]),
       seed=st.integers(0, 10_000), seat=st.integers(0, 7), moves=st.integers(0, 60))
def test_a_seats_view_never_holds_another_seats_hidden_cards(preset: str, seed: int, seat: int,
                                                             moves: int) -> None:
    players = 8 if preset == "acorns8" else 4
    m = PlayModel(preset, seat=seat % players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if m.waiting() in ("next-hand", "over"):
            break
        learner_decides(m, rng)
        hidden = hidden_cards(m)
        v = m.seat_view(m.seat)
        known = set(v.passed)  # the cards this seat passed: it knows where they are
        seen = set(v.hand or ()) | set(v.received) | {p.card for p in v.legal}
        seen |= {p.card for _, p in v.trick} | {p.card for t in v.tricks for _, p in t.plays}
        assert not (seen & hidden)
        assert not ({c for c, _ in m.my_cards()} & hidden)
        # the play table's drawing shows no hidden card either (counts only)
        h = m.hand
        assert h is not None
        tv = m.trick_view()
        html = table_html(h, seat=m.seat, face_up=[False] * players, trick=tv.plays,
                          winning=tv.winning, winner=tv.winner, compact=True)
        for c in hidden - known:
            assert f'data-card="{c.code}"' not in html


@settings(max_examples=examples(10), deadline=None)
@given(seed=st.integers(0, 10_000), view=st.integers(0, 3), k=st.integers(0, 200))
def test_a_replay_viewed_as_a_seat_draws_no_other_hand(seed: int, view: int, k: int) -> None:
    g = played_game("standard", seed)
    m = TableModel(g, 0, view_seat=view)
    m.go(k)
    h = m.hand
    up = m.face_up()
    assert all(not up[s] for s in range(4) if s != view)
    html = table_html(h, face_up=up)
    for s in range(4):
        if s != view:
            for c in h.hands[s]:
                assert f'data-card="{c.code}"' not in html


# ---------------------------------------------------------------------------- without ipywidgets


def test_the_model_imports_and_plays_a_hand_without_ipywidgets() -> None:
    code = textwrap.dedent("""
        import sys

        class Blocked:
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] in ("ipywidgets", "IPython", "pandas", "matplotlib"):
                    raise ImportError("blocked: " + name)
                return None

        sys.meta_path.insert(0, Blocked())
        import random
        from spades_lab.table import PlayModel, TableModel
        m = PlayModel("standard", seat=0, seed=1)
        rng = random.Random(1)
        for _ in range(300):
            w = m.waiting()
            if w in ("next-hand", "over"):
                break
            if w == "look":
                m.look()
            elif w == "bid":
                assert m.bid(m.bid_choices()[0].bid)
            elif w == "play":
                assert m.play(m.plays_for([c for c, ok in m.my_cards() if ok][0])[0])
        assert m.hand.complete
        t = TableModel(m.game, 0)
        t.go(t.last)
        assert t.game.hand.complete
        bad = [n for n in sys.modules if n.split(".")[0] in ("ipywidgets", "pandas",
                                                              "matplotlib", "IPython")]
        assert not bad, bad
        print("ok", t.last)
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("ok 56")


def test_the_recorded_next_card_is_the_lines_next_step() -> None:
    m = TableModel.from_record(DEMO)
    assert m.line is not None
    for k in (m.play_start, m.play_start + 3, m.last - 1):
        m.go(k)
        ev = m.recorded_next()
        assert isinstance(ev, PlayEvent)
        assert m.line.steps[k].seat == ev.seat
