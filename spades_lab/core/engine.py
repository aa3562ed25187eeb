"""The hand and game state machine.

Every action (``deal``, ``look``, ``bid``, ``exchange``, ``play``) is written one way: a private
``_verify_x`` that raises an :class:`~spades_lab.core.errors.IllegalAction` carrying the rule id,
changing nothing, when the action may not be taken; ``can_x``, the same check answered as a
:class:`Check` (``ok``, or the rule id and the reason in words); and ``x``, which verifies, then
applies.  A play has one fast path besides (``Hand._quick_play``), which single plays and a
record's bulk replay (``Hand.play_entries``) share.  Every action appends a frozen event to
``Game.log``.

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
spades_lab.core.errors.IllegalAction: East does not hold the 2 of Clubs.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, NamedTuple

from ..words.counting import plural
from .bids import Bid, all_bids, house_bid_refusal, parse_bid
from .cards import (
    BIT_SUIT,
    SUIT_BITS,
    SUITS,
    Card,
    Deck,
    Play,
    card_words,
    cards_text,
    counted_words,
    is_counted_as,
    parse_card,
    suit_name,
)
from .claims import Claim, claim_refusal, claim_takers
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


class ClaimEvent(NamedTuple):
    """An accepted claim of the remaining tricks (:mod:`spades_lab.core.claims`): the hand ends
    with it."""

    seat: int
    claim: Claim

    @property
    def kind(self) -> str:  # not a field: events stay as small as their data
        return "claim"


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

Event = (DealEvent | LookEvent | BidEvent | ExchangeEvent | PlayEvent | ClaimEvent
         | HandScoredEvent)


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


def _check(verify: Callable[..., object], *args: Any) -> Check:
    """The ``can_*`` of an action: its ``_verify_*`` run on ``args``, as a :class:`Check` (OK,
    or the refusal's rule id, sentence and details); nothing is changed either way."""
    try:
        verify(*args)
    except RuleError as e:  # an IllegalAction; a deal's malformed cards: bad-record
        return Check(False, e.rule, e.message, e.details)
    return OK


def _illegal(e: RuleError) -> IllegalAction:
    """A refusal of the rules below the engine (a bid or card that does not parse) as the
    engine's own :class:`IllegalAction`, same rule id, sentence and details."""
    return IllegalAction(e.rule, e.message, **e.details)


# ---------------------------------------------------------------------------- argument guards
# The public Game methods check their arguments here first, so a wrong type or a seat out of
# range is refused with a rule id (``can_*`` answers no; actions raise) and never reaches the
# rules as an IndexError or TypeError.


def _is_seat(seat: Any, n: int) -> bool:
    """Is ``seat`` a seat number of an ``n``-player table (an int, not a bool)?"""
    return (type(seat) is int or isinstance(seat, int) and not isinstance(seat, bool)) \
        and 0 <= seat < n


def _verify_seat(seat: Any, n: int, rule: Rule) -> None:
    """The seat guard of every action and view: raise ``rule`` unless ``seat`` is a seat."""
    if type(seat) is int and 0 <= seat < n:  # the common case, without a call
        return
    if not _is_seat(seat, n):
        names = ", ".join(f"{i} {seat_name(i, n)}" for i in range(n))
        raise IllegalAction(rule, f"{echo(seat)} is not a seat: the seats are numbered "
                            f"{names}.", seat=echo(seat))


def _verify_cards(cards: Any, most: int) -> list[Any]:
    """``cards`` as a list of at most ``most`` items, or the refusal (a text, a mapping or
    something that is not a collection of cards)."""
    if isinstance(cards, (str, bytes, dict)) or not hasattr(cards, "__iter__"):
        raise IllegalAction(Rule.EXCHANGE_INVALID, f"The cards to pass are a list such as "
                            f"['AS', 'KS'], not {echo(cards)}.")
    items: list[Any] = []
    for c in cards:
        items.append(c)
        if len(items) > most:
            raise IllegalAction(Rule.EXCHANGE_INVALID, f"No exchange passes more than {most} "
                                "cards.")
    return items


class OwedPass(NamedTuple):
    """What a seat passes now in a blind exchange (:meth:`Hand.owed_pass`): ``lo`` to ``hi``
    cards (one number when ``lo == hi``) face down to seat ``to``."""

    lo: int
    hi: int
    to: int


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
                 "first_event", "_legal", "_codes", "claim", "__weakref__")

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
        self.turn: int | None = self.first_bidder
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
        #: the accepted claim that ended the hand (None: played out, or still in play)
        self.claim: Claim | None = None

    # ------------------------------------------------------------------ copying
    def copy(self, game: Game) -> Hand:
        """An independent copy of this hand inside ``game`` (a copy of its game, made by
        :meth:`Game.copy`): every list the actions change is copied, the rest (the deal, the
        rules, the interned trump states and plays, the frozen tricks) is shared.  Each field
        is named here, so the copy does not depend on the order of ``__slots__``."""
        h = object.__new__(Hand)
        # the game it belongs to, and the game's log
        h.game = game
        h.log = game.log
        h.first_event = self.first_event
        # fixed for the hand: shared
        h.players = self.players
        h.totals_before = self.totals_before
        h.rules = self.rules
        h.index = self.index
        h.n = self.n
        h.dealer = self.dealer
        h.deal = self.deal
        h._tables = self._tables
        h.has_duals = self.has_duals
        h._codes = self._codes
        # values (immutable or replaced, never changed in place): shared
        h.outcome = self.outcome
        h.phase = self.phase
        h.turn = self.turn
        h.leader = self.leader
        h.led_bit = self.led_bit
        h._ts = self._ts
        h._lead_ts = self._lead_ts
        h.broken = self.broken
        h.superior = self.superior
        h.superior_at = self.superior_at
        h._sup_bit = self._sup_bit
        h.scores = self.scores
        h._legal = self._legal
        h.claim = self.claim
        # changed in place by the actions: copied
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
    def _blind_refusal(self, seat: int) -> IllegalAction | None:
        """Why ``seat`` may no longer bid blind (it has looked; online: its team does not trail
        enough), or None when it may: the refusal built, not raised, so that
        :meth:`legal_bids` asks it at every bid without the cost of an exception."""
        if self.looked[seat]:
            return IllegalAction(Rule.BLIND_NOT_ALLOWED, f"{self.name(seat)} has looked at the "
                                 "hand: blind bids are made before looking.", seat=seat)
        deficit = self.rules.blind_nil_deficit
        if deficit is not None:
            totals = self.totals_before
            team = self.rules.team_of(seat)
            other = max(t for i, t in enumerate(totals) if i != team)
            if other - totals[team] < deficit:
                return IllegalAction(Rule.BLIND_NOT_ALLOWED, f"Blind nil needs {self.name(seat)}'s "
                                     f"team to trail by at least {deficit} when bidding "
                                     f"starts; it is at {totals[team]} against {other}.",
                                     seat=seat, trailing_by=other - totals[team])
        return None

    def _verify_blind(self, seat: int) -> None:
        """Raise unless ``seat`` may still bid blind."""
        refusal = self._blind_refusal(seat)
        if refusal is not None:
            raise refusal

    def blind_allowed(self, seat: int) -> Check:
        """May ``seat`` still bid blind (has not looked; online: team trails enough)?"""
        return _check(self._verify_blind, seat)

    def _verify_bid(self, value: Any, seat: int | None) -> Bid:
        """The bid ``value`` of the seat to bid (``seat``: checked to be that seat), parsed;
        raises :class:`IllegalAction` when it may not be made."""
        if self.phase != BIDDING:
            raise IllegalAction(Rule.WRONG_PHASE, f"The hand is waiting for {self.waiting_for()}, "
                                "not a bid.")
        turn = self.turn
        assert turn is not None
        if seat is not None and seat != turn:
            raise IllegalAction(Rule.NOT_YOUR_TURN, f"It is {self.name(turn)}'s turn to bid, not "
                                f"{self.name(seat)}'s.", seat=seat, turn=turn)
        try:
            bid = parse_bid(self.rules, value)
        except RuleError as e:
            raise _illegal(e) from None
        if bid.blind:
            if bid.nil is not None:
                self._verify_blind(turn)
            elif self.looked[turn]:  # a blind ordinary bid (house rule blind_bids)
                raise IllegalAction(Rule.BLIND_NOT_ALLOWED, f"{self.name(turn)} has looked at "
                                    "the hand: blind bids are made before looking.", seat=turn)
        if self.rules.house_bidding:
            refusal = self._house_bid_refusal(turn, bid)
            if refusal is not None:
                raise refusal
        return bid

    # house rules: bidding and play
    def _house_bid_refusal(self, seat: int, bid: Bid) -> IllegalAction | None:
        """The bidding house rules' refusal of ``bid`` by ``seat`` now (core.bids says why),
        or None.  Asked only where ``rules.house_bidding``."""
        e = house_bid_refusal(self.rules, seat, bid, self.bids, self.hands[seat],
                              self.totals_before)
        return None if e is None else _illegal(e)

    # end house rules: bidding and play

    def can_bid(self, value: Any, seat: int | None = None) -> Check:
        """May the seat to bid (or ``seat``) bid ``value`` now?"""
        return _check(self._verify_bid, value, seat)

    def legal_bids(self) -> tuple[Bid, ...]:
        if self.phase != BIDDING:
            return ()
        turn = self.turn
        assert turn is not None
        rules = self.rules
        if not (rules.house_bidding or rules.blind_bids):
            return all_bids(rules, blind=self._blind_refusal(turn) is None)
        # house rules: bidding and play -- the bids the situation allows
        blind_nil = self._blind_refusal(turn) is None
        house = rules.house_bidding
        out = []
        for b in all_bids(rules, blind=not self.looked[turn]):
            if b.blind and b.nil is not None and not blind_nil:
                continue
            if not house or self._house_bid_refusal(turn, b) is None:
                out.append(b)
        return tuple(out)

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
            if not bid.nil:
                continue
            partner = rules.partner(seat)
            pbid = self.bids[partner]
            if not bid.blind:  # house rules: bidding and play -- cards passed after a nil
                lo = hi = rules.nil_exchange
                if hi == 0 or (pbid is not None and pbid.nil):
                    continue
                self.exchanges.append(ExchangeDue(seat, partner, lo, hi))
                continue
            lo, hi = rules.exchange_range(bid.nil)
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

    def owed_pass(self, seat: int) -> OwedPass | None:
        """How many cards ``seat`` passes now, and to whom: the blind bidder ``lo`` to ``hi``
        cards (the rule set's range for its bid) to its partner, then the partner as many as it
        received back; None when ``seat`` owes no pass now (not its turn in the exchange, or
        no exchange).  The one place this is worked out: the checks, the bots, the widgets and
        the quiz read it here.

        >>> g = Game("original")
        >>> g.deal(rng=random.Random(3))
        >>> for b in ("blind nil", 3, 4, 3): g.bid(b)
        >>> g.hand.owed_pass(1), g.hand.owed_pass(3)
        (OwedPass(lo=0, hi=3, to=3), None)
        """
        if self.phase != EXCHANGE:
            return None
        due = self.exchange_due(seat)
        if due is None or due.owed_by() != seat:
            return None
        if seat == due.blind:
            return OwedPass(due.lo, due.hi, due.partner)
        k = len(due.passed or ())
        return OwedPass(k, k, due.blind)

    def _no_exchange_rule(self, seat: int) -> str:
        """The rule that leaves ``seat`` no card exchange now, in words (RULINGS.md section 8)."""
        if self.phase == BIDDING:
            return "Cards are exchanged only once the bidding is over"
        mate = self.rules.partner(seat)
        bids = (self.bids[seat], self.bids[mate])
        if all(b is not None and b.blind and b.nil is not None for b in bids):
            return "When both partners bid blind, no cards are exchanged"
        if self.exchange_due(seat) is not None:
            return "The card exchange is over"
        return "Cards are exchanged only after a blind nil-type bid"

    def _verify_exchange(self, seat: int, cards: Iterable[Any]) -> tuple[Card, ...]:
        """The cards ``seat`` passes now, parsed; raises :class:`IllegalAction` when it may not
        pass them."""
        due = self.exchange_due(seat)
        # a return after a 0-card pass is refused by the exchange rule (RULINGS.md section 8),
        # also when that pass was the last exchange owed and play is about to start
        early = self.phase == EXCHANGE or (self.phase == PLAY and not self.trick
                                           and not self.tricks)
        if early and due is not None and seat == due.partner and due.passed == () \
                and due.returned == ():
            raise IllegalAction(Rule.EXCHANGE_INVALID, f"{self.name(due.blind)} passed no cards, "
                                f"which completes the exchange: {self.name(seat)} passes "
                                "nothing back.", seat=seat)
        if self.phase != EXCHANGE:
            raise IllegalAction(Rule.WRONG_PHASE, f"{self._no_exchange_rule(seat)}: the hand is "
                                f"waiting for {self.waiting_for()}, not a card exchange.")
        if due is None:
            raise IllegalAction(Rule.EXCHANGE_INVALID, f"No card exchange is due from "
                                f"{self.name(seat)}.", seat=seat)
        owed = due.owed_by()
        if owed is None or (seat == due.blind and due.passed is not None):
            raise IllegalAction(Rule.EXCHANGE_INVALID, f"{self.name(seat)} has already passed "
                                "cards.", seat=seat)
        if owed != seat:
            raise IllegalAction(Rule.NOT_YOUR_TURN, f"{self.name(due.blind)} passes first; "
                                f"{self.name(seat)} passes back after.", seat=seat, turn=owed)
        parsed: list[Card] = []
        for c in cards:
            try:
                parsed.append(self.rules.deck.parse(c))
            except RuleError as e:
                raise _illegal(e) from None
        if len(set(parsed)) != len(parsed):
            raise IllegalAction(Rule.EXCHANGE_INVALID, "The same card is named twice in the "
                                "exchange.")
        owe = self.owed_pass(seat)
        assert owe is not None  # seat owes the pass (checked above)
        lo, hi = owe.lo, owe.hi
        if not lo <= len(parsed) <= hi:
            want = plural(hi, "card") if lo == hi else f"{lo} to {plural(hi, 'card')}"
            raise IllegalAction(Rule.EXCHANGE_INVALID, f"{self.name(seat)} must pass {want}, "
                                f"not {len(parsed)}.", seat=seat,
                                count=len(parsed))
        held = self.hands[seat]
        missing = [c for c in parsed if c not in held]
        if missing:
            raise IllegalAction(Rule.EXCHANGE_INVALID, f"{self.name(seat)} does not hold "
                                f"{cards_text(missing)}.", seat=seat,
                                cards=[c.code for c in missing])
        return tuple(parsed)

    def can_exchange(self, seat: int, cards: Iterable[Any]) -> Check:
        """May ``seat`` pass ``cards`` now (the blind pass, or the partner's return)?"""
        return _check(self._verify_exchange, seat, cards)

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
                                         self._ts.unbroken, self.has_duals,
                                         # the first trick's ban (spade_lead house rule)
                                         0 if self.tricks else self._tables.first_trick_ban)[1]
        return lg

    def legal_set(self) -> LegalSet:
        """The legal plays of the seat to play and why they are those (the trick rules'
        :func:`~spades_lab.core.tricks.legal_set`).  Only during play."""
        return legal_set(self.hands[self.turn], self.led_bit,  # type: ignore[index]
                         self._ts.unbroken, self.has_duals,
                         0 if self.tricks else self._tables.first_trick_ban)

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
        raise IllegalAction(Rule.BAD_DECLARATION, f"{echo(as_)} is not a suit: use one of "
                            f"{', '.join(self.rules.deck.suits)}.", card=c.code)

    def _verify_play(self, card: Any, as_: Any, seat: int | None) -> Play:
        """The interned play of ``card`` (declared ``as_``) by the seat to play (``seat``:
        checked to be that seat); raises :class:`IllegalAction` when it may not be played.  The
        reasons of RULINGS.md section 7, in the order a student would check them; the play
        rules themselves are the legal set's (:meth:`legal_set`)."""
        if self.phase != PLAY:
            rule = {BIDDING: "No card is played until every player has bid",
                    EXCHANGE: "No card is played until the card exchange is done"
                    }.get(self.phase, "No card may be played now")
            raise IllegalAction(Rule.WRONG_PHASE, f"{rule}: the hand is waiting for "
                                f"{self.waiting_for()}, not a card to be played.")
        turn = self.turn
        assert turn is not None
        if seat is not None and seat != turn:
            raise IllegalAction(Rule.NOT_YOUR_TURN, f"It is {self.name(turn)}'s turn to play, not "
                                f"{self.name(seat)}'s.", seat=seat, turn=turn)
        try:
            c, decl = self.resolve(card, as_)
        except RuleError as e:
            raise _illegal(e) from None
        who = self.name(turn)
        if c not in self.hands[turn]:
            raise IllegalAction(Rule.CARD_NOT_IN_HAND, f"{who} does not hold {card_words(c)}.",
                                card=c.code)
        if decl is not None and not c.bits & SUIT_BITS[decl]:
            if c.is_dual:
                raise IllegalAction(Rule.BAD_DECLARATION, f"{card_words(c, start=True)} is a "
                                    f"{c.name.split(' of ')[0]} of "
                                    f"{' and '.join(suit_name(s) for s in c.suits)}; it cannot "
                                    f"be played as {suit_name(decl)}.", card=c.code,
                                    declared=decl)
            if c.face != c.suits:  # a Joker, or a card the Jokers rule makes a trump
                raise IllegalAction(Rule.BAD_DECLARATION, f"{card_words(c, start=True)} counts "
                                    f"as one of the {suit_name(c.suit)} in your rules; it cannot "
                                    f"be declared as {suit_name(decl)}.", card=c.code,
                                    declared=decl)
            raise IllegalAction(Rule.BAD_DECLARATION, f"{card_words(c, start=True)} is a card of "
                                f"{suit_name(c.suit)}; it cannot be declared as "
                                f"{suit_name(decl)}.", card=c.code, declared=decl)
        legal = self.legal_plays()
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
                raise IllegalAction(Rule.BAD_DECLARATION, f"{who} {where} {card_words(c)}"
                                    f"{' off-suit' if L else ''} and must declare it as "
                                    f"{suit_name(c.suits[0])} or {suit_name(c.suits[1])}.",
                                    card=c.code)
        if p is not None and p in legal:
            return p
        # outside the legal set: say which restriction of the legal set it fails
        rule = REFUSED_BY[self.legal_set()[0]]  # the restriction of the legal set it fails
        if rule == Rule.MUST_FOLLOW_SUIT:
            led = BIT_SUIT[L]
            if c.bits & L:
                raise IllegalAction(Rule.BAD_DECLARATION, f"{card_words(c, start=True)} can follow "
                                    f"{suit_name(led)}, so it is played as {suit_name(led)}, "
                                    f"not {suit_name(decl or '')}.", card=c.code,
                                    declared=decl, led=led)
            follow = [q.card for q in legal]
            shown = [x for x in follow if is_counted_as(x)]
            if is_counted_as(c) and led in c.face:  # it shows the led suit, but counts as another
                shown.append(c)
            note = "; ".join(counted_words(x) for x in shown)
            raise IllegalAction(Rule.MUST_FOLLOW_SUIT, f"{who} must follow {suit_name(led)}: "
                                f"holds {cards_text(self.rules.deck.sorted(follow))}"
                                + (f" ({note})" if note else "") + ".",
                                seat=turn, led=led, holding=[x.code for x in follow])
        assert p is not None  # leads: an undeclared Traveler/Hunter always has a legal lead
        if rule == Rule.SPADES_FIRST_TRICK:  # house rules: bidding and play
            where = "lead" if not L else "play"
            raise IllegalAction(rule, f"{who} may not {where} a Spade on the first trick: your "
                                f"rules keep Spades out of it, and {who} holds other cards.",
                                seat=turn, suit=c.suit, alternatives=[q.card.code for q in legal])
        if c.is_dual:
            raise IllegalAction(Rule.BAD_DECLARATION,
                                f"{card_words(c, start=True)} may not be led as "
                                f"{suit_name(p.suit)}: {suit_name(p.suit)} are not broken yet.",
                                card=c.code, declared=p.suit)
        others: list[Card] = []
        for q in legal:
            if q.card not in others:
                others.append(q.card)
        raise IllegalAction(rule, f"{who} may not lead {suit_name(c.suit)}"
                            + (f" ({counted_words(c)})" if is_counted_as(c) else "") + ": "
                            f"{suit_name(c.suit)} are not broken and {who} holds other cards "
                            "to lead.", seat=turn, suit=c.suit,
                            alternatives=[x.code for x in others])

    def can_play(self, card: Any, as_: Any = None, seat: int | None = None) -> Check:
        """May the seat to play (or ``seat``) play ``card`` (as ``as_``) now?"""
        return _check(self._verify_play, card, as_, seat)

    def _quick_play(self, card: Any, as_: Any, seat: Any) -> Play | None:
        """The fast path of every play, single (:meth:`Game.play`) or in bulk
        (:meth:`play_entries`): when ``card`` is the common case, one of the interned legal
        plays the seat to play was given, a :class:`Play`, or the exact record code of a card
        (of one suit; a Traveler/Hunter following suit; or, with ``as_`` an exact suit letter,
        declared), and is legal for the seat to play, with ``seat`` None or that seat: its
        interned play; else None, and :meth:`_verify_play` decides (it finds the play a slower
        way, or says why not).  Every check the slow path makes, without its reasons."""
        if seat is not None and (type(seat) is not int or seat != self.turn):
            return None
        lg = self._legal  # set only during the play, for the seat to play
        if lg is not None and as_ is None and card in lg:  # a legal play the seat was given
            return card  # type: ignore[no-any-return]
        if self.phase != PLAY:
            return None
        if type(card) is str:  # an exact code: what resolve() would make of it
            c = self._codes.get(card)
            if c is None:
                return None
            if as_ is not None:  # declared: an exact suit letter the card can be played as
                if type(as_) is not str:
                    return None
                q = c.play_as.get(SUIT_BITS.get(as_, 0))
                if q is None:
                    return None
                p = q
            elif not c.is_dual:
                p = c.play
            elif c.bits & self.led_bit:
                p = c.play_as[self.led_bit]
            else:
                return None  # a Traveler/Hunter led or off-suit names its suit
        elif type(card) is Play and as_ is None:
            if lg is not None:
                return None  # not one of the legal plays
            p = card
            c = p.card
        else:
            return None
        # one play asked of the legal-set rule, not the whole set built
        hand = self.hands[self.turn]  # type: ignore[index]
        if c in hand and is_legal(hand, p, self.led_bit, self._ts.unbroken, self.has_duals,
                                  0 if self.tricks else self._tables.first_trick_ban):
            return p
        return None

    def play_entries(self, entries: Sequence[Any], start: int = 0) -> int:
        """Play a record's play entries from ``start`` on while each is the common case: an
        entry ``{"seat": s, "card": code}`` (``"as"``: the suit letter a Traveler/Hunter is
        declared as) naming the seat to play and a card it may play (:meth:`_quick_play`, the
        fast path :meth:`Game.play` takes too).  Returns the index of the first entry not
        played (``len(entries)`` when all were); the caller hands that one to
        :meth:`Game.play`, which plays it or says why not.  The bulk path of a replay: every
        check :meth:`Game.play` makes, without a call of it per card."""
        quick = self._quick_play
        apply = self._apply_play
        k = start
        end = len(entries)
        while k < end:
            e = entries[k]
            if type(e) is not dict:
                break
            seat = e.get("seat")
            if type(seat) is not int:
                break
            p = quick(e.get("card"), e["as"] if "as" in e else None, seat)
            if p is None:
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
        if len(tricks) == self.rules.hand_size:
            self.turn = None
            self.game._finish_hand(self)

    @property
    def first_bidder(self) -> int:
        """The seat that bids first: the player on the dealer's left; the bidding then goes
        once around the table, clockwise (``not-your-turn`` refuses a bid out of that turn)."""
        return (self.dealer + 1) % self.n

    @property
    def remaining(self) -> int:
        """The tricks not yet won (the one in progress included; an ending set up by
        :meth:`Game.set_ending` counts from its cards)."""
        if self.complete or self.phase != PLAY:
            return 0 if self.complete else self.rules.hand_size
        lead = self.trick[0][0] if self.trick else self.turn
        return 0 if lead is None else len(self.hands[lead]) + (1 if self.trick else 0)

    def _apply_claim(self, claim: Claim) -> None:
        """End the hand by an accepted claim (core.claims: who takes which tricks)."""
        ours, theirs = claim_takers(self.rules, claim.seat, self.bids)
        rest = self.remaining - claim.tricks
        self.taken[ours] += claim.tricks
        if theirs is not None:
            self.taken[theirs] += rest
        else:
            self.taken[ours] += rest
        self.claim = claim
        self.log.append(ClaimEvent(claim.seat, claim))
        self.trick = []
        self.led_bit = 0
        self.turn = None
        self._legal = None
        self.game._finish_hand(self)

    # ------------------------------------------------------------------ words
    def waiting_for(self) -> str:
        if self.phase == BIDDING and self.turn is not None:
            return f"{self.name(self.turn)}'s bid"
        if self.phase == EXCHANGE:
            blind = all(self.bids[e.blind].blind for e in self.exchanges)  # type: ignore[union-attr]
            return ("the blind-nil" if blind else "the nil") + " card exchange (" + ", ".join(
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
            raise RuleError(Rule.BAD_RECORD, f"players is a list of {n} names (each 1 to 40 "
                            f"characters), not {echo(players)}.")
        if players is not None and len(players) != n:
            raise RuleError(Rule.BAD_RECORD, f"{rules.name} has {n} players; {len(players)} "
                            "names were given.")
        self.players = list(players) if players is not None else None
        if not _is_seat(dealer, n):
            raise RuleError(Rule.BAD_RECORD, f"The dealer must be a seat 0-{n - 1}, not "
                            f"{echo(dealer)}.")
        if start is not None and (not isinstance(start, dict) or not start
                                  or set(start) - {"scores", "bags"}):
            raise RuleError(Rule.BAD_RECORD, "start is an object with the partnerships' 'scores' "
                            f"and 'bags', not {echo(start)}.")
        teams = rules.team_count
        side = "partnership" if rules.has_partners else "player"
        scores = (start or {}).get("scores", [0] * teams)
        bags = (start or {}).get("bags", [0] * teams)
        if not isinstance(scores, (list, tuple)) or not isinstance(bags, (list, tuple)):
            raise RuleError(Rule.BAD_RECORD, f"start needs {teams} scores and {teams} bag counts, "
                            f"one per {side}, as lists of whole numbers.")
        scores, bags = list(scores), list(bags)
        if len(scores) != teams or len(bags) != teams:
            raise RuleError(Rule.BAD_RECORD, f"start needs {teams} scores and {teams} bag counts, "
                            f"one per {side}.")
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in scores + bags):
            raise RuleError(Rule.BAD_RECORD, "start scores and bags must be whole numbers.")
        limit = rules.bag_limit
        for b in bags:
            if b < 0 or (limit is not None and b >= limit and not rules.bags_may_pass_limit):
                raise RuleError(Rule.BAD_RECORD, f"start bags must lie in 0..{(limit or 1) - 1}"
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
        g.hands = [h.copy(g) for h in self.hands]
        g.hand = g.hands[-1] if self.hand is not None else None
        return g

    # ------------------------------------------------------------------ deal
    def _verify_deal(self, cards: Sequence[Sequence[Any]] | None, dealer: int | None
                     ) -> tuple[int, list[list[Card]] | None]:
        """(the dealer, the hands checked; None to shuffle), or the refusal."""
        if self.phase == OVER:
            raise IllegalAction(Rule.WRONG_PHASE, "The game is over: nothing more may be dealt.")
        if self.phase != DEAL:
            raise IllegalAction(Rule.WRONG_PHASE, f"The hand is still waiting for "
                                f"{self.hand.waiting_for() if self.hand else 'a deal'}.")
        n = self.rules.players
        if dealer is None:
            dealer = self.next_dealer
        elif not _is_seat(dealer, n):
            raise RuleError(Rule.BAD_RECORD, f"The dealer must be a seat 0-{n - 1}.")
        elif self.hands and dealer != self.next_dealer:  # RULINGS.md 1: the deal passes clockwise
            raise IllegalAction(Rule.NOT_YOUR_TURN, f"The deal passes clockwise: "
                                f"{seat_name(self.next_dealer, n)} deals this hand, not "
                                f"{seat_name(dealer, n)}.", dealer=dealer,
                                turn=self.next_dealer)
        return dealer, None if cards is None else self._check_deal(cards)

    def can_deal(self, cards: Sequence[Sequence[Any]] | None = None, *,
                 dealer: int | None = None) -> Check:
        """May the next hand be dealt now (by ``dealer``, with ``cards`` when given)?"""
        return _check(self._verify_deal, cards, dealer)

    def deal(self, rng: random.Random | None = None, cards: Sequence[Sequence[Any]] | None = None,
             *, dealer: int | None = None) -> None:
        """Start the next hand, with the given cards (``cards[i]`` is seat i's hand) or a deal
        shuffled by ``rng`` (an explicit ``random.Random``; a fresh one when omitted)."""
        dealer, hands = self._verify_deal(cards, dealer)
        if hands is None:
            rules = self.rules
            size = rules.hand_size
            deck = list(rules.deck.cards)
            (rng or random.Random()).shuffle(deck)
            hands = [deck[i * size:(i + 1) * size] for i in range(rules.players)]
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
            raise RuleError(Rule.BAD_RECORD, f"A deal gives {n} hands, one per seat.")
        hands: list[list[Card]] = []
        seen: set[Card] = set()
        for i, h in enumerate(cards):
            if not isinstance(h, (list, tuple)) or len(h) != size:
                got = len(h) if isinstance(h, (list, tuple)) else 0
                raise RuleError(Rule.BAD_RECORD, f"{seat_name(i, n)}'s hand has {got} cards; "
                                f"{rules.name} deals {size} each.", seat=i)
            row = []
            for t in h:
                try:
                    c = rules.deck.parse(t)
                except RuleError as e:
                    raise RuleError(Rule.BAD_RECORD, f"In {seat_name(i, n)}'s hand: {e.message}",
                                    seat=i) from None
                if c in seen:
                    raise RuleError(Rule.BAD_RECORD, f"{card_words(c, start=True)} is dealt twice.",
                                    card=c.code)
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
        self.outcome = h.outcome = game_outcome(self.rules, self.totals, hands=len(self.hands),
                                                last=scores)
        self.log.append(HandScoredEvent(h.index, scores, self.outcome))

    # ------------------------------------------------------------------ actions
    # Every action is written the same way: ``_verify_x`` checks the seat (one guard,
    # :func:`_verify_seat`), that a hand is waiting, and the hand's own rules, raising
    # :class:`IllegalAction` with the rule id and changing nothing; ``can_x`` is that check as
    # a :class:`Check`; ``x`` verifies, then applies.

    def _verify_hand(self, what: str) -> Hand:
        """The hand in progress, or the refusal of ``what`` (there is none)."""
        h = self.hand
        if h is None or h.scores is not None:
            raise IllegalAction(Rule.WRONG_PHASE, "The game is over: nothing more may be played."
                                if self.over else f"No hand is waiting for {what}.")
        return h

    def _verify_look(self, seat: int) -> Hand:
        _verify_seat(seat, self.rules.players, Rule.NOT_YOUR_TURN)
        h = self._verify_hand("a look at the cards")
        if h.phase != BIDDING:
            raise IllegalAction(Rule.WRONG_PHASE, "Cards are looked at during the bidding.")
        return h

    def can_look(self, seat: int) -> Check:
        """May ``seat`` pick up its cards now (during the bidding)?"""
        return _check(self._verify_look, seat)

    def look(self, seat: int) -> None:
        """``seat`` picks up its cards (after which it may no longer bid blind)."""
        h = self._verify_look(seat)
        if not h.looked[seat]:
            h.looked[seat] = True
            self.log.append(LookEvent(seat))

    def _verify_bid(self, bid: Any, seat: int | None) -> tuple[Hand, Bid]:
        if seat is not None:
            _verify_seat(seat, self.rules.players, Rule.NOT_YOUR_TURN)
        h = self._verify_hand("a bid")
        return h, h._verify_bid(bid, seat)

    def can_bid(self, bid: Any, seat: int | None = None) -> Check:
        """May the seat to bid (or ``seat``) bid ``bid`` now?"""
        return _check(self._verify_bid, bid, seat)

    def bid(self, bid: Any, seat: int | None = None) -> None:
        """Bid for the seat to bid (``seat`` checks it is that seat's turn)."""
        h, parsed = self._verify_bid(bid, seat)
        h._apply_bid(parsed)

    def legal_bids(self) -> tuple[Bid, ...]:
        """Every bid the seat to bid may make (blind ones only while it may still bid blind)."""
        h = self.hand
        return () if h is None or h.complete else h.legal_bids()

    def _verify_exchange(self, seat: int, cards: Iterable[Any]
                         ) -> tuple[Hand, tuple[Card, ...] | None]:
        """(the hand, the cards parsed), or (the hand, None) for the partner's empty return
        after a 0-card pass (:meth:`_empty_return`)."""
        _verify_seat(seat, self.rules.players, Rule.EXCHANGE_INVALID)
        items = _verify_cards(cards, self.rules.hand_size)
        h = self._verify_hand("an exchange")
        if not items and self._empty_return(h, seat):
            return h, None
        return h, h._verify_exchange(seat, items)

    def can_exchange(self, seat: int, cards: Iterable[Any]) -> Check:
        """May ``seat`` pass ``cards`` now (the blind pass, or the partner's return)?"""
        return _check(self._verify_exchange, seat, cards)

    def exchange(self, seat: int, cards: Iterable[Any]) -> None:
        """``seat`` passes ``cards`` face down to its partner (RULINGS.md section 1)."""
        h, parsed = self._verify_exchange(seat, cards)
        if parsed is None:  # the empty return: only the log changes
            self.log.append(ExchangeEvent(seat, self.rules.partner(seat), ()))
        else:
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
        lg = h._legal  # the set already built for this position (Hand.legal_plays builds it)
        return lg if lg is not None else h.legal_plays()

    def _verify_play(self, card: Any, as_: Any, seat: int | None) -> tuple[Hand, Play]:
        if seat is not None:
            _verify_seat(seat, self.rules.players, Rule.NOT_YOUR_TURN)
        h = self._verify_hand("a play")
        return h, h._verify_play(card, as_, seat)

    def can_play(self, card: Any, as_: Any = None, seat: int | None = None) -> Check:
        """May the seat to play (or ``seat``) play ``card`` (as ``as_``) now?"""
        return _check(self._verify_play, card, as_, seat)

    def play(self, card: Any, as_: Any = None, seat: int | None = None) -> None:
        """Play ``card`` (a :class:`Play`, a :class:`Card` or its text) for the seat to play,
        declared ``as_`` a suit where it is a Traveler/Hunter played by choice."""
        h = self.hand
        if h is not None:  # the fast path first (Hand._quick_play)
            lg = h._legal
            if lg is not None and as_ is None and seat is None and card in lg:
                h._apply_play(card)  # _quick_play's first case, without the call
                return
            p = h._quick_play(card, as_, seat)
            if p is not None:
                h._apply_play(p)
                return
        h, p = self._verify_play(card, as_, seat)
        h._apply_play(p)

    # ------------------------------------------------------------------ claims
    def _verify_claim(self, seat: Any, tricks: Any, accepted_by: Sequence[Any],
                      verified: str) -> tuple[Hand, Claim]:
        h = self.hand
        playing = h is not None and not h.complete and h.phase == PLAY and h.turn is not None
        err = claim_refusal(self.rules, playing=playing, turn=h.turn if h else None,
                            remaining=h.remaining if h else 0, bids=h.bids if h else (),
                            seat=seat, tricks=tricks, accepted_by=accepted_by, verified=verified)
        if err is not None:
            raise err
        assert h is not None
        return h, Claim(seat, tricks, tuple(accepted_by), verified)

    def can_claim(self, seat: Any, tricks: Any, accepted_by: Sequence[Any] = (),
                  verified: str = "exact") -> Check:
        """May ``seat`` claim ``tricks`` of the remaining tricks now (docs/rulings.md,
        "Claims")?  With the defaults, only whether the claim may be made: ``verified="exact"``
        needs no acceptance."""
        return _check(self._verify_claim, seat, tricks, accepted_by, verified)

    def claim(self, seat: int, tricks: int, accepted_by: Sequence[int | str] = (),
              verified: str = "agreed") -> None:
        """End the hand by ``seat``'s accepted claim of ``tricks`` of the remaining tricks:
        they go to its side, the rest to the others, and the hand is scored as usual.
        ``verified`` is ``exact`` (the solver proved it) or ``agreed`` (every other player in
        ``accepted_by``, or ``"teacher"``); :mod:`spades_lab.teach.claims` checks and asks."""
        h, c = self._verify_claim(seat, tricks, accepted_by, verified)
        h._apply_claim(c)

    # ------------------------------------------------------------------ set-up positions
    def set_ending(self, hands: Sequence[Sequence[Any]], broken: Iterable[str] = (),
                   superior: str | None = None) -> None:
        """Make the hand in play an ending: seat i holds ``hands[i]`` (as many cards each),
        the trumps ``broken`` are broken and ``superior`` is the superior trump in force (when
        it is not the deal's, ``superior_at`` says a break set it at trick 0, seat 0).  For
        studying and testing endings (the solver's tests set up thousands); the hand goes on
        from there by the usual rules, the seat to play leading.  Only at the start of a
        trick: raises ``wrong-phase`` during a trick or outside the play, and ``bad-record``
        (changing nothing) for hands or trumps the rule set does not have.

        >>> g = Game("standard")
        >>> g.deal(rng=random.Random(3))
        >>> for b in (3, 4, 3, 3): g.bid(b)
        >>> g.set_ending([["AS", "2C"], ["KS", "3C"], ["QS", "4C"], ["JS", "5C"]], ["S"], "S")
        >>> g.turn, [p.card.code for p in g.legal_plays()]
        (1, ['KS', '3C'])
        """
        h = self._verify_hand("an ending")
        if h.phase != PLAY or h.trick:
            raise IllegalAction(Rule.WRONG_PHASE, "An ending is set at the start of a trick, "
                                "during the play.")
        rules = self.rules
        n = rules.players
        if not isinstance(hands, (list, tuple)) or len(hands) != n or not all(
                isinstance(x, (list, tuple)) for x in hands):
            raise RuleError(Rule.BAD_RECORD, f"An ending gives {n} hands, one per seat.")
        if len({len(x) for x in hands}) != 1 or len(hands[0]) > rules.hand_size:
            raise RuleError(Rule.BAD_RECORD, "An ending gives every seat as many cards, at most "
                            f"{rules.hand_size}.")
        rows = [[rules.deck.parse(c) for c in x] for x in hands]
        if len({c for row in rows for c in row}) != sum(map(len, rows)):
            raise RuleError(Rule.BAD_RECORD, "A card is given twice in the ending.")
        broken = list(broken)
        for t in (*broken, *([superior] if superior is not None else [])):
            if t not in rules.trumps:
                raise RuleError(Rule.BAD_RECORD, f"{echo(t)} is not a trump of {rules.name}: the "
                                f"trumps are {', '.join(rules.trumps)}.")
        h.hands = rows
        ts = h._tables.state(_mask(broken), superior)  # the trick rules' interned state
        h._ts = h._lead_ts = ts
        h.broken = ts.broken
        h.superior = superior
        h._sup_bit = ts.sup_bit
        h.superior_at = (0, 0) if superior and superior != rules.superior_at_deal else None
        h._legal = None

    # ------------------------------------------------------------------ views
    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see now (see :class:`SeatView`)."""
        _verify_seat(seat, self.rules.players, Rule.NOT_YOUR_TURN)
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
        elif isinstance(ev, ClaimEvent):
            cur["claim"] = ev.claim.to_json()
    for h in hands:
        if not h["exchange"]:
            del h["exchange"]
    rec["hands"] = hands
    return rec



# ``trick_winner`` and ``rank_tables`` live in core.tricks; re-exported here for the callers
# that still import them from the engine (spades_lab.solver).
__all__ = ["Game", "Hand", "Trick", "Check", "SeatView", "DealEvent", "LookEvent", "BidEvent",
           "ExchangeEvent", "PlayEvent", "ClaimEvent", "HandScoredEvent", "trick_winner",
           "trump_states", "rank_tables", "parse_card", "game_to_record", "RECORD_FORMAT",
           "Phase", "DEAL", "BIDDING", "EXCHANGE", "PLAY", "OVER"]
