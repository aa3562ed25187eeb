"""teach.bestplay's refusals and positions: the ids are RULE_IDS', the positions the Line's."""
from __future__ import annotations

import random
from typing import Any

import pytest

from spades_lab import RULE_IDS, Game, RuleError
from spades_lab.core.errors import ArgumentError, RecordError
from spades_lab.core.line import Line
from spades_lab.play.players import SimplePlayer, play_hand
from spades_lab.solver.search import Position
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
