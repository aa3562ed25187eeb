"""Statistics: intervals are right, tables count what the frames hold, plots return Axes."""
from __future__ import annotations

import math
import random
import statistics
from typing import Any

import matplotlib
import numpy as np
import pandas as pd
import pytest

from spades_lab.play import stats
from spades_lab.play.sim import simulate_games, simulate_hands, simulate_random_batch

matplotlib.use("Agg")


@pytest.fixture(scope="module")
def acorns() -> pd.DataFrame:
    a = simulate_hands("acorns", ["heuristic", "random"], 30, seed=1).hands
    b = simulate_hands({"preset": "acorns", "options": {"travelers_hunters": True}},
                       ["heuristic", "random"], 30, seed=1).hands
    return pd.concat([a, b], ignore_index=True)


def test_intervals() -> None:
    m = stats.mean_ci([2, 4, 4, 4, 5, 5, 7, 9])
    assert m.mean == 5 and m.n == 8
    assert math.isclose(m.high - m.mean, 1.959963984540054 * 2.138089935299395 / math.sqrt(8))
    w = stats.wilson(0, 20)
    assert w.mean == 0 and w.low == 0 and 0.1 < w.high < 0.2
    d = stats.diff_ci(iter([10.0, 12.0, 11.0]), iter([1.0, 2.0, 3.0]))
    assert d.mean == 9 and d.low > 5


def _expected_interval(xs: list[Any]) -> stats.Interval:
    """The interval from :mod:`statistics`, whose mean and variance are exact, correctly
    rounded (it sums fractions): the reference the kit's one formula must meet to the bit."""
    n = len(xs)
    m = float(statistics.mean(xs))
    half = stats.Z95 * math.sqrt(float(statistics.variance(xs)) / n)
    return stats.Interval(m, m - half, m + half, n)


def test_one_interval_formula_exact_to_the_last_bit() -> None:
    """mean_ci is sums_ci of the exact count, sum and sum of squares, on whole numbers (Python
    or numpy, past int64's range too) and on floats."""
    rng = random.Random(2)
    for _ in range(40):
        n = rng.randrange(2, 300)
        ints = [rng.randrange(-500, 700) for _ in range(n)]
        want = _expected_interval(ints)
        assert stats.mean_ci(ints) == want
        assert stats.mean_ci(np.array(ints)) == want and stats.mean_ci(pd.Series(ints)) == want
        assert stats.sums_ci(n, sum(ints), sum(x * x for x in ints)) == want
        assert stats.sums_ci(np.int64(n), np.sum(ints), np.sum(np.square(ints))) == want
        floats = [rng.gauss(0, 10 ** rng.randrange(-3, 6)) for _ in range(n)]
        assert stats.mean_ci(floats) == _expected_interval(floats)
    big = [3 * 10**9 + rng.randrange(1000) for _ in range(2000)]  # squares overflow int64
    assert stats.mean_ci(np.array(big, dtype=np.int64)) == _expected_interval(big)
    assert stats.mean_ci([7]).n == 1 and math.isnan(stats.mean_ci([7]).low)
    assert stats.mean_ci([]).n == 0 and math.isnan(stats.mean_ci([]).mean)
    assert math.isnan(stats.mean_ci([1.0, math.nan, 2.0]).mean)
    with pytest.raises(ValueError, match="not the sums of real numbers"):
        stats.sums_ci(3, 6, 10)  # 1, 2, 3 have squares summing to 14 at least


def test_interval_is_sound_for_large_values_close_together() -> None:
    """Values around 1e9 with a spread of 0.01: float sums of squares cancel every digit of
    the variance (the data below makes that formula wrong by far); the kit's sums are exact,
    streamed or not, and agree with the exact variance to the bit (the two-pass formula, the
    old one, only to about 1e-8)."""
    rng = random.Random(7)
    xs = [1e9 + rng.uniform(0, 0.01) for _ in range(1000)]
    n = len(xs)
    exact = float(statistics.variance(xs))
    naive = (n * sum(x * x for x in xs) - sum(xs) ** 2) / (n * (n - 1))
    assert not math.isclose(naive, exact, rel_tol=0.5)  # the naive formula is useless here
    m = sum(xs) / n
    two_pass = sum((x - m) ** 2 for x in xs) / (n - 1)
    assert math.isclose(two_pass, exact, rel_tol=1e-6)
    assert stats.mean_ci(xs) == _expected_interval(xs)
    # streamed: a frame whose partnership scores are these values, folded in uneven chunks
    base = simulate_hands("standard", "random", n // 2, seed=1).hands
    base["team0_hand_score"] = xs[::2]
    base["team1_hand_score"] = xs[1::2]
    s = stats.SimSummary()
    for lo, hi in ((0, 17), (17, 18), (18, 301), (301, n // 2)):
        s.add(base.iloc[lo:hi])
    row = s.score_summary().iloc[0]
    want = _expected_interval(xs)
    assert (row["mean"], row["low"], row["high"]) == (want.mean, want.low, want.high)
    assert row["std"] == math.sqrt(exact)
    assert stats.score_summary(base).equals(s.score_summary())


def test_team_scores_and_summary(acorns: pd.DataFrame) -> None:
    t = stats.team_scores(acorns)
    assert len(t) == 2 * len(acorns)
    s = stats.score_summary(acorns)
    assert set(s["player"]) == {"heuristic", "random"} and len(s) == 4
    assert (s["low"] < s["mean"]).all() and (s["mean"] < s["high"]).all()


def test_nil_tables_count_the_frame(acorns: pd.DataFrame) -> None:
    n = stats.nils(acorns)
    raw = sum(int(acorns[f"nil_kind_{s}"].notna().sum()) for s in range(4))
    assert len(n) == raw
    table = stats.nil_success(acorns)
    assert table["bids"].sum() == raw and table["made"].sum() == int(n["made"].sum())


def test_superior_and_ace_tables(acorns: pd.DataFrame) -> None:
    sup = stats.superior_trump_summary(acorns)
    for _, g in sup.groupby("rules"):
        assert g["hands"].sum() == 30 and math.isclose(g["share"].sum(), 1.0)
    ace = stats.ace_flip_summary(acorns)
    assert (ace["flips_per_hand"] >= ace["decided_per_hand"]).all()
    costs = stats.ace_flip_costs(acorns)
    assert set(costs["player"]) == {"heuristic", "random"}
    th = stats.th_effect(acorns)
    assert th.loc[th["rules"] == "acorns", "th_played"].item() == 0
    assert th.loc[th["rules"] != "acorns", "th_played"].item() > 0


def test_bag_rule_5_50_costs_more_than_10_100() -> None:
    a = simulate_random_batch("online", 4096, seed=1)
    b = simulate_random_batch({"preset": "online", "options": {"bag_limit": 5,
                                                              "bag_penalty": 50}}, 4096, seed=1)
    t = stats.bag_penalties(pd.concat([a, b], ignore_index=True)).set_index("rules")
    assert t.loc["online (bag_limit=5,bag_penalty=50)", "penalty_rate"] > \
        t.loc["online", "penalty_rate"]


def test_game_tables() -> None:
    g = simulate_games("standard", ["heuristic", "random"], 3, seed=2).games
    gl = stats.game_length_summary(g)
    assert gl["games"].item() == 3 and gl["mean_hands"].item() >= 1
    wr = stats.win_rates(g)
    assert wr["wins"].sum() == int(g["over"].sum())


def test_plots_return_axes(acorns: pd.DataFrame) -> None:
    import matplotlib.pyplot as plt

    for fn in (stats.plot_score_distribution, stats.plot_superior_trick,
               stats.plot_nil_success, stats.plot_bag_penalties, stats.plot_ace_flips,
               stats.plot_th_effect):
        ax = fn(acorns)
        assert ax.get_title()
        _, given = plt.subplots()
        assert fn(acorns, ax=given) is given
        plt.close("all")
    g = simulate_games("standard", "heuristic", 2, seed=1).games
    assert stats.plot_game_lengths(g).get_xlabel() == "hands in the game"
    plt.close("all")


def _nil_frame(made: list[bool], player: str) -> pd.DataFrame:
    n = len(made)
    return pd.DataFrame({"preset": ["standard"] * n, "nil_kind_0": ["nil"] * n,
                         "nil_blind_0": [False] * n, "nil_made_0": made,
                         "player_0": [player] * n})


def test_wilson_bounds_hold_the_rate_at_0_and_100_percent() -> None:
    for n in range(1, 40):
        for w in (stats.wilson(0, n), stats.wilson(n, n)):
            assert 0.0 <= w.low <= w.mean <= w.high <= 1.0
    # error bars never go negative, even for an interval a rounding error past its rate
    bars = stats.error_bars([0.0, 1.0, 0.5], [1e-17, 0.7, 0.4], [0.3, 1 - 1e-16, 0.6])
    assert bars.shape == (2, 3) and (bars >= 0).all()
    assert bars[:, 2].round(6).tolist() == [0.1, 0.1] and bars[1, 0] == 0.3


def test_plot_nil_success_with_a_zero_rate() -> None:
    import matplotlib.pyplot as plt

    # 3 failed nils (0%: the Wilson lower bound used to come out 5.6e-17 above the rate,
    # a negative error bar that matplotlib refuses) and 10 made ones (100%)
    df = pd.concat([_nil_frame([False] * 3, "random"), _nil_frame([True] * 10, "heuristic")],
                   ignore_index=True)
    t = stats.nil_success(df)
    assert t["rate"].tolist() == [1.0, 0.0] and t["bids"].tolist() == [10, 3]
    ax = stats.plot_nil_success(df)
    assert [p.get_height() for p in ax.patches] == [1.0, 0.0]
    plt.close("all")
