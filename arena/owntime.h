/* owntime.h -- the time a jailed bot had for a request: what its seat host
 * (worker_main.c) holds against a Setup's or a Turn's limit and reports as
 * the move's think time, so that a loaded machine never costs a bot a move.
 *
 *   request sent -------------------------------------------- answer sent
 *   |  computing | waiting for a processor | sleeping, blocked | ...     |
 *   had = wall-clock time from the request to the answer
 *         less the bot's waits for a processor (Linux /proc/PID/schedstat)
 *
 *   owntime_start -> owntime_over (each look while it thinks) -> owntime_had
 *
 * Invariants:
 *  1. No wait for a processor is charged, not even one still going on: the
 *     kernel adds a wait to schedstat only when it ends, so while a runnable
 *     bot waits the plain count includes that wait. owntime_over says the
 *     limit is past only on a lower bound of the time had: a bot that is
 *     not runnable (its waits are all counted), or one that has run since
 *     the previous look, less the time since that look (the longest the wait
 *     going on can be). A host slow to get a processor only looks later.
 *  2. An answer is charged up to the moment the bot sent it (the channel's
 *     send stamp, SO_TIMESTAMPNS), not the moment the host got to read it
 *     (less any wait between its answer and its next read of the channel:
 *     the waits are known only as a total).
 * The count starts when the host continues the bot with the request.
 *  3. Where the kernel keeps no schedstat the count is wall-clock time; where
 *     the channel gives no stamp, an answer counts until it is read.
 *  4. What the bot did after its previous answer, before its host's stop
 *     landed, is its own time too: a bot can keep its thread busy past the
 *     answer (hook the runner's send), or hold the stop off in a call only
 *     a fatal signal breaks off (disk reads, no CPU time), and it would
 *     otherwise work there for free. owntime_start counts it as time the
 *     bot has already had for the request (how much: the larger of
 *     worker_main.c host_after, read from the stopped jail's CPU clock,
 *     and owntime_stop_charge, the time until the stop was seen to land
 *     less the waits for a processor: owntime_stop.h).
 * The bot's main thread's waits only: a jailed bot has no other thread (its
 * filter allows no clone; sanitizer builds excepted), and an unsandboxed
 * bot's threads are charged their waits, never more than the time that
 * passed. */
#ifndef ARENA_OWNTIME_H
#define ARENA_OWNTIME_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* One bot: its /proc files, opened at their first reading and kept open. */
typedef struct owntime {
    pid_t pid;
    int sched_fd, stat_fd;
    int sched_missing, stat_missing;
    int has_cpu_clock; /* cpu_clock is the bot's CPU clock (asked once: the
                        * asking is a system call, and a child's pid stays its
                        * own until it is waited for) */
    clockid_t cpu_clock;
    int64_t wait_us; /* the waits at the last reading (owntime_wait_us), 0 before one */
} owntime;

/* One request being counted. */
typedef struct owntime_count {
    int64_t t0_us;                /* arena_now_us() when it went out */
    int64_t t0_real_ns;           /* the same moment on CLOCK_REALTIME, the stamps' clock */
    int64_t wait0_us;             /* the bot's waits by then */
    int64_t look_us, look_cpu_us; /* the previous look past the limit (-1: none) */
} owntime_count;

#define OWNTIME_LOOK_MS 1 /* looking again at a runnable bot past its limit */

void owntime_init(owntime *o, pid_t pid);
void owntime_close(owntime *o);

/* The bot's CPU time (all its threads), in microseconds; -1 when unknown. */
int64_t owntime_cpu_us(const owntime *o);

/* Whether the bot is runnable (state R of /proc/PID/stat: running, or
 * waiting for a processor); 0 when it sleeps, is stopped or is gone. */
int owntime_runnable(owntime *o);

/* Whether the bot is stopped (state T or t), or gone (Z, X), or cannot be
 * watched: 0 in every other state -- while it runs, waits for a processor or
 * sleeps, the last also uninterruptibly (D, I), where a stop lands only when
 * the sleep ends. */
int owntime_stopped(owntime *o);

/* The bot's waits for a processor so far, in microseconds (0 when unknown). */
int64_t owntime_wait_us(owntime *o);

/* Starts counting a request; before_us of the bot's own time, spent before
 * it (invariant 4), counts as already had. */
void owntime_start(owntime *o, owntime_count *c, int64_t before_us);

/* How long to wait before the first look: the rest of the limit by the wall
 * clock, which the time had never exceeds -- no system call, where a look
 * reads /proc (-1: no limit). */
int owntime_first_ms(const owntime_count *c, int64_t limit_us);

/* With a limit (> 0): 1 when the bot has surely had it (invariant 1);
 * otherwise 0 and in *ms how long to wait before looking again. Without a
 * limit: 0 and *ms = -1. */
int owntime_over(owntime *o, owntime_count *c, int64_t limit_us, int *ms);

/* The time the bot had by the moment it sent its answer, stamped stamp_ns
 * on CLOCK_REALTIME (< 0: no stamp, counted until now). */
int64_t owntime_had(owntime *o, const owntime_count *c, int64_t stamp_ns);

/* Asks the kernel to stamp what arrives on fd (a socket) with its send time;
 * -1 when it will not. */
int owntime_stamp_channel(int fd);

/* recv(fd, buf, len, MSG_TRUNC | MSG_DONTWAIT) that also gives the packet's
 * send stamp in *stamp_ns (-1 when it has none). Descriptors passed along
 * with the packet are closed at once. */
ssize_t owntime_recv(int fd, void *buf, size_t len, int64_t *stamp_ns);

#endif
