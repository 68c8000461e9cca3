/* remote_hosts.c -- seat hosts (arena host) on loopback: the cost per move of
 * a remote seat against a bare ZeroMQ tcp round trip (plain and CURVE)
 * between two processes, and the local jailed seat's, measured in the same
 * run; then tournaments per second through 1, 2 and 3 local hosts (-j 3)
 * against the same tournament played locally.
 *
 * On one machine every host shares its cores: more hosts add no cores here,
 * so the matches-per-second figures show the relay's overhead, not scaling.
 *
 * Usage: bench_remote_hosts [matches]   (default 100 matches of morris) */
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zmq.h>

#include "arena/sdk.h"
#include "jail.h"
#include "keys.h"
#include "match.h"
#include "outcome.h"
#include "remote_hosts.h"
#include "sandbox.h"
#include "session.h"
#include "worker.h"
#include "play.h"
#include "pidcache.h"
#include "zmq_echo.h"

#define ROUND_TRIPS 5000
#define MAX_HOSTS 3

static char dir[PATH_MAX], arena_bin[PATH_MAX];
static pid_t host_pid[MAX_HOSTS];
static char host_ep[MAX_HOSTS][128];

static void die(const char *what, const char *err)
{
    fprintf(stderr, "bench: %s: %s\n", what, err);
    for (int i = 0; i < MAX_HOSTS; i++)
        if (host_pid[i] > 0) kill(host_pid[i], SIGTERM);
    exit(1);
}

/* The echo side of the baseline: a DEALER that returns every message. */
static void echo_child(const char *endpoint, const keys_pair *kp)
{
    void *ctx = zmq_ctx_new();
    void *s = zmq_socket(ctx, ZMQ_DEALER);
    int zero = 0;
    zmq_setsockopt(s, ZMQ_LINGER, &zero, sizeof zero);
    if (kp) remote_curve_client(s, kp, kp->public_z85);
    zmq_connect(s, endpoint);
    zmq_echo_serve(s);
    zmq_close(s);
    zmq_ctx_term(ctx);
    _exit(0);
}

/* Mean of many round trips of a 64-byte message over tcp on loopback; with
 * kp, both ends run CURVE (the server's key is the pair's own). */
static double bare_round_trip_us(const keys_pair *kp)
{
    pidcache_use(0); /* libzmq as shipped, here and in the echo child */
    void *ctx = zmq_ctx_new();
    void *r = zmq_socket(ctx, ZMQ_ROUTER);
    int zero = 0;
    zmq_setsockopt(r, ZMQ_LINGER, &zero, sizeof zero);
    if (kp) {
        int one = 1;
        zmq_setsockopt(r, ZMQ_CURVE_SERVER, &one, sizeof one);
        zmq_setsockopt(r, ZMQ_CURVE_SECRETKEY, kp->secret_z85, KEYS_Z85_LEN);
    }
    char endpoint[128];
    size_t len = sizeof endpoint;
    zmq_bind(r, "tcp://127.0.0.1:*");
    zmq_getsockopt(r, ZMQ_LAST_ENDPOINT, endpoint, &len);
    pid_t pid = fork(); /* the child makes its own context and never touches ours */
    if (pid == 0) echo_child(endpoint, kp);
    double per = zmq_echo_round_trips(r, ROUND_TRIPS);
    waitpid(pid, NULL, 0);
    zmq_close(r);
    zmq_ctx_term(ctx);
    pidcache_use(1);
    return per;
}

/* `arena host` number i on a free port; its endpoint from its first line. */
static void start_host(int i)
{
    int fds[2];
    if (pipe(fds)) die("pipe", "failed");
    char keys[PATH_MAX + 8], allow[PATH_MAX + 32], state[PATH_MAX + 16];
    snprintf(keys, sizeof keys, "%s/host", dir);
    snprintf(allow, sizeof allow, "%s/arena/public.key", dir);
    snprintf(state, sizeof state, "%s/state-%d", dir, i);
    host_pid[i] = fork();
    if (host_pid[i] == 0) {
        dup2(fds[1], 1);
        close(fds[0]);
        execl(arena_bin, arena_bin, "host", "--listen", "tcp://127.0.0.1:*", "--keys", keys,
              "--allow", allow, "--state", state, (char *)NULL);
        _exit(127);
    }
    close(fds[1]);
    FILE *f = fdopen(fds[0], "r");
    char line[512] = "";
    if (!f || !fgets(line, sizeof line, f) ||
        sscanf(line, "arena host: serving seats on %127[^;]", host_ep[i]) != 1)
        die("arena host did not start", line);
    fclose(f);
}

static double remote_move_us(remote_set *rs, int matches, long *plies_out)
{
    const char *bots[2] = {"random", "random"};
    session s;
    char err[1024];
    session_isolation iso = {SEAT_PROCESS, SANDBOX_JAIL, 1024};
    if (session_open(&s, "morris", bots, 2, &iso, err, sizeof err)) die("session", err);
    if (rs && remote_set_bind(rs, &s.seats, err, sizeof err)) die("hosts", err);
    seat_pool *pool = rs ? pool_new(remote_pool_open, rs) : session_pool(&s);
    long plies;
    double per = bench_play(&s, pool, matches, &plies) / (double)plies;
    pool_free(pool);
    session_close(&s);
    *plies_out = plies;
    return per;
}

/* Matches per second of a tournament through n hosts (0: locally). */
static double tournament_rate(int n, int rounds)
{
    char cmd[4096];
    int len = snprintf(cmd, sizeof cmd,
                       "'%s' tournament --game morris --bots random morris_greedy random "
                       "--rounds %d --seed 1 --move-time 60000 -j 3 --no-report -q --out "
                       "'%s/t%d' >/dev/null 2>&1",
                       arena_bin, rounds, dir, n);
    if (n) {
        len += snprintf(cmd + len, sizeof cmd - (size_t)len,
                        " --host-keys '%s/host/public.key' --keys '%s/arena' --hosts ", dir, dir);
        for (int i = 0; i < n; i++)
            len += snprintf(cmd + len, sizeof cmd - (size_t)len, "%s%s", i ? "," : "", host_ep[i]);
    }
    int64_t t0 = arena_now_us();
    if (system(cmd) != 0) die("tournament failed", cmd);
    return 6.0 * rounds / ((double)(arena_now_us() - t0) / 1e6);
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "__worker") == 0) return worker_main(argc - 1, argv + 1);
    if (argc > 1 && strcmp(argv[1], "__jail") == 0) return jail_main(argc - 1, argv + 1);
    int matches = argc > 1 ? atoi(argv[1]) : 100;
    if (matches < 1) matches = 100;
    ssize_t n = readlink("/proc/self/exe", arena_bin, sizeof arena_bin - 7);
    if (n <= 0) die("readlink", "/proc/self/exe");
    arena_bin[n] = '\0';
    strcpy(strrchr(arena_bin, '/') + 1, "arena");
    snprintf(dir, sizeof dir, "%s/arena-bench-remote-XXXXXX",
             getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    if (!mkdtemp(dir)) die("mkdtemp", dir);
    char err[1024], path[PATH_MAX + 16];
    keys_pair hk, ak;
    snprintf(path, sizeof path, "%s/host", dir);
    if (keys_generate(path, &hk, err, sizeof err)) die("keys", err);
    snprintf(path, sizeof path, "%s/arena", dir);
    if (keys_generate(path, &ak, err, sizeof err)) die("keys", err);
    double bare = bare_round_trip_us(NULL), bare_curve = bare_round_trip_us(&hk);
    for (int i = 0; i < MAX_HOSTS; i++)
        start_host(i);

    static remote_set rs;
    char hostkey[PATH_MAX + 32], arena_keys[PATH_MAX + 8];
    snprintf(hostkey, sizeof hostkey, "%s/host/public.key", dir);
    snprintf(arena_keys, sizeof arena_keys, "%s/arena", dir);
    if (remote_set_open(&rs, host_ep[0], hostkey, arena_keys, 0, err, sizeof err) ||
        remote_set_probe(&rs, stdout, err, sizeof err))
        die("hosts", err);
    long plies, plies_local;
    double remote = remote_move_us(&rs, matches, &plies);
    double local = remote_move_us(NULL, matches, &plies_local);
    remote_set_close(&rs);

    int rounds = matches / 6 > 2 ? matches / 6 : 2;
    double rate[MAX_HOSTS + 1];
    for (int h = 0; h <= MAX_HOSTS; h++)
        rate[h] = tournament_rate(h, rounds);

    printf("bare ZeroMQ tcp round trip (loopback):        %8.1f us  (%d round trips)\n", bare,
           ROUND_TRIPS);
    printf("bare ZeroMQ tcp round trip with CURVE:        %8.1f us\n", bare_curve);
    printf("arena per move, jailed random on a host:      %8.1f us  (%d matches, %ld plies)\n",
           remote, matches, plies);
    printf("arena per move, jailed random, local:         %8.1f us  (%d matches, %ld plies)\n",
           local, matches, plies_local);
    printf("\nfigure                                          ratio\n");
    printf("remote per move / bare tcp round trip         %6.2fx\n", remote / bare);
    printf("remote per move / bare CURVE round trip       %6.2fx\n", remote / bare_curve);
    printf("remote per move / local per move              %6.2fx\n", remote / local);
    printf("\ntournament of %d matches, -j 3            matches/s   vs local\n", 6 * rounds);
    for (int h = 0; h <= MAX_HOSTS; h++)
        printf("  %d host%s%-28s %8.1f    %6.2fx\n", h, h == 1 ? "" : "s",
               h ? "" : " (local: no --hosts)", rate[h], rate[h] / rate[0]);
    for (int i = 0; i < MAX_HOSTS; i++) {
        kill(host_pid[i], SIGTERM);
        waitpid(host_pid[i], NULL, 0);
    }
    snprintf(path, sizeof path, "rm -rf '%s'", dir);
    if (system(path) != 0) fprintf(stderr, "bench: could not remove %s\n", dir);
    return 0;
}
