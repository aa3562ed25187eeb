"""Question builders on play: following suit, leading a trump, any card when void, who leads the
first trick, and the input checks on a play (a card another seat holds, out of turn or phase,
a card the deck lacks)."""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ...core.cards import RANK_NAMES, SUIT_BITS, Card, suit_name
from ...core.engine import Game, Phase
from ...core.errors import RuleError
from ...core.rules import RuleSet, seat_name
from ...play.players import act
from ..explain import (
    explain_play,
)
from .catalogue import plain_trumps
from .model import YES_NO, QuizQuestion, question, yes_no
from .positions import Builder, Pool, Scripted, at_position, pick_position, to_play, turn_in
from .shown import bids_data, card_words, hand_words, play_context, rules_words, table_words


def yes_no_play(rules: RuleSet, g: Game, tests: str, seat: int, card: Any, as_: str | None,
                 kind: str = "may-play", prompt: str | None = None,
                 show_turn: bool = True) -> QuizQuestion:
    shown, ctx = play_context(g, seat, show_turn)
    c = card if isinstance(card, Card) else None
    words = card_words(c) if c is not None else str(card)
    if prompt is None:
        verb = "lead" if g.hand is not None and not g.hand.trick and g.hand.phase == Phase.PLAY \
            else "play"
        prompt = f"May {seat_name(seat, rules.players)} {verb} the {words}" + \
            (f" as {suit_name(as_)}" if as_ else "") + " now?"
    code = c.code if c is not None else str(card)
    return yes_no(rules, kind, tests, prompt, shown, explain_play(g, card, as_, seat=seat), ctx,
                   g.to_record(), {"kind": "play", "seat": seat, "card": code, "as": as_})


# ---------------------------------------------------------------------------- play builders

#: At a position: (seat, cards) meant to be answered Yes and (seat, cards) meant for No.
PlayChoices = tuple[tuple[int, list[Card]], tuple[int, list[Card]]]


def may_play(tests: str, choices: Callable[[RuleSet, Game], PlayChoices | None],
              kind: str = "may-play", show_turn: bool = True) -> Builder:
    """Asks "May SEAT play CARD now?" where ``choices`` finds cards for both answers (the
    engine gives the answer); three questions in ten pick from the Yes side."""
    def ask(rules: RuleSet, rng: random.Random, g: Game, found: PlayChoices) -> QuizQuestion:
        yes, no = found
        seat, cards = yes if rng.random() < 0.3 else no
        card = rng.choice(cards)
        as_ = g.hand.trick[0][1].suit if card.is_dual else None  # type: ignore[union-attr]
        return yes_no_play(rules, g, tests, seat, card, as_, kind=kind, show_turn=show_turn)
    return at_position(choices, ask)


def _follow_or_not(rules: RuleSet, g: Game) -> PlayChoices | None:
    """Mid-trick: cards of the led suit (Yes) and other plain cards (No)."""
    got = to_play(g, mid_trick=True)
    if got is None:
        return None
    seat, h = got
    L = SUIT_BITS[h.trick[0][1].suit]
    held = h.cards_held(seat)
    follow = [c for c in held if c.bits & L]
    other = [c for c in held if not c.bits & L and not c.is_dual]
    return ((seat, follow), (seat, other)) if follow and other else None


def _lead_unbroken_or_not(rules: RuleSet, g: Game) -> PlayChoices | None:
    """On lead: plain cards of other suits (Yes) and unbroken trumps (No)."""
    got = to_play(g, mid_trick=False)
    if got is None:
        return None
    seat, h = got
    ub = h.unbroken_trumps()
    held = h.cards_held(seat)
    trumps = [c for c in held if not c.is_dual and c.suit in ub]
    other = [c for c in held if not c.is_dual and c.suit not in ub]
    return ((seat, other), (seat, trumps)) if trumps and other else None


def _own_card_or_not(rules: RuleSet, g: Game) -> PlayChoices | None:
    """The seat to play: its legal cards (Yes) and cards other seats hold (No)."""
    got = to_play(g)
    if got is None:
        return None
    seat, h = got
    others = [c for s in range(rules.players) if s != seat for c in h.hands[s]
              if not c.is_dual]
    mine = [p.card for p in g.legal_plays() if not p.card.is_dual]
    return ((seat, mine), (seat, others)) if others and mine else None


def _turn_or_not(rules: RuleSet, g: Game) -> PlayChoices | None:
    """Mid-trick: the seat to play with a legal card (Yes), the next seat with one of its
    cards (No)."""
    got = to_play(g, mid_trick=True)
    if got is None:
        return None
    seat, h = got
    nxt = (seat + 1) % rules.players
    cards = [c for c in h.hands[nxt] if not c.is_dual]
    mine = [p.card for p in g.legal_plays() if not p.card.is_dual]
    return ((seat, mine), (nxt, cards)) if cards and mine and len(h.trick) < rules.players - 1 \
        else None


b_must_follow = may_play("must-follow-suit", _follow_or_not)
b_trump_not_broken = may_play("trump-not-broken", _lead_unbroken_or_not, kind="may-lead")
b_card_not_in_hand = may_play("card-not-in-hand", _own_card_or_not)
_not_your_turn_in_trick = may_play("not-your-turn", _turn_or_not, show_turn=False)


def b_not_your_turn(rules: RuleSet, pool: Pool, rng: random.Random) -> QuizQuestion | None:
    if rng.random() < 0.5:
        # who leads the first trick?
        return _first_lead("not-your-turn")(rules, pool, rng)
    return _not_your_turn_in_trick(rules, pool, rng)


def _before_first_lead(rules: RuleSet, g: Game) -> bool:
    h = g.hand
    return h is not None and h.phase == Phase.PLAY and not h.tricks and not h.trick


def _first_lead(tests: str) -> Builder:
    def ask(rules: RuleSet, rng: random.Random, g: Game, _: Any) -> QuizQuestion:
        h = g.hand
        assert h is not None and h.turn is not None
        n = rules.players
        leader = h.turn
        right = explain_play(g, g.legal_plays()[0])
        rule = ("In this rule set the dealer leads the first trick." if rules.first_lead ==
                "dealer" else "The player on the dealer's left leads the first trick.")
        per: list[list[Any]] = []
        for s in range(n):
            if s == leader:
                per.append([rule, right.text])
                continue
            card = next(c for c in h.cards_held(s) if not c.is_dual)
            per.append([explain_play(g, card, seat=s).text, rule])
        shown = [*table_words(rules, g),
                 "The bidding (and any card exchange) is over; no card has been played yet."]
        return question(rules, "first-lead", tests, "Who leads the first trick?", shown,
                         [seat_name(s, n) for s in range(n)], leader,
                         [rule, f"{seat_name(leader, n)} leads: " + right.text],
                         {"dealer": h.dealer, "bids": [str(b) for b in h.bids]}, g.to_record(),
                         {"kind": "first-lead"}, per_choice=per)
    return at_position(_before_first_lead, ask, before_play=True)


def _bidding(rules: RuleSet, g: Game) -> bool:
    return turn_in(g, Phase.BIDDING) is not None


def _ask_wrong_phase(rules: RuleSet, rng: random.Random, g: Game, _: Any) -> QuizQuestion:
    h = g.hand
    assert h is not None and h.turn is not None
    n = rules.players
    seat = (h.dealer + 1) % n
    card = next(c for c in h.cards_held(seat) if not c.is_dual)
    waiting = [seat_name(s, n) for s, b in enumerate(h.bids) if b is None]
    shown = [*table_words(rules, g), f"To bid: {seat_name(h.turn, n)}"
             f" (still to bid: {', '.join(waiting)})", hand_words(g, seat)]
    return yes_no(rules, "may-lead", "wrong-phase",
                   f"The bidding is not over. May {seat_name(seat, n)} lead the "
                   f"{card_words(card)} before every player has bid?", shown,
                   explain_play(g, card, seat=seat), {"seat": seat, "bids": bids_data(h.bids)},
                   g.to_record(), {"kind": "play", "seat": seat, "card": card.code, "as": None})


def _playing(rules: RuleSet, g: Game) -> bool:
    return turn_in(g, Phase.PLAY) is not None


#: Cards some deck has, named in words, that another deck does not: (code, words).
_OTHER_DECK_CARDS = (("5A", "5 of Acorns"), ("BS", "Beast of Spades"), ("0H", "0 of Hearts"),
                     ("11D", "11 of Diamonds"), ("TPS", "Traveler of Planets/Spades"),
                     ("HAC", "Hunter of Acorns/Clubs"), ("12H", "12 of Hearts"),
                     ("13S", "13 of Spades"), ("QC", "Queen of Clubs"), ("2S", "2 of Spades"))


def b_unknown_card(rules: RuleSet, pool: Pool, rng: random.Random) -> QuizQuestion | None:
    """Which cards the deck has: a card named in words, asked about the deck, not about a play
    (a play of a card the deck lacks would contradict the question's own table)."""
    deck = rules.deck
    code, words = rng.choice(_OTHER_DECK_CARDS)
    try:
        card = deck.parse(code)
        words = card.name
        ok, why = True, f"Yes: the {words} is one of the {len(deck.cards)} " \
            f"cards of this deck."
    except RuleError:
        ok, why = False, f"No: the {deck.label} has no {words}."
    label = deck.label
    suits = [suit_name(x) for x in deck.suits]
    ranks = [RANK_NAMES.get(x, x) for x in deck.ranks]
    why += f" Its suits are {', '.join(suits[:-1])} and {suits[-1]}, each of " \
        f"{len(ranks)} ranks: {', '.join(ranks)}" + (
            "; and a Traveler and a Hunter of each pair of suits" if deck.duals else "") + "."
    return question(rules, "deck", "unknown-card",
                     f"Does the {label} of {rules.name} have a card called the {words}?",
                     [rules_words(rules) + f"; {label}, {len(deck.cards)} cards"], YES_NO,
                     0 if ok else 1, [why], {"card": code}, {},
                     {"kind": "deck", "card": code})


b_first_lead = _first_lead("first-lead")
b_wrong_phase = at_position(_bidding, _ask_wrong_phase, before_play=True)


def b_only_unbroken_trumps(rules: RuleSet, pool: Pool, rng: random.Random
                            ) -> QuizQuestion | None:
    """The exception to "no trump lead until broken": the first leader holds only unbroken
    trumps (and may lead one) or, one time in three, all but one card (and may not)."""
    n = rules.players
    size = rules.hand_size
    trumps = plain_trumps(rules)
    exception = rng.random() >= 1 / 3
    for _ in range(8):
        dealer = rng.randrange(n)
        leader = dealer if rules.first_lead == "dealer" else (dealer + 1) % n
        mine = rng.sample(trumps, size)
        rest = [c for c in rules.deck.cards if c not in set(mine)]
        rng.shuffle(rest)
        if not exception:  # swap one trump for a plain card: the exception no longer holds
            plain = next(i for i, c in enumerate(rest) if not c.is_dual
                         and c.suit not in rules.trumps)
            mine[0], rest[plain] = rest[plain], mine[0]
        others = [rest[i * size:(i + 1) * size] for i in range(n - 1)]
        cards = [others.pop(0) if s != leader else mine for s in range(n)]
        g = Game(rules, dealer=dealer)
        g.deal(cards=[[c.code for c in h] for h in cards])
        players = [Scripted(rules, {}, random_play=False)] * n
        for _step in range(4 * n):
            if g.hand is None or g.hand.phase == Phase.PLAY:
                break
            act(g, players, rng)
        h = g.hand
        if h is None or h.phase != Phase.PLAY or h.turn != leader or h.trick or h.tricks:
            continue
        held = [c for c in h.cards_held(leader) if c.suit in rules.trumps and not c.is_dual]
        card = rng.choice(held)
        shown, ctx = play_context(g, leader)
        return yes_no(rules, "may-lead", "only-unbroken-trumps",
                       f"May {seat_name(leader, n)} lead the {card_words(card)} now?", shown,
                       explain_play(g, card, seat=leader), ctx, g.to_record(),
                       {"kind": "play", "seat": leader, "card": card.code, "as": None})
    return None


def _void_or_not(rules: RuleSet, g: Game, void: bool) -> tuple[int, list[Card]] | None:
    """Mid-trick: a seat void in the led suit and its cards the engine lets it play (``void``),
    or a seat holding the led suit and its cards of other suits."""
    got = to_play(g, mid_trick=True)
    if got is None:
        return None
    seat, h = got
    L = SUIT_BITS[h.trick[0][1].suit]
    held = h.cards_held(seat)
    follows = any(c.bits & L for c in held)
    if void:
        legal = {p.card for p in g.legal_plays()}
        cards = [c for c in held if not c.is_dual and c in legal]
        return (seat, cards) if cards and not follows else None
    other = [c for c in held if not c.bits & L and not c.is_dual]
    return (seat, other) if follows and other else None


def b_void_any_card(rules: RuleSet, pool: Pool, rng: random.Random) -> QuizQuestion | None:
    """"May SEAT play CARD?" of a card not of the led suit: six times in ten by a seat void in
    the led suit (Yes: any card, a trump too, broken or not), else by a seat that holds the
    led suit (No)."""
    void = rng.random() < 0.6
    got = pick_position(pool, rng, lambda g: _void_or_not(rules, g, void))
    if got is None:
        return None
    g, (seat, cards) = got
    trumps = [c for c in cards if c.suit in rules.trumps]
    card = rng.choice(trumps if trumps and rng.random() < 0.5 else cards)
    return yes_no_play(rules, g, "cannot-follow", seat, card, None)
