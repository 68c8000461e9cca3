/* play.h -- the per-move workload of the seat benchmarks: random against
 * random at classic morris, `matches` games through a pool of seats, with
 * the referee of a tournament (match_run: legality, clocks, logs), so the
 * time per move is what a tournament pays for each move of a bot. */
#ifndef BENCH_PLAY_H
#define BENCH_PLAY_H

#include "pool.h"
#include "session.h"

/* Seeds 1..matches, match i on seeds i + 1; a forfeit stops the program
 * with the match's detail (a benchmark of broken seats measures nothing).
 * The plies played into *plies; the wall time in microseconds returned. */
double bench_play(session *s, seat_pool *pool, int matches, long *plies);

#endif
