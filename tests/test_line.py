"""core.line: a hand's line of positions, checked against the records' replay it replaces."""
from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import ROOT, examples, state_snapshot
from spades_lab import Game, IllegalAction, RecordError, RuleError
from spades_lab.core.engine import BidEvent, ExchangeEvent, LookEvent, PlayEvent
from spades_lab.core.line import CHECKPOINT, Line, replay_line
from spades_lab.core.records import (
    Step,
    apply_step,
    hand_steps,
    load_record,
    replay,
    replay_log,
)
from spades_lab.play.players import SimplePlayer, act, play_hand
from spades_lab.teach.whatif import what_if

RECORDS = sorted([*(ROOT / "data" / "course").glob("*.json"),
                  *(ROOT / "data" / "scenarios").glob("*.json")])


def _ids(p: Path) -> str:
    return f"{p.parent.name}/{p.stem}"


def _recorded(data: dict[str, Any], h: int, k: int) -> Any:
    """The record's position (hand h, STEP k) as today's replay makes it."""
    return state_snapshot(replay(data, upto=(h, k)).game)


def _log_position(game: Game, h: int, k: int) -> int:
    """The reference: the index into ``game.log`` of (hand h, STEP k), the looks before it
    included, counted event by event (what ``records.log_position`` did before the line)."""
    log = game.log
    i = game.hands[h].first_event + 1
    seen = 0
    while i < len(log) and seen < k:
        if isinstance(log[i], (BidEvent, ExchangeEvent, PlayEvent)):
            seen += 1
        i += 1
    while i < len(log) and isinstance(log[i], LookEvent):
        i += 1
    return i


def test_records_found() -> None:
    assert len(RECORDS) > 40


@pytest.mark.parametrize("path", RECORDS, ids=_ids)
def test_every_position_is_the_replay_upto(path: Path) -> None:
    data = load_record(path)
    whole = replay(data).game
    for h in range(len(data["hands"])):
        line = Line.from_record(data, h)
        n = len(hand_steps(data, h))
        assert len(line) == n + 1 and line.hand == h and line.rules == whole.rules
        assert [s.entry() for s in line.steps] == [s.entry() for s in hand_steps(data, h)]
        want = [_recorded(data, h, k) for k in range(n + 1)]
        assert [state_snapshot(g) for g in line] == want  # one walk
        # at() in an order that starts from snapshots and steps back and forth
        for k in [n, 0, *range(n, -1, -3), *range(1, n + 1, 2)]:
            assert state_snapshot(line.at(k)) == want[k], (h, k)
        assert state_snapshot(line[-1]) == state_snapshot(line.final) == want[-1]
        assert line.complete == whole.hands[h].complete
        # the same positions from the replayed game's log
        of = Line.of(whole, h)
        assert [s.entry() for s in of.steps] == [s.entry() for s in line.steps]
        assert [state_snapshot(g) for g in of] == want
        assert state_snapshot(of.at(n // 2)) == want[n // 2]


def test_a_live_games_looks_belong_to_their_positions() -> None:
    """A game played live logs looks; each position is the log up to it, as the what-if
    rebuilt it (the log up to the position, replayed with ``replay_log``)."""
    for preset, seed in (("standard", 2), ("online", 5), ("acorns", 1), ("acorns8", 3)):
        g = Game(preset)
        rng = random.Random(seed)
        play_hand(g, [SimplePlayer()] * g.rules.players, rng)
        g.deal(rng=rng)
        assert g.hand is not None and g.hand.turn is not None
        g.look(g.hand.turn)
        for h in range(len(g.hands)):
            line = Line.of(g, h)
            for k in range(len(line)):
                want = replay_log(g, g.log[:_log_position(g, h, k)])
                assert state_snapshot(line.at(k)) == state_snapshot(want), (preset, h, k)
        assert Line.of(g).hand == len(g.hands) - 1
        assert state_snapshot(Line.of(g).final) == state_snapshot(g)


def _other_action(game: Game, recorded: Step | None) -> dict[str, Any] | None:
    """A legal action at ``game`` other than ``recorded``, as a record entry."""
    h = game.hand
    if h is None or game.phase not in ("bidding", "play"):
        return None
    if game.phase == "bidding":
        for b in game.legal_bids():
            entry = {"seat": h.turn, "bid": b.to_json()}
            if recorded is None or str(recorded.value) != str(entry["bid"]):
                return entry
        return None
    for p in reversed(game.legal_plays()):
        entry = {"seat": h.turn, "card": p.card.code}
        if p.card.is_dual:
            entry["as"] = p.suit
        if recorded is None or recorded.entry() != entry:
            return entry
    return None


@pytest.mark.parametrize("path", RECORDS[::3], ids=_ids)
def test_branch_is_the_what_if(path: Path) -> None:
    """``branch(k, action)`` is the position ``what_if(..., then=[])`` makes: the record up to
    STEP k, then the other action."""
    data = load_record(path)
    h = len(data["hands"]) - 1
    line = Line.from_record(data, h)
    for k in range(0, len(line), 5):
        pos = line.at(k)
        entry = _other_action(pos, line.steps[k] if k < len(line.steps) else None)
        if entry is None:
            continue
        b = line.branch(k, entry)
        w = what_if(data, (h, k), entry, then=[])
        assert state_snapshot(b.final) == state_snapshot(w.branch.game), (k, entry)
        assert len(b) == k + 2 and b.steps[:k] == line.steps[:k]


@pytest.mark.parametrize("path", RECORDS, ids=_ids)
def test_to_record_round_trips(path: Path) -> None:
    data = load_record(path)
    whole = replay(data).game
    last = len(data["hands"]) - 1
    assert Line.from_record(data, last).to_record() == whole.to_record()
    line = Line.from_record(data, 0)
    again = Line.from_record(line.to_record(), 0)
    assert [state_snapshot(g) for g in again] == [state_snapshot(g) for g in line]
    assert line.to_record()["hands"] == whole.to_record()["hands"][:1]


def _all(line: Line) -> list[Any]:
    return [state_snapshot(g) for g in line]


def test_extend_undo_branch_leave_other_lines_alone() -> None:
    data = load_record(ROOT / "data" / "course" / "standard_hand.json")
    line = Line.from_record(data, 0)
    before = _all(line)
    steps = line.steps
    # a line grown action by action from its deal has the same positions
    grown = line.branch(0)
    for s in steps:
        grown.extend(s)
    assert _all(grown) == before and _all(line) == before
    # a what-if fork, extended and taken back, leaves the original as it was
    k = len(steps) // 2
    fork = line.branch(k, _other_action(line.at(k), steps[k]))
    assert _all(line) == before
    assert _all(fork)[:k + 1] == before[:k + 1] and _all(fork)[k + 1] != before[k + 1]
    g = fork.final
    fork.extend({"seat": g.hand.turn, "card": g.legal_plays()[0].card.code})  # type: ignore
    assert len(fork) == k + 3
    fork.undo_to(k)
    assert len(fork) == k + 1 and _all(fork) == before[:k + 1]
    assert _all(line) == before
    # a changed position handed out does not reach the line
    pos = line.at(k)
    pos.play(pos.legal_plays()[0])
    pos.hands.clear()
    assert state_snapshot(line.at(k)) == before[k] and _all(line) == before
    # undo_to, then growing again, on the original
    line.undo_to(3)
    assert _all(line) == before[:4] and fork.steps[:3] == steps[:3]
    for s in steps[3:]:
        line.extend(s)
    assert _all(line) == before


def test_a_refused_action_changes_nothing() -> None:
    data = load_record(ROOT / "data" / "course" / "standard_hand.json")
    line = Line.from_record(data, 0)
    line.undo_to(10)
    before, steps = _all(line), line.steps
    hand = line.final.hand
    assert hand is not None and hand.turn is not None
    turn = hand.turn
    held = {c.code for c in hand.hands[(turn + 1) % 4]}
    for bad, rule in (({"seat": turn, "card": sorted(held)[0]}, "card-not-in-hand"),
                      ({"seat": (turn + 1) % 4, "card": sorted(held)[0]}, "not-your-turn"),
                      ({"seat": turn, "bid": 3}, "wrong-phase"),
                      (Step("deal", None, []), "wrong-phase"),
                      (Step("play", turn, "ZZ"), "unknown-card")):
        with pytest.raises(IllegalAction) as e:
            line.extend(bad)
        assert e.value.rule == rule, bad
        assert _all(line) == before and line.steps == steps
    with pytest.raises(RuleError, match="An action is a step or a record entry") as refused:
        line.extend("QH")
    assert refused.value.rule == "bad-record" and _all(line) == before
    full = Line.from_record(data, 0)
    with pytest.raises(IllegalAction) as e:
        full.extend(steps[0])
    assert e.value.rule == "wrong-phase" and full.complete
    with pytest.raises(RecordError):
        line.branch(len(line), steps[0])


def test_index_errors_count_hands_from_1() -> None:
    path = ROOT / "data" / "course" / "standard_game.json"
    data = load_record(path)
    n = len(data["hands"])
    assert n > 2
    for bad in (n, -1, 10**9):
        with pytest.raises(RecordError) as e:
            Line.from_record(data, bad)
        assert e.value.rule == "bad-record"
        assert e.value.message.startswith(f"This record has {n} hands, at indexes 0 (the first) "
                                          f"to {n - 1} (the {n}th); there is no hand at index")
    not_whole: list[Any] = [True, 1.0, "1", None]
    for x in not_whole:
        with pytest.raises(RecordError, match="A hand is given by its index, a whole number"):
            Line.from_record(data, x)
    with pytest.raises(RecordError, match="This game has no hands yet: deal first"):
        Line.of(Game("standard"))
    with pytest.raises(RecordError, match="This game has 0 hands|no hands yet"):
        Line.of(Game("standard"), 0)
    line = Line.from_record(data, 1)
    steps = len(line.steps)
    with pytest.raises(RecordError) as e:
        line.at(steps + 1)
    assert e.value.message == (
        f"Hand 2 has {steps} actions (its bids, then its exchanges, then its plays), so its "
        f"positions are STEP 0 (before its first action) to {steps} (after its last); there is "
        f"no STEP {steps + 1}.")
    assert e.value.hand == 1


_LINE = Line.from_record(ROOT / "data" / "course" / "standard_hand.json", 0)
_DATA = load_record(ROOT / "data" / "course" / "standard_hand.json")


@settings(max_examples=examples(60), deadline=None)
@given(st.one_of(st.integers(-80, 80), st.booleans(), st.floats(allow_nan=True),
                 st.text(max_size=3), st.none()))
def test_any_step_is_a_position_or_a_typed_refusal(k: Any) -> None:
    n = len(_LINE) - 1
    if type(k) is int and 0 <= k <= n:
        assert state_snapshot(_LINE.at(k)) == _recorded(_DATA, 0, k)
        assert state_snapshot(_LINE[k - n - 1]) == _recorded(_DATA, 0, k)
        return
    with pytest.raises(RecordError) as e:
        _LINE.at(k)
    assert e.value.rule == "bad-record" and "Hand 1 has" in e.value.message
    if not (type(k) is int and -n - 1 <= k < 0):
        with pytest.raises(RecordError):
            _LINE[k]


@settings(max_examples=examples(30), deadline=None)
@given(st.lists(st.integers(0, 56), min_size=1, max_size=12))
def test_snapshots_never_leak_between_calls(ks: list[int]) -> None:
    line = Line.from_record(_DATA, 0)
    for k in ks:
        g = line.at(k)
        assert state_snapshot(g) == _recorded(_DATA, 0, k)
        if g.legal_plays():
            g.play(g.legal_plays()[0])  # changing a handed-out game changes nothing stored
    assert all(i % CHECKPOINT == 0 for i in line._snaps)


def test_slices_and_repr() -> None:
    assert [state_snapshot(g) for g in _LINE[2:6:2]] == [_recorded(_DATA, 0, k) for k in (2, 4)]
    assert repr(_LINE) == f"<Line standard: hand 1, {len(_LINE) - 1} actions, complete>"
    assert _LINE.log(0) == replay(_DATA, upto=(0, 0)).game.log


def test_log_is_the_positions_log() -> None:
    data = load_record(ROOT / "data" / "course" / "standard_game.json")
    line = Line.from_record(data, 2)
    for k in range(len(line)):
        assert line.log(k) == line.at(k).log
    g = replay(data).game
    of = Line.of(g, 2)
    assert all(of.log(k) == line.log(k) for k in range(len(line)))


def test_a_line_of_a_game_does_not_follow_the_game_on() -> None:
    g = Game("standard")
    rng = random.Random(4)
    g.deal(rng=rng)
    for b in (3, 4, 2, 3):
        g.bid(b)
    line = Line.of(g)
    before = _all(line)
    for _ in range(6):
        g.play(g.legal_plays()[0])
    assert _all(line) == before and len(line) == 5
    assert state_snapshot(line.final) == state_snapshot(line.at(4)) == before[-1]
    assert len(Line.of(g)) == 11
    now = Line.of(g)  # the game stands at the line's end: its copy is the final position
    assert state_snapshot(now.final) == state_snapshot(g) == _all(now)[-1]


@settings(max_examples=examples(40), deadline=None)
@given(st.integers(0, 56), st.integers(0, 40))
def test_branch_is_the_position_plus_the_action(k: int, pick: int) -> None:
    line = _LINE
    before_len, before_steps = len(line), line.steps
    g = line.at(k)
    options: list[Step] = []
    h = g.hand
    if h is not None and g.phase == "bidding":
        options = [Step("bid", h.turn, b) for b in g.legal_bids()]
    elif h is not None and g.phase == "play":
        options = [Step("play", h.turn, p) for p in g.legal_plays()]
    if not options:
        with pytest.raises(IllegalAction):
            line.branch(k, Step("play", 0, "AS"))
        return
    step = options[pick % len(options)]
    b = line.branch(k, step)
    apply_step(g, step)
    assert state_snapshot(b.final) == state_snapshot(g)
    assert len(b) == k + 2 and b.steps[k].entry() == step.entry()
    assert len(line) == before_len and line.steps == before_steps


# ---------------------------------------------------------------------------- moved here
# (the record's walks that core.records had: replay_at -> replay_line, log_position -> Line.log,
# the labelled step walk -> records.play_steps, a checked record read once -> Line.of_checked)

_GAME = ROOT / "data" / "course" / "standard_game.json"


@pytest.mark.parametrize("hand", [0, 4, 8])
def test_replay_line_is_the_whole_replay_and_the_hands_line(hand: int) -> None:
    data = load_record(_GAME)
    whole = replay(data).game
    n = len(hand_steps(data, hand))
    for k in sorted({0, n // 2, n}):
        end, line = replay_line(data, hand, k)
        assert end.to_record() == whole.to_record()
        assert state_snapshot(line.at(k)) == _recorded(data, hand, k)
        assert [state_snapshot(g) for g in line] == [_recorded(data, hand, j)
                                                     for j in range(n + 1)]
        # the line's last position is its own, whatever the game at the end does next
        assert state_snapshot(line.final) == _recorded(data, hand, n)
    end, line = replay_line(data, hand)
    assert end.to_record() == whole.to_record() and len(line) == n + 1


def test_replay_line_refuses_a_hand_or_step_it_does_not_have() -> None:
    with pytest.raises(RecordError) as e:
        replay_line(_GAME, 9, 0)
    assert e.value.rule == "bad-record" and "9 hands" in e.value.message
    with pytest.raises(RecordError) as e:
        replay_line(_GAME, 0, 58)
    assert e.value.rule == "bad-record" and "no STEP 58" in e.value.message


def test_the_line_of_the_last_hand_survives_the_game_playing_on() -> None:
    data = load_record(ROOT / "data" / "course" / "standard_hand.json")
    end, line = replay_line(data, 0)
    want = state_snapshot(line.final)
    end.deal(rng=random.Random(1))  # the game at the end goes on; the line does not
    assert state_snapshot(line.final) == want == state_snapshot(line[-1])


def test_of_checked_reads_the_record_once(monkeypatch: pytest.MonkeyPatch) -> None:
    import spades_lab.core.line as line_module
    import spades_lab.core.records as records

    data = load_record(_GAME)
    rules = records.game_from_record(_GAME).rules
    want = _recorded(data, 3, 7)

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the record was checked again")

    monkeypatch.setattr(line_module, "load_record", refuse)
    monkeypatch.setattr(records, "load_record", refuse)
    line = Line.of_checked(data, 3, keep=7)
    assert state_snapshot(line.at(7)) == want
    assert records.checked_game(data).rules == rules


def test_a_refused_step_names_its_hand_and_its_place() -> None:
    """One labelled walk (records.play_steps) for the replay, the line and the log replay:
    the same hand and step in the error, counted per kind from 0."""
    data = load_record(_GAME)
    bad = json.loads(json.dumps(data))
    plays = bad["hands"][2]["plays"]
    plays[5], plays[9] = plays[9], plays[5]  # a card of a later trick played early
    errors = []
    for attempt in (lambda: replay(bad), lambda: replay(bad, upto=(2, 30)),
                    lambda: Line.from_record(bad, 2), lambda: replay_line(bad, 2, 0)):
        with pytest.raises(RecordError) as e:
            attempt()
        errors.append((e.value.hand, e.value.step))
    assert len(set(errors)) == 1 and errors[0][0] == 2 and errors[0][1].startswith("play ")
    whole = replay(data).game
    log = Line.of(whole, 2).log(len(Line.of(whole, 2)) - 1)
    assert replay_log(whole, log).to_record() == replay(data, upto=(2, 56)).game.to_record()


def test_play_record_goes_on_from_a_hand() -> None:
    from spades_lab.core.records import checked_game, play_record

    data = load_record(_GAME)
    g = checked_game(data)
    play_record(g, data, upto=(3, 56))
    play_record(g, data, since=4)
    assert g.to_record() == replay(data).game.to_record()


@pytest.mark.parametrize("preset", ["standard", "online", "acorns8"])
def test_position_of_is_where_the_line_ends(preset: str) -> None:
    """``Line.position_of`` (play mode's undo mark) says what ``Line.of`` would, at every
    action of two hands, looks, exchanges and the score included."""
    g = Game(preset)
    players = [SimplePlayer()] * g.rules.players
    rng = random.Random(7)
    with pytest.raises(RecordError):
        Line.position_of(g)
    seen = set()
    while len(g.hands) < 2 or g.hands[-1].scores is None:
        act(g, players, rng)
        line = Line.of(g)
        assert Line.position_of(g) == (line.hand, len(line) - 1)
        seen.add(line.hand)
    assert seen == {0, 1}
