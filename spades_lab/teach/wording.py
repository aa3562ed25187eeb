"""Words for learners shared by the teaching results and the drawings: the options in force,
scoring lines, bags, rule-set names, seats' numbers, actions and winners, always in words (seat
and team names, cards with suit symbols, hands and tricks counted from 1; never option names,
rule ids or Python values).

:mod:`spades_lab.render` re-exports the rule-set and option words for the screens.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..core.bids import Bid
from ..core.cards import SUITS, Card, Play, parse_card
from ..core.errors import RULE_IDS, RuleError
from ..core.rules import RuleSet, seat_name, team_name

if TYPE_CHECKING:
    from ..core.engine import Game
    from ..core.records import ReplayResult, Step


def option_words(rules: RuleSet) -> list[str]:
    """The options in force, one sentence each, for people (no option names or Python values).

    >>> from spades_lab.core.rules import RuleSet
    >>> option_words(RuleSet.preset("standard"))[:2]
    ['Target: the first partnership to 500 points wins.', 'No losing floor: a partnership can \
fall as low as the cards take it.']
    """
    out = [f"Target: the first partnership to {rules.target} points wins."]
    if rules.losing_floor is None:
        out.append("No losing floor: a partnership can fall as low as the cards take it.")
    else:
        out.append(f"Losing floor: a partnership at {rules.losing_floor} points or below loses.")
    if rules.bag_limit is None or rules.bag_penalty == 0:
        out.append("Bags: tricks over the bid score 1 point each and carry no penalty.")
    else:
        out.append(f"Bags: every {rules.bag_limit} bags cost {rules.bag_penalty} points.")
    out.append("After a failed nil, the nil bidder's tricks " + (
        "score only as bags." if rules.failed_nil_tricks == "bags_only"
        else "count toward the partner's bid."))
    out.append("First lead: " + ("the dealer." if rules.first_lead == "dealer"
                                 else "the player on the dealer's left."))
    ex: dict[str, str] = {}
    for kind, (lo, hi) in rules.blind_exchange:
        ex[kind] = "no cards" if hi == 0 else (f"exactly {hi} card{'s' if hi != 1 else ''}"
                                               if lo == hi else f"up to {hi} cards"
                                               if lo == 0 else f"{lo} to {hi} cards")
    if len(set(ex.values())) == 1:
        out.append(f"After a blind nil, partners exchange {next(iter(ex.values()))} each way.")
    else:
        out.append("After a blind nil, partners exchange " + "; ".join(
            f"{v} for {k.title()}" for k, v in ex.items()) + " (each way).")
    if rules.blind_nil_deficit is not None:
        out.append(f"Blind nil only for a partnership trailing by {rules.blind_nil_deficit} "
                   "points or more.")
    if "travelers_hunters" in rules.options(all=True):
        out.append("Travelers and Hunters: " + ("in the deck" + (
            ", ranking low." if rules.th_low else ", ranking high.")
            if rules.travelers_hunters else "not in the deck."))
    if rules.players == 8:
        out.append("Teams: " + ("two teams of four." if rules.teams == "fours"
                                else "four pairs (partners sit opposite)."))
    return out


_OPTION_NOTE = re.compile(r"\s*\((?:[a-z_]+ = [^)]*)\)")


def line_text(text: str) -> str:
    """A scoring line for learners: without the ``(option = value)`` note kept for teachers'
    tools (the line already says in words what the option did), "1 bags" as "1 bag".

    >>> line_text("1 trick scores 1 point and 1 bags each (failed_nil_tricks = bags_only)")
    '1 trick scores 1 point and 1 bag each'
    >>> plain("  +3  3 tricks over the bid: 3 bags, 1 point each (bags)")
    '  +3  3 tricks over the bid: 3 bags, 1 point each'
    """
    return re.sub(r"\b1 (bag|trick|card|point)s\b", r"1 \1", _OPTION_NOTE.sub("", text))


def bags_words(n: int) -> str:
    """``"1 bag"``, ``"3 bags"``."""
    return f"{n} bag{'' if n == 1 else 's'}"


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


_BRACKET = re.compile(r"\s*\[(?:[a-z]+(?:-[a-z]+)+|[a-z_]+ = [^\]]*)\]")
_PAREN_ID = re.compile(r"\s*\(([a-z]+(?:-[a-z]+)+)\)")
#: An explained scoring line ends with its line's id; ``bags`` is the one without a hyphen.
_PAREN_BAGS = re.compile(r"\s*\(bags\)$", re.MULTILINE)
_PAREN_OPT = re.compile(r"\s*\(([a-z_]+) = ([^)]*)\)")
_ONE_PLURAL = re.compile(r"\b1 (bags|tricks|cards|points)\b")


def plain(text: str) -> str:
    """Learner text without internals (an explanation's text, a scoring line): rule ids in
    brackets or parentheses, ``option = value`` notes, and "1 bags"-style plurals are removed
    or put in words.

    >>> plain("West wins with 9♠: the highest Spade, the trump [superior-trump-wins].")
    'West wins with 9♠: the highest Spade, the trump.'
    >>> plain("1 trick scores 1 point and 1 bags each (failed_nil_tricks = bags_only) (nil-failed)")
    '1 trick scores 1 point and 1 bag each'
    """
    text = _BRACKET.sub("", text)
    text = _PAREN_ID.sub(lambda m: "" if m.group(1) in RULE_IDS or "-" in m.group(1) else
                         m.group(0), text)
    text = _PAREN_OPT.sub("", text)
    text = _PAREN_BAGS.sub("", text)
    text = _ONE_PLURAL.sub(lambda m: "1 " + m.group(1)[:-1], text)
    return text


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
    return out


def seat_counts(values: Sequence[int], players: int) -> str:
    """A number per seat, by seat name: ``"North 7, East 5, South 0, West 1"``."""
    return ", ".join(f"{seat_name(s, players)} {v}" for s, v in enumerate(values))


def seat_changes(before: Sequence[int], after: Sequence[int], players: int) -> str:
    """Per-seat numbers before and after, by seat name, the changed ones as ``5 → 3``.

    >>> seat_changes([7, 5, 0, 1], [7, 3, 1, 1], 4)
    'North 7, East 5 → 3, South 0 → 1, West 1'
    """
    out = []
    for s in range(max(len(before), len(after))):
        x = before[s] if s < len(before) else None
        y = after[s] if s < len(after) else None
        if x == y:
            out.append(f"{seat_name(s, players)} {x}")
        else:
            out.append(f"{seat_name(s, players)} {_or_none(x)} → {_or_none(y)}")
    return ", ".join(out)


def _or_none(v: Any) -> str:
    return "none" if v is None else str(v)


def pretty_cards(value: Any) -> str:
    """The card(s) or play of a step, with suit symbols: ``A♥``, ``T Planets/Spades as
    Spades``, ``A♥ and 7♠``; a record's card codes are read first.

    >>> pretty_cards("AH"), pretty_cards(["AH", "7S"]), pretty_cards([])
    ('A♥', 'A♥ and 7♠', 'no cards')
    """
    if isinstance(value, (Play, Card)):
        return value.pretty
    if isinstance(value, (list, tuple)):
        return " and ".join(pretty_cards(v) for v in value) or "no cards"
    try:
        return parse_card(str(value)).pretty
    except RuleError:  # not a card code: say what was written
        return str(value)


def bid_words(value: Any) -> str:
    """A bid of a step: ``5``, ``Nil``, ``Blind Nil``."""
    if isinstance(value, Bid):
        return value.label
    if isinstance(value, str):
        return value.title()
    return str(value)


def step_words(step: Step, players: int) -> str:
    """One action in words: ``"West bids 6"``, ``"South plays A♥"``, ``"East passes 2♠ and
    Q♥ to West"``.

    >>> from spades_lab.core.records import Step
    >>> step_words(Step("play", 2, "AH"), 4), step_words(Step("bid", 3, "nil"), 4)
    ('South plays A♥', 'West bids Nil')
    """
    ok = isinstance(step.seat, int) and 0 <= step.seat < players
    who = seat_name(step.seat, players) if ok else "a seat"  # type: ignore[arg-type]
    if step.kind == "bid":
        return f"{who} bids {bid_words(step.value)}"
    if step.kind == "exchange":
        to = f" to {seat_name(step.to, players)}" if isinstance(step.to, int) else ""
        return f"{who} passes {pretty_cards(step.value)}{to}"
    if step.kind == "play":
        text = pretty_cards(step.value)
        if step.as_ and isinstance(step.value, str) and step.as_ in SUITS:
            text += f" as {SUITS[step.as_].name}"
        return f"{who} plays {text}"
    return f"{who} {step.kind}s"


def place_words(steps: Sequence[Step], k: int, players: int) -> str:
    """Where step ``k`` of a hand's ``steps`` falls, counted from 1: ``"the bidding"``,
    ``"the exchange"`` or ``"trick 3"``."""
    kind = steps[k].kind if k < len(steps) else (steps[-1].kind if steps else "bid")
    if kind == "bid":
        return "the bidding"
    if kind == "exchange":
        return "the exchange"
    plays = sum(1 for s in steps[:k] if s.kind == "play")
    return f"trick {plays // players + 1}"


def yes_no(flag: object) -> str:
    """An answer to a yes/no question: ``"yes"`` or ``"no"``."""
    return "yes" if flag else "no"


def winner_words(result: ReplayResult | Game) -> str:
    """Who won a game (or a replayed one): ``"North/South win"``, ``"no winner yet"``."""
    rules = result.rules
    if result.winner is None:
        return "no winner yet" if not result.over else "no winner"
    return f"{team_name(rules.team_seats[result.winner], rules.players)} win"


def team_totals(result: ReplayResult) -> str:
    """The running totals by partnership: ``"North/South 373, East/West 310"``."""
    rules = result.rules
    return ", ".join(f"{team_name(seats, rules.players)} {t}"
                     for seats, t in zip(rules.team_seats, result.totals, strict=False))


__all__ = ["plain", "option_words", "option_changes", "line_text", "bags_words", "PRESET_WORDS",
           "rules_title", "seat_counts", "seat_changes", "pretty_cards", "bid_words",
           "step_words", "place_words", "winner_words", "team_totals", "yes_no"]
