"""ipywidgets for the table and its companions.  Each widget is a thin layer over a model in
:mod:`spades_lab.widgets.models`: it maps the model to HTML and buttons, nothing more.

Every part has a stable CSS class beginning ``sl-`` (README, "CSS classes").  A widget never
shows a traceback: bad input becomes a message (``sl-error``).
"""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as W

from .. import render
from ..core.engine import Game
from ..core.errors import RuleError
from ..core.rules import PRESETS, RuleSet, parse_option
from ..teach.explain import explain_score, trump_timeline
from .models import (
    Choice,
    QuizModel,
    RuleExplorerModel,
    TableModel,
    WhatIfModel,
    load_game,
    quiz_questions,
)

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


def _safe(fn: Callable[..., Any], message: W.HTML) -> Callable[..., Any]:
    """Wrap a handler: any error becomes a message in the widget, never a traceback."""
    def handler(*args: Any) -> None:
        try:
            message.value = ""
            fn(*args)
        except RuleError as e:
            message.value = render.error_html(e.message, e.rule)
        except Exception as e:  # noqa: BLE001 - shown to the student instead of a traceback
            message.value = render.error_html(f"Something went wrong: {e}")
    return handler


def _style() -> W.HTML:
    return _html("sl-style", render.style_block())


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
        self.slider = W.IntSlider(value=0, min=0, max=0, description="Step",
                                  continuous_update=False, layout=W.Layout(width="28em"))
        self.slider.add_class("sl-slider")
        self.player = W.Play(value=0, min=0, max=0, interval=900, description="auto-play")
        self.player.add_class("sl-autoplay")
        W.jslink((self.player, "value"), (self.slider, "value"))
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
        if loader:
            box = W.HBox([self.path_text, self.load_button])
            box.add_class("sl-loader")
            rows.append(box)
        rows += [self.message, self.status_html, self.trumps_html, self.table_html, controls,
                 steps, self.explanation_html]
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
        self.load_button.on_click(_safe(lambda _: self.load(self.path_text.value.strip()), m))
        if source is not None:
            self.load(source, hand=hand, view_seat=view_seat)
        else:
            self.refresh()

    # ------------------------------------------------------------------ loading
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
            self.player.max = model.last
            self.slider.value = model.position
        finally:
            self._busy = False
        self.title.value = (f'<div class="sl-title-text"><b>{escape(model.rules.name)}</b> '
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
            return
        h = m.hand
        self.status_html.value = f'<div class="sl-status">{escape(m.status())}</div>'
        self.trumps_html.value = render.trumps_html(h)
        trick, caption = m.shown_trick()
        self.table_html.value = render.table_html(
            h, face_up=m.face_up(), names=m.source.players if m.source else None,
            trick=trick, trick_caption=caption)
        self.explanation_html.value = render.explanation_html(m.explanation(),
                                                              "What just happened")
        at_start, at_end = m.position == 0, m.position == m.last
        self.first_button.disabled = self.prev_button.disabled = at_start
        self.prev_trick_button.disabled = at_start
        self.next_button.disabled = self.last_button.disabled = at_end
        self.next_trick_button.disabled = at_end


# ---------------------------------------------------------------------------- trump timeline


class TrumpTimelineView(W.VBox):
    """For the Acorns rule sets: the hand's tricks, when each trump was broken, which became
    superior, and the tricks the superiority decided."""

    def __init__(self, source: RecordSource, hand: int = 0) -> None:
        self.message = _html("sl-message")
        self.picture = _html("sl-timeline-box")
        super().__init__([_style(), self.message, self.picture])
        self.add_class("sl-trump-timeline")
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
        nil_rule = ex.options.get("failed_nil_tricks")
        self.lines_html.value = (f"<b>Hand {index + 1}</b>"
                                 + render.score_html(h.scores, self.game.rules.players)
                                 + f'<div class="sl-score-outcome">{escape(ex.outcome)}; '
                                 f'failed nils: <code>{escape(str(nil_rule))}</code></div>')


# ---------------------------------------------------------------------------- what-if


class WhatIf(W.VBox):
    """Pick a point in the hand, pick another card (illegal ones are greyed; clicking one
    shows why), see the hand re-played and the difference."""

    def __init__(self, source: RecordSource | TableModel, hand: int = 0) -> None:
        self.message = _html("sl-message")
        self.point_slider = W.IntSlider(value=0, min=0, max=0, description="Cards played",
                                        continuous_update=False, layout=W.Layout(width="30em"),
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
        for ch in m.choices():
            b = _button(ch.label, "sl-choice", ch.play.card.name + (
                "" if ch.ok else f" (not allowed: {ch.rule})"))
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
            self.result_html.value = render.error_html(
                f"{choice.play.pretty} may not be played here: {m.message}", choice.rule)
            return
        assert m.result is not None
        _, b = m.result
        assert b.game is not None
        n = m.table.rules.players
        h = b.game.hands[m.table.hand_index]
        self.result_html.value = (
            f'<div class="sl-diff"><b>If {escape(m.game.seat_name(m.seat or 0))} plays '
            f'{escape(choice.play.pretty)}:</b><ul>'
            + "".join(f"<li>{escape(x)}</li>" for x in m.difference()) + "</ul></div>"
            + (render.score_html(h.scores, n) if h.scores else ""))


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
        opts = dict(parse_option(x.strip()) for x in self.options_text.value.split(",")
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
    """"Who wins this trick?", "May West play this?", "What does this hand score?", answered by
    clicking, with the engine's explanation as feedback."""

    def __init__(self, source: RecordSource, hand: int = 0, *, seed: int = 0,
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
        if questions is None:
            game, err, rule = load_game(source)
            if game is None:
                self.message.value = render.error_html(err or "", rule)
                self.model = QuizModel([])
                return
            questions = quiz_questions(game, hand, random.Random(seed))
            self.players = game.rules.players
        else:
            self.players = 4
        self.model = QuizModel(questions)
        self.next_button.on_click(_safe(lambda _: self._next(), self.message))
        self.show()

    def _next(self) -> None:
        self.model.next()
        self.show()

    def show(self) -> None:
        q = self.model.question
        if q is None:
            self.question_html.value = '<div class="sl-quiz-question">No questions.</div>'
            return
        extra = ""
        if q.cards:
            extra = render.trick_html(list(q.cards), self.players)
        if q.card is not None:
            extra += f'<div class="sl-quiz-card">{render.card_html(q.card)}</div>'
        self.question_html.value = (f'<div class="sl-quiz-question">{escape(q.prompt)}</div>'
                                    + extra)
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
        self.feedback_html.value = (f'<div class="{cls}"><b>{escape(lines[0])}</b><ul>'
                                    + "".join(f"<li>{escape(x)}</li>" for x in lines[1:])
                                    + "</ul></div>")
        for j, b in enumerate(self.buttons):
            if j == self.model.question.answer:  # type: ignore[union-attr]
                b.add_class("sl-answer")
        good, total = self.model.score
        self.score_html.value = f'<span class="sl-quiz-tally">{good}/{total} right</span>'
        return right


__all__ = ["TableApp", "TrumpTimelineView", "ScoreExplainer", "WhatIf", "RuleExplorer", "Quiz"]
