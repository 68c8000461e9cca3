/* commit.h -- the group commit of a tournament's finished matches.
 *
 * Syncing a log and committing a transaction per match costs milliseconds,
 * a thousand times a fast game. So a finished match's log is written at once
 * without a sync, its record waits in a group, and a group is made durable in
 * two steps: one syncfs() of the results file system (every log of the group
 * is then on disk), then one SQLite transaction with all its matches.
 *
 *   commit_add    -> log written (unsynced), record pending
 *                 -> if the group is due: sync + one transaction
 *   commit_flush  -> the rest, at the end or on an interrupt
 *
 * A group is due when it holds COMMIT_MAX_GROUP matches or COMMIT_INTERVAL_US
 * has passed since the last commit (so slow matches are committed one by one,
 * as they finish).
 *
 * Invariants: (1) a match row is committed only after its log is durable;
 * (2) a killed arena loses at most the pending groups, whose matches are not in
 * the store, so `--resume` plays them again with the same seeds and the same
 * results (their log files are overwritten); (3) thread-safe: any number of
 * threads add; groups are committed one at a time.
 */
#ifndef ARENA_COMMIT_H
#define ARENA_COMMIT_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#include "arena.pb-c.h"
#include "record.h"
#include "store.h"

#define COMMIT_MAX_GROUP 512
#define COMMIT_INTERVAL_US 250000

typedef struct committer {
    store *db;
    int64_t tournament;
    const char *results_dir; /* log paths in records are relative to it */
    int dirfd;               /* for syncfs */
    pthread_mutex_t lock;    /* pending, last_us, failed */
    pthread_mutex_t flush;   /* one group at a time into the store */
    match_record *pending;
    size_t n_pending;
    int64_t last_us;
    int failed;
    char err[512]; /* the first failure */
    size_t committed;
} committer;

int commit_init(committer *c, store *db, int64_t tournament, const char *results_dir, char *err,
                size_t errlen);
/* Writes the match's log to results_dir/rec->log_path and queues the record;
 * commits the group when due. -1 once anything failed (see c->err). */
int commit_add(committer *c, const match_record *rec, const Arena__MatchLog *log);
/* Commits what is pending. -1 once anything failed. */
int commit_flush(committer *c);
void commit_free(committer *c);

#endif
