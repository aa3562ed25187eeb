"""ipywidgets for the table and its companions.  Each widget is a thin layer over a model in
:mod:`spades_lab.widgets.models`: it maps the model to HTML and buttons, nothing more.

Every part has a stable CSS class beginning ``sl-`` (README, "CSS classes").  A widget never
shows a traceback: bad input becomes a message (``sl-error``).

Served to a class (``spades-lab serve`` marks its kernels: :func:`spades_lab._jupyter.served`),
the widgets name no file on the server: no path box is built at all (not even hidden), the play
table's record is a download in the browser, and an error's details go to the server's log only;
the page gets a sentence.
"""
from __future__ import annotations

import asyncio
import base64
import re
import sys
import traceback
from collections.abc import Callable, Sequence
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as W
from IPython import get_ipython

from .. import render
from .._jupyter import served
from ..core.cards import SUITS, Card, Play, parse_card
from ..core.engine import Game
from ..core.errors import RuleError
from ..core.rules import ONLINE_TARGETS, PRESETS, RuleSet, parse_option, seat_name
from ..teach.explain import explain_score, trump_timeline
from ..teach.quiz import QuizQuestion, make_quiz
from .models import (
    Choice,
    QuizModel,
    RuleExplorerModel,
    TableModel,
    WhatIfModel,
    load_game,
)
from .playmodel import PlayModel, card_words, plain, score_lines

RecordSource = str | Path | dict[str, Any] | Game


def _html(cls: str, value: str = "") -> W.HTML:
    w = W.HTML(value=value)
    w.add_class(cls)
    return w


def _button(description: str, cls: str, tooltip: str = "", icon: str = "") -> W.Button:
    b = W.Button(description=description, tooltip=tooltip or description, icon=icon,
                 layout=W.Layout(width="auto"))
    b.add_class(cls)
    b.add_class("sl-button")
    return b


#: The longest text a box of a widget takes (a path, a list of options): longer is refused
#: with a sentence before anything reads it.
MAX_TEXT = 400


def _server_log(text: str) -> None:
    """``text`` to the server's log (the terminal the server runs in), never to the page: in a
    kernel, ``sys.stderr`` and even file descriptor 2 are forwarded to the page, and
    ipykernel keeps the real one aside (``_original_stdstream_copy``)."""
    fd = getattr(sys.stderr, "_original_stdstream_copy", None)
    if isinstance(fd, int):
        with open(fd, "w", encoding="utf-8", closefd=False) as out:
            out.write(text)
    elif sys.__stderr__ is not None:
        sys.__stderr__.write(text)
        sys.__stderr__.flush()


def _log_server_side() -> None:
    """The exception being handled, with its traceback, to the server's log only."""
    _server_log(traceback.format_exc())


def keep_tracebacks_on_the_server() -> bool:
    """In a served kernel: a widget message the kernel refuses before any of our handlers runs
    (a value of the wrong type for its trait, an option a menu does not have) makes ipywidgets
    show a traceback, which IPython sends to the page with the server's paths in it.  Send
    every traceback of this kernel to the server's log instead.  Done once, on importing the
    widgets when :func:`spades_lab._jupyter.served`; True when installed (False outside a
    kernel)."""
    shell = get_ipython()
    if shell is None or not hasattr(shell, "_showtraceback"):
        return False

    def to_the_log(etype: Any, evalue: Any, stb: list[str]) -> None:
        _server_log("\n".join(stb) + "\n")

    shell._showtraceback = to_the_log
    return True


def _went_wrong(e: Exception) -> str:
    """What a page says about an unexpected error: served, a sentence without the error's text
    (it may name the server's files); in the teacher's own notebook, the error's text too."""
    _log_server_side()
    if served():
        return ("Something went wrong on the server, so that did not happen. Try again, or "
                "reload the page.")
    return f"Something went wrong: {e}"


def _bounded(text: str, what: str, rule: str = "bad-record") -> str:
    """``text`` stripped, or a :class:`RuleError` (``rule``) saying it is too long.

    >>> _bounded("  a.json ", "A file name")
    'a.json'
    >>> _bounded("x" * 401, "A file name")
    Traceback (most recent call last):
    ...
    spades_lab.core.errors.RuleError: A file name is at most 400 characters long.
    """
    if len(text) > MAX_TEXT:
        raise RuleError(rule, f"{what} is at most {MAX_TEXT} characters long.")
    return text.strip()


def _safe(fn: Callable[..., Any], message: W.HTML) -> Callable[..., Any]:
    """Wrap a handler: any error becomes a message in the widget, never a traceback (the
    details of an unexpected one go to the server's log)."""
    def handler(*args: Any) -> None:
        try:
            message.value = ""
            fn(*args)
        except RuleError as e:
            message.value = render.error_html(e.message, e.rule)
        except Exception as e:  # noqa: BLE001 - shown to the student instead of a traceback
            message.value = render.error_html(_went_wrong(e))
    return handler


def _style() -> W.HTML:
    return _html("sl-style", render.style_block() + f"<style>{render.PLAY_CSS}</style>")


if served():
    keep_tracebacks_on_the_server()


# ---------------------------------------------------------------------------- table


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
                 view_seat: int | None = None, loader: bool = False) -> None:
        """``loader=True`` adds a box to load a record by its path, in a notebook of your own;
        a served page never has one (the box is not built at all)."""
        self.model = TableModel()
        self.message = _html("sl-message")
        self.title = _html("sl-title")
        self.status_html = _html("sl-status-box")
        self.trumps_html = _html("sl-trumps-box")
        self.table_html = _html("sl-table-box")
        self.explanation_html = _html("sl-explanation-box")
        self.seat_select = W.Dropdown(description="View", options=[("everyone (teacher)", -1)],
                                      value=-1, layout=W.Layout(width="16em"))
        self.seat_select.add_class("sl-seat-select")
        self.hand_select = W.Dropdown(description="Hand", options=[("1", 0)], value=0,
                                      layout=W.Layout(width="10em"))
        self.hand_select.add_class("sl-hand-select")
        self.first_button = _button("|◀ first", "sl-first", "first step of the hand")
        self.prev_button = _button("◀ card", "sl-prev", "previous card")
        self.next_button = _button("card ▶", "sl-next", "next card")
        self.last_button = _button("last ▶|", "sl-last-button", "end of the hand")
        self.prev_trick_button = _button("◀◀ trick", "sl-prev-trick", "previous trick")
        self.next_trick_button = _button("trick ▶▶", "sl-next-trick", "next trick")
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
            self.load_button = _button("load", "sl-load", "load a game record")
        controls = W.HBox([self.first_button, self.prev_button, self.next_button,
                           self.last_button, self.prev_trick_button, self.next_trick_button])
        controls.add_class("sl-controls")
        steps = W.HBox([self.player, self.slider])
        steps.add_class("sl-steps")
        top = W.HBox([self.seat_select, self.hand_select])
        top.add_class("sl-top")
        rows: list[W.Widget] = [_style(), self.title, top]
        if self.path_text is not None and self.load_button is not None:
            box = W.HBox([self.path_text, self.load_button])
            box.add_class("sl-loader")
            rows.append(box)
        self.play_here_button = _button("Play on from this trick", "sl-play-here",
                                        "play the rest of the hand yourself against bots")
        # the best-play view: what each card the player to move may play keeps or gives away
        self.best_toggle = W.ToggleButton(
            value=False, description="Best play",
            tooltip="with every hand visible: what each card the player to move may play "
                    "keeps or gives away")
        self.best_toggle.add_class("sl-best-play-toggle")
        self.best_toggle.add_class("sl-button")
        self.best_html = _html("sl-best-play-box")
        self.play_box = W.VBox()
        self.play_box.add_class("sl-play-here-box")
        self.play_table: PlayTable | None = None
        rows += [self.message, self.status_html, self.trumps_html, self.table_html, controls,
                 steps, self.explanation_html, self.best_html,
                 W.HBox([self.best_toggle, self.play_here_button]), self.play_box]
        super().__init__(rows)
        self.add_class("sl-table-app")
        self._busy = False
        m = self.message
        self.first_button.on_click(_safe(lambda _: self._go(self.model.first), m))
        self.prev_button.on_click(_safe(lambda _: self._go(lambda: self.model.step(-1)), m))
        self.next_button.on_click(_safe(lambda _: self._go(lambda: self.model.step(1)), m))
        self.last_button.on_click(_safe(lambda _: self._go(self.model.end), m))
        self.prev_trick_button.on_click(_safe(lambda _: self._go(self.model.prev_trick), m))
        self.next_trick_button.on_click(_safe(lambda _: self._go(self.model.next_trick), m))
        self.slider.observe(_safe(self._on_slider, m), names="value")
        self.seat_select.observe(_safe(self._on_seat, m), names="value")
        self.hand_select.observe(_safe(self._on_hand, m), names="value")
        if self.load_button is not None:
            self.load_button.on_click(_safe(lambda _: self._load_typed(), m))
        self.play_here_button.on_click(_safe(lambda _: self.play_here(), m))
        self.player.observe(_safe(self._on_auto, m), names="value")
        self.best_toggle.observe(_safe(lambda _: self.refresh(), m), names="value")
        if source is not None:
            self.load(source, hand=hand, view_seat=view_seat)
        else:
            self.refresh()

    # ------------------------------------------------------------------ loading
    def _load_typed(self) -> None:
        """The load button: the path typed in the box (bounded in length)."""
        assert self.path_text is not None
        self.load(_bounded(self.path_text.value, "A path to a record"))

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
        trick = min(len(h.tricks) + 1, h.rules.hand_size)
        seat = m.view_seat
        if seat is None:
            seat = h.turn if h.turn is not None else 0
        self.play_table = PlayTable.from_record(
            self.game.to_record(), hand_number=m.hand_index + 1,
            trick_number=trick if h.phase == "play" or h.complete else 1, seat=seat, pace=pace)
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
        lines = [plain(x) for x in m.explanation()]
        if len(lines) == 2 and " bids " in lines[0] and " may bid " in lines[1]:
            lines = lines[:1]  # "North bids 6. North may bid 6." says one thing twice
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


# ---------------------------------------------------------------------------- trump timeline


class TrumpTimelineView(W.VBox):
    """For the Acorns rule sets: the hand's tricks, when each trump was broken, which became
    superior, and the tricks the superiority decided."""

    def __init__(self, source: RecordSource | TableApp, hand: int = 0) -> None:
        self.message = _html("sl-message")
        self.picture = _html("sl-timeline-box")
        self.now_html = _html("sl-timeline-now")
        super().__init__([_style(), self.message, self.now_html, self.picture])
        self.add_class("sl-trump-timeline")
        if isinstance(source, TableApp):
            # follow the table: the picture shows the hand as far as the table has stepped
            self.table: TableApp | None = source
            source.slider.observe(_safe(lambda _: self.follow(), self.message), names="value")
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

    def __init__(self, source: RecordSource) -> None:
        self.message = _html("sl-message")
        self.hand_select = W.Dropdown(description="Hand", options=[], layout=W.Layout(
            width="10em"))
        self.hand_select.add_class("sl-hand-select")
        self.lines_html = _html("sl-score-lines")
        self.totals_html = _html("sl-score-totals")
        self.options_html = _html("sl-score-options")
        super().__init__([_style(), self.message, self.hand_select, self.lines_html,
                          self.totals_html, self.options_html])
        self.add_class("sl-score-explainer")
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
        self.hand_select.observe(_safe(lambda ch: self.show(ch["new"]), self.message),
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
                                 + f'<div class="sl-score-outcome">{escape(plain(ex.outcome))}.'
                                 f' {escape(nil_words)}</div>')


# ---------------------------------------------------------------------------- what-if


class WhatIf(W.VBox):
    """Pick a point in the hand, pick another card (illegal ones are greyed; clicking one
    shows why), see the hand re-played and the difference."""

    def __init__(self, source: RecordSource | TableModel, hand: int = 0) -> None:
        self.message = _html("sl-message")
        # a labelled number box, as the table's "Step": a slider's handle has no accessible
        # name in ipywidgets
        self.point_slider = W.BoundedIntText(value=0, min=0, max=0, description="Cards played",
                                             continuous_update=False,
                                             layout=W.Layout(width="14em"),
                                             style={"description_width": "initial"})
        self.point_slider.add_class("sl-whatif-point")
        self.position_html = _html("sl-whatif-position")
        self.choices_box = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.choices_box.add_class("sl-whatif-choices")
        self.result_html = _html("sl-whatif-result")
        self.buttons: list[W.Button] = []
        self.model: WhatIfModel | None = None
        super().__init__([_style(), self.message, self.point_slider, self.position_html,
                          self.choices_box, self.result_html])
        self.add_class("sl-whatif")
        table = source if isinstance(source, TableModel) else TableModel.from_record(source, hand)
        if not table.ok:
            self.message.value = render.error_html(table.error or "", table.error_rule)
            return
        self.model = model = WhatIfModel(table)
        if not model.points:
            self.message.value = render.error_html("This hand has no card play to change.")
            return
        self.point_slider.max = len(model.points) - 1
        self.point_slider.observe(_safe(self._on_point, self.message), names="value")
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
        played = f" The record has {g.seat_name(rec.seat)} play {rec.play.pretty}." if rec else ""
        self.position_html.value = (
            f'<div class="sl-status">Trick {len(h.tricks) + 1}: '
            f'{escape(g.seat_name(m.seat) if m.seat is not None else "")} to play.'
            f'{escape(played)} Pick another card:</div>'
            + render.trick_html(list(h.trick), g.rules.players))
        self.buttons = []
        self._labels: dict[str, str] = {}
        for ch in m.choices():
            b = _button(card_words(ch.play), "sl-choice", card_words(ch.play) + (
                "" if ch.ok else " (not allowed here)"))
            self._labels[b.model_id] = ch.label
            b.add_class("sl-legal" if ch.ok else "sl-illegal")
            for s in ch.play.card.suits:
                b.add_class(f"sl-suit-{s}")
            if rec is not None and ch.play is rec.play:
                b.add_class("sl-recorded")
            b.on_click(_safe(self._clicker(ch), self.message))
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
            + "".join(f"<li>{render.text_html(plain(x))}</li>" for x in m.difference())
            + "</ul></div>"
            + (render.score_html(h.scores, n) if h.scores else ""))

    def choose_label(self, label: str) -> None:
        """Click the choice button labelled ``label``: the card in words (``"Queen of
        Hearts"``) or its record code (``"QH"``, ``"TPS as S"``)."""
        for b in self.buttons:
            if label in (b.description, self._labels.get(b.model_id)):
                b.click()
                return
        raise RuleError("unknown-card", f"No choice {label!r} here.")


# ---------------------------------------------------------------------------- rule explorer


class RuleExplorer(W.VBox):
    """Choose a preset and options, see what changes on the same deal (bids and plays kept
    where they are still legal)."""

    def __init__(self, source: RecordSource, hand: int = 0) -> None:
        self.message = _html("sl-message")
        self.preset_select = W.Dropdown(description="Preset", options=list(PRESETS))
        self.preset_select.add_class("sl-preset")
        self.options_text = W.Text(description="Options", placeholder="key=value, key=value",
                                   layout=W.Layout(width="34em"))
        self.options_text.add_class("sl-options-input")
        self.compare_button = _button("compare", "sl-compare")
        self.result_html = _html("sl-explorer-result")
        super().__init__([_style(), self.message, W.HBox([self.preset_select, self.compare_button]),
                          self.options_text, self.result_html])
        self.add_class("sl-rule-explorer")
        self.model: RuleExplorerModel | None = None
        game, err, rule = load_game(source)
        if game is None:
            self.message.value = render.error_html(err or "", rule)
            return
        try:
            self.model = RuleExplorerModel(game, hand)
        except RuleError as e:
            self.message.value = render.error_html(e.message, e.rule)
            return
        self.preset_select.value = game.rules.name
        self.options_text.value = ", ".join(f"{k}={_opt_text(v)}"
                                            for k, v in game.rules.options().items())
        self.compare_button.on_click(_safe(lambda _: self.compare(), self.message))

    def rules(self) -> RuleSet:
        text = _bounded(self.options_text.value, "The list of options", "bad-option")
        opts = dict(parse_option(x.strip()) for x in text.split(",")
                    if x.strip())
        return RuleSet.preset(self.preset_select.value, opts)

    def compare(self) -> None:
        assert self.model is not None
        rules = self.rules()
        _, _, lines = self.model.compare(rules)
        assert self.model.comparison is not None
        labels = (f"{self.model.base.rules.name} (as recorded)", f"{rules.name} with these options")
        self.result_html.value = (
            '<div class="sl-diff"><b>What changes</b><ul>'
            + "".join(f"<li>{escape(x)}</li>" for x in lines) + "</ul></div>"
            + render.comparison_html(self.model.comparison, labels=labels))


def _opt_text(v: Any) -> str:
    import json

    return v if isinstance(v, str) else json.dumps(v)


# ---------------------------------------------------------------------------- quiz


class Quiz(W.VBox):
    """Questions from the quiz generator (:func:`spades_lab.teach.quiz.make_quiz`) for the rule
    set of a record (or ``rules=`` a preset name), answered by clicking.  Each question shows
    its difficulty and everything needed to answer it (the rule set, bids, tricks taken, the
    broken and superior trumps, the trick so far as cards and the asked player's hand); the
    feedback is the engine's explanation.  The same seed gives the same questions.

    >>> quiz = Quiz(rules="standard", seed=1, difficulty=1, count=3)
    >>> len(quiz.model.questions), quiz.model.question.difficulty
    (3, 1)
    """

    def __init__(self, source: RecordSource | None = None, *, seed: int = 0,
                 rules: RuleSet | str | None = None, options: dict[str, Any] | None = None,
                 difficulty: int | Sequence[int] | None = None, count: int | None = None,
                 questions: Sequence[Any] | None = None) -> None:
        self.message = _html("sl-message")
        self.question_html = _html("sl-quiz-question-box")
        self.choices_box = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.choices_box.add_class("sl-quiz-choices")
        self.feedback_html = _html("sl-quiz-feedback")
        self.next_button = _button("next question", "sl-quiz-next")
        self.score_html = _html("sl-quiz-score")
        super().__init__([_style(), self.message, self.question_html, self.choices_box,
                          self.feedback_html, W.HBox([self.next_button, self.score_html])])
        self.add_class("sl-quiz")
        self.buttons: list[W.Button] = []
        self.players = 4
        self.model = QuizModel([])
        if questions is None:
            try:
                if rules is None:
                    game, err, rule = load_game(source) if source is not None else (
                        None, "Give a record or a rule set for the quiz.", None)
                    if game is None:
                        self.message.value = render.error_html(err or "", rule)
                        return
                    rules = game.rules
                questions = make_quiz(rules, seed, options=options, difficulty=difficulty,
                                      count=count).questions
            except RuleError as e:
                self.message.value = render.error_html(e.message, e.rule)
                return
        if questions:
            first = questions[0]
            ctx = getattr(first, "context", {})
            self.players = int(ctx.get("players") or _players_of(first) or 4)
        self.model = QuizModel(questions)
        self.next_button.on_click(_safe(lambda _: self._next(), self.message))
        self.show()

    def _next(self) -> None:
        self.model.next()
        self.show()

    def _pictures(self, q: Any) -> str:
        """The cards a question is about, drawn: the trick so far and the asked hand."""
        if not isinstance(q, QuizQuestion):  # an old-style question: its trick and card
            extra = render.trick_html(list(q.cards), self.players) if q.cards else ""
            if q.card is not None:
                extra += f'<div class="sl-quiz-card">{render.card_html(q.card)}</div>'
            return extra
        ctx = q.context
        out = []
        plays = ctx.get("plays") if isinstance(ctx.get("plays"), list) else ctx.get("trick")
        if isinstance(plays, list) and plays:
            trick = [(int(x["seat"]), Play(parse_card(x["card"]), x.get("as") or
                                           parse_card(x["card"]).suits[0])) for x in plays]
            out.append('<div class="sl-quiz-trick"><div class="sl-quiz-label">The trick</div>'
                       + render.trick_html(trick, self.players) + "</div>")
        held = ctx.get("hand")
        if isinstance(held, list) and held:
            seat = ctx.get("seat")
            who = (f"{seat_name(int(seat), self.players)}'s hand" if isinstance(seat, int)
                   else "The hand")
            out.append(f'<div class="sl-quiz-hand"><div class="sl-quiz-label">{who}</div>'
                       + render.hand_html([parse_card(c) for c in held]) + "</div>")
        return "".join(out)

    def show(self) -> None:
        q = self.model.question
        if q is None:
            self.question_html.value = '<div class="sl-quiz-question">No questions.</div>'
            return
        head = f"Question {self.model.index + 1} of {len(self.model.questions)}"
        facts = ""
        if isinstance(q, QuizQuestion):
            head += f" · {LEVEL_WORDS.get(q.difficulty, f'level {q.difficulty}')}"
            drawn = isinstance(q.context.get("hand"), list)  # the hand is drawn below
            facts = "".join(f"<li>{render.text_html(_fact_words(x))}</li>" for x in q.shown
                            if not (drawn and "'s hand: " in x))
            facts = f'<ul class="sl-quiz-facts">{facts}</ul>' if facts else ""
        self.question_html.value = (
            f'<div class="sl-quiz-meta">{escape(head)}</div>'
            f'<div class="sl-quiz-question">{render.text_html(q.prompt)}</div>'
            + facts + self._pictures(q))
        self.buttons = []
        for i, c in enumerate(q.choices):
            b = _button(c, "sl-quiz-choice")
            b.on_click(_safe(self._clicker(i), self.message))
            self.buttons.append(b)
        self.choices_box.children = tuple(self.buttons)
        self.feedback_html.value = ""

    def _clicker(self, i: int) -> Callable[[Any], None]:
        def click(_: Any) -> None:
            self.answer(i)
        return click

    def answer(self, i: int) -> bool:
        right, lines = self.model.answer(i)
        cls = "sl-correct" if right else "sl-wrong"
        items = []
        for x in lines[1:]:
            indent = ' class="sl-indent"' if x.startswith(" ") else ""
            items.append(f"<li{indent}>{render.text_html(plain(x.strip()))}</li>")
        self.feedback_html.value = (f'<div class="{cls}" role="status"><b>'
                                    f'{render.text_html(plain(lines[0]))}</b><ul>'
                                    + "".join(items) + "</ul></div>")
        for j, b in enumerate(self.buttons):
            if j == self.model.question.answer:  # type: ignore[union-attr]
                b.add_class("sl-answer")
        good, total = self.model.score
        self.score_html.value = f'<span class="sl-quiz-tally">{good}/{total} right</span>'
        return right


#: Difficulty levels in words.
LEVEL_WORDS = {1: "level 1 (beginner)", 2: "level 2", 3: "level 3 (advanced)"}


def _players_of(q: Any) -> int | None:
    rules = getattr(q, "rules", None)
    if isinstance(rules, str) and rules in PRESETS:
        return RuleSet.preset(rules, dict(getattr(q, "options", {}) or {})).players
    return None


def _fact_words(line: str) -> str:
    """A question's fact line for the screen: the rule set's name in words."""
    if line.startswith("Rules: "):
        name, _, rest = line[len("Rules: "):].partition(" (")
        if name in PRESET_WORDS:
            rest = re.sub(r"^\d+ players, ", "", rest).removesuffix(")")
            return f"Rules: {PRESET_WORDS[name]}" + (f"; {rest}" if rest else "")
    return line


# ---------------------------------------------------------------------------- play mode

#: The rule sets in words, for the setup menu (:data:`spades_lab.render.PRESET_WORDS`).
PRESET_WORDS = render.PRESET_WORDS
PACES = [("instant", 0.0), ("quick (0.4 s a card)", 0.4), ("steady (0.9 s a card)", 0.9),
         ("slow (1.8 s a card)", 1.8)]


def _option_controls(preset: str) -> dict[str, W.Widget]:
    """One control per table option of ``preset``, labelled in words (the blind-exchange
    counts keep the preset's values)."""
    r = RuleSet.preset(preset)
    style = {"description_width": "initial"}
    out: dict[str, W.Widget] = {}
    if preset == "online":
        out["target"] = W.Dropdown(description="Target (points)", options=list(ONLINE_TARGETS),
                                   value=r.target, style=style)
    else:
        out["target"] = W.BoundedIntText(description="Target (points)", value=r.target, min=50,
                                         max=5000, step=50, style=style,
                                         layout=W.Layout(width="14em"))
    out["bag_limit"] = W.BoundedIntText(description="Bags before a penalty (0: no penalty)",
                                        value=r.bag_limit or 0, min=0, max=50, style=style,
                                        layout=W.Layout(width="22em"))
    out["bag_penalty"] = W.BoundedIntText(description="Bag penalty (points)",
                                          value=r.bag_penalty, min=0, max=1000, step=10,
                                          style=style, layout=W.Layout(width="14em"))
    out["failed_nil_tricks"] = W.Dropdown(
        description="After a failed nil, its tricks",
        options=[("score only as bags", "bags_only"),
                 ("count toward the partner's bid", "count_toward_bid")],
        value=r.failed_nil_tricks, style=style)
    out["first_lead"] = W.Dropdown(description="First lead",
                                   options=[("left of the dealer", "left"),
                                            ("the dealer", "dealer")],
                                   value=r.first_lead, style=style)
    if "travelers_hunters" in r.options(all=True):
        out["travelers_hunters"] = W.Checkbox(description="Travelers and Hunters in the deck",
                                              value=r.travelers_hunters, indent=False)
        out["th_low"] = W.Checkbox(description="Travelers and Hunters rank low",
                                   value=r.th_low, indent=False)
    if r.players == 8:
        out["teams"] = W.Dropdown(description="Teams",
                                  options=[("four pairs", "pairs"),
                                           ("two teams of four", "fours")],
                                  value=r.teams, style=style)
    return out


def _options_of(controls: dict[str, W.Widget]) -> dict[str, Any]:
    opts: dict[str, Any] = {k: w.value for k, w in controls.items()}
    if opts.get("bag_limit") == 0:
        opts["bag_limit"] = None
        opts["bag_penalty"] = 0
    return opts


class PlayTable(W.VBox):
    """Play mode: choose the rule set, its options, your seat and a seed, deal, and play against
    bots at the chosen pace.  Bids come from the bids the engine allows; a card the rules
    forbid is refused with the engine's sentence; after each trick the table says who won and
    why, after each hand how it scored, and the game goes on to its target.  Undo takes back
    your last decision, Hint says what the practice bot would do, Save game offers the record
    as a download (and, with ``files=True`` in a notebook of your own, writes it to the file
    named in its "Save to" box; a served page has no such box: :func:`spades_lab._jupyter.served`).

    >>> t = PlayTable("standard", seat=2, seed=3, pace=0)
    >>> t.model.waiting()
    'look'
    >>> t.look_button.click(); t.model.waiting()
    'bid'
    >>> t.bid_select.value = t.bid_select.options[3][1]; t.bid_button.click()
    >>> t.model.game.hands[0].bids[2].label
    '4'
    """

    def __init__(self, rules: str = "standard", options: dict[str, Any] | None = None, *,
                 seat: int = 0, seed: int = 0, pace: float = 0.4,
                 model: PlayModel | None = None, projector: bool = False,
                 files: bool = True) -> None:
        #: whether the table may write a file the learner names (never when served)
        self.files = files and not served()
        self.message = _html("sl-message")
        self.title = _html("sl-title")
        # setup
        self.preset_select = W.Dropdown(description="Rule set", options=[
            (PRESET_WORDS[p], p) for p in PRESETS], value=rules if model is None else
            model.rules.name, style={"description_width": "initial"})
        self.preset_select.add_class("sl-preset-select")
        self.options_box = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.options_box.add_class("sl-play-options")
        self.seat_select = W.Dropdown(description="Your seat", style={
            "description_width": "initial"})
        self.seat_select.add_class("sl-play-seat")
        self.seed_text = W.BoundedIntText(description="Seed", value=seed, min=0, max=10**9,
                                          layout=W.Layout(width="12em"))
        self.seed_text.add_class("sl-play-seed")
        self.pace_select = W.Dropdown(description="Bots' pace", options=PACES,
                                      value=min(PACES, key=lambda p: abs(p[1] - pace))[1],
                                      style={"description_width": "initial"})
        self.pace_select.add_class("sl-play-pace")
        self.new_button = _button("Deal a new game", "sl-new-game")
        self.projector_toggle = W.ToggleButton(description="Projector mode", value=projector,
                                               tooltip="large cards, fits a 1024×768 screen")
        self.projector_toggle.add_class("sl-projector-toggle")
        self.setup_box = W.VBox([W.HBox([self.preset_select, self.seat_select, self.seed_text,
                                         self.pace_select], layout=W.Layout(
                                             flex_flow="row wrap")),
                                 self.options_box, W.HBox([self.new_button])])
        self.setup_box.add_class("sl-play-setup")
        # the table
        self.status_html = _html("sl-status-box")
        self.trumps_html = _html("sl-trumps-box")
        self.table_html = _html("sl-table-box")
        self.hand_label = _html("sl-hand-label")
        self.hand_box = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.hand_box.add_class("sl-hand-buttons")
        self.declare_box = W.HBox()
        self.declare_box.add_class("sl-declare")
        self.bid_select = W.Dropdown(description="Your bid", options=[],
                                     style={"description_width": "initial"},
                                     layout=W.Layout(width="20em"))
        self.bid_select.add_class("sl-bid-select")
        self.bid_button = _button("Bid", "sl-bid")
        self.look_button = _button("Look at my cards", "sl-look")
        self.bid_box = W.HBox([self.look_button, self.bid_select, self.bid_button])
        self.bid_box.add_class("sl-bid-box")
        self.count_select = W.Dropdown(description="Cards to pass", options=[0],
                                       style={"description_width": "initial"},
                                       layout=W.Layout(width="14em"))
        self.count_select.add_class("sl-pass-count")
        self.pass_button = _button("Pass the cards", "sl-pass")
        self.exchange_html = _html("sl-exchange-text")
        self.exchange_box = W.HBox([self.exchange_html, self.count_select, self.pass_button])
        self.exchange_box.add_class("sl-exchange-box")
        self.undo_button = _button("Undo", "sl-undo", "take back your last decision")
        self.hint_button = _button("Hint", "sl-hint", "what the practice bot would do")
        self.next_hand_button = _button("Deal the next hand", "sl-next-hand")
        self.save_button = (
            _button("Save game", "sl-save", "the game record, for replay") if self.files else
            _button("Download the game", "sl-save",
                    "the game record, for replay, as a file in your browser's downloads"))
        self.best_card_button = _button("Show me the best card", "sl-best-card",
                                        "after the hand: each card you played, looked at with "
                                        "every hand visible")
        # a box naming a file on the server: built only where files may be written
        self.save_path: W.Text | None = None
        if self.files:
            self.save_path = W.Text(value="", placeholder="file name (optional)",
                                    description="Save to", layout=W.Layout(width="18em"))
            self.save_path.add_class("sl-save-path")
        actions = W.HBox([self.undo_button, self.hint_button, self.best_card_button,
                          self.next_hand_button, self.save_button,
                          *([self.save_path] if self.save_path is not None else []),
                          self.projector_toggle],
                         layout=W.Layout(flex_flow="row wrap"))
        actions.add_class("sl-play-actions")
        self.hint_html = _html("sl-hint-box")
        self.review_html = _html("sl-review-box")
        self.save_html = _html("sl-save-box")
        self.score_html = _html("sl-play-score")
        self.explanation_html = _html("sl-play-explanation")
        style = _html("sl-style", f"<style>{render.CSS}\n{render.play_css()}</style>")
        super().__init__([style, self.title, self.setup_box, self.message, self.status_html,
                          self.trumps_html, self.table_html, self.hand_label, self.hand_box,
                          self.declare_box, self.bid_box, self.exchange_box, actions,
                          self.hint_html, self.review_html, self.score_html,
                          self.explanation_html, self.save_html])
        self.add_class("sl-play-app")
        self.add_class("sl-root")
        self._cards: list[Card] = []
        self._card_buttons: list[W.Button] = []
        self._selected: set[Card] = set()
        self._pending: asyncio.TimerHandle | None = None
        self._controls: dict[str, W.Widget] = {}
        m = self.message
        self.preset_select.observe(_safe(lambda _: self._setup_for(self.preset_select.value),
                                         m), names="value")
        self.new_button.on_click(_safe(lambda _: self.new_game(), m))
        self.look_button.on_click(_safe(lambda _: self._act(self.model.look), m))
        self.bid_button.on_click(_safe(lambda _: self.bid_chosen(), m))
        self.pass_button.on_click(_safe(lambda _: self.pass_cards(), m))
        self.undo_button.on_click(_safe(lambda _: self.undo(), m))
        self.hint_button.on_click(_safe(lambda _: self.hint(), m))
        self.best_card_button.on_click(_safe(lambda _: self.show_best_card(), m))
        self.next_hand_button.on_click(_safe(lambda _: self._act(self.model.next_hand), m))
        self.save_button.on_click(_safe(lambda _: self.save(), m))
        self.projector_toggle.observe(_safe(lambda ch: self.set_projector(ch["new"]), m),
                                      names="value")
        self.pace_select.observe(_safe(lambda ch: self._set_pace(ch["new"]), m), names="value")
        self._setup_for(self.preset_select.value, options)
        if model is None:
            self.seat_select.value = seat
            model = PlayModel(rules, options, seat=seat, seed=seed, pace=self.pace_select.value)
        else:
            self.seat_select.value = model.seat
        self.set_projector(projector)
        self._start(model)

    @classmethod
    def from_record(cls, record: RecordSource, *, hand_number: int = 1, trick_number: int = 1,
                    seat: int | None = None, seed: int = 0, pace: float = 0.4,
                    projector: bool = False, files: bool = True) -> PlayTable:
        """Play on from trick ``trick_number`` of hand ``hand_number`` of a record (both
        counted from 1), as a teacher hands a student a position."""
        if isinstance(record, Game):
            record = record.to_record()
        model = PlayModel.from_record(record, hand_number=hand_number,
                                      trick_number=trick_number, seat=seat, seed=seed,
                                      pace=pace)
        return cls(model.rules.name, seat=model.seat, seed=seed, pace=pace, model=model,
                   projector=projector, files=files)

    # ------------------------------------------------------------------ setup
    def _setup_for(self, preset: str, options: dict[str, Any] | None = None) -> None:
        self._controls = _option_controls(preset)
        for k, v in (options or {}).items():
            if k in self._controls:
                w = self._controls[k]
                w.value = (v or 0) if k == "bag_limit" else v
        for k, w in self._controls.items():
            w.add_class(f"sl-option-{k.replace('_', '-')}")
        self.options_box.children = tuple(self._controls.values())
        n = RuleSet.preset(preset).players
        old = self.seat_select.value if self.seat_select.options else 0
        self.seat_select.options = [(seat_name(s, n), s) for s in range(n)]
        self.seat_select.value = old if isinstance(old, int) and old < n else 0

    def new_game(self) -> None:
        """Deal a new game with the rule set, options, seat, seed and pace chosen."""
        self._cancel()
        rules = RuleSet.preset(self.preset_select.value, _options_of(self._controls))
        self._start(PlayModel(rules, seat=self.seat_select.value, seed=self.seed_text.value,
                              pace=self.pace_select.value))

    def _start(self, model: PlayModel) -> None:
        self.model = model
        r = model.rules
        self.title.value = (f'<div class="sl-title-text"><b>{escape(render.rules_title(r))}'
                            f'</b>, {escape(", ".join(render.table_words(r)))}. You sit '
                            f'{escape(model.game.seat_name(model.seat))}.</div>'
                            '<details class="sl-rules-words"><summary>Table options</summary>'
                            '<ul>' + "".join(f"<li>{escape(x)}</li>"
                                             for x in model.setup_words()[1:]) +
                            "</ul></details>")
        self.hint_html.value = ""
        self.review_html.value = ""
        self.save_html.value = ""
        self.message.value = ""
        self._selected = set()
        self._feed_mark = 0
        self._after_learner()

    def set_projector(self, on: bool) -> None:
        """Projector mode: cards twice the size, the setup hidden, everything on 1024×768."""
        if on:
            self.add_class("sl-projector")
        else:
            self.remove_class("sl-projector")
        if self.projector_toggle.value != on:
            self.projector_toggle.value = on
        if hasattr(self, "model"):
            self.refresh()

    def _set_pace(self, pace: float) -> None:
        self.model.pace = pace
        if pace == 0:
            self._cancel()
            self.model.run_bots()
            self.refresh()

    # ------------------------------------------------------------------ learner actions
    def _act(self, fn: Callable[[], Any]) -> None:
        self._cancel()
        self.hint_html.value = ""
        fn()
        self._after_learner()

    def _after_learner(self) -> None:
        if self.model.message:
            self.message.value = render.message_html(self.model.message)
            self.model.message = ""
        else:
            self.message.value = ""
        self._selected = set()
        self.refresh()
        self._schedule()

    def click_card(self, card: Card | str, as_: str | None = None) -> None:
        """What clicking a card of your hand does: play it (or ask how to declare a Traveler/
        Hunter), or select it for an exchange."""
        m = self.model
        c = m.rules.deck.parse(card) if not isinstance(card, Card) else card
        w = m.waiting()
        if w == "exchange" and not (m.exchange_due() or {}).get("face_down"):
            self.message.value = ""
            if c in self._selected:
                self._selected.discard(c)
            else:
                self._selected.add(c)
            self._draw_hand()
            return
        if w == "play" and as_ is None:
            plays = m.plays_for(c)
            if len(plays) > 1:
                self._ask_declaration(plays)
                return
            if plays:
                self._act(lambda: m.play(plays[0]))
                return
        self._act(lambda: m.play(c, as_))

    def _ask_declaration(self, plays: Sequence[Play]) -> None:
        buttons = []
        for p in plays:
            b = _button(f"Play the {p.card.name} as {SUITS[p.suit].name}",
                        "sl-declare-as")
            b.on_click(_safe(self._declarer(p), self.message))
            buttons.append(b)
        self.declare_box.children = tuple(buttons)

    def _declarer(self, p: Play) -> Callable[[Any], None]:
        def click(_: Any) -> None:
            self._act(lambda: self.model.play(p))
        return click

    def bid_chosen(self) -> None:
        choices = self.model.bid_choices()
        i = self.bid_select.value
        if not choices or i is None or not 0 <= i < len(choices):
            self._act(lambda: self.model.bid(None))
            return
        self._act(lambda: self.model.bid(choices[i].bid))

    def pass_cards(self) -> None:
        due = self.model.exchange_due()
        if due is not None and due["face_down"]:
            n = int(self.count_select.value or 0)
            self._act(lambda: self.model.exchange(n))
        else:
            cards = list(self._selected)
            self._act(lambda: self.model.exchange(cards))

    def undo(self) -> None:
        self._act(self.model.undo)

    def hint(self) -> None:
        self.hint_html.value = (f'<div class="sl-hint-text" role="status">'
                                f'{render.text_html(self.model.hint())}</div>')

    def show_best_card(self) -> None:
        """After a hand: each card you played, judged by the solver (the model refuses while
        a hand is in play, and the button is hidden then)."""
        m = self.model
        if not m.review_due():
            m.best_card_review()  # sets the message saying why not
            self.message.value = render.message_html(m.message)
            m.message = ""
            return
        self.review_html.value = ('<div class="sl-review sl-review-working" role="status">'
                                  "Working out the best card for each trick…</div>")
        review = m.best_card_review()
        assert review is not None
        self.review_html.value = render.review_html(review)

    def save(self) -> str:
        """Offer the record as a download (and write it to the file named in the "Save to"
        box, where there is one); its text."""
        path = _bounded(self.save_path.value, "A file name") if self.save_path is not None \
            else ""
        text = self.model.save(path or None)
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        where = f"Saved to {escape(path)}. " if path else ""
        self.save_html.value = (
            f'<div class="sl-saved">{where}Replay it with <code>spades-lab replay '
            f'{escape(path or "game.json")}</code>, or open it in the table and the what-if '
            f'tools. <a class="sl-save-link" download="{escape(Path(path or "game.json").name)}"'
            f' href="data:application/json;base64,{data}">Download the record</a></div>')
        return text

    # ------------------------------------------------------------------ bots
    def _cancel(self) -> None:
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None

    def _schedule(self) -> None:
        m = self.model
        if m.waiting() != "bots":
            return
        if m.pace <= 0:
            m.run_bots()
            self.refresh()
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop (a script or a test): no pause between moves
            m.run_bots()
            self.refresh()
            return
        self._pending = loop.call_later(m.pace, self._bot_tick)

    def _bot_tick(self) -> None:
        self._pending = None
        try:
            if self.model.step_bot():
                self.refresh()
                self._schedule()
        except Exception as e:  # noqa: BLE001 - shown to the student instead of a traceback
            self.message.value = render.message_html(_went_wrong(e))

    # ------------------------------------------------------------------ drawing
    def refresh(self) -> None:
        """Redraw every part from the model."""
        m = self.model
        h = m.game.hand
        w = m.waiting()
        if h is None:
            self._draw_status()
            return
        self.trumps_html.value = render.trumps_html(h)
        v = m.trick_view()
        self.table_html.value = render.table_html(
            h, seat=m.seat, face_up=[False] * m.rules.players, trick=v.plays, winning=v.winning,
            winner=v.winner, trick_caption=v.caption, names=m.game.players, compact=True)
        self._draw_hand()
        self.declare_box.children = ()
        # bidding
        choices = m.bid_choices()
        self.bid_box.layout.display = "" if w in ("look", "bid") else "none"
        self.look_button.layout.display = "" if w == "look" else "none"
        self.bid_select.options = [(c.label, i) for i, c in enumerate(choices)]
        if choices:
            guess = next((i for i, c in enumerate(choices) if not c.bid.blind and not c.bid.nil
                          and c.bid.tricks == 3), 0)
            self.bid_select.value = guess
        self.bid_select.description = "Blind bid" if w == "look" else "Your bid"
        # exchange
        due = m.exchange_due()
        self.exchange_box.layout.display = "" if due else "none"
        if due:
            to = m.game.seat_name(due["to"])
            if due["face_down"]:
                self.count_select.layout.display = ""
                self.count_select.options = list(range(due["lo"], due["hi"] + 1))
                self.count_select.value = due["hi"]
                self.exchange_html.value = (f"<span>Pass cards face down to {escape(to)} "
                                            "without looking: choose how many.</span>")
            else:
                self.count_select.layout.display = "none"
                want = due["hi"] if due["lo"] == due["hi"] else f"{due['lo']} to {due['hi']}"
                self.exchange_html.value = (f"<span>Click {want} of your cards to pass to "
                                            f"{escape(to)}, then press Pass.</span>")
        self.undo_button.disabled = not m.history
        self.hint_button.disabled = w not in ("look", "bid", "exchange", "play")
        after = m.review_due()
        self.best_card_button.disabled = not after
        self.best_card_button.layout.display = "" if after else "none"
        if not after:
            self.review_html.value = ""
        self.next_hand_button.layout.display = "" if w == "next-hand" else "none"
        if w in ("next-hand", "over"):
            self.score_html.value = render.explanation_text_html(
                m.final_score_text(), "The score")
        else:
            self.score_html.value = ""
        # what happened since your last decision (the newest lines; fewer on a projector)
        mark = m.history[-1].feed if m.history else 0
        keep = 4 if self.projector_toggle.value else 14
        lines = m.feed[mark:][-keep:] or m.feed[-keep:]
        self.explanation_html.value = render.explanation_text_html(lines, "What just happened")
        self._draw_status()

    def _draw_status(self) -> None:
        """The status line, drawn last: its ``data-gen`` tells a page that every other part of
        this redraw has been sent."""
        m = self.model
        h = m.game.hand
        self._gen = getattr(self, "_gen", 0) + 1
        self.status_html.value = (f'<div class="sl-status" role="status" '
                                  f'data-wait="{m.waiting()}" data-moves="{len(m.game.log)}" '
                                  f'data-gen="{self._gen}" '
                                  f'data-on-table="{len(h.trick) if h is not None else 0}">'
                                  f'{render.text_html(m.status())}</div>')

    def _draw_hand(self) -> None:
        m = self.model
        cards = m.my_cards()
        w = m.waiting()
        if not cards:
            look = " (you have not looked at them yet)" if m.game.phase == "bidding" else ""
            self.hand_label.value = f'<div class="sl-hand-title">Your cards{look}</div>'
        else:
            tail = ": the cards you may play are marked green" if w == "play" else ""
            self.hand_label.value = f'<div class="sl-hand-title">Your cards{tail}</div>'
        while len(self._card_buttons) < len(cards):
            b = W.Button(layout=W.Layout(width="auto"))
            b.on_click(_safe(self._clicker(len(self._card_buttons)), self.message))
            self._card_buttons.append(b)
        self._cards = [c for c, _ in cards]
        for b, (c, ok) in zip(self._card_buttons[:len(cards)], cards, strict=True):
            cls = ["sl-cardbtn", "sl-button", f"sl-s1-{c.suits[0]}"]
            if c.is_dual:
                cls.append(f"sl-s2-{c.suits[1]}")
            if w == "play":
                cls.append("sl-legal" if ok else "sl-illegal")
            if c in self._selected:
                cls.append("sl-selected")
            b.description = c.name.replace("/", "/\u200b")  # a Traveler's two suits may wrap
            b.tooltip = c.name + (" (may be played)" if w == "play" and ok else
                                  " (may not be played now)" if w == "play" else "")
            b._dom_classes = tuple(cls)
        self.hand_box.children = tuple(self._card_buttons[:len(cards)])

    def _clicker(self, i: int) -> Callable[[Any], None]:
        def click(_: Any) -> None:
            if i < len(self._cards):
                self.click_card(self._cards[i])
        return click


__all__ = ["TableApp", "PlayTable", "TrumpTimelineView", "ScoreExplainer", "WhatIf", "RuleExplorer",
           "Quiz"]
