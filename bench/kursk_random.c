/* kursk_random.c -- random-play statistics of KURSK through the rule module
 * (a uniformly random legal action at every decision, chance drawn with its
 * probabilities; 100,000 seeded games by default): game length, how games
 * end, combats and special-field visits, seat balance, the longest game
 * against max_game_length, and speed. Prints them beside the reference
 * figures of docs/rules/kursk.md (2 players: 86 % of games reach the
 * 100-round cap, about 14 combats and 23 special-field visits; 3 players:
 * 77 % reach the cap): a rules check as much as a benchmark.
 *
 * Usage: bench_kursk_random [games] [options]   (default 100000, players=2) */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena/rules.h"
#include "arena/sdk.h"
#include "beside.h"
#include "../rules/kursk/kursk.h"

static int32_t pick(const arena_rules *r, const arena_state *s, arena_rng *rng)
{
    int32_t legal[256];
    int n = r->legal_actions(s, legal, 256);
    if (r->current_player(s) != ARENA_CHANCE) return legal[arena_rng_below(rng, (uint32_t)n)];
    arena_chance_outcome out[64];
    int k = r->chance_outcomes(s, out, 64);
    double u = arena_rng_double(rng), acc = 0;
    for (int i = 0; i < k; i++)
        if (u < (acc += out[i].prob)) return out[i].action;
    return out[k - 1].action;
}

int main(int argc, char **argv)
{
    long games = argc > 1 ? atol(argv[1]) : 100000;
    const char *options = argc > 2 ? argv[2] : "";
    void *handle = NULL;
    const arena_rules *r = bench_rules("kursk", NULL, &handle);
    if (!r || games <= 0) return 1;
    char err[256];
    arena_game *g = r->game_new(options, err, sizeof err);
    if (!g) {
        fprintf(stderr, "bench: %s\n", err);
        return 1;
    }
    int np = r->num_players(g), max_len = r->max_game_length(g), longest = 0;
    long claims = 0, turns = 0, combats = 0, specials = 0, plies_all = 0;
    double ret_sum[KS_MAX_SEATS] = {0}, first_pos[KS_MAX_SEATS] = {0};
    long top[KS_MAX_SEATS] = {0};
    int64_t t0 = arena_now_us();
    for (long i = 0; i < games; i++) {
        arena_rng rng;
        arena_rng_seed(&rng, arena_seed_derive(1, (uint64_t)i));
        arena_state *s = r->state_new(g);
        int plies = 0;
        while (r->current_player(s) != ARENA_TERMINAL) {
            int had = s->attacker != KS_NOBODY, use = s->phase == KS_PH_USE;
            r->apply(s, pick(r, s, &rng));
            combats += !had && s->attacker != KS_NOBODY;
            specials += use;
            if (++plies > max_len) {
                fprintf(stderr, "bench: game %ld longer than max_game_length\n", i);
                return 1;
            }
        }
        double ret[KS_MAX_SEATS];
        r->returns(s, ret);
        for (int k = 0; k < np; k++) {
            ret_sum[k] += ret[k];
            int pos = (k - s->first + np) % np; /* 0: the first player */
            first_pos[pos] += ret[k];
            top[pos] += ret[k] == np - 1; /* ahead of everyone */
        }
        claims += s->end == KS_END_CLAIM;
        turns += s->turns;
        plies_all += plies;
        if (plies > longest) longest = plies;
        r->state_free(s);
    }
    double secs = (double)(arena_now_us() - t0) / 1e6;
    printf("kursk %s, %ld random games (seeds derived from 1)\n", r->game_options(g), games);
    printf("                          measured   reference (kursk.md, 100 rounds)\n");
    printf("reach the round cap       %6.1f %%   %s\n",
           100.0 * (double)(games - claims) / (double)games, np == 2 ? "86 %" : "77 %");
    printf("won by a claim            %6.1f %%\n", 100.0 * (double)claims / (double)games);
    printf("combats per game          %6.1f     %s\n", (double)combats / (double)games,
           np == 2 ? "about 14" : "-");
    printf("special-field visits      %6.1f     %s\n", (double)specials / (double)games,
           np == 2 ? "about 23" : "-");
    printf("turns per game            %6.1f\n", (double)turns / (double)games);
    printf("plies per game            %6.1f   (longest %d, max_game_length %d)\n",
           (double)plies_all / (double)games, longest, max_len);
    for (int k = 0; k < np; k++)
        printf("seat %d mean return        %+6.3f\n", k, ret_sum[k] / (double)games);
    for (int k = 0; k < np; k++)
        printf("%d%s to move: mean return %+6.3f, first alone %5.1f %%\n", k + 1,
               k == 0   ? "st"
               : k == 1 ? "nd"
                        : "rd",
               first_pos[k] / (double)games, 100.0 * (double)top[k] / (double)games);
    printf("speed                     %.0f games/s (one core, through the ABI)\n",
           (double)games / secs);
    r->game_free(g);
    dlclose(handle);
    return 0;
}
