/* ratings_test_anchor.c -- Ordo's anchor and "Oppo" column: ratings_anchor
 * and rating_entry.oppo against answers that follow from their definitions. */
#include <check.h>
#include <math.h>
#include <stdlib.h>

#include "ratings.h"
#include "ratings_test_util.h"

/* Two entrants: centred ratings are r and -r, so each one's centred interval
 * is half that of their difference; anchored, the other's interval is the
 * whole difference's, twice the centred one, and the anchor's is 0. */
START_TEST(test_anchor_two)
{
    game_list l = {0};
    rating_fit f;
    char err[128];
    gl_match(&l, 0, 1, 30, 10, 20);
    fit_ok(2, &l, &f);
    double diff = f.entry[0].elo - f.entry[1].elo, ci0 = f.entry[0].ci95;
    double los = f.los[0 * 2 + 1];
    ck_assert_int_eq(ratings_anchor(&f, 1, 1500, err, sizeof err), 0);
    ck_assert_double_eq_tol(f.entry[1].elo, 1500, 1e-9);
    ck_assert_double_eq_tol(f.entry[0].elo, 1500 + diff, 1e-9);
    ck_assert(f.entry[1].ci95 == 0);
    ck_assert_double_eq_tol(f.entry[0].ci95, 2 * ci0, 1e-6);
    ck_assert(f.los[0 * 2 + 1] == los); /* unchanged */
    /* Oppo of each is the other's rating */
    ck_assert_double_eq_tol(f.entry[0].oppo, f.entry[1].elo, 1e-9);
    ck_assert_double_eq_tol(f.entry[1].oppo, f.entry[0].elo, 1e-9);
    ratings_free(&f);
    gl_free(&l);
}
END_TEST

/* Three entrants, unequal numbers of games: Oppo is the game-weighted mean of
 * the opponents' ratings; anchoring keeps every difference and LOS, and the
 * intervals agree with LOS: LOS(j over a) = Phi((Rj - Ra) / (ci_j / 1.96)). */
START_TEST(test_anchor_three_oppo)
{
    game_list l = {0};
    rating_fit f;
    char err[128];
    gl_match(&l, 0, 1, 12, 4, 4); /* 20 games */
    gl_match(&l, 0, 2, 30, 6, 4); /* 40 games */
    gl_match(&l, 1, 2, 5, 2, 3);  /* 10 games */
    fit_ok(3, &l, &f);
    double e[3], want0 = (20 * f.entry[1].elo + 40 * f.entry[2].elo) / 60;
    double want2 = (40 * f.entry[0].elo + 10 * f.entry[1].elo) / 50;
    ck_assert_double_eq_tol(f.entry[0].oppo, want0, 1e-9);
    ck_assert_double_eq_tol(f.entry[2].oppo, want2, 1e-9);
    for (int i = 0; i < 3; i++)
        e[i] = f.entry[i].elo;
    ck_assert_int_eq(ratings_anchor(&f, 2, -100, err, sizeof err), 0);
    ck_assert_double_eq_tol(f.entry[2].elo, -100, 1e-9);
    for (int i = 0; i < 3; i++)
        ck_assert_double_eq_tol(f.entry[i].elo - f.entry[2].elo, e[i] - e[2], 1e-9);
    ck_assert_double_eq_tol(f.entry[0].oppo, want0 + (-100 - e[2]), 1e-9);
    for (int j = 0; j < 2; j++) {
        double sd = f.entry[j].ci95 / 1.959963984540054;
        double los = 0.5 * erfc(-(f.entry[j].elo - f.entry[2].elo) / sd / sqrt(2.0));
        ck_assert_double_eq_tol(los, f.los[j * 3 + 2], 1e-9);
    }
    ratings_free(&f);
    gl_free(&l);
}
END_TEST

START_TEST(test_anchor_refuses)
{
    game_list l = {0};
    rating_fit f;
    char err[128];
    gl_match(&l, 0, 1, 3, 1, 2);
    fit_ok(3, &l, &f); /* entrant 2 has no games */
    ck_assert(isnan(f.entry[2].oppo));
    ck_assert_int_eq(ratings_anchor(&f, 2, 0, err, sizeof err), -1);
    ck_assert_str_eq(err, "the anchor has no games to be rated by");
    ck_assert_int_eq(ratings_anchor(&f, 3, 0, err, sizeof err), -1);
    ratings_free(&f);
    gl_free(&l);
}
END_TEST

TCase *ratings_anchor_tcase(void)
{
    TCase *tc = tcase_create("anchor");
    tcase_add_test(tc, test_anchor_two);
    tcase_add_test(tc, test_anchor_three_oppo);
    tcase_add_test(tc, test_anchor_refuses);
    return tc;
}
