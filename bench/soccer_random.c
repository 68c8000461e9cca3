/* soccer_random.c -- random-play statistics of paper soccer through the rule
 * module (one uniformly random legal step at a time, 100,000 seeded games by
 * default): steps per game (mean, quartiles), how games end (blocked ball,
 * goal, own goal), and speed. Prints them beside the reference figures of
 * docs/rules/soccer.md (37 steps, quartiles 19 / 31 / 50, 61 % blocked): a
 * rules check as much as a benchmark. There is no in-run baseline to divide
 * by here; the reference figures play that part.
 *
 * Usage: bench_soccer_random [games] [options]   (default 100000, 8x10 goal 2) */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena/rules.h"
#include "arena/sdk.h"
#include "beside.h"

/* The smallest length with at least `share` of the games at or below it. */
static int quantile(const long *hist, int max, long games, double share)
{
    long seen = 0;
    for (int len = 0; len <= max; len++)
        if ((seen += hist[len]) >= share * (double)games) return len;
    return max;
}

int main(int argc, char **argv)
{
    long games = argc > 1 ? atol(argv[1]) : 100000;
    const char *options = argc > 2 ? argv[2] : "";
    if (games < 1) games = 100000;
    void *handle;
    const arena_rules *r = bench_rules("soccer", NULL, &handle);
    if (!r) return 1;
    char err[256];
    arena_game *g = r->game_new(options, err, sizeof err);
    if (!g) {
        fprintf(stderr, "bench: %s\n", err);
        return 1;
    }
    int max = r->max_game_length(g);
    long *hist = calloc((size_t)max + 1, sizeof *hist);
    long steps = 0, blocked = 0, goals = 0, own = 0, first_wins = 0;
    int32_t legal[8];
    arena_rng rng;
    int64_t t0 = arena_now_us();
    for (long i = 0; i < games; i++) {
        arena_rng_seed(&rng, arena_seed_derive(1, (uint64_t)i));
        arena_state *s = r->state_new(g);
        int len = 0;
        while (r->current_player(s) >= 0) {
            int n = r->legal_actions(s, legal, 8);
            r->apply(s, legal[arena_rng_below(&rng, (uint32_t)n)]);
            len++;
        }
        const char *why = r->end_reason(s);
        blocked += strcmp(why, "blocked") == 0;
        goals += strcmp(why, "goal") == 0;
        own += strcmp(why, "own goal") == 0;
        double ret[2];
        r->returns(s, ret);
        first_wins += ret[0] > 0;
        hist[len]++;
        steps += len;
        r->state_free(s);
    }
    double secs = (double)(arena_now_us() - t0) / 1e6;
    printf("soccer %s, %ld random games (seeds derived from 1)\n", r->game_options(g), games);
    printf("                      measured   reference (soccer.md, 8x10 goal 2)\n");
    printf("mean steps per game   %8.1f   37\n", (double)steps / (double)games);
    printf("quartiles             %3d/%3d/%3d  19 / 31 / 50\n", quantile(hist, max, games, 0.25),
           quantile(hist, max, games, 0.5), quantile(hist, max, games, 0.75));
    printf("ended by blocked ball %7.1f %%  61 %%\n", 100.0 * (double)blocked / (double)games);
    printf("ended by a goal       %7.1f %%  (of which own goals %.1f %% of all games)\n",
           100.0 * (double)(goals + own) / (double)games, 100.0 * (double)own / (double)games);
    printf("first player wins     %7.1f %%\n", 100.0 * (double)first_wins / (double)games);
    printf("speed                 %.0f games/s, %.2f M steps/s (one core, through the ABI)\n",
           (double)games / secs, (double)steps / secs / 1e6);
    free(hist);
    r->game_free(g);
    dlclose(handle);
    return 0;
}
