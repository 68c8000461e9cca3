/* remote_wire.h -- the protocol between an arena and a remote seat host
 * (`arena host`, host.h), and the socket settings both sides share.
 *
 * One ZeroMQ DEALER per remote seat in the arena, connected over tcp to the
 * host's one ROUTER. Messages are multipart; the first part is a verb:
 *
 *   arena -> host                          host -> arena
 *   PING                                   PONG protocol unsandboxed-ok(0/1)
 *   OPEN bot-sha rules-sha sandbox mem-mb  NEED sha | OPENED | ERROR text
 *        data-sha (or -: no data directory)  | FAULT text
 *   FILE sha bytes   (answers NEED)        NEED sha | OPENED | ERROR text
 *                                          | FAULT text
 *   MSG timeout-us ArenaMsg                MSG WorkerMsg host-elapsed-us
 *       (Setup and Turn are answered; Event is not)
 *   OVER GameOver-ArenaMsg                 DONE | RETIRE
 *   BYE                                    (nothing: the seat is closed)
 *   MSG or OVER for a seat the host closed GONE
 *
 * ArenaMsg and WorkerMsg are the protobuf messages of proto/arena.proto,
 * which the host passes to its local seat host (worker.h) exactly as the
 * arena's own worker pool would; a bot's forfeit comes back as a Fault.
 * Files travel by SHA-256: OPEN names the bot, the rule module and the
 * bot's packed data directory (datadir.h) by hash, the host asks for those
 * it has not cached, and refuses a FILE whose bytes do not hash to the name.
 * Numbers are decimal text.
 *
 * ERROR and FAULT both end an opening seat, and differ in whose failure it
 * is. ERROR is about what the arena sent for this bot (its bytes do not hash
 * to their name): the bot does not load, its own forfeit, as locally. FAULT
 * is the host's own failure, whatever the bot (full, out of memory or of
 * descriptors, its cache not written, a seat host that did not start, a
 * request it cannot read): the arena marks the host lost and plays the
 * match again elsewhere (REMOTE_HOST_LOST), so that nobody who can load a
 * host -- a flood of connections to its port needs no key -- can cost an
 * innocent bot a game. A bot that fails to load or refuses the game is
 * answered later, by its seat (a SetupReply, as locally): the host starts
 * the seat host and the jail before any bot code runs (worker.h).
 *
 * Every tcp socket runs CURVE (keys.h) unless --insecure; both sides send
 * ZMTP heartbeats (REMOTE_HEARTBEAT_*), so a peer that dies or falls silent
 * is disconnected within REMOTE_HEARTBEAT_TIMEOUT_MS.
 */
#ifndef ARENA_REMOTE_WIRE_H
#define ARENA_REMOTE_WIRE_H

#include <stddef.h>
#include <stdint.h>
#include <zmq.h>

#include "datadir.h"
#include "keys.h"
#include "seat.h"

/* 2: a turn's elapsed time is the bot's own (worker.h); 3: data directories;
 * 4: FAULT, the host's own failures apart from the bot's */
#define REMOTE_PROTOCOL 4
#define REMOTE_MAX_PARTS 8
#define REMOTE_MAX_FILE DATADIR_MAX_BYTES /* a bot or a rule module, as a jail holds */
#define REMOTE_HEARTBEAT_IVL_MS 1000
#define REMOTE_HEARTBEAT_TIMEOUT_MS 4000
/* A handshake (tcp, then CURVE) that takes longer fails: a host that accepts
 * connections but is stopped must not hold a seat for libzmq's 30 s. */
#define REMOTE_HANDSHAKE_MS 5000
/* The detail of a forfeit that is not the bot's: its seat host was lost.
 * The tournament plays such a match again elsewhere (seat.h). */
#define REMOTE_HOST_LOST SEAT_HOST_LOST

/* One received message. */
typedef struct remote_msg {
    zmq_msg_t part[REMOTE_MAX_PARTS];
    int n;
} remote_msg;

/* Receives a whole message (flags: 0 or ZMQ_DONTWAIT). The number of parts,
 * 0 when a message had more than REMOTE_MAX_PARTS (dropped), -1 on error
 * (errno). Close with remote_msg_close. */
int remote_recv(void *sock, int flags, remote_msg *m);
void remote_msg_close(remote_msg *m);
/* Part i as bytes, or "" / 0 when missing. */
const void *remote_part(const remote_msg *m, int i, size_t *len);
/* Whether part i is exactly the text s. */
int remote_part_is(const remote_msg *m, int i, const char *s);
/* Part i as text in buf (cut at len - 1). */
const char *remote_part_str(const remote_msg *m, int i, char *buf, size_t len);
/* Part i as a decimal integer; -1 when it is not one. */
int remote_part_i64(const remote_msg *m, int i, int64_t *out);

/* Sends n parts (data[i], len[i]); ZMQ_DONTWAIT. 0, or -1 with errno. */
int remote_send(void *sock, int n, const void *const *data, const size_t *len);
/* The same for parts that are all text. */
int remote_send_text(void *sock, int n, const char *const *parts);

/* Heartbeats, no linger, the message limit: every tcp socket. */
int remote_socket_common(void *sock);
/* CURVE server side (the host) and client side (the arena, pinning the
 * host's public key). */
int remote_curve_server(void *sock, const keys_pair *own);
int remote_curve_client(void *sock, const keys_pair *own, const char *server_public);

#endif
