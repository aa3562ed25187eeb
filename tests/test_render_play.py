"""Display pieces of play mode: suits drawn from the package's SVG glyphs in learner text, the
trick's winner marked, the trump timeline's legend."""
from __future__ import annotations

import re

import matplotlib

matplotlib.use("Agg")

from spades_lab.core.cards import SUITS  # noqa: E402
from spades_lab.core.records import replay  # noqa: E402
from spades_lab.render import explanation_text_html, message_html, text_html  # noqa: E402

DEMO = "data/scenarios/demo_acorns_th.json"


def test_every_suit_symbol_becomes_the_packages_svg() -> None:
    # ♠♥♦♣ as plain text, and the emoji older text used for the Heckadeck suits
    marks = [s.symbol for s in SUITS.values() if len(s.symbol) == 1]
    marks += ["\U0001f330", "\U0001fa90", "\u2601", "\u2694"]
    text = " ".join(f"7{m}" for m in marks) + " 5\u2601\ufe0f <b>"
    html = text_html(text)
    for s in SUITS.values():
        assert f'aria-label="{s.name}"' in html and f"sl-shape-{s.shape}" in html
    for m in marks:
        assert m not in html
    assert "\ufe0f" not in html and "&lt;b&gt;" in html
    assert html.count("<svg") == len(SUITS) + 1
    # a suit's name in a sentence stays a word
    assert text_html("Acorns are the superior trump") == "Acorns are the superior trump"


def test_plain_text_cards_use_only_common_terminal_characters() -> None:
    """Every card of every deck prints with ASCII and ♠ ♥ ♦ ♣ only (WGL4, in every common
    terminal font); the Heckadeck's own suits by name."""
    from spades_lab.core.cards import HECKADECK_TH, STANDARD_DECK, parse_card

    for deck in (STANDARD_DECK, HECKADECK_TH):
        for c in deck.cards:
            assert all(ch.isascii() or ch in "\u2660\u2665\u2666\u2663" for ch in c.pretty), c
    assert parse_card("7A").pretty == "7 Acorns" and parse_card("10H").pretty == "10\u2665"
    assert parse_card("HPS").pretty == "H Planets/Spades"


def test_learner_boxes_draw_suits_and_hide_rule_ids() -> None:
    box = explanation_text_html(["West wins with 9\U0001f330", "  indented"], "What")
    assert "\U0001f330" not in box and 'class="sl-indent"' in box
    msg = message_html("West must follow Clubs: holds J\u2663.")
    assert "\u2663" not in msg and 'role="alert"' in msg and "sl-rule-id" not in msg


def test_trump_timeline_names_its_marks() -> None:
    from spades_lab.render.plots import trump_timeline_plot

    acorns = replay(DEMO).game.hands[0]
    labels = [t.get_text() for t in trump_timeline_plot(acorns).get_legend().get_texts()]
    assert labels == ["a card played as this trump", "the trick that broke this trump",
                      "the superior trump, from the trick that set it",
                      "a trick the superior trump decided"]
    std = replay("data/scenarios/std_must_follow.json").game.hands[0]
    labels = [t.get_text() for t in trump_timeline_plot(std).get_legend().get_texts()]
    assert len(labels) == 2


def test_replay_table_marks_the_winner_while_played_and_after() -> None:
    from spades_lab.widgets import TableApp

    app = TableApp(DEMO)
    app.model.go(app.model.play_start + 2)
    app.refresh()
    h = app.model.hand
    assert h.trick and "sl-winning" in app.table_html.value
    seat = h.winning_so_far()[0]
    assert re.search(f'data-seat="{seat}"><span class="sl-card[^"]*sl-winning',
                     app.table_html.value)
    app.next_trick_button.click()
    done = app.model.hand.tricks[-1]
    assert not app.model.hand.trick
    assert re.search(f'data-seat="{done.winner}"><span class="sl-card[^"]*sl-winning',
                     app.table_html.value)
    assert app.table_html.value.count("sl-winning") == 1


def test_trump_timeline_view_follows_the_table() -> None:
    from spades_lab.widgets import TableApp, TrumpTimelineView

    app = TableApp(DEMO)
    view = TrumpTimelineView(app)
    assert "No card played yet" in view.now_html.value
    app.last_button.click()
    h = app.model.hand
    assert f"trick {h.rules.hand_size} of {h.rules.hand_size}" in view.now_html.value
    assert "superior trump (set in trick 15)" in view.now_html.value
    full = view.picture.value
    app.model.go(app.model.play_start + 4 * h.rules.players)
    app.slider.value = app.model.position
    assert "trick 4 of" in view.now_html.value and view.picture.value != full
    assert "sl-timeline-superior" not in view.picture.value  # not set yet at trick 4


def test_rich_output_lists_draw_suits() -> None:
    from spades_lab import render
    from spades_lab.teach.explain import trump_timeline

    h = replay(DEMO).game.hands[0]
    svg = render.trump_timeline_svg(trump_timeline(h), [t.plays for t in h.tricks],
                                    h.rules.hand_size)
    listed = svg.split('<ul class="sl-timeline-text">')[1]
    assert "broke Acorns with the 7 of Acorns" in listed  # cards in words, no symbol
    assert not any(s.symbol in listed for s in SUITS.values() if len(s.symbol) == 1)
    box = render.explanation_html(["North wins with 9\U0001f330"])
    assert "\U0001f330" not in box and "sl-suit-inline" in box


def test_replay_table_hands_the_position_to_play_mode() -> None:
    from spades_lab.widgets import TableApp

    app = TableApp(DEMO, view_seat=2)
    app.model.go(app.model.play_start + 5 * 4 + 1)  # in trick 6
    play = app.play_here(pace=0)
    assert app.play_box.children == (play,)
    h = play.model.game.hands[0]
    # the bots before South have played to trick 6; now it is South's (the learner's) turn
    assert len(h.tricks) == 5 and play.model.seat == 2 and play.model.waiting() == "play"
    rec = replay(DEMO).game.hands[0]
    assert [t.winner for t in h.tricks] == [t.winner for t in rec.tricks[:5]]


def test_replay_table_shows_the_score_at_the_end_of_the_hand() -> None:
    from spades_lab.widgets import TableApp

    app = TableApp(DEMO)
    assert "Hand 1 is over" not in app.explanation_html.value
    app.last_button.click()
    assert "Hand 1 is over" in app.explanation_html.value
    assert "North/South: bid" in app.explanation_html.value
