/* busy_create.c -- computes in create() until its process has used 0.5 s of
 * CPU time (as a bot solving a table there does: kurnik_smart), then plays
 * at once. Measured on the process CPU clock, so a loaded machine only makes
 * its start slower, never different. For the setup limit, which counts the
 * time the bot had, not the time it waited for a processor. */
#include <time.h>

#include "evil.h"

#define BUSY_CREATE_CPU_S 0.5

static double cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void *busy_create(const arena_bot_setup *setup, char *err, size_t errlen)
{
    double until = cpu_seconds() + BUSY_CREATE_CPU_S;
    volatile unsigned long spin = 0;
    while (cpu_seconds() < until)
        spin++;
    return evil_create(setup, err, errlen);
}

static int32_t busy_act(void *bot, const arena_turn *turn)
{
    (void)bot;
    return turn->legal[0];
}

ARENA_BOT("busy_create", "1.0", "tests", "*", busy_create, busy_act, NULL, evil_destroy)
