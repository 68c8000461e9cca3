/* cli_list_test.c -- the promises of README.md's "Commands" section for the
 * commands that list and inspect, each through the real arena binary: what
 * `arena games` and `arena bots` print (compared with the README's own
 * examples), each command's --help, replay's exit statuses, extra and
 * empty operands refused, and `arena perft`. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "e2e_util.h"
#include "matchlog.h"
#include "support.h"

#define ARENA ARENA_BIN_DIR "/arena"

/* The lines of README.md's example that follows `$ COMMAND` (up to the
 * closing fence), in a malloc'd string. */
static char *readme_example(const char *command)
{
    char *readme;
    ck_assert_int_eq(e2e_run(&readme, "cat %s/README.md", ARENA_SOURCE_DIR), 0);
    char key[256];
    snprintf(key, sizeof key, "\n$ %s\n", command);
    char *at = strstr(readme, key);
    ck_assert_msg(at, "README.md has no example of '%s'", command);
    at += strlen(key);
    char *end = strstr(at, "```");
    ck_assert_ptr_nonnull(end);
    char *text = strndup(at, (size_t)(end - at));
    free(readme);
    return text;
}

static int ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), k = strlen(tail);
    return n >= k && strcmp(s + n - k, tail) == 0;
}

/* `arena games`: the morris entry is the README's, line for line (the path
 * is where this build put the module); every bundled game is listed. */
START_TEST(games_lists_what_the_readme_shows)
{
    char *want = readme_example("arena games"), *out;
    ck_assert_int_eq(e2e_run(&out, "%s games", ARENA), 0);
    char *entry = strstr(out, "morris  (");
    ck_assert_msg(entry && (entry == out || entry[-1] == '\n'), "no morris entry:\n%s", out);
    const char *w = want, *g = entry;
    int lines = 0;
    while (*w) {
        size_t wl = strcspn(w, "\n"), gl = strcspn(g, "\n");
        char wline[512], gline[512];
        snprintf(wline, sizeof wline, "%.*s", (int)wl, w);
        snprintf(gline, sizeof gline, "%.*s", (int)gl, g);
        if (strstr(wline, "build/bin/rules/")) /* the path line: this build's */
            ck_assert_msg(gline[0] == ' ' && ends_with(gline, "/bin/rules/libmorris.so"),
                          "path line '%s'", gline);
        else
            ck_assert_str_eq(gline, wline);
        lines++;
        w += wl + (w[wl] == '\n');
        g += gl + (g[gl] == '\n');
    }
    ck_assert_int_eq(lines, 9);
    static const char *const games[] = {"kurnik  (2-4 players", "kursk  (2-3 players",
                                        "morris  (2 players)",  "querni  (2 players",
                                        "rugby  (2 players",    "soccer  (2 players"};
    for (size_t i = 0; i < sizeof games / sizeof *games; i++) {
        char line[512];
        ck_assert_msg(e2e_line_starting(out, games[i], line, sizeof line) == 0, "no '%s' in:\n%s",
                      games[i], out);
    }
    free(out);
    free(want);
}
END_TEST

/* `arena bots`: the README's header and rows (but the path, this build's);
 * --game keeps the bots of that game and those of every game; an unknown
 * game is an error naming it (exit 2). */
START_TEST(bots_lists_what_the_readme_shows)
{
    char *want = readme_example("arena bots"), *out;
    ck_assert_int_eq(e2e_run(&out, "%s bots", ARENA), 0);
    int rows = 0;
    for (const char *w = want; *w;) {
        size_t wl = strcspn(w, "\n");
        char wline[512], gline[512], first[64];
        snprintf(wline, sizeof wline, "%.*s", (int)wl, w);
        w += wl + (w[wl] == '\n');
        snprintf(first, sizeof first, "%.*s ", (int)strcspn(wline, " "), wline);
        ck_assert_msg(e2e_line_starting(out, first, gline, sizeof gline) == 0, "no '%s' row:\n%s",
                      first, out);
        char *path = strstr(wline, "build/bin/bots/");
        if (!path) { /* the header */
            ck_assert_str_eq(gline, wline);
            continue;
        }
        size_t cols = (size_t)(path - wline);
        ck_assert_msg(strncmp(gline, wline, cols) == 0, "'%s' is not '%s'", gline, wline);
        char tail[128];
        snprintf(tail, sizeof tail, "/bin/bots/%.*s.so", (int)strcspn(first, " "), first);
        ck_assert_msg(ends_with(gline, tail), "'%s' does not end with %s", gline, tail);
        rows++;
    }
    ck_assert_int_eq(rows, 2);
    free(out);
    free(want);
    ck_assert_int_eq(e2e_run(&out, "%s bots --game morris", ARENA), 0);
    char line[512];
    ck_assert(e2e_line_starting(out, "morris_greedy ", line, sizeof line) == 0);
    ck_assert(e2e_line_starting(out, "random ", line, sizeof line) == 0);
    ck_assert(e2e_line_starting(out, "mcts ", line, sizeof line) == 0);
    ck_assert_msg(!strstr(out, "soccer_greedy") && !strstr(out, "kurnik_smart"), "%s", out);
    free(out);
    ck_assert_int_eq(e2e_run(&out, "%s bots --game nosuch", ARENA), 2);
    ck_assert_msg(strstr(out, "game 'nosuch' not found"), "%s", out);
    ck_assert_ptr_eq(strchr(out, '\n'), strrchr(out, '\n')); /* one line */
    free(out);
    /* A game with options, as every other command takes it: the options are
     * checked by the game, and the bots listed are those of the game. */
    ck_assert_int_eq(e2e_run(&out, "%s bots --game morris:variant=lasker", ARENA), 0);
    ck_assert(e2e_line_starting(out, "morris_greedy ", line, sizeof line) == 0);
    ck_assert_msg(!strstr(out, "soccer_greedy"), "%s", out);
    free(out);
    ck_assert_int_eq(e2e_run(&out, "%s bots --game morris:variant=x", ARENA), 2);
    ck_assert_msg(strstr(out, "--game morris:variant=x: morris: bad value 'x' for variant"), "%s",
                  out);
    ck_assert_ptr_eq(strchr(out, '\n'), strrchr(out, '\n'));
    free(out);
}
END_TEST

/* `arena --help` lists them; `arena COMMAND --help` gives each one's options. */
START_TEST(every_command_has_help)
{
    static const char *const cmds[] = {"games",   "bots",   "match", "tournament",
                                       "ratings", "replay", "check", "perft"};
    for (size_t i = 0; i < sizeof cmds / sizeof *cmds; i++) {
        char *out;
        int rc = e2e_run(&out, "%s %s --help", ARENA, cmds[i]);
        char want[64];
        snprintf(want, sizeof want, "arena %s", cmds[i]);
        ck_assert_msg(rc == 0 && strcasestr(out, "usage:") && strstr(out, want),
                      "%s --help (%d):\n%s", cmds[i], rc, out);
        free(out);
    }
}
END_TEST

/* Runs `arena ARGS` (stderr merged); asserts exit 2 and the one line want. */
static void refused(const char *want, const char *args)
{
    char *out;
    int rc = e2e_run(&out, "%s %s 2>&1", ARENA, args);
    ck_assert_msg(rc == 2 && strncmp(out, want, strlen(want)) == 0 &&
                      strchr(out, '\n') == strrchr(out, '\n'),
                  "arena %s: want exit 2 and '%s', got (%d):\n%s", args, want, rc, out);
    free(out);
}

/* A command that takes no operands refuses one (--version and help too,
 * which ignored it), with the game hint where the command takes --game;
 * `arena help CMD` and `arena --help CMD` give CMD's help, and an unknown
 * CMD is refused. */
START_TEST(extra_operands_are_refused)
{
    refused("arena --version: unexpected argument 'extra'", "--version extra");
    refused("arena version: unexpected argument 'extra'", "version extra");
    refused("arena help: unexpected argument 'extra'", "help games extra");
    refused("arena --help: unexpected argument 'extra'", "--help games extra");
    refused("arena: unknown command 'extra' (try: arena --help)", "--help extra");
    refused("arena: unknown command 'extra' (try: arena --help)", "help extra");
    refused("arena games: unexpected argument 'extra'", "games extra");
    refused("arena bots: unexpected argument 'querni'; the game goes after --game: --game querni",
            "bots querni");
    refused("arena ratings: unexpected argument 'extra'", "ratings --game morris extra");
    refused("arena rebuild: unexpected argument 'extra'", "rebuild extra");
    refused("arena host: unexpected argument 'extra'", "host extra");
    refused("arena perft: unexpected argument 'extra'", "perft --game morris --depth 1 extra");
    char *out;
    int rc = e2e_run(&out, "%s --help games", ARENA);
    ck_assert_msg(rc == 0 && strstr(out, "Usage: arena games"), "(%d) %s", rc, out);
    free(out);
}
END_TEST

/* An empty operand (an unset shell variable) is refused by every command
 * that takes operands, naming the command and what it expected, where it
 * was looked up as a file called "" (": no such file"). */
START_TEST(empty_operands_are_refused)
{
    static const struct {
        const char *args, *what;
    } cases[] = {
        {"replay ''", "replay: an empty argument where a match log (.pb) was expected"},
        {"keygen ''", "keygen: an empty argument where a directory for the keys was expected"},
        {"report ''", "report: an empty argument where a tournament directory was expected"},
        {"merge a ''", "merge: an empty argument where a shard's directory was expected"},
        {"check '' --game morris", "check: an empty argument where a bot was expected"},
        {"match --game morris random ''", "match: an empty argument where a bot was expected"},
        {"tournament --game morris --bots random ''",
         "tournament: an empty argument where a bot was expected"},
        {"sprt --game morris '' random", "sprt: an empty argument where a bot was expected"},
        {"sprt --game morris random random --field ''",
         "sprt: an empty argument where a bot of --field was expected"},
        {"host --listen tcp://127.0.0.1:1 --keys k --allow ''",
         "host: an empty argument where a key file or directory of --allow was expected"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char want[256];
        snprintf(want, sizeof want, "arena %s (an unset shell variable?)", cases[i].what);
        refused(want, cases[i].args);
    }
}
END_TEST

/* replay: 0 reproduced, 1 naming the first difference, 2 unreadable. */
START_TEST(replay_exit_statuses)
{
    char dir[256], path[512], *out;
    e2e_tmpdir(dir, sizeof dir);
    ck_assert_int_eq(
        e2e_run(NULL, "%s match --game morris morris_greedy random --seed 5 --out %s", ARENA, dir),
        0);
    ck_assert_int_eq(e2e_run(&out, "ls %s/matches/*.pb", dir), 0);
    snprintf(path, sizeof path, "%.*s", (int)strcspn(out, "\n"), out);
    free(out);
    ck_assert_int_eq(e2e_run(NULL, "%s replay --quiet %s", ARENA, path), 0);
    char err[512];
    Arena__MatchLog *log = matchlog_read(path, err, sizeof err);
    ck_assert_msg(log, "%s", err);
    double keep = log->returns[0];
    log->returns[0] = log->returns[1];
    log->returns[1] = keep;
    ck_assert_int_eq(matchlog_write(path, log, err, sizeof err), 0);
    arena__match_log__free_unpacked(log, NULL);
    int rc = e2e_run(&out, "%s replay --quiet %s", ARENA, path);
    ck_assert_msg(rc == 1 && strstr(out, "return"), "(%d) %s", rc, out);
    free(out);
    ck_assert_int_eq(e2e_run(NULL, "printf 'not a log' > %s", path), 0);
    rc = e2e_run(&out, "%s replay --quiet %s", ARENA, path);
    ck_assert_msg(rc == 2 && strstr(out, path), "(%d) %s", rc, out);
    free(out);
    e2e_rmrf(dir);
}
END_TEST

/* perft through the binary: the README's first depths of morris, and
 * --divide's split of the last depth summing to it. */
START_TEST(perft_prints_the_readme_counts)
{
    char *out;
    ck_assert_int_eq(e2e_run(&out, "%s perft --game morris --depth 3", ARENA), 0);
    static const long long want[] = {24, 552, 12144};
    for (int d = 1; d <= 3; d++) {
        char key[32], line[256];
        long long n = -1;
        int got;
        snprintf(key, sizeof key, "depth %d ", d);
        ck_assert_msg(e2e_line_starting(out, key, line, sizeof line) == 0, "%s", out);
        ck_assert_int_eq(sscanf(line, "depth %d %lld", &got, &n), 2);
        ck_assert_int_eq(n, want[d - 1]);
    }
    free(out);
    ck_assert_int_eq(e2e_run(&out, "%s perft --game morris --depth 2 --divide", ARENA), 0);
    ck_assert_msg(strstr(out, "\nd2: 23\n") && strstr(out, "total: 552\n"), "%s", out);
    free(out);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("cli_list");
    TCase *tc = tcase_create("cli_list");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, games_lists_what_the_readme_shows);
    tcase_add_test(tc, bots_lists_what_the_readme_shows);
    tcase_add_test(tc, every_command_has_help);
    tcase_add_test(tc, replay_exit_statuses);
    tcase_add_test(tc, extra_operands_are_refused);
    tcase_add_test(tc, empty_operands_are_refused);
    tcase_add_test(tc, perft_prints_the_readme_counts);
    suite_add_tcase(s, tc);
    return support_main(s);
}
