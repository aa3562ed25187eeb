"""The solver's one window on the rules core: every rule fact the search reads comes through
here, so the solver holds no rule table of its own.

* :func:`rank_tables` -- each card's rank with the Ace low and with the Ace high;
* :func:`trump_bits` -- the trump suits as a bit mask;
* :func:`superior_at_start` -- the superior trump before any trump is broken (Spades in the
  52-card sets; none in Acorns, where the first trump broken becomes superior:
  :func:`first_break_sets_superior`);
* :func:`card_power` -- the card-power ranking that decides a trick (superior trump, then the
  other trump, then the led suit; other cards never win): the winner test and the move ordering
  of the general search both use it.  The 52-card fast path (``std52``) keeps a labelled
  restatement for speed, guarded by the tests that compare it with the general search.

Each reads the rules core's one home of the trick rules, :mod:`spades_lab.core.tricks`, or the
rule facts named on :class:`~spades_lab.core.rules.RuleSet`.

>>> from spades_lab.core.rules import RuleSet
>>> rules = RuleSet.preset("acorns")
>>> trump_bits(rules) == SUIT_BITS["S"] | SUIT_BITS["A"], superior_at_start(rules)
(True, 0)
>>> sup, inf, led = SUIT_BITS["S"], SUIT_BITS["A"], SUIT_BITS["H"]
>>> card_power(5, sup, led, sup, inf) > card_power(9, inf, led, sup, inf) > card_power(
...     12, led, led, sup, inf) > card_power(13, SUIT_BITS["D"], led, sup, inf)
True
"""
from __future__ import annotations

from ..core.cards import SUIT_BITS, Card
from ..core.rules import PARTIAL_NIL_SUIT, RuleSet
from ..core.tricks import INFERIOR, LED, POWER_STEP, SUPERIOR, tables_for
from ..core.tricks import rank_tables as _core_rank_tables

__all__ = ["rank_tables", "trump_bits", "superior_at_start", "first_break_sets_superior",
           "card_power", "nil_suit", "SUIT_BITS", "lead_needs_breaking", "first_trick_ban"]


def rank_tables(rules: RuleSet) -> tuple[dict[Card, int], dict[Card, int]]:
    """(rank with the Ace low, rank with the Ace high) of every card of the rule set's deck."""
    return _core_rank_tables(rules)


def trump_bits(rules: RuleSet) -> int:
    out = 0
    for t in rules.trumps:
        out |= SUIT_BITS[t]
    return out


def superior_at_start(rules: RuleSet) -> int:
    """The superior trump's bit before any trump is broken (0: none yet)."""
    sup = rules.superior_at_deal
    return SUIT_BITS[sup] if sup else 0


def first_break_sets_superior(rules: RuleSet) -> bool:
    """Whether the first trump broken becomes the superior one (the Acorns rule)."""
    return rules.superior_by_first_break


# house rules: bidding and play


def lead_needs_breaking(rules: RuleSet) -> bool:
    """Whether a trump must be broken before it is led (not under ``spade_lead = any``)."""
    return tables_for(rules).lead_guard != 0


def first_trick_ban(rules: RuleSet) -> int:
    """The suit bits kept out of a hand's first trick (``spade_lead = not_first_trick``)."""
    return tables_for(rules).first_trick_ban
# end house rules: bidding and play


def card_power(rank: int, bit: int, led: int, sup: int, inf: int) -> int:
    """How strongly a card played as suit ``bit`` with rank ``rank`` (Ace low or high as the
    trick requires) bids for a trick led in suit ``led``: the highest power wins.  ``sup`` is the
    superior trump's bit, ``inf`` the other trumps' bits.  Cards of other suits get a negative
    power (they never win)."""
    if bit == sup:
        return SUPERIOR * POWER_STEP + rank
    if bit & inf:
        return INFERIOR * POWER_STEP + rank
    if bit == led:
        return LED * POWER_STEP + rank
    return rank - POWER_STEP


def nil_suit(kind: str) -> str | None:
    """The one suit a partial nil of this kind promises to take no trick in (Acorns' "nil
    spades" and "nil acorns"), or None for a nil of every suit.

    >>> nil_suit("nil acorns"), nil_suit("full nil")
    ('A', None)
    """
    return PARTIAL_NIL_SUIT.get(kind)
