"""The general search on the Heckadeck sets (issue 14, speed): every change made for speed keeps
the answers exact.

* small endings of ``acorns`` (with and without Travelers/Hunters, ``th_low``) and ``acorns8``
  (two teams of four, four pairs): per-move values equal a plain minimax that drives the engine
  (``Game.copy`` / ``Game.play``), for the solver and for plain alpha-beta
  (``enhancements=False``);
* endings where the sure-trick bound for the other trump applies (no opponent can play the
  superior trump), against the same minimax;
* interchangeable suits: a position and the same position with its plain suits renamed give the
  same values, also on one solver whose table already holds the first;
* 6-8 trick positions of random Heckadeck hands (the benchmark's ``acorns6``/``heck8``
  positions): the values computed by the search before these changes (main at ddc47dd),
  kept below;
* 9-trick positions with Travelers/Hunters and 7-trick acorns8 positions (issue 33's move
  ordering): the values of the search before it (7621e16), kept below (slow).
"""
from __future__ import annotations

import random
from typing import Any

import pytest

from conftest import agrees_with_engine, deal_to_play, engine_per_move
from spades_lab.core.cards import SUIT_BITS
from spades_lab.core.engine import Game
from spades_lab.core.rules import RuleSet
from spades_lab.solver.search import Position, Solver

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("acorns", {}),
    ("acorns", {"travelers_hunters": True}),
    ("acorns", {"travelers_hunters": True, "th_low": True}),
    ("acorns8", {"teams": "fours", "travelers_hunters": True}),
    ("acorns8", {"teams": "pairs"}),
]
IDS = ["acorns", "acorns-th", "acorns-th-low", "acorns8-fours-th", "acorns8-pairs"]


def ending(rules: RuleSet, rng: random.Random, k: int, suits: list[str],
           superior: str | None = None) -> Game:
    """A dealt game whose hand is replaced by ``k`` cards a seat from ``suits`` (faces, Aces and
    Travelers/Hunters made likely), with a random broken / superior state (``superior`` forces
    that trump broken and superior) and up to one trick's random plays already made.  (The
    ending generator of tests/test_solver_diff.py, with the suits chosen by the caller.)"""
    g = deal_to_play(rules, rng)
    pool = [c for c in rules.deck.cards if any(s in suits for s in c.suits)]
    if rng.random() < 0.7:
        pool = [c for c in pool if c.is_dual or c.is_ace or c.is_face or rng.random() < 0.3]
    rng.shuffle(pool)
    n = rules.players
    k = min(k, len(pool) // n)
    hands = [pool[i * k:(i + 1) * k] for i in range(n)]
    if superior:
        broken = [superior] + [t for t in rules.trumps if t != superior and rng.random() < 0.5]
    else:
        broken = [t for t in rules.trumps if rng.random() < 0.5]
    # the acorns sets decide the superior trump by the first break: Game.set_ending marks it so
    g.set_ending(hands, broken, superior or (rng.choice(broken) if broken else None))
    for _ in range(rng.randrange(n) if rng.random() < 0.4 else 0):
        if not g.legal_plays():
            break
        g.play(rng.choice(g.legal_plays()))
    return g


@pytest.mark.parametrize("preset,opts", CONFIGS, ids=IDS)
def test_small_heckadeck_endings_equal_engine_minimax(preset: str, opts: dict[str, Any]) -> None:
    """1-3 cards a seat (1-2 with eight players) from the two trumps and one to three plain
    suits: every per-move value and the best count equal the engine-driven minimax."""
    rules = RuleSet.preset(preset, opts)
    rng = random.Random(1414 + CONFIGS.index((preset, opts)))
    solvers = [Solver(rules), Solver(rules, enhancements=False)]
    plain = [s for s in rules.deck.suits if s not in rules.trumps]
    kmax = 2 if rules.players == 8 else 3
    count = 0
    for i in range(120 if rules.players == 8 else 200):
        k = 1 + (i % 5) * kmax // 5
        g = ending(rules, rng, k, list(rules.trumps) + rng.sample(plain, 1 + i % 3))
        count += agrees_with_engine(solvers, g, i)
    assert count >= 100


def _no_opposing_superior(g: Game) -> bool:
    """Whether some side holds cards of the other trump while the opponents of that side hold
    nothing playable as the superior trump (the case of the other-trump sure-trick bound)."""
    h = g.hand
    assert h is not None and h.superior is not None
    sup = SUIT_BITS[h.superior]
    (inf,) = [SUIT_BITS[t] for t in g.rules.trumps if t != h.superior]
    for team in g.rules.team_seats:
        opp = [c for s, cs in enumerate(h.hands) if s not in team for c in cs]
        own = [c for s in team for c in h.hands[s]]
        if not any(c.bits & sup for c in opp) and any(c.bits == inf for c in own):
            return True
    return False


@pytest.mark.slow
@pytest.mark.parametrize("preset,opts", CONFIGS[:2], ids=IDS[:2])
def test_other_trump_sure_tricks_against_engine_minimax(preset: str,
                                                         opts: dict[str, Any]) -> None:
    """Endings with the superior trump set, dealt from the trumps and one plain suit: many have
    a side whose opponents cannot play the superior trump, where top cards of the other trump
    are counted as sure tricks; the values still equal the engine-driven minimax."""
    rules = RuleSet.preset(preset, opts)
    rng = random.Random(7 + len(opts))
    solver = Solver(rules)  # one solver: its table is reused across the positions
    plain = [s for s in rules.deck.suits if s not in rules.trumps]
    hits = 0
    for i in range(240):
        sup = rules.trumps[i % 2]
        g = ending(rules, rng, 2 + i % 2, list(rules.trumps) + rng.sample(plain, 1), sup)
        h = g.hand
        if h is None or h.turn is None:
            continue
        if _no_opposing_superior(g):
            hits += 1
        assert solver.solve(g).per_move == engine_per_move(g), i
    assert hits >= 40


def _renamed(pos: Position, perm: dict[str, str]) -> Position:
    deck = pos.rules.deck

    def card(c: Any) -> Any:
        return deck.parse(c.rank + perm.get(c.suit, c.suit))

    return Position(pos.rules, tuple(tuple(card(c) for c in h) for h in pos.hands),
                    turn=pos.turn, broken=pos.broken, superior=pos.superior)


def test_renamed_plain_suits_give_the_same_values() -> None:
    """Heckadeck endings (3-5 cards a seat) and the same endings with the six plain suits
    permuted: one solver answers both (the second from a table that already holds the first,
    whose entries are shared between the two), equal to fresh solvers and, for the smaller
    ones, to plain alpha-beta."""
    rules = RuleSet.preset("acorns")
    rng = random.Random(2026)
    plain = [s for s in rules.deck.suits if s not in rules.trumps]
    shared = Solver(rules)
    done = 0
    for i in range(60):
        k = 3 + i % 3
        g = ending(rules, rng, k, list(rules.trumps) + rng.sample(plain, 2 + i % 4))
        h = g.hand
        if h is None or h.turn is None or h.trick:
            continue
        pos = Position.from_game(g)
        perm = dict(zip(plain, rng.sample(plain, len(plain)), strict=True))
        other = _renamed(pos, perm)
        a = shared.solve(pos)
        b = shared.solve(other)
        assert b.tricks == a.tricks == Solver(rules).solve(other).tricks, i
        inv = {v: k for k, v in perm.items()}
        back = {p.card.rank + inv.get(p.card.suit, p.card.suit): v for p, v in b.per_move.items()}
        assert back == {p.card.rank + p.card.suit: v for p, v in a.per_move.items()}, i
        if k == 3:
            assert Solver(rules, enhancements=False).solve(other).per_move == b.per_move, i
        done += 1
    assert done >= 30


# ---------------------------------------------------------------------------- before/after

#: Positions of ``benchmarks/bench_solver.py`` (seeds 1000, 1001, ...: ``acorns6`` and
#: ``acorns6-th`` with 6 tricks left, ``heck8``/``heck8-th`` with 8), as (category, hands,
#: seat to lead, broken trumps, superior trump, tricks for the side to lead, per-move values
#: or None), the values computed by the general search before the speed work (main at
#: ddc47dd).  The hands are kept rather than regenerated, so changes to the players or the
#: deal do not move them.
REFERENCE: list[tuple[Any, ...]] = [
    ('acorns6',
     ['AD 6S 3D 8C JP BC', '5W BA QS 4S 10A 7A', '3A QA 6A 2A 11S 0D', '7H 9H 0H 5H 11C BS'], 2,
     'SA', 'S', 3, {'0D': 2, '11S': 2, '2A': 3, '3A': 3, '6A': 3, 'QA': 2}),
    ('acorns6',
     ['9D 8D 3D 4P 2A KA', 'JD QS 5S 5C 11C 6C', '0S 4S 7D 9S 0H BS', '9P QP 3S 6S 3C BP'], 3,
     'SA', 'A', 2, {'3C': 1, '3S': 1, '6S': 1, '9P': 2, 'BP': 2, 'QP': 2}),
    ('acorns6',
     ['BD 11D 10H JP 4D 0A', '11H 2A QA 9A KS 7S', '2P 9P BP 7W BS 8P', '8A 10P 11S KA 0H 3W'], 2,
     'SA', 'S', 0, {'2P': 0, '7W': 0, '8P': 0, '9P': 0, 'BP': 0, 'BS': 0}),
    ('acorns6',
     ['2H KO 6D 2S QS BO', '2W KD BS 3D 9S 10P', '7H 6W 5O 11O 6A 2O', '4A 11S 8P 3S 3C BP'], 0,
     'SA', 'A', 2, {'2H': 2, '2S': 2, '6D': 2, 'BO': 2, 'KO': 2, 'QS': 2}),
    ('acorns6',
     ['BS 9C 10D JD 10C 4A', '10A 5W BH KW 2D 9S', '2S JC KS 7C 7W 3S', 'QH KA 7O 2O AA 5A'], 0,
     'SA', 'S', 4, {'10C': 3, '10D': 4, '4A': 4, '9C': 3, 'BS': 3, 'JD': 4}),
    ('acorns6',
     ['9P QA 9H 11P 3A AH', '8A QS 2P 8S 0P KA', '9O 4D 6O 2D BA 5D', '7S 2O 2W 6A 9A 3W'], 1,
     'SA', 'A', 5, {'0P': 5, '2P': 5, '8A': 5, '8S': 4, 'KA': 5, 'QS': 4}),
    ('acorns6',
     ['7O 11H 0A KO 3D 11D', '3P JC BH KH 4A JO', '5H 8H BS JD QC 5S', 'AW 5W 3H 7D 7W 7S'], 3,
     'SA', 'A', 3, {'3H': 3, '5W': 1, '7D': 3, '7S': 1, '7W': 1, 'AW': 1}),
    ('acorns6',
     ['3C KD 4W BD BC JD', 'JS 0S JA 4O JO BO', '4C JW 2C 9D 6C 2P', '4S JP AP BA 6O 8S'], 3, 'SA',
     'A', 6, {'4S': 6, '6O': 6, '8S': 6, 'AP': 6, 'BA': 6, 'JP': 6}),
    ('acorns6',
     ['11O 9A 3A BA 5H AA', '3O KA 2A 7A 10A 2W', '0A JA 10W 0O 7O QO', '5O 5A 9O 6S JS 10P'], 3,
     'SA', 'S', 4, {'10P': 3, '5A': 4, '5O': 4, '6S': 4, '9O': 4, 'JS': 4}),
    ('acorns6',
     ['7C 8S 6H QS 10S 2H', '4W 3H BH 8A 0O 9C', '8C 7A 6D KA 11C 11D', '9A AA 9H 10H 11H 2A'], 2,
     'SA', 'S', 4, {'11C': 4, '11D': 4, '6D': 4, '7A': 4, '8C': 4, 'KA': 4}),
    ('acorns6',
     ['QC 3D BC BO 5C 0O', 'KH 10C AD 10D QS 5S', '11A 11P 8A 2S 3S 3A', 'JC 2C 8W 9A 0A 4C'], 2,
     'SA', 'A', 3, {'11A': 3, '11P': 3, '2S': 3, '3A': 3, '3S': 3, '8A': 3}),
    ('acorns6',
     ['BP 9P 6O 10A 7W AS', 'QA JA 4S 4W KO AO', '2W 7S 7H 9H BS 5A', '2S 8A 10S 5O 11C 8C'], 3,
     'SA', 'A', 4, {'10S': 3, '11C': 4, '2S': 4, '5O': 4, '8A': 4, '8C': 4}),
    ('acorns6-th',
     ['4P AC KC 3O 0W 7C', '3W QS QW 9S BW 2W', 'BA 4W 2A 11S 9P 4A', '8P 2H 10W 10C 11W 5P'], 1,
     'SA', 'S', 3, {'2W': 3, '3W': 3, '9S': 2, 'BW': 3, 'QS': 3, 'QW': 3}),
    ('acorns6-th',
     ['5O 2O 4D 10H 7O 3W', '3D 10C KA 10D 5S 9A', '6P 9H 11H 7A 9S 7P', '2S JP 0A QA 9P QP'], 3,
     'SA', 'S', 5, {'0A': 5, '2S': 5, '9P': 5, 'JP': 5, 'QA': 5, 'QP': 5}),
    ('acorns6-th',
     ['10D 4S 3C 3O 9D 6D', '2S QS 4W 0S KS 5W', '11P BP 6O 11S BS 9S', '10S 10O 3S 5S 7C 4D'], 0,
     'SA', 'A', 1, {'10D': 1, '3C': 1, '3O': 1, '4S': 1, '6D': 1, '9D': 1}),
    ('acorns6-th',
     ['3A 9D 5S 2S JS 2A', '3D JD BA 11A 11H 8A', 'JA 8O 9P AH 7A 11O', '5A 4A 11P 4W 2W KW'], 0,
     'SA', 'S', 5, {'2A': 5, '2S': 5, '3A': 5, '5S': 5, '9D': 5, 'JS': 5}),
    ('acorns6-th',
     ['JA 11W 2A BA 10S 10D', 'KO AH JS 10O 8O 4O', '5O 6H BW 2C QC 8C', 'JP JC 7C 3S KS 0C'], 1,
     'SA', 'S', 2, {'10O': 2, '4O': 2, '8O': 2, 'AH': 2, 'JS': 2, 'KO': 2}),
    ('acorns6-th',
     ['7W 0A TAC 2A 6C AW', '7A KA 9A AP JS AS', '8A 6A AA 10C 2D 5A', 'KS 5D BS 11D 2O 9O'], 2,
     'SA', 'S', 0, {'10C': 0, '2D': 0, '5A': 0, '6A': 0, '8A': 0, 'AA': 0}),
    ('acorns6-th',
     ['KA 7P 4P 10D JC 5D', 'QW BH 2S 3P 0P 9A', '8H BS 0D 9D 11S 4D', 'AS 11W 2O 9S 0S QS'], 1,
     'SA', 'A', 5, {'0P': 5, '2S': 5, '3P': 5, '9A': 5, 'BH': 5, 'QW': 4}),
    ('acorns6-th',
     ['BH 11H 4A BS JA HPS', 'JO QW 11W 0O BW 0H', '10W 2A 2S 8C AS 11S', '2P 7S KS 2W QS 8S'], 3,
     'SA', 'A', 1, {'2P': 0, '2W': 0, '7S': 0, '8S': 0, 'KS': 1, 'QS': 1}),
    ('acorns6-th',
     ['3C 7C 8H 8O AH 3O', '2W 9S 3W KA 2S 7A', '9O 0A JD 9A BP 8C', 'QP AD 5O 5A 5P 4H'], 0, 'SA',
     'A', 1, {'3C': 1, '3O': 1, '7C': 1, '8H': 1, '8O': 1, 'AH': 1}),
    ('acorns6-th',
     ['6S 5S 0D 10S 2A 11A', '6W JW 0C 5W JP KA', 'AO 9C 9O 10P 2O AP', '0P BA 9A 10A 4S 3S'], 0,
     'SA', 'A', 3, {'0D': 2, '10S': 3, '11A': 3, '2A': 3, '5S': 3, '6S': 3}),
    ('acorns6-th',
     ['11C 5D BA 7A 10S 5P', '0O KS TDW 7D 11S 9D', '6P 9H 8A 8S 0P 3S', 'HAC 3A 2A KD 2O 2D'], 3,
     'SA', 'A', 4, {'2A': 3, '2D': 3, '2O': 1, '3A': 3, 'HAC as A': 4, 'HAC as C': 2, 'KD': 3}),
    ('acorns6-th',
     ['BA 11W QA 3C BW 10A', '9A KH 8S 6A 4W 8H', 'AA 7H 9H JH 5H 5A', '10S KA KS 6H 2A 0A'], 1,
     'SA', 'S', 4, {'4W': 4, '6A': 4, '8H': 3, '8S': 3, '9A': 4, 'KH': 3}),
    ('heck8',
     ['4C 5A BD 11D 10H JP 4D 0A', '11H 2A QA 9A 9C KS 4A 7S', '2P 9P 6A BP 7W JA BS 8P',
      '8A AA 7C 10P 11S KA 0H 3W'],
     2, 'SA', 'S', 0, None),
    ('heck8',
     ['9P QA 9H 7C JC 11P 3A AH', '8A QS 10S 2P 8S 9S 0P KA', '9O 4D 6O 7D 2D BA 5D BS',
      '7S 2O 5S 2W KD 6A 9A 3W'],
     1, 'SA', 'A', 7, None),
    ('heck8',
     ['JC 3C KD QD 4W BD BC JD', '10O JS 0S JA 4O JO BO 2S', '4C 3O JW 2C 9D 3S 6C 2P',
      '4S JP 6S AP BA 11O 6O 8S'],
     1, 'SA', 'A', 8, None),
    ('heck8',
     ['2H KO 6D 2S QS 3H BO 10S', '2W KD BS 3D 9S 5H JW 10P', '7H 0H 6W 5O 11O 6A QW 2O',
      '4A 11S 9W 8P 3S 3C BP KW'],
     0, 'SA', 'A', 6, None),
    ('heck8-th',
     ['5O 10O 8D 2O 4D 10H 7O 3W', '3D 10C KA 10D QD 5S 9A QS', '6P 4A 9H 11H 11S 7A 9S 7P',
      'BS 2S JP 0A QA 9P QP 6S'],
     3, 'SA', 'S', 8, None),
    ('heck8-th',
     ['4P AC 3A KC 3O 0W 7C AA', '3W 0A QS QW 9S BW KA 2W', 'BA 4W 6A 2A 11S 9P 5A 4A',
      '8P 2H 10W 10C 11W 5P 7W 9H'],
     2, 'SA', 'S', 5, None),
    ('heck8-th',
     ['10D 10C 4S QW 3C 3O 9D 6D', '2S 10W QS 4W 0S KS 9C 5W', '11P BP 6O 2C 8S 11S BS 9S',
      '10S 10O 3S 5S 6S 7C 4D 8C'],
     1, 'SA', 'A', 5, None),
]


@pytest.mark.parametrize("row", REFERENCE, ids=[f"{r[0]}-{i}" for i, r in enumerate(REFERENCE)])
def test_values_equal_those_before_the_speed_work(row: tuple[Any, ...]) -> None:
    name, hands, turn, broken, superior, tricks, per_move = row
    rules = RuleSet.preset("acorns", travelers_hunters=name.endswith("-th"))
    d = rules.deck.parse
    pos = Position(rules, tuple(tuple(d(x) for x in h.split()) for h in hands), turn=turn,
                   broken=tuple(broken), superior=superior)
    r = Solver(rules).solve(pos, per_move=per_move is not None)
    assert r.exact and r.tricks == tricks
    if per_move is not None:
        assert {str(p): v for p, v in r.per_move.items()} == per_move



#: deeper positions (benchmarks/bench_solver.py's, seeds 1000 on: 9 tricks left with Travelers
#: and Hunters, 7 left in acorns8) with the values the search computed before issue 33's move
#: ordering (7621e16): (preset, Travelers/Hunters, hands, turn, broken, superior, value)
DEEPER: list[tuple[str, bool, list[str], int, str, str, int]] = [
    ('acorns', True, ['6D 4P AC 3A KC 3O 0W 7C AA', '3W 0A JC QS QW 9S BW KA 2W',
                      'BA JD 4W 6A 2A 11S 9P 5A 4A', '8P 2H 10W 10C 11W JW 5P 7W 9H'],
     2, 'SA', 'S', 6),
    ('acorns', True, ['5O 10O 8D JS 2O 4D 10H 7O 3W', '3D 10C KA 8S 10D QD 5S 9A QS',
                      '6P 4A 9H 0S 11H 11S 7A 9S 7P', 'BS 2S JP 0A QA 9P QP 6S KS'],
     3, 'SA', 'S', 9),
    ('acorns', True, ['10D 5P 10C 4S QW 3C 3O 9D 6D', '2S AS 10W QS 4W 0S KS 9C 5W',
                      '0P 11P BP 6O 2C 8S 11S BS 9S', '10S 10O 3S 5S 6S 7C 10P 4D 8C'],
     2, 'SA', 'A', 3),
    ('acorns', True, ['3A 9D 5S 2S JS QS 2A JC 8H', '6O 3D 3O JD BA 11A 11H BD 8A',
                      'KP JA 8O AC 9P 9O AH 7A 11O', '5A 4A 8P 11P 3W 10A 4W 2W KW'],
     0, 'SA', 'S', 6),
    ('acorns', True, ['JA JW 11W 2A QA 9A BA 10S 10D', '5S KO AH JS 3A 10O 8O 3C 4O',
                      '5O BC 6H BW 5H 2C 10P QC 8C', '6S JP JC 6C 7C AA 3S KS 0C'],
     1, 'SA', 'S', 5),
    ('acorns', True, ['7W 0A TAC 2A 11O 0C 6C JA AW', '7A KA 11H 9A 2H AP 11A JS AS',
                      '4A 8A 6A QA AA 10D 10C 2D 5A', 'KS 5D BS 11D 2O 10A 7O BA 9O'],
     1, 'SA', 'S', 6),
    ('acorns', True, ['5A AA 8W KA 7P 4P 10D JC 5D', 'JA QW 7W BH 2S 3P 5O 0P 9A',
                      '8H BS JW 0D 3A 9D 0C 11S 4D', 'AS JO 11W 2O 9S 2W 0S AW QS'],
     1, 'SA', 'A', 5),
    ('acorns', True, ['BH 11H QC 4A BS 5S JA HPS 7P', 'JO 6W QW 11W AO 0O BW 0H 0S',
                      '10W KC 2A 2S 10C 8C AS 11S 3S', '2P 7S KS 10P 4S 2W JS QS 8S'],
     0, 'SA', 'A', 7),
    ('acorns8', False, ['JA 0P AP AD 6S 2D 7D', 'KC 4C 8C JC BC 7S BO', '11O 6C 4P AS 0A QS 4S',
                        'AA 9D 9S 3S KA 10A 7A', '3A QA KS 6A 2A QP 8D',
                        '4D JS 6H 5A 2S 10P 11P', 'KP KO 5S 7H 6O 7P QC',
                        'QD QH 7C 4A 5H 11C AO'], 1, 'SA', 'S', 0),
    ('acorns8', False, ['4A AW 6A 2W BA 9D 3D', '6W 2A QC 10H 4W KW KA', '10C 8C 5S 10A AA AD 11O',
                        '7S 3A JW 8S AC 11C 6C', '11D 0S 0O 5O 4S 9W 5A',
                        '11A 7W BS 0W 5W 0A QA', '11P KC 10P 3S BW 9A 11W',
                        '8A 4O 7A 8W QO QW KS'], 6, 'SA', 'S', 1),
    ('acorns8', False, ['QD AC 0D 4C 4S 10D 8H', '6O AW 10H BC 3C 2S AD', '10C 8O KO 3O 9A QS 9C',
                        'KS 7S 0C JS QC AS AH', 'QW 2P 9O 6H KC KW 2C', '8S 4W 6C 9S 8C 10W KP',
                        '11C 0O 8A 3S 5C 5S 4O', '6S AA 7C 11S 10A JC 2H'], 2, 'SA', 'A', 0),
]


@pytest.mark.slow
@pytest.mark.parametrize("row", DEEPER, ids=[f"{r[0]}-{i}" for i, r in enumerate(DEEPER)])
def test_deeper_values_equal_those_before_issue_33(row: tuple[Any, ...]) -> None:
    """7 to 9 tricks left, more than the engine-driven minimax can finish (the small endings
    above tie every rule set to it): the values the search gave before issue 33's move
    ordering (leads an opponent can ruff last, third hand high, winners discarded last)."""
    preset, th, hands, turn, broken, superior, value = row
    rules = RuleSet.preset(preset, travelers_hunters=th)
    d = rules.deck.parse
    pos = Position(rules, tuple(tuple(d(x) for x in h.split()) for h in hands), turn=turn,
                   broken=tuple(broken), superior=superior)
    r = Solver(rules).solve(pos, per_move=False)
    assert r.exact and r.tricks == value
