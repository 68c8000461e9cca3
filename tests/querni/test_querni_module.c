/* test_querni_module.c -- the querni module as the ABI sees it: options and
 * their errors, the notation of every kind of action, game-tree counts of the
 * layout checked by hand, the text board, and the observation's fields. */
#include <stdio.h>
#include <string.h>

#include "querni_test.h"

START_TEST(options_canonical)
{
    void *h;
    const arena_rules *r = qt_rules(&h);
    static const struct {
        const char *in, *out;
    } cases[] = {
        {NULL, "quiet_turns=30,max_turns=1000"},
        {"", "quiet_turns=30,max_turns=1000"},
        {"quiet_turns=0", "quiet_turns=0,max_turns=1000"},
        {"max_turns=7,quiet_turns=3", "quiet_turns=3,max_turns=7"},
        {"max_turns=10000", "quiet_turns=30,max_turns=10000"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char err[128] = "";
        arena_game *g = r->game_new(cases[i].in, err, sizeof err);
        ck_assert_msg(g != NULL, "%s: %s", cases[i].in, err);
        ck_assert_str_eq(r->game_options(g), cases[i].out);
        ck_assert_int_eq(r->num_players(g), 2);
        ck_assert_int_eq(r->num_actions(g), 5227);
        r->game_free(g);
    }
    ck_assert(r->flags & ARENA_GAME_CHANCE);
    ck_assert(!(r->flags & ARENA_GAME_HIDDEN));
    support_unload(h);
}
END_TEST

START_TEST(option_errors_name_key_and_value)
{
    void *h;
    const arena_rules *r = qt_rules(&h);
    static const struct {
        const char *in, *msg;
    } cases[] = {
        {"quiet_turns=-1", "querni: bad value '-1' for quiet_turns"},
        {"quiet_turns=10001", "bad value '10001' for quiet_turns"},
        {"max_turns=0", "bad value '0' for max_turns"},
        {"max_turns=lots", "bad value 'lots' for max_turns"},
        {"turns=3", "unknown option 'turns'"},
        {"max_turns", "option 'max_turns' has no value"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char err[160] = "";
        ck_assert_ptr_null(r->game_new(cases[i].in, err, sizeof err));
        ck_assert_msg(strstr(err, cases[i].msg) != NULL, "'%s' gave '%s'", cases[i].in, err);
        ck_assert_ptr_null(strchr(err, '\n'));
    }
    support_unload(h);
}
END_TEST

static void assert_name(qt *k, const char *name, int32_t action)
{
    int32_t a = -1;
    char back[32];
    ck_assert_msg(k->r->parse_action(k->s, name, &a) == 0, "'%s' does not parse", name);
    ck_assert_int_eq(a, action);
    k->r->action_name(k->s, action, back, sizeof back);
    ck_assert_str_eq(back, name);
}

START_TEST(notation_of_every_kind)
{
    qt k;
    qt_open(&k, "");
    assert_name(&k, "1@c2", 5157 + 12);
    int32_t a;
    ck_assert_int_lt(k.r->parse_action(k.s, "7@c2", &a), 0); /* only the next tile parses */
    ck_assert_int_lt(k.r->parse_action(k.s, "1@c1x", &a), 0);
    qt_close(&k);
}
END_TEST

START_TEST(notation_in_play)
{
    qt k;
    qt_open(&k, "");
    qt_setup(&k, "w1@a1 w2@b1 w3@c1 b1@h5 b2@h6 b3@h7", 0, 0, 0);
    assert_name(&k, "c2-d3", 70 * 12 + 23);
    assert_name(&k, "a1-j7", 69);
    assert_name(&k, "j7-a1", 70 * 69);
    assert_name(&k, "-", 4900);
    assert_name(&k, "x1-3", 4901 + 2);
    assert_name(&k, "x5-7", 4901 + 16 * 4 + 6);
    assert_name(&k, "x14-16", 4901 + 16 * 13 + 15);
    static const char *const bad[] = {"x1-2",   "x0-3",  "x01-3", "x15-17", "x3-1",
                                      "c2 -d3", "c2-d8", "k2-d3", "C2-d3",  "c2d3",
                                      "--",     "x5-7 ", "1@a2",  "",       "c2-"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int32_t a;
        ck_assert_msg(k.r->parse_action(k.s, bad[i], &a) < 0, "'%s' parsed", bad[i]);
    }
    qt_close(&k);
}
END_TEST

/* Leaves of the layout tree: 16 squares for white 1, then 15, 14... */
static long count(const arena_rules *r, arena_state *s, int depth)
{
    if (depth == 0) return 1;
    int32_t legal[64];
    int n = r->legal_actions(s, legal, 64);
    long total = 0;
    for (int i = 0; i < n; i++) {
        arena_state *c = r->state_clone(s);
        r->apply(c, legal[i]);
        total += count(r, c, depth - 1);
        r->state_free(c);
    }
    return total;
}

START_TEST(layout_tree_counts)
{
    qt k;
    qt_open(&k, "");
    ck_assert_int_eq(count(k.r, k.s, 1), 16);
    ck_assert_int_eq(count(k.r, k.s, 2), 16 * 15);
    ck_assert_int_eq(count(k.r, k.s, 3), 16 * 15 * 14);
    qt_close(&k);
}
END_TEST

START_TEST(text_board)
{
    qt k;
    char board[2048];
    qt_open(&k, "");
    qt_setup(&k, "w14@a1 w15@b1 w16@c1 b11@h5 b12@h6 b13@j7", 0, 4, 9);
    qt_board(&k, board, sizeof board);
    ck_assert_ptr_nonnull(
        strstr(board, "querni  turn 10, quiet 4 of 30, tiles left: white 3, black 3"));
    ck_assert_ptr_nonnull(strstr(board, " 1   w14 w15 w16   .   .   .   .   .   .   .   1"));
    ck_assert_ptr_nonnull(strstr(board, " 7     .   .   .   .   .   .   .   .   . b13   7"));
    ck_assert_ptr_nonnull(strstr(board, "white (seat 0) to move a tile or pass"));
    qt_play(&k, "-");
    ck_assert_ptr_nonnull(strstr(qt_board(&k, board, sizeof board),
                                 "white (seat 0) to remove a chain or end the turn"));
    qt_close(&k);
}
END_TEST

START_TEST(observation_fields)
{
    qt k;
    qt_open(&k, "quiet_turns=12,max_turns=99");
    qt_setup(&k, "w1@a1 w2@b1 w3@c1 b1@h5 b2@h6 b3@h7", 1, 2, 7);
    Arena__Querni__Observation *m = qt_view(&k);
    ck_assert_str_eq(m->options, "quiet_turns=12,max_turns=99");
    ck_assert_uint_eq(m->quiet_limit, 12);
    ck_assert_uint_eq(m->max_turns, 99);
    ck_assert_uint_eq(m->n_board, 70);
    ck_assert_int_eq(m->board[0], 1);
    ck_assert_int_eq(m->board[47], -1); /* h5 */
    ck_assert_uint_eq(m->to_move, 1);
    ck_assert_uint_eq(m->quiet, 2);
    ck_assert_uint_eq(m->turns, 7);
    ck_assert(!m->terminal);
    ck_assert_uint_eq(m->n_returns, 0);
    qt_view_free(m);
    qt_play(&k, "- x1-3");
    m = qt_view(&k);
    ck_assert(m->terminal);
    ck_assert_int_eq(m->end_reason, ARENA__QUERNI__END_REASON__END_CLEARED);
    ck_assert_uint_eq(m->winner, 2);
    ck_assert_uint_eq(m->n_returns, 2);
    ck_assert_int_eq(m->returns[0], -1);
    ck_assert_int_eq(m->returns[1], 1);
    qt_view_free(m);
    qt_close(&k);
}
END_TEST

/* Positions no game reaches are refused: a stranded seat in play, a tile twice. */
START_TEST(impossible_positions_refused)
{
    qt k;
    qt_open(&k, "");
    Arena__Querni__Observation *m = qt_view(&k);
    m->board[0] = 5; /* a placement-phase board with a tile that is not next */
    uint8_t buf[1024];
    size_t n = arena__querni__observation__pack(m, buf);
    ck_assert_ptr_null(k.r->state_from_observation(k.g, buf, n));
    m->phase = ARENA__QUERNI__PHASE__PHASE_MOVE;
    m->placed = 32;
    int32_t board[70] = {1, 2, 0, 0, 0, 0, 0, 0, 0, 0}; /* white 1-2 stranded */
    board[69] = -1, board[68] = -2, board[67] = -3;
    uint32_t left[2] = {2, 3};
    int32_t *ob = m->board;
    uint32_t *ol = m->tiles_left;
    m->board = board;
    m->tiles_left = left;
    n = arena__querni__observation__pack(m, buf);
    ck_assert_ptr_null(k.r->state_from_observation(k.g, buf, n));
    board[2] = 3, left[0] = 3;
    n = arena__querni__observation__pack(m, buf);
    arena_state *ok = k.r->state_from_observation(k.g, buf, n);
    ck_assert_ptr_nonnull(ok);
    k.r->state_free(ok);
    board[3] = 3, left[0] = 4; /* tile 3 twice */
    n = arena__querni__observation__pack(m, buf);
    ck_assert_ptr_null(k.r->state_from_observation(k.g, buf, n));
    m->board = ob;
    m->tiles_left = ol;
    qt_view_free(m);
    qt_close(&k);
}
END_TEST

/* evaluate (rules.h): seat 0's value in the position of `tiles` (seat 0 to
 * move), after checking that the two values sum to 1. */
static double value_of(qt *k)
{
    ck_assert_msg(ARENA_RULES_HAS(k->r, evaluate) && k->r->evaluate, "querni lacks evaluate");
    double v[2] = {-1, -1};
    k->r->evaluate(k->s, v);
    ck_assert_msg(v[0] >= 0 && v[0] <= 1 && v[0] + v[1] > 1 - 1e-9 && v[0] + v[1] < 1 + 1e-9,
                  "values %g and %g", v[0], v[1]);
    return v[0];
}

/* The heuristic, hand-worked: even in a mirrored position; better for the
 * seat whose numbers are linked; better still once it removes the chain;
 * and a removal that leaves a run of five numbers is worth less than one
 * that leaves a run of six (five go only as one chain of all five). */
START_TEST(evaluate_by_hand)
{
    qt k;
    qt_open(&k, "");
    qt_setup(&k, "w1@a2 w2@b2 w3@c2 w4@j2 b1@a6 b2@b6 b3@c6 b4@j6", 0, 0, 0);
    double even = value_of(&k);
    ck_assert_msg(even > 0.5 - 1e-9 && even < 0.5 + 1e-9, "mirrored position valued %g", even);
    qt_setup(&k, "w1@a2 w2@b2 w3@c2 b1@a6 b2@c6 b3@e6", 0, 0, 0);
    double linked = value_of(&k);
    ck_assert_msg(linked > 0.5, "white's chain against black's scattered tiles: %g", linked);
    qt_play(&k, "- x1-3");
    double cleared = value_of(&k);
    ck_assert_msg(cleared > linked, "removing the chain lowered white's value to %g", cleared);
    /* white 1-9 linked in one row: removing 1-3 leaves 4-9 (six numbers),
     * removing 1-4 leaves 5-9 (five) */
    qt_setup(&k, "w1@a2 w2@b2 w3@c2 w4@d2 w5@e2 w6@f2 w7@g2 w8@h2 w9@i2 b1@a6 b2@c6 b3@e6", 0, 0,
             0);
    qt_play(&k, "- x1-3");
    double six = value_of(&k);
    qt_setup(&k, "w1@a2 w2@b2 w3@c2 w4@d2 w5@e2 w6@f2 w7@g2 w8@h2 w9@i2 b1@a6 b2@c6 b3@e6", 0, 0,
             0);
    qt_play(&k, "- x1-4");
    double five = value_of(&k);
    ck_assert_msg(six > five, "leaving a run of five (%g) beat leaving six (%g)", five, six);
    qt_close(&k);
}
END_TEST

Suite *querni_module_suite(void)
{
    Suite *s = suite_create("querni_module");
    TCase *tc = tcase_create("module");
    tcase_add_test(tc, options_canonical);
    tcase_add_test(tc, option_errors_name_key_and_value);
    tcase_add_test(tc, notation_of_every_kind);
    tcase_add_test(tc, notation_in_play);
    tcase_add_test(tc, layout_tree_counts);
    tcase_add_test(tc, text_board);
    tcase_add_test(tc, observation_fields);
    tcase_add_test(tc, impossible_positions_refused);
    tcase_add_test(tc, evaluate_by_hand);
    suite_add_tcase(s, tc);
    return s;
}
