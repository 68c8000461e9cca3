/* perft.c -- counting the leaves of a game tree through the rules ABI alone.
 *
 * Every decision and every chance outcome is a ply. States are flat (rules.h),
 * so with the state size known the walk copies each parent into a preallocated
 * slot of its level with memcpy and allocates nothing per node; without it
 * (perft_count, which gets no game) it clones. */
#include "perft.h"
#include "xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct perft_level {
    int32_t *acts;
    int cap;
} perft_level;

typedef struct perft_ctx {
    const arena_rules *r;
    size_t size;          /* bytes of a state; 0: clone per node */
    unsigned char *slots; /* one state per level below the root */
    perft_level *levels;  /* action lists, one per level */
    arena_chance_outcome *co;
    int co_cap;
    uint64_t nodes;
} perft_ctx;

static void *perft_realloc(void *p, size_t n)
{
    return xrealloc(p, n); /* out of memory aborts (xalloc.h) */
}

static int chance_list(perft_ctx *c, perft_level *lv, const arena_state *s)
{
    int n = c->r->chance_outcomes(s, c->co, c->co_cap);
    if (n > c->co_cap) {
        c->co_cap = n;
        c->co = perft_realloc(c->co, (size_t)n * sizeof *c->co);
        n = c->r->chance_outcomes(s, c->co, c->co_cap);
    }
    if (n > lv->cap) {
        lv->cap = n;
        lv->acts = perft_realloc(lv->acts, (size_t)n * sizeof *lv->acts);
    }
    for (int i = 0; i < n; i++)
        lv->acts[i] = c->co[i].action;
    return n;
}

/* The actions below s (chance outcomes at a CHANCE node), 0 at a terminal. */
static int node_actions(perft_ctx *c, perft_level *lv, const arena_state *s)
{
    int cp = c->r->current_player(s);
    if (cp == ARENA_TERMINAL) return 0;
    if (cp == ARENA_CHANCE && c->r->chance_outcomes) return chance_list(c, lv, s);
    int n = c->r->legal_actions(s, lv->acts, lv->cap);
    if (n > lv->cap) {
        lv->cap = n;
        lv->acts = perft_realloc(lv->acts, (size_t)n * sizeof *lv->acts);
        n = c->r->legal_actions(s, lv->acts, lv->cap);
    }
    return n < 0 ? 0 : n;
}

/* The child of s by action a, or NULL when the module refuses it. */
static arena_state *child_of(perft_ctx *c, const arena_state *s, int level, int32_t a)
{
    arena_state *child;
    if (c->size) {
        child = (arena_state *)(c->slots + (size_t)level * c->size);
        memcpy(child, s, c->size);
    } else {
        child = c->r->state_clone(s);
    }
    if (c->r->apply(child, a) == 0) return child;
    if (!c->size) c->r->state_free(child);
    return NULL;
}

static uint64_t count(perft_ctx *c, const arena_state *s, int depth, int level)
{
    if (depth == 0) return 1;
    perft_level *lv = &c->levels[level];
    int n = node_actions(c, lv, s);
    if (depth == 1) { /* bulk count: the leaves need not be built */
        c->nodes += (uint64_t)n;
        return (uint64_t)n;
    }
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        arena_state *child = child_of(c, s, level, lv->acts[i]);
        if (!child) continue;
        c->nodes++;
        total += count(c, child, depth - 1, level + 1);
        if (!c->size) c->r->state_free(child);
    }
    return total;
}

static uint64_t run(const arena_rules *r, size_t size, const arena_state *s, int depth,
                    uint64_t *nodes)
{
    if (depth < 0) depth = 0;
    perft_ctx c = {.r = r, .size = size};
    c.levels = xcalloc((size_t)depth + 1, sizeof *c.levels);
    if (size) c.slots = xmalloc(size * ((size_t)depth + 1));
    uint64_t leaves = count(&c, s, depth, 0);
    for (int i = 0; i <= depth; i++)
        free(c.levels[i].acts);
    free(c.levels);
    free(c.slots);
    free(c.co);
    if (nodes) *nodes = c.nodes;
    return leaves;
}

uint64_t perft_count(const arena_rules *r, const arena_state *state, int depth)
{
    return run(r, 0, state, depth, NULL);
}

uint64_t perft_count_flat(const arena_rules *r, const arena_game *game, const arena_state *state,
                          int depth, uint64_t *nodes)
{
    return run(r, r->state_size(game), state, depth, nodes);
}

int perft_actions(const arena_rules *r, const arena_state *state, int32_t **acts)
{
    perft_ctx c = {.r = r};
    perft_level lv = {0};
    int n = node_actions(&c, &lv, state);
    free(c.co);
    *acts = lv.acts;
    return n;
}
