"""The numpy batch path agrees with the engine: every sampled hand, replayed from its record,
has the same tricks, trick winners, superior trump and scores."""
from __future__ import annotations

import numpy as np
import pytest

from spades_lab.core.records import replay
from spades_lab.core.rules import RuleSet
from spades_lab.play.batch import play_random_hands

CONFIGS = [
    ("standard", {}),
    ("standard", {"failed_nil_tricks": "count_toward_bid", "bag_limit": 5, "bag_penalty": 50}),
    ("online", {}),
    ("online", {"bag_limit": 5, "bag_penalty": 50}),
    ("original", {}),
    ("original", {"bag_limit": None}),
    ("acorns", {}),
    ("acorns", {"travelers_hunters": True}),
    ("acorns", {"travelers_hunters": True, "th_low": True,
                "failed_nil_tricks": "count_toward_bid"}),
    ("acorns8", {}),
    ("acorns8", {"travelers_hunters": True, "teams": "fours"}),
]
LETTER = {1: "S", 16: "A"}


def check_hand(res, i: int) -> None:
    rr = replay(res.record(i))
    h = rr.hands[0]
    game_hand = rr.game.hands[0]
    assert h.complete
    assert list(h.taken) == res.taken[i].tolist()
    assert [t.winner for t in game_hand.tricks] == res.winners[i].tolist()
    if res.rules.acorns:
        assert h.superior_trump == LETTER.get(int(res.superior[i]))
        if h.superior_set_at is not None:
            assert h.superior_set_at == (int(res.superior_trick[i]), int(res.superior_seat[i]))
    for t, ts in enumerate(h.teams):
        assert ts.bid == res.team_bid[i, t]
        assert ts.tricks == res.team_tricks[i, t]
        assert ts.made == bool(res.team_made[i, t])
        assert ts.points == res.team_points[i, t]
        assert ts.bags_added == res.bags_added[i, t]
        assert ts.bag_penalty == res.bag_penalty[i, t]
        assert ts.hand_score == res.hand_score[i, t]
        assert ts.total == res.total[i, t]
        assert ts.bags == res.bags[i, t]
        for nr in ts.nils:
            assert nr.made == bool(res.nil_made[i, nr.seat])
            assert nr.points == res.nil_points[i, nr.seat]


@pytest.mark.parametrize("name,opts", CONFIGS)
def test_batch_hands_replay_identically(name: str, opts: dict) -> None:
    rules = RuleSet.preset(name, opts)
    # high nil and blind rates so that nils, blind nils and exchanges are all exercised
    res = play_random_hands(rules, 160, seed=11, nil_rate=0.3, blind_rate=0.15)
    assert res.taken.sum(axis=1).tolist() == [rules.hand_size] * 160
    for i in range(0, 160, 4):
        check_hand(res, i)
    if rules.blind_exchange and any(hi for _, (lo, hi) in rules.blind_exchange) and \
            rules.blind_nil_deficit is None:
        assert any(res.exchanges), "no exchange was exercised"
        for i in [j for j, x in enumerate(res.exchanges) if x][:10]:
            check_hand(res, i)


def test_default_policy_sample_every_preset() -> None:
    for name in ("standard", "online", "original", "acorns", "acorns8"):
        res = play_random_hands(name, 300, seed=5)
        for i in range(0, 300, 15):
            check_hand(res, i)


def test_start_scores_and_online_blind_nil() -> None:
    # North/South trail by 150: online lets them bid blind nil (with a 2-card exchange)
    start = {"scores": [100, 250], "bags": [9, 4]}
    res = play_random_hands("online", 200, seed=2, blind_rate=0.5, start=start)
    blind = [i for i in range(200) if any(res.bid_of(i, s).blind for s in (0, 2))]
    assert blind and not any(res.bid_of(i, s).blind for i in range(200) for s in (1, 3))
    for i in blind[:15] + list(range(0, 200, 20)):
        check_hand(res, i)


def test_same_seed_same_hands_however_split() -> None:
    a = play_random_hands("acorns", 96, seed=7, chunk=32)
    b = play_random_hands("acorns", 96, seed=7, chunk=32)
    assert np.array_equal(a.plays, b.plays) and np.array_equal(a.hand_score, b.hand_score)
    tail = play_random_hands("acorns", 64, seed=7, chunk=32, first_index=32)
    assert np.array_equal(a.plays[32:], tail.plays)
    assert np.array_equal(a.deal[32:], tail.deal)
    other = play_random_hands("acorns", 96, seed=8, chunk=32)
    assert not np.array_equal(a.plays, other.plays)


def test_random_play_is_spread_over_the_legal_cards() -> None:
    # with no rule preferring a trump, Spades and Acorns end superior about equally often
    res = play_random_hands("acorns", 4096, seed=3)
    share = float((res.superior == 1).mean())
    assert 0.45 < share < 0.55
    # and the first lead of a standard hand is each non-trump card about equally often
    std = play_random_hands("standard", 8192, seed=3)
    first = std.plays[:, 0]
    assert not np.isin(first, np.arange(13)).any()  # Spades (cards 0-12) are never led first
    counts = np.bincount(first, minlength=52)[13:]
    assert counts.min() > 0.6 * counts.mean()


def test_to_frame_columns() -> None:
    df = play_random_hands("acorns", 50, seed=1).to_frame()
    for col in ("preset", "bid_0", "tricks_3", "team1_hand_score", "superior", "ace_flips",
                "nil_made_2", "index"):
        assert col in df
    assert (df[[f"tricks_{s}" for s in range(4)]].sum(axis=1) == 32).all()
