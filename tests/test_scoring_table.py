"""Hand-worked scoring cases, one table row per rule and option value of RULINGS.md.

Each row calls the pure ``score_hand`` with bids, tricks (and, for partial nils, the cards
each seat won) and the bags/totals before the hand, and lists the numbers worked out by hand
in the comment above it.  ``expect`` maps a team index to the fields to check.
"""
from __future__ import annotations

from typing import Any

import pytest

from spades_lab import RuleSet, parse_bid, score_hand
from spades_lab.core.scoring import game_outcome


def row(id: str, preset: str, options: dict[str, Any], bids: list[Any], tricks: list[int],
        expect: dict[int, dict[str, Any]], *, won: dict[int, list[str]] | None = None,
        bags: list[int] | None = None, totals: list[int] | None = None) -> Any:
    return pytest.param(preset, options, bids, tricks, won or {}, bags, totals, expect, id=id)


ROWS = [
    # ---------------------------------------------------------------- 52-card: bids made/missed
    # N 4 + S 3 = 7, took 4 + 4 = 8: made, 10*7 + 1 over = 71, 1 bag.
    # E 3 + W 2 = 5, took 3 + 2 = 5: made exactly, 50, no bag.
    row("std-made-with-bag", "standard", {}, [4, 3, 3, 2], [4, 3, 4, 2],
        {0: dict(bid=7, tricks=8, made=True, points=71, bags_added=1, bag_penalty=0,
                 hand_score=71, total=71, bags=1),
         1: dict(bid=5, tricks=5, made=True, points=50, bags_added=0, hand_score=50)}),
    # N 5 + S 3 = 8, took 3 + 2 = 5: missed, -10*8 = -80, no bags (missed tricks are not bags).
    # E 2 + W 2 = 4 took 4 + 4 = 8: 40 + 4 = 44, 4 bags.
    row("std-missed", "standard", {}, [5, 2, 3, 2], [3, 4, 2, 4],
        {0: dict(bid=8, tricks=5, made=False, points=-80, bags_added=0, hand_score=-80),
         1: dict(bid=4, tricks=8, made=True, points=44, bags_added=4, hand_score=44, bags=4)}),
    # RECORD-FORMAT worked example: N bid 5 took 3, S nil took 2 (bags_only).
    # Ordinary: 5 bid, 3 counted -> missed -50; S's 2 failed-nil tricks +2 points, 2 bags -> -48.
    # Nil failed -100 -> hand -148.  E/W 3 + 2 = 5 took 4 + 4 = 8 -> 50 + 3 = 53.
    row("record-format-example", "standard", {}, [5, 3, 0, 2], [3, 4, 2, 4],
        {0: dict(bid=5, tricks=3, made=False, points=-48, bags_added=2, bag_penalty=0,
                 nils=[(2, "nil", False, -100)], hand_score=-148, total=-148, bags=2),
         1: dict(bid=5, tricks=8, made=True, points=53, bags_added=3, hand_score=53)}),
    # S nil took 0 (+100); N 4 took 4 (+40) -> 140.
    row("std-nil-made", "standard", {}, [4, 4, "nil", 5], [4, 5, 0, 4],
        {0: dict(bid=4, tricks=4, made=True, points=40, nils=[(2, "nil", True, 100)],
                 hand_score=140)}),
    # Blind nil is worth 200: made +200 (N 3 took 3 -> 30) = 230.
    row("std-blind-nil-made", "standard", {}, [3, 4, "blind nil", 5], [3, 5, 0, 5],
        {0: dict(points=30, nils=[(2, "blind nil", True, 200)], hand_score=230)}),
    # Blind nil failed: -200; S's 1 trick is a bag point (bags_only); N 3 took 3 -> 30 + 1 = 31.
    # hand 31 - 200 = -169.
    row("std-blind-nil-failed", "standard", {}, [3, 4, "blind nil", 5], [3, 5, 1, 4],
        {0: dict(tricks=3, points=31, bags_added=1, nils=[(2, "blind nil", False, -200)],
                 hand_score=-169)}),
    # ---------------------------------------------------------------- failed_nil_tricks
    # bags_only: N 4 took 3, S nil took 2.  Ordinary: 3 < 4 missed -40; S's 2 tricks +2, 2 bags
    # even though the team missed -> points -38, hand -138.
    row("failed-nil-bags-only-team-misses", "standard", {}, [4, 4, 0, 4], [3, 4, 2, 4],
        {0: dict(bid=4, tricks=3, made=False, points=-38, bags_added=2, hand_score=-138,
                 bags=2)}),
    # count_toward_bid, same hand: counted 3 + 2 = 5 >= 4 -> made 40 + 1 bag = 41; -100 -> -59.
    row("failed-nil-count-toward-bid", "standard", {"failed_nil_tricks": "count_toward_bid"},
        [4, 4, 0, 4], [3, 4, 2, 4],
        {0: dict(bid=4, tricks=5, made=True, points=41, bags_added=1, hand_score=-59,
                 bags=1)}),
    # count_toward_bid, only tricks beyond the bid are bags: N 3 took 6, S nil took 1 ->
    # counted 7, 30 + 4 = 34, 4 bags; -100 -> -66.
    row("failed-nil-count-toward-bid-bags", "standard", {"failed_nil_tricks": "count_toward_bid"},
        [3, 2, 0, 1], [6, 3, 1, 3],
        {0: dict(bid=3, tricks=7, made=True, points=34, bags_added=4, hand_score=-66)}),
    # ---------------------------------------------------------------- partnership bid 0
    # Both N and S bid nil and fail (2 and 1 tricks), bags_only: ordinary bid 0 with 0 counted
    # is made, worth 0; the 3 failed-nil tricks are 3 points and 3 bags; nils -100 -100 -> -197.
    row("both-nil-failed-bags-only", "standard", {}, [0, 5, 0, 5], [2, 5, 1, 5],
        {0: dict(bid=0, tricks=0, made=True, points=3, bags_added=3, hand_score=-197)}),
    # Same, count_toward_bid: bid 0 counted 3 -> made, worth 0, all 3 tricks bags -> 3; -197.
    row("both-nil-failed-count-toward-bid", "standard", {"failed_nil_tricks": "count_toward_bid"},
        [0, 5, 0, 5], [2, 5, 1, 5],
        {0: dict(bid=0, tricks=3, made=True, points=3, bags_added=3, hand_score=-197)}),
    # Acorns: N and S both bid an ordinary 0 and take 2 + 3 -> made, 0 for the bid, 5 bags, 5 pts.
    row("acorns-zero-bid-all-bags", "acorns", {}, [0, 10, 0, 17], [2, 10, 3, 17],
        {0: dict(bid=0, tricks=5, made=True, points=5, bags_added=5, nils=[], hand_score=5)}),
    # ---------------------------------------------------------------- bag limits
    # 10/100: 8 bags before + 3 (bid 7 took 10) = 11 -> -100, carry 1; 70 + 3 - 100 = -27.
    row("bags-10-100-penalty", "standard", {}, [4, 1, 3, 1], [5, 1, 5, 2],
        {0: dict(points=73, bags_added=3, bag_penalty=100, hand_score=-27, bags=1, total=-27)},
        bags=[8, 0]),
    # Exactly reaching the limit fires it: 9 + 1 = 10 -> -100, carry 0.  70 + 1 - 100 = -29.
    row("bags-exactly-limit", "standard", {}, [4, 1, 3, 1], [5, 2, 3, 3],
        {0: dict(points=71, bags_added=1, bag_penalty=100, hand_score=-29, bags=0)},
        bags=[9, 0]),
    # online 1:5:50 firing twice: 4 bags before + 6 (N 1 + S 1 = 2, took 8) = 10 -> -50 twice,
    # carry 0.  20 + 6 - 100 = -74.
    row("bags-1-5-50-twice", "online", {"bag_limit": 5, "bag_penalty": 50}, [1, 2, 1, 3],
        [4, 2, 4, 3],
        {0: dict(points=26, bags_added=6, bag_penalty=100, hand_score=-74, bags=0)},
        bags=[4, 0]),
    # online 1:5:50 once: 3 + 3 = 6 -> -50, carry 1. E/W bid 5 took 8 -> 53 - 50 = 3.
    row("bags-1-5-50-once", "online", {"bag_limit": 5, "bag_penalty": 50}, [3, 2, 2, 3],
        [3, 4, 2, 4],
        {1: dict(points=53, bags_added=3, bag_penalty=50, hand_score=3, bags=1)},
        bags=[0, 3]),
    # bag_limit null: the count is kept (9 + 5 = 14) and no penalty: 20 + 5 = 25.
    row("bags-null-no-penalty", "original", {"bag_limit": None}, [1, 4, 1, 4],
        [4, 3, 3, 3],
        {0: dict(points=25, bags_added=5, bag_penalty=0, hand_score=25, bags=14)},
        bags=[9, 0]),
    # Start totals: 480 before, N 4 + S 3 made exactly -> 480 + 70 = 550.
    row("start-totals", "standard", {}, [4, 3, 3, 3], [4, 3, 3, 3],
        {0: dict(hand_score=70, total=550, bags=8), 1: dict(total=-10 + 60, bags=0)},
        bags=[8, 0], totals=[480, -10]),
    # ---------------------------------------------------------------- Acorns nil kinds (4 players)
    # S "nil spades + 2" took 2 tricks with no Spade: nil +100 and its 2 tricks count toward
    # the ordinary bid N 3 + S 2 = 5 (N took 3) -> 50 + 100 = 150.
    row("acorns-nil-spades-plus-made", "acorns", {}, [3, 12, "nil spades + 2", 13],
        [3, 12, 2, 15],
        {0: dict(bid=5, tricks=5, made=True, points=50,
                 nils=[(2, "nil spades + 2", True, 100)], hand_score=150)},
        won={2: ["KH", "2H", "3H", "4H", "KD", "2D", "3D", "4D"]}),
    # S "nil spades" won TPS (played as Planets; both-suit card counts as a Spade): nil fails
    # -100; its 1 trick still counts toward N's bid (a partial nil never changes how tricks
    # count, even under bags_only): N 4 took 4 + S 1 = 5 -> 40 + 1 = 41; 41 - 100 = -59.
    row("acorns-nil-spades-failed-by-traveler", "acorns", {"travelers_hunters": True},
        [4, 10, "nil spades", 10], [4, 14, 1, 15],
        {0: dict(bid=4, tricks=5, made=True, points=41, bags_added=1,
                 nils=[(2, "nil spades", False, -100)], hand_score=-59)},
        won={2: ["KP", "TPS", "2P", "3P"]}),
    # S "nil acorns" won the Hunter of Acorns/Clubs (played as Clubs): fails, -100.  N 3 took 3
    # + S's 1 -> 31; 31 - 100 = -69.
    row("acorns-nil-acorns-failed-by-hunter", "acorns", {"travelers_hunters": True},
        [3, 10, "nil acorns", 10], [3, 15, 1, 15],
        {0: dict(tricks=4, points=31, nils=[(2, "nil acorns", False, -100)], hand_score=-69)},
        won={2: ["HAC", "2C", "3C", "4C"]}),
    # A Spade won by a Nil Acorns bidder does not break it: +100; N 3 + S 1... S took 1 trick
    # with no bid on top: counted 3 + 1 = 4 vs 3 -> 31; 131.
    row("acorns-nil-acorns-made-with-spade", "acorns", {}, [3, 10, "nil acorns", 10],
        [3, 15, 1, 13],
        {0: dict(points=31, nils=[(2, "nil acorns", True, 100)], hand_score=131)},
        won={2: ["KS", "2S", "3S", "4S"]}),
    # Full nil made +240, blind full nil made +480.
    row("acorns-full-nil-made", "acorns", {}, [5, 10, "full nil", 12], [5, 15, 0, 12],
        {0: dict(points=50, nils=[(2, "full nil", True, 240)], hand_score=290)}),
    row("acorns-blind-full-nil-made", "acorns", {}, [5, 10, "blind full nil", 12],
        [5, 15, 0, 12],
        {0: dict(nils=[(2, "blind full nil", True, 480)], hand_score=530)}),
    # Blind full nil failed with 2 tricks, bags_only: -480; N 5 took 5 -> 50 + 2 = 52 -> -428.
    row("acorns-blind-full-nil-failed", "acorns", {}, [5, 10, "blind full nil", 12],
        [5, 13, 2, 12],
        {0: dict(tricks=5, points=52, bags_added=2,
                 nils=[(2, "blind full nil", False, -480)], hand_score=-428)}),
    # Blind nil spades + 3: only the nil value doubles (200); N 2 + 3 = 5 took 2 + 3 -> 50; 250.
    row("acorns-blind-nil-spades-plus", "acorns", {}, [2, 10, "blind nil spades + 3", 12],
        [2, 15, 3, 12],
        {0: dict(bid=5, points=50, nils=[(2, "blind nil spades + 3", True, 200)],
                 hand_score=250)},
        won={2: ["KH", "2H", "3H", "4H"]}),
    # Nil spades failed with count_toward_bid: same as bags_only (partial nils never change how
    # tricks count): N 4 took 4 + S 1 -> 41 - 100 = -59.
    row("acorns-nil-spades-failed-count-toward-bid", "acorns",
        {"failed_nil_tricks": "count_toward_bid"}, [4, 10, "nil spades", 10], [4, 14, 1, 13],
        {0: dict(tricks=5, points=41, hand_score=-59)}, won={2: ["KS", "2H", "3H", "4H"]}),
    # Full nil failed, count_toward_bid: N 5 took 4, S took 2 -> counted 6 >= 5: 51; -240 -> -189.
    row("acorns-full-nil-failed-count-toward-bid", "acorns",
        {"failed_nil_tricks": "count_toward_bid"}, [5, 10, "full nil", 12], [4, 14, 2, 12],
        {0: dict(tricks=6, made=True, points=51, bags_added=1, hand_score=-189)}),
    # Acorns bags: N 10 + S 5 = 15 took 14 + 5 = 19 -> 150 + 4 = 154, 4 bags.
    # bag_limit null: 9 + 4 = 13 kept, no penalty.  E 6 + W 7 = 13 took 6 + 7 -> 130.
    row("acorns-bags-null", "acorns", {"bag_limit": None}, [10, 6, 5, 7], [14, 6, 5, 7],
        {0: dict(points=154, bags_added=4, bag_penalty=0, hand_score=154, bags=13),
         1: dict(points=130, bags_added=0, hand_score=130, bags=0)}, bags=[9, 0]),
    # Same hand under 1:5:50: 3 + 4 = 7 -> -50 once, carry 2: 154 - 50 = 104.
    row("acorns-bags-1-5-50", "acorns", {"bag_limit": 5, "bag_penalty": 50}, [10, 6, 5, 7],
        [14, 6, 5, 7], {0: dict(points=154, bag_penalty=50, hand_score=104, bags=2)},
        bags=[3, 0]),
    # Acorns default 10/100: 7 + 4 = 11 -> -100, carry 1: 154 - 100 = 54.
    row("acorns-bags-10-100", "acorns", {}, [10, 6, 5, 7], [14, 6, 5, 7],
        {0: dict(points=154, bag_penalty=100, hand_score=54, bags=1)}, bags=[7, 0]),
    # ---------------------------------------------------------------- acorns8 half values
    # pairs: teams (0,4) (1,5) (2,6) (3,7).  Full nil 120, blind 240; nil spades 50, blind 100.
    # Ordinary bids are not halved: seat 0 bids 3 takes 3 -> 30; seat 4 full nil made +120 = 150.
    row("acorns8-pairs-full-nil", "acorns8", {}, [3, 2, 2, 2, "full nil", 2, 2, 1],
        [3, 2, 2, 2, 0, 2, 2, 3],
        {0: dict(seats=(0, 4), bid=3, points=30, nils=[(4, "full nil", True, 120)],
                 hand_score=150)}),
    # Blind full nil in acorns8 is 240: seat 5 blind full nil made; seat 1 bid 2 took 2 -> 260.
    row("acorns8-pairs-blind-full-nil", "acorns8", {}, [3, 2, 2, 2, 2, "blind full nil", 2, 1],
        [3, 2, 2, 2, 2, 0, 2, 3],
        {1: dict(seats=(1, 5), nils=[(5, "blind full nil", True, 240)], hand_score=260)}),
    # nil spades 50: seat 6 "nil spades + 1" took 1 trick with no Spade -> team (2,6) bid 2+1 = 3,
    # took 2 + 1 = 3 -> 30 + 50 = 80.  Seat 7's blind nil acorns (worth 2 x 50 = 100) won the
    # King of Acorns: fails, -100; team (3,7) bid 1 + 0 = 1 and took 1 + 3 = 4 (a partial nil's
    # tricks count) -> 10 + 3 = 13, -100 -> -87.
    row("acorns8-pairs-partial-nils", "acorns8", {},
        [3, 2, 2, 1, 2, 2, "nil spades + 1", "blind nil acorns"], [3, 2, 2, 1, 2, 2, 1, 3],
        {2: dict(seats=(2, 6), bid=3, tricks=3, points=30,
                 nils=[(6, "nil spades + 1", True, 50)], hand_score=80),
         3: dict(seats=(3, 7), bid=1, tricks=4, points=13,
                 nils=[(7, "blind nil acorns", False, -100)], hand_score=-87)},
        won={6: ["KH", "2H", "3H", "4H", "5H", "6H", "7H", "8H"],
             7: ["KA", "2H", "3D", "4C", "5C", "6C", "7C", "8C"]}),
    # fours: teams (0,2,4,6) and (1,3,5,7); bids add over four seats: 2+2+2+2 = 8 took
    # 3+2+2+2 = 9 -> 81, 1 bag.  Odd team 1+1+1+"full nil" (seat 7) failed with 1 trick,
    # bags_only: bid 3, counted 2+2+2 = 6 -> 30 + 3 = 33, + 1 failed-nil point = 34, 4 bags;
    # -120 (half of 240) -> -86.
    row("acorns8-fours", "acorns8", {"teams": "fours"}, [2, 1, 2, 1, 2, 1, 2, "full nil"],
        [3, 2, 2, 2, 2, 2, 2, 1],
        {0: dict(seats=(0, 2, 4, 6), bid=8, tricks=9, points=81, hand_score=81),
         1: dict(seats=(1, 3, 5, 7), bid=3, tricks=6, points=34, bags_added=4,
                 nils=[(7, "full nil", False, -120)], hand_score=-86)}),
    # acorns8 bags are not halved: seats 0+4 bid 3+3 = 6 took 4+3 = 7 -> 61, 1 bag;
    # 9 bags before + 1 = 10 -> -100, carry 0 -> -39.
    row("acorns8-bag-penalty", "acorns8", {}, [3, 2, 2, 2, 3, 2, 2, 1],
        [4, 2, 2, 1, 3, 2, 2, 0],
        {0: dict(bid=6, tricks=7, points=61, bag_penalty=100, hand_score=-39, bags=0)},
        bags=[9, 0, 0, 0]),
]


@pytest.mark.parametrize("preset,options,bids,tricks,won,bags,totals,expect", ROWS)
def test_score_table(preset: str, options: dict[str, Any], bids: list[Any], tricks: list[int],
                     won: dict[int, list[str]], bags: list[int] | None,
                     totals: list[int] | None, expect: dict[int, dict[str, Any]]) -> None:
    rules = RuleSet.preset(preset, options)
    assert len(bids) == len(tricks) == rules.players
    assert sum(tricks) == rules.hand_size, "a worked row must take every trick"
    parsed = [parse_bid(rules, b) for b in bids]
    cards_won = [[rules.deck.parse(c) for c in won.get(s, [])] for s in range(rules.players)]
    teams = rules.team_count
    scores = score_hand(rules, parsed, tricks, cards_won, bags or [0] * teams,
                        totals or [0] * teams)
    assert len(scores) == teams
    for t, fields in expect.items():
        s = scores[t]
        for key, want in fields.items():
            if key == "nils":
                got = [(n.seat, n.bid.to_json(), n.made, n.points) for n in s.nils]
                assert got == [(a, parse_bid(rules, b).to_json(), m, p) for a, b, m, p in want]
            else:
                assert getattr(s, key) == want, (t, key)
        # the identities of RECORD-FORMAT.md hold on every row
        assert s.hand_score == s.points + sum(n.points for n in s.nils) - s.bag_penalty
        assert s.total == (totals[t] if totals else 0) + s.hand_score
        assert sum(i.points for i in s.items) == s.hand_score


# ---------------------------------------------------------------- the end of the game
END_ROWS = [
    # one team at/above the target: over, highest wins
    pytest.param("standard", {}, [500, 200], (True, 0), id="target-exactly"),
    pytest.param("standard", {}, [499, 200], (False, None), id="below-target"),
    # both above: the higher total wins even if it is not the one that "reached" first
    pytest.param("standard", {}, [520, 610], (True, 1), id="both-over-higher-wins"),
    # tie at the top at or above the target: play on
    pytest.param("standard", {}, [510, 510], (False, None), id="tie-at-target-plays-on"),
    # acorns target 1000
    pytest.param("acorns", {}, [999, 0], (False, None), id="acorns-target-1000-not-yet"),
    pytest.param("acorns", {}, [1000, 0], (True, 0), id="acorns-target-1000"),
    pytest.param("acorns", {"target": 500}, [510, 0], (True, 0), id="acorns-short-500"),
    pytest.param("acorns", {"target": 400}, [399, 0], (False, None), id="acorns-short-400"),
    pytest.param("original", {"target": 200}, [210, 0], (True, 0), id="original-short-200"),
    pytest.param("acorns8", {}, [100, 500, 200, 490], (True, 1), id="acorns8-pairs-target-500"),
    pytest.param("acorns8", {}, [100, 500, 500, 490], (False, None), id="acorns8-pairs-tie"),
    pytest.param("acorns8", {"target": 200}, [150, 0, 210, 0], (True, 2), id="acorns8-short"),
    pytest.param("acorns8", {"teams": "fours"}, [500, 300], (True, 0), id="acorns8-fours"),
    pytest.param("online", {"target": 250}, [260, 0], (True, 0), id="online-target-250"),
    pytest.param("online", {"target": 100}, [90, 0], (False, None), id="online-target-100"),
    pytest.param("online", {"target": 300}, [300, 0], (True, 0), id="online-target-300"),
    # losing floor off by default: any negative total plays on
    pytest.param("standard", {}, [-1000, 100], (False, None), id="no-floor-by-default"),
    # losing floor -200: at or below it loses at once; the other side wins
    pytest.param("standard", {"losing_floor": -200}, [-200, 50], (True, 1), id="floor-at"),
    pytest.param("standard", {"losing_floor": -200}, [-199, 50], (False, None),
                 id="floor-above"),
    # four teams: the highest among the teams above the floor wins
    pytest.param("acorns8", {"losing_floor": -100}, [-150, 40, 90, 10], (True, 2),
                 id="floor-four-teams"),
]


@pytest.mark.parametrize("preset,options,totals,want", END_ROWS)
def test_game_outcome_table(preset: str, options: dict[str, Any], totals: list[int],
                            want: tuple[bool, int | None]) -> None:
    out = game_outcome(RuleSet.preset(preset, options), totals)
    assert (out.over, out.winner) == want
    assert out.reason
