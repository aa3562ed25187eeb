"""The course's cross-references and the records its teachers' pages cite, checked (issue 31).

- Every "notebook NN" (and every **NN** of a "where next" list) in the notebooks' prose, the
  teachers' pages and the course records' table points at the notebook that teaches what the
  sentence names: the sentence shares a word with that notebook's row of the README's course
  table (or its title).
- Notebook prose (markdown cells) holds no Python literal (``None``, ``True``, ``{"key": ...}``)
  and no rule id: those are said in words; code a learner types (a call) may keep them.
- ``data/course/README.md``'s notebooks column is the notebooks that open each record.
- Every record a lesson plan or the misconceptions page cites shows what its sentence claims:
  each is replayed here and the fact named is asked of the engine.
"""
from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from conftest import ROOT
from spades_lab.core.errors import RULE_IDS, Rule
from spades_lab.core.records import load_record, replay
from spades_lab.core.rules import RuleSet
from spades_lab.teach.explain import explain_trick, trump_timeline

NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
PAGES = [ROOT / "docs" / "teachers" / "lesson_plans.md",
         ROOT / "docs" / "teachers" / "misconceptions.md", ROOT / "data" / "course" / "README.md",
         ROOT / "README.md"]
SCEN = ROOT / "data" / "scenarios"
COURSE = ROOT / "data" / "course"

#: Words too common to tie a sentence to one notebook.
STOP = {"the", "and", "for", "are", "its", "you", "how", "not", "one", "all", "can", "any",
        "notebook", "notebooks", "with", "that", "this", "from", "what", "your", "each", "then",
        "open", "more", "here", "there", "into", "they", "their", "have", "will", "when", "come",
        "back", "after", "before", "which", "where", "next", "order", "part", "first", "take",
        "them", "also", "only", "same", "spades", "rule", "rules"}


def _words(text: str) -> set[str]:
    out = set()
    for w in re.findall(r"[a-z]{3,}", text.lower()):
        if w in STOP:
            continue
        for end in ("ing", "ed", "es", "s"):  # the stem: "scored", "scoring" -> "scor"
            if w.endswith(end) and len(w) - len(end) >= 3:
                w = w[:-len(end)]
                break
        out.add(w)
    return out


def _teaches() -> dict[str, set[str]]:
    """What each notebook teaches: its README course-table row, its file name and its title."""
    rows = {}
    for m in re.finditer(r"^\| `((\d\d)_(\w+))\.ipynb` \| (.+?) \|$",
                         (ROOT / "README.md").read_text(encoding="utf-8"), re.M):
        nb = nbformat.read(ROOT / "notebooks" / f"{m.group(1)}.ipynb", as_version=4)
        title = next(c.source for c in nb.cells if c.cell_type == "markdown").splitlines()[0]
        rows[m.group(2)] = _words(m.group(4) + " " + m.group(3).replace("_", " ") + " " + title)
    return rows


TEACHES = _teaches()

#: "notebook 05", "Notebook **04**", "notebooks 06 and 07"
REF = re.compile(r"\b[Nn]otebooks? \**(\d\d)\**")
#: a "where next" or "Notebooks:" list: "**03** (scoring)", "06 (the Heckadeck)"
LISTED = re.compile(r"(?:\*\*(\d\d)\*\*|(?<![\d:–-])\b(\d\d)\b)\s*\(([^)]{3,80})\)")


def _prose() -> list[tuple[str, str]]:
    out = []
    for p in NOTEBOOKS:
        nb = nbformat.read(p, as_version=4)
        out += [(f"{p.name} cell {i}", c.source) for i, c in enumerate(nb.cells)
                if c.cell_type == "markdown"]
    out += [(p.relative_to(ROOT).as_posix(), p.read_text(encoding="utf-8")) for p in PAGES]
    return out


def _sentence(text: str, start: int, end: int) -> str:
    cut = re.compile(r"(?<=[.!?|])\s|\n\s*\n|\n\s*[-|*]|\n\d\.")
    ends = [m.end() for m in cut.finditer(text, 0, start)]
    a = ends[-2] if len(ends) > 1 and text[ends[-1] - 2:ends[-1]].strip() in ("?", ".") \
        else max(ends, default=0)  # a sentence that refers back ("Notebook 00 shows each")
    b = next((m.start() for m in cut.finditer(text, end)), len(text))
    return text[a:b]


def test_the_course_table_lists_every_notebook() -> None:
    assert sorted(TEACHES) == [p.name[:2] for p in NOTEBOOKS]


def test_every_notebook_reference_names_what_that_notebook_teaches() -> None:
    bad = []
    for where, text in _prose():
        for m in REF.finditer(text):
            nn = m.group(1)
            around = _sentence(text, m.start(), m.end())
            if nn not in TEACHES:
                bad.append(f"{where}: notebook {nn} does not exist")
            elif not (_words(REF.sub(" ", around)) & TEACHES[nn]):
                bad.append(f"{where}: notebook {nn} in {around.strip()!r}")
        for m in LISTED.finditer(text):
            nn = m.group(1) or m.group(2)
            listed = m.group(1) or "notebook" in text[max(0, m.start() - 400):m.start()].lower()
            if nn in TEACHES and listed and not (_words(m.group(3)) & TEACHES[nn]):
                bad.append(f"{where}: {nn} ({m.group(3)})")
    assert bad == [], "\n".join(bad)


#: A rule id as the engine and the explanations give it (`blind-not-allowed`, `ace-high`).
IDS = {str(r) for r in RULE_IDS} | {
    "led-suit-wins", "superior-trump-wins", "inferior-trump-wins", "ace-high", "ace-low",
    "superior-trump-set", "broke-trump", "declared-suit", "played-as-led-suit",
    "only-unbroken-trumps"}
LITERAL = re.compile(r"`[^`]*(?:\b(?:None|True|False)\b|\{\s*\")[^`]*`")


def _outside_calls(md: str) -> str:
    """Markdown without fenced code and without code spans that are calls a learner types (a
    literal there is code to type, not a sentence)."""
    md = re.sub(r"```.*?```", " ", md, flags=re.S)
    return re.sub(r"`[^`]+`", lambda m: " " if "(" in m.group(0) else m.group(0), md)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_no_python_literal_or_rule_id_in_notebook_prose(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    bad = []
    for i, c in enumerate(nb.cells):
        if c.cell_type != "markdown":
            continue
        prose = _outside_calls(c.source)
        bad += [f"cell {i}: {m.group(0)!r}" for m in LITERAL.finditer(prose)]
        bad += [f"cell {i}: {x}" for x in sorted(IDS) if re.search(rf"(?<![\w/.-]){x}(?![\w-])",
                                                                    prose)]
    assert bad == [], bad


def test_the_course_records_table_names_the_notebooks_that_open_each_record() -> None:
    text = (COURSE / "README.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `([\w.]+\.json)` \|.*\| ([\d, ]+) \|$", text, re.M)
    assert len(rows) == len(list(COURSE.glob("*.json")))
    for name, column in rows:
        opened = sorted(p.name[:2] for p in NOTEBOOKS if name in p.read_text(encoding="utf-8"))
        assert column.split(", ") == opened, name


# ------------------------------------------------------------------ the records cited


def _trick(path: Path, k: int, hand: int = 0):  # noqa: ANN202 - (hand, explanation)
    h = replay(path).game.hands[hand]
    return h, explain_trick(h, k - 1)


def _plays(h, k: int) -> list[str]:  # noqa: ANN001
    return [p.card.code for _, p in h.tricks[k - 1].plays]


def test_both_trumps_in_one_trick_the_earlier_card_beats_a_higher_one() -> None:
    """misconceptions.md "If both trumps break in one trick, the higher card wins": in
    acorns_nil_acorns.json trick 11 North's 4 of Spades, broken first, beats East's Ace of
    Acorns, high (the Beast of Clubs is in the trick); acorns_hand.json trick 18 the 4 of Acorns
    beats the Beast of Spades (also lesson 3's 4–11 slot)."""
    h, t = _trick(SCEN / "acorns_nil_acorns.json", 11)
    assert h.superior_at[0] == 10 and h.superior == "S"
    assert _plays(h, 11) == ["BC", "4S", "AA", "10C"] and t.winning_card == "4S"
    assert t.ace == "high" and t.ace_face == "BC"
    assert "were Acorns superior, East would have won" in t.text
    h, t = _trick(COURSE / "acorns_hand.json", 18)
    assert h.superior_at[0] == 17 and h.superior == "A"
    assert "BS" in _plays(h, 18) and t.winning_card == "4A"


def test_the_ace_low_flipped_and_high_by_a_face_card_of_another_suit() -> None:
    """misconceptions.md "The Ace is always high" and lesson 3's 11–16 slot."""
    h, t = _trick(SCEN / "acorns_ace_low.json", 10)
    assert _plays(h, 10)[0] == "AD" and t.ace == "low" and t.winning_card == "10D"
    h, t = _trick(SCEN / "acorns_ace_flips.json", 6)
    assert t.ace == "high" and any(s.ace_flipped for s in t.steps) and t.winning_card == "AW"
    h, t = _trick(SCEN / "acorns_superiority_decides.json", 15)
    assert _plays(h, 15) == ["11O", "3O", "BH", "AO"]
    assert t.ace == "high" and t.ace_face == "BH" and t.winning_card == "AO"
    assert h.tricks[14].plays[2][0] == 2  # South discarded the Beast of Hearts


def test_only_the_led_suit_and_trumps_win_the_tricks_cited() -> None:
    """misconceptions.md "The highest card in the trick wins": std_spades_broken_by_trumping
    trick 2 (the 4 of Spades beats the King of Clubs) and std_both_partners_nil trick 7 (the 9
    of Hearts, of the led suit, beats the Ace of Diamonds)."""
    h, t = _trick(SCEN / "std_spades_broken_by_trumping.json", 2)
    assert {"KC", "4S"} <= set(_plays(h, 2)) and t.winning_card == "4S"
    assert t.reason == "superior-trump-wins" and t.led == "C"
    h, t = _trick(SCEN / "std_both_partners_nil.json", 7)
    assert {"9H", "AD"} <= set(_plays(h, 7)) and t.winning_card == "9H"
    assert t.reason == "led-suit-wins" and t.led == "H"


def test_acorns_beat_spades_in_a_deal_where_acorns_broke_first() -> None:
    """misconceptions.md "Spades always beat Acorns": acorns_game_superiority_resets deal 2
    trick 18 (the Queen of Acorns beats the Zero of Spades) and acorns_both_trumps_same_trick
    trick 16 (the 8 of Acorns beats the 3 of Spades); lesson 3's 4–11 slot: in
    acorns_superiority_decides the 2 of Spades, of the superior trump, beats the Jack of Acorns
    (trick 19)."""
    h, t = _trick(SCEN / "acorns_game_superiority_resets.json", 18, hand=1)
    assert h.superior == "A" and {"QA", "0S"} <= set(_plays(h, 18)) and t.winning_card == "QA"
    assert replay(SCEN / "acorns_game_superiority_resets.json").game.hands[0].superior == "S"
    h, t = _trick(SCEN / "acorns_both_trumps_same_trick.json", 16)
    assert h.superior == "A" and {"8A", "3S"} <= set(_plays(h, 16)) and t.winning_card == "8A"
    h, t = _trick(SCEN / "acorns_superiority_decides.json", 19)
    assert h.superior == "S" and {"2S", "JA"} <= set(_plays(h, 19)) and t.winning_card == "2S"
    assert t.reason == "superior-trump-wins"


def test_blind_nil_refused_at_30_behind_and_bid_at_140_behind() -> None:
    """misconceptions.md "Blind nil can always be bid": refused, then made, by the online rule."""
    g = replay(SCEN / "online_blind_not_allowed.json").game
    check = g.can_bid("blind nil")
    assert not check.ok and check.rule == Rule.BLIND_NOT_ALLOWED
    assert "trail by at least 100" in check.message
    totals = g.totals
    assert max(totals) - min(totals) == 30
    rec = load_record(SCEN / "online_blind_nil_exchange.json")
    g2 = replay(SCEN / "online_blind_nil_exchange.json").game
    start = rec.get("start", {}).get("totals") or rec["hands"][0].get("totals_before")
    assert start is None or abs(start[0] - start[1]) == 140
    assert g2.hands[0].bids[2].blind and g2.hands[0].bids[2].nil == "nil"


def test_the_nil_failed_handout_keeps_its_score_last_to_fold_away() -> None:
    """lesson_plans.md "Score it yourself": the deal handout prints the score, as its last
    section, after the bids and the trick table the groups score from."""
    from spades_lab.teach.handout import deal_handout
    html = deal_handout(COURSE / "nil_failed.json")
    heads = re.findall(r"<h2>([^<]+)</h2>", html)
    assert heads[-1] == "Score" and "Bids" in heads and "Tricks" in heads


def test_trick_five_of_the_standard_hand() -> None:
    """Notebook 01 "The middle of the hand": Ben won trick 4 and leads trick 5 (the Q♥); Ann
    trumps it with the 3♠, wins, and holds the A♠ and K♠."""
    h = replay(COURSE / "standard_hand.json").game.hands[0]
    assert h.tricks[3].winner == 1 and h.tricks[4].plays[0] == (1, h.tricks[4].plays[0][1])
    assert _plays(h, 5)[0] == "QH" and h.tricks[4].winner == 0
    assert dict((s, p.card.code) for s, p in h.tricks[4].plays)[0] == "3S"
    later = {p.card.code for t in h.tricks[5:] for s, p in t.plays if s == 0}
    assert {"AS", "KS"} <= later


def test_the_superior_trump_decided_tricks_8_9_and_12_for_eight() -> None:
    """Notebook 07: "decided three later tricks of the hand, tricks 8, 9 and 12"."""
    h = replay(COURSE / "acorns8_pairs.json").game.hands[0]
    assert [d.trick + 1 for d in trump_timeline(h).decided] == [8, 9, 12]


def test_the_heckadeck_card_counts() -> None:
    """Notebook 00's opening: 128 cards, 136 with Travelers and Hunters."""
    assert len(RuleSet.preset("acorns").deck) == 128
    assert len(RuleSet.preset("acorns", travelers_hunters=True).deck) == 136


# ------------------------------------------------------------------ lesson plans that fit

PLANS = (ROOT / "docs" / "teachers" / "lesson_plans.md").read_text(encoding="utf-8")
#: A trick at a table of learners (four cards, bots quick), in seconds: a play slot must hold
#: every trick it asks for at this pace.
SECONDS_PER_TRICK = 30


def _lessons() -> list[tuple[str, list[tuple[int, int, str]]]]:
    out = []
    for lesson in re.split(r"^## Lesson \d", PLANS, flags=re.M)[1:]:
        rows = [(int(a), int(b), rest) for a, b, rest in
                re.findall(r"^\| (\d+)–(\d+) \| (.+)$", lesson, flags=re.M)]
        out.append((lesson, rows))
    return out


def test_each_lesson_plan_fills_45_minutes_slot_after_slot() -> None:
    for lesson, rows in _lessons():
        assert rows[0][0] == 0 and rows[-1][1] == 45, lesson[:40]
        for (_, end, _), (start, _, _) in zip(rows, rows[1:], strict=False):
            assert end == start, (lesson[:40], end, start)


def test_each_play_slot_holds_the_tricks_it_asks_for() -> None:
    """A whole 34-trick Heckadeck hand does not fit 8 minutes; 12 tricks of it do."""
    for lesson, rows in _lessons():
        for start, end, text in rows:
            if "play mode" not in text or "yourself" not in text:
                continue
            name = re.search(r"rule set (\w+)", text)
            rules = RuleSet.preset(name.group(1) if name else "standard",
                                   {"travelers_hunters": True} if "Travelers and Hunters" in text
                                   else {})
            part = re.search(r"first (\d+) tricks", text)
            tricks = int(part.group(1)) if part else rules.hand_size
            assert tricks * SECONDS_PER_TRICK <= (end - start) * 60, (lesson[:40], text[:80])


def test_every_printed_sheet_is_used_by_a_slot() -> None:
    """The "Print:" line of each lesson names sheets; a slot of the lesson uses each."""
    for lesson, rows in _lessons():
        (printed,) = re.findall(r"Print: (.*?)(?:\n\n|\n\|)", lesson, flags=re.S)
        slots = " ".join(text for _, _, text in rows)
        if "rules sheet" in printed:
            assert "rules sheet" in slots, lesson[:40]
        if "deal" in printed and "handout" in printed:
            assert "deal handout" in slots, lesson[:40]
        for level in re.findall(r"level-(\d) quiz", printed):
            assert re.search(rf"[Ll]evel-{level} quiz", slots), (lesson[:40], level)


#: Questions of a paper quiz a class answers in a minute, its answer key read together after.
QUESTIONS_PER_MINUTE = 1.5
_NUMBERS = {"six": 6, "eight": 8, "ten": 10}


def test_each_quiz_slot_asks_no_more_questions_than_its_minutes_hold() -> None:
    """A quiz slot says how many questions it asks ("10 questions", "its first six
    questions"); the rest of a longer sheet is homework, which has no minutes."""
    found = 0
    for lesson, rows in _lessons():
        for start, end, text in rows:
            if "quiz" not in text.lower() or "Recap" in text:
                continue
            m = re.search(r"\((\d+) questions|first (\w+) questions", text)
            assert m, (lesson[:40], text[:80])
            n = int(m.group(1)) if m.group(1) else _NUMBERS[m.group(2)]
            assert n <= QUESTIONS_PER_MINUTE * (end - start), (lesson[:40], text[:80])
            found += 1
    assert found == 3  # one quiz slot per lesson
