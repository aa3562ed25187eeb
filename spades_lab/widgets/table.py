"""The widgets, by the names they had when they lived in this one module: each is now a thin
ipywidgets view in a module of its own over a model of :mod:`spades_lab.table`
(:mod:`~spades_lab.widgets.replay`, :mod:`~spades_lab.widgets.play`,
:mod:`~spades_lab.widgets.whatif`, :mod:`~spades_lab.widgets.explorer`,
:mod:`~spades_lab.widgets.quiz`, :mod:`~spades_lab.widgets.timeline`), over the shared helpers
of :mod:`~spades_lab.widgets.common`.

Every part has a stable CSS class beginning ``sl-`` (README, "CSS classes").  A widget never
shows a traceback: bad input becomes a message (``sl-error``).

Served to a class (``spades-lab serve`` marks its kernels: :func:`spades_lab._jupyter.served`),
the widgets name no file on the server: no path box is built at all (not even hidden), the play
table's record is a download in the browser, and an error's details go to the server's log only;
the page gets a sentence.
"""
from __future__ import annotations

from .common import MAX_TEXT, bounded, keep_tracebacks_on_the_server, safe, went_wrong
from .explorer import RuleExplorer
from .play import PACES, PRESET_WORDS, PlayTable
from .quiz import LEVEL_WORDS, Quiz
from .replay import TableApp
from .timeline import ScoreExplainer, TrumpTimelineView
from .whatif import WhatIf

#: The helpers' old private names (code and tests written against this module use them).
_safe, _bounded, _went_wrong = safe, bounded, went_wrong

__all__ = ["TableApp", "PlayTable", "TrumpTimelineView", "ScoreExplainer", "WhatIf", "RuleExplorer",
           "Quiz", "MAX_TEXT", "keep_tracebacks_on_the_server", "PACES", "PRESET_WORDS",
           "LEVEL_WORDS"]
