/* kurnik_engine.h -- the kurnik engine library (kurnik_engine): kurnik solved
 * for one player, built once for the rule module (evaluate.c) and the bots
 * that play by it (plugins/kurnik_smart).
 *
 * values_gen.c, run at build time, solves the race to nine hens over a
 * player's goods by value iteration on the exact dice, fox and doubles rules
 * of docs/rules/kurnik.md and writes the tables below as const data: nothing
 * is solved or written at run time. Indexed by ku_values_at.
 *
 * Contract:
 *  1. ku_turns_mid[i] <= ku_turns_end[i]: ending now is one of the choices of
 *     the exchange phase; 0 exactly when exchanges reach nine hens now.
 *  2. ku_turns_end[i] >= 1: the next turn is counted.
 *  3. Second moments are at least the squared means (within float rounding).
 *  4. The opponents are left out: their doubles gifts, the race itself. */
#ifndef KURNIK_ENGINE_H
#define KURNIK_ENGINE_H

#define KU_VALUES_EGGS 31   /* eggs 0..30; more count as 30 */
#define KU_VALUES_CHICKS 31 /* chicks 0..30; more count as 30 */
#define KU_VALUES_HENS 9    /* hens 0..8 */
#define KU_VALUES (2 * KU_VALUES_HENS * KU_VALUES_CHICKS * KU_VALUES_EGGS)

/* Turns still to play after ending a turn with the goods (the next turn
 * included), and their second moment. */
extern const float ku_turns_end[KU_VALUES], ku_turns_end2[KU_VALUES];
/* The same in the exchange phase, with the best exchanges still to make
 * (0: exchanges reach nine hens now). */
extern const float ku_turns_mid[KU_VALUES], ku_turns_mid2[KU_VALUES];

/* The index of goods (hens below nine; eggs and chicks past the caps
 * count as the caps). */
static inline int ku_values_at(unsigned eggs, unsigned chicks, unsigned hens, unsigned rooster)
{
    if (eggs >= KU_VALUES_EGGS) eggs = KU_VALUES_EGGS - 1;
    if (chicks >= KU_VALUES_CHICKS) chicks = KU_VALUES_CHICKS - 1;
    if (hens >= KU_VALUES_HENS) hens = KU_VALUES_HENS - 1;
    return (int)(((rooster ? 1u : 0u) * KU_VALUES_HENS + hens) * KU_VALUES_CHICKS + chicks) *
               KU_VALUES_EGGS +
           (int)eggs;
}

#endif
