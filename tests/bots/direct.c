/* direct.c -- opens a file for reading with O_DIRECT on its first move:
 * past the page cache, where a bot's held data (datadir.h) is, to the disk. */
#include <fcntl.h>
#include <unistd.h>

#include "evil.h"

static int32_t direct_act(void *bot, const arena_turn *turn)
{
    (void)bot;
    int fd = open("/arena", O_RDONLY | O_DIRECT);
    if (fd >= 0) close(fd);
    return turn->legal[0];
}

ARENA_BOT("direct", "1.0", "tests", "*", evil_create, direct_act, NULL, evil_destroy)
