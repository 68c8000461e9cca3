/* owntime_stop.h -- watching a bot's stop land: the bot's own time between
 * the SIGSTOP its seat host (worker_main.c) sends after an answer and the
 * moment the stop lands, charged to its next request (owntime.h, invariant 4).
 *
 * A stop lands when the bot next returns from the kernel; a call that only a
 * fatal signal breaks off (a long read of a cold file,
 * madvise(MADV_POPULATE_READ)) holds it off, and the bot would work on the
 * other seats' time. The host looks at the stop while it waits for the arena
 * (each millisecond) and once more at the next request.
 *
 * States of a watch and the function that leaves each:
 *
 *   IDLE        no stop on its way, no charge kept              -> owntime_stop_sent
 *   ON ITS WAY  sent; each look that finds the bot not stopped
 *               and at work moves the mark to that look         -> owntime_stop_look
 *               a look that finds it stopped: the charge is
 *               kept                                            -> LANDED
 *               the next request: the charge up to the mark     -> owntime_stop_charge, IDLE
 *   LANDED      the charge waits for the next request           -> owntime_stop_charge, IDLE
 *
 * Invariants:
 *  1. A look finds the bot at work only when it is not stopped and its CPU
 *     clock moved since the previous reading (or cannot be read), or it is
 *     not runnable (blocked: D, the very calls that hold a stop off). A bot
 *     runnable with a still CPU clock waits for a processor -- an honest bot
 *     woken by the stop's delivery on a busy machine -- and is not at work
 *     (its wait goes into schedstat only when it ends: owntime.h, 1).
 *  2. The charge is the time from the stop to the last look that found the
 *     bot at work (the mark), less the bot's waits for a processor since its
 *     answer; never below 0. When no look found it at work (an honest bot's
 *     stop lands by the first look) it is only the time before the kill
 *     (from_us to kill_us of owntime_stop_sent), the waits unread.
 *  3. The first reading of the CPU clock is taken after the kill: what the
 *     bot computes to take the signal is no sign of work. The mark starts at
 *     the kill, taken before it: the host may wait in kill() for a processor
 *     (the bot it wakes may take it), and that is not the bot's time.
 *  4. A stop still on its way at the next request is charged up to the mark
 *     (continuing the bot cancels the stop); every charge is given once.
 *  5. The readings cost what they must and no more, a move's worth of system
 *     calls being worth a fast bot's move: sending reads the CPU clock; a
 *     look reads the state, then the CPU clock only if not stopped, then
 *     whether runnable only if the clock stood still; the waits are read
 *     only by a charge after a look found the bot at work. Hence a probe of
 *     functions, asked in that order, and not a set of readings taken ahead.
 */
#ifndef ARENA_OWNTIME_STOP_H
#define ARENA_OWNTIME_STOP_H

#include <stdint.h>

#include "owntime.h"

/* Where a watch takes its readings of the bot; tests script them. */
typedef struct owntime_probe {
    void *ctx;                     /* handed to every function */
    int64_t (*now_us)(void *ctx);  /* the monotonic clock (arena_now_us) */
    int64_t (*cpu_us)(void *ctx);  /* the bot's CPU clock; -1 when unknown */
    int (*stopped)(void *ctx);     /* owntime_stopped */
    int (*runnable)(void *ctx);    /* owntime_runnable */
    int64_t (*wait_us)(void *ctx); /* its waits for a processor so far */
} owntime_probe;

/* One bot's stop. */
typedef struct owntime_stop {
    int64_t sent_us;  /* when the stop was sent; -1 when none is on its way */
    int64_t wait0_us; /* the bot's waits for a processor as it answered */
    int64_t seen_us;  /* the mark: the last look that found it at work */
    int64_t cpu_us;   /* its CPU clock at the previous reading */
    int worked;       /* a look found it at work */
    int64_t late_us;  /* the charge of a landed stop, until taken */
} owntime_stop;

/* The real readings of o, with arena_now_us. */
void owntime_probe_init(owntime_probe *p, owntime *o);

void owntime_stop_init(owntime_stop *w);

/* The host decided to stop the bot at from_us and sent SIGSTOP just after
 * kill_us (both on the probe's clock); wait0_us is the bot's waits as it
 * answered, read then. Reads the CPU clock (invariant 3). */
void owntime_stop_sent(owntime_stop *w, const owntime_probe *p, int64_t from_us, int64_t kill_us,
                       int64_t wait0_us);

/* Whether a stop is on its way (the host then looks each millisecond). */
int owntime_stop_pending(const owntime_stop *w);

/* One look: 1 when the stop has landed (or none is on its way), 0 while
 * the bot still runs (invariant 1). */
int owntime_stop_look(owntime_stop *w, const owntime_probe *p);

/* At the next request, before the bot is continued: the bot's own time from
 * its previous stop to the landing (invariants 2 and 4), in microseconds;
 * 0 when no stop was sent. */
int64_t owntime_stop_charge(owntime_stop *w, const owntime_probe *p);

#endif
