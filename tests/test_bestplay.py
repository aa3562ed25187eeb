"""teach.bestplay's refusals and positions: the ids are RULE_IDS', the positions the Line's."""
from __future__ import annotations

import random
from typing import Any

import pytest

from spades_lab import RULE_IDS, Game, RuleError
from spades_lab.core.errors import ArgumentError, RecordError
from spades_lab.core.line import Line
from spades_lab.play.players import SimplePlayer, play_hand
from spades_lab.solver.search import Position, Solver
from spades_lab.teach.bestplay import _positions, review_plays


def _game() -> Game:
    g = Game("standard")
    play_hand(g, [SimplePlayer()] * 4, random.Random(4))
    return g


@pytest.mark.parametrize("kwargs, kind", [
    ({"seat": 0, "hand_index": 1}, RecordError), ({"seat": 0, "hand_index": -1}, RecordError),
    ({"seat": 0, "hand_index": "1"}, RecordError), ({"seat": 4}, ArgumentError),
    ({"seat": -1}, ArgumentError), ({"seat": "North"}, ArgumentError)])
def test_refusals_carry_a_rule_id_of_rule_ids(kwargs: dict[str, Any], kind: type) -> None:
    g = _game()
    before = g.to_record()
    with pytest.raises(RuleError) as e:
        review_plays(g, time_limit=None, **kwargs)
    assert type(e.value) is kind and e.value.rule in RULE_IDS
    assert "There is no" in e.value.message and g.to_record() == before


def test_a_game_with_no_hands_is_refused_in_words() -> None:
    with pytest.raises(RecordError) as e:
        review_plays(Game("standard"), 0)
    assert e.value.message.endswith("the game has no hands yet.")


def test_the_positions_are_the_lines() -> None:
    g = _game()
    line = Line.of(g, 0)
    plays = [k for k, s in enumerate(line.steps) if s.kind == "play"]
    got = _positions(g, 0, 1, 20)
    want = [(j, line.steps[k].seat, line.steps[k].value, line.at(k))
            for j, k in enumerate(plays) if j >= 20 and line.steps[k].seat == 1]
    assert [(a, b, c) for a, b, c, _ in got] == [(a, b, c) for a, b, c, _ in want]
    assert [p for *_, p in got] == [Position.from_game(w) for *_, w in want]
    assert len(got) == 8


def test_review_words_for_a_card_surely_worse() -> None:
    """A play not worked out exactly, whose per-card bounds show another card surely kept more
    (issue 33), is said to have kept fewer, in a learner's words."""
    from spades_lab.core.cards import parse_card
    from spades_lab.teach.bestplay import PlayReview, _review_text

    nine, king = parse_card("9S").play, parse_card("KS").play
    r = PlayReview(0, 3, 0, nine, True, (0, 2), 12, False, None, None, (), 0, 0, 5, 9, "",
                   kept_low=2, kept_high=4, surer=(king,))
    text = _review_text(r, "you", "North and South", True)
    assert text == ("Trick 4: you led the 9♠: not worked out exactly within the time allowed, "
                    "but it certainly kept fewer tricks for North and South than the K♠ would "
                    "have (at most 4 tricks of the 12 left).")
    assert r.to_dict()["surer"] == [king.to_json()]


def test_a_play_whose_bounds_reach_above_every_other_card_is_surely_best() -> None:
    """A play not worked out exactly, whose own bounds are at least every other card's
    (issue 33), surely kept the most: it gave nothing away, the exact search agrees, and the
    words say so."""
    g = Game("standard")
    play_hand(g, [SimplePlayer()] * 4, random.Random(1))
    review = review_plays(g, 0, time_limit=None, total_limit=None, node_limit=2000)
    sure = [p for p in review.plays if p.sure_best and p.choices > 1 + len(p.equals)]
    assert sure, [p.text for p in review.plays]
    solver = Solver(g.rules)
    for p in sure:
        assert not p.exact and p.lost == 0 and p.judged and p.kept_low is not None
        pos = _positions(g, 0, 0, p.step)[0][3]
        res = solver.solve(pos)
        assert res.per_move[p.play] == res.tricks  # the exact search: a card that kept the most
        assert p.kept_low <= res.tricks <= p.kept_high  # type: ignore[operator]
        assert ", a card that kept the most: " in p.text
        assert ("none could have kept more" if p.kept_low == p.kept_high
                else "no other card could have kept more") in p.text
    assert review.summary().startswith("In the ") and "the solver could judge" in \
        review.summary()


def test_the_only_card_and_equal_cards_are_judged_without_a_search() -> None:
    """With the review's time gone before the hand's first plays, a play that was the only
    card, or one of equal cards and nothing else, still has its verdict: no choice there could
    keep more."""
    g = Game("acorns")
    play_hand(g, [SimplePlayer()] * 4, random.Random(3))
    review = review_plays(g, 0, time_limit=None, total_limit=None, node_limit=200)
    unsearched = [p for p in review.plays if not p.exact and p.kept_low is None]
    assert unsearched, [p.text for p in review.plays]
    solver = Solver(g.rules)
    seen = {"only": 0, "equals": 0}
    for p in review.plays:
        classes = solver.play_classes(_positions(g, 0, 0, p.step)[0][3])
        assert p.choices == sum(len(c) for c in classes)
        if p.exact:
            continue
        if len(classes) == 1:
            assert p.sure_best
        elif p.kept_low is None:  # not searched, and a choice that may matter: no verdict
            assert not p.judged and p.lost is None
        if len(classes) == 1:
            assert p.lost == 0 and set(p.equals) == set(classes[0]) - {p.play}
            if p.choices == 1:
                seen["only"] += 1
                assert p.text.endswith(", the only card you could play.")
            else:
                seen["equals"] += 1
                assert "is all one" in p.text and "no other player's card between" in p.text
    assert seen["only"] and seen["equals"], seen
