"""A play table with several people (issue 20): every seat a person or a bot, each person shown
only what ``Game.view`` lets that seat see; the single-learner API unchanged."""
from __future__ import annotations

import subprocess
import sys

import pytest

from spades_lab.core.errors import ArgumentError
from spades_lab.table import BOT, PERSON, RECORDED, PlayModel, TableModel


def _decide(m: PlayModel, seat: int) -> None:
    """The person at ``seat`` makes the first decision the table offers."""
    w = m.waiting(seat)
    if w == "look":
        m.look(seat=seat)
        w = m.waiting(seat)
    if w == "bid":
        assert m.bid(m.bid_choices(seat)[0].bid, seat=seat), m.message
    elif w == "exchange":
        due = m.exchange_due(seat)
        assert due is not None
        cards = [c for c, _ in m.my_cards(seat)][:due["hi"]]
        assert m.exchange(due["hi"] if due["face_down"] else cards, seat=seat), m.message
    elif w == "play":
        card = next(c for c, ok in m.my_cards(seat) if ok)
        assert m.play(m.plays_for(card, seat)[0], seat=seat), m.message
    else:
        raise AssertionError(f"seat {seat} has nothing to decide ({w})")


def test_two_people_play_a_whole_hand_with_bots_between():
    m = PlayModel("standard", seats={0: PERSON, 2: "person"}, seed=4)
    assert m.seats == (PERSON, BOT, PERSON, BOT) and m.seat == 0 and m.persons() == (0, 2)
    for _ in range(200):
        h = m.game.hand
        assert h is not None
        if h.complete:
            break
        to_move = [s for s in (0, 2) if m.waiting(s) in ("look", "bid", "exchange", "play")]
        assert len(to_move) == 1  # pace 0: the bots never leave a person waiting
        other = 2 - to_move[0]
        assert m.waiting(other) == "others"
        _decide(m, to_move[0])
    h = m.game.hand
    assert h is not None and h.complete and len(h.tricks) == 13
    # each person played their own seat's cards; the bots theirs
    assert {s for t in h.tricks for s, _ in t.plays} == {0, 1, 2, 3}
    assert "You" not in " ".join(m.feed)  # several people: the feed names every seat
    assert "People sit North and South." in m.setup_words()[0]


def test_each_person_sees_only_their_own_seat():
    m = PlayModel("standard", seats={0: PERSON, 2: PERSON}, seed=4)
    m.look(seat=0)
    m.look(seat=2)
    for seat in (0, 2):
        view = m.game.view(seat)
        assert view.hand is not None
        assert [c for c, _ in m.my_cards(seat)] == m.rules.deck.sorted(view.hand)
    assert m.my_cards(0) != m.my_cards(2)
    with pytest.raises(ArgumentError, match="is a bot"):
        m.my_cards(1)  # a bot's cards are nobody's to see here


def test_a_person_acts_only_in_turn_and_only_for_a_person_seat():
    m = PlayModel("standard", seats={0: PERSON, 2: PERSON}, seed=4)
    before = m.game.to_record()
    turn = m.game.turn
    assert turn in (0, 2)
    other = 2 - turn
    assert m.bid(3, seat=other) is False
    assert m.message.startswith("It is not your turn: the table waits for ")
    assert m.game.to_record() == before  # refused: nothing changed
    with pytest.raises(ArgumentError, match="is a bot"):
        m.bid(3, seat=1)


def test_seat_kinds_are_checked():
    with pytest.raises(ArgumentError, match="at least one seat"):
        PlayModel("standard", seats={0: BOT})
    with pytest.raises(ArgumentError, match="as recorded only on a hand taken over"):
        PlayModel("standard", seats={0: PERSON, 1: RECORDED})
    with pytest.raises(ArgumentError, match="0-3"):
        PlayModel("standard", seats={4: PERSON})
    with pytest.raises(ArgumentError, match="a bot at this table"):
        PlayModel("standard", seat=1, seats={0: PERSON})


def test_the_single_learner_api_is_unchanged():
    m = PlayModel("standard", seat=2, seed=3)
    assert m.seats == (BOT, BOT, PERSON, BOT) and m.seat == 2
    assert m.waiting() == m.waiting(2) == "look"
    m.look()
    assert m.bid(4)
    assert m.seat_label(2).endswith("(you)") and "You bid 4." in m.feed


def test_play_on_from_a_replay_with_two_people():
    t = TableModel.from_record("data/scenarios/demo_acorns_th.json")
    t.go(t.play_start)
    p = PlayModel.from_line(t.line.branch(t.position), seats={0: PERSON, 2: PERSON})
    assert p.persons() == (0, 2) and p.game.phase == "play"


def test_the_table_model_needs_no_ipywidgets():
    code = ("import sys, spades_lab.table as t; t.PlayModel('standard', seats={0: 'person', "
            "1: 'person'}); print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('ipywidgets', 'pandas', 'matplotlib')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"


def test_recorded_seats_follow_the_record_while_the_table_does():
    from spades_lab.core.records import replay

    t = TableModel.from_record("data/scenarios/demo_acorns_th.json")
    t.go(t.play_start + 4 * 30)  # four tricks before the end
    start = t.position
    m = t.play_on(seats={0: PERSON, 1: RECORDED, 2: RECORDED, 3: RECORDED})
    assert m.seats == (PERSON, RECORDED, RECORDED, RECORDED)
    original = replay("data/scenarios/demo_acorns_th.json").game.to_record()["hands"][0]
    # the person plays the record's cards: the recorded seats make the record's moves
    for _ in range(40):
        nxt = m.record_next()
        if nxt is None:
            break
        assert nxt.seat == 0 and m.waiting() == "play"
        assert m.play(nxt.value)
    h = m.game.hand
    assert h is not None and h.complete
    assert m.game.to_record()["hands"][0]["plays"] == original["plays"]
    # another card from the person: the record no longer fits, and bots take the seats on
    t.go(start)
    m = t.play_on(seats={0: PERSON, 1: RECORDED, 2: RECORDED, 3: RECORDED})
    nxt = m.record_next()
    assert nxt is not None and nxt.seat == 0
    other = next(c for c, ok in m.my_cards() if ok and c is not nxt.value.card) \
        if sum(ok for _, ok in m.my_cards()) > 1 else None
    if other is not None:
        assert m.play(m.plays_for(other)[0])
        assert m.record_next() is None
        assert m.game.hand is not None and m.waiting() in ("play", "next-hand", "over")


def test_as_recorded_needs_a_record():
    with pytest.raises(ArgumentError, match="taken over from a record"):
        PlayModel("standard", seats={0: PERSON, 1: RECORDED})
