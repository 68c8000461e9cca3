/* store.c -- opening and closing results/arena.db, and the helpers every
 * store_*.c file uses for errors, statements and transactions. */
#include <assert.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "store_internal.h"

static void store_vset(char *err, size_t errlen, const char *fmt, va_list ap)
{
    if (err && errlen) vsnprintf(err, errlen, fmt, ap);
}

static int store_set(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int store_set(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    store_vset(err, errlen, fmt, ap);
    va_end(ap);
    return -1;
}

int store__fail(store *s, char *err, size_t errlen, const char *op)
{
    return store_set(err, errlen, "%s: %s: %s", s->path, op, sqlite3_errmsg(s->db));
}

int store__errf(store *s, char *err, size_t errlen, const char *fmt, ...)
{
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return store_set(err, errlen, "%s: %s", s->path, msg);
}

int store__prepare(store *s, sqlite3_stmt **st, const char *sql, const char *op, char *err,
                   size_t errlen)
{
    if (sqlite3_prepare_v2(s->db, sql, -1, st, NULL) != SQLITE_OK) {
        *st = NULL;
        return store__fail(s, err, errlen, op);
    }
    return 0;
}

int store__done(store *s, sqlite3_stmt *st, const char *op, char *err, size_t errlen)
{
    if (sqlite3_step(st) != SQLITE_DONE) return store__fail(s, err, errlen, op);
    return 0;
}

int store__bind_text(sqlite3_stmt *st, int idx, const char *text)
{
    return sqlite3_bind_text(st, idx, text ? text : "", -1, SQLITE_STATIC);
}

int store__exec(store *s, const char *sql, const char *op, char *err, size_t errlen)
{
    if (sqlite3_exec(s->db, sql, NULL, NULL, NULL) != SQLITE_OK)
        return store__fail(s, err, errlen, op);
    return 0;
}

int store__begin(store *s, char *err, size_t errlen)
{
    return store__exec(s, "BEGIN IMMEDIATE", "begin transaction", err, errlen);
}

int store__commit(store *s, char *err, size_t errlen)
{
    if (store__exec(s, "COMMIT", "commit", err, errlen) == 0) return 0;
    store__rollback(s);
    return -1;
}

void store__rollback(store *s)
{
    /* Fails harmlessly when SQLite already rolled back on its own (e.g. after
     * SQLITE_FULL); the original error is what the caller reports. */
    if (!sqlite3_get_autocommit(s->db)) sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
}

/* mkdir -p: creates each missing component; a component that exists but is not
 * a directory is reported by the final check. */
static int store_mkdirs(const char *dir, char *err, size_t errlen)
{
    char *p = strdup(dir);
    struct stat sb;
    if (!p) return store_set(err, errlen, "%s: out of memory", dir);
    for (char *c = p + 1; *c; c++) {
        if (*c != '/') continue;
        *c = '\0';
        if (mkdir(p, 0777) != 0 && errno != EEXIST)
            break; /* reported below: the final mkdir or stat fails too */
        *c = '/';
    }
    free(p);
    if (mkdir(dir, 0777) != 0 && errno != EEXIST)
        return store_set(err, errlen, "%s: cannot create directory: %s", dir, strerror(errno));
    if (stat(dir, &sb) != 0) return store_set(err, errlen, "%s: %s", dir, strerror(errno));
    if (!S_ISDIR(sb.st_mode)) return store_set(err, errlen, "%s: not a directory", dir);
    return 0;
}

/* WAL lets readers (a report, `arena ratings`) run while a tournament writes.
 * synchronous=NORMAL in WAL mode loses nothing when the process is killed, only
 * possibly the last commits on power loss; those matches have their logs
 * synced already and --resume simply plays them again. */
static int store_configure(store *s, char *err, size_t errlen)
{
    if (sqlite3_busy_timeout(s->db, 5000) != SQLITE_OK)
        return store__fail(s, err, errlen, "set busy timeout");
    if (store__exec(s, "PRAGMA journal_mode=WAL", "set journal_mode=WAL", err, errlen) ||
        store__exec(s, "PRAGMA synchronous=NORMAL", "set synchronous", err, errlen) ||
        /* a small fixed page cache: the arena's memory stays flat however
         * many matches a tournament or a pool holds */
        store__exec(s, "PRAGMA cache_size=-128", "set cache_size", err, errlen) ||
        store__exec(s, "PRAGMA foreign_keys=ON", "enable foreign keys", err, errlen))
        return -1;
    return 0;
}

static store *store_alloc(const char *dir, char *err, size_t errlen)
{
    store *s = calloc(1, sizeof *s);
    size_t len = strlen(dir) + sizeof "/arena.db";
    if (s) s->path = malloc(len);
    if (!s || !s->path) {
        free(s);
        store_set(err, errlen, "%s: out of memory", dir);
        return NULL;
    }
    snprintf(s->path, len, "%s/arena.db", dir);
    return s;
}

store *store_open(const char *dir, char *err, size_t errlen)
{
    store *s;
    if (!dir || !*dir) {
        store_set(err, errlen, "store: no results directory given");
        return NULL;
    }
    if (store_mkdirs(dir, err, errlen) != 0) return NULL;
    if (!(s = store_alloc(dir, err, errlen))) return NULL;
    /* sqlite3_open_v2 returns a handle even on failure: it carries the message
     * and must be closed all the same. */
    if (sqlite3_open_v2(s->path, &s->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) !=
        SQLITE_OK) {
        if (s->db)
            store__fail(s, err, errlen, "open");
        else
            store_set(err, errlen, "%s: open: out of memory", s->path);
        goto fail;
    }
    sqlite3_extended_result_codes(s->db, 1);
    if (store_configure(s, err, errlen) != 0 || store__schema(s, err, errlen) != 0) goto fail;
    return s;
fail:
    store_close(s);
    return NULL;
}

void store_close(store *s)
{
    if (!s) return;
    /* Every statement is finalized where it is prepared, so close cannot be
     * busy; a failure here is a leak in this module. */
    int rc = sqlite3_close(s->db);
    assert(rc == SQLITE_OK);
    (void)rc;
    free(s->path);
    free(s);
}

const char *store_path(const store *s)
{
    return s->path;
}

/* PRAGMA integrity_check answers one row "ok", or rows describing damage:
 * the first of those goes into err. */
int store_integrity_check(store *s, char *err, size_t errlen)
{
    sqlite3_stmt *st;
    int rc, ok = 0;
    if (store__prepare(s, &st, "PRAGMA integrity_check", "integrity check", err, errlen)) return -1;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        const char *msg = (const char *)sqlite3_column_text(st, 0);
        if (msg && strcmp(msg, "ok") == 0) {
            ok = 1;
        } else {
            store__errf(s, err, errlen, "integrity check: %s", msg ? msg : "(null)");
            break;
        }
    }
    if (rc != SQLITE_ROW && rc != SQLITE_DONE) store__fail(s, err, errlen, "integrity check");
    sqlite3_finalize(st);
    return ok && rc == SQLITE_DONE ? 0 : -1;
}
