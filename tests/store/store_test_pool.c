/* store_test_pool.c -- rating pools: pairwise expansion, pool isolation,
 * labels, option lists and rating history. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "store_test.h"

static int label_index(const pool_data *p, const char *label)
{
    for (int i = 0; i < p->n_bots; i++)
        if (strcmp(p->bots[i].label, label) == 0) return i;
    ck_abort_msg("no bot labelled %s", label);
    return -1;
}

static void assert_game(const pool_data *p, size_t g, const char *a, const char *b, double score)
{
    ck_assert_uint_lt(g, p->n_games);
    ck_assert_int_eq(p->games[g].a, label_index(p, a));
    ck_assert_int_eq(p->games[g].b, label_index(p, b));
    ck_assert_double_eq(p->games[g].score, score);
}

static pool_data load(store *s, const char *game, const char *options)
{
    char err[512] = "";
    pool_data p;
    ck_assert_msg(store_pool_load(s, game, options, &p, err, sizeof err) == 0, "%s", err);
    return p;
}

START_TEST(pairwise_across_tournaments)
{
    char *tmp = st_tmpdir(), err[512] = "";
    entrant a = st_entrant("A", "1", SHA("a")), b = st_entrant("B", "1", SHA("b"));
    entrant c = st_entrant("C", "1", SHA("c"));
    store *s = store_open(tmp, err, sizeof err);
    ck_assert_msg(s != NULL, "%s", err);
    int64_t t1 = st_tournament(s, "g", "k=1", (entrant *[]){&a, &b, &c}, 3);
    st_commit(s, t1, 0, 2, (int[]){0, 1}, (double[]){1, -1});    /* A beats B */
    st_commit(s, t1, 1, 2, (int[]){1, 0}, (double[]){0.5, 0.5}); /* B draws A */
    /* Same pool, other order of entrants: C, A, B; C and B tie for first. */
    int64_t t2 = st_tournament(s, "g", "k=1", (entrant *[]){&c, &a, &b}, 3);
    st_commit(s, t2, 0, 3, (int[]){0, 1, 2}, (double[]){3, 1, 3});
    /* Other pools: same game other options, other game same options. */
    int64_t t3 = st_tournament(s, "g", "k=2", (entrant *[]){&a, &b}, 2);
    st_commit(s, t3, 0, 2, (int[]){1, 0}, (double[]){1, 0});
    int64_t t4 = st_tournament(s, "h", "k=1", (entrant *[]){&a, &b}, 2);
    st_commit(s, t4, 0, 2, (int[]){0, 1}, (double[]){0, 1});
    st_tournament(s, "g", "k=3", (entrant *[]){&a, &b}, 2); /* no matches: no pool */

    pool_data p = load(s, "g", "k=1");
    ck_assert_int_eq(p.n_bots, 3);
    ck_assert_str_eq(p.bots[0].label, "A"); /* first seen first */
    ck_assert_int_eq(p.bots[0].bot_id, a.store_id);
    ck_assert_uint_eq(p.n_games, 5);
    assert_game(&p, 0, "A", "B", 1);
    assert_game(&p, 1, "B", "A", 0.5);
    assert_game(&p, 2, "C", "A", 1);
    assert_game(&p, 3, "C", "B", 0.5);
    assert_game(&p, 4, "A", "B", 0);
    store_pool_free(&p);

    p = load(s, "g", "k=2");
    ck_assert_int_eq(p.n_bots, 2);
    ck_assert_uint_eq(p.n_games, 1);
    assert_game(&p, 0, "B", "A", 1);
    store_pool_free(&p);

    p = load(s, "g", "k=9");
    ck_assert_int_eq(p.n_bots, 0);
    ck_assert_uint_eq(p.n_games, 0);
    store_pool_free(&p);

    char **opts;
    size_t n;
    ck_assert_int_eq(store_pools(s, "g", &opts, &n, err, sizeof err), 0);
    ck_assert_uint_eq(n, 2);
    ck_assert_str_eq(opts[0], "k=1");
    ck_assert_str_eq(opts[1], "k=2");
    store_pools_free(opts, n);
    ck_assert_int_eq(store_pools(s, "none", &opts, &n, err, sizeof err), 0);
    ck_assert_uint_eq(n, 0);
    store_pools_free(opts, n);
    store_close(s);
    st_rmtree(tmp);
}
END_TEST

START_TEST(labels_disambiguated)
{
    char *tmp = st_tmpdir(), err[512] = "";
    entrant x1 = st_entrant("x", "1", SHA("a")), x1b = st_entrant("x", "1", SHA("b"));
    entrant x2 = st_entrant("x", "2", SHA("c")), y = st_entrant("it's \"y\"", "1", SHA("d"));
    store *s = store_open(tmp, err, sizeof err);
    ck_assert_msg(s != NULL, "%s", err);
    int64_t t = st_tournament(s, "g", "", (entrant *[]){&x1, &x1b, &x2, &y}, 4);
    st_commit(s, t, 0, 4, (int[]){0, 1, 2, 3}, (double[]){4, 3, 2, 1});
    pool_data p = load(s, "g", "");
    ck_assert_int_eq(p.n_bots, 4);
    ck_assert_str_eq(p.bots[0].label, "x@aaaaaaaa");
    ck_assert_str_eq(p.bots[1].label, "x@bbbbbbbb");
    ck_assert_str_eq(p.bots[2].label, "x@2");
    ck_assert_str_eq(p.bots[3].label, "it's \"y\"");
    ck_assert_uint_eq(p.n_games, 6);
    for (size_t i = 0; i < p.n_games; i++)
        ck_assert_double_eq(p.games[i].score, 1);
    store_pool_free(&p);
    store_close(s);
    st_rmtree(tmp);
}
END_TEST

START_TEST(rating_snapshot_rows)
{
    char *tmp = st_tmpdir(), *db = st_join(tmp, "arena.db"), err[512] = "";
    entrant a = st_entrant("A", "1", SHA("a")), b = st_entrant("B", "1", SHA("b"));
    store *s = store_open(tmp, err, sizeof err);
    ck_assert_msg(s != NULL, "%s", err);
    int64_t t = st_tournament(s, "g", "", (entrant *[]){&a, &b}, 2);
    st_commit(s, t, 0, 2, (int[]){0, 1}, (double[]){1, 0});
    pool_data p = load(s, "g", "");
    rating_entry entry[2] = {{.elo = 50, .ci95 = 20, .games = 1},
                             {.elo = -50, .ci95 = INFINITY, .games = 1}};
    rating_fit fit = {.n = 2, .entry = entry};
    ck_assert_msg(store_rating_snapshot(s, t, "g", "", &p, &fit, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(store_rating_snapshot(s, 0, "g", "", &p, &fit, err, sizeof err) == 0, "%s", err);
    /* taken again (a resume after a kill before the finished mark): replaced */
    entry[0].elo = 60, entry[1].elo = -60;
    ck_assert_msg(store_rating_snapshot(s, t, "g", "", &p, &fit, err, sizeof err) == 0, "%s", err);
    fit.n = 1;
    ck_assert_int_eq(store_rating_snapshot(s, t, "g", "", &p, &fit, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, db));
    store_pool_free(&p);
    store_close(s);
    ck_assert_int_eq(st_query_int(db, "SELECT count(*) FROM rating_history"), 4);
    ck_assert_int_eq(st_query_int(db, "SELECT count(*) FROM rating_history WHERE ci95 IS NULL"), 2);
    ck_assert_int_eq(st_query_int(db, "SELECT sum(elo) FROM rating_history WHERE tournament_id"
                                      " IS NULL"),
                     0);
    ck_assert_int_eq(st_query_int(db, "SELECT count(*) FROM rating_history WHERE tournament_id"
                                      " IS NOT NULL AND abs(elo) = 60"),
                     2);
    free(db);
    st_rmtree(tmp);
}
END_TEST

Suite *store_pool_suite(void)
{
    Suite *s = suite_create("store_pool");
    TCase *tc = tcase_create("pool");
    tcase_add_test(tc, pairwise_across_tournaments);
    tcase_add_test(tc, labels_disambiguated);
    tcase_add_test(tc, rating_snapshot_rows);
    suite_add_tcase(s, tc);
    return s;
}
