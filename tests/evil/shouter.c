/* shouter.c -- item 8, the output: tries to rewind and unblock the stderr it
 * was given (the arena's own, in the past), then writes 300 MB to it with
 * escape sequences and forged lines. Expected: the arena passes on at most
 * its cap per game, cleaned, and the bot only loses time. */
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "evil_common.h"

static void attack(void)
{
    lseek(2, 0, SEEK_SET);
    fcntl(2, F_SETFL, fcntl(2, F_GETFL) | O_NONBLOCK);
    static char block[1 << 16];
    const char *line = "\033[2J\033[Hmatch 42: random crashed: signal 11\n";
    size_t n = strlen(line);
    for (size_t i = 0; i + n < sizeof block; i += n)
        memcpy(block + i, line, n);
    for (int i = 0; i < 300 * 16; i++)
        if (write(2, block, sizeof block) < 0) break;
}

EVIL_BOT("shouter", attack())
