/* ratings_test_model.c -- the internal model: exact derivatives against
 * central finite differences, and the linear algebra against a known inverse. */
#include <check.h>
#include <math.h>
#include <stdlib.h>

#include "ratings.h"
#include "ratings_internal.h"

/* Three rated entrants, every outcome kind, virtual opponents included. */
static const ratings_obs obs[] = {
    {0, 1, RATINGS_FIRST_WINS, 3},    {1, 0, RATINGS_DRAW, 2},
    {0, 2, RATINGS_SECOND_WINS, 1},   {2, 1, RATINGS_FIRST_WINS, 4},
    {2, 0, RATINGS_DRAW, 1},          {0, -1, RATINGS_DRAW, 1},
    {-1, 2, RATINGS_DRAW, 1},         {-1, -1, RATINGS_FIRST_WINS, 1},
    {-1, -1, RATINGS_SECOND_WINS, 1},
};

START_TEST(test_derivatives)
{
    const ratings_model mod = {3, sizeof obs / sizeof *obs, obs};
    double theta[5] = {120, -40, 15, 25, 80}, grad[5], hess[25], g1[5], g2[5], h[25];
    const double eps = 1e-3;
    ratings_derivs(&mod, theta, grad, hess);
    for (int i = 0; i < 5; i++) {
        double t[5];
        for (int k = 0; k < 5; k++)
            t[k] = theta[k];
        t[i] = theta[i] + eps;
        double up = ratings_logpost(&mod, t);
        ratings_derivs(&mod, t, g1, h);
        t[i] = theta[i] - eps;
        double down = ratings_logpost(&mod, t);
        ratings_derivs(&mod, t, g2, h);
        double fd = (up - down) / (2 * eps);
        ck_assert_msg(fabs(fd - grad[i]) < 1e-7 * (1 + fabs(fd)), "grad %d: %g vs %g", i, grad[i],
                      fd);
        for (int j = 0; j < 5; j++) {
            double fh = (g1[j] - g2[j]) / (2 * eps);
            ck_assert_msg(fabs(fh - hess[i * 5 + j]) < 1e-8 + 1e-5 * fabs(fh),
                          "hess %d,%d: %g vs %g", i, j, hess[i * 5 + j], fh);
            ck_assert_double_eq_tol(hess[i * 5 + j], hess[j * 5 + i], 1e-15);
        }
    }
}
END_TEST

/* log f stays finite and accurate far out in both tails. */
START_TEST(test_log_f)
{
    ck_assert_double_eq_tol(ratings_log_f(0), log(0.5), 1e-15);
    ck_assert_double_eq_tol(ratings_log_f(400), log(10.0 / 11), 1e-15);
    ck_assert_double_eq_tol(ratings_log_f(-400), log(1.0 / 11), 1e-14);
    ck_assert_double_eq_tol(ratings_log_f(-200000), -200000 * RATINGS_K, 1e-6);
    ck_assert(ratings_log_f(200000) <= 0 && ratings_log_f(200000) > -1e-300);
}
END_TEST

START_TEST(test_linalg)
{
    /* [[4,2],[2,3]]^-1 = [[3,-2],[-2,4]] / 8 */
    const double a[4] = {4, 2, 2, 3};
    double inv[4], x[2] = {1, 2}, l[4] = {4, 2, 2, 3};
    ck_assert_int_eq(ratings_spd_inverse(a, 2, inv), 0);
    ck_assert_double_eq_tol(inv[0], 3.0 / 8, 1e-15);
    ck_assert_double_eq_tol(inv[1], -2.0 / 8, 1e-15);
    ck_assert_double_eq_tol(inv[3], 4.0 / 8, 1e-15);
    ck_assert_int_eq(ratings_cholesky(l, 2), 0);
    ratings_cholesky_solve(l, 2, x);
    ck_assert_double_eq_tol(x[0], -1.0 / 8, 1e-15);
    ck_assert_double_eq_tol(x[1], 6.0 / 8, 1e-15);
    const double bad[4] = {1, 2, 2, 1};
    ck_assert_int_eq(ratings_spd_inverse(bad, 2, inv), -1);
}
END_TEST

/* The games' observations counted in a table and sorted are the same array:
 * random games among 1 to 40 entrants, some of them unrated (param -1), every
 * outcome; and each count is the number of such games. */
START_TEST(test_obs_table_equals_sort)
{
    srand(11);
    for (int trial = 0; trial < 200; trial++) {
        int n = 1 + rand() % 40, param[40], m = 0;
        for (int i = 0; i < n; i++)
            param[i] = rand() % 5 == 0 ? -1 : m++;
        size_t ng = (size_t)(rand() % 300);
        rating_game *g = malloc((ng ? ng : 1) * sizeof *g);
        static const double score[] = {0, 0.5, 1};
        for (size_t i = 0; i < ng; i++)
            g[i] = (rating_game){rand() % n, rand() % n, score[rand() % 3], 0, 1};
        size_t nt, ns;
        ratings_obs *t = ratings_build_obs(g, ng, param, m, 1, &nt);
        ratings_obs *o = ratings_build_obs(g, ng, param, m, 0, &ns);
        ck_assert_uint_eq(nt, ns);
        double total = 0;
        for (size_t i = 0; i < nt; i++) {
            ck_assert_msg(t[i].a == o[i].a && t[i].b == o[i].b && t[i].outcome == o[i].outcome &&
                              t[i].weight == o[i].weight,
                          "trial %d, observation %zu: (%d %d %d %g) by table, (%d %d %d %g) sorted",
                          trial, i, t[i].a, t[i].b, t[i].outcome, t[i].weight, o[i].a, o[i].b,
                          o[i].outcome, o[i].weight);
            if (i + 2 * (size_t)m + 2 < nt) total += t[i].weight; /* the games' own */
        }
        ck_assert_double_eq(total, (double)ng);
        free(t);
        free(o);
        free(g);
    }
}
END_TEST

TCase *ratings_model_tcase(void)
{
    TCase *tc = tcase_create("model");
    tcase_add_test(tc, test_derivatives);
    tcase_add_test(tc, test_log_f);
    tcase_add_test(tc, test_linalg);
    tcase_add_test(tc, test_obs_table_equals_sort);
    return tc;
}
