/* e2e_test.c -- the arena binary end to end: tournaments, misbehaving bots,
 * replays of every log, loader errors, check, persistent ratings. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "e2e_util.h"
#include "matchlog.h"
#include "outcome.h"
#include "support.h"

#define ARENA ARENA_BIN_DIR "/arena"
#define EVIL(name) ARENA_TEST_BOTS_DIR "/" name ".so"
#define E2E_BOT(name) E2E_BOTS_DIR "/" name ".so"

START_TEST(help_names_every_command)
{
    char *out;
    ck_assert_int_eq(e2e_run(&out, "%s --help", ARENA), 0);
    const char *cmds[] = {"games",      "bots",    "check",  "match",
                          "tournament", "ratings", "replay", "perft"};
    for (size_t i = 0; i < sizeof cmds / sizeof *cmds; i++)
        ck_assert_msg(strstr(out, cmds[i]), "--help does not mention %s", cmds[i]);
    free(out);
    ck_assert_int_eq(e2e_run(NULL, "%s nosuchcommand", ARENA), 2);
}
END_TEST

/* 200 paired games: greedy must be rated above random with the 95 % intervals
 * apart, and every log must replay to its recorded result. */
START_TEST(greedy_beats_random_and_logs_replay)
{
    char dir[256], tdir[1024], *out;
    e2e_tmpdir(dir, sizeof dir);
    int rc = e2e_run(&out,
                     "%s tournament --game morris --bots morris_greedy random --rounds 100 "
                     "-j 2 --seed 11 --move-time 5000 --out %s",
                     ARENA, dir);
    ck_assert_msg(rc == 0, "tournament failed (%d):\n%s", rc, out);
    ck_assert_msg(strstr(out, "Rank"), "no rating table:\n%s", out);
    free(out);
    ck_assert_int_eq(e2e_tournament_dir(dir, tdir, sizeof tdir), 0);
    e2e_rating g, r;
    ck_assert_int_eq(e2e_rating_of(tdir, "morris_greedy", &g), 0);
    ck_assert_int_eq(e2e_rating_of(tdir, "random", &r), 0);
    ck_assert_int_eq(g.games, 200);
    ck_assert_int_eq(r.games, 200);
    ck_assert_msg(g.elo - g.ci95 > r.elo + r.ci95,
                  "intervals overlap: greedy %.0f±%.0f, random %.0f±%.0f", g.elo, g.ci95, r.elo,
                  r.ci95);
    /* the logs are in segments (one per group commit): every match once */
    rc = e2e_run(&out,
                 "for f in %s/matches/*.pb; do %s replay --quiet \"$f\" || exit 1; done "
                 "| grep -c ': reproduced' | grep -qx 200",
                 tdir, ARENA);
    ck_assert_msg(rc == 0, "a replay did not reproduce its log:\n%s", out);
    free(out);
    e2e_rmrf(dir);
}
END_TEST

/* Checks that every game of `bot` against random ended by its fault with the
 * expected outcome and a detail containing `detail`. */
static void expect_forfeits(const e2e_logs *l, const char *bot, int outcome, const char *detail)
{
    int seen = 0;
    for (int i = 0; i < l->n; i++) {
        const Arena__MatchLog *log = l->log[i];
        int s = e2e_seat_of(log, bot);
        if (s < 0 || e2e_seat_of(log, "random") < 0) continue;
        seen++;
        ck_assert_msg(log->culprit == s && (int)log->end == outcome,
                      "%s: match %u ended %s (culprit %d): %s", bot, log->match_index,
                      outcome_name(log->end), log->culprit, log->end_detail);
        ck_assert_msg(strstr(log->end_detail, detail), "%s: detail '%s' lacks '%s'", bot,
                      log->end_detail, detail);
        ck_assert(log->returns[s] < log->returns[1 - s]);
    }
    ck_assert_msg(seen == 2, "%s played %d games against random", bot, seen);
}

/* 5 s a move: the crash and the violation come at once, and must be seen
 * before the move time ends even under ASan on a loaded machine; only the
 * hanging bot's games wait it out. */
START_TEST(misbehaving_bots_lose_and_tournament_finishes)
{
    char dir[256], tdir[1024], *out;
    e2e_tmpdir(dir, sizeof dir);
    int rc = e2e_run(&out,
                     "%s tournament --game morris --bots random %s %s %s -j 2 --seed 5 "
                     "--move-time 5000 --out %s",
                     ARENA, E2E_BOT("sigkill_mid"), EVIL("hang"), EVIL("writer"), dir);
    ck_assert_msg(rc == 0, "tournament failed (%d):\n%s", rc, out);
    ck_assert_msg(strstr(out, "Rank"), "no rating table:\n%s", out);
    /* the end of the output lists the forfeits with their reasons */
    const char *forfeits = strstr(out, "\nForfeits:\n");
    ck_assert_msg(forfeits && strstr(forfeits, "hang lost on time: no answer within 5050 ms") &&
                      strstr(forfeits, "sigkill_mid crashed: signal 9") &&
                      strstr(forfeits, "writer lost by sandbox violation: open"),
                  "forfeits not listed:\n%s", out);
    free(out);
    ck_assert_int_eq(e2e_tournament_dir(dir, tdir, sizeof tdir), 0);
    e2e_logs l;
    e2e_read_logs(tdir, &l);
    ck_assert_int_eq(l.n, 12);
    expect_forfeits(&l, "sigkill_mid", OUTCOME_CRASH, "signal 9");
    /* 3000 ms a move and the default 50 ms margin: generous for random and
     * the others on a loaded machine, and only hang runs it out */
    expect_forfeits(&l, "hang", OUTCOME_TIME, "no answer within 5050 ms");
    expect_forfeits(&l, "writer", OUTCOME_SANDBOX, "sandbox violation: open");
    e2e_free_logs(&l);
    /* Forfeits replay too: every logged action was legal. */
    rc = e2e_run(&out, "for f in %s/matches/*.pb; do %s replay --quiet \"$f\" || exit 1; done",
                 tdir, ARENA);
    ck_assert_msg(rc == 0, "replay of a forfeit failed:\n%s", out);
    free(out);
    /* And the arena still plays. */
    ck_assert_int_eq(
        e2e_run(NULL, "%s match --game morris random random --seed 1 --out %s", ARENA, dir), 0);
    e2e_rmrf(dir);
}
END_TEST

static void expect_error(int want_rc, const char *needle, const char *cmd)
{
    char *out;
    int rc = e2e_run(&out, "%s", cmd);
    ck_assert_msg(rc == want_rc, "'%s' exited %d, want %d:\n%s", cmd, rc, want_rc, out);
    ck_assert_msg(strstr(out, needle), "'%s' output lacks '%s':\n%s", cmd, needle, out);
    free(out);
}

START_TEST(loader_errors_name_the_problem)
{
    expect_error(2, "game 'nosuch' not found",
                 ARENA " tournament --game nosuch --bots random random --out /tmp/arena-e2e-x");
    expect_error(2, "foo", ARENA " match --game morris:foo=1 random random");
    expect_error(2, "bot 'nosuchbot' not found", ARENA " match --game morris nosuchbot random");
    expect_error(2, "badabi.so", ARENA " match --game morris " EVIL("badabi") " random");
    expect_error(2, "nosymbol.so", ARENA " match --game morris " EVIL("nosymbol") " random");
    expect_error(2, "needs 2 bots", ARENA " match --game morris random");
    expect_error(2, "--tc", ARENA " match --game morris random random --tc fast");
}
END_TEST

START_TEST(check_tells_sound_from_unsound)
{
    char *out;
    /* a move time no loaded machine reaches: soundness, not speed, is tested */
    int rc =
        e2e_run(&out, "%s check morris_greedy --game morris --games 4 --move-time 30000", ARENA);
    ck_assert_msg(rc == 0 && strstr(out, "is sound"), "check of greedy (%d):\n%s", rc, out);
    free(out);
    rc = e2e_run(&out, "%s check %s --game morris --games 2", ARENA, EVIL("crash"));
    ck_assert_msg(rc == 1 && strstr(out, "NOT sound") && strstr(out, "crashed"),
                  "check of crash (%d):\n%s", rc, out);
    free(out);
}
END_TEST

START_TEST(match_show_then_replay)
{
    char dir[256], *out;
    e2e_tmpdir(dir, sizeof dir);
    int rc = e2e_run(&out, "%s match --game morris morris_greedy random --seed 3 --show --out %s",
                     ARENA, dir);
    ck_assert_msg(rc == 0 && strstr(out, "Result:") && strstr(out, "Log:"), "%s", out);
    free(out);
    rc = e2e_run(&out, "%s replay --quiet %s/matches/*.pb", ARENA, dir);
    ck_assert_msg(rc == 0, "replay failed:\n%s", out);
    free(out);
    e2e_rmrf(dir);
}
END_TEST

START_TEST(ratings_persist_across_tournaments)
{
    char dir[256], *out;
    e2e_tmpdir(dir, sizeof dir);
    for (int t = 0; t < 2; t++) {
        int rc = e2e_run(&out,
                         "%s tournament --game morris --bots morris_greedy random "
                         "--rounds 5 --seed %d --quiet --out %s",
                         ARENA, t + 1, dir);
        ck_assert_msg(rc == 0, "%s", out);
        free(out);
    }
    int rc = e2e_run(&out, "%s ratings --game morris --format csv --out %s", ARENA, dir);
    ck_assert_msg(rc == 0, "%s", out);
    /* 2 tournaments x 10 games: both bots have 20 games in the pool. */
    e2e_rating g, r;
    ck_assert_msg(e2e_rating_in_csv(out, "morris_greedy", &g) == 0, "no greedy row:\n%s", out);
    ck_assert_msg(e2e_rating_in_csv(out, "random", &r) == 0, "no random row:\n%s", out);
    ck_assert_msg(g.games == 20 && r.games == 20, "games %d and %d, not 20 each:\n%s", g.games,
                  r.games, out);
    ck_assert_int_eq(g.wins + g.draws + g.losses, 20);
    ck_assert_int_eq(g.wins, r.losses);
    free(out);
    e2e_rmrf(dir);
}
END_TEST

/* The logs of a tournament by match index (NULL where there is none). */
static void logs_by_index(const e2e_logs *l, Arena__MatchLog **by, int n)
{
    memset(by, 0, (size_t)n * sizeof *by);
    for (int i = 0; i < l->n; i++) {
        ck_assert_msg((int)l->log[i]->match_index < n, "index %u", l->log[i]->match_index);
        ck_assert_msg(!by[l->log[i]->match_index], "two logs of match %u", l->log[i]->match_index);
        by[l->log[i]->match_index] = l->log[i];
    }
}

/* Two logs of the same match: the same seeds, actions, returns and end. */
static void assert_same_match(const Arena__MatchLog *a, const Arena__MatchLog *b)
{
    ck_assert(a->match_seed == b->match_seed);
    ck_assert_msg(a->n_actions == b->n_actions,
                  "match %u: %zu actions, ended %d (%s); the other %zu, ended %d (%s)",
                  a->match_index, a->n_actions, (int)a->end, a->end_detail ? a->end_detail : "",
                  b->n_actions, (int)b->end, b->end_detail ? b->end_detail : "");
    for (size_t i = 0; i < a->n_actions; i++) {
        ck_assert_int_eq(a->actions[i]->seat, b->actions[i]->seat);
        ck_assert_int_eq(a->actions[i]->action, b->actions[i]->action);
    }
    for (size_t i = 0; i < a->n_returns; i++)
        ck_assert_double_eq(a->returns[i], b->returns[i]);
    ck_assert_int_eq(a->end, b->end);
}

/* A tournament killed with SIGKILL mid-way loses nothing that --resume cannot
 * replay identically: finished matches are committed in groups, and --resume
 * plays exactly those not committed, with the same seeds and results -- the
 * resumed tournament's logs equal an uninterrupted run's, match for match,
 * and the table counts every game once. The bots answer at once: a move time
 * no stall of a loaded machine reaches keeps a loss on time out of one run
 * only (the default second was not enough under ASan). The uninterrupted
 * run plays inline, at a fraction of the cost: its logs equal a process
 * run's (inline_and_process_logs_agree). */
START_TEST(killed_tournament_resumes)
{
    enum { MATCHES = 80 };
    char dir[256], whole[256], tdir[1024], wdir[1024], cmd[1024], *out;
    e2e_tmpdir(dir, sizeof dir);
    e2e_tmpdir(whole, sizeof whole);
    const char *args = "tournament --game morris --bots morris_greedy random --rounds 40 --seed 4 "
                       "--move-time 30000";
    snprintf(cmd, sizeof cmd, "%s %s --out %s", ARENA, args, dir);
    ck_assert_int_eq(e2e_kill_after(10, "match ", cmd), 10);
    ck_assert_int_eq(e2e_tournament_dir(dir, tdir, sizeof tdir), 0);
    int rc = e2e_run(&out, "%s tournament --resume %s", ARENA, tdir);
    char *resuming = strstr(out, "Resuming: ");
    ck_assert_msg(rc == 0 && resuming, "resume failed (%d)", rc);
    int already = atoi(resuming + 10);
    ck_assert_msg(already >= 0 && already < MATCHES, "%d matches were kept", already);
    free(out);
    e2e_rating g;
    ck_assert_int_eq(e2e_rating_of(tdir, "morris_greedy", &g), 0);
    ck_assert_int_eq(g.games, MATCHES);
    /* the same tournament, never interrupted */
    ck_assert_int_eq(e2e_run(NULL, "%s %s --quiet --isolation inline --out %s", ARENA, args, whole),
                     0);
    ck_assert_int_eq(e2e_tournament_dir(whole, wdir, sizeof wdir), 0);
    e2e_logs l, w;
    e2e_read_logs(tdir, &l);
    e2e_read_logs(wdir, &w);
    ck_assert_int_eq(l.n, MATCHES);
    ck_assert_int_eq(w.n, MATCHES);
    Arena__MatchLog *lb[MATCHES], *wb[MATCHES];
    logs_by_index(&l, lb, MATCHES);
    logs_by_index(&w, wb, MATCHES);
    for (int i = 0; i < MATCHES; i++) {
        ck_assert_msg(lb[i] && wb[i], "match %d has no log", i);
        assert_same_match(lb[i], wb[i]);
    }
    e2e_free_logs(&l);
    e2e_free_logs(&w);
    /* Resuming a finished tournament plays nothing more. */
    rc = e2e_run(&out, "%s tournament --resume %s", ARENA, tdir);
    ck_assert_msg(rc == 0 && strstr(out, "Resuming: 80 of 80"), "resume of a finished one (%d)",
                  rc);
    free(out);
    e2e_rmrf(dir);
    e2e_rmrf(whole);
}
END_TEST

/* The same tournament with inline seats and with sandboxed processes: the
 * logs agree in everything but think times (and when they were played). The
 * bots do not read the clock; a generous move time keeps a loaded machine
 * from turning a slow answer into a loss on time in one run only. */
static void assert_isolations_agree(const char *game, const char *bots, int matches)
{
    char a[256], b[256], ta[1024], tb[1024];
    e2e_tmpdir(a, sizeof a);
    e2e_tmpdir(b, sizeof b);
    ck_assert_int_eq(e2e_run(NULL,
                             "%s tournament --game %s --bots %s --rounds 2 --seed 9 --quiet "
                             "--move-time 30000 --isolation inline --out %s",
                             ARENA, game, bots, a),
                     0);
    ck_assert_int_eq(e2e_run(NULL,
                             "%s tournament --game %s --bots %s --rounds 2 --seed 9 --quiet "
                             "--move-time 30000 --isolation process --out %s",
                             ARENA, game, bots, b),
                     0);
    ck_assert_int_eq(e2e_tournament_dir(a, ta, sizeof ta), 0);
    ck_assert_int_eq(e2e_tournament_dir(b, tb, sizeof tb), 0);
    e2e_logs la, lb;
    e2e_read_logs(ta, &la);
    e2e_read_logs(tb, &lb);
    ck_assert_int_eq(la.n, matches);
    ck_assert_int_eq(lb.n, matches);
    Arena__MatchLog *xa[64], *xb[64];
    logs_by_index(&la, xa, matches);
    logs_by_index(&lb, xb, matches);
    for (int i = 0; i < matches; i++) {
        ck_assert_msg(xa[i] && xb[i], "match %d has no log", i);
        assert_same_match(xa[i], xb[i]);
        ck_assert_str_eq(xa[i]->options, xb[i]->options);
        ck_assert_int_eq((int)xa[i]->n_bots, (int)xb[i]->n_bots);
        for (size_t s = 0; s < xa[i]->n_bots; s++) {
            ck_assert_str_eq(xa[i]->bots[s]->sha256, xb[i]->bots[s]->sha256);
            ck_assert(xa[i]->bot_seeds[s] == xb[i]->bot_seeds[s]);
        }
        ck_assert_str_eq(xa[i]->end_detail, xb[i]->end_detail);
        ck_assert_int_eq(xa[i]->culprit, xb[i]->culprit);
    }
    e2e_free_logs(&la);
    e2e_free_logs(&lb);
    e2e_rmrf(a);
    e2e_rmrf(b);
}

START_TEST(inline_and_process_logs_agree)
{
    assert_isolations_agree("morris", "morris_greedy random", 4);
    /* chance nodes, three seats, and bots that search (kurnik_smart) */
    assert_isolations_agree("kurnik:players=3", "kurnik_smart kurnik_greedy random", 6);
    /* hidden information: no seat kind hands a bot a state (first_legal
     * answers illegally when one does) */
    char bots[512];
    snprintf(bots, sizeof bots, "%s/first_legal.so random", ARENA_TEST_BOTS_DIR);
    assert_isolations_agree("kursk", bots, 4);
}
END_TEST

/* With a clock (base + increment) the budget is the time left: a bot that
 * sleeps past it loses on time, and the log says so. */
START_TEST(clock_runs_out)
{
    char dir[256], *out;
    e2e_tmpdir(dir, sizeof dir);
    int rc = e2e_run(&out,
                     "%s match --game morris %s random --tc 0.3+0.01 --margin 50 --seed 1 "
                     "--out %s",
                     ARENA, EVIL("slow"), dir);
    ck_assert_msg(rc == 0 && strstr(out, "slow lost on time") && strstr(out, "0-1"), "(%d)\n%s", rc,
                  out);
    free(out);
    e2e_rmrf(dir);
}
END_TEST

static Suite *e2e_suite(void)
{
    Suite *s = suite_create("e2e");
    TCase *tc = tcase_create("arena");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, help_names_every_command);
    tcase_add_test(tc, greedy_beats_random_and_logs_replay);
    tcase_add_test(tc, misbehaving_bots_lose_and_tournament_finishes);
    tcase_add_test(tc, loader_errors_name_the_problem);
    tcase_add_test(tc, check_tells_sound_from_unsound);
    tcase_add_test(tc, match_show_then_replay);
    tcase_add_test(tc, ratings_persist_across_tournaments);
    tcase_add_test(tc, killed_tournament_resumes);
    tcase_add_test(tc, clock_runs_out);
    tcase_add_test(tc, inline_and_process_logs_agree);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return support_main(e2e_suite());
}
