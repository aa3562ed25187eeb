"""Explanations agree with the engine: every trick of random games of every preset, every
score, every legality verdict; and the structured reasons on hand-made positions."""
from __future__ import annotations

import json
import random

import pytest

from spades_lab import Game, RuleSet
from spades_lab.core.cards import BIT_SUIT, card_words
from spades_lab.core.engine import trump_states
from spades_lab.core.errors import RULE_IDS, RuleError
from spades_lab.core.records import replay
from spades_lab.core.tricks import after_play, tables_for, trick_winner
from spades_lab.play.players import RandomPlayer, act
from spades_lab.teach.explain import (
    CARD_ROLES,
    TRICK_REASONS,
    explain_bid,
    explain_exchange,
    explain_hand,
    explain_play,
    explain_score,
    explain_trick,
    knowledge_steps,
    trump_timeline,
    who_knows_what,
)

RULESETS = [
    ("standard", {}), ("online", {}), ("original", {}), ("acorns", {}),
    ("acorns", {"travelers_hunters": True}), ("acorns", {"travelers_hunters": True,
                                                        "th_low": True}),
    ("acorns8", {}), ("acorns8", {"teams": "fours", "travelers_hunters": True}),
    ("standard", {"failed_nil_tricks": "count_toward_bid", "bag_limit": 5,
                  "bag_penalty": 50}),
]


def _play_checked(game: Game, rng: random.Random, hands: int, check_every: int) -> None:
    """Play ``hands`` hands with random players, checking explain_play against the engine's
    legal plays at every ``check_every``-th play."""
    players = [RandomPlayer(nil_rate=0.3, blind_rate=0.1)] * game.rules.players
    count = 0
    while not game.over and len([h for h in game.hands if h.complete]) < hands:
        h = game.hand
        if game.phase == "play" and h is not None:
            count += 1
            if count % check_every == 0:
                legal = set(game.legal_plays())
                seat = h.turn
                for c in set(h.hands[seat]):
                    opts = [None] if not c.is_dual else list(c.suits)
                    for as_ in opts:
                        ex = explain_play(game, c, as_)
                        p = c.play if as_ is None else c.play_as[1 << "SHDCAPOW".index(as_)]
                        assert ex.legal == (p in legal), (ex, p)
                        if ex.legal:
                            assert ex.rule is None and ex.basis is not None
                        else:
                            assert ex.rule in RULE_IDS and ex.text
        act(game, players, rng)


def _letter(bit: int) -> str | None:
    return BIT_SUIT[bit] if bit else None


@pytest.mark.parametrize("preset,options", RULESETS)
def test_explanations_agree_with_engine(preset: str, options: dict) -> None:
    rules = RuleSet.preset(preset, options)
    for seed in range(3 if rules.acorns else 6):
        game = Game(rules)
        rng = random.Random(1000 + seed)
        _play_checked(game, rng, hands=2 if rules.acorns else 4, check_every=7)
        for hand in game.hands:
            # the state every trick recorded before its first card is the trick rules' trump
            # transition run over every card from the deal
            tab = tables_for(rules)
            broken, sup = 0, tab.start.sup_bit
            for k in range(len(hand.tricks) + 1):
                states = trump_states(hand, k)
                plays = hand.tricks[k].plays if k < len(hand.tricks) else hand.trick
                assert states[0] == (broken, _letter(sup)) and len(states) == len(plays) + 1
                for (_, p), st in zip(plays, states[1:], strict=True):
                    broken, sup = after_play(tab.trump_bits, broken, sup, p.bit)
                    assert st == (broken, _letter(sup))
            assert (broken, _letter(sup)) == (hand.broken, hand.superior)
            for t in hand.tricks:
                ex = explain_trick(hand, t.index)
                # the engine's own trick resolution (Hand._finish_trick) is separate code
                assert ex.winner == t.winner
                assert ex.steps[-1].winning_seat == t.winner
                assert ex.led == t.led and ex.complete
                assert ex.reason in ("led-suit-wins", "superior-trump-wins",
                                     "inferior-trump-wins")
                assert set(ex.reasons) <= set(TRICK_REASONS)
                assert all(set(s.roles) <= set(CARD_ROLES) for s in ex.steps)
                assert [s.seat for s in ex.steps] == [s for s, _ in t.plays]
                if rules.acorns and hand.superior_at and hand.superior_at[0] <= t.index:
                    assert ex.superior == hand.superior
                    assert ex.superior_set_at == hand.superior_at
                    assert ex.superior_set_here == (hand.superior_at[0] == t.index)
                aces = [p for _, p in t.plays if p.card.is_ace]
                if rules.acorns and aces:
                    face = any(p.card.is_face for _, p in t.plays)
                    assert ex.ace == ("high" if face else "low")
                    assert ("ace-high" if face else "ace-low") in ex.reasons
                # the reason agrees with the winning card's suit as played
                win_play = next(p for s, p in t.plays if s == t.winner)
                if ex.reason == "led-suit-wins":
                    assert win_play.suit == t.led
                else:
                    assert win_play.suit in rules.trumps
                json.dumps(ex.to_dict())
            if hand.trick:
                ex = explain_trick(hand)
                assert not ex.complete
                assert ex.winner == hand.winning_so_far()[0]
            tl = trump_timeline(hand)
            assert [b.suit for b in tl.breaks] == [s for s in rules.trumps if hand.is_broken(s)] \
                or sorted(b.suit for b in tl.breaks) == sorted(
                    s for s in rules.trumps if hand.is_broken(s))
            if rules.acorns:
                assert tl.superior == hand.superior
                assert tl.superior_set_at == hand.superior_at
                for d in tl.decided:
                    t = hand.tricks[d.trick]
                    assert d.winner == t.winner != d.would_win
            if hand.scores is not None:
                sc = explain_score(hand)
                for team, ts in zip(sc.teams, hand.scores, strict=True):
                    assert sum(ln.points for ln in team.lines) == ts.hand_score == \
                        team.hand_score
                    assert team.total == ts.total == team.total_before + ts.hand_score
                    assert team.bags == ts.bags
                    for nil, nr in zip(team.nils, ts.nils, strict=True):
                        assert nil.made == nr.made
                        if nr.broken_by is not None:
                            t = hand.tricks[nil.broken_in_trick]
                            assert t.winner == nr.seat
                            assert any(p.card is nr.broken_by for _, p in t.plays)
                            mine = next(p for s, p in t.plays if s == nr.seat)
                            assert nil.won_with == mine.card.code
                            assert nil.won_how == explain_trick(hand, t.index).reason
                            if nr.bid.nil_suit is None:  # full nil: the card that won it
                                assert nil.broken_by == nil.won_with
                                assert card_words(mine.card) in nil.text
                            else:  # partial nil: the card of the suit taken
                                assert nil.broken_by == nr.broken_by.code
                json.dumps(sc.to_dict())
            explain_hand(hand)


def _fixed(preset: str, deal: list[list[str]], bids: list, plays: list, **opts) -> Game:
    rec = {"rules": {"preset": preset, "options": opts}, "hands": [
        {"deal": deal, "bids": [{"seat": (1 + i) % 4, "bid": b} for i, b in enumerate(bids)],
         "plays": [{"seat": s, "card": c} for s, c in plays]}]}
    return replay(rec).game


SUITED = [
    ["AS", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH"],
    ["AH", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "10D", "JD", "QD", "KD"],
    ["AD", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC"],
    ["AC", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS"],
]


def test_must_follow_evidence() -> None:
    g = _fixed("standard", SUITED, [1, 1, 9, 2], [(1, "AH")])
    ex = explain_play(g, "AD")  # South holds no heart: legal
    assert ex.legal and ex.basis == "cannot-follow" and ex.evidence["holding_led"] == []
    g = _fixed("standard", SUITED, [1, 1, 9, 2], [(1, "2D")])
    ex = explain_play(g, "2C")
    assert not ex.legal and ex.rule == "must-follow-suit"
    assert ex.evidence["holding"] == ["AD"] and ex.evidence["led"] == "D"
    assert "must follow Diamonds" in ex.text


def test_trump_not_broken_evidence() -> None:
    g = _fixed("standard", SUITED, [1, 1, 9, 2], [])
    g.play("2D")
    g.play("AD")
    g.play("2S")  # West trumps: Spades broken
    g.play("2H")
    assert g.hand.turn == 3
    ex = explain_play(g, "3S")
    assert ex.legal and ex.basis == "leads-broken-trump" and ex.evidence["broken"] == ["S"]
    g2 = _fixed("standard", SUITED, [1, 1, 9, 2], [])
    g2.play("2D"), g2.play("AD"), g2.play("AC"), g2.play("2H")  # South wins, West discarded
    assert explain_play(g2, "3C").legal


def test_only_unbroken_trumps_may_be_led() -> None:
    deal = [SUITED[3], SUITED[1], SUITED[2], SUITED[0]]  # North holds only... AC + spades
    g = _fixed("standard", deal, [1, 1, 1, 1], [])
    # East leads (left of dealer): East holds diamonds; nothing special
    assert explain_play(g, "2D").basis == "leads"
    # a seat holding only spades and nothing else may lead one
    only = [["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS"],
            SUITED[1], SUITED[2],
            ["AC", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH"]]
    rec = {"rules": {"preset": "standard", "options": {"first_lead": "dealer"}}, "hands": [
        {"dealer": 0, "deal": only, "bids": [{"seat": s, "bid": 1} for s in (1, 2, 3, 0)]}]}
    g = replay(rec).game
    ex = explain_play(g, "5S")
    assert ex.legal and ex.basis == "only-unbroken-trumps"
    ex = explain_play(g, "2D")
    assert ex.rule == "card-not-in-hand"


def test_trick_steps_show_lead_changes() -> None:
    g = _fixed("standard", SUITED, [1, 1, 9, 2], [(1, "2D"), (2, "AD"), (3, "2S"), (0, "2H")])
    t = explain_trick(g.hands[0], 0)
    assert [s.winning_seat for s in t.steps] == [1, 2, 3, 3]
    assert [s.lead_changed for s in t.steps] == [False, True, True, False]
    assert [s.winning_reason for s in t.steps] == ["led-suit-wins", "led-suit-wins",
                                                   "superior-trump-wins",
                                                   "superior-trump-wins"]
    assert t.broken_before == () and t.steps[2].broken == ("S",)
    assert "broke-trump" in t.reasons and t.ace is None


def test_bid_and_exchange_legality() -> None:
    g = Game("standard")
    g.deal(rng=random.Random(1))
    assert explain_bid(g, 14).rule == "bid-out-of-range"
    assert explain_bid(g, "nil spades").rule == "bid-not-allowed"
    assert explain_bid(g, 3).legal
    assert explain_bid(g, 3, seat=2).rule == "not-your-turn"
    assert explain_exchange(g, 0, []).rule == "wrong-phase"
    og = Game("original")
    og.deal(rng=random.Random(2))
    og.bid("blind nil")
    for b in (3, 3, 3):
        og.bid(b)
    assert og.phase == "exchange"
    ex = explain_exchange(og, 1, ["AS", "KS", "QS", "JS"])
    assert not ex.legal and ex.evidence["hi"] == 3
    held = [c.code for c in og.hand.hands[1][:3]]
    assert explain_exchange(og, 1, held).legal


def test_knowledge() -> None:
    g = _fixed("standard", SUITED, [1, 1, 9, 2], [(1, "2D"), (2, "AD"), (3, "2S"), (0, "2H")])
    kn = who_knows_what(g)
    assert kn[0].own is not None and len(kn[0].own) == 12
    assert kn[0].voids == {3: ("D",), 0: ("D",)}
    assert kn[2].seen_played == ("2D", "AD", "2S", "2H")
    rec = g.to_record()
    steps = knowledge_steps(rec, 0)
    assert len(steps) == 1 + 4 + 4
    assert steps[0].seats[0].own is None  # nobody has looked before bidding
    assert steps[1].seats[1].own is not None and steps[1].seats[0].own is None
    assert steps[-1].seats[1].voids == kn[1].voids


def test_incomplete_hand_has_no_score() -> None:
    g = _fixed("standard", SUITED, [1, 1, 9, 2], [(1, "2D")])
    with pytest.raises(RuleError) as e:
        explain_score(g.hands[0])
    assert e.value.rule == "wrong-phase"
    t = explain_trick(g.hands[0])
    assert not t.complete and t.winner == 1 and t.reason == "led-suit-wins"
    with pytest.raises(RuleError):
        explain_trick(g.hands[0], 5)


def test_trick_winner_matches_reasons_for_flipped_ace() -> None:
    r = RuleSet.preset("acorns")
    from spades_lab.core.cards import parse_card as pc
    plays = [(0, pc("AH").play), (1, pc("5H").play), (2, pc("JD").play), (3, pc("2H").play)]
    assert trick_winner(r, plays[:2], None) == (1, "led-suit-wins")
    assert trick_winner(r, plays, None) == (0, "led-suit-wins")


def test_knowledge_of_an_exchange() -> None:
    from pathlib import Path
    f = Path(__file__).resolve().parent.parent / "data" / "scenarios" / \
        "online_blind_nil_exchange.json"
    rec = json.loads(f.read_text())
    ex = rec["hands"][0]["exchange"]
    steps = knowledge_steps(rec, 0)
    after = steps[4 + len(ex)]  # after the bids and both passes
    blind, partner = ex[0]["from"], ex[0]["to"]
    assert after.seats[blind].passed == tuple(ex[0]["cards"])
    assert after.seats[blind].received == tuple(ex[1]["cards"])
    assert after.seats[partner].received == tuple(ex[0]["cards"])
    other = (blind + 1) % 4
    assert after.seats[other].passed == () and after.seats[other].received == ()
    # before the blind bidder passes, its own cards are hidden from nobody but itself
    mid = steps[4]
    assert mid.seats[blind].own is None
