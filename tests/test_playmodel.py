"""Play mode without a browser (spades_lab.widgets.playmodel): every preset is played by a
learner against the bots, with undo, hint, bots paced or immediate, refused illegal choices,
and the saved record replayed by the engine, the CLI and the what-if tools."""
from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT, learner_decides
from spades_lab.core.errors import RULE_IDS, RuleError
from spades_lab.core.records import replay
from spades_lab.teach.whatif import what_if
from spades_lab.widgets.models import TableModel
from spades_lab.widgets.playmodel import PlayModel, option_words

DEMO = ROOT / "data" / "scenarios" / "demo_acorns_th.json"

TABLES = [("standard", {}), ("online", {}), ("original", {}), ("acorns", {}),
          ("acorns", {"travelers_hunters": True}), ("acorns8", {}),
          ("acorns8", {"travelers_hunters": True, "teams": "fours"})]
IDS = [p + ("+th" if o.get("travelers_hunters") else "") + ("-fours" if o.get("teams") else "")
       for p, o in TABLES]


def play_hand(m: PlayModel, rng: random.Random, blind: float = 0.0) -> None:
    hands = len(m.game.hands)
    while m.waiting() not in ("next-hand", "over") or len(m.game.hands) == hands and \
            not m.game.hands[-1].complete:
        learner_decides(m, rng, blind=blind)


def _no_internals(lines: list[str]) -> None:
    for line in lines:
        assert not re.search(r"\[[a-z]+(-[a-z]+)+\]", line), line
        assert not any(f"({r})" in line for r in RULE_IDS), line
        assert " = " not in line and "None" not in line and "True" not in line, line
        assert not re.search(r"\b1 (bags|tricks|points)\b", line), line


@pytest.mark.parametrize("preset,options", TABLES, ids=IDS)
def test_a_whole_hand_saves_and_replays(preset: str, options: dict, tmp_path: Path) -> None:
    m = PlayModel(preset, options, seat=1, seed=11)
    assert m.rules.players == (8 if preset == "acorns8" else 4)
    play_hand(m, random.Random(2), blind=0.5)
    h = m.game.hands[0]
    assert h.complete
    # the score explanation closes the feed; the game goes on to the next hand
    assert any(line.startswith("Hand 1 is over") for line in m.feed)
    assert m.waiting() in ("next-hand", "over")
    _no_internals(m.feed)
    # save: the engine, the CLI and the what-if tools all read the record back
    path = tmp_path / "game.json"
    text = m.save(path)
    res = replay(json.loads(text))
    assert list(res.totals) == list(m.game.totals)
    assert res.game.hands[0].taken == h.taken
    table = TableModel.from_record(path)
    assert table.ok and table.go(table.last) == table.last
    assert table.game.hands[0].taken == h.taken
    assert what_if(str(path), at=(0, 0)) is not None  # the what-if tools load it
    # a second hand is dealt on demand and the game continues
    if m.waiting() == "next-hand":
        assert m.next_hand()
        assert len(m.game.hands) == 2 and m.waiting() != "next-hand"


def test_cli_replays_a_saved_game(tmp_path: Path) -> None:
    m = PlayModel("acorns", {"travelers_hunters": True}, seat=0, seed=4)
    play_hand(m, random.Random(1))
    path = tmp_path / "game.json"
    m.save(path)
    out = subprocess.run([sys.executable, "-m", "spades_lab.cli.main", "replay", str(path),
                          "--json"], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout)["totals"] == list(m.game.totals)


@pytest.mark.parametrize("preset,options", TABLES, ids=IDS)
def test_undo_takes_back_the_last_decision(preset: str, options: dict) -> None:
    m = PlayModel(preset, options, seat=2, seed=7)
    rng = random.Random(3)
    assert not m.undo() and "nothing" in m.message
    # decide until a card has been played, then undo that play
    while m.waiting() != "play":
        learner_decides(m, rng)
    before_record = m.record()
    before_log = len(m.game.log)
    before_rng = m.rng.getstate()
    card = [c for c, ok in m.my_cards() if ok][0]
    play = m.plays_for(card)[0]
    assert m.play(play)
    after_record = m.record()
    assert len(m.game.log) > before_log
    assert m.undo()
    assert m.record() == before_record and len(m.game.log) == before_log
    assert m.rng.getstate() == before_rng
    assert m.waiting() == "play"
    # the same decision again gives the same game (the bots are seeded)
    assert m.play(play)
    assert m.record() == after_record
    # undo back through every decision to the deal
    while m.history:
        assert m.undo()
    assert len(m.game.hands) == 1 and not any(m.game.hands[0].bids[s] is not None
                                              and s == 2 for s in range(m.rules.players))


@pytest.mark.parametrize("preset,options", TABLES, ids=IDS)
def test_refused_illegal_card_leaves_state_unchanged(preset: str, options: dict) -> None:
    m = PlayModel(preset, options, seat=0, seed=21)
    rng = random.Random(5)
    found = False
    for _ in range(400):
        if m.waiting() == "play":
            illegal = [c for c, ok in m.my_cards() if not ok]
            if illegal:
                c = illegal[0]
                record, log, hist, feed = m.record(), len(m.game.log), len(m.history), \
                    list(m.feed)
                expected = m.game.can_play(c, seat=0).message
                assert not m.play(c)
                assert m.message == expected and expected
                assert (m.record(), len(m.game.log), len(m.history), m.feed) == \
                    (record, log, hist, feed)
                found = True
                break
        if m.waiting() == "over":
            break
        learner_decides(m, rng)
    assert found
    # a bid out of turn is refused with words too
    assert not m.bid(3) and m.message


@pytest.mark.parametrize("preset,options", TABLES, ids=IDS)
def test_hint_names_a_legal_choice_and_changes_nothing(preset: str, options: dict) -> None:
    m = PlayModel(preset, options, seat=3, seed=8)
    rng = random.Random(9)
    seen = set()
    for _ in range(60):
        w = m.waiting()
        if w in ("look", "bid", "exchange", "play"):
            rec, state = m.record(), m.rng.getstate()
            hint = m.hint()
            assert hint.startswith("The practice bot would"), hint
            assert m.record() == rec and m.rng.getstate() == state
            _no_internals([hint])
            if w == "play":
                # the hinted card is one of the legal cards, named in words
                names = {c.name for c, ok in m.my_cards() if ok}
                assert any(n in hint for n in names), (hint, names)
            seen.add(w)
        if w == "over":
            break
        learner_decides(m, rng)
    assert {"bid", "play"} <= seen


@pytest.mark.parametrize("preset,options", TABLES, ids=IDS)
def test_bot_pace(preset: str, options: dict) -> None:
    # pace 0: the bots move at once; the learner is never left waiting for them.  Seat 3 bids
    # third (the dealer is seat 0, bidding starts at seat 1).
    fast = PlayModel(preset, options, seat=3, seed=2)
    assert fast.waiting() in ("look", "bid")
    assert sum(b is not None for b in fast.game.hands[0].bids) == 2
    # pace > 0: the caller moves the bots one at a time, and gets the same game
    slow = PlayModel(preset, options, seat=3, seed=2, pace=0.5)
    assert slow.waiting() == "bots"
    assert all(b is None for b in slow.game.hands[0].bids)
    moves = 0
    while slow.step_bot():
        moves += 1
        assert sum(b is not None for b in slow.game.hands[0].bids) == moves
    assert moves == 2
    assert slow.record() == fast.record() and slow.waiting() == fast.waiting()
    # after a learner action, paced bots wait to be stepped; the game comes out the same
    learner_decides(slow, random.Random(0))
    learner_decides(fast, random.Random(0))
    if fast.waiting() != slow.waiting():
        assert slow.waiting() == "bots" and slow.run_bots() > 0
    assert slow.record() == fast.record()


def test_blind_nil_and_exchange_original() -> None:
    # original: blind nil with up to 3 cards passed; the learner passes face down
    m = PlayModel("original", seat=0, seed=1)
    while m.waiting() != "look":
        learner_decides(m, random.Random(0))
    labels = [c.label for c in m.bid_choices()]
    assert labels == ["Blind Nil"]
    assert m.bid("blind nil")
    assert m.waiting() == "exchange"
    due = m.exchange_due()
    assert due == {"lo": 0, "hi": 3, "to": 2, "face_down": True}
    assert not m.exchange(4) and "0 to 3" in m.message
    held = {c for c, _ in m.my_cards()}
    assert not held  # not seen yet
    assert m.exchange(3)
    assert m.waiting() in ("play", "bots") and len(m.game.hands[0].exchanges) == 1
    assert m.game.hands[0].exchanges[0].returned is not None
    # undo takes the pass back
    assert m.undo() and m.waiting() == "exchange"


def test_acorns_nil_types_and_plus_n() -> None:
    m = PlayModel("acorns", seat=0, seed=3)
    while m.waiting() not in ("look", "bid"):
        learner_decides(m, random.Random(0))
    blind = [c.label for c in m.bid_choices()]
    assert "Blind Full Nil" in blind and "Blind Nil Spades + 2" in blind
    m.look()
    labels = [c.label for c in m.bid_choices()]
    assert "Nil Acorns + 3" in labels and "Full Nil" in labels and "12" in labels
    assert not any(x.startswith("Blind") for x in labels)
    assert not m.bid("blind nil spades") and "looked" in m.message
    assert m.bid("nil acorns + 3")
    assert str(m.game.hands[0].bids[0]) == "nil acorns + 3"


def test_partner_returns_cards_after_bot_blind_nil() -> None:
    # North/South trail by 400: the heuristic North bids blind nil; the learner (South,
    # opposite) sees the cards and passes the same number back
    from spades_lab import Game

    game = Game("original", start={"scores": [0, 400], "bags": [0, 0]})
    m = PlayModel(game=game, seat=2, seed=0)
    m.look()
    assert m.bid(3)
    assert str(m.game.hands[0].bids[0]) == "blind nil"
    assert m.waiting() == "exchange"
    due = m.exchange_due()
    assert due is not None and not due["face_down"] and due["to"] == 0
    n = due["lo"]
    assert n == due["hi"] == len(m.game.hands[0].exchanges[0].passed or ())
    cards = [c for c, _ in m.my_cards()]
    assert not m.exchange(cards[:n + 1]) and m.message == m.game.can_exchange(
        2, cards[:n + 1]).message
    assert m.exchange(cards[:n])
    assert m.waiting() in ("play", "bots")
    assert any("pass" in line for line in m.feed)


def test_play_on_from_trick_k_of_a_record() -> None:
    m = PlayModel.from_record(DEMO, hand_number=1, trick_number=5, seat=1)
    h = m.game.hands[0]
    assert len(h.tricks) >= 4 or m.waiting() != "play"
    rec = replay(DEMO).game.hands[0]
    assert [t.winner for t in h.tricks[:4]] == [t.winner for t in rec.tricks[:4]]
    play_hand(m, random.Random(4))
    assert m.game.hands[0].complete
    # the saved game keeps the record's first four tricks
    again = replay(m.record()).game.hands[0]
    assert [t.plays for t in again.tricks[:4]] == [t.plays for t in rec.tricks[:4]]
    with pytest.raises(RuleError):
        PlayModel.from_record(DEMO, hand_number=2)
    with pytest.raises(RuleError):
        PlayModel.from_record(DEMO, trick_number=0)


def test_a_game_reaches_its_target() -> None:
    m = PlayModel("standard", {"target": 100}, seat=0, seed=6)
    rng = random.Random(1)
    for _ in range(2000):
        if m.waiting() == "over":
            break
        learner_decides(m, rng)
    assert m.game.over and m.waiting() == "over"
    assert "Game over" in m.status()
    assert not m.next_hand() and "over" in m.message


def test_shown_trick_marks_the_winner() -> None:
    m = PlayModel("acorns", {"travelers_hunters": True}, seat=0, seed=2)
    rng = random.Random(0)
    while m.waiting() != "play" or not m.game.hand.trick:  # type: ignore[union-attr]
        learner_decides(m, rng)
        if m.waiting() == "play" and m.game.hand.trick:  # type: ignore[union-attr]
            break
    plays, winning, caption = m.shown_trick()
    assert plays and winning == m.game.hand.winning_so_far()[0]  # type: ignore[union-attr]
    assert "winning so far" in caption


def test_words_for_options_and_plain_text() -> None:
    words = option_words(m_rules := PlayModel("acorns8", {"teams": "fours"}).rules)
    assert any("two teams of four" in w for w in words)
    assert not any("_" in w or " = " in w for w in words)
    assert m_rules.players == 8


def test_play_table_widget_plays_a_hand_by_clicks() -> None:
    from spades_lab.widgets import PlayTable

    t = PlayTable("acorns", {"travelers_hunters": True}, seat=0, seed=3, pace=0)
    assert "sl-projector" not in t._dom_classes
    t.projector_toggle.value = True
    assert "sl-projector" in t._dom_classes
    refused = False
    for _ in range(400):
        w = t.model.waiting()
        if w == "look":
            t.look_button.click()
        elif w == "bid":
            t.bid_button.click()
        elif w == "exchange":
            t.pass_button.click()
        elif w == "play":
            cards = t.model.my_cards()
            bad = [c for c, ok in cards if not ok]
            if bad and not refused:
                before = t.model.record()
                t.click_card(bad[0])
                assert "sl-error" in t.message.value and t.model.record() == before
                refused = True
                continue
            t.click_card([c for c, ok in cards if ok][0])
            if t.declare_box.children:
                t.declare_box.children[0].click()
        else:
            break
    assert refused and t.model.waiting() == "next-hand"
    assert "The score" in t.score_html.value
    # the score shown is the engine's for the saved record (suits drawn as SVG)
    from spades_lab.render import text_html
    from spades_lab.widgets.playmodel import score_lines

    saved = replay(json.loads(t.save()))
    for line in score_lines(saved.game.hands[0]):
        assert text_html(line.strip()) in t.score_html.value
    assert "sl-save-link" in t.save_html.value
    # no emoji in what the learner reads: suits are the package's own SVG shapes
    assert "\U0001f330" not in t.explanation_html.value + t.score_html.value
    assert "\U0001fa90" not in t.explanation_html.value
    t.hint_button.click() if not t.hint_button.disabled else None
    t.next_hand_button.click()
    assert len(t.model.game.hands) == 2


def test_play_table_from_a_record(tmp_path: Path) -> None:
    from spades_lab.widgets import PlayTable

    t = PlayTable.from_record(DEMO, trick_number=3, seat=2, pace=0)
    assert len(t.model.game.hands[0].tricks) >= 2
    assert t.model.seat == 2 and t.seat_select.value == 2
    t.save_path.value = str(tmp_path / "g.json")
    t.save()
    assert replay(tmp_path / "g.json").game.hands[0].tricks[:2] == \
        replay(DEMO).game.hands[0].tricks[:2]
