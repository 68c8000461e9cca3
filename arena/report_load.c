/* report_load.c -- a tournament's entrants, matches and its pool's rating
 * history for the HTML report, straight from arena.db. Read-only queries on
 * the tables store_schema.c creates. */
#include "report_load.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store_internal.h"
#include "text.h"

static char *dup_col(sqlite3_stmt *st, int col)
{
    const unsigned char *t = sqlite3_column_text(st, col);
    return strdup(t ? (const char *)t : "");
}

static int load_tournament(store *s, const char *dir_rel, report_src *o, char *err, size_t errlen)
{
    static const char sql[] = "SELECT id, game, options, tc, dir, seed, rounds, planned, created"
                              " FROM tournaments WHERE dir=?1 ORDER BY id DESC LIMIT 1";
    sqlite3_stmt *st;
    if (store__prepare(s, &st, sql, "find tournament", err, errlen)) return -1;
    store__bind_text(st, 1, dir_rel);
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
        o->tid = sqlite3_column_int64(st, 0);
        o->game = dup_col(st, 1);
        o->options = dup_col(st, 2);
        o->tc = dup_col(st, 3);
        o->dir = dup_col(st, 4);
        o->seed = (uint64_t)sqlite3_column_int64(st, 5);
        o->rounds = sqlite3_column_int(st, 6);
        o->planned = sqlite3_column_int(st, 7);
        o->created = dup_col(st, 8);
    } else if (rc == SQLITE_DONE) {
        store__errf(s, err, errlen, "no tournament '%s' stored here", dir_rel);
    } else {
        store__fail(s, err, errlen, "find tournament");
    }
    sqlite3_finalize(st);
    return rc == SQLITE_ROW ? 0 : -1;
}

static int load_entrants(store *s, report_src *o, int64_t **bot_ids, char *err, size_t errlen)
{
    static const char sql[] = "SELECT position, display, bot_id FROM tournament_entrants"
                              " WHERE tournament_id=?1 ORDER BY position";
    sqlite3_stmt *st;
    if (store__prepare(s, &st, sql, "read entrants", err, errlen)) return -1;
    sqlite3_bind_int64(st, 1, o->tid);
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        char **n = realloc(o->names, (size_t)(o->n + 1) * sizeof *n);
        int64_t *b = realloc(*bot_ids, (size_t)(o->n + 1) * sizeof *b);
        if (n) o->names = n;
        if (b) *bot_ids = b;
        if (!n || !b) break;
        o->names[o->n] = dup_col(st, 1);
        (*bot_ids)[o->n] = sqlite3_column_int64(st, 2);
        o->n++;
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) return store__fail(s, err, errlen, "read entrants");
    return 0;
}

/* Seats stored before schema 2 have no entrant: the first entrant of that bot
 * not yet seated in the match is taken (seat order, as the pools do). */
static int seat_of_bot(const report_src *o, const int64_t *bot_ids, const match_record *m, int seat,
                       int64_t bot)
{
    for (int e = 0; e < o->n; e++) {
        if (bot_ids[e] != bot) continue;
        int used = 0;
        for (int k = 0; k < seat; k++)
            used |= m->seat_entrant[k] == e;
        if (!used) return e;
    }
    return 0;
}

/* The next match record of o (NULL without memory), its columns 0-7 read:
 * index, seed, end, detail, culprit, plies, duration, log path. */
static match_record *add_match(report_src *o, size_t *cap, sqlite3_stmt *st)
{
    if (o->n_m == *cap) {
        size_t c = *cap ? *cap * 2 : 64;
        match_record *g = realloc(o->m, c * sizeof *g);
        if (!g) return NULL;
        o->m = g;
        *cap = c;
    }
    match_record *m = &o->m[o->n_m++];
    memset(m, 0, sizeof *m);
    m->index = (uint32_t)sqlite3_column_int64(st, 0);
    m->seed = (uint64_t)sqlite3_column_int64(st, 1);
    m->end = sqlite3_column_int(st, 2);
    const unsigned char *d = sqlite3_column_text(st, 3), *lp = sqlite3_column_text(st, 7);
    text_copy(m->end_detail, sizeof m->end_detail, (const char *)d);
    text_copy(m->log_path, sizeof m->log_path, (const char *)lp);
    m->culprit = sqlite3_column_int(st, 4);
    m->plies = sqlite3_column_int(st, 5);
    m->duration_us = sqlite3_column_int64(st, 6);
    return m;
}

/* One seat of m; without a stored entrant (before schema 2) it is found by
 * its bot. */
static void add_seat(const report_src *o, const int64_t *bot_ids, match_record *m, int seat,
                     int has_entrant, int entrant, int64_t bot, double ret)
{
    if (seat < 0 || seat >= ARENA_MAX_PLAYERS) return;
    if (seat + 1 > m->num_players) m->num_players = seat + 1;
    int e = has_entrant ? entrant : seat_of_bot(o, bot_ids, m, seat, bot);
    m->seat_entrant[seat] = e >= 0 && e < o->n ? e : 0;
    m->returns[seat] = ret;
}

#define MATCH_COLUMNS                                                                              \
    "SELECT m.match_index, m.seed, m.end_code, m.end_detail, m.culprit, m.plies,"                  \
    " m.duration_us, m.log_path"

/* Schema 7: a row a match, its seats parsed here -- the match_seats view
 * parses the same text in SQL at several times the cost, which was most of
 * the end of a tournament of fast games. */
static int load_matches_v7(store *s, report_src *o, const int64_t *bot_ids, char *err,
                           size_t errlen)
{
    static const char sql[] = MATCH_COLUMNS ", m.seats, m.id FROM matches m"
                                            " WHERE m.tournament_id=?1 ORDER BY m.match_index";
    sqlite3_stmt *st;
    if (store__prepare(s, &st, sql, "read matches", err, errlen)) return -1;
    sqlite3_bind_int64(st, 1, o->tid);
    size_t cap = 0;
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        match_record *m = add_match(o, &cap, st);
        if (!m) break;
        int64_t bot[ARENA_MAX_PLAYERS];
        double ret[ARENA_MAX_PLAYERS];
        int ent[ARENA_MAX_PLAYERS];
        int n =
            store__seats_column(s, st, 8, sqlite3_column_int64(st, 9), bot, ret, ent, err, errlen);
        if (n < 0) {
            sqlite3_finalize(st);
            return -1;
        }
        for (int i = 0; i < n; i++)
            add_seat(o, bot_ids, m, i, ent[i] != STORE_NO_ENTRANT, ent[i], bot[i], ret[i]);
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) return store__fail(s, err, errlen, "read matches");
    return 0;
}

static int load_matches(store *s, report_src *o, const int64_t *bot_ids, char *err, size_t errlen)
{
    if (s->version >= STORE_V_SEAT_JSON) return load_matches_v7(s, o, bot_ids, err, errlen);
    /* older stores, read and not migrated: seat rows */
    static const char sql_v2[] =
        MATCH_COLUMNS ", x.seat, x.entrant, x.bot_id, x.game_return"
                      " FROM matches m JOIN match_seats x ON x.match_id = m.id"
                      " WHERE m.tournament_id=?1 ORDER BY m.match_index, x.seat";
    static const char sql_v1[] =
        MATCH_COLUMNS ", x.seat, NULL, x.bot_id, x.game_return"
                      " FROM matches m JOIN match_seats x ON x.match_id = m.id"
                      " WHERE m.tournament_id=?1 ORDER BY m.match_index, x.seat";
    sqlite3_stmt *st;
    if (store__prepare(s, &st, s->version >= 2 ? sql_v2 : sql_v1, "read matches", err, errlen))
        return -1;
    sqlite3_bind_int64(st, 1, o->tid);
    size_t cap = 0;
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        uint32_t index = (uint32_t)sqlite3_column_int64(st, 0);
        match_record *m = o->n_m ? &o->m[o->n_m - 1] : NULL;
        if (!m || m->index != index) m = add_match(o, &cap, st);
        if (!m) break;
        add_seat(o, bot_ids, m, sqlite3_column_int(st, 8),
                 sqlite3_column_type(st, 9) != SQLITE_NULL, sqlite3_column_int(st, 9),
                 sqlite3_column_int64(st, 10), sqlite3_column_double(st, 11));
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) return store__fail(s, err, errlen, "read matches");
    return 0;
}

static int load_history(store *s, report_src *o, char *err, size_t errlen)
{
    static const char sql_v2[] =
        "SELECT coalesce(h.tournament_id, 0), coalesce(t.dir, ''), h.recorded_at, b.name,"
        " h.copy, h.elo, h.ci95, h.games FROM rating_history h JOIN bots b ON b.id = h.bot_id"
        " LEFT JOIN tournaments t ON t.id = h.tournament_id"
        " WHERE h.game=?1 AND h.options=?2 ORDER BY h.id";
    static const char sql_v1[] =
        "SELECT coalesce(h.tournament_id, 0), coalesce(t.dir, ''), h.recorded_at, b.name,"
        " 0, h.elo, h.ci95, h.games FROM rating_history h JOIN bots b ON b.id = h.bot_id"
        " LEFT JOIN tournaments t ON t.id = h.tournament_id"
        " WHERE h.game=?1 AND h.options=?2 ORDER BY h.id";
    sqlite3_stmt *st;
    if (store__prepare(s, &st, s->version >= 2 ? sql_v2 : sql_v1, "read rating history", err,
                       errlen))
        return -1;
    store__bind_text(st, 1, o->game);
    store__bind_text(st, 2, o->options);
    size_t cap = 0;
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (o->n_hist == cap) {
            cap = cap ? cap * 2 : 64;
            report_hist *g = realloc(o->hist, cap * sizeof *g);
            if (!g) break;
            o->hist = g;
        }
        report_hist *h = &o->hist[o->n_hist++];
        h->tournament = sqlite3_column_int64(st, 0);
        h->dir = dup_col(st, 1);
        h->when = dup_col(st, 2);
        const unsigned char *name = sqlite3_column_text(st, 3);
        int copy = sqlite3_column_int(st, 4);
        char label[600];
        if (copy > 0)
            snprintf(label, sizeof label, "%s#%d", name ? (const char *)name : "?", copy + 1);
        else
            snprintf(label, sizeof label, "%s", name ? (const char *)name : "?");
        h->label = strdup(label);
        h->elo = sqlite3_column_double(st, 5);
        h->ci95 =
            sqlite3_column_type(st, 6) == SQLITE_NULL ? INFINITY : sqlite3_column_double(st, 6);
        h->games = sqlite3_column_int(st, 7);
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) return store__fail(s, err, errlen, "read rating history");
    return 0;
}

int report_src_load(store *s, const char *dir_rel, report_src *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    int64_t *bot_ids = NULL;
    int rc = load_tournament(s, dir_rel, out, err, errlen);
    if (rc == 0) rc = load_entrants(s, out, &bot_ids, err, errlen);
    if (rc == 0 && out->n == 0)
        rc = store__errf(s, err, errlen, "tournament '%s' has no entrants", dir_rel);
    if (rc == 0) rc = load_matches(s, out, bot_ids, err, errlen);
    if (rc == 0) rc = load_history(s, out, err, errlen);
    free(bot_ids);
    if (rc) report_src_free(out);
    return rc;
}

void report_src_free(report_src *o)
{
    for (int i = 0; i < o->n; i++)
        free(o->names[i]);
    for (size_t i = 0; i < o->n_hist; i++) {
        free(o->hist[i].dir);
        free(o->hist[i].when);
        free(o->hist[i].label);
    }
    free(o->names);
    free(o->m);
    free(o->hist);
    free(o->game);
    free(o->options);
    free(o->tc);
    free(o->dir);
    free(o->created);
    memset(o, 0, sizeof *o);
}
