/* evil.h -- the parts every test bot shares: a trivial create and destroy.
 * Each bot file defines its own act() and declares its table with ARENA_BOT. */
#ifndef TEST_BOTS_EVIL_H
#define TEST_BOTS_EVIL_H

#include <stdlib.h>

#include "arena/bot.h"
#include "arena/sdk.h"

typedef struct evil_bot {
    int seat;
    int moves;
} evil_bot;

static inline void *evil_create(const arena_bot_setup *setup, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    evil_bot *b = calloc(1, sizeof *b);
    if (b) b->seat = setup->seat;
    return b;
}

/* The budgeter's move (budgeter.c): spins until half of the move's budget
 * has passed on the clock its seat is charged on, then answers legal[0]
 * where turn->clock says ARENA_CLOCK_OWN, the last legal action otherwise. */
static inline int32_t evil_spend_half(const arena_turn *turn)
{
    int64_t start = arena_turn_clock_us(turn), spend = turn->move_budget_us / 2;
    volatile unsigned long spin = 0;
    while (arena_turn_clock_us(turn) - start < spend)
        spin++;
    int own = ARENA_TURN_HAS(turn, clock) && turn->clock == ARENA_CLOCK_OWN;
    return own ? turn->legal[0] : turn->legal[turn->num_legal - 1];
}

static inline void evil_destroy(void *bot)
{
    free(bot);
}

#endif
