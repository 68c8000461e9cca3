/* soccer_board.h -- a paper-soccer position for search, part of the soccer
 * engine (soccer_engine.h): fixed geometry tables, a position that is changed
 * and restored in place with the module's step rule, Zobrist keys, a
 * distance-to-goal evaluation, the bridge from the module's observation and
 * state, and following a planned turn step by step. */
#ifndef SOCCER_BOARD_H
#define SOCCER_BOARD_H

#include <stddef.h>
#include <stdint.h>

#include "arena/rules.h"
#include "soccer_pitch.h"

/* Everything that depends only on the options; built once per game. */
typedef struct sb_geo {
    so_dims dims;
    int npoints;
    int max_steps;                            /* free segments at the start */
    int16_t to[SO_MAX_POINTS][SO_DIRS];       /* so_target */
    uint64_t seg_key[SO_MAX_POINTS][SO_DIRS]; /* one key per segment, equal at both ends */
    uint64_t ball_key[SO_MAX_POINTS];
    uint64_t side_key;
    int8_t dist[2][SO_MAX_POINTS];   /* steps (Chebyshev) to the goal seat s attacks */
    int16_t value[2][SO_MAX_POINTS]; /* sb_eval_end for seat s */
    uint8_t start[SO_MAX_POINTS];    /* blocked steps at the start */
} sb_geo;

/* A position: blocked steps per point (pitch.h), the ball, the side to move and
 * the Zobrist key of (segments drawn in play, ball, side). */
typedef struct sb_pos {
    uint8_t mask[SO_MAX_POINTS];
    int ball;
    int side;
    uint64_t key;
} sb_pos;

/* The tables for these dimensions (heap: ~100 kB); NULL when out of memory. */
sb_geo *sb_geo_new(const so_dims *dims);
void sb_geo_free(sb_geo *g);

void sb_pos_start(const sb_geo *g, sb_pos *pos);

/* Draws the segment of step d from the ball and moves the ball along it; the
 * step must be free. Returns what the step does (so_draw_step, the module's
 * own step rule); the ball is not moved into a goal. Does not touch side.
 * Inline: the turn generator's inner loop, where callers that ignore the
 * result should not pay for it. */
static inline enum so_step sb_step(const sb_geo *g, sb_pos *pos, int d)
{
    int p = pos->ball, q = g->to[p][d];
    enum so_step what = so_draw_step(pos->mask, p, d, q);
    pos->key ^= g->seg_key[p][d];
    if (q < 0) return what;
    pos->key ^= g->ball_key[p] ^ g->ball_key[q];
    pos->ball = q;
    return what;
}

/* Plays a whole turn (its steps from the ball; the last one ends the turn) and
 * passes the move to the other side. Goals are not played here. */
void sb_play_turn(const sb_geo *g, sb_pos *pos, const uint8_t *steps, int len);
/* Undoes sb_play_turn, given the ball and key from before it. */
void sb_undo_turn(const sb_geo *g, sb_pos *pos, int ball, uint64_t key, const uint8_t *steps,
                  int len);

/* How much nearer the opponent's goal than its own a turn that ends on point e
 * leaves the ball, in steps, for the side that played it. */
static inline int sb_toward(const sb_geo *g, int side, int e)
{
    return g->dist[side ^ 1][e] - g->dist[side][e];
}

/* Static value of a turn that ends on point e, for the side that played it:
 * sb_toward, with a steep extra cost for the last few steps before a goal
 * (there a bounce chain scores far more often than in midfield). */
static inline int sb_eval_end(const sb_geo *g, int side, int e)
{
    return g->value[side][e];
}

/* The position of a soccer Observation (proto/games/soccer.proto) of a game
 * that is not over, read by the module's decoder; -1 when the bytes are not a
 * valid observation of a game on these dims. */
int sb_pos_from_observation(const sb_geo *g, const uint8_t *obs, size_t len, sb_pos *pos);
/* The position of a module state (not over) of these dims. */
void sb_pos_from_state(const sb_geo *g, const arena_state *s, sb_pos *pos);

/* A whole turn chosen once and then played a step per act() call. */
typedef struct sb_plan {
    sb_pos start;   /* the position it was chosen in */
    uint8_t *steps; /* g->max_steps + 1 bytes */
    int len;
} sb_plan;

int sb_plan_init(const sb_geo *g, sb_plan *plan);
void sb_plan_free(sb_plan *plan);
/* The next step of the plan if `now` is the start after some of its steps
 * (the arena may have played forced steps without asking), else -1. */
int sb_plan_next(const sb_geo *g, const sb_plan *plan, const sb_pos *now);

#endif
