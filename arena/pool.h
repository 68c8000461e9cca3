/* pool.h -- idle seats kept between matches, so a bot's process (or its loaded
 * library) serves many games; a seat that failed is closed instead of kept.
 * One pool per thread that runs matches. */
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
/* An idle seat of this entrant, or a freshly opened one (NULL + err). */
seat *pool_take(seat_pool *p, const entrant *e, char *err, size_t errlen);
/* Keeps a seat that finished its game cleanly for the entrant's next game. */
void pool_put(seat_pool *p, const entrant *e, seat *s);
/* Closes every idle seat and frees the pool. NULL ok. */
void pool_free(seat_pool *p);

#endif
