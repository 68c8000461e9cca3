/* bot_options_test.c -- bots' own options end to end: `--bots mcts:k=v`.
 * A bad option is one line naming the bot, the key and the value, exit 2,
 * before any game (in sandboxed workers and inline); two entrants differing
 * only in options are two players, in the rating table, the match logs and
 * the store's bots. */
#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "e2e_util.h"
#include "matchlog.h"
#include "support.h"

#define ARENA ARENA_BIN_DIR "/arena"
#define MCTS_SO ARENA_BIN_DIR "/bots/mcts.so"

static void expect_error(const char *needle, const char *bots, const char *extra)
{
    char dir[256], *out;
    e2e_tmpdir(dir, sizeof dir);
    int rc = e2e_run(&out, "%s tournament --game morris:variant=cross --bots %s --out %s %s", ARENA,
                     bots, dir, extra);
    ck_assert_msg(rc == 2, "'%s' exited %d, want 2:\n%s", bots, rc, out);
    ck_assert_msg(strstr(out, needle), "'%s' output lacks '%s':\n%s", bots, needle, out);
    ck_assert_msg(!strstr(out, "Tournament "), "'%s' started a tournament:\n%s", bots, out);
    free(out);
    e2e_rmrf(dir);
}

START_TEST(bad_options_stop_before_any_game)
{
    static const char *const iso[] = {"", "--isolation inline"};
    for (int i = 0; i < 2; i++) {
        expect_error("mcts: bad value 'abc' for iterations (expected 0 (off) or 1..99999999)",
                     "mcts:iterations=abc random", iso[i]);
        expect_error("mcts: unknown option 'depth' (known: iterations,", "random mcts:depth=3",
                     iso[i]);
        expect_error("bot random takes no options (given 'x=1')", "random:x=1 mcts", iso[i]);
        expect_error("mcts: bad value '2' for rollout", MCTS_SO ":rollout=2 random", iso[i]);
        expect_error("morris_ab: bad value '65' for depth (expected 0 (off) or 1..64)",
                     "morris_ab:depth=65 random", iso[i]);
        /* the kit's rule for every option string, before the bot sees it */
        expect_error("arena tournament: bot 'mcts': empty option in 'c=1,' (a trailing ',')",
                     "mcts:c=1, random", iso[i]);
        expect_error("bot 'random': option '=1' has no key in '=1' (expected key=value)",
                     "random:=1 mcts", iso[i]);
    }
}
END_TEST

START_TEST(options_make_another_player)
{
    char dir[256], tdir[1024], *out;
    e2e_tmpdir(dir, sizeof dir);
    /* The same file twice, options given in another order and repeated with
     * the same value: canonical "iterations=8,seed=2" and "iterations=8". */
    int rc = e2e_run(&out,
                     "%s tournament --game morris:variant=cross --bots "
                     "%s:seed=2,iterations=8,iterations=8 mcts:iterations=8 --seed 4 --out %s",
                     ARENA, MCTS_SO, dir);
    ck_assert_msg(rc == 0, "tournament failed (%d):\n%s", rc, out);
    ck_assert_msg(strstr(out, "mcts[iterations=8,seed=2]") && strstr(out, "mcts[iterations=8]"),
                  "table lacks the identities:\n%s", out);
    free(out);
    ck_assert_int_eq(e2e_tournament_dir(dir, tdir, sizeof tdir), 0);
    e2e_rating r;
    ck_assert_int_eq(e2e_rating_of(tdir, "mcts[iterations=8]", &r), 0);
    ck_assert_int_eq(r.games, 2);
    /* Match logs carry the options in the bots' identities. */
    char mdir[1100];
    snprintf(mdir, sizeof mdir, "%s/matches", tdir);
    DIR *d = opendir(mdir);
    ck_assert_ptr_nonnull(d);
    struct dirent *e;
    int seen = 0;
    while ((e = readdir(d))) {
        if (!strstr(e->d_name, ".pb")) continue;
        char p[2400], err[512];
        snprintf(p, sizeof p, "%s/%s", mdir, e->d_name);
        Arena__MatchLog **all;
        size_t n;
        ck_assert_msg(matchlog_read_all(p, &all, &n, err, sizeof err) == 0, "%s", err);
        for (size_t i = 0; i < n; i++) {
            ck_assert_uint_eq(all[i]->n_bots, 2);
            const char *a = all[i]->bots[0]->bot_options, *b = all[i]->bots[1]->bot_options;
            ck_assert_msg(
                (strcmp(a, "iterations=8,seed=2") == 0 && strcmp(b, "iterations=8") == 0) ||
                    (strcmp(b, "iterations=8,seed=2") == 0 && strcmp(a, "iterations=8") == 0),
                "logged options '%s' and '%s'", a, b);
            seen++;
            arena__match_log__free_unpacked(all[i], NULL);
        }
        free(all);
    }
    closedir(d);
    ck_assert_int_eq(seen, 2);
    /* The store has two bots for the one file. */
    rc = e2e_run(
        &out, "sqlite3 %s/arena.db \"SELECT count(*) FROM bots WHERE name LIKE 'mcts[%%'\"", dir);
    ck_assert_msg(rc == 0 && strncmp(out, "2", 1) == 0, "bots in the store (%d): %s", rc, out);
    free(out);
    e2e_rmrf(dir);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("bot_options");
    TCase *tc = tcase_create("e2e");
    tcase_add_test(tc, bad_options_stop_before_any_game);
    tcase_add_test(tc, options_make_another_player);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return support_main(suite());
}
