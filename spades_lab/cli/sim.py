"""``spades-lab simulate``: simulate hands or games and print a summary.

``spades-lab simulate --rules acorns --players heuristic,random --hands 2000 --seed 1
--processes 2 [--games N] [--batch] [--out hands.csv] [--records games.jsonl] [--json]
[--progress | --no-progress] [--force-processes]``

The work is streamed (a few chunks queued per worker), a progress bar is shown when stderr is
a terminal, ``--processes`` is capped at the machine's cores unless ``--force-processes``, the
output paths are checked before the run starts, and Ctrl-C stops every worker and exits 130.
"""
from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import time
from typing import Any


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
    from ..core.rules import RuleSet, parse_option
    from ..play.sim import (
        seat_types,
        simulate_games,
        simulate_hands,
        simulate_random_batch,
        worker_count,
    )
    from ..play.stats import game_length_summary, nil_success, score_summary
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
    games = None
    try:
        with contextlib.ExitStack() as stack:
            # records go to their file as each chunk finishes, never all kept in memory
            out = stack.enter_context(open(args.records, "w", encoding="utf-8")) \
                if args.records and not args.batch else None
            if args.batch:
                hands = simulate_random_batch(rules, args.hands, args.seed, **common)
            elif args.games is not None:
                res = simulate_games(rules, spec, args.games, args.seed, max_hands=args.max_hands,
                                     records_out=out, **common)
                hands, games = res.hands, res.games
            else:
                res = simulate_hands(rules, spec, args.hands, args.seed, records_out=out,
                                     **common)
                hands = res.hands
    except KeyboardInterrupt:
        if processes <= 1:
            raise
        # The workers are already stopped (play.sim's pool clean-up ran on the way here).  A
        # process pool whose workers were terminated can leave its management thread blocked
        # on their pipe, and the interpreter joins that thread at exit: leave at once.
        with contextlib.suppress(OSError, ValueError):
            sys.stdout.flush()
        print("spades-lab: interrupted", file=sys.stderr, flush=True)
        os._exit(130)
    dt = time.perf_counter() - t0
    if args.out:
        hands.to_csv(args.out, index=False)
    scores = score_summary(hands)
    nils = nil_success(hands, by=("player", "kind"))
    summary: dict[str, Any] = {
        "rules": rules.to_json(), "seed": args.seed, "hands": int(len(hands)),
        "seconds": round(dt, 3), "hands_per_second": round(len(hands) / dt, 1) if dt else None,
        "scores": scores.to_dict(orient="records"), "nils": nils.to_dict(orient="records"),
    }
    if games is not None:
        summary["games"] = game_length_summary(games).to_dict(orient="records")
        summary["wins"] = {str(k): int(v) for k, v in
                           games["winner_player"].value_counts(dropna=False).items()}
    if args.json:
        print(json.dumps(summary, indent=2, default=_json_default))
        return 0
    print(f"# {rules.describe().splitlines()[0]}")
    print(f"# {len(hands)} hands in {dt:.2f} s ({summary['hands_per_second']} hands/s), "
          f"seed {args.seed}, {processes} process(es)")
    print("Mean partnership hand score (95% interval):")
    for r in scores.itertuples():
        print(f"  {r.player:>20}: {r.mean:8.1f} [{r.low:7.1f}, {r.high:7.1f}]  bid made "
              f"{r.made_rate:.0%}, bags/hand {r.bags_per_hand:.2f}  (n={r.team_hands})")
    if len(nils):
        print("Nil-type bids:")
        for r in nils.itertuples():
            print(f"  {r.player:>20} {r.kind:<18} {r.made}/{r.bids} made ({r.rate:.0%})")
    if games is not None:
        gl = game_length_summary(games).iloc[0]
        print(f"Games: {len(games)}, mean length {gl['mean_hands']:.1f} hands; wins: "
              f"{summary['wins']}")
    return 0


def _json_default(o: Any) -> Any:
    try:
        return o.item()
    except AttributeError:
        return str(o)
