/* clock_test.c -- arena_now_us is CLOCK_MONOTONIC in microseconds, however it
 * reads it (sdk/src/clock.c interpolates the time-stamp counter between ties
 * to the clock where the counter is invariant). No timing threshold: every
 * reading is bracketed by two clock_gettime readings taken around it, so a
 * preemption widens the bracket instead of failing the test. */
#include <check.h>
#include <pthread.h>
#include <stdint.h>
#include <time.h>

#include "arena/sdk.h"
#include "support.h"

/* What the interpolation may be off: the rate is measured over at least
 * 20 ms with ties good to a few microseconds, and used over at most 100 ms. */
#define SLACK_US 200

static int64_t mono_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/* Reads for `span_us` of the clock (past calibration and several re-ties);
 * every reading within its bracket, none smaller than the one before. */
static void *follow_clock(void *arg)
{
    int64_t span_us = *(const int64_t *)arg, start = mono_us(), prev = INT64_MIN;
    long n = 0;
    for (;;) {
        int64_t before = mono_us(), now = arena_now_us(), after = mono_us();
        ck_assert_msg(now >= before - SLACK_US && now <= after + SLACK_US,
                      "reading %lld outside [%lld, %lld] after %ld readings", (long long)now,
                      (long long)before, (long long)after, n);
        ck_assert_int_ge(now, prev);
        prev = now;
        n++;
        if (after - start > span_us) break;
    }
    ck_assert_int_gt(n, 1000);
    return NULL;
}

START_TEST(follows_monotonic)
{
    int64_t span = 350000;
    follow_clock(&span);
}
END_TEST

/* Each thread ties the counter on its own; two at once agree with the clock. */
START_TEST(threads_follow_monotonic)
{
    int64_t span = 250000;
    pthread_t th[2];
    for (int i = 0; i < 2; i++)
        ck_assert_int_eq(pthread_create(&th[i], NULL, follow_clock, &span), 0);
    for (int i = 0; i < 2; i++)
        ck_assert_int_eq(pthread_join(th[i], NULL), 0);
}
END_TEST

/* Long gaps between readings (a bot waiting for its turn) cost a fresh tie,
 * never a reading extrapolated far from the last one. */
START_TEST(after_sleeps)
{
    for (int i = 0; i < 6; i++) {
        struct timespec nap = {0, 60 * 1000000L};
        nanosleep(&nap, NULL);
        int64_t before = mono_us(), now = arena_now_us(), after = mono_us();
        ck_assert_int_ge(now, before - SLACK_US);
        ck_assert_int_le(now, after + SLACK_US);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("sdk_clock");
    TCase *tc = tcase_create("clock");
    tcase_add_test(tc, follows_monotonic);
    tcase_add_test(tc, threads_follow_monotonic);
    tcase_add_test(tc, after_sleeps);
    suite_add_tcase(s, tc);
    return support_main(s);
}
