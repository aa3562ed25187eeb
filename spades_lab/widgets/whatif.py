"""The what-if: a thin ipywidgets view of :class:`spades_lab.table.WhatIfModel`."""
from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as W

from .. import render
from ..core.cards import card_words as the_card
from ..core.errors import Rule, RuleError
from ..table import (
    Choice,
    TableModel,
    WhatIfModel,
    card_words,
)
from .common import (
    RecordSource,
    button,
    html_box,
    no_null_tooltips,
    projector_toggle,
    safe,
    style_box,
)


class WhatIf(W.VBox):
    """Pick a point in the hand, pick another card (illegal ones are greyed; clicking one
    shows why), see the hand re-played and the difference."""

    def __init__(self, source: RecordSource | TableModel, hand: int = 0, *,
                 projector: bool = False) -> None:
        self.message = html_box("sl-message")
        # a labelled number box, as the table's "Step": a slider's handle has no accessible
        # name in ipywidgets
        self.point_slider = W.BoundedIntText(value=0, min=0, max=0, description="Cards played",
                                             continuous_update=False,
                                             layout=W.Layout(width="14em"),
                                             style={"description_width": "initial"})
        self.point_slider.add_class("sl-whatif-point")
        self.position_html = html_box("sl-whatif-position")
        self.choices_box = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.choices_box.add_class("sl-whatif-choices")
        self.result_html = html_box("sl-whatif-result")
        self.buttons: list[W.Button] = []
        self.model: WhatIfModel | None = None
        super().__init__([style_box(), self.message, self.point_slider, self.position_html,
                          self.choices_box, self.result_html])
        no_null_tooltips(self)
        self.add_class("sl-whatif")
        self.projector_toggle = projector_toggle(self, projector)
        table = source if isinstance(source, TableModel) else TableModel.from_record(source, hand)
        if not table.ok:
            self.message.value = render.error_html(table.error or "", table.error_rule)
            return
        self.model = model = WhatIfModel(table)
        if not model.points:
            self.message.value = render.error_html("This hand has no card play to change.")
            return
        self.point_slider.max = len(model.points) - 1
        self.point_slider.observe(safe(self._on_point, self.message), names="value")
        self._show_point()

    def _on_point(self, change: dict[str, Any]) -> None:
        assert self.model is not None
        self.model.set_point(self.model.points[change["new"]])
        self._show_point()

    def _show_point(self) -> None:
        m = self.model
        assert m is not None
        g = m.game
        h = g.hands[m.table.hand_index]
        rec = m.recorded
        played = (f" The record has {g.seat_name(rec.seat)} play "
                  f"{the_card(rec.play, verb=True)}." if rec else "")
        self.position_html.value = (
            f'<div class="sl-status">Trick {len(h.tricks) + 1}: '
            f'{escape(g.seat_name(m.seat) if m.seat is not None else "")} to play.'
            f'{escape(played)} Pick another card:</div>'
            + render.trick_html(list(h.trick), g.rules.players))
        self.buttons = []
        self._labels: dict[str, str] = {}
        for ch in m.choices():
            b = button(card_words(ch.play), "sl-choice", card_words(ch.play) + (
                "" if ch.ok else " (not allowed here)"))
            self._labels[b.model_id] = ch.label
            b.add_class("sl-legal" if ch.ok else "sl-illegal")
            for s in ch.play.card.suits:
                b.add_class(f"sl-suit-{s}")
            if rec is not None and ch.play is rec.play:
                b.add_class("sl-recorded")
            b.on_click(safe(self._clicker(ch), self.message))
            self.buttons.append(b)
        self.choices_box.children = tuple(self.buttons)
        self.result_html.value = ""

    def _clicker(self, choice: Choice) -> Callable[[Any], None]:
        return lambda _: self.choose(choice)

    def choose(self, choice: Choice) -> None:
        m = self.model
        assert m is not None
        if not m.try_play(choice):
            self.result_html.value = render.message_html(
                f"The {card_words(choice.play)} may not be played here: {m.message}",
                choice.rule)
            return
        assert m.result is not None
        _, b = m.result
        assert b.game is not None
        n = m.table.rules.players
        h = b.game.hands[m.table.hand_index]
        self.result_html.value = (
            f'<div class="sl-diff"><b>If {escape(m.game.seat_name(m.seat or 0))} plays '
            f'the {escape(card_words(choice.play))}:</b><ul>'
            + "".join(f"<li>{render.text_html(x)}</li>" for x in m.difference())
            + "</ul></div>"
            + (render.score_html(h.scores, n) if h.scores else ""))

    def choose_label(self, label: str) -> None:
        """Click the choice button labelled ``label``: the card in words (``"Queen of
        Hearts"``) or its record code (``"QH"``, ``"TPS as S"``)."""
        for b in self.buttons:
            if label in (b.description, self._labels.get(b.model_id)):
                b.click()
                return
        raise RuleError(Rule.UNKNOWN_CARD, f"No choice {label!r} here.")


__all__ = ["WhatIf"]
