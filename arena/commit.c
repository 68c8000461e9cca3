/* commit.c -- group commit of finished matches (see commit.h). */
#include "commit.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "arena/module_kit.h"
#include "arena/sdk.h"
#include "matchlog.h"

int commit_init(committer *c, store *db, int64_t tournament, const char *results_dir, char *err,
                size_t errlen)
{
    memset(c, 0, sizeof *c);
    c->db = db;
    c->tournament = tournament;
    c->results_dir = results_dir;
    c->dirfd = open(results_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (c->dirfd < 0)
        return arena_errf(err, errlen, "%s: cannot open: %s", results_dir, strerror(errno));
    c->pending = malloc(COMMIT_MAX_GROUP * sizeof *c->pending);
    if (!c->pending) {
        close(c->dirfd);
        return arena_errf(err, errlen, "out of memory");
    }
    pthread_mutex_init(&c->lock, NULL);
    pthread_mutex_init(&c->flush, NULL);
    c->last_us = arena_now_us();
    return 0;
}

static void commit_fail(committer *c, const char *msg)
{
    pthread_mutex_lock(&c->lock);
    if (!c->failed) snprintf(c->err, sizeof c->err, "%s", msg);
    c->failed = 1;
    pthread_mutex_unlock(&c->lock);
}

/* Makes a taken group durable: logs first, then one transaction. */
static void commit_group(committer *c, const match_record *group, size_t n)
{
    char err[512];
    pthread_mutex_lock(&c->flush);
    if (syncfs(c->dirfd) < 0) {
        snprintf(err, sizeof err, "%s: cannot sync the match logs: %s", c->results_dir,
                 strerror(errno));
        commit_fail(c, err);
    } else if (store_matches(c->db, c->tournament, group, n, err, sizeof err)) {
        commit_fail(c, err);
    } else {
        c->committed += n;
    }
    pthread_mutex_unlock(&c->flush);
}

/* Takes the pending group (caller holds c->lock) into `out`. */
static size_t commit_take(committer *c, match_record *out)
{
    size_t n = c->n_pending;
    memcpy(out, c->pending, n * sizeof *out);
    c->n_pending = 0;
    c->last_us = arena_now_us();
    return n;
}

static int commit_status(committer *c)
{
    pthread_mutex_lock(&c->lock);
    int failed = c->failed;
    pthread_mutex_unlock(&c->lock);
    return failed ? -1 : 0;
}

int commit_add(committer *c, const match_record *rec, const Arena__MatchLog *log)
{
    char path[1400], err[512];
    snprintf(path, sizeof path, "%s/%s", c->results_dir, rec->log_path);
    if (matchlog_write_unsynced(path, log, err, sizeof err)) {
        commit_fail(c, err);
        return -1;
    }
    match_record *group = NULL;
    size_t n = 0;
    pthread_mutex_lock(&c->lock);
    c->pending[c->n_pending++] = *rec;
    if (c->n_pending == COMMIT_MAX_GROUP || arena_now_us() - c->last_us >= COMMIT_INTERVAL_US) {
        group = malloc(c->n_pending * sizeof *group);
        if (group) {
            n = commit_take(c, group);
        } else { /* stop: the pending matches stay unstored and --resume plays them */
            c->n_pending = 0;
            if (!c->failed) snprintf(c->err, sizeof c->err, "out of memory");
            c->failed = 1;
        }
    }
    pthread_mutex_unlock(&c->lock);
    if (group) {
        commit_group(c, group, n);
        free(group);
    }
    return commit_status(c);
}

int commit_flush(committer *c)
{
    match_record *group = malloc(COMMIT_MAX_GROUP * sizeof *group);
    if (!group) return -1;
    pthread_mutex_lock(&c->lock);
    size_t n = commit_take(c, group);
    pthread_mutex_unlock(&c->lock);
    if (n) commit_group(c, group, n);
    free(group);
    return commit_status(c);
}

void commit_free(committer *c)
{
    if (!c->pending) return; /* never initialised */
    close(c->dirfd);
    free(c->pending);
    pthread_mutex_destroy(&c->lock);
    pthread_mutex_destroy(&c->flush);
    memset(c, 0, sizeof *c);
}
