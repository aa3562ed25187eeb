"""``spades-lab solve``: double-dummy analysis of a record.

``spades-lab solve FILE [--hand H] [--at STEP] [--from-step K] [--time-limit S] [--node-limit N]
[--progress] [--json]``: hand H is counted from 1 (1 is the first hand; default: the last hand).
With ``--at``, the position after the first STEP actions of hand H (a count from 0 of its bids,
then exchanges, then plays) is solved: the tricks the side to move can still take and that
number after each legal play.  Without ``--at``, every play of hand H after its first K plays
(``--from-step K``, a count; default 0: every play) is annotated with its cost in tricks
against the best play; the text numbers the tricks from 1, the JSON keeps the library's 0-based
``step`` (the play's place in the hand) and ``trick``.  The work is bounded by ``--time-limit``
(default 30 seconds) and ``--node-limit``: when the budget runs out, ``--at`` prints the bounds
found so far marked "not exact", and the annotation prints the plays it finished (the last
ones) and one line saying so.
Progress goes to stderr on a terminal (``--progress`` forces it).  Ctrl-C stops with one line
and exit status 130.  A rejected input exits with status 2 (with ``--json``:
``{"error": {"rule": ..., ...}}``).
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..core.errors import RecordError, Rule, RuleError, echo
from ..words.counting import plural
from .common import check_step, hand_index, report

DEFAULT_TIME_LIMIT = 30.0


def _positive_float(text: str) -> float:
    try:
        v = float(text) if text.isascii() else -1.0
    except ValueError:
        v = -1.0
    if not v > 0 or v != v or v == float("inf"):
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, not "
                                         f"{text[:40]!r}")
    return v


def _positive_int(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or int(text) <= 0:
        raise argparse.ArgumentTypeError(f"expected a positive whole number, not {text[:40]!r}")
    return int(text)


def register(sub: Any) -> None:
    p = sub.add_parser("solve", help="double-dummy analysis of a record",
                       description=__doc__.split("\n\n")[1])
    p.add_argument("file")
    p.add_argument("--hand", type=int, default=None, metavar="H",
                   help="the hand, counted from 1 (1 = the first hand; default: the last hand)")
    p.add_argument("--at", type=int, default=None, metavar="STEP",
                   help="solve the position after the hand's first STEP actions (a count: its "
                   "bids, then exchanges, then plays; 0 = before the first bid)")
    p.add_argument("--from-step", type=int, default=0, metavar="K",
                   help="annotate the plays after the hand's first K plays (a count; default 0: "
                   "every play)")
    p.add_argument("--time-limit", type=_positive_float, default=DEFAULT_TIME_LIMIT,
                   metavar="S", help=f"stop after S seconds (default {DEFAULT_TIME_LIMIT:g})")
    p.add_argument("--node-limit", type=_positive_int, default=None, metavar="N",
                   help="stop after N search nodes")
    p.add_argument("--progress", action="store_true",
                   help="report progress on stderr (default: when stderr is a terminal)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_solve)


def _progress_printer(enabled: bool) -> Any:
    if not enabled:
        return None

    def show(pr: Any) -> None:
        print(f"\r  searching: {pr.nodes:,} nodes, {pr.seconds:.0f} s, "
              f"between {pr.low} and {pr.high} tricks ...", end="", file=sys.stderr,
              flush=True)

    return show


def cmd_solve(args: argparse.Namespace) -> int:
    from ..core.line import Line
    from ..core.records import load_record
    from ..core.rules import seat_name
    from ..solver.search import BudgetExceeded, Solver, annotate_hand

    progress = _progress_printer(args.progress or sys.stderr.isatty())
    solver: Solver | None = None
    budget = {"time_limit": args.time_limit, "node_limit": args.node_limit,
              "progress": progress}
    try:
        data = load_record(args.file)
        hand = hand_index(len(data.get("hands", [])), args.hand)
        if args.at is not None:
            game = Line.of_checked(data, hand).at(check_step(data, hand, args.at,
                                                             "--at STEP"))
            solver = Solver(game.rules)
            res = solver.solve(game, **budget)
            if progress:
                print(file=sys.stderr)
            n = game.rules.players
            if args.json:
                print(json.dumps({"seat": res.seat, "side": list(res.side),
                                  "remaining": res.remaining, "tricks": res.tricks,
                                  "exact": res.exact, "upper": res.upper,
                                  "moves": [{**p.to_json(), "tricks": v, "cost": res.cost(p)}
                                            for p, v in res.per_move.items()]},
                                 indent=1, ensure_ascii=False))
                return 0
            who = " and ".join(seat_name(s, n) for s in res.side)
            if not res.exact and res.tricks != res.upper:
                print(f"{seat_name(res.seat, n)} to play; {who} can take between {res.tricks} "
                      f"and {res.upper} of the {res.remaining} tricks left (not exact: the "
                      f"search budget ran out; raise --time-limit for the exact count).")
                return 0
            print(f"{seat_name(res.seat, n)} to play; {who} can take {res.tricks} of the "
                  f"{res.remaining} tricks left.")
            for p, v in sorted(res.per_move.items(), key=lambda kv: -kv[1]):
                cost = res.cost(p)
                print(f"  {p.pretty:>18}  {v}" + (f"  (costs {cost})" if cost else ""))
            if not res.exact:
                print("(not every play was valued: the search budget ran out; raise "
                      "--time-limit to see them all)")
            return 0
        plays = len(data["hands"][hand].get("plays", []))
        if not 0 <= args.from_step < max(plays, 1):
            raise RecordError(
                Rule.BAD_RECORD, f"Hand {hand + 1} has {plural(plays, 'play')}: "
                "--from-step K annotates the plays after the first K, so choose --from-step 0 "
                f"(every play){f' to {plays - 1} (the last only)' if plays > 1 else ''}, not "
                f"{echo(args.from_step, 20)}.", hand=hand)
        game = Line.of_checked(data, hand).final  # the game to the end of that hand
        solver = Solver(game.rules)
        stopped = None
        try:
            notes = annotate_hand(game, hand, solver=solver, from_step=args.from_step, **budget)
        except BudgetExceeded as e:
            notes, stopped = e.partial, e.message
        if progress:
            print(file=sys.stderr)
    except RuleError as e:
        return report(e, args.json)
    except KeyboardInterrupt:
        if progress:
            print(file=sys.stderr)
        msg = "interrupted"
        if solver is not None and args.at is not None:
            lo, hi = solver.last_bounds
            msg += f" (so far: between {lo} and {hi} tricks, not exact)"
        print(msg, file=sys.stderr)
        return 130
    n = game.rules.players
    if args.json:
        print(json.dumps([{"step": a.step, "trick": a.trick, "seat": a.seat,
                           **a.play.to_json(), "best": a.best_tricks,
                           "played": a.played_tricks, "cost": a.cost} for a in notes],
                         indent=1, ensure_ascii=False))
    else:
        for a in notes:
            mark = f"costs {a.cost}" if a.cost else "best"
            print(f"trick {a.trick + 1:>2}  {seat_name(a.seat, n):<9} {a.play.pretty:>18}  "
                  f"{mark}  ({a.best_tricks} -> {a.played_tricks})")
    if stopped:
        print(f"stopped: {stopped} Raise --time-limit or use --from-step.", file=sys.stderr)
    return 0
