"""Differential tests of the double-dummy solver (issue 14): thousands of seeded random
positions of every rule set, each answered by several independent means that must agree:

* the 52-card fast path (``std52``, partition search), the general search
  (``Solver(fast=False)``) and plain alpha-beta with exact keys (``enhancements=False``);
* a plain minimax that drives the engine itself (``Game.copy`` / ``Game.play`` /
  ``Game.legal_plays``) on small endings;
* endplay's DDS (a bridge double-dummy solver in C) on 52-card positions with trump breaking
  off (bridge play with Spades trump);
* every per-move value of ``solve`` equals a fresh solve of the position after that move, with a
  solver whose tables are reused across all positions (so a transposition entry that is stored
  too generally shows up as a wrong value somewhere else);
* the fast path runs both ways, in C (the accelerator ``_std52c``, when built) and in pure
  Python (``Solver(accelerated=False)``): every position the fast path answers here is solved
  by both, which must give the same values *and search the same number of nodes* (the C search
  is a line-by-line port; equal node counts show it took the same path, tables included).

The positions are endings of random deals (trumps broken or not, the superior trump set or
not, some with a trick in progress), plus the two positions of issue 14 that the solver once
answered wrongly.  Everything is seeded; the file runs in about a minute.
"""
from __future__ import annotations

import random
from typing import Any

import pytest

from conftest import RULE_CONFIGS as CONFIGS
from conftest import RULE_IDS as IDS
from conftest import agrees_with_engine, deal_to_play, ending_pool, sweep
from spades_lab.core.cards import Play
from spades_lab.core.engine import Game
from spades_lab.core.rules import RuleSet
from spades_lab.solver.search import Position, Solver, SolveResult, _Goal


def ending(rules: RuleSet, rng: random.Random, k: int, nsuits: int) -> Game:
    """A dealt game whose hand is replaced by ``k`` cards a seat from ``nsuits`` suits (the
    trumps among them), with a random broken / superior state and up to one trick's random
    plays already made."""
    g = deal_to_play(rules, rng)
    pool = ending_pool(rules, rng, nsuits, duals=0.7)
    n = rules.players
    if len(pool) < n * k:
        k = len(pool) // n
    broken = [t for t in rules.trumps if rng.random() < 0.5]
    sup = rules.superior_at_deal
    if rules.superior_by_first_break:
        sup = rng.choice(broken) if broken else None
    g.set_ending([pool[i * k:(i + 1) * k] for i in range(n)], broken, sup)
    for _ in range(rng.randrange(n) if rng.random() < 0.4 else 0):
        if not g.legal_plays():
            break
        g.play(rng.choice(g.legal_plays()))
    return g


class Twin:
    """A solver of the fast path run both ways, in C and in pure Python, with tables kept in
    step: each ``solve`` asks both and checks they agree on every value and on the nodes
    searched."""

    def __init__(self, rules: RuleSet, **kw: Any) -> None:
        self.c = Solver(rules, **kw)
        self.py = Solver(rules, accelerated=False, **kw)
        assert not self.py.accelerated
        self.enhancements = self.c.enhancements

    def solve(self, position: Any, **kw: Any) -> SolveResult:
        n_c, n_py = self.c.nodes, self.py.nodes
        r = self.c.solve(position, **kw)
        assert self.py.solve(position, **kw) == r
        assert self.c.nodes - n_c == self.py.nodes - n_py
        return r


def fast_solver(rules: RuleSet, **kw: Any) -> Solver | Twin:
    """A :class:`Twin` when the rule set takes the fast path, else a plain solver."""
    return Twin(rules, **kw) if Solver(rules)._fast is not None else Solver(rules, **kw)


def children(game: Game) -> list[tuple[Play, Game]]:
    out = []
    for p in game.legal_plays():
        g2 = game.copy()
        g2.play(p)
        out.append((p, g2))
    return out


def child_value(solver: Solver | Twin, game: Game, child: Game) -> int | None:
    """The side-to-move-of-``game`` count after a move, from a solve of ``child`` (None when
    the seat to move there belongs to a third team, whose question is a different one)."""
    h, c = game.hand, child.hand
    assert h is not None and c is not None and h.turn is not None
    rules = game.rules
    side = set(rules.team_seats[rules.team_of(h.turn)])
    done = sum(1 for t in c.tricks[len(h.tricks):] if t.winner in side)
    if c.turn is None:
        return done
    if c.turn not in side and len(rules.team_seats) > 2:
        return None
    r = solver.solve(child, per_move=False)
    return done + (r.tricks if c.turn in side else r.remaining - r.tricks)


# ---------------------------------------------------------------------------- the issue's cases


def _pos(rules: RuleSet, hands: list[str], turn: int, broken: tuple[str, ...],
         superior: str | None = None) -> Position:
    d = rules.deck.parse
    return Position(rules, tuple(tuple(d(x) for x in h.split()) for h in hands), turn=turn,
                    broken=broken, superior=superior)


def test_issue14_fast_path_positions() -> None:
    """Two 52-card positions the fast path once answered one trick short: merging a run of
    equal cards (the 10♥ standing for the J♥) hid a dependence on the run's ranks from the
    partition table."""
    rules = RuleSet.preset("standard")
    pos = _pos(rules, ["10H 3S 6D 8D AD AS JS", "2S 6C 7C 7H 7S 8S QS",
                       "4S 5H 6S 7D AH QD QH", "10D 10S 2C 5C 5S 9C 9S"], 3, ("S",))
    for solver in (Twin(rules), Solver(rules, fast=False)):
        r = solver.solve(pos)
        assert r.tricks == 6
        assert {p.card.code for p in r.best_moves} == {"9S", "10S"}
    pos = _pos(rules, ["QD 4C 8C 6D 8D 6C", "5C 8H 9C 5H 4H AH",
                       "KC KH 2C QC JC QH", "JH 5S 3D 10H JS 3H"], 1, ())
    assert Twin(rules).solve(pos).tricks == 5 == Solver(rules, fast=False).solve(pos).tricks
    # the smallest ending found inside the second one (West's 10♥ and J♥ merged)
    pos = _pos(rules, ["6D 8D QD 8C", "4H 5H 8H 9C", "KH JC QC KC", "JS 10H JH 3D"], 3, ("S",))
    assert Twin(rules).solve(pos).tricks == 2
    pos = _pos(rules, ["6D 8D QD 8C", "5H 8H 10H 9C", "KH JC QC KC", "JS 4H JH 3D"], 3, ("S",))
    assert Twin(rules).solve(pos).tricks == 3


def test_issue14_traveler_counted_once() -> None:
    """A Hunter that is the top card of both its suits is one quick trick, not two."""
    rules = RuleSet.preset("acorns", travelers_hunters=True)
    pos = _pos(rules, ["10H TAC", "5D HOH", "11H HAC", "10O TOH"], 2, ("S", "A"), "S")
    for solver in (Solver(rules), Solver(rules, enhancements=False)):
        r = solver.solve(pos)
        assert r.tricks == 1
        assert set(r.per_move.values()) == {1}


# ---------------------------------------------------------------------------- differential


#: The house rules that change the play (docs/rulings.md section 9): the endings are set on
#: the hand's first trick, so ``not_first_trick`` applies to the first trick of each ending.
HOUSE_CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("standard", {"spade_lead": "any"}),
    ("standard", {"spade_lead": "not_first_trick"}),
    ("online", {"spade_lead": "not_first_trick"}),
]
HOUSE_IDS = [f"{p}-{'-'.join(f'{k}={v}' for k, v in o.items())}" for p, o in HOUSE_CONFIGS]


@pytest.mark.parametrize("preset,opts", CONFIGS + HOUSE_CONFIGS, ids=IDS + HOUSE_IDS)
def test_small_endings_equal_engine_minimax(preset: str, opts: dict[str, Any]) -> None:
    """Every search of the solver against a minimax that drives the engine (1-3 cards a seat,
    1-2 in the 8-player sets): per-move values and the best count."""
    rules = RuleSet.preset(preset, opts)
    rng = random.Random(1400 + len((IDS + HOUSE_IDS)[(CONFIGS + HOUSE_CONFIGS).index(
        (preset, opts))]))
    solvers = [fast_solver(rules), Solver(rules, enhancements=False)]
    if not rules.two_trumps:
        solvers.append(Solver(rules, fast=False))
    kmax = 2 if rules.players == 8 else 3
    count = 0
    for i in range(sweep(240 if rules.players == 8 else 360)):
        k = 1 + (i % 5) * kmax // 5  # more of the small endings: they are cheap
        g = ending(rules, rng, k, 1 + i % 3)
        count += agrees_with_engine(solvers, g, i)
    assert count >= sweep(200)


@pytest.mark.slow
@pytest.mark.parametrize("preset,opts", CONFIGS, ids=IDS)
def test_searches_agree_and_values_are_consistent(preset: str, opts: dict[str, Any]) -> None:
    """Deeper endings: the fast path (52-card sets), the general search and plain alpha-beta give
    the same values; each per-move value equals a fresh solve after that move (tables reused
    across every position)."""
    rules = RuleSet.preset(preset, opts)
    rng = random.Random(2800 + len(IDS[CONFIGS.index((preset, opts))]))
    std = not rules.two_trumps
    main = fast_solver(rules)
    general = Solver(rules, fast=False) if std else None
    plain = Solver(rules, enhancements=False)
    kmax = 3 if rules.players == 8 else (6 if std else 4)
    for i in range(sweep(400 if std else 240)):
        k = 2 + i % (kmax - 1)
        g = ending(rules, rng, k, 1 + i % 3)
        if g.hand is None or g.hand.turn is None:
            continue
        r = main.solve(g)
        if general is not None:
            assert general.solve(g).per_move == r.per_move, i
        if k <= (5 if std else 3):
            assert plain.solve(g).per_move == r.per_move, i
        if i % 4 == 0:
            for p, child in children(g):
                v = child_value(main, g, child)
                assert v is None or v == r.per_move[p], (i, p)


@pytest.mark.parametrize("enforce", [True, False])
def test_fast_path_on_endings_of_real_deals(enforce: bool) -> None:
    """Endings of random standard deals (4-8 tricks left, Spades broken or not by the play):
    the fast path against the general search, with a reused fast solver."""
    rules = RuleSet.preset("standard")
    rng = random.Random(77 if enforce else 78)
    fast = Twin(rules, enforce_trump_breaking=enforce)
    general = Solver(rules, enforce_trump_breaking=enforce, fast=False)
    for i in range(30):
        left = 4 + i % 5
        g = deal_to_play(rules, rng)
        h = g.hand
        assert h is not None
        while len(h.tricks) < 13 - left or len(h.trick) < i % 4:
            g.play(rng.choice(g.legal_plays()))
        assert fast.solve(g).per_move == general.solve(g).per_move, i


@pytest.mark.parametrize("enforce", [True, False])
def test_fast_path_estimate_in_c_and_python(enforce: bool) -> None:
    """The quick guess the fast path's zero-window tests start from (std52's estimate: the
    move ordering's first card played at every turn) is the same in C and in Python, at and
    between trick boundaries, and a count of the tricks left."""
    rules = RuleSet.preset("standard")
    rng = random.Random(79 if enforce else 80)
    c_solver = Solver(rules, enforce_trump_breaking=enforce)
    py_solver = Solver(rules, enforce_trump_breaking=enforce, accelerated=False)
    guesses = set()
    for i in range(40):
        g = deal_to_play(rules, rng)
        h = g.hand
        assert h is not None
        while len(h.tricks) < i % 13 or len(h.trick) < i % 4:
            g.play(rng.choice(g.legal_plays()))
        values = []
        for s in (c_solver, py_solver):
            state = s.state(Position.from_game(g))
            side = s.side_of(state[2])
            goal = _Goal(side, side)
            s._search_fn(goal)
            values.append(s._fast_estimates[goal.key](list(state[0]), *state[1:]))
        assert values[0] == values[1], i
        assert 0 <= values[0] <= state[5]
        guesses.add(values[0])
    assert len(guesses) > 3


def _pbn(hands: list[list[Any]]) -> str:
    def one(h: list[Any]) -> str:
        parts = []
        for s in "SHDC":
            ranks = sorted((c for c in h if c.suit == s), key=lambda c: -"23456789TJQKA".index(
                "T" if c.rank == "10" else c.rank))
            parts.append("".join("T" if c.rank == "10" else c.rank for c in ranks))
        return ".".join(parts)
    return "N:" + " ".join(one(h) for h in hands)


def test_agrees_with_dds_on_many_positions() -> None:
    """52-card positions with trump breaking off against endplay's DDS: 500 random endings of 3
    to 7 cards a seat (per-move values up to 5 cards, of both searches up to 4; the count
    above that).  Full deals: ``test_solver.py::test_full_deal_agrees_with_bridge_double_dummy``."""
    pytest.importorskip("endplay")
    from endplay.dds import solve_board
    from endplay.types import Deal, Denom, Player

    rules = RuleSet.preset("standard")
    rng = random.Random(14)
    fast = Twin(rules, enforce_trump_breaking=False)
    general = Solver(rules, enforce_trump_breaking=False, fast=False)
    seats = [Player.north, Player.east, Player.south, Player.west]
    for i in range(500):
        cards = 3 + i % 5
        deck = list(rules.deck.cards)
        rng.shuffle(deck)
        hands = [deck[j * cards:(j + 1) * cards] for j in range(4)]
        leader = rng.randrange(4)
        pos = Position(rules, tuple(tuple(h) for h in hands), turn=leader)
        deal = Deal(_pbn(hands))
        deal.first = seats[leader]
        deal.trump = Denom.spades
        theirs = {}
        for card, score in solve_board(deal):
            rank = "10" if card.rank.abbr == "T" else card.rank.abbr
            theirs[rules.deck.parse(rank + card.suit.name[0].upper()).play] = score
        if cards > 5:
            assert fast.solve(pos, per_move=False).tricks == max(theirs.values()), i
            continue
        assert fast.solve(pos).per_move == theirs, i
        if cards <= 4:
            assert general.solve(pos).per_move == theirs, i
