"""The scoring and game-end house rules in words (docs/rulings.md section 9): one sentence per
rule in force for the option lists, the rules sheet, the quiz's score facts and play mode's
setup, none at the defaults (so every existing text stays as it was)."""
from __future__ import annotations

from typing import Any

import pytest

from spades_lab.core.rules import PRESETS, RuleSet
from spades_lab.teach.handout import rules_sheet
from spades_lab.words.rules import (
    end_words,
    failed_nil_tricks_words,
    house_words,
    option_changes,
    option_words,
)

CASES = [
    ("standard", {"nil_points": 50}, ["Nil is worth 50 in your rules", "blind nil is worth "
                                      "double, 100"]),
    ("online", {"partners_nil": "unit"}, ["scored as one bid", "if either fails it loses both",
                                          "not bags"]),
    ("original", {"partners_nil": "no_bags"}, ["each nil is scored on its own",
                                               "not bags"]),
    ("standard", {"overtrick_points": 0}, ["score nothing", "still a bag",
                                           "bag penalty"]),
    ("acorns", {"overtrick_points": 0}, ["score nothing"]),
    ("standard", {"big_bid_bonus": 100}, ["bid of 10 or more scores 100 points more"]),
    ("standard", {"big_bid_bonus": 50, "big_bid_min": 8}, ["bid of 8 or more scores 50"]),
    ("standard", {"moon_bonus": 250}, ["takes all 13 tricks shoots the moon: 250 points"]),
    ("acorns8", {"bag_penalty_once": True}, ["At most one bag penalty a hand"]),
    ("standard", {"bag_penalty_while_negative": False}, ["No bag penalty while", "below 0"]),
    ("standard", {"hand_limit": 30}, ["lasts 30 hands at most", "highest total wins"]),
    ("online", {"tie_break": "made_bid"}, ["made its bid (and any nil) in the last hand"]),
    ("acorns", {"tie_break": "fewer_bags", "hand_limit": 100},
     ["lasts 100 hands at most", "fewer bags"]),
]


@pytest.mark.parametrize("name,options,words", CASES)
def test_each_house_rule_has_its_sentence(name: str, options: dict[str, Any],
                                          words: list[str]) -> None:
    r = RuleSet.preset(name, options)
    said = house_words(r)
    assert len(said) == 1
    for w in words:
        assert w in said[0], (w, said)
    assert "_" not in said[0] and said[0].endswith(".")
    # the option lists, the changes against the preset and the printed sheet all say it
    assert said[0] in option_words(r)
    assert said[0] in option_changes(RuleSet.preset(name), r)
    sheet = rules_sheet(r)
    assert said[0].split(":")[0].replace("'", "&#x27;") in sheet


@pytest.mark.parametrize("name", PRESETS)
def test_no_house_sentence_at_the_defaults(name: str) -> None:
    r = RuleSet.preset(name)
    assert house_words(r) == []
    assert end_words(r).endswith("a tie for the highest plays another hand")


def test_end_words_read_the_game_end_rules() -> None:
    r = RuleSet.preset("standard", hand_limit=30, tie_break="made_bid")
    words = end_words(r)
    assert "reaches 500 points, or after 30 hands at the latest" in words
    assert "goes to the tied partnership that made its bid" in words


def test_failed_nil_words_per_value() -> None:
    std = RuleSet.preset("standard")
    assert failed_nil_tricks_words(std).startswith("score 1 point and 1 bag each")
    assert "ignored" in failed_nil_tricks_words(std.replace(failed_nil_tricks="ignored"))
    assert "count toward" in failed_nil_tricks_words(
        std.replace(failed_nil_tricks="count_toward_bid"))
    assert "no points but 1 bag" in failed_nil_tricks_words(std.replace(overtrick_points=0))
    sheet = rules_sheet(std.replace(failed_nil_tricks="ignored"))
    assert "are ignored: no points, no bags" in sheet


def test_play_mode_setup_offers_the_house_rules_in_words() -> None:
    pytest.importorskip("ipywidgets")
    from spades_lab.widgets.play import PlayTable

    t = PlayTable("standard", {"nil_points": 50, "hand_limit": 30}, seed=3, pace=0)
    assert t.model.rules.options() == {"nil_points": 50, "hand_limit": 30}
    for key in ("nil_points", "partners_nil", "overtrick_points", "big_bid_bonus",
                "moon_bonus", "bag_penalty_once", "bag_penalty_while_negative", "hand_limit",
                "tie_break"):
        w = t._controls[key]
        assert "_" not in w.description
        for label, _ in getattr(w, "options", ()):
            assert "_" not in label
    assert "Nil is worth 50 in your rules" in t.title.value
    # a combination the rules refuse is said in a sentence, and the game in play stays
    t._controls["bag_limit"].value = 0
    t._controls["bag_penalty_once"].value = True
    t.new_game()
    assert "take no bag penalty" in t.message.value and "sl-error" in t.message.value
    assert t.model.rules.options() == {"nil_points": 50, "hand_limit": 30}
    # the Heckadeck sets offer only the house rules they take
    t2 = PlayTable("acorns", seed=1, pace=0)
    assert "nil_points" not in t2._controls and "overtrick_points" in t2._controls


def test_changes_back_to_the_standard_rules_name_the_house_rule_left_out() -> None:
    mine = RuleSet.preset("standard", nil_points=50, hand_limit=30)
    back = option_changes(mine, RuleSet.preset("standard"))
    assert "Without the house rule: Nil is worth 50 in your rules: +50 made, -50 failed; a " \
        "blind nil is worth double, 100." in back
    assert any(x.startswith("Target: 500 points.") and "at the latest" not in x for x in back)
    assert option_changes(mine, mine) == []


def test_play_mode_folds_the_house_rules_under_one_heading() -> None:
    pytest.importorskip("ipywidgets")
    from spades_lab.widgets.play import PlayTable

    t = PlayTable("standard", seed=3, pace=0)
    fold = [w for w in t.options_box.children if "sl-house-rules" in w._dom_classes]
    assert len(fold) == 1
    show, box = fold[0].children
    assert "House rules" in show.description
    assert t._controls["nil_points"] in box.children and t._controls["target"] not in box.children
    assert box.layout.display == "none"  # folded until asked for
    show.value = True
    assert box.layout.display == "flex"
    show.value = False
    assert box.layout.display == "none"
