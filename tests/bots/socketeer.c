/* socketeer.c -- opens a network socket on its first move. */
#include <sys/socket.h>
#include <unistd.h>

#include "evil.h"

static int32_t socketeer_act(void *bot, const arena_turn *turn)
{
    (void)bot;
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd >= 0) close(fd);
    return turn->legal[0];
}

ARENA_BOT("socketeer", "1.0", "tests", "*", evil_create, socketeer_act, NULL, evil_destroy)
