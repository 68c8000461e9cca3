/* state.c -- the start position, the legal steps and applying one step: the
 * whole of the rules (bounce, goals, own goals, a stuck ball). */
#include <string.h>

#include "soccer.h"

size_t so_state_size(const so_dims *d)
{
    return sizeof(arena_state) + (size_t)so_num_points(d);
}

void so_state_start(arena_state *s, const so_dims *d)
{
    memset(s, 0, so_state_size(d));
    s->dims = *d;
    s->ball_x = (int8_t)(d->width / 2);
    s->ball_y = (int8_t)(d->height / 2);
    so_pitch_start(d, s->mask);
}

int so_ball_point(const arena_state *s)
{
    if (s->ball_y < 0 || s->ball_y > s->dims.height) return -1;
    return s->ball_y * so_stride(&s->dims) + s->ball_x;
}

int so_legal_actions(const arena_state *s, int32_t *out, int cap)
{
    if (s->over) return 0;
    uint8_t free_steps = (uint8_t)~s->mask[so_ball_point(s)];
    int n = 0;
    for (int d = 0; d < SO_DIRS; d++)
        if (free_steps & (1u << d)) {
            if (n < cap) out[n] = d;
            n++;
        }
    return n;
}

/* Records step d in the turn in progress. */
static void record(arena_state *s, int d)
{
    if (s->turn_len < SO_TURN_KEEP) s->turn[s->turn_len] = (uint8_t)d;
    s->turn_len++;
}

static void finish(arena_state *s, int winner, int end)
{
    s->over = 1;
    s->winner = (uint8_t)winner;
    s->end = (uint8_t)end;
}

/* The turn passes: the one just finished becomes the "last" turn. */
static void pass_turn(arena_state *s)
{
    memcpy(s->last, s->turn, sizeof s->last);
    s->last_len = s->turn_len;
    memset(s->turn, 0, sizeof s->turn);
    s->turn_len = 0;
    s->to_move ^= 1;
}

int so_apply(arena_state *s, int32_t action)
{
    if (s->over || action < 0 || action >= SO_DIRS) return -1;
    int d = action, p = so_ball_point(s);
    if (s->mask[p] & (1u << d)) return -1; /* drawn, off the pitch or through a post */
    int q = so_target(&s->dims, p, d);
    s->mask[p] |= (uint8_t)(1u << d);
    s->ball_x = (int8_t)(s->ball_x + so_dx[d]);
    s->ball_y = (int8_t)(s->ball_y + so_dy[d]);
    s->steps++;
    record(s, d);
    if (q < 0) { /* into a goal: the defender of that goal loses, own goal or not */
        int scorer = so_scorer(q);
        finish(s, scorer, scorer == s->to_move ? SO_END_GOAL : SO_END_OWN_GOAL);
        return 0;
    }
    int bounce = s->mask[q] != 0; /* the point already had a drawn segment */
    s->mask[q] |= (uint8_t)(1u << (d ^ 4));
    if (bounce) {
        if (s->mask[q] == 0xFF) finish(s, s->to_move ^ 1, SO_END_BLOCKED); /* stuck */
    } else {
        pass_turn(s); /* a fresh point keeps 7 free steps: never stuck */
    }
    return 0;
}
