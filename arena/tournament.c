/* tournament.c -- plays a schedule with worker threads, logs and stores every
 * match as soon as it ends, then writes the rating tables. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arena/module_kit.h"
#include "arena/sdk.h"
#include "botspec.h"
#include "cli_cmds.h"
#include "commit.h"
#include "interrupt.h"
#include "loader.h"
#include "manifest.h"
#include "match.h"
#include "matchlog.h"
#include "outcome.h"
#include "progress.h"
#include "ratings.h"
#include "rebuild.h"
#include "report.h"
#include "report_html.h"
#include "report_build.h"
#include "rundir.h"
#include "schedule.h"
#include "session.h"
#include "shard.h"
#include "store.h"
#include "store_sprt.h"
#include "tally.h"
#include "timectl.h"
#include "tournament.h"
#include "remote_hosts.h"
#include "sandbox.h"
#include "xalloc.h"

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
    schedule plan;
    tally results;          /* pairwise results so far: memory grows with pairs, not matches */
    forfeit_note *forfeits; /* the forfeits, for the list under the table */
    size_t n_forfeits, cap_forfeits;
    char *finished;       /* per match index: already stored (--resume) */
    pthread_mutex_t lock; /* guards next, results, forfeits, progress */
    size_t next;
    size_t done;
    int failed; /* storage failure: stop scheduling */
    char machine_failed[300]; /* this machine could not seat a bot (seat.h): stop, say why */
    progress prog;
    committer commit;
    arena_time_control tc; /* as given, or as stored when resuming */
    uint64_t seed;
    int was_finished; /* --resume of a tournament that had finished: no new snapshot */
    int gauntlet;     /* as given, or as stored when resuming */
    int anchor;       /* the entrant whose rating --anchor fixes, or -1 */
    shard_spec shard; /* the part this run plays (count 0: the whole) */
    int lock_fd;      /* rundir_lock of dir, held to the end; -1 before */
} tour;

/* results/<date>-<time>-<game>[-k] (rundir.h), locked for the run. */
static int make_tournament_dir(tour *t, char *err, size_t errlen)
{
    t->lock_fd = rundir_make(t->o->out_dir, t->s.name, t->dir_rel, sizeof t->dir_rel, t->dir,
                             sizeof t->dir, err, errlen);
    return t->lock_fd < 0 ? -1 : 0;
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
    if (!outcome_is_forfeit(rec->end) || rec->culprit < 0) return;
    if (t->n_forfeits == t->cap_forfeits) {
        size_t cap = t->cap_forfeits ? t->cap_forfeits * 2 : 16;
        t->forfeits = xrealloc(t->forfeits, cap * sizeof *t->forfeits);
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

/* A match void because this machine could not build a bot's jail (out of
 * memory or processes, say): no bot's doing, and playing on would void the
 * next ones too. The tournament stops as after a store failure, the match
 * unrecorded. */
static void machine_failed(tour *t, const match_record *rec)
{
    pthread_mutex_lock(&t->lock);
    if (!t->machine_failed[0])
        snprintf(t->machine_failed, sizeof t->machine_failed, "match %u: %s", rec->index,
                 rec->end_detail);
    t->failed = 1;
    pthread_mutex_unlock(&t->lock);
}

static void *job_thread(void *arg)
{
    tour *t = arg;
    seat_pool *pool = t->o->remote ? pool_new(remote_pool_open, t->o->remote) : session_pool(&t->s);
    for (;;) {
        pthread_mutex_lock(&t->lock);
        while (!t->failed && t->next < t->plan.count && t->finished[t->next])
            t->next++;
        size_t i = t->failed ? t->plan.count : t->next++;
        pthread_mutex_unlock(&t->lock);
        if (i >= t->plan.count) break;
        match_spec ms;
        match_record rec;
        schedule_item it;
        schedule_at(&t->plan, i, &it);
        fill_spec(t, &it, &ms);
        /* a match whose seat host was lost is not the bots' doing: played
         * again, recorded once */
        Arena__MatchLog *log = remote_match_run(t->o->remote, &ms, pool, &rec);
        if (rec.host_lost && !t->o->remote)
            machine_failed(t, &rec); /* nothing recorded: --resume plays it */
        else
            record_match(t, &rec, log);
        if (log) match_log_free(log);
    }
    pool_free(pool);
    return NULL;
}

static void play_all(tour *t)
{
    int jobs = t->o->jobs > 0 ? t->o->jobs : 1;
    if ((size_t)jobs > t->plan.count) jobs = (int)t->plan.count;
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
        char how[512];
        outcome_blame(f->end, t->s.entrants[f->entrant]->display, f->detail, how, sizeof how);
        if (i == 0) printf("Forfeits:\n");
        printf("  match %u: %s\n", f->index, how);
    }
    if (t->n_forfeits) printf("\n");
}

static int rate_tournament(tour *t)
{
    tally *ty = &t->results;
    char err[512];
    const char **names = xcalloc((size_t)t->s.n, sizeof *names);
    for (int i = 0; i < t->s.n; i++)
        names[i] = t->s.entrants[i]->display;
    char *title = xasprintf("%s (%s), %zu games", t->s.name, t->s.options, t->done);
    report_built b;
    int rc = report_build(&b, title, t->s.n, names, ty->games, ty->n_games, ty->matches, err,
                          sizeof err);
    free(title);
    if (rc == 0 && t->anchor >= 0 &&
        ratings_anchor(&b.fit, t->anchor, t->o->anchor_elo, err, sizeof err)) {
        report_built_free(&b);
        rc = -1;
    }
    if (rc == 0) {
        printf("\n");
        print_forfeits(t);
        report_print_text(stdout, &b.rep);
        if (report_write_files(t->dir, &b.rep, err, sizeof err)) {
            fprintf(stderr, "arena tournament: %s\n", err);
            rc = -1;
        }
        report_built_free(&b);
    } else {
        fprintf(stderr, "arena tournament: ratings: %s\n", err);
    }
    free(names);
    return rc;
}

/* Refits the persistent pool of this game and options over every stored match
 * and appends the snapshot; only after every match was stored. A pool that
 * cannot be loaded or fitted is an error (-1, message printed): the snapshot
 * is never silently skipped. This run's matches come from its tally, not read
 * back, when the tally is exactly what is stored: none from an earlier run (a
 * resume restores the stored ones by its schedule, and such a store may
 * predate the entrants of its seats). */
static int rate_pool(tour *t)
{
    char err[1024];
    pool_own own = {t->tid, t->s.n, t->results.matches, t->results.games, t->results.n_games};
    int rc = t->o->resume
                 ? store_pool_rate(t->db, t->tid, t->s.name, t->s.options, err, sizeof err)
                 : store_pool_rate_own(t->db, t->s.name, t->s.options, &own, err, sizeof err);
    if (rc == 0) return 0;
    fprintf(stderr, "arena tournament: rating pool: %s\n", err);
    return -1;
}

/* tournament.txt in the tournament's directory: its plan, which `arena
 * rebuild` reads with the match logs. */
static int write_manifest(tour *t, const tournament_info *ti, char *err, size_t errlen)
{
    entrant *e = xcalloc((size_t)t->s.n, sizeof *e);
    for (int i = 0; i < t->s.n; i++)
        e[i] = *t->s.entrants[i]; /* shallow: only read */
    manifest m = {.game = (char *)ti->game,
                  .options = (char *)ti->options,
                  .tc = (char *)ti->tc,
                  .seed = ti->seed,
                  .rounds = ti->rounds,
                  .planned = ti->planned,
                  .players = t->s.lr->rules->num_players(t->s.game),
                  .all_seat_orders = ti->all_seat_orders,
                  .n = t->s.n,
                  .entrants = e,
                  .format = t->gauntlet ? (char *)FORMAT_GAUNTLET : NULL,
                  .shard = ti->shard,
                  .shards = ti->shards};
    /* synced by the committer beside the first games (commit.h) */
    int rc = manifest_write_unsynced(t->dir, &m, err, errlen);
    free(e);
    return rc;
}

/* A store missing or empty beside tournaments of its own (deleted, cut to
 * nothing by a full disk): a new store now would leave them out of every
 * rating until a rebuild, so say so before it is made. (A store in WAL mode
 * may be empty with its pages in arena.db-wal: not empty then.) */
static void warn_lost_store(const char *out_dir)
{
    char db[4200], wal[4200];
    struct stat sb;
    snprintf(db, sizeof db, "%s/arena.db", out_dir);
    snprintf(wal, sizeof wal, "%s-wal", db);
    int missing = stat(db, &sb) != 0;
    if (!missing && (sb.st_size > 0 || (stat(wal, &sb) == 0 && sb.st_size > 0))) return;
    int n = rebuild_count_tournaments(out_dir);
    if (n > 0)
        fprintf(stderr,
                "arena tournament: warning: the store %s is %s but %d tournament "
                "directories are here: run `arena rebuild --out %s` first, or their matches "
                "are left out of the ratings\n",
                db, missing ? "missing" : "empty", n, out_dir);
}

static int open_storage(tour *t, char *err, size_t errlen)
{
    warn_lost_store(t->o->out_dir);
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
                          (int)t->plan.count,
                          t->o->all_seat_orders,
                          t->shard.index,
                          t->shard.count};
    if (write_manifest(t, &ti, err, errlen)) return -1;
    t->tid = store_tournament_new(t->db, &ti, t->s.entrants, t->s.n, err, errlen);
    if (t->tid > 0 && t->gauntlet && store_format_set(t->db, t->tid, FORMAT_GAUNTLET, err, errlen))
        return -1;
    return t->tid > 0 ? 0 : -1;
}

static int make_schedule(tour *t, int rounds, int all_orders, uint64_t seed, char *err,
                         size_t errlen)
{
    int k = t->s.lr->rules->num_players(t->s.game);
    if (t->s.n < k) /* the wording of arena match's count check */
        return arena_errf(err, errlen,
                          "%s (%s) needs %d bots at a table, %d given (a bot may be given "
                          "more than once)",
                          t->s.name, t->s.options, k, t->s.n);
    schedule_free(&t->plan);
    if (schedule_make(&t->plan, t->gauntlet, t->s.n, k, rounds, all_orders, seed, err, errlen))
        return -1;
    return 0;
}

/* --anchor names an entrant as the tables will (checked before anything is
 * stored or played). */
static int find_anchor(tour *t, char *err, size_t errlen)
{
    if (!t->o->anchor) return 0;
    const char **names = xcalloc((size_t)t->s.n, sizeof *names);
    for (int i = 0; i < t->s.n; i++)
        names[i] = t->s.entrants[i]->display;
    t->anchor = cli_anchor_find(t->o->anchor, names, t->s.n, err, errlen);
    free(names);
    return t->anchor < 0 ? -1 : 0;
}

static tournament_result prepare(tour *t, char *err, size_t errlen)
{
    const tournament_opts *o = t->o;
    if (session_open(&t->s, o->game_spec, o->bots, o->n_bots, &o->iso, err, errlen))
        return TOURNAMENT_BAD_INPUT;
    if (o->remote && remote_prepare_entrants(t->s.entrants, t->s.n, err, errlen))
        return TOURNAMENT_BAD_INPUT;
    if (find_anchor(t, err, errlen)) return TOURNAMENT_BAD_INPUT;
    if (manifest_entrants_fit(t->s.entrants, t->s.n, err, errlen)) return TOURNAMENT_BAD_INPUT;
    if (make_schedule(t, o->rounds, o->all_seat_orders, o->seed, err, errlen))
        return TOURNAMENT_BAD_INPUT;
    tally_init(&t->results, t->s.n);
    t->finished = xcalloc(t->plan.count, 1);
    shard_skip_others(&t->shard, t->finished, t->plan.count);
    if (rundir_out(o->out_dir, err, errlen)) return TOURNAMENT_BAD_INPUT;
    if (open_storage(t, err, errlen)) return TOURNAMENT_FAILED;
    return TOURNAMENT_OK;
}

/* The stored settings and entrants of the tournament in o->resume. */
static tournament_result load_stored(tour *t, tournament_row *row, char *err, size_t errlen)
{
    rundir_loc at;
    rundir_split(t->o->resume, &at);
    snprintf(t->dir, sizeof t->dir, "%s", at.dir);
    snprintf(t->dir_rel, sizeof t->dir_rel, "%s", at.name);
    /* before anything is read or swept (restore_results): an arena still
     * playing it would lose the segments it is about to commit */
    if ((t->lock_fd = rundir_lock(t->dir, err, errlen)) < 0) return TOURNAMENT_FAILED;
    t->db = store_open(t->o->out_dir, err, errlen);
    if (!t->db) return TOURNAMENT_FAILED;
    t->tid = store_tournament_find(t->db, t->dir_rel, err, errlen);
    manifest m;
    if (t->tid == 0 && manifest_read(t->dir, &m, err, errlen) == 0) {
        /* its plan was written, its row not: stopped at its very start */
        manifest_free(&m);
        snprintf(err, errlen,
                 "--resume %s: %s/arena.db has no tournament '%s': it was stopped before it "
                 "was stored (or the store was made without it); run `arena rebuild --out %s` "
                 "to store it from its plan and logs, then --resume it, or start it again",
                 t->o->resume, t->o->out_dir, t->dir_rel, t->o->out_dir);
    } else if (t->tid == 0) {
        snprintf(err, errlen,
                 "--resume %s: no tournament '%s' in %s/arena.db (give the "
                 "tournament's directory inside --out)",
                 t->o->resume, t->dir_rel, t->o->out_dir);
    }
    if (t->tid <= 0) return TOURNAMENT_BAD_INPUT;
    return store_tournament_get(t->db, t->tid, row, err, errlen) ? TOURNAMENT_FAILED
                                                                 : TOURNAMENT_OK;
}

/* The refusal of a bot that is not the one entered: a rebuilt .so is
 * another bot. */
static int bot_changed(const char *file, char *err, size_t errlen)
{
    snprintf(err, errlen,
             "--resume: %s changed since the tournament started "
             "(SHA-256 differs); start a new tournament instead",
             file);
    return -1;
}

/* Before any bot runs: each entrant's file is the one this tournament was
 * given (its stored path, store_entrants_read, not where the same bot was
 * first seen), still there with the stored SHA-256. */
static int check_bot_files(const tournament_row *row, char *err, size_t errlen)
{
    for (int i = 0; i < row->n_entrants; i++) {
        char file[4096], options[2048], sha[65], why[1024];
        if (botspec_split(row->paths[i], file, sizeof file, options, sizeof options, err, errlen))
            return -1;
        if (loader_sha256_file(file, sha, why, sizeof why)) {
            snprintf(err, errlen,
                     "--resume: %s (a bot the tournament started with); put it back or "
                     "start a new tournament instead",
                     why);
            return -1;
        }
        if (strcmp(sha, row->sha256[i]) != 0) return bot_changed(file, err, errlen);
    }
    return 0;
}

/* The bots as loaded are those stored too: a file replaced since
 * check_bot_files hashed it is refused all the same. */
static int check_same_bots(tour *t, const tournament_row *row, char *err, size_t errlen)
{
    for (int i = 0; i < t->s.n; i++)
        if (strcmp(t->s.entrants[i]->sha256, row->sha256[i]) != 0)
            return bot_changed(t->s.entrants[i]->path, err, errlen);
    return 0;
}

/* Rebuilds the schedule from the stored settings (seat orders stored since
 * schema 3; an older tournament's are told by its planned count) and marks the
 * stored matches as played. A stored match says who sat where (schema 2):
 * that must be what the schedule says, or the store and the schedule are not
 * of one tournament. */
static int restore_results(tour *t, const tournament_row *row, char *err, size_t errlen)
{
    int orders = row->seat_orders >= 0 ? row->seat_orders : 0;
    if (make_schedule(t, row->rounds, orders, row->seed, err, errlen)) return -1;
    if (row->seat_orders < 0 && (int)t->plan.count != row->planned &&
        make_schedule(t, row->rounds, 1, row->seed, err, errlen))
        return -1;
    if ((int)t->plan.count != row->planned) {
        snprintf(err, errlen, "--resume: cannot rebuild the schedule of %d matches", row->planned);
        return -1;
    }
    tally_init(&t->results, t->s.n);
    t->finished = xcalloc(t->plan.count, 1);
    match_record *stored;
    size_t n;
    if (store_tournament_results(t->db, t->tid, &stored, &n, err, errlen)) return -1;
    int rc = 0;
    for (size_t i = 0; i < n && rc == 0; i++) {
        if (stored[i].index >= t->plan.count) continue;
        schedule_item it;
        schedule_at(&t->plan, stored[i].index, &it);
        for (int p = 0; p < it.num_players && rc == 0; p++) {
            if (stored[i].seat_entrant[p] >= 0 && stored[i].seat_entrant[p] != it.seat[p]) {
                snprintf(err, errlen,
                         "--resume: stored match %u seats entrant %d in seat %d, its schedule "
                         "entrant %d (damaged store?)",
                         stored[i].index, stored[i].seat_entrant[p], p, it.seat[p]);
                rc = -1;
            }
            stored[i].seat_entrant[p] = it.seat[p];
        }
        if (rc) break;
        count_match(t, &stored[i]);
        t->finished[stored[i].index] = 1;
        t->done++;
    }
    free(stored);
    if (rc == 0) commit_sweep(t->o->out_dir, t->dir_rel, t->finished, t->plan.count);
    return rc;
}

/* A resumed tournament keeps its format; an SPRT is not a tournament to finish. */
static int tournament_format(tour *t, const tournament_row *row, char *err, size_t errlen)
{
    char format[32];
    if (store_format_get(t->db, row->id, format, sizeof format, err, errlen)) return -1;
    if (format_is(format, FORMAT_SPRT)) {
        snprintf(err, errlen, "--resume %s: this is an SPRT (arena sprt), not a tournament",
                 t->o->resume);
        return -1;
    }
    t->gauntlet = format_is(format, FORMAT_GAUNTLET);
    return 0;
}

static tournament_result prepare_resume(tour *t, arena_time_control *tc, char *err, size_t errlen)
{
    tournament_row row;
    tournament_result rc = load_stored(t, &row, err, errlen);
    if (rc) return rc;
    if (tournament_format(t, &row, err, errlen)) {
        store_tournament_row_free(&row);
        return TOURNAMENT_BAD_INPUT;
    }
    char spec[4096];
    snprintf(spec, sizeof spec, "%s:%s", row.game, row.options);
    rc = TOURNAMENT_BAD_INPUT;
    if (timectl_parse(row.tc, tc)) {
        snprintf(err, errlen, "--resume: stored time control '%s' unreadable", row.tc);
    } else if (check_bot_files(&row, err, errlen) == 0 &&
               session_open(&t->s, spec, (const char *const *)row.paths, row.n_entrants, &t->o->iso,
                            err, errlen) == 0 &&
               check_same_bots(t, &row, err, errlen) == 0 &&
               (!t->o->remote ||
                remote_prepare_entrants(t->s.entrants, t->s.n, err, errlen) == 0) &&
               find_anchor(t, err, errlen) == 0 && restore_results(t, &row, err, errlen) == 0) {
        t->seed = row.seed;
        t->shard = (shard_spec){row.shard, row.shards};
        shard_skip_others(&t->shard, t->finished, t->plan.count);
        /* finished with nothing left to play: before 2026-12 a run whose
         * store failed was marked finished with its matches missing */
        size_t left = 0;
        for (size_t i = 0; i < t->plan.count; i++)
            left += !t->finished[i];
        t->was_finished = row.finished && left == 0;
        rc = TOURNAMENT_OK;
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
    if (o->iso.sandbox != SANDBOX_JAIL && n > 0 && (size_t)n < len)
        n +=
            snprintf(out + n, len - (size_t)n, " --sandbox %s", sandbox_level_name(o->iso.sandbox));
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
           t->done, n_play, t->plan.count, t->dir);
    if (t->done < n_play)
        printf("Missing matches: arena tournament --resume %s\n", t->dir);
    else
        printf("When every shard is done: arena merge SHARD_DIR... --out RESULTS\n");
}

/* The end of a run whose every match is stored: the tables and the pool's
 * snapshot (a shard's wait for the merge), the finished mark, the report.
 * -1 when any of them failed (each says why; the caller says how to finish):
 * then no finished mark after a table or snapshot that failed, so that the
 * resume writes them, and no "Results:" line naming files not written. */
static int finish(tour *t, size_t n_play)
{
    const tournament_opts *o = t->o;
    char err[1024];
    int rc = 0;
    if (t->shard.count) { /* rated when merged (arena merge) */
        shard_summary(t, n_play);
    } else {
        if (rate_tournament(t)) rc = -1;
        if (!t->was_finished && rate_pool(t)) rc = -1;
    }
    if (rc == 0 && !t->was_finished && store_tournament_done(t->db, t->tid, err, sizeof err)) {
        fprintf(stderr, "arena tournament: %s\n", err);
        rc = -1;
    }
    /* a shard's report is written by the merge of all of them */
    if (!o->no_report && !t->shard.count &&
        report_html_write(t->db, t->dir, t->dir_rel, o->replays, err, sizeof err)) {
        fprintf(stderr, "arena tournament: report: %s\n", err);
        rc = -1;
    }
    if (rc == 0 && !t->shard.count)
        printf("\nResults: %s/ (%sratings.txt, ratings.md, ratings.csv, ratings.json, "
               "crosstable.txt, matches/)\n",
               t->dir, o->no_report ? "" : "index.html, ");
    return rc;
}

tournament_result tournament_run(const tournament_opts *o)
{
    tour t = {.o = o, .shard = o->shard, .lock_fd = -1};
    pthread_mutex_init(&t.lock, NULL);
    char err[1024];
    t.tc = o->tc;
    t.seed = o->seed;
    t.gauntlet = o->gauntlet;
    t.anchor = -1;
    tournament_result rc =
        o->resume ? prepare_resume(&t, &t.tc, err, sizeof err) : prepare(&t, err, sizeof err);
    char plan[sizeof t.dir + sizeof MANIFEST_FILE + 1]; /* written unsynced unless resumed */
    snprintf(plan, sizeof plan, "%s/" MANIFEST_FILE, t.dir);
    if (rc == TOURNAMENT_OK && commit_init(&t.commit, t.db, t.tid, o->out_dir, t.dir_rel,
                                           o->resume ? NULL : plan, err, sizeof err))
        rc = TOURNAMENT_FAILED;
    if (rc == TOURNAMENT_OK && o->remote && remote_set_bind(o->remote, &t.s.seats, err, sizeof err))
        rc = TOURNAMENT_BAD_INPUT;
    size_t n_play = shard_size(&t.shard, t.plan.count); /* the matches this run answers for */
    if (rc == TOURNAMENT_OK) {
        progress_begin(&t.prog, o->progress, n_play - t.done, o->jobs);
        char tc[64];
        timectl_describe(&t.tc, tc, sizeof tc);
        fprintf(stderr,
                "Tournament %s: %s (%s), %d bots, %zu matches, time control %s, seed %llu, -j %d\n",
                t.dir_rel, t.s.name, t.s.options, t.s.n, t.plan.count, tc,
                (unsigned long long)t.seed, o->jobs);
        if (t.shard.count)
            fprintf(stderr, "Shard %d/%d: %zu of the %zu matches\n", t.shard.index, t.shard.count,
                    n_play, t.plan.count);
        if (o->resume)
            fprintf(stderr, "Resuming: %zu of %zu matches already played\n", t.done, n_play);
        if (!o->remote)
            session_memory_note(&t.s, o->jobs > 0 ? o->jobs : 1,
                                t.s.lr->rules->num_players(t.s.game), "tournament");
        interrupt_info intr = {.commit = &t.commit, .stored_before = t.done, .planned = n_play};
        resume_command(&t, intr.resume_cmd, sizeof intr.resume_cmd);
        int armed = interrupt_arm(&intr) == 0;
        play_all(&t);
        int flushed = commit_flush(&t.commit);
        if (armed) interrupt_disarm(); /* from here on nothing is lost by a kill */
        if (t.machine_failed[0] && !flushed)
            fprintf(stderr,
                    "arena tournament: %s: this machine's failure, not the bot's: the tournament "
                    "stops here\n",
                    t.machine_failed);
        else if (flushed || t.failed) {
            fprintf(stderr, "arena tournament: storing matches: %s\n",
                    t.commit.err[0] ? t.commit.err : "failed");
            t.failed = 1;
        }
        if (t.failed) {
            /* Not finished, and nothing written from what is not stored:
             * --resume plays the rest once the cause is fixed, then rates. */
            interrupt_report_stored(&intr, t.commit.committed, INTERRUPT_FIX_FIRST);
            rc = TOURNAMENT_FAILED;
        } else if (finish(&t, n_play)) {
            /* every match is stored: the resume plays none, and writes the
             * tables, the snapshot, the mark and the report again */
            interrupt_report_stored(&intr, t.commit.committed, INTERRUPT_FIX_FIRST);
            rc = TOURNAMENT_FAILED;
        }
    } else {
        fprintf(stderr, "arena tournament: %s\n", err);
    }
    commit_free(&t.commit);
    if (t.db) store_close(t.db);
    if (t.lock_fd >= 0) close(t.lock_fd); /* after the last write */
    schedule_free(&t.plan);
    tally_free(&t.results);
    free(t.forfeits);
    free(t.finished);
    session_close(&t.s);
    pthread_mutex_destroy(&t.lock);
    return rc;
}
