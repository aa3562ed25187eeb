"""Learner words from fields where a learner reads a hand (issue 31): ``spades-lab play`` and
``replay`` name every card in words by default (``--codes`` for the record codes) and the play
header names the options in force; score lines say a failed partial nil's card in words, agree
in number, and say nothing of a bid of 0 nobody made; the Ace's rank is said when the trick
settles it; a second nil-type bid is refused by the rule, not by the syntax."""
from __future__ import annotations

import re

import pytest

from conftest import ROOT
from spades_lab.cli.main import main
from spades_lab.core.bids import Bid
from spades_lab.core.engine import Game
from spades_lab.core.errors import Rule, RuleError
from spades_lab.core.records import replay
from spades_lab.core.rules import RuleSet
from spades_lab.core.scoring import score_hand
from spades_lab.render import option_words

#: A record code in a sentence: "BW", "TPS", "10H", "AS" (a rank then one to three suit letters).
CODE = re.compile(r"\b(?:[0-9]{1,2}|[AKQJBTH])[SHDCAPOW]{1,2}\b")


def _trick_lines(out: str) -> list[str]:
    return [x for x in out.splitlines() if x.strip().startswith("Trick ")]


@pytest.mark.parametrize("preset", ["standard", "acorns", "acorns8"])
def test_play_names_cards_in_words_and_the_options_in_its_header(
        preset: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--rules", preset, "--seed", "5", "--hands", "1",
                 "--option", "failed_nil_tricks=count_toward_bid"]) == 0
    out = capsys.readouterr().out
    header = out.split("\nHand 1")[0]
    assert "--option failed_nil_tricks=count_toward_bid" in header.splitlines()[0]
    rules = RuleSet.preset(preset, failed_nil_tricks="count_toward_bid")
    for line in option_words(rules):
        assert f"#   {line}" in header
    tricks = _trick_lines(out)
    assert tricks and all(not CODE.search(t) for t in tricks), tricks[:2]
    assert all(" of " in t for t in tricks)
    assert "♠" not in out and "failed_nil_tricks =" not in out.split("\nHand 1")[1]


def test_play_codes_prints_the_record_codes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--rules", "acorns", "--seed", "5", "--hands", "1", "--codes"]) == 0
    tricks = _trick_lines(capsys.readouterr().out)
    assert tricks and all(len(CODE.findall(t)) == 4 for t in tricks), tricks[:2]


def test_replay_text_in_words_and_with_codes(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(ROOT / "data" / "scenarios" / "acorns_nil_spades_broken_by_traveler.json")
    assert main(["replay", path]) == 0
    words = capsys.readouterr().out
    assert not any(CODE.search(t) for t in _trick_lines(words))
    assert main(["replay", path, "--codes"]) == 0
    assert any(CODE.search(t) for t in _trick_lines(capsys.readouterr().out))


def test_a_failed_partial_nil_names_its_card_in_words() -> None:
    g = replay(ROOT / "data" / "scenarios" / "acorns_nil_spades_broken_by_traveler.json").game
    lines = [i.text for s in g.hands[0].scores for i in s.items if i.rule == "nil-failed"]
    assert lines and all(re.search(r"took the \w+ of [A-Z]", x) for x in lines), lines
    assert not any(CODE.search(x) for x in lines)


def test_one_failed_nil_trick_agrees_in_number() -> None:
    r = RuleSet.preset("standard")
    ns, _ = score_hand(r, [Bid(4), Bid(3), Bid(0, "nil"), Bid(3)], [4, 3, 1, 5],
                       [[], [], [], []], [0, 0], [0, 0])
    line = next(i.text for i in ns.items if i.rule == "failed-nil-tricks")
    assert line == "South's 1 trick after a failed nil scores 1 point and 1 bag"


def test_no_bid_of_0_when_both_partners_bid_nil() -> None:
    r = RuleSet.preset("standard")
    ns, _ = score_hand(r, [Bid(0, "nil"), Bid(3), Bid(0, "nil"), Bid(3)], [0, 6, 0, 7],
                       [[], [], [], []], [0, 0], [0, 0])
    line = next(i for i in ns.items if i.rule == "bid-made")
    assert "bid 0" not in line.text and "10 × 0" not in line.text and line.points == 0
    assert "no bid to make" in line.text


def test_a_second_nil_type_bid_is_refused_by_its_rule() -> None:
    import random
    g = Game(RuleSet.preset("acorns"))
    g.deal(rng=random.Random(1))
    with pytest.raises(RuleError) as e:
        g.bid("nil spades + nil acorns")
    assert e.value.rule == Rule.BID_NOT_ALLOWED
    assert str(e.value).startswith("A player may make only one nil-type bid a hand")
    assert "optionally" not in str(e.value)


def test_inferior_trump_wins_said_with_a_card_of_the_suit() -> None:
    from spades_lab.teach.explain import explain_trick
    g = replay(ROOT / "data" / "scenarios" / "acorns_inferior_trump_wins.json").game
    said = [x.learner() for t in range(len(g.hands[0].tricks))
            for x in explain_trick(g.hands[0], t).said]
    text = " ".join(said)
    assert "no card of Spades was played" in text and "no Spades was played" not in text


def test_the_ace_is_low_only_when_the_trick_settles_it() -> None:
    """acorns_ace_flips: an Ace is played before the face card that makes it high; no step
    before that says "Aces are low in this trick" (the rulings settle the Ace when the trick is
    complete), and a face card already in the trick is named in words, not by its code."""
    from spades_lab.table import TableModel
    m = TableModel(replay(ROOT / "data" / "scenarios" / "acorns_ace_flips.json").game)
    text = []
    for k in range(1, m.last + 1):
        m.go(k)
        text.append(" ".join(m.explanation()))
    flips = [i for i, x in enumerate(text) if "flipped the Ace" in x]
    assert flips, "the record shows the flip"
    for x in text[:flips[0]]:
        assert "Aces are low in this trick" not in x, x
    assert any("so far" in x for x in text[:flips[0]])
    assert not any("a face card (" in x for x in text)


@pytest.mark.parametrize("preset,options", [("standard", {}), ("original", {}), ("acorns", {}),
                                            ("acorns", {"travelers_hunters": True}),
                                            ("acorns8", {"teams": "fours"})])
def test_quiz_feedback_names_cards_in_words_and_rules_not_phases(preset: str,
                                                                  options: dict) -> None:
    """No record code in any feedback line (a failed partial nil's card was one), and no
    feedback that is only the phase the hand is in ("The hand is waiting for ..."): the engine's
    refusal starts with the rule."""
    from spades_lab.teach.quiz import make_quiz
    rules = RuleSet.preset(preset, options)
    for seed in range(6):
        for q in make_quiz(rules, seed, include_input_checks=True).questions:
            for i in range(len(q.choices)):
                for line in q.feedback_for(i):
                    assert not CODE.search(line), (preset, seed, q.tests, line)
                    assert not line.startswith("The hand is waiting"), (preset, seed, line)


def test_an_exchange_out_of_its_time_is_refused_by_the_rule() -> None:
    g = replay(ROOT / "data" / "scenarios" / "original_both_partners_blind.json").game
    h = g.hands[0]
    blind = next(s for s, b in enumerate(h.bids) if b is not None and b.blind)
    check = h.can_exchange(blind, []) if hasattr(h, "can_exchange") else g.can_exchange(blind, [])
    assert not check.ok and check.rule == Rule.WRONG_PHASE
    assert check.message.startswith("When both partners bid blind, no cards are exchanged")
