"""pandas DataFrames of a hand's trick log, a game's hand-by-hand scores and bags, and a rule
comparison.  pandas is imported only inside these functions (``import spades_lab`` never loads
it).

>>> import random
>>> from spades_lab import Game
>>> from spades_lab.play.players import SimplePlayer, play_hand
>>> g = Game("standard"); play_hand(g, [SimplePlayer()] * 4, random.Random(1))
>>> df = trick_log(g.hands[0])
>>> len(df), list(df.columns)[:5]
(52, ['trick', 'order', 'seat', 'name', 'card'])
>>> int(scores_table(g)["hand_score"].sum()) == sum(g.totals)
True
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.engine import Game, Hand
from ..core.rules import team_name
from .explain import explain_trick

if TYPE_CHECKING:
    import pandas as pd

    from .compare import RuleComparison
    from .whatif import WhatIfResult


def trick_log(hand: Hand) -> pd.DataFrame:
    """One row per card played: trick, order in the trick, seat, card, suit played as, roles,
    the seat winning after it and why, whether it is the trick's winning card."""
    import pandas as pd

    rows: list[dict[str, Any]] = []
    k = len(hand.tricks) + (1 if hand.trick else 0)
    for i in range(k):
        t = explain_trick(hand, i)
        for s in t.steps:
            rows.append({"trick": i, "order": s.index, "seat": s.seat,
                         "name": hand.seat_name(s.seat), "card": s.card,
                         "played_as": s.played_as, "roles": ", ".join(s.roles),
                         "winning_seat": s.winning_seat, "winning_reason": s.winning_reason,
                         "lead_changed": s.lead_changed, "ace_high": s.ace_high,
                         "superior": s.superior,
                         "won_trick": t.complete and s.seat == t.winner,
                         "trick_winner": t.winner if t.complete else None,
                         "trick_reason": t.reason})
    cols = ["trick", "order", "seat", "name", "card", "played_as", "roles", "winning_seat",
            "winning_reason", "lead_changed", "ace_high", "superior", "won_trick",
            "trick_winner", "trick_reason"]
    return pd.DataFrame(rows, columns=cols)


def scores_table(game: Game) -> pd.DataFrame:
    """One row per complete hand and partnership: bid, tricks counted, made, points, nils'
    points, bags added, penalty, hand score, running total and bag count."""
    import pandas as pd

    n = game.rules.players
    rows = []
    for h in game.hands:
        for ts in h.scores or ():
            rows.append({"hand": h.index, "team": ts.team, "name": team_name(ts.seats, n),
                         "bid": ts.bid, "counted": ts.tricks, "made": ts.made,
                         "points": ts.points, "nil_points": sum(x.points for x in ts.nils),
                         "bags_added": ts.bags_added, "bag_penalty": ts.bag_penalty,
                         "hand_score": ts.hand_score, "total": ts.total, "bags": ts.bags})
    cols = ["hand", "team", "name", "bid", "counted", "made", "points", "nil_points",
            "bags_added", "bag_penalty", "hand_score", "total", "bags"]
    return pd.DataFrame(rows, columns=cols)


def line_items(game: Game) -> pd.DataFrame:
    """Every score line item of every complete hand (rule, seat, points, bags, option)."""
    import pandas as pd

    rows = []
    for h in game.hands:
        for ts in h.scores or ():
            for it in ts.items:
                rows.append({"hand": h.index, "team": ts.team, "rule": it.rule, "seat": it.seat,
                             "points": it.points, "bags": it.bags, "option": it.option,
                             "text": it.text})
    return pd.DataFrame(rows, columns=["hand", "team", "rule", "seat", "points", "bags",
                                       "option", "text"])


def comparison_table(c: RuleComparison) -> pd.DataFrame:
    """The side-by-side of :func:`spades_lab.teach.compare.compare_rules`: one row per line item
    (hand, team, rule, seat) with points under A and B and the difference, plus a
    ``hand-score`` row per team."""
    import pandas as pd

    rows = []
    for h in c.hands:
        for t in h.teams:
            for r in t.rows:
                pa, pb = r.points
                rows.append({"hand": h.hand, "team": t.team, "rule": r.rule, "seat": r.seat,
                             "a": pa, "b": pb,
                             "change": None if pa is None or pb is None else pb - pa,
                             "text_a": r.a.text if r.a else None,
                             "text_b": r.b.text if r.b else None})
            a, b = t.hand_score
            rows.append({"hand": h.hand, "team": t.team, "rule": "hand-score", "seat": None,
                         "a": a, "b": b,
                         "change": None if a is None or b is None else b - a,
                         "text_a": None, "text_b": None})
    return pd.DataFrame(rows, columns=["hand", "team", "rule", "seat", "a", "b", "change",
                                       "text_a", "text_b"])


def whatif_table(w: WhatIfResult) -> pd.DataFrame:
    """Per hand and partnership: hand score, total and bags, original vs branch."""
    import pandas as pd

    rows = []
    for d in w.diff:
        for t in d.teams:
            rows.append({"hand": d.hand, "team": t.team, "name": t.name,
                         "hand_score_original": t.hand_score[0],
                         "hand_score_branch": t.hand_score[1],
                         "total_original": t.total[0], "total_branch": t.total[1],
                         "bags_original": t.bags[0], "bags_branch": t.bags[1]})
    return pd.DataFrame(rows)


__all__ = ["trick_log", "scores_table", "line_items", "comparison_table", "whatif_table"]
