/* pool.c -- idle seats per entrant (a short array: tournaments have few bots). */
#include <stdlib.h>
#include <string.h>

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

static int pool_played(const seat *s, uint64_t deal)
{
    for (int i = 0; s->own_memory && i < s->n_deals; i++)
        if (s->deals[i] == deal) return 1;
    return 0;
}

/* Removes idle seat i, keeping the others in the order they came back. */
static seat *pool_remove(seat_pool *p, size_t i)
{
    seat *s = p->idle[i].s;
    memmove(p->idle + i, p->idle + i + 1, (p->n - i - 1) * sizeof *p->idle);
    p->n--;
    return s;
}

seat *pool_take(seat_pool *p, const entrant *e, uint64_t deal, char *err, size_t errlen)
{
    seat *s = NULL;
    for (size_t i = 0; i < p->n && !s; i++)
        if (p->idle[i].who == e && !pool_played(p->idle[i].s, deal)) s = pool_remove(p, i);
    if (!s) s = p->open(p->ctx, e, err, errlen);
    if (s && s->own_memory) s->deals[s->n_deals++] = deal;
    return s;
}

void pool_put(seat_pool *p, const entrant *e, seat *s)
{
    if (s->own_memory && s->n_deals == SEAT_MAX_DEALS) { /* its list is full: retired */
        seat_close(s);
        return;
    }
    /* at most POOL_MAX_IDLE of the entrant's: the longest idle (the first) goes */
    size_t mine = 0, first = p->n;
    for (size_t i = 0; i < p->n; i++)
        if (p->idle[i].who == e && mine++ == 0) first = i;
    if (mine >= POOL_MAX_IDLE) seat_close(pool_remove(p, first));
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
