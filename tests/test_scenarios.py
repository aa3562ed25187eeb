"""The curated scenarios of data/scenarios: each replays, and each shows the rule it is named
for, asserted on the structured explanation (rule ids, roles, line items), not on words."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from spades_lab.core.records import load_record, replay
from spades_lab.teach.compare import compare_rules
from spades_lab.teach.explain import (
    explain_bid,
    explain_play,
    explain_score,
    explain_trick,
    trump_timeline,
)

DIR = Path(__file__).resolve().parent.parent / "data" / "scenarios"
README = (DIR / "README.md").read_text(encoding="utf-8")
FILES = sorted(p.name for p in DIR.glob("*.json"))


def game(name: str):  # type: ignore[no-untyped-def]
    return replay(DIR / name).game


def last_trick(name: str):  # type: ignore[no-untyped-def]
    h = game(name).hands[0]
    return h, explain_trick(h, len(h.tricks) - 1)


@pytest.mark.parametrize("name", FILES)
def test_every_scenario_replays_and_keeps_to_the_format(name: str) -> None:
    data = load_record(DIR / name)
    assert set(data) <= {"format", "rules", "players", "start", "hands"}
    r = replay(data)
    json.dumps(r.to_dict())


def test_readme_lists_every_scenario() -> None:
    listed = set(re.findall(r"`([a-z0-9_]+\.json)`", README))
    mine = {f for f in FILES if not f.startswith("demo_")}
    assert mine <= listed, mine - listed
    assert listed <= set(FILES), listed - set(FILES)


def test_std_led_suit_wins() -> None:
    h, t = last_trick("std_led_suit_wins.json")
    assert t.reason == "led-suit-wins" and t.reasons == ("led-suit-wins",)
    assert [s.roles for s in t.steps][1:] == [("followed",)] * 3
    assert explain_play(game("std_led_suit_wins.json"), "AS").rule in (
        "trump-not-broken", "card-not-in-hand", "not-your-turn", None)


def test_std_must_follow() -> None:
    g = game("std_must_follow.json")
    h = g.hand
    led = h.trick[0][1].card.suit
    off = next(c for c in h.hands[h.turn] if c.suit != led)
    ex = explain_play(g, off)
    assert not ex.legal and ex.rule == "must-follow-suit"
    assert ex.evidence["led"] == led
    assert ex.evidence["holding"] == [c.code for c in h.hands[h.turn] if c.suit == led]
    follow = next(c for c in h.hands[h.turn] if c.suit == led)
    assert explain_play(g, follow).basis == "follows-suit"


def test_std_trump_not_broken() -> None:
    g = game("std_trump_not_broken.json")
    h = g.hand
    spade = next(c for c in h.hands[h.turn] if c.suit == "S")
    ex = explain_play(g, spade)
    assert ex.rule == "trump-not-broken"
    assert ex.evidence["unbroken"] == ["S"] and ex.evidence["broken"] == []
    assert ex.evidence["alternatives"]
    other = next(c for c in h.hands[h.turn] if c.suit != "S")
    assert explain_play(g, other).basis == "leads"


def test_std_spades_broken_by_trumping() -> None:
    h, t = last_trick("std_spades_broken_by_trumping.json")
    assert t.reason == "superior-trump-wins" and "broke-trump" in t.reasons
    trumper = next(s for s in t.steps if "trumped" in s.roles)
    assert "broke-trump" in trumper.roles and trumper.played_as == "S"
    assert t.broken_before == () and t.steps[-1].broken == ("S",)
    assert t.winner == trumper.seat
    # now any spade may be led
    g = game("std_spades_broken_by_trumping.json")
    spades = [c for c in g.hand.hands[g.hand.turn] if c.suit == "S"]
    for c in spades:
        assert explain_play(g, c).basis == "leads-broken-trump"


def test_std_only_spades_left() -> None:
    g = game("std_only_spades_left.json")
    ex = explain_play(g, "7S")
    assert ex.legal and ex.basis == "only-unbroken-trumps"
    assert ex.evidence["unbroken"] == ["S"]


def test_std_bid_made_with_bags() -> None:
    sc = explain_score(game("std_bid_made_with_bags.json").hands[0])
    ns = sc.teams[0]
    assert [ln.rule for ln in ns.lines] == ["bid-made", "bags"]
    assert ns.lines[1].bags == ns.bags_added == ns.counted - ns.bid
    assert sc.teams[1].lines[0].rule == "bid-missed"
    assert sc.teams[1].lines[0].points == -10 * sc.teams[1].bid


def test_std_nil_made() -> None:
    sc = explain_score(game("std_nil_made.json").hands[0])
    nil = sc.teams[0].nils[0]
    assert nil.made and nil.points == 100 and nil.seat == 2 and nil.broken_by is None
    assert "nil-made" in [ln.rule for ln in sc.teams[0].lines]


def test_std_failed_nil_bags_only_vs_count_toward_bid() -> None:
    a = explain_score(game("std_failed_nil_bags_only.json").hands[0]).teams[0]
    b = explain_score(game("std_failed_nil_count_toward_bid.json").hands[0]).teams[0]
    fa = next(ln for ln in a.lines if ln.rule == "failed-nil-tricks")
    fb = next(ln for ln in b.lines if ln.rule == "failed-nil-tricks")
    assert fa.option == fb.option == "failed_nil_tricks"
    assert (fa.option_value, fb.option_value) == ("bags_only", "count_toward_bid")
    assert fa.points == fa.bags == a.nils[0].tricks > 0 and fb.points == 0
    assert b.counted == a.counted + a.nils[0].tricks
    nil = a.nils[0]
    assert not nil.made and nil.broken_in_trick is not None and nil.broken_by is not None
    c = compare_rules(DIR / "std_failed_nil_bags_only.json",
                      {"failed_nil_tricks": "count_toward_bid"})
    assert c.same_play
    team = c.hands[0].teams[0]
    assert team.hand_score == (a.hand_score, b.hand_score)


def test_std_blind_nil_has_no_exchange() -> None:
    g = game("std_blind_nil.json")
    h = g.hands[0]
    assert h.exchanges == [] and h.bids[1].blind
    nil = explain_score(h).teams[1].nils[0]
    assert abs(nil.points) == 200


def test_std_bag_penalty() -> None:
    sc = explain_score(game("std_bag_penalty.json").hands[0])
    ns = sc.teams[0]
    pen = next(ln for ln in ns.lines if ln.rule == "bag-penalty")
    assert pen.points == -100 and pen.option == "bag_limit" and pen.option_value == 10
    assert pen.evidence["bags_before"] == 8
    assert ns.bags == 8 + ns.bags_added - 10


def test_online_bag_penalty_fires_twice() -> None:
    sc = explain_score(game("online_bag_penalty_1_5_50.json").hands[0])
    ns = sc.teams[0]
    pen = next(ln for ln in ns.lines if ln.rule == "bag-penalty")
    assert ns.penalties == 2 and pen.points == -100 and pen.option_value == 5
    # 1:10:100 fires once on the same 4 + 6 bags: the same -100, in one penalty
    c = compare_rules(DIR / "online_bag_penalty_1_5_50.json", {"bag_limit": 10,
                                                              "bag_penalty": 100})
    t = c.hands[0].teams[0]
    assert c.same_play and t.hand_score[0] == t.hand_score[1]
    assert c.b.hands[0].teams[0].bags == 0
    # without a bag penalty the count is still kept: 10 bags, 100 points better
    c = compare_rules(DIR / "online_bag_penalty_1_5_50.json", {"bag_limit": None})
    t = c.hands[0].teams[0]
    assert t.hand_score[1] - t.hand_score[0] == 100 and t.bags == (0, 10)
    assert any(r.rule == "bag-penalty" and r.b is None for r in t.rows)


def test_online_blind_nil_exchange() -> None:
    g = game("online_blind_nil_exchange.json")
    h = g.hands[0]
    e = h.exchanges[0]
    assert (e.blind, e.partner) == (2, 0) and len(e.passed) == len(e.returned) == 2
    assert h.tricks[0].leader == h.dealer  # online: the dealer leads


def test_online_blind_not_allowed() -> None:
    g = game("online_blind_not_allowed.json")
    ex = explain_bid(g, "blind nil")
    assert ex.rule == "blind-not-allowed" and ex.evidence["trailing_by"] == 30
    assert explain_bid(g, "nil").legal


def test_original_blind_nil_up_to_3() -> None:
    h = game("original_blind_nil_up_to_3.json").hands[0]
    assert len(h.exchanges[0].passed) == 3 and h.bids[1].blind


def test_std_game_over_and_tie_and_floor() -> None:
    sc = explain_score(game("std_game_over.json").hands[0])
    assert sc.over and sc.winner == 0 and sc.teams[0].total >= 500
    g = game("std_tie_at_target.json")
    sc = explain_score(g.hands[0])
    assert not sc.over and sc.teams[0].total == sc.teams[1].total >= 500
    assert max(g.start_scores) < 500  # the game was not over before the hand
    sc = explain_score(game("std_losing_floor.json").hands[0])
    assert sc.over and sc.winner == 1 and sc.teams[0].total <= -200


def test_acorns_ace_flips() -> None:
    h, t = last_trick("acorns_ace_flips.json")
    flip = next(s for s in t.steps if s.ace_flipped)
    assert t.ace == "high" and "ace-high" in t.reasons and t.ace_face == flip.card
    ace_seat = next(s.seat for s in t.steps if s.card.startswith("A") and s.card != "A")
    assert t.winner == ace_seat
    before = t.steps[flip.index - 1]
    assert before.ace_high is False and flip.ace_high is True


def test_acorns_ace_low() -> None:
    h, t = last_trick("acorns_ace_low.json")
    assert t.ace == "low" and "ace-low" in t.reasons and t.ace_face is None
    assert t.steps[0].card[0] == "A" and t.winner != t.leader


def test_acorns_superior_set_by_traveler() -> None:
    h = game("acorns_superior_set_by_traveler.json").hands[0]
    tl = trump_timeline(h)
    b = tl.breaks[0]
    assert b.declared and b.superior and tl.superior == b.suit
    assert tl.superior_set_at == (b.trick, b.seat)
    t = explain_trick(h, b.trick)
    step = next(s for s in t.steps if s.seat == b.seat)
    assert {"declared-suit", "broke-trump", "superior-trump-set", "trumped"} <= set(step.roles)


def test_acorns_inferior_trump_wins() -> None:
    h, t = last_trick("acorns_inferior_trump_wins.json")
    assert t.reason == "inferior-trump-wins"
    win = next(s for s in t.steps if s.seat == t.winner)
    assert win.played_as != t.superior and win.played_as in ("S", "A")


def test_acorns_superiority_decides() -> None:
    h = game("acorns_superiority_decides.json").hands[0]
    tl = trump_timeline(h)
    d = tl.decided[-1]
    assert d.trick == len(h.tricks) - 1 and d.winner != d.would_win
    assert h.tricks[d.trick].winner == d.winner


def test_acorns_both_trumps_same_trick() -> None:
    h, t = last_trick("acorns_both_trumps_same_trick.json")
    tl = trump_timeline(h)
    first, second = tl.breaks
    assert first.trick == second.trick == t.trick
    assert first.superior and not second.superior and tl.superior == first.suit
    assert t.reason == "superior-trump-wins"


def test_acorns_nil_spades_broken_by_traveler() -> None:
    h = game("acorns_nil_spades_broken_by_traveler.json").hands[0]
    nil = explain_score(h).teams[0].nils[0]
    assert not nil.made and nil.bid == "nil spades + 3"
    assert nil.broken_by is not None and nil.broken_by[0] in "TH" and "S" in nil.broken_by[1:]
    assert h.tricks[nil.broken_in_trick].winner == 0


def test_acorns_blind_full_nil_exchange() -> None:
    h = game("acorns_blind_full_nil_exchange.json").hands[0]
    assert len(h.exchanges[0].passed) == 6 and h.bids[3].is_full_nil and h.bids[3].blind
    nil = explain_score(h).teams[1].nils[0]
    assert abs(nil.points) == 480


def test_acorns_th_low_changes_the_winner() -> None:
    h, t = last_trick("acorns_th_low.json")
    beast = next(s for s in t.steps if s.card.startswith("B"))
    trav = next(s for s in t.steps if s.card.startswith("T"))
    assert t.winner == beast.seat and "played-as-led-suit" in trav.roles
    c = compare_rules(DIR / "acorns_th_low.json", {"th_low": False})
    assert c.b.hands[0].trick_winners[t.trick] == trav.seat
    assert c.a.hands[0].trick_winners[t.trick] == beast.seat


def test_acorns_bad_declaration() -> None:
    g = game("acorns_bad_declaration.json")
    h = g.hand
    led = h.trick[0][1].suit
    dual = next(c for c in h.hands[h.turn] if c.is_dual and led in c.suits)
    other = next(s for s in dual.suits if s != led)
    ex = explain_play(g, dual, other)
    assert ex.rule == "bad-declaration" and ex.evidence["led"] == led
    assert explain_play(g, dual).basis == "follows-suit"


def test_acorns_zero_bid() -> None:
    sc = explain_score(game("acorns_zero_bid.json").hands[0])
    ew = sc.teams[1]
    assert ew.bid == 0 and ew.made and ew.lines[0].points == 0
    assert ew.bags_added == ew.counted


def test_acorns8_fours_and_pairs() -> None:
    g = game("acorns8_fours.json")
    assert g.rules.team_seats == ((0, 2, 4, 6), (1, 3, 5, 7))
    sc = explain_score(g.hands[0])
    assert len(sc.teams) == 2 and sc.teams[0].tricks_by_seat.keys() == {0, 2, 4, 6}
    sc = explain_score(game("acorns8_pairs_half_nil.json").hands[0])
    assert len(sc.teams) == 4
    nil = sc.teams[0].nils[0]
    assert nil.made and nil.points == 50 and nil.seat == 4


def test_start_totals_never_begin_a_finished_game() -> None:
    for name in FILES:
        g = game(name)
        floor = g.rules.losing_floor
        assert max(g.start_scores) < g.rules.target, name
        assert floor is None or min(g.start_scores) > floor, name


def test_std_both_partners_nil() -> None:
    g = game("std_both_partners_nil.json")
    ts = g.hands[0].scores[0]
    assert [n.seat for n in ts.nils] == [0, 2] and ts.bid == 0 and ts.made
    assert {n.made for n in ts.nils} == {True, False}  # each nil is scored on its own
    sc = explain_score(g.hands[0]).teams[0]
    assert {ln.rule for ln in sc.lines} >= {"nil-made", "nil-failed"}


def test_original_both_partners_blind_exchange_nothing() -> None:
    g = game("original_both_partners_blind.json")
    h = g.hands[0]
    assert [b.blind for b in h.bids if b.nil] == [True, True]
    assert h.rules.partner(1) == 3 and not h.exchanges
    assert "exchange" not in load_record(DIR / "original_both_partners_blind.json")["hands"][0]


@pytest.mark.parametrize(("name", "suit"), [("acorns_blind_nil_spades_trade_3.json", "S"),
                                            ("acorns_blind_nil_acorns_trade_3.json", "A")])
def test_acorns_blind_partial_nil_trades_3(name: str, suit: str) -> None:
    h = game(name).hands[0]
    (ex,) = h.exchanges
    assert (ex.lo, ex.hi) == (0, 3) and len(ex.passed) == len(ex.returned) == 3
    bid = h.bids[ex.blind]
    assert bid.blind and bid.nil_suit == suit
    (nil,) = [n for t in explain_score(h).teams for n in t.nils]
    assert abs(nil.points) == 200  # doubled when blind
    assert "doubled" in nil.text


def test_acorns_nil_acorns_and_full_nil() -> None:
    h = game("acorns_nil_acorns.json").hands[0]
    (nil,) = explain_score(h).teams[1].nils
    assert not nil.made and nil.points == -100 and nil.broken_by.endswith("A")
    assert h.bids[1].tricks == 2  # the partial nil keeps an ordinary bid
    h = game("acorns_full_nil.json").hands[0]
    (nil,) = explain_score(h).teams[0].nils
    assert nil.made and nil.points == 240 and not h.bids[2].blind and h.taken[2] == 0


def test_acorns_game_superiority_resets_each_deal() -> None:
    g = game("acorns_game_superiority_resets.json")
    assert g.rules.target == 1000 and g.over and len(g.hands) >= 2
    assert max(g.start_scores) < 1000
    sups = [trump_timeline(h).superior for h in g.hands]
    assert sups[0] != sups[1] and all(s in ("S", "A") for s in sups)
    for h in g.hands:  # each deal starts with no trump broken
        first = explain_trick(h, 0)
        assert first.broken_before == ()


def test_acorns8_travelers_hunters() -> None:
    g = game("acorns8_travelers_hunters.json")
    h = g.hands[0]
    assert g.rules.players == 8 and g.rules.deck.travelers_hunters and g.rules.hand_size == 17
    roles = {r for t in h.tricks for st in explain_trick(h, t.index).steps for r in st.roles}
    assert {"declared-suit", "played-as-led-suit"} <= roles


def test_acorns8_blind_exchange_with_the_player_opposite() -> None:
    h = game("acorns8_blind_exchange.json").hands[0]
    (ex,) = h.exchanges
    assert ex.partner == (ex.blind + 4) % 8 and len(ex.passed) == len(ex.returned) >= 2
    (nil,) = [n for t in explain_score(h).teams for n in t.nils]
    assert abs(nil.points) == 100 and "half of 100" in nil.text and "doubled" in nil.text


# ---------------------------------------------------------------------------- cited records

ROOT = DIR.parent.parent
CITING = sorted((ROOT / "notebooks").glob("*.ipynb")) + sorted((ROOT / "docs" / "teachers").glob(
    "*.md"))
EXAMPLES = {"my_scenario"}  # a file name a notebook tells the reader to write


def _cited(path: Path) -> set[str]:
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".ipynb":  # the cells' own text, not the JSON around it
        text = "\n".join("".join(c["source"]) for c in json.loads(text)["cells"])
    names = set(re.findall(r"([a-z0-9_]+)\.json", text))
    # the course outline names scenarios without the suffix, in backticks
    names |= set(re.findall(r"`((?:std|online|original|acorns8?|demo)_[a-z0-9_]+)`", text))
    return names - EXAMPLES


@pytest.mark.parametrize("path", CITING, ids=[p.name for p in CITING])
def test_every_record_a_lesson_cites_exists_and_replays(path: Path) -> None:
    names = _cited(path)
    assert names or path.name.startswith(("07_", "08_")), f"{path.name} cites no record"
    for name in sorted(names):
        found = [d / f"{name}.json" for d in (DIR, ROOT / "data" / "course")
                 if (d / f"{name}.json").is_file()]
        assert found, f"{path.name} cites {name}.json: not in data/scenarios or data/course"
        replay(found[0])


def test_the_lessons_use_the_new_scenarios() -> None:
    cited = set().union(*(_cited(p) for p in CITING))
    for name in ("std_both_partners_nil", "original_both_partners_blind",
                 "acorns_blind_nil_spades_trade_3", "acorns_nil_acorns", "acorns_full_nil",
                 "acorns_game_superiority_resets", "acorns8_travelers_hunters",
                 "acorns8_blind_exchange", "std_tie_at_target",
                 "acorns_nil_spades_broken_by_traveler"):
        assert name in cited, name


def test_the_course_outline_names_the_scenarios_each_notebook_uses() -> None:
    """Notebook 00's outline: notebook -> what it teaches -> which scenarios; each scenario
    listed for a notebook is cited in that notebook."""
    nb = (ROOT / "notebooks" / "00_start_here.ipynb").read_text(encoding="utf-8")
    rows = re.findall(r"\| [^|\n]+ \| `(\d\d_[a-z_]+)` \| [^|\n]+ \| ([^|\n]+) \|", nb)
    assert len(rows) == len(list((ROOT / "notebooks").glob("*.ipynb"))), rows
    for notebook, cell in rows:
        text = (ROOT / "notebooks" / f"{notebook}.ipynb").read_text(encoding="utf-8")
        for name in re.findall(r"`([a-z0-9_]+)`", cell):
            assert f"{name}.json" in text or notebook == "10_teachers_guide", (notebook, name)


# ---------------------------------------------------------------------------- the rule audit


def test_std_bags_off() -> None:
    h = game("std_bags_off.json").hands[0]
    ns = h.scores[0]
    assert h.rules.bag_limit is None and ns.penalties == 0
    assert ns.bags_before == 8 and ns.bags_added == 3 and ns.bags == 11  # still counted
    penalised = game("std_bag_penalty.json").hands[0].scores[0]  # the same hand, 1:10:100
    assert penalised.penalties == 1 and penalised.bags_added == ns.bags_added
    assert "bags-off" in [r for s in explain_score(h).said for r in s.rules]


def test_original_short_game_200() -> None:
    g = game("original_short_game_200.json")
    assert g.rules.name == "original" and g.rules.target == 200 and len(g.hands) == 1
    totals = [t.total for t in g.hands[0].scores]
    assert g.over and g.outcome.winner == 0 and totals[0] >= 200 > totals[1]
    assert explain_score(g.hands[0]).said[-1].rules == ("target-reached",)


def test_acorns_trump_not_broken() -> None:
    g = game("acorns_trump_not_broken.json")
    h = g.hand
    assert h.is_broken("S") and not h.is_broken("A") and not h.trick
    mine = h.hands[h.turn]
    acorn = next(c for c in mine if c.suit == "A")
    ex = explain_play(g, acorn)
    assert ex.rule == "trump-not-broken" and ex.evidence["unbroken"] == ["A"]
    assert explain_play(g, next(c for c in mine if c.suit == "S")).basis == "leads-broken-trump"
    assert explain_play(g, next(c for c in mine if c.suit not in "SA")).basis == "leads"


def test_online_exchange_owed() -> None:
    from spades_lab.teach.explain import explain_exchange

    g = game("online_exchange_owed.json")
    h = g.hand
    (e,) = h.exchanges
    assert g.phase == "exchange" and e.passed is not None and e.returned is None
    north = e.partner
    assert h.awaiting() == [north] and len(h.hands[north]) == 15
    received = [c.code for c in e.passed]
    assert explain_exchange(g, north, received).legal  # any cards held, the ones just received
    three = [c.code for c in h.hands[north]][:3]
    assert explain_exchange(g, north, three).rule == "exchange-invalid"
    assert explain_play(g, h.hands[north][0], seat=north).rule == "wrong-phase"


def test_acorns_one_nil_per_player() -> None:
    g = game("acorns_one_nil_per_player.json")
    h = g.hand
    assert g.phase == "bidding" and h.seat_name(h.turn) == "South"
    for two in ("nil spades + nil acorns", "nil acorns nil spades"):
        ex = explain_bid(g, two)
        assert ex.rule == "bid-not-allowed" and "only one nil-type bid" in ex.text
    assert explain_bid(g, "nil").rule == explain_bid(g, "blind nil").rule == "bid-not-allowed"
    assert explain_bid(g, "nil acorns + 2").legal


def test_std_game_over_refuses_a_card_after_the_end() -> None:
    g = game("std_game_over.json")
    assert g.over and explain_play(g, "AS").rule == "wrong-phase"


def test_online_blind_not_allowed_only_the_seat_to_bid_may_bid() -> None:
    g = game("online_blind_not_allowed.json")
    h = g.hand
    assert h.turn == 2  # South: bidding goes once around from the dealer's left
    for seat in (0, 1, 3):
        assert explain_bid(g, 3, seat=seat).rule == "not-your-turn"
