"""The hand and game state machine.

For every action there is a check that answers "may this seat do this?" with the reason
(``can_bid``, ``can_exchange``, ``can_play``) and an action that verifies first and raises an
:class:`~spades_lab.core.errors.IllegalAction` carrying the rule id, changing nothing, when it fails
(``bid``, ``exchange``, ``play``).  Every action appends a frozen event to ``Game.log``.

>>> import random
>>> g = Game(RuleSet.preset("standard"))
>>> g.deal(rng=random.Random(7))
>>> g.phase, g.turn, g.seat_name(g.turn)
('bidding', 1, 'East')
>>> g.bid("blind nil", seat=1); g.bid(4); g.bid(3); g.bid(5)
>>> g.phase, g.turn, len(g.legal_plays()) > 0
('play', 1, True)
>>> g.play("2C")
Traceback (most recent call last):
...
spades_lab.core.errors.IllegalAction: East does not hold 2♣.
"""
from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, NamedTuple

from .bids import Bid, all_bids, parse_bid
from .cards import (
    BIT_SUIT,
    SUIT_BITS,
    SUITS,
    Card,
    Deck,
    Play,
    cards_text,
    parse_card,
    suit_name,
)
from .errors import IllegalAction, Rule, RuleError, echo
from .rules import RuleSet, rules_of, seat_name
from .scoring import Outcome, TeamScore, game_outcome, score_hand
from .tricks import (
    REFUSED_BY,
    LegalSet,
    TrumpState,
    decide,
    is_legal,
    legal_set,
    rank_tables,
    tables_for,
    trick_winner,
    trump_states_through,
)


class Phase(StrEnum):
    """What a hand (or the game) is waiting for: ``Hand.phase``, ``Game.phase`` and
    ``SeatView.phase`` are members.  A member *is* its name: it equals the string and
    ``str()``, ``repr()`` and JSON show it, so records and messages read as before.

    >>> Phase.PLAY, Phase("bidding") is Phase.BIDDING, Phase.OVER == "over"
    ('play', True, True)
    """

    DEAL = "deal"          # waiting for the next deal
    BIDDING = "bidding"
    EXCHANGE = "exchange"  # the blind nil exchange
    PLAY = "play"
    OVER = "over"          # the game is won (only ``Game.phase``)

    def __repr__(self) -> str:
        return repr(self._value_)


# The members under module names, for the engine's own hot paths (a module global is read
# about five times faster than ``Phase.PLAY``); code outside the engine writes ``Phase.X``.
DEAL, BIDDING, EXCHANGE, PLAY, OVER = (Phase.DEAL, Phase.BIDDING, Phase.EXCHANGE, Phase.PLAY,
                                       Phase.OVER)

# ---------------------------------------------------------------------------- events


class DealEvent(NamedTuple):
    hand: int
    dealer: int
    deal: tuple[tuple[Card, ...], ...]

    @property
    def kind(self) -> str:  # not a field: events stay as small as their data
        return "deal"


class LookEvent(NamedTuple):
    seat: int

    @property
    def kind(self) -> str:  # not a field: events stay as small as their data
        return "look"


class BidEvent(NamedTuple):
    seat: int
    bid: Bid

    @property
    def kind(self) -> str:  # not a field: events stay as small as their data
        return "bid"


class ExchangeEvent(NamedTuple):
    seat: int
    to: int
    cards: tuple[Card, ...]

    @property
    def kind(self) -> str:  # not a field: events stay as small as their data
        return "exchange"


class PlayEvent(NamedTuple):
    """A card played.  The very same tuple is the (seat, Play) entry of its trick."""

    seat: int
    play: Play

    @property
    def kind(self) -> str:  # not a field: events stay as small as their data
        return "play"

    @property
    def card(self) -> Card:
        return self.play.card


class HandScoredEvent(NamedTuple):
    hand: int
    scores: tuple[TeamScore, ...]
    outcome: Outcome

    @property
    def kind(self) -> str:  # not a field: events stay as small as their data
        return "scored"


_new_tuple = tuple.__new__  # fast construction of the PlayEvent named tuple on the hot path

_CODES: dict[Deck, dict[str, Card]] = {}


def _codes(deck: Deck) -> dict[str, Card]:
    """A deck's cards by their exact record code (``"QH"``, ``"TPS"``): a text found here is
    what ``deck.parse`` makes of it; any other text (lower case, spaces, ``"TSP"``, a card of
    another deck) goes through ``deck.parse``, which answers it or says why not."""
    hit = _CODES.get(deck)
    if hit is None:
        hit = _CODES[deck] = {c.code: c for c in deck.cards}
    return hit

Event = DealEvent | LookEvent | BidEvent | ExchangeEvent | PlayEvent | HandScoredEvent


class Trick(NamedTuple):
    """A complete trick: ``plays`` are (seat, Play) in the order played; ``broken_before``
    the trumps broken and ``superior_before`` the superior trump in force before its first
    card (Spades from the deal in the 52-card sets; None in the Acorns sets until a trump is
    broken)."""

    index: int  # type: ignore[assignment]  # 0-based trick number (shadows tuple.index)
    leader: int
    plays: tuple[tuple[int, Play], ...]
    winner: int
    led: str
    broken_before: tuple[str, ...] = ()
    superior_before: str | None = None

    def _repr_html_(self) -> str:
        from ..render import trick_record_html

        return trick_record_html(self)


@dataclass(frozen=True)
class Check:
    """The answer to "may this seat do this?": ``ok``, and when not, the rule id and words."""

    ok: bool
    rule: Rule | None = None
    message: str = ""
    details: dict[str, Any] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return self.ok

    def error(self) -> IllegalAction:
        assert self.rule is not None
        return IllegalAction(self.rule, self.message, **self.details)


OK = Check(True)

#: The record format this engine writes (RECORD-FORMAT.md).
RECORD_FORMAT = "spades-lab/1"


def _no(rule: str, message: str, **details: Any) -> Check:
    return Check(False, rule, message, details)


# ---------------------------------------------------------------------------- argument guards
# The public Game methods check their arguments here first, so a wrong type or a seat out of
# range is refused with a rule id (``can_*`` answers no; actions raise) and never reaches the
# rules as an IndexError or TypeError.


def _bad_seat(seat: Any, n: int, rule: str) -> Check | None:
    """None when ``seat`` is a seat number of an ``n``-player table, else the refusal."""
    if type(seat) is int and 0 <= seat < n:
        return None
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < n:
        return None
    names = ", ".join(f"{i} {seat_name(i, n)}" for i in range(n))
    return _no(rule, f"{echo(seat)} is not a seat: the seats are numbered {names}.",
               seat=echo(seat))


def _bad_cards(cards: Any, most: int) -> tuple[Check | None, list[Any]]:
    """``cards`` as a list of at most ``most`` items, or the refusal (a text, a mapping or
    something that is not a collection of cards)."""
    if isinstance(cards, (str, bytes, dict)) or not hasattr(cards, "__iter__"):
        return _no("exchange-invalid", f"The cards to pass are a list such as ['AS', 'KS'], "
                   f"not {echo(cards)}."), []
    items: list[Any] = []
    for c in cards:
        items.append(c)
        if len(items) > most:
            return _no("exchange-invalid", f"No exchange passes more than {most} cards."), []
    return None, items


@dataclass
class ExchangeDue:
    """An exchange owed after a blind nil-type bid: ``blind`` passes first (``lo``..``hi``
    cards), then ``partner`` passes the same number back."""

    blind: int
    partner: int
    lo: int
    hi: int
    passed: tuple[Card, ...] | None = None
    returned: tuple[Card, ...] | None = None

    @property
    def done(self) -> bool:
        return self.returned is not None

    def owed_by(self) -> int | None:
        if self.passed is None:
            return self.blind
        if self.returned is None:
            return self.partner
        return None


# ---------------------------------------------------------------------------- trump states


def trump_states(hand: Hand, k: int | None = None) -> list[tuple[int, str | None]]:
    """(broken-trump bit mask, superior trump) before trick ``k``'s first card and after each of
    its cards, read from what the hand recorded: the state a trick keeps from before its first
    card, then the trick rules (:func:`~spades_lab.core.tricks.after_play`) card by card.
    ``k=None`` is the trick in progress (or the next one when none is).

    >>> import random
    >>> g = Game(RuleSet.preset("acorns"))
    >>> g.deal(rng=random.Random(3))
    >>> for _ in range(4): g.bid(2)
    >>> while len(g.hand.tricks) < 12: g.play(g.legal_plays()[-1])
    >>> [trump_states(g.hand, k)[0] == trump_states(g.hand, k - 1)[-1] for k in (5, 11)]
    [True, True]
    >>> trump_states(g.hand)[-1] == (g.hand.broken, g.hand.superior)
    True
    """
    done = len(hand.tricks)
    if k is None:
        k = done
    if k < done:
        t = hand.tricks[k]
        before = (_mask(t.broken_before), t.superior_before)
        plays: Sequence[tuple[int, Play]] = t.plays
    elif k == done:
        ts = hand._lead_ts if hand.trick else hand._ts
        before = (ts.broken, ts.superior)
        plays = hand.trick
    else:
        raise ValueError(f"hand {hand.index} has no trick {k}")
    return [before] + trump_states_through(hand.rules, before, plays)


def _mask(letters: Iterable[str]) -> int:
    m = 0
    for s in letters:
        m |= SUIT_BITS[s]
    return m


# ---------------------------------------------------------------------------- the hand


class Hand:
    """One deal: bidding, the blind exchanges, and the tricks.  Driven through :class:`Game`.

    The trump state is recorded as play goes (by the trick rules of :mod:`spades_lab.core.tricks`):
    ``broken`` (bit mask of the trumps broken), ``superior`` (the superior trump in force:
    Spades from the deal in the 52-card sets; in the Acorns sets the first trump broken, None
    before) and ``superior_at`` = (trick, seat) of the break that set it (None in the 52-card
    sets); every :class:`Trick` keeps the state before its first card.
    """

    # Slots: the play loop reads a dozen attributes per card, and slot access is the fastest.
    __slots__ = ("game", "players", "totals_before", "outcome", "rules", "index", "n", "dealer",
                 "deal", "hands", "phase", "bids", "looked", "turn", "exchanges", "leader",
                 "trick", "tricks", "led_bit", "broken", "superior", "superior_at", "taken",
                 "won", "_tables", "_ts", "_lead_ts", "_sup_bit", "has_duals", "scores", "log",
                 "first_event", "_legal", "_codes", "__weakref__")

    def __init__(self, game: Game, index: int, dealer: int, deal: Sequence[Sequence[Card]]):
        rules = game.rules
        self.game = game
        self.players = game.players
        self.totals_before = game.totals_before_hand
        self.outcome: Outcome | None = None
        self.rules = rules
        self.index = index
        self.n = rules.players
        self.dealer = dealer
        self.deal = deal if type(deal) is tuple else tuple(tuple(h) for h in deal)
        self.hands: list[list[Card]] = [list(h) for h in deal]
        self.phase = BIDDING
        self.bids: list[Bid | None] = [None] * self.n
        self.looked = [False] * self.n
        self.turn: int | None = (dealer + 1) % self.n
        self.exchanges: list[ExchangeDue] = []
        self.leader: int | None = None
        self.trick: list[tuple[int, Play]] = []
        self.tricks: list[Trick] = []
        #: the led suit's bit while a trick is in progress (0 between tricks)
        self.led_bit = 0
        tables = self._tables = tables_for(rules)
        #: the trump state (tricks.TrumpState) now, and before the current trick's first card
        self._ts = self._lead_ts = tables.start
        #: the trumps broken so far (bit mask)
        self.broken = 0
        #: the superior trump in force: Spades from the deal in the 52-card sets; in the Acorns
        #: sets the first trump broken (None before), set in ``superior_at`` = (trick, seat)
        self.superior: str | None = tables.start.superior
        self.superior_at: tuple[int, int] | None = None
        self._sup_bit = tables.start.sup_bit
        self.has_duals = tables.has_duals
        self.taken = [0] * self.n
        self.won: list[list[Card]] = [[] for _ in range(self.n)]
        self.scores: tuple[TeamScore, ...] | None = None
        self.log = game.log
        self.first_event = len(game.log)
        self._legal: tuple[Play, ...] | None = None
        #: the deck's cards by exact code (:func:`_codes`)
        self._codes = _codes(rules.deck)

    # ------------------------------------------------------------------ copying
    def _copy(self, game: Game) -> Hand:
        h = object.__new__(Hand)
        for name in Hand.__slots__[:-1]:
            setattr(h, name, getattr(self, name))
        h.game = game
        h.log = game.log
        h.hands = [list(x) for x in self.hands]
        h.bids = list(self.bids)
        h.looked = list(self.looked)
        h.exchanges = [ExchangeDue(e.blind, e.partner, e.lo, e.hi, e.passed, e.returned)
                       for e in self.exchanges]
        h.trick = list(self.trick)
        h.tricks = list(self.tricks)
        h.taken = list(self.taken)
        h.won = [list(x) for x in self.won]
        return h

    # ------------------------------------------------------------------ helpers
    def name(self, seat: int) -> str:
        return seat_name(seat, self.n)

    def seat_name(self, seat: int) -> str:
        """``North``, or ``Ann (North)`` when the game has player names."""
        name = seat_name(seat, self.n)
        return f"{self.players[seat]} ({name})" if self.players else name

    def _repr_html_(self) -> str:
        from ..render import hand_state_html

        return hand_state_html(self)

    @property
    def complete(self) -> bool:
        return self.scores is not None

    @property
    def led(self) -> str | None:
        return self.trick[0][1].suit if self.trick else None

    def trick_number(self) -> int:
        return len(self.tricks)

    def unbroken_trumps(self) -> list[str]:
        return [t for t in self.rules.trumps if not self.broken & SUIT_BITS[t]]

    def is_broken(self, suit: str) -> bool:
        return bool(self.broken & SUIT_BITS[suit])

    def cards_held(self, seat: int) -> list[Card]:
        return self.rules.deck.sorted(self.hands[seat])

    # ------------------------------------------------------------------ bidding
    def blind_allowed(self, seat: int) -> Check:
        """May ``seat`` still bid blind (has not looked; online: team trails enough)?"""
        if self.looked[seat]:
            return _no("blind-not-allowed", f"{self.name(seat)} has looked at the hand: blind "
                       "bids are made before looking.", seat=seat)
        deficit = self.rules.blind_nil_deficit
        if deficit is not None:
            totals = self.totals_before
            team = self.rules.team_of(seat)
            other = max(t for i, t in enumerate(totals) if i != team)
            if other - totals[team] < deficit:
                return _no("blind-not-allowed", f"Blind nil needs {self.name(seat)}'s team to "
                           f"trail by at least {deficit} when bidding starts; it is at "
                           f"{totals[team]} against {other}.", seat=seat,
                           trailing_by=other - totals[team])
        return OK

    def check_bid(self, value: Any, seat: int | None) -> tuple[Check, Bid | None]:
        if self.phase != BIDDING:
            return _no("wrong-phase", f"The hand is waiting for {self.waiting_for()}, "
                       "not a bid."), None
        assert self.turn is not None
        if seat is not None and seat != self.turn:
            return _no("not-your-turn", f"It is {self.name(self.turn)}'s turn to bid, not "
                       f"{self.name(seat)}'s.", seat=seat, turn=self.turn), None
        seat = self.turn
        try:
            bid = parse_bid(self.rules, value)
        except RuleError as e:
            return _no(e.rule, e.message, **e.details), None
        if bid.blind:
            ok = self.blind_allowed(seat)
            if not ok:
                return ok, None
        return OK, bid

    def legal_bids(self) -> tuple[Bid, ...]:
        if self.phase != BIDDING:
            return ()
        assert self.turn is not None
        return all_bids(self.rules, blind=bool(self.blind_allowed(self.turn)))

    def _apply_bid(self, bid: Bid) -> None:
        seat = self.turn
        assert seat is not None
        self.bids[seat] = bid
        if not bid.blind:
            self.looked[seat] = True
        self.log.append(BidEvent(seat, bid))
        nxt = (seat + 1) % self.n
        if self.bids[nxt] is None:
            self.turn = nxt
            return
        self._start_exchanges()

    def _start_exchanges(self) -> None:
        rules = self.rules
        for seat, bid in enumerate(self.bids):
            assert bid is not None
            if not (bid.blind and bid.nil):
                continue
            lo, hi = rules.exchange_range(bid.nil)
            partner = rules.partner(seat)
            pbid = self.bids[partner]
            if hi == 0 or (pbid is not None and pbid.blind):
                continue
            self.exchanges.append(ExchangeDue(seat, partner, lo, hi))
        if self.exchanges:
            self.phase = EXCHANGE
            self.turn = self.exchanges[0].blind
        else:
            self._start_play()

    # ------------------------------------------------------------------ exchange
    def exchange_due(self, seat: int) -> ExchangeDue | None:
        for e in self.exchanges:
            if seat in (e.blind, e.partner):
                return e
        return None

    def awaiting(self) -> list[int]:
        """Seats that may act now (several while exchanges are owed)."""
        if self.phase == EXCHANGE:
            return [s for e in self.exchanges if (s := e.owed_by()) is not None]
        return [] if self.turn is None or self.phase in (DEAL, OVER) else [self.turn]

    def check_exchange(self, seat: int, cards: Iterable[Any]) -> tuple[Check, tuple[Card, ...]]:
        if self.phase != EXCHANGE:
            return _no("wrong-phase", f"The hand is waiting for {self.waiting_for()}, not a card "
                       "exchange."), ()
        due = self.exchange_due(seat)
        if due is None:
            return _no("exchange-invalid", f"No card exchange is due from {self.name(seat)}.",
                       seat=seat), ()
        owed = due.owed_by()
        if seat == due.partner and due.passed == () and due.returned == ():
            return _no("exchange-invalid", f"{self.name(due.blind)} passed no cards, which "
                       f"completes the exchange: {self.name(seat)} passes nothing back.",
                       seat=seat), ()
        if owed is None or (seat == due.blind and due.passed is not None):
            return _no("exchange-invalid", f"{self.name(seat)} has already passed cards.",
                       seat=seat), ()
        if owed != seat:
            return _no("not-your-turn", f"{self.name(due.blind)} passes first; "
                       f"{self.name(seat)} passes back after.", seat=seat, turn=owed), ()
        parsed: list[Card] = []
        for c in cards:
            try:
                parsed.append(self.rules.deck.parse(c))
            except RuleError as e:
                return _no(e.rule, e.message, **e.details), ()
        if len(set(parsed)) != len(parsed):
            return _no("exchange-invalid", "The same card is named twice in the exchange."), ()
        want = f"{due.lo} to {due.hi}" if due.lo != due.hi else str(due.hi)
        if seat == due.partner:
            assert due.passed is not None
            want = str(len(due.passed))
            good = len(parsed) == len(due.passed)
        else:
            good = due.lo <= len(parsed) <= due.hi
        if not good:
            return _no("exchange-invalid", f"{self.name(seat)} must pass {want} card"
                       f"{'s' if want != '1' else ''}, not {len(parsed)}.", seat=seat,
                       count=len(parsed)), ()
        held = self.hands[seat]
        missing = [c for c in parsed if c not in held]
        if missing:
            return _no("exchange-invalid", f"{self.name(seat)} does not hold "
                       f"{cards_text(missing)}.", seat=seat, cards=[c.code for c in missing]), ()
        return OK, tuple(parsed)

    def _apply_exchange(self, seat: int, cards: tuple[Card, ...]) -> None:
        due = self.exchange_due(seat)
        assert due is not None
        to = due.partner if seat == due.blind else due.blind
        for c in cards:
            self.hands[seat].remove(c)
            self.hands[to].append(c)
        if seat == due.blind:
            due.passed = cards
            if not cards:  # a 0-card pass completes the exchange (RULINGS.md section 8)
                due.returned = ()
        else:
            due.returned = cards
        self.log.append(ExchangeEvent(seat, to, cards))
        owing = self.awaiting()
        if owing:
            self.turn = owing[0]
        else:
            self._start_play()

    # ------------------------------------------------------------------ play
    def _start_play(self) -> None:
        self.phase = PLAY
        self.looked = [True] * self.n
        first = self.dealer if self.rules.first_lead == "dealer" else (self.dealer + 1) % self.n
        self.leader = self.turn = first
        self._legal = None

    def legal_plays(self) -> tuple[Play, ...]:
        lg = self._legal
        if lg is None:
            if self.phase != PLAY:
                return ()
            lg = self._legal = legal_set(self.hands[self.turn], self.led_bit,  # type: ignore[index]
                                         self._ts.unbroken, self.has_duals)[1]
        return lg

    def legal_set(self) -> LegalSet:
        """The legal plays of the seat to play and why they are those (the trick rules'
        :func:`~spades_lab.core.tricks.legal_set`).  Only during play."""
        return legal_set(self.hands[self.turn], self.led_bit,  # type: ignore[index]
                         self._ts.unbroken, self.has_duals)

    def resolve(self, card: Any, as_: Any = None) -> tuple[Card, str | None]:
        """Card and declared suit letter from user input (raises ``unknown-card`` /
        ``bad-declaration`` for text that names no card or no suit)."""
        if isinstance(card, Play):
            if as_ is None:
                as_ = card.suit
            card = card.card
        c = self.rules.deck.parse(card)
        if as_ is None:
            return c, None
        if isinstance(as_, str):
            key = as_.strip().upper()
            for letter, s in SUITS.items():
                if key in (letter, s.name.upper()):
                    return c, letter
        raise IllegalAction("bad-declaration", f"{echo(as_)} is not a suit: use one of "
                            f"{', '.join(self.rules.deck.suits)}.", card=c.code)

    def check_play(self, card: Any, as_: Any = None, seat: int | None = None) -> Check:
        """May the seat to play (or ``seat``) play ``card`` (as ``as_``)?  The reasons of
        RULINGS.md section 7, in the order a student would check them; the play rules
        themselves are the legal set's (:meth:`legal_set`)."""
        return self._judge_play(card, as_, seat)[0]

    def _judge_play(self, card: Any, as_: Any, seat: int | None) -> tuple[Check, Play | None]:
        """(the check, the interned play when it is legal)."""
        if self.phase != PLAY:
            return _no("wrong-phase", f"The hand is waiting for {self.waiting_for()}, not a "
                       "card to be played."), None
        turn = self.turn
        assert turn is not None
        if seat is not None and seat != turn:
            return _no("not-your-turn", f"It is {self.name(turn)}'s turn to play, not "
                       f"{self.name(seat)}'s.", seat=seat, turn=turn), None
        try:
            c, decl = self.resolve(card, as_)
        except RuleError as e:
            return _no(e.rule, e.message, **e.details), None
        who = self.name(turn)
        if c not in self.hands[turn]:
            return _no("card-not-in-hand", f"{who} does not hold {c.pretty}.", card=c.code), None
        if decl is not None and not c.bits & SUIT_BITS[decl]:
            if c.is_dual:
                return _no("bad-declaration", f"{c.pretty} is a {c.name.split(' of ')[0]} of "
                           f"{' and '.join(suit_name(s) for s in c.suits)}; it cannot be "
                           f"played as {suit_name(decl)}.", card=c.code, declared=decl), None
            return _no("bad-declaration", f"{c.pretty} is a card of {suit_name(c.suit)}; it "
                       f"cannot be declared as {suit_name(decl)}.", card=c.code,
                       declared=decl), None
        basis, legal = self.legal_set()
        L = self.led_bit
        if decl is not None:
            p: Play | None = c.play_as[SUIT_BITS[decl]]
        elif not c.is_dual:
            p = c.play
        elif c.bits & L:
            p = c.play_as[L]  # a Traveler/Hunter following suit is played as the led suit
        else:
            p = None  # a Traveler/Hunter led or played off-suit names its suit
            if any(q.card is c for q in legal):
                where = "leads" if not L else "plays"
                return _no("bad-declaration", f"{who} {where} {c.pretty}"
                           f"{' off-suit' if L else ''} and must declare it as "
                           f"{suit_name(c.suits[0])} or {suit_name(c.suits[1])}.",
                           card=c.code), None
        if p is not None and p in legal:
            return OK, p
        # outside the legal set: say which restriction of the legal set it fails
        rule = REFUSED_BY[basis]  # the restriction of the legal set the play fails
        if rule == "must-follow-suit":
            led = BIT_SUIT[L]
            if c.bits & L:
                return _no("bad-declaration", f"{c.pretty} can follow {suit_name(led)}, so "
                           f"it is played as {suit_name(led)}, not {suit_name(decl or '')}.",
                           card=c.code, declared=decl, led=led), None
            follow = [q.card for q in legal]
            return _no("must-follow-suit", f"{who} must follow {suit_name(led)}: holds "
                       f"{cards_text(self.rules.deck.sorted(follow))}.", seat=turn,
                       led=led, holding=[x.code for x in follow]), None
        assert p is not None  # leads: an undeclared Traveler/Hunter always has a legal lead
        if c.is_dual:
            return _no("bad-declaration", f"{c.pretty} may not be led as "
                       f"{suit_name(p.suit)}: {suit_name(p.suit)} are not broken yet.",
                       card=c.code, declared=p.suit), None
        others: list[Card] = []
        for q in legal:
            if q.card not in others:
                others.append(q.card)
        return _no(rule, f"{who} may not lead {suit_name(c.suit)}: "
                   f"{suit_name(c.suit)} are not broken and {who} holds other cards "
                   f"to lead.", seat=turn, suit=c.suit,
                   alternatives=[x.code for x in others]), None

    def _play_of(self, card: Any, as_: Any) -> Play | None:
        """The interned play for user input, or None when it cannot be resolved quickly."""
        t = type(card)
        if t is Play:
            if as_ is None:
                return card  # type: ignore[no-any-return]
            card = card.card
        elif t is str and as_ is None:
            c = self._codes.get(card)
            if c is not None:  # an exact code of this deck: what resolve() would make of it
                if not c.is_dual:
                    return c.play
                if c.bits & self.led_bit:
                    return c.play_as[self.led_bit]
                return None
        try:
            c, decl = self.resolve(card, as_)
        except RuleError:
            return None
        if decl is None:
            if not c.is_dual:
                return c.play
            if c.bits & self.led_bit:
                return c.play_as[self.led_bit]
            return None
        return c.play_as.get(SUIT_BITS[decl])

    def play(self, card: Any, as_: Any = None, seat: int | None = None) -> None:
        lg = self._legal
        if lg is None:
            if self.phase != PLAY:
                raise self.check_play(card, as_, seat).error()
            lg = self._legal = self.legal_set()[1]
        p = self._play_of(card, as_)
        if p is None or p not in lg or (seat is not None and seat != self.turn):
            check, p = self._judge_play(card, as_, seat)
            if not check.ok:
                raise check.error()
            assert p is not None
        self._apply_play(p)

    def play_entries(self, entries: Sequence[Any], start: int = 0) -> int:
        """Play a record's play entries from ``start`` on while each is the common case: an
        entry ``{"seat": s, "card": code}`` naming the seat to play and the exact code of a
        card of one suit that it holds and may play (:func:`~spades_lab.core.tricks.is_legal`).
        Returns the index of the first entry not played (``len(entries)`` when all were); the
        caller hands that one to :meth:`Game.play`, which plays it or says why not.  The bulk
        path of a replay: every check :meth:`Game.play` makes, without a call per card."""
        codes = self._codes
        apply = self._apply_play
        hands = self.hands
        duals = self.has_duals
        k = start
        end = len(entries)
        while k < end and self.phase == PLAY:
            e = entries[k]
            if type(e) is not dict or len(e) != 2:
                break
            seat, card = e.get("seat"), e.get("card")
            if type(card) is not str or type(seat) is not int or seat != self.turn:
                break
            c = codes.get(card)
            if c is None or c.is_dual:
                break
            hand = hands[seat]
            p = c.play
            if c not in hand or not is_legal(hand, p, self.led_bit, self._ts.unbroken, duals):
                break
            apply(p)
            k += 1
        return k

    def _apply_play(self, p: Play) -> None:
        seat: int = self.turn  # type: ignore[assignment]
        self.hands[seat].remove(p.card)
        trick = self.trick
        b = p.bit
        ts = self._ts
        if not trick:
            self.led_bit = b
            self._lead_ts = ts
        ev = _new_tuple(PlayEvent, (seat, p))
        trick.append(ev)
        nts = ts.after[b]  # the trick rules' trump transition (tricks.after_play)
        if nts is not ts:
            self._trumps_changed(nts, seat)
        self.log.append(ev)
        self._legal = None
        if len(trick) == self.n:
            self._finish_trick()
        else:
            self.turn = (seat + 1) % self.n

    def _trumps_changed(self, ts: TrumpState, seat: int) -> None:
        """Record a new trump state (a trump broken; maybe the superior trump set)."""
        self._ts = ts
        self.broken = ts.broken
        if ts.superior != self.superior:
            self.superior = ts.superior
            self._sup_bit = ts.sup_bit
            self.superior_at = (len(self.tricks), seat)

    def _finish_trick(self) -> None:
        trick = self.trick
        sup = self._sup_bit
        L = self.led_bit
        T = self._tables
        winner = decide(trick, sup, T.trump_bits & ~sup, L,
                        T.ranks(trick) if T.ace_flips else T.rank_low)[0]
        self.taken[winner] += 1
        self.won[winner].extend([p.card for _, p in trick])
        tricks = self.tricks
        lead = self._lead_ts
        tricks.append(_new_tuple(Trick, (len(tricks), trick[0][0], tuple(trick), winner,
                                         BIT_SUIT[L], lead.broken_names, lead.superior)))
        self.trick = []
        self.led_bit = 0
        self.leader = self.turn = winner
        if len(self.tricks) == self.rules.hand_size:
            self.turn = None
            self.game._finish_hand(self)

    # ------------------------------------------------------------------ words
    def waiting_for(self) -> str:
        if self.phase == BIDDING and self.turn is not None:
            return f"{self.name(self.turn)}'s bid"
        if self.phase == EXCHANGE:
            return "the blind-nil card exchange (" + ", ".join(
                self.name(s) for s in self.awaiting()) + " to pass)"
        if self.phase == PLAY and self.turn is not None:
            return f"{self.name(self.turn)}'s play"
        return "the next deal"

    def winning_so_far(self) -> tuple[int, str] | None:
        """The seat winning the trick in progress, and why (Ace rank as the cards stand)."""
        if not self.trick:
            return None
        return trick_winner(self.rules, self.trick, self.superior)


# ---------------------------------------------------------------------------- views

class SeatView(NamedTuple):
    """What one seat may see: its own cards (once it has looked), every public action, and the
    cards it passed and received in an exchange.  Other hands appear only as counts.

    ``broken`` lists the trumps broken and ``superior`` is the superior trump in force (as
    :class:`Hand` records them).  An immutable named tuple: players ask for one at every
    decision, so it is cheap to build."""

    seat: int
    phase: Phase
    hand: tuple[Card, ...] | None
    hand_sizes: tuple[int, ...]
    dealer: int
    turn: int | None
    bids: tuple[Bid | None, ...]
    trick: tuple[tuple[int, Play], ...]
    tricks: tuple[Trick, ...]
    taken: tuple[int, ...]
    broken: tuple[str, ...]
    superior: str | None
    passed: tuple[Card, ...] = ()
    received: tuple[Card, ...] = ()
    legal: tuple[Play, ...] = ()
    totals: tuple[int, ...] = ()
    bags: tuple[int, ...] = ()
    #: The rule set in force (every seat knows the rules).
    rules: RuleSet | None = None

    def played_cards(self) -> list[Card]:
        out = [p.card for t in self.tricks for _, p in t.plays]
        out.extend(p.card for _, p in self.trick)
        return out


# ---------------------------------------------------------------------------- the game


class Game:
    """A game: hands dealt one after another until a partnership reaches the target.

    ``start`` gives the partnerships' totals and bags before the first hand (teams in order of
    their lowest seat), as a record's ``start`` does.
    """

    def __init__(self, rules: RuleSet | str = "standard", *, players: Sequence[str] | None = None,
                 dealer: int = 0, start: dict[str, Sequence[int]] | None = None) -> None:
        rules = rules_of(rules)
        self.rules = rules
        n = rules.players
        if players is not None and (not isinstance(players, (list, tuple)) or not all(
                isinstance(p, str) and 0 < len(p) <= 40 for p in players)):
            raise RuleError("bad-record", f"players is a list of {n} names (each 1 to 40 "
                            f"characters), not {echo(players)}.")
        if players is not None and len(players) != n:
            raise RuleError("bad-record", f"{rules.name} has {n} players; {len(players)} "
                            "names were given.")
        self.players = list(players) if players is not None else None
        if _bad_seat(dealer, n, "bad-record") is not None:
            raise RuleError("bad-record", f"The dealer must be a seat 0-{n - 1}, not "
                            f"{echo(dealer)}.")
        if start is not None and (not isinstance(start, dict) or not start
                                  or set(start) - {"scores", "bags"}):
            raise RuleError("bad-record", "start is an object with the partnerships' 'scores' "
                            f"and 'bags', not {echo(start)}.")
        teams = rules.team_count
        scores = (start or {}).get("scores", [0] * teams)
        bags = (start or {}).get("bags", [0] * teams)
        if not isinstance(scores, (list, tuple)) or not isinstance(bags, (list, tuple)):
            raise RuleError("bad-record", f"start needs {teams} scores and {teams} bag counts, "
                            "one per partnership, as lists of whole numbers.")
        scores, bags = list(scores), list(bags)
        if len(scores) != teams or len(bags) != teams:
            raise RuleError("bad-record", f"start needs {teams} scores and {teams} bag counts, "
                            "one per partnership.")
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in scores + bags):
            raise RuleError("bad-record", "start scores and bags must be whole numbers.")
        limit = rules.bag_limit
        for b in bags:
            if b < 0 or (limit is not None and b >= limit):
                raise RuleError("bad-record", f"start bags must lie in 0..{(limit or 1) - 1}"
                                if limit else "start bags cannot be negative.")
        self.start_scores = tuple(scores)
        self.start_bags = tuple(bags)
        self.totals = list(scores)
        self.bags = list(bags)
        self.totals_before_hand = tuple(scores)
        self.first_dealer = dealer
        self.next_dealer = dealer
        self.log: list[Event] = []
        self.hands: list[Hand] = []
        self.hand: Hand | None = None
        self.outcome: Outcome | None = None

    # ------------------------------------------------------------------ basics
    def __repr__(self) -> str:
        return (f"<Game {self.rules.name}: hand {len(self.hands)}, phase {self.phase}, "
                f"totals {self.totals}>")

    def _repr_html_(self) -> str:
        from ..render import game_html

        return game_html(self)

    @property
    def phase(self) -> Phase:
        """``deal`` (waiting for the next deal), ``bidding``, ``exchange``, ``play`` or
        ``over``."""
        h = self.hand
        if h is None:
            return DEAL
        if h.phase == DEAL and self.outcome is not None and self.outcome.over:
            return OVER
        return h.phase

    @property
    def over(self) -> bool:
        return self.outcome is not None and self.outcome.over

    @property
    def winner(self) -> int | None:
        return self.outcome.winner if self.outcome else None

    @property
    def turn(self) -> int | None:
        h = self.hand
        if h is None or h.complete:
            return None
        return h.turn

    def seat_name(self, seat: int) -> str:
        """``North``, or ``Ann (North)`` when the game has player names."""
        name = seat_name(seat, self.rules.players)
        if self.players:
            return f"{self.players[seat]} ({name})"
        return name

    def copy(self) -> Game:
        """An independent copy (for what-if branches and search); events are shared values."""
        g = object.__new__(Game)
        g.__dict__.update(self.__dict__)
        g.totals = list(self.totals)
        g.bags = list(self.bags)
        g.log = list(self.log)
        g.hands = [h._copy(g) for h in self.hands]
        g.hand = g.hands[-1] if self.hand is not None else None
        return g

    # ------------------------------------------------------------------ deal
    def deal(self, rng: random.Random | None = None, cards: Sequence[Sequence[Any]] | None = None,
             *, dealer: int | None = None) -> None:
        """Start the next hand, with the given cards (``cards[i]`` is seat i's hand) or a deal
        shuffled by ``rng`` (an explicit ``random.Random``; a fresh one when omitted)."""
        if self.phase == OVER:
            raise IllegalAction("wrong-phase", "The game is over: nothing more may be dealt.")
        if self.phase != DEAL:
            raise IllegalAction("wrong-phase", f"The hand is still waiting for "
                                f"{self.hand.waiting_for() if self.hand else 'a deal'}.")
        rules = self.rules
        n = rules.players
        size = rules.hand_size
        if dealer is None:
            dealer = self.next_dealer
        elif not (isinstance(dealer, int) and 0 <= dealer < n):
            raise RuleError("bad-record", f"The dealer must be a seat 0-{n - 1}.")
        elif self.hands and dealer != self.next_dealer:  # RULINGS.md 1: the deal passes clockwise
            raise IllegalAction("not-your-turn", f"The deal passes clockwise: "
                                f"{seat_name(self.next_dealer, n)} deals this hand, not "
                                f"{seat_name(dealer, n)}.", dealer=dealer,
                                turn=self.next_dealer)
        if cards is None:
            deck = list(rules.deck.cards)
            (rng or random.Random()).shuffle(deck)
            hands = [deck[i * size:(i + 1) * size] for i in range(n)]
        else:
            hands = self._check_deal(cards)
        self._start_hand(dealer, hands)

    def _check_deal(self, cards: Sequence[Sequence[Any]]) -> list[list[Card]]:
        rules = self.rules
        n, size = rules.players, rules.hand_size
        # the common case first: n lists of ``size`` exact card codes of the deck, no card twice
        if type(cards) is list and len(cards) == n:
            get = _codes(rules.deck).get
            try:
                fast = [[get(t) for t in h] for h in cards if type(h) is list and len(h) == size]
            except TypeError:  # an unhashable item: the checks below say what is wrong
                fast = []
            dealt = {c for row in fast for c in row}
            if len(fast) == n and len(dealt) == n * size and None not in dealt:
                return fast  # type: ignore[return-value]
        if not isinstance(cards, (list, tuple)) or len(cards) != n:
            raise RuleError("bad-record", f"A deal gives {n} hands, one per seat.")
        hands: list[list[Card]] = []
        seen: set[Card] = set()
        for i, h in enumerate(cards):
            if not isinstance(h, (list, tuple)) or len(h) != size:
                got = len(h) if isinstance(h, (list, tuple)) else 0
                raise RuleError("bad-record", f"{seat_name(i, n)}'s hand has {got} cards; "
                                f"{rules.name} deals {size} each.", seat=i)
            row = []
            for t in h:
                try:
                    c = rules.deck.parse(t)
                except RuleError as e:
                    raise RuleError("bad-record", f"In {seat_name(i, n)}'s hand: {e.message}",
                                    seat=i) from None
                if c in seen:
                    raise RuleError("bad-record", f"{c.pretty} is dealt twice.", card=c.code)
                seen.add(c)
                row.append(c)
            hands.append(row)
        return hands

    def _start_hand(self, dealer: int, hands: list[list[Card]]) -> None:
        self.totals_before_hand = tuple(self.totals)
        index = len(self.hands)
        deal = tuple([tuple(h) for h in hands])
        self.log.append(DealEvent(index, dealer, deal))
        h = Hand(self, index, dealer, deal)
        h.first_event = len(self.log) - 1
        self.hands.append(h)
        self.hand = h
        self.next_dealer = (dealer + 1) % self.rules.players

    def _finish_hand(self, h: Hand) -> None:
        bids = [b for b in h.bids if b is not None]
        scores = score_hand(self.rules, bids, h.taken, h.won, self.bags, self.totals)
        h.scores = scores
        h.phase = DEAL
        for s in scores:
            self.totals[s.team] = s.total
            self.bags[s.team] = s.bags
        self.outcome = h.outcome = game_outcome(self.rules, self.totals)
        self.log.append(HandScoredEvent(h.index, scores, self.outcome))

    # ------------------------------------------------------------------ actions
    def _hand_or_error(self) -> Hand:
        h = self.hand
        if h is None or h.complete or self.over:
            raise IllegalAction("wrong-phase", "The game is over: nothing more may be played."
                                if self.over else "No hand is in progress: deal first.")
        return h

    def look(self, seat: int) -> None:
        """``seat`` picks up its cards (after which it may no longer bid blind)."""
        bad = _bad_seat(seat, self.rules.players, "not-your-turn")
        if bad is not None:
            raise bad.error()
        h = self._hand_or_error()
        if h.phase != BIDDING:
            raise IllegalAction("wrong-phase", "Cards are looked at during the bidding.")
        if not h.looked[seat]:
            h.looked[seat] = True
            self.log.append(LookEvent(seat))

    def can_bid(self, bid: Any, seat: int | None = None) -> Check:
        if seat is not None:
            bad = _bad_seat(seat, self.rules.players, "not-your-turn")
            if bad is not None:
                return bad
        h = self.hand
        if h is None or h.complete or self.over:
            return _no("wrong-phase", "No hand is waiting for a bid.")
        return h.check_bid(bid, seat)[0]

    def bid(self, bid: Any, seat: int | None = None) -> None:
        """Bid for the seat to bid (``seat`` checks it is that seat's turn)."""
        if seat is not None:
            bad = _bad_seat(seat, self.rules.players, "not-your-turn")
            if bad is not None:
                raise bad.error()
        h = self._hand_or_error()
        check, parsed = h.check_bid(bid, seat)
        if not check.ok:
            raise check.error()
        assert parsed is not None
        h._apply_bid(parsed)

    def legal_bids(self) -> tuple[Bid, ...]:
        """Every bid the seat to bid may make (blind ones only while it may still bid blind)."""
        h = self.hand
        return () if h is None or h.complete else h.legal_bids()

    def can_exchange(self, seat: int, cards: Iterable[Any]) -> Check:
        bad = _bad_seat(seat, self.rules.players, "exchange-invalid")
        if bad is not None:
            return bad
        bad, items = _bad_cards(cards, self.rules.hand_size)
        if bad is not None:
            return bad
        h = self.hand
        if h is None or h.complete or self.over:
            return _no("wrong-phase", "No hand is waiting for an exchange.")
        if not items and self._empty_return(h, seat):
            return OK
        return h.check_exchange(seat, items)[0]

    def exchange(self, seat: int, cards: Iterable[Any]) -> None:
        """``seat`` passes ``cards`` face down to its partner (RULINGS.md section 1)."""
        bad = _bad_seat(seat, self.rules.players, "exchange-invalid")
        if bad is None:
            bad, items = _bad_cards(cards, self.rules.hand_size)
        if bad is not None:
            raise bad.error()
        h = self._hand_or_error()
        if not items and self._empty_return(h, seat):
            self.log.append(ExchangeEvent(seat, self.rules.partner(seat), ()))
            return
        check, parsed = h.check_exchange(seat, items)
        if not check.ok:
            raise check.error()
        h._apply_exchange(seat, parsed)

    def _empty_return(self, h: Hand, seat: int) -> bool:
        """Is an empty pass by ``seat`` the partner's empty return after a 0-card pass, which
        RULINGS.md section 8 lets a record write or leave out?  It is taken once, before the
        first card is played, and changes nothing but the log."""
        if h.trick or h.tricks or h.phase not in (EXCHANGE, PLAY):
            return False
        due = h.exchange_due(seat)
        if due is None or seat != due.partner or due.passed != () or due.returned != ():
            return False
        return not any(type(ev) is ExchangeEvent and ev.seat == seat
                       for ev in self.log[h.first_event:])

    def legal_plays(self) -> tuple[Play, ...]:
        """Every legal play of the seat to play; a Traveler/Hunter once per declaration it
        allows.  The plays are interned: pass one back to :meth:`play`."""
        h = self.hand
        if h is None:
            return ()
        lg = h._legal
        if lg is None:
            if h.phase != PLAY:
                return ()
            lg = h._legal = legal_set(h.hands[h.turn], h.led_bit,  # type: ignore[index]
                                      h._ts.unbroken, h.has_duals)[1]
        return lg

    def can_play(self, card: Any, as_: Any = None, seat: int | None = None) -> Check:
        if seat is not None:
            bad = _bad_seat(seat, self.rules.players, "not-your-turn")
            if bad is not None:
                return bad
        h = self.hand
        if h is None or h.complete or self.over:
            return _no("wrong-phase", "The game is over: nothing more may be played."
                       if self.over else "No hand is waiting for a play.")
        return h.check_play(card, as_, seat)

    def play(self, card: Any, as_: Any = None, seat: int | None = None) -> None:
        """Play ``card`` (a :class:`Play`, a :class:`Card` or its text) for the seat to play,
        declared ``as_`` a suit where it is a Traveler/Hunter played by choice."""
        h = self.hand
        # the fast path: the seat to play (or no seat named) plays one of the interned legal
        # plays, or a card code naming one; anything else takes the checks below, which say why
        if h is not None and as_ is None and h.phase == PLAY and (seat is None or (
                type(seat) is int and seat == h.turn)):
            lg = h._legal
            if lg is not None and card in lg:  # one of the legal plays the seat was given
                h._apply_play(card)
                return
            t = type(card)
            if t is str:  # an exact code of a card of one suit: its one play (else resolve it)
                c = h._codes.get(card)
                p = c.play if c is not None and not c.is_dual else h._play_of(card, None)
            else:
                p = card if t is Play else h._play_of(card, None)
            if p is not None:
                if lg is not None:
                    ok = p in lg
                else:  # one play asked of the legal-set rule, not the whole set built
                    hand = h.hands[h.turn]  # type: ignore[index]
                    ok = p.card in hand and is_legal(hand, p, h.led_bit, h._ts.unbroken,
                                                     h.has_duals)
                if ok:
                    h._apply_play(p)
                    return
        if seat is not None and not (type(seat) is int and 0 <= seat < self.rules.players):
            bad = _bad_seat(seat, self.rules.players, "not-your-turn")
            if bad is not None:
                raise bad.error()
        if h is None or h.scores is not None:
            raise IllegalAction("wrong-phase", "The game is over: nothing more may be played."
                                if self.over else "No hand is waiting for a play.")
        h.play(card, as_, seat)

    # ------------------------------------------------------------------ views
    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see now (see :class:`SeatView`)."""
        bad = _bad_seat(seat, self.rules.players, "not-your-turn")
        if bad is not None:
            raise bad.error()
        h = self.hand
        teams = tuple(self.totals)
        if h is None:
            return SeatView(seat, self.phase, None, (), self.next_dealer, None, (), (), (), (),
                            (), None, totals=teams, bags=tuple(self.bags), rules=self.rules)
        due = h.exchange_due(seat)
        passed: tuple[Card, ...] = ()
        received: tuple[Card, ...] = ()
        if due is not None:
            mine, theirs = (due.passed, due.returned) if seat == due.blind else \
                (due.returned, due.passed)
            passed, received = mine or (), theirs or ()
        sees_hand = h.looked[seat] or h.phase != BIDDING and not (
            due is not None and due.blind == seat and due.passed is None)
        return SeatView(
            seat=seat, phase=self.phase,
            hand=tuple(h.cards_held(seat)) if sees_hand else None,
            hand_sizes=tuple(map(len, h.hands)), dealer=h.dealer, turn=h.turn,
            bids=tuple(h.bids), trick=tuple(h.trick), tricks=tuple(h.tricks),
            taken=tuple(h.taken), broken=h._ts.broken_names,
            superior=h.superior, passed=passed, received=received,
            legal=h.legal_plays() if h.turn == seat and self.phase == PLAY else (),
            totals=teams, bags=tuple(self.bags), rules=self.rules)

    def to_record(self) -> dict[str, Any]:
        """This game as a game record (RECORD-FORMAT.md)."""
        return game_to_record(self)


def game_to_record(game: Game) -> dict[str, Any]:
    """A game (finished or not) as a record."""
    rec: dict[str, Any] = {"format": RECORD_FORMAT, "rules": game.rules.to_json()}
    if game.players:
        rec["players"] = list(game.players)
    if any(game.start_scores) or any(game.start_bags):
        rec["start"] = {"scores": list(game.start_scores), "bags": list(game.start_bags)}
    hands: list[dict[str, Any]] = []
    cur: dict[str, Any] | None = None
    for ev in game.log:
        if isinstance(ev, DealEvent):
            cur = {"dealer": ev.dealer, "deal": [[c.code for c in h] for h in ev.deal],
                   "bids": [], "exchange": [], "plays": []}
            hands.append(cur)
        elif cur is None:
            continue
        elif isinstance(ev, BidEvent):
            cur["bids"].append({"seat": ev.seat, "bid": ev.bid.to_json()})
        elif isinstance(ev, ExchangeEvent):
            cur["exchange"].append({"from": ev.seat, "to": ev.to,
                                    "cards": [c.code for c in ev.cards]})
        elif isinstance(ev, PlayEvent):
            entry: dict[str, Any] = {"seat": ev.seat, "card": ev.play.card.code}
            if ev.play.card.is_dual:
                entry["as"] = ev.play.suit
            cur["plays"].append(entry)
    for h in hands:
        if not h["exchange"]:
            del h["exchange"]
    rec["hands"] = hands
    return rec



# ``trick_winner`` and ``rank_tables`` live in core.tricks; re-exported here for the callers
# that still import them from the engine (spades_lab.solver).
__all__ = ["Game", "Hand", "Trick", "Check", "SeatView", "DealEvent", "LookEvent", "BidEvent",
           "ExchangeEvent", "PlayEvent", "HandScoredEvent", "trick_winner", "trump_states",
           "rank_tables", "parse_card", "game_to_record", "RECORD_FORMAT", "Phase", "DEAL",
           "BIDDING", "EXCHANGE", "PLAY", "OVER"]
