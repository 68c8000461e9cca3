/* shard_test.c -- tournaments in shards (--shard I/N) joined by `arena merge`:
 * which matches a shard holds, merged shards equal the tournament played in
 * one piece (every match result, log, table and rating), a killed shard
 * resumed, and every refusal of merge with what it says. */
#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <sqlite3.h>

#include "e2e_util.h"
#include "matchlog.h"
#include "results_equal.h"
#include "shard.h"
#include "store.h"
#include "support.h"

#define ARENA ARENA_BIN_DIR "/arena"
/* Results are compared across runs: a generous clock, so that a loaded
 * machine never turns a slow start into a time forfeit in one run only; and
 * inline seats, which play the same games (test_e2e checks it) without a
 * worker process per bot, which costs much under the sanitizers (the Slurm
 * test plays in sandboxed processes). */
#define STABLE "--move-time 60000 --isolation inline"
#define MORRIS "--game morris --bots random morris_greedy random --rounds 3 " STABLE

/* --- which matches a shard holds ---------------------------------------- */

START_TEST(parse_takes_i_of_n_only)
{
    shard_spec sh;
    char err[256];
    ck_assert_int_eq(shard_parse("2/4", &sh, err, sizeof err), 0);
    ck_assert_int_eq(sh.index, 2);
    ck_assert_int_eq(sh.count, 4);
    ck_assert_int_eq(shard_parse("1/1", &sh, err, sizeof err), 0);
    ck_assert_int_eq(shard_parse("100000/100000", &sh, err, sizeof err), 0);
    static const char *const bad[] = {"0/4",  "5/4",  "4",    "1/0",  "-1/4",  "1/4x",
                                      " 1/4", "1/-4", "",     "a/b",  "1//4",  "1/100001",
                                      "/4",   "1/",   "+1/4", "1/4 ", "0x1/4", "1.0/4"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        err[0] = '\0';
        ck_assert_msg(shard_parse(bad[i], &sh, err, sizeof err) == -1, "'%s' taken", bad[i]);
        char quoted[64];
        snprintf(quoted, sizeof quoted, "'%s'", bad[i]);
        ck_assert_msg(strstr(err, quoted) && strstr(err, "--shard"), "error for '%s': %s", bad[i],
                      err);
    }
}
END_TEST

/* Every match is in exactly one shard, the sizes add up and differ by at
 * most one, and shard_skip_others leaves exactly the shard's matches. */
START_TEST(shards_partition_every_schedule)
{
    for (int n = 1; n <= 7; n++)
        for (size_t planned = 0; planned <= 40; planned++) {
            size_t total = 0, lo = planned, hi = 0;
            int *owner = calloc(planned + 1, sizeof *owner);
            for (int i = 1; i <= n; i++) {
                shard_spec sh = {i, n};
                char skip[41] = {0};
                size_t size = shard_size(&sh, planned), counted = 0;
                shard_skip_others(&sh, skip, planned);
                for (size_t m = 0; m < planned; m++) {
                    ck_assert_int_eq(shard_has(&sh, (uint32_t)m), !skip[m]);
                    if (!shard_has(&sh, (uint32_t)m)) continue;
                    ck_assert_int_eq(shard_of(n, (uint32_t)m), i);
                    owner[m]++;
                    counted++;
                }
                ck_assert_uint_eq(counted, size);
                total += size;
                lo = size < lo ? size : lo;
                hi = size > hi ? size : hi;
            }
            ck_assert_uint_eq(total, planned);
            ck_assert_uint_le(hi - lo, 1);
            for (size_t m = 0; m < planned; m++)
                ck_assert_int_eq(owner[m], 1);
            free(owner);
        }
    shard_spec whole = {0, 0};
    ck_assert(shard_has(&whole, 12345));
    ck_assert_uint_eq(shard_size(&whole, 17), 17);
}
END_TEST

/* --- the store ------------------------------------------------------------ */

static entrant test_entrant(const char *name, char hex)
{
    entrant e = {.path = "/bots/x.so",
                 .name = (char *)name,
                 .version = "1",
                 .author = "a",
                 .games = "*",
                 .bot_options = "",
                 .options_help = "",
                 .display = (char *)name};
    memset(e.sha256, hex, 64);
    return e;
}

/* A shard's tournament row says which shard it is (whole ones: 0, 0), the
 * store lists its shards, finds a tournament like another (whole ones only),
 * and reads entrants back as stored; an older store (schema 2) has none. */
START_TEST(store_records_the_shard)
{
    char dir[256], err[512] = "", path[300];
    e2e_tmpdir(dir, sizeof dir);
    entrant a = test_entrant("a", 'a'), b = test_entrant("b", 'b');
    entrant *ents[] = {&a, &b};
    store *s = store_open(dir, err, sizeof err);
    ck_assert_msg(s != NULL, "%s", err);
    tournament_info ti = {.game = "g",
                          .options = "o",
                          .seed = 9,
                          .rounds = 2,
                          .tc = "1+0",
                          .dir = "t1",
                          .planned = 4,
                          .shard = 2,
                          .shards = 3};
    int64_t shard = store_tournament_new(s, &ti, ents, 2, err, sizeof err);
    ti.dir = "t2";
    ti.shard = ti.shards = 0;
    int64_t whole = store_tournament_new(s, &ti, ents, 2, err, sizeof err);
    ck_assert_msg(shard > 0 && whole > 0, "%s", err);
    tournament_row row;
    ck_assert_int_eq(store_tournament_get(s, shard, &row, err, sizeof err), 0);
    ck_assert_int_eq(row.shard, 2);
    ck_assert_int_eq(row.shards, 3);
    int64_t *ids;
    size_t n;
    ck_assert_int_eq(store_tournaments_like(s, &row, &ids, &n, err, sizeof err), 0);
    ck_assert_uint_eq(n, 1);
    ck_assert_int_eq(ids[0], whole);
    free(ids);
    row.seed = 10; /* another tournament */
    ck_assert_int_eq(store_tournaments_like(s, &row, &ids, &n, err, sizeof err), 0);
    ck_assert_uint_eq(n, 0);
    free(ids);
    store_tournament_row_free(&row);
    ck_assert_int_eq(store_tournament_get(s, whole, &row, err, sizeof err), 0);
    ck_assert_int_eq(row.shard, 0);
    ck_assert_int_eq(row.shards, 0);
    store_tournament_row_free(&row);
    ck_assert_int_eq(store_sharded_tournaments(s, &ids, &n, err, sizeof err), 0);
    ck_assert_uint_eq(n, 1);
    ck_assert_int_eq(ids[0], shard);
    free(ids);
    entrant **back;
    int nb;
    ck_assert_int_eq(store_entrants_read(s, shard, &back, &nb, err, sizeof err), 0);
    ck_assert_int_eq(nb, 2);
    ck_assert_str_eq(back[1]->name, "b");
    ck_assert_str_eq(back[1]->sha256, b.sha256);
    ck_assert_str_eq(back[1]->display, "b");
    ck_assert_str_eq(back[1]->path, "/bots/x.so");
    store_entrants_free(back, nb);
    store_close(s);
    /* schema 4 (before shards): no shards table; read as it is, nothing is a shard */
    sqlite3 *raw;
    snprintf(path, sizeof path, "%s/arena.db", dir);
    ck_assert_int_eq(sqlite3_open(path, &raw), SQLITE_OK);
    ck_assert_int_eq(
        sqlite3_exec(raw, "DROP TABLE tournament_shards; PRAGMA user_version=4;", NULL, NULL, NULL),
        SQLITE_OK);
    sqlite3_close(raw);
    s = store_open_read(dir, err, sizeof err);
    ck_assert_msg(s != NULL, "%s", err);
    ck_assert_int_eq(store_tournament_get(s, shard, &row, err, sizeof err), 0);
    ck_assert_int_eq(row.shards, 0);
    store_tournament_row_free(&row);
    ck_assert_int_eq(store_sharded_tournaments(s, &ids, &n, err, sizeof err), 0);
    ck_assert_uint_eq(n, 0);
    free(ids);
    store_close(s);
    e2e_rmrf(dir);
}
END_TEST

/* --- end to end ----------------------------------------------------------- */

/* Plays shard i/n of `args` into DIR/s<i> (-j alternating 1 and 2). */
static void play_shard(const char *dir, const char *args, int i, int n)
{
    char *out;
    int rc = e2e_run(&out, "%s tournament %s --shard %d/%d -j %d --out %s/s%d", ARENA, args, i, n,
                     1 + i % 2, dir, i);
    ck_assert_msg(rc == 0, "shard %d/%d (%d):\n%s", i, n, rc, out);
    char want[64];
    snprintf(want, sizeof want, "Shard %d/%d: ", i, n);
    ck_assert_msg(strstr(out, want), "no '%s' in:\n%s", want, out);
    free(out);
}

/* The shards of `args` merged, against the same tournament in one piece. */
static void assert_merged_equals_whole(const char *args, int n, size_t matches)
{
    char dir[256], why[4096], *out;
    e2e_tmpdir(dir, sizeof dir);
    for (int i = n; i >= 1; i--) /* the order they are played in does not matter */
        play_shard(dir, args, i, n);
    char dirs[2048] = "";
    for (int i = 1; i <= n; i++)
        snprintf(dirs + strlen(dirs), sizeof dirs - strlen(dirs), " %s/s%d", dir, i);
    int rc = e2e_run(&out, "%s merge%s --out %s/merged", ARENA, dirs, dir);
    ck_assert_msg(rc == 0 && strstr(out, "Merged "), "merge (%d):\n%s", rc, out);
    free(out);
    ck_assert_int_eq(
        e2e_run(NULL, "%s tournament %s -j 2 --quiet --out %s/whole", ARENA, args, dir), 0);
    char merged[300], whole[300];
    snprintf(merged, sizeof merged, "%s/merged", dir);
    snprintf(whole, sizeof whole, "%s/whole", dir);
    size_t got = 0;
    ck_assert_msg(results_equal(merged, whole, &got, why, sizeof why) == 0, "%s", why);
    ck_assert_uint_eq(got, matches);
    /* the merged logs replay, and name the merged tournament */
    char tdir[1024];
    ck_assert_int_eq(e2e_tournament_dir(merged, tdir, sizeof tdir), 0);
    rc = e2e_run(&out, "%s replay %s/matches/00001.pb --no-board", ARENA, tdir);
    ck_assert_msg(rc == 0 && strstr(out, "reproduced") && strstr(out, "-merged"), "(%d)\n%s", rc,
                  out);
    free(out);
    e2e_rmrf(dir);
}

START_TEST(four_shards_merged_equal_the_whole_tournament)
{
    /* a bot entered twice (random#1, random#2): labels and pool copies */
    assert_merged_equals_whole(MORRIS " --seed 11", 4, 18);
    /* chance nodes, three seats at a table, four bots: the rotations of one
     * table land in different shards */
    assert_merged_equals_whole("--game kurnik:players=3 --bots kurnik_smart kurnik_greedy random "
                               "random --rounds 1 --seed 3 " STABLE,
                               4, 12);
}
END_TEST

/* A shard killed mid-way: merge names its missing matches (which ones
 * depends on when the kill came: groups commit every quarter second) and
 * the --resume that plays them; after it, the merge equals the whole
 * tournament. */
START_TEST(killed_shard_resumes_then_merges)
{
    char dir[256], cmd[1024], tdir[1024], sdir[300], why[4096], *out;
    e2e_tmpdir(dir, sizeof dir);
    const char *args = "--game morris --bots morris_greedy random --rounds 30 --seed 4 " STABLE;
    play_shard(dir, args, 1, 2);
    snprintf(cmd, sizeof cmd, "%s tournament %s --shard 2/2 --out %s/s2", ARENA, args, dir);
    ck_assert_int_eq(e2e_kill_after(5, "match ", cmd), 5);
    snprintf(sdir, sizeof sdir, "%s/s2", dir);
    ck_assert_int_eq(e2e_tournament_dir(sdir, tdir, sizeof tdir), 0);
    int rc = e2e_run(&out, "%s merge %s/s1 %s --out %s/merged", ARENA, dir, tdir, dir);
    char resume[1200];
    snprintf(resume, sizeof resume, "arena tournament --resume %s", tdir);
    ck_assert_msg(rc == 2 && strstr(out, "missing") && strstr(out, "shard 2/2 in") &&
                      strstr(out, " missing: matches ") && strstr(out, resume),
                  "(%d)\n%s", rc, out);
    free(out);
    struct stat sb;
    ck_assert_msg(stat(dir, &sb) == 0 && e2e_run(NULL, "test -e %s/merged", dir) != 0,
                  "a refused merge wrote something");
    rc = e2e_run(&out, "%s tournament --resume %s", ARENA, tdir);
    ck_assert_msg(rc == 0 && strstr(out, "Resuming: ") && strstr(out, "30 of its 30 matches"),
                  "(%d)\n%s", rc, out);
    free(out);
    rc = e2e_run(&out, "%s merge %s/s1 %s --out %s/merged", ARENA, dir, tdir, dir);
    ck_assert_msg(rc == 0, "(%d)\n%s", rc, out);
    free(out);
    ck_assert_int_eq(e2e_run(NULL, "%s tournament %s --quiet --out %s/whole", ARENA, args, dir), 0);
    char merged[300], whole[300];
    snprintf(merged, sizeof merged, "%s/merged", dir);
    snprintf(whole, sizeof whole, "%s/whole", dir);
    ck_assert_msg(results_equal(merged, whole, NULL, why, sizeof why) == 0, "%s", why);
    e2e_rmrf(dir);
}
END_TEST

/* Runs `arena merge ARGS` and wants exit 2 with every `want` in the output. */
static void assert_refused(const char *dir, const char *args, const char *const *want)
{
    char *out;
    int rc = e2e_run(&out, "cd %s && %s merge %s", dir, ARENA, args);
    ck_assert_msg(rc == 2, "merge %s: exit %d\n%s", args, rc, out);
    for (; *want; want++)
        ck_assert_msg(strstr(out, *want), "merge %s: no '%s' in:\n%s", args, *want, out);
    ck_assert_msg(!strchr(out, '\n') || strstr(out, "arena merge: ") == out,
                  "merge %s: does not start with its one-line error:\n%s", args, out);
    free(out);
    ck_assert_msg(e2e_run(NULL, "test -e %s/out", dir) != 0, "merge %s wrote --out", args);
}

/* Rewrites every log of a tournament directory as if another version of the
 * rules had played it (what a shard run with another arena would log). */
static void forge_rules_version(const char *tdir, const char *version)
{
    char mdir[1100], path[1400], err[512];
    snprintf(mdir, sizeof mdir, "%s/matches", tdir);
    DIR *d = opendir(mdir);
    ck_assert_ptr_nonnull(d);
    struct dirent *e;
    int files = 0;
    while ((e = readdir(d))) {
        if (!strstr(e->d_name, ".pb")) continue;
        snprintf(path, sizeof path, "%s/%s", mdir, e->d_name);
        Arena__MatchLog **logs;
        size_t n, len = 0, cap = 0;
        uint8_t *buf = NULL;
        ck_assert_msg(matchlog_read_all(path, &logs, &n, err, sizeof err) == 0, "%s", err);
        for (size_t i = 0; i < n; i++) {
            char *was = logs[i]->rules->version;
            logs[i]->rules->version = (char *)version;
            ck_assert_int_eq(matchlog_segment_append(&buf, &len, &cap, logs[i]), 0);
            logs[i]->rules->version = was;
        }
        ck_assert_msg(matchlog_write_bytes(path, buf, len, err, sizeof err) == 0, "%s", err);
        matchlog_free_all(logs, n);
        free(buf);
        files++;
    }
    closedir(d);
    ck_assert_int_gt(files, 0);
}

START_TEST(merge_refuses_what_is_not_one_whole_tournament)
{
    char dir[256], *out;
    e2e_tmpdir(dir, sizeof dir);
    for (int i = 1; i <= 4; i++)
        play_shard(dir, MORRIS " --seed 5", i, 4);
    ck_assert_int_eq(
        e2e_run(NULL, "%s tournament " MORRIS " --seed 6 --shard 3/4 --out %s/other", ARENA, dir),
        0);
    ck_assert_int_eq(
        e2e_run(NULL, "%s tournament " MORRIS " --seed 5 --shard 1/2 --out %s/half", ARENA, dir),
        0);
    ck_assert_int_eq(
        e2e_run(NULL, "%s tournament " MORRIS " --seed 5 --quiet --out %s/whole", ARENA, dir), 0);
    /* shard 3 missing: its matches are named, and the command that plays it */
    assert_refused(dir, "s1 s2 s4 --out out",
                   (const char *const[]){"4 of the tournament's 18 matches are missing",
                                         "shard 3/4 (not given): 4 missing: matches 2, 6, 10, 14",
                                         "--seed 5 --shard 3/4", "--rounds 3", NULL});
    assert_refused(dir, "s1 s2 s2 s3 s4 --out out",
                   (const char *const[]){"are both shard 2/4 (overlapping)", NULL});
    assert_refused(
        dir, "s1 s2 other s4 --out out",
        (const char *const[]){"not shards of one tournament: seeds differ (5, 6)", NULL});
    assert_refused(dir, "s1 half --out out",
                   (const char *const[]){"split differently (shard 1/4, shard 1/2)", NULL});
    assert_refused(dir, "s1 s2 s3 s4 whole --out out",
                   (const char *const[]){"whole holds no shard", NULL});
    assert_refused(dir, "s1 s2 s3 s4 nowhere --out out",
                   (const char *const[]){"nowhere: no such directory", NULL});
    /* into a shard's own store every match would count twice */
    int rc = e2e_run(&out, "cd %s && %s merge s1 s2 s3 s4 --out s1", dir, ARENA);
    ck_assert_msg(rc == 2 && strstr(out, "--out s1 is the results directory of shard"), "(%d)\n%s",
                  rc, out);
    free(out);
    /* --out holding the tournament already (merged before, or played whole):
     * its matches would count twice */
    rc = e2e_run(&out, "cd %s && %s merge s1 s2 s3 s4 --out whole", dir, ARENA);
    ck_assert_msg(rc == 2 && strstr(out, "--out whole already holds this tournament (whole/") &&
                      strstr(out, "18 of 18 matches stored"),
                  "(%d)\n%s", rc, out);
    free(out);
    /* a shard played with other rules (another arena's morris) */
    char s4[300], t4[1024];
    snprintf(s4, sizeof s4, "%s/s4", dir);
    ck_assert_int_eq(e2e_tournament_dir(s4, t4, sizeof t4), 0);
    forge_rules_version(t4, "0-other");
    assert_refused(
        dir, "s1 s2 s3 s4 --out out",
        (const char *const[]){"not shards of one tournament: ", "played morris rules version '",
                              "version '0-other'", NULL});
    /* two shards in one results directory: give one's directory */
    ck_assert_int_eq(
        e2e_run(NULL, "%s tournament " MORRIS " --seed 5 --shard 2/4 --out %s/s1", ARENA, dir), 0);
    assert_refused(dir, "s1 s3 --out out",
                   (const char *const[]){"s1 holds 2 shards: give one's directory", NULL});
    e2e_rmrf(dir);
}
END_TEST

START_TEST(shard_option_errors)
{
    char dir[256], *out;
    e2e_tmpdir(dir, sizeof dir);
    int rc = e2e_run(&out, "cd %s && %s tournament " MORRIS " --shard 1/2", dir, ARENA);
    ck_assert_msg(rc == 2 && strstr(out, "--shard needs --seed"), "(%d)\n%s", rc, out);
    free(out);
    rc = e2e_run(&out, "cd %s && %s tournament " MORRIS " --seed 1 --shard 3/2", dir, ARENA);
    ck_assert_msg(rc == 2 && strstr(out, "bad value '3/2' for --shard"), "(%d)\n%s", rc, out);
    free(out);
    rc = e2e_run(&out, "cd %s && %s tournament --resume results/x --shard 1/2", dir, ARENA);
    ck_assert_msg(rc == 2 && strstr(out, "drop --shard"), "(%d)\n%s", rc, out);
    free(out);
    rc = e2e_run(&out, "cd %s && %s merge", dir, ARENA);
    ck_assert_msg(rc == 2 && strstr(out, "no shard directories given"), "(%d)\n%s", rc, out);
    free(out);
    /* without --out a shard gets a results directory of its own */
    rc = e2e_run(&out, "cd %s && %s tournament " MORRIS " --seed 1 --shard 2/3", dir, ARENA);
    ck_assert_msg(rc == 0 && strstr(out, "results/shard-2-of-3/"), "(%d)\n%s", rc, out);
    free(out);
    ck_assert_int_eq(e2e_run(NULL, "test -f %s/results/shard-2-of-3/arena.db", dir), 0);
    e2e_rmrf(dir);
}
END_TEST

static Suite *shard_suite(void)
{
    Suite *s = suite_create("shard");
    TCase *unit = tcase_create("unit");
    tcase_add_test(unit, parse_takes_i_of_n_only);
    tcase_add_test(unit, shards_partition_every_schedule);
    tcase_add_test(unit, store_records_the_shard);
    suite_add_tcase(s, unit);
    TCase *e2e = tcase_create("e2e");
    tcase_set_timeout(e2e, 600);
    tcase_add_test(e2e, four_shards_merged_equal_the_whole_tournament);
    tcase_add_test(e2e, killed_shard_resumes_then_merges);
    tcase_add_test(e2e, merge_refuses_what_is_not_one_whole_tournament);
    tcase_add_test(e2e, shard_option_errors);
    suite_add_tcase(s, e2e);
    return s;
}

SUPPORT_MAIN(shard_suite)
