"""widgets.play's claim control (no browser): shown on your turn to play with the choices the
remaining tricks allow; a proved claim ends the hand, a refuted one shows why the robots play
on."""
from __future__ import annotations

import pytest

from conftest import CLAIM_SPLIT, CLAIM_SURE, claim_ending

pytest.importorskip("ipywidgets")

from spades_lab.table import PlayModel  # noqa: E402
from spades_lab.widgets.play import PlayTable  # noqa: E402


def table(hands: list[list[str]]) -> PlayTable:
    return PlayTable(model=PlayModel(game=claim_ending(hands), seat=1, pace=0), pace=0)


def test_widgets_play_claims_a_proved_claim_ends_the_hand() -> None:
    t = table(CLAIM_SURE)
    assert t.claim_box.layout.display == ""
    assert [label for label, _ in t.claim_select.options] == ["the rest (2)", "1 of 2",
                                                              "none: concede"]
    t.claim_select.value = 2
    t.claim_button.click()
    assert t.model.game.hands[-1].complete and t.claim_box.layout.display == "none"
    assert "The claim stands" in t.explanation_html.value


def test_widgets_play_claims_a_refuted_claim_says_why() -> None:
    t = table(CLAIM_SPLIT)
    t.claim_select.value = 2
    t.claim_button.click()
    assert "play on: the solver refutes it" in t.message.value
    assert not t.model.game.hands[-1].complete and t.claim_box.layout.display == ""
