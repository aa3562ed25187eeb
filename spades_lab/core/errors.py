"""Typed errors.  Every rejected action raises a :class:`RuleError` that carries a stable
rule id (RULINGS.md section 7) and a sentence a student understands.  A rejected action
never changes the state it was tried on.
"""
from __future__ import annotations

import re
from typing import Any

#: The rule ids of RULINGS.md section 7, with what each means.  They are a contract:
#: records, quizzes, notebooks and tests use them.
RULE_IDS: dict[str, str] = {
    "wrong-phase": "it is not a bid, exchange or play that the hand is waiting for",
    "not-your-turn": "another seat is to act",
    "unknown-card": "the card text names no card of this deck",
    "card-not-in-hand": "the seat does not hold that card",
    "must-follow-suit": "the seat holds a card of the led suit and played another",
    "trump-not-broken": "it leads an unbroken trump while holding something else to lead",
    "bad-declaration": "a Traveler/Hunter declared as a suit it may not be played as here "
    "(or a declaration on a card that takes none)",
    "bid-out-of-range": "an ordinary bid below 0 or above the hand size",
    "bid-not-allowed": "a bid kind this rule set lacks, or a second nil-type bid by one player",
    "blind-not-allowed": "a blind bid the bidder may not make",
    "exchange-invalid": "the wrong number of cards, cards not held, or an exchange where none "
    "is due",
    "bad-record": "the record is malformed",
    "bad-option": "an unknown rule-set option or a bad option value",
}


class SpadesLabError(Exception):
    """Base class of every error the kit raises on purpose."""


class RuleError(SpadesLabError, ValueError):
    """An action or input broke a rule.

    ``rule`` is a stable id from :data:`RULE_IDS`; ``message`` is the student-facing sentence;
    ``details`` holds structured evidence (e.g. the cards of the led suit the seat holds).
    """

    def __init__(self, rule: str, message: str, **details: Any) -> None:
        super().__init__(message)
        self.rule = rule
        self.message = message
        self.details = details

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.rule!r}, {self.message!r})"

    def to_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "message": self.message}


class IllegalAction(RuleError):
    """A bid, exchange or play the hand may not take now."""


class OptionError(RuleError):
    """An unknown rule-set preset or option, or a bad option value."""

    def __init__(self, message: str, **details: Any) -> None:
        super().__init__("bad-option", message, **details)


class RecordError(RuleError):
    """A game record was rejected.  ``hand`` is the 0-based hand index and ``step`` names the
    action (``"bid 2"``, ``"exchange 0"``, ``"play 17"``) where that is known."""

    def __init__(self, rule: str, message: str, *, hand: int | None = None,
                 step: str | None = None, **details: Any) -> None:
        super().__init__(rule, message, **details)
        self.hand = hand
        self.step = step

    def to_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "hand": self.hand, "step": self.step, "message": self.message}


# ---------------------------------------------------------------------------- bounded input
#: At most this many characters of a bad value are repeated in a message.
ECHO_LIMIT = 80
#: Whole numbers read from text (records, options, bids, command lines) have at most this many
#: digits: no count, score or seat of the kit comes near it.
MAX_INT_DIGITS = 12

_WHOLE = re.compile(rf"-?[0-9]{{1,{MAX_INT_DIGITS}}}", re.ASCII)


def parse_whole(text: Any) -> int | None:
    """The whole number ``text`` spells in ASCII digits (an optional ``-``, at most
    :data:`MAX_INT_DIGITS` digits, spaces around allowed), else None.

    Stricter than ``int()``: superscripts, fullwidth and other Unicode digits, ``_`` separators,
    ``+`` and over-long numbers are not numbers here.

    >>> parse_whole(" 12 "), parse_whole("-3"), parse_whole("\uff11\uff12"), parse_whole("\u00b3")
    (12, -3, None, None)
    >>> parse_whole("1_000"), parse_whole("9" * 13), parse_whole(7)
    (None, None, None)
    """
    if not isinstance(text, str):
        return None
    text = text.strip()
    return int(text) if _WHOLE.fullmatch(text) else None


def echo(value: Any, limit: int = ECHO_LIMIT) -> str:
    """``repr(value)`` cut to about ``limit`` characters (for repeating bad input in a message):
    never longer, never slow, whatever the value's size or depth.

    >>> echo("x" * 1000)[-4:], len(echo("x" * 1000)) <= 81
    ('xxx…', True)
    >>> echo(10 ** 5000)
    'a number of about 5001 digits'
    >>> echo([[[[[[1]]]]]], 12)
    '[[[[…]]]]'
    """
    out: list[str] = []
    _echo(value, out, [limit], 0)
    text = "".join(out)
    return text if len(text) <= limit + 1 else text[:limit] + "…"


def _echo(v: Any, out: list[str], budget: list[int], depth: int) -> None:
    if budget[0] <= 0:
        return
    if isinstance(v, bool) or v is None or isinstance(v, float):
        piece = repr(v)
    elif isinstance(v, int):
        if v.bit_length() > 200:
            piece = f"a number of about {int(v.bit_length() * 0.30103) + 1} digits"
        else:
            piece = repr(v)
    elif isinstance(v, str):
        piece = repr(v[:budget[0] + 1])
        if len(v) > budget[0]:
            piece = piece[:budget[0]] + "…"
    elif isinstance(v, (list, tuple, dict)) and depth < 4:
        opening, closing = ("{", "}") if isinstance(v, dict) else \
            (("[", "]") if isinstance(v, list) else ("(", ")"))
        out.append(opening)
        budget[0] -= 1
        items = list(v.items())[:budget[0]] if isinstance(v, dict) else list(v[:budget[0]])
        for i, item in enumerate(items):
            if budget[0] <= 0:
                out.append("…")
                break
            if i:
                out.append(", ")
                budget[0] -= 2
            if isinstance(v, dict):
                _echo(item[0], out, budget, depth + 1)
                out.append(": ")
                budget[0] -= 2
                _echo(item[1], out, budget, depth + 1)
            else:
                _echo(item, out, budget, depth + 1)
        if len(v) > len(items):
            out.append(", …")
        out.append(closing)
        return
    elif isinstance(v, (list, tuple, dict)):
        piece = "…"
    else:
        piece = f"<{type(v).__name__}>"
    out.append(piece)
    budget[0] -= len(piece)


# ---------------------------------------------------------------------------- bad arguments
class ArgumentError(OptionError):
    """A call to the Python API (a widget model, the quiz API) was given an argument of the
    wrong kind or out of range: rule id ``bad-option``; ``argument`` names it in words.  The
    checks live in :mod:`spades_lab.core.args`; a refused call changes nothing."""

    def __init__(self, message: str, *, argument: str = "", **details: Any) -> None:
        super().__init__(message, **details)
        self.argument = argument


# ---------------------------------------------------------------------------- files and folders
#: The ids of a refusal to write a file or folder (the commands' outputs, a saved game).  They
#: are not rules of the game (:data:`RULE_IDS` holds those), but they are as stable.
OUTPUT_IDS: dict[str, str] = {
    "unsafe-target": "the folder is one a command never fills or replaces: the current folder "
    "or one holding it, the home folder, /, the download cache, the course's own source",
    "not-ours": "the folder holds files that are not an earlier result of the command",
    "file-exists": "a file of that name is there already",
    "not-a-folder": "the name is a file or a link to nothing, not a folder",
    "cannot-write": "the file or folder could not be written (permissions, a full disk, ...)",
    "busy": "another run holds the folder",
    "tool-failed": "an outside program (Chromium) failed or did not finish",
}


class OutputError(SpadesLabError, OSError):
    """A file or folder was not written, or a folder was refused as a place to write.

    ``rule`` is a stable id from :data:`OUTPUT_IDS`; ``message`` is one sentence a teacher
    understands, naming the file and what to do (``--force``, another folder).  An
    ``OSError``, so code that reports operating-system errors reports it too, with its sentence.

    >>> e = OutputError("file-exists", "handouts/rules_standard.html is there already.")
    >>> str(e), e.rule, isinstance(e, OSError)
    ('handouts/rules_standard.html is there already.', 'file-exists', True)
    """

    def __init__(self, rule: str, message: str, *, path: str | None = None) -> None:
        OSError.__init__(self, 0, message)
        self.rule = rule
        self.message = message
        self.path = path

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.rule!r}, {self.message!r})"

    def to_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "message": self.message}
