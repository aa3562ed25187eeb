"""The presenter view in a real browser (spades_lab/classroom/present.py, docs/classroom.md
"The presenter view"): the teacher's page and the presenter view in one Chromium, two contexts
at 1024x768.  The teacher shows a table, previews and opens a poll on its position, the count
on the projector rises as a student answers, Reveal shows the spread and the verdict, and the
broadcast line reaches the projector and the student.  No scrollbar on the projector, no
console error, no other host, axe-core clean."""
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
    Watched,
    axe_violations,
    launch_chromium,
    stop,
)
from spades_lab.classroom.client import Student, Teacher  # noqa: E402

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="no /usr/bin/chromium"),
              pytest.mark.timeout(300)]

#: (docs/screenshots/classroom_presenter.png is the whole lesson's:
#: test_browser_classroom_whole_lesson.py)
SCREENSHOT = ARTIFACTS / "classroom_presenter_revealed.png"


def no_scrollbar(page: Any) -> bool:
    """No scrollbar, and what is shown is inside the window (scaled to fit, not cut off)."""
    return bool(page.evaluate(
        "() => { const d = document.documentElement, r = "
        "document.getElementById('fit').getBoundingClientRect(); "
        "return d.scrollHeight <= innerHeight && d.scrollWidth <= innerWidth && "
        "r.bottom <= innerHeight + 1 && r.right <= innerWidth + 1 && r.height > 50; }"))


def axe(page: Any, selector: str = "body") -> list[dict[str, Any]]:
    return axe_violations(page, selector) if AXE.exists() else []


def test_the_presenter_view_shows_a_table_then_a_poll_counted_then_revealed(
        tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    proc, base, code, secret = start(tmp_path / "class.sqlite3")
    try:
        teacher = Teacher(base, secret)
        ann = Student(base, code, "Ann")
        bob = Student(base, code, "Bob")
        table = teacher.new_table("standard", [ann.id, None, None, None], seed=11)["table"]
        for _ in range(200):  # Ann bids, then stops at her first card
            s = ann.wait(lambda m: m["type"] in ("state", "update"))["state"]
            if s["waiting_for"] == s["seat"] and s["legal_bids"]:
                ann.act(table, "bid", bid=3)
            elif s["waiting_for"] == s["seat"] and s["legal_plays"]:
                break
        with sync_playwright() as pw:
            browser = launch_chromium(pw)
            t = Watched(browser, f"{base}/teacher#secret={secret}")
            p = Watched(browser, f"{base}/present#secret={secret}")
            tp, pp = t.page, p.page
            pp.wait_for_selector(f".sl-join .sl-code >> text={code}")
            pp.wait_for_selector(".sl-join svg.sl-qr")
            assert no_scrollbar(pp)
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            pp.screenshot(path=str(ARTIFACTS / "classroom_presenter_code.png"))
            # one seat's view of the table, with the trump badges (the control room's Ask tab)
            tp.click("#tab-ask")
            tp.wait_for_selector(f"#ask-table option[value='{table}']", state="attached")
            tp.select_option("#ask-table", str(table))
            tp.select_option("#present-view", "seat")
            tp.wait_for_selector("#present-seat option[value='0']", state="attached")
            tp.select_option("#present-seat", "0")
            tp.click("#present-table")
            pp.wait_for_selector("#fit >> text=as Ann (North) sees it")
            pp.screenshot(path=str(ARTIFACTS / "classroom_presenter_table.png"))
            assert teacher.present()["table"]["seat"] == 0  # the Python client reads it too
            assert pp.locator("#fit .sl-trump").count() == 1
            assert no_scrollbar(pp)
            # every hand would show Ann the robots' cards: refused beside the control
            tp.select_option("#present-view", "all")
            tp.click("#present-table")
            tp.wait_for_selector("#present-message >> text=Ann plays at table")
            # the poll of the table's position, its verdict previewed to the teacher only
            tp.focus("#ask-poll")
            tp.keyboard.press("Enter")
            tp.wait_for_selector("#ask-preview >> text=Before you ask", timeout=60_000)
            assert "Ann sits at table" in tp.inner_text("#ask-preview")
            verdict = tp.inner_text("#ask-preview .sl-verdict")
            assert verdict and verdict not in pp.inner_text("body")
            assert teacher.preview(table)["verdict"] == verdict
            tp.locator("#lesson").screenshot(path=str(ARTIFACTS / "classroom_teacher_ask.png"))
            tp.click("#ask-preview button >> text=Start this poll")
            pp.wait_for_selector("#fit .sl-count >> text=0 of 1 answered")
            assert verdict not in pp.inner_text("body")
            act = bob.wait(lambda m: m["type"] == "lesson" and m["activity"])["activity"]
            choice = act["choices"][0]
            assert bob.respond(act["activity"], card=choice["card"],
                               as_=choice.get("as"))["type"] == "ack"
            pp.wait_for_selector("#fit .sl-count >> text=1 of 1 answered")
            assert "Bob" not in pp.inner_text("body") and verdict not in pp.inner_text("body")
            assert no_scrollbar(pp)
            # Reveal: the spread and the solver's verdict on the projector
            tp.click("#lesson-reveal")
            pp.wait_for_selector("#fit .sl-verdict", timeout=60_000)
            assert pp.inner_text("#fit .sl-verdict") == verdict
            rows = pp.locator("#fit table.sl-spread tr")
            assert rows.count() == len(act["choices"]) + 1
            assert "Bob" not in pp.inner_text("body")
            # the broadcast line: the projector and the student's device
            tp.click("#broadcast-form button[type=submit]")
            pp.wait_for_selector("#broadcast >> text=Eyes on the board")
            assert bob.wait(lambda m: m["type"] == "broadcast")["words"] == "Eyes on the board"
            tp.wait_for_selector("#present-message >> text=Sent to 2 students")
            assert no_scrollbar(pp)
            assert axe(pp) == [] and axe(tp, "#lesson") == []
            SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
            pp.screenshot(path=str(SCREENSHOT))
            # the one refusal is an HTTP 400 (the browser logs it); nothing else went wrong
            refused = [e for e in t.errors if "400" in e]
            assert len(refused) == 2 and all("/api/teacher/present" in e or "status of 400" in e
                                             for e in refused), t.errors
            assert [e for e in t.errors if "400" not in e] == [] and p.errors == [], \
                (t.errors, p.errors)
            assert t.elsewhere == [] and p.elsewhere == []
            # the Python client: the line cleared, the what-if's other cards
            assert teacher.broadcast("")["words"] == ""
            assert bob.wait(lambda m: m["type"] == "broadcast")["words"] == ""
            pp.wait_for_selector("#broadcast", state="hidden")
            assert teacher.whatif_choices(table)["happened"].startswith("In trick 1")
            browser.close()
        ann.close()
        bob.close()
    finally:
        stop(proc)
