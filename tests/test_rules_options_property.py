"""Every option combination of every rule set (spades_lab.core.rules): it validates, or it is
refused with an OptionError in words, before anything is dealt; a validated one plays whole
seeded bot games without a crash (issue 32: ``team_bid_max=1`` with ``nil_bids=off`` was
accepted, and then no seat had a legal bid).  The two clashes of issue 32 are checked by hand
too: the general condition (nil may be barred, 0 means nil, a cap below the partners' count),
and Suicide with a minimum partnership bid (allowed, as the rulings read, with the bids that
make it work)."""
from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spades_lab.core.bids import Bid
from spades_lab.core.engine import Game
from spades_lab.core.errors import IllegalAction, OptionError, Rule
from spades_lab.core.records import replay
from spades_lab.core.rules import (
    BIDDING_CHOICES,
    CUTTHROAT_CHOICES,
    FAILED_NIL_CHOICES,
    FIRST_LEAD_CHOICES,
    HOUSE_OPTIONS,
    JOKERS_CHOICES,
    NIL_BIDS_CHOICES,
    PARTNERS_NIL_CHOICES,
    PRESETS,
    SPADE_LEAD_CHOICES,
    TEAMS_CHOICES,
    TIE_BREAK_CHOICES,
    ZERO_BID_CHOICES,
    RuleSet,
    preset_options,
)
from spades_lab.play.players import HeuristicPlayer, RandomPlayer, SimplePlayer, play_game

#: Values to draw per option: every choice, the edges of each number's range, and some values
#: out of range or of the wrong type (those must be refused in words too).
_SMALL = st.sampled_from([None, 1, 2, 3, 4, 5, 6, 10, 13, 14, 26, 27, 0, -1, "x"])
VALUES: dict[str, Any] = {
    "failed_nil_tricks": st.sampled_from([*FAILED_NIL_CHOICES, "sometimes"]),
    "bag_limit": st.sampled_from([None, 1, 2, 5, 10, 0, -3]),
    "bag_penalty": st.sampled_from([0, 50, 100, -1]),
    "losing_floor": st.sampled_from([None, -200, -500, 0, 499, 600]),
    "target": st.sampled_from([100, 200, 250, 300, 500, 1000, 50, 0]),
    "blind_exchange": st.sampled_from([0, 1, 2, 3, "up to 3", "1 to 2", 13, 14, 40, "up to 6"]),
    "first_lead": st.sampled_from([*FIRST_LEAD_CHOICES, "right"]),
    "blind_nil_deficit": st.sampled_from([0, 100, 200, -5]),
    "travelers_hunters": st.booleans(),
    "th_low": st.booleans(),
    "teams": st.sampled_from([*TEAMS_CHOICES, "threes"]),
    "spade_lead": st.sampled_from([*SPADE_LEAD_CHOICES, "never"]),
    "zero_bid": st.sampled_from(ZERO_BID_CHOICES),
    "nil_bids": st.sampled_from(NIL_BIDS_CHOICES),
    "blind_nil": st.booleans(),
    "team_bid_max": _SMALL,
    "team_bid_min": _SMALL,
    "blind_bids": st.booleans(),
    "nil_exchange": st.sampled_from([0, 1, 2, 3, 13, 14]),
    "bidding": st.sampled_from(BIDDING_CHOICES),
    "jokers": st.sampled_from([*JOKERS_CHOICES, "three"]),
    "cutthroat": st.sampled_from([*CUTTHROAT_CHOICES, "deal_15"]),
    "nil_points": st.sampled_from([50, 100, 75]),
    "partners_nil": st.sampled_from(PARTNERS_NIL_CHOICES),
    "overtrick_points": st.sampled_from([0, 1, 2]),
    "big_bid_bonus": st.sampled_from([0, 50, 100]),
    "big_bid_min": st.sampled_from([1, 7, 10, 13, 14]),
    "moon_bonus": st.sampled_from([0, 200]),
    "bag_penalty_once": st.booleans(),
    "bag_penalty_while_negative": st.booleans(),
    "hand_limit": st.sampled_from([None, 1, 2, 30, 0]),
    "tie_break": st.sampled_from(TIE_BREAK_CHOICES),
}


def declared(preset: str) -> list[str]:
    """The options a rule set declares: its own, then its house rules."""
    return list(preset_options(preset)) + [k for k in HOUSE_OPTIONS[preset]
                                           if k not in preset_options(preset)]


def test_the_strategy_covers_every_declared_option() -> None:
    """A new option fails here until the property below draws it."""
    for preset in PRESETS:
        assert set(declared(preset)) <= set(VALUES), preset


@st.composite
def combinations(draw: Any) -> tuple[str, dict[str, Any]]:
    preset = draw(st.sampled_from(PRESETS))
    keys = draw(st.lists(st.sampled_from(declared(preset)), unique=True, max_size=6))
    return preset, {k: draw(VALUES[k]) for k in keys}


def _refused_in_words(e: OptionError) -> None:
    assert e.rule == Rule.BAD_OPTION
    for text in (e.message, e.words):
        assert text and text[0].isupper() and text.rstrip().endswith((".", "?", ")")), text
        assert "Traceback" not in text and len(text) < 400


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(combo=combinations(), seed=st.integers(0, 10**6))
def test_every_combination_validates_or_is_refused_in_words_and_plays(
        combo: tuple[str, dict[str, Any]], seed: int) -> None:
    preset, options = combo
    try:
        rules = RuleSet.preset(preset, options)
    except OptionError as e:
        _refused_in_words(e)
        return
    rng = random.Random(seed)
    player = rng.choice([HeuristicPlayer(), RandomPlayer(), SimplePlayer()])
    g = Game(rules)
    # the 128-card sets play one hand (a game of them is long); the 52-card sets a few
    play_game(g, [player] * rules.players, rng, max_hands=1 if rules.two_trumps else 3)
    assert g.hands and all(h.scores is not None for h in g.hands)
    assert replay(g.to_record()).game.totals == g.totals


# ---------------------------------------------------------------------------- the two clashes

NO_BID_LEFT = [  # (options, what the refusal says)
    ({"team_bid_max": 1, "nil_bids": "off"}, "With nil switched off every player bids at least 1"),
    ({"team_bid_max": 1, "nil_bids": "below_target"},
     "A partnership at or above the target may not bid nil"),
]


@pytest.mark.parametrize(("options", "words"), NO_BID_LEFT)
@pytest.mark.parametrize("preset", ["standard", "online", "original"])
def test_a_cap_that_leaves_a_seat_no_bid_is_refused_before_the_deal(
        preset: str, options: dict[str, Any], words: str) -> None:
    with pytest.raises(OptionError) as e:
        RuleSet.preset(preset, options)
    assert e.value.words.startswith(words)
    assert "cannot be capped at 1: the last to bid would have no bid left" in e.value.words
    assert "team_bid_max" in e.value.message and "_" not in e.value.words


@pytest.mark.parametrize("options", [
    {"team_bid_max": 1, "nil_bids": "off", "zero_bid": "ordinary"},  # 0 is a bid: 0 + 1
    {"team_bid_max": 2, "nil_bids": "off"},                          # 1 + 1
    {"team_bid_max": 1},                                             # nil + 1
])
def test_a_cap_every_seat_can_keep_under_is_allowed_and_bid_through(
        options: dict[str, Any]) -> None:
    rules = RuleSet.preset("standard", options)
    for seed in range(5):
        g = Game(rules)
        g.deal(rng=random.Random(seed))
        while g.phase == "bidding":
            legal = g.legal_bids()
            assert legal, "a seat with no legal bid"
            g.bid(min(legal, key=lambda b: (b.blind, b.tricks)))
        total = [g.hand.bids[s].tricks + g.hand.bids[s + 2].tricks  # type: ignore[union-attr]
                 for s in (0, 1)]
        assert max(total) <= rules.team_bid_max  # type: ignore[operator]


def test_suicide_with_a_minimum_is_allowed_as_the_rulings_read() -> None:
    """docs/rulings.md section 9 refuses a minimum with Mirror and Whiz only.  In Suicide the
    partner who bids nil adds nothing, so the other partner's bid is the partnership's: a first
    ordinary bid below the minimum is refused (the partner would have to bid nil), and after a
    nil the other bids the larger of 4 and the minimum."""
    rules = RuleSet.preset("standard", bidding="suicide", team_bid_min=6)
    g = Game(rules)
    g.deal(rng=random.Random(1))   # dealer North: East bids first, then South, West, North
    g.look(1)
    check = g.can_bid(5)
    assert not check and check.rule == Rule.TEAM_BID_LIMIT
    assert "East bids nil or 6 or more" in check.message
    assert not g.can_bid(3) and g.can_bid(3).rule == Rule.BID_FORCED  # Suicide's own 4
    g.bid(6)                                                           # East 6
    g.bid("nil")                                                       # South nil
    g.look(3)
    assert not g.can_bid(7) and g.can_bid(7).rule == Rule.BID_FORCED   # East bid: West nil
    g.bid("nil")                                                       # West nil
    legal = {b.to_json() for b in g.legal_bids()}
    assert legal == set(range(6, 14))       # North after South's nil: 6 to 13
    with pytest.raises(IllegalAction) as e:
        g.bid(5)
    assert e.value.rule == Rule.TEAM_BID_LIMIT and "at least 6" in e.value.message
    g.bid(6)
    assert [b.to_json() for b in g.hand.bids] == [6, 6, "nil", "nil"]  # type: ignore[union-attr]


@pytest.mark.parametrize(("options", "words"), [
    ({"bidding": "mirror", "team_bid_min": 4}, "Mirror decides every bid from the cards"),
    ({"bidding": "whiz", "team_bid_min": 4}, "In Whiz every player bids nil or the Spades held"),
])
def test_mirror_and_whiz_refuse_a_minimum_in_words_true_of_each(options: dict[str, Any],
                                                                words: str) -> None:
    with pytest.raises(OptionError) as e:
        RuleSet.preset("standard", options)
    assert e.value.words.startswith(words)


@pytest.mark.parametrize("minimum", [2, 4, 5, 13])
def test_suicide_with_a_minimum_plays_whole_games(minimum: int) -> None:
    rules = RuleSet.preset("standard", bidding="suicide", team_bid_min=minimum)
    for seed in range(3):
        g = Game(rules)
        play_game(g, [HeuristicPlayer()] * 4, random.Random(seed), max_hands=3)
        for h in g.hands:
            bids: list[Bid] = [b for b in h.bids if b is not None]
            for team in ((0, 2), (1, 3)):
                pair = [bids[s] for s in team]
                assert sorted(b.is_nil for b in pair) == [False, True]
                assert sum(b.tricks for b in pair) >= max(4, minimum)
