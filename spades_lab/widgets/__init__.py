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

from . import models, table
from .models import *  # noqa: F403 - the plain-Python models, listed in models.__all__
from .playmodel import PlayModel
from .table import *  # noqa: F403 - the ipywidgets, listed in table.__all__

__all__ = [*table.__all__, *models.__all__, "PlayModel"]
