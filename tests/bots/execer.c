/* execer.c -- tries to replace itself with /bin/true on its first move. */
#include <unistd.h>

#include "evil.h"

static int32_t execer_act(void *bot, const arena_turn *turn)
{
    (void)bot;
    execl("/bin/true", "true", (char *)NULL);
    return turn->legal[0];
}

ARENA_BOT("execer", "1.0", "tests", "*", evil_create, execer_act, NULL, evil_destroy)
