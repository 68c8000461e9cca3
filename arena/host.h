/* host.h -- `arena host`: a long-running seat host that serves jailed seats to
 * remote arenas over ZeroMQ tcp (remote_wire.h).
 *
 * Design: the host relays. It binds one ROUTER (CURVE server, heartbeats);
 * every remote seat is one arena DEALER. For each seat the host starts the
 * seat host and its jail locally, exactly as the arena's own pool does
 * (worker.c over a private ipc endpoint), in a thread of its own
 * (host_seat.h), and passes the arena's protobuf messages to it. So the bot
 * side is the code that runs locally, byte for byte; only the arena <-> host
 * hop is new, and only one port faces the network (the seat hosts never
 * connect out, and the arena needs no open port at all).
 *
 * Bots and rule modules arrive by SHA-256 and stay in STATE/cache
 * (host_cache.h). Only arenas whose public key is listed (--allow) get past
 * the CURVE handshake (host_zap.h). The loop never waits on a bot; SIGINT or
 * SIGTERM end it, closing every seat. A seat ends as soon as its arena's
 * connection closes (the arena exited or died, or its heartbeats stopped):
 * a vanished arena leaves no jail behind.
 */
#ifndef ARENA_HOST_H
#define ARENA_HOST_H

#include "keys.h"

typedef struct host_opts {
    const char *listen;       /* an endpoint such as tcp://0.0.0.0:5555 */
    const char *keys_dir;     /* the host's own pair */
    const char *const *allow; /* files or directories of arena public keys */
    int n_allow;
    const char *state_dir; /* the cache lives here */
    int insecure;          /* plain tcp, no CURVE: anyone who reaches the port */
    int allow_unsandboxed; /* serve arenas that ask for --sandbox off */
} host_opts;

/* Runs until a signal; the exit status (0, 1 failure, 2 bad input). */
int host_run(const host_opts *o);

#endif
