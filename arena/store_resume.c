/* store_resume.c -- reading a tournament back: its settings and entrants, and
 * the results of its finished matches, so `arena tournament --resume` can play
 * only what is missing and rate the whole. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store_internal.h"
#include "xalloc.h"

static char *column_text(sqlite3_stmt *st, int col)
{
    const unsigned char *t = sqlite3_column_text(st, col);
    return xstrdup((const char *)t);
}

static int load_row(store *s, int64_t id, tournament_row *out, char *err, size_t errlen)
{
    static const char sel[] = "SELECT game, options, seed, rounds, tc, dir, planned,"
                              " finished IS NOT NULL, seat_orders FROM tournaments WHERE id=?1";
    sqlite3_stmt *st;
    if (store__prepare(s, &st, sel, "read tournament", err, errlen)) return -1;
    sqlite3_bind_int64(st, 1, id);
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
        out->id = id;
        out->game = column_text(st, 0);
        out->options = column_text(st, 1);
        out->seed = (uint64_t)sqlite3_column_int64(st, 2);
        out->rounds = sqlite3_column_int(st, 3);
        out->tc = column_text(st, 4);
        out->dir = column_text(st, 5);
        out->planned = sqlite3_column_int(st, 6);
        out->finished = sqlite3_column_int(st, 7);
        const char *orders = (const char *)sqlite3_column_text(st, 8);
        out->seat_orders = !orders ? -1 : strcmp(orders, "all") == 0 ? 1 : 0;
    }
    sqlite3_finalize(st);
    if (rc == SQLITE_ROW) return 0;
    if (rc == SQLITE_DONE) return store__errf(s, err, errlen, "no tournament %lld", (long long)id);
    return store__fail(s, err, errlen, "read tournament");
}

/* By store_entrants_read, the one place that knows which path a tournament
 * gave each entrant. */
static int load_entrants(store *s, tournament_row *out, char *err, size_t errlen)
{
    entrant **e;
    int n;
    if (store_entrants_read(s, out->id, &e, &n, err, errlen)) return -1;
    /* n + 1: a tournament without entrants still gets arrays */
    out->paths = xcalloc((size_t)n + 1, sizeof *out->paths);
    out->sha256 = xcalloc((size_t)n + 1, sizeof *out->sha256);
    for (int i = 0; i < n; i++) {
        out->paths[i] = xstrdup(e[i]->path);
        out->sha256[i] = xstrdup(e[i]->sha256);
    }
    out->n_entrants = n;
    store_entrants_free(e, n);
    return 0;
}

int store_tournament_get(store *s, int64_t id, tournament_row *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    if (load_row(s, id, out, err, errlen) == 0 && load_entrants(s, out, err, errlen) == 0 &&
        store__shard_get(s, id, &out->shard, &out->shards, err, errlen) == 0)
        return 0;
    store_tournament_row_free(out);
    return -1;
}

void store_tournament_row_free(tournament_row *t)
{
    free(t->game);
    free(t->options);
    free(t->tc);
    free(t->dir);
    for (int i = 0; i < t->n_entrants; i++) {
        free(t->paths[i]);
        free(t->sha256[i]);
    }
    free(t->paths);
    free(t->sha256);
    memset(t, 0, sizeof *t);
}

/* Seats come back in order, so each row of a match fills the next seat. */
int store_tournament_results(store *s, int64_t id, match_record **out, size_t *n, char *err,
                             size_t errlen)
{
    static const char sel[] =
        "SELECT m.match_index, m.seed, m.end_code, m.end_detail, m.culprit, m.plies,"
        " m.duration_us, m.log_path, ms.seat, ms.game_return, ms.entrant"
        " FROM matches m JOIN match_seats ms"
        " ON ms.match_id = m.id WHERE m.tournament_id=?1 ORDER BY m.match_index, ms.seat";
    sqlite3_stmt *st;
    *out = NULL;
    *n = 0;
    if (store__prepare(s, &st, sel, "read results", err, errlen)) return -1;
    sqlite3_bind_int64(st, 1, id);
    match_record *v = NULL;
    size_t len = 0;
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        uint32_t index = (uint32_t)sqlite3_column_int64(st, 0);
        int seat = sqlite3_column_int(st, 8);
        if (len == 0 || v[len - 1].index != index) {
            v = xrealloc(v, (len + 1) * sizeof *v);
            match_record *m = &v[len++];
            memset(m, 0, sizeof *m);
            m->index = index;
            m->seed = (uint64_t)sqlite3_column_int64(st, 1);
            m->end = sqlite3_column_int(st, 2);
            snprintf(m->end_detail, sizeof m->end_detail, "%s", sqlite3_column_text(st, 3));
            m->culprit = sqlite3_column_int(st, 4);
            m->plies = sqlite3_column_int(st, 5);
            m->duration_us = sqlite3_column_int64(st, 6);
            snprintf(m->log_path, sizeof m->log_path, "%s", sqlite3_column_text(st, 7));
            for (int i = 0; i < ARENA_MAX_PLAYERS; i++)
                m->seat_entrant[i] = -1;
        }
        if (seat >= 0 && seat < ARENA_MAX_PLAYERS) {
            v[len - 1].returns[seat] = sqlite3_column_double(st, 9);
            v[len - 1].seat_entrant[seat] =
                sqlite3_column_type(st, 10) == SQLITE_NULL ? -1 : sqlite3_column_int(st, 10);
            if (seat + 1 > v[len - 1].num_players) v[len - 1].num_players = seat + 1;
        }
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) {
        free(v);
        return store__fail(s, err, errlen, "read results");
    }
    *out = v;
    *n = len;
    return 0;
}
