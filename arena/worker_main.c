/* worker_main.c -- the bot worker process: `arena __worker <endpoint> <bot.so> ...`.
 *
 * Life of a worker (each step runs only if the previous one worked):
 *   1. connect a DEALER to the arena's endpoint and send Ready (no plugin code yet)
 *   2. set rlimits, then wait for the arena's first message: libzmq connects
 *      from its own thread and needs socket/connect until then
 *   3. seccomp stage 1 (TSYNC), dlopen the bot (and rules) with RTLD_NOW: the
 *      plugin's constructors run already filtered
 *   4. seccomp strict stage, then serve Setup/Turn/Event/GameOver until Bye
 * A failure in 2-4 is not fatal here: it is kept and becomes the answer to the
 * first Setup (SetupReply ok=false), which the arena turns into OUTCOME_SETUP.
 * The worker never runs a bot outside its sandbox unless told --no-sandbox.
 *
 * The worker exits by itself when the arena goes away: it blocks in zmq_poll
 * with a one-second timeout and checks whether its parent changed.
 */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zmq.h>

#include "arena/bot.h"
#include "sandbox.h"
#include "wire.h"
#include "worker.h"

#define WM_ERR 512
#define WM_POLL_MS 1000

typedef struct wm_args {
    const char *endpoint, *bot_path, *rules_path;
    int sandbox, status_fd;
    int64_t mem_mb, cpu_s;
} wm_args;

typedef struct wm {
    wm_args a;
    void *zctx, *sock;
    pid_t ppid;
    wire_buf out;
    wire_scratch scratch;
    char load_err[WM_ERR]; /* why the bot cannot play, "" when it can */
    void *bot_dl, *rules_dl;
    const arena_bot *bot;
    const arena_rules *rules;
    arena_game *game;          /* the game of game_name/options, when rules */
    char *game_name, *options; /* the current game's configuration */
    arena_bot_setup setup;     /* lives as long as player */
    void *player;              /* the bot's instance for the current game */
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

static int wm_check_bot(wm *w, const arena_bot *b)
{
    const char *p = w->a.bot_path;
    size_t v1 = offsetof(arena_bot, destroy) + sizeof b->destroy;
    if (!b) {
        snprintf(w->load_err, WM_ERR, "%s: %s() returned NULL", p, ARENA_BOT_ENTRY);
    } else if (b->abi_version < 1 || b->abi_version > ARENA_BOT_ABI_VERSION) {
        snprintf(w->load_err, WM_ERR,
                 "%s: built for bot ABI version %u, this arena supports version %d: rebuild "
                 "the bot against this arena's SDK",
                 p, (unsigned)b->abi_version, ARENA_BOT_ABI_VERSION);
    } else if (b->struct_size < v1) {
        snprintf(w->load_err, WM_ERR,
                 "%s: bot table of %u bytes, version 1 needs %zu: rebuild "
                 "the bot against this arena's SDK",
                 p, (unsigned)b->struct_size, v1);
    } else if (!b->name || !b->create || !b->act || !b->destroy) {
        snprintf(w->load_err, WM_ERR, "%s: bot table lacks name, create, act or destroy", p);
    } else {
        return 0;
    }
    return -1;
}

static int wm_check_rules(wm *w, const arena_rules *r)
{
    const char *p = w->a.rules_path;
    if (!r) {
        snprintf(w->load_err, WM_ERR, "%s: %s() returned NULL", p, ARENA_RULES_ENTRY);
    } else if (r->abi_version < 1 || r->abi_version > ARENA_RULES_ABI_VERSION) {
        snprintf(w->load_err, WM_ERR,
                 "%s: built for rules ABI version %u, this arena supports "
                 "version %d",
                 p, (unsigned)r->abi_version, ARENA_RULES_ABI_VERSION);
    } else if (!ARENA_RULES_HAS(r, sample_state) || !r->game_new || !r->game_free ||
               !r->state_free) {
        snprintf(w->load_err, WM_ERR, "%s: rules table too small or incomplete", p);
    } else {
        return 0;
    }
    return -1;
}

/* dlopen + entry symbol; the table or NULL with load_err set. */
static const void *wm_open(wm *w, const char *path, const char *sym, void **handle)
{
    *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!*handle) {
        snprintf(w->load_err, WM_ERR, "%s", dlerror());
        return NULL;
    }
    const void *(*entry)(void);
    *(void **)&entry = dlsym(*handle, sym);
    if (!entry) {
        snprintf(w->load_err, WM_ERR,
                 "%s: no symbol %s: not an arena plugin (declare it with "
                 "the SDK's macro)",
                 path, sym);
        return NULL;
    }
    return entry();
}

static void wm_load(wm *w)
{
    w->bot = wm_open(w, w->a.bot_path, ARENA_BOT_ENTRY, &w->bot_dl);
    if (w->load_err[0] || wm_check_bot(w, w->bot) < 0) return;
    if (!w->a.rules_path) return;
    w->rules = wm_open(w, w->a.rules_path, ARENA_RULES_ENTRY, &w->rules_dl);
    if (w->load_err[0] || wm_check_rules(w, w->rules) < 0) w->rules = NULL;
}

/* Steps 2-3-4 around the first message. */
static void wm_start(wm *w)
{
    sandbox *sb = NULL;
    if (w->load_err[0]) goto done; /* the limits failed: load nothing */
    if (w->a.sandbox) {
        sb = sandbox_prepare(w->load_err, WM_ERR);
        if (!sb || sandbox_enter_loading(sb, w->load_err, WM_ERR) < 0) goto done;
    }
    wm_load(w);
    if (sb && sandbox_enter_strict(sb, w->load_err, WM_ERR) < 0) {
        /* never run plugin code unfiltered: refuse every game */
        w->bot = NULL;
    }
done:
    sandbox_free(sb);
    if (w->load_err[0]) w->bot = NULL;
}

/* ---------------------------------------------------------------- games -- */

static void wm_end_game(wm *w)
{
    if (w->player) w->bot->destroy(w->player);
    w->player = NULL;
}

static int wm_plays(const char *games, const char *game)
{
    size_t n = strlen(game);
    for (const char *p = games; *p;) {
        while (*p == ' ' || *p == ',')
            p++;
        size_t len = strcspn(p, ",");
        while (len && p[len - 1] == ' ')
            len--;
        if ((len == 1 && *p == '*') || (len == n && strncmp(p, game, n) == 0)) return 1;
        p += strcspn(p, ",");
    }
    return 0;
}

static int wm_same(const char *a, const char *b)
{
    return a && b && strcmp(a, b) == 0;
}

/* Configures the game of a Setup (a new arena_game only when it changed). */
static int wm_configure(wm *w, const Arena__Setup *s, char *err, size_t errlen)
{
    if (!wm_same(w->game_name, s->game) || !wm_same(w->options, s->options)) {
        if (w->game) w->rules->game_free(w->game);
        w->game = NULL;
        free(w->game_name);
        free(w->options);
        w->game_name = strdup(s->game);
        w->options = strdup(s->options);
        if (!w->game_name || !w->options) {
            snprintf(err, errlen, "worker out of memory");
            return -1;
        }
    }
    if (w->rules && !w->game) {
        char gerr[256] = "";
        w->game = w->rules->game_new(w->options, gerr, sizeof gerr);
        if (!w->game) {
            snprintf(err, errlen, "%s: options '%s': %s", w->a.rules_path, w->options, gerr);
            return -1;
        }
    }
    return 0;
}

static int wm_create(wm *w, const Arena__Setup *s, char *err, size_t errlen)
{
    if (!wm_plays(w->bot->games ? w->bot->games : "*", s->game)) {
        snprintf(err, errlen, "%s: bot %s plays %s, not %s", w->a.bot_path, w->bot->name,
                 w->bot->games, s->game);
        return -1;
    }
    if (wm_configure(w, s, err, errlen) < 0) return -1;
    arena_bot_setup *bs = &w->setup;
    memset(bs, 0, sizeof *bs);
    bs->struct_size = sizeof *bs;
    bs->game_name = w->game_name;
    bs->options = w->options;
    bs->seat = (int)s->seat;
    bs->num_players = (int)s->num_players;
    bs->seed = s->seed;
    if (s->tc) {
        bs->tc.base_us = s->tc->base_us;
        bs->tc.increment_us = s->tc->increment_us;
        bs->tc.move_time_us = s->tc->move_time_us;
    }
    bs->rules = w->rules;
    bs->game = w->game;
    char berr[256] = "";
    w->player = w->bot->create(bs, berr, sizeof berr);
    if (!w->player) {
        berr[sizeof berr - 1] = '\0';
        snprintf(err, errlen, "%s: bot %s refused the game: %s", w->a.bot_path, w->bot->name,
                 berr[0] ? berr : "(no message)");
        return -1;
    }
    return 0;
}

static char *wm_str(const char *s)
{
    return (char *)(s ? s : "");
}

static void wm_on_setup(wm *w, const Arena__Setup *s)
{
    char err[WM_ERR] = "";
    Arena__SetupReply reply = ARENA__SETUP_REPLY__INIT;
    Arena__BotInfo info = ARENA__BOT_INFO__INIT;
    wm_end_game(w);
    if (!w->bot) {
        snprintf(err, sizeof err, "%s", w->load_err[0] ? w->load_err : "bot not loaded");
    } else {
        info.name = wm_str(w->bot->name);
        info.version = wm_str(w->bot->version);
        info.author = wm_str(w->bot->author);
        info.games = wm_str(w->bot->games);
        info.abi_version = w->bot->abi_version;
        info.wants_events = w->bot->observe != NULL;
        reply.info = &info;
        if (!s->info_only) wm_create(w, s, err, sizeof err);
    }
    reply.ok = err[0] == '\0';
    reply.error = err;
    Arena__WorkerMsg msg = ARENA__WORKER_MSG__INIT;
    msg.body_case = ARENA__WORKER_MSG__BODY_SETUP_REPLY;
    msg.setup_reply = &reply;
    wm_send(w, &msg);
}

/* The hot path: no allocation here beyond what the rules and the bot do. */
static void wm_on_turn(wm *w, const Arena__TurnRequest *t)
{
    int32_t action = -1;
    if (w->player && t->n_legal > 0) {
        arena_turn turn = {sizeof turn,        (int)t->ply,       t->observation.data,
                           t->observation.len, t->legal,          (int)t->n_legal,
                           t->time_left_us,    t->move_budget_us, NULL};
        arena_state *st = NULL;
        if (w->game && w->rules->state_from_observation && !(w->rules->flags & ARENA_GAME_HIDDEN))
            st = w->rules->state_from_observation(w->game, t->observation.data, t->observation.len);
        turn.state = st;
        action = w->bot->act(w->player, &turn);
        if (st) w->rules->state_free(st);
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
    if (!w->player || !w->bot->observe) return;
    arena_event ev = {
        sizeof ev, e->kind == ARENA__EVENT__KIND__CHANCE ? ARENA_EVENT_CHANCE : ARENA_EVENT_ACTION,
        e->seat,   e->action,
        NULL,      w->setup.num_players};
    w->bot->observe(w->player, &ev);
}

static void wm_on_game_over(wm *w, const Arena__GameOver *g)
{
    if (w->player && w->bot->observe) {
        arena_event ev = {sizeof ev, ARENA_EVENT_GAME_OVER, -1, 0, g->returns, (int)g->n_returns};
        w->bot->observe(w->player, &ev);
    }
    wm_end_game(w);
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
    if (w->bot) wm_end_game(w);
    if (w->game) w->rules->game_free(w->game);
    free(w->game_name);
    free(w->options);
    if (w->rules_dl) dlclose(w->rules_dl);
    if (w->bot_dl) dlclose(w->bot_dl);
    wire_buf_free(&w->out);
    if (w->sock) zmq_close(w->sock);
    if (w->zctx) zmq_ctx_term(w->zctx);
}

int worker_main(int argc, char **argv)
{
    static wm w; /* static: the 4 KB scratch block stays off the stack */
    if (wm_parse_args(argc, argv, &w.a) < 0) {
        fprintf(stderr, "usage: arena __worker <endpoint> <bot.so> [--rules <rules.so>] "
                        "[--no-sandbox] [--mem-mb N] [--cpu-s N] [--status-fd FD]\n");
        return 2;
    }
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
