"""Matplotlib pictures of a hand (imported lazily: ``import spades_lab`` never loads matplotlib).

Each function takes ``ax=None`` (a new figure when None) and returns the Axes, so pictures can
be combined and tested.  The facts come from :mod:`spades_lab.teach.explain` and the engine.

>>> import matplotlib
>>> matplotlib.use("Agg")
>>> from spades_lab.core.records import replay
>>> g = replay("data/scenarios/demo_acorns_th.json").game
>>> ax = trump_timeline_plot(g.hands[0])
>>> ax.get_title()
'Hand 1: trumps (Acorns superior from trick 15)'
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.cards import SUITS
from ..core.rules import team_name
from ..teach.explain import trump_timeline
from .html import COLOURS

if TYPE_CHECKING:
    from ..core.engine import Game, Hand


#: Projector mode (``projector=True``): text at least 11 pt (15 px at 100 dpi), the legend under
#: the picture, the figure at most 10.24 x 7.68 inches (1024x768 px at 100 dpi).
PROJECTOR_PT = 13


def _axes(ax: Any, size: tuple[float, float]) -> Any:
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    _, ax = plt.subplots(figsize=size)
    return ax


def _projector_text(ax: Any) -> None:
    """Every text of ``ax`` (title, axis labels, tick labels) at the projector's size."""
    ax.title.set_fontsize(PROJECTOR_PT + 2)
    ax.xaxis.label.set_fontsize(PROJECTOR_PT)
    ax.yaxis.label.set_fontsize(PROJECTOR_PT)
    ax.tick_params(labelsize=PROJECTOR_PT)


def trump_timeline_plot(hand: Hand, ax: Any = None, *, projector: bool = False) -> Any:
    """The hand's tricks left to right, one lane per trump: a dot per card played as that
    trump, a star where it was broken, the superior trump's lane shaded from the trick that set
    it, and a frame round each trick the superiority decided.  ``projector=True``: large text,
    the legend under the picture (:data:`PROJECTOR_PT`)."""
    from matplotlib.patches import Rectangle

    rules = hand.rules
    tl = trump_timeline(hand)
    ax = _axes(ax, (10, 2.6 + 0.9 * len(rules.trumps)) if projector else
               (10, 1.2 + 0.7 * len(rules.trumps)))
    total = rules.hand_size
    plays = [t.plays for t in hand.tricks] + ([tuple(hand.trick)] if hand.trick else [])
    for lane, t in enumerate(rules.trumps):
        colour = COLOURS[SUITS[t].colour]
        if tl.superior == t and tl.superior_set_at is not None and rules.superior_by_first_break:
            k0 = tl.superior_set_at[0]
            ax.add_patch(Rectangle((k0 + 0.5, lane - 0.4), total - k0, 0.8, color="#ffe082",
                                   alpha=0.6, zorder=0))
        xs, ys = [], []
        for k, trick in enumerate(plays):
            n = sum(1 for _, p in trick if p.suit == t)
            for j in range(n):
                xs.append(k + 1)
                ys.append(lane - 0.2 + 0.13 * j)
        ax.scatter(xs, ys, s=18, color=colour, marker="o", zorder=2,
                   label=f"played as {SUITS[t].name}")
        for b in tl.breaks:
            if b.suit == t:
                ax.scatter([b.trick + 1], [lane + 0.25], s=120, marker="*", color="#d84315",
                           zorder=3)
    for d in tl.decided:
        ax.add_patch(Rectangle((d.trick + 0.55, -0.45), 0.9, len(rules.trumps) - 0.1,
                               fill=False, edgecolor="#6a1b9a", linewidth=1.5, zorder=1))
    ax.set_yticks(range(len(rules.trumps)), [SUITS[t].name for t in rules.trumps])
    ax.set_xlim(0.5, total + 0.5)
    ax.set_ylim(-0.6, len(rules.trumps) - 0.4)
    ax.set_xlabel("trick")
    title = f"Hand {hand.index + 1}: trumps"
    if tl.superior and rules.superior_by_first_break and tl.superior_set_at is not None:
        title += (f" ({SUITS[tl.superior].name} superior from trick "
                  f"{tl.superior_set_at[0] + 1})")
    ax.set_title(title)
    _timeline_legend(ax, rules.superior_by_first_break, projector)
    if projector:
        _projector_text(ax)
    return ax


def _timeline_legend(ax: Any, acorns: bool, projector: bool = False) -> None:
    """Name every mark of the trump timeline (dots, stars, shading, frames) in a legend."""
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    handles: list[Any] = [Line2D([], [], marker="o", linestyle="", color="#555555", markersize=5,
                      label="a card played as this trump"),
               Line2D([], [], marker="*", linestyle="", color="#d84315", markersize=11,
                      label="the trick that broke this trump")]
    if acorns:
        handles.append(Patch(facecolor="#ffe082", alpha=0.6,
                             label="the superior trump, from the trick that set it"))
        handles.append(Patch(fill=False, edgecolor="#6a1b9a", linewidth=1.5,
                             label="a trick the superior trump decided"))
    if projector:  # under the picture, two columns, large
        ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, -0.3), ncol=2,
                  fontsize=PROJECTOR_PT, frameon=False, title="marks",
                  title_fontsize=PROJECTOR_PT)
        return
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize="small",
              frameon=False, title="marks")


def score_progress_plot(game: Game, ax: Any = None, *, projector: bool = False) -> Any:
    """Each partnership's running total after every complete hand (starting totals first);
    ``projector=True``: large text (:data:`PROJECTOR_PT`)."""
    ax = _axes(ax, (9, 6) if projector else (6, 3.5))
    rules = game.rules
    done = [h for h in game.hands if h.scores]
    for t, seats in enumerate(rules.team_seats):
        ys = [game.start_scores[t]] + [h.scores[t].total for h in done]  # type: ignore[index]
        ax.plot(range(len(ys)), ys, marker="o", label=team_name(seats, rules.players))
    ax.axhline(rules.target, color="#999", linestyle="--", linewidth=1, label="target")
    ax.set_xlabel("hands played")
    ax.set_ylabel("total")
    ax.legend(fontsize=PROJECTOR_PT if projector else 8)
    if projector:
        _projector_text(ax)
    return ax


__all__ = ["trump_timeline_plot", "score_progress_plot", "PROJECTOR_PT"]
