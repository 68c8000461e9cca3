/* rebuild.h -- `arena rebuild`: arena.db made again from what the results
 * directory holds, for a store that is damaged or lost.
 *
 * The match logs are the source of truth. Each tournament directory under the
 * results directory holds its plan (tournament.txt, manifest.h) and its
 * logs (matches/gNNNNNN.pb segments, or one file per match); the store is a
 * faster copy of them. Rebuilding recreates every tournament in directory
 * (that is, start time) order with its entrants by position, every finished
 * match (seats resolved by the schedule the plan gives), and the rating
 * snapshot each finished tournament appended, so `arena ratings` prints what
 * it printed before and --resume can finish an interrupted tournament.
 *
 * A tournament directory without tournament.txt (written by arenas since
 * schema 3) is rebuilt from its logs alone: entrants in order of first
 * appearance, copies of one bot by seat order, seed and rounds unknown (0),
 * so it counts in its pool but cannot be resumed. `arena match` logs
 * (results/matches/) are not tournaments and were never stored.
 *
 * The store is built in a temporary directory and moved into place last, so
 * a failed rebuild leaves nothing half made; an existing arena.db (and its
 * -wal and -shm files) is first renamed to arena.db.old-DATE, never deleted.
 */
#ifndef ARENA_REBUILD_H
#define ARENA_REBUILD_H

#include <stdio.h>

typedef struct rebuild_stats {
    int tournaments, matches, files, skipped; /* skipped: unreadable files or logs */
    char moved_aside[4200];                   /* the old store's new name, "" if none */
} rebuild_stats;

/* Rebuilds dir/arena.db. Warnings (an unreadable log file, a log that does not
 * fit its tournament's plan) go to warn, one line each, and count as skipped.
 * 0, or -1 with err. */
int rebuild_store(const char *dir, FILE *warn, rebuild_stats *st, char *err, size_t errlen);

#endif
