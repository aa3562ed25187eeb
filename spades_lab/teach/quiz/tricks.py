"""Question builders on whole tricks of a played hand: who wins, which trumps are broken, who
leads the next trick."""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from ...core.cards import SUIT_BITS, suit_name
from ...core.engine import Game, trump_states
from ...core.rules import RuleSet, seat_name
from ...words.said import Said, said_lines
from ..explain import (
    explain_trick,
)
from .catalogue import level_of
from .model import QuizQuestion, question
from .positions import Builder, Pool, games
from .shown import bids_words, broken_index, play_words, rules_words, trump_choices


def trick_context(g: Game, k: int) -> tuple[list[str], dict[str, Any], Any]:
    """The facts before trick ``k`` of the (complete) first hand, and its explanation."""
    h = g.hands[0]
    rules = g.rules
    n = rules.players
    t = h.tricks[k]
    mask, sup = trump_states(h, k)[0]
    broken = [x for x in rules.trumps if mask & SUIT_BITS[x]]
    taken = [sum(1 for tr in h.tricks[:k] if tr.winner == s) for s in range(n)]
    shown = [rules_words(rules), bids_words(g, h.bids),
             "Tricks taken before this trick: " + ", ".join(
                 f"{seat_name(s, n)} {taken[s]}" for s in range(n)),
             "Trumps broken before this trick: " + (" and ".join(suit_name(x) for x in broken)
                                                    or "none")]
    if len(rules.trumps) > 1:
        shown.append("Superior trump before this trick: " + (suit_name(sup) if sup else
                                                             "none yet"))
    shown.append(f"Trick {k + 1}: " + "; ".join(
        f"{seat_name(s, n)} {'led' if i == 0 else 'played'} {play_words(p)}"
        for i, (s, p) in enumerate(t.plays)))
    ctx = {"hand": 0, "trick": k, "plays": [{"seat": s, "card": p.card.code, "as": p.suit}
                                            for s, p in t.plays],
           "bids": [str(b) for b in h.bids], "taken_before": taken, "broken_before": broken,
           "superior_before": sup if len(rules.trumps) > 1 else rules.trumps[0]}
    return shown, ctx, explain_trick(h, k)


def _pick_trick(pool: Pool, rng: random.Random, pred: Callable[[Any], bool],
                max_games: int = 60) -> tuple[Game, int] | None:
    for g in games(pool, max_games):
        h = g.hands[0]
        ks = [k for k in range(len(h.tricks)) if pred(explain_trick(h, k))]
        if ks:
            return g, rng.choice(ks)
    return None


def trick_record(g: Game, k: int) -> dict[str, Any]:
    """The first hand's record cut after trick ``k``."""
    rec = g.to_record()
    n = g.rules.players
    rec["hands"][0]["plays"] = rec["hands"][0]["plays"][:(k + 1) * n]
    return rec


#: What a trick question asks about trick ``k`` (explained as ``t``):
#: (rules, the game, k, t) -> (prompt, choices, the right choice).
TrickAsker = Callable[[RuleSet, Game, int, Any], tuple[str, Sequence[str], int]]


def about_trick(tests: str, kind: str, action: str, picks: Callable[[Any], bool],
                 ask: TrickAsker, per_seat: bool = False) -> Builder:
    """A question about a whole trick of a played hand, one that ``picks`` (given the trick's
    explanation) chooses: the facts before the trick and its cards are shown, the trick's
    explanation is the feedback."""
    def build(rules: RuleSet, pool: Pool, rng: random.Random) -> QuizQuestion | None:
        got = _pick_trick(pool, rng, _at_level(rules, tests, picks))
        if got is None:
            return None
        g, k = got
        shown, ctx, t = trick_context(g, k)
        prompt, choices, answer = ask(rules, g, k, t)
        return question(rules, kind, tests, prompt, shown, choices, answer,
                         [t], ctx, trick_record(g, k),
                         {"kind": action, "hand": 0, "trick": k},
                         per_choice=winner_feedback(rules, g, k, t) if per_seat else None)
    return build


def _at_level(rules: RuleSet, tests: str, picks: Callable[[Any], bool]) -> Callable[[Any], bool]:
    """``picks``, and only tricks that no rule of a later lesson than ``tests``'s decides
    (a beginner's trick in the Heckadeck holds no Ace made low or high, no Traveler)."""
    level = level_of(rules, tests)
    return lambda t: picks(t) and all(level_of(rules, r) <= level for r in t.reasons)


def ask_winner(rules: RuleSet, g: Game, k: int, t: Any) -> tuple[str, Sequence[str], int]:
    seats = [s for s, _ in g.hands[0].tricks[k].plays]
    return (f"Who wins trick {k + 1}?", [seat_name(s, rules.players) for s in seats],
            seats.index(t.winner))


def winner_feedback(rules: RuleSet, g: Game, k: int, t: Any) -> list[list[Said]]:
    """Per seat of trick ``k`` (in play order, as :func:`ask_winner` lists them): the
    explanation's line for that seat's card (as a sentence of its own), then the line that
    names the winner."""
    plays = g.hands[0].tricks[k].plays
    lines = list(said_lines(t))
    if len(lines) != len(plays) + 2:  # not one line per card: the whole explanation for all
        return [lines for _ in plays]
    return [[lines[1 + i]._replace(level=0), lines[-1]] for i in range(len(plays))]


def _ask_broken(rules: RuleSet, g: Game, k: int, t: Any) -> tuple[str, Sequence[str], int]:
    return (f"Which trumps are broken once trick {k + 1} is over?", trump_choices(rules),
            broken_index(rules, t.steps[-1].broken))


def ask_superior(rules: RuleSet, g: Game, k: int, t: Any) -> tuple[str, Sequence[str], int]:
    sup = t.superior
    return (f"Which trump is superior once trick {k + 1} is over?",
            [suit_name(x) for x in rules.trumps] + ["Neither yet"],
            rules.trumps.index(sup) if sup in rules.trumps else len(rules.trumps))


def b_trick_winner(reason: str) -> Builder:
    return about_trick(reason, "trick-winner", "trick", lambda t: t.reason == reason,
                        ask_winner, per_seat=True)


b_broke_trump = about_trick("broke-trump", "trumps-broken", "broken",
                              lambda t: "broke-trump" in t.reasons, _ask_broken)


def b_next_lead(rules: RuleSet, pool: Pool, rng: random.Random) -> QuizQuestion | None:
    """Who leads the trick after a trick of a played hand (not its last): its winner."""
    got = _pick_trick(pool, rng, _at_level(rules, "next-lead", lambda t: True))
    if got is None:
        return None
    g, k = got
    h = g.hands[0]
    k = min(k, len(h.tricks) - 2)
    shown, ctx, t = trick_context(g, k)
    n = rules.players
    winner = h.tricks[k].winner
    fb = [t, f"{seat_name(winner, n)} won trick {k + 1} and so leads trick {k + 2}: the winner "
          "of a trick leads the next."]
    return question(rules, "next-lead", "next-lead", f"Who leads trick {k + 2}?", shown,
                     [seat_name(s, n) for s in range(n)], winner, fb, ctx, trick_record(g, k),
                     {"kind": "next-lead", "hand": 0, "trick": k})
