/* render.c -- the two boards side by side as one seat sees them (-1: both
 * whole), then the setup progress or the scores and whose guess it is.
 * A mark is its letter, '.' an empty field; a guessed field is in lower case,
 * '-' for a miss; '?' a field the viewer cannot see; '*' marks the viewer's
 * own board. */
#include <ctype.h>

#include "arena/module_kit.h"
#include "rugby.h"

static const char *const end_phrases[RG_ENDS] = {
    [RG_END_NONE] = "",
    [RG_END_TARGET] = "target reached",
    [RG_END_ALL_GUESSED] = "all fields guessed",
};

const char *rg_end_phrase(int end)
{
    return end >= 0 && end < RG_ENDS ? end_phrases[end] : "";
}

static char field_char(const arena_state *s, int seat, int b, int f)
{
    int mark = seat < 0 ? s->board[b][f] : rg_seen(s, seat, b, f);
    if (mark == RG_UNKNOWN) return '?';
    if (!s->guessed[b][f]) return rg_mark_letter(mark);
    return mark == RG_EMPTY ? '-' : (char)tolower((unsigned char)rg_mark_letter(mark));
}

static void board_row(arena_text *t, const arena_state *s, int seat, int b, int row)
{
    arena_text_add(t, "%2d ", row);
    for (int c = 0; c < RG_COLS; c++)
        arena_text_add(t, " %c", field_char(s, seat, b, rg_field(row, c)));
}

static void boards(arena_text *t, const arena_state *s, int seat)
{
    /* '*' marks the viewer's board; every view has the same length */
    arena_text_add(t, "  %cseat 0                 %cseat 1\n", seat == 0 ? '*' : ' ',
                   seat == 1 ? '*' : ' ');
    arena_text_add(t, "    A B C D E F G          A B C D E F G\n");
    for (int row = 1; row <= RG_ROWS; row++) {
        board_row(t, s, seat, 0, row);
        arena_text_add(t, "       ");
        board_row(t, s, seat, 1, row);
        arena_text_add(t, "\n");
        if (row == 3 || row == 12) arena_text_add(t, "    -------------          -------------\n");
    }
}

static void status(arena_text *t, const arena_state *s)
{
    int full = rg_marks_per_board(s->cfg.tries);
    if (s->phase == RG_PHASE_SETUP) {
        int k = s->placed[s->to_move];
        arena_text_add(t, "Setup%s: seat %d places %c, mark %d of %d\n",
                       s->cfg.setup == RG_SETUP_RANDOM ? " (random)" : "", s->to_move,
                       rg_mark_letter(rg_seq_mark(s->cfg.tries, k)), k + 1, full);
        return;
    }
    arena_text_add(t, "Score: seat 0 %d, seat 1 %d (target %d); guesses %d and %d\n", s->score[0],
                   s->score[1], s->cfg.target, s->guesses[0], s->guesses[1]);
    if (s->phase == RG_PHASE_PLAY) {
        arena_text_add(t, "Seat %d to guess", s->to_move);
        if (s->bonus) arena_text_add(t, " (%d bonus guesses left)", s->bonus);
        arena_text_add(t, "\n");
    } else if (s->winner >= 0) {
        arena_text_add(t, "Game over: seat %d wins (%s)\n", s->winner, rg_end_phrase(s->end));
    } else {
        arena_text_add(t, "Game over: a draw (%s)\n", rg_end_phrase(s->end));
    }
}

size_t rg_render(const arena_state *s, int seat, char *buf, size_t cap)
{
    arena_text t;
    arena_text_init(&t, buf, cap);
    boards(&t, s, seat);
    status(&t, s);
    arena_text_add(&t,
                   "O 5  P 2  A 1  K 3  D 3  M 1  G 10  X black; found in lower case, - a miss\n");
    return arena_text_len(&t);
}
