/* pool.c -- idle seats per entrant (a short array: tournaments have few bots). */
#include <stdlib.h>

#include "arena/module_kit.h"
#include "pool.h"
#include "xalloc.h"

typedef struct idle_seat {
    const entrant *who;
    seat *s;
} idle_seat;

struct seat_pool {
    pool_open_fn open;
    void *ctx;
    idle_seat *idle;
    size_t n, cap;
};

seat_pool *pool_new(pool_open_fn open, void *ctx)
{
    seat_pool *p = xcalloc(1, sizeof *p);
    if (!p) return NULL;
    p->open = open;
    p->ctx = ctx;
    return p;
}

seat *pool_open_configured(void *ctx, const entrant *e, char *err, size_t errlen)
{
    return seat_open(ctx, e->path, err, errlen);
}

seat *pool_take(seat_pool *p, const entrant *e, char *err, size_t errlen)
{
    for (size_t i = 0; i < p->n; i++) {
        if (p->idle[i].who == e) {
            seat *s = p->idle[i].s;
            p->idle[i] = p->idle[--p->n];
            return s;
        }
    }
    return p->open(p->ctx, e, err, errlen);
}

void pool_put(seat_pool *p, const entrant *e, seat *s)
{
    if (p->n == p->cap) {
        size_t cap = p->cap ? p->cap * 2 : 8;
        idle_seat *idle = xrealloc(p->idle, cap * sizeof *idle);
        if (!idle) {
            seat_close(s);
            return;
        }
        p->idle = idle;
        p->cap = cap;
    }
    p->idle[p->n++] = (idle_seat){e, s};
}

void pool_free(seat_pool *p)
{
    if (!p) return;
    for (size_t i = 0; i < p->n; i++)
        seat_close(p->idle[i].s);
    free(p->idle);
    free(p);
}
