"""The quick ways through a replay give what the step-by-step way gives.

``play_record`` hands a record's bids and plays straight to ``Game.bid``/``Game.play``,
``Game.play`` takes exact card codes and a seat named explicitly without re-parsing, deals of
exact codes skip ``deck.parse``, and the record's JSON is parsed without a hook per object when
no key can repeat.  Each must accept and refuse exactly as the careful way does: the same
result, or the same RecordError (rule, hand, step, message, details).
"""
from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from conftest import ROOT, deal_and_bid
from spades_lab import Game
from spades_lab.core.errors import RecordError, RuleError
from spades_lab.core.records import apply_step, game_from_record, hand_steps, load_record, replay
from spades_lab.core.validate import _parse, parse_record_text

RECORDS = sorted((ROOT / "data" / "scenarios").glob("*.json")) + \
    sorted((ROOT / "data" / "course").glob("*.json"))
BASES = {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in RECORDS}


def step_by_step(rec: dict[str, Any]) -> Any:
    """The reference: every action as a Step through ``apply_step``, as play_record did."""
    data = load_record(rec)
    game = game_from_record(data)
    n = game.rules.players
    for i, h in enumerate(data.get("hands", [])):
        dealer = h.get("dealer")
        if i > 0 and dealer is not None and dealer != game.next_dealer:
            raise RecordError("bad-record", f"Hand {i}'s dealer should be seat "
                              f"{game.next_dealer} (the deal passes clockwise), not {dealer}.",
                              hand=i, step="deal")
        try:
            game.deal(cards=h["deal"], dealer=dealer if i == 0 else None)
        except RuleError as err:
            raise RecordError(err.rule, err.message, hand=i, step="deal",
                              **err.details) from None
        counts = {"bid": 0, "exchange": 0, "play": 0}
        for step in hand_steps(data, i):
            try:
                apply_step(game, step)
            except RuleError as err:
                raise RecordError(err.rule, err.message, hand=i,
                                  step=f"{step.kind} {counts[step.kind]}",
                                  **err.details) from None
            counts[step.kind] += 1
    assert n
    return game


def outcome(f: Any, rec: dict[str, Any]) -> Any:
    try:
        g = f(rec)
    except RecordError as e:
        return ("refused", e.rule, e.hand, e.step, e.message, e.details)
    game = g.game if hasattr(g, "game") else g
    return ("ok", game.to_record(), game.totals, game.bags, game.phase)


def mutate(rec: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """One small change a careless writer might make to a record's actions or deal."""
    rec = copy.deepcopy(rec)
    hands = rec.get("hands", [])
    if not hands:
        return rec
    h = rng.choice(hands)
    codes = [c for row in h["deal"] for c in row]
    plays = h.get("plays", [])
    op = rng.choice(["card", "seat", "swap", "drop", "as", "bid", "case", "deal-dup",
                     "deal-swap", "deal-case", "junk"])
    if op == "card" and plays:
        rng.choice(plays)["card"] = rng.choice(codes)
    elif op == "seat" and plays:
        e = rng.choice(plays)
        e["seat"] = (e["seat"] + rng.randrange(1, 4)) % len(h["deal"])
    elif op == "swap" and len(plays) > 1:
        i, j = rng.sample(range(len(plays)), 2)
        plays[i], plays[j] = plays[j], plays[i]
    elif op == "drop" and plays:
        del plays[rng.randrange(len(plays))]
    elif op == "as" and plays:
        rng.choice(plays)["as"] = rng.choice(["S", "H", "A", "spades", "X"])
    elif op == "bid" and h.get("bids"):
        rng.choice(h["bids"])["bid"] = rng.choice([0, 3, 13, 14, "nil", "blind nil", "x"])
    elif op == "case" and plays:
        e = rng.choice(plays)
        e["card"] = rng.choice([e["card"].lower(), f" {e['card']} ", e["card"][::-1]])
    elif op == "deal-dup":
        row = rng.choice(h["deal"])
        row[rng.randrange(len(row))] = rng.choice(codes)
    elif op == "deal-swap":
        a, b = rng.sample(range(len(h["deal"])), 2)
        i = rng.randrange(len(h["deal"][a]))
        j = rng.randrange(len(h["deal"][b]))
        h["deal"][a][i], h["deal"][b][j] = h["deal"][b][j], h["deal"][a][i]
    elif op == "deal-case":
        h["deal"] = [[c.lower() for c in row] for row in h["deal"]]
    elif op == "junk" and plays:
        rng.choice(plays)["card"] = rng.choice(["ZZ", "1S", "TSP", "QQ", "10s"])
    return rec


@pytest.mark.parametrize("name", sorted(BASES))
def test_replay_matches_step_by_step_on_curated_records(name: str) -> None:
    assert outcome(replay, BASES[name]) == outcome(step_by_step, BASES[name])


def test_replay_matches_step_by_step_on_mutated_records() -> None:
    rng = random.Random(2026)
    refused = 0
    names = sorted(BASES)
    for _ in range(600):
        rec = mutate(BASES[rng.choice(names)], rng)
        fast, ref = outcome(replay, rec), outcome(step_by_step, rec)
        assert fast == ref
        refused += fast[0] == "refused"
    assert refused > 150  # the mutations do reach the rules


def test_a_seat_named_explicitly_is_checked() -> None:
    g = Game("standard")
    g.deal(rng=random.Random(1))
    for _ in range(4):
        g.bid(3)
    turn = g.turn
    assert turn is not None
    card = g.legal_plays()[0].card.code
    other = (turn + 1) % 4
    with pytest.raises(RuleError) as e:
        g.play(card, seat=other)
    assert e.value.rule == "not-your-turn"
    with pytest.raises(RuleError) as e:
        g.play(card, seat=True)  # a bool is not a seat
    assert e.value.rule == "not-your-turn"
    g.play(card.lower(), seat=turn)  # text is still read as before
    assert g.turn == other


def test_deal_of_exact_codes_and_of_other_texts() -> None:
    g = Game("standard")
    deck = [c.code for c in g.rules.deck.cards]
    rows = [deck[i * 13:(i + 1) * 13] for i in range(4)]
    g.deal(cards=[[c.lower() for c in r] for r in rows])
    assert [len(h) for h in g.hand.hands] == [13] * 4  # type: ignore[union-attr]
    for bad, words in (([r[:] for r in rows[:3]] + [rows[0]], "dealt twice"),
                       ([r[:] for r in rows[:3]] + [rows[3][:12]], "has 12 cards"),
                       ([r[:] for r in rows[:3]] + [rows[3][:12] + [["AS"]]], "not a card")):
        g2 = Game("standard")
        with pytest.raises(RuleError) as e:
            g2.deal(cards=bad)
        assert words in e.value.message and g2.hand is None


TEXTS = [
    '{"rules": "standard", "hands": []}',
    '{"rules": "standard", "rules": "acorns", "hands": []}',
    '{"rules": {"preset": "standard", "options": {"target": 300, "target": 200}}}',
    '{"rules": "standard", "players": ["Ann: first", "B", "C", "D"]}',
    '{"rules": "standard", "hands": [{"deal": [[{"a": 1, "a": 2}]]}]}',
    '{"rules": "standard", "hands": [{"deal": [], "plays": [{"seat": 0, "seat": 1, '
    '"card": "QH"}]}]}',
    '{"rules": "standard", "hands": [{"deal": [], "plays": [{"seat": 0, "card": "QH"}, 7]}]}',
    '{"rules": "standard", "start": {"scores": [1234567890123, 0]}}',
    '{"rules": "standard", "start": {"scores": [NaN, 0]}}',
    '{"rules": "standard", "x": 1, "x": 2} extra',
    '{"rules": "standard", "hands": [}',
    "[" * 50_000 + "]" * 50_000,
]


@pytest.mark.parametrize("text", TEXTS)
def test_quick_parse_is_the_careful_parse(text: str) -> None:
    def parsed(f: Any) -> Any:
        try:
            return ("ok", f(text))
        except RecordError as e:
            return ("refused", e.rule, e.message)

    assert parsed(_parse) == parsed(parse_record_text)


def test_records_of_data_parse_the_quick_way_alike() -> None:
    for p in RECORDS:
        text = p.read_text(encoding="utf-8")
        assert _parse(text) == parse_record_text(text)


# ---------------------------------------------------------------------------- one play's legality

def test_is_legal_answers_as_the_legal_set_does() -> None:
    """``tricks.is_legal`` (the replay's question about one play) agrees with membership in
    ``tricks.legal_set`` for every play of every card of random hands, in every rule set: any
    led suit or none, any trumps broken, hands of only trumps, of Travelers/Hunters."""
    from spades_lab.core.cards import SUIT_BITS
    from spades_lab.core.rules import PRESETS, RuleSet
    from spades_lab.core.tricks import is_legal, legal_set, tables_for

    rng = random.Random(13)
    checked = 0
    configs = [RuleSet.preset(name) for name in PRESETS] + [
        RuleSet.preset(name, {"travelers_hunters": True}) for name in ("acorns", "acorns8")]
    for rules in configs:
        name = rules.name
        t = tables_for(rules)
        cards = list(rules.deck.cards)
        trumps = [c for c in cards if c.bits & t.trump_bits]
        leds = [0] + [SUIT_BITS[s] for s in rules.deck.suits]
        for _ in range(400):
            pool = trumps if rng.random() < 0.2 else cards
            hand = rng.sample(pool, rng.randint(1, min(len(pool), rules.hand_size)))
            led = rng.choice(leds)
            unbroken = t.trump_bits & rng.choice([0, t.trump_bits, *(
                SUIT_BITS[x] for x in rules.trumps)])
            legal = legal_set(hand, led, unbroken, t.has_duals)[1]
            for c in hand:
                for p in c.all_plays:
                    assert is_legal(hand, p, led, unbroken, t.has_duals) == (p in legal), \
                        (name, [x.code for x in hand], p, led, unbroken)
                    checked += 1
    assert checked > 10_000
    assert any(r.deck.travelers_hunters for r in configs)


def test_play_by_code_is_accepted_exactly_when_legal() -> None:
    """``Game.play`` given a card's code (the replay's way) accepts exactly the legal plays and
    refuses the rest without changing the game, in every rule set."""
    from spades_lab.core.rules import PRESETS, RuleSet

    rng = random.Random(7)
    configs = [RuleSet.preset(name) for name in PRESETS] + [
        RuleSet.preset(name, {"travelers_hunters": True}) for name in ("acorns", "acorns8")]
    for rules in configs:
        name = rules.name
        g = deal_and_bid(rules, rng)
        while g.phase == "play":
            h = g.hand
            assert h is not None and h.turn is not None
            legal = h.legal_set()[1]
            for c in list(h.hands[h.turn]):
                trial = g.copy()
                before = trial.to_record()
                try:
                    trial.play(c.code, seat=h.turn)
                    accepted = True
                except RuleError:
                    accepted = False
                    assert trial.to_record() == before
                plain = (not c.is_dual) or (h.led_bit and c.bits & h.led_bit)
                if plain:
                    assert accepted == ((c.play_as[h.led_bit] if c.is_dual else c.play) in legal), \
                        (name, c.code)
                else:
                    assert not accepted  # a Traveler/Hunter led or off-suit names its suit
            g.play(rng.choice(legal))


# ---------------------------------------------------------------------------- the collector's pause

def test_the_collector_is_back_after_every_replay() -> None:
    """replay pauses the cyclic collector; it is back on after a replay, a refused record, an
    interrupt in the middle, nested pauses and overlapping pauses in threads; left off when the
    caller had turned it off; and nothing stays frozen."""
    import gc
    import threading

    from spades_lab.core.validate import gc_paused

    rec = BASES[sorted(BASES)[0]]
    assert gc.isenabled()
    replay(rec)
    assert gc.isenabled() and gc.get_freeze_count() == 0
    with pytest.raises(RecordError):
        replay({"rules": "standard", "hands": [{"deal": [["AS"]]}]})
    assert gc.isenabled()
    with pytest.raises(KeyboardInterrupt):
        with gc_paused():
            assert not gc.isenabled()
            raise KeyboardInterrupt
    assert gc.isenabled() and gc.get_freeze_count() == 0
    with gc_paused():
        replay(rec)
        assert not gc.isenabled()  # the inner replay's pause ends inside the outer one
    assert gc.isenabled()
    gc.disable()
    try:
        replay(rec)
        assert not gc.isenabled()  # the caller's choice stands
    finally:
        gc.enable()
    # two threads whose pauses overlap: back on only when the last one ends
    inside, release = threading.Event(), threading.Event()

    def worker() -> None:
        with gc_paused():
            inside.set()
            release.wait(10)

    t = threading.Thread(target=worker)
    t.start()
    assert inside.wait(10)
    with gc_paused():
        pass
    assert not gc.isenabled()  # the worker's pause still holds
    release.set()
    t.join(10)
    assert gc.isenabled()


def test_the_pause_leaves_the_callers_frozen_objects_frozen() -> None:
    import gc

    kept = [[i] for i in range(100)]
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        assert frozen >= 100
        replay(BASES[sorted(BASES)[0]])
        # replay neither hands the caller's frozen objects back (the count would fall to 0)
        # nor freezes its own (it would rise by thousands); a few frozen objects may be freed
        # meanwhile by another thread of the process (an xdist worker's channel)
        assert frozen - 50 <= gc.get_freeze_count() <= frozen and gc.isenabled()
    finally:
        gc.unfreeze()
    del kept


def test_a_replayed_game_is_promoted_not_walked_by_the_next_young_collection() -> None:
    """After the pause the objects a replay made are in the oldest generation: the young ones
    hold few (else the next young collections would walk them all, twice)."""
    import gc

    from spades_lab.core.rules import RuleSet
    from spades_lab.play.players import RandomPlayer, play_hand

    g = Game(RuleSet.preset("standard", target=10**9))
    rng = random.Random(5)
    for _ in range(200):
        play_hand(g, [RandomPlayer()] * 4, rng)
    rec = g.to_record()
    del g
    gc.collect()
    result = replay(rec)
    young = len(gc.get_objects(generation=0)) + len(gc.get_objects(generation=1))
    made = 200 * 52  # a play event per card at least
    assert gc.isenabled() and young < made // 4, young
    assert len(result.hands) == 200
