"""The numpy batch path scores the scoring house rules (docs/rulings.md section 9) as the pure
scoring function does: every sampled hand, replayed through the engine, has the same scores."""
from __future__ import annotations

import pytest
from test_batch import check_hand

from spades_lab.core.rules import RuleSet
from spades_lab.play.batch import play_random_hands

CONFIGS = [
    ("standard", {"nil_points": 50, "partners_nil": "unit"}),
    ("standard", {"partners_nil": "no_bags", "overtrick_points": 0, "bag_limit": 5,
                  "bag_penalty": 50, "bag_penalty_once": True}),
    ("online", {"failed_nil_tricks": "ignored", "big_bid_bonus": 100, "big_bid_min": 6,
                "moon_bonus": 200, "bag_penalty_while_negative": False}),
    ("original", {"partners_nil": "unit", "failed_nil_tricks": "ignored", "nil_points": 50,
                  "big_bid_bonus": 50, "big_bid_min": 5}),
    ("acorns", {"failed_nil_tricks": "ignored", "overtrick_points": 0,
                "bag_penalty_while_negative": False}),
    ("acorns8", {"bag_penalty_once": True, "bag_limit": 3, "bag_penalty": 30}),
]


@pytest.mark.parametrize("name,opts", CONFIGS)
def test_batch_house_rules_replay_identically(name: str, opts: dict) -> None:
    rules = RuleSet.preset(name, opts)
    start = None
    if not rules.acorns:  # negative and near-limit starts, so the bag rules act
        start = {"scores": [-30, 20], "bags": [4, rules.bag_limit - 1 if rules.bag_limit else 0]}
    res = play_random_hands(rules, 120, seed=11, nil_rate=0.4, blind_rate=0.15, start=start)
    for i in range(0, 120, 3):
        check_hand(res, i)
    if rules.partners_nil != "separate":  # some hands had both partners nil
        both = (res.bid_nil_kind()[:, [0, 2]] > 0).all(axis=1)
        assert both.any()
        for i in both.nonzero()[0][:10]:
            check_hand(res, int(i))
