/* orphans_test.c -- when the arena dies, its workers die with it: the arena is
 * killed with SIGKILL at random moments of a tournament whose bots are
 * waiting (random), thinking (hang: spins in act) and stuck in create
 * (stuck_create), 20 times, with and without the seccomp filter; each time every process of
 * that arena must end (PR_SET_PDEATHSIG kills them at once; the test waits up to 30 s, for
 * the exit of a big ASan process on a loaded machine, and no longer waits for a fixed second),
 * and its temporary directory must be gone after the next start of the arena (the next kill's
 * tournament, and for the last one a match: one start sweeps every dead arena's directory). */
#include <check.h>
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "arena/sdk.h"
#include "e2e_util.h"
#include "support.h"

#define ARENA ARENA_BIN_DIR "/arena"
#define EVIL(name) ARENA_TEST_BOTS_DIR "/" name ".so"
#define KILLS 20

/* Processes whose command line mentions `needle` (the dead arena's private
 * directory is in every worker's endpoint argument). */
static int processes_with(const char *needle)
{
    DIR *d = opendir("/proc");
    struct dirent *e;
    int found = 0;
    while (d && (e = readdir(d))) {
        if (e->d_name[0] < '0' || e->d_name[0] > '9') continue;
        char path[300], buf[4096];
        snprintf(path, sizeof path, "/proc/%s/cmdline", e->d_name);
        FILE *f = fopen(path, "r");
        if (!f) continue;
        size_t n = fread(buf, 1, sizeof buf - 1, f);
        fclose(f);
        for (size_t i = 0; i < n; i++)
            if (buf[i] == '\0') buf[i] = ' ';
        buf[n] = '\0';
        if (strstr(buf, needle)) found++;
    }
    if (d) closedir(d);
    return found;
}

/* Entries of dir whose name starts with prefix. */
static int entries_with(const char *dir, const char *prefix)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    int n = 0;
    while (d && (e = readdir(d)))
        n += strncmp(e->d_name, prefix, strlen(prefix)) == 0;
    if (d) closedir(d);
    return n;
}

/* Every other run without the seccomp filter: a sandboxed worker that loses
 * its arena may also die by accident (libzmq's reconnect is a forbidden
 * socket() call), which must not be what this test relies on. */
static pid_t start_tournament(const char *tmp, const char *out, int sandbox)
{
    pid_t pid = fork();
    if (pid == 0) {
        setenv("TMPDIR", tmp, 1);
        if (!freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "w", stderr)) _exit(126);
        execl(ARENA, ARENA, "tournament", "--game", "morris", "--bots", "random", EVIL("hang"),
              EVIL("stuck_create"), "--rounds", "3", "-j", "2", "--move-time", "30000", "--sandbox",
              sandbox ? "on" : "off", "--out", out, (char *)NULL);
        _exit(127);
    }
    return pid;
}

START_TEST(workers_die_with_the_arena)
{
    char tmp[256], out[256], *text;
    e2e_tmpdir(tmp, sizeof tmp);
    e2e_tmpdir(out, sizeof out);
    arena_rng rng;
    arena_rng_seed(&rng, (uint64_t)time(NULL));
    for (int k = 0; k < KILLS; k++) {
        pid_t arena = start_tournament(tmp, out, k % 2);
        ck_assert_int_gt(arena, 0);
        /* 50 ms .. 1.5 s: probing, starting games, inside act and create */
        usleep(50000 + arena_rng_below(&rng, 1450000));
        kill(arena, SIGKILL);
        waitpid(arena, NULL, 0);
        char mark[64];
        snprintf(mark, sizeof mark, "arena-%d-", (int)arena);
        int left = 0;
        for (int t = 0; t < 600 && (left = processes_with(mark)) > 0; t++)
            usleep(50000); /* up to 30 s */
        ck_assert_msg(left == 0, "kill %d: %d workers of arena %d outlived it by 30 s", k, left,
                      (int)arena);
    }
    /* the next start sweeps the dead arenas' directories */
    char cmd[600];
    snprintf(cmd, sizeof cmd, "TMPDIR=%s %s match --game morris random random --seed 1 --out %s",
             tmp, ARENA, out);
    ck_assert_int_eq(e2e_run(&text, "%s", cmd), 0);
    free(text);
    ck_assert_int_eq(e2e_run(&text, "ls %s", tmp), 0);
    ck_assert_msg(entries_with(tmp, "arena-") == 0, "left after the next start:\n%s", text);
    free(text);
    e2e_rmrf(tmp);
    e2e_rmrf(out);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("orphans");
    TCase *tc = tcase_create("kill");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, workers_die_with_the_arena);
    suite_add_tcase(s, tc);
    return support_main(s);
}
