"""Question builders on claims (docs/rulings.md section 10, a spades_lab rule: the seed rules
have none): who may claim and when, how many tricks, where claims are off, and who on the
claimer's side takes the tricks claimed.  Every answer is the engine's (``Game.can_claim``,
``Game.claim``); the refusals are its own sentences."""
from __future__ import annotations

import random
from typing import Any

from ...core.engine import Game
from ...core.rules import RuleSet, seat_name
from ...words.counting import plural
from .model import YES_NO, QuizQuestion, question
from .positions import Builder, Pool, pick_position, to_play
from .shown import play_context


def _claiming(rules: RuleSet, g: Game) -> Any:
    """A position in the play where a claim may be asked about: the seat to play, with two
    tricks or more to go."""
    got = to_play(g)
    if got is None or got[1].remaining < 2:
        return None
    return (got[0],)


def _claim_question(rules: RuleSet, g: Game, tests: str, seat: int, tricks: int
                    ) -> QuizQuestion:
    """"May SEAT claim TRICKS of the remaining tricks now?", the engine's ``can_claim``
    answering; a refusal's feedback is its sentence."""
    h = g.hand
    assert h is not None
    n = rules.players
    shown, ctx = play_context(g, h.turn if h.turn is not None else seat)
    shown.append(f"Tricks still to be won (the one in progress included): {h.remaining}")
    check = g.can_claim(seat, tricks)
    who = seat_name(seat, n)
    if check.ok:
        why = (f"Yes: {who} is to play, and a claim may be of 0 to {h.remaining} tricks, as many "
               "as are still to be won.")
    else:
        why = f"No: {check.message}"
    what = "all of the remaining tricks" if tricks == h.remaining else \
        f"{plural(tricks, 'trick')} of the remaining {h.remaining}"
    ctx.update({"claimer": seat, "tricks": tricks, "remaining": h.remaining})
    return question(rules, "may-claim", tests, f"May {who} claim {what} now?", shown, YES_NO,
                    0 if check.ok else 1, [why], ctx, g.to_record(),
                    {"kind": "claim", "seat": seat, "tricks": tricks})


def b_claim_turn(rules: RuleSet, pool: Pool, rng: random.Random) -> QuizQuestion | None:
    """A claim by the seat to play (Yes, four times in ten) or by another seat (No: a claim
    is made by the player whose turn it is)."""
    got = pick_position(pool, rng, lambda g: _claiming(rules, g))
    if got is None:
        return None
    g, (turn,) = got
    seat = turn if rng.random() < 0.4 else rng.choice(
        [s for s in range(rules.players) if s != turn])
    h = g.hand
    assert h is not None
    return _claim_question(rules, g, "claim-not-your-turn", seat, h.remaining)


def b_claim_too_many(rules: RuleSet, pool: Pool, rng: random.Random) -> QuizQuestion | None:
    """A claim by the seat to play of some of the remaining tricks (Yes) or of more than remain
    (No, six times in ten)."""
    got = pick_position(pool, rng, lambda g: _claiming(rules, g))
    if got is None:
        return None
    g, (turn,) = got
    h = g.hand
    assert h is not None
    tricks = h.remaining + rng.randrange(1, 4) if rng.random() < 0.6 else \
        rng.randrange(1, h.remaining + 1)
    return _claim_question(rules, g, "claim-too-many", turn, tricks)


def b_claim_off(rules: RuleSet, pool: Pool, rng: random.Random) -> QuizQuestion | None:
    """Where Nil Spades or Nil Acorns may be bid: a claim of the rest of the tricks in a hand
    where such a nil stands (No: the cards its bidder wins decide it, so every card is played)
    or where none does (Yes), half and half."""
    off = rng.random() < 0.5

    def find(rules: RuleSet, g: Game) -> Any:
        h = g.hand
        if _claiming(rules, g) is None or h is None:
            return None
        suit_nil = any(b is not None and b.nil_suit is not None for b in h.bids)
        return _claiming(rules, g) if suit_nil == off else None
    got = pick_position(pool, rng, lambda g: find(rules, g))
    if got is None:
        return None
    g, (turn,) = got
    h = g.hand
    assert h is not None
    return _claim_question(rules, g, "claim-off", turn, h.remaining)


def b_claim_takers(rules: RuleSet, pool: Pool, rng: random.Random) -> QuizQuestion | None:
    """"SEAT claims the rest and every other player accepts: who on SEAT's side takes the
    tricks claimed?" in a hand where someone on that side bid a nil: the first player in turn
    order from the claimer who bid no nil (the engine applies the claim)."""
    n = rules.players

    def find(rules: RuleSet, g: Game, claimer_nil: bool) -> Any:
        got = _claiming(rules, g)
        h = g.hand
        if got is None or h is None or not g.can_claim(got[0], h.remaining).ok:
            return None
        side = rules.team_seats[rules.team_of(got[0])]
        nils = [s for s in side if h.bids[s] is not None and h.bids[s].is_nil]  # type: ignore[union-attr]
        return got if nils and (got[0] in nils) == claimer_nil else None
    first = rng.random() < 0.5  # half the time the claimer is the nil bidder
    got = pick_position(pool, rng, lambda g: find(rules, g, first)) or \
        pick_position(pool, rng, lambda g: find(rules, g, not first))
    if got is None:
        return None
    g, (seat,) = got
    h = g.hand
    assert h is not None
    side = list(rules.team_seats[rules.team_of(seat)])
    before = list(h.taken)
    after = g.copy()
    after.claim(seat, h.remaining, accepted_by=[s for s in range(n) if s not in side])
    gained = [s for s in side if after.hands[-1].taken[s] > before[s]]
    taker = gained[0] if gained else seat
    shown, ctx = play_context(g, seat)
    shown.append(f"Tricks still to be won (the one in progress included): {h.remaining}")
    choices = [seat_name(s, n) for s in side]
    nil_words = ", ".join(f"{seat_name(s, n)} bid {h.bids[s].label}"  # type: ignore[union-attr]
                          for s in side if h.bids[s] is not None and h.bids[s].is_nil)  # type: ignore[union-attr]
    why = (f"{seat_name(taker, n)} takes them: the tricks claimed go to the first player of the "
           f"claimer's side, in turn from the claimer, who bid no nil ({nil_words}), so a claim "
           "never breaks a nil the count of tricks leaves standing.")
    ctx.update({"claimer": seat, "tricks": h.remaining})
    return question(rules, "claim-takers", "claim-takers",
                    f"{seat_name(seat, n)} claims all of the remaining tricks, and every other "
                    f"player accepts. Who on {seat_name(seat, n)}'s side takes the tricks "
                    "claimed?", shown, choices, side.index(taker), [why], ctx, g.to_record(),
                    {"kind": "claim-takers", "seat": seat, "tricks": h.remaining})


BUILDERS: dict[str, Builder] = {
    "claim-not-your-turn": b_claim_turn,
    "claim-too-many": b_claim_too_many,
    "claim-off": b_claim_off,
    "claim-takers": b_claim_takers,
}
