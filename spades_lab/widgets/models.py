"""The state behind the widgets, as plain Python (no ipywidgets): testable without a browser.

Every fact shown comes from the engine (``Game``, ``Hand.can_play``, ``trick_winner``,
``score_hand`` via the game) or from :mod:`spades_lab.teach.explain`; a hand is loaded by
re-applying the game's log with :func:`spades_lab.core.records.apply_step` (a snapshot per
position), a what-if is :func:`spades_lab.teach.whatif.what_if_game` from the snapshot at the
chosen point (nothing before it is replayed) and a rule comparison
:func:`spades_lab.teach.compare.compare_rules`.  These classes only keep positions, snapshots and
choices, and present those results.

An argument of the wrong kind or out of range is refused with an
:class:`~spades_lab.core.errors.ArgumentError` before anything changes (the checks are
:mod:`spades_lab.core.args`); a table of a refused record keeps its ``error`` and answers
its queries with nothing to show, and ``game`` raises the record's error.

>>> m = TableModel.from_record("data/scenarios/demo_acorns_th.json")
>>> m.error, m.last > 100
(None, True)
>>> m.go(m.last) == m.last, m.game.hand.complete
(True, True)
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core import args
from ..core.cards import Card, Play
from ..core.engine import BidEvent, DealEvent, ExchangeEvent, Game, Hand, PlayEvent
from ..core.errors import ArgumentError, RecordError, RuleError, echo
from ..core.records import HandSummary, Step, apply_step, replay, replay_log
from ..core.rules import RuleSet, rules_of, seat_name, team_name
from ..solver.search import Solver
from ..teach.bestplay import BestPlay, best_play
from ..teach.compare import RuleComparison, compare_rules
from ..teach.explain import explain_play, explain_trick
from ..teach.quiz import QuizQuestion
from ..teach.whatif import WhatIfResult, what_if_game
from . import words

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
        raise RuleError("bad-record", f"The record has no hand {echo(hand + 1)}.")
    deal = game.log[at]
    assert isinstance(deal, DealEvent)
    return at, deal, actions


def _hand_index(game: Game, hand: Any) -> int:
    """``hand`` (counted from 0) if ``game`` has that hand, else a typed refusal."""
    k = args.whole(hand, "the hand (counted from 0)", lo=0)
    if k >= len(game.hands):
        n = len(game.hands)
        raise RuleError("bad-record", f"The game has {n} hand{'s' if n != 1 else ''}; there is "
                        f"no hand {echo(k + 1)}.")
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


# ---------------------------------------------------------------------------- table


class TableModel:
    """Step through one hand of a game.  Position ``k`` is the hand after its first ``k``
    actions (bids, exchanges, plays); ``0`` is just dealt, ``last`` the end of the hand.

    Snapshots are taken once per position when the hand is loaded, so stepping is a lookup.
    ``view_seat`` (None: every hand face up) shows only what that seat may see, as
    ``Game.view`` says.  :meth:`best_play_view` asks the solver what each card the seat to play
    may play keeps or gives away (within :attr:`best_play_seconds`, on one solver per hand).
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
        self.actions: list[Any] = []
        self.snapshots: list[Game] = []
        self.trick_ends: list[int] = []
        self.play_start = 0
        self.position = 0
        self._best: dict[int, BestPlay] = {}
        self._solver: Solver | None = None
        if game is not None and error is None:
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
            at, _, actions = _hand_slice(game, hand)
            g = replay_log(game, game.log[:at + 1])
        except RuleError as e:
            self.error, self.error_rule = e.message, e.rule
            return
        self.actions = actions
        snaps = [g.copy()]
        ends = []
        for k, ev in enumerate(actions, 1):
            step = Step.of(ev)
            assert step is not None
            apply_step(g, step)
            snaps.append(g.copy())
            if isinstance(ev, PlayEvent):
                if not self.play_start:
                    self.play_start = k - 1
                h = g.hands[hand]
                if not h.trick:
                    ends.append(k)
        self.snapshots = snaps
        self.trick_ends = ends
        self.position = 0

    # ------------------------------------------------------------------ positions
    @property
    def ok(self) -> bool:
        return self.error is None and bool(self.snapshots)

    @property
    def last(self) -> int:
        return max(len(self.snapshots) - 1, 0)

    def _refused(self) -> RuleError:
        return RuleError(self.error_rule or "bad-record", self.error or "No hand is loaded.")

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
        if not self.snapshots:
            raise self._refused()
        return self.snapshots[0].rules

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

    def shown_trick(self) -> tuple[list[tuple[int, Play]], str]:
        """The trick in the middle: the trick in progress, or the one just completed (with who
        won it) until the next card is led."""
        if not self.ok:
            return [], ""
        h = self.hand
        if h.trick:
            return list(h.trick), ""
        if h.tricks and isinstance(self.last_action, PlayEvent):
            t = h.tricks[-1]
            return list(t.plays), f"{self.seat_label(t.winner)} won trick {t.index + 1}."
        return [], ""

    def seat_label(self, seat: int) -> str:
        n = self.rules.players
        args.whole(seat, "the seat", lo=0, hi=n - 1)
        return self.source.seat_name(seat) if self.source is not None else seat_name(seat, n)

    def status(self) -> str:
        if not self.ok:
            return self.error or "No hand loaded."
        h = self.hand
        pos = f"Step {self.position}/{self.last}. "
        if h.complete:
            return pos + f"Hand {h.index + 1} is complete."
        if h.phase == "play" and h.turn is not None:
            verb = "lead" if not h.trick else "play"
            return pos + f"Trick {len(h.tricks) + 1}: {self.seat_label(h.turn)} to {verb}."
        return pos + f"Waiting for {h.waiting_for()}."

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
        if h.phase != "play" or h.turn is None:
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


class WhatIfModel:
    """Pick a point in the hand (a position where someone is to play), pick another card, see
    the hand re-played by :func:`spades_lab.teach.whatif.what_if_game` from the table's snapshot
    at that point (the hand's later actions kept while they stay legal, then simple players)
    and the difference."""

    def __init__(self, table: TableModel) -> None:
        self.table = args.instance(table, "the table", TableModel, "a TableModel")
        self.points = [k for k in range(table.last + 1)
                       if table.ok and table.snapshots[k].hands[table.hand_index].phase == "play"
                       and not table.snapshots[k].hands[table.hand_index].complete]
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
                "wrong-phase", "No card is played in this hand: there is nothing to change.")
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
        notes = words.divergence_notes(w.divergences, t.play_start, t.rules.players)
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
                         tuple(words.divergence_notes(ds, first, r.players)))
                for side, ds, r in ((c.a, c.divergences_a, self.base.rules),
                                    (c.b, c.divergences_b, rules)))
        out = a, b, words.compare_outcomes(self.base.rules, rules, hc, b.notes)
        self.comparison = c
        return out


# ---------------------------------------------------------------------------- quiz


@dataclass(frozen=True)
class Question:
    """A quiz question: the prompt, the choices, the right answer's index, and the engine's
    explanation shown as feedback."""

    kind: str
    prompt: str
    choices: tuple[str, ...]
    answer: int
    explanation: tuple[str, ...]
    cards: tuple[tuple[int, Play], ...] = ()
    card: Card | None = None


def quiz_questions(game: Game, hand: int = 0, rng: random.Random | None = None,
                   count: int = 6) -> list[Question]:
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
    out: list[Question] = []
    seats = tuple(seat_name(s, n) for s in range(n))
    # who wins this trick?
    tricks = list(final.tricks)
    rng.shuffle(tricks)
    for t in tricks[:2]:
        why = explain_trick(final, t.index)
        out.append(Question("trick-winner", f"Who wins trick {t.index + 1}?", seats, t.winner,
                            tuple(why.text.splitlines()), cards=t.plays))
    # may X play this?
    mids = [k for k in range(table.last) if table.snapshots[k].hands[hand].phase == "play"
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
        out.append(Question("may-play", f"May {seat_name(seat, n)} play {card.name} now?",
                            ("Yes", "No"), 0 if may.legal else 1, (may.text,),
                            cards=tuple(h.trick), card=card))
    # what does this hand score?
    if final.scores:
        s = final.scores[rng.randrange(len(final.scores))]
        right = s.hand_score
        wrong = {right + d for d in (-20, -10, 10, 20, s.bags_added or 1, -100, 100)}
        wrong.discard(right)
        picks = rng.sample(sorted(wrong), 3) + [right]
        rng.shuffle(picks)
        lines = [f"{it.points:+d}: {it.text}" for it in s.items]
        lines.append(f"Hand score {right:+d}.")
        out.append(Question("hand-score", f"What does {team_name(s.seats, n)} score for this "
                            "hand?", tuple(f"{x:+d}" for x in picks), picks.index(right),
                            tuple(lines)))
    return out[:count]


class QuizModel:
    """A run through quiz questions: the current one, the first answer given to each, the
    score.  Questions are :class:`~spades_lab.teach.quiz.QuizQuestion` (from ``make_quiz``,
    feedback in ``feedback``) or this module's :class:`Question` (``explanation``)."""

    def __init__(self, questions: Sequence[Question | QuizQuestion]) -> None:
        self.questions = args.items(questions, "the questions")
        for q in self.questions:
            args.instance(q, "each question", (Question, QuizQuestion), "a quiz question")
        self.index = 0
        self.answered: dict[int, int] = {}

    @property
    def question(self) -> Question | QuizQuestion | None:
        return self.questions[self.index] if self.questions else None

    def answer(self, choice: int) -> tuple[bool, list[str]]:
        """Answer the current question with choice ``choice`` (counted from 0): right or not,
        and the feedback.  The first answer to a question is the one scored; a choice that is
        not one of the question's is refused (:class:`~spades_lab.core.errors.ArgumentError`),
        not scored."""
        q = self.question
        if q is None:
            return False, ["No question."]
        if not (args.is_whole(choice) and 0 <= choice < len(q.choices)):
            letters = ", ".join(chr(65 + i) for i in range(len(q.choices)))
            raise ArgumentError(f"Pick one of the answers {letters} (0 to "
                                     f"{len(q.choices) - 1}), not {echo(choice)}.",
                                     argument="the answer")
        self.answered.setdefault(self.index, choice)  # the first answer counts
        right = choice == q.answer
        head = "Right!" if right else f"Not quite: the answer is {q.choices[q.answer]}."
        why = q.feedback if isinstance(q, QuizQuestion) else q.explanation
        return right, [head, *why]

    def next(self) -> None:
        if self.questions:
            self.index = (self.index + 1) % len(self.questions)

    @property
    def score(self) -> tuple[int, int]:
        good = sum(1 for i, c in self.answered.items() if self.questions[i].answer == c)
        return good, len(self.answered)


__all__ = ["TableModel", "WhatIfModel", "RuleExplorerModel", "QuizModel", "Question", "Choice",
           "HandSide", "quiz_questions", "load_game", "hand_record"]
