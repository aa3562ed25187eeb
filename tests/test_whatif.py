"""What-if branches: never change the original, refuse illegal replacements with the rule id,
follow the chosen policy, and report a structured difference."""
from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest

from spades_lab import Game
from spades_lab.core.errors import IllegalAction, RecordError
from spades_lab.core.records import hand_steps, replay
from spades_lab.play.players import RandomPlayer, SimplePlayer, play_hand
from spades_lab.teach.whatif import what_if, what_if_game

DIR = Path(__file__).resolve().parent.parent / "data" / "scenarios"


def _record(preset: str = "standard", seed: int = 4, hands: int = 2, **opts):  # type: ignore
    g = Game(preset if not opts else __import__("spades_lab").RuleSet.preset(preset, opts))
    rng = random.Random(seed)
    for _ in range(hands):
        play_hand(g, [SimplePlayer()] * g.rules.players, rng)
    return g.to_record()


def test_what_if_never_changes_the_original() -> None:
    rec = _record()
    before = copy.deepcopy(rec)
    w = what_if(rec, (0, 0), "nil")
    assert rec == before
    assert w.original.game.to_record()["hands"] == rec["hands"]
    text = (DIR / "std_must_follow.json").read_text()
    legal = replay(DIR / "std_must_follow.json").game.legal_plays()[0]
    w2 = what_if(DIR / "std_must_follow.json", (0, 6), str(legal))  # a play added at the end
    assert (DIR / "std_must_follow.json").read_text() == text
    assert w2.branch.hands[0].bids == w2.original.hands[0].bids


def test_same_action_changes_nothing() -> None:
    rec = _record()
    step = hand_steps(rec, 0)[6]
    w = what_if(rec, (0, 6), step.value)
    assert not any(d.changed for d in w.diff)
    assert w.branch.totals == w.original.totals and w.divergences == ()
    assert "Nothing changes" in w.text


@pytest.mark.parametrize("at,action,rule", [
    ((0, 0), 14, "bid-out-of-range"),
    ((0, 0), "nil spades", "bid-not-allowed"),
    ((0, 4), "ZZ", "unknown-card"),
])
def test_illegal_replacement_is_refused(at, action, rule) -> None:  # type: ignore
    rec = _record()
    before = copy.deepcopy(rec)
    with pytest.raises(IllegalAction) as e:
        what_if(rec, at, action)
    assert e.value.rule == rule
    assert rec == before


def test_refusals_of_plays_carry_the_rule() -> None:
    rec = _record()
    g = replay(rec, upto=(0, 5)).game  # 4 bids then the lead: a card is down
    h = g.hand
    led = h.trick[0][1].card.suit
    mine = h.hands[h.turn]
    off = [c for c in mine if c.suit != led]
    if any(c.suit == led for c in mine) and off:
        with pytest.raises(IllegalAction) as e:
            what_if(rec, (0, 5), off[0].code)
        assert e.value.rule == "must-follow-suit"
    other = next(c for c in g.rules.deck.cards if c not in mine and c not in
                 [p.card for _, p in h.trick])
    with pytest.raises(IllegalAction) as e:
        what_if(rec, (0, 5), other.code)
    assert e.value.rule == "card-not-in-hand"


def test_step_numbering_is_replays() -> None:
    rec = _record()
    n = len(hand_steps(rec, 0))
    assert n == 4 + 52
    with pytest.raises(RecordError):
        what_if(rec, (0, n + 1), "2C")
    # the position at (0, k) is replay(upto=(0, k))
    for k in (0, 3, 4, 17):
        g = replay(rec, upto=(0, k)).game
        step = hand_steps(rec, 0)[k]
        assert (g.phase == "bidding") == (step.kind == "bid")
        if step.kind == "play":
            assert g.hand.turn == step.seat


def test_changed_bid_changes_score_and_later_hands_follow_record() -> None:
    rec = _record(hands=2)
    w = what_if(rec, (0, 0), "nil")
    d0 = w.diff[0]
    assert d0.changed and d0.bids[0] != d0.bids[1]
    seat = rec["hands"][0]["bids"][0]["seat"]
    team = seat % 2
    nils = d0.teams[team].nils[1]
    assert nils and nils[0].seat == seat and nils[0].bid.to_json() == "nil"
    # hand 1 is dealt as recorded and, the play being the same, scores the same
    assert w.branch.hands[1].taken == w.original.hands[1].taken
    d1 = w.diff[1]
    assert d1.teams[team].hand_score[0] == d1.teams[team].hand_score[1]
    assert d1.teams[team].total[0] != d1.teams[team].total[1]
    json.dumps(w.to_dict())


def test_changed_play_diverges_then_players_finish() -> None:
    # find a play whose replacement changes who wins the trick
    for seed in range(40):
        rec = _record(seed=seed, hands=1)
        for k in range(4, 4 + 52):
            g = replay(rec, upto=(0, k)).game
            h = g.hand
            recorded = hand_steps(rec, 0)[k].value
            alt = [p for p in g.legal_plays() if p.card.code != recorded]
            if len(h.trick) == 3 and alt:
                w = what_if(rec, (0, k), alt[0].card.code)
                if w.diff[0].trick_winners:
                    assert w.divergences, "a changed winner changes who leads next"
                    dv = w.divergences[0]
                    assert dv.hand == 0 and dv.step > k and dv.rule in (
                        "not-your-turn", "card-not-in-hand", "must-follow-suit",
                        "trump-not-broken")
                    assert w.branch.hands[0].complete
                    assert sum(w.branch.hands[0].taken) == 13
                    return
    pytest.fail("no diverging play found")


def test_players_policy_is_seeded_and_finishes_the_hand() -> None:
    rec = _record(hands=1)
    card = hand_steps(rec, 0)[10].value
    w1 = what_if(rec, (0, 10), card, then="players", players=RandomPlayer(), seed=3)
    w2 = what_if(rec, (0, 10), card, then="players", players=RandomPlayer(), seed=3)
    assert w1.branch == w2.branch and w1.branch.hands[0].complete
    assert w1.policy == "players"


def test_list_policy() -> None:
    rec = _record(hands=1)
    steps = hand_steps(rec, 0)
    nxt = [s.value for s in steps[5:8]]
    w = what_if(rec, (0, 4), steps[4].value, then=nxt)
    assert w.policy == "list"
    assert len(w.branch.game.to_record()["hands"][0]["plays"]) == 4
    with pytest.raises(IllegalAction):
        what_if(rec, (0, 4), steps[4].value, then=["ZZ"])


def test_option_change_only() -> None:
    rec = json.loads((DIR / "std_failed_nil_bags_only.json").read_text())
    w = what_if(rec, (0, 0), None, options={"failed_nil_tricks": "count_toward_bid"})
    assert w.options == {"failed_nil_tricks": "count_toward_bid"}
    t = w.diff[0].teams[0]
    assert t.changed and t.hand_score[0] != t.hand_score[1]
    assert [ln.rule for ln in t.lines[0]] != [ln.rule for ln in t.lines[1]] or \
        [ln.points for ln in t.lines[0]] != [ln.points for ln in t.lines[1]]
    with pytest.raises(IllegalAction) as e:
        what_if(rec, (0, 0), None, options={"th_low": True})
    assert e.value.rule == "bad-option"


def test_superior_trump_difference_in_acorns() -> None:
    rec = json.loads((DIR / "acorns_both_trumps_same_trick.json").read_text())
    h = replay(rec).game.hands[0]
    first, second = [s for s in range(4) if h.tricks[-1].plays[s][1].suit in ("S", "A")][:2]
    k = 4 + 4 * (len(h.tricks) - 1) + first  # the first trumper's play in the last trick
    g = replay(rec, upto=(0, k)).game
    plain = next(p for p in g.legal_plays() if p.suit not in ("S", "A"))
    w = what_if(rec, (0, k), str(plain))
    sup_a, sup_b = w.diff[0].superior
    assert sup_a == h.superior and sup_b == h.tricks[-1].plays[second][1].suit != sup_a
    assert w.diff[0].trick_winners and w.diff[0].trick_winners[0][0] == len(h.tricks) - 1


def test_exchange_replacement() -> None:
    f = DIR / "online_blind_nil_exchange.json"
    rec = json.loads(f.read_text())
    steps = hand_steps(rec, 0)
    k = next(i for i, s in enumerate(steps) if s.kind == "exchange")
    e = steps[k].entry()
    g = replay(rec, upto=(0, k)).game
    held = [c.code for c in g.hand.hands[e["from"]] if c.code not in e["cards"]]
    w = what_if(rec, (0, k), " ".join(held[:2]))
    assert w.action is not None and "passes" in w.action
    assert w.branch.game.to_record()["hands"][0]["exchange"][0]["cards"] == held[:2]
    assert w.original.game.to_record()["hands"][0]["exchange"][0]["cards"] == e["cards"]
    with pytest.raises(IllegalAction) as err:
        what_if(rec, (0, k), " ".join(held[:3]))
    assert err.value.rule == "exchange-invalid"
    assert json.loads(f.read_text()) == rec


def test_what_if_of_a_record_is_the_what_if_of_its_game() -> None:
    """The record API is a wrapper: the same branch from the replayed game, with or without a
    snapshot at the point, and under changed options."""
    rec = _record(hands=2)
    game = replay(rec).game
    for at, action, opts in [((0, 2), "nil", None), ((0, 9), None, None),
                             ((1, 7), None, {"bag_limit": 5}), ((0, 0), None, {"target": 100})]:
        if action is None and opts is None:
            action = next(p for p in replay(rec, upto=at).game.legal_plays()).card.code
        w = what_if(rec, at, action, options=opts)
        g = what_if_game(game, at, action, options=opts)
        s = what_if_game(game, at, action, options=opts, start=replay(rec, upto=at).game)
        assert w.diff == g.diff == s.diff and w.branch == g.branch == s.branch
        assert w.to_dict() == g.to_dict() == s.to_dict()
    assert game.to_record() == rec  # the game branched from is unchanged


def test_branch_from_a_live_game_with_looks() -> None:
    """A game played live (a seat looks at its cards before bidding) branches from its log: the
    look is kept in the branch, so that seat may no longer bid blind there."""
    g = Game("original")
    g.deal(rng=random.Random(8))
    looked = g.turn
    assert looked is not None
    g.look(looked)
    for b in (3, 4, 2, 3):
        g.bid(b)
    w = what_if_game(g, (0, 0), "nil")
    assert w.branch.game.hands[0].looked[looked] and w.branch.game.log[1] == g.log[1]
    assert w.branch.hands[0].bids[looked] != g.hands[0].bids[looked]
    with pytest.raises(IllegalAction) as e:
        what_if_game(g, (0, 0), "blind nil")
    assert e.value.rule == "blind-not-allowed" and "looked" in e.value.message
