/* movegen.c -- legal actions: placements, moves in each variant's manner,
 * flying, removals. Allocation-free; bit loops over the 24-point masks.
 *
 * Speed matters here (random playouts spend half their time in this file), so
 * the variant is dispatched once per call rather than per piece, and pieces
 * that cannot move are dropped before the loop with a whole-board mask: in the
 * moving phase most pieces are stuck, and a loop over them cost more than the
 * moves themselves. */
#include "morris.h"

#define RING_NOT_FIRST 0xFEFEFEu /* every pos but 0 of each ring */
#define RING_NOT_LAST 0x7F7F7Fu  /* every pos but 7 */
#define RING_FIRST 0x010101u
#define RING_LAST 0x808080u
#define MIDPOINTS 0xAAAAAAu /* odd pos: the side midpoints, joined across rings */
#define CORNERS 0x555555u   /* even pos: the corners, joined by rook diagonals */

/* The line neighbours of all points of x at once (the OR of mo_adj over x):
 * pos +-1 around each ring of 8, and ring +-1 at the midpoints. Adjacency is
 * symmetric, so own & adj_of(empty) are the pieces that can step somewhere. */
static inline uint32_t adj_of(uint32_t x)
{
    uint32_t up = ((x << 1) & RING_NOT_FIRST) | ((x >> 7) & RING_FIRST);
    uint32_t down = ((x >> 1) & RING_NOT_LAST) | ((x << 7) & RING_LAST);
    uint32_t mid = x & MIDPOINTS;
    return (up | down | mid << 8 | mid >> 8) & MO_ALL;
}

/* The first point of every rook run from the points of x: line neighbours
 * plus, from the corners, the next corner inward or outward on a diagonal. */
static inline uint32_t rook_near(uint32_t x)
{
    uint32_t c = x & CORNERS;
    return (adj_of(x) | c << 8 | c >> 8) & MO_ALL;
}

/* A rook run stops at the first occupied point: the far point counts only when
 * the near one is empty. */
static uint32_t rook_targets(int from, uint32_t empty)
{
    uint32_t t = 0;
    for (int r = 0; r < 4; r++) {
        const mo_ray *ray = &mo_rays[from][r];
        if (ray->near & empty) t |= ray->near | (ray->far & empty);
    }
    return t;
}

static inline uint32_t targets_in(int variant, int from, uint32_t empty, int fly)
{
    if (fly) return empty;
    switch (variant) {
    case MO_KNIGHT:
        return mo_knight[from] & empty;
    case MO_ROOK:
        return rook_targets(from, empty);
    default:
        return mo_adj[from] & empty;
    }
}

static inline uint32_t empty_points(const arena_state *s)
{
    return ~(s->bb[0] | s->bb[1]) & MO_ALL;
}

/* Where the piece of `seat` on `from` may move, or 0 when it may not (not its
 * piece, or its pieces in hand must be placed first). */
uint32_t mo_targets(const arena_state *s, int seat, int from)
{
    if (!(s->bb[seat] & mo_bit(from))) return 0;
    if (s->hand[seat] && s->cfg.variant != MO_LASKER) return 0;
    return targets_in(s->cfg.variant, from, empty_points(s), mo_flying(s, seat));
}

/* Whether `seat` would have a legal action with no removal pending. A placement
 * is always possible while pieces are in hand (the board never fills up). */
int mo_has_move(const arena_state *s, int seat)
{
    uint32_t empty = empty_points(s), own = s->bb[seat];
    if (s->hand[seat] || mo_flying(s, seat)) return empty != 0;
    switch (s->cfg.variant) {
    case MO_KNIGHT:
        for (; own; own &= own - 1)
            if (mo_knight[__builtin_ctz(own)] & empty) return 1;
        return 0;
    case MO_ROOK:
        return (rook_near(empty) & own) != 0;
    default:
        return (adj_of(empty) & own) != 0;
    }
}

/* Opponent pieces that may be removed: those outside mills, or any of them
 * when all stand in mills. */
uint32_t mo_removable(const arena_state *s)
{
    uint32_t opp = s->bb[s->to_move ^ 1];
    uint32_t free = opp & ~mo_mill_points(opp);
    return free ? free : opp;
}

/* Appends `base + to` for every point of t, ascending. */
static inline int emit(int32_t *out, int n, int base, uint32_t t)
{
    for (; t; t &= t - 1)
        out[n++] = base + __builtin_ctz(t);
    return n;
}

/* emit for a t of at most 4 points (steps and knight jumps), without a
 * branch per point: four slots are always written and only the real ones
 * counted, so a random number of targets costs no mispredicted loop exit.
 * The extra slots stay within MO_MAX_LEGAL (at most 40 moves plus 24
 * placements before them). */
static inline int emit4(int32_t *out, int n, int base, uint32_t t)
{
    for (int k = 0; k < 4; k++) {
        out[n] = base + __builtin_ctz(t | 0x80000000u);
        n += t != 0;
        t &= t - 1;
    }
    return n;
}

/* base + p for every point p of t, ascending, branch-free as emit4: all 24
 * slots written, each counted when p is in t. For placements (t = the empty
 * points, before any lasker move), so at most 24 slots in all. */
static inline int emit24(int32_t *out, int n, int base, uint32_t t)
{
    for (int p = 0; p < MO_POINTS; p++) {
        out[n] = base + p;
        n += (t >> p) & 1;
    }
    return n;
}

/* Moves of a flying seat: every piece to every empty point. The empty points
 * are listed once and reused for each piece. */
static int fly_moves(uint32_t own, uint32_t empty, int32_t *out, int n)
{
    int8_t to[MO_POINTS];
    int k = 0;
    for (uint32_t e = empty; e; e &= e - 1)
        to[k++] = (int8_t)__builtin_ctz(e);
    for (; own; own &= own - 1) {
        int base = MO_ACT_MOVE + __builtin_ctz(own) * MO_POINTS;
        for (int i = 0; i < k; i++)
            out[n + i] = base + to[i];
        n += k;
    }
    return n;
}

/* Moves of the pieces of `seat` (not flying), ascending: from-major, then to,
 * as 24 + from * 24 + to orders them. */
static int step_moves(const arena_state *s, uint32_t own, uint32_t empty, int32_t *out, int n)
{
    switch (s->cfg.variant) {
    case MO_KNIGHT:
        for (; own; own &= own - 1) {
            int from = __builtin_ctz(own);
            n = emit4(out, n, MO_ACT_MOVE + from * MO_POINTS, mo_knight[from] & empty);
        }
        return n;
    case MO_ROOK:
        for (own &= rook_near(empty); own; own &= own - 1) {
            int from = __builtin_ctz(own);
            n = emit(out, n, MO_ACT_MOVE + from * MO_POINTS, rook_targets(from, empty));
        }
        return n;
    default:
        for (own &= adj_of(empty); own; own &= own - 1) {
            int from = __builtin_ctz(own);
            n = emit4(out, n, MO_ACT_MOVE + from * MO_POINTS, mo_adj[from] & empty);
        }
        return n;
    }
}

/* Writes every legal action to out, which has room for MO_MAX_LEGAL. */
static int generate(const arena_state *s, int32_t *out)
{
    int n = 0, seat = s->to_move;
    if (s->pending) return emit(out, 0, MO_ACT_REMOVE, mo_removable(s));
    uint32_t empty = empty_points(s);
    if (s->hand[seat]) {
        n = emit24(out, 0, 0, empty);
        if (s->cfg.variant != MO_LASKER) return n;
    }
    if (mo_flying(s, seat)) return fly_moves(s->bb[seat], empty, out, n);
    return step_moves(s, s->bb[seat], empty, out, n);
}

int mo_legal_actions(const arena_state *s, int32_t *out, int cap)
{
    if (s->over) return 0;
    if (cap >= MO_MAX_LEGAL) return generate(s, out);
    /* A short buffer: generate aside, hand over what fits. */
    int32_t all[MO_MAX_LEGAL];
    int n = generate(s, all);
    for (int i = 0; i < n && i < cap; i++)
        out[i] = all[i];
    return n;
}
