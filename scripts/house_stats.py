"""Simulate what each scoring house rule changes (the house-rules notebook) and cache it in
``data/stats/house_stats.csv``.

Heuristic players on every seat play whole standard games until at least ``MIN_HANDS`` hands
(10,000) have been played under each configuration: the standard rules, then one house rule
of docs/rulings.md section 9 at a time.  Game ``i`` is seeded ``random.Random("house-stats:<i>")``
in *every* configuration, so each rule is compared with the standard rules on the same deals
and the same players' choices for as long as the rules leave them alike (the bots read the
scores, not the scoring rules, so they play alike until the totals differ).  The counts are
summed per chunk of ``CHUNK`` games, one CSV row per chunk; ``tests/test_house_stats.py``
replays sampled chunks and compares them with their rows.

    .venv/bin/python scripts/house_stats.py            # every configuration (some minutes)
    .venv/bin/python scripts/house_stats.py "nil 50"   # one configuration

Each row: ``config``, ``options`` (JSON), ``chunk``, ``games``, ``hands``, ``over``, game
lengths (``length_sum``, ``length_sumsq``, ``length_hist``), ``ended_by_limit`` (games the hand
limit ended), nil bids by kind (``nil_attempts``, ``nil_made``: JSON objects), partnership
hands (``team_hands``, ``team_made``), hand scores (``score_sum``, ``score_sumsq``: per
partnership and hand), final totals (``final_sum``: the winners' and losers' totals summed,
``winner_sum``), bags (``bags_sum``: added per partnership and hand, ``penalties``,
``penalty_points``), and the house rules' own lines (``house_lines``: JSON counts by rule id,
``house_points``: their points).
"""
from __future__ import annotations

import json
import random
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # stats_cache, beside this script

import stats_cache  # noqa: E402

from spades_lab import Game, RuleSet  # noqa: E402
from spades_lab.play.players import HeuristicPlayer, play_game

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "data" / "stats" / "house_stats.csv"
MIN_HANDS = 10_000
CHUNK = 25
MAX_HANDS = 200

#: Configuration name -> options of the standard rule set, one house rule at a time (the rules
#: the bots' games meet often enough to measure; the others are shown hand by hand).
CONFIGS: dict[str, dict[str, Any]] = {
    "standard": {},
    "nil 50": {"nil_points": 50},
    "partners' nils as one": {"partners_nil": "unit"},
    "failed nil ignored": {"failed_nil_tricks": "ignored"},
    "overtricks score nothing": {"overtrick_points": 0},
    "big bid +50": {"big_bid_bonus": 50},
    "no penalty below 0": {"bag_penalty_while_negative": False},
    "10-hand cap": {"hand_limit": 10},
}
FIELDS = ["config", "options", "chunk", "games", "hands", "over", "length_sum", "length_sumsq",
          "length_hist", "ended_by_limit", "nil_attempts", "nil_made", "team_hands",
          "team_made", "score_sum", "score_sumsq", "final_sum", "winner_sum", "bags_sum",
          "penalties", "penalty_points", "house_lines", "house_points"]
#: Line ids only the house rules write (the lines a configuration's own options decide, such as
#: ``failed-nil-tricks`` under ``failed_nil_tricks = ignored``, are counted too).
HOUSE_RULES = ("big-bid", "moon", "bag-penalty-held")
JSON_FIELDS = ("config", "options", "length_hist", "nil_attempts", "nil_made", "house_lines")


def play_one(config: str, i: int) -> Game:
    """Game ``i`` of a configuration: heuristic players on every seat, seeded by ``i`` alone."""
    rules = RuleSet.preset("standard", CONFIGS[config])
    game = Game(rules, dealer=i % rules.players)
    play_game(game, [HeuristicPlayer()] * rules.players, random.Random(f"house-stats:{i}"),
              max_hands=MAX_HANDS)
    return game


def chunk_row(config: str, chunk: int) -> dict[str, Any]:
    """The summed counts of games ``chunk * CHUNK`` .. ``+ CHUNK - 1``."""
    lengths: Counter[int] = Counter()
    attempts: Counter[str] = Counter()
    made: Counter[str] = Counter()
    lines: Counter[str] = Counter()
    row: dict[str, Any] = {k: 0 for k in FIELDS}
    row.update(config=config, options=json.dumps(CONFIGS[config], sort_keys=True), chunk=chunk)
    for i in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        game = play_one(config, i)
        n_hands = len(game.hands)
        row["games"] += 1
        row["hands"] += n_hands
        row["over"] += game.over
        row["length_sum"] += n_hands
        row["length_sumsq"] += n_hands * n_hands
        lengths[n_hands] += 1
        if game.outcome is not None and "hand limit" in game.outcome.reason and game.over:
            row["ended_by_limit"] += 1
        row["final_sum"] += sum(game.totals)
        if game.over and game.outcome is not None and game.outcome.winner is not None:
            row["winner_sum"] += game.totals[game.outcome.winner]
        for h in game.hands:
            assert h.scores is not None
            for ts in h.scores:
                row["team_hands"] += 1
                row["team_made"] += ts.made
                row["score_sum"] += ts.hand_score
                row["score_sumsq"] += ts.hand_score * ts.hand_score
                row["bags_sum"] += ts.bags_added
                row["penalties"] += ts.penalties
                row["penalty_points"] += ts.bag_penalty
                for nr in ts.nils:
                    key = ("blind " if nr.bid.blind else "") + (nr.bid.nil or "")
                    attempts[key] += 1
                    made[key] += nr.made
                for item in ts.items:
                    if item.rule in HOUSE_RULES or item.option in CONFIGS[config]:
                        lines[item.rule] += 1
                        row["house_points"] += item.points
    row["length_hist"] = json.dumps({str(k): v for k, v in sorted(lengths.items())})
    row["nil_attempts"] = json.dumps(dict(sorted(attempts.items())))
    row["nil_made"] = json.dumps(dict(sorted(made.items())))
    row["house_lines"] = json.dumps(dict(sorted(lines.items())))
    return row


def read_rows(path: Path = OUT) -> list[dict[str, Any]]:
    return stats_cache.read_rows(path, FIELDS, JSON_FIELDS)


def main(names: Sequence[str]) -> None:
    stats_cache.refresh(OUT, ROOT, list(CONFIGS), names, chunk_row, min_hands=MIN_HANDS,
                        chunk=CHUNK, fields=FIELDS, text=JSON_FIELDS)


if __name__ == "__main__":
    main(sys.argv[1:])
