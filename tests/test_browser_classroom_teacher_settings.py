"""The teacher's page controls a table's hints and taking back, in a real browser: the teacher
opens a table, turns hints on by clicking (the student's page then shows its hint button, and
the hint works), turns taking back on (the student's take-back button shows), and after the
student's play clicks "Take back the last action" (the card is back in the student's hand, it
is their turn again); a take-back with nothing left to take back shows the server's sentence in
the page's message.  No console error other than that refusal's own 409, no other host,
axe-core clean on both pages."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn")
pytest.importorskip("playwright")

from test_classroom_server import start  # noqa: E402

from conftest import (  # noqa: E402
    AXE,
    CHROMIUM,
    Watched,
    axe_violations,
    launch_chromium,
    stop,
)
from spades_lab.classroom.client import Teacher  # noqa: E402

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="no /usr/bin/chromium"),
              pytest.mark.skipif(not AXE.exists(), reason="no node_modules/axe-core"),
              pytest.mark.timeout(300)]

WAIT = 30_000  # ms: every wait is bounded


def _message(page: Any, text: str) -> None:
    """Wait (bounded) until the message says exactly ``text``: on the teacher's page the
    opened table's note (beside its controls), on the student's the message line."""
    page.wait_for_function("(t) => (document.querySelector('#opened-note') || "
                           "document.querySelector('#message')).textContent === t", arg=text)


def test_the_teacher_controls_hints_and_taking_back(tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    proc, base, code, secret = start(tmp_path / "class.sqlite3")
    try:
        teacher = Teacher(base, secret)
        with sync_playwright() as pw:
            browser = launch_chromium(pw)
            student = Watched(browser, f"{base}/?code={code}", size=(1280, 900), timeout=WAIT)
            ann, ann_errors, ann_elsewhere = student.page, student.errors, student.elsewhere
            ann.fill("#name", "Ann")
            ann.click("#join button[type=submit]")
            ann.wait_for_selector("text=Welcome, Ann.")
            sid = next(s["student"] for s in teacher.overview()["students"]
                       if s["name"] == "Ann")
            tid = teacher.new_table("standard", [sid, None, None, None], pace=0,
                                    seed=4)["table"]
            ann.wait_for_selector("#seat:not([hidden])")
            ann.wait_for_function("() => document.querySelector('#status').textContent "
                                  ".includes(': Your turn to ')")
            assert ann.locator("#hint-button").is_hidden()
            assert ann.locator("#undo-button").is_hidden()

            boss = Watched(browser, f"{base}/teacher#secret={secret}", size=(1280, 900),
                           timeout=WAIT)
            tp, errors, elsewhere = boss.page, boss.errors, boss.elsewhere
            card = tp.locator(".sl-glance", has_text=f"Table {tid}:")
            card.locator("text=hints off; taking back off.").wait_for()
            tp.click(f"text=Open table {tid}")
            tp.wait_for_selector("#opened:not([hidden])")
            hints = tp.get_by_label("Hints for the students")
            undo = tp.get_by_label("Taking back (needs every player's consent)")
            assert not hints.is_checked() and not undo.is_checked()  # off at a table of people

            # hints on, from the page: the student's hint button shows, and answers
            hints.check()
            ann.wait_for_selector("#hint-button:not([hidden])")
            assert teacher.full(tid)["settings"] == {"hints": True, "undo": False}
            card.locator("text=hints on; taking back off.").wait_for()
            assert hints.is_checked()
            ann.click("#hint-button")
            ann.wait_for_function("() => document.querySelector('#hint').textContent"
                                  ".startsWith('The practice bot would ')")
            # taking back on: the student's take-back button shows
            undo.check()
            ann.wait_for_selector("#undo-button:not([hidden])")
            assert teacher.full(tid)["settings"] == {"hints": True, "undo": True}
            card.locator("text=hints on; taking back on.").wait_for()

            # Ann bids, the robots bid, Ann plays a card
            ann.click("#choices button:text-is('Bid 3')")
            ann.wait_for_selector("#drawing button.sl-legal")
            ann.wait_for_function("() => document.querySelector('#status').textContent "
                                  ".includes(': Your turn to ')")
            played = ann.locator("#drawing button.sl-legal").first.get_attribute("data-card")
            assert played
            in_hand = f"#drawing button[data-card='{played}']"
            assert ann.locator(in_hand).count() == 1
            ann.click(in_hand)
            ann.wait_for_selector(in_hand, state="detached")
            v = teacher.full(tid)["version"]

            # the teacher takes the play back: the card is in Ann's hand again, her turn
            take_back = tp.get_by_role("button", name="Take back the last action")
            take_back.click()
            _message(tp, "The table took back Ann's last decision.")
            ann.wait_for_selector(in_hand)
            ann.wait_for_function("() => document.querySelector('#status').textContent "
                                  ".includes(': Your turn to ')")
            _message(ann, "The table took back Ann's last decision.")
            assert teacher.full(tid)["version"] < v
            # again: her bid goes back too (the bid buttons are offered again)
            take_back.click()
            ann.wait_for_selector("#choices button:text-is('Bid 3')")
            # and once more: nothing of a person's is left, the server's sentence is shown
            before = teacher.full(tid)["version"]
            take_back.click()
            _message(tp, "There is nothing to take back.")
            assert teacher.full(tid)["version"] == before
            tp.wait_for_timeout(3500)  # the page's own refresh (every 3 s) keeps the sentence
            assert tp.inner_text("#opened-note") == "There is nothing to take back."

            bad = axe_violations(tp)
            assert not bad, bad
            bad = axe_violations(ann)
            assert not bad, bad
            # the refusal is an HTTP 409 (the browser logs it); nothing else went wrong
            refused = [e for e in errors if "409" in e]
            assert refused and all(f"/api/teacher/tables/{tid}/undo" in e or
                                   "status of 409" in e for e in refused), errors
            assert [e for e in errors if "409" not in e] == [], errors
            assert ann_errors == [] and elsewhere == [] and ann_elsewhere == [], \
                (ann_errors, elsewhere, ann_elsewhere)
            browser.close()
    finally:
        stop(proc)
