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

/* The results being gathered, stored and in memory alike (tally_push). */
typedef struct pool_acc {
    pool_data *p;
    size_t cap;
    tally_index index;
    uint32_t tables, table; /* tally_table's */
    uint32_t count;         /* of the result being pushed */
} pool_acc;

static int store_pool_push(void *ctx, int a, int b, double score)
{
    pool_acc *acc = ctx;
    pool_data *p = acc->p;
    if (a == b) return -2; /* a player against itself: only a damaged store seats one twice */
    tally_push(&p->games, &p->n_games, &acc->cap, &acc->index, a, b, score, acc->table, acc->count);
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
    acc->table = tally_table(&acc->tables, n);
    return tally_pairs(bot, ret, n, store_pool_push, acc);
}

/* --- reading a pool in one pass ---------------------------------------
 * Every seat of the pool's matches is read once, in the order the indexes
 * give it (tournament, match number, seat: no sort), with who sat there: the
 * bot and which of its copies (store.h). A seat stored with its entrant is
 * the copy that counts the entrants of the same bot before it in its
 * tournament (read once per tournament, not per seat); an older seat
 * (entrant NULL) counts the seats of the same bot before it in its match.
 * The players are the distinct (bot, copy) pairs seen; their names come from
 * one lookup per bot. */

/* An entrant position of a pool tournament and the copy it is. */
typedef struct pool_entrant {
    int64_t tid, bot;
    int pos, copy;
} pool_entrant;

/* One seat as read. */
typedef struct pool_seat {
    int64_t mid, bot;
    int copy;
    double ret;
} pool_seat;

typedef struct pool_read {
    pool_entrant *ent;
    size_t n_ent;
    pool_seat *seat;
    size_t n_seat, cap_seat;
    /* With results in memory (pool_own): the player each of its entrants is,
     * by entrant position (copy -1: one that sat at no table). */
    pool_seat *own;
    int n_own;
} pool_read;

static void pool_read_free(pool_read *r)
{
    free(r->ent);
    free(r->seat);
    free(r->own);
}

static int store_pool_entrants(store *s, const char *game, const char *options, pool_read *r,
                               char *err, size_t errlen)
{
    static const char sel[] =
        "SELECT te.tournament_id, te.position, te.bot_id FROM tournaments t"
        " JOIN tournament_entrants te ON te.tournament_id=t.id"
        " WHERE t.game=?1 AND t.options=?2 ORDER BY te.tournament_id, te.position";
    sqlite3_stmt *st;
    size_t cap = 0, first = 0; /* first: where the current tournament's entrants begin */
    int rc;
    if (store__prepare(s, &st, sel, "load pool entrants", err, errlen)) return -1;
    store__bind_text(st, 1, game);
    store__bind_text(st, 2, options);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (r->n_ent == cap) {
            cap = cap ? 2 * cap : 64;
            r->ent = xrealloc(r->ent, cap * sizeof *r->ent);
        }
        size_t k = r->n_ent++;
        pool_entrant *e = &r->ent[k];
        e->tid = sqlite3_column_int64(st, 0);
        e->pos = sqlite3_column_int(st, 1);
        e->bot = sqlite3_column_int64(st, 2);
        if (r->ent[first].tid != e->tid) first = k;
        e->copy = 0;
        for (size_t j = first; j < k; j++) /* entrants of a tournament: a handful */
            e->copy += r->ent[j].bot == e->bot;
    }
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? 0 : store__fail(s, err, errlen, "load pool entrants");
}

/* Entrant pos of tournament tid, or NULL when the store lists no such
 * entrant (damaged). */
static const pool_entrant *pool_entrant_find(const pool_read *r, int64_t tid, int pos)
{
    size_t lo = 0, hi = r->n_ent;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        const pool_entrant *e = &r->ent[mid];
        if (e->tid < tid || (e->tid == tid && e->pos < pos))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < r->n_ent && r->ent[lo].tid == tid && r->ent[lo].pos == pos ? &r->ent[lo] : NULL;
}

/* The copy of entrant pos of tournament tid; -1 when there is no such entrant. */
static int pool_entrant_copy(const pool_read *r, int64_t tid, int pos)
{
    const pool_entrant *e = pool_entrant_find(r, tid, pos);
    return e ? e->copy : -1;
}

/* One seat read back; match_first is where its match's seats begin. A seat
 * with no entrant (stored before schema 2) is told from other copies of its
 * bot in the match by seat order. */
static void pool_add_seat(pool_read *r, size_t *match_first, int64_t tid, int64_t mid, int64_t bot,
                          double ret, int entrant)
{
    if (r->n_seat == r->cap_seat) {
        r->cap_seat = r->cap_seat ? 2 * r->cap_seat : 256;
        r->seat = xrealloc(r->seat, r->cap_seat * sizeof *r->seat);
    }
    size_t k = r->n_seat++;
    pool_seat *p = &r->seat[k];
    p->mid = mid;
    p->bot = bot;
    p->ret = ret;
    if (r->seat[*match_first].mid != p->mid) *match_first = k;
    if (entrant == STORE_NO_ENTRANT) {
        p->copy = 0;
        for (size_t j = *match_first; j < k; j++)
            p->copy += r->seat[j].bot == p->bot;
    } else {
        p->copy = pool_entrant_copy(r, tid, entrant);
    }
}

#define STORE_POOL_MATCHES " FROM tournaments t JOIN matches m ON m.tournament_id=t.id"
#define STORE_POOL_WHERE " WHERE t.game=?1 AND t.options=?2"
#define STORE_POOL_EXCEPT " AND t.id<>?3" /* the tournament whose results are in memory */

/* Schema 7: a row a match, its seats parsed here (the match_seats view
 * parses the same text in SQL at several times the cost). */
static int store_pool_rows(store *s, sqlite3_stmt *st, pool_read *r, char *err, size_t errlen)
{
    int rc;
    size_t match_first = 0;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        int64_t tid = sqlite3_column_int64(st, 0), mid = sqlite3_column_int64(st, 1);
        int64_t bot[ARENA_MAX_PLAYERS];
        double ret[ARENA_MAX_PLAYERS];
        int ent[ARENA_MAX_PLAYERS];
        int n = store__seats_column(s, st, 2, mid, bot, ret, ent, err, errlen);
        if (n < 0) {
            sqlite3_finalize(st);
            return -1;
        }
        for (int i = 0; i < n; i++)
            pool_add_seat(r, &match_first, tid, mid, bot[i], ret[i], ent[i]);
    }
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? 0 : store__fail(s, err, errlen, "load pool games");
}

/* The seats of the pool's matches, but for tournament `except` (0: none; only
 * the current schema is read with one). */
static int store_pool_seats(store *s, const char *game, const char *options, int64_t except,
                            pool_read *r, char *err, size_t errlen)
{
    static const char sel_v7[] =
        "SELECT m.tournament_id, m.id, m.seats" STORE_POOL_MATCHES STORE_POOL_WHERE
            STORE_POOL_EXCEPT " ORDER BY t.id, m.match_index";
    /* Older stores, read and not migrated (by `arena ratings`): seat rows;
     * schema 1 has no entrant column, all its seats read as the older ones. */
#define STORE_POOL_SEATS(ENTRANT)                                                                  \
    "SELECT m.tournament_id, m.id, ms.bot_id, ms.game_return, " ENTRANT STORE_POOL_MATCHES         \
    " JOIN match_seats ms ON ms.match_id=m.id" STORE_POOL_WHERE                                    \
    " ORDER BY t.id, m.match_index, ms.seat"
    static const char sel_v2[] = STORE_POOL_SEATS("ms.entrant");
    static const char sel_v1[] = STORE_POOL_SEATS("NULL");
    sqlite3_stmt *st;
    int rc;
    size_t match_first = 0;
    const char *sel = s->version >= STORE_V_SEAT_JSON ? sel_v7 : s->version >= 2 ? sel_v2 : sel_v1;
    if (store__prepare(s, &st, sel, "load pool games", err, errlen)) return -1;
    store__bind_text(st, 1, game);
    store__bind_text(st, 2, options);
    if (s->version >= STORE_V_SEAT_JSON) {
        sqlite3_bind_int64(st, 3, except);
        return store_pool_rows(s, st, r, err, errlen);
    }
    while ((rc = sqlite3_step(st)) == SQLITE_ROW)
        pool_add_seat(r, &match_first, sqlite3_column_int64(st, 0), sqlite3_column_int64(st, 1),
                      sqlite3_column_int64(st, 2), sqlite3_column_double(st, 3),
                      sqlite3_column_type(st, 4) == SQLITE_NULL ? STORE_NO_ENTRANT
                                                                : sqlite3_column_int(st, 4));
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? 0 : store__fail(s, err, errlen, "load pool games");
}

static int by_bot_copy(const void *a, const void *b)
{
    const pool_seat *x = a, *y = b;
    if (x->bot != y->bot) return x->bot < y->bot ? -1 : 1;
    return (x->copy > y->copy) - (x->copy < y->copy);
}

/* Adds p to the k sorted keys unless it is there. A sorted insert: the pairs
 * are the pool's entrants, a handful or a few hundred, where the seats are two
 * a match -- sorting every seat cost more than the rest of the read. */
static void key_add(pool_seat **key, size_t *k, size_t *cap, const pool_seat *p)
{
    size_t lo = 0, hi = *k; /* the first key not below p */
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (by_bot_copy(&(*key)[mid], p) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < *k && by_bot_copy(&(*key)[lo], p) == 0) return;
    if (*k == *cap) *key = xrealloc(*key, (*cap *= 2) * sizeof **key);
    memmove(&(*key)[lo + 1], &(*key)[lo], (*k - lo) * sizeof **key);
    (*key)[lo] = *p;
    (*k)++;
}

/* The distinct (bot, copy) pairs of the seats and of the entrants in memory
 * that sat somewhere, in that order, in *n keys. */
static pool_seat *distinct_players(const pool_read *r, size_t *n)
{
    size_t k = 0, cap = 16;
    pool_seat *key = xmalloc(cap * sizeof *key);
    for (size_t i = 0; i < r->n_seat; i++)
        key_add(&key, &k, &cap, &r->seat[i]);
    for (int e = 0; e < r->n_own; e++)
        if (r->own[e].copy >= 0) key_add(&key, &k, &cap, &r->own[e]);
    *n = k;
    return key;
}

/* The players: the distinct (bot, copy) pairs seated, in that order
 * (store_pool_index relies on it), named from the bots table. */
static int store_pool_players(store *s, const pool_read *r, pool_data *out, char *err,
                              size_t errlen)
{
    size_t n_key;
    pool_seat *key = distinct_players(r, &n_key);
    pool_row *rows = NULL;
    int n = 0, rc = 0;
    sqlite3_stmt *st = NULL;
    if (n_key && store__prepare(s, &st, "SELECT name, version, sha256 FROM bots WHERE id=?1",
                                "load pool bots", err, errlen))
        rc = -1;
    for (size_t i = 0; i < n_key && rc == 0; i++) {
        if (key[i].copy < 0) continue; /* an unknown entrant: refused with its match */
        rows = xrealloc(rows, (size_t)(n + 1) * sizeof *rows);
        pool_row *p = &rows[n++];
        memset(p, 0, sizeof *p);
        p->id = key[i].bot;
        p->copy = key[i].copy;
        sqlite3_bind_int64(st, 1, p->id);
        if (sqlite3_step(st) == SQLITE_ROW) {
            p->name = store_dup(sqlite3_column_text(st, 0));
            p->version = store_dup(sqlite3_column_text(st, 1));
            p->sha256 = store_dup(sqlite3_column_text(st, 2));
        } else {
            rc = store__errf(s, err, errlen, "load pool bots: no bot row %lld (damaged store)",
                             (long long)p->id);
        }
        sqlite3_reset(st);
    }
    sqlite3_finalize(st);
    free(key);
    if (rc == 0) store_pool_labels(rows, n, out);
    store_rows_free(rows, n);
    return rc;
}

static int store_pool_games(store *s, const pool_read *r, pool_acc *acc, char *err, size_t errlen)
{
    pool_data *out = acc->p;
    int bot[ARENA_MAX_PLAYERS], n = 0, bad = 0;
    double ret[ARENA_MAX_PLAYERS];
    int64_t cur = -1;
    for (size_t i = 0; i < r->n_seat && !bad; i++) {
        const pool_seat *p = &r->seat[i];
        if (p->mid != cur) {
            if ((bad = store_pool_match(acc, bot, ret, n))) break;
            cur = p->mid;
            n = 0;
        }
        if (n < ARENA_MAX_PLAYERS) {
            bot[n] = p->copy < 0 ? -1 : store_pool_index(out, p->bot, p->copy);
            ret[n++] = p->ret;
        }
    }
    if (!bad) bad = store_pool_match(acc, bot, ret, n);
    if (bad == -2)
        return store__errf(s, err, errlen,
                           "load pool games: match row %lld seats one player twice or an unknown"
                           " one (damaged store)",
                           (long long)cur);
    return 0;
}

/* The player each entrant of the tournament in memory is: its bot and copy as
 * stored with the tournament's entrants (copy -1 for one that sat at no
 * table, so is no player of it). */
static int store_pool_own_players(store *s, const pool_own *own, pool_read *r, char *err,
                                  size_t errlen)
{
    r->n_own = own->n_entrants;
    r->own = xcalloc((size_t)own->n_entrants, sizeof *r->own);
    for (int e = 0; e < own->n_entrants; e++) {
        const pool_entrant *pe = pool_entrant_find(r, own->tournament, e);
        if (!pe)
            return store__errf(s, err, errlen,
                               "load pool: tournament %lld has no stored entrant %d",
                               (long long)own->tournament, e);
        r->own[e] = (pool_seat){.bot = pe->bot, .copy = own->tables[e] > 0 ? pe->copy : -1};
    }
    return 0;
}

/* The results in memory, as store_pool_games adds the stored ones. */
static int store_pool_own_games(store *s, const pool_read *r, const pool_own *own, pool_acc *acc,
                                char *err, size_t errlen)
{
    pool_data *out = acc->p;
    int *player = xcalloc((size_t)own->n_entrants, sizeof *player);
    for (int e = 0; e < own->n_entrants; e++) {
        player[e] = r->own[e].copy < 0 ? -1 : store_pool_index(out, r->own[e].bot, r->own[e].copy);
        if (player[e] >= 0) out->matches[player[e]] += own->tables[e];
    }
    /* the own tables' numbers (the tally's) go on after the stored ones', so
     * that no run of one number spans both (ratings.h) */
    uint32_t after = acc->tables;
    int rc = 0;
    for (size_t i = 0; i < own->n_games && rc == 0; i++) {
        const rating_game *g = &own->games[i];
        acc->table = g->table ? g->table + after : 0;
        acc->count = g->count;
        int a = g->a >= 0 && g->a < own->n_entrants ? player[g->a] : -1;
        int b = g->b >= 0 && g->b < own->n_entrants ? player[g->b] : -1;
        if (a < 0 || b < 0 || g->count == 0 || store_pool_push(acc, a, b, g->score))
            rc = store__errf(s, err, errlen,
                             "load pool: result %zu of tournament %lld pairs "
                             "entrants %d and %d",
                             i, (long long)own->tournament, g->a, g->b);
    }
    free(player);
    return rc;
}

int store_pool_load_own(store *s, const char *game, const char *options, const pool_own *own,
                        pool_data *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    /* an older schema is only read by readers, never with results in memory */
    if (own && s->version < STORE_V_SEAT_JSON) own = NULL;
    pool_read r = {0};
    /* One read transaction, so that a tournament committing meanwhile cannot
     * add a seat between the entrants read and the seats read. */
    if (store__exec(s, "BEGIN", "begin read", err, errlen)) return -1;
    int rc = store_pool_entrants(s, game, options, &r, err, errlen);
    if (rc == 0)
        rc = store_pool_seats(s, game, options, own ? own->tournament : 0, &r, err, errlen);
    if (rc == 0 && own) rc = store_pool_own_players(s, own, &r, err, errlen);
    if (rc == 0) rc = store_pool_players(s, &r, out, err, errlen);
    store__rollback(s); /* read only: ending it is all that is needed */
    pool_acc acc = {.p = out, .count = 1};
    if (rc == 0) rc = store_pool_games(s, &r, &acc, err, errlen);
    if (rc == 0 && own) rc = store_pool_own_games(s, &r, own, &acc, err, errlen);
    tally_index_free(&acc.index);
    pool_read_free(&r);
    if (rc) store_pool_free(out);
    return rc;
}

int store_pool_load(store *s, const char *game, const char *options, pool_data *out, char *err,
                    size_t errlen)
{
    return store_pool_load_own(s, game, options, NULL, out, err, errlen);
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
