/* starter.c -- does its thinking in create(), before the game's clock runs:
 * 3 s of CPU for every game, then instant moves. Starting a game was once
 * outside the time control (a fixed 10 s, not charged), which made create()
 * free precomputation with the seat, the seed and the rules in hand, and let
 * a bot stall a tournament by 10 s a game. Expected: a start is charged as a
 * move is (match.c): with a fixed time per move it has one move's time and
 * loses on time past it; with a clock the start comes off the clock. */
#include "evil_common.h"

static void *starter_create(const arena_bot_setup *setup, char *err, size_t errlen)
{
    evil_spin_cpu(3.0);
    return evil_create(setup, err, errlen);
}

static int32_t starter_act(void *bot, const arena_turn *turn)
{
    (void)bot;
    return turn->legal[0];
}

ARENA_BOT("starter", "1.0", "tests", "*", starter_create, starter_act, NULL, evil_destroy)
