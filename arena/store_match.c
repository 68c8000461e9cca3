/* store_match.c -- committing finished matches: rows and seats of a group of
 * matches in a single transaction, so a kill leaves each group whole or absent.
 * The two statements are prepared once per group. */
#include "store_internal.h"

static const char store_match_ins[] =
    "INSERT INTO matches(tournament_id, match_index, seed, end_code, end_detail, culprit,"
    " plies, duration_us, log_path) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)"
    " ON CONFLICT(tournament_id, match_index) DO NOTHING";

/* The seat's bot is looked up from the tournament's entrant list in the same
 * statement, so a seat pointing outside the list is an error, not a null. */
static const char store_seat_ins[] =
    "INSERT INTO match_seats(match_id, seat, bot_id, game_return, entrant)"
    " SELECT ?1, ?2, bot_id, ?3, position FROM tournament_entrants"
    " WHERE tournament_id=?4 AND position=?5";

/* Inserts the match row. Sets *fresh to 0 when (tournament, index) was already
 * stored: the first result stands (see store.h). */
static int store_match_row(store *s, sqlite3_stmt *st, int64_t tid, const match_record *m,
                           int64_t *id, int *fresh, char *err, size_t errlen)
{
    sqlite3_bind_int64(st, 1, tid);
    sqlite3_bind_int64(st, 2, m->index);
    sqlite3_bind_int64(st, 3, (sqlite3_int64)m->seed);
    sqlite3_bind_int(st, 4, m->end);
    store__bind_text(st, 5, m->end_detail);
    sqlite3_bind_int(st, 6, m->culprit);
    sqlite3_bind_int(st, 7, m->plies);
    sqlite3_bind_int64(st, 8, m->duration_us);
    store__bind_text(st, 9, m->log_path);
    int rc = store__done(s, st, "insert match", err, errlen);
    sqlite3_reset(st);
    if (rc) return -1;
    *fresh = sqlite3_changes(s->db) > 0;
    *id = sqlite3_last_insert_rowid(s->db);
    return 0;
}

static int store_match_seats(store *s, sqlite3_stmt *st, int64_t tid, int64_t mid,
                             const match_record *m, char *err, size_t errlen)
{
    int rc = 0;
    for (int i = 0; i < m->num_players && rc == 0; i++) {
        sqlite3_bind_int64(st, 1, mid);
        sqlite3_bind_int(st, 2, i);
        sqlite3_bind_double(st, 3, m->returns[i]);
        sqlite3_bind_int64(st, 4, tid);
        sqlite3_bind_int(st, 5, m->seat_entrant[i]);
        rc = store__done(s, st, "insert match seat", err, errlen);
        if (rc == 0 && sqlite3_changes(s->db) != 1)
            rc = store__errf(s, err, errlen,
                             "insert match %u: seat %d names entrant %d, not in tournament %lld",
                             m->index, i, m->seat_entrant[i], (long long)tid);
        sqlite3_reset(st);
    }
    return rc;
}

/* One match's rows inside the caller's transaction. */
static int store_match_rows(store *s, sqlite3_stmt *const st[2], int64_t tournament,
                            const match_record *m, char *err, size_t errlen)
{
    int64_t mid = 0;
    int fresh = 0;
    if (m->num_players < 1 || m->num_players > ARENA_MAX_PLAYERS)
        return store__errf(s, err, errlen, "insert match %u: %d players", m->index, m->num_players);
    if (store_match_row(s, st[0], tournament, m, &mid, &fresh, err, errlen)) return -1;
    if (fresh && store_match_seats(s, st[1], tournament, mid, m, err, errlen)) return -1;
    return 0;
}

int store_matches(store *s, int64_t tournament, const match_record *m, size_t n, char *err,
                  size_t errlen)
{
    sqlite3_stmt *st[2] = {NULL, NULL};
    if (store__prepare(s, &st[0], store_match_ins, "insert match", err, errlen)) return -1;
    if (store__prepare(s, &st[1], store_seat_ins, "insert match seat", err, errlen) ||
        store__begin(s, err, errlen)) {
        sqlite3_finalize(st[0]);
        sqlite3_finalize(st[1]);
        return -1;
    }
    int rc = 0;
    for (size_t i = 0; i < n && rc == 0; i++)
        rc = store_match_rows(s, st, tournament, &m[i], err, errlen);
    sqlite3_finalize(st[0]);
    sqlite3_finalize(st[1]);
    if (rc) {
        store__rollback(s);
        return -1;
    }
    return store__commit(s, err, errlen);
}

int store_match(store *s, int64_t tournament, const match_record *m, entrant *const *entrants,
                char *err, size_t errlen)
{
    (void)entrants; /* seats resolve through tournament_entrants, stored at creation */
    return store_matches(s, tournament, m, 1, err, errlen);
}
