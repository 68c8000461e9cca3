/* idler.c -- gives itself SCHED_IDLE. Time spent waiting for a processor is
 * not charged to a bot, and an idle-class process on a busy machine waits
 * nearly all the time: moves of 100 ms took 2-19 s (a red-team bot), the
 * opponent and the tournament waiting. Expected: sandbox violation:
 * sched_setscheduler. */
#include <sched.h>

#include "evil_common.h"

static void attack(void)
{
    struct sched_param p = {0};
    sched_setscheduler(0, SCHED_IDLE, &p);
}

EVIL_BOT("idler", attack())
