"""Function calls per hand of two checkouts, side by side: a deterministic companion to
``ab_engine.py`` (CPU time on a shared machine can swing by more than the 5% a change is held
to; the number of Python calls the same seeded hands make does not).

    .venv/bin/python benchmarks/ab_calls.py OLD_CHECKOUT .

Each checkout runs in its own subprocess with its own ``.venv`` (as ``ab_engine.py``), plays the
same seeded hands under :mod:`cProfile` (``bench_engine.py``'s random legal hands, or a player
type at every seat) and prints the calls per hand and B's change against A.  A script, not a
test; the calls are a proxy for work, not a time.
"""
from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

CONFIGS = ["standard", "acorns", "acorns8-fours-th", "heuristic-standard", "random-acorns"]

CHILD = r"""
import cProfile, pstats, random, sys
sys.path.insert(0, "benchmarks"); sys.path.insert(0, ".")
import bench_engine as be
from spades_lab import Game, RuleSet
config, hands = sys.argv[1], int(sys.argv[2])
pr = cProfile.Profile()
if config in be.CONFIGS:
    preset, opts, _ = be.CONFIGS[config]
    rules = RuleSet.preset(preset, **opts)
    be.play_hands(rules, random.Random(0), hands=5, seconds=None)
    pr.enable()
    be.play_hands(rules, random.Random(1), hands=hands, seconds=None)
    pr.disable()
else:
    from spades_lab.play.players import make_player, play_hand
    kind, preset = config.split("-", 1)
    rules = RuleSet.preset(preset)
    rng = random.Random(1)
    players = [make_player(kind) for _ in range(rules.players)]
    pr.enable()
    for _ in range(hands):
        g = Game(rules)
        g.deal(rng=rng)
        play_hand(g, players, rng)
    pr.disable()
print(pstats.Stats(pr).total_calls / hands)
"""


def calls(checkout: Path, config: str, hands: int) -> float:
    out = subprocess.run([str(checkout / ".venv" / "bin" / "python"), "-c", CHILD, config,
                          str(hands)], cwd=checkout, capture_output=True, text=True, check=True)
    return float(out.stdout.split()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("a", type=Path)
    ap.add_argument("b", type=Path)
    ap.add_argument("--hands", type=int, default=200)
    ap.add_argument("--only", action="append", choices=CONFIGS, default=None)
    args = ap.parse_args()
    print(f"A = {args.a}, B = {args.b}; Python function calls per hand ({args.hands} hands)")
    for config in args.only or CONFIGS:
        a, b = calls(args.a, config, args.hands), calls(args.b, config, args.hands)
        print(f"{config:>18}: A {a:10,.0f}   B {b:10,.0f}   B/A {100 * (b / a - 1):+.1f}%")


if __name__ == "__main__":
    sys.exit(main())
