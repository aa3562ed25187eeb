"""The rules as sentences for learners: the options in force, the house rules, how a game
ends, the rule sets' names and what one rule set does otherwise than another (never option
names, rule ids or Python values: :mod:`spades_lab.render` shows these on the screens)."""
from __future__ import annotations

from typing import Any

from ..core.cards import card_words, is_counted_as, trump_order_words
from ..core.rules import PARTIAL_NIL_SUIT, SUICIDE_MIN_BID, RuleSet
from .counting import plural

# ---------------------------------------------------------------------------- options


def end_words(rules: RuleSet) -> str:
    """How a game ends and who wins, as RULINGS.md §1 says and
    :func:`~spades_lab.core.scoring.game_outcome` decides.

    >>> from spades_lab.core.rules import RuleSet
    >>> end_words(RuleSet.preset("standard"))
    'the game ends after the hand in which a partnership reaches 500 points; the highest total \
wins, and a tie for the highest plays another hand'
    """
    limit = rules.hand_limit  # house rules: scoring (hand_limit, tie_break)
    cap = f", or after {plural(limit, 'hand')} at the latest" if limit is not None else ""
    return (f"the game ends after the hand in which a partnership reaches "
            f"{plural(rules.target, 'point')}{cap}; the highest total wins, and "
            + tie_words(rules))


# house rules: scoring
def tie_words(rules: RuleSet) -> str:
    """How a tie for the highest total at the end is settled (option ``tie_break``).

    >>> from spades_lab.core.rules import RuleSet
    >>> tie_words(RuleSet.preset("standard", tie_break="fewer_bags"))[:57]
    'a tie for the highest goes to the tied partnership with f'
    """
    if rules.tie_break == "made_bid":
        return ("a tie for the highest goes to the tied partnership that made its bid (and any "
                "nil) in the last hand (if none or more than one did, another hand is played)")
    if rules.tie_break == "fewer_bags":
        return ("a tie for the highest goes to the tied partnership with fewer bags (with as "
                "many, another hand is played)")
    return "a tie for the highest plays another hand"


def failed_nil_tricks_words(rules: RuleSet) -> str:
    """What a failed nil's tricks do (option ``failed_nil_tricks``), ending a sentence that
    starts "the bidder's tricks".

    >>> from spades_lab.core.rules import RuleSet
    >>> failed_nil_tricks_words(RuleSet.preset("standard", failed_nil_tricks="ignored"))
    "are ignored: no points, no bags, and no help to the partnership's bid"
    """
    if rules.failed_nil_tricks == "ignored":
        return "are ignored: no points, no bags, and no help to the partnership's bid"
    if rules.failed_nil_tricks == "count_toward_bid":
        return "count toward the partnership's bid"
    if rules.overtrick_points == 0:
        return "score no points but 1 bag each, and do not help the partnership's bid"
    return "score 1 point and 1 bag each and do not help the partnership's bid"


def house_words(rules: RuleSet) -> list[str]:
    """The house rules in force (docs/rulings.md section 9 quotes them), one sentence each, for
    people: those of bidding and play, then those of scoring and the game's end; none at the
    seed rules' defaults.

    >>> from spades_lab.core.rules import RuleSet
    >>> for x in house_words(RuleSet.preset("standard", nil_points=50, spade_lead="any")):
    ...     print(x)
    Spades may be led at any time: they never need breaking.
    Nil is worth 50 in your rules: +50 made, -50 failed; a blind nil is worth double, 100.
    >>> house_words(RuleSet.preset("standard"))
    []
    """
    return _house_play_words(rules) + _house_scoring_words(rules)


def _house_scoring_words(rules: RuleSet) -> list[str]:
    """The scoring and game-end house rules in force, one sentence each.

    >>> from spades_lab.core.rules import RuleSet
    >>> for x in _house_scoring_words(RuleSet.preset("standard", nil_points=50, moon_bonus=200)):
    ...     print(x)
    Nil is worth 50 in your rules: +50 made, -50 failed; a blind nil is worth double, 100.
    A partnership that takes all 13 tricks shoots the moon: 200 points more.
    """
    out = []
    if "nil" in rules.nil_kinds and rules.nil_points != 100:
        v = rules.nil_value("nil", False)
        out.append(f"Nil is worth {v} in your rules: +{v} made, -{v} failed; a blind nil is "
                   f"worth double, {rules.nil_value('nil', True)}.")
    if rules.partners_nil == "unit":
        out.append("When both partners bid nil, the two nils are scored as one bid: if both are "
                   "made the partnership wins both values, if either fails it loses both; their "
                   "tricks score nothing and are not bags.")
    elif rules.partners_nil == "no_bags":
        out.append("When both partners bid nil, each nil is scored on its own, but their tricks "
                   "score nothing and are not bags.")
    if rules.overtrick_points == 0:
        out.append("Tricks over the bid score nothing in your rules; each is still a bag and "
                   "counts toward the bag penalty.")
    if rules.big_bid_bonus:
        out.append(f"A partnership that makes a bid of {rules.big_bid_min} or more scores "
                   f"{plural(rules.big_bid_bonus, 'point')} more (a missed one scores as "
                   "usual).")
    if rules.moon_bonus:
        out.append(f"A partnership that takes all {rules.hand_size} tricks shoots the moon: "
                   f"{plural(rules.moon_bonus, 'point')} more.")
    if rules.bag_penalty_once:
        out.append("At most one bag penalty a hand: the bags left over carry to the next hand, "
                   "even at the limit or past it.")
    if not rules.bag_penalty_while_negative:
        out.append("No bag penalty while a partnership's score is below 0: its bags wait until "
                   "the score is 0 or more.")
    if rules.hand_limit is not None:
        out.append(f"The game lasts {plural(rules.hand_limit, 'hand')} at most: after the last "
                   f"one the highest total wins, and {tie_words(rules)}.")
    elif rules.tie_break != "play_on":
        out.append(f"At the end, {tie_words(rules)}.")
    return out
# end of house rules: scoring


def full_nil_words(rules: RuleSet) -> str:
    """The nil-type bids that fail on any trick taken (``Bid.is_full_nil``): ``"Nil"`` (blind
    or not) in the 52-card sets, ``"Full Nil"`` in Spades (and Acorns)."""
    return " or ".join(k.title() for k in rules.nil_kinds if k not in PARTIAL_NIL_SUIT)


def exchange_count_words(lo: int, hi: int) -> str:
    """How many cards a blind exchange passes each way, from ``lo`` to ``hi`` (the rule set's
    range for a nil kind, :meth:`~spades_lab.core.rules.RuleSet.exchange_range`).

    >>> [exchange_count_words(*r) for r in ((0, 0), (2, 2), (0, 3), (1, 3), (1, 1))]
    ['no cards', 'exactly 2 cards', 'up to 3 cards', '1 to 3 cards', 'exactly 1 card']
    """
    if hi == 0:
        return "no cards"
    if lo == hi:
        return f"exactly {plural(hi, 'card')}"
    return f"up to {plural(hi, 'card')}" if lo == 0 else f"{lo} to {hi} cards"


def option_words(rules: RuleSet) -> list[str]:
    """The options in force, one sentence each, for people (no option names or Python values).

    >>> from spades_lab.core.rules import RuleSet
    >>> option_words(RuleSet.preset("standard"))[:2]
    ['Target: 500 points. The game ends after the hand in which a partnership reaches 500 \
points; the highest total wins, and a tie for the highest plays another hand.', 'No losing \
floor: a partnership can fall as low as the cards take it.']
    """
    end = end_words(rules)
    out = [f"Target: {plural(rules.target, 'point')}. {end[0].upper()}{end[1:]}."]
    if rules.losing_floor is None:
        out.append("No losing floor: a partnership can fall as low as the cards take it.")
    else:
        out.append(f"Losing floor: a partnership at {rules.losing_floor} points or below loses.")
    if rules.bag_limit is None or rules.bag_penalty == 0:
        out.append("Bags: tricks over the bid score 1 point each and carry no penalty.")
    else:
        out.append(f"Bags: every {rules.bag_limit} bags cost {rules.bag_penalty} points.")
    tricks = failed_nil_tricks_words(rules)
    out.append(f"After a failed nil ({full_nil_words(rules)}, blind or not), the bidder's "
               f"tricks {tricks}.")
    out.append("First lead: " + ("the dealer." if rules.first_lead == "dealer"
                                 else "the player on the dealer's left."))
    ex = {kind: exchange_count_words(lo, hi) for kind, (lo, hi) in rules.blind_exchange}
    # the blind bids this rule set has, by name: "a blind nil" only where Nil is a bid
    blinds = [f"Blind {k.title()}" for k in ex]
    after = ("After a blind nil" if set(ex) == {"nil"} else "After a blind nil-type bid ("
             + (", ".join(blinds[:-1]) + " or " if len(blinds) > 1 else "") + blinds[-1] + ")")
    if not rules.has_partners:  # three players each alone
        out.append(f"{after} no cards are exchanged: each player is alone.")
    elif set(ex.values()) == {"no cards"}:
        out.append(f"{after}, partners exchange no cards.")
    elif len(set(ex.values())) == 1:
        out.append(f"{after}, partners exchange {next(iter(ex.values()))} each way.")
    else:
        out.append("After a blind nil-type bid, partners exchange " + "; ".join(
            f"{v} after Blind {k.title()}" for k, v in ex.items()) + " (each way).")
    if rules.blind_nil_deficit is not None:
        out.append(f"Blind nil only for a partnership trailing by {rules.blind_nil_deficit} "
                   "points or more.")
    if "travelers_hunters" in rules.options(all=True):
        out.append("Travelers and Hunters: " + ("in the deck" + (
            ", ranking low." if rules.th_low else ", ranking high.")
            if rules.travelers_hunters else "not in the deck."))
    if rules.players == 8:
        out.append("Teams: " + ("two teams of four (teammates sit in every other seat)."
                                if rules.teams == "fours"
                                else "four pairs (partners sit opposite)."))
    out.extend(house_words(rules))
    if not rules.has_partners:  # each alone: every "partnership" of these sentences is a player
        out = [alone_words(x) for x in out]
    return out


def alone_words(text: str) -> str:
    """A sentence about partnerships said of players each alone (three players, cutthroat).

    >>> alone_words("a partnership can fall as low; it does not help the partnership's bid")
    "a player can fall as low; it does not help the player's own bid"
    """
    return (text.replace("a partnership", "a player").replace("the partnership's bid",
                                                                "the player's own bid")
            .replace("partnership", "player"))


# house rules: bidding and play
def _house_play_words(rules: RuleSet) -> list[str]:
    """One sentence per bidding/play house rule switched on, none for a plain preset.

    >>> from spades_lab.core.rules import RuleSet
    >>> for line in _house_play_words(RuleSet.preset("standard", team_bid_max=13,
    ...                                               spade_lead="any")):
    ...     print(line)
    Spades may be led at any time: they never need breaking.
    A partnership's bids may add up to at most 13 tricks.
    """
    out: list[str] = []
    if rules.spade_lead == "any":
        out.append("Spades may be led at any time: they never need breaking.")
    elif rules.spade_lead == "not_first_trick":
        out.append("No Spade may be played on the first trick, led or not, by a player who "
                   "holds any other card; a player holding only Spades plays one. After that, "
                   "Spades are led once broken.")
    if rules.zero_bid == "ordinary":
        out.append("A bid of 0 is an ordinary bid of no tricks, not a nil: the bidder's tricks "
                   "count toward the partnership's bid as any bidder's do; nil is bid by name.")
    if rules.nil_bids == "off":
        out.append("Nil is switched off: every bid is a number of tricks, blind nil included.")
    elif rules.nil_bids == "below_target":
        out.append(f"A partnership at or above the target ({plural(rules.target, 'point')}) "
                   "when a hand starts may not bid nil.")
    if not rules.blind_nil and rules.nil_bids != "off":
        out.append("Blind nil is switched off.")
    if rules.team_bid_max is not None:
        out.append(f"A partnership's bids may add up to at most "
                   f"{plural(rules.team_bid_max, 'trick')}.")
    if rules.team_bid_min is not None:
        out.append(f"A partnership's bids must add up to at least "
                   f"{plural(rules.team_bid_min, 'trick')}.")
    if rules.blind_bids:
        out.append("A player who has not looked may bid a number of tricks blind: it counts "
                   "double, made or missed (a blind 10 is worth 200).")
    if rules.nil_exchange:
        out.append(f"After a nil (not blind), the nil bidder passes "
                   f"{plural(rules.nil_exchange, 'card')} face down to the partner, who passes "
                   "as many back.")
    if rules.bidding == "mirror":
        out.append("Mirror: every player bids the number of Spades held ("
                   + ("nil" if rules.zero_bid == "nil" else "0") + " with none).")
    elif rules.bidding == "whiz":
        out.append("Whiz: every player bids nil or the number of Spades held (nil with none).")
    elif rules.bidding == "suicide":
        out.append("Suicide: in each partnership one partner bids nil and the other bids 4 or "
                   "more.")
    if rules.deck.jokers is not None:
        out.append(jokers_words(rules))
    if not rules.has_partners:
        out.append(cutthroat_words(rules))
    return out


def cutthroat_words(rules: RuleSet) -> str:
    """Three players each alone, in one sentence (the deal in force).

    >>> import textwrap
    >>> print(textwrap.fill(cutthroat_words(RuleSet.preset("standard", cutthroat="deal_17")), 80))
    Three players, each alone: 17 cards each, the 2 of Clubs out of the deck; each
    player's bid, bags and nil are scored on their own.
    """
    out = rules.deck.out[-1:] if rules.cutthroat == "deal_17" else ()
    deal = (f"{rules.hand_size} cards each, {card_words(out[0])} out of the deck" if out else
            f"{rules.hand_size} cards each, the other "
            f"{rules.deck.size - rules.hand_size * rules.players} left face down, unplayed")
    return (f"Three players, each alone: {deal}; each player's bid, bags and nil are scored on "
            "their own.")


def jokers_words(rules: RuleSet) -> str:
    """Jokers Spades in one sentence, from the deck's own data (the form in force).

    >>> import textwrap
    >>> print(textwrap.fill(jokers_words(RuleSet.preset("standard", jokers="on")), 80))
    Jokers Spades: the Big Joker and the Little Joker are in the deck, and the 2 of
    Hearts and the 2 of Clubs are out; the trumps rank the Big Joker, the Little
    Joker, the 2 of Diamonds, the 2 of Spades, then the Ace of Spades and down, and
    the 2 of Diamonds counts as a Spade.
    """
    deck = rules.deck
    moved = [c for c in deck.cards if is_counted_as(c) and not c.is_joker]
    text = (f"Jokers Spades: the Big Joker and the Little Joker are in the deck, and "
            f"{' and '.join(card_words(c) for c in deck.out)} are out; the trumps rank "
            f"{trump_order_words(deck)}")
    if moved:
        text += f", and {' and '.join(card_words(c) for c in moved)} counts as a Spade"
    return text + "."


#: Play mode's setup: a short plain label per bidding/play house rule, and its choices in words
#: (the full sentence of a rule switched on is :func:`house_words`'); a count's ``0`` is "off".
HOUSE_PLAY_LABELS: dict[str, str] = {
    "spade_lead": "Leading Spades",
    "zero_bid": "A bid of 0",
    "nil_bids": "Nil",
    "blind_nil": "Blind nil allowed",
    "team_bid_max": "Most a partnership may bid (tricks; 0: no cap)",
    "team_bid_min": "Least a partnership may bid (tricks; 0: no minimum)",
    "blind_bids": "Blind bids of a number of tricks (counted double)",
    "nil_exchange": "Cards passed each way after a nil, not blind",
    "bidding": "Bidding",
    "jokers": "Jokers",
    "cutthroat": "Players",
}
HOUSE_PLAY_CHOICE_WORDS: dict[str, tuple[tuple[str, Any], ...]] = {
    "spade_lead": (("once broken (the usual rule)", "broken"),
                   ("once broken, and none on the first trick", "not_first_trick"),
                   ("at any time", "any")),
    "zero_bid": (("means nil", "nil"), ("is a bid of no tricks, not a nil", "ordinary")),
    "nil_bids": (("may be bid", "on"), ("is switched off", "off"),
                 ("not by a partnership at or above the target", "below_target")),
    "bidding": (("any bid (the usual rule)", "free"), ("Mirror: bid your Spades", "mirror"),
                ("Whiz: nil or your Spades", "whiz"),
                (f"Suicide: one partner nil, the other {SUICIDE_MIN_BID} or more", "suicide")),
    "jokers": (("none (the usual deck)", "off"),
               ("two Jokers, then the 2 of Diamonds and the 2 of Spades, above the Ace of Spades",
                "on"),
               ("two Jokers above the Ace of Spades", "jokers_only")),
    "cutthroat": (("four, in two partnerships (the usual rule)", "off"),
                  ("three, each alone: 17 cards each, one card out", "deal_17"),
                  ("three, each alone: 13 cards each, 13 unplayed", "deal_13")),
}
# end house rules: bidding and play

#: A setup's plain label for every other option (the table options of RULINGS.md section 8 and
#: the scoring house rules of section 9), and the choices in words of those with a few values:
#: with :data:`HOUSE_PLAY_LABELS`, what the classroom's table setup
#: (:func:`spades_lab.table.setup_choices`) labels each option the engine declares with.
SETUP_LABELS: dict[str, str] = {
    "target": "Target (points)",
    "bag_limit": "Bags before a penalty (0: no penalty)",
    "bag_penalty": "Bag penalty (points)",
    "losing_floor": "A partnership loses at this score or below (0: no floor)",
    "failed_nil_tricks": "After a failed nil, its tricks",
    "blind_exchange": "Cards partners exchange after a blind nil (such as 2, or up to 3)",
    "first_lead": "First lead",
    "blind_nil_deficit": "Blind nil only when trailing by (points; 0: always)",
    "travelers_hunters": "Travelers and Hunters in the deck",
    "th_low": "Travelers and Hunters rank low",
    "teams": "Teams",
    "nil_points": "Nil is worth",
    "partners_nil": "When both partners bid nil",
    "overtrick_points": "Each trick over the bid scores",
    "big_bid_bonus": "Bonus for a made big bid (points)",
    "big_bid_min": "A big bid is at least (tricks)",
    "moon_bonus": "Bonus for taking every trick (points)",
    "bag_penalty_once": "At most one bag penalty a hand",
    "bag_penalty_while_negative": "Bag penalty even while the score is below 0",
    "hand_limit": "Most hands in a game (0: no limit)",
    "tie_break": "A tie for the highest at the end",
}
SETUP_CHOICE_WORDS: dict[str, tuple[tuple[str, Any], ...]] = {
    "failed_nil_tricks": (("score only as bags", "bags_only"),
                          ("count toward the partner's bid", "count_toward_bid"),
                          ("are ignored (no points, no bags)", "ignored")),
    "first_lead": (("left of the dealer", "left"), ("the dealer", "dealer")),
    "teams": (("four pairs", "pairs"), ("two teams of four", "fours")),
    "nil_points": (("100 (blind nil 200)", 100), ("50 (blind nil 100)", 50)),
    "partners_nil": (("each nil scores alone", "separate"),
                     ("one bid: both made or both lost", "unit"),
                     ("each alone, their tricks not bags", "no_bags")),
    "overtrick_points": (("1 point (and a bag)", 1), ("nothing (still a bag)", 0)),
    "tie_break": (("plays another hand", "play_on"),
                  ("goes to the team that made its bid", "made_bid"),
                  ("goes to the team with fewer bags", "fewer_bags")),
}


def bags_words(n: int) -> str:
    """``"1 bag"``, ``"3 bags"``."""
    return plural(n, "bag")


#: Each rule set's name for people (the preset's code name, ``acorns``, stays in records and
#: on the command line).
PRESET_WORDS = {"standard": "Spades (standard)", "online": "Spades (online rules)",
                "original": "Spades (original rules)",
                "acorns": "Spades and Acorns, 4 players (Heckadeck)",
                "acorns8": "Spades and Acorns, 8 players (Heckadeck)"}


def rules_title(rules: RuleSet | str) -> str:
    """The rule set's name as the screens show it.

    >>> rules_title("acorns8")
    'Spades and Acorns, 8 players (Heckadeck)'
    """
    name = rules if isinstance(rules, str) else rules.name
    return PRESET_WORDS.get(name, name)


def table_words(rules: RuleSet) -> list[str]:
    """What a table's title adds to :func:`rules_title`: the number of players where the
    name does not already say it, and the deck.

    >>> from spades_lab import RuleSet
    >>> table_words(RuleSet.preset("standard")), table_words(RuleSet.preset("acorns"))
    (['4 players', '52-card deck'], ['Heckadeck'])
    """
    players = [] if "players" in rules_title(rules) else [f"{rules.players} players"]
    return [*players, rules.deck.label]


def option_changes(a: RuleSet, b: RuleSet) -> list[str]:
    """What ``b`` does otherwise than ``a``, one sentence of :func:`option_words` each (the
    rule-set name first where it changes).

    >>> from spades_lab.core.rules import RuleSet
    >>> std = RuleSet.preset("standard")
    >>> option_changes(std, std.replace(bag_limit=None))
    ['Bags: tricks over the bid score 1 point each and carry no penalty.']
    >>> option_changes(std, std)
    []
    """
    out = [] if a.name == b.name else [f"Rules: {rules_title(b)}."]
    wa, wb = option_words(a), option_words(b)
    if len(wa) == len(wb):
        out += [y for x, y in zip(wa, wb, strict=True) if x != y]
    else:
        out += [y for y in wb if y not in wa]
        # house rules: scoring: a house rule of ``a`` that ``b`` does not play
        out += [f"Without the house rule: {x}" for x in house_words(a) if x not in wb]
    return out


def rules_words(rules: RuleSet) -> str:
    """A table's real rules in words: the rule set's name and every option it changes from
    the preset's (:func:`option_changes`), so that no table that played with an option reads
    as the plain rule set.

    >>> from spades_lab.core.rules import RuleSet
    >>> rules_words(RuleSet.preset("standard"))
    'Spades (standard)'
    >>> rules_words(RuleSet.preset("standard", bag_limit=None))
    'Spades (standard), with: Bags: tricks over the bid score 1 point each and carry no penalty.'
    """
    changes = option_changes(RuleSet.preset(rules.name), rules)
    return rules_title(rules) + (", with: " + " ".join(changes) if changes else "")


__all__ = ["end_words", "tie_words", "failed_nil_tricks_words", "house_words", "full_nil_words",
           "exchange_count_words", "option_words", "alone_words", "cutthroat_words", "jokers_words",
           "HOUSE_PLAY_LABELS", "HOUSE_PLAY_CHOICE_WORDS", "SETUP_LABELS", "SETUP_CHOICE_WORDS",
           "bags_words", "PRESET_WORDS", "rules_title", "table_words", "option_changes",
           "rules_words"]
