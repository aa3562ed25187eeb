"""Explanation and what-if speed: hands explained per second (every trick, the trump timeline
and the score), and what-if branches per second.

    .venv/bin/python benchmarks/bench_explain.py              # 5 repeats, median printed
    .venv/bin/python benchmarks/bench_explain.py --repeats 3

Hands are played once by random players (seeded), then explained with
``spades_lab.teach.explain.explain_hand``; a what-if replaces the 10th play of the first hand of a
one-hand record and follows the record (``then="record"``).  A script, not a test: figures
depend on the machine and on what else runs on it.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from spades_lab import Game, RuleSet  # noqa: E402
from spades_lab.core.line import Line  # noqa: E402
from spades_lab.play.players import RandomPlayer, play_hand  # noqa: E402
from spades_lab.teach.explain import explain_hand  # noqa: E402
from spades_lab.teach.whatif import what_if  # noqa: E402

CONFIGS = {"standard": ("standard", {}), "acorns-th": ("acorns", {"travelers_hunters": True}),
           "acorns8": ("acorns8", {})}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--hands", type=int, default=20)
    args = ap.parse_args()
    for name, (preset, opts) in CONFIGS.items():
        rules = RuleSet.preset(preset, opts)
        rng = random.Random(1)
        hands = []
        while len(hands) < args.hands:
            g = Game(rules)
            play_hand(g, [RandomPlayer()] * rules.players, rng)
            hands.append(g)
        rates = []
        for _ in range(args.repeats):
            t0 = time.perf_counter()
            for g in hands:
                explain_hand(g.hands[0])
            rates.append(len(hands) / (time.perf_counter() - t0))
        rec = hands[0].to_record()
        k = len(rec["hands"][0]["bids"]) + 9
        legal = Line.from_record(rec, 0).at(k).legal_plays()
        wrates = []
        for _ in range(args.repeats):
            t0 = time.perf_counter()
            for _ in range(10):
                what_if(rec, (0, k), str(legal[-1]))
            wrates.append(10 / (time.perf_counter() - t0))
        print(f"{name:10s} explain_hand: {statistics.median(rates):8.1f} hands/s   "
              f"what_if: {statistics.median(wrates):7.1f} branches/s   "
              f"(median of {args.repeats})")


if __name__ == "__main__":
    main()
