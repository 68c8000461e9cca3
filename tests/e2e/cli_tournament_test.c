/* cli_tournament_test.c -- the promises of README.md's "Commands" section for
 * `arena tournament` and `arena ratings`, through the real arena binary: two
 * builds of one bot told apart, a tournament's files, paired seats, progress
 * lines (off and on a terminal) and `DIR/matches/NNNNN.pb`, --resume
 * refusing a bot whose .so changed, multiplayer tables from the command line
 * (rotations, --seats all, Games and Pairs), `arena ratings` in every
 * format. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "e2e_util.h"
#include "support.h"

#define ARENA ARENA_BIN_DIR "/arena"

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
        ck_assert_msg(e2e_line_starting(out, line, got, sizeof got) == 0, "no '%s':\n%s", line,
                      out);
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
/* Started without stdin, stdout and stderr (a service manager's mistake),
 * the arena plays and stores as usual: the seat hosts, which are given the
 * arena's stderr as theirs, still start (cli_standard_fds puts /dev/null
 * in the gaps before anything else can take the numbers). */
START_TEST(closed_standard_descriptors_change_nothing)
{
    char dir[256];
    e2e_tmpdir(dir, sizeof dir);
    int rc = e2e_run(NULL,
                     "(%s tournament --game morris --bots morris_greedy random --rounds 2 "
                     "--seed 1 --out %s <&- >&- 2>&-)",
                     ARENA, dir);
    ck_assert_int_eq(rc, 0);
    char *out;
    ck_assert_int_eq(e2e_run(&out,
                             "sqlite3 %s/arena.db 'SELECT count(*) FROM matches; SELECT count(*) "
                             "FROM tournaments WHERE finished IS NOT NULL'",
                             dir),
                     0);
    ck_assert_str_eq(out, "4\n1\n"); /* every match, and the end written */
    free(out);
    ck_assert_int_eq(e2e_run(NULL, "test -s %s/*-morris/ratings.txt", dir), 0);
    e2e_rmrf(dir);
}
END_TEST

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
    ck_assert_msg(rc == 2 && strstr(out, "/nosuch: no such directory"), "(%d) %s", rc, out);
    free(out);
    e2e_rmrf(dir);
}
END_TEST

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
                ck_assert_msg(e2e_line_starting(out, key, line, sizeof line) == 0, "no '%s'", key);
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

/* --mem is per process: when -j tables of bot processes may together use
 * more than the machine has, the tournament says so before it plays (red
 * team 7); inline seats have no processes, so nothing is said for them. */
START_TEST(memory_past_the_machine_is_noted)
{
    char dir[256], *out;
    e2e_tmpdir(dir, sizeof dir);
    const char *args = "tournament --game morris --bots random random --rounds 1 --seed 1 --mem "
                       "1048576 --no-report --quiet";
    int rc = e2e_run(&out, "%s %s -j 2 --out %s", ARENA, args, dir);
    ck_assert_msg(rc == 0 &&
                      strstr(out, "arena tournament: note: 2 games at once of 2 bot processes, "
                                  "each allowed --mem 1048576 MB, may use 4096 GB, more than "
                                  "this machine's") &&
                      strstr(out, "lower --mem or -j"),
                  "(%d)\n%s", rc, out);
    free(out);
    rc = e2e_run(&out, "%s %s --isolation inline --out %s", ARENA, args, dir);
    ck_assert_msg(rc == 0 && !strstr(out, "note:"), "(%d)\n%s", rc, out);
    free(out);
    e2e_rmrf(dir);
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

/* A report that cannot be written (ulimit -f: the arena ignores SIGXFSZ, so
 * the write fails with EFBIG) names the file and why, exit 1, and is no
 * "could not be replayed": the logs are sound. */
START_TEST(a_report_write_failure_names_the_file)
{
    char dir[256], tdir[1024], *out;
    e2e_tmpdir(dir, sizeof dir);
    int rc = e2e_run(&out,
                     "%s tournament --game kurnik --bots random random --seed 3 --move-time 5000 "
                     "--quiet --no-report --out %s 2>&1",
                     ARENA, dir);
    ck_assert_msg(rc == 0, "(%d) %s", rc, out);
    free(out);
    ck_assert_int_eq(e2e_tournament_dir(dir, tdir, sizeof tdir), 0);
    /* 64 KB: the store's shared memory (32 KB) fits, a kurnik replay does not */
    rc = e2e_run(&out, "ulimit -f 64 && %s report %s 2>&1", ARENA, tdir);
    char want[1200];
    snprintf(want, sizeof want, "arena report: cannot write %s/replays/", tdir);
    ck_assert_msg(rc == 1 && strstr(out, want) && strstr(out, ".js: File too large") &&
                      !strstr(out, "could not be replayed"),
                  "(%d) %s", rc, out);
    free(out);
    e2e_rmrf(dir);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("cli_tournament");
    TCase *tc = tcase_create("cli_tournament");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, two_builds_are_labelled_by_hash);
    tcase_add_test(tc, tournament_files_pairs_and_progress);
    tcase_add_test(tc, closed_standard_descriptors_change_nothing);
    tcase_add_test(tc, tournament_live_line_on_a_terminal);
    tcase_add_test(tc, resume_refuses_a_changed_bot);
    tcase_add_test(tc, resume_uses_the_files_it_was_given);
    tcase_add_test(tc, resume_of_a_wrong_directory);
    tcase_add_test(tc, too_few_bots_for_a_table_are_named);
    tcase_add_test(tc, multiplayer_tables_from_the_command_line);
    tcase_add_test(tc, ratings_in_every_format);
    tcase_add_test(tc, memory_past_the_machine_is_noted);
    tcase_add_test(tc, a_report_write_failure_names_the_file);
    suite_add_tcase(s, tc);
    return support_main(s);
}
