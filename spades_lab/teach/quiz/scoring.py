"""Question builders on scores and the game: a hand's score (bags, nils, penalties), the end of
the game, the next dealer, how many cards each player gets, options a rule set offers."""
from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from itertools import chain
from typing import Any

from ...core.bids import Bid
from ...core.cards import SUIT_BITS, cards_text, suit_name
from ...core.engine import Game
from ...core.errors import RuleError
from ...core.records import replay
from ...core.rules import RuleSet, seat_name, team_name
from ...words.counting import plural
from ...words.rules import failed_nil_tricks_words, house_words
from ..explain import (
    explain_score,
)
from .model import YES_NO, QuizQuestion, question
from .positions import Builder, Pool, Scripted, games, play_to_score, scripted_games
from .shown import bids_words, rules_words


def _score_shown(g: Game, team: int) -> list[str]:
    h = g.hands[0]
    rules = g.rules
    n = rules.players
    ts = h.scores[team]  # type: ignore[index]
    lines = [rules_words(rules), bids_words(g, h.bids),
             "Tricks taken: " + ", ".join(f"{seat_name(s, n)} {h.taken[s]}"
                                          for s in range(n))]
    for s in ts.seats:
        b = h.bids[s]
        if b is not None and b.nil_suit is not None:
            won = [c for c in h.won[s] if c.bits & SUIT_BITS[b.nil_suit]]
            lines.append(f"{suit_name(b.nil_suit)} cards {seat_name(s, n)} won: "
                         + (cards_text(won) if won else "none"))
    lines.append(f"{team_name(ts.seats, n)} had {plural(ts.bags_before, 'bag')} before this "
                 "hand")
    opts = []
    if rules.bag_limit is not None:
        opts.append(f"every {rules.bag_limit} bags cost {rules.bag_penalty}")
    else:
        opts.append("no bag penalty")
    opts.append("a failed nil's tricks " + ("score 1 point and 1 bag each"
                                            if rules.failed_nil_tricks == "bags_only"
                                            and rules.overtrick_points
                                            else failed_nil_tricks_words(rules)))
    if rules.players == 8:
        opts.append("nil values are halved with eight players")
    lines.append("Options: " + "; ".join(opts))
    lines.extend(house_words(rules))
    return lines


#: More hands for a score question whose line the pool's hands rarely show (house rules).
Games = Callable[[RuleSet, "Pool", random.Random], Iterator[Game]]


def b_score(line: str | tuple[str, ...], tests: str | None = None,
             also: Callable[[Any], bool] = lambda ts: True,
             more: Games | None = None, spread: bool = False) -> Builder:
    """A hand-score question on a partnership whose score has a ``line`` item (or one of
    several lines; and for which ``also`` holds), testing ``tests`` (default: ``line``); the
    pool's hands first, then ``more`` (hands made for the line, scored by the engine like any
    other).  ``spread``: not always the first such hand (a house rule's question on another
    id's line would otherwise ask the very question that id asked)."""
    lines = (line,) if isinstance(line, str) else line
    asked = tests or lines[0]

    def build(rules: RuleSet, pool: Pool, rng: random.Random) -> QuizQuestion | None:
        extra = more(rules, pool, rng) if more is not None else iter(())
        skip = rng.randrange(4) if spread else 0
        for g in chain(games(pool, 60), extra):
            h = g.hands[0]
            teams = [ts for ts in h.scores or ()
                     if any(it.rule in lines for it in ts.items) and also(ts)]
            if not teams:
                continue
            if skip:
                skip -= 1
                continue
            ts = rng.choice(teams)
            n = rules.players
            right = ts.hand_score
            wrong = {right + d for d in (-20, -10, 10, 20, ts.bags_added or 1, -100, 100,
                                         -ts.bag_penalty or 50, 2 * right or 30)}
            wrong.discard(right)
            picks = rng.sample(sorted(wrong), 3) + [right]
            picks.sort()
            ex = explain_score(h).teams[ts.team]
            return question(rules, "hand-score", asked,
                             f"What does {team_name(ts.seats, n)} score for this hand "
                             "(bags and penalties included)?", _score_shown(g, ts.team),
                             [f"{x:+d}" for x in picks], picks.index(right),
                             [ex],
                             {"team": ts.team, "bids": [str(b) for b in h.bids],
                              "taken": list(h.taken), "bags_before": ts.bags_before},
                             g.to_record(), {"kind": "score", "hand": 0, "team": ts.team})
        return None
    return build


def b_end(outcome: str) -> Builder:
    def build(rules: RuleSet, pool: Pool, rng: random.Random) -> QuizQuestion | None:
        r = rules.replace(losing_floor=-200) if outcome == "losing-floor" else rules
        target = r.target
        def more() -> Iterator[Game]:  # drawn from the rng only once the pool has none
            if rules.house_bidding:  # (a bidding game's scores rarely end a game so)
                yield from scripted_games(rules, random.Random(rng.randrange(2**31)), 12)
        # the pool's hands, then hands the quiz's players play for it
        for g in chain(games(pool, 60), more()):
            h = g.hands[0]
            assert h.scores is not None
            hs = [ts.hand_score for ts in h.scores]
            teams = range(len(hs))
            start: list[int] | None = None
            if outcome == "target-reached":
                good = [t for t in teams if hs[t] > 0]
                if good:
                    a = rng.choice(good)
                    start = [rng.randrange(0, max(target - 150, 1)) // 10 * 10 for _ in teams]
                    start[a] = target - hs[a] + rng.randrange(0, min(hs[a], 60))
            elif outcome == "highest-tie":
                good = [t for t in teams if hs[t] > 0]
                if len(good) >= 2:
                    a, b = rng.sample(good, 2)
                    final = target + rng.randrange(0, min(hs[a], hs[b], 40))
                    start = [rng.randrange(0, max(target - 200, 1)) // 10 * 10 for _ in teams]
                    start[a], start[b] = final - hs[a], final - hs[b]
            elif outcome == "losing-floor":
                bad = [t for t in teams if hs[t] < 0]
                if bad:
                    a = rng.choice(bad)
                    floor = r.losing_floor
                    assert floor is not None
                    start = [rng.randrange(0, 200) // 10 * 10 for _ in teams]
                    start[a] = floor - hs[a] - rng.randrange(0, min(-hs[a], 60))
            else:
                start = [rng.randrange(0, max(target // 2, 1)) // 10 * 10 for _ in teams]
            if start is None or any(s >= target for s in start) or (
                    r.losing_floor is not None and any(s <= r.losing_floor for s in start)):
                continue
            rec = g.to_record()
            rec["rules"] = r.to_json()
            rec["start"] = {"scores": start, "bags": list(g.start_bags)}
            try:
                g2 = replay(rec).game
            except RuleError:
                continue
            h2 = g2.hands[0]
            oc = h2.outcome
            assert oc is not None and h2.scores is not None
            if oc.rule != outcome:  # the engine's end rule (core.scoring.game_outcome)
                continue
            n = r.players
            shown = [rules_words(r), f"Target: {r.target}" + (
                f"; a partnership at or below {r.losing_floor} loses at once"
                if r.losing_floor is not None else "")]
            for ts in h2.scores:
                shown.append(f"{team_name(ts.seats, n)}: {ts.total_before} before this hand, "
                             f"{ts.hand_score:+d} this hand")
            choices = ["No: another hand is played"] + [
                f"Yes: {team_name(ts, n)} win" for ts in r.team_seats]
            answer = 0 if not oc.over else 1 + (oc.winner or 0)
            ex = explain_score(h2)
            return question(r, "game-over", outcome, "Is the game over after this hand?",
                             shown, choices, answer, [ex.said[-1]],
                             {"totals_before": start, "hand_scores": hs,
                              "target": r.target, "losing_floor": r.losing_floor},
                             rec, {"kind": "game-over"})
        return None
    return build


# ---------------------------------------------------------------------------- deck, options


def b_bad_record(rules: RuleSet, pool: Pool, rng: random.Random,
                  tests: str = "bad-record") -> QuizQuestion | None:
    """How many cards each player is dealt: as the rule of the game (``deal-size``), or as the
    input check that refuses a deal of another size (``bad-record``)."""
    n = rules.players
    size = rules.hand_size
    wrong = sorted({size - 1, size + 1, size + 2, 13, 32, 34, 16, 17} - {size})
    picks = sorted([size, *rng.sample(wrong, 3)])
    deck = list(rules.deck.cards)
    rng.shuffle(deck)
    bad = size + rng.choice([1, -1])
    cards = [deck[:bad]] + [deck[bad + i * size: bad + (i + 1) * size] for i in range(n - 1)]
    why = ""
    try:
        Game(rules).deal(cards=cards)
    except RuleError as e:
        why = e.message
    shared = f"{len(rules.deck.cards)} cards shared by {n} players: {size} each"
    if tests == "deal-size":
        prompt = f"How many cards does each player get in {rules.name}?"
        fb = f"{shared}, and so {size} tricks in every hand."
    else:
        prompt = (f"A deal in {rules.name} gives {seat_name(0, n)} {bad} cards. How many must "
                  "each player be dealt for the hand to be played?")
        fb = f"{shared}. A deal that gives {seat_name(0, n)} {bad} is refused: {why}"
    return question(rules, "deal-size", tests, prompt,
                     [rules_words(rules).split(" (")[0] + f" ({n} players, deck of "
                      f"{len(rules.deck.cards)} cards)"],
                     [str(x) for x in picks], picks.index(size), [fb],
                     {"players": n, "deck": len(rules.deck.cards)}, {},
                     {"kind": "deal-size"})


def b_bad_option(rules: RuleSet, pool: Pool, rng: random.Random) -> QuizQuestion | None:
    choices: list[tuple[str, Any, str]]
    if rules.deck.ace_flips:
        choices = [("blind_nil_deficit", 100, "blind nil only when "
                                         "trailing by 100 (an online rule)"),
                                        ("teams", "fours", "two teams of four")
                                        if rules.players == 4 else
                                        ("blind_nil_deficit", 100, "blind nil only when "
                                         "trailing by 100 (an online rule)")]
    else:
        choices = [("th_low", True, "Travelers and Hunters ranked low"),
                   ("travelers_hunters", True, "Travelers and Hunters"),
                   ("teams", "fours", "two teams of four")]
    if rng.random() < 0.3:  # some answers: Yes, an option this rule set has
        choices = [("failed_nil_tricks", "count_toward_bid",
                    "a failed nil's tricks counting toward the bid"),
                   ("th_low", True, "Travelers and Hunters ranked low")
                   if rules.deck.ace_flips else ("target", 300, "a game to 300")]
    key, value, words = rng.choice(choices)
    home = {"failed_nil_tricks": "every rule set", "target": "every rule set",
            "th_low": "the Heckadeck rule sets (acorns and acorns8)",
            "travelers_hunters": "the Heckadeck rule sets (acorns and acorns8)",
            "teams": "the eight-player rule set (acorns8)",
            "blind_nil_deficit": "the online rule set"}[key]
    try:
        rules.replace(**{key: value})
        ok, why = True, f"Yes: {rules.name} offers {words}."
    except RuleError:  # the engine refuses the option (bad-option)
        ok, why = False, f"No: {rules.name} has no such option; {words} belongs to {home}."
    return question(rules, "option", "bad-option",
                     f"May a table playing {rules.name} choose the option \"{words}\"?",
                     [rules_words(rules)], YES_NO, 0 if ok else 1, [why],
                     {"option": key, "value": value}, {},
                     {"kind": "option", "option": key, "value": value})


def b_dealer_rotation(rules: RuleSet, pool: Pool, rng: random.Random) -> QuizQuestion | None:
    """Who deals the second hand: a position that is not a first hand (the deal passes to the
    left after every hand); each wrong choice gets the engine's refusal of that dealer."""
    n = rules.players
    for g in games(pool, 20):
        if g.over:
            continue
        nxt = g.copy()
        deal_rng = random.Random(rng.randrange(2**31))
        nxt.deal(random.Random(deal_rng.random()))
        dealer = nxt.hands[1].dealer
        per: list[list[str]] = []
        for s in range(n):
            trial = g.copy()
            try:
                trial.deal(random.Random(0), dealer=s)
                per.append([f"{seat_name(s, n)} deals the second hand: the deal passes "
                            "clockwise (to the left) after every hand, from "
                            f"{seat_name(g.hands[0].dealer, n)} to {seat_name(s, n)}."])
            except RuleError as e:
                per.append([e.message])
        h = g.hands[0]
        assert h.scores is not None
        shown = [rules_words(rules), f"Hand 1 was dealt by {seat_name(h.dealer, n)}; it has "
                 "been played and scored: "
                 + ", ".join(f"{team_name(ts.seats, n)} {ts.total}" for ts in h.scores)]
        return question(rules, "dealer", "dealer-rotation", "Who deals the second hand?",
                         shown, [seat_name(s, n) for s in range(n)], dealer, per[dealer],
                         {"dealer_before": h.dealer}, nxt.to_record(),
                         {"kind": "dealer", "hand": 1}, per_choice=per)
    return None


def b_deal_size(rules: RuleSet, pool: Pool, rng: random.Random) -> QuizQuestion | None:
    return b_bad_record(rules, pool, rng, tests="deal-size")


def nil_hands(rules: RuleSet, pool: Pool, rng: random.Random) -> Iterator[Game]:
    """More hands with a nil, for rule sets whose pool rarely shows one scored (three players
    each alone, whose nil must survive 17 cards; Mirror, whose nil needs a hand without
    Spades): hands with one nil bid scripted, then hands where one player holds every Spade
    (so that in Mirror the others must bid nil)."""
    def bids(rng: random.Random) -> dict[int, Bid]:
        return {rng.randrange(rules.players): Bid(0, "nil", False)}
    yield from scripted_games(rules, rng, 12, bids)
    yield from scripted_games(rules, rng, 6, strong=True)
    yield from _weaknil_hands(rules, rng, 12)
    yield from _weaknil_hands(rules, rng, 6, high=True)


def _weaknil_hands(rules: RuleSet, rng: random.Random, tries: int, high: bool = False
                    ) -> Iterator[Game]:
    """Hands in which one player, dealt the lowest cards of the deck (``high``: the highest
    cards of the plain suits, no trump), bids nil: a nil that stands now and then even where
    each plays alone with 17 cards (and, ``high``, one that fails where Mirror's nil needs a
    hand without Spades)."""
    n, size = rules.players, rules.hand_size
    order = {r: i for i, r in enumerate(rules.deck.ranks)}
    for _ in range(tries):
        deck = list(rules.deck.cards)
        rng.shuffle(deck)
        deck.sort(key=lambda c: (c.suit in rules.trumps,
                                 -order.get(c.rank, 0) if high else order.get(c.rank, 0)))
        weak, rest = deck[:size], deck[size:]
        rng.shuffle(rest)
        seat = rng.randrange(n)
        hands = [rest[i * size:(i + 1) * size] for i in range(n - 1)]
        hands.insert(seat, weak)
        g = Game(rules, dealer=rng.randrange(n))
        try:
            g.deal(cards=[[c.code for c in h] for h in hands])
        except RuleError:
            return
        if play_to_score(g, [Scripted(rules, {seat: Bid(0, "nil", False)}, random_play=False)] * n,
                         rng):
            yield g


#: The scoring lines of a nil: their questions look further than the pool where it has none.
NIL_LINES = ("nil-made", "nil-failed", "failed-nil-tricks")
SCORE_BUILDERS: dict[str, Builder] = {
    line: b_score(line, more=nil_hands if line in NIL_LINES else None)
    for line in ("bid-made", "bid-missed", "bags", "nil-made", "nil-failed", "failed-nil-tricks",
                 "bag-penalty")}

b_bags_off = b_score("bags", "bags-off", lambda ts: ts.bags_before + ts.bags_added >= 10
                       and ts.bags_added > 0)
