/* evil.h -- the parts every test bot shares: a trivial create and destroy.
 * Each bot file defines its own act() and declares its table with ARENA_BOT. */
#ifndef TEST_BOTS_EVIL_H
#define TEST_BOTS_EVIL_H

#include <stdlib.h>

#include "arena/bot.h"

typedef struct evil_bot {
    int seat;
    int moves;
} evil_bot;

static inline void *evil_create(const arena_bot_setup *setup, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    evil_bot *b = calloc(1, sizeof *b);
    if (b) b->seat = setup->seat;
    return b;
}

static inline void evil_destroy(void *bot)
{
    free(bot);
}

#endif
