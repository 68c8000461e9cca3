/* burner.c -- spends 1.2 s of its own CPU time on its first move (measured on
 * the process CPU clock, so a loaded machine only makes it slower, never
 * different), then plays at once. For the pool's CPU-limit retirement. */
#include <time.h>

#include "evil.h"

static double cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static int32_t burner_act(void *bot, const arena_turn *turn)
{
    evil_bot *b = bot;
    if (b->moves++ == 0) {
        volatile unsigned long spin = 0;
        while (cpu_seconds() < 1.2)
            spin++;
    }
    return turn->legal[0];
}

ARENA_BOT("burner", "1.0", "tests", "*", evil_create, burner_act, NULL, evil_destroy)
