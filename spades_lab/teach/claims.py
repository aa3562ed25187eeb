"""A claim checked by the double-dummy solver, in words, and the robots' answer to it.

:func:`check_claim` asks the solver whether the claimer's side takes the tricks claimed against
any defence, within a time budget (two seconds by default): ``right`` (proved: a lower bound
at least the claim is proof enough), ``wrong`` (refuted: with the line that beats it, in
words) or ``open`` (the solver could not finish: the other players decide).  The rules of a
claim itself -- who may claim when, how the tricks are shared out when it stands -- are the
engine's (:mod:`spades_lab.core.claims`); :func:`settle` ends the hand through the engine.

>>> import random
>>> from spades_lab.core.engine import Game
>>> g = Game("standard"); g.deal(rng=random.Random(3))
>>> for b in (3, 4, 3, 3): g.bid(b)
>>> while len(g.hand.tricks) < 11: g.play(g.legal_plays()[0])
>>> c = check_claim(g, g.turn, 2)
>>> c.verdict in ("right", "wrong"), c.exact, robots_accept(c) == (c.verdict == "right")
(True, True, True)
"""
from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from ..core.cards import Play, card_words
from ..core.claims import side_seats
from ..core.engine import Game
from ..core.rules import seat_name
from ..solver.search import Solver
from ..words.counting import plural

__all__ = ["ClaimCheck", "check_claim", "robots_accept", "settle", "side_words",
           "claim_words", "DEFAULT_BUDGET"]

#: Seconds the solver is given to check a claim.
DEFAULT_BUDGET = 2.0

Verdict = Literal["right", "wrong", "open"]


@dataclass(frozen=True)
class ClaimCheck:
    """The solver's verdict on ``seat``'s claim of ``tricks`` of the ``remaining`` tricks.

    ``low``/``high``: the bounds found on the tricks the claimer's side takes with best play
    (equal when ``exact``); ``line``: where the claim is wrong, the best play that beats it
    ((seat, play) pairs, from the position claimed in); ``words``: the verdict for a learner,
    safe to say to every seat while the hand is played (the line by who wins each trick, no
    card named); ``line_words``: the line with its cards, for once the hand is over (or for
    the teacher).
    """

    seat: int
    tricks: int
    remaining: int
    side: tuple[int, ...]
    verdict: Verdict
    low: int
    high: int
    exact: bool
    seconds: float
    line: tuple[tuple[int, Play], ...]
    words: str
    line_words: str = ""


def side_words(seats: Sequence[int], players: int) -> str:
    """``North and South`` (a side's seats in words)."""
    names = [seat_name(s, players) for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def claim_words(seat: int, tricks: int, remaining: int, players: int) -> str:
    """The claim itself in words: ``North claims the rest: 3 tricks.``"""
    who = seat_name(seat, players)
    if tricks == remaining:
        return f"{who} claims the rest of the tricks ({tricks})."
    if tricks == 0:
        return f"{who} concedes the rest of the tricks ({remaining})."
    return f"{who} claims {tricks} of the {plural(remaining, 'trick')} left."


def _line(game: Game, solver: Solver, budget: float) -> tuple[tuple[int, Play], ...]:
    """The best play from ``game``'s position to the end (each side taking the most it can;
    the first best card where several are), within ``budget`` seconds (shorter if it runs
    out)."""
    g = game.copy()
    out: list[tuple[int, Play]] = []
    h = g.hand
    assert h is not None
    while not h.complete and h.turn is not None and budget > 0:
        r = solver.solve(g, per_move=True, time_limit=budget)
        budget -= 0.1
        if not r.exact or not r.per_move:
            break
        play = max(r.per_move, key=lambda p: r.per_move[p])
        seat = h.turn
        g.play(play)
        out.append((seat, play))
    return tuple(out)


def _line_words(game: Game, line: Sequence[tuple[int, Play]], cards: bool = True) -> str:
    """The tricks of ``line`` played from ``game``'s position, in words: who leads what and
    who wins each trick with what (``cards=False``: only who wins each trick, which shows no
    seat another seat's cards)."""
    g = game.copy()
    h = g.hand
    assert h is not None
    n = g.rules.players
    parts: list[str] = []
    for seat, play in line:
        leads = not h.trick
        before = len(h.tricks)
        if leads and cards:
            parts.append(f"{seat_name(seat, n)} leads {card_words(play, verb=True)}")
        g.play(play)
        if len(h.tricks) > before:
            t = h.tricks[-1]
            card = next(p for s, p in t.plays if s == t.winner)
            parts.append(f"{seat_name(t.winner, n)} wins trick {t.index + 1}" + (
                f" with {card_words(card)}" if cards else ""))
    return "; ".join(parts) + "." if parts else ""


def check_claim(game: Game, seat: int, tricks: int, *, time_limit: float = DEFAULT_BUDGET
                ) -> ClaimCheck:
    """The solver's verdict on ``seat``'s claim of ``tricks`` of the remaining tricks of
    ``game``'s hand.  A claim the engine refuses (out of turn, too many, not during the play,
    claims off) raises its :class:`~spades_lab.core.errors.IllegalAction`, the game unchanged."""
    check = game.can_claim(seat, tricks)
    if not check:
        raise check.error()
    h = game.hand
    assert h is not None
    n = game.rules.players
    remaining = h.remaining
    side = side_seats(game.rules, seat)
    who = side_words(side, n)
    solver = Solver(game.rules)
    t0 = time.monotonic()
    r = solver.solve(game, per_move=False, time_limit=time_limit)
    seconds = time.monotonic() - t0
    low, high = r.tricks, r.upper if r.upper is not None else r.tricks
    line: tuple[tuple[int, Play], ...] = ()
    line_said = ""
    if low >= tricks:
        verdict: Verdict = "right"
        more = f" (best play takes {low})" if r.exact and low > tricks else ""
        if tricks == remaining:
            words = (f"The solver agrees: {who} take all {plural(remaining, 'trick')} left "
                     "whatever the others play.")
        elif tricks:
            words = (f"The solver agrees: {who} take {tricks} of the "
                     f"{plural(remaining, 'trick')} left whatever the others play{more}.")
        else:
            words = f"The solver agrees: {who} concede the rest."
    elif high < tricks:
        verdict = "wrong"
        left = max(time_limit - seconds, 0.5)
        line = _line(game, solver, left) if r.exact else ()
        how = _line_words(game, line, cards=False)
        words = (f"The solver refutes the claim: with the best defence {who} take only "
                 f"{high} of the {plural(remaining, 'trick')} left." + (f" {how}" if how else ""))
        line_said = _line_words(game, line)
    else:
        verdict = "open"
        words = (f"The solver could not finish in {time_limit:g} s: the other players decide "
                 f"({who} take at least {low} and at most {high} of the "
                 f"{plural(remaining, 'trick')} left).")
    return ClaimCheck(seat, tricks, remaining, side, verdict, low, high, r.exact, seconds,
                      line, words, line_said)


def robots_accept(check: ClaimCheck) -> bool:
    """A robot accepts a claim the solver proved and plays on against any other (refuted, or
    not decided in time)."""
    return check.verdict == "right"


def settle(game: Game, check: ClaimCheck, accepted_by: Sequence[int | str] = ()) -> None:
    """End the hand by the claim ``check`` is about: ``exact`` where the solver proved it,
    else ``agreed`` (then every other player, or the teacher, in ``accepted_by``).  Raises the
    engine's refusal (the game unchanged) where the claim may not stand."""
    verified = "exact" if check.verdict == "right" else "agreed"
    game.claim(check.seat, check.tricks, tuple(accepted_by), verified)

