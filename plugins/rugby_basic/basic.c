/* basic.c -- rugby_basic: the reference Graj w RUGBY player. It lays out its
 * marks at random, each on a uniformly drawn field of those it may take (as
 * setup=random does, so the module's sample_state is its exact posterior), and guesses
 * uniformly among the fields of the opponent's board it has not guessed yet.
 * The legal actions are exactly those choices, so it needs no more than them;
 * all its randomness comes from the seed the arena hands it. */
#include <stdio.h>
#include <stdlib.h>

#include "arena/bot.h"
#include "arena/sdk.h"

typedef struct basic_bot {
    arena_rng rng;
} basic_bot;

static void *basic_create(const arena_bot_setup *setup, char *err, size_t errlen)
{
    basic_bot *bot = malloc(sizeof *bot);
    if (!bot) {
        if (errlen) snprintf(err, errlen, "rugby_basic: out of memory");
        return NULL;
    }
    arena_rng_seed(&bot->rng, setup->seed);
    return bot;
}

static int32_t basic_act(void *b, const arena_turn *turn)
{
    basic_bot *bot = b;
    return arena_rng_pick(&bot->rng, turn->legal, turn->num_legal);
}

static void basic_destroy(void *b)
{
    free(b);
}

ARENA_BOT("rugby_basic", "1.0", "arena", "rugby", basic_create, basic_act, NULL, basic_destroy)
