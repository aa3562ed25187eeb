"""Checked arguments: the one place the Python API's callers (the widget models, the quiz API)
check what they were given before they change anything.

Each check returns the value (as the type the caller needs) or raises an
:class:`~spades_lab.core.errors.ArgumentError` (rule id ``bad-option``) whose message is a
sentence naming the argument and what it takes.  ``True`` and ``False`` are not numbers here,
nor are ``nan`` and the infinities; a bad value is repeated cut short (:func:`echo`).

>>> whole(3, "the seat", lo=0, hi=3)
3
>>> whole(True, "the seat", lo=0, hi=3)
Traceback (most recent call last):
...
spades_lab.core.errors.ArgumentError: The seat must be a whole number from 0 to 3, not True.
>>> number(0.4, "the pace", lo=0, hi=60)
0.4
>>> seed([1])
Traceback (most recent call last):
...
spades_lab.core.errors.ArgumentError: The seed must be a whole number, not [1].
"""
from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from .errors import ArgumentError, echo

T = TypeVar("T")

#: Seeds are whole numbers of at most this many digits (``random.Random`` takes any; a bound
#: keeps a pasted number from becoming a slow one).
SEED_DIGITS = 38


def _sentence(what: str) -> str:
    return what[:1].upper() + what[1:]


def _range_words(lo: int | float | None, hi: int | float | None) -> str:
    if lo is not None and hi is not None:
        return f" from {lo} to {hi}"
    if lo is not None:
        return f" of at least {lo}"
    if hi is not None:
        return f" of at most {hi}"
    return ""


def is_whole(value: Any) -> bool:
    """An ``int`` that is not a ``bool``.

    >>> is_whole(2), is_whole(True), is_whole(2.0)
    (True, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool)


def whole(value: Any, what: str, *, lo: int | None = None, hi: int | None = None) -> int:
    """``value`` if it is a whole number (not a bool, not a float) within ``lo``..``hi``."""
    if not is_whole(value) or (lo is not None and value < lo) or \
            (hi is not None and value > hi):
        raise ArgumentError(f"{_sentence(what)} must be a whole number{_range_words(lo, hi)}, "
                            f"not {echo(value)}.", argument=what)
    return int(value)


def optional_whole(value: Any, what: str, *, lo: int | None = None,
                   hi: int | None = None) -> int | None:
    """None, or :func:`whole`."""
    return None if value is None else whole(value, what, lo=lo, hi=hi)


def number(value: Any, what: str, *, lo: float | None = None, hi: float | None = None) -> float:
    """``value`` as a float if it is a finite number (an int or a float, not a bool) within
    ``lo``..``hi``."""
    ok = isinstance(value, (int, float)) and not isinstance(value, bool)
    if ok and isinstance(value, int) and value.bit_length() > 64:
        ok = False
    if ok:
        f = float(value)
        ok = math.isfinite(f) and (lo is None or f >= lo) and (hi is None or f <= hi)
    if not ok:
        raise ArgumentError(f"{_sentence(what)} must be a number{_range_words(lo, hi)}, not "
                            f"{echo(value)}.", argument=what)
    return float(value)


def seed(value: Any, what: str = "the seed") -> int:
    """A seed for ``random.Random``: a whole number (not a bool) of at most
    :data:`SEED_DIGITS` digits."""
    if not is_whole(value):
        raise ArgumentError(f"{_sentence(what)} must be a whole number, not {echo(value)}.",
                            argument=what)
    if value.bit_length() > 200 or abs(value) >= 10 ** SEED_DIGITS:
        raise ArgumentError(f"{_sentence(what)} must be a whole number of at most {SEED_DIGITS} "
                            f"digits, not {echo(value)}.", argument=what)
    return int(value)


def flag(value: Any, what: str) -> bool:
    """``value`` if it is ``True`` or ``False``."""
    if not isinstance(value, bool):
        raise ArgumentError(f"{_sentence(what)} must be true or false, not {echo(value)}.",
                            argument=what)
    return value


def text(value: Any, what: str) -> str:
    """``value`` if it is a string."""
    if not isinstance(value, str):
        raise ArgumentError(f"{_sentence(what)} must be text, not {echo(value)}.",
                            argument=what)
    return value


def one_of(value: Any, what: str, choices: Sequence[T]) -> T:
    """``value`` if it is one of ``choices`` (compared by type and value: ``True`` is not
    ``1``)."""
    for c in choices:
        if type(c) is type(value) and c == value:
            return c
    raise ArgumentError(f"{_sentence(what)} must be one of {', '.join(map(str, choices))}, not "
                        f"{echo(value)}.", argument=what)


def mapping(value: Any, what: str) -> Mapping[str, Any]:
    """``value`` if it is a mapping with text keys (None: an empty one)."""
    if value is None:
        return {}
    if not isinstance(value, Mapping) or not all(isinstance(k, str) for k in value):
        raise ArgumentError(f"{_sentence(what)} must be a mapping of names to values, such as "
                            f"{{'target': 300}}, not {echo(value)}.", argument=what)
    return value


def items(value: Any, what: str) -> list[Any]:
    """``value`` as a list if it is a list or a tuple (a string is not a list of its
    letters)."""
    if not isinstance(value, (list, tuple)):
        raise ArgumentError(f"{_sentence(what)} must be a list, not {echo(value)}.",
                            argument=what)
    return list(value)


def instance(value: Any, what: str, kind: type[T] | tuple[type, ...], words: str) -> T:
    """``value`` if it is an instance of ``kind`` (``words`` names it for people)."""
    if not isinstance(value, kind):
        raise ArgumentError(f"{_sentence(what)} must be {words}, not {echo(value)}.",
                            argument=what)
    return value  # type: ignore[return-value]


__all__ = ["whole", "optional_whole", "number", "seed", "flag", "text", "one_of", "mapping",
           "items", "instance", "is_whole", "SEED_DIGITS"]
