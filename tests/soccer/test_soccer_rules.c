/* test_soccer_rules.c -- the rules of docs/rules/soccer.md on hand-drawn
 * positions: steps, bounces, the border, posts, the goal mouth, corners, own
 * goals inside a bounce chain, crossing and reused segments, a stuck ball. */
#include <stdio.h>
#include <string.h>

#include "soccer_test.h"

static double ret0(soccer *t)
{
    double r[2];
    t->r->returns(t->s, r);
    return r[0];
}

START_TEST(start_position)
{
    soccer t;
    soccer_open(&t, NULL);
    char legal[9];
    int x, y;
    soccer_ball(&t, &x, &y);
    ck_assert_int_eq(x, 4);
    ck_assert_int_eq(y, 5);
    ck_assert_str_eq(soccer_legal(&t, legal), "01234567");
    ck_assert_int_eq(t.r->current_player(t.s), 0);
    ck_assert_int_eq(t.r->num_actions(t.g), 8);
    /* 338 unit segments between the 99 field points, 32 of them border; 5
     * ways into each goal (3 from the mouth centre, 1 from each post) */
    ck_assert_int_eq(t.r->max_game_length(t.g), 338 - 32 + 10);
    soccer_close(&t);
}
END_TEST

/* A step to a fresh point ends the turn; a step onto a point with a drawn
 * segment is a bounce: the same player steps again. */
START_TEST(bounce_keeps_the_turn)
{
    soccer t;
    soccer_open(&t, NULL);
    soccer_play(&t, "0");
    ck_assert_int_eq(t.r->current_player(t.s), 1);
    soccer_play(&t, "3"); /* (4,6) -> (5,5): fresh */
    ck_assert_int_eq(t.r->current_player(t.s), 0);
    soccer_play(&t, "6"); /* (5,5) -> (4,5): the centre had the first segment */
    ck_assert_int_eq(t.r->current_player(t.s), 0);
    soccer_play(&t, "6"); /* (4,5) -> (3,5): fresh */
    ck_assert_int_eq(t.r->current_player(t.s), 1);
    soccer_close(&t);
}
END_TEST

/* The same segment never twice, in either direction. */
START_TEST(reused_segment_refused)
{
    soccer t;
    soccer_open(&t, NULL);
    soccer_play(&t, "0");
    ck_assert_int_eq(soccer_try(&t, 4), -1); /* back along (4,5)-(4,6) */
    char legal[9];
    ck_assert_str_eq(soccer_legal(&t, legal), "0123567");
    ck_assert_int_eq(soccer_try(&t, 8), -1);
    ck_assert_int_eq(soccer_try(&t, -1), -1);
    soccer_close(&t);
}
END_TEST

/* Segments may cross: (4,5)-(5,6) drawn, the ball at (5,5) goes to (4,6). */
START_TEST(crossing_allowed)
{
    soccer t;
    soccer_open(&t, NULL);
    soccer_setup(&t, 5, 5, 0, "4,5:1 5,6:4");
    ck_assert_int_eq(soccer_try(&t, 7), 0);
    int x, y;
    soccer_ball(&t, &x, &y);
    ck_assert_int_eq(x, 4);
    ck_assert_int_eq(y, 6);
    ck_assert_int_eq(t.r->current_player(t.s), 1); /* (4,6) was fresh: crossing is no bounce */
    soccer_close(&t);
}
END_TEST

/* The side line: arriving bounces, running along it or off it is refused. */
START_TEST(side_line)
{
    soccer t;
    soccer_open(&t, NULL);
    soccer_setup(&t, 7, 5, 0, "");
    soccer_play(&t, "2"); /* onto the line (8,5): border drawn -> bounce */
    ck_assert_int_eq(t.r->current_player(t.s), 0);
    char legal[9];
    ck_assert_str_eq(soccer_legal(&t, legal), "57"); /* not N/S along it, not E off it */
    soccer_setup(&t, 0, 5, 1, "");
    ck_assert_str_eq(soccer_legal(&t, legal), "123");
    soccer_close(&t);
}
END_TEST

/* A corner is a dead end: whoever sends the ball there is stuck and loses. */
START_TEST(corner_dead_end)
{
    soccer t;
    soccer_open(&t, NULL);
    soccer_setup(&t, 1, 1, 0, "");
    soccer_play(&t, "5");
    ck_assert_int_eq(t.r->current_player(t.s), ARENA_TERMINAL);
    ck_assert_str_eq(t.r->end_reason(t.s), "blocked");
    ck_assert(ret0(&t) < 0);
    soccer_setup(&t, 7, 9, 1, ""); /* top right, for Black */
    soccer_play(&t, "1");
    ck_assert_str_eq(t.r->end_reason(t.s), "blocked");
    ck_assert(ret0(&t) > 0);
    soccer_close(&t);
}
END_TEST

/* The goal line outside the mouth: along it refused, into the goal area
 * through a post refused. */
START_TEST(goal_line_and_posts)
{
    soccer t;
    soccer_open(&t, NULL);
    char legal[9];
    soccer_setup(&t, 2, 0, 0, ""); /* beside the left post: SE would cross it */
    ck_assert_str_eq(soccer_legal(&t, legal), "017");
    soccer_setup(&t, 3, 0, 0, ""); /* the post: not S (the post), not SW, not W */
    ck_assert_str_eq(soccer_legal(&t, legal), "01237");
    soccer_setup(&t, 5, 0, 0, "");
    ck_assert_str_eq(soccer_legal(&t, legal), "01567");
    soccer_setup(&t, 4, 0, 0, ""); /* the mouth centre: all 8 */
    ck_assert_str_eq(soccer_legal(&t, legal), "01234567");
    soccer_setup(&t, 5, 10, 1, ""); /* top right post: NW into the goal only */
    ck_assert_str_eq(soccer_legal(&t, legal), "34567");
    soccer_setup(&t, 6, 10, 1, "");
    ck_assert_str_eq(soccer_legal(&t, legal), "345");
    soccer_close(&t);
}
END_TEST

/* The mouth centre has no pre-drawn segment: arriving there ends the turn. */
START_TEST(mouth_centre_is_fresh)
{
    soccer t;
    soccer_open(&t, NULL);
    soccer_setup(&t, 4, 1, 1, "");
    soccer_play(&t, "4");
    ck_assert_int_eq(t.r->current_player(t.s), 0); /* White now stands at its own goal */
    soccer_setup(&t, 3, 1, 1, "");
    soccer_play(&t, "4"); /* onto the post: a bounce */
    ck_assert_int_eq(t.r->current_player(t.s), 1);
    soccer_close(&t);
}
END_TEST

/* Diagonal entry from a post scores; so does any step in from the centre. */
START_TEST(goals)
{
    soccer t;
    soccer_open(&t, NULL);
    static const struct {
        int x, y, seat, dir;
        double r0;
        const char *end;
    } cases[] = {
        {3, 0, 1, 3, -1, "goal"},     /* Black from the left post, SE */
        {5, 0, 1, 5, -1, "goal"},     /* Black from the right post, SW */
        {4, 0, 1, 4, -1, "goal"},     /* straight in */
        {4, 0, 1, 5, -1, "goal"},     /* to the goal corner point (3,-1) */
        {4, 0, 0, 3, -1, "own goal"}, /* White into its own goal */
        {3, 10, 0, 1, 1, "goal"},     /* White from the top left post, NE */
        {4, 10, 0, 7, 1, "goal"},     {4, 10, 1, 0, 1, "own goal"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        soccer_setup(&t, cases[i].x, cases[i].y, cases[i].seat, "");
        ck_assert_int_eq(soccer_try(&t, cases[i].dir), 0);
        ck_assert_int_eq(t.r->current_player(t.s), ARENA_TERMINAL);
        ck_assert_str_eq(t.r->end_reason(t.s), cases[i].end);
        ck_assert_msg(ret0(&t) == cases[i].r0, "case %zu", i);
        ck_assert_int_eq(soccer_try(&t, 0), -1); /* over */
        char legal[9];
        ck_assert_str_eq(soccer_legal(&t, legal), "");
    }
    soccer_close(&t);
}
END_TEST

/* An own goal loses even in the middle of a bounce chain. */
START_TEST(own_goal_in_bounce_chain)
{
    soccer t;
    soccer_open(&t, NULL);
    /* (4,0)-(5,1) drawn: White bounces off the mouth centre, then must not
     * (but may) step into its own goal */
    soccer_setup(&t, 3, 1, 0, "4,0:1");
    soccer_play(&t, "3");
    ck_assert_int_eq(t.r->current_player(t.s), 0);
    soccer_play(&t, "4");
    ck_assert_str_eq(t.r->end_reason(t.s), "own goal");
    ck_assert(ret0(&t) < 0);
    soccer_close(&t);
}
END_TEST

/* A ball that arrives on a point whose other 7 segments are drawn is stuck. */
START_TEST(stuck_ball)
{
    soccer t;
    soccer_open(&t, NULL);
    soccer_setup(&t, 3, 3, 1, "2,2:0 2,2:2 2,2:3 2,2:4 2,2:5 2,2:6 2,2:7");
    soccer_play(&t, "5"); /* (3,3) -> (2,2), its last free segment */
    ck_assert_int_eq(t.r->current_player(t.s), ARENA_TERMINAL);
    ck_assert_str_eq(t.r->end_reason(t.s), "blocked");
    ck_assert(ret0(&t) > 0); /* Black got stuck: White wins */
    soccer_close(&t);
}
END_TEST

void soccer_add_rules(Suite *s)
{
    TCase *tc = tcase_create("rules");
    tcase_add_test(tc, start_position);
    tcase_add_test(tc, bounce_keeps_the_turn);
    tcase_add_test(tc, reused_segment_refused);
    tcase_add_test(tc, crossing_allowed);
    tcase_add_test(tc, side_line);
    tcase_add_test(tc, corner_dead_end);
    tcase_add_test(tc, goal_line_and_posts);
    tcase_add_test(tc, mouth_centre_is_fresh);
    tcase_add_test(tc, goals);
    tcase_add_test(tc, own_goal_in_bounce_chain);
    tcase_add_test(tc, stuck_ball);
    suite_add_tcase(s, tc);
}
