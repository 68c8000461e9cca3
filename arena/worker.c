/* worker.c -- the arena's side of a bot worker: spawn, talk, time out, detect death.
 *
 * The process spawned is a seat host (worker_main.c), trusted arena code that
 * runs the bot in its jail (jail.h) and reports the bot's forfeits as Fault
 * messages. One ROUTER socket per worker, bound on ipc://<private dir>/w<N>,
 * with ROUTER_MANDATORY (a send to a vanished peer fails instead of
 * vanishing) and linger 0. Deaths of the host itself are seen through a pidfd
 * in the zmq_poll items (1-3 ms); where pidfd_open is missing (valgrind) we
 * poll in short slices and waitpid(WNOHANG).
 *
 * Invariants:
 *  1. A worker is "broken" once anything failed; it is then reaped (killed if
 *     needed) and every later call returns OUTCOME_CRASH at once.
 *  2. Replies carry the seq of their request; a reply with an older seq is
 *     stale and skipped, anything else unexpected is OUTCOME_GARBAGE.
 *  3. The arena never blocks on a worker: sends are ZMQ_DONTWAIT, waits are
 *     bounded by a deadline.
 *  4. The lock grants of an env's live workers add up to at most its lock
 *     budget (datadir.h, contract 5): a grant is taken from lock_free
 *     before the host is spawned, cut to what the host says it locked at
 *     Ready, and given back once the host is reaped (its locks die with it).
 */
#include "worker.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <zmq.h>

#include "arena/sdk.h"
#include "botout.h"
#include "datadir.h"
#include "memguard.h"
#include "outcome.h"
#include "sandbox.h"
#include "text.h"
#include "wire.h"

#define WORKER_DEFAULT_CPU_S 3600 /* per worker process, over all its games */
#define WORKER_MAX_MSG (1 << 20)  /* a worker's replies are tiny */
#define WORKER_SLICE_MS 10        /* death checks without a pidfd */
#define WORKER_BYE_MS 200         /* grace after Bye before SIGKILL */
#define WORKER_LAST_WORDS_MS 200  /* for a dead host's last message */

extern char **environ;

struct worker_env {
    void *zctx;
    char dir[96];
    char exe[PATH_MAX];
    atomic_uint next;
    pthread_mutex_t lock_mu; /* guards lock_free: workers spawn and close on many threads */
    uint64_t lock_free;      /* of the lock budget, not granted to a live worker (invariant 4) */
    memguard *guard;         /* watches the machine's memory for the hosts' jails */
};

struct worker {
    worker_env *env;
    void *sock;
    char sockpath[128];
    pid_t pid;
    int pidfd;
    botout out_pipe; /* its jail's stdout and stderr (WORKER_BOT_OUT_FD) */
    int reaped, status, broken, wants_events;
    int64_t cpu_used_us; /* by the jail, over all starts and turns, as the host measured it */
    struct rusage ru;
    int64_t mem_mb, cpu_s;
    uint64_t lock_grant; /* taken from env->lock_free; given back at worker_close */
    char guarded[MEMGUARD_WORDS]; /* the memory guard's words, kept once the host is reaped */
    uint8_t id[WIRE_ID_MAX];
    size_t idlen;
    uint32_t seq;
    wire_buf out;
    wire_scratch scratch;
};

static int worker_fail(char *err, size_t errlen, int code, const char *fmt, ...)
{
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return code;
}

/* ---------------------------------------------------------- environment -- */

/* Removes TMP/arena-<pid>-XXXXXX directories of ours whose arena is gone (a
 * crash leaves its worker sockets behind). Best effort: only our own, only
 * when that pid no longer exists, only socket files inside. */
static void worker_sweep_stale(const char *tmp)
{
    DIR *d = opendir(tmp);
    if (!d) return;
    struct dirent *e;
    while ((e = readdir(d))) {
        const char *p = e->d_name;
        if (strncmp(p, "arena-", 6) != 0) continue;
        char *end;
        long pid = strtol(p + 6, &end, 10);
        if (end == p + 6 || *end != '-' || strlen(end + 1) != 6 || pid <= 0) continue;
        if (kill((pid_t)pid, 0) == 0 || errno != ESRCH) continue;
        char dir[PATH_MAX];
        struct stat st;
        snprintf(dir, sizeof dir, "%s/%s", tmp, p);
        if (lstat(dir, &st) || !S_ISDIR(st.st_mode) || st.st_uid != getuid()) continue;
        DIR *sub = opendir(dir);
        struct dirent *f;
        while (sub && (f = readdir(sub))) {
            char file[PATH_MAX + 300];
            snprintf(file, sizeof file, "%s/%s", dir, f->d_name);
            if (f->d_name[0] == 'w' && lstat(file, &st) == 0 && S_ISSOCK(st.st_mode)) unlink(file);
        }
        if (sub) closedir(sub);
        rmdir(dir);
    }
    closedir(d);
}

worker_env *worker_env_new(char *err, size_t errlen)
{
    worker_env *env = calloc(1, sizeof *env);
    if (!env) return worker_fail(err, errlen, 0, "out of memory"), NULL;
    const char *tmp = getenv("TMPDIR");
    /* ipc paths are limited to 107 bytes: fall back to /tmp for a long TMPDIR */
    if (!tmp || !*tmp || strlen(tmp) > 64) tmp = "/tmp";
    worker_sweep_stale(tmp);
    /* The pid in the name lets a later start know when this one is gone. */
    snprintf(env->dir, sizeof env->dir, "%s/arena-%d-XXXXXX", tmp, (int)getpid());
    ssize_t n = readlink("/proc/self/exe", env->exe, sizeof env->exe - 1);
    if (n <= 0) {
        worker_fail(err, errlen, 0, "readlink /proc/self/exe: %s", strerror(errno));
        free(env);
        return NULL;
    }
    env->exe[n] = '\0';
    pthread_mutex_init(&env->lock_mu, NULL);
    /* One figure for every seat host this arena runs, read at its start:
     * each host is a process of its own, and a quarter of the machine each
     * would add up past the machine (datadir.h, contract 5). */
    env->lock_free = datadir_machine_lock_budget();
    env->guard = memguard_new();
    if (!mkdtemp(env->dir)) {
        worker_fail(err, errlen, 0, "mkdtemp %s: %s", env->dir, strerror(errno));
        memguard_free(env->guard);
        free(env);
        return NULL;
    }
    env->zctx = zmq_ctx_new();
    if (!env->zctx) {
        worker_fail(err, errlen, 0, "zmq_ctx_new: %s", zmq_strerror(errno));
        rmdir(env->dir);
        memguard_free(env->guard);
        free(env);
        return NULL;
    }
    return env;
}

void worker_env_free(worker_env *env)
{
    if (!env) return;
    zmq_ctx_term(env->zctx);
    rmdir(env->dir); /* every worker_close unlinked its socket file */
    memguard_free(env->guard);
    pthread_mutex_destroy(&env->lock_mu);
    free(env);
}

void worker_env_set_lock_budget(worker_env *env, uint64_t bytes)
{
    pthread_mutex_lock(&env->lock_mu);
    env->lock_free = bytes;
    pthread_mutex_unlock(&env->lock_mu);
}

uint64_t worker_env_lock_free(worker_env *env)
{
    pthread_mutex_lock(&env->lock_mu);
    uint64_t free_bytes = env->lock_free;
    pthread_mutex_unlock(&env->lock_mu);
    return free_bytes;
}

/* Takes a grant for a host about to start (invariant 4): all it could lock
 * (a .so and a data directory, each at most DATADIR_MAX_BYTES) while the
 * budget lasts, less or nothing after. */
static void worker_lock_take(worker *w)
{
    pthread_mutex_lock(&w->env->lock_mu);
    uint64_t want = 2 * (uint64_t)DATADIR_MAX_BYTES;
    w->lock_grant = want < w->env->lock_free ? want : w->env->lock_free;
    w->env->lock_free -= w->lock_grant;
    pthread_mutex_unlock(&w->env->lock_mu);
}

/* Keeps keep bytes of the worker's grant and gives the rest back. */
static void worker_lock_keep(worker *w, uint64_t keep)
{
    if (keep > w->lock_grant) keep = w->lock_grant;
    pthread_mutex_lock(&w->env->lock_mu);
    w->env->lock_free += w->lock_grant - keep;
    w->lock_grant = keep;
    pthread_mutex_unlock(&w->env->lock_mu);
}

memguard *worker_env_guard(worker_env *env)
{
    return env->guard;
}

void *worker_env_zmq(worker_env *env)
{
    return env->zctx;
}

int worker_env_set_exe(worker_env *env, const char *path)
{
    if (strlen(path) >= sizeof env->exe) return -1;
    strcpy(env->exe, path);
    return 0;
}

/* ---------------------------------------------------------------- death -- */

/* Reaps the worker if it has exited (block: wait for it). 1 when reaped. */
static int worker_reap(worker *w, int block)
{
    if (w->reaped) return 1;
    for (;;) {
        pid_t r = wait4(w->pid, &w->status, block ? 0 : WNOHANG, &w->ru);
        if (r < 0 && errno == EINTR) continue;
        if (r == 0) return 0;
        if (r < 0) { /* someone else reaped it: we cannot know how it ended */
            w->status = 0;
            memset(&w->ru, 0, sizeof w->ru);
        }
        /* off the guard's list before its pid can be reused (memguard.h, 1),
         * keeping its words for the Fault still to be read */
        memguard_verdict(w->env->guard, w->pid, w->guarded, sizeof w->guarded);
        memguard_forget(w->env->guard, w->pid);
        return w->reaped = 1;
    }
}

/* Through the pidfd when there is one: no pid-reuse race. */
static void worker_signal(worker *w, int sig)
{
    if (w->pidfd >= 0)
        syscall(SYS_pidfd_send_signal, w->pidfd, sig, NULL, 0);
    else
        kill(w->pid, sig);
}

static void worker_kill(worker *w)
{
    if (w->reaped) return;
    worker_signal(w, SIGKILL);
    worker_reap(w, 1);
}

/* How the reaped seat host itself died, as an outcome and a detail line. A
 * bot's end is the host's to describe (worker_main.c: it sends a Fault); the
 * host has no filter and no limits, so its own death is a crash. */
static int worker_death(worker *w, char *err, size_t errlen)
{
    w->broken = 1;
    botout_drain(&w->out_pipe); /* its last words */
    int st = w->status;
    if (getenv("ARENA_WORKER_DEBUG"))
        fprintf(stderr, "worker %d: status 0x%x, max rss %ld kB\n", (int)w->pid, st,
                w->ru.ru_maxrss);
    if (WIFSIGNALED(st)) {
        const char *d = sigdescr_np(WTERMSIG(st));
        return worker_fail(err, errlen, OUTCOME_CRASH, "crashed: signal %d (%s)", WTERMSIG(st),
                           d ? d : "unknown");
    }
    return worker_fail(err, errlen, OUTCOME_CRASH, "exited with status %d",
                       WIFEXITED(st) ? WEXITSTATUS(st) : -1);
}

/* Something went wrong that is the worker's fault: if it is dead anyway,
 * say how it died; otherwise kill it and return `code`. */
static int worker_break(worker *w, int code, char *err, size_t errlen, const char *fmt, ...)
{
    if (worker_reap(w, 0)) return worker_death(w, err, errlen);
    worker_kill(w);
    w->broken = 1;
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return code;
}

/* ------------------------------------------------------------ messaging -- */

static int worker_send(worker *w, const Arena__ArenaMsg *m, char *err, size_t errlen)
{
    if (w->broken) return worker_fail(err, errlen, OUTCOME_CRASH, "worker already stopped");
    if (wire_send_arena(w->sock, w->id, w->idlen, m, &w->out) == 0) return OUTCOME_NORMAL;
    int e = errno;
    if (e == EAGAIN) return worker_break(w, OUTCOME_TIME, err, errlen, "not reading its messages");
    if (e == EHOSTUNREACH) {
        /* the peer disconnected: it is dying; give it a moment to be reaped */
        for (int i = 0; i < 20 && !worker_reap(w, 0); i++)
            usleep(1000);
        return worker_break(w, OUTCOME_CRASH, err, errlen, "disconnected");
    }
    return worker_break(w, OUTCOME_CRASH, err, errlen, "send: %s", zmq_strerror(e));
}

/* A host that reports a fault exits at once: its Fault may still be on its
 * way through libzmq when the pidfd says it is gone. 1 when a message waits. */
static int worker_last_words(worker *w)
{
    zmq_pollitem_t item = {w->sock, 0, ZMQ_POLLIN, 0};
    return zmq_poll(&item, 1, WORKER_LAST_WORDS_MS) > 0;
}

/* Waits for the next message until deadline_us (arena_now_us clock). */
static int worker_recv(worker *w, int64_t deadline_us, Arena__WorkerMsg **out, char *err,
                       size_t errlen)
{
    zmq_pollitem_t items[3] = {{w->sock, 0, ZMQ_POLLIN, 0},
                               {NULL, w->pidfd, ZMQ_POLLIN, 0},
                               {NULL, w->out_pipe.fd, ZMQ_POLLIN, 0}};
    for (;;) {
        /* the output pipe while it is open and under its cap: past the cap it
         * is left full, and a bot that keeps printing blocks on it */
        int drain = w->out_pipe.fd >= 0 && !w->out_pipe.dropped;
        items[2].fd = w->out_pipe.fd;
        int nitems = w->pidfd >= 0 ? 2 : 1;
        if (drain && nitems == 2) nitems = 3;
        int64_t left = deadline_us - arena_now_us();
        if (left <= 0) return OUTCOME_TIME; /* the caller kills and words it */
        long ms = (long)((left + 999) / 1000);
        if (w->pidfd < 0 && ms > WORKER_SLICE_MS) ms = WORKER_SLICE_MS;
        int rc = zmq_poll(items, nitems, ms);
        if (rc > 0 && nitems == 3 && items[2].revents) botout_drain(&w->out_pipe);
        if (rc < 0 && errno == EINTR) continue;
        if (rc < 0)
            return worker_break(w, OUTCOME_CRASH, err, errlen, "zmq_poll: %s", zmq_strerror(errno));
        if (items[0].revents & ZMQ_POLLIN) {
            uint8_t id[WIRE_ID_MAX];
            size_t idlen = 0;
            rc = wire_recv_worker(w->sock, ZMQ_DONTWAIT, id, &idlen, &w->scratch.alloc, out);
            if (rc == WIRE_OK && w->idlen && (idlen != w->idlen || memcmp(id, w->id, idlen))) {
                arena__worker_msg__free_unpacked(*out, &w->scratch.alloc);
                rc = WIRE_GARBAGE; /* a second peer on a private endpoint */
            }
            if (rc == WIRE_OK) {
                if (!w->idlen) memcpy(w->id, id, w->idlen = idlen);
                return OUTCOME_NORMAL;
            }
            if (rc == WIRE_GARBAGE)
                return worker_break(w, OUTCOME_GARBAGE, err, errlen, "unreadable message");
            if (rc == WIRE_ERROR)
                return worker_break(w, OUTCOME_CRASH, err, errlen, "recv: %s", zmq_strerror(errno));
            continue;
        }
        if (w->pidfd < 0 && drain) botout_drain(&w->out_pipe); /* no pidfd: slices */
        int dead = w->pidfd >= 0 ? (items[1].revents != 0 && worker_reap(w, 1)) : worker_reap(w, 0);
        if (dead && worker_last_words(w)) continue;
        if (dead) return worker_death(w, err, errlen);
    }
}

/* The host says the bot forfeits (and is exiting): its outcome and detail. */
static int worker_on_fault(worker *w, Arena__WorkerMsg **m, char *err, size_t errlen)
{
    int code = (*m)->fault->outcome;
    if (code != OUTCOME_TIME && code != OUTCOME_CRASH && code != OUTCOME_SANDBOX &&
        code != OUTCOME_GARBAGE && code != OUTCOME_SETUP)
        code = OUTCOME_CRASH;
    /* the memory guard killed it: its words, which the host cannot know */
    if (!w->reaped) memguard_verdict(w->env->guard, w->pid, w->guarded, sizeof w->guarded);
    if (w->guarded[0])
        code = worker_fail(err, errlen, OUTCOME_CRASH, "%s", w->guarded);
    else
        worker_fail(err, errlen, code, "%s", (*m)->fault->detail);
    arena__worker_msg__free_unpacked(*m, &w->scratch.alloc);
    *m = NULL;
    botout_drain(&w->out_pipe); /* the bot's last words */
    worker_kill(w);
    w->broken = 1;
    return code;
}

/* The reply with body `want` to request `seq` (0: any), skipping stale ones. */
static int worker_await(worker *w, int want, uint32_t seq, int64_t deadline_us,
                        Arena__WorkerMsg **out, char *err, size_t errlen)
{
    for (;;) {
        int code = worker_recv(w, deadline_us, out, err, errlen);
        if (code != OUTCOME_NORMAL) return code;
        Arena__WorkerMsg *m = *out;
        if (m->body_case == ARENA__WORKER_MSG__BODY_FAULT)
            return worker_on_fault(w, out, err, errlen);
        if ((int)m->body_case == want &&
            (want != ARENA__WORKER_MSG__BODY_ACTION || m->action->seq == seq))
            return OUTCOME_NORMAL;
        int stale = m->body_case == ARENA__WORKER_MSG__BODY_ACTION && m->action->seq < seq;
        arena__worker_msg__free_unpacked(m, &w->scratch.alloc);
        *out = NULL;
        if (!stale)
            return worker_break(w, OUTCOME_GARBAGE, err, errlen, "unexpected message (%d)",
                                (int)m->body_case);
    }
}

/* ---------------------------------------------------------------- spawn -- */

static int worker_launch(worker *w, const worker_config *cfg, int out_wr, char *err, size_t errlen)
{
    char mem[24], cpu[24], parent[24];
    snprintf(parent, sizeof parent, "%d", (int)getpid());
    snprintf(mem, sizeof mem, "%lld", (long long)w->mem_mb);
    snprintf(cpu, sizeof cpu, "%lld", (long long)w->cpu_s);
    char endpoint[160];
    snprintf(endpoint, sizeof endpoint, "ipc://%s", w->sockpath);
    const char *argv[20];
    int n = 0;
    argv[n++] = w->env->exe;
    argv[n++] = "__worker";
    argv[n++] = endpoint;
    argv[n++] = cfg->bot_path;
    if (cfg->rules_path) argv[n++] = "--rules", argv[n++] = cfg->rules_path;
    if (cfg->data_dir) argv[n++] = "--data", argv[n++] = cfg->data_dir;
    if (cfg->sandbox == SANDBOX_OFF) argv[n++] = "--no-sandbox";
    if (cfg->sandbox == SANDBOX_SECCOMP) argv[n++] = "--seccomp-only";
    argv[n++] = "--mem-mb", argv[n++] = mem;
    argv[n++] = "--cpu-s", argv[n++] = cpu;
    argv[n++] = "--parent", argv[n++] = parent;
    char lock[24];
    snprintf(lock, sizeof lock, "%llu", (unsigned long long)w->lock_grant);
    argv[n++] = "--lock-bytes", argv[n++] = lock;
    argv[n] = NULL;

    posix_spawn_file_actions_t fa;
    posix_spawnattr_t at;
    sigset_t none, dfl;
    sigemptyset(&none);
    sigemptyset(&dfl);
    sigaddset(&dfl, SIGPIPE);
    sigaddset(&dfl, SIGINT);
    sigaddset(&dfl, SIGTERM);
    sigaddset(&dfl, SIGXFSZ);
    posix_spawn_file_actions_init(&fa);
    posix_spawnattr_init(&at);
    /* stdin from /dev/null; the bot's stdout and stderr into a pipe the
     * arena drains (botout.h), never the arena's own descriptors; the
     * host's own lines to the arena's stderr (WORKER_BOT_OUT_FD). */
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&fa, STDERR_FILENO, 1);
    posix_spawn_file_actions_adddup2(&fa, out_wr, WORKER_BOT_OUT_FD);
    /* Own process group: a terminal's Ctrl-C reaches the arena, which
     * decides; the workers notice when it is gone. */
    posix_spawnattr_setflags(&at, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF |
                                      POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setsigmask(&at, &none);
    posix_spawnattr_setsigdefault(&at, &dfl);
    posix_spawnattr_setpgroup(&at, 0);
    /* the host is not limited; its jail gets its own environment */
    char **envp = sandbox_child_env(environ, 0, 0);
    int rc =
        posix_spawn(&w->pid, w->env->exe, &fa, &at, (char *const *)argv, envp ? envp : environ);
    sandbox_child_env_free(envp);
    posix_spawn_file_actions_destroy(&fa);
    posix_spawnattr_destroy(&at);
    if (rc != 0) {
        w->pid = -1;
        return worker_fail(err, errlen, -1, "posix_spawn %s: %s", w->env->exe, strerror(rc));
    }
    w->pidfd = (int)syscall(SYS_pidfd_open, w->pid, 0); /* -1 under valgrind: slices */
    return 0;
}

static int worker_bind(worker *w, char *err, size_t errlen)
{
    int one = 1, zero = 0;
    int64_t maxmsg = WORKER_MAX_MSG;
    unsigned n = atomic_fetch_add(&w->env->next, 1);
    snprintf(w->sockpath, sizeof w->sockpath, "%s/w%u", w->env->dir, n);
    char endpoint[160];
    snprintf(endpoint, sizeof endpoint, "ipc://%s", w->sockpath);
    w->sock = zmq_socket(w->env->zctx, ZMQ_ROUTER);
    /* No high-water mark: the seat host is the arena's own code and reads
     * everything between two requests, so what waits for it is bounded by a
     * game's length, and a burst of events (a long chain of another seat's
     * moves, on a busy machine) waits rather than failing at libzmq's
     * default of 1000 messages, which an honest bot would lose for. */
    if (!w->sock || zmq_setsockopt(w->sock, ZMQ_ROUTER_MANDATORY, &one, sizeof one) < 0 ||
        zmq_setsockopt(w->sock, ZMQ_SNDHWM, &zero, sizeof zero) < 0 ||
        zmq_setsockopt(w->sock, ZMQ_LINGER, &zero, sizeof zero) < 0 ||
        zmq_setsockopt(w->sock, ZMQ_MAXMSGSIZE, &maxmsg, sizeof maxmsg) < 0 ||
        zmq_bind(w->sock, endpoint) < 0) {
        w->sockpath[0] = '\0';
        return worker_fail(err, errlen, -1, "bind %s: %s", endpoint, zmq_strerror(errno));
    }
    return 0;
}

/* Waits for Ready and checks it. */
static int worker_ready(worker *w, int64_t timeout_us, char *err, size_t errlen)
{
    Arena__WorkerMsg *m = NULL;
    int code = worker_await(w, ARENA__WORKER_MSG__BODY_READY, 0, arena_now_us() + timeout_us, &m,
                            err, errlen);
    if (code == OUTCOME_TIME)
        return worker_break(w, -1, err, errlen, "worker did not start within %lld ms",
                            (long long)(timeout_us / 1000));
    if (code != OUTCOME_NORMAL) return -1;
    uint32_t proto = m->ready->protocol, pid = m->ready->pid;
    /* what the host locked stays granted; the rest of its grant goes back
     * now, for the hosts that start after it (invariant 4) */
    worker_lock_keep(w, m->ready->locked);
    char jail[400];
    text_copy(jail, sizeof jail, m->ready->jail_error);
    arena__worker_msg__free_unpacked(m, &w->scratch.alloc);
    /* the host's own word, before any bot code ran: the machine's failure,
     * not the bot's (seat_process_open, host_seat.c) */
    if (jail[0]) return worker_break(w, -1, err, errlen, "%s", jail);
    if (proto != WIRE_PROTOCOL_VERSION)
        return worker_break(w, -1, err, errlen, "worker speaks protocol %u, the arena %u", proto,
                            WIRE_PROTOCOL_VERSION);
    if (pid != (uint32_t)w->pid)
        return worker_break(w, -1, err, errlen, "worker says pid %u, spawned %d", pid, (int)w->pid);
    return 0;
}

/* A descriptor moved above the ones a worker is given (0 to
 * WORKER_BOT_OUT_FD): dup2 onto its own number would keep close-on-exec. */
static int worker_high_fd(int fd)
{
    if (fd < 0 || fd > WORKER_BOT_OUT_FD) return fd;
    int hi = fcntl(fd, F_DUPFD_CLOEXEC, 10);
    close(fd);
    return hi;
}

worker *worker_spawn(worker_env *env, const worker_config *cfg, int64_t timeout_us, char *err,
                     size_t errlen)
{
    worker *w = calloc(1, sizeof *w);
    if (!w) return worker_fail(err, errlen, 0, "out of memory"), NULL;
    w->env = env;
    w->pid = -1;
    w->pidfd = -1;
    w->out_pipe.fd = -1;
    w->reaped = 1; /* nothing to reap until launched */
    w->mem_mb = cfg->mem_limit_mb > 0 ? cfg->mem_limit_mb : WORKER_DEFAULT_MEM_MB;
    w->cpu_s = cfg->cpu_limit_s > 0 ? cfg->cpu_limit_s : WORKER_DEFAULT_CPU_S;
    if (cfg->sandbox == SANDBOX_OFF) w->mem_mb = w->cpu_s = 0;
    wire_scratch_init(&w->scratch);
    /* without a sandbox nothing is held (jail.c) */
    if (cfg->sandbox != SANDBOX_OFF) worker_lock_take(w);
    if (worker_bind(w, err, errlen) < 0) goto fail;
    int outs[2] = {-1, -1};
    if (pipe2(outs, O_CLOEXEC) < 0) {
        worker_fail(err, errlen, 0, "pipe: %s", strerror(errno));
        goto fail;
    }
    botout_init(&w->out_pipe, outs[0], cfg->bot_path);
    outs[1] = worker_high_fd(outs[1]);
    int rc = outs[1] < 0 ? -1 : worker_launch(w, cfg, outs[1], err, errlen);
    if (outs[1] >= 0) close(outs[1]);
    if (rc < 0) goto fail;
    w->reaped = 0;
    memguard_watch(env->guard, w->pid, cfg->bot_path);
    if (worker_ready(w, timeout_us, err, errlen) < 0) goto fail;
    return w;
fail:
    worker_close(w);
    return NULL;
}

/* ----------------------------------------------------------------- calls -- */

static int worker_timeout(worker *w, int64_t timeout_us, char *err, size_t errlen)
{
    return worker_break(w, OUTCOME_TIME, err, errlen, "no answer within %lld ms",
                        (long long)(timeout_us / 1000));
}

static Arena__BotInfo *worker_copy_info(const Arena__BotInfo *in)
{
    /* the reply lives in the scratch block: hand out a malloc'd copy */
    size_t n = arena__bot_info__get_packed_size(in);
    uint8_t *buf = malloc(n ? n : 1);
    if (!buf) return NULL;
    arena__bot_info__pack(in, buf);
    Arena__BotInfo *out = arena__bot_info__unpack(NULL, n, buf);
    free(buf);
    return out;
}

/* A request's times as its host measured them: the time the bot had (never
 * more than wall_us, what passed from send to answer, plus after_us, what
 * it computed after its previous answer: owntime.h) and the CPU time, which
 * also counts toward the process's CPU limit (worker_cpu_exhausted). */
static void worker_took(worker *w, int64_t had_us, int64_t after_us, int64_t cpu_us,
                        int64_t wall_us, int64_t *think_out, int64_t *cpu_out)
{
    int64_t most = wall_us + (after_us > 0 ? after_us : 0);
    if (think_out) *think_out = had_us >= 0 && had_us < most ? had_us : most;
    int64_t cpu = cpu_us > 0 ? cpu_us : 0;
    w->cpu_used_us += cpu;
    if (cpu_out) *cpu_out = cpu;
}

int worker_setup(worker *w, const Arena__Setup *setup, int64_t timeout_us,
                 Arena__BotInfo **info_out, int64_t *think_us, int64_t *cpu_us, char *err,
                 size_t errlen)
{
    if (info_out) *info_out = NULL;
    if (think_us) *think_us = 0;
    if (cpu_us) *cpu_us = 0;
    botout_new_game(&w->out_pipe);
    Arena__ArenaMsg m = ARENA__ARENA_MSG__INIT;
    m.body_case = ARENA__ARENA_MSG__BODY_SETUP;
    Arena__Setup limited = *setup; /* a shallow copy: only packed */
    limited.limit_us = timeout_us; /* the host counts it (worker_main.c) */
    m.setup = &limited;
    int64_t wait_us = WORKER_WAIT_US(timeout_us);
    int64_t t0 = arena_now_us();
    int code = worker_send(w, &m, err, errlen);
    Arena__WorkerMsg *r = NULL;
    if (code == OUTCOME_NORMAL)
        code =
            worker_await(w, ARENA__WORKER_MSG__BODY_SETUP_REPLY, 0, t0 + wait_us, &r, err, errlen);
    int64_t wall = arena_now_us() - t0;
    if (code == OUTCOME_TIME && !w->broken) return worker_timeout(w, wait_us, err, errlen);
    if (code != OUTCOME_NORMAL) return code;
    Arena__SetupReply *sr = r->setup_reply;
    if (!sr->ok) {
        worker_fail(err, errlen, OUTCOME_SETUP, "%s", sr->error);
        arena__worker_msg__free_unpacked(r, &w->scratch.alloc);
        worker_kill(w);
        w->broken = 1;
        return OUTCOME_SETUP;
    }
    worker_took(w, sr->think_us, sr->after_us, sr->cpu_us, wall, think_us, cpu_us);
    w->wants_events = sr->info && sr->info->wants_events;
    if (info_out && sr->info) *info_out = worker_copy_info(sr->info);
    arena__worker_msg__free_unpacked(r, &w->scratch.alloc);
    return OUTCOME_NORMAL;
}

int worker_act(worker *w, const Arena__TurnRequest *turn, int64_t timeout_us, int32_t *action,
               int64_t *elapsed_us, int64_t *cpu_us, char *err, size_t errlen)
{
    Arena__TurnRequest t = *turn;
    t.seq = ++w->seq;
    t.limit_us = timeout_us; /* the host counts it (worker_main.c) */
    Arena__ArenaMsg m = ARENA__ARENA_MSG__INIT;
    m.body_case = ARENA__ARENA_MSG__BODY_TURN;
    m.turn = &t;
    int64_t wait_us = WORKER_WAIT_US(timeout_us);
    int64_t t0 = arena_now_us();
    int code = worker_send(w, &m, err, errlen);
    Arena__WorkerMsg *r = NULL;
    if (code == OUTCOME_NORMAL)
        code =
            worker_await(w, ARENA__WORKER_MSG__BODY_ACTION, t.seq, t0 + wait_us, &r, err, errlen);
    int64_t wall = arena_now_us() - t0;
    if (elapsed_us) *elapsed_us = wall;
    if (cpu_us) *cpu_us = 0;
    if (code == OUTCOME_TIME && !w->broken) return worker_timeout(w, wait_us, err, errlen);
    if (code != OUTCOME_NORMAL) return code;
    *action = r->action->action;
    worker_took(w, r->action->think_us, r->action->after_us, r->action->cpu_us, wall, elapsed_us,
                cpu_us);
    arena__worker_msg__free_unpacked(r, &w->scratch.alloc);
    return OUTCOME_NORMAL;
}

int worker_event(worker *w, const Arena__Event *event, char *err, size_t errlen)
{
    Arena__ArenaMsg m = ARENA__ARENA_MSG__INIT;
    m.body_case = ARENA__ARENA_MSG__BODY_EVENT;
    m.event = (Arena__Event *)event;
    return worker_send(w, &m, err, errlen);
}

int worker_game_over(worker *w, const Arena__GameOver *over, char *err, size_t errlen)
{
    Arena__ArenaMsg m = ARENA__ARENA_MSG__INIT;
    m.body_case = ARENA__ARENA_MSG__BODY_GAME_OVER;
    m.game_over = (Arena__GameOver *)over;
    return worker_send(w, &m, err, errlen);
}

int worker_wants_events(const worker *w)
{
    return w->wants_events;
}

pid_t worker_pid(const worker *w)
{
    return w->pid;
}

uint64_t worker_locked(const worker *w)
{
    return w->lock_grant; /* cut to what the host locked at its Ready */
}

int worker_cpu_exhausted(const worker *w)
{
    return w->cpu_s > 0 && w->cpu_used_us >= w->cpu_s * 1000000 / 2;
}

/* Waits up to ms for the worker to exit by itself. */
static void worker_wait_exit(worker *w, int ms)
{
    int64_t deadline = arena_now_us() + (int64_t)ms * 1000;
    while (!worker_reap(w, 0) && arena_now_us() < deadline) {
        if (w->pidfd >= 0) {
            zmq_pollitem_t it = {NULL, w->pidfd, ZMQ_POLLIN, 0};
            zmq_poll(&it, 1, ms);
        } else {
            usleep(1000);
        }
    }
}

void worker_close(worker *w)
{
    if (!w) return;
    if (!w->reaped && !w->broken && w->idlen) {
        Arena__Bye bye = ARENA__BYE__INIT;
        Arena__ArenaMsg m = ARENA__ARENA_MSG__INIT;
        m.body_case = ARENA__ARENA_MSG__BODY_BYE;
        m.bye = &bye;
        if (wire_send_arena(w->sock, w->id, w->idlen, &m, &w->out) == 0)
            worker_wait_exit(w, WORKER_BYE_MS);
    }
    worker_kill(w);
    /* reaped (or never started): whatever it locked is unlocked */
    worker_lock_keep(w, 0);
    if (w->pid > 0 && getenv("ARENA_WORKER_DEBUG"))
        fprintf(stderr, "worker %d closed: status 0x%x\n", (int)w->pid, w->status);
    if (w->sock) zmq_close(w->sock);
    if (w->sockpath[0]) unlink(w->sockpath); /* libzmq 4.3.4 leaves the file */
    if (w->pidfd >= 0) close(w->pidfd);
    botout_close(&w->out_pipe);
    wire_buf_free(&w->out);
    free(w);
}
