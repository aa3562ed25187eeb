"""``spades-lab simulate``: simulate hands or games and print a summary.

``spades-lab simulate --rules acorns --players heuristic,random --hands 2000 --seed 1
--processes 2 [--games N] [--batch] [--out hands.csv] [--records games.jsonl] [--json]
[--progress | --no-progress] [--force-processes]``

The work is streamed (a few chunks queued per worker) and so is the result: each finished chunk
is folded into a running summary (:class:`~spades_lab.play.stats.SimSummary`, the figures
printed) and its rows and records written to ``--out``/``--records`` at once, then dropped, so
the command's memory does not grow with ``--hands``.  Each output file is written aside and
renamed into place when the run is complete (:func:`~spades_lab.core.files.writing`): an
interrupted or failed run leaves the file as it was, never half of one.  An existing file is
replaced, as ``spades-lab play --out`` replaces one.  A progress bar is shown when stderr is a
terminal, ``--processes`` is capped at the machine's cores unless ``--force-processes``, the
output paths are checked before the run starts, and Ctrl-C stops every worker and exits 130
with one line (the shared handling of :func:`~spades_lab.cli.common.run_command`).
"""
from __future__ import annotations

import argparse
import contextlib
import csv
import json
import sys
import time
from typing import Any, TextIO


def register(sub: Any) -> None:
    p = sub.add_parser("simulate", help="simulate hands or games and summarise them")
    p.add_argument("--rules", default="standard", help="preset: standard, online, original, "
                   "acorns, acorns8")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--players", default="heuristic,random",
                   help="player types (random, simple, heuristic): one for every seat, one per "
                   "seat or one per partnership, comma separated")
    p.add_argument("--hands", type=int, default=1000, help="independent hands to play")
    p.add_argument("--games", type=int, default=None, help="play this many whole games "
                   "instead of independent hands")
    p.add_argument("--max-hands", type=int, default=200, help="stop a game after this many hands")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--processes", type=int, default=1,
                   help="worker processes (at most the machine's cores unless forced)")
    p.add_argument("--force-processes", action="store_true",
                   help="use --processes workers even if the machine has fewer cores")
    p.add_argument("--batch", action="store_true",
                   help="uniform random play through the fast numpy batch path")
    p.add_argument("--out", default=None, help="write one row per hand here (CSV)")
    p.add_argument("--records", default=None,
                   help="write the game records here (one JSON per line)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="show a progress bar (default: when stderr is a terminal)")
    p.set_defaults(func=cmd_simulate)


def cmd_simulate(args: argparse.Namespace) -> int:
    from ..core.files import writing
    from ..core.rules import RuleSet, parse_option
    from ..play.sim import seat_types, worker_count
    from ..play.stats import SimSummary
    from ..words.counting import plural
    from .common import check_output_path, usage_error

    options = dict(parse_option(o) for o in args.option)
    rules = RuleSet.preset(args.rules, options)
    players = [x.strip() for x in args.players.split(",") if x.strip()]
    spec: Any = players[0] if len(players) == 1 else players
    try:
        seat_types(rules, spec)
    except ValueError as e:
        return usage_error("simulate", f"--players: {e}")
    for path, what, flag in ((args.out, "the hand table", "--out"),
                             (args.records, "the records", "--records")):
        problem = check_output_path(path, what)
        if problem:
            return usage_error("simulate", f"{flag}: {problem}")
    processes = worker_count(args.processes, args.force_processes)
    if processes < args.processes:
        print(f"# using {processes} processes: the machine has {processes} cores "
              "(--force-processes to use more)", file=sys.stderr)
    progress = sys.stderr.isatty() if args.progress is None else args.progress
    common: dict[str, Any] = {"processes": processes, "progress": progress,
                              "force_processes": args.force_processes}
    t0 = time.perf_counter()
    summary = SimSummary()
    with contextlib.ExitStack() as stack:
        # every chunk is folded into the summary, and its rows and records written out, as it
        # arrives: nothing grows with the number of hands
        # each file whole or not at all (core.files.writing): written aside as the chunks
        # come, renamed into place only when the run is complete, so Ctrl-C, an error or a
        # full disk leave the old file (or none), never half a table over a good one
        table = stack.enter_context(writing(args.out, newline=""))[0] if args.out else None
        records = stack.enter_context(writing(args.records))[0] \
            if args.records and not args.batch else None
        if args.batch:
            _run_batch(stack, rules, args, common, summary, table)
        else:
            _run_players(stack, rules, spec, args, common, summary, table, records)
    dt = time.perf_counter() - t0
    hands = summary.hands
    scores = summary.score_summary()
    nils = summary.nil_success(by=("player", "kind"))
    games = args.games is not None and not args.batch
    out: dict[str, Any] = {
        "rules": rules.to_json(), "seed": args.seed, "hands": hands,
        "seconds": round(dt, 3), "hands_per_second": round(hands / dt, 1) if dt else None,
        "scores": scores.to_dict(orient="records"), "nils": nils.to_dict(orient="records"),
    }
    if games:
        lengths = summary.game_length_summary()
        out["games"] = lengths.to_dict(orient="records")
        out["wins"] = dict(sorted(summary.wins.items(), key=lambda kv: -kv[1]))
    if args.json:
        print(json.dumps(out, indent=2, default=_json_default))
        return 0
    print(f"# {rules.describe().splitlines()[0]}")
    print(f"# {hands} hands in {dt:.2f} s ({out['hands_per_second']} hands/s), "
          f"seed {args.seed}, {plural(processes, 'process')}")
    print("Mean partnership hand score (95% interval):")
    for r in scores.itertuples():
        print(f"  {r.player:>20}: {r.mean:8.1f} [{r.low:7.1f}, {r.high:7.1f}]  bid made "
              f"{r.made_rate:.0%}, bags/hand {r.bags_per_hand:.2f}  (n={r.team_hands})")
    if len(nils):
        print("Nil-type bids:")
        for r in nils.itertuples():
            print(f"  {r.player:>20} {r.kind:<18} {r.made}/{r.bids} made ({r.rate:.0%})")
    if games:
        gl = lengths.iloc[0]
        print(f"Games: {summary.games}, mean length {gl['mean_hands']:.1f} hands; wins: "
              f"{out['wins']}")
    return 0


def _run_players(stack: contextlib.ExitStack, rules: Any, spec: Any, args: argparse.Namespace,
                 common: dict[str, Any], summary: Any, table: TextIO | None,
                 records: TextIO | None) -> None:
    """The engine's players, chunk by chunk: each chunk's rows are folded into ``summary``,
    written to ``table`` (CSV, as they are: whole numbers as such, a missing value empty) and
    its records to ``records``, then dropped."""
    import pandas as pd

    from ..play.sim import hand_columns, iter_simulation

    kind = "games" if args.games is not None else "hands"
    count = args.games if kind == "games" else args.hands
    chunks = stack.enter_context(contextlib.closing(iter_simulation(
        rules, spec, count, args.seed, kind, max_hands=args.max_hands,
        keep_records=records is not None, **common)))
    writer: Any = None
    columns: list[str] = []
    for part in chunks:
        if part.hands and not columns:
            columns = hand_columns(part.hands, kind)
            if table is not None:
                writer = csv.DictWriter(table, columns, extrasaction="ignore")
                writer.writeheader()
        frame = pd.DataFrame.from_records(part.hands, columns=columns)
        summary.add(frame, pd.DataFrame(part.games) if kind == "games" else None)
        if writer is not None:
            writer.writerows(part.hands)
        if records is not None:
            records.writelines(json.dumps(r) + "\n" for r in part.records)


def _run_batch(stack: contextlib.ExitStack, rules: Any, args: argparse.Namespace,
               common: dict[str, Any], summary: Any, table: TextIO | None) -> None:
    """The numpy batch path, one chunk's frame at a time (folded, written, dropped)."""
    from ..play.sim import iter_random_batch

    frames = stack.enter_context(contextlib.closing(iter_random_batch(
        rules, args.hands, args.seed, **common)))
    first = True
    for frame in frames:
        summary.add(frame)
        if table is not None:
            frame.to_csv(table, header=first, index=False)
        first = False


def _json_default(o: Any) -> Any:
    try:
        return o.item()
    except AttributeError:
        return str(o)
