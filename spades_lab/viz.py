"""The matplotlib plots, under their first name: a re-export of :mod:`spades_lab.render.plots`
(the package's own modules import that).
"""
from __future__ import annotations

from .render.plots import (
    PROJECTOR_PT,
    score_progress_plot,
    trump_timeline_plot,
)

__all__ = ["trump_timeline_plot", "score_progress_plot", "PROJECTOR_PT"]
