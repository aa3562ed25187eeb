"""Play mode's model, now :class:`spades_lab.table.PlayModel` (plain Python, importable without
ipywidgets); this module keeps the names for code that imported them from the widgets."""
from __future__ import annotations

from ..table import (
    MAX_PACE,
    WAITS,
    BidChoice,
    Mark,
    PlayModel,
    card_words,
    option_words,
    options_from_text,
    plain,
    score_lines,
    trick_lines,
)

__all__ = ["PlayModel", "BidChoice", "Mark", "WAITS", "MAX_PACE", "option_words", "plain",
           "card_words", "trick_lines", "score_lines", "options_from_text"]
