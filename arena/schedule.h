/* schedule.h -- which entrants meet, in which seats, with which seed.
 *
 * Round robin: in every round each k-subset of the entrants sits at one table
 * and plays every rotation of the seats (for two players: both colours). All
 * rotations of one table share the match seed: one deal, from which each seat
 * order still draws its own dice and bot seeds (match.h). With all_orders, a
 * table plays every permutation of its seats instead of the k rotations (k!
 * matches; the same for k = 2). Match indices number the whole schedule from
 * 0, which is what logs, storage and --resume refer to. */
#ifndef ARENA_SCHEDULE_H
#define ARENA_SCHEDULE_H

#include <stddef.h>
#include <stdint.h>

#include "arena/rules.h"

typedef struct schedule_item {
    uint32_t index;
    uint64_t seed;
    int num_players;
    int seat[ARENA_MAX_PLAYERS]; /* entrant index per seat */
} schedule_item;

/* A schedule is computed, not stored: schedule_at gives any match from its
 * index, so a tournament of ten million matches holds no more of its plan
 * than one of ten (a stored plan was 56 bytes a match). */
typedef struct schedule {
    size_t count; /* matches */
    int n, k, n_orders;
    uint64_t seed;
    size_t tables_per_round;
    size_t *binom;                    /* (n + 1) x (k + 1): C(a, b) */
    int (*orders)[ARENA_MAX_PLAYERS]; /* n_orders seat orders of a table */
} schedule;

/* n entrants, k seats per table (2 <= k <= n), rounds >= 1. Returns 0, or -1
 * with err (also when the matches would be more than a match index holds,
 * INT32_MAX). Free with schedule_free. */
int schedule_round_robin(schedule *s, int n, int k, int rounds, int all_orders, uint64_t seed,
                         char *err, size_t errlen);

/* Gauntlet: as the round robin, but only the tables that seat entrant 0 (the
 * first bot meets all others, the others never meet each other without it);
 * in two-player games, entrant 0 against each other entrant in both colours.
 * Same arguments and numbering (its own table seeds, from 0). */
int schedule_gauntlet(schedule *s, int n, int k, int rounds, int all_orders, uint64_t seed,
                      char *err, size_t errlen);

/* schedule_gauntlet when gauntlet, else schedule_round_robin: what a plan's
 * format (manifest.h) asks for, chosen here for every caller. */
int schedule_make(schedule *s, int gauntlet, int n, int k, int rounds, int all_orders,
                  uint64_t seed, char *err, size_t errlen);

/* Match `index` (< s->count): round by round, the tables of a round in
 * lexicographic order of their entrants, each table's seat orders one after
 * another; the table's seed is arena_seed_derive(seed, table number). */
void schedule_at(const schedule *s, size_t index, schedule_item *it);

void schedule_free(schedule *s);

#endif
