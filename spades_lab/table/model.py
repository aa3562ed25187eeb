"""One table for replay and play, as plain Python: no ipywidgets, pandas or matplotlib, so a
notebook widget, a test or a server can use it alike.

A table seats every seat as a :data:`PERSON` (someone at the table decides), a :data:`BOT` (a
seeded :class:`~spades_lab.play.players.HeuristicPlayer`, moved through
:func:`spades_lab.play.players.act` only) or :data:`RECORDED` (the record decides).  A hand's
positions are a :class:`~spades_lab.core.line.Line`: the replay table (:class:`TableModel`) is a
cursor on the line of a recorded hand; the play table (:class:`PlayModel`) is a line that
grows as the seats act, undo takes it back (:meth:`~spades_lab.core.line.Line.undo_to`), and
"play on from this trick" and the what-if are :meth:`~spades_lab.core.line.Line.branch`.  What a
seat may see comes from :meth:`Game.view <spades_lab.core.engine.Game.view>`
(:meth:`Table.seat_view`, :meth:`Table.face_up`); the trick in the middle is one
:class:`TrickView`; the words come from :mod:`spades_lab.teach.explain`'s lines and the log's
events (never from parsing a sentence).

Every fact shown comes from the engine (``Game``, ``Hand.can_play``, ``trick_winner``,
``score_hand`` via the game) or from :mod:`spades_lab.teach.explain`; a what-if is
:func:`spades_lab.teach.whatif.what_if_game` from the position at the chosen point (nothing
before it is replayed) and a rule comparison :func:`spades_lab.teach.compare.compare_rules`.

An argument of the wrong kind or out of range is refused with an
:class:`~spades_lab.core.errors.ArgumentError` before anything changes (the checks are
:mod:`spades_lab.core.args`); a replay table of a refused record keeps its ``error`` and
answers its queries with nothing to show, and ``game`` raises the record's error.

Counting: ``seat`` and Python indexes count from 0 as everywhere in the API;
:meth:`PlayModel.from_record` takes ``hand_number`` and ``trick_number`` counted from 1, as a
teacher says them ("play on from trick 5 of hand 1").

>>> m = TableModel.from_record("data/scenarios/demo_acorns_th.json")
>>> m.error, m.last > 100, m.seats[0] == RECORDED, len(set(m.seats))
(None, True, True, 1)
>>> m.go(m.last) == m.last, m.game.hand.complete
(True, True)
>>> p = m.play_on(seat=0)  # the same deal, from the last trick on, against bots
>>> [str(s) for s in p.seats[:2]], p.hand.index
(['person', 'bot'], 0)
>>> m = PlayModel("standard", seat=2, seed=3)
>>> m.waiting()
'look'
>>> m.look(); m.waiting(), m.game.turn == 2
('bid', True)
>>> m.bid(4)
True
>>> m.waiting() in ("play", "bots")
True
"""
from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any, overload

from ..core import args
from ..core.bids import Bid
from ..core.cards import SUITS, Card, Play
from ..core.claims import TEACHER
from ..core.engine import (
    BIDDING,
    DEAL,
    EXCHANGE,
    PLAY,
    BidEvent,
    DealEvent,
    ExchangeEvent,
    Game,
    Hand,
    Phase,
    PlayEvent,
    SeatView,
)
from ..core.errors import ArgumentError, OptionError, RecordError, Rule, RuleError, as_rule, echo
from ..core.line import Line
from ..core.records import HandSummary, Step, apply_step, dump_record, load_record, replay
from ..core.rules import (
    HOUSE_OPTIONS,
    HOUSE_PLAY_OPTIONS,
    ONLINE_TARGETS,
    RuleSet,
    rules_from_json,
    rules_of,
    seat_name,
    team_name,
)
from ..play.players import HeuristicPlayer, act
from ..solver.search import Solver
from ..teach.bestplay import BestPlay, HandReview, best_play, review_plays
from ..teach.claims import DEFAULT_BUDGET as CLAIM_BUDGET
from ..teach.claims import (
    ClaimCheck,
    check_claim,
    claim_words,
    robots_accept,
    settle,
    side_words,
)
from ..teach.compare import RuleComparison, compare_rules
from ..teach.explain import explain_play, explain_score, explain_trick
from ..teach.quiz import QuizQuestion
from ..teach.whatif import WhatIfResult, what_if_game
from ..words import table as words
from ..words.counting import plural
from ..words.rules import (
    HOUSE_PLAY_CHOICE_WORDS,
    HOUSE_PLAY_LABELS,
    SETUP_CHOICE_WORDS,
    SETUP_LABELS,
    house_words,
    option_words,
    rules_title,
    table_words,
)
from ..words.said import Said, learner, plain, said_lines

# ---------------------------------------------------------------------------- seats


class Seat(StrEnum):
    """Who decides for a seat: a person at the table, a bot, or the record being replayed."""

    PERSON = "person"
    BOT = "bot"
    RECORDED = "recorded"


PERSON, BOT, RECORDED = Seat.PERSON, Seat.BOT, Seat.RECORDED


@dataclass(frozen=True)
class TrickView:
    """The trick in the middle of the table: its cards (seat, play) in order, the seat winning
    it so far (a trick in progress), the seat that won it (a trick just completed, shown until
    the next lead) and a caption in words.  :func:`spades_lab.render.table_html` draws it."""

    plays: tuple[tuple[int, Play], ...] = ()
    winning: int | None = None
    winner: int | None = None
    caption: str = ""

    @property
    def marked(self) -> int | None:
        """The seat whose card is marked ``sl-winning``: the winner, else the one winning."""
        return self.winner if self.winner is not None else self.winning


class Table:
    """What every table has, replayed or played: the rules, who sits where (:attr:`seats`),
    the position shown (:attr:`game`), what a seat may see, the trick in the middle and the
    status line."""

    seats: tuple[Seat, ...]

    @property
    def rules(self) -> RuleSet:  # pragma: no cover - every table says
        raise NotImplementedError

    @property
    def game(self) -> Game:  # pragma: no cover - every table says
        raise NotImplementedError

    def seat_view(self, seat: int) -> SeatView:
        """What ``seat`` may see at the position shown (:meth:`Game.view`)."""
        args.whole(seat, "the seat", lo=0, hi=self.rules.players - 1)
        return self.game.view(seat)

    def names(self) -> tuple[str, ...]:
        """Each seat's name at this table."""
        return tuple(self.game.seat_name(s) for s in range(self.rules.players))

    def trick_view(self) -> TrickView:  # pragma: no cover - every table says
        raise NotImplementedError

    @property
    def hand(self) -> Hand | None:  # pragma: no cover - every table says
        raise NotImplementedError

    def seat_label(self, seat: int) -> str:  # pragma: no cover - every table says
        raise NotImplementedError

    def persons(self) -> tuple[int, ...]:
        """The seats a person plays, in seat order."""
        return tuple(s for s, kind in enumerate(self.seats) if kind == PERSON)

    def partners_of(self, seat: int) -> tuple[int, ...]:
        """The partners of ``seat`` (the rules' partnerships: one at four seats, one or three
        at eight)."""
        return tuple(s for s in self.rules.team_seats[self.rules.team_of(seat)] if s != seat)

    def partner_badges(self, seat: int) -> dict[int, str]:
        """The word after each partner's name on the table drawn for ``seat``
        (:func:`spades_lab.render.table_html`'s ``seat_badges``)."""
        return {s: "your partner" for s in self.partners_of(seat)}

    def _unavailable(self) -> str | None:
        """Why this table has nothing to show (a replay of a refused record), else None."""
        return None

    def _status_head(self) -> str:
        """What a status line starts with ("Step 4/140. " on a replay)."""
        return ""

    def _to_move(self, h: Hand) -> tuple[int | None, ...]:
        """The seats the status line tells it is their move, outside the play: the seat to
        bid, or every seat owing an exchange at once (a table that takes them one at a time
        says which)."""
        return tuple(h.awaiting()) if h.phase == Phase.EXCHANGE else (h.turn,)

    def status(self, seat: int | None = None) -> str:
        """One line for any table, replayed or played: the hand and trick (from 1) and whose
        move it is, said to ``seat`` ("Your turn to bid.") when ``seat`` is a person (default:
        the table's first person, if it has one); the totals once a hand is over.

        >>> TableModel.from_record("data/scenarios/demo_acorns_th.json").status()
        "Step 0/140. Hand 1: waiting for East's bid."
        >>> PlayModel("standard", seat=0, seed=3).status()
        'Hand 1: Your turn to bid.'
        """
        why_not = self._unavailable()
        if why_not is not None:
            return why_not
        head = self._status_head()
        persons = self.persons()
        if seat is None:
            seat = persons[0] if persons else None
        else:
            args.whole(seat, "the seat", lo=0, hi=self.rules.players - 1)
        you = seat if seat is not None and seat in persons else None
        g, h = self.game, self.hand
        totals = ", ".join(f"{team_name(team, self.rules.players)} {v}"
                           for team, v in zip(self.rules.team_seats, g.totals, strict=True))
        if g.over and (h is None or h.complete):
            winner = g.winner
            who = (f"{team_name(self.rules.team_seats[winner], self.rules.players)} win"
                   if winner is not None else "it is over")
            return f"{head}Game over: {who}. Totals: {totals}."
        if h is None:
            return f"{head}No hand is dealt yet. Totals: {totals}."
        if h.complete:
            return f"{head}Hand {h.index + 1} is over. Totals: {totals}."
        where = f"Hand {h.index + 1}"
        if h.phase == Phase.PLAY and h.turn is not None:
            verb = "lead" if not h.trick else "play"
            said = f"Your turn to {verb}." if h.turn == you else \
                f"{self.seat_label(h.turn)} to {verb}."
            return f"{head}{where}, trick {len(h.tricks) + 1}: {said}"
        moving = self._to_move(h)
        if you is not None and you in moving:
            what = "pass cards" if h.phase == Phase.EXCHANGE else "bid"
            return f"{head}{where}: Your turn to {what}."
        return f"{head}{where}: waiting for {h.waiting_for()}."

    def _trick_view(self, hand: Hand, completed: int | None, label: Any, *,
                    say_winning: bool = True) -> TrickView:
        """The trick in progress (with who is winning it; said in the caption with
        ``say_winning``), else trick ``completed`` (just completed, with who won it), else
        nothing."""
        if hand.trick:
            now = hand.winning_so_far()
            seat = now[0] if now else None
            said = say_winning and seat is not None
            return TrickView(tuple(hand.trick), seat, None,
                             f"{label(seat)} is winning so far." if said else "")
        if completed is not None and 0 <= completed < len(hand.tricks):
            t = hand.tricks[completed]
            return TrickView(tuple(t.plays), None, t.winner,
                             f"{label(t.winner)} won trick {t.index + 1}.")
        return TrickView()


RecordSource = str | Path | Mapping[str, Any]


def load_game(source: RecordSource | Game) -> tuple[Game | None, str | None, str | None]:
    """(game, None, None) for a good record, or (None, message, rule id) for a bad one."""
    if isinstance(source, Game):
        return source, None, None
    try:
        return replay(source).game, None, None
    except RuleError as e:
        where = ""
        if isinstance(e, RecordError) and e.hand is not None:
            where = f" (hand {e.hand + 1}" + (f", {e.step}" if e.step else "") + ")"
        return None, f"This record cannot be used{where}: {e.message}", e.rule
    except Exception as e:  # noqa: BLE001 - a widget shows a message, never a traceback
        return None, f"This record cannot be read: {e}", "bad-record"


def _check_view_seat(view_seat: Any, game: Game | None) -> None:
    """None (every hand face up) or a seat of ``game`` (any seat number when not known yet)."""
    if view_seat is not None:
        hi = game.rules.players - 1 if game is not None else None
        args.whole(view_seat, "the seat the table is viewed as", lo=0, hi=hi)


def _hand_slice(game: Game, hand: int) -> tuple[int, DealEvent, list[Any]]:
    """Where hand ``hand``'s deal is in ``game.log``, the deal, and the hand's actions."""
    at: int | None = None
    actions: list[Any] = []
    for i, ev in enumerate(game.log):
        if isinstance(ev, DealEvent):
            if at is not None:
                break
            if ev.hand == hand:
                at = i
            continue
        if at is not None and isinstance(ev, (BidEvent, ExchangeEvent, PlayEvent)):
            actions.append(ev)
    if at is None:
        raise RuleError(Rule.BAD_RECORD, f"The record has no hand {echo(hand + 1)}.")
    deal = game.log[at]
    assert isinstance(deal, DealEvent)
    return at, deal, actions


def _hand_index(game: Game, hand: Any) -> int:
    """``hand`` (counted from 0) if ``game`` has that hand, else a typed refusal."""
    k = args.whole(hand, "the hand (counted from 0)", lo=0)
    if k >= len(game.hands):
        n = len(game.hands)
        raise RuleError(Rule.BAD_RECORD, f"The game has {plural(n, 'hand')}; there is no hand "
                        f"{echo(k + 1)}.")
    return k


def hand_record(game: Game, hand: int, *, alone: bool = False) -> dict[str, Any]:
    """``game`` as a record that stops at the end of hand ``hand``; with ``alone``, a record of
    that hand only, starting from the totals and bags it was dealt at."""
    args.instance(game, "the game", Game, "a Game")
    hand = _hand_index(game, hand)
    args.flag(alone, "alone")
    rec = game.to_record()
    if not alone or hand == 0:
        rec["hands"] = rec["hands"][:hand + 1]
        return rec
    before = game.hands[hand - 1].scores or ()
    rec["start"] = {"scores": [s.total for s in before], "bags": [s.bags for s in before]}
    rec["hands"] = rec["hands"][hand:hand + 1]
    return rec


# ---------------------------------------------------------------------------- replay


class Positions(Sequence[Game]):
    """The positions of a line, each made once, on first need, by walking the line forward
    (one copy and one action per position: stepping back is a lookup), and then kept: the
    same index gives the same :class:`Game` (draw it, do not change it)."""

    __slots__ = ("_line", "_made", "_walk")

    def __init__(self, line: Line) -> None:
        self._line = line
        self._made: list[Game] = []
        self._walk = iter(line)

    def __len__(self) -> int:
        return len(self._line)

    @overload
    def __getitem__(self, k: int) -> Game: ...
    @overload
    def __getitem__(self, k: slice) -> list[Game]: ...

    def __getitem__(self, k: int | slice) -> Game | list[Game]:
        if isinstance(k, slice):
            return [self[i] for i in range(*k.indices(len(self)))]
        n = len(self)
        if -n <= k < 0:
            k += n
        if not 0 <= k < n:
            raise IndexError(k)
        while len(self._made) <= k:
            self._made.append(next(self._walk))
        return self._made[k]


class TableModel(Table):
    """Step through one hand of a game: a cursor on the hand's :class:`Line`.  Position ``k``
    is the hand after its first ``k`` actions (bids, exchanges, plays); ``0`` is just dealt,
    ``last`` the end of the hand.  Every seat is :data:`RECORDED`.

    Each position is made once, when first shown (:class:`Positions`), so stepping back and
    forth is a lookup.  ``view_seat`` (None: every hand face up) shows only what that seat may
    see, as ``Game.view`` says.  :meth:`best_play_view` asks the solver what each card the seat
    to play may play keeps or gives away (within :attr:`best_play_seconds`, on one solver per
    hand).  :meth:`play_on` opens a play table on a branch of the line.
    """

    #: The solver's budget for one best-play view: seconds, and search nodes (None: no cap).
    best_play_seconds: float | None = 1.0
    best_play_nodes: int | None = None

    def __init__(self, game: Game | None = None, hand: int = 0, *, view_seat: int | None = None,
                 error: str | None = None, error_rule: str | None = None) -> None:
        if game is not None:
            args.instance(game, "the game", Game, "a Game")
        args.whole(hand, "the hand (counted from 0)", lo=0)
        _check_view_seat(view_seat, game)
        for value, what in ((error, "the error"), (error_rule, "the error's rule id")):
            if value is not None:
                args.text(value, what)
        self.source = game
        self.error = error
        self.error_rule = error_rule
        self.view_seat = view_seat
        self.hand_index = hand
        self.line: Line | None = None
        self.actions: list[Any] = []
        self.snapshots: Sequence[Game] = ()
        self.trick_ends: list[int] = []
        self.play_start = 0
        self.position = 0
        self.seats = ()
        self._best: dict[int, BestPlay] = {}
        self._solver: Solver | None = None
        if game is not None:
            self.seats = (RECORDED,) * game.rules.players
            if error is None:
                self._build(game, hand)

    @classmethod
    def from_record(cls, source: RecordSource | Game, hand: int = 0, *,
                    view_seat: int | None = None) -> TableModel:
        args.whole(hand, "the hand (counted from 0)", lo=0)
        _check_view_seat(view_seat, None)
        game, err, rule = load_game(source)
        if game is None:
            return cls(None, error=err, error_rule=rule)
        return cls(game, hand, view_seat=view_seat)

    def _build(self, game: Game, hand: int) -> None:
        try:
            _, _, actions = _hand_slice(game, hand)
        except RuleError as e:
            self.error, self.error_rule = e.message, e.rule
            return
        self.line = Line.of(game, hand)
        self.actions = actions
        self.snapshots = Positions(self.line)
        n = game.rules.players
        plays = [k for k, ev in enumerate(actions) if isinstance(ev, PlayEvent)]
        self.play_start = plays[0] if plays else 0
        self.trick_ends = [k + 1 for j, k in enumerate(plays) if (j + 1) % n == 0]
        self.position = 0

    # ------------------------------------------------------------------ positions
    @property
    def ok(self) -> bool:
        return self.error is None and bool(self.snapshots)

    @property
    def last(self) -> int:
        return max(len(self.snapshots) - 1, 0)

    def _refused(self) -> RuleError:
        return RuleError(as_rule(self.error_rule or Rule.BAD_RECORD),
                         self.error or "No hand is loaded.")

    @property
    def game(self) -> Game:
        """The position shown (a table without a hand raises its record's error)."""
        if not self.snapshots:
            raise self._refused()
        return self.snapshots[self.position]

    @property
    def hand(self) -> Hand:
        h = self.game.hands[self.hand_index]
        return h

    @property
    def rules(self) -> RuleSet:
        if self.line is None:
            raise self._refused()
        return self.line.rules

    def go(self, k: int) -> int:
        """Move to position ``k`` (a whole number, clamped to 0..last); returns the
        position."""
        k = args.whole(k, "the position")
        if not self.snapshots:
            return 0
        self.position = max(0, min(k, self.last))
        return self.position

    def step(self, k: int = 1) -> int:
        return self.go(self.position + args.whole(k, "the number of steps"))

    def first(self) -> int:
        return self.go(0)

    def end(self) -> int:
        return self.go(self.last)

    def next_trick(self) -> int:
        for e in self.trick_ends:
            if e > self.position:
                return self.go(e)
        return self.go(self.last)

    def prev_trick(self) -> int:
        for e in reversed(self.trick_ends):
            if e < self.position:
                return self.go(e)
        return self.go(self.play_start)

    @property
    def last_action(self) -> Any | None:
        return self.actions[self.position - 1] if self.position > 0 else None

    # ------------------------------------------------------------------ what to draw
    def face_up(self) -> list[bool]:
        """Which seats' hands are drawn face up (none without a hand)."""
        if not self.ok:
            return []
        n = self.rules.players
        if self.view_seat is None:
            return [True] * n
        if self.hand.complete:
            return [s == self.view_seat for s in range(n)]
        seen = self.game.view(self.view_seat).hand is not None
        return [s == self.view_seat and seen for s in range(n)]

    def trick_view(self) -> TrickView:
        """The trick in the middle: the trick in progress, or the one just completed (with who
        won it) until the next card is led."""
        if not self.ok:
            return TrickView()
        h = self.hand
        done = len(h.tricks) - 1 if isinstance(self.last_action, PlayEvent) else None
        return self._trick_view(h, done, self.seat_label, say_winning=False)

    def shown_trick(self) -> tuple[list[tuple[int, Play]], str]:
        """:meth:`trick_view` as (the cards, the caption)."""
        v = self.trick_view()
        return list(v.plays), v.caption

    def play_on(self, *, seat: int | None = None, seats: Mapping[int, Seat | str] | None = None,
                seed: int = 0, pace: float = 0.0) -> PlayModel:
        """Play on from the start of the trick shown (from the deal before the cards are
        played), on a branch of this hand's line: ``seat`` (default: the seat viewed, else the
        seat to play) is a :data:`PERSON`, bots take the others; or ``seats`` says who plays
        each seat, a :data:`RECORDED` seat making the record's moves while the table follows
        the record."""
        if not self.ok or self.line is None:
            raise self._refused()
        h = self.hand
        first = sum(1 for ev in self.actions if not isinstance(ev, PlayEvent))
        trick = min(len(h.tricks), self.rules.hand_size - 1) \
            if h.phase == Phase.PLAY or h.complete else 0
        k = min(first + trick * self.rules.players, self.last)
        if seat is None and seats is None:
            seat = self.view_seat if self.view_seat is not None else h.turn
        return PlayModel.from_line(self.line.branch(k), seat=seat, seats=seats, seed=seed,
                                   pace=pace, recorded=self.line.steps[k:])

    def seat_label(self, seat: int) -> str:
        n = self.rules.players
        args.whole(seat, "the seat", lo=0, hi=n - 1)
        return self.source.seat_name(seat) if self.source is not None else seat_name(seat, n)

    def _unavailable(self) -> str | None:
        return None if self.ok else (self.error or "No hand loaded.")

    def _status_head(self) -> str:
        return f"Step {self.position}/{self.last}. "

    def explanation(self) -> list[str]:
        """Words on the current step: the last action, who is winning the trick and why (Ace
        high or low, which trump is superior), from the engine."""
        if not self.ok:
            return []
        ev = self.last_action
        if ev is None:
            return ["The cards are dealt. Bidding starts left of the dealer."]
        before = self.snapshots[self.position - 1]
        return words.describe_action(before, self.game, ev, self.hand_index)

    # ------------------------------------------------------------------ best play
    def best_play_view(self) -> tuple[BestPlay | None, str]:
        """The best-play view of the current position (:func:`~spades_lab.teach.bestplay.
        best_play`: every legal card of the seat to play with the tricks it keeps or gives
        away), or None and why not in words: no card is to be played here, or the seat to
        play is hidden in this view.  Each position is worked out once."""
        if not self.ok:
            return None, self.error or "No hand loaded."
        h = self.hand
        if h.complete:
            return None, ("The hand is over: step back to a card still to be played to see "
                          "the best play there.")
        if h.phase != Phase.PLAY or h.turn is None:
            return None, "The best play is shown once the cards are being played."
        if not self.face_up()[h.turn]:
            return None, (f"The best play looks at every hand: view the table as everyone "
                          f"(teacher) or as {self.seat_label(h.turn)}, the player to move.")
        view = self._best.get(self.position)
        if view is None:
            if self._solver is None:
                self._solver = Solver(self.rules)
            view = best_play(self.game, time_limit=self.best_play_seconds,
                             node_limit=self.best_play_nodes, solver=self._solver)
            self._best[self.position] = view
        return view, ""

    def recorded_next(self) -> PlayEvent | None:
        """The card the record plays next from the current position (None: none)."""
        ev = self.actions[self.position] if self.position < len(self.actions) else None
        return ev if isinstance(ev, PlayEvent) else None

    def best_play_note(self, view: BestPlay) -> str:
        """What the card the record plays next keeps or gives away, in words."""
        ev = self.recorded_next()
        if ev is None:
            return ""
        return words.recorded_play_words(self.seat_label(ev.seat), ev.play, view,
                                         lead=not self.hand.trick)


# ---------------------------------------------------------------------------- what-if


@dataclass(frozen=True)
class Choice:
    """A candidate play at a what-if point: legal or not, and the engine's reason."""

    play: Play
    ok: bool
    rule: str | None
    message: str

    @property
    def label(self) -> str:
        c = self.play.card
        return c.code + (f" as {self.play.suit}" if c.is_dual else "")

    @property
    def action(self) -> dict[str, Any]:
        """The play as a record entry (without the seat), for :func:`what_if`."""
        c = self.play.card
        return {"card": c.code, "as": self.play.suit} if c.is_dual else {"card": c.code}


@dataclass(frozen=True)
class HandSide:
    """One side of a what-if or a rule comparison: the hand as it ended (a
    :class:`~spades_lab.core.records.HandSummary`), the game it ended in (for drawing its
    score), and notes on where the record stopped fitting."""

    summary: HandSummary
    game: Game | None = None
    notes: tuple[str, ...] = ()

    @property
    def taken(self) -> tuple[int, ...]:
        return self.summary.taken

    @property
    def hand_scores(self) -> tuple[int, ...]:
        return self.summary.hand_scores


def _play_points(table: TableModel) -> list[int]:
    """The positions of ``table`` where a card is to be played: from the first play (after
    every bid and exchange) to the last position, that one only while the hand is in play."""
    if not table.ok or table.source is None:
        return []
    first = sum(1 for ev in table.actions if not isinstance(ev, PlayEvent))
    end = table.source.hands[table.hand_index]
    return list(range(first, table.last)) + (
        [table.last] if end.phase == Phase.PLAY and not end.complete else [])


class WhatIfModel:
    """Pick a point in the hand (a position where someone is to play), pick another card, see
    the hand re-played by :func:`spades_lab.teach.whatif.what_if_game` from the table's snapshot
    at that point (the hand's later actions kept while they stay legal, then simple players)
    and the difference."""

    def __init__(self, table: TableModel) -> None:
        self.table = args.instance(table, "the table", TableModel, "a TableModel")
        self.points = _play_points(table)
        self.point = self.points[0] if self.points else 0
        self.result: tuple[HandSide, HandSide] | None = None
        self.whatif: WhatIfResult | None = None
        self.message = ""

    def set_point(self, k: int) -> None:
        """Ask about position ``k`` (a whole number; the next point where a card is to be
        played when ``k`` is not one)."""
        k = args.whole(k, "the point")
        if k not in self.points:
            later = [p for p in self.points if p >= k]
            k = later[0] if later else (self.points[-1] if self.points else 0)
        self.point = k
        self.result = None
        self.whatif = None
        self.message = ""

    @property
    def game(self) -> Game:
        """The position at the chosen point (a table without a hand raises its error)."""
        if not self.points:
            raise self.table._refused() if not self.table.ok else RuleError(
                Rule.WRONG_PHASE, "No card is played in this hand: there is nothing to change.")
        return self.table.snapshots[self.point]

    @property
    def seat(self) -> int | None:
        if not self.points:
            return None
        h = self.game.hands[self.table.hand_index]
        return h.turn

    @property
    def recorded(self) -> PlayEvent | None:
        ev = self.table.actions[self.point] if self.point < len(self.table.actions) else None
        return ev if isinstance(ev, PlayEvent) else None

    def choices(self) -> list[Choice]:
        """Every way the seat to play could play each of its cards, with the engine's check."""
        if not self.points:
            return []
        g = self.game
        h = g.hands[self.table.hand_index]
        if h.turn is None:
            return []
        out = []
        for c in g.rules.deck.sorted(h.hands[h.turn]):
            for p in c.all_plays:
                chk = h.can_play(c, p.suit if c.is_dual else None)
                out.append(Choice(p, chk.ok, chk.rule, chk.message))
        return out

    def outcome(self, first: Choice | Play | None) -> HandSide:
        """The hand re-played from this point with ``first`` (None: as recorded)."""
        args.instance(first, "the card to try", (Choice, Play, type(None)),
                      "a Choice, a Play or None")
        if isinstance(first, Play):
            first = Choice(first, True, None, "")
        _ = self.game  # raises when there is no point to re-play from
        t = self.table
        w = what_if_game(t.snapshots[t.last], at=(t.hand_index, self.point),
                         action=first.action if first is not None else None,
                         start=t.snapshots[self.point])
        self.whatif = w
        notes = words.divergence_notes(w.divergences, t.play_start, t.rules)
        return HandSide(w.branch.hands[t.hand_index], w.branch.game, tuple(notes))

    def try_play(self, choice: Choice | Play) -> bool:
        """Re-play the hand with ``choice`` (one of :meth:`choices`, or a :class:`Play` the
        engine then checks); False (and ``message`` says why) when illegal."""
        args.instance(choice, "the card to try", (Choice, Play), "one of the choices (a Choice)")
        if isinstance(choice, Play):
            h = self.game.hands[self.table.hand_index]
            c = choice.card
            chk = h.can_play(c, choice.suit if c.is_dual else None)
            choice = Choice(choice, chk.ok, chk.rule, chk.message)
        if not choice.ok:
            self.result = None
            self.whatif = None
            self.message = choice.message
            return False
        branch = self.outcome(choice)
        assert self.whatif is not None
        original = HandSide(self.whatif.original.hands[self.table.hand_index],
                            self.whatif.original.game)
        self.result = (original, branch)
        self.message = ""
        return True

    def difference(self) -> list[str]:
        """Words on what changed between the recorded hand and the what-if."""
        if self.result is None or self.whatif is None:
            return []
        hd = self.whatif.diff[self.table.hand_index]
        rules = self.table.rules
        return words.hand_changes(rules.players, rules.team_seats, hd.taken,
                                  [t.hand_score for t in hd.teams], hd.trick_winners,
                                  self.result[1].notes)


# ---------------------------------------------------------------------------- rule explorer


class RuleExplorerModel:
    """The same deal (and bids, and plays while still legal) under another preset or options:
    :func:`spades_lab.teach.compare.compare_rules` on this hand (started from the totals and bags it
    was dealt at)."""

    def __init__(self, game: Game, hand: int = 0) -> None:
        args.instance(game, "the game", Game, "a Game")
        hand = _hand_index(game, hand)
        self.base = game
        self.hand_index = hand
        _, _, self.actions = _hand_slice(game, hand)
        self.record = hand_record(game, hand, alone=True)
        self.comparison: RuleComparison | None = None

    def compare(self, rules: RuleSet | str) -> tuple[HandSide, HandSide, list[str]]:
        """Outcome under the recorded rules, outcome under ``rules`` (a rule set or a preset's
        name), and what changes (raises :class:`RuleError` when the deal does not fit
        ``rules``)."""
        rules = rules_of(rules)
        c = compare_rules(self.record, rules)
        hc = c.hands[0]
        first = next((k for k, ev in enumerate(self.actions) if isinstance(ev, PlayEvent)),
                     len(self.actions))
        a, b = (HandSide(side.hands[0], side.game,
                         tuple(words.divergence_notes(ds, first, r)))
                for side, ds, r in ((c.a, c.divergences_a, self.base.rules),
                                    (c.b, c.divergences_b, rules)))
        out = a, b, words.compare_outcomes(self.base.rules, rules, hc, b.notes)
        self.comparison = c
        return out


# ---------------------------------------------------------------------------- quiz


def quiz_questions(game: Game, hand: int = 0, rng: random.Random | None = None,
                   count: int = 6) -> list[QuizQuestion]:
    """Questions about ``game``'s hand: who wins a trick, may a seat play a card, what does the
    hand score.  Answers and explanations come from the engine; ``rng`` picks the positions."""
    args.instance(game, "the game", Game, "a Game")
    args.whole(hand, "the hand (counted from 0)", lo=0)
    args.instance(rng, "the random generator", (random.Random, type(None)),
                  "a random.Random or None")
    args.whole(count, "the number of questions", lo=0)
    rng = rng or random.Random(0)
    table = TableModel(game, hand)
    if not table.ok:
        return []
    rules = table.rules
    n = rules.players
    final = table.snapshots[table.last].hands[hand]
    out: list[QuizQuestion] = []
    seats = tuple(seat_name(s, n) for s in range(n))

    def ask(kind: str, tests: str, prompt: str, choices: tuple[str, ...], answer: int,
            feedback: Sequence[Any], trick: Sequence[tuple[int, Play]] = (),
            card: Card | None = None) -> QuizQuestion:
        context: dict[str, Any] = {"players": n, "trick": [
            {"seat": s, "card": p.card.code, **({"as": p.suit} if p.card.is_dual else {})}
            for s, p in trick]}
        if card is not None:
            context["card"] = card.code
        return QuizQuestion(kind, tests, rules.name, rules.options(), 1, prompt, (), choices,
                            answer, tuple(x for x in said_lines(feedback) if x.words), context)

    # who wins this trick?
    tricks = list(final.tricks)
    rng.shuffle(tricks)
    for t in tricks[:2]:
        why = explain_trick(final, t.index)
        out.append(ask("trick-winner", why.reason or "led-suit-wins",
                       f"Who wins trick {t.index + 1}?", seats, t.winner, said_lines(why),
                       trick=t.plays))
    # may X play this?
    mids = [k for k in range(table.last) if table.snapshots[k].hands[hand].phase == Phase.PLAY
            and table.snapshots[k].hands[hand].trick]
    rng.shuffle(mids)
    for k in mids[:2]:
        g = table.snapshots[k]
        h = g.hands[hand]
        seat = h.turn
        assert seat is not None
        held = g.rules.deck.sorted(h.hands[seat])
        legal = {p.card for p in h.legal_plays()}
        illegal = [c for c in held if c not in legal]
        pool = illegal if illegal and rng.random() < 0.6 else held
        card = rng.choice(pool)
        may = explain_play(g, card, card.suits[0] if card.is_dual else None, seat=seat)
        if card.is_dual and not may.legal:
            may2 = explain_play(g, card, card.suits[1], seat=seat)
            may = may2 if may2.legal else may
        out.append(ask("may-play", may.rule or may.basis or "must-follow-suit",
                       f"May {seat_name(seat, n)} play {card.name} now?", ("Yes", "No"),
                       0 if may.legal else 1, (learner(may),), trick=tuple(h.trick),
                       card=card))
    # what does this hand score?
    if final.scores:
        s = final.scores[rng.randrange(len(final.scores))]
        right = s.hand_score
        wrong = {right + d for d in (-20, -10, 10, 20, s.bags_added or 1, -100, 100)}
        wrong.discard(right)
        picks = rng.sample(sorted(wrong), 3) + [right]
        rng.shuffle(picks)
        lines = [f"{it.points:+d}: {plain(it)}" for it in s.items]
        lines.append(f"Hand score {right:+d}.")
        out.append(ask("hand-score", "bid-made", f"What does {team_name(s.seats, n)} score "
                       "for this hand?", tuple(f"{x:+d}" for x in picks), picks.index(right),
                       lines))
    return out[:count]


class QuizModel:
    """A run through quiz questions: the current one, the first answer given to each, the
    score.  Questions are :class:`~spades_lab.teach.quiz.QuizQuestion` (from ``make_quiz`` or
    :func:`quiz_questions`), feedback in ``feedback``."""

    def __init__(self, questions: Sequence[QuizQuestion]) -> None:
        self.questions = args.items(questions, "the questions")
        for q in self.questions:
            args.instance(q, "each question", QuizQuestion, "a quiz question")
        self.index = 0
        self.answered: dict[int, int] = {}

    @property
    def question(self) -> QuizQuestion | None:
        return self.questions[self.index] if self.questions else None

    def answer(self, choice: int) -> tuple[bool, list[str]]:
        """Answer the current question with choice ``choice`` (counted from 0): right or not,
        and the feedback as text (:meth:`answer_said` gives its lines)."""
        right, lines = self.answer_said(choice)
        return right, [x.learner() for x in lines]

    def answer_said(self, choice: int) -> tuple[bool, list[Said]]:
        """Answer the current question with choice ``choice`` (counted from 0): right or not,
        and the feedback's lines with their level.  The first answer to a question is the one
        scored; a choice that is not one of the question's is refused
        (:class:`~spades_lab.core.errors.ArgumentError`), not scored."""
        q = self.question
        if q is None:
            return False, [Said("No question.")]
        if not (args.is_whole(choice) and 0 <= choice < len(q.choices)):
            letters = ", ".join(chr(65 + i) for i in range(len(q.choices)))
            raise ArgumentError(f"Pick one of the answers {letters} (0 to "
                                     f"{len(q.choices) - 1}), not {echo(choice)}.",
                                     argument="the answer")
        self.answered.setdefault(self.index, choice)  # the first answer counts
        right = choice == q.answer
        # the feedback for the answer chosen (QuizQuestion.feedback_said): its first line says
        # right or not, the rest why, in the engine's words
        return right, list(q.feedback_said(choice))

    def next(self) -> None:
        if self.questions:
            self.index = (self.index + 1) % len(self.questions)

    @property
    def score(self) -> tuple[int, int]:
        good = sum(1 for i, c in self.answered.items() if self.questions[i].answer == c)
        return good, len(self.answered)


# ---------------------------------------------------------------------------- play


#: What the table waits for, said to one person: that person to ``look`` (or bid blind),
#: ``bid``, ``exchange`` or ``play``; the ``bots`` to move; another person at the table
#: (``others``); someone to deal the ``next-hand``; or the game is ``over``.
WAITS = ("look", "bid", "exchange", "play", "bots", "others", "next-hand", "over")
#: The longest pause between bot moves, in seconds.
MAX_PACE = 60


# ---------------------------------------------------------------------------- words


def card_words(card: Card | Play) -> str:
    """A card (or a Traveler/Hunter play) named in words: ``"7 of Acorns"``,
    ``"Traveler of Planets/Spades, as Spades"``."""
    if isinstance(card, Play):
        if card.card.is_dual:
            return f"{card.card.name}, as {SUITS[card.suit].name}"
        return card.card.name
    return card.name


def trick_lines(hand: Hand, k: int) -> list[str]:
    """Who won trick ``k`` (0-based) and why, in words from :func:`explain_trick`: its
    sentences (the lines of level 0 after the first), without the details under them."""
    t = explain_trick(hand, k)
    return [learner(x) for x in t.said[1:] if x.level == 0] + words.lost_ace_words(hand, k, t)


def score_lines(hand: Hand) -> list[str]:
    """The hand's score, partnership by partnership, in words from :func:`explain_score`."""
    ex = explain_score(hand)
    out = [f"Hand {hand.index + 1} is over."]
    for t in ex.teams:
        out.append(f"{t.name}: bid {t.bid}, took {t.counted}; this hand {t.hand_score:+d}, "
                   f"total {t.total_before} → {t.total}; bags {t.bags}.")
        for ln in t.lines:
            out.append(f"    {ln.points:+d}: {plain(ln)}")
        out.extend(f"    {plain(x)}" for x in t.nils if not x.made)
    out.append(f"After the hand: {ex.outcome}" + (
        f"; {ex.teams[ex.winner].name} win the game." if ex.over and ex.winner is not None
        else "."))
    return out


# ---------------------------------------------------------------------------- the model


@dataclass(frozen=True)
class BidChoice:
    """A bid the learner may make now, with its words."""

    label: str
    bid: Bid


#: What a person to decide does in each phase (:meth:`PlayModel.waiting`).
_DECIDES = {BIDDING: "bid", EXCHANGE: "exchange", PLAY: "play"}


@dataclass(frozen=True)
class Mark:
    """Where a person's decision was made, to take it back: the hand and the STEP of its line,
    the random generator's state then (so the bots and the next deals come out the same again)
    and how long the feed was."""

    hand: int
    step: int
    rng: Any
    feed: int


def _play_seats(rules: RuleSet, seat: Any, seats: Mapping[int, Seat | str] | None,
                recorded: bool = False) -> tuple[Seat, ...]:
    """Who plays each seat of a play table: ``seats`` (seat -> person, bot or, with a
    ``recorded`` hand to follow, as recorded; unnamed seats bots) or the one learner at
    ``seat`` (default 0), checked."""
    n = rules.players
    if seat is not None and not (args.is_whole(seat) and 0 <= seat < n):
        raise ArgumentError(f"The learner's seat must be 0-{n - 1} ({rules_title(rules)} has "
                            f"{n} seats), not {echo(seat)}.", argument="the seat")
    if seats is None:
        one = 0 if seat is None else seat
        return tuple(PERSON if s == one else BOT for s in range(n))
    if not isinstance(seats, Mapping):
        raise ArgumentError("Say who plays each seat as a mapping from seat (0 to "
                            f"{n - 1}) to 'person' or 'bot', not {echo(seats)}.",
                            argument="the seats")
    out = [BOT] * n
    for k, kind in seats.items():
        if not (args.is_whole(k) and 0 <= k < n):
            raise ArgumentError(f"A seat of {rules_title(rules)} is 0-{n - 1}, not {echo(k)}.",
                                argument="the seats")
        if kind not in (PERSON, BOT, *((RECORDED,) if recorded else ())):
            raise ArgumentError(f"At a play table each seat is a 'person' or a 'bot' (a seat "
                                "plays as recorded only on a hand taken over from a record), "
                                f"not {echo(kind)}.", argument="the seats")
        out[k] = Seat(kind)
    if PERSON not in out:
        raise ArgumentError("A play table needs at least one seat a person plays.",
                            argument="the seats")
    return tuple(out)


class PlayModel(Table):
    """A game in which people play some seats (:data:`PERSON`) and seeded bots the others
    (:data:`BOT`; a hand taken over from a record has its earlier actions :data:`RECORDED`):
    one learner at ``seat``, or several people with ``seats`` (a mapping seat -> :class:`Seat`
    kind, unnamed seats bots), as a classroom table has.  Every method a person uses takes
    ``seat=`` (default :attr:`seat`, the first person) and shows that seat only what
    :meth:`Game.view <spades_lab.core.engine.Game.view>` lets it see; a server holds one model
    per table (nothing here imports ipywidgets).  The hand in play is a :class:`Line` that
    grows with every action (:attr:`line`); undo takes it back to the STEP of the last
    person's decision (:meth:`Line.undo_to`).

    ``pace`` is the pause between bot moves in seconds for a widget; with ``pace == 0`` every
    learner action runs the bots at once (``run_bots``), otherwise the caller moves them one
    at a time (``step_bot``).  ``feed`` is the running account in words ("What just happened").

    Arguments of the wrong kind are refused with an
    :class:`~spades_lab.core.errors.ArgumentError` (checked by :mod:`spades_lab.core.args`);
    a learner's action the table does not take (``bid``, ``exchange``, ``play``) returns False
    with the sentence in ``message`` and its rule id in ``message_rule``, and changes nothing.
    """

    def __init__(self, rules: RuleSet | str = "standard", options: Mapping[str, Any] | None = None,
                 *, seat: int | None = None, seats: Mapping[int, Seat | str] | None = None,
                 seed: int = 0, pace: float = 0.0, game: Game | None = None,
                 recorded: Sequence[Step] = ()) -> None:
        if game is not None:
            game = args.instance(game, "the game", Game, "a Game")
            self._rules = game.rules
        else:
            self._rules = rules_of(rules, options)
        n = self.rules.players
        self._script = tuple(recorded)  # the record's actions from the position taken over
        self.seats = _play_seats(self.rules, seat, seats, recorded=bool(self._script))
        persons = self.persons()
        if seat is None:
            seat = persons[0]
        elif seat not in persons:
            raise ArgumentError(f"Seat {seat} ({seat_name(seat, n)}) is a bot at this table: "
                                "the learner's seat must be one a person plays.",
                                argument="the seat")
        self.seat = seat
        self.seed = args.seed(seed)
        self._pace = 0.0
        self.pace = pace
        self.rng = random.Random(seed)
        self.bots = [HeuristicPlayer() for _ in range(n)]
        self.feed: list[str] = []
        self.message = ""
        self.message_rule: str | None = None
        self.history: list[Mark] = []
        self.last_trick: int | None = None  # index of the trick just completed (shown until
        self.game = game if game is not None else Game(self.rules)  # the next lead)
        # where the learner's own plays begin: (hand, plays made before) -- a hand taken
        # over from a record has its earlier tricks played by the record, not the learner
        h0 = self.game.hand
        self._script_hand = h0.index if h0 is not None else -1
        self._script_base = len(Line.of(self.game).steps) if h0 is not None else 0
        self._taken_over = game is not None and bool(game.log)
        #: the hand so far when this game was taken over from a record (:meth:`recap`)
        self.taken_at = words.recap_lines(h0) if self._taken_over and h0 is not None and \
            not h0.complete else []
        self._own_from = (h0.index, len(h0.tricks) * n + len(h0.trick)) \
            if h0 is not None and not h0.complete else (len(self.game.hands), 0)

        self._review: tuple[tuple[Any, ...], HandReview] | None = None
        #: a claim waiting for the other players' answers (:meth:`claim`), and those given
        self.claim_pending: ClaimCheck | None = None
        self.claim_answers: dict[int, bool] = {}
        if self.game.phase == Phase.DEAL and not self.game.over:
            self._deal()
        else:
            self._prepare_look()
        if self.pace == 0:
            self.run_bots()

    @property
    def rules(self) -> RuleSet:
        return self._rules

    @property
    def game(self) -> Game:
        """The game as it stands (the last position of :attr:`line`)."""
        return self._game

    @game.setter
    def game(self, value: Game) -> None:
        self._game = value

    @property
    def line(self) -> Line | None:
        """The hand in play (the last dealt) as a line of positions; None before a deal."""
        return Line.of(self._game) if self._game.hands else None

    @property
    def pace(self) -> float:
        """The pause between bot moves in seconds (0: the bots move at once), 0 to
        :data:`MAX_PACE`."""
        return self._pace

    @pace.setter
    def pace(self, value: float) -> None:
        self._pace = args.number(value, "the bots' pace (seconds between moves)", lo=0,
                                 hi=MAX_PACE)

    # ------------------------------------------------------------------ teacher's positions
    @classmethod
    def from_record(cls, record: RecordSource, *, hand_number: int = 1, trick_number: int = 1,
                    seat: int | None = None, seats: Mapping[int, Seat | str] | None = None,
                    seed: int = 0, pace: float = 0.0) -> PlayModel:
        """Play on from the start of trick ``trick_number`` of hand ``hand_number`` of a record
        (both counted from 1): bids and exchanges as recorded, the cards of the earlier tricks
        as recorded, then the learner (``seat``, default the seat to lead) against bots."""
        args.whole(hand_number, "the hand number", lo=1)
        args.whole(trick_number, "the trick number", lo=1)
        args.optional_whole(seat, "the seat", lo=0)
        args.seed(seed)
        args.number(pace, "the bots' pace (seconds between moves)", lo=0, hi=MAX_PACE)
        data = load_record(record)
        hands = data.get("hands", [])
        if not 1 <= hand_number <= len(hands):
            raise RuleError(Rule.BAD_RECORD, f"The record has {plural(len(hands), 'hand')}; "
                            f"there is no hand {echo(hand_number)}.")
        h = hands[hand_number - 1]
        rules = rules_from_json(data["rules"])
        n, size = rules.players, rules.hand_size
        if not 1 <= trick_number <= size:
            raise RuleError(Rule.BAD_RECORD, f"A hand of {rules.name} has {size} tricks (1 to "
                            f"{size}); there is no trick {echo(trick_number)}.")
        plays = h.get("plays", [])
        if len(plays) < (trick_number - 1) * n:
            raise RuleError(Rule.BAD_RECORD, f"Hand {hand_number} of the record stops before trick "
                            f"{trick_number}.")
        steps = len(h.get("bids", [])) + len(h.get("exchange", [])) + (trick_number - 1) * n
        return cls.from_line(Line.from_record(data, hand_number - 1).branch(steps), seat=seat,
                             seats=seats, seed=seed, pace=pace)

    @classmethod
    def from_line(cls, line: Line, *, seat: int | None = None,
                  seats: Mapping[int, Seat | str] | None = None, seed: int = 0,
                  pace: float = 0.0, recorded: Sequence[Step] = ()) -> PlayModel:
        """Play on from the last position of ``line`` (a branch of a recorded hand: its actions
        so far are :data:`RECORDED`): ``seat`` (default the seat to move) against bots, or
        the people of ``seats``; a seat of ``seats`` that is :data:`RECORDED` makes the
        record's next actions (``recorded``: the hand's steps from the branch on) while the
        table still follows the record, then plays as a bot."""
        args.instance(line, "the line", Line, "a Line")
        game = line.final
        if seat is None and seats is None:
            seat = game.turn if game.turn is not None else 0
        return cls(game=game, seat=seat, seats=seats, seed=seed, pace=pace, recorded=recorded)

    @property
    def taken_over(self) -> bool:
        """Was this game taken over from a record (a hand already under way)?"""
        return self._taken_over

    # ------------------------------------------------------------------ state
    @property
    def hand(self) -> Hand | None:
        return self.game.hand

    def _person(self, seat: Any) -> int:
        """``seat`` (None: :attr:`seat`) if a person plays it, else a typed refusal."""
        if seat is None:
            return self.seat
        n = self.rules.players
        args.whole(seat, "the seat", lo=0, hi=n - 1)
        if self.seats[seat] != PERSON:
            raise ArgumentError(f"Seat {seat} ({self.game.seat_name(seat)}) is a bot at this "
                                "table: only a person's seat decides here.", argument="the seat")
        return int(seat)

    def waiting(self, seat: int | None = None) -> str:
        """One of :data:`WAITS`, for the person at ``seat`` (default :attr:`seat`)."""
        seat = self._person(seat)
        g = self._game
        h = g.hand
        if g.over:
            return "over"
        phase = g.phase  # (compared with the engine's module names: asked at every redraw)
        if h is None or phase == DEAL:
            return "next-hand"
        if self._acts(seat):
            if phase == BIDDING and not h.looked[seat] and self.blind_bids(seat=seat):
                return "look"  # bid blind, or look first
            return _DECIDES[phase]
        return "bots" if self._bot_seat() is not None else "others"

    def _acts(self, seat: int) -> bool:
        """Is ``seat`` to decide now?"""
        h = self._game.hand
        if h is None or h.complete:
            return False
        if self._game.phase == EXCHANGE:
            return seat in h.awaiting()
        return h.turn == seat

    def _bot_seat(self) -> int | None:
        """The seat a bot or the record moves for now, if one is to move."""
        g = self._game
        h = g.hand
        if h is None or h.complete or g.over:
            return None
        if g.phase == EXCHANGE:
            bots = [s for s in h.awaiting() if self.seats[s] != PERSON]
            return bots[0] if bots else None
        return h.turn if h.turn is not None and self.seats[h.turn] != PERSON else None

    def record_next(self) -> Step | None:
        """The record's next action, while every action since the hand was taken over is the
        record's (None: no record to follow, or the table no longer follows it)."""
        h = self.game.hand
        if not self._script or h is None or h.index != self._script_hand:
            return None
        done = Line.of(self.game).steps[self._script_base:]
        if len(done) >= len(self._script) or done != self._script[:len(done)]:
            return None
        return self._script[len(done)]

    @property
    def looked(self) -> bool:
        """Has the learner (:attr:`seat`) seen the cards of this hand?"""
        return self.has_looked(self.seat)

    def has_looked(self, seat: int | None = None) -> bool:
        """Has the person at ``seat`` seen the cards of this hand?"""
        return self.game.view(self._person(seat)).hand is not None

    def seat_label(self, seat: int) -> str:
        """The seat's name; "(you)" after the learner's at a table with one person."""
        args.whole(seat, "the seat", lo=0, hi=self.rules.players - 1)
        alone = len(self.persons()) == 1
        return self.game.seat_name(seat) + (" (you)" if alone and seat == self.seat else "")

    # ------------------------------------------------------------------ what the learner sees
    def my_cards(self, seat: int | None = None) -> list[tuple[Card, bool]]:
        """The cards of the person at ``seat`` (default the learner; deck order, from
        :meth:`Game.view`), each with whether it may be played now; empty while that person
        has not looked."""
        seat = self._person(seat)
        v = self.game.view(seat)
        if v.hand is None:
            return []
        legal = {p.card for p in v.legal} if self.waiting(seat) == "play" else set()
        return [(c, c in legal) for c in self.rules.deck.sorted(v.hand)]

    def plays_for(self, card: Card | str, seat: int | None = None) -> list[Play]:
        """The legal plays of ``card`` by the person at ``seat`` (two for a Traveler/Hunter
        that may be declared either way)."""
        if self.waiting(seat) != "play":
            return []
        c = self.rules.deck.parse(card) if not isinstance(card, Card) else card
        return [p for p in self.game.legal_plays() if p.card is c]

    def trick_view(self) -> TrickView:
        """The trick in the middle (in progress, with who is winning it, or the one just
        completed until the next lead, with who won it) and a caption in words."""
        h = self.game.hand
        if h is None:
            return TrickView()
        return self._trick_view(h, self.last_trick, self.seat_label)

    def shown_trick(self) -> tuple[list[tuple[int, Play]], int | None, str]:
        """:meth:`trick_view` as (the cards, the seat marked ``sl-winning``, the caption)."""
        v = self.trick_view()
        return list(v.plays), v.marked, v.caption

    def blind_bids(self, seat: int | None = None) -> list[Bid]:
        """The blind bids the person at ``seat`` may make now (``Game.legal_bids()``; none
        once the cards are seen or when it is not that seat's turn to bid)."""
        seat = self._person(seat)
        h = self.game.hand
        if h is None or self.game.phase != Phase.BIDDING or h.looked[seat] or h.turn != seat:
            return []
        return [b for b in self.game.legal_bids() if b.blind]

    def bid_choices(self, seat: int | None = None) -> list[BidChoice]:
        """The bids the person at ``seat`` may make now, from ``Game.legal_bids()``: only
        blind bids until that person looks (where blind bids are allowed at all)."""
        w = self.waiting(seat)
        if w not in ("look", "bid"):
            return []
        legal = self.game.legal_bids()
        if w == "look":
            legal = tuple(b for b in legal if b.blind)
        elif self.has_looked(seat):
            legal = tuple(b for b in legal if not b.blind)
        return [BidChoice(b.label, b) for b in legal]

    def bid_menu(self, seat: int | None = None) -> list[words.BidKind]:
        """:meth:`bid_choices` as kinds of bid, each with its numbers (a kind, then a number:
        "Nil Spades", then "+ 2"), instead of one list of every bid."""
        return words.bid_kinds([c.bid for c in self.bid_choices(seat)])

    def guide(self, seat: int | None = None) -> str:
        """What the person at ``seat`` is to do now, in one plain line (one for each phase)."""
        seat = self._person(seat)
        w = self.waiting(seat)
        h = self.game.hand
        legal = [c.bid for c in self.bid_choices(seat)] if w in ("look", "bid") else []
        return words.phase_line(w, self.rules, seat, h, legal=legal,
                                due=self.exchange_due(seat), lead=h is not None and not h.trick,
                                waiting_for=h.waiting_for() if h is not None else "")

    def partners(self, seat: int | None = None) -> tuple[int, ...]:
        """The partners of the person at ``seat``."""
        return self.partners_of(self._person(seat))

    def taken_words(self, seat: int | None = None) -> str:
        """The table's "taken/bid" marks in words (each seat's tricks so far and its bid)."""
        h = self.game.hand
        return words.taken_words(h, self._person(seat)) if h is not None else ""

    def recap(self) -> list[str]:
        """The hand so far in words (bids, exchanges, tricks), as a person taking over a hand
        from a record reads it first."""
        h = self.game.hand
        return words.recap_lines(h) if h is not None else []

    def exchange_due(self, seat: int | None = None) -> dict[str, Any] | None:
        """What the person at ``seat`` must pass now: ``lo``/``hi`` cards to ``to`` (a seat);
        ``face_down`` when passing before seeing the cards (then only a count is chosen and
        the table hands over that many unseen cards)."""
        seat = self._person(seat)
        if self.waiting(seat) != "exchange":
            return None
        h = self.game.hand
        assert h is not None
        owed = h.owed_pass(seat)
        assert owed is not None
        return {"lo": owed.lo, "hi": owed.hi, "to": owed.to,
                "face_down": not self.has_looked(seat)}

    # ------------------------------------------------------------------ the learner's actions
    def _mark(self) -> None:
        """Mark the position before a decision of the learner's, to take it back to."""
        hand, step = Line.position_of(self.game)
        self.history.append(Mark(hand, step, self.rng.getstate(), len(self.feed)))

    def _refuse(self, message: str, rule: str | None = None) -> bool:
        self.message = message
        self.message_rule = rule
        return False

    def look(self, seat: int | None = None) -> None:
        """The person at ``seat`` picks up the cards (no blind bid after this)."""
        seat = self._person(seat)
        h = self.game.hand
        if h is not None and self.game.phase == Phase.BIDDING and not h.looked[seat]:
            self.game.look(seat)
        self.message, self.message_rule = "", None

    def bid(self, value: Any, seat: int | None = None) -> bool:
        """Bid ``value`` (a :class:`Bid`, a number or a text such as ``"nil spades + 2"``) for
        the person at ``seat``; False with the engine's sentence in ``message`` when refused
        (nothing changes)."""
        seat = self._person(seat)
        if self.waiting(seat) not in ("look", "bid"):
            return self._refuse(self._not_now("a bid", seat), Rule.WRONG_PHASE)
        check = self.game.can_bid(value, seat=seat)
        if not check:
            return self._refuse(check.message, check.rule)
        self._mark()
        before = len(self.game.log)
        self.game.bid(value, seat=seat)
        self._narrate(before)
        self.message, self.message_rule = "", None
        self._after()
        return True

    def exchange(self, cards: Sequence[Any] | int, seat: int | None = None) -> bool:
        """Pass ``cards`` to the exchange partner of the person at ``seat``, or, passing face
        down, a count of unseen cards the table picks (with the game's seeded generator)."""
        seat = self._person(seat)
        due = self.exchange_due(seat)
        if due is None:
            return self._refuse(self._not_now("a card exchange", seat), Rule.WRONG_PHASE)
        h = self.game.hand
        assert h is not None
        if not args.is_whole(cards) and not isinstance(cards, (list, tuple)):
            return self._refuse("Pass a number of cards (face down) or a list of cards, not "
                                f"{echo(cards)}.", Rule.EXCHANGE_INVALID)
        if isinstance(cards, int):
            if not due["lo"] <= cards <= due["hi"]:
                want = str(due["hi"]) if due["lo"] == due["hi"] else f"{due['lo']} to {due['hi']}"
                return self._refuse(f"You must pass {want} cards, not {echo(cards)}.",
                                    Rule.EXCHANGE_INVALID)
            state = self.rng.getstate()
            chosen: Sequence[Any] = self.rng.sample(h.hands[seat], cards)
            self.rng.setstate(state)  # drawn again below, after the mark
        else:
            chosen = list(cards)
        check = self.game.can_exchange(seat, chosen)
        if not check:
            return self._refuse(check.message, check.rule)
        self._mark()
        if isinstance(cards, int):
            chosen = self.rng.sample(h.hands[seat], cards)
        before = len(self.game.log)
        self.game.exchange(seat, chosen)
        self._narrate(before)
        self.message, self.message_rule = "", None
        self._after()
        return True

    def play(self, card: Any, as_: Any = None, seat: int | None = None) -> bool:
        """Play ``card`` (a :class:`Play`, :class:`Card` or its text) for the person at
        ``seat``, declared ``as_`` a suit for a Traveler/Hunter played by choice; False with
        the engine's sentence in ``message`` when refused (nothing changes)."""
        seat = self._person(seat)
        if self.waiting(seat) != "play":
            return self._refuse(self._not_now("a card", seat), Rule.WRONG_PHASE)
        check = self.game.can_play(card, as_, seat=seat)
        if not check:
            return self._refuse(check.message, check.rule)
        self._mark()
        before = len(self.game.log)
        self.game.play(card, as_, seat=seat)
        self._narrate(before)
        self.message, self.message_rule = "", None
        self._after()
        return True

    # ------------------------------------------------------------------ claims
    def claim(self, tricks: Any, seat: int | None = None, *,
              time_limit: float = CLAIM_BUDGET) -> bool:
        """The person at ``seat`` claims ``tricks`` of the remaining tricks (all of them: the
        rest; 0: a concession), on their turn to play.  The solver checks it
        (:func:`~spades_lab.teach.claims.check_claim`, ``time_limit`` seconds) and the feed says
        its verdict in words; the robots of the other side accept a claim it proves and play on
        against any other; people of the other side answer with :meth:`answer_claim`
        (:attr:`claim_pending` until they all have).  True when the claim stands (the hand
        ended) or waits for people's answers; False, with ``message``, when the rules refuse it
        (``message_rule`` a ``claim-...`` id, nothing changes) or a robot plays on."""
        seat = self._person(seat)
        if self.claim_pending is not None:
            return self._refuse("A claim is already waiting for the other players' answers.",
                                Rule.CLAIM_WRONG_PHASE)
        check = self.game.can_claim(seat, tricks)
        if not check:
            return self._refuse(check.message, check.rule)
        h = self.game.hand
        assert h is not None
        n = self.rules.players
        c = check_claim(self.game, seat, tricks, time_limit=time_limit)
        self.feed.append(claim_words(seat, tricks, c.remaining, n).replace(
            seat_name(seat, n), self.seat_label(seat), 1))
        self.feed.append(c.words)
        others = [s for s in range(n) if s not in c.side]
        bots = [s for s in others if self.seats[s] != PERSON]
        if bots and not robots_accept(c):
            why = "the solver refutes it" if c.verdict == "wrong" else "the solver could not " \
                "prove it in time"
            said = f"{side_words(bots, n)} {'play' if len(bots) > 1 else 'plays'} on: {why}."
            self.feed.append(said)
            return self._refuse(said)
        self.claim_pending = c
        self.claim_answers = {s: True for s in bots}
        self.message, self.message_rule = "", None
        if all(s in self.claim_answers for s in others):
            self._settle_claim()
        return True

    def claim_answer_due(self, seat: int | None = None) -> bool:
        """Is a claim waiting for the answer of the person at ``seat``?"""
        seat = self._person(seat)
        c = self.claim_pending
        return c is not None and seat not in c.side and seat not in self.claim_answers

    def answer_claim(self, accept: bool, seat: int | None = None) -> bool:
        """The person at ``seat`` accepts the claim waiting (``accept``) or plays on.  The
        claim stands once every other player has accepted it; one who plays on ends it (the
        hand goes on).  False, with ``message``, when no claim waits for this seat."""
        seat = self._person(seat)
        c = self.claim_pending
        if c is None or not self.claim_answer_due(seat):
            return self._refuse("No claim is waiting for your answer.", Rule.CLAIM_WRONG_PHASE)
        n = self.rules.players
        if not accept:
            self.feed.append(f"{self.seat_label(seat)} plays on.")
            self.claim_pending, self.claim_answers = None, {}
            self.message, self.message_rule = "", None
            return True
        self.claim_answers[seat] = True
        if all(s in self.claim_answers for s in range(n) if s not in c.side):
            self._settle_claim()
        self.message, self.message_rule = "", None
        return True

    def decide_claim(self, accept: bool) -> bool:
        """The teacher's decision on the claim waiting, for every player who has not answered:
        accepted (as ``"teacher"`` in the record when the solver did not prove it), or played
        on.  False, with ``message``, when no claim waits."""
        c = self.claim_pending
        if c is None:
            return self._refuse("No claim is waiting for an answer.", Rule.CLAIM_WRONG_PHASE)
        if not accept:
            self.feed.append("The teacher says: play on.")
            self.claim_pending, self.claim_answers = None, {}
        else:
            self._settle_claim(teacher=True)
        self.message, self.message_rule = "", None
        return True

    def _settle_claim(self, teacher: bool = False) -> None:
        c = self.claim_pending
        assert c is not None
        accepted: list[int | str] = sorted(self.claim_answers)
        if teacher and c.verdict != "right":
            accepted.append(TEACHER)
        self._mark()
        settle(self.game, c, accepted)
        self.claim_pending, self.claim_answers = None, {}
        h = self.game.hands[-1]
        self.feed.append("The claim stands: the hand ends." if c.verdict == "right" else
                         "The claim is accepted: the hand ends.")
        self.feed.extend(score_lines(h))
        self.last_trick = None
        self._after()

    def _not_now(self, what: str, seat: int) -> str:
        w = self.waiting(seat)
        if w == "over":
            return "The game is over."
        if w == "next-hand":
            return "The hand is over: deal the next hand."
        if w in ("bots", "others"):
            h = self.game.hand
            return f"It is not your turn: the table waits for " \
                f"{h.waiting_for() if h else 'the deal'}, not {what} from you."
        return f"The table waits for you to {w}, not for {what}."

    def next_hand(self) -> bool:
        """Deal the next hand (after a hand is scored, until the game is over)."""
        if self.waiting() != "next-hand":  # the same for every seat
            return self._refuse("The game is over." if self.game.over else
                                "The hand in progress is not over yet.", Rule.WRONG_PHASE)
        self._deal()
        self.message, self.message_rule = "", None
        if self.pace == 0:
            self.run_bots()
        return True

    def undo(self) -> bool:
        """Take back the learner's last decision (and the bots' moves after it)."""
        if not self.history:
            return self._refuse("There is nothing to take back.")
        mark = self.history.pop()
        self.claim_pending, self.claim_answers = None, {}
        line = Line.of(self.game, mark.hand)
        line.undo_to(mark.step)
        self.game = line.final
        self.rng.setstate(mark.rng)
        del self.feed[mark.feed:]
        h = self.game.hand
        self.last_trick = len(h.tricks) - 1 if h is not None and h.tricks and not h.trick \
            else None
        self.feed.append("You took back your last decision.")
        self.message, self.message_rule = "", None
        return True

    def hint(self, seat: int | None = None) -> str:
        """What the practice bot would do in the place of the person at ``seat``, in words
        (the game and its random generator are untouched)."""
        seat = self._person(seat)
        w = self.waiting(seat)
        h = self.game.hand
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        bot = HeuristicPlayer()
        view = self.game.view(seat)
        if w == "look":
            pick = bot.choose_blind(view, self.blind_bids(seat), rng)
            why = words.blind_reason(view, pick)
            if pick is None:
                return ("The practice bot would not bid blind here: it would look at its cards "
                        "and then bid. " + why).strip()
            return f"The practice bot would bid {pick.label} without looking. {why}".strip()
        if w == "bid":
            choices = [c.bid for c in self.bid_choices(seat)]
            b = bot.choose_bid(view, choices, rng)
            return f"The practice bot would bid {b.label}. {words.bid_reason(view, b)}".strip()
        if w == "exchange":
            due = self.exchange_due(seat)
            assert due is not None
            if due["face_down"]:
                n = bot.choose_exchange_count(view, due["lo"], due["hi"], rng)
                return f"The practice bot would pass {plural(n, 'unseen card')}."
            cards = bot.choose_exchange(view, due["lo"], due["hi"], rng)
            mine = h.bids[seat] if h is not None else None
            reason = (" A nil bidder passes its highest cards, the ones that could win a trick."
                      if mine is not None and mine.nil is not None else
                      " A nil bidder's partner passes low cards, which cannot win a trick for "
                      "the nil bidder.")
            return "The practice bot would pass " + ", ".join(c.name for c in cards) + "." + \
                reason
        if w == "play":
            p = bot.choose_play(view, self.game.legal_plays(), rng)
            legality = explain_play(self.game, p.card, p.suit if p.card.is_dual else None,
                                    seat=seat)
            return f"The practice bot would play the {card_words(p)}. {learner(legality)}"
        return "No decision of yours is due now."

    # ------------------------------------------------------------------ after the hand
    def review_due(self) -> bool:
        """Is there a finished hand to look back on?  Only between hands (or after the game):
        never while a hand is being played."""
        h = self.game.hand
        return self.waiting() in ("next-hand", "over") and h is not None and h.complete

    def best_card_review(self, *, time_limit: float | None = 1.0,
                         total_limit: float | None = 20.0,
                         node_limit: int | None = None,
                         seat: int | None = None) -> HandReview | None:
        """"Show me the best card": each card the learner played in the hand just finished,
        judged with every hand visible (:func:`~spades_lab.teach.bestplay.review_plays`) --
        did it keep the most tricks, or which card would have kept more and how many.  Only
        after the hand: while a hand is in play this returns None and ``message`` says why.
        ``time_limit`` (seconds) and ``node_limit`` bound each position, ``total_limit`` the
        whole review (seconds).  The review is kept for the game's exact history (every event
        of its log): after Undo and other cards, the hand played is reviewed, not the one taken
        back."""
        args.optional_whole(node_limit, "the node limit", lo=1)
        seat = self._person(seat)
        for limit, what in ((time_limit, "the time limit"), (total_limit, "the total limit")):
            if limit is not None:
                args.number(limit, what + " (seconds)", lo=0)
        if not self.review_due():
            self.message = ("The best card is shown after the hand: finish this hand first."
                            if self.waiting() not in ("next-hand", "over") else
                            "No hand has been played yet.")
            return None
        h = self.game.hand
        assert h is not None
        key = (tuple(self.game.log), time_limit, total_limit, node_limit, seat)
        if self._review is not None and self._review[0] == key:
            return self._review[1]
        start = self._own_from[1] if self._own_from[0] == h.index else 0
        review = review_plays(self.game, seat, h.index, from_step=start,
                              time_limit=time_limit, total_limit=total_limit,
                              node_limit=node_limit)
        self._review = (key, review)
        self.message, self.message_rule = "", None
        return review

    # ------------------------------------------------------------------ bots
    def run_bots(self) -> int:
        """Let the bots move until the learner must decide (or the hand ends); the number of
        moves made."""
        k = 0
        while self.step_bot():
            k += 1
        return k

    def step_bot(self) -> bool:
        """One bot move, if a bot is to move: :func:`spades_lab.play.players.act` for the bot's
        seat, then its words in the feed."""
        seat = self._bot_seat()
        if seat is None:
            return False
        before = len(self.game.log)
        step = self.record_next() if self.seats[seat] == RECORDED else None
        if step is not None and step.seat == seat:
            apply_step(self.game, step)  # as recorded (the engine checks it like any action)
        else:
            act(self.game, self.bots, self.rng, seat=seat)
        self._narrate(before)
        self._after_any()
        return True

    # ------------------------------------------------------------------ internals
    def _deal(self) -> None:
        self.game.deal(self.rng)
        h = self.game.hand
        assert h is not None
        self.last_trick = None
        self.feed.append(f"Hand {h.index + 1} is dealt; {self.game.seat_name(h.dealer)} "
                         "deals.")
        self._prepare_look()

    def _prepare_look(self) -> None:
        """Pick up each person's cards unless a blind bid is still open to that person."""
        h = self.game.hand
        if h is None or self.game.phase != Phase.BIDDING:
            return
        for seat in self.persons():
            if not h.looked[seat] and not h.blind_allowed(seat):
                self.game.look(seat)

    def _narrate(self, since: int) -> None:
        """The feed's words for the log's events from index ``since`` on (one action, and the
        looks before it), from the events' fields."""
        g = self.game
        for ev in g.log[since:]:
            if not isinstance(ev, (BidEvent, ExchangeEvent, PlayEvent)):
                continue  # a look, a deal or a score: said elsewhere, or not at all
            you = ev.seat == self.seat and len(self.persons()) == 1
            who = "You" if you else self.seat_label(ev.seat)
            if isinstance(ev, BidEvent):
                self.feed.append(f"{who} {'bid' if you else 'bids'} {ev.bid.label}.")
            elif isinstance(ev, ExchangeEvent):
                self.feed.append(f"{who} {'pass' if you else 'passes'} "
                                 f"{plural(len(ev.cards), 'card')} face down to "
                                 f"{self.seat_label(ev.to)}.")
            else:
                h = g.hands[-1]
                lead = len(h.trick) == 1
                verb = ("lead" if lead else "play") if you else ("leads" if lead else "plays")
                self.feed.append(f"{who} {verb} the {card_words(ev.play)}.")
                if not h.trick and h.tricks:
                    self.last_trick = len(h.tricks) - 1
                    self.feed.extend(trick_lines(h, len(h.tricks) - 1))
                    if h.complete:
                        self.feed.extend(score_lines(h))
                else:
                    self.last_trick = None

    def _after_any(self) -> None:
        self.claim_pending, self.claim_answers = None, {}  # any action ends a claim's wait
        self._prepare_look()

    def _after(self) -> None:
        self._after_any()
        if self.pace == 0:
            self.run_bots()

    # ------------------------------------------------------------------ saving
    def record(self) -> dict[str, Any]:
        """The game so far as a game record (RECORD-FORMAT.md)."""
        return self.game.to_record()

    def save(self, path: str | Path | None = None) -> str:
        """The record as JSON text (written to ``path`` if given), replayable by
        ``spades-lab replay`` and loadable by the what-if tools."""
        return dump_record(self.game, path)

    def final_score_text(self) -> list[str]:
        """The last complete hand's score in words (empty before any hand is complete)."""
        done = [h for h in self.game.hands if h.complete]
        return score_lines(done[-1]) if done else []

    def setup_words(self) -> list[str]:
        """The table in words: rule set, deck, seats, options."""
        r = self.rules
        people = self.persons()
        sit = f"You sit {self.game.seat_name(self.seat)}." if len(people) == 1 else \
            "People sit " + " and ".join(self.game.seat_name(s) for s in people) + "."
        return [f"{rules_title(r)}: {', '.join(table_words(r))}, {r.hand_size} cards each. "
                f"{sit}"] + option_words(r)

    def __repr__(self) -> str:
        return f"<PlayModel {self.rules.name}, seat {self.seat}, {self.waiting()}>"


def options_from_text(text: str) -> dict[str, Any]:
    """``"travelers_hunters=true, target=300"`` as an options mapping (JSON values)."""
    out: dict[str, Any] = {}
    for part in text.split(","):
        if not part.strip():
            continue
        key, _, value = part.partition("=")
        try:
            out[key.strip()] = json.loads(value.strip())
        except json.JSONDecodeError:
            out[key.strip()] = value.strip()
    return out


# house rules: bidding and play, as play mode's setup offers them (docs/rulings.md section 9)
@dataclass(frozen=True)
class HouseChoice:
    """One bidding or play house rule as a setup control: its option, a plain label, and
    either its choices in words (``kind="menu"``), a yes/no (``"flag"``), or a whole number from
    0 to ``most`` (``"count"``; for a partnership's cap or minimum, 0 is "off")."""

    option: str
    label: str
    kind: str
    value: Any
    choices: tuple[tuple[str, Any], ...] = ()
    most: int = 0


#: The house rules whose count 0 stands for "off" (the option's null).
_OFF_AT_ZERO = ("bag_limit", "hand_limit", "team_bid_max", "team_bid_min", "losing_floor",
                "blind_nil_deficit")


def house_play_choices(preset: str) -> tuple[HouseChoice, ...]:
    """The bidding and play house rules ``preset`` takes, as setup controls at the seed
    rules' defaults (none for the Spades and Acorns sets).

    >>> [(c.option, c.kind) for c in house_play_choices("standard")][:3]
    [('spade_lead', 'menu'), ('zero_bid', 'menu'), ('nil_bids', 'menu')]
    >>> house_play_choices("acorns")
    ()
    """
    r = RuleSet.preset(preset)
    out: list[HouseChoice] = []
    for key in HOUSE_OPTIONS[preset]:
        if key not in HOUSE_PLAY_OPTIONS:
            continue
        value = getattr(r, key)
        label = HOUSE_PLAY_LABELS[key]
        if key in HOUSE_PLAY_CHOICE_WORDS:
            out.append(HouseChoice(key, label, "menu", value, HOUSE_PLAY_CHOICE_WORDS[key]))
        elif isinstance(value, bool):
            out.append(HouseChoice(key, label, "flag", value))
        else:
            most = r.hand_size if key == "nil_exchange" else 2 * r.hand_size
            out.append(HouseChoice(key, label, "count", value or 0, most=most))
    return tuple(out)


def setup_options(values: Mapping[str, Any]) -> dict[str, Any]:
    """A setup's control values as options: a count of 0 that means "off" is null, and no bag
    limit means no bag penalty.

    >>> setup_options({"bag_limit": 0, "team_bid_max": 13, "team_bid_min": 0})
    {'bag_limit': None, 'team_bid_max': 13, 'team_bid_min': None, 'bag_penalty': 0}
    """
    opts = {k: (None if k in _OFF_AT_ZERO and v == 0 else v) for k, v in values.items()}
    if "bag_limit" in values and opts["bag_limit"] is None:
        opts["bag_penalty"] = 0
    return opts


def house_setup_words(preset: str, values: Mapping[str, Any]) -> tuple[bool, list[str]]:
    """What a setup's choices come to, before a game is dealt: ``(True, the house rules in
    force in words)``, or ``(False, [the sentence refusing the combination])``.

    >>> house_setup_words("standard", {"bidding": "mirror", "team_bid_min": 4})[0]
    False
    >>> house_setup_words("standard", {"spade_lead": "any"})
    (True, ['Spades may be led at any time: they never need breaking.'])
    """
    try:
        rules = RuleSet.preset(preset, setup_options(values))
    except OptionError as e:
        return False, [e.words]
    return True, house_words(rules)


def setup_choices(preset: str) -> tuple[HouseChoice, ...]:
    """Every option ``preset`` takes, as setup controls at the preset's values, in the order
    and from the list the engine declares them (:meth:`RuleSet.options` with ``all`` and
    ``house``: the table options, then the house rules): a menu where the option has a few
    values in words, a yes/no, a whole number (0 is "off" for an option that may be off), or a
    text (the blind exchange's count, such as ``2`` or ``up to 3``; empty keeps the preset's).
    The bidding and play house rules are :func:`house_play_choices`'.

    >>> [c.option for c in setup_choices("acorns8")][-7:-5]
    ['th_low', 'teams']
    >>> c = {c.option: c for c in setup_choices("online")}["target"]; c.kind, c.choices[0]
    ('menu', ('100 points', 100))
    """
    r = RuleSet.preset(preset)
    play = {c.option: c for c in house_play_choices(preset)}
    out: list[HouseChoice] = []
    for key, value in r.options(all=True, house=True).items():
        if key in play:
            out.append(play[key])
            continue
        label = SETUP_LABELS[key]
        if key == "target" and preset == "online":
            out.append(HouseChoice(key, label, "menu", value,
                                   tuple((f"{t} points", t) for t in ONLINE_TARGETS)))
        elif key in SETUP_CHOICE_WORDS:
            out.append(HouseChoice(key, label, "menu", value, SETUP_CHOICE_WORDS[key]))
        elif isinstance(value, bool):
            out.append(HouseChoice(key, label, "flag", value))
        elif key == "blind_exchange":
            out.append(HouseChoice(key, label, "text", "" if isinstance(value, dict)
                                   else str(value)))
        else:
            most = r.hand_size if key == "big_bid_min" else 10_000
            out.append(HouseChoice(key, label, "count", value or 0, most=most))
    return tuple(out)


def setup_values(preset: str, values: Mapping[str, Any]) -> dict[str, Any]:
    """The options a setup's values (:func:`setup_choices`' controls, by option) come to:
    :func:`setup_options`, with a blank blind exchange left at the preset's and a number given
    as text read as a number.

    >>> setup_values("acorns", {"blind_exchange": "", "travelers_hunters": True})
    {'travelers_hunters': True}
    >>> setup_values("standard", {"blind_exchange": "2", "hand_limit": 0})
    {'blind_exchange': 2, 'hand_limit': None}
    """
    opts = dict(values)
    text = opts.get("blind_exchange")
    if isinstance(text, str):
        text = text.strip()
        if not text:
            del opts["blind_exchange"]
        elif text.isdigit():
            opts["blind_exchange"] = int(text)
        else:
            opts["blind_exchange"] = text
    return setup_options(opts)
# end house rules: bidding and play


__all__ = ["Table", "Seat", "PERSON", "BOT", "RECORDED", "TrickView", "Positions", "TableModel",
           "WhatIfModel", "RuleExplorerModel", "QuizModel", "Choice", "HandSide", "quiz_questions",
           "load_game", "hand_record", "PlayModel", "BidChoice", "Mark", "WAITS", "MAX_PACE",
           "option_words", "plain", "card_words", "trick_lines", "score_lines",
           "options_from_text", "HouseChoice", "house_play_choices", "setup_options",
           "house_setup_words", "setup_choices", "setup_values"]
