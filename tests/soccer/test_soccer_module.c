/* test_soccer_module.c -- the module's contract beyond the rules: options and
 * their errors, notation, render, the observation round trip (and refusal of
 * bad bytes), and the random-play figures of soccer.md within loose bands. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena/sdk.h"
#include "games/soccer.pb-c.h"
#include "soccer_test.h"

START_TEST(options_canonical)
{
    soccer t;
    soccer_open(&t, "");
    ck_assert_str_eq(t.r->game_options(t.g), "width=8,height=10,goal=2");
    soccer_close(&t);
    soccer_open(&t, "goal=4,height=6,width=6");
    ck_assert_str_eq(t.r->game_options(t.g), "width=6,height=6,goal=4");
    ck_assert_int_eq(t.r->max_game_length(t.g) > 0, 1);
    soccer_close(&t);
}
END_TEST

static const struct {
    const char *options, *words[2];
} bad[] = {
    {"width=7", {"width", "'7'"}},       {"height=2", {"height", "'2'"}},
    {"width=34", {"width", "'34'"}},     {"width=x", {"width", "'x'"}},
    {"goal=3", {"goal", "'3'"}},         {"goal=0", {"goal", "'0'"}},
    {"goal=8", {"goal", "'8'"}},         {"width=4,goal=4", {"goal", "width=4"}},
    {"depth=3", {"unknown", "'depth'"}}, {"width", {"width", "no value"}},
};

START_TEST(options_errors)
{
    soccer t;
    soccer_open(&t, NULL);
    char err[256] = "";
    ck_assert_ptr_null(t.r->game_new(bad[_i].options, err, sizeof err));
    for (int k = 0; k < 2; k++)
        ck_assert_msg(strstr(err, bad[_i].words[k]), "'%s': error '%s' lacks '%s'", bad[_i].options,
                      err, bad[_i].words[k]);
    ck_assert_ptr_null(t.r->game_new(bad[_i].options, NULL, 0)); /* no buffer: fine */
    soccer_close(&t);
}
END_TEST

START_TEST(notation)
{
    soccer t;
    soccer_open(&t, NULL);
    char name[4];
    int32_t a;
    for (int d = 0; d < 8; d++) {
        ck_assert_uint_eq(t.r->action_name(t.s, d, name, sizeof name), 1);
        ck_assert_int_eq(name[0], '0' + d);
        ck_assert_int_eq(t.r->parse_action(t.s, name, &a), 0);
        ck_assert_int_eq(a, d);
    }
    static const char *const junk[] = {"8", "12", "", "-1", "a", "0 "};
    for (size_t i = 0; i < sizeof junk / sizeof junk[0]; i++)
        ck_assert_int_eq(t.r->parse_action(t.s, junk[i], &a), -1);
    ck_assert_int_eq(t.r->parse_action(t.s, NULL, &a), -1);
    soccer_close(&t);
}
END_TEST

START_TEST(render_shows_turns)
{
    soccer t;
    soccer_open(&t, NULL);
    char board[8192];
    size_t n = t.r->render(t.s, -1, board, sizeof board);
    ck_assert_uint_eq(n, strlen(board));
    ck_assert_ptr_nonnull(strstr(board, "@"));
    ck_assert_ptr_nonnull(strstr(board, "White to move"));
    soccer_play(&t, "0 3 6"); /* White 0, Black 3, White bounces off the centre */
    t.r->render(t.s, -1, board, sizeof board);
    ck_assert_ptr_nonnull(strstr(board, "Last turn (Black): 3"));
    ck_assert_ptr_nonnull(strstr(board, "White to move (attacks the top goal), turn so far: 6"));
    soccer_play(&t, "6");
    t.r->render(t.s, -1, board, sizeof board);
    ck_assert_ptr_nonnull(strstr(board, "Last turn (White): 66"));
    /* a short buffer gets a NUL-terminated prefix and the full length */
    char small[10];
    ck_assert_uint_eq(t.r->render(t.s, -1, small, sizeof small), strlen(board));
    ck_assert_uint_eq(strlen(small), 9);
    soccer_close(&t);
}
END_TEST

/* observation -> state_from_observation gives the same bytes, all through
 * random games (and at their ends); bad bytes are refused. */
START_TEST(observation_round_trip)
{
    soccer t;
    soccer_open(&t, _i ? "width=6,height=12,goal=4" : NULL);
    arena_rng rng;
    arena_rng_seed(&rng, 77);
    size_t size = t.r->state_size(t.g);
    uint8_t obs[8192];
    int32_t legal[8];
    for (int game = 0; game < 200; game++) {
        arena_state *s = t.r->state_new(t.g);
        for (;;) {
            size_t n = t.r->observation(s, game & 1, obs, sizeof obs);
            arena_state *back = t.r->state_from_observation(t.g, obs, n);
            REQUIRE(back && memcmp(back, s, size) == 0, "round trip differs in game %d", game);
            t.r->state_free(back);
            if (t.r->current_player(s) < 0) break;
            int k = t.r->legal_actions(s, legal, 8);
            t.r->apply(s, legal[arena_rng_below(&rng, (uint32_t)k)]);
        }
        t.r->state_free(s);
    }
    soccer_close(&t);
}
END_TEST

/* The observation after `steps`, unpacked for tampering (free it with
 * arena__soccer__observation__free_unpacked). */
static Arena__Soccer__Observation *observed_after(soccer *t, const char *steps)
{
    soccer_play(t, steps);
    uint8_t obs[8192];
    size_t n = t->r->observation(t->s, 0, obs, sizeof obs);
    Arena__Soccer__Observation *m = arena__soccer__observation__unpack(NULL, n, obs);
    ck_assert_ptr_nonnull(m);
    return m;
}

/* Whether the module accepts m, packed again. */
static int accepts(soccer *t, const Arena__Soccer__Observation *m)
{
    uint8_t obs[8192];
    size_t n = arena__soccer__observation__get_packed_size(m);
    ck_assert_uint_le(n, sizeof obs);
    arena__soccer__observation__pack(m, obs);
    arena_state *back = t->r->state_from_observation(t->g, obs, n);
    t->r->state_free(back);
    return back != NULL;
}

/* Observations of other options, truncated or junk bytes, a segment drawn on
 * one end only, a ball off the pitch, or more steps than segments, are
 * refused; the same message packed again untouched is accepted (so each
 * refusal is the tampering's). */
START_TEST(observation_refused)
{
    soccer t, other;
    soccer_open(&t, NULL);
    soccer_open(&other, "width=6");
    uint8_t obs[8192];
    size_t n = other.r->observation(other.s, 0, obs, sizeof obs);
    ck_assert_ptr_null(t.r->state_from_observation(t.g, obs, n));
    n = t.r->observation(t.s, 0, obs, sizeof obs);
    ck_assert_ptr_null(t.r->state_from_observation(t.g, obs, n - 1));
    uint8_t junk[16] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff};
    ck_assert_ptr_null(t.r->state_from_observation(t.g, junk, sizeof junk));

    Arena__Soccer__Observation *m = observed_after(&t, "0 3");
    ck_assert(accepts(&t, m));
    /* the two segments drawn so far: turn one end of one of them elsewhere
     * (as many ends as before, so only the both-ends rule can refuse it) */
    int moved = 0;
    for (size_t p = 0; p < m->drawn.len; p++) {
        uint8_t keep = m->drawn.data[p];
        for (int bit = 0; bit < 8; bit++) {
            if (!(keep & (1u << bit))) continue;
            for (int to = 0; to < 8; to++) {
                if (keep & (1u << to)) continue;
                m->drawn.data[p] = (uint8_t)((keep & ~(1u << bit)) | (1u << to));
                ck_assert_msg(!accepts(&t, m),
                              "a segment drawn at one end only accepted "
                              "(point %zu, direction %d instead of %d)",
                              p, to, bit);
                moved++;
            }
        }
        m->drawn.data[p] = keep;
    }
    ck_assert_int_eq(moved, 4 * 7 - 2); /* four ends; the bend has two bits */
    ck_assert(accepts(&t, m));
    uint32_t x = m->ball_x;
    m->ball_x = m->width + 1;
    ck_assert_msg(!accepts(&t, m), "ball off the pitch (x) accepted");
    m->ball_x = x;
    int32_t y = m->ball_y;
    m->ball_y = (int32_t)m->height + 2;
    ck_assert_msg(!accepts(&t, m), "ball off the pitch (y) accepted");
    m->ball_y = -2;
    ck_assert_msg(!accepts(&t, m), "ball off the pitch (y) accepted");
    m->ball_y = y;
    m->steps++;
    ck_assert_msg(!accepts(&t, m), "more steps than drawn segments accepted");
    m->steps--;
    ck_assert(accepts(&t, m));
    arena__soccer__observation__free_unpacked(m, NULL);
    soccer_close(&other);
    soccer_close(&t);
}
END_TEST

/* Random play (one uniformly random legal step at a time) against the
 * reference figures: 37 steps on average, 61 % blocked. Loose bands. */
START_TEST(random_play_figures)
{
    soccer t;
    soccer_open(&t, NULL);
    arena_rng rng;
    arena_rng_seed(&rng, 2024);
    int32_t legal[8];
    long steps = 0;
    int blocked = 0, games = 5000;
    for (int game = 0; game < games; game++) {
        arena_state *s = t.r->state_new(t.g);
        while (t.r->current_player(s) >= 0) {
            int k = t.r->legal_actions(s, legal, 8);
            t.r->apply(s, legal[arena_rng_below(&rng, (uint32_t)k)]);
            steps++;
        }
        blocked += strcmp(t.r->end_reason(s), "blocked") == 0;
        t.r->state_free(s);
    }
    double mean = (double)steps / games, share = 100.0 * blocked / games;
    printf("soccer random play: mean %.1f steps, %.1f %% blocked (reference 37, 61 %%)\n", mean,
           share);
    ck_assert_msg(mean > 33 && mean < 41, "mean steps %.1f", mean);
    ck_assert_msg(share > 55 && share < 67, "blocked %.1f %%", share);
    soccer_close(&t);
}
END_TEST

void soccer_add_module(Suite *s)
{
    TCase *tc = tcase_create("module");
    tcase_set_timeout(tc, 300); /* ASan on a loaded machine needs it */
    tcase_add_test(tc, options_canonical);
    tcase_add_loop_test(tc, options_errors, 0, (int)(sizeof bad / sizeof bad[0]));
    tcase_add_test(tc, notation);
    tcase_add_test(tc, render_shows_turns);
    tcase_add_loop_test(tc, observation_round_trip, 0, 2);
    tcase_add_test(tc, observation_refused);
    tcase_add_test(tc, random_play_figures);
    suite_add_tcase(s, tc);
}
