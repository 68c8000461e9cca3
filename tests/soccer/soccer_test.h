/* soccer_test.h -- helpers of the soccer suites: the module loaded with dlopen
 * as the arena loads it, and hand-drawn positions set up through the
 * module's own observation decoder. */
#ifndef SOCCER_TEST_H
#define SOCCER_TEST_H

#include <check.h>

#include "arena/rules.h"
#include "support.h" /* REQUIRE */

typedef struct soccer {
    void *handle;
    const arena_rules *r;
    arena_game *g;
    arena_state *s;
} soccer;

/* Loads the module, makes the game (options must be accepted) and its start. */
void soccer_open(soccer *t, const char *options);
void soccer_close(soccer *t);

/* Replaces t->s with a hand-drawn position: the ball at (x, y), `to_move`,
 * and the segments drawn in play, written "x,y:d x,y:d ..." (each from its
 * point (x, y) in direction d). The number of steps played is taken to be
 * the number of segments. */
void soccer_setup(soccer *t, int x, int y, int to_move, const char *segments);

/* Plays the digits of `steps` (e.g. "0 12 7"; spaces ignored); fails on a
 * refused step. */
void soccer_play(soccer *t, const char *steps);
/* apply's answer for one direction; on -1 checks the state did not change. */
int soccer_try(soccer *t, int dir);
/* The legal directions as a string of digits ("01237"). */
const char *soccer_legal(soccer *t, char *buf);
/* The ball (from the observation). */
void soccer_ball(soccer *t, int *x, int *y);

void soccer_add_rules(Suite *s);
void soccer_add_module(Suite *s);
void soccer_add_turns(Suite *s);

#endif
