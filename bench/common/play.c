/* play.c -- the seat benchmarks' workload (see play.h). */
#include "play.h"

#include <stdio.h>
#include <stdlib.h>

#include "arena/sdk.h"
#include "match.h"
#include "outcome.h"

double bench_play(session *s, seat_pool *pool, int matches, long *plies)
{
    *plies = 0;
    int64_t t0 = arena_now_us();
    for (int i = 0; i < matches; i++) {
        match_spec ms = {.lr = s->lr,
                         .game = s->game,
                         .options = s->options,
                         .num_players = 2,
                         .seed = (uint64_t)i + 1,
                         .index = (uint32_t)i,
                         .tournament = "bench",
                         .tc = {0, 0, 1000000},
                         .margin_us = 50000};
        ms.seat[0] = s->entrants[0];
        ms.seat[1] = s->entrants[1];
        ms.seat_entrant[1] = 1;
        match_record rec;
        Arena__MatchLog *log = match_run(&ms, pool, &rec);
        if (rec.end != 0 && outcome_is_forfeit(rec.end)) {
            fprintf(stderr, "bench: match %d: %s\n", i, rec.end_detail);
            exit(1);
        }
        *plies += rec.plies;
        match_log_free(log);
    }
    return (double)(arena_now_us() - t0);
}
