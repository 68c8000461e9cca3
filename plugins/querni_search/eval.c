/* eval.c -- the evaluation of querni_search: how far each side is from
 * clearing its tiles, in moves.
 *
 * A player wins by removing every tile, in chains of three or more, without
 * ever leaving a run of one or two numbers. So each run of remaining numbers
 * (4..9, say) has to be cut into pieces of three or more consecutive numbers,
 * and each piece linked tile to tile: every missing link needs one of its two
 * tiles moved (jumps carry tiles far, so one move each, a little more when the
 * tiles are far apart). The cheapest cut and choice of tiles to move is a small
 * dynamic programme along the run (run_moves). Tiles still on the board cost a
 * little each, so that removing a linked piece pays. */
#include <stdlib.h>

#include "search.h"

#define LINK_MOVE 8 /* a tile to move: one move */
#define TILE_LEFT 2 /* a tile still on the board */
#define FAR_STEP 1  /* each square a missing link spans beyond two */
#define FAR_CAP 6

static int dist(const arena_state *s, int seat, int m, int n)
{
    int a = s->where[seat][m], b = s->where[seat][n];
    int dc = abs(a % QU_COLS - b % QU_COLS), dr = abs(a / QU_COLS - b / QU_COLS);
    return dc > dr ? dc : dr;
}

/* The moves a run lo..hi needs: it is cut into pieces of three or more, and
 * in each piece every missing link needs one of its two tiles moved. A moved
 * tile fixes the links on both its sides when its two neighbours are close
 * enough for one square to touch both (two squares apart at most); otherwise
 * it counts twice. A dynamic programme along the run, its state the length of
 * the current piece (1, 2, 3 or more) and whether the last tile moves. */
static int run_moves(const arena_state *s, int seat, int lo, int hi)
{
    enum { BIG = 1 << 28 };
    int cost[3][2], next[3][2];
    for (int l = 0; l < 3; l++)
        cost[l][0] = cost[l][1] = BIG;
    cost[0][0] = 0;
    cost[0][1] = LINK_MOVE;
    for (int k = lo; k < hi; k++) {
        int d = dist(s, seat, k, k + 1), broken = d > 1;
        int far = broken ? FAR_STEP * (d - 2 < FAR_CAP ? d - 2 : FAR_CAP) : 0;
        int wide = k > lo && dist(s, seat, k - 1, k + 1) > 2;
        for (int l = 0; l < 3; l++)
            next[l][0] = next[l][1] = BIG;
        for (int l = 0; l < 3; l++)
            for (int m = 0; m < 2; m++) {
                int c = cost[l][m];
                if (c >= BIG) continue;
                for (int m2 = 0; m2 < 2; m2++) {
                    int add = m2 ? LINK_MOVE : 0;
                    if (l == 2 && c + add < next[0][m2]) next[0][m2] = c + add; /* new piece */
                    if (broken && !m && !m2) continue;
                    int extra = m && l >= 1 && wide ? LINK_MOVE : 0;
                    int l2 = l < 2 ? l + 1 : 2, v = c + add + far + extra;
                    if (v < next[l2][m2]) next[l2][m2] = v;
                }
            }
        for (int l = 0; l < 3; l++)
            cost[l][0] = next[l][0], cost[l][1] = next[l][1];
    }
    return cost[2][0] < cost[2][1] ? cost[2][0] : cost[2][1];
}

int qs_cost(const arena_state *s, int seat)
{
    int cost = TILE_LEFT * s->left[seat];
    for (int n = 1; n <= QU_TILES;) {
        if (s->where[seat][n] == QU_OFF) {
            n++;
            continue;
        }
        int hi = n;
        while (hi < QU_TILES && s->where[seat][hi + 1] != QU_OFF)
            hi++;
        cost += run_moves(s, seat, n, hi);
        n = hi + 1;
    }
    return cost;
}

int qs_eval(const arena_state *s, int seat)
{
    return qs_cost(s, seat ^ 1) - qs_cost(s, seat);
}

int32_t qs_best_removal(const arena_state *s, int *cost_after)
{
    int32_t legal[QU_TILES * QU_TILES + 1];
    int n = qu_legal_actions(s, legal, QU_TILES * QU_TILES + 1), seat = s->to_move;
    int32_t best = QU_ACT_PASS;
    int best_cost = qs_cost(s, seat);
    for (int i = 0; i < n; i++) {
        if (legal[i] == QU_ACT_PASS) continue;
        int k = legal[i] - QU_ACT_REMOVE, lo = k / QU_TILES + 1, hi = k % QU_TILES + 1;
        if (hi - lo + 1 == s->left[seat]) { /* the last tiles: a win */
            *cost_after = 0;
            return legal[i];
        }
        if (qu_removal_strands(s, seat, lo, hi)) continue;
        arena_state t = *s;
        for (int m = lo; m <= hi; m++) {
            t.board[t.where[seat][m]] = 0;
            t.where[seat][m] = QU_OFF;
        }
        t.left[seat] = (uint8_t)(t.left[seat] - (hi - lo + 1));
        int c = qs_cost(&t, seat);
        if (c < best_cost) {
            best_cost = c;
            best = legal[i];
        }
    }
    *cost_after = best_cost;
    return best;
}
