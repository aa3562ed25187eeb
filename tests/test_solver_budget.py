"""The solver's budget (issue 13): a time or node limit gives bounds marked not exact, progress
is reported, ``spades-lab solve`` has a default budget, says in one line when it ran out, and
stops with one line and exit status 130 on Ctrl-C."""
from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from conftest import ROOT, interruptible
from spades_lab.core.engine import Game
from spades_lab.core.errors import RuleError
from spades_lab.core.records import dump_record
from spades_lab.core.rules import RuleSet
from spades_lab.play.players import SimplePlayer, act
from spades_lab.solver.search import (
    BudgetExceeded,
    SearchProgress,
    Solver,
    annotate_hand,
    solve,
)


def early_game(preset: str, seed: int = 3, plays: int = 0, **opts: Any) -> Game:
    rules = RuleSet.preset(preset, opts)
    rng = random.Random(seed)
    g = Game(rules)
    g.deal(rng=rng)
    while g.phase != "play":
        act(g, [SimplePlayer()] * rules.players, rng)
    for _ in range(plays):
        g.play(rng.choice(g.legal_plays()))
    return g


def test_node_limit_gives_bounds_marked_not_exact() -> None:
    g = early_game("acorns")
    seen: list[SearchProgress] = []
    r = solve(g, node_limit=3000, progress=seen.append)
    assert not r.exact
    assert r.upper is not None and 0 <= r.tricks <= r.upper <= r.remaining == 32
    assert r.per_move == {}
    # the bounds are true: an exact answer (of a small ending) lies inside them
    g = early_game("standard", plays=4 * 9)
    exact = solve(g)
    assert exact.exact and exact.upper == exact.tricks
    for limit in (50, 200, 800):
        b = solve(g, node_limit=limit)
        assert b.upper is not None and b.tricks <= exact.tricks <= b.upper
        if b.exact:
            assert b.per_move == exact.per_move


def test_time_limit_and_progress() -> None:
    g = early_game("acorns")
    seen: list[SearchProgress] = []
    t0 = time.monotonic()
    r = Solver(g.rules).solve(g, time_limit=1.2, progress=seen.append)
    assert time.monotonic() - t0 < 10
    assert not r.exact
    assert seen and all(p.low <= p.high and p.nodes > 0 for p in seen)
    with pytest.raises(RuleError) as e:
        solve(g, time_limit=0)
    assert e.value.rule == "bad-budget"


def test_budget_leaves_the_solver_usable() -> None:
    """A search stopped by the budget stores nothing half-done: the same solver then answers
    exactly, as a fresh one does."""
    g = early_game("standard", plays=4 * 6)
    s = Solver(g.rules)
    r = s.solve(g, node_limit=30)
    assert not r.exact
    assert s.solve(g).per_move == Solver(g.rules).solve(g).per_move


def test_annotate_budget_keeps_the_finished_plays() -> None:
    g = early_game("standard", seed=5)
    while g.phase == "play":
        g.play(g.legal_plays()[0])
    with pytest.raises(BudgetExceeded) as e:
        annotate_hand(g, 0, node_limit=2000)
    part = e.value.partial
    assert e.value.rule == "budget-exceeded"
    full = annotate_hand(g, 0, from_step=52 - len(part)) if part else []
    assert part == full


def _record(tmp_path: Path, game: Game) -> Path:
    path = tmp_path / "rec.json"
    dump_record(game, str(path))
    return path


def test_cli_budget_prints_bounds(tmp_path: Path, capsys: Any) -> None:
    from spades_lab.cli.main import main

    g = early_game("acorns")
    path = _record(tmp_path, g)
    steps = len(g.hands[0].bids) + sum(1 for e in g.log if getattr(e, "kind", "") == "exchange")
    assert main(["solve", str(path), "--at", str(steps), "--node-limit", "500"]) == 0
    out = capsys.readouterr().out
    assert "not exact" in out and "between" in out
    assert main(["solve", str(path), "--at", str(steps), "--node-limit", "500", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["exact"] is False and data["tricks"] <= data["upper"]
    assert main(["solve", str(path), "--time-limit", "-3"]) == 2


def test_cli_annotation_budget_says_so(tmp_path: Path, capsys: Any) -> None:
    from spades_lab.cli.main import main

    g = early_game("standard", seed=5)
    while g.phase == "play":
        g.play(g.legal_plays()[0])
    path = _record(tmp_path, g)
    assert main(["solve", str(path), "--node-limit", "2000"]) == 0
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("stopped:")


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_cli_ctrl_c_on_an_early_heckadeck_position(tmp_path: Path) -> None:
    """SIGINT a long solve: one line on stderr, exit status 130, within a few seconds."""
    g = early_game("acorns")
    path = _record(tmp_path, g)
    steps = len(g.hands[0].bids) + sum(1 for e in g.log if getattr(e, "kind", "") == "exchange")
    code = ("import sys; from spades_lab.cli.main import main; "
            "sys.exit(main(sys.argv[1:]))")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-c", code, "solve", str(path), "--at", str(steps),
                             "--time-limit", "600", "--progress"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                            preexec_fn=interruptible)
    deadline = time.monotonic() + 60
    err_seen = ""
    assert proc.stderr is not None
    # wait until the search is running (its first progress line), then interrupt
    os.set_blocking(proc.stderr.fileno(), False)
    while time.monotonic() < deadline and "searching" not in err_seen:
        time.sleep(0.2)
        try:
            err_seen += os.read(proc.stderr.fileno(), 65536).decode()
        except BlockingIOError:
            pass
    assert "searching" in err_seen
    t0 = time.monotonic()
    proc.send_signal(signal.SIGINT)
    os.set_blocking(proc.stderr.fileno(), True)
    _, rest = proc.communicate(timeout=30)
    assert time.monotonic() - t0 < 5
    assert proc.returncode == 130
    err = err_seen + rest.decode()
    last = err.replace("\r", "\n").strip().splitlines()[-1]
    assert last.startswith("interrupted") and "Traceback" not in err


# ---------------------------------------------------------------------------- per-card bounds


@pytest.mark.parametrize("preset,opts,left", [
    ("standard", {}, 5), ("acorns", {}, 5), ("acorns", {"travelers_hunters": True}, 4),
    ("acorns8", {}, 3), ("acorns8", {"teams": "fours", "travelers_hunters": True}, 3)])
def test_per_card_bounds_hold_the_exact_values(preset: str, opts: dict[str, Any],
                                               left: int) -> None:
    """With a budget, :meth:`Solver.solve` gives every legal play its own bounds (issue 33):
    a budget large enough gives the unbudgeted per-move values exactly; smaller ones give
    bounds that hold each play's exact value, and a play called certainly worse is worse."""
    rules = RuleSet.preset(preset, opts)
    rng = random.Random(33)
    checked = worse = 0
    for i in range(8):
        g = early_game(preset, seed=100 + i, **opts)
        while g.phase == "play" and len(g.hand.tricks) < rules.hand_size - left:
            g.play(rng.choice(g.legal_plays()))
        for _ in range(i % rules.players):
            g.play(rng.choice(g.legal_plays()))
        exact = Solver(rules).solve(g)
        full = Solver(rules).solve(g, node_limit=10**9)
        assert full.exact and full.per_move == exact.per_move and full.tricks == exact.tricks
        assert full.bounds == {p: (v, v) for p, v in exact.per_move.items()}
        for limit in (60, 400, 3000):
            b = Solver(rules).solve(g, node_limit=limit)
            assert set(b.bounds) == set(exact.per_move)
            for p, (lo, hi) in b.bounds.items():
                assert lo <= exact.per_move[p] <= hi
                checked += 1
            assert b.per_move == {p: lo for p, (lo, hi) in b.bounds.items() if lo == hi}
            assert b.tricks <= exact.tricks <= (b.upper or 0)
            for p in b.worse_moves:
                assert exact.per_move[p] < exact.tricks
                worse += 1
    assert checked > 30


def test_per_card_bounds_in_the_middle_of_a_heckadeck_hand() -> None:
    """At 12 tricks left (with Travelers and Hunters) a budget too small for an exact answer
    still bounds the cards one by one, some more narrowly than "anything", and the same
    budget in nodes gives the same bounds in C and in Python."""
    g = early_game("acorns", seed=7, travelers_hunters=True)
    rng = random.Random(7)
    while len(g.hand.tricks) < g.rules.hand_size - 12:
        g.play(rng.choice(g.legal_plays()))
    r = Solver(g.rules).solve(g, node_limit=300_000)
    assert not r.exact and len(r.bounds) == len(g.legal_plays())
    assert any(lo > 0 or hi < r.remaining for lo, hi in r.bounds.values())
    assert r.tricks == max(lo for lo, _ in r.bounds.values())
    assert r.upper == max(hi for _, hi in r.bounds.values())
    py = Solver(g.rules, accelerated=False).solve(g, node_limit=300_000)
    assert py.bounds == r.bounds
