/* locker.c -- item 9: a whole-file lock on a file it can read (flock).
 * Expected: sandbox violation: flock. */
#include <fcntl.h>
#include <sys/file.h>

#include "evil_common.h"

static void attack(void)
{
    int fd = open("/etc/passwd", O_RDONLY);
    flock(fd, LOCK_SH);
}

EVIL_BOT("locker", attack())
