/* jail_main.c -- the bot's side of a jail: `arena __jail --bot P ...` (see jail.h).
 *
 * Life, each step only if the previous one worked:
 *   1. not dumpable; the SIGSYS reporter writes on the channel
 *   2. rlimits and the seccomp filter (levels JAIL and SECCOMP)
 *   3. serve the host's packets on fd 3: Setup (the first one loads the rule
 *      module and the bot, so their constructors run filtered and on the
 *      clock of a request), Turn, Event, GameOver, Bye
 * A failure in 2 or in loading is kept and becomes the answer to every Setup
 * (ok=false), which the arena turns into OUTCOME_SETUP. Exactly one packet
 * answers each Setup and Turn; nothing else is ever sent.
 */
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include "arena/bot.h"
#include "botrun.h"
#include "jail.h"
#include "loader.h"
#include "wire.h"

#define JM_ERR 512
#define JM_MAX_REQUEST (4 << 20)

typedef struct jm_args {
    const char *bot, *label, *rules, *rules_label, *sdk;
    int64_t mem_mb, cpu_s, level;
} jm_args;

typedef struct jm {
    jm_args a;
    char load_err[JM_ERR]; /* why the bot cannot play, "" when it can */
    int load_tried, loaded;
    /* arena_turn.clock: OWN when the host can read this process's waits for
     * a processor (its schedstat) and charges the time less them; WALL where
     * the kernel keeps no schedstat and the host charges wall-clock time */
    int clock;
    void *rules_dl;
    const arena_rules *rules;
    botrun run;
    wire_buf out;
    wire_scratch scratch;
} jm;

static int jm_parse_args(int argc, char **argv, jm_args *a)
{
    memset(a, 0, sizeof *a);
    a->level = SANDBOX_JAIL;
    for (int i = 1; i + 1 < argc; i += 2) {
        const char *opt = argv[i], *val = argv[i + 1];
        if (strcmp(opt, "--bot") == 0)
            a->bot = val;
        else if (strcmp(opt, "--label") == 0)
            a->label = val;
        else if (strcmp(opt, "--rules") == 0)
            a->rules = val;
        else if (strcmp(opt, "--rules-label") == 0)
            a->rules_label = val;
        else if (strcmp(opt, "--sdk") == 0)
            a->sdk = val;
        else if (strcmp(opt, "--mem-mb") == 0  ? jail_parse_count(val, &a->mem_mb)
                 : strcmp(opt, "--cpu-s") == 0 ? jail_parse_count(val, &a->cpu_s)
                 : strcmp(opt, "--level") == 0 ? jail_parse_count(val, &a->level)
                                               : -1)
            return -1;
    }
    if (!a->bot || (argc - 1) % 2) return -1;
    if (!a->label) a->label = a->bot;
    if (!a->rules_label) a->rules_label = a->rules;
    return 0;
}

/* Loader messages name the file by its path inside the jail ("/bot.so"):
 * name it as the user did. */
static void jm_relabel(char *err, size_t errlen, const char *from, const char *to)
{
    if (!from || !to || strcmp(from, to) == 0) return;
    char out[JM_ERR];
    size_t n = 0, flen = strlen(from);
    for (const char *p = err; *p && n + 1 < sizeof out;) {
        if (strncmp(p, from, flen) == 0) {
            int k = snprintf(out + n, sizeof out - n, "%s", to);
            n = k < 0 || n + (size_t)k >= sizeof out ? sizeof out - 1 : n + (size_t)k;
            p += flen;
        } else {
            out[n++] = *p++;
        }
    }
    out[n < sizeof out ? n : sizeof out - 1] = '\0';
    snprintf(err, errlen, "%s", out);
}

static void jm_load(jm *j)
{
    j->load_tried = 1;
    if (j->load_err[0]) return;
    /* stdout is a pipe here, so stdio would hold a bot's lines until a
     * buffer fills -- never, for a bot that prints a line a move -- and lose
     * them when the process ends: one line at a time, as on a terminal,
     * before the constructors can print */
    setvbuf(stdout, NULL, _IOLBF, 0);
    /* Modules and bots built outside the tree need libarena-sdk.so.0. The
     * jail shows only the arena's own copy, which their run path may not
     * name (a build tree's arena, a bot built with pkg-config's flags alone):
     * loaded first, it is the one the loader gives them by its soname. A
     * failure here is left to the loads below to report. */
    if (j->a.sdk) dlopen(j->a.sdk, RTLD_NOW | RTLD_GLOBAL);
    if (j->a.rules) {
        const void *table;
        j->rules_dl = loader_open_table(j->a.rules, ARENA_RULES_ENTRY, &table, j->load_err, JM_ERR);
        if (j->rules_dl && !loader_check_rules(table, j->a.rules, j->load_err, JM_ERR))
            j->rules = table;
        if (!j->rules) {
            jm_relabel(j->load_err, JM_ERR, j->a.rules, j->a.rules_label);
            return;
        }
    }
    j->loaded = botrun_load(&j->run, j->a.bot, j->rules, j->load_err, JM_ERR) == 0;
    if (!j->loaded) jm_relabel(j->load_err, JM_ERR, j->a.bot, j->a.label);
}

/* ------------------------------------------------------------ messages -- */

static void jm_send(jm *j, const Arena__WorkerMsg *msg)
{
    size_t n;
    if (wire_pack_worker(msg, &j->out, &n) < 0) _exit(1);
    /* the host reads exactly one packet per request */
    if (send(JAIL_CHANNEL_FD, j->out.data, n, MSG_NOSIGNAL) != (ssize_t)n) _exit(1);
}

static void jm_on_setup(jm *j, const Arena__Setup *s)
{
    char err[JM_ERR] = "";
    Arena__SetupReply reply = ARENA__SETUP_REPLY__INIT;
    Arena__BotInfo info = ARENA__BOT_INFO__INIT;
    seat_info si = {0};
    if (!j->load_tried) jm_load(j);
    botrun_end(&j->run);
    if (!j->loaded) {
        snprintf(err, sizeof err, "%s", j->load_err[0] ? j->load_err : "bot not loaded");
    } else {
        botrun_info(&j->run, &si);
        info.name = si.name;
        info.version = si.version;
        info.author = si.author;
        info.games = si.games;
        info.abi_version = j->run.bot->abi_version;
        info.wants_events = si.wants_events;
        info.options_help = si.options_help;
        reply.info = &info;
        if (!s->info_only) {
            seat_game g = {.game = s->game,
                           .options = s->options,
                           .seat = (int)s->seat,
                           .num_players = (int)s->num_players,
                           .seed = s->seed,
                           .bot_options = s->bot_options};
            if (s->tc)
                g.tc =
                    (arena_time_control){s->tc->base_us, s->tc->increment_us, s->tc->move_time_us};
            if (botrun_start(&j->run, &g, err, sizeof err) != 0)
                jm_relabel(err, sizeof err, j->a.bot, j->a.label);
        }
    }
    reply.ok = err[0] == '\0';
    reply.error = err;
    Arena__WorkerMsg msg = ARENA__WORKER_MSG__INIT;
    msg.body_case = ARENA__WORKER_MSG__BODY_SETUP_REPLY;
    msg.setup_reply = &reply;
    jm_send(j, &msg);
    seat_info_free(&si);
}

/* The hot path: no allocation here beyond what the rules and the bot do. */
static void jm_on_turn(jm *j, const Arena__TurnRequest *t)
{
    int32_t action = -1;
    if (j->loaded && t->n_legal > 0) {
        arena_turn turn = {sizeof turn, (int)t->ply,     t->observation.data, t->observation.len,
                           t->legal,    (int)t->n_legal, t->time_left_us,     t->move_budget_us,
                           NULL,        j->clock};
        action = botrun_act(&j->run, &turn);
    }
    Arena__ActionReply reply = ARENA__ACTION_REPLY__INIT;
    reply.seq = t->seq;
    reply.action = action;
    Arena__WorkerMsg msg = ARENA__WORKER_MSG__INIT;
    msg.body_case = ARENA__WORKER_MSG__BODY_ACTION;
    msg.action = &reply;
    jm_send(j, &msg);
}

/* Serves one message; 0 to go on, 1 after Bye. */
static int jm_serve(jm *j, const Arena__ArenaMsg *m)
{
    switch (m->body_case) {
    case ARENA__ARENA_MSG__BODY_SETUP:
        jm_on_setup(j, m->setup);
        break;
    case ARENA__ARENA_MSG__BODY_TURN:
        jm_on_turn(j, m->turn);
        break;
    case ARENA__ARENA_MSG__BODY_EVENT:
        if (j->loaded)
            botrun_event(&j->run,
                         m->event->kind == ARENA__EVENT__KIND__CHANCE ? ARENA_EVENT_CHANCE
                                                                      : ARENA_EVENT_ACTION,
                         m->event->seat, m->event->action);
        break;
    case ARENA__ARENA_MSG__BODY_GAME_OVER:
        if (j->loaded)
            botrun_game_over(&j->run, m->game_over->returns, (int)m->game_over->n_returns);
        break;
    case ARENA__ARENA_MSG__BODY_BYE:
        return 1;
    default:
        break;
    }
    return 0;
}

int jail_main(int argc, char **argv)
{
    static jm j; /* static: the scratch block and the request buffer stay off the stack */
    static uint8_t request[JM_MAX_REQUEST];
    if (jm_parse_args(argc, argv, &j.a) < 0) {
        fprintf(stderr, "usage: arena __jail --bot <bot.so> [--label NAME] [--rules <rules.so>] "
                        "[--rules-label NAME] [--sdk LIB] [--mem-mb N] [--cpu-s N] [--level N]\n"
                        "(started by a seat host, never by hand)\n");
        return 2;
    }
    /* Not dumpable: no core, and no other process of the same uid may
     * ptrace it or read its memory through /proc. */
    prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
    wire_scratch_init(&j.scratch);
    sandbox_report_violations(JAIL_CHANNEL_FD, j.load_err, JM_ERR);
    j.clock = access("/proc/self/schedstat", R_OK) == 0 ? ARENA_CLOCK_OWN : ARENA_CLOCK_WALL;
    if (j.a.level != SANDBOX_OFF && sandbox_limit(j.a.mem_mb, j.a.cpu_s, j.load_err, JM_ERR) == 0)
        sandbox_enter(j.load_err, JM_ERR);
    for (;;) {
        ssize_t n = recv(JAIL_CHANNEL_FD, request, sizeof request, MSG_TRUNC);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0 || (size_t)n > sizeof request) break; /* the host is gone, or confused */
        Arena__ArenaMsg *m = NULL;
        if (wire_decode_arena(&j.scratch.alloc, request, (size_t)n, &m) != WIRE_OK) break;
        int bye = jm_serve(&j, m);
        arena__arena_msg__free_unpacked(m, &j.scratch.alloc);
        if (bye) break;
    }
    botrun_unload(&j.run);
    if (j.rules_dl) dlclose(j.rules_dl);
    wire_buf_free(&j.out);
    return 0;
}
