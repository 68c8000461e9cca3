/* realtime.c -- item 4: gives itself SCHED_FIFO 99 (as root it could, and
 * starve the machine). Expected: sandbox violation: sched_setscheduler. */
#include <sched.h>

#include "evil_common.h"

static void attack(void)
{
    struct sched_param p = {99};
    sched_setscheduler(0, SCHED_FIFO, &p);
}

EVIL_BOT("realtime", attack())
