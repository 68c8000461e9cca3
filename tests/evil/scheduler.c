/* scheduler.c -- item 4: puts its parent (the arena's side) on SCHED_IDLE.
 * Expected: sandbox violation: sched_setscheduler. */
#include <sched.h>
#include <unistd.h>

#include "evil_common.h"

static void attack(void)
{
    struct sched_param p = {0};
    sched_setscheduler(getppid(), SCHED_IDLE, &p);
}

EVIL_BOT("scheduler", attack())
