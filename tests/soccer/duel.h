/* duel.h -- in-process paper-soccer games for the bot-strength tests: the rule
 * module and the bots loaded with dlopen as the arena loads them, or the
 * soccer_ab search linked in with a fixed node budget (so that results do not
 * depend on the machine's speed). No worker processes, no clocks. */
#ifndef SOCCER_DUEL_H
#define SOCCER_DUEL_H

#include <stdint.h>

#include "arena/bot.h"

typedef struct duel_player duel_player;

/* A bot .so by name from ARENA_BIN_DIR/bots ("random", "soccer_greedy"...). */
duel_player *duel_bot(const char *name);
/* The linked soccer_ab search limited to max_nodes steps per turn (and
 * max_depth whole turns, <= 0: no limit). */
duel_player *duel_search(long max_nodes, int max_depth);
void duel_player_free(duel_player *p);
/* The move_budget_us its turns say (default 1 s: time is never short). */
void duel_set_budget(duel_player *p, int64_t move_budget_us);

/* Plays one game of soccer with these options, seat 0 and seat 1; returns the
 * winning seat (0 or 1), or -1 when a player answered an illegal action (the
 * test fails on it). *steps gets the number of steps played. */
int duel_play(const char *options, duel_player *seat0, duel_player *seat1, uint64_t seed,
              int *steps);

#endif
