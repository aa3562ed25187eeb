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

from conftest import (  # noqa: E402
    ARTIFACTS,
    AXE,
    CHROMIUM,
    Watched,
    axe_violations,
    launch_chromium,
    stop,
    watch_page,
)
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
            watch_page(page, errors, elsewhere)
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
                return str(page.inner_text("#status"))

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
            # (", trick 1: ": the bidding's "Hand 1: Your turn to bid." is not the play's turn)
            page.wait_for_function("() => document.querySelector('#status').innerText"
                                   ".includes('trick 1: Your turn to ')", timeout=60_000)
            assert re.fullmatch(r"Hand 1, trick 1: Your turn to (lead|play)\.", state()), state()
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
                legal = page.locator("#drawing button.sl-legal")
                if ": Your turn to " in state() and legal.count():
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


SCREENSHOTS = Path(__file__).resolve().parent.parent / "docs" / "screenshots"


@pytest.mark.skipif(not AXE.exists(), reason="no node_modules/axe-core")
def test_four_students_and_the_teacher_play_a_hand_together(tmp_path: Path) -> None:
    """Four students join from four browser contexts; the teacher (a fifth) seats them at one
    table; they bid and play a whole hand by clicking (one of them by the keyboard alone, in
    projector mode on 1024x768); no console error, no other host, no serious or critical axe
    violation on the student's or the teacher's page."""
    from playwright.sync_api import sync_playwright

    proc, base, code, secret = start(tmp_path / "class.sqlite3")
    try:
        teacher = Teacher(base, secret)
        with sync_playwright() as pw:
            browser = launch_chromium(pw)
            boss = Watched(browser, f"{base}/teacher#secret={secret}")
            boss.page.wait_for_selector("#qr svg")
            names = ["Ann", "Bob", "Cy", "Di"]
            kids = []
            for name in names:
                w = Watched(browser, f"{base}/?code={code}")  # as the QR code's address
                assert w.page.input_value("#code") == code
                w.page.fill("#name", name)
                w.page.click("#join button[type=submit]")
                w.page.wait_for_selector(f"text=Welcome, {name}.")
                kids.append(w)
            ids = {s["name"]: s["student"] for s in teacher.overview()["students"]}
            table = teacher.new_table("standard", [ids[n] for n in names], pace=0,
                                      seed=11)["table"]
            for w in kids:
                w.page.wait_for_selector("#seat:not([hidden])")
            ann = kids[0].page
            ann.click("#projector")
            assert ann.get_attribute("#projector", "aria-pressed") == "true"
            clicks = keys = 0
            checked_projector = shot = False
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            for _ in range(3_000):
                record: dict[str, Any] = teacher.record(table)
                hands = record["hands"]
                if hands and len(hands[0]["plays"]) == 52:
                    break
                if hands and len(hands[0]["plays"]) >= 22 and not shot:  # mid-hand: a picture
                    bob = kids[1].page
                    bob.wait_for_function("() => document.querySelectorAll("
                                          "'#drawing .sl-trick-play').length > 0")
                    # (docs/screenshots/classroom_student.png is test_browser_classroom_student's)
                    ARTIFACTS.mkdir(parents=True, exist_ok=True)
                    bob.screenshot(path=str(ARTIFACTS / "classroom_student_mid_hand.png"))
                    shot = True
                acted = False
                for k, w in enumerate(kids):
                    p = w.page
                    if ": Your turn to " not in p.inner_text("#status"):
                        continue
                    look = p.locator("#choices button", has_text="Look at your cards")
                    bids = p.locator("#choices button", has_text=re.compile(r"^Bid \d+$"))
                    legal = p.locator("#drawing button.sl-legal")
                    if k == 0 and legal.count() and not checked_projector:
                        size = p.evaluate("() => [document.documentElement.scrollWidth, "
                                          "document.documentElement.scrollHeight, "
                                          "innerWidth, innerHeight, Math.min(...[...document"
                                          ".querySelectorAll('#drawing button[data-card]')]"
                                          ".map(b => b.getBoundingClientRect().width))]")
                        assert size[0] <= size[2] and size[1] <= size[3], size  # no scrollbars
                        assert size[4] >= 70, size  # cards at least 70 px wide
                        assert axe_violations(p) == []
                        p.screenshot(path=str(SCREENSHOTS / "classroom_projector.png"))
                        checked_projector = True
                    if k == 0:  # Ann: the keyboard alone, Tab to the control, Enter
                        want = "look" if look.count() else "bid" if bids.count() else \
                            "card" if legal.count() else None
                        if want is None:
                            continue
                        for _ in range(120):
                            p.keyboard.press("Tab")
                            got = p.evaluate(
                                "() => { const e = document.activeElement; return [e.dataset"
                                ".card ? 'card' : (e.dataset.key || '').split(':')[0], "
                                "e.classList.contains('sl-legal'), /^Bid \\d+$/.test("
                                "e.textContent), getComputedStyle(e).outlineStyle]; }")
                            if (want == "card" and got[0] == "card" and got[1]) or (
                                    want == "bid" and got[0] == "bid" and got[2]) or (
                                    want == "look" and got[0] == "look"):
                                assert got[3] != "none", got  # the focus is visible
                                break
                        else:
                            raise AssertionError(f"Tab never reached a {want}")
                        p.keyboard.press("Enter")
                        keys += 1
                    elif look.count():
                        look.first.click()
                    elif bids.count():
                        bids.first.click()
                    elif legal.count():
                        legal.first.click()
                    else:
                        continue
                    clicks += 1
                    acted = True
                    p.wait_for_timeout(100)
                if not acted:
                    kids[0].page.wait_for_timeout(100)
            assert len(teacher.record(table)["hands"][0]["plays"]) == 52
            assert checked_projector and keys >= 13, (checked_projector, keys)
            for w in kids:
                w.page.wait_for_function("() => document.querySelector('#log').innerText"
                                         ".includes('Hand 1 scored')")
                # the hand's score in words stays under the table through the next deal
                score = w.page.inner_text("#score")
                assert "Hand 1 is over." in score and "bags" in score, score
            boss.page.wait_for_function(
                "() => document.querySelector('#tables').innerText.includes('Ann')")
            ann.click("#projector")  # back to the ordinary page for the audit and the picture
            assert axe_violations(kids[1].page) == [] and axe_violations(ann) == []
            assert axe_violations(boss.page) == []
            assert shot
            # (docs/screenshots/classroom_teacher.png is the control room's:
            # test_browser_classroom_teacher_room.py)
            boss.page.screenshot(path=str(ARTIFACTS / "classroom_teacher_lesson.png"))
            for w in [boss, *kids]:
                assert w.errors == [] and w.elsewhere == [], (w.errors, w.elsewhere)
            browser.close()
    finally:
        stop(proc)


def test_projector_mode_holds_an_eight_seat_heckadeck_table(tmp_path: Path) -> None:
    """At an 8-seat Heckadeck table (16 cards a hand), projector mode still fits 1024x768
    without scrollbars, with every card button at least 70 px wide."""
    from playwright.sync_api import sync_playwright

    proc, base, code, secret = start(tmp_path / "class.sqlite3")
    try:
        teacher = Teacher(base, secret)
        with sync_playwright() as pw:
            browser = launch_chromium(pw)
            w = Watched(browser, f"{base}/?code={code}")
            p = w.page
            p.click("#projector")
            p.fill("#name", "Ann")
            p.click("#join button[type=submit]")
            p.wait_for_selector("text=Welcome, Ann.")
            (ann,) = [s["student"] for s in teacher.overview()["students"]]
            teacher.new_table("acorns8", [ann] + [None] * 7, pace=0, seed=2)
            for _ in range(100):  # look and bid until the cards are in the hand
                p.wait_for_selector("#seat:not([hidden])")
                if p.locator("#drawing button[data-card]").count():
                    break
                look = p.locator("#choices button", has_text="Look at your cards")
                if look.count():
                    look.first.click()
                p.wait_for_timeout(200)
            size = p.evaluate("() => [document.documentElement.scrollWidth, "
                              "document.documentElement.scrollHeight, innerWidth, innerHeight, "
                              "Math.min(...[...document.querySelectorAll('#drawing "
                              "button[data-card]')].map(b => b.getBoundingClientRect().width)),"
                              " document.querySelectorAll('#drawing button[data-card]').length]")
            p.screenshot(path=str(ARTIFACTS / "classroom_projector_acorns8.png"))
            assert size[5] >= 16, size  # the Heckadeck's 16 cards a hand at 8 seats
            assert size[0] <= size[2] and size[1] <= size[3], size
            assert size[4] >= 70, size
            assert axe_violations(p) == []
            assert w.errors == [] and w.elsewhere == [], (w.errors, w.elsewhere)
            browser.close()
    finally:
        stop(proc)
