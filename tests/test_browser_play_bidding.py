"""Play mode's bidding help in a real browser (issue 23 item 4): Voila serves
notebooks/02_table_app.ipynb, Debian's /usr/bin/chromium reads the line for the phase, finds the
partner marked on the table, no blind bid chosen for the learner, and a bid as a kind plus a
number.  No console error, no other host."""
from __future__ import annotations

import os

import pytest

from conftest import CHROMIUM, ROOT
from conftest import PlayPage as Page

NOTEBOOK = ROOT / "notebooks" / "02_table_app.ipynb"  # conftest's voila_url fixture serves it

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="no /usr/bin/chromium")]
sync_api = pytest.importorskip("playwright.sync_api")
#: The text of a select's chosen option (the widgets write non-breaking spaces).
CHOSEN = "s => s.options[s.selectedIndex].text.replace(/\\s/g, ' ')"


def test_the_bidding_is_taught_on_the_page(voila_url: str) -> None:
    with sync_api.sync_playwright() as pw:
        p = Page(pw, voila_url)
        try:
            p.page.wait_for_function(
                "() => document.querySelector('.sl-play-app .sl-status').dataset.wait "
                "!== 'bots'")
            app = p.app
            guide = app.locator(".sl-guide").first
            # the partner, opposite the learner, is marked in words on the table
            badge = app.locator(".sl-seat-badge")
            assert badge.count() == 1 and badge.first.inner_text() == "your partner"
            you = app.locator(".sl-seat.sl-you").first.get_attribute("data-seat")
            mate = app.locator(".sl-seat:has(.sl-seat-badge)").first.get_attribute("data-seat")
            assert you is not None and mate is not None and (int(you) + 2) % 4 == int(mate)
            assert "Tricks taken so far" in app.locator(".sl-taken-words").first.inner_text()
            if p.state()[0] == "look":
                assert "bid blind now" in guide.inner_text()
                kind = app.locator(".sl-bid-kind select").first
                assert kind.evaluate(CHOSEN).startswith("choose a blind bid")
                assert app.locator("button.sl-bid").first.is_disabled()
                p.click("button.sl-look")
            assert p.state()[0] == "bid"
            assert "how many tricks" in app.locator(".sl-guide").first.inner_text()
            kind = app.locator(".sl-bid-kind select").first
            assert kind.evaluate(CHOSEN) == "A number"
            assert app.locator(".sl-bid-number select").first.is_visible()
            kind.select_option(label="Nil")
            # the kernel sends the hidden numbers and the new words as separate messages, so
            # wait for both before reading the words
            p.page.wait_for_function(
                "() => getComputedStyle(document.querySelector('.sl-play-app .sl-bid-number'))"
                ".display === 'none' && (document.querySelector('.sl-play-app .sl-bid-words')"
                " || {}).textContent?.startsWith('Nil')")
            assert "take no trick at all" in app.locator(".sl-bid-words").first.inner_text()
            assert not p.errors, p.errors
            assert not p.foreign, p.foreign
        finally:
            p.close()
