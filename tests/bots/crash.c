/* crash.c -- writes through a wild pointer on its first move (SIGSEGV). The
 * address is not NULL so that UBSan's null check does not turn the crash into
 * an ordinary exit in sanitizer builds. */
#include "evil.h"

static int32_t crash_act(void *bot, const arena_turn *turn)
{
    (void)bot;
    /* The address goes through a volatile so the compiler cannot see (and warn
     * about) the constant. */
    volatile uintptr_t wild = 16;
    *(volatile int *)wild = turn->legal[0];
    return turn->legal[0];
}

ARENA_BOT("crash", "1.0", "tests", "*", evil_create, crash_act, NULL, evil_destroy)
