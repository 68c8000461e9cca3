/* board.c -- morris geometry for the greedy bot's choice of removal.
 *
 * The rule module owns the real board; the bot only needs this much to read
 * the observation's 24 board bytes. Points are indexed ring * 8 + pos, rings
 * outer to inner, pos clockwise from the top-left corner, as in
 * docs/rules/morris.md. The bot checks that this order agrees with the rule
 * module (see greedy.c) before trusting it. */
#include <string.h>

#include "board.h"

static const char *const point_names[BOARD_POINTS] = {
    "a7", "d7", "g7", "g4", "g1", "d1", "a1", "a4", /* ring 0 */
    "b6", "d6", "f6", "f4", "f2", "d2", "b2", "b4", /* ring 1 */
    "c5", "d5", "e5", "e4", "e3", "d3", "c3", "c4", /* ring 2 */
};

/* The 16 mill lines: 4 sides per ring, then the 4 cross lines through the
 * side midpoints (pos 1, 3, 5, 7 of every ring). */
static const uint8_t lines[16][3] = {
    {0, 1, 2},    {2, 3, 4},   {4, 5, 6},    {6, 7, 0},    {8, 9, 10},   {10, 11, 12},
    {12, 13, 14}, {14, 15, 8}, {16, 17, 18}, {18, 19, 20}, {20, 21, 22}, {22, 23, 16},
    {1, 9, 17},   {3, 11, 19}, {5, 13, 21},  {7, 15, 23},
};

int board_point(const char *name)
{
    for (int i = 0; i < BOARD_POINTS; i++)
        if (strcmp(point_names[i], name) == 0) return i;
    return -1;
}

int board_in_almost_mill(const uint8_t *board, int point, uint8_t colour)
{
    for (int l = 0; l < 16; l++) {
        int own = 0, empty = 0, on_line = 0;
        for (int k = 0; k < 3; k++) {
            uint8_t p = lines[l][k];
            on_line |= p == point;
            own += board[p] == colour;
            empty += board[p] == 0;
        }
        if (on_line && own == 2 && empty == 1) return 1;
    }
    return 0;
}
