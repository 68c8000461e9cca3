/* cli_match_test.c -- the promises of README.md's "Commands" section for
 * `arena match`, through the real arena binary: same seed, same game, not
 * stored; --show; a bad --out refused before play (match, tournament, sprt);
 * the unsandboxed modes' warnings; a bot's stdout lines shown as they come. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "e2e_util.h"
#include "matchlog.h"
#include "support.h"

#define ARENA ARENA_BIN_DIR "/arena"
#define EVIL(name) ARENA_TEST_BOTS_DIR "/" name ".so"

/* A match: its result, how it ended and its log; the same seed plays the same
 * game; a single match is not stored in arena.db. Here and below, where a
 * result or a game is asserted, bots that answer at once get 30 s a move: no
 * stall of a loaded machine then turns one run's game into a loss on time. */
START_TEST(match_same_seed_same_game_not_stored)
{
    char dir[2][256];
    Arena__MatchLog *log[2];
    for (int k = 0; k < 2; k++) {
        e2e_tmpdir(dir[k], sizeof dir[k]);
        char *out;
        int rc = e2e_run(&out,
                         "%s match --game morris morris_greedy random --seed 3 "
                         "--move-time 30000 --out %s",
                         ARENA, dir[k]);
        ck_assert_msg(rc == 0 && strstr(out, "Result: morris_greedy - random") &&
                          strstr(out, "\nEnded: ") && strstr(out, "\nLog: "),
                      "(%d)\n%s", rc, out);
        free(out);
        ck_assert_int_eq(e2e_run(&out, "ls %s/matches/*.pb", dir[k]), 0);
        out[strcspn(out, "\n")] = '\0';
        char err[512];
        log[k] = matchlog_read(out, err, sizeof err);
        ck_assert_msg(log[k], "%s", err);
        free(out);
        ck_assert_int_ne(e2e_run(NULL, "test -e %s/arena.db", dir[k]), 0);
    }
    ck_assert_uint_eq(log[0]->n_actions, log[1]->n_actions);
    ck_assert_uint_gt(log[0]->n_actions, 10);
    for (size_t i = 0; i < log[0]->n_actions; i++)
        ck_assert_int_eq(log[0]->actions[i]->action, log[1]->actions[i]->action);
    for (int k = 0; k < 2; k++) {
        arena__match_log__free_unpacked(log[k], NULL);
        e2e_rmrf(dir[k]);
    }
}
END_TEST

/* --show draws the board before the first move and after every move; an
 * unknown option value of the game is a one-line error naming it (exit 2). */
START_TEST(match_show_and_bad_game_option)
{
    char dir[256], *out;
    e2e_tmpdir(dir, sizeof dir);
    int rc = e2e_run(&out,
                     "%s match --game morris morris_greedy random --seed 3 --show "
                     "--move-time 30000 --out %s",
                     ARENA, dir);
    ck_assert_msg(rc == 0, "(%d)\n%s", rc, out);
    const char *after = strstr(out, " after ");
    int plies = after ? atoi(after + 7) : 0, boards = 0, moves = 0;
    ck_assert_int_gt(plies, 10);
    for (const char *p = out; (p = strstr(p, "\n  a b c d e f g\n")); p++)
        boards++;
    for (int k = 1; k <= plies; k++) {
        char key[32], line[256];
        snprintf(key, sizeof key, "%4d. [", k);
        moves += e2e_line_starting(out, key, line, sizeof line) == 0;
    }
    ck_assert_int_eq(moves, plies);
    ck_assert_int_eq(boards, plies + 1);
    free(out);
    rc = e2e_run(&out, "%s match --game morris:variant=bogus random random --out %s", ARENA, dir);
    ck_assert_msg(rc == 2 && strstr(out, "variant") && strstr(out, "bogus"), "(%d) %s", rc, out);
    ck_assert_ptr_eq(strchr(out, '\n'), strrchr(out, '\n')); /* one line */
    free(out);
    e2e_rmrf(dir);
}
END_TEST

/* An empty item of a game's options (a leading, trailing or doubled comma)
 * or an empty key is refused by every game, the whole string named with the
 * slip, before anything is played (exit 2). */
START_TEST(empty_game_option_items_are_refused)
{
    static const char *const games[] = {"morris", "kurnik", "soccer", "querni", "kursk", "rugby"};
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        char *out, want[128];
        int rc = e2e_run(&out, "%s match --game %s:, random random 2>&1", ARENA, games[i]);
        snprintf(want, sizeof want,
                 "arena match: --game %s:,: %s: empty option in ',' (a leading ',')", games[i],
                 games[i]);
        ck_assert_msg(rc == 2 && strstr(out, want), "%s: (%d) %s", games[i], rc, out);
        free(out);
    }
    static const struct {
        const char *cmd, *want;
    } cases[] = {
        {"match --game morris:variant=lasker, random random",
         "arena match: --game morris:variant=lasker,: morris: empty option in 'variant=lasker,' (a "
         "trailing ',')"},
        {"tournament --game morris:variant=lasker,,max_turns=9 --bots random random",
         "morris: empty option in 'variant=lasker,,max_turns=9' (a doubled ',')"},
        {"sprt --game morris:=x random random",
         "arena sprt: --game morris:=x: morris: option '=x' has no key in '=x' (expected "
         "key=value)"},
        {"bots --game kurnik:seats=3,", "kurnik: empty option in 'seats=3,' (a trailing ',')"},
    };
    char dir[256];
    e2e_tmpdir(dir, sizeof dir);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *out;
        int rc = e2e_run(&out, "cd %s && %s %s 2>&1", dir, ARENA, cases[i].cmd);
        ck_assert_msg(rc == 2 && strstr(out, cases[i].want), "%s: (%d) %s", cases[i].cmd, rc, out);
        ck_assert_ptr_eq(strchr(out, '\n'), strrchr(out, '\n')); /* one line */
        free(out);
    }
    ck_assert_int_eq(e2e_run(NULL, "test -e %s/results", dir), 1); /* nothing played */
    e2e_rmrf(dir);
}
END_TEST

/* A results directory that cannot be made is refused before anything is
 * played (a long match is not thrown away at its end), in one line naming
 * --out and the path (exit 2); a missing one is made with its parents. */
START_TEST(bad_out_is_named_before_playing)
{
    char dir[256], file[300], bad[320], *out;
    e2e_tmpdir(dir, sizeof dir);
    snprintf(file, sizeof file, "%s/plain-file", dir);
    snprintf(bad, sizeof bad, "%s/results", file);
    ck_assert_int_eq(e2e_run(NULL, "touch %s", file), 0);
    const char *cmds[] = {"match --game morris random random",
                          "tournament --game morris --bots random random",
                          "sprt --game morris random morris_greedy --max-games 2"};
    for (int i = 0; i < 3; i++) {
        int rc = e2e_run(&out, "%s %s --out %s", ARENA, cmds[i], bad);
        char want[400];
        snprintf(want, sizeof want, "--out %s: cannot create directory: Not a directory\n", bad);
        ck_assert_msg(rc == 2 && strstr(out, want) && !strstr(out, "Result") &&
                          !strstr(out, "Tournament ") && !strstr(out, "SPRT "),
                      "%s: (%d) %s", cmds[i], rc, out);
        free(out);
    }
    char deep[320];
    snprintf(deep, sizeof deep, "%s/a/b", dir);
    int rc = e2e_run(&out, "%s match --game morris random random --out %s", ARENA, deep);
    ck_assert_msg(rc == 0 && strstr(out, "\nLog: "), "(%d) %s", rc, out);
    free(out);
    ck_assert_int_eq(e2e_run(NULL, "ls %s/matches/*.pb", deep), 0);
    e2e_rmrf(dir);
}
END_TEST

/* The unsandboxed modes say so on stderr: --sandbox=off loudly, inline once
 * per run however many games. */
START_TEST(unsandboxed_modes_warn)
{
    char dir[256], *out;
    e2e_tmpdir(dir, sizeof dir);
    int rc = e2e_run(&out,
                     "{ %s match --game morris random random --seed 1 --sandbox=off "
                     "--out %s 2>&1 >/dev/null; }",
                     ARENA, dir);
    ck_assert_msg(rc == 0 && strstr(out, "arena: WARNING: --sandbox=off: bots run WITHOUT "
                                         "seccomp and resource limits"),
                  "(%d) %s", rc, out);
    free(out);
    rc = e2e_run(&out,
                 "{ %s match --game morris random random --seed 1 --out %s 2>&1 "
                 ">/dev/null; }",
                 ARENA, dir);
    ck_assert_msg(rc == 0 && !strstr(out, "WARNING"), "(%d) %s", rc, out);
    free(out);
    rc = e2e_run(&out,
                 "{ %s tournament --game morris --bots random morris_greedy --rounds 3 "
                 "--isolation inline --quiet --out %s 2>&1 >/dev/null; }",
                 ARENA, dir);
    const char *warn = "arena: --isolation inline: bots run UNSANDBOXED";
    char *first = strstr(out, warn);
    ck_assert_msg(rc == 0 && first && !strstr(first + 1, warn), "(%d) %s", rc, out);
    free(out);
    e2e_rmrf(dir);
}
END_TEST

/* Every input is checked before a warning: a bad --hosts with --insecure,
 * a bad game with --sandbox=off, are the error's one line alone (exit 2). */
START_TEST(bad_input_before_warnings)
{
    static const struct {
        const char *args, *want;
    } cases[] = {
        {"match --game morris random random --insecure --hosts bogus",
         "arena match: --hosts: 'bogus' is not tcp://HOST:PORT"},
        {"tournament --game morris --bots random random --insecure --hosts bogus",
         "arena tournament: --hosts: 'bogus' is not tcp://HOST:PORT"},
        {"match --game morris:variant=x random random --sandbox=off",
         "arena match: --game morris:variant=x: morris: bad value 'x' for variant"},
        {"match --game morris random random --sandbox=off --out /proc/x",
         "arena match: --out /proc/x: cannot create directory"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *out;
        int rc = e2e_run(&out, "%s %s 2>&1", ARENA, cases[i].args);
        ck_assert_msg(rc == 2 && strncmp(out, cases[i].want, strlen(cases[i].want)) == 0 &&
                          strchr(out, '\n') == strrchr(out, '\n'),
                      "%s: (%d) %s", cases[i].args, rc, out);
        free(out);
    }
}
END_TEST

/* A jailed bot's lines to stdout are shown as they come, every one, though
 * its stdout is a pipe and it never flushes (talker: printf a move; stdio
 * would have buffered them all and lost them at the process's end). */
START_TEST(a_bots_stdout_lines_are_shown)
{
    char dir[256], *out;
    e2e_tmpdir(dir, sizeof dir);
    int rc =
        e2e_run(&out, "%s match --game morris %s random --seed 1 --move-time 30000 --out %s 2>&1",
                ARENA, EVIL("talker"), dir);
    ck_assert_msg(rc == 0 && strstr(out, "[talker.so] talker: to stderr\n") &&
                      strstr(out, "[talker.so] talker: move 1\n"),
                  "(%d) %s", rc, out);
    int lines = 0, last = 0;
    for (const char *p = out; (p = strstr(p, "[talker.so] talker: move ")); p++) {
        lines++;
        last = atoi(p + strlen("[talker.so] talker: move "));
    }
    ck_assert_msg(lines > 10 && lines == last, "%d lines, the last move %d:\n%s", lines, last, out);
    free(out);
    e2e_rmrf(dir);
}
END_TEST

/* The memory guard's verdict goes where every forfeit goes: the match's
 * end and its log. On a machine of 100 MB that only the bots use (the
 * guard's test hook), the hoarder's 64 MB make it short: the hoarder
 * loses, in the guard's words, and the replay of the log says the same. */
START_TEST(the_memory_guards_verdict_is_the_matchs_end)
{
    char dir[256], *out;
    e2e_tmpdir(dir, sizeof dir);
    int rc = e2e_run(&out,
                     "ARENA_TEST_MEMGUARD_MB=100 %s match --game morris %s %s --seed 1 --out %s "
                     "2>&1",
                     ARENA, EVIL("hoarder"), EVIL("first_legal"), dir);
    const char *words = "crashed: killed: the machine ran short of memory (";
    ck_assert_msg(rc == 0 && strstr(out, "Result: hoarder - first_legal  0-1") &&
                      strstr(out, words) && strstr(out, "this bot held the most") &&
                      strstr(out, " in 1 jail; its largest process ("),
                  "(%d) %s", rc, out);
    free(out);
    rc = e2e_run(&out, "%s replay %s/matches/*.pb 2>&1", ARENA, dir);
    ck_assert_msg(rc == 0 && strstr(out, words) && strstr(out, "reproduced"), "(%d) %s", rc, out);
    free(out);
    e2e_rmrf(dir);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("cli_match");
    TCase *tc = tcase_create("cli_match");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, match_same_seed_same_game_not_stored);
    tcase_add_test(tc, match_show_and_bad_game_option);
    tcase_add_test(tc, empty_game_option_items_are_refused);
    tcase_add_test(tc, bad_out_is_named_before_playing);
    tcase_add_test(tc, unsandboxed_modes_warn);
    tcase_add_test(tc, bad_input_before_warnings);
    tcase_add_test(tc, a_bots_stdout_lines_are_shown);
    tcase_add_test(tc, the_memory_guards_verdict_is_the_matchs_end);
    suite_add_tcase(s, tc);
    return support_main(s);
}
