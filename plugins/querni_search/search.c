/* search.c -- iterative-deepening alpha-beta (negamax) over whole El Querni
 * turns for querni_search. A node is a MOVE decision; its children are the
 * legal moves and `-`, each followed by the removal the evaluation prefers
 * (qs_best_removal), so one ply of this search is one turn of the game.
 * Children are tried best-first by their static value (the root: by the
 * previous iteration's values), which lets most replies be refuted by the
 * first one or two in a game where the players mostly race. */
#include <stdlib.h>
#include <string.h>

#include "arena/sdk.h"
#include "search.h"

#define MAX_MOVES 1200 /* 16 tiles x at most 69 end squares, and `-` */
#define INF (QS_WIN + 1000)

#define MAX_PLY 24

typedef struct child {
    int32_t move;
    int value;
    arena_state pos;
} child;

typedef struct qs_ctx {
    const qs_limits *lim;
    long nodes;
    int stopped;
    child *kids; /* MAX_PLY rows of MAX_MOVES children, one row per ply */
} qs_ctx;

/* The position after `move` and the removal the evaluation picks; returns
 * the mover's cost there (a move leaves the other side's cost alone). */
static int play_turn(const arena_state *s, int32_t move, arena_state *out)
{
    *out = *s;
    if (move != QU_ACT_PASS) {
        int from = move / QU_SQUARES, to = move % QU_SQUARES;
        int8_t c = out->board[from];
        out->board[from] = 0;
        out->board[to] = c;
        out->where[qu_seat_of(c)][c > 0 ? c : -c] = (int8_t)to;
    }
    out->phase = QU_PHASE_REMOVE;
    int cost;
    qu_apply(out, qs_best_removal(out, &cost));
    return cost;
}

/* The value of a finished game for `seat`. */
static int terminal_value(const arena_state *s, int seat, int ply)
{
    if (s->winner == QU_NOBODY) return 0;
    return s->winner == seat ? QS_WIN - ply : -(QS_WIN - ply);
}

/* The value of the position after a turn of `seat`, from seat's side, given
 * both sides' costs there. */
static int child_value(const arena_state *t, int seat, int ply, int own, int other)
{
    return t->phase == QU_PHASE_OVER ? terminal_value(t, seat, ply) : other - own;
}

/* All children of s with their static values from the mover's side, sorted
 * best first (insertion sort on an index: the children are large). */
static int expand(const arena_state *s, child *kids, int ply)
{
    int32_t moves[MAX_MOVES];
    int n = qu_legal_actions(s, moves, MAX_MOVES), seat = s->to_move;
    int other = qs_cost(s, seat ^ 1);
    if (n > MAX_MOVES) n = MAX_MOVES;
    for (int i = 0; i < n; i++) {
        kids[i].move = moves[i];
        int own = play_turn(s, moves[i], &kids[i].pos);
        kids[i].value = child_value(&kids[i].pos, seat, ply + 1, own, other);
    }
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && kids[j].value > kids[j - 1].value; j--) {
            child tmp = kids[j];
            kids[j] = kids[j - 1];
            kids[j - 1] = tmp;
        }
    return n;
}

static int out_of_time(qs_ctx *c)
{
    if (!c->stopped && arena_turn_clock_us(c->lim->clock) >= c->lim->hard_deadline) c->stopped = 1;
    return c->stopped;
}

/* A node one turn above the horizon: the best child's static value, stopping
 * at beta. */
static int frontier(qs_ctx *c, const arena_state *s, int beta, int ply)
{
    int32_t moves[MAX_MOVES];
    int n = qu_legal_actions(s, moves, MAX_MOVES), seat = s->to_move, best = -INF;
    int other = qs_cost(s, seat ^ 1);
    if (n > MAX_MOVES) n = MAX_MOVES;
    c->nodes += n;
    for (int i = 0; i < n && best < beta; i++) {
        arena_state t;
        int own = play_turn(s, moves[i], &t);
        int v = child_value(&t, seat, ply + 1, own, other);
        if (v > best) best = v;
    }
    return best;
}

static int negamax(qs_ctx *c, const arena_state *s, int depth, int alpha, int beta, int ply)
{
    if (depth <= 1 || ply >= MAX_PLY) return frontier(c, s, beta, ply);
    child *kids = c->kids + (size_t)ply * MAX_MOVES;
    int n = expand(s, kids, ply), best = -INF;
    for (int i = 0; i < n; i++) {
        int v = kids[i].pos.phase == QU_PHASE_OVER
                    ? kids[i].value
                    : -negamax(c, &kids[i].pos, depth - 1, -beta, -alpha, ply + 1);
        if (out_of_time(c)) break;
        if (v > best) best = v;
        if (v > alpha) alpha = v;
        if (alpha >= beta) break;
    }
    return best;
}

int32_t qs_best_move(const arena_state *s, const qs_limits *lim, qs_info *info)
{
    qs_ctx c = {.lim = lim};
    memset(info, 0, sizeof *info);
    c.kids = malloc((size_t)MAX_PLY * MAX_MOVES * sizeof *c.kids);
    if (!c.kids) return QU_ACT_PASS;
    child *root = c.kids;
    int n = expand(s, root, 0);
    int32_t best = root[0].move;
    info->depth = 1;
    info->value = root[0].value;
    info->nodes = n;
    int max_depth = lim->max_depth ? lim->max_depth : lim->depth_cap ? lim->depth_cap : 64;
    for (int depth = 2; depth <= max_depth && n > 1; depth++) {
        if (!lim->max_depth && arena_turn_clock_us(lim->clock) >= lim->soft_deadline) break;
        int alpha = -INF, done = 1;
        for (int i = 0; i < n; i++) {
            int v = root[i].pos.phase == QU_PHASE_OVER
                        ? root[i].value
                        : -negamax(&c, &root[i].pos, depth - 1, -INF, -alpha, 1);
            if (c.stopped) {
                done = 0;
                break;
            }
            root[i].value = v;
            if (v > alpha) alpha = v;
        }
        if (!done) break;
        /* stable: among equal values the earlier (better last time) stays first */
        for (int i = 1; i < n; i++)
            for (int j = i; j > 0 && root[j].value > root[j - 1].value; j--) {
                child t = root[j];
                root[j] = root[j - 1];
                root[j - 1] = t;
            }
        best = root[0].move;
        info->depth = depth;
        info->value = root[0].value;
        if (root[0].value >= QS_WIN - 64) break; /* a forced win found */
    }
    info->nodes += c.nodes;
    free(c.kids);
    return best;
}
