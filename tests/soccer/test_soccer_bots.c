/* test_soccer_bots.c -- bot strength, in-process and independent of machine
 * speed: the soccer_ab search linked in with a fixed node budget per turn,
 * against the random and soccer_greedy plugins loaded with dlopen, seats
 * swapped every game. The full-strength figures (200 games each through the
 * arena with a clock) are in docs/soccer.md; these are cheap checks
 * that each bot clearly beats the one below it. Also plays the soccer_ab
 * plugin itself, through its act(), to check it answers legal steps. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>

#include "duel.h"

/* Wins of `a` in `games` games against `b`, seats alternating. */
static int wins(duel_player *a, duel_player *b, int games, uint64_t seed)
{
    int won = 0, steps;
    for (int i = 0; i < games; i++) {
        int seat = i & 1;
        int w = duel_play("", seat ? b : a, seat ? a : b, seed + (uint64_t)i, &steps);
        ck_assert_msg(w >= 0, "game %d: an illegal action", i);
        won += w == seat;
    }
    return won;
}

START_TEST(greedy_beats_random)
{
    duel_player *g = duel_bot("soccer_greedy"), *r = duel_bot("random");
    ck_assert(g && r);
    int w = wins(g, r, 20, 100);
    printf("soccer_greedy vs random: %d/20\n", w);
    ck_assert_int_ge(w, 18);
    duel_player_free(g);
    duel_player_free(r);
}
END_TEST

START_TEST(search_beats_random)
{
    duel_player *a = duel_search(100000, 0), *r = duel_bot("random");
    ck_assert(r != NULL);
    int w = wins(a, r, 20, 200);
    printf("soccer_ab (100k nodes) vs random: %d/20\n", w);
    ck_assert_int_ge(w, 20);
    duel_player_free(a);
    duel_player_free(r);
}
END_TEST

START_TEST(search_beats_greedy)
{
    duel_player *a = duel_search(300000, 0), *g = duel_bot("soccer_greedy");
    ck_assert(g != NULL);
    int w = wins(a, g, 20, 300);
    printf("soccer_ab (300k nodes) vs soccer_greedy: %d/20\n", w);
    ck_assert_int_ge(w, 17);
    duel_player_free(a);
    duel_player_free(g);
}
END_TEST

/* The measurement behind the node-budget figures of docs/soccer.md, off by
 * default (minutes of CPU): SOCCER_DUEL_GAMES=200 SOCCER_DUEL_NODES=2000000
 * [SOCCER_DUEL_SEED=1000] CK_RUN_CASE=measure build/bin/test_soccer_bots
 * prints the score of the linked search against soccer_greedy. */
START_TEST(measure_against_greedy)
{
    const char *games = getenv("SOCCER_DUEL_GAMES"), *nodes = getenv("SOCCER_DUEL_NODES");
    const char *seed = getenv("SOCCER_DUEL_SEED");
    if (!games || !nodes) return;
    int n = atoi(games);
    duel_player *a = duel_search(atol(nodes), 0), *g = duel_bot("soccer_greedy");
    ck_assert(g != NULL && n > 0);
    int w = wins(a, g, n, seed ? strtoull(seed, NULL, 10) : 1000);
    printf("soccer_ab (%s nodes) vs soccer_greedy: %d/%d (%.1f %%)\n", nodes, w, n,
           100.0 * w / n);
    duel_player_free(a);
    duel_player_free(g);
}
END_TEST

/* The plugin through its ABI, on its (short) clock: legal steps only. */
START_TEST(plugin_plays_legally)
{
    duel_player *a = duel_bot("soccer_ab"), *r = duel_bot("random");
    ck_assert(a && r);
    wins(a, r, 2, 400);
    duel_player_free(a);
    duel_player_free(r);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("soccer_bots");
    TCase *tc = tcase_create("strength");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, greedy_beats_random);
    tcase_add_test(tc, search_beats_random);
    tcase_add_test(tc, search_beats_greedy);
    suite_add_tcase(s, tc);
    TCase *plugin = tcase_create("plugin"); /* alone: CK_RUN_CASE=plugin under valgrind */
    tcase_set_timeout(plugin, 300);
    tcase_add_test(plugin, plugin_plays_legally);
    suite_add_tcase(s, plugin);
    TCase *measure = tcase_create("measure");
    tcase_set_timeout(measure, 0); /* no limit: only run on request */
    tcase_add_test(measure, measure_against_greedy);
    suite_add_tcase(s, measure);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
