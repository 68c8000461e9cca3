/* matchlog.c -- MatchLog files: one packed protobuf message per file, written
 * to path.tmp, synced and renamed, so a reader sees either the whole log or none. */
#include "arena/module_kit.h"
#include "matchlog.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* A log is a few kilobytes; anything past this is not a log we wrote. */
#define MATCHLOG_MAX_BYTES (64u << 20)

static int write_all(int fd, const uint8_t *buf, size_t len)
{
    while (len > 0) {
        ssize_t w = write(fd, buf, len);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return -1;
        buf += w;
        len -= (size_t)w;
    }
    return 0;
}

/* fsync of the directory makes the rename itself durable. */
static int sync_parent_dir(const char *path)
{
    char dir[4096];
    const char *slash = strrchr(path, '/');
    if (!slash)
        snprintf(dir, sizeof dir, ".");
    else if (slash == path)
        snprintf(dir, sizeof dir, "/");
    else
        snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return -1;
    int rc = fsync(fd);
    close(fd);
    return rc;
}

static int write_tmp(const char *tmp, const uint8_t *buf, size_t len, int sync)
{
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) return -1;
    if (write_all(fd, buf, len) || (sync && fsync(fd))) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    return close(fd);
}

static int matchlog_store(const char *path, const Arena__MatchLog *log, int sync, char *err,
                          size_t errlen)
{
    size_t len = arena__match_log__get_packed_size(log);
    uint8_t *buf = malloc(len ? len : 1);
    char tmp[4096];
    int rc = -1;
    if (!buf) {
        arena_errf(err, errlen, "%s: out of memory", path);
        return -1;
    }
    arena__match_log__pack(log, buf);
    if ((size_t)snprintf(tmp, sizeof tmp, "%s.tmp", path) >= sizeof tmp) {
        arena_errf(err, errlen, "%s: path too long", path);
        goto done;
    }
    if (write_tmp(tmp, buf, len, sync)) {
        arena_errf(err, errlen, "%s: %s", tmp, strerror(errno));
        unlink(tmp);
        goto done;
    }
    if (rename(tmp, path)) {
        arena_errf(err, errlen, "%s: %s", path, strerror(errno));
        unlink(tmp);
        goto done;
    }
    if (sync && sync_parent_dir(path)) {
        arena_errf(err, errlen, "%s: cannot sync its directory: %s", path, strerror(errno));
        goto done;
    }
    rc = 0;
done:
    free(buf);
    return rc;
}

int matchlog_write(const char *path, const Arena__MatchLog *log, char *err, size_t errlen)
{
    return matchlog_store(path, log, 1, err, errlen);
}

int matchlog_write_unsynced(const char *path, const Arena__MatchLog *log, char *err, size_t errlen)
{
    return matchlog_store(path, log, 0, err, errlen);
}

/* Reads the whole file into a malloc'd buffer; -1 with err set on failure. */
static int read_file(const char *path, uint8_t **out, size_t *outlen, char *err, size_t errlen)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    struct stat st;
    if (fd < 0) {
        if (errno == ENOENT)
            arena_errf(err, errlen, "%s: no such file", path);
        else
            arena_errf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    if (fstat(fd, &st) || !S_ISREG(st.st_mode) || (uint64_t)st.st_size > MATCHLOG_MAX_BYTES) {
        arena_errf(err, errlen, "%s: not a match log (not a regular file of sane size)", path);
        close(fd);
        return -1;
    }
    size_t len = (size_t)st.st_size, got = 0;
    uint8_t *buf = malloc(len ? len : 1);
    while (buf && got < len) {
        ssize_t r = read(fd, buf + got, len - got);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) break;
        got += (size_t)r;
    }
    close(fd);
    if (!buf || got != len) {
        arena_errf(err, errlen, "%s: %s", path, buf ? "short read" : "out of memory");
        free(buf);
        return -1;
    }
    *out = buf;
    *outlen = len;
    return 0;
}

/* protobuf accepts a message cut at a field boundary, so check what every log
 * we write has: a format, a game, and one return per seat (returns come after
 * the actions, so a log cut among its actions has none). */
static int plausible(const Arena__MatchLog *log)
{
    return log->format > 0 && log->game && log->game[0] && log->n_bots > 0 &&
           log->n_returns == log->n_bots;
}

Arena__MatchLog *matchlog_read(const char *path, char *err, size_t errlen)
{
    uint8_t *buf;
    size_t len;
    if (read_file(path, &buf, &len, err, errlen)) return NULL;
    Arena__MatchLog *log = arena__match_log__unpack(NULL, len, buf);
    free(buf);
    if (log && log->format > MATCHLOG_FORMAT) {
        arena_errf(err, errlen, "%s: log format %u is newer than this arena (%d)", path,
                   log->format, MATCHLOG_FORMAT);
        arena__match_log__free_unpacked(log, NULL);
        return NULL;
    }
    if (!log || !plausible(log)) {
        arena_errf(err, errlen, "%s: not a match log (truncated or corrupt)", path);
        if (log) arena__match_log__free_unpacked(log, NULL);
        return NULL;
    }
    return log;
}

/* ------------------------------------------------------------- building -- */

static char *dup_or_empty(const char *s)
{
    return strdup(s ? s : "");
}

void matchlog_identity(Arena__Identity *id, const entrant *e)
{
    arena__identity__init(id);
    id->name = dup_or_empty(e->name);
    id->version = dup_or_empty(e->version);
    id->author = dup_or_empty(e->author);
    id->path = dup_or_empty(e->path);
    id->sha256 = dup_or_empty(e->sha256);
}

int matchlog_begin(matchlog_builder *b, const matchlog_head *h)
{
    memset(b, 0, sizeof *b);
    Arena__MatchLog *log = calloc(1, sizeof *log);
    if (!log) return -1;
    arena__match_log__init(log);
    b->log = log;
    log->format = MATCHLOG_FORMAT;
    log->game = dup_or_empty(h->game);
    log->options = dup_or_empty(h->options);
    log->rules = calloc(1, sizeof *log->rules);
    log->n_bots = log->n_bot_seeds = (size_t)h->num_players;
    log->bots = calloc(log->n_bots, sizeof *log->bots);
    log->bot_seeds = calloc(log->n_bots, sizeof *log->bot_seeds);
    log->tc = calloc(1, sizeof *log->tc);
    if (!log->rules || !log->bots || !log->bot_seeds || !log->tc) return -1;
    arena__identity__init(log->rules);
    log->rules->name = dup_or_empty(h->game);
    log->rules->version = dup_or_empty(h->rules_version);
    log->rules->author = dup_or_empty("");
    log->rules->path = dup_or_empty(h->rules_path);
    log->rules->sha256 = dup_or_empty(h->rules_sha256);
    for (int i = 0; i < h->num_players; i++) {
        log->bots[i] = calloc(1, sizeof **log->bots);
        if (!log->bots[i]) return -1;
        matchlog_identity(log->bots[i], h->seat[i]);
        log->bot_seeds[i] = h->bot_seeds[i];
    }
    log->match_seed = h->match_seed;
    arena__time_control__init(log->tc);
    log->tc->base_us = h->tc.base_us;
    log->tc->increment_us = h->tc.increment_us;
    log->tc->move_time_us = h->tc.move_time_us;
    log->tournament = dup_or_empty(h->tournament);
    log->match_index = h->index;
    log->culprit = -1;
    log->end_detail = dup_or_empty("");
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    log->started_unix_ms = (int64_t)now.tv_sec * 1000 + now.tv_nsec / 1000000;
    return 0;
}

int matchlog_action(matchlog_builder *b, int seat, int32_t action, int64_t think_us)
{
    Arena__MatchLog *log = b->log;
    if (log->n_actions == b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 256;
        Arena__LoggedAction **a = realloc(log->actions, cap * sizeof *a);
        if (!a) return -1;
        log->actions = a;
        b->cap = cap;
    }
    Arena__LoggedAction *a = malloc(sizeof *a);
    if (!a) return -1;
    arena__logged_action__init(a);
    a->seat = seat;
    a->action = action;
    a->think_us = think_us;
    log->actions[log->n_actions++] = a;
    return 0;
}

Arena__MatchLog *matchlog_finish(matchlog_builder *b, const double *returns, int end,
                                 const char *detail, int culprit, int64_t duration_us)
{
    Arena__MatchLog *log = b->log;
    b->log = NULL;
    log->n_returns = log->n_bots;
    log->returns = malloc((log->n_returns ? log->n_returns : 1) * sizeof *log->returns);
    if (log->returns)
        memcpy(log->returns, returns, log->n_returns * sizeof *returns);
    else
        log->n_returns = 0;
    log->end = (Arena__EndReason)end;
    free(log->end_detail);
    log->end_detail = dup_or_empty(detail);
    log->culprit = culprit;
    log->duration_us = duration_us;
    return log;
}
