"""The house-rule scenarios of data/scenarios (docs/rulings.md section 9): each replays, shows
its rule in the structured score (line ids, points, the option named), is explained in words,
and is compared with the same deal under the standard rules (``compare_rules`` and the rule
explorer), where the lines the house rule decides are the ones that differ."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from spades_lab.core.records import replay
from spades_lab.core.rules import HOUSE_SCORING_OPTIONS, RuleSet
from spades_lab.teach.compare import compare_rules
from spades_lab.teach.explain import explain_hand, explain_score
from spades_lab.words.rules import option_words
from spades_lab.words.said import learner, teacher

DIR = Path(__file__).resolve().parent.parent / "data" / "scenarios"
README = (DIR / "README.md").read_text(encoding="utf-8")
#: the scenarios of the scoring house rules (those of bidding and play: test_scenarios_house.py)
HOUSE = sorted(p.name for p in DIR.glob("*_house_*.json")
               if set(replay(p).rules.options()) & {*HOUSE_SCORING_OPTIONS["standard"],
                                                     "failed_nil_tricks"})


def _game(name: str) -> Any:
    return replay(DIR / name).game


def _lines(ts: Any) -> list[tuple[str, int]]:
    return [(i.rule, i.points) for i in ts.items]


def test_one_scenario_per_house_rule_listed_in_the_readme() -> None:
    options = set()
    for name in HOUSE:
        assert f"| `{name}` |" in README
        options |= set(_game(name).rules.options())
    assert options >= {"nil_points", "partners_nil", "failed_nil_tricks", "overtrick_points",
                       "big_bid_bonus", "moon_bonus", "bag_penalty_once",
                       "bag_penalty_while_negative", "hand_limit", "tie_break"}


def test_nil_50() -> None:
    h = _game("std_house_nil_50.json").hands[0]
    ns, ew = h.scores
    assert [(n.seat, n.made, n.points) for n in ns.nils] == [(2, True, 50)]
    assert [(n.seat, n.bid.blind, n.made, n.points) for n in ew.nils] == [(1, True, False, -100)]
    words = learner(explain_score(h))
    assert "South's Nil made: +50 (Nil is worth 50 in your rules)." in words
    assert "Nil is worth 50 in your rules; bid blind, so doubled: 50 × 2 = 100" in words


def test_partners_nil_unit() -> None:
    h = _game("std_house_partners_nil_unit.json").hands[0]
    ns = h.scores[0]
    assert {n.made for n in ns.nils} == {True, False}
    assert ns.hand_score == -200 and ns.bags_added == 0
    assert all(n.points == -100 for n in ns.nils)
    tricks = next(i for i in ns.items if i.rule == "failed-nil-tricks")
    assert (tricks.points, tricks.bags, tricks.option) == (0, 0, "partners_nil")
    words = learner(explain_score(h))
    assert "one failed, so both lose" in words and "made, but -100" in words
    # the standard rules score the same play: the made nil +100, the failed -100 and bags
    c = compare_rules(DIR / "std_house_partners_nil_unit.json", RuleSet.preset("standard"))
    assert c.same_play
    a, b = c.hands[0].teams[0].hand_score
    assert a == -200 and b is not None and b == ns.tricks + sum(
        h.taken[n.seat] for n in ns.nils if not n.made)


def test_failed_nil_ignored_against_the_other_two_values() -> None:
    mine = _game("std_house_failed_nil_ignored.json").hands[0].scores[0]
    bags_only = _game("std_failed_nil_bags_only.json").hands[0].scores[0]
    counted = _game("std_failed_nil_count_toward_bid.json").hands[0].scores[0]
    failed = next(n for n in mine.nils if not n.made)
    assert mine.bags_added == 0 and mine.tricks == bags_only.tricks
    # the ignored tricks are worth exactly what bags_only gave them, and no bag
    assert bags_only.hand_score - mine.hand_score == failed.tricks
    assert counted.tricks == mine.tricks + failed.tricks
    item = next(i for i in mine.items if i.rule == "failed-nil-tricks")
    assert (item.points, item.bags, item.note) == (0, 0, "failed_nil_tricks = ignored")
    assert "ignored: no points, no bags" in learner(explain_score(
        _game("std_house_failed_nil_ignored.json").hands[0]))


def test_overtricks_nothing_still_bags() -> None:
    ns = _game("std_house_overtricks_nothing.json").hands[0].scores[0]
    bags = next(i for i in ns.items if i.rule == "bags")
    assert bags.points == 0 and bags.bags == ns.bags_added >= 2
    assert ns.bag_penalty == 100 and ns.bags_before + ns.bags_added - 10 == ns.bags
    c = compare_rules(DIR / "std_house_overtricks_nothing.json", RuleSet.preset("standard"))
    a, b = c.hands[0].teams[0].hand_score
    assert b - a == ns.bags_added  # type: ignore[operator]
    differ = [r.rule for r in c.hands[0].teams[0].rows if r.points[0] != r.points[1]]
    assert differ == ["bags"]


def test_big_bid_and_moon() -> None:
    h = _game("std_house_big_bid.json").hands[0]
    ns = h.scores[0]
    assert ns.bid == 10 and h.taken[0] + h.taken[2] == 13
    assert _lines(ns) == [("bid-made", 100), ("bags", 3), ("big-bid", 50), ("moon", 200)]
    words = learner(explain_score(h))
    assert "made a big bid, 10 or more: +50" in words and "shooting the moon: +200" in words
    c = compare_rules(DIR / "std_house_big_bid.json", RuleSet.preset("standard"))
    assert c.hands[0].teams[0].hand_score == (353, 103)
    text = learner(c)
    assert "A partnership that takes all 13 tricks shoots the moon" in text


def test_one_bag_penalty_a_hand() -> None:
    mine = _game("online_house_one_bag_penalty.json").hands[0].scores[0]
    usual = _game("online_bag_penalty_1_5_50.json").hands[0].scores[0]
    assert (usual.penalties, mine.penalties) == (2, 1)
    assert mine.bags == 5 and mine.hand_score == usual.hand_score + 50
    assert "one bag penalty a hand" in learner(explain_score(
        _game("online_house_one_bag_penalty.json").hands[0]))


def test_no_penalty_while_negative() -> None:
    g = _game("std_house_no_penalty_negative.json")
    ns = g.hands[0].scores[0]
    assert ns.total < 0 and ns.bags >= 10 and ns.bag_penalty == 0
    held = next(i for i in ns.items if i.rule == "bag-penalty-held")
    assert held.points == 0 and held.option == "bag_penalty_while_negative"
    # the same hand under the standard rules takes the penalty
    c = compare_rules(DIR / "std_house_no_penalty_negative.json", {
        "bag_penalty_while_negative": True})
    assert c.hands[0].teams[0].hand_score == (ns.hand_score, ns.hand_score - 100)
    assert c.hands[0].teams[0].bags == (ns.bags, ns.bags - 10)


def test_hand_limit_ends_the_game_below_the_target() -> None:
    g = _game("std_house_hand_limit.json")
    assert len(g.hands) == 3 and g.over and g.outcome.winner == 0
    assert max(g.totals) < g.rules.target
    assert "hand limit was reached (3 hands)" in g.outcome.reason
    plain = compare_rules(DIR / "std_house_hand_limit.json", RuleSet.preset("standard"))
    assert not plain.b.game.over and plain.a.game.over
    ex = explain_score(g.hands[2])
    assert ex.over and ex.winner == 0 and "hand limit" in learner(ex)


def test_tie_made_bid() -> None:
    g = _game("std_house_tie_made_bid.json")
    ns, ew = g.hands[0].scores
    assert ns.total == ew.total and ns.made and not ew.made
    assert g.over and g.outcome.winner == 0
    assert "only North/South made its bid" in g.outcome.reason
    # the default plays another hand
    c = compare_rules(DIR / "std_house_tie_made_bid.json", {"tie_break": "play_on"})
    assert not c.b.game.over and c.a.game.over


@pytest.mark.parametrize("name", HOUSE)
def test_every_house_scenario_explained_in_words_for_learners(name: str) -> None:
    g = _game(name)
    said = option_words(g.rules)
    assert said and all("_" not in s for s in said)  # no option names for learners
    for h in g.hands:
        ex = explain_hand(h)
        words = learner(ex)
        assert "_" not in words and "Traceback" not in words
        assert teacher(ex)
    c = compare_rules(DIR / name, RuleSet.preset(g.rules.name))
    assert c.same_play or "hand_limit" in g.rules.options()
    assert any(r.points[0] != r.points[1] or h.teams[0].total[0] != h.teams[0].total[1]
               for h in c.hands for t in h.teams for r in t.rows) or c.a.game.over \
        != c.b.game.over or c.a.game.outcome != c.b.game.outcome


def test_rule_explorer_takes_house_rules() -> None:
    pytest.importorskip("ipywidgets")
    from spades_lab.widgets.explorer import RuleExplorer

    x = RuleExplorer(str(DIR / "std_failed_nil_bags_only.json"))
    x.options_text.value = "nil_points=50, failed_nil_tricks=ignored"
    x.compare()
    html = x.result_html.value
    assert "Nil is worth 50 in your rules" in html and "ignored" in html
    assert x.model is not None and x.model.comparison is not None
    a, b = x.model.comparison.hands[0].teams[0].hand_score
    assert a is not None and b is not None and a != b
    # a combination the rules refuse is said in words, not raised
    x.options_text.value = "partners_nil=unit, failed_nil_tricks=count_toward_bid"
    x.compare_button.click()
    assert "choose one" in x.message.value and "Traceback" not in x.message.value
