"""Machine instructions per unit of work of two checkouts, side by side, under Valgrind: the
deterministic measure of the benchmarks' hot paths (``bench_engine``, ``bench_sim``,
``bench_replay``, ``bench_whatif``, ``bench_bot``).  CPU time on this shared 2-core machine
swings by 20% between runs, more than the 5% a change is held to; the instructions the same
seeded work executes repeat within a few tenths of a percent (a process's start-up, to the
7th digit).

    .venv/bin/python benchmarks/ab_instructions.py OLD_CHECKOUT .
    .venv/bin/python benchmarks/ab_instructions.py OLD . --only engine-standard --units 100

Each checkout runs in its own subprocess with its own ``.venv`` (as ``ab_engine.py``), with
``PYTHONHASHSEED=0``, under ``valgrind --tool=callgrind``.  A workload is set up (and its unit
run once, to warm the caches), then its unit is run ``n`` times; the process runs once with
``n = 0`` and once with ``n = --units``, and the difference of the two totals over ``--units``
is the figure: start-up, imports and set-up cancel out.  Printed: per workload the
instructions per unit of each checkout and B's change against A.  Needs ``valgrind`` (Debian
package).  A script, not a test; an instruction count is a proxy for time (it does not see
cache misses), but one a shared machine cannot disturb.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

#: workload -> (what one unit is, default units)
WORKLOADS = {
    "engine-standard": ("a random legal hand, bench_engine.py", 200),
    "engine-acorns": ("a random legal hand, bench_engine.py", 100),
    "engine-acorns-th": ("a random legal hand, bench_engine.py", 100),
    "engine-acorns8-fours-th": ("a random legal hand, bench_engine.py", 100),
    "sim-heuristic-standard": ("a heuristic-player hand, bench_sim.py", 100),
    "sim-random-acorns": ("a random-player hand, bench_sim.py", 100),
    "sim-batch-standard": ("512 numpy batch hands, bench_sim.py", 5),
    "replay-standard": ("replay of a 50-hand record in memory, bench_replay.py", 5),
    "replay-file": ("replay(path) of a 50-hand record file, bench_replay.py", 5),
    "whatif": ("what_if on a 128-card record, bench_whatif.py", 5),
    "whatif-click": ("the table's what-if click, bench_whatif.py", 5),
    "bot-standard": ("a hand in play mode, bots moved and the table redrawn, bench_bot.py", 3),
    "bot-acorns": ("the same, 4 x 32 cards", 2),
}

CHILD = r"""
import random, sys
sys.path.insert(0, "benchmarks"); sys.path.insert(0, ".")
work, n = sys.argv[1], int(sys.argv[2])
from spades_lab import Game, RuleSet
if work.startswith("engine-"):
    import bench_engine as be
    preset, opts, _ = be.CONFIGS[work[len("engine-"):]]
    rules = RuleSet.preset(preset, **opts)
    def unit(i):
        be.play_hands(rules, random.Random(1000 + i), hands=1, seconds=None)
elif work.startswith("sim-batch-"):
    import bench_sim as bs
    run = bs.batch(RuleSet.preset(work[len("sim-batch-"):]), 512)
    def unit(i):
        run(1000 + i)
elif work.startswith("sim-"):
    from spades_lab.play.players import make_player, play_hand
    kind, preset = work[len("sim-"):].split("-")
    rules = RuleSet.preset(preset)
    players = [make_player(kind)] * rules.players
    def unit(i):
        play_hand(Game(rules, dealer=i % rules.players), players, random.Random(1000 + i))
elif work.startswith("replay-"):
    import tempfile
    from spades_lab.core.records import dump_record, replay
    from spades_lab.play.players import RandomPlayer, play_hand
    rules = RuleSet.preset("standard", target=10**9)
    game = Game(rules)
    rng = random.Random(1)
    for _ in range(50):
        play_hand(game, [RandomPlayer()] * 4, rng)
    record = game.to_record()
    if work == "replay-file":  # as bench_replay.py's figure: the file read and replayed
        record = tempfile.mkdtemp() + "/record.json"
        dump_record(game, record)
    def unit(i):
        assert len(replay(record).hands) == 50
elif work.startswith("whatif"):
    from spades_lab.play.players import SimplePlayer, play_hand
    from spades_lab.teach.whatif import what_if
    from spades_lab.widgets.models import TableModel, WhatIfModel
    rules = RuleSet.preset("acorns")
    game = Game(rules)
    play_hand(game, [SimplePlayer()] * rules.players, random.Random(1))
    rec = game.to_record()
    k = len(rec["hands"][0]["bids"]) + 9
    model = WhatIfModel(TableModel.from_record(game))
    model.set_point(k)
    recorded = rec["hands"][0]["plays"][9]["card"]
    choices = [c for c in model.choices() if c.ok and c.play.card.code != recorded] or \
        [c for c in model.choices() if c.ok]
    choice = choices[-1]
    if work == "whatif":
        def unit(i):
            what_if(rec, (0, k), choice.play.card.code)
    else:
        def unit(i):
            assert model.try_play(choice)
elif work.startswith("bot-"):  # bench_bot.py's loop on one table made once (its figure
    import bench_bot as bb         # times step_bot + refresh, not the widgets' construction)
    from bench_bot import PlayModel, PlayTable  # (where each checkout keeps them)
    m = PlayModel(work[len("bot-"):], {}, seat=0, seed=1, pace=1.0)
    table = PlayTable(model=m, pace=1.0)
    m.pace = 1.0
    def unit(i):
        rng = random.Random(1000 + i)
        if m.game.hands and m.game.hands[-1].complete:
            m.next_hand()
        start = len(m.game.hands)
        while not (len(m.game.hands) == start and m.game.hands[-1].complete) and not m.game.over:
            if m.waiting() == "bots":
                m.step_bot()
                table.refresh()
            else:
                bb.learner_move(m, rng)
else:
    raise SystemExit(f"no workload {work}")
unit(-1)  # warm the caches
for i in range(n):
    unit(i)
"""


def instructions(tree: Path, work: str, n: int) -> int:
    """The instructions one process of ``tree`` executes running ``work``'s unit ``n`` times."""
    env = {**os.environ, "PYTHONHASHSEED": "0", "MPLBACKEND": "Agg"}
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                          str(tree / ".venv/bin/python"), "-c", CHILD, work, str(n)],
                         cwd=tree, env=env, capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit(f"{tree} {work} failed:\n{out.stderr[-3000:]}")
    m = re.search(r"Collected : (\d+)", out.stderr)
    if m is None:
        raise SystemExit(f"no instruction count from valgrind:\n{out.stderr[-2000:]}")
    return int(m.group(1))


def per_unit(tree: Path, work: str, units: int) -> float:
    return (instructions(tree, work, units) - instructions(tree, work, 0)) / units


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("a", type=Path)
    ap.add_argument("b", type=Path)
    ap.add_argument("--only", action="append", choices=list(WORKLOADS), default=None)
    ap.add_argument("--units", type=int, default=None, help="units per run (else each default)")
    ap.add_argument("--jobs", type=int, default=2, help="processes at once")
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt-get install valgrind)", file=sys.stderr)
        return 2
    works = args.only or list(WORKLOADS)
    print(f"A = {args.a}, B = {args.b}; machine instructions per unit (Valgrind)")
    with ThreadPoolExecutor(args.jobs) as pool:
        jobs = {(w, t): pool.submit(per_unit, t, w, args.units or WORKLOADS[w][1])
                for w in works for t in (args.a, args.b)}
        for w in works:
            a, b = jobs[w, args.a].result(), jobs[w, args.b].result()
            print(f"{w:>24}: A {a / 1e6:9.3f} M   B {b / 1e6:9.3f} M   "
                  f"B/A {100 * (b / a - 1):+6.1f}%   ({WORKLOADS[w][0]})", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
