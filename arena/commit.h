/* commit.h -- the group commit of a tournament's finished matches.
 *
 * Creating a file, syncing it and committing a transaction per match costs
 * milliseconds, a thousand times a fast game. So finished matches wait in a
 * group (their logs packed in memory), and a group is made durable in two
 * steps: its logs go into one segment file, matches/gNNNNNN.pb (written to a
 * temporary name, synced, renamed, directory synced), then its matches go
 * into the store in one SQLite transaction, each row naming that segment.
 *
 *   commit_add    -> log packed into the group, record pending; wakes the
 *                    committer thread when the group is due
 *   (committer)   -> segment + one transaction, while play goes on
 *   commit_flush  -> waits until everything added so far is stored
 *
 * A group is due when it holds COMMIT_MAX_GROUP matches or COMMIT_INTERVAL_US
 * has passed since the last commit (so slow matches are committed one by one,
 * as they finish).
 *
 * The committer is a thread of its own so that play never waits for a disk
 * sync; adders wait only when COMMIT_MAX_PENDING matches are queued while a
 * group is being stored, which bounds the memory the queue holds (four
 * groups' records and packed logs, about 3 MB for fast morris games). The queue is
 * four groups deep, not one: with one, two games at once (-j 2, fast games)
 * filled the next group before the syncs of the last had ended and waited
 * for them, 57 ms in a 0.22 s run; with four they never wait there, and the
 * run is 5 % faster. When the committer falls behind, it takes everything
 * queued as one larger group (fewer syncs).
 *
 * A new run's plan (tournament.txt, manifest.h) is written unsynced and
 * synced by the committer first thing, beside the first games (sync_first
 * of commit_init), before any match of the run is stored: the start of play
 * does not wait on its two syncs (a file's and its directory's).
 *
 * Invariants: (1) a match row is committed only after its log, and the
 * run's plan, are durable;
 * (2) a killed arena loses at most its pending groups, whose matches are not in
 * the store, so `--resume` plays them again with the same seeds and the same
 * results; a segment written but not committed is removed by the resume
 * (commit_sweep) so no match has two logs; (3) thread-safe: any number of
 * threads add; one thread commits, one group at a time, in order.
 */
#ifndef ARENA_COMMIT_H
#define ARENA_COMMIT_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#include "arena.pb-c.h"
#include "record.h"
#include "store.h"

#define COMMIT_MAX_GROUP 256
#define COMMIT_INTERVAL_US 250000
#define COMMIT_MAX_PENDING (4 * COMMIT_MAX_GROUP)

typedef struct committer {
    store *db;
    int64_t tournament;
    const char *results_dir; /* the store's directory */
    const char *tdir_rel;    /* the tournament's directory, relative to results_dir */
    char *sync_first;        /* synced before any group (commit_init), or NULL */
    pthread_mutex_t lock;    /* everything below */
    pthread_cond_t wake;     /* to the committer: a group is due, or stop */
    pthread_cond_t drained;  /* to adders and flush: the queue got shorter */
    pthread_t thread;
    int running, stop;
    match_record *pending; /* COMMIT_MAX_PENDING slots */
    size_t n_pending;
    size_t in_flight; /* taken by the committer, not yet stored */
    uint8_t *logs;    /* the pending group's logs, a packed MatchLogSegment */
    size_t logs_len, logs_cap;
    /* The committer's side of a double buffer: the group being stored and the
     * emptied buffer of the last one. Buffers are reused, never freed until
     * the end, so memory stays at its first high-water mark (freeing and
     * reallocating them made glibc's heap grow with the match count). */
    match_record *taken; /* COMMIT_MAX_PENDING slots */
    uint8_t *spare;
    size_t spare_cap;
    unsigned next_segment; /* the committer's */
    int64_t last_us;
    int failed;
    char err[512]; /* the first failure */
    size_t committed;
} committer;

/* sync_first: a file written unsynced (the run's plan) that the committer
 * syncs, with its directory, before it stores anything; NULL for none. A
 * failure to sync it fails the committer as a failed group would. */
int commit_init(committer *c, store *db, int64_t tournament, const char *results_dir,
                const char *tdir_rel, const char *sync_first, char *err, size_t errlen);
/* Queues a finished match and its log; commits the group when due. -1 once
 * anything failed (see c->err). */
int commit_add(committer *c, const match_record *rec, const Arena__MatchLog *log);
/* Commits what is pending. -1 once anything failed. */
int commit_flush(committer *c);
void commit_free(committer *c);

/* For --resume: removes the segments of the tournament whose matches are not
 * in the store (written, then killed before their transaction). finished[i]
 * says whether match i is stored. Returns how many were removed. */
int commit_sweep(const char *results_dir, const char *tdir_rel, const char *finished,
                 size_t n_matches);

#endif
