/* membomb.c -- allocates and touches 1 MB blocks until malloc fails, then
 * aborts as a careless bot would. Never frees. */
#include <string.h>

#include "evil.h"

static int32_t membomb_act(void *bot, const arena_turn *turn)
{
    (void)bot;
    for (;;) {
        char *p = malloc(1 << 20);
        if (!p) abort();
        memset(p, 0xab, 1 << 20);
        __asm__ volatile("" : : "r"(p) : "memory"); /* keep the block alive */
    }
    return turn->legal[0];
}

ARENA_BOT("membomb", "1.0", "tests", "*", evil_create, membomb_act, NULL, evil_destroy)
