"""The teacher's printable pages (spades_lab.teach.handout) and ``spades-lab handout``: every
number on a rules sheet is the rule set's, a deal handout shows the whole hand, a quiz sheet
never shows its answers and the key gives the engine's."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import ROOT
from spades_lab.cli.main import main
from spades_lab.core.records import replay
from spades_lab.core.rules import PRESETS, RuleSet
from spades_lab.teach.handout import answer_key, card_html, deal_handout, quiz_sheet, rules_sheet
from spades_lab.teach.quiz import make_quiz


def text(page: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page.split("</style>")[1]))


@pytest.mark.parametrize("name", PRESETS)
def test_rules_sheet_numbers_are_the_rule_sets(name: str) -> None:
    r = RuleSet.preset(name)
    page = rules_sheet(r)
    assert "@page" in page and "<script" not in page and "http" not in page.split("<body>")[1]
    words = text(page)
    assert f"{r.hand_size} to each player" in words and f"reaches {r.target}" in words
    for kind in r.nil_kinds:
        assert f"({r.nil_value(kind, False)})" in words
        assert f"cards: {r.nil_value(kind, True)};" in words
    assert ("every 10 bags cost 100" in words) == (r.bag_limit == 10)
    assert ("The dealer leads" in words) == (r.first_lead == "dealer")
    assert ("superior" in words) == (len(r.trumps) > 1)
    assert ("trails by at least 100" in words) == (name == "online")
    if name == "online":
        assert "exactly 2 cards" in words
    if name == "original":
        assert "passes 0 to 3 cards" in words
    if name == "acorns8":
        assert "halved" in words and "(50)" in words and "(120)" in words


def test_rules_sheet_follows_options() -> None:
    words = text(rules_sheet("acorns", {"travelers_hunters": True, "th_low": True,
                                        "losing_floor": -300, "bag_limit": None}))
    assert "counts as a card of both its suits" in words and "ranks them low" in words
    assert "-300" in words.replace("−", "-") and "cost nothing" in words
    assert "Travelers" not in text(rules_sheet("acorns")).split("Ranks")[1].split("The deal")[0]


def test_card_marks_are_print_safe() -> None:
    deck = RuleSet.preset("acorns", travelers_hunters=True).deck
    for c in deck.cards:
        assert not any(ord(ch) > 0x2AFF for ch in card_html(c)), c  # no emoji planes


def test_deal_handout_shows_the_hand() -> None:
    g = replay(ROOT / "data" / "course" / "standard_hand.json").game
    page = deal_handout(g)
    h = g.hands[0]
    assert page.count("<tr><td>") >= len(h.tricks) + 4
    for t in h.tricks:
        assert f"<tr><td>{t.index + 1}</td>" in page
    assert str(h.scores[0].total) in page
    page = deal_handout(ROOT / "data" / "scenarios" / "original_blind_nil_up_to_3.json")
    assert "Card exchange" in page and "passed" in page


def test_quiz_sheet_hides_answers_and_key_gives_them() -> None:
    quiz = make_quiz("original", seed=5, count=10)
    sheet, key = quiz_sheet(quiz), answer_key(quiz)
    for q in quiz.questions:
        assert q.prompt.split(" (")[0].replace("'", "&#x27;") in sheet
        for fb in (x.learner() for x in q.feedback):  # the explanations: on the key only
            assert fb.replace("'", "&#x27;") not in sheet
    rows = re.findall(r'<td class="answer"><b>([A-Z])</b>', key)
    assert rows == [chr(65 + q.answer) for q in quiz.questions]


def test_cli_handout(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["handout", "rules", "--rules", "acorns8", "--out", str(tmp_path)]) == 0
    assert (tmp_path / "rules_acorns8.html").exists()
    assert main(["handout", "quiz", "--rules", "online", "--seed", "2", "--count", "5",
                 "--level", "1", "--level", "2", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "quiz_online_seed2_count5_level1-2.html" in out
    assert "quiz_online_seed2_count5_level1-2_key.html" in out
    assert main(["handout", "deal", str(ROOT / "data" / "scenarios" / "std_nil_made.json"),
                 "--out", str(tmp_path)]) == 0
    assert (tmp_path / "deal_std-nil-made_hand1.html").exists()
    assert main(["handout", "deal", "--out", str(tmp_path)]) == 2
    assert main(["handout", "rules", "--rules", "nope", "--out", str(tmp_path)]) == 2
