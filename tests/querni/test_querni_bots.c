/* test_querni_bots.c -- querni_greedy and querni_search, loaded with dlopen
 * and driven through the bot ABI in-process: their choices on hand-made
 * positions (the longest safe chain, never a stranding removal, a winning
 * removal, a link-making move), and whole seeded games between them and
 * against random choices in which every answer is legal. The strength figures
 * are measured with `arena tournament` (docs/querni.md); the search bot runs
 * here at a fixed depth (QUERNI_SEARCH_DEPTH), so nothing depends on timing. */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena/bot.h"
#include "arena/sdk.h"
#include "querni_test.h"
#include "support.h"

#define MAX_LEGAL 8192

typedef struct loaded_bot {
    void *handle;
    const arena_bot *bot;
} loaded_bot;

static loaded_bot load_bot(const char *name)
{
    loaded_bot b = {NULL, NULL};
    b.bot = support_bot(name, &b.handle);
    ck_assert_uint_eq(b.bot->abi_version, ARENA_BOT_ABI_VERSION);
    ck_assert_str_eq(b.bot->games, "querni");
    return b;
}

static void *bot_new(const loaded_bot *b, qt *k, int seat, uint64_t seed, const char *bot_options)
{
    char err[128] = "";
    arena_bot_setup setup = {.struct_size = sizeof setup,
                             .game_name = "querni",
                             .options = k->r->game_options(k->g),
                             .seat = seat,
                             .num_players = 2,
                             .seed = seed,
                             .tc = {.base_us = 1000000, .increment_us = 10000},
                             .rules = k->r,
                             .game = k->g,
                             .bot_options = bot_options};
    void *p = b->bot->create(&setup, err, sizeof err);
    ck_assert_msg(p != NULL, "create: %s", err);
    return p;
}

/* The bot's answer in k's current state, checked to be legal. The clock
 * is one no search here reaches (a depth cap ends it, see answer()), so the
 * answer is the same on a loaded machine. */
static int32_t ask(const loaded_bot *b, void *player, qt *k)
{
    static int32_t legal[MAX_LEGAL];
    uint8_t obs[1024];
    int n = k->r->legal_actions(k->s, legal, MAX_LEGAL);
    size_t len = k->r->observation(k->s, k->r->current_player(k->s), obs, sizeof obs);
    arena_turn turn = {.struct_size = sizeof turn,
                       .observation = obs,
                       .observation_len = len,
                       .legal = legal,
                       .num_legal = n,
                       .time_left_us = 1000LL * 1000000,
                       .move_budget_us = 1000LL * 1000000,
                       .state = k->s};
    int32_t a = b->bot->act(player, &turn);
    int ok = 0;
    for (int i = 0; i < n && !ok; i++)
        ok = legal[i] == a;
    ck_assert_msg(ok, "%s answered illegal action %d", b->bot->name, a);
    return a;
}

/* The search searches 3 turns deep (what it reaches in these positions on
 * an idle machine within its usual second): the depth, not the clock, ends
 * it, so the answer does not depend on the machine's load. */
static const char *answer(const loaded_bot *b, qt *k, char *name, size_t cap)
{
    const char *opts = strcmp(b->bot->name, "querni_search") == 0 ? "depth=3" : NULL;
    void *p = bot_new(b, k, k->r->current_player(k->s), 7, opts);
    int32_t a = ask(b, p, k);
    b->bot->destroy(p);
    k->r->action_name(k->s, a, name, cap);
    return name;
}

static const char *const both[] = {"querni_greedy", "querni_search"};

START_TEST(removes_longest_safe_chain)
{
    loaded_bot b = load_bot(both[_i]);
    qt k;
    char name[32];
    qt_open(&k, "");
    /* 1..7 linked along row 1: x1-7 clears nothing (8, 9, 10 remain on j7 i7
     * h7, not linked to 7), x1-4 would strand nothing either, but x2-7 or
     * x3-7 strand 1 or 1-2; the longest safe one is 1-7 */
    qt_setup(&k,
             "w1@a1 w2@b1 w3@c1 w4@d1 w5@e1 w6@f1 w7@g1 w8@j7 w9@i6 w10@h7 "
             "b1@a7 b2@b7 b3@c7",
             0, 0, 0);
    qt_play(&k, "-");
    ck_assert_str_eq(answer(&b, &k, name, sizeof name), "x1-7");
    /* 1..5 linked, 6 7 8 elsewhere: only x1-5 is safe (x1-3 strands 4-5,
     * x3-5 strands 1-2) */
    qt_setup(&k, "w1@a1 w2@b1 w3@c1 w4@d1 w5@e1 w6@j7 w7@h5 w8@f6 b1@a7 b2@b7 b3@c7", 0, 0, 0);
    qt_play(&k, "-");
    ck_assert_str_eq(answer(&b, &k, name, sizeof name), "x1-5");
    /* every removal strands: end the turn */
    qt_setup(&k, "w1@a1 w2@b1 w3@c1 w4@d1 w5@j7 b1@a7 b2@b7 b3@c7", 0, 0, 0);
    qt_play(&k, "-");
    ck_assert_str_eq(answer(&b, &k, name, sizeof name), "-");
    /* the last tiles: a win */
    qt_setup(&k, "w1@a1 w2@b1 w3@c1 w4@d1 b1@a7 b2@b7 b3@c7", 0, 0, 0);
    qt_play(&k, "-");
    ck_assert_str_eq(answer(&b, &k, name, sizeof name), "x1-4");
    qt_close(&k);
    support_unload(b.handle);
}
END_TEST

START_TEST(moves_to_link_its_numbers)
{
    loaded_bot b = load_bot(both[_i]);
    qt k;
    char name[32];
    qt_open(&k, "");
    /* 1-2 on a1 b1, 3 on d2: the moves that link 2-3 put 3 beside b1 (c1 or c2) */
    qt_setup(&k, "w1@a1 w2@b1 w3@d2 b1@h7 b2@i7 b3@j7", 0, 0, 0);
    const char *move = answer(&b, &k, name, sizeof name);
    ck_assert_msg(strcmp(move, "d2-c1") == 0 || strcmp(move, "d2-c2") == 0, "moved %s", move);
    qt_close(&k);
    support_unload(b.handle);
}
END_TEST

/* Whole games: the bots against each other and against uniform random
 * choices, every answer legal, every game finished. */
START_TEST(whole_games_are_legal)
{
    setenv("QUERNI_SEARCH_DEPTH", "1", 1);
    loaded_bot g = load_bot("querni_greedy"), s = load_bot("querni_search");
    arena_rng rng;
    arena_rng_seed(&rng, 11);
    static int32_t legal[MAX_LEGAL];
    for (int game = 0; game < 6; game++) {
        qt k;
        qt_open(&k, "");
        const loaded_bot *seat_bot[2] = {game % 3 == 0 ? &g : &s, game % 3 == 2 ? NULL : &g};
        if (game % 2) {
            const loaded_bot *t = seat_bot[0];
            seat_bot[0] = seat_bot[1];
            seat_bot[1] = t;
        }
        void *p[2] = {NULL, NULL};
        for (int i = 0; i < 2; i++)
            if (seat_bot[i]) p[i] = bot_new(seat_bot[i], &k, i, 100 + (uint64_t)game, NULL);
        int plies = 0;
        for (int cp; (cp = k.r->current_player(k.s)) != ARENA_TERMINAL; plies++) {
            int32_t a;
            int n = k.r->legal_actions(k.s, legal, MAX_LEGAL);
            if (cp == ARENA_CHANCE || !seat_bot[cp])
                a = legal[arena_rng_below(&rng, (uint32_t)n)];
            else
                a = ask(seat_bot[cp], p[cp], &k);
            ck_assert_int_eq(k.r->apply(k.s, a), 0);
            ck_assert_int_lt(plies, 2000);
        }
        for (int i = 0; i < 2; i++)
            if (p[i]) seat_bot[i]->bot->destroy(p[i]);
        qt_close(&k);
    }
    support_unload(g.handle);
    support_unload(s.handle);
    unsetenv("QUERNI_SEARCH_DEPTH");
}
END_TEST

Suite *querni_bots_suite(void)
{
    Suite *s = suite_create("querni_bots");
    TCase *tc = tcase_create("bots");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, removes_longest_safe_chain, 0, 2);
    tcase_add_loop_test(tc, moves_to_link_its_numbers, 0, 2);
    tcase_add_test(tc, whole_games_are_legal);
    suite_add_tcase(s, tc);
    return s;
}
