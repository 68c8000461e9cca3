/* ratings_test_util.c -- building result lists for the rating tests. */
#include <check.h>
#include <stdlib.h>

#include "ratings_test_util.h"

void gl_add(game_list *l, int a, int b, double s)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 64;
        l->g = realloc(l->g, l->cap * sizeof *l->g);
        ck_assert_ptr_nonnull(l->g);
    }
    l->g[l->n++] = (rating_game){a, b, s, 0, 1};
}

static void kind(game_list *l, int a, int b, int count, double s)
{
    for (int i = 0; i < count; i++) {
        if (i % 2 == 0)
            gl_add(l, a, b, s);
        else
            gl_add(l, b, a, 1 - s);
    }
}

void gl_match(game_list *l, int a, int b, int w, int d, int lo)
{
    kind(l, a, b, w, 1);
    kind(l, a, b, d, 0.5);
    kind(l, a, b, lo, 0);
}

void gl_free(game_list *l)
{
    free(l->g);
    *l = (game_list){0};
}

void fit_ok(int n, const game_list *l, rating_fit *f)
{
    char err[256] = "";
    int rc = ratings_fit(n, l->g, l->n, f, err, sizeof err);
    ck_assert_msg(rc == 0, "ratings_fit failed: %s", err);
}
