/* kurnik_policies.c -- how much the kurnik bots' decisions are worth: many
 * seeded games, in-process, smart against greedy (or any two kurnik bots).
 *
 * The rule module and the bots are loaded with dlopen as the arena loads them,
 * and every game is played the arena's way: the chance outcomes are drawn from
 * an arena_rng seeded from the match seed (stream 1), by walking the cumulative
 * probabilities of chance_outcomes; each seat's bot gets the seed of stream
 * 100 + seat. What it skips is the worker processes and the clocks.
 *
 * Three settings, each with every seating of a table played on the same match
 * seed, so that the dice are shared and only the seats differ:
 *   2 players       A B and B A
 *   4 players 1+3   A B B B in its 4 rotations
 *   4 players 2+2   A A B B in all 6 distinct seatings
 * Figures are over tables: the per-table mean is the unit, so the 95 %
 * intervals (normal, 1.96 standard errors) account for the shared dice.
 *
 * Usage: bench_kurnik_policies [--games N] [--tables T] [--seed S]
 *                              [--a BOT] [--b BOT] [--max-rounds R]
 *   N  2-player deals (2N games), default 10000
 *   T  4-player deals per setting, default 2000
 *   BOT names or paths (default kurnik_smart, kurnik_greedy) */
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
#define MAX_SEATS 4

typedef struct bench_bot {
    void *handle;
    const arena_bot *bot;
    char name[64];
} bench_bot;

typedef struct bench {
    const arena_rules *r;
    arena_game *game2, *game4;
    bench_bot a, b;
    int32_t end_action; /* `end`, which closes a turn */
    uint8_t *obs;
    size_t obs_cap;
} bench;

/* What one game gave: each seat's return and the turns played. */
typedef struct game_result {
    double ret[MAX_SEATS];
    int turns;
} game_result;

/* A running mean with its spread, over tables. */
typedef struct tally {
    double sum, sum2;
    long n;
} tally;

static void tally_add(tally *t, double x)
{
    t->sum += x;
    t->sum2 += x * x;
    t->n++;
}

static double tally_mean(const tally *t)
{
    return t->n ? t->sum / (double)t->n : 0;
}

/* Half-width of the 95 % interval of the mean. */
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
        fprintf(stderr, "bench: cannot load bot %s: %s\n", path, dlerror());
        return -1;
    }
    out->bot = entry();
    snprintf(out->name, sizeof out->name, "%s", out->bot->name);
    return 0;
}

/* The arena's draw: the first outcome whose cumulative probability passes u. */
static int32_t draw_chance(const arena_rules *r, const arena_state *s, arena_rng *rng)
{
    arena_chance_outcome out[64];
    int n = r->chance_outcomes(s, out, 64);
    double u = arena_rng_double(rng), acc = 0;
    for (int i = 0; i < n; i++) {
        acc += out[i].prob;
        if (u < acc) return out[i].action;
    }
    return out[n - 1].action;
}

static int32_t ask_bot(bench *b, const arena_bot *bot, void *player, const arena_state *s)
{
    int32_t legal[64];
    int n = b->r->legal_actions(s, legal, 64);
    int seat = b->r->current_player(s);
    size_t len = b->r->observation(s, seat, NULL, 0);
    if (len > b->obs_cap) {
        b->obs_cap = 2 * len;
        b->obs = realloc(b->obs, b->obs_cap);
    }
    b->r->observation(s, seat, b->obs, b->obs_cap);
    arena_turn turn = {.struct_size = sizeof turn,
                       .observation = b->obs,
                       .observation_len = len,
                       .legal = legal,
                       .num_legal = n,
                       .time_left_us = 1000000,
                       .move_budget_us = 1000000,
                       .state = s};
    return bot->act(player, &turn);
}

/* One game; seating[i] is the bot of seat i. Returns -1 on a bot failure. */
static int play(bench *b, const arena_game *g, const bench_bot *const *seating, uint64_t match_seed,
                game_result *res)
{
    const arena_rules *r = b->r;
    int np = r->num_players(g);
    void *player[MAX_SEATS] = {0};
    int rc = -1;
    for (int i = 0; i < np; i++) {
        char err[256] = "";
        arena_bot_setup setup = {.struct_size = sizeof setup,
                                 .game_name = r->name,
                                 .options = r->game_options(g),
                                 .seat = i,
                                 .num_players = np,
                                 .seed = arena_seed_derive(match_seed, SEED_STREAM_SEAT + i),
                                 .tc = {.move_time_us = 1000000},
                                 .rules = r,
                                 .game = g};
        player[i] = seating[i]->bot->create(&setup, err, sizeof err);
        if (!player[i]) {
            fprintf(stderr, "bench: %s refused: %s\n", seating[i]->name, err);
            goto done;
        }
    }
    arena_rng chance;
    arena_rng_seed(&chance, arena_seed_derive(match_seed, SEED_STREAM_CHANCE));
    arena_state *s = r->state_new(g);
    res->turns = 0;
    for (int cp; (cp = r->current_player(s)) != ARENA_TERMINAL;) {
        int32_t a = cp == ARENA_CHANCE ? draw_chance(r, s, &chance)
                                       : ask_bot(b, seating[cp]->bot, player[cp], s);
        if (cp >= 0 && a == b->end_action) res->turns++;
        if (r->apply(s, a) < 0) {
            fprintf(stderr, "bench: illegal action %d by %s\n", a, seating[cp]->name);
            r->state_free(s);
            goto done;
        }
    }
    r->returns(s, res->ret);
    r->state_free(s);
    rc = 0;
done:
    for (int i = 0; i < np; i++)
        if (player[i]) seating[i]->bot->destroy(player[i]);
    return rc;
}

/* One setting's figures for bot A, over tables. */
typedef struct figures {
    tally first;    /* share of A's seats that finished first (alone or not) */
    tally pairwise; /* A's score against B over every A-B pair at the table */
    tally turns;    /* turns per game */
} figures;

/* Plays every seating of `seatings` (strings of 'A'/'B') on one match seed. */
static int table(bench *b, const arena_game *g, const char *const *seatings, int k, uint64_t seed,
                 figures *f)
{
    int np = b->r->num_players(g);
    double first = 0, pair = 0, turns = 0;
    int a_seats = 0, pairs = 0;
    for (int t = 0; t < k; t++) {
        const bench_bot *seating[MAX_SEATS];
        for (int i = 0; i < np; i++)
            seating[i] = seatings[t][i] == 'A' ? &b->a : &b->b;
        game_result res;
        if (play(b, g, seating, seed, &res) < 0) return -1;
        turns += res.turns;
        double top = -1e30;
        for (int i = 0; i < np; i++)
            top = res.ret[i] > top ? res.ret[i] : top;
        for (int i = 0; i < np; i++) {
            if (seatings[t][i] != 'A') continue;
            a_seats++;
            first += res.ret[i] == top;
            for (int j = 0; j < np; j++) {
                if (seatings[t][j] != 'B') continue;
                pairs++;
                pair += res.ret[i] > res.ret[j] ? 1.0 : res.ret[i] == res.ret[j] ? 0.5 : 0.0;
            }
        }
    }
    tally_add(&f->first, first / a_seats);
    tally_add(&f->pairwise, pair / pairs);
    tally_add(&f->turns, turns / k);
    return 0;
}

static void report(const char *title, const figures *f, double fair, int games_per_table,
                   int players)
{
    printf("%s: %ld tables, %ld games\n", title, f->first.n, f->first.n * games_per_table);
    printf("  A finishes first      %6.2f %% +- %.2f   (fair share %.0f %%)\n",
           100 * tally_mean(&f->first), 100 * tally_ci(&f->first), 100 * fair);
    printf("  A vs B pairwise score %6.2f %% +- %.2f\n", 100 * tally_mean(&f->pairwise),
           100 * tally_ci(&f->pairwise));
    printf("  game length           %6.1f turns +- %.1f (%.1f per player)\n", tally_mean(&f->turns),
           tally_ci(&f->turns), tally_mean(&f->turns) / players);
}

static int run(bench *b, long games, long tables, uint64_t seed)
{
    static const char *const two[] = {"AB", "BA"};
    static const char *const one_three[] = {"ABBB", "BABB", "BBAB", "BBBA"};
    static const char *const two_two[] = {"AABB", "ABAB", "ABBA", "BAAB", "BABA", "BBAA"};
    figures f2 = {0}, f13 = {0}, f22 = {0};
    uint64_t index = 0;
    for (long i = 0; i < games; i++)
        if (table(b, b->game2, two, 2, arena_seed_derive(seed, index++), &f2) < 0) return -1;
    for (long i = 0; i < tables; i++)
        if (table(b, b->game4, one_three, 4, arena_seed_derive(seed, index++), &f13) < 0) return -1;
    for (long i = 0; i < tables; i++)
        if (table(b, b->game4, two_two, 6, arena_seed_derive(seed, index++), &f22) < 0) return -1;
    printf("A = %s, B = %s, seed %llu\n\n", b->a.name, b->b.name, (unsigned long long)seed);
    if (games) report("2 players, A B and B A", &f2, 0.5, 2, 2);
    if (tables) {
        report("4 players, A + 3 B, 4 rotations", &f13, 0.25, 4, 4);
        report("4 players, 2 A + 2 B, 6 seatings", &f22, 0.25, 6, 4);
    }
    return 0;
}

int main(int argc, char **argv)
{
    long games = 10000, tables = 2000, max_rounds = 300;
    uint64_t seed = 1;
    const char *a = "kurnik_smart", *bname = "kurnik_greedy";
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--games"))
            games = atol(argv[i + 1]);
        else if (!strcmp(argv[i], "--tables"))
            tables = atol(argv[i + 1]);
        else if (!strcmp(argv[i], "--seed"))
            seed = strtoull(argv[i + 1], NULL, 10);
        else if (!strcmp(argv[i], "--a"))
            a = argv[i + 1];
        else if (!strcmp(argv[i], "--b"))
            bname = argv[i + 1];
        else if (!strcmp(argv[i], "--max-rounds"))
            max_rounds = atol(argv[i + 1]);
        else {
            fprintf(stderr,
                    "usage: %s [--games N] [--tables T] [--seed S] [--a BOT] [--b BOT] "
                    "[--max-rounds R]\n",
                    argv[0]);
            return 2;
        }
    }
    char err[256], opts[64];
    loaded_rules *lr = loader_open_rules("kurnik", err, sizeof err);
    if (!lr) {
        fprintf(stderr, "bench: %s\n", err);
        return 2;
    }
    bench b = {.r = lr->rules};
    int rc = 2;
    b.r->parse_action(NULL, "end", &b.end_action);
    snprintf(opts, sizeof opts, "players=2,max_rounds=%ld", max_rounds);
    b.game2 = b.r->game_new(opts, err, sizeof err);
    snprintf(opts, sizeof opts, "players=4,max_rounds=%ld", max_rounds);
    b.game4 = b.game2 ? b.r->game_new(opts, err, sizeof err) : NULL;
    if (!b.game4)
        fprintf(stderr, "bench: %s\n", err);
    else if (load_bot(a, &b.a) == 0 && load_bot(bname, &b.b) == 0)
        rc = run(&b, games, tables, seed) < 0 ? 1 : 0;
    if (b.game2) b.r->game_free(b.game2);
    if (b.game4) b.r->game_free(b.game4);
    if (b.a.handle) dlclose(b.a.handle);
    if (b.b.handle) dlclose(b.b.handle);
    free(b.obs);
    loader_close_rules(lr);
    return rc;
}
