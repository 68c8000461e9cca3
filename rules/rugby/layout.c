/* layout.c -- the marks of a board: how many of each, their points, the order
 * in which they are placed and where each may go (rules page, "Hidden layout"
 * and "Setup"). */
#include <string.h>

#include "rugby.h"

static const uint8_t points[RG_MARKS] = {
    [RG_O] = 5, [RG_P] = 2, [RG_A] = 1, [RG_K] = 3, [RG_D] = 3, [RG_M] = 1, [RG_G] = 10,
};

int rg_marks_per_board(int tries)
{
    return 2 * tries + RG_FIXED_MARKS;
}

int rg_mark_points(int mark)
{
    return mark > 0 && mark < RG_MARKS ? points[mark] : 0;
}

int rg_mark_count(int tries, int mark)
{
    switch (mark) {
    case RG_O:
    case RG_P:
        return tries;
    case RG_X:
        return 5;
    case RG_G:
        return 1;
    case RG_A:
    case RG_K:
    case RG_D:
    case RG_M:
        return 6;
    default:
        return 0;
    }
}

int rg_total_points(int tries)
{
    int sum = 0;
    for (int m = RG_O; m < RG_MARKS; m++)
        sum += rg_mark_count(tries, m) * points[m];
    return sum;
}

/* The order: tries O, tries P, 2 + 3 X, then 6 each of A, K, D, M and one G. */
int rg_seq_mark(int tries, int k)
{
    if (k < tries) return RG_O;
    if (k < 2 * tries) return RG_P;
    k -= 2 * tries;
    if (k < 5) return RG_X;
    k -= 5;
    static const uint8_t mid[4] = {RG_A, RG_K, RG_D, RG_M};
    return k < 24 ? mid[k / 6] : RG_G;
}

/* The zone the k-th mark belongs to: the first two black fields go to the
 * in-goal, the other three to the 10-metre zone. */
static int seq_zone(int tries, int k)
{
    switch (rg_seq_mark(tries, k)) {
    case RG_O:
        return RG_ZONE_INGOAL;
    case RG_P:
        return RG_ZONE_TEN;
    case RG_X:
        return k - 2 * tries < 2 ? RG_ZONE_INGOAL : RG_ZONE_TEN;
    default:
        return RG_ZONE_MID;
    }
}

static int column_count(const uint8_t *board, int col, int mark)
{
    int n = 0;
    for (int row = 1; row <= RG_ROWS; row++)
        n += board[rg_field(row, col)] == mark;
    return n;
}

int rg_can_place(const uint8_t *board, int tries, int k, int f)
{
    if (k < 0 || k >= rg_marks_per_board(tries) || f < 0 || f >= RG_FIELDS) return 0;
    if (board[f] != RG_EMPTY || rg_zone(f) != seq_zone(tries, k)) return 0;
    int mark = rg_seq_mark(tries, k);
    if (mark == RG_A) return rg_touchline(f);
    if (mark == RG_P) /* "parallel to the try": a column with fewer P than O */
        return column_count(board, rg_col(f), RG_P) < column_count(board, rg_col(f), RG_O);
    return 1;
}

int rg_place_fields(const uint8_t *board, int tries, int k, uint8_t *out)
{
    int n = 0;
    for (int f = 0; f < RG_FIELDS; f++)
        if (rg_can_place(board, tries, k, f)) out[n++] = (uint8_t)f;
    return n;
}

/* Replaying the marks in their order is the whole test: each of the first
 * `placed` marks must find a field of its kind that it may take; the fields
 * are taken in ascending order within a kind, which decides nothing because
 * marks of one kind only exclude each other by occupying fields (and for P,
 * the column counts are the same whichever P comes first). */
int rg_board_valid(const uint8_t *board, int tries, int placed)
{
    if (placed < 0 || placed > rg_marks_per_board(tries)) return 0;
    uint8_t rebuilt[RG_FIELDS];
    memset(rebuilt, RG_EMPTY, sizeof rebuilt);
    int used[RG_FIELDS] = {0};
    for (int k = 0; k < placed; k++) {
        int mark = rg_seq_mark(tries, k), f = 0;
        for (; f < RG_FIELDS; f++)
            if (!used[f] && board[f] == mark && rg_can_place(rebuilt, tries, k, f)) break;
        if (f == RG_FIELDS) return 0;
        used[f] = 1;
        rebuilt[f] = (uint8_t)mark;
    }
    return memcmp(rebuilt, board, RG_FIELDS) == 0;
}
