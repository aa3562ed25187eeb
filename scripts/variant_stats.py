"""Simulate the variant statistics of notebook 08 and cache them in ``data/stats/``.

Heuristic players on every seat play whole games under each rule set until at least
``MIN_HANDS`` hands (10,000) have been played; games are seeded one by one
(``random.Random("variant-stats:<config>:<game>")``), so any game can be replayed alone.  The
counts are summed per chunk of ``CHUNK`` games, one CSV row per chunk, so the cache stays small
and ``tests/test_variant_stats.py`` can replay a chunk and compare it with its row.

    .venv/bin/python scripts/variant_stats.py            # all rule sets (several minutes)
    .venv/bin/python scripts/variant_stats.py standard   # one configuration

Each row: ``config``, ``chunk``, ``games``, ``hands``, game lengths (``length_sum``,
``length_sumsq``, ``length_hist``), ``over``; per nil kind (``nil``, ``blind nil``, ``nil
spades`` …) attempts and successes (``nil_attempts``, ``nil_made``: JSON objects); the superior
trump (``sup_S``, ``sup_A``) and the trick it was set in (``sup_trick_hist``, 1-based); Travelers
and Hunters (``th_played``, ``th_as_trump``, ``th_won``); partnerships' bids (``team_hands``,
``team_made``, ``tricks_off_sum``: the sum of |counted − bid|); bags (``penalties``,
``penalty_points``, ``games_with_penalty``).
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
OUT = ROOT / "data" / "stats" / "variant_stats.csv"
MIN_HANDS = 10_000
CHUNK = 25
MAX_HANDS = 200

#: Configuration name -> (preset, options).
CONFIGS: dict[str, tuple[str, dict[str, Any]]] = {
    "standard": ("standard", {}),
    "online": ("online", {}),
    "original": ("original", {}),
    "acorns": ("acorns", {}),
    "acorns+th": ("acorns", {"travelers_hunters": True}),
    "acorns8": ("acorns8", {}),
    "acorns8+th": ("acorns8", {"travelers_hunters": True}),
}
FIELDS = ["config", "preset", "options", "chunk", "games", "hands", "over", "length_sum",
          "length_sumsq", "length_hist", "nil_attempts", "nil_made", "sup_S", "sup_A",
          "sup_trick_hist", "th_played", "th_as_trump", "th_won", "team_hands", "team_made",
          "tricks_off_sum", "penalties", "penalty_points", "games_with_penalty"]


def play_one(config: str, i: int) -> Game:
    """Game ``i`` of a configuration, heuristic players on every seat, seeded alone."""
    preset, options = CONFIGS[config]
    rules = RuleSet.preset(preset, options)
    game = Game(rules, dealer=i % rules.players)
    play_game(game, [HeuristicPlayer()] * rules.players,
              random.Random(f"variant-stats:{config}:{i}"), max_hands=MAX_HANDS)
    return game


def chunk_row(config: str, chunk: int) -> dict[str, Any]:
    """The summed counts of games ``chunk * CHUNK`` .. ``+ CHUNK - 1``."""
    preset, options = CONFIGS[config]
    lengths: Counter[int] = Counter()
    attempts: Counter[str] = Counter()
    made: Counter[str] = Counter()
    sup_trick: Counter[int] = Counter()
    row: dict[str, Any] = {k: 0 for k in FIELDS}
    row.update(config=config, preset=preset, options=json.dumps(options, sort_keys=True),
               chunk=chunk)
    for i in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        game = play_one(config, i)
        n_hands = len(game.hands)
        row["games"] += 1
        row["hands"] += n_hands
        row["over"] += game.over
        row["length_sum"] += n_hands
        row["length_sumsq"] += n_hands * n_hands
        lengths[n_hands] += 1
        penalised = False
        for h in game.hands:
            assert h.scores is not None
            for ts in h.scores:
                row["team_hands"] += 1
                row["team_made"] += ts.made
                row["tricks_off_sum"] += abs(ts.tricks - ts.bid)
                row["penalties"] += ts.penalties
                row["penalty_points"] += ts.bag_penalty
                penalised = penalised or ts.penalties > 0
                for nr in ts.nils:
                    key = ("blind " if nr.bid.blind else "") + nr.bid.nil
                    attempts[key] += 1
                    made[key] += nr.made
            if h.superior_at is not None and h.superior in ("S", "A"):
                row["sup_" + h.superior] += 1
                assert h.superior_at is not None
                sup_trick[h.superior_at[0] + 1] += 1
            for t in h.tricks:
                for seat, p in t.plays:
                    if p.card.is_dual:
                        row["th_played"] += 1
                        row["th_as_trump"] += p.suit in game.rules.trumps
                        row["th_won"] += seat == t.winner
        row["games_with_penalty"] += penalised
    row["length_hist"] = json.dumps({str(k): v for k, v in sorted(lengths.items())})
    row["nil_attempts"] = json.dumps(dict(sorted(attempts.items())))
    row["nil_made"] = json.dumps(dict(sorted(made.items())))
    row["sup_trick_hist"] = json.dumps({str(k): v for k, v in sorted(sup_trick.items())})
    return row


#: The fields kept as text (the rest are counts).
TEXT_FIELDS = ("config", "preset", "options", "length_hist", "nil_attempts", "nil_made",
               "sup_trick_hist")


def read_rows(path: Path = OUT) -> list[dict[str, Any]]:
    return stats_cache.read_rows(path, FIELDS, TEXT_FIELDS)


def main(names: Sequence[str]) -> None:
    stats_cache.refresh(OUT, ROOT, list(CONFIGS), names, chunk_row, min_hands=MIN_HANDS,
                        chunk=CHUNK, fields=FIELDS, text=TEXT_FIELDS)


if __name__ == "__main__":
    main(sys.argv[1:])
