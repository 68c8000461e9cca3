/* test_querni_rules.c -- each rule of docs/rules/querni.md on hand-made
 * positions: the chance layout (order, start squares, the last tile of a side
 * placed directly), steps, jump chains over both colours that turn and jump
 * the same tile again, no step-then-jump, chains around corners, whole and
 * partial removals, a removal that strands numbers loses (judged from the
 * numbers alone), removing the last tile wins, the quiet-turn draw and its
 * reset by either player's removal, the turn cap, and the refusal of every
 * kind of illegal action with the state unchanged. */
#include <stdio.h>
#include <string.h>

#include "querni_test.h"

/* White 1..3 far from black 1..3: a quiet background for other tiles. */
#define BLACK_CORNER "b1@h7 b2@i7 b3@j7"

static void assert_over(qt *k, const char *why, double r0, double r1)
{
    ck_assert_int_eq(k->r->current_player(k->s), ARENA_TERMINAL);
    ck_assert_str_eq(k->r->end_reason(k->s), why);
    double ret[2];
    k->r->returns(k->s, ret);
    ck_assert_msg(ret[0] == r0 && ret[1] == r1, "returns %g %g, expected %g %g", ret[0], ret[1], r0,
                  r1);
}

static uint32_t quiet_of(qt *k)
{
    Arena__Querni__Observation *m = qt_view(k);
    uint32_t q = m->quiet;
    qt_view_free(m);
    return q;
}

START_TEST(layout_by_chance_in_page_order)
{
    qt k;
    char names[1024];
    qt_open(&k, "");
    ck_assert_int_eq(k.r->current_player(k.s), ARENA_CHANCE);
    ck_assert_str_eq(qt_legal_names(&k, names, sizeof names),
                     "1@a2 1@b2 1@c2 1@d2 1@g2 1@h2 1@i2 1@j2 "
                     "1@a3 1@b3 1@c3 1@d3 1@g3 1@h3 1@i3 1@j3");
    arena_chance_outcome out[32];
    ck_assert_int_eq(k.r->chance_outcomes(k.s, out, 32), 16);
    ck_assert_double_eq_tol(out[0].prob, 1.0 / 16, 1e-12);
    /* not a start square, a middle column, the other side, a wrong tile */
    ck_assert_int_eq(qt_try(&k, "1@a1"), -1);
    ck_assert_int_eq(qt_try(&k, "1@e2"), -1);
    ck_assert_int_eq(qt_try(&k, "1@a5"), -1);
    ck_assert_int_eq(qt_try(&k, "2@a2"), -1);
    ck_assert_int_eq(qt_try(&k, "-"), -1);
    qt_play(&k, "1@a2");
    ck_assert_int_eq(k.r->chance_outcomes(k.s, out, 32), 15);
    ck_assert_double_eq_tol(out[0].prob, 1.0 / 15, 1e-12);
    ck_assert(!qt_legal(&k, "2@a2"));
    ck_assert_int_eq(qt_try(&k, "2@a2"), -1); /* occupied */
    qt_play(&k, "2@b2 3@c2 4@d2 5@g2 6@h2 7@i2 8@j2 9@a3 10@b3 11@c3 12@d3 13@g3 14@h3");
    ck_assert_int_eq(k.r->chance_outcomes(k.s, out, 32), 2);
    /* the 15th tile leaves one square: the 16th goes there with no node */
    qt_play(&k, "15@j3");
    Arena__Querni__Observation *m = qt_view(&k);
    ck_assert_uint_eq(m->placed, 16);
    ck_assert_int_eq(m->board[28], 16); /* i3 */
    qt_view_free(m);
    ck_assert_int_eq(k.r->current_player(k.s), ARENA_CHANCE);
    ck_assert_str_eq(qt_legal_names(&k, names, sizeof names),
                     "1@a5 1@b5 1@c5 1@d5 1@g5 1@h5 1@i5 1@j5 "
                     "1@a6 1@b6 1@c6 1@d6 1@g6 1@h6 1@i6 1@j6");
    qt_play(&k, "1@j6 2@i6 3@h6 4@g6 5@d6 6@c6 7@b6 8@a6 9@j5 10@i5 11@h5 12@g5 13@d5 14@c5");
    qt_play(&k, "15@a5");
    m = qt_view(&k);
    ck_assert_int_eq(m->board[41], -16); /* b5 */
    ck_assert_int_eq(m->phase, ARENA__QUERNI__PHASE__PHASE_MOVE);
    ck_assert_uint_eq(m->tiles_left[0], 16);
    ck_assert_uint_eq(m->tiles_left[1], 16);
    qt_view_free(m);
    ck_assert_int_eq(k.r->current_player(k.s), 0); /* seat 0 moves first */
    qt_close(&k);
}
END_TEST

START_TEST(steps_to_the_eight_neighbours)
{
    qt k;
    char t[256];
    qt_open(&k, "");
    qt_setup(&k, "w1@a1 w2@e4 w3@h2 " BLACK_CORNER, 0, 0, 0);
    ck_assert_str_eq(qt_targets(&k, "a1", t, sizeof t), "b1 a2 b2");
    ck_assert_str_eq(qt_targets(&k, "e4", t, sizeof t), "d3 e3 f3 d4 f4 d5 e5 f5");
    /* black's tiles are not white's to move */
    ck_assert_str_eq(qt_targets(&k, "j7", t, sizeof t), "");
    ck_assert_int_eq(qt_try(&k, "j7-j6"), -1);
    qt_close(&k);
}
END_TEST

/* c3 jumps black d4 to e5, white e4 down to e3, black d4 again to c5: c5 is
 * reached only by jumping the same tile twice, changing direction each time;
 * e4 jumps black d4 then white c3 (c4, c2). Worked by hand from the page. */
START_TEST(jump_chains_turn_and_reuse_tiles)
{
    qt k;
    char t[256];
    qt_open(&k, "");
    qt_setup(&k, "w1@c3 w2@e4 w3@j1 b1@d4 b2@a7 b3@b7", 0, 0, 0);
    ck_assert_str_eq(qt_targets(&k, "c3", t, sizeof t), "b2 c2 d2 b3 d3 e3 b4 c4 c5 e5");
    ck_assert_str_eq(qt_targets(&k, "e4", t, sizeof t), "c2 d3 e3 f3 c4 f4 d5 e5 f5");
    /* the start square is never an end square, even when a chain passes it */
    ck_assert_int_eq(qt_try(&k, "c3-c3"), -1);
    qt_play(&k, "c3-c5");
    Arena__Querni__Observation *m = qt_view(&k);
    ck_assert_int_eq(m->board[42], 1);  /* c5 */
    ck_assert_int_eq(m->board[22], 0);  /* c3 */
    ck_assert_int_eq(m->board[33], -1); /* nothing captured */
    ck_assert_int_eq(m->phase, ARENA__QUERNI__PHASE__PHASE_REMOVE);
    ck_assert_uint_eq(m->to_move, 0);
    qt_view_free(m);
    qt_close(&k);
}
END_TEST

START_TEST(a_move_is_a_step_or_jumps_never_both)
{
    qt k;
    char t[256];
    qt_open(&k, "");
    /* c3 has no tile beside it: only steps, although d3 then over e4 to f5
     * would be a step followed by a jump */
    qt_setup(&k, "w1@c3 w2@e4 w3@j1 b1@a7 b2@b7 b3@c7", 0, 0, 0);
    ck_assert_str_eq(qt_targets(&k, "c3", t, sizeof t), "b2 c2 d2 b3 d3 b4 c4 d4");
    ck_assert_int_eq(qt_try(&k, "c3-f5"), -1);
    ck_assert_int_eq(qt_try(&k, "c3-e3"), -1); /* over an empty square */
    ck_assert_int_eq(qt_try(&k, "c3-e5"), -1);
    ck_assert_int_eq(qt_try(&k, "c3-e4"), -1); /* occupied */
    ck_assert_int_eq(qt_try(&k, "c3-c5"), -1); /* two squares, no jump */
    /* from a corner: one step, jumps over a2 and b1, none off the board */
    qt_setup(&k, "w1@a1 w2@a2 w3@b1 " BLACK_CORNER, 0, 0, 0);
    ck_assert_str_eq(qt_targets(&k, "a1", t, sizeof t), "c1 b2 a3");
    qt_close(&k);
}
END_TEST

START_TEST(chains_turn_corners_and_need_each_link)
{
    qt k;
    char t[512];
    qt_open(&k, "");
    /* 1 a1, 2 b2, 3 b3, 4 a4: diagonal, straight, diagonal links; 5 on c6
     * does not touch 4; 5-6-7 c6 d7 e7; 8 alone; black's chain is not white's */
    qt_setup(&k, "w1@a1 w2@b2 w3@b3 w4@a4 w5@c6 w6@d7 w7@e7 w8@j1 b1@h5 b2@h6 b3@h7", 0, 0, 0);
    qt_play(&k, "-");
    ck_assert_int_eq(k.r->current_player(k.s), 0); /* the same seat removes */
    ck_assert_str_eq(qt_legal_names(&k, t, sizeof t), "- x1-3 x1-4 x2-4 x5-7");
    ck_assert_int_eq(qt_try(&k, "x3-5"), -1);
    ck_assert_int_eq(qt_try(&k, "x6-8"), -1);
    ck_assert_int_eq(qt_try(&k, "x1-2"), -1); /* two tiles: not even notation */
    ck_assert_int_eq(qt_try(&k, "x1-1"), -1);
    /* 2 touches 3 and 1 touches 3, but 2 does not touch 1: no chain 1-3 */
    qt_setup(&k, "w1@a1 w2@c1 w3@b1 " BLACK_CORNER, 0, 0, 0);
    qt_play(&k, "-");
    ck_assert_str_eq(qt_legal_names(&k, t, sizeof t), "-");
    qt_close(&k);
}
END_TEST

/* White 1..6 along row 1. */
#define WHITE_ROW "w1@a1 w2@b1 w3@c1 w4@d1 w5@e1 w6@f1 " BLACK_CORNER

START_TEST(partial_removals)
{
    qt k;
    char t[512];
    qt_open(&k, "");
    qt_setup(&k, WHITE_ROW, 0, 5, 9);
    qt_play(&k, "-");
    ck_assert_str_eq(qt_legal_names(&k, t, sizeof t),
                     "- x1-3 x1-4 x1-5 x1-6 x2-4 x2-5 x2-6 x3-5 x3-6 x4-6");
    qt_play(&k, "x1-3"); /* 4-5-6 remain: play on, quiet count reset */
    ck_assert_int_eq(k.r->current_player(k.s), 1);
    ck_assert_uint_eq(quiet_of(&k), 0);
    Arena__Querni__Observation *m = qt_view(&k);
    ck_assert_uint_eq(m->tiles_left[0], 3);
    ck_assert_uint_eq(m->turns, 10);
    ck_assert_int_eq(m->board[0] | m->board[1] | m->board[2], 0);
    ck_assert_int_eq(m->board[3], 4);
    qt_view_free(m);
    qt_setup(&k, WHITE_ROW, 0, 5, 9);
    qt_play(&k, "- x4-6");
    ck_assert_int_eq(k.r->current_player(k.s), 1);
    qt_close(&k);
}
END_TEST

START_TEST(stranding_removal_is_legal_and_loses)
{
    static const char *const losing[] = {"x2-4", "x3-5", "x2-5", "x2-6", "x1-4", "x1-5", "x3-6"};
    qt k;
    qt_open(&k, "");
    for (size_t i = 0; i < sizeof losing / sizeof losing[0]; i++) {
        qt_setup(&k, WHITE_ROW, 0, 0, 0);
        qt_play(&k, "-");
        ck_assert(qt_legal(&k, losing[i]));
        qt_play(&k, losing[i]);
        assert_over(&k, "stranded tiles", -1, 1);
    }
    /* the page's example: 3-4-5 out of a full set strands 1-2; black loses too */
    const char *full = "b1@a1 b2@b1 b3@c1 b4@d1 b5@e1 b6@f1 b7@g1 b8@h1 b9@i1 b10@j1 "
                       "b11@j2 b12@i2 b13@h2 b14@g2 b15@f2 b16@e2 w1@a7 w2@b7 w3@c7";
    qt_setup(&k, full, 1, 0, 0);
    qt_play(&k, "- x3-5");
    assert_over(&k, "stranded tiles", 1, -1);
    qt_setup(&k, full, 1, 0, 0);
    qt_play(&k, "- x12-14"); /* 15-16 stranded */
    assert_over(&k, "stranded tiles", 1, -1);
    /* a removal ends the turn even when it ends the game: the count shown at
     * the end is 0, not the one before the turn (found by tests/lockstep) */
    qt_setup(&k, full, 1, 5, 9);
    ck_assert_uint_eq(quiet_of(&k), 5);
    qt_play(&k, "- x12-14");
    assert_over(&k, "stranded tiles", 1, -1);
    ck_assert_uint_eq(quiet_of(&k), 0);
    qt_setup(&k, full, 1, 0, 0);
    qt_play(&k, "- x14-16 - -");
    ck_assert_int_eq(k.r->current_player(k.s), 1);
    qt_close(&k);
}
END_TEST

START_TEST(stranding_is_judged_from_numbers_alone)
{
    qt k;
    qt_open(&k, "");
    /* 4, 5, 6 are scattered and form no chain, but they are three consecutive
     * numbers: not stranded */
    qt_setup(&k, "w1@a1 w2@b1 w3@c1 w4@e5 w5@g1 w6@j4 " BLACK_CORNER, 0, 0, 0);
    qt_play(&k, "- x1-3");
    ck_assert_int_eq(k.r->current_player(k.s), 1);
    qt_close(&k);
}
END_TEST

START_TEST(removing_the_last_tile_wins)
{
    qt k;
    qt_open(&k, "");
    qt_setup(&k, WHITE_ROW, 0, 3, 7);
    qt_play(&k, "- x1-6");
    assert_over(&k, "cleared the board", 1, -1);
    ck_assert_uint_eq(quiet_of(&k), 0); /* a removal ended the turn */
    char board[2048];
    ck_assert_ptr_nonnull(strstr(qt_board(&k, board, sizeof board), "white (seat 0) wins"));
    /* black, after moving a tile into its chain: h5 steps to i6, 1-2-3 linked */
    qt_setup(&k, "w1@a1 w2@b1 w3@c1 b1@h5 b2@j6 b3@j7", 1, 0, 0);
    ck_assert_int_eq(qt_try(&k, "x1-3"), -1); /* first the move or `-` */
    qt_play(&k, "-");
    ck_assert_int_eq(qt_try(&k, "x1-3"), -1); /* 1 on h5 touches no 2 */
    qt_setup(&k, "w1@a1 w2@b1 w3@c1 b1@h5 b2@j6 b3@j7", 1, 0, 0);
    qt_play(&k, "h5-i6 x1-3");
    assert_over(&k, "cleared the board", -1, 1);
    ck_assert_int_eq(qt_try(&k, "-"), -1); /* nothing after the end */
    qt_close(&k);
}
END_TEST

START_TEST(quiet_turns_draw_and_any_removal_resets)
{
    qt k;
    qt_open(&k, "");
    const char *pos = "w1@a1 w2@b1 w3@c1 w4@d1 w5@e1 w6@f1 "
                      "b1@h5 b2@h6 b3@h7 b4@g7 b5@f7 b6@e7";
    qt_setup(&k, pos, 0, 27, 40);
    qt_play(&k, "- -");
    ck_assert_uint_eq(quiet_of(&k), 28);
    qt_play(&k, "h5-i5 -"); /* a move without removal is a quiet turn */
    ck_assert_uint_eq(quiet_of(&k), 29);
    qt_play(&k, "- x1-3"); /* white's removal resets */
    ck_assert_uint_eq(quiet_of(&k), 0);
    ck_assert_int_eq(k.r->current_player(k.s), 1);
    /* black's removal resets it too */
    qt_setup(&k, pos, 1, 29, 40);
    qt_play(&k, "- x1-3");
    ck_assert_uint_eq(quiet_of(&k), 0);
    ck_assert_int_eq(k.r->current_player(k.s), 0);
    /* the 30th quiet turn ends in a draw, whoever plays it */
    qt_setup(&k, pos, 1, 29, 40);
    qt_play(&k, "-");
    ck_assert_int_eq(k.r->current_player(k.s), 1);
    qt_play(&k, "-");
    assert_over(&k, "quiet turns", 0, 0);
    qt_close(&k);
    /* the option: 3 quiet turns; 0 turns the rule off */
    qt_open(&k, "quiet_turns=3");
    qt_setup(&k, pos, 0, 0, 0);
    qt_play(&k, "- - - -");
    ck_assert_uint_eq(quiet_of(&k), 2);
    qt_play(&k, "- -");
    assert_over(&k, "quiet turns", 0, 0);
    qt_close(&k);
    qt_open(&k, "quiet_turns=0");
    qt_setup(&k, pos, 0, 500, 600);
    qt_play(&k, "- - - -");
    ck_assert_uint_eq(quiet_of(&k), 502);
    qt_close(&k);
}
END_TEST

START_TEST(turn_cap_draws)
{
    qt k;
    qt_open(&k, "max_turns=5");
    const char *pos = "w1@a1 w2@b1 w3@c1 w4@d1 w5@e1 w6@f1 b1@h5 b2@h6 b3@h7";
    qt_setup(&k, pos, 0, 0, 3);
    qt_play(&k, "- -");
    ck_assert_int_eq(k.r->current_player(k.s), 1);
    qt_play(&k, "- x1-3"); /* clearing the board on the last turn still wins */
    assert_over(&k, "cleared the board", -1, 1);
    qt_setup(&k, pos, 0, 0, 3);
    qt_play(&k, "- x1-3 - -"); /* a removal does not stop the cap */
    assert_over(&k, "turn cap", 0, 0);
    qt_close(&k);
}
END_TEST

START_TEST(illegal_actions_are_refused_unchanged)
{
    qt k;
    qt_open(&k, "");
    qt_setup(&k, "w1@a1 w2@b1 w3@c1 w4@d1 b1@h5 b2@h6 b3@h7", 0, 0, 0);
    /* MOVE: the other seat's tile, an occupied square, too far, a removal,
     * a placement, nonsense */
    ck_assert_int_eq(qt_try(&k, "h5-h4"), -1);
    ck_assert_int_eq(qt_try(&k, "a1-b1"), -1);
    ck_assert_int_eq(qt_try(&k, "a1-a3"), -1);
    ck_assert_int_eq(qt_try(&k, "e5-e6"), -1); /* no tile there */
    ck_assert_int_eq(qt_try(&k, "x1-3"), -1);
    ck_assert_int_eq(qt_try(&k, "1@a2"), -1);
    ck_assert_int_eq(qt_try(&k, "a1-k1"), -1);
    ck_assert_int_eq(qt_try(&k, "a1-a8"), -1);
    ck_assert_int_eq(qt_try(&k, "a1 -a2"), -1);
    ck_assert_int_eq(qt_try(&k, ""), -1);
    qt_play(&k, "a1-a2");
    /* REMOVE: a second move, the other seat's chain numbers, broken runs */
    ck_assert_int_eq(qt_try(&k, "d1-d2"), -1);
    ck_assert_int_eq(qt_try(&k, "x2-5"), -1); /* white has no 5 */
    ck_assert_int_eq(qt_try(&k, "x1-16"), -1);
    ck_assert_int_eq(qt_try(&k, "1@a3"), -1);
    ck_assert(qt_legal(&k, "x1-4")); /* a2 still touches b1 */
    qt_close(&k);
}
END_TEST

Suite *querni_rules_suite(void)
{
    Suite *s = suite_create("querni_rules");
    TCase *tc = tcase_create("rules");
    tcase_add_test(tc, layout_by_chance_in_page_order);
    tcase_add_test(tc, steps_to_the_eight_neighbours);
    tcase_add_test(tc, jump_chains_turn_and_reuse_tiles);
    tcase_add_test(tc, a_move_is_a_step_or_jumps_never_both);
    tcase_add_test(tc, chains_turn_corners_and_need_each_link);
    tcase_add_test(tc, partial_removals);
    tcase_add_test(tc, stranding_removal_is_legal_and_loses);
    tcase_add_test(tc, stranding_is_judged_from_numbers_alone);
    tcase_add_test(tc, removing_the_last_tile_wins);
    tcase_add_test(tc, quiet_turns_draw_and_any_removal_resets);
    tcase_add_test(tc, turn_cap_draws);
    tcase_add_test(tc, illegal_actions_are_refused_unchanged);
    suite_add_tcase(s, tc);
    return s;
}
