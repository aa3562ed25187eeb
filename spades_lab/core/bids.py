"""Bids: an ordinary number of tricks, a nil-type bid, or a partial nil with tricks on top.

>>> from spades_lab.core.rules import RuleSet
>>> std, acorns = RuleSet.preset("standard"), RuleSet.preset("acorns")
>>> parse_bid(std, 0), parse_bid(std, "blind nil"), parse_bid(std, 4), parse_bid(std, "Double Nil")
(Bid('nil'), Bid('blind nil'), Bid(4), Bid('blind nil'))
>>> parse_bid(acorns, "Blind Nil Spades + 4").to_json(), parse_bid(acorns, 0).to_json()
('blind nil spades + 4', 0)
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..words.counting import plural
from .cards import SUIT_BITS, Card
from .errors import Rule, RuleError, echo, parse_whole
from .rules import PARTIAL_NIL_SUIT, SUICIDE_MIN_BID, RuleSet, seat_name, team_name


@dataclass(frozen=True, slots=True)
class Bid:
    """``tricks`` is the ordinary part (0 when none); ``nil`` the nil kind or None; ``blind``
    whether it was made before looking."""

    tricks: int = 0
    nil: str | None = None
    blind: bool = False

    @property
    def is_nil(self) -> bool:
        return self.nil is not None

    @property
    def is_full_nil(self) -> bool:
        """A nil that fails on any trick (``nil`` in 52-card sets, ``full nil`` in Acorns)."""
        return self.nil is not None and self.nil not in PARTIAL_NIL_SUIT

    @property
    def nil_suit(self) -> str | None:
        """For Nil Spades / Nil Acorns: the suit whose cards the bidder must not take."""
        return PARTIAL_NIL_SUIT.get(self.nil) if self.nil else None

    def to_json(self) -> int | str:
        if self.nil is None:
            return f"blind {self.tricks}" if self.blind else self.tricks
        text = ("blind " if self.blind else "") + self.nil
        if self.tricks:
            text += f" + {self.tricks}"
        return text

    def __str__(self) -> str:
        return str(self.to_json())

    def __repr__(self) -> str:
        return f"Bid({self.to_json()!r})"

    @property
    def label(self) -> str:
        """Words for a table: ``"4"``, ``"Blind Nil"``, ``"Nil Spades + 2"``."""
        if self.nil is None:
            return f"Blind {self.tricks}" if self.blind else str(self.tricks)
        text = ("Blind " if self.blind else "") + self.nil.title()
        return text + (f" + {self.tricks}" if self.tricks else "")


_NIL_RE = re.compile(
    r"^(blind\s+)?(nil spades|nil acorns|full nil|nil)(?:\s*\+\s*(-?[0-9]{1,12}))?$", re.ASCII)
#: A blind ordinary bid (house rule ``blind_bids``): ``blind 6``.
_BLIND_NUMBER = re.compile(r"^blind\s+(-?[0-9]{1,12})$", re.ASCII)
#: Seed 000's other name for Blind Nil (RULINGS.md section 8): read as ``blind nil``.
_DOUBLE_NIL = re.compile(r"^double\s+nil\b")


#: Parsed bids per rule set (keyed by rule set, like every per-rule-set table).
_PARSED: dict[RuleSet, dict[tuple[type, Any], Bid]] = {}


def parse_bid(rules: RuleSet, value: Any) -> Bid:
    """Read a bid as written in a record (a number or a text) for the given rules.

    Raises ``bid-not-allowed`` for a kind the rule set lacks, ``bid-out-of-range`` for an
    ordinary number outside 0..hand size (1..13 in 52-card sets, where 0 means nil).
    """
    if not isinstance(value, (int, str, Bid)):
        return _parse_bid(rules, value)
    cache = _PARSED.get(rules)
    if cache is None:
        cache = _PARSED[rules] = {}
    key = (type(value), value)
    hit = cache.get(key)
    if hit is not None:
        return hit
    bid = _parse_bid(rules, value)
    if len(cache) < 512:
        cache[key] = bid
    return bid


def _parse_bid(rules: RuleSet, value: Any) -> Bid:
    if isinstance(value, Bid):
        bid = value
    elif isinstance(value, bool):
        raise RuleError(Rule.BID_NOT_ALLOWED, f"{value!r} is not a bid.")
    elif isinstance(value, int) and abs(value) > 10**6:
        raise RuleError(Rule.BID_OUT_OF_RANGE, f"An ordinary bid must be from "
                        f"{rules.min_bid} to {rules.hand_size}; {echo(value, 30)} is "
                        "out of range.")
    elif isinstance(value, int):
        if rules.zero_is_nil and value == 0:
            bid = Bid(0, "nil", False)
        else:
            bid = Bid(value)
    elif isinstance(value, str):
        text = " ".join(value.strip().lower().split())
        number = parse_whole(text)
        if number is not None:
            return parse_bid(rules, number)
        text = _DOUBLE_NIL.sub("blind nil", text)
        blind_number = _BLIND_NUMBER.match(text)
        if blind_number is not None:
            bid = Bid(int(blind_number.group(1)), None, True)
            check_bid_shape(rules, bid)
            return bid
        m = _NIL_RE.match(text) if len(text) <= 60 else None
        if m is None and len(re.findall(r"\bnil\b", text)) > 1:  # the rule, not the syntax
            raise RuleError(Rule.BID_NOT_ALLOWED, "A player may make only one nil-type bid a "
                            f"hand: {echo(value)} names more than one; bid one of them.",
                            text=echo(value))
        if m is None:
            if re.fullmatch(r"-?[0-9]+", text):
                raise RuleError(Rule.BID_OUT_OF_RANGE, f"An ordinary bid must be from "
                                f"{rules.min_bid} to {rules.hand_size}; "
                                f"{echo(value, 30)} is out of range.")
            raise RuleError(Rule.BID_NOT_ALLOWED, f"{echo(value)} is not a bid in {rules.name}: "
                            f"{_bid_forms(rules)}", text=echo(value))
        extra = int(m.group(3)) if m.group(3) is not None else 0
        bid = Bid(extra, m.group(2), bool(m.group(1)))
    else:
        raise RuleError(Rule.BID_NOT_ALLOWED, f"{echo(value)} is not a bid: {_bid_forms(rules)}")
    check_bid_shape(rules, bid)
    return bid


def check_bid_shape(rules: RuleSet, bid: Bid) -> None:
    """The checks that depend on the rules only (not on the hand's situation)."""
    if bid.nil is not None and bid.nil not in rules.nil_kinds:
        raise RuleError(Rule.BID_NOT_ALLOWED, f"{bid.label} is not a bid in {rules.name}: "
                        f"{_bid_forms(rules)}", bid=str(bid))
    if bid.blind and bid.nil is None and not rules.blind_bids:
        raise RuleError(Rule.BID_NOT_ALLOWED, "Only nil-type bids may be made blind.")
    if bid.nil is not None and bid.tricks and bid.nil_suit is None:
        raise RuleError(Rule.BID_NOT_ALLOWED, f"{bid.nil.title()} takes no ordinary bid on top; "
                        "only Nil Spades and Nil Acorns may add '+ N'.")
    low = 0 if bid.nil is not None else rules.min_bid
    if not low <= bid.tricks <= rules.hand_size:
        raise RuleError(Rule.BID_OUT_OF_RANGE, f"An ordinary bid must be from {low} to "
                        f"{rules.hand_size}; {bid.tricks} is out of range.", bid=str(bid))


def _bid_forms(rules: RuleSet) -> str:
    if not rules.zero_is_nil and "nil" in rules.nil_kinds:
        return (f"bid a number 0-{rules.hand_size} (0 is a bid of no tricks), or nil, or "
                "blind nil (double nil).")
    if not rules.zero_is_nil:
        return (f"bid a number 0-{rules.hand_size}, or nil spades / nil acorns (optionally "
                "'+ N'), or full nil, each optionally blind.")
    return f"bid a number 1-{rules.hand_size}, or nil (0), or blind nil (double nil)."


def ordinary_bids(rules: RuleSet) -> list[Bid]:
    return [Bid(n) for n in range(rules.min_bid, rules.hand_size + 1)]


_ALL_BIDS: dict[RuleSet, tuple[tuple[Bid, ...], tuple[Bid, ...]]] = {}


def all_bids(rules: RuleSet, blind: bool) -> tuple[Bid, ...]:
    """Every bid shape the rule set has (blind ones only when ``blind``)."""
    hit = _ALL_BIDS.get(rules)
    if hit is None:
        hit = _ALL_BIDS[rules] = (tuple(_all_bids(rules, False)), tuple(_all_bids(rules, True)))
    return hit[1] if blind else hit[0]


def _all_bids(rules: RuleSet, blind: bool) -> list[Bid]:
    out = ordinary_bids(rules)
    if blind and rules.blind_bids:  # house rules: bidding and play
        out.extend(Bid(b.tricks, None, True) for b in ordinary_bids(rules))
    for kind in rules.nil_kinds:
        extras = range(rules.hand_size + 1) if kind in PARTIAL_NIL_SUIT else (0,)
        for b in ((False, True) if blind else (False,)):
            out.extend(Bid(n, kind, b) for n in extras)
    return out


# ---------------------------------------------------------------------------- house rules
# house rules: bidding and play (docs/rulings.md section 9).  The one home of the bidding house
# rules: the engine asks :func:`house_bid_refusal` before a bid and to filter the legal bids;
# bots, explanations and the quiz read those.


def spades_held(hand: Sequence[Card]) -> int:
    """How many Spades a hand holds (what Mirror and Whiz bid)."""
    return sum(1 for c in hand if c.bits & SUIT_BITS["S"])


def house_bid_refusal(rules: RuleSet, seat: int, bid: Bid, bids: Sequence[Bid | None],
                      hand: Sequence[Card], totals: Sequence[int]) -> RuleError | None:
    """Why ``seat`` may not bid ``bid`` under the bidding house rules in force, or None.

    ``bids`` are the bids so far by seat (None: not yet), ``hand`` the seat's cards, ``totals``
    the partnerships' totals when the hand started.  The refusal is built, not raised, so the
    engine can filter the legal bids with it cheaply.

    >>> from spades_lab.core.cards import parse_card
    >>> r = RuleSet.preset("standard", team_bid_max=13)
    >>> hand = [parse_card(c) for c in ("AS", "KS", "2H")]
    >>> print(house_bid_refusal(r, 2, Bid(5), [Bid(9), None, None, None], hand, [0, 0]))
    North/South's bids would add up to 14: your rules cap a partnership at 13.
    >>> m = RuleSet.preset("standard", bidding="mirror")
    >>> print(house_bid_refusal(m, 2, Bid(3), [None] * 4, hand, [0, 0]))
    South holds 2 Spades: in Mirror every player bids the number of Spades held, so South bids 2.
    """
    if not rules.house_bidding:
        return None
    name = seat_name(seat, rules.players)
    team = rules.team_of(seat)
    mates = [s for s in rules.team_seats[team] if s != seat]
    tname = team_name(rules.team_seats[team], rules.players)
    if bid.nil is not None:
        if rules.nil_bids == "off":
            return RuleError(Rule.BID_NOT_ALLOWED, f"Nil is switched off in your rules: "
                             f"{name} bids a number of tricks.", seat=seat, bid=str(bid))
        if rules.nil_bids == "below_target" and totals[team] >= rules.target:
            return RuleError(Rule.BID_NOT_ALLOWED, f"{tname} are at {totals[team]}, at or above "
                             f"the target of {rules.target}: your rules bar nil for a "
                             "partnership there.", seat=seat, bid=str(bid))
        if bid.blind and not rules.blind_nil:
            return RuleError(Rule.BLIND_NOT_ALLOWED, "Blind nil is switched off in your rules.",
                             seat=seat, bid=str(bid))
    forced = _variant_refusal(rules, seat, name, bid, bids, hand, mates)
    if forced is not None:
        return forced
    return _team_limit_refusal(rules, seat, name, tname, bid, bids, mates, totals[team])


def _variant_refusal(rules: RuleSet, seat: int, name: str, bid: Bid,
                     bids: Sequence[Bid | None], hand: Sequence[Card], mates: list[int]
                     ) -> RuleError | None:
    """Mirror, Whiz and Suicide (``bidding``): the bid each allows here."""
    variant = rules.bidding
    if variant == "free":
        return None
    if variant in ("mirror", "whiz"):
        n = spades_held(hand)
        if bid.blind and (variant == "mirror" or bid.nil is None):
            return RuleError(Rule.BID_FORCED, f"In {variant.title()} a bid comes from the Spades "
                             f"in hand, so {name} looks at the cards before bidding.", seat=seat,
                             bid=str(bid))
        if variant == "mirror":
            zero = "nil" if rules.zero_bid == "nil" else "0"
            want = str(n) if n else zero
            if (bid.nil is None and bid.tricks == n and (n or rules.zero_bid == "ordinary")) or (
                    n == 0 and bid.nil is not None and rules.zero_bid == "nil"):
                return None
            return RuleError(Rule.BID_FORCED, f"{name} holds {plural(n, 'Spade')}: in Mirror "
                             f"every player bids the number of Spades held, so {name} bids "
                             f"{want}.", seat=seat, bid=str(bid), spades=n)
        if bid.nil is not None or (bid.tricks == n and n):
            return None
        return RuleError(Rule.BID_FORCED, f"{name} holds {plural(n, 'Spade')}: in Whiz every "
                         f"player bids nil or the number of Spades held, so {name} bids "
                         + (f"nil or {n}." if n else "nil."), seat=seat, bid=str(bid), spades=n)
    # suicide: one partner of each partnership bids nil, the other at least SUICIDE_MIN_BID
    done = [bids[s] for s in mates if bids[s] is not None]
    least = SUICIDE_MIN_BID
    if not done:
        if bid.nil is None and bid.tricks < least:
            return RuleError(Rule.BID_FORCED, f"In Suicide one partner bids nil and the other "
                             f"at least {least}: {name} bids nil or {least} or more.", seat=seat,
                             bid=str(bid))
        floor = rules.team_bid_min
        if bid.nil is None and floor is not None and bid.tricks < floor:
            # the partner will bid nil, adding nothing: this bid is the partnership's total
            return RuleError(Rule.TEAM_BID_LIMIT, f"In Suicide {name}'s partner bids nil after "
                             f"an ordinary bid, so {name}'s {bid.tricks} would be the "
                             f"partnership's whole bid, and your rules want at least {floor}: "
                             f"{name} bids nil or {floor} or more.", seat=seat, bid=str(bid),
                             team_bid=bid.tricks)
        return None
    mate = done[0]
    assert mate is not None
    mname = seat_name(mates[0], rules.players)
    if mate.nil is not None and bid.nil is not None:
        return RuleError(Rule.BID_FORCED, f"{mname} bid nil: in Suicide the other partner bids "
                         f"at least {least}, so {name} bids {least} or more.", seat=seat,
                         bid=str(bid))
    if mate.nil is not None and bid.tricks < least:
        return RuleError(Rule.BID_FORCED, f"{mname} bid nil: in Suicide {name} bids at least "
                         f"{least}.", seat=seat, bid=str(bid))
    if mate.nil is None and bid.nil is None:
        return RuleError(Rule.BID_FORCED, f"{mname} bid {mate.tricks}: in Suicide one partner "
                         f"bids nil, so {name} bids nil.", seat=seat, bid=str(bid))
    return None


def _team_limit_refusal(rules: RuleSet, seat: int, name: str, tname: str, bid: Bid,
                        bids: Sequence[Bid | None], mates: list[int], total: int
                        ) -> RuleError | None:
    """The partnership's combined ordinary bid against ``team_bid_max`` / ``team_bid_min``."""
    cap, least = rules.team_bid_max, rules.team_bid_min
    if cap is None and least is None:
        return None
    so_far = sum(b.tricks for b in (bids[s] for s in mates) if b is not None) + bid.tricks
    left = [s for s in mates if bids[s] is None]
    if cap is not None:
        if so_far > cap:
            return RuleError(Rule.TEAM_BID_LIMIT, f"{tname}'s bids would add up to {so_far}: your "
                             f"rules cap a partnership at {cap}.", seat=seat, bid=str(bid),
                             team_bid=so_far)
        # the partners still to bid must keep a legal bid: the least each could bid
        nil_open = rules.nil_bids == "on" or (rules.nil_bids == "below_target"
                                              and total < rules.target)
        low = 0 if (nil_open or rules.zero_bid == "ordinary") else 1
        if left and so_far + low * len(left) > cap:
            rest = seat_name(left[0], rules.players)
            return RuleError(Rule.TEAM_BID_LIMIT, f"{name} bids {bid.tricks}: {rest} would "
                             f"have to bid at least {low}, and {tname}'s bids would add up to "
                             f"{so_far + low * len(left)}: your rules cap a partnership at "
                             f"{cap}.", seat=seat, bid=str(bid), team_bid=so_far)
    if least is not None and not left and so_far < least:
        return RuleError(Rule.TEAM_BID_LIMIT, f"{tname}'s bids would add up to {so_far}: your "
                         f"rules want a partnership to bid at least {least}.", seat=seat,
                         bid=str(bid), team_bid=so_far)
    return None
# end house rules: bidding and play
