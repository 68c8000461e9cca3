/* worker_main.c -- the bot worker process: `arena __worker <endpoint> <bot.so> ...`.
 *
 * Life of a worker (each step runs only if the previous one worked):
 *   1. connect a DEALER to the arena's endpoint and send Ready (no plugin code yet)
 *   2. set rlimits, then wait for the arena's first message: libzmq connects
 *      from its own thread and needs socket/connect until then
 *   3. the seccomp filter (TSYNC), then dlopen the rules and the bot with
 *      RTLD_NOW: the plugin's constructors run already filtered
 *   4. serve Setup/Turn/Event/GameOver until Bye
 * A failure in 2-4 is not fatal here: it is kept and becomes the answer to the
 * first Setup (SetupReply ok=false), which the arena turns into OUTCOME_SETUP.
 * The worker never runs a bot outside its sandbox unless told --no-sandbox.
 *
 * The worker dies with the arena: PR_SET_PDEATHSIG (SIGKILL) is armed first
 * thing in main; the one-second check of the parent in zmq_poll is a second
 * line only.
 */
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zmq.h>

#include "arena/bot.h"
#include "botrun.h"
#include "loader.h"
#include "sandbox.h"
#include "wire.h"
#include "worker.h"

#define WM_ERR 512
#define WM_POLL_MS 1000

typedef struct wm_args {
    const char *endpoint, *bot_path, *rules_path;
    int sandbox, status_fd;
    int64_t mem_mb, cpu_s, parent;
} wm_args;

typedef struct wm {
    wm_args a;
    void *zctx, *sock;
    pid_t ppid;
    wire_buf out;
    wire_scratch scratch;
    char load_err[WM_ERR]; /* why the bot cannot play, "" when it can */
    void *rules_dl;
    const arena_rules *rules;
    botrun run; /* the bot, once loaded */
    int loaded;
} wm;

static int wm_parse_int(const char *s, int64_t *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (errno || end == s || *end || v < 0) return -1;
    *out = v;
    return 0;
}

static int wm_parse_args(int argc, char **argv, wm_args *a)
{
    memset(a, 0, sizeof *a);
    a->sandbox = 1;
    a->status_fd = -1;
    if (argc < 3) return -1;
    a->endpoint = argv[1];
    a->bot_path = argv[2];
    for (int i = 3; i < argc; i++) {
        int64_t v;
        const char *opt = argv[i];
        if (strcmp(opt, "--no-sandbox") == 0) {
            a->sandbox = 0;
            continue;
        }
        if (i + 1 >= argc) return -1;
        const char *val = argv[++i];
        if (strcmp(opt, "--rules") == 0) {
            a->rules_path = val;
        } else if (wm_parse_int(val, &v) < 0) {
            return -1;
        } else if (strcmp(opt, "--mem-mb") == 0) {
            a->mem_mb = v;
        } else if (strcmp(opt, "--cpu-s") == 0) {
            a->cpu_s = v;
        } else if (strcmp(opt, "--status-fd") == 0) {
            a->status_fd = (int)v;
        } else if (strcmp(opt, "--parent") == 0) {
            a->parent = v;
        } else {
            return -1;
        }
    }
    return 0;
}

/* ----------------------------------------------------------- messaging -- */

static int wm_send(wm *w, Arena__WorkerMsg *msg)
{
    if (wire_send_worker(w->sock, msg, &w->out) == 0) return 0;
    fprintf(stderr, "arena worker: send: %s\n", zmq_strerror(errno));
    return -1;
}

/* The next message from the arena, or NULL when it is gone. */
static Arena__ArenaMsg *wm_next(wm *w)
{
    zmq_pollitem_t item = {w->sock, 0, ZMQ_POLLIN, 0};
    for (;;) {
        int rc = zmq_poll(&item, 1, WM_POLL_MS);
        if (rc < 0 && errno != EINTR) return NULL;
        if (rc <= 0) {
            if (getppid() != w->ppid) return NULL; /* orphaned: the arena died */
            continue;
        }
        Arena__ArenaMsg *msg = NULL;
        rc = wire_recv_arena(w->sock, ZMQ_DONTWAIT, &w->scratch.alloc, &msg);
        if (rc == WIRE_OK) return msg;
        if (rc == WIRE_ERROR) return NULL;
        if (rc == WIRE_GARBAGE) fprintf(stderr, "arena worker: unreadable message ignored\n");
    }
}

static void wm_free_msg(wm *w, Arena__ArenaMsg *msg)
{
    arena__arena_msg__free_unpacked(msg, &w->scratch.alloc);
}

/* ------------------------------------------------------------- loading -- */

static void wm_load(wm *w)
{
    if (w->a.rules_path) {
        const void *table;
        w->rules_dl =
            loader_open_table(w->a.rules_path, ARENA_RULES_ENTRY, &table, w->load_err, WM_ERR);
        if (!w->rules_dl) return;
        if (loader_check_rules(table, w->a.rules_path, w->load_err, WM_ERR)) return;
        w->rules = table;
    }
    w->loaded = botrun_load(&w->run, w->a.bot_path, w->rules, w->load_err, WM_ERR) == 0;
}

/* libzmq's threads were created with the socket, but a loaded machine may run
 * their first lines only later: the scheduling call and the name each sets
 * (applySchedulingParameters, then the name "ZMQbg/...") would then trap
 * under the filter -- in a thread that blocks every signal, so the worker
 * would die unreported. Wait (a bounded while) until every other thread has
 * its name. */
static void wm_await_zmq_threads(void)
{
    for (int tries = 0; tries < 2000; tries++) {
        DIR *d = opendir("/proc/self/task");
        struct dirent *e;
        int unnamed = 0;
        pid_t self = getpid();
        while (d && (e = readdir(d))) {
            if (e->d_name[0] == '.' || atoi(e->d_name) == self) continue;
            char path[64], comm[32] = "";
            snprintf(path, sizeof path, "/proc/self/task/%s/comm", e->d_name);
            FILE *f = fopen(path, "r");
            if (f) {
                if (!fgets(comm, sizeof comm, f)) comm[0] = '\0';
                fclose(f);
            }
            if (strncmp(comm, "ZMQbg/", 6) != 0) unnamed++;
        }
        if (d) closedir(d);
        if (!unnamed) return;
        usleep(500);
    }
}

/* Steps 3-4 around the first message: the filter, then the bot. */
static void wm_start(wm *w)
{
    /* never run plugin code unfiltered: if the limits or the filter failed,
     * load nothing and refuse every game */
    if (w->a.sandbox) wm_await_zmq_threads();
    if (!w->load_err[0] && (!w->a.sandbox || sandbox_enter(w->load_err, WM_ERR) == 0)) wm_load(w);
    if (w->load_err[0]) w->loaded = 0;
}

/* ---------------------------------------------------------------- games -- */

static void wm_on_setup(wm *w, const Arena__Setup *s)
{
    char err[WM_ERR] = "";
    Arena__SetupReply reply = ARENA__SETUP_REPLY__INIT;
    Arena__BotInfo info = ARENA__BOT_INFO__INIT;
    seat_info si = {0};
    botrun_end(&w->run);
    if (!w->loaded) {
        snprintf(err, sizeof err, "%s", w->load_err[0] ? w->load_err : "bot not loaded");
    } else {
        botrun_info(&w->run, &si);
        info.name = si.name;
        info.version = si.version;
        info.author = si.author;
        info.games = si.games;
        info.abi_version = w->run.bot->abi_version;
        info.wants_events = si.wants_events;
        info.options_help = si.options_help;
        reply.info = &info;
        if (!s->info_only) {
            seat_game g = {s->game,          s->options, (int)s->seat, (int)s->num_players,
                           s->seed,          {0, 0, 0},  s->bot_options};
            if (s->tc)
                g.tc =
                    (arena_time_control){s->tc->base_us, s->tc->increment_us, s->tc->move_time_us};
            botrun_start(&w->run, &g, err, sizeof err);
        }
    }
    reply.ok = err[0] == '\0';
    reply.error = err;
    Arena__WorkerMsg msg = ARENA__WORKER_MSG__INIT;
    msg.body_case = ARENA__WORKER_MSG__BODY_SETUP_REPLY;
    msg.setup_reply = &reply;
    wm_send(w, &msg);
    seat_info_free(&si);
}

/* The hot path: no allocation here beyond what the rules and the bot do. */
static void wm_on_turn(wm *w, const Arena__TurnRequest *t)
{
    int32_t action = -1;
    if (w->loaded && t->n_legal > 0) {
        arena_turn turn = {sizeof turn,        (int)t->ply,       t->observation.data,
                           t->observation.len, t->legal,          (int)t->n_legal,
                           t->time_left_us,    t->move_budget_us, NULL};
        action = botrun_act(&w->run, &turn);
    }
    Arena__ActionReply reply = ARENA__ACTION_REPLY__INIT;
    reply.seq = t->seq;
    reply.action = action;
    Arena__WorkerMsg msg = ARENA__WORKER_MSG__INIT;
    msg.body_case = ARENA__WORKER_MSG__BODY_ACTION;
    msg.action = &reply;
    wm_send(w, &msg);
}

static void wm_on_event(wm *w, const Arena__Event *e)
{
    if (!w->loaded) return;
    botrun_event(&w->run,
                 e->kind == ARENA__EVENT__KIND__CHANCE ? ARENA_EVENT_CHANCE : ARENA_EVENT_ACTION,
                 e->seat, e->action);
}

static void wm_on_game_over(wm *w, const Arena__GameOver *g)
{
    if (w->loaded) botrun_game_over(&w->run, g->returns, (int)g->n_returns);
}

/* Serves one message; 0 to go on, 1 after Bye. */
static int wm_serve(wm *w, const Arena__ArenaMsg *m)
{
    switch (m->body_case) {
    case ARENA__ARENA_MSG__BODY_SETUP:
        wm_on_setup(w, m->setup);
        break;
    case ARENA__ARENA_MSG__BODY_TURN:
        wm_on_turn(w, m->turn);
        break;
    case ARENA__ARENA_MSG__BODY_EVENT:
        wm_on_event(w, m->event);
        break;
    case ARENA__ARENA_MSG__BODY_GAME_OVER:
        wm_on_game_over(w, m->game_over);
        break;
    case ARENA__ARENA_MSG__BODY_BYE:
        return 1;
    default:
        break;
    }
    return 0;
}

/* --------------------------------------------------------------- main -- */

static int wm_connect(wm *w)
{
    int zero = 0;
    w->zctx = zmq_ctx_new();
    if (w->zctx) w->sock = zmq_socket(w->zctx, ZMQ_DEALER);
    if (!w->sock || zmq_setsockopt(w->sock, ZMQ_LINGER, &zero, sizeof zero) < 0 ||
        zmq_connect(w->sock, w->a.endpoint) < 0) {
        fprintf(stderr, "arena worker: %s: %s\n", w->a.endpoint, zmq_strerror(errno));
        return -1;
    }
    Arena__Ready ready = ARENA__READY__INIT;
    ready.pid = (uint32_t)getpid();
    ready.protocol = WIRE_PROTOCOL_VERSION;
    Arena__WorkerMsg msg = ARENA__WORKER_MSG__INIT;
    msg.body_case = ARENA__WORKER_MSG__BODY_READY;
    msg.ready = &ready;
    return wm_send(w, &msg);
}

static void wm_cleanup(wm *w)
{
    botrun_unload(&w->run);
    if (w->rules_dl) dlclose(w->rules_dl);
    wire_buf_free(&w->out);
    if (w->sock) zmq_close(w->sock);
    if (w->zctx) zmq_ctx_term(w->zctx);
}

int worker_main(int argc, char **argv)
{
    static wm w; /* static: the 4 KB scratch block stays off the stack */
    if (wm_parse_args(argc, argv, &w.a) < 0) {
        fprintf(stderr,
                "usage: arena __worker <endpoint> <bot.so> [--rules <rules.so>] "
                "[--no-sandbox] [--mem-mb N] [--cpu-s N] [--status-fd FD] [--parent PID]\n");
        return 2;
    }
    /* Die with the arena, whatever state we are in (waiting, inside a bot's
     * act or create, shutting down): the kernel sends SIGKILL when the
     * thread that spawned us exits. If the arena died before this line, our
     * parent is already someone else: leave at once. The poll loop below
     * still checks, for kernels where the signal could not be armed. */
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || (w.a.parent > 0 && getppid() != (pid_t)w.a.parent))
        return 1;
    w.ppid = getppid();
    wire_scratch_init(&w.scratch);
    if (w.a.status_fd >= 0) fcntl(w.a.status_fd, F_SETFD, FD_CLOEXEC);
    sandbox_report_violations(w.a.status_fd, w.load_err, WM_ERR);
    int status = 1;
    if (wm_connect(&w) < 0) goto out;
    if (w.a.sandbox) sandbox_limit(w.a.mem_mb, w.a.cpu_s, w.load_err, WM_ERR);
    Arena__ArenaMsg *msg = wm_next(&w);
    if (!msg) goto out;
    wm_start(&w);
    while (msg && !wm_serve(&w, msg)) {
        wm_free_msg(&w, msg);
        msg = wm_next(&w);
    }
    if (msg) wm_free_msg(&w, msg);
    status = 0;
out:
    wm_cleanup(&w);
    return status;
}
