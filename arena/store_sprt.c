/* store_sprt.c -- tournament formats, SPRT runs and one player's rating
 * history in arena.db (store_sprt.h). */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store_internal.h"
#include "store_sprt.h"

int store_format_set(store *s, int64_t tournament, const char *format, char *err, size_t errlen)
{
    static const char ins[] =
        "INSERT OR REPLACE INTO tournament_formats(tournament_id, format) VALUES(?1, ?2)";
    sqlite3_stmt *st;
    if (store__prepare(s, &st, ins, "record tournament format", err, errlen)) return -1;
    sqlite3_bind_int64(st, 1, tournament);
    store__bind_text(st, 2, format);
    int rc = store__done(s, st, "record tournament format", err, errlen);
    sqlite3_finalize(st);
    return rc;
}

int store_format_get(store *s, int64_t tournament, char *buf, size_t len, char *err, size_t errlen)
{
    static const char sel[] = "SELECT format FROM tournament_formats WHERE tournament_id=?1";
    sqlite3_stmt *st;
    snprintf(buf, len, "round robin");
    if (s->version < STORE_V_FORMATS)
        return 0; /* read-only open of an older store: no formats yet */
    if (store__prepare(s, &st, sel, "read tournament format", err, errlen)) return -1;
    sqlite3_bind_int64(st, 1, tournament);
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) snprintf(buf, len, "%s", (const char *)sqlite3_column_text(st, 0));
    sqlite3_finalize(st);
    return rc == SQLITE_ROW || rc == SQLITE_DONE ? 0 : store__fail(s, err, errlen, "read format");
}

int store_sprt_begin(store *s, int64_t tournament, const sprt_params *p, int64_t max_games,
                     char *err, size_t errlen)
{
    static const char ins[] = "INSERT INTO sprt_runs(tournament_id, model, elo0, elo1, alpha,"
                              " beta, max_games) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7)";
    sqlite3_stmt *st;
    if (store__prepare(s, &st, ins, "insert SPRT run", err, errlen)) return -1;
    sqlite3_bind_int64(st, 1, tournament);
    store__bind_text(st, 2, p->model == SPRT_NORMALIZED ? "normalized" : "logistic");
    sqlite3_bind_double(st, 3, p->elo0);
    sqlite3_bind_double(st, 4, p->elo1);
    sqlite3_bind_double(st, 5, p->alpha);
    sqlite3_bind_double(st, 6, p->beta);
    sqlite3_bind_int64(st, 7, max_games);
    int rc = store__done(s, st, "insert SPRT run", err, errlen);
    sqlite3_finalize(st);
    return rc;
}

static void bind_finite(sqlite3_stmt *st, int idx, double v)
{
    if (isfinite(v))
        sqlite3_bind_double(st, idx, v);
    else
        sqlite3_bind_null(st, idx);
}

int store_sprt_finish(store *s, int64_t tournament, const store_sprt_result *r, char *err,
                      size_t errlen)
{
    static const char upd[] =
        "UPDATE sprt_runs SET verdict=?2, llr=?3, games=?4, wins=?5, draws=?6, losses=?7,"
        " penta=?8, elo=?9, elo_ci95=?10, los=?11,"
        " finished=strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE tournament_id=?1";
    const sprt_counts *c = &r->counts;
    char penta[160];
    snprintf(penta, sizeof penta, "%" PRId64 ",%" PRId64 ",%" PRId64 ",%" PRId64 ",%" PRId64,
             c->penta[0], c->penta[1], c->penta[2], c->penta[3], c->penta[4]);
    sqlite3_stmt *st;
    if (store__prepare(s, &st, upd, "store SPRT verdict", err, errlen)) return -1;
    sqlite3_bind_int64(st, 1, tournament);
    store__bind_text(st, 2, sprt_state_name(r->state));
    sqlite3_bind_double(st, 3, r->llr);
    sqlite3_bind_int64(st, 4, c->wins + c->draws + c->losses);
    sqlite3_bind_int64(st, 5, c->wins);
    sqlite3_bind_int64(st, 6, c->draws);
    sqlite3_bind_int64(st, 7, c->losses);
    store__bind_text(st, 8, penta);
    bind_finite(st, 9, r->elo);
    bind_finite(st, 10, r->elo_ci95);
    bind_finite(st, 11, r->los);
    int rc = store__done(s, st, "store SPRT verdict", err, errlen);
    sqlite3_finalize(st);
    if (rc == 0 && sqlite3_changes(s->db) == 0)
        return store__errf(s, err, errlen, "store SPRT verdict: no run for tournament %lld",
                           (long long)tournament);
    return rc;
}

static sprt_state state_of(const char *verdict)
{
    for (int k = SPRT_H1; k <= SPRT_STOPPED; k++)
        if (strcmp(verdict, sprt_state_name((sprt_state)k)) == 0) return (sprt_state)k;
    return SPRT_CONTINUE;
}

static double column_or_inf(sqlite3_stmt *st, int col)
{
    return sqlite3_column_type(st, col) == SQLITE_NULL ? INFINITY : sqlite3_column_double(st, col);
}

int store_sprt_get(store *s, int64_t tournament, sprt_params *p, store_sprt_result *r, char *err,
                   size_t errlen)
{
    static const char sel[] = "SELECT model, elo0, elo1, alpha, beta, verdict, llr, wins, draws,"
                              " losses, penta, elo, elo_ci95, los FROM sprt_runs"
                              " WHERE tournament_id=?1";
    sqlite3_stmt *st;
    if (s->version < STORE_V_FORMATS) return 1;
    if (store__prepare(s, &st, sel, "read SPRT run", err, errlen)) return -1;
    sqlite3_bind_int64(st, 1, tournament);
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
        memset(r, 0, sizeof *r);
        const char *model = (const char *)sqlite3_column_text(st, 0);
        *p = (sprt_params){sqlite3_column_double(st, 1), sqlite3_column_double(st, 2),
                           sqlite3_column_double(st, 3), sqlite3_column_double(st, 4),
                           model && strcmp(model, "normalized") == 0 ? SPRT_NORMALIZED
                                                                     : SPRT_LOGISTIC};
        r->state = state_of((const char *)sqlite3_column_text(st, 5));
        r->llr = sqlite3_column_double(st, 6);
        r->counts.wins = sqlite3_column_int64(st, 7);
        r->counts.draws = sqlite3_column_int64(st, 8);
        r->counts.losses = sqlite3_column_int64(st, 9);
        const char *penta = (const char *)sqlite3_column_text(st, 10);
        for (int k = 0; k < 5 && penta; k++) {
            r->counts.penta[k] = strtoll(penta, NULL, 10);
            penta = strchr(penta, ',');
            if (penta) penta++;
        }
        r->elo = column_or_inf(st, 11);
        r->elo_ci95 = column_or_inf(st, 12);
        r->los = column_or_inf(st, 13);
    }
    sqlite3_finalize(st);
    if (rc == SQLITE_DONE) return 1;
    return rc == SQLITE_ROW ? 0 : store__fail(s, err, errlen, "read SPRT run");
}

int store_history(store *s, const char *game, const char *options, int64_t bot_id, int copy,
                  store_history_row **out, size_t *n, char *err, size_t errlen)
{
    /* Schema 1 had no copy column: every row there is copy 0. */
    const char *sel = s->version >= 2
                          ? "SELECT h.tournament_id, coalesce(t.dir, ''), h.recorded_at, h.elo,"
                            " h.ci95, h.games FROM rating_history h LEFT JOIN tournaments t"
                            " ON t.id=h.tournament_id WHERE h.game=?1 AND h.options=?2"
                            " AND h.bot_id=?3 AND h.copy=?4 ORDER BY h.id"
                          : "SELECT h.tournament_id, coalesce(t.dir, ''), h.recorded_at, h.elo,"
                            " h.ci95, h.games FROM rating_history h LEFT JOIN tournaments t"
                            " ON t.id=h.tournament_id WHERE h.game=?1 AND h.options=?2"
                            " AND h.bot_id=?3 AND ?4=0 ORDER BY h.id";
    sqlite3_stmt *st;
    store_history_row *v = NULL;
    size_t len = 0, cap = 0;
    int rc;
    *out = NULL;
    *n = 0;
    if (store__prepare(s, &st, sel, "read rating history", err, errlen)) return -1;
    store__bind_text(st, 1, game);
    store__bind_text(st, 2, options);
    sqlite3_bind_int64(st, 3, bot_id);
    sqlite3_bind_int(st, 4, copy);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (len == cap) {
            size_t ncap = cap ? 2 * cap : 16;
            store_history_row *nv = realloc(v, ncap * sizeof *nv);
            if (!nv) break;
            v = nv, cap = ncap;
        }
        store_history_row *h = &v[len++];
        h->tournament = sqlite3_column_int64(st, 0);
        snprintf(h->dir, sizeof h->dir, "%s", (const char *)sqlite3_column_text(st, 1));
        snprintf(h->recorded, sizeof h->recorded, "%s", (const char *)sqlite3_column_text(st, 2));
        h->elo = sqlite3_column_double(st, 3);
        h->ci95 = column_or_inf(st, 4);
        h->games = sqlite3_column_int(st, 5);
    }
    if (rc == SQLITE_ROW)
        store__errf(s, err, errlen, "read rating history: out of memory");
    else if (rc != SQLITE_DONE)
        store__fail(s, err, errlen, "read rating history");
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) {
        free(v);
        return -1;
    }
    *out = v;
    *n = len;
    return 0;
}
