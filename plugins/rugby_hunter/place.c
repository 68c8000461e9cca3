/* place.c -- rugby_hunter's own layout, laid out to be hard to find for a
 * guesser that reasons like the hunter (a map of where marks can still be):
 *  - the tries go to columns with the fewest tries so far, so that each
 *    conversion is one of three fields of its column, never a sure thing;
 *  - the black fields of the 10-metre zone go to columns that hold a
 *    conversion, where a guesser who has found a try looks next;
 *  - the kicks, drop goals, scrums and gold ball go to the inner columns C-E
 *    (27 fields for 19 marks): the touchlines also hold the lineouts, so a
 *    map rates them a little higher and guessers try them first.
 * Among equally good fields it draws at random. */
#include "hunter.h"

#define M(x) ARENA__RUGBY__MARK__MARK_##x

static int column_count(const hv_view *v, int col, int mark)
{
    int n = 0;
    for (int row = 1; row <= HV_ROWS; row++)
        n += v->marks[v->seat][(row - 1) * HV_COLS + col] == mark;
    return n;
}

/* Higher is better for the next mark on field f. */
static int merit(const hv_view *v, int f)
{
    int col = hv_col(f);
    switch (v->next_mark) {
    case M(O):
        return -column_count(v, col, M(O));
    case M(X):
        return hv_row(f) >= 13 && column_count(v, col, M(P)) > 0;
    case M(K):
    case M(D):
    case M(M):
    case M(G):
        return col >= 2 && col <= 4;
    default:
        return 0;
    }
}

int32_t hp_place(const hv_view *v, const int32_t *legal, int n, arena_rng *rng)
{
    int best = -1000, ties = 0;
    int32_t choice = legal[0];
    for (int i = 0; i < n; i++) {
        if (legal[i] < HV_ACT_PLACE) continue;
        int score = merit(v, (legal[i] - HV_ACT_PLACE) % HV_FIELDS);
        if (score > best) {
            best = score;
            ties = 1;
            choice = legal[i];
        } else if (score == best && arena_rng_below(rng, (uint32_t)++ties) == 0) {
            choice = legal[i];
        }
    }
    return choice;
}
