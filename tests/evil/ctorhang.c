/* ctorhang.c -- a constructor that never returns. Expected: one line naming
 * the file and the cause within a few seconds, never a hung arena. */
#include <time.h>

#include "evil_common.h"

__attribute__((constructor)) static void hang_forever(void)
{
    for (;;) {
        struct timespec ts = {1, 0};
        nanosleep(&ts, NULL);
    }
}

EVIL_BOT("ctorhang", (void)0)
