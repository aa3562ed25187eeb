"""Players: legal everywhere, sensible in set positions, better than random."""
from __future__ import annotations

import random
import statistics

import pytest

from spades_lab import Game
from spades_lab.core.bids import Bid, parse_bid
from spades_lab.core.engine import PLAY, SeatView
from spades_lab.core.rules import RuleSet
from spades_lab.play.players import (
    HeuristicPlayer,
    RandomPlayer,
    SimplePlayer,
    act,
    estimate_tricks,
    make_player,
    play_game,
    play_hand,
)

H = HeuristicPlayer()
RNG = random.Random(0)


def view(rules: RuleSet, seat: int, hand: str, bids: list, trick: list[tuple[int, str]],
         taken: list[int] | None = None, superior: str | None = None,
         totals: tuple[int, ...] | None = None) -> SeatView:
    deck = rules.deck
    cards = tuple(deck.sorted(deck.parse_many(hand.split())))
    plays = []
    for s, text in trick:
        if " as " in text:
            code, suit = text.split(" as ")
            c = deck.parse(code)
            plays.append((s, c.play_as[{"S": 1}.get(suit, 0) or _bit(suit)]))
        else:
            plays.append((s, deck.parse(text).play))
    n = rules.players
    return SeatView(seat=seat, phase=PLAY, hand=cards, hand_sizes=(len(cards),) * n, dealer=0,
                    turn=seat, bids=tuple(None if b is None else parse_bid(rules, b) for b in bids),
                    trick=tuple(plays), tricks=(), taken=tuple(taken or [0] * n),
                    broken=tuple(sorted({p.suit for _, p in plays} & set(rules.trumps))),
                    superior=superior, totals=totals or (0,) * rules.team_count,
                    bags=(0,) * rules.team_count, rules=rules)


def _bit(suit: str) -> int:
    from spades_lab.core.cards import SUIT_BITS
    return SUIT_BITS[suit]


def follow(v: SeatView) -> list:
    """The legal plays for a synthetic view (following suit where possible)."""
    hand = v.hand or ()
    if not v.trick:
        return [c.play for c in hand]
    led = v.trick[0][1].bit
    same = [c.play_as[led] for c in hand if c.bits & led]
    return same or [p for c in hand for p in c.all_plays]


def choose(v: SeatView) -> str:
    return str(H.choose_play(v, follow(v), RNG))


STD = RuleSet.preset("standard")
ACORNS = RuleSet.preset("acorns")


def test_covers_a_partners_nil_and_otherwise_lets_partner_win() -> None:
    # East led, South (nil) is winning with 9H, West followed low; North plays last
    trick = [(1, "5H"), (2, "9H"), (3, "3H")]
    hand = "KH 4H 2C 3C 4C 5C 6C 7D 8D 9D 2D 3D 4D"
    assert choose(view(STD, 0, hand, [4, 3, "nil", 3], trick)) == "KH"
    assert choose(view(STD, 0, hand, [4, 3, 3, 3], trick)) == "4H"


def test_ducks_under_an_opponents_nil() -> None:
    # East bid nil and is winning with 8H: South keeps under it
    trick = [(0, "3H"), (1, "8H")]
    hand = "QH 7H 5H 2C 3C 4C 5C 6C 7D 8D 9D 2D 3D"
    assert choose(view(STD, 2, hand, [3, "nil", 3, 3], trick)) == "7H"
    assert choose(view(STD, 2, hand, [3, 3, 3, 3], trick)) == "QH"


def test_avoids_bags_once_the_bid_is_made() -> None:
    trick = [(1, "10H")]
    hand = "AH 9H 4H 2C 3C 4C 5C 6C 7D 8D 9D 2D 3D"
    made = view(STD, 2, hand, [2, 4, 1, 4], trick, taken=[2, 3, 1, 3])
    needs = view(STD, 2, hand, [2, 4, 3, 4], trick, taken=[2, 3, 1, 3])
    assert choose(made) == "9H"
    assert choose(needs) == "AH"


def test_nil_bidder_dumps_its_highest_losing_card() -> None:
    trick = [(1, "10H")]
    v = view(STD, 2, "KD 2C AS", [2, 4, "nil", 4], trick)
    assert choose(v) == "KD"  # not the Ace of Spades, which would win


def test_breaks_the_trump_it_is_longer_in() -> None:
    trick = [(0, "9H"), (1, "5H"), (2, "7H")]
    assert choose(view(ACORNS, 3, "2A 3A 4A 2S 5C", [5, 5, 5, 5], trick)) == "2A"
    assert choose(view(ACORNS, 3, "2S 3S 4S 2A 5C", [5, 5, 5, 5], trick)) == "2S"


def test_nil_spades_bidder_never_wins_a_spade() -> None:
    trick = [(0, "7S"), (1, "4S"), (2, "2S")]
    hand = "9S 3S 5C 6C"
    assert choose(view(ACORNS, 3, hand, [5, 5, 5, "nil spades + 3"], trick,
                       superior="S")) == "3S"
    assert choose(view(ACORNS, 3, hand, [5, 5, 5, 3], trick, superior="S")) == "9S"


def test_travelers_and_hunters_declared_to_win_or_to_discard() -> None:
    th = RuleSet.preset("acorns", travelers_hunters=True)
    trick = [(0, "9H"), (1, "5H"), (2, "7H")]
    # void in Hearts, holding the Traveler of Planets/Spades: as Spades it trumps
    need = view(th, 3, "TPS 2C", [5, 5, 5, 5], trick)
    assert choose(need) == "TPS as S"
    made = view(th, 3, "TPS 2C", [5, 3, 5, 1], trick, taken=[0, 3, 0, 3])
    assert choose(made) == "TPS as P"  # discards it as a Planet: bags avoided


def test_exchange_partner_returns_low_cards() -> None:
    v = view(STD, 0, "AS KH 2C 3D 9H 5S", [3, 3, "blind nil", 3], [])
    passed = H.choose_exchange(v, 2, 2, RNG)
    assert sorted(c.code for c in passed) == ["2C", "3D"]


def test_blind_nil_only_when_far_behind() -> None:
    legal = [Bid(0, "nil", True)]
    behind = view(STD, 0, "2C", [None] * 4, [], totals=(50, 300))
    assert H.choose_blind(behind, legal, RNG) == Bid(0, "nil", True)
    even = view(STD, 0, "2C", [None] * 4, [], totals=(250, 300))
    assert H.choose_blind(even, legal, RNG) is None


def test_estimate_tricks_orders_hands() -> None:
    deck = STD.deck
    strong = deck.parse_many("AS KS QS AH KH AD KD AC 2C 3C 4C 5C 6C".split())
    mid = deck.parse_many("AS 2S 3S AH 2H 3H 4D 5D 6D 4C 5C 6C 7C".split())
    weak = deck.parse_many("2S 3H 4H 5H 6H 2D 3D 4D 5D 2C 3C 4C 6C".split())
    assert estimate_tricks(STD, strong) > estimate_tricks(STD, mid) > estimate_tricks(STD, weak)


CONFIGS = [("standard", {}), ("online", {}), ("original", {}), ("acorns", {}),
           ("acorns", {"travelers_hunters": True, "th_low": True}), ("acorns8", {}),
           ("acorns8", {"teams": "fours", "travelers_hunters": True})]


@pytest.mark.parametrize("name,opts", CONFIGS)
def test_heuristic_plays_whole_hands_legally(name: str, opts: dict) -> None:
    rules = RuleSet.preset(name, opts)
    n = rules.players
    for i in range(3):
        # trailing far behind invites blind nils and their exchanges
        g = Game(rules, dealer=i % n, start={"scores": [0] + [300] * (rules.team_count - 1),
                                             "bags": [0] * rules.team_count})
        players = [H if s % 2 == i % 2 else RandomPlayer() for s in range(n)]
        play_hand(g, players, random.Random(f"{name}{i}"))
        assert g.hands[0].complete and sum(g.hands[0].taken) == rules.hand_size


def test_blind_bidder_passes_face_down() -> None:
    # a blind bidder never sees its cards: the table passes them; the partner returns
    g = Game("original")
    g.deal(rng=random.Random(4))

    class Blind(RandomPlayer):
        def choose_blind(self, view, legal, rng):  # type: ignore[no-untyped-def]
            assert view.hand is None
            return legal[0] if view.seat == 1 else None

        def choose_exchange(self, view, lo, hi, rng):  # type: ignore[no-untyped-def]
            assert view.hand is not None
            return super().choose_exchange(view, lo, hi, rng)

        def choose_exchange_count(self, view, lo, hi, rng):  # type: ignore[no-untyped-def]
            assert view.hand is None
            return 3

    rng = random.Random(1)
    while g.phase != PLAY:
        act(g, [Blind()] * 4, rng)
    ex = [e for e in g.log if e.kind == "exchange"]
    assert [(e.seat, e.to, len(e.cards)) for e in ex] == [(1, 3, 3), (3, 1, 3)]


def test_same_seed_same_game() -> None:
    recs = []
    for _ in range(2):
        g = Game("acorns")
        play_game(g, [H, RandomPlayer()] * 2, random.Random(9), max_hands=2)
        recs.append(g.to_record())
    assert recs[0] == recs[1]


def test_make_player() -> None:
    assert isinstance(make_player("heuristic"), HeuristicPlayer)
    assert isinstance(make_player("simple"), SimplePlayer)
    with pytest.raises(ValueError):
        make_player("clever")


@pytest.mark.parametrize("name", ["standard", "acorns"])
def test_heuristic_beats_random(name: str) -> None:
    rules = RuleSet.preset(name)
    heur, rand = [], []
    for i in range(60):
        g = Game(rules, dealer=i % 4)
        players = [H, RandomPlayer()] * 2 if i % 2 else [RandomPlayer(), H] * 2
        play_hand(g, players, random.Random(f"hr{i}"))
        for ts in g.hands[0].scores:
            (heur if players[ts.seats[0]] is H else rand).append(ts.hand_score)
    assert statistics.mean(heur) > statistics.mean(rand) + 50


def test_decisions_do_not_depend_on_hidden_cards() -> None:
    # Swap cards between two other seats' hands: what the seat to play sees is unchanged, and
    # so is every choice it makes.
    for name in ("standard", "acorns"):
        g = Game(name)
        rng = random.Random(3)
        while g.phase != PLAY or len(g.hand.tricks) < 2:  # type: ignore[union-attr]
            act(g, [H] * 4, rng)
        seat = g.turn
        assert seat is not None
        other = g.copy()
        a, b = [s for s in range(4) if s != seat][:2]
        ha, hb = other.hand.hands[a], other.hand.hands[b]  # type: ignore[union-attr]
        ha[0], hb[0] = hb[0], ha[0]
        v1, v2 = g.view(seat), other.view(seat)
        assert v1 == v2
        assert H.choose_play(v1, g.legal_plays(), random.Random(1)) == \
            H.choose_play(v2, other.legal_plays(), random.Random(1))
