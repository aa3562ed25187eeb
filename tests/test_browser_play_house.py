"""Play mode in a real browser under the last house rules of issue 32 (docs/rulings.md section
9): a whole hand of Jokers Spades and a whole hand of three players each alone, clicked through
as tests/test_browser_play.py clicks the seed rules (its helpers), the score shown the engine's
for the saved record, no console error, no other host asked."""
from __future__ import annotations

import os

import pytest
from test_browser_play import check_against_engine, play_whole_hand

from conftest import CHROMIUM, ROOT
from conftest import PlayPage as Page

NOTEBOOK = ROOT / "notebooks" / "02_table_app.ipynb"  # conftest's voila_url fixture serves it

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="no /usr/bin/chromium")]
sync_api = pytest.importorskip("playwright.sync_api")


def test_a_jokers_hand_and_a_three_player_hand_by_clicking(voila_url: str) -> None:
    with sync_api.sync_playwright() as pw:
        p = Page(pw, voila_url)
        try:
            p.app.scroll_into_view_if_needed()
            p.app.locator(".sl-play-pace select").first.select_option(label="instant")
            p.app.locator(".sl-preset-select select").first.select_option(
                label="Spades (standard)")
            p.app.locator(".sl-house-play-rules-toggle").first.click()  # no redraw: no wait
            jokers = p.app.locator(".sl-option-jokers select").first
            jokers.select_option(label="two Jokers, then the 2 of Diamonds and the 2 of Spades, "
                                       "above the Ace of Spades")
            p.click("button.sl-new-game")
            assert "52-card deck with Jokers" in p.app.locator(".sl-title").first.inner_text()
            result = play_whole_hand(p)
            assert result["record"]["rules"]["options"] == {"jokers": "on"}
            dealt = {c for row in result["record"]["hands"][0]["deal"] for c in row}
            assert {"BJ", "LJ"} <= dealt and "2H" not in dealt
            check_against_engine(p, result)
            # three players, each alone, 17 cards each (the Jokers back off)
            jokers.select_option(label="none (the usual deck)")
            p.app.locator(".sl-option-cutthroat select").first.select_option(
                label="three, each alone: 17 cards each, one card out")
            p.click("button.sl-new-game")
            assert p.app.locator(".sl-table-3").count() == 1
            result = play_whole_hand(p)
            hand = result["record"]["hands"][0]
            assert result["record"]["rules"]["options"] == {"cutthroat": "deal_17"}
            assert [len(row) for row in hand["deal"]] == [17, 17, 17]
            check_against_engine(p, result)
            assert not p.errors, p.errors
            assert not p.foreign, p.foreign
        finally:
            p.close()
