"""Three players, each alone (house rule ``cutthroat``, docs/rulings.md section 9): the rule set
(spades_lab.core.rules) and what reads it -- seats, deal, turn order, tricks of three cards,
scores per player (worked by hand), records with three names, three hands and one score per
player, bots, explanations and the double-dummy solver against the engine-driven minimax."""
from __future__ import annotations

import json
import random
from typing import Any

import pytest

from conftest import engine_per_move
from spades_lab.core.bids import Bid
from spades_lab.core.engine import Game
from spades_lab.core.errors import OptionError, RecordError, Rule
from spades_lab.core.records import replay
from spades_lab.core.rules import RuleSet, seat_name, team_name
from spades_lab.core.scoring import score_hand
from spades_lab.core.tricks import trick_winner
from spades_lab.play.players import HeuristicPlayer, RandomPlayer, SimplePlayer, play_game
from spades_lab.solver.search import Solver
from spades_lab.teach.bestplay import best_play
from spades_lab.teach.explain import explain_score, explain_trick
from spades_lab.words.rules import option_words

R17 = RuleSet.preset("standard", cutthroat="deal_17")
R13 = RuleSet.preset("standard", cutthroat="deal_13")


# ---------------------------------------------------------------------------- the rule set

@pytest.mark.parametrize(("rules", "size", "deck", "out"), [
    (R17, 17, 51, ["2C"]),
    (R13, 13, 52, []),
    (RuleSet.preset("standard", cutthroat="deal_17", jokers="on"), 17, 51, ["2H", "2C", "3C"]),
])
def test_three_seats_each_alone(rules: RuleSet, size: int, deck: int, out: list[str]) -> None:
    assert rules.players == 3 and rules.hand_size == size and rules.deck.size == deck
    assert [c.code for c in rules.deck.out] == out
    assert rules.team_seats == ((0,), (1,), (2,)) and not rules.has_partners
    assert [seat_name(s, 3) for s in range(3)] == ["North", "East", "West"]
    assert team_name((2,), 3) == "West"
    assert rules.exchange_range("nil") == (0, 0)  # no partner: no exchange


@pytest.mark.parametrize(("options", "words"), [
    ({"bidding": "suicide"}, "three players each alone have no partners"),
    ({"partners_nil": "unit"}, "partners' nils cannot be scored together"),
    ({"nil_exchange": 2}, "no partner to pass cards to"),
    ({"cutthroat": "deal_15"}, None),
])
def test_what_needs_partners_is_refused_in_words(options: dict[str, Any],
                                                 words: str | None) -> None:
    with pytest.raises(OptionError) as e:
        RuleSet.preset("standard", {"cutthroat": "deal_17", **options})
    assert e.value.rule == Rule.BAD_OPTION
    if words:
        assert words in e.value.words and "_" not in e.value.words
    with pytest.raises(OptionError):
        RuleSet.preset("acorns", cutthroat="deal_17")


def test_the_online_blind_exchange_is_none_each_alone() -> None:
    r = RuleSet.preset("online", cutthroat="deal_17")
    assert r.exchange_range("nil") == (0, 0)
    assert "After a blind nil no cards are exchanged: each player is alone." in option_words(r)
    assert not any("partnership" in x for x in option_words(r))


# ---------------------------------------------------------------------------- deal and turns

def test_the_deal_and_the_turns_go_round_three_seats() -> None:
    g = Game(R17, dealer=2)
    g.deal(rng=random.Random(1))
    h = g.hand
    assert h is not None and [len(x) for x in h.hands] == [17, 17, 17]
    assert not any(c.code == "2C" for x in h.hands for c in x)
    assert h.turn == 0  # left of the dealer (West deals: North bids first)
    order = []
    for b in (4, 5, 6):
        order.append(h.turn)
        g.bid(b)
    assert order == [0, 1, 2] and h.turn == 0  # the first lead: left of the dealer
    while g.phase == "play":
        g.play(g.legal_plays()[0])
    assert sum(h.taken) == 17 and len(h.tricks) == 17
    assert all(len(t.plays) == 3 for t in h.tricks)
    g.deal(rng=random.Random(2))
    assert g.hand is not None and g.hand.dealer == 0  # the deal passes clockwise, 2 -> 0


def test_thirteen_each_leaves_thirteen_unplayed_and_a_card_out_is_an_error() -> None:
    g = Game(R13)
    g.deal(rng=random.Random(3))
    h = g.hand
    assert h is not None and [len(x) for x in h.hands] == [13, 13, 13]
    assert len({c for x in h.hands for c in x}) == 39
    g17 = Game(R17)
    cards = [c.code for c in R17.deck.cards]
    rows = [cards[0:17], cards[17:34], cards[34:51]]
    rows[0][0] = "2C"
    check = g17.can_deal(rows)
    assert not check and check.rule == Rule.BAD_RECORD and "out of this deck" in check.message


# (rules, plays "seat:card", winner, why): three cards a trick
TRICKS = [
    (R17, "0:KH 1:AH 2:QH", 1, "led-suit-wins"),
    (R17, "1:KH 2:2S 0:AH", 2, "superior-trump-wins"),
    (R13, "2:3D 0:2S 1:3S", 1, "superior-trump-wins"),
]


@pytest.mark.parametrize(("rules", "plays", "winner", "why"), TRICKS)
def test_tricks_of_three_cards(rules: RuleSet, plays: str, winner: int, why: str) -> None:
    trick = [(int(s), rules.deck.parse(c).play) for s, c in (x.split(":")
                                                               for x in plays.split())]
    assert trick_winner(rules, trick, "S") == (winner, why)


# ---------------------------------------------------------------------------- scores per player

# (bids per seat, tricks per seat, bags before, each player's hand score, bags after): 17 tricks
SCORES = [
    ([4, 5, 6], [4, 6, 7], [0, 0, 0], [40, 51, 61], [0, 1, 1]),      # made, made + 1, made + 1
    ([4, 5, 6], [3, 5, 9], [0, 0, 8], [-40, 50, -37], [0, 0, 1]),    # West: +63, 8 + 3 bags
    (["nil", 8, 5], [0, 12, 5], [0, 0, 0], [100, 84, 50], [0, 4, 0]),  # a made nil, alone
    (["nil", 8, 5], [2, 10, 5], [0, 0, 0], [-98, 82, 50], [2, 2, 0]),  # a failed nil's 2 bags
    (["blind nil", 8, 9], [0, 8, 9], [0, 0, 0], [200, 80, 90], [0, 0, 0]),
]


@pytest.mark.parametrize(("bids", "tricks", "before", "scores", "bags"), SCORES)
def test_each_player_is_scored_alone(bids: list[Any], tricks: list[int], before: list[int],
                                     scores: list[int], bags: list[int]) -> None:
    parsed = [Bid(0, "nil", False) if b == "nil" else Bid(0, "nil", True) if b == "blind nil"
              else Bid(b) for b in bids]
    out = score_hand(R17, parsed, tricks, [[], [], []], before, [0, 0, 0])
    assert [t.hand_score for t in out] == scores
    assert [t.bags for t in out] == bags
    assert [t.seats for t in out] == [(0,), (1,), (2,)]


def test_the_score_explanation_names_each_player() -> None:
    g = Game(R17)
    play_game(g, [HeuristicPlayer()] * 3, random.Random(5), max_hands=1)
    text = explain_score(g.hands[0]).text
    for name in ("North", "East", "West"):
        assert f"\n{name}: hand " in text
    assert "/" not in text.split("\n", 1)[1].split("After")[0]  # no pair names such as N/S
    t = explain_trick(g.hands[0], 0)
    assert len(t.steps) == 3


# ---------------------------------------------------------------------------- records

def test_a_record_has_three_names_three_hands_and_a_score_per_player() -> None:
    g = Game(R13, players=["Ann", "Ben", "Cat"], start={"scores": [100, 0, -50],
                                                         "bags": [3, 0, 9]})
    play_game(g, [HeuristicPlayer()] * 3, random.Random(1), max_hands=2)
    rec = json.loads(json.dumps(g.to_record()))
    assert rec["rules"] == {"preset": "standard", "options": {"cutthroat": "deal_13"}}
    assert rec["players"] == ["Ann", "Ben", "Cat"] and len(rec["hands"][0]["deal"]) == 3
    assert rec["start"] == {"scores": [100, 0, -50], "bags": [3, 0, 9]}
    done = replay(rec)
    assert done.game.totals == g.totals
    teams = done.to_dict()["hands"][0]["teams"]
    assert [t["seats"] for t in teams] == [[0], [1], [2]]
    bad = json.loads(json.dumps(rec))
    bad["start"] = {"scores": [0, 0], "bags": [0, 0]}
    with pytest.raises(RecordError) as e:
        replay(bad)
    assert "one per player" in e.value.message
    four = json.loads(json.dumps(rec))
    four["players"] = ["A", "B", "C", "D"]
    with pytest.raises(RecordError):
        replay(four)


# ---------------------------------------------------------------------------- bots and the solver

@pytest.mark.parametrize("rules", [R17, R13], ids=["17", "13"])
def test_bots_play_whole_games(rules: RuleSet) -> None:
    for seed, player in enumerate((HeuristicPlayer(), RandomPlayer(), SimplePlayer())):
        g = Game(rules)
        play_game(g, [player] * 3, random.Random(seed), max_hands=4)
        assert all(h.scores is not None for h in g.hands)
        assert replay(g.to_record()).game.totals == g.totals


def _endings(rules: RuleSet, seed: int, count: int) -> list[Game]:
    rng = random.Random(seed)
    out: list[Game] = []
    while len(out) < count:
        g = Game(rules)
        g.deal(rng=rng)
        for b in (3, 3, 3):
            g.bid(b)
        k = rng.choice((2, 3))
        pool = [c for c in rules.deck.cards if c.suit in ("S", rng.choice("HDC"))]
        rng.shuffle(pool)
        g.set_ending([pool[i * k:(i + 1) * k] for i in range(3)],
                     ["S"] if rng.random() < 0.4 else [], "S")
        for _ in range(rng.randrange(3)):
            g.play(rng.choice(g.legal_plays()))
        out.append(g)
    return out


@pytest.mark.parametrize("rules", [R17, R13], ids=["17", "13"])
def test_solver_agrees_with_the_engine_minimax(rules: RuleSet) -> None:
    """The solver counts one player's tricks against the other two together (the engine's
    minimax does the same: its side is the player's team, a team of one)."""
    solvers = [Solver(rules), Solver(rules, fast=False), Solver(rules, accelerated=False)]
    for i, g in enumerate(_endings(rules, 17, 30)):
        want = engine_per_move(g)
        for s in solvers:
            assert s.solve(g).per_move == want, i


def test_best_play_says_it_counts_against_both_others() -> None:
    g = _endings(R17, 3, 1)[0]
    text = best_play(g).text
    who = seat_name(g.turn, 3)  # type: ignore[arg-type]
    assert f"Counted against the other two playing together against {who}" in text


def test_the_solver_keeps_four_and_three_players_of_one_deck_apart() -> None:
    """The 13-card form deals from the plain deck: a solver built for four players first must
    not hand its four-seat fast path to three."""
    four = RuleSet.preset("standard")
    g4 = Game(four)
    g4.deal(rng=random.Random(1))
    for b in (3, 3, 3, 3):
        g4.bid(b)
    g4.set_ending([["AS", "2C"], ["KS", "3C"], ["QS", "4C"], ["JS", "5C"]], ["S"], "S")
    assert Solver(four).solve(g4).per_move == engine_per_move(g4)
    g3 = _endings(R13, 5, 1)[0]
    assert Solver(R13).solve(g3).per_move == engine_per_move(g3)
