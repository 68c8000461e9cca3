/* results_equal.c -- two results directories compared (results_equal.h). */
#include "results_equal.h"

#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "matchlog.h"

typedef struct side {
    const char *results;
    sqlite3 *db;
    char tdir[4096];
    Arena__MatchLog **logs; /* by match index */
    size_t n_logs;
    Arena__MatchLog **all; /* every log read, to free */
    size_t n_all;
} side;

static int differ(char *why, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int differ(char *why, size_t len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, len, fmt, ap);
    va_end(ap);
    return -1;
}

/* Every row of a query as one line of text; doubles printed exactly. */
static int query_lines(sqlite3 *db, const char *sql, char ***out, size_t *n)
{
    sqlite3_stmt *st;
    *out = NULL;
    *n = 0;
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) return -1;
    while (sqlite3_step(st) == SQLITE_ROW) {
        char line[4096] = "";
        size_t used = 0;
        for (int c = 0; c < sqlite3_column_count(st) && used < sizeof line; c++) {
            const char *sep = c ? "|" : "";
            if (sqlite3_column_type(st, c) == SQLITE_FLOAT)
                used += (size_t)snprintf(line + used, sizeof line - used, "%s%.17g", sep,
                                         sqlite3_column_double(st, c));
            else
                used += (size_t)snprintf(line + used, sizeof line - used, "%s%s", sep,
                                         sqlite3_column_type(st, c) == SQLITE_NULL
                                             ? "NULL"
                                             : (const char *)sqlite3_column_text(st, c));
        }
        *out = realloc(*out, (*n + 1) * sizeof **out);
        (*out)[(*n)++] = strdup(line);
    }
    return sqlite3_finalize(st) == SQLITE_OK ? 0 : -1;
}

static void lines_free(char **l, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(l[i]);
    free(l);
}

/* The same query on both sides gives the same lines. */
static int same_query(side *a, side *b, const char *what, const char *sql, size_t *count, char *why,
                      size_t len)
{
    char **x, **y;
    size_t nx, ny;
    int rc = 0;
    if (query_lines(a->db, sql, &x, &nx) || query_lines(b->db, sql, &y, &ny))
        return differ(why, len, "%s: %s", what, sqlite3_errmsg(a->db));
    if (nx != ny)
        rc =
            differ(why, len, "%s: %zu rows in %s, %zu in %s", what, nx, a->results, ny, b->results);
    for (size_t i = 0; rc == 0 && i < nx; i++)
        if (strcmp(x[i], y[i]) != 0)
            rc = differ(why, len, "%s differ:\n  %s: %s\n  %s: %s", what, a->results, x[i],
                        b->results, y[i]);
    if (count) *count = nx;
    lines_free(x, nx);
    lines_free(y, ny);
    return rc;
}

static int open_side(side *s, char *why, size_t len)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/arena.db", s->results);
    if (sqlite3_open_v2(path, &s->db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK)
        return differ(why, len, "%s: cannot open", path);
    char **dirs;
    size_t n;
    if (query_lines(s->db,
                    "SELECT dir FROM tournaments t WHERE NOT EXISTS(SELECT 1 FROM"
                    " tournament_shards s WHERE s.tournament_id = t.id)",
                    &dirs, &n) ||
        n != 1) {
        if (dirs) lines_free(dirs, n);
        return differ(why, len, "%s: not exactly one whole tournament", path);
    }
    snprintf(s->tdir, sizeof s->tdir, "%s/%s", s->results, dirs[0]);
    lines_free(dirs, n);
    return 0;
}

/* Every log of the tournament directory, by index; two logs of one match is
 * a difference in itself. */
static int read_logs(side *s, size_t matches, char *why, size_t len)
{
    char mdir[4300];
    snprintf(mdir, sizeof mdir, "%s/matches", s->tdir);
    DIR *d = opendir(mdir);
    if (!d) return differ(why, len, "%s: no matches directory", s->tdir);
    s->logs = calloc(matches ? matches : 1, sizeof *s->logs);
    s->n_logs = matches;
    struct dirent *e;
    int rc = 0;
    while (rc == 0 && (e = readdir(d))) {
        if (!strstr(e->d_name, ".pb")) continue;
        char path[4600], err[512];
        Arena__MatchLog **l;
        size_t n;
        snprintf(path, sizeof path, "%s/%s", mdir, e->d_name);
        if (matchlog_read_all(path, &l, &n, err, sizeof err)) {
            rc = differ(why, len, "%s", err);
            break;
        }
        s->all = realloc(s->all, (s->n_all + n) * sizeof *s->all);
        for (size_t i = 0; i < n; i++) {
            s->all[s->n_all++] = l[i];
            uint32_t x = l[i]->match_index;
            if (x >= matches || s->logs[x])
                rc = differ(why, len, "%s: match %u logged twice or out of range", path, x);
            else
                s->logs[x] = l[i];
        }
        free(l);
    }
    closedir(d);
    for (size_t i = 0; rc == 0 && i < matches; i++)
        if (!s->logs[i]) rc = differ(why, len, "%s: match %zu has no log", s->tdir, i);
    return rc;
}

/* What two logs of one match must share: everything but timings, the
 * tournament's name and the paths. */
static int same_log(const Arena__MatchLog *x, const Arena__MatchLog *y, char *why, size_t len)
{
    uint32_t i = x->match_index;
    if (x->match_seed != y->match_seed || strcmp(x->game, y->game) ||
        strcmp(x->options, y->options) || x->n_bots != y->n_bots ||
        x->n_bot_seeds != y->n_bot_seeds || x->n_actions != y->n_actions ||
        x->n_returns != y->n_returns || x->end != y->end || x->culprit != y->culprit ||
        strcmp(x->end_detail, y->end_detail))
        return differ(why, len, "log of match %u differs (seeds, game, end or lengths)", i);
    for (size_t k = 0; k < x->n_bots; k++)
        if (strcmp(x->bots[k]->sha256, y->bots[k]->sha256) || x->bot_seeds[k] != y->bot_seeds[k])
            return differ(why, len, "log of match %u: seat %zu differs", i, k);
    for (size_t k = 0; k < x->n_actions; k++)
        if (x->actions[k]->seat != y->actions[k]->seat ||
            x->actions[k]->action != y->actions[k]->action)
            return differ(why, len, "log of match %u: action %zu differs", i, k);
    for (size_t k = 0; k < x->n_returns; k++)
        if (x->returns[k] != y->returns[k])
            return differ(why, len, "log of match %u: return %zu differs", i, k);
    return 0;
}

static char *slurp(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    char *buf = NULL;
    size_t cap = 0, len = 0, got;
    do {
        buf = realloc(buf, cap += 65536);
        got = fread(buf + len, 1, cap - len, f);
        len += got;
    } while (got > 0);
    fclose(f);
    *n = len;
    return buf;
}

static int same_file(const side *a, const side *b, const char *name, char *why, size_t len)
{
    char pa[4400], pb[4400];
    size_t na = 0, nb = 0;
    snprintf(pa, sizeof pa, "%s/%s", a->tdir, name);
    snprintf(pb, sizeof pb, "%s/%s", b->tdir, name);
    char *x = slurp(pa, &na), *y = slurp(pb, &nb);
    int rc = 0;
    if (!x || !y)
        rc = differ(why, len, "%s: missing", !x ? pa : pb);
    else if (na != nb || memcmp(x, y, na) != 0)
        rc = differ(why, len, "%s and %s differ", pa, pb);
    free(x);
    free(y);
    return rc;
}

static void side_close(side *s)
{
    for (size_t i = 0; i < s->n_all; i++)
        arena__match_log__free_unpacked(s->all[i], NULL);
    free(s->all);
    free(s->logs);
    if (s->db) sqlite3_close(s->db);
}

int results_equal(const char *a, const char *b, size_t *matches, char *why, size_t len)
{
    static const char *const files[] = {"ratings.txt", "ratings.md", "ratings.csv", "ratings.json",
                                        "crosstable.txt"};
    side x = {.results = a}, y = {.results = b};
    size_t n = 0;
    int rc = open_side(&x, why, len) || open_side(&y, why, len) ? -1 : 0;
    if (rc == 0)
        rc = same_query(&x, &y, "settings",
                        "SELECT game, options, seed, rounds, tc, planned, finished IS NOT NULL"
                        " FROM tournaments",
                        NULL, why, len);
    if (rc == 0)
        rc = same_query(&x, &y, "match results",
                        "SELECT match_index, seed, end_code, end_detail, culprit, plies"
                        " FROM matches ORDER BY match_index",
                        &n, why, len);
    if (rc == 0)
        rc = same_query(&x, &y, "match seats",
                        "SELECT m.match_index, ms.seat, b.name, b.sha256, ms.entrant,"
                        " ms.game_return FROM matches m JOIN match_seats ms ON ms.match_id = m.id"
                        " JOIN bots b ON b.id = ms.bot_id ORDER BY m.match_index, ms.seat",
                        NULL, why, len);
    if (rc == 0)
        rc = same_query(&x, &y, "rating history",
                        "SELECT b.name, b.sha256, h.copy, h.elo, h.ci95, h.games"
                        " FROM rating_history h JOIN bots b ON b.id = h.bot_id"
                        " ORDER BY b.name, b.sha256, h.copy",
                        NULL, why, len);
    if (rc == 0) rc = read_logs(&x, n, why, len) || read_logs(&y, n, why, len) ? -1 : 0;
    for (size_t i = 0; rc == 0 && i < n; i++)
        rc = same_log(x.logs[i], y.logs[i], why, len);
    for (size_t i = 0; rc == 0 && i < sizeof files / sizeof *files; i++)
        rc = same_file(&x, &y, files[i], why, len);
    if (matches) *matches = n;
    side_close(&x);
    side_close(&y);
    return rc;
}
