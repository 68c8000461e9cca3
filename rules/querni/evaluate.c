/* evaluate.c -- a heuristic value of a querni position (rules.h: evaluate),
 * for search bots that stop playouts early: random playouts end in the quiet
 * draw more often than not and never find the plan that wins (link
 * consecutive numbers, remove the chains, clear the board).
 *
 * A seat's progress:
 *  - 2 a tile it has removed (a chain of three then outweighs the two links
 *    it breaks, so removing is worth it);
 *  - 1 a linked pair of consecutive numbers on the board, less 1/4 a step of
 *    distance between consecutive numbers not linked (closing in);
 *  - less 1/2 a step still missing in the nearest chain it could remove
 *    without stranding numbers (the next removal, which also resets the
 *    quiet count: without it the moves that close in on a pair and leave
 *    another look alike);
 *  - less 1 for every run of 4 and 2 for every run of 5 consecutive numbers
 *    left (such a run goes only as one chain of all of it, since removing
 *    three of it strands the rest: taking 6-8 out of 1-16 leaves 1-5).
 * The value is a sigmoid of the difference of the two seats' progress,
 * d / (1 + |d|) (no libm needed). */
#include <stdlib.h>

#include "querni.h"

#define QU_EVAL_REMOVED 2.0
#define QU_EVAL_LINK 1.0
#define QU_EVAL_STEP 0.25
#define QU_EVAL_NEAREST 0.5
#define QU_EVAL_SCALE 4.0 /* a lead of this much progress is worth a value of 0.75 */
static const double run_cost[6] = {0, 0, 0, 0, 1.0, 2.0};

/* King moves between tiles n and n + 1 of seat, less one (0: linked), or
 * -1 when either is off the board. */
static int gap(const arena_state *s, int seat, int n)
{
    int a = s->where[seat][n], b = s->where[seat][n + 1];
    if (a == QU_OFF || b == QU_OFF) return -1;
    int dc = abs(a % QU_COLS - b % QU_COLS), dr = abs(a / QU_COLS - b / QU_COLS);
    return (dc > dr ? dc : dr) - 1;
}

/* Whether a part of a run left beside a removal is no stranded run. */
static int part_ok(int len)
{
    return len == 0 || len >= QU_MIN_CHAIN;
}

static double progress(const arena_state *s, int seat)
{
    double p = QU_EVAL_REMOVED * (QU_TILES - s->left[seat]);
    int g[QU_TILES + 1];
    for (int n = 1; n < QU_TILES; n++) {
        g[n] = gap(s, seat, n);
        if (g[n] >= 0) p += g[n] == 0 ? QU_EVAL_LINK : -QU_EVAL_STEP * g[n];
    }
    /* Runs [a, b] of numbers on the board: their cost, and in each the
     * removable windows [lo, hi] with the steps missing to link them. */
    int nearest = -1;
    for (int a = 1; a <= QU_TILES;) {
        if (s->where[seat][a] == QU_OFF) {
            a++;
            continue;
        }
        int b = a;
        while (b < QU_TILES && s->where[seat][b + 1] != QU_OFF)
            b++;
        if (b - a + 1 < 6) p -= run_cost[b - a + 1];
        for (int lo = a; lo + 2 <= b; lo++) {
            if (!part_ok(lo - a)) continue;
            int missing = 0;
            for (int hi = lo + 1; hi <= b; hi++) {
                missing += g[hi - 1];
                if (hi - lo + 1 >= QU_MIN_CHAIN && part_ok(b - hi) &&
                    (nearest < 0 || missing < nearest))
                    nearest = missing;
            }
        }
        a = b + 1;
    }
    if (nearest > 0) p -= QU_EVAL_NEAREST * nearest;
    return p;
}

void qu_evaluate(const arena_state *s, double *out)
{
    double d = (progress(s, 0) - progress(s, 1)) / QU_EVAL_SCALE;
    out[0] = 0.5 + 0.5 * d / (1.0 + (d < 0 ? -d : d));
    out[1] = 1.0 - out[0];
}
