/* seat_remote.c -- a seat whose bot runs on a seat host of another machine
 * (`arena host`, host.h): the calls of seat.h become the messages of
 * remote_wire.h over one CURVE DEALER (remote_hosts.h).
 *
 * Opening sends the bot and the rule module by hash when the host asks for
 * them, then asks who the bot is, as seat_process.c does. A turn carries its
 * deadline (budget plus the arena's margin) to the host, which enforces it
 * where the bot runs, in time the bot had (worker.h), and reports that time;
 * the arena waits up to the WORKER_WAIT_US backstop plus the host's network
 * margin, and a host that falls silent is lost by its heartbeats. Any failure of the host itself
 * (lost connection, silence, a FAULT answer to OPEN: remote_wire.h) marks the seat host_lost
 * (seat.h: from the host's state, never from a detail, which a bot can write) and its detail
 * starts with REMOTE_HOST_LOST for people: the tournament plays that match again elsewhere. A
 * bot that does not load is answered by its seat, and is the bot's own forfeit.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena/module_kit.h"
#include "arena/sdk.h"
#include "outcome.h"
#include "remote_hosts.h"
#include "seat_wire.h"
#include "wire.h"
#include "worker.h"

#define SEAT_REMOTE_FILE_US (60 * 1000000LL) /* a file's trip on a slow link */

typedef struct seat_remote {
    seat base;
    remote_conn c;
    const entrant *e;
    int broken;
    int gone; /* the host closed the seat (idle too long): open another */
    wire_buf out;
    wire_scratch scratch;
} seat_remote;

static int sr_broken(seat_remote *r, int code, char *err, size_t errlen, const char *fmt,
                     const char *detail)
{
    r->broken = 1;
    /* the host's state, not the detail: a bot writes its own error texts */
    r->base.host_lost = atomic_load(&r->c.h->lost);
    arena_errf(err, errlen, fmt, detail);
    return code;
}

/* Sends an ArenaMsg (MSG timeout bytes, or OVER bytes). */
static int sr_send(seat_remote *r, const char *verb, const Arena__ArenaMsg *m, int64_t timeout_us,
                   char *err, size_t errlen)
{
    size_t len = 0;
    char t[24];
    snprintf(t, sizeof t, "%lld", (long long)timeout_us);
    if (wire_pack_arena(m, &r->out, &len) != 0)
        return sr_broken(r, OUTCOME_CRASH, err, errlen, "%s", "out of memory");
    const void *data[3] = {verb, t, r->out.data};
    size_t lens[3] = {strlen(verb), strlen(t), len};
    int over = strcmp(verb, "OVER") == 0;
    if (over) data[1] = r->out.data, lens[1] = len;
    if (remote_send(r->c.sock, over ? 2 : 3, data, lens) != 0) {
        char why[300];
        snprintf(why, sizeof why, "%s: %s: send: %s", REMOTE_HOST_LOST, r->c.h->endpoint,
                 zmq_strerror(errno));
        return sr_broken(r, OUTCOME_CRASH, err, errlen, "%s", why);
    }
    return OUTCOME_NORMAL;
}

/* The WorkerMsg answering a request, decoded; a Fault becomes its outcome. */
static int sr_answer(seat_remote *r, int64_t timeout_us, Arena__WorkerMsg **out,
                     int64_t *elapsed_us, char *err, size_t errlen)
{
    remote_msg m;
    char why[400];
    int64_t deadline = arena_now_us() + timeout_us + r->c.h->margin_us;
    if (remote_conn_wait(&r->c, deadline, &m, why, sizeof why) < 0)
        return sr_broken(r, OUTCOME_CRASH, err, errlen, "%s", why);
    if (remote_part_is(&m, 0, "GONE")) {
        remote_msg_close(&m);
        r->gone = 1;
        return sr_broken(r, OUTCOME_CRASH, err, errlen, "%s", "seat closed by its host");
    }
    size_t len;
    const void *data = remote_part(&m, 1, &len);
    int ok = remote_part_is(&m, 0, "MSG") &&
             wire_decode_worker(&r->scratch.alloc, data, len, out) == WIRE_OK;
    if (!ok || (elapsed_us && remote_part_i64(&m, 2, elapsed_us) < 0)) {
        if (ok) arena__worker_msg__free_unpacked(*out, &r->scratch.alloc);
        remote_msg_close(&m);
        return sr_broken(r, OUTCOME_CRASH, err, errlen, "%s", "seat host: unreadable answer");
    }
    remote_msg_close(&m);
    if ((*out)->body_case == ARENA__WORKER_MSG__BODY_FAULT) {
        int code = (*out)->fault->outcome;
        if (!outcome_is_forfeit(code)) code = OUTCOME_CRASH;
        sr_broken(r, code, err, errlen, "%s", (*out)->fault->detail);
        arena__worker_msg__free_unpacked(*out, &r->scratch.alloc);
        *out = NULL;
        return code;
    }
    return OUTCOME_NORMAL;
}

/* Setup (think_us, cpu_us: the start's times, as a turn's; may be NULL). */
static int sr_setup(seat_remote *r, const Arena__Setup *setup, int64_t timeout_us,
                    Arena__BotInfo **info, int64_t *think_us, int64_t *cpu_us, char *err,
                    size_t errlen)
{
    int64_t think = 0;
    if (think_us) *think_us = 0;
    if (cpu_us) *cpu_us = 0;
    if (r->broken) return arena_errf(err, errlen, "seat already stopped"), OUTCOME_CRASH;
    Arena__ArenaMsg m = ARENA__ARENA_MSG__INIT;
    m.body_case = ARENA__ARENA_MSG__BODY_SETUP;
    m.setup = (Arena__Setup *)setup;
    Arena__WorkerMsg *w = NULL;
    /* the host's seat counts the limit in time the bot had (worker.h) */
    int code = sr_send(r, "MSG", &m, timeout_us, err, errlen);
    if (code == OUTCOME_NORMAL)
        code = sr_answer(r, WORKER_WAIT_US(timeout_us), &w, &think, err, errlen);
    if (code != OUTCOME_NORMAL) return code;
    if (w->body_case != ARENA__WORKER_MSG__BODY_SETUP_REPLY) {
        arena__worker_msg__free_unpacked(w, &r->scratch.alloc);
        return sr_broken(r, OUTCOME_GARBAGE, err, errlen, "%s", "unexpected answer to Setup");
    }
    Arena__SetupReply *sr = w->setup_reply;
    if (think_us) *think_us = think > 0 ? think : 0;
    if (cpu_us) *cpu_us = sr->cpu_us > 0 ? sr->cpu_us : 0;
    if (!sr->ok) {
        sr_broken(r, OUTCOME_SETUP, err, errlen, "%s", sr->error);
        code = OUTCOME_SETUP;
    } else if (info && sr->info) {
        size_t n = arena__bot_info__get_packed_size(sr->info);
        uint8_t *buf = malloc(n ? n : 1);
        if (buf) {
            arena__bot_info__pack(sr->info, buf);
            *info = arena__bot_info__unpack(NULL, n, buf);
            free(buf);
        }
    }
    arena__worker_msg__free_unpacked(w, &r->scratch.alloc);
    return code;
}

static int sr_open_on_host(seat_remote *r, char *err, size_t errlen);

/* A fresh connection and seat on the same host, asked who it is again. */
static int sr_reopen(seat_remote *r, char *err, size_t errlen)
{
    remote_conn_close(&r->c);
    r->broken = r->gone = 0;
    Arena__Setup setup = ARENA__SETUP__INIT;
    setup.info_only = 1;
    if (remote_conn_open(r->c.rs, r->c.h, &r->c, err, errlen) || sr_open_on_host(r, err, errlen) ||
        sr_setup(r, &setup, SEAT_LOAD_TIMEOUT_US, NULL, NULL, NULL, err, errlen) !=
            OUTCOME_NORMAL) {
        r->broken = 1;
        return -1;
    }
    return 0;
}

static int sr_start(seat *s, const seat_game *g, int64_t *think_us, int64_t *cpu_us, char *err,
                    size_t errlen)
{
    Arena__Setup setup;
    Arena__TimeControl tc;
    seat_wire_setup(g, &setup, &tc);
    seat_remote *r = (seat_remote *)s;
    /* an idle seat whose host was lost meanwhile moves to a live one */
    remote_host *to = atomic_load(&r->c.h->lost) ? remote_set_pick(r->c.rs) : NULL;
    int code = OUTCOME_CRASH;
    if (to) r->c.h = to;
    if (!to || sr_reopen(r, err, errlen) == 0)
        code = sr_setup(r, &setup, g->timeout_us, NULL, think_us, cpu_us, err, errlen);
    /* a seat idle in the pool longer than the host keeps one: a new one on
     * the same host, before the game, so the match never sees it */
    if (code != OUTCOME_NORMAL && r->gone && sr_reopen(r, err, errlen) == 0)
        code = sr_setup(r, &setup, g->timeout_us, NULL, think_us, cpu_us, err, errlen);
    /* a failed reopen (the new host answered FAULT, fell silent) is the
     * host's: from its state, as sr_broken says for every other failure */
    if (code != OUTCOME_NORMAL) r->base.host_lost |= atomic_load(&r->c.h->lost);
    return code;
}

static int sr_act(seat *s, const seat_turn *t, int32_t *action, int64_t *think_us, int64_t *cpu_us,
                  char *err, size_t errlen)
{
    seat_remote *r = (seat_remote *)s;
    *think_us = *cpu_us = 0;
    if (r->broken) return arena_errf(err, errlen, "seat already stopped"), OUTCOME_CRASH;
    Arena__TurnRequest turn;
    seat_wire_turn(t, &turn);
    Arena__ArenaMsg m = ARENA__ARENA_MSG__INIT;
    m.body_case = ARENA__ARENA_MSG__BODY_TURN;
    m.turn = &turn;
    Arena__WorkerMsg *w = NULL;
    /* the host's seat counts the limit in time the bot had, and answers
     * with that time (worker.h); a silent host is lost by its heartbeats */
    int code = sr_send(r, "MSG", &m, t->timeout_us, err, errlen);
    if (code == OUTCOME_NORMAL)
        code = sr_answer(r, WORKER_WAIT_US(t->timeout_us), &w, think_us, err, errlen);
    if (code != OUTCOME_NORMAL) return code;
    if (w->body_case != ARENA__WORKER_MSG__BODY_ACTION) {
        arena__worker_msg__free_unpacked(w, &r->scratch.alloc);
        return sr_broken(r, OUTCOME_GARBAGE, err, errlen, "%s", "unexpected answer to a turn");
    }
    *action = w->action->action;
    *cpu_us = w->action->cpu_us > 0 ? w->action->cpu_us : 0;
    arena__worker_msg__free_unpacked(w, &r->scratch.alloc);
    return OUTCOME_NORMAL;
}

static void sr_event(seat *s, arena_event_kind kind, int who, int32_t action)
{
    seat_remote *r = (seat_remote *)s;
    if (r->broken) return;
    Arena__Event ev;
    seat_wire_event(kind, who, action, &ev);
    Arena__ArenaMsg m = ARENA__ARENA_MSG__INIT;
    m.body_case = ARENA__ARENA_MSG__BODY_EVENT;
    m.event = &ev;
    char err[300];
    (void)sr_send(r, "MSG", &m, 0, err, sizeof err); /* a failure shows at the next turn */
}

static int sr_game_over(seat *s, const double *returns, int num_players)
{
    seat_remote *r = (seat_remote *)s;
    if (r->broken) return OUTCOME_CRASH;
    Arena__GameOver g;
    seat_wire_game_over(returns, num_players, &g);
    Arena__ArenaMsg m = ARENA__ARENA_MSG__INIT;
    m.body_case = ARENA__ARENA_MSG__BODY_GAME_OVER;
    m.game_over = &g;
    char err[400];
    remote_msg a;
    if (sr_send(r, "OVER", &m, 0, err, sizeof err) != OUTCOME_NORMAL ||
        remote_conn_wait(&r->c, arena_now_us() + SEAT_START_TIMEOUT_US, &a, err, sizeof err) < 0) {
        r->broken = 1;
        return OUTCOME_CRASH;
    }
    int done = remote_part_is(&a, 0, "DONE");
    remote_msg_close(&a);
    if (!done) r->broken = 1;
    return done ? OUTCOME_NORMAL : OUTCOME_TIME; /* RETIRE: as seat_process.c retires */
}

static void sr_close(seat *s)
{
    seat_remote *r = (seat_remote *)s;
    if (r->c.sock && !atomic_load(&r->c.h->lost)) {
        const char *bye = "BYE";
        /* a moment for the Bye to leave, or the host keeps the seat until
         * it has been idle for HOST_SEAT_IDLE_S */
        int linger = 500;
        zmq_setsockopt(r->c.sock, ZMQ_LINGER, &linger, sizeof linger);
        remote_send_text(r->c.sock, 1, &bye);
    }
    remote_conn_close(&r->c);
    seat_info_free(&r->base.info);
    wire_buf_free(&r->out);
    free(r);
}

static const seat_ops seat_remote_ops = {sr_start, sr_act, sr_event, sr_game_over, sr_close};

/* Reads a whole file (the bot or the rule module the host asked for). */
static void *sr_slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    void *buf = NULL;
    long n = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
    if (n >= 0 && n <= REMOTE_MAX_FILE && fseek(f, 0, SEEK_SET) == 0 &&
        (buf = malloc(n ? (size_t)n : 1)) && fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    *len = (size_t)(n > 0 ? n : 0);
    return buf;
}

/* OPEN, the files the host has not cached, OPENED. */
static int sr_open_on_host(seat_remote *r, char *err, size_t errlen)
{
    remote_set *rs = r->c.rs;
    char sandbox[8], mem[24];
    snprintf(sandbox, sizeof sandbox, "%d", rs->local->sandbox);
    snprintf(mem, sizeof mem, "%lld", (long long)rs->local->mem_limit_mb);
    const char *data_sha = r->e->data_sha256[0] ? r->e->data_sha256 : "-";
    const char *open[6] = {"OPEN", r->e->sha256, rs->rules_sha, sandbox, mem, data_sha};
    char why[400];
    /* a request the host's socket will not take is the host's failure */
    if (remote_send_text(r->c.sock, 6, open)) {
        snprintf(why, sizeof why, "send: %s", zmq_strerror(errno));
        return remote_conn_fault(&r->c, why, err, errlen);
    }
    for (;;) {
        remote_msg m;
        if (remote_conn_wait(&r->c, arena_now_us() + SEAT_REMOTE_FILE_US, &m, err, errlen))
            return -1;
        char text[400];
        remote_part_str(&m, 1, text, sizeof text);
        int opened = remote_part_is(&m, 0, "OPENED"), need = remote_part_is(&m, 0, "NEED");
        int error = remote_part_is(&m, 0, "ERROR"), fault = remote_part_is(&m, 0, "FAULT");
        remote_msg_close(&m);
        if (opened) return 0;
        /* ERROR: this bot's files (its own forfeit); FAULT: the host's own
         * failure, whatever the bot (remote_wire.h) */
        if (error) return arena_errf(err, errlen, "host %s: %s", r->c.h->endpoint, text), -1;
        if (fault) return remote_conn_fault(&r->c, text, err, errlen);
        int is_data = need && r->e->data_sha256[0] && strcmp(text, r->e->data_sha256) == 0;
        const char *path = !need                              ? NULL
                           : strcmp(text, r->e->sha256) == 0  ? r->e->path
                           : strcmp(text, rs->rules_sha) == 0 ? rs->local->rules_path
                           : is_data                          ? r->e->path
                                                              : NULL;
        if (!path) return remote_conn_fault(&r->c, "unexpected answer to OPEN", err, errlen);
        size_t len;
        void *bytes = NULL;
        if (is_data) {
            /* packed again (remote_prepare_entrants hashed it): a directory
             * changed since then hashes differently, and the host says so */
            if (remote_pack_data(path, (uint8_t **)&bytes, &len, err, errlen)) return -1;
        } else if (!(bytes = sr_slurp(path, &len))) {
            return arena_errf(err, errlen, "%s: cannot read it to send", path), -1;
        }
        const void *data[3] = {"FILE", text, bytes};
        size_t lens[3] = {4, strlen(text), len};
        int rc = remote_send(r->c.sock, 3, data, lens);
        free(bytes);
        if (rc) {
            snprintf(why, sizeof why, "send: %s", zmq_strerror(errno));
            return remote_conn_fault(&r->c, why, err, errlen);
        }
    }
}

seat *seat_remote_open(remote_set *rs, remote_host *h, const entrant *e, char *err, size_t errlen)
{
    seat_remote *r = calloc(1, sizeof *r);
    if (!r) return arena_errf(err, errlen, "out of memory"), NULL;
    r->base.ops = &seat_remote_ops;
    r->base.own_memory = 1; /* a process on the host: never two games of one deal (seat.h) */
    r->base.needs_observation = 1;
    r->e = e;
    wire_scratch_init(&r->scratch);
    char why[600];
    Arena__BotInfo *bi = NULL;
    Arena__Setup setup = ARENA__SETUP__INIT;
    setup.info_only = 1;
    if (remote_conn_open(rs, h, &r->c, why, sizeof why) || sr_open_on_host(r, why, sizeof why) ||
        sr_setup(r, &setup, SEAT_LOAD_TIMEOUT_US, &bi, NULL, NULL, why, sizeof why) !=
            OUTCOME_NORMAL ||
        !bi) {
        if (bi) arena__bot_info__free_unpacked(bi, NULL);
        sr_close(&r->base);
        /* a lost host (its state, not the words of why, which may be the
         * bot's) keeps the marker first: the match is played again */
        if (!atomic_load(&h->lost))
            arena_errf(err, errlen, "%s: on %s: %s", e->path, h->endpoint, why);
        else if (seat_host_lost(why)) /* remote_lost's words */
            arena_errf(err, errlen, "%s", why);
        else
            arena_errf(err, errlen, "%s: %s: %s", SEAT_HOST_LOST, h->endpoint, why);
        return NULL;
    }
    seat_wire_info(bi, &r->base.info);
    arena__bot_info__free_unpacked(bi, NULL);
    return &r->base;
}
