"""Play mode in a real browser: Voila serves notebooks/02_table_app.ipynb with the package's own
template (no CDN), Debian's /usr/bin/chromium plays a whole hand of standard Spades and a whole
hand of Spades (and Acorns) with Travelers and Hunters by clicking, tries an illegal card and
checks the refusal is the engine's sentence, saves the game and checks the score shown is the
engine's for the saved record.  The page must log no console error and ask no other host for
anything.  axe-core (npm, from package.json) audits the table in replay mode, play mode and
projector mode for serious or critical WCAG 2.1 A/AA violations; every control of the play table
is reached by the keyboard with a visible focus.  Screenshots go to docs/screenshots/.
"""
from __future__ import annotations

import base64
import json
import os
import re
import shutil
import subprocess
import sys
from typing import Any

import pytest

from conftest import AXE, CHROMIUM, ROOT
from conftest import PlayPage as Page

NOTEBOOK = ROOT / "notebooks" / "02_table_app.ipynb"  # conftest's voila_url fixture serves it
ARTIFACTS = ROOT / "tests" / "artifacts"
SCREENSHOTS = ROOT / "docs" / "screenshots"

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="no /usr/bin/chromium")]
sync_api = pytest.importorskip("playwright.sync_api")

SYMBOLS = re.compile("[\u2660\u2665\u2666\u2663\u2601\u2694\U0001f330\U0001fa90\ufe0f]")


def _norm(text: str) -> str:
    """Text as the browser's innerText gives it: suit symbols are drawn (SVG), not text."""
    text = " ".join(SYMBOLS.sub("", text).split())
    return re.sub(r"\s+([,.:;)])", r"\1", text)


def _shot(page: Any, name: str, selector: str | None = None) -> None:
    path = ARTIFACTS / name
    if selector:
        page.locator(selector).first.screenshot(path=str(path))
    else:
        page.screenshot(path=str(path))
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    shutil.copy(path, SCREENSHOTS / name)


def _card_of(rules: Any, name: str) -> Any:
    return next(c for c in rules.deck.cards if c.name == name)


def play_whole_hand(p: Page) -> dict[str, Any]:
    """Click through one hand (the learner's decisions; bots move instantly); try one illegal
    card on the way.  Returns the refusal seen (text, position) and the saved record."""
    refusal: dict[str, Any] = {}
    for _ in range(600):
        wait, moves = p.state()
        if wait == "look":
            p.click("button.sl-look")
        elif wait == "bid":
            p.click("button.sl-bid")
        elif wait == "exchange":
            text = p.app.locator(".sl-exchange-text").first.inner_text()
            m = re.search(r"Click (\d+)", text)
            if m:  # passing back cards seen: pick them, then pass
                for k in range(int(m.group(1))):
                    p.app.locator("button.sl-cardbtn").nth(k).click()
            p.click("button.sl-pass")
        elif wait == "play":
            illegal = p.app.locator("button.sl-cardbtn.sl-illegal")
            if not refusal and illegal.count():
                name = illegal.first.inner_text().replace("\u200b", "").strip()
                status = p.app.locator(".sl-status").first.inner_text()
                on_table = int(p.app.locator(".sl-status").first.get_attribute(
                    "data-on-table") or 0)
                refusal_moves = p.app.locator(".sl-status").first.get_attribute("data-moves")
                illegal.first.click()
                err = p.app.locator(".sl-error").first
                err.wait_for(state="visible")
                refusal = {"card": name, "text": err.inner_text(), "status": status,
                           "on_table": on_table, "moves": moves}
                assert p.app.locator(".sl-status").first.get_attribute("data-moves") == \
                    str(refusal_moves)  # refused: nothing changed
                continue
            p.app.locator("button.sl-cardbtn.sl-legal").first.click()
            p.wait_change(moves, or_declare=True)
            if p.app.locator("button.sl-declare-as").count():  # a Traveler/Hunter: declare
                p.click("button.sl-declare-as")
        elif wait in ("next-hand", "over"):
            break
        else:
            p.wait_change(moves)
    else:
        raise AssertionError("the hand did not end")
    assert refusal, "no illegal card was ever offered"
    # save: the record comes back as the download link's data
    p.app.locator("button.sl-save").first.click()
    link = p.app.locator("a.sl-save-link").first
    link.wait_for(state="attached")
    href = link.get_attribute("href") or ""
    record = json.loads(base64.b64decode(href.split(",", 1)[1]).decode("utf-8"))
    return {"refusal": refusal, "record": record}


def check_against_engine(p: Page, result: dict[str, Any]) -> None:
    from spades_lab.core.records import replay
    from spades_lab.widgets.playmodel import score_lines

    record = result["record"]
    game = replay(record).game
    hand = game.hands[0]
    assert hand.complete
    # the final score shown is the engine's for the saved record
    shown = _norm(p.app.locator(".sl-play-score").first.inner_text())
    for line in score_lines(hand):
        assert _norm(line) in shown, (line, shown)
    # the refusal shown is the engine's sentence for that card at that moment
    r = result["refusal"]
    trick = int(re.search(r"trick (\d+)", r["status"]).group(1))  # type: ignore[union-attr]
    h = record["hands"][0]
    n = game.rules.players
    steps = len(h["bids"]) + len(h.get("exchange", [])) + (trick - 1) * n + r["on_table"]
    before = replay(record, upto=(0, steps)).game
    card = _card_of(game.rules, r["card"])
    check = before.can_play(card)
    assert not check.ok
    assert _norm(check.message) == _norm(r["text"]), (check.message, r["text"])
    # the CLI replays the saved record to the same totals
    path = ARTIFACTS / f"saved_{game.rules.name}.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "spades_lab.cli.main", "replay", str(path),
                          "--json"], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout)["totals"] == list(game.totals)


def test_play_standard_and_acorns_by_clicking(voila_url: str) -> None:
    with sync_api.sync_playwright() as pw:
        p = Page(pw, voila_url)
        try:
            p.app.scroll_into_view_if_needed()
            p.app.locator(".sl-play-pace select").first.select_option(label="instant")
            # a whole hand of standard Spades
            p.app.locator(".sl-preset-select select").first.select_option(
                label="Spades (standard)")
            p.click("button.sl-new-game")
            _shot(p.page, "play.png", ".sl-play-app")
            result = play_whole_hand(p)
            check_against_engine(p, result)
            _shot(p.page, "play_scored.png", ".sl-play-app")
            # after the hand: the solver's review of the learner's own 13 cards, one line each
            p.app.locator("button.sl-best-card").first.click()
            p.page.wait_for_function(
                "() => document.querySelectorAll('.sl-play-app .sl-review li').length === 13")
            tricks = p.app.locator(".sl-review li").evaluate_all(
                "els => els.map(e => e.dataset.trick)")
            assert tricks == [str(i) for i in range(1, 14)], tricks
            summary = p.app.locator(".sl-review-summary").first.inner_text()
            assert summary and "None" not in summary, summary
            # a whole hand of Spades (and Acorns) with Travelers and Hunters
            p.app.locator(".sl-preset-select select").first.select_option(
                label="Spades and Acorns, 4 players (Heckadeck)")
            box = p.app.locator(".sl-option-travelers-hunters input").first
            box.check()
            p.click("button.sl-new-game")
            assert "Heckadeck" in p.app.locator(".sl-title").first.inner_text()
            result = play_whole_hand(p)
            assert result["record"]["rules"]["options"].get("travelers_hunters") is True
            check_against_engine(p, result)
            assert not p.errors, p.errors
            assert not p.foreign, p.foreign
        finally:
            p.close()


def _fits(p: Page) -> None:
    """Table, your cards, controls and explanation within 1024x768; cards >= 2x 34x46 px."""
    p.page.evaluate("() => document.querySelector('.sl-play-app').scrollIntoView()")
    box = p.app.bounding_box()
    last = p.app.locator(".sl-play-explanation").first.bounding_box()
    assert box is not None and last is not None and box["width"] <= 1024
    assert last["y"] + last["height"] - box["y"] <= 768, (box, last)
    card = p.app.locator("button.sl-cardbtn").first.bounding_box()
    assert card is not None and card["width"] >= 68 and card["height"] >= 92, card


def test_projector_mode_fits_1024x768(voila_url: str) -> None:
    with sync_api.sync_playwright() as pw:
        p = Page(pw, voila_url, size=(1024, 768))
        try:
            p.page.wait_for_function(
                "() => document.querySelector('.sl-play-app .sl-status').dataset.wait "
                "!== 'bots'")
            if p.state()[0] == "look":
                p.click("button.sl-look")
            toggle = p.app.locator(".sl-projector-toggle").first
            toggle.click()
            p.page.wait_for_function(
                "() => document.querySelector('.sl-play-app.sl-projector') !== null")
            _fits(p)
            _shot(p.page, "play_projector.png")
            # the largest hand: 34 cards of the Heckadeck with Travelers and Hunters
            toggle.click()
            p.page.wait_for_function(
                "() => document.querySelector('.sl-play-app.sl-projector') === null")
            p.app.locator(".sl-play-pace select").first.select_option(label="instant")
            p.app.locator(".sl-preset-select select").first.select_option(
                label="Spades and Acorns, 4 players (Heckadeck)")
            p.app.locator(".sl-option-travelers-hunters input").first.check()
            p.click("button.sl-new-game")
            if p.state()[0] == "look":
                p.click("button.sl-look")
            toggle.click()
            p.page.wait_for_function(
                "() => document.querySelector('.sl-play-app.sl-projector') !== null")
            assert p.app.locator("button.sl-cardbtn").count() == 34
            _fits(p)
            _shot(p.page, "play_projector_acorns.png")
            assert not p.errors, p.errors
            assert not p.foreign, p.foreign
        finally:
            p.close()


def test_keyboard_and_axe(voila_url: str) -> None:
    if not AXE.exists():
        pytest.skip("node_modules/axe-core missing: run npm ci (./dev.sh test does)")
    with sync_api.sync_playwright() as pw:
        p = Page(pw, voila_url)
        try:
            p.app.locator(".sl-play-pace select").first.select_option(label="instant")
            if p.state()[0] == "look":
                p.click("button.sl-look")
            # keyboard: tab through the play table; every control gets a visible focus
            p.app.locator(".sl-preset-select select").first.focus()
            reached: set[str] = set()
            for _ in range(80):
                p.page.keyboard.press("Tab")
                info = p.page.evaluate(
                    "() => { const e = document.activeElement; if (!e || !e.closest"
                    "('.sl-play-app')) return null; const s = getComputedStyle(e); return "
                    "{cls: String(e.className), tag: e.tagName, outline: s.outlineStyle, "
                    "width: parseFloat(s.outlineWidth), shadow: s.boxShadow}; }")
                if info is None:
                    continue
                visible = info["outline"] != "none" and info["width"] >= 2 or \
                    info["shadow"] != "none"
                assert visible, info
                for key in ("sl-bid", "sl-cardbtn", "sl-undo", "sl-hint", "sl-save",
                            "sl-new-game", "sl-projector-toggle"):
                    if key in info["cls"].split():
                        reached.add(key)
            assert {"sl-new-game", "sl-hint", "sl-save"} <= reached, reached
            assert "sl-bid" in reached or "sl-cardbtn" in reached, reached
            # decisions by keyboard alone: hint, bid, a card, undo
            p.app.locator("button.sl-hint").first.focus()
            p.page.keyboard.press("Enter")
            p.app.locator(".sl-hint-text").first.wait_for(state="visible")
            assert "The practice bot would" in p.app.locator(".sl-hint-text").first.inner_text()
            if p.state()[0] == "bid":
                _, gen = p.state()
                p.app.locator("button.sl-bid").first.focus()
                p.page.keyboard.press("Enter")
                p.wait_change(gen)
            if p.state()[0] == "play":
                moves = p.app.locator(".sl-status").first.get_attribute("data-moves")
                _, gen = p.state()
                p.app.locator("button.sl-cardbtn.sl-legal").first.focus()
                p.page.keyboard.press("Enter")
                p.wait_change(gen, or_declare=True)
                if p.app.locator("button.sl-declare-as").count():
                    _, gen = p.state()
                    p.app.locator("button.sl-declare-as").first.focus()
                    p.page.keyboard.press("Enter")
                    p.wait_change(gen)
                assert p.app.locator(".sl-status").first.get_attribute("data-moves") != moves
                _, gen = p.state()
                p.app.locator("button.sl-undo").first.focus()
                p.page.keyboard.press("Enter")
                p.wait_change(gen)
                assert p.app.locator(".sl-status").first.get_attribute("data-moves") == moves
                assert "took back" in p.app.locator(".sl-play-explanation").first.inner_text()
            # axe-core: replay mode, play mode, projector mode
            for where in (".sl-table-app", ".sl-play-app", ".sl-whatif", ".sl-quiz"):
                bad = p.axe(where)
                assert not bad, json.dumps(bad, indent=1)
            p.app.locator(".sl-projector-toggle").first.click()
            p.page.wait_for_function(
                "() => document.querySelector('.sl-play-app.sl-projector') !== null")
            bad = p.axe(".sl-play-app")
            assert not bad, json.dumps(bad, indent=1)
            assert not p.errors, p.errors
            assert not p.foreign, p.foreign
        finally:
            p.close()
