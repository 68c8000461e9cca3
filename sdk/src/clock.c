/* clock.c -- the monotonic clock used for every time measurement. */
#include <time.h>

#include "arena/sdk.h"

int64_t arena_now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}
