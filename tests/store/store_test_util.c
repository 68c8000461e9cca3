/* store_test_util.c -- temporary directories, entrants, matches and direct
 * SQLite queries for the storage suites. */
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "store_test.h"
#include "support.h"

char *st_tmpdir(void)
{
    char *d = malloc(512);
    ck_assert_ptr_nonnull(d);
    support_tmpdir(d, 512);
    return d;
}

void st_rmtree(char *dir)
{
    support_rmrf(dir);
    free(dir);
}

char *st_join(const char *a, const char *b)
{
    char *p;
    ck_assert_int_ge(asprintf(&p, "%s/%s", a, b), 0);
    return p;
}

entrant st_entrant(const char *name, const char *version, const char *sha256)
{
    entrant e = {0};
    e.name = (char *)name;
    e.version = (char *)version;
    e.author = (char *)"tester";
    e.path = (char *)"/nowhere/bot.so";
    e.display = (char *)name;
    snprintf(e.sha256, sizeof e.sha256, "%s", sha256);
    return e;
}

void st_exec(const char *dir, const char *sql)
{
    char *db = st_join(dir, "arena.db");
    sqlite3 *h;
    ck_assert_int_eq(sqlite3_open(db, &h), SQLITE_OK);
    ck_assert_msg(sqlite3_exec(h, sql, NULL, NULL, NULL) == SQLITE_OK, "%s", sqlite3_errmsg(h));
    ck_assert_int_eq(sqlite3_close(h), SQLITE_OK);
    free(db);
}

match_record st_match(uint32_t index, int n, const int *seats, const double *rets)
{
    match_record m = {0};
    m.index = index;
    m.seed = 0xfedcba9876543210ull + index; /* above INT64_MAX on purpose */
    m.num_players = n;
    for (int i = 0; i < n; i++) {
        m.seat_entrant[i] = seats[i];
        m.returns[i] = rets[i];
    }
    m.culprit = -1;
    m.plies = 40 + (int)index;
    m.duration_us = 1234;
    snprintf(m.end_detail, sizeof m.end_detail, "it's \"over\"");
    snprintf(m.log_path, sizeof m.log_path, "t/matches/%04u.pb", index);
    return m;
}

int64_t st_tournament(store *s, const char *game, const char *options, entrant **e, int n)
{
    char err[512] = "";
    tournament_info t = {.game = game,
                         .options = options,
                         .seed = 42,
                         .rounds = 1,
                         .tc = "5+0.05",
                         .dir = "t",
                         .planned = 100};
    int64_t id = store_tournament_new(s, &t, e, n, err, sizeof err);
    ck_assert_msg(id > 0, "%s", err);
    return id;
}

void st_commit(store *s, int64_t t, uint32_t index, int n, const int *seats, const double *rets)
{
    char err[512] = "";
    match_record m = st_match(index, n, seats, rets);
    ck_assert_msg(store_match(s, t, &m, NULL, err, sizeof err) == 0, "%s", err);
}

static sqlite3_stmt *st_query(const char *db_path, const char *sql, sqlite3 **db)
{
    sqlite3_stmt *st = NULL;
    ck_assert_int_eq(sqlite3_open_v2(db_path, db, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
    ck_assert_msg(sqlite3_prepare_v2(*db, sql, -1, &st, NULL) == SQLITE_OK, "%s",
                  sqlite3_errmsg(*db));
    ck_assert_int_eq(sqlite3_step(st), SQLITE_ROW);
    return st;
}

long long st_query_int(const char *db_path, const char *sql)
{
    sqlite3 *db;
    sqlite3_stmt *st = st_query(db_path, sql, &db);
    long long v = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    ck_assert_int_eq(sqlite3_close(db), SQLITE_OK);
    return v;
}

char *st_query_text(const char *db_path, const char *sql)
{
    sqlite3 *db;
    sqlite3_stmt *st = st_query(db_path, sql, &db);
    const unsigned char *t = sqlite3_column_text(st, 0);
    char *v = strdup(t ? (const char *)t : "(null)");
    sqlite3_finalize(st);
    ck_assert_int_eq(sqlite3_close(db), SQLITE_OK);
    return v;
}

char *st_query_rows(const char *db_path, const char *sql)
{
    sqlite3 *db;
    sqlite3_stmt *st = NULL;
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(sqlite3_open_v2(db_path, &db, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
    ck_assert_msg(sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK, "%s",
                  sqlite3_errmsg(db));
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        for (int i = 0; i < sqlite3_column_count(st); i++) {
            const unsigned char *t = sqlite3_column_text(st, i);
            fprintf(f, "%s%s", i ? "|" : "", t ? (const char *)t : "(null)");
        }
        fputc('\n', f);
    }
    ck_assert_int_eq(rc, SQLITE_DONE);
    sqlite3_finalize(st);
    ck_assert_int_eq(sqlite3_close(db), SQLITE_OK);
    ck_assert_int_eq(fclose(f), 0);
    return out;
}
