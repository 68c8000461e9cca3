/* cli_check_test.c -- the promises of README.md's "Commands" section for
 * `arena check`, through the real arena binary: its exit statuses, the
 * command under a FAIL line that plays the game again, a failure that needs
 * the earlier games, moves that timed out. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "e2e_util.h"
#include "support.h"

#define ARENA ARENA_BIN_DIR "/arena"
#define EVIL(name) ARENA_TEST_BOTS_DIR "/" name ".so"

/* check: 0 sound (test_e2e), 1 forfeits (test_e2e), and 2 for a bot that
 * does not load (wrong ABI, missing symbol) or refuses the game -- which
 * loads, as check's "ok loads" line says, so its verdict names the refusal. */
START_TEST(check_exit_2_when_the_bot_does_not_load)
{
    static const struct {
        const char *bot, *says, *verdict;
    } cases[] = {
        {EVIL("refuser"), "refused the game: I only play chess, not morris",
         "refuses the game: it loads, but would not start a game of morris"},
        {EVIL("badabi"), "badabi.so", "does not load"},
        {EVIL("nosymbol"), "nosymbol.so", "does not load"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char *out;
        int rc = e2e_run(&out, "%s check %s --game morris --games 4", ARENA, cases[i].bot);
        ck_assert_msg(rc == 2, "check %s exited %d, not 2:\n%s", cases[i].bot, rc, out);
        ck_assert_msg(strstr(out, cases[i].says), "%s lacks '%s'", out, cases[i].says);
        ck_assert_msg(strstr(out, cases[i].verdict), "no verdict '%s':\n%s", cases[i].verdict, out);
        ck_assert_msg(!strstr(out, "is sound") && !strstr(out, "NOT sound"), "%s", out);
        /* the lines agree: a bot said to load is not said not to */
        ck_assert_msg(!strstr(out, "ok    loads") || !strstr(out, "does not load"), "%s", out);
        free(out);
    }
    /* a game that does not load is not the bot's fault, and says so */
    char *out;
    int rc = e2e_run(&out, "%s check random --game nosuch", ARENA);
    ck_assert_msg(rc == 2 && strstr(out, "game 'nosuch' not found") &&
                      strstr(out, "Verdict: the game does not load"),
                  "(%d) %s", rc, out);
    free(out);
}
END_TEST

/* The command check prints under a FAIL line plays that very game again,
 * with the bot in either seat: the seat order makes the dice and the bots'
 * seeds (match.h), and seedcrash crashes on a move that its seed picks, in
 * a game of querni that the dice and random's seed shape, so the same crash
 * after the same number of plies is the same game. The options check was
 * given that change a game (the margin, the memory limit) come with it. */
START_TEST(check_replay_command_plays_the_game_again)
{
    char dir[256], *out;
    e2e_tmpdir(dir, sizeof dir);
    int rc = e2e_run(&out, "%s check %s --game querni --seed 3 --games 8 --margin 60 --mem 512",
                     ARENA, EVIL("seedcrash"));
    ck_assert_msg(rc == 1, "check exited %d:\n%s", rc, out);
    int seats[2] = {0, 0};
    static const char fail[] = "  FAIL  game ";
    for (const char *l = strstr(out, fail); l; l = strstr(l + 1, fail)) {
        int game, seat, plies;
        ck_assert_msg(sscanf(l, "  FAIL  game %d (seat %d, seed %*u, after %d plies)", &game, &seat,
                             &plies) == 3 &&
                          seat >= 0 && seat < 2,
                      "unreadable FAIL line in:\n%s", out);
        const char *cmd = strstr(l, "replay it: arena match ");
        ck_assert_msg(cmd, "no command under game %d:\n%s", game, out);
        cmd += strlen("replay it: arena ");
        char line[2048];
        snprintf(line, sizeof line, "%.*s", (int)strcspn(cmd, "\n"), cmd);
        ck_assert_msg(strstr(line, " --margin 60") && strstr(line, " --mem 512"),
                      "options lost: %s", line);
        char *replay, want[64];
        rc = e2e_run(&replay, "%s %s --out %s", ARENA, line, dir);
        snprintf(want, sizeof want, "after %d plies\n", plies);
        ck_assert_msg(rc == 0 && strstr(replay, want) && strstr(replay, "Ended: seedcrash crashed"),
                      "game %d (seat %d) crashed after %d plies in check; `arena %s` "
                      "(%d):\n%s",
                      game, seat, plies, line, rc, replay);
        free(replay);
        /* and the same game under a debugger, the bot in the arena's own
         * process: without gdb here, the crash takes the arena down */
        const char *dbg = strstr(l, "debug it:  gdb -ex run --args arena match ");
        const char *next = strstr(l + 1, fail);
        ck_assert_msg(dbg && (!next || dbg < next), "no debug command under game %d:\n%s", game,
                      out);
        dbg += strlen("debug it:  gdb -ex run --args arena ");
        char debug[2100];
        snprintf(debug, sizeof debug, "%.*s", (int)strcspn(dbg, "\n"), dbg);
        char want_debug[2100];
        snprintf(want_debug, sizeof want_debug, "%s --isolation inline", line);
        ck_assert_str_eq(debug, want_debug);
        rc = e2e_run(&replay, "%s %s --out %s", ARENA, debug, dir);
        ck_assert_msg(rc != 0 && !strstr(replay, "Result:"), "`arena %s` did not crash (%d):\n%s",
                      debug, rc, replay);
        free(replay);
        seats[seat]++;
    }
    ck_assert_msg(seats[0] && seats[1], "no FAIL in each seat (%d, %d):\n%s", seats[0], seats[1],
                  out);
    free(out);
    e2e_rmrf(dir);
}
END_TEST

/* check reuses a bot's process between games, as a tournament does, where
 * `arena match` starts a fresh one: a failure that needs an earlier game in
 * the process (leftover crashes in its second game) does not replay alone.
 * check plays such a game again in a fresh process and, when it does not
 * fail so, says that the failure needs the earlier games instead of
 * printing a replay command that would not show it. */
START_TEST(check_says_when_a_failure_needs_earlier_games)
{
    char *out;
    int rc = e2e_run(&out, "%s check %s --game morris --games 4", ARENA, EVIL("leftover"));
    ck_assert_msg(rc == 1, "check exited %d:\n%s", rc, out);
    int fails = 0;
    static const char fail[] = "  FAIL  game ";
    for (const char *l = strstr(out, fail); l; l = strstr(l + 1, fail)) {
        const char *next = strstr(l + 1, fail), *note = strstr(l, "not on its own: ");
        const char *replay = strstr(l, "replay it:");
        ck_assert_msg(note && (!next || note < next) && (!replay || (next && replay > next)),
                      "FAIL %d has no note, or a replay command:\n%s", fails + 1, out);
        fails++;
    }
    /* games 2 and 4: the second game of each process (a failed seat closes) */
    ck_assert_msg(fails == 2 && strstr(out, "  FAIL  game 2 ") && strstr(out, "  FAIL  game 4 "),
                  "%d FAIL lines:\n%s", fails, out);
    free(out);
}
END_TEST

/* A move that timed out is in no log: check counts such moves and says they
 * overran, where it said "slowest move" of the moves answered in time; the
 * budget is the time control as the arena writes it, with unit and
 * increment. slow sleeps twice its budget (2 s of its 1 s clock). */
START_TEST(check_counts_timed_out_moves)
{
    char *out;
    int rc = e2e_run(&out, "%s check %s --game morris --games 2 --tc 1+0.5", ARENA, EVIL("slow"));
    ck_assert_msg(rc == 1 && strstr(out, "2 moves timed out") && strstr(out, "(budget: 1+0.5 s)") &&
                      !strstr(out, "slowest move"),
                  "(%d):\n%s", rc, out);
    free(out);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("cli_check");
    TCase *tc = tcase_create("cli_check");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, check_exit_2_when_the_bot_does_not_load);
    tcase_add_test(tc, check_replay_command_plays_the_game_again);
    tcase_add_test(tc, check_says_when_a_failure_needs_earlier_games);
    tcase_add_test(tc, check_counts_timed_out_moves);
    suite_add_tcase(s, tc);
    return support_main(s);
}
