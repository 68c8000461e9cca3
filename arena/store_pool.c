/* store_pool.c -- rating pools: every pairwise result stored for one game and
 * option string, across tournaments, and the rating history written back. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store_internal.h"
#include "label.h"
#include "tally.h"
#include "xalloc.h"

/* A player of the pool as read, before its label is chosen. */
typedef struct pool_row {
    int64_t id;
    int copy;
    char *name, *version, *sha256;
} pool_row;

/* Every seat of the pool with the player who sat there: the bot and which of
 * its copies (store.h). A seat stored with its entrant counts the entrants of
 * the same bot before it in its tournament; an older seat (entrant NULL) counts
 * the seats of the same bot before it in its match. */
#define STORE_POOL_SEATS(ENTRANT)                                                                  \
    "WITH seats AS (SELECT m.id AS mid, ms.seat AS seat, ms.bot_id AS bot,"                        \
    " ms.game_return AS ret, CASE WHEN " ENTRANT " IS NULL THEN"                                   \
    " (SELECT count(*) FROM match_seats x WHERE x.match_id=ms.match_id AND x.bot_id=ms.bot_id"     \
    " AND x.seat<ms.seat) ELSE (SELECT count(*) FROM tournament_entrants te"                       \
    " WHERE te.tournament_id=t.id AND te.bot_id=ms.bot_id AND te.position<" ENTRANT ") END"        \
    " AS copy FROM tournaments t JOIN matches m ON m.tournament_id=t.id"                           \
    " JOIN match_seats ms ON ms.match_id=m.id WHERE t.game=?1 AND t.options=?2) "

static char *store_dup(const unsigned char *text)
{
    return xstrdup(text ? (const char *)text : "");
}

static void store_rows_free(pool_row *r, int n)
{
    for (int i = 0; i < n; i++) {
        free(r[i].name);
        free(r[i].version);
        free(r[i].sha256);
    }
    free(r);
}

/* The pool's bots in id order (store_pool_index relies on the order). */
static int store_pool_rows(store *s, sqlite3_stmt *st, pool_row **out, int *n, char *err,
                           size_t errlen)
{
    pool_row *r = NULL;
    int len = 0, cap = 0, rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (len == cap) {
            int ncap = cap ? 2 * cap : 16;
            r = xrealloc(r, (size_t)ncap * sizeof *r);
            cap = ncap;
        }
        pool_row *p = &r[len++];
        p->id = sqlite3_column_int64(st, 0);
        p->copy = sqlite3_column_int(st, 4);
        p->name = store_dup(sqlite3_column_text(st, 1));
        p->version = store_dup(sqlite3_column_text(st, 2));
        p->sha256 = store_dup(sqlite3_column_text(st, 3));
    }
    *out = r;
    *n = len;
    if (rc == SQLITE_DONE) return 0;
    return store__fail(s, err, errlen, "load pool bots");
}

/* Labels can still collide in odd cases (a bot literally named "x@1"); the
 * row id, unique by construction, settles those. */
static void store_label_unique(pool_bot *b, int n, int i)
{
    for (int j = 0; j < n; j++) {
        if (j != i && strcmp(b[i].label, b[j].label) == 0) {
            char *l = xasprintf("%s#%lld", b[i].label, (long long)b[i].bot_id);
            free(b[i].label);
            b[i].label = l;
            return;
        }
    }
}

static void store_pool_labels(const pool_row *r, int n, pool_data *out)
{
    out->bots = xcalloc((size_t)n, sizeof *out->bots);
    out->matches = xcalloc((size_t)n, sizeof *out->matches);
    out->n_bots = n;
    label_id *ids = xcalloc((size_t)n, sizeof *ids);
    for (int i = 0; i < n; i++)
        ids[i] = (label_id){r[i].name, r[i].version, r[i].sha256, r[i].copy};
    for (int i = 0; i < n; i++) {
        out->bots[i].bot_id = r[i].id;
        out->bots[i].copy = r[i].copy;
        out->bots[i].label = label_make(ids, n, i);
    }
    free(ids);
    /* Fix collisions from the end so that the earlier (older) bot keeps the
     * plain label. */
    for (int i = n - 1; i >= 0; i--)
        store_label_unique(out->bots, n, i);
}

static int store_pool_bots(store *s, const char *game, const char *options, pool_data *out,
                           char *err, size_t errlen)
{
#define STORE_POOL_BOTS                                                                            \
    "SELECT DISTINCT b.id, b.name, b.version, b.sha256, s.copy FROM seats s"                       \
    " JOIN bots b ON b.id=s.bot ORDER BY b.id, s.copy"
    /* A store of schema 1 (read, not migrated, by `arena ratings`) has no
     * entrant column: all its seats read as the older ones. */
    static const char sel_v2[] = STORE_POOL_SEATS("ms.entrant") STORE_POOL_BOTS;
    static const char sel_v1[] = STORE_POOL_SEATS("NULL") STORE_POOL_BOTS;
    const char *sel = s->version >= 2 ? sel_v2 : sel_v1;
    sqlite3_stmt *st;
    pool_row *rows = NULL;
    int n = 0, rc;
    if (store__prepare(s, &st, sel, "load pool bots", err, errlen)) return -1;
    store__bind_text(st, 1, game);
    store__bind_text(st, 2, options);
    rc = store_pool_rows(s, st, &rows, &n, err, errlen);
    sqlite3_finalize(st);
    if (rc == 0) store_pool_labels(rows, n, out);
    store_rows_free(rows, n);
    return rc;
}

static int store_pool_index(const pool_data *p, int64_t bot_id, int copy)
{
    int lo = 0, hi = p->n_bots - 1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        const pool_bot *b = &p->bots[mid];
        if (b->bot_id == bot_id && b->copy == copy) return mid;
        if (b->bot_id < bot_id || (b->bot_id == bot_id && b->copy < copy))
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

typedef struct pool_acc {
    pool_data *p;
    size_t cap;
} pool_acc;

static int store_pool_push(void *ctx, int a, int b, double score)
{
    pool_acc *acc = ctx;
    pool_data *p = acc->p;
    if (a == b) return -2; /* a player against itself: only a damaged store seats one twice */
    if (p->n_games == acc->cap) {
        acc->cap = acc->cap ? 2 * acc->cap : 256;
        p->games = xrealloc(p->games, acc->cap * sizeof *p->games);
    }
    p->games[p->n_games++] = (rating_game){.a = a, .b = b, .score = score};
    return 0;
}

/* One match's seats in seat order, expanded by tally_pairs. -2 when the
 * match seats one player twice or a player missing from the list (a damaged
 * store: never a game of a player against itself). */
static int store_pool_match(pool_acc *acc, const int *bot, const double *ret, int n)
{
    for (int i = 0; i < n; i++) {
        if (bot[i] < 0) return -2;
        acc->p->matches[bot[i]]++;
    }
    return tally_pairs(bot, ret, n, store_pool_push, acc);
}

static int store_pool_games(store *s, const char *game, const char *options, pool_data *out,
                            char *err, size_t errlen)
{
#define STORE_POOL_GAMES "SELECT mid, bot, ret, copy FROM seats ORDER BY mid, seat"
    static const char sel_v2[] = STORE_POOL_SEATS("ms.entrant") STORE_POOL_GAMES;
    static const char sel_v1[] = STORE_POOL_SEATS("NULL") STORE_POOL_GAMES;
    const char *sel = s->version >= 2 ? sel_v2 : sel_v1;
    sqlite3_stmt *st;
    int bot[ARENA_MAX_PLAYERS], n = 0, rc = SQLITE_DONE, bad = 0;
    double ret[ARENA_MAX_PLAYERS];
    int64_t cur = -1;
    pool_acc acc = {out, 0};
    if (store__prepare(s, &st, sel, "load pool games", err, errlen)) return -1;
    store__bind_text(st, 1, game);
    store__bind_text(st, 2, options);
    while (!bad && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        int64_t mid = sqlite3_column_int64(st, 0);
        if (mid != cur) {
            if ((bad = store_pool_match(&acc, bot, ret, n))) break;
            cur = mid;
            n = 0;
        }
        if (n < ARENA_MAX_PLAYERS) {
            bot[n] = store_pool_index(out, sqlite3_column_int64(st, 1), sqlite3_column_int(st, 3));
            ret[n++] = sqlite3_column_double(st, 2);
        }
    }
    if (!bad && rc == SQLITE_DONE) bad = store_pool_match(&acc, bot, ret, n);
    sqlite3_finalize(st);
    if (bad == -2)
        return store__errf(s, err, errlen,
                           "load pool games: match row %lld seats one player twice or an unknown"
                           " one (damaged store)",
                           (long long)cur);
    return rc == SQLITE_DONE ? 0 : store__fail(s, err, errlen, "load pool games");
}

int store_pool_load(store *s, const char *game, const char *options, pool_data *out, char *err,
                    size_t errlen)
{
    memset(out, 0, sizeof *out);
    /* One read transaction, so that a tournament committing meanwhile cannot
     * add a game whose bot is missing from the list read just before. */
    if (store__exec(s, "BEGIN", "begin read", err, errlen)) return -1;
    int rc = store_pool_bots(s, game, options, out, err, errlen);
    if (rc == 0) rc = store_pool_games(s, game, options, out, err, errlen);
    store__rollback(s); /* read only: ending it is all that is needed */
    if (rc) store_pool_free(out);
    return rc;
}

void store_pool_free(pool_data *p)
{
    if (!p) return;
    for (int i = 0; p->bots && i < p->n_bots; i++)
        free(p->bots[i].label);
    free(p->bots);
    free(p->matches);
    free(p->games);
    memset(p, 0, sizeof *p);
}
