/* soccer_test.c -- helpers of the soccer suites (soccer_test.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/soccer.pb-c.h"
#include "soccer_test.h"
#include "support.h"

void soccer_open(soccer *t, const char *options)
{
    char err[256] = "";
    t->r = support_rules("soccer", &t->handle);
    t->g = t->r->game_new(options, err, sizeof err);
    ck_assert_msg(t->g != NULL, "game_new(\"%s\"): %s", options, err);
    t->s = t->r->state_new(t->g);
}

void soccer_close(soccer *t)
{
    t->r->state_free(t->s);
    t->r->game_free(t->g);
    support_unload(t->handle);
}

void soccer_setup(soccer *t, int x, int y, int to_move, const char *segments)
{
    Arena__Soccer__Observation *start;
    uint8_t buf[8192];
    arena_state *fresh = t->r->state_new(t->g); /* the template: nothing drawn, no turns */
    size_t n = t->r->observation(fresh, -1, buf, sizeof buf);
    t->r->state_free(fresh);
    start = arena__soccer__observation__unpack(NULL, n, buf);
    ck_assert_ptr_nonnull(start);
    int w = (int)start->width, steps = 0;
    uint8_t drawn[2048] = {0};
    const char *p = segments;
    int sx, sy, d, used;
    while (sscanf(p, " %d,%d:%d%n", &sx, &sy, &d, &used) == 3) {
        drawn[sy * (w + 1) + sx] |= (uint8_t)(1u << d);
        int tx = sx + (d >= 1 && d <= 3) - (d >= 5),
            ty = sy + (d == 7 || d <= 1) - (d >= 3 && d <= 5);
        if (ty >= 0 && ty <= (int)start->height)
            drawn[ty * (w + 1) + tx] |= (uint8_t)(1u << (d ^ 4));
        steps++;
        p += used;
    }
    Arena__Soccer__Observation m = *start;
    m.ball_x = (uint32_t)x;
    m.ball_y = y;
    m.to_move = (uint32_t)to_move;
    m.steps = (uint32_t)steps;
    m.drawn.data = drawn;
    uint8_t out[8192];
    size_t len = arena__soccer__observation__pack(&m, out);
    arena__soccer__observation__free_unpacked(start, NULL);
    arena_state *s = t->r->state_from_observation(t->g, out, len);
    ck_assert_msg(s != NULL, "position refused: ball (%d,%d), segments %s", x, y, segments);
    t->r->state_free(t->s);
    t->s = s;
}

void soccer_play(soccer *t, const char *steps)
{
    for (const char *c = steps; *c; c++) {
        if (*c == ' ') continue;
        char name[2] = {*c, '\0'}, board[8192];
        int32_t a;
        if (t->r->parse_action(t->s, name, &a) < 0 || t->r->apply(t->s, a) < 0) {
            t->r->render(t->s, -1, board, sizeof board);
            ck_abort_msg("step '%s' refused in:\n%s", name, board);
        }
    }
}

int soccer_try(soccer *t, int dir)
{
    size_t size = t->r->state_size(t->g);
    void *before = malloc(size);
    memcpy(before, t->s, size);
    int rc = t->r->apply(t->s, dir);
    if (rc < 0) ck_assert_msg(memcmp(before, t->s, size) == 0, "refused %d changed the state", dir);
    free(before);
    return rc;
}

const char *soccer_legal(soccer *t, char *buf)
{
    int32_t a[8];
    int n = t->r->legal_actions(t->s, a, 8);
    for (int i = 0; i < n; i++)
        buf[i] = (char)('0' + a[i]);
    buf[n] = '\0';
    return buf;
}

void soccer_ball(soccer *t, int *x, int *y)
{
    uint8_t buf[8192];
    size_t n = t->r->observation(t->s, -1, buf, sizeof buf);
    Arena__Soccer__Observation *m = arena__soccer__observation__unpack(NULL, n, buf);
    ck_assert_ptr_nonnull(m);
    *x = (int)m->ball_x;
    *y = m->ball_y;
    arena__soccer__observation__free_unpacked(m, NULL);
}
