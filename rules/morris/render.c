/* render.c -- the board as text, drawn like the rules page's diagram, with the
 * pieces in hand, the side to move and the pending removals below it. */
#include <string.h>

#include "arena/module_kit.h"
#include "morris.h"

static const char *const end_phrases[MO_END_COUNT] = {
    [MO_END_NONE] = "",
    [MO_END_PIECES] = "fewer than three pieces",
    [MO_END_BLOCKED] = "blocked",
    [MO_END_REPETITION] = "repetition",
    [MO_END_QUIET] = "quiet plies",
    [MO_END_TURNS] = "turn cap",
    [MO_END_MILL] = "mill",
};

const char *mo_end_phrase(int end)
{
    return end >= 0 && end < MO_END_COUNT ? end_phrases[end] : "";
}

/* Row r (0 = rank 7) of the drawing; points sit at column 2 + 2 * file. */
static const char grid[13][16] = {
    "7 .-----.-----.", "  |     |     |", "6 | .---.---. |", "  | |   |   | |", "5 | | .-.-. | |",
    "  | | |   | | |", "4 .-.-.   .-.-.", "  | | |   | | |", "3 | | .-.-. | |", "  | |   |   | |",
    "2 | .---.---. |", "  |     |     |", "1 .-----.-----.",
};

static const char *const side_name[2] = {"White", "Black"};

size_t mo_render(const arena_state *s, int seat, char *buf, size_t cap)
{
    (void)seat; /* perfect information: every seat sees everything */
    char rows[13][16];
    memcpy(rows, grid, sizeof rows);
    for (int p = 0; p < MO_POINTS; p++) {
        const char *name = mo_point_name[p];
        char c = s->bb[0] & mo_bit(p) ? 'W' : s->bb[1] & mo_bit(p) ? 'B' : '.';
        rows[('7' - name[1]) * 2][2 + 2 * (name[0] - 'a')] = c;
    }
    arena_text t;
    arena_text_init(&t, buf, cap);
    for (int r = 0; r < 13; r++)
        arena_text_add(&t, "%.15s\n", rows[r]);
    arena_text_add(&t, "  a b c d e f g\n");
    for (int i = 0; i < 2; i++)
        arena_text_add(&t, "%s (%c): %d in hand, %d on board\n", side_name[i], i ? 'B' : 'W',
                       s->hand[i], mo_popcount(s->bb[i]));
    arena_text_add(&t, "%s, ply %d, turn %d, quiet %d\n", mo_variant_name(s->cfg.variant), s->ply,
                   s->turn, s->quiet);
    if (s->over && s->winner == MO_DRAW)
        arena_text_add(&t, "Game over: draw (%s)\n", mo_end_phrase(s->end));
    else if (s->over)
        arena_text_add(&t, "Game over: %s wins (%s)\n", side_name[s->winner & 1],
                       mo_end_phrase(s->end));
    else if (s->pending)
        arena_text_add(&t, "%s to remove %d piece%s\n", side_name[s->to_move], s->pending,
                       s->pending > 1 ? "s" : "");
    else
        arena_text_add(&t, "%s to move\n", side_name[s->to_move]);

    return arena_text_len(&t);
}
