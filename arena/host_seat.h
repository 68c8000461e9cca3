/* host_seat.h -- one remote seat on a seat host: a thread that owns a local
 * seat host (worker.h) exactly as the arena's own pool would, and serves the
 * remote arena's requests for it.
 *
 * The host's main loop (host.c) never waits on a bot: it hands the seat's
 * messages (remote_wire.h: MSG, OVER, BYE) to the seat's thread over an
 * inproc PAIR and sends back what the thread answers. The thread calls the
 * worker with the deadline the arena sent (the bot's budget and the arena's
 * margin), so the clock of a remote bot is kept where the bot runs, and the
 * time it reports is the host's measure, without the network.
 *
 * Messages from the thread to the main loop: OPENED or FAULT text (once, after
 * the spawn: a seat host that did not start is the host's failure, never
 * the bot's, whose code runs only from the first Setup), the answers, and CLOSED last (then the
 * thread has ended and its worker is gone: host_seat_free). The main loop ends a seat whose arena's
 * connection closes (host.c watches the router's connections); a seat that
 * hears nothing for HOST_SEAT_IDLE_S closes itself all the same, the last
 * resort should that watch miss one.
 */
#ifndef ARENA_HOST_SEAT_H
#define ARENA_HOST_SEAT_H

#include <stddef.h>
#include <stdint.h>

#include "worker.h"

#define HOST_SEAT_IDLE_S 900

typedef struct host_seat host_seat;

typedef struct host_seat_config {
    char bot_path[4096], rules_path[4096]; /* in the host's cache */
    char data_dir[4096];                   /* the bot's data directory there, "" for none */
    int sandbox;
    int64_t mem_limit_mb;
} host_seat_config;

/* Starts the thread; *pair is the main loop's end of its PAIR socket. NULL
 * with a one-line error. */
host_seat *host_seat_start(void *zctx, worker_env *env, const host_seat_config *cfg, void **pair,
                           char *err, size_t errlen);
/* Joins the thread (after CLOSED) and frees. */
void host_seat_free(host_seat *s);

#endif
