"""A game's moments in words for learners: numbers by seat, the cards and bids of a step, a
step and a place in a hand's line, yes and no, the winners and the totals (seats and teams
by name, cards in words, counted from 1)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..core.bids import Bid
from ..core.cards import (
    SUIT_BITS,
    Card,
    Play,
    card_words,
    cards_words,
    parse_card,
)
from ..core.errors import RuleError
from ..core.rules import seat_name, team_name

if TYPE_CHECKING:
    from ..core.engine import Game
    from ..core.records import ReplayResult, Step


def seat_counts(values: Sequence[int], players: int) -> str:
    """A number per seat, by seat name: ``"North 7, East 5, South 0, West 1"``."""
    return ", ".join(f"{seat_name(s, players)} {v}" for s, v in enumerate(values))


def seat_changes(before: Sequence[int], after: Sequence[int], players: int) -> str:
    """Per-seat numbers before and after, by seat name, the changed ones as ``5 → 3``.

    >>> seat_changes([7, 5, 0, 1], [7, 3, 1, 1], 4)
    'North 7, East 5 → 3, South 0 → 1, West 1'
    """
    out = []
    for s in range(max(len(before), len(after))):
        x = before[s] if s < len(before) else None
        y = after[s] if s < len(after) else None
        if x == y:
            out.append(f"{seat_name(s, players)} {x}")
        else:
            out.append(f"{seat_name(s, players)} {_or_none(x)} → {_or_none(y)}")
    return ", ".join(out)


def _or_none(v: Any) -> str:
    return "none" if v is None else str(v)


def step_cards(value: Any, as_: str | None = None) -> str:
    """The cards or play of a step in words, for after "plays" or "passes"
    (:func:`~spades_lab.core.cards.card_words`); a record's card codes are read first, ``as_``
    is the suit a Traveler/Hunter is played as.

    >>> step_cards("AH"), step_cards(["AH", "7S"]), step_cards([]), step_cards("TPS", "S")
    ('the Ace of Hearts', 'the Ace of Hearts and the 7 of Spades', 'no cards', \
'the Traveler of Planets/Spades as Spades')
    """
    if isinstance(value, (Play, Card)):
        return card_words(value, verb=True)
    if isinstance(value, (list, tuple)):
        try:
            return cards_words(parse_card(v) for v in value) or "no cards"
        except RuleError:  # not all card codes: each as written
            return " and ".join(step_cards(v) for v in value)
    try:
        card = parse_card(str(value))
    except RuleError:  # not a card code: say what was written
        return str(value)
    if as_ and card.is_dual and as_ in card.suits:
        return card_words(card.play_as[SUIT_BITS[as_]], verb=True)
    return card_words(card)


def bid_words(value: Any) -> str:
    """A bid of a step: ``5``, ``Nil``, ``Blind Nil``."""
    if isinstance(value, Bid):
        return value.label
    if isinstance(value, str):
        return value.title()
    return str(value)


def step_words(step: Step, players: int) -> str:
    """One action in words: ``"West bids 6"``, ``"South plays the Ace of Hearts"``, ``"East
    passes the 2 and Queen of Spades to West"``.

    >>> from spades_lab.core.records import Step
    >>> step_words(Step("play", 2, "AH"), 4), step_words(Step("bid", 3, "nil"), 4)
    ('South plays the Ace of Hearts', 'West bids Nil')
    """
    ok = isinstance(step.seat, int) and 0 <= step.seat < players
    who = seat_name(step.seat, players) if ok else "a seat"  # type: ignore[arg-type]
    if step.kind == "bid":
        return f"{who} bids {bid_words(step.value)}"
    if step.kind == "exchange":
        to = f" to {seat_name(step.to, players)}" if isinstance(step.to, int) else ""
        return f"{who} passes {step_cards(step.value)}{to}"
    if step.kind == "play":
        return f"{who} plays {step_cards(step.value, step.as_)}"
    return f"{who} {step.kind}s"


def place_words(steps: Sequence[Step], k: int, players: int) -> str:
    """Where step ``k`` of a hand's ``steps`` falls, counted from 1: ``"the bidding"``,
    ``"the exchange"`` or ``"trick 3"``."""
    kind = steps[k].kind if k < len(steps) else (steps[-1].kind if steps else "bid")
    if kind == "bid":
        return "the bidding"
    if kind == "exchange":
        return "the exchange"
    plays = sum(1 for s in steps[:k] if s.kind == "play")
    return f"trick {plays // players + 1}"


def yes_no(flag: object) -> str:
    """An answer to a yes/no question: ``"yes"`` or ``"no"``."""
    return "yes" if flag else "no"


def winner_words(result: ReplayResult | Game) -> str:
    """Who won a game (or a replayed one): ``"North/South win"``, ``"no winner yet"``."""
    rules = result.rules
    if result.winner is None:
        return "no winner yet" if not result.over else "no winner"
    return f"{team_name(rules.team_seats[result.winner], rules.players)} win"


def team_totals(result: ReplayResult) -> str:
    """The running totals by partnership: ``"North/South 373, East/West 310"``."""
    rules = result.rules
    return ", ".join(f"{team_name(seats, rules.players)} {t}"
                     for seats, t in zip(rules.team_seats, result.totals, strict=False))


__all__ = ["seat_counts", "seat_changes", "step_cards", "bid_words", "step_words", "place_words",
           "yes_no", "winner_words", "team_totals"]
