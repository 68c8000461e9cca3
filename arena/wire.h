/* wire.h -- one protobuf-c message per ZeroMQ frame, between the arena and a worker.
 *
 * The arena's ROUTER sees [identity][payload]; the worker's DEALER sees [payload].
 * A payload is a packed Arena__ArenaMsg (arena -> worker) or Arena__WorkerMsg
 * (worker -> arena). Anything else (more frames, bytes that do not unpack, a
 * message with no body) is garbage: WIRE_GARBAGE.
 *
 * The hot path (a turn and its answer) allocates nothing: packing goes into a
 * reusable wire_buf and unpacking into a wire_scratch bump allocator.
 */
#ifndef ARENA_WIRE_H
#define ARENA_WIRE_H

#include <stddef.h>
#include <stdint.h>

#include "arena.pb-c.h"

/* Sent in Ready; the arena refuses a worker that speaks another version. */
#define WIRE_PROTOCOL_VERSION 4u /* 4: Ready.locked */

/* Largest routing identity we keep (libzmq generates 5 bytes). */
#define WIRE_ID_MAX 255

enum { WIRE_OK = 1, WIRE_NONE = 0, WIRE_ERROR = -1, WIRE_GARBAGE = -2 };

/* A growable packing buffer. Zero-initialise; free with wire_buf_free. */
typedef struct wire_buf {
    uint8_t *data;
    size_t cap;
} wire_buf;

void wire_buf_free(wire_buf *b);

/* A protobuf-c allocator over a fixed block, reset before every unpack; large
 * requests fall back to malloc. Only one message unpacked into it may be alive
 * at a time. Initialise with wire_scratch_init. */
#define WIRE_SCRATCH_SIZE 4096
typedef struct wire_scratch {
    ProtobufCAllocator alloc;
    size_t used;
    _Alignas(16) unsigned char block[WIRE_SCRATCH_SIZE];
} wire_scratch;

void wire_scratch_init(wire_scratch *s);

/* Packs a message into b (grown as needed): 0 with *len set, or -1 (ENOMEM). */
int wire_pack_worker(const Arena__WorkerMsg *msg, wire_buf *b, size_t *len);
int wire_pack_arena(const Arena__ArenaMsg *msg, wire_buf *b, size_t *len);

/* Worker side (DEALER). Sends return 0, or -1 with errno set by zmq. */
int wire_send_worker(void *sock, const Arena__WorkerMsg *msg, wire_buf *b);
/* The payload of the next ArenaMsg, not unpacked, copied into b: what a seat
 * host unpacks (wire_decode_arena) and passes on to its jail as it is.
 * WIRE_OK, WIRE_NONE (nothing waiting, with ZMQ_DONTWAIT), WIRE_ERROR (errno)
 * or WIRE_GARBAGE. */
int wire_recv_arena_bytes(void *sock, int flags, wire_buf *b, size_t *len);

/* The unpacking alone (what the receives do with a frame's bytes): WIRE_OK
 * with *out set, or WIRE_GARBAGE. The fuzz targets drive these. */
int wire_decode_arena(ProtobufCAllocator *alloc, const uint8_t *data, size_t len,
                      Arena__ArenaMsg **out);
int wire_decode_worker(ProtobufCAllocator *alloc, const uint8_t *data, size_t len,
                       Arena__WorkerMsg **out);

/* Arena side (ROUTER): to the peer `id`. Never blocks: a peer whose queue is
 * full gives -1 with errno EAGAIN, a vanished one EHOSTUNREACH. */
int wire_send_arena(void *sock, const uint8_t *id, size_t idlen, const Arena__ArenaMsg *msg,
                    wire_buf *b);
/* Receives one WorkerMsg: WIRE_OK (*out set, free with
 * arena__worker_msg__free_unpacked(*out, alloc)), WIRE_NONE, WIRE_ERROR or
 * WIRE_GARBAGE; the sender's identity is copied to id (WIRE_ID_MAX bytes) and
 * its length to *idlen. A NULL alloc means malloc; a wire_scratch's alloc is
 * reset here. */
int wire_recv_worker(void *sock, int flags, uint8_t *id, size_t *idlen, ProtobufCAllocator *alloc,
                     Arena__WorkerMsg **out);

#endif
