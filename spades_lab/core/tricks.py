"""The trick rules, in one place: rank tables, card power, the trick decision, trump breaking and
the superior trump, and the legal plays (RULINGS.md sections 1, 5 and 8).

Everything else asks this module: the engine (:mod:`spades_lab.core.engine`) follows
:func:`after_play` and :func:`legal_set` card by card and decides each trick with
:func:`decide`; explanations and players read the state the engine records and call
:func:`trick_winner`.  The numpy batch path and the 52-card solver keep labelled vector/bitboard
restatements for speed, each checked against this module by a test.

>>> from spades_lab.core.cards import parse_card
>>> from spades_lab.core.rules import RuleSet
>>> acorns = RuleSet.preset("acorns")
>>> plays = [(0, parse_card("KH").play), (1, parse_card("2A").play), (2, parse_card("9S").play)]
>>> trick_winner(acorns, plays, None)        # Acorns broken first: superior, so 2A beats 9S
(1, 'superior-trump-wins')
>>> trick_winner(acorns, plays, "S")         # had Spades been superior already
(2, 'superior-trump-wins')
>>> t = tables_for(acorns)
>>> s = t.start.after[parse_card("2A").play.bit]
>>> s.broken_names, s.superior, s.after[parse_card("9S").play.bit].broken_names
(('A',), 'A', ('S', 'A'))
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from .cards import SUIT_BITS, Card, Play
from .errors import Rule
from .rules import RuleSet

# ---------------------------------------------------------------------------- card power

#: What won a trick, by power class (RULINGS.md section 1): a card played as the superior trump
#: beats one played as the other trump, which beats one of the led suit; other suits never win.
SUPERIOR, INFERIOR, LED = 3, 2, 1
#: Power class -> the reason id of RULINGS.md section 7.
WIN_REASONS = {SUPERIOR: "superior-trump-wins", INFERIOR: "inferior-trump-wins",
               LED: "led-suit-wins"}
#: A card's power is ``class * POWER_STEP + rank`` (ranks are below POWER_STEP).
POWER_STEP = 1000


def decide(plays: Sequence[tuple[int, Play]], sup: int, inf: int, led: int,
           rank: dict[Card, int]) -> tuple[int, int]:
    """The one place a trick is decided (RULINGS.md section 1).  A card's power is its class
    times :data:`POWER_STEP` plus its rank: class :data:`SUPERIOR` when played as the superior
    trump (bit ``sup``; 0 when none is in force), :data:`INFERIOR` as another trump (bits
    ``inf``), :data:`LED` as the led suit (bit ``led``); cards of other suits never win.
    Returns the seat with the most powerful card and its class.  ``rank`` is the rank table in
    force (Ace low or high, :meth:`TrickTables.ranks`)."""
    best = -1
    winner = plays[0][0]
    for seat, p in plays:
        b = p.bit
        if b == sup:
            k = SUPERIOR * POWER_STEP + rank[p.card]
        elif b & inf:
            k = INFERIOR * POWER_STEP + rank[p.card]
        elif b == led:
            k = LED * POWER_STEP + rank[p.card]
        else:
            continue
        if k > best:
            best = k
            winner = seat
    return winner, best // POWER_STEP


# ---------------------------------------------------------------------------- trump state


def after_play(trump_bits: int, broken: int, sup: int, bit: int) -> tuple[int, int]:
    """The trump-breaking rule: the (broken trumps, superior trump) bit masks after a card is
    played as suit ``bit``.  A trump is broken once a card is played *as* it, led or not; when
    no trump is superior yet (the Acorns sets, before any break), the trump broken is superior
    for the rest of the hand.  In the 52-card sets Spades is superior from the deal, so only
    the breaking applies."""
    if bit & trump_bits and not bit & broken:
        broken |= bit
        if not sup:
            sup = bit
    return broken, sup


class TrumpState:
    """One trump state of a hand (interned per rule set): ``broken`` and ``sup_bit`` as bit
    masks, the same as letters (``broken_names`` Spades first, ``superior`` or None), the
    trump bits still ``unbroken``, and ``after[bit]``: the state once a card is played as suit
    ``bit`` (the very same object when the card changes nothing).  Built from
    :func:`after_play`, so following ``after`` is applying the rule."""

    __slots__ = ("broken", "sup_bit", "broken_names", "superior", "unbroken", "after", "rules")

    broken: int
    sup_bit: int
    broken_names: tuple[str, ...]
    superior: str | None
    unbroken: int
    after: tuple[TrumpState, ...]
    rules: RuleSet

    def __repr__(self) -> str:
        return f"<TrumpState broken={self.broken_names} superior={self.superior}>"

    def __copy__(self) -> TrumpState:
        return self

    def __deepcopy__(self, memo: object) -> TrumpState:
        return self

    def __reduce__(self) -> tuple[object, ...]:  # unpickles to the interned state
        return (_interned_state, (self.rules, self.broken, self.sup_bit))


def _interned_state(rules: RuleSet, broken: int, sup: int) -> TrumpState:
    return tables_for(rules).states[(broken, sup)]


_LETTER = {b: s for s, b in SUIT_BITS.items()}


def _trump_letters(trumps: Sequence[str], mask: int) -> tuple[str, ...]:
    return tuple(t for t in ("S", "A") if t in trumps and mask & SUIT_BITS[t])


# ---------------------------------------------------------------------------- tables


class TrickTables:
    """Per rule set: the facts the trick rules read, built once (:func:`tables_for`).

    ``trumps``/``trump_bits``; ``lead_guard`` the trump bits a lead waits for until broken
    (none under the house rule ``spade_lead = any``) and ``first_trick_ban`` the suit bits
    kept out of a hand's first trick (``spade_lead = not_first_trick``); ``rank_low``/
    ``rank_high`` (each card's rank with the Ace low /
    high; the same table where the Ace never flips); ``ace_flips``; ``has_duals`` (Travelers
    and Hunters in the deck); ``start`` the :class:`TrumpState` at the deal (Spades superior in
    the 52-card sets, nothing in the Acorns sets) and ``states`` every reachable one, keyed by
    (broken, superior) bit masks.
    """

    __slots__ = ("rules", "trumps", "trump_bits", "rank_low", "rank_high", "ace_flips",
                 "has_duals", "start", "states", "lead_guard", "first_trick_ban")

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.trumps = rules.trumps
        bits = 0
        for t in rules.trumps:
            bits |= SUIT_BITS[t]
        self.trump_bits = bits
        order = rules.rank_order
        pos = {r: i for i, r in enumerate(order)}
        low: dict[Card, int] = {}
        high: dict[Card, int] = {}
        for c in rules.deck.cards:
            low[c] = pos[c.key]
            high[c] = pos["A+"] if (c.is_ace and "A+" in pos) else pos[c.key]
        self.rank_low = low
        self.rank_high = high
        # house rules: bidding and play -- the trumps a lead must wait for (none when Spades
        # may be led at any time), and the suit barred from the first trick
        self.lead_guard = bits if rules.spades_need_breaking else 0
        self.first_trick_ban = SUIT_BITS["S"] if rules.no_spades_first_trick else 0
        self.ace_flips = rules.deck.ace_flips
        self.has_duals = rules.deck.travelers_hunters
        start_sup = rules.superior_at_deal
        self.states: dict[tuple[int, int], TrumpState] = {}
        self.start = self._state(0, SUIT_BITS[start_sup] if start_sup else 0)

    def _state(self, broken: int, sup: int) -> TrumpState:
        hit = self.states.get((broken, sup))
        if hit is not None:
            return hit
        s = object.__new__(TrumpState)
        s.broken, s.sup_bit = broken, sup
        s.broken_names = _trump_letters(self.trumps, broken)
        s.superior = _LETTER[sup] if sup else None
        s.unbroken = self.lead_guard & ~broken  # (the trumps a lead must wait for)
        s.rules = self.rules
        self.states[(broken, sup)] = s
        after: list[TrumpState] = [s] * (max(_LETTER) + 1)  # indexed by a play's suit bit
        for bit in _LETTER:
            nb, ns = after_play(self.trump_bits, broken, sup, bit)
            if (nb, ns) != (broken, sup):
                after[bit] = self._state(nb, ns)
        s.after = tuple(after)
        return s

    def state(self, broken: int, superior: str | None) -> TrumpState:
        """The interned state for a broken-trump mask and a superior trump letter."""
        return self._state(broken, SUIT_BITS[superior] if superior else 0)

    def ranks(self, plays: Iterable[tuple[int, Play]]) -> dict[Card, int]:
        """The rank table in force for a trick: Aces high when it holds a face card of any suit
        (Heckadeck), else low; one table in the 52-card deck."""
        if self.ace_flips:
            for _, p in plays:
                if p.card.is_face:
                    return self.rank_high
        return self.rank_low


_TABLES: dict[RuleSet, TrickTables] = {}


def tables_for(rules: RuleSet) -> TrickTables:
    """The :class:`TrickTables` of a rule set (built once, cached by rule set)."""
    hit = _TABLES.get(rules)
    if hit is None:
        hit = _TABLES[rules] = TrickTables(rules)
    return hit


def rank_tables(rules: RuleSet) -> tuple[dict[Card, int], dict[Card, int]]:
    """(rank with the Ace low, rank with the Ace high) for each card, from the deck's rank
    order data.  In the 52-card deck both are the same (Ace high)."""
    t = tables_for(rules)
    return t.rank_low, t.rank_high


# ---------------------------------------------------------------------------- deciding a trick


def trick_winner(rules: RuleSet, plays: Sequence[tuple[int, Play]], superior: str | None,
                 ace_high: bool | None = None) -> tuple[int, str]:
    """The seat winning ``plays`` so far, and the reason id (RULINGS.md section 7).

    ``superior`` is the superior trump in force before these plays (None when no trump has
    been broken this hand in an Acorns set; then the first card played as a trump here sets it,
    :func:`after_play`); in the 52-card sets pass None or ``"S"``: Spades are superior.  The Ace is
    high when any face card is among ``plays``; ``ace_high`` overrides that (True/False) to ask
    "who would have won had the Ace not flipped?".
    """
    if not plays:
        raise ValueError("no cards played")
    t = tables_for(rules)
    tb = t.trump_bits
    sup = SUIT_BITS[superior] if superior else t.start.sup_bit
    if not sup:
        broken = 0
        for _, p in plays:
            broken, sup = after_play(tb, broken, sup, p.bit)
    if ace_high is None:
        rank = t.ranks(plays)
    else:
        rank = t.rank_high if ace_high else t.rank_low
    winner, cls = decide(plays, sup, tb & ~sup, plays[0][1].bit, rank)
    return winner, WIN_REASONS[cls]


def trump_states_through(rules: RuleSet, before: tuple[int, str | None],
                         plays: Iterable[tuple[int, Play]]) -> list[tuple[int, str | None]]:
    """(broken-trump bit mask, superior trump) after each of ``plays``, starting from the state
    ``before`` the first of them (as a trick records it)."""
    t = tables_for(rules)
    s = t.state(*before)
    out: list[tuple[int, str | None]] = []
    for _, p in plays:
        s = s.after[p.bit]
        out.append((s.broken, s.superior))
    return out


# ---------------------------------------------------------------------------- legal plays

#: Why the legal plays are what they are (a :class:`LegalSet`'s ``basis``):
FOLLOWS_SUIT = "follows-suit"            # following, holding the led suit: only plays of it
CANNOT_FOLLOW = "cannot-follow"          # following, void in the led suit: any play
LEADS = "leads"                          # leading: any play but as an unbroken trump
ONLY_UNBROKEN_TRUMPS = "only-unbroken-trumps"  # leading, every card an unbroken trump: any
#: house rules: bidding and play -- on the first trick, holding a card of another suit: no Spade
NO_SPADES_FIRST_TRICK = "no-spades-first-trick"
#: The rule id a play outside the legal set breaks, per restricting basis (RULINGS.md 7).
REFUSED_BY = {FOLLOWS_SUIT: Rule.MUST_FOLLOW_SUIT, LEADS: Rule.TRUMP_NOT_BROKEN,
              NO_SPADES_FIRST_TRICK: Rule.SPADES_FIRST_TRICK}


#: (basis, legal plays): the legal plays of the seat to play and why they are those.  A plain
#: tuple: the engine asks for one at every card.
LegalSet = tuple[str, tuple[Play, ...]]


def legal_set(hand: Sequence[Card], led: int, unbroken: int, duals: bool,
              banned: int = 0) -> LegalSet:
    """The legal plays from ``hand`` (RULINGS.md section 1): following suit bit ``led`` (0 when
    leading), with the trump bits ``unbroken`` not yet broken; ``duals`` when the deck has
    Travelers/Hunters (each is then one play per declaration it allows).  A card of the led
    suit follows as that suit; a leader may not lead an unbroken trump unless every card could
    only be led as one.  Plays are interned, in hand order.

    ``banned`` (the house rule ``spade_lead = not_first_trick``, on a hand's first trick: the
    Spade bit) keeps those suits out of the trick, led or not, unless following them or
    holding nothing else (then the legal set is as without it).

    >>> from spades_lab.core.cards import parse_card
    >>> hand = [parse_card(c) for c in ("AS", "2C")]
    >>> legal_set(hand, SUIT_BITS["H"], 0, False, banned=SUIT_BITS["S"])
    ('no-spades-first-trick', (Play('2C'),))
    >>> legal_set(hand[:1], SUIT_BITS["H"], 0, False, banned=SUIT_BITS["S"])[0]
    'cannot-follow'
    """
    if led:
        if duals:
            f = [c.play_as[led] for c in hand if c.bits & led]
        else:
            f = [c.play for c in hand if c.bits & led]
        if f:
            return (FOLLOWS_SUIT, tuple(f))
        basis = CANNOT_FOLLOW
    elif not unbroken:
        basis = LEADS
    else:
        if duals:
            f = [p for c in hand for p in c.all_plays if not p.bit & unbroken]
        else:
            f = [c.play for c in hand if not c.bits & unbroken]
        # every card could only be led as an unbroken trump (never a dual: it has a plain suit)
        got = (LEADS, tuple(f)) if f else (ONLY_UNBROKEN_TRUMPS, tuple([c.play for c in hand]))
        return _banned(got, banned) if banned else got
    if duals:
        got = (basis, tuple([p for c in hand for p in c.all_plays]))
    else:
        got = (basis, tuple([c.play for c in hand]))
    return _banned(got, banned) if banned else got


def _banned(got: LegalSet, banned: int) -> LegalSet:
    """A legal set that does not follow suit with the suits ``banned`` kept out of it, unless
    they are all it holds (house rules: bidding and play)."""
    keep = tuple([p for p in got[1] if not p.bit & banned])
    if keep and len(keep) != len(got[1]):
        return (NO_SPADES_FIRST_TRICK, keep)
    return got


def is_legal(hand: Sequence[Card], p: Play, led: int, unbroken: int, duals: bool,
             banned: int = 0) -> bool:
    """Whether the play ``p`` of a card in ``hand`` is one of :func:`legal_set`'s plays (same
    arguments), without building them: the same rule asked of one play, for replaying long
    records (a test holds the two to the same answer for every play of many hands)."""
    if banned and p.bit & banned and p.bit != led:  # house rules: bidding and play
        for c in hand:
            if not c.bits & banned:
                return False
    if led:
        if p.bit == led:  # following as the led suit
            return True
        for c in hand:  # played as another suit: only when void in the led suit
            if c.bits & led:
                return False
        return True
    if not p.bit & unbroken:  # a lead as a broken trump or a plain suit
        return True
    # a lead as an unbroken trump: only when no card could be led as anything else
    if duals:
        for c in hand:
            for q in c.all_plays:
                if not q.bit & unbroken:
                    return False
    else:
        for c in hand:
            if not c.bits & unbroken:
                return False
    return p is p.card.play


__all__ = ["SUPERIOR", "INFERIOR", "LED", "WIN_REASONS", "POWER_STEP", "decide",
           "after_play", "TrumpState", "TrickTables", "tables_for", "rank_tables",
           "trick_winner", "trump_states_through", "FOLLOWS_SUIT", "CANNOT_FOLLOW", "LEADS",
           "ONLY_UNBROKEN_TRUMPS", "NO_SPADES_FIRST_TRICK", "REFUSED_BY", "LegalSet",
           "legal_set", "is_legal"]
