/* meek_budgeter.c -- the budgeter (budgeter.c) at the lowest priority: it
 * sets nice 19 on itself when a game starts (only an unsandboxed bot may).
 * Beside a busy loop of normal priority on its processor it gets a short
 * slice now and then and waits for a processor in between, in waits as long
 * as a short budget: what its host must not charge it for while such a wait
 * is still going on (the worker suite). */
#include <stdio.h>
#include <sys/resource.h>

#include "arena/sdk.h"
#include "evil.h"

static void *meek_create(const arena_bot_setup *setup, char *err, size_t errlen)
{
    if (setpriority(PRIO_PROCESS, 0, 19) != 0) {
        snprintf(err, errlen, "setpriority: cannot lower its own priority");
        return NULL;
    }
    return evil_create(setup, err, errlen);
}

static int32_t meek_act(void *bot, const arena_turn *turn)
{
    (void)bot;
    return evil_spend_half(turn);
}

ARENA_BOT("meek_budgeter", "1.0", "tests", "*", meek_create, meek_act, NULL, evil_destroy)
