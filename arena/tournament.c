/* tournament.c -- plays a schedule with worker threads, logs and stores every
 * match as soon as it ends, then writes the rating tables. */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "arena/sdk.h"
#include "commit.h"
#include "interrupt.h"
#include "match.h"
#include "matchlog.h"
#include "outcome.h"
#include "progress.h"
#include "ratings.h"
#include "report.h"
#include "schedule.h"
#include "session.h"
#include "shard.h"
#include "store.h"
#include "tally.h"
#include "timectl.h"
#include "tournament.h"

/* A forfeit, kept for the list printed with the table. */
typedef struct forfeit_note {
    uint32_t index;
    int entrant, end;
    char detail[160];
} forfeit_note;

typedef struct tour {
    const tournament_opts *o;
    session s;
    store *db;
    int64_t tid;
    char dir[1024];    /* results/<name> */
    char dir_rel[256]; /* <name>, relative to the results directory */
    schedule_item *items;
    size_t n_items;
    tally results;          /* pairwise results so far: memory grows with pairs, not matches */
    forfeit_note *forfeits; /* the forfeits, for the list under the table */
    size_t n_forfeits, cap_forfeits;
    char *finished;       /* per match index: already stored (--resume) */
    pthread_mutex_t lock; /* guards next, results, forfeits, progress */
    size_t next;
    size_t done;
    int failed; /* storage failure: stop scheduling */
    progress prog;
    committer commit;
    arena_time_control tc; /* as given, or as stored when resuming */
    uint64_t seed;
    int was_finished; /* --resume of a tournament that had finished: no new snapshot */
    shard_spec shard; /* the part this run plays (count 0: the whole) */
} tour;

static int make_dir(const char *path, char *err, size_t errlen)
{
    if (mkdir(path, 0755) == 0 || errno == EEXIST) return 0;
    snprintf(err, errlen, "%s: cannot create directory: %s", path, strerror(errno));
    return -1;
}

/* results/<date>-<time>-<game>[-k]: readable, sortable, unique. */
static int make_tournament_dir(tour *t, char *err, size_t errlen)
{
    if (make_dir(t->o->out_dir, err, errlen)) return -1;
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    char stamp[64];
    strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
    for (int k = 1; k < 1000; k++) {
        if (k == 1)
            snprintf(t->dir_rel, sizeof t->dir_rel, "%s-%s", stamp, t->s.name);
        else
            snprintf(t->dir_rel, sizeof t->dir_rel, "%s-%s-%d", stamp, t->s.name, k);
        snprintf(t->dir, sizeof t->dir, "%s/%s", t->o->out_dir, t->dir_rel);
        if (mkdir(t->dir, 0755) == 0) {
            char m[1100];
            snprintf(m, sizeof m, "%s/matches", t->dir);
            return make_dir(m, err, errlen);
        }
        if (errno != EEXIST) break;
    }
    snprintf(err, errlen, "%s: cannot create a tournament directory: %s", t->dir, strerror(errno));
    return -1;
}

static void fill_spec(tour *t, const schedule_item *it, match_spec *ms)
{
    memset(ms, 0, sizeof *ms);
    ms->lr = t->s.lr;
    ms->game = t->s.game;
    ms->options = t->s.options;
    ms->num_players = it->num_players;
    for (int i = 0; i < it->num_players; i++) {
        ms->seat[i] = t->s.entrants[it->seat[i]];
        ms->seat_entrant[i] = it->seat[i];
    }
    ms->seed = it->seed;
    ms->index = it->index;
    ms->tournament = t->dir_rel;
    ms->tc = t->tc;
    ms->margin_us = t->o->margin_us;
}

/* Counts a finished match in the tournament's results (caller holds the lock
 * or runs alone). */
static void count_match(tour *t, const match_record *rec)
{
    tally_add(&t->results, rec);
    if (rec->end == 0 || rec->culprit < 0) return;
    if (t->n_forfeits == t->cap_forfeits) {
        size_t cap = t->cap_forfeits ? t->cap_forfeits * 2 : 16;
        forfeit_note *f = realloc(t->forfeits, cap * sizeof *f);
        if (!f) return; /* the list is informative; the results are counted */
        t->forfeits = f;
        t->cap_forfeits = cap;
    }
    forfeit_note *f = &t->forfeits[t->n_forfeits++];
    f->index = rec->index;
    f->entrant = rec->seat_entrant[rec->culprit];
    f->end = rec->end;
    snprintf(f->detail, sizeof f->detail, "%s", rec->end_detail);
}

/* The log and the row go through the group commit (commit.h): a match is
 * finished once its group is stored. */
static void record_match(tour *t, match_record *rec, Arena__MatchLog *log)
{
    int bad = !log || commit_add(&t->commit, rec, log) != 0;
    pthread_mutex_lock(&t->lock);
    if (bad) t->failed = 1;
    count_match(t, rec);
    t->done++;
    progress_match(&t->prog, rec, (const entrant *const *)t->s.entrants);
    pthread_mutex_unlock(&t->lock);
}

static void *job_thread(void *arg)
{
    tour *t = arg;
    seat_pool *pool = session_pool(&t->s);
    for (;;) {
        pthread_mutex_lock(&t->lock);
        while (!t->failed && t->next < t->n_items && t->finished[t->next])
            t->next++;
        size_t i = t->failed ? t->n_items : t->next++;
        pthread_mutex_unlock(&t->lock);
        if (i >= t->n_items) break;
        match_spec ms;
        match_record rec;
        fill_spec(t, &t->items[i], &ms);
        Arena__MatchLog *log = match_run(&ms, pool, &rec);
        record_match(t, &rec, log);
        if (log) match_log_free(log);
    }
    pool_free(pool);
    return NULL;
}

static void play_all(tour *t)
{
    int jobs = t->o->jobs > 0 ? t->o->jobs : 1;
    if ((size_t)jobs > t->n_items) jobs = (int)t->n_items;
    pthread_t th[64];
    if (jobs > 64) jobs = 64;
    for (int i = 0; i < jobs; i++)
        pthread_create(&th[i], NULL, job_thread, t);
    for (int i = 0; i < jobs; i++)
        pthread_join(th[i], NULL);
    progress_end(&t->prog);
}

static int by_index(const void *a, const void *b)
{
    uint32_t x = ((const forfeit_note *)a)->index, y = ((const forfeit_note *)b)->index;
    return x < y ? -1 : x > y;
}

static void print_forfeits(tour *t)
{
    if (t->n_forfeits) /* forfeits is NULL when there are none: qsort wants a pointer */
        qsort(t->forfeits, t->n_forfeits, sizeof *t->forfeits, by_index);
    for (size_t i = 0; i < t->n_forfeits; i++) {
        const forfeit_note *f = &t->forfeits[i];
        char how[256];
        outcome_describe(f->end, f->detail, how, sizeof how);
        if (i == 0) printf("Forfeits:\n");
        printf("  match %u: %s %s\n", f->index, t->s.entrants[f->entrant]->display, how);
    }
    if (t->n_forfeits) printf("\n");
}

static int rate_tournament(tour *t)
{
    tally *ty = &t->results;
    tally_crosstable(ty);
    rating_fit fit;
    char err[512];
    int rc = ratings_fit(t->s.n, ty->games, ty->n_games, &fit, err, sizeof err);
    if (rc == 0) {
        const char **names = malloc((size_t)t->s.n * sizeof *names);
        for (int i = 0; i < t->s.n; i++)
            names[i] = t->s.entrants[i]->display;
        char title[2600];
        snprintf(title, sizeof title, "%s (%s), %zu games", t->s.name, t->s.options, t->done);
        report rep = {title, t->s.n, names, &fit, ty->xt_score, ty->xt_games, ty->matches};
        printf("\n");
        print_forfeits(t);
        report_print_text(stdout, &rep);
        if (report_write_files(t->dir, &rep, err, sizeof err)) {
            fprintf(stderr, "arena tournament: %s\n", err);
            rc = -1;
        }
        free(names);
        ratings_free(&fit);
    } else {
        fprintf(stderr, "arena tournament: ratings: %s\n", err);
    }
    return rc;
}

/* Refits the persistent pool of this game and options over every stored match
 * and appends the snapshot. A pool that cannot be loaded or fitted is an error
 * (-1, message printed): the snapshot is never silently skipped. */
static int rate_pool(tour *t)
{
    pool_data pd;
    rating_fit fit;
    char err[512];
    int rc = -1;
    if (store_pool_load(t->db, t->s.name, t->s.options, &pd, err, sizeof err)) {
        fprintf(stderr, "arena tournament: rating pool: %s\n", err);
        return -1;
    }
    if (ratings_fit(pd.n_bots, pd.games, pd.n_games, &fit, err, sizeof err) == 0) {
        rc = store_rating_snapshot(t->db, t->tid, t->s.name, t->s.options, &pd, &fit, err,
                                   sizeof err);
        if (rc) fprintf(stderr, "arena tournament: rating pool: %s\n", err);
        ratings_free(&fit);
    } else {
        fprintf(stderr, "arena tournament: rating pool %s (%s): %s\n", t->s.name, t->s.options,
                err);
    }
    store_pool_free(&pd);
    return rc;
}

static int open_storage(tour *t, char *err, size_t errlen)
{
    t->db = store_open(t->o->out_dir, err, errlen);
    if (!t->db) return -1;
    for (int i = 0; i < t->s.n; i++)
        if (store_bot(t->db, t->s.entrants[i], err, errlen)) return -1;
    if (make_tournament_dir(t, err, errlen)) return -1;
    tournament_info ti = {t->s.name,
                          t->s.options,
                          t->o->seed,
                          t->o->rounds,
                          t->o->tc_text ? t->o->tc_text : "",
                          t->dir_rel,
                          (int)t->n_items,
                          t->shard.index,
                          t->shard.count};
    t->tid = store_tournament_new(t->db, &ti, t->s.entrants, t->s.n, err, errlen);
    return t->tid > 0 ? 0 : -1;
}

static int make_schedule(tour *t, int rounds, int all_orders, uint64_t seed, char *err,
                         size_t errlen)
{
    int k = t->s.lr->rules->num_players(t->s.game);
    free(t->items);
    if (schedule_round_robin(t->s.n, k, rounds, all_orders, seed, &t->items, &t->n_items, err,
                             errlen))
        return -1;
    return 0;
}

static int prepare(tour *t, char *err, size_t errlen)
{
    const tournament_opts *o = t->o;
    if (session_open(&t->s, o->game_spec, o->bots, o->n_bots, &o->iso, err, errlen)) return 2;
    if (make_schedule(t, o->rounds, o->all_seat_orders, o->seed, err, errlen)) return 2;
    tally_init(&t->results, t->s.n);
    t->finished = calloc(t->n_items, 1);
    if (!t->finished) return 1;
    shard_skip_others(&t->shard, t->finished, t->n_items);
    if (open_storage(t, err, errlen)) return 1;
    return 0;
}

/* The stored settings and entrants of the tournament in o->resume. */
static int load_stored(tour *t, tournament_row *row, char *err, size_t errlen)
{
    const char *slash = strrchr(t->o->resume, '/');
    snprintf(t->dir, sizeof t->dir, "%s", t->o->resume);
    snprintf(t->dir_rel, sizeof t->dir_rel, "%s", slash ? slash + 1 : t->o->resume);
    t->db = store_open(t->o->out_dir, err, errlen);
    if (!t->db) return 1;
    t->tid = store_tournament_find(t->db, t->dir_rel, err, errlen);
    if (t->tid == 0)
        snprintf(err, errlen,
                 "--resume %s: no tournament '%s' in %s/arena.db (give the "
                 "tournament's directory inside --out)",
                 t->o->resume, t->dir_rel, t->o->out_dir);
    if (t->tid <= 0) return 2;
    return store_tournament_get(t->db, t->tid, row, err, errlen) ? 1 : 0;
}

/* The same bots as when the tournament started (a rebuilt .so is another bot). */
static int check_same_bots(tour *t, const tournament_row *row, char *err, size_t errlen)
{
    for (int i = 0; i < t->s.n; i++)
        if (strcmp(t->s.entrants[i]->sha256, row->sha256[i]) != 0) {
            snprintf(err, errlen,
                     "--resume: %s changed since the tournament started "
                     "(SHA-256 differs); start a new tournament instead",
                     row->paths[i]);
            return -1;
        }
    return 0;
}

/* Rebuilds the schedule (its seat orders are told by the planned count) and
 * marks the stored matches as played. */
static int restore_results(tour *t, const tournament_row *row, char *err, size_t errlen)
{
    if (make_schedule(t, row->rounds, 0, row->seed, err, errlen)) return -1;
    if ((int)t->n_items != row->planned && make_schedule(t, row->rounds, 1, row->seed, err, errlen))
        return -1;
    if ((int)t->n_items != row->planned) {
        snprintf(err, errlen, "--resume: cannot rebuild the schedule of %d matches", row->planned);
        return -1;
    }
    tally_init(&t->results, t->s.n);
    t->finished = calloc(t->n_items, 1);
    match_record *stored;
    size_t n;
    if (store_tournament_results(t->db, t->tid, &stored, &n, err, errlen)) return -1;
    for (size_t i = 0; i < n; i++) {
        if (stored[i].index >= t->n_items) continue;
        const schedule_item *it = &t->items[stored[i].index];
        for (int p = 0; p < it->num_players; p++)
            stored[i].seat_entrant[p] = it->seat[p];
        count_match(t, &stored[i]);
        t->finished[stored[i].index] = 1;
        t->done++;
    }
    free(stored);
    commit_sweep(t->o->out_dir, t->dir_rel, t->finished, t->n_items);
    return 0;
}

static int prepare_resume(tour *t, arena_time_control *tc, char *err, size_t errlen)
{
    tournament_row row;
    int rc = load_stored(t, &row, err, errlen);
    if (rc) return rc;
    char spec[4096];
    snprintf(spec, sizeof spec, "%s:%s", row.game, row.options);
    rc = 2;
    if (timectl_parse(row.tc, tc)) {
        snprintf(err, errlen, "--resume: stored time control '%s' unreadable", row.tc);
    } else if (session_open(&t->s, spec, (const char *const *)row.paths, row.n_entrants, &t->o->iso,
                            err, errlen) == 0 &&
               check_same_bots(t, &row, err, errlen) == 0 &&
               restore_results(t, &row, err, errlen) == 0) {
        t->seed = row.seed;
        t->was_finished = row.finished;
        t->shard = (shard_spec){row.shard, row.shards};
        shard_skip_others(&t->shard, t->finished, t->n_items);
        rc = 0;
    }
    store_tournament_row_free(&row);
    return rc;
}

/* The exact command that finishes this tournament: its directory, and the
 * options that are not stored with it (how bots run, -j, the margin). */
static void resume_command(const tour *t, char *out, size_t len)
{
    const tournament_opts *o = t->o;
    int n = snprintf(out, len, "arena tournament --resume '%s'", t->dir);
    if (strchr(t->dir, '\'') == NULL &&
        strcspn(t->dir, " \t\"$`\\!*?[]()<>|&;#~") == strlen(t->dir))
        n = snprintf(out, len, "arena tournament --resume %s", t->dir);
    if (o->jobs != 1 && n > 0 && (size_t)n < len)
        n += snprintf(out + n, len - (size_t)n, " -j %d", o->jobs);
    if (o->iso.kind == SEAT_INLINE && n > 0 && (size_t)n < len)
        n += snprintf(out + n, len - (size_t)n, " --isolation inline");
    if (!o->iso.sandbox && n > 0 && (size_t)n < len)
        n += snprintf(out + n, len - (size_t)n, " --sandbox off");
    if (o->iso.mem_limit_mb != 1024 && n > 0 && (size_t)n < len)
        n += snprintf(out + n, len - (size_t)n, " --mem %lld", (long long)o->iso.mem_limit_mb);
    if (o->margin_us != 50000 && n > 0 && (size_t)n < len)
        snprintf(out + n, len - (size_t)n, " --margin %lld", (long long)(o->margin_us / 1000));
}

/* The end of a shard: no table (a part of a round robin rates nothing), the
 * count, and what to do with it. */
static void shard_summary(const tour *t, size_t n_play)
{
    char sh[32];
    shard_format(&t->shard, sh, sizeof sh);
    printf("\nShard %s: %zu of its %zu matches (of %zu in the tournament) stored in %s/\n", sh,
           t->done, n_play, t->n_items, t->dir);
    if (t->done < n_play)
        printf("Missing matches: arena tournament --resume %s\n", t->dir);
    else
        printf("When every shard is done: arena merge SHARD_DIR... --out RESULTS\n");
}

int tournament_run(const tournament_opts *o)
{
    tour t = {.o = o, .shard = o->shard};
    pthread_mutex_init(&t.lock, NULL);
    char err[1024];
    t.tc = o->tc;
    t.seed = o->seed;
    int rc = o->resume ? prepare_resume(&t, &t.tc, err, sizeof err) : prepare(&t, err, sizeof err);
    if (rc == 0 && commit_init(&t.commit, t.db, t.tid, o->out_dir, t.dir_rel, err, sizeof err))
        rc = 1;
    size_t n_play = shard_size(&t.shard, t.n_items); /* the matches this run answers for */
    if (rc == 0) {
        progress_begin(&t.prog, o->progress, n_play - t.done, o->jobs);
        fprintf(stderr, "Tournament %s: %s (%s), %d bots, %zu matches, seed %llu, -j %d\n",
                t.dir_rel, t.s.name, t.s.options, t.s.n, t.n_items, (unsigned long long)t.seed,
                o->jobs);
        if (t.shard.count)
            fprintf(stderr, "Shard %d/%d: %zu of the %zu matches\n", t.shard.index, t.shard.count,
                    n_play, t.n_items);
        if (o->resume)
            fprintf(stderr, "Resuming: %zu of %zu matches already played\n", t.done, n_play);
        interrupt_info intr = {.commit = &t.commit, .stored_before = t.done, .planned = n_play};
        resume_command(&t, intr.resume_cmd, sizeof intr.resume_cmd);
        int armed = interrupt_arm(&intr) == 0;
        play_all(&t);
        int flushed = commit_flush(&t.commit);
        if (armed) interrupt_disarm(); /* from here on nothing is lost by a kill */
        if (flushed || t.failed) {
            fprintf(stderr, "arena tournament: storing matches: %s\n",
                    t.commit.err[0] ? t.commit.err : "failed");
            t.failed = 1;
        }
        if (t.shard.count) { /* rated when merged (arena merge) */
            shard_summary(&t, n_play);
        } else {
            if (rate_tournament(&t)) rc = 1;
            if (!t.was_finished && rate_pool(&t)) rc = 1;
        }
        if (!t.was_finished && store_tournament_done(t.db, t.tid, err, sizeof err)) {
            fprintf(stderr, "arena tournament: %s\n", err);
            rc = 1;
        }
        if (t.failed) rc = 1;
        if (!t.shard.count)
            printf("\nResults: %s/ (ratings.txt, ratings.md, ratings.csv, ratings.json, "
                   "crosstable.txt, matches/)\n",
                   t.dir);
    } else {
        fprintf(stderr, "arena tournament: %s\n", err);
    }
    commit_free(&t.commit);
    if (t.db) store_close(t.db);
    free(t.items);
    tally_free(&t.results);
    free(t.forfeits);
    free(t.finished);
    session_close(&t.s);
    pthread_mutex_destroy(&t.lock);
    return rc;
}
