/* hang.c -- never answers: spins forever on its first move. */
#include "evil.h"

static int32_t hang_act(void *bot, const arena_turn *turn)
{
    (void)bot;
    volatile int forever = 1;
    while (forever) {
    }
    return turn->legal[0];
}

ARENA_BOT("hang", "1.0", "tests", "*", evil_create, hang_act, NULL, evil_destroy)
