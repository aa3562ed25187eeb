"""Words for the widgets, taken from :mod:`spades_lab.explain` (which asks the engine)."""
from __future__ import annotations

from typing import Any

from ..cards import Play
from ..engine import BidEvent, ExchangeEvent, Game, PlayEvent
from ..explain import explain_bid, explain_play, explain_trick
from ..rules import RuleSet
from ..scoring import seat_name, team_name

ACE_WORDS = {
    "high": "Aces are high in this trick: a face card ({face}) is in it.",
    "low": "Aces are low in this trick: no face card is in it.",
}


def describe_action(before: Game, after: Game, ev: Any, hand_index: int) -> list[str]:
    """Lines on one step: what was done, why it was allowed, and the state of the trick."""
    if isinstance(ev, BidEvent):
        lg = explain_bid(before, ev.bid.to_json(), seat=ev.seat)
        return [f"{before.seat_name(ev.seat)} bids {ev.bid.label}.", lg.text]
    if isinstance(ev, ExchangeEvent):
        n = len(ev.cards)
        return [f"{before.seat_name(ev.seat)} passes {n} card{'s' if n != 1 else ''} face down "
                f"to {before.seat_name(ev.to)}."]
    if not isinstance(ev, PlayEvent):
        return []
    p: Play = ev.play
    lg = explain_play(before, p.card, p.suit if p.card.is_dual else None, seat=ev.seat)
    lines = [lg.text]
    h = after.hands[hand_index]
    t = explain_trick(h)
    if t.steps:
        last = t.steps[-1]
        lines.append(last.text)
        if t.ace is not None and not t.complete:
            lines.append(ACE_WORDS[t.ace].format(face=t.ace_face or ""))
        if last.ace_flipped:
            lines.append("This card flipped the Ace: it now ranks high.")
    if t.superior and before.rules.acorns and not t.complete:
        at = f" (set in trick {t.superior_set_at[0] + 1})" if t.superior_set_at else ""
        lines.append(f"{_suit(t.superior)} are the superior trump{at}.")
    if t.complete and t.winner is not None:
        lines.extend(x for x in t.text.splitlines()[1:] if not x.startswith(" "))
    return lines


def _suit(letter: str) -> str:
    from ..cards import SUITS

    return SUITS[letter].name


def compare_outcomes(a_rules: RuleSet, b_rules: RuleSet, a: Any, b: Any) -> list[str]:
    """What changes between the same deal played under two rule sets."""
    out = []
    a_opts, b_opts = a_rules.options(all=True), b_rules.options(all=True)
    if a_rules.name != b_rules.name:
        out.append(f"Preset: {a_rules.name} → {b_rules.name}.")
    for k in sorted(set(a_opts) | set(b_opts)):
        if a_opts.get(k) != b_opts.get(k):
            out.append(f"Option {k}: {a_opts.get(k)} → {b_opts.get(k)}.")
    n = b_rules.players
    for s in range(n):
        if a.taken[s] != b.taken[s]:
            out.append(f"{seat_name(s, n)} takes {b.taken[s]} tricks instead of {a.taken[s]}.")
    for t, seats in enumerate(b_rules.team_seats):
        if a.hand_scores and b.hand_scores and a.hand_scores[t] != b.hand_scores[t]:
            out.append(f"{team_name(seats, n)} score {b.hand_scores[t]:+d} instead of "
                       f"{a.hand_scores[t]:+d}.")
    if len(out) == 0:
        out.append("Same rules: nothing changes.")
    elif not any("takes" in x or "score" in x for x in out):
        out.append("The tricks and the scores come out the same on this deal.")
    out.extend(b.notes)
    return out
