"""Heuristic players beat random ones: for every preset, a heuristic partnership against a
random one over many hands (seats rotate every hand, so each type sits everywhere and deals
equally), with the mean partnership hand score of each and of the difference, with 95%
confidence intervals.  Exits 1 if, for any rule set, the difference's interval does not lie
above zero.

    .venv/bin/python benchmarks/heuristic_vs_random.py [--hands 2000] [--processes 2] [--seed 0]

In acorns8 (four pairs by default) the pairs alternate heuristic/random around the table.
"""
from __future__ import annotations

import argparse
import sys
import time

from spades_lab.core.rules import RuleSet
from spades_lab.play.sim import simulate_hands
from spades_lab.play.stats import diff_ci, mean_ci, team_scores

CONFIGS = [("standard", {}), ("online", {}), ("original", {}), ("acorns", {}),
           ("acorns", {"travelers_hunters": True}), ("acorns8", {})]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--processes", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--opponent", default="random", help="the other partnership's player type "
                    "(random by default; simple for a stiffer test)")
    a = ap.parse_args()
    ok = True
    print(f"# heuristic vs {a.opponent}: {a.hands} hands per rule set, seed {a.seed}, "
          f"{a.processes} processes; mean partnership hand score [95% CI]")
    for name, opts in CONFIGS:
        rules = RuleSet.preset(name, opts)
        t = time.perf_counter()
        res = simulate_hands(rules, ["heuristic", a.opponent], a.hands, a.seed,
                             processes=a.processes, progress=False)
        scores = team_scores(res.hands)
        h = scores.loc[scores["player"] == "heuristic", "hand_score"].tolist()
        r = scores.loc[scores["player"] == a.opponent, "hand_score"].tolist()
        mh, mr, d = mean_ci(h), mean_ci(r), diff_ci(h, r)
        label = name + (" " + ",".join(f"{k}={v}" for k, v in opts.items()) if opts else "")
        verdict = "heuristic wins" if d.low > 0 else "NOT SHOWN"
        ok &= d.low > 0
        print(f"{label:<28} heuristic {mh}  {a.opponent} {mr}  difference {d}  -> {verdict} "
              f"({time.perf_counter() - t:.0f} s)", flush=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
