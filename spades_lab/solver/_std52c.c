/* The 52-card fast path's search in C: an optional accelerator for spades_lab.solver.std52.
 *
 * make_search(ft, max_mask, enforce, tt, counter, tick) returns a callable with the contract of
 * std52.make_search's search(hands, trick_cards, leader, broken, left, t) -> bool.  It is a
 * line-by-line port of the Python algorithm (partition search with the same transposition
 * entries, the same quick-trick bounds and the same move ordering), so every answer and every
 * node count is the same as the pure-Python path's (tests/test_solver_diff.py checks both).
 * Every rule fact comes from the FastTables object (built from the engine's tables).
 *
 * counter[0] counts the boundary nodes searched (written back to the list whenever the Python
 * side may look: before tick() and when the call returns, also on an exception); tick() is
 * called when it reaches counter[1], and may raise (the solver's budget); its exception
 * propagates.  PyErr_CheckSignals() runs every 256 nodes, so Ctrl-C interrupts a long search.
 * The transposition table belongs to the callable and is freed with it (the object takes part
 * in garbage collection: a Solver holding it and its tick closure form a cycle).
 * The tt argument is accepted for the same signature and not used.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "_accel.h"

typedef uint64_t u64;

#define MAXS 4     /* suits (the lengths of each suit are packed 16 bits a suit in a u64) */
#define MAXC 63    /* cards */
#define MAXM 16    /* moves of one seat (cards of one hand) */

static Py_ssize_t live_tables = 0;

/* The relative-rank code of a boundary, 7 ranks at a time: squeeze[r][x] is x's cards among
 * the remaining cards r of a 7-rank chunk, numbered from the top (bit j: the j-th highest
 * remaining card), and pc7[r] the number of remaining cards of the chunk. */
#define CH 7
static uint8_t squeeze[1 << CH][1 << CH];
static uint8_t pc7[1 << CH];

static void init_squeeze(void) {
    for (int r = 0; r < (1 << CH); r++) {
        pc7[r] = (uint8_t)__builtin_popcount((unsigned)r);
        for (int x = 0; x < (1 << CH); x++) {
            int j = 0, code = 0;
            for (int b = CH - 1; b >= 0; b--) {
                if (!(r >> b & 1)) continue;
                if (x >> b & 1) code |= 1 << j;
                j++;
            }
            squeeze[r][x] = (uint8_t)code;
        }
    }
}

static inline int bitlen(u64 x) { return x ? 64 - __builtin_clzll(x) : 0; }
#if defined(__POPCNT__)
static inline int popc(u64 x) { return __builtin_popcountll(x); }
#else
/* without -mpopcnt the builtin is a library call (7% of a full deal's time); this is inline */
static inline int popc(u64 x) {
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}
#endif
static inline u64 below(int bl) { return bl >= 64 ? ~(u64)0 : (((u64)1 << bl) - 1); }
static inline u64 topbit(u64 x) { return x ? (u64)1 << (bitlen(x) - 1) : 0; }
static inline int ctz(u64 x) { return __builtin_ctzll(x); }
/* bit j of x (j < 16) to bit 2j */
static inline u64 spread2(u64 x) {
    x = (x | x << 8) & 0x00FF00FFULL;
    x = (x | x << 4) & 0x0F0F0F0FULL;
    x = (x | x << 2) & 0x33333333ULL;
    return (x | x << 1) & 0x55555555ULL;
}

static inline u64 kth_top(u64 m, int k) {
    for (int i = 0; i < k - 1; i++) m ^= topbit(m);
    return topbit(m);
}

/* A transposition entry: it serves every position of its bucket whose top ks[s] cards of each
 * suit s have the same holders as the stored one's.  The holders are a 2-bit code a place
 * (place j of suit s: bits 2j, 2j + 1 of the 32-bit field s & 1 of word s >> 1), so M and V
 * are two words for the four suits, and a test is two ands and two compares. */
typedef struct {
    u64 M[2], V[2];
    int8_t lo, hi;
    uint8_t ks[MAXS];
} Entry;

typedef struct {
    u64 lens;
    uint8_t leader, broken, used;
    uint32_t n, cap;
    Entry *e;
} Bucket;

typedef struct {
    PyObject_HEAD
    int ns, W, ncards, ts, enforce;
    u64 smask[MAXS], tmask;
    int base[MAXS], swid[MAXS];
    int suit_of[64], rank_of[64];
    u64 lowsm[64];
    int side[4];
    PyObject *counter, *tick;
    Bucket *tab;
    size_t tcap, tused;
    long long cnt, check;
} Searcher;

/* ------------------------------------------------------------------ transposition table */

static inline size_t bhash(u64 lens, int leader, int broken) {
    u64 h = lens * 0x9E3779B97F4A7C15ULL;
    h ^= (u64)(leader * 2 + broken + 1) * 0xC2B2AE3D27D4EB4FULL;
    h ^= h >> 29;
    return (size_t)h;
}

static Bucket *find_bucket(Searcher *S, u64 lens, int leader, int broken, int create) {
    if (S->tab == NULL) {
        if (!create) return NULL;
        S->tcap = 1024;
        S->tab = calloc(S->tcap, sizeof(Bucket));
        if (!S->tab) { PyErr_NoMemory(); return NULL; }
    }
    size_t mask = S->tcap - 1;
    size_t i = bhash(lens, leader, broken) & mask;
    while (S->tab[i].used) {
        Bucket *b = &S->tab[i];
        if (b->lens == lens && b->leader == leader && b->broken == broken) return b;
        i = (i + 1) & mask;
    }
    if (!create) return NULL;
    if ((S->tused + 1) * 2 > S->tcap) {
        size_t ncap = S->tcap * 2;
        Bucket *nt = calloc(ncap, sizeof(Bucket));
        if (!nt) { PyErr_NoMemory(); return NULL; }
        for (size_t j = 0; j < S->tcap; j++) {
            if (!S->tab[j].used) continue;
            Bucket *o = &S->tab[j];
            size_t k = bhash(o->lens, o->leader, o->broken) & (ncap - 1);
            while (nt[k].used) k = (k + 1) & (ncap - 1);
            nt[k] = *o;
        }
        free(S->tab);
        S->tab = nt;
        S->tcap = ncap;
        mask = ncap - 1;
        i = bhash(lens, leader, broken) & mask;
        while (S->tab[i].used) i = (i + 1) & mask;
    }
    Bucket *b = &S->tab[i];
    b->lens = lens;
    b->leader = (uint8_t)leader;
    b->broken = (uint8_t)broken;
    b->used = 1;
    b->n = b->cap = 0;
    b->e = NULL;
    S->tused++;
    return b;
}

static void free_table(Searcher *S) {
    if (S->tab) {
        for (size_t j = 0; j < S->tcap; j++)
            if (S->tab[j].used) free(S->tab[j].e);
        free(S->tab);
    }
    S->tab = NULL;
    S->tcap = S->tused = 0;
}

/* ------------------------------------------------------------------ quick tricks */

static void quick(const Searcher *S, const u64 *hands, int leader, int broken, int *q_,
                  u64 *rel_, int *qo_, u64 *rqo_) {
    const u64 tmask = S->tmask;
    const int ts = S->ts;
    u64 lh = hands[leader], pard = hands[leader ^ 2];
    u64 o1 = hands[(leader + 1) & 3], o2 = hands[(leader + 3) & 3];
    u64 opp = o1 | o2, o1t = o1 & tmask, o2t = o2 & tmask;
    int clean = 0, unclean = 0;
    u64 rel = 0, rel_u = 0;
    for (int s = 0; s < S->ns; s++) {
        u64 sm = S->smask[s];
        u64 xs = lh & sm;
        if (!xs) continue;
        if (s == ts && S->enforce && !broken && (lh & ~tmask)) continue;
        u64 ox = opp & sm;
        u64 top = ox ? xs & ~below(bitlen(ox)) : xs;
        if (!top) {
            u64 ptop = pard & sm & ~below(bitlen(ox | xs));
            if (ptop) {
                int k = popc(ptop);
                if (s != ts) {
                    if (o1t) { int x = popc(o1 & sm); if (x < k) k = x; }
                    if (o2t) { int x = popc(o2 & sm); if (x < k) k = x; }
                }
                if (k > unclean) {
                    unclean = k;
                    rel_u = kth_top(ptop, k);
                }
            }
            continue;
        }
        int k = popc(top);
        if (s != ts) {
            if (o1t) { int x = popc(o1 & sm); if (x < k) k = x; }
            if (o2t) { int x = popc(o2 & sm); if (x < k) k = x; }
            if (!k) continue;
        }
        u64 lowest = kth_top(top, k);
        if (pard & sm & ~(lowest - 1) & ~lowest) {
            if (unclean < 1) {
                unclean = 1;
                rel_u = topbit(top);
            }
        } else {
            clean += k;
            rel |= lowest;
        }
    }
    int q = clean + unclean;
    rel |= rel_u;
    u64 ours_t = (lh | pard) & tmask;
    int best_o = 0;
    u64 rel_o = 0;
    u64 ots[2] = {o1t, o2t};
    for (int i = 0; i < 2; i++) {
        u64 ot = ots[i];
        u64 top = ours_t ? ot & ~below(bitlen(ours_t)) : ot;
        if (top) {
            int k = popc(top);
            if (k > best_o) {
                best_o = k;
                rel_o = top & (~top + 1);
            }
        }
    }
    u64 oppt = o1t | o2t;
    u64 mts[2] = {lh & tmask, pard & tmask};
    for (int i = 0; i < 2; i++) {
        u64 mt = mts[i];
        u64 top = oppt ? mt & ~below(bitlen(oppt)) : mt;
        if (top) {
            int k = popc(top);
            if (k > q) {
                q = k;
                rel = top & (~top + 1);
            }
        }
    }
    *q_ = q;
    *rel_ = rel;
    *qo_ = best_o;
    *rqo_ = rel_o;
}

/* ------------------------------------------------------------------ move ordering */

/* stable insertion sort of cards by key[] (ascending) */
static void ssort(int *a, int n, const int *key) {
    for (int i = 1; i < n; i++) {
        int x = a[i], kx = key[x], j = i - 1;
        while (j >= 0 && key[a[j]] > kx) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = x;
    }
}

static inline int cat(int *out, int n, const int *a, int na) {
    for (int i = 0; i < na; i++) out[n + i] = a[i];
    return n + na;
}

/* The seat's legal cards, equivalent ones merged, likely best first (std52's order). */
static int order(const Searcher *S, const u64 *hands, int seat, const int *trick, int k,
                 int broken, int wc, int wpos, int *out) {
    const u64 tmask = S->tmask;
    const int ts = S->ts;
    u64 h = hands[seat];
    u64 allrem = hands[0] | hands[1] | hands[2] | hands[3];
    u64 cand, f = 0;
    int L = 0;
    if (k == 0) {
        cand = h;
        if (S->enforce && !broken) {
            u64 x = h & ~tmask;
            cand = x ? x : h;
        }
    } else {
        L = S->suit_of[trick[0]];
        f = h & S->smask[L];
        cand = f ? f : h;
        if (!(cand & (cand - 1))) {
            out[0] = bitlen(cand) - 1;
            return 1;
        }
        for (int i = 0; i < k; i++) allrem |= (u64)1 << trick[i];
    }
    int reps[MAXM + 1], nr = 0;
    u64 m = cand;
    while (m) {
        u64 low = m & (~m + 1);
        m ^= low;
        int c = ctz(low);
        u64 bl = allrem & S->lowsm[c];
        if (bl && (h >> (bitlen(bl) - 1)) & 1) continue;
        reps[nr++] = c;
    }
    if (nr <= 1) {
        for (int i = 0; i < nr; i++) out[i] = reps[i];
        return nr;
    }
    u64 o1 = hands[(seat + 1) & 3];
    if (k == 0) {
        u64 o3 = hands[(seat + 3) & 3];
        u64 pard = hands[seat ^ 2];
        u64 opp = o1 | o3, o1t = o1 & tmask, o3t = o3 & tmask;
        /* Leads by kind, in this order: a side suit's winners (high first); a side suit
         * partner ruffs or wins (toward partner's winners); a side suit partner's top card
         * beats the next opponent's in (then any other side suit), low first; trumps last
         * (the top ones high first, then the others low first), before only the side suits
         * an opponent can ruff.  Trumps early cost most: a trump lead was tried first
         * wherever the leader held the top trump, and was wrong about one time in four. */
        int a0[MAXM], a1[MAXM], a2[2 * MAXM], a3[MAXM], a25[MAXM], atw[MAXM], atl[MAXM];
        int n0 = 0, n1 = 0, n2 = 0, n3 = 0, n25 = 0, ntw = 0, ntl = 0;
        for (int i = 0; i < nr; i++) {
            int c = reps[i];
            int s = S->suit_of[c];
            u64 sm = S->smask[s];
            u64 ox = opp & sm;
            u64 ps = pard & sm;
            if (s == ts) {
                if (!(ox >> c)) atw[ntw++] = c;
                else atl[ntl++] = c;
            } else if ((o1t && !(o1 & sm)) || (o3t && !(o3 & sm))) {
                /* only the next opponent ruffs, and partner overruffs: like partner's ruff */
                if (!(o3t && !(o3 & sm)) && !ps && bitlen(pard & tmask) > bitlen(o1t))
                    a1[n1++] = c;
                else
                    a3[n3++] = c;
            }
            else if (!(ox >> c))
                a0[n0++] = c;
            else if (!ps && (pard & tmask))
                a1[n1++] = c;
            else if (ps && bitlen(ps) > bitlen(ox))
                a1[n1++] = c;
            else if (ps && bitlen(ps) > bitlen(o1 & sm))
                a2[n2++] = c;
            else
                a25[n25++] = c;
        }
        /* stable sort of a0 by -rank */
        for (int i = 1; i < n0; i++) {
            int x = a0[i], kx = -S->rank_of[x], j = i - 1;
            while (j >= 0 && -S->rank_of[a0[j]] > kx) {
                a0[j + 1] = a0[j];
                j--;
            }
            a0[j + 1] = x;
        }
        ssort(a1, n1, S->rank_of);
        ssort(a2, n2, S->rank_of);
        if (n25) {
            /* the other side-suit leads: from the side's shortest suit first, then low */
            int k25[64];
            for (int i = 0; i < n25; i++) {
                int c = a25[i];
                k25[c] = S->rank_of[c] + 100 * popc((h | pard) & S->smask[S->suit_of[c]]);
            }
            ssort(a25, n25, k25);
            for (int i = 0; i < n25; i++) a2[n2++] = a25[i];
        }
        int n = 0;
        n = cat(out, n, a0, n0);
        n = cat(out, n, a1, n1);
        n = cat(out, n, a2, n2);
        for (int i = ntw - 1; i >= 0; i--) out[n++] = atw[i];  /* reps run low to high */
        n = cat(out, n, atl, ntl);
        if (n3) {
            ssort(a3, n3, S->rank_of);
            n = cat(out, n, a3, n3);
        }
        return n;
    }
    int ws = S->suit_of[wc];
    u64 later = k < 3 ? o1 : 0;
    u64 lL = later & S->smask[L];
    u64 lt = later & tmask;
    if (f) {
        for (int i = 0; i < nr; i++) out[i] = reps[i];
        if (ws != L) return nr;
        if (k - wpos == 2 && !(lL >> wc) && (lL || !lt)) return nr;
        for (int i = 0; i < nr; i++) {
            int c = reps[i];
            if (c > wc && !(lL >> c) && (lL || !lt)) {
                if (i) {
                    /* move c to the front */
                    for (int j = i; j > 0; j--) out[j] = out[j - 1];
                    out[0] = c;
                }
                return nr;
            }
        }
        if (k == 2 && reps[nr - 1] > wc) {
            int c = reps[nr - 1];
            for (int j = nr - 1; j > 0; j--) out[j] = out[j - 1];
            out[0] = c;
        }
        return nr;
    }
    int tr[MAXM], disc[MAXM], nt = 0, nd = 0;
    for (int i = 0; i < nr; i++) {
        int c = reps[i];
        if (S->suit_of[c] == ts) tr[nt++] = c;
        else disc[nd++] = c;
    }
    if (nd > 1) {
        /* discards: not a winner of its suit before a winner, the shortest suit first (a
         * void to ruff in later), then low */
        int dk[64];
        u64 others = allrem & ~h;
        for (int i = 0; i < nd; i++) {
            int c = disc[i];
            u64 sm = S->smask[S->suit_of[c]];
            dk[c] = S->rank_of[c] + 20 * popc(h & sm) + 1000 * !((others & sm) >> c);
        }
        ssort(disc, nd, dk);
    }
    if (k - wpos == 2 && (!later || (lL && (ws == ts || !(lL >> wc)))
                          || (!lL && ws == ts && !(lt >> wc)) || (!lL && !lt))) {
        int n = cat(out, 0, disc, nd);
        return cat(out, n, tr, nt);
    }
    int pick = -1;
    for (int i = 0; i < nt; i++) {
        int c = tr[i];
        if ((ws != ts || c > wc) && !lL && (lt >> c)) continue;
        if (ws != ts || c > wc) { pick = i; break; }
    }
    if (pick < 0 && k < 3) {
        /* the next opponent can overruff every ruff: ruff high */
        for (int i = nt - 1; i >= 0; i--) {
            int c = tr[i];
            if (ws != ts || c > wc) { pick = i; break; }
        }
    }
    if (pick >= 0) {
        int c = tr[pick];
        for (int j = pick; j < nt - 1; j++) tr[j] = tr[j + 1];
        nt--;
        out[0] = c;
        int n = cat(out, 1, disc, nd);
        return cat(out, n, tr, nt);
    }
    int n = cat(out, 0, disc, nd);
    return cat(out, n, tr, nt);
}

/* The run of the seat's cards directly above c (std52's run_above). */
static u64 run_above(const Searcher *S, const u64 *hands, const int *trick, int k, u64 h, int c) {
    u64 rem = hands[0] | hands[1] | hands[2] | hands[3];
    for (int i = 0; i < k; i++) rem |= (u64)1 << trick[i];
    u64 up = rem & S->smask[S->suit_of[c]] & ~(((u64)2 << c) - 1);
    u64 run = 0;
    while (up) {
        u64 low = up & (~up + 1);
        if (!(low & h)) break;
        run |= low;
        up ^= low;
    }
    return run;
}

/* ------------------------------------------------------------------ search */

static int boundary(Searcher *S, u64 *hands, int leader, int broken, int left, int t,
                    u64 *rel_out);

/* After card c's result, relying on *rl: the run rule (std52's run_above: c joins *rl when the
 * lowest relied-on card of its suit lies in the run c stood for), else DDS's small moves: the
 * seat's other cards of c's suit below every card of that suit *rl holds give the same result
 * (*skip; *lows gets that lowest card). */
static inline void after_move(const Searcher *S, const u64 *hands, const int *trick, int k,
                              u64 h, int c, u64 *rl, u64 *skip, u64 *lows) {
    u64 sm = S->smask[S->suit_of[c]];
    u64 rs = *rl & sm;
    u64 low = rs & (~rs + 1);
    if (low && (low & run_above(S, hands, trick, k, h, c))) *rl |= (u64)1 << c;
    else if (!low) *skip |= sm;
    else if ((low >> c) > 1) {
        *skip |= sm & (low - 1);
        *lows |= low;
    }
}

/* Search the rest of the trick: 1 / 0, or -1 with a Python exception set. */
static int play(Searcher *S, u64 *hands, int *trick, int k, int leader, int broken, int left,
                int t, int wc, int wpos, int br, u64 *rel_out) {
    int seat = (leader + k) & 3;
    int maxing = S->side[seat];
    int moves[MAXM + 1];
    int nm = order(S, hands, seat, trick, k, broken, wc, wpos, moves);
    u64 h = hands[seat];
    u64 rel = 0, skip = 0, lows = 0;
    const int ts = S->ts;
    if (k == 3) {
        int ws = S->suit_of[wc];
        int w3 = (leader + wpos) & 3;
        for (int i = 0; i < nm; i++) {
            int c = moves[i];
            if (skip >> c & 1) {
                if (lows & run_above(S, hands, trick, k, h, c)) rel |= (u64)1 << c;
                continue;
            }
            hands[seat] = h ^ ((u64)1 << c);
            int sc = S->suit_of[c];
            int wseat, wcard, byrank;
            if (sc == ws) {
                if (c > wc) { wseat = seat; wcard = c; }
                else { wseat = w3; wcard = wc; }
                byrank = 1;
            } else if (sc == ts) {
                wseat = seat; wcard = c; byrank = 0;
            } else {
                wseat = w3; wcard = wc; byrank = br;
            }
            int t2 = t - S->side[wseat];
            int r;
            u64 rl;
            if (t2 <= 0) { r = 1; rl = 0; }
            else if (t2 >= left) { r = 0; rl = 0; }
            else {
                r = boundary(S, hands, wseat, broken || (S->enforce && sc == ts), left - 1, t2,
                             &rl);
                if (r < 0) { hands[seat] = h; return -1; }
            }
            if (byrank) rl |= (u64)1 << wcard;
            hands[seat] = h;
            after_move(S, hands, trick, k, h, c, &rl, &skip, &lows);
            if (r == maxing) { *rel_out = rl; return r; }
            rel |= rl;
        }
        *rel_out = rel;
        return !maxing;
    }
    if (k == 0) {
        for (int i = 0; i < nm; i++) {
            int c = moves[i];
            if (skip >> c & 1) {
                if (lows & run_above(S, hands, trick, 0, h, c)) rel |= (u64)1 << c;
                continue;
            }
            hands[seat] = h ^ ((u64)1 << c);
            trick[0] = c;
            u64 rl;
            int r = play(S, hands, trick, 1, leader,
                         broken || (S->enforce && S->suit_of[c] == ts), left, t, c, 0, 0, &rl);
            hands[seat] = h;
            if (r < 0) return -1;
            after_move(S, hands, trick, 0, h, c, &rl, &skip, &lows);
            if (r == maxing) { *rel_out = rl; return r; }
            rel |= rl;
        }
        *rel_out = rel;
        return !maxing;
    }
    int ws = S->suit_of[wc];
    for (int i = 0; i < nm; i++) {
        int c = moves[i];
        if (skip >> c & 1) {
            if (lows & run_above(S, hands, trick, k, h, c)) rel |= (u64)1 << c;
            continue;
        }
        hands[seat] = h ^ ((u64)1 << c);
        int sc = S->suit_of[c];
        trick[k] = c;
        u64 rl;
        int r;
        if (sc == ws) {
            if (c > wc)
                r = play(S, hands, trick, k + 1, leader, broken, left, t, c, k, 1, &rl);
            else
                r = play(S, hands, trick, k + 1, leader, broken, left, t, wc, wpos, 1, &rl);
        } else if (sc == ts) {
            r = play(S, hands, trick, k + 1, leader, broken || S->enforce, left, t, c, k, 0, &rl);
        } else {
            r = play(S, hands, trick, k + 1, leader, broken, left, t, wc, wpos, br, &rl);
        }
        hands[seat] = h;
        if (r < 0) return -1;
        after_move(S, hands, trick, k, h, c, &rl, &skip, &lows);
        if (r == maxing) { *rel_out = rl; return r; }
        rel |= rl;
    }
    *rel_out = rel;
    return !maxing;
}

static int boundary(Searcher *S, u64 *hands, int leader, int broken, int left, int t,
                    u64 *rel_out) {
    if (t <= 0) { *rel_out = 0; return 1; }
    if (t > left) { *rel_out = 0; return 0; }
    if (budget_node(S->counter, S->tick, &S->cnt, &S->check) < 0) return -1;
    const int ns = S->ns;
    u64 K[2] = {0, 0}, Rs[MAXS];
    u64 lens = 0;
    for (int s = 0; s < ns; s++) {
        u64 sm = S->smask[s];
        u64 a = hands[0] & sm, b = hands[1] & sm, c = hands[2] & sm, d = hands[3] & sm;
        u64 R = a | b | c | d;
        /* bit j of h1 / h2: the j-th highest remaining card (chunks from the top) is held by
         * hand 1 or 3 / by hand 2 or 3 */
        u64 h1 = 0, h2 = 0;
        int j = 0, bs = S->base[s], na = 0, nb = 0, nc = 0, nd = 0;
        for (int lo = ((S->swid[s] - 1) / CH) * CH; lo >= 0; lo -= CH) {
            int sh = bs + lo;
            unsigned r = (unsigned)(R >> sh) & ((1u << CH) - 1);
            if (!r) continue;
            const uint8_t *q = squeeze[r];
            unsigned xa = (unsigned)(a >> sh) & ((1u << CH) - 1);
            unsigned xb = (unsigned)(b >> sh) & ((1u << CH) - 1);
            unsigned xc = (unsigned)(c >> sh) & ((1u << CH) - 1);
            unsigned xd = (unsigned)(d >> sh) & ((1u << CH) - 1);
            h1 |= (u64)(q[xb] | q[xd]) << j;
            h2 |= (u64)(q[xc] | q[xd]) << j;
            na += pc7[xa];
            nb += pc7[xb];
            nc += pc7[xc];
            nd += pc7[xd];
            j += pc7[r];
        }
        K[s >> 1] |= (spread2(h1) | spread2(h2) << 1) << (32 * (s & 1));
        Rs[s] = R;
        lens |= (u64)(na | nb << 4 | nc << 8 | nd << 12) << (16 * s);
    }
    Bucket *bk = find_bucket(S, lens, leader, broken, 0);
    if (bk) {
        for (int i = (int)bk->n - 1; i >= 0; i--) {
            const Entry *e = &bk->e[i];
            if ((K[0] & e->M[0]) != e->V[0] || (K[1] & e->M[1]) != e->V[1]) continue;
            if (e->lo >= t || e->hi < t) {
                u64 rel = 0;
                for (int s = 0; s < ns; s++)
                    if (e->ks[s]) rel |= kth_top(Rs[s], e->ks[s]);
                *rel_out = rel;
                int res = e->lo >= t;
                if (i + 1 < (int)bk->n) {  /* it goes last: scanned first next time */
                    Entry tmp = bk->e[i];
                    memmove(&bk->e[i], &bk->e[i + 1], (bk->n - 1 - (uint32_t)i) * sizeof(Entry));
                    bk->e[bk->n - 1] = tmp;
                }
                return res;
            }
        }
    }
    int q, qo;
    u64 rq, rqo;
    quick(S, hands, leader, broken, &q, &rq, &qo, &rqo);
    if (S->side[leader]) {
        if (q >= t) { *rel_out = rq; return 1; }
        if (left - qo < t) { *rel_out = rqo; return 0; }
    } else {
        if (left - q < t) { *rel_out = rq; return 0; }
        if (qo >= t) { *rel_out = rqo; return 1; }
    }
    int trick[4] = {0, 0, 0, 0};
    u64 rel;
    int r = play(S, hands, trick, 0, leader, broken, left, t, -1, 0, 0, &rel);
    if (r < 0) return -1;
    Entry ne;
    memset(&ne, 0, sizeof ne);
    for (int s = 0; s < ns; s++) {
        u64 rs = rel & S->smask[s];
        if (rs) {
            u64 low = rs & (~rs + 1);
            int kk = popc(Rs[s] & ~(low - 1));
            ne.ks[s] = (uint8_t)kk;
            ne.M[s >> 1] |= (((u64)1 << (2 * kk)) - 1) << (32 * (s & 1));
        }
    }
    ne.V[0] = K[0] & ne.M[0];
    ne.V[1] = K[1] & ne.M[1];
    bk = find_bucket(S, lens, leader, broken, 1);
    if (!bk) return -1;
    uint32_t i;
    for (i = 0; i < bk->n; i++) {
        Entry *e = &bk->e[i];
        if (memcmp(e->M, ne.M, sizeof ne.M) == 0 && memcmp(e->V, ne.V, sizeof ne.V) == 0) {
            if (r) {
                if (t > e->lo) e->lo = (int8_t)t;
            } else if (t - 1 < e->hi) {
                e->hi = (int8_t)(t - 1);
            }
            break;
        }
    }
    if (i == bk->n) {
        if (bk->n == bk->cap) {
            uint32_t ncap = bk->cap ? bk->cap * 2 : 2;
            Entry *ne2 = realloc(bk->e, ncap * sizeof(Entry));
            if (!ne2) { PyErr_NoMemory(); return -1; }
            bk->e = ne2;
            bk->cap = ncap;
        }
        ne.lo = (int8_t)(r ? t : 0);
        ne.hi = (int8_t)(r ? left : t - 1);
        bk->e[bk->n++] = ne;
    }
    *rel_out = rel;
    return r;
}

/* ------------------------------------------------------------------ the Python type */

/* The hands (four masks) and the trick's cards from Python, checked against the deck; -1 with
 * an exception set when they do not fit. */
static int read_position(const Searcher *S, PyObject *hands_o, PyObject *trick_o, int leader,
                         u64 *hands, int *trick, int *k_out) {
    PyObject *hs = PySequence_Fast(hands_o, "hands must be a sequence");
    if (!hs) return -1;
    if (PySequence_Fast_GET_SIZE(hs) != 4) {
        Py_DECREF(hs);
        PyErr_SetString(PyExc_ValueError, "four hands expected");
        return -1;
    }
    for (int i = 0; i < 4; i++) {
        hands[i] = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(hs, i));
        if (PyErr_Occurred()) { Py_DECREF(hs); return -1; }
    }
    Py_DECREF(hs);
    u64 all = 0;
    for (int i = 0; i < 4; i++) all |= hands[i];
    if (all >> S->ncards) {
        PyErr_SetString(PyExc_ValueError, "a card outside the deck");
        return -1;
    }
    int k = 0;
    PyObject *ts_ = PySequence_Fast(trick_o, "trick must be a sequence");
    if (!ts_) return -1;
    Py_ssize_t nk = PySequence_Fast_GET_SIZE(ts_);
    if (nk > 3) {
        Py_DECREF(ts_);
        PyErr_SetString(PyExc_ValueError, "at most three cards on the table");
        return -1;
    }
    for (Py_ssize_t i = 0; i < nk; i++) {
        long c = PyLong_AsLong(PySequence_Fast_GET_ITEM(ts_, i));
        if (c == -1 && PyErr_Occurred()) { Py_DECREF(ts_); return -1; }
        if (c < 0 || c >= S->ncards) {
            Py_DECREF(ts_);
            PyErr_SetString(PyExc_ValueError, "a card outside the deck");
            return -1;
        }
        trick[k++] = (int)c;
    }
    Py_DECREF(ts_);
    if (leader < 0 || leader > 3) {
        PyErr_SetString(PyExc_ValueError, "leader must be a seat 0-3");
        return -1;
    }
    *k_out = k;
    return 0;
}

/* the card winning the first k cards of trick (wc, played at *wpos) and whether it beat a card
 * of its own suit (*br) */
static int trick_winner(const Searcher *S, const int *trick, int k, int *wpos, int *br) {
    int wc = trick[0];
    *wpos = 0;
    *br = 0;
    for (int i = 1; i < k; i++) {
        int c = trick[i];
        if (S->suit_of[c] == S->suit_of[wc]) {
            *br = 1;
            if (c > wc) { wc = c; *wpos = i; }
        } else if (S->suit_of[c] == S->ts) {
            wc = c; *wpos = i; *br = 0;
        }
    }
    return wc;
}

static PyObject *Searcher_call(PyObject *self_, PyObject *args, PyObject *kwargs) {
    Searcher *S = (Searcher *)self_;
    PyObject *hands_o, *trick_o;
    int leader, broken, left, t;
    if (kwargs && PyDict_GET_SIZE(kwargs)) {
        PyErr_SetString(PyExc_TypeError, "search() takes positional arguments only");
        return NULL;
    }
    if (!PyArg_ParseTuple(args, "OOiiii:search", &hands_o, &trick_o, &leader, &broken, &left,
                          &t))
        return NULL;
    u64 hands[4];
    int trick[4], k = 0;
    if (read_position(S, hands_o, trick_o, leader, hands, trick, &k) < 0) return NULL;
    broken = broken ? 1 : 0;
    /* counter[0]: nodes so far in this call; counter[1]: the count of the next tick */
    if (budget_start(S->counter, &S->cnt, &S->check) < 0) return NULL;
    int r;
    if (k) {
        if (t <= 0) r = 1;
        else if (t > left) r = 0;
        else {
            int wpos, br;
            int wc = trick_winner(S, trick, k, &wpos, &br);
            u64 rel;
            r = play(S, hands, trick, k, leader, broken, left, t, wc, wpos, br, &rel);
        }
    } else {
        u64 rel;
        r = boundary(S, hands, leader, broken, left, t, &rel);
    }
    return budget_end(S->counter, S->cnt, r);
}

/* std52's estimate: the tricks of max_mask's side when every seat plays order()'s first card */
static PyObject *Searcher_estimate(PyObject *self_, PyObject *args) {
    Searcher *S = (Searcher *)self_;
    PyObject *hands_o, *trick_o;
    int leader, broken, left;
    if (!PyArg_ParseTuple(args, "OOiii:estimate", &hands_o, &trick_o, &leader, &broken, &left))
        return NULL;
    u64 hands[4];
    int trick[4], k = 0;
    if (read_position(S, hands_o, trick_o, leader, hands, trick, &k) < 0) return NULL;
    broken = broken ? 1 : 0;
    int wc = -1, wpos = 0, br;
    if (k) wc = trick_winner(S, trick, k, &wpos, &br);
    int got = 0;
    while (left > 0) {
        int seat = (leader + k) & 3;
        int moves[MAXM + 1];
        if (!hands[seat]) break;  /* no card left (hands of unequal length) */
        order(S, hands, seat, trick, k, broken, wc, wpos, moves);
        int c = moves[0];
        hands[seat] ^= (u64)1 << c;
        int sc = S->suit_of[c];
        if (S->enforce && sc == S->ts) broken = 1;
        if (k == 0 || (sc == S->suit_of[wc] && c > wc)
                || (sc == S->ts && S->suit_of[wc] != S->ts)) {
            wc = c;
            wpos = k;
        }
        trick[k++] = c;
        if (k == 4) {
            leader = (leader + wpos) & 3;
            got += S->side[leader];
            k = 0;
            left--;
        }
    }
    return PyLong_FromLong(got);
}

static int Searcher_traverse(PyObject *self_, visitproc visit, void *arg) {
    Searcher *S = (Searcher *)self_;
    Py_VISIT(S->counter);
    Py_VISIT(S->tick);
    return 0;
}

static int Searcher_clear(PyObject *self_) {
    Searcher *S = (Searcher *)self_;
    Py_CLEAR(S->counter);
    Py_CLEAR(S->tick);
    return 0;
}

static void Searcher_dealloc(PyObject *self_) {
    Searcher *S = (Searcher *)self_;
    PyObject_GC_UnTrack(self_);
    Searcher_clear(self_);
    free_table(S);
    live_tables--;
    Py_TYPE(self_)->tp_free(self_);
}

static PyObject *Searcher_entries(PyObject *self_, PyObject *Py_UNUSED(unused)) {
    Searcher *S = (Searcher *)self_;
    size_t n = 0;
    if (S->tab)
        for (size_t j = 0; j < S->tcap; j++)
            if (S->tab[j].used) n += S->tab[j].n;
    return PyLong_FromSize_t(n);
}

static PyMethodDef Searcher_methods[] = {
    {"entries", Searcher_entries, METH_NOARGS,
     "Number of transposition-table entries held."},
    {"estimate", Searcher_estimate, METH_VARARGS,
     "estimate(hands, trick_cards, leader, broken, left): the tricks of the side of max_mask "
     "when every seat plays the move ordering's first card (std52's estimate)."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject SearcherType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "spades_lab.solver._std52c.Search",
    .tp_doc = "The fast path's search(hands, trick_cards, leader, broken, left, t) -> bool.",
    .tp_basicsize = sizeof(Searcher),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_call = Searcher_call,
    .tp_traverse = Searcher_traverse,
    .tp_clear = Searcher_clear,
    .tp_dealloc = Searcher_dealloc,
    .tp_methods = Searcher_methods,
};

/* ------------------------------------------------------------------ the factory */

/* the ints of ft.<name> */
static int get_int_list(PyObject *ft, const char *name, int *out, Py_ssize_t max,
                        Py_ssize_t *n_out) {
    PyObject *o = PyObject_GetAttrString(ft, name);
    if (!o) return -1;
    int r = int_list(o, name, out, max, n_out);
    Py_DECREF(o);
    return r;
}

static PyObject *make_search(PyObject *Py_UNUSED(mod), PyObject *args) {
    PyObject *ft, *maxmask_o, *tt, *counter, *tick;
    int enforce;
    if (!PyArg_ParseTuple(args, "OOpOOO:make_search", &ft, &maxmask_o, &enforce, &tt, &counter,
                          &tick))
        return NULL;
    if (!PyList_Check(counter) || PyList_GET_SIZE(counter) != 2) {
        PyErr_SetString(PyExc_TypeError, "counter must be a list of two ints");
        return NULL;
    }
    if (!PyCallable_Check(tick)) {
        PyErr_SetString(PyExc_TypeError, "tick must be callable");
        return NULL;
    }
    long max_mask = PyLong_AsLong(maxmask_o);
    if (max_mask == -1 && PyErr_Occurred()) return NULL;
    int suit_of[64], rank_of[64], smask_i[1];
    Py_ssize_t nc, nr;
    (void)smask_i;
    if (get_int_list(ft, "suit_of", suit_of, MAXC, &nc) < 0) return NULL;
    if (get_int_list(ft, "rank_of", rank_of, MAXC, &nr) < 0) return NULL;
    PyObject *o;
    long ns, W, ts;
    if (!(o = PyObject_GetAttrString(ft, "nsuits"))) return NULL;
    ns = PyLong_AsLong(o);
    Py_DECREF(o);
    if (!(o = PyObject_GetAttrString(ft, "width"))) return NULL;
    W = PyLong_AsLong(o);
    Py_DECREF(o);
    if (!(o = PyObject_GetAttrString(ft, "ts"))) return NULL;
    ts = PyLong_AsLong(o);
    Py_DECREF(o);
    if (PyErr_Occurred()) return NULL;
    if (ns < 1 || ns > MAXS || W < 1 || W > MAXM || nr != nc || ts < 0 || ts >= ns) {
        PyErr_SetString(PyExc_ValueError, "deck layout outside the accelerator's limits");
        return NULL;
    }
    u64 smask[MAXS];
    if (!(o = PyObject_GetAttrString(ft, "smask"))) return NULL;
    PyObject *f = PySequence_Fast(o, "smask: a list expected");
    Py_DECREF(o);
    if (!f) return NULL;
    if (PySequence_Fast_GET_SIZE(f) != ns) {
        Py_DECREF(f);
        PyErr_SetString(PyExc_ValueError, "smask: one mask a suit expected");
        return NULL;
    }
    for (Py_ssize_t i = 0; i < ns; i++) {
        smask[i] = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(f, i));
        if (PyErr_Occurred()) { Py_DECREF(f); return NULL; }
    }
    Py_DECREF(f);
    for (Py_ssize_t i = 0; i < ns; i++) {
        u64 m = smask[i];
        if (!m || (((m >> ctz(m)) + 1) & (m >> ctz(m)))) {
            PyErr_SetString(PyExc_ValueError, "each suit's cards must be contiguous bits");
            return NULL;
        }
    }
    for (Py_ssize_t c = 0; c < nc; c++) {
        if (suit_of[c] < 0 || suit_of[c] >= ns || rank_of[c] < 0 || rank_of[c] >= W
                || !(smask[suit_of[c]] >> c & 1)) {
            PyErr_SetString(PyExc_ValueError, "inconsistent deck layout");
            return NULL;
        }
    }
    Searcher *S = PyObject_GC_New(Searcher, &SearcherType);
    if (!S) return NULL;
    live_tables++;
    S->ns = (int)ns;
    S->W = (int)W;
    S->ncards = (int)nc;
    S->ts = (int)ts;
    S->enforce = enforce;
    for (int s = 0; s < MAXS; s++) {
        S->smask[s] = s < ns ? smask[s] : 0;
        S->base[s] = S->smask[s] ? ctz(S->smask[s]) : 0;
        S->swid[s] = S->smask[s] ? bitlen(S->smask[s]) - S->base[s] : 1;
    }
    S->tmask = smask[ts];
    memset(S->suit_of, 0, sizeof S->suit_of);
    memset(S->rank_of, 0, sizeof S->rank_of);
    memset(S->lowsm, 0, sizeof S->lowsm);
    for (Py_ssize_t c = 0; c < nc; c++) {
        S->suit_of[c] = suit_of[c];
        S->rank_of[c] = rank_of[c];
        S->lowsm[c] = smask[suit_of[c]] & (((u64)1 << c) - 1);
    }
    for (int s = 0; s < 4; s++) S->side[s] = (int)(max_mask >> s & 1);
    Py_INCREF(counter);
    S->counter = counter;
    Py_INCREF(tick);
    S->tick = tick;
    S->tab = NULL;
    S->tcap = S->tused = 0;
    S->cnt = 0;
    S->check = LLONG_MAX;
    PyObject_GC_Track((PyObject *)S);
    return (PyObject *)S;
}

static PyObject *live(PyObject *Py_UNUSED(mod), PyObject *Py_UNUSED(unused)) {
    return PyLong_FromSsize_t(live_tables);
}

static PyMethodDef methods[] = {
    {"make_search", make_search, METH_VARARGS,
     "make_search(ft, max_mask, enforce, tt, counter, tick): the fast path's search in C."},
    {"live_tables", live, METH_NOARGS,
     "How many searches (each with its transposition table) are alive."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef moduledef = {
    PyModuleDef_HEAD_INIT, "_std52c",
    "The 52-card fast path's search in C (an optional accelerator of spades_lab.solver.std52).",
    -1, methods,
};

PyMODINIT_FUNC PyInit__std52c(void) {
    if (PyType_Ready(&SearcherType) < 0) return NULL;
    init_squeeze();
    return PyModule_Create(&moduledef);
}
