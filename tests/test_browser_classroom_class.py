"""The whole lesson in one real browser (issue 22, "What must show it"): the teacher's page and
four students' pages, each in its own context.  The teacher opens a table, seats the four
students and deals them the course's prepared hand (data/course/standard_hand.json) by
clicking; the students bid and play it by clicking (the record's own bids and cards); the
teacher pauses the table (the students' tables are covered, their cards disabled; a card sent
anyway is refused with "The teacher has paused the table.") and resumes it; then a poll
(every student clicks a card, the spread and the solver's verdicts show on the teacher's
page, the answer is revealed), a class what-if, a quiz of three
questions (each student reads their feedback), and the exports (the records' zip replays to
the totals the page shows, the CSV has one row per answer, the report names the class, its PDF
prints; a seated student downloads their own games), and the board of mistakes (the wrong
answers, not the pause).  The solver's verdicts on the page are checked against
``solve_position`` on the course record's same position.  No console error and no other host
in any context; axe-core clean on the teacher's page."""
from __future__ import annotations

import csv
import io
import json
import os
import re
import zipfile
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
    ROOT,
    axe_violations,
    launch_chromium,
    stop,
    watch_page,
)
from spades_lab.classroom.lesson import solve_position  # noqa: E402
from spades_lab.core.records import replay  # noqa: E402

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="no /usr/bin/chromium"),
              pytest.mark.skipif(not AXE.exists(), reason="no node_modules/axe-core"),
              pytest.mark.timeout(420)]

COURSE = ROOT / "data" / "course" / "standard_hand.json"
LOCAL = ("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:http://127.0.0.1")
WAIT = 30_000  # ms: every wait is bounded


class Watched:
    """A page in its own browser context: its console errors, failed responses, requests to
    other hosts and the websocket frames it received."""

    def __init__(self, browser: Any, url: str) -> None:
        self.context = browser.new_context(viewport={"width": 1280, "height": 900},
                                           accept_downloads=True)
        self.page = self.context.new_page()
        self.page.set_default_timeout(WAIT)
        self.errors: list[str] = []
        self.elsewhere: list[str] = []
        self.frames: list[str] = []
        p = self.page
        watch_page(p, self.errors, self.elsewhere, LOCAL)
        p.on("websocket", lambda ws: ws.on("framereceived", lambda f: self.frames.append(
            f if isinstance(f, str) else f.decode())))
        p.goto(url)

    def received(self, pred: Any, since: int = 0) -> dict[str, Any]:
        """The first websocket message from ``since`` on that ``pred`` accepts (bounded)."""
        for _ in range(150):
            for f in self.frames[since:]:
                m = json.loads(f)
                if pred(m):
                    return m  # type: ignore[no-any-return]
            self.page.wait_for_timeout(100)
        raise AssertionError(f"no such message: {self.frames[since:][-5:]}")


def download(page: Any, selector: str, timeout: float = WAIT) -> tuple[str, bytes]:
    """Click ``selector`` (a download button); the file's suggested name and its bytes."""
    with page.expect_download(timeout=timeout) as got:
        page.click(selector)
    d = got.value
    return d.suggested_filename, Path(d.path()).read_bytes()


def test_a_whole_lesson_in_one_browser(tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    course = json.loads(COURSE.read_text())
    hand = course["hands"][0]
    proc, base, code, secret = start(tmp_path / "class.sqlite3")
    try:
        with sync_playwright() as pw:
            browser = launch_chromium(pw)
            boss = Watched(browser, f"{base}/teacher#secret={secret}")
            tp = boss.page
            tp.click("#tab-class")  # the control room's Class tab: the QR code to join by
            tp.wait_for_selector("#qr svg")
            names = ["Ann", "Bob", "Cy", "Di"]
            kids: list[Watched] = []
            for name in names:
                w = Watched(browser, f"{base}/?code={code}")
                w.page.fill("#name", name)
                w.page.click("#join button[type=submit]")
                w.page.wait_for_selector(f"text=Welcome, {name}.")
                kids.append(w)
            everyone = [boss, *kids]

            # ---- the teacher opens a table (robots, slow), pauses it, seats the four students
            tp.click("#tab-tables")
            tp.click("#new-box summary")  # the control room's "Open a new table"
            tp.select_option("#preset", "standard")
            tp.fill("#pace", "10")
            tp.click("#new button[type=submit]")
            tp.click("text=Pause table 1")
            tp.wait_for_selector("text=Resume table 1")
            tp.click("text=Open table 1")
            tp.wait_for_selector("#opened:not([hidden])")
            for seat, name in enumerate(names):
                row = tp.locator("#seat-controls p").nth(seat)
                row.locator("select").select_option(label=name)
                row.locator("button", has_text="Seat them here").click()
                tp.wait_for_selector(f"#seat-controls >> text=Seat {seat + 1}: {name}.")
            for w in kids:
                w.page.wait_for_selector("#seat:not([hidden])")
            # ---- the course's prepared hand, dealt to table 1 by the page's deal form
            tp.locator(".sl-glance", has_text="Table 1:").locator("input").check()
            tp.click("#deal-box summary")
            tp.select_option("#deal-source", "course")
            tp.select_option("#deal-name", COURSE.name)
            tp.fill("#deal-hand", "1")
            tp.click("#deal button[type=submit]")
            tp.wait_for_selector("#compare >> text=still playing")
            tp.wait_for_selector(".sl-glance >> text=Table 2:")
            table = 2
            for w in kids:
                w.page.wait_for_function(
                    "() => document.querySelector('#seat-title').innerText.startsWith('Table 2')")
                # the student picks up the cards (standard Spades offers a blind nil first)
                # and sees their own 13 of the prepared deal, and no other
                look = w.page.locator("#choices button", has_text="Look at your cards")
                if look.count():
                    look.click()
                    look.wait_for(state="detached")
                seat = kids.index(w)
                w.page.wait_for_selector("#drawing button[data-card]")
                shown = sorted(w.page.locator("#drawing button[data-card]").evaluate_all(
                    "bs => bs.map(b => b.dataset.card)"))
                assert shown == sorted(hand["deal"][seat]), (seat, shown)

            def turn(seat: int) -> Any:
                p = kids[seat].page
                p.wait_for_function("() => document.querySelector('#status').innerText"
                                    ".includes(': Your turn to ')", timeout=WAIT)
                return p

            # ---- the bidding: each student clicks the record's bid
            for b in hand["bids"]:
                p = turn(b["seat"])
                label = "Nil" if b["bid"] == "nil" else str(b["bid"])
                p.locator("#choices button", has_text=re.compile(
                    f"^Bid {label}$", re.I)).click()
                p.wait_for_function("() => !document.querySelector('#choices').innerText"
                                    ".includes('Bid')")

            # ---- the play, card by card; the teacher pauses after two tricks
            plays = hand["plays"]
            for k, play in enumerate(plays):
                p = turn(play["seat"])
                card = p.locator(f"#drawing button[data-card='{play['card']}']")
                if k == 8:
                    tp.click(f"text=Pause table {table}")
                    tp.wait_for_selector(f"text=Resume table {table}")
                    for w in kids:
                        w.page.wait_for_selector("#message >> text=The teacher has paused "
                                                 "the table.")
                    mine = kids[play["seat"]]
                    # the page covers the table and disables its cards (the banner says why)
                    p.wait_for_selector("#pause-cover:not([hidden])")
                    assert card.is_disabled() and "paused" in p.inner_text("#pause-cover")
                    p.evaluate("() => { document.querySelector('#message').textContent = ''; }")
                    since = len(mine.frames)
                    # a page that has not heard of the pause yet: the server refuses its card
                    card.evaluate("b => { b.disabled = false; b.click(); }")
                    refused = mine.received(lambda m: m["type"] == "refused", since)
                    assert refused["rule"] == "table-paused", refused
                    p.wait_for_selector("#message >> text=The teacher has paused the table.")
                    assert card.count() == 1  # still in the hand: nothing was played
                    tp.click(f"text=Resume table {table}")
                    tp.wait_for_selector(f"text=Pause table {table}")
                card.click()
                card.wait_for(state="detached", timeout=WAIT)
            for w in kids:
                w.page.wait_for_function("() => document.querySelector('#log').innerText"
                                         ".includes('Hand 1 scored')", timeout=WAIT)
            # the teacher's page: the table holds, the comparison shows the finished hand
            tp.wait_for_function("() => !document.querySelector('#compare').innerText"
                                 ".includes('still playing')", timeout=WAIT)
            expected = replay(course)
            want_totals = " : ".join(map(str, expected.totals))
            tp.click("#tab-results")
            tp.wait_for_selector(f"#tables td >> text='{want_totals}'")
            tp.click("#tab-tables")
            held = tp.locator(f".sl-glance.sl-alert:has-text('Table {table}:')")
            held.wait_for(timeout=WAIT)  # it stands out, in words
            assert "Needs you. Waiting for you: the prepared hand is finished" in \
                held.inner_text()
            assert "Closed: its players went on at table 2." in (tp.text_content(
                "#closed") or "")  # off the list of open tables (folded away)
            compare = tp.inner_text("#compare table")
            assert ", ".join(map(str, expected.hands[0].taken)) in compare, compare

            # ---- the poll: "which card would you play?" as North leads to trick 8, where
            # one card gives a trick away (the solver, on the course record's same position)
            step = len(hand["bids"]) + 28
            solved = solve_position(course, 0, step, 10.0)
            assert solved["exact"] and not all(c["best"] for c in solved["cards"])
            worst = next(c["card"] for c in solved["cards"] if not c["best"])
            tp.click("#tab-ask")
            # the table and the position chosen in words ("Hand 1, trick 8: North to lead"):
            # nothing typed but the solver's seconds; the verdict previewed first
            tp.wait_for_selector(f"#ask-table option[value='{table}']", state="attached")
            tp.select_option("#ask-table", str(table))
            tp.wait_for_selector(f"#ask-position option[value='0:{step}']", state="attached",
                                 timeout=WAIT)
            tp.select_option("#ask-position", f"0:{step}")
            assert tp.locator(f"#ask-position option[value='0:{step}']").inner_text() \
                .startswith("Hand 1, trick 8: North to lead")
            tp.fill("#ask-budget", "10")
            tp.click("#ask-poll")
            tp.locator("#ask-preview button", has_text="Start this poll").wait_for(timeout=WAIT)
            assert solved["text"] in tp.inner_text("#ask-preview")
            tp.click("#ask-preview button >> text=Start this poll")
            tp.wait_for_selector("#lesson-view >> text=Which card would you play?")
            choices: list[str] = []
            for k, w in enumerate(kids):
                p = w.page
                p.wait_for_selector("#lesson:not([hidden]) #lesson-body button.sl-legal")
                legal = p.locator("#lesson-body button.sl-legal")
                choices = legal.evaluate_all("bs => bs.map(b => b.dataset.card)")
                assert sorted(choices) == sorted(c["card"] for c in solved["cards"])
                pick = worst if k == 0 else choices[k % len(choices)]  # Ann gives one away
                p.locator(f"#lesson-body button[data-card='{pick}']").click()
                p.wait_for_selector("#lesson-body >> text=Your answer:")
            tp.wait_for_selector("#lesson-view >> text=4 of 4 students answered.")
            tp.wait_for_selector("#lesson-view td >> text=keeps", timeout=60_000)
            verdicts = tp.locator("#lesson-view tr td:nth-child(4)").all_inner_texts()
            assert sorted(verdicts) == sorted(c["text"] for c in solved["cards"]), verdicts
            assert tp.locator("#lesson-view tr.sl-best").count() == sum(
                c["best"] for c in solved["cards"])
            assert solved["text"] in tp.inner_text("#lesson-view")
            who = tp.locator("#lesson-view tr td:nth-child(3)").all_inner_texts()
            assert sorted(n for cell in who for n in cell.split(", ") if n) == names, who
            counts = tp.locator("#lesson-view tr td:nth-child(2)").all_inner_texts()
            assert sum(map(int, counts)) == 4, counts
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            tp.locator("#lesson").screenshot(path=str(ARTIFACTS / "classroom_class_poll.png"))
            tp.click("#lesson-reveal")
            for w in kids:
                w.page.wait_for_selector("#lesson-body .sl-answer")
                assert "Your card: " in w.page.inner_text("#lesson-body")

            # ---- the class what-if: another card at the same position, the table unchanged
            played = plays[28]["card"]
            other = worst if worst != played else next(c for c in choices if c != played)
            glance_before = tp.inner_text(f".sl-glance:has-text('Table {table}:')")
            tp.click("#ask-whatif")  # the same position: its card's alternatives as buttons
            tp.wait_for_selector(f"#ask-preview button[data-action='{other}']")
            tp.select_option("#whatif-then", "record")
            tp.click(f"#ask-preview button[data-action='{other}']")
            tp.wait_for_selector("#lesson-view >> text=What if")
            tp.wait_for_selector("#lesson-view th >> text=The what-if")
            for w in kids:
                w.page.wait_for_selector("#lesson-body >> text=The teacher will show")
            tp.click("#lesson-reveal")
            for w in kids:
                w.page.wait_for_selector("#lesson-body table.sl-side")
                assert "Tricks taken" in w.page.inner_text("#lesson-body")
            tp.wait_for_timeout(3_500)  # a refresh of the glance later: nothing changed
            assert tp.inner_text(f".sl-glance:has-text('Table {table}:')") == glance_before

            # ---- a quiz of three questions: every student answers each, reads feedback
            tp.select_option("#quiz-preset", "standard")
            tp.select_option("#quiz-level", "1")
            tp.fill("#quiz-count", "3")
            tp.click("#quiz-form button[type=submit]")
            tp.wait_for_selector("#lesson-view >> text=A quiz of 3 questions")
            right = 0
            for k, w in enumerate(kids):
                p = w.page
                p.wait_for_selector("#lesson-body fieldset button")
                for q in range(3):
                    box = p.locator("#lesson-body fieldset").nth(q)
                    buttons = box.locator("button")
                    buttons.nth((k + q) % buttons.count()).click()
                    p.locator("#lesson-body fieldset").nth(q).locator(
                        ".sl-right, .sl-wrong").first.wait_for(timeout=WAIT)
                right += p.locator("#lesson-body fieldset:has(.sl-right)").count()
            for q in range(3):
                tp.wait_for_function(
                    "q => { const f = document.querySelectorAll('#lesson-view fieldset')[q];"
                    " return f && f.querySelectorAll('li').length === 4; }", arg=q,
                    timeout=WAIT)
            legends = tp.locator("#lesson-view legend").all_inner_texts()
            assert len(legends) == 3, legends
            shown_right = [re.search(r"(\d+) of 4 right", x) for x in legends]
            assert sum(int(m.group(1)) for m in shown_right if m) == right, legends

            # ---- take it home: the records' zip, the answers' CSV, the report
            tp.click("#tab-results")
            name, data = download(tp, "button[data-export='records.zip']")
            assert name == f"class-{code}-records.zip"
            with zipfile.ZipFile(io.BytesIO(data)) as z:
                assert f"table-{table}.json" in z.namelist(), z.namelist()
                record = json.loads(z.read(f"table-{table}.json"))
            got = replay(record)
            assert got.totals == expected.totals
            assert " : ".join(map(str, got.totals)) == want_totals  # the totals on the page
            assert record["hands"][0]["deal"] == hand["deal"]
            _, data = download(tp, "button[data-export='answers.csv']")
            rows = list(csv.DictReader(io.StringIO(data.decode("utf-8"))))
            assert len(rows) == 4 + 4 * 3, rows  # one per answer: the poll, the quiz
            assert sorted({r["student"] for r in rows}) == names, rows
            assert sum(r["right"] == "yes" for r in rows[4:]) == right, rows
            _, data = download(tp, "button[data-export='report.html']")
            report = data.decode("utf-8")
            assert all(n in report for n in names)
            assert all(str(x) in report for x in expected.totals), expected.totals
            name, data = download(tp, "button[data-export='report.pdf']", 90_000)  # Chromium prints
            assert name == f"class-{code}-report.pdf" and data.startswith(b"%PDF-"), name

            # a seated student downloads their own games: both tables they sat at
            ann = kids[0].page
            assert ann.is_visible("#seat") and ann.is_visible("#my-games")
            name, data = download(ann, "#my-games a")
            assert name == f"class-{code}-my-games.zip"
            with zipfile.ZipFile(io.BytesIO(data)) as z:
                assert sorted(z.namelist()) == ["table-1.json", f"table-{table}.json"]
                assert replay(json.loads(z.read(f"table-{table}.json"))).totals == \
                    expected.totals

            # the board of mistakes: the wrong quiz answers, not the refusal of the pause
            tp.click("#tab-ask")
            tp.click("#board-refresh")
            if right < 12:
                tp.wait_for_selector("#board tr")
            board = tp.locator("#board tr")
            times = [int(board.nth(i).locator("td").nth(2).inner_text())
                     for i in range(board.count())]
            assert sum(times) == 12 - right, (times, right)
            assert "paused" not in tp.inner_text("#board")

            bad = axe_violations(tp)
            assert not bad, bad
            for w in everyone:
                assert w.errors == [] and w.elsewhere == [], (w.errors, w.elsewhere)
            browser.close()
    finally:
        stop(proc)
