/* eval.c -- the static evaluation of morris_ab: material, mills closed, open
 * mills (two in a line, third point empty) and which of them can be closed on
 * the next move, fork points, mobility, and blocking, weighted by phase
 * (placing, moving, flying). Everything is from the side to move's view, in
 * hundredths of a piece. The weights were set by hand and checked in games
 * against morris_greedy; the side to move gets the tempo of its threats, since it can
 * close one now while the opponent can block only one. */
#include "ab.h"

/* What one side has on the board, worked out once per evaluation. */
typedef struct side {
    int placing;        /* pieces in hand: any empty point is within reach */
    int flying;         /* exactly three pieces, none in hand */
    int mobility;       /* moves of the pieces on the board (not flying) */
    int mills;          /* closed mills */
    int open;           /* two in a line, third point empty */
    int threats;        /* open mills it can close with its next placement or move */
    int forks;          /* empty points that would open two mills at once */
    uint32_t threat_at; /* the empty points of those */
} side;

/* Whether a piece of `seat` outside `line` can reach `e` in one move (a piece
 * of the line moving along it would vacate its own point). */
static int can_reach(const uint32_t *targets, uint32_t own, uint32_t line, uint32_t e)
{
    for (uint32_t o = own & ~line; o; o &= o - 1)
        if (targets[__builtin_ctz(o)] & e) return 1;
    return 0;
}

static side look(const arena_state *s, int seat)
{
    side d = {0};
    uint32_t own = s->bb[seat], opp = s->bb[seat ^ 1];
    uint32_t empty = ~(own | opp) & MO_ALL;
    uint32_t targets[MO_POINTS];
    d.placing = s->hand[seat] > 0;
    d.flying = mo_flying(s, seat);
    int moving = !d.flying && (!d.placing || s->cfg.variant == MO_LASKER);
    for (uint32_t o = own; o; o &= o - 1) {
        int p = __builtin_ctz(o);
        targets[p] = moving ? mo_targets(s, seat, p) : 0;
        d.mobility += mo_popcount(targets[p]);
    }
    uint32_t single = 0; /* lines holding one own piece and nothing else */
    for (int l = 0; l < MO_LINES; l++) {
        uint32_t line = mo_line_mask[l];
        int mine = mo_popcount(own & line);
        if (mine == 1 && !(opp & line)) single |= 1u << l;
        if (mine == 3) {
            d.mills++;
        } else if (mine == 2 && !(opp & line)) {
            uint32_t e = line & empty;
            d.open++;
            if (d.placing || d.flying || can_reach(targets, own, line, e)) {
                d.threats++;
                d.threat_at |= e;
            }
        }
    }
    /* A piece on a point where two such lines cross opens two mills at once,
     * and only one can be blocked. Any empty point will do for a placement or
     * a flight; moving pieces are left to the search. */
    if (d.placing || d.flying)
        for (uint32_t e = empty; e; e &= e - 1) {
            const uint8_t *pl = mo_point_lines[__builtin_ctz(e)];
            d.forks += (single >> pl[0] & 1) && (single >> pl[1] & 1);
        }
    return d;
}

/* The value of one side's features; `to_move` is whether it moves now. */
static int score_side(const arena_state *s, const side *me, const side *them, int to_move)
{
    int v = 0, cross = s->cfg.variant == MO_CROSS;
    int nthreat = mo_popcount(me->threat_at);
    if (cross) {
        /* A mill wins: a threat at one's own move is a win, two threat points
         * at the opponent's move cannot both be blocked. */
        v += me->open * 12 + me->mobility * 3;
        if (to_move && nthreat) v += 2000;
        if (!to_move && nthreat >= 2) v += 1500;
        return v;
    }
    v += me->mills * 10 + me->open * 8;
    if (me->placing) {
        v += nthreat * 20;
    } else if (me->flying) {
        v += nthreat * 35;
    } else {
        v += me->mobility * 4 + nthreat * 25;
        /* Pieces that cannot move make a blocked position, which loses. */
        if (me->mobility == 0 && !me->placing)
            v -= to_move ? 0 : 250;
        else if (me->mobility <= 2)
            v -= 40;
    }
    if (to_move && nthreat) v += 60; /* it closes a mill now */
    /* Forks: one at its own move is a double threat next; two at the
     * opponent's move cannot both be spoilt. */
    v += me->forks * 6;
    if (!them->threats && (to_move ? me->forks >= 1 : me->forks >= 2)) v += 35;
    /* Two threat points at the opponent's move: one can be blocked. */
    if (!to_move && nthreat >= 2 && !them->threats) v += 45;
    return v;
}

int ab_eval(const arena_state *s)
{
    int me = s->to_move, op = me ^ 1;
    side a = look(s, me), b = look(s, op);
    int v = 0;
    if (s->cfg.variant != MO_CROSS) {
        int diff = mo_total(s, me) - mo_total(s, op);
        v += 100 * diff + 90 * s->pending;
        /* Material counts for more as pieces run out: 5 against 4 is closer
         * to a win than 9 against 8. */
        int least = mo_total(s, me) < mo_total(s, op) ? mo_total(s, me) : mo_total(s, op);
        if (least < 9) v += diff * (9 - least) * 12;
    }
    v += score_side(s, &a, &b, 1) - score_side(s, &b, &a, 0);
    return v;
}

int ab_closes_mill(const arena_state *s, int32_t a)
{
    int seat = s->to_move, to;
    uint32_t own = s->bb[seat];
    if (a < MO_ACT_MOVE) {
        to = a;
    } else if (a < MO_ACT_REMOVE) {
        int from = (a - MO_ACT_MOVE) / MO_POINTS;
        to = (a - MO_ACT_MOVE) % MO_POINTS;
        own &= ~mo_bit(from);
    } else {
        return 0;
    }
    own |= mo_bit(to);
    for (int i = 0; i < 2; i++) {
        uint32_t line = mo_line_mask[mo_point_lines[to][i]];
        if ((own & line) == line) return 1;
    }
    return 0;
}

int ab_blocks_mill(const arena_state *s, int to)
{
    uint32_t opp = s->bb[s->to_move ^ 1];
    for (int i = 0; i < 2; i++) {
        uint32_t line = mo_line_mask[mo_point_lines[to][i]];
        if (mo_popcount(opp & line) == 2) return 1;
    }
    return 0;
}
