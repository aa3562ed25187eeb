"""Question builders on the bidding: bids out of range or of a form the rule set lacks, blind
nil, and the card exchanges that follow a blind bid."""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ...core.cards import cards_text
from ...core.engine import Game, Phase
from ...core.errors import RuleError
from ...core.records import replay
from ...core.rules import RuleSet, seat_name, team_name
from ...words.counting import plural
from ..explain import (
    explain_bid,
    explain_exchange,
)
from .model import QuizQuestion, question, yes_no
from .positions import Builder, Pool, at_position, bidder, pick_position, played
from .shown import bids_data, bids_words, hand_words, rules_words, table_words, up_to

#: The bid a bid question asks about, and whether the bidder has looked at the cards.
BidChooser = Callable[[RuleSet, random.Random, Game, int], tuple[str, bool]]


def may_bid(tests: str, choose: BidChooser) -> Builder:
    """Asks "May SEAT bid BID?" at a random point of the bidding; ``choose`` picks the bid."""
    def ask(rules: RuleSet, rng: random.Random, g: Game, seat: int) -> QuizQuestion:
        bid, looked = choose(rules, rng, g, seat)
        return _ask_bid(rules, tests, replay(g.to_record()).game, seat, bid, looked)
    return at_position(bidder, lambda rules, rng, g, found: ask(rules, rng, g, found[0]),
                        before_play=True)


def _ask_bid(rules: RuleSet, tests: str, g: Game, seat: int, bid: str, looked: bool
             ) -> QuizQuestion:
    """"May SEAT bid BID?" at ``g`` (a position replayed from its record, where the bidder has
    not looked at the cards yet), after the bidder looks if ``looked``."""
    h = g.hand
    assert h is not None
    n = rules.players
    if looked:
        g.look(seat)
    label = bid if any(ch.isdigit() for ch in bid) and "nil" not in bid else bid.title()
    shown = [*table_words(rules, g), f"To bid: {seat_name(seat, n)}, who has "
             + ("looked at the cards" if h.looked[seat] else "not looked at the cards yet")]
    if rules.blind_nil_deficit is not None:
        shown.append("Scores when bidding started: " + ", ".join(
            f"{team_name(ts, n)} {g.totals[i]}" for i, ts in enumerate(rules.team_seats)))
    ctx = {"seat": seat, "looked": bool(h.looked[seat]), "bids": bids_data(h.bids),
           "totals": list(g.totals)}
    return yes_no(rules, "may-bid", tests, f"May {seat_name(seat, n)} bid {label}?", shown,
                   explain_bid(g, bid, seat=seat), ctx, g.to_record(),
                   {"kind": "bid", "seat": seat, "bid": bid, "looked": bool(h.looked[seat])})


def _too_many(rules: RuleSet, rng: random.Random, g: Game, seat: int) -> tuple[str, bool]:
    """A bid over the hand size (No), or the hand size itself (Yes); where the house rules cap
    or force the bids, the highest ordinary bid the engine offers instead of the hand size (a
    bid of 13 over a cap of 10 is refused by the cap, not by the range)."""
    size = rules.hand_size
    top = size
    if rules.house_bidding:
        g.look(seat)
        legal = [b.tricks for b in g.legal_bids() if b.nil is None and not b.blind]
        top = max(legal, default=size)
    return rng.choice([str(size + 1), str(size + rng.randrange(2, 6)), str(top)]), True


def _other_kind(rules: RuleSet, rng: random.Random, g: Game, seat: int) -> tuple[str, bool]:
    if "nil spades" in rules.nil_kinds:
        return rng.choice(["nil", "full nil + 2", "nil spades + nil acorns", "blind 5",
                           "nil acorns + 3", "full nil"]), True
    # the 52-card sets: bids of this game's forms only (no Heckadeck bid named); nil, the one
    # nil-type bid, half the time (Yes): at three times in ten, the default quizzes of seeds 0
    # to 19 all happened to ask a bid the answer of which was No
    if rng.random() < 0.5:
        if rules.bidding == "mirror" or rules.nil_bids == "off":
            # Mirror: nil only without Spades; nil switched off: the bid the engine offers
            return _offered(g, seat), True
        return "nil", True
    return rng.choice(["blind 4", "nil + 2", "blind 5", "nil + 1"]), True


def _offered(g: Game, seat: int) -> str:
    """A bid the engine offers ``seat`` once it has looked at the cards (nil if it may)."""
    g.look(seat)
    legal = [b for b in g.legal_bids() if not b.blind]
    nil = [b for b in legal if b.nil is not None]
    return str((nil or legal)[0].to_json())


def b_blind_not_allowed(rules: RuleSet, pool: Pool, rng: random.Random
                         ) -> QuizQuestion | None:
    """"May SEAT bid blind nil?" at a point of the bidding: two times in five after the bidder
    has looked (No), else before; online (``blind_nil_deficit``), before looking, the scores
    when bidding starts are set so that the bidder's partnership trails by the deficit or more
    (Yes) or by less (No, for the reason the rule gives), half and half."""
    got = pick_position(pool, rng, lambda g: bidder(rules, g), stop=played)
    if got is None:
        return None
    g, (seat,) = got
    blind = "blind nil" if "nil" in rules.nil_kinds else \
        "blind " + rng.choice(rules.nil_kinds)
    looked = rng.random() < 0.4
    if (not rules.blind_nil or rules.bidding == "mirror") and looked:
        # no blind nil (switched off, or Mirror's one bid from the cards): the bid the engine
        # offers once the cards are seen (nil itself where it stays)
        at = replay(g.to_record()).game
        return _ask_bid(rules, "blind-not-allowed", at, seat, _offered(at, seat), True)
    rec = g.to_record()
    deficit = rules.blind_nil_deficit
    if deficit is not None and not looked:
        team = rules.team_of(seat)
        scores = [rng.randrange(0, 25) * 10 for _ in range(rules.team_count)]
        ahead = max(x for i, x in enumerate(scores) if i != team)
        gap = deficit + rng.randrange(0, 10) * 10 if rng.random() < 0.5 else \
            rng.randrange(-5, max(deficit // 10, 1)) * 10
        scores[team] = ahead - min(gap, deficit + 90)
        if rules.losing_floor is not None:
            scores[team] = max(scores[team], rules.losing_floor + 10)
        rec["start"] = {"scores": scores, "bags": list(g.start_bags)}
    try:
        at = replay(rec).game
    except RuleError:
        return None
    return _ask_bid(rules, "blind-not-allowed", at, seat, blind, looked)


b_bid_out_of_range = may_bid("bid-out-of-range", _too_many)
b_bid_not_allowed = may_bid("bid-not-allowed", _other_kind)


def _exchange_words(rules: RuleSet, g: Game, seat: int) -> tuple[list[str], int]:
    """Choices for "how many cards, and who passes?" and the right one, from the engine."""
    h = g.hand
    assert h is not None
    n = rules.players
    partner = seat_name(rules.partner(seat), n)
    me = seat_name(seat, n)
    due = h.exchange_due(seat)
    choices = ["No cards are exchanged"]
    counts = sorted({hi for _, (_, hi) in rules.blind_exchange if hi} | {2, 3, 6})
    for hi in counts:
        choices.append(f"{me} passes exactly {hi} to {partner}, who passes {hi} back")
        choices.append(up_to(me, partner, 0, hi))
    if due is None or due.blind != seat:
        return choices, 0
    if due.lo == due.hi:
        right = f"{me} passes exactly {due.hi} to {partner}, who passes {due.hi} back"
    else:
        right = up_to(me, partner, due.lo, due.hi)
    if right not in choices:  # a range that does not start at 0, e.g. 1 to 3
        choices.append(right)
    return choices, choices.index(right)


def b_blind_exchange(rules: RuleSet, pool: Pool, rng: random.Random,
                      kind: str | None = None) -> QuizQuestion | None:
    """Which exchange follows a blind nil-type bid (of ``kind`` only, and then always one that
    exchanges, if given)."""
    want = kind is not None or rng.random() < 0.75  # mostly a bid that exchanges

    def pred(g: Game) -> Any:
        h = g.hand
        if h is None or h.phase not in (Phase.EXCHANGE, Phase.PLAY) or h.tricks or h.trick:
            return None
        if any(e.passed is not None for e in h.exchanges):
            return None
        blinds = [s for s, b in enumerate(h.bids) if b is not None and b.blind and b.nil
                  and (kind is None or b.nil == kind)]
        return [s for s in blinds if (h.exchange_due(s) is not None) == want]

    if pick_position(pool, rng, pred, stop=played) is None:
        if kind is not None:
            return None
        want = not want

    got = pick_position(pool, rng, pred, stop=played)
    if got is None:
        return None
    g, blinds = got
    seat = rng.choice(blinds)
    h = g.hand
    assert h is not None
    n = rules.players
    choices, answer = _exchange_words(rules, g, seat)
    # keep four choices: the right one and three others
    others = [c for i, c in enumerate(choices) if i != answer]
    rng.shuffle(others)
    picks = sorted([choices[answer], *others[:3]], key=choices.index)
    due = h.exchange_due(seat)
    if due is not None and due.blind == seat:
        fb = [explain_exchange(g, seat, h.cards_held(seat)[:due.hi]).text,
              explain_exchange(g, seat, h.cards_held(seat)[:due.hi + 1]).text]
    else:
        fb = [explain_exchange(g, seat, h.cards_held(seat)[:1]).text]
        if h.bids[rules.partner(seat)] is not None and \
                h.bids[rules.partner(seat)].blind:  # type: ignore[union-attr]
            fb.insert(0, f"{seat_name(rules.partner(seat), n)} also bid blind: when both "
                      "partners bid blind, no cards are exchanged.")
    shown = [rules_words(rules), bids_words(g, h.bids),
             "Blind bids: " + ", ".join(seat_name(s, n) for s in blinds)]
    return question(rules, "exchange-count",
                     "blind-exchange" if kind is None else "full-nil-exchange",
                     f"{seat_name(seat, n)} bid {h.bids[seat].label} before looking "
                     "at the cards. Which card exchange follows the bidding?", shown, picks,
                     picks.index(choices[answer]), fb,
                     {"seat": seat, "bids": [str(b) for b in h.bids]}, g.to_record(),
                     {"kind": "exchange-count", "seat": seat})


def _exchanging(rules: RuleSet, g: Game) -> tuple[int] | None:
    h = g.hand
    if h is None or h.phase != Phase.EXCHANGE:
        return None
    # a 1-tuple: a bare seat number would make North (seat 0) read as "nothing found"
    return (h.awaiting()[0],)


def _ask_exchange(rules: RuleSet, rng: random.Random, g: Game, seat: int) -> QuizQuestion:
    h = g.hand
    assert h is not None
    n = rules.players
    due = h.exchange_due(seat)
    assert due is not None
    held = h.cards_held(seat)
    owed = h.owed_pass(seat)
    want = owed.hi if owed is not None else 0
    count = rng.choice([want + 1, want, max(want - 1, 0) if want != due.lo or seat != due.blind
                        else want + 2])
    cards = rng.sample(held, min(count, len(held)))
    shown = [rules_words(rules), bids_words(g, h.bids),
             f"Exchange: {seat_name(due.blind, n)} passes first, then "
             f"{seat_name(due.partner, n)} passes back"
             + (f" ({seat_name(due.blind, n)} has passed {len(due.passed)} cards)"
                if due.passed is not None else ""),
             hand_words(g, seat)]
    ctx = {"seat": seat, "hand": [c.code for c in held], "cards": [c.code for c in cards],
           "bids": [str(b) for b in h.bids]}
    return yes_no(rules, "may-exchange", "exchange-invalid",
                   f"May {seat_name(seat, n)} pass {cards_text(cards)} "
                   f"({plural(len(cards), 'card')}) now?", shown,
                   explain_exchange(g, seat, cards), ctx, g.to_record(),
                   {"kind": "exchange", "seat": seat, "cards": [c.code for c in cards]})


b_exchange_invalid = at_position(_exchanging, lambda rules, rng, g, found: _ask_exchange(
    rules, rng, g, found[0]), before_play=True)


def b_full_nil_exchange(rules: RuleSet, pool: Pool, rng: random.Random
                         ) -> QuizQuestion | None:
    return b_blind_exchange(rules, pool, rng, kind="full nil")
