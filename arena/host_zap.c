/* host_zap.c -- the ZAP handler of a seat host (host_zap.h). */
#include "host_zap.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zmq.h>

#include "arena/module_kit.h"
#include "arena/sdk.h"
#include "remote_wire.h"

#define ZAP_ENDPOINT "inproc://zeromq.zap.01"
#define ZAP_POLL_MS 200 /* how soon the thread sees host_zap_stop */

struct host_zap {
    void *sock;
    const keys_list *allow;
    host_zap_refusals refused;
    pthread_t th;
    atomic_int stop;
};

/* One request: version, request id, domain, address, identity, mechanism,
 * credentials (the client's 32-byte public key for CURVE). */
static void zap_answer(host_zap *z, remote_msg *req, const char *address, const char *mech,
                       const void *key, size_t keylen)
{
    char z85[KEYS_Z85_LEN + 1] = "";
    int ok = 0;
    if (strcmp(mech, "CURVE") == 0 && keylen == 32 && zmq_z85_encode(z85, key, 32))
        ok = keys_list_has(z->allow, z85);
    int say = !ok && z85[0] ? host_zap_refusal(&z->refused, z85, arena_now_us()) : HOST_ZAP_QUIET;
    if (say == HOST_ZAP_LOG_KEY)
        fprintf(stderr, "arena host: refused arena key %s from %s (not in --allow)\n", z85,
                address);
    else if (say == HOST_ZAP_LOG_CAP)
        fprintf(stderr,
                "arena host: more than %d refused arena keys this minute: the rest are not "
                "logged until the next\n",
                HOST_ZAP_LOGS_PER_MIN);
    size_t idlen;
    const void *id = remote_part(req, 1, &idlen);
    const void *data[6] = {"1.0",         id, ok ? "200" : "400", ok ? "OK" : "key not allowed",
                           ok ? z85 : "", ""};
    size_t len[6] = {3, idlen, 3, strlen(data[3]), strlen(data[4]), 0};
    for (int i = 0; i < 6; i++)
        zmq_send(z->sock, data[i], len[i], i < 5 ? ZMQ_SNDMORE : 0);
}

int host_zap_refusal(host_zap_refusals *r, const char *z85, int64_t now_us)
{
    for (unsigned i = 0; i < r->n; i++)
        if (strcmp(r->key[i], z85) == 0) return HOST_ZAP_QUIET;
    /* remembered whether logged or not: a key past the cap stays quiet
     * while it is remembered, as a logged one does */
    snprintf(r->key[r->next], sizeof r->key[r->next], "%s", z85);
    r->next = (r->next + 1) % HOST_ZAP_REMEMBER;
    if (r->n < HOST_ZAP_REMEMBER) r->n++;
    if (r->logged == 0 || now_us - r->minute_us >= 60 * 1000000LL) {
        r->minute_us = now_us;
        r->logged = 0;
    }
    if (r->logged > HOST_ZAP_LOGS_PER_MIN) return HOST_ZAP_QUIET;
    return ++r->logged > HOST_ZAP_LOGS_PER_MIN ? HOST_ZAP_LOG_CAP : HOST_ZAP_LOG_KEY;
}

static void *zap_thread(void *arg)
{
    host_zap *z = arg;
    while (!atomic_load(&z->stop)) {
        zmq_pollitem_t it = {z->sock, 0, ZMQ_POLLIN, 0};
        if (zmq_poll(&it, 1, ZAP_POLL_MS) <= 0) continue;
        /* seven parts: more than a remote_msg holds, so read them here */
        zmq_msg_t part[8];
        int n = 0, more = 1;
        while (more) {
            zmq_msg_t p;
            zmq_msg_init(&p);
            if (zmq_msg_recv(&p, z->sock, 0) < 0) {
                zmq_msg_close(&p);
                break;
            }
            more = zmq_msg_more(&p);
            if (n < 8)
                part[n++] = p;
            else
                zmq_msg_close(&p);
        }
        if (n == 7) {
            remote_msg req = {.n = 2};
            req.part[0] = part[0];
            req.part[1] = part[1];
            char address[64], mech[16];
            size_t al = zmq_msg_size(&part[3]), ml = zmq_msg_size(&part[5]);
            snprintf(address, sizeof address, "%.*s", (int)(al < 63 ? al : 63),
                     (const char *)zmq_msg_data(&part[3]));
            snprintf(mech, sizeof mech, "%.*s", (int)(ml < 15 ? ml : 15),
                     (const char *)zmq_msg_data(&part[5]));
            zap_answer(z, &req, address, mech, zmq_msg_data(&part[6]), zmq_msg_size(&part[6]));
        }
        for (int i = 0; i < n; i++)
            zmq_msg_close(&part[i]);
    }
    return NULL;
}

host_zap *host_zap_start(void *zctx, const keys_list *allow, char *err, size_t errlen)
{
    host_zap *z = calloc(1, sizeof *z);
    if (!z) return arena_errf(err, errlen, "out of memory"), NULL;
    z->allow = allow;
    int zero = 0;
    z->sock = zmq_socket(zctx, ZMQ_REP);
    if (!z->sock || zmq_setsockopt(z->sock, ZMQ_LINGER, &zero, sizeof zero) ||
        zmq_bind(z->sock, ZAP_ENDPOINT) != 0) {
        arena_errf(err, errlen, "ZAP handler: %s", zmq_strerror(errno));
        if (z->sock) zmq_close(z->sock);
        free(z);
        return NULL;
    }
    if (pthread_create(&z->th, NULL, zap_thread, z) != 0) {
        arena_errf(err, errlen, "ZAP handler: cannot start its thread");
        zmq_close(z->sock);
        free(z);
        return NULL;
    }
    return z;
}

void host_zap_stop(host_zap *z)
{
    if (!z) return;
    atomic_store(&z->stop, 1);
    pthread_join(z->th, NULL);
    zmq_close(z->sock);
    free(z);
}
