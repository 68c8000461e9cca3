/* rugby_test.c -- helpers of the rugby suites (rugby_test.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rugby_test.h"
#include "support.h"

rugby_picture rugby_layout = {
    "OOXO...", /* 1 */
    "..X..O.", /* 2 */
    "......O", /* 3 */
    "AAKDMAA", /* 4 */
    "A.KDM.A", /* 5 */
    "..KDM..", /* 6 */
    "..KDM..", /* 7 */
    "..KDM..", /* 8 */
    "..KDM..", /* 9 */
    "...G...", /* 10 */
    ".......", /* 11 */
    ".......", /* 12 */
    "P.XX.P.", /* 13 */
    ".P..X..", /* 14 */
    "...P..P", /* 15 */
};

void rugby_open(rugby *t, const char *options)
{
    char err[256] = "";
    t->r = support_rules("rugby", &t->handle);
    t->g = t->r->game_new(options, err, sizeof err);
    ck_assert_msg(t->g != NULL, "game_new(\"%s\"): %s", options, err);
    t->s = t->r->state_new(t->g);
}

void rugby_close(rugby *t)
{
    t->r->state_free(t->s);
    t->r->game_free(t->g);
    support_unload(t->handle);
}

void rugby_play(rugby *t, const char *moves)
{
    support_play(t->r, t->s, t->r->state_size(t->g), moves);
}

int rugby_try(rugby *t, const char *name)
{
    return support_try_move(t->r, t->s, t->r->state_size(t->g), name);
}

/* The marks of the setup order: O, P, X of rows 1-3, X of rows 13-15, A, K,
 * D, M, G; each kind in ascending field order. */
void rugby_layout_moves(rugby_picture pic, char *buf, size_t cap)
{
    static const char order[] = "OPXXAKDMG";
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; order[i]; i++) {
        int lo = 1, hi = RG_ROWS;
        if (i == 2) hi = 3;  /* the black fields of the in-goal first */
        if (i == 3) lo = 13; /* then those of the 10-metre zone */
        for (int row = lo; row <= hi; row++)
            for (int c = 0; c < RG_COLS; c++)
                if (pic[row - 1][c] == order[i])
                    len += (size_t)snprintf(buf + len, cap - len, "%s%c@%c%d", len ? " " : "",
                                            order[i], 'A' + c, row);
    }
}

void rugby_lay_both(rugby *t, rugby_picture pic)
{
    char moves[1024];
    rugby_layout_moves(pic, moves, sizeof moves);
    rugby_play(t, moves);
    ck_assert_int_eq(t->r->current_player(t->s), 1);
    rugby_play(t, moves);
    ck_assert_int_eq(t->r->current_player(t->s), 0);
    ck_assert_int_eq(t->s->phase, RG_PHASE_PLAY);
}

size_t rugby_observe(const rugby *t, const arena_state *s, int seat, uint8_t *buf, size_t cap)
{
    size_t n = t->r->observation(s, seat, buf, cap);
    ck_assert_uint_le(n, cap);
    return n;
}
