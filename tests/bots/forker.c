/* forker.c -- tries to fork on its first move. */
#include <sys/wait.h>
#include <unistd.h>

#include "evil.h"

static int32_t forker_act(void *bot, const arena_turn *turn)
{
    (void)bot;
    pid_t pid = fork();
    if (pid == 0) _exit(0);
    if (pid > 0) waitpid(pid, NULL, 0);
    return turn->legal[0];
}

ARENA_BOT("forker", "1.0", "tests", "*", evil_create, forker_act, NULL, evil_destroy)
