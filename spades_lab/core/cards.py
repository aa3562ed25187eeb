"""Cards, suits and decks.

Cards are immutable, interned values: parsing the same text twice gives the very same object,
so cards compare and hash by identity, fast.  They print in the record notation of
RECORD-FORMAT.md (upper case) and parse it in any case.

>>> c = parse_card("10h")
>>> c, str(c), c.pretty
(Card('10H'), '10H', '10♥')
>>> parse_card("TPS").suits, parse_card("tps").name
(('P', 'S'), 'Traveler of Planets/Spades')
>>> STANDARD_DECK.size, HECKADECK.size, HECKADECK_TH.size
(52, 128, 136)
"""
from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from .errors import Rule, RuleError, echo

# ---------------------------------------------------------------------------- data files


def deck_data_dir() -> Path:
    """Deck definitions live in ``data/decks`` (copied into wheels as ``_data/decks``)."""
    packaged = Path(str(resources.files("spades_lab"))) / "_data" / "decks"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[2] / "data" / "decks"


def _load_json(name: str) -> Any:
    with open(deck_data_dir() / name, encoding="utf-8") as f:
        return json.load(f)


# ---------------------------------------------------------------------------- suits


@dataclass(frozen=True)
class Suit:
    """A suit: its record letter, name, symbol, colour and the shape used to draw it.

    ``symbol`` is the plain-text mark: ♠ ♥ ♦ ♣ (in every common terminal font), and for the
    Heckadeck's own suits the suit's name, since no symbol for them is in the usual fonts."""

    letter: str
    name: str
    symbol: str
    colour: str
    shape: str
    bit: int

    def __str__(self) -> str:
        return self.letter


_SUIT_DATA = _load_json("suits.json")
SUIT_LETTERS: tuple[str, ...] = tuple(_SUIT_DATA)
SUITS: dict[str, Suit] = {
    letter: Suit(letter=letter, bit=1 << i, **_SUIT_DATA[letter])
    for i, letter in enumerate(SUIT_LETTERS)
}
SUIT_BITS: dict[str, int] = {s: SUITS[s].bit for s in SUITS}
BIT_SUIT: dict[int, str] = {SUITS[s].bit: s for s in SUITS}


def suit_name(letter: str) -> str:
    return SUITS[letter].name


# ---------------------------------------------------------------------------- cards

RANK_NAMES = {
    "0": "Zero", "A": "Ace", "B": "Beast", "J": "Jack", "Q": "Queen", "K": "King",
    "T": "Traveler", "H": "Hunter",
}
_DUAL_RANKS = ("T", "H")
_FACE_RANKS = frozenset(["B", "J", "Q", "K", "T", "H"])
_ORDINARY_RANKS = frozenset(["0", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "B",
                             "J", "Q", "K"])


class Play:
    """One way to play a card: the card and the suit it is played *as*.

    An ordinary card has one play (as its own suit); a Traveler or Hunter has one per suit.
    Plays are interned on their card (``card.play``, ``card.play_as[bit]``), so they compare
    by identity.
    """

    __slots__ = ("card", "suit", "bit", "__weakref__")

    card: Card
    suit: str
    bit: int

    def __init__(self, card: Card, suit: str) -> None:
        self.card = card
        self.suit = suit
        self.bit = SUIT_BITS[suit]

    @property
    def declared(self) -> bool:
        """True when the play names a suit the player chose (a Traveler/Hunter)."""
        return self.card.is_dual

    def to_json(self) -> dict[str, str]:
        d = {"card": self.card.code}
        if self.card.is_dual:
            d["as"] = self.suit
        return d

    def __repr__(self) -> str:
        if self.card.is_dual:
            return f"Play({self.card.code!r}, as_={self.suit!r})"
        return f"Play({self.card.code!r})"

    def __str__(self) -> str:
        if self.card.is_dual:
            return f"{self.card.code} as {self.suit}"
        return self.card.code

    @property
    def pretty(self) -> str:
        if self.card.is_dual:
            return f"{self.card.pretty} as {SUITS[self.suit].name}"
        return self.card.pretty

    def _repr_html_(self) -> str:
        from ..render import play_html

        return play_html(self)

    def __reduce__(self) -> tuple[Any, ...]:
        if self.card.face != self.card.suits and self.card.face:  # a card counted as a suit
            return (_play_of, (self.card, self.suit))
        return (_play_from, (self.card.code, self.suit))

    def __copy__(self) -> Play:
        return self

    def __deepcopy__(self, memo: Any) -> Play:
        return self


def _play_from(code: str, suit: str) -> Play:
    return parse_card(code).play_as[SUIT_BITS[suit]]


def _play_of(card: Card, suit: str) -> Play:
    return card.play_as[SUIT_BITS[suit]]


class Card:
    """A card.  Use :func:`parse_card` (or a deck's ``parse``) to get one.

    Attributes: ``code`` (record notation), ``rank`` (``"10"``, ``"K"``, ``"T"`` …),
    ``suits`` (one letter, or two for a Traveler/Hunter), ``bits`` (suit bit mask),
    ``is_dual``, ``is_face``, ``is_ace``; ``play`` is the default :class:`Play` and
    ``play_as`` maps a suit bit to the play as that suit.
    """

    __slots__ = ("code", "rank", "suits", "bits", "is_dual", "is_face", "is_ace", "play",
                 "play_as", "all_plays", "suit", "face", "key", "title", "__weakref__")

    code: str
    rank: str
    suits: tuple[str, ...]
    bits: int
    is_dual: bool
    is_face: bool
    is_ace: bool
    play: Play
    play_as: dict[int, Play]
    all_plays: tuple[Play, ...]
    suit: str
    #: the suits printed on the card (its own; none on a Joker): what it looks like, while
    #: ``suits`` are the suits it counts as in play (a Jokers deck's trump 2 of Diamonds is a
    #: Spade: ``suits`` ``('S',)``, ``face`` ``('D',)``)
    face: tuple[str, ...]
    #: the rank's name in the deck's rank order (``rank`` but for the cards a house rule moves:
    #: the trump 2 of Diamonds is ``"2D"``, above the 2 of Spades)
    key: str
    #: the card's name where it has one of its own (``"Big Joker"``), else None
    title: str | None

    _cache: dict[str, Card] = {}

    def __new__(cls, rank: str, suits: Sequence[str], *, code: str | None = None,
                face: Sequence[str] | None = None, key: str | None = None,
                title: str | None = None) -> Card:
        """An interned card; with ``code`` (a Joker, or a card a house rule makes count as
        another suit) a card whose code is not rank + suits.  A card counted as another suit
        than its face (``face`` given) is not interned by code: :data:`COUNTED_AS` holds it,
        and its deck parses its code to it."""
        moved = bool(face) and tuple(face or ()) != tuple(suits)
        code = code or rank + "".join(suits)
        hit = COUNTED_AS.get((code, tuple(suits))) if moved else cls._cache.get(code)
        if hit is not None:
            return hit
        self = object.__new__(cls)
        self.code = code
        self.rank = rank
        self.face = tuple(suits) if face is None else tuple(face)
        self.key = key or rank
        self.title = title
        self.suits = tuple(suits)
        self.suit = self.suits[0]
        self.bits = 0
        for s in suits:
            self.bits |= SUIT_BITS[s]
        self.is_dual = len(self.suits) == 2
        self.is_face = rank in _FACE_RANKS
        self.is_ace = rank == "A"
        self.play_as = {SUIT_BITS[s]: Play(self, s) for s in self.suits}
        self.all_plays = tuple(self.play_as.values())
        self.play = self.all_plays[0]
        if moved:
            COUNTED_AS[(code, self.suits)] = self
        else:
            cls._cache[code] = self
        return self

    def __init__(self, rank: str, suits: Sequence[str], **kw: Any) -> None:  # noqa: D107
        pass  # interned: built in __new__

    # identity equality and hashing are inherited from object: cards are interned.

    def __reduce__(self) -> tuple[Any, ...]:
        if self.face != self.suits and self.face:
            return (_counted_as, (self.code, self.suits))
        return (parse_card, (self.code,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: Any) -> Card:
        return self

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    def __str__(self) -> str:
        return self.code

    def has_suit(self, letter: str) -> bool:
        return bool(self.bits & SUIT_BITS[letter])

    @property
    def name(self) -> str:
        """Words for people: ``"Queen of Hearts"``, ``"Traveler of Planets/Spades"``,
        ``"Big Joker"``; a card counted as another suit is named by its face (``"2 of
        Diamonds"``)."""
        if self.title is not None:
            return self.title
        rank = RANK_NAMES.get(self.rank, self.rank)
        return f"{rank} of {'/'.join(SUITS[s].name for s in self.face)}"

    @property
    def pretty(self) -> str:
        """Short form for plain text, readable in any terminal font: ``10♥``; a card of a
        Heckadeck suit with the suit's name: ``7 Acorns``, ``T Planets/Spades``; a Joker by its
        name.

        >>> parse_card("7A").pretty, parse_card("TPS").pretty, parse_card("0S").pretty
        ('7 Acorns', 'T Planets/Spades', '0♠')
        >>> parse_card("BJ").pretty
        'Big Joker'
        """
        if self.title is not None:
            return self.title
        marks = [SUITS[s].symbol for s in self.face]
        if all(len(m) == 1 for m in marks):
            return self.rank + "".join(marks)
        return f"{self.rank} {'/'.join(SUITS[s].name for s in self.face)}"

    @property
    def is_joker(self) -> bool:
        """The Big or the Little Joker (house rule ``jokers``)."""
        return self.code in JOKER_CODES

    def _repr_html_(self) -> str:  # rich display in notebooks; drawing lives in render
        from ..render import card_html

        return card_html(self)


#: The cards a house rule makes count as another suit than their face, by (code, suits):
#: not interned by code (the 2 of Diamonds is a Diamond in every other deck).
COUNTED_AS: dict[tuple[str, tuple[str, ...]], Card] = {}


def _counted_as(code: str, suits: tuple[str, ...]) -> Card:
    return COUNTED_AS[(code, tuple(suits))]


def _normalise(text: str) -> str:
    return text.strip().upper()


def _split(code: str) -> tuple[str, tuple[str, ...]] | None:
    """Split a card code into rank and suits, or None when it is not card notation."""
    if len(code) == 3 and code[0] in _DUAL_RANKS and code[1] in SUITS and code[2] in SUITS \
            and code[1] != code[2]:
        return code[0], (code[1], code[2])
    if len(code) >= 2 and code[-1] in SUITS and code[:-1] in _ORDINARY_RANKS:
        return code[:-1], (code[-1],)
    return None


def parse_card(text: str | Card) -> Card:
    """Parse record notation (any case) into a card of some deck.

    Raises :class:`RuleError` ``unknown-card`` when the text is not card notation.  Use
    :meth:`Deck.parse` to also check that the card belongs to a particular deck.
    """
    if isinstance(text, Card):
        return text
    if not isinstance(text, str):
        raise RuleError(Rule.UNKNOWN_CARD, f"{echo(text)} is not a card: write cards like 'QH' or "
                        "'10S'.")
    if not text.isascii() or len(text) > 12:  # 'ſ'.upper() is 'S': only ASCII names a card
        raise RuleError(Rule.UNKNOWN_CARD, f"{echo(text)} is not a card: write rank then suit in "
                        "plain letters and digits, like 'QH', '10S' or 'TPS'.", text=echo(text))
    code = _normalise(text)
    hit = Card._cache.get(code)
    if hit is not None:
        return hit
    split = _split(code)
    if split is None:
        raise RuleError(Rule.UNKNOWN_CARD,
                        f"{echo(text)} is not a card: write rank then suit, like 'QH', '10S' "
                        "or 'TPS'.",
                        text=text)
    rank, suits = split
    if len(suits) == 2:
        canonical = _DUAL_PAIRS.get(frozenset(suits))
        if canonical is None:
            raise RuleError(Rule.UNKNOWN_CARD, f"{text!r} is not a card: no Traveler or Hunter "
                            f"pairs {SUITS[suits[0]].name} with {SUITS[suits[1]].name}.",
                            text=text)
        suits = canonical
    return Card(rank, suits)


# ---------------------------------------------------------------------------- decks

_DECK_DATA = {name: _load_json(f"{name}.json") for name in ("standard", "heckadeck")}
_DUAL_PAIRS: dict[frozenset[str], tuple[str, str]] = {
    frozenset(p["suits"]): (p["suits"][0], p["suits"][1])
    for p in _DECK_DATA["heckadeck"]["travelers_hunters"]
}


class Deck:
    """A deck as data: its suits, its cards in display order, and its rank orders.

    >>> STANDARD_DECK.parse("as")
    Card('AS')
    >>> STANDARD_DECK.parse("0S")
    Traceback (most recent call last):
    ...
    spades_lab.core.errors.RuleError: '0S' is not a card of the 52-card deck.
    """

    def __init__(self, name: str, *, travelers_hunters: bool = False,
                 jokers: str | None = None, lowest_club_out: bool = False) -> None:
        data = _DECK_DATA[name]
        #: the deck's own name: ``standard``, ``heckadeck``, or a house rule's form of the
        #: 52-card deck (``standard+jokers:on``, ``standard-lowest-club``), so that tables kept
        #: per deck tell them apart
        self.name = (name + ("" if jokers is None else f"+jokers:{jokers}")
                     + ("-lowest-club" if lowest_club_out else ""))
        self.travelers_hunters = travelers_hunters
        #: the Jokers form (house rule ``jokers``: ``on`` or ``jokers_only``), or None
        self.jokers = jokers
        self.suits: tuple[str, ...] = tuple(data["suits"])
        self.ranks: tuple[str, ...] = tuple(data["ranks"])
        self.ace_flips: bool = bool(data["ace_flips"])
        self.rank_orders: dict[str, tuple[str, ...]] = {
            k: tuple(v) for k, v in data["rank_orders"].items()}
        cards = [Card(r, (s,)) for s in self.suits for r in self.ranks]
        self.duals: tuple[Card, ...] = ()
        if travelers_hunters:
            self.duals = tuple(Card(r, tuple(p["suits"]))
                               for p in data["travelers_hunters"] for r in _DUAL_RANKS)
            cards.extend(self.duals)
        #: per code, the card this deck parses it to where that is not the interned card of
        #: the code (a trump 2 of Diamonds)
        self._own: dict[str, Card] = {}
        #: the cards the house rule takes out (errors in a deal), in deck order
        self.out: tuple[Card, ...] = ()
        if jokers is not None:
            form = JOKER_FORMS[jokers]
            self.rank_orders = {"default": tuple(form["order"])}
            self.out = tuple(c for c in cards if c.code in form["out"])
            moved = [jokers_card(c, jokers) for c in cards]
            kept = [c for c in moved if c is not None] + list(JOKERS)
            pos = {r: i for i, r in enumerate(form["order"])}
            cards = [c for s in self.suits for c in sorted(
                (c for c in kept if c.suit == s), key=lambda c: pos[c.key])]
            self._own = {c.code: c for c in cards if c.face != c.suits and c.face}
        if lowest_club_out:  # three players, 17 cards each: one card out so 51 divide by 3
            club = next(c for c in cards if c.suit == "C")  # each suit lists low to high
            cards = [c for c in cards if c is not club]
            self.out = self.out + (club,)
        self.cards: tuple[Card, ...] = tuple(cards)
        self.index: dict[Card, int] = {c: i for i, c in enumerate(self.cards)}
        self.size = len(self.cards)
        self.label = ("52-card deck" + (" with Jokers" if jokers else "")
                      + (f" without {card_words(self.out[-1])}" if lowest_club_out else "")) \
            if name == "standard" else (
            "Heckadeck with Travelers and Hunters" if travelers_hunters else "Heckadeck")

    def __repr__(self) -> str:
        return f"<Deck {self.label}: {self.size} cards>"

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __len__(self) -> int:
        return self.size

    def __contains__(self, card: object) -> bool:
        return card in self.index

    def parse(self, text: str | Card) -> Card:
        """Parse a card and check it belongs to this deck (``unknown-card`` otherwise).  A code
        a house rule makes count as another suit (the trump 2 of Diamonds) reads as this
        deck's card of that code, as does the interned card of the code."""
        card = parse_card(text)
        if self._own:
            card = self._own.get(card.code, card)
        if card not in self.index:
            if card in self.out:
                raise RuleError(Rule.UNKNOWN_CARD, f"{echo(str(text))} is not a card of the "
                                f"{self.label}: {card_words(card)} is out of this deck.",
                                text=str(text))
            raise RuleError(Rule.UNKNOWN_CARD, f"{echo(str(text))} is not a card of the "
                            f"{self.label}.", text=str(text))
        return card

    def parse_many(self, texts: Iterable[str | Card]) -> list[Card]:
        return [self.parse(t) for t in texts]

    def sorted(self, cards: Iterable[Card]) -> list[Card]:
        return sorted(cards, key=self.index.__getitem__)


STANDARD_DECK = Deck("standard")
HECKADECK = Deck("heckadeck")
HECKADECK_TH = Deck("heckadeck", travelers_hunters=True)


_HOUSE_DECKS: dict[tuple[str | None, bool], Deck] = {}


def deck_for(name: str, travelers_hunters: bool = False, jokers: str | None = None,
             lowest_club_out: bool = False) -> Deck:
    """The deck of a rule set: the 52-card deck (with a house rule's Jokers, or its lowest Club
    out for three players of 17 cards) or the Heckadeck (with Travelers and Hunters)."""
    if name == "standard":
        if jokers is not None or lowest_club_out:
            key = (jokers, lowest_club_out)
            hit = _HOUSE_DECKS.get(key)
            if hit is None:
                hit = _HOUSE_DECKS[key] = Deck("standard", jokers=jokers,
                                               lowest_club_out=lowest_club_out)
            return hit
        return STANDARD_DECK
    return HECKADECK_TH if travelers_hunters else HECKADECK


# ---------------------------------------------------------------------------- Jokers Spades

_JOKER_DATA = _DECK_DATA["standard"]["jokers"]
#: The Jokers forms (house rule ``jokers``), as data/decks/standard.json gives them: the cards
#: out, the cards made trumps, and the rank order (low to high) of the trump suit.
JOKER_FORMS: dict[str, dict[str, Any]] = _JOKER_DATA["forms"]
JOKER_CODES: tuple[str, ...] = tuple(_JOKER_DATA["cards"])
#: The Big Joker and the Little Joker: Spades in play (the trump suit), no suit on their face.
JOKERS: tuple[Card, ...] = tuple(Card(code, ("S",), code=code, face=(), key=code, title=title)
                                 for code, title in _JOKER_DATA["cards"].items())


def jokers_card(card: Card, form: str) -> Card | None:
    """The one home of what a Jokers form does to a card: the card as it counts in play
    (its suit and its place in the rank order), or None when the form takes it out.  A card
    the form makes a trump keeps its code and its face (the 2 of Diamonds still shows a
    Diamond) and counts as a Spade ranked by its own code; every other card is itself.

    >>> two = jokers_card(parse_card("2D"), "on")
    >>> two.code, two.suits, two.face, two.key, two.name
    ('2D', ('S',), ('D',), '2D', '2 of Diamonds')
    >>> jokers_card(parse_card("2H"), "on"), jokers_card(parse_card("2D"), "jokers_only")
    (None, Card('2D'))
    """
    f = JOKER_FORMS[form]
    if card.code in f["out"]:
        return None
    if card.code in f["trumps"]:
        return Card(card.rank, ("S",), code=card.code, face=card.face, key=card.code)
    return card


def card_words(x: Card | Play, *, start: bool = False, verb: bool = False) -> str:
    """A card (or one way to play it) as a learner reads it in a sentence, in words: the one
    home of a card's learner name (explanations, engine messages, what-if, quiz, handouts).
    Suit symbols stay on card faces (``pretty``, the drawing).

    >>> [card_words(parse_card(c)) for c in ("BO", "10H", "AA", "0S", "TOH")]
    ['the Beast of Clouds', 'the 10 of Hearts', 'the Ace of Acorns', 'the Zero of Spades', \
'the Traveler of Clouds/Hearts']
    >>> card_words(parse_card("TOH").play_as[SUIT_BITS["H"]]), card_words(parse_card("QH").play)
    ('the Traveler of Clouds/Hearts, played as Hearts', 'the Queen of Hearts')

    ``start=True`` for the first words of a sentence (``'The Queen of Hearts'``); ``verb=True``
    right after "plays" or "leads" (``'the Traveler of Clouds/Hearts as Hearts'``).
    """
    the = "The" if start else "the"
    if isinstance(x, Play):
        if x.card.is_dual:
            return f"{the} {x.card.name}{' as' if verb else ', played as'} {SUITS[x.suit].name}"
        x = x.card
    return f"{the} {x.name}"


def is_counted_as(card: Card) -> bool:
    """The card counts as another suit than its face shows: a Joker (no suit on its face) or a
    card the Jokers rule makes a trump (the 2 of Diamonds)."""
    return card.face != card.suits


def counted_words(card: Card) -> str:
    """Why a card that counts as another suit than its face shows is where it is, in words
    (empty for every other card): ``'the 2 of Diamonds counts as a Spade in your rules'``.

    >>> counted_words(parse_card("BJ")), counted_words(parse_card("2D"))
    ('the Big Joker counts as a Spade in your rules', '')
    """
    if not is_counted_as(card):
        return ""
    return f"{card_words(card)} counts as a {SUITS[card.suit].name[:-1]} in your rules"


def trump_order_words(deck: Deck) -> str:
    """The top of the trump suit where a house rule puts cards above its Ace (the Jokers), in
    words, highest first: ``'the Big Joker, the Little Joker, the 2 of Diamonds, the 2 of
    Spades, then the Ace of Spades and down'``; empty for a deck without them."""
    if deck.jokers is None:
        return ""
    order = JOKER_FORMS[deck.jokers]["order"]
    pos = {r: i for i, r in enumerate(order)}
    spades = sorted((c for c in deck.cards if c.suit == "S"), key=lambda c: -pos[c.key])
    top = [c for c in spades if pos[c.key] > pos["A"]]
    return ", ".join(card_words(c) for c in top) + ", then the Ace of Spades and down"


def _and(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def cards_words(cards: Iterable[Card]) -> str:
    """Cards in words for a sentence, in the order given, neighbours of one suit named together.

    >>> cards_words(parse_card(c) for c in ("6O", "11O", "BO", "JO", "TOH"))
    'the 6, 11, Beast and Jack of Clouds and the Traveler of Clouds/Hearts'
    >>> cards_words([parse_card("2C")]), cards_words([])
    ('the 2 of Clubs', '')
    """
    groups: list[tuple[tuple[str, ...], list[str]]] = []
    for c in cards:
        rank = RANK_NAMES.get(c.rank, c.rank)
        if c.title is not None:  # a Joker: a name of its own
            groups.append(((c.title,), []))
        elif groups and not c.is_dual and groups[-1][0] == c.face and groups[-1][1]:
            groups[-1][1].append(rank)
        else:
            groups.append((c.face if not c.is_dual else ("", *c.face), [rank]))
    if not groups:
        return ""
    return _and([f"the {_and(ranks)} of {'/'.join(SUITS[s].name for s in suits if s)}"
                 if ranks else f"the {suits[0]}" for suits, ranks in groups])


def cards_text(cards: Iterable[Card], pretty: bool = True) -> str:
    """Cards joined for messages: in words (:func:`cards_words`), or with ``pretty=False``
    their record codes (``"2C, AS, KH"``)."""
    if pretty:
        return cards_words(cards)
    return ", ".join(c.code for c in cards)
