"""The scoring and game-end house rules as options (docs/rulings.md section 9): which rule sets
take each, the values each takes, the combinations refused with a sentence saying why, how a
rule set lists them, and (hypothesis) that every combination either validates or is refused
in words, and that a validated one plays whole seeded games with the bots without a break."""
from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import examples
from spades_lab import Game, OptionError, RuleSet
from spades_lab.core.errors import Rule, RuleError
from spades_lab.core.records import replay
from spades_lab.core.rules import (
    COMMON_OPTIONS,
    EXTRA_OPTIONS,
    HOUSE_SCORING_NOT_HERE,
    HOUSE_SCORING_OPTIONS,
    PRESETS,
    parse_option,
    rules_from_json,
)
from spades_lab.play.players import HeuristicPlayer, SimplePlayer, play_game

HOUSE = ("nil_points", "partners_nil", "overtrick_points", "big_bid_bonus", "big_bid_min",
         "moon_bonus", "bag_penalty_once", "bag_penalty_while_negative", "hand_limit",
         "tie_break")
#: A value other than the default for each house rule, valid where the rule applies.
SET = {"nil_points": 50, "partners_nil": "unit", "overtrick_points": 0, "big_bid_bonus": 50,
       "big_bid_min": 10, "moon_bonus": 200, "bag_penalty_once": True,
       "bag_penalty_while_negative": False, "hand_limit": 30, "tie_break": "made_bid"}
FIFTY_TWO = ("standard", "online", "original")


def test_the_house_rules_are_declared_once_apart_from_the_table_options() -> None:
    for name in PRESETS:
        have = HOUSE_SCORING_OPTIONS[name]
        assert set(have) <= set(HOUSE)
        assert not set(have) & set(COMMON_OPTIONS + EXTRA_OPTIONS[name])
    for name in FIFTY_TWO:
        assert HOUSE_SCORING_OPTIONS[name] == HOUSE
    for name in ("acorns", "acorns8"):
        assert set(HOUSE) - set(HOUSE_SCORING_OPTIONS[name]) == set(HOUSE_SCORING_NOT_HERE)


@pytest.mark.parametrize("name", PRESETS)
@pytest.mark.parametrize("key", HOUSE)
def test_each_house_rule_where_it_applies_and_refused_in_words_elsewhere(name: str,
                                                                          key: str) -> None:
    value = SET[key]
    extra = {"big_bid_bonus": 50} if key == "big_bid_min" else {}
    value = 11 if key == "big_bid_min" else value
    if key in HOUSE_SCORING_OPTIONS[name]:
        r = RuleSet.preset(name, {key: value, **extra})
        assert getattr(r, key) == value
        assert r.options()[key] == value
        again = rules_from_json(r.to_json())
        assert again == r and hash(again) == hash(r)
        assert r.replace(target=r.target) == r
    else:
        with pytest.raises(OptionError) as e:
            RuleSet.preset(name, {key: value, **extra})
        msg = e.value.message
        assert e.value.rule == Rule.BAD_OPTION
        assert msg.startswith(f"Rule set '{name}' has no option {key}: ")
        assert "Spades (and Acorns)" in msg and msg.endswith(".")
        # also when the rule set is built directly, past preset()
        with pytest.raises(OptionError):
            RuleSet(name=name, **{key: value})


@pytest.mark.parametrize("name", PRESETS)
def test_defaults_change_nothing(name: str) -> None:
    r = RuleSet.preset(name)
    assert r.options() == {}
    assert not set(HOUSE) & set(r.options(all=True))  # listed once set, so records stay as they are
    every = r.options(all=True, house=True)
    assert set(HOUSE_SCORING_OPTIONS[name]) <= set(every)
    assert RuleSet.preset(name, every) == r
    assert r.nil_values == RuleSet.preset(name).nil_values


def test_nil_points_sets_the_value_and_blind_doubles_it() -> None:
    r = RuleSet.preset("standard", nil_points=50)
    assert (r.nil_value("nil", False), r.nil_value("nil", True)) == (50, 100)
    assert RuleSet.preset("online").nil_value("nil", True) == 200


@pytest.mark.parametrize("name,options,words", [
    ("standard", {"nil_points": 75}, "50 or 100"),
    ("standard", {"nil_points": "50"}, "50 or 100"),
    ("standard", {"partners_nil": "together"}, "'separate', 'unit' or 'no_bags'"),
    ("standard", {"overtrick_points": 2}, "1 (a point a bag) or 0"),
    ("standard", {"big_bid_bonus": -50}, "0 (off) or more"),
    ("standard", {"big_bid_bonus": 50, "big_bid_min": 14}, "from 1 to 13"),
    ("standard", {"moon_bonus": True}, "0 (off) or more"),
    ("standard", {"bag_penalty_once": "yes"}, "true or false"),
    ("online", {"bag_penalty_while_negative": 0}, "true or false"),
    ("standard", {"hand_limit": 0}, "at least 1"),
    ("acorns8", {"hand_limit": 2.5}, "at least 1"),
    ("acorns", {"tie_break": "coin"}, "'play_on', 'made_bid' or 'fewer_bags'"),
    ("standard", {"failed_nil_tricks": "lost"}, "bags_only or count_toward_bid or ignored"),
])
def test_bad_values_are_refused_with_the_values_it_takes(name: str, options: dict[str, Any],
                                                         words: str) -> None:
    with pytest.raises(OptionError) as e:
        RuleSet.preset(name, options)
    assert words in e.value.message and e.value.rule == Rule.BAD_OPTION


@pytest.mark.parametrize("name,options,why", [
    # a big-bid minimum without a bonus says nothing
    ("standard", {"big_bid_min": 9}, "big_bid_bonus is 0 (off)"),
    # the bag rules need a bag penalty to act on
    ("standard", {"bag_limit": None, "bag_penalty_once": True}, "take no bag penalty"),
    ("original", {"bag_penalty": 0, "bag_penalty_while_negative": False},
     "take no bag penalty"),
    ("acorns", {"bag_limit": None, "bag_penalty_while_negative": False}, "take no bag penalty"),
    # both partners' nil tricks cannot be both "not bags" and "count toward the bid of 0"
    ("standard", {"partners_nil": "unit", "failed_nil_tricks": "count_toward_bid"},
     "choose one"),
    ("online", {"partners_nil": "no_bags", "failed_nil_tricks": "count_toward_bid"},
     "choose one"),
])
def test_contradictions_are_refused_with_a_sentence_saying_why(name: str,
                                                               options: dict[str, Any],
                                                               why: str) -> None:
    with pytest.raises(OptionError) as e:
        RuleSet.preset(name, options)
    msg = e.value.message
    assert why in msg and msg.endswith(".") and "cannot be used here: " in msg
    # the same refusal for people at a table: the rules named in words, not the options
    words = e.value.words
    assert words != msg and words[0].isupper() and words.endswith(".")
    assert "_" not in words and "=" not in words and not any(k in words for k in options)


def test_options_arrive_from_the_command_line_form() -> None:
    got = dict(parse_option(x) for x in ("nil_points=50", "partners_nil=unit",
                                         "bag_penalty_once=true", "hand_limit=null",
                                         "tie_break=fewer_bags", "failed_nil_tricks=ignored"))
    r = RuleSet.preset("standard", got)
    assert (r.nil_points, r.partners_nil, r.bag_penalty_once, r.hand_limit, r.tie_break,
            r.failed_nil_tricks) == (50, "unit", True, None, "fewer_bags", "ignored")


def test_cli_play_and_refusal(capsys: pytest.CaptureFixture[str], tmp_path: Any) -> None:
    from spades_lab.cli.main import main
    out = tmp_path / "game.json"
    assert main(["play", "--rules", "standard", "--option", "hand_limit=2", "--option",
                 "nil_points=50", "--seed", "3", "--out", str(out), "--quiet"]) == 0
    g = replay(out).game
    assert len(g.hands) == 2 and g.over and g.rules.options() == {"hand_limit": 2,
                                                                  "nil_points": 50}
    capsys.readouterr()
    assert main(["play", "--rules", "acorns", "--option", "moon_bonus=200"]) == 2
    err = capsys.readouterr().err
    assert "has no option moon_bonus" in err and "all 13 tricks of a 52-card hand" in err
    assert len(err.strip().splitlines()) == 1


def test_start_bags_may_pass_the_limit_only_where_the_rules_let_them() -> None:
    start = {"scores": [0, 0], "bags": [12, 0]}
    with pytest.raises(RuleError) as e:
        Game("standard", start=start)
    assert e.value.rule == Rule.BAD_RECORD
    for opts in ({"bag_penalty_once": True}, {"bag_penalty_while_negative": False}):
        assert Game(RuleSet.preset("standard", opts), start=start).bags == [12, 0]


# ---------------------------------------------------------------- property: validate or refuse

#: Values for each house rule, valid and not, and a few table options they meet.
VALUES: dict[str, Any] = {
    "nil_points": st.sampled_from([50, 100, 0, 75]),
    "partners_nil": st.sampled_from(["separate", "unit", "no_bags", "both"]),
    "overtrick_points": st.sampled_from([0, 1, 2]),
    "big_bid_bonus": st.sampled_from([0, 50, 100, -10]),
    "big_bid_min": st.sampled_from([10, 7, 13, 0, 20]),
    "moon_bonus": st.sampled_from([0, 200, 500, -1]),
    "bag_penalty_once": st.sampled_from([True, False, "no"]),
    "bag_penalty_while_negative": st.sampled_from([True, False, None]),
    "hand_limit": st.sampled_from([None, 1, 2, 3, 0]),
    "tie_break": st.sampled_from(["play_on", "made_bid", "fewer_bags", "dice"]),
    "failed_nil_tricks": st.sampled_from(["bags_only", "count_toward_bid", "ignored"]),
    "bag_limit": st.sampled_from([10, 5, None]),
    "bag_penalty": st.sampled_from([100, 50, 0]),
    "target": st.sampled_from([200, 300]),
}


@st.composite
def combos(draw: Any) -> tuple[str, dict[str, Any]]:
    name = draw(st.sampled_from(PRESETS))
    keys = draw(st.lists(st.sampled_from(sorted(VALUES)), min_size=1, max_size=6, unique=True))
    return name, {k: draw(VALUES[k]) for k in keys}


def _whole_game(rules: RuleSet, seed: int) -> Game:
    rng = random.Random(seed)
    game = Game(rules)
    players = [HeuristicPlayer(), SimplePlayer()] * (rules.players // 2)
    play_game(game, players, rng, max_hands=3 if rules.acorns else 40)
    return game


@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(combos(), st.integers(0, 10**6))
def test_every_combination_validates_or_is_refused_in_words(combo: tuple[str, dict[str, Any]],
                                                            seed: int) -> None:
    name, options = combo
    try:
        rules = RuleSet.preset(name, options)
    except OptionError as e:
        msg = e.message
        assert e.rule == Rule.BAD_OPTION
        assert msg.endswith(".") and "Traceback" not in msg
        named = e.details.get("option")
        assert named in options or named in ("bag_penalty_once", "bag_penalty_while_negative",
                                              "partners_nil", "big_bid_min"), (named, options)
        assert named in msg
        return
    assert rules_from_json(rules.to_json()) == rules
    # a validated combination plays a whole game (a few hands of the 128-card sets) without a
    # break, and every hand's line items add up to its score
    game = _whole_game(rules, seed)
    assert game.hands and all(h.scores is not None for h in game.hands)
    for h in game.hands:
        for ts in h.scores or ():
            assert sum(i.points for i in ts.items) == ts.hand_score
    if not rules.acorns:
        assert game.over, (options, [h.scores[0].total for h in game.hands if h.scores])
        if rules.hand_limit is not None:
            assert len(game.hands) >= rules.hand_limit or game.outcome is not None
        assert game.outcome is not None and game.outcome.winner is not None


@pytest.mark.parametrize("name", FIFTY_TWO)
def test_every_house_rule_at_once_plays_a_seeded_game(name: str) -> None:
    opts = {**SET, "partners_nil": "no_bags", "big_bid_min": 9, "failed_nil_tricks": "ignored"}
    rules = RuleSet.preset(name, opts)
    a, b = _whole_game(rules, 5), _whole_game(rules, 5)
    assert a.to_record() == b.to_record()  # seeded: the same game twice
    assert a.over and len(a.hands) <= 30
    assert replay(a.to_record()).game.outcome == a.outcome
