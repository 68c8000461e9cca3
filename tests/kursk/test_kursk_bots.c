/* test_kursk_bots.c -- the kursk bots through the bot ABI, as the arena's
 * worker runs them for a hidden-information game: turn->state is NULL and the
 * observation is the seat's own. kursk_basic on hand-made positions (claims,
 * the largest card that does not overshoot, draws when low); both bots over
 * whole games at 2 and 3 players, always legal. */
#include <stdio.h>
#include <string.h>

#include "arena/bot.h"
#include "arena/sdk.h"
#include "kursk_test.h"
#include "support.h"

typedef struct botl {
    void *handle;
    const arena_bot *bot;
} botl;

static void bot_load(const char *name, botl *b)
{
    b->bot = support_bot(name, &b->handle);
    ck_assert_str_eq(b->bot->games, "kursk");
}

static void *bot_new(const botl *b, const kst *k, int seat, uint64_t seed, int64_t clock_us)
{
    char err[256] = "";
    arena_bot_setup setup = {.struct_size = sizeof setup,
                             .game_name = "kursk",
                             .options = k->r->game_options(k->g),
                             .seat = seat,
                             .num_players = k->r->num_players(k->g),
                             .seed = seed,
                             .tc = {.base_us = clock_us},
                             .rules = k->r,
                             .game = k->g};
    void *p = b->bot->create(&setup, err, sizeof err);
    ck_assert_msg(p != NULL, "%s refused: %s", b->bot->name, err);
    return p;
}

/* The bot's answer at the current decision, checked legal; its name. */
static const char *ask(const botl *b, void *player, kst *k, int64_t clock_us, char *name)
{
    int32_t legal[256];
    uint8_t obs[4096];
    int n = k->r->legal_actions(k->s, legal, 256), seat = k->r->current_player(k->s);
    size_t len = kst_observe(k, k->s, seat, obs, sizeof obs);
    arena_turn turn = {.struct_size = sizeof turn,
                       .observation = obs,
                       .observation_len = len,
                       .legal = legal,
                       .num_legal = n,
                       .time_left_us = clock_us,
                       .move_budget_us = clock_us,
                       .state = NULL};
    int32_t a = b->bot->act(player, &turn);
    int ok = 0;
    for (int i = 0; i < n; i++)
        ok |= legal[i] == a;
    REQUIRE(ok, "%s answered the illegal action %d", b->bot->name, a);
    k->r->action_name(k->s, a, name, 48);
    return name;
}

START_TEST(basic_decisions)
{
    botl b;
    kst k;
    char name[48];
    bot_load("kursk_basic", &b);
    kst_table(&k, "");
    void *p = bot_new(&b, &k, 0, 1, 1000000);
    kst_give(&k, 0, "A57K");
    k.s->field[0] = 18; /* 6 to go: 5 is the largest that fits */
    ck_assert_str_eq(ask(&b, p, &k, 1000000, name), "play:5");
    k.s->field[0] = 17; /* 7 to go: the 7 lands on the hatch */
    ck_assert_str_eq(ask(&b, p, &k, 1000000, name), "play:7");
    k.s->field[0] = 24; /* nothing fits and four cards: the smallest */
    ck_assert_str_eq(ask(&b, p, &k, 1000000, name), "play:A");
    k.s->hand[0][6]--, k.s->deck[6]++;
    k.s->hand[0][9]--, k.s->deck[9]++;
    k.s->hand[0][4]--, k.s->deck[4]++;
    k.s->field[0] = 10; /* one card left: draw */
    ck_assert_str_eq(ask(&b, p, &k, 1000000, name), "draw");
    kst_give(&k, 0, "X");
    k.s->field[0] = 24;
    ck_assert_str_eq(ask(&b, p, &k, 1000000, name), "claim");
    b.bot->destroy(p);
    kst_close(&k);
    support_unload(b.handle);
}
END_TEST

/* Whole games: every seat by the bot (its own instance per seat), chance by
 * the arena's way of drawing; every answer legal, the game ends. */
static void whole_games(const char *bot, const char *options, int games, int64_t clock_us)
{
    botl b;
    bot_load(bot, &b);
    arena_rng rng;
    arena_rng_seed(&rng, 4242);
    for (int game = 0; game < games; game++) {
        kst k;
        kst_open(&k, options);
        int np = k.r->num_players(k.g);
        void *p[KS_MAX_SEATS];
        for (int i = 0; i < np; i++)
            p[i] = bot_new(&b, &k, i, arena_rng_next(&rng), clock_us);
        char name[48];
        for (int cp; (cp = k.r->current_player(k.s)) != ARENA_TERMINAL;) {
            int32_t a;
            if (cp == ARENA_CHANCE) {
                arena_chance_outcome out[64];
                int c = k.r->chance_outcomes(k.s, out, 64);
                double u = arena_rng_double(&rng), acc = 0;
                a = out[c - 1].action;
                for (int j = 0; j < c; j++)
                    if (u < (acc += out[j].prob)) {
                        a = out[j].action;
                        break;
                    }
            } else {
                ask(&b, p[cp], &k, clock_us, name);
                k.r->parse_action(k.s, name, &a);
            }
            REQUIRE(k.r->apply(k.s, a) == 0, "action refused");
        }
        for (int i = 0; i < np; i++)
            b.bot->destroy(p[i]);
        kst_close(&k);
    }
    support_unload(b.handle);
}

START_TEST(basic_whole_games)
{
    whole_games("kursk_basic", "", 50, 1000000);
    whole_games("kursk_basic", "players=3", 50, 1000000);
}
END_TEST

START_TEST(search_whole_games)
{
    /* a 20 ms clock: the search thinks about its minimum at every decision */
    whole_games("kursk_search", "max_rounds=30", 2, 20000);
    whole_games("kursk_search", "players=3,max_rounds=20", 2, 20000);
}
END_TEST

Suite *kursk_bots_suite(void)
{
    Suite *s = suite_create("kursk_bots");
    TCase *tc = tcase_create("bots");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, basic_decisions);
    tcase_add_test(tc, basic_whole_games);
    tcase_add_test(tc, search_whole_games);
    suite_add_tcase(s, tc);
    return s;
}
