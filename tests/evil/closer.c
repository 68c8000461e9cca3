/* closer.c -- closes its channel on its first move and runs on (red team
 * 8): it says when it closed it (CLOCK_MONOTONIC, in microseconds) and then,
 * every 10 ms for 5 s, that it still runs. Expected: a crash, "closed its
 * channel", decided within its host's short wait for its end (HOST_END_MS),
 * not its move time, and with the bot stopped meanwhile (no "still running"
 * line, or one printed before the stop landed). */
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "evil_common.h"

static long long closer_now_us(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000000 + t.tv_nsec / 1000;
}

static void closer_attack(void)
{
    dprintf(2, "closer: closing at %lld\n", closer_now_us());
    close(3); /* JAIL_CHANNEL_FD */
    for (int i = 0; i < 500; i++) {
        struct timespec ms10 = {0, 10000000};
        nanosleep(&ms10, NULL);
        dprintf(2, "closer: still running\n");
    }
    for (volatile unsigned long spin = 0;; spin++) {
    }
}

EVIL_BOT("closer", closer_attack())
