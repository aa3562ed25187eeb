"""The replay table's models, now in :mod:`spades_lab.table` (plain Python, importable without
ipywidgets); this module keeps the names for code that imported them from the widgets."""
from __future__ import annotations

from ..table import (
    Choice,
    HandSide,
    Positions,
    QuizModel,
    RuleExplorerModel,
    TableModel,
    WhatIfModel,
    hand_record,
    load_game,
    quiz_questions,
)

__all__ = ["TableModel", "WhatIfModel", "RuleExplorerModel", "QuizModel", "Choice", "HandSide",
           "Positions", "quiz_questions", "load_game", "hand_record"]
