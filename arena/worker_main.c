/* worker_main.c -- the seat host: `arena __worker <endpoint> <bot.so> ...`.
 *
 * Trusted arena code between the arena's ZeroMQ socket and one jailed bot
 * (jail.h). The bot never shares a process with a ZeroMQ socket: whatever it
 * writes reaches only this host, one packet at a time and at most
 * JAIL_MAX_MSG bytes, so neither the host's nor the arena's memory depends on
 * what a bot sends.
 *
 *   spawn the jail -> connect, Ready -> serve until Bye or a fault
 *
 * Serving, per message of the arena:
 *   Setup, Turn    continue the jail, pass the packet on, read exactly one
 *                  answer of the right kind (and seq), stop the jail again;
 *                  a Turn's answer carries the jail's CPU time for the turn;
 *                  a Setup past its limit_us of the bot's own time (wall
 *                  clock less its waits for a processor) is a loss on time
 *   Event, GameOver  queued on the channel for the stopped jail
 *   Bye            kill the jail, exit
 * The jail is stopped (SIGSTOP) whenever it serves no request, so no bot
 * computes on another seat's time. Anything else the jail does (dies, writes
 * garbage or an answer nobody asked for, breaks the filter) becomes one Fault
 * message with the outcome and a one-line detail; the host then kills the
 * jail and exits. The host dies with the arena (PDEATHSIG), the jail with
 * the host.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <zmq.h>

#include "arena/sdk.h"
#include "jail.h"
#include "outcome.h"
#include "sandbox.h"
#include "wire.h"
#include "worker.h"

#define HOST_ERR 512
#define HOST_POLL_MS 1000
#define HOST_END_MS 2000 /* from a closed channel to the bot's end */
#define HOST_LINGER_MS 1000
/* looking again at a runnable bot past its limit (host_limit_confirmed) */
#define HOST_CONFIRM_MS 1

typedef struct host_args {
    const char *endpoint, *bot_path, *rules_path;
    const char *data_dir; /* --data: NULL for BOT.d beside the bot, "" for none */
    int level;
    int64_t mem_mb, cpu_s, parent;
} host_args;

/* A file of the bot's /proc directory, opened at its first reading and
 * kept open: reading it then costs one pread. */
typedef struct host_proc {
    int fd, missing;
} host_proc;

typedef struct host {
    host_args a;
    void *zctx, *sock;
    pid_t ppid;
    jail j;
    char jail_err[HOST_ERR]; /* why no jail could be built, "" when it was */
    int stopped;
    host_proc sched, stat; /* the bot's /proc/PID/schedstat and stat */
    wire_buf in, out;
    wire_scratch scratch, reply_scratch;
    uint8_t reply[JAIL_MAX_MSG];
} host;

static int host_parse_args(int argc, char **argv, host_args *a)
{
    memset(a, 0, sizeof *a);
    a->level = SANDBOX_JAIL;
    if (argc < 3) return -1;
    a->endpoint = argv[1];
    a->bot_path = argv[2];
    for (int i = 3; i < argc; i++) {
        int64_t v;
        const char *opt = argv[i];
        if (strcmp(opt, "--no-sandbox") == 0) {
            a->level = SANDBOX_OFF;
            continue;
        }
        if (strcmp(opt, "--seccomp-only") == 0) {
            a->level = SANDBOX_SECCOMP;
            continue;
        }
        if (i + 1 >= argc) return -1;
        const char *val = argv[++i];
        if (strcmp(opt, "--rules") == 0)
            a->rules_path = val;
        else if (strcmp(opt, "--data") == 0)
            a->data_dir = val;
        else if (jail_parse_count(val, &v) < 0)
            return -1;
        else if (strcmp(opt, "--mem-mb") == 0)
            a->mem_mb = v;
        else if (strcmp(opt, "--cpu-s") == 0)
            a->cpu_s = v;
        else if (strcmp(opt, "--parent") == 0)
            a->parent = v;
        else
            return -1;
    }
    return 0;
}

/* ---------------------------------------------------------- the arena -- */

static int host_send(host *h, const Arena__WorkerMsg *msg)
{
    if (wire_send_worker(h->sock, msg, &h->out) == 0) return 0;
    fprintf(stderr, "arena seat host: send: %s\n", zmq_strerror(errno));
    return -1;
}

/* The next message of the arena (its bytes in h->in), or NULL when it is gone. */
static Arena__ArenaMsg *host_next(host *h, size_t *len)
{
    zmq_pollitem_t item = {h->sock, 0, ZMQ_POLLIN, 0};
    for (;;) {
        int rc = zmq_poll(&item, 1, HOST_POLL_MS);
        if (rc < 0 && errno != EINTR) return NULL;
        if (rc <= 0) {
            if (getppid() != h->ppid) return NULL; /* orphaned: the arena died */
            continue;
        }
        rc = wire_recv_arena_bytes(h->sock, ZMQ_DONTWAIT, &h->in, len);
        if (rc == WIRE_ERROR) return NULL;
        Arena__ArenaMsg *msg = NULL;
        if (rc == WIRE_OK &&
            wire_decode_arena(&h->scratch.alloc, h->in.data, *len, &msg) == WIRE_OK)
            return msg;
        if (rc != WIRE_NONE) fprintf(stderr, "arena seat host: unreadable message ignored\n");
    }
}

/* The bot forfeits: tell the arena why, end the jail. Always returns -1. */
static int host_fault(host *h, int outcome, const char *fmt, ...)
{
    char detail[HOST_ERR];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(detail, sizeof detail, fmt, ap);
    va_end(ap);
    jail_close(&h->j);
    Arena__Fault f = ARENA__FAULT__INIT;
    f.outcome = outcome;
    f.detail = detail;
    Arena__WorkerMsg msg = ARENA__WORKER_MSG__INIT;
    msg.body_case = ARENA__WORKER_MSG__BODY_FAULT;
    msg.fault = &f;
    host_send(h, &msg);
    return -1;
}

/* ------------------------------------------------------------ the jail -- */

static void host_signal(host *h, int sig)
{
    if (h->j.bot_pid > 0) kill(h->j.bot_pid, sig);
}

static void host_continue(host *h)
{
    if (h->stopped) host_signal(h, SIGCONT);
    h->stopped = 0;
}

static void host_stop(host *h)
{
    if (!h->stopped) host_signal(h, SIGSTOP);
    h->stopped = 1;
}

/* CPU time the jail has used, in microseconds; -1 when unknown. */
static int64_t host_jail_cpu_us(const host *h)
{
    clockid_t clk;
    struct timespec ts;
    if (h->j.bot_pid <= 0 || clock_getcpuclockid(h->j.bot_pid, &clk) || clock_gettime(clk, &ts))
        return -1;
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/* Reads the bot's /proc/PID/<name> into buf (NUL-terminated); its length,
 * or -1 where the kernel does not keep it. */
static ssize_t host_proc_read(host *h, host_proc *f, const char *name, char *buf, size_t len)
{
    if (h->j.bot_pid <= 0) return -1;
    if (f->fd < 0 && !f->missing) {
        char path[64];
        snprintf(path, sizeof path, "/proc/%d/%s", (int)h->j.bot_pid, name);
        f->fd = open(path, O_RDONLY | O_CLOEXEC);
        f->missing = f->fd < 0;
    }
    ssize_t n = f->fd >= 0 ? pread(f->fd, buf, len - 1, 0) : -1;
    if (n <= 0) return -1;
    buf[n] = '\0';
    return n;
}

/* Time the jail's bot waited for a processor so far, in microseconds: the
 * second field of /proc/PID/schedstat (nanoseconds runnable but not
 * running). Read through a descriptor kept open, twice a turn: a pread of a
 * few dozen bytes. Its main thread's waits only: a jailed bot has no other
 * (its filter allows no clone), and an unsandboxed bot's threads are then
 * charged their waits, never credited more than the time that passed. 0
 * where the kernel does not keep it: a limit counted with it is then plain
 * wall-clock time. The kernel adds a wait when it ends: one still going on
 * is not in it (host_limit_confirmed). */
static int64_t host_jail_wait_us(host *h)
{
    char buf[96];
    unsigned long long run = 0, wait = 0;
    if (host_proc_read(h, &h->sched, "schedstat", buf, sizeof buf) < 0) return 0;
    return sscanf(buf, "%llu %llu", &run, &wait) == 2 ? (int64_t)(wait / 1000) : 0;
}

/* Whether the bot is runnable (state R of /proc/PID/stat: running, or
 * waiting for a processor); 0 when it sleeps, is stopped or is gone. */
static int host_jail_runnable(host *h)
{
    char buf[512];
    if (host_proc_read(h, &h->stat, "stat", buf, sizeof buf) < 0) return 0;
    const char *end = strrchr(buf, ')'); /* the name between ( ) may hold anything */
    return end && end[1] == ' ' && end[2] == 'R';
}

/* The jail ended (its channel closed, or it sent its last words): how. */
static int host_death(host *h, const sandbox_record *violation)
{
    jail_end end;
    if (h->stopped) host_signal(h, SIGCONT); /* a stopped bot would never end */
    if (jail_wait(&h->j, HOST_END_MS, &end) < 0)
        return host_fault(h, OUTCOME_CRASH, "closed its channel");
    int st = end.status;
    if (violation) {
        char *name = sandbox_syscall_name(violation->arch, violation->nr);
        int rc = name ? host_fault(h, OUTCOME_SANDBOX, "sandbox violation: %s", name)
                      : host_fault(h, OUTCOME_SANDBOX, "sandbox violation: system call %d",
                                   (int)violation->nr);
        free(name);
        return rc;
    }
    double cpu = (double)end.cpu_us / 1e6;
    char hint[64] = "";
    /* only a hint, and said as one: the peak resident size reached half the
     * address-space limit before the bot died */
    if (h->a.mem_mb > 0 && end.maxrss_kb >= h->a.mem_mb * 1024 / 2)
        snprintf(hint, sizeof hint, " (memory limit %lld MB?)", (long long)h->a.mem_mb);
    if (WIFSIGNALED(st)) {
        int sig = WTERMSIG(st);
        if (sig == SIGSYS)
            return host_fault(h, OUTCOME_SANDBOX, "sandbox violation: unreported system call");
        /* SIGXCPU comes only from RLIMIT_CPU; SIGKILL is the hard limit only
         * if the time is there */
        if (h->a.cpu_s > 0 && (sig == SIGXCPU || (sig == SIGKILL && cpu >= (double)h->a.cpu_s)))
            return host_fault(h, OUTCOME_TIME, "CPU time limit (%lld s)", (long long)h->a.cpu_s);
        const char *d = sigdescr_np(sig);
        return host_fault(h, OUTCOME_CRASH, "crashed: signal %d (%s)%s", sig, d ? d : "unknown",
                          hint);
    }
    if (WIFEXITED(st) && WEXITSTATUS(st) == SANDBOX_EXIT_VIOLATION)
        return host_fault(h, OUTCOME_SANDBOX, "sandbox violation: unreported system call");
    return host_fault(h, OUTCOME_CRASH, "exited with status %d%s",
                      WIFEXITED(st) ? WEXITSTATUS(st) : -1, hint);
}

/* recv() gave 0: the jail closed the channel (it is dying), or it sent an
 * empty packet while alive, which is garbage. */
static int host_eof(host *h)
{
    struct pollfd p = {h->j.chan, POLLIN | POLLRDHUP, 0};
    if (poll(&p, 1, 0) >= 0 && !(p.revents & (POLLHUP | POLLRDHUP | POLLERR)))
        return host_fault(h, OUTCOME_GARBAGE, "an empty message");
    return host_death(h, NULL);
}

/* Passes the arena's packet on, without waiting. */
static int host_forward(host *h, size_t len)
{
    for (;;) {
        if (send(h->j.chan, h->in.data, len, MSG_DONTWAIT | MSG_NOSIGNAL) == (ssize_t)len) return 0;
        if (errno == EINTR) continue;
        if (errno == EAGAIN) return host_fault(h, OUTCOME_TIME, "not reading its messages");
        if (errno == EPIPE || errno == ECONNRESET) return host_death(h, NULL);
        return host_fault(h, OUTCOME_CRASH, "channel: %s", strerror(errno));
    }
}

/* Nothing may wait on the channel when a request is about to be sent: an
 * answer that was not asked for is garbage. */
static int host_check_quiet(host *h)
{
    char c;
    ssize_t n = recv(h->j.chan, &c, 1, MSG_PEEK | MSG_DONTWAIT);
    if (n < 0 && (errno == EAGAIN || errno == EINTR)) return 0;
    if (n == 0) return host_eof(h);
    if (n < 0) return host_death(h, NULL);
    return host_fault(h, OUTCOME_GARBAGE, "sent a message nobody asked for");
}

/* The time the bot had since t0_us: wall-clock time less its waits for a
 * processor since wait0_us. */
static int64_t host_had_us(host *h, int64_t t0_us, int64_t wait0_us)
{
    int64_t had = arena_now_us() - t0_us - (host_jail_wait_us(h) - wait0_us);
    return had > 0 ? had : 0;
}

/* With a limit (a Setup's or a Turn's limit_us, > 0): whether the bot has had
 * it (host_had_us), and otherwise in *ms how long to wait before asking again
 * (the rest of the limit, which no wait for a processor can shorten). */
static int host_past_limit(host *h, int64_t limit_us, int64_t t0_us, int64_t wait0_us, int *ms)
{
    if (limit_us <= 0) return *ms = -1, 0;
    int64_t had = host_had_us(h, t0_us, wait0_us);
    if (had >= limit_us) return 1;
    *ms = (int)((limit_us - had + 999) / 1000);
    return 0;
}

/* host_past_limit said yes: whether to believe it. A runnable bot may be in
 * the middle of a wait for a processor, which schedstat adds only when it
 * ends, so the time it had looks longer by that wait (tens of ms beside busy
 * loops, more for a bot of low priority). The verdict stands when the bot is
 * not runnable (every wait of a sleeping bot is counted), or once its CPU
 * time has moved since the limit first looked past (*cpu_mark): it has run
 * since, so that wait is counted and one still going on began at most a
 * sampling interval ago. Until then the host looks again every
 * HOST_CONFIRM_MS. */
static int host_limit_confirmed(host *h, int64_t *cpu_mark)
{
    if (!host_jail_runnable(h)) return 1;
    int64_t cpu = host_jail_cpu_us(h);
    if (cpu < 0) return 1;
    if (*cpu_mark < 0) {
        *cpu_mark = cpu;
        return 0;
    }
    return cpu > *cpu_mark;
}

/* The bot did not answer within limit_us of its own time. Over a wait for
 * a processor worth naming, the message says how the time passed: how much
 * of it the bot computed (the rest it slept or blocked) and how long it
 * waited for a processor besides, which was not counted. */
static int host_late(host *h, int64_t limit_us, int64_t waited_us, int64_t cpu_us)
{
    long long ms = (long long)(limit_us / 1000);
    if (waited_us < 100000) return host_fault(h, OUTCOME_TIME, "no answer within %lld ms", ms);
    if (cpu_us < 0)
        return host_fault(h, OUTCOME_TIME,
                          "no answer within %lld ms (besides %.1f s it waited for a processor)", ms,
                          (double)waited_us / 1e6);
    return host_fault(h, OUTCOME_TIME,
                      "no answer within %lld ms, %.1f s of it computing (besides %.1f s it "
                      "waited for a processor)",
                      ms, (double)cpu_us / 1e6, (double)waited_us / 1e6);
}

/* The one answer to a request: a message with body `want` (and, for a turn,
 * the request's seq), decoded into *out, and in *had_us the time the bot had
 * for it. Past limit_us of the bot's time (0: none but the arena's own wait)
 * the bot loses on time. */
static int host_await(host *h, int want, uint32_t seq, int64_t limit_us, int64_t cpu0_us,
                      Arena__WorkerMsg **out, int64_t *had_us)
{
    struct pollfd p = {h->j.chan, POLLIN, 0};
    int64_t t0 = arena_now_us(), wait0 = host_jail_wait_us(h), cpu_mark = -1;
    for (;;) {
        int ms;
        if (!host_past_limit(h, limit_us, t0, wait0, &ms))
            cpu_mark = -1;
        else if (host_limit_confirmed(h, &cpu_mark))
            return host_late(h, limit_us, host_jail_wait_us(h) - wait0,
                             cpu0_us >= 0 ? host_jail_cpu_us(h) - cpu0_us : -1);
        else
            ms = HOST_CONFIRM_MS;
        int rc = poll(&p, 1, ms);
        if (rc < 0 && errno != EINTR) return host_death(h, NULL);
        if (rc <= 0) continue; /* the limit is checked again */
        ssize_t n = recv(h->j.chan, h->reply, sizeof h->reply, MSG_TRUNC | MSG_DONTWAIT);
        if (n < 0 && (errno == EAGAIN || errno == EINTR)) continue;
        if (n == 0) return host_eof(h);
        if (n < 0) return host_death(h, NULL);
        *had_us = host_had_us(h, t0, wait0);
        if ((size_t)n > sizeof h->reply)
            return host_fault(h, OUTCOME_GARBAGE, "a message of %zd bytes (at most %d)", n,
                              JAIL_MAX_MSG);
        sandbox_record r;
        if ((size_t)n == sizeof r) {
            memcpy(&r, h->reply, sizeof r);
            if (r.magic == SANDBOX_RECORD_MAGIC) return host_death(h, &r);
        }
        if (wire_decode_worker(&h->reply_scratch.alloc, h->reply, (size_t)n, out) != WIRE_OK)
            return host_fault(h, OUTCOME_GARBAGE, "unreadable message");
        Arena__WorkerMsg *m = *out;
        if ((int)m->body_case == want &&
            (want != ARENA__WORKER_MSG__BODY_ACTION || m->action->seq == seq))
            return 0;
        int body = (int)m->body_case;
        arena__worker_msg__free_unpacked(m, &h->reply_scratch.alloc);
        *out = NULL;
        /* a message of another kind, or an answer to another turn (one it
         * sent ahead, or twice) */
        return host_fault(h, OUTCOME_GARBAGE, "sent a message nobody asked for (kind %d)", body);
    }
}

/* Setup or Turn: continue, ask, read the answer, stop; the answer goes to
 * the arena, a turn's with the jail's CPU time and the time the bot had. */
static int host_request(host *h, size_t len, int want, uint32_t seq, int64_t limit_us)
{
    if (host_check_quiet(h) < 0) return -1;
    int64_t cpu0 = host_jail_cpu_us(h), had = 0;
    host_continue(h);
    Arena__WorkerMsg *m = NULL;
    if (host_forward(h, len) < 0 || host_await(h, want, seq, limit_us, cpu0, &m, &had) < 0)
        return -1;
    host_stop(h);
    int64_t cpu1 = host_jail_cpu_us(h);
    if (want == ARENA__WORKER_MSG__BODY_ACTION) {
        m->action->cpu_us = cpu0 >= 0 && cpu1 >= cpu0 ? cpu1 - cpu0 : 0;
        m->action->think_us = had;
    }
    int rc = host_send(h, m);
    arena__worker_msg__free_unpacked(m, &h->reply_scratch.alloc);
    return rc;
}

/* Without a jail every Setup is refused with the reason. */
static int host_refuse(host *h)
{
    Arena__SetupReply reply = ARENA__SETUP_REPLY__INIT;
    reply.ok = 0;
    reply.error = h->jail_err;
    Arena__WorkerMsg msg = ARENA__WORKER_MSG__INIT;
    msg.body_case = ARENA__WORKER_MSG__BODY_SETUP_REPLY;
    msg.setup_reply = &reply;
    return host_send(h, &msg);
}

/* Serves one message: 0 to go on, 1 after Bye, -1 after a fault. */
static int host_serve(host *h, const Arena__ArenaMsg *m, size_t len)
{
    switch (m->body_case) {
    case ARENA__ARENA_MSG__BODY_SETUP:
        if (h->jail_err[0]) return host_refuse(h);
        return host_request(h, len, ARENA__WORKER_MSG__BODY_SETUP_REPLY, 0, m->setup->limit_us);
    case ARENA__ARENA_MSG__BODY_TURN:
        if (h->jail_err[0]) return -1;
        return host_request(h, len, ARENA__WORKER_MSG__BODY_ACTION, m->turn->seq,
                            m->turn->limit_us);
    case ARENA__ARENA_MSG__BODY_EVENT:
    case ARENA__ARENA_MSG__BODY_GAME_OVER:
        return h->jail_err[0] ? 0 : host_forward(h, len);
    case ARENA__ARENA_MSG__BODY_BYE:
        return 1;
    default:
        return 0;
    }
}

/* ---------------------------------------------------------------- main -- */

static int host_connect(host *h)
{
    /* a Fault is the last message before exit: closing must not drop it */
    int linger = HOST_LINGER_MS;
    h->zctx = zmq_ctx_new();
    if (h->zctx) h->sock = zmq_socket(h->zctx, ZMQ_DEALER);
    if (!h->sock || zmq_setsockopt(h->sock, ZMQ_LINGER, &linger, sizeof linger) < 0 ||
        zmq_connect(h->sock, h->a.endpoint) < 0) {
        fprintf(stderr, "arena seat host: %s: %s\n", h->a.endpoint, zmq_strerror(errno));
        return -1;
    }
    Arena__Ready ready = ARENA__READY__INIT;
    ready.pid = (uint32_t)getpid();
    ready.protocol = WIRE_PROTOCOL_VERSION;
    Arena__WorkerMsg msg = ARENA__WORKER_MSG__INIT;
    msg.body_case = ARENA__WORKER_MSG__BODY_READY;
    msg.ready = &ready;
    return host_send(h, &msg);
}

static void host_spawn_jail(host *h)
{
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) {
        snprintf(h->jail_err, sizeof h->jail_err, "readlink /proc/self/exe: %s", strerror(errno));
        return;
    }
    exe[n] = '\0';
    char sdk[PATH_MAX];
    jail_config cfg = {exe,
                       h->a.bot_path,
                       h->a.rules_path,
                       h->a.level,
                       h->a.mem_mb,
                       h->a.cpu_s,
                       jail_find_sdk(exe, sdk) == 0 ? sdk : NULL,
                       h->a.data_dir};
    if (jail_spawn(&cfg, &h->j, h->jail_err, sizeof h->jail_err) < 0 && !h->jail_err[0])
        snprintf(h->jail_err, sizeof h->jail_err, "%s", JAIL_BUILD_FAILED);
}

int worker_main(int argc, char **argv)
{
    static host h; /* static: the reply buffer and scratch blocks stay off the stack */
    if (host_parse_args(argc, argv, &h.a) < 0) {
        fprintf(stderr, "usage: arena __worker <endpoint> <bot.so> [--rules <rules.so>] "
                        "[--data <dir>] [--no-sandbox | --seccomp-only] [--mem-mb N] [--cpu-s N] "
                        "[--parent PID]\n(started by the arena, never by hand)\n");
        return 2;
    }
    /* Die with the arena, whatever state we are in. If the arena died before
     * this line, our parent is already someone else: leave at once. The poll
     * loop still checks, for kernels where the signal could not be armed. */
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || (h.a.parent > 0 && getppid() != (pid_t)h.a.parent))
        return 1;
    h.ppid = getppid();
    h.j.pid = -1;
    h.j.pidfd = h.j.chan = -1;
    h.sched.fd = h.stat.fd = -1;
    wire_scratch_init(&h.scratch);
    wire_scratch_init(&h.reply_scratch);
    /* before libzmq starts its threads: clone() then copies one thread */
    host_spawn_jail(&h);
    int status = 1;
    if (host_connect(&h) < 0) goto out;
    for (;;) {
        size_t len = 0;
        Arena__ArenaMsg *msg = host_next(&h, &len);
        if (!msg) break;
        int rc = host_serve(&h, msg, len);
        arena__arena_msg__free_unpacked(msg, &h.scratch.alloc);
        if (rc != 0) break;
    }
    status = 0;
out:
    jail_close(&h.j);
    if (h.sched.fd >= 0) close(h.sched.fd);
    if (h.stat.fd >= 0) close(h.stat.fd);
    wire_buf_free(&h.in);
    wire_buf_free(&h.out);
    if (h.sock) zmq_close(h.sock);
    if (h.zctx) zmq_ctx_term(h.zctx);
    return status;
}
