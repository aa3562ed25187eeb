"""Double-dummy analysis: with every card visible, what can each side still take?

From any position of any rule set (52-card and Acorns, Travelers/Hunters with their
declarations as distinct moves, trump breaking, the superior trump, the two-rank Ace), the
solver finds the number of remaining tricks the side to move can take against best defence,
and that number after each legal move.  It also answers goal questions (can a nil-type bidder be
kept clean, can a partnership still make its bid) and annotates a played hand with the cost of
each play in tricks (for a table widget to colour cards, like a bridge hand viewer).

>>> import random
>>> from spades_lab.core.engine import Game
>>> g = Game("standard"); g.deal(rng=random.Random(3))
>>> for b in (3, 4, 3, 3): g.bid(b)
>>> while len(g.hand.tricks) < 10: g.play(g.legal_plays()[0])
>>> r = solve(g)
>>> r.remaining, 0 <= r.tricks <= 3, max(r.per_move.values()) == r.tricks
(3, True, True)

**Where the rules come from.**  The search runs on a compact internal state (card bit masks)
for speed, but every rule-derived fact is read through one small adapter,
:mod:`spades_lab.solver.facts` (rank orders and the Ace's two places, the trump bits, the
superior trump at the start and whether the first break sets it, and the card-power ranking
that decides a trick), plus the cards' own data: face cards from ``card.is_face``, suits
(including both suits of a Traveler/Hunter) from ``card.bits`` and interned plays from
``card.all_plays``.  There is one move generator, :meth:`Solver.gen` (mirroring
``Hand._compute_legal``), which the search uses before merging and ordering, and one trick
winner, :meth:`Solver.winner`; ``tests/test_solver.py`` proves them identical to the engine on
many random positions of every preset (generated moves == ``Hand.legal_plays()`` as sets of
(card, suit); trick winners == :func:`~spades_lab.core.engine.trick_winner`), and
``tests/test_solver_diff.py`` compares the solver's values with an exhaustive minimax that
drives the engine itself (``Game.copy()`` / ``Game.play``) on thousands of small endings, and
with a bridge double-dummy solver (DDS) on 52-card positions.

**Search.**  Alpha-beta over two sides as zero-window searches ("can the side take at least
*t* more?", MTD-style bisection on *t*), a transposition table at trick boundaries keyed on the
cards remaining (normalised to relative ranks per suit, with each card's kind: plain, face, Ace,
Traveler, Hunter), whose lead, the broken trumps and the superior trump; the plain suits of one
rank shape interchangeable in the key while none of their Travelers/Hunters remains, and
face-ness dropped once no remaining Ace can meet another card of its suit (no other seat holds
one: the Ace's reading can then decide no trick); equivalent cards merged (same holder, same
suits, same face-ness unless no Ace can flip any more, and no card held elsewhere or lying on
the table between them in *either* of the Ace's rank orders — so the Heckadeck's flipping Ace is
only merged when it is safe); quick-trick bounds (top cards cashed from the lead, and top cards
of the superior trump, which win whatever trick they fall in, as do top cards of the other trump
when no opponent can play the superior one); move ordering (winners first when winning helps,
low cards otherwise; the side suits led before the trumps, the other trumps before the top
ones, and leads of a suit an opponent can ruff last; third hand high while an opponent still
to play can beat partner's card; discards of non-winners before winners, from the shortest
suit first); and
at the last card of a trick a look-ahead into the table (an "enhanced transposition cutoff":
a play whose next position the table already decides for the side to play cuts off before any
is searched, one it decides against is skipped).
``Solver(rules, enhancements=False)`` switches merging,
bounds, the look-ahead and relative keys off: the tests check that they never change a value.

**The 52-card fast path.**  Trick-count questions on the 52-card presets (no flipping Ace, no
Travelers/Hunters, one trump suit, partnerships 0-2 and 1-3) go to ``_solver_std``: the same
zero-window search organised trick by trick, with *partition search* in the transposition table
(M. Ginsberg; the "winning ranks" of Bo Haglund's DDS): a result records which cards' ranks it
relied on, and its entry then serves every position whose top cards in each suit, down to the
lowest relied-on card, have the same holders (with the same suit lengths, lead and broken
state), whatever the smaller cards are.  It also has stronger quick-trick bounds (cashing
partner's top cards after a low lead) and trick-by-trick move ordering (cash winners, lead
towards partner's winners, avoid suits an opponent can ruff; second hand low, third hand high,
win cheaply, ruff low, discard low).  ``Solver(rules, fast=False)`` uses the general search;
``tests/test_solver.py`` checks that both give the same values, with and without trump breaking.
Goals with other counts (nil, a bid with a full-nil partner under ``bags_only``) use the general
search.

**Speed and budget.**  ``benchmarks/bench_solver.py`` prints the figures.  On the 52-card
presets the search runs in C (``_std52c``, built at install; ``Solver(accelerated=False)`` or
``SPADES_LAB_PURE_PYTHON=1`` runs the same search in Python, same answers and node counts): a
full deal from the opening lead takes tens of milliseconds at the median and 0.7 s at worst of
the benchmark's 50 deals (2.2 s with trump breaking off), 7 tricks left well under a
millisecond.  The general search (the Heckadeck sets, and nil and bid questions on every
deck) runs in C too (``_generalc``, the same switches and answers) from the
opening lead on (card masks of one 64-bit word once at most 64 cards remain, of three words
before: a Heckadeck deal has 128 or 136 cards).  The general search keeps partition
entries (winning ranks, as the fast path's), in Python and in C line for line: each result
records the cards whose ranks it relied on (the winners of tricks won by rank, the cards the
quick-trick bounds compared, a merged run of equal cards when their place mattered) and its
entry serves every position with the same lead, trumps and per-suit multiset of holders and
kinds whose top cards of each suit, down to the lowest relied-on one (a Traveler/Hunter in both
of its suits), have the same holders and kinds; the same relied-on cards prune the moves
(DDS's "small moves": when a play does not cut, the seat's other cards of its suits, kind and
played suit below every card of those suits its answer relied on are not searched); so it
searches fewer nodes than with exact relative-rank entries (``Solver(partition=False)`` or
:func:`set_partition`), with the same answers; either way the Python and the compiled search
count the same nodes, as the tests check.  A
Heckadeck position with 8 tricks left takes a few hundredths of a second at the median and
about half a second at worst, with or without Travelers/Hunters; one with 10 left takes seconds,
so a budget matters earlier in the hand.  Every entry point
takes a budget: ``time_limit`` (seconds) and ``node_limit``; when it runs out,
:meth:`Solver.solve` returns the bounds found so far with ``exact=False`` (with ``per_move``,
each legal play's own bounds in ``SolveResult.bounds``, narrowed play by play by zero-window
tests under doubling node budgets, so a play can be known to be worse than another before
the position is solved: ``SolveResult.worse_moves``) and
:func:`annotate_hand` raises :class:`BudgetExceeded` with the plays it finished.  A
``progress`` callback hears about a long search twice a second.

**Sides.**  Four players form two partnerships; acorns8 with ``teams="fours"`` has two teams of
four.  With ``teams="pairs"`` (four teams of two) the solver treats the question as *the team
of interest against all other players together* (the other three pairs cooperate), which is
the usual "can they stop us" reading; it is documented on every result as ``side``.

**Trump breaking.**  ``enforce_trump_breaking=False`` lets trumps be led at any time, which turns
a 52-card position into plain bridge play with Spades as trump (used to compare with a bridge
double-dummy solver in the tests).
"""
from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.cards import Card, Play, card_words
from ..core.engine import Game, Hand, Phase
from ..core.errors import Rule, RuleError
from ..core.rules import RuleSet
from . import std52 as _std52
from .facts import (
    SUIT_BITS,
    card_power,
    first_break_sets_superior,
    first_trick_ban,
    lead_needs_breaking,
    nil_suit,
    rank_tables,
    superior_at_start,
    trump_bits,
)

__all__ = ["Position", "SolveResult", "PlayAnnotation", "NilCheck", "BidCheck", "Solver",
           "SearchProgress", "BudgetExceeded", "solve", "annotate_hand", "can_keep_nil",
           "can_make_bid", "ACCELERATED"]

#: the general search in C (``_generalc``), or None: it runs in Python
_GENERAL = _std52.load_accelerator("_generalc")
#: True when both compiled searches (``_std52c``, ``_generalc``) are built and not switched off
ACCELERATED: bool = _std52._ACCEL is not None and _GENERAL is not None

#: whether general searches made from now on keep partition (winning-rank) entries
_PARTITION = [True]


def set_partition(on: bool) -> bool:
    """Whether solvers made from now on keep partition (winning-rank) entries in their general
    search, in Python and in C alike (``Solver(partition=None)``; on by default; off, both keep
    exact relative-rank entries); returns the previous setting.  Either way the Python and the
    compiled search give the same answers after the same nodes."""
    old = _PARTITION[0]
    _PARTITION[0] = bool(on)
    return old


# ---------------------------------------------------------------------------- tables


class _Tables:
    """Per-rule-set data for the search, all derived from the engine's deck and rank data."""

    _cache: dict[tuple[Any, ...], _Tables] = {}

    @classmethod
    def of(cls, rules: RuleSet) -> _Tables:
        key = (rules.deck.name, rules.deck.travelers_hunters, rules.th_low,
               rules.superior_by_first_break, rules.trumps)
        hit = cls._cache.get(key)
        if hit is None:
            hit = cls._cache[key] = cls(rules)
        return hit

    def __init__(self, rules: RuleSet) -> None:
        low, high = rank_tables(rules)
        deck = rules.deck
        self.ace_flips = bool(deck.ace_flips)
        suit_pos = {s: i for i, s in enumerate(deck.suits)}
        cards = sorted(deck.cards, key=lambda c: (c.is_dual, suit_pos[c.suit], low[c], c.code))
        self.cards: tuple[Card, ...] = tuple(cards)
        self.index: dict[Card, int] = {c: i for i, c in enumerate(cards)}
        n = len(cards)
        self.bits = [c.bits for c in cards]
        self.face = [bool(c.is_face) for c in cards]
        self.rlow = [low[c] for c in cards]
        self.rhigh = [high[c] for c in cards]
        # ranks used by the winner test: both tables equal when the Ace does not flip
        self.rank_any_face = self.rhigh if self.ace_flips else self.rlow
        self.play_bits: list[tuple[int, ...]] = [tuple(p.bit for p in c.all_plays) for c in cards]
        self.default_bit = [c.play.bit for c in cards]
        self.play_obj: dict[tuple[int, int], Play] = {
            (i, p.bit): p for i, c in enumerate(cards) for p in c.all_plays}
        self.suit_mask: dict[int, int] = {}
        for s in deck.suits:
            b = SUIT_BITS[s]
            self.suit_mask[b] = sum(1 << i for i in range(n) if self.bits[i] & b)
        self.trumps = trump_bits(rules)
        #: the superior trump before any is broken; whether the first trump broken sets it
        self.sup_start = superior_at_start(rules)
        self.sup_by_break = first_break_sets_superior(rules)
        self.dual_mask = sum(1 << i for i in range(n) if cards[i].is_dual)
        # equivalence: cards of the same suits and face-ness, and the cards lying between two
        # of them in either rank order (the Ace low and the Ace high); ``between`` is kept for
        # every two cards of the same suits (face-ness matters only while an Ace can flip)
        self.group = [(self.bits[i], self.face[i]) for i in range(n)]
        self.between: dict[tuple[int, int], int] = {}
        for i in range(n):
            for j in range(n):
                if i == j or self.bits[i] != self.bits[j]:
                    continue
                m = 0
                for k in range(n):
                    if k in (i, j) or not self.bits[k] & self.bits[i]:
                        continue
                    lo1, hi1 = sorted((self.rlow[i], self.rlow[j]))
                    lo2, hi2 = sorted((self.rhigh[i], self.rhigh[j]))
                    if lo1 <= self.rlow[k] <= hi1 or lo2 <= self.rhigh[k] <= hi2:
                        m |= 1 << k
                self.between[(i, j)] = m
        # cards of suit bit b ranking above card i in either order (for "top card" ordering)
        self.above: dict[tuple[int, int], int] = {}
        for i in range(n):
            for b in self.play_bits[i]:
                m = 0
                for k in range(n):
                    if k != i and self.bits[k] & b and (self.rlow[k] >= self.rlow[i]
                                                        or self.rhigh[k] >= self.rhigh[i]):
                        m |= 1 << k
                self.above[(i, b)] = m
        # relative-rank normalisation for the transposition key: per suit, the remaining
        # cards of that suit (Travelers/Hunters in both of theirs) from low to high, encoded as
        # holder and kind (plain, face, Ace, Traveler, Hunter); the kinds keep the Ace-high
        # order and the face cards implied, so positions with equal codes are the same game
        self.suit_order: list[tuple[int, list[int]]] = []
        for s in deck.suits:
            b = SUIT_BITS[s]
            members = sorted((i for i in range(n) if self.bits[i] & b),
                             key=lambda i: (self.rlow[i], i))
            self.suit_order.append((sum(1 << i for i in members), members))
        self.kind = []
        for c in cards:
            if c.is_dual:
                k = 3 if c.rank == "T" else 4
            elif c.is_ace and self.ace_flips:
                k = 2
            elif c.is_face and self.ace_flips:
                k = 1
            else:
                k = 0
            self.kind.append(k)
        # the Aces that may flip, and per Ace the other cards of its suit (see :func:`_live_ace`)
        self.aces = 0
        self.ace_suits: dict[int, int] = {}
        if self.ace_flips:
            for c_, k_ in enumerate(self.kind):
                if k_ == 2:
                    self.aces |= 1 << c_
                    self.ace_suits[c_] = self.suit_mask[self.default_bit[c_]] & ~(1 << c_)
        self._powers: dict[tuple[bool, int, int], dict[tuple[int, int], int]] = {}
        # suits that may trade places in a position: the non-trump suits whose single-suit
        # cards have the same ranks and kinds.  While no Traveler/Hunter of theirs remains,
        # renaming them changes nothing (legality and the trick decision only compare suits
        # for equality and ranks within a suit; no goal counts a non-trump suit)
        shape = {}
        for s in deck.suits:
            b = SUIT_BITS[s]
            shape[b] = tuple((self.rlow[i], self.rhigh[i], self.face[i], self.kind[i])
                             for i in range(n) if self.bits[i] == b)
        plain = [SUIT_BITS[s] for s in deck.suits if not SUIT_BITS[s] & self.trumps]
        self.suit_sym = [b in plain and shape[b] == shape[plain[0]]
                         for b in (SUIT_BITS[s] for s in deck.suits)]

    def power_table(self, high: bool, led: int, sup: int) -> dict[tuple[int, int], int]:
        """Each play's (card index, suit bit) :func:`~.facts.card_power` in a trick led in
        suit ``led`` with ``sup`` the superior trump, Aces high when ``high`` (built once)."""
        key = (high, led, sup)
        hit = self._powers.get(key)
        if hit is None:
            rv = self.rhigh if high else self.rlow
            inf = self.trumps & ~sup
            hit = self._powers[key] = {
                (c, b): card_power(rv[c], b, led, sup, inf) for (c, b) in self.play_obj}
        return hit

    def general_spec(self) -> tuple[list[int], ...]:
        """The deck as the compiled general search (``_generalc``) reads it: suit bits in deck
        order, which suits may trade places, the superior-trump states (none, then each trump),
        (trumps, first break sets the superior trump, Aces flip), then per card its suit bits,
        face-ness, ranks (Ace low, Ace high), kind, first and second playable suit, default
        suit, and last every play's card power in every trick context (Aces high or not, led
        suit, superior trump), from :meth:`power_table` (built once)."""
        hit: tuple[list[int], ...] | None = self.__dict__.get("_spec")
        if hit is not None:
            return hit
        suits = list(self.suit_mask)
        sups = [0] + [b for b in suits if b & self.trumps]
        power: list[int] = []
        for high in (False, True):
            for led in suits:
                for sup in sups:
                    table = self.power_table(high, led, sup)
                    for c, pbs in enumerate(self.play_bits):
                        power.append(table[(c, pbs[0])])
                        power.append(table[(c, pbs[1])] if len(pbs) > 1 else 0)
        spec = (suits, [int(x) for x in self.suit_sym], sups,
                [self.trumps, int(self.sup_by_break), int(self.ace_flips)], list(self.bits),
                [int(f) for f in self.face], list(self.rlow), list(self.rhigh), list(self.kind),
                [p[0] for p in self.play_bits], [p[1] if len(p) > 1 else 0 for p in self.play_bits],
                list(self.default_bit), power)
        self.__dict__["_spec"] = spec
        return spec

    def mask(self, cards: Iterable[Card]) -> int:
        m = 0
        for c in cards:
            m |= 1 << self.index[c]
        return m

    def cards_of(self, mask: int) -> list[Card]:
        out = []
        while mask:
            low = mask & -mask
            out.append(self.cards[low.bit_length() - 1])
            mask ^= low
        return out


_FAST_CACHE: dict[tuple[int, tuple[tuple[int, ...], ...]], Any] = {}


def _fast_tables(tab: _Tables, rules: RuleSet) -> Any:
    """The plain-deck fast path's layout, or None when the rule set needs the general search
    (kept per deck and seating: one deck serves four players and three each alone)."""
    key = (id(tab), rules.team_seats)
    if key not in _FAST_CACHE:
        _FAST_CACHE[key] = (_std52.FastTables(tab) if _std52.eligible(tab, rules)
                            else None)
    return _FAST_CACHE[key]


_BITS_CACHE: dict[int, list[int]] = {}


def _iter_bits(mask: int) -> list[int]:
    """The set bits of ``mask``, low to high (memoised; callers must not change the list)."""
    hit = _BITS_CACHE.get(mask)
    if hit is not None:
        return hit
    out = []
    m = mask
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    if len(_BITS_CACHE) > 500_000:
        _BITS_CACHE.clear()
    _BITS_CACHE[mask] = out
    return out


_popcount = _std52.popcount


# ---------------------------------------------------------------------------- equal cards


def _live_ace(tab: _Tables, hands: Sequence[int], trick: Sequence[tuple[int, int, int]]
              ) -> bool:
    """Whether a remaining Ace may still meet another card of its suit in a trick.

    The Ace's reading only matters in a trick where it meets another card of its suit (a
    Traveler/Hunter playable as that suit included), which another seat must play.  Once no
    remaining Ace can meet one (no other seat holds a card of its suit, nor is one on the
    table), no trick can depend on it, so whether a card is a face card no longer matters."""
    aces = tab.aces
    rem = 0
    for x in hands:
        rem |= x
    for _, c, _ in trick:
        rem |= 1 << c
    if not rem & aces:
        return False
    for x in hands:
        if x & aces:
            elsewhere = rem & ~x
            for a in _iter_bits(x & aces):
                if elsewhere & tab.ace_suits[a]:
                    return True
    for _, c, _ in trick:
        if aces >> c & 1 and rem & tab.ace_suits[c]:
            return True
    return False


def _merge_equal(tab: _Tables, seat: int, cand: Sequence[tuple[int, int]],
                 hands: Sequence[int], trick: Sequence[tuple[int, int, int]],
                 runs: dict[tuple[int, int], int] | None = None) -> list[tuple[int, int]]:
    """The plays ``cand`` of ``seat`` (legal, in :meth:`Solver.gen`'s order) with equal cards
    merged: the lowest of each run of cards that keep the same tricks whatever follows --
    played as the same suit, of the same suits, no card of another seat (nor one on the
    table) between them in either of the Ace's orders, and of the same face-ness while an Ace
    can still flip (:func:`_live_ace`).  ``runs`` (when given) gets, per play kept, the cards
    merged into it.  The search's merge (in C the same rule) and :meth:`Solver.play_classes`."""
    bits, between, face = tab.bits, tab.between, tab.face
    rem = 0
    for x in hands:
        rem |= x
    for _, c, _ in trick:
        rem |= 1 << c
    others = rem & ~hands[seat]
    # indices run from low to high within a suit, so neighbours in ``cand`` are the candidates
    reps: list[tuple[int, int]] = []
    prev = None
    live = None
    for m in cand:
        if prev is not None and prev[1] == m[1] and bits[prev[0]] == bits[m[0]] \
                and not between[(prev[0], m[0])] & others:
            same = True
            if face[prev[0]] != face[m[0]]:
                if live is None:
                    live = _live_ace(tab, hands, trick)
                same = not live
            if same:
                if runs is not None:
                    r_ = reps[-1]
                    runs[r_] = runs.get(r_, 0) | 1 << m[0]
                prev = m
                continue
        reps.append(m)
        prev = m
    return reps


# ---------------------------------------------------------------------------- positions


@dataclass(frozen=True)
class Position:
    """A position to analyse: the cards each seat holds, the trick on the table, whose turn it
    is, the broken trumps and the superior trump, and the cards each seat has won so far.

    Build one with :meth:`from_hand` / :meth:`from_game`, or directly for a constructed ending
    (``hands[i]`` are seat i's cards; ``trick`` is (seat, Play) pairs in the order played).
    """

    rules: RuleSet
    hands: tuple[tuple[Card, ...], ...]
    turn: int
    trick: tuple[tuple[int, Play], ...] = ()
    broken: tuple[str, ...] = ()
    superior: str | None = None
    won: tuple[tuple[Card, ...], ...] = ()
    taken: tuple[int, ...] = ()
    bids: tuple[Any, ...] = ()
    #: The trick on the table (or the next) is the hand's first (house rule
    #: ``spade_lead = not_first_trick`` keeps Spades out of it).
    first_trick: bool = False

    @classmethod
    def from_hand(cls, hand: Hand) -> Position:
        if hand.phase != Phase.PLAY or hand.turn is None:
            raise RuleError(Rule.WRONG_PHASE, "Double-dummy analysis needs a hand in its play "
                            "phase, with a seat to play.")
        rules = hand.rules
        return cls(rules=rules, hands=tuple(tuple(h) for h in hand.hands), turn=hand.turn,
                   trick=tuple(hand.trick),
                   broken=tuple(t for t in rules.trumps if hand.broken & SUIT_BITS[t]),
                   superior=hand.superior, won=tuple(tuple(w) for w in hand.won),
                   taken=tuple(hand.taken), bids=tuple(hand.bids), first_trick=not hand.tricks)

    @classmethod
    def from_game(cls, game: Game) -> Position:
        if game.hand is None:
            raise RuleError(Rule.WRONG_PHASE, "No hand has been dealt yet.")
        return cls.from_hand(game.hand)

    @property
    def remaining(self) -> int:
        """Tricks still to be decided, the one in progress included."""
        lead = self.trick[0][0] if self.trick else self.turn
        return len(self.hands[lead]) + (1 if self.trick else 0)


def _as_position(obj: Position | Game | Hand) -> Position:
    if isinstance(obj, Position):
        return obj
    if isinstance(obj, Game):
        return Position.from_game(obj)
    if isinstance(obj, Hand):
        return Position.from_hand(obj)
    raise TypeError(f"expected a Position, Game or Hand, not {type(obj).__name__}")


# ---------------------------------------------------------------------------- results


@dataclass(frozen=True)
class SolveResult:
    """``tricks``: the most the side to move can take of the ``remaining`` tricks (the one in
    progress included) against best defence; ``per_move``: that number after each legal play
    of the seat to move (Travelers/Hunters once per declaration)."""

    seat: int
    side: tuple[int, ...]
    remaining: int
    tricks: int
    per_move: dict[Play, int]
    #: False when a time or node budget ran out first: then ``tricks`` is only a lower bound
    #: (the side surely takes at least that many), ``upper`` the upper bound found so far, and
    #: ``per_move`` holds the moves valued exactly before the budget ran out (possibly none)
    exact: bool = True
    upper: int | None = None
    #: per legal play, (at least, at most) the tricks the side takes after it: (v, v) for the
    #: plays of ``per_move``; when not exact, the bounds each play got before the budget ran
    #: out (a play whose "at most" is below another's "at least" is certainly worse).  Empty
    #: when ``per_move`` was not asked for
    bounds: dict[Play, tuple[int, int]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.upper is None:
            object.__setattr__(self, "upper", self.tricks)
        if not self.bounds and self.per_move:
            object.__setattr__(self, "bounds", {p: (v, v) for p, v in self.per_move.items()})

    @property
    def worse_moves(self) -> tuple[Play, ...]:
        """The plays certainly worse than another: at most fewer tricks than another play
        surely keeps (exact or not)."""
        if not self.bounds:
            return ()
        best_low = max(lo for lo, _ in self.bounds.values())
        return tuple(p for p, (_, hi) in self.bounds.items() if hi < best_low)

    @property
    def best_moves(self) -> tuple[Play, ...]:
        return tuple(p for p, v in self.per_move.items() if v == self.tricks)

    def cost(self, play: Play) -> int:
        """Tricks lost by ``play`` against the best play here."""
        return self.tricks - self.per_move[play]


@dataclass(frozen=True)
class PlayAnnotation:
    """One play of a hand: ``best_tricks`` the side of ``seat`` could take from that point,
    ``played_tricks`` what it can take after the play made, ``cost`` the difference."""

    step: int
    trick: int
    seat: int
    play: Play
    best_tricks: int
    played_tricks: int
    cost: int


@dataclass(frozen=True)
class NilCheck:
    """Can the nil-type bidder ``seat`` be kept clean (no trick for a full nil; no card of
    ``suit`` for Nil Spades/Nil Acorns) to the end of the hand with best play by both sides?"""

    seat: int
    kind: str
    suit: str | None
    already_failed: bool
    can_keep: bool


@dataclass(frozen=True)
class BidCheck:
    """Can the partnership ``team`` still make ``bid``?  ``counted`` tricks already count
    toward it; ``max_more`` is the most counted tricks it can still take against best defence."""

    team: int
    seats: tuple[int, ...]
    bid: int
    counted: int
    needed: int
    max_more: int
    can_make: bool


@dataclass(frozen=True)
class SearchProgress:
    """Handed to a ``progress`` callback about twice a second during a long search: the nodes
    searched and seconds spent so far, and the bounds on the answer known so far (the side to
    move takes at least ``low`` and at most ``high`` tricks)."""

    nodes: int
    seconds: float
    low: int
    high: int


class BudgetExceeded(RuleError):
    """A time or node budget ran out before :func:`annotate_hand` finished; ``partial`` holds
    the plays annotated so far (every one of them exact)."""

    def __init__(self, message: str, partial: list[PlayAnnotation]) -> None:
        super().__init__(Rule.BUDGET_EXCEEDED, message)
        self.partial = partial


class _OutOfBudget(Exception):
    """Raised inside the search when the budget runs out (never escapes the public API)."""


# ---------------------------------------------------------------------------- the search


class _Goal:
    """What is counted: tricks won by a seat of ``count_seats`` (and, when ``suit_bit``, only
    tricks holding a card of that suit).  ``max_seats`` try to maximise the count."""

    __slots__ = ("max_mask", "count_mask", "suit_bit", "key")

    def __init__(self, max_seats: Iterable[int], count_seats: Iterable[int],
                 suit_bit: int = 0) -> None:
        self.max_mask = sum(1 << s for s in set(max_seats))
        self.count_mask = sum(1 << s for s in set(count_seats))
        self.suit_bit = suit_bit
        self.key = (self.max_mask, self.count_mask, suit_bit)


class Solver:
    """A double-dummy solver for one rule set.  Keeps its transposition tables between calls,
    so analysing many positions of one hand (as :func:`annotate_hand` does) reuses work."""

    def __init__(self, rules: RuleSet, *, enforce_trump_breaking: bool = True,
                 enhancements: bool = True, fast: bool = True, accelerated: bool = True,
                 partition: bool | None = None) -> None:
        #: ``enhancements=False`` turns off card merging, quick/sure-trick bounds and the
        #: relative-rank keys (a plain alpha-beta with exact keys, used to test them);
        #: ``fast=False`` keeps the 52-card decks off the fast path (``_solver_std``), so the
        #: tests can compare the two searches; ``accelerated=False`` runs both searches in pure
        #: Python even when their compiled twins (``_std52c``, ``_generalc``) are built;
        #: ``partition=False`` keeps the general search to exact relative-rank entries (no
        #: partition entries, in Python and in C; None: :func:`set_partition`'s setting)
        self.enhancements = enhancements
        self.partition = bool(enhancements and (_PARTITION[0] if partition is None
                                                else partition))
        self.rules = rules
        self.tab = _Tables.of(rules)
        self.n = rules.players
        #: house rules: bidding and play -- Spades may be led at any time (``spade_lead =
        #: any``) is the search without trump breaking
        self.enforce = enforce_trump_breaking and lead_needs_breaking(rules)
        #: ``left`` at the hand's first trick while the position analysed is in it under
        #: ``spade_lead = not_first_trick`` (set by :meth:`state`), else None
        self._first_left: int | None = None
        self._first_ban = first_trick_ban(rules)
        self.tts: dict[tuple[int, int, int], dict[Any, tuple[int, int]]] = {}
        self.nodes = 0
        #: how many partition entries of the Python general search got a lower bound above
        #: their upper bound (0 unless a set of winning ranks was unsound: the tests' canary)
        self.partition_conflicts = 0
        self._fast = _fast_tables(self.tab, rules) if enhancements and fast else None
        self._fast_fns: dict[tuple[int, int, int], Callable[..., bool]] = {}
        #: per goal of the fast path: a quick guess of a position's value (std52's estimate)
        self._fast_estimates: dict[tuple[int, int, int], Callable[..., int]] = {}
        #: the general search runs in C (``_generalc``), from the opening lead on
        self._general_c = bool(accelerated and enhancements and _GENERAL is not None)
        #: True when the trick-count search runs in C: the fast path (``_std52c``) on the
        #: 52-card presets, else the general search (the same answers and node counts as in
        #: Python)
        self.accelerated = (bool(accelerated and _std52.fits_accelerator(self._fast))
                            if self._fast is not None else self._general_c)
        #: the bounds on the value being searched at the top level (low, high), kept up to
        #: date so a caller interrupted by Ctrl-C can still report them
        self.last_bounds: tuple[int, int] = (0, 0)
        self._check_at = 1 << 62  # node count of the next budget check
        self._deadline: float | None = None
        self._node_cap: int | None = None
        self._progress: Callable[[SearchProgress], None] | None = None
        self._t0 = 0.0
        self._next_report = 0.0

    # ------------------------------------------------------------------ budget
    def _arm(self, time_limit: float | None, node_limit: int | None,
             progress: Callable[[SearchProgress], None] | None) -> None:
        if time_limit is not None and time_limit <= 0:
            raise RuleError(Rule.BAD_BUDGET, "A time limit must be a positive number of seconds.")
        if node_limit is not None and node_limit <= 0:
            raise RuleError(Rule.BAD_BUDGET, "A node limit must be a positive number.")
        self._t0 = time.monotonic()
        self._deadline = None if time_limit is None else self._t0 + time_limit
        self._node_cap = None if node_limit is None else self.nodes + node_limit
        self._progress = progress
        self._next_report = self._t0 + 0.5
        armed = time_limit is not None or node_limit is not None or progress is not None
        self._check_at = self.nodes + 256 if armed else 1 << 62

    def _disarm(self) -> None:
        self._deadline = self._node_cap = self._progress = None
        self._check_at = 1 << 62

    def _tick(self, nodes: int) -> None:
        """Called every few hundred nodes while a budget or progress callback is armed."""
        self._check_at = nodes + 256
        if self._node_cap is not None and nodes >= self._node_cap:
            raise _OutOfBudget
        now = time.monotonic()
        if self._deadline is not None and now >= self._deadline:
            raise _OutOfBudget
        if self._progress is not None and now >= self._next_report:
            self._next_report = now + 0.5
            lo, hi = self.last_bounds
            self._progress(SearchProgress(nodes=nodes, seconds=now - self._t0, low=lo,
                                          high=hi))

    # ------------------------------------------------------------------ state
    def state(self, pos: Position) -> tuple[list[int], tuple[tuple[int, int, int], ...], int,
                                             int, int, int]:
        """(hands, trick, turn, broken, superior bit, tricks left) for the search."""
        tab = self.tab
        if pos.rules.deck is not self.rules.deck or pos.rules.players != self.n:
            raise RuleError(Rule.BAD_POSITION, "The position belongs to another rule set.")
        if len(pos.hands) != self.n:
            raise RuleError(Rule.BAD_POSITION, f"A position gives {self.n} hands, one per seat.")
        hands = []
        seen = 0
        for h in pos.hands:
            m = 0
            for c in h:
                if c not in tab.index:
                    raise RuleError(Rule.UNKNOWN_CARD, f"{c} is not a card of the "
                                    f"{self.rules.deck.label}.")
                b = 1 << tab.index[c]
                if (m | seen) & b:
                    raise RuleError(Rule.BAD_POSITION,
                                    f"{card_words(c, start=True)} is held twice.")
                m |= b
            seen |= m
            hands.append(m)
        trick = []
        for seat, p in pos.trick:
            b = 1 << tab.index[p.card]
            if seen & b:
                raise RuleError(Rule.BAD_POSITION,
                                f"{card_words(p.card, start=True)} is both held and played.")
            seen |= b
            trick.append((seat, tab.index[p.card], p.bit))
        k = len(trick)
        lead = trick[0][0] if trick else pos.turn
        sizes = [_popcount(h) for h in hands]
        for i in range(k):
            if trick[i][0] != (lead + i) % self.n:
                raise RuleError(Rule.BAD_POSITION, "The trick's plays are not in seat order.")
        if (lead + k) % self.n != pos.turn:
            raise RuleError(Rule.BAD_POSITION, "The seat to play does not follow the trick.")
        left = sizes[lead] + (1 if k else 0)
        for i in range(self.n):
            played = 1 if (i - lead) % self.n < k else 0
            if sizes[i] + played != left:
                raise RuleError(Rule.BAD_POSITION, "The seats hold different numbers of cards.")
        broken = 0
        for t in pos.broken:
            broken |= SUIT_BITS[t]
        if pos.superior:
            sup = SUIT_BITS[pos.superior]
        else:
            sup = tab.sup_start
        self._first_left = left if self._first_ban and pos.first_trick else None
        return hands, tuple(trick), pos.turn, broken, sup, left

    # ------------------------------------------------------------------ rules (mirrors)
    def gen(self, seat: int, hands: Sequence[int], trick: Sequence[tuple[int, int, int]],
            broken: int) -> list[tuple[int, int]]:
        """Every legal (card index, suit bit) for ``seat``: mirrors ``Hand._compute_legal``."""
        tab = self.tab
        h = hands[seat]
        if trick:
            L = trick[0][2]
            f = h & tab.suit_mask[L]
            if f:
                return [(c, L) for c in _iter_bits(f)]
            return [(c, b) for c in _iter_bits(h) for b in tab.play_bits[c]]
        ub = tab.trumps & ~broken if self.enforce else 0
        if ub:
            out = [(c, b) for c in _iter_bits(h) for b in tab.play_bits[c] if not b & ub]
            if out:
                return out
            return [(c, tab.default_bit[c]) for c in _iter_bits(h)]
        return [(c, b) for c in _iter_bits(h) for b in tab.play_bits[c]]

    # house rules: bidding and play
    def moves_at(self, seat: int, hands: Sequence[int], trick: Sequence[tuple[int, int, int]],
                 broken: int, left: int) -> list[tuple[int, int]]:
        """:meth:`gen`, with Spades kept out of the hand's first trick where the house rule
        says so (mirrors ``tricks.legal_set``'s ``banned``): unless following them or
        holding nothing else."""
        out = self.gen(seat, hands, trick, broken)
        ban = self._first_ban
        if ban and left == self._first_left:
            if trick and hands[seat] & self.tab.suit_mask[trick[0][2]]:
                return out  # following suit
            keep = [m for m in out if not m[1] & ban]
            if keep:
                return keep
        return out

    def _classes(self, state: tuple[Any, ...]) -> tuple[list[tuple[int, int]], list[int]]:
        """The legal plays at ``state`` (:meth:`moves_at`, in its order) and, per play, the
        place in that list of the lowest card of its class of equal cards
        (:func:`_merge_equal`, the search's own merge): every play of a class keeps the same
        tricks.  Without ``enhancements`` each play is a class of its own."""
        hands, trick, seat, broken, _, left = state
        moves = self.moves_at(seat, hands, trick, broken, left)
        lead = list(range(len(moves)))
        if not self.enhancements or len(moves) == 1:
            return moves, lead
        runs: dict[tuple[int, int], int] = {}
        for r in _merge_equal(self.tab, seat, moves, hands, trick, runs):
            i = moves.index(r)
            for j, m in enumerate(moves):
                if m[1] == r[1] and runs.get(r, 0) >> m[0] & 1:
                    lead[j] = i
        return moves, lead

    def play_classes(self, position: Position | Game | Hand) -> tuple[tuple[Play, ...], ...]:
        """The legal plays of the seat to play in classes of equal cards: cards of one suit
        with no other seat's card between them (nor one on the table), played as the same
        suit, so that every play of a class keeps the same tricks whatever follows.  A class
        of one is a card unlike any other; one class holding every play means the choice
        cannot matter.

        >>> import random
        >>> g = Game("standard"); g.deal(rng=random.Random(3))
        >>> for b in (3, 4, 3, 3): g.bid(b)
        >>> classes = Solver(g.rules).play_classes(g)
        >>> [" ".join(str(p) for p in c) for c in classes]
        ['6H 7H', '10H', 'KH', '7D', '9D', '6C 7C', '10C JC']
        >>> sum(len(c) for c in classes) == len(g.legal_plays())
        True
        """
        moves, lead = self._classes(self.state(_as_position(position)))
        play = self.tab.play_obj
        return tuple(tuple(play[m] for j, m in enumerate(moves) if lead[j] == i)
                     for i in sorted(set(lead)))

    def _ban_binds(self, state: tuple[Any, ...]) -> bool:
        """Whether the first-trick ban may change a legal set in the rest of this trick: always
        at the lead (the led suit decides who is void), else when a seat still to play is void
        in the led suit and holds Spades and other cards.  Where it cannot, the usual search
        answers (its moves are the legal ones)."""
        hands, trick, turn, _, _, _ = state
        if not trick:
            return True
        tab = self.tab
        led = tab.suit_mask[trick[0][2]]
        ban = tab.suit_mask[self._first_ban]
        for k in range(self.n - len(trick)):
            h = hands[(turn + k) % self.n]
            if not h & led and h & ban and h & ~ban:
                return True
        return False

    def _first_trick_value(self, goal: _Goal, state: tuple[Any, ...]) -> int:
        """The exact value of a position in the hand's first trick under ``spade_lead =
        not_first_trick``: the rest of that trick searched move by move (:meth:`moves_at`),
        each position after it by the usual search (later tricks have the seed rules)."""
        hands, trick, turn, broken, sup, left = state
        maxing = bool(goal.max_mask >> turn & 1)
        best: int | None = None
        for c, b in self.moves_at(turn, hands, trick, broken, left):
            child, cnt = self._after(state, c, b, goal)
            v = cnt + self._value(goal, child)
            if best is None or (v > best if maxing else v < best):
                best = v
        assert best is not None
        return best
    # end house rules: bidding and play

    def winner(self, trick: Sequence[tuple[int, int, int]], sup: int) -> int:
        """The seat winning ``trick`` (seat, card index, suit bit): mirrors
        ``Hand._finish_trick`` / :func:`~spades_lab.core.engine.trick_winner`."""
        tab = self.tab
        high = False
        if tab.ace_flips:
            face = tab.face
            for _, c, _ in trick:
                if face[c]:
                    high = True
                    break
        pw = tab.power_table(high, trick[0][2], sup)
        best = -10**6
        w = trick[0][0]
        for s, c, b in trick:
            k = pw[(c, b)]
            if k > best:
                best = k
                w = s
        return w

    # ------------------------------------------------------------------ search
    def _search_fn(self, goal: _Goal) -> Callable[..., bool]:
        if self._fast is not None and goal.max_mask == goal.count_mask and not goal.suit_bit:
            return self._fast_search_fn(goal)
        return self._general_search_fn(goal)

    def _fast_search_fn(self, goal: _Goal) -> Callable[..., bool]:
        """The trick-count search of the plain-deck fast path (``_solver_std``)."""
        hit = self._fast_fns.get(goal.key)
        if hit is not None:
            return hit
        ft = self._fast
        assert ft is not None
        counter, tick = self._budget_hooks()
        self_ = self
        fs = _std52.make_fast_search(ft, goal.max_mask, self.enforce, counter, tick,
                                     self.accelerated)
        enforce = self.enforce
        tbit = ft.tbit

        def search(hands: list[int], trick: tuple[tuple[int, int, int], ...], turn: int,
                   broken: int, sup: int, left: int, t: int) -> bool:
            leader = trick[0][0] if trick else turn
            b = 1 if enforce and broken & tbit else 0
            counter[1] = self_._check_at - self_.nodes
            try:
                r: bool = fs(hands, tuple(c for _, c, _ in trick), leader, b, left, t)
            finally:
                self_.nodes += counter[0]
                counter[0] = 0
            return r

        def estimate(hands: list[int], trick: tuple[tuple[int, int, int], ...], turn: int,
                     broken: int, sup: int, left: int) -> int:
            leader = trick[0][0] if trick else turn
            b = 1 if enforce and broken & tbit else 0
            guess: int = fs.estimate(hands, tuple(c for _, c, _ in trick), leader, b, left)
            return guess

        self._fast_fns[goal.key] = search
        self._fast_estimates[goal.key] = estimate
        return search

    def _budget_hooks(self) -> tuple[list[int], Callable[[], None]]:
        """The budget contract of a compiled search: ``counter[0]`` counts the nodes of the
        current call, ``counter[1]`` is the count at which it calls ``tick`` (the solver's
        :meth:`_tick`, which may raise)."""
        counter = [0, 1 << 62]

        def tick() -> None:
            self._tick(self.nodes + counter[0])
            counter[1] = self._check_at - self.nodes

        return counter, tick

    def _general_search_fn(self, goal: _Goal) -> Callable[..., bool]:
        # one search function per goal for the solver's life, like its table: the key memo
        # and the code cache below stay warm from one call to the next
        made: dict[tuple[int, int, int], Callable[..., bool]] = self.__dict__.setdefault(
            "_general_fns", {})
        hit = made.get(goal.key)
        if hit is not None:
            return hit
        tab = self.tab
        n = self.n
        tt = self.tts.setdefault(goal.key, {})
        max_mask = goal.max_mask
        count_mask = goal.count_mask
        suit_bit = goal.suit_bit
        suit_cards = tab.suit_mask[suit_bit] if suit_bit else 0
        trumps = tab.trumps
        acorns = tab.sup_by_break
        ace_flips = tab.ace_flips
        face = tab.face
        rlow = tab.rlow
        suit_mask = tab.suit_mask
        gen = self.gen
        above = tab.above
        enforce = self.enforce
        kinds = tab.kind
        suit_order = tab.suit_order
        power_table = tab.power_table
        suit_sym = tab.suit_sym
        bits = tab.bits
        dual_mask = tab.dual_mask
        code_cache: dict[tuple[int, ...], int] = {}
        nseat = range(n)
        enh = self.enhancements
        merge_equal = _merge_equal
        quick = goal.max_mask == goal.count_mask and not suit_bit and enh
        side_of = [0] * n
        for s_ in range(n):
            side_of[s_] = max_mask if max_mask >> s_ & 1 else ((1 << n) - 1) & ~max_mask
        trump_cards = 0
        for tb in (SUIT_BITS[t] for t in self.rules.trumps):
            trump_cards |= suit_mask[tb]
        lead_suits = [b for b in suit_mask]
        slot_of = {b: i for i, b in enumerate(lead_suits)}
        self_ = self

        def encode(sub: tuple[int, ...], members: list[int], kinds: list[int]) -> int:
            code = 0
            for c in members:
                b = 1 << c
                for s_ in nseat:
                    if sub[s_] & b:
                        code = code * 64 + s_ * 5 + kinds[c] + 1
                        break
            return code

        # Once no remaining Ace can meet another card of its suit (:func:`_live_ace`), whether a
        # card is a face card no longer matters: keys then drop that difference (``kinds0``)
        # and equivalent cards merge across it (:func:`_merge_equal`)
        aces = tab.aces
        kinds0 = [k_ if k_ > 2 else 0 for k_ in kinds]
        code_cache0: dict[tuple[int, ...], int] = {}

        # exact position -> its relative-rank key (many probes repeat an exact position)
        key_memo: dict[tuple[int, ...], Any] = {}

        def tkey(hands: list[int], turn: int, broken: int, sup: int) -> Any:
            exact = (*hands, turn, broken, sup)
            if not enh:
                return exact
            hit = key_memo.get(exact)
            if hit is not None:
                return hit
            rem = 0
            for x in hands:
                rem |= x
            live = _live_ace(tab, hands, ())
            cache, kk = (code_cache, kinds) if live else (code_cache0, kinds0)
            parts: list[Any] = [turn, broken, sup, live]
            sym = []  # codes of the interchangeable suits (tab.suit_sym), in any order
            for i, (sm, members) in enumerate(suit_order):
                code = 0
                if rem & sm:
                    sub = tuple([x & sm for x in hands])
                    got = cache.get(sub)
                    if got is None:
                        if len(cache) > 1_000_000:
                            cache.clear()
                        got = cache[sub] = encode(sub, members, kk)
                    code = got
                if suit_sym[i] and not rem & sm & dual_mask:
                    sym.append(code)
                    parts.append(-1)
                else:
                    parts.append(code)
            sym.sort()
            parts.append(tuple(sym))
            out = tuple(parts)
            if len(key_memo) > 250_000:
                key_memo.clear()
            key_memo[exact] = out
            return out

        min_mask = ((1 << n) - 1) & ~max_mask
        sup_only = {b: sum(1 << i for i in range(len(tab.bits)) if tab.bits[i] == b)
                    for b in suit_mask}
        single = sup_only  # the cards of one suit only (no Traveler/Hunter)
        # per superior trump: the other trumps (bit, single-suit cards)
        inf_of = {sb: [(ib, single[ib]) for ib in suit_mask if ib & trumps and ib != sb]
                  for sb in suit_mask if sb & trumps}

        def sure_tricks(hands: list[int], side: int, sup: int,
                        qrel: list[int] | None = None) -> int:
            """Cards of the superior trump (single-suit) above every opposing card of that
            suit win whatever trick they fall in; so do single-suit cards of the other trump
            above every opposing card of it when no opponent holds a card playable as the
            superior trump (a trick then holds superior trumps of the side only, or none).  One
            seat's such cards fall in different tricks, so the best seat's count is a sure
            number of tricks for the side.

            ``qrel`` (when given) gets the cards whose ranks the count read: in each suit where
            it counted a card, the opponents' highest card in the partition key's order (it and
            the cards above it decide which cards are above every opposing one, in both rank
            orders).  A position keeping those cards counts as many or more, so the bound
            holds for it too."""
            opp = 0
            for s_ in nseat:
                if not side >> s_ & 1:
                    opp |= hands[s_]
            best = 0
            sm = sup_only[sup]
            infs = [] if opp & suit_mask[sup] else inf_of[sup]
            got = 0  # the suits (slot bits) where a card was counted
            for s_ in nseat:
                if side >> s_ & 1:
                    cnt = 0
                    for c in _iter_bits(hands[s_] & sm):
                        if not above[(c, sup)] & opp:
                            cnt += 1
                            got |= 1 << slot_of[sup]
                    for ib, im in infs:
                        for c in _iter_bits(hands[s_] & im):
                            if not above[(c, ib)] & opp:
                                cnt += 1
                                got |= 1 << slot_of[ib]
                    if cnt > best:
                        best = cnt
            if qrel is not None:
                for si in _iter_bits(got):
                    qrel[0] |= top_opp(si, opp)
            return best

        def quick_tricks(hands: list[int], leader: int, broken: int, sup: int,
                         qrel: list[int] | None = None) -> int:
            """Tricks the leader's side surely takes by cashing top cards from the lead.
            ``qrel`` (when given) gets the opponents' top card (the partition key's order) of
            each suit the count looked at a top card in: a suit without one adds nothing, and a
            position where it has some counts as much or more, unless a Traveler/Hunter of the
            leader's could then be counted in it and missed in a later suit (so with one in
            the leader's hand every suit the leader holds)."""
            mine = side_of[leader]
            opp = 0
            opp_seats = []
            part = []
            for s_ in nseat:
                if mine >> s_ & 1:
                    if s_ != leader:
                        part.append(hands[s_])
                else:
                    opp |= hands[s_]
                    opp_seats.append(hands[s_])
            h = hands[leader]
            ub = trumps & ~broken if enforce else 0
            clean = 0
            unclean = 0
            duals = h & dual_mask
            used = 0  # a Traveler/Hunter is top in both its suits but cashes only once
            for xi, X in enumerate(lead_suits):
                if X & ub:
                    continue
                xs = h & suit_mask[X] & ~used
                if not xs:
                    continue
                k = 0
                tops = 0
                over = 0
                for c in _iter_bits(xs):
                    if above[(c, X)] & opp:
                        continue
                    k += 1
                    tops |= 1 << c
                    over |= above[(c, X)]
                if qrel is not None and (k or duals):
                    qrel[0] |= top_opp(xi, opp)
                if not k:
                    continue
                if X != sup:  # an opponent void in X holding a trump could ruff
                    for o in opp_seats:
                        if o & trump_cards:
                            # its Travelers/Hunters may have gone on their other suit
                            k = min(k, _popcount(o & single[X]))
                    if not k:
                        continue
                used |= tops
                ok = True
                for pt in part:
                    if _popcount(pt & single[X]) < k or pt & over:
                        ok = False
                        break
                if ok:
                    clean += k
                else:
                    unclean = 1
            return clean + unclean

        def moves(seat: int, hands: list[int], trick: tuple[tuple[int, int, int], ...],
                  broken: int, sup: int, runs: dict[tuple[int, int], int] | None = None
                  ) -> list[tuple[int, int]]:
            """The plays to search, equivalent cards merged and the rest ordered; ``runs``
            (when given) gets, per play kept, the cards merged into it (none: no entry)."""
            cand = gen(seat, hands, trick, broken)  # the legal plays (the tested generator)
            if len(cand) == 1 or not enh:
                return cand
            reps = merge_equal(tab, seat, cand, hands, trick, runs)
            if len(reps) == 1:
                return reps
            # move ordering
            maxing = max_mask >> seat & 1
            me_good = bool(count_mask >> seat & 1) == bool(maxing)
            if not trick:
                if me_good:
                    mine = side_of[seat]
                    opp = 0
                    pmask = 0
                    for s_ in nseat:
                        if mine >> s_ & 1:
                            if s_ != seat:
                                pmask |= hands[s_]
                        else:
                            opp |= hands[s_]

                    opp_seats = [hands[s_] for s_ in nseat if not mine >> s_ & 1]
                    par_seats = [hands[s_] for s_ in nseat if mine >> s_ & 1 and s_ != seat]

                    def lead_key(m: tuple[int, int]) -> tuple[int, int]:
                        """Leads by kind: a side suit's winners (high first); a side suit
                        partner wins or ruffs in, low first; any other side suit, low first;
                        then the trumps, the others low first before the top ones high first;
                        last the side suits an opponent can ruff (docs/benchmarks.md, "The
                        general search's lead order", measures each against the others)."""
                        c, b = m
                        win = not above[m] & opp
                        if b & trumps:
                            return (30, -rlow[c]) if win else (25, rlow[c])
                        sb = suit_mask[b]
                        if win:
                            cat, v = 0, -rlow[c]
                        else:
                            cat, v = 20, rlow[c]
                            pt = pmask & sb
                            while pt:
                                low = pt & -pt
                                if not above[(low.bit_length() - 1, b)] & opp:
                                    cat = 10
                                    break
                                pt ^= low
                            if cat == 20:
                                for p_ in par_seats:
                                    if not p_ & sb and p_ & trump_cards:
                                        cat = 10
                                        break
                        # a suit an opponent can ruff (void in it, holding a trump) comes last
                        for o in opp_seats:
                            if not o & sb and o & trump_cards:
                                cat += 50
                                break
                        return (cat, v)
                    reps.sort(key=lead_key)
                else:
                    reps.sort(key=lambda m: rlow[m[0]])
                return reps
            tface = False
            if ace_flips:
                for _, c, _ in trick:
                    if face[c]:
                        tface = True
                        break
            pw = power_table(tface, trick[0][2], sup)
            best = -10**6
            w = trick[0][0]
            wc = wb = 0
            for s, c, b in trick:
                p = pw[(c, b)]
                if p > best:
                    best, w, wc, wb = p, s, c, b
            w_good = bool(count_mask >> w & 1) == bool(maxing)
            if w_good and me_good and len(trick) + 1 < n:
                # partner wins so far: an opponent still to play who can beat the card makes
                # this seat try to win it itself first ("third hand high")
                mine = side_of[seat]
                later = 0
                for j in range(1, n - len(trick)):
                    s_ = (seat + j) % n
                    if not mine >> s_ & 1:
                        later |= hands[s_]
                if later & above[(wc, wb)] or (not wb & trumps and later & trump_cards
                                               and not later & suit_mask[trick[0][2]]):
                    w_good = False
            pk = pw
            if me_good:
                # a discard: keep the side's winners of other suits for later, and discard from
                # the seat's shortest suit first (a void to ruff in later)
                mine = side_of[seat]
                opp_all = 0
                for s_ in nseat:
                    if not mine >> s_ & 1:
                        opp_all |= hands[s_]
                led = trick[0][2]
                h = hands[seat]
                pk = {}
                for m in reps:
                    p_ = pw[m]
                    if m[1] != led and not m[1] & trumps:
                        if not above[m] & opp_all:
                            p_ += 500
                        p_ += 20 * _popcount(h & suit_mask[m[1]])
                    pk[m] = p_
            if w_good:
                reps.sort(key=pk.__getitem__)
            elif me_good:
                reps.sort(key=lambda m: (pk[m] < best, pk[m]))
            else:
                reps.sort(key=lambda m: (pw[m] > best, -pw[m]))
            return reps

        def count_of(trick: tuple[tuple[int, int, int], ...], w: int) -> int:
            """What a finished trick won by ``w`` counts for the goal."""
            if not count_mask >> w & 1:
                return 0
            if not suit_bit:
                return 1
            for _, cc, _ in trick:
                if suit_cards >> cc & 1:
                    return 1
            return 0

        # The transposition look-ahead ("enhanced transposition cutoff"): at the last card of
        # a trick, the table is read for the position after each play before any is searched.
        # A play the table (or the trick's count) already decides for the side to play cuts
        # off at once; one it decides against is not searched (its search would stop at that
        # entry); the others are searched in the usual order.
        def search(hands: list[int], trick: tuple[tuple[int, int, int], ...], turn: int,
                   broken: int, sup: int, left: int, t: int) -> bool:
            self_.nodes += 1
            if self_.nodes >= self_._check_at:
                self_._tick(self_.nodes)
            key = None
            lo = 0
            hi = left
            if t <= 0:
                return True
            if t > left:
                return False
            if not trick:
                key = tkey(hands, turn, broken, sup)
                e = tt.get(key)
                if e is not None:
                    lo, hi = e
                    if lo >= t:
                        return True
                    if hi < t:
                        return False
                elif quick:
                    # the bounds go into the table at once: a later visit finds them there
                    q = quick_tricks(hands, turn, broken, sup)
                    qmax = sure_tricks(hands, max_mask, sup) if sup else 0
                    qmin = sure_tricks(hands, min_mask, sup) if sup else 0
                    if max_mask >> turn & 1:
                        qmax = max(q, qmax)
                    else:
                        qmin = max(q, qmin)
                    if qmax > lo:
                        lo = qmax
                    if qmin and left - qmin < hi:
                        hi = left - qmin
                    tt[key] = (lo, hi)
                    if lo >= t:
                        return True
                    if hi < t:
                        return False
            maxing = max_mask >> turn & 1
            result = not maxing
            k = len(trick)
            nxt = (turn + 1) % n
            h = hands[turn]
            mv = moves(turn, hands, trick, broken, sup)
            if k + 1 == n and len(mv) > 1 and enh:
                # the last card of a trick: the transposition look-ahead (see below)
                keep = []
                for c, b in mv:
                    nb, ns = broken, sup
                    if b & trumps and not b & broken:
                        nb = broken | b
                        if acorns and not sup:
                            ns = b
                    t2 = trick + ((turn, c, b),)
                    w = self_.winner(t2, ns)
                    need = t - count_of(t2, w)
                    v = -1
                    if need <= 0:
                        v = 1
                    elif need > left - 1:
                        v = 0
                    else:
                        hands[turn] = h ^ (1 << c)
                        e = tt.get(tkey(hands, w, nb, ns))
                        hands[turn] = h
                        if e is not None:
                            v = 1 if e[0] >= need else 0 if e[1] < need else -1
                    if v == maxing:
                        return bool(maxing)
                    if v < 0:
                        keep.append((c, b))
                mv = keep
            for c, b in mv:
                hands[turn] = h ^ (1 << c)
                nb, ns = broken, sup
                if b & trumps and not b & broken:
                    nb = broken | b
                    if acorns and not sup:
                        ns = b
                t2 = trick + ((turn, c, b),)
                if k + 1 == n:
                    w = self_.winner(t2, ns)
                    cnt = 0
                    if count_mask >> w & 1:
                        if not suit_bit:
                            cnt = 1
                        else:
                            for _, cc, _ in t2:
                                if suit_cards >> cc & 1:
                                    cnt = 1
                                    break
                    r = search(hands, (), w, nb, ns, left - 1, t - cnt)
                else:
                    r = search(hands, t2, nxt, nb, ns, left, t)
                hands[turn] = h
                if r == bool(maxing):
                    result = bool(maxing)
                    break
            if key is not None:
                if result:
                    lo = max(lo, t)
                else:
                    hi = min(hi, t - 1)
                tt[key] = (lo, hi)
            return bool(result)

        # ------------------------------------------------------------ partition search
        # Partition search ("winning ranks", as in DDS and the 52-card path; the compiled
        # twin's psearch, line by line): each search also returns the cards whose ranks its
        # answer depended on (rel): the winner of every trick it decided by rank (another card
        # of the same played suit in the trick), the cards an entry's answer depended on, and
        # a merged run of equivalent cards when its answer depended on their place.  The entry
        # stored keys on the coarse position (turn, trumps, whether an Ace can flip, and per
        # suit the multiset of its remaining cards' codes: holder and kind) and, per suit, the
        # codes of the top kk cards, kk counted from the lowest relevant card of that suit up
        # (a Traveler or Hunter in both of its suits).  A position whose coarse key is equal
        # and whose top kk cards of every suit have the same holders and kinds has the same
        # answer: map its cards to the entry's position keeping the holders and kinds (its low
        # cards to low cards); every trick the search decided by rank was won by a kept card
        # over cards below it in both positions, every other trick by a played suit only;
        # legality reads suits only.  When unsure, more cards are kept.
        part = self.partition
        # per suit (deck order), its cards low to high in the partition key's order: the
        # Ace-high one (a flipping Ace at the top: a relevant Ace keeps only itself), the
        # Ace-low one read from the kinds (the card below the Ace-low is a kind of its own,
        # and the Ace's holder is in the coarse key); a Traveler/Hunter after a single-suit
        # card of its rank
        porder = [tuple([c for c in members if not aces >> c & 1]
                        + [c for c in members if aces >> c & 1])
                  for _, members in suit_order]
        # the kept cards' codes: the kinds, and 5 for the card below its suit's Ace-low (the
        # 0: the one card the Ace-low beats) while an Ace can flip (kinds0 once none can)
        kinds_p = list(kinds)
        if ace_flips:
            for c_, b_ in enumerate(bits):
                if not b_ & (b_ - 1) and any(kinds[a] == 2 and bits[a] == b_ and rlow[c_] < rlow[a]
                                             for a in range(len(bits))):
                    kinds_p[c_] = 5
        # each card's place in the partition key's order of each of its suits
        ppos = [{c: i for i, c in enumerate(po)} for po in porder]
        pc_cache: list[dict[int, tuple[int, ...]]] = [{} for _ in porder]
        ptab: dict[tuple[Any, ...], dict[tuple[tuple[int, ...], ...], list[Any]]] = \
            self.__dict__.setdefault("_ptables", {}).setdefault(goal.key, {})
        pkey_memo: dict[tuple[int, ...], Any] = {}

        def pcards(si: int, x: int) -> tuple[int, ...]:
            """The cards of ``x`` in suit ``si``, low to high in the partition key's order."""
            x &= suit_order[si][0]
            hit = pc_cache[si].get(x)
            if hit is None:
                if len(pc_cache[si]) > 200_000:
                    pc_cache[si].clear()
                hit = pc_cache[si][x] = tuple([c for c in porder[si] if x >> c & 1])
            return hit

        def top_opp(si: int, opp: int) -> int:
            """The highest card of ``opp`` in suit ``si`` (the partition key's order), if any."""
            cs = pcards(si, opp)
            return 1 << cs[-1] if cs else 0

        suit_cache: list[dict[tuple[int, ...], Any]] = [{} for _ in porder]

        def suit_codes(si: int, sub: tuple[int, ...]
                       ) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
            """Suit ``si``'s part of the partition key, from (whether an Ace can flip, each
            seat's cards of the suit): its cards low to high, their kept codes (holder and
            kind, the 0 a kind of its own) and the multiset's codes sorted (the 0 a plain card:
            a low card's place is not kept)."""
            live = sub[0]
            kk, mk = (kinds_p, kinds) if live else (kinds0, kinds0)
            rem = 0
            for x in sub[1:]:
                rem |= x
            cs = pcards(si, rem)
            own = []
            mown = []
            for c in cs:
                for s_ in nseat:
                    if sub[s_ + 1] >> c & 1:
                        own.append(s_ * 6 + kk[c] + 1)
                        mown.append(s_ * 6 + mk[c] + 1)
                        break
            mown.sort()
            return cs, tuple(own), tuple(mown)

        def make_pkey(hands: list[int], turn: int, broken: int, sup: int) -> Any:
            """A position at a trick boundary as the partition table reads it: (the coarse
            key, per suit slot its remaining cards and their codes, low to high); the
            interchangeable suits sorted by (length, multiset, codes): any order is sound
            (renaming them changes nothing), this one keeps equal coarse keys together."""
            exact = (*hands, turn, broken, sup)
            hit = pkey_memo.get(exact)
            if hit is not None:
                return hit
            rem = 0
            for x in hands:
                rem |= x
            live = _live_ace(tab, hands, ())
            fixed = []
            sym = []
            fixmask = 0
            per: list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]] = []
            for si, (sm, _) in enumerate(suit_order):
                sub = (live, *[x & sm for x in hands])
                got = suit_cache[si].get(sub)
                if got is None:
                    got = suit_cache[si][sub] = suit_codes(si, sub)
                    if len(suit_cache[si]) > 200_000:
                        suit_cache[si].clear()
                per.append(got)
                if suit_sym[si] and not rem & sm & dual_mask:
                    sym.append(si)
                else:
                    fixed.append(si)
                    fixmask |= 1 << si
            sym.sort(key=lambda si: (len(per[si][0]), per[si][2], per[si][1]))
            order = fixed + sym
            coarse = (turn, broken, sup, live, fixmask, *[per[si][2] for si in order])
            out = (coarse, tuple([per[si][0] for si in order]),
                   tuple([per[si][1] for si in order]))
            if len(pkey_memo) > 250_000:
                pkey_memo.clear()
            pkey_memo[exact] = out
            return out

        def pfind(pk: Any, t: int) -> tuple[list[Any] | None, bool]:
            """Of the entries of ``pk``'s bucket that match it and decide ``t``, the one keeping
            fewest cards (the newest of those), else None; and whether an entry made by the
            quick and sure tricks matched (their bounds are as good for every position it
            matches)."""
            b = ptab.get(pk[0])
            if b is None:
                return None, False
            codes = pk[2]
            best = None
            bk = 1 << 30
            quick_hit = False
            for e in reversed(b.values()):
                ok = True
                for s_, x in enumerate(e[0]):
                    if x:
                        cd = codes[s_]
                        if cd[len(cd) - len(x):] != x:
                            ok = False
                            break
                if not ok:
                    continue
                if e[3]:
                    quick_hit = True
                if (e[1] >= t or e[2] < t) and e[4] < bk:
                    best = e
                    bk = e[4]
            return best, quick_hit

        def entry_rel(pk: Any, ek: tuple[tuple[int, ...], ...]) -> int:
            """The cards of ``pk``'s position an entry kept (per suit slot its top cards)."""
            rel = 0
            for cs, x in zip(pk[1], ek, strict=True):
                for c in cs[len(cs) - len(x):]:
                    rel |= 1 << c
            return rel

        def entry_of(pk: Any, w: int) -> tuple[tuple[int, ...], ...]:
            """The entry keeping the relevant cards ``w`` of ``pk``'s position and every card
            above them in their suits: per suit slot the codes of those top cards."""
            out = []
            for cs, cd in zip(pk[1], pk[2], strict=True):
                kk = 0
                for i, c in enumerate(cs):
                    if w >> c & 1:
                        kk = len(cs) - i
                        break
                out.append(cd[len(cd) - kk:])
            return tuple(out)

        def pstore(coarse: tuple[Any, ...], ek: tuple[tuple[int, ...], ...], quick_: int,
                   lo: int, hi: int) -> None:
            """Store the bounds (lo, hi) under the entry ``ek`` of the bucket of ``coarse``:
            tightened in place when the bucket has that entry already."""
            b = ptab.get(coarse)
            if b is None:
                b = ptab[coarse] = {}
            e = b.get(ek)
            if e is not None:
                if lo > e[1]:
                    e[1] = lo
                if hi < e[2]:
                    e[2] = hi
                e[3] |= quick_
                if e[1] > e[2]:  # unsound entries would show here
                    self_.partition_conflicts += 1
                return
            b[ek] = [ek, lo, hi, quick_, sum([len(x) for x in ek])]

        def run_rule(c: int, run: int, rl: int) -> int:
            """A played card ``c`` standing for the equivalent cards ``run``: the answer
            ``rl`` holds for any of them when they are all below the relevant cards of their
            suits and of one kind (then the position after any of them maps to the one after
            ``c``); else the run and ``c`` become relevant."""
            if not run:
                return rl
            rr = run | 1 << c
            mark = False
            for d in _iter_bits(run):
                if kinds0[d] != kinds0[c] or (face[d] == face[c] and kinds[d] != kinds[c]):
                    mark = True
                    break
            if not mark:
                for si, sb in enumerate(lead_suits):
                    if not bits[c] & sb or not rl & suit_mask[sb]:
                        continue
                    seen = False
                    for x in porder[si]:
                        if rl >> x & 1:
                            seen = True
                        if seen and rr >> x & 1:
                            mark = True
                            break
                    if mark:
                        break
            return rl | rr if mark else rl

        def small_moves(i: int, rl: int, mv: list[tuple[int, int]], start: int,
                        skipped: dict[tuple[int, int], int]) -> None:
            """DDS's small moves: the play ``mv[i]`` (c as suit b) did not cut, its answer
            relying on ``rl``.  When ``c`` lies below every card of ``rl`` in each of its suits
            (the partition key's order), another play of ``mv[start:]`` of the same suits,
            played as the same suit, of the same kind and below those cards too gives the same
            answer: the positions after the two differ only in the places of two cards of the
            same holder, suits and kind below every card that mattered, as the partition
            entries let positions differ.  Such plays go into ``skipped`` with ``rl``; when
            one is reached, its merged run joins the relevant cards as a searched play's would
            (``run_rule``)."""
            c, b = mv[i]
            bc = bits[c]
            lows = []
            for pb in tab.play_bits[c]:
                r_ = rl & suit_mask[pb]
                if not r_:
                    continue
                pp = ppos[slot_of[pb]]
                lo = min([pp[x] for x in _iter_bits(r_)])
                if pp[c] >= lo:
                    return
                lows.append((pp, lo))
            kc = kinds[c]
            for j in range(start, len(mv)):
                m = mv[j]
                c2 = m[0]
                if j == i or m[1] != b or bits[c2] != bc or kinds[c2] != kc or m in skipped:
                    continue
                for pp, lo in lows:
                    if pp[c2] >= lo:
                        break
                else:
                    skipped[m] = rl

        def win_mark(trick: tuple[tuple[int, int, int], ...], w: int) -> int:
            """The card that won a complete trick by rank (another card of its played suit in
            it), if any; an Ace that won Ace-low beat only the card below it (the 0), which is
            kept too."""
            wi = 0
            for i, pl in enumerate(trick):
                if pl[0] == w:
                    wi = i
            _, wc, wb = trick[wi]
            for i, pl in enumerate(trick):
                if i != wi and pl[2] == wb:
                    r = 1 << wc
                    if aces >> wc & 1 and not any(face[x[1]] for x in trick):
                        for x in trick:
                            if x[2] == wb:
                                r |= 1 << x[1]
                    return r
            return 0

        def psearch(hands: list[int], trick: tuple[tuple[int, int, int], ...], turn: int,
                    broken: int, sup: int, left: int, t: int, ppk: Any) -> tuple[bool, int]:
            """``search`` with partition entries: the answer, and the cards whose ranks it
            depended on (``ppk``: the position's key when the caller's look-ahead made it)."""
            self_.nodes += 1
            if self_.nodes >= self_._check_at:
                self_._tick(self_.nodes)
            if t <= 0:
                return True, 0
            if t > left:
                return False, 0
            k = len(trick)
            pk = None
            if not k:
                pk = ppk if ppk is not None else make_pkey(hands, turn, broken, sup)
                e, ex = pfind(pk, t)
                if e is not None:
                    return e[1] >= t, entry_rel(pk, e[0])
                if not ex and quick:
                    # the quick and sure tricks' bounds keep the cards they read ranks of; any
                    # position matching that entry has bounds as good (so a matching entry
                    # made here means they need not be counted again)
                    lo = 0
                    hi = left
                    rq, rmax, rmin = [0], [0], [0]
                    q = quick_tricks(hands, turn, broken, sup, rq)
                    qmax = sure_tricks(hands, max_mask, sup, rmax) if sup else 0
                    qmin = sure_tricks(hands, min_mask, sup, rmin) if sup else 0
                    # each bound with the cards it read (the answer needs only the deciding
                    # one's)
                    if max_mask >> turn & 1:
                        if q > qmax:
                            qmax = q
                            rmax = rq
                    elif q > qmin:
                        qmin = q
                        rmin = rq
                    if qmax > lo:
                        lo = qmax
                    if qmin and left - qmin < hi:
                        hi = left - qmin
                    pstore(pk[0], entry_of(pk, rmax[0] | rmin[0]), 1, lo, hi)
                    if lo >= t:
                        return True, rmax[0]
                    if hi < t:
                        return False, rmin[0]
            maxing = max_mask >> turn & 1
            result = not maxing
            nxt = (turn + 1) % n
            h = hands[turn]
            runs: dict[tuple[int, int], int] = {}
            mv = moves(turn, hands, trick, broken, sup, runs)
            last = k + 1 == n
            relall = 0
            kb: dict[tuple[int, int], Any] = {}
            # DDS's small moves (small_moves): plays known to answer as one searched did
            skipped: dict[tuple[int, int], int] = {}
            if last and len(mv) > 1:
                # the transposition look-ahead (search's), each answer with its relevant cards
                keep = []
                for i, (c, b) in enumerate(mv):
                    if (c, b) in skipped:
                        keep.append((c, b))
                        continue
                    nb, ns = broken, sup
                    if b & trumps and not b & broken:
                        nb = broken | b
                        if acorns and not sup:
                            ns = b
                    t2 = trick + ((turn, c, b),)
                    w = self_.winner(t2, ns)
                    need = t - count_of(t2, w)
                    v = -1
                    rl = win_mark(t2, w)
                    if need <= 0:
                        v = 1
                    elif need > left - 1:
                        v = 0
                    else:
                        hands[turn] = h ^ (1 << c)
                        kp = kb[(c, b)] = make_pkey(hands, w, nb, ns)
                        hands[turn] = h
                        e, _ = pfind(kp, need)
                        if e is not None:
                            v = int(e[1] >= need)
                            rl |= entry_rel(kp, e[0])
                    if v >= 0:
                        rl = run_rule(c, runs.get((c, b), 0), rl)
                        if v == maxing:
                            return bool(maxing), rl
                        relall |= rl
                        small_moves(i, rl, mv, 0, skipped)
                    else:
                        keep.append((c, b))
                mv = keep
            for i, (c, b) in enumerate(mv):
                srl = skipped.get((c, b))
                if srl is not None:
                    relall |= run_rule(c, runs.get((c, b), 0), srl)
                    continue
                hands[turn] = h ^ (1 << c)
                nb, ns = broken, sup
                if b & trumps and not b & broken:
                    nb = broken | b
                    if acorns and not sup:
                        ns = b
                t2 = trick + ((turn, c, b),)
                if last:
                    w = self_.winner(t2, ns)
                    r, rl = psearch(hands, (), w, nb, ns, left - 1, t - count_of(t2, w),
                                    kb.get((c, b)))
                    rl |= win_mark(t2, w)
                else:
                    r, rl = psearch(hands, t2, nxt, nb, ns, left, t, None)
                hands[turn] = h
                rl = run_rule(c, runs.get((c, b), 0), rl)
                if r == bool(maxing):
                    result = bool(maxing)
                    relall = rl
                    break
                relall |= rl
                small_moves(i, rl, mv, i + 1, skipped)
            if pk is not None:
                pstore(pk[0], entry_of(pk, relall), 0, t if result else 0,
                       left if result else t - 1)
            return bool(result), relall

        def psearch_top(hands: list[int], trick: tuple[tuple[int, int, int], ...], turn: int,
                        broken: int, sup: int, left: int, t: int) -> bool:
            return psearch(hands, trick, turn, broken, sup, left, t, None)[0]

        fn: Callable[..., bool] = psearch_top if part else search
        if self._general_c:
            fn = self._general_in_c(goal, quick, fn)
        made[goal.key] = fn
        return fn

    def _general_in_c(self, goal: _Goal, quick: bool, py_search: Callable[..., bool]
                      ) -> Callable[..., bool]:
        """The general search in C (``_generalc``, its own table), handing ``py_search`` the
        positions it declines (more than 192 cards left: none of the shipped decks)."""
        assert _GENERAL is not None
        counter, tick = self._budget_hooks()
        old = _GENERAL.set_partition(self.partition)  # this solver's, as its Python search's
        try:
            gs = _GENERAL.make_search(self.tab.general_spec(), self.n, goal.max_mask,
                                      goal.count_mask, goal.suit_bit, self.enforce, quick,
                                      counter, tick)
        finally:
            _GENERAL.set_partition(old)
        self_ = self

        def search(hands: list[int], trick: tuple[tuple[int, int, int], ...], turn: int,
                   broken: int, sup: int, left: int, t: int) -> bool:
            counter[1] = self_._check_at - self_.nodes
            try:
                r: bool | None = gs(hands, trick, turn, broken, sup, left, t)
            finally:
                self_.nodes += counter[0]
                counter[0] = 0
            if r is None:  # too many cards for the C search
                return py_search(hands, trick, turn, broken, sup, left, t)
            return r

        return search

    def _value(self, goal: _Goal, state: tuple[Any, ...], lo: int = 0,
               hi: int | None = None, try_hi: bool = False, top: bool = False,
               try_lo: bool = False) -> int:
        """The exact count the maximising side achieves from ``state`` with best play.
        ``try_hi``: test the upper bound first (a move that keeps the best value is common);
        ``try_lo``: test one above the lower bound first; ``top``: keep :attr:`last_bounds` up
        to date (the value a caller asked for).  Otherwise the 52-card fast path tests from a
        quick guess (std52's estimate), a trick at a time, and the other searches bisect."""
        hands, trick, turn, broken, sup, left = state
        if self._first_left is not None and left == self._first_left and self._ban_binds(state):
            return self._first_trick_value(goal, state)  # house rules: bidding and play
        search = self._search_fn(goal)
        if hi is None:
            hi = left
        if top:
            self.last_bounds = (lo, hi)
        if try_hi and lo < hi:
            if search(list(hands), trick, turn, broken, sup, left, hi):
                lo = hi
            else:
                hi -= 1
        elif try_lo and lo < hi:
            if search(list(hands), trick, turn, broken, sup, left, lo + 1):
                lo += 1
            else:
                hi = lo
        elif lo < hi and goal.key in self._fast_estimates:
            # the fast path: zero-window tests from a quick guess, a trick at a time (the two
            # tests next to the value cost most; bisection from the middle adds others)
            guess = self._fast_estimates[goal.key](list(hands), trick, turn, broken, sup, left)
            t = min(max(guess, lo + 1), hi)
            if search(list(hands), trick, turn, broken, sup, left, t):
                lo = t
                while lo < hi:
                    if top:
                        self.last_bounds = (lo, hi)
                    if not search(list(hands), trick, turn, broken, sup, left, lo + 1):
                        hi = lo
                        break
                    lo += 1
            else:
                hi = t - 1
                while lo < hi:
                    if top:
                        self.last_bounds = (lo, hi)
                    if search(list(hands), trick, turn, broken, sup, left, hi):
                        lo = hi
                        break
                    hi -= 1
        while lo < hi:
            if top:
                self.last_bounds = (lo, hi)
            t = (lo + hi + 1) // 2
            if search(list(hands), trick, turn, broken, sup, left, t):
                lo = t
            else:
                hi = t - 1
        if top:
            self.last_bounds = (lo, hi)
        return lo

    def _after(self, state: tuple[Any, ...], c: int, b: int, goal: _Goal
               ) -> tuple[tuple[Any, ...], int]:
        """The state after playing (c, b), and the count scored by the trick it completes."""
        hands, trick, turn, broken, sup, left = state
        tab = self.tab
        hands = list(hands)
        hands[turn] ^= 1 << c
        if b & tab.trumps and not b & broken:
            broken |= b
            if tab.sup_by_break and not sup:
                sup = b
        trick = trick + ((turn, c, b),)
        if len(trick) == self.n:
            w = self.winner(trick, sup)
            cnt = 0
            if goal.count_mask >> w & 1:
                cnt = 1 if not goal.suit_bit or any(
                    tab.suit_mask[goal.suit_bit] >> cc & 1 for _, cc, _ in trick) else 0
            return (hands, (), w, broken, sup, left - 1), cnt
        return (hands, trick, (turn + 1) % self.n, broken, sup, left), 0

    def side_of(self, seat: int) -> tuple[int, ...]:
        """The seats cooperating with ``seat`` (for acorns8 pairs: its pair)."""
        return tuple(self.rules.team_seats[self.rules.team_of(seat)])

    # ------------------------------------------------------------------ public
    def solve(self, position: Position | Game | Hand, *, per_move: bool = True,
              time_limit: float | None = None, node_limit: int | None = None,
              progress: Callable[[SearchProgress], None] | None = None) -> SolveResult:
        """Tricks the side to move can take from ``position``, and after each legal play.

        ``time_limit`` (seconds) and ``node_limit`` (search nodes) bound the work: when either
        runs out first the result has ``exact=False`` and the bounds found so far (``tricks``
        at least, ``upper`` at most), and with ``per_move`` each legal play's own bounds
        (``bounds``; the plays certainly worse than another in ``worse_moves``): with a
        budget and ``per_move`` the plays are searched one by one (:meth:`_solve_per_card`),
        the same exact values when the budget suffices.  ``progress`` is called about twice a
        second with a :class:`SearchProgress`.  Ctrl-C (KeyboardInterrupt) is not caught;
        the bounds known at that moment are in :attr:`last_bounds`."""
        pos = _as_position(position)
        state = self.state(pos)
        seat = state[2]
        side = self.side_of(seat)
        goal = _Goal(side, side)
        values: dict[Play, int] = {}
        # (a finished hand has no card to bound: the plain search answers it at once)
        if per_move and (time_limit is not None or node_limit is not None) and state[5] > 0:
            return self._solve_per_card(state, seat, side, goal, time_limit, node_limit,
                                        progress)
        self._arm(time_limit, node_limit, progress)
        try:
            best = self._value(goal, state, top=True)
            if per_move:  # one search a class of equal cards (:meth:`play_classes`)
                moves, lead = self._classes(state)
                got: dict[int, int] = {}
                for j, (c, b) in enumerate(moves):
                    if lead[j] not in got:
                        child, cnt = self._after(state, c, b, goal)
                        got[j] = cnt + self._value(goal, child, 0, best - cnt, try_hi=True)
                    values[self.tab.play_obj[(c, b)]] = got[lead[j]]
        except _OutOfBudget:
            lo, hi = self.last_bounds
            if lo < hi:
                values = {}
            return SolveResult(seat=seat, side=side, remaining=state[5], tricks=lo,
                               per_move=values, exact=False, upper=hi)
        finally:
            self._disarm()
        return SolveResult(seat=seat, side=side, remaining=state[5], tricks=best,
                           per_move=values)

    #: the node budget of one per-card test in the first round (doubled each round)
    PER_CARD_FIRST_NODES = 256

    def _solve_per_card(self, state: tuple[Any, ...], seat: int, side: tuple[int, ...],
                        goal: _Goal, time_limit: float | None, node_limit: int | None,
                        progress: Callable[[SearchProgress], None] | None) -> SolveResult:
        """:meth:`solve` with a budget and ``per_move``: each legal play gets its own bounds,
        narrowed by zero-window tests ("does the side keep at least t after this play?") on
        the position after it, until every play is exact or the budget runs out.

        Each test runs under a node budget of its own, doubled each round over the plays still
        open, so no single hard play spends the whole budget while the others stay unknown;
        a test cut short leaves its finished sub-results in the tables, so the next round's
        try at it starts further on.  The tests go first where they decide the best card: the
        open play that may keep the most is tested halfway between the most any play surely
        keeps and its own upper bound (a root search with a zero window, play by play); once
        no play may keep more than the best one surely does, the position's value is known and
        the other plays' bounds are narrowed by halving."""
        tab = self.tab
        every, lead = self._classes(state)  # equal cards share one set of bounds
        firsts = sorted(set(lead))
        moves = [every[j] for j in firsts]
        kids: list[tuple[tuple[Any, ...], int]] = [self._after(state, c, b, goal)
                                                   for c, b in moves]
        lo = [cnt + 0 for _, cnt in kids]
        hi = [cnt + child[5] for child, cnt in kids]
        exact_child: dict[int, int] = {}
        upward = [True] * len(moves)
        step = [[1, 1] for _ in moves]  # per play: the next step up, the next step down
        self._arm(time_limit, node_limit, progress)
        overall_cap = self._node_cap
        cap = self.PER_CARD_FIRST_NODES

        def out_of_budget() -> bool:
            return ((overall_cap is not None and self.nodes >= overall_cap)
                    or (self._deadline is not None and time.monotonic() >= self._deadline))

        def test(i: int, t: int) -> bool:
            child, cnt = kids[i]
            if t - cnt <= 0:
                return True
            if t - cnt > child[5]:
                return False
            f = self._first_left
            if f is not None and child[5] == f and self._ban_binds(child):
                # house rules: the hand's first trick under spade_lead = not_first_trick
                if i not in exact_child:
                    exact_child[i] = self._value(goal, child)
                return exact_child[i] >= t - cnt
            hands, trick, turn, broken, sup, left = child
            return self._search_fn(goal)(list(hands), trick, turn, broken, sup, left, t - cnt)

        try:
            while True:
                open_ = [i for i in range(len(moves)) if lo[i] < hi[i]]
                if not open_:
                    break
                stuck: set[int] = set()
                while True:
                    best_low = max(lo)
                    # first the plays that may still beat the best sure count, highest first
                    cands = [i for i in open_ if hi[i] > best_low and i not in stuck
                             and lo[i] < hi[i]]
                    if not cands:
                        cands = [j for j in open_ if lo[j] < hi[j] and j not in stuck]
                        if not cands:
                            break
                    i = max(cands, key=lambda j: (hi[j], -j))
                    floor = max(best_low, lo[i]) if hi[i] > best_low else lo[i]
                    # tests far from the value are the cheap ones: from each end in turn, a
                    # step that doubles while the tests keep succeeding there
                    up = upward[i]
                    if up:
                        t = min(hi[i], floor + step[i][0])
                    else:
                        t = max(floor + 1, hi[i] - step[i][1] + 1)
                    upward[i] = not up
                    self.last_bounds = (max(lo), max(hi))
                    self._node_cap = (self.nodes + cap if overall_cap is None
                                      else min(overall_cap, self.nodes + cap))
                    try:
                        ok = test(i, t)
                    except _OutOfBudget:
                        if out_of_budget():
                            raise
                        stuck.add(i)
                        continue
                    if ok:
                        lo[i] = max(lo[i], t)
                    else:
                        hi[i] = min(hi[i], t - 1)
                    k = 0 if up else 1
                    step[i][k] = step[i][k] * 2 if ok == up else 1
                cap *= 2
        except _OutOfBudget:
            pass
        finally:
            self._disarm()
        at = {j: i for i, j in enumerate(firsts)}
        bounds = {tab.play_obj[m]: (lo[at[lead[j]]], hi[at[lead[j]]])
                  for j, m in enumerate(every)}
        values = {p: lo_ for p, (lo_, hi_) in bounds.items() if lo_ == hi_}
        exact = len(values) == len(bounds)
        best, upper = max(lo), max(hi)
        self.last_bounds = (best, upper)
        return SolveResult(seat=seat, side=side, remaining=state[5], tricks=best,
                           per_move=values, exact=exact, upper=upper, bounds=bounds)

# ---------------------------------------------------------------------------- functions


def solve(position: Position | Game | Hand, *, enforce_trump_breaking: bool = True,
          per_move: bool = True, time_limit: float | None = None,
          node_limit: int | None = None,
          progress: Callable[[SearchProgress], None] | None = None) -> SolveResult:
    """Double-dummy solve ``position`` (a :class:`Position`, or a Game/Hand in play); the
    budget arguments are those of :meth:`Solver.solve`."""
    pos = _as_position(position)
    return Solver(pos.rules, enforce_trump_breaking=enforce_trump_breaking).solve(
        pos, per_move=per_move, time_limit=time_limit, node_limit=node_limit,
        progress=progress)


def _nil_kind(rules: RuleSet, bid: Any) -> tuple[str, str | None]:
    if bid is None or not getattr(bid, "nil", None):
        raise RuleError(Rule.BAD_POSITION, "That seat made no nil-type bid.")
    return bid.nil, bid.nil_suit


def can_keep_nil(position: Position | Game | Hand, seat: int, *, kind: str | None = None,
                 solver: Solver | None = None) -> NilCheck:
    """Can ``seat``'s nil-type bid be kept clean to the end with best play by both sides?

    ``kind`` is the nil kind (``"nil"``, ``"full nil"``, ``"nil spades"``, ``"nil acorns"``);
    it is read from the seat's bid when the position comes from a game.  The nil bidder's side
    plays to keep it clean; every other player plays to break it.
    """
    pos = _as_position(position)
    rules = pos.rules
    if kind is None:
        bid = pos.bids[seat] if pos.bids and seat < len(pos.bids) else None
        kind, suit = _nil_kind(rules, bid)
    else:
        if kind not in rules.nil_kinds:
            raise RuleError(Rule.BID_NOT_ALLOWED, f"{kind!r} is not a nil-type bid of "
                            f"{rules.name}.")
        suit = nil_suit(kind)
    s = solver or Solver(rules)
    won = pos.won[seat] if pos.won else ()
    if suit is None:
        failed = bool(pos.taken[seat]) if pos.taken else bool(won)
    else:
        failed = any(c.bits & SUIT_BITS[suit] for c in won)
    if failed:
        return NilCheck(seat, kind, suit, True, False)
    side = s.side_of(seat)
    others = [x for x in range(rules.players) if x not in side]
    goal = _Goal(others, [seat], SUIT_BITS[suit] if suit else 0)
    state = s.state(pos)
    search = s._search_fn(goal)
    hands, trick, turn, broken, sup, left = state
    broken_possible = search(list(hands), trick, turn, broken, sup, left, 1)
    return NilCheck(seat, kind, suit, False, not broken_possible)


def can_make_bid(position: Position | Game | Hand, team: int, bid: int | None = None, *,
                 solver: Solver | None = None) -> BidCheck:
    """Can partnership ``team`` (index into ``rules.team_seats``) still make its bid?

    ``bid`` defaults to the sum of its members' ordinary bids.  Tricks of a member with a full
    nil-type bid count only under ``failed_nil_tricks = "count_toward_bid"`` (RULINGS §1; not
    under ``bags_only`` nor ``ignored``, §9).
    """
    pos = _as_position(position)
    rules = pos.rules
    seats = tuple(rules.team_seats[team])
    bids = pos.bids if pos.bids else ()
    if bid is None:
        if not bids:
            raise RuleError(Rule.BAD_POSITION, "No bids are known: give the bid to check.")
        bid = sum(b.tricks for s_, b in enumerate(bids) if s_ in seats and b is not None)
    counting = [s_ for s_ in seats if not (
        bids and bids[s_] is not None and bids[s_].is_full_nil
        and rules.failed_nil_tricks != "count_toward_bid")]
    counted = sum(pos.taken[s_] for s_ in counting) if pos.taken else 0
    s = solver or Solver(rules)
    goal = _Goal(seats, counting)
    state = s.state(pos)
    best = s._value(goal, state)
    needed = max(0, bid - counted)
    return BidCheck(team, seats, bid, counted, needed, best, best >= needed)


def annotate_hand(game: Game, hand_index: int | None = None, *,
                  solver: Solver | None = None, from_step: int = 0,
                  time_limit: float | None = None, node_limit: int | None = None,
                  progress: Callable[[SearchProgress], None] | None = None
                  ) -> list[PlayAnnotation]:
    """Each play of a hand with its cost in tricks against the best play at that point.

    ``step`` counts plays from 0 within the hand; ``trick`` is the 0-based trick index.
    Plays before ``from_step`` are replayed but not analysed.  The positions are solved from
    the last play back to the first, on one solver whose tables carry over; with two sides
    each position is valued once (from one side's point of view), and that value serves both
    the play before it (what the play kept) and the play from it (the best).
    ``time_limit``/``node_limit`` bound the whole annotation: when either runs out,
    :class:`BudgetExceeded` is raised with the plays annotated so far (the last ones) in
    ``partial``; ``progress`` is as for :meth:`Solver.solve`.
    """
    if hand_index is None:
        hand_index = len(game.hands) - 1
    if not 0 <= hand_index < len(game.hands):
        raise RuleError(Rule.BAD_POSITION, f"There is no hand {hand_index}.")
    hand = game.hands[hand_index]
    rules = game.rules
    plays: list[tuple[int, Play]] = [sp for t in hand.tricks for sp in t.plays]
    plays.extend(hand.trick)
    if not plays:
        return []
    start = [list(h) for h in hand.hands]
    for seat, p in plays:
        start[seat].append(p.card)
    s = solver or Solver(rules)
    tab = s.tab
    first = plays[0][0]
    hands = [tab.mask(h) for h in start]
    state: tuple[Any, ...] = (hands, (), first, 0, tab.sup_start, rules.hand_size)
    two_sides = len(rules.team_seats) == 2
    ref = tuple(rules.team_seats[0])
    ref_goal = _Goal(ref, ref)
    # the states before each play, and what each play scores for the reference side
    states: list[tuple[Any, ...]] = []
    counts: list[int] = []
    for seat, p in plays:
        if state[2] != seat:  # pragma: no cover - the engine kept the order
            raise RuleError(Rule.BAD_POSITION, "The plays are out of turn.")
        states.append(state)
        c, b = tab.index[p.card], p.bit
        state, cnt = s._after(state, c, b, ref_goal)
        counts.append(cnt)
    states.append(state)
    out: list[PlayAnnotation] = []
    s._arm(time_limit, node_limit, progress)
    try:
        if two_sides:
            # values[i]: what the reference side takes from the state before play i on
            after = 0 if state[5] == 0 or not any(state[0]) else s._value(ref_goal, state)
            for step in range(len(plays) - 1, from_step - 1, -1):
                seat, p = plays[step]
                st = states[step]
                left = st[5]
                kept_ref = counts[step] + after
                mine = seat in ref
                played = kept_ref if mine else left - kept_ref
                # one table for both sides: the reference side's value here is at least
                # (its play) or at most (the other side's play) what the play kept
                if mine:
                    here_ref = s._value(ref_goal, st, kept_ref, left, try_lo=True)
                    best = here_ref
                else:
                    here_ref = s._value(ref_goal, st, 0, kept_ref, try_hi=True)
                    best = left - here_ref
                out.append(PlayAnnotation(step=step, trick=step // rules.players, seat=seat,
                                          play=p, best_tricks=best, played_tricks=played,
                                          cost=best - played))
                after = here_ref
        else:
            for step in range(len(plays) - 1, from_step - 1, -1):
                seat, p = plays[step]
                side = s.side_of(seat)
                goal = _Goal(side, side)
                st = states[step]
                child, cnt = s._after(st, tab.index[p.card], p.bit, goal)
                played = cnt + (s._value(goal, child) if child[5] else 0)
                best = s._value(goal, st, played, st[5])
                out.append(PlayAnnotation(step=step, trick=step // rules.players, seat=seat,
                                          play=p, best_tricks=best, played_tricks=played,
                                          cost=best - played))
    except _OutOfBudget:
        out.reverse()
        raise BudgetExceeded(
            f"The analysis ran out of its budget: {len(out)} of the "
            f"{len(plays) - from_step} plays were analysed (the last ones).", out) from None
    finally:
        s._disarm()
    out.reverse()
    return out
