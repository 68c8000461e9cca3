/* clock.c -- arena_now_us, the monotonic clock of every time measurement of
 * the arena and its bots: CLOCK_MONOTONIC in microseconds.
 *
 * The referee reads it once a move and a search bot once an iteration, and on
 * the virtual machines this runs on a clock_gettime costs 40-70 ns: a third
 * of a ply of morris. Where the processor's time-stamp counter is invariant
 * (CPUID 0x80000007, EDX bit 8: one rate, counting in every power state,
 * which is also what lets Linux make it its clocksource) reading the counter
 * costs about 20 ns, and it gives the same clock:
 *
 *   - each thread *ties* the counter to CLOCK_MONOTONIC (the clock read
 *     between two counter reads, retried when something came between them);
 *   - for its first CALIBRATE_US it reads the clock itself; from then on it
 *     knows the counter's rate, measured over the span since its first tie
 *     (a span that grows, so the rate gets better as the thread lives);
 *   - between ties it interpolates, and it ties again after RETIE_US or when
 *     the counter looks wrong (went back: another core's counter), so a
 *     value is never more than a fraction of a microsecond off the clock;
 *   - it never returns less than it returned before.
 *
 * Without an invariant counter (or off x86-64) it is clock_gettime itself. */
#include <time.h>

#include "arena/sdk.h"

#if defined(__x86_64__) && defined(__GNUC__)
#include <cpuid.h>
#include <x86intrin.h>
#define CLOCK_HAVE_TSC 1
#endif

static int64_t clock_mono_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

#ifndef CLOCK_HAVE_TSC

int64_t arena_now_us(void)
{
    return clock_mono_us();
}

#else

#define CALIBRATE_US 20000  /* first span over which the rate is measured */
#define RETIE_US 100000     /* longest interpolation */
#define TIE_MAX_TICKS 20000 /* a tie whose counter reads are further apart is retried */

typedef struct clock_tie {
    uint64_t tsc;
    int64_t us;
} clock_tie;

enum { CLOCK_UNKNOWN, CLOCK_CALIBRATING, CLOCK_COUNTER, CLOCK_PLAIN };

/* Per thread: no locks, and each thread's counter reads stay on the core it
 * runs on as long as it stays there. */
static _Thread_local struct {
    int mode;
    clock_tie first, tie;
    double us_per_tick;
    uint64_t retie_ticks;
    int64_t last_us;
} clk;

static int clock_counter_invariant(void)
{
    unsigned a, b, c, d;
    if (!__get_cpuid(0x80000000u, &a, &b, &c, &d) || a < 0x80000007u) return 0;
    __get_cpuid(0x80000007u, &a, &b, &c, &d);
    return (d >> 8) & 1;
}

/* 0 when every try had something between its counter reads (a preemption,
 * an interrupt): such a tie could be milliseconds off. */
static int clock_tie_now(clock_tie *t)
{
    for (int i = 0; i < 4; i++) {
        uint64_t a = __rdtsc();
        int64_t us = clock_mono_us();
        uint64_t b = __rdtsc();
        if (b >= a && b - a < TIE_MAX_TICKS) {
            t->tsc = a + (b - a) / 2;
            t->us = us;
            return 1;
        }
    }
    return 0;
}

/* A fresh tie, and the rate from the span since the first one. 0 when no
 * good tie came (the rate and tie stay as they were) or the rate makes no
 * sense (then the caller gives up the counter). */
static int clock_retie(int *absurd)
{
    clock_tie t;
    *absurd = 0;
    if (!clock_tie_now(&t)) return 0;
    double rate = (double)(t.us - clk.first.us) / ((double)t.tsc - (double)clk.first.tsc);
    if (t.tsc <= clk.first.tsc || t.us <= clk.first.us || !(rate > 1e-4 && rate < 1.0)) {
        *absurd = 1; /* 1 MHz .. 10 GHz, forwards */
        return 0;
    }
    clk.us_per_tick = rate;
    clk.retie_ticks = (uint64_t)(RETIE_US / rate);
    clk.tie = t;
    return 1;
}

/* Out of line and cold: everything but the interpolation, so that the path
 * taken on nearly every call saves no registers and makes no frame (the
 * referee reads the clock once a ply: its instructions count). */
__attribute__((noinline, cold)) static int64_t clock_slow(void)
{
    int absurd = 0;
    switch (clk.mode) {
    case CLOCK_UNKNOWN:
        clk.mode = CLOCK_PLAIN;
        if (clock_counter_invariant() && clock_tie_now(&clk.first)) clk.mode = CLOCK_CALIBRATING;
        return clock_mono_us();
    case CLOCK_CALIBRATING: { /* one clock read a call, not two: this is every call then */
        int64_t now = clock_mono_us();
        if (now - clk.first.us >= CALIBRATE_US && clock_retie(&absurd)) clk.mode = CLOCK_COUNTER;
        if (absurd) clk.mode = CLOCK_PLAIN;
        return now;
    }
    case CLOCK_COUNTER:
        clock_retie(&absurd);
        break;
    default:
        break;
    }
    if (absurd) clk.mode = CLOCK_PLAIN;
    return clock_mono_us();
}

int64_t arena_now_us(void)
{
    int64_t us;
    uint64_t now;
    /* one unsigned comparison: a counter behind the tie wraps past retie_ticks */
    if (__builtin_expect(clk.mode == CLOCK_COUNTER, 1) &&
        (now = __rdtsc()) - clk.tie.tsc < clk.retie_ticks)
        us = clk.tie.us + (int64_t)((double)(int64_t)(now - clk.tie.tsc) * clk.us_per_tick);
    else
        us = clock_slow();
    if (us < clk.last_us) us = clk.last_us;
    clk.last_us = us;
    return us;
}

#endif

/* The process's CPU time: what a sandboxed seat is charged for a bot that
 * only computes (bot.h, arena_turn.clock). A system call (no vDSO for this
 * clock), a few hundred nanoseconds: fine once a search iteration. */
static int64_t clock_own_us(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) != 0) return arena_now_us();
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

int64_t arena_turn_clock_us(const arena_turn *turn)
{
    if (turn && ARENA_TURN_HAS(turn, clock) && turn->clock == ARENA_CLOCK_OWN)
        return clock_own_us();
    return arena_now_us();
}
