"""The cached variant statistics of notebook 08 (data/stats/variant_stats.csv): at least
10,000 hands per rule set, consistent sums, and a sample of chunks replayed game by game by
scripts/variant_stats.py gives exactly the cached rows."""
from __future__ import annotations

import importlib.util
import json

import pytest

from conftest import ROOT

SCRIPT = ROOT / "scripts" / "variant_stats.py"


def _script():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("variant_stats", SCRIPT)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


vs = _script()
ROWS = vs.read_rows()


def test_every_configuration_has_10000_hands() -> None:
    assert [c for c in vs.CONFIGS] == list(dict.fromkeys(r["config"] for r in ROWS))
    for config in vs.CONFIGS:
        part = [r for r in ROWS if r["config"] == config]
        assert sum(r["hands"] for r in part) >= vs.MIN_HANDS
        assert [r["chunk"] for r in part] == list(range(len(part)))


def test_the_sums_hang_together() -> None:
    for r in ROWS:
        preset, options = vs.CONFIGS[r["config"]]
        assert r["preset"] == preset and json.loads(r["options"]) == options
        assert r["games"] == vs.CHUNK and r["length_sum"] == r["hands"]
        hist = json.loads(r["length_hist"])
        assert sum(hist.values()) == r["games"]
        assert sum(int(k) * v for k, v in hist.items()) == r["hands"]
        made, tried = json.loads(r["nil_made"]), json.loads(r["nil_attempts"])
        assert all(0 <= made.get(k, 0) <= n for k, n in tried.items())
        sup = json.loads(r["sup_trick_hist"])
        assert sum(sup.values()) == r["sup_S"] + r["sup_A"]
        if preset in ("acorns", "acorns8"):
            assert r["sup_S"] + r["sup_A"] == r["hands"]  # a trump breaks in every deal
        else:
            assert r["sup_A"] == 0
        assert (r["th_played"] > 0) == bool(options.get("travelers_hunters"))
        assert r["th_won"] <= r["th_played"] and r["th_as_trump"] <= r["th_played"]
        assert r["team_made"] <= r["team_hands"]


@pytest.mark.parametrize(("config", "chunk"), [("standard", 0), ("online", 7), ("acorns", 3)])
def test_a_replayed_chunk_matches_the_cache(config: str, chunk: int) -> None:
    cached = next(r for r in ROWS if r["config"] == config and r["chunk"] == chunk)
    fresh = vs.chunk_row(config, chunk)
    for key in vs.FIELDS:
        assert str(fresh[key]) == str(cached[key]), key
