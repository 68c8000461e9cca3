/* flooder.c -- item 2: writes without end on every descriptor it holds
 * (once, the arena's ZeroMQ socket: a message that never ends grew the arena
 * past 1.4 GB). Now it reaches only its host's channel, which reads one
 * packet of at most 64 KB: the bot loses, and no memory grows. */
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "evil_common.h"

static void attack(void)
{
    static char junk[4 << 20];
    memset(junk, 0xff, sizeof junk);
    for (int round = 0; round < 200; round++)
        for (int fd = 3; fd < 16; fd++) {
            send(fd, junk, sizeof junk, MSG_DONTWAIT | MSG_NOSIGNAL);
            send(fd, junk, 100000, MSG_DONTWAIT | MSG_NOSIGNAL);
            ssize_t n = write(fd, junk, 1000);
            (void)n;
        }
}

EVIL_BOT("flooder", attack())
