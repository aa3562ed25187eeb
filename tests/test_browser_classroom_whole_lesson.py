"""A whole lesson in one real browser (issue 29, "What must show it"; docs/classroom.md): one
Chromium, six contexts: the teacher's page and the presenter view at 1024x768, four students at
1024x768 and 1366x768.  Everything the teacher does is a click on the teacher's page: a table
opened with Travelers and Hunters (Spades and Acorns), the four students seated in it, Start;
the students bid and play two tricks by clicking.  The server is killed (SIGKILL) and started
again on the same store and port: every page comes back by itself within 10 seconds at the
same step, the teacher's page without a new address.  The teacher pauses (every student's
controls disabled), polls a position of the opened table from the Ask tab's buttons (a robots'
table beside: the students' own hand, still in play, is kept from them, docs/classroom.md "One
table, one side of a deal"), the students answer, the projector counts them, then shows the
spread and the solver's verdict on Reveal; a three-question quiz one question at a time on the
projector; the line to every device; the answers (CSV) and the class report downloaded.  No
console error but Chromium's own line for each refused connection while the server was down, no
other host, axe-core clean on all three pages, no scrollbar on the projector."""
from __future__ import annotations

import csv
import io
import os
import signal
import time
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
    REFUSED,
    ROOT,
    Watched,
    axe_violations,
    launch_chromium,
    stop,
    student_act,
    student_step,
)
from spades_lab.classroom.client import Teacher  # noqa: E402

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="no /usr/bin/chromium"),
              pytest.mark.skipif(not AXE.exists(), reason="no node_modules/axe-core"),
              pytest.mark.timeout(900)]

SCREENSHOTS = ROOT / "docs" / "screenshots"
NAMES = ["Ann", "Ben", "Cat", "Dan"]
#: What a student's page shows of the table: it changes when an action of theirs is answered.
SHOWN = ("() => document.querySelector('#status').innerText + '|' + "
         "document.querySelector('#choices').innerText + '|' + "
         "document.querySelectorAll('#drawing button[data-card]').length")
#: A wait on a page: generous for a loaded 2-core machine, never a sleep.
WAIT = 60_000


def no_scrollbar(page: Any) -> bool:
    """No scrollbar on the presenter view, and what it shows inside the window."""
    return bool(page.evaluate(
        "() => { const d = document.documentElement, r = "
        "document.getElementById('fit').getBoundingClientRect(); "
        "return d.scrollHeight <= innerHeight && d.scrollWidth <= innerWidth && "
        "r.bottom <= innerHeight + 1 && r.right <= innerWidth + 1 && r.height > 50; }"))


def plays_done(teacher: Teacher, table: int) -> int:
    record = teacher.record(table)
    return len(record["hands"][0].get("plays", [])) if record["hands"] else 0


def test_a_whole_lesson_through_a_restart(tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    db = tmp_path / "class.sqlite3"
    proc, base, code, secret = start(db)
    port = int(base.rsplit(":", 1)[1])
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    try:
        teacher = Teacher(base, secret)  # the test's own eyes on the store, never a control
        with sync_playwright() as pw:
            browser = launch_chromium(pw)
            boss = Watched(browser, f"{base}/teacher#secret={secret}", timeout=WAIT)
            board = Watched(browser, f"{base}/present#secret={secret}", timeout=WAIT)
            kids = [Watched(browser, f"{base}/?code={code}", timeout=WAIT,
                            size=(1024, 768) if i % 2 == 0 else (1366, 768))
                    for i in range(4)]
            everyone = [boss, board, *kids]
            tp, pp = boss.page, board.page
            pp.wait_for_selector(f".sl-join .sl-code >> text={code}")
            assert no_scrollbar(pp)
            for name, k in zip(NAMES, kids, strict=True):
                k.page.fill("#name", name)
                k.page.click("#join button[type=submit]")
            for name, k in zip(NAMES, kids, strict=True):
                k.page.wait_for_selector(f"text=Welcome, {name}.")

            # ---- the teacher opens the table: Travelers and Hunters, the four seated
            tp.click("#tab-tables")
            tp.click("#new-box summary")
            tp.select_option("#preset", "acorns")
            tp.wait_for_selector("#opt-travelers_hunters")
            tp.check("#opt-travelers_hunters")
            tp.wait_for_selector("#new-words >> text=Travelers and Hunters")
            for i, name in enumerate(NAMES):
                tp.wait_for_selector(f"#new-seat-{i} option >> text={name}", state="attached")
                tp.select_option(f"#new-seat-{i}", label=name)
            tp.select_option("#start-when", "teacher")
            tp.click("#new button[type=submit]")
            tp.wait_for_selector("#new-note >> text=it waits for its players")
            (table,) = [t["table"] for t in teacher.tables()]
            card = tp.locator(f".sl-glance[data-table='{table}']")
            card.locator("text=Waiting for players").wait_for()
            assert teacher.full(table)["rules"]["options"] == {"travelers_hunters": True}
            for k in kids:
                k.page.wait_for_selector("#status >> text=Waiting for players")
            # and a robots' table beside, for the class to look at together
            tp.select_option("#preset", "standard")
            tp.wait_for_selector("#new-seat-3", state="attached")
            for i in range(4):
                tp.select_option(f"#new-seat-{i}", "")
            tp.select_option("#start-when", "seated")
            tp.fill("#pace", "0.5")
            tp.click("#new button[type=submit]")
            tp.wait_for_selector("#new-note >> text=is open and playing")
            robots = max(t["table"] for t in teacher.tables())
            tp.click("#new-box summary")  # the form folded away
            card.locator(f"text=Start table {table}").click()
            card.locator(f"text=Table {table} has started.").wait_for()
            card.locator(f"text=Open table {table}").click()
            tp.wait_for_selector("#opened:not([hidden]) .sl-table")

            # ---- they bid and play two tricks by clicking
            deadline = time.monotonic() + 300
            while plays_done(teacher, table) < 8:
                assert time.monotonic() < deadline, [k.page.inner_text("#status") for k in kids]
                acted = False
                for k in kids:
                    if plays_done(teacher, table) >= 8:
                        break
                    said = k.page.evaluate(SHOWN)
                    if student_act(k.page):
                        acted = True
                        k.page.wait_for_function(  # until the page has the server's answer
                            f"(s) => ({SHOWN})() !== s", arg=said)
                if not acted:
                    kids[0].page.wait_for_timeout(200)  # (nothing to click yet: the next look)
            assert plays_done(teacher, table) == 8
            full = teacher.full(table)
            version = full["version"]
            for k in kids:  # every page has drawn the last play
                k.page.wait_for_function(
                    "() => document.querySelector('#status').innerText.includes('trick 3')")
            tp.wait_for_selector(f".sl-glance[data-table='{table}'] >> text=trick 3")
            for k in kids:
                assert k.page.locator("#drawing .sl-trump").count() == 2
                you = k.page.locator("#drawing .sl-seat.sl-you")
                assert "s2" in (you.get_attribute("style") or "")  # the student at the bottom
                assert k.page.locator("#drawing .sl-seat-badge >> text=your partner").count() == 1
            kids[0].page.screenshot(path=str(ARTIFACTS / "lesson_student_before.png"))
            tp.screenshot(path=str(ARTIFACTS / "lesson_teacher_before.png"))
            before = [student_step(k.page) for k in kids]
            for w in everyone:
                assert w.errors == [] and w.elsewhere == [], (w.errors, w.elsewhere)

            # ---- the server is killed, and started again on the same store and port
            proc.send_signal(signal.SIGKILL)
            proc.wait(20)
            for k in kids:
                k.page.wait_for_function("() => document.querySelector('#connection')"
                                         ".textContent === 'Reconnecting…'")
            tp.wait_for_selector("#down:not([hidden])")
            pp.wait_for_selector("#message >> text=The server does not answer")
            proc, base2, code2, secret2 = start(db, port)
            up = time.monotonic()
            assert (base2, code2, secret2) == (base, code, secret)
            for k in kids:
                k.page.wait_for_function(
                    "() => document.querySelector('#connection').textContent === '' && "
                    "document.querySelector('#message').textContent.startsWith('Welcome')",
                    timeout=max(1, int(1000 * (10 - (time.monotonic() - up)))))
            tp.wait_for_selector("#down", state="hidden",
                                 timeout=max(1, int(1000 * (10 - (time.monotonic() - up)))))
            pp.wait_for_function("() => document.querySelector('#message').textContent === ''",
                                 timeout=max(1, int(1000 * (10 - (time.monotonic() - up)))))
            assert time.monotonic() - up < 10
            assert [student_step(k.page) for k in kids] == before
            assert teacher.full(table)["version"] == version
            # the teacher's page works on the same address: the roster says all four are back
            tp.click("#tab-class")
            tp.wait_for_function(
                "() => [...document.querySelectorAll('#roster tr')].filter(r => "
                "r.innerText.includes('Connected, at table')).length === 4", timeout=WAIT)
            assert tp.locator("#stale").is_hidden()
            tp.screenshot(path=str(ARTIFACTS / "lesson_teacher_roster.png"))
            for w in everyone:  # what went wrong while it was down: only the refused tries
                assert all(REFUSED.search(e) for e in w.errors), w.errors
            down = [len(w.errors) for w in everyone]

            # ---- the teacher pauses: every student's controls disabled
            tp.click("#tab-tables")
            tp.click("#pause-all")
            tp.wait_for_selector("#tables-note >> text=Paused: ")
            for k in kids:
                k.page.wait_for_selector("#pause-cover:not([hidden])")
                controls = k.page.eval_on_selector_all("#seat button, #seat select",
                                                       "els => els.map(e => e.disabled)")
                assert all(controls), controls
            assert axe_violations(kids[1].page) == []
            kids[1].page.screenshot(path=str(ARTIFACTS / "lesson_student_paused.png"))
            tp.evaluate("() => window.scrollTo(0, 0)")
            tp.screenshot(path=str(ARTIFACTS / "lesson_teacher_tables.png"))

            # ---- the line to every device, before the question
            tp.click("#tab-ask")
            # the students' own table, its hand still in play: the preview says nobody can
            # answer, and why (never a silent "0 of 0")
            tp.wait_for_function(f"() => document.querySelector('#ask-table').value === "
                                 f"'{table}'")
            tp.fill("#ask-budget", "2")
            tp.click("#ask-poll")
            tp.wait_for_selector("#ask-preview >> text=Before you ask", timeout=WAIT)
            assert "0 students can answer. Nobody can answer this now" in tp.inner_text(
                "#ask-preview")
            tp.fill("#ask-budget", "5")
            tp.fill("#broadcast-words", "Eyes on the board")
            tp.click("#broadcast-form button[type=submit]")
            tp.wait_for_selector("#present-message >> text=Sent to 4 students")
            pp.wait_for_selector("#broadcast >> text=Eyes on the board")
            for k in kids:
                k.page.wait_for_selector("#broadcast:not([hidden]) >> text=Eyes on the board")
                k.page.click("#broadcast-close")  # "Got it"
                k.page.wait_for_selector("#broadcast", state="hidden")
            assert no_scrollbar(pp)

            # ---- a poll of a position of the opened table, from the Ask tab's buttons
            tp.click("#tab-tables")
            tp.locator(f".sl-glance[data-table='{robots}']").locator(
                f"text=Open table {robots}").click()
            tp.wait_for_selector(f"#opened-title >> text=Table {robots} in full")
            tp.evaluate("() => window.scrollTo(0, 0)")
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)  # the README's control room
            tp.screenshot(path=str(SCREENSHOTS / "classroom_teacher.png"))
            tp.click("#tab-ask")
            tp.wait_for_function(f"() => document.querySelector('#ask-table').value === "
                                 f"'{robots}' && document.querySelector('#ask-position')"
                                 ".options.length > 1")
            # a position with something to teach: the teacher reads each preview's verdict
            positions = tp.locator("#ask-position option").count()
            for index in range(1, min(positions, 9)):
                tp.select_option("#ask-position", index=index)
                tp.click("#ask-poll")
                tp.wait_for_selector("#ask-preview >> text=Before you ask", timeout=WAIT)
                if "little to teach" not in tp.inner_text("#ask-preview"):
                    break
            assert "4 students can answer" in tp.inner_text("#ask-preview")
            verdict = tp.inner_text("#ask-preview .sl-verdict")
            assert verdict and verdict not in pp.inner_text("body")
            tp.click("#ask-preview button >> text=Start this poll")
            pp.wait_for_selector("#fit .sl-count >> text=0 of 4 answered")
            assert verdict not in pp.inner_text("body") and no_scrollbar(pp)
            for n, k in enumerate(kids, 1):
                k.page.wait_for_selector("#lesson:not([hidden]) #lesson-body button.sl-legal")
                legal = k.page.locator("#lesson-body button.sl-legal")
                legal.nth(n % legal.count()).click()  # a spread of answers
                k.page.wait_for_selector("#lesson-body >> text=Your answer:")
                pp.wait_for_selector(f"#fit .sl-count >> text={n} of 4 answered")
            assert verdict not in pp.inner_text("body")
            assert not any(name in pp.inner_text("body") for name in NAMES)
            pp.screenshot(path=str(ARTIFACTS / "lesson_presenter_count.png"))
            tp.wait_for_selector("#lesson-view td >> text=keeps", timeout=WAIT)
            tp.click("#lesson-reveal")
            pp.wait_for_selector("#fit .sl-verdict", timeout=WAIT)
            assert pp.inner_text("#fit .sl-verdict") == verdict
            assert pp.locator("#fit table.sl-spread tr").count() >= 2
            assert not any(name in pp.inner_text("body") for name in NAMES)
            assert no_scrollbar(pp)
            for k in kids:
                k.page.wait_for_selector("#lesson-body .sl-answer")
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)  # the README's presenter view
            pp.screenshot(path=str(SCREENSHOTS / "classroom_presenter.png"))
            tp.evaluate("() => window.scrollTo(0, 0)")
            tp.screenshot(path=str(ARTIFACTS / "lesson_teacher_ask.png"))
            assert axe_violations(pp) == []

            # ---- a quiz of three questions, one at a time on the projector
            tp.select_option("#quiz-level", "1")
            tp.fill("#quiz-count", "3")
            tp.click("#quiz-form button[type=submit]")
            tp.wait_for_selector("#lesson-view >> text=Question 3")
            for q in range(3):
                pp.wait_for_selector(f"#fit >> text=Question {q + 1} of 3:")
                pp.wait_for_selector("#fit .sl-count >> text=0 of 4 answered")
                for n, k in enumerate(kids, 1):
                    box = k.page.locator("#lesson-body fieldset").nth(q)
                    box.locator("button").first.click()
                    box.locator(".sl-right, .sl-wrong").first.wait_for()
                    pp.wait_for_selector(f"#fit .sl-count >> text={n} of 4 answered")
                assert no_scrollbar(pp)
                tp.click("#lesson-reveal")
                pp.wait_for_selector("#fit li.sl-right >> text=(the answer)")
                assert no_scrollbar(pp)
                if q < 2:
                    tp.click("#lesson-next")
            assert axe_violations(pp) == []
            tp.click("#lesson-end")
            pp.wait_for_selector(f".sl-join .sl-code >> text={code}")

            # ---- the line cleared
            tp.click("#broadcast-clear")
            tp.wait_for_selector("#present-message >> text=The line is cleared")
            pp.wait_for_selector("#broadcast", state="hidden")
            assert no_scrollbar(pp)
            pp.screenshot(path=str(ARTIFACTS / "lesson_presenter_code.png"))

            # ---- the teacher resumes; the exports
            tp.click("#tab-tables")
            tp.click("#resume-all")
            tp.wait_for_selector("#tables-note >> text=Resumed: ")
            for k in kids:
                k.page.wait_for_selector("#pause-cover", state="hidden")
            tp.click("#tab-results")
            with tp.expect_download() as got:
                tp.click("button[data-export='answers.csv']")
            rows = list(csv.DictReader(io.StringIO(Path(got.value.path()).read_text())))
            assert {r["student"] for r in rows} == set(NAMES)
            assert len(rows) == 4 * 4  # the poll and three quiz questions, each student once
            with tp.expect_download() as got:
                tp.click("button[data-export='report.html']")
            report = Path(got.value.path()).read_text()
            assert "Travelers and Hunters" in report and all(n in report for n in NAMES)
            tp.wait_for_selector("#export-note >> text=Downloaded")

            # ---- every page: axe-core clean, nothing went wrong since the restart
            for where, page in (("teacher", tp), ("student", kids[0].page),
                                ("presenter", pp)):
                assert axe_violations(page) == [], where
            tp.screenshot(path=str(ARTIFACTS / "lesson_teacher_end.png"))
            for w, n in zip(everyone, down, strict=True):
                assert len(w.errors) == n and w.elsewhere == [], (w.errors, w.elsewhere)
            browser.close()
    finally:
        stop(proc)
