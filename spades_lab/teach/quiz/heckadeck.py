"""Question builders for the Heckadeck: Travelers and Hunters (declarations, their rank), the
Ace made high or low, the superior trump (set, both broken in one trick, chosen afresh each
deal)."""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ...core.cards import RANK_NAMES, SUIT_BITS, Card, suit_name
from ...core.engine import Game, trump_states
from ...core.errors import RuleError
from ...core.rules import RuleSet, seat_name
from ...core.tricks import trick_winner
from ...play.players import act
from ..explain import (
    explain_play,
    explain_trick,
)
from .model import QuizQuestion, question
from .play import yes_no_play
from .positions import Builder, Pool, Scripted, at_position, games, pick_position, to_play
from .shown import bids_words, card_words, play_context, play_words, rules_words
from .tricks import (
    about_trick,
    ask_superior,
    ask_winner,
    trick_context,
    trick_record,
    winner_feedback,
)


def _dual_positions(rules: RuleSet, pool: Pool, rng: random.Random, mode: str
                    ) -> tuple[Game, int, Card] | None:
    """A position where the seat to play holds a Traveler/Hunter: ``follow`` (one of its suits
    was led), ``off`` (neither was led and the seat cannot follow), ``lead``."""
    def pred(g: Game) -> Any:
        got = to_play(g)
        if got is None:
            return None
        seat, h = got
        duals = [c for c in h.cards_held(seat) if c.is_dual]
        if not duals:
            return None
        if mode == "lead":
            if h.trick:
                return None
            ub = h.unbroken_trumps()
            pick = [c for c in duals if any(s in ub for s in c.suits)] or duals
            return (seat, pick)
        if not h.trick:
            return None
        L = SUIT_BITS[h.trick[0][1].suit]
        if mode == "follow":
            pick = [c for c in duals if c.bits & L]
            return (seat, pick) if pick else None
        if any(c.bits & L for c in h.hands[seat]):
            return None
        return (seat, duals)

    got = pick_position(pool, rng, pred)
    if got is None:
        return None
    g, (seat, cards) = got
    return g, seat, rng.choice(cards)


def b_bad_declaration(rules: RuleSet, pool: Pool, rng: random.Random
                       ) -> QuizQuestion | None:
    if rules.deck.travelers_hunters:
        mode = rng.choice(["follow", "lead"])
        got = _dual_positions(rules, pool, rng, mode)
        if got is not None:
            g, seat, card = got
            h = g.hand
            assert h is not None
            legal_too = rng.random() < 0.3  # some answers: Yes
            if mode == "follow":
                led = h.trick[0][1].suit
                as_ = led if legal_too else next(s for s in card.suits if s != led)
            else:
                ub = h.unbroken_trumps()
                bad = [s for s in card.suits if s in ub]
                good = [s for s in card.suits if s not in ub]
                as_ = (good or bad)[0] if legal_too or not bad else bad[0]
            return yes_no_play(rules, g, "bad-declaration", seat, card, as_)
    return _plain_card_as_trump(rules, pool, rng)


def _plain_cards(rules: RuleSet, g: Game) -> tuple[int, list[Card]] | None:
    got = to_play(g)
    if got is None:
        return None
    seat, h = got
    plain = [c for c in h.cards_held(seat) if not c.is_dual and c.suit not in rules.trumps]
    return (seat, plain) if plain else None


def _ask_plain_as_trump(rules: RuleSet, rng: random.Random, g: Game,
                        found: tuple[int, list[Card]]) -> QuizQuestion:
    seat, plain = found
    legal = {p.card for p in g.legal_plays()}
    own = [c for c in plain if c in legal]
    if own and rng.random() < 0.3:  # some answers: Yes, a card declared as its own suit
        card = rng.choice(own)
        return yes_no_play(rules, g, "bad-declaration", seat, card, card.suit)
    card = rng.choice(plain)
    return yes_no_play(rules, g, "bad-declaration", seat, card, rng.choice(rules.trumps))


_plain_card_as_trump = at_position(_plain_cards, _ask_plain_as_trump)


def _declaration_question(rules: RuleSet, g: Game, seat: int, card: Card, tests: str
                          ) -> QuizQuestion:
    h = g.hand
    assert h is not None
    n = rules.players
    a, b = card.suits
    ok = {s: explain_play(g, card, s, seat=seat) for s in (a, b)}
    choices = (f"Only as {suit_name(a)}", f"Only as {suit_name(b)}",
               f"As {suit_name(a)} or as {suit_name(b)}")
    if ok[a].legal and ok[b].legal:
        answer = 2
    elif ok[a].legal:
        answer = 0
    else:
        answer = 1
    shown, ctx = play_context(g, seat)
    verb = "play" if h.trick else "lead"
    return question(rules, "declaration", tests,
                     f"{seat_name(seat, n)} wants to {verb} the {card_words(card)}. As which "
                     "suit may it be played here?", shown, choices, answer,
                     [ok[a].text, ok[b].text], ctx, g.to_record(),
                     {"kind": "declaration", "seat": seat, "card": card.code})


def b_played_as_led(rules: RuleSet, pool: Pool, rng: random.Random) -> QuizQuestion | None:
    got = _dual_positions(rules, pool, rng, "follow")
    if got is None:
        return None
    return _declaration_question(rules, *got, tests="played-as-led-suit")


def b_declared_suit(rules: RuleSet, pool: Pool, rng: random.Random) -> QuizQuestion | None:
    got = _dual_positions(rules, pool, rng, rng.choice(["off", "lead"]))
    if got is None:
        got = _dual_positions(rules, pool, rng, "off")
    if got is None:
        return None
    return _declaration_question(rules, *got, tests="declared-suit")


def _ask_ace(rules: RuleSet, g: Game, k: int, t: Any) -> tuple[str, Sequence[str], int]:
    return (f"In trick {k + 1}, does the Ace rank high (above the King) or low (between 0 "
            "and 2)?", ("High", "Low"), 0 if t.ace == "high" else 1)


def b_ace(reason: str) -> Builder:
    return about_trick(reason, "ace", "ace", lambda t: reason in t.reasons, _ask_ace)


b_superior_set = about_trick("superior-trump-set", "superior", "superior",
                               lambda t: "superior-trump-set" in t.reasons, ask_superior)


def b_both_trumps_broken(rules: RuleSet, pool: Pool, rng: random.Random
                          ) -> QuizQuestion | None:
    """Which trump is superior after a trick in which both were broken for the first time:
    the one the earlier card broke (whichever card is higher)."""
    for g in games(pool, 80):
        h = g.hands[0]
        ks = []
        for k in range(len(h.tricks)):
            before, _ = trump_states(h, k)[0]
            after, _ = trump_states(h, k)[-1]
            both = all(after & SUIT_BITS[x] for x in rules.trumps)
            if both and not any(before & SUIT_BITS[x] for x in rules.trumps):
                ks.append(k)
        if ks:
            k = rng.choice(ks)
            shown, ctx, t = trick_context(g, k)
            prompt, choices, answer = ask_superior(rules, g, k, t)
            fb = [t, f"Both trumps were broken in trick {k + 1}: the one broken by the earlier "
                  f"card, {choices[answer]}, is the superior trump."]
            return question(rules, "superior", "both-trumps-broken", prompt, shown,
                             choices, answer, fb, ctx, trick_record(g, k),
                             {"kind": "superior", "hand": 0, "trick": k})
    return None


def b_th_rank(rules: RuleSet, pool: Pool, rng: random.Random) -> QuizQuestion | None:
    """Who wins a trick whose winner depends on where Travelers and Hunters rank (the option
    ``th_low``): with the other order, the engine's trick rule names another winner."""
    other = rules.replace(th_low=not rules.th_low)
    for g in games(pool, 80):
        h = g.hands[0]
        ks = [k for k, tr in enumerate(h.tricks)
              if any(p.card.is_dual for _, p in tr.plays)
              and trick_winner(other, tr.plays, trump_states(h, k)[0][1])[0] != tr.winner]
        if not ks:
            continue
        k = rng.choice(ks)
        shown, ctx, t = trick_context(g, k)
        order = [RANK_NAMES.get(x, x) for x in rules.rank_order
                 if x in ("11", "B", "T", "J", "H", "Q")]
        shown.insert(1, "Ranks from 11 up: " + " < ".join(order))
        prompt, choices, answer = ask_winner(rules, g, k, t)
        return question(rules, "trick-winner", "th-rank", prompt, shown, choices, answer,
                         [t], ctx, trick_record(g, k), {"kind": "trick", "hand": 0, "trick": k},
                         per_choice=winner_feedback(rules, g, k, t))
    return None


def b_superior_reset(rules: RuleSet, pool: Pool, rng: random.Random) -> QuizQuestion | None:
    """Which trump is superior after the trick of the second hand that first breaks a trump:
    the one broken first in that hand, whatever was superior in the first hand (the superior
    trump is chosen afresh every deal); a second hand whose superior trump differs from the
    first's is preferred."""
    n = rules.players
    found = None
    for g in games(pool, 12):
        h0 = g.hands[0]
        sup0 = trump_states(h0, len(h0.tricks) - 1)[-1][1]
        if g.over or sup0 is None:
            continue
        nxt = g.copy()
        nxt.deal(random.Random(rng.randrange(2**31)))
        players = [Scripted(rules, {}, random_play=False)] * n
        play_rng = random.Random(rng.randrange(2**31))
        h1 = nxt.hands[1]
        try:
            while not h1.complete and (h1.superior is None or h1.trick):
                act(nxt, players, play_rng)
        except RuleError:
            continue
        if h1.superior is None or not h1.tricks:
            continue
        found = (g, nxt, sup0, len(h1.tricks) - 1)
        if h1.superior != sup0:
            break
    if found is None:
        return None
    g, nxt, sup0, k = found
    h0, h1 = nxt.hands[0], nxt.hands[1]
    t = explain_trick(h1, k)
    rec = nxt.to_record()
    rec["hands"][1]["plays"] = rec["hands"][1]["plays"][:(k + 1) * n]
    choices = [suit_name(x) for x in rules.trumps] + ["Neither yet"]
    sup = t.superior
    answer = rules.trumps.index(sup) if sup in rules.trumps else len(rules.trumps)
    shown = [rules_words(rules),
             f"Hand 1: {suit_name(sup0)} became the superior trump (broken first); the hand "
             "has been played and scored.",
             f"Hand 2, dealt by {seat_name(h1.dealer, n)}. " + bids_words(nxt, h1.bids),
             "Trumps broken before this trick (in hand 2): none",
             f"Hand 2, trick {k + 1}: " + "; ".join(
                 f"{seat_name(s, n)} {'led' if i == 0 else 'played'} {play_words(p)}"
                 for i, (s, p) in enumerate(h1.tricks[k].plays))]
    fb = [t, f"The superior trump is chosen afresh in every hand: {suit_name(sup0)} was superior "
          f"in hand 1; in hand 2 it is the trump broken first in hand 2, {choices[answer]}."]
    return question(rules, "superior", "superior-trump-reset",
                     f"In hand 2, which trump is superior once trick {k + 1} is over?", shown,
                     choices, answer, fb,
                     {"hand": 1, "trick": k, "superior_hand_1": sup0,
                      "plays": [{"seat": s, "card": p.card.code, "as": p.suit}
                                for s, p in h1.tricks[k].plays]},
                     rec, {"kind": "superior", "hand": 1, "trick": k})
