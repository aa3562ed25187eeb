"""Typed errors.  Every rejected action raises a :class:`RuleError` that carries a stable
rule id (RULINGS.md section 7) and a sentence a student understands.  A rejected action
never changes the state it was tried on.
"""
from __future__ import annotations

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
