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

static int push(void *ctx, int a, int b, double score)
{
    tally *t = ctx;
    if (t->n_games == t->cap) {
        t->cap = t->cap ? t->cap * 2 : 256;
        t->games = xrealloc(t->games, t->cap * sizeof *t->games);
    }
    t->games[t->n_games++] = (rating_game){a, b, score, t->table};
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
    free(t->games);
    free(t->matches);
    memset(t, 0, sizeof *t);
}
