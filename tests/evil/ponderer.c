/* ponderer.c -- item 5: thinks on the other seat's time. Its moves are
 * instant, but every event (the opponent's move, which arrives while the
 * opponent's clock runs) makes it compute for 3 s of CPU. Expected: the
 * arena keeps the bot stopped between its own requests, so those events are
 * handled at its next turn, on its own clock: it loses on time. */
#include "evil_common.h"

static int32_t ponder_act(void *bot, const arena_turn *turn)
{
    (void)bot;
    return turn->legal[0];
}

static void ponder_observe(void *bot, const arena_event *ev)
{
    (void)bot;
    if (ev->kind != ARENA_EVENT_ACTION) return;
    evil_spin_cpu(3.0);
}

ARENA_BOT("ponderer", "1.0", "tests", "*", evil_create, ponder_act, ponder_observe, evil_destroy)
