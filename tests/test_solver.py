"""Double-dummy solver: its rules equal the engine's, its values equal exhaustive minimax over
the engine itself on small endings of every rule set, and (bridge-style, trump breaking off)
it agrees with the bridge double-dummy solver wrapped by ``endplay``.  The fast path's compiled
accelerator: built by the dev setup, switchable off, the same answers, node counts and budget
checks as the pure-Python search, its tables freed with the solver."""
from __future__ import annotations

import gc
import os
import random
import shlex
import shutil
import subprocess
import sys
import sysconfig
import weakref
import zipfile
import zlib
from pathlib import Path
from typing import Any

import pytest

from conftest import RULE_CONFIGS as CONFIGS
from conftest import RULE_IDS as IDS
from conftest import deal_to_play, ending_pool
from spades_lab.core.cards import SUIT_BITS, Play
from spades_lab.core.engine import Game, trick_winner
from spades_lab.core.errors import RuleError
from spades_lab.core.rules import RuleSet
from spades_lab.solver.search import (
    Position,
    Solver,
    annotate_hand,
    can_keep_nil,
    can_make_bid,
    solve,
)


def random_game(rules: RuleSet, rng: random.Random, plays: int) -> Game:
    """A dealt game with ``plays`` random legal plays made."""
    g = deal_to_play(rules, rng)
    for _ in range(plays):
        g.play(rng.choice(g.legal_plays()))
    return g


def small_game(rules: RuleSet, k: int, rng: random.Random, warm: int = 0,
               nsuits: int = 2) -> Game:
    """A game whose hand is replaced by a small ending: ``k`` cards each from the trumps and
    ``nsuits`` other suits, nothing broken yet; then ``warm`` random plays."""
    g = deal_to_play(rules, rng)
    pool = ending_pool(rules, rng, nsuits)
    n = rules.players
    k = min(k, len(pool) // n)  # the duals-and-faces pool of a two-trump set may be short
    g.set_ending([pool[i * k:(i + 1) * k] for i in range(n)], (), rules.superior_at_deal)
    for _ in range(warm):
        g.play(rng.choice(g.legal_plays()))
    return g


def ref_value(game: Game, max_seats: set[int], count_seats: set[int], suit: str | None,
              start: int) -> int:
    """Exhaustive minimax that drives the engine itself: the count of tricks from trick
    ``start`` on won by ``count_seats`` (holding a ``suit`` card when given)."""
    h = game.hand
    assert h is not None
    legal = game.legal_plays()
    if not legal:
        return sum(1 for t in h.tricks[start:] if t.winner in count_seats and (
            suit is None or any(p.card.has_suit(suit) for _, p in t.plays)))
    vals = []
    for p in legal:
        g2 = game.copy()
        g2.play(p)
        vals.append(ref_value(g2, max_seats, count_seats, suit, start))
    return max(vals) if h.turn in max_seats else min(vals)


def ref_per_move(game: Game, side: set[int]) -> dict[Play, int]:
    h = game.hand
    assert h is not None
    out = {}
    for p in game.legal_plays():
        g2 = game.copy()
        g2.play(p)
        out[p] = ref_value(g2, side, side, None, len(h.tricks))
    return out


# ---------------------------------------------------------------------------- rules identity


def legal_moves(game: Game) -> list[Play]:
    """The moves the search generates (``Solver.gen``, the one generator it uses)."""
    s = Solver(game.rules)
    hands, trick, turn, broken, _, _ = s.state(Position.from_game(game))
    return [s.tab.play_obj[m] for m in s.gen(turn, hands, trick, broken)]


def trick_winner_fast(rules: RuleSet, plays: Any, superior: str | None) -> int:
    """The search's trick winner (``Solver.winner``); ``superior`` is the superior trump in
    force before these plays; as in the search, the first card played as a trump while none is
    superior sets it."""
    s = Solver(rules)
    tab = s.tab
    sup = SUIT_BITS[superior] if superior else tab.sup_start
    for _, p in plays:
        if not sup and p.bit & tab.trumps:
            sup = p.bit
    return s.winner([(seat, tab.index[p.card], p.bit) for seat, p in plays], sup)


@pytest.mark.parametrize("preset,opts", CONFIGS, ids=IDS)
def test_move_generator_equals_engine(preset: str, opts: dict[str, Any]) -> None:
    rules = RuleSet.preset(preset, opts)
    # seeded by the case's id (not hash(), which changes from run to run with PYTHONHASHSEED)
    rng = random.Random(zlib.crc32(IDS[CONFIGS.index((preset, opts))].encode()))
    checked = 0
    for _i in range(6):
        g = random_game(rules, rng, 0)
        while g.phase == "play":
            want = {(p.card, p.suit) for p in g.legal_plays()}
            got = legal_moves(g)
            assert len(got) == len(set(got))
            assert {(p.card, p.suit) for p in got} == want
            checked += 1
            g.play(rng.choice(g.legal_plays()))
        for _ in range(3):  # endings with the trumps unbroken
            g = small_game(rules, 3, rng)
            while g.legal_plays():
                want = {(p.card, p.suit) for p in g.legal_plays()}
                assert {(p.card, p.suit) for p in legal_moves(g)} == want
                g.play(rng.choice(g.legal_plays()))
                checked += 1
    assert checked > 100


@pytest.mark.parametrize("preset,opts", CONFIGS, ids=IDS)
def test_trick_winner_equals_engine(preset: str, opts: dict[str, Any]) -> None:
    rules = RuleSet.preset(preset, opts)
    rng = random.Random(11)
    for _ in range(4):
        g = random_game(rules, rng, 0)
        while g.phase == "play":
            g.play(rng.choice(g.legal_plays()))
        h = g.hands[-1]
        for t in h.tricks:
            sup = h.superior if h.superior_at and h.superior_at[0] <= t.index else None
            assert trick_winner_fast(rules, t.plays, sup) == t.winner
            assert trick_winner(rules, t.plays, sup)[0] == t.winner
            for k in range(1, len(t.plays)):  # partial tricks, both superior states
                for s in (None, *rules.trumps):
                    if s is None and not rules.two_trumps:
                        continue
                    assert trick_winner_fast(rules, t.plays[:k], s) == \
                        trick_winner(rules, t.plays[:k], s)[0]


def test_trick_winner_ace_flip() -> None:
    rules = RuleSet.preset("acorns")
    P = lambda code: rules.deck.parse(code).play  # noqa: E731
    low = [(0, P("AH")), (1, P("2H")), (2, P("0H")), (3, P("3D"))]
    assert trick_winner_fast(rules, low, None) == 1
    high = [(0, P("AH")), (1, P("2H")), (2, P("0H")), (3, P("BD"))]
    assert trick_winner_fast(rules, high, None) == 0 == trick_winner(rules, high, None)[0]


# ---------------------------------------------------------------------------- values


@pytest.mark.parametrize("preset,opts", CONFIGS, ids=IDS)
def test_values_equal_engine_minimax(preset: str, opts: dict[str, Any]) -> None:
    rules = RuleSet.preset(preset, opts)
    rng = random.Random(5)
    k = 2 if rules.players == 8 else 3
    n = rules.players
    for i in range(6):
        g = small_game(rules, k, rng, warm=rng.randrange(n + 1) if i % 2 else 0)
        h = g.hand
        assert h is not None and h.turn is not None
        res = solve(g)
        side = set(rules.team_seats[rules.team_of(h.turn)])
        assert set(res.side) == side
        ref = ref_per_move(g, side)
        assert res.per_move == ref
        assert res.tricks == max(ref.values())
    # endings of real deals (trumps and the superior trump set by the play so far)
    for i in range(3):
        g = random_game(rules, rng, rules.players * (rules.hand_size - 2) + i)
        h = g.hand
        assert h is not None and h.turn is not None
        side = set(rules.team_seats[rules.team_of(h.turn)])
        assert solve(g).per_move == ref_per_move(g, side)


@pytest.mark.parametrize("preset,opts", CONFIGS, ids=IDS)
def test_play_classes_keep_equal_tricks(preset: str, opts: dict[str, Any]) -> None:
    """``Solver.play_classes`` groups the legal plays into classes of equal cards, which the
    per-card answers and the review search once a class: every play of a class keeps the same
    tricks (by the search without enhancements, which merges no cards and is held to the
    engine-driven minimax above), the classes cover the legal plays once each, and without
    enhancements every play is a class of its own.  Endings of few suits, so a seat often
    holds neighbouring cards of one suit, some with a card of another seat between them."""
    rules = RuleSet.preset(preset, opts)
    rng = random.Random(21)
    k = 3 if rules.players == 8 else 4
    merged = 0
    for i in range(40):
        g = small_game(rules, k, rng, warm=rng.randrange(rules.players + 1) if i % 2 else 0,
                       nsuits=1 + i % 3 // 2)
        h = g.hand
        assert h is not None and h.turn is not None
        classes = Solver(rules).play_classes(g)
        assert sorted(map(str, (p for c in classes for p in c))) == sorted(
            map(str, g.legal_plays()))
        plain = Solver(rules, enhancements=False)
        assert [len(c) for c in plain.play_classes(g)] == [1] * len(g.legal_plays())
        ref = plain.solve(g).per_move
        for c in classes:
            assert len({ref[p] for p in c}) == 1, (i, [str(p) for p in c], ref)
            merged += len(c) > 1
    assert merged, "no position held two equal cards: the test checked nothing"


@pytest.mark.parametrize("ace,merged", [("AD", False), ("7D", True)])
def test_play_classes_keep_a_face_card_apart_while_an_ace_can_flip(ace: str,
                                                                    merged: bool) -> None:
    """The Heckadeck's 11 and Beast of a suit are neighbours, but while another seat's Ace
    of that suit can still meet them the Beast (a face card) makes the Ace high and the 11
    does not: two classes.  With the Ace gone they are equals."""
    rules = RuleSet.preset("acorns")
    P = rules.deck.parse
    g = deal_to_play(rules, random.Random(1))
    assert g.hand is not None and g.hand.turn is not None
    lead = g.hand.turn
    hands: list[list[Any]] = [[] for _ in range(4)]
    for k, h in enumerate((["2D", "4D"], ["11D", "BD"], [ace, "5D"], ["3D", "6D"])):
        hands[(lead + k) % 4] = [P(x) for x in h]
    g.set_ending(hands, (), rules.superior_at_deal)
    g.play(P("2D").play)
    classes = [[str(p) for p in c] for c in Solver(rules).play_classes(g)]
    assert classes == ([["11D", "BD"]] if merged else [["11D"], ["BD"]])


@pytest.mark.parametrize("preset,opts", CONFIGS[:1] + CONFIGS[3:7], ids=IDS[:1] + IDS[3:7])
def test_nil_and_bid_goals_equal_engine_minimax(preset: str, opts: dict[str, Any]) -> None:
    rules = RuleSet.preset(preset, opts)
    rng = random.Random(8)
    k = 2 if rules.players == 8 else 3
    kinds = ["nil"] if rules.zero_is_nil else ["full nil", "nil spades", "nil acorns"]
    for i in range(8):
        g = small_game(rules, k, rng, warm=i % 3)
        h = g.hand
        assert h is not None
        seat = rng.randrange(rules.players)
        kind = kinds[i % len(kinds)]
        side = set(rules.team_seats[rules.team_of(seat)])
        others = set(range(rules.players)) - side
        suit = {"nil spades": "S", "nil acorns": "A"}.get(kind)
        start = len(h.tricks)
        # the warm-up plays may already have broken it; the check must say so
        chk = can_keep_nil(g, seat, kind=kind)
        won = [c for t in h.tricks if t.winner == seat for _, p in t.plays for c in [p.card]]
        failed = bool(won) if suit is None else any(c.has_suit(suit) for c in won)
        assert chk.already_failed == failed
        if not failed:
            setters = ref_value(g, others, {seat}, suit, start)
            assert chk.can_keep == (setters == 0)
        team = rules.team_of(seat)
        bc = can_make_bid(g, team, bid=2)
        counting = {s for s in side if not (h.bids[s] is not None and h.bids[s].is_full_nil)}
        best = ref_value(g, side, counting, None, start)
        assert bc.max_more == best
        assert bc.counted == sum(h.taken[s] for s in counting)
        assert bc.can_make == (best >= max(0, 2 - bc.counted))


def test_keep_nil_simple_endings() -> None:
    rules = RuleSet.preset("standard")
    d = rules.deck.parse
    # North (nil) holds the 2 and 3 of hearts; everyone else holds higher hearts: clean.
    pos = Position(rules, ((d("2H"), d("3H")), (d("KH"), d("QH")), (d("JH"), d("10H")),
                           (d("9H"), d("8H"))), turn=1)
    assert can_keep_nil(pos, 0, kind="nil").can_keep
    # North holds the Ace: it must win the heart trick.
    pos = Position(rules, ((d("AH"), d("3H")), (d("KH"), d("QH")), (d("JH"), d("10H")),
                           (d("9H"), d("8H"))), turn=1)
    assert not can_keep_nil(pos, 0, kind="nil").can_keep


# ---------------------------------------------------------------------------- bridge


def _pbn(hands: list[list[Any]]) -> str:
    def one(h: list[Any]) -> str:
        parts = []
        for s in "SHDC":
            ranks = sorted((c for c in h if c.suit == s), key=lambda c: -"23456789TJQKA".index(
                "T" if c.rank == "10" else c.rank))
            parts.append("".join("T" if c.rank == "10" else c.rank for c in ranks))
        return ".".join(parts)
    return "N:" + " ".join(one(h) for h in hands)


@pytest.mark.parametrize("cards,deals", [(10, 2), (8, 4), (6, 6), (4, 6)])
def test_agrees_with_bridge_double_dummy(cards: int, deals: int) -> None:
    endplay = pytest.importorskip("endplay")
    from endplay.dds import solve_board
    from endplay.types import Deal, Denom, Player

    rules = RuleSet.preset("standard")
    rng = random.Random(cards * 101)
    for _ in range(deals):
        deck = list(rules.deck.cards)
        rng.shuffle(deck)
        hands = [deck[i * cards:(i + 1) * cards] for i in range(4)]
        leader = rng.randrange(4)
        pos = Position(rules, tuple(tuple(h) for h in hands), turn=leader)
        res = solve(pos, enforce_trump_breaking=False)
        deal = Deal(_pbn(hands))
        deal.first = [Player.north, Player.east, Player.south, Player.west][leader]
        deal.trump = Denom.spades
        theirs = {}
        for card, score in solve_board(deal):
            rank = "10" if card.rank.abbr == "T" else card.rank.abbr
            theirs[rules.deck.parse(rank + card.suit.name[0].upper()).play] = score
        assert res.per_move == theirs
        assert res.tricks == max(theirs.values())
    assert endplay is not None


@pytest.mark.parametrize("which", [1, 2, 4])
def test_full_deal_agrees_with_bridge_double_dummy(which: int) -> None:
    """Full 13-card deals, trump breaking off.  Deals 1, 2 and 4 of this seeded sequence solve
    in about a second each in pure Python; the others take from a few seconds to a minute
    (``benchmarks/bench_solver.py`` measures such deals), too slow for the test suite."""
    pytest.importorskip("endplay")
    from endplay.dds import solve_board
    from endplay.types import Deal, Denom, Player

    rules = RuleSet.preset("standard")
    rng = random.Random(1313)
    for _ in range(which + 1):
        deck = list(rules.deck.cards)
        rng.shuffle(deck)
        hands = [deck[i * 13:(i + 1) * 13] for i in range(4)]
        leader = rng.randrange(4)
    pos = Position(rules, tuple(tuple(h) for h in hands), turn=leader)
    res = Solver(rules, enforce_trump_breaking=False).solve(pos, per_move=False)
    deal = Deal(_pbn(hands))
    deal.first = [Player.north, Player.east, Player.south, Player.west][leader]
    deal.trump = Denom.spades
    assert res.tricks == max(score for _, score in solve_board(deal))


@pytest.mark.parametrize("preset", ["standard", "online", "original"])
def test_fast_path_equals_general_search(preset: str) -> None:
    """The 52-card fast path (partition search, ``_solver_std``) gives the general search's
    values (which the tests above tie to the engine), at and between trick boundaries, with and
    without the trump-breaking restriction."""
    rules = RuleSet.preset(preset)
    rng = random.Random(17)
    fast = Solver(rules)
    assert fast._fast is not None
    general = Solver(rules, fast=False)
    checked = 0
    for i in range(20):
        left = 4 + i % 4
        g = random_game(rules, rng, rules.players * (rules.hand_size - left) + i % 4)
        assert fast.solve(g).per_move == general.solve(g).per_move
        checked += 1
        if i % 3 == 0:
            f2 = Solver(rules, enforce_trump_breaking=False)
            g2 = Solver(rules, enforce_trump_breaking=False, fast=False)
            assert f2.solve(g).per_move == g2.solve(g).per_move
    for i in range(6):  # endings with the trumps unbroken
        g = small_game(rules, 4, rng, warm=i % 4)
        assert fast.solve(g).per_move == general.solve(g).per_move
        checked += 1
    assert checked == 26


# ---------------------------------------------------------------------------- annotation, API


def test_annotate_hand() -> None:
    rules = RuleSet.preset("standard")
    rng = random.Random(2)
    g = random_game(rules, rng, rules.players * (rules.hand_size - 4))
    while g.phase == "play":
        g.play(rng.choice(g.legal_plays()))
    # annotate only the last four tricks: rebuild them from a copy stopped there
    solver = Solver(rules)
    notes = annotate_hand(g, 0, solver=solver, from_step=rules.players * (rules.hand_size - 4))
    assert len(notes) == 16
    assert all(n.cost >= 0 and n.cost == n.best_tricks - n.played_tricks for n in notes)
    # check each against a fresh solve of the position before the play
    h = g.hands[0]
    plays = [sp for t in h.tricks for sp in t.plays]
    for note in notes[::5]:
        g2 = Game(rules)
        g2.deal(cards=[list(x) for x in h.deal], dealer=h.dealer)
        for b in h.bids:
            g2.bid(b)
        for _seat, p in plays[:note.step]:
            g2.play(p)
        r = solve(g2)
        assert note.best_tricks == r.tricks
        assert note.played_tricks == r.per_move[note.play]
        assert note.seat == plays[note.step][0] and note.play is plays[note.step][1]


def test_best_play_costs_nothing() -> None:
    rules = RuleSet.preset("acorns", travelers_hunters=True)
    rng = random.Random(4)
    g = small_game(rules, 3, rng)
    solver = Solver(rules)
    while g.legal_plays():
        r = solver.solve(g)
        best = r.best_moves
        assert best and all(r.cost(p) == 0 for p in best)
        assert all(r.cost(p) >= 0 for p in r.per_move)
        g.play(best[0])


def test_errors() -> None:
    g = Game("standard")
    g.deal(rng=random.Random(1))
    with pytest.raises(RuleError) as e:
        solve(g)
    assert e.value.rule == "wrong-phase"
    rules = RuleSet.preset("standard")
    d = rules.deck.parse
    with pytest.raises(RuleError) as e:
        solve(Position(rules, ((d("2H"),), (d("2H"),), (d("3H"),), (d("4H"),)), turn=0))
    assert e.value.rule == "bad-position"
    with pytest.raises(RuleError) as e:
        solve(Position(rules, ((d("2H"), d("5H")), (d("6H"),), (d("3H"),), (d("4H"),)),
                       turn=0))
    assert e.value.rule == "bad-position"
    with pytest.raises(RuleError) as e:
        can_keep_nil(Position(rules, ((d("2H"),), (d("6H"),), (d("3H"),), (d("4H"),)),
                              turn=0), 0)
    assert e.value.rule == "bad-position"


@pytest.mark.parametrize("preset,opts", [CONFIGS[0], CONFIGS[3], CONFIGS[4], CONFIGS[5],
                                         CONFIGS[6]], ids=[IDS[0], *IDS[3:7]])
def test_enhancements_change_no_value(preset: str, opts: dict[str, Any]) -> None:
    """Deeper endings: merging, quick/sure-trick bounds and relative keys give the values of
    plain alpha-beta with exact keys (whose rules the tests above tie to the engine)."""
    rules = RuleSet.preset(preset, opts)
    rng = random.Random(21)
    k = 3 if rules.players == 8 else 5
    fast, plain = Solver(rules), Solver(rules, enhancements=False)
    for i in range(8):
        g = small_game(rules, k, rng, warm=i)
        assert fast.solve(g).per_move == plain.solve(g).per_move
        g = random_game(rules, rng, rules.players * (rules.hand_size - k) + i)
        assert fast.solve(g).per_move == plain.solve(g).per_move


def test_cli_solve(tmp_path: Any, capsys: Any) -> None:
    import json

    from spades_lab.cli.main import main
    from spades_lab.core.records import dump_record

    rules = RuleSet.preset("acorns", travelers_hunters=True)
    rng = random.Random(9)
    g = random_game(rules, rng, rules.players * (rules.hand_size - 3))
    while g.phase == "play":
        g.play(rng.choice(g.legal_plays()))
    path = tmp_path / "rec.json"
    dump_record(g, str(path))
    first = rules.players * (rules.hand_size - 3)
    assert main(["solve", str(path), "--from-step", str(first), "--json"]) == 0
    notes = json.loads(capsys.readouterr().out)
    assert [n["step"] for n in notes] == list(range(first, first + 12))
    assert all(n["cost"] == n["best"] - n["played"] >= 0 for n in notes)
    actions = len(g.hands[0].bids) + sum(
        1 for e in g.log if getattr(e, "kind", "") == "exchange")
    assert main(["solve", str(path), "--at", str(actions + first), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["remaining"] == 3 and max(m["tricks"] for m in out["moves"]) == out["tricks"]
    assert main(["solve", str(path), "--hand", "5", "--json"]) == 2
    assert json.loads(capsys.readouterr().out)["error"]["rule"] == "bad-record"


# ---------------------------------------------------------------------------- the accelerator


def _can_compile() -> bool:
    """A C compiler and the Python headers (what the build hook needs) are here."""
    cc = shlex.split(os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc")[0]
    return bool(shutil.which(cc)) and \
        (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file()


def _pure_forced() -> bool:
    return os.environ.get("SPADES_LAB_PURE_PYTHON", "").strip() not in ("", "0")


def test_accelerator_is_built_where_it_can_be() -> None:
    """The build hook of the dev setup (``./dev.sh setup``: an editable install) compiled the C
    search: a failed build only prints a warning, so without this test the solver could fall
    back to pure Python unnoticed."""
    if _pure_forced():
        pytest.skip("SPADES_LAB_PURE_PYTHON is set")
    if not _can_compile():
        pytest.skip("no C compiler or Python headers: the pure-Python search is expected")
    import spades_lab.solver as solver_pkg
    from spades_lab.solver import _generalc, _std52c  # noqa: F401 - they must import

    assert solver_pkg.ACCELERATED
    assert Solver(RuleSet.preset("standard")).accelerated
    assert Solver(RuleSet.preset("original"), enforce_trump_breaking=False).accelerated
    assert not Solver(RuleSet.preset("standard"), accelerated=False).accelerated
    # off the fast path, the general search runs in C
    assert Solver(RuleSet.preset("standard"), fast=False).accelerated
    assert Solver(RuleSet.preset("acorns")).accelerated
    assert Solver(RuleSet.preset("acorns8", travelers_hunters=True)).accelerated
    assert not Solver(RuleSet.preset("acorns"), accelerated=False).accelerated
    # plain alpha-beta (the tests' reference) stays in Python
    assert not Solver(RuleSet.preset("acorns"), enhancements=False).accelerated


def test_pure_python_switch() -> None:
    """``SPADES_LAB_PURE_PYTHON=1`` (read at import) keeps the solver in pure Python."""
    code = ("import spades_lab.solver as s; from spades_lab import RuleSet; "
            "print(s.ACCELERATED, s.Solver(RuleSet.preset('standard')).accelerated)")
    env = dict(os.environ, SPADES_LAB_PURE_PYTHON="1")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         check=True).stdout
    assert out.split() == ["False", "False"]


def _deal_masks(rules: RuleSet, seed: int) -> tuple[Solver, list[int]]:
    solver = Solver(rules)
    deck = list(rules.deck.cards)
    random.Random(seed).shuffle(deck)
    hands = [sum(1 << solver.tab.index[c] for c in deck[i * 13:(i + 1) * 13]) for i in range(4)]
    return solver, hands


@pytest.mark.parametrize("accelerated", [True, False], ids=["c", "python"])
def test_fast_search_calls_tick_and_stops(accelerated: bool) -> None:
    """The search's contract with the solver's budget: ``tick()`` runs when the node count
    reaches ``counter[1]`` (it may move it on), an exception it raises ends the search and
    propagates, and ``counter[0]`` then holds the nodes searched -- the same counts both ways."""
    from spades_lab.solver.std52 import make_fast_search

    rules = RuleSet.preset("standard")
    solver, hands = _deal_masks(rules, 5)
    ft = solver._fast
    assert ft is not None
    counter = [0, 100]
    seen: list[int] = []

    def tick() -> None:
        seen.append(counter[0])
        if len(seen) == 5:
            raise KeyError("stop")
        counter[1] += 100 * len(seen)

    fs = make_fast_search(ft, 0b0101, True, counter, tick, accelerated)
    with pytest.raises(KeyError):
        fs(list(hands), (), 1, 0, 13, 7)
    assert seen == [100, 200, 400, 700, 1100]
    assert counter[0] == 1100


@pytest.mark.slow
def test_accelerated_full_deals_equal_pure_python() -> None:
    """Full deals from the opening lead (and a trick in progress), trump breaking on and off,
    under a node budget: the C and Python searches give the same results, exact or bounds, and
    search the same number of nodes (so the budget stops them at the same place)."""
    rules = RuleSet.preset("standard")
    rng = random.Random(1414)
    exact = 0
    for i in range(5):
        g = random_game(rules, rng, i % 3)
        enforce = i % 2 == 0
        c = Solver(rules, enforce_trump_breaking=enforce)
        py = Solver(rules, enforce_trump_breaking=enforce, accelerated=False)
        rc = c.solve(g, per_move=i % 4 == 1, node_limit=36_000)
        assert py.solve(g, per_move=i % 4 == 1, node_limit=36_000) == rc, i
        assert c.nodes == py.nodes
        exact += rc.exact
    assert 0 < exact < 5  # both kinds: some within the budget (2 of 5 now), some cut short


def test_accelerator_tables_are_freed() -> None:
    """The C search keeps its transposition table; it goes (with the solver's reference cycle
    through the budget hook) when the solver does, also after a search stopped by the budget."""
    if not Solver(RuleSet.preset("standard")).accelerated:
        pytest.skip("the accelerator is not built")
    from spades_lab.solver import _std52c

    rules = RuleSet.preset("standard")
    g = random_game(rules, random.Random(3), 0)
    gc.collect()
    base = _std52c.live_tables()
    solver = Solver(rules)
    solver.solve(g, per_move=False, node_limit=5000)
    assert not solver.solve(g, per_move=False, node_limit=300).exact
    assert _std52c.live_tables() == base + 1
    ref = weakref.ref(solver)
    del solver
    gc.collect()
    assert ref() is None
    assert _std52c.live_tables() == base


def test_site_wheel_leaves_out_the_accelerator(tmp_path: Path) -> None:
    """The browser's wheel (``spades-lab site``) is pure Python: no compiled module, no C."""
    from spades_lab.cli.site import package_wheel

    wheel = package_wheel(tmp_path)
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
    assert "spades_lab/solver/std52.py" in names
    assert not [n for n in names if n.endswith((".so", ".pyd", ".c", ".h", ".o"))]
