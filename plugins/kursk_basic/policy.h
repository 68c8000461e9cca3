/* policy.h -- the kursk_basic policy: one decision from what a seat knows.
 *
 * The view holds what a seat's observation tells (its own hand, everybody's
 * field, hand size and Jokers, the special cards shown, the combat's public
 * part). kursk_basic fills it from the observation bytes; kursk_search fills
 * it from a sampled state for every seat of its playouts, so that both play
 * the same simple game:
 *   - claim when it can; keep the Jokers for that;
 *   - play the largest card that does not overshoot field 24 (an exact
 *     landing on 24 first), draw when the hand is low or nothing fits;
 *   - fight with a card worth 4 or more, else blind from the deck;
 *   - use the special card that gains most against the opponents. */
#ifndef KURSK_POLICY_H
#define KURSK_POLICY_H

#include <stdint.h>

#include "arena/sdk.h"
#include "kursk.h"

typedef struct kb_view {
    int players, me, phase, to_move;
    int field[KS_MAX_SEATS], hand_size[KS_MAX_SEATS], jokers[KS_MAX_SEATS];
    int hand[KS_RANKS]; /* mine */
    int shown[2], nshown;
    int landed;
} kb_view;

/* The view of `seat` in a full state (all its own cards are known to it). */
void kb_view_of_state(const arena_state *s, int seat, kb_view *v);

/* One of legal[n] (n >= 1). With rng non-NULL, a small share of random
 * choices (for playouts); NULL plays the plain policy. */
int32_t kb_choose(const kb_view *v, const int32_t *legal, int n, arena_rng *rng);

/* How good the use:C@T action is for v->me, in fields (a card about 1.5). */
double kb_use_score(const kb_view *v, int kind, int target);

#endif
