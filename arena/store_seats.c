/* store_seats.c -- a match's seats inside its own row (schema 7).
 *
 * Until schema 6 each seat was a row of its own table, match_seats: three
 * B-tree inserts a match for two players, which made the committer the
 * bottleneck of fast tournaments on two cores (README, Benchmarks). Since 7
 * the seats are one column of the match row, matches.seats, a JSON array in
 * seat order of [bot_id, game_return, entrant] (entrant null for seats stored
 * before schema 2); match_seats is a view over it with the old table's
 * columns, so every query written for the table reads the view unchanged,
 * and an INSTEAD OF trigger keeps UPDATE working on it (the tests' way, and
 * a user's, of repairing or damaging a store by hand).
 *
 * Returns are written with 17 significant digits, so the double read back is
 * the double written; integral ones (most returns) as integers. */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store_internal.h"

const char store__seats_view[] =
    "CREATE VIEW match_seats(match_id, seat, bot_id, game_return, entrant) AS"
    " SELECT m.id, s.key, json_extract(s.value, '$[0]'),"
    " CAST(json_extract(s.value, '$[1]') AS REAL), json_extract(s.value, '$[2]')"
    " FROM matches m, json_each(m.seats) s;"
    /* A return is replaced only when it changed: SQLite's own JSON of a
     * REAL keeps 15 digits, not the 17 written here. */
    "CREATE TRIGGER match_seats_update INSTEAD OF UPDATE ON match_seats BEGIN"
    " UPDATE matches SET seats = json_replace("
    "   CASE WHEN NEW.game_return IS OLD.game_return THEN seats"
    "   ELSE json_replace(seats, '$[' || OLD.seat || '][1]', NEW.game_return) END,"
    "   '$[' || OLD.seat || '][0]', NEW.bot_id, '$[' || OLD.seat || '][2]', NEW.entrant)"
    " WHERE id = OLD.match_id;"
    " END;";

/* Appends an integer: the committer writes one a seat field, thousands of
 * times a second, and snprintf costs more than the insert it feeds. */
static int seats_int(char *buf, size_t cap, size_t *len, int64_t v)
{
    char tmp[24];
    int n = 0;
    uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
    do
        tmp[n++] = (char)('0' + u % 10);
    while ((u /= 10) != 0);
    if (v < 0) tmp[n++] = '-';
    if (cap - *len <= (size_t)n) return -1;
    while (n > 0)
        buf[(*len)++] = tmp[--n];
    buf[*len] = '\0';
    return 0;
}

static int seats_str(char *buf, size_t cap, size_t *len, const char *s)
{
    size_t n = strlen(s);
    if (cap - *len <= n) return -1;
    memcpy(buf + *len, s, n + 1);
    *len += n;
    return 0;
}

static int seats_real(char *buf, size_t cap, size_t *len, double r)
{
    if (r == trunc(r) && fabs(r) < 9007199254740992.0) /* 2^53: exactly an integer */
        return seats_int(buf, cap, len, (int64_t)r);
    int n = snprintf(buf + *len, cap - *len, "%.17g", r);
    if (n < 0 || (size_t)n >= cap - *len) return -1;
    *len += (size_t)n;
    return 0;
}

int store__seats_json(char *buf, size_t cap, int n, const int64_t *bot, const double *ret,
                      const int *entrant)
{
    size_t len = 0;
    if (cap == 0 || seats_str(buf, cap, &len, "[")) return -1;
    for (int i = 0; i < n; i++) {
        if (!isfinite(ret[i])) return -1; /* JSON has no NaN or infinity */
        if (seats_str(buf, cap, &len, i ? ",[" : "[") || seats_int(buf, cap, &len, bot[i]) ||
            seats_str(buf, cap, &len, ",") || seats_real(buf, cap, &len, ret[i]) ||
            seats_str(buf, cap, &len, ","))
            return -1;
        if (entrant[i] == STORE_NO_ENTRANT ? seats_str(buf, cap, &len, "null")
                                           : seats_int(buf, cap, &len, entrant[i]))
            return -1;
        if (seats_str(buf, cap, &len, "]")) return -1;
    }
    return seats_str(buf, cap, &len, "]") ? -1 : (int)len;
}

/* One number of a seat; *p moves past it. "null" only where null_ok. */
static int seats_num(const char **p, double *v, int null_ok, int *is_null)
{
    const char *q = *p;
    while (*q == ' ')
        q++;
    if (null_ok && strncmp(q, "null", 4) == 0) {
        *is_null = 1;
        *p = q + 4;
        return 0;
    }
    /* integers (ids, entrants, most returns) without strtod */
    const char *d = q + (*q == '-');
    int64_t acc = 0;
    int digits = 0;
    while (*d >= '0' && *d <= '9' && digits < 15)
        acc = acc * 10 + (*d++ - '0'), digits++;
    if (digits > 0 && !(*d >= '0' && *d <= '9') && *d != '.' && *d != 'e' && *d != 'E') {
        *v = (double)(*q == '-' ? -acc : acc);
        *p = d;
        return 0;
    }
    char *end;
    errno = 0;
    *v = strtod(q, &end);
    if (end == q || errno == ERANGE || !isfinite(*v)) return -1;
    *p = end;
    return 0;
}

static int seats_char(const char **p, char c)
{
    while (**p == ' ')
        (*p)++;
    if (**p != c) return -1;
    (*p)++;
    return 0;
}

int store__seats_column(store *s, sqlite3_stmt *st, int col, int64_t match_id, int64_t *bot,
                        double *ret, int *entrant, char *err, size_t errlen)
{
    int n = store__seats_parse((const char *)sqlite3_column_text(st, col), ARENA_MAX_PLAYERS, bot,
                               ret, entrant);
    if (n < 0)
        return store__errf(s, err, errlen,
                           "match %lld: its seats are not a list of [bot, return, entrant]: "
                           "the store is damaged",
                           (long long)match_id);
    return n;
}

int store__seats_parse(const char *json, int max, int64_t *bot, double *ret, int *entrant)
{
    const char *p = json;
    int n = 0;
    if (!p || seats_char(&p, '[')) return -1;
    if (seats_char(&p, ']') == 0) return *p ? -1 : 0;
    do {
        double b, e = 0;
        int null = 0;
        if (n == max || seats_char(&p, '[') || seats_num(&p, &b, 0, NULL) || seats_char(&p, ',') ||
            seats_num(&p, &ret[n], 0, NULL) || seats_char(&p, ',') || seats_num(&p, &e, 1, &null) ||
            seats_char(&p, ']'))
            return -1;
        if (b != trunc(b) || b < 1 || b > 9007199254740992.0) return -1; /* a row id */
        if (!null && (e != trunc(e) || e < 0 || e > INT_MAX)) return -1;
        bot[n] = (int64_t)b;
        entrant[n] = null ? STORE_NO_ENTRANT : (int)e;
        n++;
    } while (seats_char(&p, ',') == 0);
    if (seats_char(&p, ']')) return -1;
    while (*p == ' ')
        p++;
    return *p ? -1 : n;
}

/* Schema 6 to 7: every match's seat rows into its seats column, in seat
 * order (read back ordered, not left to an aggregate's order), then the
 * table gives way to the view. */
int store__seats_fold(store *s, char *err, size_t errlen)
{
    static const char add[] = "ALTER TABLE matches ADD COLUMN " STORE_SEATS_COLUMN;
    static const char sel[] = "SELECT match_id, seat, bot_id, game_return, entrant"
                              " FROM match_seats ORDER BY match_id, seat";
    static const char upd[] = "UPDATE matches SET seats=?2 WHERE id=?1";
    static const char op[] = "migrate schema to version 7 (seats into match rows)";
    if (store__exec(s, add, op, err, errlen)) return -1;
    sqlite3_stmt *rd = NULL, *wr = NULL;
    if (store__prepare(s, &rd, sel, op, err, errlen)) return -1;
    if (store__prepare(s, &wr, upd, op, err, errlen)) {
        sqlite3_finalize(rd);
        return -1;
    }
    int64_t mid = 0, bot[ARENA_MAX_PLAYERS];
    double ret[ARENA_MAX_PLAYERS];
    int ent[ARENA_MAX_PLAYERS], n = 0, rc = 0, step;
    char json[STORE_SEATS_JSON_MAX];
    for (;;) {
        step = sqlite3_step(rd);
        int64_t m = step == SQLITE_ROW ? sqlite3_column_int64(rd, 0) : 0;
        if (n > 0 && (step != SQLITE_ROW || m != mid)) { /* the previous match is whole */
            int len = store__seats_json(json, sizeof json, n, bot, ret, ent);
            if (len < 0) {
                rc = store__errf(s, err, errlen,
                                 "%s: match %" PRId64 ": a seat's return is not "
                                 "a finite number",
                                 op, mid);
                break;
            }
            sqlite3_bind_int64(wr, 1, mid);
            sqlite3_bind_text(wr, 2, json, len, SQLITE_STATIC);
            rc = store__done(s, wr, op, err, errlen);
            sqlite3_reset(wr);
            if (rc) break;
            n = 0;
        }
        if (step != SQLITE_ROW) break;
        int seat = sqlite3_column_int(rd, 1);
        if (seat != n || n == ARENA_MAX_PLAYERS) {
            rc = store__errf(s, err, errlen,
                             "%s: match %" PRId64 " has seat %d where seat %d "
                             "was due",
                             op, m, seat, n);
            break;
        }
        mid = m;
        bot[n] = sqlite3_column_int64(rd, 2);
        ret[n] = sqlite3_column_double(rd, 3);
        ent[n] = sqlite3_column_type(rd, 4) == SQLITE_NULL ? STORE_NO_ENTRANT
                                                           : sqlite3_column_int(rd, 4);
        n++;
    }
    if (rc == 0 && step != SQLITE_DONE) rc = store__fail(s, err, errlen, op);
    sqlite3_finalize(rd);
    sqlite3_finalize(wr);
    if (rc) return -1;
    return store__exec(s, "DROP TABLE match_seats", op, err, errlen) ||
                   store__exec(s, store__seats_view, op, err, errlen)
               ? -1
               : 0;
}
