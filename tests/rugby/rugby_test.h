/* rugby_test.h -- helpers of the rugby suites: the module loaded with dlopen
 * as the arena loads it, boards laid out from pictures, and positions read
 * through rugby.h (the module's flat state; the tests build with the same
 * header, so they may look inside a state and set up hand-made positions). */
#ifndef RUGBY_TEST_H
#define RUGBY_TEST_H

#include <check.h>

#include "arena/rules.h"
#include "rugby.h"
#include "support.h" /* REQUIRE */

typedef struct rugby {
    void *handle;
    const arena_rules *r;
    arena_game *g;
    arena_state *s;
} rugby;

/* A board as 15 rows of 7 letters (".OPXAKDMG"), row 1 first. */
typedef const char *const rugby_picture[RG_ROWS];

/* The layout of the tests (the page's 35 scoring fields, 93 points):
 *   O  A1 B1 D1 F2 G3        P  A13 F13 B14 D15 G15 (the columns of the O)
 *   X  C1 C2 | C13 D13 E14   A  A4 B4 F4 G4 A5 G5
 *   K  C4-C9  D  D4-D9  M  E4-E9  G  D10 */
extern rugby_picture rugby_layout;

/* Loads the module, makes the game (options must be accepted) and its start. */
void rugby_open(rugby *t, const char *options);
void rugby_close(rugby *t);

/* Applies each space-separated action name in turn; fails on a refusal. */
void rugby_play(rugby *t, const char *moves);
/* apply's answer for one action name (-1 also when it does not parse); on -1
 * checks that the state did not change. */
int rugby_try(rugby *t, const char *name);
/* The placement names of a picture in the order of the setup ("O@A1 O@B1 ..."). */
void rugby_layout_moves(rugby_picture pic, char *buf, size_t cap);
/* Both seats lay out `pic` (setup=players); then seat 0 is to guess. */
void rugby_lay_both(rugby *t, rugby_picture pic);

/* The observation bytes of seat for s, into buf (cap bytes); their length. */
size_t rugby_observe(const rugby *t, const arena_state *s, int seat, uint8_t *buf, size_t cap);

void rugby_add_rules(Suite *s);
void rugby_add_hidden(Suite *s);
void rugby_add_module(Suite *s);
void rugby_add_bots(Suite *s);

#endif
