/* rugby_random.c -- random-play statistics of Graj w RUGBY through the rule
 * module (uniformly random legal actions, chance outcomes drawn with their
 * probabilities; 100,000 seeded games by default): guesses per game (mean,
 * quartiles), how games end, seat balance, black fields and bonus guesses, and
 * that no game comes near max_game_length (a turn cap the rules do not have:
 * reaching it would be a bug). Printed beside the page's figures (every random
 * game ends by a player reaching 60, about 124 guesses in all): a rules check as
 * much as a benchmark.
 *
 * Usage: bench_rugby_random [games] [options]   (default 100000, default options) */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena/rules.h"
#include "arena/sdk.h"
#include "beside.h"
#include "games/rugby.pb-c.h"

#define FIELDS 105
#define MAX_GUESSES 512
#define LEGAL_CAP 128

static int quantile(const long *hist, int max, long games, double share)
{
    long seen = 0;
    for (int len = 0; len <= max; len++)
        if ((seen += hist[len]) >= share * (double)games) return len;
    return max;
}

/* What the games added up to. */
typedef struct totals {
    long games, plies, guesses, black, repeats, wins[3]; /* wins[2]: draws */
    long ends[4];                                        /* by end phrase index */
    int longest, max_len, over_cap;
    long hist[MAX_GUESSES + 1];
} totals;

static const char *const end_names[4] = {"target reached", "all fields guessed", "other", ""};

static int end_index(const char *why)
{
    for (int i = 0; i < 2; i++)
        if (!strcmp(why, end_names[i])) return i;
    return 2;
}

/* Black fields found on both boards: what the spectator's view reveals. */
static int black_found(const arena_rules *r, const arena_state *s)
{
    uint8_t buf[4096];
    size_t n = r->observation(s, -1, buf, sizeof buf);
    Arena__Rugby__Observation *m = arena__rugby__observation__unpack(NULL, n, buf);
    int found = 0;
    for (size_t b = 0; m && b < m->n_boards; b++)
        for (size_t f = 0; f < m->boards[b]->marks.len; f++)
            found += m->boards[b]->marks.data[f] == ARENA__RUGBY__MARK__MARK_X;
    if (m) arena__rugby__observation__free_unpacked(m, NULL);
    return found;
}

static void play(const arena_rules *r, const arena_game *g, uint64_t seed, totals *t)
{
    arena_rng rng;
    arena_rng_seed(&rng, seed);
    arena_state *s = r->state_new(g);
    int32_t legal[LEGAL_CAP];
    arena_chance_outcome out[LEGAL_CAP];
    int plies = 0, guesses = 0, cp, last_guesser = -1;
    while ((cp = r->current_player(s)) != ARENA_TERMINAL && plies <= t->max_len) {
        int n = r->legal_actions(s, legal, LEGAL_CAP);
        int32_t a = legal[arena_rng_below(&rng, (uint32_t)n)];
        if (cp == ARENA_CHANCE) { /* as the arena draws: by the outcomes' probabilities */
            int k = r->chance_outcomes(s, out, LEGAL_CAP);
            double u = arena_rng_double(&rng), acc = 0;
            a = out[k - 1].action;
            for (int i = 0; i < k; i++)
                if (u < (acc += out[i].prob)) {
                    a = out[i].action;
                    break;
                }
        }
        r->apply(s, a);
        plies++;
        if (a <= FIELDS) { /* a guess (or pass) */
            guesses++;
            t->repeats += cp == last_guesser; /* bonus guesses after the first */
            last_guesser = cp;
        }
    }
    t->black += black_found(r, s);
    if (cp != ARENA_TERMINAL) {
        t->over_cap++;
    } else {
        double ret[2];
        r->returns(s, ret);
        t->wins[ret[0] > ret[1] ? 0 : ret[1] > ret[0] ? 1 : 2]++;
        t->ends[end_index(r->end_reason(s))]++;
    }
    t->games++;
    t->plies += plies;
    t->guesses += guesses;
    t->hist[guesses < MAX_GUESSES ? guesses : MAX_GUESSES]++;
    if (plies > t->longest) t->longest = plies;
    r->state_free(s);
}

int main(int argc, char **argv)
{
    long games = argc > 1 ? atol(argv[1]) : 100000;
    const char *options = argc > 2 ? argv[2] : "";
    if (games < 1) games = 100000;
    void *handle;
    const arena_rules *r = bench_rules("rugby", NULL, &handle);
    if (!r) return 1;
    char err[256];
    arena_game *g = r->game_new(options, err, sizeof err);
    if (!g) {
        fprintf(stderr, "bench: %s\n", err);
        return 1;
    }
    totals *t = calloc(1, sizeof *t);
    t->max_len = r->max_game_length(g);
    int64_t start = arena_now_us();
    for (long i = 0; i < games; i++)
        play(r, g, arena_seed_derive(2026, (uint64_t)i), t);
    double secs = (double)(arena_now_us() - start) / 1e6;
    long done = t->games - t->over_cap;
    printf("rugby (%s), %ld random games (seeds 2026/0..%ld)\n", r->game_options(g), t->games,
           t->games - 1);
    printf(
        "  guesses per game     mean %.1f, quartiles %d / %d / %d, most %d   (page: about 124)\n",
        (double)t->guesses / (double)t->games, quantile(t->hist, MAX_GUESSES, t->games, 0.25),
        quantile(t->hist, MAX_GUESSES, t->games, 0.5),
        quantile(t->hist, MAX_GUESSES, t->games, 0.75),
        quantile(t->hist, MAX_GUESSES, t->games, 1));
    printf("  plies per game       mean %.1f (placements and guesses), longest %d of "
           "max_game_length %d\n",
           (double)t->plies / (double)t->games, t->longest, t->max_len);
    printf("  ended                %s %.2f %%, %s %.2f %%, past max_game_length %d   (page: all by "
           "the target)\n",
           end_names[0], 100.0 * (double)t->ends[0] / (double)t->games, end_names[1],
           100.0 * (double)t->ends[1] / (double)t->games, t->over_cap);
    printf("  results              seat 0 wins %.2f %%, seat 1 wins %.2f %%, draws %.2f %%\n",
           100.0 * (double)t->wins[0] / (double)(done ? done : 1),
           100.0 * (double)t->wins[1] / (double)(done ? done : 1),
           100.0 * (double)t->wins[2] / (double)(done ? done : 1));
    printf(
        "  black fields         %.2f hit per game; %.2f guesses per game repeat the seat before\n",
        (double)t->black / (double)t->games, (double)t->repeats / (double)t->games);
    printf("  speed                %.0f games/s, %.2f million plies/s\n", (double)t->games / secs,
           (double)t->plies / secs / 1e6);
    int bug = t->over_cap > 0;
    free(t);
    r->game_free(g);
    dlclose(handle);
    return bug;
}
