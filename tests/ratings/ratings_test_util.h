/* ratings_test_util.h -- building result lists for the rating tests. */
#ifndef RATINGS_TEST_UTIL_H
#define RATINGS_TEST_UTIL_H

#include <stddef.h>

#include "ratings.h"

/* A growing list of results. */
typedef struct game_list {
    rating_game *g;
    size_t n, cap;
} game_list;

/* Appends one result: a moved first and scored s. */
void gl_add(game_list *l, int a, int b, double s);
/* Appends a match seen from a: w wins, d draws, l losses, each kind split as
 * evenly as possible between the two colours (a first on even games). */
void gl_match(game_list *l, int a, int b, int w, int d, int lo);
void gl_free(game_list *l);

/* Fits or fails the test. */
void fit_ok(int n, const game_list *l, rating_fit *f);

#endif
