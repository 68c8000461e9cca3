/* test_rugby_module.c -- the module through the ABI: its traits, options and
 * their errors, the notation, the game tree's first levels, setup=random's
 * chance nodes (uniform, and none for a mark with a single field), render. */
#include <string.h>

#include "rugby_test.h"

START_TEST(traits_and_options)
{
    rugby t;
    rugby_open(&t, "");
    ck_assert(t.r->flags & ARENA_GAME_HIDDEN);
    ck_assert(t.r->flags & ARENA_GAME_CHANCE);
    ck_assert_ptr_null(t.r->state_from_observation);
    ck_assert_ptr_nonnull(t.r->sample_state);
    ck_assert_str_eq(t.r->game_options(t.g), "tries=5,target=60,setup=players");
    ck_assert_int_eq(t.r->num_actions(t.g), 946);
    rugby_close(&t);
    rugby_open(&t, "setup=random,tries=10,target=128");
    ck_assert_str_eq(t.r->game_options(t.g), "tries=10,target=128,setup=random");
    rugby_close(&t);

    static const struct {
        const char *options, *error;
    } bad[] = {
        {"tries=4", "rugby: bad value '4' for tries (expected 5..10)"},
        {"tries=11", "rugby: bad value '11' for tries (expected 5..10)"},
        {"target=94", "rugby: bad value '94' for target (expected 1 to the board's total, 93 "
                      "with tries=5)"},
        {"target=0", "rugby: bad value '0' for target (expected 1 to the board's total, 93 with "
                     "5 tries)"},
        {"setup=chance", "rugby: bad value 'chance' for setup (expected players or random)"},
        {"board=9", "rugby: unknown option 'board' (known: tries, target, setup)"},
    };
    rugby_open(&t, "");
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char err[256] = "";
        ck_assert_ptr_null(t.r->game_new(bad[i].options, err, sizeof err));
        ck_assert_str_eq(err, bad[i].error);
    }
    rugby_close(&t);
}
END_TEST

START_TEST(notation)
{
    rugby t;
    rugby_open(&t, "");
    static const struct {
        const char *name;
        int32_t action;
    } good[] = {{"A1", 0},
                {"G1", 6},
                {"C7", 44},
                {"G15", 104},
                {"pass", 105},
                {"O@A1", 106},
                {"P@C14", 106 + 105 + 93},
                {"X@D1", 106 + 210 + 3},
                {"G@G15", 945}};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        int32_t a = -1;
        char name[16];
        ck_assert_int_eq(t.r->parse_action(t.s, good[i].name, &a), 0);
        ck_assert_int_eq(a, good[i].action);
        ck_assert_uint_eq(t.r->action_name(t.s, a, name, sizeof name), strlen(good[i].name));
        ck_assert_str_eq(name, good[i].name);
    }
    static const char *const junk[] = {"",     "H1",   "A0",   "A16",  "A01",   "c7",   "C 7", "O@",
                                       "O@H1", "Z@A1", "?@A1", ".@A1", "O@A1x", "Pass", "C7 "};
    for (size_t i = 0; i < sizeof junk / sizeof junk[0]; i++) {
        int32_t a;
        ck_assert_msg(t.r->parse_action(t.s, junk[i], &a) == -1, "'%s' parsed", junk[i]);
    }
    rugby_close(&t);
}
END_TEST

static long perft(const arena_rules *r, const arena_state *s, int depth)
{
    if (depth == 0) return 1;
    int32_t legal[RG_FIELDS + 1];
    int n = r->legal_actions(s, legal, RG_FIELDS + 1);
    long sum = 0;
    for (int i = 0; i < n; i++) {
        arena_state *c = r->state_clone(s);
        r->apply(c, legal[i]);
        sum += perft(r, c, depth - 1);
        r->state_free(c);
    }
    return sum;
}

/* The tries go on 21 in-goal fields one by one: 21, 21*20, 21*20*19. */
START_TEST(first_levels)
{
    rugby t;
    rugby_open(&t, "");
    ck_assert_int_eq(perft(t.r, t.s, 1), 21);
    ck_assert_int_eq(perft(t.r, t.s, 2), 420);
    ck_assert_int_eq(perft(t.r, t.s, 3), 7980);
    rugby_close(&t);
}
END_TEST

START_TEST(random_setup_chance)
{
    rugby t;
    rugby_open(&t, "setup=random");
    ck_assert_int_eq(t.r->current_player(t.s), ARENA_CHANCE);
    arena_chance_outcome out[RG_FIELDS];
    ck_assert_int_eq(t.r->chance_outcomes(t.s, out, RG_FIELDS), 21);
    for (int i = 0; i < 21; i++)
        ck_assert(out[i].prob == 1.0 / 21);
    rugby_play(&t, "O@C1 O@C2 O@C3 O@A1 O@B1 P@C13 P@C14 P@A13 P@B15");
    /* the last P has one field left, C15: placed at once, no node */
    ck_assert_int_eq(t.s->placed[0], 10);
    ck_assert_int_eq(t.s->board[0][rg_field(15, 2)], RG_P);
    ck_assert_int_eq(t.r->chance_outcomes(t.s, out, RG_FIELDS), 21 - 5);
    ck_assert_int_eq(out[0].action, 106 + 210 + 3); /* X@D1 */
    rugby_close(&t);
}
END_TEST

START_TEST(render_views)
{
    rugby t;
    rugby_open(&t, "");
    rugby_lay_both(&t, rugby_layout);
    rugby_play(&t, "A1 C1");
    char mine[4096], theirs[4096], all[4096];
    t.r->render(t.s, 0, mine, sizeof mine);
    t.r->render(t.s, 1, theirs, sizeof theirs);
    t.r->render(t.s, -1, all, sizeof all);
    /* row 1 from seat 0: its own board whole with C1 found ('x'), seat 1's
     * board hidden but for A1 ('o') */
    ck_assert_ptr_nonnull(strstr(mine, " 1  O O x O . . .        1  o ? ? ? ? ? ?\n"));
    ck_assert_ptr_nonnull(strstr(theirs, " 1  ? ? x ? ? ? ?        1  o O X O . . .\n"));
    ck_assert_ptr_nonnull(strstr(all, " 1  O O x O . . .        1  o O X O . . .\n"));
    ck_assert_ptr_nonnull(strstr(all, "Seat 0 to guess (3 bonus guesses left)"));
    rugby_close(&t);
}
END_TEST

/* evaluate (rules.h): seat 0's value, after checking that the two values
 * sum to 1. */
static double value_of(const rugby *t)
{
    ck_assert_msg(ARENA_RULES_HAS(t->r, evaluate) && t->r->evaluate, "rugby lacks evaluate");
    double v[2] = {-1, -1};
    t->r->evaluate(t->s, v);
    ck_assert_msg(v[0] >= 0 && v[0] <= 1 && v[0] + v[1] > 1 - 1e-9 && v[0] + v[1] < 1 + 1e-9,
                  "values %g and %g", v[0], v[1]);
    return v[0];
}

/* The heuristic on the tests' layout (both boards alike), hand-worked: even
 * during the setup; at the first guess seat 0 is half a guess ahead; a try
 * found raises its value, a miss lowers it (the turn passes), and seat 1
 * hitting a black field (three bonus guesses for seat 0) raises it again. */
START_TEST(evaluate_by_hand)
{
    rugby t;
    rugby_open(&t, "");
    double setup = value_of(&t);
    ck_assert_msg(setup == 0.5, "the setup valued %g", setup);
    rugby_lay_both(&t, rugby_layout);
    double first = value_of(&t);
    ck_assert_msg(first > 0.5, "seat 0 to guess first valued %g", first);
    rugby_play(&t, "A1"); /* seat 0 finds a try: 5 points */
    double try = value_of(&t);
    ck_assert_msg(try > first, "a try found: %g after %g", try, first);
    rugby_play(&t, "E6"); /* seat 1: a scrum, 1 point */
    double scrum = value_of(&t);
    ck_assert_msg(scrum < try, "seat 1's point left seat 0 at %g (was %g)", scrum, try);
    rugby_play(&t, "E1"); /* seat 0 misses */
    double miss = value_of(&t);
    rugby_play(&t, "C1"); /* seat 1 hits a black field: seat 0 guesses three times */
    double black = value_of(&t);
    ck_assert_msg(black > miss, "seat 1's black field: %g after %g", black, miss);
    rugby_close(&t);
}
END_TEST

void rugby_add_module(Suite *s)
{
    TCase *tc = tcase_create("module");
    tcase_add_test(tc, traits_and_options);
    tcase_add_test(tc, notation);
    tcase_add_test(tc, first_levels);
    tcase_add_test(tc, random_setup_chance);
    tcase_add_test(tc, render_views);
    tcase_add_test(tc, evaluate_by_hand);
    suite_add_tcase(s, tc);
}
