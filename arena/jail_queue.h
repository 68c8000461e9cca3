/* jail_queue.h -- the packets a seat host holds for its jail while the jail
 * is stopped.
 *
 * Events and game ends reach a stopped jail's channel (jail.h) with nobody
 * reading them; the channel holds a few hundred packets (its socket buffer,
 * some 270 here), and a game may send a seat more between two of its turns
 * (a long chain of another seat's moves, or of chance draws). What does not
 * fit waits here, in the host's memory, and goes out as the jail reads, on
 * its own time, when it is continued for its next request. The request goes
 * last, behind them.
 *
 *   jail_queue_send (direct while the queue is empty and the channel has
 *        |          room; queued otherwise)
 *        v
 *   queued --jail_queue_flush (when the channel is writable)--> sent
 *
 * Invariants:
 *  1. Packets reach the channel in the order they were given, whole (one
 *     packet each), none twice, none dropped.
 *  2. A packet is queued only behind others, or when the channel is full:
 *     while the queue is empty, a send goes straight to the channel.
 *  3. The queue holds at most JAIL_QUEUE_MAX_BYTES; past that a send fails
 *     with ENOBUFS (no honest game comes near it: a seat's events between
 *     two of its turns are bounded by the game's length).
 */
#ifndef ARENA_JAIL_QUEUE_H
#define ARENA_JAIL_QUEUE_H

#include <stddef.h>
#include <stdint.h>

#define JAIL_QUEUE_MAX_BYTES ((size_t)64 << 20)

typedef struct jail_queue {
    uint8_t *buf;    /* packets, each a 4-byte length and its bytes */
    size_t head;     /* where the first unsent packet starts */
    size_t len, cap; /* bytes used (from 0) and allocated */
} jail_queue;

/* Sends a packet to fd, or queues it (invariant 2). 0, or -1 with errno:
 * ENOBUFS (the queue is full), ENOMEM, or the channel's own error (EPIPE,
 * ECONNRESET, ...). */
int jail_queue_send(jail_queue *q, int fd, const void *data, size_t len);

/* Sends queued packets while the channel takes them: 0 when the queue is
 * empty, 1 when packets are left (the channel is full), -1 with the
 * channel's errno. */
int jail_queue_flush(jail_queue *q, int fd);

int jail_queue_empty(const jail_queue *q);

void jail_queue_free(jail_queue *q);

#endif
