"""The plain-text accounts, under their first name: a re-export of :mod:`spades_lab.render.text`
(the package's own modules import that).
"""
from __future__ import annotations

from .render.text import (
    game_account,
    game_result_line,
    hand_account,
    play_text,
    score_lines,
    trick_line,
)

__all__ = ["play_text", "trick_line", "hand_account", "score_lines", "game_result_line",
           "game_account"]
