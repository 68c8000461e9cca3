/* board.c -- El Querni's geometry and the pure questions asked of a position:
 * where a tile can go (steps and jump chains), which runs of tiles form a
 * chain that may be removed, and whether a seat's numbers are stranded. */
#include <string.h>

#include "querni.h"

static const int dcol[8] = {-1, 0, 1, -1, 1, -1, 0, 1};
static const int drow[8] = {-1, -1, -1, 0, 0, 1, 1, 1};

int qu_square(int col, int row)
{
    if (col < 0 || col >= QU_COLS || row < 0 || row >= QU_ROWS) return -1;
    return row * QU_COLS + col;
}

/* Start squares: rows 2, 3 (seat 0) or 5, 6 (seat 1), columns a-d and g-j. */
int qu_is_start(int seat, int square)
{
    if (square < 0 || square >= QU_SQUARES) return 0;
    int col = square % QU_COLS, row = square / QU_COLS;
    if (col == 4 || col == 5) return 0;
    return seat == 0 ? row == 1 || row == 2 : row == 4 || row == 5;
}

static void set_bit(uint64_t set[2], int i)
{
    set[i >> 6] |= (uint64_t)1 << (i & 63);
}

/* The tile is lifted from `from` for the whole move (the page's Decision), so
 * `from` is empty both as a square jumped over and as a landing square. Jump
 * chains are a search over landing squares: a square reached once has all its
 * continuations explored, whatever the path, and any path may recross
 * squares and tiles, so the reachable set is exactly the end squares. */
void qu_reach(const arena_state *s, int from, uint64_t out[2])
{
    uint64_t seen[2] = {0, 0};
    int stack[QU_SQUARES], top = 0;
    out[0] = out[1] = 0;
    int fc = from % QU_COLS, fr = from / QU_COLS;
    for (int d = 0; d < 8; d++) {
        int to = qu_square(fc + dcol[d], fr + drow[d]);
        if (to >= 0 && s->board[to] == 0) set_bit(out, to);
    }
    set_bit(seen, from);
    stack[top++] = from;
    while (top > 0) {
        int p = stack[--top], pc = p % QU_COLS, pr = p / QU_COLS;
        for (int d = 0; d < 8; d++) {
            int mid = qu_square(pc + dcol[d], pr + drow[d]);
            int land = qu_square(pc + 2 * dcol[d], pr + 2 * drow[d]);
            if (mid < 0 || land < 0 || mid == from || s->board[mid] == 0) continue;
            if ((land != from && s->board[land] != 0) || qu_bit(seen, land)) continue;
            set_bit(seen, land);
            stack[top++] = land;
        }
    }
    /* every landing square but the start is an end square */
    seen[from >> 6] &= ~((uint64_t)1 << (from & 63));
    out[0] |= seen[0];
    out[1] |= seen[1];
}

int qu_linked(const arena_state *s, int seat, int n)
{
    if (n < 1 || n >= QU_TILES) return 0;
    int a = s->where[seat][n], b = s->where[seat][n + 1];
    if (a == QU_OFF || b == QU_OFF) return 0;
    int dc = a % QU_COLS - b % QU_COLS, dr = a / QU_COLS - b / QU_COLS;
    return dc >= -1 && dc <= 1 && dr >= -1 && dr <= 1;
}

int qu_run_ok(const arena_state *s, int seat, int lo, int hi)
{
    if (lo < 1 || hi > QU_TILES || hi - lo < QU_MIN_CHAIN - 1) return 0;
    if (s->where[seat][lo] == QU_OFF) return 0;
    for (int n = lo; n < hi; n++)
        if (!qu_linked(s, seat, n)) return 0;
    return 1;
}

/* Judged from the numbers alone (the page: not from board positions). */
int qu_stranded(const arena_state *s, int seat)
{
    int run = 0;
    for (int n = 1; n <= QU_TILES + 1; n++) {
        if (n <= QU_TILES && s->where[seat][n] != QU_OFF) {
            run++;
            continue;
        }
        if (run > 0 && run < QU_MIN_CHAIN) return 1;
        run = 0;
    }
    return 0;
}

void qu_next_tile(const arena_state *s, int *seat, int *tile)
{
    *seat = s->placed >= QU_TILES;
    *tile = s->placed % QU_TILES + 1;
}

int qu_index(arena_state *s)
{
    memset(s->where, QU_OFF, sizeof s->where);
    s->left[0] = s->left[1] = 0;
    for (int sq = 0; sq < QU_SQUARES; sq++) {
        int8_t c = s->board[sq];
        if (c == 0) continue;
        if (c < -QU_TILES || c > QU_TILES) return -1;
        int seat = qu_seat_of(c), n = c > 0 ? c : -c;
        if (s->where[seat][n] != QU_OFF) return -1;
        s->where[seat][n] = (int8_t)sq;
        s->left[seat]++;
    }
    return 0;
}

int qu_links(const arena_state *s, int seat)
{
    int links = 0;
    for (int n = 1; n < QU_TILES; n++)
        links += qu_linked(s, seat, n);
    return links;
}

int qu_removal_strands(const arena_state *s, int seat, int lo, int hi)
{
    /* Only the runs beside the removed one change: the numbers just below lo
     * and just above hi (the others were runs of three or more already). */
    int below = 0, above = 0;
    for (int n = lo - 1; n >= 1 && s->where[seat][n] != QU_OFF; n--)
        below++;
    for (int n = hi + 1; n <= QU_TILES && s->where[seat][n] != QU_OFF; n++)
        above++;
    return (below > 0 && below < QU_MIN_CHAIN) || (above > 0 && above < QU_MIN_CHAIN);
}
