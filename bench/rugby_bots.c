/* rugby_bots.c -- how much rugby_hunter's probability map is worth, measured
 * in-process over many seeded games (the rule module and the bots loaded with
 * dlopen as the arena loads them; no worker processes, no clocks: the bots get
 * an ample budget, so the hunter always draws its full map and every figure
 * is exactly reproducible).
 *
 * 1. Search: guesses needed to find all the scoring fields of one board (the
 *    page: 103 for random guesses, about 87 for a guesser that picks the field
 *    most likely to score). Game `target=<total>`: seat 0 guesses and stops
 *    when it holds every point; seat 1 only keeps the turn order going,
 *    guessing the black fields of seat 0's board, then its empty fields, so
 *    it can never finish first (filler_guess). Each guesser searches the same boards, laid
 *    out by chance (setup=random) or by a bot (setup=players).
 * 2. Play: A against B at the default options, every deal played twice with
 *    the seats swapped on the same seeds.
 *
 * Usage: bench_rugby_bots [--games N] [--boards M] [--laid L] [--seed S]
 *                         [--a BOT] [--b BOT]
 *   N games of A vs B (default 1000); M boards laid out by chance (default
 *   1000) and L laid out by each bot (default 300) per search row; BOT names
 *   or paths (default rugby_hunter, rugby_basic). */
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena/bot.h"
#include "arena/sdk.h"
#include "games/rugby.pb-c.h"
#include "loader.h"

#define SEED_STREAM_CHANCE 1u /* as in arena/match.c */
#define SEED_STREAM_SEAT 100u
#define FIELDS 105
#define LEGAL_CAP 128

typedef struct bench_bot {
    void *handle;
    const arena_bot *bot;
} bench_bot;

typedef struct bench {
    const arena_rules *r;
    uint8_t obs[4096];
    size_t obs_len;
} bench;

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
    return 0;
}

/* The arena's draw: the first outcome whose cumulative probability passes u. */
static int32_t draw_chance(const arena_rules *r, const arena_state *s, arena_rng *rng)
{
    arena_chance_outcome out[LEGAL_CAP];
    int n = r->chance_outcomes(s, out, LEGAL_CAP);
    double u = arena_rng_double(rng), acc = 0;
    for (int i = 0; i < n; i++)
        if (u < (acc += out[i].prob)) return out[i].action;
    return out[n - 1].action;
}

static void observe(bench *b, const arena_state *s, int seat)
{
    b->obs_len = b->r->observation(s, seat, b->obs, sizeof b->obs);
}

/* The bot's action, asked as the worker asks it for a hidden-information game
 * (no state); -1 when it answers an illegal action. */
static int32_t ask(bench *b, const arena_bot *bot, void *player, const arena_state *s)
{
    int32_t legal[LEGAL_CAP];
    int n = b->r->legal_actions(s, legal, LEGAL_CAP);
    observe(b, s, b->r->current_player(s));
    arena_turn turn = {.struct_size = sizeof turn,
                       .observation = b->obs,
                       .observation_len = b->obs_len,
                       .legal = legal,
                       .num_legal = n,
                       .time_left_us = 1000000000,
                       .move_budget_us = 1000000000,
                       .state = NULL};
    int32_t a = bot->act(player, &turn);
    for (int i = 0; i < n; i++)
        if (legal[i] == a) return a;
    return -1;
}

/* Bots for both seats of game g with match seed `seed`. */
static int create_players(const bench_bot *const seating[2], const arena_rules *r,
                          const arena_game *g, uint64_t seed, arena_bot_setup setup[2],
                          void *player[2])
{
    for (int i = 0; i < 2; i++) {
        player[i] = NULL;
        if (!seating[i]) continue;
        char err[256] = "";
        setup[i] =
            (arena_bot_setup){.struct_size = sizeof setup[i],
                              .game_name = "rugby",
                              .options = r->game_options(g),
                              .seat = i,
                              .num_players = 2,
                              .seed = arena_seed_derive(seed, SEED_STREAM_SEAT + (uint64_t)i),
                              .tc = {.move_time_us = 1000000000},
                              .rules = r,
                              .game = g};
        player[i] = seating[i]->bot->create(&setup[i], err, sizeof err);
        if (!player[i]) {
            fprintf(stderr, "bench: %s refused: %s\n", seating[i]->bot->name, err);
            return -1;
        }
    }
    return 0;
}

static void destroy_players(const bench_bot *const seating[2], void *player[2])
{
    for (int i = 0; i < 2; i++)
        if (player[i]) seating[i]->bot->destroy(player[i]);
}

/* Seat 1's filler guess in a search: the first unguessed black field of seat
 * 0's board, else its first unguessed empty field, else any. The black fields
 * first hand seat 0 fifteen bonus guesses, more than seat 0's own black fields
 * can give seat 1 (ten), so seat 1 never guesses all 105 fields (and all the
 * points) before seat 0 has found them. */
static int32_t filler_guess(bench *b, const arena_state *s)
{
    observe(b, s, 0);
    Arena__Rugby__Observation *m = arena__rugby__observation__unpack(NULL, b->obs_len, b->obs);
    const uint8_t *marks = m->boards[0]->marks.data, *guessed = m->boards[0]->guessed.data;
    int32_t pick = -1;
    for (int pass = 0; pass < 3 && pick < 0; pass++)
        for (int f = 0; f < FIELDS && pick < 0; f++)
            if (!guessed[f] && (pass == 2 || marks[f] == (pass ? ARENA__RUGBY__MARK__MARK_EMPTY
                                                               : ARENA__RUGBY__MARK__MARK_X)))
                pick = f;
    arena__rugby__observation__free_unpacked(m, NULL);
    return pick;
}

/* One search: guesses seat 0 needed to find all the points of seat 1's board
 * (laid out by chance, or by `layout`); -1 on a failure. */
static int search(bench *b, const arena_game *g, const bench_bot *guesser, const bench_bot *layout,
                  uint64_t seed)
{
    /* with setup=random nobody lays out: seat 1's bot is never asked */
    const bench_bot *seating[2] = {guesser, layout ? layout : guesser};
    arena_bot_setup setup[2];
    void *player[2];
    int guesses = -1;
    if (create_players(seating, b->r, g, seed, setup, player) == 0) {
        arena_rng chance;
        arena_rng_seed(&chance, arena_seed_derive(seed, SEED_STREAM_CHANCE));
        arena_state *s = b->r->state_new(g);
        int cp, count = 0;
        while ((cp = b->r->current_player(s)) != ARENA_TERMINAL) {
            int32_t a, first;
            b->r->legal_actions(s, &first, 1);
            int placing = first > FIELDS; /* a placement, not a guess or pass */
            if (cp == ARENA_CHANCE)
                a = draw_chance(b->r, s, &chance);
            else if (cp == 1 && !placing)
                a = filler_guess(b, s);
            else
                a = ask(b, seating[cp]->bot, player[cp], s);
            if (a < 0 || b->r->apply(s, a) < 0) break;
            if (cp == 0 && a < FIELDS) count++;
        }
        double ret[2];
        if (cp == ARENA_TERMINAL) {
            b->r->returns(s, ret);
            if (ret[0] > 0) guesses = count;
        }
        b->r->state_free(s);
    }
    destroy_players(seating, player);
    return guesses;
}

/* One game of seating[0] against seating[1]: the winner's seat, 2 for a draw,
 * -1 on a failure; *plies gets the guesses played. */
static int play(bench *b, const arena_game *g, const bench_bot *const seating[2], uint64_t seed,
                int *plies)
{
    arena_bot_setup setup[2];
    void *player[2];
    int result = -1;
    *plies = 0;
    if (create_players(seating, b->r, g, seed, setup, player) == 0) {
        arena_rng chance;
        arena_rng_seed(&chance, arena_seed_derive(seed, SEED_STREAM_CHANCE));
        arena_state *s = b->r->state_new(g);
        int cp;
        while ((cp = b->r->current_player(s)) != ARENA_TERMINAL) {
            int32_t a = cp == ARENA_CHANCE ? draw_chance(b->r, s, &chance)
                                           : ask(b, seating[cp]->bot, player[cp], s);
            if (a < 0 || b->r->apply(s, a) < 0) break;
            if (a <= FIELDS) ++*plies;
        }
        if (cp == ARENA_TERMINAL) {
            double ret[2];
            b->r->returns(s, ret);
            result = ret[0] > ret[1] ? 0 : ret[1] > ret[0] ? 1 : 2;
        }
        b->r->state_free(s);
    }
    destroy_players(seating, player);
    return result;
}

/* Mean and 95 % half-width of the values of a search row. */
static void report_search(const char *guesser, const char *layout, const int *v, int n)
{
    printf("  %-14s %-22s %6d ", guesser, layout, n);
    double sum = 0, sum2 = 0;
    for (int i = 0; i < n; i++) {
        sum += v[i];
        sum2 += (double)v[i] * v[i];
    }
    double mean = sum / n, var = n > 1 ? (sum2 - n * mean * mean) / (n - 1) : 0;
    printf(" %6.1f +- %.1f\n", mean, 1.96 * sqrt(var > 0 ? var : 0) / sqrt(n));
}

static arena_game *new_game(const arena_rules *r, const char *options)
{
    char err[256];
    arena_game *g = r->game_new(options, err, sizeof err);
    if (!g) fprintf(stderr, "bench: %s\n", err);
    return g;
}

/* Every guesser on the same M boards, laid out by chance and by each bot. */
static int search_rows(bench *b, const bench_bot *bots[2], const char *names[2], int boards,
                       int laid_boards, uint64_t seed)
{
    arena_game *random_g = new_game(b->r, "target=93,setup=random");
    arena_game *players_g = new_game(b->r, "target=93");
    int *v = malloc(sizeof *v * (size_t)boards), rc = 0;
    printf("Guesses to find all 35 scoring fields (95 %% intervals):\n");
    printf("  %-14s %-22s %6s  %s\n", "guesser", "board laid out by", "boards", "guesses");
    for (int layout = -1; layout < 2 && rc == 0; layout++)
        for (int who = 1; who >= 0 && rc == 0; who--) {
            int n = layout < 0 ? boards : laid_boards;
            for (int i = 0; i < n && rc == 0; i++) {
                uint64_t game_seed = arena_seed_derive(seed, 1000000u + (uint64_t)i);
                v[i] = search(b, layout < 0 ? random_g : players_g, bots[who],
                              layout < 0 ? NULL : bots[layout], game_seed);
                if (v[i] < 0) rc = -1;
            }
            if (rc == 0 && n > 0)
                report_search(names[who], layout < 0 ? "chance (setup=random)" : names[layout], v,
                              n);
        }
    free(v);
    b->r->game_free(random_g);
    b->r->game_free(players_g);
    return rc;
}

static int play_rows(bench *b, const bench_bot *bots[2], const char *names[2], int games,
                     uint64_t seed)
{
    arena_game *g = new_game(b->r, "");
    long wins[2] = {0}, draws = 0, seat0 = 0, plies = 0;
    int rc = 0;
    for (int i = 0; i < games && rc == 0; i++) {
        int a_seat = i % 2, n;
        const bench_bot *seating[2] = {bots[a_seat], bots[a_seat ^ 1]};
        int w = play(b, g, seating, arena_seed_derive(seed, (uint64_t)i / 2), &n);
        if (w < 0)
            rc = -1;
        else if (w == 2)
            draws++;
        else {
            wins[w == a_seat ? 0 : 1]++;
            seat0 += w == 0;
        }
        plies += n;
    }
    if (rc == 0) {
        double score = (wins[0] + 0.5 * draws) / games;
        printf("\n%s vs %s, %d games, seats swapped on every deal:\n", names[0], names[1], games);
        printf("  %s %ld wins, %ld draws, %ld losses: score %.1f %% +- %.1f\n", names[0], wins[0],
               draws, wins[1], 100 * score, 196 * sqrt(score * (1 - score) / games));
        printf("  seat 0 won %.1f %%; %.1f guesses a game\n", 100.0 * seat0 / games,
               (double)plies / games);
    }
    b->r->game_free(g);
    return rc;
}

int main(int argc, char **argv)
{
    int games = 1000, boards = 1000, laid = 300;
    uint64_t seed = 1;
    const char *names[2] = {"rugby_hunter", "rugby_basic"};
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--games"))
            games = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--boards"))
            boards = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--laid"))
            laid = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--seed"))
            seed = strtoull(argv[i + 1], NULL, 10);
        else if (!strcmp(argv[i], "--a"))
            names[0] = argv[i + 1];
        else if (!strcmp(argv[i], "--b"))
            names[1] = argv[i + 1];
        else {
            fprintf(stderr, "usage: bench_rugby_bots [--games N] [--boards M] [--laid L] [--seed "
                            "S] [--a BOT] [--b BOT]\n");
            return 2;
        }
    }
    char err[256];
    loaded_rules *lr = loader_open_rules("rugby", err, sizeof err);
    if (!lr) {
        fprintf(stderr, "bench: %s\n", err);
        return 1;
    }
    bench_bot loaded[2];
    if (load_bot(names[0], &loaded[0]) < 0 || load_bot(names[1], &loaded[1]) < 0) return 1;
    const bench_bot *bots[2] = {&loaded[0], &loaded[1]};
    bench b = {.r = lr->rules};
    int rc = 0;
    if (boards > 0 || laid > 0) rc = search_rows(&b, bots, names, boards, laid, seed);
    if (rc == 0 && games > 0) rc = play_rows(&b, bots, names, games, seed);
    if (rc < 0) fprintf(stderr, "bench: a bot failed (illegal action or refused)\n");
    for (int i = 0; i < 2; i++)
        dlclose(loaded[i].handle);
    loader_close_rules(lr);
    return rc < 0 ? 1 : 0;
}
