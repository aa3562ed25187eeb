"""Where questions come from: hands played by the kit's players on seeded deals (:class:`Pool`,
with :class:`Scripted` players whose bids are fixed), and the walks that find a position in
them (:func:`pick_position`, :func:`at_position`)."""
from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from itertools import islice
from typing import Any

from ...core.bids import Bid
from ...core.cards import Play
from ...core.engine import Game, Hand, Phase, SeatView
from ...core.errors import RuleError
from ...core.line import Line
from ...core.rules import RuleSet
from ...play.players import HeuristicPlayer, act
from .model import QuizQuestion


class Scripted(HeuristicPlayer):
    """A heuristic player whose bids are fixed for some seats (and which may play at random)."""

    def __init__(self, rules: RuleSet, bids: Mapping[int, Bid], random_play: bool) -> None:
        super().__init__()
        self._bids = dict(bids)
        self._random = random_play

    def choose_blind(self, view: SeatView, legal: Sequence[Bid], rng: random.Random
                     ) -> Bid | None:
        b = self._bids.get(view.seat)
        if b is not None:
            return b if b.blind and b in legal else None
        return None

    def choose_bid(self, view: SeatView, legal: Sequence[Bid], rng: random.Random) -> Bid:
        b = self._bids.get(view.seat)
        if b is not None and b in legal:
            return b
        choice = super().choose_bid(view, legal, rng)
        ordinary = [x for x in legal if x.nil is None and not x.blind]
        if choice.nil is not None and view.seat not in self._bids and ordinary:
            return min(ordinary, key=lambda x: abs(x.tricks - choice.tricks))
        return choice

    def choose_play(self, view: SeatView, legal: Sequence[Play], rng: random.Random) -> Play:
        if self._random:
            return rng.choice(list(legal))
        return super().choose_play(view, legal, rng)


class Pool:
    """Hands played for a quiz: one complete hand per game, made lazily from a seeded rng.

    Entry i alternates heuristic and random play, and every other entry scripts one nil-type bid
    (blind where the rule set exchanges cards) and starts the partnerships with bags near the
    limit, so nils, exchanges and bag penalties occur."""

    LIMIT = 80
    #: Where each attempt (:meth:`shifted`) starts reading the hands: the first, then a few
    #: hands on (a question already asked), then further (a position rarely met).
    SHIFTS = (0, 3, 10, 30, 60)

    def __init__(self, rules: RuleSet, seed: int) -> None:
        self.rules = rules
        self.rng = random.Random(seed)
        self.games: list[Game] = []
        self.start = 0

    def shifted(self, attempt: int) -> Pool:
        """The same hands (shared, made once, in order), read from ``SHIFTS[attempt]`` on: a
        builder retried on it finds other positions."""
        view = Pool.__new__(Pool)
        view.rules, view.rng, view.games = self.rules, self.rng, self.games
        view.start = self.start + self.SHIFTS[attempt]
        return view

    def __iter__(self) -> Iterator[Game]:
        i = self.start
        while i < self.start + self.LIMIT:
            while i >= len(self.games):
                self.games.append(self._make(len(self.games)))
            yield self.games[i]
            i += 1

    def _make(self, i: int) -> Game:
        rules = self.rules
        rng = random.Random(self.rng.randrange(2**31))
        n = rules.players
        bids: dict[int, Bid] = {}
        start: dict[str, Sequence[int]] | None = None
        if i % 2 == 1:
            kind = rules.nil_kinds[(i // 2) % len(rules.nil_kinds)]
            blind = i % 4 == 3
            seat = rng.randrange(n)
            extra = rng.randrange(3) if kind in ("nil spades", "nil acorns") else 0
            bids[seat] = Bid(extra, kind, blind)
            if (i // 2) % 3 == 1 and blind:
                bids[rules.partner(seat)] = Bid(0, kind, True)  # both partners blind
            limit = rules.bag_limit
            # near the limit; with bags off, near where a limit of 10 would have fired
            bags = [rng.randrange(max((limit or 10) - 4, 0), limit or 10)
                    for _ in range(rules.team_count)]
            scores = [0] * rules.team_count
            if rules.blind_nil_deficit is not None and blind:
                scores[rules.team_of(seat)] = -rules.blind_nil_deficit - 50
            start = {"scores": scores, "bags": bags}
        players = [Scripted(rules, bids, random_play=i % 2 == 0 and i % 3 != 0)] * n
        g = Game(rules, dealer=rng.randrange(n), start=start)
        g.deal(rng)
        while g.hands[0].scores is None:
            act(g, players, rng)
        return g

    def positions(self, g: Game) -> Iterator[Game]:
        """The position after the deal and after each action of ``g``'s first hand: its
        :class:`~spades_lab.core.line.Line`, each position a game of its own."""
        return iter(Line.of(g, 0))


Builder = Callable[[RuleSet, "Pool", random.Random], "QuizQuestion | None"]


def games(pool: Pool, limit: int) -> Iterator[Game]:
    """The pool's first ``limit`` hands (made as they are reached)."""
    return islice(pool, limit)


def pick_position(pool: Pool, rng: random.Random, pred: Callable[[Game], Any],
                   max_games: int = 40, stop: Callable[[Game], bool] | None = None
                   ) -> tuple[Game, Any] | None:
    """A random position (among those of the first game that has any) where ``pred`` returns
    something truthy, with that value; a game's walk ends where ``stop`` holds (a finder of
    positions before the first card need not walk the play)."""
    for g in games(pool, max_games):
        found: list[tuple[Game, Any]] = []
        for pos in pool.positions(g):
            if stop is not None and stop(pos):
                break
            val = pred(pos)
            if val:
                found.append((pos, val))
                if len(found) >= 12:
                    break
        if found:
            return rng.choice(found)
    return None


#: What a position builder finds at a position (``None`` or another falsy value: nothing).
Finder = Callable[[RuleSet, Game], Any]
#: What it then asks: (rules, rng, the position, what was found) -> the question.
Asker = Callable[[RuleSet, random.Random, Game, Any], "QuizQuestion | None"]


def played(g: Game) -> bool:
    """A card has been played in the hand (a walk for the bidding or the exchange can stop)."""
    h = g.hand
    return h is not None and (bool(h.trick) or bool(h.tricks) or h.complete)


def at_position(find: Finder, ask: Asker, before_play: bool = False) -> Builder:
    """A builder that asks about a random live position of the pool's hands where ``find``
    finds something (only before the first card with ``before_play``)."""
    def build(rules: RuleSet, pool: Pool, rng: random.Random) -> QuizQuestion | None:
        got = pick_position(pool, rng, lambda g: find(rules, g),
                             stop=played if before_play else None)
        return None if got is None else ask(rules, rng, *got)
    return build


def turn_in(g: Game, phase: str) -> int | None:
    h = g.hand
    if h is None or h.complete or h.phase != phase or h.turn is None:
        return None
    return h.turn


def to_play(g: Game, mid_trick: bool | None = None) -> tuple[int, Hand] | None:
    """(the seat to play, the hand) when a card is to be played: only mid-trick
    (``mid_trick=True``), only on lead (``False``) or either (``None``)."""
    seat = turn_in(g, Phase.PLAY)
    h = g.hand
    if seat is None or h is None or (mid_trick is not None and bool(h.trick) != mid_trick):
        return None
    return seat, h


def bidder(rules: RuleSet, g: Game) -> tuple[int] | None:
    # a 1-tuple: a bare seat number would make North (seat 0) read as "nothing found"
    seat = turn_in(g, Phase.BIDDING)
    return None if seat is None else (seat,)



def play_to_score(g: Game, players: list[Any], rng: random.Random) -> bool:
    """Play ``g``'s first hand with ``players`` (scripted ones) until it is scored, at most 40
    moves a seat: whether it was (False too when the script broke a rule)."""
    try:
        for _step in range(40 * g.rules.players):
            if g.hands[0].scores is not None:
                break
            act(g, players, rng)
    except RuleError:
        return False
    return g.hands[0].scores is not None

def scripted_games(rules: RuleSet, rng: random.Random, tries: int,
                    bids: Callable[[random.Random], dict[int, Bid]] = lambda rng: {},
                    strong: bool = False) -> Iterator[Game]:
    """Hands played to their score by the quiz's heuristic players, with some bids fixed
    (``bids``); ``strong``: one player holds every trump (so that partnership takes every
    trick)."""
    n = rules.players
    for _ in range(tries):
        g = Game(rules, dealer=rng.randrange(n))
        if strong:
            deck = list(rules.deck.cards)
            rng.shuffle(deck)
            trumps = [c for c in deck if c.suit in rules.trumps]
            rest = [c for c in deck if c.suit not in rules.trumps]
            if len(trumps) != rules.hand_size:
                return
            strong_seat = rng.randrange(n)
            hands = [rest[i * rules.hand_size:(i + 1) * rules.hand_size] for i in range(n - 1)]
            hands.insert(strong_seat, trumps)
            g.deal(cards=[[c.code for c in h] for h in hands])
        else:
            g.deal(random.Random(rng.randrange(2**31)))
        if play_to_score(g, [Scripted(rules, bids(rng), random_play=False)] * n, rng):
            yield g
