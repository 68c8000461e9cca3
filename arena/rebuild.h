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
    int tournaments, matches, files;
    int skipped;   /* unreadable files, damaged segments (salvaged), logs that do not fit */
    int bad_plans; /* tournament.txt unreadable: rebuilt from the logs alone */
    int short_of;  /* tournaments rebuilt with fewer matches than they had */
    char moved_aside[4200]; /* the old store's new name, "" if none */
} rebuild_stats;

/* How many tournament directories dir holds (what a rebuild would read). */
int rebuild_count_tournaments(const char *dir);
/* Appended to err (store_open_read's "no store here") when dir has no
 * arena.db: with tournament directories, that `arena rebuild --out DIR` makes
 * it again from their match logs; without, that no tournament was played
 * there (a tournament makes the store) and what rebuild would do. Nothing
 * when dir/arena.db exists (a damaged store's message says rebuild itself). */
void rebuild_hint(const char *dir, char *err, size_t errlen);
/* What a rebuild does, as every message that suggests one says it. */
#define REBUILD_REMAKES "make it again from the tournaments' plans and logs"

/* Rebuilds dir/arena.db. Warnings go to warn, one line each, and are counted
 * in st: an unreadable log file, a damaged segment (the logs before the
 * damage are kept), a log that does not fit its tournament's plan (skipped);
 * a plan that cannot be read (bad_plans: that tournament is rebuilt from its
 * logs alone, as one without a plan, and the others as usual); a tournament
 * with fewer matches than the old store held, or than its plan when it had
 * finished (short_of: logs lost). 0, or -1 with err. */
int rebuild_store(const char *dir, FILE *warn, rebuild_stats *st, char *err, size_t errlen);

#endif
