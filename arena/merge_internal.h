/* merge_internal.h -- what merge_load.c (reading and checking the shards) and
 * merge_write.c (writing and rating the merged tournament) share. */
#ifndef ARENA_MERGE_INTERNAL_H
#define ARENA_MERGE_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "merge.h"
#include "record.h"
#include "schedule.h"
#include "shard.h"
#include "store.h"

/* One shard as read from its store. */
typedef struct merge_shard {
    const char *arg;    /* the directory as given */
    char *results;      /* its results directory (holds arena.db) */
    char *tdir;         /* its tournament directory */
    store *db;          /* opened read-only */
    tournament_row row; /* settings, entrants' paths and hashes */
    shard_spec sh;      /* which shard it is */
    char format[32];    /* "round robin" or "gauntlet" (tournament_formats) */
    entrant **entrants; /* as stored (store_entrants_read) */
    int n_entrants;
    match_record *recs; /* its finished matches, by index */
    size_t n_recs;
    char **segments; /* its committed segment files, sorted */
    size_t n_segments;
} merge_shard;

typedef struct merge {
    const merge_opts *o;
    merge_shard *shards; /* as given */
    int n;
    const merge_shard *first; /* the settings every shard must share */
    schedule plan;            /* the whole tournament's schedule */
    int all_orders;           /* tables played every seat order (--seats all) */
    const match_record **rec; /* plan.count: each match's record, from its shard */
    char *rules_version;      /* the rules every log played (rules.h: version) */
    char *rules_seen;         /* the first log file that said so */
} merge;

/* merge_load.c: opens and checks every shard (merge.h, step 1). Returns 0,
 * 2 for a refusal, 1 for a failure; the message is printed. */
int merge_load(merge *m);
void merge_free(merge *m);

/* merge_write.c: writes and rates the merged tournament (steps 2 and 3).
 * Returns the exit status. */
int merge_write(merge *m);

#endif
