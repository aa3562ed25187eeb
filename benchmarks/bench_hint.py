"""How long the best-play hint and the after-hand review take (issue 14, item 4).

    .venv/bin/python benchmarks/bench_hint.py                  # 5 standard + 5 acorns hands
    .venv/bin/python benchmarks/bench_hint.py --hands 3 --presets standard

For each preset, ``--hands`` hands (seeds 1..N) are played by the practice bots; then

* review: :func:`spades_lab.teach.bestplay.review_plays` on seat 0's plays, as play mode's
  "Show me the best card" runs it (1 s per position, 20 s in all, one solver for the hand);
  printed: median and worst wall seconds over the hands, and how many of the reviewed plays
  were worked out exactly;
* hint: :func:`spades_lab.teach.bestplay.best_play` on each position where seat 0 is to play,
  each on a fresh solver with the table's 1 s budget (the replay table's "Best play" button on a
  position it has not seen); printed: median and worst seconds per position and the share
  answered exactly.

Wall-clock figures on a shared machine are provisional: compare runs made side by side.  A
script, not a test.
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

from spades_lab.core.engine import Game
from spades_lab.core.rules import RuleSet
from spades_lab.play.players import HeuristicPlayer, act
from spades_lab.solver.search import Position
from spades_lab.teach.bestplay import best_play, review_plays

SEAT = 0


def played_hand(preset: str, seed: int) -> tuple[Game, list[Position]]:
    """A hand played by the practice bots, and the positions where SEAT was to play."""
    rules = RuleSet.preset(preset)
    rng = random.Random(seed)
    g = Game(rules)
    g.deal(rng=rng)
    bots = [HeuristicPlayer() for _ in range(rules.players)]
    positions = []
    while g.hand is not None and not g.hand.complete:
        if g.phase == "play" and g.hand.turn == SEAT:
            positions.append(Position.from_game(g))
        act(g, bots, rng)
    return g, positions


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--hands", type=int, default=5)
    ap.add_argument("--presets", nargs="+", default=["standard", "acorns"])
    ap.add_argument("--per-position", type=float, default=1.0, help="seconds per position")
    ap.add_argument("--total", type=float, default=20.0, help="seconds for a whole review")
    ap.add_argument("--no-hint", action="store_true", help="time the review only")
    args = ap.parse_args()
    for preset in args.presets:
        reviews, exact, plays = [], 0, 0
        hints: list[float] = []
        hint_exact = 0
        for seed in range(1, args.hands + 1):
            g, positions = played_hand(preset, seed)
            t = time.perf_counter()
            r = review_plays(g, SEAT, time_limit=args.per_position, total_limit=args.total)
            reviews.append(time.perf_counter() - t)
            exact += sum(p.exact for p in r.plays)
            plays += len(r.plays)
            print(f"  {preset} seed {seed}: review {reviews[-1]:.2f} s, "
                  f"{sum(p.exact for p in r.plays)}/{len(r.plays)} plays exact, "
                  f"{r.lost} trick(s) given away", flush=True)
            if args.no_hint:
                continue
            for pos in positions:
                t = time.perf_counter()
                view = best_play(pos, time_limit=args.per_position)
                hints.append(time.perf_counter() - t)
                hint_exact += view.exact
        print(f"{preset}: after-hand review over {len(reviews)} hands: median "
              f"{statistics.median(reviews):.2f} s, worst {max(reviews):.2f} s; "
              f"{exact}/{plays} plays worked out exactly")
        if hints:
            print(f"{preset}: best-play hint over {len(hints)} positions (fresh solver, "
                  f"{args.per_position:g} s budget): median {statistics.median(hints):.3f} s, "
                  f"worst {max(hints):.2f} s; {hint_exact}/{len(hints)} exact")


if __name__ == "__main__":
    main()
