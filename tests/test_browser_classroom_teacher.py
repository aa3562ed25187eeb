"""The teacher's page in a real browser: every table at a glance (a stuck table stands out in
words), one table opened with every hand, a table paused and resumed by clicking, a prepared
hand dealt to two chosen tables (one under the failed-nil option) and its comparison, the
records downloaded; no
console error, no other host, axe-core clean."""
from __future__ import annotations

import os
import shutil
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


SCREENSHOTS = Path(__file__).resolve().parent.parent / "docs" / "screenshots"


def shot(page: Any, selector: str, name: str) -> None:
    """A screenshot of ``selector`` to the test artifacts and docs/screenshots (the README)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / name
    page.locator(selector).screenshot(path=str(path))
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    shutil.copy(path, SCREENSHOTS / name)


def test_the_teachers_page(tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    if not AXE.exists():
        pytest.skip("node_modules/axe-core missing: run npm ci (./dev.sh test does)")
    proc, base, code, secret = start(tmp_path / "class.sqlite3")
    try:
        teacher = Teacher(base, secret)
        ann = Student(base, code, "Ann")
        # a robot's move a second: once Ann's seat goes to a robot below, the game is still
        # being played when the deal's warning is asked for (at full speed it could be over)
        t1 = teacher.new_table("standard", [ann.id, None, None, None], pace=1, seed=4)["table"]
        ann.close()  # Ann's turn, and she is gone: the table is stuck
        t2 = teacher.new_table("standard", pace=0, seed=5)["table"]
        t3 = teacher.new_table("online", pace=2, seed=6)["table"]
        with sync_playwright() as pw:
            browser = launch_chromium(pw)
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            errors: list[str] = []
            elsewhere: list[str] = []
            watch_page(page, errors, elsewhere)
            page.goto(f"{base}/teacher#secret={secret}")
            page.wait_for_selector(".sl-glance.sl-alert")
            stuck = page.inner_text(".sl-glance.sl-alert")
            assert "Needs you. Stuck: it is Ann (North)'s turn and they are not connected." \
                in stuck
            page.wait_for_selector("text=The game is over.")  # table 2's robots, at full speed
            page.locator("#glance").screenshot(path=str(ARTIFACTS / "classroom_glance.png"))
            # pause table 3 by clicking, then resume it
            page.click(f"text=Pause table {t3}")
            page.wait_for_selector(f"text=Resume table {t3}")
            assert [x["paused"] for x in teacher.tables()] == [False, False, True]
            page.click(f"text=Resume table {t3}")
            page.wait_for_selector(f"text=Pause table {t3}")
            # open table 1: every hand face up, drawn by render.table_html; Ann's seat to a robot
            page.click(f"text=Open table {t1}")
            page.wait_for_selector("#opened:not([hidden]) .sl-table")
            full = teacher.full(t1)
            assert page.locator("#full .sl-seat").count() == 4
            assert page.locator("#full .sl-card").count() >= sum(map(len, full["hands"]))
            page.click("#seat-controls >> text=Give this seat to a robot")
            page.wait_for_selector("#seat-controls >> text=Seat 1: Robot for Ann.")
            # deal a course hand to tables 1 and 2, the second under the failed-nil option
            page.locator(".sl-glance", has_text=f"Table {t1}:").locator("input").check()
            page.locator(".sl-glance", has_text=f"Table {t2}:").locator("input").check()
            page.click("#deal-box summary")
            page.select_option("#deal-source", "course")
            page.select_option("#deal-name", "standard_hand.json")
            page.select_option(f"#deal-rules-{t2}", index=1)
            page.click("#deal button[type=submit]")
            # table 1's hand is in progress: the page warns first, and deals on the second click
            page.wait_for_selector(f"#deal-confirm >> text=Table {t1} is playing")
            page.click("#deal-confirm >> text=Deal it anyway")
            page.wait_for_selector("#compare table")
            page.wait_for_function("() => !document.querySelector('#compare').innerText"
                                   ".includes('still playing')", timeout=60_000)
            c = teacher.comparison(1)
            assert [t["rules"]["options"].get("failed_nil_tricks") for t in c["tables"]] == \
                [None, "count_toward_bid"]
            assert all(t["finished"] for t in c["tables"])
            shot(page, "#compare", "classroom_compare.png")
            # take it home: the records' zip downloads (an HTTP response, saved by the browser)
            page.click("#tab-results")
            with page.expect_download() as got:
                page.click("button[data-export='records.zip']")
            assert got.value.suggested_filename == f"class-{code}-records.zip"
            bad = axe_violations(page)
            assert not bad, bad
            assert errors == [] and elsewhere == [], (errors, elsewhere)
            browser.close()
    finally:
        stop(proc)
