"""Players: anything that chooses a bid, an exchange and a play from what its seat may see.

A player gets a :class:`~spades_lab.engine.SeatView` (never the whole state), the legal choices,
and an explicit ``random.Random``.  :func:`play_hand` and :func:`play_game` drive a game with a
player per seat.

>>> import random
>>> from spades_lab import Game
>>> g = Game("acorns", start=None)
>>> play_game(g, [RandomPlayer()] * 4, random.Random(1), max_hands=1)
>>> g.hands[0].complete, sum(g.hands[0].taken)
(True, 32)
"""
from __future__ import annotations

import random
from typing import Protocol, Sequence

from .bids import Bid
from .cards import Card, Play
from .engine import BIDDING, DEAL, EXCHANGE, PLAY, Game, SeatView


class Player(Protocol):
    """The decisions a seat makes.  ``legal`` lists what the rules allow now.

    Bidding comes in two steps, as at a table: ``choose_blind`` is asked first, before the
    player looks at the cards (``view.hand`` is None), and may return a blind bid; otherwise the
    player looks and ``choose_bid`` picks from the bids left.
    """

    def choose_blind(self, view: SeatView, legal: Sequence[Bid], rng: random.Random
                     ) -> Bid | None: ...

    def choose_bid(self, view: SeatView, legal: Sequence[Bid], rng: random.Random) -> Bid: ...

    def choose_exchange(self, view: SeatView, lo: int, hi: int, rng: random.Random
                        ) -> Sequence[Card]: ...

    def choose_play(self, view: SeatView, legal: Sequence[Play], rng: random.Random
                    ) -> Play: ...


class RandomPlayer:
    """Uniformly random among legal actions (bids: ordinary bids uniformly, and a nil-type bid
    with probability ``nil_rate``)."""

    name = "random"

    def __init__(self, nil_rate: float = 0.1, blind_rate: float = 0.02) -> None:
        self.nil_rate = nil_rate
        self.blind_rate = blind_rate

    def choose_blind(self, view: SeatView, legal: Sequence[Bid], rng: random.Random
                     ) -> Bid | None:
        if legal and rng.random() < self.blind_rate:
            return rng.choice(legal)
        return None

    def choose_bid(self, view: SeatView, legal: Sequence[Bid], rng: random.Random) -> Bid:
        ordinary = [b for b in legal if b.nil is None]
        nils = [b for b in legal if b.nil is not None]
        if nils and rng.random() < self.nil_rate:
            return rng.choice(nils)
        return rng.choice(ordinary)

    def choose_exchange(self, view: SeatView, lo: int, hi: int, rng: random.Random
                        ) -> Sequence[Card]:
        hand = list(_own_cards(view))
        return rng.sample(hand, rng.randint(lo, hi))

    def choose_play(self, view: SeatView, legal: Sequence[Play], rng: random.Random) -> Play:
        return rng.choice(legal)


class SimplePlayer(RandomPlayer):
    """Bids the number of its high cards (Kings and Aces, and trumps of Queen and above); never
    bids nil; plays a random legal card.  The ``spades-lab play`` default."""

    name = "simple"

    def choose_blind(self, view: SeatView, legal: Sequence[Bid], rng: random.Random
                     ) -> Bid | None:
        return None

    def choose_bid(self, view: SeatView, legal: Sequence[Bid], rng: random.Random) -> Bid:
        hand = view.hand or ()
        high = {"A", "K"}
        count = sum(1 for c in hand if (c.rank in high and not c.is_dual) or
                    (c.rank == "Q" and c.suit in ("S", "A")))
        ordinary = [b for b in legal if b.nil is None]
        best = min(ordinary, key=lambda b: abs(b.tricks - max(count, ordinary[0].tricks)))
        return best


def _own_cards(view: SeatView) -> tuple[Card, ...]:
    return view.hand or ()


def act(game: Game, players: Sequence[Player], rng: random.Random) -> None:
    """Let the player whose decision the game waits for make it (one action)."""
    h = game.hand
    phase = game.phase
    if h is None or phase == DEAL:
        game.deal(rng)
        return
    if phase == BIDDING:
        seat = h.turn
        assert seat is not None
        player = players[seat]
        legal = game.legal_bids()
        if not h.looked[seat]:
            blind = [b for b in legal if b.blind]
            choice = player.choose_blind(game.view(seat), blind, rng) if blind else None
            if choice is not None:
                game.bid(choice, seat=seat)
                return
            game.look(seat)
            legal = game.legal_bids()
        game.bid(player.choose_bid(game.view(seat), legal, rng), seat=seat)
    elif phase == EXCHANGE:
        seat = h.awaiting()[0]
        due = h.exchange_due(seat)
        assert due is not None
        if seat == due.blind:
            lo, hi = due.lo, due.hi
        else:
            lo = hi = len(due.passed or ())
        cards = players[seat].choose_exchange(game.view(seat), lo, hi, rng)
        game.exchange(seat, cards)
    elif phase == PLAY:
        seat = h.turn
        assert seat is not None
        legal = game.legal_plays()
        game.play(players[seat].choose_play(game.view(seat), legal, rng))
    else:
        raise RuntimeError(f"nothing to do in phase {phase}")


def play_hand(game: Game, players: Sequence[Player], rng: random.Random) -> None:
    """Deal (if needed) and play one whole hand."""
    if game.phase == DEAL:
        game.deal(rng)
    index = len(game.hands) - 1
    while game.hands[index].scores is None:
        act(game, players, rng)


def play_game(game: Game, players: Sequence[Player], rng: random.Random,
              max_hands: int | None = None) -> None:
    """Play hands until the game is over (or ``max_hands`` hands have been played)."""
    played = 0
    while not game.over and (max_hands is None or played < max_hands):
        play_hand(game, players, rng)
        played += 1
