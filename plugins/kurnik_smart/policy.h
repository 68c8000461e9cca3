/* policy.h -- the exchange policy of kurnik_smart: a table of expected turns
 * to nine hens for one player's goods, solved once by value iteration over the
 * exact dice, fox and doubles rules of docs/rules/kurnik.md. */
#ifndef KURNIK_POLICY_H
#define KURNIK_POLICY_H

#include <stdint.h>

/* Goods beyond these count as these in the table. The policy saves up to 27
 * eggs, so the egg cap leaves room; solving with twice the cap changed no
 * value of the table. */
#define POLICY_EGGS 30
#define POLICY_CHICKS 30
#define POLICY_GOAL 9

typedef struct policy_goods {
    uint32_t eggs, chicks, hens, rooster;
} policy_goods;

/* The solved table. Built on first use (under a tenth of a second), then
 * shared, read-only, by every bot of the process. */
const struct policy *policy_get(void);

/* Expected further turns to win for a player holding g in the middle of its
 * exchange phase: the best over every sequence of exchanges and `end`. */
double policy_value(const struct policy *p, policy_goods g);

/* Expected turns to win after playing `end` now with g (0 with nine hens). */
double policy_end_value(const struct policy *p, policy_goods g);

#endif
