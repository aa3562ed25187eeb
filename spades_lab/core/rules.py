"""Rule sets: an immutable value per table, built from a named preset and options.

Every choice RULINGS.md marks *option* is a field here, with the preset's default.

>>> r = RuleSet.preset("online", bag_limit=5, bag_penalty=50)
>>> r.name, r.first_lead, r.bag_limit, r.target
('online', 'dealer', 5, 500)
>>> RuleSet.preset("standard", th_low=True)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
spades_lab.core.errors.OptionError: Rule set 'standard' has no option 'th_low'. Its options are: ...
"""
from __future__ import annotations

import json
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from functools import cache
from typing import Any

from .cards import Deck, deck_for
from .errors import ArgumentError, OptionError, echo, parse_whole

PRESETS: tuple[str, ...] = ("standard", "online", "original", "acorns", "acorns8")

#: Options every preset takes, then the extra ones per preset (RULINGS.md section 8).
COMMON_OPTIONS = ("failed_nil_tricks", "bag_limit", "bag_penalty", "losing_floor", "target",
                  "blind_exchange", "first_lead")
EXTRA_OPTIONS: dict[str, tuple[str, ...]] = {
    "standard": (),
    "online": ("blind_nil_deficit",),
    "original": (),
    "acorns": ("travelers_hunters", "th_low"),
    "acorns8": ("travelers_hunters", "th_low", "teams"),
}

# house rules: bidding and play
#: The bidding and play house rules (docs/rulings.md section 9), options of the 52-card presets.
#: Each defaults to the seed rules' behaviour; like every house rule (:data:`HOUSE_OPTIONS`) a rule
#: set lists one only once it is switched on, so a plain preset prints as before.
HOUSE_PLAY_OPTIONS = ("spade_lead", "zero_bid", "nil_bids", "blind_nil", "team_bid_max",
                      "team_bid_min", "blind_bids", "nil_exchange", "bidding", "jokers",
                      "cutthroat")
HOUSE_PLAY_PRESETS = ("standard", "online", "original")
#: ``spade_lead``: ``broken`` (Spades may be led once broken, the seed rules), ``not_first_trick``
#: (as ``broken``, and no Spade may be played on the first trick, led or not, by a player who
#: holds any other card), ``any`` (Spades may be led at any time: they never need breaking).
SPADE_LEAD_CHOICES = ("broken", "not_first_trick", "any")
#: ``zero_bid``: ``nil`` (an ordinary 0 is read as nil) or ``ordinary`` (0 is a bid of no tricks,
#: scored as an ordinary bid; nil is then bid by name).
ZERO_BID_CHOICES = ("nil", "ordinary")
#: ``nil_bids``: ``on``, ``off`` (no nil, blind or not), ``below_target`` (a partnership at or
#: above the target when the hand starts may not bid nil).
NIL_BIDS_CHOICES = ("on", "off", "below_target")
#: ``bidding``: ``free`` (any legal bid), ``mirror`` (bid your Spades), ``whiz`` (nil or your
#: Spades), ``suicide`` (in each partnership one partner bids nil and the other 4 or more).
BIDDING_CHOICES = ("free", "mirror", "whiz", "suicide")
#: ``jokers`` (Jokers Spades): ``off``; ``on`` (the Big Joker, the Little Joker, the 2 of
#: Diamonds and the 2 of Spades above the Ace as the highest trumps, the 2 of Hearts and of Clubs
#: out); ``jokers_only`` (the two Jokers above the Ace, the same two 2s out).  The forms are data
#: (data/decks/standard.json); :func:`~spades_lab.core.cards.jokers_card` applies them.
JOKERS_CHOICES = ("off", "on", "jokers_only")
#: ``cutthroat`` (three players, each alone): ``off``; ``deal_17`` (17 cards each, the lowest
#: Club of the deck out so that it divides by three); ``deal_13`` (13 cards each, the other 13
#: left undealt, a different 13 each hand).
CUTTHROAT_CHOICES = ("off", "deal_17", "deal_13")
THREE_SEATS = ("North", "East", "West")
#: Suicide's lowest ordinary bid for the partner who does not bid nil.
SUICIDE_MIN_BID = 4
_COUNT_WORDS = {2: "two", 4: "four"}
# end house rules: bidding and play

FAILED_NIL_CHOICES = ("bags_only", "count_toward_bid", "ignored")
FIRST_LEAD_CHOICES = ("left", "dealer")
TEAMS_CHOICES = ("pairs", "fours")
ONLINE_TARGETS = (100, 200, 250, 300, 500)

# house rules: scoring (issue 24; RULINGS.md section 9).  Each is off by default (the default
# is the seed rules' behaviour), and a rule set lists it only once it is set (``options``).
#: The scoring and game-end house rules, and the presets each applies to.
HOUSE_SCORING_OPTIONS: dict[str, tuple[str, ...]] = {
    "standard": ("nil_points", "partners_nil", "overtrick_points", "big_bid_bonus",
                 "big_bid_min", "moon_bonus", "bag_penalty_once", "bag_penalty_while_negative",
                 "hand_limit", "tie_break"),
    "online": ("nil_points", "partners_nil", "overtrick_points", "big_bid_bonus",
               "big_bid_min", "moon_bonus", "bag_penalty_once", "bag_penalty_while_negative",
               "hand_limit", "tie_break"),
    "original": ("nil_points", "partners_nil", "overtrick_points", "big_bid_bonus",
                 "big_bid_min", "moon_bonus", "bag_penalty_once", "bag_penalty_while_negative",
                 "hand_limit", "tie_break"),
    "acorns": ("overtrick_points", "bag_penalty_once", "bag_penalty_while_negative",
               "hand_limit", "tie_break"),
    "acorns8": ("overtrick_points", "bag_penalty_once", "bag_penalty_while_negative",
                "hand_limit", "tie_break"),
}
#: Why a scoring house rule is not an option of the Spades (and Acorns) sets, in words.
HOUSE_SCORING_NOT_HERE: dict[str, str] = {
    "nil_points": "Spades (and Acorns) has its own nil-type bids (Nil Spades, Nil Acorns, Full "
                  "Nil) with the values the rule text gives them, so the 52-card nil value is "
                  "not an option there",
    "partners_nil": "Spades (and Acorns) scores each nil-type bid player by player, as its "
                    "rule text says; scoring partners' nils as one is a 52-card house rule",
    "big_bid_bonus": "the big-bid bonuses are counted in 13-trick hands; Spades (and Acorns) "
                     "deals 32 or 16 cards a player",
    "big_bid_min": "the big-bid bonuses are counted in 13-trick hands; Spades (and Acorns) "
                   "deals 32 or 16 cards a player",
    "moon_bonus": "shooting the moon is taking all 13 tricks of a 52-card hand; Spades (and "
                  "Acorns) has no such bonus",
}
#: Every preset's house rules (section 9): those of bidding and play, then those of scoring.  The
#: one list :meth:`RuleSet.preset` accepts them from and :meth:`RuleSet.options` lists them by.
HOUSE_OPTIONS: dict[str, tuple[str, ...]] = {
    name: (HOUSE_PLAY_OPTIONS if name in HOUSE_PLAY_PRESETS else ()) + HOUSE_SCORING_OPTIONS[name]
    for name in PRESETS}
NIL_POINTS_CHOICES = (50, 100)
PARTNERS_NIL_CHOICES = ("separate", "unit", "no_bags")
TIE_BREAK_CHOICES = ("play_on", "made_bid", "fewer_bags")


def _house_hint(key: Any, house: Sequence[str]) -> str:
    """The end of an unknown option's message: the house rules there are, by name when the
    unknown name is close to one (the full list would not fit in one line of the CLI).

    >>> _house_hint("nil_point", HOUSE_SCORING_OPTIONS["standard"])
    ', and the house rules of the rulings, section 9 (did you mean nil_points?)'
    """
    if not house:
        return ""
    import difflib  # only for a refusal: not loaded with the rules

    close = difflib.get_close_matches(key[:40], house, n=1) if isinstance(key, str) else []
    return ", and the house rules of the rulings, section 9" + (
        f" (did you mean {close[0]}?)" if close else "")
# end of house rules: scoring

#: Nil-type bid kinds.  "Full" kinds fail on any trick; partial kinds on a card of a suit.
NIL_KINDS_52 = ("nil",)
NIL_KINDS_ACORNS = ("nil spades", "nil acorns", "full nil")
PARTIAL_NIL_SUIT = {"nil spades": "S", "nil acorns": "A"}
NIL_VALUES = {"nil": 100, "nil spades": 100, "nil acorns": 100, "full nil": 240}

Exchange = tuple[int, int]  # (fewest, most) cards passed each way


def _parse_exchange_count(value: Any, where: str) -> Exchange:
    """A blind exchange's (fewest, most) cards: a count ``N`` (exactly N), ``"up to N"``
    (0 to N), ``"L to N"`` (L to N), or a pair ``(L, N)``; whole numbers, ``0 <= L <= N``
    (the most is checked against the hand size with the deck).

    >>> _parse_exchange_count(2, "x"), _parse_exchange_count("up to 3", "x")
    ((2, 2), (0, 3))
    >>> _parse_exchange_count("1 to 3", "x"), _parse_exchange_count((1, 3), "x")
    ((1, 3), (1, 3))
    >>> _parse_exchange_count((3, 1), "x")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    spades_lab.core.errors.OptionError: x: from 3 to 1 cards is backwards; ...
    """
    def is_int(v: Any) -> bool:
        return isinstance(v, int) and not isinstance(v, bool)

    lo: int | None = None
    hi: int | None = None
    if is_int(value):
        lo = hi = value
    elif isinstance(value, (tuple, list)) and len(value) == 2 and all(map(is_int, value)):
        lo, hi = value
    elif isinstance(value, str):
        words = value.strip().lower().split()
        if len(words) == 3 and words[:2] == ["up", "to"]:
            lo, hi = 0, parse_whole(words[2])
        elif len(words) == 3 and words[1] == "to":
            lo, hi = parse_whole(words[0]), parse_whole(words[2])
        elif len(words) == 1:
            lo = hi = parse_whole(words[0])
    if lo is None or hi is None:
        raise OptionError(f"{where}: {echo(value)} is not valid; use a number of cards (exactly "
                          "that many), 'up to N' or 'L to N'.", option="blind_exchange")
    if lo < 0 or hi < 0:
        raise OptionError(f"{where}: a card count cannot be negative.", option="blind_exchange")
    if lo > hi:
        raise OptionError(f"{where}: from {lo} to {hi} cards is backwards; the fewest cards come "
                          "first, e.g. (1, 3).", option="blind_exchange")
    return (lo, hi)


def _exchange_text(ex: Exchange) -> int | str:
    """A range as a record writes it (read back exactly by :func:`_parse_exchange_count`).

    >>> _exchange_text((2, 2)), _exchange_text((0, 3)), _exchange_text((1, 3))
    (2, 'up to 3', '1 to 3')
    """
    if ex[0] == ex[1]:
        return ex[1]
    return f"up to {ex[1]}" if ex[0] == 0 else f"{ex[0]} to {ex[1]}"


@dataclass(frozen=True, kw_only=True)
class RuleSet:
    """A table's rules.  Build with :meth:`preset`; every field is documented in RULINGS.md.

    The option fields are those of RULINGS.md section 8; the fields after ``teams`` are fixed by
    the preset (deck, players, trumps, bid kinds) and derived in ``__post_init__``.
    """

    name: str = "standard"
    failed_nil_tricks: str = "bags_only"
    bag_limit: int | None = 10
    bag_penalty: int = 100
    losing_floor: int | None = None
    target: int = 500
    #: Cards passed each way after a blind nil-type bid, per nil kind: (fewest, most).
    blind_exchange: tuple[tuple[str, Exchange], ...] = (("nil", (0, 0)),)
    first_lead: str = "left"
    blind_nil_deficit: int | None = None
    travelers_hunters: bool = False
    th_low: bool = False
    teams: str = "pairs"
    # house rules: bidding and play (HOUSE_PLAY_OPTIONS; docs/rulings.md section 9)
    spade_lead: str = "broken"
    zero_bid: str = "nil"
    nil_bids: str = "on"
    blind_nil: bool = True
    team_bid_max: int | None = None
    team_bid_min: int | None = None
    blind_bids: bool = False
    nil_exchange: int = 0
    bidding: str = "free"
    #: Jokers Spades: ``off``, ``on`` or ``jokers_only`` (:data:`JOKERS_CHOICES`)
    jokers: str = "off"
    #: Three players, each alone: ``off``, ``deal_17`` or ``deal_13`` (:data:`CUTTHROAT_CHOICES`)
    cutthroat: str = "off"
    # end house rules: bidding and play
    # house rules: scoring (HOUSE_SCORING_OPTIONS; RULINGS.md section 9)
    #: What a made nil scores (a blind nil doubles it); 52-card sets only.
    nil_points: int = 100
    #: When both partners bid nil: ``separate`` (each scored alone), ``unit`` (one bid worth
    #: both values, all lost if either fails; their tricks score nothing) or ``no_bags``
    #: (each scored alone, but their tricks score nothing and are not bags).
    partners_nil: str = "separate"
    #: Points per trick over the bid (each is still a bag, counted for the penalty).
    overtrick_points: int = 1
    #: Points added to a made partnership bid of ``big_bid_min`` tricks or more (0: off).
    big_bid_bonus: int = 0
    big_bid_min: int = 10
    #: Points added for a partnership that takes all 13 tricks (0: off).
    moon_bonus: int = 0
    #: At most one bag penalty a hand (what is left over carries, even past the limit).
    bag_penalty_once: bool = False
    #: False: no bag penalty while the partnership's total is below 0 (the bags wait).
    bag_penalty_while_negative: bool = True
    #: The game ends after this many hands at the latest (None: no limit).
    hand_limit: int | None = None
    #: How a tie for the highest total at the end is settled: ``play_on`` (another hand),
    #: ``made_bid`` (the tied partnership that made its bid in the last hand) or
    #: ``fewer_bags`` (the tied partnership with fewer bags).
    tie_break: str = "play_on"
    # end of house rules: scoring

    # derived from the preset (not options)
    players: int = field(init=False)
    hand_size: int = field(init=False)
    deck: Deck = field(init=False, repr=False, compare=False)
    trumps: tuple[str, ...] = field(init=False)
    nil_kinds: tuple[str, ...] = field(init=False)
    nil_values: dict[str, int] = field(init=False, repr=False, compare=False)
    team_seats: tuple[tuple[int, ...], ...] = field(init=False)
    #: The preset is one of the Acorns sets (acorns, acorns8).  Rules read the named facts
    #: below (``two_trumps``, ``superior_by_first_break``, ``zero_is_nil`` ...), not this.
    acorns: bool = field(init=False)
    #: Some bidding house rule is in force (the engine then filters the legal bids by the
    #: situation: the partner's bid, the hand's Spades, the score).  Derived; asked at every
    #: bid, so computed once.
    house_bidding: bool = field(init=False, repr=False, compare=False)
    #: hash of the compared fields, computed once (tables are looked up by rule set on hot
    #: paths); deterministic across processes, so a pickled rule set keeps a valid hash
    _hash: int = field(init=False, repr=False, compare=False)
    #: the compared fields' values, kept for :meth:`__eq__` (a rule set read again from a
    #: record is equal to, not the same object as, the one a table was cached under)
    _key: tuple[Any, ...] = field(init=False, repr=False, compare=False)

    # ------------------------------------------------------------------ construction
    @classmethod
    def preset(cls, name: str, options: Mapping[str, Any] | None = None, /,
               **kw: Any) -> RuleSet:
        """The named preset with options overridden (from a mapping and/or keywords)."""
        if name not in PRESETS:
            raise OptionError(f"There is no rule set {echo(name)}. The rule sets are: "
                              f"{', '.join(PRESETS)}.", valid=list(PRESETS))
        opts: dict[str, Any] = dict(options or {})
        opts.update(kw)
        allowed = COMMON_OPTIONS + EXTRA_OPTIONS[name] + HOUSE_OPTIONS[name]
        for key in opts:
            if key in HOUSE_SCORING_NOT_HERE and key not in allowed:  # house rules: scoring
                raise OptionError(f"Rule set {name!r} has no option {key}: "
                                  f"{HOUSE_SCORING_NOT_HERE[key]}.", option=key,
                                  valid=sorted(allowed))
            if key not in allowed:
                table = COMMON_OPTIONS + EXTRA_OPTIONS[name]
                raise OptionError(f"Rule set {name!r} has no option {echo(key, 40)}. Its options "
                                  "are: "
                                  f"{', '.join(sorted(table))}"
                                  + _house_hint(key, HOUSE_OPTIONS[name]) + ".",
                                  option=key, valid=sorted(allowed))
        base: dict[str, Any] = dict(_PRESET_DEFAULTS[name])
        if "bag_limit" in opts and opts["bag_limit"] is None and "bag_penalty" not in opts:
            base["bag_penalty"] = 0
        base.update(opts)
        base["blind_exchange"] = _normalise_exchange(name, base["blind_exchange"])
        return cls(name=name, **base)

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        if self.name not in PRESETS:
            raise OptionError(f"There is no rule set {echo(self.name)}. The rule sets are: "
                              f"{', '.join(PRESETS)}.", valid=list(PRESETS))
        acorns = self.name in ("acorns", "acorns8")
        three = self.cutthroat in CUTTHROAT_CHOICES[1:] and not acorns
        players = 8 if self.name == "acorns8" else 3 if three else 4
        jokers = self.jokers if self.jokers in JOKERS_CHOICES[1:] and not acorns else None
        deck = deck_for("heckadeck" if acorns else "standard",
                        self.travelers_hunters and acorns, jokers,
                        lowest_club_out=three and self.cutthroat == "deal_17")
        set_(self, "acorns", acorns)
        set_(self, "players", players)
        set_(self, "deck", deck)
        set_(self, "hand_size", 13 if self.cutthroat == "deal_13" and three
             else deck.size // players)
        set_(self, "trumps", ("S", "A") if acorns else ("S",))
        set_(self, "nil_kinds", NIL_KINDS_ACORNS if acorns else NIL_KINDS_52)
        half = self.name == "acorns8"
        values = dict(NIL_VALUES, nil=self.nil_points)  # house rules: scoring (nil_points)
        set_(self, "nil_values", {k: (v // 2 if half else v) for k, v in values.items()
                                  if k in self.nil_kinds})
        if players == 3:  # house rules: each player alone
            teams: tuple[tuple[int, ...], ...] = ((0,), (1,), (2,))
        elif players == 4:
            teams = ((0, 2), (1, 3))
        elif self.teams == "fours":
            teams = ((0, 2, 4, 6), (1, 3, 5, 7))
        else:
            teams = ((0, 4), (1, 5), (2, 6), (3, 7))
        set_(self, "team_seats", teams)
        set_(self, "house_bidding", self.nil_bids != "on" or not self.blind_nil
             or self.team_bid_max is not None or self.team_bid_min is not None
             or self.bidding != "free")
        self._validate()
        key = tuple(getattr(self, f.name) for f in fields(self) if f.compare)
        set_(self, "_key", key)
        set_(self, "_hash", zlib.crc32(repr(key).encode()))

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        """Equal when every compared field is (the dataclass's equality, from the values kept
        at construction rather than gathered at each comparison)."""
        if self is other:
            return True
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._hash == other._hash and self._key == other._key

    def _validate(self) -> None:
        def bad(opt: str, valid: str) -> None:
            raise OptionError(f"Option {opt} = {echo(getattr(self, opt))} is not valid for "
                              f"{self.name!r}; valid values: {valid}.", option=opt)

        def is_int(v: Any) -> bool:
            return isinstance(v, int) and not isinstance(v, bool)

        if self.failed_nil_tricks not in FAILED_NIL_CHOICES:
            bad("failed_nil_tricks", " or ".join(FAILED_NIL_CHOICES))
        if self.bag_limit is not None and (not is_int(self.bag_limit) or self.bag_limit < 1):
            bad("bag_limit", "a whole number of bags of at least 1, or null for no penalty")
        if not is_int(self.bag_penalty) or self.bag_penalty < 0:
            bad("bag_penalty", "a whole number of points, 0 or more")
        if self.losing_floor is not None and not is_int(self.losing_floor):
            bad("losing_floor", "null (off) or a whole number of points, e.g. -200")
        if not is_int(self.target) or self.target < 1:
            bad("target", "a whole number of points above 0")
        if self.name == "online" and self.target not in ONLINE_TARGETS:
            bad("target", ", ".join(map(str, ONLINE_TARGETS)))
        if self.losing_floor is not None and is_int(self.target) \
                and self.losing_floor >= self.target:
            bad("losing_floor", "a whole number below the target")
        if self.first_lead not in FIRST_LEAD_CHOICES:
            bad("first_lead", "'left' (left of the dealer) or 'dealer'")
        if self.name == "online":
            if not is_int(self.blind_nil_deficit) or self.blind_nil_deficit < 0:  # type: ignore
                bad("blind_nil_deficit", "a whole number of points, 0 or more")
        if not isinstance(self.travelers_hunters, bool):
            bad("travelers_hunters", "true or false")
        if not isinstance(self.th_low, bool):
            bad("th_low", "true or false")
        if self.teams not in TEAMS_CHOICES:
            bad("teams", "'pairs' (four teams of two) or 'fours' (two teams of four)")
        self._validate_house_play()
        self._validate_house_scoring(bad, is_int)
        for kind, ex in self.blind_exchange:
            if not (isinstance(ex, tuple) and len(ex) == 2 and all(
                    isinstance(v, int) and not isinstance(v, bool) for v in ex)
                    and 0 <= ex[0] <= ex[1]):
                raise OptionError(f"Option blind_exchange: {kind} passes {echo(ex)} cards; use "
                                  "(fewest, most) whole numbers, fewest first.",
                                  option="blind_exchange")
            most = ex[1]
            if most > self.hand_size:
                raise OptionError(f"Option blind_exchange: {kind} passes {most} cards, more than "
                                  f"the {self.hand_size} a player holds in {self.name!r}; use 0 "
                                  f"to {self.hand_size} or 'up to N'.", option="blind_exchange")

    # house rules: bidding and play
    def _validate_house_play(self) -> None:
        """Each bidding/play house rule's values, then the combinations that contradict
        themselves, refused with a sentence that says why."""
        def bad(opt: str, valid: str) -> None:
            raise OptionError(f"Option {opt} = {echo(getattr(self, opt))} is not valid for "
                              f"{self.name!r}; valid values: {valid}.", option=opt)

        def clash(opt: str, why: str) -> None:
            # ``why`` is a whole sentence in words (the learner's rendering); the message adds
            # the option and its value for the command line and teachers' tools
            raise OptionError(f"Option {opt} = {echo(getattr(self, opt))} contradicts the "
                              f"other options: {why}.", words=f"{why[0].upper()}{why[1:]}.",
                              option=opt)

        def is_int(v: Any) -> bool:
            return isinstance(v, int) and not isinstance(v, bool)

        if self.spade_lead not in SPADE_LEAD_CHOICES:
            bad("spade_lead", "'broken' (once broken), 'not_first_trick' (and never on the "
                "first trick) or 'any' (at any time)")
        if self.zero_bid not in ZERO_BID_CHOICES:
            bad("zero_bid", "'nil' (0 means nil) or 'ordinary' (0 is a bid of no tricks)")
        if self.nil_bids not in NIL_BIDS_CHOICES:
            bad("nil_bids", "'on', 'off' or 'below_target'")
        for flag in ("blind_nil", "blind_bids"):
            if not isinstance(getattr(self, flag), bool):
                bad(flag, "true or false")
        if self.bidding not in BIDDING_CHOICES:
            bad("bidding", "'free', 'mirror', 'whiz' or 'suicide'")
        if self.cutthroat not in CUTTHROAT_CHOICES:
            bad("cutthroat", "'off', 'deal_17' (three players, 17 cards each, one card out) "
                "or 'deal_13' (three players, 13 cards each, 13 undealt)")
        if self.cutthroat != "off":
            if self.bidding == "suicide":
                clash("cutthroat", "in Suicide one partner bids nil and the other 4 or more, and "
                      "three players each alone have no partners")
            if self.partners_nil != "separate":
                clash("partners_nil", "three players each alone have no partners, so partners' "
                      "nils cannot be scored together")
            if self.nil_exchange:
                clash("nil_exchange", "three players each alone have no partner to pass cards "
                      "to after a nil")
        if self.jokers not in JOKERS_CHOICES:
            bad("jokers", "'off', 'on' (two Jokers, the 2 of Diamonds and the 2 of Spades "
                "above the Ace of Spades) or 'jokers_only' (two Jokers above the Ace)")
        size = self.hand_size
        for opt in ("team_bid_max", "team_bid_min"):
            v = getattr(self, opt)
            if v is not None and (not is_int(v) or not 1 <= v <= size * 2):
                bad(opt, f"null (off) or a whole number of tricks from 1 to {size * 2}")
        if not is_int(self.nil_exchange) or not 0 <= self.nil_exchange <= size:
            bad("nil_exchange", f"a whole number of cards from 0 to {size}")
        lo, hi = self.team_bid_min, self.team_bid_max
        if lo is not None and hi is not None and lo > hi:
            clash("team_bid_min", f"a partnership cannot bid at least {lo} and at most {hi}")
        if lo is not None and lo > size:
            clash("team_bid_min", f"a partnership cannot be held to at least {lo} tricks: with "
                  f"nil a partner may bid nothing, and one player bids at most {size}")
        # every seat keeps a legal bid: where nil may be barred (switched off, or near the
        # target) and 0 means nil, each player bids at least 1, so a partnership of k players
        # bids at least k; a cap below that leaves the last of them no bid at all
        per_team = self.players // len(self.team_seats)
        if hi is not None and self.nil_bids != "on" and self.zero_bid == "nil" \
                and hi < per_team:
            when = ("with nil switched off every player bids at least 1" if
                    self.nil_bids == "off" else "a partnership at or above the target may not "
                    "bid nil, and then each partner bids at least 1")
            clash("team_bid_max", f"{when}, so the {_COUNT_WORDS.get(per_team, per_team)} "
                  f"partners bid at least {per_team} between them and cannot be capped at "
                  f"{hi}: the last to bid would have no bid left")
        if self.bidding in ("mirror", "whiz"):
            if lo is not None:
                clash("team_bid_min", "Mirror decides every bid from the cards, so a "
                      "partnership's total cannot be held to a minimum"
                      if self.bidding == "mirror" else
                      "in Whiz every player bids nil or the Spades held, so a partnership "
                      "holding few Spades could not reach a minimum")
        if self.bidding != "free":
            variant = self.bidding.title()
            if self.blind_bids and self.bidding != "suicide":
                clash("blind_bids", f"{variant} bids come from the Spades in hand, so they "
                      "cannot be made before looking")
            if self.nil_bids == "below_target":
                clash("nil_bids", f"{variant} needs nil whatever the score, so nil cannot be "
                      "barred near the target")
            if self.nil_bids == "off" and not (self.bidding == "mirror"
                                               and self.zero_bid == "ordinary"):
                clash("nil_bids", (f"{variant} needs nil (a player without Spades bids it)"
                                   if self.bidding != "suicide" else
                                   "in Suicide one partner bids nil")
                      + ", so nil cannot be switched off")
        if self.bidding == "mirror" and hi is not None and hi < size:
            clash("team_bid_max", f"in Mirror a partnership bids the Spades it holds, up to "
                  f"{size}, so it cannot be capped at {hi}")
        if self.bidding == "suicide" and hi is not None and hi < SUICIDE_MIN_BID:
            clash("team_bid_max", f"in Suicide one partner bids at least {SUICIDE_MIN_BID}, so "
                  f"a partnership cannot be capped at {hi}")
        if self.bidding == "suicide" and self.zero_bid == "ordinary":
            clash("zero_bid", "in Suicide the partner who does not bid nil bids at least "
                  f"{SUICIDE_MIN_BID}, so a bid of 0 has no place")
        if self.nil_exchange and self.nil_bids == "off":
            clash("nil_exchange", "cards cannot be passed after a nil when nil is switched "
                  "off")

    @property
    def house_play_rules(self) -> tuple[str, ...]:
        """The bidding and play house rules switched on (their option names)."""
        return tuple(k for k in HOUSE_PLAY_OPTIONS if getattr(self, k) != _HOUSE_DEFAULTS[k])

    @property
    def spades_need_breaking(self) -> bool:
        """Spades may not be led before they are broken (``spade_lead`` is not ``any``)."""
        return self.spade_lead != "any"

    @property
    def no_spades_first_trick(self) -> bool:
        """No Spade may be played on a hand's first trick by a player holding another card."""
        return self.spade_lead == "not_first_trick"
    # end house rules: bidding and play

    # house rules: scoring
    def _validate_house_scoring(self, bad: Any, is_int: Any) -> None:
        """Each scoring house rule's values, then the combinations that contradict themselves,
        refused with a sentence saying why (RULINGS.md section 9)."""
        def refuse(opt: str, why: str, words: str) -> None:
            # ``words``: the refusal for people at a table, naming the rule, not the option
            raise OptionError(f"Option {opt} cannot be used here: {why}.", words=words,
                              option=opt)

        for key, why in HOUSE_SCORING_NOT_HERE.items():
            if key not in HOUSE_SCORING_OPTIONS[self.name] \
                    and getattr(self, key) != _FIELD_DEFAULTS[key]:
                raise OptionError(f"Rule set {self.name!r} has no option {key}: {why}.",
                                  option=key)
        if not is_int(self.nil_points) or self.nil_points not in NIL_POINTS_CHOICES:
            bad("nil_points", " or ".join(map(str, NIL_POINTS_CHOICES))
                + " (a blind nil is worth double)")
        if self.partners_nil not in PARTNERS_NIL_CHOICES:
            bad("partners_nil", "'separate', 'unit' or 'no_bags'")
        if not is_int(self.overtrick_points) or self.overtrick_points not in (0, 1):
            bad("overtrick_points", "1 (a point a bag) or 0 (bags score nothing)")
        if not is_int(self.big_bid_bonus) or self.big_bid_bonus < 0:
            bad("big_bid_bonus", "a whole number of points, 0 (off) or more")
        if not is_int(self.big_bid_min) or not 1 <= self.big_bid_min <= self.hand_size:
            bad("big_bid_min", f"a number of tricks from 1 to {self.hand_size}")
        if not is_int(self.moon_bonus) or self.moon_bonus < 0:
            bad("moon_bonus", "a whole number of points, 0 (off) or more")
        if not isinstance(self.bag_penalty_once, bool):
            bad("bag_penalty_once", "true or false")
        if not isinstance(self.bag_penalty_while_negative, bool):
            bad("bag_penalty_while_negative", "true or false")
        if self.hand_limit is not None and (not is_int(self.hand_limit) or self.hand_limit < 1):
            bad("hand_limit", "null (no limit) or a whole number of hands of at least 1")
        if self.tie_break not in TIE_BREAK_CHOICES:
            bad("tie_break", "'play_on', 'made_bid' or 'fewer_bags'")
        if self.big_bid_min != 10 and self.big_bid_bonus == 0:
            refuse("big_bid_min", "it says which bids earn the big-bid bonus, and big_bid_bonus "
                   "is 0 (off); give the bonus too",
                   "A smallest bid for the big-bid bonus needs the bonus itself: give the bonus "
                   "too.")
        no_penalty = self.bag_limit is None or self.bag_penalty == 0
        if self.bag_penalty_once and no_penalty:
            refuse("bag_penalty_once", "it limits the bag penalty to one a hand, and these "
                   "rules take no bag penalty (no bag limit, or a penalty of 0)",
                   "One bag penalty a hand at most has nothing to limit: these rules take no "
                   "bag penalty (no bag limit, or a penalty of 0).")
        if not self.bag_penalty_while_negative and no_penalty:
            refuse("bag_penalty_while_negative", "it holds the bag penalty back while a "
                   "score is below 0, and these rules take no bag penalty (no bag limit, or a "
                   "penalty of 0)",
                   "Holding the bag penalty back while a score is below 0 has nothing to hold "
                   "back: these rules take no bag penalty (no bag limit, or a penalty of 0).")
        if self.partners_nil != "separate" and self.failed_nil_tricks == "count_toward_bid":
            refuse("partners_nil", "it says the tricks of partners who both bid nil are not "
                   "bags, and counting a failed nil's tricks toward the partnership's bid (the "
                   "failed-nil option) makes every one of them a bag; choose one",
                   "Partners who both bid nil take no bags for their tricks, but counting a "
                   "failed nil's tricks toward the partnership's bid makes every one of them a "
                   "bag: choose one.")

    @property
    def bags_may_pass_limit(self) -> bool:
        """A carried bag count may stand at or past the limit: with one penalty a hand at most,
        or none while the score is below 0 (RULINGS.md section 9)."""
        return self.bag_penalty_once or not self.bag_penalty_while_negative
    # end of house rules: scoring

    # ------------------------------------------------------------------ queries
    # The rule facts the rule sets differ in, by name (read these, not the preset's name).
    @property
    def two_trumps(self) -> bool:
        """Two trump suits, Spades and Acorns (the Acorns sets); one, Spades, otherwise."""
        return len(self.trumps) == 2

    @property
    def superior_at_deal(self) -> str | None:
        """The superior trump when a hand starts: Spades in the 52-card sets; none in the
        Acorns sets, where the first trump broken becomes superior."""
        return None if self.two_trumps else "S"

    @property
    def superior_by_first_break(self) -> bool:
        """The first trump broken in a hand becomes the superior trump (the Acorns sets)."""
        return self.superior_at_deal is None

    @property
    def zero_is_nil(self) -> bool:
        """An ordinary bid of 0 means nil (the 52-card sets); in the Acorns sets 0 is a bid of
        zero tricks."""
        return "nil" in self.nil_kinds and self.zero_bid == "nil"

    @property
    def min_bid(self) -> int:
        """The lowest ordinary bid: 1 where 0 means nil, else 0."""
        return 1 if self.zero_is_nil else 0

    @property
    def dual_cards(self) -> bool:
        """The deck has Travelers and Hunters (cards of two suits, declared when played)."""
        return self.deck.travelers_hunters

    @property
    def team_count(self) -> int:
        return len(self.team_seats)

    def team_of(self, seat: int) -> int:
        return seat % self.team_count

    def partner(self, seat: int) -> int:
        """The exchange partner: the player opposite (with three players each alone there is
        none, and no exchange: :meth:`exchange_range` is 0)."""
        return (seat + self.players // 2) % self.players

    @property
    def has_partners(self) -> bool:
        """Players sit in partnerships (not with three players each alone)."""
        return len(self.team_seats[0]) > 1

    def exchange_range(self, nil_kind: str) -> Exchange:
        if not self.has_partners:  # each alone: no partner to pass cards to
            return (0, 0)
        for kind, ex in self.blind_exchange:
            if kind == nil_kind:
                return ex
        return (0, 0)

    def nil_value(self, nil_kind: str, blind: bool) -> int:
        return self.nil_values[nil_kind] * (2 if blind else 1)

    @property
    def rank_order(self) -> tuple[str, ...]:
        orders = self.deck.rank_orders
        return orders["th_low"] if self.th_low and "th_low" in orders else orders["default"]

    def options(self, *, all: bool = False, house: bool = False) -> dict[str, Any]:
        """The options as JSON values (only those differing from the preset unless ``all``).

        The house rules (:data:`HOUSE_OPTIONS`) are listed once set, even with ``all``;
        ``house`` lists them at their defaults too (with ``all``).

        >>> RuleSet.preset("standard", nil_points=50).options()
        {'nil_points': 50}
        >>> "spade_lead" in RuleSet.preset("standard").options(all=True)
        False
        >>> "hand_limit" in RuleSet.preset("standard").options(all=True, house=True)
        True
        """
        default = _plain_preset(self.name)
        out: dict[str, Any] = {}
        for key in COMMON_OPTIONS + EXTRA_OPTIONS[self.name]:
            value = getattr(self, key)
            if all or value != getattr(default, key):
                out[key] = self._option_json(key, value)
        for key in HOUSE_OPTIONS[self.name]:  # house rules
            value = getattr(self, key)
            if (all and house) or value != getattr(default, key):
                out[key] = value
        if out.get("bag_limit", 0) is None and "bag_penalty" not in out and self.bag_penalty:
            out["bag_penalty"] = self.bag_penalty  # preset() reads no limit alone as no penalty
        return out

    def _option_json(self, key: str, value: Any) -> Any:
        if key != "blind_exchange":
            return value
        texts = {kind: _exchange_text(ex) for kind, ex in value}
        distinct = set(texts.values())
        if len(distinct) == 1:
            return distinct.pop()
        return texts

    def to_json(self) -> dict[str, Any]:
        return {"preset": self.name, "options": self.options()}

    def replace(self, **options: Any) -> RuleSet:
        """A copy with some options changed (validated like :meth:`preset`)."""
        merged = self.options(all=True)
        merged.update(options)
        return RuleSet.preset(self.name, merged)

    def describe(self) -> str:
        """One line per option in force, for people."""
        lines = [f"Rule set: {self.name} ({self.players} players, {self.deck.label}, "
                 f"{self.hand_size} tricks)"]
        for key, value in self.options(all=True).items():
            lines.append(f"  {key} = {value}")
        return "\n".join(lines)


def _normalise_exchange(preset: str, value: Any) -> tuple[tuple[str, Exchange], ...]:
    kinds = NIL_KINDS_ACORNS if preset in ("acorns", "acorns8") else NIL_KINDS_52
    if isinstance(value, tuple) and value and all(isinstance(v, tuple) and len(v) == 2
                                                  and isinstance(v[0], str) for v in value):
        value = dict(value)  # the field's own form: ((kind, (fewest, most)), ...)
    if isinstance(value, Mapping):
        unknown = [k for k in value if k not in kinds]
        if unknown:
            raise OptionError(f"Option blind_exchange: {echo(unknown[0])} is not a nil-type bid of "
                              f"{preset!r}; use {', '.join(kinds)}.", option="blind_exchange")
        per = {k: _parse_exchange_count(value.get(k, 0), f"Option blind_exchange[{k!r}]")
               for k in kinds}
    else:
        ex = _parse_exchange_count(value, "Option blind_exchange")
        per = {k: ex for k in kinds}
    return tuple((k, per[k]) for k in kinds)


#: What each preset changes from the field defaults of :class:`RuleSet` (the defaults are
#: written once, on the fields; these are the differences, RULINGS.md section 8).
_PRESET_CHANGES: dict[str, dict[str, Any]] = {
    "standard": {},
    "online": {"first_lead": "dealer", "blind_exchange": 2, "blind_nil_deficit": 100},
    "original": {"blind_exchange": "up to 3"},
    "acorns": {"target": 1000, "blind_exchange": {"nil spades": "up to 3",
                                                  "nil acorns": "up to 3",
                                                  "full nil": "up to 6"}},
    "acorns8": {"target": 500, "blind_exchange": {"nil spades": "up to 3",
                                                  "nil acorns": "up to 3",
                                                  "full nil": "up to 6"}},
}


def _preset_defaults(name: str) -> dict[str, Any]:
    """The options ``name`` takes with its defaults: the field's default unless the preset
    changes it.

    >>> _preset_defaults("online")["first_lead"], _preset_defaults("standard")["target"]
    ('dealer', 500)
    >>> sorted(set(_preset_defaults("acorns8")) - set(_preset_defaults("standard")))
    ['teams', 'th_low', 'travelers_hunters']
    """
    defaults = {f.name: f.default for f in fields(RuleSet) if f.init}
    defaults.update(_PRESET_CHANGES[name])
    return {key: defaults[key] for key in COMMON_OPTIONS + EXTRA_OPTIONS[name]}


# house rules: bidding and play
_HOUSE_DEFAULTS: dict[str, Any] = {f.name: f.default for f in fields(RuleSet)
                                   if f.name in HOUSE_PLAY_OPTIONS}
# end house rules: bidding and play

_PRESET_DEFAULTS: dict[str, dict[str, Any]] = {name: _preset_defaults(name) for name in PRESETS}
#: The field defaults (house rules: scoring reads them to refuse one set where it does not apply).
_FIELD_DEFAULTS: dict[str, Any] = {f.name: f.default for f in fields(RuleSet) if f.init}


def preset_options(name: str) -> dict[str, Any]:
    """The options a preset takes, with their defaults (JSON values)."""
    return RuleSet.preset(name).options(all=True)


def all_presets() -> dict[str, RuleSet]:
    return {name: RuleSet.preset(name) for name in PRESETS}


def _rules_object_fault(obj: Mapping[str, Any]) -> str | None:
    """What is wrong with a record's ``{"preset": ..., "options": {...}}``, or None."""
    if "preset" not in obj or set(obj) - {"preset", "options"}:
        return "rules must be an object with a 'preset' name and optional 'options'."
    if not isinstance(obj.get("options", {}), Mapping):
        return ("rules.options must be an object of option names and values, not "
                f"{echo(obj['options'])}.")
    if not isinstance(obj["preset"], str):
        return f"rules.preset must name a rule set, not {echo(obj['preset'])}."
    return None


def rules_from_json(obj: Any) -> RuleSet:
    """``{"preset": ..., "options": {...}}`` as in a game record (or a rule set, or a preset's
    name), refused in the words of the record's fields; :func:`rules_of` with no options."""
    if isinstance(obj, Mapping):
        fault = _rules_object_fault(obj)
        if fault:
            raise OptionError(fault)
    elif not isinstance(obj, (RuleSet, str)):
        raise OptionError("rules must be an object with a 'preset' name and optional "
                          "'options'.")
    return rules_of(obj)


def rules_of(rules: Any, options: Any = None) -> RuleSet:
    """The rule set a call or a record names, with ``options`` (a mapping, or None) applied:
    the one way from "a name or a rule set plus options" to a :class:`RuleSet`.

    ``rules`` is a :class:`RuleSet`, a preset's name, or a record's ``{"preset": ...,
    "options": {...}}``; anything else is refused with an :class:`ArgumentError`.

    >>> rules_of("online", {"target": 300}).target
    300
    >>> r = rules_of({"preset": "acorns", "options": {"th_low": True}}, {"target": 700})
    >>> r.name, r.th_low, r.target, rules_of(r) is r
    ('acorns', True, 700, True)
    >>> rules_of(5)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    spades_lab.core.errors.ArgumentError: The rules must be a rule set or the name of one ...
    """
    if options is not None and (not isinstance(options, Mapping)
                                or not all(isinstance(k, str) for k in options)):
        raise ArgumentError("The options must be a mapping of option names to values, such "
                            f"as {{'target': 300}}, not {echo(options)}.", argument="options")
    if isinstance(rules, RuleSet):
        return rules.replace(**options) if options else rules
    if isinstance(rules, str):
        return RuleSet.preset(rules, dict(options or {}))
    if isinstance(rules, Mapping) and _rules_object_fault(rules) is None:
        return RuleSet.preset(rules["preset"], {**rules.get("options", {}), **(options or {})})
    raise ArgumentError("The rules must be a rule set or the name of one "
                        f"({', '.join(PRESETS)}) or a record's {{'preset': ..., 'options': "
                        f"{{...}}}}, not {echo(rules)}.", argument="rules")


# ---------------------------------------------------------------------------- seats and options

FOUR_SEATS = ("North", "East", "South", "West")
EIGHT_SEATS = ("North", "Northeast", "East", "Southeast", "South", "Southwest", "West",
               "Northwest")


def seat_name(seat: int, players: int = 4) -> str:
    """``North``, ``East`` … (eight compass points with eight players; North, East and West
    with three)."""
    return (FOUR_SEATS if players == 4 else THREE_SEATS if players == 3 else EIGHT_SEATS)[seat]


def team_name(seats: Sequence[int], players: int = 4) -> str:
    return "/".join(seat_name(s, players) for s in seats)


def parse_option(text: str) -> tuple[str, Any]:
    """``key=value`` with a JSON value where it parses (``bag_limit=5``, ``th_low=true``,
    ``bag_limit=null``), else the text itself (``failed_nil_tricks=count_toward_bid``)."""
    if "=" not in text:
        raise OptionError(f"--option takes key=value, not {echo(text)}.")
    key, value = text.split("=", 1)
    return key.strip(), option_value(value)


def option_value(text: str) -> Any:
    """An option value typed as text: a whole number in ASCII digits, ``true``/``false``/
    ``null``, a JSON object (``{"full nil": 6}``), else the text itself.

    >>> option_value(" 5 "), option_value("true"), option_value("up to 3"), option_value("\u00b3")
    (5, True, 'up to 3', '³')
    """
    text = text.strip()
    number = parse_whole(text)
    if number is not None:
        return number
    if text in ("true", "false", "null"):
        return json.loads(text)
    if text.startswith(("{", "[", '"')):
        def whole(digits: str) -> int:
            n = parse_whole(digits)
            if n is None:
                raise ValueError(f"{echo(digits, 20)} is too long a number")
            return n

        def no_constant(name: str) -> Any:
            raise ValueError(f"{name} is not an option value")

        try:
            return json.loads(text, parse_int=whole, parse_constant=no_constant)
        except (ValueError, RecursionError) as e:
            raise OptionError(f"The option value {echo(text)} is not valid JSON: "
                              f"{echo(str(e), 60)[1:-1]}.") from None
    return text


__all__ = ["seat_name", "team_name", "parse_option", "FOUR_SEATS", "EIGHT_SEATS", "RuleSet",
           "PRESETS", "preset_options", "all_presets", "rules_from_json", "rules_of",
           "PARTIAL_NIL_SUIT"]


@cache
def _plain_preset(name: str) -> RuleSet:
    """The preset ``name`` with no option changed: a rule set is immutable, so the one made
    first serves every later comparison (:meth:`RuleSet.options` compares against it on every
    call, and building a rule set checks every option)."""
    return RuleSet.preset(name)

