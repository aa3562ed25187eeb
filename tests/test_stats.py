"""Statistics: intervals are right, tables count what the frames hold, plots return Axes."""
from __future__ import annotations

import math

import matplotlib
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
