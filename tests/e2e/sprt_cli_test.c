/* sprt_cli_test.c -- issue 15 through the real arena binary: `arena sprt`
 * (verdicts printed and stored, --max-games, refusals), `arena tournament
 * --gauntlet` (schedule, resume, ratings), `--anchor`, and `arena ratings
 * --history`. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "e2e_db.h"
#include "e2e_util.h"
#include "support.h"

#define ARENA ARENA_BIN_DIR "/arena"

static char *run_ok(const char *what, const char *fmt_dir, const char *dir)
{
    char *out;
    int rc = e2e_run(&out, fmt_dir, ARENA, dir);
    ck_assert_msg(rc == 0, "%s failed (%d):\n%s", what, rc, out);
    return out;
}

/* greedy against random at a wide H1 (200 Elo): H1 within a few pairs; the
 * verdict is printed and stored with the counts it was reached on. The bots
 * answer at once: the long move time only keeps a stall of a loaded machine
 * from losing a game on time. */
START_TEST(sprt_reaches_and_stores_a_verdict)
{
    char dir[256];
    e2e_tmpdir(dir, sizeof dir);
    char *out = run_ok("sprt",
                       "%s sprt --game morris morris_greedy random --elo0 0 --elo1 200 "
                       "--move-time 5000 --seed 5 -j 2 --out %s",
                       dir);
    ck_assert_msg(strstr(out, "Verdict: H1 accepted after "), "%s", out);
    ck_assert_msg(strstr(out, "LLR +") && strstr(out, "[-2.94, +2.94]") && strstr(out, "penta [") &&
                      strstr(out, "LOS "),
                  "%s", out);
    ck_assert_int_eq(e2e_query_int(dir, "SELECT count(*) FROM sprt_runs WHERE verdict='H1 accepted'"
                                        " AND llr >= 2.944 AND finished IS NOT NULL"),
                     1);
    long long games = e2e_query_int(dir, "SELECT games FROM sprt_runs");
    ck_assert_int_eq(games % 2, 0);
    ck_assert_int_ge(e2e_query_int(dir, "SELECT count(*) FROM matches"), games);
    ck_assert_int_eq(
        e2e_query_int(dir, "SELECT count(*) FROM tournament_formats WHERE format='sprt'"), 1);
    free(out);
    /* its games are in the pool: ratings and the history see them */
    out = run_ok("ratings", "%s ratings --game morris --history morris_greedy --out %s", dir);
    ck_assert_msg(strstr(out, "-morris-sprt"), "%s", out);
    free(out);
    /* an SPRT is not a tournament to resume */
    char tdir[512];
    ck_assert_int_eq(e2e_tournament_dir(dir, tdir, sizeof tdir), 0);
    int rc = e2e_run(&out, "%s tournament --resume %s", ARENA, tdir);
    ck_assert_msg(rc == 2 && strstr(out, "this is an SPRT"), "(%d) %s", rc, out);
    free(out);
    e2e_rmrf(dir);
}
END_TEST

/* A bot against itself with other options; --max-games ends it unresolved. */
START_TEST(sprt_max_games_stops)
{
    char dir[256];
    e2e_tmpdir(dir, sizeof dir);
    char *out = run_ok("sprt",
                       "%s sprt --game morris morris_ab:depth=2 morris_ab:depth=1 --max-games 4 "
                       "--elo0 0 --elo1 5 --move-time 100 --seed 9 --out %s",
                       dir);
    ck_assert_msg(strstr(out, "morris_ab[depth=2] vs morris_ab[depth=1]"), "%s", out);
    ck_assert_msg(strstr(out, "Verdict: stopped after 4 games (2 pairs), --max-games reached"),
                  "%s", out);
    ck_assert_int_eq(e2e_query_int(dir, "SELECT count(*) FROM sprt_runs WHERE verdict='stopped'"
                                        " AND games=4 AND max_games=4"),
                     1);
    ck_assert_int_eq(e2e_query_int(dir, "SELECT count(*) FROM matches"), 4);
    ck_assert_msg(!strstr(out, "Forfeits"), "%s", out);
    free(out);
    /* a bot that loses by crashing: the summary says so, not only 0/0/4 */
    out = run_ok("sprt",
                 "%s sprt --game morris " ARENA_TEST_BOTS_DIR "/crash.so random --max-games 4 "
                 "--seed 9 --out %s",
                 dir);
    ck_assert_msg(strstr(out, "W/D/L 0/0/4") &&
                      strstr(out, "Forfeits: 4 of the games played (the first, game 0: crash "
                                  "crashed: signal 11"),
                  "%s", out);
    free(out);
    e2e_rmrf(dir);
}
END_TEST

/* Ctrl-C stops the test: the pairs being played finish, the verdict
 * 'stopped' is printed ("interrupted") and stored with the run finished, and
 * the exit status is 130; SIGTERM (kill, systemd, Slurm) the same with 143,
 * as for a tournament. random against itself decides nothing in the
 * normalised model (every pair mirrors itself: without --max-games it is
 * refused), so the signal (sent once a segment of games is committed)
 * always comes first. The normalised model's line shows nElo; the first
 * line names the time control. */
START_TEST(sprt_ctrl_c_stops_and_stores)
{
    static const struct {
        const char *sig;
        int status;
    } stop[] = {{"INT", 130}, {"TERM", 143}};
    char dir[256], *out;
    e2e_tmpdir(dir, sizeof dir);
    char cmd[1024], ready[600];
    snprintf(cmd, sizeof cmd,
             "%s sprt --game morris random random --elo0 0 --elo1 5 --model normalized "
             "--max-games 1000000 --move-time 5000 --seed 3 --out %s",
             ARENA, dir);
    snprintf(ready, sizeof ready, "ls %s/*-sprt/matches/*.pb > /dev/null 2>&1", dir);
    int rc = e2e_signal(&out, dir, ready, cmd, stop[_i].sig);
    ck_assert_msg(rc == stop[_i].status, "want exit %d after SIG%s, got (%d):\n%s", stop[_i].status,
                  stop[_i].sig, rc, out);
    ck_assert_msg(strstr(out, "Verdict: stopped after ") && strstr(out, ", interrupted") &&
                      strstr(out, "nElo") && strstr(out, "(normalised Elo)") &&
                      strstr(out, "random#1 vs random#2, time control 5 s per move, seed 3"),
                  "%s", out);
    free(out);
    ck_assert_int_eq(e2e_query_int(dir,
                                   "SELECT count(*) FROM sprt_runs WHERE verdict='stopped' AND "
                                   "model='normalized' AND finished IS NOT NULL"),
                     1);
    ck_assert_int_ge(e2e_query_int(dir, "SELECT count(*) FROM matches"), 2);
    e2e_rmrf(dir);
}
END_TEST

/* The pairwise model at a table of three: NEW and OLD swap seats 0 and 1,
 * the field keeps seat 2, and every game seats all three. */
START_TEST(sprt_pairwise_multiplayer)
{
    char dir[256];
    e2e_tmpdir(dir, sizeof dir);
    char *out = run_ok("sprt",
                       "%s sprt --game kurnik:players=3 kurnik_greedy random --field "
                       "kurnik_smart --max-games 4 --seed 3 --move-time 100 --out %s",
                       dir);
    ck_assert_msg(strstr(out, "Field (the other seats): kurnik_smart") &&
                      strstr(out, "Verdict: stopped after 4 games (2 pairs)"),
                  "%s", out);
    ck_assert_int_eq(e2e_query_int(dir, "SELECT count(*) FROM matches"), 4);
    ck_assert_int_eq(e2e_query_int(dir, "SELECT count(*) FROM match_seats"), 12);
    /* seat 2 is the field's in every game; NEW sits first in games 0 and 2 */
    ck_assert_int_eq(e2e_query_int(dir, "SELECT count(*) FROM match_seats WHERE seat=2 AND "
                                        "entrant=2"),
                     4);
    ck_assert_int_eq(e2e_query_int(dir,
                                   "SELECT count(*) FROM match_seats s JOIN matches m ON "
                                   "m.id=s.match_id WHERE s.entrant=0 AND s.seat=m.match_index%2"),
                     4);
    free(out);
    e2e_rmrf(dir);
}
END_TEST

START_TEST(sprt_refuses_bad_input)
{
    static const struct {
        const char *args, *says;
    } cases[] = {
        {"--game kurnik:players=3 random random", "is a 3-player game"},
        {"--game kurnik:players=4 random random --field random", "give 2 --field bots, not 1"},
        {"--game morris random random --field random", "is a two-player game: drop --field"},
        {"--game morris random random --elo0 5 --elo1 0", "--elo0 must be below --elo1"},
        {"--game morris random random --alpha 0.7", "--alpha must be above 0 and below 0.5"},
        {"--game morris random random --beta x", "bad value 'x' for --beta"},
        {"--game morris random random --model bayes", "bad value 'bayes' for --model"},
        {"--game morris random random --max-games 1", "bad value '1' for --max-games"},
        {"--game morris random random --model normalized",
         "NEW and OLD are the same bot with the same options: every pair mirrors itself"},
        {"--game morris random", "give two bots: NEW and OLD"},
        {"random random", "--game is required"},
    };
    char dir[256];
    e2e_tmpdir(dir, sizeof dir);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *out;
        int rc = e2e_run(&out, "%s sprt %s --out %s", ARENA, cases[i].args, dir);
        ck_assert_msg(rc == 2 && strstr(out, cases[i].says), "%s: (%d) %s", cases[i].args, rc, out);
        free(out);
    }
    e2e_rmrf(dir);
}
END_TEST

/* The first bot meets the others, who never meet; --resume rebuilds the
 * gauntlet (a round robin would plan 6 matches, not 4). */
START_TEST(gauntlet_plays_resumes_and_rates)
{
    char dir[256], tdir[512], *out;
    e2e_tmpdir(dir, sizeof dir);
    char cmd[1024];
    snprintf(cmd, sizeof cmd,
             "%s tournament --game morris --bots morris_greedy random morris_ab:depth=1 "
             "--gauntlet --rounds 2 --move-time 100 --seed 11 --out %s",
             ARENA, dir);
    /* killed after two matches: some of the 8 are left to play */
    e2e_kill_after(2, "match ", cmd);
    ck_assert_int_eq(e2e_tournament_dir(dir, tdir, sizeof tdir), 0);
    int rc = e2e_run(&out, "%s tournament --resume %s --quiet", ARENA, tdir);
    ck_assert_msg(rc == 0, "(%d) %s", rc, out);
    free(out);
    ck_assert_int_eq(e2e_query_int(dir, "SELECT count(*) FROM matches"), 8);
    ck_assert_int_eq(e2e_query_int(dir, "SELECT planned FROM tournaments"), 8);
    ck_assert_int_eq(e2e_query_int(dir, "SELECT count(*) FROM tournament_formats WHERE "
                                        "format='gauntlet'"),
                     1);
    /* every match seats morris_greedy (entrant 0) */
    ck_assert_int_eq(e2e_query_int(dir,
                                   "SELECT count(*) FROM matches m WHERE NOT EXISTS(SELECT 1 "
                                   "FROM match_seats s WHERE s.match_id=m.id AND s.entrant=0)"),
                     0);
    e2e_rating r;
    ck_assert_int_eq(e2e_rating_of(tdir, "morris_greedy", &r), 0);
    ck_assert_int_eq(r.games, 8);
    ck_assert_int_eq(e2e_rating_of(tdir, "random", &r), 0);
    ck_assert_int_eq(r.games, 4);
    out = run_ok("ratings", "%s ratings --game morris --format csv --out %s", dir);
    ck_assert_msg(strstr(out, ",random,") && strstr(out, ",oppo\n"), "%s", out);
    free(out);
    e2e_rmrf(dir);
}
END_TEST

/* --anchor fixes one rating (interval 0, the others relative to it); a name
 * that is not an entrant is refused before anything is played or stored.
 * greedy must beat random in both games: a move time no stall of a loaded
 * machine reaches (the bots answer at once), so no game is lost on time and
 * the seed alone decides them. */
START_TEST(anchor_fixes_a_rating)
{
    char dir[256], tdir[512], *out;
    e2e_tmpdir(dir, sizeof dir);
    out = run_ok("tournament",
                 "%s tournament --game morris --bots morris_greedy random --anchor random=1000 "
                 "--rounds 2 --move-time 5000 --seed 12 --quiet --out %s",
                 dir);
    free(out);
    ck_assert_int_eq(e2e_tournament_dir(dir, tdir, sizeof tdir), 0);
    e2e_rating r, g;
    ck_assert_int_eq(e2e_rating_of(tdir, "random", &r), 0);
    ck_assert_int_eq(e2e_rating_of(tdir, "morris_greedy", &g), 0);
    ck_assert(r.elo == 1000 && r.ci95 == 0);
    ck_assert(g.elo > 1000 && g.ci95 > 0);
    out = run_ok("ratings",
                 "%s ratings --game morris --anchor morris_greedy=0 --format csv --out %s", dir);
    ck_assert_msg(strstr(out, ",morris_greedy,0.0,0.0,"), "%s", out);
    free(out);
    int rc = e2e_run(&out, "%s ratings --game morris --anchor nobody=0 --out %s", ARENA, dir);
    ck_assert_msg(rc == 2 && strstr(out, "--anchor nobody: no such entrant (the names are: "),
                  "(%d) %s", rc, out);
    free(out);
    e2e_rmrf(dir);
    e2e_tmpdir(dir, sizeof dir);
    rc = e2e_run(&out,
                 "%s tournament --game morris --bots morris_greedy random --anchor "
                 "nobody=0 --quiet --out %s",
                 ARENA, dir);
    ck_assert_msg(rc == 2 && strstr(out, "--anchor nobody: no such entrant"), "(%d) %s", rc, out);
    ck_assert_msg(e2e_tournament_dir(dir, tdir, sizeof tdir) != 0, "a tournament was started");
    free(out);
    rc = e2e_run(&out,
                 "%s tournament --game morris --bots morris_greedy random --anchor random "
                 "--out %s",
                 ARENA, dir);
    ck_assert_msg(rc == 2 && strstr(out, "expected NAME=ELO"), "(%d) %s", rc, out);
    free(out);
    e2e_rmrf(dir);
}
END_TEST

/* One row per tournament of the pool, in order, in every format. */
START_TEST(history_lists_each_tournament)
{
    char dir[256], *out;
    e2e_tmpdir(dir, sizeof dir);
    for (int seed = 1; seed <= 2; seed++) {
        char cmd[512];
        snprintf(cmd, sizeof cmd,
                 "%%s tournament --game morris --bots morris_greedy random --move-time 100 "
                 "--seed %d --quiet --out %%s",
                 seed);
        free(run_ok("tournament", cmd, dir));
    }
    out = run_ok("history", "%s ratings --game morris --history random --out %s", dir);
    ck_assert_msg(strstr(out, "random in morris (") && strstr(out, "\n1  ") &&
                      strstr(out, "\n2  ") && !strstr(out, "\n3  "),
                  "%s", out);
    free(out);
    out = run_ok("history csv", "%s ratings --game morris --history random --format csv --out %s",
                 dir);
    ck_assert_msg(strncmp(out, "pool,name,snapshot,tournament,recorded,elo,ci95,games\n", 54) == 0,
                  "%s", out);
    int lines = 0;
    for (char *p = out; *p; p++)
        lines += *p == '\n';
    ck_assert_int_eq(lines, 3);
    free(out);
    out = run_ok("history json", "%s ratings --game morris --history random --format json --out %s",
                 dir);
    ck_assert_msg(strstr(out, "\"name\": \"random\"") && strstr(out, "\"history\": ["), "%s", out);
    free(out);
    int rc = e2e_run(&out, "%s ratings --game morris --history nobody --out %s", ARENA, dir);
    ck_assert_msg(rc == 2 && strstr(out, "--history nobody: no such player"), "(%d) %s", rc, out);
    free(out);
    /* one bot given twice is two players, random#1 and random#2: a name
     * that is only their start is refused with the names to give */
    free(run_ok("tournament",
                "%s tournament --game morris:variant=lasker --bots morris_greedy random random "
                "--move-time 100 --seed 3 --quiet --out %s",
                dir));
    rc = e2e_run(&out, "%s ratings --game morris --history random --out %s", ARENA, dir);
    ck_assert_msg(rc == 0 && strstr(out, "random in morris (variant=classic"), "(%d) %s", rc, out);
    free(out);
    rc = e2e_run(&out, "%s ratings --game morris:variant=lasker --history random --out %s", ARENA,
                 dir);
    ck_assert_msg(rc == 2 && strstr(out, "--history random: the stored morris pools name it "
                                         "random#1, random#2 (give one of those)"),
                  "(%d) %s", rc, out);
    free(out);
    out = run_ok("history #2",
                 "%s ratings --game morris:variant=lasker --history 'random#2' --out %s", dir);
    ck_assert_msg(strstr(out, "random#2 in morris (variant=lasker") && strstr(out, "\n1  ") &&
                      strstr(out, "±95  Games\n"),
                  "%s", out);
    free(out);
    /* at tables of three a snapshot's count is pairwise results: so headed */
    free(run_ok("tournament",
                "%s tournament --game kurnik:players=3 --bots kurnik_greedy random kurnik_smart "
                "--move-time 100 --seed 3 --quiet --out %s",
                dir));
    out = run_ok("history pairs", "%s ratings --game kurnik --history kurnik_greedy --out %s", dir);
    ck_assert_msg(strstr(out, "±95  Pairs\n") && strstr(out, "\n1  "), "%s", out);
    free(out);
    e2e_rmrf(dir);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("sprt_cli");
    TCase *tc = tcase_create("cli");
    tcase_add_test(tc, sprt_reaches_and_stores_a_verdict);
    tcase_add_test(tc, sprt_max_games_stops);
    tcase_add_loop_test(tc, sprt_ctrl_c_stops_and_stores, 0, 2);
    tcase_add_test(tc, sprt_refuses_bad_input);
    tcase_add_test(tc, sprt_pairwise_multiplayer);
    tcase_add_test(tc, gauntlet_plays_resumes_and_rates);
    tcase_add_test(tc, anchor_fixes_a_rating);
    tcase_add_test(tc, history_lists_each_tournament);
    suite_add_tcase(s, tc);
    return support_main(s);
}
