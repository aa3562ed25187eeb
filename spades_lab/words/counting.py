"""Counting in words: the one plural rule every sentence of the package uses.

The core writes the engine's sentences (scoring lines, refusals), so the rule lives here, at
the core's layer of :mod:`spades_lab.words`, importing nothing: everything above uses it too.

>>> plural(1, "bag"), plural(3, "bag"), plural(0, "trick")
('1 bag', '3 bags', '0 tricks')
>>> noun(2, "card"), noun(1, "card")
('cards', 'card')
"""
from __future__ import annotations

#: Nouns whose plural is not the noun with an ``s`` (none of the package's counted nouns is
#: irregular today; the table is where one would go).
IRREGULAR: dict[str, str] = {"process": "processes"}


def noun(n: int, word: str) -> str:
    """``word`` as it reads after the number ``n``: singular for exactly one, else plural."""
    if n == 1:
        return word
    return IRREGULAR.get(word, word + "s")


def plural(n: int, word: str) -> str:
    """``n`` and ``word`` in agreement: ``"1 bag"``, ``"2 bags"``, ``"0 tricks"``."""
    if n == 1:  # (noun's rule written out: scoring lines are built on the simulation path)
        return f"1 {word}"
    return f"{n} {IRREGULAR.get(word) or word + 's'}"


__all__ = ["plural", "noun", "IRREGULAR"]
