/* rebuild_sprt.c -- an SPRT run from its plan and logs (rebuild_sprt.h). */
#include <stdlib.h>
#include <string.h>

#include "arena/sdk.h"
#include "rebuild_sprt.h"
#include "sprt.h"
#include "tally.h"
#include "xalloc.h"

int rebuild_sprt_item(const manifest *m, uint32_t index, schedule_item *it)
{
    uint64_t pair = index / 2;
    if (m->sprt_max_games > 0 && pair >= (uint64_t)(m->sprt_max_games + 1) / 2) return -1;
    if (m->n < 2 || m->n > ARENA_MAX_PLAYERS) return -1;
    memset(it, 0, sizeof *it);
    it->index = index;
    it->seed = arena_seed_derive(m->seed, pair);
    it->num_players = m->n;   /* NEW, OLD, then the field: one entrant per seat */
    int new_seat = index % 2; /* the pair's first game: NEW moves first */
    it->seat[new_seat] = 0;
    it->seat[1 - new_seat] = 1;
    for (int s = 2; s < m->n; s++)
        it->seat[s] = s;
    return 0;
}

void rebuild_sprt_add(rebuild_sprt_games *g, uint32_t index, const double *returns, int new_seat)
{
    if (index >= g->cap) {
        size_t cap = g->cap ? g->cap : 64;
        while (cap <= index)
            cap *= 2;
        g->score = xrealloc(g->score, cap * sizeof *g->score);
        g->have = xrealloc(g->have, cap);
        memset(g->have + g->cap, 0, cap - g->cap);
        g->cap = cap;
    }
    g->score[index] = tally_score(returns[new_seat], returns[1 - new_seat]);
    g->have[index] = 1;
}

void rebuild_sprt_verdict(const rebuild_sprt_games *g, const manifest *m, store_sprt_result *out)
{
    memset(out, 0, sizeof *out);
    out->state = SPRT_CONTINUE;
    uint64_t max_pairs = m->sprt_max_games > 0 ? (uint64_t)(m->sprt_max_games + 1) / 2 : 0;
    for (uint64_t p = 0; out->state == SPRT_CONTINUE && (!max_pairs || p < max_pairs); p++) {
        size_t a = 2 * p, b = a + 1;
        if (b >= g->cap || !g->have[a] || !g->have[b]) break; /* the run stopped before it */
        sprt_counts_add(&out->counts, g->score[a], g->score[b]);
        out->llr = sprt_llr(&m->sprt, out->counts.penta);
        out->state = sprt_decide(&m->sprt, out->llr);
    }
    if (out->state == SPRT_CONTINUE) out->state = SPRT_STOPPED;
    sprt_elo(out->counts.penta, &out->elo, &out->elo_ci95, &out->los);
}

void rebuild_sprt_free(rebuild_sprt_games *g)
{
    free(g->score);
    free(g->have);
    memset(g, 0, sizeof *g);
}
