"""Play mode: a thin ipywidgets view of :class:`spades_lab.table.PlayModel` (the learner at one
seat, bots at the others), drawn by :func:`spades_lab.render.table_html` (``compact``)."""
from __future__ import annotations

import asyncio
import base64
from collections.abc import Callable, Sequence
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as W

from .. import render
from .._jupyter import served
from ..core.cards import SUITS, Card, Play
from ..core.engine import Game, Phase
from ..core.errors import OptionError
from ..core.rules import HOUSE_SCORING_OPTIONS, ONLINE_TARGETS, PRESETS, RuleSet, seat_name
from ..table import (
    HouseChoice,
    PlayModel,
    house_play_choices,
    house_setup_words,
    setup_options,
)
from .common import RecordSource, bounded, button, html_box, no_null_tooltips, safe, went_wrong

#: The rule sets in words, for the setup menu (:data:`spades_lab.render.PRESET_WORDS`).
PRESET_WORDS = render.PRESET_WORDS
#: The bidding help's few styles: the line for the phase, the words under the table; on a
#: projector (a teacher at the front says them aloud) the line for the phase, "taken/bid" in
#: words and what a kind of bid promises give their room to the cards, so the table still
#: fits 1024x768.
TEACH_CSS = """
.sl-guide{margin:2px 0 4px;font-weight:600}
.sl-taken-words,.sl-bid-words{font-size:13px;margin:2px 0}
.sl-play-app.sl-projector .sl-guide-box,.sl-play-app.sl-projector .sl-taken-box,
.sl-play-app.sl-projector .sl-bid-kind-words{display:none}
"""
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
                 ("count toward the partner's bid", "count_toward_bid"),
                 ("are ignored (no points, no bags)", "ignored")],
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
    out.update(_house_play_controls(preset, style))
    out.update(_house_scoring_controls(r, style))
    return out


# house rules: bidding and play: a control per rule the preset takes, from the table's choices
def _house_play_controls(preset: str, style: dict[str, str]) -> dict[str, W.Widget]:
    """One control per bidding or play house rule of ``preset``
    (:func:`spades_lab.table.house_play_choices`: their labels and choices in words)."""
    def control(c: HouseChoice) -> W.Widget:
        if c.kind == "flag":
            return W.Checkbox(description=c.label, value=c.value, indent=False)
        if c.kind == "count":
            return W.BoundedIntText(description=c.label, value=c.value, min=0, max=c.most,
                                    style=style, layout=W.Layout(width="30em"))
        return W.Dropdown(description=c.label, options=list(c.choices), value=c.value,
                          style=style, layout=W.Layout(width="36em"))
    return {c.option: control(c) for c in house_play_choices(preset)}


# house rules: scoring (RULINGS.md section 9), the controls of those the preset takes
def _house_scoring_controls(r: RuleSet, style: dict[str, str]) -> dict[str, W.Widget]:
    """One control per scoring or game-end house rule of ``r``'s preset, in words, at the
    seed rules' defaults (a combination the rules refuse is refused when the game is dealt)."""
    have = set(HOUSE_SCORING_OPTIONS[r.name])
    out: dict[str, W.Widget] = {}
    wide = W.Layout(width="22em")

    def long() -> W.Layout:  # room for the description and the longest choice
        return W.Layout(width="36em")
    if "nil_points" in have:
        out["nil_points"] = W.Dropdown(description="Nil is worth",
                                       options=[("100 (blind nil 200)", 100),
                                                ("50 (blind nil 100)", 50)],
                                       value=r.nil_points, style=style, layout=long())
    if "partners_nil" in have:
        out["partners_nil"] = W.Dropdown(
            description="When both partners bid nil",
            options=[("each nil scores alone", "separate"),
                     ("one bid: both made or both lost", "unit"),
                     ("each alone, their tricks not bags", "no_bags")],
            value=r.partners_nil, style=style, layout=long())
    out["overtrick_points"] = W.Dropdown(description="Each trick over the bid scores",
                                         options=[("1 point (and a bag)", 1),
                                                  ("nothing (still a bag)", 0)],
                                         value=r.overtrick_points, style=style, layout=long())
    if "big_bid_bonus" in have:
        out["big_bid_bonus"] = W.BoundedIntText(description="Bonus for a made big bid (points)",
                                                value=r.big_bid_bonus, min=0, max=1000,
                                                step=50, style=style, layout=wide)
        out["big_bid_min"] = W.BoundedIntText(description="A big bid is at least (tricks)",
                                              value=r.big_bid_min, min=1, max=r.hand_size,
                                              style=style, layout=wide)
        out["moon_bonus"] = W.BoundedIntText(description="Bonus for all 13 tricks (points)",
                                             value=r.moon_bonus, min=0, max=1000, step=50,
                                             style=style, layout=wide)
    out["bag_penalty_once"] = W.Checkbox(description="At most one bag penalty a hand",
                                         value=r.bag_penalty_once, indent=False)
    out["bag_penalty_while_negative"] = W.Checkbox(
        description="Bag penalty even while the score is below 0",
        value=r.bag_penalty_while_negative, indent=False)
    out["hand_limit"] = W.BoundedIntText(description="Most hands in a game (0: no limit)",
                                         value=r.hand_limit or 0, min=0, max=500, style=style,
                                         layout=wide)
    out["tie_break"] = W.Dropdown(description="A tie for the highest at the end",
                                  options=[("plays another hand", "play_on"),
                                           ("goes to the team that made its bid", "made_bid"),
                                           ("goes to the team with fewer bags", "fewer_bags")],
                                  value=r.tie_break, style=style, layout=long())
    return out
# end of house rules: scoring


def _options_of(controls: dict[str, W.Widget]) -> dict[str, Any]:
    return setup_options({k: w.value for k, w in controls.items()})


def _fold(title: str, css: str, children: list[W.Widget]) -> W.VBox:
    """Controls folded away under a toggle that shows them."""
    box = W.VBox(children, layout=W.Layout(display="none", width="100%"))
    show = W.ToggleButton(description=title, value=False, layout=W.Layout(width="auto"))
    show.add_class(f"{css}-toggle")

    def _toggle(change: dict[str, Any]) -> None:
        box.layout.display = "flex" if change["new"] else "none"
    show.observe(_toggle, names="value")
    fold = W.VBox([show, box], layout=W.Layout(width="100%"))
    fold.add_class(css)
    return fold


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
    >>> [label for label, _ in t.kind_select.options]
    ['A number', 'Nil']
    >>> t.number_select.value = 4; t.bid_button.click()
    >>> t.model.game.hands[0].bids[2].label
    '4'
    """

    def __init__(self, rules: str = "standard", options: dict[str, Any] | None = None, *,
                 seat: int = 0, seed: int = 0, pace: float = 0.4,
                 model: PlayModel | None = None, projector: bool = False,
                 files: bool = True) -> None:
        #: whether the table may write a file the learner names (never when served)
        self.files = files and not served()
        self.message = html_box("sl-message")
        self.title = html_box("sl-title")
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
        self.new_button = button("Deal a new game", "sl-new-game")
        self.projector_toggle = W.ToggleButton(description="Projector mode", value=projector,
                                               tooltip="large cards, fits a 1024×768 screen")
        self.projector_toggle.add_class("sl-projector-toggle")
        self.setup_box = W.VBox([W.HBox([self.preset_select, self.seat_select, self.seed_text,
                                         self.pace_select], layout=W.Layout(
                                             flex_flow="row wrap")),
                                 self.options_box, W.HBox([self.new_button])])
        self.setup_box.add_class("sl-play-setup")
        # the table
        self.status_html = html_box("sl-status-box")
        self.guide_html = html_box("sl-guide-box")
        self.taken_html = html_box("sl-taken-box")
        self.trumps_html = html_box("sl-trumps-box")
        self.table_html = html_box("sl-table-box")
        self.hand_label = html_box("sl-hand-label")
        self.hand_box = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.hand_box.add_class("sl-hand-buttons")
        self.declare_box = W.HBox()
        self.declare_box.add_class("sl-declare")
        # a bid is a kind (a number of tricks, Nil, Nil Spades, Blind Nil, ...) and a number
        self.kind_select = W.Dropdown(description="Your bid", options=[],
                                      style={"description_width": "initial"},
                                      layout=W.Layout(width="16em"))
        self.kind_select.add_class("sl-bid-kind")
        self.number_select = W.Dropdown(description="tricks", options=[],
                                        style={"description_width": "initial"},
                                        layout=W.Layout(width="9em"))
        self.number_select.add_class("sl-bid-number")
        self.kind_html = html_box("sl-bid-kind-words")
        self.bid_button = button("Bid", "sl-bid")
        self.look_button = button("Look at my cards", "sl-look")
        self.bid_box = W.HBox([self.look_button, self.kind_select, self.number_select,
                               self.bid_button, self.kind_html],
                              layout=W.Layout(flex_flow="row wrap"))
        self.bid_box.add_class("sl-bid-box")
        self.count_select = W.Dropdown(description="Cards to pass", options=[0],
                                       style={"description_width": "initial"},
                                       layout=W.Layout(width="14em"))
        self.count_select.add_class("sl-pass-count")
        self.pass_button = button("Pass the cards", "sl-pass")
        self.exchange_html = html_box("sl-exchange-text")
        self.exchange_box = W.HBox([self.exchange_html, self.count_select, self.pass_button])
        self.exchange_box.add_class("sl-exchange-box")
        # a claim of the remaining tricks (docs/rulings.md section 10), on your turn to play
        self.claim_select = W.Dropdown(description="Claim", options=[],
                                       style={"description_width": "initial"},
                                       layout=W.Layout(width="16em"))
        self.claim_select.add_class("sl-claim-count")
        self.claim_button = button("Claim", "sl-claim", "say how many of the remaining tricks "
                                   "your side takes; the solver checks it")
        self.claim_box = W.HBox([self.claim_select, self.claim_button],
                                layout=W.Layout(flex_flow="row wrap"))
        self.claim_box.add_class("sl-claim-box")
        self.undo_button = button("Undo", "sl-undo", "take back your last decision")
        self.hint_button = button("Hint", "sl-hint", "what the practice bot would do")
        self.next_hand_button = button("Deal the next hand", "sl-next-hand")
        self.save_button = (
            button("Save game", "sl-save", "the game record, for replay") if self.files else
            button("Download the game", "sl-save",
                    "the game record, for replay, as a file in your browser's downloads"))
        self.best_card_button = button("Show me the best card", "sl-best-card",
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
        self.hint_html = html_box("sl-hint-box")
        self.recap_html = html_box("sl-recap-box")
        self.review_html = html_box("sl-review-box")
        self.save_html = html_box("sl-save-box")
        self.score_html = html_box("sl-play-score")
        self.explanation_html = html_box("sl-play-explanation")
        style = html_box("sl-style", f"<style>{render.CSS}\n{render.play_css()}\n{TEACH_CSS}"
                                       "</style>")
        super().__init__([style, self.title, self.setup_box, self.message, self.status_html,
                          self.guide_html, self.trumps_html, self.table_html, self.taken_html,
                          self.hand_label, self.hand_box,
                          self.declare_box, self.bid_box, self.exchange_box, self.claim_box,
                          actions,
                          self.hint_html, self.recap_html, self.review_html, self.score_html,
                          self.explanation_html, self.save_html])
        no_null_tooltips(self)
        self.add_class("sl-play-app")
        self.add_class("sl-root")
        self._cards: list[Card] = []
        self._card_buttons: list[W.Button] = []
        self._selected: set[Card] = set()
        self._pending: asyncio.TimerHandle | None = None
        self._controls: dict[str, W.Widget] = {}
        self.house_html = html_box("sl-house-words")
        m = self.message
        self.preset_select.observe(safe(lambda _: self._setup_for(self.preset_select.value),
                                         m), names="value")
        self.new_button.on_click(safe(lambda _: self.new_game(), m))
        self.look_button.on_click(safe(lambda _: self._act(self.model.look), m))
        self.bid_button.on_click(safe(lambda _: self.bid_chosen(), m))
        self.kind_select.observe(safe(lambda _: self._draw_numbers(), m), names="value")
        self.pass_button.on_click(safe(lambda _: self.pass_cards(), m))
        self.undo_button.on_click(safe(lambda _: self.undo(), m))
        self.claim_button.on_click(safe(lambda _: self.claim_chosen(), m))
        self.hint_button.on_click(safe(lambda _: self.hint(), m))
        self.best_card_button.on_click(safe(lambda _: self.show_best_card(), m))
        self.next_hand_button.on_click(safe(lambda _: self._act(self.model.next_hand), m))
        self.save_button.on_click(safe(lambda _: self.save(), m))
        self.projector_toggle.observe(safe(lambda ch: self.set_projector(ch["new"]), m),
                                      names="value")
        self.pace_select.observe(safe(lambda ch: self._set_pace(ch["new"]), m), names="value")
        if model is not None and options is None:
            options = model.rules.options()  # the game's own options, shown as they are
        self._setup_for(self.preset_select.value, options)
        if model is None:
            self.seat_select.value = seat
            model = PlayModel(rules, options, seat=seat, seed=seed, pace=self.pace_select.value)
        else:
            self.seat_select.value = model.seat
            self.seed_text.value = model.seed
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
        return cls(model.rules.name, model.rules.options(), seat=model.seat, seed=seed,
                   pace=pace, model=model, projector=projector, files=files)

    # ------------------------------------------------------------------ setup
    def _setup_for(self, preset: str, options: dict[str, Any] | None = None) -> None:
        self._controls = _option_controls(preset)
        for k, v in (options or {}).items():
            if k in self._controls:
                w = self._controls[k]
                w.value = (v or 0) if k in ("bag_limit", "hand_limit", "team_bid_max",
                                            "team_bid_min") else v
        for k, w in self._controls.items():
            w.add_class(f"sl-option-{k.replace('_', '-')}")
        # the house rules fold away under their headings (bidding and play, then scoring),
        # the table options first
        play = {c.option for c in house_play_choices(preset)}
        house = set(HOUSE_SCORING_OPTIONS[preset])
        children: tuple[W.Widget, ...] = tuple(w for k, w in self._controls.items()
                                               if k not in house and k not in play)
        if play:  # house rules: bidding and play
            children += (_fold("House rules: bidding and play", "sl-house-play-rules",
                               [w for k, w in self._controls.items() if k in play]),)
        folded = [w for k, w in self._controls.items() if k in house]
        if folded:
            children += (_fold("House rules: scoring and the end of the game", "sl-house-rules",
                               folded),)
        # under the controls, the house rules chosen in their sentences (or the refusal)
        self.options_box.children = children + (self.house_html,)
        for w in self._controls.values():
            w.observe(safe(lambda _: self._say_house(), self.message), names="value")
        self._say_house()
        n = RuleSet.preset(preset).players
        old = self.seat_select.value if self.seat_select.options else 0
        self.seat_select.options = [(seat_name(s, n), s) for s in range(n)]
        self.seat_select.value = old if isinstance(old, int) and old < n else 0

    def _say_house(self) -> None:
        """The bidding and play house rules chosen, in the rules' own sentences, or the
        sentence refusing the combination."""
        ok, lines = house_setup_words(self.preset_select.value,
                                      {k: w.value for k, w in self._controls.items()})
        if not ok:
            self.house_html.value = render.message_html(lines[0])
        else:
            self.house_html.value = ('<ul class="sl-house-list">' + "".join(
                f"<li>{render.text_html(x)}</li>" for x in lines) + "</ul>") if lines else ""

    def new_game(self) -> None:
        """Deal a new game with the rule set, options, seat, seed and pace chosen."""
        self._cancel()
        try:
            rules = RuleSet.preset(self.preset_select.value, _options_of(self._controls))
        except OptionError as e:  # a combination of options the rules refuse, in words
            self.message.value = render.message_html(e.words, str(e.rule))
            return
        self._start(PlayModel(rules, seat=self.seat_select.value, seed=self.seed_text.value,
                              pace=self.pace_select.value))

    def _start(self, model: PlayModel) -> None:
        self.model = model
        r = model.rules
        h = model.game.hand
        over = (f' You take over hand {h.index + 1} of a record at trick '
                f'{len(h.tricks) + 1}: the deal and the hand so far are the record\'s (see '
                '"The hand so far" below).') if model.taken_at and h is not None else ""
        self.title.value = (f'<div class="sl-title-text"><b>{escape(render.rules_title(r))}'
                            f'</b>, {escape(", ".join(render.table_words(r)))}. You sit '
                            f'{escape(model.game.seat_name(model.seat))}.{escape(over)}</div>'
                            '<details class="sl-rules-words"><summary>Table options</summary>'
                            '<ul>' + "".join(f"<li>{escape(x)}</li>"
                                             for x in model.setup_words()[1:]) +
                            "</ul></details>")
        self.hint_html.value = ""
        self.review_html.value = ""
        self.save_html.value = ""
        # a hand taken over from a record: what happened in it before, open to read first
        self.recap_html.value = (
            '<details class="sl-recap" open><summary>The hand so far</summary><ul>' +
            "".join(f"<li>{render.text_html(x)}</li>" for x in model.taken_at[1:]) +
            "</ul></details>") if model.taken_at else ""
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
            b = button(f"Play the {p.card.name} as {SUITS[p.suit].name}",
                        "sl-declare-as")
            b.on_click(safe(self._declarer(p), self.message))
            buttons.append(b)
        self.declare_box.children = tuple(buttons)

    def _declarer(self, p: Play) -> Callable[[Any], None]:
        def click(_: Any) -> None:
            self._act(lambda: self.model.play(p))
        return click

    def claim_chosen(self) -> None:
        """Claim the number of remaining tricks chosen (the solver checks it; the robots
        accept a proved claim and play on against any other, and the table says why)."""
        value = self.claim_select.value
        if value is None:
            self.message.value = render.message_html("A claim is made on your turn to play.")
            return
        self._act(lambda: self.model.claim(value))

    def bid_chosen(self) -> None:
        """Bid the kind and number chosen (nothing is chosen for you before a blind bid)."""
        kinds = self.model.bid_menu()
        i = self.kind_select.value
        if not 0 <= i < len(kinds):
            self.message.value = render.message_html(
                "Choose a blind bid first, or look at your cards." if
                self.model.waiting() == "look" else "Choose a bid first.")
            return
        kind = kinds[i]
        n = self.number_select.value if len(kind.bids) > 1 else kind.bids[0].tricks
        try:
            bid = kind.bid(n)
        except KeyError:
            self.message.value = render.message_html(f"Choose a number for {kind.label}.")
            return
        self._act(lambda: self.model.bid(bid))

    def _draw_numbers(self) -> None:
        """The numbers of the kind of bid chosen (hidden for a kind with one bid), and what
        that kind promises in words."""
        kinds = self.model.bid_menu()
        i = self.kind_select.value
        kind = kinds[i] if isinstance(i, int) and 0 <= i < len(kinds) else None
        self.bid_button.disabled = kind is None
        if kind is None:
            self.number_select.layout.display = "none"
            self.kind_html.value = ""
            return
        self.kind_html.value = (f'<span class="sl-bid-words">{escape(kind.label)}: '
                                f'{escape(kind.words)}.</span>')
        nums = kind.numbers
        self.number_select.layout.display = "" if len(nums) > 1 else "none"
        self.number_select.description = "+ tricks" if kind.nil is not None else "tricks"
        old = self.number_select.value
        self.number_select.options = [(str(x), x) for x in nums]
        self.number_select.value = old if old in nums else (3 if 3 in nums else nums[0])

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
        path = bounded(self.save_path.value, "A file name") if self.save_path is not None \
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
            self.message.value = render.message_html(went_wrong(e))

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
        badges = m.partner_badges(m.seat)
        self.table_html.value = render.table_html(
            h, seat=m.seat, face_up=[False] * m.rules.players, trick=v.plays, winning=v.winning,
            winner=v.winner, trick_caption=v.caption, names=m.game.players, compact=True,
            seat_badges=badges)
        self.taken_html.value = (f'<div class="sl-taken-words">{escape(m.taken_words())}'
                                 '</div>')
        self._draw_hand()
        self.declare_box.children = ()
        # bidding
        kinds = m.bid_menu()
        self.bid_box.layout.display = "" if w in ("look", "bid") else "none"
        self.look_button.layout.display = "" if w == "look" else "none"
        options = [(k.label, i) for i, k in enumerate(kinds)]
        if w == "look":  # nothing chosen for the learner: a blind bid is a choice to make
            self.kind_select.options = [("choose a blind bid…", -1), *options]
            self.kind_select.value = -1
        else:
            self.kind_select.options = options
            if options:
                ordinary = next((i for i, k in enumerate(kinds) if k.nil is None), 0)
                self.kind_select.value = ordinary
        self.kind_select.description = "Blind bid" if w == "look" else "Your bid"
        self.bid_button.description = "Bid blind" if w == "look" else "Bid"
        self._draw_numbers()
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
        # a claim, on your turn to play
        self.claim_box.layout.display = "" if w == "play" else "none"
        if w == "play" and h.remaining:
            r = h.remaining
            self.claim_select.options = [(f"the rest ({r})", r)] + [
                (f"{k} of {r}", k) for k in range(r - 1, 0, -1)] + [("none: concede", 0)]
            self.claim_select.value = r
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
        self.guide_html.value = (f'<div class="sl-guide">{render.text_html(m.guide())}</div>'
                                 if m.game.hand is not None else "")
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
            look = " (you have not looked at them yet)" if m.game.phase == Phase.BIDDING else ""
            self.hand_label.value = f'<div class="sl-hand-title">Your cards{look}</div>'
        else:
            tail = ": the cards you may play are marked green" if w == "play" else ""
            self.hand_label.value = f'<div class="sl-hand-title">Your cards{tail}</div>'
        while len(self._card_buttons) < len(cards):
            b = W.Button(layout=W.Layout(width="auto"))
            b.on_click(safe(self._clicker(len(self._card_buttons)), self.message))
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


__all__ = ["PlayTable", "PRESET_WORDS", "PACES"]
