"""Words from fields (:mod:`spades_lab.words`): learners' and teachers' text are two
renderings of the same lines, every explanation kind has both, one plural rule, and
``spades-lab explain`` prints learners' words unless asked for the ids."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from conftest import ROOT
from spades_lab.cli.main import main
from spades_lab.core.engine import Game
from spades_lab.core.records import replay
from spades_lab.core.scoring import LineItem
from spades_lab.teach.explain import (
    explain_bid,
    explain_exchange,
    explain_hand,
    explain_play,
    explain_score,
    explain_trick,
    trump_timeline,
)
from spades_lab.teach.quiz import learner_text
from spades_lab.words.counting import noun, plural
from spades_lab.words.rules import bags_words
from spades_lab.words.said import (
    Said,
    Tag,
    learner,
    learner_lines,
    line_text,
    option_tag,
    plain,
    rule_tag,
    said_lines,
    teacher,
    teacher_lines,
)

SCENARIOS = ROOT / "data" / "scenarios"
COURSE = ROOT / "data" / "course"
#: Records whose explanations carry every kind of tag: trick reasons, Ace high and low, the
#: superior trump set, scoring line ids, option notes in parentheses and in brackets.
RECORDS = [SCENARIOS / "std_failed_nil_bags_only.json",
           SCENARIOS / "std_failed_nil_count_toward_bid.json",
           SCENARIOS / "std_bag_penalty.json", SCENARIOS / "acorns_inferior_trump_wins.json",
           SCENARIOS / "acorns_ace_flips.json", SCENARIOS / "acorns_ace_low.json",
           COURSE / "acorns8_fours.json"]


def game_of(path: Path) -> Game:
    g = replay(path).game
    assert g is not None
    return g


def check_two_renderings(x: object) -> set[str]:
    """Learner and teacher text of ``x`` come from the same lines: the same count, the same
    words; each tag is in the teacher's line and not in the learner's.  Returns the tags."""
    lines = said_lines(x)
    ln, tl = learner_lines(x), teacher_lines(x)
    assert len(ln) == len(tl) == len(lines)
    tags: set[str] = set()
    for s, a, b in zip(lines, ln, tl, strict=True):
        assert a == s.learner() and b == s.teacher()
        assert a.startswith(b[:len(a) - len(s.stop)])  # the teacher's line only adds tags
        assert b == a[:len(a) - len(s.stop)] + "".join(t.shown() for t in s.tags) + s.stop
        for t in s.tags:
            assert t.shown() in b and t.shown() not in a, (t, a)
            tags.add(t.value)
    assert learner(x) == "\n".join(ln) and teacher(x) == "\n".join(tl)
    return tags


# ---------------------------------------------------------------------------- the lines


def test_a_line_rendered_twice() -> None:
    s = Said("West wins with 9♠", (rule_tag("superior-trump-wins", bracket=True),), ".")
    assert learner(s) == "West wins with 9♠."
    assert teacher(s) == "West wins with 9♠ [superior-trump-wins]."
    assert s.rules == ("superior-trump-wins",) and s.notes == ()
    line = Said("South's 1 trick after a failed nil score 1 point and 1 bag each",
                (option_tag("failed_nil_tricks", "bags_only"), rule_tag("failed-nil-tricks"),
                 option_tag("failed_nil_tricks", "bags_only", bracket=True)), level=1,
                points=1)
    assert learner(line) == "     +1  South's 1 trick after a failed nil score 1 point and 1 " \
        "bag each"
    assert teacher(line) == learner(line) + " (failed_nil_tricks = bags_only) " \
        "(failed-nil-tricks) [failed_nil_tricks = bags_only]"
    assert line.notes == ("failed_nil_tricks = bags_only",) * 2
    assert learner(Said("under the points", level=1, column=True)) == " " * 9 + "under the points"
    assert Tag("rule", "x-y").shown() == " (x-y)" and Tag("rule", "x-y", True).shown() == " [x-y]"


def test_strings_are_words_already_and_never_cut_apart() -> None:
    text = "East wins [superior-trump-wins]."
    assert learner(text) == teacher(text) == text
    assert learner_text(text) == text
    assert learner_lines("a\nb") == ["a", "b"]
    with pytest.raises(TypeError):
        said_lines(3)


def test_plain_renders_fields_and_refuses_finished_text() -> None:
    s = Said("a b", (rule_tag("must-follow-suit", True),), ".")
    assert plain(s) == "a b."
    # no reading back of finished sentences: a string is words already, not plain's to render
    with pytest.raises(TypeError, match="words already"):
        plain("a b\nc")


# ---------------------------------------------------------------------------- every kind


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_tricks_and_scores_have_both_renderings(path: Path) -> None:
    g = game_of(path)
    seen: set[str] = set()
    for h in g.hands:
        for k in range(len(h.tricks)):
            t = explain_trick(h, k)
            assert teacher(t) == t.text  # the text is the teachers' rendering
            seen |= check_two_renderings(t)
            assert t.reason in teacher(t) and t.reason not in learner(t)
            for st in t.steps:
                assert teacher(st) == st.text
                check_two_renderings(st)
        if h.scores is None:
            continue
        ex = explain_score(h)
        assert teacher(ex) == ex.text
        seen |= check_two_renderings(ex)
        for team in ex.teams:
            assert teacher(team) == team.text
            check_two_renderings(team)
            for ln in team.lines:  # a score line: its sentence, its option note apart
                assert teacher(ln) == ln.text and line_text(ln) == learner(ln)
                check_two_renderings(ln)
                assert f"({ln.rule})" in teacher(team) and f"({ln.rule})" not in learner(team)
        hx = explain_hand(h)
        assert teacher(hx) == hx.text
        check_two_renderings(hx)
        tl = trump_timeline(h)
        assert teacher(tl) == learner(tl) == tl.text  # a timeline has no ids to hide
    assert seen, "these records' explanations carry tags"


def test_the_records_cover_every_kind_of_tag() -> None:
    tags: set[str] = set()
    for path in RECORDS:
        g = game_of(path)
        for h in g.hands:
            tags |= {v for k in range(len(h.tricks))
                     for s in explain_trick(h, k).said for v in s.rules}
            if h.scores is not None:
                tags |= {v for s in explain_score(h).said for v in (*s.rules, *s.notes)}
    assert {"led-suit-wins", "superior-trump-wins", "inferior-trump-wins", "ace-high",
            "ace-low", "superior-trump-set", "bid-made", "bags", "failed-nil-tricks",
            "nil-failed", "bag-penalty", "failed_nil_tricks = bags_only",
            "failed_nil_tricks = count_toward_bid"} <= tags


def test_an_engine_line_item_keeps_its_note_apart() -> None:
    g = game_of(SCENARIOS / "std_failed_nil_bags_only.json")
    scores = g.hands[0].scores
    assert scores is not None
    items = [it for ts in scores for it in ts.items if it.rule == "failed-nil-tricks"]
    assert items
    for it in items:
        assert " = " not in it.text and it.note == "failed_nil_tricks = bags_only"
        assert learner(it) == line_text(it) == it.text
        assert teacher(it) == f"{it.text} (failed_nil_tricks = bags_only)"
    assert teacher(LineItem("bid-made", "made", 50)) == "made"  # no note, nothing added


def test_bids_exchanges_and_refusals_have_both_renderings() -> None:
    g = replay(SCENARIOS / "std_blind_nil.json", upto=(0, 0)).game
    bid = explain_bid(g, 4)
    assert bid.legal and learner(bid) == bid.text and teacher(bid) == bid.text + " [bid-ok]"
    check_two_renderings(bid)
    refused = explain_bid(g, 99)
    assert not refused.legal and refused.rule
    assert learner(refused) == refused.text and refused.rule not in learner(refused)
    assert teacher(refused) == f"{refused.text} [{refused.rule}]"
    # an exchange: the blind nil's partners pass cards
    ex = SCENARIOS / "online_blind_nil_exchange.json"
    passed = game_of(ex).hands[0].exchanges[0]
    assert passed.passed is not None
    before = replay(ex, upto=(0, 4)).game
    ok = explain_exchange(before, passed.blind, list(passed.passed))
    assert ok.legal and teacher(ok) == ok.text + " [exchange-ok]"
    check_two_renderings(ok)
    bad = explain_exchange(before, passed.blind, [])
    assert not bad.legal and bad.rule and teacher(bad).endswith(f"[{bad.rule}]")
    assert bad.rule not in learner(bad)
    # a refused play
    play_game = replay(SCENARIOS / "std_must_follow.json").game
    assert play_game.hand is not None and play_game.turn is not None
    held = play_game.hand.hands[play_game.turn]
    legal = set(play_game.legal_plays())
    wrong = next(c for c in held if c.play not in legal)
    no = explain_play(play_game, wrong)
    assert no.rule == "must-follow-suit" and "must-follow-suit" not in learner(no)
    assert teacher(no) == f"{no.text} [must-follow-suit]"
    check_two_renderings(no)


def test_json_keeps_every_id_and_no_rendering() -> None:
    g = game_of(SCENARIOS / "std_failed_nil_bags_only.json")
    d = explain_hand(g.hands[0]).to_dict()
    flat = json.dumps(d)
    assert '"said"' not in flat
    assert "failed-nil-tricks" in flat and "failed_nil_tricks = bags_only" in flat
    assert d["text"] == explain_hand(g.hands[0]).text


# ---------------------------------------------------------------------------- plurals


@pytest.mark.parametrize(("n", "word", "words"), [
    (0, "bag", "0 bags"), (1, "bag", "1 bag"), (2, "bag", "2 bags"), (1, "trick", "1 trick"),
    (13, "trick", "13 tricks"), (1, "card", "1 card"), (-1, "point", "-1 points"),
    (1, "recorded step", "1 recorded step"), (3, "recorded step", "3 recorded steps")])
def test_plural(n: int, word: str, words: str) -> None:
    assert plural(n, word) == words
    assert noun(n, word) == words.split(" ", 1)[1]


def test_bags_words_and_the_engine_use_the_one_rule() -> None:
    assert bags_words(1) == "1 bag" and bags_words(4) == "4 bags"
    g = game_of(SCENARIOS / "std_failed_nil_bags_only.json")
    for ts in g.hands[0].scores or ():
        for it in ts.items:
            assert not re.search(r"\b1 (bags|tricks|cards|points)\b", it.text), it.text


def test_no_inline_plural_left_in_the_modules_of_this_change() -> None:
    inline = re.compile(r"""['"]s['"] if|else ['"]s['"]""")
    for rel in ("core/scoring.py", "words/said.py", "words/rules.py", "words/play.py",
                "teach/explain.py", "widgets/words.py", "render/text.py", "cli/explain.py",
                "cli/common.py", "cli/solve.py",
                "teach/bestplay.py", "teach/handout.py"):
        text = (ROOT / "spades_lab" / rel).read_text()
        assert not inline.search(text), rel


# ---------------------------------------------------------------------------- no one parses


def test_no_consumer_splits_an_explanation_text() -> None:
    pattern = re.compile(r"\.text\.splitlines\(\)|startswith\(\" \"\)|line_text\(\w+\.text\)")
    found = []
    for path in sorted((ROOT / "spades_lab").rglob("*.py")):
        rel = path.relative_to(ROOT / "spades_lab").as_posix()
        if pattern.search(path.read_text()):
            found.append(rel)
    assert found == [], found


def test_no_notebook_reads_an_explanation_text_back() -> None:
    """The course shows the renderings: ``plain(explain_trick(...))``, ``.said[-1]``, never
    ``plain(x.text)`` or ``x.text.splitlines()``."""
    import nbformat

    pattern = re.compile(r"plain\([^\n]*\.text\)|explain_\w+\([^\n]*\)\.text\.splitlines")
    found = []
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        nb = nbformat.read(path, as_version=4)
        found += [f"{path.name}: {m.group(0)}" for cell in nb.cells
                  if cell.cell_type == "code" for m in pattern.finditer(cell.source)]
    assert found == [], found


# ---------------------------------------------------------------------------- the command line


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


IDS = re.compile(r"\[[a-z]+(?:-[a-z]+)+\]|\((?:[a-z]+(?:-[a-z]+)+|bags)\)|[a-z]+(?:_[a-z]+)+ = ")


@pytest.mark.parametrize("path", RECORDS[:4], ids=lambda p: p.stem)
def test_explain_prints_ids_only_when_asked(capsys: pytest.CaptureFixture[str],
                                            path: Path) -> None:
    words = run(capsys, "explain", str(path))
    ids = run(capsys, "explain", str(path), "--ids")
    g = game_of(path)
    hands = [explain_hand(h) for h in g.hands]
    assert ids.rstrip("\n").startswith("\n\n".join(h.text for h in hands))
    assert words.rstrip("\n").startswith("\n\n".join(learner(h) for h in hands))
    assert not IDS.search(words), IDS.search(words)
    assert IDS.search(ids)
    assert len(words.splitlines()) == len(ids.splitlines())
    data = json.loads(run(capsys, "explain", str(path), "--json"))
    assert data == [h.to_dict() for h in hands]


def test_explain_action_and_actions_with_and_without_ids(
        capsys: pytest.CaptureFixture[str]) -> None:
    f = str(COURSE / "standard_hand.json")
    words = run(capsys, "explain", f, "--at", "1:2", "--action", "99")
    ids = run(capsys, "explain", f, "--at", "1:2", "--action", "99", "--ids")
    assert ids.strip().startswith(words.strip()) and ids.strip().endswith("]")
    assert not IDS.search(words)
    plain_actions = run(capsys, "explain", f, "--actions", "--hand", "1")
    id_actions = run(capsys, "explain", f, "--actions", "--hand", "1", "--ids")
    assert "[bid-ok]" in id_actions and "[bid-ok]" not in plain_actions
    assert not IDS.search(plain_actions)
