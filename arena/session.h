/* session.h -- what every command that plays needs: the rule module and its
 * configured game, how seats are isolated (seat_config), and the probed
 * entrants. */
#ifndef ARENA_SESSION_H
#define ARENA_SESSION_H

#include <stddef.h>

#include "loader.h"
#include "pool.h"
#include "record.h"
#include "seat.h"
#include "worker.h"

/* How bots are run: chosen on the command line (--isolation, --sandbox, --mem). */
typedef struct session_isolation {
    seat_kind kind;
    int sandbox;
    int64_t mem_limit_mb;
} session_isolation;

typedef struct session {
    loaded_rules *lr;
    arena_game *game;
    const char *options; /* canonical, owned by game */
    const char *name;    /* the game's name, owned by the module */
    worker_env *env;     /* process seats only */
    seat_config seats;   /* how every seat of this session opens */
    entrant **entrants;
    int n;
} session;

/* Loads the game ("morris:variant=lasker"), prepares the seats and probes
 * every bot. On error returns -1 with one line in err (exit status 2), or
 * SESSION_NO_GAME when it was the game that did not load. */
#define SESSION_NO_GAME (-2)
int session_open(session *s, const char *game_spec, const char *const *bots, int n_bots,
                 const session_isolation *iso, char *err, size_t errlen);
void session_close(session *s);
/* Says on stderr, as cmd's note, when `tables` games at once of `seats`
 * bot processes each may together use more memory than the machine has
 * (--mem is per process, README: Security model); nothing for seats that
 * are not limited processes, or where the machine's size is unknown. */
void session_memory_note(const session *s, int tables, int seats, const char *cmd);
/* A pool of seats for this session's game (one per thread that plays). */
seat_pool *session_pool(session *s);

#endif
