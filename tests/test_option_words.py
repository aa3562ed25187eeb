"""The option words and the printed rules say what the engine does (issue 23): the target
sentence against ``game_outcome`` (the highest total at or past the target wins, a tie plays
on), the failed-nil sentence against ``Bid.is_full_nil``, the seating sentence against the
team seats, and every letter on a printed card explained by the page's legend."""
from __future__ import annotations

import re

import pytest

from conftest import ROOT
from spades_lab.core.bids import Bid
from spades_lab.core.records import replay
from spades_lab.core.rules import PARTIAL_NIL_SUIT, RuleSet
from spades_lab.core.scoring import game_outcome
from spades_lab.teach.handout import deal_handout, rules_sheet
from spades_lab.words.rules import option_words

RULE_SETS = [("standard", {}), ("online", {}), ("original", {}), ("acorns", {}),
             ("acorns8", {}), ("acorns8", {"teams": "fours"}), ("standard", {"target": 200}),
             ("standard", {"losing_floor": -200}),
             ("standard", {"failed_nil_tricks": "count_toward_bid"})]


def _rules(name: str, options: dict[str, object]) -> RuleSet:
    return RuleSet.preset(name, options)


@pytest.mark.parametrize(("name", "options"), RULE_SETS)
def test_target_sentence_states_what_game_outcome_decides(name: str,
                                                          options: dict[str, object]) -> None:
    r = _rules(name, options)
    target = next(x for x in option_words(r) if x.startswith("Target:"))
    assert "first partnership" not in target  # the misconception, docs/teachers/misconceptions
    assert f"reaches {r.target} points" in target
    assert "the highest total wins" in target and "a tie for the highest plays another hand" \
        in target
    teams = len(r.team_seats)
    rest = [0] * (teams - 2)
    # the first to reach the target is not the winner when another total is higher
    assert game_outcome(r, [r.target, r.target + 30, *rest]).winner == 1
    # reaching it ends the game only without a tie for the highest
    assert not game_outcome(r, [r.target + 10, r.target + 10, *rest]).over
    assert game_outcome(r, [r.target + 10, r.target - 200, *rest]).winner == 0
    assert not game_outcome(r, [r.target - 10, 0, *rest]).over


@pytest.mark.parametrize(("name", "options"), RULE_SETS)
def test_failed_nil_words_name_the_bids_whose_tricks_the_option_moves(
        name: str, options: dict[str, object]) -> None:
    r = _rules(name, options)
    full = [k for k in r.nil_kinds if Bid(0, k, False).is_full_nil]
    assert full and all(k not in PARTIAL_NIL_SUIT for k in full)
    said = next(x for x in option_words(r) if x.startswith("After a failed nil"))
    sheet = rules_sheet(r)
    for kind in full:
        assert kind.title() in said
        assert f"a player whose {kind.title()}" in sheet
    for partial in (k for k in r.nil_kinds if k in PARTIAL_NIL_SUIT):
        assert partial.title() not in said
    if r.failed_nil_tricks == "bags_only":
        assert "1 point and 1 bag each" in said and "1 point and 1 bag each" in sheet
    else:
        assert "count toward the partnership's bid" in said


@pytest.mark.parametrize(("name", "options"), RULE_SETS)
def test_seating_words_match_the_team_seats(name: str, options: dict[str, object]) -> None:
    r = _rules(name, options)
    sheet = rules_sheet(r)
    n = r.players
    opposite = all(len(t) == 2 and (t[1] - t[0]) * 2 == n for t in r.team_seats)
    every_other = all(list(t) == list(range(t[0], n, len(r.team_seats))) for t in r.team_seats)
    assert ("partners sit opposite" in sheet) == opposite
    assert ("teammates sit in every other seat" in sheet) == (every_other and not opposite)
    if n == 8:
        teams = next(x for x in option_words(r) if x.startswith("Teams:"))
        assert ("partners sit opposite" in teams) == opposite
        assert ("every other seat" in teams) == (not opposite)


_CELL = re.compile(r"<span(?: class=\"red\")?>([^<]+)</span>")


@pytest.mark.parametrize("record", ["data/course/acorns_th_hand.json",
                                    "data/course/acorns8_fours.json",
                                    "data/course/standard_hand.json"])
def test_every_mark_on_a_printed_card_is_in_the_legend(record: str) -> None:
    page = deal_handout(ROOT / record)
    legend = page.split("<h2>", 1)[0]
    cells = [m.group(1).replace("\xa0", " ") for m in _CELL.finditer(page.split("<h2>", 1)[1])]
    assert cells
    for text in cells:
        rank, _, marks = text.partition(" ") if " " in text else (text[:-1], "", text[-1])
        if rank.isdigit():
            assert "numbers are the card" in legend
        else:
            assert f"{rank} = " in legend, (text, legend)
        for mark in filter(None, marks.split("/")):
            if mark not in "♠♥♦♣":
                assert f"{mark} = " in legend, (text, legend)


def test_the_score_table_shows_tricks_taken_and_tricks_counted() -> None:
    game = replay(ROOT / "data" / "course" / "nil_failed.json").game
    page = deal_handout(game)
    h = game.hands[0]
    assert h.scores is not None
    for ts in h.scores:
        taken = sum(h.taken[s] for s in ts.seats)
        assert f"<td>{ts.bid}</td><td>{taken}</td><td>{ts.tricks}</td>" in page
    ns = h.scores[0]
    assert sum(h.taken[s] for s in ns.seats) == 4 and ns.tricks == 2  # the failed nil's two
