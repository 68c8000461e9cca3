/* schedule.c -- round-robin tables of k seats with every seat rotation,
 * computed match by match. */
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "arena/sdk.h"
#include "schedule.h"
#include "xalloc.h"

/* Next permutation of p[0..k-1] in lexicographic order; 0 after the last. */
static int next_permutation(int *p, int k)
{
    int i = k - 2;
    while (i >= 0 && p[i] >= p[i + 1])
        i--;
    if (i < 0) return 0;
    int j = k - 1;
    while (p[j] <= p[i])
        j--;
    int t = p[i];
    p[i] = p[j];
    p[j] = t;
    for (int a = i + 1, b = k - 1; a < b; a++, b--) {
        t = p[a];
        p[a] = p[b];
        p[b] = t;
    }
    return 1;
}

/* The seat orders one table plays: rotations, or every permutation. */
static int seat_orders(int k, int all_orders, int orders[][ARENA_MAX_PLAYERS])
{
    int n = 0, p[ARENA_MAX_PLAYERS];
    if (!all_orders) {
        for (int rot = 0; rot < k; rot++, n++)
            for (int s = 0; s < k; s++)
                orders[n][s] = (s + rot) % k;
        return n;
    }
    for (int s = 0; s < k; s++)
        p[s] = s;
    do {
        for (int s = 0; s < k; s++)
            orders[n][s] = p[s];
        n++;
    } while (next_permutation(p, k));
    return n;
}

/* C(a, b) for a <= n, b <= k, row by row (Pascal); SIZE_MAX past size_t. */
static size_t *binomials(int n, int k)
{
    size_t w = (size_t)k + 1, *c = xcalloc(((size_t)n + 1) * w, sizeof *c);
    for (int a = 0; a <= n; a++)
        for (int b = 0; b <= k && b <= a; b++) {
            size_t *v = &c[(size_t)a * w + (size_t)b];
            if (b == 0 || b == a)
                *v = 1;
            else {
                size_t x = c[(size_t)(a - 1) * w + (size_t)(b - 1)],
                       y = c[(size_t)(a - 1) * w + (size_t)b];
                *v = x == SIZE_MAX || y == SIZE_MAX || x > SIZE_MAX - y ? SIZE_MAX : x + y;
            }
        }
    return c;
}

static size_t binom(const schedule *s, int a, int b)
{
    return a < 0 || b < 0 || b > a ? 0 : s->binom[(size_t)a * ((size_t)s->k + 1) + (size_t)b];
}

/* Every table of k among n, or (gauntlet) only those seating entrant 0: the
 * tables of a round are the k-subsets in lexicographic order, where those
 * seating entrant 0 come first. */
static int schedule_tables(schedule *s, int n, int k, int rounds, int all_orders, int gauntlet,
                           uint64_t seed, char *err, size_t errlen)
{
    memset(s, 0, sizeof *s);
    if (k < 2 || k > ARENA_MAX_PLAYERS || n < k || rounds < 1 || (all_orders && k > 6)) {
        snprintf(err, errlen, "cannot schedule %d entrants at tables of %d seats for %d rounds%s",
                 n, k, rounds,
                 all_orders && k > 6 ? " with every seat order (at most 6 seats)" : "");
        return -1;
    }
    s->n = n, s->k = k, s->seed = seed;
    s->binom = binomials(n, k);
    s->orders = xcalloc(720, sizeof *s->orders); /* 6! orders of at most 6 seats */
    s->n_orders = seat_orders(k, all_orders, s->orders);
    s->tables_per_round = gauntlet ? binom(s, n - 1, k - 1) : binom(s, n, k);
    size_t per_round = s->tables_per_round, orders = (size_t)s->n_orders, count;
    if (per_round == SIZE_MAX || __builtin_mul_overflow(per_round, orders, &count) ||
        __builtin_mul_overflow(count, (size_t)rounds, &count) || count > INT32_MAX) {
        snprintf(err, errlen,
                 "cannot schedule %d entrants at tables of %d seats for %d rounds: more than "
                 "%d matches",
                 n, k, rounds, INT32_MAX);
        schedule_free(s);
        return -1;
    }
    s->count = count;
    return 0;
}

void schedule_at(const schedule *s, size_t index, schedule_item *it)
{
    size_t table = index / (size_t)s->n_orders, r = table % s->tables_per_round;
    int order = (int)(index % (size_t)s->n_orders), c[ARENA_MAX_PLAYERS];
    /* the r-th k-subset in lexicographic order: at each place, skip the
     * subsets that start with a smaller entrant there */
    for (int i = 0, x = 0; i < s->k; i++, x++) {
        size_t with_x;
        while (r >= (with_x = binom(s, s->n - 1 - x, s->k - 1 - i)))
            r -= with_x, x++;
        c[i] = x;
    }
    memset(it, 0, sizeof *it);
    it->index = (uint32_t)index;
    it->seed = arena_seed_derive(s->seed, table);
    it->num_players = s->k;
    for (int i = 0; i < s->k; i++)
        it->seat[i] = c[s->orders[order][i]];
}

void schedule_free(schedule *s)
{
    free(s->binom);
    free(s->orders);
    memset(s, 0, sizeof *s);
}

int schedule_round_robin(schedule *s, int n, int k, int rounds, int all_orders, uint64_t seed,
                         char *err, size_t errlen)
{
    return schedule_tables(s, n, k, rounds, all_orders, 0, seed, err, errlen);
}

int schedule_make(schedule *s, int gauntlet, int n, int k, int rounds, int all_orders,
                  uint64_t seed, char *err, size_t errlen)
{
    return schedule_tables(s, n, k, rounds, all_orders, gauntlet != 0, seed, err, errlen);
}

int schedule_gauntlet(schedule *s, int n, int k, int rounds, int all_orders, uint64_t seed,
                      char *err, size_t errlen)
{
    return schedule_tables(s, n, k, rounds, all_orders, 1, seed, err, errlen);
}
