/* progress.c -- the live progress line and the plain per-match lines. */
#include <string.h>
#include <unistd.h>

#include "arena/sdk.h"
#include "outcome.h"
#include "progress.h"

#define REDRAW_EVERY_US 100000

void progress_begin(progress *p, int mode, size_t total, int jobs)
{
    memset(p, 0, sizeof *p);
    p->out = stderr;
    p->mode = mode == 2 ? (isatty(fileno(stderr)) ? 1 : 0) : mode;
    p->total = total;
    p->jobs = jobs;
    p->t0_us = arena_now_us();
}

void progress_result_text(const match_record *m, char *buf, size_t len)
{
    if (m->num_players == 2) {
        double a = m->returns[0], b = m->returns[1];
        snprintf(buf, len, "%s", a > b ? "1-0" : a < b ? "0-1" : "1/2-1/2");
        return;
    }
    size_t off = 0;
    for (int i = 0; i < m->num_players && off < len; i++)
        off += (size_t)snprintf(buf + off, len - off, "%s%g", i ? " " : "", m->returns[i]);
}

static void pairing_text(const match_record *m, const entrant *const *e, char *buf, size_t len)
{
    size_t off = 0;
    for (int i = 0; i < m->num_players && off < len; i++)
        off += (size_t)snprintf(buf + off, len - off, "%s%s", i ? " - " : "",
                                e[m->seat_entrant[i]]->display);
}

static void how_text(const match_record *m, const entrant *const *e, char *buf, size_t len)
{
    if (!outcome_is_forfeit(m->end) || m->culprit < 0)
        snprintf(buf, len, "%s, %d plies", m->end_detail, m->plies);
    else
        outcome_blame(m->end, e[m->seat_entrant[m->culprit]]->display, m->end_detail, buf, len);
}

static void draw_live(progress *p, const char *last)
{
    double secs = (arena_now_us() - p->t0_us) / 1e6;
    double rate = secs > 0 ? p->done / secs : 0;
    double eta = rate > 0 ? (p->total - p->done) / rate : 0;
    fprintf(p->out, "\r\033[K[%zu/%zu] %3.0f%%  %.1f matches/s  ETA %d:%02d  forfeits %zu  %s",
            p->done, p->total, p->total ? 100.0 * p->done / p->total : 100.0, rate, (int)eta / 60,
            (int)eta % 60, p->forfeits, last);
    fflush(p->out);
}

void progress_match(progress *p, const match_record *m, const entrant *const *entrants)
{
    p->done++;
    if (outcome_is_forfeit(m->end) && m->culprit >= 0) p->forfeits++;
    if (p->mode < 0) return;
    char pair[512], res[64], how[256], line[900];
    pairing_text(m, entrants, pair, sizeof pair);
    progress_result_text(m, res, sizeof res);
    how_text(m, entrants, how, sizeof how);
    if (p->mode == 0) {
        fprintf(p->out, "match %u (%zu/%zu): %s  %s  (%s)\n", m->index, p->done, p->total, pair,
                res, how);
        return;
    }
    int64_t now = arena_now_us();
    if (now - p->last_draw_us < REDRAW_EVERY_US && p->done < p->total) return;
    p->last_draw_us = now;
    snprintf(line, sizeof line, "last: %s %s", pair, res);
    draw_live(p, line);
}

void progress_end(progress *p)
{
    double secs = (arena_now_us() - p->t0_us) / 1e6;
    if (p->mode == 1) fprintf(p->out, "\r\033[K");
    if (p->mode >= 0)
        fprintf(p->out, "%zu matches in %.1f s (%.1f matches/s), %zu forfeits\n", p->done, secs,
                secs > 0 ? p->done / secs : 0.0, p->forfeits);
}
