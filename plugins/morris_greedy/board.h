/* board.h -- the morris board as the greedy bot sees it: 24 points named in
 * the notation of docs/rules/morris.md, the 16 mill lines, almost-mills. */
#ifndef GREEDY_BOARD_H
#define GREEDY_BOARD_H

#include <stddef.h>
#include <stdint.h>

#define BOARD_POINTS 24

/* Point index (ring * 8 + pos, the order of the observation's board bytes) of a
 * name like "g7", or -1. */
int board_point(const char *name);

/* True when the piece of `colour` on `point` is one of two `colour` pieces on a
 * mill line whose third point is empty: a mill one move from closing. */
int board_in_almost_mill(const uint8_t *board, int point, uint8_t colour);

#endif
