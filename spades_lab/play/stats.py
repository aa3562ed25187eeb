"""Statistics and plots over simulated hands and games.

Every function takes the frames :mod:`spades_lab.play.sim` returns (``SimResult.hands`` — one row
per hand — and ``SimResult.games``), or several of them concatenated (rows carry ``preset``
and ``options``, so one frame can hold several rule sets).  Tables are pandas DataFrames;
plot functions take ``ax=None`` (a new figure when None) and return the matplotlib Axes.
pandas and matplotlib are imported inside the functions.

>>> from spades_lab.play.sim import simulate_hands
>>> df = simulate_hands("standard", ["heuristic", "random"], 40, seed=3).hands
>>> t = team_scores(df)
>>> sorted(t["player"].unique()), len(t) == 2 * len(df)
(['heuristic', 'random'], True)
>>> m = mean_ci([1.0, 2.0, 3.0, 4.0])
>>> round(m.mean, 2), m.low < m.mean < m.high
(2.5, True)
"""
from __future__ import annotations

import math
import numbers
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

Z95 = 1.959963984540054


# ---------------------------------------------------------------------------- intervals


#: A sum kept exact: a Python int for whole numbers, a Fraction for other finite numbers (every
#: float is one, exactly); a float only when it is not finite (nan or an infinity).
Exact = int | Fraction | float


@dataclass(frozen=True)
class Interval:
    """A mean (or a rate) with a 95% confidence interval and the sample size."""

    mean: float
    low: float
    high: float
    n: int

    def __str__(self) -> str:
        return f"{self.mean:.2f} [{self.low:.2f}, {self.high:.2f}] (n={self.n})"


def mean_ci(values: Iterable[float], z: float = Z95) -> Interval:
    """The mean with a normal-approximation confidence interval (95% by default): the
    :func:`sums_ci` of the values' count, sum and sum of squares, taken exactly."""
    return sums_ci(*_moments(values), z=z)


def sums_ci(n: int, total: Any, squares: Any, z: float = Z95) -> Interval:
    """The mean of ``n`` values with its normal-approximation confidence interval (95% by
    default), from their count, sum and sum of squares: the one home of the interval
    :func:`mean_ci` and :class:`SimSummary` give.  Whole-number sums (Python or numpy ints)
    stay exact until the last division, so the variance is the exact one, correctly rounded.

    >>> str(sums_ci(4, 10, 30)), str(mean_ci([1, 2, 3, 4]))
    ('2.50 [1.23, 3.77] (n=4)', '2.50 [1.23, 3.77] (n=4)')
    """
    n = int(n)
    if n <= 0:
        return Interval(math.nan, math.nan, math.nan, 0)
    total, squares = _exact(total), _exact(squares)
    m = _ratio(total, n)
    half = z * math.sqrt(_variance(n, total, squares) / n)
    return Interval(m, m - half, m + half, n)


def diff_ci(a: Iterable[float], b: Iterable[float], z: float = Z95) -> Interval:
    """Mean of ``a`` minus mean of ``b`` with a (Welch, normal) confidence interval.

    >>> d = diff_ci([5, 6, 7, 8], [1, 2, 3, 2])
    >>> d.mean, d.low > 0
    (4.5, True)
    """
    na, ta, sa = _moments(a)
    nb, tb, sb = _moments(b)
    d = _ratio(ta, na) - _ratio(tb, nb)
    half = z * math.sqrt(_variance(na, ta, sa) / max(1, na) + _variance(nb, tb, sb) / max(1, nb))
    return Interval(d, d - half, d + half, na + nb)


def _exact(v: Any) -> Exact:
    """``v`` as an exact number (see :data:`Exact`): ints (Python or numpy) as Python ints,
    other finite numbers as the Fraction they are (a float exactly), the rest as floats."""
    if isinstance(v, numbers.Integral):
        return int(v)
    if isinstance(v, Fraction):
        return v if v.denominator != 1 else int(v)
    x = float(v)
    if not math.isfinite(x):
        return x
    p, q = x.as_integer_ratio()
    return p if q == 1 else Fraction(p, q)


def _moments(values: Iterable[Any]) -> tuple[int, Exact, Exact]:
    """The count, sum and sum of squares of ``values``, exact (see :data:`Exact`).

    Whole numbers stay Python ints; other values are summed as the fractions they are exactly
    (as :func:`statistics.variance` does), so a variance taken from these sums is exact until
    its last division even for large values close together, where float sums of squares lose
    every digit.

    >>> _moments([1, 2, 3]), _moments([0.5, 1.5]), _moments([])
    ((3, 6, 14), (2, 2, Fraction(5, 2)), (0, 0, 0))
    """
    dtype = getattr(values, "dtype", None)
    if dtype is not None and getattr(dtype, "kind", "") in "iub":
        # a numpy array or pandas column of whole numbers: numpy's int64 sums are exact while
        # they cannot overflow (bounded by the largest magnitude); else Python ints below
        import numpy as np

        a = np.asarray(values)
        if a.dtype.kind in "iub":
            n = int(a.size)
            if n == 0:
                return 0, 0, 0
            big = max(abs(int(a.min())), abs(int(a.max())))
            if n * big * big < 2**63:
                a = a.astype(np.int64)
                return n, int(a.sum()), int((a * a).sum())
    xs = values.tolist() if hasattr(values, "tolist") else list(values)
    if all(type(v) is int for v in xs):
        return len(xs), sum(xs), sum(v * v for v in xs)
    n = 0
    sx: dict[int, int] = {}  # denominator -> sum of numerators (as statistics._ss keeps them)
    sxx: dict[int, int] = {}  # denominator -> sum of squared numerators (over its square)
    odd: list[float] = []
    for v in xs:
        n += 1
        if type(v) is int:
            p, q = v, 1
        elif type(v) is float and math.isfinite(v):
            p, q = v.as_integer_ratio()
        else:
            e = _exact(v)
            if isinstance(e, float):
                odd.append(e)
                continue
            p, q = (e, 1) if isinstance(e, int) else (e.numerator, e.denominator)
        sx[q] = sx.get(q, 0) + p
        sxx[q] = sxx.get(q, 0) + p * p
    if odd:  # nan or an infinity: so is the sum (and the variance is nan)
        return n, sum(odd), math.nan
    return n, _sum_over(sx, 1), _sum_over(sxx, 2)


def _sum_over(partials: Mapping[int, int], power: int) -> int | Fraction:
    """The exact sum of ``numerator / denominator ** power`` over ``partials``."""
    if set(partials) <= {1}:
        return partials.get(1, 0)
    total = sum((Fraction(p, q ** power) for q, p in partials.items()), Fraction(0))
    return total if total.denominator != 1 else total.numerator


def _ratio(a: Exact, n: int) -> float:
    """``a / n`` correctly rounded (nan when ``n`` is 0)."""
    if n == 0:
        return math.nan
    if isinstance(a, Fraction):
        return float(a / n)
    return a / n


def _variance(n: int, total: Exact, squares: Exact) -> float:
    """The sample variance of ``n`` values from their sum and sum of squares: exact until the
    last division (nan with fewer than 2 values or sums that are not finite)."""
    if n < 2 or isinstance(total, float) or isinstance(squares, float):
        return math.nan
    var = _ratio(n * squares - total * total, n * (n - 1))
    if var < 0:
        raise ValueError(f"a sum of squares of {float(squares)} cannot go with {n} values "
                         f"summing to {float(total)}: they are not the sums of real numbers")
    return var


def wilson(successes: int, n: int, z: float = Z95) -> Interval:
    """A success rate with its Wilson score interval.

    >>> w = wilson(8, 10)
    >>> w.mean, round(w.low, 3), round(w.high, 3)
    (0.8, 0.49, 0.943)
    >>> wilson(0, 3).low, wilson(10, 10).high  # no rounding error past the rate
    (0.0, 1.0)
    """
    if n == 0:
        return Interval(math.nan, math.nan, math.nan, 0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # in exact arithmetic low <= p <= high within [0, 1]; keep rounding from crossing them
    return Interval(p, max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)), n)


# ---------------------------------------------------------------------------- helpers


def _cols(df: Any, pattern: str) -> list[int]:
    rx = re.compile(pattern)
    return sorted(int(m.group(1)) for c in df.columns if (m := rx.fullmatch(str(c))))


def rule_label(df: Any) -> Any:
    """A Series naming each row's rule set: the preset, with its options when any."""
    if "options" not in df:
        return df["preset"].copy()
    opts = df["options"].fillna("")
    return df["preset"].where(opts == "", df["preset"] + " (" + opts + ")")


def _axes(ax: Any) -> Any:
    if ax is None:
        import matplotlib.pyplot as plt

        _, ax = plt.subplots(figsize=(7, 4))
    return ax


# ---------------------------------------------------------------------------- scores


def team_scores(df: Any) -> Any:
    """One row per (hand, partnership): ``rules``, ``player`` (the team's player type),
    ``team``, ``bid``, ``counted``, ``made``, ``hand_score``, ``bags_added``, ``bag_penalty``."""
    import pandas as pd

    rules = rule_label(df)
    parts = []
    for t in _cols(df, r"team(\d+)_hand_score"):
        part = pd.DataFrame({
            "rules": rules, "preset": df["preset"], "team": t,
            "player": df[f"team{t}_player"] if f"team{t}_player" in df else "?",
            "bid": df[f"team{t}_bid"], "counted": df[f"team{t}_counted"],
            "made": df[f"team{t}_made"].astype(bool), "hand_score": df[f"team{t}_hand_score"],
            "bags_added": df[f"team{t}_bags_added"], "bag_penalty": df[f"team{t}_bag_penalty"],
        })
        parts.append(part)
    return pd.concat(parts, ignore_index=True)


def score_summary(df: Any) -> Any:
    """Mean hand score per partnership with a 95% interval, by rule set and player type: one
    row per (``rules``, ``player``) with ``team_hands``, ``mean``, ``low``, ``high``, ``std``,
    ``made_rate`` and ``bags_per_hand`` (the :meth:`SimSummary.score_summary` of the frame)."""
    s = SimSummary()
    s._fold_scores(df)
    return s.score_summary()


def plot_score_distribution(df: Any, ax: Any = None, by: str = "player", bins: int = 40) -> Any:
    """Histogram of partnership hand scores, one series per ``by`` value (``player`` or
    ``rules``)."""
    ax = _axes(ax)
    t = team_scores(df)
    for key, g in t.groupby(by):
        ax.hist(g["hand_score"], bins=bins, alpha=0.5, label=str(key))
    ax.set_xlabel("partnership hand score")
    ax.set_ylabel("team-hands")
    ax.set_title("Hand score distribution")
    ax.legend()
    return ax


def game_length_summary(games: Any) -> Any:
    """Hands per game (mean, median, 90th percentile, share unfinished) by rule set (the
    :meth:`SimSummary.game_length_summary` of the frame)."""
    s = SimSummary()
    s._fold_games(games)
    return s.game_length_summary()


def win_rates(games: Any) -> Any:
    """Share of games won by each player type, by rule set (games that ended only)."""
    import pandas as pd

    done = games[games["over"].astype(bool)]
    rows = []
    for rules, g in done.groupby(rule_label(done)):
        for player, w in g["winner_player"].value_counts().items():
            ci = wilson(int(w), len(g))
            rows.append({"rules": rules, "player": player, "wins": int(w), "games": len(g),
                         "rate": ci.mean, "low": ci.low, "high": ci.high})
    return pd.DataFrame(rows)


def plot_game_lengths(games: Any, ax: Any = None) -> Any:
    """Histogram of hands per game, one series per rule set."""
    ax = _axes(ax)
    labels = rule_label(games)
    top = int(games["hands"].max()) if len(games) else 1
    for key, g in games.groupby(labels):
        ax.hist(g["hands"], bins=range(1, top + 2), alpha=0.5, label=str(key))
    ax.set_xlabel("hands in the game")
    ax.set_ylabel("games")
    ax.set_title("Game length")
    ax.legend()
    return ax


# ---------------------------------------------------------------------------- superior trump


def superior_trump_summary(df: Any) -> Any:
    """Acorns rule sets: how often Spades or Acorns ends superior (or neither is broken), and
    the mean trick (1-based) at which it was set."""
    import pandas as pd

    rows = []
    for rules, g in df.groupby(rule_label(df)):
        sup = g["superior"].fillna("none")
        for suit in ("S", "A", "none"):
            m = sup == suit
            rate = wilson(int(m.sum()), len(g))
            trick = g.loc[m, "superior_trick"].astype(float) + 1 if suit != "none" else None
            rows.append({"rules": rules, "superior": suit, "hands": int(m.sum()),
                         "share": rate.mean, "low": rate.low, "high": rate.high,
                         "mean_trick": float(trick.mean()) if trick is not None and len(trick)
                         else math.nan})
    return pd.DataFrame(rows)


def plot_superior_trick(df: Any, ax: Any = None) -> Any:
    """Histogram of the trick (1-based) at which the superior trump was set, per suit."""
    ax = _axes(ax)
    d = df[df["superior"].notna()]
    hi = int(d["superior_trick"].max()) + 2 if len(d) else 2
    names = {"S": "Spades superior", "A": "Acorns superior"}
    for suit in ("S", "A"):
        g = d[d["superior"] == suit]
        ax.hist(g["superior_trick"].astype(int) + 1, bins=range(1, hi + 1), alpha=0.6,
                label=names[suit])
    ax.set_xlabel("trick at which the first trump was broken")
    ax.set_ylabel("hands")
    ax.set_title("Which trump ends superior, and when")
    ax.legend()
    return ax


# ---------------------------------------------------------------------------- streaming


def _quantile(counts: Mapping[int, int], q: float) -> float:
    """The ``q`` quantile of the values counted in ``counts`` (value -> how many), as pandas'
    ``Series.quantile`` gives it: numpy's linear method, to the last bit (the interpolation
    runs from the upper neighbour when past halfway, as numpy's does)."""
    n = sum(counts.values())
    if n == 0:
        return math.nan
    pos = (n - 1) * q
    lo = math.floor(pos)
    t = pos - lo

    def nth(k: int) -> int:
        seen = 0
        for v in sorted(counts):
            seen += counts[v]
            if k < seen:
                return v
        raise IndexError(k)

    a, b = nth(lo), nth(min(lo + 1, n - 1))
    d = b - a
    return float(b - d * (1 - t) if t >= 0.5 else a + d * t)


#: The columns of :func:`nils` that :meth:`SimSummary.nil_success` can group by.
NIL_KEYS = ("rules", "player", "kind")


class SimSummary:
    """The figures ``spades-lab simulate`` prints, gathered chunk by chunk as a simulation
    streams (:func:`spades_lab.play.sim.iter_simulation`): per rule set and player type the
    partnership hand scores (count, exact sum and sum of squares, bids made, bags), per rule
    set, player and nil kind the nil bids made, per rule set the games' lengths (a count
    per length) and the winners.  Its size depends on the kinds of thing seen, never on the
    number of hands: the rows themselves are not kept.

    It is the one home of these tables: :func:`score_summary`, :func:`nil_success` and
    :func:`game_length_summary` fold their whole frame into one and read its table, so a
    summary gathered chunk by chunk gives exactly the tables of all the rows at once.

    >>> from spades_lab.play.sim import simulate_hands
    >>> df = simulate_hands("standard", ["heuristic", "random"], 40, seed=3).hands
    >>> s = SimSummary()
    >>> s.add(df.iloc[:25]); s.add(df.iloc[25:])
    >>> s.hands, s.score_summary().equals(score_summary(df))
    (40, True)
    """

    def __init__(self) -> None:
        self.hands = 0
        self.games = 0
        #: (rules, player) -> [team-hands, sum of hand scores, sum of squares, made, bags]
        #: (the sums exact: see :data:`Exact`)
        self.teams: dict[tuple[str, str], list[Any]] = {}
        #: (rules, player, kind) -> [bids, made]
        self.nils: dict[tuple[str, ...], list[int]] = {}
        #: rules -> {hands in a game: games}
        self.lengths: dict[str, dict[int, int]] = {}
        #: rules -> games not finished
        self.unfinished: dict[str, int] = {}
        #: winner's player type (``"None"`` for no winner) -> games
        self.wins: dict[str, int] = {}

    def size(self) -> int:
        """The entries held (bounded by the kinds of thing seen, not by the hands)."""
        return (len(self.teams) + len(self.nils) + sum(map(len, self.lengths.values()))
                + len(self.unfinished) + len(self.wins))

    def add(self, hands: Any, games: Any = None) -> None:
        """Fold in one chunk: its hand rows (a DataFrame as ``SimResult.hands``) and, for game
        simulations, its game rows (as ``SimResult.games``)."""
        self.hands += len(hands)
        if len(hands):
            self._fold_scores(hands)
            self._fold_nils(hands)
        if games is not None and len(games):
            self.games += len(games)
            self._fold_games(games)
            for w in games["winner_player"]:
                key = str(w)
                self.wins[key] = self.wins.get(key, 0) + 1

    def _fold_scores(self, hands: Any) -> None:
        if not len(hands):
            return
        t = team_scores(hands)
        for (rules, player), g in t.groupby(["rules", "player"], sort=False):
            n, total, squares = _moments(g["hand_score"])
            acc = self.teams.setdefault((rules, player), [0, 0, 0, 0, 0])
            acc[0] += n
            acc[1] += total
            acc[2] += squares
            acc[3] += int(g["made"].sum())
            acc[4] += _moments(g["bags_added"])[1]

    def _fold_nils(self, hands: Any) -> None:
        if not len(hands):
            return
        n = nils(hands)
        for key, g in n.groupby(list(NIL_KEYS), sort=False):
            acc = self.nils.setdefault(tuple(key), [0, 0])
            acc[0] += len(g)
            acc[1] += int(g["made"].sum())

    def _fold_games(self, games: Any) -> None:
        if not len(games):
            return
        for rules, g in games.groupby(rule_label(games), sort=False):
            counts = self.lengths.setdefault(rules, {})
            for v, c in g["hands"].value_counts().items():
                counts[int(v)] = counts.get(int(v), 0) + int(c)
            self.unfinished[rules] = self.unfinished.get(rules, 0) + int(
                (~g["over"].astype(bool)).sum())

    def score_summary(self) -> Any:
        """The mean partnership hand score (95% interval, :func:`sums_ci`) and its standard
        deviation, the share of bids made and the bags per hand, per rule set and player type,
        of every hand folded in."""
        import pandas as pd

        rows = []
        for (rules, player), (n, total, squares, made, bags) in sorted(self.teams.items()):
            ci = sums_ci(n, total, squares)
            rows.append({"rules": rules, "player": player, "team_hands": n, "mean": ci.mean,
                         "low": ci.low, "high": ci.high,
                         "std": math.sqrt(_variance(n, total, squares)),
                         "made_rate": made / n, "bags_per_hand": _ratio(bags, n)})
        return pd.DataFrame(rows, columns=["rules", "player", "team_hands", "mean", "low",
                                           "high", "std", "made_rate", "bags_per_hand"])

    def nil_success(self, by: Sequence[str] = ("rules", "player", "kind")) -> Any:
        """Nil-type bids and how many were made, with the rate and its Wilson 95% interval, of
        every hand folded in, grouped by ``by`` (names from :data:`NIL_KEYS`; one name alone
        may be given as a string)."""
        import pandas as pd

        by = [by] if isinstance(by, str) else list(by)
        unknown = [b for b in by if b not in NIL_KEYS]
        if unknown:
            raise ValueError(f"nil_success groups by {', '.join(NIL_KEYS)}, not "
                             f"{', '.join(map(str, unknown))}")
        where = [NIL_KEYS.index(b) for b in by]
        merged: dict[tuple[Any, ...], list[int]] = {}
        for key, (bids, made) in self.nils.items():
            acc = merged.setdefault(tuple(key[i] for i in where), [0, 0])
            acc[0] += bids
            acc[1] += made
        rows = []
        for k, (bids, made) in sorted(merged.items()):
            ci = wilson(made, bids)
            rows.append({**dict(zip(by, k, strict=True)), "bids": bids, "made": made,
                         "rate": ci.mean, "low": ci.low, "high": ci.high})
        return pd.DataFrame(rows, columns=[*by, "bids", "made", "rate", "low", "high"])

    def game_length_summary(self) -> Any:
        """Hands per game (mean with its 95% interval, median, 90th percentile) and the share
        of games unfinished, per rule set, of every game folded in."""
        import pandas as pd

        rows = []
        for rules, counts in sorted(self.lengths.items()):
            n = sum(counts.values())
            ci = sums_ci(n, sum(v * c for v, c in counts.items()),
                         sum(v * v * c for v, c in counts.items()))
            rows.append({"rules": rules, "games": n, "mean_hands": ci.mean, "low": ci.low,
                         "high": ci.high, "median_hands": _quantile(counts, 0.5),
                         "p90_hands": _quantile(counts, 0.9),
                         "unfinished": self.unfinished.get(rules, 0) / n})
        return pd.DataFrame(rows, columns=["rules", "games", "mean_hands", "low", "high",
                                           "median_hands", "p90_hands", "unfinished"])


# ---------------------------------------------------------------------------- nils


def nils(df: Any) -> Any:
    """One row per nil-type bid: ``rules``, ``seat``, ``player``, ``kind`` (e.g. ``nil``,
    ``blind nil spades``), ``blind``, ``made``."""
    import pandas as pd

    rules = rule_label(df)
    parts = []
    for s in _cols(df, r"nil_kind_(\d+)"):
        m = df[f"nil_kind_{s}"].notna() & (df[f"nil_kind_{s}"].astype(str) != "nan")
        if not m.any():
            continue
        blind = df.loc[m, f"nil_blind_{s}"].astype(bool)
        kind = df.loc[m, f"nil_kind_{s}"].astype(str)
        parts.append(pd.DataFrame({
            "rules": rules[m], "seat": s,
            "player": df.loc[m, f"player_{s}"] if f"player_{s}" in df else "?",
            "kind": kind.where(~blind, "blind " + kind), "blind": blind,
            "made": df.loc[m, f"nil_made_{s}"].astype(bool)}))
    if not parts:
        return pd.DataFrame(columns=["rules", "seat", "player", "kind", "blind", "made"])
    return pd.concat(parts, ignore_index=True)


def nil_success(df: Any, by: Sequence[str] = ("rules", "player", "kind")) -> Any:
    """How often each nil type succeeds: bids, made, rate and Wilson 95% interval, grouped by
    ``by`` (any of ``rules``, ``player``, ``kind``; the :meth:`SimSummary.nil_success` of the
    frame)."""
    s = SimSummary()
    s._fold_nils(df)
    return s.nil_success(by)


def error_bars(mid: Any, low: Any, high: Any) -> Any:
    """Matplotlib ``yerr`` for bars at ``mid`` with intervals ``low``..``high``: the distances
    below and above, never negative (an interval at a 0% or 100% rate may end a rounding error
    on the wrong side of the rate, which matplotlib refuses).

    >>> import numpy as np
    >>> error_bars(np.array([0.0, 0.5]), np.array([1e-17, 0.4]), np.array([0.3, 0.6])).round(2)
    array([[0. , 0.1],
           [0.3, 0.1]])
    """
    import numpy as np

    mid, low, high = (np.asarray(v, dtype=float) for v in (mid, low, high))
    return np.clip(np.vstack([mid - low, high - mid]), 0, None)


def plot_nil_success(df: Any, ax: Any = None) -> Any:
    """Bars of the nil success rate (with 95% intervals) per rule set, player and kind."""
    ax = _axes(ax)
    t = nil_success(df)
    labels = [f"{r.rules}\n{r.player}: {r.kind}" for r in t.itertuples()]
    x = range(len(t))
    ax.bar(x, t["rate"], yerr=error_bars(t["rate"], t["low"], t["high"]), capsize=3)
    ax.set_xticks(list(x))
    ax.set_xticklabels(labels, rotation=60, ha="right", fontsize=8)
    ax.set_ylim(0, 1)
    ax.set_ylabel("share made")
    ax.set_title("How often each nil succeeds")
    return ax


# ---------------------------------------------------------------------------- bags


def bag_penalties(df: Any) -> Any:
    """Bag penalties by rule set (compare 10/100 with 5/50 by simulating both): per
    partnership-hand the mean bags taken, the share of hands where a penalty fired and the mean
    points lost to penalties (with a 95% interval)."""
    import pandas as pd

    t = team_scores(df)
    rows = []
    for (rules, player), g in t.groupby(["rules", "player"]):
        pen = mean_ci(g["bag_penalty"])
        rate = wilson(int((g["bag_penalty"] > 0).sum()), len(g))
        rows.append({"rules": rules, "player": player, "team_hands": len(g),
                     "bags_per_hand": g["bags_added"].mean(), "penalty_rate": rate.mean,
                     "penalty_per_hand": pen.mean, "low": pen.low, "high": pen.high,
                     "mean_hand_score": g["hand_score"].mean()})
    return pd.DataFrame(rows)


def plot_bag_penalties(df: Any, ax: Any = None) -> Any:
    """Bars of points lost to bag penalties per partnership-hand, by rule set and player."""
    ax = _axes(ax)
    t = bag_penalties(df)
    labels = [f"{r.rules}\n{r.player}" for r in t.itertuples()]
    x = range(len(t))
    ax.bar(x, t["penalty_per_hand"], yerr=error_bars(t["penalty_per_hand"], t["low"], t["high"]),
           capsize=3)
    ax.set_xticks(list(x))
    ax.set_xticklabels(labels, rotation=45, ha="right", fontsize=8)
    ax.set_ylabel("points lost to bag penalties per hand")
    ax.set_title("Bag penalties")
    return ax


# ---------------------------------------------------------------------------- the Ace


def ace_flip_summary(df: Any) -> Any:
    """Acorns rule sets: tricks per hand where an Ace ranked high (a face card was in the
    trick), and how many of those the flip decided (the winner would differ with the Ace low)."""
    import pandas as pd

    rows = []
    for rules, g in df.groupby(rule_label(df)):
        flips = mean_ci(g["ace_flips"])
        decided = mean_ci(g["ace_flip_decided"]) if "ace_flip_decided" in g else None
        rows.append({"rules": rules, "hands": len(g), "flips_per_hand": flips.mean,
                     "low": flips.low, "high": flips.high,
                     "decided_per_hand": decided.mean if decided else math.nan,
                     "decided_share": (g["ace_flip_decided"].sum() / g["ace_flips"].sum())
                     if decided and g["ace_flips"].sum() else math.nan})
    return pd.DataFrame(rows)


def ace_flip_costs(df: Any) -> Any:
    """Who a flip costs: tricks per hand each seat would have won had the Ace stayed low, by
    rule set and player type (``lost_per_hand``), next to the tricks such seats took."""
    import pandas as pd

    rules = rule_label(df)
    parts = []
    for s in _cols(df, r"ace_lost_(\d+)"):
        parts.append(pd.DataFrame({"rules": rules, "seat": s,
                                   "player": df[f"player_{s}"] if f"player_{s}" in df else "?",
                                   "lost": df[f"ace_lost_{s}"], "tricks": df[f"tricks_{s}"]}))
    if not parts:
        return pd.DataFrame(columns=["rules", "player", "seat_hands", "lost_per_hand"])
    long = pd.concat(parts, ignore_index=True)
    out = long.groupby(["rules", "player"]).agg(seat_hands=("lost", "size"),
                                               lost_per_hand=("lost", "mean"),
                                               tricks_per_hand=("tricks", "mean"))
    return out.reset_index()


def plot_ace_flips(df: Any, ax: Any = None) -> Any:
    """Bars: Ace flips per hand and flips that decided the trick, per rule set."""
    ax = _axes(ax)
    t = ace_flip_summary(df)
    x = list(range(len(t)))
    ax.bar([i - 0.2 for i in x], t["flips_per_hand"], width=0.4, label="Ace ranked high")
    ax.bar([i + 0.2 for i in x], t["decided_per_hand"], width=0.4, label="flip decided the trick")
    ax.set_xticks(x)
    ax.set_xticklabels(t["rules"], rotation=20, ha="right", fontsize=8)
    ax.set_ylabel("tricks per hand")
    ax.set_title("How often the Ace flips")
    ax.legend()
    return ax


# ---------------------------------------------------------------------------- Travelers/Hunters


def th_effect(df: Any) -> Any:
    """Compare rule sets with and without Travelers and Hunters (simulate both and concatenate):
    per rule set the Travelers/Hunters played, declared as a trump and winning per hand, the
    trick at which the superior trump was set, the bid-made rate and the mean and spread of
    partnership hand scores."""
    import pandas as pd

    t = team_scores(df)
    rows = []
    labels = rule_label(df)
    for rules, g in df.groupby(labels):
        tg = t[t["rules"] == rules]
        ci = mean_ci(tg["hand_score"])
        rows.append({"rules": rules, "hands": len(g),
                     "th_played": g["th_played"].mean() if "th_played" in g else 0.0,
                     "th_as_trump": g["th_as_trump"].mean() if "th_as_trump" in g else 0.0,
                     "th_won": g["th_won"].mean() if "th_won" in g else 0.0,
                     "superior_trick": (g["superior_trick"].astype(float) + 1).mean(),
                     "made_rate": tg["made"].mean(), "mean_score": ci.mean,
                     "low": ci.low, "high": ci.high, "score_std": tg["hand_score"].std()})
    return pd.DataFrame(rows)


def plot_th_effect(df: Any, ax: Any = None) -> Any:
    """Mean partnership hand score (95% interval) and bid-made rate per rule set: put rule
    sets with and without Travelers and Hunters side by side."""
    ax = _axes(ax)
    t = th_effect(df)
    x = list(range(len(t)))
    ax.bar(x, t["mean_score"], yerr=error_bars(t["mean_score"], t["low"], t["high"]), capsize=4,
           label="mean hand score")
    ax.set_xticks(x)
    ax.set_xticklabels(t["rules"], rotation=20, ha="right", fontsize=8)
    ax.set_ylabel("partnership hand score")
    ax2 = ax.twinx()
    ax2.plot(x, t["made_rate"], "o-", color="black", label="bid made rate")
    ax2.set_ylim(0, 1)
    ax2.set_ylabel("bid made rate")
    ax.set_title("Travelers and Hunters")
    return ax


__all__ = ["Interval", "mean_ci", "diff_ci", "wilson", "rule_label", "team_scores",
           "score_summary", "plot_score_distribution", "game_length_summary", "win_rates",
           "plot_game_lengths", "superior_trump_summary", "plot_superior_trick", "nils",
           "nil_success", "plot_nil_success", "bag_penalties", "plot_bag_penalties",
           "ace_flip_summary", "ace_flip_costs", "plot_ace_flips", "th_effect",
           "plot_th_effect", "error_bars", "SimSummary", "sums_ci", "NIL_KEYS"]
