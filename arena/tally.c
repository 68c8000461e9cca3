/* tally.c -- pairwise expansion of match results (OpenSkill "Full"-style). */
#include <stdlib.h>
#include <string.h>

#include "tally.h"
#include "xalloc.h"

double tally_score(double ret_a, double ret_b)
{
    return ret_a > ret_b ? 1.0 : ret_a < ret_b ? 0.0 : 0.5;
}

void tally_init(tally *t, int n)
{
    memset(t, 0, sizeof *t);
    t->n = n;
    t->matches = xcalloc((size_t)n, sizeof *t->matches);
}

int tally_pairs(const int *who, const double *ret, int n, tally_emit emit, void *ctx)
{
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            int rc = emit(ctx, who[i], who[j], tally_score(ret[i], ret[j]));
            if (rc) return rc;
        }
    return 0;
}

uint32_t tally_table(uint32_t *counter, int num_players)
{
    if (num_players <= 2) return 0;
    if (++*counter == 0) ++*counter; /* 0 stays "on its own" */
    return *counter;
}

/* The slot of (a, b, score): its entry's, or the empty one it would take. */
static size_t index_find(const tally_index *ix, const rating_game *games, int a, int b,
                         double score)
{
    uint64_t key = (((uint64_t)(uint32_t)a << 32) | (uint32_t)b) * 3 + (uint64_t)(score * 2);
    size_t mask = ix->slots - 1, i = (size_t)((key * 0x9E3779B97F4A7C15ull) >> 20) & mask;
    for (;; i = (i + 1) & mask) {
        uint32_t e = ix->slot[i];
        if (!e) return i;
        const rating_game *g = &games[e - 1];
        if (g->a == a && g->b == b && g->score == score) return i;
    }
}

static void index_grow(tally_index *ix, const rating_game *games)
{
    tally_index bigger = {xcalloc(ix->slots ? 2 * ix->slots : 64, sizeof *ix->slot),
                          ix->slots ? 2 * ix->slots : 64, ix->used};
    for (size_t i = 0; i < ix->slots; i++)
        if (ix->slot[i]) {
            const rating_game *g = &games[ix->slot[i] - 1];
            bigger.slot[index_find(&bigger, games, g->a, g->b, g->score)] = ix->slot[i];
        }
    free(ix->slot);
    *ix = bigger;
}

void tally_push(rating_game **games, size_t *n, size_t *cap, tally_index *ix, int a, int b,
                double score, uint32_t table, uint32_t count)
{
    size_t at = 0;
    if (!table) {
        if (2 * (ix->used + 1) > ix->slots) index_grow(ix, *games);
        at = index_find(ix, *games, a, b, score);
        rating_game *g = ix->slot[at] ? &(*games)[ix->slot[at] - 1] : NULL;
        /* a count stays an int (rating_entry's); past that, a new entry */
        if (g && g->count <= (uint32_t)INT32_MAX - count) {
            g->count += count;
            return;
        }
    }
    if (*n == *cap) {
        *cap = *cap ? *cap * 2 : 256;
        *games = xrealloc(*games, *cap * sizeof **games);
    }
    (*games)[(*n)++] = (rating_game){a, b, score, table, count};
    if (!table) {
        if (!ix->slot[at]) ix->used++;
        ix->slot[at] = (uint32_t)*n;
    }
}

void tally_index_free(tally_index *ix)
{
    free(ix->slot);
    memset(ix, 0, sizeof *ix);
}

static int push(void *ctx, int a, int b, double score)
{
    tally *t = ctx;
    tally_push(&t->games, &t->n_games, &t->cap, &t->index, a, b, score, t->table, 1);
    return 0;
}

void tally_add(tally *t, const match_record *m)
{
    for (int i = 0; i < m->num_players; i++)
        t->matches[m->seat_entrant[i]]++;
    t->table = tally_table(&t->tables, m->num_players);
    tally_pairs(m->seat_entrant, m->returns, m->num_players, push, t);
}

void tally_free(tally *t)
{
    tally_index_free(&t->index);
    free(t->games);
    free(t->matches);
    memset(t, 0, sizeof *t);
}
