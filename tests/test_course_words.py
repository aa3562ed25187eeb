"""What the course's pages say about the course itself and the rules (issue 23, item 6), kept
fixed by tests: no emoji suit symbols on any page a learner or teacher reads (the notebooks are
checked cell by cell in test_notebook_words), no "first partnership to the target wins" on any
page, the rulings' end-of-game sentence is what ``game_outcome`` decides, and every "notebook NN"
in the prose names a notebook that exists and, where the sentence says what it teaches, the
right one (the numbers moved when the course was put in teaching order)."""
from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from conftest import ROOT
from spades_lab.core.cards import SUITS
from spades_lab.core.rules import RuleSet
from spades_lab.core.scoring import game_outcome

NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md")),
         ROOT / "data" / "scenarios" / "README.md"]
OWN_SYMBOLS = {s.symbol for s in SUITS.values() if len(s.symbol) == 1}
NUMBER = {p.stem[:2]: p.stem for p in NOTEBOOKS}
TABLE_APP = next(n for n, stem in NUMBER.items() if stem.endswith("_table_app"))
HECKADECK = next(n for n, stem in NUMBER.items() if stem.endswith("_heckadeck_acorns"))


def _emoji(ch: str) -> bool:
    cp = ord(ch)
    return (0x1F000 <= cp <= 0x1FAFF or 0x2600 <= cp <= 0x27BF or 0x2B00 <= cp <= 0x2BFF) \
        and ch not in OWN_SYMBOLS


def _prose(path: Path) -> str:
    if path.suffix == ".ipynb":
        nb = nbformat.read(path, as_version=4)
        return "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    return path.read_text(encoding="utf-8")


@pytest.mark.parametrize("path", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_emoji_suit_symbols_on_the_pages(path: Path) -> None:
    bad = sorted({ch for ch in path.read_text(encoding="utf-8") if _emoji(ch)})
    assert not bad, bad


def test_the_emoji_check_can_fail() -> None:
    assert _emoji("\U0001f330") and _emoji("\u2601") and not _emoji("\u2660")


@pytest.mark.parametrize("path", PAGES + NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_page_says_the_first_to_the_target_wins(path: Path) -> None:
    assert not re.search(r"first (partnership|team|side) to (reach )?\d+", _prose(path)), path


def test_the_rulings_end_sentence_is_what_game_outcome_decides() -> None:
    rulings = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
    assert "The highest total wins; if the highest totals are equal, another hand is played." \
        in rulings
    r = RuleSet.preset("standard")
    first, higher = game_outcome(r, [r.target, r.target + 20]), game_outcome(r, [r.target] * 2)
    assert first.over and first.winner == 1  # not the first past the target: the highest
    assert not higher.over  # a tie at the top plays on


REF = re.compile(r"[Nn]otebooks? (\d\d)\b")


@pytest.mark.parametrize("path", PAGES + NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT)))
def test_notebook_numbers_in_the_prose_name_the_right_notebook(path: Path) -> None:
    text = _prose(path)
    for sentence in re.split(r"(?<=[.;:])\s+|\n\n", text):
        for num in REF.findall(sentence):
            assert num in NUMBER, f"{path.name}: notebook {num} does not exist: {sentence!r}"
        if re.search(r"[Pp]lay mode", sentence):
            for num in re.findall(r"[Pp]lay mode[^.;]{0,30}?\b[Nn]otebook (\d\d)", sentence):
                assert num == TABLE_APP, (path.name, sentence)
        for num in re.findall(r"Heckadeck[^.;]{0,40}?\b[Nn]otebook (\d\d) teaches", sentence):
            assert num == HECKADECK, (path.name, sentence)


def test_the_reference_check_reads_what_it_should() -> None:
    assert REF.findall("see notebook 02 and Notebooks 05") == ["02", "05"]
    assert TABLE_APP == "02" and HECKADECK == "06"
