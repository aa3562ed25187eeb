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

from ..words.counting import plural
from .bids import Bid
from .cards import SUIT_BITS, Card, card_words, suit_name
from .rules import RuleSet, seat_name, team_name


class LineItem(NamedTuple):
    """One line of a partnership's hand score.

    ``rule`` names the scoring rule (``bid-made``, ``bid-missed``, ``bags``,
    ``failed-nil-tricks``, ``nil-made``, ``nil-failed``, ``bag-penalty``, and for the house
    rules of RULINGS.md §9 ``big-bid``, ``moon``, ``bag-penalty-held`` and ``blind-bid``
    (``blind_bids``)); ``option`` is the
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
    """Score one complete hand for every partnership (RULINGS.md sections 1, 8 and 9).

    ``bids``, ``tricks`` and ``cards_won`` are per seat (cards in the order won); ``bags_before``
    and ``totals_before`` per team.  Returns one :class:`TeamScore` per team.

    The house rules of section 9 each add their own line (``rule`` ``big-bid``, ``moon``,
    ``bag-penalty-held``) or change a line's sentence, naming the option that decided it:

    >>> from spades_lab.core.bids import Bid
    >>> r = RuleSet.preset("standard", overtrick_points=0, big_bid_bonus=50)
    >>> ns, ew = score_hand(r, [Bid(6), Bid(1), Bid(4), Bid(1)], [6, 1, 5, 1],
    ...                     [[], [], [], []], [0, 0], [0, 0])
    >>> for item in ns.items: print(item.points, item.text)
    100 North/South bid 10 and counted 11 tricks toward it: made, 10 × 10
    0 1 trick over the bid: 1 bag, scoring no points in these rules
    50 North/South made a big bid, 10 or more: +50
    """
    players = rules.players
    hand_size = rules.hand_size
    mode = rules.failed_nil_tricks
    bag_pts = rules.overtrick_points
    out = []
    for t, seats in enumerate(rules.team_seats):
        tname = team_name(seats, players)
        # house rules: scoring (partners_nil): both partners bid a nil-type bid
        pair = rules.partners_nil != "separate" and len(seats) > 1 and all(
            bids[s].is_full_nil for s in seats)
        bid = 0
        counted = 0
        failed_tricks = 0
        nils: list[NilResult] = []
        items: list[LineItem] = []
        nil_items: list[LineItem] = []
        pending: list[tuple[int, Bid, bool, str, Card | None, int, int]] = []
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
                if made:
                    pass
                elif pair:  # house rules: scoring (partners_nil)
                    nil_items.append(LineItem(
                        "failed-nil-tricks",
                        f"{name}'s {plural(taken, 'trick')} after a failed {b.nil} "
                        + ("scores nothing and is not a bag" if taken == 1 else
                           "score nothing and are not bags")
                        + ": both partners bid nil", 0, 0, s, "partners_nil",
                        f"partners_nil = {rules.partners_nil}"))
                elif mode == "ignored":  # house rules: scoring
                    nil_items.append(LineItem(
                        "failed-nil-tricks",
                        f"{name}'s {plural(taken, 'trick')} after a failed {b.nil} "
                        f"{'is' if taken == 1 else 'are'} ignored: no points, no bags, no help "
                        f"to {tname}'s bid", 0, 0, s,
                        "failed_nil_tricks", "failed_nil_tricks = ignored"))
                elif mode == "bags_only":
                    failed_tricks += taken
                    if taken == 1:
                        each = ("scores 1 point and 1 bag" if bag_pts else
                                "scores no points and 1 bag, in these rules")
                    else:
                        each = ("score 1 point and 1 bag each" if bag_pts else
                                "score no points and 1 bag each, in these rules")
                    nil_items.append(LineItem(
                        "failed-nil-tricks",
                        f"{name}'s {plural(taken, 'trick')} after a failed {b.nil} {each}",
                        taken * bag_pts, taken, s, "failed_nil_tricks",
                        "failed_nil_tricks = bags_only"))
                else:
                    counted += taken
                    # a 0-point line, so the option in force is always named
                    nil_items.append(LineItem(
                        "failed-nil-tricks",
                        f"{name}'s {plural(taken, 'trick')} after a failed {b.nil} "
                        f"{'counts' if taken == 1 else 'count'} toward {tname}'s bid", 0, 0, s,
                        "failed_nil_tricks",
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
                    why = f"took {card_words(broken)}" + (" (a card of both its suits)"
                                                     if broken.is_dual else "")
            pending.append((s, b, made, why, broken, value, taken))
            nil_items.append(LineItem("", "", 0))  # its place, filled below
        unit = pair and rules.partners_nil == "unit"
        unit_made = all(p[2] for p in pending) if unit else False
        filled = iter(pending)
        for i, item in enumerate(nil_items):
            if item.rule:
                continue
            s, b, made, why, broken, value, taken = next(filled)
            name = seat_name(s, players)
            kind = b.nil if b.nil == "nil" else b.nil.title()  # type: ignore[union-attr]
            label = ("blind " if b.blind else "") + kind  # a kind's name: "Nil Acorns"
            if unit:  # house rules: scoring (partners_nil = unit)
                pts = value if unit_made else -value
                words = (f"{name}'s {label} {'made' if made else 'failed'}: {why}; both "
                         "partners bid nil, scored as one bid: "
                         + ("both made" if unit_made else "one failed, so both lose"))
                nil_items[i] = LineItem("nil-made" if made else "nil-failed", words, pts, 0, s,
                                        "partners_nil", "partners_nil = unit")
            else:
                pts = value if made else -value
                nil_items[i] = LineItem("nil-made" if made else "nil-failed",
                                        f"{name}'s {label} {'made' if made else 'failed'}: "
                                        f"{why}", pts, 0, s)
            nils.append(NilResult(s, b, made, pts, taken, broken))
        # nobody bid a number (every partner bid a nil-type bid with no tricks on top): the
        # partnership has no ordinary bid to make, and every trick it counts is over it
        no_bid = bid == 0 and all(bids[s].nil is not None for s in seats)
        if counted >= bid:
            made_bid = True
            over = counted - bid
            points = 10 * bid + over * bag_pts
            bags = over
            items.append(LineItem("bid-made", (
                f"{tname} bid no number of tricks, only nil-type bids: no bid to make"
                if no_bid else f"{tname} bid {bid} and counted "
                f"{plural(counted, 'trick')} toward it: made, 10 × {bid}"), 10 * bid))
            over_words = ("with no ordinary bid" if no_bid else "over the bid")
            if over and bag_pts:
                items.append(LineItem("bags", f"{plural(over, 'trick')} {over_words}: "
                                      f"{plural(over, 'bag')}, "
                                      "1 point each", over, over))
            elif over:  # house rules: scoring (overtrick_points = 0)
                items.append(LineItem("bags", f"{plural(over, 'trick')} {over_words}: "
                                      f"{plural(over, 'bag')}, scoring no points in these rules",
                                      0, over, None, "overtrick_points", "overtrick_points = 0"))
            if rules.big_bid_bonus and bid >= rules.big_bid_min:  # house rules: scoring
                points += rules.big_bid_bonus
                items.append(LineItem("big-bid", f"{tname} made a big bid, "
                                      f"{rules.big_bid_min} or more: +{rules.big_bid_bonus}",
                                      rules.big_bid_bonus, 0, None, "big_bid_bonus",
                                      f"big_bid_bonus = {rules.big_bid_bonus}, big_bid_min = "
                                      f"{rules.big_bid_min}"))
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
        if rules.moon_bonus and sum(tricks[s] for s in seats) == hand_size:  # house rules
            points += rules.moon_bonus
            items.append(LineItem("moon", f"{tname} took all {hand_size} tricks, shooting the "
                                  f"moon: +{rules.moon_bonus}", rules.moon_bonus, 0, None,
                                  "moon_bonus", f"moon_bonus = {rules.moon_bonus}"))
        points += failed_tricks * bag_pts
        bags += failed_tricks
        items.extend(nil_items)
        running = bags_before[t] + bags
        penalty = 0
        penalties = 0
        limit = rules.bag_limit
        nil_sum = sum(n.points for n in nils)
        if limit is not None and running >= limit and rules.bag_penalty \
                and not rules.bag_penalty_while_negative \
                and totals_before[t] + points + nil_sum < 0:  # house rules: scoring
            items.append(LineItem(
                "bag-penalty-held", f"Bags reached {limit} ({bags_before[t]} + {bags} bags), "
                f"but {tname}'s score is below 0 ({totals_before[t] + points + nil_sum}): no "
                f"bag penalty while it is, {running} carried", 0, 0, None,
                "bag_penalty_while_negative", "bag_penalty_while_negative = false"))
        elif limit is not None:
            while running >= limit:
                running -= limit
                penalty += rules.bag_penalty
                penalties += 1
                if rules.bag_penalty_once:  # house rules: scoring
                    break
        if penalties:
            once = rules.bag_penalty_once and running >= limit  # type: ignore[operator]
            items.append(LineItem(
                "bag-penalty", f"Bags reached {limit} {'twice' if penalties == 2 else ''}"
                .rstrip() + (f" ({penalties} times)" if penalties > 2 else "") +
                f" ({bags_before[t]} + {bags} bags): -{penalty}, {running} carried"
                + (" (one bag penalty a hand, in these rules)" if once else ""),
                -penalty, 0, None, "bag_limit"))
        hand_score = points + nil_sum - penalty
        out.append(TeamScore(t, tuple(seats), bid, counted, made_bid, points, bags, penalty,
                             tuple(nils), hand_score, totals_before[t] + hand_score, running,
                             totals_before[t], bags_before[t], penalties, tuple(items)))
    return tuple(out)


#: The ids of the end-of-game rule that decided an :class:`Outcome`: the game goes on below the
#: target (``below-target``) or when the highest totals tie (``highest-tie``), or ends because
#: a total reached the target (``target-reached``) or fell to the losing floor
#: (``losing-floor``); with the house rules of RULINGS.md section 9 also ``hand-limit`` (the
#: last hand of a capped game) and ``tie-break`` (a tie at the end given to one partnership).
OUTCOME_RULES: tuple[str, ...] = ("below-target", "highest-tie", "target-reached",
                                  "losing-floor", "hand-limit", "tie-break")


@dataclass(frozen=True)
class Outcome:
    """Whether the game is over after a hand, and who won (RULINGS.md section 8, The end):
    ``reason`` in words, ``rule`` the id of :data:`OUTCOME_RULES` that decided it."""

    over: bool
    winner: int | None
    reason: str
    rule: str

    def to_dict(self) -> dict[str, Any]:
        return {"over": self.over, "winner": self.winner, "reason": self.reason,
                "rule": self.rule}


def game_outcome(rules: RuleSet, totals: Sequence[int], *, hands: int | None = None,
                 last: Sequence[TeamScore] | None = None) -> Outcome:
    """Check the end after a complete hand: over when a total reaches the target or (with
    ``losing_floor``) falls to the floor, or (with ``hand_limit``) once ``hands`` hands have
    been played; the highest total above the floor wins; a tie for the highest plays on,
    unless ``tie_break`` settles it from the last hand's scores ``last`` (RULINGS.md §9).

    >>> std = RuleSet.preset("standard")
    >>> game_outcome(std, [520, 300]).rule, game_outcome(std, [499, 300]).rule
    ('target-reached', 'below-target')
    >>> game_outcome(std, [510, 510]).rule
    'highest-tie'
    >>> game_outcome(std.replace(losing_floor=-200), [-210, 300]).rule
    'losing-floor'
    >>> r = RuleSet.preset("standard", hand_limit=30)
    >>> game_outcome(r, [310, 240], hands=30).reason
    'the hand limit was reached (30 hands)'
    >>> game_outcome(r, [310, 310], hands=30).reason
    'the highest totals tie at 310: play another hand'
    """
    floor = rules.losing_floor
    reached = any(t >= rules.target for t in totals)
    floored = floor is not None and any(t <= floor for t in totals)
    # house rules: scoring (hand_limit)
    capped = rules.hand_limit is not None and hands is not None and hands >= rules.hand_limit
    if not reached and not floored and not capped:
        return Outcome(False, None, "no total has reached the target", "below-target")
    alive = [i for i, t in enumerate(totals) if floor is None or t > floor]
    pool = alive or list(range(len(totals)))
    best = max(totals[i] for i in pool)
    leaders = [i for i in pool if totals[i] == best]
    why = f"a total reached the target {rules.target}" if reached else \
        f"a total fell to the losing floor {floor}" if floored else \
        f"the hand limit was reached ({plural(rules.hand_limit or 0, 'hand')})"
    rule = "target-reached" if reached else "losing-floor" if floored else "hand-limit"
    if len(leaders) > 1:
        settled = _tie_break(rules, leaders, last)  # house rules: scoring (tie_break)
        if settled is None:
            return Outcome(False, None, f"the highest totals tie at {best}: play another hand",
                           "highest-tie")
        winner, how = settled
        return Outcome(True, winner, f"{why}; the highest totals tie at {best}, {how}",
                       "tie-break")
    return Outcome(True, leaders[0], why, rule)


def _tie_break(rules: RuleSet, leaders: Sequence[int], last: Sequence[TeamScore] | None
               ) -> tuple[int, str] | None:
    """The partnership a ``tie_break`` house rule gives a tie to, and how, or None (play on)."""
    if rules.tie_break == "play_on" or not last:
        return None
    if rules.tie_break == "made_bid":
        made = [i for i in leaders if last[i].made and all(n.made for n in last[i].nils)]
        if len(made) == 1:
            return made[0], (f"and only {team_name(rules.team_seats[made[0]], rules.players)} "
                             "made its bid in the last hand")
        return None
    fewest = min(last[i].bags for i in leaders)
    few = [i for i in leaders if last[i].bags == fewest]
    if len(few) == 1:
        return few[0], (f"and {team_name(rules.team_seats[few[0]], rules.players)} has the "
                        f"fewer bags ({fewest})")
    return None
