/* store_match.c -- committing finished matches: rows and seats of a group of
 * matches in a single transaction, so a kill leaves each group whole or absent. */
#include "store_internal.h"

/* Inserts the match row. Sets *fresh to 0 when (tournament, index) was already
 * stored: the first result stands (see store.h). */
static int store_match_row(store *s, int64_t tid, const match_record *m, int64_t *id, int *fresh,
                           char *err, size_t errlen)
{
    static const char ins[] =
        "INSERT INTO matches(tournament_id, match_index, seed, end_code, end_detail, culprit,"
        " plies, duration_us, log_path) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)"
        " ON CONFLICT(tournament_id, match_index) DO NOTHING";
    sqlite3_stmt *st;
    if (store__prepare(s, &st, ins, "insert match", err, errlen)) return -1;
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
    sqlite3_finalize(st);
    if (rc) return -1;
    *fresh = sqlite3_changes(s->db) > 0;
    *id = sqlite3_last_insert_rowid(s->db);
    return 0;
}

/* The seat's bot is looked up from the tournament's entrant list in the same
 * statement, so a seat pointing outside the list is an error, not a null. */
static int store_match_seats(store *s, int64_t tid, int64_t mid, const match_record *m, char *err,
                             size_t errlen)
{
    static const char ins[] = "INSERT INTO match_seats(match_id, seat, bot_id, game_return)"
                              " SELECT ?1, ?2, bot_id, ?3 FROM tournament_entrants"
                              " WHERE tournament_id=?4 AND position=?5";
    sqlite3_stmt *st;
    int rc = 0;
    if (store__prepare(s, &st, ins, "insert match seat", err, errlen)) return -1;
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
    sqlite3_finalize(st);
    return rc;
}

/* One match's rows inside the caller's transaction. */
static int store_match_rows(store *s, int64_t tournament, const match_record *m, char *err,
                            size_t errlen)
{
    int64_t mid = 0;
    int fresh = 0;
    if (m->num_players < 1 || m->num_players > ARENA_MAX_PLAYERS)
        return store__errf(s, err, errlen, "insert match %u: %d players", m->index, m->num_players);
    if (store_match_row(s, tournament, m, &mid, &fresh, err, errlen)) return -1;
    if (fresh && store_match_seats(s, tournament, mid, m, err, errlen)) return -1;
    return 0;
}

int store_matches(store *s, int64_t tournament, const match_record *m, size_t n, char *err,
                  size_t errlen)
{
    if (store__begin(s, err, errlen)) return -1;
    for (size_t i = 0; i < n; i++)
        if (store_match_rows(s, tournament, &m[i], err, errlen)) {
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
