"""HTML and SVG drawings of cards, hands, tricks, scores and games (pure functions: text out).

Every element carries a stable CSS class beginning ``sl-`` (listed in the README, section
"CSS classes"), so tests and teachers can find and restyle it.  Colour is never the only clue:
each suit has its own shape (the package's SVG glyphs), each colour group its own border
pattern, and every card names itself in words (:func:`card_label`, in ``aria-label``/``title``;
SVG: ``<title>``).  A card face shows no record letter (:func:`rank_mark`).

The functions only draw; every fact they show (who is winning a trick, which trump is
superior, what a hand scored) comes from the engine.

>>> from spades_lab.core.cards import parse_card
>>> html = card_html(parse_card("QH"))
>>> 'class="sl-card sl-suit-H sl-red"' in html, 'aria-label="The Queen of Hearts"' in html
(True, True)
>>> "<title>The Traveler of Planets/Spades</title>" in card_svg(parse_card("TPS"))
True
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import TYPE_CHECKING, Any, Protocol

from ..core.cards import RANK_NAMES, SUITS, Card, Play, card_words
from ..core.engine import Phase
from ..core.rules import seat_name, team_name
from ..words.counting import noun, plural
from ..words.rules import PRESET_WORDS, bags_words, option_words, rules_title, table_words
from ..words.said import Said, learner_lines, line_text

if TYPE_CHECKING:
    from ..core.engine import Game, Hand, Trick
    from ..core.rules import RuleSet
    from ..core.scoring import TeamScore
    from ..teach.bestplay import BestPlay, CardVerdict, HandReview
    from ..teach.compare import RuleComparison
    from ..teach.explain import TrumpTimeline

# ---------------------------------------------------------------------------- style

COLOURS = {"red": "#c62828", "black": "#111111", "blue": "#1565c0", "green": "#2e7d32"}
#: Border pattern per colour group, so the four colours differ in shape as well as hue.
BORDERS = {"red": "solid", "black": "solid", "blue": "dashed", "green": "dotted"}

#: Projector mode: one class, ``sl-projector``, on a widget (its "Projector mode" toggle) or on
#: a table drawn with ``projector=True``.  Everything on a 1024x768 screen: cards 70 px wide,
#: a hand that does not fit one row fanned (each card showing its rank and suit at the left),
#: text at least 15 px.
PROJECTOR_CSS = """
.sl-projector{font-size:17px;max-width:1024px;box-sizing:border-box}
.sl-projector .sl-card{font-size:21px;width:70px;min-width:70px;height:76px;flex:none;
 align-items:flex-start;justify-content:flex-start;padding:3px 4px;margin:0;gap:2px}
.sl-projector .sl-card .sl-rank{font-size:19px;letter-spacing:-1.5px}
.sl-projector .sl-card .sl-rank-long{font-size:14px;letter-spacing:-.8px}
.sl-projector .widget-html-content,.sl-projector .widget-label{font-size:17px;line-height:1.35}
.sl-projector .jupyter-button:not(.sl-cardbtn),.sl-projector .widget-dropdown select,
.sl-projector .widget-text input{font-size:15px}
.sl-projector .sl-score th,.sl-projector .sl-score td{padding:1px 6px}
.sl-table-app.sl-projector{flex-flow:row wrap!important;align-items:center;
 align-content:flex-start;column-gap:8px}
.sl-table-app.sl-projector>*{flex:0 0 100%;order:5}
.sl-table-app.sl-projector>.sl-title{order:0}
.sl-table-app.sl-projector>.sl-projector-toggle,.sl-table-app.sl-projector>.sl-top,
.sl-table-app.sl-projector>.sl-steps{flex:0 0 auto;order:1}
.sl-table-app.sl-projector>.sl-controls,
.sl-table-app.sl-projector>:has(>.sl-best-play-toggle){flex:0 0 auto;order:2}
.sl-table-app.sl-projector>.sl-message{order:3}
.sl-table-app.sl-projector>.sl-status-box,.sl-table-app.sl-projector>.sl-trumps-box{
 flex:0 1 auto;order:3}
.sl-table-app.sl-projector>.sl-table-box{order:4}
.sl-table-app.sl-projector>.sl-play-here-box{order:6}
.sl-projector .sl-trumps{margin:0}
.sl-projector .sl-status{margin:0}
.sl-projector .sl-options ul{columns:2;column-gap:24px;margin:2px 0;padding-left:20px}
.sl-projector .sl-options li{break-inside:avoid}
.sl-projector .sl-card .sl-suit-sym{flex-direction:column;gap:3px}
.sl-projector .sl-card.sl-back{width:24px;min-width:24px;height:34px;padding:0}
.sl-projector .sl-hand{flex-wrap:nowrap;gap:0;min-width:0}
.sl-projector .sl-hand.sl-face-up>*+*{margin-left:min(3px,calc((100% - 70px * var(--n)) /
 (var(--n) - 1)))}
.sl-projector .sl-badged{flex:none}
.sl-projector .sl-table{gap:3px}
:is(.sl-projector .sl-table-4,.sl-table-4.sl-projector):not(.sl-play-table){
 grid-template-columns:1fr;grid-template-areas:"s0" "s3" "s1" "s2" "mid"}
:is(.sl-projector .sl-table-3,.sl-table-3.sl-projector):not(.sl-play-table){
 grid-template-columns:1fr;grid-template-areas:"s0" "s2" "s1" "mid"}
:is(.sl-projector .sl-table-8,.sl-table-8.sl-projector):not(.sl-play-table){
 grid-template-columns:1fr 1fr;grid-template-areas:"s0 s1" "s7 s2" "s6 s3" "s5 s4" "mid mid"}
:is(.sl-projector .sl-table,.sl-table.sl-projector):not(.sl-play-table) .sl-seat{display:grid;
 grid-template-columns:6.2em minmax(0,1fr);grid-template-rows:auto 1fr;column-gap:4px;
 justify-self:stretch;min-width:0;padding:2px 4px;align-items:start}
:is(.sl-projector .sl-table,.sl-table.sl-projector):not(.sl-play-table) .sl-seat>.sl-hand{
 grid-column:2;grid-row:1/3}
:is(.sl-projector .sl-table,.sl-table.sl-projector):not(.sl-play-table) .sl-seat>.sl-seat-name,
:is(.sl-projector .sl-table,.sl-table.sl-projector):not(.sl-play-table) .sl-seat>.sl-taken-bid{
 grid-column:1;margin:0}
.sl-projector .sl-table-wide .sl-hand .sl-card{font-size:21px;min-width:70px;padding:3px 4px}
.sl-projector .sl-trick-area{min-height:0;padding:2px 6px;justify-self:stretch;
 display:flex;flex-wrap:wrap;align-items:center;justify-content:center;column-gap:12px}
.sl-projector .sl-trick-play{font-size:15px}
.sl-projector .sl-trick-caption,.sl-projector .sl-trick-winner,
.sl-projector .sl-rank-legend{font-size:15px}
.sl-projector .sl-badge,.sl-projector .sl-review-mark{font-size:14px}
.sl-projector .sl-explanation{font-size:15px;padding:2px 8px;margin:2px 0}
.sl-projector .sl-explanation ul{margin:0;columns:2;column-gap:24px}
.sl-projector .sl-timeline-svg{width:100%;height:auto;max-height:440px}
.sl-projector .sl-score{font-size:17px}
.sl-projector .sl-options{font-size:16px}
""".strip()

CSS = """
.sl-root{font-family:system-ui,-apple-system,"Segoe UI","DejaVu Sans",sans-serif;font-size:15px;
 color:#222}
.sl-card{font-size:15px;display:inline-flex;flex-direction:column;align-items:center;justify-content:center;
 min-width:2.3em;height:3.1em;margin:1px;padding:0 2px;border:1.5px solid #555;border-radius:5px;
 background:#fff;line-height:1.05;vertical-align:middle;box-sizing:border-box;
 font-family:"DejaVu Sans",system-ui,sans-serif}
.sl-card .sl-rank{font-weight:700;font-size:1.0em}
.sl-card .sl-suit-sym{font-size:0.95em;display:inline-flex;line-height:1}
.sl-card .sl-rank-long{font-size:.72em}
.sl-card .sl-as{display:inline-flex;border-bottom:2px solid currentColor}
.sl-red{color:#c62828}.sl-black{color:#111}.sl-blue{color:#1565c0;border-style:dashed}
.sl-green{color:#2e7d32;border-style:dotted;border-width:2px}
.sl-back{background:repeating-linear-gradient(45deg,#34568b,#34568b 4px,#4a6fa5 4px,
 #4a6fa5 8px);border-color:#23395d;color:transparent;min-width:1.6em}
.sl-card.sl-illegal{background:#f5f5f5;border-style:dashed;border-color:#757575}
.sl-legal{box-shadow:0 0 0 2px #7cb342 inset}
.sl-winning{box-shadow:0 0 0 3px #f9a825}
.sl-last{outline:2px solid #6a1b9a;outline-offset:1px}
.sl-hand{display:flex;flex-wrap:wrap;gap:1px;align-items:center;max-width:100%}
.sl-hand-count{font-size:.85em;color:#555;margin-left:4px}
.sl-seat{border:1px solid #ccc;border-radius:6px;padding:4px 6px;background:#fafafa;
 min-width:10em}
.sl-seat.sl-turn{border:2px solid #6a1b9a;background:#f3e5f5}
.sl-seat-name{font-weight:700}
.sl-seat-dealer::after{content:" (dealer)";font-weight:400;color:#666}
.sl-taken-bid{font-size:.9em;color:#333;margin-left:.5em}
.sl-table{display:grid;gap:6px;align-items:center;justify-items:center;width:100%}
.sl-table-4{grid-template-columns:1fr 1.2fr 1fr;grid-template-areas:
 ". s0 ." "s3 mid s1" ". s2 ."}
.sl-table-8{grid-template-columns:1fr 1fr 1fr;grid-template-areas:
 "s7 s0 s1" "s6 mid s2" "s5 s4 s3"}
.sl-table-4.sl-table-wide{grid-template-columns:1fr 1fr;grid-template-areas:
 "s0 s0" "s3 s1" "mid mid" "s2 s2"}
.sl-table-3{grid-template-columns:1fr 1.2fr 1fr;grid-template-areas:". s0 ." "s2 mid s1"}
.sl-table-3.sl-table-wide{grid-template-columns:1fr 1fr;grid-template-areas:
 "s0 s0" "s2 s1" "mid mid"}
.sl-table-wide .sl-seat{justify-self:stretch;min-width:0}
.sl-table-wide .sl-hand .sl-card{font-size:13px;min-width:1.9em;padding:0 1px}
.sl-trick-area{grid-area:mid;border:2px dashed #8d6e63;border-radius:10px;padding:6px;
 min-height:5em;min-width:12em;background:#f1f8e9;text-align:center}
.sl-trick{display:flex;flex-wrap:wrap;gap:4px;justify-content:center}
.sl-trick-play{display:flex;flex-direction:column;align-items:center;font-size:.8em}
.sl-trick-seat{color:#555}
.sl-trick-winner{font-size:.9em;margin-top:3px}
.sl-trumps{display:flex;gap:6px;flex-wrap:wrap;margin:4px 0}
.sl-trump{border-radius:4px;padding:1px 6px;font-size:.9em;border:1px solid #999}
.sl-trump-unbroken{background:#eceff1}
.sl-trump-broken{background:#fff3e0;border-color:#ef6c00}
.sl-trump-superior{background:#ffe082;border:2px solid #f57f17;font-weight:700}
.sl-status{margin:4px 0;font-weight:600}
.sl-explanation{border-left:4px solid #1565c0;background:#e3f2fd;padding:4px 8px;margin:4px 0}
.sl-explanation li{margin:1px 0}
.sl-error{border-left:4px solid #c62828;background:#ffebee;padding:4px 8px;color:#b71c1c}
.sl-score{border-collapse:collapse;margin:4px 0}
.sl-score th,.sl-score td{border:1px solid #ccc;padding:2px 6px;text-align:left}
.sl-score td.sl-points{text-align:right;font-variant-numeric:tabular-nums}
.sl-score-total td{font-weight:700;background:#f5f5f5}
.sl-compare tr.sl-changed td{background:#fff8e1}.sl-compare tr.sl-changed td:first-child::before{
 content:"≠ ";font-weight:700}
.sl-options{font-size:.9em;color:#333}
.sl-options code{background:#f5f5f5;padding:0 3px}
.sl-timeline svg{max-width:100%}
.sl-timeline-legend{display:flex;flex-wrap:wrap;gap:4px 16px;font-size:.9em;color:#222;
 margin:2px 0}
.sl-diff{border-left:4px solid #6a1b9a;background:#f3e5f5;padding:4px 8px;margin:4px 0}
.sl-quiz-question{font-weight:600;margin:4px 0}
.sl-quiz-feedback{margin:4px 0}
.sl-quiz-meta{font-size:.9em;color:#424242}
.sl-quiz-facts{margin:2px 0 4px 0;padding-left:20px}
.sl-quiz-label{font-size:.9em;color:#424242;margin-top:4px}
.sl-quiz-feedback li.sl-indent{margin-left:16px}
.sl-correct{border-left:4px solid #2e7d32;background:#e8f5e9;padding:4px 8px}
.sl-wrong{border-left:4px solid #c62828;background:#ffebee;padding:4px 8px}
.sl-choice{font-weight:700}
.sl-recorded{text-decoration:underline;outline:2px solid #6a1b9a}
.sl-answer{outline:2px solid #2e7d32}
.sl-badged{display:inline-flex;flex-direction:column;align-items:center;vertical-align:middle}
.sl-badge{font-size:11px;line-height:1.2;border-radius:3px;padding:0 3px;margin-top:1px;
 white-space:nowrap;border:1px solid #2e7d32;background:#e8f5e9;color:#1b5e20}
.sl-seat-badge{font-size:12px;font-weight:600;border:1px solid currentColor;border-radius:3px;
padding:0 4px;margin-left:4px;white-space:nowrap}
.sl-badge.sl-badge-lost{border:1px dashed #b71c1c;background:#ffebee;color:#b71c1c}
.sl-best-play{border-left:4px solid #2e7d32;background:#f1f8e9;padding:4px 8px;margin:4px 0}
.sl-best-play.sl-best-play-unknown{border-left-color:#757575;background:#f5f5f5}
.sl-best-play-cards{display:flex;flex-wrap:wrap;gap:4px;margin:4px 0}
.sl-review{border-left:4px solid #2e7d32;background:#f1f8e9;padding:4px 8px;margin:4px 0}
.sl-review ol{margin:2px 0;padding-left:0;list-style:none}
.sl-review li{margin:3px 0;display:flex;gap:.5em;align-items:baseline}
.sl-review-mark{flex:none;min-width:2.6em;text-align:center;font-size:12px;font-weight:700;
 border-radius:3px;padding:0 3px;border:1px solid #2e7d32;background:#e8f5e9;color:#1b5e20}
.sl-review-lost .sl-review-mark{border:1px dashed #b71c1c;background:#ffebee;color:#b71c1c}
.sl-review-worse .sl-review-mark{border:1px dashed #b71c1c;background:#ffebee;color:#b71c1c}
.sl-review-unknown .sl-review-mark,.sl-review-bounds .sl-review-mark{border:1px dotted #616161;
 background:#f5f5f5;color:#424242}
.sl-review-summary{margin:2px 0 4px 0}
.sl-rank-legend{font-size:.8em;color:#424242;margin-top:2px}
""".strip() + "\n" + PROJECTOR_CSS + "\n" + "\n".join(
    f".sl-choice.sl-suit-{s.letter}{{color:{COLOURS[s.colour]}}}" for s in SUITS.values())


def style_block() -> str:
    """The ``<style>`` element with every ``sl-`` class (emit once per widget or display)."""
    return f"<style>{CSS}</style>"


def _wrap(body: str, style: bool, cls: str = "") -> str:
    extra = f" {cls}" if cls else ""
    return (style_block() if style else "") + f'<div class="sl-root{extra}">{body}</div>'


# ---------------------------------------------------------------------------- cards


def suit_classes(card: Card) -> str:
    """``sl-suit-H sl-red`` (a Traveler/Hunter gets both suits, the first one's colour); a card
    shows the suits on its face (the Jokers rule's trump 2 of Diamonds is red, a Diamond), a
    Joker ``sl-joker`` in its colour (the Big Joker red, the Little Joker black)."""
    if card.is_joker:
        return f"sl-joker sl-{_joker_colour(card)}"
    suits = " ".join(f"sl-suit-{s}" for s in card.face)
    colour = SUITS[card.face[0]].colour
    return f"{suits} sl-{colour}" + (" sl-dual" if card.is_dual else "")


def _joker_colour(card: Card) -> str:
    return "red" if card.code == "BJ" else "black"


def card_colour(card: Card) -> str:
    """The colour a card is drawn in (a suit's colour name: ``red``, ``black`` ...)."""
    return _joker_colour(card) if card.is_joker else SUITS[card.face[0]].colour


#: The rank as a card face shows it: numbers and A, J, Q, K as on any deck; the Heckadeck's
#: Beast, Traveler and Hunter by a short mark that :func:`rank_legend` and each card's
#: ``title`` explain (never the record letter B, T or H).
RANK_MARKS: dict[str, str] = {"B": "Bst", "T": "Trv", "H": "Hnt", "BJ": "Big", "LJ": "Ltl"}
#: The learner's name of a mark that is not a rank's (the Jokers' marks).
_MARK_NAMES = {"BJ": "Big Joker", "LJ": "Little Joker"}


def rank_mark(rank: str) -> str:
    """A rank as a card face shows it.

    >>> [rank_mark(r) for r in ("10", "A", "K", "0", "B", "T", "H")]
    ['10', 'A', 'K', '0', 'Bst', 'Trv', 'Hnt']
    """
    return RANK_MARKS.get(rank, rank)


def rank_legend(cards: Iterable[Card]) -> str:
    """The words for the short rank marks among ``cards`` (empty for a 52-card deck).

    >>> from spades_lab.core.cards import HECKADECK_TH, STANDARD_DECK
    >>> rank_legend(HECKADECK_TH.cards)
    'Bst = Beast, Trv = Traveler, Hnt = Hunter'
    >>> rank_legend(STANDARD_DECK.cards)
    ''
    """
    ranks = {c.rank for c in cards}
    return ", ".join(f"{m} = {_MARK_NAMES.get(r) or RANK_NAMES[r]}"
                     for r, m in RANK_MARKS.items() if r in ranks)


def card_label(card: Card | Play) -> str:
    """A card's name for its ``aria-label`` and ``title``: :func:`card_words` at the start of a
    sentence (``"The Traveler of Clouds/Hearts, played as Hearts"``)."""
    return card_words(card, start=True)


def card_html(card: Card | Play, *, classes: str = "", as_suit: str | None = None) -> str:
    """One card face up as an HTML ``<span>``: the rank as a learner reads it
    (:func:`rank_mark`) and the suit shape(s) from the package's SVG glyphs (a Traveler or
    Hunter shows both; played, the suit it is played as is underlined), named in words
    (:func:`card_label`).  No record letter is drawn.
    """
    play: Card | Play = card
    if isinstance(card, Play):
        if card.card.is_dual:
            as_suit = card.suit
        else:
            play = card.card
        card = card.card
    if as_suit is not None and card.is_dual:
        play = card.play_as[SUITS[as_suit].bit]
    label = card_label(play)
    syms = "".join(
        f'<span class="sl-as">{suit_icon(s)}</span>' if s == as_suit and card.is_dual
        else suit_icon(s) for s in card.face) if card.face else joker_icon(card)
    cls = f"sl-card {suit_classes(card)}" + (f" {classes}" if classes else "")
    mark = rank_mark(card.rank)
    rcls = "sl-rank sl-rank-long" if len(mark) > 2 else "sl-rank"
    return (f'<span class="{cls}" role="img" aria-label="{escape(label)}" '
            f'title="{escape(label)}" data-card="{card.code}">'
            f'<span class="{rcls}" aria-hidden="true">{escape(mark)}</span>'
            f'<span class="sl-suit-sym" aria-hidden="true">{syms}</span></span>')


def card_back_html(classes: str = "") -> str:
    """A face-down card."""
    cls = "sl-card sl-back" + (f" {classes}" if classes else "")
    return f'<span class="{cls}" role="img" aria-label="face-down card" title="face-down card">' \
           '</span>'


# Suit shapes for SVG, drawn in a 20x20 box centred on (10, 10).
_SHAPES: dict[str, str] = {
    "heart": '<path d="M10 17 L3 9.5 A4 4 0 0 1 10 5 A4 4 0 0 1 17 9.5 Z"/>',
    "diamond": '<path d="M10 2 L17 10 L10 18 L3 10 Z"/>',
    "spade": '<path d="M10 2 L17 10.5 A3.6 3.6 0 0 1 10.8 13 L12.5 18 L7.5 18 L9.2 13 '
             'A3.6 3.6 0 0 1 3 10.5 Z"/>',
    "club": '<circle cx="10" cy="6" r="3.6"/><circle cx="5.8" cy="11.5" r="3.6"/>'
            '<circle cx="14.2" cy="11.5" r="3.6"/><path d="M9 11 L11 11 L12.5 18 L7.5 18 Z"/>',
    # The four Heckadeck suits differ from the four French ones (and from each other) by
    # outline alone: an acorn is a wide capped nut with a gap under the cap and a stalk; a
    # planet a ball with a ring crossing in front of it; a cloud a hollow wide three-bump
    # outline on a flat base; a sword a broad blade with a cross-guard, grip and pommel.
    "acorn": '<rect x="9.1" y="0.8" width="1.8" height="3.4" rx="0.6"/>'
             '<path d="M1.8 9.2 Q1.8 3.4 10 3.4 Q18.2 3.4 18.2 9.2 Z"/>'
             '<path d="M4.6 10.6 H15.4 Q15.4 16.4 10 19.4 Q4.6 16.4 4.6 10.6 Z"/>',
    "planet": '<g transform="rotate(-18 10 10)" stroke="currentColor" stroke-linecap="round">'
              '<path d="M0.6 10.5 A9.4 3 0 0 1 19.4 10.5" fill="none" stroke-width="1.9"/>'
              '<circle cx="10" cy="9.4" r="5.7" stroke="none"/>'
              '<path d="M0.6 10.5 A9.4 3 0 0 0 19.4 10.5" fill="none" stroke="#fff" '
              'stroke-width="3.4"/>'
              '<path d="M0.6 10.5 A9.4 3 0 0 0 19.4 10.5" fill="none" stroke-width="1.9"/></g>',
    "cloud": '<path d="M5 16 H15.2 A3.7 3.7 0 0 0 16 8.7 A5.2 5.2 0 0 0 6.3 7.6 '
             'A4.3 4.3 0 0 0 5 16 Z" fill="none" stroke="currentColor" stroke-width="2.4" '
             'stroke-linejoin="round"/>',
    "sword": '<path d="M10 0.6 L12.1 3.6 V12.2 H7.9 V3.6 Z"/>'
             '<rect x="3" y="12" width="14" height="2.8" rx="1"/>'
             '<rect x="8.8" y="14.6" width="2.4" height="2.9"/>'
             '<circle cx="10" cy="18.3" r="1.7"/>',
}


#: A Joker's mark (it has no suit): a five-pointed star in a 20x20 box, the package's own glyph.
_JOKER_SHAPE = ('<path d="M10 1 L12.6 7.4 L19.5 7.9 L14.2 12.3 L15.9 19 L10 15.3 L4.1 19 '
                'L5.8 12.3 L0.5 7.9 L7.4 7.4 Z"/>')


def joker_icon(card: Card) -> str:
    """A Joker's star as a small inline SVG (1em), in the Joker's colour."""
    colour = COLOURS[card_colour(card)]
    return (f'<svg class="sl-suit-icon sl-shape-joker" width="1em" height="1em" '
            f'viewBox="0 0 20 20" fill="{colour}" aria-hidden="true">{_JOKER_SHAPE}</svg>')


def suit_icon(letter: str) -> str:
    """The suit's shape as a small inline SVG (1em), so it draws without emoji fonts."""
    suit = SUITS[letter]
    colour = COLOURS[suit.colour]
    return (f'<svg class="sl-suit-icon sl-shape-{suit.shape}" width="1em" height="1em" '
            f'viewBox="0 0 20 20" fill="{colour}" color="{colour}" aria-hidden="true">'
            f'{_SHAPES[suit.shape]}</svg>')


def suit_shape_svg(letter: str, x: float, y: float, size: float = 20) -> str:
    """The suit's shape (filled in the suit's colour) as an SVG group at (x, y)."""
    suit = SUITS[letter]
    k = size / 20
    colour = COLOURS[suit.colour]
    return (f'<g class="sl-shape sl-shape-{suit.shape}" transform="translate({x:g} {y:g}) '
            f'scale({k:g})" fill="{colour}" color="{colour}">{_SHAPES[suit.shape]}</g>')


def card_svg(card: Card | Play, *, width: int = 50, classes: str = "") -> str:
    """One card as a standalone SVG: the rank as a learner reads it (:func:`rank_mark`) and
    the suit shape(s), named in words (``<title>`` and ``aria-label``: :func:`card_label`).

    >>> from spades_lab.core.cards import parse_card
    >>> svg = card_svg(parse_card("7A"))
    >>> "sl-shape-acorn" in svg and 'aria-label="The 7 of Acorns"' in svg
    True
    """
    as_suit = None
    play: Card | Play = card
    if isinstance(card, Play):
        if card.card.is_dual:
            as_suit = card.suit
        else:
            play = card.card
        card = card.card
    label = card_label(play)
    h = round(width * 1.4)
    colour = COLOURS[card_colour(card)]
    dash = {"dashed": ' stroke-dasharray="5 3"', "dotted": ' stroke-dasharray="2 2"'}.get(
        BORDERS[card_colour(card)], "")
    shapes = ""
    if card.is_dual:
        shapes = (suit_shape_svg(card.suits[0], 3, 32, 20)
                  + suit_shape_svg(card.suits[1], 27, 32, 20))
        if as_suit is not None:  # the suit it is played as, underlined
            x = 3 if as_suit == card.suits[0] else 27
            shapes += (f'<rect class="sl-as" x="{x}" y="55" width="20" height="2.5" '
                       f'fill="{COLOURS[SUITS[as_suit].colour]}"/>')
    elif card.is_joker:
        shapes = (f'<g transform="translate(12 30) scale(1.3)" fill="{colour}">'
                  f'{_JOKER_SHAPE}</g>')
    else:
        shapes = suit_shape_svg(card.face[0], 12, 30, 26)
    mark = rank_mark(card.rank)
    size = 13 if len(mark) <= 2 else 11
    cls = f"sl-card-svg {suit_classes(card)}" + (f" {classes}" if classes else "")
    return (f'<svg class="{cls}" xmlns="http://www.w3.org/2000/svg" width="{width}" height="{h}" '
            f'viewBox="0 0 50 70" role="img" aria-label="{escape(label)}" '
            f'data-card="{card.code}"><title>{escape(label)}</title>'
            f'<rect x="1" y="1" width="48" height="68" rx="5" fill="#fff" stroke="{colour}" '
            f'stroke-width="2"{dash}/>'
            f'<text x="4" y="15" font-size="{size}" font-weight="700" fill="{colour}" '
            f'font-family="DejaVu Sans, sans-serif" aria-hidden="true">{escape(mark)}</text>'
            f'{shapes}</svg>')


def play_html(play: Play, *, style: bool = True) -> str:
    """A play (card, and for a Traveler/Hunter the suit it is played as)."""
    return _wrap(card_html(play), style)


# ---------------------------------------------------------------------------- hands and tricks


def hand_html(cards: Sequence[Card] | None, *, count: int | None = None,
              legal: Iterable[Card] | None = None, deck_order: Any = None,
              style: bool = False, badges: Mapping[Card, str] | None = None) -> str:
    """A player's cards: face up (``cards``) or face down (``cards=None`` and ``count``).

    ``legal`` marks the cards that may be played now (``sl-legal``); the others get
    ``sl-illegal``.  ``badges`` puts an HTML badge (see :func:`best_play_badges`) under a card.
    """
    if cards is None:
        n = count or 0
        shown = min(n, 6)
        body = "".join(card_back_html() for _ in range(shown))
        body += f'<span class="sl-hand-count">{plural(n, "card")}</span>'
        return (style_block() if style else "") + \
            f'<div class="sl-hand sl-face-down" aria-label="{n} face-down cards">{body}</div>'
    ordered = deck_order.sorted(cards) if deck_order is not None else list(cards)
    ok = set(legal) if legal is not None else None
    parts = []
    for c in ordered:
        cls = "" if ok is None else ("sl-legal" if c in ok else "sl-illegal")
        if badges and c in badges:
            parts.append(f'<span class="sl-badged">{card_html(c, classes=cls)}{badges[c]}'
                         '</span>')
        else:
            parts.append(card_html(c, classes=cls))
    body = "".join(parts) or '<span class="sl-hand-count">no cards</span>'
    # --n: the number of cards, for the projector's fanned hands (CSS)
    return (style_block() if style else "") + \
        f'<div class="sl-hand sl-face-up" style="--n:{max(len(ordered), 2)}">{body}</div>'


def trick_html(plays: Sequence[tuple[int, Play]], players: int, *,
               winning: int | None = None, winner_text: str = "", style: bool = False) -> str:
    """The cards of a trick (complete or in progress), each under its seat's name."""
    parts = []
    for i, (seat, p) in enumerate(plays):
        cls = "sl-winning" if seat == winning else ""
        if i == len(plays) - 1:
            cls = (cls + " sl-last").strip()
        parts.append(f'<div class="sl-trick-play" data-seat="{seat}">{card_html(p, classes=cls)}'
                     f'<span class="sl-trick-seat">{seat_name(seat, players)}</span></div>')
    body = "".join(parts) or '<span class="sl-trick-empty">(no card played yet)</span>'
    win = f'<div class="sl-trick-winner">{escape(winner_text)}</div>' if winner_text else ""
    return (style_block() if style else "") + f'<div class="sl-trick">{body}</div>{win}'


def trick_record_html(trick: Trick, *, style: bool = True) -> str:
    """A complete :class:`~spades_lab.core.engine.Trick` with its winner."""
    n = len(trick.plays)
    text = f"Trick {trick.index + 1}: {seat_name(trick.winner, n)} wins"
    return _wrap(trick_html(trick.plays, n, winning=trick.winner, winner_text=text), style,
                 "sl-trick-record")


class TrumpsState(Protocol):
    """What :func:`trumps_html` reads of a hand: a :class:`~spades_lab.core.engine.Hand`, or a
    seat's view of one (the trumps' state is public: the classroom draws it from
    ``Game.view(seat)``)."""

    @property
    def rules(self) -> RuleSet: ...
    @property
    def superior(self) -> str | None: ...
    @property
    def superior_at(self) -> tuple[int, int] | None: ...
    def is_broken(self, suit: str) -> bool: ...


def trumps_html(hand: TrumpsState) -> str:
    """Each trump's state: unbroken, broken, or superior (Acorns sets)."""
    rules = hand.rules
    two = len(rules.trumps) > 1  # one trump: nothing to be superior to
    parts = []
    for t in rules.trumps:
        suit = SUITS[t]
        if two and hand.superior == t:
            at = hand.superior_at
            where = f" since trick {at[0] + 1}" if at else ""
            state, cls = f"superior{where}", "sl-trump-superior"
        elif hand.is_broken(t):
            state, cls = ("broken" + (" (inferior)" if two and hand.superior else ""),
                          "sl-trump-broken")
        else:
            state, cls = "unbroken", "sl-trump-unbroken"
        parts.append(f'<span class="sl-trump {cls}" data-suit="{t}">{suit_icon(t)} {suit.name}: '
                     f'{state}</span>')
    return '<div class="sl-trumps">' + "".join(parts) + "</div>"


class TableHand(Protocol):
    """What :func:`table_html` reads of a hand: a :class:`~spades_lab.core.engine.Hand`, or a
    seat's view of one (the classroom draws each seat from ``Game.view(seat)``, its other
    hands only as counts)."""

    @property
    def n(self) -> int: ...
    @property
    def rules(self) -> RuleSet: ...
    @property
    def dealer(self) -> int: ...
    @property
    def turn(self) -> int | None: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def scores(self) -> Sequence[TeamScore] | None: ...
    @property
    def hands(self) -> Sequence[Sequence[Card]]: ...
    @property
    def bids(self) -> Sequence[Any]: ...
    @property
    def taken(self) -> Sequence[int]: ...
    @property
    def trick(self) -> Sequence[tuple[int, Play]]: ...
    def legal_plays(self) -> Sequence[Play]: ...
    def winning_so_far(self) -> tuple[int, str] | None: ...


def seat_label(hand: TableHand, seat: int, names: Sequence[str] | None = None) -> str:
    base = seat_name(seat, hand.n)
    return f"{names[seat]} ({base})" if names else base


def taken_bid_text(hand: TableHand, seat: int) -> str:
    bid = hand.bids[seat]
    return f"{hand.taken[seat]}/{bid.label if bid is not None else '–'}"


def table_html(hand: TableHand, *, seat: int | None = None, face_up: Sequence[bool] | None = None,
               names: Sequence[str] | None = None, show_legal: bool = True,
               legal: Iterable[Card] | None = None,
               trick: Sequence[tuple[int, Play]] | None = None, winning: int | None = None,
               winner: int | None = None, trick_caption: str = "",
               badges: Mapping[Card, str] | None = None, compact: bool = False,
               projector: bool = False, style: bool = False,
               seat_badges: Mapping[int, str] | None = None,
               bottom: int | None = None) -> str:
    """The table, every highlight an argument (after ``chess.svg.board(board, lastmove=,
    check=)``): the seats around it with their names, "taken/bid" and hands, the trick in the
    middle, whose turn it is.  No caller edits the HTML.

    ``seat`` is the seat viewed by the person drawn for (``sl-you``, "(you)" after its name;
    its hand alone face up unless ``face_up`` says otherwise); ``face_up[s]`` draws seat
    ``s``'s hand face up (default: every hand, or ``seat``'s only); ``legal`` the cards of the
    seat to play marked ``sl-legal`` (default, with ``show_legal``, the engine's legal plays
    when that hand is face up); ``trick`` the cards in the middle (default the trick in
    progress), with ``winning`` the seat winning it so far (default: the engine's, for the trick
    in progress) and ``winner`` the seat that won a completed trick, both marked
    ``sl-winning``; ``trick_caption`` the words under it; ``badges`` marks cards of the seat to
    play (the best-play view, :func:`best_play_badges`); ``seat_badges`` puts a word after a
    seat's name (``{2: "your partner"}``, class ``sl-seat-badge``); ``compact`` draws each
    seat as a
    count of cards (play mode, where the person's own cards are buttons); ``projector`` the
    projector size (cards twice as big, on 1024x768); ``bottom`` the seat drawn at the bottom
    of the table, the others around it in the order of play (default: North at the top).
    """
    n = hand.n
    if face_up is not None:
        up = list(face_up)
    else:
        up = [True] * n if seat is None else [s == seat for s in range(n)]
    turn = hand.turn if hand.scores is None else None
    legal_cards = set(legal) if legal is not None else None
    if legal_cards is None and show_legal and turn is not None and hand.phase == Phase.PLAY \
            and up[turn] and not compact:
        legal_cards = {p.card for p in hand.legal_plays()}
    shown = list(hand.trick) if trick is None else list(trick)
    if winning is None and trick is None and shown:
        now = hand.winning_so_far()
        winning = now[0] if now is not None else None
    marked = winner if winner is not None else winning
    seats = []
    for s in range(n):
        cls = "sl-seat" + (" sl-seat-compact" if compact else "") + \
            (" sl-turn" if s == turn else "") + (" sl-you" if s == seat else "")
        dealer = " sl-seat-dealer" if s == hand.dealer else ""
        cards = hand.hands[s]
        name = escape(seat_label(hand, s, names)) + (" (you)" if s == seat else "")
        if seat_badges and s in seat_badges:
            name += f' <span class="sl-seat-badge">{escape(seat_badges[s])}</span>'
        head = f'<span class="sl-seat-name{dealer}">{name}</span>'
        taken = (f'<span class="sl-taken-bid" title="tricks taken / bid">'
                 f'{escape(taken_bid_text(hand, s))}</span>')
        if compact:
            body = f' {taken} <span class="sl-hand-count">{plural(len(cards), "card")}</span>'
        else:
            body = taken + hand_html(cards if up[s] else None, count=len(cards),
                                     legal=legal_cards if s == turn else None,
                                     deck_order=hand.rules.deck,
                                     badges=badges if s == turn else None)
            head = f'<span class="sl-seat-name{dealer}">{name}</span>'
        area = s if bottom is None else (s - bottom + n // 2) % n  # seat ``bottom`` at s(n/2)
        seats.append(f'<div class="{cls}" data-seat="{s}" style="grid-area:s{area}">{head}{body}'
                     "</div>")
    if compact:
        parts = []
        for s, p in shown:
            c = "sl-winning" if s == marked else ""
            parts.append(f'<div class="sl-trick-play" data-seat="{s}">'
                         f'{card_html(p, classes=c)}'
                         f'<span class="sl-trick-seat">{seat_name(s, n)}</span></div>')
        body = "".join(parts) or '<span class="sl-trick-empty">no card played yet</span>'
        middle = f'<div class="sl-trick">{body}</div>'
    else:
        middle = trick_html(shown, n, winning=marked)
    cap = f'<div class="sl-trick-caption">{text_html(trick_caption)}</div>' \
        if trick_caption else ""
    marks = rank_legend(hand.rules.deck.cards)
    legend = f'<div class="sl-rank-legend">Card marks: {escape(marks)}</div>' if marks else ""
    mid = f'<div class="sl-trick-area">{middle}{cap}{legend}</div>'
    # big hands (the Heckadeck's 34 or 17 cards): smaller cards, and West and East get half the
    # width each, so a hand takes one or two rows instead of five
    wide = " sl-table-wide" if hand.rules.hand_size > 13 and not compact else ""
    kind = " sl-play-table" if compact else ""
    big = " sl-projector" if projector else ""
    grid = (f'<div class="sl-table{kind} sl-table-{n if n in (3, 8) else 4}{wide}{big}">'
            f'{"".join(seats)}{mid}</div>')
    return (style_block() if style else "") + grid


def status_text(hand: Hand, names: Sequence[str] | None = None) -> str:
    """"Trick 3, West to play" and the like."""
    if hand.scores is not None:
        return f"Hand {hand.index + 1} is complete."
    if hand.phase == Phase.PLAY and hand.turn is not None:
        return (f"Trick {len(hand.tricks) + 1}: {seat_label(hand, hand.turn, names)} to "
                f"{'lead' if not hand.trick else 'play'}.")
    return f"Waiting for {hand.waiting_for()}."


def hand_state_html(hand: Hand, *, style: bool = True) -> str:
    """A :class:`~spades_lab.core.engine.Hand` as the table shows it, every hand face up."""
    body = (f'<div class="sl-status">{escape(status_text(hand))}</div>'
            + trumps_html(hand) + table_html(hand))
    if hand.scores:
        body += score_html(hand.scores, hand.rules.players)
    return _wrap(body, style, "sl-hand-state")


# ---------------------------------------------------------------------------- scores


def _bags_text(bags: int) -> str:
    return f"+{plural(bags, 'bag')}" if bags else ""


def score_html(scores: Sequence[TeamScore], players: int, *, style: bool = False) -> str:
    """Each partnership's line items in words and points, then hand score, total and bags."""
    rows = []
    for s in scores:
        tname = team_name(s.seats, players)
        rows.append(f'<tr class="sl-score-team" data-team="{s.team}"><th colspan="3">'
                    f'{escape(tname)}: bid {s.bid}, counted {s.tricks}</th></tr>')
        for item in s.items:
            # the deciding option (``item.option``) is already in the words of the line
            opt = ' <span class="sl-option">(a table option)</span>' if item.option else ""
            text = line_text(item)
            rows.append(f'<tr class="sl-score-item" data-rule="{item.rule}">'
                        f'<td class="sl-points">{item.points:+d}</td>'
                        f'<td>{text_html(text)}{opt}</td>'
                        f'<td class="sl-points">{_bags_text(item.bags)}</td></tr>')
        rows.append(f'<tr class="sl-score-total"><td class="sl-points">{s.hand_score:+d}</td>'
                    f'<td>hand score; total {s.total_before} → {s.total}</td>'
                    f'<td class="sl-points">bags {s.bags_before} → {s.bags}</td></tr>')
    table = '<table class="sl-score">' + "".join(rows) + "</table>"
    return (style_block() if style else "") + table


def comparison_html(c: RuleComparison, hand: int = 0, *, labels: tuple[str, str] = ("A", "B"),
                    style: bool = False) -> str:
    """One hand of a rule comparison: per partnership, each line item's points under A and
    under B side by side (rows that differ get ``sl-changed``), then hand score, total, bags.

    >>> from spades_lab.teach.compare import compare_rules
    >>> html = comparison_html(compare_rules("data/course/standard_hand.json", {"bag_limit": 5}))
    >>> html.count('class="sl-compare-team"'), "sl-compare-row" in html
    (2, True)
    """
    hc = c.hands[hand]
    n = len(hc.taken[0] or hc.taken[1])

    def pts(v: int | None) -> str:
        return "" if v is None else f"{v:+d}"

    def row(cls: str, a: Any, b: Any, text: str, fmt: Any = pts) -> str:
        changed = " sl-changed" if a != b else ""
        return (f'<tr class="{cls}{changed}"><td>{escape(text)}</td>'
                f'<td class="sl-points">{fmt(a)}</td><td class="sl-points">{fmt(b)}</td></tr>')

    rows = [f'<tr><th></th><th>{escape(labels[0])}</th><th>{escape(labels[1])}</th></tr>']
    for t in hc.teams:
        rows.append(f'<tr class="sl-compare-team" data-team="{t.team}"><th colspan="3">'
                    f'{escape(team_name(t.seats, n))}</th></tr>')
        for r in t.rows:
            texts = dict.fromkeys(line_text(x) for x in (r.a, r.b) if x is not None)
            text = " → ".join(texts) or r.rule  # B's words too where they differ
            rows.append(row("sl-compare-row", *r.points, text).replace(
                "<tr ", f'<tr data-rule="{r.rule}" ', 1))
        rows.append(row("sl-score-total", *t.hand_score, "hand score"))
        rows.append(row("sl-compare-total", *t.total, "total", str))
        rows.append(row("sl-compare-bags", *t.bags, "bags", str))
    table = '<table class="sl-score sl-compare">' + "".join(rows) + "</table>"
    return (style_block() if style else "") + table


def team_score_html(score: TeamScore, *, style: bool = True) -> str:
    players = max(max(score.seats) + 1, 4)
    players = 8 if players > 4 else 4
    return _wrap(score_html([score], players), style, "sl-score-card")


def running_totals_html(game: Game, *, style: bool = False) -> str:
    """Totals and bags after every complete hand of ``game``."""
    rules = game.rules
    n = rules.players
    heads = "".join(f"<th>{escape(team_name(seats, n))}</th>" for seats in rules.team_seats)
    rows = ['<tr><td>start</td>' + "".join(
        f'<td class="sl-points">{t} ({bags_words(b)})</td>'
        for t, b in zip(game.start_scores, game.start_bags, strict=True)) + "</tr>"]
    for h in game.hands:
        if not h.scores:
            continue
        rows.append(f'<tr class="sl-running" data-hand="{h.index}"><td>after hand {h.index + 1}'
                    "</td>" + "".join(f'<td class="sl-points">{s.total} ({bags_words(s.bags)})</td>'
                                     for s in h.scores) + "</tr>")
    return (style_block() if style else "") + \
        (f'<table class="sl-score sl-running-totals"><tr><th></th>{heads}</tr>'
         f'{"".join(rows)}</table>')


def hand_result_html(index: int, complete: bool, taken: Sequence[int], superior: str | None,
                     superior_set_at: tuple[int, int] | None, scores: Sequence[TeamScore], *,
                     style: bool = True) -> str:
    """A hand's result (as a :class:`~spades_lab.core.records.HandSummary` holds it): tricks
    taken per seat, the superior trump and since when, and each partnership's score."""
    n = len(taken)
    text = ", ".join(f"{seat_name(s, n)} {t}" for s, t in enumerate(taken))
    body = (f'<div class="sl-status">Hand {index + 1} '
            f'({"complete" if complete else "in progress"}): tricks {escape(text)}'
            "</div>")
    if superior:
        at = superior_set_at
        body += (f'<div class="sl-trumps"><span class="sl-trump sl-trump-superior">'
                 f'{suit_icon(superior)} {SUITS[superior].name}: '
                 f'superior{f" since trick {at[0] + 1}" if at else ""}</span></div>')
    if scores:
        body += score_html(scores, n)
    return _wrap(body, style, "sl-hand-result")


def trump_timeline_svg(timeline: TrumpTimeline,
                       tricks: Sequence[Sequence[tuple[int, Play]]], hand_size: int, *,
                       upto: int | None = None) -> str:
    """A picture of a hand's tricks: one lane per trump, a mark for each card played as that
    trump, a star where it was broken, the superior trump's lane shaded from the trick that
    set it, and a ring round each trick the superiority decided.

    ``timeline`` is :func:`spades_lab.teach.explain.trump_timeline`'s account of the hand,
    ``tricks`` the (seat, play) pairs of each trick so far (the one in progress last), and
    ``hand_size`` the number of tricks in a hand.  ``upto`` limits it to the first tricks."""
    tl = timeline
    trumps = tl.trumps
    tricks_plays = list(tricks)
    total = hand_size
    if upto is not None:
        total = max(upto, 1)
    cw, left, lane_h, top = 20, 96, 34, 24
    width = left + cw * total + 10
    height = top + lane_h * len(trumps) + 6
    parts = [f'<svg class="sl-timeline-svg" xmlns="http://www.w3.org/2000/svg" width="{width}" '
             f'height="{height}" viewBox="0 0 {width} {height}" role="img" '
             f'aria-label="{escape(tl.text)}"><title>{escape(tl.text)}</title>']
    for k in range(total):
        x = left + k * cw
        if k % 2 == 0:
            parts.append(f'<rect x="{x}" y="{top}" width="{cw}" '
                         f'height="{lane_h * len(trumps)}" fill="#fafafa"/>')
        if k % 4 == 0 or k == total - 1:
            parts.append(f'<text x="{x + cw / 2}" y="{top - 7}" font-size="12" '
                         f'text-anchor="middle" fill="#424242">{k + 1}</text>')
    decided = {d.trick for d in tl.decided}
    breaks = {(b.suit, b.trick): b for b in tl.breaks}
    for li, t in enumerate(trumps):
        y = top + li * lane_h
        suit = SUITS[t]
        colour = COLOURS[suit.colour]
        if tl.superior == t and tl.superior_set_at is not None and len(trumps) > 1:
            k0 = tl.superior_set_at[0]
            parts.append(f'<rect class="sl-timeline-superior" x="{left + k0 * cw}" y="{y + 2}" '
                         f'width="{cw * max(total - k0, 0)}" height="{lane_h - 4}" '
                         'fill="#ffe082" opacity="0.6"/>')
        parts.append(suit_shape_svg(t, 4, y + 7, 18))
        parts.append(f'<text x="26" y="{y + 22}" font-size="14" fill="{colour}">'
                     f'{escape(suit.name)}</text>')
        for k, plays in enumerate(tricks_plays[:total]):
            n_played = sum(1 for _, p in plays if p.suit == t)
            cx = left + k * cw + cw / 2
            for j in range(n_played):
                parts.append(f'<circle cx="{cx}" cy="{y + 8 + j * 6}" r="2.6" fill="{colour}"/>')
            b = breaks.get((t, k))
            if b is not None:
                parts.append(f'<text class="sl-timeline-break" x="{cx}" y="{y + lane_h - 3}" '
                             f'font-size="13" text-anchor="middle" fill="#d84315">★'
                             f'<title>{escape(b.text)}</title></text>')
    for k in sorted(decided):
        if k < total:
            x = left + k * cw
            parts.append(f'<rect class="sl-timeline-decided" x="{x + 1}" y="{top}" '
                         f'width="{cw - 2}" height="{lane_h * len(trumps)}" fill="none" '
                         'stroke="#6a1b9a" stroke-width="2" rx="3"/>')
    parts.append("</svg>")
    lines = "".join(f"<li>{text_html(x)}</li>" for x in learner_lines(tl))
    return (f'<div class="sl-timeline">{"".join(parts)}{_TIMELINE_LEGEND}'
            f'<ul class="sl-timeline-text">{lines}</ul></div>')


def _mark(inner: str) -> str:
    return (f'<svg width="1.1em" height="1.1em" viewBox="0 0 20 20" aria-hidden="true" '
            f'style="vertical-align:-0.2em">{inner}</svg>')


#: The timeline's marks in words (HTML, so it wraps and grows with the text; not in the SVG).
_TIMELINE_LEGEND = (
    '<div class="sl-timeline-legend">'
    + "<span>" + _mark('<circle cx="10" cy="10" r="4" fill="#111"/>')
    + " a card played as the trump</span>"
    + "<span>" + _mark('<text x="10" y="16" font-size="17" text-anchor="middle" '
                       'fill="#d84315">★</text>') + " broken</span>"
    + "<span>" + _mark('<rect x="1" y="3" width="18" height="14" fill="#ffe082"/>')
    + " shaded: superior from then on</span>"
    + "<span>" + _mark('<rect x="2" y="2" width="16" height="16" rx="3" fill="none" '
                       'stroke="#6a1b9a" stroke-width="2.5"/>')
    + " ringed: a trick decided by superiority</span></div>")


def options_html(rules: RuleSet) -> str:
    """The table options in force, one sentence each (no option names or Python values)."""
    items = "".join(f"<li>{escape(x)}</li>" for x in option_words(rules))
    return (f'<div class="sl-options"><b>{escape(rules_title(rules))}</b>; options in force:'
            f'<ul>{items}</ul></div>')


# ---------------------------------------------------------------------------- games


def game_html(game: Game, *, style: bool = True) -> str:
    """A game: rules, totals, and the current hand drawn as a table (all hands face up)."""
    rules = game.rules
    n = rules.players
    totals = ", ".join(f"{team_name(seats, n)} {t} ({bags_words(b)})" for seats, t, b in
                       zip(rules.team_seats, game.totals, game.bags, strict=True))
    head = (f'<div class="sl-status">{escape(rules.name)}: hand {len(game.hands)}, phase '
            f'{escape(game.phase)}; {escape(totals)}</div>')
    body = head
    h = game.hand
    if h is not None:
        body += f'<div class="sl-status">{escape(status_text(h, game.players))}</div>'
        body += trumps_html(h) + table_html(h, names=game.players)
        if h.scores:
            body += score_html(h.scores, n)
    if game.over and game.winner is not None:
        body += (f'<div class="sl-status sl-game-over">Game over: '
                 f'{escape(team_name(rules.team_seats[game.winner], n))} win.</div>')
    return _wrap(body, style, "sl-game")


def error_html(message: str, rule: str | None = None) -> str:
    """A message box for rejected input (a widget never shows a traceback)."""
    tag = f' <code class="sl-rule-id">{escape(rule)}</code>' if rule else ""
    return f'<div class="sl-error" role="alert">{escape(message)}{tag}</div>'


def explanation_html(lines: Sequence[str], title: str = "") -> str:
    head = f"<b>{escape(title)}</b>" if title else ""
    items = "".join(f"<li>{text_html(x)}</li>" for x in lines)
    return f'<div class="sl-explanation">{head}<ul>{items}</ul></div>'


# ---------------------------------------------------------------------------- text with suits

#: Each suit's text symbol (and the emoji variation some fonts draw) -> its letter; the
#: Heckadeck suits' plain-text marks are their names (left as words), and the emoji older text
#: used for them are still drawn as glyphs.
_SYMBOL_LETTER: dict[str, str] = {}
for _letter, _symbol in [*((x, s.symbol) for x, s in SUITS.items() if len(s.symbol) == 1),
                         ("A", "\U0001f330"), ("P", "\U0001fa90"), ("O", "\u2601"),
                         ("W", "\u2694")]:
    _SYMBOL_LETTER[_symbol] = _letter
    _SYMBOL_LETTER[_symbol + "\ufe0f"] = _letter
_SYMBOLS_RE = re.compile("|".join(sorted((re.escape(k) for k in _SYMBOL_LETTER), key=len,
                                         reverse=True)))


def suit_inline(letter: str) -> str:
    """A suit symbol inside a sentence: the package's own SVG shape, named for screen readers
    (never an emoji a system font may lack)."""
    name = SUITS[letter].name
    return (f'<span class="sl-suit-inline sl-suit-{letter}" role="img" aria-label="{name}" '
            f'title="{name}">{suit_icon(letter)}</span>')


def text_html(text: str) -> str:
    """Learner text as HTML: escaped, with every suit symbol (♠ ♥ ♦ ♣ and the Heckadeck's
    Acorns, Planets, Clouds, Swords) drawn from the package's SVG glyphs.

    >>> html = text_html("West wins with 9\U0001f330 & T\U0001fa90\u2660")
    >>> "\U0001f330" in html, html.count("sl-suit-inline"), "&amp;" in html
    (False, 3, True)
    """
    out = []
    pos = 0
    for m in _SYMBOLS_RE.finditer(text):
        out.append(escape(text[pos:m.start()]))
        out.append(suit_inline(_SYMBOL_LETTER[m.group(0)]))
        pos = m.end()
    out.append(escape(text[pos:]))
    return "".join(out)


def explanation_text_html(lines: Sequence[str | Said], title: str = "") -> str:
    """Like :func:`explanation_html`, with suit symbols drawn by :func:`text_html`: an
    explanation's lines (:class:`~spades_lab.words.said.Said`) in learners' words, a detail
    (``level`` above 0) indented.  Strings are taken as words; the transitional string form
    (the widgets' lines before they pass ``Said``) indents a line that starts with spaces."""
    head = f"<b>{escape(title)}</b>" if title else ""
    items = []
    for x in lines:
        if isinstance(x, Said):
            indent, words = x.level > 0, x.learner().strip()
        else:
            indent, words = x[:1] == " ", x.strip()
        cls = ' class="sl-indent"' if indent else ""
        items.append(f"<li{cls}>{text_html(words)}</li>")
    return f'<div class="sl-explanation">{head}<ul>{"".join(items)}</ul></div>'


def message_html(message: str, rule: str | None = None) -> str:
    """A refusal or problem for a learner: the sentence only, suits drawn; the rule id, for
    tests and teachers' tools, stays out of sight in ``data-rule``."""
    data = f' data-rule="{escape(rule)}"' if rule else ""
    return f'<div class="sl-error" role="alert"{data}>{text_html(message)}</div>'


def play_table_html(hand: Hand, seat: int, *, trick: Sequence[tuple[int, Play]] = (),
                    winning: int | None = None, caption: str = "",
                    names: Sequence[str] | None = None, projector: bool = False) -> str:
    """The table as the learner at ``seat`` sees it in play mode: :func:`table_html` drawn
    ``compact`` (every seat's name, "taken/bid" and card count; the learner's own cards are
    buttons elsewhere), the trick in the middle with the card ``winning`` it marked
    ``sl-winning``, and a caption."""
    return table_html(hand, seat=seat, face_up=[False] * hand.n, trick=trick, winning=winning,
                      trick_caption=caption, names=names, compact=True, projector=projector)


# ---------------------------------------------------------------------------- best play


def badge_text(tricks: int, lost: int) -> str:
    """A best-play badge's words: ``"keeps 6"`` on a card that keeps the most tricks,
    ``"−1"`` on one that gives a trick away.

    >>> badge_text(6, 0), badge_text(4, 2)
    ('keeps 6', '−2')
    """
    return f"keeps {tricks}" if lost == 0 else f"\u2212{lost}"


def _badge(inner: str, lost: bool, title: str) -> str:
    cls = "sl-badge sl-badge-lost" if lost else "sl-badge sl-badge-best"
    return f'<span class="{cls}" title="{escape(title)}">{inner}</span>'


def best_play_badges(view: BestPlay) -> dict[Card, str]:
    """A badge (HTML) for each legal card of an exact best-play view
    (:func:`spades_lab.teach.bestplay.best_play`): what the card keeps, or how many tricks it
    gives away; a Traveler/Hunter whose two declarations differ gets one part per suit.
    Empty when the view is not exact."""
    by_card: dict[Card, list[CardVerdict]] = {}
    for v in view.cards:
        by_card.setdefault(v.play.card, []).append(v)
    out: dict[Card, str] = {}
    for card, vs in by_card.items():
        if len({v.tricks for v in vs}) == 1:
            v = vs[0]
            out[card] = _badge(escape(badge_text(v.tricks, v.lost)), v.lost > 0,
                               line_title(v.text))
            continue
        inner = " · ".join(f"as {suit_inline(v.play.suit)} "
                           f"{escape(badge_text(v.tricks, v.lost))}" for v in vs)
        out[card] = _badge(inner, min(v.lost for v in vs) > 0,
                           " ".join(line_title(v.text) for v in vs))
    return out


def line_title(text: str) -> str:
    """A sentence as a tooltip (first letter up, a full stop at the end)."""
    text = text.strip()
    if not text:
        return text
    return text[0].upper() + text[1:] + ("" if text.endswith(".") else ".")


def best_play_html(view: BestPlay, note: str = "") -> str:
    """The best-play view of a position: the solver's verdict in words and each legal card
    (each declaration of a Traveler/Hunter) with its badge; ``note`` adds a line (the card the
    record plays next, say).  A view the solver could not finish within its budget shows its
    words only (``sl-best-play-unknown``)."""
    extra = f'<div class="sl-best-play-note">{text_html(note)}</div>' if note else ""
    if not view.exact:
        return (f'<div class="sl-best-play sl-best-play-unknown" role="status"><b>Best play'
                f'</b><div class="sl-best-play-text">{text_html(view.text)}</div>{extra}'
                "</div>")
    cards = []
    for v in view.cards:
        badge = _badge(escape(badge_text(v.tricks, v.lost)), v.lost > 0, line_title(v.text))
        cards.append(f'<span class="sl-badged" data-card="{v.play.card.code}">'
                     f'{card_html(v.play)}{badge}</span>')
    return (f'<div class="sl-best-play" role="status"><b>Best play</b>'
            f'<div class="sl-best-play-text">{text_html(view.text)}</div>'
            f'<div class="sl-best-play-cards">{"".join(cards)}</div>{extra}</div>')


def review_html(review: HandReview, *, you: bool = True, title: str = "") -> str:
    """A seat's plays of a hand judged by the solver
    (:func:`spades_lab.teach.bestplay.review_plays`): one line per trick, marked as keeping
    the most (``sl-review-best``; also a play not worked out exactly that surely did),
    giving tricks away (``sl-review-lost``, with the better
    card), not worked out in time but with a verdict of its own (``sl-review-worse``: a card
    surely kept more; ``sl-review-bounds``: what it kept, as bounds) or too big to say anything
    of (``sl-review-unknown``, one line for them all), and a summary."""
    items = []
    # a play not worked out but with a verdict of its own (its bounds, or a card that surely
    # kept more) has its own line; the others, nothing known, one line together
    unknown = [p for p in review.plays if not p.exact and not p.bounded]
    first, items_unknown = -1, ""
    if unknown:  # one line for every trick the solver could not finish, not one each
        first = review.plays.index(unknown[0])
        which = _numbers_words([p.trick + 1 for p in unknown])
        said = (f"{noun(len(unknown), 'Trick')} {which}: too many cards were left to work "
                f"{'it' if len(unknown) == 1 else 'them'} out exactly within the time allowed.")
        items_unknown = (f'<li class="sl-review-unknown" data-trick="{unknown[0].trick + 1}" '
                         f'data-tricks="{len(unknown)}"><span class="sl-review-mark" '
                         f'aria-hidden="true">?</span><span class="sl-review-text">'
                         f'{text_html(said)}</span></li>')
    for k, p in enumerate(review.plays):
        if not p.exact and not p.bounded:
            if k == first:
                items.append(items_unknown)
            continue
        if p.sure_best:  # not worked out exactly, yet surely a card that kept the most
            cls, mark = "sl-review-best", "best"
        elif p.bounded:
            cls, mark = ("sl-review-worse", "\u2212?") if p.surer else ("sl-review-bounds", "?")
        elif p.lost:
            cls, mark = "sl-review-lost", f"\u2212{p.lost}"
        else:
            cls, mark = "sl-review-best", "best"
        items.append(f'<li class="{cls}" data-trick="{p.trick + 1}"><span class="'
                     f'sl-review-mark" aria-hidden="true">{escape(mark)}</span>'
                     f'<span class="sl-review-text">{text_html(p.text)}</span></li>')
    head = escape(title or ("The best card, trick by trick" if you else
                            f"The best card for {seat_name(review.seat, review.players)}"))
    return (f'<div class="sl-review" role="status"><b>{head}</b>'
            f'<div class="sl-review-summary">{text_html(review.summary(you))}</div>'
            f'<ol>{"".join(items)}</ol></div>')


def _numbers_words(numbers: Sequence[int]) -> str:
    """Numbers in words, runs joined: ``[1, 2, 3, 5, 7, 8]`` -> ``"1 to 3, 5, 7 and 8"``.

    >>> _numbers_words([1, 2, 3, 5, 7, 8]), _numbers_words([4])
    ('1 to 3, 5, 7 and 8', '4')
    """
    runs: list[list[int]] = []
    for x in numbers:
        if runs and x == runs[-1][-1] + 1:
            runs[-1].append(x)
        else:
            runs.append([x])
    parts: list[str] = []
    for r in runs:
        if len(r) > 2:
            parts.append(f"{r[0]} to {r[-1]}")
        else:
            parts.extend(str(x) for x in r)
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _svg_url(svg: str) -> str:
    from urllib.parse import quote

    return 'url("data:image/svg+xml,' + quote(svg, safe=" =:/,;") + '")'


def play_css() -> str:
    """Style for play mode: card buttons named in words with the suit's SVG shape drawn
    above, the legal cards marked, a visible keyboard focus, and the projector mode (one
    class, ``sl-projector``: cards twice the size, everything on a 1024x768 screen)."""
    icons = []
    for letter, suit in SUITS.items():
        svg = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20" '
               f'fill="{COLOURS[suit.colour]}" color="{COLOURS[suit.colour]}">'
               f'{_SHAPES[suit.shape]}</svg>')
        url = _svg_url(svg)
        icons.append(f".sl-cardbtn.sl-s1-{letter}::before,.sl-cardbtn.sl-s2-{letter}::after"
                     f"{{background-image:{url}}}")
    return PLAY_CSS + "\n" + "\n".join(icons)


PLAY_CSS = """
.sl-play-app :focus-visible,.sl-table-app :focus-visible,.sl-whatif :focus-visible,
.sl-quiz :focus-visible{outline:3px solid #0d47a1!important;outline-offset:2px;
 box-shadow:0 0 0 3px #0d47a1!important}
.sl-play-app .sl-seat-compact{min-width:8em;padding:3px 6px}
.sl-play-app .sl-you{border-color:#1565c0;background:#e3f2fd}
.sl-winning{box-shadow:0 0 0 3px #f9a825,0 0 0 5px #5d4037}
.sl-trick-caption{font-weight:600;margin-top:3px}
.sl-indent{margin-left:1.5em;list-style:circle}
.sl-suit-inline{display:inline-flex;vertical-align:-0.12em}
.sl-hand-buttons{display:flex;flex-wrap:wrap;gap:3px}
.sl-cardbtn.jupyter-button,.sl-cardbtn{width:5.4em!important;height:5.6em!important;
 white-space:normal!important;line-height:1.1!important;font-size:12px!important;
 padding:2px!important;background:#fff!important;color:#111!important;
 border:2px solid #555!important;border-radius:6px!important;display:inline-flex!important;
 flex-direction:column;align-items:center;justify-content:center;overflow:hidden}
.sl-cardbtn::before,.sl-cardbtn::after{content:"";display:block;width:1.5em;height:1.5em;
 background-repeat:no-repeat;background-size:contain;flex:none}
.sl-cardbtn:not([class*="sl-s2-"])::after{display:none}
.sl-cardbtn.jupyter-button[class*="sl-s2-"]{width:6.6em!important}
.sl-cardbtn[class*="sl-s2-"]{flex-flow:row wrap!important;align-content:center;
 justify-content:center;column-gap:.25em;row-gap:.1em}
.sl-cardbtn[class*="sl-s2-"]::before,.sl-cardbtn[class*="sl-s2-"]::after{width:1.3em;
 height:1.3em;order:-1}
.sl-cardbtn.sl-legal{border:3px solid #2e7d32!important;background:#f1f8e9!important}
.sl-cardbtn.sl-illegal{background:#eceff1!important;color:#37474f!important;
 border-style:dashed!important;opacity:1!important;filter:none!important}
.sl-choice.jupyter-button{background:#fff;border:1px solid #777}
.sl-choice.sl-illegal{opacity:1;filter:none;background:#eceff1!important;color:#37474f!important;
 border:1px dashed #546e7a}
.sl-cardbtn.sl-selected{outline:3px solid #6a1b9a;background:#f3e5f5!important}
.sl-projector .sl-root,.sl-projector{font-size:17px}
.sl-projector .sl-cardbtn.jupyter-button,.sl-projector .sl-cardbtn{width:70px!important;
 height:94px!important;font-size:14px!important;margin:0!important}
.sl-projector .sl-hand-buttons{gap:2px}
.sl-projector .sl-cardbtn::before,.sl-projector .sl-cardbtn::after{width:28px;height:28px}
.sl-projector .sl-play-setup,.sl-projector .sl-rules-words{display:none!important}
.sl-projector .sl-cardbtn[class*="sl-s2-"]::before,
.sl-projector .sl-cardbtn[class*="sl-s2-"]::after{width:20px;height:20px}
.sl-projector .sl-cardbtn[class*="sl-s2-"]{font-size:13px!important;line-height:1.05!important}
.sl-projector .sl-cardbtn.jupyter-button[class*="sl-s2-"]{width:86px!important}
.sl-projector .sl-trumps{margin:1px 0}
.sl-projector .sl-status{margin:2px 0}
.sl-projector .sl-play-explanation{font-size:15px}
.sl-projector .sl-play-score li.sl-indent{display:none}
.sl-projector .sl-trick-area{min-height:0;padding:2px}
.sl-projector .sl-table{gap:2px}
.sl-projector{max-width:1024px}
""".strip()


__all__ = ["CSS", "PROJECTOR_CSS", "RANK_MARKS", "rank_mark", "rank_legend", "card_label",
           "COLOURS", "BORDERS", "style_block", "suit_classes", "suit_icon", "card_html",
           "card_back_html", "card_svg", "suit_shape_svg",
           "play_html", "hand_html", "trick_html", "trick_record_html",
           "trumps_html", "TrumpsState", "TableHand", "table_html", "status_text",
           "hand_state_html", "score_html",
           "team_score_html", "comparison_html", "running_totals_html", "hand_result_html",
           "trump_timeline_svg", "options_html", "option_words", "bags_words", "game_html",
           "error_html", "explanation_html",
           "suit_inline", "text_html", "explanation_text_html", "message_html",
           "play_table_html", "play_css", "PLAY_CSS", "PRESET_WORDS", "rules_title", "table_words",
           "badge_text", "best_play_badges", "best_play_html", "review_html", "line_title"]
