/* leaser.c -- item 9: takes a lease on a file it can read, which would stall
 * every other process that opens it for writing. Expected: sandbox
 * violation: fcntl. */
#include <fcntl.h>
#include <unistd.h>

#include "evil_common.h"

static void attack(void)
{
    int fd = open("/etc/hostname", O_RDONLY);
    if (fd < 0) fd = open("/etc/passwd", O_RDONLY);
    fcntl(fd, F_SETLEASE, F_RDLCK);
}

EVIL_BOT("leaser", attack())
