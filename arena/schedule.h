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

/* n entrants, k seats per table (2 <= k <= n), rounds >= 1. Returns 0 and a
 * malloc'd array, or -1 with err. */
int schedule_round_robin(int n, int k, int rounds, int all_orders, uint64_t seed,
                         schedule_item **out, size_t *count, char *err, size_t errlen);

/* Gauntlet: as the round robin, but only the tables that seat entrant 0 (the
 * first bot meets all others, the others never meet each other without it);
 * in two-player games, entrant 0 against each other entrant in both colours.
 * Same arguments and numbering (its own table seeds, from 0). */
int schedule_gauntlet(int n, int k, int rounds, int all_orders, uint64_t seed, schedule_item **out,
                      size_t *count, char *err, size_t errlen);

#endif
