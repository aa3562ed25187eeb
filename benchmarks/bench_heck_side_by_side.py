"""The Heckadeck solver figures of this checkout and another, side by side on one machine.

    .venv/bin/python benchmarks/bench_heck_side_by_side.py --baseline /path/to/older/checkout
    .venv/bin/python benchmarks/bench_heck_side_by_side.py --baseline DIR --only heck8 --count 5

For each category (``heck8``, ``heck8-th``, ``acorns6``, ``acorns6-th`` by default) it runs
``benchmarks/bench_solver.py --only CATEGORY`` of the baseline checkout, then of this one, with
this interpreter, and prints both result lines (median / worst wall-clock, median / worst CPU,
median / largest node count).  Interleaving the two per category keeps them under the same
machine load; node counts do not depend on the load.  The positions are the same seeded
positions in both (``bench_solver.position``).
"""
from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
CATEGORIES = ["heck8", "heck8-th", "acorns6", "acorns6-th"]


def line(root: Path, category: str, count: int | None, seed: int) -> str:
    cmd = [sys.executable, str(root / "benchmarks" / "bench_solver.py"), "--only", category,
           "--seed", str(seed)]
    if count:
        cmd += ["--count", str(count)]
    out = subprocess.run(cmd, cwd=root, capture_output=True, text=True, check=True).stdout
    return out.strip().splitlines()[-1]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", required=True, type=Path, help="the other checkout's root")
    ap.add_argument("--only", action="append", choices=CATEGORIES)
    ap.add_argument("--count", type=int, default=None, help="positions per category")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print("         category      n     median      worst   cpu(med)  cpu(worst)  "
          "target(med/worst)  nodes(med)  nodes(max)")
    for cat in args.only or CATEGORIES:
        print("before  ", line(args.baseline.resolve(), cat, args.count, args.seed), flush=True)
        print("after   ", line(HERE, cat, args.count, args.seed), flush=True)


if __name__ == "__main__":
    main()
