/* cli_hints_test.c -- the command line refuses what it would otherwise
 * misread, through the real arena binary: an option given twice with two
 * values, --tc with --move-time, a long option typed with one dash, a game
 * given as a plain word, bots joined by commas, an object file or a module of
 * another machine given as a
 * bot, a bot's data directory the jail cannot enter; and says what it plays and where a lost store
 * comes from: the time control on a tournament's first line, `arena rebuild` when there is no
 * store, --format and --out in `arena ratings --help`. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "e2e_util.h"
#include "jail.h"
#include "support.h"

#define ARENA ARENA_BIN_DIR "/arena"
#define BOT(name) ARENA_BIN_DIR "/bots/" name ".so"

/* Runs the arena with args (stderr merged); asserts the exit status and that
 * the output holds want. */
static void expect(int status, const char *want, const char *args)
{
    char *out;
    int rc = e2e_run(&out, "%s %s 2>&1", ARENA, args);
    ck_assert_msg(rc == status && strstr(out, want),
                  "arena %s: want exit %d and '%s', got (%d):\n%s", args, status, want, rc, out);
    free(out);
}

/* A single-valued option given twice with two values is refused, naming
 * both, wherever it would have won silently; the same value twice is
 * harmless; --tc and --move-time are one setting. */
START_TEST(an_option_given_twice_is_refused)
{
    expect(2, "arena tournament: --game given twice (morris, then kurnik): give it once",
           "tournament --game morris --game kurnik --bots random random");
    expect(2, "arena match: --game given twice (morris, then soccer): give it once",
           "match --game morris random random --game soccer");
    expect(2,
           "arena tournament: --tc 5+0.05 and --move-time 100 both set the time control: give one",
           "tournament --game morris --bots random random --tc 5+0.05 --move-time 100");
    expect(2, "arena check: --move-time 100 and --tc 1+0.1 both set the time control: give one",
           "check random --game morris --move-time 100 --tc 1+0.1");
    expect(2, "arena sprt: --elo1 given twice (5, then 10): give it once",
           "sprt --game morris random random --elo1 5 --elo1 10");
    /* named as typed: the short form, the long, or both when both were */
    expect(2, "arena tournament: -j given twice (2, then 3): give it once",
           "tournament --game morris --bots random random -j 2 -j 3");
    expect(2, "arena sprt: -j/--jobs given twice (2, then 3): give it once",
           "sprt --game morris random random -j2 --jobs=3");
    expect(2, "arena tournament: --jobs given twice (2, then 3): give it once",
           "tournament --game morris --bots random random --jobs 2 --jobs=3");
    expect(2, "arena report: --out given twice (a, then b): give it once",
           "report x --out a --out=b");
    expect(2, "arena report: --replays given twice (1, then all): give it once",
           "report --replays 1 x --replays all");
    expect(2, "arena ratings: --format given twice (md, then csv): give it once",
           "ratings --game morris --format md --format csv");
    expect(2, "arena rebuild: --out given twice (a, then b): give it once",
           "rebuild --out a --out b");
    expect(2, "arena replay: --format given twice (text, then json): give it once",
           "replay --format text --format json x.pb");
    /* the same value again is not a conflict: the command goes on (here to
     * its next error, a store that is not there) */
    expect(2, "arena ratings: /nonexistent/r: no such directory",
           "ratings --game morris --game morris --out /nonexistent/r");
}
END_TEST

/* The first line of a tournament names its time control, worded as
 * timectl_describe words it (as check and replay say it). */
START_TEST(the_tournament_line_names_the_time_control)
{
    static const struct {
        const char *option, *want;
    } tcs[] = {{"--move-time 2000", ", time control 2 s per move, seed 4, -j 1"},
               {"--tc 30+0.5", ", time control 30+0.5 s, seed 4, -j 1"},
               {"", ", time control 1 s per move, seed 4, -j 1"}};
    for (size_t i = 0; i < sizeof tcs / sizeof tcs[0]; i++) {
        char dir[256], *out;
        e2e_tmpdir(dir, sizeof dir);
        int rc = e2e_run(&out,
                         "%s tournament --game morris --bots random random --seed 4 --quiet "
                         "--no-report %s --out %s 2>&1",
                         ARENA, tcs[i].option, dir);
        ck_assert_msg(rc == 0 && strstr(out, "Tournament ") && strstr(out, tcs[i].want),
                      "%s: want '%s' (%d):\n%s", tcs[i].option, tcs[i].want, rc, out);
        free(out);
        e2e_rmrf(dir);
    }
}
END_TEST

/* A long option typed with one dash is named whole, with the fix (getopt
 * alone would read -game as -g -a -m -e and complain of -g). */
START_TEST(a_long_option_with_one_dash)
{
    expect(2,
           "arena tournament: unrecognized option '-game' (long options take two dashes: --game)",
           "tournament -game morris --bots random random");
    expect(2, "arena ratings: unrecognized option '-out' (long options take two dashes: --out)",
           "ratings --game morris -out x");
    expect(2, "arena sprt: unrecognized option '-seed' (long options take two dashes: --seed)",
           "sprt -seed=3 --game morris random random");
    expect(2, "arena report: unrecognized option '-out' (long options take two dashes: --out)",
           "report x -out=y");
    /* words getopt would take for groups of short options: -s -h (the help),
     * -j with the value "obs" */
    expect(2, "arena match: unrecognized option '-show' (long options take two dashes: --show)",
           "match --game morris random random -show");
    expect(2, "arena replay: unrecognized option '-help' (long options take two dashes: --help)",
           "replay -help");
    expect(2,
           "arena tournament: unrecognized option '-jobs' (long options take two dashes: --jobs)",
           "tournament --game morris --bots random random -jobs 2");
    /* a short option that is none stays what it was, also in a group after
     * a long option */
    expect(2, "arena tournament: unrecognized option '-x' (see arena tournament --help)",
           "tournament -x");
    expect(2, "arena tournament: unrecognized option '-x' (see arena tournament --help)",
           "tournament --quiet -xq");
    /* a real group of short options, and an option's value that looks like
     * one, are read as before: here to the next error, the missing --game */
    expect(2, "arena tournament: --game is required", "tournament -qj 2 --bots random random");
    expect(2, "arena tournament: --game is required",
           "tournament --bots random random --out -game");
}
END_TEST

/* A bot's data directory (BOT.d) the jail's user cannot enter: one sentence
 * said of the bot, naming the directory, the user and the fix -- not
 * "BOT.so: did not load: BOT.d: ...". Mode 700 keeps out a root arena's
 * bots (they run as nobody); 600 an unprivileged arena's own user. */
START_TEST(a_data_dir_the_jail_cannot_enter)
{
    char dir[256], want[1024], *out;
    e2e_tmpdir(dir, sizeof dir);
    ck_assert_int_eq(e2e_run(NULL, "cp %s %s/random.so && mkdir -m %s %s/random.d", BOT("random"),
                             dir, geteuid() == 0 ? "700" : "600", dir),
                     0);
    snprintf(want, sizeof want,
             "%s/random.so: its data directory %s/random.d cannot be entered by the jail's user "
             "(uid %d): make it readable and enterable by all (chmod a+rx %s/random.d)",
             dir, dir, geteuid() == 0 ? JAIL_NOBODY : (int)geteuid(), dir);
    const char *cmds[] = {"check %s/random.so --game morris --games 1",
                          "match --game morris %s/random.so random"};
    for (int i = 0; i < 2; i++) {
        char args[512];
        snprintf(args, sizeof args, cmds[i], dir);
        int rc = e2e_run(&out, "%s %s 2>&1", ARENA, args);
        ck_assert_msg(rc == 2 && strstr(out, want) && !strstr(out, "did not load"), "%s: (%d)\n%s",
                      args, rc, out);
        free(out);
    }
    e2e_rmrf(dir);
}
END_TEST

/* A game given as a plain word where the command takes --game. */
START_TEST(a_game_given_as_a_word)
{
    expect(2, "arena bots: unexpected argument 'querni'; the game goes after --game: --game querni",
           "bots querni");
    expect(2,
           "arena ratings: unexpected argument 'morris:variant=lasker'; the game goes after "
           "--game: --game morris:variant=lasker",
           "ratings morris:variant=lasker");
    expect(2, "arena check: --game is required; the game goes after --game: --game morris",
           "check random morris");
    expect(2, "arena tournament: --game is required; the game goes after --game: --game morris",
           "tournament morris --bots random random");
    /* a word that is no game gets no hint */
    char *out;
    int rc = e2e_run(&out, "%s bots nosuchgame 2>&1", ARENA);
    ck_assert_msg(rc == 2 && strstr(out, "unexpected argument 'nosuchgame'") &&
                      !strstr(out, "--game nosuchgame"),
                  "(%d)\n%s", rc, out);
    free(out);
}
END_TEST

/* Bots joined by commas are one bot named "a.so,b.so": said so, whether the
 * two files exist or not; a bot's own options, which hold commas after
 * their ':', are not taken for a list. */
START_TEST(bots_joined_by_commas)
{
    char dir[256], args[1024];
    e2e_tmpdir(dir, sizeof dir);
    ck_assert_int_eq(
        e2e_run(NULL, "cp %s %s/a.so && cp %s %s/b.so", BOT("random"), dir, BOT("random"), dir), 0);
    snprintf(args, sizeof args, "tournament --game morris --bots %s/a.so,%s/b.so --out %s", dir,
             dir, dir);
    expect(2, "--bots needs at least two bots: separate bots with spaces, not commas:", args);
    snprintf(args, sizeof args, "tournament --game morris --bots %s/a.so,%s/b.so random --out %s",
             dir, dir, dir);
    expect(2, "(separate bots with spaces, not commas: ", args);
    expect(2,
           "arena match: bot 'random,morris_greedy' not found (separate bots with spaces, not "
           "commas: random morris_greedy)",
           "match --game morris random,morris_greedy random");
    char *out;
    int rc = e2e_run(&out, "%s match --game morris nosuch:a=1,b=2 random 2>&1", ARENA);
    ck_assert_msg(rc == 2 && strstr(out, "bot 'nosuch' not found") && !strstr(out, "commas"),
                  "(%d)\n%s", rc, out);
    free(out);
    e2e_rmrf(dir);
}
END_TEST

/* An object file (compiled, not linked) given as a bot, by path or by file
 * name, is refused saying how to link it. */
START_TEST(an_object_file_given_as_a_bot)
{
    char dir[256], *out;
    e2e_tmpdir(dir, sizeof dir);
    ck_assert_int_eq(e2e_run(NULL, "cp %s %s/bot.o", OBJECT_BOT, dir), 0);
    const char *how = "bot.o: cannot load: an object file (.o), not a shared library: link it with "
                      "-shared, e.g. cc -shared -fPIC -o bot.so bot.c";
    int rc = e2e_run(&out, "%s check %s/bot.o --game morris --games 1 2>&1", ARENA, dir);
    ck_assert_msg(rc == 2 && strstr(out, how), "(%d)\n%s", rc, out);
    free(out);
    rc = e2e_run(&out, "cd %s && %s match --game morris bot.o random 2>&1", dir, ARENA);
    ck_assert_msg(rc == 2 && strstr(out, how), "(%d)\n%s", rc, out);
    free(out);
    e2e_rmrf(dir);
}
END_TEST

/* A bot or rule module built for another machine (its ELF header's
 * e_machine) is refused saying so; dlopen said "cannot open shared object
 * file: No such file or directory" of a file that is there. */
START_TEST(a_module_of_another_machine)
{
    char dir[256], *out;
    e2e_tmpdir(dir, sizeof dir);
    /* e_machine (2 bytes at offset 18, little-endian here) set to 0x1234 */
    ck_assert_int_eq(e2e_run(NULL,
                             "cp %s %s/other.so && cp %s %s/libother.so && for f in other.so "
                             "libother.so; do printf '\\064\\022' | dd of=%s/$f bs=1 seek=18 "
                             "conv=notrunc 2>/dev/null; done",
                             BOT("random"), dir, ARENA_BIN_DIR "/rules/libmorris.so", dir, dir),
                     0);
    const char *why = "cannot load: built for another machine (ELF machine 4660, this one's is ";
    int rc =
        e2e_run(&out, "%s tournament --game morris --bots %s/other.so random 2>&1", ARENA, dir);
    ck_assert_msg(rc == 2 && strstr(out, "other.so: ") && strstr(out, why) &&
                      strstr(out, "): build it here"),
                  "(%d)\n%s", rc, out);
    free(out);
    rc = e2e_run(&out, "%s match --game %s/libother.so random random 2>&1", ARENA, dir);
    ck_assert_msg(rc == 2 && strstr(out, "libother.so: ") && strstr(out, why), "(%d)\n%s", rc, out);
    free(out);
    e2e_rmrf(dir);
}
END_TEST

/* No store: `arena ratings` says whether the directory holds tournaments
 * that `arena rebuild` makes it again from; and its --help describes
 * --format and --out, which it takes. */
START_TEST(ratings_without_a_store_and_its_help)
{
    char dir[256], args[1024];
    e2e_tmpdir(dir, sizeof dir);
    snprintf(args, sizeof args, "ratings --game morris --out %s", dir);
    expect(2, "no store here", args);
    char want[600];
    snprintf(want, sizeof want,
             "; no tournament was played into %s (arena tournament makes the store; if it was "
             "lost, `arena rebuild --out %s` would make it again from the tournaments' plans "
             "and logs)",
             dir, dir);
    expect(2, want, args);
    ck_assert_int_eq(
        e2e_run(NULL,
                "%s tournament --game morris --bots random random --move-time 2000 "
                "--seed 2 --quiet --no-report --out %s > /dev/null 2>&1 && rm %s/arena.db",
                ARENA, dir, dir),
        0);
    snprintf(want, sizeof want,
             "; %s holds 1 tournament directory: run `arena rebuild --out %s` to make it again "
             "from the tournaments' plans and logs",
             dir, dir);
    expect(2, want, args);
    snprintf(args, sizeof args, "rebuild --out %s > /dev/null && %s ratings --game morris --out %s",
             dir, ARENA, dir);
    expect(0, "random", args);
    e2e_rmrf(dir);
    expect(0, "  --format FORMAT        text (default), md (Markdown), csv or json",
           "ratings --help");
    expect(0, "  --out DIR              the results directory holding arena.db", "ratings --help");
}
END_TEST

/* Every command that reads a results, tournament or shard directory named
 * to it treats one that is not there alike: a bad operand, exit 2, naming
 * the path; a directory without a store is one too. A damaged store is a
 * failure (exit 1). */
START_TEST(a_missing_directory_is_bad_input_everywhere)
{
    static const struct {
        const char *args, *want;
    } cases[] = {
        {"ratings --game morris --out /nonexistent/r",
         "arena ratings: /nonexistent/r: no such directory"},
        {"report /nonexistent/r/t", "arena report: /nonexistent/r/t: no such directory"},
        {"report t --out /nonexistent/r",
         "arena report: t: no such tournament directory (nor under /nonexistent/r)"},
        {"rebuild --out /nonexistent/r",
         "arena rebuild: /nonexistent/r: no such directory: give --out"},
        {"merge /nonexistent/r", "arena merge: /nonexistent/r: no such directory"},
        {"tournament --resume /nonexistent/r/t",
         "arena tournament: --resume /nonexistent/r/t: no such directory"},
        {"ratings --game morris --out /etc/passwd", "arena ratings: /etc/passwd: not a directory"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        expect(2, cases[i].want, cases[i].args);
    char dir[256], args[1024];
    e2e_tmpdir(dir, sizeof dir);
    ck_assert_int_eq(e2e_run(NULL, "mkdir %s/t && touch %s/t/tournament.txt", dir, dir), 0);
    snprintf(args, sizeof args, "report t --out %s", dir);
    expect(2, "/arena.db: no store here", args);
    ck_assert_int_eq(e2e_run(NULL, ": > %s/arena.db", dir), 0); /* damaged: an empty file */
    expect(1, "not an arena store", args);
    snprintf(args, sizeof args, "ratings --game morris --out %s", dir);
    expect(1, "not an arena store", args);
    e2e_rmrf(dir);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("cli_hints");
    TCase *tc = tcase_create("hints");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, an_option_given_twice_is_refused);
    tcase_add_test(tc, the_tournament_line_names_the_time_control);
    tcase_add_test(tc, a_long_option_with_one_dash);
    tcase_add_test(tc, a_data_dir_the_jail_cannot_enter);
    tcase_add_test(tc, a_game_given_as_a_word);
    tcase_add_test(tc, bots_joined_by_commas);
    tcase_add_test(tc, an_object_file_given_as_a_bot);
    tcase_add_test(tc, a_module_of_another_machine);
    tcase_add_test(tc, ratings_without_a_store_and_its_help);
    tcase_add_test(tc, a_missing_directory_is_bad_input_everywhere);
    suite_add_tcase(s, tc);
    return support_main(s);
}
