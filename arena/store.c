/* store.c -- opening and closing results/arena.db, and the helpers every
 * store_*.c file uses for errors, statements and transactions. */
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "rundir.h"
#include "store_internal.h"
#include "xalloc.h"

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

/* Said of every damaged store, whatever found the damage. */
#define STORE_DAMAGED                                                                              \
    "the store is damaged; every finished match is also in its log: run `arena rebuild`"           \
    " (with the same --out) to make it again from the logs (the damaged file is kept"              \
    " as arena.db.old-DATE)"

static int store_damaged_code(int rc)
{
    rc &= 0xff;
    return rc == SQLITE_CORRUPT || rc == SQLITE_NOTADB;
}

int store__fail(store *s, char *err, size_t errlen, const char *op)
{
    if (s->db && store_damaged_code(sqlite3_extended_errcode(s->db)))
        return store_set(err, errlen, "%s: %s: %s: " STORE_DAMAGED, s->path, op,
                         sqlite3_errmsg(s->db));
    return store_set(err, errlen, "%s: %s: %s", s->path, op, sqlite3_errmsg(s->db));
}

int store__errf(store *s, char *err, size_t errlen, const char *fmt, ...)
{
    char msg[512];
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

/* WAL lets readers (a report, `arena ratings`) run while a tournament writes.
 * synchronous=NORMAL in WAL mode loses nothing when the process is killed, only
 * possibly the last commits on power loss; those matches have their logs
 * synced already and --resume simply plays them again. */
static int store_configure(store *s, int fresh, char *err, size_t errlen)
{
    if (sqlite3_busy_timeout(s->db, 5000) != SQLITE_OK)
        return store__fail(s, err, errlen, "set busy timeout");
    /* A store made just now holds nothing to lose: it is switched to WAL and
     * given its schema without syncs (six of them, several milliseconds on
     * every first run in a directory); store_open turns them on after. */
    const char *sync = fresh ? "PRAGMA synchronous=OFF" : "PRAGMA synchronous=NORMAL";
    if (store__exec(s, sync, "set synchronous", err, errlen) ||
        store__exec(s, "PRAGMA journal_mode=WAL", "set journal_mode=WAL", err, errlen) ||
        /* a small fixed page cache: the arena's memory stays flat however
         * many matches a tournament or a pool holds */
        store__exec(s, "PRAGMA cache_size=-128", "set cache_size", err, errlen) ||
        store__exec(s, "PRAGMA foreign_keys=ON", "enable foreign keys", err, errlen) ||
        /* checkpoints of 512 KB as the WAL grows, in the committer's thread
         * beside the games, rather than one at the close, serial, after them
         * (17 ms at the end of a 10,000-match tournament; default 4 MB) */
        store__exec(s, "PRAGMA wal_autocheckpoint=128", "set wal_autocheckpoint", err, errlen))
        return -1;
    return 0;
}

/* SQLite counts every allocation under one global mutex unless told not to
 * (SQLITE_CONFIG_MEMSTATUS); the arena never reads those counts, and the
 * committer allocates a few times for every row it inserts. This must happen
 * before SQLite initialises, hence once, before the first open; when something
 * initialised SQLite first, the call is refused and the counts stay on. */
static void store_sqlite_setup(void)
{
    (void)sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

static store *store_alloc(const char *dir)
{
    static pthread_once_t setup = PTHREAD_ONCE_INIT;
    pthread_once(&setup, store_sqlite_setup);
    store *s = xcalloc(1, sizeof *s);
    size_t len = strlen(dir) + sizeof "/arena.db";
    s->path = xmalloc(len);
    snprintf(s->path, len, "%s/arena.db", dir);
    return s;
}

static int store_check(store *s, const char *pragma, char *err, size_t errlen);

store *store_open(const char *dir, char *err, size_t errlen)
{
    store *s;
    if (!dir || !*dir) {
        store_set(err, errlen, "store: no results directory given");
        return NULL;
    }
    if (rundir_mkdirs(dir, err, errlen) != 0) return NULL;
    s = store_alloc(dir);
    struct stat sb;
    int fresh = lstat(s->path, &sb) != 0 && errno == ENOENT;
    /* sqlite3_open_v2 returns a handle even on failure: it carries the message
     * and must be closed all the same. NOMUTEX: callers serialise their calls
     * on a store (store.h), so SQLite's own lock on the connection would only
     * cost the committer a lock and an unlock in every call it makes. */
    if (sqlite3_open_v2(s->path, &s->db,
                        SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                        NULL) != SQLITE_OK) {
        if (s->db)
            store__fail(s, err, errlen, "open");
        else
            store_set(err, errlen, "%s: open: out of memory", s->path);
        goto fail;
    }
    sqlite3_extended_result_codes(s->db, 1);
    if (store_configure(s, fresh, err, errlen) != 0 ||
        store_check(s, "quick_check", err, errlen) != 0 || store__schema(s, err, errlen) != 0 ||
        (fresh && store__exec(s, "PRAGMA synchronous=NORMAL", "set synchronous", err, errlen)))
        goto fail;
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

/* PRAGMA integrity_check and quick_check answer one row "ok", or rows
 * describing damage: the first of those goes into err. */
static int store_check(store *s, const char *pragma, char *err, size_t errlen)
{
    sqlite3_stmt *st;
    char sql[32];
    int rc, ok = 0;
    snprintf(sql, sizeof sql, "PRAGMA %s", pragma);
    if (store__prepare(s, &st, sql, pragma, err, errlen)) return -1;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        const char *msg = (const char *)sqlite3_column_text(st, 0);
        if (msg && strcmp(msg, "ok") == 0) {
            ok = 1;
        } else { /* SQLite's report spans lines: one line of it is enough */
            char first[160];
            snprintf(first, sizeof first, "%s", msg ? msg : "(null)");
            for (char *c = first; *c; c++)
                if (*c == '\n' || *c == '\r') *c = ' ';
            store__errf(s, err, errlen, "%s: %s: " STORE_DAMAGED, pragma, first);
            break;
        }
    }
    if (rc != SQLITE_ROW && rc != SQLITE_DONE) store__fail(s, err, errlen, pragma);
    sqlite3_finalize(st);
    return ok && rc == SQLITE_DONE ? 0 : -1;
}

int store_integrity_check(store *s, char *err, size_t errlen)
{
    return store_check(s, "integrity_check", err, errlen);
}

/* A file name as an SQLite URI path: everything but unreserved characters and
 * '/' percent-encoded, so no '?', '#' or '%' in a directory name can change
 * the parameters. */
static char *store_uri(const char *path, const char *params)
{
    size_t len = strlen(path);
    char *uri = xmalloc(3 * len + strlen(params) + 8), *o = uri;
    o += sprintf(o, "file:");
    for (const unsigned char *c = (const unsigned char *)path; *c; c++) {
        if ((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') ||
            strchr("/._-~", *c))
            *o++ = (char)*c;
        else
            o += sprintf(o, "%%%02X", *c);
    }
    strcpy(o, params);
    return uri;
}

/* The schema a reader can read: this arena's or an older one, read as it is
 * (a reader never migrates: that would write). */
static int store_read_schema(store *s, char *err, size_t errlen)
{
    sqlite3_stmt *st;
    if (store__prepare(s, &st, "PRAGMA user_version", "read schema version", err, errlen))
        return -1;
    int rc = sqlite3_step(st), v = rc == SQLITE_ROW ? sqlite3_column_int(st, 0) : -1;
    sqlite3_finalize(st);
    if (rc != SQLITE_ROW) return store__fail(s, err, errlen, "read schema version");
    if (v == 0) /* an empty file, as a full disk or a cut copy leaves: damaged */
        return store__errf(s, err, errlen, "not an arena store (no schema): " STORE_DAMAGED);
    if (v > STORE_SCHEMA_VERSION)
        return store__errf(s, err, errlen,
                           "schema version %d is newer than this arena's (%d): use a newer arena",
                           v, STORE_SCHEMA_VERSION);
    s->version = v; /* older ones are read as they are (store_pool.c) */
    return 0;
}

store *store_open_read(const char *dir, char *err, size_t errlen)
{
    struct stat sb;
    if (!dir || !*dir) {
        store_set(err, errlen, "store: no results directory given");
        return NULL;
    }
    store *s = store_alloc(dir);
    if (stat(s->path, &sb) != 0) {
        store_set(err, errlen,
                  "%s: no store here (%s): give --out the results directory of your "
                  "tournaments",
                  s->path, strerror(errno));
        goto fail;
    }
    /* A WAL database is read through its -wal and -shm files. In a directory
     * this process may write in, the connection is a writing one held to
     * reading (query_only): a read-only connection creates those files and
     * cannot remove them at its close, so every `arena ratings` or report
     * left an empty arena.db-wal and a 32 KB arena.db-shm beside the store;
     * a writing one, the last to close, removes them as a tournament does.
     * A read-only directory cannot hold them: there nobody can be writing,
     * and the file is opened as immutable. */
    int writable = access(dir, W_OK) == 0;
    char *uri = store_uri(s->path, writable ? "" : "?mode=ro&immutable=1");
    int rc = sqlite3_open_v2(
        uri, &s->db, (writable ? SQLITE_OPEN_READWRITE : SQLITE_OPEN_READONLY) | SQLITE_OPEN_URI,
        NULL);
    free(uri);
    if (rc != SQLITE_OK) {
        if (s->db)
            store__fail(s, err, errlen, "open");
        else
            store_set(err, errlen, "%s: open: out of memory", s->path);
        goto fail;
    }
    sqlite3_extended_result_codes(s->db, 1);
    if ((sqlite3_busy_timeout(s->db, 5000) != SQLITE_OK &&
         store__fail(s, err, errlen, "set busy timeout")) ||
        store__exec(s, "PRAGMA query_only=1", "hold to reading", err, errlen) ||
        store_check(s, "quick_check", err, errlen) ||
        store__exec(s, "PRAGMA cache_size=-128", "set cache_size", err, errlen) ||
        store_read_schema(s, err, errlen))
        goto fail;
    return s;
fail:
    store_close(s);
    return NULL;
}
