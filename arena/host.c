/* host.c -- the main loop of `arena host` (host.h): one ROUTER facing the
 * arenas, one PAIR per seat thread; it never waits on a bot. */
#include "host.h"

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <zmq.h>

#include "arena/module_kit.h"
#include "host_cache.h"
#include "host_seat.h"
#include "host_zap.h"
#include "remote_wire.h"
#include "sandbox.h"
#include "wire.h"
#include "worker.h"

#define HOST_POLL_MS 500 /* how soon a signal is noticed */
#define HOST_MAX_SEATS 1024
/* Descriptors a new seat must leave free (host_fd_headroom): the seats
 * being spawned at once need a few each, and the rest is a margin for the
 * connections that arrive meanwhile. */
#define HOST_FD_RESERVE 256
/* The handshake of a connection to the host's port (tcp, then CURVE) that
 * takes longer is dropped: each one holds a descriptor until then, keys or
 * none, so it is shorter than an arena's own (REMOTE_HANDSHAKE_MS), still
 * ample for a few round trips across the world. */
#define HOST_HANDSHAKE_MS 2000

/* One arena DEALER: a seat being opened (its files still travelling) or a
 * seat whose thread runs. */
typedef struct host_conn {
    uint8_t id[WIRE_ID_MAX];
    size_t idlen;
    char bot_sha[65], rules_sha[65];
    char data_sha[65]; /* the bot's packed data directory, "" for none */
    int sandbox;
    int64_t mem_mb;
    host_seat *seat; /* NULL while opening */
    void *pair;
    int fd; /* the arena's connection (tcp socket) as libzmq numbers it; -1 unknown */
} host_conn;

typedef struct host_loop {
    void *zctx, *router;
    void *events; /* the router's monitor: which arena connections closed */
    worker_env *env;
    host_cache cache;
    host_conn *conn[HOST_MAX_SEATS];
    int n;
    int allow_unsandboxed;
    long die_after, msgs; /* the test hook (host_test_death) */
    int freeze;
    long fd_reserve; /* descriptors kept free (host_fd_headroom) */
    long seats_before_fault, seats; /* the test hook (host_test_fault) */
} host_loop;

static volatile sig_atomic_t host_stop;

static void host_on_signal(int sig)
{
    (void)sig;
    host_stop = 1;
}

/* To the arena behind conn: the parts given. */
static int host_to(host_loop *h, const uint8_t *id, size_t idlen, int n, const void *const *data,
                   const size_t *len)
{
    if (zmq_send(h->router, id, idlen, ZMQ_SNDMORE | ZMQ_DONTWAIT) < 0) return -1;
    return remote_send(h->router, n, data, len);
}

static void host_text(host_loop *h, const host_conn *c, const char *a, const char *b)
{
    const void *data[2] = {a, b};
    size_t len[2] = {strlen(a), b ? strlen(b) : 0};
    (void)host_to(h, c->id, c->idlen, b ? 2 : 1, data, len);
}

static host_conn *host_find(host_loop *h, const void *id, size_t idlen)
{
    for (int i = 0; i < h->n; i++)
        if (h->conn[i]->idlen == idlen && memcmp(h->conn[i]->id, id, idlen) == 0) return h->conn[i];
    return NULL;
}

static void host_drop(host_loop *h, host_conn *c)
{
    for (int i = 0; i < h->n; i++)
        if (h->conn[i] == c) {
            h->conn[i] = h->conn[--h->n];
            break;
        }
    if (c->seat) host_seat_free(c->seat);
    if (c->pair) zmq_close(c->pair);
    free(c);
}

/* How many descriptors are open here; -1 when even that cannot be known. */
static long host_fds_open(void)
{
    DIR *d = opendir("/proc/self/fd");
    if (!d) return -1;
    long n = 0;
    for (struct dirent *e; (e = readdir(d));)
        n += e->d_name[0] != '.';
    closedir(d);
    return n - 1; /* the directory's own */
}

/* Whether a new seat leaves the host h->fd_reserve descriptors to spare.
 * Every connection to the port holds one from its first byte, keys or not
 * (libzmq has no limit before the handshake), and a seat's spawn needs a few
 * (worker_spawn: an ipc listener, its connection, a pipe, a pidfd); libzmq
 * aborts the whole host when its ipc listener meets EMFILE. A seat refused
 * here is the host's failure (FAULT), not the bot's. */
static int host_fd_headroom(const host_loop *h, char *err, size_t errlen)
{
    struct rlimit rl;
    long n_open = host_fds_open();
    if (getrlimit(RLIMIT_NOFILE, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY) return 1;
    if (n_open >= 0 && (rlim_t)n_open + (rlim_t)h->fd_reserve < rl.rlim_cur) return 1;
    arena_errf(err, errlen, "the host is short of file descriptors (%ld open, limit %llu)", n_open,
               (unsigned long long)rl.rlim_cur);
    return 0;
}

/* Tests only: ARENA_HOST_FAULT_AFTER=N starts N seats and answers every
 * later one FAULT, as a host that runs short of descriptors midway (what a
 * seat moved from a lost host meets there: tests/remote). */
static int host_test_fault(host_loop *h, char *err, size_t errlen)
{
    if (h->seats_before_fault <= 0 || h->seats++ < h->seats_before_fault) return 0;
    arena_errf(err, errlen, "the host refuses seats after %ld (ARENA_HOST_FAULT_AFTER)",
               h->seats_before_fault);
    return 1;
}

/* Asks for the next missing file, or starts the seat when none is. */
static void host_continue_open(host_loop *h, host_conn *c)
{
    host_seat_config cfg = {.sandbox = c->sandbox, .mem_limit_mb = c->mem_mb};
    if (!host_cache_path(&h->cache, c->bot_sha, cfg.bot_path, sizeof cfg.bot_path)) {
        host_text(h, c, "NEED", c->bot_sha);
        return;
    }
    if (!host_cache_path(&h->cache, c->rules_sha, cfg.rules_path, sizeof cfg.rules_path)) {
        host_text(h, c, "NEED", c->rules_sha);
        return;
    }
    if (c->data_sha[0] &&
        !host_cache_datadir_path(&h->cache, c->data_sha, cfg.data_dir, sizeof cfg.data_dir)) {
        host_text(h, c, "NEED", c->data_sha);
        return;
    }
    if (!c->data_sha[0]) cfg.data_dir[0] = '\0'; /* none: not whatever lies beside the cache */
    char err[400];
    c->seat = !host_test_fault(h, err, sizeof err) && host_fd_headroom(h, err, sizeof err)
                  ? host_seat_start(h->zctx, h->env, &cfg, &c->pair, err, sizeof err)
                  : NULL;
    if (!c->seat) {
        host_text(h, c, "FAULT", err); /* the host's failure, not the bot's */
        host_drop(h, c);
    }
    /* the thread says OPENED or FAULT once its seat host is up */
}

static void host_open(host_loop *h, const remote_msg *m, const void *id, size_t idlen)
{
    host_conn *c = host_find(h, id, idlen);
    host_conn tmp = {.idlen = idlen};
    memcpy(tmp.id, id, idlen);
    if (c) {
        host_text(h, &tmp, "FAULT", "this connection has a seat already");
        return;
    }
    if (h->n == HOST_MAX_SEATS) {
        host_text(h, &tmp, "FAULT", "the host is full");
        return;
    }
    int64_t sandbox, mem;
    char bot[80], rules[80], data[80] = "-";
    remote_part_str(m, 2, bot, sizeof bot);
    remote_part_str(m, 3, rules, sizeof rules);
    if (m->n > 6) remote_part_str(m, 6, data, sizeof data);
    int has_data = strcmp(data, "-") != 0;
    if (!host_cache_valid_sha(bot) || !host_cache_valid_sha(rules) ||
        (has_data && !host_cache_valid_sha(data)) || remote_part_i64(m, 4, &sandbox) ||
        remote_part_i64(m, 5, &mem) || sandbox < 0 || sandbox > SANDBOX_SECCOMP || mem < 0) {
        host_text(h, &tmp, "FAULT", "malformed OPEN");
        return;
    }
    if (sandbox == SANDBOX_OFF && !h->allow_unsandboxed) {
        host_text(h, &tmp, "FAULT",
                  "this host runs bots sandboxed only (the arena asked for --sandbox off; "
                  "the host's owner may start it with --allow-unsandboxed)");
        return;
    }
    c = calloc(1, sizeof *c);
    if (!c) {
        host_text(h, &tmp, "FAULT", "out of memory");
        return;
    }
    *c = tmp;
    /* The connection the OPEN came over (a frame from the wire carries its
     * socket; the routing id the ROUTER makes up does not). */
    c->fd = zmq_msg_get(&m->part[1], ZMQ_SRCFD);
    snprintf(c->bot_sha, sizeof c->bot_sha, "%s", bot);
    snprintf(c->rules_sha, sizeof c->rules_sha, "%s", rules);
    snprintf(c->data_sha, sizeof c->data_sha, "%s", has_data ? data : "");
    c->sandbox = (int)sandbox;
    c->mem_mb = mem;
    h->conn[h->n++] = c;
    host_continue_open(h, c);
}

/* FILE sha bytes: only a file this seat was asked for, only if it hashes right. */
static void host_file(host_loop *h, host_conn *c, const remote_msg *m)
{
    char sha[80], err[300];
    size_t len;
    remote_part_str(m, 2, sha, sizeof sha);
    const void *data = remote_part(m, 3, &len);
    int is_data = c->data_sha[0] && strcmp(sha, c->data_sha) == 0;
    int rc = 0;
    if (c->seat || (strcmp(sha, c->bot_sha) != 0 && strcmp(sha, c->rules_sha) != 0 && !is_data)) {
        host_text(h, c, "FAULT", "a file nobody asked for");
    } else if ((rc = (is_data ? host_cache_put_datadir : host_cache_put)(&h->cache, sha, data, len,
                                                                         err, sizeof err)) != 0) {
        fprintf(stderr, "arena host: %s\n", err);
        /* bytes that are not what their name says are the bot's file's
         * (ERROR); a cache not written is the host's failure (FAULT) */
        host_text(h, c, rc == HOST_CACHE_REFUSED ? "ERROR" : "FAULT", err);
    } else {
        host_continue_open(h, c);
        return;
    }
    host_drop(h, c);
}

/* Tests only: ARENA_HOST_DIE_AFTER=N kills the host with SIGKILL when the
 * arenas' (N+1)th request for a seat arrives, as a machine that dies in the
 * middle of a match; ARENA_HOST_FREEZE_AFTER=N stops it (SIGSTOP) instead,
 * as one that falls silent, heartbeats included (tests/remote). */
static int host_test_death(host_loop *h)
{
    if (h->die_after <= 0 || ++h->msgs <= h->die_after) return 0;
    h->die_after = 0; /* once: a host stopped so and continued (the test's cleanup) must not
                       * stop again at the next message it still finds queued */
    return 1;
}

static void host_from_arena(host_loop *h)
{
    remote_msg m;
    if (remote_recv(h->router, ZMQ_DONTWAIT, &m) < 2) {
        remote_msg_close(&m);
        return;
    }
    size_t idlen;
    const void *id = remote_part(&m, 0, &idlen);
    host_conn *c = host_find(h, id, idlen);
    if (remote_part_is(&m, 1, "PING")) {
        char proto[16];
        snprintf(proto, sizeof proto, "%d", REMOTE_PROTOCOL);
        const void *data[3] = {"PONG", proto, h->allow_unsandboxed ? "1" : "0"};
        size_t len[3] = {4, strlen(proto), 1};
        (void)host_to(h, id, idlen, 3, data, len);
    } else if (remote_part_is(&m, 1, "OPEN")) {
        host_open(h, &m, id, idlen);
    } else if (c && remote_part_is(&m, 1, "FILE")) {
        host_file(h, c, &m);
    } else if (c && c->seat && remote_part_is(&m, 1, "MSG") && host_test_death(h)) {
        /* the test hook: a host that dies, or falls silent, mid-match */
        raise(h->freeze ? SIGSTOP : SIGKILL);
    } else if (c && c->seat &&
               (remote_part_is(&m, 1, "MSG") || remote_part_is(&m, 1, "OVER") ||
                remote_part_is(&m, 1, "BYE"))) {
        const void *data[REMOTE_MAX_PARTS];
        size_t len[REMOTE_MAX_PARTS];
        for (int i = 1; i < m.n; i++)
            data[i - 1] = remote_part(&m, i, &len[i - 1]);
        remote_send(c->pair, m.n - 1, data, len);
    } else if (c && remote_part_is(&m, 1, "BYE")) {
        host_drop(h, c); /* closed while its files travelled */
    } else if (remote_part_is(&m, 1, "MSG") || remote_part_is(&m, 1, "OVER")) {
        /* a seat closed here (idle for HOST_SEAT_IDLE_S): the arena opens
         * another before its next game (seat_remote.c) */
        const void *data[1] = {"GONE"};
        size_t len[1] = {4};
        (void)host_to(h, id, idlen, 1, data, len);
    }
    remote_msg_close(&m);
}

/* What a seat thread says goes to its arena; CLOSED ends the seat. */
static void host_from_seat(host_loop *h, host_conn *c)
{
    remote_msg m;
    if (remote_recv(c->pair, ZMQ_DONTWAIT, &m) <= 0) return;
    if (remote_part_is(&m, 0, "CLOSED")) {
        remote_msg_close(&m);
        host_drop(h, c);
        return;
    }
    const void *data[REMOTE_MAX_PARTS];
    size_t len[REMOTE_MAX_PARTS];
    for (int i = 0; i < m.n; i++)
        data[i] = remote_part(&m, i, &len[i]);
    if (host_to(h, c->id, c->idlen, m.n, data, len) < 0 &&
        errno == EHOSTUNREACH) { /* its arena is gone: end the seat */
        const char *bye = "BYE";
        remote_send_text(c->pair, 1, &bye);
    }
    remote_msg_close(&m);
}

static int host_bind(host_loop *h, const host_opts *o, const keys_pair *kp, char *err,
                     size_t errlen)
{
    int one = 1;
    h->router = zmq_socket(h->zctx, ZMQ_ROUTER);
    int handshake = HOST_HANDSHAKE_MS;
    if (!h->router || remote_socket_common(h->router) ||
        zmq_setsockopt(h->router, ZMQ_HANDSHAKE_IVL, &handshake, sizeof handshake) ||
        zmq_setsockopt(h->router, ZMQ_ROUTER_MANDATORY, &one, sizeof one) ||
        (!o->insecure && remote_curve_server(h->router, kp)))
        return arena_errf(err, errlen, "socket: %s", zmq_strerror(errno)), -1;
    if (zmq_socket_monitor(h->router, "inproc://arena-host-events", ZMQ_EVENT_DISCONNECTED) ||
        !(h->events = zmq_socket(h->zctx, ZMQ_PAIR)) ||
        zmq_connect(h->events, "inproc://arena-host-events"))
        return arena_errf(err, errlen, "monitor: %s", zmq_strerror(errno)), -1;
    if (zmq_bind(h->router, o->listen) != 0)
        return arena_errf(err, errlen, "cannot listen on %s: %s", o->listen, zmq_strerror(errno)),
               -1;
    return 0;
}

/* A seat's arena is gone: its connection closed (the arena exited or was
 * killed, or its heartbeats stopped). Each such seat ends now rather than
 * after HOST_SEAT_IDLE_S with its jail kept. */
static void host_from_events(host_loop *h)
{
    remote_msg m;
    if (remote_recv(h->events, ZMQ_DONTWAIT, &m) < 1) return;
    size_t len;
    const uint8_t *ev = remote_part(&m, 0, &len);
    if (len == 6 && (ev[0] | ev[1] << 8) == ZMQ_EVENT_DISCONNECTED) {
        int fd = (int)((uint32_t)ev[2] | (uint32_t)ev[3] << 8 | (uint32_t)ev[4] << 16 |
                       (uint32_t)ev[5] << 24);
        for (int i = h->n - 1; i >= 0; i--) {
            host_conn *c = h->conn[i];
            if (c->fd != fd) continue;
            c->fd = -1;
            if (c->pair) {
                const char *bye = "BYE"; /* the thread ends the seat and says CLOSED */
                remote_send_text(c->pair, 1, &bye);
            } else {
                host_drop(h, c); /* still opening: no thread yet */
            }
        }
    }
    remote_msg_close(&m);
}

static void host_serve(host_loop *h)
{
    zmq_pollitem_t items[HOST_MAX_SEATS + 2];
    host_conn *owner[HOST_MAX_SEATS + 2];
    while (!host_stop) {
        int n = 0;
        items[n++] = (zmq_pollitem_t){h->router, 0, ZMQ_POLLIN, 0};
        items[n++] = (zmq_pollitem_t){h->events, 0, ZMQ_POLLIN, 0};
        for (int i = 0; i < h->n; i++)
            if (h->conn[i]->pair) {
                owner[n] = h->conn[i];
                items[n++] = (zmq_pollitem_t){h->conn[i]->pair, 0, ZMQ_POLLIN, 0};
            }
        if (zmq_poll(items, n, HOST_POLL_MS) <= 0) continue;
        /* seats first: a CLOSED frees its conn, which the router's turn may
         * look up; the closed connections last, so that a number libzmq gives
         * a new connection is never taken for the old one's */
        for (int i = 2; i < n; i++)
            if (items[i].revents & ZMQ_POLLIN) host_from_seat(h, owner[i]);
        if (items[0].revents & ZMQ_POLLIN) host_from_arena(h);
        if (items[1].revents & ZMQ_POLLIN) host_from_events(h);
    }
}

/* The soft limit of descriptors up to the hard one: every connection to
 * the port holds one before anyone knows whose it is, and the soft limit
 * (often 1024) is what a flood of them exhausts first. */
static void host_raise_fd_limit(void)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max) {
        rl.rlim_cur = rl.rlim_max;
        (void)setrlimit(RLIMIT_NOFILE, &rl);
    }
}

int host_run(const host_opts *o)
{
    char err[600];
    keys_pair kp;
    keys_list allow = {0};
    host_loop *h = calloc(1, sizeof *h);
    host_zap *zap = NULL;
    int status = 2;
    if (!h) return 1;
    if (o->insecure) {
        fprintf(stderr,
                "arena host: WARNING: --insecure: plain tcp without CURVE; anyone who "
                "reaches %s can run code here and read every move\n",
                o->listen);
    } else {
        if (keys_load_pair(o->keys_dir, &kp, err, sizeof err)) goto fail;
        for (int i = 0; i < o->n_allow; i++)
            if (keys_list_add(&allow, o->allow[i], err, sizeof err)) goto fail;
    }
    if (host_cache_open(&h->cache, o->state_dir, err, sizeof err)) goto fail;
    h->allow_unsandboxed = o->allow_unsandboxed;
    const char *die = getenv("ARENA_HOST_DIE_AFTER"), *freeze = getenv("ARENA_HOST_FREEZE_AFTER");
    h->die_after = die ? atol(die) : freeze ? atol(freeze) : 0;
    h->freeze = !die && freeze;
    /* tests only: ARENA_HOST_FD_RESERVE=N keeps N descriptors free instead
     * of HOST_FD_RESERVE; a huge N makes every seat fail as on a host out
     * of descriptors (tests/remote) */
    const char *reserve = getenv("ARENA_HOST_FD_RESERVE");
    h->fd_reserve = reserve ? atol(reserve) : HOST_FD_RESERVE;
    const char *fault = getenv("ARENA_HOST_FAULT_AFTER");
    h->seats_before_fault = fault ? atol(fault) : 0;
    host_raise_fd_limit();
    status = 1;
    h->env = worker_env_new(err, sizeof err);
    if (!h->env) goto fail;
    h->zctx = zmq_ctx_new();
    if (!h->zctx) goto fail;
    if (!o->insecure && !(zap = host_zap_start(h->zctx, &allow, err, sizeof err))) goto fail;
    if (host_bind(h, o, &kp, err, sizeof err)) {
        status = 2;
        goto fail;
    }
    struct sigaction sa = {.sa_handler = host_on_signal};
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
    /* the endpoint bound (a port given as * is chosen by the system) */
    char bound[256];
    size_t blen = sizeof bound;
    if (zmq_getsockopt(h->router, ZMQ_LAST_ENDPOINT, bound, &blen) != 0)
        snprintf(bound, sizeof bound, "%s", o->listen);
    if (o->insecure)
        printf("arena host: serving seats on %s (INSECURE)\n", bound);
    else
        printf("arena host: serving seats on %s; public key %s; %zu arena key%s allowed\n", bound,
               kp.public_z85, allow.n, allow.n == 1 ? "" : "s");
    fflush(stdout);
    host_serve(h);
    status = 0;
    goto out;
fail:
    fprintf(stderr, "arena host: %s\n", err);
out:
    while (h->n) { /* every seat: Bye, then wait for its thread */
        host_conn *c = h->conn[0];
        if (c->pair) {
            const char *bye = "BYE";
            remote_send_text(c->pair, 1, &bye);
            remote_msg m;
            while (remote_recv(c->pair, 0, &m) > 0) {
                int closed = remote_part_is(&m, 0, "CLOSED");
                remote_msg_close(&m);
                if (closed) break;
            }
        }
        host_drop(h, c);
    }
    if (h->router) zmq_socket_monitor(h->router, NULL, 0);
    if (h->events) zmq_close(h->events);
    if (h->router) zmq_close(h->router);
    host_zap_stop(zap);
    if (h->zctx) zmq_ctx_term(h->zctx);
    worker_env_free(h->env);
    keys_list_free(&allow);
    free(h);
    return status;
}
