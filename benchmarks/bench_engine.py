"""Engine speed: random legal hands per second through the public API, and the import time.

    .venv/bin/python benchmarks/bench_engine.py                 # 3 s x 3 repeats per rule set
    .venv/bin/python benchmarks/bench_engine.py --hands 2000    # a fixed number of hands
    .venv/bin/python benchmarks/bench_engine.py --only acorns-th --seconds 5

Each hand is dealt (``Game.deal(rng)``), bid (a random choice among ``legal_bids()``: an ordinary
bid, now and then a nil-type bid; no blind bids, so no exchanges), played (a uniform random
choice among ``legal_plays()``) and scored by the engine; a new game starts when one ends (or
after 30 hands).  The figure is the median of the repeats.  Targets on one core: standard >= 5,000
hands/s, acorns >= 1,500 hands/s (Travelers/Hunters off and on), ``import spades_lab`` < 150 ms.
This is a script, not a test: wall-clock figures depend on the machine and on what else runs.
"""
from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from spades_lab import Game, RuleSet  # noqa: E402

CONFIGS: dict[str, tuple[str, dict[str, Any], float]] = {
    # name: (preset, options, target hands/s)
    "standard": ("standard", {}, 5000),
    "acorns": ("acorns", {}, 1500),
    "acorns-th": ("acorns", {"travelers_hunters": True}, 1500),
    "acorns8": ("acorns8", {}, 0),
    "acorns8-fours-th": ("acorns8", {"teams": "fours", "travelers_hunters": True}, 0),
}


GAME_HANDS = 30  # a long game of Spades; real games to 500 take about 10-20 hands


def play_hands(rules: RuleSet, rng: random.Random, *, hands: int | None,
               seconds: float | None) -> tuple[int, float]:
    """Play random legal hands; return (hands played, seconds taken)."""
    game = Game(rules)
    done = 0
    splits: dict[int, Any] = {}
    choice = rng.choice
    rand = rng.random
    t0 = time.perf_counter()
    deadline = t0 + seconds if seconds is not None else None
    in_game = 0
    while True:
        # A new game when one ends, or after GAME_HANDS hands: random bidders rarely reach the
        # target, and one endless game would keep thousands of hands of history alive, which
        # the cycle collector then rescans (not a cost of playing a hand).
        if game.over or in_game == GAME_HANDS:
            game = Game(rules)
            in_game = 0
        in_game += 1
        game.deal(rng)
        while game.phase == "bidding":
            legal = game.legal_bids()
            split = splits.get(id(legal))
            if split is None or split[0] is not legal:   # the engine caches its bid tuples
                split = splits[id(legal)] = (
                    legal, [b for b in legal if b.nil is None],
                    [b for b in legal if b.nil is not None and not b.blind])
            _, ordinary, nils = split
            game.bid(choice(nils if nils and rand() < 0.05 else ordinary))
        hand = game.hand
        assert hand is not None
        while hand.scores is None:
            legal = game.legal_plays()
            # a uniform pick, as rng.choice makes, at half its cost: the figure is the engine's
            game.play(legal[int(rand() * len(legal))])
        done += 1
        if hands is not None and done >= hands:
            break
        if deadline is not None and (done & 15) == 0 and time.perf_counter() >= deadline:
            break
    return done, time.perf_counter() - t0


def import_time(runs: int) -> list[float]:
    code = ("import time; t = time.perf_counter(); import spades_lab; "
            "print((time.perf_counter() - t) * 1000)")
    out = []
    for _ in range(runs):
        proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              check=True)
        out.append(float(proc.stdout.strip()))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="time per repeat (default 3)")
    ap.add_argument("--hands", type=int, default=None, help="hands per repeat instead")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", action="append", choices=sorted(CONFIGS), default=None)
    ap.add_argument("--import-runs", type=int, default=7)
    args = ap.parse_args(argv)

    print(f"python {sys.version.split()[0]}; {args.repeats} repeats, median shown; "
          + (f"{args.hands} hands each" if args.hands else f"{args.seconds:g} s each"))
    for name in args.only or list(CONFIGS):
        preset, options, target = CONFIGS[name]
        rules = RuleSet.preset(preset, options)
        play_hands(rules, random.Random(0), hands=20, seconds=None)   # warm caches
        rates = []
        for r in range(args.repeats):
            n, dt = play_hands(rules, random.Random(args.seed + r), hands=args.hands,
                               seconds=None if args.hands else args.seconds)
            rates.append(n / dt)
        med = statistics.median(rates)
        goal = f"  (target >= {target:,.0f}: {'ok' if med >= target else 'MISSED'})" \
            if target else ""
        print(f"{name:>17}: {med:9,.0f} hands/s   [{', '.join(f'{x:,.0f}' for x in rates)}]"
              f"{goal}")
    if args.import_runs:
        times = import_time(args.import_runs)
        med = statistics.median(times)
        print(f"{'import spades_lab':>17}: {med:9.1f} ms       "
              f"[{', '.join(f'{x:.0f}' for x in times)}]  "
              f"(target < 150 ms: {'ok' if med < 150 else 'MISSED'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
