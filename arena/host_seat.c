/* host_seat.c -- the thread of one remote seat (host_seat.h). */
#include "host_seat.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zmq.h>

#include "arena/module_kit.h"
#include "outcome.h"
#include "remote_wire.h"
#include "seat.h"
#include "wire.h"

struct host_seat {
    host_seat_config cfg;
    void *zctx;
    worker_env *env;
    char endpoint[64];
    pthread_t th;
    /* the thread's own */
    void *pair;
    worker *w;
    int pending; /* a failure of an event, answered at the next request */
    char pending_err[400];
    wire_buf out;
    wire_scratch scratch;
};

static void hs_text(host_seat *s, const char *a, const char *b)
{
    const char *parts[2] = {a, b};
    remote_send_text(s->pair, b ? 2 : 1, parts);
}

/* Sends a WorkerMsg back, with the host's measure of the time it took. */
static void hs_reply(host_seat *s, const Arena__WorkerMsg *m, int64_t elapsed_us)
{
    size_t len = 0;
    char el[24];
    snprintf(el, sizeof el, "%lld", (long long)elapsed_us);
    if (wire_pack_worker(m, &s->out, &len) != 0) return;
    const void *data[3] = {"MSG", s->out.data, el};
    size_t lens[3] = {3, len, strlen(el)};
    remote_send(s->pair, 3, data, lens);
}

static void hs_fault(host_seat *s, int code, const char *detail)
{
    Arena__Fault f = ARENA__FAULT__INIT;
    f.outcome = code;
    f.detail = (char *)detail;
    Arena__WorkerMsg m = ARENA__WORKER_MSG__INIT;
    m.body_case = ARENA__WORKER_MSG__BODY_FAULT;
    m.fault = &f;
    hs_reply(s, &m, 0);
}

static void hs_setup(host_seat *s, const Arena__Setup *setup, int64_t timeout_us)
{
    char err[400];
    Arena__BotInfo *info = NULL;
    int64_t think = 0, cpu = 0;
    int code = worker_setup(s->w, setup, timeout_us, &info, &think, &cpu, err, sizeof err);
    if (code == OUTCOME_NORMAL || code == OUTCOME_SETUP) {
        Arena__SetupReply r = ARENA__SETUP_REPLY__INIT;
        r.ok = code == OUTCOME_NORMAL;
        r.error = code == OUTCOME_NORMAL ? "" : err;
        r.info = info;
        r.cpu_us = cpu;
        Arena__WorkerMsg m = ARENA__WORKER_MSG__INIT;
        m.body_case = ARENA__WORKER_MSG__BODY_SETUP_REPLY;
        m.setup_reply = &r;
        hs_reply(s, &m, think);
    } else {
        hs_fault(s, code, err);
    }
    if (info) arena__bot_info__free_unpacked(info, NULL);
}

static void hs_turn(host_seat *s, const Arena__TurnRequest *turn, int64_t timeout_us)
{
    char err[400];
    int32_t action = 0;
    int64_t elapsed = 0, cpu = 0;
    int code = worker_act(s->w, turn, timeout_us, &action, &elapsed, &cpu, err, sizeof err);
    if (code != OUTCOME_NORMAL) {
        hs_fault(s, code, err);
        return;
    }
    Arena__ActionReply a = ARENA__ACTION_REPLY__INIT;
    a.seq = turn->seq;
    a.action = action;
    a.cpu_us = cpu;
    Arena__WorkerMsg m = ARENA__WORKER_MSG__INIT;
    m.body_case = ARENA__WORKER_MSG__BODY_ACTION;
    m.action = &a;
    hs_reply(s, &m, elapsed);
}

/* MSG timeout ArenaMsg: Setup and Turn are answered, Event is not. */
static void hs_msg(host_seat *s, const remote_msg *rm)
{
    int64_t timeout_us;
    size_t len;
    const void *data = remote_part(rm, 2, &len);
    Arena__ArenaMsg *m = NULL;
    if (remote_part_i64(rm, 1, &timeout_us) < 0 ||
        wire_decode_arena(&s->scratch.alloc, data, len, &m) != WIRE_OK) {
        hs_fault(s, OUTCOME_CRASH, "seat host: unreadable request from the arena");
        return;
    }
    int asks =
        m->body_case == ARENA__ARENA_MSG__BODY_SETUP || m->body_case == ARENA__ARENA_MSG__BODY_TURN;
    if (s->pending) {
        if (asks) hs_fault(s, s->pending, s->pending_err);
    } else if (m->body_case == ARENA__ARENA_MSG__BODY_SETUP) {
        hs_setup(s, m->setup, timeout_us);
    } else if (m->body_case == ARENA__ARENA_MSG__BODY_TURN) {
        hs_turn(s, m->turn, timeout_us);
    } else if (m->body_case == ARENA__ARENA_MSG__BODY_EVENT) {
        int code = worker_event(s->w, m->event, s->pending_err, sizeof s->pending_err);
        if (code != OUTCOME_NORMAL) s->pending = code;
    }
    arena__arena_msg__free_unpacked(m, &s->scratch.alloc);
}

/* OVER GameOver: DONE when the seat can play another game, RETIRE when not. */
static void hs_over(host_seat *s, const remote_msg *rm)
{
    size_t len;
    const void *data = remote_part(rm, 1, &len);
    Arena__ArenaMsg *m = NULL;
    int ok = !s->pending && wire_decode_arena(&s->scratch.alloc, data, len, &m) == WIRE_OK &&
             m->body_case == ARENA__ARENA_MSG__BODY_GAME_OVER;
    if (ok) {
        char err[400];
        ok = worker_game_over(s->w, m->game_over, err, sizeof err) == OUTCOME_NORMAL &&
             !worker_cpu_exhausted(s->w); /* as seat_process.c retires it */
    }
    if (m) arena__arena_msg__free_unpacked(m, &s->scratch.alloc);
    hs_text(s, ok ? "DONE" : "RETIRE", NULL);
}

static void *hs_thread(void *arg)
{
    host_seat *s = arg;
    char err[400];
    worker_config wc = {.bot_path = s->cfg.bot_path,
                        .rules_path = s->cfg.rules_path,
                        .sandbox = s->cfg.sandbox,
                        .mem_limit_mb = s->cfg.mem_limit_mb,
                        .data_dir = s->cfg.data_dir};
    /* Every failure here is the host's: an ipc listener, a pipe, a process,
     * its Ready. No bot code has run yet -- the jail loads the bot at the
     * first Setup, and a bot that does not load says so there, as locally
     * (worker.h). So FAULT, never the bot's forfeit (remote_wire.h). */
    s->w = worker_spawn(s->env, &wc, SEAT_SPAWN_TIMEOUT_US, err, sizeof err);
    if (!s->w) {
        hs_text(s, "FAULT", err);
        hs_text(s, "CLOSED", NULL);
        return NULL;
    }
    hs_text(s, "OPENED", NULL);
    for (;;) {
        zmq_pollitem_t it = {s->pair, 0, ZMQ_POLLIN, 0};
        int rc = zmq_poll(&it, 1, HOST_SEAT_IDLE_S * 1000L);
        if (rc < 0 && errno == EINTR) continue;
        if (rc <= 0) break; /* idle too long: the arena is gone */
        remote_msg m;
        if (remote_recv(s->pair, 0, &m) <= 0) break;
        int bye = remote_part_is(&m, 0, "BYE");
        if (remote_part_is(&m, 0, "MSG"))
            hs_msg(s, &m);
        else if (remote_part_is(&m, 0, "OVER"))
            hs_over(s, &m);
        remote_msg_close(&m);
        if (bye) break;
    }
    worker_close(s->w);
    s->w = NULL;
    hs_text(s, "CLOSED", NULL);
    return NULL;
}

host_seat *host_seat_start(void *zctx, worker_env *env, const host_seat_config *cfg, void **pair,
                           char *err, size_t errlen)
{
    static atomic_uint next;
    host_seat *s = calloc(1, sizeof *s);
    if (!s) return arena_errf(err, errlen, "out of memory"), NULL;
    s->cfg = *cfg;
    s->zctx = zctx;
    s->env = env;
    wire_scratch_init(&s->scratch);
    snprintf(s->endpoint, sizeof s->endpoint, "inproc://host-seat-%u", atomic_fetch_add(&next, 1));
    int zero = 0;
    *pair = zmq_socket(zctx, ZMQ_PAIR);
    s->pair = zmq_socket(zctx, ZMQ_PAIR);
    if (!*pair || !s->pair || zmq_setsockopt(*pair, ZMQ_LINGER, &zero, sizeof zero) ||
        zmq_bind(*pair, s->endpoint) || zmq_connect(s->pair, s->endpoint)) {
        arena_errf(err, errlen, "seat socket: %s", zmq_strerror(errno));
        goto fail;
    }
    if (pthread_create(&s->th, NULL, hs_thread, s) != 0) {
        arena_errf(err, errlen, "cannot start a seat thread");
        goto fail;
    }
    return s;
fail:
    if (*pair) zmq_close(*pair);
    if (s->pair) zmq_close(s->pair);
    *pair = NULL;
    free(s);
    return NULL;
}

void host_seat_free(host_seat *s)
{
    if (!s) return;
    pthread_join(s->th, NULL);
    zmq_close(s->pair);
    wire_buf_free(&s->out);
    free(s);
}
