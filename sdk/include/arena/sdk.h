/* sdk.h -- small helpers for bot and rule-module authors: a seeded random
 * generator and a monotonic clock. Include "arena/bot.h" for the bot ABI,
 * "arena/legal_check.h" for a search bot's check of its own rules against the
 * referee's, "arena/module_kit.h" for writing a rule module. */
#ifndef ARENA_SDK_H
#define ARENA_SDK_H

#include <stdint.h>

#include "arena/bot.h"
#include "arena/rules.h"

#ifdef __cplusplus
extern "C" {
#endif

/* xoshiro256** seeded through splitmix64: fast, and the same sequence for the
 * same seed on every machine. */
typedef struct arena_rng {
    uint64_t s[4];
} arena_rng;

void arena_rng_seed(arena_rng *rng, uint64_t seed);
uint64_t arena_rng_next(arena_rng *rng);
/* Uniform in [0, n); n > 0. */
uint32_t arena_rng_below(arena_rng *rng, uint32_t n);
/* Uniform in [0, 1). */
double arena_rng_double(arena_rng *rng);
/* Mixes a seed with a stream number: independent seeds for matches and seats. */
uint64_t arena_seed_derive(uint64_t seed, uint64_t stream);

/* CLOCK_MONOTONIC in microseconds, the clock the arena times moves with.
 * Cheap enough to read every search iteration: where the processor has an
 * invariant time-stamp counter it interpolates that between readings of the
 * clock (sdk/src/clock.c), within a fraction of a microsecond of it. */
int64_t arena_now_us(void);

/* The clock the seat of `turn` is charged on (bot.h, arena_turn.clock), in
 * microseconds: arena_now_us for ARENA_CLOCK_WALL (and for a turn too short
 * to say), the process's CPU time for ARENA_CLOCK_OWN. Only differences
 * within one move mean anything: time a move's thinking with it, from the
 * start of act() (`start = arena_turn_clock_us(t)`, then stop when
 * `arena_turn_clock_us(t) - start` reaches the budget). Reading the CPU
 * clock is a system call, a few hundred nanoseconds. */
int64_t arena_turn_clock_us(const arena_turn *turn);

/* One of the n actions, uniformly; n > 0. The usual last resort of a bot:
 * `return arena_rng_pick(&rng, turn->legal, turn->num_legal);` */
int32_t arena_rng_pick(arena_rng *rng, const int32_t *actions, int n);

#ifdef __cplusplus
}
#endif
#endif
