"""Hand-worked scoring for the scoring and game-end house rules (docs/rulings.md section 9).

One table row per option value, each with the numbers worked out by hand in the comment above
it, including how the option meets nil, blind nil, bags and the end of the game.  Every row
calls the pure ``score_hand`` (bids, tricks, bags and totals before the hand) and checks the
named fields, the line items' rule ids and points, and the identities of RECORD-FORMAT.md.
"""
from __future__ import annotations

from typing import Any

import pytest

from spades_lab import RuleSet, parse_bid, score_hand
from spades_lab.core.bids import Bid
from spades_lab.core.scoring import TeamScore, game_outcome


def row(id: str, preset: str, options: dict[str, Any], bids: list[Any], tricks: list[int],
        expect: dict[int, dict[str, Any]], *, bags: list[int] | None = None,
        totals: list[int] | None = None) -> Any:
    return pytest.param(preset, options, bids, tricks, bags, totals, expect, id=id)


ROWS = [
    # ------------------------------------------------------------------ nil_points
    # nil_points 50: S nil took 0 -> +50; N 4 took 4 -> 40; hand 90.
    row("nil-50-made", "standard", {"nil_points": 50}, [4, 4, "nil", 5], [4, 5, 0, 4],
        {0: dict(points=40, nils=[(2, "nil", True, 50)], hand_score=90,
                 lines=[("bid-made", 40), ("nil-made", 50)])}),
    # nil_points 50, failed: S took 2 -> -50, and (bags_only) 2 points, 2 bags; N 4 took 3,
    # missed -40 -> points -38, hand -88.
    row("nil-50-failed-bags", "standard", {"nil_points": 50}, [4, 4, "nil", 4], [3, 4, 2, 4],
        {0: dict(points=-38, bags_added=2, nils=[(2, "nil", False, -50)], hand_score=-88)}),
    # blind nil doubles the house value: 100.  Made: N 3 took 3 -> 30 + 100 = 130.
    row("blind-nil-50-made", "online", {"nil_points": 50}, [3, 4, "blind nil", 5],
        [3, 5, 0, 5], {0: dict(nils=[(2, "blind nil", True, 100)], hand_score=130)}),
    # failed blind nil -100; S's 1 trick +1 and a bag; N 3 took 3 -> 30 + 1 - 100 = -69.
    row("blind-nil-50-failed", "original", {"nil_points": 50}, [3, 4, "blind nil", 5],
        [3, 5, 1, 4], {0: dict(points=31, nils=[(2, "blind nil", False, -100)],
                               hand_score=-69)}),
    # ------------------------------------------------------------------ partners_nil
    # separate (the default): N nil made +100, S nil failed -100, S's 3 tricks +3, 3 bags;
    # bid 0 made -> hand 3.
    row("partners-separate", "standard", {}, ["nil", 5, "nil", 5], [0, 5, 3, 5],
        {0: dict(bid=0, points=3, bags_added=3, hand_score=3,
                 nils=[(0, "nil", True, 100), (2, "nil", False, -100)])}),
    # unit: one failed -> both lose: -100 -100 = -200 flat; S's tricks score nothing, no bags.
    row("partners-unit-one-fails", "standard", {"partners_nil": "unit"}, ["nil", 5, "nil", 5],
        [0, 5, 3, 5],
        {0: dict(points=0, bags_added=0, hand_score=-200, bags=0,
                 nils=[(0, "nil", True, -100), (2, "nil", False, -100)],
                 lines=[("bid-made", 0), ("nil-made", -100), ("failed-nil-tricks", 0),
                        ("nil-failed", -100)])}),
    # unit: both made -> +200.
    row("partners-unit-both-made", "standard", {"partners_nil": "unit"},
        ["nil", 6, "nil", 7], [0, 6, 0, 7],
        {0: dict(hand_score=200, nils=[(0, "nil", True, 100), (2, "nil", True, 100)])}),
    # unit with a blind nil: values 200 + 100 = 300; N blind nil failed (1 trick) -> -300.
    row("partners-unit-blind", "standard", {"partners_nil": "unit"},
        ["blind nil", 6, "nil", 6], [1, 6, 0, 6],
        {0: dict(hand_score=-300, bags_added=0,
                 nils=[(0, "blind nil", False, -200), (2, "nil", True, -100)])}),
    # unit with nil_points 50: 50 + 50, one fails -> -100.
    row("partners-unit-nil-50", "standard", {"partners_nil": "unit", "nil_points": 50},
        ["nil", 5, "nil", 5], [2, 5, 0, 6], {0: dict(hand_score=-100, bags_added=0)}),
    # no_bags: nils scored alone (+100, -100), S's 3 tricks score nothing and are not bags.
    row("partners-no-bags", "standard", {"partners_nil": "no_bags"}, ["nil", 5, "nil", 5],
        [0, 5, 3, 5],
        {0: dict(points=0, bags_added=0, hand_score=0,
                 nils=[(0, "nil", True, 100), (2, "nil", False, -100)])}),
    # partners_nil only acts when both partners bid nil: S nil alone, failed, bags_only as usual.
    row("partners-unit-one-nil-only", "standard", {"partners_nil": "unit"}, [4, 4, "nil", 4],
        [3, 4, 2, 4], {0: dict(points=-38, bags_added=2, hand_score=-138)}),
    # ------------------------------------------------------------------ failed_nil_tricks ignored
    # N 4 took 3, S nil took 2: missed -40; S's tricks ignored (0, no bags); nil -100 -> -140.
    row("failed-nil-ignored", "standard", {"failed_nil_tricks": "ignored"}, [4, 4, "nil", 4],
        [3, 4, 2, 4],
        {0: dict(bid=4, tricks=3, made=False, points=-40, bags_added=0, hand_score=-140,
                 lines=[("bid-missed", -40), ("failed-nil-tricks", 0), ("nil-failed", -100)])}),
    # ignored: S's tricks do not help the bid either: N 4 took 4 made 40 + 0 -> 40 - 100 = -60.
    # (count_toward_bid would give 4 + 2 = 6 counted: 40 + 2 = 42, 2 bags.)
    row("failed-nil-ignored-made", "standard", {"failed_nil_tricks": "ignored"},
        [4, 3, "nil", 4], [4, 5, 2, 2], {0: dict(tricks=4, points=40, bags_added=0,
                                                 hand_score=-60)}),
    # ignored with a failed blind nil: -200, tricks ignored; N 3 took 3 -> 30 - 200 = -170.
    row("failed-blind-nil-ignored", "standard", {"failed_nil_tricks": "ignored"},
        [3, 4, "blind nil", 5], [3, 5, 1, 4], {0: dict(points=30, bags_added=0,
                                                       hand_score=-170)}),
    # ignored in Spades (and Acorns): W Full Nil took 1 (of 32): -240, ignored.
    # E 10 took 10 -> 100; hand -140.  N/S 10 + 11 = 21, took 21: 210.
    row("acorns-full-nil-ignored", "acorns", {"failed_nil_tricks": "ignored"},
        [10, 10, 11, "full nil"], [10, 10, 11, 1],
        {1: dict(points=100, bags_added=0, hand_score=-140, nils=[(3, "full nil", False, -240)])}),
    # ------------------------------------------------------------------ overtrick_points
    # 0: N 4 + S 3 = 7, took 9: 70, 2 bags scoring nothing.
    row("overtricks-nothing", "standard", {"overtrick_points": 0}, [4, 3, 3, 3], [5, 2, 4, 2],
        {0: dict(points=70, bags_added=2, bags=2, hand_score=70,
                 lines=[("bid-made", 70), ("bags", 0)])}),
    # 0, bags still reach the penalty: N 4 + S 3 took 10: 70, 8 + 3 = 11 -> -100, 1 carried;
    # 70 - 100 = -30.
    row("overtricks-nothing-penalty", "standard", {"overtrick_points": 0}, [4, 1, 3, 2],
        [5, 2, 5, 1], {0: dict(points=70, bags_added=3, bag_penalty=100, bags=1,
                               hand_score=-30)}, bags=[8, 0]),
    # 0 and a failed nil (bags_only): S's 2 tricks 0 points, 2 bags; N missed 4 (-40); -140.
    row("overtricks-nothing-failed-nil", "standard", {"overtrick_points": 0},
        [4, 4, "nil", 4], [3, 4, 2, 4], {0: dict(points=-40, bags_added=2, hand_score=-140)}),
    # 0 in the eight-player set: pair N/S (seats 0, 4) bid 2 + 2, took 3 + 3: 40, 2 bags, 0 pts.
    row("overtricks-nothing-acorns8", "acorns8", {"overtrick_points": 0},
        [2, 2, 2, 2, 2, 2, 2, 2], [3, 1, 2, 2, 3, 1, 2, 2],
        {0: dict(points=40, bags_added=2, hand_score=40)}),
    # ------------------------------------------------------------------ big bids and the moon
    # +50 for a made bid of 10+: N 6 + S 4 = 10 took 11: 100 + 1 + 50 = 151.
    row("big-bid-50", "standard", {"big_bid_bonus": 50}, [6, 1, 4, 2], [6, 1, 5, 1],
        {0: dict(points=151, lines=[("bid-made", 100), ("bags", 1), ("big-bid", 50)])}),
    # "10 for 200": bonus 100, N/S 10 took 10 -> 200.
    row("ten-for-200", "standard", {"big_bid_bonus": 100}, [6, 1, 4, 2], [6, 1, 4, 2],
        {0: dict(points=200, hand_score=200)}),
    # a missed big bid scores as usual: 10 bid, 9 taken -> -100, no bonus.
    row("big-bid-missed", "standard", {"big_bid_bonus": 100}, [6, 1, 4, 2], [5, 2, 4, 2],
        {0: dict(points=-100, made=False, lines=[("bid-missed", -100)])}),
    # a bid below the minimum earns nothing: 9 made with 1 bag -> 91.
    row("big-bid-below-min", "standard", {"big_bid_bonus": 50}, [5, 1, 4, 2], [6, 1, 4, 2],
        {0: dict(points=91)}),
    # big_bid_min 7: 4 + 3 = 7 made exactly -> 70 + 50.
    row("big-bid-min-7", "online", {"big_bid_bonus": 50, "big_bid_min": 7}, [4, 3, 3, 3],
        [4, 3, 3, 3], {0: dict(points=120)}),
    # a big bid with a nil partner: N 10 + S nil = bid 10; N took 10, S 0: 100 + 50 + 100.
    row("big-bid-with-nil", "standard", {"big_bid_bonus": 50}, [10, 1, "nil", 2],
        [10, 1, 0, 2], {0: dict(points=150, hand_score=250)}),
    # the moon: N/S take all 13 (bid 7): 70 + 6 bags + 200 = 276; with the big-bid bonus off.
    row("moon", "standard", {"moon_bonus": 200}, [4, 2, 3, 2], [7, 0, 6, 0],
        {0: dict(points=276, bags_added=6, lines=[("bid-made", 70), ("bags", 6),
                                                  ("moon", 200)])}),
    # moon and big bid both: 13 bid, 13 taken: 130 + 50 + 200 = 380.
    row("moon-and-big-bid", "standard", {"moon_bonus": 200, "big_bid_bonus": 50},
        [7, 1, 6, 1], [7, 0, 6, 0],
        {0: dict(points=380), 1: dict(points=-20, made=False)}),
    # the moon with a failed nil partner is still all 13 tricks: N 13 tricks, bid 6;
    # S nil took 0 -> 60 + 7 + 200 + 100 = 367.
    row("moon-with-nil", "standard", {"moon_bonus": 200}, [6, 1, "nil", 1], [13, 0, 0, 0],
        {0: dict(points=267, hand_score=367)}),
    # ------------------------------------------------------------------ bag_penalty_once
    # 1:5:50, 4 + 6 = 10 bags: the default takes 2 x 50, 0 carried ...
    row("two-penalties-default", "online", {"bag_limit": 5, "bag_penalty": 50},
        [2, 3, 2, 3], [5, 1, 5, 2], {0: dict(bag_penalty=100, bags=0, hand_score=-54)},
        bags=[4, 0]),
    # ... once: one -50, 5 carried (at the limit).  Points 40 + 6 = 46 -> -4.
    row("one-penalty-a-hand", "online", {"bag_limit": 5, "bag_penalty": 50,
                                         "bag_penalty_once": True},
        [2, 3, 2, 3], [5, 1, 5, 2], {0: dict(bag_penalty=50, bags=5, hand_score=-4,
                                             penalties=1)}, bags=[4, 0]),
    # once, carried past the limit: from 6 bags (possible only under this rule), no new bag:
    # the next hand's check takes -50 and 1 is carried.  N/S 4 + 4 made exactly: 80 - 50.
    row("once-carried-fires-next-hand", "online", {"bag_limit": 5, "bag_penalty": 50,
                                                   "bag_penalty_once": True},
        [4, 1, 4, 1], [4, 2, 4, 3], {0: dict(bag_penalty=50, bags=1, hand_score=30)},
        bags=[6, 0]),
    # ------------------------------------------------------------------ bag_penalty_while_negative
    # false, total below 0: N 4 + S 3 took 10: 73; -200 + 73 = -127 < 0: no penalty,
    # 8 + 3 = 11 bags wait.
    row("no-penalty-while-negative", "standard", {"bag_penalty_while_negative": False},
        [4, 2, 3, 2], [6, 1, 4, 2], {0: dict(bag_penalty=0, bags=11, hand_score=73,
                                             total=-127,
                                             lines=[("bid-made", 70), ("bags", 3),
                                                    ("bag-penalty-held", 0)])},
        bags=[8, 0], totals=[-200, 0]),
    # false, the hand brings it to 0 or more: -50 + 73 = 23: the penalty is taken, 11 -> 1.
    row("penalty-once-not-negative", "standard", {"bag_penalty_while_negative": False},
        [4, 2, 3, 2], [6, 1, 4, 2], {0: dict(bag_penalty=100, bags=1, hand_score=-27)},
        bags=[8, 0], totals=[-50, 0]),
    # false, held bags (12, past the limit) and now positive: N 4 + S 3 took 8: 71;
    # 12 + 1 = 13 -> -100, 3 carried; 71 - 100 = -29.
    row("held-bags-fire-later", "standard", {"bag_penalty_while_negative": False},
        [4, 2, 3, 2], [5, 3, 3, 2], {0: dict(bag_penalty=100, bags=3, hand_score=-29)},
        bags=[12, 0], totals=[10, 0]),
    # the negative test counts the nils: -20 + 40 + 2 bags, S nil failed -100 -> -78 < 0, held.
    row("negative-counts-nils", "standard", {"bag_penalty_while_negative": False},
        [4, 4, "nil", 4], [4, 3, 2, 4], {0: dict(bag_penalty=0, bags=11, hand_score=-58)},
        bags=[9, 0], totals=[-20, 0]),
    # both bag rules: held while negative takes none; once positive, one at most.
    row("both-bag-rules", "online", {"bag_limit": 5, "bag_penalty": 50, "bag_penalty_once": True,
                                     "bag_penalty_while_negative": False},
        [2, 3, 2, 3], [5, 1, 5, 2], {0: dict(bag_penalty=50, bags=9, hand_score=-4)},
        bags=[8, 0], totals=[0, 0]),
]


@pytest.mark.parametrize("preset,options,bids,tricks,bags,totals,expect", ROWS)
def test_house_scoring_table(preset: str, options: dict[str, Any], bids: list[Any],
                             tricks: list[int], bags: list[int] | None,
                             totals: list[int] | None, expect: dict[int, dict[str, Any]]
                             ) -> None:
    rules = RuleSet.preset(preset, options)
    parsed = [parse_bid(rules, b) for b in bids]
    teams = len(rules.team_seats)
    assert sum(tricks) == rules.hand_size
    scores = score_hand(rules, parsed, tricks, [[] for _ in parsed], bags or [0] * teams,
                        totals or [0] * teams)
    for t, fields in expect.items():
        s = scores[t]
        for key, want in fields.items():
            if key == "nils":
                got = [(n.seat, n.bid.to_json(), n.made, n.points) for n in s.nils]
                assert got == [(a, parse_bid(rules, b).to_json(), m, p) for a, b, m, p in want]
            elif key == "lines":
                assert [(i.rule, i.points) for i in s.items] == want
            else:
                assert getattr(s, key) == want, (t, key)
        # the identities of RECORD-FORMAT.md hold under every house rule
        assert s.hand_score == s.points + sum(n.points for n in s.nils) - s.bag_penalty
        assert s.total == (totals[t] if totals else 0) + s.hand_score
        assert sum(i.points for i in s.items) == s.hand_score
        # a line a house rule decided names its option; learners read no option name
        for item in s.items:
            if item.option:
                assert item.option not in item.text


def test_defaults_score_as_before() -> None:
    """Every house rule at its default gives the seed rules' score, line for line."""
    plain = RuleSet.preset("standard")
    spelled = RuleSet.preset("standard", nil_points=100, partners_nil="separate",
                             overtrick_points=1, big_bid_bonus=0, big_bid_min=10,
                             moon_bonus=0, bag_penalty_once=False,
                             bag_penalty_while_negative=True, hand_limit=None,
                             tie_break="play_on")
    assert spelled == plain and spelled.options() == {}
    bids = [Bid(0, "nil"), Bid(7), Bid(0, "nil", True), Bid(3)]
    for tricks in ([0, 7, 2, 4], [13, 0, 0, 0], [1, 10, 0, 2]):
        args = (bids, tricks, [[], [], [], []], [9, 9], [-30, 480])
        assert score_hand(spelled, *args) == score_hand(plain, *args)


# ---------------------------------------------------------------- the end of the game

def _ts(made: bool, bags: int, nil_failed: bool = False) -> TeamScore:
    """North/South's score for a last hand, for what ``tie_break`` reads (made, nils, bags)."""
    rules = RuleSet.preset("standard")
    if nil_failed:  # N 8 took 8 (made), S nil took 1 (failed)
        bids, tricks = [Bid(8), Bid(1), Bid(0, "nil"), Bid(1)], [8, 2, 1, 2]
    else:  # N 4 + S 4 = 8, took 8 or 6
        n = 4 if made else 2
        bids, tricks = [Bid(4), Bid(1), Bid(4), Bid(1)], [n, 2, 4, 13 - n - 6]
    ts = score_hand(rules, bids, tricks, [[], [], [], []], [0, 0], [0, 0])[0]
    assert ts.made == (made or nil_failed) and all(x.made for x in ts.nils) != nil_failed
    return ts._replace(bags=bags)


END_ROWS = [
    # hand_limit 30: after hand 29 below the target, play on; after hand 30 the highest wins.
    pytest.param({"hand_limit": 30}, [310, 240], 29, None, (False, None), id="limit-not-yet"),
    pytest.param({"hand_limit": 30}, [310, 240], 30, None, (True, 0), id="limit-reached"),
    # the target still ends it sooner: hand 12, 505 against 240.
    pytest.param({"hand_limit": 30}, [505, 240], 12, None, (True, 0), id="target-first"),
    # a tie at the limit plays on (the default tie_break), and a hand later the leader wins.
    pytest.param({"hand_limit": 30}, [300, 300], 30, None, (False, None), id="limit-tie"),
    pytest.param({"hand_limit": 30}, [300, 320], 31, None, (True, 1), id="limit-tie-broken"),
    # the limit with the losing floor: the floor still ends it at once.
    pytest.param({"hand_limit": 100, "losing_floor": -200}, [-210, 40], 5, None, (True, 1),
                 id="limit-floor"),
    # hands unknown (a caller without a count): the limit cannot apply.
    pytest.param({"hand_limit": 1}, [10, 20], None, None, (False, None), id="limit-no-count"),
    # tie_break made_bid at the target: only East/West made it.
    pytest.param({"tie_break": "made_bid"}, [510, 510], 7, (False, True), (True, 1),
                 id="tie-made-bid"),
    # both made (or neither): play on.
    pytest.param({"tie_break": "made_bid"}, [510, 510], 7, (True, True), (False, None),
                 id="tie-both-made"),
    pytest.param({"tie_break": "made_bid"}, [510, 510], 7, (False, False), (False, None),
                 id="tie-neither-made"),
    # a failed nil is a bid not made: North/South made 8 but South's nil failed.
    pytest.param({"tie_break": "made_bid"}, [510, 510], 7, ("nil-failed", True), (True, 1),
                 id="tie-nil-failed"),
    # fewer bags: North/South 3 against East/West's 5, so North/South win.
    pytest.param({"tie_break": "fewer_bags"}, [520, 520], 9, ((True, 3), (True, 5)),
                 (True, 0), id="tie-fewer-bags"),
    pytest.param({"tie_break": "fewer_bags"}, [520, 520], 9, ((True, 4), (True, 4)),
                 (False, None), id="tie-same-bags"),
    # a tie below the target is no end at all, whatever the tie_break.
    pytest.param({"tie_break": "fewer_bags"}, [420, 420], 9, ((True, 3), (True, 5)),
                 (False, None), id="tie-below-target"),
    # tie_break settles a tie at the hand limit too.
    pytest.param({"tie_break": "made_bid", "hand_limit": 30}, [300, 300], 30, (True, False),
                 (True, 0), id="limit-tie-made-bid"),
]


@pytest.mark.parametrize("options,totals,hands,last,want", END_ROWS)
def test_house_game_end_table(options: dict[str, Any], totals: list[int], hands: int | None,
                              last: Any, want: tuple[bool, int | None]) -> None:
    rules = RuleSet.preset("standard", options)
    scores = None
    if last is not None:
        scores = []
        for x in last:
            if x == "nil-failed":
                scores.append(_ts(True, 0, nil_failed=True))
            elif isinstance(x, tuple):
                scores.append(_ts(x[0], x[1]))
            else:
                scores.append(_ts(x, 0))
    out = game_outcome(rules, totals, hands=hands, last=scores)
    assert (out.over, out.winner) == want, out.reason
    assert out.reason and "_" not in out.reason  # words, no option names


def test_tie_break_default_is_the_seed_rule() -> None:
    r = RuleSet.preset("standard")
    last = [_ts(True, 0), _ts(False, 0)]
    assert not game_outcome(r, [510, 510], hands=4, last=last).over
    assert game_outcome(r, [510, 510]) == game_outcome(r, [510, 510], hands=4, last=last)
