"""Bids (RULINGS.md sections 2, 5 and 8, fine print on bids)."""
from __future__ import annotations

from typing import Any

import pytest

from spades_lab import Bid, RuleError, RuleSet, parse_bid
from spades_lab.core.bids import all_bids

STD = RuleSet.preset("standard")
ACORNS = RuleSet.preset("acorns")
ACORNS_TH = RuleSet.preset("acorns", travelers_hunters=True)
A8 = RuleSet.preset("acorns8")


@pytest.mark.parametrize("rules,value,bid", [
    (STD, 0, Bid(0, "nil")), (STD, "0", Bid(0, "nil")), (STD, "nil", Bid(0, "nil")),
    (STD, "Blind  Nil", Bid(0, "nil", True)), (STD, 13, Bid(13)), (STD, 1, Bid(1)),
    (ACORNS, 0, Bid(0)), (ACORNS, 32, Bid(32)), (ACORNS_TH, 34, Bid(34)), (A8, 16, Bid(16)),
    (ACORNS, "nil spades", Bid(0, "nil spades")),
    (ACORNS, "nil spades + 4", Bid(4, "nil spades")),
    (ACORNS, "blind nil acorns+2", Bid(2, "nil acorns", True)),
    (ACORNS, "full nil", Bid(0, "full nil")), (ACORNS, "blind full nil", Bid(0, "full nil", True)),
    (A8, "blind nil spades + 16", Bid(16, "nil spades", True)),
])
def test_parse(rules: RuleSet, value: Any, bid: Bid) -> None:
    got = parse_bid(rules, value)
    assert got == bid
    assert parse_bid(rules, got.to_json()) == got        # round trip through record JSON


@pytest.mark.parametrize("rules,value,rule", [
    (STD, 14, "bid-out-of-range"), (STD, -1, "bid-out-of-range"),
    (ACORNS, 33, "bid-out-of-range"), (ACORNS_TH, 35, "bid-out-of-range"),
    (A8, 17, "bid-out-of-range"), (ACORNS, "nil spades + 33", "bid-out-of-range"),
    (STD, "nil spades", "bid-not-allowed"), (STD, "full nil", "bid-not-allowed"),
    (ACORNS, "nil", "bid-not-allowed"), (ACORNS, "blind nil", "bid-not-allowed"),
    (ACORNS, "full nil + 1", "bid-not-allowed"), (STD, "nil + 1", "bid-not-allowed"),
    (ACORNS, "nil spades nil acorns", "bid-not-allowed"), (STD, "blind 4", "bid-not-allowed"),
    (STD, True, "bid-not-allowed"), (STD, 2.5, "bid-not-allowed"), (STD, "", "bid-not-allowed"),
    (STD, Bid(3, None, True), "bid-not-allowed"), (STD, Bid(0), "bid-out-of-range"),
])
def test_rejected(rules: RuleSet, value: Any, rule: str) -> None:
    with pytest.raises(RuleError) as e:
        parse_bid(rules, value)
    assert e.value.rule == rule


def test_labels_and_json() -> None:
    b = parse_bid(ACORNS, "blind nil spades + 4")
    assert b.to_json() == "blind nil spades + 4" and b.label == "Blind Nil Spades + 4"
    assert b.nil_suit == "S" and not b.is_full_nil and b.is_nil
    assert parse_bid(STD, 0).is_full_nil and parse_bid(ACORNS, "full nil").is_full_nil
    assert parse_bid(ACORNS, "nil acorns").nil_suit == "A"
    assert parse_bid(STD, 7).to_json() == 7 and parse_bid(STD, 0).to_json() == "nil"


def test_all_bids_shapes() -> None:
    std = all_bids(STD, blind=True)
    assert [b.tricks for b in std if b.nil is None] == list(range(1, 14))
    assert Bid(0, "nil") in std and Bid(0, "nil", True) in std
    assert Bid(0, "nil", True) not in all_bids(STD, blind=False)
    ac = all_bids(ACORNS, blind=True)
    assert [b.tricks for b in ac if b.nil is None] == list(range(0, 33))
    assert Bid(32, "nil spades", True) in ac and Bid(0, "full nil", True) in ac
    assert Bid(1, "full nil") not in ac
    for b in ac:
        assert parse_bid(ACORNS, b.to_json()) == b
