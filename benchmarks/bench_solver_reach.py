"""The solver's reach on the Heckadeck (issue 33): each goal's figure on seeded positions.

    .venv/bin/python benchmarks/bench_solver_reach.py              # every goal, short counts
    .venv/bin/python benchmarks/bench_solver_reach.py --only th12 --only th16 --count 5
    .venv/bin/python benchmarks/bench_solver_reach.py --only review --hands 3

Goals (issue 33; the target in brackets):

* ``th12`` / ``th16``: ``acorns`` (Spades and Acorns) with Travelers and Hunters, 4 seats, 12 /
  16 tricks left, solved exactly from a fresh solver (``per_move=False``) [median <= 1 s / 5 s];
* ``th10``: the same at 10 tricks left (not a goal of the issue: where exact answers start to
  fail, to measure a step by) [median <= 1 s];
* ``a8-10``: ``acorns8`` (8 seats, 17 tricks) with 10 tricks left [median <= 1 s];
* ``a8-7``: the same at 7 left (not a goal: to measure a step by) [median <= 1 s];
* ``percard``: per-card bounds (:meth:`Solver.solve` with ``per_move=True`` under a 2 s budget)
  at 16 tricks left with Travelers and Hunters: how many legal cards get bounds narrower than
  "anything", and how many are certainly worse than another card [<= 2 s];
* ``full``: full ``standard`` deals from the opening lead, with Spades unbroken and trump
  breaking on (the game), and with it off (bridge play, Spades trump) beside endplay's DDS
  (``solve_board``, every card of the opening leader) on the same deals [<= 3x DDS, worst
  <= 0.5 s];
* ``review``: the after-hand review (:func:`~spades_lab.teach.bestplay.review_plays`, its
  default budget of 1 s a position and 20 s a hand) of seat 0's plays in ``acorns`` hands
  played by the practice bots: the share of plays worked out exactly [>= 90%], and the share
  with a verdict on the card played (exact, or surely a card that kept the most, or surely
  worse than another).

A position is the one of ``bench_solver.py``: a seeded deal, bid by the simple players, random
legal plays to K tricks left. Each solve has a cap (``--cap``, seconds; twice the goal by
default; ``--node-cap N`` gives each a budget of N search nodes instead, which makes the counts
of exact answers deterministic on a busy machine): a solve cut short counts at the cap and is
not exact, so a median printed as ``>=`` means more than half were cut short. Node counts (the
solver's ``nodes``) are deterministic and the better figure to compare on a shared machine; the
times are wall clock and CPU (``time.process_time``) and are noisy when other work runs. The
script uses only the solver's public API, so it also runs on an older checkout (the ``percard``
row then says whether that checkout has per-card bounds). A script, not a test.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from spades_lab import Game, RuleSet  # noqa: E402
from spades_lab.play.players import HeuristicPlayer, SimplePlayer, act  # noqa: E402
from spades_lab.solver.search import Position, Solver  # noqa: E402

# name: (preset, options, tricks left, default count, goal median s, default cap s)
CASES: dict[str, tuple[str, dict[str, Any], int, int, float, float]] = {
    "th10": ("acorns", {"travelers_hunters": True}, 10, 8, 1.0, 2.0),
    "th12": ("acorns", {"travelers_hunters": True}, 12, 7, 1.0, 2.0),
    "th16": ("acorns", {"travelers_hunters": True}, 16, 5, 5.0, 10.0),
    "a8-10": ("acorns8", {}, 10, 5, 1.0, 2.0),
    "a8-7": ("acorns8", {}, 7, 6, 1.0, 2.0),
}


def position(rules: RuleSet, left: int, seed: int) -> Game:
    """A seeded deal played at random until ``left`` tricks remain (bench_solver's)."""
    rng = random.Random(seed)
    g = Game(rules)
    g.deal(rng=rng)
    players = [SimplePlayer()] * rules.players
    while g.phase != "play":
        act(g, players, rng)
    hand = g.hand
    assert hand is not None
    while g.phase == "play" and (len(hand.tricks) < rules.hand_size - left or hand.trick):
        g.play(rng.choice(g.legal_plays()))
    return g


def _med(xs: list[float]) -> float:
    return statistics.median(xs) if xs else float("nan")


def exact_case(name: str, count: int | None, seed: int, cap: float | None,
               node_cap: int | None = None) -> None:
    preset, opts, left, default, goal, default_cap = CASES[name]
    cap = None if node_cap else cap or default_cap
    rules = RuleSet.preset(preset, opts)
    walls, cpus, nodes, exact = [], [], [], 0
    for i in range(count or default):
        g = position(rules, left, seed * 1000 + i)
        s = Solver(rules)
        t0, c0 = time.perf_counter(), time.process_time()
        res = s.solve(g, per_move=False, time_limit=cap, node_limit=node_cap)
        walls.append(time.perf_counter() - t0)
        cpus.append(time.process_time() - c0)
        nodes.append(s.nodes)
        exact += res.exact
        how = f"exact {res.tricks}" if res.exact else f"cut short {res.tricks}-{res.upper}"
        print(f"  {name} #{i}: {walls[-1]:7.2f} s  {s.nodes:>10} nodes  {how}", flush=True)
    n = len(walls)
    med = _med(walls)
    capped = (n - exact) * 2 > n
    within = f"{node_cap} nodes" if node_cap else f"{cap:g} s"
    print(f"{name:<8} {n:>3} pos  median {'>=' if capped else ''}{med:.2f} s (cpu "
          f"{_med(cpus):.2f} s), worst {max(walls):.2f} s, nodes median "
          f"{'>=' if capped else ''}{int(_med([float(x) for x in nodes]))}, exact {exact}/{n} "
          f"within {within}  "
          f"[goal median <= {goal:g} s: {'ok' if exact == n and med <= goal else 'missed'}]",
          flush=True)


def percard_case(count: int | None, seed: int, budget: float) -> None:
    rules = RuleSet.preset("acorns", {"travelers_hunters": True})
    walls, narrowed, worse, total, exact = [], 0, 0, 0, 0
    has_bounds = False
    for i in range(count or 5):
        g = position(rules, 16, seed * 1000 + i)
        s = Solver(rules)
        t0 = time.perf_counter()
        res = s.solve(g, time_limit=budget)
        walls.append(time.perf_counter() - t0)
        exact += res.exact
        bounds = getattr(res, "bounds", None)
        st = s.state(Position.from_game(g))
        total += len(s.moves_at(st[2], st[0], st[1], st[3], st[5]))
        if bounds is None:
            narrowed += len(res.per_move) if res.exact else 0
            continue
        has_bounds = True
        best_low = max(lo for lo, _ in bounds.values())
        narrowed += sum(1 for lo, hi in bounds.values() if lo > 0 or hi < res.remaining)
        worse += sum(1 for _, hi in bounds.values() if hi < best_low)
    n = len(walls)
    print(f"percard  {n:>3} pos  median {_med(walls):.2f} s, worst {max(walls):.2f} s; "
          f"{'per-card bounds' if has_bounds else 'no per-card bounds in this checkout'}: "
          f"{narrowed}/{total} cards bounded, {worse} certainly worse than another; "
          f"{exact}/{n} positions exact  [goal <= 2 s]", flush=True)


def _pbn(hands: list[list[Any]]) -> str:
    def one(h: list[Any]) -> str:
        parts = []
        for s in "SHDC":
            ranks = sorted((c for c in h if c.suit == s), key=lambda c: -"23456789TJQKA".index(
                "T" if c.rank == "10" else c.rank))
            parts.append("".join("T" if c.rank == "10" else c.rank for c in ranks))
        return ".".join(parts)
    return "N:" + " ".join(one(h) for h in hands)


def full_case(count: int | None, seed: int) -> None:
    rules = RuleSet.preset("standard")
    solve_board: Any = None
    try:
        from endplay.dds import solve_board
        from endplay.types import Deal, Denom, Player
    except ImportError:  # pragma: no cover - endplay is a test extra
        pass
    rng = random.Random(seed * 7919)
    rows: dict[str, tuple[list[float], list[int]]] = {"on": ([], []), "off": ([], [])}
    dds: list[float] = []
    for _ in range(count or 20):
        deck = list(rules.deck.cards)
        rng.shuffle(deck)
        hands = [deck[i * 13:(i + 1) * 13] for i in range(4)]
        leader = rng.randrange(4)
        pos = Position(rules, tuple(tuple(h) for h in hands), turn=leader)
        for mode, enforce in (("on", True), ("off", False)):
            s = Solver(rules, enforce_trump_breaking=enforce)
            t0 = time.perf_counter()
            s.solve(pos, per_move=False)
            rows[mode][0].append(time.perf_counter() - t0)
            rows[mode][1].append(s.nodes)
        if solve_board is not None:
            deal = Deal(_pbn(hands))
            deal.first = [Player.north, Player.east, Player.south, Player.west][leader]
            deal.trump = Denom.spades
            t0 = time.perf_counter()
            solve_board(deal)
            dds.append(time.perf_counter() - t0)
    d = _med(dds)
    for mode, (w, nd) in rows.items():
        m = _med(w)
        vs = f", {m / d:.1f}x DDS's median {d * 1000:.1f} ms" if dds and mode == "off" else ""
        print(f"full-{mode:<3} {len(w):>3} deals median {m * 1000:.1f} ms, worst "
              f"{max(w) * 1000:.0f} ms, nodes median {int(_med([float(x) for x in nd]))} "
              f"(total {sum(nd)}, worst {max(nd)}){vs}"
              + ("  [goal <= 3x DDS, worst <= 0.5 s]" if mode == "off" else ""), flush=True)


def review_case(hands: int) -> None:
    from spades_lab.teach.bestplay import review_plays
    rules = RuleSet.preset("acorns")
    exact = judged = plays = 0
    walls = []
    for seed in range(1, hands + 1):
        rng = random.Random(seed)
        g = Game(rules)
        g.deal(rng=rng)
        bots = [HeuristicPlayer() for _ in range(rules.players)]
        while g.hand is not None and not g.hand.complete:
            act(g, bots, rng)
        t0 = time.perf_counter()
        r = review_plays(g, 0)
        walls.append(time.perf_counter() - t0)
        e = sum(p.exact for p in r.plays)
        # a verdict on the card played without its count: surely best, or surely worse
        j = sum(bool(getattr(p, "judged", p.exact)) for p in r.plays)
        exact += e
        judged += j
        plays += len(r.plays)
        print(f"  review seed {seed}: {walls[-1]:.1f} s, {e}/{len(r.plays)} plays exact, "
              f"{j} with a verdict", flush=True)
    print(f"review   {hands:>3} hands median {_med(walls):.1f} s; {exact}/{plays} plays "
          f"exact ({100 * exact / max(plays, 1):.0f}%), {judged}/{plays} with a verdict on "
          f"the card played ({100 * judged / max(plays, 1):.0f}%)  [goal >= 90%]", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", action="append",
                    choices=[*CASES, "percard", "full", "review"])
    ap.add_argument("--count", type=int, default=None, help="positions (deals) per goal")
    ap.add_argument("--hands", type=int, default=3, help="hands for the review")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cap", type=float, default=None, help="seconds per exact solve")
    ap.add_argument("--node-cap", type=int, default=None, metavar="N",
                    help="a node budget per exact solve instead of --cap: deterministic "
                    "counts of exact answers, whatever else the machine runs")
    args = ap.parse_args()
    goals = [c for c in CASES if c not in ("th10", "a8-7")]  # the others measure steps
    for name in args.only or [*goals, "percard", "full", "review"]:
        if name in CASES:
            exact_case(name, args.count, args.seed, args.cap, args.node_cap)
        elif name == "percard":
            percard_case(args.count, args.seed, 2.0)
        elif name == "full":
            full_case(args.count, args.seed)
        else:
            review_case(args.hands)


if __name__ == "__main__":
    main()
