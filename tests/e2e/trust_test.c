/* trust_test.c -- results you can trust, second part (issue 10), through the
 * real arena binary: `arena rebuild` from the match logs, --resume reading
 * stored seats, Ctrl-C cleaning up, one usage style, `arena match` logging
 * without storing. */
#include <check.h>
#include <dirent.h>
#include <sqlite3.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "e2e_util.h"
#include "support.h"

#define ARENA ARENA_BIN_DIR "/arena"

static void tournament_ok(const char *dir, const char *args)
{
    char *out;
    /* The bots answer at once; a stall of a loaded (or ASan) machine must not
     * lose a game on time, or the same seeds would not give the same games. */
    int rc = e2e_run(&out, "%s tournament %s --move-time 5000 --quiet --out %s", ARENA, args, dir);
    ck_assert_msg(rc == 0, "tournament %s failed (%d):\n%s", args, rc, out);
    free(out);
}

/* Runs sql (one statement or several) on dir/arena.db with the library (no
 * sqlite3 shell needed); the rows, one a line, columns joined by '|'. */
static char *sql_rows(const char *dir, const char *sql, int readonly)
{
    char path[600], *text = NULL;
    size_t len = 0;
    sqlite3 *db;
    snprintf(path, sizeof path, "%s/arena.db", dir);
    ck_assert_int_eq(
        sqlite3_open_v2(path, &db, readonly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE, NULL),
        SQLITE_OK);
    FILE *f = open_memstream(&text, &len);
    ck_assert_ptr_nonnull(f);
    for (const char *next = sql; next && *next;) {
        sqlite3_stmt *st;
        ck_assert_msg(sqlite3_prepare_v2(db, next, -1, &st, &next) == SQLITE_OK, "%s: %s", next,
                      sqlite3_errmsg(db));
        if (!st) break; /* trailing blanks */
        int rc, cols = sqlite3_column_count(st);
        while ((rc = sqlite3_step(st)) == SQLITE_ROW)
            for (int c = 0; c < cols; c++) {
                const unsigned char *v = sqlite3_column_text(st, c);
                fprintf(f, "%s%s", v ? (const char *)v : "", c + 1 < cols ? "|" : "\n");
            }
        ck_assert_msg(rc == SQLITE_DONE, "%s", sqlite3_errmsg(db));
        sqlite3_finalize(st);
    }
    fclose(f);
    sqlite3_close(db);
    return text;
}

/* Every row the store holds about matches and ratings, in a stable order,
 * one line each (ids and timestamps left out: a rebuild renumbers nothing
 * else). */
static char *dump(const char *dir)
{
    return sql_rows(
        dir,
        "SELECT t.dir, t.game, t.options, t.seed, t.rounds, t.tc, t.planned, t.seat_orders,"
        " t.finished IS NOT NULL FROM tournaments t ORDER BY t.dir;"
        "SELECT t.dir, e.position, b.name, b.version, b.sha256, b.path, e.display"
        " FROM tournament_entrants e JOIN tournaments t ON t.id=e.tournament_id"
        " JOIN bots b ON b.id=e.bot_id ORDER BY t.dir, e.position;"
        "SELECT t.dir, m.match_index, m.seed, m.end_code, m.end_detail, m.culprit, m.plies,"
        " m.duration_us, m.log_path, s.seat, s.entrant, s.game_return FROM matches m"
        " JOIN tournaments t ON t.id=m.tournament_id JOIN match_seats s ON s.match_id=m.id"
        " ORDER BY t.dir, m.match_index, s.seat;"
        "SELECT t.dir, h.game, h.options, b.name, h.copy, round(h.elo, 6), h.games"
        " FROM rating_history h JOIN tournaments t ON t.id=h.tournament_id"
        " JOIN bots b ON b.id=h.bot_id ORDER BY t.dir, b.name, h.copy;"
        "SELECT t.dir, f.format FROM tournament_formats f"
        " JOIN tournaments t ON t.id=f.tournament_id ORDER BY t.dir;"
        "SELECT t.dir, s.shard, s.shards FROM tournament_shards s"
        " JOIN tournaments t ON t.id=s.tournament_id ORDER BY t.dir;"
        "SELECT t.dir, r.model, r.elo0, r.elo1, r.alpha, r.beta, r.max_games, r.verdict,"
        " round(r.llr, 9), r.games, r.wins, r.draws, r.losses, r.penta, round(r.elo, 6),"
        " round(r.elo_ci95, 6), round(r.los, 9), r.finished IS NOT NULL FROM sprt_runs r"
        " JOIN tournaments t ON t.id=r.tournament_id ORDER BY t.dir;",
        1);
}

/* The first line where two dumps differ (the whole of them is too long for
 * a message). */
static void assert_same_lines(const char *a, const char *b)
{
    size_t i = 0, line = 0;
    while (a[i] && a[i] == b[i])
        i++;
    if (!a[i] && !b[i]) return;
    while (i > 0 && a[i - 1] != '\n')
        i--;
    for (size_t k = 0; k < i; k++)
        line += a[k] == '\n';
    ck_abort_msg("line %zu differs:\n  %.300s\nvs\n  %.300s", line + 1, a + i, b + i);
}

static char *ratings(const char *dir, const char *game)
{
    char *out;
    int rc = e2e_run(&out, "%s ratings --game %s --format csv --out %s 2>&1", ARENA, game, dir);
    ck_assert_msg(rc == 0, "(%d) %s", rc, out);
    return out;
}

/* The store damaged: ratings refuses and says to rebuild; rebuild makes the
 * same store again from the logs (every tournament, entrant, match, seat and
 * rating snapshot), keeping the damaged file aside. */
START_TEST(rebuild_makes_the_same_store)
{
    char dir[256], *out;
    e2e_tmpdir(dir, sizeof dir);
    tournament_ok(dir, "--game morris --bots random random morris_greedy --rounds 2 --seed 3");
    tournament_ok(dir, "--game kurnik:players=3 --bots random kurnik_smart kurnik_smart "
                       "kurnik_greedy --rounds 1 --seed 4 --seats all");
    tournament_ok(dir, "--game morris --bots random morris_greedy --rounds 1 --seed 5");
    char *morris = ratings(dir, "morris"), *kurnik = ratings(dir, "kurnik");
    char *before = dump(dir);
    /* Damage it beyond repair: garbage over the whole file, and no WAL left
     * to hold a good copy of any page. */
    int rc = e2e_run(NULL,
                     "f=%s/arena.db; n=$(stat -c %%s $f); rm -f $f-wal $f-shm; "
                     "head -c $n /dev/zero | tr '\\0' 'Z' > $f",
                     dir);
    ck_assert_int_eq(rc, 0);
    rc = e2e_run(&out, "%s ratings --game morris --out %s 2>&1", ARENA, dir);
    ck_assert_msg(rc == 1 && strstr(out, "damaged") && strstr(out, "arena rebuild"), "(%d)\n%s", rc,
                  out);
    free(out);
    rc = e2e_run(&out, "%s rebuild --out %s 2>&1", ARENA, dir);
    ck_assert_msg(rc == 0 && strstr(out, "3 tournaments, 38 matches") &&
                      strstr(out, "The old store is kept as "),
                  "(%d)\n%s", rc, out);
    free(out);
    rc = e2e_run(&out, "ls %s | grep -c '^arena.db.old-'", dir);
    ck_assert_msg(rc == 0 && atoi(out) >= 1, "%s", out);
    free(out);
    out = ratings(dir, "morris");
    ck_assert_str_eq(out, morris);
    free(out);
    out = ratings(dir, "kurnik");
    ck_assert_str_eq(out, kurnik);
    free(out);
    char *after = dump(dir);
    assert_same_lines(before, after);
    free(after);
    free(before);
    free(morris);
    free(kurnik);
    e2e_rmrf(dir);
}
END_TEST

/* The store lost, then rebuilt: every row of dir/arena.db comes back the
 * same (dump), the lost file kept aside. */
static void assert_rebuilt_same(const char *dir)
{
    char *before = dump(dir), *out;
    ck_assert_int_eq(
        e2e_run(NULL, "cd %s && mv arena.db lost.db && rm -f arena.db-wal arena.db-shm", dir), 0);
    int rc = e2e_run(&out, "%s rebuild --out %s 2>&1", ARENA, dir);
    ck_assert_msg(rc == 0, "rebuild (%d):\n%s", rc, out);
    free(out);
    char *after = dump(dir);
    assert_same_lines(before, after);
    free(before);
    free(after);
}

/* What rebuild did not know before: an SPRT run (its format, hypotheses and
 * verdict, counted in order though -j 2 stored pairs after the bound), a
 * gauntlet and which shard a directory played -- all come back from the
 * plans and logs. Two gauntlet shards, one rebuilt, merge into a tournament
 * with a plan (tournament.txt) and an HTML report, as one played in a piece
 * has; its store is rebuilt the same from them too. */
START_TEST(rebuild_keeps_formats_shards_and_sprt)
{
    char a[256], b[256], c[256], *out;
    e2e_tmpdir(a, sizeof a);
    e2e_tmpdir(b, sizeof b);
    e2e_tmpdir(c, sizeof c);
    const char *gauntlet = "--game morris --bots morris_greedy random random --gauntlet --seed 7";
    char args[512];
    snprintf(args, sizeof args, "%s --shard 1/2", gauntlet);
    tournament_ok(a, args);
    snprintf(args, sizeof args, "%s --shard 2/2", gauntlet);
    tournament_ok(b, args);
    /* the bots answer at once; no stall of a loaded machine may lose a game on
     * time (the verdict must be H1) */
    int rc = e2e_run(&out,
                     "%s sprt --game morris morris_greedy random --elo0 0 --elo1 200 "
                     "--move-time 5000 --seed 5 -j 2 --out %s",
                     ARENA, a);
    ck_assert_msg(rc == 0 && strstr(out, "Verdict: H1 accepted"), "sprt (%d):\n%s", rc, out);
    free(out);
    assert_rebuilt_same(a);
    /* the rebuilt shard is still a shard: it merges */
    rc = e2e_run(&out, "%s merge %s %s --out %s 2>&1", ARENA, a, b, c);
    ck_assert_msg(rc == 0, "merge (%d):\n%s", rc, out);
    free(out);
    char tdir[512], path[700];
    ck_assert_int_eq(e2e_tournament_dir(c, tdir, sizeof tdir), 0);
    snprintf(path, sizeof path, "%s/tournament.txt", tdir);
    ck_assert_msg(access(path, R_OK) == 0, "merge wrote no %s", path);
    snprintf(path, sizeof path, "%s/index.html", tdir);
    ck_assert_msg(access(path, R_OK) == 0, "merge wrote no %s", path);
    rc = e2e_run(&out, "grep -c '^schedule gauntlet$' %s/tournament.txt", tdir);
    ck_assert_msg(rc == 0 && atoi(out) == 1, "the merged plan is no gauntlet:\n%s", out);
    free(out);
    assert_rebuilt_same(c);
    e2e_rmrf(a);
    e2e_rmrf(b);
    e2e_rmrf(c);
}
END_TEST

/* A tournament directory without its plan (tournament.txt) is rebuilt from
 * its logs alone: same matches, same table. A store lost altogether comes
 * back too, and `arena match` logs are not tournaments. */
START_TEST(rebuild_without_a_plan)
{
    char dir[256], tdir[1024], *out;
    e2e_tmpdir(dir, sizeof dir);
    tournament_ok(dir, "--game morris --bots random morris_greedy --rounds 2 --seed 6");
    ck_assert_int_eq(e2e_tournament_dir(dir, tdir, sizeof tdir), 0);
    int rc = e2e_run(&out, "%s match --game morris random random --seed 1 --move-time 200 --out %s",
                     ARENA, dir);
    ck_assert_msg(rc == 0, "(%d)\n%s", rc, out);
    free(out);
    char *want = ratings(dir, "morris");
    rc = e2e_run(NULL, "rm %s/tournament.txt %s/arena.db*", tdir, dir);
    ck_assert_int_eq(rc, 0);
    rc = e2e_run(&out, "%s rebuild --out %s 2>&1", ARENA, dir);
    ck_assert_msg(rc == 0 && strstr(out, "1 tournaments, 4 matches") && !strstr(out, "kept as"),
                  "(%d)\n%s", rc, out);
    free(out);
    out = ratings(dir, "morris");
    ck_assert_str_eq(out, want);
    free(out);
    free(want);
    e2e_rmrf(dir);
}
END_TEST

/* A log file that cannot be read is named, skipped, and makes the exit
 * status 1; an interrupted tournament rebuilt is resumed to its end. */
START_TEST(rebuild_skips_bad_logs_and_resumes)
{
    char dir[256], tdir[1024], *out;
    e2e_tmpdir(dir, sizeof dir);
    tournament_ok(dir, "--game morris --bots random random morris_greedy --rounds 1 --seed 8");
    ck_assert_int_eq(e2e_tournament_dir(dir, tdir, sizeof tdir), 0);
    char *want = ratings(dir, "morris");
    /* Every segment lost, and garbage where the first was: garbage that
     * opens as a segment does (field 1, a length), then is none -- once
     * random bytes, which did so one time in 256 */
    int rc = e2e_run(NULL,
                     "cd %s/matches && rm g*.pb && { printf '\\n\\005'; head -c 298 /dev/zero | "
                     "tr '\\0' '\\377'; } > g000000.pb && rm -f %s/arena.db*",
                     tdir, dir);
    ck_assert_int_eq(rc, 0);
    rc = e2e_run(&out, "%s rebuild --out %s 2>&1", ARENA, dir);
    ck_assert_msg(rc == 1 && strstr(out, "arena rebuild: skipped ") && strstr(out, "g000000.pb") &&
                      strstr(out, "1 tournaments, 0 matches"),
                  "(%d)\n%s", rc, out);
    free(out);
    /* Not finished: no snapshot, and --resume plays the six matches again. */
    rc = e2e_run(&out, "cd %s/matches && rm g000000.pb && %s tournament --resume %s --quiet 2>&1",
                 tdir, ARENA, tdir);
    ck_assert_msg(rc == 0 && strstr(out, "0 of 6 matches already played"), "(%d)\n%s", rc, out);
    free(out);
    out = ratings(dir, "morris");
    ck_assert_str_eq(out, want); /* the same seeds give the same games */
    free(out);
    free(want);
    e2e_rmrf(dir);
}
END_TEST

/* --resume reads who sat where from the store: a stored seat that
 * contradicts the schedule is an error, not a silent guess. */
START_TEST(resume_reads_stored_seats)
{
    char dir[256], tdir[1024], *out;
    e2e_tmpdir(dir, sizeof dir);
    tournament_ok(dir, "--game kurnik:players=3 --bots random kurnik_greedy kurnik_smart "
                       "--rounds 1 --seed 2 --seats all");
    ck_assert_int_eq(e2e_tournament_dir(dir, tdir, sizeof tdir), 0);
    out = sql_rows(dir, "SELECT seat_orders, planned FROM tournaments", 1);
    ck_assert_msg(strcmp(out, "all|6\n") == 0, "%s", out);
    free(out);
    free(sql_rows(dir,
                  "UPDATE match_seats SET entrant=(entrant+1)%3 WHERE "
                  "match_id=(SELECT min(id) FROM matches)",
                  0));
    int rc = e2e_run(&out, "%s tournament --resume %s --quiet 2>&1", ARENA, tdir);
    ck_assert_msg(rc != 0 && strstr(out, "--resume: stored match 0 seats entrant"), "(%d)\n%s", rc,
                  out);
    free(out);
    e2e_rmrf(dir);
}
END_TEST

/* Ctrl-C: exit 130 with the count and the command, and the workers' ipc
 * directory (TMPDIR/arena-PID-XXXXXX) removed. */
START_TEST(ctrl_c_cleans_its_temporary_directory)
{
    char dir[256], *out;
    e2e_tmpdir(dir, sizeof dir);
    int rc =
        e2e_run(&out,
                "mkdir %s/tmp; : > %s/log; TMPDIR=%s/tmp %s tournament --game morris --bots random "
                "random --rounds 5000 --move-time 1000 --out %s > %s/log 2>&1 & p=$!; i=0; "
                "while ! grep -q '^match ' %s/log && [ $i -lt 3000 ]; do sleep 0.1; "
                "i=$((i+1)); done; ls %s/tmp | grep -c \"^arena-$p-\"; kill -INT $p; "
                "wait $p; r=$?; cat %s/log | grep -c 'matches stored. To finish it:'; "
                "ls -A %s/tmp | wc -l; exit $r",
                dir, dir, dir, ARENA, dir, dir, dir, dir, dir, dir);
    ck_assert_msg(rc == 130, "(%d)\n%s", rc, out);
    int during = -1, said = -1, left = -1;
    ck_assert_int_eq(sscanf(out, "%d %d %d", &during, &said, &left), 3);
    ck_assert_msg(during == 1 && said == 1 && left == 0,
                  "ipc dirs while running %d, message %d, "
                  "left after %d",
                  during, said, left);
    free(out);
    e2e_rmrf(dir);
}
END_TEST

/* One usage style: every command's help starts "Usage: arena CMD", every
 * unknown option is "arena CMD: unrecognized option" with exit 2, check
 * takes no --out, and --version is documented and works. */
START_TEST(one_usage_style)
{
    static const char *const cmds[] = {"games",   "bots",    "check",  "match", "tournament",
                                       "ratings", "rebuild", "replay", "perft"};
    char *out, want[128];
    for (size_t i = 0; i < sizeof cmds / sizeof *cmds; i++) {
        int rc = e2e_run(&out, "%s %s --help", ARENA, cmds[i]);
        snprintf(want, sizeof want, "Usage: arena %s", cmds[i]);
        ck_assert_msg(rc == 0 && strncmp(out, want, strlen(want)) == 0, "%s: (%d)\n%s", cmds[i], rc,
                      out);
        if (strcmp(cmds[i], "check") == 0) ck_assert_msg(!strstr(out, "--out"), "%s", out);
        free(out);
        rc = e2e_run(&out, "%s %s --bogus 2>&1", ARENA, cmds[i]);
        snprintf(want, sizeof want, "arena %s: unrecognized option '--bogus'", cmds[i]);
        ck_assert_msg(rc == 2 && strncmp(out, want, strlen(want)) == 0 && !strchr(out, '\n')[1],
                      "%s: (%d)\n%s", cmds[i], rc, out);
        free(out);
    }
    int rc = e2e_run(&out, "%s check random --game morris --out x 2>&1", ARENA);
    ck_assert_msg(rc == 2 && strstr(out, "arena check: unrecognized option '--out'"), "%s", out);
    free(out);
    rc = e2e_run(&out, "%s --help", ARENA);
    ck_assert_msg(rc == 0 && strstr(out, "arena --version") && strstr(out, "rebuild"), "%s", out);
    free(out);
    rc = e2e_run(&out, "%s --version", ARENA);
    ck_assert_msg(rc == 0 && strncmp(out, "arena ", 6) == 0 && !strchr(out, '\n')[1], "%s", out);
    free(out);
}
END_TEST

/* Item 9: `arena match` logs its game and stores nothing (as the README
 * says): no arena.db appears, the log replays. */
START_TEST(match_logs_without_storing)
{
    char dir[256], *out;
    e2e_tmpdir(dir, sizeof dir);
    int rc = e2e_run(&out, "%s match --game morris random random --seed 2 --move-time 200 --out %s",
                     ARENA, dir);
    ck_assert_msg(rc == 0, "(%d)\n%s", rc, out);
    free(out);
    char db[300];
    snprintf(db, sizeof db, "%s/arena.db", dir);
    ck_assert_int_ne(access(db, F_OK), 0);
    rc = e2e_run(&out, "%s replay --quiet %s/matches/*.pb", ARENA, dir);
    ck_assert_msg(rc == 0 && strstr(out, "reproduced"), "(%d)\n%s", rc, out);
    free(out);
    rc = e2e_run(&out, "grep -c 'A single match is logged, not stored' %s/README.md",
                 ARENA_SOURCE_DIR);
    ck_assert_msg(rc == 0, "the README no longer says what arena match stores");
    free(out);
    e2e_rmrf(dir);
}
END_TEST

/* Two arenas never play one tournament directory at once (the second swept
 * the first's segments, leaving stored matches without logs): while a
 * tournament plays (a bot that never answers holds it in its first match), a
 * --resume of its directory is refused before it touches anything, naming
 * the directory and the pid of the arena playing it. (A second arena that
 * played would wait on the bot: `timeout` ends the test then.) */
START_TEST(one_arena_plays_a_tournament_at_a_time)
{
    char dir[256], *out;
    e2e_tmpdir(dir, sizeof dir);
    char cmd[1024], ready[2048];
    snprintf(cmd, sizeof cmd,
             "exec %s tournament --game morris --bots random %s/hang.so --seed 1 "
             "--move-time 600000 --quiet --out %s/r",
             ARENA, ARENA_TEST_BOTS_DIR, dir);
    /* once the run has said which tournament it plays, its lock is held */
    snprintf(
        ready, sizeof ready,
        "grep -q '^Tournament ' %s/log && { timeout -s INT 60 %s tournament --resume "
        "%s/r/2* --quiet > %s/second 2>&1; echo $? > %s/second.rc; "
        "timeout -s INT 60 %s rebuild --out %s/r > %s/rebuild 2>&1; echo $? > %s/rebuild.rc; }",
        dir, ARENA, dir, dir, dir, ARENA, dir, dir, dir);
    int rc = e2e_interrupt(&out, dir, ready, cmd);
    ck_assert_msg(rc == 130, "(%d)\n%s", rc, out);
    free(out);
    rc = e2e_run(&out, "cat %s/second.rc %s/second", dir, dir);
    ck_assert_msg(rc == 0 && strncmp(out, "1\n", 2) == 0 && strstr(out, "arena tournament: ") &&
                      strstr(out, " is being played by another arena (pid "),
                  "%s", out);
    free(out);
    /* nor is its store made again under it (the store kept where it was) */
    rc = e2e_run(&out, "cat %s/rebuild.rc %s/rebuild; ls %s/r", dir, dir, dir);
    ck_assert_msg(rc == 0 && strncmp(out, "0\n", 2) != 0 &&
                      strstr(out, " is being played by another arena (pid ") &&
                      strstr(out, "wait for it to end (or stop it), then try again") &&
                      !strstr(out, "arena.db.old"),
                  "%s", out);
    free(out);
    e2e_rmrf(dir);
}
END_TEST

static int by_match_index(const void *a, const void *b)
{
    uint32_t x = (*(Arena__MatchLog *const *)a)->match_index;
    uint32_t y = (*(Arena__MatchLog *const *)b)->match_index;
    return x < y ? -1 : x > y;
}

/* A segment cut short keeps its complete logs: the tournament's six logs
 * put into one segment cut inside the sixth, replay says the log of match 5
 * is in a damaged file, report warns of the stored match with no log,
 * rebuild salvages the five (exit 1) and says the old store held six -- or,
 * with no old store, that the finished tournament planned six. */
START_TEST(damaged_segment_keeps_its_whole_logs)
{
    char dir[256], tdir[1024], *out;
    e2e_tmpdir(dir, sizeof dir);
    tournament_ok(dir, "--game morris --bots random morris_greedy --rounds 3 --seed 5");
    ck_assert_int_eq(e2e_tournament_dir(dir, tdir, sizeof tdir), 0);
    e2e_logs l;
    e2e_read_logs(tdir, &l);
    ck_assert_int_eq(l.n, 6);
    qsort(l.log, (size_t)l.n, sizeof *l.log, by_match_index);
    uint8_t *buf = NULL;
    size_t len = 0, cap = 0, before_last = 0;
    for (int i = 0; i < l.n; i++) {
        if (i == l.n - 1) before_last = len;
        matchlog_segment_append(&buf, &len, &cap, l.log[i]);
    }
    e2e_free_logs(&l);
    char seg[1200], err[512];
    ck_assert_int_eq(e2e_run(NULL, "rm %s/matches/g*.pb", tdir), 0);
    snprintf(seg, sizeof seg, "%s/matches/g000000.pb", tdir);
    ck_assert_msg(
        matchlog_write_bytes(seg, buf, before_last + (len - before_last) / 2, err, sizeof err) == 0,
        "%s", err);
    free(buf);
    int rc = e2e_run(&out, "%s replay --quiet %s/matches/00005.pb", ARENA, tdir);
    ck_assert_msg(rc == 2 &&
                      strstr(out, "no log of match 5 in its readable logs, and a log file "
                                  "there is damaged: ") &&
                      strstr(out, "cut short inside log 6"),
                  "(%d)\n%s", rc, out);
    free(out);
    rc = e2e_run(&out, "%s report %s --replays 0", ARENA, tdir);
    ck_assert_msg(rc == 0 && strstr(out, "cut short inside log 6") &&
                      strstr(out, "1 of the 6 stored matches have no log in "),
                  "(%d)\n%s", rc, out);
    free(out);
    rc = e2e_run(&out, "%s rebuild --out %s", ARENA, dir);
    ck_assert_msg(rc == 1 && strstr(out, "arena rebuild: salvaged ") &&
                      strstr(out, "the 5 complete logs before it are kept, log 6 is lost") &&
                      strstr(out, "1 tournaments, 5 matches") &&
                      strstr(out, ": 5 matches rebuilt, the old store held 6: the logs of 1 are "
                                  "missing or damaged"),
                  "(%d)\n%s", rc, out);
    free(out);
    rc = e2e_run(&out, "rm %s/arena.db*; %s rebuild --out %s", dir, ARENA, dir);
    ck_assert_msg(rc == 1 && strstr(out, ": 5 of its 6 matches rebuilt, but it had finished"),
                  "(%d)\n%s", rc, out);
    free(out);
    e2e_rmrf(dir);
}
END_TEST

/* One tournament's plan empty, another's garbled: each is named, rebuilt
 * from its logs alone, and the rebuild goes on with the rest (exit 1 at the
 * end); the ratings are what they were. */
START_TEST(rebuild_goes_on_past_a_bad_plan)
{
    char dir[256], tdir[1024], *out;
    e2e_tmpdir(dir, sizeof dir);
    tournament_ok(dir, "--game morris --bots random morris_greedy --rounds 1 --seed 6");
    ck_assert_int_eq(e2e_tournament_dir(dir, tdir, sizeof tdir), 0);
    ck_assert_int_eq(e2e_run(NULL, ": > %s/tournament.txt", tdir), 0);
    tournament_ok(dir, "--game morris --bots random morris_greedy --rounds 2 --seed 7");
    ck_assert_int_eq(e2e_run(NULL,
                             "for d in %s/2*; do [ -s $d/tournament.txt ] && sed -i "
                             "'s/^rounds .*/rounds x/' $d/tournament.txt; done; true",
                             dir),
                     0);
    tournament_ok(dir, "--game morris --bots random morris_greedy --rounds 1 --seed 8");
    char *want = ratings(dir, "morris");
    int rc = e2e_run(&out, "%s rebuild --out %s", ARENA, dir);
    ck_assert_msg(
        rc == 1 && strstr(out, "/tournament.txt: incomplete") && strstr(out, "/tournament.txt:") &&
            strstr(out, "bad value for rounds") && strstr(out, "from its logs alone") &&
            strstr(out, "3 tournaments, 8 matches") && strstr(out, "Not whole: 2 unreadable plans"),
        "(%d)\n%s", rc, out);
    free(out);
    out = ratings(dir, "morris");
    ck_assert_str_eq(out, want);
    free(out);
    free(want);
    e2e_rmrf(dir);
}
END_TEST

/* Files named for every second of the next minute (the names an arena would
 * give now), each holding "keep": what a run in the same second finds. */
static void occupy_next_minute(const char *fmt_dir, const char *prefix, const char *suffix)
{
    int rc = e2e_run(NULL,
                     "now=$(date +%%s); for i in $(seq 0 60); do "
                     "echo keep > %s/%s$(date -d @$((now + i)) +%%Y%%m%%d-%%H%%M%%S)%s; done",
                     fmt_dir, prefix, suffix);
    ck_assert_int_eq(rc, 0);
}

/* A second match of the same game and seed in the same second gets its own
 * log (-2), never the first's name. */
START_TEST(match_logs_are_never_overwritten)
{
    char dir[256], mdir[300], *out;
    e2e_tmpdir(dir, sizeof dir);
    snprintf(mdir, sizeof mdir, "%s/matches", dir);
    ck_assert_int_eq(mkdir(mdir, 0755), 0);
    occupy_next_minute(mdir, "", "-morris-2.pb");
    int rc = e2e_run(&out, "%s match --game morris random random --seed 2 --move-time 200 --out %s",
                     ARENA, dir);
    ck_assert_msg(rc == 0 && strstr(out, "-morris-2-2.pb  (arena replay "), "(%d)\n%s", rc, out);
    free(out);
    rc = e2e_run(&out,
                 "cd %s && cat *-morris-2.pb | sort | uniq -c && %s replay --quiet "
                 "*-morris-2-2.pb",
                 mdir, ARENA);
    ck_assert_msg(rc == 0 && strstr(out, "61 keep") && strstr(out, "reproduced"), "(%d)\n%s", rc,
                  out);
    free(out);
    e2e_rmrf(dir);
}
END_TEST

/* A rebuild in the second of an earlier one keeps the damaged store under a
 * name of its own (-2), never over the copy kept before. */
START_TEST(rebuild_never_overwrites_a_kept_store)
{
    char dir[256], *out;
    e2e_tmpdir(dir, sizeof dir);
    tournament_ok(dir, "--game morris --bots random morris_greedy --rounds 1 --seed 4");
    occupy_next_minute(dir, "arena.db.old-", "");
    int rc = e2e_run(NULL, "echo damaged > %s/arena.db; rm -f %s/arena.db-wal %s/arena.db-shm", dir,
                     dir, dir);
    ck_assert_int_eq(rc, 0);
    rc = e2e_run(&out, "%s rebuild --out %s", ARENA, dir);
    ck_assert_msg(rc == 0 && strstr(out, "The old store is kept as ") && strstr(out, "-2\n"),
                  "(%d)\n%s", rc, out);
    free(out);
    rc = e2e_run(&out,
                 "cd %s && cat arena.db.old-*[0-9][0-9][0-9][0-9][0-9][0-9] | sort | uniq -c "
                 "&& cat arena.db.old-*-2",
                 dir);
    ck_assert_msg(rc == 0 && strstr(out, "61 keep") && strstr(out, "damaged"), "(%d)\n%s", rc, out);
    free(out);
    e2e_rmrf(dir);
}
END_TEST

/* A report that cannot be written says why: on a full disk (the page's
 * temporary is /dev/full), "No space left on device", not "Input/output
 * error". */
START_TEST(report_on_a_full_disk_says_so)
{
    char dir[256], tdir[1024], *out;
    e2e_tmpdir(dir, sizeof dir);
    tournament_ok(dir, "--game morris --bots random morris_greedy --rounds 1 --seed 3");
    ck_assert_int_eq(e2e_tournament_dir(dir, tdir, sizeof tdir), 0);
    int rc = e2e_run(&out, "ln -s /dev/full %s/index.html.tmp && %s report %s --replays 0", tdir,
                     ARENA, tdir);
    ck_assert_msg(rc == 1 && strstr(out, "/index.html: No space left on device"), "(%d)\n%s", rc,
                  out);
    free(out);
    e2e_rmrf(dir);
}
END_TEST

/* What to do when the store is not what a command needs, said by each: a
 * --resume of the results directory itself, of a tournament stopped before
 * it was stored (its plan there, no row), of one whose store is gone; an
 * empty arena.db points to rebuild, and a tournament started beside it warns
 * that the tournaments there are left out until a rebuild. */
START_TEST(store_trouble_says_what_to_do)
{
    char dir[256], tdir[1024], *out;
    e2e_tmpdir(dir, sizeof dir);
    tournament_ok(dir, "--game morris --bots random morris_greedy --rounds 1 --seed 9");
    ck_assert_int_eq(e2e_tournament_dir(dir, tdir, sizeof tdir), 0);
    int rc = e2e_run(&out, "%s tournament --resume %s", ARENA, dir);
    ck_assert_msg(rc == 2 && strstr(out, "a results directory (it holds arena.db): give the "
                                         "directory of one of its tournaments"),
                  "(%d)\n%s", rc, out);
    free(out);
    rc = e2e_run(&out,
                 "mkdir -p %s/20990101-000000-morris/matches && cp %s/tournament.txt "
                 "%s/20990101-000000-morris/ && %s tournament --resume "
                 "%s/20990101-000000-morris",
                 dir, tdir, dir, ARENA, dir);
    ck_assert_msg(rc == 2 && strstr(out, "it was stopped before it was stored") &&
                      strstr(out, "run `arena rebuild --out "),
                  "(%d)\n%s", rc, out);
    free(out);
    rc = e2e_run(&out, "rm %s/arena.db*; : > %s/arena.db; %s ratings --game morris --out %s", dir,
                 dir, ARENA, dir);
    ck_assert_msg(rc == 1 && strstr(out, "not an arena store (no schema): the store is damaged") &&
                      strstr(out, "run `arena rebuild`"),
                  "(%d)\n%s", rc, out);
    free(out);
    rc = e2e_run(&out,
                 "%s tournament --game morris --bots random morris_greedy --seed 2 "
                 "--move-time 5000 --quiet --out %s",
                 ARENA, dir);
    ck_assert_msg(rc == 0 && strstr(out, "/arena.db is empty but 2 tournament directories are "
                                         "here: run `arena rebuild --out "),
                  "(%d)\n%s", rc, out);
    free(out);
    rc = e2e_run(&out, "rm %s/arena.db*; %s tournament --resume %s", dir, ARENA, tdir);
    ck_assert_msg(rc == 2 && strstr(out, ": the store is missing (no arena.db in ") &&
                      strstr(out, "run `arena rebuild --out "),
                  "(%d)\n%s", rc, out);
    free(out);
    e2e_rmrf(dir);
}
END_TEST

static Suite *trust_suite(void)
{
    Suite *s = suite_create("trust");
    TCase *tc = tcase_create("trust");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, rebuild_makes_the_same_store);
    tcase_add_test(tc, rebuild_without_a_plan);
    tcase_add_test(tc, rebuild_keeps_formats_shards_and_sprt);
    tcase_add_test(tc, rebuild_skips_bad_logs_and_resumes);
    tcase_add_test(tc, resume_reads_stored_seats);
    tcase_add_test(tc, ctrl_c_cleans_its_temporary_directory);
    tcase_add_test(tc, one_usage_style);
    tcase_add_test(tc, match_logs_without_storing);
    tcase_add_test(tc, one_arena_plays_a_tournament_at_a_time);
    tcase_add_test(tc, damaged_segment_keeps_its_whole_logs);
    tcase_add_test(tc, rebuild_goes_on_past_a_bad_plan);
    tcase_add_test(tc, match_logs_are_never_overwritten);
    tcase_add_test(tc, rebuild_never_overwrites_a_kept_store);
    tcase_add_test(tc, report_on_a_full_disk_says_so);
    tcase_add_test(tc, store_trouble_says_what_to_do);
    suite_add_tcase(s, tc);
    return s;
}

SUPPORT_MAIN(trust_suite)
