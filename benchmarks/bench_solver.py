"""Double-dummy solver speed: median and worst times, and node counts, on random positions.

    .venv/bin/python benchmarks/bench_solver.py                    # every category
    .venv/bin/python benchmarks/bench_solver.py --only full-on --count 50
    .venv/bin/python benchmarks/bench_solver.py --only full-off --only annotate --seed 2
    .venv/bin/python benchmarks/bench_solver.py --only full-on --both  # C and pure Python
    .venv/bin/python benchmarks/bench_solver.py --only heck8-th --left 10 --time-limit 5

Categories (target in brackets; issue 14):

* ``full-on``: full 52-card deals of ``standard`` (trump breaking on), solved from the opening
  lead, 50 deals by default [median <= 150 ms, worst <= 2 s];
* ``full-off``: the same deals with trump breaking off (bridge play, Spades trump) [median <=
  1 s];
* ``std7``: ``standard`` with 7 tricks left [median <= 50 ms];
* ``annotate``: :func:`~spades_lab.solver.search.annotate_hand` on complete ``standard`` hands
  (the cost of every card played, one solver reused) [median <= 10 s];
* ``heck8`` / ``heck8-th``: Heckadeck (``acorns``, Travelers/Hunters off / on) with 8 tricks
  left [median <= 1 s];
* ``acorns6`` / ``acorns6-th``: as above with 6 tricks left [median <= 200 ms].

A position is made by dealing a seeded random deal, bidding with the simple players, and
playing random legal moves until K tricks are left (a trick boundary).  Each position is solved
from scratch by a fresh :class:`~spades_lab.solver.search.Solver` (no table reused) for the
number of tricks the side to move can take (``per_move=False``).  Wall-clock and CPU times
(``time.process_time``: less disturbed by other work on a shared machine) are printed; the
verdict uses wall-clock.  Node counts are the solver's
``nodes`` (search nodes visited).

``--left K`` moves the chosen categories to K tricks left (how far exact answers reach), and
``--time-limit S`` gives each solve a budget of S seconds (the rows then count the exact ones).

Modes: ``c`` is the default solver (in C when the accelerators ``_std52c`` (the 52-card fast
path) and ``_generalc`` (the general search) are built; the first line says whether they
are); ``--pure`` runs
``Solver(..., accelerated=False)`` instead, and ``--both`` solves every position both ways,
interleaved position by position (so machine load hits both alike), prints a row for each and
checks that the answers and node counts are identical.  Without ``--pure``/``--both`` the script
runs on an older checkout too (it uses only ``Solver(rules, enforce_trump_breaking=...)``,
``solve`` and ``annotate_hand``), so figures before and after a change can be taken side by
side on one machine.  This is a script, not a
test: figures depend on the machine and on what else runs on it.
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
from spades_lab.play.players import SimplePlayer, act  # noqa: E402
from spades_lab.solver.search import Solver, annotate_hand  # noqa: E402

# name: (preset, options, tricks left (0: a complete hand), enforce trump breaking,
#        default count, target median s, target worst s or None)
CONFIGS: dict[str, tuple[str, dict[str, Any], int, bool, int, float, float | None]] = {
    "full-on": ("standard", {}, 13, True, 50, 0.15, 2.0),
    "full-off": ("standard", {}, 13, False, 50, 1.0, None),
    "std7": ("standard", {}, 7, True, 30, 0.05, None),
    "annotate": ("standard", {}, 0, True, 5, 10.0, None),
    "heck8": ("acorns", {}, 8, True, 10, 1.0, None),
    "heck8-th": ("acorns", {"travelers_hunters": True}, 8, True, 10, 1.0, None),
    "acorns6": ("acorns", {}, 6, True, 20, 0.2, None),
    "acorns6-th": ("acorns", {"travelers_hunters": True}, 6, True, 20, 0.2, None),
}


def position(rules: RuleSet, left: int, seed: int) -> Game:
    """A seeded deal played at random until ``left`` tricks remain (0: to the end)."""
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


def _solve(rules: RuleSet, g: Game, left: int, enforce: bool, pure: bool,
           time_limit: float | None = None) -> tuple[float, float, int, Any]:
    """(wall s, cpu s, nodes, answer) of one fresh solver on one position; with a time limit
    the answer is (tricks, exact)."""
    kw: dict[str, Any] = {"accelerated": False} if pure else {}
    solver = Solver(rules, enforce_trump_breaking=enforce, **kw)
    t0 = time.perf_counter()
    c0 = time.process_time()
    if left and time_limit:
        res = solver.solve(g, per_move=False, time_limit=time_limit)
        answer: Any = (res.tricks, res.exact)
    elif left:
        answer = solver.solve(g, per_move=False).tricks
    else:
        answer = [(n.step, n.best_tricks, n.played_tricks)
                  for n in annotate_hand(g, solver=solver)]
    return time.perf_counter() - t0, time.process_time() - c0, solver.nodes, answer


def _row(name: str, mode: str, times: list[float], cpus: list[float], nodes: list[int],
         target: float | None, worst_target: float | None) -> None:
    """One category's row; ``target`` None: no target (a ``--left`` run), no verdict."""
    med, worst = statistics.median(times), max(times)
    ok = target is not None and med <= target and (worst_target is None or worst <= worst_target)
    tgt = "-" if target is None else (
        f"{target * 1000:.0f}ms" + (f"/{worst_target:.0f}s" if worst_target else ""))
    verdict = "" if target is None else "ok" if ok else "MISSED"
    cmed, cworst = statistics.median(cpus), max(cpus)
    print(f"{name:<11} {mode:<6} {len(times):>3} {med * 1000:>9.1f}ms {worst * 1000:>9.1f}ms "
          f"{cmed * 1000:>9.1f}ms {cworst * 1000:>9.1f}ms {tgt:>11}  "
          f"{int(statistics.median(nodes)):>9} {max(nodes):>10}  {verdict}",
          flush=True)


def run(name: str, count: int | None, seed: int, modes: list[str], left_: int | None = None,
        time_limit: float | None = None) -> None:
    """Solve each position once per mode ("c": the default solver, with the accelerator when
    it is built; "pure": ``accelerated=False``), the modes interleaved position by position.
    ``left_`` overrides the category's tricks left; ``time_limit`` gives each solve a budget
    (then the row says how many finished exactly)."""
    preset, opts, left, enforce, default, target, worst_target = CONFIGS[name]
    target_: float | None = target
    if left_ is not None and left:
        left = left_
        name = f"{name}@{left}"
        target_ = worst_target = None  # the category's target is for its own tricks left
    rules = RuleSet.preset(preset, opts)
    exact = {m: 0 for m in modes}
    res: dict[str, tuple[list[float], list[float], list[int]]] = {
        m: ([], [], []) for m in modes}
    same = True
    for i in range(count or default):
        g = position(rules, left, seed * 1000 + i)
        answers = []
        for m in modes:
            wall, cpu, n, answer = _solve(rules, g, left, enforce, m == "pure", time_limit)
            if time_limit and left:
                exact[m] += answer[1]
            res[m][0].append(wall)
            res[m][1].append(cpu)
            res[m][2].append(n)
            answers.append((answer, n))
        same = same and all(a == answers[0] for a in answers)
    for m in modes:
        _row(name, m, *res[m], target_, worst_target)
        if time_limit and left:
            print(f"{'':<11} {m:<6} exact within {time_limit:g} s: {exact[m]} of "
                  f"{len(res[m][0])}", flush=True)
    if len(modes) > 1:
        c_cpu, p_cpu = statistics.median(res["c"][1]), statistics.median(res["pure"][1])
        print(f"{'':<11} answers and node counts {'identical' if same else 'DIFFER'}; "
              f"cpu median speed-up x{p_cpu / max(c_cpu, 1e-9):.0f}", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", action="append", choices=sorted(CONFIGS))
    ap.add_argument("--count", type=int, default=None, help="positions per category")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--left", type=int, default=None, metavar="K",
                    help="tricks left in the chosen categories (not annotate)")
    ap.add_argument("--time-limit", type=float, default=None, metavar="S",
                    help="a budget for each solve; the rows then say how many were exact")
    how = ap.add_mutually_exclusive_group()
    how.add_argument("--pure", action="store_true",
                     help="the pure-Python search only (Solver(accelerated=False))")
    how.add_argument("--both", action="store_true",
                     help="each position with the accelerator and in pure Python, side by side")
    args = ap.parse_args()
    modes = ["c", "pure"] if args.both else ["pure"] if args.pure else ["c"]
    try:
        from spades_lab.solver import ACCELERATED
    except ImportError:  # an older checkout
        ACCELERATED = False
    print(f"accelerator built and on: {'yes' if ACCELERATED else 'no'} (mode c = the default "
          "solver; pure = accelerated=False)")
    print("category    mode     n     median      worst   cpu(med)  cpu(worst)  "
          "target(med/worst)  nodes(med)  nodes(max)")
    for name in args.only or list(CONFIGS):
        run(name, args.count, args.seed, modes, args.left, args.time_limit)


if __name__ == "__main__":
    main()
