/* querni_test.h -- helpers of the querni suites: load the rule module as the
 * arena does (dlopen of bin/rules/libquerni.so), lay out a hand-made position
 * (through observation and state_from_observation, so that it is one the
 * module accepts), play actions in the rules page's notation and list legal
 * actions by name. */
#ifndef QUERNI_TEST_H
#define QUERNI_TEST_H

#include <check.h>
#include <stdint.h>

#include "arena/rules.h"
#include "games/querni.pb-c.h"
#include "support.h" /* REQUIRE */

typedef struct qt {
    void *handle;
    const arena_rules *r;
    arena_game *g;
    arena_state *s;
} qt;

/* The module with these options at the start position; qt_close frees all. */
void qt_open(qt *k, const char *options);
void qt_close(qt *k);
const arena_rules *qt_rules(void **handle);

/* Replaces the position by a hand-made one after the layout: `tiles` lists
 * "w7@c2" (white = seat 0) and "b3@h6" items separated by spaces; seat
 * `to_move` is at its MOVE decision with the quiet count `quiet` and `turns`
 * turns played. Fails the test if the module refuses the position. */
void qt_setup(qt *k, const char *tiles, int to_move, int quiet, int turns);

/* Applies each space-separated action; fails the test naming the refused one. */
void qt_play(qt *k, const char *moves);
/* apply's answer for one name (-1 also when it does not parse); a refusal
 * must leave the state unchanged, which this checks. */
int qt_try(qt *k, const char *name);
int qt_legal(qt *k, const char *name);
/* The legal actions as names, space-separated. */
const char *qt_legal_names(qt *k, char *buf, size_t cap);
/* The end squares of the legal moves of the tile on `from`, space-separated. */
const char *qt_targets(qt *k, const char *from, char *buf, size_t cap);

Arena__Querni__Observation *qt_view(qt *k);
void qt_view_free(Arena__Querni__Observation *m);
const char *qt_board(qt *k, char *buf, size_t cap);

Suite *querni_rules_suite(void);
Suite *querni_module_suite(void);
Suite *querni_bots_suite(void);

#endif
