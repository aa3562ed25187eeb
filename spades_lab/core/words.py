"""Counting in words, under its first name: a re-export of :mod:`spades_lab.words.counting`
(the package's own modules import that).
"""
from __future__ import annotations

from ..words.counting import (
    noun,
    plural,
)

__all__ = ["noun", "plural"]
