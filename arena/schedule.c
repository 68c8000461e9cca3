/* schedule.c -- round-robin tables of k seats with every seat rotation. */
#include <stdio.h>
#include <stdlib.h>

#include "arena/sdk.h"
#include "schedule.h"
#include "xalloc.h"

/* Next k-subset of {0..n-1} in lexicographic order; 0 when exhausted. */
static int next_subset(int *c, int k, int n)
{
    int i = k - 1;
    while (i >= 0 && c[i] == n - k + i)
        i--;
    if (i < 0) return 0;
    c[i]++;
    for (int j = i + 1; j < k; j++)
        c[j] = c[j - 1] + 1;
    return 1;
}

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

static size_t factorial(int k)
{
    size_t f = 1;
    for (int i = 2; i <= k; i++)
        f *= (size_t)i;
    return f;
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

static size_t binomial(int n, int k)
{
    size_t r = 1;
    for (int i = 1; i <= k; i++)
        r = r * (size_t)(n - k + i) / (size_t)i;
    return r;
}

/* Every table of k among n, or (gauntlet) only those seating entrant 0. */
static int schedule_tables(int n, int k, int rounds, int all_orders, int gauntlet, uint64_t seed,
                           schedule_item **out, size_t *count, char *err, size_t errlen)
{
    if (k < 2 || k > ARENA_MAX_PLAYERS || n < k || rounds < 1 || (all_orders && k > 6)) {
        snprintf(err, errlen, "cannot schedule %d entrants at tables of %d seats for %d rounds%s",
                 n, k, rounds,
                 all_orders && k > 6 ? " with every seat order (at most 6 seats)" : "");
        return -1;
    }
    int orders[720][ARENA_MAX_PLAYERS]; /* 6! orders of at most 6 seats */
    int n_orders = seat_orders(k, all_orders, orders);
    size_t tables = (gauntlet ? binomial(n - 1, k - 1) : binomial(n, k)) * (size_t)rounds;
    schedule_item *items = xcalloc(tables * (all_orders ? factorial(k) : (size_t)k), sizeof *items);
    size_t m = 0, table = 0;
    for (int r = 0; r < rounds; r++) {
        int c[ARENA_MAX_PLAYERS];
        for (int i = 0; i < k; i++)
            c[i] = i;
        do {
            if (gauntlet && c[0] != 0) break; /* lexicographic: the rest lack entrant 0 */
            uint64_t table_seed = arena_seed_derive(seed, table++);
            for (int o = 0; o < n_orders; o++, m++) {
                items[m].index = (uint32_t)m;
                items[m].seed = table_seed;
                items[m].num_players = k;
                for (int s = 0; s < k; s++)
                    items[m].seat[s] = c[orders[o][s]];
            }
        } while (next_subset(c, k, n));
    }
    *out = items;
    *count = m;
    return 0;
}

int schedule_round_robin(int n, int k, int rounds, int all_orders, uint64_t seed,
                         schedule_item **out, size_t *count, char *err, size_t errlen)
{
    return schedule_tables(n, k, rounds, all_orders, 0, seed, out, count, err, errlen);
}

int schedule_gauntlet(int n, int k, int rounds, int all_orders, uint64_t seed, schedule_item **out,
                      size_t *count, char *err, size_t errlen)
{
    return schedule_tables(n, k, rounds, all_orders, 1, seed, out, count, err, errlen);
}
