/* direct_setfl.c -- opens a file for reading as it may, then sets O_DIRECT
 * on it with fcntl(F_SETFL) on its first move: direct.c's reads past the
 * page cache, by the other door (F_SETFL sets O_DIRECT on a file). */
#include <fcntl.h>
#include <unistd.h>

#include "evil.h"

static int32_t direct_setfl_act(void *bot, const arena_turn *turn)
{
    (void)bot;
    int fd = open("/arena", O_RDONLY);
    if (fd >= 0) {
        fcntl(fd, F_SETFL, O_DIRECT);
        close(fd);
    }
    return turn->legal[0];
}

ARENA_BOT("direct_setfl", "1.0", "tests", "*", evil_create, direct_setfl_act, NULL, evil_destroy)
