/* match.h -- playing one match: the arena is the only authority on the game.
 *
 * States of a match and the function that leaves each (match.c):
 *
 *   SETUP      every seat gets a worker (pool_take) and a Setup    -> start_seats
 *              a seat that fails to start forfeits                  -> OVER (setup)
 *   CHANCE     the arena draws the outcome from the match seed      -> play_chance
 *   AWAITING   the seat to move gets a TurnRequest; the reply must
 *              come within its budget plus the margin, and be legal -> play_turn
 *              crash / sandbox / garbage / time / illegal           -> OVER (forfeit)
 *   OVER       returns fixed; GameOver to healthy workers, which go
 *              back to the pool; failed workers are closed           -> finish
 *
 * Invariants: (1) only the arena applies actions to the state; (2) every action
 * applied is logged with its seat, chance included; (3) a forfeit names the seat
 * at fault (culprit) and gives it the only loss; (4) a worker is returned to the
 * pool only if it answered every request of the match.
 */
#ifndef ARENA_MATCH_H
#define ARENA_MATCH_H

#include <stdio.h>

#include "arena.pb-c.h"
#include "arena/bot.h"
#include "loader.h"
#include "pool.h"
#include "record.h"

typedef struct match_spec {
    const loaded_rules *lr;
    const arena_game *game;
    const char *options; /* canonical */
    int num_players;
    const entrant *seat[ARENA_MAX_PLAYERS];
    int seat_entrant[ARENA_MAX_PLAYERS]; /* indices into the tournament's entrants */
    uint64_t seed;
    uint32_t index;
    const char *tournament; /* label for the log, may be "" */
    arena_time_control tc;
    int64_t margin_us;  /* grace on top of every budget (transport, scheduling) */
    int max_plies;      /* adjudicated as a draw beyond this; 0 = rules' maximum */
    FILE *show;         /* when set: the board after every action */
} match_spec;

/* Plays the match. Always fills rec and returns the log (free with
 * arena__match_log__free_unpacked(log, NULL)); a misbehaving bot only ends the
 * match. NULL only when the arena itself failed (out of memory). */
Arena__MatchLog *match_run(const match_spec *spec, worker_pool *pool, match_record *rec);

/* Fills seats' identities in a log (shared by match and tests). */
void match_identity(Arena__Identity *id, const entrant *e);

#endif
