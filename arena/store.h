/* store.h -- SQLite storage (results/arena.db, WAL): the source of truth for
 * bots, tournaments, planned and finished matches and rating history.
 *
 * A finished match is committed in one transaction, after its log file was
 * written and synced by the caller, so a killed arena loses nothing finished.
 * Not thread-safe: the caller serialises calls on one store.
 */
#ifndef ARENA_STORE_H
#define ARENA_STORE_H

#include <stddef.h>
#include <stdint.h>

#include "record.h"
#include "ratings.h"

typedef struct store store;

/* Opens (creating if needed) dir/arena.db; creates dir when missing (as
 * mkdir -p). Creates or migrates the schema; refuses a database written by a
 * newer arena. Every error message names the database file (or the directory)
 * and the failing operation. */
store *store_open(const char *dir, char *err, size_t errlen);
/* Opens dir/arena.db for the commands that only read (ratings, report,
 * merge's shards): a connection that refuses every write (query_only), which
 * removes the WAL files at its close like any last connection; never creates
 * the file or the directory, never migrates, works in a read-only directory
 * (there opened immutable); an older schema is read as it is. Both opens run
 * PRAGMA quick_check: a damaged store is
 * an error that says so (as is any later SQLite "corrupt" or "not a
 * database" answer). */
store *store_open_read(const char *dir, char *err, size_t errlen);
void store_close(store *s);
/* "dir/arena.db", valid until store_close. */
const char *store_path(const store *s);
/* Runs PRAGMA integrity_check: 0 when the database is sound. */
int store_integrity_check(store *s, char *err, size_t errlen);

/* Finds or inserts the bot (by name, version and sha256); sets e->store_id.
 * The path and author first seen are kept (a tournament's own paths are its
 * entrants', store_entrants_read). */
int store_bot(store *s, entrant *e, char *err, size_t errlen);

typedef struct tournament_info {
    const char *game;    /* "morris" */
    const char *options; /* canonical option string: the rating pool is game+options */
    uint64_t seed;
    int rounds;
    const char *tc;      /* "5+0.05", "move 100ms" */
    const char *dir;     /* its directory, relative to the results directory */
    int planned;         /* number of matches planned */
    int all_seat_orders; /* 1: every seat order; 0: rotations (stored as text) */
    int shard, shards;   /* shard I of N (shard.h); 0, 0 for a whole tournament */
} tournament_info;

/* Creates a tournament with its entrants (in order); returns its id (> 0) or -1.
 * Entrants not stored yet (store_id 0) are stored first (store_bot). */
int64_t store_tournament_new(store *s, const tournament_info *t, entrant *const *entrants, int n,
                             char *err, size_t errlen);
/* The newest tournament whose dir is `dir` (for --resume): its id, 0 when
 * there is none, -1 on error. */
int64_t store_tournament_find(store *s, const char *dir, char *err, size_t errlen);
/* Commits one finished match in one transaction. Seats are resolved through
 * the entrant positions stored by store_tournament_new (a seat naming a
 * position that does not exist is an error); `entrants` is not read and may
 * be NULL. Idempotent: committing an index already stored for the tournament
 * returns 0 and changes nothing -- the first result stands. */
int store_match(store *s, int64_t tournament, const match_record *m, entrant *const *entrants,
                char *err, size_t errlen);
/* Commits a group of finished matches in one transaction (the group commit of
 * a tournament: one transaction per batch, not per match). All or nothing;
 * idempotent per match as store_match. */
int store_matches(store *s, int64_t tournament, const match_record *m, size_t n, char *err,
                  size_t errlen);
/* Match indices already finished in a tournament (for --resume). *out is
 * malloc'd, sorted ascending. */
int store_finished_matches(store *s, int64_t tournament, uint32_t **out, size_t *n, char *err,
                           size_t errlen);
/* Marks the tournament finished (now); -1 when there is no such tournament. */
int store_tournament_done(store *s, int64_t tournament, char *err, size_t errlen);

/* --- resuming ------------------------------------------------------------ */

/* A stored tournament: its settings and its entrants by position: the bot
 * each was given ("path[:options]", as store_entrants_read) and its SHA-256. */
typedef struct tournament_row {
    int64_t id;
    char *game, *options, *tc, *dir;
    uint64_t seed;
    int rounds, planned, finished;
    int seat_orders;   /* 1 all, 0 rotations, -1 not stored (before schema 3) */
    int shard, shards; /* shard I of N (shard.h); 0, 0 for a whole tournament */
    int n_entrants;
    char **paths;
    char **sha256;
} tournament_row;

int store_tournament_get(store *s, int64_t id, tournament_row *out, char *err, size_t errlen);
void store_tournament_row_free(tournament_row *t);
/* The finished matches of a tournament with their results, by index, each
 * seat with the entrant position that sat there (seat_entrant), or -1 for a
 * seat stored before schema 2, which did not record it. */
int store_tournament_results(store *s, int64_t id, match_record **out, size_t *n, char *err,
                             size_t errlen);

/* --- shards (shard.h) ------------------------------------------------------ */

/* The ids of the store's sharded tournaments, ascending (*ids malloc'd). */
int store_sharded_tournaments(store *s, int64_t **ids, size_t *n, char *err, size_t errlen);
/* The whole (not sharded) tournaments with t's game, options, seed, rounds,
 * time control and planned count, ascending (*ids malloc'd): a merge already
 * done, or the same tournament played in one piece. */
int store_tournaments_like(store *s, const tournament_row *t, int64_t **ids, size_t *n, char *err,
                           size_t errlen);
/* A tournament's entrants by position, as stored: name (the identity,
 * "name[options]"), version, author, sha256, path and display label;
 * store_bot of one of them in another store finds or makes the same bot row.
 * The path is the bot as this tournament was given it ("path:options",
 * entrant_spec), not the bot row's first path, which may be another
 * tournament's file; only an entrant stored before schema 8, which recorded
 * none, has its bot's. Free with store_entrants_free. */
int store_entrants_read(store *s, int64_t tid, entrant ***out, int *n, char *err, size_t errlen);
void store_entrants_free(entrant **e, int n);

/* --- persistent ratings ------------------------------------------------- */

/* One rating pool: a game and its canonical options.
 *
 * Players. A bot is its .so file: the bots row (name, version, SHA-256 of the
 * file), so two builds of one bot are two bots, and one file under two names
 * or versions too. A player of a pool is a bot and a copy number: a bot entered
 * k times in one tournament is k players there, copies 0..k-1 in entrant order
 * (labelled name#1, name#2, ...: label.h), and copy c of a bot is the same player in every
 * tournament of the pool. So a bot entered twice plays its second copy, never
 * itself, and the pool can always be fitted. */
typedef struct pool_bot {
    int64_t bot_id;
    int copy;    /* 0, or which further copy of the bot (see above) */
    char *label; /* unique within the pool (label.h) */
} pool_bot;

/* Every pairwise result ever stored in the pool (game, options), with the bots
 * that took part, equal two-seat results counted in one entry (tally_push);
 * the caller fits them (ratings.h). Frees with store_pool_free. */
typedef struct pool_data {
    int n_bots;
    pool_bot *bots;
    int *matches; /* n_bots: matches (tables) each player sat at */
    size_t n_games;
    rating_game *games; /* indices into bots */
} pool_data;

/* Players are those seated in at least one stored match of the pool, in bot id
 * (first seen) then copy order. Each match gives one game per pair of seats
 * i < j: a is seat i's player, score from the returns (tally_score). Labels
 * as label.h says (#id settles what collisions remain). A match seating one player twice (only a
 * damaged store can) is an error, never a game of a player against itself. */
int store_pool_load(store *s, const char *game, const char *options, pool_data *out, char *err,
                    size_t errlen);
/* A tournament's own results, held in memory by the tournament that played
 * them (tally.h): its pairwise results in entrant positions and the tables
 * each entrant sat at. They must be exactly its stored matches. */
typedef struct pool_own {
    int64_t tournament;
    int n_entrants;
    const int *tables;        /* n_entrants */
    const rating_game *games; /* a, b: entrant positions */
    size_t n_games;
} pool_own;
/* The same pool with own's matches taken from memory instead of read back
 * (own NULL: store_pool_load). The fit counts results, in any order
 * (ratings.c), so it is the same pool: what it saves is reading back the
 * matches just played, most of a fast tournament's end. */
int store_pool_load_own(store *s, const char *game, const char *options, const pool_own *own,
                        pool_data *out, char *err, size_t errlen);
void store_pool_free(pool_data *p);
/* The distinct option strings with stored matches for a game, sorted; free
 * with store_pools_free. */
int store_pools(store *s, const char *game, char ***options, size_t *n, char *err, size_t errlen);
void store_pools_free(char **options, size_t n);
/* Appends a snapshot of the pool's ratings after a tournament (rating history):
 * one row per bot of p, fit->entry in the same order (fit->n == p->n_bots).
 * A tournament has one snapshot: a second one of the same tournament (a
 * resume after a kill between the snapshot and the finished mark) replaces
 * the first, in the same transaction. tournament <= 0 records a snapshot not
 * tied to a tournament. */
int store_rating_snapshot(store *s, int64_t tournament, const char *game, const char *options,
                          const pool_data *p, const rating_fit *fit, char *err, size_t errlen);
/* Loads the pool, fits it and appends its snapshot (the end of a tournament,
 * and of each tournament `arena rebuild` recreates). A pool that cannot be
 * loaded or fitted is an error, never a skipped snapshot. */
int store_pool_rate(store *s, int64_t tournament, const char *game, const char *options, char *err,
                    size_t errlen);
/* The same, after tournament own->tournament, with its results from memory
 * (store_pool_load_own). */
int store_pool_rate_own(store *s, const char *game, const char *options, const pool_own *own,
                        char *err, size_t errlen);

#endif
