/* yielder.c -- yields the processor between bits of work. A yield makes the
 * bot wait behind every other runnable task, and waits for a processor are
 * not charged (so that load costs no bot a move): on a loaded machine a red
 * team bot stretched its 100 ms moves to 2 s of the tournament's time, and
 * MADV_WILLNEED had the disk read its files while it was stopped. Expected:
 * both are no-ops that return 0 (sandbox.c). The test pins the arena and a
 * busy process to one processor, where a real yield hands it over every
 * time: the bot counts how often its yields switched (ru_nivcsw) and
 * answers an illegal action if they did, or if either call failed. */
#include <sched.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/resource.h>

#include "evil_common.h"

static long switches(void)
{
    struct rusage ru;
    return getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_nivcsw : -1;
}

static int32_t yielder_act(void *bot, const arena_turn *turn)
{
    int *done = bot, failed = 0;
    if (!*done) {
        *done = 1;
        long before = switches();
        for (int i = 0; i < 200; i++)
            failed |= sched_yield() != 0;
        long yielded = switches() - before;
        void *page = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        failed |= page == MAP_FAILED || madvise(page, 4096, MADV_WILLNEED) != 0;
        fprintf(stderr, "yielder: %ld switches in 200 yields%s\n", yielded,
                failed ? ", a call failed" : "");
        if (failed || yielded >= 20) return -12345;
    }
    return turn->legal[0];
}

ARENA_BOT("yielder", "1.0", "tests", "*", evil_create, yielder_act, NULL, evil_destroy)
