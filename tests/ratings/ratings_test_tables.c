/* ratings_test_tables.c -- results of multiplayer tables (rating_game.table):
 * one finishing order of k seats is k(k-1)/2 pairwise results that move
 * together, and the 95 % intervals must count that. Known answers: the
 * coverage of the intervals over simulated tournaments whose true ratings
 * are known, with finishing orders drawn from the Plackett-Luce model, whose
 * pairwise marginals are exactly the fit's logistic model (Luce's choice
 * axiom): only the dependence within a table is left for the intervals to
 * get right. */
#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "ratings.h"
#include "tally.h"

#define COV_PLAYERS 6

static uint64_t cov_rng = 0x9E3779B97F4A7C15ull;

static double uniform(void)
{
    cov_rng ^= cov_rng << 13, cov_rng ^= cov_rng >> 7, cov_rng ^= cov_rng << 17;
    return (double)(cov_rng >> 11) / 9007199254740992.0;
}

/* A Plackett-Luce finishing order of the seated players: returns by seat,
 * k-1 for the first, 0 for the last. */
static void finishing_order(const double *truth, const int *who, int k, double *ret)
{
    int left[ARENA_MAX_PLAYERS];
    for (int i = 0; i < k; i++)
        left[i] = i;
    for (int place = 0, n = k; place < k; place++, n--) {
        double w[ARENA_MAX_PLAYERS], total = 0;
        for (int i = 0; i < n; i++)
            total += w[i] = pow(10, truth[who[left[i]]] / 400);
        double u = uniform() * total;
        int pick = n - 1;
        for (int i = 0; i < n - 1; i++)
            if ((u -= w[i]) < 0) {
                pick = i;
                break;
            }
        ret[left[pick]] = k - 1 - place;
        left[pick] = left[n - 1];
    }
}

/* The share of 95 % intervals (each player's centred rating) that miss the
 * true centred rating, over `reps` tournaments of `tables` tables of k
 * random players in random seats. */
static double miss_rate(int k, int tables, int reps)
{
    const double truth[COV_PLAYERS] = {-250, -150, -50, 50, 150, 250}; /* centred */
    int misses = 0, checks = 0;
    for (int r = 0; r < reps; r++) {
        tally t;
        tally_init(&t, COV_PLAYERS);
        for (int g = 0; g < tables; g++) {
            match_record m = {.index = (uint32_t)g, .num_players = k};
            int pool[COV_PLAYERS] = {0, 1, 2, 3, 4, 5};
            for (int i = 0; i < k; i++) { /* k distinct players, shuffled */
                int j = i + (int)(uniform() * (COV_PLAYERS - i));
                int x = pool[i];
                pool[i] = pool[j], pool[j] = x;
                m.seat_entrant[i] = pool[i];
            }
            finishing_order(truth, m.seat_entrant, k, m.returns);
            tally_add(&t, &m);
        }
        rating_fit f;
        char err[128];
        ck_assert_msg(ratings_fit(COV_PLAYERS, t.games, t.n_games, &f, err, sizeof err) == 0, "%s",
                      err);
        for (int i = 0; i < COV_PLAYERS; i++, checks++)
            misses += fabs(f.entry[i].elo - truth[i]) > f.entry[i].ci95;
        ratings_free(&f);
        tally_free(&t);
    }
    return (double)misses / checks;
}

START_TEST(test_coverage_at_four_seat_tables)
{
    double miss = miss_rate(4, 150, 2000);
    fprintf(stderr, "4 seats: %.1f %% of 95 %% intervals missed\n", 100 * miss);
    ck_assert_msg(miss > 0.035 && miss < 0.07, "%.1f %% missed", 100 * miss);
}
END_TEST

START_TEST(test_coverage_at_two_seat_tables)
{
    double miss = miss_rate(2, 900, 2000);
    fprintf(stderr, "2 seats: %.1f %% of 95 %% intervals missed\n", 100 * miss);
    ck_assert_msg(miss > 0.035 && miss < 0.07, "%.1f %% missed", 100 * miss);
}
END_TEST

/* The same finishing orders fitted as tables and as independent results:
 * the ratings agree (the same likelihood), the intervals of tables are wider
 * (the results of an order move together: the first beat everyone at once),
 * and numbering two-seat results changes nothing (a table of one result). */
START_TEST(test_tables_widen_and_only_tables)
{
    tally t;
    tally_init(&t, COV_PLAYERS);
    for (int g = 0; g < 120; g++) {
        match_record m = {.index = (uint32_t)g, .num_players = 4};
        for (int i = 0; i < 4; i++)
            m.seat_entrant[i] = (g + i * (1 + g % 5)) % COV_PLAYERS;
        int distinct = 1;
        for (int i = 0; i < 4; i++)
            for (int j = 0; j < i; j++)
                distinct &= m.seat_entrant[i] != m.seat_entrant[j];
        if (!distinct) continue;
        const double truth[COV_PLAYERS] = {-250, -150, -50, 50, 150, 250};
        finishing_order(truth, m.seat_entrant, 4, m.returns);
        tally_add(&t, &m);
    }
    ck_assert_uint_gt(t.n_games, 250);
    rating_fit tables, apart, reversed;
    char err[128];
    ck_assert(ratings_fit(COV_PLAYERS, t.games, t.n_games, &tables, err, sizeof err) == 0);
    /* the tables in another order (as a tournament's own results come in
     * the order they finished): bit for bit the same fit (merge relies on it) */
    size_t nt = t.n_games / 6;
    rating_game *rev = malloc(t.n_games * sizeof *rev);
    for (size_t b = 0; b < nt; b++)
        for (int k = 0; k < 6; k++)
            rev[b * 6 + k] = t.games[(nt - 1 - b) * 6 + k];
    ck_assert(ratings_fit(COV_PLAYERS, rev, t.n_games, &reversed, err, sizeof err) == 0);
    for (int i = 0; i < COV_PLAYERS; i++)
        ck_assert(reversed.entry[i].ci95 == tables.entry[i].ci95);
    free(rev);
    ratings_free(&reversed);
    for (size_t i = 0; i < t.n_games; i++)
        t.games[i].table = 0;
    ck_assert(ratings_fit(COV_PLAYERS, t.games, t.n_games, &apart, err, sizeof err) == 0);
    for (int i = 0; i < COV_PLAYERS; i++) {
        ck_assert_double_eq_tol(tables.entry[i].elo, apart.entry[i].elo, 1e-9);
        ck_assert_msg(tables.entry[i].ci95 > 1.03 * apart.entry[i].ci95, "player %d: %g vs %g", i,
                      tables.entry[i].ci95, apart.entry[i].ci95);
    }
    ratings_free(&tables);
    /* every result a table of its own: as independent results */
    for (size_t i = 0; i < t.n_games; i++)
        t.games[i].table = (uint32_t)i + 1;
    ck_assert(ratings_fit(COV_PLAYERS, t.games, t.n_games, &tables, err, sizeof err) == 0);
    for (int i = 0; i < COV_PLAYERS; i++)
        ck_assert(tables.entry[i].ci95 == apart.entry[i].ci95);
    ck_assert(tables.advantage_ci95 == apart.advantage_ci95);
    ratings_free(&tables);
    ratings_free(&apart);
    tally_free(&t);
}
END_TEST

/* Few tables: what a table's results share is then estimated from a
 * handful of them, and that noise may not narrow an interval (an audit saw
 * half of them narrower with 3 tables): no interval is ever below the one
 * of the same results counted as independent. */
START_TEST(test_few_tables_never_narrow)
{
    const double truth[COV_PLAYERS] = {-250, -150, -50, 50, 150, 250};
    for (int rep = 0; rep < 200; rep++) {
        tally t;
        tally_init(&t, COV_PLAYERS);
        int tables = 2 + rep % 6;
        for (int g = 0; g < tables; g++) {
            match_record m = {.index = (uint32_t)g, .num_players = 3};
            for (int i = 0; i < 3; i++)
                m.seat_entrant[i] = (rep + g + 2 * i) % COV_PLAYERS;
            finishing_order(truth, m.seat_entrant, 3, m.returns);
            tally_add(&t, &m);
        }
        rating_fit with, apart;
        char err[128];
        ck_assert(ratings_fit(COV_PLAYERS, t.games, t.n_games, &with, err, sizeof err) == 0);
        for (size_t i = 0; i < t.n_games; i++)
            t.games[i].table = 0;
        ck_assert(ratings_fit(COV_PLAYERS, t.games, t.n_games, &apart, err, sizeof err) == 0);
        for (int i = 0; i < COV_PLAYERS; i++)
            ck_assert_msg(!(with.entry[i].ci95 < apart.entry[i].ci95 * (1 - 1e-9)),
                          "%d tables, player %d: %g below %g", tables, i, with.entry[i].ci95,
                          apart.entry[i].ci95);
        ck_assert(!(with.advantage_ci95 < apart.advantage_ci95 * (1 - 1e-9)));
        ratings_free(&with);
        ratings_free(&apart);
        tally_free(&t);
    }
}
END_TEST

TCase *ratings_tables_tcase(void)
{
    TCase *tc = tcase_create("tables");
    tcase_add_test(tc, test_coverage_at_four_seat_tables);
    tcase_add_test(tc, test_coverage_at_two_seat_tables);
    tcase_add_test(tc, test_tables_widen_and_only_tables);
    tcase_add_test(tc, test_few_tables_never_narrow);
    return tc;
}
