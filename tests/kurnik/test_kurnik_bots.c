/* test_kurnik_bots.c -- kurnik_greedy and kurnik_smart, loaded with dlopen and
 * driven through the bot ABI in-process (chance drawn the arena's way): the
 * greedy policy move by move, legal and reproducible answers from both, and
 * the smart bot ahead of greedy with two and with four players. The full
 * measurement is bench/kurnik_policies.c; the margins here are loose enough
 * that a correct bot cannot miss them on these fixed seeds. */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena/bot.h"
#include "arena/sdk.h"
#include "kurnik_test.h"
#include "support.h"

typedef struct loaded_bot {
    void *handle;
    const arena_bot *bot;
} loaded_bot;

static loaded_bot load_bot(const char *name)
{
    loaded_bot b = {NULL, NULL};
    b.bot = support_bot(name, &b.handle);
    ck_assert_uint_eq(b.bot->abi_version, ARENA_BOT_ABI_VERSION);
    ck_assert_str_eq(b.bot->games, "kurnik");
    return b;
}

static void *bot_new(const loaded_bot *b, kt *k, int seat, uint64_t seed)
{
    char err[128] = "";
    arena_bot_setup setup = {.struct_size = sizeof setup,
                             .game_name = "kurnik",
                             .options = k->r->game_options(k->g),
                             .seat = seat,
                             .num_players = k->r->num_players(k->g),
                             .seed = seed,
                             .tc = {.move_time_us = 100000},
                             .rules = k->r,
                             .game = k->g};
    void *p = b->bot->create(&setup, err, sizeof err);
    ck_assert_msg(p != NULL, "create: %s", err);
    return p;
}

/* The bot's answer in k's current state, checked to be legal. */
static int32_t ask(const loaded_bot *b, void *player, kt *k)
{
    int32_t legal[64];
    uint8_t obs[1024];
    int n = k->r->legal_actions(k->s, legal, 64);
    int seat = k->r->current_player(k->s);
    size_t len = k->r->observation(k->s, seat, obs, sizeof obs);
    arena_turn turn = {.struct_size = sizeof turn,
                       .observation = obs,
                       .observation_len = len,
                       .legal = legal,
                       .num_legal = n,
                       .time_left_us = 100000,
                       .move_budget_us = 100000,
                       .state = k->s};
    int32_t a = b->bot->act(player, &turn);
    for (int i = 0; i < n; i++)
        if (legal[i] == a) return a;
    ck_abort_msg("%s answered the illegal action %d", b->bot->name, a);
    return -1;
}

static const char *name_of(kt *k, int32_t a, char *buf)
{
    k->r->action_name(k->s, a, buf, 16);
    return buf;
}

START_TEST(greedy_exchanges_upward_never_a_rooster)
{
    loaded_bot b = load_bot("kurnik_greedy");
    kt k;
    kt_open(&k, "");
    kt_set(&k, 0, (kt_goods){7, 1, 5, 0});
    kt_play(&k, "roll:1-4"); /* 8 eggs, 2 chicks, 5 hens */
    void *p = bot_new(&b, &k, 0, 1);
    static const char *const expect[] = {"egg>chick", "egg>chick", "chick>hen", "end"};
    for (int i = 0; i < 4; i++) {
        char name[16];
        int32_t a = ask(&b, p, &k);
        ck_assert_str_eq(name_of(&k, a, name), expect[i]);
        ck_assert_int_eq(k.r->apply(k.s, a), 0);
    }
    ck_assert_goods(&k, 0, 2, 1, 6, 0);
    b.bot->destroy(p);
    kt_close(&k);
    support_unload(b.handle);
}
END_TEST

/* The smart bot's first answer for seat 0 after `moves` from goods g. */
static const char *smart_choice(const loaded_bot *b, kt_goods g, const char *moves, char *name)
{
    kt k;
    kt_open(&k, "");
    kt_set(&k, 0, g);
    kt_play(&k, moves);
    void *p = bot_new(b, &k, 0, 1);
    name_of(&k, ask(b, p, &k), name);
    b->bot->destroy(p);
    kt_close(&k);
    return name;
}

START_TEST(smart_saves_eggs_and_buys_the_rooster)
{
    loaded_bot b = load_bot("kurnik_smart");
    char name[16];
    /* eggs are safe from the fox, chicks are not: with no hens it saves eggs,
     * three or nine alike (its plan is three hens and a rooster at once) */
    ck_assert_str_eq(smart_choice(&b, (kt_goods){2, 0, 0, 0}, "roll:3-4", name), "end");
    ck_assert_str_eq(smart_choice(&b, (kt_goods){8, 0, 0, 0}, "roll:1-6", name), "end");
    /* three hens and no rooster: the rooster, before a fox costs a hen */
    ck_assert_str_eq(smart_choice(&b, (kt_goods){0, 1, 3, 0}, "roll:1-2", name), "hen>rooster");
    /* three chicks with hens behind them: into a hen before the fox eats them */
    ck_assert_str_eq(smart_choice(&b, (kt_goods){0, 3, 2, 0}, "roll:1-4", name), "chick>hen");
    support_unload(b.handle);
}
END_TEST

/* One in-process game; seating[i] bot of seat i. Fills returns and the
 * first action each bot chose, for the reproducibility check. */
static void play_game(const loaded_bot *const *seating, const char *options, uint64_t seed,
                      double *ret, uint64_t *trace)
{
    kt k;
    kt_open(&k, options);
    int np = k.r->num_players(k.g);
    void *player[4];
    for (int i = 0; i < np; i++)
        player[i] = bot_new(seating[i], &k, i, arena_seed_derive(seed, 100 + i));
    arena_rng chance;
    arena_rng_seed(&chance, arena_seed_derive(seed, 1));
    *trace = 1469598103934665603ull;
    for (int cp; (cp = k.r->current_player(k.s)) != ARENA_TERMINAL;) {
        int32_t a;
        if (cp == ARENA_CHANCE) {
            arena_chance_outcome out[8 + 21];
            int n = k.r->chance_outcomes(k.s, out, 29);
            double u = arena_rng_double(&chance), acc = 0;
            a = out[n - 1].action;
            for (int i = 0; i < n; i++)
                if (u < (acc += out[i].prob)) {
                    a = out[i].action;
                    break;
                }
        } else {
            a = ask(seating[cp], player[cp], &k);
        }
        *trace = (*trace ^ (uint64_t)a) * 1099511628211ull;
        REQUIRE(k.r->apply(k.s, a) == 0, "action %d refused", a); /* per ply: no Check message */
    }
    k.r->returns(k.s, ret);
    for (int i = 0; i < np; i++)
        seating[i]->bot->destroy(player[i]);
    kt_close(&k);
}

START_TEST(smart_beats_greedy_two_players)
{
    loaded_bot smart = load_bot("kurnik_smart"), greedy = load_bot("kurnik_greedy");
    const loaded_bot *ab[2] = {&smart, &greedy}, *ba[2] = {&greedy, &smart};
    double score = 0, ret[4];
    uint64_t trace, again;
    int deals = 300;
    for (int d = 0; d < deals; d++) {
        play_game(ab, "", 1000 + (uint64_t)d, ret, &trace);
        score += ret[0] > ret[1] ? 1 : ret[0] == ret[1] ? 0.5 : 0;
        if (d < 5) { /* the same seed plays the same game */
            play_game(ab, "", 1000 + (uint64_t)d, ret, &again);
            ck_assert_uint_eq(trace, again);
        }
        play_game(ba, "", 1000 + (uint64_t)d, ret, &trace);
        score += ret[1] > ret[0] ? 1 : ret[1] == ret[0] ? 0.5 : 0;
    }
    double rate = score / (2 * deals);
    /* about 0.85 measured; 0.70 is over ten standard errors below */
    ck_assert_msg(rate > 0.70, "smart scored %.3f against greedy", rate);
    support_unload(smart.handle);
    support_unload(greedy.handle);
}
END_TEST

START_TEST(smart_beats_greedy_four_players)
{
    loaded_bot smart = load_bot("kurnik_smart"), greedy = load_bot("kurnik_greedy");
    double first = 0, ret[4];
    uint64_t trace;
    int deals = 100;
    for (int d = 0; d < deals; d++)
        for (int rot = 0; rot < 4; rot++) {
            const loaded_bot *seating[4] = {&greedy, &greedy, &greedy, &greedy};
            seating[rot] = &smart;
            play_game(seating, "players=4", 5000 + (uint64_t)d, ret, &trace);
            int top = 1;
            for (int i = 0; i < 4; i++)
                top &= ret[rot] >= ret[i];
            first += top;
        }
    double rate = first / (4 * deals);
    /* about 0.6 measured against a fair share of 0.25 */
    ck_assert_msg(rate > 0.45, "smart finished first in %.3f of the games", rate);
    support_unload(smart.handle);
    support_unload(greedy.handle);
}
END_TEST

Suite *kurnik_bots_suite(void)
{
    Suite *s = suite_create("kurnik_bots");
    TCase *tc = tcase_create("bots");
    tcase_set_timeout(tc, 300); /* ASan on a loaded machine needs it */
    tcase_add_test(tc, greedy_exchanges_upward_never_a_rooster);
    tcase_add_test(tc, smart_saves_eggs_and_buys_the_rooster);
    tcase_add_test(tc, smart_beats_greedy_two_players);
    tcase_add_test(tc, smart_beats_greedy_four_players);
    suite_add_tcase(s, tc);
    return s;
}
