/* replay_colour.h -- a rule module's text board in colour for a terminal:
 * each seat's pieces in its own colour, the ball, found marks, and the grid
 * lines dimmed. Only escape sequences are added: without them the text is
 * the module's render byte for byte.
 *
 * Which characters are pieces is a property of each game's text board
 * (docs/<game>.md shows them), kept in one table in replay_colour.c; a game
 * not in it gets only its grid lines dimmed. */
#ifndef ARENA_REPLAY_COLOUR_H
#define ARENA_REPLAY_COLOUR_H

#include <stdio.h>

/* 1 when output to f should be coloured: a terminal, and NO_COLOR unset. */
int replay_colour_wanted(FILE *f);
/* Writes the board text with ANSI colours for `game`. */
void replay_colour_board(FILE *out, const char *game, const char *text);

#endif
