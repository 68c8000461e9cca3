/* nosymbol.c -- a shared library that is not a bot: no arena_bot_entry. */
#include "arena/bot.h"

ARENA_EXPORT int not_a_bot(void)
{
    return 42;
}
