/* perft_test.c -- game-tree counts on trees small enough to count by hand
 * (the countdown test module), on morris's placing phase, and `arena perft`. */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "capture.h"
#include "loader.h"
#include "perft.h"

typedef struct fixture {
    loaded_rules *lr;
    arena_game *game;
    arena_state *state;
} fixture;

static void open_game(fixture *f, const char *module, const char *options)
{
    char err[512] = "";
    f->lr = loader_open_rules(module, err, sizeof err);
    ck_assert_msg(f->lr, "%s", err);
    f->game = f->lr->rules->game_new(options, err, sizeof err);
    ck_assert_msg(f->game, "%s", err);
    f->state = f->lr->rules->state_new(f->game);
}

static void close_game(fixture *f)
{
    f->lr->rules->state_free(f->state);
    f->lr->rules->game_free(f->game);
    loader_close_rules(f->lr);
}

/* Both walks (clone per node, memcpy stack) must give every expected count. */
static void check_counts(fixture *f, const uint64_t *want, int n)
{
    for (int d = 0; d < n; d++) {
        uint64_t nodes;
        ck_assert_uint_eq(perft_count(f->lr->rules, f->state, d), want[d]);
        ck_assert_uint_eq(perft_count_flat(f->lr->rules, f->game, f->state, d, &nodes), want[d]);
    }
}

/* n=5, take 1 or 2. Depth 3: the 8 sequences of three takes minus (2,2,2),
 * which needs 6 stones: 7. Depth 4: sequences summing to at most 5 whose first
 * three leave a stone: 1111 1112 1121 1211 2111 = 5. Depth 5: 11111 only.
 * Depth 6: none (every game is over by then). */
START_TEST(countdown_by_hand)
{
    fixture f;
    open_game(&f, COUNTDOWN_SO, "n=5");
    const uint64_t want[] = {1, 2, 4, 7, 5, 1, 0, 0};
    check_counts(&f, want, 8);
    close_game(&f);
}
END_TEST

/* Nodes visited: every child built below the root plus the bulk-counted leaves. */
START_TEST(countdown_nodes)
{
    fixture f;
    uint64_t nodes;
    open_game(&f, COUNTDOWN_SO, "");
    ck_assert_uint_eq(perft_count_flat(f.lr->rules, f.game, f.state, 3, &nodes), 7);
    ck_assert_uint_eq(nodes, 2 + 4 + 7);
    close_game(&f);
}
END_TEST

/* A terminal root has no leaves below it, but is itself the one leaf at depth 0. */
START_TEST(countdown_terminal_root)
{
    fixture f;
    open_game(&f, COUNTDOWN_SO, "n=1");
    ck_assert_int_eq(f.lr->rules->apply(f.state, 0), 0);
    const uint64_t want[] = {1, 0, 0};
    check_counts(&f, want, 3);
    close_game(&f);
}
END_TEST

/* die=1, n=2: the roll (3 outcomes) is ply 1 and leaves 3, 4 or 5 stones.
 * With g(k, d) the countdown counts (g(3,·) = 2 3 1 0, g(4,·) = 2 4 4 1 0,
 * g(5,·) = 2 4 7 5 1 0), depth d+1 is g(3,d) + g(4,d) + g(5,d). */
START_TEST(chance_outcomes_are_plies)
{
    fixture f;
    open_game(&f, COUNTDOWN_SO, "n=2,die=1");
    ck_assert_int_eq(f.lr->rules->current_player(f.state), ARENA_CHANCE);
    const uint64_t want[] = {1, 3, 6, 11, 12, 6, 1, 0};
    check_counts(&f, want, 8);
    close_game(&f);
}
END_TEST

/* Placing phase: no mill can close before ply 5, so each ply has one fewer
 * empty point: 24, 24*23, 24*23*22, 24*23*22*21. */
START_TEST(morris_placing)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/rules/libmorris.so", ARENA_BIN_DIR);
    if (access(path, R_OK) != 0) {
        printf("perft_test: %s not built yet, morris counts skipped\n", path);
        return;
    }
    fixture f;
    open_game(&f, path, "");
    const uint64_t want[] = {1, 24, 552, 12144, 255024};
    check_counts(&f, want, 5);
    close_game(&f);
}
END_TEST

/* The count printed on the "depth d" line of perft's output, or -1. */
static long long count_at(const char *out, int d)
{
    char key[32];
    long long n;
    int got;
    snprintf(key, sizeof key, "depth %d ", d);
    const char *line = strstr(out, key);
    return line && sscanf(line, "depth %d %lld", &got, &n) == 2 ? n : -1;
}

static int perft(const char *a1, const char *a2, const char *a3, const char *a4, const char *a5,
                 char *out, char *err)
{
    char *argv[7] = {"perft", (char *)a1, (char *)a2, (char *)a3, (char *)a4, (char *)a5, 0};
    int argc = 1;
    while (argv[argc])
        argc++;
    return capture_run(perft_main, argc, argv, out, 8192, err, 8192);
}

START_TEST(cmd_depths_and_divide)
{
    char out[8192], err[8192];
    ck_assert_int_eq(perft("--game", COUNTDOWN_SO ":n=5", "--depth", "3", "--divide", out, err), 0);
    ck_assert_int_eq(count_at(out, 1), 2);
    ck_assert_int_eq(count_at(out, 2), 4);
    ck_assert_int_eq(count_at(out, 3), 7);
    ck_assert_msg(strstr(out, "\n1: 4\n2: 3\ntotal: 7\n"), "%s", out);
    ck_assert_int_eq(perft("--game=" COUNTDOWN_SO, "--depth=2", NULL, NULL, NULL, out, err), 0);
    ck_assert_int_eq(count_at(out, 2), 4);
    ck_assert_int_eq(count_at(out, 3), -1);
}
END_TEST

START_TEST(cmd_moves)
{
    char out[8192], err[8192];
    /* 5 - 2 - 2 leaves 1: taking 2 is not legal. */
    ck_assert_int_eq(perft("--game", COUNTDOWN_SO, "--depth", "1", "--moves=2 2 2", out, err), 2);
    ck_assert_str_eq(err, "arena perft: move 3 '2' is not legal here\n");
    ck_assert_int_eq(perft("--game", COUNTDOWN_SO, "--depth", "1", "--moves=1 x", out, err), 2);
    ck_assert_str_eq(err, "arena perft: move 2 'x' is not an action of countdown\n");
    ck_assert_int_eq(perft("--game", COUNTDOWN_SO, "--depth", "1", "--moves=2 2 1", out, err), 0);
    ck_assert_str_eq(out, "the game is over after these moves: last stone, returns +1 -1\n");
    /* After a roll of 3 on 2 stones: 5 stones, so depth 3 counts 7. */
    ck_assert_int_eq(
        perft("--game", COUNTDOWN_SO ":die=1,n=2", "--depth", "3", "--moves=r3", out, err), 0);
    ck_assert_int_eq(count_at(out, 3), 7);
    ck_assert_int_eq(
        perft("--game", COUNTDOWN_SO ":die=1,n=2", "--depth", "1", "--moves=1", out, err), 2);
    ck_assert_str_eq(err, "arena perft: move 1 '1' is not legal here\n");
}
END_TEST

START_TEST(cmd_errors)
{
    char out[8192], err[8192];
    ck_assert_int_eq(perft("--game", COUNTDOWN_SO ":n=0", "--depth", "1", NULL, out, err), 2);
    ck_assert_str_eq(err, "arena perft: countdown: bad option 'n=0' (n=1..1000, die=0|1)\n");
    ck_assert_int_eq(perft("--game", COUNTDOWN_SO, "--depth", "x", NULL, out, err), 2);
    ck_assert_msg(
        strstr(err, "arena perft: bad value 'x' for --depth (expected an integer from 1 to 64)"),
        "%s", err);
    ck_assert_int_eq(perft("--game", COUNTDOWN_SO, NULL, NULL, NULL, out, err), 2);
    ck_assert_msg(strstr(err, "--depth is required"), "%s", err);
    ck_assert_int_eq(perft("--game", "/nonexistent/libx.so", "--depth", "1", NULL, out, err), 2);
    ck_assert_str_eq(err, "arena perft: /nonexistent/libx.so: no such file\n");
    ck_assert_int_eq(perft("--bogus", NULL, NULL, NULL, NULL, out, err), 2);
    ck_assert_msg(
        strstr(err, "arena perft: unrecognized option '--bogus' (see arena perft --help)"), "%s",
        err);
    ck_assert_int_eq(perft("--help", NULL, NULL, NULL, NULL, out, err), 0);
    ck_assert_msg(strstr(out, "Usage: arena perft"), "%s", out);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("perft");
    TCase *t = tcase_create("counts");
    tcase_add_test(t, countdown_by_hand);
    tcase_add_test(t, countdown_nodes);
    tcase_add_test(t, countdown_terminal_root);
    tcase_add_test(t, chance_outcomes_are_plies);
    tcase_add_test(t, morris_placing);
    suite_add_tcase(s, t);
    TCase *c = tcase_create("command");
    tcase_add_test(c, cmd_depths_and_divide);
    tcase_add_test(c, cmd_moves);
    tcase_add_test(c, cmd_errors);
    suite_add_tcase(s, c);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
