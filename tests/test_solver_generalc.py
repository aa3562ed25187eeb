"""The general search's compiled twin (``_generalc``, issue 14: Heckadeck speed) against the
pure-Python search it ports, on every kind of goal:

* random endings of every rule set (the 52-card general search, ``acorns`` with and without
  Travelers/Hunters, ``th_low``, ``acorns8`` fours and pairs): trick counts with per-move values,
  nil checks of every nil kind (a goal counting one seat, or only the tricks holding a suit) and
  bid checks, each solved in C and in Python on solvers that keep their tables from one position
  to the next: the same answers and the same node counts, with partition (winning-rank)
  entries on in both (as shipped) and off in both (``Solver(partition=False)``: exact
  relative-rank entries);
* with partition entries on: the same answers as the exact-key search on endings of every
  rule set, also on positions that differ only in which seat holds one of two cards of a suit,
  solved one after another on one table (where an unsound set of winning ranks would answer one
  position with another's entry), no entry's bounds crossed in C or in Python, fewer nodes;
  and on endings of few suits, where a seat's low cards of a suit do matter in some
  positions, the small moves (plays skipped as answering like a searched one) change no
  per-move value or nil check;
* a budget (node limit) stops both at the same node with the same bounds;
* positions with more than 64 cards left (early in a Heckadeck hand, acorns8 before its last 8
  tricks) run in C over three-word card masks: the same nodes and bounds as the Python search
  there, and with every position sent through the wide masks (``set_wide_from(0)``) small
  endings of every rule set equal the engine-driven minimax and the Python search node for
  node; bad input to the compiled function is refused; a full table is emptied and the answers
  stay the same; tables are freed with the solver.

(The values themselves are checked against a minimax over the engine in
``tests/test_solver_heck.py`` and ``tests/test_solver_diff.py``, with the default, compiled
solver.)
"""
from __future__ import annotations

import gc
import random
import weakref
from typing import Any

import pytest

from conftest import RULE_CONFIGS, RULE_IDS, agrees_with_engine, deal_to_play, ending_pool, sweep
from spades_lab.core.cards import Card
from spades_lab.core.engine import Game
from spades_lab.core.rules import RuleSet
from spades_lab.solver import search as search_mod
from spades_lab.solver.search import Position, Solver, can_keep_nil, can_make_bid

pytestmark = pytest.mark.skipif(search_mod._GENERAL is None,
                                reason="the compiled general search is not built")

# the solver tests' rule sets, less online and original (the same deck and trumps as standard)
CONFIGS = [c for c in RULE_CONFIGS if c[0] not in ("online", "original")]
IDS = [i for c, i in zip(RULE_CONFIGS, RULE_IDS, strict=True) if c in CONFIGS]


def ending_of(rules: RuleSet, rng: random.Random, pool: list[Card], k: int
              ) -> tuple[list[list[Card]], list[str], str | None]:
    """Up to ``k`` cards a seat dealt from ``pool`` in order, random broken trumps and the
    superior trump they allow: an ending for :meth:`Game.set_ending`."""
    n = rules.players
    k = min(k, len(pool) // n)
    hands = [pool[i * k:(i + 1) * k] for i in range(n)]
    broken = [t for t in rules.trumps if rng.random() < 0.5]
    if rules.superior_by_first_break:
        superior = rng.choice(broken) if broken else None
    else:
        superior = rules.superior_at_deal
    return hands, broken, superior


def ending(rules: RuleSet, rng: random.Random, k: int) -> Game:
    """A dealt game whose hand is replaced by ``k`` cards a seat (faces, Aces and Travelers/
    Hunters made likely), random broken trumps and superior trump, and up to one trick's random
    plays already made."""
    g = deal_to_play(rules, rng)
    pool = ending_pool(rules, rng, rng.randrange(1, 4), duals=0.7)
    hands, broken, superior = ending_of(rules, rng, pool, k)
    n = rules.players
    g.set_ending(hands, broken, superior)
    for _ in range(rng.randrange(n) if rng.random() < 0.4 else 0):
        if not g.legal_plays():
            break
        g.play(rng.choice(g.legal_plays()))
    return g


def pair(rules: RuleSet, **kw: Any) -> tuple[Solver, Solver]:
    """(compiled, pure Python) general-search solvers (partition entries on unless
    ``partition=False``)."""
    c = Solver(rules, fast=False, **kw)
    py = Solver(rules, fast=False, accelerated=False, **kw)
    assert c._general_c and not py._general_c
    assert c.partition == py.partition == kw.get("partition", True)
    return c, py


def exact_keys(rules: RuleSet) -> Solver:
    """A compiled general-search solver without partition entries (exact relative-rank keys):
    the reference the partition search's answers and nodes are measured against."""
    ref = Solver(rules, fast=False, partition=False)
    assert ref._general_c and not ref.partition
    return ref


def compiled_searches(solver: Solver) -> list[Any]:
    """The compiled Search objects behind ``solver``'s goals (one a goal it was asked)."""
    out = []
    for fn in solver.__dict__.get("_general_fns", {}).values():
        cells = [x.cell_contents for x in fn.__closure__ or ()]
        out += [x for x in cells if type(x).__name__ == "Search"]
    return out


@pytest.mark.slow
@pytest.mark.parametrize("partition", [True, False], ids=["partition", "exact-keys"])
@pytest.mark.parametrize("preset,opts", CONFIGS, ids=IDS)
def test_c_equals_python_node_for_node(preset: str, opts: dict[str, Any],
                                       partition: bool) -> None:
    rules = RuleSet.preset(preset, opts)
    rng = random.Random(2026 + len(preset) + len(opts))
    c, py = pair(rules, partition=partition)  # one pair for all positions: tables grow alike
    kinds = [k for k in rules.nil_kinds]
    checked = {"tricks": 0, "nil": 0, "bid": 0}
    for i in range(sweep(60)):
        g = ending(rules, rng, rng.choice([3, 4, 5, 6] if rules.players == 4 else [2, 3]))
        h = g.hand
        assert h is not None
        if h.turn is None:
            continue
        pos = Position.from_game(g)
        a, b = c.solve(pos), py.solve(pos)
        assert a == b, i
        assert c.nodes == py.nodes, i
        checked["tricks"] += 1
        seat = rng.randrange(rules.players)
        for kind in kinds:
            a2 = can_keep_nil(pos, seat, kind=kind, solver=c)
            b2 = can_keep_nil(pos, seat, kind=kind, solver=py)
            assert a2 == b2, (i, kind)
            assert c.nodes == py.nodes, (i, kind)
            checked["nil"] += 1
        team = rng.randrange(len(rules.team_seats))
        bid = rng.randrange(pos.remaining + 1)
        assert can_make_bid(pos, team, bid, solver=c) == can_make_bid(pos, team, bid, solver=py)
        assert c.nodes == py.nodes, i
        checked["bid"] += 1
    assert min(checked.values()) >= sweep(40), checked
    assert py.partition_conflicts == 0


@pytest.mark.parametrize("th", [False, True], ids=["acorns", "acorns-th"])
def test_budget_stops_both_at_the_same_node(th: bool) -> None:
    """Eight tricks left of a real Heckadeck hand, under node limits: C and Python give the
    same results (bounds when cut short) after the same number of nodes, and report progress."""
    rules = RuleSet.preset("acorns", travelers_hunters=th)
    rng = random.Random(88 + th)
    cut = 0
    for i in range(4):
        g = deal_to_play(rules, rng)
        while g.hand is not None and g.hand.turn is not None and len(g.hand.hands[0]) > 8:
            g.play(rng.choice(g.legal_plays()))
        c, py = pair(rules)
        limit = 3000 * (i + 1)
        a = c.solve(g, node_limit=limit)
        assert py.solve(g, node_limit=limit) == a, i
        assert c.nodes == py.nodes, i
        cut += not a.exact
        if not a.exact:
            assert a.tricks <= a.upper
    assert cut >= 2
    # progress reports arrive from inside the compiled search too
    g = deal_to_play(rules, random.Random(5))
    seen: list[Any] = []
    Solver(rules).solve(g, time_limit=1.2, progress=seen.append)
    assert seen and all(p.low <= p.high for p in seen)


@pytest.fixture(params=[0, 8], ids=["wide", "wide-then-narrow"])
def wide_masks(request: pytest.FixtureRequest) -> Any:
    """Positions searched over the three-word card masks (the width for more than 64 cards)
    whatever their size (0), or from more than 8 cards left, going over to the one-word masks
    at the first trick with at most 8 (as a real search does at 64); restored afterwards."""
    gen = search_mod._GENERAL
    assert gen is not None
    old = gen.set_wide_from(request.param)
    try:
        yield
    finally:
        assert gen.set_wide_from(old) == request.param


@pytest.mark.parametrize("preset,opts", CONFIGS, ids=IDS)
def test_wide_masks_equal_engine_minimax(preset: str, opts: dict[str, Any],
                                         wide_masks: None) -> None:
    """Small endings of every rule set, searched over the wide masks (and going over to the
    narrow ones): every per-move value and the best count equal the engine-driven minimax."""
    rules = RuleSet.preset(preset, opts)
    rng = random.Random(3300 + len(preset) * 7 + len(opts))
    solver = Solver(rules, fast=False)
    assert solver._general_c
    count = 0
    for i in range(40):
        g = ending(rules, rng, 1 + i % (3 if rules.players == 4 else 2))
        count += agrees_with_engine([solver], g, i)
    assert count >= 25


@pytest.mark.parametrize("preset,opts", CONFIGS, ids=IDS)
def test_wide_masks_equal_python_node_for_node(preset: str, opts: dict[str, Any],
                                               wide_masks: None) -> None:
    """Endings of 3-5 cards a seat (2-3 with eight players) over the wide masks (and going over
    to the narrow ones): the same answers and node counts as the Python search, for trick
    counts and nil checks."""
    rules = RuleSet.preset(preset, opts)
    rng = random.Random(3333 + len(preset) + len(opts))
    c, py = pair(rules)
    checked = 0
    for i in range(12):
        g = ending(rules, rng, rng.choice([3, 4, 5] if rules.players == 4 else [2, 3]))
        h = g.hand
        assert h is not None
        if h.turn is None:
            continue
        pos = Position.from_game(g)
        assert c.solve(pos) == py.solve(pos), i
        assert c.nodes == py.nodes, i
        kind = rules.nil_kinds[i % len(rules.nil_kinds)]
        seat = rng.randrange(rules.players)
        assert (can_keep_nil(pos, seat, kind=kind, solver=c)
                == can_keep_nil(pos, seat, kind=kind, solver=py)), i
        assert c.nodes == py.nodes, i
        checked += 1
    assert checked >= 8


@pytest.mark.parametrize("preset,opts,left", [
    ("acorns", {}, 32),  # the opening lead: all 128 cards
    ("acorns", {"travelers_hunters": True}, 34),  # all 136
    ("acorns", {"travelers_hunters": True}, 20),
    ("acorns8", {}, 10),  # 80 cards
    ("acorns8", {"teams": "pairs", "travelers_hunters": True}, 17),
], ids=["acorns-32", "acorns-th-34", "acorns-th-20", "acorns8-10", "acorns8-pairs-th-17"])
def test_more_than_64_cards_run_in_c(preset: str, opts: dict[str, Any], left: int) -> None:
    """Positions with more than 64 cards left, up to a whole Heckadeck deal, run in the
    compiled search (it answers, not None), with the same bounds as the Python search after
    the same number of nodes under a node limit."""
    rules = RuleSet.preset(preset, opts)
    rng = random.Random(left)
    g = deal_to_play(rules, rng)
    while len(g.hand.hands[0]) > left or g.hand.trick:  # type: ignore[union-attr]
        g.play(rng.choice(g.legal_plays()))
    c, py = pair(rules)
    hands, trick, turn, broken, sup, left_ = c.state(Position.from_game(g))
    assert sum(bin(x).count("1") for x in hands) == left * rules.players > 64
    gen = search_mod._GENERAL
    assert gen is not None
    gs = gen.make_search(c.tab.general_spec(), rules.players, 0b0101, 0b0101, 0, True, True,
                         [0, 1 << 62], lambda: None)
    assert gs(list(hands), trick, turn, broken, sup, left_, 0) is True
    assert gs(list(hands), trick, turn, broken, sup, left_, left_ + 1) is False
    a, b = c.solve(g, node_limit=3000), py.solve(g, node_limit=3000)
    assert a == b
    assert c.nodes == py.nodes > 0


def test_compiled_search_refuses_bad_input() -> None:
    rules = RuleSet.preset("acorns")
    solver = Solver(rules)
    gen = search_mod._GENERAL
    spec = solver.tab.general_spec()
    counter = [0, 1 << 62]
    gs = gen.make_search(spec, 4, 0b0101, 0b0101, 0, True, True, counter, lambda: None)
    with pytest.raises(ValueError):
        gs([1, 2, 4], (), 0, 0, 0, 1, 1)  # three hands for four seats
    with pytest.raises(ValueError):
        gs([1 << 300, 2, 4, 8], (), 0, 0, 0, 1, 1)  # a card outside the deck
    with pytest.raises(ValueError):
        gs([1, 2, 4, 8], (), 0, 0, 2, 1, 1)  # Hearts as the superior trump
    with pytest.raises(ValueError):
        gs([1, 2, 4, 8], (), 7, 0, 0, 1, 1)  # no seat 7
    with pytest.raises(TypeError):
        gen.make_search(spec, 4, 0b0101, 0b0101, 0, True, True, [0], lambda: None)
    with pytest.raises(ValueError):
        gen.make_search(spec[:5], 4, 0b0101, 0b0101, 0, True, True, counter, lambda: None)
    assert counter == [0, 1 << 62]


def test_compiled_tables_are_freed() -> None:
    """The compiled search keeps its table; it goes with the solver (and the reference cycle
    through its budget hook), also after a search stopped by the budget."""
    rules = RuleSet.preset("acorns", travelers_hunters=True)
    rng = random.Random(12)
    g = deal_to_play(rules, rng)
    while len(g.hand.hands[0]) > 9:  # type: ignore[union-attr]
        g.play(rng.choice(g.legal_plays()))
    gc.collect()
    base = search_mod._GENERAL.live_tables()
    solver = Solver(rules)
    assert solver.accelerated
    solver.solve(g, per_move=False, node_limit=4000)
    assert search_mod._GENERAL.live_tables() == base + 1
    ref = weakref.ref(solver)
    del solver
    gc.collect()
    assert ref() is None
    assert search_mod._GENERAL.live_tables() == base


@pytest.mark.slow
def test_full_table_starts_again_with_the_same_answers() -> None:
    """A table at its entry limit is emptied before the next entry (a bound on memory): the
    answers stay exact and equal to Python's, only the node counts part company."""
    rules = RuleSet.preset("acorns", travelers_hunters=True)
    gen = search_mod._GENERAL
    rng = random.Random(31)
    old = gen.set_max_entries(300)
    cleared = 0
    try:
        for i in range(4):
            g = deal_to_play(rules, rng)
            while len(g.hand.hands[0]) > 6 or g.hand.trick:  # type: ignore[union-attr]
                g.play(rng.choice(g.legal_plays()))
            c, py = pair(rules)
            assert c.solve(g) == py.solve(g), i
            (gs,) = compiled_searches(c)
            assert gs.entries() <= 300, i
            cleared += gs.cleared()
    finally:
        assert gen.set_max_entries(old) == 300
    assert cleared >= 3
    with pytest.raises(ValueError):
        gen.set_max_entries(0)


# the partition tests also take the Jokers deck (a trump 2 counted as a Spade, the Jokers above
# the Ace) and three players each alone
PART_CONFIGS = [*CONFIGS, ("standard", {"jokers": "on"}), ("standard", {"cutthroat": "deal_17"})]
PART_IDS = [*IDS, "standard-jokers=on", "standard-cutthroat=deal_17"]


@pytest.mark.parametrize("preset,opts", PART_CONFIGS, ids=PART_IDS)
def test_partition_entries_equal_exact_keys(preset: str, opts: dict[str, Any]) -> None:
    """Partition entries on (the default): endings of 3-6 cards a seat (2-4 with eight
    players) on one compiled and one Python solver whose tables carry over from one position to
    the next, so entries made for one position answer others whose low cards differ: every
    per-move value, nil check and bid check equals the exact-key search's, C and Python after
    the same nodes, no entry's bounds ever crossed in either (``conflicts``), and the partition
    search needed fewer nodes than the exact-key one."""
    rules = RuleSet.preset(preset, opts)
    rng = random.Random(4400 + len(preset) * 3 + len(opts))
    c, py = pair(rules)
    ref = exact_keys(rules)
    checked = 0
    for i in range(14):
        g = ending(rules, rng, rng.choice([3, 4, 5, 6] if rules.players == 4 else [2, 3, 4]))
        h = g.hand
        assert h is not None
        if h.turn is None:
            continue
        pos = Position.from_game(g)
        want = ref.solve(pos)
        assert c.solve(pos) == want == py.solve(pos), i
        kind = rules.nil_kinds[i % len(rules.nil_kinds)]
        seat = rng.randrange(rules.players)
        want_nil = can_keep_nil(pos, seat, kind=kind, solver=ref)
        assert (can_keep_nil(pos, seat, kind=kind, solver=c) == want_nil
                == can_keep_nil(pos, seat, kind=kind, solver=py)), i
        team = rng.randrange(len(rules.team_seats))
        bid = rng.randrange(pos.remaining + 1)
        want_bid = can_make_bid(pos, team, bid, solver=ref)
        assert (can_make_bid(pos, team, bid, solver=c) == want_bid
                == can_make_bid(pos, team, bid, solver=py)), i
        assert c.nodes == py.nodes, i
        checked += 1
    assert checked >= 10
    searches = compiled_searches(c)
    assert searches and all(gs.partition() for gs in searches)
    assert not any(gs.partition() for gs in compiled_searches(ref))
    assert sum(gs.conflicts() for gs in searches) == 0 == py.partition_conflicts
    assert c.nodes < ref.nodes


def low_card_variants(rules: RuleSet, rng: random.Random, k: int, count: int) -> list[Game]:
    """An ending of ``k`` cards a seat at a trick's start and ``count`` variants of it, each
    with two cards of one suit traded between two seats (single-suit cards of the same
    kind: plain, face or Ace, so only which seat holds the higher one changes), the same trumps
    broken and superior."""
    pool = ending_pool(rules, rng, rng.randrange(1, 3), duals=0.7)
    hands, broken, superior = ending_of(rules, rng, pool, k)
    n = rules.players
    out = []
    for v in range(count + 1):
        hs = [list(x) for x in hands]
        if v:
            trades = [(a, i, b, j) for a in range(n) for b in range(a + 1, n)
                      for i, x in enumerate(hs[a]) for j, y in enumerate(hs[b])
                      if not x.is_dual and not y.is_dual and x.suits == y.suits
                      and x.is_face == y.is_face and x.is_ace == y.is_ace]
            if not trades:
                break
            a, i, b, j = rng.choice(trades)
            hs[a][i], hs[b][j] = hs[b][j], hs[a][i]
        g = deal_to_play(rules, rng)
        g.set_ending(hs, broken, superior)
        out.append(g)
    return out


@pytest.mark.parametrize("preset,opts", PART_CONFIGS, ids=PART_IDS)
def test_partition_low_card_variants(preset: str, opts: dict[str, Any]) -> None:
    """Positions that differ only in which seat holds one of two cards of a suit, solved one
    after another on one compiled and one Python solver (their partition entries made for one
    answer the next when the traded cards did not matter): every per-move value equals the
    exact-key search's, C and Python after the same nodes, and so does whether each seat can
    keep a nil (one nil kind a position, in turn).  The trades change the answer of some
    positions, so an entry that ignored a card that mattered (an unsound set of winning ranks)
    would show here; the nil checks show a merged run of equal cards left out of the relevant
    ones when one of them lies above a relevant card (a nil bidder's low card is worth keeping:
    an entry made where its run was merged answers a position where that card was
    another's)."""
    rules = RuleSet.preset(preset, opts)
    rng = random.Random(5150 + len(preset) * 5 + len(opts))
    c, py = pair(rules)
    ref = exact_keys(rules)
    changed = checked = kept = 0
    for base in range(12):
        games = low_card_variants(rules, rng, 5 if rules.players == 4 else 3, 6)
        first = None
        for i, g in enumerate(games):
            r = c.solve(g)
            assert r == ref.solve(g) == py.solve(g), (base, i)
            first = r if first is None else first
            changed += r.per_move != first.per_move
            kind = rules.nil_kinds[(base + i) % len(rules.nil_kinds)]
            for seat in range(rules.players):
                want = can_keep_nil(g, seat, kind=kind, solver=ref)
                assert (can_keep_nil(g, seat, kind=kind, solver=c) == want
                        == can_keep_nil(g, seat, kind=kind, solver=py)), (base, i, seat)
                kept += want.can_keep
            assert c.nodes == py.nodes, (base, i)
            checked += 1
    assert checked >= 50
    assert changed >= 5
    assert 0 < kept < checked * rules.players
    assert sum(gs.conflicts() for gs in compiled_searches(c)) == 0 == py.partition_conflicts


@pytest.mark.parametrize("preset,opts,left", [
    ("acorns", {"travelers_hunters": True}, 34),  # the whole deal: 136 cards
    ("acorns8", {"teams": "pairs", "travelers_hunters": True}, 17),
    ("acorns", {"travelers_hunters": True}, 9),
], ids=["acorns-th-34", "acorns8-pairs-th-17", "acorns-th-9"])
def test_partition_entries_from_the_deal(preset: str, opts: dict[str, Any], left: int) -> None:
    """Partition entries from a whole deal down (the wide masks handing over to the narrow
    ones): under a node limit the bounds found hold the exact count where the exact-key search
    finds it (9 tricks left, with fewer nodes), and no entry's bounds crossed."""
    rules = RuleSet.preset(preset, opts)
    rng = random.Random(left + 7)
    g = deal_to_play(rules, rng)
    while len(g.hand.hands[0]) > left or g.hand.trick:  # type: ignore[union-attr]
        g.play(rng.choice(g.legal_plays()))
    c = Solver(rules, fast=False)
    r = c.solve(g, per_move=False, node_limit=40_000 if left > 9 else None)
    assert 0 <= r.tricks <= (r.upper if r.upper is not None else r.tricks) <= left
    if left <= 9:
        ref = exact_keys(rules)
        want = ref.solve(g, per_move=False)
        assert r == want and r.exact
        assert c.nodes < ref.nodes
    searches = compiled_searches(c)
    assert searches and all(gs.partition() for gs in searches)
    assert sum(gs.conflicts() for gs in searches) == 0


@pytest.mark.parametrize("preset,opts", PART_CONFIGS, ids=PART_IDS)
def test_small_moves_skip_only_cards_below_what_mattered(preset: str,
                                                         opts: dict[str, Any]) -> None:
    """DDS's small moves in the partition search (a play that did not cut stands for the
    seat's other cards of its suits, kind and played suit below every card its answer relied
    on): on endings of few suits (the trumps and one other), so a seat holds several cards of
    a suit, low ones among them that do matter in some positions (they win a trick, or keep a
    nil bidder under another seat's card), from a trick's start or after some of its plays:
    every per-move value and every seat's nil check equals the exact-key search's (which
    skips no card), C and Python after the same nodes, no entry's bounds crossed.  Skipping a
    card not below those relied on, or skipping by the card's suit alone, fails here."""
    rules = RuleSet.preset(preset, opts)
    rng = random.Random(6610 + len(preset) * 7 + len(opts))
    c, py = pair(rules)
    ref = exact_keys(rules)
    n = rules.players
    checked = 0
    for i in range(sweep(24)):
        g = deal_to_play(rules, rng)
        pool = ending_pool(rules, rng, 1, duals=0.5)
        hands, broken, superior = ending_of(rules, rng, pool, rng.choice([4, 5, 6] if n == 4
                                                                          else [2, 3]))
        g.set_ending(hands, broken, superior)
        for _ in range(rng.randrange(n) if rng.random() < 0.5 else 0):
            g.play(rng.choice(g.legal_plays()))
        h = g.hand
        assert h is not None
        if h.turn is None:
            continue
        r = c.solve(g)
        assert r == ref.solve(g) == py.solve(g), i
        kind = rules.nil_kinds[i % len(rules.nil_kinds)]
        for seat in range(n):
            want = can_keep_nil(g, seat, kind=kind, solver=ref)
            assert (can_keep_nil(g, seat, kind=kind, solver=c) == want
                    == can_keep_nil(g, seat, kind=kind, solver=py)), (i, seat)
        assert c.nodes == py.nodes, i
        checked += 1
    assert checked >= sweep(24) // 2
    assert sum(gs.conflicts() for gs in compiled_searches(c)) == 0 == py.partition_conflicts
