"""House rules at a classroom table, in a real browser (docs/classroom.md, "Claims"; issue 32):
a student plays a whole Jokers hand by clicking, then a whole hand of three players each alone
(17 cards each), to the hand's score; at a third table the student claims from the page late in
a hand (the robots accept a claim the solver proves; a claim they play on against is claimed
lower), and the hand ends with the claim's words shown.  No console error, no other host,
axe-core clean."""
from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn")
pytest.importorskip("playwright")

from conftest import (  # noqa: E402
    AXE,
    CHROMIUM,
    Watched,
    axe_violations,
    launch_chromium,
    start_classroom,
    stop,
    student_act,
    student_step,
)
from spades_lab.classroom.client import Teacher  # noqa: E402

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="no /usr/bin/chromium"),
              pytest.mark.skipif(not AXE.exists(), reason="no node_modules/axe-core"),
              pytest.mark.timeout(500)]

#: The page has something for the student to do, or shows the hand's score.
READY = """() => !!document.querySelector('#score li')
  || document.querySelector('#status').innerText.includes(': Your turn to ')
  || !!document.querySelector('#choices button')"""


#: What the page says of claims: this hand's claim words, and the last hand's with its score.
CLAIM_WORDS = ("document.querySelector('#claim-said').innerText + '\\n' + "
               "document.querySelector('#score').innerText")


def claim_words(p: Any) -> str:
    return str(p.evaluate(f"() => {CLAIM_WORDS}"))


def join(browser: Any, base: str, code: str, teacher: Teacher, name: str) -> tuple[Watched, int]:
    """A student ``name`` joins the class in a browser context of their own: the page, their id."""
    w = Watched(browser, f"{base}/?code={code}", size=(1024, 768), timeout=30_000)
    w.page.fill("#name", name)
    w.page.click("#join button[type=submit]")
    w.page.wait_for_selector(f"text=Welcome, {name}.")
    (me,) = [s["student"] for s in teacher.overview()["students"] if s["name"] == name]
    return w, me


def step(p: Any) -> bool:
    """Take the student's decision if it is theirs and wait (bounded) until the page shows the
    next step: whether it acted."""
    before = student_step(p)
    if not student_act(p):
        p.wait_for_function(READY, timeout=30_000)
        return False
    p.wait_for_function("(b) => !!document.querySelector('#score li') || document.querySelector("
                        "'#status').innerText !== b[0] || document.querySelectorAll('#drawing "
                        "button[data-card]').length !== b[1]", arg=list(before), timeout=30_000)
    return True


def play_hand(p: Any, limit: float = 150) -> None:
    """Click (the first legal card, the first bid) until the hand's score shows."""
    end = time.monotonic() + limit
    while not p.locator("#score li").count():
        assert time.monotonic() < end, p.inner_text("#status")
        step(p)


def test_house_rules_and_a_claim_at_classroom_tables(tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    proc, base, code, secret = start_classroom(tmp_path / "class.sqlite3")
    try:
        teacher = Teacher(base, secret)
        with sync_playwright() as pw:
            browser = launch_chromium(pw)
            pages: list[Watched] = []

            # Jokers Spades: the two jokers in the deck, a whole hand clicked to its score
            w, ann = join(browser, base, code, teacher, "Ann")
            pages.append(w)
            p = w.page
            jokers = teacher.new_table("standard", [ann, None, None, None],
                                       options={"jokers": "on"}, pace=0, seed=5)["table"]
            p.wait_for_selector("#seat:not([hidden])")
            play_hand(p)
            assert any("tricks" in x or "points" in x for x in
                       p.locator("#score li").all_inner_texts())
            hand = teacher.record(jokers)["hands"][0]
            cards = {x["card"] for x in hand["plays"]}
            assert len(hand["plays"]) == 52 and {"BJ", "LJ"} <= cards, hand
            assert axe_violations(p) == []

            # three players each alone, 17 cards each: three seats drawn, a whole hand
            w, bea = join(browser, base, code, teacher, "Bea")
            pages.append(w)
            p = w.page
            three = teacher.new_table("standard", [bea, None, None],
                                      options={"cutthroat": "deal_17"}, pace=0, seed=7)["table"]
            p.wait_for_selector("#seat:not([hidden])")
            # the seat shows before the table's first drawing arrives: count once it is drawn
            p.wait_for_function(READY, timeout=30_000)
            p.wait_for_selector("#drawing .sl-seat")
            assert p.locator("#drawing .sl-seat").count() == 3
            play_hand(p)
            hand = teacher.record(three)["hands"][0]
            assert len(hand["plays"]) == 51, hand
            assert axe_violations(p) == []

            # a claim from the page late in a hand: the rest, or fewer until the robots accept
            w, cal = join(browser, base, code, teacher, "Cal")
            pages.append(w)
            p = w.page
            table = teacher.new_table("standard", [cal, None, None, None], pace=0,
                                      seed=11)["table"]
            p.wait_for_selector("#seat:not([hidden])")
            end = time.monotonic() + 150
            # looked at once the page has settled (Cal's turn, or the hand's end), in one
            # reading: the menu and the cards read apart could see the turn arrive between
            # them, and the next step would play the card the claim was waiting for
            while True:
                p.wait_for_function(READY, timeout=30_000)
                if p.evaluate("() => !!document.querySelector('#claim-menu') && document"
                              ".querySelectorAll('#drawing button[data-card]').length <= 3"):
                    break
                assert time.monotonic() < end and not p.locator("#score li").count()
                step(p)
            assert "Claim" in p.inner_text("#claim")
            assert axe_violations(p) == []
            left = p.locator("#drawing button[data-card]").count()
            options = p.locator("#claim-menu option").all_inner_texts()
            assert options[0] == f"the rest ({left})" and options[-1] == "none: concede"
            for value in [left, *range(left - 1, -1, -1)]:
                said = claim_words(p)
                p.select_option("#claim-menu", str(value))
                p.click("#claim button[data-key='claim']")
                p.wait_for_function(f"(s) => ({CLAIM_WORDS}) !== s && /stands|plays? on/.test("
                                    f"{CLAIM_WORDS})", arg=said, timeout=30_000)
                said = claim_words(p)
                if "The claim stands: the hand ends." in said:
                    break
                assert "play on" in said or "plays on" in said, said
                p.wait_for_selector("#claim-menu")  # still your turn to play: claim again
            else:
                raise AssertionError("no claim stood, not even conceding the rest")
            p.wait_for_selector("#score li")
            said = p.inner_text("#score")  # the claim's words with the hand's score
            assert "The claim stands: the hand ends." in said, said
            assert "North claims" in said or "North concedes" in said, said
            hand = teacher.record(table)["hands"][0]
            assert hand["claim"]["seat"] == 0 and hand["claim"]["verified"] == "exact", hand
            assert axe_violations(p) == []
            for w in pages:
                assert w.errors == [] and w.elsewhere == [], (w.errors, w.elsewhere)
            browser.close()
    finally:
        stop(proc)


def test_a_person_answers_a_claim_from_the_page(tmp_path: Path) -> None:
    """Two students on opposite sides: North concedes late in the hand (a claim the solver
    always proves, so the robot of the other side accepts); East's page offers "Accept the
    claim" and "Play on"; East plays on, North concedes again, East accepts: the hand ends."""
    from playwright.sync_api import sync_playwright

    proc, base, code, secret = start_classroom(tmp_path / "class.sqlite3")
    try:
        teacher = Teacher(base, secret)
        with sync_playwright() as pw:
            browser = launch_chromium(pw)
            north, ann = join(browser, base, code, teacher, "Ann")
            east, bob = join(browser, base, code, teacher, "Bob")
            n, e = north.page, east.page
            table = teacher.new_table("standard", [ann, bob, None, None], pace=0,
                                      seed=13)["table"]
            n.wait_for_selector("#seat:not([hidden])")
            e.wait_for_selector("#seat:not([hidden])")
            end = time.monotonic() + 150
            while not (n.locator("#claim-menu").count()
                       and n.locator("#drawing button[data-card]").count() <= 2):
                assert time.monotonic() < end and not n.locator("#score li").count()
                if not (student_act(n) or student_act(e)):
                    n.wait_for_timeout(100)  # a robot's or the other student's turn
                else:
                    n.wait_for_timeout(150)  # the state after the click
            for answer in ("claim-play-on", "claim-accept"):
                n.select_option("#claim-menu", "0")
                n.click("#claim button[data-key='claim']")
                e.wait_for_selector(f"#claim button[data-key='{answer}']")
                assert "Waiting for Bob" in e.inner_text("#claim-said")
                assert n.locator("#claim-menu").count() == 0  # one claim at a time
                assert axe_violations(e) == []
                e.click(f"#claim button[data-key='{answer}']")
                if answer == "claim-play-on":
                    n.wait_for_function("() => document.querySelector('#claim-said').innerText"
                                        ".includes('East plays on.')", timeout=30_000)
                    n.wait_for_selector("#claim-menu")  # North may claim again
            n.wait_for_selector("#score li")
            e.wait_for_selector("#score li")
            for p in (n, e):
                assert "The claim stands: the hand ends." in p.inner_text("#score")
                assert p.locator("#claim button[data-key='claim-accept']").count() == 0
            claim = teacher.record(table)["hands"][0]["claim"]
            assert claim["seat"] == 0 and claim["tricks"] == 0 and 1 in claim["accepted_by"]
            for w in (north, east):
                assert w.errors == [] and w.elsewhere == [], (w.errors, w.elsewhere)
            browser.close()
    finally:
        stop(proc)
