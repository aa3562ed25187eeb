"""A classroom table: the engine's :class:`~spades_lab.core.engine.Game`, its seats (people
or bots), and what each seat may be told.

Every action goes through the engine's verify/can/do API (``can_bid``/``bid``,
``can_exchange``/``exchange``, ``can_play``/``play``, ``can_look``/``look``); a refusal is the
engine's own :class:`~spades_lab.core.errors.IllegalAction`, its sentence and rule id.  Bots
are seeded :class:`~spades_lab.play.players.HeuristicPlayer` players that
:func:`~spades_lab.play.players.act` steps; each deal and each bot decision draws from a
``random.Random`` seeded by the table's seed and the step number, so a restored table goes on
exactly as it would have.

A seat's message (:meth:`ClassTable.seat_state`) is built only from ``Game.view(seat)`` and
public facts (the rules, the bids, the tricks played, the legal bids of the seat to bid): no message
to a seat can carry another seat's hidden cards.  The table's version is the number of actions
stored; :meth:`ClassTable.public_events` turns the engine's new log events into the events
every seat may read (an exchange says how many cards, never which).

>>> t = ClassTable(1, {"preset": "standard", "options": {}}, [{"kind": "bot"}] * 4, seed=5)
>>> entries = t.run_bots(limit=3)
>>> [e["kind"] for e in entries], t.version
(['deal', 'look', 'bid', 'look', 'bid'], 5)
"""
from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from ..core.cards import SUITS, Card, Play
from ..core.claims import TEACHER, claim_from_json
from ..core.engine import (
    BidEvent,
    DealEvent,
    ExchangeEvent,
    Game,
    Hand,
    HandScoredEvent,
    LookEvent,
    Phase,
    PlayEvent,
    SeatView,
)
from ..core.errors import IllegalAction, Rule, SpadesLabError
from ..core.records import Step, apply_step
from ..core.rules import RuleSet, seat_name
from ..core.tricks import trick_winner
from ..play.players import HeuristicPlayer, act
from ..render import card_html, table_html, trumps_html
from ..table import BOT, MAX_PACE, PERSON, PlayModel, TrickView, score_lines
from ..table import Table as TableBase
from ..teach.claims import ClaimCheck, check_claim, claim_words, robots_accept, settle, side_words
from ..teach.explain import explain_score, explain_trick
from ..words.counting import plural
from ..words.rules import rules_title
from ..words.said import learner

#: What a seat of a table that has not started reads (docs/classroom.md, "Tables that wait").
WAITING_WORDS = "Waiting for players: the table starts when everyone has sat down, or when " \
    "the teacher starts it."
#: The kinds of action a seat may send.
ACTIONS = ("look", "bid", "exchange", "play")
#: A table's settings the teacher controls, and their values at a new table (of people).
SETTINGS = {"hints": False, "undo": False}


class TableRefusal(SpadesLabError):
    """A hint or an undo the table's settings do not allow now: ``rule`` (a
    :class:`~spades_lab.core.errors.Rule` of :data:`~spades_lab.core.errors.CLASSROOM_IDS`)
    and the sentence; nothing changed."""

    def __init__(self, rule: Rule, message: str) -> None:
        super().__init__(message)
        self.rule = rule
        self.message = message


def step_of(entry: Mapping[str, Any]) -> Step:
    """A stored entry (a record entry with its ``kind``) as the records' :class:`Step`."""
    kind = entry["kind"]
    if kind == "deal":
        return Step("deal", entry["dealer"], entry["deal"])
    if kind == "exchange":
        return Step("exchange", entry["from"], entry["cards"], to=entry["to"])
    if kind == "play":
        return Step("play", entry["seat"], entry["card"], entry.get("as"))
    if kind == "bid":
        return Step("bid", entry["seat"], entry["bid"])
    if kind == "claim":  # an accepted claim (docs/rulings.md section 10)
        return Step("claim", entry["seat"], claim_from_json(entry))
    return Step(kind, entry["seat"])


def entry_of(event: Any) -> dict[str, Any] | None:
    """The stored entry of one engine log event (None for the scoring the game does itself)."""
    step = Step.of(event)
    if step is None:
        return None
    return {"kind": step.kind, **step.entry()}


class ClassTable:
    """One table of the class (not the table model :class:`spades_lab.table.Table`, which it
    uses for its words): ``seats[i]`` is ``{"kind": "bot"}`` or ``{"kind": "person",
    "student": id, "name": ...}``; ``pace`` the seconds a bot waits before it acts."""

    def __init__(self, table_id: int, rules: Mapping[str, Any], seats: Sequence[dict[str, Any]],
                 *, seed: int, pace: float = 0.0) -> None:
        self.id = table_id
        self.rules_json = {"preset": rules["preset"], "options": dict(rules.get("options", {}))}
        self.rules = RuleSet.preset(rules["preset"], self.rules_json["options"])
        if len(seats) != self.rules.players:
            raise ValueError(f"{self.rules.name} has {self.rules.players} seats")
        self.seats = [dict(s) for s in seats]
        self.seed = seed
        self.pace = pace
        self.game = Game(self.rules)
        self.version = 0
        self._bot = HeuristicPlayer()
        #: Seats of people who are away, where the table's robot plays meanwhile, and what it
        #: did there (each action's words) for the person to read on coming back.
        self.held: set[int] = set()
        self.held_words: dict[int, list[str]] = {}
        #: The teacher's settings (:data:`SETTINGS`), and the seats that asked to take back
        #: the last decision since the table's last action.
        self.settings = dict(SETTINGS)
        self.undo_asked: set[int] = set()
        # the teacher's (classroom.teacher, kept in the store's table_flags): paused; hold once
        # this many hands are played (a prepared deal); closed (its players moved to that table)
        self.paused = False
        self.hold_after: int | None = None
        self.closed_for: int | None = None
        # its life (the store's table_life; docs/classroom.md, "Tables that wait"): a new
        # table of the classroom waits until it starts (``start_when``: "seated", once every
        # seat meant for a student is taken, or "teacher", on the teacher's Start); the
        # teacher closes a table, then archives it
        self.started = True
        self.start_when = "seated"
        self.closed = False
        self.archived = False
        #: a claim waiting for the other players' (or the teacher's) answer, the seats that
        #: accepted it so far, and the words said about the last claim (not stored: a claim
        #: waiting when the server stops is made again)
        self.claim_pending: ClaimCheck | None = None
        self.claim_answers: set[int] = set()
        self.claim_said: list[str] = []

    def holding(self) -> bool:
        """Does the table wait for the teacher: not started, paused, closed, or its prepared
        hand played?"""
        return not self.started or self.paused or self.is_closed() or self.prepared_played()

    def is_closed(self) -> bool:
        """Closed by the teacher, or by a prepared deal that moved its players on."""
        return self.closed or self.closed_for is not None

    def deserted(self) -> bool:
        """Has every person left the table (each seat a robot, some of them keeping the seat
        of a student who moved on or was taken off the list, none given to a robot by the
        teacher on purpose)?  Its robots stop: a robots' game under students' names teaches
        no one."""
        return not self.people() and any("was" in s for s in self.seats) and \
            not any(s.get("given") for s in self.seats)

    def prepared_played(self) -> bool:
        """Is the table's prepared hand played, so that it waits for the teacher to deal on?"""
        g = self.game
        return self.hold_after is not None and len(g.hands) >= self.hold_after \
            and g.phase in (Phase.DEAL, Phase.OVER)

    # ---------------------------------------------------------------- restoring
    def restore(self, entries: Sequence[Mapping[str, Any]]) -> None:
        """Replay the stored entries through the engine (a refused one raises)."""
        for e in entries:
            apply_step(self.game, step_of(e))
        self.version = len(entries)

    # ---------------------------------------------------------------- who acts
    def actor(self) -> int | None:
        """The seat whose decision the game waits for (None: a deal is due, or it is over)."""
        g = self.game
        h = g.hand
        if h is None or g.phase in (Phase.DEAL, Phase.OVER):
            return None
        if g.phase == Phase.EXCHANGE:
            return h.awaiting()[0]
        return h.turn

    def is_bot(self, seat: int) -> bool:
        return bool(self.seats[seat]["kind"] == "bot")

    def robot_acts(self, seat: int) -> bool:
        """Does the table's robot decide for ``seat`` now (a robot's seat, or a person's seat
        the robot holds while the person is away)?"""
        return self.is_bot(seat) or seat in self.held

    def hold(self, seat: int) -> None:
        """The person at ``seat`` is away: the robot plays for them until :meth:`hand_back`."""
        if not self.is_bot(seat):
            self.held.add(seat)
            self.held_words.setdefault(seat, [])

    def hand_back(self, seat: int) -> list[str]:
        """The person at ``seat`` is back: the seat is theirs again; what the robot did there
        meanwhile, in words (nothing when it did nothing)."""
        self.held.discard(seat)
        return self.held_words.pop(seat, [])

    def seat_of(self, student: int) -> int | None:
        if self.is_closed():  # closed, or its players were moved to another table
            return None
        for i, s in enumerate(self.seats):
            if s.get("student") == student:
                return i
        return None

    def names(self) -> list[str]:
        return [s["name"] if s["kind"] == "person" else "Robot" for s in self.seats]

    def words(self, seat: int) -> SeatWords:
        """This table as the table model sees it from ``seat`` (the trick's words)."""
        return SeatWords(self.game, [s["kind"] for s in self.seats], self.names(), seat,
                         self.actor())

    def bots_due(self) -> bool:
        """Is the next thing to happen a deal or a bot's decision?"""
        if self.game.over or self.holding() or self.deserted():
            return False
        seat = self.actor()
        return seat is None or self.robot_acts(seat)

    # ---------------------------------------------------------------- acting
    def _run(self, fn: Any) -> list[dict[str, Any]]:
        before, hand = len(self.game.log), self.game.hand
        fn()
        if self.game.hand is not hand:  # a new deal: the last claim's words were another hand's
            self.claim_said = []
        out = [e for e in map(entry_of, self.game.log[before:]) if e is not None]
        return out

    def act(self, seat: int, kind: str, value: Any = None, as_: Any = None
            ) -> list[dict[str, Any]]:
        """``seat`` takes an action through the engine: the new entries to store, or the
        engine's :class:`IllegalAction` (nothing changed); at a table the teacher holds,
        ``table-paused``."""
        g = self.game
        if not self.started:
            raise IllegalAction(Rule.TABLE_WAITING, "The table has not started: it waits for "
                                "its players, or for the teacher to start it.")
        if self.closed:
            raise IllegalAction(Rule.TABLE_CLOSED, "The teacher has closed this table.")
        if self.holding():
            raise IllegalAction(Rule.TABLE_PAUSED, "The teacher has paused the table.")
        if kind != "look":
            self.claim_pending, self.claim_answers = None, set()  # acting ends a claim's wait
        if kind == "look":
            check = g.can_look(seat)
            return self._run(lambda: g.look(seat)) if check else _raise(check.error())
        if kind == "bid":
            check = g.can_bid(value, seat=seat)
            return self._run(lambda: g.bid(value, seat=seat)) if check else _raise(check.error())
        if kind == "exchange":
            if isinstance(value, int) and not isinstance(value, bool):
                value = self._blind_pick(seat, value)
            check = g.can_exchange(seat, value)
            return self._run(lambda: g.exchange(seat, value)) if check else \
                _raise(check.error())
        if kind == "play":
            check = g.can_play(value, as_, seat=seat)
            return self._run(lambda: g.play(value, as_, seat=seat)) if check else \
                _raise(check.error())
        raise IllegalAction(Rule.WRONG_PHASE, f"{kind!r} is not an action: the actions are "
                            f"{', '.join(ACTIONS)}.")

    # ---------------------------------------------------------------- claims
    def claim(self, seat: int, tricks: Any) -> list[dict[str, Any]]:
        """``seat`` claims ``tricks`` of the remaining tricks (docs/rulings.md section 10): the
        solver checks it; the robots of the other side accept a proved claim and play on
        against any other; the people of the other side answer (:meth:`answer_claim`), or the
        teacher decides (:meth:`decide_claim`).  The entries to store (the claim, when it
        stands now); the words said are in :attr:`claim_said`."""
        if self.holding():
            raise IllegalAction(Rule.TABLE_PAUSED, "The teacher has paused the table.")
        if self.claim_pending is not None:
            raise IllegalAction(Rule.CLAIM_WRONG_PHASE, "A claim is already waiting for the "
                                "other players' answers.")
        c = check_claim(self.game, seat, tricks)  # the engine's refusal raises, unchanged
        n = self.rules.players
        names = self.names()
        self.claim_said = [claim_words(seat, tricks, c.remaining, n), c.words]
        others = [s for s in range(n) if s not in c.side]
        robots = [s for s in others if self.robot_acts(s)]
        if robots and not robots_accept(c):
            self.claim_said.append(f"{side_words(robots, n)} "
                                   f"{'play' if len(robots) > 1 else 'plays'} on.")
            return []
        self.claim_pending, self.claim_answers = c, set(robots)
        waiting = [names[s] for s in others if s not in self.claim_answers]
        if not waiting:
            return self._settle_claim(False)
        self.claim_said.append("Waiting for " + " and ".join(waiting) + " (or the teacher) "
                               "to accept the claim or play on.")
        return []

    def answer_claim(self, seat: int, accept: bool) -> list[dict[str, Any]]:
        """The person at ``seat`` of the other side accepts the claim waiting or plays on."""
        c = self.claim_pending
        if c is None or seat in c.side or seat in self.claim_answers:
            raise IllegalAction(Rule.CLAIM_WRONG_PHASE, "No claim is waiting for your answer.")
        if not accept:
            self.claim_said = [f"{seat_name(seat, self.rules.players)} plays on."]
            self.claim_pending, self.claim_answers = None, set()
            return []
        self.claim_answers.add(seat)
        if all(s in self.claim_answers for s in range(self.rules.players) if s not in c.side):
            return self._settle_claim(False)
        return []

    def decide_claim(self, accept: bool) -> list[dict[str, Any]]:
        """The teacher's decision on the claim waiting: accepted or played on."""
        if self.claim_pending is None:
            raise IllegalAction(Rule.CLAIM_WRONG_PHASE, "No claim is waiting at this table.")
        if not accept:
            self.claim_said = ["The teacher says: play on."]
            self.claim_pending, self.claim_answers = None, set()
            return []
        return self._settle_claim(True)

    def _settle_claim(self, teacher: bool) -> list[dict[str, Any]]:
        c = self.claim_pending
        assert c is not None
        accepted: list[int | str] = sorted(self.claim_answers)
        if teacher and c.verdict != "right":
            accepted.append(TEACHER)
        self.claim_pending, self.claim_answers = None, set()
        out = self._run(lambda: settle(self.game, c, accepted))
        self.claim_said.append("The claim stands: the hand ends." if c.verdict == "right" else
                               "The claim is accepted: the hand ends.")
        return out

    def claim_state(self) -> dict[str, Any] | None:
        """The claim waiting, as every seat (and the teacher) may read it (None: none)."""
        c = self.claim_pending
        if c is None:
            return None
        n = self.rules.players
        return {"seat": c.seat, "tricks": c.tricks, "remaining": c.remaining,
                "verdict": c.verdict, "words": c.words,
                "waiting": [s for s in range(n) if s not in c.side
                            and s not in self.claim_answers]}

    def _blind_pick(self, seat: int, count: int) -> list[Any]:
        """A blind passer who has not seen the cards chooses only how many: the table hands
        over that many at random (as the bots' :func:`act` does)."""
        h = self.game.hand
        owed = h.owed_pass(seat) if h is not None else None
        if h is None or owed is None or self.game.view(seat).hand is not None:
            raise IllegalAction(Rule.EXCHANGE_INVALID, "Choose the cards to pass: only a blind "
                                "bidder who has not seen the cards passes a number of cards.")
        if not owed.lo <= count <= owed.hi:
            raise IllegalAction(Rule.EXCHANGE_INVALID, f"Pass {owed.lo} to {owed.hi} cards.")
        rng = random.Random(f"{self.seed}:{len(self.game.log)}:pass")
        return rng.sample(h.hands[seat], count)

    def deal_prepared(self, cards: Sequence[Sequence[str]], dealer: int
                      ) -> list[dict[str, Any]]:
        """Deal these cards (``cards[i]`` seat i's; a prepared hand, classroom.teacher) with
        ``dealer`` dealing: the new entries to store."""
        return self._run(lambda: self.game.deal(cards=cards, dealer=dealer))

    def step(self) -> list[dict[str, Any]]:
        """Deal the next hand, or let the bot whose decision it is act (one action)."""
        g = self.game
        rng = random.Random(f"{self.seed}:{len(g.log)}")
        if g.phase == Phase.DEAL:
            return self._run(lambda: g.deal(rng))
        seat = self.actor()
        assert seat is not None and self.robot_acts(seat)
        players = [self._bot] * self.rules.players
        before = len(g.log)
        out = self._run(lambda: act(g, players, rng))
        if seat in self.held:  # the robot acted for a person who is away: say what it did
            self.held_words[seat].extend(
                e["words"] for e in self.public_events(before)
                if seat in (e.get("seat"), e.get("from")))
        return out

    def run_bots(self, limit: int = 10_000) -> list[dict[str, Any]]:
        """Step deals and bots until a person must act (at most ``limit`` steps); the caller
        stores the entries (and adds them to :attr:`version`)."""
        out: list[dict[str, Any]] = []
        for _ in range(limit):
            if not self.bots_due():
                break
            new = self.step()
            self.version += len(new)
            out.extend(new)
        return out

    # ---------------------------------------------------------------- hints and undo
    def people(self) -> list[int]:
        return [s for s in range(self.rules.players) if not self.is_bot(s)]

    def hint(self, seat: int) -> str:
        """What the practice bot would do in ``seat``'s place, in play mode's words
        (:meth:`spades_lab.table.PlayModel.hint`, on a copy: the table is untouched); refused
        unless the teacher turned hints on."""
        if not self.settings["hints"]:
            raise TableRefusal(Rule.HINTS_OFF, "Hints are off at this table: the teacher "
                               "can turn them on.")
        model = PlayModel(game=self.game.copy(), seat=seat, pace=MAX_PACE,
                          seed=self.seed + self.version)
        return model.hint()

    def last_decision(self, entries: Sequence[Mapping[str, Any]]) -> int | None:
        """The index in ``entries`` (the stored actions) of the last bid, exchange or play of
        a person's seat: an undo takes the table back to just before it (a look stays: the
        cards have been seen)."""
        people = set(self.people())
        for i in range(len(entries) - 1, -1, -1):
            e = entries[i]
            if e["kind"] in ("bid", "play") and e["seat"] in people or \
                    e["kind"] == "exchange" and e["from"] in people:
                return i
        return None

    def ask_undo(self, seat: int) -> bool:
        """``seat`` asks to take back the last decision: True once every person at the table
        has asked (the undo is agreed); refused unless the teacher turned undo on."""
        if not self.settings["undo"]:
            raise TableRefusal(Rule.UNDO_OFF, "Taking back is off at this table: the "
                               "teacher can turn it on, or take a decision back.")
        self.undo_asked.add(seat)
        return set(self.people()) <= self.undo_asked

    def rewind(self, entries: Sequence[Mapping[str, Any]]) -> None:
        """The table as the stored ``entries`` (fewer than before: an undo) leave it."""
        self.game = Game(self.rules)
        self.version = 0
        self.restore(entries)
        self.undo_asked.clear()
        self.claim_pending, self.claim_answers = None, set()

    # ---------------------------------------------------------------- what seats see
    def public_events(self, before: int) -> list[dict[str, Any]]:
        """The engine's log events from index ``before`` as events every seat may read; after
        each trick, who won it and why, and after each hand, the score explained."""
        g = self.game
        n = self.rules.players
        out: list[dict[str, Any]] = []
        for i in range(before, len(g.log)):
            ev = g.log[i]
            if isinstance(ev, DealEvent):
                out.append({"kind": "deal", "hand": ev.hand + 1, "dealer": ev.dealer,
                            "words": f"Hand {ev.hand + 1}: {seat_name(ev.dealer, n)} deals."})
            elif isinstance(ev, LookEvent):
                out.append({"kind": "look", "seat": ev.seat,
                            "words": f"{seat_name(ev.seat, n)} looks at the cards."})
            elif isinstance(ev, BidEvent):
                out.append({"kind": "bid", "seat": ev.seat, "bid": ev.bid.to_json(),
                            "words": f"{seat_name(ev.seat, n)} bids {ev.bid.label}."})
            elif isinstance(ev, ExchangeEvent):
                k = len(ev.cards)
                out.append({"kind": "exchange", "from": ev.seat, "to": ev.to, "count": k,
                            "words": f"{seat_name(ev.seat, n)} passes {plural(k, 'card')} "
                                     f"to {seat_name(ev.to, n)}."})
            elif isinstance(ev, PlayEvent):
                p = ev.play
                out.append({"kind": "play", "seat": ev.seat, "card": p.card.code,
                            "as": p.suit, "words": f"{seat_name(ev.seat, n)} plays "
                                                   f"{p.card.name}."})
                h = self._hand_at(i)
                k = sum(type(e) is PlayEvent for e in g.log[h.first_event:i + 1])
                if k % n == 0:  # this card finished a trick
                    t = h.tricks[k // n - 1]
                    out.append({"kind": "trick", "trick": t.index + 1, "winner": t.winner,
                                "words": learner(explain_trick(h, t.index))})
            elif isinstance(ev, HandScoredEvent):
                h = g.hands[ev.hand]
                out.append({"kind": "hand", "hand": ev.hand + 1,
                            "totals": [s.total for s in ev.scores],
                            "words": learner(explain_score(h))})
                if ev.outcome.over:
                    out.append({"kind": "over", "winner": ev.outcome.winner,
                                "words": "The game is over."})
        return out

    def feed(self, limit: int = 60) -> list[str]:
        """The words of what happened this hand (the newest ``limit`` lines of
        :meth:`public_events` since its deal): what a page that comes back shows again."""
        h = self.game.hand
        return [] if h is None else [e["words"] for e in self.public_events(h.first_event)][
            -limit:]

    def _hand_at(self, i: int) -> Hand:
        """The hand the log event at index ``i`` belongs to."""
        return next(h for h in reversed(self.game.hands) if h.first_event <= i)

    def seat_state(self, seat: int) -> dict[str, Any]:
        """Everything ``seat`` may see now, from ``Game.view(seat)`` and public facts."""
        g = self.game
        v = g.view(seat)
        n = self.rules.players
        turn = v.turn if v.phase in (Phase.BIDDING, Phase.PLAY) else None
        legal_bids: list[dict[str, Any]] = []
        if v.phase == Phase.BIDDING and turn == seat:
            legal_bids = [{"bid": b.to_json(), "label": b.label} for b in g.legal_bids()]
        owed = None
        h = g.hand
        if v.phase == Phase.EXCHANGE and h is not None:
            o = h.owed_pass(seat)
            if o is not None and seat in h.awaiting() and self.actor() == seat:
                owed = {"lo": o.lo, "hi": o.hi, "blind": v.hand is None}
        words = self.words(seat)
        legal = [{"card": p.card.code, "as": p.suit if p.card.is_dual else None,
                  "label": p.card.name + (f" as {_suit_word(p.suit)}" if p.card.is_dual
                                          else "")} for p in v.legal]
        return {
            "table": self.id, "seat": seat, "version": self.version,
            "rules": rules_title(self.rules), "players": n,
            "names": self.names(), "phase": v.phase, "turn": turn,
            "waiting_for": self.actor(), "dealer": v.dealer,
            "hand": None if v.hand is None else [c.code for c in self.rules.deck.sorted(v.hand)],
            "hand_sizes": list(v.hand_sizes),
            "bids": [None if b is None else b.to_json() for b in v.bids],
            "trick": [{"seat": s, "card": p.card.code, "as": p.suit} for s, p in v.trick],
            "taken": list(v.taken), "totals": list(v.totals), "bags": list(v.bags),
            "passed": [c.code for c in v.passed], "received": [c.code for c in v.received],
            "legal_bids": legal_bids, "legal_plays": legal, "exchange": owed,
            "can_look": bool(v.phase == Phase.BIDDING and v.hand is None and g.can_look(seat)),
            "over": g.over, "held": sorted(self.held), "settings": dict(self.settings),
            "undo_asked": sorted(self.undo_asked), "started": self.started,
            "claim": self.claim_state(), "claim_said": list(self.claim_said),
            # the table model's one status line, said to this seat (play mode says the same);
            # a table that has not started says so
            "status": words.status(seat) if self.started else WAITING_WORDS,
            # once the hand is over, its score in words (play mode's lines; the next deal
            # makes its cards another hand's, so a later state says nothing of them)
            "score": score_lines(h) if h is not None and h.complete else [],
            "html": seat_table_html(v, self.names(), words.trick_view(),
                                    badges=words.partner_badges(seat),
                                    superior_at=None if h is None else h.superior_at),
        }


# ------------------------------------------------------------------ one deal, several tables


def dealt(h: Hand) -> frozenset[frozenset[str]]:
    """The cards hand ``h`` was dealt, whichever seat got each: two hands with the same are one
    deal (a prepared deal at several tables, classroom.teacher; or two tables given one seed).

    >>> a = ClassTable(1, {"preset": "standard"}, [{"kind": "bot"}] * 4, seed=4)
    >>> b = ClassTable(2, {"preset": "standard"}, [{"kind": "bot"}] * 4, seed=4)
    >>> _ = a.step(), b.step()
    >>> dealt(a.game.hand) == dealt(b.game.hand), len(dealt(a.game.hand))
    (True, 4)
    """
    return deal_key([[c.code for c in cards] for cards in h.deal])


def deal_key(cards: Sequence[Sequence[str]]) -> frozenset[frozenset[str]]:
    """:func:`dealt` of a deal given as card codes, seat by seat (a prepared deal's)."""
    return frozenset(frozenset(hand) for hand in cards)


def playing(t: ClassTable) -> Hand | None:
    """The hand still being played at ``t`` (dealt and not yet scored, at an open table whose
    game goes on), if there is one."""
    h = t.game.hand
    if h is None or h.scores is not None or t.game.over or t.closed_for is not None:
        return None
    return h


def own_seats(t: ClassTable, student: int) -> list[int]:
    """The seats of ``t`` that are ``student``'s: where they sit, and where a robot holds the
    seat for them (the teacher's, classroom.teacher.set_seat); none at a closed table."""
    if t.closed_for is not None:
        return []
    return [i for i, s in enumerate(t.seats)
            if s.get("student", s.get("was", {}).get("student")) == student]


def seated_at(tables: Iterable[ClassTable], student: int) -> ClassTable | None:
    """The table where ``student`` sits while its game goes on (a student sits at one table at
    a time; a finished game's seat does not count)."""
    return next((t for t in tables if not t.game.over and t.seat_of(student) is not None),
                None)


def twin(tables: Iterable[ClassTable], student: int | None,
         hand: Hand | frozenset[frozenset[str]], *, either: bool = False,
         skip: tuple[ClassTable, int] | None = None,
         besides: ClassTable | None = None) -> tuple[ClassTable, int] | None:
    """The one test of "these tables share a deal, and this hand is still in play for this
    student": a table and seat of ``student`` (:func:`own_seats`; with ``student`` None, any
    seat of an open table: a student may have a second name in another window) whose latest
    hand was dealt the same cards as ``hand`` (a hand, or its :func:`dealt`) and is still
    being played there (:func:`playing`), or, with ``either`` (``hand`` itself is still being
    played), whether it is or not; ``skip`` (a table and seat) and ``besides`` (a table) left
    out.  The sit, the teacher's seat and new table (:func:`check_seat`) and the lesson's
    poll, what-if and quiz questions all ask it."""
    key: frozenset[frozenset[str]] | None = None
    for t in tables:
        h = t.game.hand
        if h is None or t is besides or not (either or playing(t) is h):
            continue
        mine = own_seats(t, student) if student is not None else \
            [] if t.closed_for is not None else [0]
        seats = [s for s in mine if skip is None or (t, s) != skip]
        if not seats:
            continue
        if key is None:
            key = hand if isinstance(hand, frozenset) else dealt(hand)
        if dealt(h) == key:
            return t, seats[0]
    return None


def check_seat(tables: Iterable[ClassTable], student: int, t: ClassTable, seat: int, *,
               seen: Collection[frozenset[frozenset[str]]] = (), name: str | None = None,
               where: str | None = None, stranger: bool = False) -> None:
    """Refuse (:class:`TableRefusal` ``same-deal``, nothing changed) to put ``student`` in
    ``seat`` of ``t`` when its latest hand was dealt the same cards as a hand they have a seat
    in elsewhere (:func:`twin`), one of the two still being played, or as a deal of ``seen``
    (:func:`dealt` of the positions of the lesson's polls and what-ifs shown to them) while
    ``t``'s is; with ``stranger`` (a student's own ``sit``: they may be a player of another
    table under a second name), as any other table's hand, one of the two still being played.
    ``name``: the student's name, for the teacher's refusal (else the student is told "you");
    ``where``: the table in words (default ``table N``)."""
    h = t.game.hand
    if h is None:
        return
    tables = list(tables)
    where = where or f"table {t.id}"
    head = where[0].upper() + where[1:]
    mine, who = ("your", "you") if name is None else (f"{name}'s", name)
    either = playing(t) is h
    found = twin(tables, student, h, either=either, skip=(t, seat))
    if found is not None:
        other, k = found
        if other is t:
            holds = f"A robot holds {mine} seat {k + 1}" if t.is_bot(k) else \
                f"{who[0].upper()}{who[1:]} {'sit' if name is None else 'sits'} in seat {k + 1}"
            raise TableRefusal(Rule.SAME_DEAL, f"{holds} at {where} while its hand is played: "
                               "another seat there would show the cards of both.")
        raise TableRefusal(Rule.SAME_DEAL, f"{head} was dealt the same cards as {mine} hand "
                           f"at table {other.id}: {who} may sit there once both hands are "
                           "over.")
    if either and dealt(h) in seen:
        raise TableRefusal(Rule.SAME_DEAL, f"{head} is playing the cards of a question of the "
                           f"lesson, which {who} {'have' if name is None else 'has'} seen: "
                           f"{who} may sit there once its hand is over.")
    found = twin(tables, None, h, either=either, besides=t) if stranger else None
    if found is not None:
        raise TableRefusal(Rule.SAME_DEAL, f"{head} was dealt the same cards as table "
                           f"{found[0].id}, and one of the two hands is still being played: "
                           f"the teacher can seat you there, or sit there once both are over.")


def _suit_word(letter: str) -> str:
    return SUITS[letter].name


def _raise(e: IllegalAction) -> list[dict[str, Any]]:
    raise e


class _FaceDown(Sequence[Card]):
    """A hand the drawing may count but not show: another seat's cards, or one's own before
    looking (``len`` only; asking for a card is an error)."""

    def __init__(self, count: int) -> None:
        self._count = count

    def __len__(self) -> int:
        return self._count

    def __getitem__(self, i: Any) -> Any:
        raise IndexError("a face-down hand shows no card")


@dataclass(frozen=True)
class SeatHand:
    """The hand in progress as one seat sees it, built from ``Game.view(seat)`` alone, in the
    shape :func:`spades_lab.render.table_html` draws (:class:`~spades_lab.render.TableHand`):
    the seat's own cards once it has looked, every other hand as a count."""

    view: SeatView
    #: When the superior trump was set (trick, seat): public, as :class:`Hand` records it.
    superior_at: tuple[int, int] | None = None

    @property
    def n(self) -> int:
        return len(self.view.hand_sizes)

    @property
    def rules(self) -> RuleSet:
        assert self.view.rules is not None
        return self.view.rules

    @property
    def dealer(self) -> int:
        return self.view.dealer

    @property
    def turn(self) -> int | None:
        return self.view.turn

    @property
    def phase(self) -> Phase:
        return self.view.phase

    @property
    def scores(self) -> None:
        return None

    @property
    def hands(self) -> tuple[Sequence[Card], ...]:
        v = self.view
        return tuple(v.hand if s == v.seat and v.hand is not None else _FaceDown(k)
                     for s, k in enumerate(v.hand_sizes))

    @property
    def bids(self) -> tuple[Any, ...]:
        return self.view.bids

    @property
    def taken(self) -> tuple[int, ...]:
        return self.view.taken

    @property
    def trick(self) -> tuple[tuple[int, Play], ...]:
        return self.view.trick

    def legal_plays(self) -> tuple[Play, ...]:
        return self.view.legal

    @property
    def superior(self) -> str | None:
        return self.view.superior

    def is_broken(self, suit: str) -> bool:
        return suit in self.view.broken

    def winning_so_far(self) -> tuple[int, str] | None:
        v = self.view
        return trick_winner(self.rules, v.trick, v.superior) if v.trick else None


class SeatWords(TableBase):
    """A classroom table as the table model (:mod:`spades_lab.table`) sees it, for its words:
    the trick in the middle (in progress, with who is winning it, or the one just completed
    until the next lead, with who won it) and its caption, as play mode says them."""

    def __init__(self, game: Game, kinds: Sequence[str], names: Sequence[str], seat: int,
                 actor: int | None = None) -> None:
        self._game = game
        self.seats = tuple(PERSON if k == "person" else BOT for k in kinds)
        self._names = tuple(names)
        self.seat = seat
        self._actor = actor

    def _to_move(self, h: Hand) -> tuple[int | None, ...]:
        """A classroom table takes its exchanges one seat at a time: the seat it waits for."""
        return (self._actor,)

    @property
    def rules(self) -> RuleSet:
        return self._game.rules

    @property
    def game(self) -> Game:
        return self._game

    @property
    def hand(self) -> Hand | None:
        return self._game.hand

    def names(self) -> tuple[str, ...]:
        return self._names

    def seat_label(self, seat: int) -> str:
        """"Ann (North)", and "(you)" after the seat drawn for."""
        label = f"{self._names[seat]} ({seat_name(seat, self.rules.players)})"
        return label + (" (you)" if seat == self.seat else "")

    def trick_view(self) -> TrickView:
        h = self._game.hand
        if h is None:
            return TrickView()
        done = len(h.tricks) - 1 if h.tricks and not h.trick else None
        return self._trick_view(h, done, self.seat_label)


def seat_table_html(v: SeatView, names: Sequence[str], trick: TrickView | None = None, *,
                    projector: bool = False, badges: Mapping[int, str] | None = None,
                    superior_at: tuple[int, int] | None = None) -> str:
    """The table as ``v.seat`` sees it: :func:`spades_lab.render.table_html` (the drawing play
    mode shows in a notebook) fed from the seat's view alone, drawn compact (each seat's name,
    "taken/bid" and card count) with the seat itself at the bottom and ``badges`` after the
    names (the table model's :meth:`~spades_lab.table.Table.partner_badges`), with ``trick``
    (the table model's :class:`TrickView`: its cards, the card winning or that won marked, the
    caption) in the middle; above it each trump's state (:func:`spades_lab.render.trumps_html`,
    ``superior_at`` when the superior trump was set); below it the seat's own cards as buttons
    (the legal ones marked when it is to play).

    >>> g = Game("standard"); _ = g.deal(random.Random(1)); v = g.view(0)
    >>> html = seat_table_html(v, ["Ann", "Robot", "Robot", "Robot"], badges={2: "your partner"})
    >>> "Ann (North) (you)" in html, "13 cards" in html, html.count("sl-cardbtn")
    (True, True, 0)
    >>> 'data-seat="0" style="grid-area:s2"' in html, "Spades: unbroken" in html
    (True, True)
    """
    t = trick or TrickView(v.trick)
    n = len(v.hand_sizes) or len(names)
    table = trumps_html(SeatHand(v, superior_at)) + table_html(
        SeatHand(v), seat=v.seat, face_up=[False] * n, names=list(names), trick=list(t.plays),
        winning=t.winning, winner=t.winner, trick_caption=t.caption, compact=True,
        projector=projector, seat_badges=badges, bottom=v.seat) if v.hand_sizes else ""
    if v.hand is None:
        k = v.hand_sizes[v.seat] if v.hand_sizes else 0
        mine = f'<p class="sl-hand-title">Your cards are face down ({plural(k, "card")}).</p>'
    else:
        legal = {(p.card.code, p.suit if p.card.is_dual else None) for p in v.legal}
        buttons = []
        order = v.rules.deck.sorted(v.hand) if v.rules is not None else list(v.hand)
        for c in order:
            choices = [a for code, a in legal if code == c.code] or [None]
            for a in choices:
                ok = (c.code, a) in legal
                classes = ["sl-cardbtn", f"sl-s1-{c.suits[0]}"]
                if c.is_dual:
                    classes.append(f"sl-s2-{c.suits[1]}")
                if v.phase == Phase.PLAY and v.turn == v.seat:
                    classes.append("sl-legal" if ok else "sl-illegal")
                label = c.name + (f" as {_suit_word(a)}" if a else "")
                buttons.append(
                    f'<button type="button" class="{" ".join(classes)}" data-card="{c.code}"'
                    f'{f" data-as={chr(34)}{a}{chr(34)}" if a else ""} '
                    f'aria-label="{escape(label)}">{card_html(c)}</button>')
        tail = ": the cards you may play are marked green" \
            if v.phase == Phase.PLAY and v.turn == v.seat else ""
        mine = (f'<p class="sl-hand-title">Your cards{tail}</p><div class="sl-hand-buttons">'
                + "".join(buttons) + "</div>")
    return f'<div class="sl-classroom-seat">{table}{mine}</div>'


__all__ = ["ClassTable", "TableRefusal", "SETTINGS", "SeatHand", "dealt", "deal_key", "playing",
           "own_seats", "seated_at", "twin", "check_seat",
           "SeatWords", "step_of", "entry_of", "seat_table_html", "ACTIONS"]
