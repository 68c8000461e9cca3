/* tally.h -- finished matches turned into pairwise results: every pair of
 * seats at a table is one result, decided by their returns. Tables are made
 * from them by report_build.h. */
#ifndef ARENA_TALLY_H
#define ARENA_TALLY_H

#include <stddef.h>
#include <stdint.h>

#include "ratings.h"
#include "record.h"

/* Where each two-seat result (a, b, outcome) is in an array of results, so
 * that equal ones add to one entry's count (ratings.h): open addressing,
 * entry + 1 per slot (0: empty), a power of two slots. */
typedef struct tally_index {
    uint32_t *slot;
    size_t slots, used;
} tally_index;

/* Appends `count` results of a over b (score a's) at `table` to *games (*n
 * used, *cap allocated): a two-seat one (table 0) adds to the entry of the
 * same a, b and score when there is one, so the array grows with the
 * pairings, not the games; a table's results are appended one by one, in
 * order (count 1). The one way results are gathered (tally, store pools). */
void tally_push(rating_game **games, size_t *n, size_t *cap, tally_index *ix, int a, int b,
                double score, uint32_t table, uint32_t count);
void tally_index_free(tally_index *ix);

typedef struct tally {
    int n;              /* entrants */
    rating_game *games; /* pairwise results, equal two-seat ones counted */
    size_t n_games, cap;
    tally_index index;
    int *matches;    /* n: matches (tables) played */
    uint32_t tables; /* tally_table's counter */
    uint32_t table;  /* the match being added */
} tally;

/* The one rule turning two returns into a pairwise result: 1 when a's return
 * is higher, 0 when lower, 0.5 when equal. */
double tally_score(double ret_a, double ret_b);

/* The one expansion of a finished table into pairwise results, used by a
 * tournament's tally and by the store's rating pools: for each pair of seats
 * i < j, emit(ctx, who[i], who[j], tally_score(ret[i], ret[j])) -- the lower
 * seat (it moved first) as `a`. Stops at the first non-zero emit and returns
 * it; 0 when every pair was emitted. */
typedef int (*tally_emit)(void *ctx, int a, int b, double score);
int tally_pairs(const int *who, const double *ret, int n, tally_emit emit, void *ctx);

/* The `table` of a match's pairwise results (ratings.h): a new nonzero
 * number from *counter for a table of more than two seats, 0 for two. */
uint32_t tally_table(uint32_t *counter, int num_players);

void tally_init(tally *t, int n);
void tally_add(tally *t, const match_record *m);
void tally_free(tally *t);

#endif
