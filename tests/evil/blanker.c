/* blanker.c -- the output cap, counted in what it costs: writes 32,768 lines
 * of nothing (a NUL each) on its first move, then plays on. The cap once
 * counted a line's cleaned text and its newline, one byte here, while the
 * arena printed the bot's label before each: 16 KB a game became a megabyte.
 * Expected: at most the cap reaches the arena's output, label and all. */
#include <unistd.h>

#include "evil_common.h"

static void attack(void)
{
    static char block[1 << 16];
    for (size_t i = 0; i < sizeof block; i += 2)
        block[i] = '\0', block[i + 1] = '\n';
    if (write(2, block, sizeof block) < 0) return;
}

EVIL_BOT("blanker", attack())
