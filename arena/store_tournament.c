/* store_tournament.c -- bots, tournaments and finished matches in arena.db. */
#include <stdio.h>
#include <stdlib.h>

#include "entrant.h"
#include "store_internal.h"
#include "xalloc.h"

/* INSERT ... ON CONFLICT DO NOTHING then SELECT, rather than SELECT then
 * INSERT: two arenas registering the same bot at once both end up with the one
 * row. The first path and author seen are kept: the path is where the bot was
 * first seen, not where any one tournament found it (that is its
 * tournament_entrants row's).
 *
 * A bot with options is another player: its row's name is its identity
 * "name[options]" and its path "path:options" (entrant_spec). */
static int store_bot_id(store *s, const entrant *e, int64_t *id, char *err, size_t errlen)
{
    char name[2600], path[8192];
    entrant_identity(e, name, sizeof name);
    entrant_spec(e, path, sizeof path);
    static const char ins[] =
        "INSERT INTO bots(name, version, author, sha256, path) VALUES(?1, ?2, ?3, ?4, ?5)"
        " ON CONFLICT(name, version, sha256) DO NOTHING";
    static const char sel[] = "SELECT id FROM bots WHERE name=?1 AND version=?2 AND sha256=?3";
    sqlite3_stmt *st;
    int rc;
    if (store__prepare(s, &st, ins, "insert bot", err, errlen)) return -1;
    store__bind_text(st, 1, name);
    store__bind_text(st, 2, e->version);
    store__bind_text(st, 3, e->author);
    store__bind_text(st, 4, e->sha256);
    store__bind_text(st, 5, path);
    rc = store__done(s, st, "insert bot", err, errlen);
    sqlite3_finalize(st);
    if (rc || store__prepare(s, &st, sel, "find bot", err, errlen)) return -1;
    store__bind_text(st, 1, name);
    store__bind_text(st, 2, e->version);
    store__bind_text(st, 3, e->sha256);
    rc = sqlite3_step(st);
    if (rc == SQLITE_ROW)
        *id = sqlite3_column_int64(st, 0);
    else
        store__fail(s, err, errlen, "find bot");
    sqlite3_finalize(st);
    return rc == SQLITE_ROW ? 0 : -1;
}

int store_bot(store *s, entrant *e, char *err, size_t errlen)
{
    int64_t id = 0;
    if (!e->name || !*e->name) return store__errf(s, err, errlen, "store bot: the bot has no name");
    if (store_bot_id(s, e, &id, err, errlen)) return -1;
    e->store_id = id;
    return 0;
}

/* Each entrant with the bot as this tournament was given it (entrant_spec),
 * which --resume starts again: the bot's own row keeps only the first path
 * it was seen at, perhaps another tournament's. */
static int store_entrants(store *s, int64_t tid, entrant *const *entrants, int n, char *err,
                          size_t errlen)
{
    static const char ins[] =
        "INSERT INTO tournament_entrants(tournament_id, position, bot_id, display, path)"
        " VALUES(?1, ?2, ?3, ?4, ?5)";
    char path[8192];
    sqlite3_stmt *st;
    int rc = 0;
    if (store__prepare(s, &st, ins, "insert entrant", err, errlen)) return -1;
    for (int i = 0; i < n && rc == 0; i++) {
        if (entrants[i]->store_id <= 0 && (rc = store_bot(s, entrants[i], err, errlen))) break;
        sqlite3_bind_int64(st, 1, tid);
        sqlite3_bind_int(st, 2, i);
        sqlite3_bind_int64(st, 3, entrants[i]->store_id);
        store__bind_text(st, 4, entrants[i]->display ? entrants[i]->display : entrants[i]->name);
        entrant_spec(entrants[i], path, sizeof path);
        store__bind_text(st, 5, path);
        rc = store__done(s, st, "insert entrant", err, errlen);
        sqlite3_reset(st);
    }
    sqlite3_finalize(st);
    return rc;
}

static int64_t store_tournament_row(store *s, const tournament_info *t, char *err, size_t errlen)
{
    static const char ins[] =
        "INSERT INTO tournaments(game, options, seed, rounds, tc, dir, planned, seat_orders)"
        " VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)";
    sqlite3_stmt *st;
    if (store__prepare(s, &st, ins, "insert tournament", err, errlen)) return -1;
    store__bind_text(st, 1, t->game);
    store__bind_text(st, 2, t->options);
    sqlite3_bind_int64(st, 3, (sqlite3_int64)t->seed);
    sqlite3_bind_int(st, 4, t->rounds);
    store__bind_text(st, 5, t->tc);
    store__bind_text(st, 6, t->dir);
    sqlite3_bind_int(st, 7, t->planned);
    store__bind_text(st, 8, t->all_seat_orders ? "all" : "rotations");
    int rc = store__done(s, st, "insert tournament", err, errlen);
    sqlite3_finalize(st);
    return rc ? -1 : sqlite3_last_insert_rowid(s->db);
}

int64_t store_tournament_new(store *s, const tournament_info *t, entrant *const *entrants, int n,
                             char *err, size_t errlen)
{
    int64_t tid;
    if (!t->game || !*t->game) return store__errf(s, err, errlen, "new tournament: no game given");
    if (store__begin(s, err, errlen)) return -1;
    tid = store_tournament_row(s, t, err, errlen);
    if (tid < 0 || store_entrants(s, tid, entrants, n, err, errlen)) goto fail;
    if (t->shards > 0 && store__shard_insert(s, tid, t->shard, t->shards, err, errlen)) goto fail;
    if (store__commit(s, err, errlen)) return -1;
    return tid;
fail:
    store__rollback(s);
    return -1;
}

int64_t store_tournament_find(store *s, const char *dir, char *err, size_t errlen)
{
    static const char sel[] = "SELECT max(id) FROM tournaments WHERE dir=?1";
    sqlite3_stmt *st;
    int64_t id = -1;
    if (store__prepare(s, &st, sel, "find tournament", err, errlen)) return -1;
    store__bind_text(st, 1, dir);
    if (sqlite3_step(st) == SQLITE_ROW)
        id = sqlite3_column_int64(st, 0); /* NULL (no such tournament) reads as 0 */
    else
        store__fail(s, err, errlen, "find tournament");
    sqlite3_finalize(st);
    return id;
}

int store_tournament_done(store *s, int64_t tournament, char *err, size_t errlen)
{
    static const char upd[] =
        "UPDATE tournaments SET finished=strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id=?1";
    sqlite3_stmt *st;
    if (store__prepare(s, &st, upd, "finish tournament", err, errlen)) return -1;
    sqlite3_bind_int64(st, 1, tournament);
    int rc = store__done(s, st, "finish tournament", err, errlen);
    sqlite3_finalize(st);
    if (rc == 0 && sqlite3_changes(s->db) == 0)
        return store__errf(s, err, errlen, "finish tournament: no tournament %lld",
                           (long long)tournament);
    return rc;
}

int store_finished_matches(store *s, int64_t tournament, uint32_t **out, size_t *n, char *err,
                           size_t errlen)
{
    static const char sel[] =
        "SELECT match_index FROM matches WHERE tournament_id=?1 ORDER BY match_index";
    sqlite3_stmt *st;
    uint32_t *v = NULL;
    size_t len = 0, cap = 0;
    int rc;
    *out = NULL;
    *n = 0;
    if (store__prepare(s, &st, sel, "list finished matches", err, errlen)) return -1;
    sqlite3_bind_int64(st, 1, tournament);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (len == cap) {
            size_t ncap = cap ? 2 * cap : 64;
            v = xrealloc(v, ncap * sizeof *v);
            cap = ncap;
        }
        v[len++] = (uint32_t)sqlite3_column_int64(st, 0);
    }
    if (rc != SQLITE_DONE) store__fail(s, err, errlen, "list finished matches");
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) {
        free(v);
        return -1;
    }
    *out = v;
    *n = len;
    return 0;
}
