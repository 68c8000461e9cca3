/* inline_tournament.c -- what the referee costs when nothing else does: a
 * random-vs-random morris tournament with inline seats (no processes, no
 * ZeroMQ) through the whole arena -- legality checks, clocks, match logs,
 * SQLite, ratings -- against the raw rules-ABI playout rate that
 * bench_morris_playout measures in the same run (classic morris).
 *
 * Figures, each a ratio within this run:
 *   inline plies/s over raw plies/s          (target >= 0.50)
 *   -j 2 matches/s over -j 1 matches/s       (target >= 1.80)
 *   peak RSS of 10,000 matches over 1,000    (target <= 1.05)
 * The tournaments run as child processes of the arena binary beside this
 * program, into a temporary results directory (removed afterwards), with
 * --quiet; plies are summed from the store.
 *
 * Usage: bench_inline_tournament [rounds for the speed rows] (default 1000:
 *        2,000 matches) */
#include <libgen.h>
#include <limits.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "arena/sdk.h"

static char bindir[PATH_MAX];

typedef struct run {
    double secs;
    long matches, plies;
    long max_rss_kb;
} run;

/* Runs argv as a child; its wall time and peak resident size. */
static int spawn(char *const argv[], int quiet, run *r)
{
    fflush(stdout);
    int64_t t0 = arena_now_us();
    pid_t pid = fork();
    if (pid == 0) {
        if (quiet && (!freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "w", stderr)))
            _exit(126);
        execv(argv[0], argv);
        _exit(127);
    }
    int st;
    struct rusage ru;
    if (pid < 0 || wait4(pid, &st, 0, &ru) != pid) return -1;
    r->secs = (double)(arena_now_us() - t0) / 1e6;
    r->max_rss_kb = ru.ru_maxrss;
    return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : -1;
}

static long sum_plies(const char *dir, long *matches)
{
    char path[PATH_MAX + 16];
    snprintf(path, sizeof path, "%s/arena.db", dir);
    sqlite3 *db;
    sqlite3_stmt *st;
    long plies = -1;
    if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK &&
        sqlite3_prepare_v2(db, "SELECT count(*), sum(plies) FROM matches", -1, &st, NULL) ==
            SQLITE_OK) {
        if (sqlite3_step(st) == SQLITE_ROW) {
            *matches = sqlite3_column_int64(st, 0);
            plies = sqlite3_column_int64(st, 1);
        }
        sqlite3_finalize(st);
    }
    sqlite3_close(db);
    return plies;
}

static run tournament(int rounds, int jobs)
{
    char tmpl[] = "/tmp/arena-bench-XXXXXX";
    char *dir = mkdtemp(tmpl);
    char arena[PATH_MAX + 8], r[16], j[16];
    snprintf(arena, sizeof arena, "%s/arena", bindir);
    snprintf(r, sizeof r, "%d", rounds);
    snprintf(j, sizeof j, "%d", jobs);
    char *argv[] = {arena,    "tournament",  "--game",   "morris",  "--bots",
                    "random", "random",      "--rounds", r,         "-j",
                    j,        "--isolation", "inline",   "--quiet", "--seed",
                    "1",      "--out",       dir,        NULL};
    run res = {0};
    if (!dir || spawn(argv, 1, &res)) {
        fprintf(stderr, "bench_inline_tournament: arena tournament failed\n");
        exit(1);
    }
    res.plies = sum_plies(dir, &res.matches);
    char cmd[PATH_MAX + 16];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0) fprintf(stderr, "bench_inline_tournament: could not remove %s\n", dir);
    return res;
}

/* bench_morris_playout's plies/s for classic morris, from its own output. */
static double raw_plies_per_s(void)
{
    char cmd[PATH_MAX + 64], line[256];
    snprintf(cmd, sizeof cmd, "'%s/bench_morris_playout' 2 - classic", bindir);
    FILE *p = popen(cmd, "r");
    double pps = 0;
    while (p && fgets(line, sizeof line, p)) {
        double games;
        if (sscanf(line, "classic %lf %lf", &games, &pps) == 2) break;
    }
    if (p) pclose(p);
    if (pps <= 0) {
        fprintf(stderr, "bench_inline_tournament: no figure from bench_morris_playout\n");
        exit(1);
    }
    return pps;
}

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 1000;
    if (rounds < 1) rounds = 1000;
    char self[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    self[n > 0 ? n : 0] = '\0';
    snprintf(bindir, sizeof bindir, "%s", dirname(self));

    double raw = raw_plies_per_s();
    run j1 = tournament(rounds, 1), j2 = tournament(rounds, 2);
    double inline_pps = (double)j1.plies / j1.secs;
    printf("raw rules-ABI playouts (bench_morris_playout, classic): %.2f M plies/s\n", raw / 1e6);
    printf("inline tournament -j 1: %ld matches, %ld plies in %.2f s: %.2f M plies/s, %.0f "
           "matches/s\n",
           j1.matches, j1.plies, j1.secs, inline_pps / 1e6, j1.matches / j1.secs);
    printf("inline tournament -j 2: %ld matches in %.2f s: %.0f matches/s\n", j2.matches, j2.secs,
           j2.matches / j2.secs);
    run small = tournament(500, 1), big = tournament(5000, 1);
    printf("peak RSS: %ld kB after %ld matches, %ld kB after %ld matches\n\n", small.max_rss_kb,
           small.matches, big.max_rss_kb, big.matches);
    printf("%-44s %8s %8s\n", "figure", "ratio", "target");
    printf("%-44s %8.3f %8s\n", "inline plies/s / raw playout plies/s", inline_pps / raw, ">=0.50");
    printf("%-44s %8.2f %8s\n", "-j 2 matches/s / -j 1 matches/s",
           (j2.matches / j2.secs) / (j1.matches / j1.secs), ">=1.80");
    printf("%-44s %8.3f %8s\n", "peak RSS 10,000 matches / 1,000 matches",
           (double)big.max_rss_kb / (double)small.max_rss_kb, "<=1.05");
    return 0;
}
