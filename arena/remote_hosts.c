/* remote_hosts.c -- hosts, connections, probing and placement (remote_hosts.h). */
#include "remote_hosts.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zmq.h>

#include "arena/module_kit.h"
#include "arena/sdk.h"
#include "datadir.h"
#include "jail.h"
#include "loader.h"
#include "outcome.h"

/* The key file of host h in directory dir: DIR/<host>_<port>.key, else
 * DIR/<host>.key. */
static int remote_key_in_dir(const char *dir, const remote_host *h, char *err, size_t errlen,
                             char *key)
{
    char name[256], path[PATH_MAX];
    snprintf(name, sizeof name, "%s", h->endpoint + 6); /* after tcp:// */
    char *colon = strrchr(name, ':');
    if (colon) *colon = '_';
    snprintf(path, sizeof path, "%s/%s.key", dir, name);
    if (access(path, R_OK) != 0 && colon) {
        *colon = '\0';
        snprintf(path, sizeof path, "%s/%s.key", dir, name);
    }
    if (access(path, R_OK) != 0)
        return arena_errf(err, errlen, "--host-keys %s: no key file for %s (%s_PORT.key or %s.key)",
                          dir, h->endpoint, name, name),
               -1;
    return keys_load_public(path, key, err, errlen);
}

static int remote_keys(remote_set *rs, const char *host_keys, char *err, size_t errlen)
{
    int n_tcp = 0;
    for (int i = 0; i < rs->n; i++)
        n_tcp += !rs->host[i].local;
    if (!n_tcp) return 0;
    if (!host_keys || !*host_keys)
        return arena_errf(err, errlen,
                          "--hosts needs --host-keys (each host's public.key), or "
                          "--insecure"),
               -1;
    struct stat st;
    if (stat(host_keys, &st) == 0 && S_ISDIR(st.st_mode)) {
        for (int i = 0; i < rs->n; i++)
            if (!rs->host[i].local &&
                remote_key_in_dir(host_keys, &rs->host[i], err, errlen, rs->host[i].key))
                return -1;
        return 0;
    }
    char *list = strdup(host_keys), *save = NULL;
    int k = 0, rc = 0;
    char *files[REMOTE_MAX_HOSTS];
    for (char *f = strtok_r(list, ",", &save); f && k < REMOTE_MAX_HOSTS;
         f = strtok_r(NULL, ",", &save))
        files[k++] = f;
    if (k != 1 && k != n_tcp) {
        rc = (arena_errf(err, errlen,
                         "--host-keys: %d key files for %d hosts (give one per host, "
                         "in the order of --hosts, or one for all)",
                         k, n_tcp),
              -1);
    }
    for (int i = 0, j = 0; rc == 0 && i < rs->n; i++) {
        if (rs->host[i].local) continue;
        rc = keys_load_public(files[k == 1 ? 0 : j++], rs->host[i].key, err, errlen);
    }
    free(list);
    return rc;
}

int remote_endpoint_check(const char *ep, int listening)
{
    if (strncmp(ep, "tcp://", 6) != 0) return -1;
    const char *host = ep + 6, *colon = strrchr(host, ':');
    if (!colon || colon == host) return -1;
    const char *port = colon + 1;
    if (listening && strcmp(port, "*") == 0) return 0;
    /* a number zmq reads as it is: "99999" would be taken modulo 65536 and
     * "5555x" as 5555, both a port nobody asked for */
    if (!*port || strlen(port) > 5 || port[0] == '0' || strspn(port, "0123456789") != strlen(port))
        return -1;
    return atoi(port) <= 65535 ? 0 : -1;
}

int remote_set_open(remote_set *rs, const char *hosts, const char *host_keys, const char *keys_dir,
                    int insecure, char *err, size_t errlen)
{
    memset(rs, 0, sizeof *rs);
    rs->insecure = insecure;
    char *list = strdup(hosts), *save = NULL;
    int rc = 0;
    for (char *h = strtok_r(list, ",", &save); h && rc == 0; h = strtok_r(NULL, ",", &save)) {
        if (rs->n == REMOTE_MAX_HOSTS) {
            rc = (arena_errf(err, errlen, "--hosts: at most %d hosts", REMOTE_MAX_HOSTS), -1);
            break;
        }
        remote_host *rh = &rs->host[rs->n];
        if (strcmp(h, "local") == 0) {
            rh->local = 1;
        } else if (remote_endpoint_check(h, 0) || strlen(h) >= sizeof rh->endpoint) {
            rc = (arena_errf(err, errlen,
                             "--hosts: '%s' is not tcp://HOST:PORT (PORT from 1 to 65535) or "
                             "local",
                             h),
                  -1);
            break;
        }
        snprintf(rh->endpoint, sizeof rh->endpoint, "%s", h);
        rs->n++;
    }
    free(list);
    if (rc == 0 && rs->n == 0) rc = (arena_errf(err, errlen, "--hosts: no host given"), -1);
    if (rc == 0 && !insecure) {
        if (!keys_dir)
            rc = (arena_errf(err, errlen,
                             "--hosts needs --keys DIR, this arena's key pair "
                             "(arena keygen DIR), or --insecure"),
                  -1);
        else
            rc = keys_load_pair(keys_dir, &rs->own, err, errlen);
        if (rc == 0) rc = remote_keys(rs, host_keys, err, errlen);
    }
    if (rc == 0 && !(rs->zctx = zmq_ctx_new()))
        rc = (arena_errf(err, errlen, "zmq_ctx_new: %s", zmq_strerror(errno)), -1);
    return rc;
}

int remote_set_bind(remote_set *rs, const seat_config *local, char *err, size_t errlen)
{
    rs->local = local;
    if (!local->rules_path) return arena_errf(err, errlen, "no rule module to send"), -1;
    return loader_sha256_file(local->rules_path, rs->rules_sha, err, errlen);
}

int remote_pack_data(const char *bot_path, uint8_t **out, size_t *len, char *err, size_t errlen)
{
    char dir[4096];
    int has = jail_data_dir(bot_path, dir, sizeof dir, err, errlen);
    if (has < 0) return -1;
    if (!has) return arena_errf(err, errlen, "%s: no data directory beside it", bot_path);
    return datadir_pack(dir, out, len, err, errlen);
}

int remote_prepare_entrants(entrant *const *entrants, int n, char *err, size_t errlen)
{
    char dir[4096], why[600];
    for (int i = 0; i < n; i++) {
        entrant *e = entrants[i];
        e->data_sha256[0] = '\0';
        int has = jail_data_dir(e->path, dir, sizeof dir, why, sizeof why);
        if (!has) continue;
        uint8_t *pack;
        size_t len;
        if (has < 0 || datadir_pack(dir, &pack, &len, why, sizeof why))
            return arena_errf(err, errlen, "--hosts: %s's data directory cannot travel: %s",
                              e->name, why);
        loader_sha256_bytes(pack, len, e->data_sha256);
        free(pack);
    }
    return 0;
}

void remote_set_close(remote_set *rs)
{
    if (rs->zctx) zmq_ctx_term(rs->zctx);
    rs->zctx = NULL;
}

remote_host *remote_set_pick(remote_set *rs)
{
    for (int tries = 0; tries < rs->n; tries++) {
        remote_host *h = &rs->host[atomic_fetch_add(&rs->next, 1) % (unsigned)rs->n];
        if (!atomic_load(&h->lost)) return h->local ? NULL : h;
    }
    return NULL;
}

/* ------------------------------------------------------------ connections -- */

int remote_conn_open(remote_set *rs, remote_host *h, remote_conn *c, char *err, size_t errlen)
{
    memset(c, 0, sizeof *c);
    c->rs = rs;
    c->h = h;
    char mon[64];
    snprintf(mon, sizeof mon, "inproc://remote-mon-%u", atomic_fetch_add(&rs->mon_seq, 1));
    c->sock = zmq_socket(rs->zctx, ZMQ_DEALER);
    int zero = 0;
    if (!c->sock || remote_socket_common(c->sock) ||
        (!rs->insecure && remote_curve_client(c->sock, &rs->own, h->key)) ||
        zmq_socket_monitor(c->sock, mon,
                           ZMQ_EVENT_DISCONNECTED | ZMQ_EVENT_HANDSHAKE_SUCCEEDED |
                               ZMQ_EVENT_HANDSHAKE_FAILED_AUTH |
                               ZMQ_EVENT_HANDSHAKE_FAILED_PROTOCOL |
                               ZMQ_EVENT_HANDSHAKE_FAILED_NO_DETAIL) ||
        !(c->mon = zmq_socket(rs->zctx, ZMQ_PAIR)) ||
        zmq_setsockopt(c->mon, ZMQ_LINGER, &zero, sizeof zero) || zmq_connect(c->mon, mon) ||
        zmq_connect(c->sock, h->endpoint)) {
        arena_errf(err, errlen, "%s: %s", h->endpoint, zmq_strerror(errno));
        remote_conn_close(c);
        return -1;
    }
    return 0;
}

void remote_conn_close(remote_conn *c)
{
    if (c->sock) {
        zmq_socket_monitor(c->sock, NULL, 0);
        zmq_close(c->sock);
    }
    if (c->mon) zmq_close(c->mon);
    c->sock = c->mon = NULL;
}

/* Ends a connection: the host is lost. Before the host was verified (the
 * probe) the error is about the set-up, with its hint; after, the keys were
 * proven right, so it is the host's failure, marked REMOTE_HOST_LOST. */
static int remote_lost(remote_conn *c, char *err, size_t errlen, const char *what, const char *hint)
{
    atomic_store(&c->h->lost, 1);
    if (c->h->verified)
        return arena_errf(err, errlen, "%s: %s: %s", REMOTE_HOST_LOST, c->h->endpoint, what);
    return arena_errf(err, errlen, "%s: %s%s", c->h->endpoint, what, hint);
}

int remote_conn_fault(remote_conn *c, const char *what, char *err, size_t errlen)
{
    return remote_lost(c, err, errlen, what, "");
}

/* A monitor event: 0 to go on, -1 with err when it ends the connection. */
static int remote_event(remote_conn *c, char *err, size_t errlen)
{
    remote_msg ev;
    if (remote_recv(c->mon, ZMQ_DONTWAIT, &ev) < 1) return 0;
    size_t len;
    const uint8_t *d = remote_part(&ev, 0, &len);
    uint16_t what = 0;
    uint32_t value = 0;
    if (len >= 6) {
        memcpy(&what, d, 2);
        memcpy(&value, d + 2, 4);
    }
    remote_msg_close(&ev);
    char refused[64];
    switch (what) {
    case ZMQ_EVENT_HANDSHAKE_SUCCEEDED:
        c->shook = 1;
        return 0;
    case ZMQ_EVENT_HANDSHAKE_FAILED_AUTH:
        snprintf(refused, sizeof refused, "the host refused this arena's key (status %u)", value);
        return remote_lost(c, err, errlen, refused,
                           ": add this arena's public.key to the host's --allow");
    case ZMQ_EVENT_HANDSHAKE_FAILED_PROTOCOL:
    case ZMQ_EVENT_HANDSHAKE_FAILED_NO_DETAIL:
        if (c->rs->insecure) /* no CURVE: no key to blame */
            return remote_lost(c, err, errlen, "the handshake failed",
                               " (is an arena host listening there, started with --insecure?)");
        return remote_lost(c, err, errlen, "the CURVE handshake failed",
                           " (is --host-keys this host's public.key? is the host --insecure?)");
    case ZMQ_EVENT_DISCONNECTED:
        if (!c->shook && c->rs->insecure)
            return remote_lost(c, err, errlen,
                               "the host closed the connection during the handshake",
                               " (is an arena host listening there, started with --insecure?)");
        if (!c->shook)
            return remote_lost(c, err, errlen,
                               "the host closed the connection during the CURVE handshake",
                               " (is --host-keys this host's public.key?)");
        return remote_lost(c, err, errlen, "disconnected", "");
    default:
        return 0;
    }
}

int remote_conn_wait(remote_conn *c, int64_t deadline_us, remote_msg *m, char *err, size_t errlen)
{
    m->n = 0;
    for (;;) {
        if (atomic_load(&c->h->lost))
            return arena_errf(err, errlen, "%s: %s: lost earlier", REMOTE_HOST_LOST,
                              c->h->endpoint),
                   -1;
        zmq_pollitem_t it[2] = {{c->sock, 0, ZMQ_POLLIN, 0}, {c->mon, 0, ZMQ_POLLIN, 0}};
        int64_t left = deadline_us - arena_now_us();
        if (left <= 0)
            return remote_lost(c, err, errlen, c->shook ? "no answer in time" : "no connection",
                               " (is the host running there?)");
        int rc = zmq_poll(it, 2, (long)((left + 999) / 1000));
        if (rc < 0 && errno == EINTR) continue;
        if (rc < 0) return arena_errf(err, errlen, "zmq_poll: %s", zmq_strerror(errno)), -1;
        if (it[1].revents & ZMQ_POLLIN) {
            if (remote_event(c, err, errlen) < 0) return -1;
            continue;
        }
        if ((it[0].revents & ZMQ_POLLIN) && remote_recv(c->sock, ZMQ_DONTWAIT, m) > 0) return 0;
    }
}

/* --------------------------------------------------------------- probing -- */

static int remote_probe_one(remote_set *rs, remote_host *h, char *err, size_t errlen)
{
    remote_conn c;
    if (remote_conn_open(rs, h, &c, err, errlen)) return -1;
    int64_t worst = 0, best = INT64_MAX;
    int rc = 0;
    for (int i = 0; i < REMOTE_PROBE_PINGS && rc == 0; i++) {
        const char *ping = "PING";
        int64_t t0 = arena_now_us();
        remote_msg m;
        if (remote_send_text(c.sock, 1, &ping) ||
            remote_conn_wait(&c, t0 + REMOTE_CONNECT_US, &m, err, errlen)) {
            rc = -1;
            break;
        }
        int64_t proto = 0, rtt = arena_now_us() - t0;
        if (!remote_part_is(&m, 0, "PONG") || remote_part_i64(&m, 1, &proto) ||
            proto != REMOTE_PROTOCOL)
            rc = (arena_errf(err, errlen, "%s: not an arena host of protocol %d", h->endpoint,
                             REMOTE_PROTOCOL),
                  -1);
        if (rc == 0 && rs->unsandboxed && !remote_part_is(&m, 2, "1"))
            rc = arena_errf(err, errlen,
                            "%s: the host runs bots sandboxed only: drop --sandbox off (or "
                            "its owner starts it with --allow-unsandboxed)",
                            h->endpoint);
        remote_msg_close(&m);
        if (i == 0) continue; /* the first includes the handshake */
        worst = rtt > worst ? rtt : worst;
        best = rtt < best ? rtt : best;
    }
    remote_conn_close(&c);
    if (rc) return -1;
    h->rtt_us = best;
    h->verified = 1;
    h->margin_us = 4 * worst > REMOTE_MIN_MARGIN_US ? 4 * worst : REMOTE_MIN_MARGIN_US;
    return 0;
}

int remote_set_probe(remote_set *rs, void *out_file, char *err, size_t errlen)
{
    FILE *out = out_file;
    for (int i = 0; i < rs->n; i++) {
        remote_host *h = &rs->host[i];
        if (h->local) {
            fprintf(out, "Seat host local: this machine\n");
            continue;
        }
        if (remote_probe_one(rs, h, err, errlen)) return -1;
        fprintf(out,
                "Seat host %s: round trip %.3f ms; network margin %.1f ms on every remote "
                "move%s\n",
                h->endpoint, h->rtt_us / 1000.0, h->margin_us / 1000.0,
                rs->insecure ? " (INSECURE: no CURVE)" : "");
    }
    return 0;
}

/* ------------------------------------------------------------- placement -- */

seat *remote_pool_open(void *ctx, const entrant *e, char *err, size_t errlen)
{
    remote_set *rs = ctx;
    remote_host *h = remote_set_pick(rs);
    if (!h) return seat_open(rs->local, e->path, err, errlen);
    return seat_remote_open(rs, h, e, err, errlen);
}

int remote_lost_match(const match_record *rec)
{
    /* a match where any seat's host was lost (match.c: from the seats'
     * flags, not from a detail a bot could have written) */
    return rec->host_lost;
}

Arena__MatchLog *remote_match_run(remote_set *rs, const match_spec *ms, seat_pool *pool,
                                  match_record *rec)
{
    for (int attempt = 0;; attempt++) {
        Arena__MatchLog *log = match_run(ms, pool, rec);
        if (!rs || attempt == REMOTE_MAX_REPLAYS || !remote_lost_match(rec)) return log;
        fprintf(stderr, "match %u: %s: played again\n", rec->index, rec->end_detail);
        if (log) match_log_free(log);
    }
}
