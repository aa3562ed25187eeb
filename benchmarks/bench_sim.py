"""Simulation speed: hands per second on this machine; and the memory of ``spades-lab simulate``.

    .venv/bin/python benchmarks/bench_sim.py [--repeats 3] [--quick]
    .venv/bin/python benchmarks/bench_sim.py --memory [--sizes 2000,20000] [--baseline DIR]

Prints, for each path, the median of the repeats as wall-clock hands/s and as hands per CPU
second of this process (the second is steadier on a shared machine):

- the numpy batch path (uniform random play): standard, acorns, acorns with Travelers and
  Hunters (targets: 50,000 standard and 10,000 acorns hands/s);
- the engine with HeuristicPlayer at every seat, standard (target: 500 hands/s per process);
- the engine with RandomPlayer at every seat, standard and acorns, for comparison.

``--memory`` runs ``spades-lab simulate --hands N`` (heuristic against random players) in a
fresh process at each size, with one process, with ``--processes 2`` and with ``--batch``
(ten times the hands), each also writing ``--out`` to a temporary CSV, and prints the command's
peak resident memory (``ru_maxrss``) and its largest worker's.  Flat means the same at every
size.  ``--baseline DIR`` runs the same commands with another checkout (its own ``.venv``)
side by side, interleaved.
"""
from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from spades_lab import Game, RuleSet
from spades_lab.play.batch import play_random_hands
from spades_lab.play.players import HeuristicPlayer, RandomPlayer, play_hand


def measure(fn: Callable[[int], int], repeats: int) -> tuple[float, float]:
    walls, cpus = [], []
    for r in range(repeats):
        w, c = time.perf_counter(), time.process_time()
        n = fn(r)
        walls.append(n / (time.perf_counter() - w))
        cpus.append(n / max(1e-9, time.process_time() - c))
    return statistics.median(walls), statistics.median(cpus)


def batch(rules: RuleSet, n: int) -> Callable[[int], int]:
    play_random_hands(rules, 512, seed=99)  # warm the tables

    def run(r: int) -> int:
        play_random_hands(rules, n, seed=r)
        return n
    return run


def engine(rules: RuleSet, player: object, n: int) -> Callable[[int], int]:
    players = [player] * rules.players

    def run(r: int) -> int:
        rng = random.Random(r)
        for i in range(n):
            play_hand(Game(rules, dealer=i % rules.players), players, rng)  # type: ignore[arg-type]
        return n
    return run


#: Runs the command in this process and reports the peak memory of it and of its workers.
PEAK = ("import resource, sys\n"
        "sys.path.insert(0, sys.argv[1])\n"
        "from spades_lab.cli.main import main\n"
        "rc = main(sys.argv[2:])\n"
        "me = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
        "kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss\n"
        "print(f'PEAK {me} {kids} {rc}', file=sys.stderr)\n")


def peak_memory(root: Path, args: list[str]) -> tuple[float, float, float]:
    """(peak RSS MiB of the command, of its largest worker, wall seconds) for ``spades-lab
    ARGS`` run with the checkout at ``root``."""
    python = root / ".venv" / "bin" / "python"
    t = time.perf_counter()
    proc = subprocess.run([str(python), "-c", PEAK, str(root), *args], cwd=root,
                          capture_output=True, text=True, check=False)
    wall = time.perf_counter() - t
    line = [x for x in proc.stderr.splitlines() if x.startswith("PEAK ")]
    if not line or not line[-1].endswith(" 0"):
        raise SystemExit(f"{args} failed: {proc.stderr[-500:]}")
    _, me, kids, _ = line[-1].split()
    return int(me) / 1024, int(kids) / 1024, wall


def memory(sizes: list[int], baseline: str | None) -> None:
    roots = [("this", Path(__file__).resolve().parent.parent)]
    if baseline:
        roots.append(("baseline", Path(baseline).resolve()))
    out = Path(tempfile.gettempdir()) / f"spades_lab_bench_sim_{os.getpid()}.csv"
    print(f"# peak resident memory of `spades-lab simulate` (MiB); {os.cpu_count()} cores")
    print(f"{'checkout':<9} {'run':<34} {'hands':>9} {'command':>8} {'worker':>7} "
          f"{'wall s':>7}")
    try:
        for extra, scale in (([], 1), (["--processes", "2"], 1),
                             (["--batch", "--processes", "2"], 10)):
            for n in sizes:
                for label, root in roots:
                    args = ["simulate", "--hands", str(n * scale), "--seed", "1",
                            "--no-progress", "--json", "--out", str(out), *extra]
                    me, kid, wall = peak_memory(root, args)
                    run = " ".join(extra) or "one process"
                    print(f"{label:<9} {run:<34} {n * scale:>9,} {me:>8.0f} "
                          f"{kid if kid else float('nan'):>7.0f} {wall:>7.1f}", flush=True)
    finally:
        out.unlink(missing_ok=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--quick", action="store_true", help="smaller runs")
    ap.add_argument("--memory", action="store_true",
                    help="peak memory of `spades-lab simulate` at several sizes")
    ap.add_argument("--sizes", default="2000,20000", help="hand counts for --memory")
    ap.add_argument("--baseline", default=None, help="another checkout to compare (--memory)")
    a = ap.parse_args()
    if a.memory:
        memory([int(x) for x in a.sizes.split(",")], a.baseline)
        return
    k = 4 if a.quick else 1
    std = RuleSet.preset("standard")
    acorns = RuleSet.preset("acorns")
    th = RuleSet.preset("acorns", travelers_hunters=True)
    rows = [
        ("batch random standard", batch(std, 65536 // k), 50_000),
        ("batch random acorns", batch(acorns, 16384 // k), 10_000),
        ("batch random acorns + T/H", batch(th, 16384 // k), None),
        ("engine heuristic standard", engine(std, HeuristicPlayer(), 1500 // k), 500),
        ("engine random standard", engine(std, RandomPlayer(), 2000 // k), None),
        ("engine random acorns", engine(acorns, RandomPlayer(), 400 // k), None),
    ]
    print(f"# {platform.python_implementation()} {platform.python_version()}, "
          f"{platform.machine()}; median of {a.repeats}; one process")
    print(f"{'path':<28} {'hands/s (wall)':>15} {'hands/CPU-s':>12}  target")
    for name, fn, target in rows:
        wall, cpu = measure(fn, a.repeats)
        tgt = f"{target:,}" if target else ""
        mark = "" if not target else ("  ok" if max(wall, cpu) >= target else "  BELOW")
        print(f"{name:<28} {wall:>15,.0f} {cpu:>12,.0f}  {tgt}{mark}", flush=True)


if __name__ == "__main__":
    main()
