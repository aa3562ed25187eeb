"""The engine's action template (issue 20, item 5): every action has one ``_verify_*`` that
raises, a ``can_*`` that is that check as a ``Check`` and the action that verifies then applies;
one fast path for single and bulk plays; ``Hand.copy`` names every field; ``Game.set_ending``
sets up a position; ``Hand.owed_pass`` says what a seat passes now."""
from __future__ import annotations

import random
from typing import Any

import pytest

from conftest import deal_and_bid
from spades_lab import Game, RuleSet
from spades_lab.core.engine import Hand, OwedPass
from spades_lab.core.errors import IllegalAction, RuleError
from spades_lab.play.players import RandomPlayer, SimplePlayer, act
from spades_lab.widgets.playmodel import PlayModel


def _refusal(fn: Any, *args: Any, **kw: Any) -> tuple[str, str, dict[str, Any]]:
    with pytest.raises(IllegalAction) as info:
        fn(*args, **kw)
    e = info.value
    return e.rule, e.message, e.details


def _same(check: Any, fn: Any, *args: Any, **kw: Any) -> None:
    """``check`` (a can_*'s answer) is no, with the very rule, sentence and details ``fn``
    raises."""
    assert not check.ok
    assert (check.rule, check.message, check.details) == _refusal(fn, *args, **kw)


def test_can_and_do_agree_before_the_deal_and_after_the_game() -> None:
    g = Game("standard")
    _same(g.can_bid(3), g.bid, 3)
    _same(g.can_play("2C"), g.play, "2C")
    _same(g.can_exchange(0, []), g.exchange, 0, [])
    _same(g.can_look(0), g.look, 0)
    assert g.can_bid(3).message == "No hand is waiting for a bid."
    assert g.can_deal().ok
    g.deal(rng=random.Random(1))
    _same(g.can_deal(), g.deal)
    _same(g.can_look(9), g.look, 9)
    _same(g.can_bid(3, seat=True), g.bid, 3, seat=True)  # a bool is not a seat
    _same(g.can_play("2C", seat=-1), g.play, "2C", seat=-1)
    _same(g.can_exchange(0, "AS"), g.exchange, 0, "AS")  # a text is not a list of cards


def test_can_deal_answers_for_malformed_cards_without_raising() -> None:
    g = Game("standard")
    check = g.can_deal(cards=[["AS"]])
    assert not check.ok and check.rule == "bad-record"
    with pytest.raises(RuleError, match=check.message):
        g.deal(cards=[["AS"]])
    assert g.hand is None and g.log == []


@pytest.mark.parametrize("preset", ["standard", "original", "online", "acorns", "acorns8"])
def test_can_and_do_agree_on_random_actions(preset: str) -> None:
    """At random positions, each action's ``can_*`` and the action give the same verdict; a
    refusal has the same rule, sentence and details, and changes nothing."""
    rng = random.Random(preset)
    rules = RuleSet.preset(preset)
    players = [RandomPlayer()] * rules.players
    for _ in range(15):
        g = Game(rules)
        g.deal(rng=rng)
        for _ in range(rng.randrange(60)):
            if g.hand is None or g.hand.complete:
                break
            act(g, players, rng)
        for _ in range(8):
            seat = rng.choice([None, *range(rules.players)])
            before = g.to_record()
            trial = g.copy()
            kind = rng.choice(["bid", "play", "exchange"])
            if kind == "bid":
                value: Any = rng.choice(["nil", "blind nil", 3, 0, 99, "x"])
                check, do, args = g.can_bid(value, seat), trial.bid, (value, seat)
            elif kind == "play":
                card = rng.choice(rules.deck.cards)
                as_ = rng.choice([None, None, *rules.deck.suits])
                check, do, args = g.can_play(card, as_, seat), trial.play, (card, as_, seat)
            else:
                s = seat if seat is not None else 0
                cards = rng.sample(g.hand.hands[s], min(2, len(g.hand.hands[s]))) \
                    if g.hand is not None else []
                check, do, args = g.can_exchange(s, cards), trial.exchange, (s, cards)
            assert g.to_record() == before  # a check changes nothing
            if check.ok:
                do(*args)
            else:
                _same(check, do, *args)
                assert trial.to_record() == before


def test_the_fast_path_agrees_with_the_full_check() -> None:
    """``Hand._quick_play`` (single plays and the bulk replay) answers either None or the very
    play ``_verify_play`` finds, for every card, code and seat at many positions."""
    rng = random.Random(5)
    for rules in (RuleSet.preset("standard"), RuleSet.preset("acorns", travelers_hunters=True)):
        g = deal_and_bid(rules, rng)
        while g.phase == "play":
            h = g.hand
            assert h is not None and h.turn is not None
            if rng.random() < 0.5:
                g.legal_plays()  # with and without the legal plays cached
            for c in rules.deck.cards:
                for card, as_ in ((c.code, None), *((p, None) for p in c.all_plays),
                                  *((c.code, s) for s in rules.deck.suits)):
                    for seat in (None, h.turn, (h.turn + 1) % rules.players):
                        quick = h._quick_play(card, as_, seat)
                        try:
                            full: Any = h._verify_play(card, as_, seat)
                        except IllegalAction:
                            full = None
                        assert quick is None or quick is full, (card, as_, seat)
                        if full is not None and seat in (None, h.turn) and (
                                as_ is not None or not c.is_dual or h.led_bit & c.bits):
                            assert quick is full, (card, as_, seat)  # the common case is fast
            g.play(rng.choice(g.legal_plays()))


def test_play_entries_stops_where_the_fast_path_does() -> None:
    g = Game("acorns")
    g.deal(rng=random.Random(2))
    for _ in range(4):
        g.bid(2)
    h = g.hand
    assert h is not None and h.turn is not None
    p = g.legal_plays()[0]
    entries: list[Any] = [{"seat": h.turn, "card": p.card.code}, {"seat": 99, "card": "2C"}]
    assert h.play_entries(entries) == 1  # the second names no seat: left to Game.play
    assert h.play_entries(entries, 1) == 1
    assert h.play_entries([{"seat": None, "card": "2C"}]) == 0  # a record names its seat


def test_hand_copy_sets_every_field_and_shares_no_list() -> None:
    g = Game("original")
    g.deal(rng=random.Random(3))
    for b in ("blind nil", 3, 4, 3):
        g.bid(b)
    c = g.copy()
    h, k = g.hand, c.hand
    assert h is not None and k is not None
    for name in Hand.__slots__:
        if name == "__weakref__":
            continue
        assert hasattr(k, name), name
        mine, theirs = getattr(h, name), getattr(k, name)
        if name == "game":
            assert theirs is c
        elif name == "log":
            assert theirs is c.log and theirs == mine
        elif isinstance(mine, list):
            assert theirs == mine and theirs is not mine, name
        else:
            assert theirs == mine, name
    players = [SimplePlayer()] * 4
    while c.phase != "deal":
        act(c, players, random.Random(1))
    assert g.hand.phase == "exchange" and g.hand.exchanges[0].passed is None


def test_owed_pass_is_what_bots_widgets_and_checks_read() -> None:
    g = Game("original")
    g.deal(rng=random.Random(3))
    for b in ("blind nil", 3, 4, 3):
        g.bid(b)
    h = g.hand
    assert h is not None
    assert h.owed_pass(1) == OwedPass(0, 3, 3) and h.owed_pass(3) is None
    assert h.owed_pass(0) is None
    assert g.can_exchange(1, h.cards_held(1)[:4]).message == "East must pass 0 to 3 cards, not 4."
    g.exchange(1, h.cards_held(1)[:2])
    assert h.owed_pass(1) is None and h.owed_pass(3) == OwedPass(2, 2, 1)
    assert g.can_exchange(3, []).message == "West must pass 2 cards, not 0."
    g.exchange(3, h.cards_held(3)[:2])
    assert h.owed_pass(3) is None and h.phase == "play"


def test_play_model_offers_the_owed_pass() -> None:
    m = PlayModel("original", seat=1, seed=4)
    for _ in range(40):
        w = m.waiting()
        if w == "exchange":
            break
        if w == "look":  # bid blind nil before looking, so an exchange is owed
            m.bid(next(c.bid for c in m.bid_choices() if c.bid.blind))
        elif w == "bid":
            m.bid(m.bid_choices()[0].bid)
        else:
            m.step_bot()
    due = m.exchange_due()
    if due is None:
        pytest.skip("no exchange came up with this seed")
    h = m.game.hand
    assert h is not None
    owed = h.owed_pass(1)
    assert owed is not None and (due["lo"], due["hi"], due["to"]) == tuple(owed)


def test_set_ending_sets_a_position_and_refuses_bad_ones() -> None:
    g = Game("acorns")
    g.deal(rng=random.Random(3))
    before = g.to_record()
    with pytest.raises(IllegalAction):
        g.set_ending([["AS"]] * 4)  # still bidding
    for _ in range(4):
        g.bid(2)
    h = g.hand
    assert h is not None
    hands = [h.hands[s][:3] for s in range(4)]
    for bad, why in ((hands[:3], "4 hands"), ([hands[0]] * 4, "twice"),
                     ([x[:2] for x in hands[:3]] + [hands[3]], "as many cards"),
                     (hands, "trump")):
        with pytest.raises(RuleError, match=why):
            g.set_ending(bad, ["H"] if why == "trump" else ())
    assert len(h.hands[0]) == g.rules.hand_size  # every refusal changed nothing
    g.set_ending(hands, ["S"], "S")
    assert h.hands == hands and h.broken and h.superior == "S" and h.superior_at == (0, 0)
    assert h.legal_plays() and all(p.card in hands[h.turn] for p in h.legal_plays())
    g.play(g.legal_plays()[0])
    with pytest.raises(IllegalAction, match="start of a trick"):
        g.set_ending(hands)
    assert before["hands"][0]["deal"] == g.to_record()["hands"][0]["deal"]
