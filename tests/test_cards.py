"""Cards, suits and decks (RULINGS.md sections 2 and 5, RECORD-FORMAT.md card notation)."""
from __future__ import annotations

import copy
import json
import pickle

import pytest

from spades_lab import HECKADECK, HECKADECK_TH, STANDARD_DECK, SUITS, RuleError, parse_card
from spades_lab.core.cards import cards_text, deck_data_dir


def test_deck_sizes_and_suits() -> None:
    assert (STANDARD_DECK.size, HECKADECK.size, HECKADECK_TH.size) == (52, 128, 136)
    assert STANDARD_DECK.suits == ("S", "H", "D", "C")
    assert HECKADECK.suits == ("S", "H", "D", "C", "A", "P", "O", "W")
    assert [SUITS[s].name for s in HECKADECK.suits] == [
        "Spades", "Hearts", "Diamonds", "Clubs", "Acorns", "Planets", "Clouds", "Swords"]
    assert len(set(STANDARD_DECK.cards)) == 52 and len(set(HECKADECK_TH.cards)) == 136
    for deck, per_suit in ((STANDARD_DECK, 13), (HECKADECK, 16)):
        for s in deck.suits:
            assert sum(1 for c in deck.cards if c.suits == (s,)) == per_suit


def test_traveler_hunter_pairs_come_from_the_data_file() -> None:
    data = json.loads((deck_data_dir() / "heckadeck.json").read_text(encoding="utf-8"))
    pairs = {frozenset(p["suits"]) for p in data["travelers_hunters"]}
    assert pairs == {frozenset("AC"), frozenset("PS"), frozenset("OH"), frozenset("DW")}
    duals = [c for c in HECKADECK_TH.cards if c.is_dual]
    assert len(duals) == 8
    assert {frozenset(c.suits) for c in duals} == pairs
    assert sorted(c.rank for c in duals) == ["H"] * 4 + ["T"] * 4
    assert not any(c.is_dual for c in HECKADECK.cards)


@pytest.mark.parametrize("text,code", [
    ("10h", "10H"), ("AS", "AS"), ("as", "AS"), (" qd ", "QD"), ("0s", "0S"), ("11w", "11W"),
    ("bo", "BO"), ("tps", "TPS"), ("TSP", "TPS"), ("hca", "HAC"), ("Hoh", "HOH"),
])
def test_parse_any_case_canonical(text: str, code: str) -> None:
    c = parse_card(text)
    assert c.code == code and str(c) == code
    assert parse_card(code) is c           # interned


@pytest.mark.parametrize("text", ["", "ZZ", "1H", "12S", "TSS", "TSH", "XH", "10", "KX", "H"])
def test_unknown_card_text(text: str) -> None:
    with pytest.raises(RuleError) as e:
        parse_card(text)
    assert e.value.rule == "unknown-card"
    assert repr(text) in e.value.message


def test_deck_membership() -> None:
    assert STANDARD_DECK.parse("as") is parse_card("AS")
    for deck, text in ((STANDARD_DECK, "0S"), (STANDARD_DECK, "BH"), (STANDARD_DECK, "2A"),
                       (HECKADECK, "TPS"), (HECKADECK, "HAC")):
        with pytest.raises(RuleError) as e:
            deck.parse(text)
        assert e.value.rule == "unknown-card" and deck.label in e.value.message
    assert HECKADECK_TH.parse("tps").is_dual


def test_card_attributes() -> None:
    tps = parse_card("TPS")
    assert tps.suits == ("P", "S") and tps.is_dual and tps.is_face and not tps.is_ace
    assert tps.has_suit("S") and tps.has_suit("P") and not tps.has_suit("H")
    assert tps.name == "Traveler of Planets/Spades"
    assert sorted(p.suit for p in tps.all_plays) == ["P", "S"]
    assert all(p.card is tps for p in tps.all_plays)
    for rank in ("B", "J", "Q", "K"):
        assert parse_card(rank + "A").is_face
    for rank in ("0", "A", "2", "10", "11"):
        assert not parse_card(rank + "A").is_face
    assert parse_card("AH").is_ace and parse_card("AH").name == "Ace of Hearts"
    assert parse_card("10H").pretty == "10♥"
    qh = parse_card("QH")
    assert qh.play.suit == "H" and qh.all_plays == (qh.play,)


def test_cards_keep_identity_through_copy_and_pickle() -> None:
    for code in ("QH", "TPS", "0W"):
        c = parse_card(code)
        assert copy.copy(c) is c and copy.deepcopy(c) is c
        assert pickle.loads(pickle.dumps(c)) is c
        for p in c.all_plays:
            assert pickle.loads(pickle.dumps(p)) is p and copy.deepcopy(p) is p


def test_sorting_and_text() -> None:
    cards = [parse_card(x) for x in ("2C", "AS", "KH")]
    assert [c.code for c in STANDARD_DECK.sorted(cards)] == ["AS", "KH", "2C"]
    assert cards_text(cards) == "the 2 of Clubs, the Ace of Spades and the King of Hearts"
    assert cards_text(cards, pretty=False) == "2C, AS, KH"


def test_rank_orders_in_data() -> None:
    data = json.loads((deck_data_dir() / "heckadeck.json").read_text(encoding="utf-8"))
    default, low = data["rank_orders"]["default"], data["rank_orders"]["th_low"]
    # Beast < Traveler < Jack < Hunter < Queen; th_low: 11 < Traveler < Beast < Hunter < Jack
    assert default.index("B") < default.index("T") < default.index("J") < default.index("H") \
        < default.index("Q") < default.index("K") < default.index("A+")
    assert low.index("11") < low.index("T") < low.index("B") < low.index("H") < low.index("J")
    # the low Ace sits between 0 and 2
    assert default[:3] == ["0", "A", "2"] and low[:3] == ["0", "A", "2"]
