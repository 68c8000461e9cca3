/* fake_seat.c -- scripted in-process seats (see fake_seat.h). */
#include "fake_seat.h"

#include <stdlib.h>
#include <string.h>

#include "arena/module_kit.h"
#include "outcome.h"

typedef struct fake_seat {
    seat base;
    const fake_script *script;
    fake_log *log;
    int turn; /* acts so far in this game */
} fake_seat;

static int fs_start(seat *s, const seat_game *g, int64_t *think_us, int64_t *cpu_us, char *err,
                    size_t errlen)
{
    fake_seat *f = (fake_seat *)s;
    *think_us = f->script->start_us;
    *cpu_us = 0;
    f->log->start_timeout_us = g->timeout_us;
    f->log->started++;
    f->log->seat = g->seat;
    f->log->num_players = g->num_players;
    f->log->seed = g->seed;
    f->turn = 0;
    if (f->script->fault == FAKE_START)
        return arena_errf(err, errlen, "fake: refuses %s", g->game), OUTCOME_SETUP;
    return OUTCOME_NORMAL;
}

static int fs_act(seat *s, const seat_turn *t, int32_t *action, int64_t *think_us, int64_t *cpu_us,
                  char *err, size_t errlen)
{
    fake_seat *f = (fake_seat *)s;
    const fake_script *sc = f->script;
    int mine = f->turn++;
    f->log->acts++;
    if (mine == 0) f->log->first_time_left_us = t->bot.time_left_us;
    *think_us = sc->over_us ? t->bot.move_budget_us + sc->over_us : sc->think_us ? sc->think_us : 1;
    *cpu_us = 1;
    *action = t->bot.legal[0];
    if (mine != sc->at) return OUTCOME_NORMAL;
    switch (sc->fault) {
    case FAKE_FAIL:
        s->host_lost = sc->host_lost;
        if (sc->detail) return arena_errf(err, errlen, "%s", sc->detail), sc->code;
        return arena_errf(err, errlen, "fake: %s", outcome_name(sc->code)), sc->code;
    case FAKE_ILLEGAL:
        *action = -5;
        break;
    case FAKE_LATE:
        *think_us = t->timeout_us + 1;
        break;
    default:
        break;
    }
    return OUTCOME_NORMAL;
}

static void fs_event(seat *s, arena_event_kind kind, int who, int32_t action)
{
    fake_log *l = ((fake_seat *)s)->log;
    if (l->n_events < FAKE_MAX_EVENTS) {
        l->events[l->n_events].kind = kind;
        l->events[l->n_events].who = who;
        l->events[l->n_events].action = action;
        l->n_events++;
    }
}

static int fs_game_over(seat *s, const double *returns, int num_players)
{
    fake_log *l = ((fake_seat *)s)->log;
    l->game_overs++;
    for (int i = 0; i < num_players && i < 8; i++)
        l->returns[i] = returns[i];
    return ((fake_seat *)s)->script->fault == FAKE_WORN ? OUTCOME_TIME : OUTCOME_NORMAL;
}

static void fs_close(seat *s)
{
    fake_seat *f = (fake_seat *)s;
    f->log->closed++;
    seat_info_free(&f->base.info);
    free(f);
}

static const seat_ops fake_ops = {fs_start, fs_act, fs_event, fs_game_over, fs_close};

seat *fake_seat_open(void *ctx, const entrant *e, char *err, size_t errlen)
{
    fake_table *t = ctx;
    int i = 0;
    while (i < 8 && t->who[i] != e)
        i++;
    if (i == 8) return arena_errf(err, errlen, "fake: unknown entrant"), NULL;
    if (t->script[i].fault == FAKE_OPEN) return arena_errf(err, errlen, "fake: cannot open"), NULL;
    fake_seat *f = calloc(1, sizeof *f);
    f->base.ops = &fake_ops;
    f->base.info.name = strdup(e->name);
    f->base.info.version = strdup("1");
    f->base.info.author = strdup("test");
    f->base.info.games = strdup("*");
    f->base.info.wants_events = t->script[i].wants_events;
    f->base.own_memory = t->script[i].own_memory;
    f->script = &t->script[i];
    f->log = &t->log[i];
    f->log->opened++;
    f->log->last = &f->base;
    return &f->base;
}
