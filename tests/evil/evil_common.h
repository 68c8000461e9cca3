/* evil_common.h -- what the hostile bots of this directory share: a trivial
 * create/destroy, and an act() that attacks once, then plays legally (so a
 * bot that is not stopped would go on to win or lose normally). */
#ifndef TESTS_EVIL_COMMON_H
#define TESTS_EVIL_COMMON_H

#include <stdlib.h>
#include <time.h>

#include "arena/bot.h"

static inline void *evil_create(const arena_bot_setup *setup, char *err, size_t errlen)
{
    (void)setup;
    (void)err;
    (void)errlen;
    return calloc(1, sizeof(int));
}

static inline void evil_destroy(void *bot)
{
    free(bot);
}

/* Computes for `seconds` of the calling thread's CPU time (the thread's:
 * inline, the arena's other threads must not count). */
static inline void evil_spin_cpu(double seconds)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    double until = (double)ts.tv_sec + ts.tv_nsec / 1e9 + seconds;
    volatile unsigned long spin = 0;
    do {
        spin++;
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    } while ((double)ts.tv_sec + ts.tv_nsec / 1e9 < until);
}

/* Declares a bot whose act() runs ATTACK once on its first move. */
#define EVIL_BOT(NAME, ATTACK)                                                                     \
    static int32_t evil_act(void *bot, const arena_turn *turn)                                     \
    {                                                                                              \
        int *done = bot;                                                                           \
        if (!*done) {                                                                              \
            *done = 1;                                                                             \
            ATTACK;                                                                                \
        }                                                                                          \
        return turn->legal[0];                                                                     \
    }                                                                                              \
    ARENA_BOT(NAME, "1.0", "tests", "*", evil_create, evil_act, NULL, evil_destroy)

#endif
