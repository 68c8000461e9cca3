/* store_internal.h -- what the store_*.c files share and nothing else sees:
 * the handle, the schema version, error and statement helpers. */
#ifndef ARENA_STORE_INTERNAL_H
#define ARENA_STORE_INTERNAL_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>

#include <sqlite3.h>

#include "store.h"

/* Bumped by every migration step in store_schema.c. */
#define STORE_SCHEMA_VERSION 8
/* The versions that brought what a reader of an older store must do
 * without (store_schema.c says what each added). */
#define STORE_V_SEAT_ORDERS 3 /* tournaments.seat_orders */
#define STORE_V_FORMATS 4     /* tournament_formats, sprt_runs */
#define STORE_V_SHARDS 5      /* tournament_shards */
#define STORE_V_SEAT_JSON 7   /* matches.seats; match_seats a view */
#define STORE_V_ENTRANT_PATH 8 /* tournament_entrants.path */

/* The time stamps of the store's rows (UTC, milliseconds), as SQL. */
#define STORE_NOW "(strftime('%Y-%m-%dT%H:%M:%fZ','now'))"

struct store {
    sqlite3 *db;
    char *path;  /* dir/arena.db: every error message names it */
    int version; /* schema version: STORE_SCHEMA_VERSION, or older when only read */
};

/* Fills err with "path: op: sqlite message"; returns -1 so callers can
 * `return store__fail(...)`. err may be NULL. */
int store__fail(store *s, char *err, size_t errlen, const char *op);
/* Fills err with "path: " and a formatted message; returns -1. */
int store__errf(store *s, char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Prepares one statement; on failure fills err naming op. */
int store__prepare(store *s, sqlite3_stmt **st, const char *sql, const char *op, char *err,
                   size_t errlen);
/* Steps a statement that returns no rows; 0 on SQLITE_DONE. */
int store__done(store *s, sqlite3_stmt *st, const char *op, char *err, size_t errlen);
/* Binds text, NULL read as "" so NOT NULL columns never see a null. */
int store__bind_text(sqlite3_stmt *st, int idx, const char *text);
/* Runs constant SQL (no user data: that always goes through bound parameters). */
int store__exec(store *s, const char *sql, const char *op, char *err, size_t errlen);

/* BEGIN IMMEDIATE takes the write lock up front, so a busy database makes us
 * wait (busy_timeout) at the start instead of failing half way. */
int store__begin(store *s, char *err, size_t errlen);
int store__commit(store *s, char *err, size_t errlen);
void store__rollback(store *s);

/* Creates or migrates the schema to STORE_SCHEMA_VERSION (store_schema.c):
 * a new store in one step, an older one by its migrations. */
int store__schema(store *s, char *err, size_t errlen);
/* The migrations from version `from` to STORE_SCHEMA_VERSION, inside the
 * caller's transaction: store__schema's way for an older store; from 0, a
 * store as the migrations alone would make it (the tests compare that with
 * the one-step schema). */
int store__migrate(store *s, int from, char *err, size_t errlen);

/* A match's seats as its row stores them (schema 7, store_seats.c): JSON
 * of n seats into buf; its length, or -1 when it does not fit or a return is
 * not finite. entrant[i] == STORE_NO_ENTRANT writes null (seats stored before
 * schema 2). */
#define STORE_NO_ENTRANT INT_MIN
int store__seats_json(char *buf, size_t cap, int n, const int64_t *bot, const double *ret,
                      const int *entrant);
/* The seats of a stored row back: up to max of them into bot, ret and
 * entrant; their number, or -1 when the text is not such an array. */
int store__seats_parse(const char *json, int max, int64_t *bot, double *ret, int *entrant);
/* The seats of match `match_id`, in column col of a row of st (its seats
 * text), into ARENA_MAX_PLAYERS-long bot, ret and entrant: their number, or
 * -1 with err naming the match and the damaged store. */
int store__seats_column(store *s, sqlite3_stmt *st, int col, int64_t match_id, int64_t *bot,
                        double *ret, int *entrant, char *err, size_t errlen);
/* The seats column of matches, and the view and trigger that stand for the
 * table match_seats was before schema 7: both the migration to 7 and a new
 * store's schema (store_schema.c) are made of them. */
#define STORE_SEATS_COLUMN "seats TEXT NOT NULL DEFAULT '[]'"
extern const char store__seats_view[];
/* Room enough for store__seats_json of a full table. */
#define STORE_SEATS_JSON_MAX (ARENA_MAX_PLAYERS * 64 + 8)
/* The migration to schema 7: seat rows into match rows, the table into a view. */
int store__seats_fold(store *s, char *err, size_t errlen);

/* A tournament's shard (store_shard.c): recorded inside the caller's
 * transaction; read back as 0, 0 for a whole tournament or an older store. */
int store__shard_insert(store *s, int64_t tid, int shard, int shards, char *err, size_t errlen);
int store__shard_get(store *s, int64_t tid, int *shard, int *shards, char *err, size_t errlen);

#endif
