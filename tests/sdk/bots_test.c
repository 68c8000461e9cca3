/* bots_test.c -- the bundled bots in-process (no worker): random and
 * morris_greedy loaded with dlopen, playing morris through the rules ABI.
 *
 * Greedy must beat random clearly, play the same game again from the same
 * seeds, and make the obvious move in hand-built positions (built by applying
 * actions parsed with parse_action). A rule module or bot that is not built
 * fails the suite. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "arena/bot.h"
#include "arena/sdk.h"
#include "support.h"

#define GAMES 200

static void *rules_lib, *random_lib, *greedy_lib;
static const arena_rules *R;
static const arena_bot *random_bot, *greedy_bot;
static arena_game *G;

/* Loaded in each test's process (a checked fixture): a module or bot that is
 * not built fails the test, it is never skipped. */
static void load_all(void)
{
    R = support_rules("morris", &rules_lib);
    char err[256] = "";
    G = R->game_new("", err, sizeof err);
    ck_assert_msg(G != NULL, "morris game_new: %s", err);
    random_bot = support_bot("random", &random_lib);
    greedy_bot = support_bot("morris_greedy", &greedy_lib);
}

static void unload_all(void)
{
    R->game_free(G);
    support_unload(greedy_lib);
    support_unload(random_lib);
    support_unload(rules_lib);
}

static void *new_player(const arena_bot *bot, int seat, uint64_t seed)
{
    arena_bot_setup s = {sizeof s, "morris", R->game_options(G), seat, 2, seed, {0, 0, 1000000}, R,
                         G,        ""};
    char err[256] = "";
    void *p = bot->create(&s, err, sizeof err);
    ck_assert_msg(p != NULL, "%s create: %s", bot->name, err);
    return p;
}

/* Asks `bot` for its move in `st`, as the worker would: the observation bytes
 * and a state rebuilt from them. Checks the answer is legal. */
static int32_t ask(const arena_bot *bot, void *player, const arena_state *st, int ply)
{
    int seat = R->current_player(st);
    int32_t *legal = malloc(sizeof *legal * (size_t)R->num_actions(G));
    int n = R->legal_actions(st, legal, R->num_actions(G));
    size_t len = R->observation(st, seat, NULL, 0);
    uint8_t *obs = malloc(len ? len : 1);
    ck_assert_uint_eq(R->observation(st, seat, obs, len), len);
    arena_state *rebuilt = R->state_from_observation(G, obs, len);
    ck_assert_ptr_nonnull(rebuilt);
    arena_turn t = {sizeof t, ply, obs, len, legal, n, 1000000, 1000000, rebuilt, ARENA_CLOCK_WALL};
    int32_t a = bot->act(player, &t);
    int ok = 0;
    for (int i = 0; i < n; i++)
        ok |= legal[i] == a;
    ck_assert_msg(ok, "%s played illegal action %d at ply %d", bot->name, (int)a, ply);
    R->state_free(rebuilt);
    free(obs);
    free(legal);
    return a;
}

/* One game; returns seat 0's result and appends the actions to log if given. */
static double play(const arena_bot *b0, const arena_bot *b1, uint64_t seed, int32_t *log,
                   int *plies)
{
    const arena_bot *bots[2] = {b0, b1};
    void *players[2] = {new_player(b0, 0, arena_seed_derive(seed, 0)),
                        new_player(b1, 1, arena_seed_derive(seed, 1))};
    arena_state *st = R->state_new(G);
    int ply = 0, seat;
    while ((seat = R->current_player(st)) != ARENA_TERMINAL) {
        ck_assert_int_ge(seat, 0); /* morris has no chance nodes */
        ck_assert_int_le(ply, R->max_game_length(G));
        int32_t a = ask(bots[seat], players[seat], st, ply);
        if (log) log[ply] = a;
        ck_assert_int_eq(R->apply(st, a), 0);
        ply++;
    }
    double ret[ARENA_MAX_PLAYERS];
    R->returns(st, ret);
    R->state_free(st);
    b0->destroy(players[0]);
    b1->destroy(players[1]);
    if (plies) *plies = ply;
    return ret[0];
}

START_TEST(tables)
{
    ck_assert_uint_eq(random_bot->abi_version, ARENA_BOT_ABI_VERSION);
    ck_assert_str_eq(random_bot->name, "random");
    ck_assert_str_eq(random_bot->version, "1.0");
    ck_assert_str_eq(random_bot->games, "*");
    ck_assert_uint_eq(greedy_bot->abi_version, ARENA_BOT_ABI_VERSION);
    ck_assert_str_eq(greedy_bot->name, "morris_greedy");
    ck_assert_str_eq(greedy_bot->games, "morris");
}
END_TEST

START_TEST(greedy_beats_random)
{
    double score = 0; /* greedy's: 1 a win, 0.5 a draw */
    int wins = 0, draws = 0, plies = 0, n;
    for (int g = 0; g < GAMES; g++) {
        int greedy_seat = g % 2;
        double r0 = greedy_seat == 0 ? play(greedy_bot, random_bot, (uint64_t)g, NULL, &n)
                                     : play(random_bot, greedy_bot, (uint64_t)g, NULL, &n);
        plies += n;
        double r = greedy_seat == 0 ? r0 : -r0;
        wins += r > 0;
        draws += r == 0;
        score += r > 0 ? 1.0 : r == 0 ? 0.5 : 0.0;
    }
    printf("morris_greedy vs random: %d wins, %d draws, %d losses in %d games "
           "(%.0f plies on average): %.1f %%\n",
           wins, draws, GAMES - wins - draws, GAMES, (double)plies / GAMES, 100.0 * score / GAMES);
    ck_assert_double_gt(score / GAMES, 0.70);
}
END_TEST

START_TEST(games_reproducible)
{
    int32_t *a = calloc((size_t)R->max_game_length(G) + 1, sizeof *a);
    int32_t *b = calloc((size_t)R->max_game_length(G) + 1, sizeof *b);
    int na, nb;
    double ra = play(greedy_bot, random_bot, 4242, a, &na);
    double rb = play(greedy_bot, random_bot, 4242, b, &nb);
    ck_assert_int_eq(na, nb);
    ck_assert_double_eq(ra, rb);
    ck_assert_mem_eq(a, b, sizeof *a * (size_t)na);
    play(random_bot, random_bot, 4243, b, &nb); /* another seed, another game */
    ck_assert(na != nb || memcmp(a, b, sizeof *a * (size_t)na) != 0);
    free(a);
    free(b);
}
END_TEST

/* Every variant of the module: legal play throughout, and still ahead of random
 * (by less in some: in `cross` nobody removes anything). */
START_TEST(greedy_plays_variants)
{
    static const char *const variants[] = {"variant=lasker", "variant=knight", "variant=rook",
                                           "variant=cross"};
    arena_game *classic = G;
    for (int v = 0; v < 4; v++) {
        char err[256] = "";
        G = R->game_new(variants[v], err, sizeof err);
        ck_assert_msg(G != NULL, "%s: %s", variants[v], err);
        double score = 0;
        for (int g = 0; g < 40; g++) {
            double r = g % 2 ? -play(random_bot, greedy_bot, (uint64_t)g, NULL, NULL)
                             : play(greedy_bot, random_bot, (uint64_t)g, NULL, NULL);
            score += r > 0 ? 1.0 : r == 0 ? 0.5 : 0.0;
        }
        printf("morris_greedy vs random, %s: %.1f %%\n", variants[v], 100.0 * score / 40);
        ck_assert_double_gt(score / 40, 0.6);
        R->game_free(G);
    }
    G = classic;
}
END_TEST

/* The start position with the given moves (in the notation) applied. */
static arena_state *position(const char *const *moves)
{
    arena_state *st = R->state_new(G);
    for (; *moves; moves++) {
        int32_t a;
        ck_assert_msg(R->parse_action(st, *moves, &a) == 0, "cannot parse %s", *moves);
        ck_assert_msg(R->apply(st, a) == 0, "%s is not legal here", *moves);
    }
    return st;
}

/* What greedy answers in that position, with several seeds, as names. */
static void greedy_answers(const char *const *moves, char names[][16], int tries)
{
    arena_state *st = position(moves);
    for (int i = 0; i < tries; i++) {
        void *p = new_player(greedy_bot, R->current_player(st), (uint64_t)i * 7919);
        int32_t a = ask(greedy_bot, p, st, 0);
        R->action_name(st, a, names[i], sizeof names[i]);
        greedy_bot->destroy(p);
    }
    R->state_free(st);
}

/* White can close a1-d1-g1 or block Black's b2-b4-b6: closing comes first. */
START_TEST(greedy_closes_mill)
{
    static const char *const moves[] = {"a1", "b2", "d1", "b4", NULL};
    char names[20][16];
    greedy_answers(moves, names, 20);
    for (int i = 0; i < 20; i++)
        ck_assert_str_eq(names[i], "g1");
}
END_TEST

/* Black has nothing of its own: it must stop White's a1-d1-g1. */
START_TEST(greedy_blocks_mill)
{
    static const char *const moves[] = {"a1", "b2", "d1", NULL};
    char names[20][16];
    greedy_answers(moves, names, 20);
    for (int i = 0; i < 20; i++)
        ck_assert_str_eq(names[i], "g1");
}
END_TEST

/* White has just closed a1-d1-g1; of Black's b2, b4, f6 only b2 and b4 stand
 * in an almost-mill (b6 empty). */
START_TEST(greedy_removes_threat)
{
    static const char *const moves[] = {"a1", "b2", "d1", "f6", "d7", "b4", "g1", NULL};
    char names[20][16];
    greedy_answers(moves, names, 20);
    int b2 = 0, b4 = 0;
    for (int i = 0; i < 20; i++) {
        b2 += strcmp(names[i], "xb2") == 0;
        b4 += strcmp(names[i], "xb4") == 0;
    }
    ck_assert_int_eq(b2 + b4, 20);
    ck_assert(b2 > 0 && b4 > 0); /* chosen at random between the two */
}
END_TEST

int main(void)
{
    Suite *s = suite_create("sdk_bots");
    TCase *tc = tcase_create("bots");
    tcase_set_timeout(tc, 600);
    tcase_add_checked_fixture(tc, load_all, unload_all);
    tcase_add_test(tc, tables);
    tcase_add_test(tc, greedy_closes_mill);
    tcase_add_test(tc, greedy_blocks_mill);
    tcase_add_test(tc, greedy_removes_threat);
    tcase_add_test(tc, games_reproducible);
    tcase_add_test(tc, greedy_beats_random);
    tcase_add_test(tc, greedy_plays_variants);
    suite_add_tcase(s, tc);
    return support_main(s);
}
