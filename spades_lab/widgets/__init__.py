"""Jupyter widgets (ipywidgets) for the table, the trump timeline, the score explainer, the
what-if, the rule explorer and the quiz: thin views, one module each, over the plain-Python
models of :mod:`spades_lab.table`.

Not imported by ``spades_lab`` itself (the engine needs no ipywidgets), and the models need
no ipywidgets either: import them from :mod:`spades_lab.table` where ipywidgets is not
installed (a server, a script).  They are re-exported here for notebooks.

>>> from spades_lab.widgets import TableApp
>>> app = TableApp("data/scenarios/demo_acorns_th.json")
>>> app.model.rules.name
'acorns'
"""
from __future__ import annotations

from .. import table as models
from ..table import *  # noqa: F403 - the plain-Python models, listed in spades_lab.table.__all__
from . import table
from .table import *  # noqa: F403 - the ipywidgets, listed in widgets.table.__all__

__all__ = [*table.__all__, *models.__all__]
