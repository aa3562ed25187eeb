"""Server-side time of the table widget's "next card" handler on a 128-card (acorns) deal.

Plays one acorns hand (32 cards each) between seeded simple players, loads it into
``spades_lab.widgets.TableApp`` and clicks "next" through every step of the hand (bids and 128
plays), timing each click: the model step plus redrawing every HTML part.  Prints the median
and 95th percentile per click (target: under 20 ms at the 95th), and the load time (replaying
the hand and taking a snapshot per step).

    .venv/bin/python benchmarks/bench_widgets.py [--repeats 5] [--seed 1] [--th]
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

from spades_lab.core.engine import Game
from spades_lab.core.rules import RuleSet
from spades_lab.play.players import SimplePlayer, play_game
from spades_lab.widgets import TableApp


def percentile(xs: list[float], q: float) -> float:
    s = sorted(xs)
    k = min(len(s) - 1, max(0, round(q * (len(s) - 1))))
    return s[k]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--th", action="store_true", help="with Travelers and Hunters (136 cards)")
    ap.add_argument("--seat", type=int, default=None, help="view as this seat")
    args = ap.parse_args()
    rules = RuleSet.preset("acorns", travelers_hunters=args.th)
    game = Game(rules)
    play_game(game, [SimplePlayer()] * rules.players, random.Random(args.seed), max_hands=1)
    t0 = time.perf_counter()
    app = TableApp(game, view_seat=args.seat)
    load = time.perf_counter() - t0
    steps = app.model.last
    medians, p95s, all_times = [], [], []
    for _ in range(args.repeats):
        app.first_button.click()
        times = []
        for _ in range(steps):
            t = time.perf_counter()
            app.next_button.click()
            times.append(time.perf_counter() - t)
        assert app.model.position == steps
        medians.append(statistics.median(times))
        p95s.append(percentile(times, 0.95))
        all_times.extend(times)
    print(f"deal: {rules.deck.size} cards ({rules.name}{' + T/H' if args.th else ''}), "
          f"{steps} steps per hand, {args.repeats} repeats")
    print(f"load (replay + snapshots): {load * 1000:.1f} ms")
    print(f"next card: median {statistics.median(medians) * 1000:.2f} ms, "
          f"p95 {statistics.median(p95s) * 1000:.2f} ms (median over repeats); "
          f"worst {max(all_times) * 1000:.2f} ms; target p95 < 20 ms")


if __name__ == "__main__":
    main()
