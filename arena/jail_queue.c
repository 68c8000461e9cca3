/* jail_queue.c -- the packets a seat host holds for its stopped jail
 * (jail_queue.h). */
#include "jail_queue.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

/* One packet without waiting: 1 sent, 0 the channel is full, -1 an error. */
static int send_one(int fd, const void *data, size_t len)
{
    for (;;) {
        if (send(fd, data, len, MSG_DONTWAIT | MSG_NOSIGNAL) == (ssize_t)len) return 1;
        if (errno == EINTR) continue;
        return errno == EAGAIN || errno == EWOULDBLOCK ? 0 : -1;
    }
}

int jail_queue_empty(const jail_queue *q)
{
    return q->head >= q->len;
}

static int queue_push(jail_queue *q, const void *data, size_t len)
{
    uint32_t n = (uint32_t)len;
    size_t need = sizeof n + len;
    if (len > UINT32_MAX || q->len - q->head + need > JAIL_QUEUE_MAX_BYTES)
        return errno = ENOBUFS, -1;
    if (q->head > 0 && q->head >= q->len / 2) { /* drop what went out */
        memmove(q->buf, q->buf + q->head, q->len - q->head);
        q->len -= q->head;
        q->head = 0;
    }
    if (q->len + need > q->cap) {
        size_t cap = q->cap ? q->cap : 4096;
        while (cap < q->len + need)
            cap *= 2;
        uint8_t *b = realloc(q->buf, cap);
        if (!b) return errno = ENOMEM, -1;
        q->buf = b;
        q->cap = cap;
    }
    memcpy(q->buf + q->len, &n, sizeof n);
    memcpy(q->buf + q->len + sizeof n, data, len);
    q->len += need;
    return 0;
}

int jail_queue_flush(jail_queue *q, int fd)
{
    while (!jail_queue_empty(q)) {
        uint32_t n;
        memcpy(&n, q->buf + q->head, sizeof n);
        int rc = send_one(fd, q->buf + q->head + sizeof n, n);
        if (rc <= 0) return rc < 0 ? -1 : 1;
        q->head += sizeof n + n;
    }
    q->head = q->len = 0;
    return 0;
}

int jail_queue_send(jail_queue *q, int fd, const void *data, size_t len)
{
    if (jail_queue_empty(q)) {
        int rc = send_one(fd, data, len);
        if (rc != 0) return rc < 0 ? -1 : 0;
    }
    return queue_push(q, data, len);
}

void jail_queue_free(jail_queue *q)
{
    free(q->buf);
    memset(q, 0, sizeof *q);
}
