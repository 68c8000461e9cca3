/* replay.c -- re-playing a match log with its rule module alone: every logged
 * action is checked (right seat, legal, a possible chance outcome) and applied,
 * then the end is compared with what the log says. No bot is involved. */
#include "replay.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "loader.h"
#include "outcome.h"
#include "perft.h"
#include "replay_internal.h"

static void run_close(replay_run *run)
{
    if (run->state) run->r->state_free(run->state);
    if (run->game) run->r->game_free(run->game);
    loader_close_rules(run->lr);
    free(run->board);
}

/* By name first (the installed module), then the path the arena used. */
static int open_module(replay_run *run)
{
    const Arena__MatchLog *log = run->log;
    char err[512], err2[512];
    if (!log->game || !log->game[0]) {
        fprintf(stderr, "arena replay: %s: the log names no game\n", run->path);
        return -1;
    }
    run->lr = loader_open_rules(log->game, err, sizeof err);
    if (!run->lr && log->rules && log->rules->path && log->rules->path[0]) {
        run->lr = loader_open_rules(log->rules->path, err2, sizeof err2);
        if (!run->lr) fprintf(stderr, "arena replay: %s; and the logged module: %s\n", err, err2);
    } else if (!run->lr) {
        fprintf(stderr, "arena replay: %s\n", err);
    }
    if (!run->lr) return -1;
    run->r = run->lr->rules;
    /* Another build of the same rules version plays the same games (rules.h:
     * a rule change changes the version), so only a different or unknown
     * version is worth a warning: one printed for every rebuild would be
     * learnt to be ignored. */
    const char *want = log->rules ? log->rules->sha256 : NULL;
    const char *logged = log->rules && log->rules->version ? log->rules->version : "";
    const char *have = ARENA_RULES_HAS(run->r, version) && run->r->version ? run->r->version : "";
    if (want && want[0] && strcmp(want, run->lr->sha256) != 0 &&
        (!logged[0] || strcmp(logged, have) != 0))
        fprintf(stderr,
                "arena replay: warning: %s is not the module the match was played with "
                "(sha256 %.12s..., logged %.12s...; rules version '%s', logged '%s'); it may not "
                "reproduce\n",
                run->lr->path, run->lr->sha256, want, have, logged);
    return 0;
}

static int open_game(replay_run *run)
{
    char err[512] = "";
    const char *opts = run->log->options ? run->log->options : "";
    run->game = run->r->game_new(opts, err, sizeof err);
    if (!run->game) {
        fprintf(stderr, "arena replay: %s: options '%s' refused: %s\n", run->path, opts,
                err[0] ? err : "no reason given");
        return -1;
    }
    run->np = run->r->num_players(run->game);
    run->state = run->r->state_new(run->game);
    return run->state ? 0 : -1;
}

void replay_differs(replay_run *run, int index, const Arena__LoggedAction *la, const char *fmt, ...)
{
    char why[512], who[96], name[96];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    if (!la) {
        fprintf(run->out, "replay: %s: differs after action %d: %s\n", run->path, index, why);
        return;
    }
    replay_seat_label(run, la->seat, who, sizeof who);
    replay_action_name(run, la->action, name, sizeof name);
    fprintf(run->out, "replay: %s: differs at action %d (%s %s): %s\n", run->path, index, who, name,
            why);
}

static int listed(const replay_run *run, int32_t a)
{
    int32_t *acts;
    int n = perft_actions(run->r, run->state, &acts), found = 0;
    for (int i = 0; i < n && !found; i++)
        found = acts[i] == a;
    free(acts);
    return found;
}

/* Why the logged action cannot be played here, or NULL when it can. */
static const char *refusal(const replay_run *run, const Arena__LoggedAction *la, char *buf,
                           size_t len)
{
    int cp = run->r->current_player(run->state);
    if (cp == ARENA_TERMINAL) return "the game was already over";
    if (la->seat == ARENA_CHANCE && cp != ARENA_CHANCE) {
        snprintf(buf, len, "a chance outcome where seat %d is to move", cp);
        return buf;
    }
    if (la->seat != ARENA_CHANCE && la->seat != cp) {
        if (cp == ARENA_CHANCE)
            snprintf(buf, len, "a chance outcome is due here");
        else
            snprintf(buf, len, "seat %d is to move, not seat %d", cp, la->seat);
        return buf;
    }
    if (!listed(run, la->action))
        return cp == ARENA_CHANCE ? "not a possible chance outcome here" : "not legal here";
    return NULL;
}

/* An END_ILLEGAL log may end with the culprit's illegal action itself. */
static int is_logged_illegal(const replay_run *run, size_t i)
{
    const Arena__MatchLog *log = run->log;
    return log->end == ARENA__END_REASON__END_ILLEGAL && i + 1 == log->n_actions &&
           log->actions[i]->seat == log->culprit;
}

void replay_step_pause(const replay_run *run)
{
    if (!run->o->step || run->o->quiet || !isatty(STDIN_FILENO)) return;
    fputs("-- Enter: next action --", run->out);
    fflush(run->out);
    int c;
    while ((c = getchar()) != '\n' && c != EOF) {
    }
}

/* Checks and applies every logged action; 0, or 1 at the first difference. */
static int replay_actions(replay_run *run)
{
    const Arena__MatchLog *log = run->log;
    char why[160];
    for (size_t i = 0; i < log->n_actions; i++) {
        const Arena__LoggedAction *la = log->actions[i];
        const char *no = refusal(run, la, why, sizeof why);
        if (no && run->o->turns) replay_turn_flush(run);
        if (no && is_logged_illegal(run, i)) {
            replay_print_action(run, (int)i + 1, la, "(the illegal action, not applied)");
            return 0;
        }
        if (no) {
            replay_differs(run, (int)i + 1, la, "%s", no);
            return 1;
        }
        if (run->o->turns)
            replay_turn_add(run, (int)i + 1, la); /* named in its position */
        else
            replay_print_action(run, (int)i + 1, la, NULL);
        if (run->r->apply(run->state, la->action) != 0) {
            replay_differs(run, (int)i + 1, la, "the rule module refused it");
            return 1;
        }
        run->plies += la->seat >= 0;
        if (!run->o->turns) {
            replay_print_board(run);
            replay_step_pause(run);
        }
    }
    if (run->o->turns) replay_turn_flush(run);
    return 0;
}

int replay_log(const Arena__MatchLog *log, const char *log_path, const replay_opts *o, FILE *out)
{
    replay_run run = {.log = log, .path = log_path ? log_path : "log", .o = o, .out = out};
    int rc = 2;
    if (open_module(&run) || open_game(&run)) goto done;
    if (log->n_bots != (size_t)run.np) {
        replay_differs(&run, 0, NULL, "the log has %zu seats, %s with these options has %d",
                       log->n_bots, run.r->name, run.np);
        rc = 1;
        goto done;
    }
    replay_print_header(&run);
    rc = replay_actions(&run);
    if (rc == 0) rc = replay_verify_end(&run);
done:
    run_close(&run);
    return rc;
}
