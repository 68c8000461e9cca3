/* badabi.c -- a table that claims a bot ABI version from the future. */
#include "evil.h"

static int32_t badabi_act(void *bot, const arena_turn *turn)
{
    (void)bot;
    return turn->legal[0];
}

ARENA_EXPORT const arena_bot *arena_bot_entry(void)
{
    static const arena_bot table = {
        999,         sizeof(arena_bot), "badabi", "1.0",        "tests", "*",
        evil_create, badabi_act,        NULL,     evil_destroy, 0u,      NULL};
    return &table;
}
