/* test_morris_stats.c -- random play (uniform over legal actions, 1000 games
 * per variant, default options) against the reference figures of morris.md.
 * The figures are themselves from random samples, so only loose bands are
 * asserted; the numbers are printed. (The speed of random play is a figure, not
 * a test: bench/morris_playout.c measures it.) */
#include <stdio.h>
#include <string.h>

#include "arena/sdk.h"
#include "morris_test.h"

typedef struct band {
    const char *options;
    double plies_lo, plies_hi; /* mean plies */
    double draw_lo, draw_hi;   /* percent drawn */
} band;

static const band bands[] = {
    /* reference: ~197 plies, 26 % drawn */
    {"variant=classic", 170, 225, 14, 38},
    /* ~190, 19 % */
    {"variant=lasker", 165, 215, 8, 30},
    /* ~117, 5 % */
    {"variant=knight", 100, 135, 0, 12},
    /* ~170, 13 % */
    {"variant=rook", 150, 190, 5, 22},
    /* ~52, 14 % */
    {"variant=cross", 42, 62, 6, 24},
    /* OpenSpiel-compatible mode: ~155 plies, about 30 % drawn */
    {"double_mill=1,repeat_mill=allowed,repetition=0,quiet_plies=0,max_turns=200", 135, 175, 20,
     40},
};
#define GAMES 1000

START_TEST(random_play_figures)
{
    const band *b = &bands[_i];
    morris m;
    morris_open(&m, b->options);
    arena_rng rng;
    arena_rng_seed(&rng, 2024 + (uint64_t)_i);
    static const char *const reasons[] = {
        "fewer than three pieces", "blocked", "repetition", "quiet plies", "turn cap", "mill"};
    int wins[3] = {0, 0, 0}, ends[6] = {0};
    long plies = 0;
    int32_t legal[1024];
    for (int game = 0; game < GAMES; game++) {
        arena_state *s = m.r->state_new(m.g);
        while (m.r->current_player(s) >= 0) {
            int n = m.r->legal_actions(s, legal, 1024);
            m.r->apply(s, legal[arena_rng_below(&rng, (uint32_t)n)]);
            plies++;
        }
        double ret[2];
        m.r->returns(s, ret);
        wins[ret[0] > 0 ? 0 : ret[1] > 0 ? 1 : 2]++;
        for (int k = 0; k < 6; k++)
            ends[k] += strcmp(m.r->end_reason(s), reasons[k]) == 0;
        m.r->state_free(s);
    }
    double mean = (double)plies / GAMES, draw = 100.0 * wins[2] / GAMES;
    printf("morris %-28.28s mean %.1f plies, W/B/D %.1f/%.1f/%.1f %%; ends: pieces %.1f, "
           "blocked %.1f, repetition %.1f, quiet %.1f, cap %.1f, mill %.1f %%\n",
           b->options, mean, 100.0 * wins[0] / GAMES, 100.0 * wins[1] / GAMES, draw, ends[0] / 10.0,
           ends[1] / 10.0, ends[2] / 10.0, ends[3] / 10.0, ends[4] / 10.0, ends[5] / 10.0);
    ck_assert_msg(mean >= b->plies_lo && mean <= b->plies_hi, "mean plies %.1f", mean);
    ck_assert_msg(draw >= b->draw_lo && draw <= b->draw_hi, "draws %.1f %%", draw);
    morris_close(&m);
}
END_TEST

void morris_add_stats(Suite *s)
{
    TCase *tc = tcase_create("random_play");
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, random_play_figures, 0, (int)(sizeof bands / sizeof bands[0]));
    suite_add_tcase(s, tc);
}
