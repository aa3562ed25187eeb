"""Card faces as a learner reads them, for every deck (the standard 52, Spades and Acorns with
and without Travelers and Hunters, four and eight players): the rank as on any deck (numbers,
A, J, Q, K) or the short mark the legend explains (Beast, Traveler, Hunter), the suit as the
package's own SVG shape (two shapes for a Traveler or Hunter), never a record letter or an
emoji; and the card named by :func:`spades_lab.core.cards.card_words` in ``aria-label`` and
``title``."""
from __future__ import annotations

import re
from html.parser import HTMLParser
from xml.etree import ElementTree

import pytest

from conftest import ROOT
from spades_lab import RuleSet
from spades_lab.core.cards import SUITS, Card, Play, card_words
from spades_lab.core.records import replay
from spades_lab.render import (
    RANK_MARKS,
    card_html,
    card_svg,
    hand_html,
    rank_legend,
    rank_mark,
    table_html,
)

DECKS = {
    "standard": RuleSet.preset("standard"),
    "acorns": RuleSet.preset("acorns"),
    "acorns-th": RuleSet.preset("acorns", {"travelers_hunters": True}),
    "acorns8": RuleSet.preset("acorns8"),
    "acorns8-th": RuleSet.preset("acorns8", {"travelers_hunters": True}),
}
EMOJI = re.compile("[\u2601\u2694\U0001f330\U0001fa90\ufe0f]")
SVG = "{http://www.w3.org/2000/svg}"


class Face(HTMLParser):
    """The text drawn on a card face, its label and title, and the suit shapes drawn."""

    def __init__(self) -> None:
        super().__init__()
        self.text: list[str] = []
        self.shapes: list[str] = []
        self.attrs: dict[str, str] = {}
        self.underlined: list[str] = []
        self._in_as = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if not self.attrs:
            self.attrs = a
        cls = a.get("class", "")
        m = re.search(r"sl-shape-(\w+)", cls)
        if tag == "svg" and m:
            self.shapes.append(m.group(1))
            if self._in_as:
                self.underlined.append(m.group(1))
        if "sl-as" in cls.split():
            self._in_as = True

    def handle_endtag(self, tag: str) -> None:
        if tag == "span":
            self._in_as = False

    def handle_data(self, data: str) -> None:
        if data.strip():
            self.text.append(data.strip())


def plays_of(card: Card) -> list[Card | Play]:
    out: list[Card | Play] = [card, card.play]
    if card.is_dual:
        out += [card.play_as[SUITS[s].bit] for s in card.suits]
    return out


def face(x: Card | Play) -> Face:
    f = Face()
    f.feed(card_html(x))
    return f


@pytest.mark.parametrize("deck", DECKS, ids=str)
def test_every_face_shows_rank_and_suit_shapes_and_no_record_letters(deck: str) -> None:
    rules = DECKS[deck]
    for card in rules.deck.cards:
        for x in plays_of(card):
            f = face(x)
            # the only text drawn on the face: the rank as a learner reads it (no suit letter:
            # "O", "W", "P/S", "Q♥H")
            assert f.text == [rank_mark(card.rank)], (card.code, f.text)
            assert "sl-suit-letter" not in card_html(x) and "→" not in card_html(x)
            assert f.text[0] not in RANK_MARKS, card.code  # no "B", "T", "H"
            assert not EMOJI.search(card_html(x))
            # the suits as the package's own shapes: one, or both of a Traveler/Hunter
            assert f.shapes == [SUITS[s].shape for s in card.suits], card.code
            # played as one of its suits: that suit's shape underlined
            if isinstance(x, Play) and card.is_dual:
                assert f.underlined == [SUITS[x.suit].shape]
            else:
                assert f.underlined == []


@pytest.mark.parametrize("deck", DECKS, ids=str)
def test_every_face_is_named_by_card_words(deck: str) -> None:
    for card in DECKS[deck].deck.cards:
        for x in plays_of(card):
            words = card_words(x, start=True)
            f = face(x)
            assert f.attrs["aria-label"] == f.attrs["title"] == words
            assert f.attrs["role"] == "img"
            root = ElementTree.fromstring(card_svg(x))
            assert root.get("aria-label") == root.find(f"{SVG}title").text == words
            texts = [t.text for t in root.iter(f"{SVG}text")]
            assert texts == [rank_mark(card.rank)], (card.code, texts)


def test_played_as_words_and_marks() -> None:
    card = DECKS["acorns-th"].deck.parse("TOH")
    play = card.play_as[SUITS["H"].bit]
    assert face(play).attrs["aria-label"] == "The Traveler of Clouds/Hearts, played as Hearts"
    assert face(card).attrs["aria-label"] == "The Traveler of Clouds/Hearts"
    assert face(card).text == ["Trv"]


def test_the_short_marks_are_explained_where_cards_are_drawn() -> None:
    assert rank_legend(DECKS["standard"].deck.cards) == ""
    assert rank_legend(DECKS["acorns"].deck.cards) == "Bst = Beast"
    game = replay(ROOT / "data" / "scenarios" / "demo_acorns_th.json").game
    html = table_html(game.hands[0])
    assert "Card marks: Bst = Beast, Trv = Traveler, Hnt = Hunter" in html
    std = replay(ROOT / "data" / "course" / "standard_hand.json").game
    assert "Card marks" not in table_html(std.hands[0])


def test_a_hand_tells_the_projector_how_many_cards_to_fan() -> None:
    cards = DECKS["acorns-th"].deck.cards[:34]
    assert 'style="--n:34"' in hand_html(cards)
