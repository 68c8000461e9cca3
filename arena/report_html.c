/* report_html.c -- index.html, replay.html and replays/ of a tournament. The
 * pages are a shell around one JSON document (the data) and the embedded
 * scripts that draw it; all numbers are computed here, in C, from the store
 * and the logs, so the page shows what ratings.csv says. */
#include "report_html.h"
#include "report_build.h"

#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "arena/module_kit.h"
#include "jsonw.h"
#include "loader.h"
#include "matchlog.h"
#include "outcome.h"
#include "ratings.h"
#include "replay_json.h"
#include "report.h"
#include "report_load.h"
#include "tally.h"
#include "web_assets.h"

#ifndef ARENA_VERSION
#define ARENA_VERSION "dev"
#endif

/* What the logs tell per match beyond the store: think time by seat. */
typedef struct match_extra {
    int has_log, has_replay;
    int64_t think_us[ARENA_MAX_PLAYERS], max_us[ARENA_MAX_PLAYERS];
    int moves[ARENA_MAX_PLAYERS];
} match_extra;

typedef struct html_job {
    const char *dir; /* out_dir/dir_rel */
    report_src src;
    match_extra *extra; /* by position in src.m */
    size_t bad_logs;
    long max_replays; /* replays written for matches below this index; < 0: all */
    loaded_rules *lr; /* the game's module, opened once; NULL: each log finds its own */
} html_job;

static match_record *find_match(report_src *src, uint32_t index, size_t *pos)
{
    size_t lo = 0, hi = src->n_m;
    while (lo < hi) { /* src.m is sorted by index (report_load.c) */
        size_t mid = (lo + hi) / 2;
        if (src->m[mid].index < index)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < src->n_m && src->m[lo].index == index) {
        *pos = lo;
        return &src->m[lo];
    }
    return NULL;
}

typedef struct replay_file {
    const Arena__MatchLog *log;
    const arena_rules *rules;
    const char *label;
    int rc;
    char err[512];
} replay_file;

/* replays/NNNNN.js: the JSON export, handed to the viewer by a call (a page
 * opened from the disk may load scripts beside it, not read JSON files). */
static void write_replay_js(FILE *f, void *arg)
{
    replay_file *rf = arg;
    fputs("arenaReplay(", f);
    rf->rc = replay_json_write_as(f, rf->log, rf->label, 1, rf->rules, rf->err, sizeof rf->err);
    if (rf->rc == 2) fputs("null", f);
    fputs(");\n", f);
}

/* Takes a log's times and writes its replay: 0, or -1 with err naming the
 * file when it cannot be written (a full disk, ulimit -f): that fails the
 * report, where a log the rules cannot replay is only counted. */
static int take_log(html_job *j, const Arena__MatchLog *log, char *err, size_t errlen)
{
    size_t pos;
    match_record *m = find_match(&j->src, log->match_index, &pos);
    if (!m) return 0; /* a log whose match was never stored (interrupted group) */
    match_extra *x = &j->extra[pos];
    x->has_log = 1;
    for (size_t i = 0; i < log->n_actions; i++) {
        int s = log->actions[i]->seat;
        if (s < 0 || s >= ARENA_MAX_PLAYERS) continue;
        x->think_us[s] += log->actions[i]->think_us;
        x->moves[s]++;
        if (log->actions[i]->think_us > x->max_us[s]) x->max_us[s] = log->actions[i]->think_us;
    }
    if (j->max_replays >= 0 && log->match_index >= (unsigned long)j->max_replays) return 0;
    char path[4200], label[4200];
    snprintf(path, sizeof path, "%s/replays/%05u.js", j->dir, log->match_index);
    snprintf(label, sizeof label, "%s/matches/%05u.pb", j->src.dir, log->match_index);
    /* the tournament's module, unless the log is of another game or module */
    const arena_rules *given =
        j->lr && log->rules && log->rules->sha256 && !strcmp(log->rules->sha256, j->lr->sha256)
            ? j->lr->rules
            : NULL;
    replay_file rf = {.log = log, .rules = given, .label = label};
    if (report_write_atomic(path, write_replay_js, &rf, err, errlen)) return -1;
    if (rf.rc == 0)
        x->has_replay = 1;
    else
        j->bad_logs++;
    return 0;
}

static int read_logs(html_job *j, char *err, size_t errlen)
{
    char mdir[4200], rdir[4200];
    snprintf(mdir, sizeof mdir, "%s/matches", j->dir);
    snprintf(rdir, sizeof rdir, "%s/replays", j->dir);
    if (mkdir(rdir, 0777) != 0 && errno != EEXIST)
        return arena_errf(err, errlen, "cannot create %s: %s", rdir, strerror(errno));
    DIR *d = opendir(mdir);
    if (!d) return 0; /* no logs: the report has no replays */
    char lerr0[512];
    j->lr = loader_open_rules(j->src.game, lerr0, sizeof lerr0); /* NULL: found per log */
    struct dirent *e;
    int rc = 0;
    while (rc == 0 && (e = readdir(d))) {
        size_t len = strlen(e->d_name);
        if (len < 4 || strcmp(e->d_name + len - 3, ".pb") != 0) continue;
        char path[4500], lerr[512];
        snprintf(path, sizeof path, "%s/%s", mdir, e->d_name);
        Arena__MatchLog **logs;
        size_t n;
        int read = matchlog_read_salvage(path, &logs, &n, lerr, sizeof lerr);
        if (read) fprintf(stderr, "arena report: %s\n", lerr); /* kept: what is whole */
        if (read < 0) continue;
        for (size_t i = 0; i < n && rc == 0; i++)
            rc = take_log(j, logs[i], err, errlen);
        matchlog_free_all(logs, n);
    }
    closedir(d);
    if (j->lr) loader_close_rules(j->lr);
    j->lr = NULL;
    return rc;
}

static void write_matches(FILE *f, const html_job *j)
{
    fputs("[", f);
    for (size_t i = 0; i < j->src.n_m; i++) {
        const match_record *m = &j->src.m[i];
        const match_extra *x = &j->extra[i];
        fprintf(f, "%s\n{\"index\":%u,\"seats\":[", i ? "," : "", m->index);
        for (int s = 0; s < m->num_players; s++)
            fprintf(f, "%s%d", s ? "," : "", m->seat_entrant[s]);
        fputs("],\"returns\":[", f);
        for (int s = 0; s < m->num_players; s++) {
            if (s) fputc(',', f);
            jsonw_num(f, 6, m->returns[s]);
        }
        fputs("],\"end\":", f);
        jsonw_str(f, outcome_name(m->end));
        fputs(",\"detail\":", f);
        jsonw_str(f, m->end_detail);
        fprintf(f, ",\"culprit\":%d,\"plies\":%d,\"duration_us\":%" PRId64, m->culprit, m->plies,
                m->duration_us);
        if (x->has_log) {
            fputs(",\"think_us\":[", f);
            for (int s = 0; s < m->num_players; s++)
                fprintf(f, "%s%" PRId64, s ? "," : "", x->think_us[s]);
            fputs("],\"max_us\":[", f);
            for (int s = 0; s < m->num_players; s++)
                fprintf(f, "%s%" PRId64, s ? "," : "", x->max_us[s]);
            fputs("],\"moves\":[", f);
            for (int s = 0; s < m->num_players; s++)
                fprintf(f, "%s%d", s ? "," : "", x->moves[s]);
            fputc(']', f);
        }
        if (x->has_replay) fprintf(f, ",\"replay\":\"replay.html#%05u\"", m->index);
        fputc('}', f);
    }
    fputs("]", f);
}

static void write_history(FILE *f, const report_src *src)
{
    fputs("[", f);
    for (size_t i = 0; i < src->n_hist; i++) {
        const report_hist *h = &src->hist[i];
        fprintf(f, "%s\n{\"tournament\":%" PRId64 ",\"dir\":", i ? "," : "", h->tournament);
        jsonw_str(f, h->dir);
        fputs(",\"when\":", f);
        jsonw_str(f, h->when);
        fputs(",\"player\":", f);
        jsonw_str(f, h->label);
        fputs(",\"elo\":", f);
        jsonw_num(f, 2, h->elo);
        fputs(",\"ci95\":", f);
        jsonw_num(f, 2, h->ci95);
        fprintf(f, ",\"games\":%d}", h->games);
    }
    fputs("]", f);
}

typedef struct index_page {
    const html_job *j;
    const report *rep;
} index_page;

static void page_head(FILE *f, const char *title)
{
    fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>",
          f);
    for (const char *c = title; *c; c++) { /* text content: escape the three */
        if (*c == '<')
            fputs("&lt;", f);
        else if (*c == '>')
            fputs("&gt;", f);
        else if (*c == '&')
            fputs("&amp;", f);
        else
            fputc(*c, f);
    }
    fprintf(f, "</title>\n<style>\n%s</style></head>\n<body>\n", web_style_css);
}

static void write_index(FILE *f, void *arg)
{
    const index_page *p = arg;
    const report_src *src = &p->j->src;
    page_head(f, p->rep->title);
    fputs("<div id=\"app\">This report needs JavaScript.</div>\n<script>\nwindow.ARENA_REPORT = "
          "{\"arena\":",
          f);
    jsonw_str(f, ARENA_VERSION);
    fputs(",\"title\":", f);
    jsonw_str(f, p->rep->title);
    fputs(",\"game\":", f);
    jsonw_str(f, src->game);
    fputs(",\"options\":", f);
    jsonw_str(f, src->options);
    fputs(",\"dir\":", f);
    jsonw_str(f, src->dir);
    fputs(",\"tc\":", f);
    jsonw_str(f, src->tc);
    fputs(",\"created\":", f);
    jsonw_str(f, src->created);
    fprintf(f,
            ",\"seed\":\"%" PRIu64 "\",\"rounds\":%d,\"planned\":%d,\"replays_limit\":%ld,"
            "\"entrants\":[",
            src->seed, src->rounds, src->planned, p->j->max_replays);
    for (int i = 0; i < src->n; i++) {
        if (i) fputc(',', f);
        jsonw_str(f, src->names[i]);
    }
    fputs("],\n\"ratings\":", f);
    /* the rating table as ratings.json has it; safe inside <script>, since
     * its strings come from jsonw (jsonw.h) */
    report_print_json(f, p->rep);
    fputs(",\n\"matches\":", f);
    write_matches(f, p->j);
    fputs(",\n\"history\":", f);
    write_history(f, src);
    fprintf(f, "};\n</script>\n<script>\n%s</script>\n</body></html>\n", web_report_js);
}

static void write_viewer(FILE *f, void *arg)
{
    (void)arg;
    page_head(f, "arena replay");
    fprintf(f,
            "<div id=\"app\">This viewer needs JavaScript.</div>\n"
            "<script>\n%s</script>\n<script>\n%s</script>\n</body></html>\n",
            web_boards_js, web_viewer_js);
}

static int write_pages(html_job *j, char *err, size_t errlen)
{
    tally ty;
    tally_init(&ty, j->src.n);
    for (size_t i = 0; i < j->src.n_m; i++)
        tally_add(&ty, &j->src.m[i]);
    char title[2600], path[4200];
    snprintf(title, sizeof title, "%s (%s), %zu games", j->src.game, j->src.options, j->src.n_m);
    report_built b;
    int rc = report_build(&b, title, j->src.n, (const char *const *)j->src.names, ty.games,
                          ty.n_games, ty.matches, err, errlen);
    if (rc == 0) {
        index_page p = {j, &b.rep};
        snprintf(path, sizeof path, "%s/index.html", j->dir);
        rc = report_write_atomic(path, write_index, &p, err, errlen);
        snprintf(path, sizeof path, "%s/replay.html", j->dir);
        if (rc == 0) rc = report_write_atomic(path, write_viewer, NULL, err, errlen);
        report_built_free(&b);
    }
    tally_free(&ty);
    return rc;
}

int report_html_write(store *s, const char *dir, const char *dir_rel, long max_replays, char *err,
                      size_t errlen)
{
    html_job j = {.dir = dir, .max_replays = max_replays};
    if (report_src_load(s, dir_rel, &j.src, err, errlen)) return -1;
    int rc = -1;
    j.extra = calloc(j.src.n_m ? j.src.n_m : 1, sizeof *j.extra);
    if (!j.extra)
        arena_errf(err, errlen, "%s: out of memory", dir);
    else if (read_logs(&j, err, errlen) == 0)
        rc = write_pages(&j, err, errlen);
    if (rc == 0 && j.bad_logs)
        fprintf(stderr, "arena report: %zu match log(s) in %s/matches could not be replayed\n",
                j.bad_logs, dir);
    size_t no_log = 0;
    for (size_t i = 0; rc == 0 && i < j.src.n_m; i++)
        no_log += !j.extra[i].has_log;
    if (no_log) /* a log file deleted or damaged: the store alone cannot replay them */
        fprintf(stderr,
                "arena report: %zu of the %zu stored matches have no log in %s/matches (a log "
                "file is missing or damaged): the report has no replay of them\n",
                no_log, j.src.n_m, dir);
    free(j.extra);
    report_src_free(&j.src);
    return rc;
}
