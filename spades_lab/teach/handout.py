"""Printable material for a teacher: self-contained HTML pages with print CSS, and PDFs.

- :func:`rules_sheet` — one page of rules for a rule set, every number read from the
  :class:`~spades_lab.core.rules.RuleSet` (bids, nil values, exchanges, bags, target …).
- :func:`deal_handout` — a recorded hand: the hands as dealt, the bids, any exchange, a trick
  table (leader, every card, the winner) and the score.
- :func:`quiz_sheet` / :func:`answer_key` — a seeded :class:`~spades_lab.teach.quiz.Quiz` for
  students, and its key (answers and the engine's explanation) on separate pages.
- :func:`html_to_pdf` — print a page to PDF with a headless Chromium, where one is installed.

Each page embeds its CSS (A4, 12 mm margins; questions never split across pages) and uses
suit symbols only for the four suits every Linux font has (♠ ♥ ♦ ♣); the other Heckadeck suits
are written as short words (Acorns ``Ac``, Planets ``Pl``, Clouds ``Cd``, Swords ``Sw``), and a
legend on every page with cards explains each rank letter and suit mark.

>>> from spades_lab.teach.quiz import make_quiz
>>> page = rules_sheet("online")
>>> "exactly 2 cards" in page and "trails" in page and "@page" in page
True
>>> quiz = make_quiz("standard", seed=2, count=3)
>>> [a in answer_key(quiz) for _, a, _ in quiz.answer_key()]
[True, True, True]
"""
from __future__ import annotations

import hashlib
import html
import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ..core.bids import ordinary_bids
from ..core.cards import RANK_NAMES, SUITS, Card, suit_name, trump_order_words
from ..core.engine import Game
from ..core.errors import OutputError, OutputId
from ..core.files import MARK, shown, write_text
from ..core.records import replay
from ..core.rules import RuleSet, rules_of, team_name
from ..words.counting import noun
from ..words.rules import end_words, failed_nil_tricks_words, full_nil_words, house_words
from .quiz import Quiz

#: Suit marks safe on a bare font set: symbols for the four French suits, short words else.
SUIT_MARKS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "A": "Ac", "P": "Pl", "O": "Cd",
              "W": "Sw"}
RED = {"H", "D"}

CSS = """
@page { size: A4; margin: 12mm; }
* { box-sizing: border-box; }
body { font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; font-size: 10pt;
       color: #111; margin: 0; line-height: 1.3; }
h1 { font-size: 15pt; margin: 0 0 4pt 0; }
h2 { font-size: 11pt; margin: 8pt 0 2pt 0; border-bottom: 1px solid #999; }
p, ul { margin: 2pt 0; }
ul { padding-left: 14pt; }
li { margin: 1pt 0; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 1px solid #999; padding: 1pt 3pt; text-align: left; vertical-align: top; }
th { background: #eee; }
.small { font-size: 8.5pt; }
.tiny { font-size: 7.5pt; }
.red { color: #b00; }
.win { font-weight: bold; text-decoration: underline; }
.lead { font-style: italic; }
.page { break-after: page; }
.page:last-child { break-after: auto; }
.q { break-inside: avoid; margin: 0 0 7pt 0; padding: 3pt 0 0 0; border-top: 1px solid #ccc; }
.q .facts { margin: 1pt 0 2pt 10pt; color: #333; }
.choice { display: inline-block; margin-right: 12pt; }
.box { display: inline-block; width: 8pt; height: 8pt; border: 1px solid #333;
       margin-right: 3pt; vertical-align: -1pt; }
.name { margin: 0 0 6pt 0; }
.cols { columns: 2; column-gap: 14pt; }
.cols h2 { break-after: avoid; }
.cols ul { break-inside: avoid-column; }
"""


def _e(text: Any) -> str:
    return html.escape(str(text))


def card_html(card: Card, suit: str | None = None) -> str:
    """A card as print-safe HTML: rank and suit mark(s), red for Hearts and Diamonds; a
    Heckadeck suit's short word stands apart from the rank (``B Pl``), a Traveler/Hunter's two
    marks are split by a slash (``T ♦/Sw``), and one played as one suit gets ``as`` and that
    suit.  Every letter is explained by :func:`_legend`.

    >>> from spades_lab.core.cards import parse_card
    >>> card_html(parse_card("10H")), card_html(parse_card("BP"))
    ('<span class="red">10♥</span>', '<span>B\xa0Pl</span>')
    >>> card_html(parse_card("HAC"), "C")
    '<span>H\xa0Ac/♣</span> <span class="tiny">as ♣</span>'
    """
    if card.title is not None:  # a Joker: its name (no suit on its face)
        red = ' class="red"' if card.code == "BJ" else ""
        return f"<span{red}>{_e(card.title)}</span>"
    marks = "/".join(SUIT_MARKS[s] for s in card.face)
    gap = "\xa0" if card.is_dual or any(len(SUIT_MARKS[s]) > 1 for s in card.face) else ""
    cls = ' class="red"' if card.face[0] in RED and not card.is_dual else ""
    text = f"<span{cls}>{_e(card.rank)}{gap}{_e(marks)}</span>"
    if card.is_dual and suit is not None:
        text += f" <span class=\"tiny\">as {_e(SUIT_MARKS[suit])}</span>"
    return text


def _safe(text: str) -> str:
    """Escape ``text`` and write the Heckadeck's picture suit symbols as print-safe marks."""
    for s, suit in SUITS.items():
        if s not in "SHDC" and not suit.symbol.isalpha():  # names stay words
            text = text.replace(suit.symbol, SUIT_MARKS[s])
    return _e(text)


def _page(title: str, body: str) -> str:
    return (f"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{_e(title)}</title><style>{CSS}</style></head>\n<body>\n{body}\n"
            "</body></html>\n")




def _legend(rules: RuleSet) -> str:
    """Every abbreviation a printed card of ``rules`` can carry: the rank letters (Ace, Beast,
    Jack, Queen, King, Traveler, Hunter) and, for the Heckadeck, the suit marks.

    >>> _legend(RuleSet.preset("standard"))
    "Ranks: J = Jack, Q = Queen, K = King, A = Ace; numbers are the card's number."
    >>> print(_legend(RuleSet.preset("acorns", {"travelers_hunters": True})))
    Ranks: 0 = Zero, A = Ace, B = Beast, J = Jack, Q = Queen, K = King, T = Traveler, H = \
Hunter; numbers are the card's number. Suit marks: ♠ = Spades, ♥ = Hearts, ♦ = Diamonds, ♣ = \
Clubs, Ac = Acorns, Pl = Planets, Cd = Clouds, Sw = Swords; a Traveler or Hunter shows its two \
suits (T ♦/Sw).
    """
    ranks = [r for r in rules.deck.ranks if r in RANK_NAMES]
    if rules.deck.travelers_hunters:
        ranks += ["T", "H"]
    out = "Ranks: " + ", ".join(f"{r} = {RANK_NAMES[r]}" for r in ranks)
    out += "; numbers are the card's number."
    extra = [s for s in rules.deck.suits if s not in "SHDC"]
    if extra:
        out += " Suit marks: " + ", ".join(f"{SUIT_MARKS[s]} = {suit_name(s)}"
                                           for s in rules.deck.suits) + "."
    if rules.deck.travelers_hunters:
        out = out[:-1] + "; a Traveler or Hunter shows its two suits (T ♦/Sw)."
    return out


# ---------------------------------------------------------------------------- rules sheet


def _rank_words(rules: RuleSet) -> str:
    if rules.deck.jokers is not None:  # house rules: Jokers Spades -- the plain suits' ranks,
        # then the top of the trumps in words (the deck's own order)
        plain = {c.key for c in rules.deck.cards if c.suit == "H"}
        names = [RANK_NAMES.get(r, r) for r in rules.rank_order if r in plain]
        return (" < ".join(names) + "; the highest trumps, from the top: "
                + trump_order_words(rules.deck))
    names = []
    for r in rules.rank_order:
        if r == "T" and not rules.deck.travelers_hunters:
            continue
        if r == "H" and not rules.deck.travelers_hunters:
            continue
        names.append("Ace (high)" if r == "A+" else
                     "Ace (low)" if r == "A" and rules.deck.ace_flips else
                     RANK_NAMES.get(r, r))
    if not rules.deck.ace_flips:
        names = [n for n in names if n != "Ace"] + ["Ace"]
    return " < ".join(names)


def rules_sheet(rules: RuleSet | str = "standard", options: Mapping[str, Any] | None = None
                ) -> str:
    """One printable page of the rules of ``rules`` (a preset name or a RuleSet); every
    number comes from the rule set."""
    r = rules_of(rules, options)
    n = r.players
    two = len(r.trumps) > 1
    trumps = " and ".join(suit_name(t) for t in r.trumps)
    teams = "; ".join(team_name(ts, n) for ts in r.team_seats)
    bids = ordinary_bids(r)
    lo, hi = bids[0].tricks, bids[-1].tricks
    first = "the dealer" if r.first_lead == "dealer" else "the player left of the dealer"
    out: list[str] = [f"<h1>Spades-family rules: {_e(r.name)}</h1>",
                      f"<p class=\"small\">{_e(r.describe().splitlines()[0])}. "
                      f"{_e(_legend(r))}</p>", "<div class=\"cols\">"]

    out.append("<h2>The table</h2><ul>")
    seating = ("teammates sit in every other seat" if len(r.team_seats[0]) > 2
               else "partners sit opposite")
    out.append(f"<li>{n} players; {seating}: {_e(teams)}.</li>")
    out.append(f"<li>{_e(r.deck.label)}: {len(r.deck.cards)} cards, {r.hand_size} to each "
               f"player, so {r.hand_size} tricks a hand.</li>")
    out.append(f"<li>Suits: {_e(', '.join(suit_name(s) for s in r.deck.suits))}.</li>")
    out.append(f"<li>Ranks, low to high: {_e(_rank_words(r))}.</li>")
    out.append("<li>The deal passes clockwise; bidding starts left of the dealer and goes "
               "once around.</li></ul>")

    out.append("<h2>A trick</h2><ul>")
    out.append(f"<li>{_e(first.capitalize())} leads the first trick; the winner of each "
               "trick leads the next. Play goes clockwise, one card each.</li>")
    out.append("<li><b>Follow suit</b> when you can: play a card of the led suit. If you "
               "cannot, play any card.</li>")
    out.append(f"<li><b>{noun(2 if two else 1, 'Trump')}:</b> {_e(trumps)}. A trump suit is "
               "<i>broken</i> once a card has been played as that suit.</li>")
    if r.spades_need_breaking:  # (house rules: bidding and play, below, may say otherwise)
        out.append("<li>You may not lead an unbroken trump, unless every card you hold could "
                   "only be led as one.</li>")
    if two:
        out.append("<li>The first trump broken in a hand is <b>superior</b> for the rest of "
                   "that hand; the other is inferior. It resets every deal. If both are first "
                   "broken in the same trick, the earlier card's suit is superior.</li>")
        out.append("<li><b>Who wins:</b> the highest card of the superior trump; if none, of "
                   "the inferior trump; if none, of the led suit. Other cards never win.</li>")
    else:
        out.append("<li><b>Who wins:</b> the highest Spade; if no Spade was played, the "
                   "highest card of the led suit. Other cards never win.</li>")
    if r.deck.ace_flips:
        faces = "Beast, Jack, Queen, King" + (", Traveler, Hunter"
                                              if r.deck.travelers_hunters else "")
        out.append(f"<li><b>The Ace</b> is low (between 0 and 2) in a trick with no face "
                   f"card, and high (above the King) in a trick with any face card of any "
                   f"suit ({_e(faces)}).</li>")
    out.append("</ul>")

    if r.deck.travelers_hunters:
        pairs = sorted({" / ".join(suit_name(s) for s in c.suits)
                        for c in r.deck.cards if c.is_dual})
        out.append("<h2>Travelers and Hunters</h2><ul>")
        out.append(f"<li>One Traveler and one Hunter for each pair: {_e('; '.join(pairs))}."
                   "</li>")
        out.append("<li>Following a lead of one of its suits, it is played as the led suit."
                   "</li><li>Led or played off-suit, its player declares one of its suits; "
                   "led, it may be declared a trump only if that trump is broken.</li>")
        out.append("<li>Declared as a trump it trumps and breaks that suit. <b>Won in a "
                   "trick, it counts as a card of both its suits.</b></li>")
        if r.th_low:
            out.append("<li>This table ranks them low: 11 &lt; Traveler &lt; Beast &lt; "
                       "Hunter &lt; Jack.</li>")
        out.append("</ul>")

    out.append("<h2>Bidding</h2><ul>")
    if r.deck.ace_flips or not r.zero_is_nil:
        out.append(f"<li>An ordinary bid is {lo} to {hi} tricks; 0 is an ordinary bid of "
                   "zero.</li>")
    else:
        out.append(f"<li>An ordinary bid is {lo} to {hi} tricks; a bid of 0 is Nil.</li>")
    out.append("<li>A partnership's bid is the sum of its members' ordinary bids.</li>")
    # the exchange partner is the player opposite: in two teams of four, one of three teammates
    mate = "the teammate sitting opposite" if r.teams == "fours" and n == 8 else "the partner"
    for kind in r.nil_kinds:
        rng = r.exchange_range(kind)
        ex = ("no cards are exchanged" if rng[1] == 0 else
              f"then exactly {rng[1]} cards are exchanged each way with {mate}"
              if rng[0] == rng[1] else
              f"then the bidder passes 0 to {rng[1]} cards to {mate}, who passes as "
              "many back")
        desc = {"nil": "take no trick", "full nil": "take no trick (no ordinary bid with it)",
                "nil spades": "take no card of Spades (may add an ordinary bid: + N)",
                "nil acorns": "take no card of Acorns (may add an ordinary bid: + N)"}[kind]
        out.append(f"<li><b>{_e(kind.title())}</b> ({r.nil_value(kind, False)}): {desc}. "
                   f"Blind, before looking at the cards: {r.nil_value(kind, True)}; {ex}."
                   "</li>")
    if r.blind_nil_deficit is not None:
        out.append(f"<li>A blind nil only for a player whose partnership trails by at least "
                   f"{r.blind_nil_deficit} when bidding starts.</li>")
    out.append("<li>At most one nil-type bid per player. When " + (
        "a blind bidder and the teammate opposite both bid blind" if mate != "the partner"
        else "both partners bid blind") + ", no cards are exchanged.</li>")
    if n == 8:
        out.append("<li>With eight players nil values are halved (shown above).</li>")
    out.append("</ul>")

    out.append("<h2>Scoring</h2><ul>")
    out.append("<li>Made: 10 × bid, +1 per trick over the bid (each one a <i>bag</i>). "
               "Missed: −10 × bid.</li>")
    out.append("<li>Each nil-type bid scores its value if made, minus it if failed, "
               "separately from the partnership's bid.</li>")
    failed = f"a player whose {full_nil_words(r)} failed (blind or not)"
    if r.failed_nil_tricks == "bags_only" and r.overtrick_points:
        out.append(f"<li>Tricks taken by {_e(failed)} score 1 point and 1 bag each; they do "
                   "not help the partnership's bid.</li>")
    elif r.failed_nil_tricks != "count_toward_bid":  # house rules: scoring
        out.append(f"<li>Tricks taken by {_e(failed)} {_e(failed_nil_tricks_words(r))}.</li>")
    else:
        out.append(f"<li>Tricks taken by {_e(failed)} count toward the partnership's bid."
                   "</li>")
    if r.bag_limit is not None:
        out.append(f"<li>Bags add up over the game: every {r.bag_limit} bags cost "
                   f"{r.bag_penalty} points.</li>")
    else:
        out.append("<li>Bags are counted but cost nothing.</li>")
    end = end_words(r)
    out.append(f"<li>{_e(end[0].upper() + end[1:])}.</li>")
    if r.losing_floor is not None:
        out.append(f"<li>A partnership at or below {r.losing_floor} loses at once.</li>")
    house = house_words(r)
    if house:
        out.append("</ul><h2>House rules</h2><ul>")
        out.extend(f"<li>{_e(line)}</li>" for line in house)
    out.append("</ul></div>")
    return _page(f"Rules: {r.name}", "\n".join(out))


# ---------------------------------------------------------------------------- deal handout


def deal_handout(record: str | Path | Mapping[str, Any] | Game, hand: int = 0,
                 title: str | None = None) -> str:
    """A recorded hand on paper: the hands as dealt (by suit), bids, exchanges, a trick table
    (the leader's card in italics, the winning card underlined) and the score."""
    game = record if isinstance(record, Game) else replay(record).game
    h = game.hands[hand]
    r = game.rules
    n = r.players
    names = [h.seat_name(s) for s in range(n)]
    out = [f"<h1>{_e(title or f'Hand {hand + 1}: {r.name}')}</h1>",
           f"<p class=\"small\">{_e(r.describe().splitlines()[0])}. Dealer: "
           f"{_e(names[h.dealer])}. {_e(_legend(r))}</p>"]
    out.append("<h2>The hands as dealt</h2><table class=\"small\"><tr><th>Seat</th>")
    out.extend(f"<th>{_e(suit_name(s))}</th>" for s in r.deck.suits)
    if r.deck.travelers_hunters:
        out.append("<th>Travelers / Hunters</th>")
    out.append("</tr>")
    for s in range(n):
        cards = r.deck.sorted(h.deal[s])
        out.append(f"<tr><td>{_e(names[s])}</td>")
        for suit in r.deck.suits:
            cell = " ".join(card_html(c) for c in cards if not c.is_dual and c.suit == suit)
            out.append(f"<td>{cell}</td>")
        if r.deck.travelers_hunters:
            out.append("<td>" + " ".join(card_html(c) for c in cards if c.is_dual) + "</td>")
        out.append("</tr>")
    out.append("</table>")
    out.append("<h2>Bids</h2><p>" + _e(", ".join(
        f"{names[s]}: {b.label}" for s, b in enumerate(h.bids) if b is not None)) + "</p>")
    if h.exchanges:
        out.append("<h2>Card exchange</h2><ul>")
        for ex in h.exchanges:
            passed = " ".join(card_html(c) for c in ex.passed or ())
            back = " ".join(card_html(c) for c in ex.returned or ())
            out.append(f"<li>{_e(names[ex.blind])} passed {passed or 'nothing'} to "
                       f"{_e(names[ex.partner])}, who returned {back or 'nothing'}.</li>")
        out.append("</ul>")
    if h.tricks:
        out.append("<h2>Tricks</h2><table class=\"small\"><tr><th>Trick</th>")
        out.extend(f"<th>{_e(names[s])}</th>" for s in range(n))
        out.append("<th>Winner</th></tr>")
        for t in h.tricks:
            by_seat = {s: p for s, p in t.plays}
            out.append(f"<tr><td>{t.index + 1}</td>")
            for s in range(n):
                p = by_seat[s]
                cls = " ".join(c for c, on in (("lead", s == t.leader), ("win", s == t.winner))
                               if on)
                out.append(f"<td class=\"{cls}\">{card_html(p.card, p.suit)}</td>")
            out.append(f"<td>{_e(names[t.winner])}</td></tr>")
        out.append("</table><p class=\"tiny\">Italic: the card led. Underlined: the card "
                   "that won the trick.</p>")
    if h.scores is not None:
        out.append("<h2>Score</h2><table class=\"small\"><tr><th>Partnership</th><th>Bid</th>"
                   "<th>Tricks taken</th><th>Counted toward the bid</th><th>Hand score</th>"
                   "<th>Total</th><th>Bags</th></tr>")
        for ts in h.scores:
            taken = sum(h.taken[s] for s in ts.seats)
            out.append(f"<tr><td>{_e(team_name(ts.seats, n))}</td><td>{ts.bid}</td>"
                       f"<td>{taken}</td><td>{ts.tricks}</td><td>{ts.hand_score:+d}</td>"
                       f"<td>{ts.total}</td><td>{ts.bags}</td></tr>")
        out.append("</table><p class=\"tiny\">Counted toward the bid: the tricks of the "
                   "partners' ordinary bids (a failed nil's tricks count only where the rules "
                   "say so). Bags: the running count after this hand.</p>")
    return _page(title or f"Hand {hand + 1}", "\n".join(out))


# ---------------------------------------------------------------------------- quiz


def quiz_command(rules: RuleSet, seed: int, count: int | None = None,
                 levels: Sequence[int] | None = None, topics: Sequence[str] = (),
                 ids: Sequence[str] = (),
                 input_checks: bool = False) -> str:
    """The ``spades-lab handout quiz`` command that prints this quiz again: its rule set, the
    options that differ from the preset, and the settings given.

    >>> quiz_command(RuleSet.preset("acorns", {"travelers_hunters": True}), 2, 8, [3])
    'spades-lab handout quiz --rules acorns --option travelers_hunters=true --seed 2 --count 8 \
--level 3'
    """
    parts = ["spades-lab handout quiz", f"--rules {rules.name}"]
    parts += [f"--option {k}={json.dumps(v) if not isinstance(v, str) else v}"
              for k, v in sorted(rules.options().items())]
    parts.append(f"--seed {seed}")
    if count is not None:
        parts.append(f"--count {count}")
    parts += [f"--level {x}" for x in sorted(set(levels or ()))]
    parts += [f"--topic {t}" for t in topics] + [f"--rule {k}" for k in ids]
    if input_checks:
        parts.append("--input-checks")
    return " ".join(parts)


def quiz_sheet(quiz: Quiz, title: str | None = None, command: str | None = None) -> str:
    """The students' page: each question with the facts needed and boxes to tick; its footer
    names ``command``, the command that prints it again (:func:`quiz_command`; without one, the
    rule set and seed of :func:`~spades_lab.teach.quiz.make_quiz`)."""
    r = quiz.rules
    out = [f"<h1>{_e(title or f'Quiz: {r.name}')}</h1>",
           "<p class=\"name\">Name: ______________________ &nbsp; Date: ____________</p>",
           f"<p class=\"small\">{_e(r.describe().splitlines()[0])}. Tick one box per "
           f"question. {_e(_legend(r))}</p>"]
    for i, q in enumerate(quiz.questions, start=1):
        out.append(f"<div class=\"q\"><b>{_e(i)}. {_safe(q.prompt)}</b>")
        facts = [x for x in q.shown if not x.startswith("Rules:")]
        if facts:
            out.append("<div class=\"facts small\">" + "<br>".join(_safe(x) for x in facts)
                       + "</div>")
        out.append("<div>" + "".join(
            f"<span class=\"choice\"><span class=\"box\"></span>{_e(chr(65 + k))}. {_safe(c)}"
            "</span>"
            for k, c in enumerate(q.choices)) + "</div></div>")
    if command:
        out.append(f"<p class=\"tiny\">Printed by <code>{_e(command)}</code>: the same command "
                   "prints the same questions.</p>")
    else:
        out.append(f"<p class=\"tiny\">make_quiz, rule set {_e(r.name)}, seed {_e(quiz.seed)}: "
                   "the same seed and settings print the same questions.</p>")
    return _page(title or f"Quiz: {r.name}", "\n".join(out))


def answer_key(quiz: Quiz, title: str | None = None) -> str:
    """The teacher's page: for each question the right letter and answer, the difficulty,
    and the engine's explanation."""
    r = quiz.rules
    out = [f"<h1>{_e(title or f'Answer key: {r.name}')}</h1>",
           f"<p class=\"small\">Quiz seed {_e(quiz.seed)}, {_e(len(quiz.questions))} questions. "
           "Level 1: first lesson; 2: trumps, bids and scores; 3: the fine print.</p>",
           "<table class=\"small key\"><tr><th>#</th><th>Question</th><th>Answer</th>"
           "<th>Level</th><th>Why (the engine's explanation)</th></tr>"]
    for (num, letter, text), q in zip(quiz.answer_key(), quiz.questions, strict=True):
        why = "<br>".join(("&emsp;" * x.level) + _safe(x.body()) for x in q.feedback)
        out.append(f"<tr><td>{_e(num)}</td><td class=\"tiny\">{_safe(q.prompt)}</td>"
                   f"<td class=\"answer\"><b>{_e(letter)}</b>. {_safe(text)}</td>"
                   f"<td>{_e(q.difficulty)}</td><td class=\"tiny\">{why}</td></tr>")
    out.append("</table>")
    return _page(title or f"Answer key: {r.name}", "\n".join(out))


# ---------------------------------------------------------------------------- PDF


def chromium_path() -> str | None:
    """A Chromium able to print to PDF (Debian's ``chromium`` first), or None."""
    for name in ("chromium", "chromium-browser", "google-chrome", "chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


#: How long Chromium may take to print one page before it is stopped, in seconds.
PDF_TIMEOUT = 120.0


def html_to_pdf(page: str, pdf: str | Path, *, chromium: str | None = None,
                timeout: float | None = None) -> Path:
    """Print an HTML page (the text) to ``pdf`` with a headless Chromium.  The PDF is printed
    beside ``pdf`` under a hidden name and renamed into place only when Chromium has written
    it, so a failure never leaves half a PDF.  Raises ``FileNotFoundError`` where no Chromium
    is installed, and :class:`~spades_lab.core.errors.OutputError` (``tool-failed``) when
    Chromium fails, cannot start or does not finish within ``timeout`` seconds (default
    :data:`PDF_TIMEOUT`)."""
    exe = chromium or chromium_path()
    if exe is None:
        raise FileNotFoundError("No Chromium found: install Debian's chromium to make PDFs; "
                                "the HTML page prints the same from any browser.")
    out = Path(pdf).resolve()
    fd, aside = tempfile.mkstemp(prefix=f".{out.name}.{MARK}-new-{os.getpid()}-",
                                 dir=out.parent)
    os.close(fd)
    try:
        _print(exe, page, Path(aside), out.name, PDF_TIMEOUT if timeout is None else timeout)
        os.replace(aside, out)
    finally:
        if os.path.exists(aside):
            os.unlink(aside)
    return out


def _print(exe: str, page: str, target: Path, name: str, timeout: float) -> None:
    """Chromium prints ``page`` to ``target``; any failure is one ``tool-failed`` sentence."""
    fail = f"Chromium could not print {name}"
    after = ("; no PDF was written (the HTML pages print the same from any browser).")
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "page.html"
        src.write_text(page, encoding="utf-8")
        cmd = [exe, "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
               f"--user-data-dir={tmp}/profile", f"--print-to-pdf={target}", src.as_uri()]
        try:
            proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                    start_new_session=True)
        except OSError as e:
            raise OutputError(OutputId.TOOL_FAILED, f"{fail}: {exe} would not start "
                              f"({(e.strerror or 'error').lower()}){after}") from None
        try:
            code = proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            code = None
        finally:  # Chromium's helper processes end with it (its own process group)
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except OSError:
                pass
            proc.wait()
        if code is None:
            raise OutputError(OutputId.TOOL_FAILED, f"{fail}: it did not finish within "
                              f"{timeout:g} s{after}")
        if code != 0:
            raise OutputError(OutputId.TOOL_FAILED, f"{fail}: it stopped with exit status {code}"
                              f"{after}")
        if target.stat().st_size == 0 or not target.read_bytes().startswith(b"%PDF"):
            raise OutputError(OutputId.TOOL_FAILED, f"{fail}: it wrote no PDF{after}")


def pdf_page_count(pdf: str | Path) -> int:
    """The number of pages of a PDF written by Chromium (its page tree's ``/Count``)."""
    data = Path(pdf).read_bytes()
    counts = [int(m) for m in re.findall(rb"/Type\s*/Pages\b[^>]*?/Count\s+(\d+)", data)]
    counts += [int(m) for m in re.findall(rb"/Count\s+(\d+)[^>]*?/Type\s*/Pages\b", data)]
    if counts:
        return max(counts)
    return len(re.findall(rb"/Type\s*/Page\b", data))


# ---------------------------------------------------------------------------- file names


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "x"


def options_slug(rules: RuleSet) -> str:
    """The options that differ from the preset, as a file-name part (empty for the preset;
    a short digest when they would make a long name).

    >>> options_slug(RuleSet.preset("acorns", {"travelers_hunters": True}))
    '_travelers-hunters-true'
    >>> options_slug(RuleSet.preset("standard")), options_slug(RuleSet.preset("standard",
    ...     {"target": 500}))
    ('', '')
    """
    opts = rules.options()
    if not opts:
        return ""
    text = "_".join(f"{_slug(k)}-{_slug(json.dumps(v, sort_keys=True))}"
                    for k, v in sorted(opts.items()))
    if len(text) > 60:
        text = "options-" + hashlib.sha256(json.dumps(opts, sort_keys=True).encode())\
            .hexdigest()[:10]
    return f"_{text}"


def rules_stem(rules: RuleSet) -> str:
    """The file name (without .html/.pdf) of a rules sheet: the rule set and its options.

    >>> rules_stem(RuleSet.preset("acorns")), rules_stem(RuleSet.preset("acorns",
    ...     {"travelers_hunters": True}))
    ('rules_acorns', 'rules_acorns_travelers-hunters-true')
    """
    return f"rules_{rules.name}{options_slug(rules)}"


def deal_stem(record: str | Path, hand: int) -> str:
    """The file name of a deal handout: the record's name and the hand (``hand`` from 0, the
    name counts from 1).

    >>> deal_stem("data/course/standard_hand.json", 1)
    'deal_standard-hand_hand2'
    """
    return f"deal_{_slug(Path(record).stem)}_hand{hand + 1}"


def quiz_stem(rules: RuleSet, seed: int, count: int | None = None,
              levels: Sequence[int] | None = None) -> str:
    """The file name of a quiz sheet (its key adds ``_key``): rule set, options, seed, count and
    levels, so that two different quizzes never share a name.

    >>> quiz_stem(RuleSet.preset("online"), 2), quiz_stem(RuleSet.preset("online"), 2, 5, [2, 1])
    ('quiz_online_seed2', 'quiz_online_seed2_count5_level1-2')
    """
    stem = f"quiz_{rules.name}{options_slug(rules)}_seed{seed}"
    if count is not None:
        stem += f"_count{count}"
    if levels:
        stem += "_level" + "-".join(str(x) for x in sorted(set(levels)))
    return stem


# ---------------------------------------------------------------------------- writing


def write_pages(pages: Sequence[tuple[str, str]], out_dir: str | Path, *, pdf: bool = False,
                force: bool = False, chromium: str | None = None) -> list[Path]:
    """Write (file stem, html) pages into ``out_dir`` as .html (and .pdf with ``pdf``); the
    paths of the pages (written, or already there with the same page).

    An HTML page and its PDF are a pair showing the same page.  A page already there with other
    content (an older page, a hand edit) is replaced only with ``force``, and then a PDF beside
    it that is not printed again is removed (it showed the old page); otherwise
    :class:`~spades_lab.core.errors.OutputError` (``file-exists``) names the file and nothing is
    written.  Every check, and every PDF, is done before the first file is written, and each
    file is written whole (:func:`~spades_lab.core.files.write_text`): a Chromium that fails
    or hangs leaves the folder as it was."""
    folder = Path(out_dir)
    if folder.exists() and not folder.is_dir():
        raise OutputError(OutputId.NOT_A_FOLDER, f"{shown(folder)} is a file, not a folder: give "
                          "--out a folder's name.", path=str(folder))
    plan: list[tuple[Path, Path, str, bool, bool]] = []  # html, pdf, page, write, print
    for stem, page in pages:
        html_path, pdf_path = folder / f"{stem}.html", folder / f"{stem}.pdf"
        same = html_path.is_file() and _read(html_path) == page
        write = not same
        print_it = pdf and (write or not pdf_path.exists())
        clash = [p for p in (html_path, pdf_path) if p.exists()] if write else []
        if clash and not force:
            raise OutputError(OutputId.FILE_EXISTS, f"{shown(clash[0])} is there already (with "
                              "another page, or your changes): give --force to replace it, or "
                              "--out another folder.", path=str(clash[0]))
        plan.append((html_path, pdf_path, page, write, print_it))
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise OutputError(OutputId.CANNOT_WRITE, f"Cannot make the folder {shown(folder)}: "
                          f"{(e.strerror or 'error').lower()}.", path=str(folder)) from e
    printed: dict[Path, Path] = {}
    try:
        for _html, pdf_path, page, _write, print_it in plan:
            if print_it:
                aside = pdf_path.with_name(f".{pdf_path.name}.{MARK}-new-{os.getpid()}-print")
                printed[pdf_path] = html_to_pdf(page, aside, chromium=chromium)
        written: list[Path] = []
        for html_path, pdf_path, page, write, print_it in plan:
            if write:
                write_text(html_path, page)
            written.append(html_path)
            if print_it:
                os.replace(printed.pop(pdf_path), pdf_path)
            elif write and pdf_path.exists():
                pdf_path.unlink()  # it showed the page this one replaces
            if pdf:
                written.append(pdf_path)
    finally:
        for aside in printed.values():
            aside.unlink(missing_ok=True)
    return written


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


__all__ = ["rules_sheet", "deal_handout", "quiz_sheet", "answer_key", "html_to_pdf",
           "chromium_path", "pdf_page_count", "write_pages", "rules_stem", "deal_stem",
           "quiz_stem", "options_slug", "PDF_TIMEOUT", "card_html", "SUIT_MARKS", "CSS"]
