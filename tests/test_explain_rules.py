"""The explanation lines of issue 23's audit gaps (spades_lab.teach.explain): each rule that
decides something in a hand has a line tagged with its id, on a curated scenario that shows it
(data/scenarios/README.md), and no line where the rule decides nothing.  The ids are in the
teachers' rendering, never in the learners' words.

- the end of a game (``target-reached``, ``highest-tie``, ``losing-floor``, ``below-target``;
  with the house rules ``hand-limit``, ``tie-break``), read from
  :func:`spades_lab.core.scoring.game_outcome`'s ``Outcome.rule``;
- a hand's opening: the dealer (``dealer-rotation`` after the first hand), the blind exchanges
  (``blind-exchange``, ``full-nil-exchange``), the first lead (``first-lead``);
- a trick in which both trumps are first broken (``both-trumps-broken``) and one whose winner
  the Travelers/Hunters rank order decides (``th-rank``);
- the bags line when bags carry no penalty (``bags-off``).
"""
from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from conftest import ROOT
from spades_lab.core.cards import SUIT_BITS
from spades_lab.core.engine import Hand, trump_states
from spades_lab.core.records import load_record, replay
from spades_lab.core.rules import RuleSet
from spades_lab.core.scoring import OUTCOME_RULES, game_outcome
from spades_lab.core.tricks import trick_winner
from spades_lab.teach.explain import explain_hand, explain_score, explain_trick
from spades_lab.words.said import Said, learner, teacher

DIR = ROOT / "data" / "scenarios"
NEW_IDS = ("target-reached", "highest-tie", "losing-floor", "below-target", "first-lead",
           "blind-exchange", "dealer-rotation", "both-trumps-broken", "th-rank", "bags-off",
           "full-nil-exchange", "hand-limit", "tie-break")


def hands(name: str | Path) -> list[Hand]:
    return replay(DIR / name if isinstance(name, str) else name).game.hands


def tagged(lines: Any, rule: str) -> list[Said]:
    return [s for s in lines if rule in s.rules]


def opening(h: Hand) -> list[Said]:
    """The lines before the first empty line of the hand's account."""
    said = list(explain_hand(h).said)
    return said[:said.index(Said(""))] if Said("") in said else said


# ---------------------------------------------------------------------------- the end


@pytest.mark.parametrize(("name", "rule", "over"), [
    ("std_game_over.json", "target-reached", True),
    ("online_game_over.json", "target-reached", True),
    ("std_short_game_200.json", "target-reached", True),
    ("acorns8_short_game_200.json", "target-reached", True),
    ("std_tie_at_target.json", "highest-tie", False),
    ("std_losing_floor.json", "losing-floor", True),
    ("std_bid_made_with_bags.json", "below-target", False),
    # house rules: scoring
    ("std_house_hand_limit.json", "hand-limit", False),
    ("std_house_tie_made_bid.json", "tie-break", True),
])
def test_the_end_of_game_line_names_the_rule_that_decided_it(name: str, rule: str,
                                                             over: bool) -> None:
    h = hands(name)[-1]
    assert h.outcome is not None and h.outcome.rule == rule
    if rule != "hand-limit":
        assert h.outcome.over is over
    else:  # the game ends after its last hand, not before
        assert h.outcome.over and all(not x.outcome.over for x in hands(name)[:-1]
                                      if x.outcome is not None)
    end = explain_score(h).said[-1]
    assert end.rules == (rule,) and end.words.startswith("After the hand: ")
    assert f"[{rule}]" in teacher(end) and rule not in learner(end)
    # one end line per hand, and the other end rules are not named
    assert [s.rules for s in explain_score(h).said if set(s.rules) & set(OUTCOME_RULES)] == \
        [(rule,)]


def test_every_hand_of_a_game_names_its_end_rule() -> None:
    game = hands("acorns_game_superiority_resets.json")
    rules = [h.outcome.rule for h in game if h.outcome is not None]
    assert rules == ["below-target"] * (len(game) - 1) + ["target-reached"]
    for h in game:
        assert explain_score(h).said[-1].rules == (h.outcome.rule,)  # type: ignore[union-attr]


@pytest.mark.parametrize(("totals", "options", "rule", "over"), [
    ([520, 300], {}, "target-reached", True),
    ([499, 300], {}, "below-target", False),
    ([510, 510], {}, "highest-tie", False),
    ([510, 500], {}, "target-reached", True),
    ([-200, 100], {"losing_floor": -200}, "losing-floor", True),
    ([-250, -250], {"losing_floor": -200}, "highest-tie", False),  # none above: tied
    ([510, 510], {"tie_break": "fewer_bags"}, "highest-tie", False),  # no last hand: plays on
])
def test_game_outcome_names_its_rule(totals: list[int], options: dict[str, Any], rule: str,
                                     over: bool) -> None:
    oc = game_outcome(RuleSet.preset("standard", **options), totals)
    assert (oc.rule, oc.over) == (rule, over) and oc.rule in OUTCOME_RULES
    assert oc.to_dict()["rule"] == rule


# ---------------------------------------------------------------------------- the opening


def test_the_dealer_line_names_the_rotation_after_the_first_hand() -> None:
    game = hands("std_dealer_rotates.json")
    assert [h.dealer for h in game] == [0, 1, 2]
    first = opening(game[0])[0]
    assert first.words == "Hand 1: North deals" and first.rules == ()
    for h, before in zip(game[1:], ("North", "East"), strict=True):
        (line,) = tagged(opening(h), "dealer-rotation")
        assert line == opening(h)[0]
        assert line.words.startswith(f"Hand {h.index + 1}: {h.seat_name(h.dealer)} deals")
        assert f"from {before}, who dealt hand {h.index}" in line.words
    # a one-hand record: no rotation decided anything
    assert not tagged(explain_hand(hands("std_game_over.json")[0]).said, "dealer-rotation")


@pytest.mark.parametrize(("name", "leaders", "why"), [
    ("std_dealer_rotates.json", ["East", "South", "West"], "the player on the dealer's left"),
    ("online_blind_nil_exchange.json", ["North"], "the dealer leads first"),
])
def test_the_first_lead_line_names_who_leads_and_why(name: str, leaders: list[str],
                                                     why: str) -> None:
    game = hands(name)
    for h, who in zip(game, leaders, strict=True):
        assert h.seat_name(h.tricks[0].leader) == who
        (line,) = tagged(opening(h), "first-lead")
        assert line.words.startswith(f"{who} leads the first trick: ") and why in line.words
        assert f"(first_lead = {h.rules.first_lead})" in teacher(line)
        assert "first-lead" not in learner(line) and "first_lead" not in learner(line)


@pytest.mark.parametrize("name", ["online_blind_not_allowed.json", "std_house_nil_off.json"])
def test_no_first_lead_or_exchange_line_during_the_bidding(name: str) -> None:
    h = hands(name)[-1]
    lines = opening(h)
    assert len(lines) == 3 and lines[0].words.startswith("Hand 1: ")
    # the cards are dealt: their count is said, and who bids first
    assert [x.rules for x in lines[1:]] == [("deal-size",), ("not-your-turn",)]
    assert not tagged(lines, "first-lead") and not tagged(lines, "blind-exchange")


@pytest.mark.parametrize(("name", "order"), [
    ("std_dealer_rotates.json", "East, South, West, North"),
    ("online_blind_nil_exchange.json", "East, South, West, North"),
    ("std_house_cutthroat.json", None),
])
def test_the_opening_says_who_bids_first_and_the_order(name: str, order: str | None) -> None:
    """Every hand's opening names the engine's first bidder (on the dealer's left) and the
    order once around the table, one name a player."""
    for h in hands(name):
        (line,) = tagged(opening(h), "not-your-turn")
        first = h.seat_name(h.first_bidder)
        assert h.first_bidder == (h.dealer + 1) % h.rules.players
        assert line.words.startswith(f"{first} bids first, on the dealer's left")
        names = line.words.rpartition(": ")[2].split(", ")
        assert len(names) == h.rules.players and names[0] == first
        if order is not None and h.index == 0:
            assert line.words.endswith(order)
        assert "not-your-turn" not in learner(line)


@pytest.mark.parametrize(("name", "rule", "says"), [
    ("online_blind_nil_exchange.json", "blind-exchange",
     "South passes exactly 2 cards face down to North, who passes as many back: South passed "
     "2 cards and North passed 2 back"),
    ("original_blind_nil_up_to_3.json", "blind-exchange", "up to 3 cards"),
    ("acorns_blind_nil_spades_trade_3.json", "blind-exchange", "Blind Nil Spades"),
    ("acorns8_blind_exchange.json", "blind-exchange", "face down to Northeast"),
    ("acorns_blind_full_nil_exchange.json", "full-nil-exchange",
     "West bid Blind Full Nil before looking, so West passes up to 6 cards"),
    ("std_blind_nil.json", "blind-exchange", "no cards are exchanged after a blind Nil"),
    ("original_both_partners_blind.json", "blind-exchange",
     "East and West both bid blind (Blind Nil, Blind Nil): when both partners bid blind, no "
     "cards are exchanged"),
])
def test_each_blind_nil_type_bid_says_what_it_exchanges(name: str, rule: str, says: str) -> None:
    h = hands(name)[0]
    blinds = [s for s, b in enumerate(h.bids) if b is not None and b.blind and b.nil]
    lines = tagged(opening(h), rule)
    assert len(lines) == 1 and says in lines[0].words, [s.words for s in opening(h)]
    # the line agrees with the exchanges the engine set up and carried out
    passed = [e for e in h.exchanges if e.blind in blinds]
    assert bool(passed) == ("passes" in lines[0].words)
    for e in passed:
        assert e.passed is not None and f"passed {len(e.passed)} " in lines[0].words
    other = "full-nil-exchange" if rule == "blind-exchange" else "blind-exchange"
    assert not tagged(opening(h), other)


def test_no_exchange_line_without_a_blind_nil_type_bid() -> None:
    for name in ("std_bid_made_with_bags.json", "std_nil_made.json",
                 "std_house_nil_exchange.json", "acorns_full_nil.json"):
        h = hands(name)[0]
        assert not any(b is not None and b.blind and b.nil for b in h.bids)
        said = explain_hand(h).said
        assert not tagged(said, "blind-exchange") and not tagged(said, "full-nil-exchange")


# ---------------------------------------------------------------------------- tricks


def _both_first_broken(h: Hand, k: int) -> bool:
    mask = sum(SUIT_BITS[t] for t in h.rules.trumps)
    states = trump_states(h, k)
    return states[0][0] & mask == 0 and states[-1][0] & mask == mask


@pytest.mark.parametrize("name", ["acorns_both_trumps_same_trick.json",
                                  "acorns_superiority_decides.json",
                                  "acorns_game_superiority_resets.json",
                                  "acorns8_blind_exchange.json"])
def test_both_trumps_line_where_both_are_first_broken_in_one_trick(name: str) -> None:
    found = 0
    for h in hands(name):
        for k in range(len(h.tricks)):
            lines = tagged(explain_trick(h, k).said, "both-trumps-broken")
            assert bool(lines) == _both_first_broken(h, k), (name, h.index, k)
            if lines:
                found += 1
                sup = h.tricks[k + 1].superior_before if k + 1 < len(h.tricks) else h.superior
                assert f"so {'Spades' if sup == 'S' else 'Acorns'} are the superior trump" \
                    in lines[0].words
                other = next(t for t in h.rules.trumps if t != sup)
                alt, _ = trick_winner(h.rules, h.tricks[k].plays, other)
                assert ("that decides it" in lines[0].words) == (alt != h.tricks[k].winner)
    if name == "acorns_both_trumps_same_trick.json":
        assert found == 1
    if name == "acorns_superiority_decides.json":
        assert found == 0  # both trumps in the last trick, but broken before it


@pytest.mark.parametrize(("name", "low"), [("acorns_th_low.json", True),
                                           ("acorns_nil_spades_broken_by_traveler.json", False),
                                           ("acorns_superior_set_by_traveler.json", False),
                                           ("acorns8_travelers_hunters.json", False)])
def test_th_rank_line_where_the_rank_order_decides_the_trick(name: str, low: bool) -> None:
    found = 0
    for h in hands(name):
        assert h.rules.th_low is low
        other = h.rules.replace(th_low=not low)
        for k, t in enumerate(h.tricks):
            duals = any(p.card.is_dual for _, p in t.plays)
            superior = trump_states(h, k)[-1][1]  # in force once the trick is complete
            decides = duals and trick_winner(other, t.plays, superior)[0] != t.winner
            lines = tagged(explain_trick(h, k).said, "th-rank")
            assert bool(lines) == decides, (name, k)
            if lines:
                found += 1
                words = lines[0].words
                assert words.startswith("Travelers and Hunters rank " + ("low" if low
                                                                         else "high"))
                assert "th_low" not in learner(lines[0])
                assert f"(th_low = {low})" in teacher(lines[0])
    if name in ("acorns_th_low.json", "acorns_nil_spades_broken_by_traveler.json"):
        assert found == 1


def test_th_rank_line_names_the_orders_of_the_rulings() -> None:
    (h,) = hands("acorns_th_low.json")
    (line,) = tagged(explain_trick(h, len(h.tricks) - 1).said, "th-rank")
    assert "(11 < Traveler < Beast < Hunter < Jack)" in line.words  # RULINGS.md section 5
    (h,) = hands("acorns_nil_spades_broken_by_traveler.json")
    (line,) = [s for k in range(len(h.tricks)) for s in tagged(explain_trick(h, k).said,
                                                                 "th-rank")]
    assert "(Beast < Traveler < Jack < Hunter < Queen)" in line.words
    assert "were they to rank low (11 < Traveler < Beast < Hunter < Jack)" in line.words


# ---------------------------------------------------------------------------- bags off


def _bags_record(bag_limit: int | None) -> dict[str, Any]:
    """std_bag_penalty.json (North/South start on 8 bags and reach 10) with ``bag_limit``."""
    data = copy.deepcopy(load_record(DIR / "std_bag_penalty.json"))
    data["rules"] = {"preset": data["rules"]["preset"],
                     "options": {**data["rules"].get("options", {}), "bag_limit": bag_limit}}
    return data


def test_bags_off_line_where_the_bags_would_have_cost_a_penalty() -> None:
    (h,) = replay(_bags_record(None)).game.hands
    assert h.scores is not None
    sc = explain_score(h)
    for team, ts in zip(sc.teams, h.scores, strict=True):
        crossed = (ts.bags_before + ts.bags_added) // 10 > ts.bags_before // 10
        lines = tagged(team.said, "bags-off")
        assert bool(lines) == crossed, (team.name, ts.bags_before, ts.bags_added)
        if lines:
            (line,) = lines
            assert ts.penalties == 0 and ts.bags == ts.bags_before + ts.bags_added
            assert f"{team.name}'s bags reach {ts.bags} and cost nothing" in line.words
            assert "this hand would cost 100" in line.words
            assert "(bags-off)" in teacher(line) and "(bag_limit = None)" in teacher(line)
            assert "bags-off" not in learner(line) and "bag_limit" not in learner(line)
    assert tagged(sc.said, "bags-off"), "the scenario's bags reach 10 with no penalty"


def test_no_bags_off_line_where_bags_are_counted_or_stay_below_the_limit() -> None:
    (h,) = replay(_bags_record(10)).game.hands
    assert any(ts.penalties for ts in h.scores or ())
    assert not tagged(explain_score(h).said, "bags-off")
    data = _bags_record(None)
    data["start"]["bags"] = [0, 0]
    (h,) = replay(data).game.hands
    assert all(ts.bags < 10 for ts in h.scores or ())
    assert not tagged(explain_score(h).said, "bags-off")


# ---------------------------------------------------------------------------- words


@pytest.mark.parametrize("name", sorted(p.name for p in DIR.glob("*.json")))
def test_the_new_ids_are_for_teachers_only(name: str) -> None:
    for h in hands(name):
        hx = explain_hand(h)
        words, ids = learner(hx), teacher(hx)
        for rule in NEW_IDS:
            assert rule not in words, (name, rule)
        for note in ("first_lead =", "th_low", "bag_limit =", "losing_floor =", "target ="):
            assert note not in words, (name, note)
        assert hx.text == ids
        assert len(words.splitlines()) == len(ids.splitlines())
        # every hand opens with its dealer, and a hand in play or over names its first leader
        assert hx.said[0].words.startswith(f"Hand {h.index + 1}: {h.seat_name(h.dealer)} deals")
        if h.tricks or h.trick:
            assert tagged(opening(h), "first-lead")


def test_the_audit_finds_an_explanation_line_for_each_of_these_rules() -> None:
    """scripts/rule_audit.py's explanation column (issue 23) on the ids these lines close."""
    from test_rule_audit import AUDIT

    ids = NEW_IDS[:11]  # the house rules' two end ids are not among the quiz's topics
    rows = AUDIT.audit(seeds=3, ids=ids)
    assert [(r[0], r[2]) for r in rows] == [(i, True) for i in ids]
