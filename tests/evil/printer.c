/* printer.c -- item 8, the honest way: a bot that prints a megabyte of
 * debugging output on its first move, with ordinary blocking writes. Past
 * its cap a game the arena stops reading (botout.h), so the bot blocks on the
 * full pipe. Expected: it loses on time, and the verdict says that it was
 * blocked printing, not that it hung. */
#include <unistd.h>

#include "evil_common.h"

static void attack(void)
{
    static const char line[] = "debug: thinking about the position ...\n";
    for (int i = 0; i < (1 << 20) / (int)(sizeof line - 1); i++)
        if (write(1, line, sizeof line - 1) < 0) break;
}

EVIL_BOT("printer", attack())
