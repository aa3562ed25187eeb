/* The general search in C: an optional accelerator of spades_lab.solver.search (the Heckadeck
 * sets, and goals the 52-card fast path does not take: nil, counting one suit).
 *
 * make_search(spec, max_mask, count_mask, suit_bit, enforce, quick, counter, tick) returns a
 * callable with the contract of the search function Solver._general_search_fn builds:
 * search(hands, trick, turn, broken, sup, left, t) -> bool, where hands are the seats' card
 * masks over the solver's global card order, trick is ((seat, card index, suit bit), ...), and t
 * the count to reach.  It is a line-by-line port of the Python search (the same transposition
 * keys and bounds, quick and sure tricks, card merging and move ordering, in the same order), so
 * every answer and every node count equals the pure-Python search's when both start from the
 * same table (tests/test_solver_heck.py checks both).  It returns None, having done nothing, when
 * more than 64 cards remain (early in a 4-player Heckadeck hand): the caller then runs the
 * Python search.
 *
 * Every rule fact comes from ``spec`` (built by search._general_spec from the solver's
 * engine-derived tables): each card's suit bits, face-ness, ranks (Ace low / Ace high), kind,
 * the suit bits it may be played as, and the card power of every play in every trick context
 * (facts.card_power, the engine's trick decision).  The search works on the remaining cards only,
 * renumbered 0..63 in the global order, so one 64-bit word holds a hand; the transposition keys
 * are relative (per suit, the holders and kinds of the remaining cards from low to high), so the
 * table stays valid from one call to the next whatever cards have gone.
 *
 * counter[0] counts the nodes searched in this call (written back when the Python side may look:
 * before tick() and when the call returns, also on an exception); tick() is called when it
 * reaches counter[1] and may raise (the solver's budget); its exception propagates.
 * PyErr_CheckSignals() runs every 256 nodes, so Ctrl-C interrupts a long search.  The table
 * holds at most about 8 million entries (set_max_entries): when full it is emptied and starts
 * again, which bounds the memory of a long search (up to then, its entries and node counts are
 * the Python search's).  It belongs to the callable and is freed with it (the object takes part
 * in garbage collection: a
 * Solver holding it and its tick closure form a cycle).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "_accel.h"

typedef uint64_t u64;

#define MAXG 256   /* cards of the deck */
#define MAXN 8     /* seats */
#define MAXNS 8    /* suits */
#define MAXSUP 9   /* superior-trump states: none and each trump */
#define MAXL 64    /* remaining cards the C search takes */
#define MAXMV 128  /* plays of one seat (a Traveler/Hunter gives two) */
#define MAXKEY 200 /* bytes of a transposition key */
#define GW 4       /* 64-bit words of a global card mask */

static Py_ssize_t live_tables = 0;
/* entries a table may hold before it is emptied and starts again (about 24 bytes each, plus the
 * key bytes: a bound on memory for searches that run long; below it, C and Python keep the same
 * entries and search the same nodes) */
static size_t max_entries = (size_t)1 << 23;

static inline int popc(u64 x) { return __builtin_popcountll(x); }
static inline int ctz(u64 x) { return __builtin_ctzll(x); }
#define BIT(i) ((u64)1 << (i))

/* ------------------------------------------------------------------ the searcher */

typedef struct {
    u64 hash;
    uint32_t off;
    uint16_t len;
    int8_t lo, hi;
    uint8_t used;
} Entry;

typedef struct { int seat, c, b; } TPlay;
typedef struct { int c, b; } Move;

typedef struct {
    PyObject_HEAD
    /* the deck (global card order) */
    int ng, ns, nsup, n;
    int sbit[MAXNS], suit_sym[MAXNS];
    int slot_of_bit[256];       /* suit bit -> suit index; sup bit -> sup index */
    int supslot_of_bit[256];
    int trumps, acorns, ace_flips;
    uint8_t *gbits, *gface, *gkind, *gnp, *gpb0, *gpb1, *gdef;
    int *grlow, *grhigh;
    int *gpow;                  /* [2][ns][nsup][ng][2] */
    /* the goal */
    int max_mask, count_mask, suit_bit, enforce, quick, min_mask;
    int side_of[MAXN];
    /* the remaining cards of the current tables (global mask) and their local tables */
    u64 R[GW];
    int valid, m;
    int gidx[MAXL];
    int lbits[MAXL], lface[MAXL], lrlow[MAXL], lkind[MAXL], lkind0[MAXL], lnp[MAXL];
    int lpb[MAXL][2], ldef[MAXL];
    u64 smask[MAXNS], single[MAXNS];
    u64 above[MAXL][2];         /* per play index of the card */
    u64 between[MAXL][MAXL];
    u64 aces, ace_suits[MAXL], dual, trump_cards, suit_cards;
    int members[MAXNS][MAXL], nmem[MAXNS];
    int *lpow;                  /* [2][ns][nsup][MAXL][2] */
    /* the transposition table */
    Entry *tab;
    size_t tcap, tused, cleared;
    char *arena;
    size_t alen, acap;
    /* the budget */
    PyObject *counter, *tick;
    long long cnt, check;
} GS;

static inline int pb_index(const GS *S, int c, int b) { return S->lpb[c][0] == b ? 0 : 1; }

static inline int power(const GS *S, int high, int led, int sup, int c, int b) {
    int li = S->slot_of_bit[led], si = S->supslot_of_bit[sup];
    return S->lpow[((((high * S->ns + li) * S->nsup + si) * MAXL) + c) * 2 + pb_index(S, c, b)];
}

/* ------------------------------------------------------------------ transposition table */

static inline u64 khash(const unsigned char *k, int len) {
    u64 h = 0xcbf29ce484222325ULL;
    for (int i = 0; i < len; i++) {
        h ^= k[i];
        h *= 0x100000001b3ULL;
    }
    h ^= h >> 31;
    h *= 0x9E3779B97F4A7C15ULL;
    h ^= h >> 29;
    return h | 1;  /* never 0 */
}

static void free_table(GS *S) {
    free(S->tab);
    free(S->arena);
    S->tab = NULL;
    S->arena = NULL;
    S->tcap = S->tused = S->alen = S->acap = 0;
}

static Entry *find_entry(GS *S, const unsigned char *k, int len, u64 h) {
    if (!S->tab) return NULL;
    size_t mask = S->tcap - 1, j = (size_t)h & mask;
    for (;;) {
        Entry *e = &S->tab[j];
        if (!e->used) return NULL;
        if (e->hash == h && e->len == len && !memcmp(S->arena + e->off, k, (size_t)len))
            return e;
        j = (j + 1) & mask;
    }
}

static int grow(GS *S) {
    size_t ncap = S->tcap ? S->tcap * 2 : (size_t)1 << 16;
    Entry *nt = calloc(ncap, sizeof(Entry));
    if (!nt) { PyErr_NoMemory(); return -1; }
    for (size_t i = 0; i < S->tcap; i++) {
        Entry *e = &S->tab[i];
        if (!e->used) continue;
        size_t j = (size_t)e->hash & (ncap - 1);
        while (nt[j].used) j = (j + 1) & (ncap - 1);
        nt[j] = *e;
    }
    free(S->tab);
    S->tab = nt;
    S->tcap = ncap;
    return 0;
}

/* store (lo, hi) under key k: a new entry or an update */
static int store(GS *S, const unsigned char *k, int len, u64 h, int lo, int hi) {
    Entry *e = find_entry(S, k, len, h);
    if (e) { e->lo = (int8_t)lo; e->hi = (int8_t)hi; return 0; }
    if (S->tused >= max_entries) {  /* full: start again (every entry is only a cache) */
        memset(S->tab, 0, S->tcap * sizeof(Entry));
        S->tused = S->alen = 0;
        S->cleared++;
    }
    if ((S->tused + 1) * 2 > S->tcap && grow(S) < 0) return -1;
    if (S->alen + (size_t)len > S->acap) {
        size_t ncap = S->acap ? S->acap * 2 : (size_t)1 << 20;
        while (ncap < S->alen + (size_t)len) ncap *= 2;
        if (ncap > UINT32_MAX) { PyErr_NoMemory(); return -1; }
        char *na = realloc(S->arena, ncap);
        if (!na) { PyErr_NoMemory(); return -1; }
        S->arena = na;
        S->acap = ncap;
    }
    memcpy(S->arena + S->alen, k, (size_t)len);
    size_t mask = S->tcap - 1, j = (size_t)h & mask;
    while (S->tab[j].used) j = (j + 1) & mask;
    Entry *ne = &S->tab[j];
    ne->hash = h;
    ne->off = (uint32_t)S->alen;
    ne->len = (uint16_t)len;
    ne->lo = (int8_t)lo;
    ne->hi = (int8_t)hi;
    ne->used = 1;
    S->alen += (size_t)len;
    S->tused++;
    return 0;
}

/* ------------------------------------------------------------------ local tables */

/* the tables of the remaining cards R (global mask), renumbered in the global order */
static void build_local(GS *S, const u64 *R) {
    int m = 0;
    for (int w = 0; w < GW; w++) {
        u64 x = R[w];
        while (x) {
            int i = ctz(x);
            x &= x - 1;
            S->gidx[m++] = w * 64 + i;
        }
    }
    S->m = m;
    for (int j = 0; j < m; j++) {
        int g = S->gidx[j];
        S->lbits[j] = S->gbits[g];
        S->lface[j] = S->gface[g];
        S->lrlow[j] = S->grlow[g];
        S->lkind[j] = S->gkind[g];
        S->lkind0[j] = S->gkind[g] > 2 ? S->gkind[g] : 0;
        S->lnp[j] = S->gnp[g];
        S->lpb[j][0] = S->gpb0[g];
        S->lpb[j][1] = S->gpb1[g];
        S->ldef[j] = S->gdef[g];
    }
    for (int si = 0; si < S->ns; si++) {
        u64 sm = 0, sg = 0;
        for (int j = 0; j < m; j++) {
            if (S->lbits[j] & S->sbit[si]) sm |= BIT(j);
            if (S->lbits[j] == S->sbit[si]) sg |= BIT(j);
        }
        S->smask[si] = sm;
        S->single[si] = sg;
        /* members low to high: by (Ace-low rank, global index) */
        int nm = 0;
        for (int j = 0; j < m; j++)
            if (sm >> j & 1) {
                int p = nm++;
                while (p > 0 && S->lrlow[S->members[si][p - 1]] > S->lrlow[j]) {
                    S->members[si][p] = S->members[si][p - 1];
                    p--;
                }
                S->members[si][p] = j;
            }
        S->nmem[si] = nm;
    }
    S->dual = S->trump_cards = S->aces = 0;
    for (int j = 0; j < m; j++) {
        int g = S->gidx[j];
        if (S->lbits[j] & (S->lbits[j] - 1)) S->dual |= BIT(j);
        if (S->lbits[j] & S->trumps) S->trump_cards |= BIT(j);
        /* above: cards of suit b ranking at or above card j in either order */
        for (int p = 0; p < 2; p++) {
            u64 a = 0;
            if (p < S->lnp[j]) {
                int b = S->lpb[j][p];
                for (int k = 0; k < m; k++) {
                    int gk = S->gidx[k];
                    if (k != j && (S->lbits[k] & b)
                            && (S->grlow[gk] >= S->grlow[g] || S->grhigh[gk] >= S->grhigh[g]))
                        a |= BIT(k);
                }
            }
            S->above[j][p] = a;
        }
        if (S->ace_flips && S->lkind[j] == 2) {
            S->aces |= BIT(j);
            S->ace_suits[j] = S->smask[S->slot_of_bit[S->ldef[j]]] & ~BIT(j);
        } else {
            S->ace_suits[j] = 0;
        }
    }
    /* between: for two cards of the same suits, the cards sharing a suit with them that lie
     * between them in either rank order */
    for (int i = 0; i < m; i++) {
        int gi = S->gidx[i];
        for (int j = i + 1; j < m; j++) {
            if (S->lbits[i] != S->lbits[j]) continue;
            int gj = S->gidx[j];
            int lo1 = S->grlow[gi], hi1 = S->grlow[gj], lo2 = S->grhigh[gi], hi2 = S->grhigh[gj];
            if (lo1 > hi1) { int x = lo1; lo1 = hi1; hi1 = x; }
            if (lo2 > hi2) { int x = lo2; lo2 = hi2; hi2 = x; }
            u64 bm = 0;
            for (int k = 0; k < m; k++) {
                if (k == i || k == j || !(S->lbits[k] & S->lbits[i])) continue;
                int gk = S->gidx[k];
                if ((lo1 <= S->grlow[gk] && S->grlow[gk] <= hi1)
                        || (lo2 <= S->grhigh[gk] && S->grhigh[gk] <= hi2))
                    bm |= BIT(k);
            }
            S->between[i][j] = S->between[j][i] = bm;
        }
    }
    S->suit_cards = S->suit_bit ? S->smask[S->slot_of_bit[S->suit_bit]] : 0;
    /* card powers of the remaining cards in every trick context */
    for (int high = 0; high < 2; high++)
        for (int li = 0; li < S->ns; li++)
            for (int si = 0; si < S->nsup; si++) {
                int base_l = ((high * S->ns + li) * S->nsup + si) * MAXL;
                int base_g = ((high * S->ns + li) * S->nsup + si) * S->ng;
                for (int j = 0; j < m; j++) {
                    int g = S->gidx[j];
                    S->lpow[(base_l + j) * 2] = S->gpow[(base_g + g) * 2];
                    S->lpow[(base_l + j) * 2 + 1] = S->gpow[(base_g + g) * 2 + 1];
                }
            }
    memcpy(S->R, R, sizeof S->R);
    S->valid = 1;
}

/* ------------------------------------------------------------------ rules (mirrors) */

static int live_ace(const GS *S, const u64 *hands, const TPlay *trick, int k) {
    u64 rem = 0;
    for (int s = 0; s < S->n; s++) rem |= hands[s];
    for (int i = 0; i < k; i++) rem |= BIT(trick[i].c);
    if (!(rem & S->aces)) return 0;
    for (int s = 0; s < S->n; s++) {
        u64 x = hands[s];
        if (x & S->aces) {
            u64 elsewhere = rem & ~x, a = x & S->aces;
            while (a) {
                int c = ctz(a);
                a &= a - 1;
                if (elsewhere & S->ace_suits[c]) return 1;
            }
        }
    }
    for (int i = 0; i < k; i++) {
        int c = trick[i].c;
        if ((S->aces >> c & 1) && (rem & S->ace_suits[c])) return 1;
    }
    return 0;
}

/* the legal plays of seat (Solver.gen, in its order) */
static int gen(const GS *S, int seat, const u64 *hands, const TPlay *trick, int k, int broken,
               Move *out) {
    u64 h = hands[seat];
    int n = 0;
    if (k) {
        int L = trick[0].b;
        u64 f = h & S->smask[S->slot_of_bit[L]];
        if (f) {
            while (f) { out[n].c = ctz(f); out[n].b = L; n++; f &= f - 1; }
            return n;
        }
        for (u64 x = h; x; x &= x - 1) {
            int c = ctz(x);
            for (int p = 0; p < S->lnp[c]; p++) { out[n].c = c; out[n].b = S->lpb[c][p]; n++; }
        }
        return n;
    }
    int ub = S->enforce ? (S->trumps & ~broken) : 0;
    if (ub) {
        for (u64 x = h; x; x &= x - 1) {
            int c = ctz(x);
            for (int p = 0; p < S->lnp[c]; p++)
                if (!(S->lpb[c][p] & ub)) { out[n].c = c; out[n].b = S->lpb[c][p]; n++; }
        }
        if (n) return n;
        for (u64 x = h; x; x &= x - 1) {
            int c = ctz(x);
            out[n].c = c; out[n].b = S->ldef[c]; n++;
        }
        return n;
    }
    for (u64 x = h; x; x &= x - 1) {
        int c = ctz(x);
        for (int p = 0; p < S->lnp[c]; p++) { out[n].c = c; out[n].b = S->lpb[c][p]; n++; }
    }
    return n;
}

static int trick_high(const GS *S, const TPlay *trick, int k) {
    if (!S->ace_flips) return 0;
    for (int i = 0; i < k; i++)
        if (S->lface[trick[i].c]) return 1;
    return 0;
}

static int winner(const GS *S, const TPlay *trick, int k, int sup) {
    int high = trick_high(S, trick, k), led = trick[0].b;
    int best = -1000000, w = trick[0].seat;
    for (int i = 0; i < k; i++) {
        int p = power(S, high, led, sup, trick[i].c, trick[i].b);
        if (p > best) { best = p; w = trick[i].seat; }
    }
    return w;
}

static inline u64 above_of(const GS *S, int c, int b) { return S->above[c][pb_index(S, c, b)]; }

static int sure_tricks(const GS *S, const u64 *hands, int side, int sup) {
    u64 opp = 0;
    for (int s = 0; s < S->n; s++)
        if (!(side >> s & 1)) opp |= hands[s];
    int best = 0, ss = S->slot_of_bit[sup];
    u64 sm = S->single[ss];
    int no_inf = (opp & S->smask[ss]) != 0;
    for (int s = 0; s < S->n; s++) {
        if (!(side >> s & 1)) continue;
        int cnt = 0;
        for (u64 x = hands[s] & sm; x; x &= x - 1)
            if (!(above_of(S, ctz(x), sup) & opp)) cnt++;
        if (!no_inf)
            for (int i = 0; i < S->ns; i++) {
                int ib = S->sbit[i];
                if (!(ib & S->trumps) || ib == sup) continue;
                for (u64 x = hands[s] & S->single[i]; x; x &= x - 1)
                    if (!(above_of(S, ctz(x), ib) & opp)) cnt++;
            }
        if (cnt > best) best = cnt;
    }
    return best;
}

static int quick_tricks(const GS *S, const u64 *hands, int leader, int broken, int sup) {
    int mine = S->side_of[leader];
    u64 opp = 0, opp_seats[MAXN], part[MAXN];
    int no = 0, np = 0;
    for (int s = 0; s < S->n; s++) {
        if (mine >> s & 1) {
            if (s != leader) part[np++] = hands[s];
        } else {
            opp |= hands[s];
            opp_seats[no++] = hands[s];
        }
    }
    u64 h = hands[leader];
    int ub = S->enforce ? (S->trumps & ~broken) : 0;
    int clean = 0, unclean = 0;
    u64 used = 0;
    for (int xi = 0; xi < S->ns; xi++) {
        int X = S->sbit[xi];
        if (X & ub) continue;
        u64 xs = h & S->smask[xi] & ~used;
        if (!xs) continue;
        int k = 0;
        u64 tops = 0, over = 0;
        for (; xs; xs &= xs - 1) {
            int c = ctz(xs);
            u64 ab = above_of(S, c, X);
            if (ab & opp) continue;
            k++;
            tops |= BIT(c);
            over |= ab;
        }
        if (!k) continue;
        if (X != sup) {
            for (int i = 0; i < no; i++)
                if (opp_seats[i] & S->trump_cards) {
                    int v = popc(opp_seats[i] & S->single[xi]);
                    if (v < k) k = v;
                }
            if (!k) continue;
        }
        used |= tops;
        int ok = 1;
        for (int i = 0; i < np; i++)
            if (popc(part[i] & S->single[xi]) < k || (part[i] & over)) { ok = 0; break; }
        if (ok) clean += k;
        else unclean = 1;
    }
    return clean + unclean;
}

/* stable sort of moves by key (insertion sort: Python's sort is stable) */
static void ssort(Move *mv, long long *key, int n) {
    for (int i = 1; i < n; i++) {
        Move m = mv[i];
        long long k = key[i];
        int j = i - 1;
        while (j >= 0 && key[j] > k) {
            mv[j + 1] = mv[j];
            key[j + 1] = key[j];
            j--;
        }
        mv[j + 1] = m;
        key[j + 1] = k;
    }
}

static int moves(const GS *S, int seat, const u64 *hands, const TPlay *trick, int k, int broken,
                 int sup, Move *out) {
    Move cand[MAXMV];
    int nc = gen(S, seat, hands, trick, k, broken, cand);
    if (nc == 1) { out[0] = cand[0]; return 1; }
    u64 h = hands[seat], rem = 0;
    for (int s = 0; s < S->n; s++) rem |= hands[s];
    for (int i = 0; i < k; i++) rem |= BIT(trick[i].c);
    u64 others = rem & ~h;
    int n = 0, live = -1;
    const Move *prev = NULL;
    for (int i = 0; i < nc; i++) {
        const Move *mm = &cand[i];
        if (prev && prev->b == mm->b && S->lbits[prev->c] == S->lbits[mm->c]
                && !(S->between[prev->c][mm->c] & others)) {
            int same = 1;
            if (S->lface[prev->c] != S->lface[mm->c]) {
                if (live < 0) live = live_ace(S, hands, trick, k);
                same = !live;
            }
            if (same) { prev = mm; continue; }
        }
        out[n++] = *mm;
        prev = mm;
    }
    if (n == 1) return n;
    long long key[MAXMV];
    int maxing = S->max_mask >> seat & 1;
    int me_good = (S->count_mask >> seat & 1) == maxing;
    if (!k) {
        if (me_good) {
            int mine = S->side_of[seat];
            u64 opp = 0, pmask = 0;
            for (int s = 0; s < S->n; s++) {
                if (mine >> s & 1) {
                    if (s != seat) pmask |= hands[s];
                } else {
                    opp |= hands[s];
                }
            }
            for (int i = 0; i < n; i++) {
                int c = out[i].c, b = out[i].b;
                long long cat;
                long long v = S->lrlow[c];
                if (!(above_of(S, c, b) & opp)) {
                    cat = 0;
                    v = -v;
                } else {
                    cat = 2;
                    for (u64 pt = pmask & S->smask[S->slot_of_bit[b]]; pt; pt &= pt - 1)
                        if (!(above_of(S, ctz(pt), b) & opp)) { cat = 1; break; }
                }
                if (b != sup) {
                    u64 sb = S->smask[S->slot_of_bit[b]];
                    for (int s = 0; s < S->n; s++)
                        if (!(mine >> s & 1) && !(hands[s] & sb) && (hands[s] & S->trump_cards)) {
                            cat += 3;
                            break;
                        }
                }
                key[i] = cat * 1000000 + v;
            }
        } else {
            for (int i = 0; i < n; i++) key[i] = S->lrlow[out[i].c];
        }
        ssort(out, key, n);
        return n;
    }
    int high = trick_high(S, trick, k), led = trick[0].b;
    int best = -1000000, w = trick[0].seat;
    for (int i = 0; i < k; i++) {
        int p = power(S, high, led, sup, trick[i].c, trick[i].b);
        if (p > best) { best = p; w = trick[i].seat; }
    }
    int w_good = (S->count_mask >> w & 1) == maxing;
    int wi = 0;
    for (int i = 0; i < k; i++)
        if (trick[i].seat == w) wi = i;
    if (w_good && me_good && k + 1 < S->n) {
        /* partner wins so far: an opponent still to play who can beat the card makes this
         * seat try to win it itself first ("third hand high") */
        int mine = S->side_of[seat];
        u64 later = 0;
        for (int j = k + 1, s = (seat + 1) % S->n; j < S->n; j++, s = (s + 1) % S->n)
            if (!(mine >> s & 1)) later |= hands[s];
        int wc = trick[wi].c, wb = trick[wi].b;
        u64 ls = S->smask[S->slot_of_bit[led]];
        if ((later & above_of(S, wc, wb))
                || (!(wb & S->trumps) && (later & S->trump_cards) && !(later & ls)))
            w_good = 0;
    }
    u64 opp_all = 0;
    {
        int mine = S->side_of[seat];
        for (int s = 0; s < S->n; s++)
            if (!(mine >> s & 1)) opp_all |= hands[s];
    }
    for (int i = 0; i < n; i++) {
        long long p = power(S, high, led, sup, out[i].c, out[i].b);
        /* a discard: keep the side's winners of other suits for later */
        if (me_good && out[i].b != led && !(out[i].b & S->trumps)
                && !(above_of(S, out[i].c, out[i].b) & opp_all))
            p += 500;
        if (w_good) key[i] = p;
        else if (me_good) key[i] = (p < best ? 1 : 0) * 100000000LL + p;
        else key[i] = (p > best ? 1 : 0) * 100000000LL - p;
    }
    ssort(out, key, n);
    return n;
}

/* the relative-rank key of a position at a trick boundary (search.tkey) */
static int make_key(const GS *S, const u64 *hands, int turn, int broken, int sup,
                    unsigned char *key) {
    u64 rem = 0;
    for (int s = 0; s < S->n; s++) rem |= hands[s];
    int live = live_ace(S, hands, NULL, 0);
    const int *kk = live ? S->lkind : S->lkind0;
    int len = 0;
    key[len++] = (unsigned char)turn;
    key[len++] = (unsigned char)broken;
    key[len++] = (unsigned char)sup;
    key[len++] = (unsigned char)live;
    unsigned char sym[MAXNS][MAXL + 1];
    int symlen[MAXNS], nsym = 0;
    for (int si = 0; si < S->ns; si++) {
        u64 sm = S->smask[si];
        unsigned char code[MAXL];
        int cl = 0;
        if (rem & sm) {
            for (int i = 0; i < S->nmem[si]; i++) {
                int c = S->members[si][i];
                for (int s = 0; s < S->n; s++)
                    if (hands[s] >> c & 1) {
                        code[cl++] = (unsigned char)(s * 5 + kk[c] + 1);
                        break;
                    }
            }
        }
        if (S->suit_sym[si] && !(rem & sm & S->dual)) {
            memcpy(sym[nsym], code, (size_t)cl);
            symlen[nsym++] = cl;
            key[len++] = 0xFF;
        } else {
            memcpy(key + len, code, (size_t)cl);
            len += cl;
        }
        key[len++] = 0;
    }
    /* the interchangeable suits' codes, in a canonical (sorted) order */
    int order[MAXNS];
    for (int i = 0; i < nsym; i++) {
        int p = i;
        while (p > 0) {
            int a = order[p - 1], la = symlen[a], lb = symlen[i];
            int cmp = memcmp(sym[a], sym[i], (size_t)(la < lb ? la : lb));
            if (cmp < 0 || (cmp == 0 && la <= lb)) break;
            order[p] = order[p - 1];
            p--;
        }
        order[p] = i;
    }
    for (int i = 0; i < nsym; i++) {
        int a = order[i];
        memcpy(key + len, sym[a], (size_t)symlen[a]);
        len += symlen[a];
        key[len++] = 0;
    }
    return len;
}

/* ------------------------------------------------------------------ the search */

static int search(GS *S, u64 *hands, TPlay *trick, int k, int turn, int broken, int sup,
                  int left, int t) {
    if (budget_node(S->counter, S->tick, &S->cnt, &S->check) < 0) return -1;
    if (t <= 0) return 1;
    if (t > left) return 0;
    unsigned char key[MAXKEY];
    int klen = 0;
    u64 h = 0;
    int lo = 0, hi = left;
    if (!k) {
        klen = make_key(S, hands, turn, broken, sup, key);
        h = khash(key, klen);
        Entry *e = find_entry(S, key, klen, h);
        if (e) {
            lo = e->lo;
            hi = e->hi;
            if (lo >= t) return 1;
            if (hi < t) return 0;
        } else if (S->quick) {
            int q = quick_tricks(S, hands, turn, broken, sup);
            int qmax = sup ? sure_tricks(S, hands, S->max_mask, sup) : 0;
            int qmin = sup ? sure_tricks(S, hands, S->min_mask, sup) : 0;
            if (S->max_mask >> turn & 1) { if (q > qmax) qmax = q; }
            else if (q > qmin) qmin = q;
            if (qmax > lo) lo = qmax;
            if (qmin && left - qmin < hi) hi = left - qmin;
            if (store(S, key, klen, h, lo, hi) < 0) return -1;
            if (lo >= t) return 1;
            if (hi < t) return 0;
        }
    }
    int maxing = S->max_mask >> turn & 1;
    int result = !maxing;
    int nxt = (turn + 1) % S->n;
    u64 hh = hands[turn];
    Move mv[MAXMV];
    int nm = moves(S, turn, hands, trick, k, broken, sup, mv);
    for (int i = 0; i < nm; i++) {
        int c = mv[i].c, b = mv[i].b;
        hands[turn] = hh ^ BIT(c);
        int nb = broken, ns = sup;
        if ((b & S->trumps) && !(b & broken)) {
            nb = broken | b;
            if (S->acorns && !sup) ns = b;
        }
        trick[k].seat = turn;
        trick[k].c = c;
        trick[k].b = b;
        int r;
        if (k + 1 == S->n) {
            int w = winner(S, trick, k + 1, ns);
            int cnt = 0;
            if (S->count_mask >> w & 1) {
                if (!S->suit_bit) cnt = 1;
                else
                    for (int j = 0; j <= k; j++)
                        if (S->suit_cards >> trick[j].c & 1) { cnt = 1; break; }
            }
            r = search(S, hands, trick + S->n, 0, w, nb, ns, left - 1, t - cnt);
        } else {
            r = search(S, hands, trick, k + 1, nxt, nb, ns, left, t);
        }
        hands[turn] = hh;
        if (r < 0) return -1;
        if (r == maxing) { result = maxing; break; }
    }
    if (!k) {
        if (result) { if (t > lo) lo = t; }
        else if (t - 1 < hi) hi = t - 1;
        if (store(S, key, klen, h, lo, hi) < 0) return -1;
    }
    return result;
}

/* ------------------------------------------------------------------ the Python object */

/* a global card mask (a Python int) as GW words; -1 on error, 1 when it does not fit */
static int to_words(PyObject *o, u64 *w) {
    Py_INCREF(o);
    for (int i = 0; i < GW; i++) {
        w[i] = PyLong_AsUnsignedLongLongMask(o);
        if (w[i] == (u64)-1 && PyErr_Occurred()) { Py_DECREF(o); return -1; }
        PyObject *sh = PyLong_FromLong(64);
        if (!sh) { Py_DECREF(o); return -1; }
        PyObject *nx = PyNumber_Rshift(o, sh);
        Py_DECREF(sh);
        Py_DECREF(o);
        if (!nx) return -1;
        o = nx;
    }
    int rest = PyObject_IsTrue(o);
    Py_DECREF(o);
    return rest;
}

static PyObject *GS_call(PyObject *self_, PyObject *args, PyObject *kwargs) {
    GS *S = (GS *)self_;
    PyObject *hands_o, *trick_o;
    int turn, broken, sup, left, t;
    if (kwargs && PyDict_GET_SIZE(kwargs)) {
        PyErr_SetString(PyExc_TypeError, "search() takes positional arguments only");
        return NULL;
    }
    if (!PyArg_ParseTuple(args, "OOiiiii:search", &hands_o, &trick_o, &turn, &broken, &sup,
                          &left, &t))
        return NULL;
    PyObject *hs = PySequence_Fast(hands_o, "hands must be a sequence");
    if (!hs) return NULL;
    if (PySequence_Fast_GET_SIZE(hs) != S->n) {
        Py_DECREF(hs);
        PyErr_SetString(PyExc_ValueError, "one hand a seat expected");
        return NULL;
    }
    u64 gh[MAXN][GW], R[GW] = {0};
    for (int s = 0; s < S->n; s++) {
        int r = to_words(PySequence_Fast_GET_ITEM(hs, s), gh[s]);
        if (r) {
            Py_DECREF(hs);
            if (r > 0) PyErr_SetString(PyExc_ValueError, "a card outside the deck");
            return NULL;
        }
        for (int w = 0; w < GW; w++) R[w] |= gh[s][w];
    }
    Py_DECREF(hs);
    PyObject *ts_ = PySequence_Fast(trick_o, "trick must be a sequence");
    if (!ts_) return NULL;
    Py_ssize_t nk = PySequence_Fast_GET_SIZE(ts_);
    if (nk >= S->n) {
        Py_DECREF(ts_);
        PyErr_SetString(PyExc_ValueError, "too many cards on the table");
        return NULL;
    }
    int tseat[MAXN], tcard[MAXN], tbit[MAXN];
    for (Py_ssize_t i = 0; i < nk; i++) {
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(ts_, i), "iii:trick play", &tseat[i],
                              &tcard[i], &tbit[i])) {
            Py_DECREF(ts_);
            return NULL;
        }
        if (tcard[i] < 0 || tcard[i] >= S->ng || tseat[i] < 0 || tseat[i] >= S->n) {
            Py_DECREF(ts_);
            PyErr_SetString(PyExc_ValueError, "a play outside the deck or the table");
            return NULL;
        }
        R[tcard[i] / 64] |= BIT(tcard[i] % 64);
    }
    Py_DECREF(ts_);
    if (turn < 0 || turn >= S->n) {
        PyErr_SetString(PyExc_ValueError, "turn must be a seat");
        return NULL;
    }
    if (broken < 0 || broken > 255 || sup < 0 || sup > 255
            || (sup && !(S->trumps & sup))) {
        PyErr_SetString(PyExc_ValueError, "broken and sup must be trump bits");
        return NULL;
    }
    int total = 0;
    for (int w = 0; w < GW; w++) total += popc(R[w]);
    if (total > MAXL) Py_RETURN_NONE;  /* the Python search takes it */
    if (!S->valid || memcmp(S->R, R, sizeof R)) build_local(S, R);
    /* the position in local card numbers */
    int loc_of[MAXG];
    for (int j = 0; j < S->m; j++) loc_of[S->gidx[j]] = j;
    u64 hands[MAXN];
    for (int s = 0; s < S->n; s++) {
        u64 x = 0;
        for (int w = 0; w < GW; w++)
            for (u64 y = gh[s][w]; y; y &= y - 1) x |= BIT(loc_of[w * 64 + ctz(y)]);
        hands[s] = x;
    }
    /* room for the plays of every trick to the end (each trick gets its own slice) */
    TPlay trick[MAXN * (MAXL + 2)];
    for (Py_ssize_t i = 0; i < nk; i++) {
        trick[i].seat = tseat[i];
        trick[i].c = loc_of[tcard[i]];
        trick[i].b = tbit[i];
        if (!(S->lbits[trick[i].c] & tbit[i])) {
            PyErr_SetString(PyExc_ValueError, "a card played as a suit it does not have");
            return NULL;
        }
    }
    /* counter[0]: nodes so far in this call; counter[1]: the count of the next tick */
    if (budget_start(S->counter, &S->cnt, &S->check) < 0) return NULL;
    int r = search(S, hands, trick, (int)nk, turn, broken, sup, left, t);
    return budget_end(S->counter, S->cnt, r);
}

static int GS_traverse(PyObject *self_, visitproc visit, void *arg) {
    GS *S = (GS *)self_;
    Py_VISIT(S->counter);
    Py_VISIT(S->tick);
    return 0;
}

static int GS_clear(PyObject *self_) {
    GS *S = (GS *)self_;
    Py_CLEAR(S->counter);
    Py_CLEAR(S->tick);
    return 0;
}

static void free_spec(GS *S) {
    free(S->gbits);
    free(S->grlow);
    free(S->gpow);
    free(S->lpow);
    S->gbits = NULL;
    S->grlow = S->gpow = S->lpow = NULL;
}

static void GS_dealloc(PyObject *self_) {
    GS *S = (GS *)self_;
    PyObject_GC_UnTrack(self_);
    GS_clear(self_);
    free_table(S);
    free_spec(S);
    live_tables--;
    Py_TYPE(self_)->tp_free(self_);
}

static PyObject *GS_entries(PyObject *self_, PyObject *Py_UNUSED(unused)) {
    return PyLong_FromSize_t(((GS *)self_)->tused);
}

static PyObject *GS_cleared(PyObject *self_, PyObject *Py_UNUSED(unused)) {
    return PyLong_FromSize_t(((GS *)self_)->cleared);
}

static PyMethodDef GS_methods[] = {
    {"entries", GS_entries, METH_NOARGS, "Number of transposition-table entries held."},
    {"cleared", GS_cleared, METH_NOARGS, "How many times the full table was emptied."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject GSType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "spades_lab.solver._generalc.Search",
    .tp_doc = "The general search(hands, trick, turn, broken, sup, left, t) -> bool or None.",
    .tp_basicsize = sizeof(GS),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_call = GS_call,
    .tp_traverse = GS_traverse,
    .tp_clear = GS_clear,
    .tp_dealloc = GS_dealloc,
    .tp_methods = GS_methods,
};

/* ------------------------------------------------------------------ the factory */

/* spec[i] as a list of ints; n_out gets its length */
static int spec_ints(PyObject *spec, Py_ssize_t i, int *out, Py_ssize_t max, Py_ssize_t *n_out) {
    return int_list(PyTuple_GET_ITEM(spec, i), "spec", out, max, n_out);
}

enum { SP_SUITS, SP_SYM, SP_SUPS, SP_FLAGS, SP_BITS, SP_FACE, SP_RLOW, SP_RHIGH, SP_KIND, SP_PB0,
       SP_PB1, SP_DEF, SP_POW, SP_LEN };

static PyObject *make_search(PyObject *Py_UNUSED(mod), PyObject *args) {
    PyObject *spec, *counter, *tick;
    int n, max_mask, count_mask, suit_bit, enforce, quick;
    if (!PyArg_ParseTuple(args, "O!iiiippOO:make_search", &PyTuple_Type, &spec, &n, &max_mask,
                          &count_mask, &suit_bit, &enforce, &quick, &counter, &tick))
        return NULL;
    if (PyTuple_GET_SIZE(spec) != SP_LEN) {
        PyErr_SetString(PyExc_ValueError, "spec: a tuple of 13 items expected");
        return NULL;
    }
    if (!PyList_Check(counter) || PyList_GET_SIZE(counter) != 2) {
        PyErr_SetString(PyExc_TypeError, "counter must be a list of two ints");
        return NULL;
    }
    if (!PyCallable_Check(tick)) {
        PyErr_SetString(PyExc_TypeError, "tick must be callable");
        return NULL;
    }
    if (n < 2 || n > MAXN) {
        PyErr_SetString(PyExc_ValueError, "between 2 and 8 seats");
        return NULL;
    }
    int suits[MAXNS], sym[MAXNS], sups[MAXSUP], flags[4];
    Py_ssize_t ns, nsym, nsup, nfl, ng;
    if (spec_ints(spec, SP_SUITS, suits, MAXNS, &ns) < 0
            || spec_ints(spec, SP_SYM, sym, MAXNS, &nsym) < 0
            || spec_ints(spec, SP_SUPS, sups, MAXSUP, &nsup) < 0
            || spec_ints(spec, SP_FLAGS, flags, 4, &nfl) < 0)
        return NULL;
    if (nsym != ns || nfl != 3 || ns < 1 || nsup < 1) {
        PyErr_SetString(PyExc_ValueError, "spec: inconsistent suits");
        return NULL;
    }
    int *buf = malloc(sizeof(int) * MAXG * 8);
    if (!buf) return PyErr_NoMemory();
    int *bits = buf, *face = buf + MAXG, *rlow = buf + 2 * MAXG, *rhigh = buf + 3 * MAXG,
        *kind = buf + 4 * MAXG, *pb0 = buf + 5 * MAXG, *pb1 = buf + 6 * MAXG,
        *defb = buf + 7 * MAXG;
    Py_ssize_t lens[8];
    int *dst[8] = {bits, face, rlow, rhigh, kind, pb0, pb1, defb};
    for (int i = 0; i < 8; i++)
        if (spec_ints(spec, SP_BITS + i, dst[i], MAXG, &lens[i]) < 0) { free(buf); return NULL; }
    ng = lens[0];
    for (int i = 1; i < 8; i++)
        if (lens[i] != ng) {
            free(buf);
            PyErr_SetString(PyExc_ValueError, "spec: one entry a card expected");
            return NULL;
        }
    Py_ssize_t npow = 2 * ns * nsup * ng * 2, gotpow;
    int *gpow = malloc(sizeof(int) * (size_t)npow);
    int *lpow = malloc(sizeof(int) * (size_t)(2 * ns * nsup * MAXL * 2));
    uint8_t *g8 = malloc((size_t)ng * 7 + 1);
    int *gr = malloc(sizeof(int) * (size_t)ng * 2 + 1);
    if (!gpow || !lpow || !g8 || !gr) {
        free(buf); free(gpow); free(lpow); free(g8); free(gr);
        return PyErr_NoMemory();
    }
    if (spec_ints(spec, SP_POW, gpow, npow, &gotpow) < 0 || gotpow != npow) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "spec: one power a play and context expected");
        free(buf); free(gpow); free(lpow); free(g8); free(gr);
        return NULL;
    }
    /* consistency: every bit a suit of the deck, plays among the card's suits */
    int allbits = 0;
    for (int i = 0; i < ns; i++) {
        if (suits[i] <= 0 || suits[i] > 255 || (suits[i] & (suits[i] - 1)) || (allbits & suits[i]))
            goto bad;
        allbits |= suits[i];
    }
    for (int i = 0; i < nsup; i++)
        if (sups[i] < 0 || (sups[i] & ~allbits)) goto bad;
    for (Py_ssize_t c = 0; c < ng; c++) {
        if (!bits[c] || (bits[c] & ~allbits) || !(pb0[c] & bits[c]) || (pb1[c] & ~bits[c])
                || !(defb[c] & bits[c]) || kind[c] < 0 || kind[c] > 4)
            goto bad;
    }
    GS *S = PyObject_GC_New(GS, &GSType);
    if (!S) { free(buf); free(gpow); free(lpow); free(g8); free(gr); return NULL; }
    live_tables++;
    /* everything past the object header starts zeroed */
    memset((char *)S + sizeof(PyObject), 0, sizeof(GS) - sizeof(PyObject));
    S->ng = (int)ng;
    S->ns = (int)ns;
    S->nsup = (int)nsup;
    S->n = n;
    memset(S->slot_of_bit, 0, sizeof S->slot_of_bit);
    memset(S->supslot_of_bit, 0, sizeof S->supslot_of_bit);
    for (int i = 0; i < ns; i++) {
        S->sbit[i] = suits[i];
        S->suit_sym[i] = sym[i];
        S->slot_of_bit[suits[i]] = i;
    }
    for (int i = 0; i < nsup; i++) {
        S->supslot_of_bit[sups[i]] = i;
    }
    S->trumps = flags[0];
    S->acorns = flags[1];
    S->ace_flips = flags[2];
    S->gbits = g8;
    S->gface = g8 + ng;
    S->gkind = g8 + 2 * ng;
    S->gnp = g8 + 3 * ng;
    S->gpb0 = g8 + 4 * ng;
    S->gpb1 = g8 + 5 * ng;
    S->gdef = g8 + 6 * ng;
    S->grlow = gr;
    S->grhigh = gr + ng;
    for (Py_ssize_t c = 0; c < ng; c++) {
        S->gbits[c] = (uint8_t)bits[c];
        S->gface[c] = (uint8_t)(face[c] != 0);
        S->gkind[c] = (uint8_t)kind[c];
        S->gnp[c] = (uint8_t)(pb1[c] ? 2 : 1);
        S->gpb0[c] = (uint8_t)pb0[c];
        S->gpb1[c] = (uint8_t)pb1[c];
        S->gdef[c] = (uint8_t)defb[c];
        S->grlow[c] = rlow[c];
        S->grhigh[c] = rhigh[c];
    }
    free(buf);
    S->gpow = gpow;
    S->lpow = lpow;
    S->max_mask = max_mask;
    S->count_mask = count_mask;
    S->suit_bit = suit_bit;
    S->enforce = enforce;
    S->quick = quick;
    S->min_mask = ((1 << n) - 1) & ~max_mask;
    for (int s = 0; s < n; s++)
        S->side_of[s] = (max_mask >> s & 1) ? max_mask : S->min_mask;
    S->valid = 0;
    Py_INCREF(counter);
    S->counter = counter;
    Py_INCREF(tick);
    S->tick = tick;
    S->check = LLONG_MAX;
    PyObject_GC_Track((PyObject *)S);
    return (PyObject *)S;
bad:
    free(buf); free(gpow); free(lpow); free(g8); free(gr);
    PyErr_SetString(PyExc_ValueError, "spec: a suit bit outside the deck's suits");
    return NULL;
}

static PyObject *live(PyObject *Py_UNUSED(mod), PyObject *Py_UNUSED(unused)) {
    return PyLong_FromSsize_t(live_tables);
}

static PyObject *set_max_entries(PyObject *Py_UNUSED(mod), PyObject *arg) {
    Py_ssize_t v = PyLong_AsSsize_t(arg);
    if (v == -1 && PyErr_Occurred()) return NULL;
    if (v < 1) {
        PyErr_SetString(PyExc_ValueError, "at least one entry");
        return NULL;
    }
    size_t old = max_entries;
    max_entries = (size_t)v;
    return PyLong_FromSize_t(old);
}

static PyMethodDef methods[] = {
    {"set_max_entries", set_max_entries, METH_O,
     "set_max_entries(n) -> the previous limit: a table holding n entries is emptied before the "
     "next one goes in (about 8 million by default)."},
    {"make_search", make_search, METH_VARARGS,
     "make_search(spec, seats, max_mask, count_mask, suit_bit, enforce, quick, counter, tick): "
     "the general search in C."},
    {"live_tables", live, METH_NOARGS,
     "How many searches (each with its transposition table) are alive."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef moduledef = {
    PyModuleDef_HEAD_INIT, "_generalc",
    "The general double-dummy search in C (an optional accelerator of spades_lab.solver.search).",
    -1, methods,
};

PyMODINIT_FUNC PyInit__generalc(void) {
    if (PyType_Ready(&GSType) < 0) return NULL;
    return PyModule_Create(&moduledef);
}
