"""The solver's fast path for plain trick-taking decks (the 52-card presets).

Used by :class:`spades_lab.solver.search.Solver` for trick-count goals when the deck has no flipping
Ace and no Travelers/Hunters, there is one trump suit that is always superior, and four players
form the partnerships 0-2 and 1-3 (``standard``, ``online``, ``original``).  Every rule fact is
taken from the solver's engine-derived tables (:class:`spades_lab.solver.search._Tables`): the card
order within each suit from ``rank_tables``, the trump suit from ``rules.trumps``; legality is
"follow the led suit; trumps may not be led before they are broken unless the leader holds
nothing else" (``Hand._compute_legal`` for such decks), and the trick goes to the highest trump,
else the highest card of the led suit (``engine.trick_winner``).  ``tests/test_solver.py``
compares this path with the general search (``Solver(fast=False)``, itself tied to the engine's
move generator, trick winner and an exhaustive minimax over the engine), and with a bridge
double-dummy solver on deals up to 13 cards a hand (trump breaking off).

The search is the general one's zero-window alpha-beta, organised trick by trick, with
*partition search* (M. Ginsberg; the "winning ranks" of Bo Haglund's DDS) in the
transposition table: a search result at a trick boundary records which cards' ranks it relied
on (a trick won by a card that beat another card of its suit; the top cards counted by a
quick-trick bound).  The table entry is keyed on whose lead, the broken state and every hand's
suit lengths, and matches every position whose top cards in each suit -- down to the lowest
relied-on card -- have the same holders, whatever the smaller cards are.  Lookups combine an
entry's mask and value with the position's relative-rank code in one ``&``; a bucket is scanned
from its end, and the entry that decided a lookup moves there.  The same relied-on cards prune
the moves (DDS's "small moves"): when a card's search does not cut, the seat's other cards of
that suit below every card of the suit its result relied on are not searched, since the
positions after them differ from the searched one only below every card that mattered.  The
solver's zero-window tests start from ``estimate`` (the tricks taken when every seat plays the
move ordering's first card) and go a trick at a time from there.

**The accelerator.**  ``_std52c`` is the same search in C (a CPython extension compiled by the
build hook ``hatch_build.py`` when the package is installed; optional).  It is a line-by-line
port: the same transposition entries, bounds and move ordering, so every answer *and every node
count* equals this module's (``tests/test_solver_diff.py`` runs its positions both ways).
:func:`make_fast_search` picks it when it is built and the deck fits it; the environment
variable ``SPADES_LAB_PURE_PYTHON=1`` (read at import) or ``Solver(..., accelerated=False)``
keeps the pure-Python search.  ``spades_lab.solver.ACCELERATED`` says whether it is in use.
"""
from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from types import ModuleType
from typing import Any, Protocol


def load_accelerator(name: str) -> ModuleType | None:
    """The compiled module ``name`` of this package (``_std52c``, ``_generalc``), unless switched
    off (``SPADES_LAB_PURE_PYTHON``) or not built: then None, and the search runs in Python."""
    if os.environ.get("SPADES_LAB_PURE_PYTHON", "").strip() not in ("", "0"):
        return None
    try:
        return importlib.import_module(f"{__package__}.{name}")
    except ImportError:
        return None


_ACCEL = load_accelerator("_std52c")


class FastTables:
    """Layout of a plain deck for the fast search (built from the solver's ``_Tables``)."""

    def __init__(self, tab: Any) -> None:
        suits = []
        for b, m in tab.suit_mask.items():
            members = [i for i in range(len(tab.cards)) if m >> i & 1]
            lo = members[0]
            if members != list(range(lo, lo + len(members))):
                raise ValueError("suit not contiguous")
            ranks = [tab.rlow[i] for i in members]
            if ranks != sorted(ranks) or len(set(ranks)) != len(ranks):
                raise ValueError("ranks not increasing")
            suits.append((b, lo, len(members), m))
        suits.sort(key=lambda x: x[1])
        self.nsuits = len(suits)
        self.smask = [m for _, _, _, m in suits]
        self.sbit = [b for b, _, _, _ in suits]
        self.off = [lo for _, lo, _, _ in suits]
        self.width = max(w for _, _, w, _ in suits)
        n = len(tab.cards)
        self.suit_of = [0] * n
        self.rank_of = [0] * n
        for s, (_, lo, w, _) in enumerate(suits):
            for i in range(lo, lo + w):
                self.suit_of[i] = s
                self.rank_of[i] = i - lo
        (tbit,) = [b for b in self.sbit if b & tab.trumps]
        self.ts = self.sbit.index(tbit)
        self.tbit = tbit
        W = self.width
        # kmask[s][k]: the top k relative places of suit s, in every hand's field
        self.kmask = [[sum(((1 << k) - 1) << ((s * 4 + h) * W) for h in range(4))
                       for k in range(W + 1)] for s in range(self.nsuits)]


def eligible(tab: Any, rules: Any) -> bool:
    if tab.ace_flips or tab.dual_mask or tab.sup_by_break or len(rules.trumps) != 1:
        return False
    if rules.players != 4 or tuple(map(tuple, rules.team_seats)) != ((0, 2), (1, 3)):
        return False
    try:
        FastTables(tab)
    except ValueError:
        return False
    return True


def popcount(x: int) -> int:
    """Number of cards in a bit mask (shared with ``solver``)."""
    return bin(x).count("1")


def fits_accelerator(ft: FastTables) -> bool:
    """Whether the compiled search is available and the deck's layout fits it (at most 63 cards,
    4 suits of at most 16 ranks)."""
    return (_ACCEL is not None and ft.nsuits <= 4 and ft.width <= 16
            and len(ft.suit_of) <= 63)


class FastSearch(Protocol):
    """What :func:`make_fast_search` returns: the search, and its quick guess of a value."""

    def __call__(self, hands: list[int], trick: tuple[int, ...], leader: int, broken: int,
                 left: int, t: int) -> bool: ...

    def estimate(self, hands: list[int], trick: tuple[int, ...], leader: int, broken: int,
                 left: int) -> int: ...


def make_fast_search(ft: FastTables, max_mask: int, enforce: bool, counter: list[int],
                     tick: Callable[[], None], accelerated: bool = True) -> FastSearch:
    """:func:`make_search` with a fresh table, in C when ``accelerated`` and
    :func:`fits_accelerator` (the same answers and node counts), else in Python."""
    if accelerated and _ACCEL is not None and fits_accelerator(ft):
        fn: FastSearch = _ACCEL.make_search(ft, max_mask, enforce, {}, counter, tick)
        return fn
    return make_search(ft, max_mask, enforce, {}, counter, tick)  # type: ignore[no-any-return]


def make_search(ft: FastTables, max_mask: int, enforce: bool, tt: dict[Any, list[Any]],
                counter: list[int], tick: Callable[[], None]) -> Any:
    """``search(hands, trick_cards, leader, broken, left, t) -> bool``: can the side of
    ``max_mask`` take at least ``t`` of the ``left`` tricks (the one in progress included)?
    ``counter[0]`` counts the nodes searched; ``tick()`` is called when it reaches
    ``counter[1]`` (the solver's budget check, which may raise to stop the search)."""
    NS = ft.nsuits
    SR = range(NS)
    smask = ft.smask
    W = ft.width
    suit_of = ft.suit_of
    rank_of = ft.rank_of
    ts = ft.ts
    tmask = smask[ts]
    kmask = ft.kmask
    lowsm = [smask[suit_of[c]] & ((1 << c) - 1) for c in range(len(suit_of))]
    side = [max_mask >> s & 1 for s in range(4)]
    seg_cache: dict[tuple[int, int, int, int], tuple[int, int, int]] = {}
    top_cache: dict[tuple[int, int], int] = {}

    def segment(s: int, a: int, b: int, c: int, d: int) -> tuple[int, int, int]:
        """(relative-rank code of suit s, its four lengths packed, remaining cards)."""
        R = a | b | c | d
        code = 0
        j = 0
        base = s * 4 * W
        m = R
        while m:
            hb = 1 << (m.bit_length() - 1)
            m ^= hb
            if a & hb:
                o = 0
            elif b & hb:
                o = 1
            elif c & hb:
                o = 2
            else:
                o = 3
            code |= 1 << (base + o * W + j)
            j += 1
        lens = (bin(a).count("1") | bin(b).count("1") << 4 | bin(c).count("1") << 8
                | bin(d).count("1") << 12)
        return code, lens, R

    def kth_top(R: int, k: int) -> int:
        """The k-th highest card of R (as a one-bit mask)."""
        key = (R, k)
        hit = top_cache.get(key)
        if hit is None:
            m = R
            for _ in range(k - 1):
                m ^= 1 << (m.bit_length() - 1)
            hit = 1 << (m.bit_length() - 1)
            if len(top_cache) > 200_000:
                top_cache.clear()
            top_cache[key] = hit
        return hit

    def quick(hands: list[int], leader: int, broken: int) -> tuple[int, int, int, int]:
        """(tricks the leader's side surely takes by cashing from the top, its relied-on
        cards; sure trump tricks of the other side, its relied-on cards)."""
        lh = hands[leader]
        pard = hands[leader ^ 2]
        o1 = hands[(leader + 1) & 3]
        o2 = hands[(leader + 3) & 3]
        opp = o1 | o2
        o1t = o1 & tmask
        o2t = o2 & tmask
        clean = 0
        unclean = 0
        rel = 0
        rel_u = 0
        for s in SR:
            sm = smask[s]
            xs = lh & sm
            if not xs:
                continue
            if s == ts and enforce and not broken and lh & ~tmask:
                continue
            ox = opp & sm
            top = xs & ~((1 << ox.bit_length()) - 1) if ox else xs
            if not top:
                # a low card led to partner's top cards (above the leader's, too)
                ptop = pard & sm & ~((1 << (ox | xs).bit_length()) - 1)
                if ptop:
                    k = popcount(ptop)
                    if s != ts:
                        if o1t:
                            k = min(k, popcount(o1 & sm))
                        if o2t:
                            k = min(k, popcount(o2 & sm))
                    if k > unclean:
                        unclean = k
                        rel_u = kth_top(ptop, k)
                continue
            k = popcount(top)
            if s != ts:
                if o1t:
                    k = min(k, popcount(o1 & sm))
                if o2t:
                    k = min(k, popcount(o2 & sm))
                if not k:
                    continue
            lowest = kth_top(top, k)
            if pard & sm & ~(lowest - 1) & ~lowest:
                # partner might overtake and take the lead: count one trick only
                if unclean < 1:
                    unclean = 1
                    rel_u = 1 << (top.bit_length() - 1)
            else:
                clean += k
                rel |= lowest
        q = clean + unclean
        rel |= rel_u
        # the other side's trumps above every trump of the leader's side
        ours_t = (lh | pard) & tmask
        best_o = 0
        rel_o = 0
        for ot in (o1t, o2t):
            top = ot & ~((1 << ours_t.bit_length()) - 1) if ours_t else ot
            if top:
                k = popcount(top)
                if k > best_o:
                    best_o = k
                    rel_o = top & -top
        # ... and the leader's side's top trumps (they win whatever trick they fall in)
        oppt = o1t | o2t
        for mt in (lh & tmask, pard & tmask):
            top = mt & ~((1 << oppt.bit_length()) - 1) if oppt else mt
            if top:
                k = popcount(top)
                if k > q:
                    q = k
                    rel = top & -top
        return q, rel, best_o, rel_o

    def order(hands: list[int], seat: int, trick: tuple[int, ...], broken: int, wc: int,
              wpos: int) -> list[int]:
        """The seat's legal cards, equivalent ones merged, likely best first."""
        h = hands[seat]
        k = len(trick)
        allrem = hands[0] | hands[1] | hands[2] | hands[3]
        if k == 0:
            cand = h
            if enforce and not broken:
                cand = h & ~tmask or h
        else:
            L = suit_of[trick[0]]
            f = h & smask[L]
            cand = f or h
            if not cand & (cand - 1):
                return [cand.bit_length() - 1]
            for c in trick:
                allrem |= 1 << c
        # equivalent cards: keep the lowest of each run held by this seat
        reps = []
        m = cand
        while m:
            low = m & -m
            m ^= low
            c = low.bit_length() - 1
            below = allrem & lowsm[c]
            if below and h >> (below.bit_length() - 1) & 1:
                continue
            reps.append(c)
        if len(reps) <= 1:
            return reps
        o1 = hands[(seat + 1) & 3]
        if k == 0:
            o3 = hands[(seat + 3) & 3]
            pard = hands[seat ^ 2]
            opp = o1 | o3
            o1t = o1 & tmask
            o3t = o3 & tmask
            # leads by kind: a side suit's winners (high first); a side suit partner ruffs or
            # wins; a side suit partner's top card beats the next opponent's in, then any
            # other side suit (low first); trumps (the top ones high first, then the others
            # low first); last the side suits an opponent can ruff
            a0 = []
            a1 = []
            a2 = []
            a3 = []
            a25 = []
            atw = []
            atl = []
            for c in reps:
                s = suit_of[c]
                sm = smask[s]
                ox = opp & sm
                ps = pard & sm
                if s == ts:
                    if not ox >> c:
                        atw.append(c)
                    else:
                        atl.append(c)
                elif (o1t and not o1 & sm) or (o3t and not o3 & sm):
                    # only the next opponent ruffs, and partner overruffs: like partner's ruff
                    if (not (o3t and not o3 & sm) and not ps
                            and (pard & tmask).bit_length() > o1t.bit_length()):
                        a1.append(c)
                    else:
                        a3.append(c)
                elif not ox >> c:
                    a0.append(c)
                elif not ps and pard & tmask:
                    a1.append(c)
                elif ps and ps.bit_length() > ox.bit_length():
                    a1.append(c)
                elif ps and ps.bit_length() > (o1 & sm).bit_length():
                    a2.append(c)
                else:
                    a25.append(c)
            a0.sort(key=lambda c: -rank_of[c])
            if len(a1) > 1:
                a1.sort(key=rank_of.__getitem__)
            if len(a2) > 1:
                a2.sort(key=rank_of.__getitem__)
            if a25:
                # the other side-suit leads: from the side's shortest suit first, then low
                a25.sort(key=lambda c: rank_of[c] + 100 * popcount((h | pard) & smask[suit_of[c]]))
                a2 += a25
            atw.reverse()  # reps run low to high
            out = a0 + a1 + a2 + atw + atl
            if a3:
                a3.sort(key=rank_of.__getitem__)
                out += a3
            return out
        ws = suit_of[wc]
        # the one opponent still to play after this seat (the next seat), if any
        later = o1 if k < 3 else 0
        lL = later & smask[L]
        lt = later & tmask
        if f:
            # following suit: reps run low to high
            if ws != L:
                return reps  # ruffed: play low
            if k - wpos == 2 and not lL >> wc and (lL or not lt):
                return reps  # partner wins: play low
            for c in reps:
                if c > wc and not lL >> c and (lL or not lt):
                    if c != reps[0]:
                        reps.remove(c)
                        reps.insert(0, c)
                    return reps
            if k == 2 and reps[-1] > wc:
                reps.insert(0, reps.pop())
            return reps
        # void in the led suit: discards (low first) and trumps
        tr = [c for c in reps if suit_of[c] == ts]
        disc = [c for c in reps if suit_of[c] != ts]
        if len(disc) > 1:
            # not a winner of its suit before a winner, the shortest suit first (a void to
            # ruff in later), then low
            others = allrem & ~h
            disc.sort(key=lambda c: rank_of[c] + 20 * popcount(h & smask[suit_of[c]])
                      + 1000 * (not (others & smask[suit_of[c]]) >> c))
        if k - wpos == 2 and (not later or (lL and (ws == ts or not lL >> wc))
                              or (not lL and ws == ts and not lt >> wc)
                              or (not lL and not lt)):
            return disc + tr  # partner wins: discard
        for c in tr:
            if (ws != ts or c > wc) and not lL and lt >> c:
                continue  # the next opponent can overruff
            if ws != ts or c > wc:
                tr.remove(c)
                return [c] + disc + tr
        if k < 3:
            for c in reversed(tr):  # the next opponent can overruff every ruff: ruff high
                if ws != ts or c > wc:
                    tr.remove(c)
                    return [c] + disc + tr
        return disc + tr

    def run_above(hands: list[int], trick: tuple[int, ...], h: int, c: int) -> int:
        """The higher cards of the seat (holding ``h``) that ``order`` let card ``c`` stand for:
        the run of its cards directly above ``c`` with no other remaining card between.  When a
        result's lowest relied-on card of that suit lies in this run, the result relies on
        ``c`` too: the run must stay a run in every position its table entry serves (issue
        14: the 10♥ stood for the J♥, and an entry relying on the J♥ served a position where
        the seat held the J♥ and the 4♥, not equal at all).  A relied-on card below ``c``
        covers the run anyway; one above the run leaves every card of the run small."""
        rem = hands[0] | hands[1] | hands[2] | hands[3]
        if trick:
            for x in trick:
                rem |= 1 << x
        up = rem & smask[suit_of[c]] & ~((2 << c) - 1)
        run = 0
        while up:
            low = up & -up
            if not low & h:
                break
            run |= low
            up ^= low
        return run

    def play(hands: list[int], trick: tuple[int, ...], leader: int, broken: int, left: int,
             t: int, wc: int = -1, wpos: int = 0, br: bool = False) -> tuple[bool, int]:
        """Search the rest of the trick; ``wc`` is the card winning it so far (played at
        ``wpos``), ``br`` whether it beat a card of its own suit."""
        k = len(trick)
        seat = (leader + k) & 3
        maxing = side[seat]
        moves = order(hands, seat, trick, broken, wc, wpos)
        h = hands[seat]
        rel = 0
        # DDS's small moves: a card below every card of its suit that the result of another
        # card of that suit relied on gives the same result (``skip``; ``lows``: those cards)
        skip = 0
        lows = 0
        if k == 3:
            ws = suit_of[wc]
            w3 = (leader + wpos) & 3
            for c in moves:
                if skip >> c & 1:
                    if lows & run_above(hands, trick, h, c):
                        rel |= 1 << c
                    continue
                hands[seat] = h ^ (1 << c)
                sc = suit_of[c]
                if sc == ws:
                    if c > wc:
                        wseat = seat
                        wcard = c
                    else:
                        wseat = w3
                        wcard = wc
                    byrank = True
                elif sc == ts:
                    wseat = seat
                    wcard = c
                    byrank = False
                else:
                    wseat = w3
                    wcard = wc
                    byrank = br
                t2 = t - side[wseat]
                if t2 <= 0:
                    r = True
                    rl = 0
                elif t2 >= left:
                    r = False
                    rl = 0
                else:
                    r, rl = boundary(hands, wseat, broken or (enforce and sc == ts), left - 1,
                                     t2)
                if byrank:
                    rl |= 1 << wcard
                hands[seat] = h
                rs = rl & smask[suit_of[c]]
                low = rs & -rs
                if low and low & run_above(hands, trick, h, c):
                    rl |= 1 << c
                elif not low:
                    skip |= smask[suit_of[c]]
                elif low >> c > 1:
                    skip |= smask[suit_of[c]] & (low - 1)
                    lows |= low
                if r == maxing:
                    return r, rl
                rel |= rl
            return (not maxing), rel
        if k == 0:
            for c in moves:
                if skip >> c & 1:
                    if lows & run_above(hands, trick, h, c):
                        rel |= 1 << c
                    continue
                hands[seat] = h ^ (1 << c)
                r, rl = play(hands, (c,), leader, broken or (enforce and suit_of[c] == ts),
                             left, t, c, 0, False)
                hands[seat] = h
                rs = rl & smask[suit_of[c]]
                low = rs & -rs
                if low and low & run_above(hands, trick, h, c):
                    rl |= 1 << c
                elif not low:
                    skip |= smask[suit_of[c]]
                elif low >> c > 1:
                    skip |= smask[suit_of[c]] & (low - 1)
                    lows |= low
                if r == maxing:
                    return r, rl
                rel |= rl
            return (not maxing), rel
        ws = suit_of[wc]
        for c in moves:
            if skip >> c & 1:
                if lows & run_above(hands, trick, h, c):
                    rel |= 1 << c
                continue
            hands[seat] = h ^ (1 << c)
            sc = suit_of[c]
            if sc == ws:
                if c > wc:
                    r, rl = play(hands, trick + (c,), leader, broken, left, t, c, k, True)
                else:
                    r, rl = play(hands, trick + (c,), leader, broken, left, t, wc, wpos, True)
            elif sc == ts:
                r, rl = play(hands, trick + (c,), leader, broken or enforce, left, t, c, k,
                             False)
            else:
                r, rl = play(hands, trick + (c,), leader, broken, left, t, wc, wpos, br)
            hands[seat] = h
            rs = rl & smask[sc]
            low = rs & -rs
            if low and low & run_above(hands, trick, h, c):
                rl |= 1 << c
            elif not low:
                skip |= smask[sc]
            elif low >> c > 1:
                skip |= smask[sc] & (low - 1)
                lows |= low
            if r == maxing:
                return r, rl
            rel |= rl
        return (not maxing), rel

    def boundary(hands: list[int], leader: int, broken: int, left: int, t: int
                 ) -> tuple[bool, int]:
        if t <= 0:
            return True, 0
        if t > left:
            return False, 0
        counter[0] += 1
        if counter[0] >= counter[1]:
            tick()
        P = 0
        lens = 0
        Rs = []
        h0, h1, h2, h3 = hands
        for s in SR:
            sm = smask[s]
            key = (h0 & sm, h1 & sm, h2 & sm, h3 & sm)
            seg = seg_cache.get(key)
            if seg is None:
                if len(seg_cache) > 500_000:
                    seg_cache.clear()
                seg = seg_cache[key] = segment(s, *key)
            P |= seg[0]
            lens |= seg[1] << (16 * s)
            Rs.append(seg[2])
        bkey = (lens, leader, broken)
        bucket = tt.get(bkey)
        if bucket is not None:
            for i in range(len(bucket) - 1, -1, -1):
                e = bucket[i]
                if P & e[0] == e[1]:
                    if e[2] >= t or e[3] < t:
                        rel = 0
                        ks = e[4]
                        for s in SR:
                            if ks[s]:
                                rel |= kth_top(Rs[s], ks[s])
                        if i != len(bucket) - 1:
                            # the entry that decided goes last: scanned first next time
                            del bucket[i]
                            bucket.append(e)
                        return e[2] >= t, rel
        q, rq, qo, rqo = quick(hands, leader, broken)
        if side[leader]:
            if q >= t:
                return True, rq
            if left - qo < t:
                return False, rqo
        else:
            if left - q < t:
                return False, rq
            if qo >= t:
                return True, rqo
        r, rel = play(hands, (), leader, broken, left, t)
        # store: the top cards of each suit down to the lowest relied-on card
        M = 0
        ks = [0] * NS
        for s in SR:
            rs = rel & smask[s]
            if rs:
                low = rs & -rs
                kk = bin(Rs[s] & ~(low - 1)).count("1")
                ks[s] = kk
                M |= kmask[s][kk]
        V = P & M
        if bucket is None:
            bucket = tt[bkey] = []
        for e in bucket:
            if e[0] == M and e[1] == V:
                if r:
                    if t > e[2]:
                        e[2] = t
                elif t - 1 < e[3]:
                    e[3] = t - 1
                break
        else:
            bucket.append([M, V, t if r else 0, left if r else t - 1, ks])
        return r, rel

    def estimate(hands: list[int], trick: tuple[int, ...], leader: int, broken: int,
                 left: int) -> int:
        """The tricks the side of ``max_mask`` takes of the ``left`` (the one in progress
        included) when every seat plays the first card :func:`order` gives: a quick guess of
        the value, where the solver's first zero-window test starts (no answer relies on it)."""
        hands = list(hands)
        got = 0
        wc, wpos, _ = trick_winner(trick) if trick else (-1, 0, False)
        while left > 0:
            k = len(trick)
            seat = (leader + k) & 3
            if not hands[seat]:
                break  # no card left (hands of unequal length)
            c = order(hands, seat, trick, broken, wc, wpos)[0]
            hands[seat] ^= 1 << c
            if enforce and suit_of[c] == ts:
                broken = 1
            if k == 0 or (suit_of[c] == suit_of[wc] and c > wc) or (
                    suit_of[c] == ts and suit_of[wc] != ts):
                wc = c
                wpos = k
            trick += (c,)
            if k == 3:
                leader = (leader + wpos) & 3
                got += side[leader]
                trick = ()
                left -= 1
        return got

    def trick_winner(trick: tuple[int, ...]) -> tuple[int, int, bool]:
        """The card winning the trick so far, its place in the trick, and whether a card of
        its suit followed it (the C search's ``trick_winner``)."""
        wc = trick[0]
        wpos = 0
        br = False
        for i in range(1, len(trick)):
            c = trick[i]
            if suit_of[c] == suit_of[wc]:
                br = True
                if c > wc:
                    wc = c
                    wpos = i
            elif suit_of[c] == ts:
                wc = c
                wpos = i
                br = False
        return wc, wpos, br

    def search(hands: list[int], trick: tuple[int, ...], leader: int, broken: int,
               left: int, t: int) -> bool:
        if trick:
            if t <= 0:
                return True
            if t > left:
                return False
            wc, wpos, br = trick_winner(trick)
            return play(hands, trick, leader, broken, left, t, wc, wpos, br)[0]
        return boundary(hands, leader, broken, left, t)[0]

    search.estimate = estimate  # type: ignore[attr-defined]
    return search
