/* merge_load.c -- reading the shards given to `arena merge` and checking that
 * they make one whole tournament (merge.h, step 1). Nothing is written here. */
#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "manifest.h"
#include "matchlog.h"
#include "merge_internal.h"
#include "rundir.h"
#include "store_sprt.h"

enum { MERGE_REFUSED = 2, MERGE_FAILED = 1 };

static int merge_say(int rc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int merge_say(int rc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("arena merge: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return rc;
}

static int has_store(const char *dir)
{
    char path[4200];
    struct stat sb;
    snprintf(path, sizeof path, "%s/arena.db", dir);
    return stat(path, &sb) == 0;
}

static char *join(const char *a, const char *b)
{
    char *p;
    return asprintf(&p, "%s/%s", a, b) < 0 ? NULL : p;
}

/* A results directory holding exactly one sharded tournament: that one. */
static int64_t only_shard(merge_shard *sh, const char *dir)
{
    int64_t *ids, tid = -1;
    size_t n;
    char err[1024];
    if (store_sharded_tournaments(sh->db, &ids, &n, err, sizeof err))
        return merge_say(-MERGE_FAILED, "%s", err);
    if (n == 1) tid = ids[0];
    if (n == 0) merge_say(0, "%s holds no shard (made by arena tournament --shard I/N)", dir);
    for (size_t i = 0; n > 1 && i < n; i++) {
        tournament_row row;
        if (i == 0) merge_say(0, "%s holds %zu shards: give one's directory:", dir, n);
        if (store_tournament_get(sh->db, ids[i], &row, err, sizeof err) == 0) {
            fprintf(stderr, "  %s/%s  (shard %d/%d, seed %llu)\n", dir, row.dir, row.shard,
                    row.shards, (unsigned long long)row.seed);
            store_tournament_row_free(&row);
        }
    }
    free(ids);
    return n == 1 ? tid : -MERGE_REFUSED;
}

/* Opens the shard's store and finds its tournament: DIR is a tournament
 * directory (its parent holds arena.db) or a results directory with one
 * shard. Returns the tournament id, or minus the exit status. */
static int64_t locate(merge_shard *sh)
{
    char err[1024];
    rundir_loc at;
    rundir_split(sh->arg, &at);
    const char *dir = at.dir;
    int64_t tid;
    if (rundir_exists(dir, err, sizeof err)) return merge_say(-MERGE_REFUSED, "%s", err);
    int results_given = has_store(dir);
    sh->results = strdup(results_given ? dir : at.results);
    if (!results_given && !has_store(sh->results))
        return merge_say(-MERGE_REFUSED,
                         "%s: neither a tournament directory (no arena.db in %s) nor a results "
                         "directory (no %s/arena.db)",
                         sh->arg, sh->results, dir);
    sh->db = store_open_read(sh->results, err, sizeof err);
    if (!sh->db) return merge_say(-MERGE_FAILED, "%s", err);
    if (results_given) {
        tid = only_shard(sh, dir);
    } else {
        tid = store_tournament_find(sh->db, at.name, err, sizeof err);
        if (tid < 0) merge_say(0, "%s", err);
        if (tid == 0)
            merge_say(0, "%s: no tournament '%s' in %s/arena.db", sh->arg, at.name, sh->results);
        if (tid <= 0) tid = tid < 0 ? -MERGE_FAILED : -MERGE_REFUSED;
    }
    return tid;
}

/* Reads the shard's settings, entrants and finished matches. */
static int read_shard(merge_shard *sh)
{
    char err[1024];
    int64_t tid = locate(sh);
    if (tid <= 0) return (int)-tid;
    if (store_tournament_get(sh->db, tid, &sh->row, err, sizeof err) ||
        store_entrants_read(sh->db, tid, &sh->entrants, &sh->n_entrants, err, sizeof err) ||
        store_tournament_results(sh->db, tid, &sh->recs, &sh->n_recs, err, sizeof err) ||
        store_format_get(sh->db, tid, sh->format, sizeof sh->format, err, sizeof err))
        return merge_say(MERGE_FAILED, "%s", err);
    sh->tdir = join(sh->results, sh->row.dir);
    sh->sh = (shard_spec){sh->row.shard, sh->row.shards};
    if (!sh->sh.count)
        return merge_say(MERGE_REFUSED,
                         "%s is a whole tournament, not a shard: nothing to merge (arena "
                         "tournament --shard I/N makes shards)",
                         sh->tdir);
    return 0;
}

/* The first entrant (from 0) that differs in name, version or SHA-256; -1
 * when the lists are the same (paths may differ: machines install apart). */
static int entrant_difference(entrant *const *a, int na, entrant *const *b, int nb)
{
    for (int i = 0; i < na && i < nb; i++)
        if (strcmp(a[i]->name, b[i]->name) || strcmp(a[i]->version, b[i]->version) ||
            strcmp(a[i]->sha256, b[i]->sha256))
            return i;
    return na == nb ? -1 : (na < nb ? na : nb);
}

/* The first difference between two shards' tournaments, or NULL. */
static const char *tournament_difference(const merge_shard *a, const merge_shard *b, char *buf,
                                         size_t len)
{
    const tournament_row *x = &a->row, *y = &b->row;
    if (strcmp(x->game, y->game) || strcmp(x->options, y->options))
        snprintf(buf, len, "games differ (%s:%s, %s:%s)", x->game, x->options, y->game, y->options);
    else if (x->seed != y->seed)
        snprintf(buf, len, "seeds differ (%llu, %llu)", (unsigned long long)x->seed,
                 (unsigned long long)y->seed);
    else if (x->rounds != y->rounds || x->planned != y->planned)
        snprintf(buf, len, "schedules differ (%d rounds, %d matches; %d rounds, %d matches)",
                 x->rounds, x->planned, y->rounds, y->planned);
    else if (strcmp(x->tc, y->tc))
        snprintf(buf, len, "time controls differ (%s, %s)", x->tc, y->tc);
    else if (a->n_entrants != b->n_entrants)
        snprintf(buf, len, "bots differ (%d, %d entrants)", a->n_entrants, b->n_entrants);
    else if (strcmp(a->format, b->format))
        snprintf(buf, len, "formats differ (%s, %s)", a->format, b->format);
    else if (x->shards != y->shards)
        snprintf(buf, len, "they are split differently (shard %d/%d, shard %d/%d)", x->shard,
                 x->shards, y->shard, y->shards);
    else {
        int i = entrant_difference(a->entrants, a->n_entrants, b->entrants, b->n_entrants);
        if (i >= 0) {
            const entrant *e = a->entrants[i], *f = b->entrants[i];
            snprintf(buf, len, "entrant %d differs (%s %s %.8s, %s %s %.8s)", i + 1, e->name,
                     e->version, e->sha256, f->name, f->version, f->sha256);
        }
    }
    return buf[0] ? buf : NULL;
}

/* The whole schedule, rebuilt as --resume does: the planned count tells
 * whether tables played every seat order. */
static int rebuild_schedule(merge *m)
{
    const merge_shard *f = m->first;
    int k = 0;
    char err[512];
    for (int i = 0; i < m->n && !k; i++)
        if (m->shards[i].n_recs) k = m->shards[i].recs[0].num_players;
    for (int all = 0; k && all < 2; all++) {
        schedule_free(&m->plan);
        if (schedule_make(&m->plan, format_is(f->format, FORMAT_GAUNTLET), f->n_entrants, k,
                          f->row.rounds, all, f->row.seed, err, sizeof err) == 0 &&
            (int)m->plan.count == f->row.planned) {
            m->all_orders = all;
            return 0;
        }
    }
    return merge_say(MERGE_REFUSED, "%s: cannot rebuild the schedule of its %d matches%s", f->tdir,
                     f->row.planned, k ? "" : " (no shard holds any match)");
}

/* Every stored match in its place; a match outside its shard, or whose seed
 * is not the schedule's, means a damaged or foreign store. */
static int place_records(merge *m)
{
    m->rec = calloc(m->plan.count ? m->plan.count : 1, sizeof *m->rec);
    if (!m->rec) return merge_say(MERGE_FAILED, "out of memory");
    for (int s = 0; s < m->n; s++) {
        const merge_shard *sh = &m->shards[s];
        for (size_t i = 0; i < sh->n_recs; i++) {
            const match_record *r = &sh->recs[i];
            schedule_item it;
            if (r->index < m->plan.count) schedule_at(&m->plan, r->index, &it);
            if (r->index >= m->plan.count || !shard_has(&sh->sh, r->index) || r->seed != it.seed)
                return merge_say(MERGE_REFUSED,
                                 "%s: match %u is not one of shard %d/%d's (a damaged store?)",
                                 sh->tdir, r->index, sh->sh.index, sh->sh.count);
            m->rec[r->index] = r;
        }
    }
    return 0;
}

/* A word of a shell command, quoted when it needs to be. */
static void shell_word(const char *w)
{
    if (*w && strcspn(w, " \t\n'\"$`\\!*?[]()<>|&;#~{}") == strlen(w)) {
        fprintf(stderr, " %s", w);
        return;
    }
    fputs(" '", stderr);
    for (; *w; w++)
        if (*w == '\'')
            fputs("'\\''", stderr); /* end the quote, an escaped quote, quote again */
        else
            fputc(*w, stderr);
    fputc('\'', stderr);
}

/* The command that plays a shard nobody gave, from the stored settings. */
static void print_shard_command(const merge *m, int s)
{
    const tournament_row *r = &m->first->row;
    char spec[4096];
    unsigned ms;
    fputs("    play them: arena tournament --game", stderr);
    snprintf(spec, sizeof spec, "%s:%s", r->game, r->options);
    shell_word(spec);
    fputs(" --bots", stderr);
    for (int i = 0; i < r->n_entrants; i++)
        shell_word(r->paths[i]);
    fprintf(stderr, " --rounds %d%s", r->rounds, m->all_orders ? " --seats all" : "");
    if (sscanf(r->tc, "move %ums", &ms) == 1)
        fprintf(stderr, " --move-time %u", ms);
    else
        fprintf(stderr, " --tc %s", r->tc);
    fprintf(stderr, " --seed %llu --shard %d/%d\n", (unsigned long long)r->seed, s,
            m->first->sh.count);
}

/* Names the missing matches of each shard and what plays them. */
static int report_missing(merge *m)
{
    size_t missing = 0;
    for (size_t i = 0; i < m->plan.count; i++)
        missing += m->rec[i] == NULL;
    if (!missing) return 0;
    merge_say(0, "%zu of the tournament's %zu matches are missing; nothing merged:", missing,
              m->plan.count);
    int count = m->first->sh.count;
    for (int s = 1; s <= count; s++) {
        const merge_shard *given = NULL;
        for (int j = 0; j < m->n; j++)
            if (m->shards[j].sh.index == s) given = &m->shards[j];
        size_t listed = 0, lacking = 0;
        for (size_t i = (size_t)s - 1; i < m->plan.count; i += (size_t)count)
            lacking += m->rec[i] == NULL;
        if (!lacking) continue;
        fprintf(stderr, "  shard %d/%d%s%s: %zu missing:", s, count,
                given ? " in " : " (not given)", given ? given->tdir : "", lacking);
        for (size_t i = (size_t)s - 1; i < m->plan.count && listed < 12; i += (size_t)count)
            if (!m->rec[i]) fprintf(stderr, "%s %zu", listed++ ? "," : " matches", i);
        fprintf(stderr, "%s\n", lacking > listed ? ", ..." : "");
        if (given)
            fprintf(stderr, "    play them: arena tournament --resume %s\n", given->tdir);
        else
            print_shard_command(m, s);
    }
    return MERGE_REFUSED;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every log of every shard played the same rules: the rule module's own
 * version names them (rules.h), so shards played by arenas with another
 * morris are not one tournament. The first log read sets them. */
static int same_rules(merge *m, const char *path, const Arena__MatchLog *log)
{
    const char *v = log->rules && log->rules->version ? log->rules->version : "";
    if (!m->rules_version) {
        m->rules_version = strdup(v);
        m->rules_seen = strdup(path);
        return 0;
    }
    if (strcmp(v, m->rules_version) == 0) return 0;
    return merge_say(MERGE_REFUSED,
                     "not shards of one tournament: %s played %s rules version '%s', %s "
                     "version '%s'",
                     m->rules_seen, log->game, m->rules_version, path, v);
}

/* The shard's log segments whose group was committed (its first match is
 * stored: a group is one transaction), sorted; each stored match must have
 * its log in one of them. */
static int scan_logs(merge *m, merge_shard *sh)
{
    char *mdir = join(sh->tdir, "matches"), err[1024];
    DIR *d = opendir(mdir);
    struct dirent *e;
    char *seen = calloc(m->plan.count ? m->plan.count : 1, 1);
    int rc = 0;
    while (d && rc == 0 && (e = readdir(d))) {
        size_t len = strlen(e->d_name);
        if (len < 4 || strcmp(e->d_name + len - 3, ".pb") != 0) continue;
        char *path = join(mdir, e->d_name);
        Arena__MatchLog **logs = NULL;
        size_t n = 0;
        if (matchlog_read_all(path, &logs, &n, err, sizeof err)) {
            rc = merge_say(MERGE_FAILED, "%s", err);
        } else if (n && logs[0]->match_index < m->plan.count && m->rec[logs[0]->match_index] &&
                   shard_has(&sh->sh, logs[0]->match_index)) {
            for (size_t i = 0; i < n && rc == 0; i++) {
                uint32_t x = logs[i]->match_index;
                if (x >= m->plan.count || !m->rec[x] || !shard_has(&sh->sh, x) || seen[x] ||
                    logs[i]->match_seed != m->rec[x]->seed)
                    rc = merge_say(MERGE_REFUSED, "%s: log of match %u does not belong to it", path,
                                   x);
                else if ((rc = same_rules(m, path, logs[i])) == 0)
                    seen[x] = 1;
            }
            sh->segments = realloc(sh->segments, (sh->n_segments + 1) * sizeof *sh->segments);
            sh->segments[sh->n_segments++] = path;
            path = NULL;
        }
        matchlog_free_all(logs, n);
        free(path);
    }
    if (!d) rc = merge_say(MERGE_FAILED, "%s: cannot read the match logs", mdir);
    if (d) closedir(d);
    for (size_t i = 0; rc == 0 && i < sh->n_recs; i++)
        if (!seen[sh->recs[i].index])
            rc = merge_say(MERGE_FAILED, "%s: match %u is stored but its log is not in %s",
                           sh->tdir, sh->recs[i].index, mdir);
    if (sh->n_segments) qsort(sh->segments, sh->n_segments, sizeof *sh->segments, by_name);
    free(seen);
    free(mdir);
    return rc;
}

/* --out must not be a shard's own results directory: its store would then
 * hold every match twice. */
static int check_out(const merge *m)
{
    char path[4200];
    struct stat out, sb;
    snprintf(path, sizeof path, "%s/arena.db", m->o->out_dir);
    if (stat(path, &out) != 0) return 0;
    for (int i = 0; i < m->n; i++) {
        snprintf(path, sizeof path, "%s/arena.db", m->shards[i].results);
        if (stat(path, &sb) == 0 && sb.st_dev == out.st_dev && sb.st_ino == out.st_ino)
            return merge_say(MERGE_REFUSED,
                             "--out %s is the results directory of shard %s: merge into "
                             "another one (its store would count every match twice)",
                             m->o->out_dir, m->shards[i].tdir);
    }
    return 0;
}

/* The tournament already in --out (merged before, or played in one piece)?
 * Merging again would count its matches twice in the persistent ratings.
 * Returns its id, 0 for none, minus the exit status on failure. */
static int64_t already_there(store *db, const merge *m, char *err, size_t errlen)
{
    int64_t *ids, found = 0;
    size_t n;
    if (store_tournaments_like(db, &m->first->row, &ids, &n, err, errlen)) return -MERGE_FAILED;
    for (size_t i = 0; i < n && !found; i++) {
        entrant **e;
        int ne;
        if (store_entrants_read(db, ids[i], &e, &ne, err, errlen)) {
            found = -MERGE_FAILED;
            break;
        }
        if (entrant_difference(m->first->entrants, m->first->n_entrants, e, ne) < 0) found = ids[i];
        store_entrants_free(e, ne);
    }
    free(ids);
    return found;
}

static int check_not_merged(const merge *m)
{
    const char *out = m->o->out_dir;
    char err[1024];
    if (!has_store(out)) return 0;
    store *db = store_open_read(out, err, sizeof err);
    if (!db) return merge_say(MERGE_FAILED, "%s", err);
    int64_t tid = already_there(db, m, err, sizeof err);
    tournament_row row;
    uint32_t *done = NULL;
    size_t n = 0;
    int rc = 0;
    if (tid < 0)
        rc = merge_say(MERGE_FAILED, "%s", err);
    else if (tid > 0 && (store_tournament_get(db, tid, &row, err, sizeof err) ||
                         store_finished_matches(db, tid, &done, &n, err, sizeof err)))
        rc = merge_say(MERGE_FAILED, "%s", err);
    else if (tid > 0) {
        rc = merge_say(MERGE_REFUSED,
                       "--out %s already holds this tournament (%s/%s, %zu of %d matches "
                       "stored): merging it again would count its matches twice%s",
                       out, out, row.dir, n, row.planned,
                       (int)n < row.planned ? "; arena tournament --resume plays the rest" : "");
        store_tournament_row_free(&row);
    }
    free(done);
    store_close(db);
    return rc;
}

int merge_load(merge *m)
{
    m->n = m->o->n_dirs;
    m->shards = calloc((size_t)m->n, sizeof *m->shards);
    if (!m->shards) return merge_say(MERGE_FAILED, "out of memory");
    int rc = 0;
    for (int i = 0; i < m->n && rc == 0; i++) {
        m->shards[i].arg = m->o->dirs[i];
        rc = read_shard(&m->shards[i]);
    }
    if (rc) return rc;
    m->first = &m->shards[0];
    for (int i = 1; i < m->n; i++) {
        char why[600] = "";
        const merge_shard *a = m->first, *b = &m->shards[i];
        if (tournament_difference(a, b, why, sizeof why))
            return merge_say(MERGE_REFUSED, "%s and %s are not shards of one tournament: %s",
                             a->tdir, b->tdir, why);
        for (int j = 0; j < i; j++)
            if (m->shards[j].sh.index == b->sh.index)
                return merge_say(MERGE_REFUSED, "%s and %s are both shard %d/%d (overlapping)",
                                 m->shards[j].tdir, b->tdir, b->sh.index, b->sh.count);
    }
    if ((rc = rebuild_schedule(m)) || (rc = place_records(m)) || (rc = report_missing(m)))
        return rc;
    for (int i = 0; i < m->n && rc == 0; i++)
        rc = scan_logs(m, &m->shards[i]);
    if (rc == 0) rc = check_out(m);
    return rc ? rc : check_not_merged(m);
}

void merge_free(merge *m)
{
    for (int i = 0; m->shards && i < m->n; i++) {
        merge_shard *sh = &m->shards[i];
        if (sh->db) store_close(sh->db);
        store_tournament_row_free(&sh->row);
        store_entrants_free(sh->entrants, sh->n_entrants);
        free(sh->recs);
        for (size_t j = 0; j < sh->n_segments; j++)
            free(sh->segments[j]);
        free(sh->segments);
        free(sh->results);
        free(sh->tdir);
    }
    free(m->shards);
    schedule_free(&m->plan);
    free(m->rec);
    free(m->rules_version);
    free(m->rules_seen);
}
