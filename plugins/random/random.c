/* random.c -- the generic random bot: any game, uniform over the legal actions.
 *
 * It is the baseline every other bot is measured against, so it must be exactly
 * reproducible: all its randomness comes from the seed the arena hands it, and
 * the same seed with the same game gives the same moves. */
#include <stdio.h>
#include <stdlib.h>

#include "arena/bot.h"
#include "arena/sdk.h"

typedef struct random_bot {
    arena_rng rng;
} random_bot;

static void *random_create(const arena_bot_setup *setup, char *err, size_t errlen)
{
    random_bot *bot = malloc(sizeof *bot);
    if (!bot) {
        if (errlen) snprintf(err, errlen, "random: out of memory");
        return NULL;
    }
    arena_rng_seed(&bot->rng, setup->seed);
    return bot;
}

static int32_t random_act(void *b, const arena_turn *turn)
{
    random_bot *bot = b;
    return arena_rng_pick(&bot->rng, turn->legal, turn->num_legal);
}

static void random_destroy(void *b)
{
    free(b);
}

ARENA_BOT_FLAGS("random", "1.0", "arena", "*", random_create, random_act, NULL, random_destroy,
                ARENA_BOT_STATE_ONLY)
