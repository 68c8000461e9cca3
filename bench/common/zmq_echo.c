/* zmq_echo.c -- the bare round-trip baseline (see zmq_echo.h). */
#include "zmq_echo.h"

#include <string.h>
#include <zmq.h>

#include "arena/sdk.h"

void zmq_echo_serve(void *dealer)
{
    zmq_send(dealer, "ready", 5, 0);
    char buf[512];
    for (;;) {
        int n = zmq_recv(dealer, buf, sizeof buf, 0);
        if (n <= 0 || (n == 3 && memcmp(buf, "bye", 3) == 0)) break;
        zmq_send(dealer, buf, (size_t)n, 0);
    }
}

double zmq_echo_round_trips(void *router, int trips)
{
    char id[256], buf[512], msg[64] = {0};
    int idlen = zmq_recv(router, id, sizeof id, 0);
    zmq_recv(router, buf, sizeof buf, 0);
    if (idlen < 0) return -1;
    int64_t t0 = arena_now_us();
    for (int i = 0; i < trips; i++) {
        zmq_send(router, id, (size_t)idlen, ZMQ_SNDMORE);
        zmq_send(router, msg, sizeof msg, 0);
        zmq_recv(router, id, sizeof id, 0);
        zmq_recv(router, buf, sizeof buf, 0);
    }
    double per = (double)(arena_now_us() - t0) / trips;
    zmq_send(router, id, (size_t)idlen, ZMQ_SNDMORE);
    zmq_send(router, "bye", 3, 0);
    return per;
}
