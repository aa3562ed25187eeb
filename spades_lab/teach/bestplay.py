"""The "best play" view: with every card visible, what each legal card keeps or gives away.

:func:`best_play` asks the double-dummy solver about a position (within a time budget, two
seconds by default) and returns plain data for each legal card -- the tricks the side to move
still takes after it and how many it gives away against the best card -- with words a learner
understands on top::

    Leading the 9♠ or the 10♠ keeps 6 tricks for East and West; the 5♠ or the 10♦ gives one
    away; the 2♣, the 5♣ or the 9♣ gives two away.

A table shows it as the "show me the best card" hint after a hand (never during a quiz).  When
the solver cannot answer within the budget, the result says so (``exact`` is False, no card is
marked) instead of guessing.

>>> import random
>>> from spades_lab.core.engine import Game
>>> g = Game("standard"); g.deal(rng=random.Random(3))
>>> for b in (3, 4, 3, 3): g.bid(b)
>>> while len(g.hand.tricks) < 11: g.play(g.legal_plays()[0])
>>> view = best_play(g)
>>> view.exact, all(v.lost >= 0 for v in view.cards), view.cards[0].best
(True, True, True)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.cards import Play
from ..core.engine import Game, Hand
from ..core.rules import seat_name
from ..solver.search import Position, Solver

__all__ = ["CardVerdict", "BestPlay", "best_play"]

_NUMBER_WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                 "ten", "eleven", "twelve"]


def _number(n: int) -> str:
    return _NUMBER_WORDS[n] if 0 <= n < len(_NUMBER_WORDS) else str(n)


def _tricks(n: int) -> str:
    return f"{n} trick" if n == 1 else f"{n} tricks"


def _either(names: list[str]) -> str:
    """"the 9♠", "the 9♠ or the 10♠", "the 2♣, the 5♣ or the 9♣"."""
    names = [f"the {x}" for x in names]
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " or " + names[-1]


@dataclass(frozen=True)
class CardVerdict:
    """One legal card: ``tricks`` the side to move still takes after it (best play by all
    afterwards), ``lost`` how many fewer than after the best card, ``text`` in words."""

    play: Play
    tricks: int
    lost: int
    text: str

    @property
    def best(self) -> bool:
        return self.lost == 0

    def to_dict(self) -> dict[str, Any]:
        return {**self.play.to_json(), "tricks": self.tricks, "lost": self.lost,
                "best": self.best, "text": self.text}


@dataclass(frozen=True)
class BestPlay:
    """The best-play view of a position: the seat to play, its side, the tricks left and the
    most the side can take (``tricks``), and one :class:`CardVerdict` per legal card, best
    first.  ``exact`` is False when the solver ran out of its budget: then ``cards`` is empty
    and ``text`` says so."""

    seat: int
    side: tuple[int, ...]
    remaining: int
    tricks: int
    exact: bool
    cards: tuple[CardVerdict, ...]
    text: str

    @property
    def best_cards(self) -> tuple[Play, ...]:
        return tuple(v.play for v in self.cards if v.best)

    def verdict(self, play: Play) -> CardVerdict:
        for v in self.cards:
            if v.play == play:
                return v
        raise KeyError(play)

    def describe(self) -> str:
        return self.text

    def __str__(self) -> str:
        return self.text

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "side": list(self.side), "remaining": self.remaining,
                "tricks": self.tricks, "exact": self.exact,
                "cards": [v.to_dict() for v in self.cards], "text": self.text}


def best_play(position: Game | Hand | Position, *, time_limit: float | None = 2.0,
              node_limit: int | None = None, solver: Solver | None = None) -> BestPlay:
    """What each legal card of the seat to play keeps or gives away, with words.

    ``time_limit`` (seconds; None for no limit) and ``node_limit`` bound the solver's work;
    pass a ``solver`` to reuse its tables between positions of one hand.
    """
    if isinstance(position, Position):
        pos = position
    elif isinstance(position, Game):
        pos = Position.from_game(position)
    else:
        pos = Position.from_hand(position)
    rules = pos.rules
    s = solver or Solver(rules)
    res = s.solve(pos, time_limit=time_limit, node_limit=node_limit)
    n = rules.players
    who = " and ".join(seat_name(x, n) for x in res.side)
    if not res.exact:
        low, high = res.tricks, res.upper
        text = (f"This position is too big to work out within the time allowed: {who} can "
                f"take at least {_tricks(low)} and at most {_tricks(high or 0)} of the "
                f"{res.remaining} left, but which card is best is not known yet.")
        return BestPlay(res.seat, res.side, res.remaining, low, False, (), text)
    lead = not pos.trick
    verb = "Leading" if lead else "Playing"
    groups: dict[int, list[Play]] = {}
    for p, v in res.per_move.items():
        groups.setdefault(v, []).append(p)
    verdicts = []
    for p, v in sorted(res.per_move.items(), key=lambda kv: -kv[1]):
        lost = res.tricks - v
        if lost == 0:
            words = f"{verb.lower()} the {p.pretty} keeps {_tricks(v)}"
        else:
            words = (f"{verb.lower()} the {p.pretty} gives {_number(lost)} away "
                     f"(keeps {_tricks(v)})")
        verdicts.append(CardVerdict(p, v, lost, words))
    parts = []
    for v in sorted(groups, reverse=True):
        names = [p.pretty for p in groups[v]]
        lost = res.tricks - v
        if lost == 0:
            if len(groups) == 1:
                if len(names) == 1:
                    parts.append(f"{verb} the {names[0]} keeps {_tricks(v)} for {who} "
                                 f"(the only card that may be played)")
                else:
                    parts.append(f"Every card keeps {_tricks(v)} for {who}: no choice here "
                                 f"loses a trick")
            else:
                parts.append(f"{verb} {_either(names)} keeps {_tricks(v)} for {who}")
        else:
            parts.append(f"{_either(names)} gives {_number(lost)} away")
    text = "; ".join(parts) + "."
    return BestPlay(res.seat, res.side, res.remaining, res.tricks, True, tuple(verdicts), text)
