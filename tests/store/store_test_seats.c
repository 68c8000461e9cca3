/* store_test_seats.c -- a match's seats in its own row (schema 7): the text
 * format written and read back exactly, the match_seats view over it, the
 * migration from seat rows, damage named. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report_load.h"
#include "store_internal.h"
#include "store_test.h"

/* Returns that need all 17 digits, a negative zero, tiny and huge ones. */
static const double odd_returns[] = {1.0 / 3, -2.0 / 3,      0.1, -0.0,
                                     1e-300,  123456789.125, -7,  4503599627370497.0};
#define N_ODD ((int)(sizeof odd_returns / sizeof odd_returns[0]))

START_TEST(text_round_trip_is_exact)
{
    int64_t bot[ARENA_MAX_PLAYERS] = {1, 2, 3, 4, 5, 6, 7, 9007199254740991};
    int ent[ARENA_MAX_PLAYERS] = {0, 1, STORE_NO_ENTRANT, 3, 4, 5, 6, 2147483647};
    char json[STORE_SEATS_JSON_MAX];
    ck_assert_int_eq(N_ODD, ARENA_MAX_PLAYERS);
    int len = store__seats_json(json, sizeof json, N_ODD, bot, odd_returns, ent);
    ck_assert_int_gt(len, 0);
    ck_assert_uint_eq(strlen(json), (size_t)len);
    int64_t b[ARENA_MAX_PLAYERS];
    double r[ARENA_MAX_PLAYERS];
    int e[ARENA_MAX_PLAYERS];
    ck_assert_int_eq(store__seats_parse(json, ARENA_MAX_PLAYERS, b, r, e), N_ODD);
    for (int i = 0; i < N_ODD; i++) {
        ck_assert_int_eq(b[i], bot[i]);
        ck_assert_msg(memcmp(&r[i], &odd_returns[i], sizeof r[i]) == 0 || r[i] == odd_returns[i],
                      "seat %d: %.17g read back as %.17g", i, odd_returns[i], r[i]);
        ck_assert_int_eq(e[i], ent[i]);
    }
    /* the common case is short: integers as integers */
    double two[] = {1, -1};
    ck_assert_int_gt(store__seats_json(json, sizeof json, 2, bot, two, ent), 0);
    ck_assert_str_eq(json, "[[1,1,0],[2,-1,1]]");
    ck_assert_int_eq(store__seats_parse("[]", 8, b, r, e), 0);
}
END_TEST

START_TEST(text_refuses_what_it_cannot_hold)
{
    int64_t bot[2] = {1, 2};
    int ent[2] = {0, 1};
    char json[STORE_SEATS_JSON_MAX];
    ck_assert_int_eq(store__seats_json(json, sizeof json, 2, bot, (double[]){NAN, 0}, ent), -1);
    ck_assert_int_eq(store__seats_json(json, sizeof json, 2, bot, (double[]){0, INFINITY}, ent),
                     -1);
    ck_assert_int_eq(store__seats_json(json, 8, 2, bot, (double[]){0, 1}, ent), -1);
    int64_t b[2];
    double r[2];
    int e[2];
    const char *bad[] = {"",           "[",           "[[1,1,0]",      "[[1,1]]",
                         "[[1,1,0],]", "[[0,1,0]]",   "[[1.5,1,0]]",   "[[1,x,0]]",
                         "[[1,1,-1]]", "[[1,1,0]] x", "[[1,1e999,0]]", "[[1,1,0],[2,1,1],[3,1,2]]"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        ck_assert_msg(store__seats_parse(bad[i], 2, b, r, e) == -1, "accepted '%s'", bad[i]);
    ck_assert_int_eq(store__seats_parse(NULL, 2, b, r, e), -1);
}
END_TEST

/* Stored and read back through the store's own readers and the view. */
START_TEST(stored_seats_read_back_exactly)
{
    char *tmp = st_tmpdir(), *db = st_join(tmp, "arena.db"), err[512] = "";
    entrant a = st_entrant("A", "1", SHA("a")), b = st_entrant("B", "1", SHA("b"));
    store *s = store_open(tmp, err, sizeof err);
    ck_assert_msg(s != NULL, "%s", err);
    int64_t t = st_tournament(s, "g", "", (entrant *[]){&a, &b}, 2);
    st_commit(s, t, 0, 2, (int[]){1, 0}, (double[]){1.0 / 3, -0.1});
    st_commit(s, t, 1, 2, (int[]){0, 1}, (double[]){1, -1});
    match_record *m;
    size_t n;
    ck_assert_msg(store_tournament_results(s, t, &m, &n, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(n, 2);
    ck_assert_int_eq(m[0].num_players, 2);
    ck_assert_int_eq(m[0].seat_entrant[0], 1);
    ck_assert_int_eq(m[0].seat_entrant[1], 0);
    ck_assert(m[0].returns[0] == 1.0 / 3 && m[0].returns[1] == -0.1);
    ck_assert(m[1].returns[0] == 1 && m[1].returns[1] == -1);
    free(m);
    store_close(s);
    /* one row a match; the view has the table's columns and types */
    ck_assert_int_eq(st_query_int(db, "SELECT count(*) FROM sqlite_master WHERE name='match_seats'"
                                      " AND type='view'"),
                     1);
    ck_assert_int_eq(st_query_int(db, "SELECT count(*) FROM match_seats"), 4);
    ck_assert_int_eq(st_query_int(db, "SELECT count(*) FROM match_seats WHERE"
                                      " typeof(game_return)='real' AND typeof(bot_id)='integer'"
                                      " AND typeof(entrant)='integer'"),
                     4);
    ck_assert_int_eq(st_query_int(db, "SELECT bot_id FROM match_seats m JOIN bots b ON"
                                      " b.id=m.bot_id WHERE b.name='B' AND seat=0 AND match_id="
                                      "(SELECT id FROM matches WHERE match_index=0)") > 0,
                     1);
    /* UPDATE through the view changes what was asked, and nothing else */
    st_exec(tmp, "UPDATE match_seats SET entrant=NULL WHERE seat=1");
    ck_assert_int_eq(st_query_int(db, "SELECT count(*) FROM match_seats WHERE entrant IS NULL"), 2);
    s = store_open(tmp, err, sizeof err);
    ck_assert_msg(s != NULL, "%s", err);
    ck_assert_msg(store_tournament_results(s, t, &m, &n, err, sizeof err) == 0, "%s", err);
    ck_assert(m[0].returns[0] == 1.0 / 3 && m[0].returns[1] == -0.1);
    ck_assert_int_eq(m[0].seat_entrant[0], 1);
    ck_assert_int_eq(m[0].seat_entrant[1], -1);
    free(m);
    store_close(s);
    st_exec(tmp, "UPDATE match_seats SET game_return=0.5 WHERE seat=0 AND match_id=(SELECT id FROM"
                 " matches WHERE match_index=1)");
    ck_assert_int_eq(st_query_int(db, "SELECT count(*) FROM match_seats WHERE game_return=0.5"), 1);
    free(db);
    st_rmtree(tmp);
}
END_TEST

/* A store of schema 6 (seat rows, here stored in reverse order of seats, a
 * return of 1/3 to 17 digits) is migrated: same seats, same order, every
 * digit; the pool reads the same games before and after. */
START_TEST(schema_6_migrated_seat_for_seat)
{
    char *tmp = st_tmpdir(), *db = st_join(tmp, "arena.db"), err[512] = "";
    entrant a = st_entrant("A", "1", SHA("a")), b = st_entrant("B", "1", SHA("b"));
    entrant c = st_entrant("C", "1", SHA("c"));
    store *s = store_open(tmp, err, sizeof err);
    ck_assert_msg(s != NULL, "%s", err);
    int64_t t = st_tournament(s, "g", "", (entrant *[]){&a, &b, &c}, 3);
    st_commit(s, t, 0, 3, (int[]){2, 0, 1}, (double[]){1.0 / 3, 0, -1.0 / 3});
    st_commit(s, t, 1, 2, (int[]){1, 2}, (double[]){1, -1});
    store_close(s);
    st_exec(tmp, ST_UNDO_SCHEMA_7);
    /* a table that stores seat 2 first: the migration must not take the
     * order rows come in */
    st_exec(tmp, "CREATE TABLE x AS SELECT * FROM match_seats ORDER BY seat DESC;"
                 "DROP TABLE match_seats; ALTER TABLE x RENAME TO match_seats;"
                 "UPDATE match_seats SET entrant=NULL WHERE match_id=(SELECT id FROM matches"
                 " WHERE match_index=1);");
    ck_assert_int_eq(st_query_int(db, "SELECT seat FROM match_seats"), 2);
    ck_assert_int_eq(st_query_int(db, "PRAGMA user_version"), 6);
    char *before = st_query_text(db, "SELECT group_concat(match_id || ':' || seat || ':' || bot_id"
                                     " || ':' || printf('%!.17g', game_return) || ':' ||"
                                     " ifnull(entrant, 'null'), ' ') FROM (SELECT * FROM"
                                     " match_seats ORDER BY match_id, seat)");
    s = store_open_read(tmp, err, sizeof err); /* a reader of schema 6, not migrating */
    ck_assert_msg(s != NULL, "%s", err);
    pool_data p6;
    ck_assert_msg(store_pool_load(s, "g", "", &p6, err, sizeof err) == 0, "%s", err);
    store_close(s);
    s = store_open(tmp, err, sizeof err);
    ck_assert_msg(s != NULL, "%s", err);
    pool_data p7;
    ck_assert_msg(store_pool_load(s, "g", "", &p7, err, sizeof err) == 0, "%s", err);
    store_close(s);
    ck_assert_int_eq(st_query_int(db, "PRAGMA user_version"), STORE_SCHEMA_VERSION);
    char *after = st_query_text(db, "SELECT group_concat(match_id || ':' || seat || ':' || bot_id"
                                    " || ':' || printf('%!.17g', game_return) || ':' ||"
                                    " ifnull(entrant, 'null'), ' ') FROM (SELECT * FROM"
                                    " match_seats ORDER BY match_id, seat)");
    ck_assert_str_eq(before, after);
    ck_assert_ptr_nonnull(strstr(after, ":0.33333333333333331:")); /* 1/3, every digit */
    ck_assert_int_eq(p6.n_bots, p7.n_bots);
    ck_assert_uint_eq(p6.n_games, p7.n_games);
    ck_assert_uint_eq(p7.n_games, 4); /* three pairs at the first table, one at the second */
    for (size_t i = 0; i < p7.n_games; i++) {
        ck_assert_int_eq(p6.games[i].a, p7.games[i].a);
        ck_assert_int_eq(p6.games[i].b, p7.games[i].b);
        ck_assert(p6.games[i].score == p7.games[i].score);
    }
    store_pool_free(&p6);
    store_pool_free(&p7);
    free(before);
    free(after);
    free(db);
    st_rmtree(tmp);
}
END_TEST

/* A store in tmp with one match of A against B. */
static void one_match_store(const char *tmp)
{
    char err[512] = "";
    entrant a = st_entrant("A", "1", SHA("a")), b = st_entrant("B", "1", SHA("b"));
    store *s = store_open(tmp, err, sizeof err);
    ck_assert_msg(s != NULL, "%s", err);
    int64_t t = st_tournament(s, "g", "", (entrant *[]){&a, &b}, 2);
    st_commit(s, t, 0, 2, (int[]){1, 0}, (double[]){1, 0});
    store_close(s);
}

/* A match row whose seats are not the format is damage, named. */
START_TEST(damaged_seats_named)
{
    char *tmp = st_tmpdir(), err[512] = "";
    one_match_store(tmp);
    st_exec(tmp, "UPDATE matches SET seats='[[1,1,0],[2,oops]]'");
    store *s = store_open(tmp, err, sizeof err);
    ck_assert_msg(s != NULL, "%s", err);
    pool_data p;
    ck_assert_int_eq(store_pool_load(s, "g", "", &p, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "arena.db") && strstr(err, "damaged") && strstr(err, "seats"), "%s",
                  err);
    report_src src; /* the report's read names it the same way */
    err[0] = '\0';
    ck_assert_int_eq(report_src_load(s, "t", &src, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "arena.db") && strstr(err, "damaged") && strstr(err, "seats"), "%s",
                  err);
    store_close(s);
    st_rmtree(tmp);
}
END_TEST

/* The report's read of a tournament (report_load.c): schema 7 parses the
 * seats of each match row, older stores join seat rows; both give the same
 * records -- entrants, returns to the last digit, seat counts -- here for
 * the same matches read before and after undoing schema 7. */
static report_src report_read(const char *tmp)
{
    char err[512] = "";
    store *s = store_open_read(tmp, err, sizeof err);
    ck_assert_msg(s != NULL, "%s", err);
    report_src src;
    ck_assert_msg(report_src_load(s, "t", &src, err, sizeof err) == 0, "%s", err);
    store_close(s);
    return src;
}

START_TEST(report_reads_seats_as_stored)
{
    char *tmp = st_tmpdir(), err[512] = "";
    entrant a = st_entrant("A", "1", SHA("a")), b = st_entrant("B", "1", SHA("b"));
    store *s = store_open(tmp, err, sizeof err);
    ck_assert_msg(s != NULL, "%s", err);
    int64_t t = st_tournament(s, "g", "", (entrant *[]){&a, &b, &a}, 3);
    st_commit(s, t, 0, 3, (int[]){2, 0, 1}, (double[]){1.0 / 3, -0.0, 1e-300});
    st_commit(s, t, 1, 2, (int[]){1, 2}, (double[]){-1, 1});
    store_close(s);
    report_src v7 = report_read(tmp);
    ck_assert_uint_eq(v7.n_m, 2);
    ck_assert_int_eq(v7.m[0].num_players, 3);
    ck_assert_int_eq(v7.m[0].seat_entrant[0], 2);
    ck_assert_int_eq(v7.m[0].seat_entrant[2], 1);
    ck_assert(v7.m[0].returns[0] == 1.0 / 3 && v7.m[0].returns[2] == 1e-300);
    ck_assert_int_eq(v7.m[1].num_players, 2);
    ck_assert_int_eq(v7.m[1].seat_entrant[1], 2);
    st_exec(tmp, ST_UNDO_SCHEMA_7);
    report_src v6 = report_read(tmp);
    ck_assert_uint_eq(v6.n_m, v7.n_m);
    for (size_t i = 0; i < v7.n_m; i++) {
        const match_record *x = &v7.m[i], *y = &v6.m[i];
        ck_assert_int_eq(x->index, y->index);
        ck_assert_int_eq(x->num_players, y->num_players);
        ck_assert_str_eq(x->end_detail, y->end_detail);
        for (int k = 0; k < x->num_players; k++) {
            ck_assert_int_eq(x->seat_entrant[k], y->seat_entrant[k]);
            ck_assert(memcmp(&x->returns[k], &y->returns[k], sizeof(double)) == 0);
        }
    }
    report_src_free(&v7);
    report_src_free(&v6);
    st_rmtree(tmp);
}
END_TEST

/* A migration that finds seat rows with a gap stops with the store as it was. */
START_TEST(migration_refuses_a_gap_in_seats)
{
    char *tmp = st_tmpdir(), *db = st_join(tmp, "arena.db"), err[512] = "";
    one_match_store(tmp);
    st_exec(tmp, ST_UNDO_SCHEMA_7 "UPDATE match_seats SET seat=3 WHERE seat=1;");
    ck_assert_ptr_null(store_open(tmp, err, sizeof err));
    ck_assert_msg(strstr(err, "version 7") && strstr(err, "seat 3"), "%s", err);
    ck_assert_int_eq(st_query_int(db, "PRAGMA user_version"), 6);
    ck_assert_int_eq(st_query_int(db, "SELECT count(*) FROM sqlite_master WHERE name='match_seats'"
                                      " AND type='table'"),
                     1);
    free(db);
    st_rmtree(tmp);
}
END_TEST

Suite *store_seats_suite(void)
{
    Suite *s = suite_create("store_seats");
    TCase *tc = tcase_create("seats");
    tcase_add_test(tc, text_round_trip_is_exact);
    tcase_add_test(tc, text_refuses_what_it_cannot_hold);
    tcase_add_test(tc, stored_seats_read_back_exactly);
    tcase_add_test(tc, schema_6_migrated_seat_for_seat);
    tcase_add_test(tc, damaged_seats_named);
    tcase_add_test(tc, report_reads_seats_as_stored);
    tcase_add_test(tc, migration_refuses_a_gap_in_seats);
    suite_add_tcase(s, tc);
    return s;
}
