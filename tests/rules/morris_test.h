/* morris_test.h -- helpers of the morris suite: the module and a game, a view of
 * a state read from its observation, and positions set up from observations. */
#ifndef MORRIS_TEST_H
#define MORRIS_TEST_H

#include "rules_test.h"

typedef struct morris {
    void *handle;
    const arena_rules *r;
    arena_game *g;
    arena_state *s;
} morris;

/* Loads the module, makes the game and its start position. */
void morris_open(morris *m, const char *options);
void morris_close(morris *m);
/* A fresh game with other options (the start position too). */
void morris_reset(morris *m, const char *options);

/* What the observation says, for assertions. */
typedef struct morris_view {
    char board[25]; /* 'W', 'B' or '.' per point, point index order */
    int in_hand[2], on_board[2];
    int to_move, pending, ply, turn, quiet;
    int terminal, returns[2];
    const char *end; /* end_reason */
} morris_view;
morris_view morris_look(const morris *m);

/* Replaces m->s with a position set up through an observation: the named
 * points of each colour, pieces in hand, the side to move (0 or 1); the
 * history holds just this position. */
void morris_setup(morris *m, const char *white, const char *black, int hand_w, int hand_b,
                  int to_move);

/* The targets of the legal moves from `from` ("a7"), as a sorted,
 * space-separated list of point names. */
void morris_targets(const morris *m, const char *from, char *out, size_t cap);

/* The suite's test cases, one function per file. */
void morris_add_classic(Suite *s);
void morris_add_variants(Suite *s);
void morris_add_stats(Suite *s);

#endif
