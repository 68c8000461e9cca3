/* race_reference.h -- an independent solution of kurnik's one-player race
 * for the tests: the expected turns to nine hens for one player's goods,
 * solved by value iteration over the exact dice, fox and doubles rules of
 * docs/rules/kurnik.md, written apart from the engine library's build-time
 * solver (rules/kurnik/values_gen.c) so that the two check each other.
 * (It was kurnik_smart's own solver before the bot read the engine's
 * tables.) */
#ifndef KURNIK_RACE_REFERENCE_H
#define KURNIK_RACE_REFERENCE_H

#include <stdint.h>

/* Goods beyond these count as these in the table. */
#define RACE_REF_EGGS 30
#define RACE_REF_CHICKS 30
#define RACE_REF_GOAL 9

typedef struct race_ref_goods {
    uint32_t eggs, chicks, hens, rooster;
} race_ref_goods;

/* The solved table. Built on first use (under a tenth of a second), then
 * shared, read-only. */
const struct race_ref *race_ref_get(void);

/* Expected further turns to win for a player holding g in the middle of its
 * exchange phase: the best over every sequence of exchanges and `end`. */
double race_ref_value(const struct race_ref *p, race_ref_goods g);

/* Expected turns to win after playing `end` now with g (0 with nine hens). */
double race_ref_end_value(const struct race_ref *p, race_ref_goods g);

#endif
