"""``spades-lab simulate``: simulate hands or games and print a summary.

``spades-lab simulate --rules acorns --players heuristic,random --hands 2000 --seed 1
--processes 2 [--games N] [--batch] [--out hands.csv] [--records games.jsonl] [--json]
[--progress]``
"""
from __future__ import annotations

import argparse
import json
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
    p.add_argument("--processes", type=int, default=1)
    p.add_argument("--batch", action="store_true",
                   help="uniform random play through the fast numpy batch path")
    p.add_argument("--out", default=None, help="write one row per hand here (CSV)")
    p.add_argument("--records", default=None,
                   help="write the game records here (one JSON per line)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("--progress", action="store_true", help="show a progress bar")
    p.set_defaults(func=cmd_simulate)


def cmd_simulate(args: argparse.Namespace) -> int:
    from ..core.rules import RuleSet, parse_option
    from ..play.sim import simulate_games, simulate_hands, simulate_random_batch
    from ..play.stats import game_length_summary, nil_success, score_summary

    options = dict(parse_option(o) for o in args.option)
    rules = RuleSet.preset(args.rules, options)
    players = [x.strip() for x in args.players.split(",") if x.strip()]
    spec: Any = players[0] if len(players) == 1 else players
    t0 = time.perf_counter()
    games = None
    records = None
    try:
        if args.batch:
            hands = simulate_random_batch(rules, args.hands, args.seed,
                                          processes=args.processes, progress=args.progress)
        elif args.games is not None:
            res = simulate_games(rules, spec, args.games, args.seed, max_hands=args.max_hands,
                                 processes=args.processes, progress=args.progress,
                                 keep_records=bool(args.records))
            hands, games, records = res.hands, res.games, res.records
        else:
            res = simulate_hands(rules, spec, args.hands, args.seed, processes=args.processes,
                                 progress=args.progress, keep_records=bool(args.records))
            hands, records = res.hands, res.records
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    dt = time.perf_counter() - t0
    if args.out:
        hands.to_csv(args.out, index=False)
    if args.records and records is not None:
        with open(args.records, "w", encoding="utf-8") as f:
            for r in records:
                f.write(json.dumps(r) + "\n")
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
          f"seed {args.seed}, {args.processes} process(es)")
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
