/* turns.c -- whole-turn generation (soccer_turns.h): a depth-first walk of the steps
 * of one turn, on the position itself (each step drawn, then undrawn), that
 * prunes repeated (drawn set, ball) nodes with a hash set. */
#include <stdlib.h>
#include <string.h>

#include "arena/sdk.h"
#include "soccer_turns.h"

void sb_turns_init(sb_turns *t)
{
    memset(t, 0, sizeof *t);
}

void sb_turns_free(sb_turns *t)
{
    free(t->turn);
    free(t->steps);
    free(t->path);
    free(t->seen);
    memset(t, 0, sizeof *t);
}

/* The walk of one generation. */
typedef struct walk {
    const sb_geo *g;
    sb_pos *pos;
    sb_turns *t;
    sb_budget *b;
    int flags;
    int done; /* stop: a win found under STOP_ON_WIN, a limit, or no memory */
    int oom;
} walk;

/* A slot of the seen set. Stamps empty the set in O(1) between generations:
 * most are small, but one may have grown the table large. */
struct sb_seen {
    uint64_t key;
    uint32_t stamp;
};

static size_t slot_of(uint64_t key, size_t cap)
{
    return (size_t)(key ^ (key >> 29)) & (cap - 1);
}

static int grow_seen(sb_turns *t)
{
    size_t cap = t->seen_cap ? t->seen_cap * 2 : 4096;
    struct sb_seen *seen = calloc(cap, sizeof *seen);
    if (!seen) return -1;
    for (size_t i = 0; i < t->seen_cap; i++) {
        if (t->seen[i].stamp != t->stamp) continue;
        size_t j = slot_of(t->seen[i].key, cap);
        while (seen[j].stamp == t->stamp)
            j = (j + 1) & (cap - 1);
        seen[j] = t->seen[i];
    }
    free(t->seen);
    t->seen = seen;
    t->seen_cap = cap;
    return 0;
}

/* Adds key to the set: 1 if new, 0 if it was there, -1 when out of memory. */
static int insert(sb_turns *t, uint64_t key)
{
    if ((t->n_seen + 1) * 2 > t->seen_cap && grow_seen(t) < 0) return -1;
    size_t i = slot_of(key, t->seen_cap);
    while (t->seen[i].stamp == t->stamp) {
        if (t->seen[i].key == key) return 0;
        i = (i + 1) & (t->seen_cap - 1);
    }
    t->seen[i] = (struct sb_seen){key, t->stamp};
    t->n_seen++;
    return 1;
}

/* Lists the node being walked (path[0..len)) as a turn. */
static void add_turn(walk *w, int len, int end, int result)
{
    sb_turns *t = w->t;
    if (result == SB_WIN) t->n_wins++;
    if (result == SB_LOSS) t->n_losses++;
    if (result == SB_PASS) {
        int v = sb_eval_end(w->g, w->pos->side, end);
        if (!t->n_passes++ || v > t->best_pass) t->best_pass = v;
        if ((w->flags & SB_STOP_AT_PASS) && v >= t->stop_pass) w->done = 1;
    }
    if ((w->flags & SB_WINS_ONLY) && result != SB_WIN) return;
    if ((w->flags & SB_NO_LOSSES) && result == SB_LOSS) return;
    if (t->max_turns > 0 && t->n >= t->max_turns) {
        t->truncated = 1;
        if (result != SB_WIN) return; /* a win always makes the list */
    }
    if (t->n == t->cap) {
        int cap = t->cap ? t->cap * 2 : 256;
        sb_turn *turn = realloc(t->turn, sizeof *turn * (size_t)cap);
        if (!turn) goto oom;
        t->turn = turn;
        t->cap = cap;
    }
    if (t->n_steps + (size_t)len > t->steps_cap) {
        size_t cap = t->steps_cap ? t->steps_cap * 2 : 4096;
        while (cap < t->n_steps + (size_t)len)
            cap *= 2;
        uint8_t *steps = realloc(t->steps, cap);
        if (!steps) goto oom;
        t->steps = steps;
        t->steps_cap = cap;
    }
    memcpy(t->steps + t->n_steps, t->path, (size_t)len);
    t->turn[t->n++] = (sb_turn){.at = (uint32_t)t->n_steps,
                                .len = (uint16_t)len,
                                .end = (int16_t)end,
                                .result = (int8_t)result,
                                .score = 0};
    t->n_steps += (size_t)len;
    if (result == SB_WIN && (w->flags & SB_STOP_ON_WIN)) w->done = 1;
    return;
oom:
    w->oom = w->done = 1;
}

/* Counts a step against the budget; checks the clock every 4096 steps. */
static int over_budget(sb_budget *b)
{
    b->nodes++;
    if (b->max_nodes > 0 && b->nodes > b->max_nodes) b->stopped = 1;
    if (b->deadline && (b->nodes & 4095) == 0 && arena_turn_clock_us(b->clock) >= b->deadline)
        b->stopped = 1;
    return b->stopped;
}

/* Tries every free step from the ball, `len` steps into the turn. */
static void dfs(walk *w, int len)
{
    const sb_geo *g = w->g;
    sb_pos *pos = w->pos;
    int p = pos->ball;
    unsigned free_steps = so_free_steps(pos->mask, p); /* the module's legal steps */
    for (int d = 0; d < SO_DIRS && !w->done; d++) {
        if (!(free_steps & (1u << d))) continue;
        if (over_budget(w->b)) {
            w->t->truncated = w->done = 1;
            return;
        }
        w->t->path[len] = (uint8_t)d;
        int q = g->to[p][d];
        if (q < 0) { /* into a goal: ends the game, nothing to draw or dedupe */
            add_turn(w, len + 1, q, so_scorer(q) == pos->side ? SB_WIN : SB_LOSS);
            continue;
        }
        /* The node this step leads to, by its key: a node already seen is
         * neither listed nor walked again, so it is not even drawn. */
        uint64_t key = pos->key;
        int fresh = insert(w->t, key ^ g->seg_key[p][d] ^ g->ball_key[p] ^ g->ball_key[q]);
        if (fresh <= 0) {
            if (fresh < 0) w->oom = w->done = 1;
            continue;
        }
        enum so_step what = sb_step(g, pos, d);
        if (what == SO_STEP_PASS)
            add_turn(w, len + 1, q, SB_PASS);
        else if (what == SO_STEP_STUCK)
            add_turn(w, len + 1, q, SB_LOSS);
        else
            dfs(w, len + 1); /* a bounce: the turn goes on */
        so_undraw_step(pos->mask, p, d, q);
        pos->ball = p;
        pos->key = key;
    }
}

int sb_generate(const sb_geo *g, sb_pos *pos, sb_turns *t, int flags, sb_budget *b)
{
    t->n = t->n_wins = t->n_losses = t->n_passes = t->truncated = 0;
    t->n_steps = 0;
    if (++t->stamp == 0) { /* wrapped: old stamps could look current */
        if (t->seen) memset(t->seen, 0, t->seen_cap * sizeof *t->seen);
        t->stamp = 1;
    }
    t->n_seen = 0;
    if (!t->path && !(t->path = malloc((size_t)g->max_steps + 1))) return -1;
    walk w = {.g = g, .pos = pos, .t = t, .b = b, .flags = flags};
    dfs(&w, 0);
    return w.oom ? -1 : t->n;
}

int sb_can_score(const sb_geo *g, sb_pos *pos, sb_turns *scratch, sb_budget *b)
{
    sb_generate(g, pos, scratch, SB_STOP_ON_WIN | SB_WINS_ONLY, b);
    return scratch->n_wins > 0;
}

int sb_can_score_or_reach(const sb_geo *g, sb_pos *pos, sb_turns *scratch, int good_enough,
                          sb_budget *b)
{
    scratch->stop_pass = good_enough;
    sb_generate(g, pos, scratch, SB_STOP_ON_WIN | SB_WINS_ONLY | SB_STOP_AT_PASS, b);
    return scratch->n_wins > 0;
}
