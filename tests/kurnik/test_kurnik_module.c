/* test_kurnik_module.c -- the kurnik module as the ABI sees it: options and
 * their errors, the notation of every action, the roll's chance node, game-tree
 * counts from the start checked by hand, the text board, and seeded random
 * playouts (2, 3 and 4 players) that check the rules.h invariants at every
 * node, chance nodes included: legal actions ascending, chance probabilities
 * summing to one, clones equal, observation round trips, refused actions leave
 * the state alone, bounded game length, zero-sum returns, bounded render. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena/sdk.h"
#include "kurnik_test.h"
#include "perft.h"

START_TEST(options_canonical)
{
    void *h;
    const arena_rules *r = kt_rules(&h);
    static const struct {
        const char *in, *out;
        int players;
    } cases[] = {
        {NULL, "players=2,max_rounds=300", 2},
        {"", "players=2,max_rounds=300", 2},
        {"players=4", "players=4,max_rounds=300", 4},
        {"max_rounds=7,players=3", "players=3,max_rounds=7", 3},
        {"players=3,players=03", "players=3,max_rounds=300", 3},
        {"max_rounds=10000", "players=2,max_rounds=10000", 2},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char err[128] = "";
        arena_game *g = r->game_new(cases[i].in, err, sizeof err);
        ck_assert_msg(g != NULL, "%s: %s", cases[i].in, err);
        ck_assert_str_eq(r->game_options(g), cases[i].out);
        ck_assert_int_eq(r->num_players(g), cases[i].players);
        ck_assert_int_eq(r->num_actions(g), 29);
        r->game_free(g);
    }
    ck_assert_int_eq(r->min_players, 2);
    ck_assert_int_eq(r->max_players, 4);
    ck_assert(r->flags & ARENA_GAME_CHANCE);
    ck_assert(!(r->flags & ARENA_GAME_HIDDEN));
    support_unload(h);
}
END_TEST

START_TEST(option_errors_name_key_and_value)
{
    void *h;
    const arena_rules *r = kt_rules(&h);
    static const struct {
        const char *in, *msg;
    } cases[] = {
        {"players=1", "bad value '1' for players"},
        {"players=5", "bad value '5' for players"},
        {"players=two", "bad value 'two' for players"},
        {"players=", "bad value '' for players"},
        {"max_rounds=0", "bad value '0' for max_rounds"},
        {"max_rounds=10001", "bad value '10001' for max_rounds"},
        {"max_rounds=-3", "bad value '-3' for max_rounds"},
        {"seats=3", "unknown option 'seats'"},
        {"players", "option 'players' has no value"},
        {"players=3,", "empty option in 'players=3,' (a trailing ',')"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char err[160] = "";
        ck_assert_ptr_null(r->game_new(cases[i].in, err, sizeof err));
        ck_assert_msg(strstr(err, cases[i].msg) != NULL, "'%s' gave '%s'", cases[i].in, err);
    }
    ck_assert_ptr_null(r->game_new("players=9", NULL, 0)); /* no buffer: still refused */
    support_unload(h);
}
END_TEST

START_TEST(notation_of_every_action)
{
    kt k;
    kt_open(&k, "players=4");
    char name[32];
    /* the 29 actions in order, each parsing back to itself */
    const char *expect[29] = {"egg>chick", "chick>hen", "hen>rooster", "end"};
    char rolls[21][16];
    int n = 0;
    for (int a = 1; a <= 6; a++)
        for (int b = a; b <= 6; b++)
            snprintf(rolls[n++], 16, "roll:%d-%d", a, b);
    for (int i = 0; i < 21; i++)
        expect[4 + i] = rolls[i];
    const char *gifts[4] = {"gift:0", "gift:1", "gift:2", "gift:3"};
    for (int i = 0; i < 4; i++)
        expect[25 + i] = gifts[i];
    for (int32_t a = 0; a < 29; a++) {
        size_t len = k.r->action_name(k.s, a, name, sizeof name);
        ck_assert_str_eq(name, expect[a]);
        ck_assert_uint_eq(len, strlen(expect[a]));
        int32_t back = -1;
        ck_assert_int_eq(k.r->parse_action(k.s, name, &back), 0);
        ck_assert_int_eq(back, a);
    }
    /* truncation follows the ABI: the full length, a NUL-terminated prefix */
    ck_assert_uint_eq(k.r->action_name(k.s, 2, name, 4), 11);
    ck_assert_str_eq(name, "hen");
    static const char *const bad[] = {"roll:6-3", "roll:0-1", "roll:1-7", "roll:3-6 ", "roll:36",
                                      "gift:4",   "gift:-1",  "gift:",    "End",       " end",
                                      "egg>hen",  "",         "roll:a-b"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int32_t a;
        ck_assert_msg(k.r->parse_action(k.s, bad[i], &a) == -1, "'%s' parsed", bad[i]);
    }
    kt_close(&k);
}
END_TEST

START_TEST(roll_is_one_chance_node_of_21)
{
    kt k;
    kt_open(&k, "");
    ck_assert_int_eq(k.r->current_player(k.s), ARENA_CHANCE);
    arena_chance_outcome out[32];
    int32_t legal[32];
    int n = k.r->chance_outcomes(k.s, out, 32);
    ck_assert_int_eq(n, 21);
    ck_assert_int_eq(k.r->chance_outcomes(k.s, NULL, 0), 21);
    ck_assert_int_eq(k.r->legal_actions(k.s, legal, 32), 21);
    double sum = 0;
    for (int i = 0; i < n; i++) {
        char name[16];
        int a, b;
        k.r->action_name(k.s, out[i].action, name, sizeof name);
        ck_assert_int_eq(sscanf(name, "roll:%d-%d", &a, &b), 2);
        ck_assert_double_eq_tol(out[i].prob, a == b ? 1.0 / 36 : 2.0 / 36, 1e-15);
        ck_assert_int_eq(out[i].action, legal[i]);
        ck_assert(i == 0 || out[i - 1].action < out[i].action);
        sum += out[i].prob;
    }
    ck_assert_double_eq_tol(sum, 1.0, 1e-12);
    kt_close(&k);
}
END_TEST

/* Counts from the start, by hand:
 * 2 players. Depth 1: the 21 rolls. Depth 2: after any first roll the player
 * holds at most two goods, so `end` is the only action: 21. Depth 3: seat 1's
 * 21 rolls: 441. Depth 4: seat 1's actions. Everyone has `end`; seat 1 also
 * has an exchange when seat 0's doubles gave it a good that its roll makes
 * three: after 4-4 or 5-5 (a chick) the roll 4-5 only (4-4 and 5-5 give one
 * away again): 2 more; after 1-1, 2-2 or 3-3 (an egg) the rolls 1-2, 1-3, 2-3:
 * 9 more. 441 + 11 = 452.
 * 3 players. Depth 2: 16 rolls lead to the decision, and the five doubles
 * 1-1 .. 5-5 with something to give each draw one of 2 recipients (6-6 with
 * empty hands gives nothing): 16 + 10 = 26. 4 players: 16 + 15 = 31. */
START_TEST(perft_from_the_start)
{
    static const struct {
        const char *options;
        int depth;
        uint64_t leaves;
    } cases[] = {
        {"", 1, 21},          {"", 2, 21},          {"", 3, 441},         {"", 4, 452},
        {"players=3", 1, 21}, {"players=3", 2, 26}, {"players=4", 2, 31},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        kt k;
        kt_open(&k, cases[i].options);
        uint64_t got = perft_count(k.r, k.s, cases[i].depth);
        ck_assert_msg(got == cases[i].leaves, "'%s' depth %d: %llu, expected %llu",
                      cases[i].options, cases[i].depth, (unsigned long long)got,
                      (unsigned long long)cases[i].leaves);
        kt_close(&k);
    }
}
END_TEST

START_TEST(board_shows_every_player)
{
    kt k;
    kt_open(&k, "players=3");
    kt_set(&k, 2, (kt_goods){7, 1, 4, 1});
    char board[1024];
    kt_board(&k, board, sizeof board);
    ck_assert_msg(strstr(board, "no roll yet") && strstr(board, "seat 0 to roll"), "%s", board);
    kt_play(&k, "roll:5-6");
    kt_board(&k, board, sizeof board);
    ck_assert_msg(strstr(board, "seat 0 rolled 5-6, fox ate 1 chick") != NULL, "%s", board);
    ck_assert_msg(strstr(board, "seat 0 to exchange or end") != NULL, "%s", board);
    ck_assert_msg(strstr(board, "  2          7          1          4      yes") != NULL, "%s",
                  board);
    ck_assert_msg(strstr(board, ">  0") != NULL, "%s", board);
    kt_play(&k, "end");
    kt_board(&k, board, sizeof board);
    ck_assert_msg(strstr(board, "seat 0 rolled 5-6") && strstr(board, "seat 1 to roll"), "%s",
                  board);
    kt_close(&k);
}
END_TEST

/* ---- random playouts ---------------------------------------------------- */

typedef struct walk {
    kt k;
    arena_rng rng;
    int32_t legal[64];
    uint8_t obs[2][1024];
} walk;

static void check_node(walk *w, const arena_state *s)
{
    const arena_rules *r = w->k.r;
    int n = r->legal_actions(s, w->legal, 64), cp = r->current_player(s);
    REQUIRE(n == r->legal_actions(s, NULL, 0), "legal count depends on cap");
    REQUIRE((n == 0) == (cp == ARENA_TERMINAL), "%d legal actions, player %d", n, cp);
    for (int i = 0; i < n; i++)
        REQUIRE(w->legal[i] >= 0 && w->legal[i] < 29 && (i == 0 || w->legal[i - 1] < w->legal[i]),
                "legal actions out of order");
    if (cp == ARENA_CHANCE) {
        arena_chance_outcome out[64];
        double sum = 0;
        REQUIRE(r->chance_outcomes(s, out, 64) == n, "chance outcomes differ from legal");
        for (int i = 0; i < n; i++) {
            REQUIRE(out[i].action == w->legal[i] && out[i].prob > 0, "chance outcome %d", i);
            sum += out[i].prob;
        }
        REQUIRE(fabs(sum - 1) < 1e-12 && n > 1, "chance node of %d outcomes, sum %g", n, sum);
    } else if (cp >= 0) {
        REQUIRE(w->legal[n - 1] == 3, "`end` not legal");
    }
    /* clone and observation round trip */
    arena_state *c = r->state_clone(s);
    REQUIRE(memcmp(c, s, r->state_size(w->k.g)) == 0, "clone differs");
    r->state_free(c);
    size_t len = r->observation(s, cp >= 0 ? cp : -1, w->obs[0], sizeof w->obs[0]);
    REQUIRE(len <= sizeof w->obs[0], "observation of %zu bytes", len);
    arena_state *t = r->state_from_observation(w->k.g, w->obs[0], len);
    if (!t) { /* name the position: a refusal here is a decoding bug */
        char text[2048];
        r->render(s, -1, text, sizeof text);
        ck_abort_msg("observation refused:\n%s", text);
    }
    /* the very same bytes: nothing of the state is left out of the observation */
    REQUIRE(memcmp(t, s, r->state_size(w->k.g)) == 0, "observation round trip differs");
    r->state_free(t);
    /* the board: every player's line, bounded size */
    char board[2048];
    size_t blen = r->render(s, -1, board, sizeof board);
    REQUIRE(blen < 1024 && strlen(board) == blen, "render length %zu", blen);
    for (int i = 0; i < r->num_players(w->k.g); i++) {
        char line[8];
        snprintf(line, sizeof line, " %2d ", i);
        REQUIRE(strstr(board, line) != NULL, "seat %d missing from\n%s", i, board);
    }
}

/* Refused: a random action outside the legal list, and the state unchanged. */
static void check_refusal(walk *w, arena_state *s)
{
    const arena_rules *r = w->k.r;
    size_t size = r->state_size(w->k.g);
    uint8_t before[256];
    REQUIRE(size <= sizeof before, "state of %zu bytes", size);
    memcpy(before, s, size);
    int32_t a = (int32_t)arena_rng_below(&w->rng, 40) - 5;
    int n = r->legal_actions(s, w->legal, 64);
    for (int i = 0; i < n; i++)
        if (w->legal[i] == a) return;
    REQUIRE(r->apply(s, a) == -1, "illegal action %d accepted", a);
    REQUIRE(memcmp(before, s, size) == 0, "refused action changed the state");
}

static int playout(walk *w)
{
    const arena_rules *r = w->k.r;
    arena_state *s = r->state_new(w->k.g);
    int plies = 0, max = r->max_game_length(w->k.g);
    for (;;) {
        check_node(w, s);
        if (r->current_player(s) == ARENA_TERMINAL) break;
        check_refusal(w, s);
        int n = r->legal_actions(s, w->legal, 64);
        int32_t a = w->legal[arena_rng_below(&w->rng, (uint32_t)n)];
        REQUIRE(r->apply(s, a) == 0, "legal action %d refused", a);
        REQUIRE(++plies <= max, "longer than max_game_length %d", max);
    }
    double ret[4], sum = 0;
    r->returns(s, ret);
    for (int i = 0; i < r->num_players(w->k.g); i++)
        sum += ret[i];
    REQUIRE(fabs(sum) < 1e-12, "returns sum %g", sum);
    REQUIRE(*r->end_reason(s), "no end reason");
    r->state_free(s);
    return plies;
}

START_TEST(random_playouts)
{
    static const char *const options[] = {"", "players=3", "players=4", "players=4,max_rounds=5",
                                          "max_rounds=1"};
    walk *w = calloc(1, sizeof *w);
    kt_open(&w->k, options[_i]);
    arena_rng_seed(&w->rng, 0x6b75726eu + (uint64_t)_i);
    const char *scale = getenv("ARENA_TEST_SCALE");
    int games = 200 * (scale ? atoi(scale) : 100) / 100;
    for (int i = 0; i < (games > 0 ? games : 1); i++)
        playout(w);
    kt_close(&w->k);
    free(w);
}
END_TEST

/* Damaged observations are refused or rebuilt into a state the module can
 * play on (every listed action applied without refusal, ascending); the
 * undamaged bytes are accepted and some damage refused, so both paths are
 * taken. Memory errors are for ASan and UBSan (CI) to see. */
START_TEST(damaged_observations)
{
    kt k;
    kt_open(&k, "players=3");
    arena_rng rng;
    arena_rng_seed(&rng, 99);
    kt_set(&k, 1, (kt_goods){4, 2, 3, 1});
    kt_play(&k, "roll:4-4");
    uint8_t good[1024], bad[1024];
    size_t len = k.r->observation(k.s, -1, good, sizeof good);
    arena_state *whole = k.r->state_from_observation(k.g, good, len);
    REQUIRE(whole && memcmp(whole, k.s, k.r->state_size(k.g)) == 0,
            "the undamaged observation is not rebuilt into the same state");
    k.r->state_free(whole);
    int refused = 0;
    for (int i = 0; i < 3000; i++) {
        size_t blen = i % 3 == 0 ? arena_rng_below(&rng, (uint32_t)len + 1) : len;
        memcpy(bad, good, blen);
        for (int f = 0; f <= i % 4; f++)
            if (blen) bad[arena_rng_below(&rng, (uint32_t)blen)] = (uint8_t)arena_rng_next(&rng);
        arena_state *t = k.r->state_from_observation(k.g, bad, blen);
        if (!t) {
            refused++;
            continue;
        }
        int32_t legal[64];
        char text[2048];
        for (int ply = 0; ply < 20 && k.r->current_player(t) != ARENA_TERMINAL; ply++) {
            int n = k.r->legal_actions(t, legal, 64);
            REQUIRE(n > 0 && n <= 64, "%d legal actions in a rebuilt state", n);
            for (int j = 1; j < n; j++)
                REQUIRE(legal[j] > legal[j - 1], "legal actions not ascending");
            REQUIRE(k.r->apply(t, legal[arena_rng_below(&rng, (uint32_t)n)]) == 0, "refused");
        }
        k.r->render(t, -1, text, sizeof text);
        k.r->state_free(t);
    }
    ck_assert_int_gt(refused, 0);
    kt_close(&k);
}
END_TEST

Suite *kurnik_module_suite(void)
{
    Suite *s = suite_create("kurnik_module");
    TCase *tc = tcase_create("abi");
    tcase_add_test(tc, options_canonical);
    tcase_add_test(tc, option_errors_name_key_and_value);
    tcase_add_test(tc, notation_of_every_action);
    tcase_add_test(tc, roll_is_one_chance_node_of_21);
    tcase_add_test(tc, perft_from_the_start);
    tcase_add_test(tc, board_shows_every_player);
    suite_add_tcase(s, tc);
    TCase *play = tcase_create("playouts");
    tcase_set_timeout(play, 300); /* ASan on a loaded machine needs it */
    tcase_add_loop_test(play, random_playouts, 0, 5);
    tcase_add_test(play, damaged_observations);
    suite_add_tcase(s, play);
    return s;
}
