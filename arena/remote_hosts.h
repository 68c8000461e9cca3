/* remote_hosts.h -- the seat hosts an arena plays on (--hosts), seen from
 * the arena: where they are, whether they are alive, and one connection per
 * remote seat (seat_remote.c).
 *
 * Every connection is a DEALER with CURVE (the host's public key pinned:
 * a host that cannot prove it holds the matching secret key fails the
 * handshake), ZMTP heartbeats both ways, and a socket monitor: a handshake
 * refused by the host's key list, a wrong host key, a host that dies
 * (disconnect) or falls silent (the heartbeat timeout, or no answer by the
 * request's deadline plus the host's network margin) ends the wait with a
 * one-line error; so does a host that answers FAULT, failing on its own
 * (remote_wire.h). A lost host is marked lost for good: no new seat is placed
 * there, and the failures of its seats start with REMOTE_HOST_LOST so that
 * the tournament plays those matches again elsewhere.
 *
 * Placement: new seats go round robin to the hosts not lost; the word
 * "local" in --hosts stands for this machine (the arena's own pool). With
 * every host lost, seats open locally.
 *
 * The network margin of a host is measured once, before play (remote_set_probe):
 * four times the slowest of REMOTE_PROBE_PINGS round trips, at least
 * REMOTE_MIN_MARGIN_US. It is added to what the arena waits for a remote
 * seat's answer; the bot's own clock is kept on the host (host_seat.h), so a
 * bot is never charged for the network.
 *
 * Thread safety: a remote_set is shared by the tournament's threads; each
 * remote_conn is used by one thread at a time.
 */
#ifndef ARENA_REMOTE_HOSTS_H
#define ARENA_REMOTE_HOSTS_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "keys.h"
#include "match.h"
#include "record.h"
#include "remote_wire.h"
#include "seat.h"

#define REMOTE_MAX_HOSTS 64
#define REMOTE_PROBE_PINGS 5
#define REMOTE_MIN_MARGIN_US 20000
#define REMOTE_CONNECT_US (5 * 1000000LL) /* the first handshake of a host */

typedef struct remote_host {
    char endpoint[256]; /* tcp://a:5555, or "local" */
    char key[KEYS_Z85_LEN + 1];
    int local;
    atomic_int lost;
    int verified;              /* the probe got through: keys and protocol are right */
    int64_t rtt_us, margin_us; /* measured by remote_set_probe */
} remote_host;

typedef struct remote_set {
    void *zctx;
    keys_pair own;
    int insecure;
    int unsandboxed; /* the arena plays --sandbox off: every host must allow it */
    remote_host host[REMOTE_MAX_HOSTS];
    int n;
    atomic_uint next;
    atomic_uint mon_seq;
    const seat_config *local; /* the session's: rule module, sandbox, memory */
    char rules_sha[65];
} remote_set;

/* One connection to a host. */
typedef struct remote_conn {
    remote_set *rs;
    remote_host *h;
    void *sock, *mon;
    int shook; /* the handshake succeeded */
} remote_conn;

/* Whether ep is an endpoint of a seat host, tcp://HOST:PORT: HOST not
 * empty, PORT a decimal number from 1 to 65535 (with listening, also "*",
 * any free port). The one check of --hosts and of arena host --listen. 0,
 * or -1. */
int remote_endpoint_check(const char *ep, int listening);

/* hosts: "tcp://a:5555,tcp://b:5555,local"; host_keys: one public key file
 * per tcp host in that order, or one for all, or a directory holding
 * exactly one key file per host named after it ("a_5555.key"); keys_dir:
 * the arena's pair. With insecure, no keys. 0, or -1 with a one-line error. */
int remote_set_open(remote_set *rs, const char *hosts, const char *host_keys, const char *keys_dir,
                    int insecure, char *err, size_t errlen);
/* Connects to every host, checks the keys both ways and the protocol, and
 * measures the network margin; prints one line per host on out. */
int remote_set_probe(remote_set *rs, void *out_file, char *err, size_t errlen);
/* The session's seat configuration, which local seats use and whose rule
 * module remote seats send. */
int remote_set_bind(remote_set *rs, const seat_config *local, char *err, size_t errlen);
/* Readies every entrant to play on seat hosts: a bot's data directory
 * (BOT.d) is packed once (datadir.h) to name it by its hash
 * (entrant.data_sha256), so a host asks for it as for the bot's file. 0, or
 * -1 with err naming the first that cannot travel (a symbolic link in its
 * BOT.d, too many bytes). Run before the tournament writes anything. */
int remote_prepare_entrants(entrant *const *entrants, int n, char *err, size_t errlen);
/* The packed data directory of a bot at bot_path (BOT.d), as sent to hosts. */
int remote_pack_data(const char *bot_path, uint8_t **out, size_t *len, char *err, size_t errlen);
void remote_set_close(remote_set *rs);

/* The host for a new seat (round robin over the live ones), or NULL when
 * every host is lost or local. */
remote_host *remote_set_pick(remote_set *rs);

int remote_conn_open(remote_set *rs, remote_host *h, remote_conn *c, char *err, size_t errlen);
/* Waits for the next message until deadline_us (arena_now_us clock). 0 with
 * the message; -1 with err (REMOTE_HOST_LOST ...: the host is marked lost). */
int remote_conn_wait(remote_conn *c, int64_t deadline_us, remote_msg *m, char *err, size_t errlen);
/* The host failed on its own (a FAULT answer, remote_wire.h, or an answer
 * no host should give): it is marked lost like one that died, and err
 * starts with REMOTE_HOST_LOST once the host was verified. -1. */
int remote_conn_fault(remote_conn *c, const char *what, char *err, size_t errlen);
void remote_conn_close(remote_conn *c);

/* The pool's opener for tournaments with --hosts (ctx: the remote_set). */
seat *remote_pool_open(void *ctx, const entrant *e, char *err, size_t errlen);
/* The remote seat itself (seat_remote.c). */
seat *seat_remote_open(remote_set *rs, remote_host *h, const entrant *e, char *err, size_t errlen);

/* Whether a seat host was lost in a match (not a bot's fault): its
 * verdict says so, whatever else failed in it (match.c). */
int remote_lost_match(const match_record *rec);
/* match_run, and a match whose seat host was lost played again (its seats
 * open again on the hosts still alive, or here), each replay named on
 * stderr: at most REMOTE_MAX_REPLAYS times, so that hosts that keep failing
 * cannot stall the arena (each idle seat on a lost host may cost one replay
 * once no remote host is left). rs NULL: match_run alone. */
#define REMOTE_MAX_REPLAYS 64
Arena__MatchLog *remote_match_run(remote_set *rs, const match_spec *ms, seat_pool *pool,
                                  match_record *rec);

#endif
