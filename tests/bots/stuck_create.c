/* stuck_create.c -- never finishes create(): sleeps in it forever (nanosleep
 * is allowed by the sandbox), as a bot loading a huge table might. */
#include <time.h>

#include "evil.h"

static void *stuck_create(const arena_bot_setup *setup, char *err, size_t errlen)
{
    (void)setup;
    (void)err;
    (void)errlen;
    for (;;) {
        struct timespec ts = {1, 0};
        nanosleep(&ts, NULL);
    }
    return NULL;
}

static int32_t stuck_act(void *bot, const arena_turn *turn)
{
    (void)bot;
    return turn->legal[0];
}

ARENA_BOT("stuck_create", "1.0", "tests", "*", stuck_create, stuck_act, NULL, evil_destroy)
