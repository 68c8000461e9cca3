/* kursk_bots.c -- how strong the KURSK bots are: many seeded games,
 * in-process, bot A (default kursk_search) against bot B (default
 * kursk_basic), at 2 or 3 players.
 *
 * The rule module and the bots are loaded with dlopen as the arena loads
 * them, and every game is played the arena's way for hidden information: the
 * chance outcomes come from an arena_rng seeded from the match seed (stream
 * 1), each seat's bot gets the seed of stream 100 + seat, and a bot sees only
 * its own observation (turn->state is NULL). What it skips is the worker
 * processes and the real clocks: each decision is offered `ms` milliseconds
 * of thinking (a fixed time per move of 3 x (ms + 1.5); kursk_search thinks a
 * third of it, less 1.5 ms).
 *
 * Each deal (match seed) is played in every seating of A among B's:
 *   2 players   A B and B A
 *   3 players   A B B, B A B and B B A
 * so that the cards are shared and only the seats differ. Figures are over
 * deals (the per-deal mean is the unit) with 95 % intervals (normal, 1.96
 * standard errors): A's score against each B at its table (1 ahead, 1/2
 * level, 0 behind) and A's share of first places (alone or shared).
 *
 * Usage: bench_kursk_bots [--deals N] [--players P] [--ms M] [--seed S]
 *                         [--a BOT] [--b BOT]     (defaults 500, 2, 5, 1) */
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena/bot.h"
#include "arena/sdk.h"
#include "loader.h"

#define SEED_STREAM_CHANCE 1u /* as in arena/match.c */
#define SEED_STREAM_SEAT 100u
#define MAX_SEATS 3

typedef struct bench_bot {
    void *handle;
    const arena_bot *bot;
} bench_bot;

typedef struct tally {
    double sum, sum2;
    long n;
} tally;

static void tally_add(tally *t, double x)
{
    t->sum += x, t->sum2 += x * x, t->n++;
}

static double tally_mean(const tally *t)
{
    return t->n ? t->sum / (double)t->n : 0;
}

static double tally_ci(const tally *t)
{
    if (t->n < 2) return 0;
    double m = tally_mean(t), var = (t->sum2 - (double)t->n * m * m) / (double)(t->n - 1);
    return 1.96 * sqrt(var > 0 ? var : 0) / sqrt((double)t->n);
}

static int load_bot(const char *name, bench_bot *out)
{
    char path[1024], err[256];
    if (loader_resolve(LOADER_BOTS, name, path, sizeof path, err, sizeof err) < 0) {
        fprintf(stderr, "bench: %s\n", err);
        return -1;
    }
    out->handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    arena_bot_entry_fn entry = NULL;
    if (out->handle) *(void **)&entry = dlsym(out->handle, ARENA_BOT_ENTRY);
    if (!entry) {
        fprintf(stderr, "bench: cannot load bot %s\n", path);
        return -1;
    }
    out->bot = entry();
    return 0;
}

static int32_t draw_chance(const arena_rules *r, const arena_state *s, arena_rng *rng)
{
    arena_chance_outcome out[64];
    int n = r->chance_outcomes(s, out, 64);
    double u = arena_rng_double(rng), acc = 0;
    for (int i = 0; i < n; i++)
        if (u < (acc += out[i].prob)) return out[i].action;
    return out[n - 1].action;
}

/* One game; seat i played by seating[i]. 0, or -1 on a bot failure. */
static int play(const arena_rules *r, const arena_game *g, const bench_bot *const *seating,
                uint64_t seed, int64_t clock_us, double *ret)
{
    int np = r->num_players(g), rc = -1;
    void *player[MAX_SEATS] = {0};
    uint8_t obs[4096];
    for (int i = 0; i < np; i++) {
        char err[256] = "";
        arena_bot_setup setup = {.struct_size = sizeof setup,
                                 .game_name = r->name,
                                 .options = r->game_options(g),
                                 .seat = i,
                                 .num_players = np,
                                 .seed = arena_seed_derive(seed, SEED_STREAM_SEAT + (uint64_t)i),
                                 .tc = {.move_time_us = clock_us},
                                 .rules = r,
                                 .game = g};
        player[i] = seating[i]->bot->create(&setup, err, sizeof err);
        if (!player[i]) {
            fprintf(stderr, "bench: %s refused: %s\n", seating[i]->bot->name, err);
            goto done;
        }
    }
    arena_rng chance;
    arena_rng_seed(&chance, arena_seed_derive(seed, SEED_STREAM_CHANCE));
    arena_state *s = r->state_new(g);
    for (int cp; (cp = r->current_player(s)) != ARENA_TERMINAL;) {
        int32_t a, legal[256];
        if (cp == ARENA_CHANCE) {
            a = draw_chance(r, s, &chance);
        } else {
            int n = r->legal_actions(s, legal, 256);
            size_t len = r->observation(s, cp, obs, sizeof obs);
            arena_turn turn = {.struct_size = sizeof turn,
                               .observation = obs,
                               .observation_len = len,
                               .legal = legal,
                               .num_legal = n,
                               .time_left_us = clock_us,
                               .move_budget_us = clock_us,
                               .state = NULL};
            a = seating[cp]->bot->act(player[cp], &turn);
        }
        if (r->apply(s, a) < 0) {
            fprintf(stderr, "bench: illegal action %d\n", a);
            r->state_free(s);
            goto done;
        }
    }
    r->returns(s, ret);
    r->state_free(s);
    rc = 0;
done:
    for (int i = 0; i < np; i++)
        if (player[i]) seating[i]->bot->destroy(player[i]);
    return rc;
}

int main(int argc, char **argv)
{
    long deals = 500;
    int players = 2;
    double ms = 5;
    uint64_t seed = 1;
    const char *an = "kursk_search", *bn = "kursk_basic";
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--deals"))
            deals = atol(argv[i + 1]);
        else if (!strcmp(argv[i], "--players"))
            players = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--ms"))
            ms = atof(argv[i + 1]);
        else if (!strcmp(argv[i], "--seed"))
            seed = strtoull(argv[i + 1], NULL, 10);
        else if (!strcmp(argv[i], "--a"))
            an = argv[i + 1];
        else if (!strcmp(argv[i], "--b"))
            bn = argv[i + 1];
        else {
            fprintf(stderr, "bench: unknown option '%s'\n", argv[i]);
            return 2;
        }
    }
    if (deals < 1 || players < 2 || players > MAX_SEATS || ms <= 0) {
        fprintf(stderr, "bench: bad --deals, --players or --ms\n");
        return 2;
    }
    char path[1024], err[256], opts[32];
    if (loader_resolve(LOADER_RULES, "kursk", path, sizeof path, err, sizeof err) < 0) {
        fprintf(stderr, "bench: %s\n", err);
        return 1;
    }
    void *rh = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    arena_rules_entry_fn entry = NULL;
    if (rh) *(void **)&entry = dlsym(rh, ARENA_RULES_ENTRY);
    bench_bot a, b;
    if (!entry || load_bot(an, &a) < 0 || load_bot(bn, &b) < 0) return 1;
    const arena_rules *r = entry();
    snprintf(opts, sizeof opts, "players=%d", players);
    arena_game *g = r->game_new(opts, err, sizeof err);
    int64_t clock_us = (int64_t)(3 * (ms + 1.5) * 1000); /* the move time */
    tally score = {0}, first = {0};
    for (long d = 0; d < deals; d++) {
        uint64_t match_seed = arena_seed_derive(seed, (uint64_t)d);
        double deal_score = 0, deal_first = 0;
        for (int at = 0; at < players; at++) {
            const bench_bot *seating[MAX_SEATS];
            for (int i = 0; i < players; i++)
                seating[i] = i == at ? &a : &b;
            double ret[MAX_SEATS];
            if (play(r, g, seating, match_seed, clock_us, ret) < 0) return 1;
            int ahead_of_a = 0;
            for (int i = 0; i < players; i++) {
                if (i == at) continue;
                deal_score += ret[at] > ret[i] ? 1 : ret[at] == ret[i] ? 0.5 : 0;
                ahead_of_a += ret[i] > ret[at];
            }
            deal_first += ahead_of_a == 0;
        }
        tally_add(&score, deal_score / (players * (players - 1)));
        tally_add(&first, deal_first / players);
    }
    printf("kursk players=%d: %s against %s, %ld deals x %d seatings = %ld games, %.1f ms a "
           "decision\n",
           players, a.bot->name, b.bot->name, deals, players, deals * players, ms);
    printf("score of %s against each %s   %.3f +- %.3f (95 %%)\n", a.bot->name, b.bot->name,
           tally_mean(&score), tally_ci(&score));
    printf("first places of %s            %.3f +- %.3f (95 %%; even: %.3f)\n", a.bot->name,
           tally_mean(&first), tally_ci(&first), 1.0 / players);
    r->game_free(g);
    return 0;
}
