"""The words a question shows a student: the rule set, bids, tricks taken, trumps, the trick so
far, a hand (:func:`play_context`), and the words of some choices."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.bids import Bid
from ...core.cards import Card, Play, cards_text, suit_name
from ...core.engine import Game
from ...core.rules import RuleSet, seat_name


def rules_words(rules: RuleSet) -> str:
    extra = []
    if rules.deck.travelers_hunters:
        extra.append("with Travelers and Hunters")
    if rules.th_low:
        extra.append("Travelers and Hunters ranked low")
    text = f"Rules: {rules.name} ({rules.players} players, {rules.hand_size} cards each"
    return text + (", " + ", ".join(extra) if extra else "") + ")"


def card_words(c: Card) -> str:
    """A card in a question's words: its name (no record code, no symbol: those are for the
    card's face)."""
    return c.name


def play_words(p: Play) -> str:
    text = card_words(p.card)
    return text + (f" as {suit_name(p.suit)}" if p.card.is_dual else "")


def bids_words(g: Game, bids: Sequence[Bid | None]) -> str:
    n = g.rules.players
    parts = [f"{seat_name(s, n)} {b.label if b is not None else '(not yet)'}"
             for s, b in enumerate(bids)]
    return "Bids: " + ", ".join(parts)


def _trump_words(g: Game) -> list[str]:
    h = g.hand
    assert h is not None
    rules = g.rules
    broken = [t for t in rules.trumps if h.is_broken(t)]
    lines = ["Trumps broken: " + (" and ".join(suit_name(t) for t in broken) if broken
                                  else "none yet")]
    if len(rules.trumps) > 1:
        sup = h.superior
        lines.append("Superior trump: " + (suit_name(sup) if sup else "none yet (the first "
                                                                       "trump broken will be)"))
    return lines


def _taken_words(g: Game) -> str:
    h = g.hand
    assert h is not None
    n = g.rules.players
    return "Tricks taken so far: " + ", ".join(f"{seat_name(s, n)} {h.taken[s]}"
                                               for s in range(n))


def _trick_words(g: Game, plays: Sequence[tuple[int, Play]]) -> str:
    n = g.rules.players
    if not plays:
        return "no card played yet (a lead)"
    return "; ".join(
        f"{seat_name(s, n)} {'led' if i == 0 else 'played'} {play_words(p)}"
        for i, (s, p) in enumerate(plays))


def hand_words(g: Game, seat: int) -> str:
    h = g.hand
    assert h is not None
    return f"{seat_name(seat, g.rules.players)}'s hand: " + cards_text(h.cards_held(seat))


def play_context(g: Game, seat: int, show_turn: bool = True
                  ) -> tuple[list[str], dict[str, Any]]:
    """What a student needs to judge a play by ``seat``: rules, bids, tricks, trumps, the trick
    so far, whose turn it is (unless ``show_turn`` is false: a question on whose turn it is
    must not say) and the hand."""
    h = g.hand
    assert h is not None
    rules = g.rules
    shown = [rules_words(rules), bids_words(g, h.bids), _taken_words(g), *_trump_words(g),
             f"Trick {len(h.tricks) + 1} so far: " + _trick_words(g, h.trick),
             f"To play: {seat_name(h.turn, rules.players)}" if h.turn is not None and show_turn
             else "",
             hand_words(g, seat)]
    ctx = {"seat": seat, "turn": h.turn, "trick_number": len(h.tricks),
           "trick": [{"seat": s, "card": p.card.code, "as": p.suit} for s, p in h.trick],
           "hand": [c.code for c in h.cards_held(seat)],
           "bids": [str(b) if b is not None else None for b in h.bids],
           "taken": list(h.taken), "broken": [t for t in rules.trumps if h.is_broken(t)],
           "superior": h.superior if len(rules.trumps) > 1 else rules.trumps[0]}
    if not show_turn:
        del ctx["turn"]
    return [x for x in shown if x], ctx


def table_words(rules: RuleSet, g: Game) -> list[str]:
    """The rule set, the dealer and the bids so far (a question asked before the first trick)."""
    h = g.hand
    assert h is not None
    return [rules_words(rules), f"Dealer: {seat_name(h.dealer, rules.players)}",
            bids_words(g, h.bids)]


def bids_data(bids: Sequence[Bid | None]) -> list[str | None]:
    return [str(b) if b is not None else None for b in bids]


def trump_choices(rules: RuleSet) -> tuple[str, ...]:
    if len(rules.trumps) == 1:
        return ("No trump yet", suit_name(rules.trumps[0]))
    a, b = rules.trumps
    return ("No trump yet", f"{suit_name(a)} only", f"{suit_name(b)} only", "Both")


def broken_index(rules: RuleSet, broken: Sequence[str]) -> int:
    if len(rules.trumps) == 1:
        return 1 if broken else 0
    a, b = rules.trumps
    return {(): 0, (a,): 1, (b,): 2, (a, b): 3}[tuple(x for x in rules.trumps if x in broken)]


def up_to(me: str, partner: str, lo: int, hi: int) -> str:
    counts = [str(k) for k in range(lo, hi + 1)]
    return f"{me} chooses to pass {', '.join(counts[:-1])} or {counts[-1]} cards to {partner}, " \
        "who passes as many back"
