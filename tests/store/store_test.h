/* store_test.h -- helpers shared by the storage suites. */
#ifndef STORE_TEST_H
#define STORE_TEST_H

#include <check.h>

#include "store.h"

Suite *store_basic_suite(void);
Suite *store_pool_suite(void);
Suite *store_players_suite(void);
Suite *store_kill_suite(void);
Suite *store_seats_suite(void);

/* A fresh directory under /tmp; removed with everything in it. */
char *st_tmpdir(void);
void st_rmtree(char *dir);
/* "a/b" joined, malloc'd. */
char *st_join(const char *a, const char *b);

/* A SHA-256 in hex made of one character: SHA("a"). */
#define SHA(c) c c c c c c c c "00000000000000000000000000000000000000000000000000000000"

/* An entrant whose strings point at the arguments (tests keep them alive). */
entrant st_entrant(const char *name, const char *version, const char *sha256);
/* A match of n players: seat i is entrant seats[i] with return rets[i]. */
match_record st_match(uint32_t index, int n, const int *seats, const double *rets);
/* A tournament of game/options with these entrants; fails the test on error. */
int64_t st_tournament(store *s, const char *game, const char *options, entrant **e, int n);
/* Commits a match, failing the test on error. */
void st_commit(store *s, int64_t t, uint32_t index, int n, const int *seats, const double *rets);

/* Runs sql on the database of the store in dir, failing the test on error. */
void st_exec(const char *dir, const char *sql);
/* SQL that turns a store of schema 8 back into schema 7: no entrant paths. */
#define ST_UNDO_SCHEMA_8 "ALTER TABLE tournament_entrants DROP COLUMN path; PRAGMA user_version=7;"
/* SQL that turns a store of schema 8 back into schema 6: seats as rows of a
 * table again (to test the migration and readers of older stores). */
#define ST_UNDO_SCHEMA_7                                                                           \
    ST_UNDO_SCHEMA_8                                                                               \
    "CREATE TABLE ms(match_id INTEGER NOT NULL, seat INTEGER NOT NULL, bot_id INTEGER NOT NULL,"   \
    " game_return REAL NOT NULL, entrant INTEGER, PRIMARY KEY(match_id, seat)) WITHOUT ROWID;"     \
    "INSERT INTO ms SELECT match_id, seat, bot_id, game_return, entrant FROM match_seats;"         \
    "DROP VIEW match_seats; ALTER TABLE ms RENAME TO match_seats;"                                 \
    "ALTER TABLE matches DROP COLUMN seats; PRAGMA user_version=6;"

/* First column of the first row of sql on the database file at path. */
long long st_query_int(const char *db_path, const char *sql);
/* Same, as text, malloc'd. */
char *st_query_text(const char *db_path, const char *sql);
/* Every row of sql, one a line, columns split by '|' and NULL as "(null)";
 * malloc'd. */
char *st_query_rows(const char *db_path, const char *sql);

#endif
