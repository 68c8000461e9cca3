/* commit.c -- group commit of finished matches (see commit.h). */
#include "commit.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "arena/module_kit.h"
#include "arena/sdk.h"
#include "matchlog.h"
#include "text.h"
#include "xalloc.h"

/* The number after the last segment already in matches/ (resume appends). */
static unsigned commit_first_free_segment(const char *mdir)
{
    unsigned next = 0, k;
    DIR *d = opendir(mdir);
    struct dirent *e;
    while (d && (e = readdir(d))) {
        char tail;
        if (sscanf(e->d_name, "g%u.p%c", &k, &tail) == 2 && tail == 'b' && k >= next) next = k + 1;
    }
    if (d) closedir(d);
    return next;
}

/* A group taken from the queue. */
typedef struct commit_group {
    match_record *recs;
    size_t n;
    uint8_t *logs;
    size_t logs_len, logs_cap;
} commit_group;

/* Caller holds c->lock. */
static void commit_fail_locked(committer *c, const char *msg)
{
    if (!c->failed) snprintf(c->err, sizeof c->err, "%s", msg);
    c->failed = 1;
}

/* Makes a group durable: its segment first, then one transaction. Runs on the
 * committer thread without the lock. */
static int commit_group_store(committer *c, commit_group *g, char *err, size_t errlen)
{
    char rel[600], path[2700];
    snprintf(rel, sizeof rel, "%s/matches/g%06u.pb", c->tdir_rel, c->next_segment++);
    snprintf(path, sizeof path, "%s/%s", c->results_dir, rel);
    /* the same path in every record: copied, not formatted a record at a time */
    size_t n = strnlen(rel, sizeof g->recs[0].log_path - 1);
    for (size_t i = 0; i < g->n; i++) {
        memcpy(g->recs[i].log_path, rel, n);
        g->recs[i].log_path[n] = '\0';
    }
    if (matchlog_write_bytes(path, g->logs, g->logs_len, err, errlen)) return -1;
    return store_matches(c->db, c->tournament, g->recs, g->n, err, errlen);
}

/* Takes the whole queue as one group (caller holds c->lock): the records'
 * buffer swapped with c->taken (the last group's), as the log buffer is with
 * the spare one -- copying the records cost the committer a tenth of its
 * work (900 bytes a match, 230 kB a group). */
static int commit_take(committer *c, commit_group *g)
{
    memset(g, 0, sizeof *g);
    c->last_us = arena_now_us();
    if (!c->n_pending) return 0;
    g->recs = c->pending;
    c->pending = c->taken;
    c->taken = g->recs;
    g->n = c->n_pending;
    g->logs = c->logs;
    g->logs_len = c->logs_len;
    g->logs_cap = c->logs_cap;
    c->logs = c->spare;
    c->logs_cap = c->spare_cap;
    c->logs_len = 0;
    c->spare = NULL;
    c->in_flight = c->n_pending;
    c->n_pending = 0;
    return 1;
}

static int commit_due(const committer *c)
{
    return c->n_pending >= COMMIT_MAX_GROUP ||
           (c->n_pending && arena_now_us() - c->last_us >= COMMIT_INTERVAL_US);
}

static void *commit_thread(void *arg)
{
    committer *c = arg;
    char first_err[512];
    int first_bad =
        c->sync_first && matchlog_sync_file(c->sync_first, first_err, sizeof first_err) != 0;
    pthread_mutex_lock(&c->lock);
    if (first_bad) commit_fail_locked(c, first_err);
    for (;;) {
        while (!c->stop && !commit_due(c)) {
            /* wake up for the interval even when nobody adds */
            struct timespec ts;
            clock_gettime(CLOCK_REALTIME, &ts);
            ts.tv_nsec += 50 * 1000000L;
            if (ts.tv_nsec >= 1000000000L) ts.tv_sec++, ts.tv_nsec -= 1000000000L;
            pthread_cond_timedwait(&c->wake, &c->lock, &ts);
        }
        if (c->stop && !c->n_pending) break;
        commit_group g;
        int taken = c->failed ? -1 : commit_take(c, &g);
        if (taken < 0) { /* failed: drop the queue; --resume plays those matches */
            c->n_pending = 0;
            pthread_cond_broadcast(&c->drained);
            continue;
        }
        pthread_cond_broadcast(&c->drained);
        pthread_mutex_unlock(&c->lock);
        char err[512];
        int rc = taken ? commit_group_store(c, &g, err, sizeof err) : 0;
        pthread_mutex_lock(&c->lock);
        if (taken) { /* the stored group's buffer is the next spare */
            c->spare = g.logs;
            c->spare_cap = g.logs_cap;
        }
        if (rc)
            commit_fail_locked(c, err);
        else
            c->committed += g.n;
        c->in_flight = 0;
        pthread_cond_broadcast(&c->drained);
    }
    pthread_mutex_unlock(&c->lock);
    return NULL;
}

int commit_init(committer *c, store *db, int64_t tournament, const char *results_dir,
                const char *tdir_rel, const char *sync_first, char *err, size_t errlen)
{
    memset(c, 0, sizeof *c);
    c->sync_first = sync_first ? text_dup(sync_first) : NULL;
    c->db = db;
    c->tournament = tournament;
    c->results_dir = results_dir;
    c->tdir_rel = tdir_rel;
    c->pending = xmalloc(COMMIT_MAX_PENDING * sizeof *c->pending);
    c->taken = xmalloc(COMMIT_MAX_PENDING * sizeof *c->taken);
    char mdir[2048];
    snprintf(mdir, sizeof mdir, "%s/%s/matches", results_dir, tdir_rel);
    c->next_segment = commit_first_free_segment(mdir);
    pthread_mutex_init(&c->lock, NULL);
    pthread_cond_init(&c->wake, NULL);
    pthread_cond_init(&c->drained, NULL);
    c->last_us = arena_now_us();
    if (pthread_create(&c->thread, NULL, commit_thread, c) != 0) {
        commit_free(c);
        return arena_errf(err, errlen, "cannot start the committer thread");
    }
    c->running = 1;
    return 0;
}

/* Each adding thread's buffer for packing a log, kept from match to match
 * (freed when the thread ends): one of 4 kB or more allocated and freed a
 * match cost the game's thread 650 instructions (callgrind, random morris). */
typedef struct commit_scratch {
    uint8_t *buf;
    size_t cap;
} commit_scratch;

static void scratch_free(void *p)
{
    commit_scratch *s = p;
    free(s->buf);
    free(s);
}

static xthread_local scratch_local = XTHREAD_LOCAL(commit_scratch, scratch_free);

int commit_add(committer *c, const match_record *rec, const Arena__MatchLog *log)
{
    /* Packed before taking the lock: packing costs more than the rest of
     * adding, and other games' threads and the committer wait on the lock. */
    commit_scratch *s = xthread_block(&scratch_local);
    size_t len = 0;
    matchlog_segment_append(&s->buf, &len, &s->cap, log); /* cannot fail: xalloc.h */
    const uint8_t *entry = s->buf;
    pthread_mutex_lock(&c->lock);
    while (!c->failed && c->n_pending >= COMMIT_MAX_PENDING)
        pthread_cond_wait(&c->drained, &c->lock);
    if (!c->failed) {
        if (c->logs_len + len > c->logs_cap) {
            size_t ncap = c->logs_cap ? c->logs_cap : 4096;
            while (ncap < c->logs_len + len)
                ncap *= 2;
            c->logs = xrealloc(c->logs, ncap);
            c->logs_cap = ncap;
        }
        memcpy(c->logs + c->logs_len, entry, len);
        c->logs_len += len;
        c->pending[c->n_pending++] = *rec;
        if (commit_due(c)) pthread_cond_signal(&c->wake);
    }
    int failed = c->failed;
    pthread_mutex_unlock(&c->lock);
    return failed ? -1 : 0;
}

int commit_flush(committer *c)
{
    pthread_mutex_lock(&c->lock);
    c->last_us = 0; /* due now */
    pthread_cond_signal(&c->wake);
    while (!c->failed && (c->n_pending || c->in_flight))
        pthread_cond_wait(&c->drained, &c->lock);
    int failed = c->failed;
    pthread_mutex_unlock(&c->lock);
    return failed ? -1 : 0;
}

void commit_free(committer *c)
{
    if (!c->pending) return; /* never initialised */
    if (c->running) {
        pthread_mutex_lock(&c->lock);
        c->stop = 1;
        pthread_cond_signal(&c->wake);
        pthread_mutex_unlock(&c->lock);
        pthread_join(c->thread, NULL);
    }
    free(c->pending);
    free(c->taken);
    free(c->logs);
    free(c->spare);
    free(c->sync_first);
    pthread_mutex_destroy(&c->lock);
    pthread_cond_destroy(&c->wake);
    pthread_cond_destroy(&c->drained);
    memset(c, 0, sizeof *c);
}

int commit_sweep(const char *results_dir, const char *tdir_rel, const char *finished,
                 size_t n_matches)
{
    char mdir[2048];
    snprintf(mdir, sizeof mdir, "%s/%s/matches", results_dir, tdir_rel);
    DIR *d = opendir(mdir);
    struct dirent *e;
    int removed = 0;
    while (d && (e = readdir(d))) {
        unsigned k;
        char tail;
        if (sscanf(e->d_name, "g%u.p%c", &k, &tail) != 2 || tail != 'b') continue;
        char path[4096], err[256];
        snprintf(path, sizeof path, "%s/%s", mdir, e->d_name);
        Arena__MatchLog **logs;
        size_t n;
        int stored = 1; /* an unreadable file is left for a person to look at */
        if (matchlog_read_all(path, &logs, &n, err, sizeof err) == 0) {
            /* a group is committed in one transaction: all its matches or none */
            stored = n > 0 && logs[0]->match_index < n_matches && finished[logs[0]->match_index];
            matchlog_free_all(logs, n);
        }
        if (!stored && unlink(path) == 0) removed++;
    }
    if (d) closedir(d);
    return removed;
}
