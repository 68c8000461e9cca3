/* pool.h -- idle seats kept between matches, so a bot's process (or its loaded
 * library) serves many games -- never two of one deal (seat.h); a seat that
 * failed is closed instead of kept. One pool per thread that runs matches. */
#ifndef ARENA_POOL_H
#define ARENA_POOL_H

#include <stddef.h>

#include "record.h"
#include "seat.h"

typedef struct seat_pool seat_pool;

/* Opens a new seat for an entrant; NULL with a one-line error. */
typedef seat *(*pool_open_fn)(void *ctx, const entrant *e, char *err, size_t errlen);

seat_pool *pool_new(pool_open_fn open, void *ctx);
/* The usual opener: ctx is a const seat_config * that outlives the pool. */
seat *pool_open_configured(void *ctx, const entrant *e, char *err, size_t errlen);
/* An idle seat of this entrant that has not played this deal (the match
 * seed: seat.h), or a freshly opened one (NULL + err); the deal is recorded
 * in the seat. Invariant: no seat with a memory of its own plays two games
 * of one deal. */
seat *pool_take(seat_pool *p, const entrant *e, uint64_t deal, char *err, size_t errlen);
/* Keeps a seat that finished its game cleanly for the entrant's next game;
 * past POOL_MAX_IDLE idle seats of the entrant, the longest idle is closed,
 * and a seat that has played SEAT_MAX_DEALS deals is closed instead. */
void pool_put(seat_pool *p, const entrant *e, seat *s);
/* Idle seats kept per entrant: one for each rotation of the largest table,
 * enough for a thread to play a table's seat orders (one deal) and reuse
 * them all at the next table. With every seat order of a table of three or
 * more (--seats all), most of its games open a fresh process. */
#define POOL_MAX_IDLE ARENA_MAX_PLAYERS
/* Closes every idle seat and frees the pool. NULL ok. */
void pool_free(seat_pool *p);

#endif
