"""Every position of a hand: a :class:`~spades_lab.core.line.Line` against the records' replays.

For one hand of each record below, the time to get the position at every STEP k (0 to the
number of actions) three ways, side by side (median milliseconds over the repeats, and the
process's CPU time, which a busy machine disturbs less):

- ``replay upto``: ``replay(record, upto=(hand, k)).game`` for every k (what the widgets, the
  quiz and the CLI's ``--at`` do today, one replay per position);
- ``replay_line``: ``replay_line(record, hand, k)`` and its ``line.at(k)`` for every k (one
  whole replay, the position kept on the way, per position: as the what-if of a record does);
- ``Line``: ``Line.from_record(record, hand)`` once, then ``line.at(k)`` for every k (the build
  counted in), and the same in a shuffled order; ``iter``: ``list(Line.from_record(...))``.

Records: the course's one-hand standard record, the last hand of its ten-hand game, a 128-card
Acorns hand, and the last hand of a long standard game (``--hands``, played by random players,
kept in the system temp folder as ``bench_replay.py`` keeps its record).

    .venv/bin/python benchmarks/bench_line.py
    .venv/bin/python benchmarks/bench_line.py --hands 500 --repeats 5

A script, not a test: wall-clock figures depend on what else runs.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from spades_lab import Game, RuleSet  # noqa: E402
from spades_lab.core.line import Line, replay_line  # noqa: E402
from spades_lab.core.records import (  # noqa: E402
    dump_record,
    hand_steps,
    load_record,
    replay,
)
from spades_lab.play.players import RandomPlayer, SimplePlayer, play_hand  # noqa: E402


def long_record(hands: int, seed: int) -> Path:
    """A ``hands``-hand standard game record on disk (built once, then reused)."""
    path = Path(tempfile.gettempdir()) / f"spades_lab_bench_{hands}_{seed}.json"
    if path.exists():
        return path
    rules = RuleSet.preset("standard", target=10**9)
    game = Game(rules)
    rng = random.Random(seed)
    for _ in range(hands):
        play_hand(game, [RandomPlayer()] * rules.players, rng)
    tmp = path.with_suffix(".part")
    dump_record(game, tmp)
    tmp.replace(path)
    return path


def acorns_record(seed: int) -> dict[str, Any]:
    rules = RuleSet.preset("acorns")
    game = Game(rules)
    play_hand(game, [SimplePlayer()] * rules.players, random.Random(seed))
    return game.to_record()


def timed(fn: Callable[[], object], repeats: int) -> tuple[float, float]:
    """Median wall and CPU milliseconds of ``fn()`` over ``repeats`` runs."""
    walls, cpus = [], []
    for _ in range(repeats):
        t, c = time.perf_counter(), time.process_time()
        fn()
        walls.append((time.perf_counter() - t) * 1000)
        cpus.append((time.process_time() - c) * 1000)
    return statistics.median(walls), statistics.median(cpus)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=200, help="hands of the long game")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    records = [
        ("standard, 1 hand", load_record(ROOT / "data" / "course" / "standard_hand.json")),
        ("standard game, last", load_record(ROOT / "data" / "course" / "standard_game.json")),
        ("acorns 128 cards", load_record(acorns_record(args.seed))),
        (f"standard {args.hands} hands, last", load_record(long_record(args.hands, args.seed))),
    ]
    print(f"median ms (CPU ms) for every position of one hand, {args.repeats} repeats")
    print(f"{'record':28s} {'STEPs':>5s} {'replay upto':>19s} {'replay_line':>19s} "
          f"{'Line at(k)':>17s} {'shuffled':>17s} {'iter':>17s}  per position: Line, upto")
    rng = random.Random(args.seed)
    for name, data in records:
        h = len(data["hands"]) - 1
        ks = list(range(len(hand_steps(data, h)) + 1))
        mixed = ks[:]
        rng.shuffle(mixed)

        def upto(data: dict[str, Any] = data, h: int = h, ks: list[int] = ks) -> None:
            for k in ks:
                replay(data, upto=(h, k))

        def at(data: dict[str, Any] = data, h: int = h, ks: list[int] = ks) -> None:
            for k in ks:
                replay_line(data, h, k)[1].at(k)

        def line_at(order: list[int], data: dict[str, Any] = data, h: int = h
                    ) -> Callable[[], None]:
            def run() -> None:
                line = Line.from_record(data, h)
                for k in order:
                    line.at(k)
            return run

        def walk(data: dict[str, Any] = data, h: int = h) -> None:
            list(Line.from_record(data, h))

        a = timed(upto, args.repeats)
        b = timed(at, args.repeats)
        c = timed(line_at(ks), args.repeats)
        d = timed(line_at(mixed), args.repeats)
        e = timed(walk, args.repeats)
        cells = " ".join(f"{w:9.1f} ({cpu:7.1f})" for w, cpu in (a, b)) + " " + \
            " ".join(f"{w:7.1f} ({cpu:7.1f})" for w, cpu in (c, d, e))
        print(f"{name:28s} {len(ks):5d} {cells}  {c[0] / len(ks):.2f} ms, "
              f"{a[0] / len(ks):.2f} ms")


if __name__ == "__main__":
    main()
