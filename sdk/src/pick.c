/* pick.c -- choosing among actions with the SDK generator. */
#include "arena/sdk.h"

int32_t arena_rng_pick(arena_rng *rng, const int32_t *actions, int n)
{
    return actions[arena_rng_below(rng, (uint32_t)n)];
}
