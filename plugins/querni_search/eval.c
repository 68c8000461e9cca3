/* eval.c -- the evaluation of querni_search: how far each side is from
 * clearing its tiles.
 *
 * A player wins by removing every tile, in chains of three or more, without
 * ever leaving a run of one or two numbers. So each run of remaining numbers
 * (4..9, say) has to be cut into pieces of three or more consecutive numbers,
 * and each piece linked tile to tile. A link that is missing costs about one
 * move (jumps carry tiles far), a little more when the tiles are far apart;
 * the cheapest cut of each run is a small dynamic programme. Tiles still on
 * the board cost a little each, so that removing a linked piece pays. */
#include <stdlib.h>

#include "search.h"

#define LINK_MOVE 8   /* a missing link: one move, about */
#define TILE_LEFT 3   /* a tile still on the board */
#define FAR_STEP 1    /* each square of distance beyond two */
#define FAR_CAP 6

static int pair_cost(const arena_state *s, int seat, int n)
{
    int a = s->where[seat][n], b = s->where[seat][n + 1];
    int dc = abs(a % QU_COLS - b % QU_COLS), dr = abs(a / QU_COLS - b / QU_COLS);
    int d = dc > dr ? dc : dr;
    if (d <= 1) return 0;
    int far = d - 2 < FAR_CAP ? d - 2 : FAR_CAP;
    return LINK_MOVE + FAR_STEP * far;
}

/* Cheapest cut of the run lo..hi into pieces of three or more, each piece
 * paying for its missing links. */
static int run_cost(const arena_state *s, int seat, int lo, int hi)
{
    int pc[QU_TILES + 1], best[QU_TILES + 2];
    for (int n = lo; n < hi; n++)
        pc[n] = pair_cost(s, seat, n);
    /* best[i]: numbers lo..i-1 covered; best[lo] = 0 */
    best[lo] = 0;
    for (int i = lo + 1; i <= hi + 1; i++) {
        best[i] = 1 << 28;
        /* the last piece is j..i-1, of length i - j >= 3 */
        int links = 0;
        for (int j = i - 1; j >= lo; j--) {
            if (j < i - 1) links += pc[j];
            if (i - j >= QU_MIN_CHAIN && best[j] + links < best[i]) best[i] = best[j] + links;
        }
    }
    return best[hi + 1];
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
        cost += run_cost(s, seat, n, hi);
        n = hi + 1;
    }
    return cost;
}

int qs_eval(const arena_state *s, int seat)
{
    return qs_cost(s, seat ^ 1) - qs_cost(s, seat);
}

int32_t qs_best_removal(const arena_state *s)
{
    int32_t legal[QU_TILES * QU_TILES + 1];
    int n = qu_legal_actions(s, legal, QU_TILES * QU_TILES + 1), seat = s->to_move;
    int32_t best = QU_ACT_PASS;
    int best_cost = qs_cost(s, seat);
    for (int i = 0; i < n; i++) {
        if (legal[i] == QU_ACT_PASS) continue;
        int k = legal[i] - QU_ACT_REMOVE, lo = k / QU_TILES + 1, hi = k % QU_TILES + 1;
        if (hi - lo + 1 == s->left[seat]) return legal[i]; /* the last tiles: a win */
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
    return best;
}
