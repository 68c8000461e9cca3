/* budgeter.c -- a bot that budgets as a search bot does: it thinks (spins)
 * until half of the move's budget has passed on the clock its seat is
 * charged on (arena_turn_clock_us: its CPU time where turn->clock says OWN),
 * then answers. Its answer says which clock the seat named: legal[0] for
 * ARENA_CLOCK_OWN, the last legal action otherwise. For the worker suite:
 * starved of processors, it still answers within its budget as charged. */
#include "arena/sdk.h"
#include "evil.h"

static int32_t budgeter_act(void *bot, const arena_turn *turn)
{
    (void)bot;
    return evil_spend_half(turn);
}

ARENA_BOT("budgeter", "1.0", "tests", "*", evil_create, budgeter_act, NULL, evil_destroy)
