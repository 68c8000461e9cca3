/* querni_random.c -- random-play statistics of El Querni through the rule
 * module: the layout drawn as the arena draws it, then a uniformly random
 * legal action at every decision (move or `-`, removal or `-`), 100,000
 * seeded games by default. Reports turns per game (mean, quartiles), how the
 * games end, seat balance, the mean number of legal actions at a move node and
 * the speed, beside the figures of docs/rules/querni.md (58 % quiet draws,
 * 42 % stranding, about 24 turns, about 110 legal moves). A game that reaches
 * the turn cap would be a bug (the quiet rule ends every random game long
 * before), so the program fails when one does.
 *
 * Usage: bench_querni_random [games] [options]   (default 100000, defaults) */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena/rules.h"
#include "arena/sdk.h"
#include "beside.h"

#define MAX_LEGAL 8192

static int quantile(const long *hist, int max, long games, double share)
{
    long seen = 0;
    for (int len = 0; len <= max; len++)
        if ((seen += hist[len]) >= share * (double)games) return len;
    return max;
}

/* Tallies of the whole run. */
typedef struct tally {
    long turns, plies, cleared, stranded, quiet, cap, wins[2], draws;
    long move_nodes, move_legal;
} tally;

/* One game; returns its number of turns (two decisions each). */
static int play(const arena_rules *r, const arena_game *g, arena_rng *rng, tally *t, int32_t *legal)
{
    arena_state *s = r->state_new(g);
    int decisions = 0;
    for (int cp; (cp = r->current_player(s)) != ARENA_TERMINAL;) {
        int n = r->legal_actions(s, legal, MAX_LEGAL);
        if (cp >= 0) {
            /* a move node lists its moves then `-`; a removal node starts with `-` */
            if (legal[0] != 4900) t->move_nodes++, t->move_legal += n;
            decisions++;
        }
        r->apply(s, legal[arena_rng_below(rng, (uint32_t)n)]);
        t->plies++;
    }
    const char *why = r->end_reason(s);
    t->cleared += strcmp(why, "cleared the board") == 0;
    t->stranded += strcmp(why, "stranded tiles") == 0;
    t->quiet += strcmp(why, "quiet turns") == 0;
    t->cap += strcmp(why, "turn cap") == 0;
    double ret[2];
    r->returns(s, ret);
    if (ret[0] > 0)
        t->wins[0]++;
    else if (ret[1] > 0)
        t->wins[1]++;
    else
        t->draws++;
    r->state_free(s);
    return (decisions + 1) / 2;
}

static double pct(long x, long games)
{
    return 100.0 * (double)x / (double)games;
}

int main(int argc, char **argv)
{
    long games = argc > 1 ? atol(argv[1]) : 100000;
    const char *options = argc > 2 ? argv[2] : "";
    if (games < 1) games = 100000;
    void *handle;
    const arena_rules *r = bench_rules("querni", NULL, &handle);
    if (!r) return 1;
    char err[256];
    arena_game *g = r->game_new(options, err, sizeof err);
    if (!g) {
        fprintf(stderr, "bench: %s\n", err);
        return 1;
    }
    int max = r->max_game_length(g);
    long *hist = calloc((size_t)max + 1, sizeof *hist);
    int32_t *legal = malloc(MAX_LEGAL * sizeof *legal);
    tally t = {0};
    arena_rng rng;
    int64_t t0 = arena_now_us();
    for (long i = 0; i < games; i++) {
        arena_rng_seed(&rng, arena_seed_derive(1, (uint64_t)i));
        int turns = play(r, g, &rng, &t, legal);
        hist[turns]++;
        t.turns += turns;
    }
    double secs = (double)(arena_now_us() - t0) / 1e6;
    printf("querni %s, %ld random games (seeds derived from 1)\n", r->game_options(g), games);
    printf("                        measured   reference (querni.md)\n");
    printf("mean turns per game     %8.1f   about 24\n", (double)t.turns / (double)games);
    printf("quartiles of turns     %3d/%3d/%3d\n", quantile(hist, max, games, 0.25),
           quantile(hist, max, games, 0.5), quantile(hist, max, games, 0.75));
    printf("longest game            %8d   turns (cap %d)\n", quantile(hist, max, games, 1.0),
           r->max_game_length(g) / 2 - 15);
    printf("legal moves, move node  %8.1f   about 110\n",
           (double)t.move_legal / (double)(t.move_nodes ? t.move_nodes : 1));
    printf("ended by quiet turns    %7.1f %%  about 58 %%\n", pct(t.quiet, games));
    printf("ended by stranding      %7.1f %%  about 42 %%\n", pct(t.stranded, games));
    printf("ended by clearing       %7.2f %%  practically none\n", pct(t.cleared, games));
    printf("ended by the turn cap   %7ld     none\n", t.cap);
    printf("seat 0 / seat 1 / draw  %5.1f / %.1f / %.1f %%\n", pct(t.wins[0], games),
           pct(t.wins[1], games), pct(t.draws, games));
    printf("speed                   %.0f games/s, %.2f M plies/s (one core, through the ABI)\n",
           (double)games / secs, (double)t.plies / secs / 1e6);
    free(hist);
    free(legal);
    r->game_free(g);
    dlclose(handle);
    return t.cap ? 1 : 0;
}
