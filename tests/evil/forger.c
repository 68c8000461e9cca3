/* forger.c -- item 8, the identity: a name, version and author full of
 * terminal escape sequences and a forged progress line. Expected: every table,
 * line and record shows them cleaned ("?" for each control byte). */
#include "evil_common.h"

static int32_t forger_act(void *bot, const arena_turn *turn)
{
    (void)bot;
    return turn->legal[0];
}

ARENA_BOT("forger\033[31m\nmatch 42: random crashed", "1.0\033]0;x\007", "me\r\nyou", "*",
          evil_create, forger_act, NULL, evil_destroy)
