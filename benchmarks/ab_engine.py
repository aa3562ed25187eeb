"""Side-by-side engine speed of two checkouts, interleaved, in CPU seconds (steadier than wall
clock on a shared machine).

    .venv/bin/python benchmarks/ab_engine.py /work/main .            # base vs this tree
    .venv/bin/python benchmarks/ab_engine.py A B --rounds 7 --hands 400 --only standard

Each round runs, for each checkout in turn (order alternating), one subprocess per rule set
with that checkout's own ``.venv`` that plays ``--hands`` random legal hands exactly as
``benchmarks/bench_engine.py`` does (same seed, so the same hands), or for the ``heuristic-*``
/ ``random-*`` configurations hands with that player at every seat as
``benchmarks/bench_sim.py`` does, and reports the CPU time of the play loop.  Printed: per
configuration the best (maximum) CPU hands/s of each checkout over the rounds, the median, and
B's change against A.  A script, not a test.
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

CONFIGS = ["standard", "acorns", "acorns-th", "acorns8-fours-th"]
#: ``benchmarks/bench_sim.py``'s engine paths: a player type at every seat, ``play_hand``
SIM_CONFIGS = ["heuristic-standard", "heuristic-acorns", "random-standard", "random-acorns"]

CHILD = r"""
import json, random, sys, time
sys.path.insert(0, "benchmarks")
sys.path.insert(0, ".")
import bench_engine as be
from spades_lab import Game, RuleSet
config, hands, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
if config in be.CONFIGS:
    preset, opts, _ = be.CONFIGS[config]
    rules = RuleSet.preset(preset, **opts)
    be.play_hands(rules, random.Random(0), hands=20, seconds=None)  # warm up
    t = time.process_time()
    n, _ = be.play_hands(rules, random.Random(seed), hands=hands, seconds=None)
else:  # as bench_sim.engine
    from spades_lab.play.players import make_player, play_hand
    kind, preset = config.split("-")
    rules = RuleSet.preset(preset)
    players = [make_player(kind)] * rules.players
    rng = random.Random(seed)
    for i in range(5):
        play_hand(Game(rules, dealer=i % rules.players), players, rng)
    t = time.process_time()
    for i in range(hands):
        play_hand(Game(rules, dealer=i % rules.players), players, rng)
    n = hands
print(json.dumps(n / (time.process_time() - t)))
"""


def run(tree: Path, config: str, hands: int, seed: int) -> float:
    out = subprocess.run([str(tree / ".venv/bin/python"), "-c", CHILD, config, str(hands),
                          str(seed)], cwd=tree, capture_output=True, text=True, check=True)
    return float(json.loads(out.stdout.strip().splitlines()[-1]))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("a", type=Path)
    ap.add_argument("b", type=Path)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--hands", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", action="append", choices=CONFIGS + SIM_CONFIGS, default=None)
    args = ap.parse_args()
    configs = args.only or CONFIGS
    res: dict[tuple[str, str], list[float]] = {}
    for r in range(args.rounds):
        for config in configs:
            order = [("A", args.a), ("B", args.b)]
            if r % 2:
                order.reverse()
            for label, tree in order:
                res.setdefault((config, label), []).append(
                    run(tree.resolve(), config, args.hands, args.seed))
    print(f"A = {args.a}, B = {args.b}; {args.rounds} rounds x {args.hands} hands, "
          "CPU hands/s (best / median)")
    for config in configs:
        a, b = res[(config, "A")], res[(config, "B")]
        print(f"{config:>18}: A {max(a):8,.0f} / {statistics.median(a):8,.0f}   "
              f"B {max(b):8,.0f} / {statistics.median(b):8,.0f}   "
              f"B/A best {max(b) / max(a) - 1:+.1%}, median "
              f"{statistics.median(b) / statistics.median(a) - 1:+.1%}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
