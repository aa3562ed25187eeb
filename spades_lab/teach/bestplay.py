"""The "best play" view: with every card visible, what each legal card keeps or gives away.

:func:`best_play` asks the double-dummy solver about a position (within a time budget, two
seconds by default) and returns plain data for each legal card -- the tricks the side to move
still takes after it and how many it gives away against the best card -- with words a learner
understands on top::

    Leading the 9♠ or the 10♠ keeps 6 tricks for East and West; the 5♠ or the 10♦ gives one
    away; the 2♣, the 5♣ or the 9♣ gives two away.

A table shows it as the "show me the best card" hint after a hand (never during a quiz).  When
the solver cannot answer within the budget, the result says so with the bounds found (``exact``
is False, no card is marked) instead of guessing: the position's, and each legal card's own
(``bounds``, one :class:`CardBounds` per card: "keeps 5 or 6 tricks", and which cards are
certainly worse than another), so a poll or a review can still say which cards lose.
:func:`review_plays` looks back on one seat's plays of a finished hand, a position at a time,
on one solver.

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

import time
from dataclasses import dataclass, replace
from typing import Any

from ..core.cards import SUITS, Play
from ..core.engine import Game, Hand
from ..core.errors import ArgumentError, RecordError, Rule, echo
from ..core.line import Line
from ..core.rules import seat_name
from ..solver.search import Position, Solver
from ..words.counting import noun, plural

__all__ = ["CardVerdict", "CardBounds", "BestPlay", "best_play", "PlayReview", "HandReview",
           "review_plays", "play_words", "bounds_words"]

_NUMBER_WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                 "ten", "eleven", "twelve"]


def _number(n: int) -> str:
    return _NUMBER_WORDS[n] if 0 <= n < len(_NUMBER_WORDS) else str(n)


def _tricks(n: int) -> str:
    return plural(n, "trick")


#: Ranks a learner reads as they are written next to a suit symbol (the others -- the
#: Heckadeck's Beast, Traveler and Hunter -- are named in words).
_PLAIN_RANKS = frozenset(["0", *map(str, range(2, 12)), "J", "Q", "K", "A"])


def play_words(play: Play) -> str:
    """A card as the best-play sentences name it: ``9♠`` (symbol) where that reads clearly,
    else in words: ``7 of Acorns``, ``Beast of Spades``, ``Traveler of Acorns/Clubs as
    Acorns``.

    >>> from spades_lab.core.cards import parse_card
    >>> [play_words(p) for c in ("9S", "7A", "BS", "TAC") for p in parse_card(c).all_plays]
    ['9♠', '7 of Acorns', 'Beast of Spades', 'Traveler of Acorns/Clubs as Acorns', \
'Traveler of Acorns/Clubs as Clubs']
    """
    card = play.card
    if card.is_dual:
        return f"{card.name} as {SUITS[play.suit].name}"
    if card.rank in _PLAIN_RANKS and " " not in card.pretty:
        return card.pretty
    return card.name


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
class CardBounds:
    """One legal card of a position the solver did not finish: the side to move takes at
    least ``low`` and at most ``high`` tricks after it; ``worse``: certainly fewer than after
    another card (``high`` below the most another card surely keeps); ``text`` in words."""

    play: Play
    low: int
    high: int
    worse: bool
    text: str

    def to_dict(self) -> dict[str, Any]:
        return {**self.play.to_json(), "low": self.low, "high": self.high, "worse": self.worse,
                "text": self.text}


def _keeps(low: int, high: int, remaining: int) -> str:
    """What a card keeps, from its bounds: "keeps 6 tricks", "keeps 5 or 6 tricks", "keeps at
    least 3 tricks", "keeps at most 4 tricks", "keeps 2 to 5 tricks" (empty: nothing known)."""
    if low == high:
        return f"keeps {_tricks(low)}"
    if low <= 0 and high >= remaining:
        return ""
    if low <= 0:
        return f"keeps at most {_tricks(high)}"
    if high >= remaining:
        return f"keeps at least {_tricks(low)}"
    if high == low + 1:
        return f"keeps {low} or {_tricks(high)}"
    return f"keeps {low} to {_tricks(high)}"


def _bounds_view(bounds: dict[Play, tuple[int, int]], remaining: int, verb: str
                 ) -> tuple[tuple[CardBounds, ...], str]:
    """Each card's bounds in words (best first), and a sentence on them: the cards that may
    be best with what they keep, then those certainly worse (empty: nothing known)."""
    if not bounds:
        return (), ""
    best_low = max(lo for lo, _ in bounds.values())
    # the card surely keeping the most: a card certainly worse is said to keep fewer than it
    surest = max(bounds, key=lambda p: bounds[p][0])
    out = []
    for p, (lo, hi) in sorted(bounds.items(), key=lambda kv: (-kv[1][1], -kv[1][0])):
        keeps = _keeps(lo, hi, remaining)
        worse = hi < best_low
        words = f"{verb.lower()} the {play_words(p)} " + (
            keeps or "keeps a number of tricks not known yet")
        if worse:
            words += f", certainly fewer than the {play_words(surest)}"
        out.append(CardBounds(p, lo, hi, worse, words))
    known = [b for b in out if not b.worse and _keeps(b.low, b.high, remaining)]
    worse_cards = [b for b in out if b.worse]
    # cards with the same bounds (equal cards always) said together, as the exact view does
    same: dict[tuple[int, int], list[CardBounds]] = {}
    for b in known:
        same.setdefault((b.low, b.high), []).append(b)
    parts = []
    for (lo, hi), bs in list(same.items())[:4]:
        parts.append(f"{verb.lower()} {_either([play_words(b.play) for b in bs])} "
                     f"{_keeps(lo, hi, remaining)}")
    if worse_cards:
        names = _either([play_words(b.play) for b in worse_cards])
        parts.append(f"{names} {'is' if len(worse_cards) == 1 else 'are'} certainly worse "
                     "than the best card")
    if not parts:
        return tuple(out), ""
    return tuple(out), "So far: " + "; ".join(parts) + "."


@dataclass(frozen=True)
class BestPlay:
    """The best-play view of a position: the seat to play, its side, the tricks left and the
    most the side can take (``tricks``), and one :class:`CardVerdict` per legal card, best
    first.  ``exact`` is False when the solver ran out of its budget: then ``cards`` is empty,
    ``bounds`` holds each legal card's bounds (:class:`CardBounds`) and ``text`` says so and
    what is known per card."""

    seat: int
    side: tuple[int, ...]
    remaining: int
    tricks: int
    exact: bool
    cards: tuple[CardVerdict, ...]
    text: str
    bounds: tuple[CardBounds, ...] = ()

    @property
    def worse_cards(self) -> tuple[Play, ...]:
        """Cards certainly worse than another (exact or not)."""
        if self.exact:
            return tuple(v.play for v in self.cards if not v.best)
        return tuple(b.play for b in self.bounds if b.worse)

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
                "cards": [v.to_dict() for v in self.cards], "text": self.text,
                "bounds": [b.to_dict() for b in self.bounds]}


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
    lead = not pos.trick
    verb = "Leading" if lead else "Playing"
    if not res.exact:
        low = res.tricks
        high = res.upper if res.upper is not None else res.remaining
        known = bounds_words(who, low, high, res.remaining)
        if low == high:
            text = (f"Too many cards are left to work this position out exactly within the "
                    f"time allowed: {known}, but which cards keep them all is not known yet.")
        else:
            text = ("Too many cards are left to work this position out exactly within the time "
                    "allowed" + (f": {known}" if known else "") + "; which card is best is not "
                    "known yet.")
        cards, per_card = _bounds_view(res.bounds, res.remaining, verb)
        if per_card:
            text += " " + per_card
        return BestPlay(res.seat, res.side, res.remaining, low, False, (), text, cards)
    groups: dict[int, list[Play]] = {}
    for p, v in res.per_move.items():
        groups.setdefault(v, []).append(p)
    verdicts = []
    for p, v in sorted(res.per_move.items(), key=lambda kv: -kv[1]):
        lost = res.tricks - v
        if lost == 0:
            words = f"{verb.lower()} the {play_words(p)} keeps {_tricks(v)}"
        else:
            words = (f"{verb.lower()} the {play_words(p)} gives {_number(lost)} away "
                     f"(keeps {_tricks(v)})")
        verdicts.append(CardVerdict(p, v, lost, words))
    parts = []
    for v in sorted(groups, reverse=True):
        names = [play_words(p) for p in groups[v]]
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
    if not rules.has_partners:  # three players each alone: the solver's other side is both
        text += (f" (Counted against the other two playing together against {who}: the most "
                 f"{who} can be sure of.)")
    return BestPlay(res.seat, res.side, res.remaining, res.tricks, True, tuple(verdicts), text)


# ---------------------------------------------------------------------------- after a hand


def bounds_words(who: str, low: int, high: int, remaining: int) -> str:
    """What a search that ran out of time still knows, in words (empty when it knows nothing
    beyond "anything from 0 to all of them")."""
    if low == high:
        return f"{who} can take {_tricks(low)} of the {remaining} left"
    if low <= 0 and high >= remaining:
        return ""
    if low <= 0:
        return f"{who} can take at most {_tricks(high)} of the {remaining} left"
    if high >= remaining:
        return f"{who} can take at least {_tricks(low)} of the {remaining} left"
    return (f"{who} can take at least {low} and at most {_tricks(high)} of the {remaining} "
            "left")


@dataclass(frozen=True)
class PlayReview:
    """One play of a hand looked at afterwards with every card visible.

    ``trick`` and ``step`` count from 0 (``step``: the play's place among the hand's plays);
    ``kept`` is what ``side`` takes from here after the card played, ``best`` the most it
    could take, ``better`` the cards that keep more (empty when the card played was best),
    ``choices`` the legal plays there were and ``worst`` the least any of them kept.
    When the solver could not finish within its budget ``exact`` is False, ``kept`` and
    ``best`` are None and ``low``/``high`` bound the side's tricks from this position;
    ``kept_low``/``kept_high`` then bound what the card played kept (None: not searched),
    ``surer`` lists the cards that surely kept more than it could (empty: none known), and
    ``sure_best`` says it surely kept the most although how many is not known: the only card
    there was (``choices`` 1), one of equal cards and no other (``equals``: the others, each
    keeping the same tricks as the card played, from
    :meth:`~spades_lab.solver.search.Solver.play_classes`), or its bounds at least every other
    card's.
    """

    step: int
    trick: int
    seat: int
    play: Play
    lead: bool
    side: tuple[int, ...]
    remaining: int
    exact: bool
    kept: int | None
    best: int | None
    better: tuple[Play, ...]
    choices: int
    worst: int
    low: int
    high: int
    text: str
    kept_low: int | None = None
    kept_high: int | None = None
    surer: tuple[Play, ...] = ()
    sure_best: bool = False
    equals: tuple[Play, ...] = ()

    @property
    def bounded(self) -> bool:
        """Not exact, yet something is known of the card played itself: it surely kept the
        most, a card surely kept more, or its own bounds say more than "anything from none to
        all"."""
        if self.exact:
            return False
        if self.surer or self.sure_best:
            return True
        return self.kept_low is not None and self.kept_high is not None and \
            bool(_keeps(self.kept_low, self.kept_high, self.remaining))

    @property
    def judged(self) -> bool:
        """Whether the card played has a verdict: worked out exactly, surely a card that kept
        the most, or surely worse than another."""
        return self.exact or self.sure_best or bool(self.surer)

    @property
    def lost(self) -> int | None:
        """Tricks the card played gave away against the best card (None: not known; 0 when
        it surely kept the most)."""
        if self.sure_best:
            return 0
        return None if self.kept is None or self.best is None else self.best - self.kept

    def to_dict(self) -> dict[str, Any]:
        return {"step": self.step, "trick": self.trick, "seat": self.seat,
                **self.play.to_json(), "exact": self.exact, "kept": self.kept,
                "best": self.best, "lost": self.lost,
                "better": [p.to_json() for p in self.better], "low": self.low,
                "high": self.high, "kept_low": self.kept_low, "kept_high": self.kept_high,
                "surer": [p.to_json() for p in self.surer], "sure_best": self.sure_best,
                "equals": [p.to_json() for p in self.equals], "text": self.text}


@dataclass(frozen=True)
class HandReview:
    """A seat's plays of one hand, each with the solver's verdict (:class:`PlayReview`, in the
    order played), and a summary in words."""

    hand: int
    seat: int
    players: int
    plays: tuple[PlayReview, ...]
    seconds: float

    @property
    def exact(self) -> bool:
        return all(p.exact for p in self.plays)

    @property
    def lost(self) -> int:
        """Tricks given away in the plays worked out exactly (the plays surely best gave none
        away)."""
        return sum(p.lost or 0 for p in self.plays)

    def summary(self, you: bool = True) -> str:
        text = self._summary(you)
        worse = [p for p in self.plays if not p.exact and p.surer]
        if worse:  # plays not worked out, yet surely worse than another card
            tricks = ", ".join(str(p.trick + 1) for p in worse)
            text += (f" In {noun(len(worse), 'trick')} {tricks}, not worked out exactly, "
                     "another card surely kept more.")
        return text

    def _summary(self, you: bool) -> str:
        who = "you" if you else seat_name(self.seat, self.players)
        known = [p for p in self.plays if p.lost is not None]  # exact, or surely the best
        if not self.plays:
            return f"{who.capitalize()} played no card in this hand."
        if not known:
            return ("Too many cards were left in every trick " + who + " played to work them "
                    "out exactly within the time allowed.")
        bad = [p for p in known if p.lost]
        exact = sum(p.exact for p in known)
        if len(known) == len(self.plays):
            head = ""
        elif exact == len(known):
            head = f"In the {plural(len(known), 'trick')} worked out exactly, "
        else:
            some = f"{exact} of them" if exact else "none of them"
            head = (f"In the {plural(len(known), 'trick')} the solver could judge ({some} "
                    "worked out exactly), ")
        if not bad:
            words = f"{who} always played a card that kept the most tricks."
            return (head + words) if head else words[0].upper() + words[1:]
        tricks = ", ".join(str(p.trick + 1) for p in bad)
        words = (f"{who} gave away {_tricks(self.lost)} in all, in "
                 f"{noun(len(bad), 'trick')} {tricks}.")
        return (head + words) if head else words[0].upper() + words[1:]

    def to_dict(self) -> dict[str, Any]:
        return {"hand": self.hand, "seat": self.seat, "exact": self.exact, "lost": self.lost,
                "plays": [p.to_dict() for p in self.plays]}


def _review_text(r: PlayReview, who: str, side: str, you: bool) -> str:
    """The verdict on one play in words (see :func:`review_plays`)."""
    verb = "led" if r.lead else "played"
    head = f"Trick {r.trick + 1}: {who} {verb} the {play_words(r.play)}"
    could = "you" if you else "that seat"
    if not r.exact and r.sure_best:
        if r.choices == 1:
            return head + f", the only card {could} could play."
        if r.choices == 1 + len(r.equals):
            names = _either([play_words(p) for p in (r.play, *r.equals)])
            return (head + f"; every card {could} could play kept the same tricks: with no "
                    f"other player's card between them, playing {names} is all one.")
        if r.kept_low is not None and r.kept_low == r.kept_high:
            return (head + f", a card that kept the most: {_tricks(r.kept_low)} of the "
                    f"{r.remaining} left for {side} (the other cards were not all worked out "
                    "within the time allowed, but none could have kept more).")
        kept = ("" if r.kept_low is None or r.kept_high is None else
                _keeps(r.kept_low, r.kept_high, r.remaining))
        return (head + ", a card that kept the most: not worked out exactly within the time "
                f"allowed, but no other card could have kept more for {side}"
                + (f" (it {kept.replace('keeps', 'kept', 1)} of the {r.remaining} left)"
                   if kept else "") + ".")
    if not r.exact:
        if r.surer and r.kept_high is not None:
            names = _either([play_words(p) for p in r.surer])
            return (head + f": not worked out exactly within the time allowed, but it certainly "
                    f"kept fewer tricks for {side} than {names} would have (at most "
                    f"{_tricks(r.kept_high)} of the {r.remaining} left).")
        kept = ("" if r.kept_low is None or r.kept_high is None else
                _keeps(r.kept_low, r.kept_high, r.remaining))
        if r.low == r.high:
            return (head + f"; {side} could take {_tricks(r.low)} of the {r.remaining} left, "
                    "but with so many cards left there was not time to work out what each "
                    "card kept" + (f" (this one {kept.replace('keeps', 'kept', 1)})"
                                   if kept else "") + ".")
        if kept:  # the card played's own bounds: what it kept, and that none surely kept more
            return (head + "; too many cards were left to work it out exactly within the time "
                    f"allowed, but it {kept.replace('keeps', 'kept', 1)} for {side} (of the "
                    f"{r.remaining} left), and no card surely kept more.")
        known = bounds_words(side, r.low, r.high, r.remaining)
        return (head + "; too many cards were left to work it out exactly within the time "
                "allowed" + (f" ({known.replace(' can ', ' could ')})" if known else "") + ".")
    assert r.kept is not None and r.best is not None
    if r.choices == 1:
        return head + f", the only card {could} could play ({side} kept {_tricks(r.kept)})."
    if r.worst == r.best:
        return head + f"; every card {could} could play kept {_tricks(r.kept)} for {side}."
    if not r.better:
        return head + f", a card that kept the most: {_tricks(r.kept)} for {side}."
    lost = r.best - r.kept
    names = _either([play_words(p) for p in r.better])
    return (head + f" and gave {_number(lost)} away: {names} would have kept "
            f"{_tricks(r.best)} for {side} instead of {r.kept}.")


def _positions(game: Game, hand_index: int, seat: int | None,
               from_step: int) -> list[tuple[int, int, Play, Position]]:
    """(step, seat, play, position before it) for each play of the hand from ``from_step``
    on (by ``seat`` only, unless None; ``step`` counts the hand's plays from 0), the positions
    those of the hand's :class:`~spades_lab.core.line.Line`."""
    line = Line.of(game, hand_index)
    out = []
    plays = 0
    for position, step in zip(line, line.steps, strict=False):  # the last position: no action
        if step.kind == "play":
            if plays >= from_step and (seat is None or step.seat == seat):
                assert step.seat is not None
                out.append((plays, step.seat, step.value, Position.from_game(position)))
            plays += 1
    return out


def review_plays(game: Game, seat: int, hand_index: int | None = None, *, from_step: int = 0,
                 time_limit: float | None = 1.0, total_limit: float | None = 20.0,
                 node_limit: int | None = None, solver: Solver | None = None,
                 you: bool = True) -> HandReview:
    """Each card ``seat`` played in a hand (default: the last one), judged with every card
    visible: did it keep the most tricks for the seat's side, or which card would have kept
    more and by how much.  ``from_step`` skips the hand's plays before it (counted from 0 over
    all seats' plays: a hand taken over from a record).

    The positions are solved from the last play back to the first on one :class:`Solver`, so
    its tables carry over.  Each gets ``time_limit`` seconds (and ``node_limit`` search
    nodes, if given); a position the solver cannot
    finish in time is marked not exact (with the bounds found, the card played's own
    included), and once one is not exact and names no card that surely kept more than the card
    played, or ``total_limit`` seconds have gone, the earlier (larger) positions are not
    searched.  ``you``: the words address the seat as "you".

    >>> import random
    >>> from spades_lab.play.players import SimplePlayer, act
    >>> g = Game("standard"); rng = random.Random(4); g.deal(rng=rng)
    >>> while not g.hand.complete: act(g, [SimplePlayer()] * 4, rng)
    >>> r = review_plays(g, 0, from_step=36, time_limit=None)
    >>> len(r.plays), r.exact, r.plays[0].trick, r.plays[-1].trick
    (4, True, 9, 12)
    >>> r.plays[-1].text.startswith("Trick 13: you")
    True
    """
    if hand_index is None:
        hand_index = len(game.hands) - 1
    if type(hand_index) is not int or not 0 <= hand_index < len(game.hands):
        raise RecordError(Rule.BAD_RECORD, f"There is no hand {echo(hand_index, 20)} to look at: "
                          + (f"the game's hands are 0 (the first) to {len(game.hands) - 1}."
                             if game.hands else "the game has no hands yet."))
    rules = game.rules
    n = rules.players
    if type(seat) is not int or not 0 <= seat < n:
        raise ArgumentError(f"There is no seat {echo(seat, 20)} at a table of {n}: the seats "
                            f"are 0 to {n - 1}.", argument="seat")
    s = solver or Solver(rules)
    who = "you" if you else seat_name(seat, n)
    t0 = time.monotonic()
    give_up = False
    out: list[PlayReview] = []
    for step, _, play, pos in reversed(_positions(game, hand_index, seat, from_step)):
        side = s.side_of(seat)
        side_words = " and ".join(seat_name(x, n) for x in side)
        lead = not pos.trick
        remaining = pos.remaining
        trick = rules.hand_size - remaining
        exact = False
        kept = best = None
        better: tuple[Play, ...] = ()
        choices = worst = 0
        low, high = 0, remaining
        kept_low = kept_high = None
        surer: tuple[Play, ...] = ()
        # the card played's class of equal cards: when it is the only class, no choice there
        # could matter, searched or not
        classes = s.play_classes(pos)
        mine = next((c for c in classes if play in c), (play,))
        equals = tuple(p for p in mine if p != play)
        choices = sum(len(c) for c in classes)
        sure_best = len(classes) == 1
        left = None if total_limit is None else total_limit - (time.monotonic() - t0)
        if not give_up and (left is None or left > 0):
            limit = time_limit if left is None else (
                left if time_limit is None else min(time_limit, left))
            res = s.solve(pos, time_limit=limit, node_limit=node_limit)
            if not res.exact and sure_best and res.tricks == res.upper:
                # one class: what the position keeps, every card keeps
                res = replace(res, per_move={p: res.tricks for c in classes for p in c},
                              exact=True)
            if res.exact:
                sure_best = False
                exact = True
                best, kept = res.tricks, res.per_move[play]
                worst = min(res.per_move.values())
                if kept < best:
                    better = tuple(p for p, v in res.per_move.items() if v == best)
                low = high = res.tricks
            else:
                low, high = res.tricks, res.upper if res.upper is not None else remaining
                if play in res.bounds:
                    kept_low, kept_high = res.bounds[play]
                    surer = tuple(p for p, (lo, _) in res.bounds.items() if lo > kept_high)
                    # at least what any other card could keep: surely a card that kept the most
                    sure_best = sure_best or all(hi <= kept_low for p, (_, hi) in
                                                 res.bounds.items() if p not in mine)
                # earlier positions are larger: stop at the first that says nothing about the
                # card played (no card surely kept more, and its own bounds are "anything")
                if not surer and (kept_low is None or kept_high is None or
                                  not _keeps(kept_low, kept_high, remaining)):
                    give_up = True
        else:
            give_up = True
        r = PlayReview(step, trick, seat, play, lead, side, remaining, exact, kept, best,
                       better, choices, worst, low, high, "", kept_low, kept_high, surer,
                       sure_best, equals)
        out.append(replace(r, text=_review_text(r, who, side_words, you)))
    out.reverse()
    return HandReview(hand_index, seat, n, tuple(out), time.monotonic() - t0)
