"""Property-based tests over random games of every preset and option combination.

Hypothesis draws a preset, option values, start totals/bags and a seed; the seats' decisions
come from ``random.Random(seed)`` choosing among ``legal_bids()`` / ``legal_plays()`` (blind bids
and exchanges included).  Along the way and at the end we check the invariants of RULINGS.md
and that rejected actions change nothing.
"""
from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import examples, state_snapshot
from spades_lab import Game, IllegalAction, RuleSet
from spades_lab.core.cards import SUIT_BITS, SUIT_LETTERS
from spades_lab.core.records import dump_record, load_record, replay, replay_log
from spades_lab.core.rules import ONLINE_TARGETS
from spades_lab.core.tricks import trick_winner

SETTINGS = settings(max_examples=examples(30), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

#: Every preset, and the Acorns sets with and without Travelers/Hunters and in both team modes,
#: get their own run so none is starved; hypothesis draws the other options.
FAMILIES = [("standard", {}), ("online", {}), ("original", {}),
            ("acorns", {"travelers_hunters": False}), ("acorns", {"travelers_hunters": True}),
            ("acorns8", {"teams": "pairs"}), ("acorns8", {"teams": "fours",
                                                          "travelers_hunters": True}),
            ("acorns8", {"teams": "fours", "travelers_hunters": False})]

BAGS = [(10, 100), (5, 50), (None, None), (10, 0)]


@st.composite
def rule_sets(draw: Any, preset: str, fixed: dict[str, Any]) -> RuleSet:
    acorns = preset in ("acorns", "acorns8")
    opts: dict[str, Any] = {}
    opts["failed_nil_tricks"] = draw(st.sampled_from(["bags_only", "count_toward_bid"]))
    limit, penalty = draw(st.sampled_from(BAGS))
    opts["bag_limit"] = limit
    if penalty is not None:
        opts["bag_penalty"] = penalty
    opts["losing_floor"] = draw(st.sampled_from([None, -200, -50]))
    if preset == "online":
        opts["target"] = draw(st.sampled_from(ONLINE_TARGETS))
        opts["blind_nil_deficit"] = draw(st.sampled_from([0, 100]))
    else:
        opts["target"] = draw(st.sampled_from([100, 200, 500, 1000]))
    if acorns:
        opts["blind_exchange"] = draw(st.sampled_from([
            "up to 3", 0, 2, {"nil spades": "up to 3", "nil acorns": 1, "full nil": "up to 6"}]))
        opts["travelers_hunters"] = draw(st.booleans())
        opts["th_low"] = draw(st.booleans())
        if preset == "acorns8":
            opts["teams"] = draw(st.sampled_from(["pairs", "fours"]))
    else:
        opts["blind_exchange"] = draw(st.sampled_from([0, 2, "up to 3", 3]))
    opts["first_lead"] = draw(st.sampled_from(["left", "dealer"]))
    opts.update(fixed)
    return RuleSet.preset(preset, opts)


@st.composite
def games(draw: Any, preset: str, fixed: dict[str, Any]) -> tuple[Game, int, int]:
    rules = draw(rule_sets(preset, fixed))
    teams = rules.team_count
    scores = draw(st.lists(st.integers(-150, 450), min_size=teams, max_size=teams))
    hi = (rules.bag_limit or 30) - 1
    bags = draw(st.lists(st.integers(0, hi), min_size=teams, max_size=teams))
    dealer = draw(st.integers(0, rules.players - 1))
    g = Game(rules, dealer=dealer, start={"scores": scores, "bags": bags})
    seed = draw(st.integers(0, 2**32 - 1))
    hands = draw(st.integers(1, 2))
    return g, seed, hands


# ---------------------------------------------------------------------------- the driver


BID_TEXTS = ["nil", "blind nil", "nil spades", "nil acorns", "full nil", "blind full nil",
             "blind nil spades + 2", "nil acorns + 40", "full nil + 1", "blind 3", "x", True]


def random_bid(g: Game, rng: random.Random) -> None:
    h = g.hand
    seat = h.turn
    legal = g.legal_bids()
    assert legal, "a legal bid always exists while the hand waits for one"
    blinds = [b for b in legal if b.blind]
    if blinds and rng.random() < 0.3:
        g.bid(rng.choice(blinds), seat=seat)
        return
    if rng.random() < 0.5:
        g.look(seat)
        legal = g.legal_bids()
        assert not any(b.blind for b in legal)
    open_ = [b for b in legal if not b.blind]
    nils = [b for b in open_ if b.nil]
    if nils and rng.random() < 0.25:
        g.bid(rng.choice(nils), seat=seat)
    else:
        g.bid(rng.choice([b for b in open_ if not b.nil]), seat=seat)


def random_exchange(g: Game, rng: random.Random) -> None:
    h = g.hand
    seat = rng.choice(h.awaiting())
    due = h.exchange_due(seat)
    if seat == due.blind:
        k = rng.randint(due.lo, due.hi)
    else:
        k = len(due.passed)
    g.exchange(seat, rng.sample(h.hands[seat], k))


def check_can_play_matches_legal(g: Game) -> None:
    """``can_play`` is ok exactly for the legal plays, for every card and declaration."""
    h = g.hand
    legal = set(g.legal_plays())
    assert legal, "a legal play always exists while the hand waits for one"
    seen = set()
    for c in h.hands[h.turn]:
        for decl in (None, *c.suits):
            ok = g.can_play(c, decl).ok
            if decl is not None:
                want = c.play_as[SUIT_BITS[decl]]
            elif not c.is_dual:
                want = c.play
            elif h.trick and c.bits & h.led_bit:
                want = c.play_as[h.led_bit]
            else:
                want = None
            assert ok == (want is not None and want in legal), (c, decl, ok)
            if ok:
                seen.add(want)
    assert seen == legal


# ---------------------------------------------------------------------------- a reference
# A slow, literal reading of RULINGS.md §1 and §5, independent of the engine's bit tricks.


def ref_legal(g: Game) -> set[tuple[str, str]]:
    """(card code, suit played as) for every legal play of the seat to play."""
    h = g.hand
    hand = h.hands[h.turn]
    if h.trick:
        led = h.trick[0][1].suit
        follow = {(c.code, led) for c in hand if led in c.suits}
        return follow or {(c.code, s) for c in hand for s in c.suits}
    unbroken = {t for t in g.rules.trumps if not any(
        p.suit == t for tr in h.tricks for _, p in tr.plays)}
    leads = {(c.code, s) for c in hand for s in c.suits if s not in unbroken}
    return leads or {(c.code, s) for c in hand for s in c.suits}


def ref_winner(rules: RuleSet, plays: Any, superior_before: str | None) -> int:
    trumps = rules.trumps
    superior = superior_before if rules.acorns else "S"
    if superior is None:
        superior = next((p.suit for _, p in plays if p.suit in trumps), None)
    order = list(rules.rank_order)
    ace_high = rules.acorns and any(p.card.rank in ("B", "J", "Q", "K", "T", "H")
                                    for _, p in plays)
    led = plays[0][1].suit
    best: tuple[int, int] | None = None
    winner = -1
    for seat, p in plays:
        if p.suit == superior:
            level = 3
        elif p.suit in trumps:
            level = 2
        elif p.suit == led:
            level = 1
        else:
            continue
        rank = order.index("A+" if p.card.rank == "A" and ace_high else p.card.rank)
        if best is None or (level, rank) > best:
            best, winner = (level, rank), seat
    return winner


def try_illegal(g: Game, rng: random.Random) -> None:
    """A random action; if the checks reject it, acting raises the same rule and changes
    nothing."""
    rules = g.rules
    n = rules.players
    seat = rng.choice([None, *range(n)])
    before = state_snapshot(g)
    phase = g.phase
    kind = rng.choice(["bid", "play", "exchange"]) if rng.random() < 0.3 else {
        "bidding": "bid", "play": "play", "exchange": "exchange"}.get(phase, "play")
    if kind == "bid":
        value: Any = rng.choice([rng.randint(-2, rules.hand_size + 3), rng.choice(BID_TEXTS)])
        check = g.can_bid(value, seat)
        if check.ok:
            return
        try:
            g.bid(value, seat=seat)
        except IllegalAction as e:
            assert e.rule == check.rule
        else:
            raise AssertionError(f"bid {value!r} passed although can_bid said {check}")
    elif kind == "exchange":
        s = rng.randrange(n)
        pool = [c for hand in g.hand.hands for c in hand] if g.hand else []
        cards = rng.sample(pool, min(len(pool), rng.randint(0, 7)))
        check = g.can_exchange(s, cards)
        if check.ok:
            return
        try:
            g.exchange(s, cards)
        except IllegalAction as e:
            assert e.rule == check.rule
        else:
            raise AssertionError("exchange passed although can_exchange said no")
    else:
        card: Any = rng.choice(rules.deck.cards)
        if rng.random() < 0.1:
            card = rng.choice(["ZZ", "0S", "TPS", "HAC", "1H"])
        as_ = rng.choice([None, None, *SUIT_LETTERS])
        check = g.can_play(card, as_, seat)
        if check.ok:
            return
        try:
            g.play(card, as_, seat=seat)
        except IllegalAction as e:
            assert e.rule == check.rule, (e.rule, check.rule)
        else:
            raise AssertionError(f"play {card!r} as {as_!r} passed although can_play said no")
    assert state_snapshot(g) == before


def drive(g: Game, rng: random.Random, hands: int, probe: float) -> None:
    played = 0
    while not g.over and played < hands:
        g.deal(rng=rng)
        h = g.hand
        while not h.complete:
            if rng.random() < probe:
                try_illegal(g, rng)
            phase = g.phase
            if phase == "bidding":
                random_bid(g, rng)
            elif phase == "exchange":
                random_exchange(g, rng)
            else:
                assert phase == "play"
                if rng.random() < 0.15:
                    check_can_play_matches_legal(g)
                assert {(p.card.code, p.suit) for p in g.legal_plays()} == ref_legal(g)
                g.play(rng.choice(g.legal_plays()))
        check_hand(g, h)
        played += 1
    if g.over:
        assert g.phase == "over"
        for act in (lambda: g.deal(rng=rng), lambda: g.play("2S"), lambda: g.bid(3)):
            try:
                act()
            except IllegalAction as e:
                assert e.rule == "wrong-phase"
            else:
                raise AssertionError("an action after the end was accepted")


def check_hand(g: Game, h: Any) -> None:
    rules = g.rules
    n = rules.players
    # each card played exactly once; every seat played one card per trick
    played = [p.card for t in h.tricks for _, p in t.plays]
    assert Counter(played) == Counter(rules.deck.cards)
    assert all(not x for x in h.hands)
    assert len(h.tricks) == rules.hand_size == sum(h.taken)
    for t in h.tricks:
        assert sorted(s for s, _ in t.plays) == list(range(n))
        assert t.led == t.plays[0][1].suit
        sup = h.superior if h.superior_at is not None and t.index >= h.superior_at[0] else None
        assert trick_winner(rules, t.plays, sup)[0] == t.winner
        before = sup if h.superior_at is None or t.index > h.superior_at[0] else None
        assert ref_winner(rules, t.plays, before) == t.winner
    assert Counter(t.winner for t in h.tricks) == Counter(
        {s: k for s, k in enumerate(h.taken) if k})
    # a trump counts as broken exactly when some card was played as it
    played_as = {p.suit for t in h.tricks for _, p in t.plays}
    for tr in rules.trumps:
        assert h.is_broken(tr) == (tr in played_as)
    if rules.acorns and h.superior is not None:
        k, s = h.superior_at
        first = next((t.index, seat) for t in h.tricks for seat, p in t.plays
                     if p.suit in rules.trumps)
        assert (k, s) == first
    # scores follow from the totals before
    for sc in h.scores:
        assert sc.hand_score == sc.points + sum(x.points for x in sc.nils) - sc.bag_penalty
        assert sc.total == sc.total_before + sc.hand_score
        if rules.bag_limit is not None:
            assert 0 <= sc.bags < rules.bag_limit
        else:
            assert sc.bags == sc.bags_before + sc.bags_added


@pytest.mark.parametrize("preset,fixed", FAMILIES)
def test_random_games_keep_the_rules(preset: str, fixed: dict[str, Any]) -> None:
    @SETTINGS
    @given(games(preset, fixed))
    def run(game: tuple[Game, int, int]) -> None:
        g, seed, hands = game
        drive(g, random.Random(seed), hands, probe=0.08)

    run()


@pytest.mark.parametrize("preset,fixed", FAMILIES)
def test_log_replay_and_record_roundtrip(preset: str, fixed: dict[str, Any]) -> None:
    @SETTINGS
    @given(games(preset, fixed))
    def run(game: tuple[Game, int, int]) -> None:
        check_roundtrip(*game)

    run()


def check_roundtrip(g: Game, seed: int, hands: int) -> None:
    rng = random.Random(seed)
    drive(g, rng, hands, probe=0.0)
    # stop part-way into another hand sometimes: a scenario
    if not g.over and rng.random() < 0.5:
        g.deal(rng=rng)
        for _ in range(rng.randint(0, 3 * g.rules.players)):
            if g.phase == "bidding":
                random_bid(g, rng)
            elif g.phase == "exchange":
                random_exchange(g, rng)
            elif g.phase == "play":
                g.play(rng.choice(g.legal_plays()))
    # every logged action was legal: replaying the log through the checks reproduces the game
    again = replay_log(g, g.log)
    assert again.to_record() == g.to_record()
    assert again.log == g.log
    assert again.totals == g.totals and again.bags == g.bags
    # dump -> load -> replay reproduces tricks, scores and the result
    text = dump_record(g)
    result = replay(load_record(text))
    r = result.game
    assert r.to_record() == g.to_record()
    assert [[(t.plays, t.winner) for t in h.tricks] for h in r.hands] == \
        [[(t.plays, t.winner) for t in h.tricks] for h in g.hands]
    assert [h.scores for h in r.hands] == [h.scores for h in g.hands]
    assert (result.over, result.winner) == (g.over, g.winner)
    assert result.to_dict() == replay(g.to_record()).to_dict()
    assert r.phase == g.phase and r.turn == g.turn
    if g.hand is not None and g.phase == "play":
        assert r.legal_plays() == g.legal_plays()
