/* perft_test.c -- game-tree counts on trees small enough to count by hand
 * (the countdown test module), on morris's placing phase, and `arena perft`. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "capture.h"
#include "loader.h"
#include "perft.h"
#include "support.h"

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
 * empty point: 24, 24*23, 24*23*22, 24*23*22*21, and 24*...*20 at depth 5.
 * Depth 6 (worked by hand): White's third piece closes a mill in 16 lines * 3!
 * orders * 21*20 Black placements = 40320 of the depth-5 positions, which then
 * offer 2 captures instead of 19 placements: (5100480 - 40320)*19 + 40320*2 =
 * 96223680. That depth is asserted in morris_depth_7_by_hand, as the sum of
 * the depth-5 counts after each first placement it counts anyway (a second
 * walk of those 96 million leaves here was a third of the suite's time). */
#define MORRIS_DEPTH_6 96223680ull
START_TEST(morris_placing)
{
    fixture f;
    open_game(&f, MORRIS_SO, ""); /* a build dependency: missing is a failure */
    const uint64_t want[] = {1, 24, 552, 12144, 255024, 5100480};
    check_counts(&f, want, 6);
    close_game(&f);
}
END_TEST

/* Depth 7, worked by hand. After six plies either
 *  (a) White closed no mill: 24*23*...*19 = 96909120 placement orders minus
 *      the 16*6*(21*20*19) = 766080 with White's three on a line = 96143040.
 *      Among them Black's three stand on a line in 16*6 orders times White's
 *      ordered non-lines among the other 21 points: 21*20*19 minus the 12
 *      lines disjoint from Black's (a line meets 3 others) * 6 orders = 7908,
 *      so 96*7908 = 759168 positions where White has 3 captures; in the
 *      others White places one of 18 empty points;
 *  (b) White closed a mill at ply 5 and captured (40320 * 2 ways): Black
 *      places one of 20 empty points.
 * (96143040 - 759168)*18 + 759168*3 + 40320*2*20 = 1720800000.
 * Counted through the board's 16 symmetries (the square's 8, and swapping the
 * outer and inner rings): the first placement is an outer or inner corner (8
 * points, like a7), a middle-ring corner (4, b6), an outer or inner midpoint
 * (8, d7) or a middle-ring midpoint (4, d6); depth 7 = the sum of depth 6
 * after each, weighted by the size of its class. That the classes are classes
 * is checked first, at depth 5 after every first placement (where the mills
 * of the first piece start to count); those depth-5 counts, weighted the
 * same, sum to depth 6 from the start. */
START_TEST(morris_depth_7_by_hand)
{
    fixture f;
    open_game(&f, MORRIS_SO, "");
    static const struct {
        const char *first;
        int weight;
        const char *same[8];
    } classes[] = {
        {"a7", 8, {"g7", "a1", "g1", "c5", "e5", "c3", "e3"}},
        {"b6", 4, {"f6", "b2", "f2"}},
        {"d7", 8, {"a4", "g4", "d1", "d5", "c4", "e4", "d3"}},
        {"d6", 4, {"b4", "f4", "d2"}},
    };
    const arena_rules *r = f.lr->rules;
    size_t size = r->state_size(f.game);
    arena_state *after = r->state_clone(f.state);
    uint64_t total = 0, depth6 = 0, nodes;
    int points = 0;
    for (int c = 0; c < 4; c++) {
        int32_t a;
        memcpy(after, f.state, size);
        ck_assert_int_eq(r->parse_action(after, classes[c].first, &a), 0);
        ck_assert_int_eq(r->apply(after, a), 0);
        uint64_t rep = perft_count_flat(r, f.game, after, 5, &nodes);
        depth6 += (uint64_t)classes[c].weight * rep;
        for (int k = 0; k < classes[c].weight - 1; k++) {
            arena_state *other = r->state_clone(f.state);
            ck_assert_int_eq(r->parse_action(other, classes[c].same[k], &a), 0);
            ck_assert_int_eq(r->apply(other, a), 0);
            ck_assert_msg(perft_count_flat(r, f.game, other, 5, &nodes) == rep, "%s is not like %s",
                          classes[c].same[k], classes[c].first);
            r->state_free(other);
        }
        total += (uint64_t)classes[c].weight * perft_count_flat(r, f.game, after, 6, &nodes);
        points += classes[c].weight;
    }
    ck_assert_int_eq(points, 24);
    ck_assert_uint_eq(depth6, MORRIS_DEPTH_6); /* morris_placing's depth 6, by hand */
    ck_assert_uint_eq(total, 1720800000ull);
    r->state_free(after);
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
    tcase_add_test(t, morris_depth_7_by_hand);
    suite_add_tcase(s, t);
    TCase *c = tcase_create("command");
    tcase_add_test(c, cmd_depths_and_divide);
    tcase_add_test(c, cmd_moves);
    tcase_add_test(c, cmd_errors);
    suite_add_tcase(s, c);
    return support_main(s);
}
