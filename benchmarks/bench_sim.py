"""Simulation speed: hands per second on this machine.

    .venv/bin/python benchmarks/bench_sim.py [--repeats 3] [--quick]

Prints, for each path, the median of the repeats as wall-clock hands/s and as hands per CPU
second of this process (the second is steadier on a shared machine):

- the numpy batch path (uniform random play): standard, acorns, acorns with Travelers and
  Hunters (targets: 50,000 standard and 10,000 acorns hands/s);
- the engine with HeuristicPlayer at every seat, standard (target: 500 hands/s per process);
- the engine with RandomPlayer at every seat, standard and acorns, for comparison.
"""
from __future__ import annotations

import argparse
import platform
import random
import statistics
import time
from collections.abc import Callable

from spades_lab import Game, RuleSet
from spades_lab.play.batch import play_random_hands
from spades_lab.play.players import HeuristicPlayer, RandomPlayer, play_hand


def measure(fn: Callable[[int], int], repeats: int) -> tuple[float, float]:
    walls, cpus = [], []
    for r in range(repeats):
        w, c = time.perf_counter(), time.process_time()
        n = fn(r)
        walls.append(n / (time.perf_counter() - w))
        cpus.append(n / max(1e-9, time.process_time() - c))
    return statistics.median(walls), statistics.median(cpus)


def batch(rules: RuleSet, n: int) -> Callable[[int], int]:
    play_random_hands(rules, 512, seed=99)  # warm the tables

    def run(r: int) -> int:
        play_random_hands(rules, n, seed=r)
        return n
    return run


def engine(rules: RuleSet, player: object, n: int) -> Callable[[int], int]:
    players = [player] * rules.players

    def run(r: int) -> int:
        rng = random.Random(r)
        for i in range(n):
            play_hand(Game(rules, dealer=i % rules.players), players, rng)  # type: ignore[arg-type]
        return n
    return run


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--quick", action="store_true", help="smaller runs")
    a = ap.parse_args()
    k = 4 if a.quick else 1
    std = RuleSet.preset("standard")
    acorns = RuleSet.preset("acorns")
    th = RuleSet.preset("acorns", travelers_hunters=True)
    rows = [
        ("batch random standard", batch(std, 65536 // k), 50_000),
        ("batch random acorns", batch(acorns, 16384 // k), 10_000),
        ("batch random acorns + T/H", batch(th, 16384 // k), None),
        ("engine heuristic standard", engine(std, HeuristicPlayer(), 1500 // k), 500),
        ("engine random standard", engine(std, RandomPlayer(), 2000 // k), None),
        ("engine random acorns", engine(acorns, RandomPlayer(), 400 // k), None),
    ]
    print(f"# {platform.python_implementation()} {platform.python_version()}, "
          f"{platform.machine()}; median of {a.repeats}; one process")
    print(f"{'path':<28} {'hands/s (wall)':>15} {'hands/CPU-s':>12}  target")
    for name, fn, target in rows:
        wall, cpu = measure(fn, a.repeats)
        tgt = f"{target:,}" if target else ""
        mark = "" if not target else ("  ok" if max(wall, cpu) >= target else "  BELOW")
        print(f"{name:<28} {wall:>15,.0f} {cpu:>12,.0f}  {tgt}{mark}", flush=True)


if __name__ == "__main__":
    main()
