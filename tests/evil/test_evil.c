/* test_evil.c -- hostile bots against the real arena (see CMakeLists.txt):
 * each is stopped with the right verdict, one line names a bot that cannot
 * even load, and a tournament with all of them finishes with every other
 * match played. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "arena/sdk.h"
#include "e2e_util.h"
#include "matchlog.h"
#include "text.h"
#include "support.h"

#define ARENA ARENA_BIN_DIR "/arena"
#define EVIL(name) EVIL_BOTS_DIR "/" name ".so"

static const char *evil_path(const char *bot)
{
    static char path[512];
    snprintf(path, sizeof path, "%s/%s.so", EVIL_BOTS_DIR, bot);
    return path;
}

/* One match of the bot (seat 0) against random at move_ms a move: the
 * verdict line. */
static void assert_verdict_at(const char *bot, const char *verdict, int move_ms)
{
    char dir[256], *out;
    e2e_tmpdir(dir, sizeof dir);
    int rc = e2e_run(&out, "%s match --game morris %s random --move-time %d --seed 1 --out %s",
                     ARENA, evil_path(bot), move_ms, dir);
    char want[256]; /* "Ended: leaser lost by sandbox violation: fcntl" (outcome.h) */
    snprintf(want, sizeof want, "Ended: %s ", bot);
    const char *line = strstr(out, want);
    ck_assert_msg(rc == 0 && line && strstr(line, verdict),
                  "%s: want '%s... %s', got (%d):\n%.1500s", bot, want, verdict, rc, out);
    ck_assert_msg(strstr(out, "0-1"), "%s did not lose:\n%.1500s", bot, out);
    free(out);
    e2e_rmrf(dir);
}

/* A bot that does its harm at its first move: the move time only bounds the
 * wait, so it is one no loaded machine reaches (at 500 ms, under ASan, the
 * scheduler bot once lost on time before its violation was seen). */
static void assert_verdict(const char *bot, const char *verdict)
{
    assert_verdict_at(bot, verdict, 20000);
}

START_TEST(signals_through_descriptors)
{
    assert_verdict("sigowner", "sandbox violation: fcntl");
    assert_verdict("asyncflag", "sandbox violation: fcntl");
}
END_TEST

START_TEST(scheduling_of_others_and_realtime)
{
    assert_verdict("scheduler", "sandbox violation: sched_setscheduler");
    assert_verdict("realtime", "sandbox violation: sched_setscheduler");
    assert_verdict("idler", "sandbox violation: sched_setscheduler");
    assert_verdict("unstopper", "sandbox violation: kill");
}
END_TEST

/* Yielding and read-ahead hints do nothing (yielder.c): the arena and a busy
 * process share one processor, where each real yield would hand it over. */
START_TEST(yields_and_read_ahead_do_nothing)
{
    char dir[256], *out;
    e2e_tmpdir(dir, sizeof dir);
    int rc = e2e_run(&out,
                     "taskset -c 0 sh -c 'while :; do :; done' & busy=$!; "
                     "taskset -c 0 %s match --game morris %s random --move-time 20000 --seed 1 "
                     "--out %s 2>&1; rc=$?; kill $busy; exit $rc",
                     ARENA, EVIL("yielder"), dir);
    ck_assert_msg(rc == 0 && strstr(out, " switches in 200 yields\n") && strstr(out, "Result:") &&
                      !strstr(out, "Ended: yielder"),
                  "(%d)\n%.1500s", rc, out);
    free(out);
    e2e_rmrf(dir);
}
END_TEST

START_TEST(leases_and_locks)
{
    assert_verdict("leaser", "sandbox violation: fcntl");
    assert_verdict("locker", "sandbox violation: flock");
}
END_TEST

/* Red team 8: a bot that closes its channel and runs on (closer) or waits
 * (shutter) crashes, and costs the arena no more than its host's short look
 * at how it ends (worker_main.c, HOST_END_MS: 200 ms), whatever its time
 * control -- it once cost 2 s a game, the bot spinning meanwhile. A 20 s
 * move time, so that no loaded machine makes the start late; the bound from
 * the close to the arena's exit (the host's wait, the arena's Fault, the
 * log, the other seat's host's exit: 0.5-0.6 s here with two test suites
 * running, 2 s more before) is 1.8 s, below the old wait alone; and the
 * count of lines the closer printed after its close, 10 ms apart, shows it
 * stopped. */
static void assert_closed_channel(const char *bot)
{
    char dir[256], *out;
    e2e_tmpdir(dir, sizeof dir);
    int rc = e2e_run(&out, "%s match --game morris %s random --move-time 20000 --seed 1 --out %s",
                     ARENA, evil_path(bot), dir);
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now); /* the jail has no time namespace: the bot's clock */
    char want[128];
    snprintf(want, sizeof want, "Ended: %s crashed: closed its channel", bot);
    ck_assert_msg(rc == 0 && strstr(out, want) && strstr(out, "0-1"), "(%d)\n%.1500s", rc, out);
    const char *at = strstr(out, "closer: closing at ");
    if (at) {
        long long closed_us = atoll(at + strlen("closer: closing at "));
        long long after_ms =
            ((long long)now.tv_sec * 1000000 + now.tv_nsec / 1000 - closed_us) / 1000;
        ck_assert_msg(after_ms >= 0 && after_ms < 1800, "the arena ended %lld ms after the close",
                      after_ms);
        int running = 0;
        for (const char *p = out; (p = strstr(p, "closer: still running")); p++)
            running++;
        ck_assert_msg(running <= 2, "the closer ran on: %d lines", running);
    }
    free(out);
    e2e_rmrf(dir);
}

START_TEST(a_closed_channel_costs_only_a_look)
{
    assert_closed_channel("closer");
    assert_closed_channel("shutter");
}
END_TEST

START_TEST(pause_loses_on_time)
{
    assert_verdict_at("pauser", "lost on time: no answer within 550 ms", 500);
}
END_TEST

/* Item 8: a bot blocked on its full output pipe loses on time, and the
 * verdict says why; one that only waits is not said to have printed. */
START_TEST(printing_past_the_cap_is_named)
{
    assert_verdict_at("printer", "lost on time: no answer within 550 ms: it was blocked printing",
                      500);
    char dir[256], *out;
    e2e_tmpdir(dir, sizeof dir);
    int rc = e2e_run(&out, "%s match --game morris %s random --move-time 500 --seed 1 --out %s",
                     ARENA, EVIL("pauser"), dir);
    ck_assert_msg(rc == 0 && strstr(out, "Ended: pauser lost on time") &&
                      !strstr(out, "blocked printing"),
                  "(%d)\n%.1500s", rc, out);
    free(out);
    e2e_rmrf(dir);
}
END_TEST

/* Item 5: what a bot computes on the opponent's move counts on its own clock
 * (2 s a move, 3 s of CPU work on each event: a move time no stall of a
 * loaded machine reaches for the honest seat, which moves first). In a
 * two-player game the event comes just before the bot's own turn, so this
 * cannot tell whether the bot was stopped in between; that it is, is
 * test_worker's test_bot_stopped_between_requests. */
START_TEST(no_thinking_on_the_others_time)
{
    char dir[256], *out;
    e2e_tmpdir(dir, sizeof dir);
    int rc = e2e_run(&out, "%s match --game morris random %s --move-time 2000 --seed 1 --out %s",
                     ARENA, EVIL("ponderer"), dir);
    ck_assert_msg(rc == 0 && strstr(out, "Ended: ponderer lost on time"), "(%d)\n%.1500s", rc, out);
    free(out);
    e2e_rmrf(dir);
}
END_TEST

/* Item 2: a bot that floods its channel loses and no process grows: the host
 * reads one packet of at most 1 MB per request. */
START_TEST(flood_is_garbage_and_bounded)
{
    assert_verdict("flooder", "unreadable reply: a message of ");
}
END_TEST

/* Exactly one answer per request: an extra, well-formed one is garbage. */
START_TEST(answer_nobody_asked_for)
{
    /* whether the host sees the extra answer before the next request or as
     * the answer to it depends on when the bot is stopped: both lose so */
    assert_verdict("eager", "unreadable reply: sent a message nobody asked for");
}
END_TEST

/* Item 7 (and 3, 6): from the jail a bot sees no other process -- not the
 * arena's environment, command line (the tournament seed), memory or open
 * store, not a hidden-information opponent's memory -- and no one's files.
 * The spy loses by an illegal action as soon as it reaches any of it, and
 * says what on its stderr. The control: with --sandbox seccomp (no jail) it
 * does reach them, so the test can tell. */
static int spy_run(const char *sandbox, char **out)
{
    char dir[256];
    e2e_tmpdir(dir, sizeof dir);
    int rc = e2e_run(out,
                     "ARENA_SPY_SECRET=xyzzy %s match --game kursk %s random --move-time 5000 "
                     "--seed 424242 --sandbox %s --out %s 2>&1",
                     ARENA, evil_path("spy"), sandbox, dir);
    e2e_rmrf(dir);
    return rc;
}

START_TEST(jail_hides_everything_else)
{
    char *out;
    int rc = spy_run("jail", &out);
    ck_assert_msg(rc == 0 && strstr(out, "Result:") && !strstr(out, "spy: ") &&
                      !strstr(out, "illegal action"),
                  "the spy reached something from the jail (%d):\n%.3000s", rc, out);
    free(out);
    rc = spy_run("seccomp", &out);
    ck_assert_msg(rc == 0 && strstr(out, "spy: read /proc/") &&
                      strstr(out, "Ended: spy lost by illegal action"),
                  "control: without the jail the spy should reach the arena (%d):\n%.3000s", rc,
                  out);
    free(out);
}
END_TEST

/* The logs of the first file in dir/matches (a single match: its one log). */
static Arena__MatchLog **read_match_logs(const char *dir, size_t *n)
{
    Arena__MatchLog **logs;
    char err[512], path[600], *out;
    ck_assert_int_eq(e2e_run(&out, "ls %s/matches/*.pb", dir), 0);
    snprintf(path, sizeof path, "%.*s", (int)strcspn(out, "\n"), out);
    free(out);
    ck_assert_msg(matchlog_read_all(path, &logs, n, err, sizeof err) == 0, "%s", err);
    return logs;
}

/* Each move's CPU time is measured from the bot's process and logged beside
 * its wall time: the burner bot spins on its first move until its process has
 * used 1.2 s of CPU (less what starting took: well under 0.5 s even under
 * ASan). */
START_TEST(cpu_time_is_logged)
{
    char dir[256], *out;
    e2e_tmpdir(dir, sizeof dir);
    int rc = e2e_run(&out,
                     "%s match --game morris %s random --move-time 120000 --seed 1 --out %s && "
                     "%s replay --no-board %s/matches/*.pb",
                     ARENA, ARENA_TEST_BOTS_DIR "/burner.so", dir, ARENA, dir);
    ck_assert_msg(rc == 0, "(%d)\n%.1500s", rc, out);
    free(out);
    size_t n;
    Arena__MatchLog **logs = read_match_logs(dir, &n);
    ck_assert_msg(n == 1 && logs[0]->n_actions > 0, "%zu logs, %zu actions", n,
                  n ? logs[0]->n_actions : 0);
    const Arena__LoggedAction *first = logs[0]->actions[0];
    ck_assert_int_eq(first->seat, 0);
    ck_assert_msg(first->cpu_us >= 500000 && first->cpu_us <= first->think_us + 100000,
                  "cpu %lld us, wall %lld us", (long long)first->cpu_us,
                  (long long)first->think_us);
    matchlog_free_all(logs, n);
    e2e_rmrf(dir);
}
END_TEST

/* Thinking in create() (3 s of CPU a game) is on the bot's time: with a
 * fixed time per move a start has one move's time, sandboxed or inline; with
 * a clock the start comes off it, and the log keeps it. */
START_TEST(a_start_is_on_the_clock)
{
    assert_verdict_at("starter", "lost on time: starting the game: no answer within 550 ms", 500);
    char dir[256], *out;
    e2e_tmpdir(dir, sizeof dir);
    int rc = e2e_run(&out,
                     "%s match --game morris %s random --move-time 500 --isolation inline "
                     "--seed 1 --out %s",
                     ARENA, EVIL("starter"), dir);
    ck_assert_msg(rc == 0 && strstr(out, "Ended: starter lost on time: started the game after"),
                  "(%d)\n%.1500s", rc, out);
    free(out);
    e2e_rmrf(dir);

    e2e_tmpdir(dir, sizeof dir);
    rc = e2e_run(&out, "%s match --game morris %s random --tc 30+0 --seed 1 --out %s", ARENA,
                 EVIL("starter"), dir);
    ck_assert_msg(rc == 0 && !strstr(out, "lost on time"), "(%d)\n%.1500s", rc, out);
    free(out);
    size_t n;
    Arena__MatchLog **logs = read_match_logs(dir, &n);
    ck_assert_uint_eq(n, 1);
    ck_assert_uint_eq(logs[0]->n_start_think_us, 2);
    ck_assert_uint_eq(logs[0]->n_start_cpu_us, 2);
    ck_assert_msg(logs[0]->start_cpu_us[0] >= 2900000 &&
                      logs[0]->start_think_us[0] >= logs[0]->start_cpu_us[0] - 100000,
                  "start: cpu %lld us, think %lld us", (long long)logs[0]->start_cpu_us[0],
                  (long long)logs[0]->start_think_us[0]);
    ck_assert_msg(logs[0]->start_think_us[1] < 2900000, "random's start: %lld us",
                  (long long)logs[0]->start_think_us[1]);
    matchlog_free_all(logs, n);
    e2e_rmrf(dir);
}
END_TEST

/* Work past its answers, made 300 ms long (how: the caller's), is the bot's
 * own time, charged to its next request. At 100 ms a move, `loser` (a bot
 * of `bots`) loses on time, said as work past its answer; with a clock, each
 * move of seat `seat` (-1: every seat) carries the 300 ms. `env` is the test
 * hook that makes the window 300 ms. */
static void work_past_answers_is_charged(const char *env, const char *bots, const char *loser,
                                         int seat)
{
    char dir[256], *out, said[128];
    e2e_tmpdir(dir, sizeof dir);
    int rc = e2e_run(&out, "%s %s match --game morris %s --move-time 100 --seed 1 --out %s", env,
                     ARENA, bots, dir);
    snprintf(said, sizeof said, "Ended: %s lost on time: ", loser);
    const char *at = strstr(out, said);
    at = at ? strstr(at, " ms: it ran on ") : NULL;
    double ms = 0; /* the 300 ms less what it had for its answer, at most */
    ck_assert_msg(rc == 0 && at && sscanf(at + strlen(" ms: it ran on "), "%lf", &ms) == 1 &&
                      ms >= 290 && strstr(at, " ms after its previous answer"),
                  "(%d)\n%.1500s", rc, out);
    free(out);
    e2e_rmrf(dir);

    e2e_tmpdir(dir, sizeof dir);
    rc = e2e_run(&out, "%s %s match --game morris:max_turns=4 %s --tc 30+0 --seed 1 --out %s", env,
                 ARENA, bots, dir);
    ck_assert_msg(rc == 0 && strstr(out, "Ended: turn cap"), "(%d)\n%.1500s", rc, out);
    free(out);
    size_t n;
    Arena__MatchLog **logs = read_match_logs(dir, &n);
    ck_assert_uint_eq(n, 1);
    int moves = 0;
    for (size_t i = 0; i < logs[0]->n_actions; i++) {
        const Arena__LoggedAction *a = logs[0]->actions[i];
        if (seat >= 0 && a->seat != seat) continue;
        moves++;
        ck_assert_msg(a->think_us >= 290000, "move %zu: think %lld us, cpu %lld us", i,
                      (long long)a->think_us, (long long)a->cpu_us);
    }
    ck_assert_int_ge(moves, 2);
    matchlog_free_all(logs, n);
    e2e_rmrf(dir);
}

/* Work past an answer (the afterglow bot hooks the runner's send() and
 * spins 300 ms after each answer). The test hook ARENA_TEST_STOP_WHEN_IDLE
 * makes the host stop the jail only once it sleeps, so the window is the
 * bot's 300 ms rather than the moment a stop takes to land: without the
 * charge the bot plays on with 300 ms free a move. */
START_TEST(work_after_an_answer_counts)
{
    char bots[512];
    snprintf(bots, sizeof bots, "%s random", EVIL("afterglow"));
    work_past_answers_is_charged("ARENA_TEST_STOP_WHEN_IDLE=1", bots, "afterglow", 0);
}
END_TEST

/* A stop that lands late is the bot's time until it lands. A call that only
 * a fatal signal breaks off (a long read() of a cold file,
 * madvise(MADV_POPULATE_READ), a MAP_POPULATE mmap) holds its host's stop
 * off for as long as it lasts, seconds of disk reads that are no CPU time
 * and were once free on the opponent's time (a red-team book bot). How long
 * such a call takes is the disk's to say, so the test hook
 * ARENA_TEST_STOP_LATE_MS has the host send its stop 300 ms after each
 * answer, as if it took that long to land, while the bots (random and
 * first_legal, asleep on their channels) stay what they are: random loses
 * its start (the first request after its loading), and with a clock every
 * move carries the 300 ms. */
START_TEST(a_stop_that_lands_late_counts)
{
    work_past_answers_is_charged("ARENA_TEST_STOP_LATE_MS=300",
                                 "random " ARENA_TEST_BOTS_DIR "/first_legal.so", "random", -1);
}
END_TEST

/* Work after the game (a destroy() that never returns, which a sandboxed
 * bot runs when its next game starts) counts against that start: one move's
 * time, where a start once had 10 s. Two rounds at -j 1: each process plays
 * one game normally (the two seat orders of a table share a deal, so they
 * take two processes), then loses its next start. */
START_TEST(the_end_of_a_game_counts_at_the_next_start)
{
    char dir[256], *out;
    e2e_tmpdir(dir, sizeof dir);
    int rc = e2e_run(&out,
                     "%s tournament --game morris --bots %s random --rounds 2 --move-time 500 "
                     "--seed 3 --no-report --out %s",
                     ARENA, ARENA_TEST_BOTS_DIR "/lingerer.so", dir);
    ck_assert_msg(rc == 0 && strstr(out, "4 matches in") && strstr(out, " 2 forfeits"),
                  "(%d)\n%.2500s", rc, out);
    ck_assert_msg(strstr(out, "lost on time: starting the game: no answer within 550 ms") &&
                      strstr(out, ": the end of its last game counts here"),
                  "%.2500s", out);
    free(out);
    e2e_rmrf(dir);
}
END_TEST

/* A bot that cannot load: one line naming its file and the cause, exit 2,
 * within a few seconds (the load limit is 5 s; 20 s under ASan). */
static void assert_does_not_load(const char *bot, const char *cause)
{
    char *out, dir[512];
    e2e_tmpdir(dir, sizeof dir);
    int64_t t0 = arena_now_us();
    int rc = e2e_run(&out, "%s match --game morris %s random --seed 1 --out %s", ARENA,
                     evil_path(bot), dir);
    double secs = (double)(arena_now_us() - t0) / 1e6;
    ck_assert_msg(rc == 2 && strstr(out, evil_path(bot)) && strstr(out, cause),
                  "%s: want exit 2 naming the file and '%s', got (%d):\n%.1500s", bot, cause, rc,
                  out);
    ck_assert_msg(secs < 60, "%s took %.1f s to be refused", bot, secs);
    free(out);
}

/* Broken files: one line naming the file and the cause, exit 2, quickly. */
START_TEST(broken_files_are_named)
{
    char dir[256], path[512], *out;
    e2e_tmpdir(dir, sizeof dir);
    const char *cases[][2] = {
        {"text.so", "printf 'not a shared object' > %s"},
        {"dir.so", "mkdir %s"},
        {"zero.so", "ln -s /dev/zero %s"},
    };
    const char *causes[] = {"cannot load", "not a regular file", "not a regular file"};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, cases[i][0]);
        char cmd[1200];
        snprintf(cmd, sizeof cmd, cases[i][1], path);
        ck_assert_int_eq(system(cmd), 0);
        int64_t t0 = arena_now_us();
        int rc =
            e2e_run(&out, "%s match --game morris %s random --seed 1 --out %s", ARENA, path, dir);
        double secs = (double)(arena_now_us() - t0) / 1e6;
        ck_assert_msg(rc == 2 && strstr(out, path) && strstr(out, causes[i]) && secs < 60,
                      "%s: want exit 2 naming the file and '%s', got (%d, %.1f s):\n%.1500s",
                      cases[i][0], causes[i], rc, secs, out);
        ck_assert_msg(!strchr(strstr(out, path), '\n') || strchr(strstr(out, path), '\n')[1] == 0,
                      "%s: more than one line:\n%s", cases[i][0], out);
        free(out);
    }
    e2e_rmrf(dir);
}
END_TEST

/* Files where games are searched are read before anything is loaded into
 * the arena: a bot there is not listed and its constructor never runs
 * (squatter.c writes its marker only outside a jail), and a rule module cut
 * short -- which dlopen maps past the end of the file, killing the arena
 * with SIGBUS at the first touch -- is one line naming the file, in the
 * listing (the other games still listed) and wherever it is named. */
START_TEST(game_search_loads_no_bot_and_no_torn_file)
{
    char dir[256], *out;
    e2e_tmpdir(dir, sizeof dir);
    int rc = e2e_run(&out,
                     "mkdir %s/p && ln -s %s %s/p/ && cp %s/rules/libmorris.so %s/p/ && "
                     "head -c 20000 %s/rules/libquerni.so > %s/p/torn.so",
                     dir, EVIL("squatter"), dir, ARENA_BIN_DIR, dir, ARENA_BIN_DIR, dir);
    ck_assert_int_eq(rc, 0);
    free(out);
    rc = e2e_run(&out, "SQUATTER_MARK=%s/mark ARENA_PATH=%s/p %s games 2>&1; test ! -e %s/mark",
                 dir, dir, ARENA, dir);
    ck_assert_msg(rc == 0, "the squatter's constructor ran in the arena (%d):\n%.1500s", rc, out);
    ck_assert_msg(!strstr(out, "squatter"), "a bot listed as a game:\n%.1500s", out);
    ck_assert_msg(strstr(out, "torn.so: cannot load: truncated") && strstr(out, "\nmorris "),
                  "%.1500s", out);
    free(out);
    rc = e2e_run(&out, "%s perft --game %s/p/torn.so --depth 1 2>&1", ARENA, dir);
    ck_assert_msg(rc == 2 && strstr(out, "torn.so: cannot load: truncated"), "(%d) %s", rc, out);
    free(out);
    rc = e2e_run(&out, "SQUATTER_MARK=%s/mark %s perft --game %s --depth 1 2>&1; test ! -e %s/mark",
                 dir, ARENA, EVIL("squatter"), dir);
    ck_assert_msg(rc == 0 && strstr(out, "squatter.so: a bot (it exports 'arena_bot_entry'), not a "
                                         "rule module"),
                  "the squatter ran as a game (%d): %s", rc, out);
    free(out);
    e2e_rmrf(dir);
}
END_TEST

/* The seat orders of a table share a deal (one match seed), but nothing a
 * bot sees comes back in another game of it: not its seed, not the dice
 * (match.h). The twin, which remembers both for every game its process
 * plays, plays both orders of 6 querni tables (a layout of 30 chance
 * outcomes) at -j 1, at -j 2 and inline -- where its memory is the arena's
 * and spans all 12 games (it says how many it remembers) -- and never meets
 * either again. (Before each order drew its own, inline it met the dice of
 * every table's first game in its second; which process plays which game is
 * test_match's no_seat_plays_a_deal_twice.) */
START_TEST(no_process_plays_a_deal_twice)
{
    const char *modes[] = {"-j 1", "-j 2", "-j 1 --isolation inline"};
    for (int m = 0; m < 3; m++) {
        char dir[256], *out;
        e2e_tmpdir(dir, sizeof dir);
        int rc = e2e_run(&out,
                         "%s tournament --game querni --bots %s random --rounds 6 --seed 3 "
                         "--move-time 5000 --no-report %s --out %s",
                         ARENA, evil_path("twin"), modes[m], dir);
        ck_assert_msg(rc == 0 && !strstr(out, "twin: the same") && !strstr(out, "illegal action"),
                      "%s: a deal came back (%d):\n%.3000s", modes[m], rc, out);
        if (m == 2)
            ck_assert_msg(strstr(out, "twin: 12 games remembered") != NULL,
                          "inline, the twin did not see all 12 games:\n%.3000s", out);
        free(out);
        e2e_rmrf(dir);
    }
}
END_TEST

/* BOT.d is the bot's to fill, so its name is the bot author's too: as a
 * symbolic link to "/" it once showed the spy, at /bot.d, the host's whole
 * tree and its /proc (the arena's command line with the seed). Such a link is
 * refused in one line; a real BOT.d shows the spy only itself. */
START_TEST(a_linked_data_directory_is_refused)
{
    char dir[256], *out;
    e2e_tmpdir(dir, sizeof dir);
    ck_assert_int_eq(
        e2e_run(NULL, "cp %s %s/spy.so && ln -s / %s/spy.d", evil_path("spy"), dir, dir), 0);
    const char *cmd = "ARENA_SPY_SECRET=xyzzy %s match --game kursk %s/spy.so random --move-time "
                      "5000 --seed 424242 --out %s/out 2>&1";
    int rc = e2e_run(&out, cmd, ARENA, dir, dir);
    char want[400];
    snprintf(want, sizeof want, "%s/spy.d: the bot's data directory is a symbolic link", dir);
    ck_assert_msg(rc == 2 && strstr(out, want) && !strstr(out, "spy: "),
                  "a linked BOT.d was not refused (%d):\n%.3000s", rc, out);
    free(out);
    ck_assert_int_eq(
        e2e_run(NULL, "rm %s/spy.d && mkdir %s/spy.d && echo 1 > %s/spy.d/book", dir, dir, dir), 0);
    rc = e2e_run(&out, cmd, ARENA, dir, dir);
    ck_assert_msg(rc == 0 && strstr(out, "Result:") && !strstr(out, "spy: ") &&
                      !strstr(out, "illegal action"),
                  "the spy reached something through its data directory (%d):\n%.3000s", rc, out);
    free(out);
    e2e_rmrf(dir);
}
END_TEST

/* A host without user namespaces (nouserns makes clone refuse them): an
 * unprivileged arena says so and refuses, and plays with the weaker isolation
 * only when asked for it by name; a root arena builds the jail without a user
 * namespace of its own (as inside a chroot), and the spy still sees nothing. */
START_TEST(no_user_namespaces)
{
    /* the arena runs as nobody here: a directory it can reach and write, and
     * a copy of the arena and what this match loads, since nobody may not
     * reach the build tree (a checkout under /root, as in a fresh chroot) */
    char dir[512], nobody_arena[600], *out;
    support_tmpdir_shared(dir, sizeof dir);
    snprintf(nobody_arena, sizeof nobody_arena, "%s/bin/arena", dir);
    int rc = e2e_run(&out,
                     "mkdir -p %s/bin/rules %s/bin/bots && cp %s %s/bin/ && "
                     "cp %s/rules/libmorris.so %s/bin/rules/ && cp %s/bots/random.so %s/bin/bots/ "
                     "&& chmod -R a+rX %s/bin",
                     dir, dir, ARENA, dir, ARENA_BIN_DIR, dir, ARENA_BIN_DIR, dir, dir);
    ck_assert_msg(rc == 0, "cannot copy the arena for nobody (%d):\n%s", rc, out);
    free(out);
    rc = e2e_run(&out, "%s --uid 65534 %s match --game morris random random --seed 1 --out %s",
                 NOUSERNS, nobody_arena, dir);
    ck_assert_msg(rc == 2 && strstr(out, "cannot build the jail") &&
                      strstr(out, "--sandbox seccomp") && !strstr(out, "Result:"),
                  "want a refusal (exit 2), got (%d):\n%.1500s", rc, out);
    free(out);
    rc = e2e_run(&out,
                 "%s --uid 65534 %s match --game morris random random --seed 1 --sandbox seccomp "
                 "--out %s",
                 NOUSERNS, nobody_arena, dir);
    ck_assert_msg(rc == 0 && strstr(out, "Result:") && strstr(out, "WITHOUT the jail"),
                  "want a game with a warning, got (%d):\n%.1500s", rc, out);
    free(out);
    rc = e2e_run(&out,
                 "ARENA_SPY_SECRET=xyzzy %s %s match --game kursk %s random --move-time 5000 "
                 "--seed 424242 --out %s",
                 NOUSERNS, ARENA, evil_path("spy"), dir);
    ck_assert_msg(rc == 0 && strstr(out, "Result:") && !strstr(out, "spy: ") &&
                      !strstr(out, "illegal action"),
                  "root, no user namespaces: the spy reached something (%d):\n%.3000s", rc, out);
    free(out);
    e2e_rmrf(dir);
}
END_TEST

START_TEST(constructor_cannot_stack_a_filter)
{
    assert_does_not_load("filterer", "sandbox violation: ");
}
END_TEST

START_TEST(constructor_that_hangs)
{
    assert_does_not_load("ctorhang", "did not load: no answer within ");
}
END_TEST

/* Output: the arena passes on a capped, cleaned part of what a bot prints,
 * and what a bot says about itself is cleaned everywhere it is shown. */
START_TEST(output_is_capped_and_cleaned)
{
    char dir[256], *out;
    e2e_tmpdir(dir, sizeof dir);
    int rc = e2e_run(&out,
                     "%s tournament --game morris --bots random %s %s --rounds 1 --move-time 20000 "
                     "--seed 3 --out %s 2>&1",
                     ARENA, EVIL("shouter"), EVIL("forger"), dir);
    ck_assert_msg(rc == 0 && strstr(out, "Rank"), "tournament failed (%d)", rc);
    ck_assert_msg(strlen(out) < 256 * 1024, "%zu bytes of output passed on", strlen(out));
    ck_assert_msg(strstr(out, "[shouter.so] ?[2J?[Hmatch 42: random crashed: signal 11"),
                  "no cleaned line of the bot");
    ck_assert_msg(strstr(out, "[shouter.so] (more output dropped"), "no note of the cap");
    ck_assert_msg(!strchr(out, '\033'), "an escape byte reached the output");
    ck_assert_msg(strstr(out, "forger__31m_match_42__random_crashed"), "no cleaned name");
    /* the forged line never starts a line of its own */
    ck_assert_msg(!strstr(out, "\nmatch 42: random crashed"), "a forged line got through");
    free(out);
    /* the store and the tables hold the cleaned name too */
    rc = e2e_run(&out, "%s ratings --game morris --format csv --out %s", ARENA, dir);
    ck_assert_msg(rc == 0 && strstr(out, "forger__31m_match_42") && !strchr(out, '\033'),
                  "ratings (%d):\n%.1500s", rc, out);
    free(out);
    e2e_rmrf(dir);
}
END_TEST

/* The cap counts what reaches the arena's output, the bot's label included:
 * 32,768 empty lines pass on no more than BOTOUT_MAX_PER_GAME bytes. */
START_TEST(empty_lines_count_against_the_cap)
{
    char dir[256], *out;
    e2e_tmpdir(dir, sizeof dir);
    int rc = e2e_run(&out, "%s match --game morris %s random --move-time 20000 --seed 3 --out %s",
                     ARENA, EVIL("blanker"), dir);
    size_t bytes = 0, lines = 0;
    for (const char *p = out; (p = strstr(p, "[blanker.so] ")); lines++) {
        const char *end = strchr(p, '\n');
        size_t n = end ? (size_t)(end - p) + 1 : strlen(p);
        if (strncmp(p, "[blanker.so] (more output dropped", 33) != 0) bytes += n;
        p += n;
    }
    ck_assert_msg(rc == 0 && strstr(out, "Result:") && strstr(out, "(more output dropped"),
                  "(%d) %.1500s", rc, out);
    ck_assert_msg(bytes <= 16 * 1024 && lines > 1000, "%zu bytes in %zu lines passed on", bytes,
                  lines);
    free(out);
    e2e_rmrf(dir);
}
END_TEST

/* No bot takes another's label: a declared name keeps only ASCII letters,
 * digits and . _ - + (text_clean_name), so the impostor's "mcts@1.0#2[x]
 * m<Cyrillic s>ts" is shown and stored as mcts_1.0_2_x__m_ts. */
START_TEST(names_cannot_take_a_label)
{
    char dir[256], *out;
    e2e_tmpdir(dir, sizeof dir);
    int rc = e2e_run(&out,
                     "%s tournament --game morris --bots mcts:iterations=10 %s --rounds 1 "
                     "--isolation inline --seed 3 --out %s",
                     ARENA, EVIL("impostor"), dir);
    ck_assert_msg(rc == 0 && strstr(out, " mcts_1.0_2_x__m_ts ") &&
                      strstr(out, " mcts[iterations=10] ") && !strstr(out, "mcts@") &&
                      !strstr(out, "\xd1\x81"),
                  "(%d) %.3000s", rc, out);
    free(out);
    rc = e2e_run(&out, "%s ratings --game morris --format csv --out %s", ARENA, dir);
    ck_assert_msg(rc == 0 && strstr(out, "mcts_1.0_2_x__m_ts") && !strstr(out, "mcts@"), "(%d) %s",
                  rc, out);
    free(out);
    e2e_rmrf(dir);
}
END_TEST

/* A megabyte of name, author and options help: the bot loads and plays, and
 * what it says is cleaned and cut everywhere it is listed. */
START_TEST(boasts_are_cut_and_cleaned)
{
    char dir[256], *out;
    e2e_tmpdir(dir, sizeof dir);
    /* a directory of its own: the other bots here would only slow the listing */
    int rc = e2e_run(&out, "mkdir %s/bots && ln -s %s %s/bots/", dir, EVIL("boaster"), dir);
    ck_assert_int_eq(rc, 0);
    free(out);
    rc = e2e_run(&out, "ARENA_PATH=%s/bots %s bots 2>&1", dir, ARENA);
    ck_assert_msg(rc == 0, "arena bots failed (%d)", rc);
    ck_assert_msg(!strchr(out, '\033') && !strchr(out, '\r'), "an escape reached the listing");
    ck_assert_msg(strlen(out) < 64 * 1024, "%zu bytes listed", strlen(out));
    ck_assert_msg(!strstr(out, "boaster.so: did not load"), "the boaster did not load:\n%.1500s",
                  out);
    /* the name is cut to its cap (text.h), every help line cleaned and indented */
    char name[TEXT_MAX_NAME + 2];
    memset(name, 'b', sizeof name - 1);
    memcpy(name, "boaster", 7);
    name[TEXT_MAX_NAME] = ' ';
    name[TEXT_MAX_NAME + 1] = '\0';
    ck_assert_msg(strstr(out, name), "no name cut to %d bytes:\n%.1500s", TEXT_MAX_NAME, out);
    name[TEXT_MAX_NAME] = ':';
    ck_assert_msg(strstr(out, name), "no options help line:\n%.1500s", out);
    const char *help = strstr(out, name);
    ck_assert_msg(strncmp(help + TEXT_MAX_NAME + 1, "depth=3  ?[2J?]0;owned??", 24) == 0,
                  "help not cleaned: %.200s", help);
    ck_assert_msg(!strstr(out, "\nmatch 42: random crashed"), "a forged line got through");
    free(out);
    rc = e2e_run(&out, "%s match --game morris %s random --seed 1 --out %s 2>&1", ARENA,
                 EVIL("boaster"), dir);
    ck_assert_msg(rc == 0 && strstr(out, "Result: boaster"), "match (%d):\n%.1500s", rc, out);
    ck_assert_msg(strlen(out) < 64 * 1024, "%zu bytes of output", strlen(out));
    free(out);
    e2e_rmrf(dir);
}
END_TEST

/* All the bots that load, with two honest ones: the tournament finishes, the
 * honest pair plays all its matches, and every hostile bot forfeits every
 * match with its verdict. The honest bots answer at once: 2 s a move is
 * beyond any stall of a loaded machine (500 ms was not, under ASan), and
 * costs only the pauser's waits. */
START_TEST(tournament_goes_on)
{
    char dir[256], *out;
    e2e_tmpdir(dir, sizeof dir);
    int rc = e2e_run(&out,
                     "%s tournament --game morris --bots random morris_greedy %s %s %s %s %s %s "
                     "%s --move-time 2000 -j 2 --seed 5 --out %s",
                     ARENA, EVIL("sigowner"), EVIL("asyncflag"), EVIL("scheduler"),
                     EVIL("realtime"), EVIL("leaser"), EVIL("locker"), EVIL("pauser"), dir);
    ck_assert_msg(rc == 0 && strstr(out, "Rank"), "tournament failed (%d)", rc);
    /* 9 bots: 36 pairs, both colours: 72 matches; every match with a hostile
     * bot is a forfeit: all but the 2 between random and morris_greedy */
    ck_assert_msg(strstr(out, "72 matches in") && strstr(out, " 70 forfeits"), "%.2000s",
                  strstr(out, "matches in") ? strstr(out, "matches in") : out);
    const char *forfeits = strstr(out, "Forfeits:");
    ck_assert_ptr_nonnull(forfeits);
    const char *bots[] = {"sigowner", "asyncflag", "scheduler", "realtime",
                          "leaser",   "locker",    "pauser"};
    for (size_t i = 0; i < sizeof bots / sizeof *bots; i++) {
        char line[128];
        snprintf(line, sizeof line, ": %s ", bots[i]);
        ck_assert_msg(strstr(forfeits, line), "no forfeit of %s", bots[i]);
    }
    /* the honest pair: both games played to the end, no forfeit of theirs */
    ck_assert_msg(!strstr(forfeits, ": random ") && !strstr(forfeits, ": morris_greedy "),
                  "an honest bot forfeited");
    free(out);
    e2e_rmrf(dir);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("evil");
    TCase *tc = tcase_create("hostile");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, signals_through_descriptors);
    tcase_add_test(tc, scheduling_of_others_and_realtime);
    tcase_add_test(tc, leases_and_locks);
    tcase_add_test(tc, pause_loses_on_time);
    tcase_add_test(tc, a_closed_channel_costs_only_a_look);
    tcase_add_test(tc, printing_past_the_cap_is_named);
    tcase_add_test(tc, no_thinking_on_the_others_time);
    tcase_add_test(tc, cpu_time_is_logged);
    tcase_add_test(tc, a_start_is_on_the_clock);
    tcase_add_test(tc, the_end_of_a_game_counts_at_the_next_start);
    tcase_add_test(tc, work_after_an_answer_counts);
    tcase_add_test(tc, a_stop_that_lands_late_counts);
    tcase_add_test(tc, yields_and_read_ahead_do_nothing);
    tcase_add_test(tc, flood_is_garbage_and_bounded);
    tcase_add_test(tc, answer_nobody_asked_for);
    tcase_add_test(tc, jail_hides_everything_else);
    tcase_add_test(tc, a_linked_data_directory_is_refused);
    tcase_add_test(tc, no_process_plays_a_deal_twice);
    tcase_add_test(tc, broken_files_are_named);
    tcase_add_test(tc, game_search_loads_no_bot_and_no_torn_file);
    tcase_add_test(tc, no_user_namespaces);
    tcase_add_test(tc, constructor_cannot_stack_a_filter);
    tcase_add_test(tc, constructor_that_hangs);
    tcase_add_test(tc, output_is_capped_and_cleaned);
    tcase_add_test(tc, names_cannot_take_a_label);
    tcase_add_test(tc, empty_lines_count_against_the_cap);
    tcase_add_test(tc, boasts_are_cut_and_cleaned);
    tcase_add_test(tc, tournament_goes_on);
    suite_add_tcase(s, tc);
    return support_main(s);
}
