/* report_load.h -- what the HTML report shows of one tournament, read from the
 * store (results/arena.db): its entrants, its finished matches with who sat
 * where, and the rating history of its pool (game and options).
 *
 * Read-only; the caller owns the store handle. Free with report_src_free. */
#ifndef ARENA_REPORT_LOAD_H
#define ARENA_REPORT_LOAD_H

#include <stddef.h>
#include <stdint.h>

#include "record.h"
#include "store.h"

/* One row of the pool's rating history: a player's rating after a tournament. */
typedef struct report_hist {
    int64_t tournament; /* 0 when the snapshot is not tied to one */
    char *dir;          /* that tournament's directory name, "" when none */
    char *when;         /* "2026-12-01 14:53:09" (UTC) */
    char *label;        /* the player: bot identity, "#2" for a further copy */
    double elo, ci95;   /* ci95 is infinite when unknown */
    int games;
} report_hist;

typedef struct report_src {
    int64_t tid;
    char *game, *options, *tc, *dir, *created;
    uint64_t seed;
    int rounds, planned;
    int n;           /* entrants */
    char **names;    /* display names by position */
    match_record *m; /* finished matches by index; seat_entrant filled */
    size_t n_m;
    report_hist *hist;
    size_t n_hist;
} report_src;

/* Loads the newest tournament whose directory name is dir_rel. -1 with err
 * naming what is missing. */
int report_src_load(store *s, const char *dir_rel, report_src *out, char *err, size_t errlen);
void report_src_free(report_src *src);

#endif
