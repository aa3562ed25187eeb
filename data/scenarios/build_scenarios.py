"""Rebuild the curated scenario records of this folder (engine-generated, then trimmed).

    .venv/bin/python data/scenarios/build_scenarios.py [NAME ...]

Each scenario searches seeded deals (``random.Random(seed)``, seeds in order) for a position
or hand showing one rule, plays it with the kit's players (scripted bids where the rule needs
them), and trims the record at the moment that shows it.  The output is deterministic for a
given engine and players module; the JSON files are the reference, this script only documents
how they were made.  What each file teaches is in README.md.
"""
from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from spades_lab import Game, RuleSet
from spades_lab.core.bids import Bid, parse_bid
from spades_lab.core.cards import Card, Play
from spades_lab.core.engine import SeatView
from spades_lab.teach.explain import explain_trick, trump_timeline
from spades_lab.play.players import act

try:
    from spades_lab.play.players import HeuristicPlayer as _Base
except ImportError:  # pragma: no cover
    from spades_lab.play.players import RandomPlayer as _Base  # type: ignore[assignment]

HERE = Path(__file__).resolve().parent


class Scripted(_Base):  # type: ignore[misc, valid-type]
    """Bids what the script says for the seats it names; plays like its base player, or at
    random with ``random_play``."""

    def __init__(self, rules: RuleSet, bids: Mapping[int, Any] | None = None,
                 random_play: bool = False) -> None:
        super().__init__()
        self.rules = rules
        self.bids = {s: parse_bid(rules, b) for s, b in (bids or {}).items()}
        self.random_play = random_play

    def choose_blind(self, view: SeatView, legal: Sequence[Bid], rng: random.Random
                     ) -> Bid | None:
        b = self.bids.get(view.seat)
        if b is not None:
            return b if b.blind else None
        return None

    def choose_bid(self, view: SeatView, legal: Sequence[Bid], rng: random.Random) -> Bid:
        b = self.bids.get(view.seat)
        if b is not None:
            return b
        choice = super().choose_bid(view, legal, rng)
        if choice.nil:  # keep unscripted seats ordinary, so each scenario shows one thing
            return min((x for x in legal if x.nil is None),
                       key=lambda x: abs(x.tricks - choice.tricks))
        return choice

    def choose_play(self, view: SeatView, legal: Sequence[Play], rng: random.Random) -> Play:
        if self.random_play:
            return rng.choice(legal)
        return super().choose_play(view, legal, rng)


Pred = Callable[[Game], bool]


def search(preset: str, options: Mapping[str, Any] | None, pred: Pred, *,
           bids: Mapping[int, Any] | None = None, start: dict[str, list[int]] | None = None,
           dealer: int = 0, random_play: bool = False, seeds: range = range(4000),
           players: Sequence[str] | None = None) -> dict[str, Any]:
    """The record of the first seeded game reaching a position where ``pred`` holds (checked
    after every action of the first hand), trimmed there."""
    rules = RuleSet.preset(preset, dict(options or {}))
    for seed in seeds:
        rng = random.Random(seed)
        game = Game(rules, start=start, dealer=dealer, players=players)
        pl = [Scripted(rules, bids, random_play)] * rules.players
        game.deal(rng)
        try:
            while not game.hands[0].complete:
                act(game, pl, rng)
                if pred(game):
                    return game.to_record()
        except Exception:
            continue
    raise RuntimeError(f"no seed gives the wanted position for {preset} {options}")


def _h(g: Game) -> Any:
    return g.hands[0]


def _last_trick_done(g: Game) -> bool:
    h = _h(g)
    return g.phase in ("play", "deal") and bool(h.tricks) and not h.trick


def _lt(g: Game) -> Any:
    return explain_trick(_h(g), len(_h(g).tricks) - 1)


# ---------------------------------------------------------------------------- scenarios

def std_led_suit_wins() -> dict[str, Any]:
    return search("standard", None, lambda g: _last_trick_done(g) and len(_h(g).tricks) == 1
                  and _lt(g).reason == "led-suit-wins"
                  and sum("followed" in s.roles for s in _lt(g).steps) == 3)


def std_must_follow() -> dict[str, Any]:
    def pred(g: Game) -> bool:
        h = _h(g)
        if g.phase != "play" or len(h.trick) != 2:
            return False
        led = h.trick[0][1].card.suit
        mine = h.hands[h.turn]
        return (sum(c.suit == led for c in mine) == 1 and led != "S"
                and any(c.suit != led for c in mine))
    return search("standard", None, pred)


def std_trump_not_broken() -> dict[str, Any]:
    def pred(g: Game) -> bool:
        h = _h(g)
        return (g.phase == "play" and not h.trick and len(h.tricks) >= 3
                and not h.is_broken("S") and sum(c.suit == "S" for c in h.hands[h.turn]) >= 3)
    return search("standard", None, pred)


def std_spades_broken_by_trumping() -> dict[str, Any]:
    def pred(g: Game) -> bool:
        if not _last_trick_done(g):
            return False
        t = _lt(g)
        return ("broke-trump" in t.reasons and t.reason == "superior-trump-wins"
                and t.steps[0].roles == ("led",) and t.led != "S"
                and sum("trumped" in s.roles for s in t.steps) == 1)
    return search("standard", None, pred)


def std_only_spades_left() -> dict[str, Any]:
    spades = ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS"]
    return {"format": "spades-lab/1",
            "rules": {"preset": "standard", "options": {}},
            "players": ["Ann", "Ben", "Cat", "Dan"],
            "hands": [{"dealer": 3, "deal": [
                spades,
                ["AH", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "10D", "JD", "QD", "KD"],
                ["AD", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC"],
                ["AC", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH"]],
                "bids": [{"seat": 0, "bid": 13}, {"seat": 1, "bid": 1}, {"seat": 2, "bid": 1},
                         {"seat": 3, "bid": 1}],
                "exchange": [], "plays": []}]}


def _complete(g: Game) -> bool:
    return _h(g).complete


def std_bid_made_with_bags() -> dict[str, Any]:
    def pred(g: Game) -> bool:
        s = _h(g).scores
        return bool(s) and s[0].made and 2 <= s[0].bags_added <= 3 and not s[1].made
    return search("standard", None, pred)


def std_nil_made() -> dict[str, Any]:
    def pred(g: Game) -> bool:
        s = _h(g).scores
        return bool(s) and s[0].nils[0].made and s[0].made
    return search("standard", None, pred, bids={2: "nil"})


def std_failed_nil_bags_only() -> dict[str, Any]:
    def pred(g: Game) -> bool:
        s = _h(g).scores
        return bool(s) and not s[0].nils[0].made and 1 <= s[0].nils[0].tricks <= 2 \
            and not s[0].made
    return search("standard", None, pred, bids={2: "nil"})


def std_failed_nil_count_toward_bid() -> dict[str, Any]:
    rec = json.loads((HERE / "std_failed_nil_bags_only.json").read_text())
    rec["rules"]["options"] = {"failed_nil_tricks": "count_toward_bid"}
    return rec


def std_blind_nil() -> dict[str, Any]:
    return search("standard", None, _complete, bids={1: "blind nil"})


def std_bag_penalty() -> dict[str, Any]:
    def pred(g: Game) -> bool:
        s = _h(g).scores
        return bool(s) and s[0].penalties == 1
    return search("standard", None, pred, start={"scores": [320, 280], "bags": [8, 3]})


def online_bag_penalty_1_5_50() -> dict[str, Any]:
    def pred(g: Game) -> bool:
        s = _h(g).scores
        return bool(s) and s[0].penalties == 2
    return search("online", {"bag_limit": 5, "bag_penalty": 50}, pred,
                  start={"scores": [150, 210], "bags": [4, 1]}, random_play=True)


def online_blind_nil_exchange() -> dict[str, Any]:
    return search("online", None, _complete, bids={2: "blind nil"},
                  start={"scores": [120, 260], "bags": [1, 2]})


def online_blind_not_allowed() -> dict[str, Any]:
    def pred(g: Game) -> bool:
        return g.phase == "bidding" and _h(g).turn == 2
    return search("online", None, pred, start={"scores": [230, 260], "bags": [0, 0]})


def original_blind_nil_up_to_3() -> dict[str, Any]:
    def pred(g: Game) -> bool:
        h = _h(g)
        return h.complete and h.exchanges and len(h.exchanges[0].passed or ()) == 3
    return search("original", None, pred, bids={1: "blind nil"})


def _at_target(preset: str, opts: Mapping[str, Any] | None, fix: Callable[[list[int]], list[int]]
               ) -> dict[str, Any]:
    rec = search(preset, opts, _complete)
    from spades_lab.core.records import replay
    hs = [t.hand_score for t in replay(rec).game.hands[0].scores]
    rec["start"] = {"scores": fix(hs), "bags": [0, 0]}
    return rec


def std_game_over() -> dict[str, Any]:
    return _at_target("standard", None, lambda hs: [max(0, 500 - hs[0] + 20) if hs[0] > 0
                                                    else 520 - hs[0], 300])


def std_tie_at_target() -> dict[str, Any]:
    # both partnerships must score at least 30 this hand, so both start below the target
    def pred(g: Game) -> bool:
        s = _h(g).scores
        return bool(s) and min(t.hand_score for t in s) >= 30
    rec = search("standard", None, pred)
    from spades_lab.core.records import replay
    hs = [t.hand_score for t in replay(rec).game.hands[0].scores]
    rec["start"] = {"scores": [510 - hs[0], 510 - hs[1]], "bags": [0, 0]}
    return rec


def std_both_partners_nil() -> dict[str, Any]:
    def pred(g: Game) -> bool:
        s = _h(g).scores
        return bool(s) and {n.made for n in s[0].nils} == {True, False}
    return search("standard", None, pred, bids={0: "nil", 2: "nil"})


def original_both_partners_blind() -> dict[str, Any]:
    def pred(g: Game) -> bool:
        h = _h(g)
        return h.complete and not h.exchanges
    return search("original", None, pred, bids={1: "blind nil", 3: "blind nil"})


def _blind_partial(kind: str) -> dict[str, Any]:
    def pred(g: Game) -> bool:
        h = _h(g)
        return h.complete and bool(h.exchanges) and len(h.exchanges[0].passed or ()) == 3
    return search("acorns", None, pred, bids={2: f"blind {kind}"})


def acorns_blind_nil_spades_trade_3() -> dict[str, Any]:
    return _blind_partial("nil spades")


def acorns_blind_nil_acorns_trade_3() -> dict[str, Any]:
    return _blind_partial("nil acorns + 2")


def acorns_nil_acorns() -> dict[str, Any]:
    def pred(g: Game) -> bool:
        s = _h(g).scores
        return bool(s) and not s[1].nils[0].made and s[1].nils[0].broken_by is not None
    return search("acorns", None, pred, bids={1: "nil acorns + 2"})


def acorns_full_nil() -> dict[str, Any]:
    def pred(g: Game) -> bool:
        s = _h(g).scores
        return bool(s) and s[0].nils[0].made
    return search("acorns", None, pred, bids={2: "full nil"})


def acorns_game_superiority_resets() -> dict[str, Any]:
    """A whole Acorns game (target 1000) from 640/590: the superior trump is set again in each
    deal, and differs between the first two."""
    rules = RuleSet.preset("acorns")
    for seed in range(2000):
        rng = random.Random(seed)
        game = Game(rules, start={"scores": [640, 590], "bags": [3, 5]})
        pl = [Scripted(rules)] * 4
        while not game.over and len(game.hands) < 4:
            game.deal(rng)
            while not game.hands[-1].complete:
                act(game, pl, rng)
        sups = [h.superior for h in game.hands]
        if game.over and 2 <= len(game.hands) <= 3 and sups[0] != sups[1]:
            return game.to_record()
    raise RuntimeError("no seed gives a short Acorns game whose superior trump changes")


def acorns8_travelers_hunters() -> dict[str, Any]:
    def pred(g: Game) -> bool:
        h = _h(g)
        if not h.complete:
            return False
        roles = [r for t in h.tricks for st in explain_trick(h, t.index).steps
                 for r in st.roles]
        return "declared-suit" in roles and "played-as-led-suit" in roles
    return search("acorns8", {"travelers_hunters": True}, pred)


def acorns8_blind_exchange() -> dict[str, Any]:
    def pred(g: Game) -> bool:
        h = _h(g)
        return h.complete and bool(h.exchanges) and len(h.exchanges[0].passed or ()) >= 2
    return search("acorns8", None, pred, bids={5: "blind nil acorns"})


def std_losing_floor() -> dict[str, Any]:
    def pred(g: Game) -> bool:
        s = _h(g).scores
        return bool(s) and s[0].hand_score < -30 and s[1].hand_score > 0
    rec = search("standard", {"losing_floor": -200}, pred)
    from spades_lab.core.records import replay
    hs = replay(rec).game.hands[0].scores[0].hand_score
    rec["start"] = {"scores": [-190 - hs - 10, 100], "bags": [0, 0]}
    return rec


def acorns_ace_flips() -> dict[str, Any]:
    def pred(g: Game) -> bool:
        if not _last_trick_done(g):
            return False
        t = _lt(g)
        return any(s.ace_flipped for s in t.steps) and _h(g).tricks[-1].plays[
            [s.seat for s in t.steps].index(t.winner)][1].card.is_ace
    return search("acorns", None, pred, random_play=True)


def acorns_ace_low() -> dict[str, Any]:
    def pred(g: Game) -> bool:
        if not _last_trick_done(g):
            return False
        t = _lt(g)
        return t.ace == "low" and t.reason == "led-suit-wins" and t.steps[0].card.startswith("A")
    return search("acorns", None, pred, random_play=True)


def acorns_superior_set_by_traveler() -> dict[str, Any]:
    def pred(g: Game) -> bool:
        h = _h(g)
        if not _last_trick_done(g) or h.superior_at is None:
            return False
        tl = trump_timeline(h)
        return bool(tl.breaks) and tl.breaks[0].declared and not tl.breaks[0].led
    return search("acorns", {"travelers_hunters": True}, pred, random_play=True)


def acorns_inferior_trump_wins() -> dict[str, Any]:
    def pred(g: Game) -> bool:
        return _last_trick_done(g) and _lt(g).reason == "inferior-trump-wins" and \
            _lt(g).led not in ("S", "A")
    return search("acorns", None, pred, random_play=True)


def acorns_superiority_decides() -> dict[str, Any]:
    def pred(g: Game) -> bool:
        h = _h(g)
        if not _last_trick_done(g):
            return False
        tl = trump_timeline(h)
        return bool(tl.decided) and tl.decided[-1].trick == len(h.tricks) - 1
    return search("acorns", None, pred, random_play=True)


def acorns_both_trumps_same_trick() -> dict[str, Any]:
    def pred(g: Game) -> bool:
        h = _h(g)
        if not _last_trick_done(g):
            return False
        tl = trump_timeline(h)
        return len(tl.breaks) == 2 and tl.breaks[0].trick == tl.breaks[1].trick == \
            len(h.tricks) - 1
    return search("acorns", None, pred, random_play=True)


def acorns_nil_spades_broken_by_traveler() -> dict[str, Any]:
    def pred(g: Game) -> bool:
        s = _h(g).scores
        if not s:
            return False
        n = s[0].nils[0]
        return not n.made and n.broken_by is not None and n.broken_by.is_dual
    return search("acorns", {"travelers_hunters": True}, pred, bids={0: "nil spades + 3"},
                  random_play=True)


def acorns_blind_full_nil_exchange() -> dict[str, Any]:
    def pred(g: Game) -> bool:
        h = _h(g)
        return h.complete and h.exchanges and len(h.exchanges[0].passed or ()) == 6
    return search("acorns", None, pred, bids={3: "blind full nil"})


def acorns_th_low() -> dict[str, Any]:
    def pred(g: Game) -> bool:
        h = _h(g)
        if not _last_trick_done(g):
            return False
        plays = h.tricks[-1].plays
        ranks = {p.card.rank for _, p in plays if p.suit == plays[0][1].suit}
        return "T" in ranks and "B" in ranks and not ({"J", "H", "Q", "K"} & ranks) and \
            not any(p.suit in ("S", "A") for _, p in plays if p.suit != plays[0][1].suit)
    return search("acorns", {"travelers_hunters": True, "th_low": True}, pred,
                  random_play=True, seeds=range(20000))


def acorns_bad_declaration() -> dict[str, Any]:
    def pred(g: Game) -> bool:
        h = _h(g)
        if g.phase != "play" or len(h.trick) != 1:
            return False
        L = h.trick[0][1].bit
        return any(c.is_dual and c.bits & L for c in h.hands[h.turn])
    return search("acorns", {"travelers_hunters": True}, pred, random_play=True)


def acorns_zero_bid() -> dict[str, Any]:
    def pred(g: Game) -> bool:
        s = _h(g).scores
        return bool(s) and s[1].bid == 0 and s[1].made and s[1].bags_added > 0
    return search("acorns", None, pred, bids={1: 0, 3: 0})


def acorns8_fours() -> dict[str, Any]:
    return search("acorns8", {"teams": "fours"}, _complete)


def acorns8_pairs_half_nil() -> dict[str, Any]:
    def pred(g: Game) -> bool:
        s = _h(g).scores
        return bool(s) and s[0].nils[0].made
    return search("acorns8", None, pred, bids={4: "nil acorns + 1"})


def _game_end(preset: str, opts: Mapping[str, Any] | None,
              start_for: Callable[[list[int]], list[int] | None]) -> dict[str, Any]:
    """One complete hand, with start totals (``start_for`` of the hand's scores, or None when
    they do not fit) that make the game end after it."""
    from spades_lab.core.records import replay
    for seed in range(4000):
        try:
            rec = search(preset, opts, _complete, seeds=range(seed, seed + 1))
        except RuntimeError:
            continue
        hs = [t.hand_score for t in replay(rec).game.hands[0].scores]
        start = start_for(hs)
        if start is not None:
            head = {k: rec[k] for k in rec if k != "hands"}
            return {**head, "start": {"scores": start, "bags": [0] * len(hs)},
                    "hands": rec["hands"]}
    raise RuntimeError(f"no seed ends a {preset} game as wanted")


def std_short_game_200() -> dict[str, Any]:
    """Target 200: both partnerships pass it in the same hand; East/West started nearer the
    target, North/South finish higher and win."""
    def start(hs: list[int]) -> list[int] | None:
        if hs[1] > 10 and hs[0] - hs[1] > 40:
            return [240 - hs[0], 210 - hs[1]]
        return None
    return _game_end("standard", {"target": 200}, start)


def acorns_short_game_400() -> dict[str, Any]:
    """The Acorns short game of 400: North/South reach it and win."""
    def start(hs: list[int]) -> list[int] | None:
        return [420 - hs[0], 250] if hs[0] > 20 and 250 + hs[1] < 420 else None
    return _game_end("acorns", {"target": 400}, start)


def acorns8_short_game_200() -> dict[str, Any]:
    """Eight players, the short game of 200: one pair reaches it and the game ends."""
    def start(hs: list[int]) -> list[int] | None:
        ok = hs[0] > 20 and all(60 + h < 220 for h in hs[1:])
        return [220 - hs[0], 60, 60, 60] if ok else None
    return _game_end("acorns8", {"target": 200}, start)


def online_game_over() -> dict[str, Any]:
    """An online game to 500: East/West reach it and win."""
    def start(hs: list[int]) -> list[int] | None:
        return [330, 520 - hs[1]] if hs[1] > 20 and 330 + hs[0] < 520 else None
    return _game_end("online", None, start)


def std_dealer_rotates() -> dict[str, Any]:
    """Three complete hands of one standard game: the deal passes clockwise (North, East,
    South), and each hand the player left of the dealer bids and leads first."""
    rules = RuleSet.preset("standard")
    rng = random.Random(0)
    game = Game(rules, dealer=0)
    pl = [Scripted(rules)] * 4
    for _ in range(3):
        game.deal(rng)
        while not game.hands[-1].complete:
            act(game, pl, rng)
    assert not game.over
    return game.to_record()


# ---------------------------------------------------------------------------- house rules
# the rule audit (issue 31): rule sentences no record showed yet

def std_bags_off() -> dict[str, Any]:
    """The deal and play of std_bag_penalty.json with ``bag_limit: null``: the bags pass 10,
    no penalty is taken, and the count is still kept."""
    rec = json.loads((HERE / "std_bag_penalty.json").read_text())
    rec["rules"]["options"] = {"bag_limit": None}
    return rec


def original_short_game_200() -> dict[str, Any]:
    """The original short game of 200: North/South reach it in hand 1 and win."""
    def start(hs: list[int]) -> list[int] | None:
        return [210 - hs[0], 100] if hs[0] > 20 and 100 + hs[1] < 200 else None
    return _game_end("original", {"target": 200}, start)


def acorns_trump_not_broken() -> dict[str, Any]:
    """A lead after 3 tricks or more: Spades broken, Acorns not; the leader holds Acorns and
    plain cards, so an Acorn may not be led (a Spade may)."""
    def pred(g: Game) -> bool:
        h = _h(g)
        if g.phase != "play" or h.trick or len(h.tricks) < 3:
            return False
        mine = h.hands[h.turn]
        return (h.is_broken("S") and not h.is_broken("A") and sum(c.suit == "A" for c in mine) >= 2
                and any(c.suit == "S" for c in mine)
                and any(c.suit not in ("S", "A") for c in mine))
    return search("acorns", None, pred)


def online_exchange_owed() -> dict[str, Any]:
    """South's blind nil: South has passed 2 cards and North owes 2 back. North may pass back
    any 2 cards held (the ones just received too); no card may be played yet."""
    def pred(g: Game) -> bool:
        h = _h(g)
        return (g.phase == "exchange" and bool(h.exchanges)
                and h.exchanges[0].passed is not None and h.exchanges[0].returned is None)
    return search("online", None, pred, bids={2: "blind nil"},
                  start={"scores": [120, 260], "bags": [1, 2]})


def acorns_one_nil_per_player() -> dict[str, Any]:
    """The Acorns bidding, South to bid: one nil-type bid per player (a bid naming two is
    refused), and nil / blind nil are not Acorns bids."""
    return search("acorns", None, _bidding_at(1))


AUDIT_SCENARIOS = [std_bags_off, original_short_game_200, acorns_trump_not_broken,
                   online_exchange_owed, acorns_one_nil_per_player]


# house rules: bidding and play (docs/rulings.md section 9): one record per option


def _bidding_at(seat_count: int) -> Pred:
    """The position once ``seat_count`` bids are in (the next seat to bid)."""
    return lambda g: g.phase == "bidding" and sum(b is not None for b in _h(g).bids) == seat_count


def _first_lead(g: Game) -> bool:
    h = _h(g)
    return g.phase == "play" and not h.tricks and not h.trick


def std_house_spade_lead_any() -> dict[str, Any]:
    def pred(g: Game) -> bool:
        h = _h(g)
        return _first_lead(g) and 2 <= sum(c.suit == "S" for c in h.hands[h.turn]) <= 5
    return search("standard", {"spade_lead": "any"}, pred)


def std_house_spade_lead_not_first_trick() -> dict[str, Any]:
    def pred(g: Game) -> bool:
        h = _h(g)
        if g.phase != "play" or h.tricks or len(h.trick) != 2:
            return False
        led = h.trick[0][1].card.suit
        mine = h.hands[h.turn]
        return not any(c.suit == led for c in mine) and any(c.suit == "S" for c in mine)
    return search("standard", {"spade_lead": "not_first_trick"}, pred)


def std_house_zero_bid() -> dict[str, Any]:
    def pred(g: Game) -> bool:
        s = _h(g).scores
        return bool(s) and s[0].made and s[0].bags_added >= 1
    return search("standard", {"zero_bid": "ordinary"}, pred, bids={2: 0})


def std_house_nil_off() -> dict[str, Any]:
    return search("standard", {"nil_bids": "off"}, _bidding_at(1))


def std_house_nil_below_target() -> dict[str, Any]:
    """The tie at the target (std_tie_at_target: 510 each after hand 1, so a hand is played
    on) under ``nil_bids = below_target``, into hand 2's bidding."""
    from spades_lab.core.records import replay

    rec = json.loads((HERE / "std_tie_at_target.json").read_text())
    rec["rules"]["options"] = {"nil_bids": "below_target"}
    g = replay(rec).game
    rng = random.Random(24)
    g.deal(rng)
    pl = [Scripted(g.rules)] * g.rules.players
    act(g, pl, rng)  # the first bid of hand 2 (bots look first, so the next seat has not)
    while g.hand is not None and g.hand.looked[g.hand.turn]:  # type: ignore[index]
        act(g, pl, rng)
    return g.to_record()


def std_house_blind_nil_off() -> dict[str, Any]:
    return search("standard", {"blind_nil": False}, _bidding_at(1))


def std_house_team_bid_max() -> dict[str, Any]:
    return search("standard", {"team_bid_max": 10}, _bidding_at(3), bids={0: 7})


def std_house_team_bid_min() -> dict[str, Any]:
    return search("standard", {"team_bid_min": 4}, _bidding_at(3), bids={0: 1})


def std_house_blind_bids() -> dict[str, Any]:
    def pred(g: Game) -> bool:
        s = _h(g).scores
        return bool(s) and s[1].made
    return search("standard", {"blind_bids": True}, pred, bids={1: "blind 4", 3: 2})


def std_house_nil_exchange() -> dict[str, Any]:
    return search("standard", {"nil_exchange": 2}, _complete, bids={2: "nil"})


def std_house_mirror() -> dict[str, Any]:
    return search("standard", {"bidding": "mirror"}, _complete)


def std_house_whiz() -> dict[str, Any]:
    def pred(g: Game) -> bool:
        h = _h(g)
        return _bidding_at(2)(g) and h.turn is not None and any(
            c.suit == "S" for c in h.hands[h.turn])
    return search("standard", {"bidding": "whiz"}, pred)


def std_house_suicide() -> dict[str, Any]:
    return search("standard", {"bidding": "suicide"}, _complete,
                  bids={1: "nil", 2: 4, 3: 5, 0: "nil"})
# end house rules: bidding and play


def std_house_jokers() -> dict[str, Any]:
    """Jokers Spades: Diamonds led, the seat to play holds the 2 of Diamonds (a Spade here) and
    no other Diamond, Spades broken or not: it cannot follow, and may trump with the 2."""
    def pred(g: Game) -> bool:
        h = _h(g)
        if g.phase != "play" or len(h.trick) != 1 or h.trick[0][1].card.face != ("D",):
            return False
        mine = h.hands[h.turn]
        return any(c.code == "2D" for c in mine) and not any(c.suit == "D" for c in mine)
    return search("standard", {"jokers": "on"}, pred)


def std_house_jokers_trick() -> dict[str, Any]:
    """Jokers Spades, a whole hand: a Joker wins a trick over another trump."""
    def pred(g: Game) -> bool:
        h = _h(g)
        if not h.complete:
            return False
        return any(t.plays[[s for s, _ in t.plays].index(t.winner)][1].card.is_joker
                   and sum(p.suit == "S" for _, p in t.plays) >= 2 for t in h.tricks)
    return search("standard", {"jokers": "on"}, pred)


def std_house_cutthroat() -> dict[str, Any]:
    """Three players each alone, 17 cards each (the 2 of Clubs out): a whole hand, scored per
    player, one of them making a nil."""
    def pred(g: Game) -> bool:
        s = _h(g).scores
        return bool(s) and s[2].nils[0].made and any(t.bags_added for t in s)
    return search("standard", {"cutthroat": "deal_17"}, pred, bids={2: "nil"},
                  players=["Ann", "Ben", "Cat"])


def std_house_cutthroat_13() -> dict[str, Any]:
    """Three players each alone, 13 cards each, 13 left unplayed: a whole hand, one player
    missing the bid."""
    def pred(g: Game) -> bool:
        s = _h(g).scores
        return bool(s) and sum(not t.made for t in s) == 1
    return search("standard", {"cutthroat": "deal_13"}, pred)


HOUSE_PLAY_SCENARIOS = [std_house_spade_lead_any, std_house_spade_lead_not_first_trick,
                   std_house_zero_bid, std_house_nil_off, std_house_nil_below_target,
                   std_house_blind_nil_off, std_house_team_bid_max, std_house_team_bid_min,
                   std_house_blind_bids, std_house_nil_exchange, std_house_mirror,
                   std_house_whiz, std_house_suicide, std_house_jokers, std_house_jokers_trick,
                   std_house_cutthroat, std_house_cutthroat_13]

# ---------------------------------------------------------------------------- house rules: scoring
# (issue 24; docs/rulings.md section 9): one scenario per scoring or game-end house rule.

def std_house_nil_50() -> dict[str, Any]:
    """nil_points 50: South's nil is made for +50, East's failed blind nil costs 100."""
    def pred(g: Game) -> bool:
        s = _h(g).scores
        return bool(s) and s[0].nils[0].made and not s[1].nils[0].made
    return search("standard", {"nil_points": 50}, pred, bids={2: "nil", 1: "blind nil"})


def std_house_partners_nil_unit() -> dict[str, Any]:
    """partners_nil unit: North and South both bid nil; one fails, so both lose (a flat -200),
    and the failed one's tricks score nothing and are not bags."""
    def pred(g: Game) -> bool:
        s = _h(g).scores
        return bool(s) and {n.made for n in s[0].nils} == {True, False}
    return search("standard", {"partners_nil": "unit"}, pred, bids={0: "nil", 2: "nil"})


def std_house_failed_nil_ignored() -> dict[str, Any]:
    """The deal and play of std_failed_nil_bags_only under failed_nil_tricks = ignored."""
    rec = json.loads((HERE / "std_failed_nil_bags_only.json").read_text())
    rec["rules"]["options"] = {"failed_nil_tricks": "ignored"}
    return rec


def std_house_overtricks_nothing() -> dict[str, Any]:
    """overtrick_points 0, from 8 bags: North/South's bags score nothing and still reach 10."""
    def pred(g: Game) -> bool:
        s = _h(g).scores
        return bool(s) and s[0].penalties == 1 and s[0].bags_added >= 2
    return search("standard", {"overtrick_points": 0}, pred,
                  start={"scores": [320, 280], "bags": [8, 3]})


def std_house_big_bid() -> dict[str, Any]:
    """big_bid_bonus 50 and moon_bonus 200: North holds every Spade, North/South bid 10 and
    take all 13 tricks."""
    rules = RuleSet.preset("standard", {"big_bid_bonus": 50, "moon_bonus": 200})
    suits = {x: [f"{r}{x}" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q",
                                      "K", "A")] for x in "SHDC"}
    deal = [suits["S"],
            suits["H"][:7] + suits["D"][:6],
            suits["H"][7:] + suits["C"][:7],
            suits["D"][6:] + suits["C"][7:]]
    game = Game(rules, dealer=0)
    game.deal(cards=deal)
    pl = [Scripted(rules, {1: 1, 2: 1, 3: 1, 0: 9})] * 4
    rng = random.Random(0)
    while not game.hands[0].complete:
        act(game, pl, rng)
    return game.to_record()


def online_house_one_bag_penalty() -> dict[str, Any]:
    """The 1:5:50 deal of online_bag_penalty_1_5_50 under bag_penalty_once: one penalty, not
    two, and the count carries past the limit."""
    rec = json.loads((HERE / "online_bag_penalty_1_5_50.json").read_text())
    rec["rules"]["options"] = {**rec["rules"]["options"], "bag_penalty_once": True}
    return rec


def std_house_no_penalty_negative() -> dict[str, Any]:
    """bag_penalty_while_negative false: North/South's bags reach 10 while their score stays
    below 0, so no penalty is taken and the bags wait."""
    def pred(g: Game) -> bool:
        s = _h(g).scores
        return bool(s) and s[0].bags >= 10 and s[0].total < 0
    return search("standard", {"bag_penalty_while_negative": False}, pred,
                  start={"scores": [-200, 150], "bags": [8, 3]})


def std_house_hand_limit() -> dict[str, Any]:
    """The three hands of std_dealer_rotates under hand_limit 3: the game ends after hand 3,
    below the target, and the highest total wins."""
    rec = json.loads((HERE / "std_dealer_rotates.json").read_text())
    rec["rules"]["options"] = {"hand_limit": 3}
    return rec


def std_house_tie_made_bid() -> dict[str, Any]:
    """tie_break made_bid with hand_limit 1 (a one-hand play-off): both partnerships finish
    the hand on 250; North/South made their bid, East/West missed theirs, so North/South win
    the tie."""
    def pred(g: Game) -> bool:
        s = _h(g).scores
        return bool(s) and s[0].made and not s[1].made and s[0].hand_score > 0
    rec = search("standard", {"hand_limit": 1, "tie_break": "made_bid"}, pred)
    from spades_lab.core.records import replay
    hs = [t.hand_score for t in replay(rec).game.hands[0].scores]
    rec["start"] = {"scores": [250 - hs[0], 250 - hs[1]], "bags": [0, 0]}
    return rec


HOUSE_SCORING_SCENARIOS = [std_house_nil_50, std_house_partners_nil_unit, std_house_failed_nil_ignored,
                   std_house_overtricks_nothing, std_house_big_bid, online_house_one_bag_penalty,
                   std_house_no_penalty_negative, std_house_hand_limit, std_house_tie_made_bid]
# end of house rules: scoring


HOUSE_SCENARIOS = HOUSE_PLAY_SCENARIOS + HOUSE_SCORING_SCENARIOS


SCENARIOS: dict[str, Callable[[], dict[str, Any]]] = {
    f.__name__: f for f in [
        std_led_suit_wins, std_must_follow, std_trump_not_broken,
        std_spades_broken_by_trumping, std_only_spades_left, std_bid_made_with_bags,
        std_nil_made, std_failed_nil_bags_only, std_failed_nil_count_toward_bid,
        std_blind_nil, std_bag_penalty, online_bag_penalty_1_5_50, online_blind_nil_exchange,
        online_blind_not_allowed, original_blind_nil_up_to_3, std_game_over,
        std_tie_at_target, std_losing_floor, acorns_ace_flips, acorns_ace_low,
        acorns_superior_set_by_traveler, acorns_inferior_trump_wins,
        acorns_superiority_decides, acorns_both_trumps_same_trick,
        acorns_nil_spades_broken_by_traveler, acorns_blind_full_nil_exchange, acorns_th_low,
        acorns_bad_declaration, acorns_zero_bid, acorns8_fours, acorns8_pairs_half_nil,
        std_both_partners_nil, original_both_partners_blind, acorns_blind_nil_spades_trade_3,
        acorns_blind_nil_acorns_trade_3, acorns_nil_acorns, acorns_full_nil,
        acorns_game_superiority_resets, acorns8_travelers_hunters, acorns8_blind_exchange,
        std_short_game_200, acorns_short_game_400, acorns8_short_game_200, online_game_over,
        std_dealer_rotates, *AUDIT_SCENARIOS, *HOUSE_SCENARIOS]}


def main(names: Sequence[str]) -> None:
    for name in names or list(SCENARIOS):
        rec = SCENARIOS[name]()
        rec.pop("players", None) if name not in ("std_only_spades_left",
                                                 "std_house_cutthroat") else None
        path = HERE / f"{name}.json"
        path.write_text(_dump(rec) + "\n", encoding="utf-8")
        print(f"wrote {path.name}")


def _dump(rec: dict[str, Any]) -> str:
    """JSON with each hand's deal rows and action entries one per line (readable by people)."""
    text = json.dumps(rec, indent=1, ensure_ascii=False)
    # collapse lists of scalars and small objects onto one line
    import re
    text = re.sub(r"\[\s+((?:\"[^\"]*\"|-?\d+)(?:,\s+(?:\"[^\"]*\"|-?\d+))*)\s+\]",
                  lambda m: "[" + ", ".join(x.strip() for x in m.group(1).split(",")) + "]",
                  text)
    text = re.sub(r"\{\s+(\"[^{}\[\]]*?)\s+\}",
                  lambda m: "{" + ", ".join(x.strip() for x in m.group(1).split(",\n")) + "}",
                  text)
    return text


if __name__ == "__main__":
    main(sys.argv[1:])
    _ = Card  # re-exported for notebooks that build scenarios interactively
