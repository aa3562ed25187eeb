"""Play mode teaches the bidding (issue 23 item 4), in the model and its words: a plain line per
phase, hints with their reasons, a bid as a kind plus a number, "taken/bid" in words, a recap
of a hand taken over, a lost Ace said to be low, one review line for the unfinished tricks."""
from __future__ import annotations

import random
import re
from dataclasses import replace
from pathlib import Path

from conftest import learner_decides
from spades_lab.core.errors import RULE_IDS
from spades_lab.core.records import replay
from spades_lab.render import review_html
from spades_lab.table import PlayModel, TableModel, trick_lines
from spades_lab.teach.bestplay import review_plays

DEMO = Path("data/scenarios/demo_acorns_th.json")


def _learner_words(text: str) -> None:
    assert text and "_" not in text and " = " not in text
    assert not any(re.search(rf"\b{re.escape(r)}\b", text) for r in RULE_IDS if "-" in r), text


def test_one_plain_line_for_every_phase():
    m = PlayModel("standard", seat=0, seed=3)
    seen: dict[str, str] = {}
    rng = random.Random(1)
    for _ in range(300):
        w = m.waiting()
        seen.setdefault(w, m.guide())
        if w in ("next-hand", "over"):
            break
        learner_decides(m, rng)
    assert {"look", "bid", "play", "next-hand"} <= set(seen)
    assert len(set(seen.values())) == len(seen)  # a line of its own for each phase
    for line in seen.values():
        _learner_words(line)
    assert "South" in seen["bid"] and "partner" in seen["bid"]  # North's partner is South
    assert "blind" in seen["look"] and "look at your cards first" in seen["look"]


def test_bid_hints_say_why():
    for preset, seed in (("standard", 3), ("acorns", 1), ("original", 2)):
        m = PlayModel(preset, seat=0, seed=seed)
        if m.waiting() == "look":
            hint = m.hint()
            assert "blind" in hint and ("behind" in hint or "trails" in hint)
            m.look()
        hint = m.hint()
        _learner_words(hint)
        said = re.match(r"The practice bot would bid (.+?)\. (.+)", hint)
        assert said, hint
        assert len(said.group(2)) > 30  # a reason, not only the bid
        if said.group(1).isdigit():
            assert f"expects about {said.group(1)} trick" in said.group(2)


def test_a_bid_is_a_kind_and_a_number():
    m = PlayModel("acorns", seat=0, seed=1)
    m.look()
    menu = m.bid_menu()
    assert [k.label for k in menu] == ["A number", "Nil Spades", "Nil Acorns", "Full Nil"]
    every = sorted((b.to_json() for k in menu for b in k.bids), key=str)
    assert every == sorted((c.bid.to_json() for c in m.bid_choices()), key=str)
    assert len(m.bid_choices()) > 90 and len(menu) == 4
    nil_spades = menu[1]
    assert nil_spades.bid(2).label == "Nil Spades + 2" and "Spade" in nil_spades.words
    assert m.bid(nil_spades.bid(2))
    # before looking, only the blind kinds
    blind = PlayModel("standard", seat=0, seed=3)
    assert blind.waiting() == "look"
    assert [k.label for k in blind.bid_menu()] == ["Blind Nil"]


def test_taken_and_bid_in_words():
    m = PlayModel("standard", seat=0, seed=3)
    m.look()
    m.bid(4)
    said = m.taken_words()
    assert said.startswith("Tricks taken so far, of the tricks each seat bid: you 0 of 4")
    assert said.count(" of ") == 5  # the head, then each of the four seats


def test_taking_over_a_hand_starts_with_a_recap():
    t = TableModel.from_record(DEMO)
    t.go(t.play_start + 4 * 5)  # five tricks played
    p = t.play_on(seat=0)
    assert p.taken_over and p.taken_at[0] == "The hand so far (hand 1):"
    tricks = [x for x in p.taken_at if re.match(r"Trick \d+: \w+ led ", x)]
    assert len(tricks) == 5 and p.taken_at[1].startswith("Bids: ")
    assert p.taken_at[-1].startswith("Tricks taken so far")
    assert p.recap()[:6] == p.taken_at[:6]  # the same words, asked again later
    assert p.rules == t.rules  # the game's own rules and options
    fresh = PlayModel("standard", seat=0, seed=3)
    assert not fresh.taken_over and fresh.taken_at == []


def test_a_lost_ace_is_said_to_be_low():
    h = replay(DEMO).game.hands[0]
    lines = trick_lines(h, 6)  # West's Ace of Planets loses to the 7: no face card in it
    assert "West's Ace of Planets counted low: with no face card in the trick an Ace ranks " \
        "below the 2, so it lost." in lines
    # a trick whose Ace won, or with no Ace, says nothing of the kind
    quiet = [k for k in range(len(h.tricks)) if not any(p.card.is_ace for _, p in
                                                       h.tricks[k].plays)]
    assert quiet and not any("counted low" in x for x in trick_lines(h, quiet[0]))


def test_the_review_says_the_unfinished_tricks_in_one_line():
    g = replay(DEMO).game
    review = review_plays(g, 0, 0, time_limit=None, total_limit=None, node_limit=50_000)
    # the first plays as the solver left them on a big hand: not worked out, nothing known
    gone = tuple(replace(p, exact=False, kept=None, best=None, kept_low=None, kept_high=None,
                         surer=(), sure_best=False) if k < len(review.plays) - 3
                 else p for k, p in enumerate(review.plays))
    html = review_html(replace(review, plays=gone))
    unknown = re.findall(r'<li class="sl-review-unknown"[^>]*>(.*?)</li>', html)
    assert len(unknown) == 1, unknown
    first, last = gone[0].trick + 1, gone[-4].trick + 1
    assert f"Tricks {first} to {last}: too many cards were left" in re.sub("<[^>]+>", "",
                                                                           unknown[0])
    assert html.count("<li") == 1 + 3


def test_the_review_gives_each_play_not_worked_out_its_own_verdict() -> None:
    """A Heckadeck hand from its start (issue 33): the plays the solver could not finish but
    found something about -- the card played's own bounds, or a card that surely kept more --
    each have their own line in the solver's words; only those nothing is known of share one.
    A play not worked out exactly that surely kept the most (the only card, equals, or bounds
    no other card's reach) is marked best."""
    g = replay(DEMO).game
    review = review_plays(g, 0, 0, time_limit=None, total_limit=None, node_limit=20_000)
    bounded = [p for p in review.plays if p.bounded and not p.sure_best]
    assert bounded, [p.text for p in review.plays]
    html = review_html(review)
    best = {m[0]: re.sub("<[^>]+>", "", m[1]) for m in re.findall(
        r'<li class="sl-review-best" data-trick="(\d+)">(.*?)</li>', html)}
    sure = [p for p in review.plays if p.sure_best]
    assert sure, [p.text for p in review.plays]  # this hand has some: the test checks them
    for p in sure:
        assert not p.exact and p.bounded and p.lost == 0 and p.judged
        line = best[str(p.trick + 1)]  # its own line, marked best, in the review's words
        assert line.startswith(f"bestTrick {p.trick + 1}: you ")
        assert any(w in line and w in p.text for w in (
            "the only card you could play", "is all one", "no other card could have kept more"))
    text = {m[0]: re.sub("<[^>]+>", "", m[1]) for m in re.findall(
        r'<li class="sl-review-(?:bounds|worse)" data-trick="(\d+)">(.*?)</li>', html)}
    assert sorted(map(int, text)) == [p.trick + 1 for p in bounded]
    for p in bounded:
        line = text[str(p.trick + 1)]
        assert "within the time allowed" in line and "Trick " in line
        assert p.kept_low is not None and p.kept_high is not None
        assert 0 <= p.kept_low <= p.kept_high <= p.remaining
        assert ("certainly kept fewer" in p.text) == bool(p.surer)
        if not p.surer:
            assert "no card surely kept more" in p.text
        assert not any(r in p.text for r in RULE_IDS)
        assert not re.search(r"\b(?:[2-9]|10|[JQKA])[SHDCAPW]\b", p.text), p.text
    assert len({p.text.split(";", 1)[1] for p in bounded}) >= 2  # not one verdict for all
    unknown = [p for p in review.plays if not p.exact and not p.bounded]
    assert html.count('class="sl-review-unknown"') == (1 if unknown else 0)
    assert html.count("<li") == len(review.plays) - len(unknown) + (1 if unknown else 0)
