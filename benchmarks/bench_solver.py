"""Double-dummy solver speed: median and worst solve times on random positions.

    .venv/bin/python benchmarks/bench_solver.py                   # every configuration
    .venv/bin/python benchmarks/bench_solver.py --only std7 --count 40
    .venv/bin/python benchmarks/bench_solver.py --only full        # = std13, 10 deals
    .venv/bin/python benchmarks/bench_solver.py --only std13 --count 20 --seed 2

A position is made by dealing a seeded random deal, bidding with the simple players, and
playing random legal moves until K tricks are left (a trick boundary).  Each position is solved
from scratch (a fresh :class:`~spades_lab.solver.search.Solver`, so no table is reused) for the number
of tricks the side to move can take (``per_move=False``; ``--per-move`` also values every
legal play).  Targets: standard 7 tricks left < 50 ms median; standard full deal (13 tricks)
< 2 s median; Acorns 6 tricks left < 200 ms median (Travelers/Hunters off and on).
This is a script, not a test: figures depend on the machine and on what else runs on it.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from spades_lab import Game, RuleSet  # noqa: E402
from spades_lab.play.players import SimplePlayer, act  # noqa: E402
from spades_lab.solver.search import Solver  # noqa: E402

CONFIGS: dict[str, tuple[str, dict[str, Any], int, int, float]] = {
    # name: (preset, options, tricks left, default count, target median seconds)
    "std7": ("standard", {}, 7, 30, 0.05),
    "std13": ("standard", {}, 13, 10, 2.0),
    "acorns6": ("acorns", {}, 6, 20, 0.2),
    "acorns6-th": ("acorns", {"travelers_hunters": True}, 6, 20, 0.2),
}

ALIASES = {"full": "std13"}


def position(rules: RuleSet, left: int, seed: int) -> Game:
    rng = random.Random(seed)
    g = Game(rules)
    g.deal(rng=rng)
    players = [SimplePlayer()] * rules.players
    while g.phase != "play":
        act(g, players, rng)
    hand = g.hand
    assert hand is not None
    while len(hand.tricks) < rules.hand_size - left or hand.trick:
        g.play(rng.choice(g.legal_plays()))
    return g


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", action="append", choices=sorted([*CONFIGS, *ALIASES]))
    ap.add_argument("--count", type=int, default=None, help="positions per configuration")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--per-move", action="store_true")
    args = ap.parse_args()
    print("config        n   median     worst    target  nodes(median)")
    for name in dict.fromkeys(ALIASES.get(x, x) for x in args.only or list(CONFIGS)):
        preset, opts, left, count, target = CONFIGS[name]
        rules = RuleSet.preset(preset, opts)
        times, nodes = [], []
        for i in range(args.count or count):
            g = position(rules, left, args.seed * 1000 + i)
            solver = Solver(rules)
            t0 = time.perf_counter()
            solver.solve(g, per_move=args.per_move)
            times.append(time.perf_counter() - t0)
            nodes.append(solver.nodes)
        med = statistics.median(times)
        print(f"{name:<11} {len(times):>3} {med * 1000:>8.1f}ms {max(times) * 1000:>8.1f}ms "
              f"{target * 1000:>7.0f}ms  {int(statistics.median(nodes)):>9}"
              f"  {'ok' if med <= target else 'MISSED'}", flush=True)


if __name__ == "__main__":
    main()
