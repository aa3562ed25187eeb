"""The rule explorer: a thin ipywidgets view of :class:`spades_lab.table.RuleExplorerModel`."""
from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as W

from .. import render
from ..core.errors import Rule, RuleError
from ..core.rules import PRESETS, RuleSet, parse_option
from ..table import (
    RuleExplorerModel,
    load_game,
)
from .common import RecordSource, bounded, button, html_box, no_null_tooltips, safe, style_box


class RuleExplorer(W.VBox):
    """Choose a preset and options, see what changes on the same deal (bids and plays kept
    where they are still legal)."""

    def __init__(self, source: RecordSource, hand: int = 0) -> None:
        self.message = html_box("sl-message")
        self.preset_select = W.Dropdown(description="Preset", options=list(PRESETS))
        self.preset_select.add_class("sl-preset")
        self.options_text = W.Text(description="Options", placeholder="key=value, key=value",
                                   layout=W.Layout(width="34em"))
        self.options_text.add_class("sl-options-input")
        self.compare_button = button("compare", "sl-compare")
        self.result_html = html_box("sl-explorer-result")
        super().__init__([style_box(), self.message,
                          W.HBox([self.preset_select, self.compare_button]),
                          self.options_text, self.result_html])
        no_null_tooltips(self)
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
        self.compare_button.on_click(safe(lambda _: self.compare(), self.message))

    def rules(self) -> RuleSet:
        text = bounded(self.options_text.value, "The list of options", Rule.BAD_OPTION)
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


__all__ = ["RuleExplorer"]
