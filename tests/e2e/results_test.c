/* results_test.c -- results you can trust (issue 10), through the real arena
 * binary: a bot entered twice, `arena ratings` exit statuses, damaged and
 * read-only stores, names, formats, --resume refusals, strict numbers. */
#include <check.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "e2e_db.h"
#include "e2e_util.h"
#include "support.h"

#define ARENA ARENA_BIN_DIR "/arena"
#define TEST_BOT(name) ARENA_TEST_BOTS_DIR "/" name ".so"

/* A tournament that must succeed; fails the test with its output otherwise. */
static void tournament_ok(const char *dir, const char *args)
{
    char *out;
    /* The bots answer at once; a stall of a loaded (or ASan) machine must not
     * lose a game on time, or the same seeds would not give the same games. */
    int rc = e2e_run(&out, "%s tournament %s --move-time 5000 --quiet --out %s", ARENA, args, dir);
    ck_assert_msg(rc == 0, "tournament %s failed (%d):\n%s", args, rc, out);
    ck_assert_msg(!strstr(out, "plays itself"), "%s", out);
    free(out);
}

static int count_lines(const char *s)
{
    int n = 0;
    for (; *s; s++)
        n += *s == '\n';
    return n;
}

/* Item 1: random entered twice, then random against greedy: the pool holds
 * three players, every tournament stores its snapshot, ratings exits 0. */
START_TEST(bot_entered_twice_keeps_the_pool)
{
    char dir[256], *out;
    e2e_tmpdir(dir, sizeof dir);
    tournament_ok(dir, "--game morris --bots random random --rounds 1 --seed 3");
    tournament_ok(dir, "--game morris --bots random morris_greedy --rounds 1 --seed 4");
    int rc = e2e_run(&out, "%s ratings --game morris --format csv --out %s 2>&1", ARENA, dir);
    ck_assert_msg(rc == 0, "(%d)\n%s", rc, out);
    ck_assert_msg(strstr(out, ",random#1,") && strstr(out, ",random#2,") &&
                      strstr(out, ",morris_greedy,"),
                  "%s", out);
    ck_assert_int_eq(count_lines(out), 4); /* header and three players */
    free(out);
    /* One snapshot per tournament: 2 rows, then 3. */
    ck_assert_int_eq(e2e_query_int(dir, "SELECT count(*) FROM rating_history"), 5);
    ck_assert_int_eq(e2e_query_int(dir, "SELECT count(*) FROM rating_history WHERE copy=1"), 2);
    e2e_rmrf(dir);
}
END_TEST

/* Item 1, multiplayer: kurnik for four with one bot entered twice. */
START_TEST(bot_entered_twice_multiplayer)
{
    char dir[256], *out;
    e2e_tmpdir(dir, sizeof dir);
    tournament_ok(dir, "--game kurnik:players=4 --bots kurnik_smart kurnik_smart random "
                       "kurnik_greedy --rounds 1 --seed 5");
    int rc = e2e_run(&out, "%s ratings --game kurnik --out %s 2>&1", ARENA, dir);
    ck_assert_msg(rc == 0 && strstr(out, "kurnik_smart#2"), "(%d)\n%s", rc, out);
    free(out);
    e2e_rmrf(dir);
}
END_TEST

/* Items 2 and 3: every error exits non-zero; nothing is created. */
START_TEST(ratings_errors_exit_non_zero)
{
    char dir[256], *out;
    e2e_tmpdir(dir, sizeof dir);
    int rc = e2e_run(&out, "%s ratings --game morris --out %s/none 2>&1", ARENA, dir);
    ck_assert_msg(rc == 2 && strstr(out, "/none: no such directory"), "(%d)\n%s", rc, out);
    free(out);
    char none[300];
    struct stat sb;
    snprintf(none, sizeof none, "%s/none", dir);
    ck_assert_msg(stat(none, &sb) != 0, "ratings created %s", none);
    rc = e2e_run(&out, "%s rebuild --out %s 2>&1", ARENA, none);
    ck_assert_msg(rc == 2 && strstr(out, "/none: no such directory: give --out"), "(%d)\n%s", rc,
                  out);
    free(out);
    ck_assert_msg(stat(none, &sb) != 0, "rebuild created %s", none);
    tournament_ok(dir, "--game morris --bots random morris_greedy --rounds 1 --seed 1");
    rc = e2e_run(&out, "%s ratings --game chess --out %s 2>&1", ARENA, dir);
    ck_assert_msg(rc == 2 && strstr(out, "'chess' not found"), "(%d)\n%s", rc, out);
    free(out);
    rc = e2e_run(&out, "%s bots --game chess 2>&1", ARENA);
    ck_assert_msg(rc == 2 && strstr(out, "'chess' not found") && !strstr(out, "random"), "(%d)\n%s",
                  rc, out);
    free(out);
    rc = e2e_run(&out, "%s ratings --game morris --bogus --out %s 2>&1", ARENA, dir);
    ck_assert_msg(rc == 2 && strstr(out, "arena ratings: unrecognized option '--bogus'"),
                  "(%d)\n%s", rc, out);
    free(out);
    /* A read-only results directory is read (not as root: root writes anyway). */
    if (geteuid() != 0) {
        rc = e2e_run(&out,
                     "chmod -R a-w %s && %s ratings --game morris --out %s 2>&1; r=$?; "
                     "chmod -R u+w %s; exit $r",
                     dir, ARENA, dir, dir);
        ck_assert_msg(rc == 0 && strstr(out, "morris_greedy"), "(%d)\n%s", rc, out);
        free(out);
    }
    e2e_rmrf(dir);
}
END_TEST

/* Item 2: 4 KB of garbage at many offsets of a copy of a real store: each
 * copy gives a clear error and a non-zero exit, or exactly the right table. */
START_TEST(damaged_store_never_misreports)
{
    char dir[256], *want, *out;
    e2e_tmpdir(dir, sizeof dir);
    tournament_ok(dir, "--game morris --bots random morris_greedy random --rounds 4 --seed 9");
    int rc = e2e_run(&want, "%s ratings --game morris --format csv --out %s", ARENA, dir);
    ck_assert_msg(rc == 0, "%s", want);
    char db[300], copy[300];
    snprintf(db, sizeof db, "%s/arena.db", dir);
    snprintf(copy, sizeof copy, "%s/copy", dir);
    ck_assert_int_eq(mkdir(copy, 0755), 0);
    struct stat sb;
    ck_assert_int_eq(stat(db, &sb), 0);
    unsigned char garbage[4096];
    uint32_t x = 12345;
    int errors = 0, tables = 0;
    for (off_t off = 0; off < sb.st_size; off += 1536) {
        rc = e2e_run(NULL, "cp %s %s/arena.db", db, copy);
        ck_assert_int_eq(rc, 0);
        for (size_t i = 0; i < sizeof garbage; i++) {
            x = x * 1664525u + 1013904223u;
            garbage[i] = (unsigned char)(x >> 24);
        }
        char path[320];
        snprintf(path, sizeof path, "%s/arena.db", copy);
        int fd = open(path, O_WRONLY);
        ck_assert_int_ge(fd, 0);
        ck_assert_int_eq(pwrite(fd, garbage, sizeof garbage, off), (ssize_t)sizeof garbage);
        close(fd);
        rc = e2e_run(&out, "%s ratings --game morris --format csv --out %s 2>&1", ARENA, copy);
        if (rc == 0) {
            ck_assert_msg(strcmp(out, want) == 0, "offset %lld: a wrong table:\n%s\nwanted:\n%s",
                          (long long)off, out, want);
            tables++;
        } else {
            ck_assert_msg(rc == 1 && strncmp(out, "arena ratings: ", 15) == 0 &&
                              strstr(out, "damaged") && strstr(out, "arena rebuild") &&
                              count_lines(out) == 1,
                          "offset %lld (%d): %s", (long long)off, rc, out);
            errors++;
        }
        free(out);
    }
    ck_assert_int_gt(errors, 0);
    free(want);
    e2e_rmrf(dir);
}
END_TEST

/* Item 4: a bot can be named by the name it declares. */
START_TEST(bot_named_by_declared_name)
{
    char dir[256], *out;
    e2e_tmpdir(dir, sizeof dir);
    int rc = e2e_run(NULL, "cp %s %s/renamed.so", TEST_BOT("first_legal"), dir);
    ck_assert_int_eq(rc, 0);
    rc = e2e_run(&out, "ARENA_PATH=%s %s check first_legal --game morris --games 2 2>&1", dir,
                 ARENA);
    ck_assert_msg(rc == 0 && strstr(out, "first_legal is sound"), "(%d)\n%s", rc, out);
    free(out);
    rc = e2e_run(&out, "ARENA_PATH=%s %s check no_such_bot --game morris 2>&1", dir, ARENA);
    ck_assert_msg(rc != 0 && strstr(out, "'no_such_bot' not found"), "(%d)\n%s", rc, out);
    free(out);
    e2e_rmrf(dir);
}
END_TEST

/* Item 5: two pools give one JSON document and one CSV with a pool column. */
START_TEST(several_pools_one_document)
{
    char dir[256], *out;
    e2e_tmpdir(dir, sizeof dir);
    tournament_ok(dir, "--game morris --bots random morris_greedy --rounds 1 --seed 1");
    tournament_ok(dir, "--game morris:variant=lasker --bots random morris_greedy --rounds 1 "
                       "--seed 2");
    int rc = e2e_run(&out,
                     "%s ratings --game morris --format json --out %s | python3 -c "
                     "'import json,sys; d=json.load(sys.stdin); print(len(d[\"pools\"]))'",
                     ARENA, dir);
    if (rc != 127) ck_assert_msg(rc == 0 && strcmp(out, "2\n") == 0, "(%d)\n%s", rc, out);
    free(out);
    rc = e2e_run(&out, "%s ratings --game morris --format csv --out %s", ARENA, dir);
    ck_assert_msg(rc == 0, "%s", out);
    ck_assert_msg(strncmp(out, "pool,rank,name,elo,ci95,games,pairs,", 36) == 0, "%s", out);
    ck_assert_int_eq(count_lines(out), 5);
    ck_assert_msg(strstr(out, "variant=lasker") && strstr(out, "variant=classic"), "%s", out);
    free(out);
    e2e_rmrf(dir);
}
END_TEST

/* Item 5: Games are tables and Pairs pairwise results, in every format. */
START_TEST(games_and_pairs_agree)
{
    char dir[256], tdir[1024], *out;
    e2e_tmpdir(dir, sizeof dir);
    tournament_ok(dir, "--game kurnik:players=3 --bots random kurnik_greedy kurnik_smart "
                       "--rounds 1 --seed 5");
    ck_assert_int_eq(e2e_tournament_dir(dir, tdir, sizeof tdir), 0);
    /* 3 entrants at one table of 3, 3 rotations: 3 games and 6 pairs each. */
    int rc = e2e_run(&out, "cat %s/ratings.csv", tdir);
    ck_assert_msg(rc == 0 && strstr(out, ",3,6,"), "%s", out);
    free(out);
    rc = e2e_run(&out, "cat %s/ratings.json", tdir);
    ck_assert_msg(rc == 0 && strstr(out, "\"games\": 3, \"pairs\": 6"), "%s", out);
    free(out);
    rc = e2e_run(&out, "%s ratings --game kurnik --format csv --out %s", ARENA, dir);
    ck_assert_msg(rc == 0 && strstr(out, ",3,6,"), "%s", out);
    free(out);
    e2e_rmrf(dir);
}
END_TEST

/* Two tournaments with no bot in common make a pool of two groups that never
 * met: arena ratings says so on stderr (the table alone would rank them on
 * the prior), naming the groups; a tournament that links them ends it. */
START_TEST(unlinked_groups_are_named)
{
    char dir[256], *out;
    e2e_tmpdir(dir, sizeof dir);
    tournament_ok(dir, "--game morris --bots morris_greedy random --rounds 1 --seed 1");
    tournament_ok(dir, "--game morris --bots morris_ab:depth=1 morris_ab:depth=2 --rounds 1 "
                       "--seed 2");
    int rc = e2e_run(&out, "%s ratings --game morris --format csv --out %s", ARENA, dir);
    ck_assert_msg(rc == 0 &&
                      strstr(out, "warning: 2 groups of players that never played each "
                                  "other") &&
                      strstr(out, "{morris_greedy, random}, {morris_ab[depth=1], "
                                  "morris_ab[depth=2]}"),
                  "(%d) %s", rc, out);
    free(out);
    tournament_ok(dir, "--game morris --bots random morris_ab:depth=1 --rounds 1 --seed 3");
    rc = e2e_run(&out, "%s ratings --game morris --out %s 2>&1", ARENA, dir);
    ck_assert_msg(rc == 0 && strstr(out, "Rank") && !strstr(out, "warning"), "(%d) %s", rc, out);
    free(out);
    e2e_rmrf(dir);
}
END_TEST

/* The line of a run that did not finish: how many of how many are stored. */
static int stored_line(const char *out, long long *stored, long long *planned)
{
    for (const char *line = out, *next; line; line = next) {
        next = strchr(line, '\n');
        if (next) next++;
        if (sscanf(line, "arena tournament: %lld of %lld matches stored", stored, planned) == 2)
            return 1;
    }
    return 0;
}

/* Item 7: Ctrl-C stores what finished, says how many and how to resume, and
 * exits 130; the count printed is the count stored. SIGTERM (kill, systemd,
 * Slurm's scancel, preemption and time limit) does the same, exit 143. */
START_TEST(ctrl_c_says_how_to_resume)
{
    static const char *sig[] = {"INT", "TERM"};
    static const int status[] = {130, 143};
    int k = _i;
    char dir[256], *out;
    e2e_tmpdir(dir, sizeof dir);
    /* the signal once the first match is reported: long before the 10000th. */
    char cmd[1024], ready[600];
    snprintf(cmd, sizeof cmd,
             "%s tournament --game morris --bots random random --rounds 5000 "
             "--move-time 1000 --out %s",
             ARENA, dir);
    snprintf(ready, sizeof ready, "grep -q '^match ' %s/log", dir);
    int rc = e2e_signal(&out, dir, ready, cmd, sig[k]);
    ck_assert_msg(rc == status[k], "SIG%s: (%d)\n%s", sig[k], rc, out);
    ck_assert_msg(strstr(out, k ? "terminated (SIGTERM); storing" : "interrupted; storing"), "%s",
                  out);
    long long stored = -1, planned = -1;
    ck_assert_msg(stored_line(out, &stored, &planned), "%s", out);
    ck_assert_int_eq(planned, 10000);
    ck_assert_int_eq(stored, e2e_query_int(dir, "SELECT count(*) FROM matches"));
    char want[400];
    snprintf(want, sizeof want, "  arena tournament --resume %s/2", dir);
    ck_assert_msg(strstr(out, want), "%s", out);
    free(out);
    e2e_rmrf(dir);
}
END_TEST

/* The table a resume printed (resumed) is the one an unbroken run of the
 * same tournament (arena args) prints, played into dir/clean. */
static void same_table_as_unbroken(const char *dir, const char *resumed, const char *args)
{
    char clean[300], *whole;
    snprintf(clean, sizeof clean, "%s/clean", dir);
    int rc = e2e_run(&whole, "%s %s --out %s", ARENA, args, clean);
    ck_assert_msg(rc == 0, "(%d)\n%s", rc, whole);
    const char *a = strstr(resumed, "\nRank"), *b = strstr(whole, "\nRank");
    ck_assert_msg(a && b && strncmp(a, b, strcspn(b, "F")) == 0, "resumed:\n%s\nunbroken:\n%s",
                  resumed, whole);
    free(whole);
}

/* A store that fails during the run (here a segment over the file size
 * limit): the run stops, names the cause, says how many are stored and how to
 * resume, exits 1 and writes no table; the tournament stays unfinished and
 * unrated (it once was marked finished, so its resume never rated the pool).
 * The resume plays the rest and rates it all as an unbroken run does. */
START_TEST(a_failed_store_stops_unfinished)
{
    char dir[256], tdir[1024], *out;
    e2e_tmpdir(dir, sizeof dir);
    const char *args = "tournament --game morris --bots random random --rounds 500 --isolation "
                       "inline --seed 9 --move-time 5000 --quiet";
    /* 100 KB: the first group's segment (about 1.4 KB a match) is over it;
     * SIGXFSZ is the arena's to ignore (or it would die without a word) */
    int rc = e2e_run(&out, "bash -c \"ulimit -f 100; exec %s %s --out %s\"", ARENA, args, dir);
    long long stored = -1, planned = -1;
    ck_assert_msg(rc == 1 && strstr(out, "File too large") && stored_line(out, &stored, &planned) &&
                      strstr(out, "Once the cause above is fixed, to finish it:") &&
                      !strstr(out, "Results:") && !strstr(out, "Rank"),
                  "(%d)\n%s", rc, out);
    free(out);
    ck_assert_int_eq(planned, 1000);
    ck_assert_int_eq(stored, e2e_query_int(dir, "SELECT count(*) FROM matches"));
    ck_assert_int_lt(stored, 1000);
    ck_assert_int_eq(e2e_query_int(dir, "SELECT count(*) FROM tournaments WHERE finished IS NULL"),
                     1);
    ck_assert_int_eq(e2e_query_int(dir, "SELECT count(*) FROM rating_history"), 0);
    ck_assert_int_eq(e2e_tournament_dir(dir, tdir, sizeof tdir), 0);
    ck_assert_int_ne(e2e_run(NULL, "test -e %s/ratings.txt", tdir), 0);

    rc = e2e_run(&out, "%s tournament --resume %s --isolation inline", ARENA, tdir);
    ck_assert_msg(rc == 0, "(%d)\n%s", rc, out);
    ck_assert_int_eq(e2e_query_int(dir, "SELECT count(*) FROM matches"), 1000);
    ck_assert_int_eq(e2e_query_int(dir, "SELECT count(*) FROM tournaments WHERE finished IS NULL"),
                     0);
    ck_assert_int_eq(e2e_query_int(dir, "SELECT count(*) FROM rating_history"), 2);
    same_table_as_unbroken(dir, out, args);
    free(out);
    e2e_rmrf(dir);
}
END_TEST

/* A run whose every match is stored but whose end fails (here its
 * crosstable cannot be written, as on a full disk): it says what failed and
 * how to finish, exits 1, prints no "Results:" naming files it did not
 * write, and leaves the tournament unfinished, so that the resume writes
 * the tables, the pool's snapshot and the report (the mark was set anyway,
 * with no word of what to do). */
START_TEST(a_failed_end_says_how_to_finish)
{
    char dir[256], tdir[1024], *out;
    e2e_tmpdir(dir, sizeof dir);
    tournament_ok(dir, "--game morris --bots random random --rounds 1 --seed 9 --isolation inline");
    ck_assert_int_eq(e2e_tournament_dir(dir, tdir, sizeof tdir), 0);
    /* stopped after its last match was stored, before its end */
    ck_assert_int_eq(e2e_run(NULL,
                             "sqlite3 %s/arena.db 'UPDATE tournaments SET finished = NULL' && rm "
                             "%s/crosstable.txt && mkdir -p %s/crosstable.txt/x",
                             dir, tdir, tdir),
                     0);
    int rc = e2e_run(&out, "%s tournament --resume %s --isolation inline 2>&1", ARENA, tdir);
    long long stored = -1, planned = -1;
    ck_assert_msg(rc == 1 && strstr(out, "crosstable.txt") && stored_line(out, &stored, &planned) &&
                      strstr(out, "Once the cause above is fixed, to finish it:") &&
                      strstr(out, "  arena tournament --resume ") && !strstr(out, "Results:"),
                  "(%d)\n%s", rc, out);
    free(out);
    ck_assert_int_eq(stored, 2);
    ck_assert_int_eq(planned, 2);
    ck_assert_int_eq(e2e_query_int(dir, "SELECT count(*) FROM tournaments WHERE finished IS NULL"),
                     1);
    ck_assert_int_eq(e2e_run(NULL, "rm -r %s/crosstable.txt", tdir), 0);
    rc = e2e_run(&out, "%s tournament --resume %s --isolation inline 2>&1", ARENA, tdir);
    ck_assert_msg(rc == 0 && strstr(out, "Results:"), "(%d)\n%s", rc, out);
    free(out);
    ck_assert_int_eq(e2e_query_int(dir, "SELECT count(*) FROM tournaments WHERE finished IS NULL"),
                     0);
    ck_assert_int_eq(e2e_run(NULL, "test -f %s/crosstable.txt", tdir), 0);
    e2e_rmrf(dir);
}
END_TEST

/* An SPRT whose verdict cannot be stored (here a trigger refuses it) says so
 * and how to get it: the rebuild counts it again from the logs. */
START_TEST(a_failed_sprt_end_says_how_to_finish)
{
    char dir[256], *out;
    e2e_tmpdir(dir, sizeof dir);
    tournament_ok(dir, "--game morris --bots random random --rounds 1 --seed 9 --isolation inline");
    ck_assert_int_eq(e2e_run(NULL,
                             "sqlite3 %s/arena.db \"CREATE TRIGGER no_verdict BEFORE UPDATE ON "
                             "sprt_runs BEGIN SELECT RAISE(FAIL, 'no verdict today'); END\"",
                             dir),
                     0);
    int rc = e2e_run(&out,
                     "%s sprt --game morris random morris_greedy --elo0 0 --elo1 100 "
                     "--max-games 8 --seed 5 --isolation inline --out %s 2>&1",
                     ARENA, dir);
    ck_assert_msg(rc == 1 && strstr(out, "no verdict today") &&
                      strstr(out, "the verdict is not stored") &&
                      strstr(out, "run `arena rebuild --out "),
                  "(%d)\n%s", rc, out);
    free(out);
    ck_assert_int_eq(e2e_query_int(dir, "SELECT count(*) FROM sprt_runs WHERE verdict = 'running'"),
                     1);
    /* what it says to do gives the verdict (a new store: no trigger) */
    rc = e2e_run(&out, "%s rebuild --out %s 2>&1", ARENA, dir);
    ck_assert_msg(rc == 0, "(%d)\n%s", rc, out);
    free(out);
    ck_assert_int_eq(
        e2e_query_int(dir,
                      "SELECT count(*) FROM sprt_runs WHERE verdict = 'stopped' AND games = 8"),
        1);
    e2e_rmrf(dir);
}
END_TEST

/* Both shards of a small morris tournament, in DIR/1 and DIR/2. */
static void two_shards(const char *dir)
{
    for (int i = 1; i <= 2; i++) {
        char args[200], shard[300];
        snprintf(args, sizeof args,
                 "--game morris --bots random random --seed 3 --isolation inline --shard %d/2", i);
        snprintf(shard, sizeof shard, "%s/%d", dir, i);
        tournament_ok(shard, args);
    }
}

/* A merge whose end fails once every match is stored (here a trigger
 * refuses the finished mark) says how to finish, as a tournament does: its
 * resume plays nothing and writes what is missing. */
START_TEST(a_failed_merge_end_says_how_to_finish)
{
    char dir[256], out_dir[300], *out;
    e2e_tmpdir(dir, sizeof dir);
    two_shards(dir);
    snprintf(out_dir, sizeof out_dir, "%s/m", dir);
    tournament_ok(out_dir, "--game soccer --bots random random --rounds 1 --isolation inline");
    ck_assert_int_eq(e2e_run(NULL,
                             "sqlite3 %s/arena.db \"CREATE TRIGGER no_mark BEFORE UPDATE OF "
                             "finished ON tournaments BEGIN SELECT RAISE(FAIL, 'no mark today'); "
                             "END\"",
                             out_dir),
                     0);
    int rc = e2e_run(&out, "%s merge %s/1/*-morris %s/2/*-morris --out %s 2>&1", ARENA, dir, dir,
                     out_dir);
    char *cmd = out ? strstr(out, "  arena tournament --resume ") : NULL;
    ck_assert_msg(rc == 1 && strstr(out, "no mark today") &&
                      strstr(out, "all 2 matches are stored") && cmd && !strstr(out, "Results:"),
                  "(%d)\n%s", rc, out);
    char resume[1024];
    snprintf(resume, sizeof resume, "%s", cmd + strlen("  arena tournament --resume "));
    resume[strcspn(resume, "\n")] = '\0';
    free(out);
    ck_assert_int_eq(e2e_run(NULL, "sqlite3 %s/arena.db 'DROP TRIGGER no_mark'", out_dir), 0);
    rc = e2e_run(&out, "%s tournament --resume %s --isolation inline 2>&1", ARENA, resume);
    ck_assert_msg(rc == 0 && strstr(out, "Results:"), "(%d)\n%s", rc, out);
    free(out);
    ck_assert_int_eq(
        e2e_query_int(out_dir, "SELECT count(*) FROM tournaments WHERE finished IS NULL"), 0);
    e2e_rmrf(dir);
}
END_TEST

/* arena merge into an --out that is a file: bad input (exit 2), as for
 * tournament and match, not a failure to write (it was exit 1). */
START_TEST(a_merge_into_a_file_is_bad_input)
{
    char dir[256], *out;
    e2e_tmpdir(dir, sizeof dir);
    two_shards(dir);
    ck_assert_int_eq(e2e_run(NULL, "touch %s/file", dir), 0);
    int rc = e2e_run(&out, "%s merge %s/1 %s/2 --out %s/file 2>&1", ARENA, dir, dir, dir);
    ck_assert_msg(rc == 2 && strstr(out, "arena merge: --out ") &&
                      strstr(out, "file: not a directory"),
                  "(%d)\n%s", rc, out);
    free(out);
    e2e_rmrf(dir);
}
END_TEST

/* A machine that stops being able to build jails in the middle of a run (out
 * of memory or processes; here ARENA_TEST_NO_JAIL_FROM, from the arena's 4th
 * seat host on, in match 1): no bot is charged with it. The match is void and
 * unrecorded, the run stops as after a store failure, and the resume plays it
 * and the rest as an unbroken run does (red team: it was the starting bot's
 * forfeit). */
START_TEST(a_machine_that_cannot_jail_stops_unfinished)
{
    char dir[256], tdir[1024], *out;
    e2e_tmpdir(dir, sizeof dir);
    char args[600];
    snprintf(args, sizeof args,
             "tournament --game morris --bots %s random --rounds 2 --seed 4 --move-time 5000 "
             "--no-report --quiet",
             TEST_BOT("crash"));
    int rc = e2e_run(&out, "ARENA_TEST_NO_JAIL_FROM=4 %s %s --out %s", ARENA, args, dir);
    long long stored = -1, planned = -1;
    ck_assert_msg(rc == 1 &&
                      strstr(out, "match 1: cannot build the jail: refused (ARENA_TEST_NO_JAIL)") &&
                      strstr(out, "this machine's failure, not the bot's") &&
                      stored_line(out, &stored, &planned) &&
                      strstr(out, "Once the cause above is fixed, to finish it:") &&
                      !strstr(out, "Rank") && !strstr(out, "forfeit"),
                  "(%d)\n%s", rc, out);
    free(out);
    ck_assert_int_eq(planned, 4);
    ck_assert_int_eq(stored, 1);
    ck_assert_int_eq(e2e_query_int(dir, "SELECT count(*) FROM matches"), 1);
    ck_assert_int_eq(e2e_query_int(dir, "SELECT count(*) FROM rating_history"), 0);
    ck_assert_int_eq(e2e_tournament_dir(dir, tdir, sizeof tdir), 0);
    rc = e2e_run(&out, "%s tournament --resume %s", ARENA, tdir);
    ck_assert_msg(rc == 0, "(%d)\n%s", rc, out);
    ck_assert_int_eq(e2e_query_int(dir, "SELECT count(*) FROM matches"), 4);
    ck_assert_int_eq(e2e_query_int(dir, "SELECT count(*) FROM rating_history"), 2);
    same_table_as_unbroken(dir, out, args);
    free(out);
    e2e_rmrf(dir);
}
END_TEST

/* Item 7: --resume refuses the settings it takes from the store, and resuming
 * a finished tournament adds no rating snapshot. */
START_TEST(resume_refuses_and_adds_nothing)
{
    char dir[256], tdir[1024], *out;
    e2e_tmpdir(dir, sizeof dir);
    tournament_ok(dir, "--game morris --bots random morris_greedy --rounds 1 --seed 1");
    ck_assert_int_eq(e2e_tournament_dir(dir, tdir, sizeof tdir), 0);
    const char *bad[] = {"--rounds 2", "--seed 5", "--tc 5+0.1", "--move-time 10", "--seats all"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        int rc = e2e_run(&out, "%s tournament --resume %s %s 2>&1", ARENA, tdir, bad[i]);
        ck_assert_msg(rc == 2 && strstr(out, "arena tournament: --resume plays with the stored"),
                      "%s: (%d)\n%s", bad[i], rc, out);
        free(out);
    }
    long long before = e2e_query_int(dir, "SELECT count(*) FROM rating_history");
    int rc = e2e_run(&out, "%s tournament --resume %s --quiet 2>&1", ARENA, tdir);
    ck_assert_msg(rc == 0, "(%d)\n%s", rc, out);
    free(out);
    ck_assert_int_eq(e2e_query_int(dir, "SELECT count(*) FROM rating_history"), before);
    e2e_rmrf(dir);
}
END_TEST

/* Item 8: one strict number parser, one error style. */
START_TEST(strict_numbers_and_one_error_style)
{
    const struct {
        const char *args, *want;
    } cases[] = {
        {"check random --game morris --games 3x", "arena check: bad value '3x' for --games"},
        {"tournament --game morris --bots random random --rounds 1x",
         "arena tournament: bad value '1x' for --rounds"},
        {"tournament --game morris --bots random random -j 1000",
         "arena tournament: bad value '1000' for -j (expected an integer from 1 to 64)"},
        {"match --game morris random random --seed -1", "arena match: bad value '-1' for --seed"},
        {"match --game morris random random --seed ' 7'", "arena match: bad value ' 7' for --seed"},
        {"match --game morris random random --move-time 10ms",
         "arena match: bad value '10ms' for --move-time"},
        {"tournament --game morris --bots random random --tc 1e13",
         "arena tournament: bad value '1e13' for --tc (expected BASE+INC in seconds, BASE 0.001 to "
         "86400"},
        {"tournament --nope", "arena tournament: unrecognized option '--nope'"},
        {"replay /tmp/-1.pb", "arena replay: /tmp/-1.pb: no such file"}, /* not match 2^32-1 */
        {"sprt --game morris random morris_greedy --max-games 3",
         "arena sprt: bad value '3' for --max-games (expected an even number"},
        {"match --game morris,variant=lasker random random",
         "arena match: game 'morris,variant=lasker' not found (options go after a ':', as in "
         "morris:variant=lasker)"},
        {"check crash --game morris --isolation inline",
         "arena check: --isolation inline: check plays the bot in its own process"},
        {"match --game", "arena match: option '--game' needs a value"},
        {"bots --nope", "arena bots: unrecognized option '--nope'"},
        /* what strtod reads but is no number as typed: a second sign, hex,
         * an exponent, a space (--tc 5++1 played 5+1, 0x10 16 s) */
        {"tournament --game morris --bots random random --tc 5++1",
         "arena tournament: bad value '5++1' for --tc"},
        {"tournament --game morris --bots random random --tc 0x10+0",
         "arena tournament: bad value '0x10+0' for --tc"},
        {"match --game morris random random --tc ' 5+0'", "arena match: bad value ' 5+0' for --tc"},
        {"sprt --game morris random morris_greedy --elo0 0 --elo1 ' 5'",
         "arena sprt: bad value ' 5' for --elo1 (expected a number)"},
        {"sprt --game morris random morris_greedy --elo0 0x1 --elo1 5",
         "arena sprt: bad value '0x1' for --elo0 (expected a number)"},
        {"tournament --game morris --bots random random --anchor random=1e3",
         "arena tournament: bad value 'random=1e3' for --anchor"},
        /* an empty value (an unset shell variable) is a value left out:
         * --out '' said "--out : cannot create directory", --game '' "game
         * '' not found" */
        {"tournament --game morris --bots random random --out ''",
         "arena tournament: option '--out' needs a value, not an empty one (see arena tournament "
         "--help)"},
        {"match --game= random random", "arena match: option '--game' needs a value, not an empty"},
        {"tournament --game morris --bots random random -j ''",
         "arena tournament: option '-j' needs a value, not an empty one"},
        {"rebuild --out=", "arena rebuild: option '--out' needs a value, not an empty one"},
        /* a port zmq would read modulo 65536 (99999 listened on 34463) or
         * up to its junk */
        {"host --listen 'tcp://*:99999' --keys /nonexistent --allow /nonexistent",
         "arena host: --listen takes a tcp://HOST:PORT endpoint (PORT from 1 to 65535"},
        {"host --listen 'tcp://*:5555x' --keys /nonexistent --allow /nonexistent",
         "arena host: --listen takes a tcp://HOST:PORT endpoint"},
        {"match --game morris random random --hosts tcp://127.0.0.1:99999 --keys /nonexistent "
         "--host-keys /nonexistent",
         "arena match: --hosts: 'tcp://127.0.0.1:99999' is not tcp://HOST:PORT (PORT from 1 to "
         "65535) or local"},
        {"match --game morris random random --hosts tcp://:5555 --keys /nonexistent "
         "--host-keys /nonexistent",
         "arena match: --hosts: 'tcp://:5555' is not tcp://HOST:PORT"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char *out;
        int rc = e2e_run(&out, "%s %s 2>&1", ARENA, cases[i].args);
        ck_assert_msg(rc == 2 && strncmp(out, cases[i].want, strlen(cases[i].want)) == 0 &&
                          count_lines(out) == 1,
                      "%s: (%d)\n%s", cases[i].args, rc, out);
        free(out);
    }
}
END_TEST

/* A bot whose path holds a line break cannot be written in the plan
 * (tournament.txt, one value a line): refused as bad input, on one line,
 * before the tournament's directory is made (it was refused after, exit 1). */
START_TEST(a_path_with_a_line_break_is_refused_first)
{
    char dir[256], *out;
    e2e_tmpdir(dir, sizeof dir);
    int rc =
        e2e_run(&out,
                "cp %s/bots/random.so \"%s/ran\ndom.so\" && %s tournament --game morris "
                "--bots \"%s/ran\ndom.so\" random --out %s/r 2>&1; r=$?; ls %s/r 2>&1; exit $r",
                ARENA_BIN_DIR, dir, ARENA, dir, dir, dir);
    ck_assert_msg(rc == 2 && strstr(out, "ran?dom.so: a bot's path with a line break") &&
                      strstr(out, "No such file"),
                  "(%d) %s", rc, out);
    free(out);
    e2e_rmrf(dir);
}
END_TEST

/* Item 6: each failure of `arena check` comes with the command that plays
 * that very game again, the bot in the seat where it failed. */
START_TEST(check_failure_replays_in_its_seat)
{
    char dir[256], *out;
    e2e_tmpdir(dir, sizeof dir);
    int rc = e2e_run(&out, "%s check %s --game morris --games 2 --move-time 500", ARENA,
                     TEST_BOT("crash"));
    ck_assert_msg(rc == 1, "(%d)\n%s", rc, out);
    char want[512];
    snprintf(want, sizeof want, "replay it: arena match --game morris random %s --seed ",
             TEST_BOT("crash"));
    const char *cmd = strstr(out, want);
    ck_assert_msg(cmd && strstr(out, "(seat 1,"), "%s", out);
    cmd += strlen("replay it: arena");
    char line[1024];
    snprintf(line, sizeof line, "%.*s", (int)strcspn(cmd, "\n"), cmd);
    free(out);
    ck_assert_ptr_nonnull(strstr(line, " --show"));
    line[strlen(line) - strlen(" --show")] = 0;
    rc = e2e_run(&out, "%s%s --out %s 2>&1", ARENA, line, dir);
    ck_assert_msg(rc == 0 && strstr(out, "Ended: crash crashed"), "(%d) %s\n%s", rc, line, out);
    free(out);
    e2e_rmrf(dir);
}
END_TEST

static Suite *results_suite(void)
{
    Suite *s = suite_create("results");
    TCase *tc = tcase_create("results");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, bot_entered_twice_keeps_the_pool);
    tcase_add_test(tc, bot_entered_twice_multiplayer);
    tcase_add_test(tc, ratings_errors_exit_non_zero);
    tcase_add_test(tc, damaged_store_never_misreports);
    tcase_add_test(tc, bot_named_by_declared_name);
    tcase_add_test(tc, several_pools_one_document);
    tcase_add_test(tc, games_and_pairs_agree);
    tcase_add_loop_test(tc, ctrl_c_says_how_to_resume, 0, 2);
    tcase_add_test(tc, resume_refuses_and_adds_nothing);
    tcase_add_test(tc, a_failed_store_stops_unfinished);
    tcase_add_test(tc, a_machine_that_cannot_jail_stops_unfinished);
    tcase_add_test(tc, a_failed_end_says_how_to_finish);
    tcase_add_test(tc, a_failed_sprt_end_says_how_to_finish);
    tcase_add_test(tc, a_failed_merge_end_says_how_to_finish);
    tcase_add_test(tc, a_merge_into_a_file_is_bad_input);
    tcase_add_test(tc, unlinked_groups_are_named);
    tcase_add_test(tc, strict_numbers_and_one_error_style);
    tcase_add_test(tc, a_path_with_a_line_break_is_refused_first);
    tcase_add_test(tc, check_failure_replays_in_its_seat);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return support_main(results_suite());
}
