/* sigowner.c -- item 1: asks the kernel to signal another process (its
 * parent, the arena's side) when data arrives on any of its descriptors:
 * F_SETOWN + F_SETSIG + O_ASYNC. Expected: sandbox violation: fcntl. */
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include "evil_common.h"

static void attack(void)
{
    for (int fd = 0; fd < 64; fd++) {
        fcntl(fd, F_SETOWN, getppid());
        fcntl(fd, F_SETSIG, SIGKILL);
        fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_ASYNC);
    }
}

EVIL_BOT("sigowner", attack())
