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
 * same table, with the partition entries below on in both or off in both
 * (tests/test_solver_generalc.py checks both).  It takes every position of the shipped
 * decks, the whole deal included (it returns None, having done nothing, only beyond 192 cards
 * left: the caller would then run the Python search).
 *
 * Every rule fact comes from ``spec`` (built by search._general_spec from the solver's
 * engine-derived tables): each card's suit bits, face-ness, ranks (Ace low / Ace high), kind,
 * the suit bits it may be played as, and the card power of every play in every trick context
 * (facts.card_power, the engine's trick decision).  The search works on the remaining cards only,
 * renumbered 0..m-1 in the global order: with at most 64 left one 64-bit word holds a hand, with
 * more (early in a Heckadeck hand: 128 or 136 cards dealt) three words do.  The search itself is
 * written once, in _generalc_core.h, included once per mask width; both widths search the same
 * nodes and share one table, whose keys are relative (per suit, the holders and kinds of the
 * remaining cards from low to high), so it stays valid from one call to the next whatever cards
 * have gone.
 *
 * Partition entries (on by default; set_partition(False) before make_search turns them off for
 * the searches made from then on): each search also returns the cards whose ranks its answer
 * depended on ("winning ranks", as DDS and the 52-card path's partition search), and the entry
 * it stores keys on only those and the cards above them in their suits, the others abstracted
 * as low cards (counted per holder and kind), so one entry answers every position whose
 * irrelevant low cards differ (_generalc_core.h, psearch, says why that is sound for the
 * Heckadeck's rules).  The Python search has the same entries (search.py, psearch), so with
 * them on or off the nodes are the Python search's one for one (the port's test); with them on
 * the answers are those of exact entries after fewer nodes.
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
#define MAXMV 128  /* plays of one seat (a Traveler/Hunter gives two) */
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
/* a play; r: where moves() keeps the equivalent cards merged into it (its run) */
typedef struct { int c, b, r; } Move;

/* partition entries (winning ranks): a bucket per coarse key (turn, trumps, whether an Ace can
 * flip, and per suit the multiset of its remaining cards' codes: holder and kind); an entry of
 * the bucket keeps, per suit, only its top kk cards' codes (the cards whose ranks the result
 * depended on and every card above them) */
typedef struct {
    uint32_t off;               /* its bytes in the arena: per suit slot kk, then kk codes */
    uint16_t len;
    int8_t lo, hi;
    uint8_t quick;              /* made by the quick and sure tricks (their bounds are in) */
    uint16_t kept;              /* the cards it keeps */
} PEnt;

typedef struct {
    u64 hash;
    uint32_t coff;              /* the coarse key's bytes in the arena */
    uint16_t clen;
    uint8_t used;
    PEnt *e;
    uint32_t n, cap;
} PBucket;

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
    /* the local tables of the remaining cards, one set a mask width (_generalc_core.h's
     * Loc: loc1 for at most 64 cards, loc3 for more), made when first needed */
    void *loc1, *loc3;
    /* the transposition table */
    Entry *tab;
    size_t tcap, tused, cleared;
    char *arena;
    size_t alen, acap;
    /* the budget */
    PyObject *counter, *tick;
    long long cnt, check;
    /* partition search (set_partition when made): its table */
    int part;
    PBucket *pb;
    size_t pbcap, pbused, pused, pconflicts;
    char *parena;
    size_t palen, pacap;
} GS;


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

/* the partition table's hash of a coarse key: 8 bytes a step */
static inline u64 phash(const unsigned char *k, int len) {
    u64 h = 0x9E3779B97F4A7C15ULL ^ (u64)len;
    int i = 0;
    for (; i + 8 <= len; i += 8) {
        u64 w;
        memcpy(&w, k + i, 8);
        h = (h ^ w) * 0xff51afd7ed558ccdULL;
        h ^= h >> 32;
    }
    u64 w = 0;
    for (int j = 0; i < len; i++, j += 8) w |= (u64)k[i] << j;
    h = (h ^ w) * 0xc4ceb9fe1a85ec53ULL;
    h ^= h >> 29;
    return h | 1;
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

/* ------------------------------------------------------------------ partition table */

static int partition_default = 1;

static void free_ptable(GS *S) {
    for (size_t i = 0; i < S->pbcap; i++) free(S->pb[i].e);
    free(S->pb);
    free(S->parena);
    S->pb = NULL;
    S->parena = NULL;
    S->pbcap = S->pbused = S->pused = S->palen = S->pacap = 0;
}

/* the arena offset of len new bytes (copied from k), or -1 on error */
static long long parena_put(GS *S, const unsigned char *k, int len) {
    if (S->palen + (size_t)len > S->pacap) {
        size_t ncap = S->pacap ? S->pacap * 2 : (size_t)1 << 20;
        while (ncap < S->palen + (size_t)len) ncap *= 2;
        if (ncap > UINT32_MAX) { PyErr_NoMemory(); return -1; }
        char *na = realloc(S->parena, ncap);
        if (!na) { PyErr_NoMemory(); return -1; }
        S->parena = na;
        S->pacap = ncap;
    }
    memcpy(S->parena + S->palen, k, (size_t)len);
    S->palen += (size_t)len;
    return (long long)(S->palen - (size_t)len);
}

static PBucket *pbucket(GS *S, const unsigned char *ck, int clen, u64 h, int make) {
    if (S->pbcap) {
        size_t mask = S->pbcap - 1, j = (size_t)h & mask;
        for (;;) {
            PBucket *b = &S->pb[j];
            if (!b->used) break;
            if (b->hash == h && b->clen == clen && !memcmp(S->parena + b->coff, ck, (size_t)clen))
                return b;
            j = (j + 1) & mask;
        }
    }
    if (!make) return NULL;
    if ((S->pbused + 1) * 2 > S->pbcap) {
        size_t ncap = S->pbcap ? S->pbcap * 2 : (size_t)1 << 14;
        PBucket *nt = calloc(ncap, sizeof(PBucket));
        if (!nt) { PyErr_NoMemory(); return NULL; }
        for (size_t i = 0; i < S->pbcap; i++) {
            if (!S->pb[i].used) continue;
            size_t j = (size_t)S->pb[i].hash & (ncap - 1);
            while (nt[j].used) j = (j + 1) & (ncap - 1);
            nt[j] = S->pb[i];
        }
        free(S->pb);
        S->pb = nt;
        S->pbcap = ncap;
    }
    long long off = parena_put(S, ck, clen);
    if (off < 0) return NULL;
    size_t mask = S->pbcap - 1, j = (size_t)h & mask;
    while (S->pb[j].used) j = (j + 1) & mask;
    PBucket *b = &S->pb[j];
    memset(b, 0, sizeof *b);
    b->hash = h;
    b->coff = (uint32_t)off;
    b->clen = (uint16_t)clen;
    b->used = 1;
    S->pbused++;
    return b;
}

/* store the bounds (lo, hi) under the entry eb of the bucket of the coarse key ck: tightened
 * in place when the bucket has that entry already */
static int pstore(GS *S, const unsigned char *ck, int clen, u64 h, const unsigned char *eb,
                  int elen, int quick, int lo, int hi) {
    PBucket *b = pbucket(S, ck, clen, h, 0);
    if (b)
        for (uint32_t i = 0; i < b->n; i++) {
            PEnt *e = &b->e[i];
            if (e->len == elen && !memcmp(S->parena + e->off, eb, (size_t)elen)) {
                if (lo > e->lo) e->lo = (int8_t)lo;
                if (hi < e->hi) e->hi = (int8_t)hi;
                e->quick |= (uint8_t)quick;
                if (e->lo > e->hi) S->pconflicts++;  /* unsound entries would show here */
                return 0;
            }
        }
    if (S->pused >= max_entries) {  /* full: start again (every entry is only a cache) */
        for (size_t i = 0; i < S->pbcap; i++) free(S->pb[i].e);
        memset(S->pb, 0, S->pbcap * sizeof(PBucket));
        S->pbused = S->pused = S->palen = 0;
        S->cleared++;
        b = NULL;
    }
    if (!b) b = pbucket(S, ck, clen, h, 1);
    if (!b) return -1;
    if (b->n == b->cap) {
        uint32_t ncap = b->cap ? b->cap * 2 : 2;
        PEnt *ne = realloc(b->e, ncap * sizeof(PEnt));
        if (!ne) { PyErr_NoMemory(); return -1; }
        b->e = ne;
        b->cap = ncap;
    }
    long long off = parena_put(S, eb, elen);
    if (off < 0) return -1;
    PEnt *e = &b->e[b->n++];
    e->off = (uint32_t)off;
    e->len = (uint16_t)elen;
    e->lo = (int8_t)lo;
    e->hi = (int8_t)hi;
    e->quick = (uint8_t)quick;
    e->kept = (uint16_t)(elen - S->ns);
    S->pused++;
    return 0;
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

/* ------------------------------------------------------------------ the search, per width */

/* positions with more remaining cards than this use the three-word masks (set_wide_from: the
 * tests run small endings through them) */
static int wide_from = 64;

/* masks of one 64-bit word: positions with at most 64 cards left */
#define MW 1
#define SUF(x) x##_1
#define LOCF loc1
#include "_generalc_core.h"
#undef MW
#undef SUF
#undef LOCF
/* masks of three words: up to 192 cards left (every deck's whole deal) */
#define MW 3
#define SUF(x) x##_3
#define LOCF loc3
#include "_generalc_core.h"
#undef MW
#undef SUF
#undef LOCF
#define MAXLW 192 /* remaining cards the widest search takes */

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
    if (total > MAXLW) Py_RETURN_NONE;  /* the Python search takes it (no deck has so many) */
    int r = total <= wide_from
        ? run_search_1(S, gh, R, (int)nk, tseat, tcard, tbit, turn, broken, sup, left, t)
        : run_search_3(S, gh, R, (int)nk, tseat, tcard, tbit, turn, broken, sup, left, t);
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
    S->gbits = NULL;
    S->grlow = S->gpow = NULL;
    for (int i = 0; i < 2; i++) {
        void **lp = i ? &S->loc3 : &S->loc1;
        if (*lp) free(i ? ((Loc_3 *)*lp)->lpow : ((Loc_1 *)*lp)->lpow);
        free(*lp);
        *lp = NULL;
    }
}

static void GS_dealloc(PyObject *self_) {
    GS *S = (GS *)self_;
    PyObject_GC_UnTrack(self_);
    GS_clear(self_);
    free_table(S);
    free_ptable(S);
    free_spec(S);
    live_tables--;
    Py_TYPE(self_)->tp_free(self_);
}

static PyObject *GS_entries(PyObject *self_, PyObject *Py_UNUSED(unused)) {
    GS *S = (GS *)self_;
    return PyLong_FromSize_t(S->part ? S->pused : S->tused);
}

static PyObject *GS_conflicts(PyObject *self_, PyObject *Py_UNUSED(unused)) {
    return PyLong_FromSize_t(((GS *)self_)->pconflicts);
}

static PyObject *GS_partition(PyObject *self_, PyObject *Py_UNUSED(unused)) {
    return PyBool_FromLong(((GS *)self_)->part);
}

static PyObject *GS_cleared(PyObject *self_, PyObject *Py_UNUSED(unused)) {
    return PyLong_FromSize_t(((GS *)self_)->cleared);
}

static PyMethodDef GS_methods[] = {
    {"entries", GS_entries, METH_NOARGS, "Number of transposition-table entries held."},
    {"cleared", GS_cleared, METH_NOARGS, "How many times the full table was emptied."},
    {"conflicts", GS_conflicts, METH_NOARGS,
     "How many partition entries got a lower bound above their upper bound (0 unless a "
     "winning-rank set was unsound)."},
    {"partition", GS_partition, METH_NOARGS,
     "Whether this search keeps partition (winning-rank) entries."},
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
    uint8_t *g8 = malloc((size_t)ng * 7 + 1);
    int *gr = malloc(sizeof(int) * (size_t)ng * 2 + 1);
    if (!gpow || !g8 || !gr) {
        free(buf); free(gpow); free(g8); free(gr);
        return PyErr_NoMemory();
    }
    if (spec_ints(spec, SP_POW, gpow, npow, &gotpow) < 0 || gotpow != npow) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "spec: one power a play and context expected");
        free(buf); free(gpow); free(g8); free(gr);
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
    if (!S) { free(buf); free(gpow); free(g8); free(gr); return NULL; }
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
    S->max_mask = max_mask;
    S->count_mask = count_mask;
    S->suit_bit = suit_bit;
    S->enforce = enforce;
    S->quick = quick;
    S->min_mask = ((1 << n) - 1) & ~max_mask;
    for (int s = 0; s < n; s++)
        S->side_of[s] = (max_mask >> s & 1) ? max_mask : S->min_mask;
    Py_INCREF(counter);
    S->counter = counter;
    Py_INCREF(tick);
    S->tick = tick;
    S->check = LLONG_MAX;
    S->part = partition_default;
    PyObject_GC_Track((PyObject *)S);
    return (PyObject *)S;
bad:
    free(buf); free(gpow); free(g8); free(gr);
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

static PyObject *set_wide_from(PyObject *Py_UNUSED(mod), PyObject *arg) {
    long v = PyLong_AsLong(arg);
    if (v == -1 && PyErr_Occurred()) return NULL;
    if (v < 0 || v > 64) {
        PyErr_SetString(PyExc_ValueError, "between 0 and 64 cards");
        return NULL;
    }
    int old = wide_from;
    wide_from = (int)v;
    return PyLong_FromLong(old);
}

static PyObject *set_partition(PyObject *Py_UNUSED(mod), PyObject *arg) {
    int v = PyObject_IsTrue(arg);
    if (v < 0) return NULL;
    int old = partition_default;
    partition_default = v;
    return PyBool_FromLong(old);
}

static PyMethodDef methods[] = {
    {"set_partition", set_partition, METH_O,
     "set_partition(on) -> the previous value: whether searches made from now on keep "
     "partition (winning-rank) entries (on by default; off, they search the nodes of the "
     "Python search)."},
    {"set_wide_from", set_wide_from, METH_O,
     "set_wide_from(n) -> the previous value: positions with more than n cards left (0-64, "
     "64 by default) are searched over three-word card masks (the same nodes and answers)."},
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
