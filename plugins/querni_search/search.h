/* search.h -- querni_search's engine: an evaluation of El Querni positions
 * (eval.c) and iterative-deepening alpha-beta over whole turns (search.c).
 *
 * A turn (a move or `-`, then a removal or `-`) is one node: every move is
 * searched, and the removal after it is chosen by the evaluation alone
 * (qs_best_removal: clearing wins, a stranding removal is never taken, else
 * the removal or `-` that leaves the best value). That keeps a node at about
 * 110 children, whatever the removals. */
#ifndef QS_SEARCH_H
#define QS_SEARCH_H

#include <stdint.h>

#include "arena/sdk.h"
#include "querni.h"

#define QS_WIN 1000000 /* a won game, less the plies to it */

/* How far `seat` is from clearing its tiles, as a cost (lower is better): for
 * each run of its remaining numbers, the fewest tile moves that cut it into
 * linked pieces of three or more (8 a move, a little more for far links), plus
 * 2 per tile left. */
int qs_cost(const arena_state *s, int seat);
/* The position from `seat`'s side: the opponent's cost minus its own. */
int qs_eval(const arena_state *s, int seat);

/* At a REMOVE node: the action (QU_ACT_PASS or a removal) the search plays;
 * *cost_after is the mover's qs_cost after it (0 after clearing the board). */
int32_t qs_best_removal(const arena_state *s, int *cost_after);

typedef struct qs_limits {
    /* Deadlines on arena_turn_clock_us(clock): the clock the move's seat is
     * charged on (CPU time in a jail, so a loaded machine does not cut the
     * search short); clock NULL: the wall clock. */
    const arena_turn *clock;
    int64_t soft_deadline; /* start no new depth after this */
    int64_t hard_deadline; /* stop searching */
    int max_depth;         /* turns; 0 = until the deadlines */
    int depth_cap;         /* turns at most, the deadlines still applying; 0 = none */
} qs_limits;

typedef struct qs_info {
    int depth; /* the last depth fully searched */
    int value;
    long nodes;
} qs_info;

/* At a MOVE node: the move (or `-`) to play. Depth 1 is always completed. */
int32_t qs_best_move(const arena_state *s, const qs_limits *lim, qs_info *info);

#endif
