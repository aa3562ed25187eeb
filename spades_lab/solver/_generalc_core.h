/* The general search of _generalc.c over card masks of MW 64-bit words (included once a width:
 * MW 1, one machine word, for positions with at most 64 cards left; MW 3 for up to 192, the
 * Heckadeck's whole deal of 136 cards and acorns8's).  Every name defined here gets the width's
 * suffix (SUF), so the two copies live side by side in one module; both search the same nodes
 * in the same order and read and write the same transposition table (its keys do not depend on
 * the width).  The include site defines MW and SUF.
 */

#define MAXL (64 * MW) /* remaining cards this width takes */
#define KEYMAX (16 + 2 * MAXL + 2 * MAXNS)

#define M SUF(M)
#define Loc SUF(Loc)
#define m_zero SUF(m_zero)
#define m_bit SUF(m_bit)
#define m_and SUF(m_and)
#define m_or SUF(m_or)
#define m_xor SUF(m_xor)
#define m_andn SUF(m_andn)
#define m_any SUF(m_any)
#define m_test SUF(m_test)
#define m_pop SUF(m_pop)
#define m_low SUF(m_low)
#define m_drop SUF(m_drop)
#define m_eq SUF(m_eq)
#define loc_new SUF(loc_new)
#define pb_index SUF(pb_index)
#define power SUF(power)
#define build_local SUF(build_local)
#define live_ace SUF(live_ace)
#define gen SUF(gen)
#define trick_high SUF(trick_high)
#define winner SUF(winner)
#define break_trump SUF(break_trump)
#define above_of SUF(above_of)
#define sure_tricks SUF(sure_tricks)
#define top_opp SUF(top_opp)
#define quick_tricks SUF(quick_tricks)
#define moves SUF(moves)
#define make_key SUF(make_key)
#define search SUF(search)
#define search_k SUF(search_k)
#define trick_count SUF(trick_count)
#define run_search SUF(run_search)
#define PKey SUF(PKey)
#define make_pkey SUF(make_pkey)
#define suit_cards SUF(suit_cards)
#define place_local SUF(place_local)
#define small_moves SUF(small_moves)
#define pfind SUF(pfind)
#define entry_rel SUF(entry_rel)
#define entry_of SUF(entry_of)
#define run_rule SUF(run_rule)
#define win_mark SUF(win_mark)
#define psearch SUF(psearch)
#define to_narrow_p SUF(to_narrow_p)

/* ------------------------------------------------------------------ masks */

#if MW == 1
typedef u64 M;
static inline M m_zero(void) { return 0; }
static inline M m_bit(int i) { return (u64)1 << i; }
static inline M m_and(M a, M b) { return a & b; }
static inline M m_or(M a, M b) { return a | b; }
static inline M m_xor(M a, M b) { return a ^ b; }
static inline M m_andn(M a, M b) { return a & ~b; }
static inline int m_any(M a) { return a != 0; }
static inline int m_test(M a, int i) { return (int)(a >> i & 1); }
static inline int m_pop(M a) { return __builtin_popcountll(a); }
static inline int m_low(M a) { return __builtin_ctzll(a); }
static inline M m_drop(M a) { return a & (a - 1); }
static inline int m_eq(M a, M b) { return a == b; }
#else
typedef struct { u64 w[MW]; } M;
static inline M m_zero(void) { M r; for (int i = 0; i < MW; i++) r.w[i] = 0; return r; }
static inline M m_bit(int i) {
    M r = m_zero();
    r.w[i >> 6] = (u64)1 << (i & 63);
    return r;
}
static inline M m_and(M a, M b) { for (int i = 0; i < MW; i++) a.w[i] &= b.w[i]; return a; }
static inline M m_or(M a, M b) { for (int i = 0; i < MW; i++) a.w[i] |= b.w[i]; return a; }
static inline M m_xor(M a, M b) { for (int i = 0; i < MW; i++) a.w[i] ^= b.w[i]; return a; }
static inline M m_andn(M a, M b) { for (int i = 0; i < MW; i++) a.w[i] &= ~b.w[i]; return a; }
static inline int m_any(M a) {
    u64 x = 0;
    for (int i = 0; i < MW; i++) x |= a.w[i];
    return x != 0;
}
static inline int m_test(M a, int i) { return (int)(a.w[i >> 6] >> (i & 63) & 1); }
static inline int m_pop(M a) {
    int n = 0;
    for (int i = 0; i < MW; i++) n += __builtin_popcountll(a.w[i]);
    return n;
}
static inline int m_low(M a) {  /* a must not be empty */
    for (int i = 0; i < MW; i++)
        if (a.w[i]) return i * 64 + __builtin_ctzll(a.w[i]);
    return -1;
}
static inline M m_drop(M a) {  /* a without its lowest card */
    for (int i = 0; i < MW; i++)
        if (a.w[i]) { a.w[i] &= a.w[i] - 1; break; }
    return a;
}
static inline int m_eq(M a, M b) {
    u64 x = 0;
    for (int i = 0; i < MW; i++) x |= a.w[i] ^ b.w[i];
    return x == 0;
}
#endif

/* each card c of the mask expr, low to high (x: the cards still to come, c among them) */
#define FOR_BITS(c, x, expr) for (M x = (expr); m_any(x); x = m_drop(x)) \
    if ((c = m_low(x)) < 0) {} else

/* the local tables of the remaining cards (renumbered 0..m-1 in the global order) */
typedef struct {
    u64 R[GW];                  /* the remaining cards (global mask) they were built for */
    int valid, m;
    int gidx[MAXL];
    int lbits[MAXL], lface[MAXL], lrlow[MAXL], lkind[MAXL], lkind0[MAXL], lnp[MAXL];
    /* the partition key's kinds for the cards it keeps: as lkind, and 5 for a card below its
     * suit's Ace-low (the 0: the one card the Ace-low beats), while an Ace can flip; lkp0 once
     * none can */
    int lkp[MAXL], lkp0[MAXL];
    int lpb[MAXL][2], ldef[MAXL];
    int lpp[MAXL][2];           /* the card's place in the partition key's order of lpb[][p] */
    M smask[MAXNS], single[MAXNS];
    M above[MAXL][2];           /* per play index of the card */
    M between[MAXL][MAXL];
    M aces, ace_suits[MAXL], dual, trump_cards, suit_cards;
    int members[MAXNS][MAXL], nmem[MAXNS];
    int *lpow;                  /* [2][ns][nsup][MAXL][2] */
} Loc;

#define L ((Loc *)S->LOCF)

static Loc *loc_new(const GS *S) {
    Loc *l = calloc(1, sizeof(Loc));
    if (!l) return NULL;
    l->lpow = malloc(sizeof(int) * (size_t)(2 * S->ns * S->nsup * MAXL * 2));
    if (!l->lpow) { free(l); return NULL; }
    return l;
}

static inline int pb_index(const GS *S, int c, int b) { return L->lpb[c][0] == b ? 0 : 1; }

static inline int power(const GS *S, int high, int led, int sup, int c, int b) {
    int li = S->slot_of_bit[led], si = S->supslot_of_bit[sup];
    return L->lpow[((((high * S->ns + li) * S->nsup + si) * MAXL) + c) * 2 + pb_index(S, c, b)];
}

/* ------------------------------------------------------------------ local tables */

static void place_local(GS *S);

/* the tables of the remaining cards R (global mask), renumbered in the global order */
static void build_local(GS *S, const u64 *R) {
    Loc *l = L;
    int m = 0;
    for (int w = 0; w < GW; w++) {
        u64 x = R[w];
        while (x) {
            int i = __builtin_ctzll(x);
            x &= x - 1;
            l->gidx[m++] = w * 64 + i;
        }
    }
    l->m = m;
    for (int j = 0; j < m; j++) {
        int g = l->gidx[j];
        l->lbits[j] = S->gbits[g];
        l->lface[j] = S->gface[g];
        l->lrlow[j] = S->grlow[g];
        l->lkind[j] = S->gkind[g];
        l->lkind0[j] = S->gkind[g] > 2 ? S->gkind[g] : 0;
        l->lkp[j] = S->gkind[g];
        l->lkp0[j] = l->lkind0[j];
        if (S->ace_flips && (S->gbits[g] & (S->gbits[g] - 1)) == 0)
            for (int a = 0; a < S->ng; a++)
                if (S->gkind[a] == 2 && S->gbits[a] == S->gbits[g] && S->grlow[g] < S->grlow[a])
                    l->lkp[j] = 5;
        l->lnp[j] = S->gnp[g];
        l->lpb[j][0] = S->gpb0[g];
        l->lpb[j][1] = S->gpb1[g];
        l->ldef[j] = S->gdef[g];
    }
    for (int si = 0; si < S->ns; si++) {
        M sm = m_zero(), sg = m_zero();
        for (int j = 0; j < m; j++) {
            if (l->lbits[j] & S->sbit[si]) sm = m_or(sm, m_bit(j));
            if (l->lbits[j] == S->sbit[si]) sg = m_or(sg, m_bit(j));
        }
        l->smask[si] = sm;
        l->single[si] = sg;
        /* members low to high: by (Ace-low rank, global index) */
        int nm = 0;
        for (int j = 0; j < m; j++)
            if (m_test(sm, j)) {
                int p = nm++;
                while (p > 0 && l->lrlow[l->members[si][p - 1]] > l->lrlow[j]) {
                    l->members[si][p] = l->members[si][p - 1];
                    p--;
                }
                l->members[si][p] = j;
            }
        l->nmem[si] = nm;
    }
    l->dual = l->trump_cards = l->aces = m_zero();
    for (int j = 0; j < m; j++) {
        int g = l->gidx[j];
        if (l->lbits[j] & (l->lbits[j] - 1)) l->dual = m_or(l->dual, m_bit(j));
        if (l->lbits[j] & S->trumps) l->trump_cards = m_or(l->trump_cards, m_bit(j));
        /* above: cards of suit b ranking at or above card j in either order */
        for (int p = 0; p < 2; p++) {
            M a = m_zero();
            if (p < l->lnp[j]) {
                int b = l->lpb[j][p];
                for (int k = 0; k < m; k++) {
                    int gk = l->gidx[k];
                    if (k != j && (l->lbits[k] & b)
                            && (S->grlow[gk] >= S->grlow[g] || S->grhigh[gk] >= S->grhigh[g]))
                        a = m_or(a, m_bit(k));
                }
            }
            l->above[j][p] = a;
        }
        if (S->ace_flips && l->lkind[j] == 2) {
            l->aces = m_or(l->aces, m_bit(j));
            l->ace_suits[j] = m_andn(l->smask[S->slot_of_bit[l->ldef[j]]], m_bit(j));
        } else {
            l->ace_suits[j] = m_zero();
        }
    }
    /* between: for two cards of the same suits, the cards sharing a suit with them that lie
     * between them in either rank order */
    for (int i = 0; i < m; i++) {
        int gi = l->gidx[i];
        for (int j = i + 1; j < m; j++) {
            if (l->lbits[i] != l->lbits[j]) continue;
            int gj = l->gidx[j];
            int lo1 = S->grlow[gi], hi1 = S->grlow[gj], lo2 = S->grhigh[gi], hi2 = S->grhigh[gj];
            if (lo1 > hi1) { int x = lo1; lo1 = hi1; hi1 = x; }
            if (lo2 > hi2) { int x = lo2; lo2 = hi2; hi2 = x; }
            M bm = m_zero();
            for (int k = 0; k < m; k++) {
                if (k == i || k == j || !(l->lbits[k] & l->lbits[i])) continue;
                int gk = l->gidx[k];
                if ((lo1 <= S->grlow[gk] && S->grlow[gk] <= hi1)
                        || (lo2 <= S->grhigh[gk] && S->grhigh[gk] <= hi2))
                    bm = m_or(bm, m_bit(k));
            }
            l->between[i][j] = l->between[j][i] = bm;
        }
    }
    l->suit_cards = S->suit_bit ? l->smask[S->slot_of_bit[S->suit_bit]] : m_zero();
    /* card powers of the remaining cards in every trick context */
    for (int high = 0; high < 2; high++)
        for (int li = 0; li < S->ns; li++)
            for (int si = 0; si < S->nsup; si++) {
                int base_l = ((high * S->ns + li) * S->nsup + si) * MAXL;
                int base_g = ((high * S->ns + li) * S->nsup + si) * S->ng;
                for (int j = 0; j < m; j++) {
                    int g = l->gidx[j];
                    l->lpow[(base_l + j) * 2] = S->gpow[(base_g + g) * 2];
                    l->lpow[(base_l + j) * 2 + 1] = S->gpow[(base_g + g) * 2 + 1];
                }
            }
    memcpy(l->R, R, sizeof l->R);
    l->valid = 1;
    place_local(S);
}

/* ------------------------------------------------------------------ rules (mirrors) */

static int live_ace(const GS *S, const M *hands, const TPlay *trick, int k) {
    M rem = m_zero();
    for (int s = 0; s < S->n; s++) rem = m_or(rem, hands[s]);
    for (int i = 0; i < k; i++) rem = m_or(rem, m_bit(trick[i].c));
    if (!m_any(m_and(rem, L->aces))) return 0;
    for (int s = 0; s < S->n; s++) {
        M x = hands[s];
        if (m_any(m_and(x, L->aces))) {
            M elsewhere = m_andn(rem, x);
            int c;
            FOR_BITS(c, a, m_and(x, L->aces))
                if (m_any(m_and(elsewhere, L->ace_suits[c]))) return 1;
        }
    }
    for (int i = 0; i < k; i++) {
        int c = trick[i].c;
        if (m_test(L->aces, c) && m_any(m_and(rem, L->ace_suits[c]))) return 1;
    }
    return 0;
}

/* the legal plays of seat (Solver.gen, in its order) */
static int gen(const GS *S, int seat, const M *hands, const TPlay *trick, int k, int broken,
               Move *out) {
    M h = hands[seat];
    int n = 0, c;
    if (k) {
        int Ld = trick[0].b;
        M f = m_and(h, L->smask[S->slot_of_bit[Ld]]);
        if (m_any(f)) {
            FOR_BITS(c, x, f) { out[n].c = c; out[n].b = Ld; n++; }
            return n;
        }
        FOR_BITS(c, x, h)
            for (int p = 0; p < L->lnp[c]; p++) { out[n].c = c; out[n].b = L->lpb[c][p]; n++; }
        return n;
    }
    int ub = S->enforce ? (S->trumps & ~broken) : 0;
    if (ub) {
        FOR_BITS(c, x, h)
            for (int p = 0; p < L->lnp[c]; p++)
                if (!(L->lpb[c][p] & ub)) { out[n].c = c; out[n].b = L->lpb[c][p]; n++; }
        if (n) return n;
        FOR_BITS(c, x, h) { out[n].c = c; out[n].b = L->ldef[c]; n++; }
        return n;
    }
    FOR_BITS(c, x, h)
        for (int p = 0; p < L->lnp[c]; p++) { out[n].c = c; out[n].b = L->lpb[c][p]; n++; }
    return n;
}

static int trick_high(const GS *S, const TPlay *trick, int k) {
    if (!S->ace_flips) return 0;
    for (int i = 0; i < k; i++)
        if (L->lface[trick[i].c]) return 1;
    return 0;
}

/* a card of suit bit b played: a trump not yet broken is broken by it, and in the acorns sets
 * the first trump broken becomes the superior one (*broken and *sup updated in place) */
static inline void break_trump(const GS *S, int b, int *broken, int *sup) {
    if ((b & S->trumps) && !(b & *broken)) {
        *broken |= b;
        if (S->acorns && !*sup) *sup = b;
    }
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

static inline M above_of(const GS *S, int c, int b) { return L->above[c][pb_index(S, c, b)]; }

/* the cards of x in suit si low to high in the partition key's order into out; their count.
 * That order is the Ace-high one (a flipping Ace at the top: a relevant Ace keeps only
 * itself), the Ace-low one read from the kinds (the card below the Ace-low is a kind of its
 * own, and the Ace's holder is in the coarse key).  The single-suit cards of a suit are
 * numbered in Ace-low order; its Travelers/Hunters (numbered after every single-suit card)
 * are merged in by rank and its Ace put last */
static int suit_cards(const GS *S, int si, M x, int *out) {
    M sx = m_and(x, L->smask[si]);
    if (!m_any(sx)) return 0;
    int dl[MAXL], nd = 0, n = 0, c;
    FOR_BITS(c, y, m_and(sx, L->dual)) {
        int p = nd++;
        while (p > 0 && L->lrlow[dl[p - 1]] > L->lrlow[c]) { dl[p] = dl[p - 1]; p--; }
        dl[p] = c;
    }
    int di = 0;
    FOR_BITS(c, y, m_andn(m_andn(sx, L->dual), L->aces)) {
        while (di < nd && L->lrlow[dl[di]] < L->lrlow[c]) out[n++] = dl[di++];
        out[n++] = c;
    }
    while (di < nd) out[n++] = dl[di++];
    FOR_BITS(c, y, m_and(sx, L->aces)) out[n++] = c;
    return n;
}

/* lpp: each card's place in the partition key's order of each of its suits */
static void place_local(GS *S) {
    for (int si = 0; si < S->ns; si++) {
        int cs[MAXL], cl = suit_cards(S, si, L->smask[si], cs);
        for (int i = 0; i < cl; i++) L->lpp[cs[i]][pb_index(S, cs[i], S->sbit[si])] = i;
    }
}

/* the highest card of the mask opp among suit si's cards (the partition key's order), if any */
static M top_opp(const GS *S, int si, M opp) {
    int cs[MAXL], cl = suit_cards(S, si, opp, cs);
    return cl ? m_bit(cs[cl - 1]) : m_zero();
}

/* qrel (when not NULL) gets the cards whose ranks the count read: in each suit where it
 * counted a card, the opponents' highest card in the partition key's order (it and every card
 * above it decide which cards are above every opposing one, in both rank orders: Ace-low, only
 * the card below the Ace is below it, and that card is a kind of its own in the key).  A
 * position keeping those cards counts as many or more (more cards above every opposing one in
 * another suit only add), so the bound holds for it too */
static int sure_tricks(const GS *S, const M *hands, int side, int sup, M *qrel) {
    M opp = m_zero();
    for (int s = 0; s < S->n; s++)
        if (!(side >> s & 1)) opp = m_or(opp, hands[s]);
    int best = 0, ss = S->slot_of_bit[sup], c;
    M sm = L->single[ss];
    int no_inf = m_any(m_and(opp, L->smask[ss]));
    int got[MAXNS];
    memset(got, 0, sizeof got);
    for (int s = 0; s < S->n; s++) {
        if (!(side >> s & 1)) continue;
        int cnt = 0;
        FOR_BITS(c, x, m_and(hands[s], sm))
            if (!m_any(m_and(above_of(S, c, sup), opp))) { cnt++; got[ss] = 1; }
        if (!no_inf)
            for (int i = 0; i < S->ns; i++) {
                int ib = S->sbit[i];
                if (!(ib & S->trumps) || ib == sup) continue;
                FOR_BITS(c, x, m_and(hands[s], L->single[i]))
                    if (!m_any(m_and(above_of(S, c, ib), opp))) { cnt++; got[i] = 1; }
            }
        if (cnt > best) best = cnt;
    }
    if (qrel)
        for (int i = 0; i < S->ns; i++)
            if (got[i]) *qrel = m_or(*qrel, top_opp(S, i, opp));
    return best;
}

static int quick_tricks(const GS *S, const M *hands, int leader, int broken, int sup,
                        M *qrel) {
    int mine = S->side_of[leader];
    M opp = m_zero(), opp_seats[MAXN], part[MAXN];
    int no = 0, np = 0;
    for (int s = 0; s < S->n; s++) {
        if (mine >> s & 1) {
            if (s != leader) part[np++] = hands[s];
        } else {
            opp = m_or(opp, hands[s]);
            opp_seats[no++] = hands[s];
        }
    }
    M h = hands[leader];
    int ub = S->enforce ? (S->trumps & ~broken) : 0;
    int clean = 0, unclean = 0, c, duals = m_any(m_and(h, L->dual));
    M used = m_zero();
    for (int xi = 0; xi < S->ns; xi++) {
        int X = S->sbit[xi];
        if (X & ub) continue;
        M xs = m_andn(m_and(h, L->smask[xi]), used);
        if (!m_any(xs)) continue;
        int k = 0;
        M tops = m_zero(), over = m_zero();
        FOR_BITS(c, x, xs) {
            M ab = above_of(S, c, X);
            if (m_any(m_and(ab, opp))) continue;
            k++;
            tops = m_or(tops, m_bit(c));
            over = m_or(over, ab);
        }
        /* a suit without a top card adds nothing here, and a position where it has some counts
         * as much or more: unless a Traveler/Hunter of the leader's could then be counted in it
         * and missed in a later suit */
        if (qrel && (k || duals)) *qrel = m_or(*qrel, top_opp(S, xi, opp));
        if (!k) continue;
        if (X != sup) {
            for (int i = 0; i < no; i++)
                if (m_any(m_and(opp_seats[i], L->trump_cards))) {
                    int v = m_pop(m_and(opp_seats[i], L->single[xi]));
                    if (v < k) k = v;
                }
            if (!k) continue;
        }
        used = m_or(used, tops);
        int ok = 1;
        for (int i = 0; i < np; i++)
            if (m_pop(m_and(part[i], L->single[xi])) < k || m_any(m_and(part[i], over))) {
                ok = 0;
                break;
            }
        if (ok) clean += k;
        else unclean = 1;
    }
    return clean + unclean;
}

/* runs (when not NULL): per play, the equivalent cards merged into it (out[i].r indexes it) */
static int moves(const GS *S, int seat, const M *hands, const TPlay *trick, int k, int broken,
                 int sup, Move *out, M *runs) {
    Move cand[MAXMV];
    int nc = gen(S, seat, hands, trick, k, broken, cand);
    if (nc == 1) {
        out[0] = cand[0];
        out[0].r = 0;
        if (runs) runs[0] = m_zero();
        return 1;
    }
    M h = hands[seat], rem = m_zero();
    for (int s = 0; s < S->n; s++) rem = m_or(rem, hands[s]);
    for (int i = 0; i < k; i++) rem = m_or(rem, m_bit(trick[i].c));
    M others = m_andn(rem, h);
    int n = 0, live = -1;
    const Move *prev = NULL;
    for (int i = 0; i < nc; i++) {
        const Move *mm = &cand[i];
        if (prev && prev->b == mm->b && L->lbits[prev->c] == L->lbits[mm->c]
                && !m_any(m_and(L->between[prev->c][mm->c], others))) {
            int same = 1;
            if (L->lface[prev->c] != L->lface[mm->c]) {
                if (live < 0) live = live_ace(S, hands, trick, k);
                same = !live;
            }
            if (same) {
                if (runs) runs[n - 1] = m_or(runs[n - 1], m_bit(mm->c));
                prev = mm;
                continue;
            }
        }
        if (runs) runs[n] = m_zero();
        out[n] = *mm;
        out[n].r = n;
        n++;
        prev = mm;
    }
    if (n == 1) return n;
    long long key[MAXMV];
    int maxing = S->max_mask >> seat & 1;
    int me_good = (S->count_mask >> seat & 1) == maxing;
    if (!k) {
        if (me_good) {
            int mine = S->side_of[seat];
            M opp = m_zero(), pmask = m_zero();
            for (int s = 0; s < S->n; s++) {
                if (mine >> s & 1) {
                    if (s != seat) pmask = m_or(pmask, hands[s]);
                } else {
                    opp = m_or(opp, hands[s]);
                }
            }
            /* leads by kind (search.py's lead_key): a side suit's winners (high first); a
             * side suit partner wins or ruffs in, low first; any other side suit, low first;
             * then the trumps, the others low first before the top ones high first; last the
             * side suits an opponent can ruff */
            for (int i = 0; i < n; i++) {
                int c = out[i].c, b = out[i].b;
                long long cat;
                long long v = L->lrlow[c];
                int win = !m_any(m_and(above_of(S, c, b), opp));
                M sb = L->smask[S->slot_of_bit[b]];
                if (b & S->trumps) {
                    key[i] = (win ? 30 : 25) * 1000000LL + (win ? -v : v);
                    continue;
                }
                if (win) {
                    cat = 0;
                    v = -v;
                } else {
                    cat = 20;
                    int pc;
                    FOR_BITS(pc, pt, m_and(pmask, sb))
                        if (!m_any(m_and(above_of(S, pc, b), opp))) { cat = 10; break; }
                    if (cat == 20)
                        for (int s = 0; s < S->n; s++)
                            if ((mine >> s & 1) && s != seat && !m_any(m_and(hands[s], sb))
                                    && m_any(m_and(hands[s], L->trump_cards))) {
                                cat = 10;
                                break;
                            }
                }
                for (int s = 0; s < S->n; s++)
                    if (!(mine >> s & 1) && !m_any(m_and(hands[s], sb))
                            && m_any(m_and(hands[s], L->trump_cards))) {
                        cat += 50;
                        break;
                    }
                key[i] = cat * 1000000 + v;
            }
        } else {
            for (int i = 0; i < n; i++) key[i] = L->lrlow[out[i].c];
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
        M later = m_zero();
        for (int j = k + 1, s = (seat + 1) % S->n; j < S->n; j++, s = (s + 1) % S->n)
            if (!(mine >> s & 1)) later = m_or(later, hands[s]);
        int wc = trick[wi].c, wb = trick[wi].b;
        M ls = L->smask[S->slot_of_bit[led]];
        if (m_any(m_and(later, above_of(S, wc, wb)))
                || (!(wb & S->trumps) && m_any(m_and(later, L->trump_cards))
                    && !m_any(m_and(later, ls))))
            w_good = 0;
    }
    M opp_all = m_zero();
    {
        int mine = S->side_of[seat];
        for (int s = 0; s < S->n; s++)
            if (!(mine >> s & 1)) opp_all = m_or(opp_all, hands[s]);
    }
    for (int i = 0; i < n; i++) {
        long long p = power(S, high, led, sup, out[i].c, out[i].b);
        /* a discard: keep the side's winners of other suits for later, and discard from
         * the seat's shortest suit first (a void to ruff in later) */
        if (me_good && out[i].b != led && !(out[i].b & S->trumps)) {
            if (!m_any(m_and(above_of(S, out[i].c, out[i].b), opp_all))) p += 500;
            p += 20 * m_pop(m_and(hands[seat], L->smask[S->slot_of_bit[out[i].b]]));
        }
        if (w_good) key[i] = p;
        else if (me_good) key[i] = (p < best ? 1 : 0) * 100000000LL + p;
        else key[i] = (p > best ? 1 : 0) * 100000000LL - p;
    }
    ssort(out, key, n);
    return n;
}

/* the relative-rank key of a position at a trick boundary (search.tkey) */
static int make_key(const GS *S, const M *hands, int turn, int broken, int sup,
                    unsigned char *key) {
    M rem = m_zero();
    for (int s = 0; s < S->n; s++) rem = m_or(rem, hands[s]);
    int live = live_ace(S, hands, NULL, 0);
    const int *kk = live ? L->lkind : L->lkind0;
    int len = 0;
    key[len++] = (unsigned char)turn;
    key[len++] = (unsigned char)broken;
    key[len++] = (unsigned char)sup;
    key[len++] = (unsigned char)live;
    unsigned char sym[MAXNS][MAXL + 1];
    int symlen[MAXNS], nsym = 0;
    /* each remaining card's code: its holder and kind */
    unsigned char own[MAXL];
    int c;
    for (int s = 0; s < S->n; s++)
        FOR_BITS(c, x, hands[s]) own[c] = (unsigned char)(s * 5 + kk[c] + 1);
    for (int si = 0; si < S->ns; si++) {
        M sm = L->smask[si];
        unsigned char code[MAXL];
        int cl = 0;
        if (m_any(m_and(rem, sm))) {
            for (int i = 0; i < L->nmem[si]; i++) {
                int cm = L->members[si][i];
                if (m_test(rem, cm)) code[cl++] = own[cm];
            }
        }
        if (S->suit_sym[si] && !m_any(m_and(m_and(rem, sm), L->dual))) {
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

static int search(GS *S, M *hands, TPlay *trick, int k, int turn, int broken, int sup,
                  int left, int t);

/* whether a wide search hands the next trick's position (left tricks) to the narrow one */
#if MW > 1
#define MW_NARROWS(left) ((left) * S->n <= wide_from)
#else
#define MW_NARROWS(left) 0
#endif

#if MW > 1
/* the next trick's position (at most 64 cards left) searched over one-word masks: the same
 * node, key and table entry as over the wide ones, at the narrow search's speed */
static int to_narrow(GS *S, const M *hands, int turn, int broken, int sup, int left, int t,
                     const unsigned char *pk, int pl, u64 ph) {
    u64 gh[MAXN][GW], R[GW] = {0};
    memset(gh, 0, sizeof gh);
    int c;
    for (int s = 0; s < S->n; s++) {
        FOR_BITS(c, x, hands[s]) {
            int g = L->gidx[c];
            gh[s][g >> 6] |= (u64)1 << (g & 63);
        }
        for (int w = 0; w < GW; w++) R[w] |= gh[s][w];
    }
    if (!S->loc1) {
        S->loc1 = loc_new_1(S);
        if (!S->loc1) { PyErr_NoMemory(); return -1; }
    }
    Loc_1 *l1 = S->loc1;
    if (!l1->valid || memcmp(l1->R, R, sizeof R)) build_local_1(S, R);
    int loc_of[MAXG];
    for (int j = 0; j < l1->m; j++) loc_of[l1->gidx[j]] = j;
    u64 nh[MAXN];
    for (int s = 0; s < S->n; s++) {
        u64 x = 0;
        for (int w = 0; w < GW; w++)
            for (u64 y = gh[s][w]; y; y &= y - 1) x |= (u64)1 << loc_of[w * 64 + __builtin_ctzll(y)];
        nh[s] = x;
    }
    TPlay trick[MAXN * (64 + 2)];
    return pk && pl >= 0 ? search_k_1(S, nh, trick, 0, turn, broken, sup, left, t, pk, pl, ph)
                         : search_1(S, nh, trick, 0, turn, broken, sup, left, t);
}
#endif

/* the count a trick's plays score (the goal's seats; with suit_bit only a trick holding that
 * suit) */
static inline int trick_count(const GS *S, const TPlay *trick, int w) {
    if (!(S->count_mask >> w & 1)) return 0;
    if (!S->suit_bit) return 1;
    for (int j = 0; j < S->n; j++)
        if (m_test(L->suit_cards, trick[j].c)) return 1;
    return 0;
}

/* pk: the position's key when the caller made it (the last card of the previous trick's
 * transposition look-ahead), else NULL */
static int search_k(GS *S, M *hands, TPlay *trick, int k, int turn, int broken, int sup,
                    int left, int t, const unsigned char *pk, int pl, u64 ph) {
    if (budget_node(S->counter, S->tick, &S->cnt, &S->check) < 0) return -1;
    if (t <= 0) return 1;
    if (t > left) return 0;
    unsigned char kbuf[KEYMAX];
    const unsigned char *key = kbuf;
    int klen = 0;
    u64 h = 0;
    int lo = 0, hi = left;
    if (!k) {
        if (pk) {
            key = pk;
            klen = pl;
            h = ph;
        } else {
            klen = make_key(S, hands, turn, broken, sup, kbuf);
            h = khash(kbuf, klen);
        }
        Entry *e = find_entry(S, key, klen, h);
        if (e) {
            lo = e->lo;
            hi = e->hi;
            if (lo >= t) return 1;
            if (hi < t) return 0;
        } else if (S->quick) {
            int q = quick_tricks(S, hands, turn, broken, sup, NULL);
            int qmax = sup ? sure_tricks(S, hands, S->max_mask, sup, NULL) : 0;
            int qmin = sup ? sure_tricks(S, hands, S->min_mask, sup, NULL) : 0;
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
    M hh = hands[turn];
    Move mv[MAXMV];
    int nm = moves(S, turn, hands, trick, k, broken, sup, mv, NULL);
    int last = k + 1 == S->n;
    /* the last card of a trick: the transposition look-ahead ("enhanced transposition
     * cutoff") reads the table for the position after each play before searching any; a play
     * the table (or the count) already decides for this side cuts off at once, one it
     * decides against is not searched (its search would stop at that entry); the keys made
     * are handed to the searches of the others */
    int nk_ = last && nm > 1 ? nm : 0;
    signed char known[MAXMV];
    int kl[MAXMV];
    u64 kh[MAXMV];
    unsigned char (*kb)[KEYMAX] = NULL;
    unsigned char kbv[nk_ ? nk_ : 1][KEYMAX];
    if (nk_) {
        kb = kbv;
        for (int i = 0; i < nm; i++) {
            int c = mv[i].c, b = mv[i].b;
            int nb = broken, ns = sup;
            break_trump(S, b, &nb, &ns);
            trick[k].seat = turn;
            trick[k].c = c;
            trick[k].b = b;
            int w = winner(S, trick, k + 1, ns);
            int t2 = t - trick_count(S, trick, w), v = -1;
            kl[i] = -1;
            if (t2 <= 0) v = 1;
            else if (t2 > left - 1) v = 0;
            else {
                hands[turn] = m_xor(hh, m_bit(c));
                kl[i] = make_key(S, hands, w, nb, ns, kb[i]);
                hands[turn] = hh;
                kh[i] = khash(kb[i], kl[i]);
                Entry *e2 = find_entry(S, kb[i], kl[i], kh[i]);
                if (e2) {
                    if (e2->lo >= t2) v = 1;
                    else if (e2->hi < t2) v = 0;
                }
            }
            if (v == maxing) return maxing;
            known[i] = (signed char)v;
        }
    }
    for (int i = 0; i < nm; i++) {
        if (nk_ && known[i] >= 0) continue;  /* decided against this side */
        int c = mv[i].c, b = mv[i].b;
        hands[turn] = m_xor(hh, m_bit(c));
        int nb = broken, ns = sup;
        break_trump(S, b, &nb, &ns);
        trick[k].seat = turn;
        trick[k].c = c;
        trick[k].b = b;
        int r;
        if (last) {
            int w = winner(S, trick, k + 1, ns);
            int cnt = trick_count(S, trick, w);
#if MW > 1
            if (MW_NARROWS(left - 1))
                r = to_narrow(S, hands, w, nb, ns, left - 1, t - cnt, nk_ ? kb[i] : NULL,
                              nk_ ? kl[i] : -1, nk_ ? kh[i] : 0);
            else
#endif
            if (nk_ && kl[i] >= 0)
                r = search_k(S, hands, trick + S->n, 0, w, nb, ns, left - 1, t - cnt, kb[i],
                             kl[i], kh[i]);
            else
                r = search_k(S, hands, trick + S->n, 0, w, nb, ns, left - 1, t - cnt, NULL, 0,
                             0);
        } else {
            r = search_k(S, hands, trick, k + 1, nxt, nb, ns, left, t, NULL, 0, 0);
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

static int search(GS *S, M *hands, TPlay *trick, int k, int turn, int broken, int sup,
                  int left, int t) {
    return search_k(S, hands, trick, k, turn, broken, sup, left, t, NULL, 0, 0);
}

/* ------------------------------------------------------------------ partition search */

/* Partition search ("winning ranks", as in DDS and the 52-card path): each search also returns
 * the cards whose ranks its answer depended on (rel): the winner of every trick it decided by
 * rank (another card of the same played suit in the trick), the cards an entry's answer
 * depended on, and a merged run of equivalent cards when its answer depended on their place.
 * The entry stored keys on the coarse position (turn, trumps, whether an Ace can flip, and per
 * suit the multiset of its remaining cards' codes: holder and kind) and, per suit, the codes of
 * the top kk cards, kk counted from the lowest relevant card of that suit up (a Traveler or
 * Hunter in both of its suits).  A position whose coarse key is equal and whose top kk cards of
 * every suit have the same holders and kinds has the same answer: map its cards to the entry's
 * position keeping the holders and kinds (its low cards to low cards); every trick the search
 * decided by rank was won by a kept card over cards below it in both positions, every other
 * trick by a played suit only; legality reads suits only.  When unsure, more cards are kept:
 * a bound from the quick and sure tricks keeps every card. */

#define PCODES (2 * MAXL + 8)

/* a position at a trick boundary, as the partition table reads it */
typedef struct {
    int slot_suit[MAXNS];       /* suit slot -> suit index (the interchangeable suits sorted) */
    int off[MAXNS + 1];         /* slot i's codes: code[off[i]..off[i+1]), low to high */
    unsigned char code[PCODES];
    unsigned char coarse[8 + PCODES + MAXNS];
    int clen;
    u64 ch;
    M rem;                      /* the remaining cards */
} PKey;

static void make_pkey(const GS *S, const M *hands, int turn, int broken, int sup, PKey *pk) {
    M rem = m_zero();
    for (int s = 0; s < S->n; s++) rem = m_or(rem, hands[s]);
    pk->rem = rem;
    int live = live_ace(S, hands, NULL, 0);
    /* own: the kept cards' codes (holder and kind, the 0 a kind of its own); mown: the
     * multiset's (the 0 a plain card: a low card's place is not kept) */
    const int *kk = live ? L->lkp : L->lkp0, *mk = live ? L->lkind : L->lkind0;
    unsigned char own[MAXL], mown[MAXL];
    int c;
    for (int s = 0; s < S->n; s++)
        FOR_BITS(c, x, hands[s]) {
            own[c] = (unsigned char)(s * 6 + kk[c] + 1);
            mown[c] = (unsigned char)(s * 6 + mk[c] + 1);
        }
    unsigned char sc[MAXNS][MAXL], ms[MAXNS][MAXL];
    int sl[MAXNS], order[MAXNS], nfix = 0, nsym = 0, symi[MAXNS], fixmask = 0;
    for (int si = 0; si < S->ns; si++) {
        int cs[MAXL], cl = suit_cards(S, si, rem, cs);
        for (int i = 0; i < cl; i++) {
            sc[si][i] = own[cs[i]];
            unsigned char v = mown[cs[i]];
            int p = i;  /* the multiset: the codes sorted */
            while (p > 0 && ms[si][p - 1] > v) { ms[si][p] = ms[si][p - 1]; p--; }
            ms[si][p] = v;
        }
        sl[si] = cl;
        if (S->suit_sym[si] && !m_any(m_and(m_and(rem, L->smask[si]), L->dual))) {
            symi[nsym++] = si;
        } else {
            order[nfix++] = si;
            fixmask |= 1 << si;
        }
    }
    /* the interchangeable suits by (length, multiset, codes): any order is sound (renaming
     * them changes nothing); this one keeps equal coarse keys together */
    for (int i = 0; i < nsym; i++) {
        int a = symi[i], p = nfix + i;
        while (p > nfix) {
            int b = order[p - 1], cmp = sl[b] - sl[a];
            if (!cmp) cmp = memcmp(ms[b], ms[a], (size_t)sl[a]);
            if (!cmp) cmp = memcmp(sc[b], sc[a], (size_t)sl[a]);
            if (cmp <= 0) break;
            order[p] = order[p - 1];
            p--;
        }
        order[p] = a;
    }
    int cl = 0, len = 0;
    pk->coarse[cl++] = (unsigned char)turn;
    pk->coarse[cl++] = (unsigned char)broken;
    pk->coarse[cl++] = (unsigned char)sup;
    pk->coarse[cl++] = (unsigned char)live;
    pk->coarse[cl++] = (unsigned char)fixmask;
    pk->off[0] = 0;
    for (int i = 0; i < S->ns; i++) {
        int si = order[i];
        pk->slot_suit[i] = si;
        for (int j = 0; j < sl[si]; j++) pk->coarse[cl++] = ms[si][j];
        pk->coarse[cl++] = 0;
        for (int j = 0; j < sl[si]; j++) pk->code[len++] = sc[si][j];
        pk->off[i + 1] = len;
    }
    pk->clen = cl;
    pk->ch = phash(pk->coarse, cl);
}

/* of the entries of pk's bucket that match pk and decide t, the one keeping fewest cards (the
 * newest of those): its bytes (*dec its answer), else NULL; *quick: whether an entry made by
 * the quick and sure tricks matched (their bounds are as good for every position it matches) */
static const unsigned char *pfind(GS *S, const PKey *pk, int t, int *dec, int *quick) {
    *quick = 0;
    PBucket *b = pbucket(S, pk->coarse, pk->clen, pk->ch, 0);
    if (!b) return NULL;
    const unsigned char *best = NULL;
    int bk = 1 << 30;
    for (int i = (int)b->n - 1; i >= 0; i--) {
        const PEnt *e = &b->e[i];
        const unsigned char *eb = (const unsigned char *)S->parena + e->off;
        int p = 0, ok = 1;
        for (int s = 0; s < S->ns && ok; s++) {
            int kk = eb[p++];
            const unsigned char *a = eb + p, *q = pk->code + pk->off[s + 1] - kk;
            for (int j = 0; j < kk; j++)
                if (a[j] != q[j]) { ok = 0; break; }
            p += kk;
        }
        if (!ok) continue;
        if (e->quick) *quick = 1;
        if ((e->lo >= t || e->hi < t) && e->kept < bk) {
            best = eb;
            bk = e->kept;
            *dec = e->lo >= t;
        }
    }
    return best;
}

/* the cards of pk's position an entry kept (per suit slot its top kk remaining cards) */
static M entry_rel(const GS *S, const PKey *pk, const unsigned char *eb) {
    M rel = m_zero();
    int p = 0;
    for (int s = 0; s < S->ns; s++) {
        int kk = eb[p++];
        p += kk;
        if (!kk) continue;
        int cs[MAXL], cl = suit_cards(S, pk->slot_suit[s], pk->rem, cs);
        for (int i = cl - kk; i < cl; i++) rel = m_or(rel, m_bit(cs[i]));
    }
    return rel;
}

/* the entry bytes keeping the relevant cards W of pk's position and every card above them in
 * their suits; *exact: whether every card is kept */
static int entry_of(const GS *S, const PKey *pk, M W, unsigned char *eb, int *exact) {
    int p = 0;
    *exact = 1;
    for (int s = 0; s < S->ns; s++) {
        int si = pk->slot_suit[s], len = pk->off[s + 1] - pk->off[s], kk = 0;
        if (m_any(m_and(m_and(W, pk->rem), L->smask[si]))) {
            int cs[MAXL], cl = suit_cards(S, si, pk->rem, cs);
            for (int i = 0; i < cl; i++)
                if (m_test(W, cs[i])) { kk = len - i; break; }
        }
        if (kk < len) *exact = 0;
        eb[p++] = (unsigned char)kk;
        memcpy(eb + p, pk->code + pk->off[s + 1] - kk, (size_t)kk);
        p += kk;
    }
    return p;
}

/* a played card c standing for the equivalent cards run: the answer rl holds for any of them
 * when they are all below the relevant cards of their suits and of one kind (then the position
 * after any of them maps to the one after c); else the run and c become relevant */
static M run_rule(const GS *S, int c, M run, M rl) {
    if (!m_any(run)) return rl;
    M R = m_or(run, m_bit(c));
    int mark = 0, d;
    FOR_BITS(d, x, run)
        if (L->lkind0[d] != L->lkind0[c]
                || (L->lface[d] == L->lface[c] && L->lkind[d] != L->lkind[c])) {
            mark = 1;
            break;
        }
    if (!mark)
        for (int si = 0; si < S->ns && !mark; si++) {
            if (!(L->lbits[c] & S->sbit[si]) || !m_any(m_and(rl, L->smask[si]))) continue;
            int cs[MAXL], cl = suit_cards(S, si, L->smask[si], cs), seen = 0;
            for (int i = 0; i < cl; i++) {
                if (m_test(rl, cs[i])) seen = 1;
                if (seen && m_test(R, cs[i])) { mark = 1; break; }
            }
        }
    return mark ? m_or(rl, R) : rl;
}

/* DDS's small moves: play i (c as suit b) did not cut, its answer relying on rl.  When c lies
 * below every card of rl in each of its suits (the partition key's order), another play j >= from of
 * the same suits, played as the same suit, of the same kind and below those cards too gives the
 * same answer: the positions after the two differ only in the places of two cards of the same
 * holder, suits and kind below every card that mattered, as the partition entries let positions
 * differ.  Such plays get skp[j] = 1 and srl[j] = rl (search.py's small_moves) */
static void small_moves(const GS *S, const Move *mv, int nm, int i, int from, M rl,
                        signed char *skp, M *srl) {
    int c = mv[i].c, b = mv[i].b, np = L->lnp[c], lo[2], d;
    for (int p = 0; p < np; p++) {
        int pb = L->lpb[c][p];
        lo[p] = 1 << 30;
        FOR_BITS(d, x, m_and(rl, L->smask[S->slot_of_bit[pb]])) {
            int q = L->lpp[d][pb_index(S, d, pb)];
            if (q < lo[p]) lo[p] = q;
        }
        if (L->lpp[c][p] >= lo[p]) return;
    }
    for (int j = from; j < nm; j++) {
        int c2 = mv[j].c;
        if (j == i || skp[j] || mv[j].b != b || L->lbits[c2] != L->lbits[c] || L->lkind[c2] != L->lkind[c])
            continue;
        int ok = 1;
        for (int p = 0; p < np; p++)
            if (L->lpp[c2][pb_index(S, c2, L->lpb[c][p])] >= lo[p]) { ok = 0; break; }
        if (ok) { skp[j] = 1; srl[j] = rl; }
    }
}

/* the card that won a complete trick by rank (another card of its played suit in it), if any;
 * an Ace that won Ace-low beat only the card below it (the 0), which is kept too */
static inline M win_mark(const GS *S, const TPlay *trick, int w) {
    int wi = 0;
    for (int i = 0; i < S->n; i++)
        if (trick[i].seat == w) wi = i;
    for (int i = 0; i < S->n; i++)
        if (i != wi && trick[i].b == trick[wi].b) {
            M r = m_bit(trick[wi].c);
            if (m_test(L->aces, trick[wi].c) && !trick_high(S, trick, S->n))
                for (int j = 0; j < S->n; j++)
                    if (trick[j].b == trick[wi].b) r = m_or(r, m_bit(trick[j].c));
            return r;
        }
    return m_zero();
}

static int psearch(GS *S, M *hands, TPlay *trick, int k, int turn, int broken, int sup,
                   int left, int t, const PKey *ppk, M *relo);

#if MW > 1
/* to_narrow for the partition search: the relevant cards come back in this width's numbers */
static int to_narrow_p(GS *S, const M *hands, int turn, int broken, int sup, int left, int t,
                       M *relo) {
    u64 gh[MAXN][GW], R[GW] = {0};
    memset(gh, 0, sizeof gh);
    int c;
    for (int s = 0; s < S->n; s++) {
        FOR_BITS(c, x, hands[s]) {
            int g = L->gidx[c];
            gh[s][g >> 6] |= (u64)1 << (g & 63);
        }
        for (int w = 0; w < GW; w++) R[w] |= gh[s][w];
    }
    if (!S->loc1) {
        S->loc1 = loc_new_1(S);
        if (!S->loc1) { PyErr_NoMemory(); return -1; }
    }
    Loc_1 *l1 = S->loc1;
    if (!l1->valid || memcmp(l1->R, R, sizeof R)) build_local_1(S, R);
    int loc_of[MAXG], wide_of[MAXG];
    for (int j = 0; j < l1->m; j++) loc_of[l1->gidx[j]] = j;
    for (int j = 0; j < L->m; j++) wide_of[L->gidx[j]] = j;
    u64 nh[MAXN];
    for (int s = 0; s < S->n; s++) {
        u64 x = 0;
        for (int w = 0; w < GW; w++)
            for (u64 y = gh[s][w]; y; y &= y - 1) x |= (u64)1 << loc_of[w * 64 + __builtin_ctzll(y)];
        nh[s] = x;
    }
    TPlay trick[MAXN * (64 + 2)];
    u64 r1 = 0;
    int r = psearch_1(S, nh, trick, 0, turn, broken, sup, left, t, NULL, &r1);
    M rel = m_zero();
    for (; r1; r1 &= r1 - 1) rel = m_or(rel, m_bit(wide_of[l1->gidx[__builtin_ctzll(r1)]]));
    *relo = rel;
    return r;
}
#endif

/* search_k with partition entries; *relo: the cards whose ranks the answer depended on
 * (ppk: the position's PKey when the caller's look-ahead made it) */
static int psearch(GS *S, M *hands, TPlay *trick, int k, int turn, int broken, int sup,
                   int left, int t, const PKey *ppk, M *relo) {
    if (budget_node(S->counter, S->tick, &S->cnt, &S->check) < 0) return -1;
    *relo = m_zero();
    if (t <= 0) return 1;
    if (t > left) return 0;
    PKey pkv;
    const PKey *pk = NULL;
    unsigned char eb[PCODES + MAXNS];
    int ex, el;
    if (!k) {
        if (ppk) pk = ppk;
        else {
            make_pkey(S, hands, turn, broken, sup, &pkv);
            pk = &pkv;
        }
        int dec;
        const unsigned char *hit = pfind(S, pk, t, &dec, &ex);
        if (hit) {
            *relo = entry_rel(S, pk, hit);
            return dec;
        }
        if (!ex && S->quick) {
            /* the quick and sure tricks' bounds keep the cards they read ranks of; any
             * position matching that entry has bounds as good (so a matching entry made here
             * means they need not be counted again) */
            int lo = 0, hi = left;
            M rq = m_zero(), rmax = m_zero(), rmin = m_zero();
            int q = quick_tricks(S, hands, turn, broken, sup, &rq);
            int qmax = sup ? sure_tricks(S, hands, S->max_mask, sup, &rmax) : 0;
            int qmin = sup ? sure_tricks(S, hands, S->min_mask, sup, &rmin) : 0;
            /* each bound with the cards it read (the answer needs only the deciding one's) */
            if (S->max_mask >> turn & 1) { if (q > qmax) { qmax = q; rmax = rq; } }
            else if (q > qmin) { qmin = q; rmin = rq; }
            if (qmax > lo) lo = qmax;
            if (qmin && left - qmin < hi) hi = left - qmin;
            el = entry_of(S, pk, m_or(rmax, rmin), eb, &ex);
            if (pstore(S, pk->coarse, pk->clen, pk->ch, eb, el, 1, lo, hi) < 0) return -1;
            if (lo >= t) { *relo = rmax; return 1; }
            if (hi < t) { *relo = rmin; return 0; }
        }
    }
    int maxing = S->max_mask >> turn & 1;
    int result = !maxing;
    int nxt = (turn + 1) % S->n;
    M hh = hands[turn];
    Move mv[MAXMV];
    M runs[MAXMV];
    int nm = moves(S, turn, hands, trick, k, broken, sup, mv, runs);
    int last = k + 1 == S->n;
    int nk_ = last && nm > 1 ? nm : 0;
    signed char known[MAXMV];
    signed char kok[MAXMV];
    PKey kbv[nk_ ? nk_ : 1];
    M relall = m_zero();
    /* DDS's small moves (small_moves): plays known to answer as one searched did */
    signed char skp[MAXMV];
    M srl[MAXMV];
    memset(skp, 0, (size_t)nm);
    if (nk_) {
        /* the transposition look-ahead (search_k's), each answer with its relevant cards */
        for (int i = 0; i < nm; i++) {
            int c = mv[i].c, b = mv[i].b;
            if (skp[i]) {
                kok[i] = 0;
                known[i] = -1;
                continue;
            }
            int nb = broken, ns = sup;
            break_trump(S, b, &nb, &ns);
            trick[k].seat = turn;
            trick[k].c = c;
            trick[k].b = b;
            int w = winner(S, trick, k + 1, ns);
            int t2 = t - trick_count(S, trick, w), v = -1;
            M rl = win_mark(S, trick, w);
            kok[i] = 0;
            if (t2 <= 0) v = 1;
            else if (t2 > left - 1) v = 0;
            else {
                hands[turn] = m_xor(hh, m_bit(c));
                make_pkey(S, hands, w, nb, ns, &kbv[i]);
                kok[i] = 1;
                int dec, ex2;
                const unsigned char *hit = pfind(S, &kbv[i], t2, &dec, &ex2);
                if (hit) {
                    v = dec;
                    rl = m_or(rl, entry_rel(S, &kbv[i], hit));
                }
                hands[turn] = hh;
            }
            if (v >= 0) {
                rl = run_rule(S, c, runs[mv[i].r], rl);
                if (v == maxing) { *relo = rl; return maxing; }
                relall = m_or(relall, rl);
                small_moves(S, mv, nm, i, 0, rl, skp, srl);
            }
            known[i] = (signed char)v;
        }
    }
    for (int i = 0; i < nm; i++) {
        if (nk_ && known[i] >= 0) continue;  /* decided against this side */
        int c = mv[i].c, b = mv[i].b;
        if (skp[i]) {
            relall = m_or(relall, run_rule(S, c, runs[mv[i].r], srl[i]));
            continue;
        }
        hands[turn] = m_xor(hh, m_bit(c));
        int nb = broken, ns = sup;
        break_trump(S, b, &nb, &ns);
        trick[k].seat = turn;
        trick[k].c = c;
        trick[k].b = b;
        int r;
        M rl;
        if (last) {
            int w = winner(S, trick, k + 1, ns);
            int cnt = trick_count(S, trick, w);
#if MW > 1
            if (MW_NARROWS(left - 1))
                r = to_narrow_p(S, hands, w, nb, ns, left - 1, t - cnt, &rl);
            else
#endif
            r = psearch(S, hands, trick + S->n, 0, w, nb, ns, left - 1, t - cnt,
                        nk_ && kok[i] ? &kbv[i] : NULL, &rl);
            rl = m_or(rl, win_mark(S, trick, w));
        } else {
            r = psearch(S, hands, trick, k + 1, nxt, nb, ns, left, t, NULL, &rl);
        }
        hands[turn] = hh;
        if (r < 0) return -1;
        rl = run_rule(S, c, runs[mv[i].r], rl);
        if (r == maxing) {
            result = maxing;
            relall = rl;
            break;
        }
        relall = m_or(relall, rl);
        small_moves(S, mv, nm, i, i + 1, rl, skp, srl);
    }
    if (!k) {
        el = entry_of(S, pk, relall, eb, &ex);
        if (pstore(S, pk->coarse, pk->clen, pk->ch, eb, el, 0, result ? t : 0,
                   result ? left : t - 1) < 0)
            return -1;
    }
    *relo = relall;
    return result;
}

/* the search from a position given in global cards (GS_call's checked input): -1 on error */
static int run_search(GS *S, u64 (*gh)[GW], const u64 *R, int nk, const int *tseat,
                      const int *tcard, const int *tbit, int turn, int broken, int sup,
                      int left, int t) {
    if (!S->LOCF) {
        S->LOCF = loc_new(S);
        if (!S->LOCF) { PyErr_NoMemory(); return -1; }
    }
    if (!L->valid || memcmp(L->R, R, sizeof L->R)) build_local(S, R);
    /* the position in local card numbers */
    int loc_of[MAXG];
    for (int j = 0; j < L->m; j++) loc_of[L->gidx[j]] = j;
    M hands[MAXN];
    for (int s = 0; s < S->n; s++) {
        M x = m_zero();
        for (int w = 0; w < GW; w++)
            for (u64 y = gh[s][w]; y; y &= y - 1)
                x = m_or(x, m_bit(loc_of[w * 64 + __builtin_ctzll(y)]));
        hands[s] = x;
    }
    /* room for the plays of every trick to the end (each trick gets its own slice) */
    TPlay trick[MAXN * (MAXL + 2)];
    for (int i = 0; i < nk; i++) {
        trick[i].seat = tseat[i];
        trick[i].c = loc_of[tcard[i]];
        trick[i].b = tbit[i];
        if (!(L->lbits[trick[i].c] & tbit[i])) {
            PyErr_SetString(PyExc_ValueError, "a card played as a suit it does not have");
            return -1;
        }
    }
    /* counter[0]: nodes so far in this call; counter[1]: the count of the next tick */
    if (budget_start(S->counter, &S->cnt, &S->check) < 0) return -1;
    if (S->part) {
        M rel;
        return psearch(S, hands, trick, nk, turn, broken, sup, left, t, NULL, &rel);
    }
    return search(S, hands, trick, nk, turn, broken, sup, left, t);
}

#undef L
#undef FOR_BITS
#undef MAXL
#undef KEYMAX
#undef M
#undef Loc
#undef m_zero
#undef m_bit
#undef m_and
#undef m_or
#undef m_xor
#undef m_andn
#undef m_any
#undef m_test
#undef m_pop
#undef m_low
#undef m_drop
#undef m_eq
#undef loc_new
#undef pb_index
#undef power
#undef build_local
#undef live_ace
#undef gen
#undef trick_high
#undef winner
#undef above_of
#undef sure_tricks
#undef top_opp
#undef quick_tricks
#undef moves
#undef make_key
#undef search
#undef search_k
#undef trick_count
#undef MW_NARROWS
#undef run_search
#undef PKey
#undef make_pkey
#undef suit_cards
#undef place_local
#undef small_moves
#undef pfind
#undef entry_rel
#undef entry_of
#undef run_rule
#undef win_mark
#undef psearch
#undef to_narrow_p
#undef PCODES
