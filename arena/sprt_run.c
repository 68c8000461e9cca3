/* sprt_run.c -- plays an SPRT's pairs with -j threads, counts them in order,
 * stores every game and the verdict (sprt_run.h). */
#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "arena/sdk.h"
#include "commit.h"
#include "interrupt.h"
#include "manifest.h"
#include "match.h"
#include "outcome.h"
#include "ratings.h"
#include "rundir.h"
#include "sprt_run.h"
#include "store.h"
#include "store_sprt.h"
#include "tally.h"
#include "timectl.h"
#include "xalloc.h"

#define SPRT_REDRAW_US 200000
#define SPRT_PLAIN_EVERY 50 /* pairs between two plain progress lines */

typedef struct sprt_ctx {
    const sprt_opts *o;
    session s;
    store *db;
    int64_t tid;
    char dir[1024], dir_rel[256];
    committer commit;
    pthread_mutex_t lock;         /* everything below */
    int64_t next_pair, max_pairs; /* max_pairs 0: none */
    double (*score)[2];           /* NEW's score in each game of each pair */
    char *ready;                  /* pair finished, not yet counted */
    int64_t cap;                  /* slots of score and ready */
    int64_t counted;              /* pairs counted, in order */
    sprt_counts counts;
    double llr;
    sprt_state state;
    int stop, failed;
    int lock_fd;             /* rundir_lock of dir, to the end: no rebuild meanwhile */
    int64_t forfeits;        /* games lost by a bot's misbehaving, of those played */
    char first_forfeit[600]; /* the first of them: "game N: who what" */
    int mode; /* 1 live, 0 plain, -1 silent */
    int64_t t0_us, last_draw_us;
    int64_t last_plain; /* pairs counted at the last plain line, -1 before */
} sprt_ctx;

static volatile sig_atomic_t sprt_interrupted; /* the signal that stopped it, or 0 */

static void sprt_on_sigint(int sig)
{
    if (sprt_interrupted) _exit(128 + sig); /* the second one: at once */
    sprt_interrupted = sig;
}

static void fmt_signed(char *buf, size_t len, double v, int decimals)
{
    if (!isfinite(v))
        snprintf(buf, len, "%s", v > 0 ? "+inf" : v < 0 ? "-inf" : "?");
    else if (fabs(v) < 0.5 * pow(10, -decimals))
        snprintf(buf, len, "%.*f", decimals, 0.0); /* never "-0.0" */
    else
        snprintf(buf, len, "%+.*f", decimals, v);
}

void sprt_status_line(const sprt_params *p, const sprt_counts *c, double llr, char *buf, size_t len)
{
    double lo, hi, elo, ci, los;
    char e[32], s[32];
    sprt_bounds(p, &lo, &hi);
    sprt_elo(c->penta, &elo, &ci, &los);
    fmt_signed(e, sizeof e, elo, 1);
    if (isfinite(ci))
        snprintf(s, sizeof s, "%.1f", ci);
    else
        snprintf(s, sizeof s, "-");
    int n =
        snprintf(buf, len,
                 "LLR %+.2f [%+.2f, %+.2f]  games %" PRId64 " W/D/L %" PRId64 "/%" PRId64
                 "/%" PRId64 "  penta [%" PRId64 " %" PRId64 " %" PRId64 " %" PRId64 " %" PRId64
                 "]  Elo %s ± %s  LOS %.1f%%",
                 llr, lo, hi, c->wins + c->draws + c->losses, c->wins, c->draws, c->losses,
                 c->penta[0], c->penta[1], c->penta[2], c->penta[3], c->penta[4], e, s, 100 * los);
    if (p->model == SPRT_NORMALIZED && n > 0 && (size_t)n < len) {
        sprt_nelo(c->penta, &elo, &ci);
        fmt_signed(e, sizeof e, elo, 1);
        snprintf(buf + n, len - (size_t)n, "  nElo %s ± %.1f", e, ci);
    }
}

/* Caller holds the lock. */
static void show_progress(sprt_ctx *t, int final)
{
    if (t->mode < 0) return;
    char line[400];
    int64_t now = arena_now_us();
    if (t->mode == 1) {
        if (!final && now - t->last_draw_us < SPRT_REDRAW_US) return;
        t->last_draw_us = now;
        sprt_status_line(&t->o->params, &t->counts, t->llr, line, sizeof line);
        fprintf(stderr, "\r\033[K%s", line);
        if (final) fputc('\n', stderr);
    } else {
        if (!final && t->counted % SPRT_PLAIN_EVERY != 0) return;
        if (final && t->counted == t->last_plain) return; /* just printed */
        t->last_plain = t->counted;
        sprt_status_line(&t->o->params, &t->counts, t->llr, line, sizeof line);
        fprintf(stderr, "%s\n", line);
    }
    fflush(stderr);
}

/* Records pair p's scores and counts every pair now complete in order,
 * stopping at the first that crosses a bound. Caller holds the lock. */
static void pair_done(sprt_ctx *t, int64_t p, double s1, double s2)
{
    t->score[p][0] = s1;
    t->score[p][1] = s2;
    t->ready[p] = 1;
    while (t->state == SPRT_CONTINUE && t->counted < t->next_pair && t->ready[t->counted]) {
        int64_t k = t->counted++;
        sprt_counts_add(&t->counts, t->score[k][0], t->score[k][1]);
        t->llr = sprt_llr(&t->o->params, t->counts.penta);
        t->state = sprt_decide(&t->o->params, t->llr);
        if (t->state != SPRT_CONTINUE) t->stop = 1;
        show_progress(t, 0);
    }
}

/* The next pair to play, -1 when play is over. Grows the pair buffers. */
static int64_t take_pair(sprt_ctx *t)
{
    pthread_mutex_lock(&t->lock);
    int64_t p = -1;
    if (sprt_interrupted) t->stop = 1;
    if (!t->stop && !t->failed && (t->max_pairs == 0 || t->next_pair < t->max_pairs)) {
        if (t->next_pair == t->cap) {
            int64_t cap = t->cap ? 2 * t->cap : 256;
            double(*sc)[2] = realloc(t->score, (size_t)cap * sizeof *sc);
            char *rd = sc ? realloc(t->ready, (size_t)cap) : NULL;
            if (sc) t->score = sc;
            if (rd) {
                t->ready = rd;
                memset(rd + t->cap, 0, (size_t)(cap - t->cap));
                t->cap = cap;
            }
        }
        if (t->next_pair < t->cap)
            p = t->next_pair++;
        else
            t->failed = 1;
    }
    pthread_mutex_unlock(&t->lock);
    return p;
}

/* Plays one game of pair p; NEW's score, or -1 when storing failed. */
static double play_game(sprt_ctx *t, seat_pool *pool, int64_t p, int new_first)
{
    int np = t->s.n; /* NEW, OLD, then the field: one entrant per seat */
    match_spec ms = {.lr = t->s.lr,
                     .game = t->s.game,
                     .options = t->s.options,
                     .num_players = np,
                     .seed = arena_seed_derive(t->o->seed, (uint64_t)p),
                     .index = (uint32_t)(2 * p + !new_first),
                     .tournament = t->dir_rel,
                     .tc = t->o->tc,
                     .margin_us = t->o->margin_us};
    int new_seat = new_first ? 0 : 1;
    ms.seat_entrant[new_seat] = 0, ms.seat_entrant[1 - new_seat] = 1;
    ms.seat[new_seat] = t->s.entrants[0], ms.seat[1 - new_seat] = t->s.entrants[1];
    for (int s = 2; s < np; s++)
        ms.seat_entrant[s] = s, ms.seat[s] = t->s.entrants[s];
    match_record rec;
    Arena__MatchLog *log = match_run(&ms, pool, &rec);
    if (outcome_is_forfeit(rec.end) && rec.culprit >= 0 && rec.culprit < np) {
        char how[512];
        outcome_blame(rec.end, ms.seat[rec.culprit]->display, rec.end_detail, how, sizeof how);
        pthread_mutex_lock(&t->lock);
        if (!t->forfeits++)
            snprintf(t->first_forfeit, sizeof t->first_forfeit, "game %u: %s", ms.index, how);
        pthread_mutex_unlock(&t->lock);
    }
    int bad = !log || commit_add(&t->commit, &rec, log) != 0;
    if (log) match_log_free(log);
    if (bad) return -1;
    return tally_score(rec.returns[new_seat], rec.returns[1 - new_seat]);
}

static void *sprt_thread(void *arg)
{
    sprt_ctx *t = arg;
    seat_pool *pool = session_pool(&t->s);
    int64_t p;
    while ((p = take_pair(t)) >= 0) {
        double a = play_game(t, pool, p, 1);
        double b = a < 0 ? -1 : play_game(t, pool, p, 0);
        pthread_mutex_lock(&t->lock);
        if (a < 0 || b < 0)
            t->failed = 1;
        else
            pair_done(t, p, a, b);
        pthread_mutex_unlock(&t->lock);
    }
    pool_free(pool);
    return NULL;
}

static void play(sprt_ctx *t)
{
    int jobs = t->o->jobs > 0 ? t->o->jobs : 1;
    if (jobs > 64) jobs = 64;
    pthread_t th[64];
    struct sigaction sa = {0}, old_int, old_term;
    sa.sa_handler = sprt_on_sigint;
    sigemptyset(&sa.sa_mask);
    sprt_interrupted = 0;
    sigaction(SIGINT, &sa, &old_int); /* SIGTERM too: kill, systemd and Slurm stop jobs so */
    sigaction(SIGTERM, &sa, &old_term);
    for (int i = 0; i < jobs; i++)
        pthread_create(&th[i], NULL, sprt_thread, t);
    for (int i = 0; i < jobs; i++)
        pthread_join(th[i], NULL);
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
    if (t->state == SPRT_CONTINUE) t->state = SPRT_STOPPED;
    show_progress(t, 1);
}

/* results/<date>-<time>-<game>-sprt[-k] (rundir.h), locked for the run. */
static int make_run_dir(sprt_ctx *t, char *err, size_t errlen)
{
    char name[300];
    snprintf(name, sizeof name, "%s-sprt", t->s.name);
    t->lock_fd = rundir_make(t->o->out_dir, name, t->dir_rel, sizeof t->dir_rel, t->dir,
                             sizeof t->dir, err, errlen);
    return t->lock_fd < 0 ? -1 : 0;
}

/* tournament.txt: the run's plan and hypotheses, for `arena rebuild`. */
static int write_manifest(sprt_ctx *t, char *err, size_t errlen)
{
    entrant *e = xcalloc((size_t)t->s.n, sizeof *e);
    for (int i = 0; i < t->s.n; i++)
        e[i] = *t->s.entrants[i]; /* shallow: only read */
    manifest m = {.game = (char *)t->s.name,
                  .options = (char *)t->s.options,
                  .tc = (char *)(t->o->tc_text ? t->o->tc_text : ""),
                  .seed = t->o->seed,
                  .rounds = (int)t->max_pairs,
                  .planned = (int)(2 * t->max_pairs),
                  .players = t->s.n,
                  .n = t->s.n,
                  .entrants = e,
                  .format = (char *)FORMAT_SPRT,
                  .sprt = t->o->params,
                  .sprt_max_games = t->o->max_games};
    /* synced by the committer beside the first games (commit.h) */
    int rc = manifest_write_unsynced(t->dir, &m, err, errlen);
    free(e);
    return rc;
}

static int open_storage(sprt_ctx *t, char *err, size_t errlen)
{
    const sprt_opts *o = t->o;
    if (!(t->db = store_open(o->out_dir, err, errlen))) return -1;
    for (int i = 0; i < t->s.n; i++)
        if (store_bot(t->db, t->s.entrants[i], err, errlen)) return -1;
    if (make_run_dir(t, err, errlen) || write_manifest(t, err, errlen)) return -1;
    tournament_info ti = {t->s.name,
                          t->s.options,
                          o->seed,
                          (int)t->max_pairs,
                          o->tc_text ? o->tc_text : "",
                          t->dir_rel,
                          (int)(2 * t->max_pairs),
                          0 /* the two seat orders of a pair: rotations */,
                          0,
                          0};
    t->tid = store_tournament_new(t->db, &ti, t->s.entrants, t->s.n, err, errlen);
    if (t->tid <= 0) return -1;
    if (store_format_set(t->db, t->tid, FORMAT_SPRT, err, errlen)) return -1;
    if (store_sprt_begin(t->db, t->tid, &o->params, o->max_games, err, errlen)) return -1;
    char plan[4200];
    snprintf(plan, sizeof plan, "%s/" MANIFEST_FILE, t->dir);
    return commit_init(&t->commit, t->db, t->tid, o->out_dir, t->dir_rel, plan, err, errlen);
}

/* The verdict, the tournament's end and the pool's rating snapshot. */
static int store_end(sprt_ctx *t, char *err, size_t errlen)
{
    store_sprt_result r = {.state = t->state, .llr = t->llr, .counts = t->counts};
    sprt_elo(t->counts.penta, &r.elo, &r.elo_ci95, &r.los);
    if (store_sprt_finish(t->db, t->tid, &r, err, errlen)) return -1;
    if (store_tournament_done(t->db, t->tid, err, errlen)) return -1;
    pool_data pd;
    rating_fit fit;
    if (store_pool_load(t->db, t->s.name, t->s.options, &pd, err, errlen)) return -1;
    int rc = ratings_fit(pd.n_bots, pd.games, pd.n_games, &fit, err, errlen);
    if (rc == 0) {
        rc = store_rating_snapshot(t->db, t->tid, t->s.name, t->s.options, &pd, &fit, err, errlen);
        ratings_free(&fit);
    }
    store_pool_free(&pd);
    return rc;
}

static void print_summary(const sprt_ctx *t)
{
    const sprt_params *p = &t->o->params;
    char line[400];
    printf("\nSPRT %s (%s): %s vs %s, elo0 %g, elo1 %g, alpha %g, beta %g (%s Elo)\n", t->s.name,
           t->s.options, t->s.entrants[0]->display, t->s.entrants[1]->display, p->elo0, p->elo1,
           p->alpha, p->beta, p->model == SPRT_NORMALIZED ? "normalised" : "logistic");
    for (int i = 2; i < t->s.n; i++)
        printf("%s%s%s", i == 2 ? "Field (the other seats): " : ", ", t->s.entrants[i]->display,
               i + 1 == t->s.n ? "\n" : "");
    sprt_status_line(p, &t->counts, t->llr, line, sizeof line);
    printf("%s\n", line);
    printf("Verdict: %s after %" PRId64 " games (%" PRId64 " pairs)%s\n", sprt_state_name(t->state),
           2 * t->counted, t->counted,
           t->state == SPRT_STOPPED ? (sprt_interrupted ? ", interrupted"
                                       : t->failed      ? ", storing failed"
                                                        : ", --max-games reached")
                                    : "");
    if (t->forfeits) /* a score of crashes is no measure of strength: say so */
        printf("Forfeits: %" PRId64 " of the games played (the first, %s)\n", t->forfeits,
               t->first_forfeit);
    printf("Results: %s/ (matches/; arena ratings --game %s)\n", t->dir, t->s.name);
}

int sprt_run(const sprt_opts *o)
{
    sprt_ctx t = {.o = o, .state = SPRT_CONTINUE, .last_plain = -1, .lock_fd = -1};
    char err[1024];
    int rc = 0;
    pthread_mutex_init(&t.lock, NULL);
    t.max_pairs = (o->max_games + 1) / 2;
    const char **bots = calloc((size_t)o->n_field + 2, sizeof *bots);
    if (!bots) return fprintf(stderr, "arena sprt: out of memory\n"), 1;
    bots[0] = o->bots[0], bots[1] = o->bots[1];
    for (int i = 0; i < o->n_field; i++)
        bots[i + 2] = o->field[i];
    int opened = session_open(&t.s, o->game_spec, bots, o->n_field + 2, &o->iso, err, sizeof err);
    free(bots);
    if (opened) {
        fprintf(stderr, "arena sprt: %s\n", err);
        pthread_mutex_destroy(&t.lock);
        return 2;
    }
    int np = t.s.lr->rules->num_players(t.s.game);
    if (np != o->n_field + 2) {
        if (np == 2)
            fprintf(stderr, "arena sprt: %s (%s) is a two-player game: drop --field\n", t.s.name,
                    t.s.options);
        else if (o->n_field == 0)
            fprintf(stderr,
                    "arena sprt: %s (%s) is a %d-player game: the SPRT compares NEW and OLD in "
                    "pairs of games; choose the pairwise model with one --field BOT for each of "
                    "the other %d seats\n",
                    t.s.name, t.s.options, np, np - 2);
        else
            fprintf(stderr, "arena sprt: %s (%s) has %d seats: give %d --field bots, not %d\n",
                    t.s.name, t.s.options, np, np - 2, o->n_field);
        rc = 2;
    } else if (o->params.model == SPRT_NORMALIZED && o->max_games == 0 &&
               strcmp(t.s.entrants[0]->sha256, t.s.entrants[1]->sha256) == 0 &&
               strcmp(t.s.entrants[0]->bot_options, t.s.entrants[1]->bot_options) == 0) {
        /* one bot, one seed a pair: each pair mirrors itself (a win each), the
         * normalised test sees no variance and its LLR stays 0 for ever */
        fprintf(stderr,
                "arena sprt: NEW and OLD are the same bot with the same options: every pair "
                "mirrors itself, and the normalised test could never end (give --max-games, "
                "or the logistic model)\n");
        rc = 2;
    } else if (manifest_entrants_fit(t.s.entrants, t.s.n, err, sizeof err) ||
               rundir_out(o->out_dir, err, sizeof err)) {
        fprintf(stderr, "arena sprt: %s\n", err);
        rc = 2;
    } else if (open_storage(&t, err, sizeof err)) {
        fprintf(stderr, "arena sprt: %s\n", err);
        rc = 1;
    } else {
        t.mode = o->progress == 2 ? (isatty(fileno(stderr)) ? 1 : 0) : o->progress;
        t.t0_us = arena_now_us();
        char tc[64];
        timectl_describe(&o->tc, tc, sizeof tc);
        fprintf(stderr, "SPRT %s: %s (%s), %s vs %s, time control %s, seed %" PRIu64 ", -j %d\n",
                t.dir_rel, t.s.name, t.s.options, t.s.entrants[0]->display,
                t.s.entrants[1]->display, tc, o->seed, o->jobs);
        session_memory_note(&t.s, o->jobs > 0 ? o->jobs : 1, t.s.lr->rules->num_players(t.s.game),
                            "sprt");
        play(&t);
        if (commit_flush(&t.commit)) {
            fprintf(stderr, "arena sprt: storing games: %s\n",
                    t.commit.err[0] ? t.commit.err : "failed");
            t.failed = 1;
        }
        if (store_end(&t, err, sizeof err)) {
            fprintf(stderr, "arena sprt: %s\n", err);
            t.failed = 1;
        }
        print_summary(&t);
        /* the logs are the source of truth: the rebuild stores the games
         * they hold and counts the verdict again from them (rebuild_sprt.h),
         * as a tournament's resume writes what its end could not */
        if (t.failed)
            fprintf(stderr,
                    "arena sprt: the verdict is not stored. " INTERRUPT_FIX_FIRST "run "
                    "`arena rebuild --out %s`: it stores the games logged in %s/matches/ and "
                    "counts the verdict again from them\n",
                    o->out_dir, t.dir);
        rc = t.failed ? 1 : sprt_interrupted ? 128 + sprt_interrupted : 0; /* 130, 143 */
    }
    if (t.db) commit_free(&t.commit);
    if (t.db) store_close(t.db);
    if (t.lock_fd >= 0) close(t.lock_fd);
    free(t.score);
    free(t.ready);
    session_close(&t.s);
    pthread_mutex_destroy(&t.lock);
    return rc;
}
