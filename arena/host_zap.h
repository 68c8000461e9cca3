/* host_zap.h -- who may use a seat host: libzmq's ZAP (RFC 27) handler.
 *
 * libzmq asks the handler bound on inproc://zeromq.zap.01 of the socket's
 * context about every CURVE client that completed the handshake (the host's
 * ROUTER sets a ZAP domain, remote_wire.c). This one answers 200 for the
 * arena public keys in the allow list and 400 for any other, logging the
 * refused key and address on stderr. The client then sees its handshake
 * fail with ZMQ_EVENT_HANDSHAKE_FAILED_AUTH (remote_hosts.c words it). The
 * handler runs in its own thread until host_zap_stop.
 *
 * Anyone who reaches the port can offer a new key on every connection, so
 * what the handler keeps about refusals is bounded (host_zap_refusals): the
 * last HOST_ZAP_REMEMBER keys refused, each logged once while remembered,
 * and at most HOST_ZAP_LOGS_PER_MIN lines a minute; past that one line says
 * so and the rest of that minute's keys go unlogged.
 */
#ifndef ARENA_HOST_ZAP_H
#define ARENA_HOST_ZAP_H

#include <stddef.h>
#include <stdint.h>

#include "keys.h"

typedef struct host_zap host_zap;

#define HOST_ZAP_REMEMBER 256
#define HOST_ZAP_LOGS_PER_MIN 32

/* The refused keys remembered (a ring: the oldest goes first) and this
 * minute's log lines. Zeroed is empty. */
typedef struct host_zap_refusals {
    char key[HOST_ZAP_REMEMBER][KEYS_Z85_LEN + 1];
    unsigned n, next;
    int64_t minute_us; /* when this minute began */
    unsigned logged;   /* lines this minute */
} host_zap_refusals;

enum { HOST_ZAP_QUIET = 0, HOST_ZAP_LOG_KEY = 1, HOST_ZAP_LOG_CAP = 2 };
/* A key refused at now_us: what to log (HOST_ZAP_LOG_KEY its line;
 * HOST_ZAP_LOG_CAP the line that says this minute's are no longer logged;
 * HOST_ZAP_QUIET nothing: remembered, or past the cap). */
int host_zap_refusal(host_zap_refusals *r, const char *z85, int64_t now_us);

/* Binds the handler in zctx (before any CURVE server socket binds) and
 * starts its thread; NULL with a one-line error. allow must outlive it. */
host_zap *host_zap_start(void *zctx, const keys_list *allow, char *err, size_t errlen);
void host_zap_stop(host_zap *z);

#endif
