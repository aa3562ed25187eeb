"""The table's words, now :mod:`spades_lab.words.table` (importable without ipywidgets); this
name is kept for code that imported them from the widgets."""
from __future__ import annotations

from ..words.table import *  # noqa: F403 - the same functions
from ..words.table import (
    ACE_WORDS,
    bid_words,
    compare_outcomes,
    describe_action,
    divergence_notes,
    exchange_words,
    hand_changes,
    recorded_play_words,
    step_words,
)

__all__ = ["ACE_WORDS", "bid_words", "compare_outcomes", "describe_action",
           "divergence_notes", "exchange_words", "hand_changes", "recorded_play_words",
           "step_words"]
