/* perft.h -- counting the game tree through the rules ABI alone. */
#ifndef ARENA_PERFT_H
#define ARENA_PERFT_H

#include <stdint.h>

#include "arena/rules.h"

/* Leaves at depth `depth` below state (every decision and every chance outcome
 * is a ply; a terminal state before depth counts as no leaf). */
uint64_t perft_count(const arena_rules *r, const arena_state *state, int depth);
/* The same count, copying states with memcpy into a preallocated stack of
 * state_size(game) bytes per level: no allocation per node. *nodes (if not
 * NULL) gets every state visited below the root, leaves included. */
uint64_t perft_count_flat(const arena_rules *r, const arena_game *game, const arena_state *state,
                          int depth, uint64_t *nodes);
/* The actions at state, ascending: its chance outcomes at a CHANCE node, its
 * legal actions otherwise, none at a terminal. *acts is malloc'd (free it,
 * also when 0 is returned). */
int perft_actions(const arena_rules *r, const arena_state *state, int32_t **acts);
/* `arena perft` command. */
int perft_main(int argc, char **argv);

#endif
