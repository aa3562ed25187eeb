"""What the printed sheets say (issue 31): a quiz sheet's footer names the command that prints
it again (a ``spades-lab handout quiz`` that exists, and prints the same page); the rules sheet
of two teams of four names the exchange partner as the teammate opposite, not "the partner"."""
from __future__ import annotations

import html
import re
import shlex
from pathlib import Path

import pytest

from spades_lab.cli.main import main
from spades_lab.core.rules import RuleSet
from spades_lab.teach.handout import quiz_sheet, rules_sheet
from spades_lab.teach.quiz import make_quiz


@pytest.mark.parametrize("argv", [
    ["--rules", "standard", "--level", "1", "--count", "8", "--seed", "1"],
    ["--rules", "acorns", "--option", "travelers_hunters=true", "--level", "3", "--count", "8",
     "--seed", "2"],
    ["--rules", "online", "--topic", "scoring", "--seed", "4"],
])
def test_the_quiz_footer_is_a_command_that_prints_the_same_sheet(
        argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["handout", "quiz", *argv, "--out", str(tmp_path / "a")]) == 0
    first = capsys.readouterr().out.split()[0]
    page = Path(first).read_text(encoding="utf-8")
    footer = re.search(r"Printed by <code>(.+?)</code>", page)
    assert footer, "the footer names its command"
    cmd = shlex.split(html.unescape(footer.group(1)))
    assert cmd[:3] == ["spades-lab", "handout", "quiz"]
    assert main([*cmd[1:], "--out", str(tmp_path / "b")]) == 0
    again = Path(capsys.readouterr().out.split()[0])
    assert again.name == Path(first).name and again.read_text(encoding="utf-8") == page


def test_a_quiz_sheet_made_in_python_names_no_command() -> None:
    page = quiz_sheet(make_quiz("standard", 3, count=2))
    assert "spades-lab quiz" not in page and "make_quiz, rule set standard, seed 3" in page


def test_two_teams_of_four_exchange_with_the_teammate_opposite() -> None:
    fours = rules_sheet(RuleSet.preset("acorns8", {"teams": "fours"}))
    items = re.findall(r"<li>(.*?)</li>", fours)
    blind = [x for x in items if "Blind, before looking" in x]
    assert blind and all("the teammate sitting opposite" in x and "the partner" not in x
                         for x in blind if "no cards" not in x)
    pairs = rules_sheet(RuleSet.preset("acorns8"))
    assert "to the partner" in pairs and "teammate" not in pairs
