/* pool.h -- idle bot workers kept between matches, so a bot's process serves
 * many games; a worker that failed is closed instead of returned. One pool per
 * thread that runs matches. */
#ifndef ARENA_POOL_H
#define ARENA_POOL_H

#include "record.h"
#include "worker.h"

typedef struct worker_pool worker_pool;

typedef struct pool_config {
    worker_env *env;
    const char *rules_path; /* the game's module, loaded by every worker */
    int sandbox;
    int64_t mem_limit_mb;
    int64_t spawn_timeout_us;
} pool_config;

worker_pool *pool_new(const pool_config *cfg);
/* An idle worker of this entrant, or a freshly spawned one (NULL + err). */
worker *pool_take(worker_pool *p, const entrant *e, char *err, size_t errlen);
/* Gives a healthy worker back for the entrant's next game. */
void pool_put(worker_pool *p, const entrant *e, worker *w);
/* Closes every idle worker and frees the pool. */
void pool_free(worker_pool *p);

#endif
