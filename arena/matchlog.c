/* matchlog.c -- MatchLog files: one packed protobuf message per file, written
 * to path.tmp, synced and renamed, so a reader sees either the whole log or none. */
#include "arena/module_kit.h"
#include "matchlog.h"
#include "rundir.h"
#include "text.h"
#include "xalloc.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
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

/* tmp written and synced, then renamed to path -- over what is there, or
 * (replace 0) never: 1 when path exists, tmp removed. With sync 0 nothing
 * is synced (matchlog_write_bytes_unsynced). */
static int write_via_sync(const char *tmp, const char *path, const uint8_t *buf, size_t len,
                          int replace, int sync, char *err, size_t errlen)
{
    if (write_tmp(tmp, buf, len, sync)) {
        arena_errf(err, errlen, "%s: %s", tmp, strerror(errno));
        unlink(tmp);
        return -1;
    }
    if (replace ? rename(tmp, path) : rundir_rename_new(tmp, path)) {
        int taken = !replace && errno == EEXIST;
        if (!taken) arena_errf(err, errlen, "%s: %s", path, strerror(errno));
        unlink(tmp);
        return taken ? 1 : -1;
    }
    if (sync && sync_parent_dir(path))
        return arena_errf(err, errlen, "%s: cannot sync its directory: %s", path, strerror(errno));
    return 0;
}

static int write_via(const char *tmp, const char *path, const uint8_t *buf, size_t len, int replace,
                     char *err, size_t errlen)
{
    return write_via_sync(tmp, path, buf, len, replace, 1, err, errlen);
}

int matchlog_write_bytes(const char *path, const uint8_t *buf, size_t len, char *err, size_t errlen)
{
    char tmp[4096];
    if ((size_t)snprintf(tmp, sizeof tmp, "%s.tmp", path) >= sizeof tmp)
        return arena_errf(err, errlen, "%s: path too long", path);
    return write_via(tmp, path, buf, len, 1, err, errlen);
}

int matchlog_write_bytes_unsynced(const char *path, const uint8_t *buf, size_t len, char *err,
                                  size_t errlen)
{
    char tmp[4096];
    if ((size_t)snprintf(tmp, sizeof tmp, "%s.tmp", path) >= sizeof tmp)
        return arena_errf(err, errlen, "%s: path too long", path);
    return write_via_sync(tmp, path, buf, len, 1, 0, err, errlen);
}

int matchlog_sync_file(const char *path, char *err, size_t errlen)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0 || fsync(fd)) {
        int saved = errno;
        if (fd >= 0) close(fd);
        return arena_errf(err, errlen, "%s: cannot sync it: %s", path, strerror(saved));
    }
    close(fd);
    if (sync_parent_dir(path))
        return arena_errf(err, errlen, "%s: cannot sync its directory: %s", path, strerror(errno));
    return 0;
}

int matchlog_write(const char *path, const Arena__MatchLog *log, char *err, size_t errlen)
{
    uint8_t *buf = xmalloc(matchlog_pack_room(log));
    size_t len = matchlog_pack(log, buf);
    int rc = matchlog_write_bytes(path, buf, len, err, errlen);
    free(buf);
    return rc;
}

int matchlog_write_new(const char *path, const Arena__MatchLog *log, char *err, size_t errlen)
{
    char tmp[4096];
    /* this process's own temporary: another writing the same name at once
     * must not write into it */
    if ((size_t)snprintf(tmp, sizeof tmp, "%s.tmp-%ld", path, (long)getpid()) >= sizeof tmp)
        return arena_errf(err, errlen, "%s: path too long", path);
    uint8_t *buf = xmalloc(matchlog_pack_room(log));
    size_t len = matchlog_pack(log, buf);
    int rc = write_via(tmp, path, buf, len, 0, err, errlen);
    free(buf);
    return rc;
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
    uint8_t *buf = xmalloc(len ? len : 1);
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

/* Format 2's columns back into LoggedAction messages, each malloc'd as
 * protobuf-c would have, so arena__match_log__free_unpacked (or, for a built
 * log, matchlog_free_built) frees them. -1 when
 * the columns disagree in length or come with messages as well. */
int matchlog_expand(Arena__MatchLog *log)
{
    size_t n = log->n_action_id;
    if (n == 0)
        return log->n_action_seat || log->n_action_think_us || log->n_action_cpu_us ? -1 : 0;
    if (log->n_actions || log->n_action_seat != n || log->n_action_think_us != n ||
        (log->n_action_cpu_us != 0 && log->n_action_cpu_us != n))
        return -1;
    log->actions = xmalloc(n * sizeof *log->actions);
    for (size_t i = 0; i < n; i++) {
        Arena__LoggedAction *a = xmalloc(sizeof *a);
        arena__logged_action__init(a);
        a->seat = log->action_seat[i];
        a->action = log->action_id[i];
        a->think_us = log->action_think_us[i];
        a->cpu_us = log->n_action_cpu_us ? log->action_cpu_us[i] : 0;
        log->actions[i] = a;
        log->n_actions = i + 1;
    }
    return 0;
}

/* One packed MatchLog, checked; NULL with err naming `path` (and `what`),
 * and *newer set when it is whole but of a newer format (not damage). */
static Arena__MatchLog *matchlog_unpack(const char *path, const char *what, const uint8_t *buf,
                                        size_t len, int *newer, char *err, size_t errlen)
{
    Arena__MatchLog *log = arena__match_log__unpack(NULL, len, buf);
    *newer = log && log->format > MATCHLOG_FORMAT;
    if (*newer) {
        arena_errf(err, errlen, "%s%s: log format %u is newer than this arena (%d)", path, what,
                   log->format, MATCHLOG_FORMAT);
        arena__match_log__free_unpacked(log, NULL);
        return NULL;
    }
    if (!log || !plausible(log) || matchlog_expand(log)) {
        arena_errf(err, errlen, "%s%s: not a match log (truncated or corrupt)", path, what);
        if (log) arena__match_log__free_unpacked(log, NULL);
        return NULL;
    }
    return log;
}

/* A segment starts with field 1 as a length-delimited message (0x0a); a single
 * log with its format number, field 1 as a varint (0x08). */
static int is_segment(const uint8_t *buf, size_t len)
{
    return len > 0 && buf[0] == 0x0a;
}

static int read_varint(const uint8_t *buf, size_t len, size_t *pos, uint64_t *out)
{
    uint64_t v = 0;
    for (int shift = 0; shift < 64 && *pos < len; shift += 7) {
        uint8_t b = buf[(*pos)++];
        v |= (uint64_t)(b & 0x7f) << shift;
        if (!(b & 0x80)) return *out = v, 0;
    }
    return -1;
}

/* Where a segment's damage starts: the log that could not be read, its
 * first byte, and whether the file ends inside it (cut short). */
typedef struct segment_damage {
    int log; /* 1-based; 0: no damage */
    size_t at;
    int cut;
} segment_damage;

/* Calls fn for every log of a segment buffer; stops at the first error,
 * recording in *dmg where it is. */
static int segment_each(const char *path, const uint8_t *buf, size_t len,
                        int (*fn)(void *ctx, Arena__MatchLog *log), void *ctx, segment_damage *dmg,
                        char *err, size_t errlen)
{
    size_t pos = 0;
    for (int k = 0; pos < len; k++) {
        uint64_t n = 0;
        int newer;
        char what[48];
        size_t start = pos;
        snprintf(what, sizeof what, " (log %d of the segment)", k + 1);
        *dmg = (segment_damage){k + 1, start, 0};
        if (buf[pos++] != 0x0a || read_varint(buf, len, &pos, &n) || n > len - pos) {
            /* a sound tag and a length past the end: the file was cut short */
            dmg->cut = buf[start] == 0x0a && (pos >= len || n > len - pos);
            return arena_errf(err, errlen, "%s%s: not a match log segment (truncated or corrupt)",
                              path, what);
        }
        Arena__MatchLog *log =
            matchlog_unpack(path, what, buf + pos, (size_t)n, &newer, err, errlen);
        if (!log) {
            if (newer) dmg->log = 0; /* whole, for a newer arena: nothing to salvage */
            return -1;
        }
        pos += (size_t)n;
        *dmg = (segment_damage){0, 0, 0};
        if (fn(ctx, log)) return 1;
    }
    return 0;
}

Arena__MatchLog *matchlog_read(const char *path, char *err, size_t errlen)
{
    uint8_t *buf;
    size_t len;
    if (read_file(path, &buf, &len, err, errlen)) return NULL;
    Arena__MatchLog *log = NULL;
    int newer;
    if (is_segment(buf, len))
        arena_errf(err, errlen,
                   "%s: a segment of many match logs (read it with arena replay, which replays "
                   "each, or name one match: DIR/matches/NNNNN.pb)",
                   path);
    else
        log = matchlog_unpack(path, "", buf, len, &newer, err, errlen);
    free(buf);
    return log;
}

typedef struct log_list {
    Arena__MatchLog **logs;
    size_t n, cap;
} log_list;

static int list_push(void *ctx, Arena__MatchLog *log)
{
    log_list *l = ctx;
    if (l->n == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 16;
        l->logs = xrealloc(l->logs, cap * sizeof *l->logs);
        l->cap = cap;
    }
    l->logs[l->n++] = log;
    return 0;
}

/* The salvage of a damaged segment, said after the reader's message: what
 * was kept and what is lost. */
static void say_salvaged(const segment_damage *d, size_t len, char *err, size_t errlen)
{
    size_t used = strlen(err);
    if (used + 1 >= errlen) return;
    if (d->cut)
        snprintf(err + used, errlen - used,
                 "; the file is cut short inside log %d (from byte %zu of %zu): the %d complete "
                 "logs before it are kept, log %d is lost",
                 d->log, d->at, len, d->log - 1, d->log);
    else
        snprintf(err + used, errlen - used,
                 "; damaged from byte %zu of %zu: the %d complete logs before it are kept, log "
                 "%d and whatever followed it (%zu bytes) are lost",
                 d->at, len, d->log - 1, d->log, len - d->at);
}

int matchlog_parse_salvage(const char *path, const uint8_t *buf, size_t len,
                           Arena__MatchLog ***logs, size_t *n, char *err, size_t errlen)
{
    log_list l = {0};
    int rc = 0;
    if (is_segment(buf, len)) {
        segment_damage d = {0, 0, 0};
        rc = segment_each(path, buf, len, list_push, &l, &d, err, errlen);
        if (rc > 0) rc = arena_errf(err, errlen, "%s: out of memory", path);
        /* the logs before the damage are whole: keep them (damage in the
         * first leaves none: unreadable, as any file of garbage is) */
        if (rc && d.log > 1) {
            say_salvaged(&d, len, err, errlen);
            rc = 1;
        }
    } else {
        int newer;
        Arena__MatchLog *log = matchlog_unpack(path, "", buf, len, &newer, err, errlen);
        rc = log ? list_push(&l, log) : -1;
    }
    if (rc < 0) {
        matchlog_free_all(l.logs, l.n);
        return -1;
    }
    *logs = l.logs;
    *n = l.n;
    return rc;
}

int matchlog_parse_all(const char *path, const uint8_t *buf, size_t len, Arena__MatchLog ***logs,
                       size_t *n, char *err, size_t errlen)
{
    int rc = matchlog_parse_salvage(path, buf, len, logs, n, err, errlen);
    if (rc > 0) matchlog_free_all(*logs, *n);
    return rc ? -1 : 0;
}

int matchlog_read_salvage(const char *path, Arena__MatchLog ***logs, size_t *n, char *err,
                          size_t errlen)
{
    uint8_t *buf;
    size_t len;
    if (read_file(path, &buf, &len, err, errlen)) return -1;
    int rc = matchlog_parse_salvage(path, buf, len, logs, n, err, errlen);
    free(buf);
    return rc;
}

int matchlog_read_all(const char *path, Arena__MatchLog ***logs, size_t *n, char *err,
                      size_t errlen)
{
    int rc = matchlog_read_salvage(path, logs, n, err, errlen);
    if (rc > 0) matchlog_free_all(*logs, *n);
    return rc ? -1 : 0;
}

void matchlog_free_all(Arena__MatchLog **logs, size_t n)
{
    for (size_t i = 0; i < n; i++)
        arena__match_log__free_unpacked(logs[i], NULL);
    free(logs);
}

Arena__MatchLog *matchlog_find(const char *matches_dir, uint32_t index, char *err, size_t errlen)
{
    DIR *d = opendir(matches_dir);
    if (!d) {
        arena_errf(err, errlen, "%s: %s", matches_dir, strerror(errno));
        return NULL;
    }
    Arena__MatchLog *found = NULL;
    struct dirent *e;
    char damage[1024] = ""; /* the first file that could not be read whole */
    while (!found && (e = readdir(d))) {
        size_t nl = strlen(e->d_name);
        if (nl < 4 || strcmp(e->d_name + nl - 3, ".pb") != 0) continue;
        char path[4096], why[1024];
        snprintf(path, sizeof path, "%s/%s", matches_dir, e->d_name);
        Arena__MatchLog **logs;
        size_t n;
        int rc = matchlog_read_salvage(path, &logs, &n, why, sizeof why);
        if (rc && !damage[0]) snprintf(damage, sizeof damage, "%s", why);
        if (rc < 0) continue;
        for (size_t i = 0; i < n; i++)
            if (logs[i]->match_index == index && !found) {
                found = logs[i];
                logs[i] = NULL;
            }
        for (size_t i = 0; i < n; i++)
            if (logs[i]) arena__match_log__free_unpacked(logs[i], NULL);
        free(logs);
    }
    closedir(d);
    if (!found && damage[0]) /* the likeliest place it was */
        arena_errf(err, errlen,
                   "%s: no log of match %u in its readable logs, and a log file there is "
                   "damaged: %s",
                   matches_dir, index, damage);
    else if (!found)
        arena_errf(err, errlen, "%s: no log of match %u there", matches_dir, index);
    return found;
}

/* ------------------------------------------------------------- building -- */

/* A built log in one block: the log first (its address is the block's), the
 * messages and arrays it points to after it. Its strings are the head's,
 * borrowed, but for end_detail; its columns are one block of their own.
 * Building a log used to take some thirty allocations and as many copies of
 * strings the match spec already holds, for a log that lives only until it
 * is packed: a tenth of what a fast game's match costs its thread. */
typedef struct matchlog_built {
    Arena__MatchLog log;
    Arena__Identity rules, bot[ARENA_MAX_PLAYERS];
    Arena__Identity *bots[ARENA_MAX_PLAYERS];
    uint64_t bot_seeds[ARENA_MAX_PLAYERS];
    Arena__TimeControl tc;
    double returns[ARENA_MAX_PLAYERS];
    int64_t start_think[ARENA_MAX_PLAYERS], start_cpu[ARENA_MAX_PLAYERS];
    int32_t stand_in[ARENA_MAX_PLAYERS];
    int any_stand_in;
    void *cols; /* the columns' block, NULL when there are no actions */
    size_t cols_cap; /* its rows */
} matchlog_built;

/* Each thread keeps the blocks of the last log it freed, a built log's and
 * its columns' (the larger columns seen), for the next log it builds: they
 * took an allocation and a free each a match, and 21 % of random morris
 * games outgrew the first columns (callgrind: 1,900 instructions a match).
 * xthread_block frees them when the thread ends. */
typedef struct build_cache {
    matchlog_built *built;
    void *cols;
    size_t cols_cap;
} build_cache;

static void cache_free(void *p)
{
    build_cache *c = p;
    free(c->built);
    free(c->cols);
    free(c);
}

static xthread_local cache_local = XTHREAD_LOCAL(build_cache, cache_free);

static build_cache *cache_get(void)
{
    return xthread_block(&cache_local);
}

/* A columns' block of cap rows done with: kept if it is the larger. */
static void cols_put(void *cols, size_t cap)
{
    if (!cols) return;
    build_cache *c = cache_get();
    if (c->cols && c->cols_cap >= cap) {
        free(cols);
        return;
    }
    free(c->cols);
    c->cols = cols;
    c->cols_cap = cap;
}

void matchlog_free_built(Arena__MatchLog *log)
{
    if (!log) return;
    matchlog_built *b = (matchlog_built *)log;
    for (size_t i = 0; i < log->n_actions; i++) /* matchlog_expand's */
        free(log->actions[i]);
    free(log->actions);
    free(log->end_detail);
    cols_put(b->cols, b->cols_cap);
    build_cache *c = cache_get();
    if (c->built)
        free(b);
    else
        c->built = b;
}

void matchlog_abandon(matchlog_builder *b)
{
    if (b->built) matchlog_free_built(&b->built->log);
    cols_put(b->cols, b->cap);
    memset(b, 0, sizeof *b);
}

/* A string of the head as a log field: borrowed, never NULL. */
static char *borrow(const char *s)
{
    return (char *)(s ? s : "");
}

/* An entrant's identity, its strings the entrant's. */
static void identity_view(Arena__Identity *id, const entrant *e)
{
    arena__identity__init(id);
    id->name = borrow(e->name);
    id->version = borrow(e->version);
    id->author = borrow(e->author);
    id->path = borrow(e->path);
    id->sha256 = borrow(e->sha256);
    id->bot_options = borrow(e->bot_options);
}

void matchlog_identity(Arena__Identity *id, const entrant *e)
{
    identity_view(id, e);
    char **own[] = {&id->name, &id->version, &id->author, &id->path, &id->sha256, &id->bot_options};
    for (size_t i = 0; i < sizeof own / sizeof *own; i++)
        *own[i] = text_dup(*own[i]);
}

int matchlog_begin(matchlog_builder *b, const matchlog_head *h)
{
    memset(b, 0, sizeof *b);
    if (h->num_players < 0 || h->num_players > ARENA_MAX_PLAYERS) {
        fprintf(stderr, "arena: a match log of %d seats\n", h->num_players);
        abort(); /* match.c never asks: a bug, not input */
    }
    build_cache *c = cache_get();
    matchlog_built *m = c->built;
    if (m) {
        c->built = NULL;
        memset(m, 0, sizeof *m);
    } else {
        m = xcalloc(1, sizeof *m);
    }
    b->built = m;
    Arena__MatchLog *log = &m->log;
    arena__match_log__init(log);
    log->format = MATCHLOG_FORMAT;
    log->game = borrow(h->game);
    log->options = borrow(h->options);
    log->rules = &m->rules;
    arena__identity__init(log->rules);
    log->rules->name = borrow(h->game);
    log->rules->version = borrow(h->rules_version);
    log->rules->author = borrow("");
    log->rules->path = borrow(h->rules_path);
    log->rules->sha256 = borrow(h->rules_sha256);
    log->rules->bot_options = borrow("");
    log->n_bots = log->n_bot_seeds = (size_t)h->num_players;
    log->bots = m->bots;
    log->bot_seeds = m->bot_seeds;
    for (int i = 0; i < h->num_players; i++) {
        m->bots[i] = &m->bot[i];
        identity_view(m->bots[i], h->seat[i]);
        m->bot_seeds[i] = h->bot_seeds[i];
    }
    log->match_seed = h->match_seed;
    log->tc = &m->tc;
    arena__time_control__init(log->tc);
    log->tc->base_us = h->tc.base_us;
    log->tc->increment_us = h->tc.increment_us;
    log->tc->move_time_us = h->tc.move_time_us;
    log->tournament = borrow(h->tournament);
    log->match_index = h->index;
    log->culprit = -1;
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    log->started_unix_ms = (int64_t)now.tv_sec * 1000 + now.tv_nsec / 1000000;
    return 0;
}

/* The four columns in one block of cap rows: the 8-byte ones first. */
void matchlog_builder_grow(matchlog_builder *b)
{
    size_t cap = b->cap ? b->cap * 2 : 256, n = b->n;
    build_cache *c = b->cap ? NULL : cache_get();
    uint8_t *cols;
    if (c && c->cols) { /* a block this thread kept, empty: nothing to copy */
        cols = c->cols;
        cap = c->cols_cap;
        c->cols = NULL;
    } else {
        cols = xmalloc(cap * (2 * sizeof(int64_t) + 2 * sizeof(int32_t)));
    }
    int64_t *think = (int64_t *)cols, *cpu = think + cap;
    int32_t *seat = (int32_t *)(cpu + cap), *action = seat + cap;
    if (n) {
        memcpy(think, b->think, n * sizeof *think);
        memcpy(cpu, b->cpu, n * sizeof *cpu);
        memcpy(seat, b->seat, n * sizeof *seat);
        memcpy(action, b->action, n * sizeof *action);
    }
    free(b->cols);
    b->cols = cols;
    b->think = think, b->cpu = cpu, b->seat = seat, b->action = action;
    b->cap = cap;
}

void matchlog_start(matchlog_builder *b, int seat, int64_t think_us, int64_t cpu_us)
{
    matchlog_built *m = b->built;
    if (seat < 0 || (size_t)seat >= m->log.n_bots) return;
    m->start_think[seat] = think_us;
    m->start_cpu[seat] = cpu_us;
    b->any_start_cpu |= cpu_us != 0;
}

void matchlog_stand_in(matchlog_builder *b, int seat, int32_t ply)
{
    matchlog_built *m = b->built;
    if (seat < 0 || (size_t)seat >= m->log.n_bots) return;
    if (!m->any_stand_in)
        for (size_t i = 0; i < m->log.n_bots; i++)
            m->stand_in[i] = -1;
    m->any_stand_in = 1;
    m->stand_in[seat] = ply;
}

int matchlog_stand_in_ply(const Arena__MatchLog *log, int seat)
{
    return seat >= 0 && (size_t)seat < log->n_stand_in_ply ? (int)log->stand_in_ply[seat] : -1;
}

Arena__MatchLog *matchlog_finish(matchlog_builder *b, const double *returns, int end,
                                 const char *detail, int culprit, int64_t duration_us)
{
    matchlog_built *m = b->built;
    Arena__MatchLog *log = &m->log;
    /* The columns change hands: the log frees their block. */
    if (b->n) {
        log->n_action_seat = log->n_action_id = log->n_action_think_us = b->n;
        log->action_seat = b->seat;
        log->action_id = b->action;
        log->action_think_us = b->think;
        log->n_action_cpu_us = b->any_cpu ? b->n : 0;
        log->action_cpu_us = b->any_cpu ? b->cpu : NULL;
        m->cols = b->cols;
        m->cols_cap = b->cap;
        b->cols = NULL;
    }
    log->n_start_think_us = log->n_bots;
    log->start_think_us = m->start_think;
    log->n_start_cpu_us = b->any_start_cpu ? log->n_bots : 0;
    log->start_cpu_us = m->start_cpu;
    log->n_stand_in_ply = m->any_stand_in ? log->n_bots : 0;
    log->stand_in_ply = m->any_stand_in ? m->stand_in : NULL;
    b->built = NULL;
    matchlog_abandon(b); /* the builder is done */
    log->n_returns = log->n_bots;
    log->returns = m->returns;
    memcpy(log->returns, returns, log->n_returns * sizeof *returns);
    log->end = (Arena__EndReason)end;
    log->end_detail = text_dup(detail);
    log->culprit = culprit;
    log->duration_us = duration_us;
    return log;
}
