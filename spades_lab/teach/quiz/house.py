"""Question builders for the house rules (docs/rulings.md section 9), each asked only where its
option is on: partnership bid limits, forced bids, no Spades on the first trick, Jokers, and
the scoring house rules."""
from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

from ...core.bids import Bid, spades_held
from ...core.cards import SUIT_BITS, Card, is_counted_as
from ...core.engine import Game
from ...core.errors import RuleError
from ...core.records import replay
from ...core.rules import SUICIDE_MIN_BID, RuleSet
from ...words.rules import house_words
from .bidding import may_bid
from .catalogue import clash_choices
from .model import YES_NO, QuizQuestion, question
from .play import PlayChoices, may_play
from .positions import Builder, Pool, games, scripted_games, to_play
from .scoring import b_score, nil_hands
from .shown import rules_words
from .tricks import about_trick, ask_winner

# house rules: bidding and play


def _partner_bid_or_first(rules: RuleSet, rng: random.Random, g: Game, seat: int
                          ) -> tuple[str, bool]:
    """A bid against the partnership's cap or minimum: just over the cap, just under the
    minimum (once the partner has bid), or one the engine offers."""
    h = g.hand
    assert h is not None
    mates = [s for s in rules.team_seats[rules.team_of(seat)] if s != seat]
    so_far = sum(b.tricks for b in (h.bids[s] for s in mates) if b is not None)
    tries = []
    if rules.team_bid_max is not None:
        tries.append(rules.team_bid_max - so_far + 1)
    if rules.team_bid_min is not None and all(h.bids[s] is not None for s in mates):
        tries.append(rules.team_bid_min - so_far - 1)
    tries = [t for t in tries if rules.min_bid <= t <= rules.hand_size]
    g.look(seat)
    offered = [b for b in g.legal_bids() if b.nil is None]
    if tries and (rng.random() < 0.7 or not offered):
        return str(rng.choice(tries)), True
    return str(rng.choice(offered).tricks) if offered else "nil", True


def _variant_bid(rules: RuleSet, rng: random.Random, g: Game, seat: int) -> tuple[str, bool]:
    """A bid the bidding game may refuse: Mirror/Whiz one Spade off the Spades held, Suicide a
    bid under its least; sometimes one the engine offers."""
    h = g.hand
    assert h is not None
    g.look(seat)
    offered = [b for b in g.legal_bids() if not b.blind]
    if offered and rng.random() < 0.3:
        return str(rng.choice(offered).to_json()), True
    if rules.bidding == "suicide":
        return str(rng.randrange(max(rules.min_bid, 1), SUICIDE_MIN_BID)), True
    n = spades_held(h.hands[seat])
    wrong = [x for x in (n - 1, n + 1) if max(rules.min_bid, 1) <= x <= rules.hand_size]
    return str(rng.choice(wrong)), True


def _first_trick_void(rules: RuleSet, g: Game) -> PlayChoices | None:
    """Mid-way through the first trick: a seat void in the led suit holding Spades and other
    cards; the other cards (Yes) and the Spades (No)."""
    got = to_play(g, mid_trick=True)
    if got is None or got[1].tricks:
        return None
    seat, h = got
    L = SUIT_BITS[h.trick[0][1].suit]
    held = h.cards_held(seat)
    if any(c.bits & L for c in held):
        return None
    spades = [c for c in held if c.suit == "S"]
    other = [c for c in held if c.suit != "S"]
    return ((seat, other), (seat, spades)) if spades and other else None


def _jokers_follow(rules: RuleSet, g: Game) -> PlayChoices | None:
    """Mid-trick under Jokers Spades, a Spade or a Diamond led: the seat to play holds a Joker
    or a card the rule makes a trump (the 2 of Diamonds) and cards of another kind; the cards
    the engine lets it play (Yes) and those it does not (No), the moved card on its side."""
    got = to_play(g, mid_trick=True)
    if got is None:
        return None
    seat, h = got
    led = h.trick[0][1].suit
    held = h.cards_held(seat)
    moved = [c for c in held if is_counted_as(c)]
    if led not in ("S", "D") or not moved:
        return None
    legal = {p.card for p in g.legal_plays()}
    yes = [c for c in held if c in legal]
    no = [c for c in held if c not in legal]
    if not yes or not no:
        return None
    # ask about the moved card when it is on a side (the rest of that side is the other cards)
    mine = [c for c in moved if c in legal]
    if mine:
        yes = mine
    else:
        no = moved
    return (seat, yes), (seat, no)


b_jokers_follow = may_play("jokers-follow", _jokers_follow)
b_team_bid_limit = may_bid("team-bid-limit", _partner_bid_or_first)
b_bid_forced = may_bid("bid-forced", _variant_bid)
b_spades_first_trick = may_play("spades-first-trick", _first_trick_void)


def _special_trumps(rules: RuleSet) -> set[str]:
    """The cards whose place among the trumps the Jokers rule sets: the Jokers, the card it
    makes a trump (the 2 of Diamonds) and, in the common form, the 2 of Spades above the Ace."""
    special = {c.code for c in rules.deck.cards if is_counted_as(c)}
    return special | ({"2S"} if rules.jokers == "on" else set())


def b_jokers_rank(rules: RuleSet, pool: Pool, rng: random.Random) -> QuizQuestion | None:
    """Who wins a trick of two trumps or more, one of them a Joker or a card whose rank the
    Jokers rule sets (the trumps' order shown among the house rules)."""
    special = _special_trumps(rules)

    def picks(t: Any) -> bool:
        trumps = [s for s in t.steps if s.played_as in rules.trumps]
        return len(trumps) >= 2 and any(s.card in special for s in trumps)
    q = about_trick("jokers-rank", "trick-winner", "trick", picks, ask_winner,
                    per_seat=True)(rules, pool, rng)
    if q is None:
        return None
    shown = (q.shown[0], *house_words(rules), *q.shown[1:])
    return replace(q, shown=shown)


def _deck_neighbours(rules: RuleSet) -> list[Card]:
    """Cards of the deck beside those the house rules take out: the same rank in another suit,
    the next ranks of the same suit."""
    deck = rules.deck
    out: list[Card] = []
    for c in deck.out:
        rank, suit = c.code[:-1], c.code[-1]
        ranks = list(deck.ranks)
        nxt = ranks[ranks.index(rank) + 1:ranks.index(rank) + 3] if rank in ranks else []
        for code in [rank + x for x in deck.suits] + [r + suit for r in nxt]:
            try:
                card = deck.parse(code)
            except RuleError:
                continue
            if card not in out:
                out.append(card)
    return out


def b_deck_out(rules: RuleSet, pool: Pool, rng: random.Random) -> QuizQuestion | None:
    """Is a card dealt in this game: one the house rules take out of the deck (the Jokers rule's
    2 of Hearts and 2 of Clubs, three players' lowest Club), or one beside it that stays; the
    engine's deck answers."""
    deck = rules.deck
    stays = _deck_neighbours(rules)
    if not deck.out or not stays:
        return None
    card = rng.choice(list(deck.out) if rng.random() < 0.6 else stays)
    try:
        deck.parse(card.code)
        yes, why = True, f"Yes: the {card.name} is one of the {len(deck.cards)} cards " \
            "of this deck."
    except RuleError:
        yes, why = False, f"No: the {card.name} is out of this deck, never dealt."
    return question(rules, "deck", "deck-out", f"Is the {card.name} dealt in this game?",
                    [rules_words(rules), *house_words(rules)], YES_NO, 0 if yes else 1,
                    [why, *house_words(rules)], {"card": card.code}, {},
                    {"kind": "deck", "card": card.code})


def b_option_clash(rules: RuleSet, pool: Pool, rng: random.Random) -> QuizQuestion | None:
    """"May the table add OPTION to the house rules it plays?": four times in ten one the
    engine accepts, else one it refuses because the combination contradicts itself (its
    sentence says why)."""
    ok, refused = clash_choices(rules)
    if not ok or not refused:
        return None
    key, value, words = rng.choice(ok if rng.random() < 0.4 else refused)
    try:
        rules.replace(**{key: value})
        yes, why = True, f"Yes: {words} may be played with these house rules."
    except RuleError as e:
        reason = e.message.split("contradicts the other options: ", 1)[-1]
        yes, why = False, f"No: {reason[:1].upper()}{reason[1:]}"
    return question(rules, "option", "option-clash",
                    f"A table plays {rules.name} with the house rules below. May it also play "
                    f"{words}?", [rules_words(rules), *house_words(rules)], YES_NO,
                    0 if yes else 1, [why], {"option": key, "value": value}, {},
                    {"kind": "option", "option": key, "value": value})
# end house rules: bidding and play


# house rules: scoring -- a question per scoring house rule, on a hand score whose line items
# show it; hands the pool rarely deals (all 13 tricks to a partnership, a big bid made, a
# blind ordinary bid, bags at the limit while the score is below 0) are made for it and played
# and scored by the engine like the pool's


def _strong_hands(rules: RuleSet, pool: Pool, rng: random.Random) -> Iterator[Game]:
    return scripted_games(rules, rng, 6, strong=True)


def _blind_bid_hands(rules: RuleSet, pool: Pool, rng: random.Random) -> Iterator[Game]:
    def bids(rng: random.Random) -> dict[int, Bid]:
        return {rng.randrange(rules.players): Bid(rng.randrange(2, 6), None, True)}
    return scripted_games(rules, rng, 12, bids)


def _held_penalty_hands(rules: RuleSet, pool: Pool, rng: random.Random) -> Iterator[Game]:
    """The pool's hands whose bags reach the limit, replayed from a total below 0 that the
    hand does not lift to 0 (the engine then holds the penalty back)."""
    limit = rules.bag_limit
    if limit is None:
        return
    for g in games(pool, 60):
        h = g.hands[0]
        for ts in h.scores or ():
            if ts.bags_before + ts.bags_added < limit:
                continue
            rec = g.to_record()
            scores = [0] * rules.team_count
            scores[ts.team] = -((ts.hand_score + ts.bag_penalty) + rng.randrange(1, 12) * 10)
            rec["start"] = {"scores": scores, "bags": list(g.start_bags)}
            try:
                yield replay(rec).game
            except RuleError:
                continue


def _has_item(pred: Callable[[Any], bool]) -> Callable[[Any], bool]:
    return lambda ts: any(pred(it) for it in ts.items)


HOUSE_SCORE_BUILDERS: dict[str, Builder] = {
    "big-bid": b_score("big-bid", more=_strong_hands),
    "moon": b_score("moon", more=_strong_hands),
    "bag-penalty-held": b_score("bag-penalty-held", more=_held_penalty_hands),
    "blind-bid": b_score("blind-bid", more=_blind_bid_hands),
    "nil-points": b_score(("nil-made", "nil-failed"), "nil-points", more=nil_hands,
                          spread=True),
    "partners-nil": b_score(("nil-made", "nil-failed"), "partners-nil",
                             lambda ts: len(ts.nils) == len(ts.seats) > 1),
    "failed-nil-ignored": b_score("failed-nil-tricks", "failed-nil-ignored", _has_item(
        lambda it: it.note == "failed_nil_tricks = ignored")),
    "overtricks-nothing": b_score("bags", "overtricks-nothing", _has_item(
        lambda it: it.rule == "bags" and it.option == "overtrick_points")),
}
# end of house rules: scoring
