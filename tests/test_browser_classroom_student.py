"""The student's page through a restart, in a real browser (docs/classroom.md, "The student's
page"): a student at a Heckadeck table bids and plays by clicking; the server is killed
(SIGKILL) and started again on the same store and port, and the page reconnects by itself
within 10 seconds at the same step, never showing the join form; a reload reconnects too, with
the hand's lines again; the table is drawn as play mode draws it (the student's own seat at the
bottom, the partner marked, the trumps' state); a question takes the screen; the teacher's pause
covers the table and disables its controls; the teacher's broadcast shows as a banner.  No
console error but the browser's own line for each refused connection while the server was
down, no other host, axe-core clean."""
from __future__ import annotations

import json
import os
import re
import signal
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn")
pytest.importorskip("playwright")

from test_classroom_server import start  # noqa: E402

from conftest import (  # noqa: E402
    AXE,
    CHROMIUM,
    REFUSED,
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
              pytest.mark.timeout(400)]

SCREENSHOTS = Path(__file__).resolve().parent.parent / "docs" / "screenshots"
#: Counted on every page load: whether the join form was ever shown.
JOIN_WATCH = """
window.__joinShown = 0;
document.addEventListener("DOMContentLoaded", () => {
  const form = document.getElementById("join");
  const check = () => { if (!form.hidden) window.__joinShown += 1; };
  new MutationObserver(check).observe(form, { attributes: true });
  check();
});
"""


def test_a_student_comes_back_by_itself_after_a_restart(tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    db = tmp_path / "class.sqlite3"
    proc, base, code, secret = start(db)
    port = int(base.rsplit(":", 1)[1])
    try:
        teacher = Teacher(base, secret)
        with sync_playwright() as pw:
            browser = launch_chromium(pw)
            w = Watched(browser, "about:blank", size=(1024, 768), timeout=30_000)
            w.context.add_init_script(JOIN_WATCH)
            p = w.page
            p.goto(f"{base}/?code={code}")
            p.fill("#name", "Ann")
            p.click("#join button[type=submit]")
            p.wait_for_selector("text=Welcome, Ann.")
            assert p.evaluate("window.__joinShown") == 1  # a first visit: the form, once
            p.evaluate("window.__joinShown = 0")
            # a welcome is news, not a refusal: not in the error colour
            assert p.get_attribute("#message", "data-kind") == "info"
            assert p.evaluate("getComputedStyle(document.querySelector('#message')).color") \
                == "rgb(17, 17, 17)"
            (ann,) = [s["student"] for s in teacher.overview()["students"]]
            table = teacher.new_table("acorns", [ann, None, None, None], pace=0,
                                      seed=3)["table"]
            p.wait_for_selector("#seat:not([hidden])")
            # play by clicking until a trump is broken and two tricks are done
            for _ in range(600):
                broken = p.locator("#drawing .sl-trump-broken, #drawing .sl-trump-superior")
                record = teacher.record(table)
                tricks = len(record["hands"][0].get("plays", [])) // 4 if record["hands"] else 0
                if broken.count() and tricks >= 2 and ": Your turn to " in p.inner_text(
                        "#status"):
                    break
                if not student_act(p):
                    p.wait_for_timeout(150)
                else:
                    p.wait_for_timeout(100)
            else:
                raise AssertionError(f"no trump broken: {p.inner_text('#status')}")
            # the table as play mode draws it: the student at the bottom, the partner marked
            you = p.locator("#drawing .sl-seat.sl-you")
            assert you.get_attribute("data-seat") == "0"
            assert "grid-area: s2" in (you.get_attribute("style") or "").replace(":", ": ")
            boxes = p.eval_on_selector_all("#drawing .sl-seat", "els => els.map(e => [e.dataset"
                                           ".seat, e.getBoundingClientRect().top])")
            tops = {s: y for s, y in boxes}
            assert tops["0"] > max(y for s, y in tops.items() if s != "0"), tops
            assert p.inner_text("#drawing .sl-seat[data-seat='2'] .sl-seat-badge") == \
                "your partner"
            assert p.locator("#drawing .sl-trump").count() == 2
            log_before = p.inner_text("#log")
            assert "wins" in log_before
            before = student_step(p)
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)

            # the server is killed: the page says it calmly and keeps the table
            errors_before = list(w.errors)
            assert errors_before == [], errors_before
            proc.send_signal(signal.SIGKILL)
            proc.wait(20)
            p.wait_for_function("() => document.querySelector('#connection').textContent"
                                " === 'Reconnecting…'")
            colour = p.evaluate("getComputedStyle(document.querySelector('#connection')).color")
            assert colour != "rgb(183, 28, 28)", colour  # not the error colour
            p.wait_for_timeout(3000)  # a few refused tries, the pause growing
            proc, base2, code2, secret = start(db, port)
            up = time.monotonic()
            assert (base2, code2) == (base, code)
            p.wait_for_function("() => document.querySelector('#connection').textContent === ''"
                                " && document.querySelector('#message').textContent"
                                ".startsWith('Welcome')", timeout=10_000)
            assert time.monotonic() - up < 10
            assert student_step(p) == before
            down = len(w.errors)
            assert all(REFUSED.search(e) for e in w.errors), w.errors
            assert p.evaluate("window.__joinShown") == 0
            p.screenshot(path=str(SCREENSHOTS / "classroom_student.png"))

            # a reload asks the server who this is, and comes back at the same step
            p.reload()
            p.wait_for_selector("#seat:not([hidden])")
            p.wait_for_function("(s) => document.querySelector('#status').innerText === s",
                                arg=before[0])
            assert student_step(p) == before
            assert p.evaluate("window.__joinShown") == 0
            log_after = p.inner_text("#log")  # the hand's lines again, from the server
            assert log_after.splitlines()[:3] == log_before.splitlines()[:3], (log_after,
                                                                               log_before)
            assert axe_violations(p) == []

            # a question takes the screen: a cue at the top, the question scrolled to
            teacher = Teacher(base, secret)
            p.evaluate("window.scrollTo(0, document.body.scrollHeight)")
            teacher.quiz("standard", 1, level=1, seed=2)
            p.wait_for_selector("#cue:not([hidden])")
            p.wait_for_function("() => document.activeElement.id === 'lesson-title'")
            top = p.evaluate("[document.querySelector('#lesson').getBoundingClientRect().top, "
                             "document.querySelector('#cue').getBoundingClientRect().bottom]")
            assert 0 < top[1] <= top[0] < 200, top  # the cue above the question, both in view
            assert axe_violations(p) == []
            teacher.end()
            p.wait_for_selector("#cue", state="hidden")

            # the teacher pauses the table: a banner over it, every control of it disabled
            teacher.pause([table])
            p.wait_for_selector("#pause-cover:not([hidden])")
            assert "paused" in p.inner_text("#pause-cover")
            controls = p.eval_on_selector_all("#seat button, #seat select",
                                              "els => els.map(e => e.disabled)")
            assert controls and all(controls), controls
            assert axe_violations(p) == []
            teacher.resume([table])
            p.wait_for_selector("#pause-cover", state="hidden")
            p.wait_for_function("() => document.querySelectorAll('#drawing button.sl-legal:not("
                                "[disabled])').length > 0")

            # the teacher's line to every device (the server's `broadcast`, sent here through
            # the page's own websocket, routed): a banner at the top until "Got it"
            routes: list[Any] = []

            def through(ws: Any) -> None:
                ws.connect_to_server()
                routes.append(ws)

            p.route_web_socket(re.compile(r".*/ws$"), through)
            p.reload()
            p.wait_for_function("(s) => document.querySelector('#status').innerText === s",
                                arg=before[0])
            assert routes and p.evaluate("window.__joinShown") == 0
            routes[-1].send(json.dumps({"type": "broadcast", "words": "Eyes on the board"}))
            p.wait_for_selector("#broadcast:not([hidden])")
            assert p.inner_text("#broadcast-words") == "Eyes on the board"
            assert p.evaluate("document.querySelector('#broadcast').getBoundingClientRect()"
                              ".top") < 100
            assert axe_violations(p) == []
            p.click("#broadcast-close")
            p.wait_for_selector("#broadcast", state="hidden")
            assert len(w.errors) == down and w.elsewhere == [], (w.errors, w.elsewhere)
            browser.close()
    finally:
        stop(proc)
