/* session.h -- what every command that plays needs: the rule module and its
 * configured game, the worker environment, and the probed entrants. */
#ifndef ARENA_SESSION_H
#define ARENA_SESSION_H

#include <stddef.h>

#include "loader.h"
#include "pool.h"
#include "record.h"
#include "worker.h"

typedef struct session {
    loaded_rules *lr;
    arena_game *game;
    const char *options; /* canonical, owned by game */
    const char *name;    /* the game's name, owned by the module */
    worker_env *env;
    entrant **entrants;
    int n;
    int sandbox;
    int64_t mem_limit_mb;
} session;

/* Loads the game ("morris:variant=lasker"), starts the worker environment and
 * probes every bot. On error returns -1 with one line in err (exit status 2). */
int session_open(session *s, const char *game_spec, const char *const *bots, int n_bots,
                 int sandbox, int64_t mem_limit_mb, char *err, size_t errlen);
void session_close(session *s);
/* A pool of workers for this session's game. */
worker_pool *session_pool(const session *s);

#endif
