"""Jupyter widgets (ipywidgets) for the table, the trump timeline, the score explainer, the
what-if, the rule explorer and the quiz.

Not imported by ``spades_lab`` itself (the engine needs no ipywidgets).  The state behind each
widget lives in :mod:`spades_lab.widgets.models` (plain Python, no ipywidgets), so it can be
tested and reused without a browser.

>>> from spades_lab.widgets import TableApp
>>> app = TableApp("data/scenarios/demo_acorns_th.json")
>>> app.model.rules.name
'acorns'
"""
from __future__ import annotations

from .models import (
                     Question,
                     QuizModel,
                     RuleExplorerModel,
                     TableModel,
                     WhatIfModel,
                     load_game,
                     quiz_questions,
)
from .table import Quiz, RuleExplorer, ScoreExplainer, TableApp, TrumpTimelineView, WhatIf

__all__ = ["TableApp", "TrumpTimelineView", "ScoreExplainer", "WhatIf", "RuleExplorer", "Quiz",
           "TableModel", "WhatIfModel", "RuleExplorerModel", "QuizModel", "Question",
           "quiz_questions", "load_game"]
