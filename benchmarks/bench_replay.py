"""Replaying a long record: a 10,000-hand standard game, read from its file and replayed.

    .venv/bin/python benchmarks/bench_replay.py                # 10,000 hands, 3 repeats
    .venv/bin/python benchmarks/bench_replay.py --hands 2000 --repeats 5
    .venv/bin/python benchmarks/bench_replay.py --code /path/to/other/checkout  # its code

The record is played once by random players (target raised so the game never ends) and kept in
the system temp folder, keyed by its size and seed.  Each repeat times ``load_record`` (read,
parse, check every type and shape once) and ``replay`` of the loaded record separately, then the
whole ``replay(path)`` (wall and CPU time: CPU time is the steadier figure on a shared
machine), and the CPU time of the next work after it (100,000 small lists made while the
result is kept): the collector's catch-up, which a replay that leaves a million new objects in
the young generations passes on to whatever runs next.  The peak memory is measured in a
separate pass with ``tracemalloc`` (Python allocations during ``replay(path)``; it slows that
pass, so it is not timed), and the process's maximum resident size is printed too.  Target:
the whole replay under 2 s on a 2-core machine.  This is a script, not a test: wall-clock
figures depend on what else runs.
``--code DIR`` times another checkout's package (e.g. the code before a change) with the same
script, for side-by-side runs.
"""
from __future__ import annotations

import argparse
import gc
import random
import resource
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

_code = sys.argv[sys.argv.index("--code") + 1] if "--code" in sys.argv[:-1] else None
sys.path.insert(0, str(Path(_code).resolve() if _code else
                       Path(__file__).resolve().parent.parent))

from spades_lab import Game, RuleSet  # noqa: E402
from spades_lab.core.records import dump_record, load_record, replay  # noqa: E402
from spades_lab.play.players import RandomPlayer, play_hand  # noqa: E402


def long_record(hands: int, seed: int) -> Path:
    """A ``hands``-hand standard game record on disk (built once, then reused)."""
    path = Path(tempfile.gettempdir()) / f"spades_lab_bench_{hands}_{seed}.json"
    if path.exists():
        return path
    rules = RuleSet.preset("standard", target=10**9)
    game = Game(rules)
    rng = random.Random(seed)
    players = [RandomPlayer()] * rules.players
    for _ in range(hands):
        play_hand(game, players, rng)
    tmp = path.with_suffix(".part")
    dump_record(game, tmp)
    tmp.replace(path)
    return path


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--code", default=None, help="time the package of this checkout instead")
    args = ap.parse_args()
    import spades_lab

    print(f"code: {Path(spades_lab.__file__).parent}")
    t = time.perf_counter()
    path = long_record(args.hands, args.seed)
    built = time.perf_counter() - t
    size = path.stat().st_size
    print(f"record: {args.hands} hands, {size / 1e6:.1f} MB ({path}; ready in {built:.1f} s)")
    loads, replays, wholes, cpus, load_cpus, replay_cpus = [], [], [], [], [], []
    afters: list[float] = []
    for _ in range(args.repeats):
        t0, c0 = time.perf_counter(), time.process_time()
        data = load_record(path)
        t1, c1 = time.perf_counter(), time.process_time()
        result = replay(data)
        t2, c2 = time.perf_counter(), time.process_time()
        load_cpus.append(c1 - c0)
        replay_cpus.append(c2 - c1)
        assert len(result.hands) == args.hands and all(h.complete for h in result.hands)
        del data, result
        gc.collect()
        t3, c3 = time.perf_counter(), time.process_time()
        kept = replay(path)
        wholes.append(time.perf_counter() - t3)
        cpus.append(time.process_time() - c3)
        c4 = time.process_time()
        junk = [[] for _ in range(100_000)]  # the caller's next work
        afters.append(time.process_time() - c4)
        del junk, kept
        gc.collect()
        loads.append(t1 - t0)
        replays.append(t2 - t1)
    print(f"load_record (read, parse, check): median {statistics.median(loads):.2f} s "
          f"(CPU {statistics.median(load_cpus):.2f} s)")
    print(f"replay of the loaded record:      median {statistics.median(replays):.2f} s "
          f"(CPU {statistics.median(replay_cpus):.2f} s)")
    print(f"replay(path), whole:              median {statistics.median(wholes):.2f} s "
          f"(runs {', '.join(f'{w:.2f}' for w in wholes)}; target < 2 s)")
    # CPU time is steadier than wall time while other work shares the machine
    print(f"replay(path), CPU time:           median {statistics.median(cpus):.2f} s "
          f"(runs {', '.join(f'{c:.2f}' for c in cpus)})")
    print(f"next work after it, CPU time:     median {statistics.median(afters):.2f} s "
          "(the collector's catch-up)")
    print(f"replay + catch-up, CPU time:      median "
          f"{statistics.median(c + a for c, a in zip(cpus, afters, strict=True)):.2f} s")
    tracemalloc.start()
    replay(path)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak Python memory during replay(path): {peak / 2**20:.0f} MiB "
          f"(process max RSS {rss:.0f} MiB)")


if __name__ == "__main__":
    main()
