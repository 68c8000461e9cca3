/* store_sprt.h -- what arena.db keeps beyond round robins (schema 3): how a
 * tournament was scheduled, SPRT runs with their verdicts, and the rating
 * history of one player of a pool. Same contract as store.h: not thread-safe,
 * every error names the database. */
#ifndef ARENA_STORE_SPRT_H
#define ARENA_STORE_SPRT_H

#include <stddef.h>
#include <stdint.h>

#include "sprt.h"
#include "store.h"

/* --- formats ------------------------------------------------------------ */

/* Records the tournament's format ("gauntlet", "sprt"); a tournament without
 * one is a round robin. */
int store_format_set(store *s, int64_t tournament, const char *format, char *err, size_t errlen);
/* The format into buf: "round robin" when none was recorded (and in a store
 * older than schema 3, opened read-only). */
int store_format_get(store *s, int64_t tournament, char *buf, size_t len, char *err, size_t errlen);

/* --- SPRT runs ---------------------------------------------------------- */

/* An SPRT's state as stored: the verdict is sprt_state_name(). */
typedef struct store_sprt_result {
    sprt_state state;
    double llr;
    sprt_counts counts;
    double elo, elo_ci95, los; /* in the model's unit; ci95 INFINITY when unknown */
} store_sprt_result;

/* Creates the run of the tournament (verdict 'running'); max_games 0 = none. */
int store_sprt_begin(store *s, int64_t tournament, const sprt_params *p, int64_t max_games,
                     char *err, size_t errlen);
/* Stores the verdict and the final figures, and marks the run finished. */
int store_sprt_finish(store *s, int64_t tournament, const store_sprt_result *r, char *err,
                      size_t errlen);
/* Reads a run back (for tests and reports): 0, 1 when there is none, -1. */
int store_sprt_get(store *s, int64_t tournament, sprt_params *p, store_sprt_result *r, char *err,
                   size_t errlen);

/* --- rating history ----------------------------------------------------- */

/* One snapshot of a player's rating, taken after a tournament of its pool. */
typedef struct store_history_row {
    int64_t tournament; /* 0 when the snapshot belongs to none */
    char dir[256];      /* the tournament's directory, "" without one */
    char recorded[32];  /* ISO 8601, UTC */
    double elo, ci95;   /* ci95 INFINITY when it was infinite */
    int games;
} store_history_row;

/* The snapshots of player (bot_id, copy) in the pool (game, options), oldest
 * first. *out is malloc'd (NULL when there is none). */
int store_history(store *s, const char *game, const char *options, int64_t bot_id, int copy,
                  store_history_row **out, size_t *n, char *err, size_t errlen);

#endif
