"""The cached house-rule statistics of the house-rules notebook (data/stats/house_stats.csv):
at least 10,000 hands per configuration, sums that hang together, every house rule's own lines
where (and only where) it is in force, and sampled chunks replayed game by game by
scripts/house_stats.py give exactly the cached rows."""
from __future__ import annotations

import importlib.util
import json

import pytest

from conftest import ROOT
from spades_lab.core.rules import RuleSet

SCRIPT = ROOT / "scripts" / "house_stats.py"


def _script():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("house_stats", SCRIPT)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


hs = _script()
ROWS = hs.read_rows()


def test_every_configuration_has_10000_hands() -> None:
    assert list(hs.CONFIGS) == list(dict.fromkeys(r["config"] for r in ROWS))
    for config, options in hs.CONFIGS.items():
        RuleSet.preset("standard", options)  # each is a valid rule set
        part = [r for r in ROWS if r["config"] == config]
        assert sum(r["hands"] for r in part) >= hs.MIN_HANDS
        assert [r["chunk"] for r in part] == list(range(len(part)))


def test_the_sums_hang_together() -> None:
    for r in ROWS:
        options = hs.CONFIGS[r["config"]]
        assert json.loads(r["options"]) == options
        assert r["games"] == hs.CHUNK and r["length_sum"] == r["hands"]
        hist = json.loads(r["length_hist"])
        assert sum(hist.values()) == r["games"]
        assert sum(int(k) * v for k, v in hist.items()) == r["hands"]
        assert r["team_hands"] == 2 * r["hands"] and r["team_made"] <= r["team_hands"]
        made, tried = json.loads(r["nil_made"]), json.loads(r["nil_attempts"])
        assert all(0 <= made.get(k, 0) <= n for k, n in tried.items())
        assert r["score_sumsq"] >= r["score_sum"] ** 2 / r["team_hands"]
        assert r["over"] == r["games"]  # every game finished within MAX_HANDS
        lines = json.loads(r["house_lines"])
        if "hand_limit" in options:
            assert max(int(k) for k in hist) <= options["hand_limit"] + 3  # ties play on
        else:
            assert r["ended_by_limit"] == 0
        if not options:
            assert lines == {} and r["house_points"] == 0
        if "big_bid_bonus" in options:
            assert set(lines) <= {"big-bid"}
            assert r["house_points"] == options["big_bid_bonus"] * lines.get("big-bid", 0)
        if options.get("overtrick_points") == 0:
            assert r["house_points"] == 0 and set(lines) <= {"bags"}
        if "bag_penalty_while_negative" in options:
            assert set(lines) <= {"bag-penalty-held"} and r["house_points"] == 0


def test_the_paired_standard_games_differ_only_in_score() -> None:
    """Nil worth 50 leaves the cards and the bids alone on the first hand of every game (same
    seed): the same nils are bid, so the first chunk's first-hand nil count is the same."""
    std = hs.play_one("standard", 3)
    half = hs.play_one("nil 50", 3)
    assert std.hands[0].deal == half.hands[0].deal
    assert [str(b) for b in std.hands[0].bids] == [str(b) for b in half.hands[0].bids]


@pytest.mark.parametrize(("config", "chunk"), [("standard", 0), ("nil 50", 5),
                                               ("overtricks score nothing", 11),
                                               ("10-hand cap", 2)])
def test_a_replayed_chunk_matches_the_cache(config: str, chunk: int) -> None:
    cached = next(r for r in ROWS if r["config"] == config and r["chunk"] == chunk)
    fresh = hs.chunk_row(config, chunk)
    for key in hs.FIELDS:
        assert str(fresh[key]) == str(cached[key]), key
