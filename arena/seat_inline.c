/* seat_inline.c -- a trusted bot loaded into the arena and called directly
 * through the bot ABI: no process, no ZeroMQ, no serialisation. The bot sees
 * the referee's own state (read-only) as turn->state. It cannot be
 * interrupted: a bot that overruns its budget loses on time when it returns
 * (the match runner compares the think time with the deadline), and a bot
 * that crashes takes the arena with it -- inline is for bots you trust. */
#include <stdlib.h>

#include "arena/module_kit.h"
#include "arena/sdk.h"
#include "botrun.h"
#include "outcome.h"
#include "seat.h"
#include "xalloc.h"

typedef struct seat_inline {
    seat base;
    botrun run;
} seat_inline;

static int si_start(seat *s, const seat_game *g, int64_t *think_us, int64_t *cpu_us, char *err,
                    size_t errlen)
{
    /* a trusted bot: timed, not stopped (the runner judges a late start) */
    int64_t t0 = arena_now_us();
    int rc = botrun_start(&((seat_inline *)s)->run, g, err, errlen);
    *think_us = arena_now_us() - t0;
    *cpu_us = 0;
    return rc;
}

static int si_act(seat *s, const seat_turn *t, int32_t *action, int64_t *think_us, int64_t *cpu_us,
                  char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    *cpu_us = 0; /* a thread's CPU clock would cost a system call a move */
    seat_inline *p = (seat_inline *)s;
    *action = botrun_act(&p->run, &t->bot); /* the referee's turn as it is (WALL clock) */
    /* One clock reading per move (a reading costs about as much as a ply of
     * morris): the turn began at the referee's previous reading. */
    *think_us = arena_now_us() - t->start_us;
    return OUTCOME_NORMAL;
}

static void si_event(seat *s, arena_event_kind kind, int who, int32_t action)
{
    botrun_event(&((seat_inline *)s)->run, kind, who, action);
}

static int si_game_over(seat *s, const double *returns, int num_players)
{
    botrun_game_over(&((seat_inline *)s)->run, returns, num_players);
    return OUTCOME_NORMAL;
}

static void si_close(seat *s)
{
    seat_inline *p = (seat_inline *)s;
    botrun_unload(&p->run);
    seat_info_free(&p->base.info);
    free(p);
}

static const seat_ops seat_inline_ops = {si_start, si_act, si_event, si_game_over, si_close};

seat *seat_inline_open(const seat_config *cfg, const char *bot_path, char *err, size_t errlen)
{
    seat_inline *p = xcalloc(1, sizeof *p);
    p->base.ops = &seat_inline_ops;
    if (botrun_load(&p->run, bot_path, cfg->rules, err, errlen)) {
        free(p);
        return NULL;
    }
    botrun_info(&p->run, &p->base.info);
    const arena_bot *b = p->run.bot;
    int state_only = ARENA_BOT_HAS(b, flags) && (b->flags & ARENA_BOT_STATE_ONLY);
    p->base.needs_observation =
        !state_only || !cfg->rules || (cfg->rules->flags & ARENA_GAME_HIDDEN);
    return &p->base;
}
