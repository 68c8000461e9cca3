/* cli_test.c -- the promises of README.md's "Commands" section, each through
 * the real arena binary: what `arena games` and `arena bots` print (compared
 * with the README's own examples), each command's --help, `arena check`'s
 * exit statuses, a match (same seed, same game; not stored), a bad --out
 * refused before play, a tournament's files, paired seats, progress lines and
 * `DIR/matches/NNNNN.pb`, --resume
 * refusing a bot whose .so changed, multiplayer tables from the command line
 * (rotations, --seats all, Games and Pairs), `arena ratings` in every format,
 * the inline and --sandbox=off warnings, replay's exit statuses and
 * `arena perft`. */
#include <check.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "e2e_util.h"
#include "matchlog.h"
#include "support.h"

#define ARENA ARENA_BIN_DIR "/arena"
#define EVIL(name) ARENA_TEST_BOTS_DIR "/" name ".so"

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

/* The line of text that starts with prefix, copied (without newline). */
static int line_starting(const char *text, const char *prefix, char *out, size_t len)
{
    for (const char *l = text; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
        if (strncmp(l, prefix, strlen(prefix)) == 0) {
            snprintf(out, len, "%.*s", (int)strcspn(l, "\n"), l);
            return 0;
        }
    }
    return -1;
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
        ck_assert_msg(line_starting(out, games[i], line, sizeof line) == 0, "no '%s' in:\n%s",
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
        ck_assert_msg(line_starting(out, first, gline, sizeof gline) == 0, "no '%s' row:\n%s",
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
    ck_assert(line_starting(out, "morris_greedy ", line, sizeof line) == 0);
    ck_assert(line_starting(out, "random ", line, sizeof line) == 0);
    ck_assert(line_starting(out, "mcts ", line, sizeof line) == 0);
    ck_assert_msg(!strstr(out, "soccer_greedy") && !strstr(out, "kurnik_smart"), "%s", out);
    free(out);
    ck_assert_int_eq(e2e_run(&out, "%s bots --game nosuch", ARENA), 2);
    ck_assert_msg(strstr(out, "game 'nosuch' not found"), "%s", out);
    ck_assert_ptr_eq(strchr(out, '\n'), strrchr(out, '\n')); /* one line */
    free(out);
    /* A game with options, as every other command takes it: the options are
     * checked by the game, and the bots listed are those of the game. */
    ck_assert_int_eq(e2e_run(&out, "%s bots --game morris:variant=lasker", ARENA), 0);
    ck_assert(line_starting(out, "morris_greedy ", line, sizeof line) == 0);
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
        moves += line_starting(out, key, line, sizeof line) == 0;
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

/* Two builds of one bot version are two players, told apart in the table by
 * name@<first 8 hex of the .so's SHA-256>. */
START_TEST(two_builds_are_labelled_by_hash)
{
    char dir[256], *out;
    e2e_tmpdir(dir, sizeof dir);
    ck_assert_int_eq(e2e_run(NULL,
                             "mkdir %s/b && cp %s/bots/random.so %s/b/random.so && "
                             "printf x >> %s/b/random.so",
                             dir, ARENA_BIN_DIR, dir, dir),
                     0);
    char *sha[2];
    ck_assert_int_eq(e2e_run(&sha[0], "sha256sum %s/bots/random.so", ARENA_BIN_DIR), 0);
    ck_assert_int_eq(e2e_run(&sha[1], "sha256sum %s/b/random.so", dir), 0);
    int rc = e2e_run(&out,
                     "%s tournament --game morris --bots random %s/b/random.so --rounds 1 "
                     "--seed 1 --out %s",
                     ARENA, dir, dir);
    ck_assert_msg(rc == 0, "(%d) %s", rc, out);
    for (int k = 0; k < 2; k++) {
        char label[64];
        snprintf(label, sizeof label, "random@%.8s ", sha[k]);
        ck_assert_msg(strstr(out, label), "no '%s' in:\n%s", label, out);
        free(sha[k]);
    }
    free(out);
    e2e_rmrf(dir);
}
END_TEST

/* A tournament: one progress line per finished match off a terminal, the
 * files of the tournament directory, both colours on one seed per pair, and
 * `arena replay DIR/matches/00007.pb` finding match 7 in its segment. */
START_TEST(tournament_files_pairs_and_progress)
{
    char dir[256], tdir[1024], *out;
    e2e_tmpdir(dir, sizeof dir);
    int rc = e2e_run(&out,
                     "%s tournament --game morris --bots morris_greedy random --rounds 5 "
                     "--seed 1 --out %s < /dev/null",
                     ARENA, dir);
    ck_assert_msg(rc == 0, "(%d)\n%s", rc, out);
    for (int i = 0; i < 10; i++) {
        char line[64], got[512];
        snprintf(line, sizeof line, "match %d (%d/10): ", i, i + 1);
        ck_assert_msg(line_starting(out, line, got, sizeof got) == 0, "no '%s':\n%s", line, out);
    }
    ck_assert_msg(strstr(out, "Rank  Name") && strstr(out, "Crosstable") &&
                      strstr(out, "First-move advantage"),
                  "%s", out);
    free(out);
    ck_assert_int_eq(e2e_tournament_dir(dir, tdir, sizeof tdir), 0);
    static const char *const files[] = {"ratings.txt",  "ratings.md",     "ratings.csv",
                                        "ratings.json", "crosstable.txt", "matches/g000000.pb"};
    for (size_t i = 0; i < sizeof files / sizeof *files; i++)
        ck_assert_msg(e2e_run(NULL, "test -s %s/%s", tdir, files[i]) == 0, "no %s", files[i]);
    e2e_logs l;
    e2e_read_logs(tdir, &l);
    ck_assert_int_eq(l.n, 10);
    Arena__MatchLog *by[10] = {0};
    for (int i = 0; i < l.n; i++)
        by[l.log[i]->match_index] = l.log[i];
    for (int k = 0; k < 10; k += 2) { /* a pair: one seed, seats swapped */
        ck_assert(by[k] && by[k + 1]);
        ck_assert(by[k]->match_seed == by[k + 1]->match_seed);
        ck_assert_int_eq(e2e_seat_of(by[k], "morris_greedy"),
                         1 - e2e_seat_of(by[k + 1], "morris_greedy"));
    }
    ck_assert(by[0]->match_seed != by[2]->match_seed);
    int n7 = (int)by[7]->n_actions;
    e2e_free_logs(&l);
    rc = e2e_run(&out, "%s replay --quiet %s/matches/00007.pb", ARENA, tdir);
    char want[128];
    snprintf(want, sizeof want, "(match 7): reproduced (%d actions, normal)", n7);
    ck_assert_msg(rc == 0 && strstr(out, want), "(%d) lacks '%s':\n%s", rc, want, out);
    free(out);
    e2e_rmrf(dir);
}
END_TEST

/* On a terminal a tournament draws one live line (progress, speed, ETA,
 * forfeits), redrawn in place, instead of a line per match: stderr on a
 * pseudo-terminal here (tournament_files_pairs_and_progress checks the plain
 * lines through a pipe). */
START_TEST(tournament_live_line_on_a_terminal)
{
    char dir[256];
    e2e_tmpdir(dir, sizeof dir);
    int master = posix_openpt(O_RDWR | O_NOCTTY);
    ck_assert_int_ge(master, 0);
    ck_assert_int_eq(grantpt(master), 0);
    ck_assert_int_eq(unlockpt(master), 0);
    int slave = open(ptsname(master), O_RDWR | O_NOCTTY);
    ck_assert_int_ge(slave, 0);
    pid_t pid = fork();
    if (pid == 0) {
        int null = open("/dev/null", O_RDWR);
        dup2(null, 0);
        dup2(null, 1);
        dup2(slave, 2);
        execl(ARENA, ARENA, "tournament", "--game", "morris", "--bots", "random", "random",
              "--rounds", "3", "--seed", "4", "--move-time", "5000", "--no-report", "--out", dir,
              (char *)NULL);
        _exit(127);
    }
    close(slave);
    char *buf = support_read_all(master);
    int st;
    ck_assert_int_eq(waitpid(pid, &st, 0), pid);
    ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 0, "arena failed:\n%s", buf);
    ck_assert_msg(strstr(buf, "\r\033[K[") && strstr(buf, "/6] ") &&
                      strstr(buf, " matches/s  ETA ") && strstr(buf, "  forfeits 0  last: random#"),
                  "no live line on a terminal:\n%s", buf);
    ck_assert_msg(!strstr(buf, "match 0 ("), "per-match lines on a terminal:\n%s", buf);
    ck_assert_msg(strstr(buf, "6 matches in "), "no closing line:\n%s", buf);
    free(buf);
    e2e_rmrf(dir);
}
END_TEST

/* --resume with a bot whose .so changed since the tournament started: refused
 * (exit 2, naming the file), nothing played. */
START_TEST(resume_refuses_a_changed_bot)
{
    char dir[256], tdir[1024], cmd[1024], *out;
    e2e_tmpdir(dir, sizeof dir);
    ck_assert_int_eq(e2e_run(NULL, "cp %s/bots/random.so %s/mine.so", ARENA_BIN_DIR, dir), 0);
    snprintf(cmd, sizeof cmd,
             "%s tournament --game morris --bots %s/mine.so morris_greedy --rounds 200 "
             "--seed 2 --out %s",
             ARENA, dir, dir);
    ck_assert_int_eq(e2e_kill_after(4, "match ", cmd), 4);
    ck_assert_int_eq(e2e_tournament_dir(dir, tdir, sizeof tdir), 0);
    ck_assert_int_eq(e2e_run(NULL, "printf x >> %s/mine.so", dir), 0); /* still loads */
    int rc = e2e_run(&out, "%s tournament --resume %s", ARENA, tdir);
    ck_assert_msg(rc == 2, "resume with a changed bot exited %d:\n%s", rc, out);
    char want[512];
    snprintf(want, sizeof want, "%s/mine.so changed since the tournament started", dir);
    ck_assert_msg(strstr(out, want), "lacks '%s':\n%s", want, out);
    ck_assert_msg(!strstr(out, "\nmatch "), "played on:\n%s", out);
    free(out);
    e2e_rmrf(dir);
}
END_TEST

/* --resume starts the files this tournament was given, not where the same
 * bot (the same SHA-256) was first seen: a.so entered in one tournament and
 * a copy b.so in the next are one bot row, yet resuming the second reads
 * only b.so: changed (a.so still there), it is refused naming it; missing
 * (a.so gone too), refused naming it (exit 2, nothing played); back as it
 * was, the tournament plays on. */
START_TEST(resume_uses_the_files_it_was_given)
{
    char dir[256], tdir[1024], cmd[1024], want[512], *out;
    e2e_tmpdir(dir, sizeof dir);
    ck_assert_int_eq(e2e_run(NULL, "cp %s/bots/random.so %s/a.so", ARENA_BIN_DIR, dir), 0);
    ck_assert_int_eq(e2e_run(NULL,
                             "%s tournament --game morris --bots %s/a.so morris_greedy --rounds 1 "
                             "--seed 2 --no-report --quiet --out %s/r",
                             ARENA, dir, dir),
                     0);
    ck_assert_int_eq(e2e_run(NULL, "cp %s/a.so %s/b.so", dir, dir), 0);
    snprintf(cmd, sizeof cmd,
             "%s tournament --game morris --bots %s/b.so morris_greedy --rounds 200 "
             "--seed 3 --out %s/r",
             ARENA, dir, dir);
    ck_assert_int_eq(e2e_kill_after(4, "match ", cmd), 4);
    /* the second tournament's directory: named by its start, so last */
    ck_assert_int_eq(e2e_run(&out, "ls -d %s/r/*-morris* | sort | tail -n 1", dir), 0);
    snprintf(tdir, sizeof tdir, "%.*s", (int)strcspn(out, "\n"), out);
    free(out);
    ck_assert_int_eq(e2e_run(NULL, "mv %s/b.so %s/b.keep && cp %s/bots/morris_greedy.so %s/b.so",
                             dir, dir, ARENA_BIN_DIR, dir),
                     0);
    int rc = e2e_run(&out, "%s tournament --resume %s", ARENA, tdir);
    snprintf(want, sizeof want, "%s/b.so changed since the tournament started", dir);
    ck_assert_msg(rc == 2 && strstr(out, want) && !strstr(out, "\nmatch "),
                  "resume with b.so changed exited %d, lacks '%s':\n%s", rc, want, out);
    free(out);
    ck_assert_int_eq(e2e_run(NULL, "rm %s/a.so %s/b.so", dir, dir), 0);
    rc = e2e_run(&out, "%s tournament --resume %s", ARENA, tdir);
    snprintf(want, sizeof want, "%s/b.so: No such file or directory", dir);
    ck_assert_msg(rc == 2 && strstr(out, want) && !strstr(out, "a.so"),
                  "resume without b.so exited %d, lacks '%s':\n%s", rc, want, out);
    free(out);
    ck_assert_int_eq(e2e_run(NULL, "mv %s/b.keep %s/b.so", dir, dir), 0);
    snprintf(cmd, sizeof cmd, "%s tournament --resume %s", ARENA, tdir);
    ck_assert_int_eq(e2e_kill_after(2, "match ", cmd), 2);
    e2e_rmrf(dir);
}
END_TEST

/* --resume of a path that is no tournament's directory: one line naming it
 * (exit 2), and no store made where a mistyped path points. */
START_TEST(resume_of_a_wrong_directory)
{
    char dir[256], *out;
    e2e_tmpdir(dir, sizeof dir);
    ck_assert_int_eq(e2e_run(NULL, "mkdir %s/foo", dir), 0);
    int rc = e2e_run(&out, "%s tournament --resume %s/foo", ARENA, dir);
    ck_assert_msg(rc == 2, "exited %d:\n%s", rc, out);
    ck_assert_msg(strstr(out, "/foo: not a run's directory (no arena.db in"), "%s", out);
    ck_assert_int_ne(e2e_run(NULL, "test -e %s/arena.db", dir), 0);
    free(out);
    rc = e2e_run(&out, "%s tournament --resume %s/nosuch", ARENA, dir);
    ck_assert_msg(rc == 2 && strstr(out, "/nosuch: No such file or directory"), "(%d) %s", rc, out);
    free(out);
    e2e_rmrf(dir);
}
END_TEST

/* One row of a rating table printed as text: rank, name, Elo, ±95, Games and
 * (with multiplayer tables) Pairs. */
typedef struct text_row {
    int rank, elo, ci, games, pairs;
    char name[64];
} text_row;

static int text_rows(const char *out, text_row *rows, int cap, int with_pairs)
{
    const char *head =
        strstr(out, with_pairs ? "Rank  Name            Elo  ±95  Games  Pairs  Score"
                               : "Rank  Name            Elo  ±95  Games   Score");
    ck_assert_msg(head, "no rating table header:\n%s", out);
    int n = 0;
    for (const char *l = strchr(head, '\n') + 1; n < cap && *l && *l != '\n';
         l = strchr(l, '\n') + 1) {
        text_row *r = &rows[n];
        r->pairs = -1;
        int got = with_pairs ? sscanf(l, "%d %63s %d %d %d %d ", &r->rank, r->name, &r->elo, &r->ci,
                                      &r->games, &r->pairs)
                             : sscanf(l, "%d %63s %d %d %d ", &r->rank, r->name, &r->elo, &r->ci,
                                      &r->games);
        ck_assert_msg(got == (with_pairs ? 6 : 5), "row '%.60s'", l);
        n++;
    }
    return n;
}

/* Multiplayer from the command line: kurnik for three with four entrants is
 * every 3-subset (4 tables) in its 3 rotations, 9 games and 18 pairwise
 * results each; --seats all plays the 6 orders of each table, on the table's
 * one seed. A bot entered twice is name#1 and name#2. */
/* Fewer bots than the game seats is refused in arena match's words, before
 * anything is written. */
START_TEST(too_few_bots_for_a_table_are_named)
{
    char dir[256], *out;
    e2e_tmpdir(dir, sizeof dir);
    int rc = e2e_run(&out,
                     "%s tournament --game kurnik:players=3 --bots random kurnik_greedy "
                     "--out %s/r",
                     ARENA, dir);
    ck_assert_msg(rc == 2 && strstr(out, "arena tournament: kurnik (players=3,max_rounds=300) "
                                         "needs 3 bots at a table, 2 given"),
                  "(%d) %s", rc, out);
    free(out);
    ck_assert_int_ne(e2e_run(NULL, "test -e %s/r", dir), 0);
    e2e_rmrf(dir);
}
END_TEST

START_TEST(multiplayer_tables_from_the_command_line)
{
    static const struct {
        const char *seats;
        int per_table, games, pairs;
    } modes[] = {{"", 3, 9, 18}, {"--seats all", 6, 18, 36}};
    for (int m = 0; m < 2; m++) {
        char dir[256], tdir[1024], *out;
        e2e_tmpdir(dir, sizeof dir);
        int rc = e2e_run(&out,
                         "%s tournament --game kurnik:players=3 --bots kurnik_smart "
                         "kurnik_greedy random random --rounds 1 --seed 3 --move-time 30000 %s "
                         "--out %s",
                         ARENA, modes[m].seats, dir);
        ck_assert_msg(rc == 0, "(%d)\n%s", rc, out);
        text_row rows[8];
        ck_assert_int_eq(text_rows(out, rows, 8, 1), 4);
        int twice = 0;
        for (int i = 0; i < 4; i++) {
            ck_assert_int_eq(rows[i].rank, i + 1);
            ck_assert_int_eq(rows[i].games, modes[m].games);
            ck_assert_int_eq(rows[i].pairs, modes[m].pairs);
            twice += !strcmp(rows[i].name, "random#1") || !strcmp(rows[i].name, "random#2");
        }
        ck_assert_int_eq(twice, 2);
        ck_assert_int_eq(e2e_tournament_dir(dir, tdir, sizeof tdir), 0);
        e2e_logs l;
        e2e_read_logs(tdir, &l);
        int tables = 4, per = modes[m].per_table;
        ck_assert_int_eq(l.n, tables * per);
        Arena__MatchLog *by[24] = {0};
        for (int i = 0; i < l.n; i++)
            by[l.log[i]->match_index] = l.log[i];
        for (int t = 0; t < tables; t++) {
            /* one seed a table; each order of its three players once (the
             * progress line names them: "match 0 (1/12): a - b - c  ...") */
            char orders[6][256];
            for (int k = 0; k < per; k++) {
                int i = t * per + k;
                ck_assert_ptr_nonnull(by[i]);
                ck_assert_uint_eq(by[i]->n_bots, 3);
                ck_assert(by[i]->match_seed == by[t * per]->match_seed);
                char key[64], line[512];
                snprintf(key, sizeof key, "match %d (%d/%d): ", i, i + 1, tables * per);
                ck_assert_msg(line_starting(out, key, line, sizeof line) == 0, "no '%s'", key);
                const char *names = line + strlen(key);
                snprintf(orders[k], sizeof orders[k], "%.*s", (int)(strstr(names, "  ") - names),
                         names);
                for (int j = 0; j < k; j++)
                    ck_assert_msg(strcmp(orders[j], orders[k]) != 0, "table %d plays %s twice", t,
                                  orders[k]);
            }
            if (t > 0) ck_assert(by[t * per]->match_seed != by[0]->match_seed);
        }
        free(out);
        e2e_free_logs(&l);
        e2e_rmrf(dir);
    }
}
END_TEST

/* `arena ratings --format text|md|csv|json` over the stored matches: the same
 * two players with the same games in every format. */
START_TEST(ratings_in_every_format)
{
    char dir[256], *out;
    e2e_tmpdir(dir, sizeof dir);
    ck_assert_int_eq(e2e_run(NULL,
                             "%s tournament --game morris --bots morris_greedy random --rounds 3 "
                             "--seed 4 --move-time 30000 --quiet --out %s",
                             ARENA, dir),
                     0);
    ck_assert_int_eq(e2e_run(&out, "%s ratings --game morris --format text --out %s", ARENA, dir),
                     0);
    text_row rows[4];
    ck_assert_int_eq(text_rows(out, rows, 4, 0), 2);
    ck_assert_str_eq(rows[0].name, "morris_greedy");
    ck_assert_str_eq(rows[1].name, "random");
    ck_assert_int_eq(rows[0].games, 6);
    ck_assert_int_eq(rows[1].games, 6);
    ck_assert_int_eq(rows[0].elo, -rows[1].elo); /* centred on 0 */
    ck_assert_msg(strstr(out, "all tournaments") && strstr(out, "Crosstable"), "%s", out);
    free(out);

    ck_assert_int_eq(e2e_run(&out, "%s ratings --game morris --format md --out %s", ARENA, dir), 0);
    ck_assert_msg(strstr(out, "| Rank | Name ") && strstr(out, "| ---: |"), "%s", out);
    char want[128];
    snprintf(want, sizeof want, "|    1 | morris\\_greedy | %+d | %d |     6 |", rows[0].elo,
             rows[0].ci);
    ck_assert_msg(strstr(out, want), "md lacks '%s':\n%s", want, out);
    free(out);

    ck_assert_int_eq(e2e_run(&out, "%s ratings --game morris --format csv --out %s", ARENA, dir),
                     0);
    e2e_rating g;
    ck_assert_int_eq(e2e_rating_in_csv(out, "morris_greedy", &g), 0);
    ck_assert_int_eq(g.games, 6);
    ck_assert_int_eq((int)(g.elo + (g.elo > 0 ? 0.5 : -0.5)), rows[0].elo);
    free(out);

    ck_assert_int_eq(e2e_run(&out, "%s ratings --game morris --format json --out %s", ARENA, dir),
                     0);
    ck_assert_msg(strncmp(out, "{\"game\": \"morris\",", 18) == 0 && strstr(out, "\"pools\": ["),
                  "%s", out);
    ck_assert_msg(strstr(out, "{\"rank\": 1, \"name\": \"morris_greedy\", \"elo\": ") &&
                      strstr(out, "\"games\": 6, \"pairs\": 6"),
                  "%s", out);
    ck_assert(e2e_run(NULL,
                      "%s ratings --game morris --format json --out %s | python3 -c "
                      "'import json,sys; d=json.load(sys.stdin); "
                      "assert d[\"pools\"][0][\"entrants\"][1][\"name\"]==\"random\"'",
                      ARENA, dir) == 0 ||
              e2e_run(NULL, "command -v python3") != 0);
    free(out);
    ck_assert_int_eq(e2e_run(&out, "%s ratings --game morris --format xml --out %s", ARENA, dir),
                     2);
    ck_assert_msg(strstr(out, "xml"), "%s", out);
    free(out);
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
        ck_assert_msg(line_starting(out, key, line, sizeof line) == 0, "%s", out);
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
    Suite *s = suite_create("cli");
    TCase *tc = tcase_create("readme");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, games_lists_what_the_readme_shows);
    tcase_add_test(tc, bots_lists_what_the_readme_shows);
    tcase_add_test(tc, every_command_has_help);
    tcase_add_test(tc, check_exit_2_when_the_bot_does_not_load);
    tcase_add_test(tc, check_replay_command_plays_the_game_again);
    tcase_add_test(tc, check_says_when_a_failure_needs_earlier_games);
    tcase_add_test(tc, check_counts_timed_out_moves);
    tcase_add_test(tc, match_same_seed_same_game_not_stored);
    tcase_add_test(tc, match_show_and_bad_game_option);
    tcase_add_test(tc, bad_out_is_named_before_playing);
    tcase_add_test(tc, two_builds_are_labelled_by_hash);
    tcase_add_test(tc, tournament_files_pairs_and_progress);
    tcase_add_test(tc, tournament_live_line_on_a_terminal);
    tcase_add_test(tc, resume_refuses_a_changed_bot);
    tcase_add_test(tc, resume_uses_the_files_it_was_given);
    tcase_add_test(tc, resume_of_a_wrong_directory);
    tcase_add_test(tc, too_few_bots_for_a_table_are_named);
    tcase_add_test(tc, multiplayer_tables_from_the_command_line);
    tcase_add_test(tc, ratings_in_every_format);
    tcase_add_test(tc, unsandboxed_modes_warn);
    tcase_add_test(tc, a_bots_stdout_lines_are_shown);
    tcase_add_test(tc, replay_exit_statuses);
    tcase_add_test(tc, perft_prints_the_readme_counts);
    suite_add_tcase(s, tc);
    return support_main(s);
}
