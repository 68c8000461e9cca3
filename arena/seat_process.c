/* seat_process.c -- a seat whose bot runs in a jail behind a seat host
 * (worker.h, jail.h): the seat's calls become protobuf messages over ZeroMQ. */
#include <stdlib.h>
#include <string.h>

#include "arena/module_kit.h"
#include "outcome.h"
#include "seat.h"
#include "seat_wire.h"
#include "jail.h"
#include "worker.h"
#include "text.h"

typedef struct seat_process {
    seat base;
    worker *w;
} seat_process;

static int sp_start(seat *s, const seat_game *g, int64_t *think_us, int64_t *cpu_us, char *err,
                    size_t errlen)
{
    seat_process *p = (seat_process *)s;
    Arena__Setup setup;
    Arena__TimeControl tc;
    seat_wire_setup(g, &setup, &tc);
    return worker_setup(p->w, &setup, g->timeout_us, NULL, think_us, cpu_us, err, errlen);
}

static int sp_act(seat *s, const seat_turn *t, int32_t *action, int64_t *think_us, int64_t *cpu_us,
                  char *err, size_t errlen)
{
    seat_process *p = (seat_process *)s;
    Arena__TurnRequest turn;
    seat_wire_turn(t, &turn);
    return worker_act(p->w, &turn, t->timeout_us, action, think_us, cpu_us, err, errlen);
}

static void sp_event(seat *s, arena_event_kind kind, int who, int32_t action)
{
    seat_process *p = (seat_process *)s;
    Arena__Event ev;
    seat_wire_event(kind, who, action, &ev);
    char err[200];
    (void)worker_event(p->w, &ev, err, sizeof err); /* a dead worker shows at its next turn */
}

static int sp_game_over(seat *s, const double *returns, int num_players)
{
    seat_process *p = (seat_process *)s;
    Arena__GameOver over;
    seat_wire_game_over(returns, num_players, &over);
    char err[200];
    int rc = worker_game_over(p->w, &over, err, sizeof err);
    if (rc != OUTCOME_NORMAL) return rc;
    /* RLIMIT_CPU counts every game the process served: retire it at half its
     * limit, before the limit can cost a game. */
    return worker_cpu_exhausted(p->w) ? OUTCOME_TIME : OUTCOME_NORMAL;
}

static void sp_close(seat *s)
{
    seat_process *p = (seat_process *)s;
    worker_close(p->w);
    seat_info_free(&p->base.info);
    free(p);
}

static const seat_ops seat_process_ops = {sp_start, sp_act, sp_event, sp_game_over, sp_close};

seat *seat_process_open(const seat_config *cfg, const char *bot_path, char *err, size_t errlen)
{
    seat_process *p = calloc(1, sizeof *p);
    if (!p) return arena_errf(err, errlen, "out of memory"), NULL;
    p->base.ops = &seat_process_ops;
    p->base.needs_observation = 1; /* the worker rebuilds the state from it */
    p->base.own_memory = 1;        /* its process: never two games of one deal (seat.h) */
    worker_config wc = {.bot_path = bot_path,
                        .rules_path = cfg->rules_path,
                        .sandbox = cfg->sandbox,
                        .mem_limit_mb = cfg->mem_limit_mb};
    char why[400];
    p->w = worker_spawn(cfg->env, &wc, SEAT_SPAWN_TIMEOUT_US, why, sizeof why);
    if (!p->w) {
        free(p);
        /* no jail: the machine's problem, said by the host before the bot ran */
        if (strncmp(why, JAIL_BUILD_FAILED, strlen(JAIL_BUILD_FAILED)) == 0)
            return arena_errf(err, errlen, "%s (for %s)", why, bot_path), NULL;
        return arena_errf(err, errlen, "%s: %s", bot_path, why), NULL;
    }
    /* Who is it? Loading happens here (the bot's constructors run), under the
     * sandbox. The same worker then serves the games. */
    Arena__Setup setup = ARENA__SETUP__INIT;
    setup.info_only = 1;
    Arena__BotInfo *bi = NULL;
    int rc = worker_setup(p->w, &setup, SEAT_LOAD_TIMEOUT_US, &bi, NULL, NULL, why, sizeof why);
    if (rc != OUTCOME_NORMAL || !bi) {
        if (bi) arena__bot_info__free_unpacked(bi, NULL);
        sp_close(&p->base);
        /* a loader error begins with the file's name (one that only
         * contains it may be the bot's own words) */
        if (rc == OUTCOME_SETUP && strncmp(why, bot_path, strlen(bot_path)) == 0)
            return arena_errf(err, errlen, "%s", why), NULL;
        return arena_errf(err, errlen, "%s: did not load: %s%s", bot_path, why,
                          rc == OUTCOME_TIME ? " (a constructor that never returns?)" : ""),
               NULL;
    }
    seat_wire_info(bi, &p->base.info);
    arena__bot_info__free_unpacked(bi, NULL);
    return &p->base;
}
