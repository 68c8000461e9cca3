/* test_kurnik_evaluate.c -- the module's evaluate (rules.h) and the tables
 * it reads: the one-player race solved at build time (values_gen.c) agrees
 * with an independent solver (race_reference.c) state by state, and the values of
 * hand-made positions order as the race says: the seat that rolls first is
 * ahead at the start, a hen more is worth more, a seat whose exchanges
 * reach nine hens now has won, and at four players the values stay shares
 * (they sum to two: six pairs, one result each). */
#include <math.h>
#include <stdio.h>

#include "kurnik_engine.h" /* rules/kurnik/include */
#include "kurnik_test.h"
#include "race_reference.h"

/* Every state of the grid: the build's tables against the reference solver
 * (both stop iterating within 1e-4 of the fixed point). */
START_TEST(tables_agree_with_the_reference)
{
    const struct race_ref *p = race_ref_get();
    double worst = 0;
    for (unsigned r = 0; r < 2; r++)
        for (unsigned h = 0; h < KU_VALUES_HENS; h++)
            for (unsigned c = 0; c < KU_VALUES_CHICKS; c++)
                for (unsigned e = 0; e < KU_VALUES_EGGS; e++) {
                    race_ref_goods g = {e, c, h, r};
                    int i = ku_values_at(e, c, h, r);
                    double d1 = fabs(race_ref_end_value(p, g) - ku_turns_end[i]);
                    double d2 = fabs(race_ref_value(p, g) - ku_turns_mid[i]);
                    if (d1 > worst) worst = d1;
                    if (d2 > worst) worst = d2;
                    /* a variance is never negative */
                    ck_assert_msg(ku_turns_end2[i] >= ku_turns_end[i] * ku_turns_end[i] - 1e-3,
                                  "end moments at %u %u %u %u", e, c, h, r);
                }
    ck_assert_msg(worst < 2e-3, "the tables differ from the reference by %g turns", worst);
    /* hand-worked: a hen to make from chicks in hand is a win now */
    ck_assert(ku_turns_mid[ku_values_at(0, 3, 8, 0)] == 0);
    ck_assert(ku_turns_mid[ku_values_at(0, 2, 8, 0)] > 1);
}
END_TEST

static void values(kt *k, double *v)
{
    ck_assert_msg(ARENA_RULES_HAS(k->r, evaluate) && k->r->evaluate, "kurnik lacks evaluate");
    k->r->evaluate(k->s, v);
}

START_TEST(evaluate_by_hand)
{
    kt k;
    kt_open(&k, "");
    double v[4];
    values(&k, v); /* the start: seat 0 rolls first */
    ck_assert_msg(v[0] > 0.5 && v[0] < 0.6 && fabs(v[0] + v[1] - 1) < 1e-9, "start %g %g", v[0],
                  v[1]);
    kt_set(&k, 1, (kt_goods){0, 0, 2, 0}); /* seat 1 two hens up */
    values(&k, v);
    ck_assert_msg(v[1] > 0.5, "two hens up: %g", v[1]);
    double two = v[1];
    kt_set(&k, 1, (kt_goods){0, 0, 3, 0});
    values(&k, v);
    ck_assert_msg(v[1] > two, "three hens up: %g, two %g", v[1], two);
    /* seat 0 rolls a chick to three with eight hens: its exchanges win */
    kt_set(&k, 0, (kt_goods){0, 2, 8, 0});
    kt_play(&k, "roll:1-4");
    values(&k, v);
    ck_assert_msg(v[0] == 1 && v[1] == 0, "a win in hand valued %g %g", v[0], v[1]);
    kt_play(&k, "chick>hen"); /* nine hens: `end` wins */
    values(&k, v);
    ck_assert_msg(v[0] == 1, "nine hens valued %g", v[0]);
    kt_close(&k);
}
END_TEST

START_TEST(evaluate_four_players)
{
    kt k;
    kt_open(&k, "players=4");
    double v[4];
    values(&k, v); /* the start: each seat's chance falls with its place */
    ck_assert_msg(fabs(v[0] + v[1] + v[2] + v[3] - 2) < 1e-9, "sum %g", v[0] + v[1] + v[2] + v[3]);
    ck_assert_msg(v[0] > v[1] && v[1] > v[2] && v[2] > v[3], "start %g %g %g %g", v[0], v[1], v[2],
                  v[3]);
    kt_set(&k, 2, (kt_goods){0, 2, 8, 1});
    kt_play(&k, "roll:1-2 end roll:1-2 end roll:1-4"); /* seat 2 rolls its third chick */
    values(&k, v);
    ck_assert_msg(v[2] == 1 && v[0] < 1 && v[1] < 1 && v[3] < 1, "a win in hand: %g", v[2]);
    ck_assert_msg(fabs(v[0] + v[1] + v[2] + v[3] - 2) < 1e-9, "sum %g", v[0] + v[1] + v[2] + v[3]);
    kt_close(&k);
}
END_TEST

Suite *kurnik_evaluate_suite(void)
{
    Suite *s = suite_create("kurnik_evaluate");
    TCase *tc = tcase_create("evaluate");
    tcase_add_test(tc, tables_agree_with_the_reference);
    tcase_add_test(tc, evaluate_by_hand);
    tcase_add_test(tc, evaluate_four_players);
    suite_add_tcase(s, tc);
    return s;
}
