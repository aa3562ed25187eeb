"""The state behind the widgets, as plain Python (no ipywidgets): testable without a browser.

Every fact shown comes from the engine (``Game``, ``Hand.check_play``, ``trick_winner``,
``score_hand`` via the game) or from :mod:`spades_lab.explain` when present; these classes only
keep positions, snapshots and choices.

>>> m = TableModel.from_record("data/scenarios/demo_acorns_th.json")
>>> m.error, m.last > 100
(None, True)
>>> m.go(m.last) == m.last, m.game.hand.complete
(True, True)
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..cards import Card, Play
from ..engine import BidEvent, DealEvent, ExchangeEvent, Game, Hand, PlayEvent
from ..errors import RecordError, RuleError
from ..explain import explain_play, explain_trick
from ..players import SimplePlayer
from ..records import replay
from ..rules import RuleSet
from ..scoring import seat_name, team_name
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


def hand_events(game: Game, hand: int) -> tuple[DealEvent, list[Any]]:
    """The deal event of hand ``hand`` and its actions (bids, exchanges, plays) in order."""
    deal: DealEvent | None = None
    actions: list[Any] = []
    for ev in game.log:
        if isinstance(ev, DealEvent):
            if deal is not None:
                break
            if ev.hand == hand:
                deal = ev
            continue
        if deal is not None and isinstance(ev, (BidEvent, ExchangeEvent, PlayEvent)):
            actions.append(ev)
    if deal is None:
        raise RuleError("bad-record", f"The record has no hand {hand + 1}.")
    return deal, actions


def _game_before_hand(template: Game, hand: int) -> Game:
    """A fresh game with every hand before ``hand`` replayed (scores and bags carried)."""
    from ..records import replay_log

    events = []
    for ev in template.log:
        if isinstance(ev, DealEvent) and ev.hand == hand:
            break
        events.append(ev)
    return replay_log(template, events)


def apply_event(game: Game, ev: Any) -> None:
    if isinstance(ev, DealEvent):
        game.deal(cards=ev.deal, dealer=ev.dealer)
    elif isinstance(ev, BidEvent):
        game.bid(ev.bid, seat=ev.seat)
    elif isinstance(ev, ExchangeEvent):
        game.exchange(ev.seat, ev.cards)
    elif isinstance(ev, PlayEvent):
        game.play(ev.play, seat=ev.seat)


# ---------------------------------------------------------------------------- table


class TableModel:
    """Step through one hand of a game.  Position ``k`` is the hand after its first ``k``
    actions (bids, exchanges, plays); ``0`` is just dealt, ``last`` the end of the hand.

    Snapshots are taken once per position when the hand is loaded, so stepping is a lookup.
    ``view_seat`` (None: every hand face up) shows only what that seat may see, as
    ``Game.view`` says.
    """

    def __init__(self, game: Game | None = None, hand: int = 0, *, view_seat: int | None = None,
                 error: str | None = None, error_rule: str | None = None) -> None:
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
        if game is not None and error is None:
            self._build(game, hand)

    @classmethod
    def from_record(cls, source: RecordSource | Game, hand: int = 0, *,
                    view_seat: int | None = None) -> TableModel:
        game, err, rule = load_game(source)
        if game is None:
            return cls(None, error=err, error_rule=rule)
        model = cls(game, hand, view_seat=view_seat)
        return model

    def _build(self, game: Game, hand: int) -> None:
        try:
            deal, actions = hand_events(game, hand)
            g = _game_before_hand(game, hand)
            apply_event(g, deal)
        except RuleError as e:
            self.error, self.error_rule = e.message, e.rule
            return
        self.actions = actions
        snaps = [g.copy()]
        ends = []
        for k, ev in enumerate(actions, 1):
            apply_event(g, ev)
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

    @property
    def game(self) -> Game:
        return self.snapshots[self.position]

    @property
    def hand(self) -> Hand:
        h = self.game.hands[self.hand_index]
        return h

    @property
    def rules(self) -> RuleSet:
        return self.snapshots[0].rules

    def go(self, k: int) -> int:
        """Move to position ``k`` (clamped to 0..last); returns the position."""
        if not self.snapshots:
            return 0
        self.position = max(0, min(int(k), self.last))
        return self.position

    def step(self, k: int = 1) -> int:
        return self.go(self.position + k)

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
        h = self.hand
        if h.trick:
            return list(h.trick), ""
        if h.tricks and isinstance(self.last_action, PlayEvent):
            t = h.tricks[-1]
            return list(t.plays), f"{self.seat_label(t.winner)} won trick {t.index + 1}."
        return [], ""

    def seat_label(self, seat: int) -> str:
        return self.source.seat_name(seat) if self.source is not None else \
            seat_name(seat, self.rules.players)

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


# ---------------------------------------------------------------------------- re-playing


def play_out(game: Game, planned: Sequence[PlayEvent], *, rng: random.Random | None = None,
             hand: int | None = None) -> list[str]:
    """Finish the current hand of ``game``: each seat plays its planned (recorded) card while
    that card is legal for it, and otherwise a simple player's choice.  Returns notes on the
    substitutions made."""
    rng = rng or random.Random(0)
    bot = SimplePlayer()
    h = game.hand
    assert h is not None
    idx = h.index if hand is None else hand
    queue: dict[int, list[Play]] = {}
    for ev in planned:
        queue.setdefault(ev.seat, []).append(ev.play)
    notes: list[str] = []
    while game.hand is not None and game.hand.index == idx and not game.hand.complete:
        h = game.hand
        seat = h.turn
        assert seat is not None
        legal = game.legal_plays()
        want = queue.get(seat, [])
        chosen = None
        for p in want:
            if p in legal:
                chosen = p
                break
        if chosen is not None:
            want.remove(chosen)
        else:
            chosen = bot.choose_play(game.view(seat), legal, rng)
            notes.append(f"{game.seat_name(seat)} could not play as recorded in trick "
                         f"{len(h.tricks) + 1} and plays {chosen.pretty} instead.")
        game.play(chosen)
    return notes


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


@dataclass
class Outcome:
    """A hand played to the end: tricks per seat, trick winners, scores per team."""

    game: Game
    taken: tuple[int, ...]
    winners: tuple[int, ...]
    hand_scores: tuple[int, ...]
    notes: list[str] = field(default_factory=list)


class WhatIfModel:
    """Pick a point in the hand (a position where someone is to play), pick another card, see
    the hand re-played (later seats keep their recorded cards where still legal) and the
    difference."""

    def __init__(self, table: TableModel) -> None:
        self.table = table
        self.points = [k for k in range(table.last + 1)
                       if table.ok and table.snapshots[k].hands[table.hand_index].phase == "play"
                       and not table.snapshots[k].hands[table.hand_index].complete]
        self.point = self.points[0] if self.points else 0
        self.result: tuple[Outcome, Outcome] | None = None
        self.message = ""

    def set_point(self, k: int) -> None:
        if k not in self.points:
            later = [p for p in self.points if p >= k]
            k = later[0] if later else (self.points[-1] if self.points else 0)
        self.point = k
        self.result = None
        self.message = ""

    @property
    def game(self) -> Game:
        return self.table.snapshots[self.point]

    @property
    def seat(self) -> int | None:
        h = self.game.hands[self.table.hand_index]
        return h.turn

    @property
    def recorded(self) -> PlayEvent | None:
        ev = self.table.actions[self.point] if self.point < len(self.table.actions) else None
        return ev if isinstance(ev, PlayEvent) else None

    def choices(self) -> list[Choice]:
        """Every way the seat to play could play each of its cards, with the engine's check."""
        g = self.game
        h = g.hands[self.table.hand_index]
        if h.turn is None:
            return []
        out = []
        for c in g.rules.deck.sorted(h.hands[h.turn]):
            for p in c.all_plays:
                chk = h.check_play(c, p.suit if c.is_dual else None)
                out.append(Choice(p, chk.ok, chk.rule, chk.message))
        return out

    def outcome(self, first: Play | None) -> Outcome:
        g = self.game.copy()
        notes: list[str] = []
        if first is not None:
            g.play(first)
        later = [ev for ev in self.table.actions[self.point + (1 if first is not None else 0):]
                 if isinstance(ev, PlayEvent)]
        notes += play_out(g, later, hand=self.table.hand_index)
        h = g.hands[self.table.hand_index]
        scores = tuple(s.hand_score for s in (h.scores or ()))
        return Outcome(g, tuple(h.taken), tuple(t.winner for t in h.tricks), scores, notes)

    def try_play(self, choice: Choice) -> bool:
        """Re-play the hand with ``choice``; False (and ``message`` says why) when illegal."""
        if not choice.ok:
            self.result = None
            self.message = choice.message
            return False
        base = self.table.snapshots[self.table.last].hands[self.table.hand_index]
        original = Outcome(self.table.snapshots[self.table.last], tuple(base.taken),
                           tuple(t.winner for t in base.tricks),
                           tuple(s.hand_score for s in (base.scores or ())))
        self.result = (original, self.outcome(choice.play))
        self.message = ""
        return True

    def difference(self) -> list[str]:
        """Words on what changed between the recorded hand and the what-if."""
        if self.result is None:
            return []
        a, b = self.result
        rules = self.table.rules
        n = rules.players
        out = []
        for s in range(n):
            if a.taken[s] != b.taken[s]:
                out.append(f"{seat_name(s, n)} takes {b.taken[s]} tricks instead of "
                           f"{a.taken[s]}.")
        changed = [i for i, (x, y) in enumerate(zip(a.winners, b.winners, strict=False)) if x != y]
        if changed:
            out.append("Tricks won by someone else: " + ", ".join(
                f"{i + 1} ({seat_name(b.winners[i], n)} instead of {seat_name(a.winners[i], n)})"
                for i in changed) + ".")
        for t, seats in enumerate(rules.team_seats):
            if a.hand_scores and b.hand_scores and a.hand_scores[t] != b.hand_scores[t]:
                out.append(f"{team_name(seats, n)} score {b.hand_scores[t]:+d} instead of "
                           f"{a.hand_scores[t]:+d} ({b.hand_scores[t] - a.hand_scores[t]:+d}).")
        if not out:
            out.append("Nothing changes: every trick goes the same way and the scores are the "
                       "same.")
        out.extend(b.notes)
        return out


# ---------------------------------------------------------------------------- rule explorer


class RuleExplorerModel:
    """The same deal (and bids, and plays where still legal) under another preset or
    options."""

    def __init__(self, game: Game, hand: int = 0) -> None:
        self.base = game
        self.hand_index = hand
        self.deal, self.actions = hand_events(game, hand)

    def run(self, rules: RuleSet) -> Outcome:
        """Play the hand under ``rules``: recorded bids and exchanges, then the recorded plays
        where legal (raises RuleError when the deal does not fit these rules)."""
        g = Game(rules, dealer=self.deal.dealer)
        g.deal(cards=self.deal.deal, dealer=self.deal.dealer)
        for ev in self.actions:
            if isinstance(ev, BidEvent):
                g.bid(ev.bid.to_json(), seat=ev.seat)
            elif isinstance(ev, ExchangeEvent):
                g.exchange(ev.seat, ev.cards)
        notes = play_out(g, [ev for ev in self.actions if isinstance(ev, PlayEvent)])
        h = g.hands[0]
        return Outcome(g, tuple(h.taken), tuple(t.winner for t in h.tricks),
                       tuple(s.hand_score for s in (h.scores or ())), notes)

    def compare(self, rules: RuleSet) -> tuple[Outcome, Outcome, list[str]]:
        base = self.run(self.base.rules)
        other = self.run(rules)
        return base, other, words.compare_outcomes(self.base.rules, rules, base, other)


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
    def __init__(self, questions: Sequence[Question]) -> None:
        self.questions = list(questions)
        self.index = 0
        self.answered: dict[int, int] = {}

    @property
    def question(self) -> Question | None:
        return self.questions[self.index] if self.questions else None

    def answer(self, choice: int) -> tuple[bool, list[str]]:
        q = self.question
        if q is None:
            return False, ["No question."]
        self.answered.setdefault(self.index, choice)  # the first answer counts
        right = choice == q.answer
        head = "Right!" if right else f"Not quite: the answer is {q.choices[q.answer]}."
        return right, [head, *q.explanation]

    def next(self) -> None:
        if self.questions:
            self.index = (self.index + 1) % len(self.questions)

    @property
    def score(self) -> tuple[int, int]:
        good = sum(1 for i, c in self.answered.items() if self.questions[i].answer == c)
        return good, len(self.answered)


__all__ = ["TableModel", "WhatIfModel", "RuleExplorerModel", "QuizModel", "Question", "Choice",
           "Outcome", "quiz_questions", "play_out", "load_game", "hand_events", "apply_event"]
