/* asyncflag.c -- item 1 again, by the status flag alone: O_ASYNC on its
 * descriptors. Expected: sandbox violation: fcntl. */
#include <fcntl.h>

#include "evil_common.h"

static void attack(void)
{
    for (int fd = 0; fd < 64; fd++)
        fcntl(fd, F_SETFL, O_ASYNC | O_NONBLOCK);
}

EVIL_BOT("asyncflag", attack())
