/* tournament.h -- a round robin played by -j threads, stored as it goes, rated
 * at the end. */
#ifndef ARENA_TOURNAMENT_H
#define ARENA_TOURNAMENT_H

#include <stdint.h>

#include "arena/bot.h"
#include "session.h"
#include "shard.h"

typedef struct tournament_opts {
    const char *game_spec;   /* "morris:variant=lasker" */
    const char *const *bots; /* names or paths */
    int n_bots;
    int rounds;          /* each round: every pair plays both colours */
    int seats;           /* players per table, 0 = the game's configured number */
    int all_seat_orders; /* every permutation of seats, not only rotations */
    int jobs;            /* matches at once */
    arena_time_control tc;
    const char *tc_text; /* as typed, for the record */
    int64_t margin_us;
    uint64_t seed;
    const char *out_dir;   /* results directory */
    session_isolation iso; /* how bots run */
    int progress;          /* 1 live line, 0 plain lines, -1 silent */
    const char *resume;    /* a tournament directory: play only what is missing */
    shard_spec shard;      /* --shard I/N: play only that part (count 0: all) */
} tournament_opts;

/* Runs it; returns the process exit status (0 ok, 1 failure, 2 bad input). */
int tournament_run(const tournament_opts *o);

#endif
