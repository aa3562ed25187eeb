"""``spades-lab solve``: double-dummy analysis of a record.

``spades-lab solve FILE [--hand H] [--at STEP] [--from-step K] [--json]``: with ``--at``, the
position after the first STEP actions of hand H (bids, then exchanges, then plays, as
``records.replay(upto=(H, STEP))``) is solved: the tricks the side to move can still take and
that number after each legal play.  Without ``--at``, every play of hand H (default: the last
hand) from play K on (default 0) is annotated with its cost in tricks against the best play.
An early 52-card position takes about a second (some much longer) in pure Python: use
``--from-step`` to start the annotation later.  A rejected input exits with status 2 (with
``--json``: ``{"error": {"rule": ..., ...}}``).
"""
from __future__ import annotations

import argparse
import json
from typing import Any

from ..core.errors import RecordError, RuleError
from .common import report


def register(sub: Any) -> None:
    p = sub.add_parser("solve", help="double-dummy analysis of a record",
                       description=__doc__.split("\n\n")[1])
    p.add_argument("file")
    p.add_argument("--hand", type=int, default=None, help="0-based hand index (default: last)")
    p.add_argument("--at", type=int, default=None, metavar="STEP",
                   help="solve the position after STEP actions of the hand")
    p.add_argument("--from-step", type=int, default=0, metavar="K",
                   help="annotate plays from play K on (0-based)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_solve)


def cmd_solve(args: argparse.Namespace) -> int:
    from ..core.records import load_record, replay
    from ..core.rules import seat_name
    from ..solver.search import annotate_hand, solve

    try:
        data = load_record(args.file)
        count = len(data.get("hands", []))
        hand = args.hand if args.hand is not None else count - 1
        if not 0 <= hand < max(count, 1) or count == 0:
            raise RecordError("bad-record", f"The record has {count} hand(s); there is no "
                              f"hand {hand}.", hand=hand)
        if args.at is not None:
            game = replay(data, upto=(hand, args.at)).game
            res = solve(game)
            n = game.rules.players
            if args.json:
                print(json.dumps({"seat": res.seat, "side": list(res.side),
                                  "remaining": res.remaining, "tricks": res.tricks,
                                  "moves": [{**p.to_json(), "tricks": v, "cost": res.cost(p)}
                                            for p, v in res.per_move.items()]},
                                 indent=1, ensure_ascii=False))
            else:
                print(f"{seat_name(res.seat, n)} to play; "
                      f"{' and '.join(seat_name(s, n) for s in res.side)} can take "
                      f"{res.tricks} of the {res.remaining} tricks left.")
                for p, v in sorted(res.per_move.items(), key=lambda kv: -kv[1]):
                    cost = res.cost(p)
                    print(f"  {p.pretty:>18}  {v}" + (f"  (costs {cost})" if cost else ""))
            return 0
        game = replay(data).game
        notes = annotate_hand(game, hand, from_step=args.from_step)
    except RuleError as e:
        return report(e, args.json)
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
    return 0
