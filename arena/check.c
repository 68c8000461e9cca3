/* check.c -- `arena check BOT --game G`: plays a few sandboxed games against the
 * random bot and tells a bot author in plain words whether the bot is sound. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena/sdk.h"
#include "cli_cmds.h"
#include "entrant.h"
#include "match.h"
#include "outcome.h"
#include "sandbox.h"
#include "session.h"
#include "timectl.h"

static const char check_help[] =
    "Usage: arena check BOT --game GAME [--games N] [options]\n\n"
    "Loads the bot in the sandbox, plays N games against the random bot in every\n"
    "seat, and reports crashes, time losses, illegal moves and sandbox violations,\n"
    "each with the `arena match` command that plays that game again. Exit status\n"
    "0: sound; 1: it lost games by misbehaving; 2: it does not load or refuses the\n"
    "game.\n\n"
    "  --games N              games, the bot in each seat in turn (default 10)\n" PLAY_OPTIONS_HELP;

typedef struct check_stats {
    int games, wins, draws, losses, forfeits;
    int refused;  /* it failed to start a game: refused it, or its options */
    int timeouts; /* moves never answered in time: in no log, so not in slowest_us */
    int64_t slowest_us, total_us;
    int moves;
} check_stats;

/* From a built log: its actions are columns (matchlog.h). */
static void count_moves(check_stats *st, const Arena__MatchLog *log, int seat)
{
    for (size_t i = 0; i < log->n_action_seat; i++) {
        if (log->action_seat[i] != seat) continue;
        int64_t t = log->action_think_us[i];
        st->total_us += t;
        st->moves++;
        if (t > st->slowest_us) st->slowest_us = t;
    }
}

/* One word of a command to paste into a shell: as it is when a shell would
 * read it so, else in single quotes (a path with a space or a '$'). */
static void print_word(const char *w)
{
    size_t plain = strspn(w, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
                             "_-+=.,:/@%");
    if (*w && !w[plain]) {
        printf(" %s", w);
        return;
    }
    fputs(" '", stdout);
    for (; *w; w++)
        if (*w == '\'')
            fputs("'\\''", stdout);
        else
            putchar(*w);
    putchar('\'');
}

/* The `arena match` command that plays game g again: the bot (with its
 * options) where it sat, random elsewhere, the match seed, and every option
 * of check's that changes the game -- the game's options, the clock, the
 * margin, the sandbox and the memory limit -- where it is not match's
 * default. play_one numbers the entrants as match numbers these bots, so the
 * seat order, and with it the dice and the bots' seeds (match.h), are the
 * same. */
static void print_match(const session *s, const play_opts *po, int seat, int np, uint64_t seed,
                        const char *how, const char *after)
{
    const entrant *e = s->entrants[0];
    play_opts def;
    play_opts_init(&def);
    char bot[4200];
    entrant_spec(e, bot, sizeof bot);
    printf("        %s arena match --game", how);
    print_word(po->game);
    for (int i = 0; i < np; i++)
        print_word(i == seat ? bot : "random");
    printf(" --seed %llu", (unsigned long long)seed);
    if (po->tc.move_time_us > 0)
        printf(" --move-time %lld", (long long)(po->tc.move_time_us / 1000));
    else
        printf(" --tc %s", po->tc_text);
    if (po->margin_us != def.margin_us) printf(" --margin %lld", (long long)(po->margin_us / 1000));
    if (po->iso.sandbox != def.iso.sandbox)
        printf(" --sandbox %s", sandbox_level_name(po->iso.sandbox));
    if (po->iso.mem_limit_mb != def.iso.mem_limit_mb)
        printf(" --mem %lld", (long long)po->iso.mem_limit_mb);
    printf(" --show%s\n", after);
}

static void print_reproduce(const session *s, const play_opts *po, int seat, int np, uint64_t seed,
                            int end)
{
    print_match(s, po, seat, np, seed, "replay it:", "");
    /* A crash is found in a debugger: the same game with the bot in the
     * arena's own process, where gdb stops at the faulting line (the jail's
     * process cannot be traced). */
    if (end == OUTCOME_CRASH)
        print_match(s, po, seat, np, seed, "debug it:  gdb -ex run --args", " --isolation inline");
}

/* Whether game ms, lost by the bot in a process that had played earlier
 * games (match_record.reused), goes the same way in a fresh process, as
 * `arena match` plays it: only then does the replay command show it. */
static int fails_alone(session *s, const match_spec *ms, const match_record *was)
{
    seat_pool *fresh = session_pool(s);
    match_record rec;
    match_log_free(match_run(ms, fresh, &rec));
    pool_free(fresh);
    return rec.end == was->end && rec.culprit == was->culprit && rec.plies == was->plies;
}

static void play_one(session *s, seat_pool *pool, const play_opts *po, int g, int np,
                     check_stats *st)
{
    int seat = g % np;
    match_spec ms = {.lr = s->lr,
                     .game = s->game,
                     .options = s->options,
                     .num_players = np,
                     .seed = arena_seed_derive(po->seed, (uint64_t)g),
                     .index = (uint32_t)g,
                     .tournament = "check",
                     .tc = po->tc,
                     .margin_us = po->margin_us};
    for (int i = 0; i < np; i++) {
        ms.seat[i] = s->entrants[i == seat ? 0 : 1]; /* entrant 0: the bot; 1: random */
        /* numbered as `arena match` numbers the bots of the command that
         * print_reproduce prints (one per seat, in order): the seat order
         * makes the dice and the bots' seeds (match.h) */
        ms.seat_entrant[i] = i;
    }
    match_record rec;
    Arena__MatchLog *log = match_run(&ms, pool, &rec);
    count_moves(st, log, seat);
    match_log_free(log);
    st->games++;
    if (outcome_is_forfeit(rec.end) && rec.culprit == seat) {
        st->refused += rec.end == OUTCOME_SETUP;
        st->timeouts += rec.end == OUTCOME_TIME && !rec.at_start;
        st->forfeits++;
        st->losses++;
        char how[512], when[48] = "";
        outcome_blame(rec.end, s->entrants[0]->display, rec.end_detail, how, sizeof how);
        if (!rec.at_start) /* as `arena match` says it: the replay must say the same */
            snprintf(when, sizeof when, ", after %d plies", rec.plies);
        printf("  FAIL  game %d (seat %d, seed %llu%s): %s\n", g + 1, seat,
               (unsigned long long)ms.seed, when, how);
        if (rec.reused[seat] && !fails_alone(s, &ms, &rec))
            printf("        not on its own: played again in a fresh process, as `arena match` "
                   "plays it, it did not fail so. Its process had played earlier games: look "
                   "for state kept from one game to the next (globals, static buffers) that "
                   "create() does not reset.\n");
        else
            print_reproduce(s, po, seat, np, ms.seed, rec.end);
        return;
    }
    double mine = rec.returns[seat], best_other = -1e300;
    for (int i = 0; i < np; i++)
        if (i != seat && rec.returns[i] > best_other) best_other = rec.returns[i];
    if (mine > best_other)
        st->wins++;
    else if (mine < best_other)
        st->losses++;
    else
        st->draws++;
}

/* The bot's think times. A move that timed out was never answered, so it is
 * in no log: without saying so, the slowest move would be the fastest of
 * a bot that lost every game on time. */
static void print_times(const check_stats *st, const play_opts *po)
{
    char budget[96];
    timectl_describe(&po->tc, budget, sizeof budget);
    if (st->timeouts)
        printf(
            "        %d move%s timed out, over the budget plus the %lld ms margin (budget: %s)\n",
            st->timeouts, st->timeouts == 1 ? "" : "s", (long long)(po->margin_us / 1000), budget);
    if (st->moves)
        printf("        %sslowest move %.2f ms, mean %.3f ms (budget: %s)\n",
               st->timeouts ? "answered in time: " : "", st->slowest_us / 1000.0,
               st->total_us / 1000.0 / st->moves, budget);
}

static int verdict(const session *s, const check_stats *st, const play_opts *po)
{
    const entrant *e = s->entrants[0];
    if (st->refused) { /* README: a bot that refuses the game: exit status 2, as one that
                        * does not load (it loads, said above, so the verdict names
                        * the refusal) */
        printf("Verdict: %s refuses the game: it loads, but would not start a game of %s "
               "(see the FAIL line).\n",
               e->display, s->name);
        return 2;
    }
    if (st->forfeits == 0)
        printf("  ok    no crashes, time losses, illegal moves or sandbox violations\n");
    printf("  %s %d game%s against random: %d win%s, %d draw%s, %d loss%s\n",
           st->forfeits ? "--   " : "ok   ", st->games, st->games == 1 ? "" : "s", st->wins,
           st->wins == 1 ? "" : "s", st->draws, st->draws == 1 ? "" : "s", st->losses,
           st->losses == 1 ? "" : "es");
    print_times(st, po);
    if (st->forfeits) {
        printf("Verdict: %s is NOT sound: it forfeited %d of %d games (see the FAIL lines "
               "and what is said under each).\n",
               e->display, st->forfeits, st->games);
        return 1;
    }
    printf("Verdict: %s is sound.\n", e->display);
    return 0;
}

int cmd_check(int argc, char **argv)
{
    play_opts po;
    play_opts_init(&po);
    int games = 10;
    struct option opts[] = {PLAY_LONG_OPTIONS,
                            {"games", required_argument, NULL, 'n'},
                            {"help", no_argument, NULL, 'h'},
                            {0, 0, 0, 0}};
    cli_seen seen;
    if (cli_start(&seen, "check", argc, argv, ":h", opts)) return 2;
    int c;
    long long v;
    while ((c = cli_next(&seen)) != -1) {
        if (c == 'h') return fputs(check_help, stdout), 0;
        if (cli_once(&seen, c, optarg)) return 2;
        if (c == 'n') {
            if (cli_int("check", "--games", optarg, 1, 100000, &v)) return 2;
            games = (int)v;
            continue;
        }
        if (c == OPT_OUT) /* check stores and logs nothing */
            return cli_error("check", 2, "unrecognized option '--out' (see arena check --help)");
        int r = play_opts_parse(&po, c, optarg, "check");
        if (r < 0) return 2;
        if (r == 0) return cli_bad_option(&seen, c);
    }
    if (cli_nonempty("check", (const char *const *)argv + optind, argc - optind, "a bot")) return 2;
    if (optind != argc - 1 || !po.game) {
        char hint[512] = "";
        if (!po.game) cli_game_hint(argv + optind, argc - optind, hint, sizeof hint);
        fprintf(stderr, "arena check: %s%s\n%s",
                !po.game ? "--game is required" : "give exactly one bot", hint, check_help);
        return 2;
    }
    if (po.iso.kind == SEAT_INLINE) /* a crash or a hang is what check is there to report */
        return cli_error("check", 2,
                         "--isolation inline: check plays the bot in its own process, where a "
                         "crash or a hang is a verdict; inline it would stop the arena");
    play_opts_warn(&po);
    const char *bots[2] = {argv[optind], "random"};
    session s;
    char err[1024];
    printf("Checking %s on %s\n", argv[optind], po.game);
    int opened = session_open(&s, po.game, bots, 2, &po.iso, err, sizeof err);
    if (opened) {
        printf("  FAIL  %s\nVerdict: the %s does not load.\n", err,
               opened == SESSION_NO_GAME ? "game" : "bot");
        return 2;
    }
    const entrant *e = s.entrants[0];
    printf("  ok    loads: %s %s by %s, plays: %s\n", e->name, e->version, e->author, e->games);
    int np = s.lr->rules->num_players(s.game);
    seat_pool *pool = session_pool(&s);
    check_stats st = {0};
    for (int g = 0; g < games && !st.refused; g++)
        play_one(&s, pool, &po, g, np, &st);
    pool_free(pool);
    int rc = verdict(&s, &st, &po);
    session_close(&s);
    return rc;
}
