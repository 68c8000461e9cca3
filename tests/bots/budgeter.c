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
    int64_t start = arena_turn_clock_us(turn), spend = turn->move_budget_us / 2;
    volatile unsigned long spin = 0;
    while (arena_turn_clock_us(turn) - start < spend)
        spin++;
    int own = ARENA_TURN_HAS(turn, clock) && turn->clock == ARENA_CLOCK_OWN;
    return own ? turn->legal[0] : turn->legal[turn->num_legal - 1];
}

ARENA_BOT("budgeter", "1.0", "tests", "*", evil_create, budgeter_act, NULL, evil_destroy)
