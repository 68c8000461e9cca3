/* wire.c -- packing, sending, receiving and unpacking arena <-> worker messages. */
#include "wire.h"
#include "xalloc.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <zmq.h>

void wire_buf_free(wire_buf *b)
{
    free(b->data);
    b->data = NULL;
    b->cap = 0;
}

/* Grows b to hold n bytes; 0 or -1 (errno ENOMEM). */
static int wire_buf_reserve(wire_buf *b, size_t n)
{
    if (n <= b->cap) return 0;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < n)
        cap *= 2;
    uint8_t *p = xrealloc(b->data, cap);
    if (!p) return errno = ENOMEM, -1;
    b->data = p;
    b->cap = cap;
    return 0;
}

static void *wire_scratch_alloc(void *data, size_t size)
{
    wire_scratch *s = data;
    size_t n = (size + 15) & ~(size_t)15;
    if (n >= size && n <= WIRE_SCRATCH_SIZE - s->used) {
        void *p = s->block + s->used;
        s->used += n;
        return p;
    }
    return xmalloc(size);
}

static void wire_scratch_free(void *data, void *p)
{
    wire_scratch *s = data;
    unsigned char *c = p;
    if (c >= s->block && c < s->block + WIRE_SCRATCH_SIZE) return; /* freed by the reset */
    free(p);
}

void wire_scratch_init(wire_scratch *s)
{
    s->alloc.alloc = wire_scratch_alloc;
    s->alloc.free = wire_scratch_free;
    s->alloc.allocator_data = s;
    s->used = 0;
}

static void wire_scratch_reset(ProtobufCAllocator *alloc)
{
    if (alloc && alloc->alloc == wire_scratch_alloc)
        ((wire_scratch *)alloc->allocator_data)->used = 0;
}

int wire_pack_worker(const Arena__WorkerMsg *msg, wire_buf *b, size_t *len)
{
    size_t n = arena__worker_msg__get_packed_size(msg);
    if (wire_buf_reserve(b, n ? n : 1) < 0) return -1;
    *len = arena__worker_msg__pack(msg, b->data);
    return 0;
}

int wire_pack_arena(const Arena__ArenaMsg *msg, wire_buf *b, size_t *len)
{
    size_t n = arena__arena_msg__get_packed_size(msg);
    if (wire_buf_reserve(b, n ? n : 1) < 0) return -1;
    *len = arena__arena_msg__pack(msg, b->data);
    return 0;
}

int wire_send_worker(void *sock, const Arena__WorkerMsg *msg, wire_buf *b)
{
    size_t n;
    if (wire_pack_worker(msg, b, &n) < 0) return -1;
    return zmq_send(sock, b->data, n, ZMQ_DONTWAIT) < 0 ? -1 : 0;
}

int wire_send_arena(void *sock, const uint8_t *id, size_t idlen, const Arena__ArenaMsg *msg,
                    wire_buf *b)
{
    size_t n;
    if (wire_pack_arena(msg, b, &n) < 0) return -1;
    /* ROUTER_MANDATORY checks the peer (and its high-water mark) on the
     * identity frame; once that is accepted the payload frame follows. */
    if (zmq_send(sock, id, idlen, ZMQ_SNDMORE | ZMQ_DONTWAIT) < 0) return -1;
    return zmq_send(sock, b->data, n, ZMQ_DONTWAIT) < 0 ? -1 : 0;
}

/* Receives one frame into m: WIRE_OK, WIRE_NONE or WIRE_ERROR. */
static int wire_recv_frame(void *sock, zmq_msg_t *m, int flags)
{
    for (;;) {
        if (zmq_msg_recv(m, sock, flags) >= 0) return WIRE_OK;
        if (errno == EINTR) continue;
        return errno == EAGAIN ? WIRE_NONE : WIRE_ERROR;
    }
}

/* Discards the rest of a multi-frame message. */
static void wire_drain(void *sock, zmq_msg_t *m)
{
    while (zmq_msg_more(m)) {
        if (wire_recv_frame(sock, m, ZMQ_DONTWAIT) != WIRE_OK) return;
    }
}

/* Receives the payload frame (which must be the last one) into m. */
static int wire_recv_payload(void *sock, int flags, zmq_msg_t *m)
{
    int rc = wire_recv_frame(sock, m, flags);
    if (rc != WIRE_OK) return rc;
    if (zmq_msg_more(m)) {
        wire_drain(sock, m);
        return WIRE_GARBAGE;
    }
    return WIRE_OK;
}

int wire_decode_arena(ProtobufCAllocator *alloc, const uint8_t *data, size_t len,
                      Arena__ArenaMsg **out)
{
    wire_scratch_reset(alloc);
    *out = arena__arena_msg__unpack(alloc, len, data);
    if (*out && (*out)->body_case == ARENA__ARENA_MSG__BODY__NOT_SET) {
        arena__arena_msg__free_unpacked(*out, alloc);
        *out = NULL;
    }
    return *out ? WIRE_OK : WIRE_GARBAGE;
}

int wire_decode_worker(ProtobufCAllocator *alloc, const uint8_t *data, size_t len,
                       Arena__WorkerMsg **out)
{
    wire_scratch_reset(alloc);
    *out = arena__worker_msg__unpack(alloc, len, data);
    if (*out && (*out)->body_case == ARENA__WORKER_MSG__BODY__NOT_SET) {
        arena__worker_msg__free_unpacked(*out, alloc);
        *out = NULL;
    }
    return *out ? WIRE_OK : WIRE_GARBAGE;
}

int wire_recv_arena_bytes(void *sock, int flags, wire_buf *b, size_t *len)
{
    zmq_msg_t m;
    zmq_msg_init(&m);
    int rc = wire_recv_payload(sock, flags, &m);
    *len = zmq_msg_size(&m);
    if (rc == WIRE_OK && wire_buf_reserve(b, *len ? *len : 1) < 0) rc = WIRE_ERROR;
    if (rc == WIRE_OK) memcpy(b->data, zmq_msg_data(&m), *len);
    zmq_msg_close(&m);
    return rc;
}

int wire_recv_worker(void *sock, int flags, uint8_t *id, size_t *idlen, ProtobufCAllocator *alloc,
                     Arena__WorkerMsg **out)
{
    zmq_msg_t m;
    zmq_msg_init(&m);
    int rc = wire_recv_frame(sock, &m, flags);
    if (rc != WIRE_OK) goto done;
    size_t n = zmq_msg_size(&m);
    if (!zmq_msg_more(&m) || n > WIRE_ID_MAX) {
        wire_drain(sock, &m);
        rc = WIRE_GARBAGE;
        goto done;
    }
    memcpy(id, zmq_msg_data(&m), n);
    *idlen = n;
    /* The payload is already queued behind the identity: never wait for it. */
    rc = wire_recv_payload(sock, ZMQ_DONTWAIT, &m);
    if (rc == WIRE_NONE) rc = WIRE_GARBAGE;
    if (rc != WIRE_OK) goto done;
    rc = wire_decode_worker(alloc, zmq_msg_data(&m), zmq_msg_size(&m), out);
done:
    zmq_msg_close(&m);
    return rc;
}
