"""One status line for replay and play (issue 20): one method, one signature, one set of
words, whichever table asks."""
from __future__ import annotations

import inspect

from spades_lab.table import PlayModel, Table, TableModel

DEMO = "data/scenarios/demo_acorns_th.json"


def test_one_status_method_for_both_tables():
    assert TableModel.status is Table.status and PlayModel.status is Table.status
    assert list(inspect.signature(Table.status).parameters) == ["self", "seat"]


def test_replay_and_play_say_the_same_position_in_the_same_words():
    replay = TableModel.from_record(DEMO)
    replay.go(replay.play_start + 1)  # a card is on the table
    play = replay.play_on(seat=0)
    # the same hand, the same trick; the replay only adds where its cursor is
    head = f"Step {replay.position}/{replay.last}. "
    r = replay.status()
    assert r.startswith(head) and ", trick 1: " in r
    body_play = play.status(seat=None)
    assert body_play.split(":")[0] == r[len(head):].split(":")[0] == "Hand 1, trick 1"


def test_said_to_a_person_and_only_to_a_person():
    m = PlayModel("standard", seat=0, seed=3)
    assert m.status() == "Hand 1: Your turn to bid."
    # seat 1 is a bot: the same position, said about the table, not to it
    assert m.status(seat=1) == "Hand 1: waiting for North's bid."
    m.look()
    m.bid(3)
    assert "Your turn" not in m.status(seat=1)
    replay = TableModel.from_record(DEMO)
    assert "Your" not in replay.status(seat=0)  # a recorded seat is nobody at the table


def test_end_of_hand_and_totals():
    replay = TableModel.from_record(DEMO)
    replay.end()
    s = replay.status()
    assert s.startswith(f"Step {replay.last}/{replay.last}. Hand 1 is over. Totals: ")
    assert s.endswith(".") and "North/South" in s


def test_a_refused_record_says_why():
    m = TableModel.from_record({"rules": "nope"})
    assert m.status() == m.error and m.error
