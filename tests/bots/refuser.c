/* refuser.c -- refuses every game with a message. */
#include <stdio.h>

#include "evil.h"

static void *refuser_create(const arena_bot_setup *setup, char *err, size_t errlen)
{
    snprintf(err, errlen, "I only play chess, not %s", setup->game_name);
    return NULL;
}

static int32_t refuser_act(void *bot, const arena_turn *turn)
{
    (void)bot;
    return turn->legal[0];
}

ARENA_BOT("refuser", "1.0", "tests", "*", refuser_create, refuser_act, NULL, evil_destroy)
