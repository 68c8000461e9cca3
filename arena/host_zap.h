/* host_zap.h -- who may use a seat host: libzmq's ZAP (RFC 27) handler.
 *
 * libzmq asks the handler bound on inproc://zeromq.zap.01 of the socket's
 * context about every CURVE client that completed the handshake (the host's
 * ROUTER sets a ZAP domain, remote_wire.c). This one answers 200 for the
 * arena public keys in the allow list and 400 for any other, logging the
 * refused key and address on stderr, once per key. The client then sees its
 * handshake fail with ZMQ_EVENT_HANDSHAKE_FAILED_AUTH (remote_hosts.c words
 * it). The handler runs in its own thread until host_zap_stop.
 */
#ifndef ARENA_HOST_ZAP_H
#define ARENA_HOST_ZAP_H

#include <stddef.h>

#include "keys.h"

typedef struct host_zap host_zap;

/* Binds the handler in zctx (before any CURVE server socket binds) and
 * starts its thread; NULL with a one-line error. allow must outlive it. */
host_zap *host_zap_start(void *zctx, const keys_list *allow, char *err, size_t errlen);
void host_zap_stop(host_zap *z);

#endif
