"""A real browser prints the teacher's pages: Debian's Chromium renders a rules sheet, a deal
handout, a quiz sheet and its answer key to PDF; the page counts are checked, and the answer
key read back from the rendered page matches the engine's answers."""
from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest

from conftest import ROOT
from spades_lab.core.rules import PRESETS
from spades_lab.teach.handout import (
    answer_key,
    deal_handout,
    html_to_pdf,
    pdf_page_count,
    quiz_sheet,
    rules_sheet,
)
from spades_lab.teach.quiz import make_quiz, verify

CHROMIUM = "/usr/bin/chromium"
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="no /usr/bin/chromium"),
              pytest.mark.timeout(300)]


@pytest.mark.parametrize(("name", "options"), [(n, {}) for n in PRESETS] + [
    ("acorns8", {"travelers_hunters": True, "th_low": True, "losing_floor": -200})])
def test_rules_sheet_prints_on_one_page(name: str, options: dict, tmp_path: Path) -> None:
    pdf = html_to_pdf(rules_sheet(name, options), tmp_path / "rules.pdf", chromium=CHROMIUM)
    assert pdf.read_bytes().startswith(b"%PDF") and pdf_page_count(pdf) == 1


def test_deal_handout_pdf(tmp_path: Path) -> None:
    page = deal_handout(ROOT / "data" / "course" / "standard_hand.json")
    assert pdf_page_count(html_to_pdf(page, tmp_path / "deal.pdf", chromium=CHROMIUM)) == 1


def test_quiz_sheet_and_key_pdf_and_the_key_matches_the_engine(tmp_path: Path) -> None:
    quiz = make_quiz("standard", seed=11, count=12)
    sheet = html_to_pdf(quiz_sheet(quiz), tmp_path / "quiz.pdf", chromium=CHROMIUM)
    key = html_to_pdf(answer_key(quiz), tmp_path / "key.pdf", chromium=CHROMIUM)
    assert 2 <= pdf_page_count(sheet) <= 4  # twelve questions, none split across pages
    assert pdf_page_count(key) >= 1
    sync_api = pytest.importorskip("playwright.sync_api")
    (tmp_path / "key.html").write_text(answer_key(quiz), encoding="utf-8")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page()
        page.goto((tmp_path / "key.html").as_uri())
        cells = page.locator("td.answer").all_inner_texts()
        browser.close()
    assert len(cells) == len(quiz.questions)
    for q, cell in zip(quiz.questions, cells, strict=True):
        letter = cell.strip()[0]
        shown = replace(q, answer=ord(letter) - 65)
        assert verify(shown), (cell, q.text)  # the engine agrees with the printed key
        assert cell.strip()[3:] == q.choices[shown.answer]
