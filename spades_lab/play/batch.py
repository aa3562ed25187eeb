"""The fast batch path: many hands of uniform random play in lockstep, with numpy.

Every hand's cards are integer arrays; at each step all hands make their move together: the
legal cards of the seat to play are a boolean mask over its hand, the card is the legal one
with the highest random key, and a complete trick is resolved for all hands at once.  The
result keeps each hand's full action sequence, so any hand can be turned into a game record
(:meth:`BatchResult.record`) and replayed by the engine, which must agree on every trick winner
and score (``tests/test_batch.py`` checks a sample of every preset).

The numbers here (suit bits, rank tables, the superior trump at the deal, nil values, exchange
sizes) are all read from the rule set and the trick rules' tables
(:func:`spades_lab.core.tricks.tables_for`); what the batch re-states in vector form, for speed,
are the trick rules (legal plays, trump breaking, the power ranking of
:func:`spades_lab.core.tricks.decide`) and the scoring rules, and the consistency test
(``tests/test_batch.py``) is what keeps the two in step.

Random policy (the same as :class:`spades_lab.play.players.RandomPlayer`): before looking a seat
bids blind with probability ``blind_rate`` (uniform among the blind bids allowed); otherwise
it bids a nil-type bid with probability ``nil_rate`` (uniform among them), else an ordinary
bid uniformly.  Exchanges pass uniformly random cards (a uniform count where "up to").  Play is
uniform among the legal *cards*; a Traveler/Hunter played by choice takes a uniform
declaration among those allowed.

>>> from spades_lab.core.rules import RuleSet
>>> res = play_random_hands(RuleSet.preset("standard"), 200, seed=1)
>>> res.n, res.taken.shape, int(res.taken.sum(axis=1).min())
(200, (200, 4), 13)
>>> from spades_lab.core.records import replay
>>> r = replay(res.record(5))
>>> [t.hand_score for t in r.hands[0].teams] == list(res.hand_score[5])
True

numpy is imported here; ``import spades_lab`` does not import this module.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..core.bids import Bid, all_bids
from ..core.cards import SUIT_BITS
from ..core.errors import ArgumentError
from ..core.rules import RuleSet, rules_of
from ..core.tricks import INFERIOR, LED, POWER_STEP, SUPERIOR, tables_for

#: Nil kind codes used in the arrays.
NIL_NONE, NIL_FULL, NIL_SPADES, NIL_ACORNS = 0, 1, 2, 3
_NIL_CODE = {None: NIL_NONE, "nil": NIL_FULL, "full nil": NIL_FULL, "nil spades": NIL_SPADES,
             "nil acorns": NIL_ACORNS}
_BIT_LETTER = {b: s for s, b in SUIT_BITS.items()}

#: Hands per lockstep chunk; results do not depend on it being split across processes.
CHUNK = 4096


@dataclass
class _Tables:
    rules: RuleSet
    cards: tuple[Any, ...]
    bits: np.ndarray      # uint8 suit bits per card index
    rlow: np.ndarray      # int16 rank with the Ace low
    rhigh: np.ndarray     # int16 rank with the Ace high
    face: np.ndarray      # bool
    ace: np.ndarray       # bool
    dual: np.ndarray      # bool
    trump_bits: int
    start_superior: int   # the superior trump's bit at the deal (0: set by the first break)
    bids: tuple[Bid, ...]
    bid_tricks: np.ndarray
    bid_nil: np.ndarray
    bid_blind: np.ndarray
    ordinary_idx: np.ndarray
    nil_idx: np.ndarray
    blind_idx: np.ndarray


_TABLES: dict[RuleSet, _Tables] = {}


def _tables(rules: RuleSet) -> _Tables:
    hit = _TABLES.get(rules)
    if hit is not None:
        return hit
    cards = rules.deck.cards
    tt = tables_for(rules)
    low, high = tt.rank_low, tt.rank_high
    trump = tt.trump_bits
    bids = all_bids(rules, blind=True)
    tricks = np.array([b.tricks for b in bids], dtype=np.int16)
    nil = np.array([_NIL_CODE[b.nil] for b in bids], dtype=np.int8)
    blind = np.array([b.blind for b in bids], dtype=bool)
    t = _Tables(
        rules=rules, cards=cards,
        bits=np.array([c.bits for c in cards], dtype=np.uint8),
        rlow=np.array([low[c] for c in cards], dtype=np.int16),
        rhigh=np.array([high[c] for c in cards], dtype=np.int16),
        face=np.array([c.is_face for c in cards], dtype=bool),
        ace=np.array([c.is_ace for c in cards], dtype=bool),
        dual=np.array([c.is_dual for c in cards], dtype=bool),
        trump_bits=trump, start_superior=tt.start.sup_bit, bids=bids, bid_tricks=tricks,
        bid_nil=nil, bid_blind=blind,
        ordinary_idx=np.flatnonzero(nil == NIL_NONE),
        nil_idx=np.flatnonzero((nil != NIL_NONE) & ~blind),
        blind_idx=np.flatnonzero(blind))
    _TABLES[rules] = t
    return t


@dataclass
class BatchResult:
    """``n`` hands of random play.  Arrays are indexed by hand, then seat (or team, or step).

    ``deal[i, s]`` is seat s's hand as dealt (card indices into ``rules.deck.cards``);
    ``bid[i, s]`` an index into ``bids``; ``plays[i, k]`` the card index of the k-th play and
    ``play_suit[i, k]`` the suit bit it was played as; ``exchanges[i]`` a list of
    (from, to, card indices) in the order made.  Team arrays follow ``rules.team_seats``.
    """

    rules: RuleSet
    seed: int
    first_index: int
    dealer: np.ndarray
    deal: np.ndarray
    bid: np.ndarray
    exchanges: list[list[tuple[int, int, tuple[int, ...]]]]
    plays: np.ndarray
    play_suit: np.ndarray
    play_seat: np.ndarray
    winners: np.ndarray
    taken: np.ndarray
    won_bits: np.ndarray
    superior: np.ndarray
    superior_trick: np.ndarray
    superior_seat: np.ndarray
    ace_flips: np.ndarray
    nil_made: np.ndarray
    nil_points: np.ndarray
    team_bid: np.ndarray
    team_tricks: np.ndarray
    team_made: np.ndarray
    team_points: np.ndarray
    bags_added: np.ndarray
    bag_penalty: np.ndarray
    hand_score: np.ndarray
    total: np.ndarray
    bags: np.ndarray
    bids: tuple[Bid, ...] = field(repr=False, default=())
    start: dict[str, list[int]] | None = None

    @property
    def n(self) -> int:
        return int(self.dealer.shape[0])

    def bid_of(self, i: int, seat: int) -> Bid:
        return self.bids[int(self.bid[i, seat])]

    def record(self, i: int) -> dict[str, Any]:
        """Hand ``i`` as a one-hand game record (RECORD-FORMAT.md)."""
        start = self.start
        rules = self.rules
        cards = rules.deck.cards
        p = rules.players
        d = int(self.dealer[i])
        hand: dict[str, Any] = {
            "dealer": d,
            "deal": [[cards[c].code for c in self.deal[i, s]] for s in range(p)],
            "bids": [{"seat": (d + 1 + k) % p, "bid": self.bid_of(i, (d + 1 + k) % p).to_json()}
                     for k in range(p)],
        }
        if self.exchanges[i]:
            hand["exchange"] = [{"from": a, "to": b, "cards": [cards[c].code for c in cs]}
                                for a, b, cs in self.exchanges[i]]
        plays = []
        for k in range(self.plays.shape[1]):
            c = cards[int(self.plays[i, k])]
            e: dict[str, Any] = {"seat": int(self.play_seat[i, k]), "card": c.code}
            if c.is_dual:
                e["as"] = _BIT_LETTER[int(self.play_suit[i, k])]
            plays.append(e)
        hand["plays"] = plays
        rec: dict[str, Any] = {"format": "spades-lab/1", "rules": rules.to_json(),
                               "hands": [hand]}
        if start is not None:
            rec["start"] = {"scores": list(start.get("scores") or []),
                            "bags": list(start.get("bags") or [])}
        return rec

    def to_frame(self) -> Any:
        """One row per hand (pandas DataFrame; the column names of :mod:`spades_lab.play.sim`
        where they mean the same)."""
        import pandas as pd

        rules = self.rules
        cols: dict[str, Any] = {
            "preset": rules.name, "options": ",".join(
                f"{k}={v}" for k, v in sorted(rules.options().items())),
            "hand": 0, "dealer": self.dealer.astype(np.int64),
        }
        as_json = np.array([b.to_json() for b in self.bids] + [None], dtype=object)[:-1]
        kinds = np.array([b.nil for b in self.bids] + [None], dtype=object)[:-1]
        blinds = np.array([b.blind if b.nil else None for b in self.bids] + [None],
                          dtype=object)[:-1]
        has_nil = self.bid_nil_kind() > 0
        for s in range(rules.players):
            cols[f"bid_{s}"] = as_json[self.bid[:, s]]
            cols[f"tricks_{s}"] = self.taken[:, s].astype(np.int64)
            cols[f"nil_kind_{s}"] = kinds[self.bid[:, s]]
            cols[f"nil_blind_{s}"] = blinds[self.bid[:, s]]
            cols[f"nil_made_{s}"] = _or_none(self.nil_made[:, s], has_nil[:, s])
        for t in range(len(rules.team_seats)):
            for key, arr in (("bid", self.team_bid), ("counted", self.team_tricks),
                             ("made", self.team_made), ("points", self.team_points),
                             ("bags_added", self.bags_added), ("bag_penalty", self.bag_penalty),
                             ("hand_score", self.hand_score), ("total", self.total),
                             ("bags", self.bags)):
                cols[f"team{t}_{key}"] = arr[:, t]
        letters = np.array([_BIT_LETTER.get(b) for b in range(256)], dtype=object)
        cols["superior"] = letters[self.superior]
        cols["superior_trick"] = _or_none(self.superior_trick, self.superior_trick >= 0)
        cols["superior_seat"] = _or_none(self.superior_seat, self.superior_seat >= 0)
        cols["ace_flips"] = self.ace_flips.astype(np.int64)
        cols["index"] = np.arange(self.first_index, self.first_index + self.n)
        cols["exchanges"] = [sum(1 for e in x if self.bids[self.bid[i, e[0]]].blind)
                             for i, x in enumerate(self.exchanges)]
        return pd.DataFrame(cols)

    def bid_nil_kind(self) -> np.ndarray:
        t = _tables(self.rules)
        kinds: np.ndarray = t.bid_nil[self.bid]
        return kinds


def _or_none(values: np.ndarray, keep: np.ndarray) -> np.ndarray:
    out = np.array(values.tolist() + [None], dtype=object)[:-1]
    out[~keep] = None
    return out


def check_batch_rules(rules: RuleSet) -> None:
    """Refuse a rule set with house rules (docs/rulings.md section 9): the batch path restates
    the seed rules only, so house rules are played by the engine."""
    if rules.house_play_rules:  # house rules: bidding and play are the engine's alone
        raise ArgumentError("The numpy batch path plays the seed rules only; house rules ("
                            f"{', '.join(rules.house_play_rules)}) are played by the engine: use "
                            "simulate_hands, or spades-lab simulate without --batch.",
                            argument="rules")


def play_random_hands(rules: RuleSet | str, n: int, seed: int = 0, *,
                      nil_rate: float = 0.1, blind_rate: float = 0.02,
                      start: dict[str, list[int]] | None = None, first_index: int = 0,
                      chunk: int = CHUNK) -> BatchResult:
    """Play ``n`` independent hands of uniform random play (see the module text).

    Hand ``first_index + j`` is played from its own random stream (chunk of :data:`CHUNK`
    hands, seeded from ``(seed, chunk number)``), so splitting the same range differently
    gives the same hands; the dealer of hand k is seat ``k % players``.  ``start`` gives every
    hand's partnership totals and bags before it (as a record's ``start``).
    """
    rules = rules_of(rules)
    check_batch_rules(rules)
    if first_index % chunk:
        raise ValueError("first_index must be a multiple of the chunk size")
    parts = []
    done = 0
    while done < n:
        m = min(chunk, n - done)
        ci = (first_index + done) // chunk
        rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence([seed, ci])))
        parts.append(_play_chunk(rules, m, rng, first_index + done, nil_rate, blind_rate,
                                 start, seed))
        done += m
    return parts[0] if len(parts) == 1 else _concat(parts)


def _concat(parts: list[BatchResult]) -> BatchResult:
    first = parts[0]
    kw: dict[str, Any] = {}
    for name in first.__dataclass_fields__:
        v = getattr(first, name)
        if isinstance(v, np.ndarray):
            kw[name] = np.concatenate([getattr(p, name) for p in parts])
        elif name == "exchanges":
            kw[name] = [x for p in parts for x in p.exchanges]
        else:
            kw[name] = v
    return BatchResult(**kw)


def _play_chunk(rules: RuleSet, N: int, rng: np.random.Generator, first: int,
                nil_rate: float, blind_rate: float, start: dict[str, list[int]] | None,
                seed: int) -> BatchResult:
    T = _tables(rules)
    P, H = rules.players, rules.hand_size
    D = len(T.cards)
    ar = np.arange(N)
    teams = len(rules.team_seats)
    totals0 = np.array((start or {}).get("scores") or [0] * teams, dtype=np.int64)
    bags0 = np.array((start or {}).get("bags") or [0] * teams, dtype=np.int64)

    # ---- deal
    perm = rng.permuted(np.broadcast_to(np.arange(D, dtype=np.int16), (N, D)), axis=1)
    deal = perm[:, :P * H].reshape(N, P, H)
    dealer = ((first + ar) % P).astype(np.int8)

    # ---- bids (blind first, else nil, else ordinary), as RandomPlayer
    u = rng.random((N, P, 2))
    r_ord = rng.integers(0, len(T.ordinary_idx), (N, P))
    bid = T.ordinary_idx[r_ord]
    if len(T.nil_idx):
        r_nil = rng.integers(0, len(T.nil_idx), (N, P))
        bid = np.where(u[..., 1] < nil_rate, T.nil_idx[r_nil], bid)
    if len(T.blind_idx):
        may_blind = np.ones(P, dtype=bool)
        if rules.blind_nil_deficit is not None:
            for s in range(P):
                tm = rules.team_of(s)
                other = max(int(x) for i, x in enumerate(totals0) if i != tm)
                may_blind[s] = other - int(totals0[tm]) >= rules.blind_nil_deficit
        r_bl = rng.integers(0, len(T.blind_idx), (N, P))
        bid = np.where((u[..., 0] < blind_rate) & may_blind[None, :], T.blind_idx[r_bl], bid)
    bid_tricks = T.bid_tricks[bid]
    bid_nil = T.bid_nil[bid]
    bid_blind = T.bid_blind[bid]

    # ---- blind exchanges (rare: a Python loop over the hands that have them)
    hands = deal.copy()
    exchanges: list[list[tuple[int, int, tuple[int, ...]]]] = [[] for _ in range(N)]
    ranges = {code: rules.exchange_range(kind) for kind, code in _NIL_CODE.items()
              if kind in rules.nil_kinds}
    if any(hi > 0 for _, hi in ranges.values()):
        for i in np.flatnonzero(bid_blind.any(axis=1)):
            for s in range(P):
                if not bid_blind[i, s]:
                    continue
                lo, hi = ranges[int(bid_nil[i, s])]
                q = rules.partner(s)
                if hi == 0 or bid_blind[i, q]:
                    continue
                k = int(rng.integers(lo, hi + 1))
                mine = list(hands[i, s])
                theirs = list(hands[i, q])
                give = [mine[j] for j in sorted(rng.choice(H, k, replace=False))] if k else []
                for c in give:
                    mine.remove(c)
                theirs.extend(give)
                back = [theirs[j] for j in sorted(rng.choice(len(theirs), k, replace=False))] \
                    if k else []
                for c in back:
                    theirs.remove(c)
                mine.extend(back)
                hands[i, s] = mine
                hands[i, q] = theirs
                exchanges[i].append((s, q, tuple(int(c) for c in give)))
                if k:  # a 0-card pass completes the exchange (RULINGS.md section 8)
                    exchanges[i].append((q, s, tuple(int(c) for c in back)))

    # ---- play
    flat_cards = hands.reshape(N * P, H)
    flat_bits = T.bits[flat_cards]
    alive = np.ones((N * P, H), dtype=bool)
    trump = np.uint8(T.trump_bits)
    has_duals = bool(T.dual.any())
    ace_flips_rule = rules.deck.ace_flips
    steps = P * H
    plays = np.empty((N, steps), dtype=np.int16)
    play_suit = np.empty((N, steps), dtype=np.uint8)
    play_seat = np.empty((N, steps), dtype=np.int8)
    winners = np.empty((N, H), dtype=np.int8)
    taken = np.zeros((N, P), dtype=np.int16)
    won_bits = np.zeros((N, P), dtype=np.uint8)
    broken = np.zeros(N, dtype=np.uint8)
    superior = np.full(N, T.start_superior, dtype=np.uint8)
    by_first_break = not T.start_superior
    superior_trick = np.full(N, -1, dtype=np.int16)
    superior_seat = np.full(N, -1, dtype=np.int8)
    ace_flips = np.zeros(N, dtype=np.int16)
    leader = ((dealer if rules.first_lead == "dealer" else dealer + 1) % P).astype(np.int64)
    t_card = np.empty((N, P), dtype=np.int16)
    t_bit = np.empty((N, P), dtype=np.uint8)
    led = np.zeros(N, dtype=np.uint8)
    for trick in range(H):
        for pos in range(P):
            seat = (leader + pos) % P
            row = ar * P + seat
            bits = flat_bits[row]
            al = alive[row]
            # restated legal set (tricks.legal_set): follow the led suit when able; lead
            # anything but an unbroken trump unless only unbroken trumps are held
            if pos == 0:
                ub = trump & ~broken
                ok = al & ((bits & ~ub[:, None]) != 0)
            else:
                ok = al & ((bits & led[:, None]) != 0)
            none = ~ok.any(axis=1)
            if none.any():
                ok[none] = al[none]
            keys = rng.random((N, H), dtype=np.float32)
            keys += ok
            j = keys.argmax(axis=1)
            card = flat_cards[row, j]
            alive[row, j] = False
            cb = flat_bits[row, j]
            # the suit played as
            if pos == 0:
                allowed = cb & ~ub if has_duals else cb
                allowed = np.where(allowed == 0, cb, allowed)  # only-unbroken-trumps lead
            else:
                allowed = np.where((cb & led) != 0, led, cb)
            if has_duals:
                low = allowed & (~allowed + np.uint8(1))
                high = allowed ^ low
                coin = rng.random(N) < 0.5
                decl = np.where((high != 0) & coin, high, low).astype(np.uint8)
            else:
                decl = allowed
            if pos == 0:
                led = decl
            k = trick * P + pos
            plays[:, k] = card
            play_suit[:, k] = decl
            play_seat[:, k] = seat
            t_card[:, pos] = card
            t_bit[:, pos] = decl
            # restated trump transition (tricks.after_play): breaking, and the first break sets
            # the superior trump where none is in force at the deal
            newly = decl & trump & ~broken
            if by_first_break:
                first_sup = (superior == 0) & (newly != 0)
                if first_sup.any():
                    superior = np.where(first_sup, newly, superior)
                    superior_trick[first_sup] = trick
                    superior_seat[first_sup] = seat[first_sup]
            broken |= newly
        # ---- resolve the trick
        if ace_flips_rule:
            face_any: np.ndarray = T.face[t_card].any(axis=1)  # type: ignore[assignment]
            rank = np.where(face_any[:, None], T.rhigh[t_card], T.rlow[t_card])
            ace_flips += face_any & T.ace[t_card].any(axis=1)
        else:
            rank = T.rlow[t_card]
        # restated trick decision (tricks.decide): power class x POWER_STEP + rank
        sup = superior[:, None]
        inf = trump & ~sup
        key = np.where(t_bit == sup, SUPERIOR * POWER_STEP,
                       np.where((t_bit & inf) != 0, INFERIOR * POWER_STEP,
                                np.where(t_bit == led[:, None], LED * POWER_STEP,
                                         -10 * POWER_STEP))) + rank
        wpos = key.argmax(axis=1)
        w = (leader + wpos) % P
        winners[:, trick] = w
        taken[ar, w] += 1
        won_bits[ar, w] |= np.bitwise_or.reduce(T.bits[t_card], axis=1)
        leader = w

    sc = _score(rules, bid_tricks, bid_nil, bid_blind, taken, won_bits, bags0, totals0)
    return BatchResult(
        rules=rules, seed=seed, first_index=first, dealer=dealer, deal=deal, bid=bid,
        exchanges=exchanges, plays=plays, play_suit=play_suit, play_seat=play_seat,
        winners=winners, taken=taken, won_bits=won_bits, superior=superior,
        superior_trick=superior_trick, superior_seat=superior_seat, ace_flips=ace_flips,
        bids=T.bids, start=start, **sc)


def _score(rules: RuleSet, bid_tricks: np.ndarray, bid_nil: np.ndarray, bid_blind: np.ndarray,
           taken: np.ndarray, won_bits: np.ndarray, bags0: np.ndarray, totals0: np.ndarray
           ) -> dict[str, np.ndarray]:
    """:func:`spades_lab.core.scoring.score_hand` for arrays of hands (the test replays hands
    through the engine to prove they agree)."""
    N, P = taken.shape
    taken = taken.astype(np.int64)
    value = np.zeros((N, P), dtype=np.int64)
    for kind, code in _NIL_CODE.items():
        if kind in rules.nil_kinds:
            for blind in (False, True):
                value[(bid_nil == code) & (bid_blind == blind)] = rules.nil_value(kind, blind)
    full = bid_nil == NIL_FULL
    made_nil = np.ones((N, P), dtype=bool)
    made_nil[full] = taken[full] == 0
    for code, suit in ((NIL_SPADES, "S"), (NIL_ACORNS, "A")):
        m = bid_nil == code
        made_nil[m] = (won_bits[m] & SUIT_BITS[suit]) == 0
    nil_points = np.where(bid_nil > 0, np.where(made_nil, value, -value), 0)
    bags_only = rules.failed_nil_tricks == "bags_only"
    failed_full = full & ~made_nil
    # house rules: scoring (failed_nil_tricks = ignored, partners_nil, RULINGS.md §9)
    counts = rules.failed_nil_tricks == "count_toward_bid"
    pair = np.zeros((N, P), dtype=bool)
    if rules.partners_nil != "separate":
        for seats in rules.team_seats:
            both = full[:, list(seats)].all(axis=1)
            if len(seats) > 1:
                pair[:, list(seats)] = both[:, None]
            if rules.partners_nil == "unit":
                ok = made_nil[:, list(seats)].all(axis=1)
                for s in seats:
                    nil_points[:, s] = np.where(both, np.where(ok, value[:, s], -value[:, s]),
                                                nil_points[:, s])
    counted_seat = np.where(failed_full & ~counts, 0, taken)
    failed_seat = np.where(failed_full & bags_only & ~pair, taken, 0)
    op = rules.overtrick_points
    teams = len(rules.team_seats)
    out = {k: np.zeros((N, teams), dtype=np.int64) for k in (
        "team_bid", "team_tricks", "team_points", "bags_added", "bag_penalty", "hand_score",
        "total", "bags")}
    out["team_made"] = np.zeros((N, teams), dtype=bool)
    limit, pen = rules.bag_limit, rules.bag_penalty
    for t, seats in enumerate(rules.team_seats):
        idx = list(seats)
        bid = bid_tricks[:, idx].astype(np.int64).sum(axis=1)
        counted = counted_seat[:, idx].sum(axis=1)
        failed = failed_seat[:, idx].sum(axis=1)
        made = counted >= bid
        points = np.where(made, 10 * bid + (counted - bid) * op, -10 * bid) + failed * op
        if rules.big_bid_bonus:  # house rules: scoring
            points = points + np.where(made & (bid >= rules.big_bid_min), rules.big_bid_bonus, 0)
        if rules.moon_bonus:
            points = points + np.where(taken[:, idx].sum(axis=1) == rules.hand_size,
                                       rules.moon_bonus, 0)
        bags = np.where(made, counted - bid, 0) + failed
        running = bags0[t] + bags
        nil_sum = nil_points[:, idx].sum(axis=1)
        if limit is not None:
            times = running // limit
            if rules.bag_penalty_once:  # house rules: scoring
                times = np.minimum(times, 1)
            if not rules.bag_penalty_while_negative and pen:
                times = np.where(totals0[t] + points + nil_sum < 0, 0, times)
            running = running - times * limit
            penalty = times * pen
        else:
            penalty = np.zeros(N, dtype=np.int64)
        hs = points + nil_sum - penalty
        out["team_bid"][:, t] = bid
        out["team_tricks"][:, t] = counted
        out["team_made"][:, t] = made
        out["team_points"][:, t] = points
        out["bags_added"][:, t] = bags
        out["bag_penalty"][:, t] = penalty
        out["hand_score"][:, t] = hs
        out["total"][:, t] = totals0[t] + hs
        out["bags"][:, t] = running
    out["nil_made"] = made_nil
    out["nil_points"] = nil_points
    return out


__all__ = ["play_random_hands", "BatchResult", "CHUNK"]
