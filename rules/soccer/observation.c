/* observation.c -- the state as the protobuf Observation of
 * proto/games/soccer.proto, and back. Perfect information: the observation
 * holds everything, and state_from_observation rebuilds the exact state after
 * checking every field (the bytes may come from anywhere). */
#include <stdlib.h>
#include <string.h>

#include "games/soccer.pb-c.h"
#include "soccer.h"

size_t so_observation(const arena_state *s, int seat, uint8_t *buf, size_t cap)
{
    (void)seat; /* perfect information: every seat sees everything */
    Arena__Soccer__Observation m = ARENA__SOCCER__OBSERVATION__INIT;
    uint8_t start[SO_MAX_POINTS], drawn[SO_MAX_POINTS];
    int n = so_num_points(&s->dims);
    so_pitch_start(&s->dims, start);
    for (int p = 0; p < n; p++)
        drawn[p] = (uint8_t)(s->mask[p] & ~start[p]);
    char options[64];
    so_options_format(&s->dims, options, sizeof options);
    int32_t ret[2] = {s->winner == 0 ? 1 : -1, s->winner == 1 ? 1 : -1};

    m.options = options;
    m.width = s->dims.width;
    m.height = s->dims.height;
    m.goal = s->dims.goal;
    m.ball_x = (uint32_t)s->ball_x;
    m.ball_y = s->ball_y;
    m.drawn = (ProtobufCBinaryData){(size_t)n, drawn};
    m.to_move = s->to_move;
    m.steps = s->steps;
    m.turn = (ProtobufCBinaryData){s->turn_len < SO_TURN_KEEP ? s->turn_len : SO_TURN_KEEP,
                                   (uint8_t *)s->turn};
    m.turn_steps = s->turn_len;
    m.last_turn = (ProtobufCBinaryData){s->last_len < SO_TURN_KEEP ? s->last_len : SO_TURN_KEEP,
                                        (uint8_t *)s->last};
    m.last_turn_steps = s->last_len;
    m.terminal = s->over;
    if (s->over) {
        m.n_returns = 2;
        m.returns = ret;
    }
    m.end_reason = (Arena__Soccer__EndReason)s->end;
    size_t size = arena__soccer__observation__get_packed_size(&m);
    if (buf && size <= cap) arena__soccer__observation__pack(&m, buf);
    return size;
}

/* The played segments of `drawn` over the start mask into s->mask; -1 unless
 * every field-to-field segment shows at both ends, none is pre-drawn, at most
 * one enters a goal (and then the ball is in that goal), and their number is
 * the number of steps played. */
static int decode_segments(arena_state *s, const uint8_t *drawn)
{
    const so_dims *d = &s->dims;
    int n = so_num_points(d), ends = 0, goals = 0;
    for (int p = 0; p < n; p++) {
        if (drawn[p] & s->mask[p]) return -1;
        for (int dir = 0; dir < SO_DIRS; dir++) {
            if (!(drawn[p] & (1u << dir))) continue;
            int q = so_target(d, p, dir);
            if (q >= 0) {
                if (!(drawn[q] & (1u << (dir ^ 4)))) return -1;
                ends++;
            } else {
                int gy = q == SO_GOAL_TOP ? d->height + 1 : -1;
                int gx = p % so_stride(d) + so_dx[dir];
                if (q == SO_OFF || s->ball_y != gy || s->ball_x != gx) return -1;
                goals++;
            }
        }
    }
    for (int p = 0; p < n; p++)
        s->mask[p] |= drawn[p];
    int ball_in_goal = s->ball_y < 0 || s->ball_y > d->height;
    if (goals != ball_in_goal || ends / 2 + goals != s->steps) return -1;
    return goals;
}

/* Turn digits: kept bytes all < 8 and as many as the length says. */
static int decode_turn(ProtobufCBinaryData b, uint32_t len, uint8_t *out, uint16_t *out_len)
{
    if (len > UINT16_MAX || b.len != (len < SO_TURN_KEEP ? len : SO_TURN_KEEP)) return -1;
    for (size_t i = 0; i < b.len; i++)
        if (b.data[i] > 7) return -1;
    if (b.len) memcpy(out, b.data, b.len); /* empty bytes may come as NULL */
    *out_len = (uint16_t)len;
    return 0;
}

/* The end of the game, consistent with the ball and the returns. */
static int decode_end(arena_state *s, const Arena__Soccer__Observation *m, int in_goal)
{
    if ((unsigned)m->end_reason >= SO_END_COUNT) return -1;
    if (!m->terminal) /* a ball with no free step ends the game at once */
        return m->end_reason == 0 && !in_goal && m->n_returns == 0 &&
                       s->mask[so_ball_point(s)] != 0xFF
                   ? 0
                   : -1;
    if (m->n_returns != 2 || m->returns[0] != -m->returns[1] || abs(m->returns[0]) != 1) return -1;
    s->over = 1;
    s->winner = m->returns[0] > 0 ? 0 : 1;
    s->end = (uint8_t)m->end_reason;
    if (s->end == SO_END_BLOCKED)
        return !in_goal && s->winner != s->to_move && s->mask[so_ball_point(s)] == 0xFF ? 0 : -1;
    if (!in_goal) return -1;
    int scorer = s->ball_y > 0 ? 0 : 1;
    int end = scorer == s->to_move ? SO_END_GOAL : SO_END_OWN_GOAL;
    return s->winner == scorer && s->end == end ? 0 : -1;
}

static int decode(const arena_game *g, const Arena__Soccer__Observation *m, arena_state *s)
{
    const so_dims *d = &g->dims;
    if (strcmp(m->options, g->options) != 0 || m->width != d->width || m->height != d->height ||
        m->goal != d->goal || m->drawn.len != (size_t)so_num_points(d) || m->to_move > 1 ||
        m->steps > UINT16_MAX || m->ball_x > d->width || m->ball_y < -1 ||
        m->ball_y > d->height + 1)
        return -1;
    so_state_start(s, d);
    s->ball_x = (int8_t)m->ball_x;
    s->ball_y = (int8_t)m->ball_y;
    s->to_move = (uint8_t)m->to_move;
    s->steps = (uint16_t)m->steps;
    if (decode_turn(m->turn, m->turn_steps, s->turn, &s->turn_len) < 0 ||
        decode_turn(m->last_turn, m->last_turn_steps, s->last, &s->last_len) < 0 ||
        s->turn_len + s->last_len > s->steps)
        return -1;
    int in_goal = decode_segments(s, m->drawn.data);
    if (in_goal < 0) return -1;
    return decode_end(s, m, in_goal);
}

arena_state *so_from_observation(const arena_game *g, const uint8_t *obs, size_t len)
{
    Arena__Soccer__Observation *m = arena__soccer__observation__unpack(NULL, len, obs);
    if (!m) return NULL;
    arena_state *s = calloc(1, so_state_size(&g->dims));
    if (s && decode(g, m, s) < 0) {
        free(s);
        s = NULL;
    }
    arena__soccer__observation__free_unpacked(m, NULL);
    return s;
}
