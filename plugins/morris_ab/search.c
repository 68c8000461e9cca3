/* search.c -- the search of morris_ab: iterative deepening over principal
 * variation search (negamax alpha-beta, null windows after the first move),
 * a transposition table, killer and history move ordering, and a quiescence
 * search of mill-closing moves and removals at the horizon.
 *
 * Depth is counted in turns: a removal belongs to the placement or move that
 * earned it and costs no depth, so a mill and its removal are always seen
 * together. Positions are copied down a stack of states (copy-make): a state
 * is flat, and only its used part (head plus the history entries in use) is
 * copied. A position that repeats one on the path or in the game's history
 * counts as a draw at once (the rules draw at the third occurrence; a search
 * that cycles gains nothing). */
#include <stdlib.h>
#include <string.h>

#include "ab.h"

#define QS_MAX 8         /* quiescence plies: mill sequences are short */
#define CLOCK_EVERY 255u /* nodes between clock reads (a mask): ~0.1 ms */

struct ab_search {
    arena_state *stack[AB_MAX_PLY + 2];
    ab_tt tt;
    arena_rng rng;
    int root_seat, contempt, stop;
    int64_t nodes, start_us;
    ab_limits lim;
    int32_t killer[AB_MAX_PLY + 2][2];
    int32_t history[2][MO_NUM_ACTIONS];
};

ab_search *ab_search_new(size_t state_size, unsigned tt_megabytes, uint64_t seed)
{
    ab_search *S = calloc(1, sizeof *S);
    if (!S) return NULL;
    arena_rng_seed(&S->rng, seed);
    S->contempt = 25;
    for (int i = 0; i < AB_MAX_PLY + 2; i++)
        if (!(S->stack[i] = calloc(1, state_size))) goto fail;
    if (ab_tt_init(&S->tt, tt_megabytes) < 0) goto fail;
    return S;
fail:
    ab_search_free(S);
    return NULL;
}

void ab_search_free(ab_search *S)
{
    if (!S) return;
    for (int i = 0; i < AB_MAX_PLY + 2; i++)
        free(S->stack[i]);
    ab_tt_free(&S->tt);
    free(S);
}

void ab_search_set_contempt(ab_search *S, int contempt)
{
    S->contempt = contempt;
}

/* Copies the used part of a state: the head and the history in use. */
static void copy_state(arena_state *dst, const arena_state *src)
{
    memcpy(dst, src, offsetof(arena_state, hist) + (size_t)src->hist_len * sizeof(uint64_t));
}

static int draw_value(const ab_search *S, int seat)
{
    return seat == S->root_seat ? -S->contempt : S->contempt;
}

/* The value of a finished game for `seat`, reached `ply` plies from the root:
 * quicker wins and slower losses score better. */
static int terminal_value(const ab_search *S, const arena_state *s, int seat, int ply)
{
    if (s->winner == MO_DRAW) return draw_value(S, seat);
    return s->winner == seat ? AB_WIN - ply : -(AB_WIN - ply);
}

/* Whether the position occurred before (repetition rule on). */
static int repeated(const arena_state *s)
{
    if (!s->cfg.repetition || s->hist_len < 2) return 0;
    uint64_t key = s->hist[s->hist_len - 1];
    if (key != mo_key(s)) return 0; /* history full: nothing known */
    for (int i = 0; i < s->hist_len - 1; i++)
        if (s->hist[i] == key) return 1;
    return 0;
}

static int out_of_time(ab_search *S)
{
    if (S->lim.max_nodes && S->nodes >= S->lim.max_nodes) return 1;
    if (!S->lim.hard_us || (S->nodes & CLOCK_EVERY)) return 0;
    return arena_turn_clock_us(S->lim.clock) - S->start_us >= S->lim.hard_us;
}

/* Mate scores are stored relative to the node, not the root. */
static int to_tt(int v, int ply)
{
    return v > AB_WON ? v + ply : v < -AB_WON ? v - ply : v;
}
static int from_tt(int v, int ply)
{
    return v > AB_WON ? v - ply : v < -AB_WON ? v + ply : v;
}

/* Ordering key of one action; higher first. */
static int order_key(const ab_search *S, const arena_state *s, int32_t a, int32_t tt_move, int ply)
{
    if (a == tt_move) return 1 << 30;
    if (a >= MO_ACT_REMOVE) {
        /* Remove pieces that threaten a mill, then mobile ones. */
        int p = a - MO_ACT_REMOVE, k = 1 << 24;
        uint32_t theirs = s->bb[s->to_move ^ 1], empty = ~(s->bb[0] | s->bb[1]) & MO_ALL;
        for (int i = 0; i < 2; i++) {
            uint32_t line = mo_line_mask[mo_point_lines[p][i]];
            if (mo_popcount(theirs & line) == 2 && (line & empty)) k += 1000;
        }
        return k + mo_popcount(mo_adj[p] & empty) * 10;
    }
    if (ab_closes_mill(s, a)) return 1 << 28;
    int to = a < MO_ACT_MOVE ? a : (a - MO_ACT_MOVE) % MO_POINTS;
    if (ab_blocks_mill(s, to)) return 1 << 27;
    if (a == S->killer[ply][0]) return 1 << 26;
    if (a == S->killer[ply][1]) return (1 << 26) - 1;
    return S->history[s->to_move][a];
}

/* Sorts moves by key, stable (insertion sort: lists are short). */
static void order(const ab_search *S, const arena_state *s, int32_t *moves, int n, int32_t tt_move,
                  int ply)
{
    int keys[MO_MAX_LEGAL];
    for (int i = 0; i < n; i++)
        keys[i] = order_key(S, s, moves[i], tt_move, ply);
    for (int i = 1; i < n; i++) {
        int k = keys[i];
        int32_t m = moves[i];
        int j = i - 1;
        for (; j >= 0 && keys[j] < k; j--) {
            keys[j + 1] = keys[j];
            moves[j + 1] = moves[j];
        }
        keys[j + 1] = k;
        moves[j + 1] = m;
    }
}

static int qsearch(ab_search *S, int ply, int alpha, int beta, int qply);

/* The value for the mover of s (at ply) of its child at ply + 1, searched by
 * `fn`-style recursion: same side to move after a mill (same window), the
 * other side otherwise (negated window). */
static int child_q(ab_search *S, int ply, int seat, int alpha, int beta, int qply)
{
    const arena_state *c = S->stack[ply + 1];
    if (c->over) return terminal_value(S, c, seat, ply + 1);
    if (c->to_move == seat) return qsearch(S, ply + 1, alpha, beta, qply + 1);
    return -qsearch(S, ply + 1, -beta, -alpha, qply + 1);
}

/* Quiescence: removals are forced, otherwise the side to move may stand pat
 * or close a mill. */
static int qsearch(ab_search *S, int ply, int alpha, int beta, int qply)
{
    const arena_state *s = S->stack[ply];
    int seat = s->to_move;
    S->nodes++;
    if (out_of_time(S)) S->stop = 1;
    if (S->stop) return 0;
    if (ply >= AB_MAX_PLY) return ab_eval(s);
    int32_t moves[MO_MAX_LEGAL];
    int best = -AB_INF;
    if (!s->pending) {
        best = ab_eval(s);
        if (best >= beta || qply >= QS_MAX) return best;
        if (best > alpha) alpha = best;
    }
    int n = mo_legal_actions(s, moves, MO_MAX_LEGAL);
    if (s->pending) order(S, s, moves, n, -1, ply);
    for (int i = 0; i < n; i++) {
        if (!s->pending && !ab_closes_mill(s, moves[i])) continue;
        copy_state(S->stack[ply + 1], s);
        mo_apply(S->stack[ply + 1], moves[i]);
        int v = child_q(S, ply, seat, alpha, beta, qply);
        if (S->stop) return 0;
        if (v > best) {
            best = v;
            if (v > alpha) alpha = v;
            if (alpha >= beta) break;
        }
    }
    return best;
}

static int search(ab_search *S, int ply, int depth, int alpha, int beta, int pv);

/* Searches the child at ply + 1 with a window, same-side or negated. */
static int child_value(ab_search *S, int ply, int seat, int depth, int alpha, int beta, int pv)
{
    const arena_state *c = S->stack[ply + 1];
    if (c->over) return terminal_value(S, c, seat, ply + 1);
    if (c->to_move == seat) return search(S, ply + 1, depth, alpha, beta, pv);
    return -search(S, ply + 1, depth - 1, -beta, -alpha, pv);
}

/* PVS over the moves at ply; depth in turns. Returns the value for the side
 * to move; 0 when stopped (the caller discards it). */
static int search(ab_search *S, int ply, int depth, int alpha, int beta, int pv)
{
    const arena_state *s = S->stack[ply];
    int seat = s->to_move;
    if (ply > 0 && repeated(s)) return draw_value(S, seat);
    if (depth <= 0 && !s->pending) return qsearch(S, ply, alpha, beta, 0);
    if (ply >= AB_MAX_PLY) return ab_eval(s);
    S->nodes++;
    if (out_of_time(S)) S->stop = 1;
    if (S->stop) return 0;

    uint64_t key = ab_hash(s);
    const ab_tt_entry *te = ab_tt_probe(&S->tt, key);
    int32_t tt_move = -1;
    if (te) {
        tt_move = te->move;
        int v = from_tt(te->score, ply);
        if (!pv && te->depth >= depth &&
            (te->flag == AB_TT_EXACT || (te->flag == AB_TT_LOWER && v >= beta) ||
             (te->flag == AB_TT_UPPER && v <= alpha)))
            return v;
    }
    int32_t moves[MO_MAX_LEGAL];
    int n = mo_legal_actions(s, moves, MO_MAX_LEGAL);
    order(S, s, moves, n, tt_move, ply);
    int best = -AB_INF, best_move = moves[0], alpha0 = alpha;
    for (int i = 0; i < n; i++) {
        copy_state(S->stack[ply + 1], s);
        mo_apply(S->stack[ply + 1], moves[i]);
        int v;
        if (i == 0) {
            v = child_value(S, ply, seat, depth, alpha, beta, pv);
        } else {
            v = child_value(S, ply, seat, depth, alpha, alpha + 1, 0);
            if (v > alpha && v < beta && !S->stop)
                v = child_value(S, ply, seat, depth, alpha, beta, pv);
        }
        if (S->stop) return 0;
        if (v > best) {
            best = v;
            best_move = moves[i];
        }
        if (v > alpha) alpha = v;
        if (alpha >= beta) {
            int32_t a = moves[i];
            if (a < MO_ACT_REMOVE && !ab_closes_mill(s, a)) {
                if (S->killer[ply][0] != a) {
                    S->killer[ply][1] = S->killer[ply][0];
                    S->killer[ply][0] = a;
                }
                int32_t *h = &S->history[seat][a];
                *h += depth * depth;
                if (*h > (1 << 20)) *h /= 2; /* stays below the killer keys */
            }
            break;
        }
    }
    int flag = best >= beta ? AB_TT_LOWER : best > alpha0 ? AB_TT_EXACT : AB_TT_UPPER;
    ab_tt_store(&S->tt, key, to_tt(best, ply), best_move, depth, flag);
    return best;
}

/* One iteration at the root: every move searched, the list reordered best
 * first. Returns the best value, or sets S->stop. */
static int root_iteration(ab_search *S, int32_t *moves, int n, int depth)
{
    const arena_state *s = S->stack[0];
    int seat = s->to_move, alpha = -AB_INF, best_i = 0;
    for (int i = 0; i < n; i++) {
        copy_state(S->stack[1], s);
        mo_apply(S->stack[1], moves[i]);
        int v;
        if (i == 0) {
            v = child_value(S, 0, seat, depth, -AB_INF, AB_INF, 1);
        } else {
            v = child_value(S, 0, seat, depth, alpha, alpha + 1, 0);
            if (v > alpha && !S->stop) v = child_value(S, 0, seat, depth, alpha, AB_INF, 1);
        }
        if (S->stop) break;
        if (v > alpha) {
            alpha = v;
            best_i = i;
        }
    }
    /* The best move leads the next iteration, the others keep their order. */
    int32_t b = moves[best_i];
    memmove(moves + 1, moves, (size_t)best_i * sizeof *moves);
    moves[0] = b;
    return alpha;
}

int32_t ab_search_best(ab_search *S, const arena_state *root, const ab_limits *lim, ab_info *info)
{
    S->start_us = arena_turn_clock_us(lim->clock);
    S->lim = *lim;
    S->nodes = 0;
    S->stop = 0;
    S->root_seat = root->to_move;
    memset(S->killer, 0xff, sizeof S->killer);
    for (int a = 0; a < MO_NUM_ACTIONS; a++) {
        S->history[0][a] /= 8;
        S->history[1][a] /= 8;
    }
    copy_state(S->stack[0], root);

    int32_t moves[MO_MAX_LEGAL];
    int n = mo_legal_actions(root, moves, MO_MAX_LEGAL);
    /* A seeded shuffle before the (stable) ordering varies the choice among
     * equal moves from game to game, deterministically per seed. */
    for (int i = n - 1; i > 0; i--) {
        int j = (int)arena_rng_below(&S->rng, (uint32_t)i + 1);
        int32_t t = moves[i];
        moves[i] = moves[j];
        moves[j] = t;
    }
    const ab_tt_entry *te = ab_tt_probe(&S->tt, ab_hash(root));
    order(S, root, moves, n, te ? te->move : -1, 0);

    ab_info done = {0, 0, 0, 0};
    int32_t best = moves[0];
    int max_depth = lim->max_depth > 0 ? lim->max_depth : 64;
    for (int depth = 1; depth <= max_depth && n > 1; depth++) {
        int v = root_iteration(S, moves, n, depth);
        /* A stopped iteration's first move was searched first and fully when
         * it is the previous best; any better move found before the stop
         * is at the front too, so the front move is safe to play. */
        best = moves[0];
        if (S->stop) break;
        done.depth = depth;
        done.score = v;
        /* A forced win is played at once; a forced loss is searched on, to
         * find the longest resistance against an opponent who may err. */
        if (v > AB_WON) break;
        if (lim->soft_us && arena_turn_clock_us(lim->clock) - S->start_us >= lim->soft_us) break;
    }
    done.nodes = S->nodes;
    done.elapsed_us = arena_turn_clock_us(lim->clock) - S->start_us;
    if (info) *info = done;
    return best;
}
