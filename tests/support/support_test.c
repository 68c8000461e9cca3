/* support_test.c -- the test-support library itself: temporary directories
 * under $TMPDIR removed when the tests are done, also after a failed test (a
 * failing test program is run and its directory looked for afterwards); the
 * loaders; moves played and refused in notation; scaled counts and the
 * binomial odds of the strength tests. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "support.h"

/* Run as `test_support fail REPORT`: a whole test program whose one test
 * makes a directory, says where in REPORT, and fails with a long message. */
START_TEST(fails_after_making_a_directory)
{
    char dir[256], file[512];
    support_tmpdir(dir, sizeof dir);
    snprintf(file, sizeof file, "%s/inside", dir);
    FILE *f = fopen(file, "w");
    ck_assert_ptr_nonnull(f);
    fclose(f);
    f = fopen(getenv("SUPPORT_TEST_REPORT"), "w");
    ck_assert_ptr_nonnull(f);
    fputs(dir, f);
    fclose(f);
    /* longer than Check's default 4 KiB of message (below the 8 KiB it formats): it
     * must arrive whole */
    static char pad[6000];
    memset(pad, '.', sizeof pad - 1);
    ck_abort_msg("failing on purpose (support_test) %s end of the message", pad);
}
END_TEST

static Suite *failing_suite(void)
{
    Suite *s = suite_create("failing on purpose");
    TCase *tc = tcase_create("failing");
    tcase_add_test(tc, fails_after_making_a_directory);
    suite_add_tcase(s, tc);
    return s;
}

static char self[4096];

START_TEST(tmpdir_removed_when_a_test_fails)
{
    char mine[256], here[256], report[512], cmd[9000];
    support_tmpdir(mine, sizeof mine);
    support_tmpdir(here, sizeof here); /* its output, outside its $TMPDIR */
    snprintf(report, sizeof report, "%s/report", mine);
    snprintf(cmd, sizeof cmd, "TMPDIR='%s' SUPPORT_TEST_REPORT='%s' '%s' fail >'%s/out' 2>&1", mine,
             report, self, here);
    int rc = system(cmd);
    ck_assert_msg(WIFEXITED(rc) && WEXITSTATUS(rc) == 1, "the failing program exited %d", rc);
    snprintf(cmd, sizeof cmd, "grep -q '[.] end of the message$' '%s/out'", here);
    ck_assert_msg(system(cmd) == 0, "the long failure message did not arrive whole");
    char dir[256] = "";
    FILE *f = fopen(report, "r");
    ck_assert_ptr_nonnull(f);
    ck_assert_ptr_nonnull(fgets(dir, sizeof dir, f));
    fclose(f);
    ck_assert_msg(strncmp(dir, mine, strlen(mine)) == 0, "%s is not under $TMPDIR %s", dir, mine);
    struct stat st;
    ck_assert_msg(stat(dir, &st) != 0, "%s was left behind by the failed test", dir);
    /* nor its root: only the report is left in $TMPDIR */
    snprintf(cmd, sizeof cmd, "test \"$(ls -A '%s')\" = report", mine);
    ck_assert_int_eq(system(cmd), 0);
}
END_TEST

START_TEST(play_and_try_in_notation)
{
    void *h;
    const arena_rules *r = support_rules("morris", &h);
    arena_game *g = r->game_new("", NULL, 0);
    ck_assert_ptr_nonnull(g);
    arena_state *s = r->state_new(g);
    size_t size = r->state_size(g);
    support_play(r, s, size, "d2 d3 a1");
    int32_t a;
    ck_assert_int_eq(r->parse_action(s, "d2", &a), 0);
    ck_assert_int_eq(support_try(r, s, size, a), -1); /* occupied: refused, unchanged */
    ck_assert_int_eq(r->current_player(s), 1);
    r->state_free(s);
    r->game_free(g);
    support_unload(h);
    const arena_bot *b = support_bot("random", &h);
    ck_assert_str_eq(b->name, "random");
    support_unload(h);
}
END_TEST

/* Binomial tails worked by hand: C(n, k) summed from k = wins, over 2^n. */
START_TEST(even_odds_and_scale)
{
    ck_assert_double_eq_tol(support_even_odds(1, 1), 0.5, 1e-12);
    ck_assert_double_eq_tol(support_even_odds(4, 3), 5.0 / 16, 1e-12);
    ck_assert_double_eq_tol(support_even_odds(10, 9), 11.0 / 1024, 1e-12);
    ck_assert_double_eq_tol(support_even_odds(20, 17), 1351.0 / 1048576, 1e-12);
    ck_assert_double_eq_tol(support_even_odds(30, 0), 1.0, 1e-12);
    ck_assert_double_eq_tol(support_even_odds(5, 6), 0.0, 1e-12);
    unsetenv("ARENA_TEST_SCALE");
    ck_assert_int_eq(support_scaled(30, 2), 30);
    setenv("ARENA_TEST_SCALE", "30", 1);
    ck_assert_int_eq(support_scaled(30, 2), 9);
    ck_assert_int_eq(support_scaled(3, 2), 2);
    setenv("ARENA_TEST_SCALE", "none", 1); /* not a percentage: unscaled */
    ck_assert_int_eq(support_scaled(30, 2), 30);
    unsetenv("ARENA_TEST_SCALE");
}
END_TEST

static Suite *support_suite(void)
{
    Suite *s = suite_create("support");
    TCase *tc = tcase_create("support");
    tcase_add_test(tc, tmpdir_removed_when_a_test_fails);
    tcase_add_test(tc, play_and_try_in_notation);
    tcase_add_test(tc, even_odds_and_scale);
    suite_add_tcase(s, tc);
    return s;
}

int main(int argc, char **argv)
{
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0) return EXIT_FAILURE;
    self[n] = '\0';
    if (argc > 1 && strcmp(argv[1], "fail") == 0) return support_main(failing_suite());
    return support_main(support_suite());
}
