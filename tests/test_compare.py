"""Same deal, other rules; and the pandas tables."""
from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from spades_lab import Game, RuleSet
from spades_lab.core.engine import Hand
from spades_lab.core.errors import RuleError
from spades_lab.core.records import replay
from spades_lab.core.scoring import score_hand
from spades_lab.play.players import SimplePlayer, play_hand
from spades_lab.teach.compare import compare_rules

DIR = Path(__file__).resolve().parent.parent / "data" / "scenarios"


def _record(rules: RuleSet, seed: int, hands: int = 2):  # type: ignore[no-untyped-def]
    g = Game(rules)
    rng = random.Random(seed)
    for _ in range(hands):
        play_hand(g, [SimplePlayer()] * rules.players, rng)
    return g.to_record()


@pytest.mark.parametrize("opts", [
    {"failed_nil_tricks": "count_toward_bid"},
    {"bag_limit": 5, "bag_penalty": 50},
    {"bag_limit": None},
    {"target": 200},
])
def test_scoring_options_keep_the_play_and_match_the_engine(opts: dict) -> None:
    rec = _record(RuleSet.preset("standard"), seed=11, hands=3)
    c = compare_rules(rec, opts)
    assert c.same_play and not c.divergences_a and not c.divergences_b
    rules_b = RuleSet.preset("standard", opts)
    g = replay(rec).game
    bags, totals = list(g.start_bags), list(g.start_scores)
    for hc, h in zip(c.hands, g.hands, strict=False):
        if hc.hand >= len(c.b.hands) or c.b.hands[hc.hand].teams == ():
            break  # B's game ended earlier (target 200)
        bids = list(h.bids)
        want = score_hand(rules_b, bids, h.taken, h.won, bags, totals)
        for tc, ws in zip(hc.teams, want, strict=True):
            assert tc.hand_score[1] == ws.hand_score and tc.total[1] == ws.total
            assert [r.b.points for r in tc.rows if r.b] == [i.points for i in ws.items]
            assert sum(r.a.points for r in tc.rows if r.a) == tc.hand_score[0]
        bags = [s.bags for s in want]
        totals = [s.total for s in want]


def test_identity_comparison() -> None:
    rec = _record(RuleSet.preset("acorns"), seed=3, hands=1)
    c = compare_rules(rec, {})
    assert c.same_play and c.a == c.b
    assert all(r.points[0] == r.points[1] for h in c.hands for t in h.teams for r in t.rows)


def test_th_low_may_change_the_play() -> None:
    rules = RuleSet.preset("acorns", travelers_hunters=True)
    changed = 0
    for seed in range(6):
        rec = _record(rules, seed=seed, hands=1)
        c = compare_rules(rec, {"th_low": True})
        if not c.same_play:
            changed += 1
            h = c.hands[0]
            assert h.taken[0] != h.taken[1] or c.divergences_b or \
                c.a.hands[0].trick_winners != c.b.hands[0].trick_winners
        assert c.b.hands[0].complete
    assert changed >= 1


def test_deck_change_is_refused() -> None:
    rec = _record(RuleSet.preset("acorns", travelers_hunters=True), seed=1, hands=1)
    with pytest.raises(RuleError) as e:
        compare_rules(rec, {"travelers_hunters": False})
    assert e.value.rule == "bad-record"
    with pytest.raises(RuleError) as e:
        compare_rules(rec, {"no_such_option": 1})
    assert e.value.rule == "bad-option"


def test_comparison_words_and_dict() -> None:
    c = compare_rules(DIR / "std_failed_nil_bags_only.json",
                      {"failed_nil_tricks": "count_toward_bid"})
    d = c.to_dict()
    assert d["same_play"] and d["rules_b"]["options"] == {"failed_nil_tricks":
                                                          "count_toward_bid"}
    assert ("After a failed nil (Nil, blind or not), the bidder's tricks count toward the "
            "partnership's bid.") \
        in c.text and "<-" in c.text


def test_tables() -> None:
    pd = pytest.importorskip("pandas")
    from spades_lab.teach.tables import comparison_table, line_items, scores_table, trick_log
    rules = RuleSet.preset("standard")
    g = Game(rules)
    rng = random.Random(9)
    for _ in range(2):
        play_hand(g, [SimplePlayer()] * 4, rng)
    tl = trick_log(g.hands[0])
    assert isinstance(tl, pd.DataFrame) and len(tl) == 52
    winners = tl[tl.won_trick].sort_values("trick")["seat"].tolist()
    assert winners == [t.winner for t in g.hands[0].tricks]
    st = scores_table(g)
    assert len(st) == 4 and st.groupby("team")["hand_score"].sum().tolist() == g.totals
    li = line_items(g)
    assert li.groupby(["hand", "team"])["points"].sum().tolist() == st["hand_score"].tolist()
    c = compare_rules(g.to_record(), {"bag_limit": 5, "bag_penalty": 50})
    ct = comparison_table(c)
    hs = ct[ct.rule == "hand-score"]
    assert hs["a"].tolist() == st["hand_score"].tolist()


def test_core_import_does_not_load_pandas() -> None:
    code = ("import spades_lab, spades_lab.teach.explain, spades_lab.teach.whatif, "
            "spades_lab.teach.compare, spades_lab.teach.tables, spades_lab.cli.explain, sys; "
            "assert not {'pandas', 'matplotlib', 'ipywidgets'} & set(sys.modules)")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_other_partnerships_are_refused() -> None:
    """acorns8 with ``teams`` changed pairs the players differently: team 0 under one is not
    team 0 under the other, so the side-by-side is refused with a typed error."""
    from spades_lab.core.errors import OptionError
    from spades_lab.teach.whatif import what_if

    rec = DIR.parent / "course" / "acorns8_pairs.json"
    with pytest.raises(OptionError) as e:
        compare_rules(rec, {"teams": "fours"})
    assert e.value.rule == "bad-option" and "pair the players differently" in e.value.message
    assert "teams = pairs" in e.value.message and "teams = fours" in e.value.message
    with pytest.raises(RuleError) as e2:  # the what-if diff pairs teams the same way
        what_if(rec, options={"teams": "fours"})
    assert e2.value.rule == "bad-option"
    c = compare_rules(rec, {"th_low": True})  # same teams: fine
    assert len(c.hands[0].teams) == 4


def test_another_preset_as_a_rule_set() -> None:
    rec = _record(RuleSet.preset("standard"), seed=5, hands=1)
    c = compare_rules(rec, RuleSet.preset("original"))
    assert c.rules_a["preset"] == "standard" and c.rules_b["preset"] == "original"
    assert c.a.hands[0].trick_winners and c.b.hands[0].teams
    assert "B: Spades (original rules)" in c.text


def test_compare_replays_once_and_each_changed_side_once(monkeypatch) -> None:  # type: ignore
    """No replay is thrown away: the record is played once, and each side whose options change
    once more (from the first deal on); a side without changes is the record's own game."""
    rec = _record(RuleSet.preset("standard"), seed=5, hands=2)
    actions = sum(len(h["bids"]) + len(h["plays"]) + len(h.get("exchange", []))
                  for h in rec["hands"])
    count = [0]

    # every action reaches the engine through Game.bid, Game.exchange or, for a card, the
    # hand's _apply_play (a record's replay plays most cards in bulk, Hand.play_entries; a
    # what-if branch through apply_step and Game.play): count them there
    def counting(real):  # type: ignore[no-untyped-def]
        def action(*args, **kwargs):  # type: ignore[no-untyped-def]
            count[0] += 1
            return real(*args, **kwargs)
        return action

    for name in ("bid", "exchange"):
        monkeypatch.setattr(Game, name, counting(getattr(Game, name)))
    monkeypatch.setattr(Hand, "_apply_play", counting(Hand._apply_play))
    compare_rules(rec, {"bag_limit": 5})
    assert count[0] == 2 * actions
    count[0] = 0
    compare_rules(rec, {"bag_limit": 5}, {"target": 300})
    assert count[0] == 3 * actions
