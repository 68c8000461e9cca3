/* owntime_stop.c -- watching a bot's stop land (see owntime_stop.h). */
#include "owntime_stop.h"

#include "arena/sdk.h"

static int64_t owntime_probe_now(void *ctx)
{
    (void)ctx;
    return arena_now_us();
}

static int64_t owntime_probe_cpu(void *ctx)
{
    return owntime_cpu_us(ctx);
}

static int owntime_probe_stopped(void *ctx)
{
    return owntime_stopped(ctx);
}

static int owntime_probe_runnable(void *ctx)
{
    return owntime_runnable(ctx);
}

static int64_t owntime_probe_wait(void *ctx)
{
    return owntime_wait_us(ctx);
}

void owntime_probe_init(owntime_probe *p, owntime *o)
{
    p->ctx = o;
    p->now_us = owntime_probe_now;
    p->cpu_us = owntime_probe_cpu;
    p->stopped = owntime_probe_stopped;
    p->runnable = owntime_probe_runnable;
    p->wait_us = owntime_probe_wait;
}

void owntime_stop_init(owntime_stop *w)
{
    w->sent_us = -1;
    w->wait0_us = w->seen_us = w->cpu_us = w->late_us = 0;
    w->worked = 0;
}

void owntime_stop_sent(owntime_stop *w, const owntime_probe *p, int64_t from_us, int64_t kill_us,
                       int64_t wait0_us)
{
    w->sent_us = from_us;
    w->wait0_us = wait0_us;
    w->late_us = 0;
    w->worked = 0;
    w->seen_us = kill_us; /* at work until the kill (invariant 3) */
    w->cpu_us = p->cpu_us(p->ctx);
}

int owntime_stop_pending(const owntime_stop *w)
{
    return w->sent_us >= 0;
}

/* The bot's own time from the stop to the mark (invariant 2): the waits
 * read now, so all that ended by now come off. */
static int64_t owntime_stop_own(const owntime_stop *w, const owntime_probe *p)
{
    if (!w->worked) return w->seen_us - w->sent_us;
    int64_t own = w->seen_us - w->sent_us - (p->wait_us(p->ctx) - w->wait0_us);
    return own > 0 ? own : 0;
}

int owntime_stop_look(owntime_stop *w, const owntime_probe *p)
{
    if (w->sent_us < 0) return 1;
    int64_t look = p->now_us(p->ctx); /* before the readings: the host may wait in them */
    if (!p->stopped(p->ctx)) {
        int64_t cpu = p->cpu_us(p->ctx);
        if (cpu < 0 || cpu != w->cpu_us || !p->runnable(p->ctx)) {
            w->seen_us = look;
            w->cpu_us = cpu;
            w->worked = 1;
        }
        return 0;
    }
    w->late_us = owntime_stop_own(w, p);
    w->sent_us = -1;
    return 1;
}

int64_t owntime_stop_charge(owntime_stop *w, const owntime_probe *p)
{
    if (!owntime_stop_look(w, p)) { /* still on its way: up to the mark */
        w->late_us = owntime_stop_own(w, p);
        w->sent_us = -1;
    }
    int64_t late = w->late_us;
    w->late_us = 0;
    return late;
}
