"""spades_lab: a rules engine and course for Spades-family trick-taking games."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .core.bids import Bid, parse_bid
from .core.cards import HECKADECK, HECKADECK_TH, STANDARD_DECK, SUITS, Card, Deck, Play, parse_card
from .core.engine import Check, Game, SeatView, Trick
from .core.errors import RULE_IDS, IllegalAction, OptionError, RecordError, RuleError
from .core.rules import PRESETS, RuleSet, seat_name
from .core.scoring import LineItem, NilResult, Outcome, TeamScore, score_hand
from .core.tricks import trick_winner

if TYPE_CHECKING:
    from .core.line import Line

__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    """``Line`` is loaded when first asked for: it brings the record reader and its checks,
    which a program that only plays games never needs (``import spades_lab`` stays quick)."""
    if name == "Line":
        from .core.line import Line
        return Line
    raise AttributeError(f"module 'spades_lab' has no attribute {name!r}")

__all__ = ["Bid", "parse_bid", "Card", "Deck", "Play", "parse_card", "SUITS", "STANDARD_DECK",
           "HECKADECK", "HECKADECK_TH", "Check", "Game", "Line", "SeatView", "Trick",
           "trick_winner", "IllegalAction", "OptionError", "RecordError", "RuleError", "RULE_IDS",
           "PRESETS", "RuleSet", "LineItem", "NilResult", "Outcome", "TeamScore", "score_hand",
           "seat_name"]
