/* sprt_test_sim.c -- the SPRT's error rates on simulated paired games drawn
 * from a known Elo difference (elo0 = 0, elo1 = 5, alpha = beta = 0.05).
 * Pure computation with a fixed seed: deterministic, a fraction of a second.
 *
 * Each game independently: draws 60 %, wins and losses share the rest so that
 * the expected score is 1 / (1 + 10^(-elo/400)). At the true difference elo0
 * the test may wrongly accept H1 at most about alpha of the time; at 10 Elo
 * (beyond elo1) it may wrongly accept H0 at most beta of the time. The limit
 * allows three standard errors of the observed rate. */
#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>

#include "sprt.h"

#define RUNS 300
#define MAX_PAIRS 200000

static uint64_t next_u64(uint64_t *s) /* splitmix64 */
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static double uniform(uint64_t *s)
{
    return (double)(next_u64(s) >> 11) / 9007199254740992.0;
}

static double game(uint64_t *rng, double win, double draw)
{
    double u = uniform(rng);
    return u < win ? 1 : u < win + draw ? 0.5 : 0;
}

/* One SPRT run; its verdict, and the pairs it took in *pairs. */
static sprt_state run_one(const sprt_params *p, double true_elo, uint64_t *rng, int64_t *pairs)
{
    double score = 1 / (1 + pow(10, -true_elo / 400)), draw = 0.6;
    double win = score - draw / 2;
    sprt_counts c = {0};
    for (int64_t n = 1; n <= MAX_PAIRS; n++) {
        sprt_counts_add(&c, game(rng, win, draw), game(rng, win, draw));
        sprt_state st = sprt_decide(p, sprt_llr(p, c.penta));
        if (st != SPRT_CONTINUE) {
            *pairs = n;
            return st;
        }
    }
    *pairs = MAX_PAIRS;
    return SPRT_STOPPED;
}

static void simulate(double true_elo, sprt_state wrong, double limit, uint64_t seed)
{
    const sprt_params p = {0, 5, 0.05, 0.05, SPRT_LOGISTIC};
    uint64_t rng = seed;
    int n_wrong = 0, n_stopped = 0;
    int64_t total = 0;
    for (int r = 0; r < RUNS; r++) {
        int64_t pairs;
        sprt_state st = run_one(&p, true_elo, &rng, &pairs);
        n_wrong += st == wrong;
        n_stopped += st == SPRT_STOPPED;
        total += pairs;
    }
    double rate = (double)n_wrong / RUNS;
    double allowed = limit + 3 * sqrt(limit * (1 - limit) / RUNS);
    printf("sprt simulation: true %+.0f Elo, %d runs: %s %.1f %% (limit %.1f %%), "
           "mean %.0f games\n",
           true_elo, RUNS, sprt_state_name(wrong), 100 * rate, 100 * allowed,
           2.0 * (double)total / RUNS);
    ck_assert_int_eq(n_stopped, 0);
    ck_assert_msg(rate <= allowed, "wrong verdicts %.3f above %.3f", rate, allowed);
}

START_TEST(test_sim_null)
{
    simulate(0, SPRT_H1, 0.05, 0x5eed0001);
}
END_TEST

START_TEST(test_sim_alternative)
{
    simulate(10, SPRT_H0, 0.05, 0x5eed0002);
}
END_TEST

/* The same machinery must tell: at the true elo1 the H1 verdict should be the
 * common one (about 1 - beta); a test that always said H0 would fail here. */
START_TEST(test_sim_power)
{
    const sprt_params p = {0, 5, 0.05, 0.05, SPRT_LOGISTIC};
    uint64_t rng = 0x5eed0003;
    int h1 = 0;
    for (int r = 0; r < 100; r++) {
        int64_t pairs;
        h1 += run_one(&p, 5, &rng, &pairs) == SPRT_H1;
    }
    ck_assert_msg(h1 >= 80, "H1 accepted %d times in 100 at elo1", h1);
}
END_TEST

TCase *sprt_sim_tcase(void)
{
    TCase *tc = tcase_create("simulated");
    tcase_add_test(tc, test_sim_null);
    tcase_add_test(tc, test_sim_alternative);
    tcase_add_test(tc, test_sim_power);
    return tc;
}
