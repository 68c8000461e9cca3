/* search.h -- iterative-deepening alpha-beta over whole paper-soccer turns.
 *
 * A node is a position with a side to move; its children are that side's
 * distinct turns (rules/soccer/include/soccer_turns.h). Depth counts whole turns. A leaf is
 * worth a win when its side to move can score at once, else the distance
 * evaluation of soccer_board.h. Turns after the third of a node are searched with
 * late move reductions (search.c). A transposition table keyed by the
 * Zobrist key of the drawn segments, the ball and the side remembers bounds
 * and best turns. */
#ifndef SOCCER_SEARCH_H
#define SOCCER_SEARCH_H

#include <stdint.h>

#include "soccer_engine.h"

typedef struct ab_limits {
    int max_depth;  /* whole turns; <= 0: 64 */
    long max_nodes; /* steps tried (turn generation included); <= 0: no limit */
    /* Deadlines are on arena_turn_clock_us(clock), the clock the move's seat
     * is charged on (CPU time in a jail); clock NULL: the wall clock. */
    const arena_turn *clock;
    int64_t deadline; /* to stop at; 0: none */
    /* after which no new depth is started (0: none): an
     * iteration begun late would rarely finish, and easy positions (few turns,
     * deep quickly) then leave their time to the crowded ones */
    int64_t soft_deadline;
    /* A root with at most quiet_turns turns stops at quiet_deadline instead
     * (when set, earlier than deadline): few turns mean a shallow tree that
     * the search sees deep anyway, so the time is kept for crowded roots. */
    int quiet_turns;
    int64_t quiet_deadline, quiet_soft_deadline;
} ab_limits;

typedef struct ab_info {
    int depth;      /* last depth fully searched */
    int value;      /* its value for the side to move */
    long nodes;     /* steps tried */
    int root_turns; /* distinct turns at the root */
} ab_info;

#define AB_WIN 100000 /* a win in n turns is worth AB_WIN - n */

typedef struct ab_search ab_search;

/* A searcher for this geometry with 2^tt_bits table entries; NULL: no memory. */
ab_search *ab_new(const sb_geo *g, int tt_bits);
void ab_free(ab_search *s);
/* Forgets the table (a new game). */
void ab_clear(ab_search *s);

/* Chooses a turn for the side to move in pos (not over; pos is restored) and
 * writes its steps to out (g->max_steps + 1 bytes). Returns its length (>= 1),
 * or 0 when out of memory. Within its limits it always answers: with no
 * complete depth, the statically best turn. */
int ab_choose(ab_search *s, sb_pos *pos, const ab_limits *lim, uint8_t *out, ab_info *info);

#endif
