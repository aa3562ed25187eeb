"""Scoring: a pure function of (bids, tricks taken, cards won, bags, rules) with line items.

>>> from spades_lab.core.rules import RuleSet
>>> from spades_lab.core.bids import Bid
>>> r = RuleSet.preset("standard")
>>> bids = [Bid(5), Bid(3), Bid(0, "nil"), Bid(2)]
>>> north, east = score_hand(r, bids, [3, 4, 2, 4], [[], [], [], []], [0, 0], [0, 0])
>>> north.points, north.bags_added, [n.points for n in north.nils], north.hand_score
(-48, 2, [-100], -148)
>>> for item in north.items: print(item.points, item.text)
-50 North/South bid 5 and counted 3 tricks toward it: missed, -10 × 5
2 South's 2 tricks after a failed nil score 1 point and 1 bag each
-100 South's nil failed: took 2 tricks
>>> north.items[1].note
'failed_nil_tricks = bags_only'
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from .bids import Bid
from .cards import SUIT_BITS, Card, suit_name
from .rules import RuleSet, seat_name, team_name
from .words import plural


class LineItem(NamedTuple):
    """One line of a partnership's hand score.

    ``rule`` names the scoring rule (``bid-made``, ``bid-missed``, ``bags``,
    ``failed-nil-tricks``, ``nil-made``, ``nil-failed``, ``bag-penalty``; ``blind-bid`` under
    the house rule ``blind_bids``); ``option`` is the
    rule-set option that decided it, where one did; ``note`` is that option and its value
    (``failed_nil_tricks = bags_only``) for the lines whose sentence depends on it, kept apart
    from the sentence ``text`` (teachers' tools show it, learners read the sentence alone).
    """

    rule: str
    text: str
    points: int
    bags: int = 0
    seat: int | None = None
    option: str | None = None
    note: str | None = None


class NilResult(NamedTuple):
    """How a nil-type bid ended.  ``broken_by`` is the first card that broke it: the first
    card of its suit the bidder won (Nil Spades/Acorns), or the first card of the first trick
    won (full nils)."""

    seat: int
    bid: Bid
    made: bool
    points: int
    tricks: int
    broken_by: Card | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "bid": self.bid.to_json(), "made": self.made,
                "points": self.points}


class TeamScore(NamedTuple):
    """A partnership's score for one hand (the keys of RECORD-FORMAT.md plus detail).

    An immutable named tuple (cheap to build on the simulation hot path)."""

    team: int
    seats: tuple[int, ...]
    bid: int
    tricks: int
    made: bool
    points: int
    bags_added: int
    bag_penalty: int
    nils: tuple[NilResult, ...]
    hand_score: int
    total: int
    bags: int
    total_before: int
    bags_before: int
    penalties: int
    items: tuple[LineItem, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"seats": list(self.seats), "bid": self.bid, "tricks": self.tricks,
                "made": self.made, "points": self.points, "bags_added": self.bags_added,
                "bag_penalty": self.bag_penalty, "nils": [n.to_dict() for n in self.nils],
                "hand_score": self.hand_score, "total": self.total, "bags": self.bags}

    def _repr_html_(self) -> str:
        from ..render import team_score_html

        return team_score_html(self)


def _first_with(cards: Sequence[Card], bit: int) -> Card | None:
    for c in cards:
        if c.bits & bit:
            return c
    return None


def score_hand(rules: RuleSet, bids: Sequence[Bid], tricks: Sequence[int],
               cards_won: Sequence[Sequence[Card]], bags_before: Sequence[int],
               totals_before: Sequence[int]) -> tuple[TeamScore, ...]:
    """Score one complete hand for every partnership (RULINGS.md sections 1 and 8).

    ``bids``, ``tricks`` and ``cards_won`` are per seat (cards in the order won); ``bags_before``
    and ``totals_before`` per team.  Returns one :class:`TeamScore` per team.
    """
    players = rules.players
    bags_only = rules.failed_nil_tricks == "bags_only"
    out = []
    for t, seats in enumerate(rules.team_seats):
        tname = team_name(seats, players)
        bid = 0
        counted = 0
        failed_tricks = 0
        nils: list[NilResult] = []
        items: list[LineItem] = []
        nil_items: list[LineItem] = []
        for s in seats:
            b = bids[s]
            bid += b.tricks
            taken = tricks[s]
            if b.nil is None:
                counted += taken
                continue
            value = rules.nil_value(b.nil, b.blind)
            name = seat_name(s, players)
            if b.is_full_nil:
                made = taken == 0
                broken = None if made else (cards_won[s][0] if cards_won[s] else None)
                if not made and bags_only:
                    failed_tricks += taken
                    nil_items.append(LineItem(
                        "failed-nil-tricks",
                        f"{name}'s {plural(taken, 'trick')} after a failed {b.nil} score 1 "
                        "point and 1 bag each", taken, taken, s, "failed_nil_tricks",
                        "failed_nil_tricks = bags_only"))
                else:
                    counted += taken
                    if not made:  # a 0-point line, so the option in force is always named
                        nil_items.append(LineItem(
                            "failed-nil-tricks",
                            f"{name}'s {plural(taken, 'trick')} after a failed {b.nil} count "
                            f"toward {tname}'s bid", 0, 0, s, "failed_nil_tricks",
                            "failed_nil_tricks = count_toward_bid"))
                why = "took no trick" if made else f"took {plural(taken, 'trick')}"
            else:
                suit = b.nil_suit
                assert suit is not None
                broken = _first_with(cards_won[s], SUIT_BITS[suit])
                made = broken is None
                counted += taken
                if broken is None:
                    why = f"took no card of {suit_name(suit)}"
                else:
                    why = f"took {broken.pretty}" + (" (a card of both its suits)"
                                                     if broken.is_dual else "")
            pts = value if made else -value
            nils.append(NilResult(s, b, made, pts, taken, broken))
            label = ("blind " if b.blind else "") + b.nil
            nil_items.append(LineItem("nil-made" if made else "nil-failed",
                                      f"{name}'s {label} {'made' if made else 'failed'}: {why}",
                                      pts, 0, s))
        if counted >= bid:
            made_bid = True
            over = counted - bid
            points = 10 * bid + over
            bags = over
            items.append(LineItem("bid-made", f"{tname} bid {bid} and counted "
                                  f"{plural(counted, 'trick')} toward it: made, "
                                  f"10 × {bid}", 10 * bid))
            if over:
                items.append(LineItem("bags", f"{plural(over, 'trick')} over "
                                      f"the bid: {plural(over, 'bag')}, "
                                      "1 point each", over, over))
        else:
            made_bid = False
            points = -10 * bid
            bags = 0
            items.append(LineItem("bid-missed", f"{tname} bid {bid} and counted "
                                  f"{plural(counted, 'trick')} toward it: missed, "
                                  f"-10 × {bid}", -10 * bid))
        # house rules: bidding and play -- a blind ordinary bid (``blind_bids``) counts double:
        # its tricks score (or cost) 10 each once more, as part of the partnership's bid
        for s in seats:
            b = bids[s]
            if b.blind and b.nil is None and b.tricks:
                extra = 10 * b.tricks if made_bid else -10 * b.tricks
                points += extra
                items.append(LineItem(
                    "blind-bid", f"{seat_name(s, players)}'s blind {b.tricks} counts double: "
                    f"{'made' if made_bid else 'missed'}, {'+' if made_bid else '-'}10 × "
                    f"{b.tricks} more", extra, 0, s, "blind_bids", "blind_bids = true"))
        # end house rules: bidding and play
        points += failed_tricks
        bags += failed_tricks
        items.extend(nil_items)
        running = bags_before[t] + bags
        penalty = 0
        penalties = 0
        limit = rules.bag_limit
        if limit is not None:
            while running >= limit:
                running -= limit
                penalty += rules.bag_penalty
                penalties += 1
        if penalties:
            items.append(LineItem(
                "bag-penalty", f"Bags reached {limit} {'twice' if penalties == 2 else ''}"
                .rstrip() + (f" ({penalties} times)" if penalties > 2 else "") +
                f" ({bags_before[t]} + {bags} bags): -{penalty}, {running} carried",
                -penalty, 0, None, "bag_limit"))
        hand_score = points + sum(n.points for n in nils) - penalty
        out.append(TeamScore(t, tuple(seats), bid, counted, made_bid, points, bags, penalty,
                             tuple(nils), hand_score, totals_before[t] + hand_score, running,
                             totals_before[t], bags_before[t], penalties, tuple(items)))
    return tuple(out)


@dataclass(frozen=True)
class Outcome:
    """Whether the game is over after a hand, and who won (RULINGS.md section 8, The end)."""

    over: bool
    winner: int | None
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"over": self.over, "winner": self.winner, "reason": self.reason}


def game_outcome(rules: RuleSet, totals: Sequence[int]) -> Outcome:
    """Check the end after a complete hand: over when a total reaches the target or (with
    ``losing_floor``) falls to the floor; the highest total above the floor wins; a tie for
    the highest plays on."""
    floor = rules.losing_floor
    reached = any(t >= rules.target for t in totals)
    floored = floor is not None and any(t <= floor for t in totals)
    if not reached and not floored:
        return Outcome(False, None, "no total has reached the target")
    alive = [i for i, t in enumerate(totals) if floor is None or t > floor]
    pool = alive or list(range(len(totals)))
    best = max(totals[i] for i in pool)
    leaders = [i for i in pool if totals[i] == best]
    if len(leaders) > 1:
        return Outcome(False, None, f"the highest totals tie at {best}: play another hand")
    why = f"a total reached the target {rules.target}" if reached else \
        f"a total fell to the losing floor {floor}"
    return Outcome(True, leaders[0], why)
