/* merge_write.c -- the merged tournament written and rated (merge.h, steps 2
 * and 3): its store rows, its log segments, its tables. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "arena/module_kit.h"
#include "interrupt.h"
#include "manifest.h"
#include "matchlog.h"
#include "merge_internal.h"
#include "rundir.h"
#include "xalloc.h"
#include "report_build.h"
#include "outcome.h"
#include "ratings.h"
#include "report.h"
#include "report_html.h"
#include "store_sprt.h"
#include "tally.h"

typedef struct merged {
    merge *m;
    store *db;
    int lock_fd; /* rundir_lock of dir, to the end: no rebuild meanwhile */
    int64_t tid;
    char dir[4400]; /* OUT/<name> */
    char rel[256];  /* <name>, relative to OUT */
    unsigned next_segment;
    size_t stored;
    entrant *plan; /* each entrant as its logs name it, for tournament.txt */
    char err[1024];
} merged;

/* OUT/<date>-<time>-<game>-merged[-k] (rundir.h), locked for the merge. */
static int make_merged_dir(merged *w)
{
    char name[300];
    snprintf(name, sizeof name, "%s-merged", w->m->first->row.game);
    w->lock_fd = rundir_make(w->m->o->out_dir, name, w->rel, sizeof w->rel, w->dir, sizeof w->dir,
                             w->err, sizeof w->err);
    return w->lock_fd < 0 ? -1 : 0;
}

/* Entrant `who` as a log names it (its identity: path, options, hash, name,
 * version, author), kept for the plan the first time it is seen. */
static void learn_entrant(merged *w, int who, const Arena__Identity *id)
{
    entrant *e = &w->plan[who];
    if (e->name || !id) return;
    e->path = xstrdup(id->path ? id->path : "");
    e->bot_options = xstrdup(id->bot_options ? id->bot_options : "");
    snprintf(e->sha256, sizeof e->sha256, "%s", id->sha256 ? id->sha256 : "");
    e->name = xstrdup(id->name ? id->name : "");
    e->version = xstrdup(id->version ? id->version : "");
    e->author = xstrdup(id->author ? id->author : "");
}

/* tournament.txt of the merged tournament: the whole plan as a tournament
 * played in one piece writes it, entrants as their logs name them (what
 * `arena rebuild` matches the logs against). Written once every log is. */
static int write_plan(merged *w)
{
    const merge_shard *f = w->m->first;
    for (int i = 0; i < f->n_entrants; i++)
        if (!w->plan[i].name)
            return arena_errf(w->err, sizeof w->err, "%s: entrant %d played no match", w->dir,
                              i + 1);
    manifest mf = {.game = f->row.game,
                   .options = f->row.options,
                   .tc = f->row.tc,
                   .seed = f->row.seed,
                   .rounds = f->row.rounds,
                   .planned = f->row.planned,
                   .players = w->m->plan.k,
                   .all_seat_orders = w->m->all_orders,
                   .n = f->n_entrants,
                   .entrants = w->plan,
                   .format =
                       format_is(f->format, FORMAT_GAUNTLET) ? (char *)FORMAT_GAUNTLET : NULL};
    return manifest_write(w->dir, &mf, w->err, sizeof w->err);
}

static void free_plan(merged *w, int n)
{
    for (int i = 0; w->plan && i < n; i++) {
        entrant *e = &w->plan[i];
        free(e->path);
        free(e->bot_options);
        free(e->name);
        free(e->version);
        free(e->author);
    }
    free(w->plan);
}

/* The store of --out with the bots and the tournament, named as the shards
 * named them (entrant order, display labels, settings). -2 for an --out that
 * cannot be a results directory (a file, say: bad input, exit 2 as in
 * tournament and match), -1 for any other failure. */
static int open_out(merged *w)
{
    const merge_shard *f = w->m->first;
    if (rundir_out(w->m->o->out_dir, w->err, sizeof w->err)) return -2; /* bad input */
    w->db = store_open(w->m->o->out_dir, w->err, sizeof w->err);
    if (!w->db) return -1;
    for (int i = 0; i < f->n_entrants; i++)
        if (store_bot(w->db, f->entrants[i], w->err, sizeof w->err)) return -1;
    if (make_merged_dir(w)) return -1;
    tournament_info ti = {f->row.game,
                          f->row.options,
                          f->row.seed,
                          f->row.rounds,
                          f->row.tc,
                          w->rel,
                          f->row.planned,
                          f->row.seat_orders > 0,
                          0,
                          0};
    w->tid = store_tournament_new(w->db, &ti, f->entrants, f->n_entrants, w->err, sizeof w->err);
    if (w->tid > 0 && format_is(f->format, FORMAT_GAUNTLET) &&
        store_format_set(w->db, w->tid, f->format, w->err, sizeof w->err))
        return -1;
    return w->tid > 0 ? 0 : -1;
}

/* A match's record as the whole tournament stores it: seats from the
 * schedule (a shard's store keeps seats by bot, not by position). */
static match_record placed_record(const merge *m, uint32_t index, const char *log_path)
{
    match_record r = *m->rec[index];
    schedule_item it;
    schedule_at(&m->plan, index, &it);
    for (int p = 0; p < r.num_players && p < it.num_players; p++)
        r.seat_entrant[p] = it.seat[p];
    snprintf(r.log_path, sizeof r.log_path, "%s", log_path);
    return r;
}

/* One committed segment of a shard becomes one segment of the merged
 * tournament, its logs naming it, then its matches go into the store in one
 * transaction: the group commit's order (logs durable first). */
static int copy_segment(merged *w, const char *path)
{
    Arena__MatchLog **logs;
    size_t n;
    if (matchlog_read_all(path, &logs, &n, w->err, sizeof w->err)) return -1;
    char rel[600], out[5000];
    snprintf(rel, sizeof rel, "%s/matches/g%06u.pb", w->rel, w->next_segment++);
    snprintf(out, sizeof out, "%s/%s", w->m->o->out_dir, rel);
    uint8_t *buf = NULL;
    size_t len = 0, cap = 0;
    match_record *recs = calloc(n ? n : 1, sizeof *recs);
    int rc = recs ? 0 : -1;
    for (size_t i = 0; i < n && rc == 0; i++) {
        char *was = logs[i]->tournament;
        logs[i]->tournament = w->rel;
        rc = matchlog_segment_append(&buf, &len, &cap, logs[i]);
        logs[i]->tournament = was;
        recs[i] = placed_record(w->m, logs[i]->match_index, rel);
        for (int p = 0; p < recs[i].num_players && p < (int)logs[i]->n_bots; p++)
            learn_entrant(w, recs[i].seat_entrant[p], logs[i]->bots[p]);
    }
    if (rc) snprintf(w->err, sizeof w->err, "%s: out of memory", out);
    if (rc == 0) rc = matchlog_write_bytes(out, buf, len, w->err, sizeof w->err);
    if (rc == 0) rc = store_matches(w->db, w->tid, recs, n, w->err, sizeof w->err);
    if (rc == 0) w->stored += n;
    free(recs);
    free(buf);
    matchlog_free_all(logs, n);
    return rc;
}

static void print_forfeits(const merge *m, entrant *const *ent)
{
    int any = 0;
    for (size_t i = 0; i < m->plan.count; i++) {
        const match_record *r = m->rec[i];
        if (r->end == OUTCOME_NORMAL || r->culprit < 0 || r->culprit >= r->num_players) continue;
        char how[256];
        outcome_describe(r->end, r->end_detail, how, sizeof how);
        if (!any++) printf("Forfeits:\n");
        schedule_item it;
        schedule_at(&m->plan, i, &it);
        printf("  match %zu: %s %s\n", i, ent[it.seat[r->culprit]]->display, how);
    }
    if (any) printf("\n");
}

/* The tournament's table, crosstable and report files, as a tournament
 * writes them at its end: every match counted once, in index order. */
static int rate_tournament(merged *w)
{
    const merge *m = w->m;
    const merge_shard *f = m->first;
    tally ty;
    tally_init(&ty, f->n_entrants);
    for (size_t i = 0; i < m->plan.count; i++) {
        match_record r = placed_record(m, (uint32_t)i, "");
        tally_add(&ty, &r);
    }
    const char **names = xcalloc((size_t)f->n_entrants, sizeof *names);
    for (int i = 0; i < f->n_entrants; i++)
        names[i] = f->entrants[i]->display;
    char *title = xasprintf("%s (%s), %zu games", f->row.game, f->row.options, m->plan.count);
    report_built b;
    int rc = report_build(&b, title, f->n_entrants, names, ty.games, ty.n_games, ty.matches, w->err,
                          sizeof w->err);
    free(title);
    if (rc == 0) {
        printf("\n");
        print_forfeits(m, f->entrants);
        report_print_text(stdout, &b.rep);
        rc = report_write_files(w->dir, &b.rep, w->err, sizeof w->err);
        report_built_free(&b);
    }
    free(names);
    tally_free(&ty);
    return rc;
}

/* The persistent pool of --out, refitted with the merged tournament in it and
 * snapshotted, as at the end of a tournament. */
static int rate_pool(merged *w)
{
    const tournament_row *row = &w->m->first->row;
    return store_pool_rate(w->db, w->tid, row->game, row->options, w->err, sizeof w->err);
}

int merge_write(merge *m)
{
    merged w = {.m = m, .lock_fd = -1};
    w.plan = xcalloc((size_t)m->first->n_entrants, sizeof *w.plan);
    int rc = open_out(&w);
    for (int s = 1; rc == 0 && s <= m->first->sh.count; s++) /* shards in order */
        for (int i = 0; rc == 0 && i < m->n; i++)
            for (size_t j = 0; rc == 0 && m->shards[i].sh.index == s && j < m->shards[i].n_segments;
                 j++)
                rc = copy_segment(&w, m->shards[i].segments[j]);
    if (rc == 0) rc = write_plan(&w);
    int stored_all = rc == 0; /* a tournament whose end can be written again (--resume) */
    if (rc == 0) {
        fprintf(stderr, "Merged %d shards: %zu matches of %s (%s), seed %llu, into %s\n", m->n,
                w.stored, m->first->row.game, m->first->row.options,
                (unsigned long long)m->first->row.seed, w.dir);
        if (rate_tournament(&w) || rate_pool(&w) ||
            store_tournament_done(w.db, w.tid, w.err, sizeof w.err))
            rc = -1;
        /* the report a tournament writes at its end (a shard writes none) */
        if (rc == 0 && !m->o->no_report &&
            report_html_write(w.db, w.dir, w.rel, m->o->replays, w.err, sizeof w.err))
            rc = -1;
    }
    if (rc)
        fprintf(stderr, "arena merge: %s\n", w.err);
    /* as a tournament whose end failed: every match is stored, and its
     * resume plays none and writes the tables, snapshot, mark and report */
    if (rc && stored_all)
        fprintf(stderr,
                "arena merge: all %zu matches are stored in %s. " INTERRUPT_FIX_FIRST
                "to finish it (where its bots are: it plays nothing and writes what is "
                "missing):\n  arena tournament --resume %s\n",
                w.stored, w.dir, w.dir);
    else if (rc == 0)
        printf("\nResults: %s/ (%sratings.txt, ratings.md, ratings.csv, ratings.json, "
               "crosstable.txt, tournament.txt, matches/)\n",
               w.dir, m->o->no_report ? "" : "index.html, ");
    if (w.db) store_close(w.db);
    if (w.lock_fd >= 0) close(w.lock_fd);
    free_plan(&w, m->first->n_entrants);
    return rc == -2 ? 2 : rc ? 1 : 0;
}
