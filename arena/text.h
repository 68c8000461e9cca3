/* text.h -- making text that a bot supplies safe to show anywhere.
 *
 * A bot's name, version, author, games list, options help and refusal
 * message reach tables, listings, progress lines, the terminal, JSON, CSV and
 * the database. Each goes through text_clean first, the one place that
 * decides what a bot may say: printable ASCII and well-formed UTF-8 of
 * printable characters stay; control characters (escape sequences, newlines
 * that would forge a line, C1 controls such as U+009B, the bidirectional
 * controls such as U+202E that would show a line backwards, and invisible
 * characters such as U+200B or the tag characters that hide text),
 * malformed UTF-8 and bytes past the cap become '?' (one per byte) or are
 * cut. */
#ifndef ARENA_TEXT_H
#define ARENA_TEXT_H

#include <stddef.h>

/* Caps, in bytes, for what a bot says about itself. */
#define TEXT_MAX_NAME 64
#define TEXT_MAX_GAMES 256
#define TEXT_MAX_MESSAGE 300
#define TEXT_MAX_HELP 4096 /* options_help: a line per option */

/* Cleans s in place and cuts it to at most max bytes (at a character
 * boundary). Returns s. */
char *text_clean(char *s, size_t max);
/* The same for text of several lines (a bot's options_help): each '\n'
 * stays a line break, everything else is cleaned as text_clean does. */
char *text_clean_lines(char *s, size_t max);
/* A bot's name and version, which make its label (label.h: name,
 * name@version, name@<sha8>, then #k; name[options] with options): only
 * ASCII letters, digits and . _ - + stay, any other character (a label's
 * own '@', '#', '[' and ']', a space, a look-alike letter of another
 * script, a control) becomes one '_', and so does a leading '-' or '+' (an
 * option on a command line, a formula in a spreadsheet). So no bot can take
 * another's label: "mcts@1.0" declared as a name is mcts_1.0, never the
 * label of mcts 1.0. */
char *text_clean_name(char *s, size_t max);

/* Copies s ("" for NULL) into dst of size bytes (> 0), cut to fit, always
 * terminated; dst. What snprintf(dst, size, "%s", s) does, at a tenth of its
 * cost, for the copies made every match. */
char *text_copy(char *dst, size_t size, const char *s);

/* Whether s[0..len) is a decimal number as typed: digits with at most one
 * '.', at least one digit, nothing else (no sign, space, hex, exponent, inf
 * or nan, which strtod takes). The lexical rule of every real-valued input
 * (--tc's seconds, --elo0, --anchor NAME=ELO); strtod converts what passes. */
int text_is_decimal(const char *s, size_t len);

/* A malloc'd copy of s, "" for NULL (NULL only without memory). */
char *text_dup(const char *s);

#endif
