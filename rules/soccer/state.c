/* state.c -- the start position, the legal steps and applying one step to a
 * module state: the step rule of soccer_pitch.h (bounce, goals, own goals, a
 * stuck ball) plus the game's end and the turn record. */
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
    return s->over ? 0 : so_legal_steps(s->mask, so_ball_point(s), out, cap);
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
    if (!so_step_free(s->mask, p, d)) return -1; /* drawn, off the pitch or through a post */
    int q = so_target(&s->dims, p, d);
    s->ball_x = (int8_t)(s->ball_x + so_dx[d]);
    s->ball_y = (int8_t)(s->ball_y + so_dy[d]);
    s->steps++;
    record(s, d);
    switch (so_draw_step(s->mask, p, d, q)) {
    case SO_STEP_GOAL: { /* the defender of that goal loses, own goal or not */
        int scorer = so_scorer(q);
        finish(s, scorer, scorer == s->to_move ? SO_END_GOAL : SO_END_OWN_GOAL);
        break;
    }
    case SO_STEP_STUCK:
        finish(s, s->to_move ^ 1, SO_END_BLOCKED);
        break;
    case SO_STEP_PASS:
        pass_turn(s); /* a fresh point keeps 7 free steps: never stuck */
        break;
    case SO_STEP_BOUNCE: /* the same seat steps again */
        break;
    }
    return 0;
}
