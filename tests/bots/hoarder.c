/* hoarder.c -- holds another 64 MB, touched, at every move and answers
 * legal[0]: within any --mem of a few hundred MB, but several hoarders
 * together hold more than one big process (the memory guard, memguard.h). */
#include <string.h>

#include "evil.h"

#define HOARD_BYTES (64 << 20)

static int32_t hoarder_act(void *bot, const arena_turn *turn)
{
    (void)bot;
    char *p = malloc(HOARD_BYTES);
    if (p) memset(p, 0x5a, HOARD_BYTES);
    __asm__ volatile("" : : "r"(p) : "memory"); /* kept: never freed */
    return turn->legal[0];
}

ARENA_BOT("hoarder", "1.0", "tests", "*", evil_create, hoarder_act, NULL, evil_destroy)
