/* fake_worker.c -- misbehaving workers: "garbage" answers its first request
 * with junk bytes, "bad-ready" sends junk instead of Ready, "echo" returns
 * every frame as it came (a bare DEALER for the baseline round trip). */
#include "fake_worker.h"

#include <string.h>
#include <unistd.h>
#include <zmq.h>

#include "wire.h"

static int fake_ready(void *sock)
{
    wire_buf b = {0};
    Arena__Ready ready = ARENA__READY__INIT;
    ready.pid = (uint32_t)getpid();
    ready.protocol = WIRE_PROTOCOL_VERSION;
    Arena__WorkerMsg m = ARENA__WORKER_MSG__INIT;
    m.body_case = ARENA__WORKER_MSG__BODY_READY;
    m.ready = &ready;
    int rc = wire_send_worker(sock, &m, &b);
    wire_buf_free(&b);
    return rc;
}

int fake_worker_main(const char *mode, int argc, char **argv)
{
    static const char junk[] = "\xff\xff\xff\xff\x0f garbage";
    if (argc < 2) return 2;
    void *ctx = zmq_ctx_new();
    void *sock = zmq_socket(ctx, ZMQ_DEALER);
    int zero = 0, timeout = 10000;
    zmq_setsockopt(sock, ZMQ_LINGER, &zero, sizeof zero);
    zmq_setsockopt(sock, ZMQ_RCVTIMEO, &timeout, sizeof timeout);
    if (zmq_connect(sock, argv[1]) < 0) return 1;
    if (strcmp(mode, "bad-ready") == 0) {
        zmq_send(sock, junk, sizeof junk - 1, 0);
    } else if (fake_ready(sock) < 0) {
        return 1;
    }
    char buf[4096];
    for (;;) {
        int n = zmq_recv(sock, buf, sizeof buf, 0);
        if (n < 0) break;
        if (strcmp(mode, "echo") == 0) {
            zmq_send(sock, buf, (size_t)n, 0);
        } else {
            zmq_send(sock, junk, sizeof junk - 1, 0);
        }
    }
    zmq_close(sock);
    zmq_ctx_term(ctx);
    return 0;
}
