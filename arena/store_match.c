/* store_match.c -- committing finished matches: the rows of a group of
 * matches in a single transaction, so a kill leaves each group whole or absent.
 *
 * This runs once per finished match, thousands of times a second in a fast
 * game, so the per-row work is kept to the insert itself: one row a match,
 * its seats in it (schema 7, store_seats.c); the statement is prepared once
 * per group (keeping it prepared across groups saves nothing: the group's
 * PRAGMA foreign_keys expires every prepared statement, and the next step
 * prepares it again), the seats' bots come from the tournament's entrant
 * list read once per group (not a lookup in each insert), the group's rows
 * share one finishing time (not a strftime per row), and what rows share is
 * bound once (the tournament, the time, the segment's path while it is the
 * same: 500 instructions a row less, callgrind). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store_internal.h"
#include "xalloc.h"

static const char store_match_ins[] =
    "INSERT INTO matches(tournament_id, match_index, seed, end_code, end_detail, culprit,"
    " plies, duration_us, log_path, finished_at, seats)"
    " VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)"
    " ON CONFLICT(tournament_id, match_index) DO NOTHING";

static const char store_entrants_sel[] =
    "SELECT position, bot_id FROM tournament_entrants WHERE tournament_id=?1";

static const char store_now_sel[] = "SELECT " STORE_NOW;

/* What a group's inserts share: the statement, the bot of each entrant
 * position of the tournament (0: no such entrant), the finishing time. */
typedef struct group_ctx {
    sqlite3_stmt *match;
    int64_t *bot; /* by entrant position */
    int n_bot;
    char now[40];
    const char *path; /* the log path bound now (a record's), NULL before the first */
} group_ctx;

/* The match's seats as stored (store_seats.c), each entrant checked
 * against the tournament's list. */
static int store_match_seats(store *s, const group_ctx *g, int64_t tid, const match_record *m,
                             char *json, char *err, size_t errlen)
{
    int64_t bot[ARENA_MAX_PLAYERS];
    for (int i = 0; i < m->num_players; i++) {
        int e = m->seat_entrant[i];
        if (e < 0 || e >= g->n_bot || g->bot[e] == 0)
            return store__errf(s, err, errlen,
                               "insert match %u: seat %d names entrant %d, not in tournament %lld",
                               m->index, i, e, (long long)tid);
        bot[i] = g->bot[e];
    }
    int len = store__seats_json(json, STORE_SEATS_JSON_MAX, m->num_players, bot, m->returns,
                                m->seat_entrant);
    if (len < 0)
        return store__errf(s, err, errlen,
                           "insert match %u: a seat's return is not a finite number", m->index);
    return len;
}

/* Inserts the match row; when (tournament, index) was already stored the
 * first result stands (see store.h). */
static int store_match_row(store *s, group_ctx *g, int64_t tid, const match_record *m, char *err,
                           size_t errlen)
{
    if (m->num_players < 1 || m->num_players > ARENA_MAX_PLAYERS)
        return store__errf(s, err, errlen, "insert match %u: %d players", m->index, m->num_players);
    char json[STORE_SEATS_JSON_MAX];
    int len = store_match_seats(s, g, tid, m, json, err, errlen);
    if (len < 0) return -1;
    sqlite3_stmt *st = g->match;
    /* tournament and finishing time are bound once a group (group_open), the
     * log path when it changes -- a group's rows share one segment: a
     * binding outlives sqlite3_reset */
    sqlite3_bind_int64(st, 2, m->index);
    sqlite3_bind_int64(st, 3, (sqlite3_int64)m->seed);
    sqlite3_bind_int(st, 4, m->end);
    store__bind_text(st, 5, m->end_detail);
    sqlite3_bind_int(st, 6, m->culprit);
    sqlite3_bind_int(st, 7, m->plies);
    sqlite3_bind_int64(st, 8, m->duration_us);
    if (!g->path || strcmp(g->path, m->log_path) != 0) {
        store__bind_text(st, 9, m->log_path);
        g->path = m->log_path; /* the record outlives the group's statement */
    }
    sqlite3_bind_text(st, 11, json, len, SQLITE_STATIC);
    int rc = store__done(s, st, "insert match", err, errlen);
    sqlite3_reset(st);
    return rc ? -1 : 0;
}

/* The group's shared part: statements, entrants' bots, the time. */
static int group_open(store *s, group_ctx *g, int64_t tid, char *err, size_t errlen)
{
    memset(g, 0, sizeof *g);
    sqlite3_stmt *st = NULL;
    int rc = store__prepare(s, &st, store_entrants_sel, "read tournament entrants", err, errlen);
    if (rc == 0) {
        sqlite3_bind_int64(st, 1, tid);
        while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
            int pos = sqlite3_column_int(st, 0);
            if (pos < 0 || pos > 1 << 20) continue; /* not written by this arena */
            if (pos >= g->n_bot) {
                g->bot = xrealloc(g->bot, (size_t)(pos + 1) * sizeof *g->bot);
                memset(g->bot + g->n_bot, 0, (size_t)(pos + 1 - g->n_bot) * sizeof *g->bot);
                g->n_bot = pos + 1;
            }
            g->bot[pos] = sqlite3_column_int64(st, 1);
        }
        rc = rc == SQLITE_DONE ? 0 : store__fail(s, err, errlen, "read tournament entrants");
        sqlite3_finalize(st);
    }
    if (rc == 0) rc = store__prepare(s, &st, store_now_sel, "read the time", err, errlen);
    if (rc == 0) {
        if (sqlite3_step(st) == SQLITE_ROW)
            snprintf(g->now, sizeof g->now, "%s", (const char *)sqlite3_column_text(st, 0));
        else
            rc = store__fail(s, err, errlen, "read the time");
        sqlite3_finalize(st);
    }
    if (rc == 0) rc = store__prepare(s, &g->match, store_match_ins, "insert match", err, errlen);
    if (rc == 0) {
        sqlite3_bind_int64(g->match, 1, tid);
        store__bind_text(g->match, 10, g->now);
    }
    return rc;
}

static void group_close(group_ctx *g)
{
    sqlite3_finalize(g->match);
    free(g->bot);
}

int store_matches(store *s, int64_t tournament, const match_record *m, size_t n, char *err,
                  size_t errlen)
{
    group_ctx g;
    /* The group's rows refer only to what they are checked against here: the
     * tournament whose entrants group_open reads (none read: every seat is
     * refused) and the bots of those entrants. So SQLite's own foreign-key
     * checks (a fifth of the committer's work while seats were rows) are off
     * for the group (a connection setting, outside the transaction: it
     * cannot change inside one) and on again for everything else. */
    if (store__exec(s, "PRAGMA foreign_keys=OFF", "insert matches", err, errlen)) return -1;
    int rc = store__begin(s, err, errlen);
    if (rc == 0) {
        rc = group_open(s, &g, tournament, err, errlen);
        for (size_t i = 0; i < n && rc == 0; i++)
            rc = store_match_row(s, &g, tournament, &m[i], err, errlen);
        group_close(&g);
        if (rc)
            store__rollback(s);
        else
            rc = store__commit(s, err, errlen);
    }
    char ignored[256];
    if (store__exec(s, "PRAGMA foreign_keys=ON", "enable foreign keys", rc ? ignored : err,
                    rc ? sizeof ignored : errlen))
        rc = -1;
    return rc ? -1 : 0;
}

int store_match(store *s, int64_t tournament, const match_record *m, entrant *const *entrants,
                char *err, size_t errlen)
{
    (void)entrants; /* seats resolve through tournament_entrants, stored at creation */
    return store_matches(s, tournament, m, 1, err, errlen);
}
