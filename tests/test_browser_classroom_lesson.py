"""The lesson's page parts in a real browser (spades_lab/classroom/lesson.py): the teacher
polls a table's position from the keyboard (its verdict previewed first), a student answers
it by clicking a card, the spread and the solver's verdict show on the teacher's page, the
answer is revealed to the student; then a quiz answered with its feedback, and the board of
mistakes.  No console error, no other
host."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn")
pytest.importorskip("playwright")

from test_classroom_server import start  # noqa: E402

from conftest import (  # noqa: E402
    ARTIFACTS,
    AXE,
    CHROMIUM,
    axe_violations,
    launch_chromium,
    stop,
    watch_page,
)
from spades_lab.classroom.client import Student, Teacher  # noqa: E402

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="no /usr/bin/chromium"),
              pytest.mark.timeout(300)]




def axe(page: Any, selector: str) -> list[dict[str, Any]]:
    """:func:`conftest.axe_violations` (none when axe-core is not installed: ./dev.sh test
    installs it)."""
    return axe_violations(page, selector) if AXE.exists() else []


def test_a_poll_and_a_quiz_from_the_teachers_page(tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    proc, base, code, secret = start(tmp_path / "class.sqlite3")
    try:
        teacher = Teacher(base, secret)
        ann = Student(base, code, "Ann")
        assert ann.id is not None
        table = teacher.new_table("standard", [ann.id, None, None, None], seed=11)["table"]
        for _ in range(200):  # Ann bids, then stops at her first card
            s = ann.wait(lambda m: m["type"] in ("state", "update"))["state"]
            if s["waiting_for"] == s["seat"] and s["legal_bids"]:
                ann.act(table, "bid", bid=3)
            elif s["waiting_for"] == s["seat"] and s["legal_plays"]:
                break
        with sync_playwright() as pw:
            browser = launch_chromium(pw)
            errors: list[str] = []
            elsewhere: list[str] = []
            bob = browser.new_context().new_page()
            watch_page(bob, errors, elsewhere)
            bob.goto(base + "/")
            bob.fill("#code", code)
            bob.fill("#name", "Bob")
            bob.press("#name", "Enter")
            bob.wait_for_selector("text=Welcome, Bob.")
            page = browser.new_context().new_page()
            watch_page(page, errors, elsewhere)
            page.goto(f"{base}/teacher#secret={secret}")
            page.click("#tab-ask")  # the control room's Ask tab
            page.wait_for_selector("text=No question is open.")
            # the teacher polls the table's position from the keyboard: nothing typed
            page.wait_for_selector(f"#ask-table option[value='{table}']", state="attached")
            page.focus("#ask-poll")
            page.keyboard.press("Enter")
            begin = page.locator("#ask-preview button", has_text="Start this poll")
            begin.wait_for(timeout=60_000)
            begin.focus()
            page.keyboard.press("Enter")
            page.wait_for_selector("#lesson-view >> text=Which card would you play?")
            # Bob sees the seat to play's cards and clicks a legal one
            bob.wait_for_selector("#lesson:not([hidden]) #lesson-body button.sl-legal")
            card = bob.locator("#lesson-body button.sl-legal").first
            label = card.get_attribute("aria-label")
            card.click()
            bob.wait_for_selector("#lesson-body >> text=Your answer:")
            # the spread and the verdicts, live on the teacher's page
            page.wait_for_selector("#lesson-view td >> text=Bob", timeout=30_000)
            page.wait_for_selector("#lesson-view td >> text=keeps", timeout=60_000)
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / "classroom_teacher_poll.png"), full_page=True)
            assert axe(page, "#lesson") == [] and axe(bob, "#lesson") == []
            page.focus("#lesson-reveal")
            page.keyboard.press("Enter")
            bob.wait_for_selector("#lesson-body .sl-answer")
            assert "Your card: " in bob.inner_text("#lesson-body")
            assert label
            # a quiz of two questions: Bob answers the first and reads its feedback
            page.select_option("#quiz-level", "1")
            page.fill("#quiz-count", "2")
            page.click("#quiz-form button[type=submit]")
            page.wait_for_selector("#lesson-view >> text=A quiz of 2 questions")
            bob.wait_for_selector("#lesson-body fieldset button")
            bob.locator("#lesson-body fieldset").first.locator("button").first.click()
            bob.wait_for_selector("#lesson-body fieldset .sl-right, "
                                  "#lesson-body fieldset .sl-wrong")
            page.wait_for_selector("#lesson-view li >> text=Bob:", timeout=30_000)
            assert axe(page, "#lesson") == [] and axe(bob, "#lesson") == []
            page.click("#board-refresh")
            bob.focus("#mistakes-button")
            bob.keyboard.press("Enter")
            bob.wait_for_selector("#my-mistakes li")  # a wrong answer, or "No mistakes so far."
            bob.screenshot(path=str(ARTIFACTS / "classroom_student_quiz.png"), full_page=True)
            assert errors == [] and elsewhere == [], (errors, elsewhere)
            browser.close()
        ann.close()
    finally:
        stop(proc)
