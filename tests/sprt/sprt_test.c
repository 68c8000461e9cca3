/* sprt_test.c -- known answers of the pentanomial SPRT. The expected numbers
 * were computed once by an independent Python implementation of fishtest's
 * LLRcalc (bisection on the secular equation to 400 halvings), not by this
 * code. */
#include <check.h>
#include <math.h>
#include <stdlib.h>

#include "sprt.h"
#include "support.h"

TCase *sprt_sim_tcase(void);

static const sprt_params p05 = {0, 5, 0.05, 0.05, SPRT_LOGISTIC};

static void check_llr(const sprt_params *p, int64_t a, int64_t b, int64_t c, int64_t d, int64_t e,
                      double want)
{
    const int64_t penta[5] = {a, b, c, d, e};
    double got = sprt_llr(p, penta);
    ck_assert_msg(fabs(got - want) < 1e-7 * (1 + fabs(want)), "LLR %.12f, want %.12f", got, want);
}

START_TEST(test_llr_logistic)
{
    check_llr(&p05, 100, 400, 1000, 420, 80, -1.825308908512);
    check_llr(&p05, 0, 10, 20, 15, 5, 0.533210209973); /* an empty cell: regularised */
    check_llr(&p05, 0, 0, 7, 0, 0, -0.096300502355);   /* four empty cells */
    sprt_params q = {-3, 1, 0.05, 0.05, SPRT_LOGISTIC};
    check_llr(&q, 120, 380, 1000, 400, 100, -0.235661955514);
    sprt_params r = {0, 10, 0.05, 0.05, SPRT_LOGISTIC};
    check_llr(&r, 5000, 20000, 50000, 21000, 5500, -64.737564450107);
}
END_TEST

START_TEST(test_llr_normalized)
{
    sprt_params n5 = {0, 5, 0.05, 0.05, SPRT_NORMALIZED};
    check_llr(&n5, 100, 400, 1000, 420, 80, -0.878965983106);
    sprt_params n10 = {0, 10, 0.05, 0.05, SPRT_NORMALIZED};
    check_llr(&n10, 5, 30, 60, 40, 15, 1.101991517228);
}
END_TEST

START_TEST(test_llr_symmetry_and_empty)
{
    const int64_t none[5] = {0};
    ck_assert(sprt_llr(&p05, none) == 0);
    /* Mirroring the counts and the hypotheses negates nothing but swaps the
     * roles: LLR(elo0, elo1; c) = -LLR(-elo1, -elo0; reversed c) reversed in
     * sign of the alternative, i.e. LLR(-elo1 vs -elo0) on mirrored counts. */
    const int64_t c[5] = {30, 90, 200, 110, 40}, m[5] = {40, 110, 200, 90, 30};
    sprt_params mir = {-5, 0, 0.05, 0.05, SPRT_LOGISTIC};
    double a = sprt_llr(&p05, c), b = sprt_llr(&mir, m);
    ck_assert_msg(fabs(a + b) < 1e-9, "%.12f vs %.12f", a, b);
}
END_TEST

START_TEST(test_bounds_and_decide)
{
    double lo, hi;
    sprt_bounds(&p05, &lo, &hi);
    ck_assert(fabs(lo + 2.944438979166) < 1e-9 && fabs(hi - 2.944438979166) < 1e-9);
    sprt_params q = {0, 5, 0.05, 0.10, SPRT_LOGISTIC};
    sprt_bounds(&q, &lo, &hi);
    ck_assert(fabs(lo - log(0.10 / 0.95)) < 1e-12 && fabs(hi - log(0.90 / 0.05)) < 1e-12);
    ck_assert_int_eq(sprt_decide(&p05, 2.95), SPRT_H1);
    ck_assert_int_eq(sprt_decide(&p05, -2.95), SPRT_H0);
    ck_assert_int_eq(sprt_decide(&p05, 2.9), SPRT_CONTINUE);
    ck_assert_str_eq(sprt_state_name(SPRT_H1), "H1 accepted");
    ck_assert_str_eq(sprt_state_name(SPRT_H0), "H0 accepted");
    ck_assert_str_eq(sprt_state_name(SPRT_STOPPED), "stopped");
}
END_TEST

START_TEST(test_params_check)
{
    char err[128];
    sprt_params p = p05;
    ck_assert_int_eq(sprt_params_check(&p, err, sizeof err), 0);
    p.elo1 = 0;
    ck_assert_int_eq(sprt_params_check(&p, err, sizeof err), -1);
    ck_assert_str_eq(err, "--elo0 must be below --elo1");
    p = p05, p.alpha = 0.5;
    ck_assert_int_eq(sprt_params_check(&p, err, sizeof err), -1);
    p = p05, p.beta = 0;
    ck_assert_int_eq(sprt_params_check(&p, err, sizeof err), -1);
    p = p05, p.elo1 = NAN;
    ck_assert_int_eq(sprt_params_check(&p, err, sizeof err), -1);
}
END_TEST

START_TEST(test_counts)
{
    sprt_counts c = {0};
    sprt_counts_add(&c, 1, 1);     /* WW: cell 4 */
    sprt_counts_add(&c, 1, 0);     /* WL: cell 2 */
    sprt_counts_add(&c, 0.5, 0.5); /* DD: cell 2 */
    sprt_counts_add(&c, 0.5, 0);   /* DL: cell 1 */
    sprt_counts_add(&c, 0, 0);     /* LL: cell 0 */
    sprt_counts_add(&c, 1, 0.5);   /* WD: cell 3 */
    const int64_t want[5] = {1, 1, 2, 1, 1};
    for (int k = 0; k < 5; k++)
        ck_assert_int_eq(c.penta[k], want[k]);
    ck_assert_int_eq(c.wins, 4);
    ck_assert_int_eq(c.draws, 4);
    ck_assert_int_eq(c.losses, 4);
    ck_assert_int_eq(sprt_counts_pairs(&c), 6);
}
END_TEST

START_TEST(test_elo)
{
    const int64_t a[5] = {100, 400, 1000, 420, 80}, b[5] = {5, 30, 60, 40, 15}, z[5] = {0};
    double elo, ci, los;
    sprt_elo(a, &elo, &ci, &los);
    ck_assert_msg(fabs(elo + 1.737192404) < 1e-6, "elo %.9f", elo);
    ck_assert_msg(fabs(ci - 6.681911326) < 1e-6, "ci %.9f", ci);
    ck_assert_msg(fabs(los - 0.305137732) < 1e-6, "los %.9f", los);
    sprt_elo(b, &elo, &ci, &los);
    ck_assert_msg(fabs(elo - 34.860070288) < 1e-6, "elo %.9f", elo);
    ck_assert_msg(fabs(ci - 27.792334035) < 1e-6, "ci %.9f", ci);
    ck_assert_msg(fabs(los - 0.993790335) < 1e-6, "los %.9f", los);
    sprt_elo(z, &elo, &ci, &los);
    ck_assert(elo == 0 && isinf(ci) && los == 0.5);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("sprt");
    TCase *tc = tcase_create("known");
    tcase_add_test(tc, test_llr_logistic);
    tcase_add_test(tc, test_llr_normalized);
    tcase_add_test(tc, test_llr_symmetry_and_empty);
    tcase_add_test(tc, test_bounds_and_decide);
    tcase_add_test(tc, test_params_check);
    tcase_add_test(tc, test_counts);
    tcase_add_test(tc, test_elo);
    suite_add_tcase(s, tc);
    suite_add_tcase(s, sprt_sim_tcase());
    return support_main(s);
}
