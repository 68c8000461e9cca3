/* map.c -- the probability map of the opponent's board: layouts drawn with
 * the rule module's sample_state (uniform over those that agree with what has
 * been revealed), each read back through the opponent's own observation of
 * the sampled position, where its board is whole. */
#include <stdlib.h>
#include <string.h>

#include "hunter.h"

/* Adds the opponent's board of sampled position u to the counts; -1 if the
 * module's bytes do not decode. */
static int add_sample(hm_map *m, const arena_rules *r, const arena_state *u, int opp)
{
    uint8_t buf[4096];
    size_t n = r->observation(u, opp, buf, sizeof buf);
    if (n > sizeof buf) return -1;
    Arena__Rugby__Observation *o = arena__rugby__observation__unpack(NULL, n, buf);
    if (!o) return -1;
    int ok = o->n_boards == 2 && o->boards[opp]->marks.len == HV_FIELDS;
    if (ok) {
        const uint8_t *marks = o->boards[opp]->marks.data;
        for (int f = 0; f < HV_FIELDS; f++)
            if (marks[f] < HV_MARKS) m->count[f][marks[f]]++;
        m->samples++;
    }
    arena__rugby__observation__free_unpacked(o, NULL);
    return ok ? 0 : -1;
}

int hm_build(hm_map *m, const arena_bot_setup *setup, const uint8_t *obs, size_t len,
             arena_rng *rng, const arena_turn *clock, int64_t deadline, int min, int max)
{
    const arena_rules *r = setup->rules;
    memset(m, 0, sizeof *m);
    if (!r || !setup->game || !r->sample_state) return -1;
    int opp = setup->seat ^ 1;
    while (m->samples < max && (m->samples < min || arena_turn_clock_us(clock) < deadline)) {
        arena_state *u = r->sample_state(setup->game, obs, len, arena_rng_next(rng));
        if (!u) return -1;
        int rc = add_sample(m, r, u, opp);
        r->state_free(u);
        if (rc < 0) return -1;
    }
    return 0;
}
