/* ab.h -- internals of morris_ab, the alpha-beta morris bot: the
 * transposition table (tt.c), the evaluation (eval.c) and the search
 * (search.c). The bot links the morris engine library (morris_engine.h, the
 * same code the rule module is built from), so it searches on the module's
 * own flat states with mo_apply and mo_legal_actions, and no call goes through
 * a function-pointer table in the inner loop. bot.c checks once per game that
 * its legal list is the referee's (a .so from another build may differ). */
#ifndef MORRIS_AB_H
#define MORRIS_AB_H

#include <stdint.h>

#include "arena/sdk.h"
#include "morris_engine.h"

#define AB_INF 32000
#define AB_WIN 30000           /* a won game, minus the plies to reach it */
#define AB_WON (AB_WIN - 1000) /* scores beyond this are wins or losses */
#define AB_MAX_PLY 96          /* search stack depth (plies, removals included) */

/* --- tt.c: one-slot transposition table, always replace ---------------- */
enum { AB_TT_EXACT = 1, AB_TT_LOWER = 2, AB_TT_UPPER = 3 };

typedef struct ab_tt_entry {
    uint64_t key;
    int16_t score;
    int16_t move; /* best action, or -1 */
    int8_t depth;
    uint8_t flag; /* AB_TT_*; 0 = empty */
    uint8_t pad[2];
} ab_tt_entry;

typedef struct ab_tt {
    ab_tt_entry *e;
    uint64_t mask; /* entries - 1 (a power of two) */
} ab_tt;

int ab_tt_init(ab_tt *tt, unsigned megabytes);
void ab_tt_free(ab_tt *tt);
/* The entry for key, or NULL. */
const ab_tt_entry *ab_tt_probe(const ab_tt *tt, uint64_t key);
void ab_tt_store(ab_tt *tt, uint64_t key, int score, int move, int depth, int flag);
/* The hash of everything that decides the game from here on but the draw
 * counters: board, hands, side to move, pending removals and, under the
 * different-mills rule, both players' last mills. */
uint64_t ab_hash(const arena_state *s);

/* --- eval.c ------------------------------------------------------------- */
/* Static value of a position that is not over, from the side to move's view,
 * in hundredths of a piece. */
int ab_eval(const arena_state *s);
/* Whether action a (a placement or move, not a removal) closes a mill for the
 * side to move of s. */
int ab_closes_mill(const arena_state *s, int32_t a);
/* Whether the point `to` is the empty third point of an opponent two-in-a-row. */
int ab_blocks_mill(const arena_state *s, int to);

/* --- search.c ----------------------------------------------------------- */
typedef struct ab_limits {
    int max_depth;     /* iterations, in turns (removals do not count) */
    int64_t max_nodes; /* 0: no node limit */
    int64_t soft_us;   /* no new iteration after this (since start); 0: none */
    int64_t hard_us;   /* abort the search after this; 0: no clock at all */
    /* The move's turn: times are read on the clock its seat is charged on
     * (arena_turn_clock_us: CPU time in a jail, so a loaded machine does not
     * shorten the search); NULL: the wall clock. */
    const arena_turn *clock;
} ab_limits;

typedef struct ab_info {
    int depth; /* last completed iteration */
    int score; /* its value for the side to move */
    int64_t nodes;
    int64_t elapsed_us;
} ab_info;

typedef struct ab_search ab_search;

/* A searcher for states of this size; NULL when out of memory. */
ab_search *ab_search_new(size_t state_size, unsigned tt_megabytes, uint64_t seed);
void ab_search_free(ab_search *S);
/* Draws are worth -contempt to the side that searches (it plays for a win). */
void ab_search_set_contempt(ab_search *S, int contempt);
/* The best action found for the side to move of root (not over), within the
 * limits; always a legal action. */
int32_t ab_search_best(ab_search *S, const arena_state *root, const ab_limits *lim, ab_info *info);

#endif
