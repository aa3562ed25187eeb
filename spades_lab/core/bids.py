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
from dataclasses import dataclass
from typing import Any

from .errors import Rule, RuleError, echo, parse_whole
from .rules import PARTIAL_NIL_SUIT, RuleSet


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
            return self.tricks
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
            return str(self.tricks)
        text = ("Blind " if self.blind else "") + self.nil.title()
        return text + (f" + {self.tricks}" if self.tricks else "")


_NIL_RE = re.compile(
    r"^(blind\s+)?(nil spades|nil acorns|full nil|nil)(?:\s*\+\s*(-?[0-9]{1,12}))?$", re.ASCII)
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
        m = _NIL_RE.match(text) if len(text) <= 60 else None
        if m is None:
            if re.fullmatch(r"-?[0-9]+", text):
                raise RuleError(Rule.BID_OUT_OF_RANGE, f"An ordinary bid must be from "
                                f"{rules.min_bid} to {rules.hand_size}; "
                                f"{echo(value, 30)} is out of range.")
            raise RuleError(Rule.BID_NOT_ALLOWED, f"{echo(value)} is not a bid in {rules.name}: "
                            f"{_bid_forms(rules)}", text=echo(value))
        extra = int(m.group(3)) if m.group(3) is not None else 0
        bid = Bid(extra, m.group(2), bool(m.group(1)))
        if text.count("nil") > 1:
            raise RuleError(Rule.BID_NOT_ALLOWED, "A player may make only one nil-type bid a hand.")
    else:
        raise RuleError(Rule.BID_NOT_ALLOWED, f"{echo(value)} is not a bid: {_bid_forms(rules)}")
    check_bid_shape(rules, bid)
    return bid


def check_bid_shape(rules: RuleSet, bid: Bid) -> None:
    """The checks that depend on the rules only (not on the hand's situation)."""
    if bid.nil is not None and bid.nil not in rules.nil_kinds:
        raise RuleError(Rule.BID_NOT_ALLOWED, f"{bid.label} is not a bid in {rules.name}: "
                        f"{_bid_forms(rules)}", bid=str(bid))
    if bid.blind and bid.nil is None:
        raise RuleError(Rule.BID_NOT_ALLOWED, "Only nil-type bids may be made blind.")
    if bid.nil is not None and bid.tricks and bid.nil_suit is None:
        raise RuleError(Rule.BID_NOT_ALLOWED, f"{bid.nil.title()} takes no ordinary bid on top; "
                        "only Nil Spades and Nil Acorns may add '+ N'.")
    low = 0 if bid.nil is not None else rules.min_bid
    if not low <= bid.tricks <= rules.hand_size:
        raise RuleError(Rule.BID_OUT_OF_RANGE, f"An ordinary bid must be from {low} to "
                        f"{rules.hand_size}; {bid.tricks} is out of range.", bid=str(bid))


def _bid_forms(rules: RuleSet) -> str:
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
    for kind in rules.nil_kinds:
        extras = range(rules.hand_size + 1) if kind in PARTIAL_NIL_SUIT else (0,)
        for b in ((False, True) if blind else (False,)):
            out.extend(Bid(n, kind, b) for n in extras)
    return out
