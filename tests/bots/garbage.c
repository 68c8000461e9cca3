/* garbage.c -- answers an action that is not among the legal ones. */
#include "evil.h"

static int32_t garbage_act(void *bot, const arena_turn *turn)
{
    (void)bot;
    return turn->legal[turn->num_legal - 1] + 1000;
}

ARENA_BOT("garbage", "1.0", "tests", "*", evil_create, garbage_act, NULL, evil_destroy)
