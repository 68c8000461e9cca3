/* rebuild.c -- arena.db made again from tournament plans and match logs
 * (rebuild.h). */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "arena/module_kit.h"
#include "entrant.h"
#include "manifest.h"
#include "matchlog.h"
#include "rebuild.h"
#include "rebuild_sprt.h"
#include "report.h"
#include "rundir.h"
#include "schedule.h"
#include "shard.h"
#include "store.h"
#include "store_sprt.h"
#include "timectl.h"
#include "xalloc.h"

/* The entries of a directory that pass keep(), sorted by name. */
static int list_sorted(const char *dir, int (*keep)(const char *dir, const char *name), char ***out,
                       size_t *n)
{
    DIR *d = opendir(dir);
    *out = NULL;
    *n = 0;
    if (!d) return -1;
    struct dirent *e;
    size_t cap = 0;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.' || !keep(dir, e->d_name)) continue;
        if (*n == cap) {
            cap = cap ? 2 * cap : 32;
            *out = xrealloc(*out, cap * sizeof **out);
        }
        (*out)[(*n)++] = xstrdup(e->d_name);
    }
    closedir(d);
    for (size_t i = 1; i < *n; i++) /* insertion sort: a few hundred names at most */
        for (size_t j = i; j > 0 && strcmp((*out)[j - 1], (*out)[j]) > 0; j--) {
            char *t = (*out)[j];
            (*out)[j] = (*out)[j - 1];
            (*out)[j - 1] = t;
        }
    return 0;
}

static void free_list(char **v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(v[i]);
    free(v);
}

/* A tournament directory: it has a matches/ directory or a plan. */
static int is_tournament(const char *dir, const char *name)
{
    char path[4300];
    struct stat sb;
    if (strcmp(name, "matches") == 0) return 0; /* `arena match` logs: never stored */
    snprintf(path, sizeof path, "%s/%s/matches", dir, name);
    if (stat(path, &sb) == 0 && S_ISDIR(sb.st_mode)) return 1;
    snprintf(path, sizeof path, "%s/%s/" MANIFEST_FILE, dir, name);
    return stat(path, &sb) == 0;
}

int rebuild_count_tournaments(const char *dir)
{
    char **names;
    size_t n;
    if (list_sorted(dir, is_tournament, &names, &n)) return 0;
    free_list(names, n);
    return (int)n;
}

void rebuild_hint(const char *dir, char *err, size_t errlen)
{
    char db[4200];
    snprintf(db, sizeof db, "%s/arena.db", dir);
    if (access(db, F_OK) == 0) return;
    int n = rebuild_count_tournaments(dir);
    size_t at = strnlen(err, errlen);
    if (at + 1 >= errlen) return;
    if (n > 0)
        snprintf(err + at, errlen - at,
                 "; %s holds %d tournament director%s: run `arena rebuild --out %s` "
                 "to " REBUILD_REMAKES,
                 dir, n, n == 1 ? "y" : "ies", dir);
    else
        snprintf(err + at, errlen - at,
                 "; no tournament was played into %s (arena tournament makes the store; "
                 "if it was lost, `arena rebuild --out %s` would " REBUILD_REMAKES ")",
                 dir, dir);
}

/* A log file: NAME.pb (a temporary .pb.tmp is a write that never finished). */
static int is_log(const char *dir, const char *name)
{
    (void)dir;
    size_t len = strlen(name);
    return len > 3 && strcmp(name + len - 3, ".pb") == 0;
}

/* One tournament being rebuilt. */
typedef struct rb_tour {
    const char *results, *name; /* results directory, tournament directory name */
    char tdir[4300];
    manifest m;
    int planned;          /* the plan was read: matches are placed by its schedule */
    schedule plan;        /* its schedule (an SPRT's: rebuild_sprt_item) */
    rebuild_sprt_games sprt; /* an SPRT's games, for its verdict */
    FILE *warn;
    rebuild_stats *st;
    store *db;   /* the store being built */
    int64_t tid; /* the tournament's row in it */
    store *old;  /* the store being replaced, when it can be read; else NULL */
} rb_tour;

static int same_ids(const Arena__Identity *a, const Arena__Identity *b)
{
    return a && b && strcmp(a->sha256, b->sha256) == 0 &&
           strcmp(a->bot_options, b->bot_options) == 0 && strcmp(a->name, b->name) == 0;
}

static int same_identity(const Arena__Identity *id, const entrant *e)
{
    return strcmp(id->sha256 ? id->sha256 : "", e->sha256) == 0 &&
           strcmp(id->bot_options ? id->bot_options : "", e->bot_options ? e->bot_options : "") ==
               0 &&
           strcmp(id->name ? id->name : "", e->name ? e->name : "") == 0;
}

/* Without a plan: the entrant that seat p of the log is -- its identity's
 * k-th entrant for the identity's k-th seat in the match; -1 when unknown. */
static int find_copy(const rb_tour *t, const Arena__MatchLog *log, int p)
{
    int copy = 0;
    for (int q = 0; q < p; q++)
        copy += same_ids(log->bots[q], log->bots[p]);
    for (int e = 0; e < t->m.n; e++)
        if (same_identity(log->bots[p], &t->m.entrants[e]) && copy-- == 0) return e;
    return -1;
}

static int is_sprt(const rb_tour *t)
{
    return format_is(t->m.format, FORMAT_SPRT);
}

/* The entrant position of each seat: the plan's schedule, or (no plan) the
 * entrant of that identity, k-th copy for its k-th seat in the match. -1 when
 * the log does not fit. */
static int seat_entrants(const rb_tour *t, const Arena__MatchLog *log, int *who)
{
    int np = (int)log->n_bots;
    if (np < 1 || np > ARENA_MAX_PLAYERS || log->n_returns != log->n_bots) return -1;
    if (strcmp(log->game ? log->game : "", t->m.game) != 0 ||
        strcmp(log->options ? log->options : "", t->m.options) != 0)
        return -1;
    if (t->planned) {
        schedule_item item;
        const schedule_item *it = &item;
        if (is_sprt(t)) {
            if (rebuild_sprt_item(&t->m, log->match_index, &item)) return -1;
        } else {
            if (log->match_index >= t->plan.count) return -1;
            schedule_at(&t->plan, log->match_index, &item);
        }
        if (it->num_players != np || it->seed != log->match_seed) return -1;
        for (int p = 0; p < np; p++) {
            if (!log->bots[p] || !same_identity(log->bots[p], &t->m.entrants[it->seat[p]]))
                return -1;
            who[p] = it->seat[p];
        }
        return 0;
    }
    for (int p = 0; p < np; p++) {
        if (!log->bots[p] || (who[p] = find_copy(t, log, p)) < 0) return -1;
    }
    return 0;
}

static void to_record(const Arena__MatchLog *log, const int *who, const char *rel, match_record *r)
{
    memset(r, 0, sizeof *r);
    r->index = log->match_index;
    r->seed = log->match_seed;
    r->num_players = (int)log->n_bots;
    for (int p = 0; p < r->num_players; p++) {
        r->seat_entrant[p] = who[p];
        r->returns[p] = log->returns[p];
    }
    r->end = (int)log->end;
    snprintf(r->end_detail, sizeof r->end_detail, "%s", log->end_detail ? log->end_detail : "");
    r->culprit = log->culprit;
    for (size_t i = 0; i < log->n_actions; i++)
        r->plies += log->actions[i]->seat >= 0;
    r->duration_us = log->duration_us;
    snprintf(r->log_path, sizeof r->log_path, "%s", rel);
}

/* Calls fn on every log of the tournament, file by file. Unreadable files are
 * warned about and skipped. */
typedef int (*rb_file_fn)(rb_tour *t, const char *rel, Arena__MatchLog **logs, size_t n, char *err,
                          size_t errlen);

static int each_file(rb_tour *t, rb_file_fn fn, int count, char *err, size_t errlen)
{
    char mdir[4400], path[4800], rel[4800], e2[1024];
    char **files;
    size_t nf;
    snprintf(mdir, sizeof mdir, "%s/matches", t->tdir);
    if (list_sorted(mdir, is_log, &files, &nf)) return 0; /* no logs: nothing played */
    int rc = 0;
    for (size_t i = 0; i < nf && rc == 0; i++) {
        Arena__MatchLog **logs;
        size_t n;
        snprintf(path, sizeof path, "%s/%s", mdir, files[i]);
        snprintf(rel, sizeof rel, "%s/matches/%s", t->name, files[i]);
        int read = matchlog_read_salvage(path, &logs, &n, e2, sizeof e2);
        if (read && count) { /* named, and the exit status says so */
            fprintf(t->warn, "arena rebuild: %s %s\n", read < 0 ? "skipped" : "salvaged", e2);
            t->st->skipped++;
        }
        if (read < 0) continue;
        if (count) t->st->files++;
        rc = fn(t, rel, logs, n, err, errlen);
        matchlog_free_all(logs, n);
    }
    free_list(files, nf);
    return rc;
}

/* No plan: the entrants are the identities seen, copies by seat order. */
static int learn_entrants(rb_tour *t, const char *rel, Arena__MatchLog **logs, size_t n, char *err,
                          size_t errlen)
{
    (void)rel, (void)err, (void)errlen;
    for (size_t i = 0; i < n; i++) {
        const Arena__MatchLog *log = logs[i];
        if (!t->m.game) {
            arena_time_control tc = {0, 0, 0};
            char text[64];
            if (log->tc)
                tc = (arena_time_control){log->tc->base_us, log->tc->increment_us,
                                          log->tc->move_time_us};
            timectl_format(&tc, text, sizeof text);
            t->m.game = xstrdup(log->game);
            t->m.options = xstrdup(log->options);
            t->m.tc = xstrdup(text);
            t->m.players = (int)log->n_bots;
        }
        int np = (int)log->n_bots;
        if (np < 1 || np > ARENA_MAX_PLAYERS || strcmp(log->game, t->m.game) ||
            strcmp(log->options, t->m.options))
            continue; /* does not fit: warned about when stored */
        for (int p = 0; p < np; p++) {
            const Arena__Identity *id = log->bots[p];
            if (!id || find_copy(t, log, p) >= 0) continue;
            t->m.entrants = xrealloc(t->m.entrants, (size_t)(t->m.n + 1) * sizeof(entrant));
            entrant *e = &t->m.entrants[t->m.n++];
            memset(e, 0, sizeof *e);
            e->path = xstrdup(id->path);
            e->bot_options = xstrdup(id->bot_options);
            snprintf(e->sha256, sizeof e->sha256, "%s", id->sha256);
            e->name = xstrdup(id->name);
            e->version = xstrdup(id->version);
            e->author = xstrdup(id->author);
        }
        t->m.planned++;
    }
    return 0;
}

static int store_file(rb_tour *t, const char *rel, Arena__MatchLog **logs, size_t n, char *err,
                      size_t errlen)
{
    match_record *recs = xcalloc(n, sizeof *recs);
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        int who[ARENA_MAX_PLAYERS];
        if (seat_entrants(t, logs[i], who)) {
            fprintf(
                t->warn,
                "arena rebuild: skipped match %u of %s: it does not fit the tournament's plan\n",
                logs[i]->match_index, rel);
            t->st->skipped++;
            continue;
        }
        to_record(logs[i], who, rel, &recs[k++]);
        for (int p = 0; is_sprt(t) && p < (int)logs[i]->n_bots; p++)
            if (who[p] == 0) rebuild_sprt_add(&t->sprt, logs[i]->match_index, logs[i]->returns, p);
    }
    int rc = k ? store_matches(t->db, t->tid, recs, k, err, errlen) : 0;
    free(recs);
    return rc;
}

/* An SPRT run ends as it ended when it ran (rebuild_sprt.h): its verdict,
 * its end, the pool's snapshot. */
static int finish_sprt(rb_tour *t, size_t n_done, char *err, size_t errlen)
{
    store_sprt_result r;
    rebuild_sprt_verdict(&t->sprt, &t->m, &r);
    if (store_sprt_finish(t->db, t->tid, &r, err, errlen) ||
        store_tournament_done(t->db, t->tid, err, errlen))
        return -1;
    return n_done ? store_pool_rate(t->db, t->tid, t->m.game, t->m.options, err, errlen) : 0;
}

/* The tournament's plan and its schedule: 0, or 1 when there is none -- or
 * none that can be used (empty, garbled, no schedule): then, warned about,
 * the tournament is rebuilt as one without a plan, from its logs alone, which
 * hold every finished match with its entrants; one bad file must not cost
 * the other tournaments their rebuild. */
static int read_plan(rb_tour *t)
{
    char why[1024], e2[1024];
    int rc = manifest_read(t->tdir, &t->m, why, sizeof why);
    if (rc == 0 && !is_sprt(t) &&
        schedule_make(&t->plan, format_is(t->m.format, FORMAT_GAUNTLET), t->m.n, t->m.players,
                      t->m.rounds, t->m.all_seat_orders, t->m.seed, e2, sizeof e2)) {
        snprintf(why, sizeof why, "%s/" MANIFEST_FILE ": no schedule: %s", t->tdir, e2);
        rc = -1;
    }
    if (rc >= 0) return rc;
    fprintf(t->warn,
            "arena rebuild: %s; rebuilding %s from its logs alone (entrants as they appear; it "
            "cannot be resumed)\n",
            why, t->name);
    t->st->bad_plans++;
    manifest_free(&t->m);
    memset(&t->m, 0, sizeof t->m);
    schedule_free(&t->plan);
    return 1;
}

/* Matches lost since the tournament was stored: fewer rebuilt than the old
 * store held, or, with no old store to ask, fewer than the plan of a
 * tournament that finished (only a finished one wrote its tables). */
static void warn_short(rb_tour *t, size_t n_done)
{
    size_t had = 0;
    int64_t old_id = t->old ? store_tournament_find(t->old, t->name, NULL, 0) : 0;
    uint32_t *idx;
    if (old_id > 0 && store_finished_matches(t->old, old_id, &idx, &had, NULL, 0) == 0) {
        free(idx);
        if (n_done < had) {
            fprintf(t->warn,
                    "arena rebuild: %s: %zu matches rebuilt, the old store held %zu: the logs of "
                    "%zu are missing or damaged\n",
                    t->name, n_done, had, had - n_done);
            t->st->short_of++;
        }
        return;
    }
    char table[4400];
    struct stat sb;
    snprintf(table, sizeof table, "%s/" REPORT_TABLE_FILE, t->tdir);
    if (t->planned && !is_sprt(t) && !t->m.shards && n_done < (size_t)t->m.planned &&
        stat(table, &sb) == 0) {
        fprintf(t->warn,
                "arena rebuild: %s: %zu of its %d matches rebuilt, but it had finished (it "
                "wrote " REPORT_TABLE_FILE "): the logs of %zu are missing or damaged\n",
                t->name, n_done, t->m.planned, (size_t)t->m.planned - n_done);
        t->st->short_of++;
    }
}

static int rebuild_tournament(store *db, rb_tour *t, char *err, size_t errlen)
{
    int rc = read_plan(t);
    t->planned = rc == 0;
    if (rc == 1) { /* no plan: learn it from the logs */
        each_file(t, learn_entrants, 0, err, errlen);
        if (!t->m.game) return 0; /* no readable log: nothing to rebuild */
    }
    entrant **ep = xcalloc((size_t)t->m.n, sizeof *ep);
    for (int i = 0; i < t->m.n; i++)
        ep[i] = &t->m.entrants[i];
    entrants_label(ep, t->m.n); /* the labels the tournament gave them */
    tournament_info ti = {t->m.game,  t->m.options, t->m.seed,    t->m.rounds,
                          t->m.tc,    t->name,      t->m.planned, t->m.all_seat_orders,
                          t->m.shard, t->m.shards};
    t->db = db;
    t->tid = store_tournament_new(db, &ti, ep, t->m.n, err, errlen);
    free(ep);
    if (t->tid < 0) return -1;
    if (t->m.format && store_format_set(db, t->tid, t->m.format, err, errlen)) return -1;
    if (is_sprt(t) && store_sprt_begin(db, t->tid, &t->m.sprt, t->m.sprt_max_games, err, errlen))
        return -1;
    if (each_file(t, store_file, 1, err, errlen)) return -1;
    uint32_t *done;
    size_t n_done;
    if (store_finished_matches(db, t->tid, &done, &n_done, err, errlen)) return -1;
    free(done);
    t->st->tournaments++;
    t->st->matches += (int)n_done;
    warn_short(t, n_done);
    if (is_sprt(t)) return finish_sprt(t, n_done, err, errlen);
    if (t->m.shards) { /* a whole shard ended, unrated: rated when merged */
        shard_spec sh = {t->m.shard, t->m.shards};
        if (n_done && n_done >= shard_size(&sh, (size_t)t->m.planned))
            return store_tournament_done(db, t->tid, err, errlen);
        return 0;
    }
    /* A tournament that played its whole plan ended with a snapshot. */
    if (n_done && (int)n_done >= t->m.planned &&
        (store_pool_rate(db, t->tid, t->m.game, t->m.options, err, errlen) ||
         store_tournament_done(db, t->tid, err, errlen)))
        return -1;
    return 0;
}

/* arena.db, arena.db-wal and arena.db-shm renamed to arena.db.old-STAMP...,
 * or arena.db.old-STAMP-2... when a rebuild of the same second kept one
 * there: never over it, which would lose the damaged original. */
static int move_aside(const char *dir, rebuild_stats *st, char *err, size_t errlen)
{
    static const char *const suffix[] = {"", "-wal", "-shm"};
    char stamp[32], stem[64], from[4300], to[4400];
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
    snprintf(stem, sizeof stem, "arena.db.old-%s", stamp);
    for (int i = 0; i < 3; i++) {
        snprintf(from, sizeof from, "%s/arena.db%s", dir, suffix[i]);
        if (access(from, F_OK) != 0) continue;
        snprintf(to, sizeof to, "%s/%s%s", dir, stem, suffix[i]);
        int rc = rundir_rename_new(from, to);
        /* the store itself claims a free name; its -wal and -shm follow it */
        for (int k = 2; i == 0 && rc != 0 && errno == EEXIST && k < 1000; k++) {
            snprintf(stem, sizeof stem, "arena.db.old-%s-%d", stamp, k);
            snprintf(to, sizeof to, "%s/%s", dir, stem);
            rc = rundir_rename_new(from, to);
        }
        if (rc != 0)
            return arena_errf(err, errlen, "cannot move %s aside to %s: %s", from, to,
                              strerror(errno));
        if (i == 0) snprintf(st->moved_aside, sizeof st->moved_aside, "%s", to);
    }
    return 0;
}

static void remove_tmp(const char *tmp)
{
    static const char *const files[] = {"arena.db", "arena.db-wal", "arena.db-shm"};
    char path[4300];
    for (int i = 0; i < 3; i++) {
        snprintf(path, sizeof path, "%s/%s", tmp, files[i]);
        unlink(path);
    }
    rmdir(tmp);
}

/* Closes the first n run-directory locks (and frees the array). */
static void unlock_all(int *locks, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (locks[i] >= 0) close(locks[i]);
    free(locks);
}

int rebuild_store(const char *dir, FILE *warn, rebuild_stats *st, char *err, size_t errlen)
{
    memset(st, 0, sizeof *st);
    if (rundir_exists(dir, err, errlen)) return -1;
    char **names;
    size_t n;
    if (list_sorted(dir, is_tournament, &names, &n))
        return arena_errf(err, errlen, "%s: %s", dir, strerror(errno));
    /* No tournament is played while its store is made again: the store
     * would be moved from under it, its later matches stored in the copy
     * set aside. Each run directory's lock (rundir.h) is held to the end,
     * which also keeps a --resume from starting meanwhile. */
    int *locks = xcalloc(n ? n : 1, sizeof *locks);
    char tmp[4300], path[4300];
    for (size_t i = 0; i < n; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        if ((locks[i] = rundir_lock(path, err, errlen)) < 0) {
            unlock_all(locks, i);
            free_list(names, n);
            return -1;
        }
    }
    snprintf(tmp, sizeof tmp, "%s/.rebuild-XXXXXX", dir);
    if (!mkdtemp(tmp)) {
        unlock_all(locks, n);
        free_list(names, n);
        return arena_errf(err, errlen, "%s: cannot create a directory: %s", dir, strerror(errno));
    }
    store *db = store_open(tmp, err, errlen);
    int rc = db ? 0 : -1;
    /* what the old store holds, to tell matches whose logs are lost; a
     * damaged or missing one is simply not asked */
    char ignored[1024];
    snprintf(path, sizeof path, "%s/arena.db", dir);
    store *old = access(path, F_OK) == 0 ? store_open_read(dir, ignored, sizeof ignored) : NULL;
    for (size_t i = 0; i < n && rc == 0; i++) {
        rb_tour t = {.results = dir, .name = names[i], .warn = warn, .st = st, .old = old};
        snprintf(t.tdir, sizeof t.tdir, "%s/%s", dir, names[i]);
        rc = rebuild_tournament(db, &t, err, errlen);
        manifest_free(&t.m);
        schedule_free(&t.plan);
        rebuild_sprt_free(&t.sprt);
    }
    free_list(names, n);
    store_close(old);
    store_close(db); /* the last connection: checkpoints and removes the WAL */
    char built[4400];
    snprintf(built, sizeof built, "%s/arena.db", tmp);
    if (rc == 0) rc = move_aside(dir, st, err, errlen);
    if (rc == 0 && rename(built, path) != 0)
        rc = arena_errf(err, errlen, "cannot move %s to %s: %s", built, path, strerror(errno));
    remove_tmp(tmp);
    unlock_all(locks, n);
    return rc;
}
