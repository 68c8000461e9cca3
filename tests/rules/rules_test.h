/* rules_test.h -- helpers shared by the rule-module suites: load a module the
 * way the arena does, and play actions written in the game's notation. */
#ifndef RULES_TEST_H
#define RULES_TEST_H

#include <check.h>

#include "arena/rules.h"
#include "support.h" /* REQUIRE */

/* Fails the test with a message, without Check's per-assertion bookkeeping
 * (which costs a write per check): for loops that run millions of times. */

/* The table of ARENA_BIN_DIR/rules/lib<game>.so; fails the test if it does not
 * load. Call rules_unload(handle) at the end (leak checks). */
const arena_rules *rules_load(const char *game, void **handle);
void rules_unload(void *handle);

/* A new game with these options; fails the test if they are refused. */
arena_game *rules_game(const arena_rules *r, const char *options);

/* Applies each space-separated action name of `moves` in turn; fails the test,
 * naming the action and the board, when one does not parse or is illegal. */
void rules_play(const arena_rules *r, arena_state *s, const char *moves);

/* apply's answer for one action name (-1 also when it does not parse); on -1
 * the state must be unchanged, which this checks. */
int rules_try(const arena_rules *r, const arena_game *g, arena_state *s, const char *name);

/* Whether the named action is among the legal actions. */
int rules_is_legal(const arena_rules *r, const arena_state *s, const char *name);

/* Number of legal actions. */
int rules_num_legal(const arena_rules *r, const arena_state *s);

#endif
