/* replay_print.c -- what `arena replay` shows: the header of a match, each
 * action with its seat and think time, and the board. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "matchlog.h"
#include "replay_colour.h"
#include "replay_internal.h"
#include "timectl.h"
#include "xalloc.h"

static const char *bot_name(const replay_run *run, int seat)
{
    const Arena__MatchLog *log = run->log;
    if (seat < 0 || (size_t)seat >= log->n_bots || !log->bots[seat]) return "?";
    const char *n = log->bots[seat]->name;
    return n && n[0] ? n : "?";
}

void replay_seat_label(const replay_run *run, int seat, char *buf, size_t len)
{
    if (seat == ARENA_CHANCE)
        snprintf(buf, len, "chance");
    else if (run->np == 2 && (seat == 0 || seat == 1))
        snprintf(buf, len, "%s", seat == 0 ? "White" : "Black");
    else
        snprintf(buf, len, "[%d %s]", seat, bot_name(run, seat));
}

void replay_seat_who(const replay_run *run, int seat, char *buf, size_t len)
{
    if (run->np == 2 && (seat == 0 || seat == 1))
        snprintf(buf, len, "%s", seat == 0 ? "White" : "Black");
    else
        snprintf(buf, len, "seat %d (%s)", seat, bot_name(run, seat));
}

void replay_action_name(const replay_run *run, int32_t a, char *buf, size_t len)
{
    if (a < 0 || a >= run->r->num_actions(run->game))
        snprintf(buf, len, "#%d", (int)a);
    else
        run->r->action_name(run->state, a, buf, len);
}

static void print_time_control(FILE *out, const Arena__TimeControl *tc)
{
    arena_time_control t = {0, 0, 0};
    if (tc) t = (arena_time_control){tc->base_us, tc->increment_us, tc->move_time_us};
    char text[96];
    timectl_describe(&t, text, sizeof text);
    fprintf(out, "time        %s\n", text);
}

static void print_date(FILE *out, int64_t unix_ms)
{
    char buf[64] = "unknown";
    time_t t = (time_t)(unix_ms / 1000);
    struct tm tm;
    if (unix_ms > 0 && gmtime_r(&t, &tm)) strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S UTC", &tm);
    fprintf(out, "date        %s\n", buf);
}

int replay_stand_in(const replay_run *run, int seat)
{
    int from = matchlog_stand_in_ply(run->log, seat);
    return from >= 0 && run->plies >= from;
}

static void format_think(char *buf, size_t len, int64_t us);

static void print_players(const replay_run *run)
{
    const Arena__MatchLog *log = run->log;
    for (int s = 0; s < run->np; s++) {
        const Arena__Identity *id = (size_t)s < log->n_bots ? log->bots[s] : NULL;
        char who[96];
        replay_seat_who(run, s, who, sizeof who);
        fprintf(run->out, "%-11s %s %s", who, bot_name(run, s),
                id && id->version ? id->version : "");
        if ((size_t)s < log->n_bot_seeds)
            fprintf(run->out, "  (seed %" PRIu64 ")", log->bot_seeds[s]);
        if ((size_t)s < log->n_start_think_us) { /* not in logs before starts were charged */
            char t[48];
            format_think(t, sizeof t, log->start_think_us[s]);
            fprintf(run->out, "  start %s", t);
        }
        if (matchlog_stand_in_ply(log, s) >= 0)
            fprintf(run->out, "  out at ply %d (a stand-in played on)",
                    matchlog_stand_in_ply(log, s));
        fputc('\n', run->out);
    }
}

void replay_print_header(const replay_run *run)
{
    const Arena__MatchLog *log = run->log;
    FILE *out = run->out;
    if (run->o->quiet) return;
    fprintf(out, "log         %s\n", run->path);
    fprintf(out, "game        %s  %s\n", log->game, run->r->game_options(run->game));
    fprintf(out, "rules       %s\n", run->lr->path);
    print_players(run);
    fprintf(out, "seed        %" PRIu64 "\n", log->match_seed);
    print_time_control(out, log->tc);
    print_date(out, log->started_unix_ms);
    if (log->tournament && log->tournament[0])
        fprintf(out, "match       %u of tournament %s\n", log->match_index, log->tournament);
    fputc('\n', out);
    replay_print_board((replay_run *)run);
}

static void format_think(char *buf, size_t len, int64_t us)
{
    if (us >= 1000000)
        snprintf(buf, len, "(%.2f s)", (double)us / 1e6);
    else
        snprintf(buf, len, "(%.1f ms)", (double)us / 1e3);
}

/* Called before the action is applied: its name depends on the position. */
void replay_print_action(const replay_run *run, int index, const Arena__LoggedAction *la,
                         const char *note)
{
    char who[96], name[96], think[48] = "";
    if (run->o->quiet) return;
    replay_seat_label(run, la->seat, who, sizeof who);
    replay_action_name(run, la->action, name, sizeof name);
    if (note)
        snprintf(think, sizeof think, "%s", note);
    else if (la->seat >= 0 && replay_stand_in(run, la->seat))
        snprintf(think, sizeof think, "(stand-in)");
    else if (la->seat != ARENA_CHANCE)
        format_think(think, sizeof think, la->think_us);
    fprintf(run->out, "%4d. %-6s %-8s %s\n", index, who, name, think);
}

void replay_print_board(replay_run *run)
{
    if (run->o->quiet || !run->o->show) return;
    size_t need = run->r->render(run->state, -1, run->board, run->board_cap);
    if (need + 1 > run->board_cap) {
        char *b = xrealloc(run->board, need + 1);
        if (!b) return;
        run->board = b;
        run->board_cap = need + 1;
        run->r->render(run->state, -1, run->board, run->board_cap);
    }
    if (need == 0) return;
    if (replay_colour_wanted(run->out)) /* a terminal: in colour (replay_colour.h) */
        replay_colour_board(run->out, run->r->name, run->board);
    else
        fputs(run->board, run->out);
    if (run->board[need - 1] != '\n') fputc('\n', run->out);
    fputc('\n', run->out);
}

/* A whole turn on one line: "1207" when every step is one character (paper
 * soccer's notation), else the names with spaces ("a1-d1 xg7"). */
void replay_turn_flush(replay_run *run)
{
    if (run->o->quiet || run->turn_len == 0) return;
    char who[96], think[48] = "";
    replay_seat_label(run, run->turn_seat, who, sizeof who);
    if (run->turn_seat != ARENA_CHANCE) format_think(think, sizeof think, run->turn_think);
    fprintf(run->out, "%4d. %-6s %-8s %s\n", run->turn_index, who, run->turn, think);
    run->turn_len = 0;
    replay_print_board(run);
    replay_step_pause(run);
}

void replay_turn_add(replay_run *run, int index, const Arena__LoggedAction *la)
{
    char name[96];
    replay_action_name(run, la->action, name, sizeof name);
    if (run->turn_len > 0 && la->seat != run->turn_seat) replay_turn_flush(run);
    if (run->turn_len == 0) {
        run->turn_seat = la->seat;
        run->turn_index = index;
        run->turn_think = 0;
        run->turn_multi = 0;
        run->turn[0] = '\0';
    }
    size_t nl = strlen(name);
    if (nl > 1 && !run->turn_multi && run->turn_len > 0) { /* respace what was gathered */
        char joined[sizeof run->turn];
        int k = 0;
        for (int i = 0; i < run->turn_len && k + 2 < (int)sizeof joined; i++) {
            if (i) joined[k++] = ' ';
            joined[k++] = run->turn[i];
        }
        joined[k] = '\0';
        snprintf(run->turn, sizeof run->turn, "%s", joined);
    }
    run->turn_multi |= nl > 1;
    size_t used = strlen(run->turn);
    snprintf(run->turn + used, sizeof run->turn - used, "%s%s",
             run->turn_multi && run->turn_len > 0 ? " " : "", name);
    run->turn_len++;
    run->turn_think += la->think_us;
}
