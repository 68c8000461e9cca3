/* store_test_basic.c -- opening, schema, bots, tournaments and matches. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "store_internal.h"
#include "store_test.h"

#define SHA_A "aaaaaaaa00000000000000000000000000000000000000000000000000000000"
#define SHA_B "bbbbbbbb00000000000000000000000000000000000000000000000000000000"

START_TEST(open_creates_dir_and_file)
{
    char *tmp = st_tmpdir(), *dir = st_join(tmp, "a/b/results"), err[512] = "";
    char *db = st_join(dir, "arena.db");
    struct stat sb;
    store *s = store_open(dir, err, sizeof err);
    ck_assert_msg(s != NULL, "%s", err);
    ck_assert_str_eq(store_path(s), db);
    ck_assert_int_eq(stat(db, &sb), 0);
    ck_assert_msg(store_integrity_check(s, err, sizeof err) == 0, "%s", err);
    store_close(s);
    ck_assert_int_eq(st_query_int(db, "PRAGMA user_version"), STORE_SCHEMA_VERSION);
    char *mode = st_query_text(db, "PRAGMA journal_mode");
    ck_assert_str_eq(mode, "wal");
    free(mode);
    free(db);
    free(dir);
    st_rmtree(tmp);
}
END_TEST

START_TEST(reopen_keeps_data)
{
    char *tmp = st_tmpdir(), err[512] = "";
    entrant a = st_entrant("alpha", "1.0", SHA_A), b = st_entrant("beta", "2", SHA_B);
    entrant *e[] = {&a, &b};
    store *s = store_open(tmp, err, sizeof err);
    ck_assert_msg(s != NULL, "%s", err);
    int64_t t = st_tournament(s, "morris", "", e, 2);
    st_commit(s, t, 0, 2, (int[]){0, 1}, (double[]){1, 0});
    int64_t id_a = a.store_id;
    ck_assert_int_gt(id_a, 0);
    store_close(s);

    s = store_open(tmp, err, sizeof err); /* the schema is not created twice */
    ck_assert_msg(s != NULL, "%s", err);
    entrant a2 = st_entrant("alpha", "1.0", SHA_A);
    ck_assert_int_eq(store_bot(s, &a2, err, sizeof err), 0);
    ck_assert_int_eq(a2.store_id, id_a);
    uint32_t *idx;
    size_t n;
    ck_assert_int_eq(store_finished_matches(s, t, &idx, &n, err, sizeof err), 0);
    ck_assert_uint_eq(n, 1);
    ck_assert_uint_eq(idx[0], 0);
    free(idx);
    store_close(s);
    st_rmtree(tmp);
}
END_TEST

START_TEST(bots_dedup)
{
    char *tmp = st_tmpdir(), err[512] = "";
    store *s = store_open(tmp, err, sizeof err);
    ck_assert_msg(s != NULL, "%s", err);
    entrant q1 = st_entrant("o'brien \"q\"", "1", SHA_A), q2 = q1, q3 = q1, q4 = q1;
    snprintf(q3.sha256, sizeof q3.sha256, "%s", SHA_B);
    q4.version = (char *)"2";
    ck_assert_int_eq(store_bot(s, &q1, err, sizeof err), 0);
    ck_assert_int_eq(store_bot(s, &q2, err, sizeof err), 0);
    ck_assert_int_eq(store_bot(s, &q3, err, sizeof err), 0);
    ck_assert_int_eq(store_bot(s, &q4, err, sizeof err), 0);
    ck_assert_int_gt(q1.store_id, 0);
    ck_assert_int_eq(q1.store_id, q2.store_id);
    ck_assert_int_ne(q1.store_id, q3.store_id);
    ck_assert_int_ne(q1.store_id, q4.store_id);
    ck_assert_int_ne(q3.store_id, q4.store_id);
    char *db = st_join(tmp, "arena.db");
    store_close(s);
    ck_assert_int_eq(st_query_int(db, "SELECT count(*) FROM bots"), 3);
    free(db);
    st_rmtree(tmp);
}
END_TEST

static void assert_finished(store *s, int64_t t, const uint32_t *want, size_t nwant)
{
    char err[512] = "";
    uint32_t *idx;
    size_t n;
    ck_assert_msg(store_finished_matches(s, t, &idx, &n, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(n, nwant);
    for (size_t i = 0; i < n; i++)
        ck_assert_uint_eq(idx[i], want[i]);
    free(idx);
}

static int pragma_int(store *s, const char *sql)
{
    sqlite3_stmt *st;
    ck_assert_int_eq(sqlite3_prepare_v2(s->db, sql, -1, &st, NULL), SQLITE_OK);
    ck_assert_int_eq(sqlite3_step(st), SQLITE_ROW);
    int v = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    return v;
}

static int fk_enabled(store *s)
{
    return pragma_int(s, "PRAGMA foreign_keys");
}

/* A store made without syncs (store_configure) syncs as every other once it
 * exists: NORMAL (1) in WAL mode, made fresh or opened again. */
START_TEST(fresh_store_syncs_once_made)
{
    char *tmp = st_tmpdir(), err[512] = "";
    for (int again = 0; again < 2; again++) {
        store *s = store_open(tmp, err, sizeof err);
        ck_assert_msg(s != NULL, "%s", err);
        ck_assert_int_eq(pragma_int(s, "PRAGMA synchronous"), 1);
        ck_assert_int_eq(pragma_int(s, "PRAGMA user_version") > 0, 1);
        store_close(s);
    }
    st_rmtree(tmp);
}
END_TEST

START_TEST(tournament_matches)
{
    char *tmp = st_tmpdir(), err[512] = "";
    entrant a = st_entrant("a", "1", SHA_A), b = st_entrant("b", "1", SHA_B);
    entrant c = st_entrant("c", "1", SHA_B);
    entrant *e[] = {&a, &b, &c};
    store *s = store_open(tmp, err, sizeof err);
    ck_assert_msg(s != NULL, "%s", err);
    int64_t t = st_tournament(s, "morris", "variant=lasker", e, 3);
    ck_assert_int_eq(store_tournament_find(s, "t", err, sizeof err), t);
    ck_assert_int_eq(store_tournament_find(s, "nope", err, sizeof err), 0);
    assert_finished(s, t, NULL, 0);
    uint32_t order[] = {5, 1, 3, 0};
    for (int i = 0; i < 4; i++)
        st_commit(s, t, order[i], 2, (int[]){i % 3, (i + 1) % 3}, (double[]){1, 0});
    /* A re-run of match 3 (after a resume) changes nothing: the first result stands. */
    st_commit(s, t, 3, 2, (int[]){2, 0}, (double[]){0, 1});
    assert_finished(s, t, (uint32_t[]){0, 1, 3, 5}, 4);

    /* A seat outside the entrant list fails and leaves no half match behind. */
    match_record bad = st_match(7, 2, (int[]){0, 3}, (double[]){1, 0});
    ck_assert_int_eq(store_match(s, t, &bad, NULL, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "arena.db"));
    ck_assert_ptr_nonnull(strstr(err, "entrant 3"));
    assert_finished(s, t, (uint32_t[]){0, 1, 3, 5}, 4);
    ck_assert_int_eq(store_match(s, t + 100, &bad, NULL, err, sizeof err), -1);
    /* The committer turns SQLite's foreign-key checks off for its groups
     * only: on again after a group that failed and after one that landed. */
    ck_assert_int_eq(fk_enabled(s), 1);
    st_commit(s, t, 8, 2, (int[]){0, 1}, (double[]){1, 0});
    ck_assert_int_eq(fk_enabled(s), 1);

    ck_assert_msg(store_tournament_done(s, t, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(store_tournament_done(s, t + 100, err, sizeof err), -1);
    char *db = st_join(tmp, "arena.db");
    store_close(s);
    ck_assert_int_eq(st_query_int(db, "SELECT count(*) FROM matches"), 5); /* none of t + 100 */
    ck_assert_int_eq(st_query_int(db, "SELECT count(*) FROM match_seats"), 10);
    ck_assert_int_eq(st_query_int(db, "SELECT count(*) FROM sqlite_master WHERE type='index'"
                                      " AND name='match_seats_bot'"),
                     0); /* schema 6 */
    ck_assert_int_eq(st_query_int(db, "SELECT seed FROM matches WHERE match_index=0"),
                     (long long)0xfedcba9876543210ull);
    ck_assert_int_eq(st_query_int(db, "SELECT finished IS NOT NULL FROM tournaments"), 1);
    free(db);
    st_rmtree(tmp);
}
END_TEST

START_TEST(bad_path_named)
{
    char *tmp = st_tmpdir(), *file = st_join(tmp, "plain"), *below = st_join(file, "sub");
    char err[512] = "";
    FILE *f = fopen(file, "w");
    ck_assert_ptr_nonnull(f);
    fclose(f);
    ck_assert_ptr_null(store_open(file, err, sizeof err));
    ck_assert_msg(strstr(err, file) != NULL, "%s", err);
    err[0] = '\0';
    ck_assert_ptr_null(store_open(below, err, sizeof err));
    ck_assert_msg(strstr(err, file) != NULL, "%s", err);
    ck_assert_ptr_null(store_open(file, NULL, 0)); /* no buffer is fine too */
    free(below);
    free(file);
    st_rmtree(tmp);
}
END_TEST

START_TEST(newer_schema_refused)
{
    char *tmp = st_tmpdir(), *db = st_join(tmp, "arena.db"), err[512] = "";
    sqlite3 *raw;
    ck_assert_int_eq(sqlite3_open(db, &raw), SQLITE_OK);
    ck_assert_int_eq(sqlite3_exec(raw, "PRAGMA user_version=99", NULL, NULL, NULL), SQLITE_OK);
    ck_assert_int_eq(sqlite3_close(raw), SQLITE_OK);
    ck_assert_ptr_null(store_open(tmp, err, sizeof err));
    ck_assert_msg(strstr(err, db) && strstr(err, "newer"), "%s", err);
    free(db);
    st_rmtree(tmp);
}
END_TEST

/* A new store is made in one step, an older one is migrated step by step
 * (store_schema.c): both ways must end in the same database. Here one store
 * is made by store_open in a new directory, the other from an empty file by
 * every migration, as a store of version 1 upgraded all along has it; then
 * store_open sets that one up too, and the schema, its version and every
 * setting kept in the file must be the same. A migration left out of the
 * one-step schema fails here. */
START_TEST(schema_new_is_schema_migrated)
{
    char *tmp = st_tmpdir(), *one = st_join(tmp, "one"), *steps = st_join(tmp, "steps");
    char *one_db = st_join(one, "arena.db"), *steps_db = st_join(steps, "arena.db"), err[512] = "";
    store *s = store_open(one, err, sizeof err);
    ck_assert_msg(s != NULL, "%s", err);
    store_close(s);

    ck_assert_int_eq(mkdir(steps, 0700), 0);
    store raw = {.path = steps_db};
    ck_assert_int_eq(sqlite3_open(steps_db, &raw.db), SQLITE_OK);
    ck_assert_msg(store__begin(&raw, err, sizeof err) == 0 &&
                      store__migrate(&raw, 0, err, sizeof err) == 0 &&
                      store__commit(&raw, err, sizeof err) == 0,
                  "%s", err);
    ck_assert_int_eq(sqlite3_close(raw.db), SQLITE_OK);
    s = store_open(steps, err, sizeof err);
    ck_assert_msg(s != NULL, "%s", err);
    store_close(s);

    static const char *const same[] = {
        "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name",
        "PRAGMA user_version",
        "PRAGMA application_id",
        "PRAGMA journal_mode",
        "PRAGMA page_size",
        "PRAGMA auto_vacuum",
        "PRAGMA encoding"};
    for (size_t i = 0; i < sizeof same / sizeof same[0]; i++) {
        char *a = st_query_rows(one_db, same[i]), *b = st_query_rows(steps_db, same[i]);
        ck_assert_msg(strcmp(a, b) == 0, "%s:\none step:\n%s\nmigrated:\n%s", same[i], a, b);
        free(a);
        free(b);
    }
    ck_assert_int_eq(st_query_int(one_db, "PRAGMA user_version"), STORE_SCHEMA_VERSION);
    free(one_db);
    free(steps_db);
    free(one);
    free(steps);
    st_rmtree(tmp);
}
END_TEST

Suite *store_basic_suite(void)
{
    Suite *s = suite_create("store");
    TCase *tc = tcase_create("basic");
    tcase_add_test(tc, open_creates_dir_and_file);
    tcase_add_test(tc, reopen_keeps_data);
    tcase_add_test(tc, bots_dedup);
    tcase_add_test(tc, fresh_store_syncs_once_made);
    tcase_add_test(tc, tournament_matches);
    tcase_add_test(tc, bad_path_named);
    tcase_add_test(tc, newer_schema_refused);
    tcase_add_test(tc, schema_new_is_schema_migrated);
    suite_add_tcase(s, tc);
    return s;
}
