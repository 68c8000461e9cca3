/* slow.c -- sleeps twice its move budget on its first move, then plays at once. */
#include <time.h>

#include "evil.h"

static int32_t slow_act(void *bot, const arena_turn *turn)
{
    evil_bot *b = bot;
    if (b->moves++ == 0) {
        int64_t us = 2 * turn->move_budget_us;
        struct timespec ts = {us / 1000000, (us % 1000000) * 1000};
        while (nanosleep(&ts, &ts) != 0) {
        }
    }
    return turn->legal[0];
}

ARENA_BOT("slow", "1.0", "tests", "*", evil_create, slow_act, NULL, evil_destroy)
