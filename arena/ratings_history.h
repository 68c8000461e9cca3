/* ratings_history.h -- a player's rating after each tournament of its pool
 * (`arena ratings --history BOT`), from the snapshots the store keeps. */
#ifndef ARENA_RATINGS_HISTORY_H
#define ARENA_RATINGS_HISTORY_H

#include <stddef.h>

#include "store.h"

/* Prints the history of the player labelled `bot` (as `arena ratings` names
 * it) in each of the pools where it plays, in format text, md, csv (columns
 * pool,name,snapshot,tournament,recorded,elo,ci95,games) or json ({"game",
 * "name", "pools": [{"pool", "history": [{tournament, recorded, elo, ci95,
 * games}]}]}). The snapshots hold the ratings as fitted then (the field
 * averaging 0). Everything is read before anything is printed: returns 0;
 * 1 with err (nothing printed) when no pool has that player (bad input: the
 * command exits 2); -1 with err on a store error. */
int ratings_history_show(store *db, const char *game, char *const *pools, size_t n_pools,
                         const char *bot, const char *format, char *err, size_t errlen);

#endif
