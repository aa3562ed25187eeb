"""A real browser opens the Voila table app (notebooks/02_table_app.ipynb), steps through the
deal, changes a card in the what-if, answers a quiz question, and checks the words shown.

Debian's /usr/bin/chromium is driven by PyPI playwright (never ``playwright install``); the test
skips when either is missing.  Screenshots go to tests/artifacts/ and are copied to
docs/screenshots/ (shown in the README).
"""
from __future__ import annotations

import os
import re
import shutil

import pytest

from conftest import CHROMIUM, ROOT, launch_chromium

NOTEBOOK = ROOT / "notebooks" / "02_table_app.ipynb"  # conftest's voila_url fixture serves it
RECORD = ROOT / "data" / "scenarios" / "demo_acorns_th.json"
ARTIFACTS = ROOT / "tests" / "artifacts"
SCREENSHOTS = ROOT / "docs" / "screenshots"
QUIZ_SEED = 4  # the notebook's Quiz(RECORD, seed=4)

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="no /usr/bin/chromium")]
sync_api = pytest.importorskip("playwright.sync_api")


def _shot(page: object, name: str, selector: str | None = None) -> None:
    path = ARTIFACTS / name
    if selector:
        page.locator(selector).first.screenshot(path=str(path))  # type: ignore[attr-defined]
    else:
        page.screenshot(path=str(path), full_page=True)  # type: ignore[attr-defined]
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    shutil.copy(path, SCREENSHOTS / name)


def _quiz_answer() -> tuple[str, str]:
    """The first quiz question of the notebook and its right answer, from the engine."""
    from spades_lab.core.records import replay
    from spades_lab.teach.quiz import make_quiz

    q = make_quiz(replay(RECORD).game.rules, QUIZ_SEED).questions[0]
    return q.prompt, q.choices[q.answer]


def test_table_app_in_a_real_browser(voila_url: str) -> None:
    prompt, right = _quiz_answer()
    with sync_api.sync_playwright() as pw:
        browser = launch_chromium(pw)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 1000})
            page.set_default_timeout(120_000)
            page.goto(voila_url, wait_until="domcontentloaded")
            # the kernel runs the notebook; wait for the table widget to be drawn
            status = page.locator(".sl-table-app .sl-status").first
            status.wait_for(state="visible", timeout=180_000)
            assert "Step 0/140" in status.inner_text()
            table = page.locator(".sl-table-app .sl-table").first
            assert "North" in table.inner_text() and "West" in table.inner_text()

            # step through the deal: four bids, then the first trick card by card
            nxt = page.locator(".sl-table-app button.sl-next").first
            for _ in range(4):
                nxt.click()
            page.wait_for_function(
                "() => document.querySelector('.sl-table-app .sl-status')"
                ".innerText.includes('Step 4/140')")
            assert "Hand 1, trick 1: " in status.inner_text()  # the one status line
            for _ in range(3):
                nxt.click()
            page.wait_for_function(
                "() => document.querySelector('.sl-table-app .sl-status')"
                ".innerText.includes('Step 7/140')")
            expl = page.locator(".sl-table-app .sl-explanation").first
            # West's Jack is a face card: it flips South's Ace to high
            assert "Aces are high" in expl.inner_text()
            # a whole trick at once
            page.locator(".sl-table-app button.sl-next-trick").first.click()
            page.wait_for_function(
                "() => document.querySelector('.sl-table-app .sl-status')"
                ".innerText.includes('trick 2:')")
            page.wait_for_function(  # the trick area may redraw just after the status line
                "() => document.querySelector('.sl-table-app .sl-trick-area')"
                ".innerText.includes('won trick 1')")
            # East's 33 cards take at most two rows (the Heckadeck table gives the side seats
            # half the width and smaller cards)
            rows = page.evaluate(
                "() => new Set([...document.querySelectorAll("
                "'.sl-table-app .sl-seat[data-seat=\"1\"] .sl-card')].map(c => "
                "Math.round(c.getBoundingClientRect().top))).size")
            assert 1 <= rows <= 2, rows
            # best play: the solver's answer (or, this early in a 136-card hand, its bounds or
            # "too many cards left") comes back in words within its budget, then switch it off
            toggle = page.locator(".sl-table-app .sl-best-play-toggle").first
            toggle.click()
            page.wait_for_function(
                "() => { const b = document.querySelector('.sl-table-app .sl-best-play');"
                " return b && b.innerText.trim().length > 20; }")
            best = page.locator(".sl-table-app .sl-best-play").first.inner_text()
            assert "Best play" in best and "Traceback" not in best and "None" not in best, best
            toggle.click()
            page.wait_for_function(
                "() => !document.querySelector('.sl-table-app .sl-best-play')")
            # view as South: the other three hands are face down
            page.locator(".sl-table-app .sl-seat-select select").first.select_option(label="South")
            page.wait_for_function(
                "() => document.querySelectorAll('.sl-table-app .sl-face-down').length === 3")
            _shot(page, "table.png", ".sl-table-app")

            # what-if: an illegal card says why; a legal one re-plays the hand
            whatif = page.locator(".sl-whatif").first
            whatif.scroll_into_view_if_needed()
            illegal = whatif.locator("button.sl-choice.sl-illegal").first
            illegal.click()
            result = whatif.locator(".sl-whatif-result").first
            page.wait_for_function(
                "() => document.querySelector('.sl-whatif .sl-whatif-result')"
                ".innerText.includes('may not be played here')")
            assert "may not be played here" in result.inner_text()
            legal = whatif.locator("button.sl-choice.sl-legal:not(.sl-recorded)").first
            card = legal.inner_text().strip()
            legal.click()
            page.wait_for_function(
                "() => document.querySelector('.sl-whatif .sl-whatif-result')"
                ".innerText.includes('If ')")
            text = result.inner_text()
            assert "plays" in text and "hand score" in text
            _shot(page, "whatif.png", ".sl-whatif")
            assert card

            # quiz: click the right answer, the engine's explanation comes back
            quiz = page.locator(".sl-quiz").first
            quiz.scroll_into_view_if_needed()
            assert prompt in quiz.locator(".sl-quiz-question").first.inner_text()
            quiz.locator("button.sl-quiz-choice").filter(
                has_text=re.compile(f"^{re.escape(right)}$")).first.click()
            page.wait_for_function(
                "() => document.querySelector('.sl-quiz .sl-quiz-feedback')"
                ".innerText.startsWith('Right')")
            assert quiz.locator(".sl-quiz-feedback").first.inner_text().startswith("Right")
            _shot(page, "quiz.png", ".sl-quiz")
        finally:
            browser.close()
