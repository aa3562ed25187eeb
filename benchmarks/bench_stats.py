"""Speed of the simulation summaries: the whole-frame tables (``score_summary``, ``nil_success``,
``game_length_summary``), the streamed ``SimSummary`` (folded chunk by chunk, as ``spades-lab
simulate`` does) and ``mean_ci`` on whole numbers and on floats.

    .venv/bin/python benchmarks/bench_stats.py [--repeats 5] [--against REV]

``--against REV`` also times ``spades_lab/play/stats.py`` as it was at git revision ``REV``
(loaded from ``git show``), interleaved with the current one, repeat by repeat, so both see the
same machine load; it prints both medians and their ratio (current / REV).  Figures are
wall-clock milliseconds, the median of the repeats (provisional on a shared machine).
"""
from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pandas as pd

from spades_lab.play import stats
from spades_lab.play.sim import simulate_games

ROOT = Path(__file__).resolve().parent.parent


def load_revision(rev: str) -> ModuleType:
    """``spades_lab/play/stats.py`` at git revision ``rev``, imported as its own module."""
    text = subprocess.run(["git", "show", f"{rev}:spades_lab/play/stats.py"], cwd=ROOT,
                          check=True, capture_output=True, text=True).stdout
    path = Path(tempfile.mkdtemp()) / "stats_at_rev.py"
    path.write_text(text.replace("from ..", "from spades_lab."), encoding="utf-8")
    spec = importlib.util.spec_from_file_location("stats_at_rev", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["stats_at_rev"] = module
    spec.loader.exec_module(module)
    return module


def cases(mod: Any, hands: Any, games: Any) -> dict[str, Callable[[], object]]:
    rng = random.Random(1)
    ints = [rng.randrange(-300, 500) for _ in range(100_000)]
    floats = [rng.gauss(0, 100) for _ in range(100_000)]
    chunks = [(hands[hands["game"].isin(g["game"])], g)
              for g in (games.iloc[i:i + 20] for i in range(0, len(games), 20))]

    def streamed() -> object:
        s = mod.SimSummary()
        for h, g in chunks:
            s.add(h, g)
        return s.score_summary(), s.nil_success(), s.game_length_summary()

    return {
        "score_summary(frame)": lambda: mod.score_summary(hands),
        "nil_success(frame)": lambda: mod.nil_success(hands),
        "game_length_summary(frame)": lambda: mod.game_length_summary(games),
        f"SimSummary, {len(chunks)} chunks": streamed,
        "mean_ci(100k ints)": lambda: mod.mean_ci(ints),
        "mean_ci(100k int Series)": lambda: mod.mean_ci(pd.Series(ints)),
        "mean_ci(100k floats)": lambda: mod.mean_ci(floats),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--against", default=None, help="a git revision to compare with")
    args = ap.parse_args()
    res = simulate_games("acorns", ["heuristic", "random"], 200, seed=1, max_hands=30)
    hands, games = res.hands, res.games
    print(f"# {len(hands)} hands, {len(games)} games; median of {args.repeats} repeats, ms")
    mods = {"current": stats}
    if args.against:
        mods[args.against] = load_revision(args.against)
    runs = {name: cases(mod, hands, games) for name, mod in mods.items()}
    times: dict[tuple[str, str], list[float]] = {}
    for _ in range(args.repeats):
        for case in runs["current"]:
            for name in mods:  # interleaved: each repeat times every version in turn
                t0 = time.perf_counter()
                runs[name][case]()
                times.setdefault((name, case), []).append(1000 * (time.perf_counter() - t0))
    for case in runs["current"]:
        now = statistics.median(times["current", case])
        line = f"{case:>28}: {now:9.1f}"
        if args.against:
            then = statistics.median(times[args.against, case])
            line += f"   {args.against}: {then:9.1f}   ratio {now / then:5.2f}"
        print(line)


if __name__ == "__main__":
    main()
