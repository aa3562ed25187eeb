"""The "best play" view in the widgets (issue 14, item 4), without a browser: the replay table's
toggle marks each legal card of the seat to play with what the solver says it keeps or gives
away, and play mode's "Show me the best card" looks back on the learner's plays after the hand
(never while a hand is in play, never in a quiz).  Every value is checked against the solver;
every sentence against the learner-text rules (no rule ids, no Python values, no card codes)."""
from __future__ import annotations

import html as htmllib
import random
import re
from pathlib import Path

import pytest

from conftest import ROOT
from spades_lab import render
from spades_lab.core.cards import parse_card
from spades_lab.core.engine import PlayEvent
from spades_lab.core.errors import RULE_IDS
from spades_lab.core.rules import RuleSet
from spades_lab.solver.search import Solver, solve
from spades_lab.teach.bestplay import BestPlay, CardVerdict, review_plays
from spades_lab.widgets import PlayTable, Quiz, TableApp
from spades_lab.widgets.models import TableModel
from spades_lab.widgets.playmodel import PlayModel

STANDARD = ROOT / "data" / "course" / "standard_hand.json"
ACORNS_TH = ROOT / "data" / "scenarios" / "demo_acorns_th.json"
ACORNS8 = ROOT / "data" / "course" / "acorns8_pairs.json"


def visible(html: str) -> str:
    """What a learner reads: the text between tags (attributes dropped), unescaped."""
    return htmllib.unescape(re.sub(r"<[^>]*>", " ", html))


def learner_ok(text: str) -> bool:
    if any(w in text for w in ("None", "True", "False", "{", "}", "[", "]")):
        return False
    if any(re.search(rf"\b{re.escape(r)}\b", text) for r in RULE_IDS if "-" in r):
        return False
    return not re.search(r"\b(?:[2-9]|10|[JQKA])[SHDC]\b|\b[TH][A-Z]{2}\b", text)


def play_position(model: TableModel, tricks_left: int) -> int:
    """The first position with ``tricks_left`` tricks to go and a card to lead."""
    for k in range(model.last + 1):
        h = model.snapshots[k].hands[model.hand_index]
        if h.phase == "play" and not h.complete and not h.trick and \
                model.rules.hand_size - len(h.tricks) == tricks_left:
            return k
    raise AssertionError("no such position")


# ---------------------------------------------------------------------------- replay table


def test_toggle_marks_each_legal_card_with_the_solvers_value() -> None:
    app = TableApp(STANDARD)
    m = app.model
    app.slider.value = play_position(m, 5) + 1  # the second card of a trick
    assert "sl-badge" not in app.table_html.value and app.best_html.value == ""
    app.best_toggle.value = True
    view, why = m.best_play_view()
    assert view is not None and why == "" and view.exact
    res = solve(m.game)
    assert {v.play: v.tricks for v in view.cards} == res.per_move
    assert view.tricks == res.tricks
    # every legal card of the seat to play carries its badge in the table, nobody else's
    h = m.hand
    turn = h.turn
    assert turn is not None
    legal = {p.card for p in h.legal_plays()}
    table = app.table_html.value
    seats = re.split(r'(?=<div class="sl-seat)', table)
    for part in seats[1:]:
        seat = int(re.search(r'data-seat="(\d)"', part).group(1))  # type: ignore[union-attr]
        badged = set(re.findall(r'<span class="sl-badged"><span class="sl-card [^"]*" '
                                r'[^>]*data-card="([^"]+)"', part))
        assert badged == ({c.code for c in legal} if seat == turn else set())
    for v in view.cards:
        word = render.badge_text(v.tricks, v.lost)
        assert word in visible(app.best_html.value)
        assert (word == f"keeps {v.tricks}") == v.best
    # the sentence, with the suits drawn from the package's glyphs
    panel = app.best_html.value
    assert "sl-suit-inline" in panel and "♠" not in visible(panel)
    assert learner_ok(visible(panel)) and learner_ok(view.text)
    # the card the record plays next, measured
    ev = m.recorded_next()
    assert isinstance(ev, PlayEvent)
    v = view.verdict(ev.play)
    note = m.best_play_note(view)
    assert note.startswith("Next in the record: ")
    assert ("keeps the most" in note) == v.best
    # worked out once per position
    assert m.best_play_view()[0] is view
    app.best_toggle.value = False
    assert "sl-badge" not in app.table_html.value and app.best_html.value == ""


def test_no_best_play_where_no_card_is_to_be_played_or_the_hand_is_hidden() -> None:
    app = TableApp(STANDARD)
    app.best_toggle.value = True
    assert "once the cards are being played" in visible(app.best_html.value)  # bidding
    app.last_button.click()
    assert "The hand is over" in visible(app.best_html.value)
    assert "sl-badge" not in app.table_html.value
    m = app.model
    app.slider.value = play_position(m, 3)
    turn = m.hand.turn
    assert turn is not None
    app.seat_select.value = (turn + 1) % 4  # the seat viewed cannot see the seat to move
    text = visible(app.best_html.value)
    assert "looks at every hand" in text and "sl-badge" not in app.table_html.value
    assert learner_ok(text)
    app.seat_select.value = turn  # the seat to move sees its own cards
    assert "sl-badge" in app.table_html.value
    app.seat_select.value = -1
    assert "sl-badge" in app.table_html.value


def test_a_position_over_the_budget_says_so_with_its_bounds_instead_of_hanging() -> None:
    m = TableModel.from_record(ACORNS_TH)
    m.best_play_nodes = 300
    m.go(m.play_start)
    view, _ = m.best_play_view()
    assert view is not None and not view.exact and view.cards == ()
    assert view.text.startswith("Too many cards are left to work this position out exactly")
    assert learner_ok(view.text)
    assert render.best_play_badges(view) == {}
    html = render.best_play_html(view)
    assert "sl-best-play-unknown" in html and "sl-badge" not in html
    app = TableApp(ACORNS_TH)
    app.model.best_play_nodes = 300
    app.slider.value = app.model.play_start
    app.best_toggle.value = True
    assert "sl-best-play-unknown" in app.best_html.value
    assert "Too many cards" in visible(app.best_html.value)


@pytest.mark.parametrize("record", [ACORNS_TH, ACORNS8], ids=["acorns+th", "acorns8"])
def test_heckadeck_tables_answer_exactly_near_the_end(record: Path) -> None:
    m = TableModel.from_record(record)
    m.best_play_seconds = None
    m.go(play_position(m, 4))
    view, _ = m.best_play_view()
    assert view is not None and view.exact
    assert {v.play: v.tricks for v in view.cards} == solve(m.game).per_move
    assert learner_ok(view.text)
    assert all(learner_ok(visible(b)) for b in render.best_play_badges(view).values())


def test_badges_for_a_traveler_declared_either_way() -> None:
    rules = RuleSet.preset("acorns", {"travelers_hunters": True})
    tac = parse_card("TAC")
    as_a, as_c = tac.all_plays
    nine_card = parse_card("9S")
    nine = nine_card.play
    view = BestPlay(0, (0, 2), 3, 2, True, (
        CardVerdict(as_a, 2, 0, "leading the Traveler of Acorns/Clubs as Acorns keeps 2 "
                    "tricks"),
        CardVerdict(nine, 2, 0, "leading the 9♠ keeps 2 tricks"),
        CardVerdict(as_c, 1, 1, "leading the Traveler of Acorns/Clubs as Clubs gives one "
                    "away (keeps 1 trick)")), "")
    badges = render.best_play_badges(view)
    assert set(badges) == {tac, nine_card}
    assert visible(badges[nine_card]).strip() == "keeps 2"
    both = badges[tac]
    assert visible(both).split() == ["as", "keeps", "2", "·", "as", "−1"]
    assert "sl-suit-A" in both and "sl-suit-C" in both and "sl-badge-best" in both
    assert rules.travelers_hunters


# ---------------------------------------------------------------------------- play mode


def finish_hand(m: PlayModel, rng: random.Random) -> None:
    while m.waiting() not in ("next-hand", "over"):
        w = m.waiting()
        if w == "look":
            m.look()
        elif w == "bid":
            assert m.bid(m.bid_choices()[0].bid), m.message
        elif w == "exchange":
            due = m.exchange_due()
            assert due is not None
            assert m.exchange(due["hi"] if due["face_down"] else
                              [c for c, _ in m.my_cards()][:due["hi"]]), m.message
        else:
            assert w == "play", w
            legal = [c for c, ok in m.my_cards() if ok]
            assert m.play(m.plays_for(rng.choice(legal))[0]), m.message


def check_review_against_the_solver(m: PlayModel, review: object, first_step: int) -> None:
    """Each reviewed play: the solver's values at the position before it, rebuilt by the
    table model from the game's log (independently of the review's own replay)."""
    from spades_lab.teach.bestplay import HandReview

    assert isinstance(review, HandReview)
    h = m.game.hand
    assert h is not None
    table = TableModel(m.game, h.index)
    mine = []
    step = 0
    for k, ev in enumerate(table.actions):
        if isinstance(ev, PlayEvent):
            if ev.seat == m.seat and step >= first_step:
                mine.append((k, step, ev.play))
            step += 1
    assert [(r.step, r.play) for r in review.plays] == [(s, p) for _, s, p in mine]
    solver = Solver(m.rules)  # one for the hand, as the review's own, but another instance
    for r, (k, _, play) in reversed(list(zip(review.plays, mine, strict=True))):
        if not r.exact:
            assert r.kept is None and r.low <= r.high
            # the verdict holds (where an exact answer is cheap); surely best for a class of
            # equal cards holding every legal play is test_solver's play_classes tests'
            if r.surer or (r.sure_best and r.choices > 1 + len(r.equals)):
                res = solver.solve(table.snapshots[k], node_limit=3_000_000)
                if res.exact:
                    assert all(res.per_move[p] > res.per_move[play] for p in r.surer)
                    assert not r.sure_best or res.per_move[play] == res.tricks
            continue
        res = solver.solve(table.snapshots[k])
        assert r.best == res.tricks and r.kept == res.per_move[play]
        assert set(r.better) == ({p for p, v in res.per_move.items() if v == res.tricks}
                                 if r.kept < res.tricks else set())
        assert r.trick == len(table.snapshots[k].hands[h.index].tricks)
        assert r.text.startswith(f"Trick {r.trick + 1}: you ")
        if r.lost:
            assert "would have kept" in r.text
        assert learner_ok(r.text)


def test_best_card_review_only_after_the_hand_and_it_agrees_with_the_solver() -> None:
    rng = random.Random(2)
    m = PlayModel.from_record(STANDARD, trick_number=9, seat=1, seed=5)
    assert not m.review_due()
    assert m.best_card_review() is None
    assert m.message == "The best card is shown after the hand: finish this hand first."
    finish_hand(m, rng)
    assert m.review_due()
    review = m.best_card_review(time_limit=None)
    assert review is not None and review.exact and m.message == ""
    # only the learner's own plays: tricks 9 to 13, not the record's tricks before
    assert [p.trick + 1 for p in review.plays] == [9, 10, 11, 12, 13]
    check_review_against_the_solver(m, review, 8 * 4)
    assert m.best_card_review(time_limit=None) is review  # worked out once
    assert learner_ok(review.summary())
    # the next hand: nothing to review until it is over
    assert m.next_hand()
    assert not m.review_due() and m.best_card_review() is None


def test_review_of_a_whole_hand_finds_the_cards_that_gave_tricks_away() -> None:
    rng = random.Random(2)
    m = PlayModel("standard", seat=0, seed=2)
    finish_hand(m, rng)
    review = m.best_card_review(time_limit=None, node_limit=200_000, total_limit=None)
    assert review is not None and len(review.plays) == 13 and review.exact
    check_review_against_the_solver(m, review, 0)
    lost = [p for p in review.plays if p.lost]
    assert lost and review.lost == sum(p.lost or 0 for p in lost)
    tricks = ", ".join(str(p.trick + 1) for p in lost)
    assert review.summary().startswith(f"You gave away {review.lost} trick")
    assert review.summary().endswith(f" {tricks}.")


@pytest.mark.parametrize("preset,options", [("acorns", {"travelers_hunters": True}),
                                            ("acorns8", {}),
                                            ("acorns8", {"teams": "fours"})],
                         ids=["acorns+th", "acorns8", "acorns8-fours"])
def test_heckadeck_reviews_are_budgeted_and_worded(preset: str, options: dict) -> None:
    rng = random.Random(4)
    m = PlayModel(preset, options, seat=0, seed=4)
    finish_hand(m, rng)
    review = m.best_card_review(time_limit=None, node_limit=20_000, total_limit=None)
    assert review is not None
    plays = review.plays
    assert len(plays) == m.rules.hand_size
    assert plays[-1].exact and not plays[0].exact  # the end exact, the start over budget
    # the review searches back from the end and gives up at the first position it learns
    # nothing about: the plays it never searched are the hand's first ones (an exact answer
    # may follow one that was not, as the node budget meets positions of different sizes)
    unsearched = [i for i, p in enumerate(plays) if not p.exact and p.kept_low is None]
    assert unsearched == list(range(len(unsearched)))
    for p in plays:
        assert learner_ok(p.text), p.text
        if not p.exact and p.surer:  # the per-card bounds show a card that kept more
            assert "certainly kept fewer" in p.text
        elif not p.exact and p.sure_best:  # the only card, equals, or bounds above the rest
            assert p.lost == 0 and ("the only card you could play" in p.text
                                    or "is all one" in p.text
                                    or "no other card could have kept more" in p.text), p.text
        elif not p.exact:
            assert ("too many cards were left" in p.text) != (p.low == p.high)
            assert ("there was not time" in p.text) == (p.low == p.high)
    check_review_against_the_solver(m, review, 0)
    assert learner_ok(review.summary())
    assert "worked out exactly" in review.summary()


def test_play_table_offers_the_best_card_only_after_the_hand() -> None:
    rng = random.Random(3)
    t = PlayTable.from_record(STANDARD, trick_number=10, seat=0, pace=0)
    b = t.best_card_button
    assert b.disabled and b.layout.display == "none"
    t.show_best_card()  # asked anyway (a stale click): refused in words, nothing shown
    assert "after the hand" in visible(t.message.value) and t.review_html.value == ""
    finish_hand(t.model, rng)
    t.refresh()
    assert not b.disabled and b.layout.display == ""
    b.click()
    html = t.review_html.value
    assert "sl-review" in html and "Working" not in html
    lines = re.findall(r'<li class="(sl-review-[a-z]+)" data-trick="(\d+)">', html)
    assert [int(k) for _, k in lines] == [10, 11, 12, 13]
    assert learner_ok(visible(html))
    assert t.message.value == ""
    t.next_hand_button.click()
    assert b.layout.display == "none" and t.review_html.value == ""


def test_the_quiz_never_offers_the_best_play() -> None:
    quiz = Quiz(rules="standard", seed=1, count=3)

    def walk(w: object) -> list[object]:
        kids = getattr(w, "children", ())
        return [w] + [x for k in kids for x in walk(k)]

    classes = {c for w in walk(quiz) for c in getattr(w, "_dom_classes", ())}
    assert not {"sl-best-play-toggle", "sl-best-card", "sl-best-play-box",
                "sl-review-box"} & classes
    assert not any("best" in getattr(w, "description", "").lower() for w in walk(quiz))


# ---------------------------------------------------------------------------- names


def test_tables_name_the_rule_set_in_words() -> None:
    app = TableApp(ACORNS_TH)
    assert "Spades and Acorns, 4 players (Heckadeck)" in app.title.value
    assert "<b>acorns</b>" not in app.title.value
    t = PlayTable("acorns8", seat=1, seed=2, pace=0)
    assert "Spades and Acorns, 8 players (Heckadeck)" in t.title.value
    assert t.model.setup_words()[0].startswith("Spades and Acorns, 8 players (Heckadeck): ")
    assert render.options_html(RuleSet.preset("standard")).startswith(
        '<div class="sl-options"><b>Spades (standard)</b>')
    for name in ("standard", "online", "original", "acorns", "acorns8"):
        assert render.rules_title(name) != name
    # the number of players is said once: in the name where it has it, else after it
    for preset, seat in (("standard", 0), ("acorns", 0), ("acorns8", 1)):
        table = PlayTable(preset, seat=seat, seed=2, pace=0)
        for text in (table.title.value, table.model.setup_words()[0]):
            assert text.count(" players") == 1, text


def test_review_plays_reuses_one_solver_and_refuses_bad_arguments() -> None:
    m = PlayModel.from_record(STANDARD, trick_number=6, seat=2, seed=1)
    finish_hand(m, random.Random(1))
    s = Solver(m.rules)
    a = review_plays(m.game, 2, from_step=20, solver=s, time_limit=None)
    assert [p.trick + 1 for p in a.plays] == list(range(6, 14))
    nodes = s.nodes
    b = review_plays(m.game, 2, from_step=20, solver=s, time_limit=None)
    assert [p.to_dict() for p in a.plays] == [p.to_dict() for p in b.plays]
    assert s.nodes - nodes < nodes / 4  # the second pass finds the first one's tables
    from spades_lab.core.errors import RuleError

    with pytest.raises(RuleError):
        review_plays(m.game, 9)
    with pytest.raises(RuleError):
        review_plays(m.game, 0, hand_index=5)


def test_review_words_for_positions_over_the_budget() -> None:
    from spades_lab.teach.bestplay import PlayReview, _review_text

    nine = parse_card("9S").play
    base = PlayReview(0, 1, 0, nine, True, (0, 2), 12, False, None, None, (), 0, 0, 7, 8, "")
    text = _review_text(base, "you", "North and South", True)
    assert text == ("Trick 2: you led the 9♠; too many cards were left to work it out exactly "
                    "within the time allowed (North and South could take at least 7 and at "
                    "most 8 tricks of the 12 left).")
    same = _review_text(PlayReview(0, 1, 0, nine, False, (0, 2), 12, False, None, None, (), 0,
                                   0, 7, 7, ""), "North", "North and South", False)
    assert same == ("Trick 2: North played the 9♠; North and South could take 7 tricks of the "
                    "12 left, but with so many cards left there was not time to work out what "
                    "each card kept.")
    none = _review_text(PlayReview(0, 1, 0, nine, True, (0, 2), 12, False, None, None, (), 0,
                                   0, 0, 12, ""), "you", "North and South", True)
    assert none.endswith("too many cards were left to work it out exactly within the time "
                         "allowed.")
    assert all(learner_ok(x) for x in (text, same, none))
