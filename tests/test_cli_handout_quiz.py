"""``spades-lab handout quiz`` (issue 23): a quiz on a topic or a rule id, the input checks only
when asked, one line and exit 2 for a topic that is none, and no traceback for any preset or
option (bags off, eight players in two teams of four)."""
from __future__ import annotations

from pathlib import Path

import pytest

from spades_lab.cli.main import main
from spades_lab.teach.quiz import INPUT_CHECK_IDS, TOPICS


def pages(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def one_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "Traceback" not in err, err
    return err


@pytest.mark.parametrize("argv", [
    ["--rules", "standard", "--option", "bag_limit=null"],
    ["--rules", "acorns8", "--option", "teams=fours", "--seed", "10"],
    ["--rules", "online", "--option", "bag_limit=null", "--level", "2"],
])
def test_every_rule_set_prints_a_quiz(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                      argv: list[str]) -> None:
    assert main(["handout", "quiz", *argv, "--out", str(tmp_path)]) == 0, capsys.readouterr().err
    assert len(pages(tmp_path)) == 2


def test_a_topic_and_a_rule_focus_the_quiz_and_name_the_page(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["handout", "quiz", "--topic", "trumps", "--out", str(tmp_path)]) == 0
    assert main(["handout", "quiz", "--rule", "trump-not-broken", "--rule", "bid-made",
                 "--out", str(tmp_path)]) == 0
    assert main(["handout", "quiz", "--input-checks", "--out", str(tmp_path)]) == 0
    assert pages(tmp_path) == [
        "quiz_standard_seed0_input-checks.html", "quiz_standard_seed0_input-checks_key.html",
        "quiz_standard_seed0_trump-not-broken_bid-made.html",
        "quiz_standard_seed0_trump-not-broken_bid-made_key.html",
        "quiz_standard_seed0_trumps.html", "quiz_standard_seed0_trumps_key.html"]
    two = (tmp_path / "quiz_standard_seed0_trump-not-broken_bid-made_key.html").read_text()
    assert "unbroken trump" in two and "made" in two
    default = (tmp_path / "quiz_standard_seed0_trumps.html").read_text()
    checks = (tmp_path / "quiz_standard_seed0_input-checks.html").read_text()
    assert "52-card deck of standard have a card" in checks
    assert "52-card deck of standard have a card" not in default


@pytest.mark.parametrize(("argv", "words"), [
    (["--topic", "nope"], "There is no quiz topic 'nope'; the topics are play, trumps"),
    (["--rule", "nope"], "A standard quiz has no questions on 'nope'"),
    (["--rule", "ace-high"], "A standard quiz has no questions on 'ace-high'"),
    (["--rules", "acorns", "--topic", "trumps", "--level", "1"], "no questions"),
])
def test_an_unknown_topic_is_one_line_and_exit_2(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str],
                                                 argv: list[str], words: str) -> None:
    assert main(["handout", "quiz", *argv, "--out", str(tmp_path)]) == 2
    assert words in one_line(capsys)
    assert not tmp_path.exists() or pages(tmp_path) == []


def test_the_topics_cover_every_quiz_id() -> None:
    from spades_lab.teach.quiz import QUIZ_IDS

    assert set(QUIZ_IDS) == {k for ids in TOPICS.values() for k in ids}
    assert set(TOPICS["input-checks"]) == set(INPUT_CHECK_IDS)
