/* pool.c -- idle workers per entrant (a short array: tournaments have few bots). */
#include <stdlib.h>

#include "pool.h"

typedef struct idle_worker {
    const entrant *who;
    worker *w;
} idle_worker;

struct worker_pool {
    pool_config cfg;
    idle_worker *idle;
    size_t n, cap;
};

worker_pool *pool_new(const pool_config *cfg)
{
    worker_pool *p = calloc(1, sizeof *p);
    p->cfg = *cfg;
    return p;
}

worker *pool_take(worker_pool *p, const entrant *e, char *err, size_t errlen)
{
    for (size_t i = 0; i < p->n; i++) {
        if (p->idle[i].who == e) {
            worker *w = p->idle[i].w;
            p->idle[i] = p->idle[--p->n];
            return w;
        }
    }
    worker_config wc = {.bot_path = e->path,
                        .rules_path = p->cfg.rules_path,
                        .sandbox = p->cfg.sandbox,
                        .mem_limit_mb = p->cfg.mem_limit_mb};
    return worker_spawn(p->cfg.env, &wc, p->cfg.spawn_timeout_us, err, errlen);
}

void pool_put(worker_pool *p, const entrant *e, worker *w)
{
    if (worker_cpu_exhausted(w)) {
        worker_close(w);
        return;
    }
    if (p->n == p->cap) {
        p->cap = p->cap ? p->cap * 2 : 8;
        p->idle = realloc(p->idle, p->cap * sizeof *p->idle);
    }
    p->idle[p->n++] = (idle_worker){e, w};
}

void pool_free(worker_pool *p)
{
    if (!p) return;
    for (size_t i = 0; i < p->n; i++) worker_close(p->idle[i].w);
    free(p->idle);
    free(p);
}
