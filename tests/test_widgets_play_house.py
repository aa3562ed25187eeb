"""Play mode's setup offers the bidding and play house rules (docs/rulings.md section 9) in
words: a control per rule the preset takes, the game dealt under them, and a combination the
rules refuse said in the refusal's sentence, with nothing dealt."""
from __future__ import annotations

from typing import Any

import pytest

from spades_lab.core.rules import HOUSE_OPTIONS, HOUSE_PLAY_OPTIONS, PRESETS, RuleSet
from spades_lab.table import house_play_choices, house_setup_words, setup_options
from spades_lab.words.rules import house_words

pytest.importorskip("ipywidgets")
from spades_lab.widgets.play import PlayTable  # noqa: E402

#: One setting of each bidding/play house rule, as its control holds it.
SETTINGS: dict[str, Any] = {"spade_lead": "not_first_trick", "zero_bid": "ordinary",
                            "nil_bids": "below_target", "blind_nil": False, "team_bid_max": 13,
                            "team_bid_min": 4, "blind_bids": True, "nil_exchange": 2,
                            "bidding": "whiz", "jokers": "on", "cutthroat": "deal_17"}


def test_every_play_house_rule_has_a_control_where_the_preset_takes_it() -> None:
    for preset in PRESETS:
        have = [c.option for c in house_play_choices(preset)]
        assert have == [k for k in HOUSE_OPTIONS[preset] if k in HOUSE_PLAY_OPTIONS]
    assert set(SETTINGS) == set(HOUSE_PLAY_OPTIONS)
    t = PlayTable("acorns", seed=1, pace=0)  # the Heckadeck sets take none of them
    assert not set(HOUSE_PLAY_OPTIONS) & set(t._controls)
    assert not [w for w in t.options_box.children if "sl-house-play-rules" in w._dom_classes]


@pytest.mark.parametrize("key", sorted(SETTINGS))
def test_a_house_rule_set_in_the_setup_is_the_game_s_rule(key: str) -> None:
    t = PlayTable("standard", seed=3, pace=0)
    w = t._controls[key]
    assert "_" not in w.description  # a plain label, no option name
    for label, _value in getattr(w, "options", ()):
        assert "_" not in label
    w.value = SETTINGS[key]
    # under the controls, the rule's own sentence (house_words, the one home of the words)
    sentence = house_words(RuleSet.preset("standard", {key: SETTINGS[key]}))[0]
    assert sentence.replace("'", "&#x27;") in t.house_html.value
    t.new_game()
    assert t.message.value == ""
    assert t.model.rules == RuleSet.preset("standard", {key: SETTINGS[key]})
    assert t.model.rules.options() == {key: SETTINGS[key]}
    assert sentence.replace("'", "&#x27;") in t.title.value  # the table's words say it too


def test_a_menu_offers_every_value_the_option_takes() -> None:
    t = PlayTable("online", seed=2, pace=0)
    for key, values in (("spade_lead", {"broken", "not_first_trick", "any"}),
                        ("zero_bid", {"nil", "ordinary"}),
                        ("nil_bids", {"on", "off", "below_target"}),
                        ("bidding", {"free", "mirror", "whiz", "suicide"}),
                        ("jokers", {"off", "on", "jokers_only"}),
                        ("cutthroat", {"off", "deal_17", "deal_13"})):
        assert {v for _, v in t._controls[key].options} == values
        for value in values:  # each one deals a game under it
            t._setup_for("online")
            t._controls[key].value = value
            t.new_game()
            assert getattr(t.model.rules, key) == value, t.message.value
    assert t.model.rules.name == "online"


def test_a_contradictory_pair_is_refused_in_a_sentence_and_deals_nothing() -> None:
    t = PlayTable("standard", {"spade_lead": "any"}, seed=3, pace=0)
    before = t.model
    assert t._controls["spade_lead"].value == "any"  # the game's own options, shown
    t._controls["bidding"].value = "mirror"
    t._controls["team_bid_min"].value = 4
    refusal = "Mirror decides every bid from the cards, so a partnership&#x27;s total cannot " \
              "be held to a minimum"
    assert refusal in t.house_html.value and "sl-error" in t.house_html.value
    t.new_game()
    assert refusal in t.message.value and "sl-error" in t.message.value
    assert "Traceback" not in t.message.value
    assert "team_bid_min" not in t.message.value and "Option" not in t.message.value
    assert t.model is before and t.model.rules.options() == {"spade_lead": "any"}
    t._controls["team_bid_min"].value = 0  # 0: no minimum; the pair no longer clashes
    assert "sl-error" not in t.house_html.value
    t.new_game()
    assert t.model is not before
    assert t.model.rules.options() == {"spade_lead": "any", "bidding": "mirror"}


def test_the_house_rules_of_play_fold_under_their_own_heading() -> None:
    t = PlayTable("original", seed=3, pace=0)
    fold = [w for w in t.options_box.children if "sl-house-play-rules" in w._dom_classes]
    assert len(fold) == 1
    show, box = fold[0].children
    assert show.description == "House rules: bidding and play"
    assert t._controls["bidding"] in box.children
    assert t._controls["nil_points"] not in box.children
    assert box.layout.display == "none"
    show.value = True
    assert box.layout.display == "flex"


def test_a_bidding_house_rule_reaches_the_bids_the_learner_is_offered() -> None:
    t = PlayTable("standard", seed=5, seat=0, pace=0)
    t._controls["bidding"].value = "mirror"
    t.new_game()
    while t.model.waiting() != "bid":
        if t.model.waiting() == "look":
            t.look_button.click()
        else:
            t.model.run_bots()
    hand = t.model.game.hand
    assert hand is not None
    spades = len([c for c in hand.hands[0] if c.suits[0] == "S"])
    kinds = t.model.bid_menu()
    bids = [b for k in kinds for b in k.bids]
    assert len(bids) == 1 and bids[0].tricks == spades


def test_setup_options_and_words_are_plain_python() -> None:
    assert setup_options({"team_bid_max": 0, "nil_exchange": 0}) == {"team_bid_max": None,
                                                                      "nil_exchange": 0}
    ok, words = house_setup_words("standard", {"nil_exchange": 2, "nil_bids": "off"})
    assert not ok and "nil is switched off" in words[0]
    assert house_setup_words("standard", {}) == (True, [])


def _whole_hand(t: PlayTable) -> None:
    """The learner (bidding an ordinary number, playing the first legal card) and the bots
    play the game's first hand to its score."""
    g = t.model.game
    while not g.hands or g.hands[0].scores is None:
        w = t.model.waiting()
        if w == "look":
            t.look_button.click()
        elif w == "bid":
            assert t.model.bid(next(b for b in g.legal_bids() if b.nil is None and not b.blind))
        elif w == "play":
            assert t.model.play(g.legal_plays()[0])
        elif w == "bots":
            t.model.run_bots()
        else:
            break
    assert g.hands[0].scores is not None


def test_a_jokers_game_deals_the_jokers_and_plays_a_whole_hand() -> None:
    """Play mode under Jokers Spades: the bots and the learner's table play a whole hand to its
    score, the Jokers dealt and the 2s out."""
    t = PlayTable("standard", seed=4, seat=0, pace=0)
    t._controls["jokers"].value = "on"
    t.new_game()
    assert t.model.rules.deck.jokers == "on"
    _whole_hand(t)
    g = t.model.game
    assert sum(g.hands[0].taken) == 13
    dealt = {c.code for row in g.hands[0].deal for c in row}
    assert {"BJ", "LJ"} <= dealt and "2H" not in dealt
    assert "BJ" not in t.title.value and "Joker" in t.house_html.value


@pytest.mark.parametrize(("deal", "size"), [("deal_17", 17), ("deal_13", 13)])
def test_a_three_player_game_plays_a_whole_hand(deal: str, size: int) -> None:
    t = PlayTable("standard", seed=6, seat=0, pace=0)
    t._controls["cutthroat"].value = deal
    t.new_game()
    assert t.model.rules.players == 3 and t.message.value == ""
    _whole_hand(t)
    h = t.model.game.hands[0]
    assert sum(h.taken) == size and len(h.scores or ()) == 3
    assert "sl-table-3" in t.table_html.value and "Southwest" not in t.table_html.value
