/* tt.c -- the transposition table of morris_ab and the position hash. One
 * entry per slot, always replaced: morris positions recur mostly within one
 * search, and a 2^21-entry table (32 MB) outlasts a move's search at the node
 * rates of a per-move budget, so buckets or ageing would buy little. */
#include <stdlib.h>

#include "ab.h"

int ab_tt_init(ab_tt *tt, unsigned megabytes)
{
    size_t bytes = (size_t)(megabytes ? megabytes : 1) << 20, n = 1;
    while (n * 2 * sizeof(ab_tt_entry) <= bytes)
        n *= 2;
    /* calloc: the pages come zeroed from the kernel and are only touched as
     * the search reaches them, so a short game does not pay for all of it. */
    tt->e = calloc(n, sizeof(ab_tt_entry));
    tt->mask = n - 1;
    return tt->e ? 0 : -1;
}

void ab_tt_free(ab_tt *tt)
{
    free(tt->e);
    tt->e = NULL;
}

const ab_tt_entry *ab_tt_probe(const ab_tt *tt, uint64_t key)
{
    const ab_tt_entry *e = &tt->e[key & tt->mask];
    return e->flag && e->key == key ? e : NULL;
}

void ab_tt_store(ab_tt *tt, uint64_t key, int score, int move, int depth, int flag)
{
    ab_tt_entry *e = &tt->e[key & tt->mask];
    /* Keep a deeper result of the same position when this one is shallower
     * and only a bound; anything else replaces. */
    if (e->flag && e->key == key && e->depth > depth && flag != AB_TT_EXACT) return;
    e->key = key;
    e->score = (int16_t)score;
    e->move = (int16_t)move;
    e->depth = (int8_t)(depth > 127 ? 127 : depth);
    e->flag = (uint8_t)flag;
}

/* splitmix64's finaliser: a cheap mix in which every input bit moves every
 * output bit, so the low bits index the table well. */
static uint64_t mix(uint64_t x)
{
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ull;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

uint64_t ab_hash(const arena_state *s)
{
    uint64_t k = (uint64_t)s->bb[0] | (uint64_t)s->bb[1] << 24 | (uint64_t)s->to_move << 48 |
                 (uint64_t)s->pending << 49 | (uint64_t)s->hand[0] << 52 |
                 (uint64_t)s->hand[1] << 58;
    uint64_t h = mix(k);
    if (!s->cfg.repeat_allowed && s->cfg.variant != MO_CROSS) {
        /* Which mills may earn a removal depends on the last ones. */
        uint64_t m0 = (uint64_t)s->last[0][0].line | (uint64_t)s->last[0][0].ids << 16 |
                      (uint64_t)s->last[0][1].line << 32 | (uint64_t)s->last[0][1].ids << 48;
        uint64_t m1 = (uint64_t)s->last[1][0].line | (uint64_t)s->last[1][0].ids << 16 |
                      (uint64_t)s->last[1][1].line << 32 | (uint64_t)s->last[1][1].ids << 48;
        h ^= mix(m0 ^ 0x9e3779b97f4a7c15ull) ^ mix(m1 + 0x632be59bd9b4e019ull);
    }
    return h;
}
