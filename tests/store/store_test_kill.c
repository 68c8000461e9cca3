/* store_test_kill.c -- kill safety: a child commits matches as fast as it can
 * and reports each commit through a pipe; the parent SIGKILLs it mid-stream,
 * then checks that every reported match is stored and the file is sound. */
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "store_test.h"

#define KILL_ROUNDS 4
#define KILL_MAX 1000000u

/* The child: never returns into Check. */
static void kill_child(const char *dir, int64_t t, uint32_t start, int fd)
{
    char err[512];
    store *s = store_open(dir, err, sizeof err);
    if (!s) _exit(2);
    for (uint32_t i = start; i < KILL_MAX; i++) {
        match_record m = st_match(i, 3, (int[]){i % 2, 1 - i % 2, 2}, (double[]){1, 0, 0});
        if (store_match(s, t, &m, NULL, err, sizeof err) != 0) _exit(3);
        if (write(fd, &i, sizeof i) != sizeof i) _exit(4);
    }
    _exit(0);
}

/* Runs one child from `start`, kills it after `after` reports; returns the
 * number of matches it reported committed (it reports in index order). */
static uint32_t kill_round(const char *dir, int64_t t, uint32_t start, uint32_t after)
{
    int fds[2];
    uint32_t idx, next = start;
    ck_assert_int_eq(pipe(fds), 0);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        close(fds[0]);
        kill_child(dir, t, start, fds[1]);
    }
    close(fds[1]);
    while (read(fds[0], &idx, sizeof idx) == sizeof idx) {
        ck_assert_uint_eq(idx, next);
        if (++next - start == after) ck_assert_int_eq(kill(pid, SIGKILL), 0);
    }
    close(fds[0]);
    int status;
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    ck_assert_msg(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL,
                  "child ended otherwise (status %d) after %u commits", status, next - start);
    return next;
}

/* Every match the child reported is there, indices 0..n-1 without a gap, and
 * at most one more (committed but killed before reporting). */
static uint32_t kill_verify(const char *dir, int64_t t, uint32_t reported)
{
    char err[512] = "";
    uint32_t *idx;
    size_t n;
    store *s = store_open(dir, err, sizeof err);
    ck_assert_msg(s != NULL, "%s", err);
    ck_assert_msg(store_finished_matches(s, t, &idx, &n, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_ge(n, reported);
    ck_assert_uint_le(n, reported + 1);
    for (size_t i = 0; i < n; i++)
        ck_assert_uint_eq(idx[i], i);
    free(idx);
    pool_data p;
    ck_assert_msg(store_pool_load(s, "g", "", &p, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(p.n_games, 3 * n); /* no match without all its seats */
    store_pool_free(&p);
    ck_assert_msg(store_integrity_check(s, err, sizeof err) == 0, "%s", err);
    store_close(s);
    return (uint32_t)n;
}

START_TEST(killed_writer_loses_nothing)
{
    char *tmp = st_tmpdir(), *dir = st_join(tmp, "results"), *db = st_join(dir, "arena.db");
    char err[512] = "";
    entrant a = st_entrant("a", "1", "aa"), b = st_entrant("b", "1", "bb");
    entrant c = st_entrant("c", "1", "cc");
    store *s = store_open(dir, err, sizeof err);
    ck_assert_msg(s != NULL, "%s", err);
    int64_t t = st_tournament(s, "g", "", (entrant *[]){&a, &b, &c}, 3);
    store_close(s);

    uint32_t stored = 0;
    for (int round = 0; round < KILL_ROUNDS; round++) {
        /* Later rounds resume where the store says the last one stopped. */
        uint32_t reported = kill_round(dir, t, stored, 20 + 37 * (uint32_t)round);
        stored = kill_verify(dir, t, reported);
    }
    char *check = st_query_text(db, "PRAGMA integrity_check");
    ck_assert_str_eq(check, "ok");
    free(check);
    free(db);
    free(dir);
    st_rmtree(tmp);
}
END_TEST

Suite *store_kill_suite(void)
{
    Suite *s = suite_create("store_kill");
    TCase *tc = tcase_create("kill");
    tcase_set_timeout(tc, 300); /* ASan on a loaded machine needs it */
    tcase_add_test(tc, killed_writer_loses_nothing);
    suite_add_tcase(s, tc);
    return s;
}
