"""Server-side time of one bot move in play mode, at a 4-player 52-card table (standard) and an
8-player 128-card table (acorns8), plus acorns with Travelers and Hunters (136 cards).

A learner (seat 0, random legal choices) plays whole hands against the seeded heuristic bots of
``spades_lab.widgets.playmodel.PlayModel``.  Each bot move is timed twice: the model's move alone
(``step_bot``: the heuristic's choice through the seat's view, the engine applying it, the words
after a trick or a hand) and the move plus redrawing the play table (``PlayTable.refresh``), which
is what the kernel does per bot card.  Prints median and 95th percentile (target: p95 < 50 ms).

    .venv/bin/python benchmarks/bench_bot.py [--hands 3] [--seed 1]
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

from spades_lab.widgets.playmodel import PlayModel
from spades_lab.widgets.table import PlayTable

TABLES = [("standard", {}, "4 players, 52 cards"), ("acorns8", {}, "8 players, 128 cards"),
          ("acorns", {"travelers_hunters": True}, "4 players, 136 cards (T/H)")]


def percentile(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, max(0, round(q * (len(s) - 1))))]


def learner_move(m: PlayModel, rng: random.Random) -> None:
    w = m.waiting()
    if w == "look":
        m.look()
    elif w == "bid":
        m.bid(rng.choice(m.bid_choices()).bid)
    elif w == "exchange":
        due = m.exchange_due()
        assert due is not None
        m.exchange(due["hi"] if due["face_down"] else [c for c, _ in m.my_cards()][:due["hi"]])
    elif w == "play":
        legal = [c for c, ok in m.my_cards() if ok]
        m.play(rng.choice(m.plays_for(rng.choice(legal))))
    elif w == "next-hand":
        m.next_hand()


def run(preset: str, options: dict, hands: int, seed: int) -> tuple[list[float], list[float]]:
    model_times: list[float] = []
    with_draw: list[float] = []
    for k in range(hands):
        m = PlayModel(preset, options, seat=0, seed=seed + k, pace=1.0)  # bots wait to be moved
        table = PlayTable(model=m, pace=1.0)
        m.pace = 1.0
        rng = random.Random(seed + k)
        while not m.game.hands[0].complete:
            if m.waiting() == "bots":
                t0 = time.perf_counter()
                m.step_bot()
                t1 = time.perf_counter()
                table.refresh()
                t2 = time.perf_counter()
                model_times.append((t1 - t0) * 1000)
                with_draw.append((t2 - t0) * 1000)
            else:
                learner_move(m, rng)
    return model_times, with_draw


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print(f"bot move, server side, {args.hands} hands per table (ms)")
    for preset, options, label in TABLES:
        model_times, with_draw = run(preset, options, args.hands, args.seed)
        print(f"{preset:9} {label:27} moves {len(model_times):4}  "
              f"model median {statistics.median(model_times):6.2f} "
              f"p95 {percentile(model_times, 0.95):6.2f}   "
              f"with redraw median {statistics.median(with_draw):6.2f} "
              f"p95 {percentile(with_draw, 0.95):6.2f}   target p95 < 50")


if __name__ == "__main__":
    main()
