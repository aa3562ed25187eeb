"""The "best play" view (``spades_lab.teach.bestplay``): structured verdicts per legal card
that agree with the solver, and words a learner understands (card symbols, no codes, no rule
ids, no Python values)."""
from __future__ import annotations

import random
import re

from spades_lab.core.engine import Game
from spades_lab.core.errors import RULE_IDS
from spades_lab.core.rules import RuleSet
from spades_lab.play.players import SimplePlayer, act
from spades_lab.solver.search import Position, solve
from spades_lab.teach.bestplay import best_play


def _pos(rules: RuleSet, hands: list[str], turn: int, broken: tuple[str, ...]) -> Position:
    d = rules.deck.parse
    return Position(rules, tuple(tuple(d(x) for x in h.split()) for h in hands), turn=turn,
                    broken=broken)


def learner_text_ok(text: str) -> bool:
    bad_words = ("None", "True", "False", "{", "}", "[", "]")
    if any(w in text for w in bad_words) or any(r in text for r in RULE_IDS):
        return False
    # no raw record codes such as "9S" or "10D" (cards appear with suit symbols)
    return not re.search(r"\b(?:[2-9]|10|[JQKA])[SHDC]\b", text)


def test_issue_position_in_words() -> None:
    rules = RuleSet.preset("standard")
    pos = _pos(rules, ["10H 3S 6D 8D AD AS JS", "2S 6C 7C 7H 7S 8S QS",
                       "4S 5H 6S 7D AH QD QH", "10D 10S 2C 5C 5S 9C 9S"], 3, ("S",))
    view = best_play(pos)
    assert view.exact and view.tricks == 6 and view.remaining == 7
    assert view.text == ("Leading the 9♠ or the 10♠ keeps 6 tricks for East and West; the 5♠ "
                         "or the 10♦ gives one away; the 2♣, the 5♣ or the 9♣ gives two away.")
    assert {p.card.code for p in view.best_cards} == {"9S", "10S"}
    v = view.verdict(rules.deck.parse("5C").play)
    assert (v.tricks, v.lost, v.best) == (4, 2, False)
    assert v.text == "leading the 5♣ gives two away (keeps 4 tricks)"
    d = view.to_dict()
    assert d["tricks"] == 6 and len(d["cards"]) == 7 and d["cards"][0]["best"] is True
    assert learner_text_ok(view.text) and all(learner_text_ok(c.text) for c in view.cards)


def test_verdicts_agree_with_the_solver_in_every_rule_set() -> None:
    for preset, opts in [("standard", {}), ("acorns", {"travelers_hunters": True}),
                         ("acorns8", {"teams": "fours"})]:
        rules = RuleSet.preset(preset, opts)
        rng = random.Random(6)
        g = Game(rules)
        g.deal(rng=rng)
        while g.phase != "play":
            act(g, [SimplePlayer()] * rules.players, rng)
        while len(g.hand.tricks) < rules.hand_size - 3 or len(g.hand.trick) < 1:
            g.play(rng.choice(g.legal_plays()))
        view = best_play(g)
        res = solve(g)
        assert view.exact and view.tricks == res.tricks
        assert {v.play: v.tricks for v in view.cards} == res.per_move
        assert all(v.lost == res.cost(v.play) for v in view.cards)
        assert [v.tricks for v in view.cards] == sorted(res.per_move.values(), reverse=True)
        assert view.text.startswith("Playing") or view.text.startswith("Every")
        assert learner_text_ok(view.text)


def test_single_card_and_no_choice() -> None:
    rules = RuleSet.preset("standard")
    pos = _pos(rules, ["2H", "3H", "4H", "5H"], 0, ())
    assert best_play(pos).text == ("Leading the 2♥ keeps 0 tricks for North and South (the "
                                   "only card that may be played).")
    pos = _pos(rules, ["AH KH", "2H 3H", "4H 5H", "6H 7H"], 0, ())
    view = best_play(pos)
    assert view.text == ("Every card keeps 2 tricks for North and South: no choice here loses "
                         "a trick.")


def test_out_of_budget_says_so() -> None:
    rules = RuleSet.preset("acorns")
    rng = random.Random(3)
    g = Game(rules)
    g.deal(rng=rng)
    while g.phase != "play":
        act(g, [SimplePlayer()] * 4, rng)
    view = best_play(g, node_limit=500)
    assert not view.exact and view.cards == ()
    assert "Too many cards are left" in view.text and learner_text_ok(view.text)


def _mid_hand(preset: str, left: int, seed: int, **opts: object) -> Game:
    rules = RuleSet.preset(preset, dict(opts))
    rng = random.Random(seed)
    g = Game(rules)
    g.deal(rng=rng)
    while g.phase != "play":
        act(g, [SimplePlayer()] * rules.players, rng)
    while len(g.hand.tricks) < rules.hand_size - left or g.hand.trick:
        g.play(rng.choice(g.legal_plays()))
    return g


def test_per_card_bounds_when_not_exact() -> None:
    """A position the budget cannot finish still gets a verdict per card (issue 33): each
    legal card's bounds hold its exact value, a card called certainly worse is worse, and the
    words say so in a learner's terms."""
    worse_seen = 0
    for seed in range(6):
        g = _mid_hand("acorns", 6, seed, travelers_hunters=True)
        exact = solve(g)
        for limit in (300, 3000, 30_000):
            view = best_play(g, node_limit=limit, time_limit=None)
            if view.exact:
                continue
            assert view.cards == () and len(view.bounds) == len(exact.per_move)
            for b in view.bounds:
                v = exact.per_move[b.play]
                assert b.low <= v <= b.high
                assert b.worse == (b.play in view.worse_cards)
                if b.worse:
                    assert v < exact.tricks and "certainly fewer" in b.text
                    worse_seen += 1
                assert learner_text_ok(b.text)
            assert learner_text_ok(view.text)
            if "So far: " in view.text:  # cards of the same bounds said together, once
                said = [x.split(" keeps ", 1)[1] for x in view.text.split("So far: ", 1)[1]
                        .rstrip(".").split("; ") if " keeps " in x]
                assert len(said) == len(set(said)), view.text
            if view.worse_cards:
                assert "certainly worse than the best card" in view.text
            data = view.to_dict()
            assert len(data["bounds"]) == len(view.bounds)
    assert worse_seen > 0


def test_per_card_bounds_in_the_middle_of_a_heckadeck_hand() -> None:
    """12 tricks left with Travelers and Hunters: not exact within a small budget, but every
    legal card has its bounds and the text reports what is known."""
    g = _mid_hand("acorns", 12, 7, travelers_hunters=True)
    view = best_play(g, node_limit=300_000, time_limit=None)
    assert not view.exact and len(view.bounds) == len(g.legal_plays())
    assert "So far:" in view.text and learner_text_ok(view.text)
