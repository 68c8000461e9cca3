/* owntime_stop_test.c -- the seat host's stop watch (owntime_stop.h) driven
 * by scripted readings of a bot: exact charges, no scheduling, no clock.
 *
 * Each case scripts what the host would read of the bot at each moment after
 * the stop (its state, CPU clock, waits for a processor) and plays the
 * host's side: the stop decided at T0 and sent GAP later, a look each
 * millisecond until it lands or the next request comes, then the charge. */
#include <check.h>
#include <stdint.h>

#include "owntime_stop.h"
#include "support.h"

#define T0 1000000000 /* the stop, on the probe's clock: nothing starts at 0 */
#define GAP 40        /* from the host's decision to its kill() */
#define LOOK 1000     /* between looks (worker_main.c HOST_LOOK_MS) */
#define CPU0 500000   /* the bot's CPU clock at the kill */
#define WAIT0 7000    /* its waits for a processor as it answered */
#define MS 1000

typedef struct fake_bot fake_bot;

/* Sets the readings at t microseconds after the stop. */
typedef void (*fake_script)(fake_bot *b, int64_t t);

struct fake_bot {
    fake_script script;
    int64_t now, cpu, waits;
    int stopped, runnable;
    int cpu_reads, runnable_reads, wait_reads; /* what the watch asked (invariant 5) */
};

static int64_t fake_now(void *ctx)
{
    return ((fake_bot *)ctx)->now;
}

static int64_t fake_cpu(void *ctx)
{
    fake_bot *b = ctx;
    b->cpu_reads++;
    return b->cpu;
}

static int fake_stopped(void *ctx)
{
    return ((fake_bot *)ctx)->stopped;
}

static int fake_runnable(void *ctx)
{
    fake_bot *b = ctx;
    b->runnable_reads++;
    return b->runnable;
}

static int64_t fake_wait(void *ctx)
{
    fake_bot *b = ctx;
    b->wait_reads++;
    return b->waits;
}

static owntime_probe fake_probe(fake_bot *b)
{
    owntime_probe p = {b, fake_now, fake_cpu, fake_stopped, fake_runnable, fake_wait};
    return p;
}

static void fake_at(fake_bot *b, int64_t t)
{
    b->now = T0 + t;
    b->script(b, t);
}

/* The host's side of one stop, the next request req_us after it: the
 * charge. The watch is left in *w for a second look. */
static int64_t host_side(fake_bot *b, owntime_stop *w, int64_t req_us)
{
    owntime_probe p = fake_probe(b);
    owntime_stop_init(w);
    fake_at(b, GAP);
    owntime_stop_sent(w, &p, T0, T0 + GAP, WAIT0);
    for (int64_t t = LOOK; t < req_us; t += LOOK) {
        fake_at(b, t);
        if (owntime_stop_look(w, &p)) break;
    }
    fake_at(b, req_us);
    return owntime_stop_charge(w, &p);
}

static int64_t run(fake_script script, int64_t req_us, fake_bot *b)
{
    owntime_stop w;
    *b = (fake_bot){.script = script};
    return host_side(b, &w, req_us);
}

/* An honest bot: back in its read when the stop comes, stopped at once. */
static void honest(fake_bot *b, int64_t t)
{
    b->stopped = t > GAP;
    b->runnable = 0;
    b->cpu = CPU0 + (t > GAP ? 3 : 0); /* taking the signal */
    b->waits = WAIT0;
}

START_TEST(an_honest_stop_costs_only_the_kill)
{
    fake_bot b;
    ck_assert_int_eq(run(honest, 5 * MS, &b), GAP);
    ck_assert_int_eq(b.wait_reads, 0);     /* nothing to take off */
    ck_assert_int_eq(b.runnable_reads, 0); /* stopped at the first look */
    ck_assert_int_eq(b.cpu_reads, 1);      /* at the kill only */
}
END_TEST

/* Computes on for 300 ms past its answer (90% of a processor, waiting the
 * rest), then takes the stop. */
static void computes_300ms(fake_bot *b, int64_t t)
{
    int64_t until = t < 300 * MS ? t : 300 * MS;
    b->stopped = t > 300 * MS;
    b->runnable = !b->stopped;
    b->cpu = CPU0 + until * 9 / 10;
    b->waits = WAIT0 + until / 10;
}

START_TEST(work_past_the_stop_is_charged_less_its_waits)
{
    fake_bot b;
    ck_assert_int_eq(run(computes_300ms, 500 * MS, &b), 300 * MS - 30 * MS);
    ck_assert_int_eq(b.wait_reads, 1);     /* once, at the charge */
    ck_assert_int_eq(b.runnable_reads, 0); /* its clock moved at every look */
}
END_TEST

/* Blocked in a call that holds the stop off (state D: a cold read) for
 * 200 ms, no CPU time at all, then stopped as the call returns. */
static void blocked_200ms(fake_bot *b, int64_t t)
{
    b->stopped = t > 200 * MS;
    b->runnable = 0;
    b->cpu = CPU0;
    b->waits = WAIT0;
}

START_TEST(a_blocked_bot_is_charged_its_block)
{
    fake_bot b;
    ck_assert_int_eq(run(blocked_200ms, 500 * MS, &b), 200 * MS);
    ck_assert_int_eq(b.runnable_reads, 200); /* each look before the landing */
}
END_TEST

/* Honest on a busy processor: the stop wakes it in its read, it waits 40 ms
 * for a processor (runnable, its CPU clock still), then takes the stop. The
 * kernel adds a wait to schedstat as it ends: the 40 ms appear at the
 * landing, with the few microseconds it ran to take the signal. */
static void busy_processor_40ms(fake_bot *b, int64_t t)
{
    int waited = t > 40 * MS;
    b->stopped = waited;
    b->runnable = !waited;
    b->cpu = CPU0 + (waited ? 3 : 0);
    b->waits = WAIT0 + (waited ? 40 * MS : 0);
}

/* The bug this unit was cut out for: a rule that charges from the stop to
 * the next request less the waits ends at 100 - 40 = 60 ms here; and with
 * the next request at 30 ms, the wait still going on (not in schedstat
 * yet), at 30 ms even for a rule that ends the charge at the last look
 * that found the bot not stopped. */
START_TEST(a_wait_for_a_processor_is_not_charged)
{
    fake_bot b;
    ck_assert_int_eq(run(busy_processor_40ms, 100 * MS, &b), GAP);
    ck_assert_int_eq(b.runnable_reads, 40);
    ck_assert_int_eq(b.wait_reads, 0);
    ck_assert_int_eq(run(busy_processor_40ms, 30 * MS, &b), GAP);
}
END_TEST

/* Computes for 50 ms, then waits for a processor (the stop not landed) until
 * the next request comes at 60 ms. */
static void computes_then_waits(fake_bot *b, int64_t t)
{
    int64_t until = t < 50 * MS ? t : 50 * MS;
    b->stopped = 0;
    b->runnable = 1;
    b->cpu = CPU0 + until * 9 / 10;
    b->waits = WAIT0 + until / 10;
}

START_TEST(a_stop_on_its_way_is_charged_to_its_last_work)
{
    fake_bot b = {.script = computes_then_waits};
    owntime_stop w;
    ck_assert_int_eq(host_side(&b, &w, 60 * MS), 50 * MS - 5 * MS);
    ck_assert(!owntime_stop_pending(&w)); /* the continuing cancels it */
    owntime_probe p = fake_probe(&b);
    ck_assert_int_eq(owntime_stop_charge(&w, &p), 0); /* given once */
    /* still computing at the request: the charge's own look is the mark */
    ck_assert_int_eq(host_side(&b, &w, 30 * MS), 30 * MS - 3 * MS);
}
END_TEST

/* No CPU clock: no sign that it waits, so every look that finds it not
 * stopped finds it at work. */
static void no_clock_blocked_10ms(fake_bot *b, int64_t t)
{
    b->stopped = t > 10 * MS;
    b->runnable = 1;
    b->cpu = -1;
    b->waits = WAIT0 + (t > 10 * MS ? 2 * MS : 0);
}

static void no_clock_honest(fake_bot *b, int64_t t)
{
    honest(b, t);
    b->cpu = -1;
}

START_TEST(without_a_cpu_clock_the_running_bot_is_at_work)
{
    fake_bot b;
    ck_assert_int_eq(run(no_clock_honest, 5 * MS, &b), GAP);
    ck_assert_int_eq(b.wait_reads, 0);
    ck_assert_int_eq(run(no_clock_blocked_10ms, 50 * MS, &b), 10 * MS - 2 * MS);
    ck_assert_int_eq(b.runnable_reads, 0); /* the unread clock says enough */
}
END_TEST

/* Blocked 5 ms, but a 20 ms wait (begun before the stop) ends at the
 * landing: the charge is 0, never below. */
static void long_wait_ends(fake_bot *b, int64_t t)
{
    blocked_200ms(b, t * 40);
    b->waits = WAIT0 + (b->stopped ? 20 * MS : 0);
}

START_TEST(waits_never_make_a_charge_negative)
{
    fake_bot b;
    ck_assert_int_eq(run(long_wait_ends, 50 * MS, &b), 0);
}
END_TEST

START_TEST(no_stop_no_charge)
{
    fake_bot b = {.script = honest};
    owntime_probe p = fake_probe(&b);
    owntime_stop w;
    owntime_stop_init(&w);
    ck_assert(!owntime_stop_pending(&w));
    ck_assert_int_eq(owntime_stop_look(&w, &p), 1);
    ck_assert_int_eq(owntime_stop_charge(&w, &p), 0);
    ck_assert_int_eq(b.cpu_reads + b.runnable_reads + b.wait_reads, 0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("owntime_stop");
    TCase *tc = tcase_create("stop_watch");
    tcase_add_test(tc, an_honest_stop_costs_only_the_kill);
    tcase_add_test(tc, work_past_the_stop_is_charged_less_its_waits);
    tcase_add_test(tc, a_blocked_bot_is_charged_its_block);
    tcase_add_test(tc, a_wait_for_a_processor_is_not_charged);
    tcase_add_test(tc, a_stop_on_its_way_is_charged_to_its_last_work);
    tcase_add_test(tc, without_a_cpu_clock_the_running_bot_is_at_work);
    tcase_add_test(tc, waits_never_make_a_charge_negative);
    tcase_add_test(tc, no_stop_no_charge);
    suite_add_tcase(s, tc);
    return support_main(s);
}
