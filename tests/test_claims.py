"""core.claims through the engine (Game.claim): hand-worked endings where a claim stands (whole
and partial), the tricks shared out, the normal scoring, and every refusal with its rule id and
the game unchanged; a record with a claim validated, written and replayed (records, line)."""
from __future__ import annotations

import json
import random
from typing import Any

import pytest

from conftest import CLAIM_SPLIT, CLAIM_SURE, claim_ending
from spades_lab import Game
from spades_lab.core.errors import CLAIM_IDS, RecordError, Rule, RuleError
from spades_lab.core.line import Line
from spades_lab.core.records import dump_record, hand_steps, replay
from spades_lab.core.scoring import score_hand
from spades_lab.core.validate import check_record

SURE, SPLIT, ending = CLAIM_SURE, CLAIM_SPLIT, claim_ending


# (ending, bids, claimer, tricks, taken after) -- worked by hand
STANDS = [
    (SURE, (3, 4, 3, 3), 1, 2, [0, 2, 0, 0]),  # the rest, to the claimer
    (SURE, (3, 4, 3, 3), 1, 1, [0, 1, 1, 0]),  # partial: the other trick to South, on the left
    (SPLIT, (3, 4, 3, 3), 1, 1, [0, 1, 1, 0]),
    (SURE, (3, 4, "nil", 3), 1, 1, [1, 1, 0, 0]),  # South's nil: the conceded trick to North
    (SURE, (3, "nil", 3, 3), 1, 2, [0, 0, 0, 2]),  # East's own nil: the claimed tricks to West
    (SURE, (3, 4, 3, 3), 1, 0, [0, 0, 2, 0]),  # a concession
]


@pytest.mark.parametrize("hands,bids,seat,tricks,taken", STANDS)
def test_claims_share_out_the_tricks_as_worked_by_hand(hands: list[list[str]],
                                                        bids: tuple[Any, ...], seat: int,
                                                        tricks: int, taken: list[int]) -> None:
    g = ending(hands, bids)
    assert g.hand is not None and g.hand.remaining == 2
    others = [s for s in range(4) if s % 2 != seat % 2]
    g.claim(seat, tricks, others)
    h = g.hands[-1]
    assert h.taken == taken and h.complete and h.claim is not None
    # the normal scoring, never a second rule
    expect = score_hand(g.rules, [b for b in h.bids if b is not None], taken, h.won, [0, 0],
                        [0, 0])
    assert h.scores == expect
    assert g.log[-2].kind == "claim" and g.log[-1].kind == "scored"


def test_a_claim_ends_the_hand_as_playing_it_out_would() -> None:
    for seed in range(6):  # the last trick, where every line is the best: claim what it gives
        g = Game("standard")
        g.deal(rng=random.Random(seed))
        for _ in range(4):
            g.bid(g.legal_bids()[3])
        while len(g.hand.tricks) < 12:  # type: ignore[union-attr]
            g.play(g.legal_plays()[0])
        seat = g.turn
        assert seat is not None
        played = g.copy()
        while not played.hands[-1].complete:
            played.play(played.legal_plays()[0])
        ours = (seat, (seat + 2) % 4)
        won = sum(played.hands[-1].taken[s] for s in ours) - sum(g.hands[-1].taken[s]
                                                                 for s in ours)
        g.claim(seat, won, verified="exact")
        a, b = g.hands[-1].taken, played.hands[-1].taken
        assert [a[0] + a[2], a[1] + a[3]] == [b[0] + b[2], b[1] + b[3]]  # per side
        assert g.totals == played.totals and g.bags == played.bags


def test_a_claim_mid_trick_counts_the_trick_in_progress() -> None:
    g = ending(SURE)
    g.play("AS")  # East leads; South is to play
    assert g.hand is not None and g.hand.remaining == 2 and g.turn == 2
    g.claim(2, 0, verified="agreed")  # South concedes both
    assert g.hands[-1].taken == [0, 0, 0, 2]  # to West, on South's left


REFUSALS = [
    ("bidding", Rule.CLAIM_WRONG_PHASE, 1, 2, (), "agreed"),
    ("play", Rule.CLAIM_NOT_YOUR_TURN, 0, 2, (1, 3), "agreed"),
    ("play", Rule.CLAIM_NOT_YOUR_TURN, 7, 2, (), "exact"),
    ("play", Rule.CLAIM_TOO_MANY, 1, 3, (), "exact"),
    ("play", Rule.CLAIM_TOO_MANY, 1, -1, (), "exact"),
    ("play", Rule.CLAIM_TOO_MANY, 1, "2", (), "exact"),
    ("play", Rule.CLAIM_NOT_ACCEPTED, 1, 2, (), "agreed"),  # nobody accepted, no proof
    ("play", Rule.CLAIM_NOT_ACCEPTED, 1, 2, (0,), "agreed"),  # South did not accept
    ("play", Rule.CLAIM_NOT_ACCEPTED, 1, 2, (3, 0, 2), "agreed"),  # West is East's partner
    ("play", Rule.CLAIM_NOT_ACCEPTED, 1, 2, (0, 0, 2), "agreed"),  # North twice
    ("play", Rule.CLAIM_NOT_ACCEPTED, 1, 2, (0, 2), "surely"),
    ("over", Rule.CLAIM_WRONG_PHASE, 1, 0, (), "exact"),
]


@pytest.mark.parametrize("when,rule,seat,tricks,accepted,verified", REFUSALS)
def test_claims_are_refused_in_words_with_a_rule_id(when: str, rule: Rule, seat: Any,
                                                    tricks: Any, accepted: tuple[Any, ...],
                                                    verified: str) -> None:
    if when == "bidding":
        g = Game("standard")
        g.deal(rng=random.Random(3))
        g.bid(3)
    else:
        g = ending(SURE)
        if when == "over":
            g.claim(1, 2, verified="exact")
    before = json.dumps(g.to_record()), len(g.log)
    check = g.can_claim(seat, tricks, accepted, verified)
    assert not check.ok and check.rule is rule and check.rule in CLAIM_IDS
    with pytest.raises(RuleError) as e:
        g.claim(seat, tricks, accepted, verified)
    assert e.value.rule is rule and len(e.value.message) < 200
    assert not any(r in e.value.message for r in CLAIM_IDS)  # words, not ids
    assert (json.dumps(g.to_record()), len(g.log)) == before


def test_claims_are_off_where_a_suit_nil_stands() -> None:
    g = Game("acorns")
    g.deal(rng=random.Random(5))
    while g.hand is not None and g.phase == "bidding":
        nil = [b for b in g.legal_bids() if b.nil_suit is not None and not b.blind]
        g.bid(nil[0] if nil and g.turn == 1 else next(b for b in g.legal_bids()
                                                      if not b.is_nil and not b.blind))
    h = g.hands[-1]
    while g.phase == "exchange":
        for s in h.awaiting():
            due = h.owed_pass(s)
            g.exchange(s, [c.code for c in h.cards_held(s)][:due.lo if due else 0])
    assert g.phase == "play"
    check = g.can_claim(g.turn, 0)
    assert check.rule is Rule.CLAIM_OFF and "East" in check.message


def claimed_game() -> Game:
    g = Game("standard", players=["Ann", "Ben", "Cy", "Di"])
    g.deal(rng=random.Random(11))
    for b in (3, 4, 3, 3):
        g.bid(b)
    for _ in range(41):  # ten tricks and the lead of the eleventh
        g.play(g.legal_plays()[0])
    assert g.turn is not None
    g.claim(g.turn, 1, [s for s in range(4) if s % 2 != g.turn % 2])
    return g


def test_records_with_a_claim_validate_write_and_replay() -> None:
    g = claimed_game()
    rec = g.to_record()
    h = rec["hands"][0]
    assert h["claim"] == {"seat": g.hands[0].claim.seat, "tricks": 1,  # type: ignore[union-attr]
                          "accepted_by": h["claim"]["accepted_by"], "verified": "agreed"}
    check_record(rec)
    text = dump_record(rec)
    again = json.loads(text)
    assert again == rec
    result = replay(again)
    assert result.game.totals == g.totals and result.game.hands[0].taken == g.hands[0].taken
    steps = hand_steps(again, 0)
    assert steps[-1].kind == "claim" and len(steps) == 4 + 41 + 1
    line = Line.from_record(again, 0)
    assert line[-1].totals == g.totals and line[-2].hand.remaining == 3  # type: ignore[union-attr]
    assert line.to_record()["hands"][0]["claim"] == h["claim"]
    # a line grows by a claim entry too
    short = Line.from_record(again, 0)
    short.undo_to(len(steps) - 1)
    short.extend({"claim": h["claim"]})
    assert short[-1].totals == g.totals


def test_records_without_a_claim_are_unchanged() -> None:
    g = Game("standard")
    g.deal(rng=random.Random(2))
    assert "claim" not in g.to_record()["hands"][0] and "claim" not in dump_record(g)


@pytest.mark.parametrize("claim,path", [
    ("yes", "hands[0].claim"),
    ({"tricks": 1}, "hands[0].claim.seat"),
    ({"seat": 9, "tricks": 1}, "hands[0].claim.seat"),
    ({"seat": 0, "tricks": -1}, "hands[0].claim.tricks"),
    ({"seat": 0, "tricks": 1, "accepted_by": [5]}, "hands[0].claim.accepted_by"),
    ({"seat": 0, "tricks": 1, "verified": "maybe"}, "hands[0].claim.verified"),
    ({"seat": 0, "tricks": 1, "why": 2}, "hands[0].claim"),
])
def test_records_refuse_a_malformed_claim(claim: Any, path: str) -> None:
    rec = claimed_game().to_record()
    rec["hands"][0]["claim"] = claim
    with pytest.raises(RecordError) as e:
        check_record(rec)
    assert e.value.rule is Rule.BAD_RECORD and e.value.details["path"].startswith(path)


def test_records_refuse_a_claim_the_rules_refuse() -> None:
    rec = claimed_game().to_record()
    rec["hands"][0]["claim"]["tricks"] = 5
    with pytest.raises(RecordError) as e:
        replay(rec)
    assert e.value.rule is Rule.CLAIM_TOO_MANY and e.value.step == "claim"
