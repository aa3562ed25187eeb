"""What-if branch time on a 128-card hand (Spades (and Acorns), 32 cards each).

Two figures, median milliseconds per branch (wall clock, and the process's CPU time, which a
busy machine disturbs less):

- ``what_if``: :func:`spades_lab.teach.whatif.what_if` on the hand's record, replacing the
  10th play and following the record (``then="record"``);
- ``click``: the table app's what-if click, :meth:`spades_lab.widgets.models.WhatIfModel.try_play`
  with another legal card at the same point (the model is loaded once, as in the app).

    .venv/bin/python benchmarks/bench_whatif.py                      # this tree
    .venv/bin/python benchmarks/bench_whatif.py --baseline /work/main  # side by side

With ``--baseline`` each round runs a fresh process for the baseline tree and one for this
tree, alternately (interleaved), and the medians over all rounds are printed for both.  A
script, not a test: figures depend on the machine and on what else runs on it.
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
KEYS = ("what_if", "what_if_cpu", "click", "click_cpu")


def worker(tree: str, reps: int, seed: int) -> dict[str, list[float]]:
    sys.path.insert(0, tree)
    import random

    from spades_lab.core.engine import Game
    from spades_lab.core.rules import RuleSet
    from spades_lab.play.players import SimplePlayer, play_hand
    from spades_lab.teach.whatif import what_if
    from spades_lab.widgets.models import TableModel, WhatIfModel

    assert Path(sys.modules["spades_lab"].__file__ or "").resolve().is_relative_to(
        Path(tree).resolve()), "imported the wrong tree"
    rules = RuleSet.preset("acorns")
    game = Game(rules)
    play_hand(game, [SimplePlayer()] * rules.players, random.Random(seed))
    assert len(rules.deck.cards) == 128 and game.hands[0].complete
    rec = game.to_record()
    k = len(rec["hands"][0]["bids"]) + 9
    table = TableModel.from_record(game)
    model = WhatIfModel(table)
    model.set_point(k)
    recorded = rec["hands"][0]["plays"][9]["card"]
    choices = [c for c in model.choices() if c.ok and c.play.card.code != recorded]
    if not choices:
        choices = [c for c in model.choices() if c.ok]
    choice = choices[-1]
    action = choice.play.card.code
    out: dict[str, list[float]] = {key: [] for key in KEYS}
    for _ in range(reps):
        t, c = time.perf_counter(), time.process_time()
        what_if(rec, (0, k), action)
        out["what_if"].append((time.perf_counter() - t) * 1000)
        out["what_if_cpu"].append((time.process_time() - c) * 1000)
        t, c = time.perf_counter(), time.process_time()
        assert model.try_play(choice)
        out["click"].append((time.perf_counter() - t) * 1000)
        out["click_cpu"].append((time.process_time() - c) * 1000)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", default=None, help="another checkout to compare with")
    ap.add_argument("--rounds", type=int, default=6)
    ap.add_argument("--reps", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--worker", default=None, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        print(json.dumps(worker(args.worker, args.reps, args.seed)))
        return
    trees = ([("baseline", args.baseline)] if args.baseline else []) + [("this", str(HERE))]
    times: dict[str, dict[str, list[float]]] = {name: {key: [] for key in KEYS}
                                               for name, _ in trees}
    for _ in range(args.rounds):
        for name, tree in trees:  # interleaved: one process per tree per round
            res = subprocess.run([sys.executable, __file__, "--worker", tree, "--reps",
                                  str(args.reps), "--seed", str(args.seed)],
                                 capture_output=True, text=True, check=True, cwd=tree)
            for key, xs in json.loads(res.stdout).items():
                times[name][key].extend(xs)
    for name, tree in trees:
        t = {key: statistics.median(xs) for key, xs in times[name].items()}
        print(f"{name:8s} ({tree}): what_if median {t['what_if']:6.2f} ms "
              f"(CPU {t['what_if_cpu']:5.2f} ms); what-if click median {t['click']:6.2f} ms "
              f"(CPU {t['click_cpu']:5.2f} ms); {len(times[name]['click'])} branches, "
              f"{args.rounds} rounds")


if __name__ == "__main__":
    main()
