"""The explanation lines of issue 31's audit gaps (spades_lab.teach.explain): the rules that act
in every hand but had no line naming them.

- ``next-lead``: after each complete trick that is not the hand's last, its winner leads the
  next (the engine's next leader);
- ``deal-size``: each hand's opening says how many cards each player was dealt (the rule set's
  hand size, players and deck: 13, 17, 32, 34, 16, 17; three players dealt 13 each leave 13
  face down);
- ``superior-trump-reset``: in the two-trump sets, every hand after the first starts with both
  trumps unbroken and neither superior, whatever the hand before had;
- ``jokers-follow`` (house rules, Jokers Spades): a play or a trick where a Joker or the trump 2
  of Diamonds counts as a Spade.

Each is checked on a curated record (data/scenarios/README.md) where the rule acts, against the
engine's facts; none appears where the rule does not act; the ids are in the teachers'
rendering only, and the learners' lines hold no rule id and no card code.
"""
from __future__ import annotations

import re
from typing import Any

import pytest

from conftest import CLAIM_SURE, ROOT, claim_ending
from spades_lab.core.cards import HECKADECK, HECKADECK_TH, STANDARD_DECK
from spades_lab.core.engine import Hand
from spades_lab.core.records import replay
from spades_lab.teach.explain import explain_hand, explain_play, explain_score, explain_trick
from spades_lab.teach.quiz import QUIZ_IDS
from spades_lab.teach.wording import Said, learner, teacher

DIR = ROOT / "data" / "scenarios"
CODES = {c.code for deck in (STANDARD_DECK, HECKADECK, HECKADECK_TH) for c in deck.cards}
CODE = re.compile(r"(?<![\w♠♥♦♣])([0-9A-Z]{2,4})(?![\w])")


def hands(name: str) -> list[Hand]:
    return replay(DIR / name).game.hands


def tagged(lines: Any, rule: str) -> list[Said]:
    return [s for s in lines if rule in s.rules]


def assert_learner_words(lines: list[Said]) -> None:
    """The learners' rendering: no rule id, no card code; the teachers' keeps the id."""
    for s in lines:
        text = learner(s)
        assert not [i for i in QUIZ_IDS if "-" in i and i in text], text
        assert not [m for m in CODE.findall(text) if m in CODES], text
        assert all(r in teacher(s) for r in s.rules)


# ---------------------------------------------------------------------------- next-lead


@pytest.mark.parametrize("name", ["std_dealer_rotates.json", "acorns_game_superiority_resets.json",
                                  "std_house_cutthroat.json", "acorns8_fours.json",
                                  "std_house_jokers_trick.json"])
def test_each_complete_trick_but_the_last_says_its_winner_leads_the_next(name: str) -> None:
    for h in hands(name):
        n = len(h.tricks)
        assert n == h.rules.hand_size  # whole hands: the last trick leads nothing
        said = list(explain_hand(h).said)
        lines = tagged(said, "next-lead")
        assert len(lines) == n - 1
        for k, line in enumerate(lines):
            t = explain_trick(h, k)
            nxt = h.tricks[k + 1].leader
            assert nxt == t.winner == h.tricks[k].winner  # the engine's fact the line states
            assert line.words == f"{h.seat_name(nxt)} leads trick {k + 2}: the winner of a " \
                "trick leads the next"
            # right after that trick's own lines, which stay as explain_trick gives them
            at = said.index(line)
            assert tuple(said[at - len(t.said):at]) == t.said
            assert not tagged(t.said, "next-lead")
            assert_learner_words([line])
        assert "[next-lead]" in explain_hand(h).text


def test_a_position_between_tricks_names_the_leader_the_engine_waits_for() -> None:
    h = hands("std_trump_not_broken.json")[0]  # stops at a lead after 3 tricks
    assert len(h.tricks) == 3 and not h.trick
    lines = tagged(explain_hand(h).said, "next-lead")
    assert h.turn == h.leader == h.tricks[2].winner
    assert len(lines) == 3
    assert lines[-1].words.startswith(f"{h.seat_name(h.leader)} leads trick 4: ")


def test_no_next_lead_after_a_claim_ends_the_hand() -> None:
    g = claim_ending(CLAIM_SURE)
    g.play("AS", seat=1)
    for s in (2, 3, 0):
        g.play(g.legal_plays()[0].card, seat=s)
    h = g.hand
    assert h is not None and len(h.tricks) == 1 and h.remaining == 1  # an ending of 2 tricks
    assert tagged(explain_hand(h).said, "next-lead")  # one trick to come
    g.claim(h.tricks[-1].winner, 1, verified="exact")
    assert h.claim is not None and h.complete and len(h.tricks) == 1
    assert not tagged(explain_hand(h).said, "next-lead")


# ---------------------------------------------------------------------------- deal-size


@pytest.mark.parametrize(("name", "players", "size", "says"), [
    ("std_dealer_rotates.json", 4, 13, "Each of the 4 players is dealt 13 cards from the "
     "52-card deck, so the hand has 13 tricks"),
    ("std_house_jokers_trick.json", 4, 13, "13 cards from the 52-card deck with Jokers, so"),
    ("std_house_cutthroat.json", 3, 17, "Each of the 3 players is dealt 17 cards from the "
     "52-card deck without the 2 of Clubs (51 cards), so the hand has 17 tricks"),
    ("std_house_cutthroat_13.json", 3, 13, "Each of the 3 players is dealt 13 cards from the "
     "52-card deck; the other 13 stay face down, unplayed, so the hand has 13 tricks"),
    ("acorns_full_nil.json", 4, 32, "Each of the 4 players is dealt 32 cards from the Heckadeck "
     "(128 cards), so the hand has 32 tricks"),
    ("acorns_superior_set_by_traveler.json", 4, 34, "34 cards from the Heckadeck with Travelers "
     "and Hunters (136 cards), so the hand has 34 tricks"),
    ("acorns8_fours.json", 8, 16, "Each of the 8 players is dealt 16 cards from the Heckadeck"),
    ("acorns8_travelers_hunters.json", 8, 17, "Each of the 8 players is dealt 17 cards"),
    ("online_blind_not_allowed.json", 4, 13, "13 cards"),  # a position in the bidding
])
def test_each_hand_opens_with_how_many_cards_each_player_was_dealt(
        name: str, players: int, size: int, says: str) -> None:
    for h in hands(name):
        assert h.rules.players == players and h.rules.hand_size == size
        assert [len(d) for d in h.deal] == [size] * players  # what the record dealt
        said = explain_hand(h).said
        (line,) = tagged(said, "deal-size")
        assert says in line.words and line.level == 1
        assert said.index(line) == 1  # right under the dealer's line
        assert_learner_words([line])


# ---------------------------------------------------------------------------- superior-trump-reset


def test_every_new_deal_of_the_two_trump_sets_starts_the_superior_trump_afresh() -> None:
    hs = hands("acorns_game_superiority_resets.json")
    superiors = [h.superior for h in hs]
    assert superiors == ["S", "A", "S"]  # the scenario: Spades, then Acorns, then Spades
    assert not tagged(explain_hand(hs[0]).said, "superior-trump-reset")
    for h in hs[1:]:
        (line,) = tagged(explain_hand(h).said, "superior-trump-reset")
        before = "Spades" if superiors[h.index - 1] == "S" else "Acorns"
        assert f"(in hand {h.index}, {before} were superior)" in line.words
        assert "Spades and Acorns are both unbroken again, and neither is superior" in line.words
        assert h.tricks[0].superior_before is None  # the engine's state at the new deal
        assert_learner_words([line])


def test_no_reset_line_where_spades_are_the_only_trump() -> None:
    for h in hands("std_dealer_rotates.json"):
        assert not tagged(explain_hand(h).said, "superior-trump-reset")


# ---------------------------------------------------------------------------- jokers-follow


def test_a_trump_two_that_cannot_follow_diamonds_is_named_by_the_jokers_rule() -> None:
    game = replay(DIR / "std_house_jokers.json").game
    verdict = explain_play(game, "2D")
    assert verdict.legal and verdict.basis == "cannot-follow"
    assert verdict.evidence["counted_as_trump"] == ["2D"]
    (line,) = verdict.said
    assert line.rules == ("cannot-follow", "jokers-follow")
    assert "the 2 of Diamonds counts as a Spade" in line.words
    assert_learner_words([line])


def test_a_trick_with_a_joker_names_the_jokers_rule_and_a_plain_trick_does_not() -> None:
    h = hands("std_house_jokers_trick.json")[0]
    with_joker = [k for k, t in enumerate(h.tricks)
                  if any(p.card.code in ("BJ", "LJ", "2D") for _, p in t.plays)]
    assert with_joker
    for k in range(len(h.tricks)):
        lines = tagged(explain_trick(h, k).said, "jokers-follow")
        assert bool(lines) == (k in with_joker)
        assert_learner_words(lines)
    plain = explain_play(replay(DIR / "std_must_follow.json").game,
                         replay(DIR / "std_must_follow.json").game.legal_plays()[0].card)
    assert "jokers-follow" not in plain.said[0].rules


# ---------------------------------------------------------------------------- house rules: scoring


@pytest.mark.parametrize(("name", "rule", "lines"), [
    ("std_house_nil_50.json", "nil-points", ["nil-made", "nil-failed"]),
    ("std_house_partners_nil_unit.json", "partners-nil",
     ["failed-nil-tricks", "nil-failed", "nil-made"]),
    ("std_house_failed_nil_ignored.json", "failed-nil-ignored", ["failed-nil-tricks"]),
    ("std_house_overtricks_nothing.json", "overtricks-nothing", ["bags"]),
])
def test_a_scoring_house_rule_is_named_on_the_lines_it_changes(name: str, rule: str,
                                                               lines: list[str]) -> None:
    said = explain_score(hands(name)[0]).said
    mine = tagged(said, rule)
    assert [s.rules[0] for s in mine] == lines  # beside the line's own scoring id
    assert_learner_words(mine)
    # the same deal under the seed rules names no house rule
    plain = {"std_house_nil_50.json": "std_nil_made.json",
             "std_house_failed_nil_ignored.json": "std_failed_nil_bags_only.json",
             "std_house_overtricks_nothing.json": "std_bag_penalty.json",
             "std_house_partners_nil_unit.json": "std_both_partners_nil.json"}[name]
    assert not tagged(explain_score(hands(plain)[0]).said, rule)
