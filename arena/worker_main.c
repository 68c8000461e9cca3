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
 *   Setup, Turn    pass the packet on, continue the jail, read exactly one
 *                  answer of the right kind (and seq), pass it on, stop the
 *                  jail again;
 *                  the answer carries the time the bot had for it and the
 *                  jail's CPU time meanwhile;
 *                  a Setup past its limit_us of the bot's own time (wall
 *                  clock less its waits for a processor: owntime.h) is a
 *                  loss on time
 *   Event, GameOver  queued on the channel for the stopped jail, and past
 *                  what the channel holds in this host's memory
 *                  (jail_queue.h), which the jail reads first when it is
 *                  next continued
 *   Bye            kill the jail, exit
 * The jail is stopped (SIGSTOP) whenever it serves no request, so no bot
 * computes on another seat's time. Anything else the jail does (dies, writes
 * garbage or an answer nobody asked for, breaks the filter) becomes one Fault
 * message with the outcome and a one-line detail; the host then kills the
 * jail and exits. A jail whose channel closed is stopped, not continued,
 * and has HOST_END_MS of wall time to end on its own (host_death): no bot
 * costs the arena more than that by closing its channel, whatever its
 * time control. The host dies with the arena (PDEATHSIG), the jail with
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
#include "botout.h"
#include "jail.h"
#include "jail_queue.h"
#include "outcome.h"
#include "owntime.h"
#include "owntime_stop.h"
#include "sandbox.h"
#include "wire.h"
#include "worker.h"

#define HOST_ERR 512
#define HOST_POLL_MS 1000
/* From a closed channel (or a sandbox record) to the bot's end, of wall
 * time; the bot is stopped meanwhile (host_death). */
#define HOST_END_MS 200
#define HOST_LINGER_MS 1000
#define HOST_LOOK_MS 1 /* between looks at a stop on its way */

typedef struct host_args {
    const char *endpoint, *bot_path, *rules_path;
    const char *data_dir; /* --data: NULL for BOT.d beside the bot, "" for none */
    int level;
    int64_t mem_mb, cpu_s, parent;
    int64_t lock_bytes; /* --lock-bytes: the arena's grant (datadir.h, contract 5); 0 none */
} host_args;

typedef struct host {
    host_args a;
    void *zctx, *sock;
    pid_t ppid;
    jail j;
    char jail_err[HOST_ERR]; /* why no jail could be built, "" when it was */
    int stopped;
    int ended;        /* a GameOver went to the jail since its last answer */
    owntime own;      /* the bot's own time (owntime.h) */
    int64_t cpu_mark; /* the jail's CPU time at its last answer, -1 before one */
    int64_t cpu_go;   /* ... when it was last continued with a request, -1 before */
    int64_t own_had;  /* that request's wall time (the time it had and the waits it
                       * was spared), less what came before it */
    owntime_stop stop;   /* the stop after an answer, until it lands (owntime_stop.h) */
    owntime_probe probe; /* its readings of the jail */
    int recv_ms;         /* the socket's receive timeout now */
    long long oom_kills; /* the machine's OOM kills when the jail was built (host_oom_kills) */
    int stop_idle;    /* tests only: stop the jail once it sleeps (host_stop_when_idle) */
    int64_t stop_late_ms; /* tests only: send the stop this late (host_stop) */
    jail_queue queue; /* what the channel could not take yet */
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
        else if (strcmp(opt, "--lock-bytes") == 0)
            a->lock_bytes = v;
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
    for (;;) {
        /* A receive that waits (ZMQ_RCVTIMEO: HOST_POLL_MS), not zmq_poll and
         * then a receive: half the system calls, a move's worth of them being
         * worth a bot's move here. While a stop is on its way it waits
         * HOST_LOOK_MS at most, and looks at the stop after each wait that
         * passes without a message (the look at its next request is
         * owntime_stop_charge's): an honest bot's stop has landed by the first. */
        int watching = owntime_stop_pending(&h->stop),
            wait_ms = watching ? HOST_LOOK_MS : HOST_POLL_MS;
        if (wait_ms != h->recv_ms && /* an option of the socket: no system call */
            zmq_setsockopt(h->sock, ZMQ_RCVTIMEO, &wait_ms, sizeof wait_ms) == 0)
            h->recv_ms = wait_ms;
        int rc = wire_recv_arena_bytes(h->sock, 0, &h->in, len);
        if (rc == WIRE_NONE && watching) {
            owntime_stop_look(&h->stop, &h->probe);
            continue;
        }
        if (rc == WIRE_NONE) {
            if (getppid() != h->ppid) return NULL; /* orphaned: the arena died */
            continue;
        }
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

/* Stops the jail after an answer. A stop lands when the jail next returns
 * from the kernel, and a call that only a fatal signal breaks off -- a long
 * read() of a cold file, madvise(MADV_POPULATE_READ), a MAP_POPULATE mmap
 * -- holds it off for as long as the call lasts: seconds of disk reads,
 * which are no CPU time, while other seats think. So the host watches the
 * stop until it lands (owntime_stop.h) and charges the jail's own time until
 * then to its next request, as host_after does its CPU time. */
static void host_stop(host *h, int64_t wait_us)
{
    if (h->stopped) return;
    h->stopped = 1;
    if (h->j.bot_pid <= 0) return;
    int64_t from = arena_now_us();
    if (h->stop_late_ms > 0) { /* tests only: as if the stop took that long to land */
        struct timespec t = {h->stop_late_ms / 1000, (long)(h->stop_late_ms % 1000) * 1000000};
        nanosleep(&t, NULL);
    }
    int64_t kill_us = arena_now_us(); /* before the kill: owntime_stop.h, invariant 3 */
    host_signal(h, SIGSTOP);
    owntime_stop_sent(&h->stop, &h->probe, from, kill_us, wait_us);
}

/* Tests only (ARENA_TEST_STOP_WHEN_IDLE=1 in the host's environment): after
 * an answer, lets the jail run until it sleeps (or for 10 s) before stopping
 * it, so that a test bot's work past its answer is as long as it chooses,
 * not as long as the stop takes to land -- all of it charged to its next
 * request (owntime.h, invariant 4), which is what the test shows. */
static void host_stop_when_idle(host *h)
{
    for (int i = 0; i < 10000 && owntime_runnable(&h->own); i++) {
        struct timespec ms = {0, 1000000};
        nanosleep(&ms, NULL);
    }
}

/* How many processes the kernel's OOM killer has killed on this machine
 * (/proc/vmstat, the host's own /proc, not the jail's); -1 unknown. */
static long long host_oom_kills(void)
{
    FILE *f = fopen("/proc/vmstat", "re");
    if (!f) return -1;
    char line[128];
    long long n = -1;
    while (n < 0 && fgets(line, sizeof line, f))
        if (sscanf(line, "oom_kill %lld", &n) != 1) n = -1;
    fclose(f);
    return n;
}

/* The jail ended (its channel closed, or it sent its last words): how.
 * Without its channel the bot can never answer again, so nothing it does
 * from here may cost the arena more than a look at how it ends: it is
 * stopped (no longer continued, as it once was to let it end -- a bot that
 * closed its channel and spun then held every game for 2 s, whatever its
 * time control; red team 8) and given HOST_END_MS of wall time to end
 * before it is killed. A stop does not hold off a death under way, and a
 * dying process's channel closes only after its memory is freed (the
 * kernel closes its descriptors after that), so an honest end (a crash, an
 * exit, a kill) leaves only its init's report to wait for: microseconds of
 * work, HOST_END_MS leaving room for a loaded machine's scheduling. That
 * wait is all, never what remained of the request's time, which a stopped
 * bot could not use to end. A sandbox record names the verdict without a
 * wait: it comes before the end (the reporter's _exit, then the freeing of
 * the memory, which a large process may take longer over), and a forged
 * one names only the bot's own loss. */
static int host_death(host *h, const sandbox_record *violation)
{
    if (!h->stopped) host_signal(h, SIGSTOP);
    h->stopped = 1;
    if (violation) {
        char *name = sandbox_syscall_name(violation->arch, violation->nr);
        int rc = name ? host_fault(h, OUTCOME_SANDBOX, "sandbox violation: %s", name)
                      : host_fault(h, OUTCOME_SANDBOX, "sandbox violation: system call %d",
                                   (int)violation->nr);
        free(name);
        return rc;
    }
    jail_end end;
    if (jail_wait(&h->j, HOST_END_MS, &end) < 0)
        return host_fault(h, OUTCOME_CRASH, "closed its channel");
    int st = end.status;
    double cpu = (double)end.cpu_us / 1e6;
    char hint[120] = "";
    /* only a hint, and said as one: the peak resident size reached half the
     * address-space limit before the bot died */
    if (h->a.mem_mb > 0 && end.maxrss_kb >= h->a.mem_mb * 1024 / 2)
        snprintf(hint, sizeof hint, " (memory limit %lld MB?)", (long long)h->a.mem_mb);
    /* --mem never kills (an allocation past it fails): a SIGKILL while the
     * machine's OOM killer was at work is most likely its, which takes the
     * largest process of all, whoever used up the memory (README) */
    long long ooms = WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL ? host_oom_kills() : -1;
    if (ooms > 0 && h->oom_kills >= 0 && ooms > h->oom_kills)
        snprintf(hint, sizeof hint,
                 " (the machine ran out of memory: the kernel killed the largest process, "
                 "this one at %ld MB)",
                 end.maxrss_kb / 1024);
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

/* A failed send to the channel, or to its queue: the jail's end or a fault. */
static int host_channel_error(host *h)
{
    if (errno == EPIPE || errno == ECONNRESET) return host_death(h, NULL);
    if (errno == ENOBUFS) /* jail_queue.h, invariant 3 */
        return host_fault(h, OUTCOME_TIME, "not reading its messages (%zu MB of them wait)",
                          JAIL_QUEUE_MAX_BYTES >> 20);
    return host_fault(h, OUTCOME_CRASH, "channel: %s", strerror(errno));
}

/* Passes the arena's packet on, without waiting: to the channel, or behind
 * what waits for it there (jail_queue.h). */
static int host_forward(host *h, size_t len)
{
    return jail_queue_send(&h->queue, h->j.chan, h->in.data, len) < 0 ? host_channel_error(h) : 0;
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

/* The bot did not answer within limit_us of its own time. Over a wait for
 * a processor worth naming, the message says how the time passed: how much
 * of it the bot computed (the rest it slept or blocked) and how long it
 * waited for a processor besides, which was not counted. */
static int host_late(host *h, int want, int64_t limit_us, int64_t waited_us, int64_t cpu_us)
{
    long long ms = (long long)(limit_us / 1000);
    /* Why, where it can be told: a full output pipe (the jail's stdout and
     * stderr: WORKER_BOT_OUT_FD), or a Setup after a game, whose end (observe,
     * destroy) the stopped jail meets only now. */
    const char *why = botout_pipe_full(WORKER_BOT_OUT_FD) ? BOTOUT_BLOCKED
                      : want == ARENA__WORKER_MSG__BODY_SETUP_REPLY && h->ended
                          ? ": the end of its last game counts here"
                          : "";
    if (waited_us < 100000)
        return host_fault(h, OUTCOME_TIME, "no answer within %lld ms%s", ms, why);
    if (cpu_us < 0)
        return host_fault(h, OUTCOME_TIME,
                          "no answer within %lld ms (besides %.1f s it waited for a processor)%s",
                          ms, (double)waited_us / 1e6, why);
    return host_fault(h, OUTCOME_TIME,
                      "no answer within %lld ms, %.1f s of it computing (besides %.1f s it "
                      "waited for a processor)%s",
                      ms, (double)cpu_us / 1e6, (double)waited_us / 1e6, why);
}

/* The one answer to a request: a message with body `want` (and, for a turn,
 * the request's seq), decoded into *out, and in *had_us the time the bot had
 * for it. Past limit_us of the bot's time (0: none but the arena's own wait)
 * the bot loses on time. */
static int host_await(host *h, int want, uint32_t seq, int64_t limit_us, int64_t cpu0_us,
                      owntime_count *c, Arena__WorkerMsg **out, int64_t *had_us)
{
    struct pollfd p = {h->j.chan, POLLIN, 0};
    /* The first wait is the rest of the limit by the wall clock: a look at
     * the bot's time (owntime_over) costs system calls, and a fast bot has
     * answered long before one could say anything. */
    int ms = owntime_first_ms(c, limit_us);
    for (;;) {
        /* what waits for the channel (events, then this request) goes out
         * as the jail reads */
        p.events = jail_queue_empty(&h->queue) ? POLLIN : POLLIN | POLLOUT;
        int rc = poll(&p, 1, ms);
        if (rc < 0 && errno != EINTR) return host_death(h, NULL);
        if (rc > 0 && (p.revents & POLLOUT)) {
            if (jail_queue_flush(&h->queue, h->j.chan) < 0) return host_channel_error(h);
            if (!(p.revents & ~POLLOUT)) { /* nothing to read: wait the rest */
                ms = owntime_first_ms(c, limit_us);
                continue;
            }
        }
        if (rc <= 0 && poll(&p, 1, 0) == 0 && owntime_over(&h->own, c, limit_us, &ms))
            return host_late(h, want, limit_us, owntime_wait_us(&h->own) - c->wait0_us,
                             cpu0_us >= 0 ? owntime_cpu_us(&h->own) - cpu0_us : -1);
        if (!p.revents) continue; /* not over: wait ms more */
        int64_t stamp;
        ssize_t n = owntime_recv(h->j.chan, h->reply, sizeof h->reply, &stamp);
        if (n < 0 && (errno == EAGAIN || errno == EINTR)) continue;
        if (n == 0) return host_eof(h);
        if (n < 0) return host_death(h, NULL);
        *had_us = owntime_had(&h->own, c, stamp);
        if ((size_t)n > sizeof h->reply)
            return host_fault(h, OUTCOME_GARBAGE, "a message of %zd bytes (at most %d)", n,
                              JAIL_MAX_MSG);
        sandbox_record r;
        if ((size_t)n == sizeof r) {
            memcpy(&r, h->reply, sizeof r);
            if (r.magic == SANDBOX_RECORD_MAGIC) return host_death(h, &r);
        }
        /* a turn's late answer is the arena's to judge (it says by how much);
         * a Setup's is the host's */
        if (want == ARENA__WORKER_MSG__BODY_SETUP_REPLY && limit_us > 0 && *had_us > limit_us)
            return host_late(h, want, limit_us, owntime_wait_us(&h->own) - c->wait0_us,
                             cpu0_us >= 0 ? owntime_cpu_us(&h->own) - cpu0_us : -1);
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

/* What the jail computed after its previous answer, until its stop landed
 * (owntime.h, invariant 4): an honest bot's few microseconds of returning to
 * its read, a hostile one's work past its answer. The jail has been stopped
 * since, so the reading is exact. Two lower bounds of it, the larger
 * charged: its CPU time since its host read the answer; and -- a jailed bot
 * has one thread (its filter allows no clone), whose CPU time in a request
 * is at most the request's wall time -- its CPU time since it was continued
 * with that request beyond that wall time, which also takes in what it
 * computed before its host woke to read the answer. (Not beyond the time
 * it had: waits that ended after the answer come off that, which could
 * make a request's own CPU time look like work past it; red team 4.) */
static int64_t host_after(const host *h, int64_t now_cpu)
{
    if (now_cpu < 0 || h->cpu_mark < 0) return 0;
    int64_t after = now_cpu - h->cpu_mark;
    if (h->a.level != SANDBOX_OFF && h->cpu_go >= 0 && now_cpu - h->cpu_go - h->own_had > after)
        after = now_cpu - h->cpu_go - h->own_had;
    return after > 0 ? after : 0;
}

/* Only the fields the arena reads leave this host: protobuf-c keeps a
 * field it does not know and packs it again, so a bot could otherwise ship
 * the arena up to a packet of bytes with every answer. (The scratch
 * allocator frees nothing one by one: nothing is lost by forgetting them.) */
static void host_known_fields_only(Arena__WorkerMsg *m)
{
    m->base.n_unknown_fields = 0;
    if (m->body_case == ARENA__WORKER_MSG__BODY_ACTION) {
        m->action->base.n_unknown_fields = 0;
    } else if (m->body_case == ARENA__WORKER_MSG__BODY_SETUP_REPLY) {
        m->setup_reply->base.n_unknown_fields = 0;
        if (m->setup_reply->info) m->setup_reply->info->base.n_unknown_fields = 0;
    }
}

/* Setup or Turn: ask, continue, read the answer, answer the arena, stop; a
 * turn's answer goes with the jail's CPU time and the time the bot had. */
static int host_request(host *h, size_t len, int want, uint32_t seq, int64_t limit_us)
{
    if (host_check_quiet(h) < 0) return -1;
    /* The CPU count of a request starts at the previous answer, and what
     * the jail computed after that answer is its own time for this one. */
    int64_t now_cpu = owntime_cpu_us(&h->own), had = 0,
            late = owntime_stop_charge(&h->stop, &h->probe);
    int64_t cpu0 = h->cpu_mark >= 0 ? h->cpu_mark : now_cpu, after = host_after(h, now_cpu);
    if (late > after) after = late;
    if (limit_us > 0 && after >= limit_us) /* over before it is continued */
        return host_fault(h, OUTCOME_TIME,
                          "no answer within %lld ms: it ran on %.1f ms after its previous answer",
                          (long long)(limit_us / 1000), (double)after / 1000);
    owntime_count c; /* the bot's time runs from its continuing, after `after` */
    owntime_start(&h->own, &c, after);
    /* The request is queued before the jail continues, so that it wakes once,
     * with its request there (continued first, it would wake, find nothing
     * and sleep again: a wake-up costs as much as the move of a fast bot). */
    Arena__WorkerMsg *m = NULL;
    if (host_forward(h, len) < 0) return -1;
    h->cpu_go = now_cpu;
    host_continue(h);
    if (host_await(h, want, seq, limit_us, cpu0, &c, &m, &had) < 0) return -1;
    /* host_after's bound is against the request's wall time: had and the
     * waits it was spared, some of which may have ended after the answer
     * (CPU time beyond that wall time is surely work past the answer); the
     * waits as owntime_had read them, counting the answer */
    int64_t waits = h->own.wait_us;
    h->own_had = had + (waits - c.wait0_us) - after;
    int64_t cpu1 = h->cpu_mark = owntime_cpu_us(&h->own);
    h->ended = 0;
    int64_t cpu = cpu0 >= 0 && cpu1 >= cpu0 ? cpu1 - cpu0 : 0;
    if (want == ARENA__WORKER_MSG__BODY_ACTION) {
        m->action->cpu_us = cpu;
        m->action->think_us = had;
        m->action->after_us = after;
    } else { /* a start is charged as a move is (match.c) */
        m->setup_reply->cpu_us = cpu;
        m->setup_reply->think_us = had;
        m->setup_reply->after_us = after;
    }
    /* The answer goes to the arena before the jail is stopped: stopping it
     * wakes it to take the signal, off the arena's path that way. It has
     * answered and waits for its next message; the next request comes only
     * after it is stopped (this host does one thing at a time). */
    host_known_fields_only(m);
    int rc = host_send(h, m);
    arena__worker_msg__free_unpacked(m, &h->reply_scratch.alloc);
    if (h->stop_idle) host_stop_when_idle(h);
    host_stop(h, waits);
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
    case ARENA__ARENA_MSG__BODY_GAME_OVER:
        h->ended = 1;
        /* fall through */
    case ARENA__ARENA_MSG__BODY_EVENT:
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
    int wait_ms = HOST_POLL_MS; /* host_next looks at its parent this often */
    int unlimited = 0;          /* as the arena's end (worker.c, worker_bind) */
    if (!h->sock || zmq_setsockopt(h->sock, ZMQ_LINGER, &linger, sizeof linger) < 0 ||
        zmq_setsockopt(h->sock, ZMQ_RCVHWM, &unlimited, sizeof unlimited) < 0 ||
        zmq_setsockopt(h->sock, ZMQ_RCVTIMEO, &wait_ms, sizeof wait_ms) < 0 ||
        zmq_connect(h->sock, h->a.endpoint) < 0) {
        fprintf(stderr, "arena seat host: %s: %s\n", h->a.endpoint, zmq_strerror(errno));
        return -1;
    }
    h->recv_ms = wait_ms;
    Arena__Ready ready = ARENA__READY__INIT;
    ready.pid = (uint32_t)getpid();
    ready.protocol = WIRE_PROTOCOL_VERSION;
    /* the machine's failure (namespaces refused, ...) before any bot code
     * ran; the bot's own file missing or refused waits for its Setup and is
     * its load failure (host_refuse) */
    int machine = strncmp(h->jail_err, JAIL_BUILD_FAILED, strlen(JAIL_BUILD_FAILED)) == 0;
    ready.jail_error = machine ? h->jail_err : "";
    ready.locked = h->j.hold.locked;
    Arena__WorkerMsg msg = ARENA__WORKER_MSG__INIT;
    msg.body_case = ARENA__WORKER_MSG__BODY_READY;
    msg.ready = &ready;
    return host_send(h, &msg);
}

/* Tests only: as on a machine that refuses the namespaces (a bot never
 * sets the seat host's environment), or that starts to refuse them at the
 * arena's Nth seat host (ARENA_TEST_NO_JAIL_FROM=N: the number in the
 * host's socket name, worker.c's count of spawns, from 0). */
static int host_test_no_jail(const host *h)
{
    if (getenv("ARENA_TEST_NO_JAIL")) return 1;
    const char *from = getenv("ARENA_TEST_NO_JAIL_FROM");
    const char *w = strrchr(h->a.endpoint, '/');
    return from && w && w[1] == 'w' && atoll(w + 2) >= atoll(from);
}

static void host_spawn_jail(host *h)
{
    if (host_test_no_jail(h)) {
        snprintf(h->jail_err, sizeof h->jail_err, "%s: refused (ARENA_TEST_NO_JAIL)",
                 JAIL_BUILD_FAILED);
        return;
    }
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) {
        snprintf(h->jail_err, sizeof h->jail_err, "readlink /proc/self/exe: %s", strerror(errno));
        return;
    }
    exe[n] = '\0';
    char sdk[PATH_MAX];
    jail_config cfg = {.exe = exe,
                       .bot_path = h->a.bot_path,
                       .rules_path = h->a.rules_path,
                       .level = h->a.level,
                       .mem_mb = h->a.mem_mb,
                       .cpu_s = h->a.cpu_s,
                       .sdk_lib = jail_find_sdk(exe, sdk) == 0 ? sdk : NULL,
                       .data_dir = h->a.data_dir,
                       .lock_bytes = (uint64_t)h->a.lock_bytes,
                       .out_fd = WORKER_BOT_OUT_FD};
    h->oom_kills = host_oom_kills();
    if (jail_spawn(&cfg, &h->j, h->jail_err, sizeof h->jail_err) < 0 && !h->jail_err[0])
        snprintf(h->jail_err, sizeof h->jail_err, "%s", JAIL_BUILD_FAILED);
}

int worker_main(int argc, char **argv)
{
    static host h; /* static: the reply buffer and scratch blocks stay off the stack */
    if (host_parse_args(argc, argv, &h.a) < 0) {
        fprintf(stderr, "usage: arena __worker <endpoint> <bot.so> [--rules <rules.so>] "
                        "[--data <dir>] [--no-sandbox | --seccomp-only] [--mem-mb N] [--cpu-s N] "
                        "[--parent PID] [--lock-bytes N]\n(started by the arena, never by hand)\n");
        return 2;
    }
    /* Die with the arena, whatever state we are in. If the arena died before
     * this line, our parent is already someone else: leave at once. The poll
     * loop still checks, for kernels where the signal could not be armed. */
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || (h.a.parent > 0 && getppid() != (pid_t)h.a.parent))
        return 1;
    h.ppid = getppid();
    /* the bot's output pipe reaches the jail opened again (jail.h), never as
     * this descriptor */
    fcntl(WORKER_BOT_OUT_FD, F_SETFD, FD_CLOEXEC);
    h.j.pid = -1;
    h.j.pidfd = h.j.chan = -1;
    wire_scratch_init(&h.scratch);
    wire_scratch_init(&h.reply_scratch);
    /* before libzmq starts its threads: clone() then copies one thread */
    host_spawn_jail(&h);
    owntime_init(&h.own, h.j.bot_pid);
    owntime_probe_init(&h.probe, &h.own);
    owntime_stop_init(&h.stop);
    h.cpu_mark = h.cpu_go = -1;
    h.stop_idle = getenv("ARENA_TEST_STOP_WHEN_IDLE") != NULL;
    h.stop_late_ms =
        getenv("ARENA_TEST_STOP_LATE_MS") ? atoll(getenv("ARENA_TEST_STOP_LATE_MS")) : 0;
    if (h.j.chan >= 0) owntime_stamp_channel(h.j.chan); /* without stamps: counted until read */
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
    jail_queue_free(&h.queue);
    owntime_close(&h.own);
    wire_buf_free(&h.in);
    wire_buf_free(&h.out);
    if (h.sock) zmq_close(h.sock);
    if (h.zctx) zmq_ctx_term(h.zctx);
    return status;
}
