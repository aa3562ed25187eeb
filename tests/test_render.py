"""HTML/SVG drawing: every card names itself, suits differ in shape as well as colour, classes
are stable, engine objects display themselves, and what is drawn agrees with the engine."""
from __future__ import annotations

import re
from xml.etree import ElementTree

import pytest

from conftest import ROOT
from spades_lab import HECKADECK_TH, STANDARD_DECK, SUITS, parse_card, render
from spades_lab.core.records import replay
from spades_lab.render import (
    CSS,
    card_html,
    card_svg,
    game_html,
    hand_html,
    options_html,
    running_totals_html,
    score_html,
    table_html,
    trick_html,
    trump_timeline_svg,
    trumps_html,
)

RECORD = ROOT / "data" / "scenarios" / "demo_acorns_th.json"

ALL_CARDS = list(HECKADECK_TH.cards) + [c for c in STANDARD_DECK.cards if c not in HECKADECK_TH]


@pytest.fixture(scope="module")
def demo():
    return replay(RECORD).game


def mid_game(k: int):
    return replay(RECORD, upto=(0, k)).game


@pytest.mark.parametrize("card", ALL_CARDS, ids=lambda c: c.code)
def test_every_card_has_a_text_alternative_and_its_suits(card):
    html = card_html(card)
    assert f'aria-label="{render.card_label(card)}"' in html
    assert f'data-card="{card.code}"' in html
    for s in card.suits:
        assert f"sl-suit-{s}" in html
        assert f"sl-shape-{SUITS[s].shape}" in html
    svg = card_svg(card)
    root = ElementTree.fromstring(svg)  # well-formed XML
    assert root.find("{http://www.w3.org/2000/svg}title").text == render.card_label(card)
    for s in card.suits:
        assert f"sl-shape-{SUITS[s].shape}" in svg


def test_suits_sharing_a_colour_differ_in_shape_and_letter():
    by_colour: dict[str, list[str]] = {}
    for s in SUITS.values():
        by_colour.setdefault(s.colour, []).append(s.letter)
    assert sorted(by_colour) == ["black", "blue", "green", "red"]
    shapes = {SUITS[s].shape for s in SUITS}
    assert len(shapes) == len(SUITS)
    # colours: red Hearts/Diamonds, black Clubs/Spades, blue Clouds/Swords, green Acorns/Planets
    assert "sl-red" in card_html(parse_card("QH")) and "sl-red" in card_html(parse_card("QD"))
    assert "sl-blue" in card_html(parse_card("QO")) and "sl-green" in card_html(parse_card("QA"))
    # the blue and green groups also differ from red/black in border pattern
    assert re.search(r"\.sl-blue\{[^}]*dashed", CSS)
    assert re.search(r"\.sl-green\{[^}]*dotted", CSS)


def test_a_declared_traveler_says_how_it_was_played():
    card = parse_card("TPS")
    play = card.play_as[SUITS["S"].bit]
    html = card_html(play)
    assert 'aria-label="The Traveler of Planets/Spades, played as Spades"' in html
    assert '<span class="sl-as"><svg class="sl-suit-icon sl-shape-spade"' in html


def test_hand_marks_legal_and_illegal_cards_from_the_engine():
    g = mid_game(5)  # bids done, East led, South to play
    h = g.hand
    seat = h.turn
    legal = {p.card for p in g.legal_plays()}
    html = hand_html(h.hands[seat], legal=legal, deck_order=g.rules.deck)
    for c in h.hands[seat]:
        cls = "sl-legal" if c in legal else "sl-illegal"
        assert re.search(rf'class="sl-card [^"]*{cls}"[^>]*data-card="{c.code}"', html), c
    assert 0 < len(legal) < len(h.hands[seat])  # the test can tell the two apart


def test_face_down_hand_shows_only_a_count():
    html = hand_html(None, count=34)
    assert "sl-face-down" in html and "34 cards" in html and "data-card" not in html


def test_table_shows_turn_taken_bid_and_face_down_seats():
    g = mid_game(4 + 4 * 3 + 1)
    h = g.hand
    html = table_html(h, face_up=[False, False, True, False])
    assert html.count("sl-face-down") == 3
    assert f'class="sl-seat sl-turn" data-seat="{h.turn}"' in html
    for s in range(4):
        assert f"{h.taken[s]}/{h.bids[s].label}" in html
    # the winning card of the trick in progress is the engine's
    winner, _ = h.winning_so_far()
    assert re.search(rf'data-seat="{winner}"><span class="sl-card [^"]*sl-winning', html)


def test_trumps_state_follows_the_hand(demo):
    h0 = mid_game(4).hand
    assert trumps_html(h0).count(": unbroken") == 2
    h = demo.hands[0]
    html = trumps_html(h)
    assert h.superior == "A"
    assert re.search(r'sl-trump-superior" data-suit="A".*since trick 15', html)
    assert 'sl-trump-broken" data-suit="S"' in html


def test_trick_html_order_and_winner():
    g = replay(RECORD).game
    t = g.hands[0].tricks[0]
    html = trick_html(t.plays, 4, winning=t.winner, winner_text="x wins")
    seats = [int(x) for x in re.findall(r'sl-trick-play" data-seat="(\d)"', html)]
    assert seats == [s for s, _ in t.plays]
    assert html.count("sl-winning") == 1


def test_score_html_lists_every_line_item(demo):
    h = demo.hands[0]
    html = score_html(h.scores, 4)
    for s in h.scores:
        for item in s.items:
            assert f'data-rule="{item.rule}"' in html
            assert f"{item.points:+d}" in html
        assert f"total {s.total_before} → {s.total}" in html
    assert "Bags reached 10" in html and "(a table option)" in html  # decided by an option
    assert "bag_limit" not in html and not re.search(r"\b1 bags", html)
    assert "after hand 1" in running_totals_html(demo)
    opts = options_html(demo.rules)
    assert "After a failed nil" in opts and "failed_nil_tricks" not in opts and "None" not in opts


def test_trump_timeline_marks_breaks_superior_and_decided_tricks(demo):
    from spades_lab.teach.explain import trump_timeline

    h = demo.hands[0]
    tl = trump_timeline(h)
    html = trump_timeline_svg(tl, [t.plays for t in h.tricks], demo.rules.hand_size)
    assert html.count("sl-timeline-break") == len(tl.breaks) == 2
    assert html.count('class="sl-timeline-decided"') == len(tl.decided) > 0
    assert "sl-timeline-superior" in html


def test_reprs_of_engine_objects(demo):
    h = demo.hands[0]
    objs = [parse_card("7A"), parse_card("7A").play, h.tricks[0], h, demo, h.scores[0],
            replay(RECORD).hands[0]]
    for o in objs:
        html = o._repr_html_()
        assert "sl-" in html, type(o)
    assert "sl-game" in game_html(demo)
    assert "Trick 1: South wins" in h.tricks[0]._repr_html_()


def test_import_spades_lab_stays_light():
    import subprocess
    import sys

    code = ("import spades_lab, spades_lab.render, sys; "
            "assert not {'pandas','matplotlib','ipywidgets'} & set(sys.modules)")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_viz_plots_return_axes(demo):
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from spades_lab.render.plots import score_progress_plot, trump_timeline_plot
    from spades_lab.teach.explain import trump_timeline

    fig, ax = plt.subplots()
    h = demo.hands[0]
    assert trump_timeline_plot(h, ax=ax) is ax
    assert "Acorns superior from trick 15" in ax.get_title()
    tl = trump_timeline(h)
    assert len(ax.patches) == 1 + len(tl.decided)  # superior shading + decided frames
    ax2 = score_progress_plot(demo)
    assert [line.get_ydata()[-1] for line in ax2.get_lines()[:2]] == list(demo.totals)
    plt.close("all")


def test_each_suit_has_its_own_drawing() -> None:
    """Shape alone tells the eight suits apart (colour-blind readers): the drawings differ once
    colours and names are taken out, and the Heckadeck look-alikes are built differently."""
    def bare(letter: str) -> str:
        return re.sub(r'(fill|color)="#[0-9a-f]{6}"|sl-shape-\w+', "", render.suit_icon(letter))

    assert len({bare(s) for s in SUITS}) == len(SUITS)
    cloud, club = render.suit_icon("O"), render.suit_icon("C")
    assert "<circle" in club and "<circle" not in cloud and 'fill="none"' in cloud  # hollow
    sword = render.suit_icon("W")
    assert re.search(r'<rect x="[\d.]+" y="[\d.]+" width="1[0-9]', sword)  # a wide cross-guard
    assert "<ellipse" not in render.suit_icon("P") and "A9.4 3" in render.suit_icon("P")  # ring
    assert render.suit_icon("A").count("<path") == 2  # cap and nut, apart
