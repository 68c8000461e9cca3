/* remote_wire.c -- multipart messages and socket settings of remote_wire.h. */
#include "remote_wire.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int remote_recv(void *sock, int flags, remote_msg *m)
{
    m->n = 0;
    int more = 1, over = 0;
    while (more) {
        zmq_msg_t part;
        zmq_msg_init(&part);
        if (zmq_msg_recv(&part, sock, m->n || over ? 0 : flags) < 0) {
            int e = errno;
            zmq_msg_close(&part);
            remote_msg_close(m);
            errno = e;
            return -1;
        }
        more = zmq_msg_more(&part);
        if (m->n < REMOTE_MAX_PARTS && !over) {
            m->part[m->n++] = part;
        } else {
            over = 1; /* too many parts: read the rest, keep nothing */
            zmq_msg_close(&part);
        }
    }
    if (over) remote_msg_close(m);
    return m->n;
}

void remote_msg_close(remote_msg *m)
{
    for (int i = 0; i < m->n; i++)
        zmq_msg_close(&m->part[i]);
    m->n = 0;
}

const void *remote_part(const remote_msg *m, int i, size_t *len)
{
    if (i >= m->n) {
        *len = 0;
        return "";
    }
    *len = zmq_msg_size((zmq_msg_t *)&m->part[i]);
    return zmq_msg_data((zmq_msg_t *)&m->part[i]);
}

int remote_part_is(const remote_msg *m, int i, const char *s)
{
    size_t len;
    const void *p = remote_part(m, i, &len);
    return i < m->n && len == strlen(s) && memcmp(p, s, len) == 0;
}

const char *remote_part_str(const remote_msg *m, int i, char *buf, size_t len)
{
    size_t n;
    const char *p = remote_part(m, i, &n);
    if (n >= len) n = len - 1;
    memcpy(buf, p, n);
    buf[n] = '\0';
    return buf;
}

int remote_part_i64(const remote_msg *m, int i, int64_t *out)
{
    char buf[32], *end;
    size_t n;
    remote_part(m, i, &n);
    if (i >= m->n || n == 0 || n >= sizeof buf) return -1;
    remote_part_str(m, i, buf, sizeof buf);
    errno = 0;
    long long v = strtoll(buf, &end, 10);
    if (*end || errno) return -1;
    *out = v;
    return 0;
}

int remote_send(void *sock, int n, const void *const *data, const size_t *len)
{
    for (int i = 0; i < n; i++) {
        int flags = ZMQ_DONTWAIT | (i + 1 < n ? ZMQ_SNDMORE : 0);
        if (zmq_send(sock, data[i], len[i], flags) < 0) return -1;
    }
    return 0;
}

int remote_send_text(void *sock, int n, const char *const *parts)
{
    const void *data[REMOTE_MAX_PARTS + 1];
    size_t len[REMOTE_MAX_PARTS + 1];
    if (n > REMOTE_MAX_PARTS + 1) return errno = EINVAL, -1;
    for (int i = 0; i < n; i++) {
        data[i] = parts[i];
        len[i] = strlen(parts[i]);
    }
    return remote_send(sock, n, data, len);
}

int remote_socket_common(void *sock)
{
    int ivl = REMOTE_HEARTBEAT_IVL_MS, timeout = REMOTE_HEARTBEAT_TIMEOUT_MS, zero = 0;
    /* the TTL asks the peer to drop us as well when we fall silent */
    int ttl = REMOTE_HEARTBEAT_TIMEOUT_MS, handshake = REMOTE_HANDSHAKE_MS;
    int64_t max = REMOTE_MAX_FILE + 4096;
    return zmq_setsockopt(sock, ZMQ_HEARTBEAT_IVL, &ivl, sizeof ivl) ||
                   zmq_setsockopt(sock, ZMQ_HEARTBEAT_TIMEOUT, &timeout, sizeof timeout) ||
                   zmq_setsockopt(sock, ZMQ_HEARTBEAT_TTL, &ttl, sizeof ttl) ||
                   zmq_setsockopt(sock, ZMQ_HANDSHAKE_IVL, &handshake, sizeof handshake) ||
                   zmq_setsockopt(sock, ZMQ_LINGER, &zero, sizeof zero) ||
                   zmq_setsockopt(sock, ZMQ_MAXMSGSIZE, &max, sizeof max)
               ? -1
               : 0;
}

int remote_curve_server(void *sock, const keys_pair *own)
{
    int one = 1;
    /* a ZAP domain makes libzmq ask the host's handler (host_zap.c) about
     * every client key; without a handler it would accept any */
    return zmq_setsockopt(sock, ZMQ_CURVE_SERVER, &one, sizeof one) ||
                   zmq_setsockopt(sock, ZMQ_CURVE_SECRETKEY, own->secret_z85, KEYS_Z85_LEN) ||
                   zmq_setsockopt(sock, ZMQ_ZAP_DOMAIN, "arena", 5)
               ? -1
               : 0;
}

int remote_curve_client(void *sock, const keys_pair *own, const char *server_public)
{
    return zmq_setsockopt(sock, ZMQ_CURVE_SERVERKEY, server_public, KEYS_Z85_LEN) ||
                   zmq_setsockopt(sock, ZMQ_CURVE_PUBLICKEY, own->public_z85, KEYS_Z85_LEN) ||
                   zmq_setsockopt(sock, ZMQ_CURVE_SECRETKEY, own->secret_z85, KEYS_Z85_LEN)
               ? -1
               : 0;
}
