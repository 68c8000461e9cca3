/* store_schema.c -- the tables of arena.db and their migrations, versioned by
 * PRAGMA user_version.
 *
 * Version n of the schema is reached by running migration n-1 on version n-1.
 * Migrations only ever get appended: an older database is carried forward
 * step by step, and a newer one (from a later arena) is refused rather than
 * misread. A new database skips the steps: it is made at the latest version
 * in one (store_schema_new).
 */
#include <stdio.h>

#include "store_internal.h"

/* Two ways to a schema, made of the same text. A store older than this
 * arena's is carried forward by its migrations, step by step. A new store,
 * the first run in a directory, is given the latest schema at once
 * (store_schema_new): the eight steps reparse and rewrite the schema after
 * every ALTER TABLE (6.6 M instructions, half of a tournament's serial start;
 * 2.8 M at once). Both must leave the same database, or a store would
 * differ by how old its directory is; so each table, column and index is
 * written once below as a macro, and both ways are assembled from those.
 *
 * A column added later comes last in the latest CREATE TABLE, after ", " and
 * before the table's constraints: where SQLite's ALTER TABLE ADD COLUMN
 * splices it into the CREATE TABLE text it keeps in sqlite_master. A test
 * (tests/store, schema_new_is_schema_migrated) builds a store both ways and
 * compares sqlite_master, user_version and the persistent pragmas: a
 * migration that is not also in store_schema_new fails it. (So migration 1,
 * from nothing, is now run by that test only: a database at version 0 is
 * always a new one.)
 *
 * Version 1. Notes on choices:
 * - 64-bit seeds are stored as their two's-complement int64 (SQLite has no
 *   unsigned integers) and converted back on reading.
 * - `end_code` and `game_return` avoid the SQL words END and RETURN.
 * - Seats name the bot directly, so pools can be built without joining
 *   entrants; tournament_entrants keeps the order and display names.
 * - rating_history.ci95 is NULL when the interval is infinite (no games). */
#define SCHEMA_BOTS                                                                                \
    "CREATE TABLE bots("                                                                           \
    "  id INTEGER PRIMARY KEY,"                                                                    \
    "  name TEXT NOT NULL,"                                                                        \
    "  version TEXT NOT NULL,"                                                                     \
    "  author TEXT NOT NULL DEFAULT '',"                                                           \
    "  sha256 TEXT NOT NULL,"                                                                      \
    "  path TEXT NOT NULL DEFAULT '',"                                                             \
    "  first_seen TEXT NOT NULL DEFAULT " STORE_NOW ","                                            \
    "  UNIQUE(name, version, sha256));"
/* A table whose columns grew is written as its version 1 columns (up to the
 * last, without a comma) and what follows them. */
#define SCHEMA_TOURNAMENTS_V1                                                                      \
    "CREATE TABLE tournaments("                                                                    \
    "  id INTEGER PRIMARY KEY,"                                                                    \
    "  game TEXT NOT NULL,"                                                                        \
    "  options TEXT NOT NULL,"                                                                     \
    "  seed INTEGER NOT NULL,"                                                                     \
    "  rounds INTEGER NOT NULL,"                                                                   \
    "  tc TEXT NOT NULL,"                                                                          \
    "  dir TEXT NOT NULL,"                                                                         \
    "  planned INTEGER NOT NULL,"                                                                  \
    "  created TEXT NOT NULL DEFAULT " STORE_NOW ","                                               \
    "  finished TEXT"
#define SCHEMA_TOURNAMENTS_END ");"
#define SCHEMA_TOURNAMENTS_INDEXES                                                                 \
    "CREATE INDEX tournaments_pool ON tournaments(game, options);"                                 \
    "CREATE INDEX tournaments_dir ON tournaments(dir);"
#define SCHEMA_ENTRANTS_V1                                                                         \
    "CREATE TABLE tournament_entrants("                                                            \
    "  tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,"               \
    "  position INTEGER NOT NULL,"                                                                 \
    "  bot_id INTEGER NOT NULL REFERENCES bots(id),"                                               \
    "  display TEXT NOT NULL"
#define SCHEMA_ENTRANTS_END ",  PRIMARY KEY(tournament_id, position)) WITHOUT ROWID;"
#define SCHEMA_MATCHES_V1                                                                          \
    "CREATE TABLE matches("                                                                        \
    "  id INTEGER PRIMARY KEY,"                                                                    \
    "  tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,"               \
    "  match_index INTEGER NOT NULL,"                                                              \
    "  seed INTEGER NOT NULL,"                                                                     \
    "  end_code INTEGER NOT NULL,"                                                                 \
    "  end_detail TEXT NOT NULL,"                                                                  \
    "  culprit INTEGER NOT NULL,"                                                                  \
    "  plies INTEGER NOT NULL,"                                                                    \
    "  duration_us INTEGER NOT NULL,"                                                              \
    "  log_path TEXT NOT NULL,"                                                                    \
    "  finished_at TEXT NOT NULL DEFAULT " STORE_NOW
#define SCHEMA_MATCHES_END ",  UNIQUE(tournament_id, match_index));"
/* Gone since version 7 (store_seats.c): kept for the migrations only. */
#define SCHEMA_MATCH_SEATS_V1                                                                      \
    "CREATE TABLE match_seats("                                                                    \
    "  match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,"                        \
    "  seat INTEGER NOT NULL,"                                                                     \
    "  bot_id INTEGER NOT NULL REFERENCES bots(id),"                                               \
    "  game_return REAL NOT NULL,"                                                                 \
    "  PRIMARY KEY(match_id, seat)) WITHOUT ROWID;"                                                \
    "CREATE INDEX match_seats_bot ON match_seats(bot_id);"
#define SCHEMA_RATING_HISTORY_V1                                                                   \
    "CREATE TABLE rating_history("                                                                 \
    "  id INTEGER PRIMARY KEY,"                                                                    \
    "  tournament_id INTEGER REFERENCES tournaments(id) ON DELETE SET NULL,"                       \
    "  game TEXT NOT NULL,"                                                                        \
    "  options TEXT NOT NULL,"                                                                     \
    "  bot_id INTEGER NOT NULL REFERENCES bots(id),"                                               \
    "  elo REAL NOT NULL,"                                                                         \
    "  ci95 REAL,"                                                                                 \
    "  games INTEGER NOT NULL,"                                                                    \
    "  recorded_at TEXT NOT NULL DEFAULT " STORE_NOW
#define SCHEMA_RATING_HISTORY_END ");"
#define SCHEMA_RATING_HISTORY_INDEX                                                                \
    "CREATE INDEX rating_history_pool ON rating_history(game, options, bot_id);"

/* clang-format off */
static const char store_schema_v1[] =
    SCHEMA_BOTS
    SCHEMA_TOURNAMENTS_V1 SCHEMA_TOURNAMENTS_END SCHEMA_TOURNAMENTS_INDEXES
    SCHEMA_ENTRANTS_V1 SCHEMA_ENTRANTS_END
    SCHEMA_MATCHES_V1 SCHEMA_MATCHES_END
    SCHEMA_MATCH_SEATS_V1
    SCHEMA_RATING_HISTORY_V1 SCHEMA_RATING_HISTORY_END SCHEMA_RATING_HISTORY_INDEX;
/* clang-format on */

/* Version 2: which entrant sat in each seat, so a bot entered twice in one
 * tournament is two players of its pool, told apart (store.h, "players").
 * Seats stored before it have entrant NULL; the pool then tells the copies of
 * a bot in one match apart by seat order. rating_history.copy says which of
 * them a snapshot row is (0 for the first or only one). */
#define SCHEMA_RATING_HISTORY_COPY "copy INTEGER NOT NULL DEFAULT 0"
static const char store_schema_v2[] =
    "ALTER TABLE match_seats ADD COLUMN entrant INTEGER;"
    "ALTER TABLE rating_history ADD COLUMN " SCHEMA_RATING_HISTORY_COPY ";";

/* Version 3: a tournament's seat orders ('rotations' or 'all'), so that
 * --resume rebuilds its schedule from what is stored rather than guessing it
 * from the planned count. NULL for tournaments stored before it. With
 * match_seats.entrant (version 2) a stored match says which entrant position
 * sat in each seat, and --resume reads that too. */
#define SCHEMA_TOURNAMENTS_SEAT_ORDERS "seat_orders TEXT"
static const char store_schema_v3[] =
    "ALTER TABLE tournaments ADD COLUMN " SCHEMA_TOURNAMENTS_SEAT_ORDERS ";";

/* Version 4: how a tournament was scheduled, and SPRT runs.
 * - tournament_formats: one row per tournament that is not a plain round
 *   robin ('gauntlet', 'sprt'); no row means round robin, as every
 *   tournament stored before it was. --resume rebuilds the schedule by it.
 * - sprt_runs: an SPRT's hypotheses and, once it ends, its verdict ('H1
 *   accepted', 'H0 accepted', 'stopped'; 'running' until then), the final
 *   LLR, the games with W/D/L, the pentanomial counts and the Elo estimate.
 *   Its games are the matches of its tournament row. */
#define SCHEMA_FORMATS_AND_SPRT                                                                    \
    "CREATE TABLE IF NOT EXISTS tournament_formats("                                               \
    "  tournament_id INTEGER PRIMARY KEY REFERENCES tournaments(id) ON DELETE CASCADE,"            \
    "  format TEXT NOT NULL);"                                                                     \
    "CREATE TABLE IF NOT EXISTS sprt_runs("                                                        \
    "  tournament_id INTEGER PRIMARY KEY REFERENCES tournaments(id) ON DELETE CASCADE,"            \
    "  model TEXT NOT NULL,"                                                                       \
    "  elo0 REAL NOT NULL,"                                                                        \
    "  elo1 REAL NOT NULL,"                                                                        \
    "  alpha REAL NOT NULL,"                                                                       \
    "  beta REAL NOT NULL,"                                                                        \
    "  max_games INTEGER NOT NULL,"                                                                \
    "  verdict TEXT NOT NULL DEFAULT 'running',"                                                   \
    "  llr REAL NOT NULL DEFAULT 0,"                                                               \
    "  games INTEGER NOT NULL DEFAULT 0,"                                                          \
    "  wins INTEGER NOT NULL DEFAULT 0,"                                                           \
    "  draws INTEGER NOT NULL DEFAULT 0,"                                                          \
    "  losses INTEGER NOT NULL DEFAULT 0,"                                                         \
    "  penta TEXT NOT NULL DEFAULT '0,0,0,0,0',"                                                   \
    "  elo REAL,"                                                                                  \
    "  elo_ci95 REAL,"                                                                             \
    "  los REAL,"                                                                                  \
    "  finished TEXT);"
static const char store_schema_v4[] = SCHEMA_FORMATS_AND_SPRT;

/* Version 5: which shard of a tournament a tournament row plays (shard.h:
 * `arena tournament --shard I/N`); whole tournaments have no row here. */
#define SCHEMA_SHARDS                                                                              \
    "CREATE TABLE IF NOT EXISTS tournament_shards("                                                \
    "  tournament_id INTEGER PRIMARY KEY REFERENCES tournaments(id) ON DELETE CASCADE,"            \
    "  shard INTEGER NOT NULL,"                                                                    \
    "  shards INTEGER NOT NULL);"
static const char store_schema_v5[] = SCHEMA_SHARDS;

/* Version 6: no index of match_seats by bot. No query looks seats up by
 * bot (pools, reports and --resume all reach seats through their match), and
 * the committer paid for it in every seat row: a quarter of its work. */
static const char store_schema_v6[] = "DROP INDEX IF EXISTS match_seats_bot;";

/* Version 7: one row per match. The seats move into matches.seats
 * (STORE_SEATS_COLUMN) and match_seats becomes a view of them with the
 * table's columns (store_seats.c): the committer inserts one row a match
 * instead of one plus one per seat, two fifths of its work. Written in C,
 * not SQL, so that the seats keep their order and their returns every
 * digit. */

/* Version 8: the bot each entrant was given, as --bots takes it
 * ("path[:options]"), per tournament and position. bots.path is only the
 * first place a bot (a SHA-256) was seen, which another tournament may have
 * given, so --resume and merge's commands read this instead (through
 * store_entrants_read). NULL for entrants stored before it; those fall back
 * to bots.path (`arena rebuild` stores them from each tournament's plan). */
#define SCHEMA_ENTRANTS_PATH "path TEXT"
static const char store_schema_v8[] =
    "ALTER TABLE tournament_entrants ADD COLUMN " SCHEMA_ENTRANTS_PATH ";";

/* The latest schema at once, for a new store: version 1's tables with every
 * column added since, the tables added since, without what was dropped
 * (match_seats' table and index); store_create adds the view that replaced
 * match_seats (store__seats_view). */
/* clang-format off */
static const char store_schema_new[] =
    SCHEMA_BOTS
    SCHEMA_TOURNAMENTS_V1 ", " SCHEMA_TOURNAMENTS_SEAT_ORDERS SCHEMA_TOURNAMENTS_END
    SCHEMA_TOURNAMENTS_INDEXES
    SCHEMA_ENTRANTS_V1 ", " SCHEMA_ENTRANTS_PATH SCHEMA_ENTRANTS_END
    SCHEMA_MATCHES_V1 ", " STORE_SEATS_COLUMN SCHEMA_MATCHES_END
    SCHEMA_RATING_HISTORY_V1 ", " SCHEMA_RATING_HISTORY_COPY SCHEMA_RATING_HISTORY_END
    SCHEMA_RATING_HISTORY_INDEX
    SCHEMA_FORMATS_AND_SPRT
    SCHEMA_SHARDS;
/* clang-format on */

/* store_migrations[v] takes a database from version v to v + 1: SQL, or C. */
typedef struct store_migration {
    const char *sql;
    int (*run)(store *s, char *err, size_t errlen);
} store_migration;

static const store_migration store_migrations[] = {
    {store_schema_v1, NULL},   {store_schema_v2, NULL}, {store_schema_v3, NULL},
    {store_schema_v4, NULL},   {store_schema_v5, NULL}, {store_schema_v6, NULL},
    {NULL, store__seats_fold}, {store_schema_v8, NULL}};

_Static_assert(sizeof store_migrations / sizeof store_migrations[0] == STORE_SCHEMA_VERSION,
               "one migration per schema version");

static int store_user_version(store *s, int *version, char *err, size_t errlen)
{
    sqlite3_stmt *st;
    if (store__prepare(s, &st, "PRAGMA user_version", "read schema version", err, errlen))
        return -1;
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) *version = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    return rc == SQLITE_ROW ? 0 : store__fail(s, err, errlen, "read schema version");
}

static int store_set_version(store *s, int version, const char *op, char *err, size_t errlen)
{
    char sql[64];
    /* PRAGMA takes no bound parameters; the value is our own constant. */
    snprintf(sql, sizeof sql, "PRAGMA user_version=%d", version);
    return store__exec(s, sql, op, err, errlen);
}

int store__migrate(store *s, int from, char *err, size_t errlen)
{
    char op[48];
    for (; from < STORE_SCHEMA_VERSION; from++) {
        const store_migration *m = &store_migrations[from];
        snprintf(op, sizeof op, "migrate schema to version %d", from + 1);
        if (m->sql ? store__exec(s, m->sql, op, err, errlen) : m->run(s, err, errlen)) return -1;
        if (store_set_version(s, from + 1, op, err, errlen)) return -1;
    }
    return 0;
}

static int store_create(store *s, char *err, size_t errlen)
{
    static const char op[] = "create schema";
    return store__exec(s, store_schema_new, op, err, errlen) ||
                   store__exec(s, store__seats_view, op, err, errlen) ||
                   store_set_version(s, STORE_SCHEMA_VERSION, op, err, errlen)
               ? -1
               : 0;
}

int store__schema(store *s, char *err, size_t errlen)
{
    int version = 0;
    /* The version is read inside the write transaction so that two arenas
     * opening a fresh database at once cannot both create the tables. */
    if (store__begin(s, err, errlen)) return -1;
    if (store_user_version(s, &version, err, errlen)) goto fail;
    if (version > STORE_SCHEMA_VERSION) {
        store__errf(s, err, errlen,
                    "schema version %d is newer than this arena's (%d): use a newer arena", version,
                    STORE_SCHEMA_VERSION);
        goto fail;
    }
    /* Version 0 is a database with no schema yet: a new store. */
    if (version == 0 ? store_create(s, err, errlen) : store__migrate(s, version, err, errlen))
        goto fail;
    s->version = STORE_SCHEMA_VERSION;
    return store__commit(s, err, errlen);
fail:
    store__rollback(s);
    return -1;
}
