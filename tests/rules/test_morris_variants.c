/* test_morris_variants.c -- the variants of morris.md on hand-worked positions:
 * knight jumps on the (ring, pos) grid, rook slides, Lasker's move instead of a
 * placement, the cross start and its first-mill win. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "morris_test.h"

/* Point names in (ring, pos) order: index ring * 8 + pos. */
static const char *const grid[24] = {
    "a7", "d7", "g7", "g4", "g1", "d1", "a1", "a4", "b6", "d6", "f6", "f4",
    "f2", "d2", "b2", "b4", "c5", "d5", "e5", "e4", "e3", "d3", "c3", "c4",
};

static int by_name(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The knight targets of point p straight from the rule: (ring +-1, pos +-2)
 * and (ring +-2, pos +-1), pos modulo 8; sorted names into out, their indices
 * marked in is_target. */
static int knight_rule(int p, char *out, size_t cap, int *is_target)
{
    static const int step[8][2] = {{1, 2}, {1, -2}, {-1, 2}, {-1, -2},
                                   {2, 1}, {2, -1}, {-2, 1}, {-2, -1}};
    const char *found[8];
    int n = 0, ring = p / 8, pos = p % 8;
    for (int i = 0; i < 8; i++) {
        int r = ring + step[i][0], q = (pos + step[i][1] + 8) % 8;
        if (r < 0 || r > 2) continue;
        found[n++] = grid[r * 8 + q];
        is_target[r * 8 + q] = 1;
    }
    qsort(found, (size_t)n, sizeof found[0], by_name);
    size_t len = 0;
    out[0] = '\0';
    for (int i = 0; i < n; i++)
        len += (size_t)snprintf(out + len, cap - len, "%s%s", i ? " " : "", found[i]);
    return n;
}

START_TEST(knight_targets)
{
    morris m;
    morris_open(&m, "variant=knight");
    for (int p = 0; p < 24; p++) {
        char want[64], got[256], white[64], black[64];
        int is_target[24] = {0};
        ck_assert_int_eq(knight_rule(p, want, sizeof want, is_target), 4);
        /* The piece on p with three more of each colour away from its targets
         * (White keeps 4 pieces: it does not fly). */
        int nw = 0, nb = 0;
        size_t lw = (size_t)snprintf(white, sizeof white, "%s", grid[p]), lb = 0;
        black[0] = '\0';
        for (int q = 0; q < 24 && nb < 3; q++) {
            if (q == p || is_target[q]) continue;
            if (nw < 3)
                lw += (size_t)snprintf(white + lw, sizeof white - lw, " %s", grid[q]), nw++;
            else
                lb +=
                    (size_t)snprintf(black + lb, sizeof black - lb, "%s%s", nb ? " " : "", grid[q]),
                    nb++;
        }
        morris_setup(&m, white, black, 0, 0, 0);
        morris_targets(&m, grid[p], got, sizeof got);
        ck_assert_msg(strcmp(got, want) == 0, "%s: %s, want %s", grid[p], got, want);
    }
    /* A few by hand. */
    static const char *const hand[][2] = {
        {"a7", "b2 c4 d5 f6"}, {"d1", "b4 c3 e3 f4"}, {"e4", "d2 d6 g1 g7"}, {"b4", "d1 d3 d5 d7"}};
    for (int i = 0; i < 4; i++) {
        char want[64];
        int is_target[24] = {0}, p = 0;
        while (strcmp(grid[p], hand[i][0]) != 0)
            p++;
        knight_rule(p, want, sizeof want, is_target);
        ck_assert_str_eq(want, hand[i][1]);
    }
    /* Jumps go over pieces; with 3 pieces a knight flies like anyone. */
    char got[256];
    morris_setup(&m, "a7 d1 e4", "b6 d6 f6 f4", 0, 0, 0);
    morris_targets(&m, "a7", got, sizeof got);
    ck_assert_str_eq(got, "a1 a4 b2 b4 c3 c4 c5 d2 d3 d5 d7 e3 e5 f2 g1 g4 g7");
    morris_close(&m);
}
END_TEST

/* Knight placements: White d7 g7 a4 f6 b6 e4 c3 d2 f2, Black g4 g1 d6 f4 b4 c5
 * e5 d3 c4; empty a7 a1 d1 b2 d5 e3. f6-a7 jumps into a7-d7-g7. */
static const char KNIGHT_PLACED[] = "d7 g4 g7 g1 a4 d6 f6 f4 b6 b4 e4 c5 c3 e5 d2 d3 f2 c4";

START_TEST(knight_double_mill_with_a_repeat)
{
    morris m;
    morris_open(&m, "variant=knight");
    rules_play(m.r, m.s, KNIGHT_PLACED);
    rules_play(m.r, m.s, "f6-a7 xe5 g1-b2 a7-f6 b2-g1 b6-a1 g1-b2");
    /* f6-a7 closes a7-d7-g7 again (same pieces) and a1-a4-a7 (new): one removal. */
    rules_play(m.r, m.s, "f6-a7");
    ck_assert_int_eq(morris_look(&m).pending, 1);
    rules_play(m.r, m.s, "xd3");
    /* Both are now the last mills: out and back again earns nothing. */
    rules_play(m.r, m.s, "b2-g1 a7-f6 g1-b2 f6-a7");
    morris_view v = morris_look(&m);
    ck_assert_int_eq(v.pending, 0);
    ck_assert_int_eq(v.to_move, 1);
    morris_close(&m);
}
END_TEST

START_TEST(rook_slides)
{
    static const struct {
        const char *white, *black, *from, *targets;
    } cases[] = {
        /* a corner of the outer ring: both sides and the diagonal, full length */
        {"a7 f2 d3 e4", "g1 e5 b2", "a7", "a1 a4 b6 c5 d7 g7"},
        /* no jumping: a piece stops the run, own or not */
        {"a7 a4 f2 e4", "d7 c5 b2", "a7", "b6"},
        /* a side midpoint: along its lines only, no turning, no diagonal */
        {"d7 f2 e3 c3", "g1 b4 e4", "d7", "a7 d5 d6 g7"},
        /* a corner of the middle ring: the diagonal both ways */
        {"b2 g7 a4 e4", "d7 g1 c5", "b2", "a1 b4 b6 c3 d2 f2"},
        {"b2 g7 a4 e4", "d2 g1 c5", "b2", "a1 b4 b6 c3"},
        /* a corner of the inner ring */
        {"c5 g1 d1 f4", "g7 d2 b2", "c5", "a7 b6 c3 c4 d5 e5"},
    };
    morris m;
    morris_open(&m, "variant=rook");
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char got[256];
        morris_setup(&m, cases[i].white, cases[i].black, 0, 0, 0);
        morris_targets(&m, cases[i].from, got, sizeof got);
        ck_assert_msg(strcmp(got, cases[i].targets) == 0, "case %zu: %s, want %s", i, got,
                      cases[i].targets);
    }
    morris_close(&m);
}
END_TEST

START_TEST(lasker_move_or_place)
{
    morris m;
    morris_open(&m, "variant=lasker");
    morris_view v = morris_look(&m);
    ck_assert(v.in_hand[0] == 10 && v.in_hand[1] == 10);
    rules_play(m.r, m.s, "a1 d6");
    ck_assert(rules_is_legal(m.r, m.s, "a1-a4") && rules_is_legal(m.r, m.s, "a4"));
    rules_play(m.r, m.s, "a1-a4");
    v = morris_look(&m);
    ck_assert_int_eq(v.in_hand[0], 9);
    ck_assert_int_eq(v.on_board[0], 1);

    /* Three pieces on the board but some in hand: no flying. */
    morris_reset(&m, "variant=lasker");
    rules_play(m.r, m.s, "a1 d6 d1 b6 g4 f2");
    char to[128];
    morris_targets(&m, "a1", to, sizeof to);
    ck_assert_str_eq(to, "a4");
    ck_assert_int_eq(rules_try(m.r, m.g, m.s, "a1-c5"), -1);

    /* Black keeps one piece on the board by moving it; the double mill takes
     * it and the second removal is dropped: Black, with none on the board,
     * can only place. */
    morris_reset(&m, "variant=lasker");
    rules_play(m.r, m.s, "d7 b6 g7 b6-b4 a4 b4-b6 a1 b6-b4 a7");
    ck_assert_int_eq(morris_look(&m).pending, 2);
    rules_play(m.r, m.s, "xb4");
    v = morris_look(&m);
    ck_assert_int_eq(v.to_move, 1);
    ck_assert_int_eq(v.pending, 0);
    ck_assert_int_eq(v.on_board[1], 0);
    ck_assert_int_eq(rules_num_legal(m.r, m.s), 19);
    morris_close(&m);
}
END_TEST

START_TEST(cross_start_and_first_mill)
{
    morris m;
    morris_open(&m, "variant=cross");
    morris_view v = morris_look(&m);
    /* point order a7 d7 g7 g4 g1 d1 a1 a4 / b6 d6 f6 f4 f2 d2 b2 b4 / c5 d5 e5 e4 e3 d3 c3 c4 */
    ck_assert_str_eq(v.board, "B.W.B.W.B.W.B.W.B.W.B.W.");
    ck_assert(v.in_hand[0] == 0 && v.in_hand[1] == 0);
    ck_assert_int_eq(v.to_move, 0);
    int32_t legal[64];
    int n = m.r->legal_actions(m.s, legal, 64);
    for (int i = 0; i < n; i++)
        ck_assert_int_lt(legal[i], 600); /* moves only */
    rules_play(m.r, m.s, "f6-d6 g1-g4 e5-d5 g4-g1");
    ck_assert(!morris_look(&m).terminal);
    rules_play(m.r, m.s, "g7-d7"); /* d7-d6-d5 */
    v = morris_look(&m);
    ck_assert(v.terminal);
    ck_assert_str_eq(v.end, "mill");
    ck_assert(v.returns[0] == 1 && v.returns[1] == -1);
    morris_close(&m);
}
END_TEST

void morris_add_variants(Suite *s)
{
    TCase *tc = tcase_create("variants");
    tcase_add_test(tc, knight_targets);
    tcase_add_test(tc, knight_double_mill_with_a_repeat);
    tcase_add_test(tc, rook_slides);
    tcase_add_test(tc, lasker_move_or_place);
    tcase_add_test(tc, cross_start_and_first_mill);
    suite_add_tcase(s, tc);
}
