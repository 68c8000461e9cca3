/* replay_end.c -- the end of a replay: the result and how the match ended, and
 * whether the replayed position agrees with what the log says. */
#include <math.h>
#include <string.h>

#include "matchlog.h"
#include "outcome.h"
#include "replay_internal.h"

static void print_winner(const replay_run *run)
{
    const double *ret = run->log->returns;
    int best = 0, ties = 0;
    for (int s = 1; s < run->np; s++) {
        if (ret[s] > ret[best])
            best = s, ties = 0;
        else if (ret[s] == ret[best])
            ties++;
    }
    char who[96];
    replay_seat_who(run, best, who, sizeof who);
    const char *name = run->log->bots[best]->name;
    if (ties == run->np - 1)
        fputs(": draw\n", run->out);
    else if (ties)
        fputs(": shared first place\n", run->out);
    else
        fprintf(run->out, ": winner %s (%s)\n", name && name[0] ? name : "?", who);
}

static void print_result(const replay_run *run)
{
    char who[96];
    fprintf(run->out, "result      ");
    for (int s = 0; s < run->np; s++) {
        replay_seat_who(run, s, who, sizeof who);
        fprintf(run->out, "%s%s %+g", s ? ", " : "", who, run->log->returns[s]);
    }
    print_winner(run);
}

static void print_end(const replay_run *run)
{
    const Arena__MatchLog *log = run->log;
    const char *detail = log->end_detail ? log->end_detail : "";
    char who[96];
    fprintf(run->out, "ended       ");
    if ((int)log->end == OUTCOME_NORMAL) {
        int over = run->r->current_player(run->state) == ARENA_TERMINAL;
        fprintf(run->out, "%s\n",
                over ? run->r->end_reason(run->state)
                     : (detail[0] ? detail : outcome_phrase(log->end)));
    } else if (outcome_is_forfeit((int)log->end)) {
        char line[512];
        replay_seat_who(run, log->culprit, who, sizeof who);
        outcome_blame((int)log->end, who, detail, line, sizeof line);
        fprintf(run->out, "%s\n", line);
    } else {
        fprintf(run->out, "%s%s%s\n", outcome_phrase(log->end), detail[0] ? ": " : "", detail);
    }
}

/* The logged returns give the culprit the only loss: below every other seat. */
static int culprit_loses(const replay_run *run)
{
    int c = run->log->culprit;
    if (c < 0 || c >= run->np) return 0;
    for (int s = 0; s < run->np; s++)
        if (s != c && !(run->log->returns[c] < run->log->returns[s])) return 0;
    return 1;
}

static int check_normal(replay_run *run, int n)
{
    double ret[ARENA_MAX_PLAYERS];
    if (run->r->current_player(run->state) != ARENA_TERMINAL) {
        replay_differs(run, n, NULL, "the game is not over, the log says the rules ended it");
        return 1;
    }
    run->r->returns(run->state, ret);
    for (int s = 0; s < run->np; s++) {
        if (fabs(ret[s] - run->log->returns[s]) > 1e-9) {
            replay_differs(run, n, NULL, "seat %d's return is %+.17g, the log says %+.17g", s,
                           ret[s], run->log->returns[s]);
            return 1;
        }
    }
    return 0;
}

/* A forfeit or an adjudication stops a game the rules had not ended. */
static int check_stopped(replay_run *run, int n)
{
    const Arena__MatchLog *log = run->log;
    if (run->r->current_player(run->state) == ARENA_TERMINAL) {
        replay_differs(run, n, NULL, "the rules ended the game (%s), the log says %s",
                       run->r->end_reason(run->state), outcome_name(log->end));
        return 1;
    }
    if (!outcome_is_forfeit(log->end)) return 0;
    if (!culprit_loses(run)) {
        replay_differs(run, n, NULL, "the logged returns do not give culprit seat %d the loss",
                       log->culprit);
        return 1;
    }
    return 0;
}

/* Played on after a forfeit (MatchLog.stand_in_ply): where the rules ended
 * the game the others' returns are the rules', and every seat out is below
 * every seat still in. */
static int check_played_on(replay_run *run, int n)
{
    const Arena__MatchLog *log = run->log;
    double ret[ARENA_MAX_PLAYERS];
    int over = run->r->current_player(run->state) == ARENA_TERMINAL;
    if (over) run->r->returns(run->state, ret);
    for (int s = 0; s < run->np; s++) {
        int out = matchlog_stand_in_ply(log, s) >= 0;
        if (!out && over && fabs(ret[s] - log->returns[s]) > 1e-9) {
            replay_differs(run, n, NULL, "seat %d's return is %+.17g, the log says %+.17g", s,
                           ret[s], log->returns[s]);
            return 1;
        }
        for (int t = 0; out && t < run->np; t++)
            if (matchlog_stand_in_ply(log, t) < 0 && !(log->returns[s] < log->returns[t])) {
                replay_differs(run, n, NULL,
                               "seat %d forfeited, the log does not rank it below "
                               "seat %d",
                               s, t);
                return 1;
            }
    }
    if (!culprit_loses(run)) {
        replay_differs(run, n, NULL, "the logged returns do not give culprit seat %d the loss",
                       log->culprit);
        return 1;
    }
    return 0;
}

int replay_verify_end(replay_run *run)
{
    const Arena__MatchLog *log = run->log;
    int n = (int)log->n_actions, rc;
    if (log->n_returns != (size_t)run->np) {
        replay_differs(run, n, NULL, "the log holds %zu returns for %d seats", log->n_returns,
                       run->np);
        return 1;
    }
    if (!run->o->quiet) {
        if (!run->o->show) fputc('\n', run->out); /* a drawn board ends with one */
        print_result(run);
        print_end(run);
    }
    int end = (int)log->end;
    if (end == OUTCOME_NORMAL)
        rc = check_normal(run, n);
    else if (outcome_is_forfeit(end) && log->n_stand_in_ply > 0)
        rc = check_played_on(run, n);
    else if (outcome_is_forfeit(end) || end == OUTCOME_ADJUDICATION)
        rc = check_stopped(run, n);
    else {
        replay_differs(run, n, NULL, "unknown end reason %d", (int)log->end);
        rc = 1;
    }
    if (rc == 0)
        fprintf(run->out, "replay: %s: reproduced (%d actions, %s)\n", run->path, n,
                outcome_name(log->end));
    return rc;
}
