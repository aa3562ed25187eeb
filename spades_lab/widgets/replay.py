"""The replay table: a thin ipywidgets view of :class:`spades_lab.table.TableModel` (a cursor
on a hand's line of positions), drawn by :func:`spades_lab.render.table_html`."""
from __future__ import annotations

import asyncio
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as W

from .. import render
from .._jupyter import served
from ..core.cards import Card
from ..table import (
    TableModel,
    load_game,
    score_lines,
)
from .common import (
    RecordSource,
    bounded,
    button,
    html_box,
    no_null_tooltips,
    projector_toggle,
    safe,
    style_box,
)
from .play import PlayTable


class TableApp(W.VBox):
    """The table: seats around it with their hands (face up or down as the chosen seat may see),
    the trick in the middle, taken/bid under each player, the trumps' state, whose turn it is;
    first / previous / next / last card, previous / next trick, a slider over the hand,
    auto-play, and the explanation of the current card and trick.

    >>> app = TableApp("data/scenarios/demo_acorns_th.json")
    >>> app.next_button.click(); app.model.position
    1
    >>> "sl-table" in app.table_html.value
    True
    """

    def __init__(self, source: RecordSource | None = None, *, hand: int = 0,
                 view_seat: int | None = None, loader: bool = False,
                 projector: bool = False) -> None:
        """``loader=True`` adds a box to load a record by its path, in a notebook of your own;
        a served page never has one (the box is not built at all)."""
        self.model = TableModel()
        self.message = html_box("sl-message")
        self.title = html_box("sl-title")
        self.status_html = html_box("sl-status-box")
        self.trumps_html = html_box("sl-trumps-box")
        self.table_html = html_box("sl-table-box")
        self.explanation_html = html_box("sl-explanation-box")
        self.seat_select = W.Dropdown(description="View", options=[("everyone (teacher)", -1)],
                                      value=-1, layout=W.Layout(width="16em"))
        self.seat_select.add_class("sl-seat-select")
        self.hand_select = W.Dropdown(description="Hand", options=[("1", 0)], value=0,
                                      layout=W.Layout(width="10em"))
        self.hand_select.add_class("sl-hand-select")
        self.first_button = button("|◀ first", "sl-first", "first step of the hand")
        self.prev_button = button("◀ card", "sl-prev", "previous card")
        self.next_button = button("card ▶", "sl-next", "next card")
        self.last_button = button("last ▶|", "sl-last-button", "end of the hand")
        self.prev_trick_button = button("◀◀ trick", "sl-prev-trick", "previous trick")
        self.next_trick_button = button("trick ▶▶", "sl-next-trick", "next trick")
        # A labelled number box (a slider's handle has no accessible name in ipywidgets) and
        # an auto-play toggle named in words, stepping on the kernel's event loop.
        self.slider = W.BoundedIntText(value=0, min=0, max=0, description="Step",
                                       continuous_update=False, layout=W.Layout(width="12em"))
        self.slider.add_class("sl-slider")
        self.player = W.ToggleButton(value=False, description="auto-play ▶",
                                     tooltip="step through the hand by itself")
        self.player.add_class("sl-autoplay")
        self.player.add_class("sl-button")
        self._auto: asyncio.TimerHandle | None = None
        self.auto_interval = 0.9
        # a box naming a file on the server: built only where it is shown, never when served
        self.path_text: W.Text | None = None
        self.load_button: W.Button | None = None
        if loader and not served():
            self.path_text = W.Text(placeholder="path to a game record (.json)",
                                    layout=W.Layout(width="24em"))
            self.path_text.add_class("sl-path")
            self.load_button = button("load", "sl-load", "load a game record")
        controls = W.HBox([self.first_button, self.prev_button, self.next_button,
                           self.last_button, self.prev_trick_button, self.next_trick_button])
        controls.add_class("sl-controls")
        steps = W.HBox([self.player, self.slider])
        steps.add_class("sl-steps")
        top = W.HBox([self.seat_select, self.hand_select])
        top.add_class("sl-top")
        rows: list[W.Widget] = [style_box(), self.title, top]
        if self.path_text is not None and self.load_button is not None:
            box = W.HBox([self.path_text, self.load_button])
            box.add_class("sl-loader")
            rows.append(box)
        self.play_here_button = button("Play on from this trick", "sl-play-here",
                                        "play the rest of the hand yourself against bots")
        # the best-play view: what each card the player to move may play keeps or gives away
        self.best_toggle = W.ToggleButton(
            value=False, description="Best play",
            tooltip="with every hand visible: what each card the player to move may play "
                    "keeps or gives away")
        self.best_toggle.add_class("sl-best-play-toggle")
        self.best_toggle.add_class("sl-button")
        self.best_html = html_box("sl-best-play-box")
        self.play_box = W.VBox()
        self.play_box.add_class("sl-play-here-box")
        self.play_table: PlayTable | None = None
        rows += [self.message, self.status_html, self.trumps_html, self.table_html, controls,
                 steps, self.explanation_html, self.best_html,
                 W.HBox([self.best_toggle, self.play_here_button]), self.play_box]
        super().__init__(rows)
        no_null_tooltips(self)
        self.add_class("sl-table-app")
        self.projector_toggle = projector_toggle(self, projector, at=2)
        self._busy = False
        m = self.message
        self.first_button.on_click(safe(lambda _: self._go(self.model.first), m))
        self.prev_button.on_click(safe(lambda _: self._go(lambda: self.model.step(-1)), m))
        self.next_button.on_click(safe(lambda _: self._go(lambda: self.model.step(1)), m))
        self.last_button.on_click(safe(lambda _: self._go(self.model.end), m))
        self.prev_trick_button.on_click(safe(lambda _: self._go(self.model.prev_trick), m))
        self.next_trick_button.on_click(safe(lambda _: self._go(self.model.next_trick), m))
        self.slider.observe(safe(self._on_slider, m), names="value")
        self.seat_select.observe(safe(self._on_seat, m), names="value")
        self.hand_select.observe(safe(self._on_hand, m), names="value")
        if self.load_button is not None:
            self.load_button.on_click(safe(lambda _: self._load_typed(), m))
        self.play_here_button.on_click(safe(lambda _: self.play_here(), m))
        self.player.observe(safe(self._on_auto, m), names="value")
        self.best_toggle.observe(safe(lambda _: self.refresh(), m), names="value")
        if source is not None:
            self.load(source, hand=hand, view_seat=view_seat)
        else:
            self.refresh()

    # ------------------------------------------------------------------ loading
    def _load_typed(self) -> None:
        """The load button: the path typed in the box (bounded in length)."""
        assert self.path_text is not None
        self.load(bounded(self.path_text.value, "A path to a record"))

    def load(self, source: RecordSource, hand: int = 0, view_seat: int | None = None) -> bool:
        """Load a record (path, JSON text, dict) or a Game; a bad one becomes a message."""
        game, err, rule = load_game(source)
        if game is None:
            self.message.value = render.error_html(err or "Cannot load the record.", rule)
            return False
        self.game = game
        n = game.rules.players
        self._busy = True
        try:
            self.seat_select.options = [("everyone (teacher)", -1)] + [
                (game.seat_name(s), s) for s in range(n)]
            self.seat_select.value = -1 if view_seat is None else view_seat
            self.hand_select.options = [(str(i + 1), i) for i in range(len(game.hands))] or \
                [("1", 0)]
            self.hand_select.value = hand if hand < len(game.hands) else 0
        finally:
            self._busy = False
        self._set_model(TableModel(game, self.hand_select.value, view_seat=view_seat))
        self.message.value = ""
        return True

    def _set_model(self, model: TableModel) -> None:
        self.model = model
        if not model.ok:
            self.message.value = render.error_html(model.error or "No hand.", model.error_rule)
        self._busy = True
        try:
            self.slider.max = model.last
            self.slider.value = model.position
        finally:
            self._busy = False
        self.title.value = (f'<div class="sl-title-text"><b>'
                            f'{escape(render.rules_title(model.rules))}</b> '
                            f'({escape(model.rules.deck.label)}), hand '
                            f'{model.hand_index + 1}</div>') if model.ok else ""
        self.refresh()

    # ------------------------------------------------------------------ stepping
    def _go(self, move: Callable[[], int]) -> None:
        if not self.model.ok:
            return
        move()
        self._busy = True
        try:
            self.slider.value = self.model.position
        finally:
            self._busy = False
        self.refresh()

    def play_here(self, *, pace: float = 0.4) -> PlayTable:
        """Open play mode below the table at the start of the trick shown (the seat viewed,
        or else the seat to play, is yours; bots play the others)."""
        m = self.model
        h = m.hand
        seat = m.view_seat
        if seat is None:
            seat = h.turn if h.turn is not None else 0
        model = m.play_on(seat=seat, pace=pace)  # a branch of the hand's line
        self.play_table = PlayTable(model.rules.name, seat=model.seat, pace=pace, model=model)
        self.play_box.children = (self.play_table,)
        return self.play_table

    def _on_auto(self, change: dict[str, Any]) -> None:
        self.player.description = "stop auto-play ■" if change["new"] else "auto-play ▶"
        if self._auto is not None:
            self._auto.cancel()
            self._auto = None
        if change["new"]:
            self._auto_tick(first=True)

    def _auto_tick(self, first: bool = False) -> None:
        self._auto = None
        if not self.player.value or not self.model.ok:
            return
        if not first:
            if self.model.position >= self.model.last:
                self.player.value = False
                return
            self._go(lambda: self.model.step(1))
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop (a script): nothing to schedule on
            return
        self._auto = loop.call_later(self.auto_interval, self._auto_tick)

    def _on_slider(self, change: dict[str, Any]) -> None:
        if self._busy or not self.model.ok:
            return
        self.model.go(change["new"])
        self.refresh()

    def _on_seat(self, change: dict[str, Any]) -> None:
        if self._busy:
            return
        v = change["new"]
        self.model.view_seat = None if v == -1 else v
        self.refresh()

    def _on_hand(self, change: dict[str, Any]) -> None:
        if self._busy:
            return
        view = self.model.view_seat
        self._set_model(TableModel(self.game, change["new"], view_seat=view))

    def refresh(self) -> None:
        """Redraw every part from the model."""
        m = self.model
        if not m.ok:
            self.status_html.value = ""
            self.trumps_html.value = ""
            self.table_html.value = ""
            self.explanation_html.value = ""
            self.best_html.value = ""
            return
        h = m.hand
        self.trumps_html.value = render.trumps_html(h)
        v = m.trick_view()
        badges = self._draw_best_play()
        html = render.table_html(
            h, face_up=m.face_up(), names=m.source.players if m.source else None,
            trick=v.plays if v.winner is not None else None, winner=v.winner,
            trick_caption=v.caption, badges=badges)
        self.table_html.value = html
        lines = m.explanation()
        if h.complete and m.position == m.last:
            lines += score_lines(h)  # the end of the hand: how it scored
        self.explanation_html.value = render.explanation_text_html(lines, "What just happened")
        at_start, at_end = m.position == 0, m.position == m.last
        self.first_button.disabled = self.prev_button.disabled = at_start
        self.prev_trick_button.disabled = at_start
        self.next_button.disabled = self.last_button.disabled = at_end
        self.next_trick_button.disabled = at_end
        # the status line last: a page that waits for it finds every other part drawn
        self.status_html.value = f'<div class="sl-status">{escape(m.status())}</div>'


    def _draw_best_play(self) -> dict[Card, str] | None:
        """The best-play panel when the toggle is on (the solver's verdict on the position,
        within its budget), and the badges for the cards of the seat to play."""
        if not self.best_toggle.value:
            self.best_html.value = ""
            return None
        view, why = self.model.best_play_view()
        if view is None:
            self.best_html.value = (f'<div class="sl-best-play sl-best-play-unknown" '
                                    f'role="status"><b>Best play</b><div class="'
                                    f'sl-best-play-text">{render.text_html(why)}</div></div>')
            return None
        self.best_html.value = render.best_play_html(view, self.model.best_play_note(view))
        return render.best_play_badges(view) or None


__all__ = ["TableApp"]
