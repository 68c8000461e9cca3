/* pitch.c -- the geometry of the pitch: where a step lands, and the steps that
 * are blocked at the start (pre-drawn border, posts and net; steps off the
 * pitch or through a post). */
#include "soccer_pitch.h"

const int8_t so_dx[SO_DIRS] = {0, 1, 1, 1, 0, -1, -1, -1};
const int8_t so_dy[SO_DIRS] = {1, 1, 0, -1, -1, -1, 0, 1};

/* Entering a goal from (x, edge) to (nx, behind): only from a mouth point to a
 * goal point, and from a post only diagonally inward (straight down would run
 * along the post, outward would cross it). */
static int goal_entry_ok(const so_dims *d, int x, int nx)
{
    int lo = so_mouth_lo(d), hi = so_mouth_hi(d);
    if (x < lo || x > hi || nx < lo || nx > hi) return 0;
    if ((x == lo || x == hi) && nx == x) return 0; /* the post itself */
    return 1;
}

int so_target(const so_dims *d, int p, int dir)
{
    int w = d->width, h = d->height;
    int x = p % (w + 1), y = p / (w + 1);
    int nx = x + so_dx[dir], ny = y + so_dy[dir];
    if (nx < 0 || nx > w) return SO_OFF;
    if (ny < 0 || ny > h) {
        if (!goal_entry_ok(d, x, nx)) return SO_OFF;
        return ny > h ? SO_GOAL_TOP : SO_GOAL_BOTTOM;
    }
    return ny * (w + 1) + nx;
}

/* A unit segment of the border between two field points, drawn at the start:
 * along a side line, or along a goal line outside the mouth. */
static int border_segment(const so_dims *d, int x, int y, int nx, int ny)
{
    int w = d->width, h = d->height;
    if (x == nx) return (x == 0 || x == w); /* vertical, both ends on a side line */
    if (y != ny || (y != 0 && y != h)) return 0;
    int left = x < nx ? x : nx; /* horizontal on a goal line: the mouth is open */
    return left < so_mouth_lo(d) || left + 1 > so_mouth_hi(d);
}

void so_pitch_start(const so_dims *d, uint8_t *mask)
{
    int n = so_num_points(d), stride = so_stride(d);
    for (int p = 0; p < n; p++) {
        uint8_t m = 0;
        for (int dir = 0; dir < SO_DIRS; dir++) {
            int q = so_target(d, p, dir);
            if (q == SO_OFF)
                m |= (uint8_t)(1u << dir);
            else if (q >= 0 && border_segment(d, p % stride, p / stride, q % stride, q / stride))
                m |= (uint8_t)(1u << dir);
            /* Posts and the back of the net join goal points only, which are
             * never left, so they need no bits: entering through a post is
             * already SO_OFF. */
        }
        mask[p] = m;
    }
}

int so_free_segments(const so_dims *d)
{
    uint8_t mask[SO_MAX_POINTS];
    so_pitch_start(d, mask);
    int n = so_num_points(d), ends = 0, goals = 0;
    for (int p = 0; p < n; p++)
        for (int dir = 0; dir < SO_DIRS; dir++) {
            if (mask[p] & (1u << dir)) continue;
            if (so_target(d, p, dir) >= 0)
                ends++; /* counted from both ends */
            else
                goals++;
        }
    return ends / 2 + goals;
}
