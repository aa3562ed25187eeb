"""The widgets, driven in-process (button.click(), slider.value) with assertions on what they
show; the models behind them agree with the engine at every step."""
from __future__ import annotations

import json
import random
import re

import pytest

pytest.importorskip("ipywidgets")

from conftest import ROOT
from spades_lab import Game, RuleSet  # noqa: E402
from spades_lab.core.engine import PlayEvent  # noqa: E402
from spades_lab.core.records import replay  # noqa: E402
from spades_lab.play.players import SimplePlayer, play_game  # noqa: E402
from spades_lab.widgets import (  # noqa: E402
    Quiz,
    RuleExplorer,
    ScoreExplainer,
    TableApp,
    TableModel,
    TrumpTimelineView,
    WhatIf,
    quiz_questions,
)
from spades_lab.widgets.models import WhatIfModel  # noqa: E402
from spades_lab.widgets.playmodel import plain

RECORD = ROOT / "data" / "scenarios" / "demo_acorns_th.json"


@pytest.fixture(scope="module")
def record() -> dict:
    return json.loads(RECORD.read_text())


def played_game(preset: str, seed: int, **options) -> Game:
    rules = RuleSet.preset(preset, options)
    g = Game(rules)
    play_game(g, [SimplePlayer()] * rules.players, random.Random(seed), max_hands=1)
    return g


def classes(w) -> set[str]:
    return set(w._dom_classes)


# ---------------------------------------------------------------------------- table


def test_table_steps_agree_with_the_engine(record):
    app = TableApp(RECORD)
    m = app.model
    assert m.last == len(record["hands"][0]["bids"]) + len(record["hands"][0]["plays"])
    for k in (0, 3, 4, 5, 9, 64, 65, m.last):
        app.slider.value = k
        ref = replay(record, upto=(0, k)).game.hand
        h = m.hand
        assert m.position == k
        assert h.trick == ref.trick and h.tricks == ref.tricks and h.taken == ref.taken
        assert [sorted(c.code for c in x) for x in h.hands] == \
            [sorted(c.code for c in x) for x in ref.hands]


def test_buttons_move_and_disable_at_the_ends():
    app = TableApp(RECORD)
    assert app.first_button.disabled and app.prev_button.disabled
    assert "Step 0/140" in app.status_html.value
    app.next_button.click()
    assert app.model.position == 1 and app.slider.value == 1
    assert "bids" in app.explanation_html.value
    app.last_button.click()
    assert app.model.position == app.model.last == app.slider.value
    assert app.next_button.disabled and "Hand 1 is over" in app.status_html.value
    app.prev_button.click()
    assert app.model.position == app.model.last - 1
    app.first_button.click()
    assert app.model.position == 0


def test_trick_buttons_land_on_trick_boundaries():
    app = TableApp(RECORD)
    m = app.model
    app.next_trick_button.click()
    first_end = m.position
    assert len(m.hand.tricks) == 1 and not m.hand.trick
    assert isinstance(m.actions[first_end - 1], PlayEvent)
    assert "won trick 1" in app.table_html.value  # the finished trick stays in the middle
    app.next_trick_button.click()
    assert len(m.hand.tricks) == 2 and not m.hand.trick
    app.prev_trick_button.click()
    assert m.position == first_end
    app.prev_trick_button.click()
    assert m.position == m.play_start and not m.hand.tricks


def test_explanation_shows_who_wins_and_the_ace():
    app = TableApp(RECORD)
    app.slider.value = 7  # West's Jack flips South's Ace to high
    text = app.explanation_html.value
    assert "Aces are high" in text and "South now wins" in text
    app.slider.value = 8  # the trick is complete
    assert "South wins with the Ace" in app.explanation_html.value
    # trick 15 sets Acorns superior
    m = app.model
    k = next(k for k in range(m.last + 1) if m.snapshots[k].hands[0].superior)
    app.slider.value = k
    assert "superior" in app.explanation_html.value
    assert 'sl-trump-superior" data-suit="A"' in app.trumps_html.value


def test_seat_view_hides_other_hands():
    app = TableApp(RECORD)
    app.slider.value = 10
    assert app.table_html.value.count("sl-face-down") == 0
    app.seat_select.value = 2
    html = app.table_html.value
    assert html.count("sl-face-down") == 3
    south_cards = {c.code for c in app.model.hand.hands[2]}
    shown = set(re.findall(r'data-card="([^"]+)"', html.split('class="sl-trick-area"')[0]))
    assert shown == south_cards
    app.seat_select.value = -1
    assert app.table_html.value.count("sl-face-down") == 0


def test_legal_cards_marked_for_the_seat_to_play():
    app = TableApp(RECORD)
    app.slider.value = 5
    h = app.model.hand
    legal = {p.card.code for p in h.legal_plays()}
    html = app.table_html.value
    marked = set(re.findall(r'class="sl-card [^"]*sl-legal"[^>]*data-card="([^"]+)"', html))
    greyed = set(re.findall(r'class="sl-card [^"]*sl-illegal"[^>]*data-card="([^"]+)"', html))
    assert marked == legal
    assert greyed == {c.code for c in h.hands[h.turn]} - legal


def test_eight_players_and_standard():
    g8 = played_game("acorns8", 3)
    app = TableApp(g8)
    assert "sl-table-8" in app.table_html.value
    assert app.model.last == 8 + 128
    app.last_button.click()
    assert "Hand 1 is over. Totals" in app.status_html.value
    gs = played_game("standard", 5)
    app = TableApp(gs)
    app.slider.value = app.model.last
    assert "Spades:" in app.trumps_html.value and "Acorns" not in app.trumps_html.value


@pytest.mark.parametrize("bad, words", [
    ("no/such/file.json", "Cannot read the record file"),
    ('{"rules": {"preset": "acorns"}, "hands": [{"deal": [["QX"]]}]}', "A deal gives 4 hands"),
    ('{"rules": {"preset": "standard"', "not valid JSON"),
    ('{"rules": {"preset": "spadez"}, "hands": []}', "spadez"),
])
def test_bad_records_become_messages(bad, words):
    app = TableApp(bad)
    assert "sl-error" in app.message.value and words in app.message.value
    app.next_button.click()  # nothing to step; still no exception
    assert app.table_html.value == ""


def test_a_typo_in_a_deal_names_the_card(record):
    rec = json.loads(json.dumps(record))
    rec["hands"][0]["deal"][1][3] = "QX"
    app = TableApp(rec)
    assert "QX" in app.message.value and "bad-record" in app.message.value


def test_loader_text_box():
    app = TableApp(loader=True)
    app.path_text.value = "missing.json"
    app.load_button.click()
    assert "sl-error" in app.message.value
    app.path_text.value = str(RECORD)
    app.load_button.click()
    assert app.message.value == "" and app.model.ok


# ---------------------------------------------------------------------------- what-if


def test_whatif_illegal_choice_says_why():
    w = WhatIf(RECORD)
    w.point_slider.value = 1  # East led; South must follow
    illegal = [b for b in w.buttons if "sl-illegal" in classes(b)]
    legal = [b for b in w.buttons if "sl-legal" in classes(b)]
    assert illegal and legal
    illegal[0].click()
    assert "may not be played here" in w.result_html.value
    assert "must-follow-suit" in w.result_html.value


def test_whatif_recorded_card_changes_nothing_and_other_cards_replay():
    w = WhatIf(RECORD)
    assert w.model is not None
    rec = w.model.recorded
    assert rec is not None
    [same] = [b for b in w.buttons if "sl-recorded" in classes(b)]
    same.click()
    assert "Nothing changes" in w.result_html.value
    other = next(b for b in w.buttons if "sl-legal" in classes(b) and b is not same)
    other.click()
    a, b = w.model.result
    assert b.game.hands[0].complete and sum(b.taken) == 34
    assert a.game is w.model.table.snapshots[-1]  # the recorded hand is untouched
    assert "If East plays" in w.result_html.value


def test_whatif_changes_show_the_difference():
    m = WhatIfModel(TableModel.from_record(RECORD))
    found = False
    for k in m.points[:40]:
        m.set_point(k)
        for ch in m.choices():
            if ch.ok and ch.play is not m.recorded.play:
                m.try_play(ch)
                a, b = m.result
                if a.taken != b.taken:
                    diff = m.difference()
                    assert any("tricks instead of" in x for x in diff)
                    found = True
                    break
        if found:
            break
    assert found


# ---------------------------------------------------------------------------- quiz


def test_quiz_answers_come_from_the_engine():
    g = replay(RECORD).game
    qs = quiz_questions(g, 0, random.Random(1))
    kinds = {q.kind for q in qs}
    assert kinds == {"trick-winner", "may-play", "hand-score"}
    h = g.hands[0]
    for q in qs:
        if q.kind == "trick-winner":
            cards = [(x["seat"], x["card"]) for x in q.context["trick"]]
            t = next(t for t in h.tricks if [(s, p.card.code) for s, p in t.plays] == cards)
            assert q.answer == t.winner
        if q.kind == "hand-score":
            assert int(q.choices[q.answer]) in {s.hand_score for s in h.scores}


def test_quiz_widget_feedback():
    quiz = Quiz(RECORD, seed=4)
    q = quiz.model.question
    wrong = next(i for i in range(len(q.choices)) if i != q.answer)
    quiz.buttons[wrong].click()
    # the feedback is the one for the answer chosen: a wrong choice hears why it is wrong
    said = plain_text(quiz.feedback_html.value)
    assert q.feedback_for(wrong)[0] in said and "sl-wrong" in quiz.feedback_html.value
    assert q.feedback_for(wrong) != q.feedback_for(q.answer)
    quiz.buttons[q.answer].click()
    assert plain_text(quiz.feedback_html.value).startswith("Right")
    assert "0/1 right" in quiz.score_html.value  # the first answer is the one that counts
    quiz.next_button.click()
    assert quiz.model.index == 1 and quiz.feedback_html.value == ""


def test_quiz_widget_asks_the_generator_questions_with_their_context():
    from spades_lab.teach.quiz import make_quiz, verify

    g = replay(RECORD).game
    quiz = Quiz(RECORD, seed=4)
    same = make_quiz(g.rules, 4).questions
    assert [q.prompt for q in quiz.model.questions] == [q.prompt for q in same]
    assert {q.tests for q in quiz.model.questions} >= {"must-follow-suit", "superior-trump-set"}
    assert all(verify(q) for q in quiz.model.questions)
    seen_trick = seen_hand = 0
    for i, q in enumerate(quiz.model.questions):
        quiz.model.index = i
        quiz.show()
        box = quiz.question_html.value
        assert f"Question {i + 1} of {len(same)}" in box and "level" in box
        for line in q.shown:  # every fact the question needs is on the screen
            if "'s hand: " not in line:
                assert plain_text(box).count(line.split(":")[0]) >= 1
        if "Bids:" in " ".join(q.shown):
            assert "Bids:" in box
        if isinstance(q.context.get("hand"), list):
            seen_hand += 1
            assert box.count('class="sl-card') >= len(q.context["hand"])
        if isinstance(q.context.get("plays"), list) or isinstance(q.context.get("trick"), list):
            seen_trick += 1 if q.context.get("plays") or q.context.get("trick") else 0
        quiz.answer((q.answer + 1) % len(q.choices))
        fb = quiz.feedback_html.value
        for bad in ("None", "True", "False", "superior-trump-wins", "must-follow-suit", "{"):
            assert bad not in fb and bad not in box, (bad, q.tests)
        for emoji in ("\U0001f330", "\U0001fa90"):
            assert emoji not in fb and emoji not in box
        assert not re.search(r"\b\d{1,2}[SHDCAPOW]{1,2}\b", plain_text(fb + box))  # no card codes
        assert plain_text(fb).startswith("Not") and all(b.description for b in quiz.buttons)
    assert seen_hand and seen_trick


def test_quiz_widget_by_rule_set_and_level():
    quiz = Quiz(rules="standard", seed=1, difficulty=1, count=5)
    assert len(quiz.model.questions) == 5
    assert {q.difficulty for q in quiz.model.questions} == {1}
    assert "level 1 (beginner)" in quiz.question_html.value
    assert "Rules: Spades (standard)" in quiz.question_html.value
    bad = Quiz(rules="standard", options={"no_such_option": 1})
    assert "sl-error" in bad.message.value and not bad.model.questions


def plain_text(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html).replace("&#x27;", "'").replace("&amp;", "&")


# ---------------------------------------------------------------------------- score, rules


def test_score_explainer_lines_totals_and_options():
    s = ScoreExplainer(RECORD)
    h = replay(RECORD).game.hands[0]
    for team in h.scores:
        for item in team.items:
            assert plain(item) in s.lines_html.value.replace("&#x27;", "'")
    assert "after hand 1" in s.totals_html.value
    for box in (s.options_html.value, s.lines_html.value, s.totals_html.value):
        for internal in ("failed_nil_tricks", "bags_only", "losing_floor", "None", "True",
                         "<code"):
            assert internal not in box, internal
        assert not re.search(r"\b1 bags", box)
    assert "After a failed nil (" in s.lines_html.value and "blind or not), the bidder" \
        in s.lines_html.value
    assert "No losing floor" in s.options_html.value


def test_score_explainer_on_an_unfinished_record(record):
    rec = json.loads(json.dumps(record))
    rec["hands"][0]["plays"] = rec["hands"][0]["plays"][:10]
    s = ScoreExplainer(rec)
    assert "No hand of this record is complete" in s.message.value


def test_trump_timeline_widget():
    t = TrumpTimelineView(RECORD)
    assert "sl-timeline-break" in t.picture.value and t.message.value == ""
    t = TrumpTimelineView(played_game("standard", 2))
    assert "Acorns rule sets" in t.message.value


def test_rule_explorer_failed_nil_option_changes_the_score():
    rules = RuleSet.preset("standard")
    g = Game(rules)
    g.deal(rng=random.Random(3))
    for b in (3, "nil", 3, 6):  # East 3, South nil, West 3, North 6
        g.bid(b)
    bot, rng = SimplePlayer(), random.Random(2)
    while not g.hand.complete:
        g.play(bot.choose_play(g.view(g.turn), g.legal_plays(), rng))
    north, south = g.hand.taken[0], g.hand.taken[2]
    # South's nil failed, and North/South make 6 only if South's tricks count: the option matters
    assert north < 6 <= north + south
    ex = RuleExplorer(g)
    ex.options_text.value = "failed_nil_tricks=count_toward_bid"
    ex.compare_button.click()
    assert ex.message.value == ""
    text = ex.result_html.value
    assert "count toward the partnership&#x27;s bid" in text.replace("'", "&#x27;")
    assert "failed_nil_tricks" not in text and "bags_only" not in text
    base, other, _ = ex.model.compare(ex.rules())
    assert base.taken == other.taken  # same deal, same plays
    assert base.hand_scores != other.hand_scores


def test_rule_explorer_bad_input_is_a_message():
    ex = RuleExplorer(RECORD)
    ex.options_text.value = "th_lo=true"
    ex.compare_button.click()
    assert "has no option" in ex.message.value
    ex.options_text.value = ""
    ex.preset_select.value = "standard"
    ex.compare_button.click()
    assert "standard deals 13" in ex.message.value


# ---------------------------------------------------------------------------- thin models


def test_whatif_model_shows_the_whatif_layer():
    """The widget's what-if is :func:`spades_lab.teach.whatif.what_if` at the same (hand, STEP)."""
    from spades_lab.teach.whatif import what_if

    m = WhatIfModel(TableModel.from_record(RECORD))
    m.set_point(m.points[5])
    ch = next(c for c in m.choices() if c.ok and c.play is not m.recorded.play)
    assert m.try_play(ch)
    w = what_if(RECORD, at=(0, m.point), action=ch.action)
    assert m.whatif is not None and m.whatif.diff == w.diff
    a, b = m.result
    assert b.summary == w.branch.hands[0] and b.taken == w.branch.hands[0].taken
    assert b.game.to_record() == w.branch.game.to_record()
    assert a.summary == w.original.hands[0]
    assert len(b.notes) == len(w.divergences)


def test_what_just_happened_explains_bids_exchanges_and_leads():
    """Bids, exchanges and leads are explained as the API explains them (explain_bid,
    explain_exchange, explain_play), in words, without repeating the action."""
    from spades_lab.core.engine import BidEvent, ExchangeEvent, PlayEvent

    m = TableModel.from_record(ROOT / "data" / "scenarios" / "online_blind_nil_exchange.json")
    kinds = set()
    for k in range(1, m.last + 1):
        m.go(k)
        ev, lines = m.last_action, m.explanation()
        assert len(lines) >= 2 and len(set(lines)) == len(lines)
        assert not any(" may bid " in x for x in lines)  # no "North bids 6. North may bid 6."
        if isinstance(ev, BidEvent):
            kinds.add("bid")
            assert lines[1].startswith("Allowed:") and "a number from 1 to 13" in lines[1]
        elif isinstance(ev, ExchangeEvent):
            kinds.add("exchange")
            assert "exactly 2 cards each way" in lines[1]
        elif isinstance(ev, PlayEvent) and not m.snapshots[k - 1].hand.trick:
            kinds.add("lead")
            assert " may lead " in lines[0]
    assert kinds == {"bid", "exchange", "lead"}


def test_whatif_divergence_notes_name_cards_in_words():
    from spades_lab.teach.whatif import Divergence
    from spades_lab.widgets.words import step_words

    m = WhatIfModel(TableModel.from_record(RECORD))
    notes: list[str] = []
    for point in m.points[4:60:5]:
        m.set_point(point)
        for ch in m.choices():
            if ch.ok and ch.play is not m.recorded.play and m.try_play(ch):
                notes = list(m.result[1].notes)
                if notes:
                    break
        if notes:
            break
    assert notes
    for note in notes:
        assert "(seat" not in note and "[" not in note
        assert not re.search(r"\b\d{1,2}[SHDCAPOW]{1,2}\b", note), note
    d = Divergence(0, 20, "West (seat 3) plays TPS as S", "", "", "play", 3, ("TPS",), None, "S")
    assert step_words(d, m.table.rules) == "West plays the Traveler of Planets/Spades as Spades"


def test_whatif_click_replays_nothing_before_the_point(monkeypatch):
    """A what-if click branches from the table's snapshot at the point: no record is read or
    replayed, and no action before the point is applied again."""
    from spades_lab.core import records

    m = WhatIfModel(TableModel.from_record(RECORD))
    m.set_point(m.points[40])
    applied = []
    real = records.apply_step

    def counting(game, step):  # type: ignore[no-untyped-def]
        applied.append(step)
        real(game, step)

    def refuse(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise AssertionError("replayed")

    import spades_lab.teach.whatif as whatif_module
    monkeypatch.setattr(whatif_module, "apply_step", counting)
    monkeypatch.setattr(whatif_module, "replay_log", refuse)
    monkeypatch.setattr(records, "replay", refuse)
    monkeypatch.setattr(records, "play_record", refuse)
    ch = next(c for c in m.choices() if c.ok and c.play is not m.recorded.play)
    before = m.table.snapshots[m.point].to_record()
    assert m.try_play(ch)
    assert applied and applied[0].value == ch.action["card"]  # the new card comes first
    assert len(applied) <= len(m.table.actions) - m.point  # then at most the actions after it
    assert m.table.snapshots[m.point].to_record() == before  # the snapshot is not touched


def test_rule_explorer_shows_line_items_side_by_side():
    from spades_lab.teach.compare import compare_rules

    ex = RuleExplorer(RECORD)
    ex.options_text.value = "travelers_hunters=true, bag_limit=5, bag_penalty=50"
    ex.compare_button.click()
    assert ex.message.value == ""
    c = compare_rules(RECORD, {"bag_limit": 5, "bag_penalty": 50})
    assert ex.model.comparison.hands == c.hands
    html = ex.result_html.value
    assert html.count('class="sl-compare-team"') == 2
    changed = [t for t in c.hands[0].teams if t.hand_score[0] != t.hand_score[1]]
    assert changed and html.count("sl-changed") >= len(changed)


def test_rule_explorer_refuses_other_partnerships():
    g = replay(ROOT / "data" / "course" / "acorns8_pairs.json").game
    ex = RuleExplorer(g)
    ex.options_text.value = "teams=fours"
    ex.compare_button.click()
    assert "pair the players differently" in ex.message.value
    assert "bad-option" in ex.message.value and ex.result_html.value == ""
