/* search.c -- the alpha-beta search of search.h. */
#include <stdlib.h>
#include <string.h>

#include "arena/sdk.h"
#include "search.h"
#include "soccer_engine.h"

#define MAX_PLY 64
#define INF (AB_WIN + 1000)
#define MATE (AB_WIN - 1000) /* values beyond this are wins or losses in n turns */
#define LMR_FROM 3           /* see search() */

enum { TT_EXACT, TT_LOWER, TT_UPPER };

typedef struct tt_entry {
    uint64_t key;
    int32_t value;
    uint32_t best_at; /* the best turn's offset in its generation (generation is deterministic) */
    int8_t depth;
    uint8_t flag;
    uint8_t used;
} tt_entry;

struct ab_search {
    const sb_geo *g;
    sb_turns gen[MAX_PLY + 1];
    sb_turns scratch; /* leaf "can it score?" walks */
    tt_entry *tt;
    size_t tt_mask;
    sb_budget budget;
};

ab_search *ab_new(const sb_geo *g, int tt_bits)
{
    ab_search *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->g = g;
    for (int i = 0; i <= MAX_PLY; i++)
        sb_turns_init(&s->gen[i]);
    sb_turns_init(&s->scratch);
    s->tt = calloc((size_t)1 << tt_bits, sizeof *s->tt);
    if (!s->tt) {
        free(s);
        return NULL;
    }
    s->tt_mask = ((size_t)1 << tt_bits) - 1;
    return s;
}

void ab_free(ab_search *s)
{
    if (!s) return;
    for (int i = 0; i <= MAX_PLY; i++)
        sb_turns_free(&s->gen[i]);
    sb_turns_free(&s->scratch);
    free(s->tt);
    free(s);
}

void ab_clear(ab_search *s)
{
    memset(s->tt, 0, (s->tt_mask + 1) * sizeof *s->tt);
}

/* Win and loss values count turns from the root; the table stores them from
 * the node, so that they stay right wherever the node is met again. */
static int to_tt(int v, int ply)
{
    return v > MATE ? v + ply : v < -MATE ? v - ply : v;
}
static int from_tt(int v, int ply)
{
    return v > MATE ? v - ply : v < -MATE ? v + ply : v;
}

/* The side to move at a leaf: wins now if it can score this turn, loses now
 * if every turn it has loses. The walk that looks for a goal, finding none,
 * has seen all its turns, so it also tells where its best turn can take the
 * ball: that is the value (a free extra half-ply: the ball's own place says
 * little when a bounce chain can carry it across the pitch). */
static int leaf(ab_search *s, sb_pos *pos, int ply, int beta)
{
    /* a turn worth beta is enough for a cutoff: no need to walk further */
    if (sb_can_score_or_reach(s->g, pos, &s->scratch, beta, &s->budget)) return AB_WIN - ply;
    if (s->scratch.n_passes == 0) return s->scratch.truncated ? 0 : -(AB_WIN - ply);
    return s->scratch.best_pass;
}

static int by_score(const void *a, const void *b)
{
    const sb_turn *x = a, *y = b;
    if (x->score != y->score) return x->score > y->score ? -1 : 1;
    return x->at < y->at ? -1 : x->at > y->at; /* deterministic ties */
}

/* Orders the turns: the table's best first, then nearest the opponent's goal. */
static void order(const sb_geo *g, sb_turns *t, int side, uint32_t best_at, int has_best)
{
    for (int i = 0; i < t->n; i++) {
        sb_turn *u = &t->turn[i];
        u->score = sb_eval_end(g, side, u->end);
        if (has_best && u->at == best_at) u->score = INF;
    }
    qsort(t->turn, (size_t)t->n, sizeof *t->turn, by_score);
}

/* Late move reductions: the turns after the first LMR_FROM (in the order of
 * the table's best, then the static value) are first searched one turn
 * shallower with a null window, and to the full depth only when that says
 * they could beat alpha. Half-filled pitches have thousands of turns per
 * position and the full-width search got only 1-2 turns deep there, which is
 * where the games against soccer_greedy were lost; with the reductions it
 * sees 1-2 turns further. Measured at 2M steps per turn against
 * soccer_greedy (200 games, in-process; docs/soccer.md): no reductions
 * 90.5 %, from the 4th turn 98.5 %; from the 2nd was clearly worse (7 losses
 * in 65 games), from the 7th the same on the 100 games tried (98 %). */

static int search(ab_search *s, sb_pos *pos, int depth, int alpha, int beta, int ply)
{
    if (depth <= 0 || ply >= MAX_PLY) return leaf(s, pos, ply, beta);
    tt_entry *e = &s->tt[pos->key & s->tt_mask];
    int hit = e->used && e->key == pos->key;
    if (hit && e->depth >= depth) {
        int v = from_tt(e->value, ply);
        if (e->flag == TT_EXACT || (e->flag == TT_LOWER && v >= beta) ||
            (e->flag == TT_UPPER && v <= alpha))
            return v;
    }
    sb_turns *t = &s->gen[ply];
    if (sb_generate(s->g, pos, t, SB_STOP_ON_WIN | SB_NO_LOSSES, &s->budget) < 0)
        s->budget.stopped = 1;
    if (s->budget.stopped) return 0;
    if (t->n_wins) return AB_WIN - ply;
    if (t->n == 0) return -(AB_WIN - ply); /* every turn loses */
    order(s->g, t, pos->side, hit ? e->best_at : 0, hit);

    int alpha0 = alpha, best = -INF;
    uint32_t best_at = 0;
    for (int i = 0; i < t->n; i++) {
        const sb_turn *u = &t->turn[i];
        int ball = pos->ball;
        uint64_t key = pos->key;
        sb_play_turn(s->g, pos, sb_turn_steps(t, i), u->len);
        /* Principal variation search: the first turn with the full window,
         * the others with a null window (reduced first: LMR_FROM),
         * re-searched only if they beat alpha. */
        int v;
        if (i == 0) {
            v = -search(s, pos, depth - 1, -beta, -alpha, ply + 1);
        } else {
            v = alpha + 1; /* "may beat alpha" unless the reduced search says not */
            if (i >= LMR_FROM && depth >= 2)
                v = -search(s, pos, depth - 2, -alpha - 1, -alpha, ply + 1);
            if (v > alpha && !s->budget.stopped)
                v = -search(s, pos, depth - 1, -alpha - 1, -alpha, ply + 1);
            if (v > alpha && v < beta && !s->budget.stopped)
                v = -search(s, pos, depth - 1, -beta, -alpha, ply + 1);
        }
        sb_undo_turn(s->g, pos, ball, key, sb_turn_steps(t, i), u->len);
        if (s->budget.stopped) return 0;
        if (v > best) {
            best = v;
            best_at = u->at;
        }
        if (v > alpha) alpha = v;
        if (alpha >= beta) break;
    }
    e = &s->tt[pos->key & s->tt_mask]; /* depth-preferred replacement is not worth it here */
    *e = (tt_entry){.key = pos->key,
                    .value = to_tt(best, ply),
                    .best_at = best_at,
                    .depth = (int8_t)depth,
                    .used = 1,
                    .flag = best <= alpha0 ? TT_UPPER
                            : best >= beta ? TT_LOWER
                                           : TT_EXACT};
    return best;
}

/* One iteration at the root: searches the turns in their order to `depth`,
 * scoring them; the index of the best, or -1 when the budget ran out before
 * the first was done. */
static int root_iteration(ab_search *s, sb_pos *pos, sb_turns *t, int depth, int *value)
{
    int alpha = -INF, best = -1;
    for (int i = 0; i < t->n; i++) {
        sb_turn *u = &t->turn[i];
        int ball = pos->ball;
        uint64_t key = pos->key;
        sb_play_turn(s->g, pos, sb_turn_steps(t, i), u->len);
        int v = alpha + 1; /* reduced like search(), once a best turn is known */
        if (i >= LMR_FROM && depth >= 2 && best >= 0)
            v = -search(s, pos, depth - 2, -alpha - 1, -alpha, 1);
        if (v > alpha && !s->budget.stopped) v = -search(s, pos, depth - 1, -INF, -alpha, 1);
        sb_undo_turn(s->g, pos, ball, key, sb_turn_steps(t, i), u->len);
        if (s->budget.stopped) break;
        u->score = v; /* exact for the best so far, an upper bound for the rest */
        if (v > alpha) {
            alpha = v;
            best = i;
        }
    }
    *value = alpha;
    return best;
}

/* The root's best turn into out; the turns have been generated in gen[0]. */
static int choose(ab_search *s, sb_pos *pos, const ab_limits *lim, uint8_t *out, ab_info *info)
{
    sb_turns *t = &s->gen[0];
    int pick = 0;
    if (t->n_wins) {
        for (pick = 0; t->turn[pick].result != SB_WIN; pick++)
            continue;
    } else {
        /* losing turns last, each pass turn statically ordered */
        for (int i = 0; i < t->n; i++)
            t->turn[i].score =
                t->turn[i].result == SB_LOSS ? -INF : sb_eval_end(s->g, pos->side, t->turn[i].end);
        qsort(t->turn, (size_t)t->n, sizeof *t->turn, by_score);
        int pass = 0;
        while (pass < t->n && t->turn[pass].result == SB_PASS)
            pass++;
        int saved = t->n;
        t->n = pass; /* search the pass turns only */
        int max_depth = lim->max_depth > 0 && lim->max_depth < MAX_PLY ? lim->max_depth : MAX_PLY;
        for (int depth = 1; depth <= max_depth && pass > 1 && !s->budget.stopped; depth++) {
            int value, best = root_iteration(s, pos, t, depth, &value);
            if (best < 0) break;
            pick = best;
            if (s->budget.stopped) break; /* partial: best is at least the old best's */
            info->depth = depth;
            info->value = value;
            sb_turn chosen = t->turn[best]; /* the best first next time, then by score */
            memmove(t->turn + 1, t->turn, sizeof *t->turn * (size_t)best);
            t->turn[0] = chosen;
            qsort(t->turn + 1, (size_t)t->n - 1, sizeof *t->turn, by_score);
            pick = 0;
            if (value > MATE || value < -MATE) break; /* decided */
            if (lim->soft_deadline && arena_turn_clock_us(lim->clock) >= lim->soft_deadline) break;
        }
        t->n = saved;
    }
    memcpy(out, sb_turn_steps(t, pick), t->turn[pick].len);
    return t->turn[pick].len;
}

int ab_choose(ab_search *s, sb_pos *pos, const ab_limits *lim, uint8_t *out, ab_info *info)
{
    *info = (ab_info){0};
    s->budget =
        (sb_budget){.max_nodes = lim->max_nodes, .deadline = lim->deadline, .clock = lim->clock};
    sb_turns *t = &s->gen[0];
    /* Some positions have millions of turns: the root list shares the budget,
     * and when that cuts it short the search chooses among the turns found
     * (the walk finds its first turns at once). */
    if (sb_generate(s->g, pos, t, SB_STOP_ON_WIN, &s->budget) < 0 || t->n == 0) return 0;
    info->root_turns = t->n;
    ab_limits use = *lim;
    if (lim->quiet_deadline && t->n <= lim->quiet_turns) {
        s->budget.deadline = use.deadline = lim->quiet_deadline;
        use.soft_deadline = lim->quiet_soft_deadline;
    }
    int len = choose(s, pos, &use, out, info);
    info->nodes = s->budget.nodes;
    return len;
}
