"""Play mode: a coached game at the table, as plain Python (no ipywidgets), testable without a
browser.

The learner sits at one seat; seeded :class:`~spades_lab.play.players.HeuristicPlayer` bots
take the others.  Every decision goes through the engine: the bids offered are
``Game.legal_bids()``, a refused card or bid comes back with the engine's own sentence
(``Game.can_play`` / ``can_bid`` / ``can_exchange``) and leaves the game unchanged, the words
after a trick come from :func:`~spades_lab.teach.explain.explain_trick` and after a hand from
:func:`~spades_lab.teach.explain.explain_score`.  Undo restores a ``Game.copy()`` snapshot taken
before each of the learner's decisions (with the random generator's state, so the bots and the
next deals come out the same again).

Counting: ``seat`` and Python indexes count from 0 as everywhere in the API;
:meth:`PlayModel.from_record` takes ``hand_number`` and ``trick_number`` counted from 1, as a
teacher says them ("play on from trick 5 of hand 1").

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
from pathlib import Path
from typing import Any

from ..core import args
from ..core.bids import Bid
from ..core.cards import SUITS, Card, Play
from ..core.engine import BIDDING, DEAL, EXCHANGE, PLAY, Game, Hand, PlayEvent
from ..core.errors import ArgumentError, RuleError, echo
from ..core.records import dump_record, load_record, replay
from ..core.rules import RuleSet, rules_from_json, rules_of, team_name
from ..play.players import HeuristicPlayer, act
from ..render import option_words, rules_title, table_words
from ..teach.bestplay import HandReview, review_plays
from ..teach.explain import explain_play, explain_score, explain_trick
from ..teach.wording import plain

RecordSource = str | Path | Mapping[str, Any]

#: What the table waits for: the learner to ``look`` (or bid blind), ``bid``, ``exchange`` or
#: ``play``; the ``bots`` to move; the learner to deal the ``next-hand``; or the game is ``over``.
WAITS = ("look", "bid", "exchange", "play", "bots", "next-hand", "over")
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
    """Who won trick ``k`` (0-based) and why, in words from :func:`explain_trick`."""
    t = explain_trick(hand, k)
    lines = [x.strip() for x in t.text.splitlines()[1:] if not x.startswith(" ")]
    return [plain(x) for x in lines]


def score_lines(hand: Hand) -> list[str]:
    """The hand's score, partnership by partnership, in words from :func:`explain_score`."""
    ex = explain_score(hand)
    out = [f"Hand {hand.index + 1} is over."]
    for t in ex.teams:
        out.append(f"{t.name}: bid {t.bid}, took {t.counted}; this hand {t.hand_score:+d}, "
                   f"total {t.total_before} → {t.total}; bags {t.bags}.")
        for ln in t.lines:
            out.append(f"    {ln.points:+d}: {plain(ln.text)}")
        out.extend(f"    {plain(x.text)}" for x in t.nils if not x.made)
    out.append(plain(f"After the hand: {ex.outcome}") + (
        f"; {ex.teams[ex.winner].name} win the game." if ex.over and ex.winner is not None
        else "."))
    return out


# ---------------------------------------------------------------------------- the model


@dataclass(frozen=True)
class BidChoice:
    """A bid the learner may make now, with its words."""

    label: str
    bid: Bid


@dataclass(frozen=True)
class _Snapshot:
    game: Game
    rng: Any
    feed: int


class PlayModel:
    """A game in which the learner plays ``seat`` and seeded bots the other seats.

    ``pace`` is the pause between bot moves in seconds for a widget; with ``pace == 0`` every
    learner action runs the bots at once (``run_bots``), otherwise the caller moves them one
    at a time (``step_bot``).  ``feed`` is the running account in words ("What just happened").

    Arguments of the wrong kind are refused with an
    :class:`~spades_lab.core.errors.ArgumentError` (checked by :mod:`spades_lab.core.args`);
    a learner's action the table does not take (``bid``, ``exchange``, ``play``) returns False
    with the sentence in ``message`` and its rule id in ``message_rule``, and changes nothing.
    """

    def __init__(self, rules: RuleSet | str = "standard", options: Mapping[str, Any] | None = None,
                 *, seat: int = 0, seed: int = 0, pace: float = 0.0,
                 game: Game | None = None) -> None:
        if game is not None:
            game = args.instance(game, "the game", Game, "a Game")
            self.rules = game.rules
        else:
            self.rules = rules_of(rules, options)
        n = self.rules.players
        if not (args.is_whole(seat) and 0 <= seat < n):
            raise ArgumentError(f"The learner's seat must be 0-{n - 1} "
                                     f"({rules_title(self.rules)} has {n} seats), not "
                                     f"{echo(seat)}.", argument="the seat")
        self.seat = seat
        self.seed = args.seed(seed)
        self._pace = 0.0
        self.pace = pace
        self.rng = random.Random(seed)
        self.bots = [HeuristicPlayer() for _ in range(n)]
        self.feed: list[str] = []
        self.message = ""
        self.message_rule: str | None = None
        self.history: list[_Snapshot] = []
        self.last_trick: int | None = None  # index of the trick just completed (shown until
        self.game = game if game is not None else Game(self.rules)  # the next lead)
        # where the learner's own plays begin: (hand, plays made before) -- a hand taken
        # over from a record has its earlier tricks played by the record, not the learner
        h0 = self.game.hand
        self._own_from = (h0.index, len(h0.tricks) * n + len(h0.trick)) \
            if h0 is not None and not h0.complete else (len(self.game.hands), 0)
        self._review: tuple[tuple[Any, ...], HandReview] | None = None
        if self.game.phase == DEAL and not self.game.over:
            self._deal()
        else:
            self._prepare_look()
        if self.pace == 0:
            self.run_bots()

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
                    seat: int | None = None, seed: int = 0, pace: float = 0.0) -> PlayModel:
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
            raise RuleError("bad-record", f"The record has {len(hands)} hand"
                            f"{'s' if len(hands) != 1 else ''}; there is no hand "
                            f"{echo(hand_number)}.")
        h = hands[hand_number - 1]
        rules = rules_from_json(data["rules"])
        n, size = rules.players, rules.hand_size
        if not 1 <= trick_number <= size:
            raise RuleError("bad-record", f"A hand of {rules.name} has {size} tricks (1 to "
                            f"{size}); there is no trick {echo(trick_number)}.")
        plays = h.get("plays", [])
        if len(plays) < (trick_number - 1) * n:
            raise RuleError("bad-record", f"Hand {hand_number} of the record stops before trick "
                            f"{trick_number}.")
        steps = len(h.get("bids", [])) + len(h.get("exchange", [])) + (trick_number - 1) * n
        game = replay(data, upto=(hand_number - 1, steps)).game
        if seat is None:
            seat = game.turn if game.turn is not None else 0
        return cls(game=game, seat=seat, seed=seed, pace=pace)

    # ------------------------------------------------------------------ state
    @property
    def hand(self) -> Hand | None:
        return self.game.hand

    def waiting(self) -> str:
        """One of :data:`WAITS`."""
        g, h = self.game, self.game.hand
        if g.over:
            return "over"
        if h is None or g.phase == DEAL:
            return "next-hand"
        if self._learner_acts():
            if g.phase == BIDDING and not h.looked[self.seat] and self.blind_bids():
                return "look"  # bid blind, or look first
            return {BIDDING: "bid", EXCHANGE: "exchange", PLAY: "play"}[g.phase]
        return "bots"

    def _learner_acts(self) -> bool:
        h = self.game.hand
        if h is None or h.complete:
            return False
        if self.game.phase == EXCHANGE:
            return self.seat in h.awaiting()
        return h.turn == self.seat

    def _bot_seat(self) -> int | None:
        h = self.game.hand
        if h is None or h.complete or self.game.over:
            return None
        if self.game.phase == EXCHANGE:
            bots = [s for s in h.awaiting() if s != self.seat]
            return bots[0] if bots else None
        return h.turn if h.turn != self.seat else None

    @property
    def looked(self) -> bool:
        """Has the learner seen the cards of this hand?"""
        return self.game.view(self.seat).hand is not None

    def status(self) -> str:
        """One line: hand and trick (from 1), and whose move it is."""
        h = self.game.hand
        totals = ", ".join(f"{self._team(t)} {v}" for t, v in enumerate(self.game.totals))
        if self.game.over:
            winner = self.game.winner
            who = f"{self._team(winner)} win" if winner is not None else "it is over"
            return f"Game over: {who}. Totals: {totals}."
        if h is None or h.complete:
            return f"Hand {len(self.game.hands)} is over. Totals: {totals}."
        head = f"Hand {h.index + 1}"
        w = self.waiting()
        if self.game.phase == PLAY:
            head += f", trick {len(h.tricks) + 1}"
        you = {"look": "Your turn to bid: bid blind, or look at your cards first.",
               "bid": "Your turn to bid.", "exchange": "Your turn to pass cards.",
               "play": "Your turn to " + ("lead." if not h.trick else "play.")}
        if w in you:
            return f"{head}: {you[w]}"
        return f"{head}: waiting for {h.waiting_for()}."

    def _team(self, team: int) -> str:
        return team_name(self.rules.team_seats[team], self.rules.players)

    def seat_label(self, seat: int) -> str:
        args.whole(seat, "the seat", lo=0, hi=self.rules.players - 1)
        return self.game.seat_name(seat) + (" (you)" if seat == self.seat else "")

    # ------------------------------------------------------------------ what the learner sees
    def my_cards(self) -> list[tuple[Card, bool]]:
        """The learner's cards (deck order), each with whether it may be played now; empty
        while the learner has not looked."""
        v = self.game.view(self.seat)
        if v.hand is None:
            return []
        legal = {p.card for p in v.legal} if self.waiting() == "play" else set()
        return [(c, c in legal) for c in self.rules.deck.sorted(v.hand)]

    def plays_for(self, card: Card | str) -> list[Play]:
        """The learner's legal plays of ``card`` (two for a Traveler/Hunter that may be
        declared either way)."""
        if self.waiting() != "play":
            return []
        c = self.rules.deck.parse(card) if not isinstance(card, Card) else card
        return [p for p in self.game.legal_plays() if p.card is c]

    def shown_trick(self) -> tuple[list[tuple[int, Play]], int | None, str]:
        """The trick in the middle (in progress, or the one just completed until the next
        lead), the seat winning it (``sl-winning``) and a caption in words."""
        h = self.game.hand
        if h is None:
            return [], None, ""
        if h.trick:
            now = h.winning_so_far()
            seat = now[0] if now else None
            return list(h.trick), seat, (f"{self.seat_label(seat)} is winning so far."
                                         if seat is not None else "")
        if h.tricks and self.last_trick is not None and self.last_trick < len(h.tricks):
            t = h.tricks[self.last_trick]
            return list(t.plays), t.winner, f"{self.seat_label(t.winner)} won trick " \
                f"{t.index + 1}."
        return [], None, ""

    def blind_bids(self) -> list[Bid]:
        """The blind bids the learner may make now (``Game.legal_bids()``; none once the
        cards are seen or when it is not the learner's turn to bid)."""
        h = self.game.hand
        if h is None or self.game.phase != BIDDING or h.looked[self.seat] or \
                h.turn != self.seat:
            return []
        return [b for b in self.game.legal_bids() if b.blind]

    def bid_choices(self) -> list[BidChoice]:
        """The bids the learner may make now, from ``Game.legal_bids()``: only blind bids
        until the learner looks (where blind bids are allowed at all)."""
        w = self.waiting()
        if w not in ("look", "bid"):
            return []
        legal = self.game.legal_bids()
        if w == "look":
            legal = tuple(b for b in legal if b.blind)
        elif self.looked:
            legal = tuple(b for b in legal if not b.blind)
        return [BidChoice(b.label, b) for b in legal]

    def exchange_due(self) -> dict[str, Any] | None:
        """What the learner must pass now: ``lo``/``hi`` cards to ``to`` (a seat);
        ``face_down`` when the learner passes before seeing the cards (then only a count is
        chosen and the table hands over that many unseen cards)."""
        if self.waiting() != "exchange":
            return None
        h = self.game.hand
        assert h is not None
        owed = h.owed_pass(self.seat)
        assert owed is not None
        return {"lo": owed.lo, "hi": owed.hi, "to": owed.to, "face_down": not self.looked}

    # ------------------------------------------------------------------ the learner's actions
    def _snapshot(self) -> None:
        self.history.append(_Snapshot(self.game.copy(), self.rng.getstate(), len(self.feed)))

    def _refuse(self, message: str, rule: str | None = None) -> bool:
        self.message = message
        self.message_rule = rule
        return False

    def look(self) -> None:
        """The learner picks up the cards (no blind bid after this)."""
        h = self.game.hand
        if h is not None and self.game.phase == BIDDING and not h.looked[self.seat]:
            self.game.look(self.seat)
        self.message, self.message_rule = "", None

    def bid(self, value: Any) -> bool:
        """Bid ``value`` (a :class:`Bid`, a number or a text such as ``"nil spades + 2"``);
        False with the engine's sentence in ``message`` when refused (nothing changes)."""
        if self.waiting() not in ("look", "bid"):
            return self._refuse(self._not_now("a bid"), "wrong-phase")
        check = self.game.can_bid(value, seat=self.seat)
        if not check:
            return self._refuse(check.message, check.rule)
        self._snapshot()
        self.game.bid(value, seat=self.seat)
        b = self.game.hand.bids[self.seat] if self.game.hand else None
        self.feed.append(f"You bid {b.label if b is not None else value}.")
        self.message, self.message_rule = "", None
        self._after()
        return True

    def exchange(self, cards: Sequence[Any] | int) -> bool:
        """Pass ``cards`` to the exchange partner, or, passing face down, a count of unseen
        cards the table picks (with the game's seeded generator)."""
        due = self.exchange_due()
        if due is None:
            return self._refuse(self._not_now("a card exchange"), "wrong-phase")
        h = self.game.hand
        assert h is not None
        if not args.is_whole(cards) and not isinstance(cards, (list, tuple)):
            return self._refuse("Pass a number of cards (face down) or a list of cards, not "
                                f"{echo(cards)}.", "exchange-invalid")
        if isinstance(cards, int):
            if not due["lo"] <= cards <= due["hi"]:
                want = str(due["hi"]) if due["lo"] == due["hi"] else f"{due['lo']} to {due['hi']}"
                return self._refuse(f"You must pass {want} cards, not {echo(cards)}.",
                                    "exchange-invalid")
            state = self.rng.getstate()
            chosen: Sequence[Any] = self.rng.sample(h.hands[self.seat], cards)
            self.rng.setstate(state)  # drawn again below, after the snapshot
        else:
            chosen = list(cards)
        check = self.game.can_exchange(self.seat, chosen)
        if not check:
            return self._refuse(check.message, check.rule)
        self._snapshot()
        if isinstance(cards, int):
            chosen = self.rng.sample(h.hands[self.seat], cards)
        self.game.exchange(self.seat, chosen)
        k = len(chosen)
        self.feed.append(f"You pass {k} card{'s' if k != 1 else ''} face down to "
                         f"{self.seat_label(due['to'])}.")
        self.message, self.message_rule = "", None
        self._after()
        return True

    def play(self, card: Any, as_: Any = None) -> bool:
        """Play ``card`` (a :class:`Play`, :class:`Card` or its text), declared ``as_`` a suit
        for a Traveler/Hunter played by choice; False with the engine's sentence in ``message``
        when refused (nothing changes)."""
        if self.waiting() != "play":
            return self._refuse(self._not_now("a card"), "wrong-phase")
        check = self.game.can_play(card, as_, seat=self.seat)
        if not check:
            return self._refuse(check.message, check.rule)
        self._snapshot()
        self._play(card, as_)
        self.message, self.message_rule = "", None
        self._after()
        return True

    def _not_now(self, what: str) -> str:
        w = self.waiting()
        if w == "over":
            return "The game is over."
        if w == "next-hand":
            return "The hand is over: deal the next hand."
        if w == "bots":
            h = self.game.hand
            return f"It is not your turn: the table waits for " \
                f"{h.waiting_for() if h else 'the deal'}, not {what} from you."
        return f"The table waits for you to {w}, not for {what}."

    def next_hand(self) -> bool:
        """Deal the next hand (after a hand is scored, until the game is over)."""
        if self.waiting() != "next-hand":
            return self._refuse("The game is over." if self.game.over else
                                "The hand in progress is not over yet.", "wrong-phase")
        self._deal()
        self.message, self.message_rule = "", None
        if self.pace == 0:
            self.run_bots()
        return True

    def undo(self) -> bool:
        """Take back the learner's last decision (and the bots' moves after it)."""
        if not self.history:
            return self._refuse("There is nothing to take back.")
        snap = self.history.pop()
        self.game = snap.game
        self.rng.setstate(snap.rng)
        del self.feed[snap.feed:]
        h = self.game.hand
        self.last_trick = len(h.tricks) - 1 if h is not None and h.tricks and not h.trick \
            else None
        self.feed.append("You took back your last decision.")
        self.message, self.message_rule = "", None
        return True

    def hint(self) -> str:
        """What the practice bot would do in the learner's place, in words (the game and its
        random generator are untouched)."""
        w = self.waiting()
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        bot = HeuristicPlayer()
        view = self.game.view(self.seat)
        if w == "look":
            pick = bot.choose_blind(view, self.blind_bids(), rng)
            if pick is None:
                return "The practice bot would not bid blind here: it would look at its cards " \
                    "and then bid."
            return f"The practice bot would bid {pick.label} without looking."
        if w == "bid":
            choices = [c.bid for c in self.bid_choices()]
            b = bot.choose_bid(view, choices, rng)
            return f"The practice bot would bid {b.label}."
        if w == "exchange":
            due = self.exchange_due()
            assert due is not None
            if due["face_down"]:
                n = bot.choose_exchange_count(view, due["lo"], due["hi"], rng)
                return f"The practice bot would pass {n} unseen card{'s' if n != 1 else ''}."
            cards = bot.choose_exchange(view, due["lo"], due["hi"], rng)
            return "The practice bot would pass " + ", ".join(c.name for c in cards) + "."
        if w == "play":
            p = bot.choose_play(view, self.game.legal_plays(), rng)
            why = explain_play(self.game, p.card, p.suit if p.card.is_dual else None,
                               seat=self.seat)
            return f"The practice bot would play the {card_words(p)}. {plain(why.text)}"
        return "No decision of yours is due now."

    # ------------------------------------------------------------------ after the hand
    def review_due(self) -> bool:
        """Is there a finished hand to look back on?  Only between hands (or after the game):
        never while a hand is being played."""
        h = self.game.hand
        return self.waiting() in ("next-hand", "over") and h is not None and h.complete

    def best_card_review(self, *, time_limit: float | None = 1.0,
                         total_limit: float | None = 20.0,
                         node_limit: int | None = None) -> HandReview | None:
        """"Show me the best card": each card the learner played in the hand just finished,
        judged with every hand visible (:func:`~spades_lab.teach.bestplay.review_plays`) --
        did it keep the most tricks, or which card would have kept more and how many.  Only
        after the hand: while a hand is in play this returns None and ``message`` says why.
        ``time_limit`` (seconds) and ``node_limit`` bound each position, ``total_limit`` the
        whole review (seconds).  The review is kept for the game's exact history (every event
        of its log): after Undo and other cards, the hand played is reviewed, not the one taken
        back."""
        args.optional_whole(node_limit, "the node limit", lo=1)
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
        key = (tuple(self.game.log), time_limit, total_limit, node_limit)
        if self._review is not None and self._review[0] == key:
            return self._review[1]
        start = self._own_from[1] if self._own_from[0] == h.index else 0
        review = review_plays(self.game, self.seat, h.index, from_step=start,
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
        """One bot move, if a bot is to move."""
        seat = self._bot_seat()
        if seat is None:
            return False
        g = self.game
        h = g.hand
        assert h is not None
        if g.phase == PLAY:
            p = self.bots[seat].choose_play(g.view(seat), g.legal_plays(), self.rng)
            self._play(p, None)
        elif g.phase == BIDDING:
            act(g, self.bots, self.rng)
            b = h.bids[seat]
            if b is not None:
                self.feed.append(f"{self.seat_label(seat)} bids {b.label}.")
        else:  # an exchange owed by a bot (several may be owed at once)
            owed = h.owed_pass(seat)
            assert owed is not None
            lo, hi = owed.lo, owed.hi
            view = g.view(seat)
            if view.hand is None:
                count = self.bots[seat].choose_exchange_count(view, lo, hi, self.rng)
                cards: Sequence[Card] = self.rng.sample(h.hands[seat], count)
            else:
                cards = self.bots[seat].choose_exchange(view, lo, hi, self.rng)
            g.exchange(seat, cards)
            to = owed.to
            k = len(cards)
            self.feed.append(f"{self.seat_label(seat)} passes {k} card{'s' if k != 1 else ''} "
                             f"face down to {self.seat_label(to)}.")
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
        """Pick up the learner's cards unless a blind bid is still open to the learner."""
        h = self.game.hand
        if h is None or self.game.phase != BIDDING or h.looked[self.seat]:
            return
        if not h.blind_allowed(self.seat):
            self.game.look(self.seat)

    def _play(self, card: Any, as_: Any) -> None:
        g = self.game
        h = g.hand
        assert h is not None
        seat = h.turn
        assert seat is not None
        before = len(h.tricks)
        leading = not h.trick
        g.play(card, as_, seat=seat)
        ev = next(e for e in reversed(g.log) if isinstance(e, PlayEvent))
        who = "You" if seat == self.seat else self.seat_label(seat)
        verb = ("lead" if leading else "play") + ("" if who == "You" else "s")
        self.feed.append(f"{who} {verb} the {card_words(ev.play)}.")
        if len(h.tricks) > before:
            self.last_trick = len(h.tricks) - 1
            self.feed.extend(trick_lines(h, len(h.tricks) - 1))
            if h.complete:
                self.feed.extend(score_lines(h))
        else:
            self.last_trick = None

    def _after_any(self) -> None:
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
        return [f"{rules_title(r)}: {', '.join(table_words(r))}, {r.hand_size} cards each. "
                f"You sit {self.game.seat_name(self.seat)}."] + option_words(r)

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


__all__ = ["PlayModel", "BidChoice", "WAITS", "option_words", "plain", "card_words",
           "trick_lines", "score_lines", "options_from_text"]
