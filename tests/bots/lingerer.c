/* lingerer.c -- plays first_legal's moves, but its destroy() never returns:
 * a bot that frees a giant tree, or hangs, once a game has ended. Its jail is
 * stopped between requests, so the end of a game runs when the next game
 * starts, on that Setup's limit. */
#include "evil.h"

static int32_t lingerer_act(void *bot, const arena_turn *turn)
{
    (void)bot;
    return turn->legal[0];
}

static void lingerer_destroy(void *bot)
{
    free(bot);
    volatile int forever = 1;
    while (forever) {
    }
}

ARENA_BOT("lingerer", "1.0", "tests", "*", evil_create, lingerer_act, NULL, lingerer_destroy)
