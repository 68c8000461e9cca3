/* test_morris.c -- Nine Men's Morris, classic rules, on hand-worked games
 * (docs/rules/morris.md): mills in both phases, double mills, the removal
 * rule, flying, wins, the different-mills rule, each draw rule and the order of
 * the end checks, options and notation. The games are written in the rules
 * page's notation and played through the ABI. Variants: test_morris_variants.c;
 * random-play figures: test_morris_stats.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "morris_test.h"
#include "support.h"

/* 18 placements without a mill. White a7 d7 g4 g1 b6 f4 c5 d3 b4, Black d1 a1
 * d6 f6 f2 d2 e5 e4 c3; empty g7 a4 b2 d5 e3 c4. White to move; g4-g7 closes
 * a7-d7-g7; b4-a4 / e4-e3 and back are harmless shuffles. */
static const char PLACED[] = "a7 d1 d7 a1 g4 d6 g1 f6 b6 f2 f4 d2 c5 e5 d3 e4 b4 c3";

/* 18 placements after which White (to move) is blocked: White d1 f6 b2 c5 d5 e4
 * e3 d3 c4, Black a7 g1 a1 d6 f4 d2 b4 e5 c3. */
static const char BLOCKED[] = "d1 a7 f6 g1 b2 a1 c5 d6 d5 f4 e4 d2 e3 b4 d3 e5 c4 c3";

static const char OPENSPIEL[] =
    "double_mill=1,repeat_mill=allowed,repetition=0,quiet_plies=0,max_turns=200";

START_TEST(mill_while_placing)
{
    morris m;
    morris_open(&m, "");
    rules_play(m.r, m.s, "a1 b6 d1 d6");
    ck_assert_int_eq(rules_try(m.r, m.g, m.s, "a1"), -1); /* occupied */
    rules_play(m.r, m.s, "g1");                           /* g1-d1-a1 */
    morris_view v = morris_look(&m);
    ck_assert_int_eq(v.to_move, 0);
    ck_assert_int_eq(v.pending, 1);
    ck_assert_int_eq(m.r->current_player(m.s), 0);
    ck_assert_int_eq(rules_num_legal(m.r, m.s), 2);
    ck_assert(rules_is_legal(m.r, m.s, "xb6") && rules_is_legal(m.r, m.s, "xd6"));
    ck_assert_int_eq(rules_try(m.r, m.g, m.s, "c5"), -1);  /* the removal comes first */
    ck_assert_int_eq(rules_try(m.r, m.g, m.s, "xa1"), -1); /* not an opponent piece */
    char text[1024];
    m.r->render(m.s, -1, text, sizeof text);
    ck_assert_msg(strstr(text, "White to remove 1 piece") != NULL, "%s", text);
    rules_play(m.r, m.s, "xb6");
    v = morris_look(&m);
    ck_assert_int_eq(v.to_move, 1);
    ck_assert_int_eq(v.on_board[1], 1);
    ck_assert_int_eq(v.in_hand[1], 7);
    ck_assert_int_eq(v.turn, 5);
    ck_assert_int_eq(v.ply, 6);
    morris_close(&m);
}
END_TEST

START_TEST(mill_while_moving)
{
    morris m;
    morris_open(&m, "");
    rules_play(m.r, m.s, PLACED);
    ck_assert_int_eq(rules_try(m.r, m.g, m.s, "g7"), -1);    /* nothing left to place */
    ck_assert_int_eq(rules_try(m.r, m.g, m.s, "b4-e3"), -1); /* not a neighbour */
    ck_assert_int_eq(rules_try(m.r, m.g, m.s, "d1-d5"), -1); /* not White's piece */
    ck_assert_int_eq(rules_try(m.r, m.g, m.s, "a7-d7"), -1); /* occupied */
    ck_assert_int_eq(rules_try(m.r, m.g, m.s, "a7-e3"), -1); /* no flying with 9 */
    rules_play(m.r, m.s, "g4-g7");
    ck_assert_int_eq(morris_look(&m).pending, 1);
    ck_assert_int_eq(rules_num_legal(m.r, m.s), 9); /* Black has no mill: any piece */
    rules_play(m.r, m.s, "xd6");
    morris_view v = morris_look(&m);
    ck_assert_int_eq(v.on_board[1], 8);
    ck_assert_int_eq(v.to_move, 1);
    ck_assert_int_eq(v.quiet, 0);
    morris_close(&m);
}
END_TEST

/* a7 closes a7-d7-g7 and a1-a4-a7 at once. */
static const char DOUBLE[] = "d7 b6 g7 f4 a4 d2 a1 c5 a7";

START_TEST(double_mill_removes_two)
{
    morris m;
    morris_open(&m, "");
    rules_play(m.r, m.s, DOUBLE);
    ck_assert_int_eq(morris_look(&m).pending, 2);
    rules_play(m.r, m.s, "xb6");
    morris_view v = morris_look(&m);
    ck_assert_int_eq(v.to_move, 0);
    ck_assert_int_eq(v.pending, 1);
    rules_play(m.r, m.s, "xf4");
    v = morris_look(&m);
    ck_assert_int_eq(v.to_move, 1);
    ck_assert_int_eq(v.on_board[1], 2);

    morris_reset(&m, "double_mill=1");
    rules_play(m.r, m.s, DOUBLE);
    ck_assert_int_eq(morris_look(&m).pending, 1);
    rules_play(m.r, m.s, "xb6");
    ck_assert_int_eq(morris_look(&m).to_move, 1);
    morris_close(&m);
}
END_TEST

START_TEST(removal_spares_mills)
{
    morris m;
    morris_open(&m, "");
    /* Black's b6-d6-f6 stands when White closes g1-d1-a1: only e4 may go. */
    rules_play(m.r, m.s, "a1 b6 d1 d6 c3 f6 xc3 e3 e4 g1");
    ck_assert_int_eq(rules_num_legal(m.r, m.s), 1);
    ck_assert_int_eq(rules_try(m.r, m.g, m.s, "xd6"), -1);
    ck_assert_int_eq(rules_try(m.r, m.g, m.s, "xe4"), 0);

    /* All of Black's pieces stand in a mill: any of them may go. */
    morris_reset(&m, "");
    rules_play(m.r, m.s, "a1 b6 d1 d6 e3 f6 xe3 g1");
    ck_assert_int_eq(rules_num_legal(m.r, m.s), 3);
    ck_assert_int_eq(rules_try(m.r, m.g, m.s, "xd6"), 0);
    morris_close(&m);
}
END_TEST

/* With repeat_mill=allowed White grinds a7-d7-g7 (g4-g7 and back) while Black
 * shuffles e4-e3, until Black has e5 e4 c3 left; then Black grinds e5-e4-e3
 * (c3-e3 and back, flying) while White shuffles b4-a4, until White has a7 d7
 * g7 left. Both fly. */
static void grind_to_both_flying(morris *m, int stop_at_black_flying)
{
    static const char *const black_lost[] = {"d1", "a1", "f6", "f2", "d2"};
    static const char *const white_lost[] = {"f4", "c5", "d3", "b6", "b4"};
    char turn[64];
    rules_play(m->r, m->s, PLACED);
    rules_play(m->r, m->s, "g4-g7 xd6");
    for (int i = 0; i < 5; i++) {
        snprintf(turn, sizeof turn, "e4-e3 g7-g4 e3-e4 g4-g7 x%s", black_lost[i]);
        rules_play(m->r, m->s, turn);
    }
    if (stop_at_black_flying) return;
    rules_play(m->r, m->s, "c3-e3 xg1");
    for (int i = 0; i < 5; i++) {
        snprintf(turn, sizeof turn, "b4-a4 e3-c3 a4-b4 c3-e3 x%s", white_lost[i]);
        rules_play(m->r, m->s, turn);
    }
}

START_TEST(flying_at_three)
{
    morris m;
    char to[256];
    morris_open(&m, "repeat_mill=allowed");
    grind_to_both_flying(&m, 1);
    morris_view v = morris_look(&m);
    ck_assert_int_eq(v.on_board[1], 3);
    ck_assert_int_eq(v.to_move, 1);
    /* Black flies to any of the 12 empty points; White, with 9, steps. */
    morris_targets(&m, "c3", to, sizeof to);
    ck_assert_str_eq(to, "a1 a4 b2 c4 d1 d2 d5 d6 e3 f2 f6 g4");
    rules_play(m.r, m.s, "c3-e3 xg1");
    morris_targets(&m, "b4", to, sizeof to);
    ck_assert_str_eq(to, "a4 b2 c4");
    morris_close(&m);
}
END_TEST

START_TEST(both_fly_and_below_three_loses)
{
    morris m;
    char to[256];
    morris_open(&m, "repeat_mill=allowed");
    grind_to_both_flying(&m, 0);
    morris_view v = morris_look(&m);
    ck_assert_int_eq(v.on_board[0], 3);
    ck_assert_int_eq(v.on_board[1], 3);
    ck_assert_int_eq(v.to_move, 0);
    morris_targets(&m, "a7", to, sizeof to);
    ck_assert_str_eq(to, "a1 a4 b2 b4 b6 c3 c4 c5 d1 d2 d3 d5 d6 f2 f4 f6 g1 g4");
    rules_play(m.r, m.s, "g7-a4");
    morris_targets(&m, "e3", to, sizeof to);
    ck_assert_str_eq(to, "a1 b2 b4 b6 c3 c4 c5 d1 d2 d3 d5 d6 f2 f4 f6 g1 g4 g7");
    int turn = morris_look(&m).turn;
    rules_play(m.r, m.s, "e3-c3 a4-g7 xe5");
    v = morris_look(&m);
    ck_assert(v.terminal);
    ck_assert_str_eq(v.end, "fewer than three pieces");
    ck_assert_int_eq(v.returns[0], 1);
    ck_assert_int_eq(v.returns[1], -1);
    double ret[2];
    m.r->returns(m.s, ret);
    ck_assert(ret[0] == 1.0 && ret[1] == -1.0);
    ck_assert_int_eq(m.r->current_player(m.s), ARENA_TERMINAL);
    ck_assert_int_eq(rules_num_legal(m.r, m.s), 0);

    /* The same game with the turn cap on its last turn: the win comes first. */
    char options[128];
    snprintf(options, sizeof options, "repeat_mill=allowed,max_turns=%d", turn + 2);
    morris_reset(&m, options);
    grind_to_both_flying(&m, 0);
    rules_play(m.r, m.s, "g7-a4 e3-c3 a4-g7 xe5");
    ck_assert_str_eq(morris_look(&m).end, "fewer than three pieces");
    morris_close(&m);
}
END_TEST

START_TEST(blocked_player_loses)
{
    morris m;
    morris_open(&m, "");
    rules_play(m.r, m.s, BLOCKED);
    morris_view v = morris_look(&m);
    ck_assert(v.terminal);
    ck_assert_str_eq(v.end, "blocked");
    ck_assert_int_eq(v.to_move, 0);
    ck_assert_int_eq(v.returns[0], -1);
    ck_assert_int_eq(v.returns[1], 1);

    /* Blocked on the turn that reaches the cap: still a loss, in the
     * OpenSpiel-compatible mode too; one turn earlier the cap draws. */
    const char *caps[] = {"max_turns=18", "double_mill=1,repeat_mill=allowed,repetition=0,"
                                          "quiet_plies=0,max_turns=18"};
    for (int i = 0; i < 2; i++) {
        morris_reset(&m, caps[i]);
        rules_play(m.r, m.s, BLOCKED);
        ck_assert_str_eq(morris_look(&m).end, "blocked");
    }
    morris_reset(&m, "max_turns=17");
    rules_play(m.r, m.s, "d1 a7 f6 g1 b2 a1 c5 d6 d5 f4 e4 d2 e3 b4 d3 e5 c4");
    v = morris_look(&m);
    ck_assert_str_eq(v.end, "turn cap");
    ck_assert_int_eq(v.returns[0], 0);
    morris_close(&m);
}
END_TEST

START_TEST(different_mills)
{
    morris m;
    morris_open(&m, "");
    /* Out of the mill and back: the same line of the same pieces, no removal. */
    rules_play(m.r, m.s, PLACED);
    rules_play(m.r, m.s, "g4-g7 xd6 e4-e3 g7-g4 e3-e4 g4-g7");
    morris_view v = morris_look(&m);
    ck_assert_int_eq(v.pending, 0);
    ck_assert_int_eq(v.to_move, 1);
    ck_assert_int_eq(v.on_board[1], 8);

    /* A different line, shared pieces or not: a removal. */
    morris_reset(&m, "");
    rules_play(m.r, m.s, PLACED);
    rules_play(m.r, m.s, "g4-g7 xd6 e4-e3 f4-g4"); /* g7-g4-g1 */
    ck_assert_int_eq(morris_look(&m).pending, 1);

    /* With repeat_mill=allowed, out and back removes. */
    morris_reset(&m, "repeat_mill=allowed");
    rules_play(m.r, m.s, PLACED);
    rules_play(m.r, m.s, "g4-g7 xd6 e4-e3 g7-g4 e3-e4 g4-g7");
    ck_assert_int_eq(morris_look(&m).pending, 1);
    morris_close(&m);
}
END_TEST

START_TEST(different_piece_same_line)
{
    morris m;
    morris_open(&m, "");
    /* White d7 d5 with b6 and f6 beside the empty d6: b6-d6 closes
     * d7-d6-d5; b6 goes back and f6-d6 closes it with another piece. */
    rules_play(m.r, m.s, "d7 d1 d5 d3 b6 f4 f6 a7 a1 g4 g1 b2 e3 b4 c3 e5 f2 c4");
    rules_play(m.r, m.s, "b6-d6 xe5 g4-g7 d6-b6 g7-g4 f6-d6");
    ck_assert_int_eq(morris_look(&m).pending, 1);

    /* The last mill lost a piece (a7): a new piece there makes a new mill. */
    morris_setup(&m, "a7 d7 g4 a4 f2 d3", "b6 d6 f4 c3 e5", 0, 0, 0);
    rules_play(m.r, m.s, "g4-g7 xe5 c3-c4 g7-g4 f4-f6 xa7 a4-a7 c4-c3 g4-g7");
    ck_assert_int_eq(morris_look(&m).pending, 1);
    morris_close(&m);
}
END_TEST

START_TEST(repetition_draw)
{
    static const char cycle[] = "b4-a4 e4-e3 a4-b4 e3-e4";
    morris m;
    morris_open(&m, "");
    rules_play(m.r, m.s, PLACED);
    rules_play(m.r, m.s, cycle); /* second occurrence */
    rules_play(m.r, m.s, "b4-a4 e4-e3 a4-b4");
    ck_assert(!morris_look(&m).terminal);
    rules_play(m.r, m.s, "e3-e4"); /* third */
    morris_view v = morris_look(&m);
    ck_assert(v.terminal);
    ck_assert_str_eq(v.end, "repetition");
    ck_assert_int_eq(v.ply, 26);
    ck_assert(v.returns[0] == 0 && v.returns[1] == 0);

    morris_reset(&m, "repetition=2");
    rules_play(m.r, m.s, PLACED);
    rules_play(m.r, m.s, cycle);
    ck_assert_str_eq(morris_look(&m).end, "repetition");

    morris_reset(&m, "repetition=0");
    rules_play(m.r, m.s, PLACED);
    for (int i = 0; i < 10; i++)
        rules_play(m.r, m.s, cycle);
    ck_assert(!morris_look(&m).terminal);
    morris_close(&m);
}
END_TEST

START_TEST(quiet_plies_draw)
{
    morris m;
    morris_open(&m, "quiet_plies=5");
    rules_play(m.r, m.s, PLACED);
    ck_assert_int_eq(morris_look(&m).quiet, 0); /* placements do not count */
    rules_play(m.r, m.s, "b4-a4 e4-e3 a4-b4 e3-e4");
    morris_view v = morris_look(&m);
    ck_assert(!v.terminal);
    ck_assert_int_eq(v.quiet, 4);
    rules_play(m.r, m.s, "b4-a4");
    v = morris_look(&m);
    ck_assert_str_eq(v.end, "quiet plies");
    ck_assert_int_eq(v.returns[0], 0);

    /* A removal starts the count again. */
    morris_reset(&m, "quiet_plies=5");
    rules_play(m.r, m.s, PLACED);
    rules_play(m.r, m.s, "b4-a4 e4-e3 a4-b4 e3-e4 g4-g7 xd6");
    ck_assert_int_eq(morris_look(&m).quiet, 0);
    rules_play(m.r, m.s, "e4-e3 b4-a4 e3-e4 a4-b4");
    ck_assert(!morris_look(&m).terminal);
    morris_close(&m);
}
END_TEST

START_TEST(turn_cap_draw)
{
    morris m;
    morris_open(&m, "max_turns=20");
    rules_play(m.r, m.s, PLACED);
    rules_play(m.r, m.s, "b4-a4");
    ck_assert(!morris_look(&m).terminal);
    rules_play(m.r, m.s, "e4-e3");
    morris_view v = morris_look(&m);
    ck_assert_str_eq(v.end, "turn cap");
    ck_assert_int_eq(v.turn, 20);

    /* Draws wait for the removals of the turn: the 5th turn ends with xb6. */
    morris_reset(&m, "max_turns=5");
    rules_play(m.r, m.s, "a1 b6 d1 d6 g1");
    ck_assert(!morris_look(&m).terminal);
    rules_play(m.r, m.s, "xb6");
    ck_assert_str_eq(morris_look(&m).end, "turn cap");
    morris_close(&m);
}
END_TEST

/* Two cycles of shuffles end on a third occurrence, the 8th quiet ply and
 * turn 26 at once: repetition, then quiet plies, then the turn cap. */
START_TEST(order_of_draws)
{
    static const struct {
        const char *options, *end;
    } cases[] = {
        {"quiet_plies=8,max_turns=26", "repetition"},
        {"repetition=0,quiet_plies=8,max_turns=26", "quiet plies"},
        {"repetition=0,quiet_plies=9,max_turns=26", "turn cap"},
    };
    morris m;
    morris_open(&m, "");
    for (int i = 0; i < 3; i++) {
        morris_reset(&m, cases[i].options);
        rules_play(m.r, m.s, PLACED);
        rules_play(m.r, m.s, "b4-a4 e4-e3 a4-b4 e3-e4 b4-a4 e4-e3 a4-b4 e3-e4");
        ck_assert_str_eq(morris_look(&m).end, cases[i].end);
    }
    morris_close(&m);
}
END_TEST

START_TEST(options)
{
    void *handle;
    const arena_rules *r = rules_load("morris", &handle);
    static const struct {
        const char *options, *err;
    } bad[] = {
        {"foo=1", "morris: unknown option 'foo' (known: variant, double_mill, repeat_mill, "
                  "repetition, quiet_plies, max_turns)"},
        {"double_mill=x", "morris: bad value 'x' for double_mill (expected 1 or 2)"},
        {"double_mill=3", "morris: bad value '3' for double_mill (expected 1 or 2)"},
        {"variant=chess", "morris: bad value 'chess' for variant (expected classic, lasker, "
                          "knight, rook or cross)"},
        {"repeat_mill=yes", "morris: bad value 'yes' for repeat_mill (expected no_capture or "
                            "allowed)"},
        {"repetition=1", "morris: bad value '1' for repetition (expected 0 (off) or 2..100)"},
        {"quiet_plies=-1", "morris: bad value '-1' for quiet_plies (expected 0 (off) or "
                           "1..10000)"},
        {"max_turns=0", "morris: bad value '0' for max_turns (expected 1..10000)"},
        {"max_turns=10001", "morris: bad value '10001' for max_turns (expected 1..10000)"},
        {"max_turns=", "morris: bad value '' for max_turns (expected 1..10000)"},
        {"variant=rook,lasker", "morris: option 'lasker' has no value (expected key=value)"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char err[256] = "";
        ck_assert_ptr_null(r->game_new(bad[i].options, err, sizeof err));
        ck_assert_str_eq(err, bad[i].err);
        ck_assert_ptr_null(r->game_new(bad[i].options, NULL, 0));
    }
    static const struct {
        const char *options, *canonical;
    } good[] = {
        {NULL, "variant=classic,double_mill=2,repeat_mill=no_capture,repetition=3,"
               "quiet_plies=100,max_turns=500"},
        {"", "variant=classic,double_mill=2,repeat_mill=no_capture,repetition=3,"
             "quiet_plies=100,max_turns=500"},
        {"max_turns=200,variant=rook", "variant=rook,double_mill=2,repeat_mill=no_capture,"
                                       "repetition=3,quiet_plies=100,max_turns=200"},
        {OPENSPIEL, "variant=classic,double_mill=1,repeat_mill=allowed,repetition=0,"
                    "quiet_plies=0,max_turns=200"},
    };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        arena_game *g = r->game_new(good[i].options, NULL, 0);
        ck_assert_ptr_nonnull(g);
        ck_assert_str_eq(r->game_options(g), good[i].canonical);
        arena_game *again = r->game_new(r->game_options(g), NULL, 0);
        ck_assert_str_eq(r->game_options(again), good[i].canonical);
        r->game_free(again);
        r->game_free(g);
    }
    ck_assert_str_eq(r->name, "morris");
    ck_assert_ptr_null(r->sample_state);
    ck_assert_ptr_nonnull(r->state_from_observation);
    rules_unload(handle);
}
END_TEST

START_TEST(notation)
{
    morris m;
    morris_open(&m, "");
    static const struct {
        const char *name;
        int32_t action;
    } known[] = {
        {"a7", 0}, {"d2", 13}, {"c4", 23}, {"a1-d1", 24 + 6 * 24 + 5}, {"xg7", 602}, {"xc4", 623},
    };
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        int32_t a = -1;
        char name[16];
        ck_assert_int_eq(m.r->parse_action(m.s, known[i].name, &a), 0);
        ck_assert_int_eq(a, known[i].action);
        ck_assert_uint_eq(m.r->action_name(m.s, a, name, sizeof name), strlen(known[i].name));
        ck_assert_str_eq(name, known[i].name);
    }
    static const char *const junk[] = {"",      "d4",   "h1",  "a0",     "x",  "xd4",
                                       "a1-a1", "a1d1", "a1-", "a1-d1x", "d2 "};
    for (size_t i = 0; i < sizeof junk / sizeof junk[0]; i++) {
        int32_t a;
        ck_assert_int_eq(m.r->parse_action(m.s, junk[i], &a), -1);
    }
    ck_assert_int_eq(m.r->num_actions(m.g), 624);
    morris_close(&m);
}
END_TEST

START_TEST(render_board)
{
    morris m;
    morris_open(&m, "");
    rules_play(m.r, m.s, "a1 g7 d2");
    char text[2048];
    size_t n = m.r->render(m.s, -1, text, sizeof text);
    ck_assert_uint_eq(n, strlen(text));
    ck_assert_msg(strstr(text, "7 .-----.-----B\n") != NULL, "%s", text);
    ck_assert_msg(strstr(text, "2 | .---W---. |\n") != NULL, "%s", text);
    ck_assert_msg(strstr(text, "1 W-----.-----.\n") != NULL, "%s", text);
    ck_assert_msg(strstr(text, "White (W): 7 in hand, 2 on board") != NULL, "%s", text);
    ck_assert_msg(strstr(text, "Black to move") != NULL, "%s", text);
    morris_close(&m);
}
END_TEST

void morris_add_classic(Suite *s)
{
    TCase *tc = tcase_create("classic");
    tcase_add_test(tc, mill_while_placing);
    tcase_add_test(tc, mill_while_moving);
    tcase_add_test(tc, double_mill_removes_two);
    tcase_add_test(tc, removal_spares_mills);
    tcase_add_test(tc, flying_at_three);
    tcase_add_test(tc, both_fly_and_below_three_loses);
    tcase_add_test(tc, blocked_player_loses);
    tcase_add_test(tc, different_mills);
    tcase_add_test(tc, different_piece_same_line);
    tcase_add_test(tc, repetition_draw);
    tcase_add_test(tc, quiet_plies_draw);
    tcase_add_test(tc, turn_cap_draw);
    tcase_add_test(tc, order_of_draws);
    tcase_add_test(tc, options);
    tcase_add_test(tc, notation);
    tcase_add_test(tc, render_board);
    suite_add_tcase(s, tc);
}

int main(void)
{
    Suite *s = suite_create("morris");
    morris_add_classic(s);
    morris_add_variants(s);
    morris_add_stats(s);
    return support_main(s);
}
