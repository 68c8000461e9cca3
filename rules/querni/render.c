/* render.c -- an El Querni position as text, row 7 at the top (seat 1's side),
 * white tiles (seat 0) as "w7", black as "b7". For example:
 *
 *   querni  turn 4, quiet 3 of 30, tiles left: white 16, black 13
 *          a   b   c   d   e   f   g   h   i   j
 *    7     .   .   .   .   .   .   .   .   .   .   7
 *    6    b4  b9   .  b2   .   .  b1 b16 b15  b6   6
 *   ...
 *   white (seat 0) to move a tile or pass
 */
#include "arena/module_kit.h"
#include "querni.h"

static const char *const end_phrases[QU_ENDS] = {
    [QU_END_NONE] = "",
    [QU_END_CLEARED] = "cleared the board",
    [QU_END_STRANDED] = "stranded tiles",
    [QU_END_QUIET] = "quiet turns",
    [QU_END_CAP] = "turn cap",
};

static const char *const colour[2] = {"white", "black"};

const char *qu_end_phrase(int end)
{
    return end >= 0 && end < QU_ENDS ? end_phrases[end] : "";
}

static void files(arena_text *t)
{
    arena_text_add(t, "    ");
    for (int c = 0; c < QU_COLS; c++)
        arena_text_add(t, "   %c", 'a' + c);
    arena_text_add(t, "\n");
}

static void grid(arena_text *t, const arena_state *s)
{
    files(t);
    for (int row = QU_ROWS - 1; row >= 0; row--) {
        arena_text_add(t, " %d  ", row + 1);
        for (int c = 0; c < QU_COLS; c++) {
            int8_t v = s->board[row * QU_COLS + c];
            if (v == 0)
                arena_text_add(t, "   .");
            else
                arena_text_add(t, "%*s%c%d", v > 9 || v < -9 ? 1 : 2, "", v > 0 ? 'w' : 'b',
                               v > 0 ? v : -v);
        }
        arena_text_add(t, "   %d\n", row + 1);
    }
    files(t);
}

static void status(arena_text *t, const arena_state *s)
{
    int me = s->to_move, seat, tile;
    switch (s->phase) {
    case QU_PHASE_PLACE:
        qu_next_tile(s, &seat, &tile);
        arena_text_add(t, "laying out: %s tile %d is placed next\n", colour[seat], tile);
        break;
    case QU_PHASE_MOVE:
        arena_text_add(t, "%s (seat %d) to move a tile or pass\n", colour[me], me);
        break;
    case QU_PHASE_REMOVE:
        arena_text_add(t, "%s (seat %d) to remove a chain or end the turn\n", colour[me], me);
        break;
    default:
        if (s->winner == QU_NOBODY)
            arena_text_add(t, "draw: %s\n", qu_end_phrase(s->end));
        else
            arena_text_add(t, "%s (seat %d) wins: %s\n", colour[s->winner], s->winner,
                           qu_end_phrase(s->end));
    }
}

size_t qu_render(const arena_state *s, int seat, char *buf, size_t cap)
{
    (void)seat; /* perfect information */
    arena_text t;
    arena_text_init(&t, buf, cap);
    arena_text_add(&t, "querni  turn %u, quiet %u", s->turns + (s->phase != QU_PHASE_OVER),
                   s->quiet);
    if (s->cfg.quiet_turns) arena_text_add(&t, " of %u", s->cfg.quiet_turns);
    arena_text_add(&t, ", tiles left: white %u, black %u\n", s->left[0], s->left[1]);
    grid(&t, s);
    status(&t, s);
    return arena_text_len(&t);
}
