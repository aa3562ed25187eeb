"""The classroom's student page in a real browser: a student joins with the class code and a
name, sits at a table the teacher opened (robots in the other seats), bids and plays by
clicking, and sees an illegal card refused with the engine's sentence; the page asks no other
host and logs no console error."""
from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn")
pytest.importorskip("playwright")

from test_classroom_server import start  # noqa: E402

from conftest import ARTIFACTS, CHROMIUM, launch_chromium, stop  # noqa: E402
from spades_lab.classroom.client import Teacher  # noqa: E402

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="no /usr/bin/chromium"),
              pytest.mark.timeout(300)]


def test_a_student_joins_sits_bids_and_plays_by_clicking(tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    proc, base, code, secret = start(tmp_path / "class.sqlite3")
    try:
        teacher = Teacher(base, secret)
        with sync_playwright() as pw:
            browser = launch_chromium(pw)
            page = browser.new_page()
            errors: list[str] = []
            elsewhere: list[str] = []
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.on("response", lambda r: errors.append(f"{r.status} {r.url}")
                    if r.status >= 400 else None)
            page.on("request", lambda r: None if r.url.startswith(("http://127.0.0.1",
                                                                     "ws://127.0.0.1", "data:"))
                    else elsewhere.append(r.url))
            page.goto(base + "/")
            page.fill("#code", code)
            page.fill("#name", "Ann")
            page.click("#join button[type=submit], #join button")
            page.wait_for_selector("text=Welcome, Ann.")
            # the teacher seats Ann in North, robots in the other seats
            (ann,) = [s["student"] for s in teacher.overview()["students"] if s["name"] == "Ann"]
            table = teacher.new_table("standard", [ann, None, None, None], pace=0,
                                      seed=4)["table"]
            page.wait_for_selector("#seat:not([hidden])")
            assert f"Table {table}" in page.inner_text("#seat-title")

            def state() -> str:
                return page.inner_text("#status")

            # the bidding: look first where the rules offer a blind bid, then bid
            for _ in range(40):
                buttons = page.locator("#choices button")
                labels = [buttons.nth(i).inner_text() for i in range(buttons.count())]
                look = [x for x in labels if x.startswith("Look")]
                bids = [x for x in labels if x.startswith("Bid ") and "nil" not in x.lower()]
                if look:
                    page.click("text=Look at your cards")
                elif bids:
                    page.locator("#choices button", has_text=re.compile(
                        f"^{re.escape(bids[0])}$")).first.click()
                    break
                page.wait_for_timeout(200)
            else:
                raise AssertionError(f"no bid offered: {state()}")

            # an illegal card (when the page marks one) is refused with the engine's sentence
            page.wait_for_function("() => document.querySelector('#status').innerText"
                                   " === 'Your turn.'", timeout=60_000)
            illegal = page.locator("#drawing button.sl-illegal")
            if illegal.count():
                illegal.first.click()
                page.wait_for_function("() => document.querySelector('#message').innerText"
                                       ".length > 0")
                refused = page.inner_text("#message")
                assert re.search(r"must|may not|cannot", refused), refused
                assert not re.search(r"[a-z]+-[a-z]+-[a-z]+|Traceback", refused), refused
            # play the whole hand by clicking a legal card whenever it is the student's turn
            played = 0
            for _ in range(400):
                if page.locator("#drawing button[data-card]").count() == 0 and played:
                    break
                if state() == "Your turn." and page.locator("#drawing button.sl-legal").count():
                    page.locator("#drawing button.sl-legal").first.click()
                    played += 1
                    page.wait_for_timeout(150)
                else:
                    page.wait_for_timeout(150)
                if played >= 13:
                    break
            assert played == 13, (played, state())
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / "classroom_student.png"), full_page=True)
            page.wait_for_function("() => document.querySelector('#log').innerText"
                                   ".includes('wins')", timeout=60_000)
            log = page.inner_text("#log")
            assert "wins" in log
            assert not re.search(r"\b\d{1,2}[SHDC]\b|\[[a-z-]+\]", log), log  # words, no codes
            record: dict[str, Any] = teacher.record(table)
            assert len(record["hands"][0]["plays"]) == 52
            assert errors == [] and elsewhere == [], (errors, elsewhere)
            browser.close()
    finally:
        stop(proc)
