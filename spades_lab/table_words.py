"""Words for the table model (:mod:`spades_lab.table`) and its widgets, taken from
:mod:`spades_lab.teach.explain` (which asks the engine), rendered for learners from the
explanations' lines (:func:`~spades_lab.teach.wording.learner`); counts through the one plural
rule (:func:`~spades_lab.teach.wording.plural`)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .core.bids import parse_bid
from .core.cards import SUITS, Play, card_words, parse_card, suit_name
from .core.engine import BidEvent, ExchangeEvent, Game, PlayEvent
from .core.errors import RuleError
from .core.rules import RuleSet, seat_name, team_name
from .render import option_words
from .teach.bestplay import play_words
from .teach.explain import explain_bid, explain_exchange, explain_play, explain_trick
from .teach.wording import learner, noun, plural

if TYPE_CHECKING:
    from .teach.bestplay import BestPlay
    from .teach.compare import HandComparison
    from .teach.whatif import Divergence

ACE_WORDS = {
    "high": "Aces are high in this trick: a face card ({face}) is in it.",
    "low": "Aces are low in this trick: no face card is in it.",
}


def describe_action(before: Game, after: Game, ev: Any, hand_index: int) -> list[str]:
    """Lines on one step, in learners' words: what was done, why it was allowed, and the state
    of the trick."""
    if isinstance(ev, BidEvent):
        return bid_words(before, ev)
    if isinstance(ev, ExchangeEvent):
        return exchange_words(before, ev)
    if not isinstance(ev, PlayEvent):
        return []
    p: Play = ev.play
    lg = explain_play(before, p.card, p.suit if p.card.is_dual else None, seat=ev.seat)
    lines = [learner(lg)]
    h = after.hands[hand_index]
    t = explain_trick(h)
    if t.steps:
        last = t.steps[-1]
        lines.append(learner(last))
        if t.ace is not None and not t.complete:
            lines.append(ACE_WORDS[t.ace].format(face=t.ace_face or ""))
        if last.ace_flipped:
            lines.append("This card flipped the Ace: it now ranks high.")
    if t.superior and before.rules.superior_by_first_break and not t.complete:
        at = f" (set in trick {t.superior_set_at[0] + 1})" if t.superior_set_at else ""
        lines.append(f"{suit_name(t.superior)} are the superior trump{at}.")
    if t.complete and t.winner is not None:  # the trick's result: its sentences, not the cards
        lines.extend(learner(x) for x in t.said[1:] if x.level == 0)
    return lines


def _choices_words(bids: Sequence[Any]) -> str:
    """The engine's legal bids, summed up: "a number from 1 to 13, Nil or Blind Nil"."""
    numbers = [b.tricks for b in bids if not b.is_nil]
    kinds = list(dict.fromkeys(b.label.split(" + ")[0] for b in bids if b.is_nil))
    parts = []
    if numbers:
        parts.append(f"a number from {min(numbers)} to {max(numbers)}")
    parts += kinds
    text = ", ".join(parts[:-1]) + (" or " if len(parts) > 1 else "") + parts[-1] if parts else ""
    if any(" + " in b.label for b in bids):
        text += " (a nil may add + a number of tricks)"
    return text


def bid_words(before: Game, ev: BidEvent) -> list[str]:
    """A bid and why it was allowed, from :func:`~spades_lab.teach.explain.explain_bid` and the
    engine's legal bids at that moment."""
    who = before.seat_name(ev.seat)
    lg = explain_bid(before, ev.bid.to_json(), seat=ev.seat)
    lines = [f"{who} bids {ev.bid.label}" + (" (blind: before looking at the cards)."
                                            if ev.bid.blind else ".")]
    if not lg.legal:
        return lines + [learner(lg)]
    legal = before.legal_bids()
    if legal:
        lines.append(f"Allowed: {who} could bid {_choices_words(legal)}.")
    return lines


def exchange_words(before: Game, ev: ExchangeEvent) -> list[str]:
    """A blind nil exchange and why it was allowed, from
    :func:`~spades_lab.teach.explain.explain_exchange`."""
    who, to = before.seat_name(ev.seat), before.seat_name(ev.to)
    lines = [f"{who} passes {plural(len(ev.cards), 'card')} face down to {to}."]
    lg = explain_exchange(before, ev.seat, ev.cards)
    if not lg.legal:
        return lines + [learner(lg)]
    lo, hi = lg.evidence.get("lo"), lg.evidence.get("hi")
    if isinstance(lo, int) and isinstance(hi, int):
        due = (f"exactly {plural(hi, 'card')}" if lo == hi else f"up to {plural(hi, 'card')}")
        lines.append(f"Allowed: after a blind nil, partners exchange {due} each way.")
    return lines


Pair = tuple[Any, Any]


def _changes(players: int, team_seats: Sequence[Sequence[int]], taken: Pair,
             hand_scores: Sequence[Pair]) -> tuple[list[str], list[str]]:
    """Seats taking other numbers of tricks, and teams scoring otherwise, from (before, after)
    pairs."""
    seats, teams = [], []
    a, b = taken
    for s in range(min(players, len(a), len(b))):
        if a[s] != b[s]:
            seats.append(f"{seat_name(s, players)} takes {plural(b[s], 'trick')} instead of "
                     f"{a[s]}.")
    for team, (x, y) in zip(team_seats, hand_scores, strict=False):
        if x is not None and y is not None and x != y:
            teams.append(f"{team_name(team, players)} score {y:+d} instead of {x:+d} "
                         f"({y - x:+d}).")
    return seats, teams


def hand_changes(players: int, team_seats: Sequence[Sequence[int]], taken: Pair,
                 hand_scores: Sequence[Pair],
                 trick_winners: Sequence[tuple[int, int | None, int | None]] = (),
                 notes: Sequence[str] = ()) -> list[str]:
    """What changed in a hand (a :class:`~spades_lab.teach.whatif.HandDiff`'s pairs), in words."""
    seats, teams = _changes(players, team_seats, taken, hand_scores)
    moved = [(k, a, b) for k, a, b in trick_winners if a is not None and b is not None]
    if moved:
        seats.append("Tricks won by someone else: " + ", ".join(
            f"{k + 1} ({seat_name(b, players)} instead of {seat_name(a, players)})"
            for k, a, b in moved) + ".")
    out = seats + teams
    if not out:
        out.append("Nothing changes: every trick goes the same way and the scores are the "
                   "same.")
    out.extend(notes)
    return out


def compare_outcomes(a_rules: RuleSet, b_rules: RuleSet, hand: HandComparison,
                     notes: Sequence[str] = ()) -> list[str]:
    """What changes between the same deal played under two rule sets (one hand of a
    :class:`~spades_lab.teach.compare.RuleComparison`)."""
    out = []
    if a_rules.name != b_rules.name:
        out.append(f"Rule set: {a_rules.name} → {b_rules.name}.")
    a_words, b_words = option_words(a_rules), option_words(b_rules)
    if len(a_words) == len(b_words):
        out += [f"{y} (Before: {x})" for x, y in zip(a_words, b_words, strict=True) if x != y]
    else:
        out += [f"Now: {y}" for y in b_words if y not in a_words]
    seats, teams = _changes(b_rules.players, b_rules.team_seats, hand.taken,
                            [t.hand_score for t in hand.teams])
    changes = seats + teams
    if not out and not changes:
        out.append("Same rules: nothing changes.")
    elif not changes:
        out.append("The tricks and the scores come out the same on this deal.")
    out.extend(changes)
    out.extend(notes)
    return out


def step_words(d: Divergence, rules: RuleSet) -> str:
    """A recorded action that no longer fits (a :class:`~spades_lab.teach.whatif.Divergence`'s
    fields), for people: the seat by name, cards in words.

    >>> from spades_lab.teach.whatif import Divergence
    >>> acorns = RuleSet.preset("acorns")
    >>> step_words(Divergence(0, 9, "", "", "", "play", 0, ("8A",), None, "A"), acorns)
    'North plays the 8 of Acorns as Acorns'
    >>> step_words(Divergence(0, 4, "", "", "", "exchange", 1, ("2S", "QH")), acorns)
    'East passes the 2 of Spades and the Queen of Hearts'
    >>> step_words(Divergence(0, 2, "", "", "", "bid", 3, bid="nil"), RuleSet.preset("standard"))
    'West bids Nil'
    """
    players = rules.players
    who = seat_name(d.seat, players) if d.seat is not None and 0 <= d.seat < players else \
        "a seat the table does not have"

    def named(code: str) -> str:
        try:
            return card_words(parse_card(code))
        except RuleError:
            return f"a card the deck does not have ({code})"

    if d.kind == "bid":
        try:
            label = parse_bid(rules, d.bid).label
        except RuleError:
            label = f"{d.bid}, which is not a bid"
        return f"{who} bids {label}"
    names = " and ".join(named(c) for c in d.cards) or "no cards"
    if d.kind == "exchange":
        return f"{who} passes {names}"
    suit = f" as {SUITS[d.as_].name}" if d.as_ in SUITS else ""
    return f"{who} plays {names}{suit}"


def divergence_notes(divergences: Sequence[Divergence], first_play: int, rules: RuleSet
                     ) -> list[str]:
    """Where a re-played hand stopped following the record, in words from the divergences'
    fields (``first_play``: the STEP of the hand's first play, so a play's trick can be
    named)."""
    players = rules.players
    out = []
    for d in divergences:
        where = (f"In trick {(d.step - first_play) // players + 1}" if d.step >= first_play
                 else f"At step {d.step + 1} of the hand")
        out.append(f"{where} the record no longer fits: its next action "
                   f"({step_words(d, rules)}) is refused: {d.message.rstrip('.')}. Simple "
                   "players choose the rest of that hand.")
    return out


def recorded_play_words(who: str, play: Play, view: BestPlay, *, lead: bool) -> str:
    """The card a record plays next, measured by the best-play view of that position.

    >>> from spades_lab.core.cards import parse_card
    >>> from spades_lab.teach.bestplay import BestPlay, CardVerdict
    >>> nine, five = parse_card("9S").play, parse_card("5C").play
    >>> view = BestPlay(3, (1, 3), 7, 6, True, (CardVerdict(nine, 6, 0, ""),
    ...                 CardVerdict(five, 4, 2, "")), "")
    >>> recorded_play_words("West", five, view, lead=True)
    'Next in the record: West leads the 5♣, which gives two tricks away.'
    >>> recorded_play_words("West", nine, view, lead=True)
    'Next in the record: West leads the 9♠, a card that keeps the most (6 tricks).'
    """
    verb = "leads" if lead else "plays"
    head = f"Next in the record: {who} {verb} the {play_words(play)}"
    if not view.exact:
        return head + "."
    try:
        v = view.verdict(play)
    except KeyError:
        return head + "."
    if v.lost == 0:
        return head + f", a card that keeps the most ({plural(v.tricks, 'trick')})."
    n = _NUMBERS[v.lost] if v.lost < len(_NUMBERS) else str(v.lost)
    return head + f", which gives {n} {noun(v.lost, 'trick')} away."


_NUMBERS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]


__all__ = ["describe_action", "hand_changes", "compare_outcomes", "divergence_notes",
           "step_words", "bid_words", "exchange_words", "ACE_WORDS", "recorded_play_words"]
