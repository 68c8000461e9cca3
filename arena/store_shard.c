/* store_shard.c -- what `arena merge` reads back from a shard's store: which
 * shard a tournament is, its sharded tournaments, and its entrants as they
 * were stored (so merging needs neither the bots nor the rule module). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "entrant.h"
#include "store_internal.h"

int store__shard_insert(store *s, int64_t tid, int shard, int shards, char *err, size_t errlen)
{
    static const char ins[] =
        "INSERT INTO tournament_shards(tournament_id, shard, shards) VALUES(?1, ?2, ?3)";
    sqlite3_stmt *st;
    if (store__prepare(s, &st, ins, "insert shard", err, errlen)) return -1;
    sqlite3_bind_int64(st, 1, tid);
    sqlite3_bind_int(st, 2, shard);
    sqlite3_bind_int(st, 3, shards);
    int rc = store__done(s, st, "insert shard", err, errlen);
    sqlite3_finalize(st);
    return rc;
}

int store__shard_get(store *s, int64_t tid, int *shard, int *shards, char *err, size_t errlen)
{
    static const char sel[] = "SELECT shard, shards FROM tournament_shards WHERE tournament_id=?1";
    sqlite3_stmt *st;
    *shard = *shards = 0;
    if (s->version < STORE_V_SHARDS) return 0; /* an older store, read as it is: no shards then */
    if (store__prepare(s, &st, sel, "read shard", err, errlen)) return -1;
    sqlite3_bind_int64(st, 1, tid);
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
        *shard = sqlite3_column_int(st, 0);
        *shards = sqlite3_column_int(st, 1);
    }
    sqlite3_finalize(st);
    return rc == SQLITE_ROW || rc == SQLITE_DONE ? 0 : store__fail(s, err, errlen, "read shard");
}

/* The ids a prepared statement selects, in its order; finalizes it. */
static int store_ids(store *s, sqlite3_stmt *st, const char *op, int64_t **ids, size_t *n,
                     char *err, size_t errlen)
{
    int64_t *v = NULL;
    size_t len = 0;
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        int64_t *nv = realloc(v, (len + 1) * sizeof *v);
        if (!nv) break;
        v = nv;
        v[len++] = sqlite3_column_int64(st, 0);
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) {
        free(v);
        return rc == SQLITE_ROW ? store__errf(s, err, errlen, "%s: out of memory", op)
                                : store__fail(s, err, errlen, op);
    }
    *ids = v;
    *n = len;
    return 0;
}

int store_sharded_tournaments(store *s, int64_t **ids, size_t *n, char *err, size_t errlen)
{
    static const char sel[] = "SELECT tournament_id FROM tournament_shards ORDER BY tournament_id";
    sqlite3_stmt *st;
    *ids = NULL;
    *n = 0;
    if (s->version < STORE_V_SHARDS) return 0;
    if (store__prepare(s, &st, sel, "list shards", err, errlen)) return -1;
    return store_ids(s, st, "list shards", ids, n, err, errlen);
}

int store_tournaments_like(store *s, const tournament_row *t, int64_t **ids, size_t *n, char *err,
                           size_t errlen)
{
#define STORE_LIKE                                                                                 \
    "SELECT id FROM tournaments t WHERE game=?1 AND options=?2 AND seed=?3 AND rounds=?4"          \
    " AND tc=?5 AND planned=?6"
    static const char sel_v3[] = STORE_LIKE " AND NOT EXISTS(SELECT 1 FROM tournament_shards sh"
                                            " WHERE sh.tournament_id = t.id) ORDER BY id";
    static const char sel_old[] = STORE_LIKE " ORDER BY id"; /* no shards before version 3 */
    sqlite3_stmt *st;
    *ids = NULL;
    *n = 0;
    if (store__prepare(s, &st, s->version >= STORE_V_SHARDS ? sel_v3 : sel_old, "find tournament",
                       err, errlen))
        return -1;
    store__bind_text(st, 1, t->game);
    store__bind_text(st, 2, t->options);
    sqlite3_bind_int64(st, 3, (sqlite3_int64)t->seed);
    sqlite3_bind_int(st, 4, t->rounds);
    store__bind_text(st, 5, t->tc);
    sqlite3_bind_int(st, 6, t->planned);
    return store_ids(s, st, "find tournament", ids, n, err, errlen);
}

static char *store_text(sqlite3_stmt *st, int col)
{
    const unsigned char *t = sqlite3_column_text(st, col);
    return strdup(t ? (const char *)t : "");
}

/* The bot row as an entrant: its stored name is already the identity
 * ("name[options]") and its path already "path:options", so store_bot of
 * this entrant elsewhere finds or makes the very same row. */
static entrant *store_entrant_of(sqlite3_stmt *st)
{
    entrant *e = calloc(1, sizeof *e);
    if (!e) return NULL;
    e->name = store_text(st, 0);
    e->version = store_text(st, 1);
    e->author = store_text(st, 2);
    snprintf(e->sha256, sizeof e->sha256, "%s", (const char *)sqlite3_column_text(st, 3));
    e->path = store_text(st, 4);
    e->display = store_text(st, 5);
    e->games = strdup("*");
    e->bot_options = strdup("");
    e->options_help = strdup("");
    return e;
}

/* The one reader of the bot each entrant was given (store.h): the path its
 * tournament stored (schema 8), or for an entrant stored before that, the
 * bot's first path, the only one there is. */
#define ENTRANTS_SELECT(PATH)                                                                      \
    "SELECT b.name, b.version, b.author, b.sha256, " PATH ", e.display"                            \
    " FROM tournament_entrants e JOIN bots b ON b.id = e.bot_id"                                   \
    " WHERE e.tournament_id=?1 ORDER BY e.position"

int store_entrants_read(store *s, int64_t tid, entrant ***out, int *n, char *err, size_t errlen)
{
    static const char sel[] = ENTRANTS_SELECT("coalesce(e.path, b.path)");
    static const char sel_old[] = ENTRANTS_SELECT("b.path"); /* an older store, read as it is */
    sqlite3_stmt *st;
    *out = NULL;
    *n = 0;
    if (store__prepare(s, &st, s->version >= STORE_V_ENTRANT_PATH ? sel : sel_old, "read entrants",
                       err, errlen))
        return -1;
    sqlite3_bind_int64(st, 1, tid);
    entrant **v = NULL;
    int len = 0, rc, oom = 0;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        entrant **nv = realloc(v, (size_t)(len + 1) * sizeof *v);
        if (!nv || !(nv[len] = store_entrant_of(st))) {
            v = nv ? nv : v;
            oom = 1;
            break;
        }
        v = nv;
        len++;
    }
    sqlite3_finalize(st);
    if (oom || rc != SQLITE_DONE) {
        store_entrants_free(v, len);
        return oom ? store__errf(s, err, errlen, "read entrants: out of memory")
                   : store__fail(s, err, errlen, "read entrants");
    }
    *out = v;
    *n = len;
    return 0;
}

void store_entrants_free(entrant **e, int n)
{
    for (int i = 0; i < n; i++)
        entrant_free(e[i]);
    free(e);
}
