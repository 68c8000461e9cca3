/* move_cost.c -- the arena's cost per move with jailed random bots (and with
 * the weaker seccomp-only isolation, for comparison), as a ratio to a bare
 * ZeroMQ DEALER/ROUTER ipc round trip between two processes measured in the
 * same run (target: at most 1.5x); the time to start a jail (a seat host, its
 * jail, the bot loaded and asked who it is), and that start cost as a share
 * of the whole run.
 *
 * This program is linked as the arena executable is, with arena/pidcache.c:
 * its moves pay what the arena's do. The bare round trip is measured twice:
 * with libzmq as shipped (every getpid a system call: the figure the target
 * divides by) and under the same getpid cache as the arena (what the
 * arena's moves add over the transport as it uses it).
 *
 * Usage: bench_move_cost [matches]   (default 200 matches of morris) */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zmq.h>

#include "arena/sdk.h"
#include "loader.h"
#include "match.h"
#include "pidcache.h"
#include "sandbox.h"
#include "session.h"
#include "jail.h"
#include "worker.h"
#include "play.h"
#include "zmq_echo.h"

#define ROUND_TRIPS 20000

/* The echo side of the baseline: a DEALER that returns every message. */
static void echo_child(const char *endpoint)
{
    void *ctx = zmq_ctx_new();
    void *s = zmq_socket(ctx, ZMQ_DEALER);
    int zero = 0;
    zmq_setsockopt(s, ZMQ_LINGER, &zero, sizeof zero);
    zmq_connect(s, endpoint);
    zmq_echo_serve(s);
    zmq_close(s);
    zmq_ctx_term(ctx);
    _exit(0);
}

/* Median-free mean over many round trips of a 64-byte message (about the size
 * of a morris turn request). */
static double bare_round_trip_us(int cached)
{
    pidcache_use(cached); /* here and in the echo child */
    char endpoint[128];
    snprintf(endpoint, sizeof endpoint, "ipc:///tmp/arena-bench-%d", (int)getpid());
    pid_t pid = fork(); /* before any ZeroMQ context exists in this process */
    if (pid == 0) echo_child(endpoint);
    void *ctx = zmq_ctx_new();
    void *r = zmq_socket(ctx, ZMQ_ROUTER);
    int zero = 0;
    zmq_setsockopt(r, ZMQ_LINGER, &zero, sizeof zero);
    zmq_bind(r, endpoint);
    double per = zmq_echo_round_trips(r, ROUND_TRIPS);
    waitpid(pid, NULL, 0);
    zmq_close(r);
    zmq_ctx_term(ctx);
    unlink(endpoint + 6);
    pidcache_use(1);
    return per;
}

#define STARTS 20

/* Mean time from spawning a worker to knowing its bot's identity. */
static double start_us(int level)
{
    char err[1024];
    worker_env *env = worker_env_new(err, sizeof err);
    if (!env) {
        fprintf(stderr, "bench: %s\n", err);
        exit(1);
    }
    char bot[4096];
    if (loader_resolve(LOADER_BOTS, "random", bot, sizeof bot, err, sizeof err)) {
        fprintf(stderr, "bench: %s\n", err);
        exit(1);
    }
    worker_config cfg = {.bot_path = bot, .sandbox = level};
    int64_t t0 = arena_now_us();
    for (int i = 0; i < STARTS; i++) {
        worker *w = worker_spawn(env, &cfg, 20000000, err, sizeof err);
        Arena__Setup setup = ARENA__SETUP__INIT;
        setup.info_only = 1;
        Arena__BotInfo *info = NULL;
        if (!w || worker_setup(w, &setup, 20000000, &info, NULL, NULL, err, sizeof err) != 0) {
            fprintf(stderr, "bench: %s\n", err);
            exit(1);
        }
        arena__bot_info__free_unpacked(info, NULL);
        worker_close(w);
    }
    double per = (double)(arena_now_us() - t0) / STARTS;
    worker_env_free(env);
    return per;
}

static double arena_move_us(int level, int matches, long *plies_out, double *total_us)
{
    const char *bots[2] = {"random", "random"};
    session s;
    char err[1024];
    session_isolation iso = {SEAT_PROCESS, level, 1024};
    if (session_open(&s, "morris", bots, 2, &iso, err, sizeof err)) {
        fprintf(stderr, "bench: %s\n", err);
        exit(1);
    }
    seat_pool *pool = session_pool(&s);
    long plies;
    *total_us = bench_play(&s, pool, matches, &plies);
    double per = *total_us / (double)plies;
    pool_free(pool);
    session_close(&s);
    *plies_out = plies;
    return per;
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "__worker") == 0) return worker_main(argc - 1, argv + 1);
    if (argc > 1 && strcmp(argv[1], "__jail") == 0) return jail_main(argc - 1, argv + 1);
    int matches = argc > 1 ? atoi(argv[1]) : 200;
    if (matches < 1) matches = 200;
    double base = bare_round_trip_us(0), base_cached = bare_round_trip_us(1);
    long plies, plies2;
    double total, total2;
    double move = arena_move_us(SANDBOX_JAIL, matches, &plies, &total);
    double move2 = arena_move_us(SANDBOX_SECCOMP, matches, &plies2, &total2);
    double start = start_us(SANDBOX_JAIL), start2 = start_us(SANDBOX_SECCOMP);
    printf("bare ZeroMQ DEALER/ROUTER ipc round trip:   %8.1f us  (%d round trips)\n", base,
           ROUND_TRIPS);
    printf("  the same under the arena's getpid cache:  %8.1f us\n", base_cached);
    printf("arena per move, jailed random bots:         %8.1f us  (%d matches, %ld plies)\n", move,
           matches, plies);
    printf("arena per move, seccomp-only random bots:   %8.1f us  (%d matches, %ld plies)\n", move2,
           matches, plies2);
    printf("start of a jailed bot (host, jail, load):   %8.1f ms  (mean of %d)\n", start / 1000,
           STARTS);
    printf("start of a seccomp-only bot:                %8.1f ms\n", start2 / 1000);
    printf("\nfigure                                         ratio   target\n");
    printf("jailed per move / bare round trip             %6.2fx   <=1.5x\n", move / base);
    printf("seccomp-only per move / bare round trip       %6.2fx\n", move2 / base);
    printf("jailed per move / the cached round trip       %6.2fx\n", move / base_cached);
    printf("2 jail starts / this %d-match run             %6.3f\n", matches, 2 * start / total);
    return 0;
}
