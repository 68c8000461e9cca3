/* hunter.c -- rugby_hunter: guesses by a probability map of where the
 * opponent's marks can still be, and lays out its own marks to be hard to find.
 *
 * Each guess: the map (map.c) gives, for every field not yet guessed, the
 * chance of each mark; the field of most value is guessed:
 *     value = expected points - cost of a black field x P(black field)
 * where a black field costs three of the opponent's guesses (each worth what a
 * guess on the hunter's own board is worth on average: its unfound points
 * over its unguessed fields) or, during the hunter's own bonus guesses, the
 * bonus guesses it would lose. A field that would reach the target at once is
 * worth the win besides.
 *
 * Time: the map is drawn for a share of the clock (a 40th of what is left and
 * half the increment, at most a quarter of the move's budget), between 8 and
 * HUNTER_SAMPLES layouts; the layout moves and forced moves take no time.
 * The share is measured on the clock the seat is charged on
 * (arena_turn_clock_us: CPU time in a jail), so a loaded machine slows the
 * game but does not thin the map. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hunter.h"

#define HUNTER_SAMPLES 256
#define HUNTER_MIN_SAMPLES 8
#define WIN_BONUS 20.0 /* what reaching the target now is worth, in points */

typedef struct hunter {
    arena_rng rng;
    const arena_bot_setup *setup; /* lives until destroy */
    int tries, target;
    hm_map map;
} hunter;

static int option(const char *options, const char *key, int def)
{
    const char *p = options ? strstr(options, key) : NULL;
    return p ? atoi(p + strlen(key)) : def;
}

static void *hunter_create(const arena_bot_setup *setup, char *err, size_t errlen)
{
    if (!setup->rules || !setup->rules->sample_state) {
        if (errlen) snprintf(err, errlen, "rugby_hunter: the rule module has no sample_state");
        return NULL;
    }
    hunter *h = calloc(1, sizeof *h);
    if (!h) {
        if (errlen) snprintf(err, errlen, "rugby_hunter: out of memory");
        return NULL;
    }
    arena_rng_seed(&h->rng, setup->seed);
    h->setup = setup;
    h->tries = option(setup->options, "tries=", 5);
    h->target = option(setup->options, "target=", 60);
    return h;
}

/* When to stop drawing layouts for this guess. */
static int64_t deadline(const hunter *h, const arena_turn *turn, int64_t start)
{
    const arena_time_control *tc = &h->setup->tc;
    int64_t cap = turn->move_budget_us / 4;
    int64_t share = tc->move_time_us > 0 ? cap : turn->time_left_us / 40 + tc->increment_us / 2;
    if (share > cap) share = cap;
    share -= 2000; /* what one more layout and the choice may overrun, and more */
    return start + (share > 500 ? share : 500);
}

/* The value of guessing field f (see the top of the file). */
static double value(const hunter *h, const hv_view *v, int f, double black_cost)
{
    int need = h->target - v->score[v->seat];
    double points = 0, win = 0;
    for (int mark = 0; mark < HV_MARKS; mark++) {
        double p = hm_prob(&h->map, f, mark);
        points += p * hv_points(mark);
        if (hv_points(mark) >= need) win += p;
    }
    return points + WIN_BONUS * win - black_cost * hm_prob(&h->map, f, ARENA__RUGBY__MARK__MARK_X);
}

static int32_t guess(hunter *h, const hv_view *v, const arena_turn *turn)
{
    int me = v->seat, opp = me ^ 1;
    double mine = (double)hv_points_left(v, opp, h->tries) / (hv_unguessed(v, opp) + 1);
    double theirs = (double)hv_points_left(v, me, h->tries) / (hv_unguessed(v, me) + 1);
    double black_cost = v->bonus > 0 ? (v->bonus - 1) * mine : 3 * theirs;
    double best = -1e9;
    int32_t choice = turn->legal[0];
    int ties = 0;
    for (int i = 0; i < turn->num_legal; i++) {
        int32_t a = turn->legal[i];
        if (a >= HV_FIELDS) continue;
        double x = value(h, v, a, black_cost);
        if (x > best + 1e-9) {
            best = x;
            choice = a;
            ties = 1;
        } else if (x > best - 1e-9 && arena_rng_below(&h->rng, (uint32_t)++ties) == 0) {
            choice = a;
        }
    }
    return choice;
}

static int32_t hunter_act(void *b, const arena_turn *turn)
{
    hunter *h = b;
    int64_t start = arena_turn_clock_us(turn);
    hv_view v;
    if (turn->num_legal == 1) return turn->legal[0];
    if (hv_decode(turn->observation, turn->observation_len, &v) < 0)
        return arena_rng_pick(&h->rng, turn->legal, turn->num_legal);
    if (v.phase == ARENA__RUGBY__PHASE__PHASE_SETUP)
        return hp_place(&v, turn->legal, turn->num_legal, &h->rng);
    if (hm_build(&h->map, h->setup, turn->observation, turn->observation_len, &h->rng, turn,
                 deadline(h, turn, start), HUNTER_MIN_SAMPLES, HUNTER_SAMPLES) < 0)
        return arena_rng_pick(&h->rng, turn->legal, turn->num_legal);
    if (getenv("RUGBY_HUNTER_LOG"))
        fprintf(stderr, "rugby_hunter: %d layouts in %.1f ms (left %.0f ms)\n", h->map.samples,
                (arena_turn_clock_us(turn) - start) / 1000.0, turn->time_left_us / 1000.0);
    return guess(h, &v, turn);
}

static void hunter_destroy(void *b)
{
    free(b);
}

ARENA_BOT("rugby_hunter", "1.0", "arena", "rugby", hunter_create, hunter_act, NULL, hunter_destroy)
