/* ponderer.c -- item 5: thinks on the other seat's time. Its moves are
 * instant, but every event (the opponent's move, which arrives while the
 * opponent's clock runs) makes it compute for 3 s of CPU. Expected: the
 * arena keeps the bot stopped between its own requests, so those events are
 * handled at its next turn, on its own clock: it loses on time. */
#include <time.h>

#include "evil_common.h"

static double cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static int32_t ponder_act(void *bot, const arena_turn *turn)
{
    (void)bot;
    return turn->legal[0];
}

static void ponder_observe(void *bot, const arena_event *ev)
{
    (void)bot;
    if (ev->kind != ARENA_EVENT_ACTION) return;
    double until = cpu_seconds() + 3.0;
    volatile unsigned long spin = 0;
    while (cpu_seconds() < until)
        spin++;
}

ARENA_BOT("ponderer", "1.0", "tests", "*", evil_create, ponder_act, ponder_observe, evil_destroy)
