/* test_rugby_bots.c -- the rugby bots in-process, asked as the arena's worker
 * asks bots of a hidden-information game (observation bytes, no state):
 * rugby_basic and rugby_hunter play only legal actions, and the hunter beats
 * the basic bot clearly with the seats swapped. */
#include <stdio.h>
#include <string.h>

#include "arena/bot.h"
#include "arena/sdk.h"
#include "rugby_test.h"
#include "support.h"

static const arena_bot *load_bot(const char *name, void **handle)
{
    return support_bot(name, handle);
}

/* One game with a seeded chance stream; the winner's seat, 2 for a draw. The
 * bots get an ample clock: the hunter always draws its full map, so the games
 * do not depend on the machine's speed. */
static int duel(rugby *t, const arena_bot *const bots[2], uint64_t seed)
{
    arena_bot_setup setup[2];
    void *player[2];
    for (int i = 0; i < 2; i++) {
        char err[256] = "";
        setup[i] = (arena_bot_setup){.struct_size = sizeof setup[i],
                                     .game_name = "rugby",
                                     .options = t->r->game_options(t->g),
                                     .seat = i,
                                     .num_players = 2,
                                     .seed = seed * 2 + (uint64_t)i,
                                     .tc = {.move_time_us = 1000000000},
                                     .rules = t->r,
                                     .game = t->g};
        player[i] = bots[i]->create(&setup[i], err, sizeof err);
        ck_assert_msg(player[i] != NULL, "%s: %s", bots[i]->name, err);
    }
    arena_rng chance;
    arena_rng_seed(&chance, seed);
    arena_state *s = t->r->state_new(t->g);
    int cp;
    while ((cp = t->r->current_player(s)) != ARENA_TERMINAL) {
        int32_t legal[RG_FIELDS + 1], a;
        int n = t->r->legal_actions(s, legal, RG_FIELDS + 1);
        if (cp == ARENA_CHANCE) {
            a = legal[arena_rng_below(&chance, (uint32_t)n)]; /* uniform outcomes */
        } else {
            uint8_t obs[4096];
            size_t len = t->r->observation(s, cp, obs, sizeof obs);
            arena_turn turn = {.struct_size = sizeof turn,
                               .observation = obs,
                               .observation_len = len,
                               .legal = legal,
                               .num_legal = n,
                               .time_left_us = 1000000000,
                               .move_budget_us = 1000000000,
                               .state = NULL};
            a = bots[cp]->act(player[cp], &turn);
        }
        REQUIRE(t->r->apply(s, a) == 0, "%s played an illegal action %d",
                cp >= 0 ? bots[cp]->name : "chance", a);
    }
    double ret[2];
    t->r->returns(s, ret);
    t->r->state_free(s);
    for (int i = 0; i < 2; i++)
        bots[i]->destroy(player[i]);
    return ret[0] > ret[1] ? 0 : ret[1] > ret[0] ? 1 : 2;
}

START_TEST(hunter_beats_basic)
{
    rugby t;
    rugby_open(&t, "");
    void *h_hunter, *h_basic;
    const arena_bot *hunter = load_bot("rugby_hunter", &h_hunter);
    const arena_bot *basic = load_bot("rugby_basic", &h_basic);
    int wins = 0, games = 30;
    for (int i = 0; i < games; i++) {
        int hunter_seat = i % 2;
        const arena_bot *bots[2] = {hunter_seat ? basic : hunter, hunter_seat ? hunter : basic};
        wins += duel(&t, bots, 500 + (uint64_t)i / 2) == hunter_seat;
    }
    /* About 91 % in bench_rugby_bots; these 30 games are fixed (the hunter
     * always draws its full map) and give 24. 21 or more happens to an even
     * match with p = 0.02. */
    ck_assert_msg(wins >= 21, "rugby_hunter won only %d of %d", wins, games);
    support_unload(h_hunter);
    support_unload(h_basic);
    rugby_close(&t);
}
END_TEST

START_TEST(random_setup_games)
{
    rugby t;
    rugby_open(&t, "setup=random,tries=8,target=100");
    void *h_hunter, *h_basic;
    const arena_bot *hunter = load_bot("rugby_hunter", &h_hunter);
    const arena_bot *basic = load_bot("rugby_basic", &h_basic);
    const arena_bot *bots[2] = {basic, hunter};
    for (int i = 0; i < 4; i++)
        ck_assert_int_ne(duel(&t, bots, 900 + (uint64_t)i), 2);
    support_unload(h_hunter);
    support_unload(h_basic);
    rugby_close(&t);
}
END_TEST

void rugby_add_bots(Suite *s)
{
    TCase *tc = tcase_create("bots");
    tcase_set_timeout(tc, 900); /* the hunter's maps under ASan on a loaded machine */
    tcase_add_test(tc, hunter_beats_basic);
    tcase_add_test(tc, random_setup_games);
    suite_add_tcase(s, tc);
}
