/* quitter.c -- calls exit(1) on its first move. */
#include "evil.h"

static int32_t quitter_act(void *bot, const arena_turn *turn)
{
    (void)bot;
    (void)turn;
    exit(1);
}

ARENA_BOT("quitter", "1.0", "tests", "*", evil_create, quitter_act, NULL, evil_destroy)
