/* store_rating.c -- which rating pools a game has, and the rating history
 * appended after each tournament. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "store_internal.h"
#include "xalloc.h"

static void store_strings_free(char **v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(v[i]);
    free(v);
}

static void store_strings_push(char ***v, size_t *n, size_t *cap, const unsigned char *text)
{
    if (*n == *cap) {
        *cap = *cap ? 2 * *cap : 8;
        *v = xrealloc(*v, *cap * sizeof **v);
    }
    (*v)[(*n)++] = xstrdup((const char *)text);
}

int store_pools(store *s, const char *game, char ***options, size_t *n, char *err, size_t errlen)
{
    static const char sel[] =
        "SELECT DISTINCT t.options FROM tournaments t WHERE t.game=?1"
        " AND EXISTS(SELECT 1 FROM matches m WHERE m.tournament_id=t.id) ORDER BY t.options";
    sqlite3_stmt *st;
    char **v = NULL;
    size_t len = 0, cap = 0;
    int rc;
    *options = NULL;
    *n = 0;
    if (store__prepare(s, &st, sel, "list pools", err, errlen)) return -1;
    store__bind_text(st, 1, game);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW)
        store_strings_push(&v, &len, &cap, sqlite3_column_text(st, 0));
    if (rc != SQLITE_DONE) store__fail(s, err, errlen, "list pools");
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) {
        store_strings_free(v, len);
        return -1;
    }
    *options = v;
    *n = len;
    return 0;
}

void store_pools_free(char **options, size_t n)
{
    store_strings_free(options, n);
}

static int store_snapshot_rows(store *s, sqlite3_stmt *st, int64_t tournament, const char *game,
                               const char *options, const pool_data *p, const rating_fit *fit,
                               char *err, size_t errlen)
{
    for (int i = 0; i < p->n_bots; i++) {
        const rating_entry *e = &fit->entry[i];
        if (tournament > 0)
            sqlite3_bind_int64(st, 1, tournament);
        else
            sqlite3_bind_null(st, 1);
        store__bind_text(st, 2, game);
        store__bind_text(st, 3, options);
        sqlite3_bind_int64(st, 4, p->bots[i].bot_id);
        sqlite3_bind_double(st, 5, isfinite(e->elo) ? e->elo : 0.0);
        /* SQLite turns NaN into NULL anyway; say so for infinity too. */
        if (isfinite(e->ci95))
            sqlite3_bind_double(st, 6, e->ci95);
        else
            sqlite3_bind_null(st, 6);
        sqlite3_bind_int(st, 7, e->games);
        sqlite3_bind_int(st, 8, p->bots[i].copy);
        if (store__done(s, st, "insert rating history", err, errlen)) return -1;
        sqlite3_reset(st);
    }
    return 0;
}

int store_rating_snapshot(store *s, int64_t tournament, const char *game, const char *options,
                          const pool_data *p, const rating_fit *fit, char *err, size_t errlen)
{
    static const char ins[] =
        "INSERT INTO rating_history(tournament_id, game, options, bot_id, elo, ci95, games, copy)"
        " VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)";
    static const char del[] = "DELETE FROM rating_history WHERE tournament_id = ?1";
    sqlite3_stmt *st;
    int rc;
    if (fit->n != p->n_bots)
        return store__errf(s, err, errlen, "rating snapshot: %d ratings for %d bots", fit->n,
                           p->n_bots);
    if (store__begin(s, err, errlen)) return -1;
    /* A tournament has one snapshot: taken again (a resume after a kill
     * between the snapshot and the finished mark), it replaces the first. */
    if (tournament > 0) {
        if (store__prepare(s, &st, del, "replace rating history", err, errlen)) goto fail;
        sqlite3_bind_int64(st, 1, tournament);
        rc = store__done(s, st, "replace rating history", err, errlen);
        sqlite3_finalize(st);
        if (rc) goto fail;
    }
    if (store__prepare(s, &st, ins, "insert rating history", err, errlen)) goto fail;
    rc = store_snapshot_rows(s, st, tournament, game, options, p, fit, err, errlen);
    sqlite3_finalize(st);
    if (rc) goto fail;
    return store__commit(s, err, errlen);
fail:
    store__rollback(s);
    return -1;
}

static int store_pool_rate_with(store *s, int64_t tournament, const char *game, const char *options,
                                const pool_own *own, char *err, size_t errlen)
{
    pool_data pd;
    rating_fit fit;
    char e2[512];
    if (store_pool_load_own(s, game, options, own, &pd, err, errlen)) return -1;
    int rc = -1;
    if (ratings_fit(pd.n_bots, pd.games, pd.n_games, &fit, e2, sizeof e2) == 0) {
        rc = store_rating_snapshot(s, tournament, game, options, &pd, &fit, err, errlen);
        ratings_free(&fit);
    } else {
        store__errf(s, err, errlen, "rating pool %s (%s): %s", game, options, e2);
    }
    store_pool_free(&pd);
    return rc;
}

int store_pool_rate(store *s, int64_t tournament, const char *game, const char *options, char *err,
                    size_t errlen)
{
    return store_pool_rate_with(s, tournament, game, options, NULL, err, errlen);
}

int store_pool_rate_own(store *s, const char *game, const char *options, const pool_own *own,
                        char *err, size_t errlen)
{
    return store_pool_rate_with(s, own->tournament, game, options, own, err, errlen);
}
