/* render.c -- the pitch as ASCII art: points 4 columns and 2 rows apart, each
 * drawn segment as '-', '|', '/' or '\' ('X' where two diagonals cross) at its
 * middle, the ball as '@', points with a drawn segment as '+', fresh ones as
 * '.'; then whose step it is and the turns in progress and before. */
#include <string.h>

#include "arena/module_kit.h"
#include "soccer.h"

static const char *const end_phrases[SO_END_COUNT] = {
    [SO_END_NONE] = "",
    [SO_END_GOAL] = "goal",
    [SO_END_OWN_GOAL] = "own goal",
    [SO_END_BLOCKED] = "blocked",
};

const char *so_end_phrase(int end)
{
    return end >= 0 && end < SO_END_COUNT ? end_phrases[end] : "";
}

static const char *const side_name[2] = {"White", "Black"};

#define COLS (4 * SO_MAX_SIDE + 1)
#define ROWS (2 * (SO_MAX_SIDE + 2) + 1)

typedef struct canvas {
    char cell[ROWS][COLS + 1];
    int h; /* pitch height: row of (x, y) is 2 * (h + 1 - y) */
} canvas;

static char *at(canvas *c, int col, int row)
{
    return &c->cell[row][col];
}

/* Marks the segment from (x, y) in direction d. */
static void segment(canvas *c, int x, int y, int d)
{
    int dx = so_dx[d], dy = so_dy[d];
    int col = 4 * x + 2 * dx, row = 2 * (c->h + 1 - y) - dy;
    if (dy == 0) {
        for (int k = -1; k <= 1; k++)
            *at(c, col + k, row) = '-';
        return;
    }
    char ch = dx == 0 ? '|' : dx == dy ? '/' : '\\';
    char *cell = at(c, col, row);
    *cell = (*cell == '/' || *cell == '\\') && *cell != ch ? 'X' : ch;
}

/* Posts and back of the net of the goal behind goal line y = edge. */
static void goal_frame(canvas *c, const so_dims *d, int edge, int behind)
{
    int lo = so_mouth_lo(d), hi = so_mouth_hi(d);
    int d_in = behind > edge ? 0 : 4;
    segment(c, lo, edge, d_in);
    segment(c, hi, edge, d_in);
    for (int x = lo; x <= hi; x++) {
        *at(c, 4 * x, 2 * (c->h + 1 - behind)) = '+';
        if (x < hi) segment(c, x, behind, 2);
    }
}

static void draw(canvas *c, const arena_state *s)
{
    const so_dims *d = &s->dims;
    int w = d->width, stride = so_stride(d), rows = 2 * (d->height + 2) + 1;
    c->h = d->height;
    for (int r = 0; r < rows; r++) {
        memset(c->cell[r], ' ', (size_t)(4 * w + 1));
        c->cell[r][4 * w + 1] = '\0';
    }
    goal_frame(c, d, 0, -1);
    goal_frame(c, d, d->height, d->height + 1);
    for (int p = 0; p < so_num_points(d); p++) {
        int x = p % stride, y = p / stride;
        for (int dir = 0; dir < SO_DIRS; dir++) {
            int q = so_target(d, p, dir);
            /* each field segment once (from its lower or left end); goal entries from the field */
            if ((s->mask[p] & (1u << dir)) && q != SO_OFF && (q < 0 || q > p))
                segment(c, x, y, dir);
        }
    }
    for (int p = 0; p < so_num_points(d); p++)
        *at(c, 4 * (p % stride), 2 * (d->height + 1 - p / stride)) = s->mask[p] ? '+' : '.';
    *at(c, 4 * s->ball_x, 2 * (d->height + 1 - s->ball_y)) = '@';
}

/* A row without its trailing blanks. */
static const char *trimmed(char *row)
{
    size_t n = strlen(row);
    while (n > 0 && row[n - 1] == ' ')
        row[--n] = '\0';
    return row;
}

static void status(arena_text *t, const arena_state *s)
{
    char turn[64];
    int mover = s->to_move, other = mover ^ 1;
    if (s->last_len) {
        so_turn_text(s->last, s->last_len, turn, sizeof turn);
        arena_text_add(t, "Last turn (%s): %s\n", side_name[other], turn);
    }
    so_turn_text(s->turn, s->turn_len, turn, sizeof turn);
    if (s->over) {
        arena_text_add(t, "%s played %s. Game over: %s wins (%s)\n", side_name[mover], turn,
                       side_name[s->winner & 1], so_end_phrase(s->end));
    } else {
        arena_text_add(t, "%s to move (attacks the %s goal)", side_name[mover],
                       mover ? "bottom" : "top");
        if (s->turn_len) arena_text_add(t, ", turn so far: %s", turn);
        arena_text_add(t, "\n");
    }
}

size_t so_render(const arena_state *s, int seat, char *buf, size_t cap)
{
    (void)seat; /* perfect information: every seat sees everything */
    canvas c;
    draw(&c, s);
    arena_text t;
    arena_text_init(&t, buf, cap);
    for (int y = s->dims.height + 1; y >= -1; y--) {
        int r = 2 * (s->dims.height + 1 - y);
        arena_text_add(&t, "%3d %s\n", y, trimmed(c.cell[r]));
        if (y > -1) arena_text_add(&t, "    %s\n", trimmed(c.cell[r + 1]));
    }
    arena_text_add(&t, "    ");
    for (int x = 0; x < s->dims.width; x++)
        arena_text_add(&t, "%-4d", x);
    arena_text_add(&t, "%d", s->dims.width);
    arena_text_add(&t, "\nstep %d\n", s->steps);
    status(&t, s);
    return arena_text_len(&t);
}
