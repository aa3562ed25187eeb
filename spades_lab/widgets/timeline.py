"""The trump timeline and the score explainer: ipywidgets over
:func:`spades_lab.teach.explain.trump_timeline` and
:func:`~spades_lab.teach.explain.explain_score`."""
from __future__ import annotations

from html import escape

import ipywidgets as W

from .. import render
from ..core.cards import SUITS
from ..table import (
    load_game,
)
from ..teach.explain import explain_score, trump_timeline
from .common import RecordSource, html_box, no_null_tooltips, projector_toggle, safe, style_box
from .replay import TableApp


class TrumpTimelineView(W.VBox):
    """For the Acorns rule sets: the hand's tricks, when each trump was broken, which became
    superior, and the tricks the superiority decided."""

    def __init__(self, source: RecordSource | TableApp, hand: int = 0, *,
                 projector: bool = False) -> None:
        self.message = html_box("sl-message")
        self.picture = html_box("sl-timeline-box")
        self.now_html = html_box("sl-timeline-now")
        super().__init__([style_box(), self.message, self.now_html, self.picture])
        no_null_tooltips(self)
        self.add_class("sl-trump-timeline")
        self.projector_toggle = projector_toggle(self, projector)
        if isinstance(source, TableApp):
            # follow the table: the picture shows the hand as far as the table has stepped
            self.table: TableApp | None = source
            source.slider.observe(safe(lambda _: self.follow(), self.message), names="value")
            self.follow()
            return
        self.table = None
        game, err, rule = load_game(source)
        if game is None:
            self.message.value = render.error_html(err or "", rule)
            return
        if not 0 <= hand < len(game.hands):
            self.message.value = render.error_html(f"The record has no hand {hand + 1}.")
            return
        h = game.hands[hand]
        if not game.rules.two_trumps:
            self.message.value = render.error_html(
                f"{game.rules.name} has one trump (Spades): the timeline is for the Acorns "
                "rule sets.")
        tricks = [t.plays for t in h.tricks] + ([tuple(h.trick)] if h.trick else [])
        self.picture.value = render.trump_timeline_svg(trump_timeline(h), tricks,
                                                       h.rules.hand_size)

    def follow(self) -> None:
        """Redraw for the table's current step: tricks so far, the breaks and the superior
        trump as they stand, and in words where the table is."""
        t = self.table
        if t is None or not t.model.ok:
            return
        h = t.model.hand
        tricks = [tr.plays for tr in h.tricks] + ([tuple(h.trick)] if h.trick else [])
        self.picture.value = render.trump_timeline_svg(trump_timeline(h), tricks,
                                                       h.rules.hand_size)
        k = len(h.tricks) + (1 if h.trick else 0)
        sup = f" {SUITS[h.superior].name} are the superior trump (set in trick " \
            f"{h.superior_at[0] + 1})." if h.superior and h.superior_at else ""
        self.now_html.value = (f'<div class="sl-timeline-step">The table is at trick {k} of '
                               f'{h.rules.hand_size}.{escape(sup)}</div>' if k else
                               '<div class="sl-timeline-step">No card played yet.</div>')



# ---------------------------------------------------------------------------- score explainer


class ScoreExplainer(W.VBox):
    """Each partnership's line items in words and numbers, running totals and bags after every
    hand, and the table options in force."""

    def __init__(self, source: RecordSource, *, projector: bool = False) -> None:
        self.message = html_box("sl-message")
        self.hand_select = W.Dropdown(description="Hand", options=[], layout=W.Layout(
            width="10em"))
        self.hand_select.add_class("sl-hand-select")
        self.lines_html = html_box("sl-score-lines")
        self.totals_html = html_box("sl-score-totals")
        self.options_html = html_box("sl-score-options")
        super().__init__([style_box(), self.message, self.hand_select, self.lines_html,
                          self.totals_html, self.options_html])
        no_null_tooltips(self)
        self.add_class("sl-score-explainer")
        self.projector_toggle = projector_toggle(self, projector)
        game, err, rule = load_game(source)
        if game is None:
            self.message.value = render.error_html(err or "", rule)
            return
        self.game = game
        done = [h.index for h in game.hands if h.complete]
        if not done:
            self.message.value = render.error_html("No hand of this record is complete yet: "
                                                   "there is no score to explain.")
            return
        self.hand_select.options = [(str(i + 1), i) for i in done]
        self.hand_select.observe(safe(lambda ch: self.show(ch["new"]), self.message),
                                 names="value")
        self.totals_html.value = "<b>Running totals</b>" + render.running_totals_html(game)
        self.options_html.value = render.options_html(game.rules)
        self.hand_select.value = done[-1]
        self.show(done[-1])

    def show(self, index: int) -> None:
        h = self.game.hands[index]
        ex = explain_score(h)
        assert h.scores is not None
        nil_words = next(x for x in render.option_words(self.game.rules)
                         if x.startswith("After a failed nil"))
        self.lines_html.value = (f"<b>Hand {index + 1}</b>"
                                 + render.score_html(h.scores, self.game.rules.players)
                                 + f'<div class="sl-score-outcome">{escape(ex.outcome)}.'
                                 f' {escape(nil_words)}</div>')


__all__ = ["TrumpTimelineView", "ScoreExplainer"]
