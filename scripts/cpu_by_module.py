"""Sum the per-test seconds that ``SPADES_LAB_CPU_LOG=DIR ./dev.sh test`` wrote (conftest.py)
by test module, the most CPU first: wall clock, this process's CPU, its reaped children's.

    SPADES_LAB_CPU_LOG=/tmp/cpu ./dev.sh test
    .venv/bin/python scripts/cpu_by_module.py /tmp/cpu [--top 40]
"""
from __future__ import annotations

import argparse
from collections import defaultdict
from pathlib import Path


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder", type=Path)
    ap.add_argument("--top", type=int, default=40)
    args = ap.parse_args()
    sums: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0, 0])
    for path in sorted(args.folder.glob("*.tsv")):
        for line in path.read_text(encoding="utf-8").splitlines():
            nodeid, wall, me, kids = line.rsplit("\t", 3)
            row = sums[nodeid.split("::")[0]]
            row[0] += float(wall)
            row[1] += float(me)
            row[2] += float(kids)
            row[3] += 1
    rows = sorted(sums.items(), key=lambda kv: -(kv[1][1] + kv[1][2]))
    total = [sum(r[i] for _, r in rows) for i in range(3)]
    print(f"{'module':58} {'tests':>5} {'wall':>8} {'cpu':>8} {'children':>8}")
    for name, (wall, me, kids, n) in rows[:args.top]:
        print(f"{name:58} {n:5d} {wall:8.1f} {me:8.1f} {kids:8.1f}")
    print(f"{'all ' + str(len(rows)) + ' modules':58} {'':5} {total[0]:8.1f} {total[1]:8.1f} "
          f"{total[2]:8.1f}   (CPU in all {total[1] + total[2]:.0f} s)")


if __name__ == "__main__":
    main()
