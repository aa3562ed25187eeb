"""Players: anything that chooses a bid, an exchange and a play from what its seat may see.

A player gets a :class:`~spades_lab.core.engine.SeatView` (never the whole state), the legal
choices, and an explicit ``random.Random``.  :func:`play_hand` and :func:`play_game` drive a
game with a player per seat.

- :class:`RandomPlayer`: uniformly random among the legal plays (bids: see the class).
- :class:`SimplePlayer`: bids its high cards, plays at random (the ``spades-lab play`` default).
- :class:`HeuristicPlayer`: a sensible player for every rule set (bids from a hand estimate,
  nils of every kind, blind nil when far behind, the exchange, covering and setting nils,
  avoiding bags, managing two trumps, declaring Travelers and Hunters).

``make_player("heuristic")`` builds one by name (:data:`PLAYER_TYPES`).

>>> import random
>>> from spades_lab import Game
>>> g = Game("acorns", start=None)
>>> play_game(g, [RandomPlayer()] * 4, random.Random(1), max_hands=1)
>>> g.hands[0].complete, sum(g.hands[0].taken)
(True, 32)
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from ..core.bids import Bid
from ..core.cards import SUIT_BITS, Card, Play
from ..core.engine import BIDDING, DEAL, EXCHANGE, PLAY, Game, SeatView
from ..core.rules import RuleSet
from ..core.tricks import tables_for, trick_winner


class Player(Protocol):
    """The decisions a seat makes.  ``legal`` lists what the rules allow now.

    Bidding comes in two steps, as at a table: ``choose_blind`` is asked first, before the
    player looks at the cards (``view.hand`` is None), and may return a blind bid; otherwise the
    player looks and ``choose_bid`` picks from the bids left.
    """

    def choose_blind(self, view: SeatView, legal: Sequence[Bid], rng: random.Random
                     ) -> Bid | None: ...

    def choose_bid(self, view: SeatView, legal: Sequence[Bid], rng: random.Random) -> Bid: ...

    def choose_exchange(self, view: SeatView, lo: int, hi: int, rng: random.Random
                        ) -> Sequence[Card]: ...

    def choose_play(self, view: SeatView, legal: Sequence[Play], rng: random.Random
                    ) -> Play: ...

    # Optional: ``choose_exchange_count(view, lo, hi, rng) -> int`` for a blind bidder who
    # passes face down without having seen the cards (``view.hand`` is None); the table then
    # passes that many of its unseen cards at random.  Without it, the most allowed are passed.


class RandomPlayer:
    """Uniformly random among legal actions (bids: ordinary bids uniformly, and a nil-type bid
    with probability ``nil_rate``)."""

    name = "random"

    def __init__(self, nil_rate: float = 0.1, blind_rate: float = 0.02) -> None:
        self.nil_rate = nil_rate
        self.blind_rate = blind_rate

    def choose_blind(self, view: SeatView, legal: Sequence[Bid], rng: random.Random
                     ) -> Bid | None:
        if legal and rng.random() < self.blind_rate:
            return rng.choice(legal)
        return None

    def choose_bid(self, view: SeatView, legal: Sequence[Bid], rng: random.Random) -> Bid:
        ordinary = [b for b in legal if b.nil is None]
        nils = [b for b in legal if b.nil is not None]
        if nils and (not ordinary or rng.random() < self.nil_rate):
            return rng.choice(nils)
        return rng.choice(ordinary)

    def choose_exchange_count(self, view: SeatView, lo: int, hi: int, rng: random.Random
                              ) -> int:
        return rng.randint(lo, hi)

    def choose_exchange(self, view: SeatView, lo: int, hi: int, rng: random.Random
                        ) -> Sequence[Card]:
        hand = list(_own_cards(view))
        return rng.sample(hand, min(len(hand), rng.randint(lo, hi)))

    def choose_play(self, view: SeatView, legal: Sequence[Play], rng: random.Random) -> Play:
        return rng.choice(legal)


class SimplePlayer(RandomPlayer):
    """Bids the number of its high cards (Kings and Aces, and trumps of Queen and above); never
    bids nil; plays a random legal card.  The ``spades-lab play`` default."""

    name = "simple"

    def choose_blind(self, view: SeatView, legal: Sequence[Bid], rng: random.Random
                     ) -> Bid | None:
        return None

    def choose_bid(self, view: SeatView, legal: Sequence[Bid], rng: random.Random) -> Bid:
        hand = view.hand or ()
        high = {"A", "K"}
        # a trump counts from the Queen up, by the rank order in force (the Jokers and the
        # Jokers rule's high 2s rank above the Ace)
        order = view.rules.rank_order if view.rules is not None else ()
        above = set(order[order.index("Q"):]) if "Q" in order else {"Q", "K", "A"}
        count = sum(1 for c in hand if (c.rank in high and not c.is_dual) or
                    (c.key in above and c.suit in ("S", "A") and not c.is_dual))
        ordinary = [b for b in legal if b.nil is None]
        if not ordinary:  # house rules (Suicide, Whiz, Mirror) may leave only a nil
            return legal[0]
        best = min(ordinary, key=lambda b: abs(b.tricks - max(count, ordinary[0].tricks)))
        return best


def _own_cards(view: SeatView) -> tuple[Card, ...]:
    return view.hand or ()


def act(game: Game, players: Sequence[Player], rng: random.Random, *,
        seat: int | None = None) -> None:
    """Let the player whose decision the game waits for make it (one action); ``seat`` picks
    which of several seats owing an exchange at once passes (by default the first)."""
    h = game.hand
    # the engine's module names for the phases, not ``Phase.X`` (read about five times
    # faster, and this runs at every action of every simulated hand); the play, the most
    # common action, first
    phase = game.phase
    if phase == PLAY and h is not None:
        seat = h.turn
        assert seat is not None
        plays = game.legal_plays()
        game.play(players[seat].choose_play(game.view(seat), plays, rng))
    elif h is None or phase == DEAL:
        game.deal(rng)
    elif phase == BIDDING:
        seat = h.turn
        assert seat is not None
        player = players[seat]
        legal = game.legal_bids()
        if not h.looked[seat]:
            blind = [b for b in legal if b.blind]
            choice = player.choose_blind(game.view(seat), blind, rng) if blind else None
            if choice is not None:
                game.bid(choice, seat=seat)
                return
            game.look(seat)
            legal = game.legal_bids()
        game.bid(player.choose_bid(game.view(seat), legal, rng), seat=seat)
    elif phase == EXCHANGE:
        owing = h.awaiting()
        seat = seat if seat in owing else owing[0]
        owed = h.owed_pass(seat)
        assert owed is not None
        lo, hi = owed.lo, owed.hi
        player = players[seat]
        view = game.view(seat)
        if view.hand is None:
            # A blind bidder passes face down, before seeing the cards: the player picks only
            # how many; the table hands over that many unseen cards at random.
            pick = getattr(player, "choose_exchange_count", None)
            count = pick(view, lo, hi, rng) if pick is not None else hi
            cards: Sequence[Card] = rng.sample(h.hands[seat], count)
        else:
            cards = player.choose_exchange(view, lo, hi, rng)
        game.exchange(seat, cards)
    else:
        raise RuntimeError(f"nothing to do in phase {phase}")


def play_hand(game: Game, players: Sequence[Player], rng: random.Random) -> None:
    """Deal (if needed) and play one whole hand."""
    if game.phase == DEAL:
        game.deal(rng)
    index = len(game.hands) - 1
    while game.hands[index].scores is None:
        act(game, players, rng)


def play_game(game: Game, players: Sequence[Player], rng: random.Random,
              max_hands: int | None = None) -> None:
    """Play hands until the game is over (or ``max_hands`` hands have been played)."""
    played = 0
    while not game.over and (max_hands is None or played < max_hands):
        play_hand(game, players, rng)
        played += 1


# ---------------------------------------------------------------------------- the heuristic player

_LOSE, _WIN = 0, 1


_CALIBRATION = {"standard": (0.75, 0.88), "acorns": (0.78, 3.64), "acorns8": (0.59, 0.54)}


class _Know:
    """Per rule set facts a player reads from the engine's tables (cached)."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        tables = tables_for(rules)
        high = self.high = tables.rank_high
        self.trumps = rules.trumps
        self.trump_bits = tables.trump_bits
        #: per suit letter: the deck's cards of that suit, highest first (Ace high)
        self.suit_desc: dict[str, list[Card]] = {}
        for s in rules.deck.suits:
            cs = [c for c in rules.deck.cards if s in c.suits]
            self.suit_desc[s] = sorted(cs, key=lambda c: -high[c])
        self.suit_size = {s: len(v) for s, v in self.suit_desc.items()}
        #: per card: how many cards of its (first) suit rank above it
        self.above = {c: self.suit_desc[c.suit].index(c) for c in rules.deck.cards}
        self.mates = {s: rules.team_seats[rules.team_of(s)] for s in range(rules.players)}
        self.ace_flips = tables.ace_flips
        #: tricks taken ~ a * estimate + b, fitted on heuristic self-play (see players tests)
        self.calibrate = _CALIBRATION.get(rules.name if rules.name in ("acorns", "acorns8")
                                          else "standard", (1.0, 0.0))
        top = self.top = max(high.values())
        #: a card "high" enough to be dangerous to a nil bidder (about the top fifth of a suit)
        self.danger_rank = top - max(2, round(0.22 * (top + 1)))


_KNOW: dict[RuleSet, _Know] = {}


def _know(rules: RuleSet) -> _Know:
    k = _KNOW.get(rules)  # keyed by rule set, as every per-rule-set table (hashing is cheap)
    if k is None:
        k = _KNOW[rules] = _Know(rules)
    return k


def estimate_tricks(rules: RuleSet, hand: Sequence[Card], *, exclude: str | None = None
                    ) -> float:
    """A quick estimate of the tricks ``hand`` takes: top cards (by how many higher cards are
    out), trump length and short side suits with trumps to spare.  ``exclude`` leaves out the
    cards of one suit (a partial-nil bidder does not mean to win with them).

    >>> from spades_lab.core.cards import STANDARD_DECK
    >>> r = RuleSet.preset("standard")
    >>> strong = STANDARD_DECK.parse_many("AS KS QS JS 10S AH KH AD KD AC KC QC 2C".split())
    >>> weak = STANDARD_DECK.parse_many("2S 3H 4H 5H 6H 2D 3D 4D 5D 2C 3C 4C 6C".split())
    >>> estimate_tricks(r, strong) > 9, estimate_tricks(r, weak) < 1
    (True, True)
    """
    k = _know(rules)
    high = k.high
    by_suit: dict[str, list[Card]] = {s: [] for s in rules.deck.suits}
    for c in hand:
        by_suit[c.suit].append(c)
    n_trumps = len(k.trumps)
    players = rules.players
    est = 0.0
    spare_trumps = 0.0
    short_sides = 0
    side_win = (0.95, 0.85, 0.55, 0.25, 0.1)
    for s, cards in by_suit.items():
        if s == exclude:
            continue
        cards.sort(key=lambda c: -high[c])
        length = len(cards)
        trump = s in k.trumps
        share = k.suit_size[s] / players
        for i, c in enumerate(cards):
            h = k.above[c] - i  # higher cards held by others
            if trump:
                if h <= i:
                    p = 1.0
                elif h == i + 1:
                    p = 0.65 if length > i + 1 else 0.3
                elif h == i + 2:
                    p = 0.35 if length > i + 2 else 0.1
                else:
                    p = 0.0
                if i >= share - 0.5:  # length beyond a fair share
                    p = max(p, 0.6)
                if p < 0.5:
                    spare_trumps += 1
                if n_trumps > 1:
                    p *= 0.85  # which trump ends superior is not known yet
            else:
                if h <= i:
                    p = side_win[i] if i < len(side_win) else 0.0
                elif h == i + 1 and length > i + 1:
                    p = 0.4
                elif h == i + 2 and length > i + 2:
                    p = 0.12
                else:
                    p = 0.0
                if c.is_ace and rules.deck.ace_flips:
                    p *= 0.5  # low unless a face card falls in the trick
            est += p
        if not trump and length <= 1:
            short_sides += 1
    est += 0.5 * min(spare_trumps, short_sides)
    return est


class HeuristicPlayer(RandomPlayer):
    """A sensible player for every rule set, seeing only its :class:`SeatView`.

    Bids: an estimate of its tricks (:func:`estimate_tricks`); nil when the hand has no
    dangerous cards, Nil Spades / Nil Acorns (plus an ordinary bid) when it is short and low in
    that suit, Full Nil rarely; blind nil only when its partnership trails far behind.
    Exchange: a blind nil bidder passes its most dangerous cards, its partner returns low ones.
    Play: asks the engine (:func:`~spades_lab.core.engine.trick_winner`) whether each legal play
    would win the trick as it stands, then makes the partnership's bid, covers a partner's nil,
    ducks under an opponent's nil, avoids bags once the bid is made (unless it can set the
    other side), and breaks the trump it is longer in first.  Travelers and Hunters are declared
    through the same choice (each legal declaration is a separate play).
    """

    name = "heuristic"

    def __init__(self, nil_risk: float = 1.0, blind_trailing: float = 0.35) -> None:
        super().__init__()
        self.nil_risk = nil_risk
        self.blind_trailing = blind_trailing

    # ------------------------------------------------------------------ bidding
    def choose_blind(self, view: SeatView, legal: Sequence[Bid], rng: random.Random
                     ) -> Bid | None:
        rules = view.rules
        if rules is None or not legal or not view.totals:
            return None
        team = rules.team_of(view.seat)
        mine = view.totals[team]
        best_other = max(t for i, t in enumerate(view.totals) if i != team)
        if best_other - mine < self.blind_trailing * rules.target:
            return None
        if any(b is not None and b.nil for s, b in enumerate(view.bids)
               if s in _know(rules).mates[view.seat] and s != view.seat):
            return None  # one nil per partnership is enough risk
        want = rules.nil_kinds[0]  # nil (52-card sets) or Nil Spades (Acorns)
        for b in legal:
            if b.nil == want and b.tricks == 0:
                return b
        return None

    def choose_bid(self, view: SeatView, legal: Sequence[Bid], rng: random.Random) -> Bid:
        rules = view.rules
        hand = view.hand or ()
        if rules is None:
            return SimplePlayer().choose_bid(view, legal, rng)
        k = _know(rules)
        est = estimate_tricks(rules, hand)
        mates = [s for s in k.mates[view.seat] if s != view.seat]
        mate_nil = any(view.bids[s] is not None and view.bids[s].nil for s in mates)  # type: ignore[union-attr]
        ordinary = [b for b in legal if b.nil is None and not b.blind]
        if not ordinary:  # house rules (Suicide, Whiz, Mirror) may leave only a nil
            return next((b for b in legal if not b.blind), legal[0])
        if len(ordinary) == 1 and not any(b.nil for b in legal):
            return ordinary[0]  # the one bid the house rules leave (Mirror)
        lo = ordinary[0].tricks
        # bags close to the limit: bid a little higher rather than collect more
        nil_kinds = {b.nil for b in legal if b.nil and not b.blind}
        if not mate_nil and nil_kinds:
            lengths: dict[str, int] = {}
            for c in hand:
                lengths[c.suit] = lengths.get(c.suit, 0) + 1
            # dangerous to a nil: top cards, high trumps, a high card in a short suit
            danger = [c for c in hand if k.high[c] >= k.top - 1 or (
                c.bits & k.trump_bits and k.high[c] >= k.danger_rank) or (
                k.high[c] >= k.danger_rank and lengths[c.suit] < 3)]
            trumps_held = [c for c in hand if c.bits & k.trump_bits]
            if "nil" in nil_kinds or "full nil" in nil_kinds:
                kind = "nil" if "nil" in nil_kinds else "full nil"
                limit = 1.4 if kind == "nil" else 0.8
                if est * self.nil_risk < limit and not danger and \
                        len(trumps_held) <= max(3, len(hand) // 8):
                    return self._pick(legal, kind, 0)
            for kind, suit in (("nil spades", "S"), ("nil acorns", "A")):
                if kind not in nil_kinds:
                    continue
                held = [c for c in hand if suit in c.suits]
                if len(held) <= 1 and not any(k.high[c] >= k.danger_rank - 3 for c in held):
                    extra = int(round(0.6 * (k.calibrate[0] * estimate_tricks(
                        rules, hand, exclude=suit) + k.calibrate[1]) - 0.5))
                    return self._pick(legal, kind, extra)
        want = int(round(k.calibrate[0] * est + k.calibrate[1] - 0.35))
        want = max(lo, min(want, ordinary[-1].tricks))
        return min(ordinary, key=lambda b: abs(b.tricks - want))

    @staticmethod
    def _pick(legal: Sequence[Bid], kind: str, extra: int) -> Bid:
        options = [b for b in legal if b.nil == kind and not b.blind]
        return min(options, key=lambda b: abs(b.tricks - extra))

    # ------------------------------------------------------------------ exchange
    def choose_exchange_count(self, view: SeatView, lo: int, hi: int, rng: random.Random
                              ) -> int:
        return hi  # pass as many unseen cards as allowed: the partner returns low ones

    def choose_exchange(self, view: SeatView, lo: int, hi: int, rng: random.Random
                        ) -> Sequence[Card]:
        rules = view.rules
        hand = list(view.hand or ())
        if rules is None or hi == 0:
            return hand[:lo]
        k = _know(rules)
        me = view.bids[view.seat]
        if me is not None and me.nil and (me.blind or rules.nil_exchange):
            # the (blind) nil bidder: pass the most dangerous cards (its nil suit first)
            suit = me.nil_suit
            ranked = sorted(hand, key=lambda c: (bool(suit and suit in c.suits),
                                                 bool(c.bits & k.trump_bits), k.high[c]),
                            reverse=True)
            return ranked[:hi]
        partner = rules.partner(view.seat)
        pb = view.bids[partner]
        suit = pb.nil_suit if pb is not None else None
        ranked = sorted(hand, key=lambda c: (bool(suit and suit in c.suits),
                                             bool(c.bits & k.trump_bits), k.high[c]))
        return ranked[:lo]

    # ------------------------------------------------------------------ play
    def choose_play(self, view: SeatView, legal: Sequence[Play], rng: random.Random) -> Play:
        if len(legal) == 1:
            return legal[0]
        rules = view.rules
        if rules is None:
            return rng.choice(legal)
        k = _know(rules)
        seat = view.seat
        bids = view.bids
        taken = view.taken
        trick = view.trick
        mates = k.mates[seat]
        high = k.high
        tb = k.trump_bits
        sup = view.superior
        me = bids[seat]
        assert me is not None
        n = rules.players
        played_now = {s for s, _ in trick}

        def val(p: Play) -> int:
            v = high[p.card]
            if p.bit & tb:  # a trump is worth more; the superior (or a first break) most
                v += 200 if (sup is None or p.suit == sup) else 100
            return v

        def wins(p: Play) -> bool:
            return trick_winner(rules, trick + ((seat, p),), sup)[0] == seat

        played: set[Card] | None = None

        def is_top(p: Play) -> bool:
            nonlocal played
            if played is None:
                played = set(view.played_cards())
                played.update(view.hand or ())
            for d in k.suit_desc[p.suit]:
                if d is p.card:
                    return True
                if d not in played:
                    return False
            return True

        # ---- what this trick is for
        full_nil_alive = [s for s in range(n) if bids[s] is not None and
                          bids[s].is_full_nil and taken[s] == 0]  # type: ignore[union-attr]
        partial: dict[int, int] = {}  # seat -> suit bit of a partial nil still intact
        for s in range(n):
            b = bids[s]
            if b is not None and b.nil_suit is not None:
                nb = SUIT_BITS[b.nil_suit]
                if not any(t.winner == s and any(p.card.bits & nb for _, p in t.plays)
                           for t in view.tricks):
                    partial[s] = nb
        winner = trick_winner(rules, trick, sup)[0] if trick else None
        trick_bits = 0
        for _, p in trick:
            trick_bits |= p.card.bits
        last = len(trick) == n - 1
        cover = False
        shield = 0  # a suit not to throw onto this trick (a partner's partial nil is winning)
        feed = 0    # a suit to throw onto this trick (an opponent's partial nil is winning)
        if me.is_full_nil:
            mode = _LOSE
        else:
            mate_nils = [s for s in full_nil_alive if s in mates and s != seat]
            opp_nils = [s for s in full_nil_alive if s not in mates]
            if winner is not None and winner in partial and winner != seat:
                if winner in mates:
                    shield = partial[winner]
                else:
                    feed = partial[winner]
            if any(s not in played_now or s == winner for s in mate_nils) or (
                    shield and not trick_bits & shield):
                mode, cover = _WIN, True
            elif winner is not None and (winner in opp_nils or feed):
                mode = _LOSE
            elif not trick and opp_nils:
                mode = _LOSE  # lead low into the nil bidder
            else:
                need = 0
                for s in mates:
                    b = bids[s]
                    if b is not None:
                        need += b.tricks
                        if not b.is_full_nil:
                            need -= taken[s]
                if need > 0:
                    mode = _WIN
                else:
                    mode = _LOSE
                    left = rules.hand_size - len(view.tricks)
                    for team in rules.team_seats:
                        if seat in team:
                            continue
                        opp_need = 0
                        for s in team:
                            ob = bids[s]
                            if ob is not None:
                                opp_need += ob.tricks - (0 if ob.is_full_nil else taken[s])
                        if 0 < opp_need and opp_need >= left - 1:
                            mode = _WIN  # deny them their bid
        mine = partial.get(seat, 0)
        # ---- leading
        if not trick:
            if mine:
                legal = [p for p in legal if not p.card.bits & mine] or legal
                return min(legal, key=val)
            if mode == _LOSE:
                return min(legal, key=val)
            if cover:
                return max(legal, key=val)
            tops = [p for p in legal if not p.bit & tb and is_top(p)]
            if tops:
                return max(tops, key=val)
            tops = [p for p in legal if is_top(p)]
            if tops:
                return max(tops, key=val)
            side = [p for p in legal if not p.bit & tb]
            return min(side or legal, key=val)
        # ---- following: which plays would win the trick as it stands (asking the engine;
        # within one suit a higher card wins whenever a lower one does, except a flipping Ace)
        groups: dict[int, list[Play]] = {}
        for p in legal:
            groups.setdefault(p.bit, []).append(p)
        win_plays = []
        flips = k.ace_flips
        for group in groups.values():
            group.sort(key=val, reverse=True)
            for p in group:
                if wins(p):
                    win_plays.append(p)
                elif not (flips and p.card.is_ace):
                    break
        lose = [p for p in legal if p not in win_plays]
        if mine:
            # a partial nil: win only as the last to play, with no card of the suit in it
            safe = [p for p in win_plays if last and not (trick_bits | p.card.bits) & mine]
            if lose and (mode == _LOSE or not safe):
                keep = [p for p in lose if not p.card.bits & mine] if trick_bits & mine \
                    else lose
                return max(keep or lose, key=val)
            if safe:
                return min(safe, key=val)
            return min(legal, key=val)
        if shield:
            legal = [p for p in legal if not p.card.bits & shield] or legal
            lose = [p for p in legal if p not in win_plays]
            win_plays = [p for p in win_plays if p in legal]
        if mode == _WIN:
            if winner in mates and not cover:
                if last or is_top(trick[[s for s, _ in trick].index(winner)][1]):
                    return min(legal, key=val)
            if win_plays:
                if cover or (not last and len(trick) >= n // 2):
                    tops = [p for p in win_plays if is_top(p)]
                    if tops and not cover:
                        return min(tops, key=val)
                    return max(win_plays, key=val)
                if last:
                    return min(win_plays, key=self._break_key(view, k, val))
                # second hand: only a card no one can beat, or a trump
                sure = [p for p in win_plays if p.bit & tb or is_top(p)]
                if sure:
                    return min(sure, key=self._break_key(view, k, val))
            return min(lose or legal, key=val)
        # _LOSE
        if lose:
            if feed:
                fed = [p for p in lose if p.card.bits & feed]
                if fed:
                    return max(fed, key=val)
            return max(lose, key=val)
        return max(legal, key=val) if last else min(legal, key=val)

    @staticmethod
    def _break_key(view: SeatView, k: _Know, val: Any) -> Any:
        """Cheapest play first; with two unbroken trumps, breaking the one this seat is longer
        in (so that it becomes superior) counts as cheaper."""
        if view.superior is not None or len(k.trumps) < 2 or view.hand is None:
            return val
        counts = {t: sum(1 for c in view.hand if t in c.suits) for t in k.trumps}
        strong = max(k.trumps, key=lambda t: counts[t])

        def key(p: Play) -> tuple[int, int]:
            return (0 if (not p.bit & k.trump_bits or p.suit == strong) else 1, val(p))
        return key


#: The player types by name (``spades-lab simulate --players``).
PLAYER_TYPES: dict[str, type] = {"random": RandomPlayer, "simple": SimplePlayer,
                                 "heuristic": HeuristicPlayer}


def make_player(name: str) -> Player:
    """A player by type name: ``random``, ``simple`` or ``heuristic``."""
    try:
        return PLAYER_TYPES[name]()  # type: ignore[no-any-return]
    except KeyError:
        raise ValueError(f"unknown player type {name!r}; use one of "
                         f"{', '.join(PLAYER_TYPES)}") from None
