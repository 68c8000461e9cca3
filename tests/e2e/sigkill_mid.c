/* sigkill_mid.c -- test bot: plays legal moves, then on its fifth move its
 * process is killed with SIGKILL, as if the OOM killer or an operator did it. */
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

#include "arena/bot.h"

typedef struct state {
    int moves;
} state;

static void *create(const arena_bot_setup *setup, char *err, size_t errlen)
{
    (void)setup, (void)err, (void)errlen;
    return calloc(1, sizeof(state));
}

static int32_t act(void *bot, const arena_turn *turn)
{
    state *s = bot;
    if (++s->moves == 5) kill(getpid(), SIGKILL);
    return turn->legal[0];
}

static void destroy(void *bot)
{
    free(bot);
}

ARENA_BOT("sigkill_mid", "1.0", "tests", "*", create, act, NULL, destroy)
