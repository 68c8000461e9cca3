/* board.c -- the search position of soccer_board.h: geometry tables, stepping and
 * undoing whole turns, reading an observation, following a plan. */
#include <stdlib.h>
#include <string.h>

#include "soccer.h"

/* splitmix64: fixed keys, the same in every process (plans and tables agree). */
static uint64_t mix(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* The worth of being d steps from a goal, for its defender: linear, plus a
 * cost that grows steeply for the last steps (hyperbolic in d). */
static int shape(int d)
{
    return 16 * d - 96 / (d > 0 ? d : 1);
}

/* Chebyshev steps from p to the nearest goal point behind goal line `edge`. */
static int goal_distance(const so_dims *d, int p, int top)
{
    int x = p % so_stride(d), y = p / so_stride(d);
    int dx = x < so_mouth_lo(d) ? so_mouth_lo(d) - x : x > so_mouth_hi(d) ? x - so_mouth_hi(d) : 0;
    int dy = top ? d->height + 1 - y : y + 1;
    return dx > dy ? dx : dy;
}

sb_geo *sb_geo_new(const so_dims *dims)
{
    sb_geo *g = calloc(1, sizeof *g);
    if (!g) return NULL;
    g->dims = *dims;
    g->npoints = so_num_points(dims);
    g->max_steps = so_free_segments(dims);
    so_pitch_start(dims, g->start);
    uint64_t seed = 0x50CCE2ull;
    for (int p = 0; p < g->npoints; p++) {
        g->ball_key[p] = mix(&seed);
        g->dist[0][p] = (int8_t)goal_distance(dims, p, 1);
        g->dist[1][p] = (int8_t)goal_distance(dims, p, 0);
        for (int d = 0; d < SO_DIRS; d++)
            g->to[p][d] = (int16_t)so_target(dims, p, d);
    }
    for (int p = 0; p < g->npoints; p++)
        for (int d = 0; d < SO_DIRS; d++) {
            int q = g->to[p][d];
            if (q >= 0 && q < p)
                g->seg_key[p][d] = g->seg_key[q][d ^ 4]; /* drawn from q */
            else
                g->seg_key[p][d] = mix(&seed);
        }
    g->side_key = mix(&seed);
    for (int p = 0; p < g->npoints; p++)
        for (int s = 0; s < 2; s++)
            g->value[s][p] = (int16_t)(shape(g->dist[s ^ 1][p]) - shape(g->dist[s][p]));
    return g;
}

void sb_geo_free(sb_geo *g)
{
    free(g);
}

void sb_pos_start(const sb_geo *g, sb_pos *pos)
{
    memcpy(pos->mask, g->start, (size_t)g->npoints);
    pos->ball = so_centre(&g->dims);
    pos->side = 0;
    pos->key = g->ball_key[pos->ball];
}

void sb_play_turn(const sb_geo *g, sb_pos *pos, const uint8_t *steps, int len)
{
    for (int i = 0; i < len; i++)
        sb_step(g, pos, steps[i]);
    pos->side ^= 1;
    pos->key ^= g->side_key;
}

void sb_undo_turn(const sb_geo *g, sb_pos *pos, int ball, uint64_t key, const uint8_t *steps,
                  int len)
{
    int p = ball;
    for (int i = 0; i < len; i++) { /* every segment was free before the turn */
        int d = steps[i], q = g->to[p][d];
        so_undraw_step(pos->mask, p, d, q);
        p = q;
    }
    pos->ball = ball;
    pos->side ^= 1;
    pos->key = key;
}

void sb_pos_from_state(const sb_geo *g, const arena_state *s, sb_pos *pos)
{
    pos->ball = so_ball_point(s);
    pos->side = s->to_move;
    pos->key = g->ball_key[pos->ball] ^ (pos->side ? g->side_key : 0);
    memcpy(pos->mask, s->mask, (size_t)g->npoints);
    for (int p = 0; p < g->npoints; p++) {
        unsigned drawn = pos->mask[p] & ~g->start[p];
        for (int k = 0; k < SO_DIRS; k++) /* each segment's key once, from its lower end */
            if ((drawn & (1u << k)) && (g->to[p][k] < 0 || g->to[p][k] > p))
                pos->key ^= g->seg_key[p][k];
    }
}

/* Through the module's own decoder (so_from_observation), which checks every
 * field: one reading of the wire format for the referee and the bots. */
int sb_pos_from_observation(const sb_geo *g, const uint8_t *obs, size_t len, sb_pos *pos)
{
    arena_game game = {.dims = g->dims};
    so_options_format(&g->dims, game.options, sizeof game.options);
    arena_state *s = so_from_observation(&game, obs, len);
    int ok = s && !s->over && s->dims.width == g->dims.width && s->dims.height == g->dims.height &&
             s->dims.goal == g->dims.goal;
    if (ok) sb_pos_from_state(g, s, pos);
    free(s);
    return ok ? 0 : -1;
}

int sb_plan_init(const sb_geo *g, sb_plan *plan)
{
    plan->len = 0;
    plan->steps = malloc((size_t)g->max_steps + 1);
    return plan->steps ? 0 : -1;
}

void sb_plan_free(sb_plan *plan)
{
    free(plan->steps);
    plan->steps = NULL;
}

static int same(const sb_geo *g, const sb_pos *a, const sb_pos *b)
{
    return a->key == b->key && a->ball == b->ball && a->side == b->side &&
           memcmp(a->mask, b->mask, (size_t)g->npoints) == 0;
}

int sb_plan_next(const sb_geo *g, const sb_plan *plan, const sb_pos *now)
{
    if (plan->len == 0 || now->side != plan->start.side) return -1;
    sb_pos *walk = malloc(sizeof *walk);
    if (!walk) return -1;
    memcpy(walk, &plan->start, sizeof *walk);
    int next = -1;
    for (int k = 0; k < plan->len; k++) {
        if (same(g, walk, now)) {
            next = plan->steps[k];
            break;
        }
        if (sb_step(g, walk, plan->steps[k]) == SO_STEP_GOAL) break;
    }
    free(walk);
    return next;
}
