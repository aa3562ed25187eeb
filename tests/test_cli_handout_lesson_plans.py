"""``spades-lab handout quiz`` prints what each lesson plan says it prints (issue 31): every quiz
command of docs/teachers/lesson_plans.md is parsed out of the document and run; its sheet has
the number of questions its slot names, and a question on every subject the slot lists."""
from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from conftest import ROOT
from spades_lab.cli.main import main

PLAN = ROOT / "docs" / "teachers" / "lesson_plans.md"

#: What a slot promises, in its words, and the quiz ids that ask it: each set must be met by
#: one question of the sheet (a phrase with two sets promises two questions).
SUBJECTS: dict[str, list[set[str]]] = {
    "follow suit": [{"must-follow-suit"}],
    "any card when void": [{"cannot-follow"}],
    "who wins a trick": [{"led-suit-wins"}],
    "who leads the next trick": [{"next-lead"}],
    "a trump that wins": [{"superior-trump-wins"}],
    "Spades broken": [{"broke-trump"}],
    "leading an unbroken Spade": [{"trump-not-broken"}],
    "a hand of Spades only": [{"only-unbroken-trumps"}],
    "the first lead": [{"first-lead"}],
    "the cards each player gets": [{"deal-size"}],
    "bids": [{"bid-out-of-range", "bid-not-allowed"}],
    "made and missed": [{"bid-made"}, {"bid-missed"}],
    "bags and their penalty": [{"bags"}, {"bag-penalty"}],
    "nil and a failed nil's tricks": [{"nil-made", "nil-failed"}, {"failed-nil-tricks"}],
    "blind nil": [{"blind-not-allowed"}],
    "the blind nil exchange": [{"blind-exchange"}],
    "the end of a game": [{"target-reached", "highest-tie", "losing-floor", "below-target"}],
    "who deals next": [{"dealer-rotation"}],
    "two trumps": [{"superior-trump-wins", "inferior-trump-wins", "superior-trump-set",
                    "both-trumps-broken", "superior-trump-reset"}],
    "the Ace": [{"ace-high", "ace-low"}],
    "Travelers and Hunters": [{"played-as-led-suit", "declared-suit", "bad-declaration",
                               "th-rank"}],
    "the Acorns bids": [{"bid-not-allowed"}],
    "exchanges": [{"blind-exchange", "full-nil-exchange", "exchange-invalid"}],
}


def slots() -> list[tuple[str, int, list[str]]]:
    """(the command, the number of questions the slot names, the subjects it lists) for each
    table row of the lesson plans that prints a quiz."""
    out = []
    for line in PLAN.read_text().splitlines():
        cmds = re.findall(r"`(spades-lab handout quiz [^`]*)`", line)
        if not line.startswith("|") or not cmds:
            continue
        said = re.search(r"\((\d+) questions(?::| on) ([^)]*)\)", line)
        assert said, f"a quiz slot names its number of questions and subjects: {line}"
        out.append((cmds[0], int(said.group(1)), said.group(2).split(", ")))
    return out


SLOTS = slots()


def test_every_quiz_command_of_the_plans_is_a_slots() -> None:
    """Three lessons, three quiz slots; the command at the top of the page is lesson 1's."""
    assert len(SLOTS) == 3
    text = PLAN.read_text()
    top = re.findall(r"^(spades-lab handout quiz .*)$", text, re.MULTILINE)
    commands = {c for c, _, _ in SLOTS}
    for c in top:
        kept = [w for w in shlex.split(c) if w != "--pdf"]
        i = kept.index("--out")
        assert shlex.join(kept[:i] + kept[i + 2:]) in commands, c


@pytest.mark.parametrize(("command", "count", "subjects"), SLOTS,
                         ids=[f"lesson{i + 1}" for i in range(len(SLOTS))])
def test_a_lesson_plans_quiz_command_prints_what_its_slot_says(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str, count: int,
        subjects: list[str]) -> None:
    from spades_lab.cli.handout import quiz_of_args

    argv = shlex.split(command)[1:]
    assert main([*argv, "--out", str(tmp_path)]) == 0, capsys.readouterr().err
    sheet, key = sorted(tmp_path.iterdir(), key=lambda p: len(p.name))
    assert sheet.read_text().count('<div class="q">') == count
    quiz = quiz_of_args(argv[2:])
    assert len(quiz.questions) == count
    asked = [q.tests for q in quiz.questions]
    for item in subjects:
        known = [s for s in SUBJECTS if re.search(rf"\b{re.escape(s)}\b", item)]
        assert known, f"the slot promises {item!r}, which this test does not know"
        for s in known:
            for ids in SUBJECTS[s]:
                assert ids & set(asked), f"{command}: no question on {s!r} ({asked})"
