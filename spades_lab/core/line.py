"""A hand's line of positions: the one home of "the game before each action of a hand".

**STEP.** Within a hand, the actions are numbered from 0 in STEP order: first its bids, then
its exchange entries, then its plays, then the claim that ended it if one did (the order a
record lists them in, and
:func:`~spades_lab.core.records.hand_steps` returns them in).  STEP ``k`` names the position
*before* the hand's action ``k``, that is after its first ``k`` actions: STEP 0 is the hand
just dealt, and STEP ``len(actions)`` the position after its last action (the hand scored, if
that action completed it).  ``records.replay(record, upto=(hand, k))`` stops at the same
position, and ``spades-lab ... --at HAND:STEP`` names it (the hand counted from 1 there).  A
seat looking at its cards is not an action: a look belongs to the position it is made in.

A :class:`Line` holds those positions for one hand, after python-chess's main line and
pokerkit's hand history: iterable, indexable and sized (``len`` = the number of actions + 1),
each position a :class:`~spades_lab.core.engine.Game` of its own (a copy: change it freely).
It grows with :meth:`Line.extend` (the engine checks the action), shrinks with
:meth:`Line.undo_to`, and forks with :meth:`Line.branch` (the what-if: the prefix is shared,
the original line unchanged).

Every walk through a hand's positions outside the bulk replay is a line: the what-if, the
best-play review, the quiz's positions, the CLI's ``--at`` and ``--actions``.
:func:`replay_line` replays a whole record and makes one hand's line on the way (the what-if of
a record); :meth:`Line.log` is the game's log at a position (to replay it under other rules).
Applying a hand's actions one by one, each refusal labelled with its hand and step, is
:func:`~spades_lab.core.records.play_steps`, shared with the records' replay.

>>> import random
>>> from spades_lab import Game
>>> g = Game("standard"); g.deal(rng=random.Random(3))
>>> for b in (3, 4, "nil", 3): g.bid(b)
>>> for _ in range(5): g.play(g.legal_plays()[0])
>>> line = Line.of(g)
>>> len(line), line.hand, [s.kind for s in line.steps][3:6]
(10, 0, ['bid', 'play', 'play'])
>>> line.at(0).phase, line.at(4).phase, line[-1].hand.trick_number(), line.complete
('bidding', 'play', 1, False)
>>> what = line.branch(4, Step("play", 1, line.at(4).legal_plays()[-1]))
>>> len(what), len(line), line.steps[4] != what.steps[4]
(6, 10, True)
>>> rec = line.to_record()
>>> [len(Line.from_record(rec, 0)), Line.from_record(rec, 0).final.hand.trick_number()]
[10, 1]
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, overload

from ..words.counting import plural
from .engine import DealEvent, Game, HandScoredEvent, LookEvent
from .errors import IllegalAction, RecordError, Rule, RuleError, echo
from .records import (
    Step,
    apply_step,
    checked_game,
    hand_steps,
    load_record,
    play_record,
    play_steps,
    replay_log,
    restart,
)
from .rules import RuleSet
from .validate import gc_paused

#: A snapshot of the position is kept every this many actions, when :meth:`Line.at` first
#: walks past it; a later ``at`` copies the nearest one and replays at most this many actions.
CHECKPOINT = 8


def _count(n: int, word: str) -> str:
    return plural(n, word)


def _ordinal(n: int) -> str:
    tail = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{tail}"


def _hand_index(hand: Any, hands: int, what: str) -> int:
    """``hand`` (a 0-based index) if ``what`` ("This record", "This game") has that hand, else
    :class:`RecordError` ``bad-record`` in words that count hands from 1."""
    if type(hand) is not int:
        raise RecordError(Rule.BAD_RECORD, f"A hand is given by its index, a whole number (0 is "
                          f"the first hand), not {echo(hand, 40)}.")
    if hands <= 0:
        raise RecordError(Rule.BAD_RECORD, f"{what} has no hands yet, so it has no hand "
                          f"{echo(hand, 20)} to follow.")
    if not 0 <= hand < hands:
        where = "at index 0" if hands == 1 else \
            f"at indexes 0 (the first) to {hands - 1} (the {_ordinal(hands)})"
        raise RecordError(Rule.BAD_RECORD, f"{what} has {_count(hands, 'hand')}, {where}; there "
                          f"is no hand at index {echo(hand, 20)}.",
                          hand=hand if 0 <= hand < 10**6 else None)
    return hand


def _action(action: Any) -> Step:
    """``action`` as a :class:`Step`: a step itself, or a record entry of a bid (``{"seat": 1,
    "bid": 4}``), an exchange (``{"from": 0, "to": 2, "cards": [...]}``) or a play (``{"seat":
    3, "card": "QH"}``, with ``"as"`` for a Traveler/Hunter), or a claim (``{"claim": {"seat":
    0, "tricks": 2, "accepted_by": [1, 3], "verified": "exact"}}``, docs/record-format.md)."""
    if isinstance(action, Step):
        return action
    if isinstance(action, Mapping):
        if "bid" in action:
            return Step("bid", action.get("seat"), action["bid"])
        if "card" in action:
            return Step("play", action.get("seat"), action["card"], action.get("as") or None)
        if "cards" in action:
            return Step("exchange", action.get("from"), action["cards"], to=action.get("to"))
        if isinstance(action.get("claim"), Mapping):  # {"claim": {...}}, a hand's claim entry
            c = action["claim"]
            return Step("claim", c.get("seat"), c)
    raise RuleError(Rule.BAD_RECORD, f"An action is a step or a record entry of a bid, an exchange "
                    f"or a play, not {echo(action, 60)}.")


def _is_action(j: int, ev: Any) -> bool:
    """Is event ``j`` of a hand's events (its deal first) one of the hand's actions, a STEP
    of its line (a bid, an exchange or a play; not the deal, a look or the score)?"""
    return j != 0 and not isinstance(ev, (LookEvent, HandScoredEvent))


class Line:
    """The positions of one hand of a game, in STEP order (see the module's docstring).

    Build one with :meth:`from_record` or :meth:`of`.  ``line[k]`` and ``line.at(k)`` are the
    position at STEP ``k`` (``line[-1]`` the last, as in a list), each a new :class:`Game` the
    caller may change; iterating gives every position in order, one walk through the hand.
    The positions are replayed lazily from snapshots kept on the way (every
    :data:`CHECKPOINT` actions), so a line is cheap to make and to step through.
    (The constructor's arguments are the line's insides: make lines with the class methods and
    :meth:`branch`.)
    """

    __slots__ = ("_hand", "_template", "_history", "_base", "_events", "_marks", "_steps",
                 "_snaps", "_final", "_source")

    def __init__(self, hand: int, template: Game, history: Sequence[Any], base: int,
                 events: list[Any], marks: list[int], steps: list[Step],
                 snaps: dict[int, Game], final: Game | None,
                 source: tuple[Game, int] | None = None) -> None:
        # _history[:_base] is the game's log before this hand's deal (never changed: a log is
        # only appended to); _events the hand's own events from its deal; _marks[k] how many of
        # them the position at STEP k has; _snaps frozen positions (copied, never handed out);
        # _final the position at the last STEP, owned by this line (None until needed);
        # _source a game standing at that position while its log keeps that length (copied
        # when first needed: a game changes only by actions, each of which adds to its log)
        self._hand = hand
        self._template = template
        self._history = history
        self._base = base
        self._events = events
        self._marks = marks
        self._steps = steps
        self._snaps = snaps
        self._final = final
        self._source = source

    # ------------------------------------------------------------------ building
    @classmethod
    def from_record(cls, record: Any, hand: int) -> Line:
        """The line of hand ``hand`` (0 is the first) of a record (a path, a JSON text or a
        dict).  The hands before it are replayed in bulk; this hand's actions are checked one
        by one, and one the rules refuse raises :class:`RecordError` naming the hand, the step
        and the rule.  The record's later hands are checked for their shape only (as
        :func:`~spades_lab.core.records.load_record` checks every record), not replayed
        (:func:`replay_line` replays them too)."""
        return cls.of_checked(load_record(record), hand)

    @classmethod
    def of_checked(cls, data: Mapping[str, Any], hand: int, *, keep: int | None = None
                   ) -> Line:
        """:meth:`from_record` of a record ``data`` already read and checked by
        :func:`~spades_lab.core.records.load_record` (its shape is not checked again; its
        actions are).  ``keep``: a STEP whose position is kept on the way, so that ``at(keep)``
        replays nothing."""
        index = _hand_index(hand, len(data.get("hands", [])), "This record")
        start = checked_game(data)
        play_record(start, data, upto=(index, 0))
        base = start.hands[index].first_event
        # with a STEP to keep, the game walks on itself and the hand's first position is
        # made only if asked for (replayed from the log); else it is kept and a copy walks
        g = start if keep else start.copy()
        steps = hand_steps(data, index)
        marks = [len(g.log) - base]
        snaps = {} if keep else {0: start}
        for k, _ in enumerate(play_steps(g, steps, index), 1):
            marks.append(len(g.log) - base)
            if k == keep:
                snaps[k] = g.copy()
        # ``start`` is the template too: a replay restarts from a template (records.restart),
        # and its log before ``base`` (the line's history) is never changed
        return cls(index, start, start.log, base, g.log[base:], marks, steps, snaps, g)

    @staticmethod
    def position_of(game: Game) -> tuple[int, int]:
        """Where ``game`` stands: (its last dealt hand, the STEP of the position at the end of
        that hand's line), as ``Line.of(game)`` would say (``line.hand``, ``len(line) - 1``)
        without building the line: a mark to come back to with :meth:`undo_to`.

        >>> import random
        >>> g = Game("standard"); g.deal(rng=random.Random(1)); g.bid(3)
        >>> Line.position_of(g), (Line.of(g).hand, len(Line.of(g)) - 1)
        ((0, 1), (0, 1))
        """
        if not game.hands:
            raise RecordError(Rule.BAD_RECORD, "This game has no hands yet: deal first.")
        base = game.hands[-1].first_event
        return len(game.hands) - 1, sum(1 for j, ev in enumerate(game.log[base:])
                                        if _is_action(j, ev))

    @classmethod
    def of(cls, game: Game, hand: int | None = None) -> Line:
        """The line of hand ``hand`` (0 is the first; by default the current, last dealt hand)
        of a :class:`Game`, looks included.  ``game`` is not changed, and later actions on it do
        not change the line."""
        index = len(game.hands) - 1 if hand is None else hand
        if hand is None and not game.hands:
            raise RecordError(Rule.BAD_RECORD, "This game has no hands yet: deal first.")
        index = _hand_index(index, len(game.hands), "This game")
        log = game.log
        base = game.hands[index].first_event
        end = base + 1
        while end < len(log) and not isinstance(log[end], DealEvent):
            end += 1
        events = log[base:end]
        marks = [0]
        steps: list[Step] = []
        for j, ev in enumerate(events):
            if not _is_action(j, ev):
                marks[-1] = j + 1
                continue
            step = Step.of(ev)
            assert step is not None
            steps.append(step)
            marks.append(j + 1)
        last = index == len(game.hands) - 1
        return cls(index, restart(game), log, base, events, marks, steps, {}, None,
                   (game, len(log)) if last else None)

    # ------------------------------------------------------------------ reading
    @property
    def hand(self) -> int:
        """The hand's index in its game (0 is the first hand)."""
        return self._hand

    @property
    def rules(self) -> RuleSet:
        return self._template.rules

    @property
    def steps(self) -> tuple[Step, ...]:
        """The hand's actions, in STEP order: ``steps[k]`` leads from position ``k`` to
        ``k + 1``."""
        return tuple(self._steps)

    def __len__(self) -> int:
        return len(self._marks)

    @overload
    def __getitem__(self, k: int) -> Game: ...
    @overload
    def __getitem__(self, k: slice) -> list[Game]: ...

    def __getitem__(self, k: int | slice) -> Game | list[Game]:
        if isinstance(k, slice):
            return [self.at(i) for i in range(*k.indices(len(self)))]
        if type(k) is int and -len(self) <= k < 0:
            k += len(self)
        return self.at(k)

    def __iter__(self) -> Iterator[Game]:
        """Every position, from STEP 0 to the last, each a new game: one walk through the
        hand."""
        g = self._snapshot(0).copy()
        yield g.copy()
        for k in range(1, len(self)):
            self._walk(g, k - 1, k)
            yield g.copy()

    def __repr__(self) -> str:
        done = ", complete" if self.complete else ""
        return f"<Line {self.rules.name}: hand {self._hand + 1}, " \
            f"{_count(len(self._steps), 'action')}{done}>"

    def check_step(self, step: Any) -> int:
        """``step`` if it names a position of this line (0 to the number of actions), else
        :class:`RecordError` ``bad-record`` saying which do."""
        last = len(self._marks) - 1
        if type(step) is not int or not 0 <= step <= last:
            why = (f"there is no STEP {echo(step, 20)}" if type(step) is int else
                   f"a STEP is a whole number, not {echo(step, 40)}")
            raise RecordError(
                Rule.BAD_RECORD, f"Hand {self._hand + 1} has {_count(last, 'action')}"
                f"{'' if self.complete else ' so far'} (its bids, then its exchanges, then its "
                f"plays), so its positions are STEP 0 (before its first action) to {last} (after "
                f"its last); {why}.", hand=self._hand,
                step=str(step) if type(step) is int else None)
        return step

    def at(self, step: int) -> Game:
        """The position at STEP ``step``: a new :class:`Game` the caller may change freely."""
        k = self.check_step(step)
        if k == len(self._marks) - 1 and (self._final is not None or self._source is not None):
            return self._own_final().copy()
        c = max(i for i in self._snaps if i <= k) if self._snaps else 0
        g = self._snapshot(c).copy()
        while c < k:
            nxt = min(k, (c // CHECKPOINT + 1) * CHECKPOINT)
            self._walk(g, c, nxt)
            c = nxt
            if c % CHECKPOINT == 0 and c < k and c not in self._snaps:
                self._snaps[c] = g.copy()
        return g

    @property
    def final(self) -> Game:
        """The position at the last STEP (a new game, as :meth:`at` gives)."""
        return self._own_final().copy()

    @property
    def complete(self) -> bool:
        """Whether the hand is over (scored) at the last position."""
        return isinstance(self._events[-1], HandScoredEvent)

    def log(self, step: int) -> list[Any]:
        """The game's log at the position at STEP ``step``: every event from the first deal
        (a new list; :func:`~spades_lab.core.records.replay_log` replays it, under other rules
        if wanted)."""
        k = self.check_step(step)
        return [*self._history[:self._base], *self._events[:self._marks[k]]]

    def to_record(self) -> dict[str, Any]:
        """The game up to the last position, as a record (RECORD-FORMAT.md; looks are not
        recorded).  ``Line.from_record(line.to_record(), line.hand)`` has the same positions,
        looks aside."""
        return self._own_final().to_record()

    # ------------------------------------------------------------------ changing
    def extend(self, action: Any) -> None:
        """Make ``action`` (a :class:`Step` or a record entry) at the last position, through
        the engine's checks: a refused action raises the engine's :class:`RuleError` and
        changes nothing.  A look (``Step("look", seat)``) joins the last position; any other
        action adds one."""
        step = _action(action)
        if step.kind == "deal":
            raise IllegalAction(Rule.WRONG_PHASE, "A line holds one hand: the next deal starts the "
                                "next hand's line.")
        g = self._own_final()
        before = len(g.log)
        apply_step(g, step)  # raises with ``g`` unchanged
        new = g.log[before:]
        if not new:  # a seat looking again
            return
        self._events.extend(new)
        if step.kind == "look":
            self._marks[-1] = len(self._events)
            return
        made = Step.of(new[0])
        assert made is not None
        self._steps.append(made)
        self._marks.append(len(self._events))

    def undo_to(self, step: int) -> None:
        """Take back every action after STEP ``step``: the line then ends at that position."""
        k = self.check_step(step)
        if k == len(self._marks) - 1:
            return
        self._final = self.at(k)
        self._source = None
        del self._events[self._marks[k]:]
        del self._marks[k + 1:]
        del self._steps[k:]
        for i in [i for i in self._snaps if i > k]:
            del self._snaps[i]

    def branch(self, step: int, action: Any = None) -> Line:
        """A new line that shares this one's positions up to STEP ``step`` and then makes
        ``action`` (checked by the engine, as :meth:`extend` does; ``None`` makes nothing,
        for playing on from there).  This line is not changed."""
        k = self.check_step(step)
        final = self.at(k)
        new = Line(self._hand, self._template, self._history, self._base,
                   self._events[:self._marks[k]], self._marks[:k + 1], self._steps[:k],
                   {i: g for i, g in self._snaps.items() if i <= k}, final)
        if action is not None:
            new.extend(action)
        return new

    # ------------------------------------------------------------------ inside
    def _snapshot(self, k: int) -> Game:
        """The frozen position at STEP ``k`` (0 is made on first need, for a line of a game)."""
        if k == 0 and 0 not in self._snaps:
            self._snaps[0] = replay_log(self._template, self.log(0))
        return self._snaps[k]

    def _walk(self, g: Game, k: int, to: int) -> None:
        """Move ``g`` from the position at STEP ``k`` to the one at ``to``, looks included."""
        for ev in self._events[self._marks[k]:self._marks[to]]:
            step = Step.of(ev)
            if step is not None:
                apply_step(g, step)

    def _own_final(self) -> Game:
        if self._final is None:
            source, length = self._source or (None, -1)
            self._source = None
            if source is not None and len(source.log) == length:
                self._final = source.copy()
            else:
                last = len(self._marks) - 1
                self._final = self.at(last)
        return self._final


def replay_line(record: Any, hand: int, step: int | None = None) -> tuple[Game, Line]:
    """A whole record replayed (as :func:`~spades_lab.core.records.replay`: the game at its
    end) and the :class:`Line` of its hand ``hand`` (0 is the first), made on the way: one
    replay serves both.  With ``step``, the position at that STEP is kept on the way, so
    ``line.at(step)`` replays nothing (what a what-if of a record branches from).

    >>> import random
    >>> from spades_lab import Game
    >>> g = Game("standard"); g.deal(rng=random.Random(3))
    >>> for b in (3, 4, "nil", 3): g.bid(b)
    >>> for _ in range(6): g.play(g.legal_plays()[0])
    >>> end, line = replay_line(g.to_record(), 0, 4)
    >>> end.to_record() == g.to_record(), len(line), line.at(4).phase
    (True, 11, 'play')
    """
    with gc_paused():  # as records.replay: a replay makes many objects and frees none
        data = load_record(record)
        line = Line.of_checked(data, hand, keep=step if type(step) is int else None)
        if step is not None:
            line.check_step(step)
        # the line's last position becomes the game that plays on (not copied): the line
        # copies it back if asked for its last position before a later hand changes it
        end = line._final
        assert end is not None
        line._final = None
        line._source = (end, len(end.log))
        play_record(end, data, since=line.hand + 1)
        return end, line


__all__ = ["Line", "CHECKPOINT", "replay_line"]
