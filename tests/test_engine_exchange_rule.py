"""A return after a 0-card blind pass is refused by the exchange rule (``exchange-invalid``),
also when that pass completed the last exchange owed and the hand has moved on to the play
(issue 23: it was refused as ``wrong-phase``); the state stays as it was."""
from __future__ import annotations

import random

import pytest

from spades_lab import Game
from spades_lab.core.errors import IllegalAction


def _zero_pass_game() -> Game:
    g = Game("original")
    g.deal(rng=random.Random(3))
    g.bid("blind nil")           # East (1), partner West (3)
    for b in (3, 3, 3):
        g.bid(b)
    g.exchange(1, [])            # 0 cards: completes the only exchange, play starts
    return g


def test_a_return_after_the_last_exchange_passed_no_cards_names_the_exchange_rule() -> None:
    g = _zero_pass_game()
    h = g.hand
    assert g.phase == "play" and h.exchanges[0].done
    before = [list(x) for x in h.hands]
    check = g.can_exchange(3, h.hands[3][:1])
    assert check.rule == "exchange-invalid"
    assert "East passed no cards" in check.message and "West passes nothing back" \
        in check.message
    with pytest.raises(IllegalAction) as e:
        g.exchange(3, h.hands[3][:1])
    assert e.value.rule == "exchange-invalid"
    assert [list(x) for x in h.hands] == before and g.phase == "play"
    assert g.can_exchange(3, []).ok  # the empty return may still be written


def test_after_the_first_card_the_hand_is_simply_not_exchanging() -> None:
    g = _zero_pass_game()
    g.play(g.legal_plays()[0])
    h = g.hand
    assert g.can_exchange(3, h.hands[3][:1]).rule == "wrong-phase"
    assert g.can_exchange(0, h.hands[0][:1]).rule == "wrong-phase"  # no exchange of North's
