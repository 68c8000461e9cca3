/* morris_playout.c -- random morris games per second through the rules ABI,
 * one thread, for every variant and the OpenSpiel-compatible mode, the way a
 * bot-free tournament driver uses a rule module: dlopen rules/libmorris.so,
 * then per game state_new, legal_actions + apply until the end, state_free,
 * with arena_rng choosing uniformly.
 *
 * Times are this thread's CPU time, not wall time: the machines this runs on
 * are shared (2 cores, other builds), and CPU time does not count the slices
 * other processes take; on an idle machine the two agree.
 *
 * Baseline of the same run: the same number of arena_rng_below calls in a bare
 * loop (the one cost every playout pays per ply whatever the rules), so the
 * ratio says how many random draws one ply costs and compares across
 * machines. Target: 20 million plies per second in OpenSpiel mode, five times
 * OpenSpiel's own C++ (about 3.9 million on this kind of machine).
 *
 * Usage: bench_morris_playout [seconds per row] [path/to/libmorris.so] [row]
 *        (defaults: 1.0, rules/libmorris.so beside this program, every row;
 *        "-" for the default path) */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "arena/rules.h"
#include "arena/sdk.h"
#include "beside.h"

#define TARGET_PLIES_PER_S 20e6

static const struct {
    const char *label, *options;
} rows[] = {
    {"classic", "variant=classic"},
    {"lasker", "variant=lasker"},
    {"knight", "variant=knight"},
    {"rook", "variant=rook"},
    {"cross", "variant=cross"},
    {"openspiel", "double_mill=1,repeat_mill=allowed,repetition=0,quiet_plies=0,max_turns=200"},
};

/* This thread's CPU time in microseconds. */
static int64_t cpu_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

typedef struct result {
    long games, plies;
    double secs;
} result;

/* Whole games until `seconds` have passed (the clock is read between games). */
static result play(const arena_rules *r, const arena_game *g, double seconds, uint64_t seed)
{
    arena_rng rng;
    arena_rng_seed(&rng, seed);
    int32_t legal[1024];
    result res = {0, 0, 0};
    int64_t t0 = cpu_us(), limit = (int64_t)(seconds * 1e6);
    while (cpu_us() - t0 < limit) {
        for (int i = 0; i < 64; i++) {
            arena_state *s = r->state_new(g);
            while (r->current_player(s) >= 0) {
                int n = r->legal_actions(s, legal, 1024);
                r->apply(s, legal[arena_rng_below(&rng, (uint32_t)n)]);
                res.plies++;
            }
            r->state_free(s);
            res.games++;
        }
    }
    res.secs = (double)(cpu_us() - t0) / 1e6;
    return res;
}

/* The baseline: draws from the same generator with bounds like a playout's. */
static double rng_draws_per_s(long draws)
{
    arena_rng rng;
    arena_rng_seed(&rng, 1);
    volatile uint32_t sink = 0;
    int64_t t0 = cpu_us();
    for (long i = 0; i < draws; i++)
        sink += arena_rng_below(&rng, (uint32_t)(i & 31) + 1);
    (void)sink;
    return (double)draws / ((double)(cpu_us() - t0) / 1e6);
}

int main(int argc, char **argv)
{
    double seconds = argc > 1 ? atof(argv[1]) : 1.0;
    if (seconds <= 0) seconds = 1.0;
    void *h;
    const arena_rules *r =
        bench_rules("morris", argc > 2 && strcmp(argv[2], "-") != 0 ? argv[2] : NULL, &h);
    if (!r) return 1;
    const char *only = argc > 3 ? argv[3] : NULL;
    double base = rng_draws_per_s(50 * 1000 * 1000);
    printf("baseline: %.1f million arena_rng_below calls/s\n\n", base / 1e6);
    printf("%-10s %12s %14s %11s %13s %10s\n", "variant", "games/s", "plies/s", "mean plies",
           "plies/draw", "vs target");
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        if (only && strcmp(only, rows[i].label) != 0) continue;
        char err[256];
        arena_game *g = r->game_new(rows[i].options, err, sizeof err);
        if (!g) {
            fprintf(stderr, "bench_morris_playout: %s\n", err);
            return 1;
        }
        result res = play(r, g, seconds, 1000 + i);
        double pps = (double)res.plies / res.secs;
        /* plies/draw: how many baseline draws cost as much as one ply */
        printf("%-10s %12.0f %14.0f %11.1f %13.2f %9.2fx\n", rows[i].label,
               (double)res.games / res.secs, pps, (double)res.plies / (double)res.games, base / pps,
               pps / TARGET_PLIES_PER_S);
        r->game_free(g);
    }
    printf("\ntarget: %.0f million plies/s in OpenSpiel mode (vs target >= 1.00x)\n",
           TARGET_PLIES_PER_S / 1e6);
    dlclose(h);
    return 0;
}
