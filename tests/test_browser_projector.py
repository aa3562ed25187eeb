"""Every widget a teacher projects, in a real browser (Voila serving
notebooks/02_table_app.ipynb, Debian's /usr/bin/chromium): its one "Projector mode" toggle puts
it on a 1024x768 screen without a scrollbar, its face-up cards at least 70 px wide (the replay
table at the deal, in the first trick and at the end of the hand; the play table at the end of
a hand); every text node of every widget, in both modes, has a solid colour at or above the
WCAG AA contrast ratio on its background (4.5:1, 3:1 for large text), measured node by node,
and axe-core finds no serious or critical WCAG 2.1 A/AA violation; the play table's
Traveler/Hunter buttons draw both suit shapes and their words whole at 1366x768 (and in
projector mode).

Two small screenshots for the README go to docs/screenshots/: the replay table in projector mode
(``replay_projector.png``) and the play table's bidding screen (``play_bidding.png``).
"""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from conftest import AXE, CHROMIUM, ROOT, text_contrast

NOTEBOOK = ROOT / "notebooks" / "02_table_app.ipynb"  # conftest's voila_url fixture serves it
IMAGES = ROOT / "docs" / "screenshots"
ARTIFACTS = ROOT / "tests" / "artifacts"
WIDGETS = (".sl-table-app", ".sl-whatif", ".sl-quiz", ".sl-trump-timeline",
           ".sl-score-explainer")

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="no /usr/bin/chromium")]
sync_api = pytest.importorskip("playwright.sync_api")

from test_browser_play import Page, play_whole_hand  # noqa: E402  (after the skips)

#: A widget's box, its face-up cards, the page's width and any inner scrollbar.
MEASURE = """(sel) => {
  const w = document.querySelector(sel); w.scrollIntoView();
  const r = w.getBoundingClientRect();
  const cards = [...w.querySelectorAll('.sl-card:not(.sl-back), button.sl-cardbtn')]
    .map(c => c.getBoundingClientRect().width);
  const scrollers = [...w.querySelectorAll('*')].filter(e => {
    const s = getComputedStyle(e);
    return (['auto', 'scroll'].includes(s.overflowX) && e.scrollWidth > e.clientWidth + 1) ||
           (['auto', 'scroll'].includes(s.overflowY) && e.scrollHeight > e.clientHeight + 1);
  }).map(e => String(e.className).slice(0, 60));
  const small = [];
  const walk = document.createTreeWalker(w, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const el = walk.currentNode.parentElement;
    if (!walk.currentNode.textContent.trim() || !el || el.closest('svg, style, option')) continue;
    if (!el.getClientRects().length) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < 14) small.push([walk.currentNode.textContent.trim().slice(0, 30), size]);
  }
  return {width: r.width, height: r.height, cards: cards.length,
          narrowest: cards.length ? Math.min(...cards) : null,
          page_width: document.documentElement.scrollWidth, scrollers, small};
}"""


def projector_on(p: Page, sel: str) -> None:
    p.page.locator(f"{sel} .sl-projector-toggle").first.click()
    p.page.wait_for_function(
        "(sel) => document.querySelector(sel).classList.contains('sl-projector')", arg=sel)


def fits(p: Page, sel: str, *, cards: bool) -> dict[str, Any]:
    """``sel`` within 1024x768, no scrollbar, text at least 14 px, face-up cards >= 70 px."""
    m: dict[str, Any] = p.page.evaluate(MEASURE, sel)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    p.page.locator(sel).first.screenshot(path=str(ARTIFACTS / f"projector{sel}.png"))
    assert m["width"] <= 1024 and m["height"] <= 768, (sel, m)
    assert m["page_width"] <= 1024, (sel, m)  # no horizontal scrollbar on the page
    assert not m["scrollers"], (sel, m)
    assert not m["small"], (sel, m)
    if cards:
        assert m["cards"] > 0 and m["narrowest"] >= 70, (sel, m)
    return m


def small_png(page: Any, selector: str, name: str, width: int = 800) -> Path:
    """An element's screenshot as a small PNG for the README (scaled to ``width``, 128
    colours)."""
    image = pytest.importorskip("PIL.Image")
    IMAGES.mkdir(parents=True, exist_ok=True)
    path = IMAGES / name
    page.locator(selector).first.screenshot(path=str(path))
    im = image.open(path).convert("RGB")
    if im.width > width:
        im = im.resize((width, round(im.height * width / im.width)), image.LANCZOS)
    im.quantize(colors=128, method=image.Quantize.FASTOCTREE).save(path, optimize=True)
    return path


def test_every_widget_fits_a_projector(voila_url: str) -> None:
    with sync_api.sync_playwright() as pw:
        p = Page(pw, voila_url, size=(1024, 768))
        try:
            for sel in WIDGETS:
                projector_on(p, sel)
            # the replay table (136 cards of the Heckadeck with Travelers and Hunters):
            # at the deal, in the first trick, at the end of the hand
            t = ".sl-table-app"
            fits(p, t, cards=True)
            for _ in range(6):
                p.page.locator(f"{t} button.sl-next").first.click()
            p.page.wait_for_function(
                "() => document.querySelector('.sl-table-app .sl-status').innerText"
                ".includes('Step 6/')")
            m = fits(p, t, cards=True)
            assert m["cards"] == 136  # every hand face up (134 cards) and the trick (2)
            small_png(p.page, t, "replay_projector.png")
            p.page.locator(f"{t} button.sl-last-button").first.click()
            p.page.wait_for_function(
                "() => document.querySelector('.sl-table-app .sl-status').innerText"
                ".includes('is over')")
            fits(p, t, cards=True)
            # what-if at a point with cards on the trick, quiz, timeline, score explainer
            point = p.page.locator(".sl-whatif .sl-whatif-point input").first
            point.fill("2")
            point.press("Enter")
            p.page.wait_for_function(
                "() => document.querySelectorAll('.sl-whatif .sl-trick .sl-card').length "
                "=== 2")
            fits(p, ".sl-whatif", cards=True)
            fits(p, ".sl-quiz", cards=p.page.locator(".sl-quiz .sl-card").count() > 0)
            fits(p, ".sl-trump-timeline", cards=False)
            fits(p, ".sl-score-explainer", cards=False)
            # the play table at the end of a hand of standard Spades
            p.app.locator(".sl-play-pace select").first.select_option(label="instant")
            projector_on(p, ".sl-play-app")
            play_whole_hand(p)
            p.page.evaluate("() => document.querySelector('.sl-play-app').scrollIntoView()")
            box = p.app.bounding_box()
            last = p.app.locator(".sl-play-explanation").first.bounding_box()
            assert box is not None and last is not None and box["width"] <= 1024
            assert last["y"] + last["height"] - box["y"] <= 768, (box, last)
            assert not p.errors, p.errors
            assert not p.foreign, p.foreign
        finally:
            p.close()


def check_contrast(p: Page, where: str) -> int:
    """No text node of the widgets below AA, none undecided; axe-core's serious/critical
    violations none.  Returns the number of text nodes measured."""
    total = 0
    for sel in (*WIDGETS, ".sl-play-app"):
        c = text_contrast(p.page, sel)
        assert c["count"] > 0, sel
        assert not c["low"], (where, sel, json.dumps(c["low"][:5]))
        assert not c["undecided"], (where, sel, json.dumps(c["undecided"][:5]))
        total += c["count"]
        bad = p.axe(sel)
        assert not bad, (where, json.dumps(bad, indent=1))
    return total


def test_every_text_node_meets_wcag_aa(voila_url: str) -> None:
    if not AXE.exists():
        pytest.skip("node_modules/axe-core missing: run npm ci (./dev.sh test does)")
    with sync_api.sync_playwright() as pw:
        p = Page(pw, voila_url)
        try:
            for _ in range(6):  # cards in the trick, a winning card marked
                p.page.locator(".sl-table-app button.sl-next").first.click()
            p.page.wait_for_function(
                "() => document.querySelector('.sl-table-app .sl-status').innerText"
                ".includes('Step 6/')")
            p.page.locator(".sl-quiz button.sl-quiz-choice").first.click()
            p.page.locator(".sl-quiz .sl-quiz-feedback").first.wait_for(state="visible")
            if p.state()[0] == "look":
                p.click("button.sl-look")
            assert check_contrast(p, "normal") > 300
            for sel in (*WIDGETS, ".sl-play-app"):
                projector_on(p, sel)
            assert check_contrast(p, "projector") > 300
            assert not p.errors, p.errors
        finally:
            p.close()


#: Each Traveler/Hunter button of the play table: the room above its words for the two suit
#: shapes (drawn side by side, ``::before`` and ``::after``), and the words inside the button.
DUAL_BUTTONS = """() => [...document.querySelectorAll('.sl-play-app button.sl-cardbtn')]
  .filter(b => /sl-s2-/.test(b.className)).map(b => {
    const r = b.getBoundingClientRect(), s = getComputedStyle(b);
    const range = document.createRange(); range.selectNodeContents(b);
    const t = range.getBoundingClientRect();
    const before = getComputedStyle(b, '::before'), after = getComputedStyle(b, '::after');
    const px = v => parseFloat(v) || 0;
    const inner = {top: r.top + px(s.borderTopWidth) + px(s.paddingTop),
                   bottom: r.bottom - px(s.borderBottomWidth) - px(s.paddingBottom),
                   left: r.left + px(s.borderLeftWidth), right: r.right - px(s.borderRightWidth)};
    return {text: b.innerText, shown: [before.display, after.display],
            above: t.top - inner.top - px(before.height), below: inner.bottom - t.bottom,
            left: t.left - inner.left, right: inner.right - t.right,
            side: inner.right - inner.left - px(before.width) - px(after.width)}; })"""


def test_traveler_and_hunter_buttons_are_drawn_whole(voila_url: str) -> None:
    with sync_api.sync_playwright() as pw:
        p = Page(pw, voila_url, size=(1366, 768))
        try:
            p.app.scroll_into_view_if_needed()
            p.app.locator(".sl-play-pace select").first.select_option(label="instant")
            # the bidding screen of standard Spades, for the README
            p.app.locator(".sl-preset-select select").first.select_option(
                label="Spades (standard)")
            p.click("button.sl-new-game")
            if p.state()[0] == "look":
                p.click("button.sl-look")
            assert p.state()[0] == "bid"
            p.page.evaluate("() => document.querySelector('.sl-play-app').scrollIntoView()")
            small_png(p.page, ".sl-play-app", "play_bidding.png")
            # a hand of the Heckadeck with Travelers and Hunters
            p.app.locator(".sl-preset-select select").first.select_option(
                label="Spades and Acorns, 4 players (Heckadeck)")
            p.app.locator(".sl-option-travelers-hunters input").first.check()
            for seed in range(1, 6):  # a deal that gives the learner a Traveler or Hunter
                p.app.locator(".sl-play-seed input").first.fill(str(seed))
                p.click("button.sl-new-game")
                if p.state()[0] == "look":
                    p.click("button.sl-look")
                duals = p.page.evaluate(DUAL_BUTTONS)
                if duals:
                    break
            assert duals, "no Traveler or Hunter dealt to the learner"
            for d in duals:
                assert d["shown"] == ["block", "block"], d
                assert min(d["above"], d["below"], d["left"], d["right"], d["side"]) >= -0.5, d
            # and in projector mode
            projector_on(p, ".sl-play-app")
            for d in p.page.evaluate(DUAL_BUTTONS):
                assert d["shown"] == ["block", "block"], d
                assert min(d["above"], d["below"], d["left"], d["right"], d["side"]) >= -0.5, d
            assert not p.errors, p.errors
        finally:
            p.close()


def test_a_table_drawn_for_the_projector_fits(tmp_path: Path) -> None:
    """``render.table_html(..., projector=True)`` on its own page (as a server's page draws
    it): every hand face up, 70 px cards, within 1024x768 and no wider than the screen."""
    from conftest import launch_chromium
    from spades_lab import render
    from spades_lab.core.records import replay

    records = {"heckadeck": (ROOT / "data" / "scenarios" / "demo_acorns_th.json", 6),
               "standard": (ROOT / "data" / "course" / "standard_hand.json", 6)}
    with sync_api.sync_playwright() as pw:
        browser = launch_chromium(pw)
        try:
            page = browser.new_page(viewport={"width": 1024, "height": 768})
            for name, (record, step) in records.items():
                hand = replay(record, upto=(0, step)).game.hand
                html = render.table_html(hand, projector=True, style=True)
                page.set_content(f"<!doctype html><body style='margin:0'>{html}</body>")
                m = page.evaluate(MEASURE, ".sl-table")
                assert m["cards"] == len(hand.rules.deck.cards), (name, m)  # hands and trick
                assert m["narrowest"] >= 70 and m["width"] <= 1024, (name, m)
                assert m["height"] <= 768 and m["page_width"] <= 1024, (name, m)
                assert not m["scrollers"] and not m["small"], (name, m)
        finally:
            browser.close()
