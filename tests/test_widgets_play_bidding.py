"""The play widget teaches the bidding (issue 23 item 4): the line for the phase, the partner
marked, no blind bid chosen for the learner, a kind and a number instead of a long list,
"taken/bid" in words, and "play on" with the game's own options and a recap."""
from __future__ import annotations

import re
from pathlib import Path

from spades_lab.widgets.play import PlayTable
from spades_lab.widgets.replay import TableApp

DEMO = Path("data/scenarios/demo_acorns_th.json")


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def test_no_blind_bid_is_chosen_for_the_learner():
    t = PlayTable("standard", seat=0, seed=3, pace=0)
    assert t.model.waiting() == "look"
    assert t.kind_select.value == -1 and t.bid_button.disabled
    assert t.kind_select.options[0][0].startswith("choose a blind bid")
    t.bid_chosen()  # pressing Bid with nothing chosen bids nothing
    assert t.model.game.hands[0].bids[0] is None and "Choose a blind bid" in t.message.value
    assert "bid blind now" in _text(t.guide_html.value)
    t.look_button.click()
    assert t.model.waiting() == "bid" and not t.bid_button.disabled
    assert t.kind_select.value == 0 and t.number_select.value == 3  # a number, 3 to start
    assert "how many tricks" in _text(t.guide_html.value)


def test_the_partner_is_marked_on_the_table():
    t = PlayTable("standard", seat=0, seed=3, pace=0)
    seats = dict(re.findall(r'data-seat="(\d)" style="grid-area:s\d">(.*?)</div>',
                            t.table_html.value))
    assert "your partner" in seats["2"]
    assert all("your partner" not in seats[s] for s in "013")


def test_acorns_bids_are_a_kind_and_a_number():
    t = PlayTable("acorns", seat=0, seed=1, pace=0)
    t.look_button.click()
    labels = [label for label, _ in t.kind_select.options]
    assert labels == ["A number", "Nil Spades", "Nil Acorns", "Full Nil"]
    t.kind_select.value = 1
    assert t.number_select.layout.display == "" and len(t.number_select.options) > 20
    assert "take no trick with a Spade" in t.kind_html.value
    t.number_select.value = 2
    t.bid_button.click()
    assert t.model.game.hands[0].bids[0].label == "Nil Spades + 2"


def test_taken_and_bid_are_said_in_words():
    t = PlayTable("standard", seat=0, seed=3, pace=0)
    t.look_button.click()
    t.number_select.value = 4
    t.bid_button.click()
    assert "you 0 of 4" in _text(t.taken_html.value)


def test_play_on_keeps_the_games_options_and_recaps_the_hand():
    app = TableApp(DEMO)
    app.model.go(app.model.play_start + 4 * 3)
    play = app.play_here(pace=0)
    assert play.model.rules == app.model.rules
    assert play._controls["travelers_hunters"].value is True  # the box says what the game is
    assert play.preset_select.value == "acorns"
    assert "take over hand 1" in _text(play.title.value)
    recap = _text(play.recap_html.value)
    assert recap.startswith("The hand so far Bids: ") and "Trick 3: " in recap
    assert "Trick 4: " not in recap
