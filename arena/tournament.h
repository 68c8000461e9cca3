/* tournament.h -- a round robin or a gauntlet played by -j threads, stored as
 * it goes, rated at the end. */
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
    int no_report;         /* no index.html at the end (benchmarks) */
    long replays;          /* the report's replays: matches 0..replays-1; < 0 all */
    int gauntlet;          /* the first bot against all others (schedule_gauntlet) */
    const char *anchor;    /* an entrant's display name whose rating is fixed, or NULL */
    double anchor_elo;     /* ... at this Elo (else the field averages 0) */
    shard_spec shard;      /* --shard I/N: play only that part (count 0: all) */
    /* --hosts: seats on seat hosts (remote_hosts.h); NULL: all here */
    struct remote_set *remote;
} tournament_opts;

/* How a tournament ended; the command layer (cmd_play.c) turns it into an
 * exit status. Messages are printed on the way. */
typedef enum tournament_result {
    TOURNAMENT_OK,
    TOURNAMENT_FAILED,    /* storage, ratings or reports failed */
    TOURNAMENT_BAD_INPUT, /* a game, bot, option or --resume directory refused */
} tournament_result;

tournament_result tournament_run(const tournament_opts *o);

#endif
