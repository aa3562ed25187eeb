"""table.PlayModel's claims, driven without a browser: a learner's claim the robots accept
(proved) or play on against (refuted, said in words), refusals with their ids, people who
accept or play on, the teacher's decision, and undo."""
from __future__ import annotations

from conftest import CLAIM_SPLIT, CLAIM_SURE, claim_ending
from spades_lab.core.errors import CLAIM_IDS, Rule
from spades_lab.core.validate import check_record
from spades_lab.table import BOT, PERSON, PlayModel


def model(hands: list[list[str]], people: tuple[int, ...] = (1,)) -> PlayModel:
    seats = {s: PERSON if s in people else BOT for s in range(4)}
    return PlayModel(game=claim_ending(hands), seats=seats, seat=1)


def test_table_claims_a_proved_claim_ends_the_hand() -> None:
    m = model(CLAIM_SURE)
    assert m.claim(2) is True and m.message == ""
    h = m.game.hands[-1]
    assert h.complete and h.taken == [0, 2, 0, 0]
    assert "East (you) claims the rest of the tricks (2)." in m.feed
    assert "The solver agrees: East and West take all 2 tricks left whatever the others play." \
        in m.feed
    assert any("The solver agrees" in line for line in m.feed)
    assert "The claim stands: the hand ends." in m.feed
    assert m.waiting() == "next-hand"
    rec = m.record()
    check_record(rec)
    assert rec["hands"][0]["claim"] == {"seat": 1, "tricks": 2, "accepted_by": [0, 2],
                                        "verified": "exact"}


def test_table_claims_robots_play_on_against_a_refuted_claim() -> None:
    m = model(CLAIM_SPLIT)
    before = m.record()
    assert m.claim(2) is False
    assert m.message == "North and South play on: the solver refutes it."
    assert m.message_rule is None and not m.game.hands[-1].complete
    assert any("South wins trick" in line for line in m.feed)
    assert not any("Ace of Hearts" in line for line in m.feed)  # no seat sees another's cards
    assert m.record() == before and m.waiting() == "play"
    assert m.claim(1) is True and m.game.hands[-1].taken == [0, 1, 1, 0]


def test_table_claims_refusals_have_claim_ids() -> None:
    m = model(CLAIM_SURE, people=(0, 1))
    for tricks, seat, rule in ((3, 1, Rule.CLAIM_TOO_MANY), (1, 0, Rule.CLAIM_NOT_YOUR_TURN)):
        assert m.claim(tricks, seat=seat) is False
        assert m.message_rule is rule and rule in CLAIM_IDS and m.message
    assert not m.game.hands[-1].complete


def test_table_claims_people_accept_or_play_on() -> None:
    m = model(CLAIM_SPLIT, people=(0, 1, 2))
    assert m.claim(2) is True and m.claim_pending is not None  # wrong, but people decide
    assert m.claim_answer_due(0) and m.claim_answer_due(2) and not m.claim_answer_due(1)
    assert m.claim(2) is False and m.message_rule is Rule.CLAIM_WRONG_PHASE
    assert m.answer_claim(True, seat=0) is True and m.claim_pending is not None
    assert m.answer_claim(False, seat=2) is True and m.claim_pending is None
    assert "South plays on." in m.feed and not m.game.hands[-1].complete
    assert m.answer_claim(True, seat=0) is False  # nothing waits
    assert m.claim(1) is True
    m.answer_claim(True, seat=0)
    m.answer_claim(True, seat=2)
    h = m.game.hands[-1]
    assert h.complete and h.claim is not None and h.claim.verified == "exact"


def test_table_claims_the_teacher_decides_and_undo_takes_it_back() -> None:
    m = model(CLAIM_SPLIT, people=(0, 1, 2))
    assert m.claim(2) is True
    assert m.decide_claim(True) is True
    h = m.game.hands[-1]
    assert h.complete and h.taken == [0, 2, 0, 0]
    assert h.claim is not None and h.claim.verified == "agreed" \
        and h.claim.accepted_by == ("teacher",)
    assert m.undo() is True and not m.game.hands[-1].complete and m.waiting() == "play"
    assert m.claim(2) is True and m.decide_claim(False) is True
    assert m.claim_pending is None and "The teacher says: play on." in m.feed


def test_table_claims_a_card_played_ends_the_wait() -> None:
    m = model(CLAIM_SURE, people=(0, 1, 2))
    assert m.claim(2) is True and m.claim_pending is not None
    assert m.play("AS") is True and m.claim_pending is None
