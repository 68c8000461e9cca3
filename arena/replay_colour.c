/* replay_colour.c -- ANSI colours for the text boards of `arena replay`. */
#include "replay_colour.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SEAT0 "\033[1;33m" /* White / seat 0: bold yellow */
#define SEAT1 "\033[1;36m" /* Black / seat 1: bold cyan */
#define BALL "\033[1;31m"
#define DRAWN "\033[34m"
#define DIM "\033[2m"
#define RESET "\033[0m"

int replay_colour_wanted(FILE *f)
{
    const char *no = getenv("NO_COLOR");
    return isatty(fileno(f)) && !(no && no[0]);
}

/* The colour of the token starting at s (its length in *len), or NULL. */
typedef const char *(*token_colour)(const char *s, size_t *len);

static const char *grid(const char *s, size_t *len)
{
    *len = 1;
    return strchr("|-+", *s) ? DIM : NULL;
}

static const char *morris(const char *s, size_t *len)
{
    *len = 1;
    /* the pieces are the W and B on the board lines, not in words */
    int alone = !isalpha((unsigned char)s[1]) && s[1] != '(' && s[1] != ')';
    if (*s == 'W' && alone) return SEAT0;
    if (*s == 'B' && alone) return SEAT1;
    return grid(s, len);
}

static const char *soccer(const char *s, size_t *len)
{
    *len = 1;
    if (*s == '@') return BALL;
    if (*s == '/' || *s == '\\') return DRAWN;
    return grid(s, len);
}

/* "w12", "b3": a tile of seat 0 or 1 */
static const char *querni(const char *s, size_t *len)
{
    if ((*s == 'w' || *s == 'b') && isdigit((unsigned char)s[1])) {
        *len = 1 + strspn(s + 1, "0123456789");
        return *s == 'w' ? SEAT0 : SEAT1;
    }
    return grid(s, len);
}

/* lower case: a mark found by the opponent; '-': a miss */
static const char *rugby(const char *s, size_t *len)
{
    *len = 1;
    if (strchr("opxakdmg", *s) && !isalpha((unsigned char)s[1])) return SEAT0;
    if (*s == '-' && s[1] == ' ') return DIM;
    return NULL;
}

static const struct {
    const char *game;
    token_colour colour;
} games[] = {
    {"morris", morris},
    {"soccer", soccer},
    {"querni", querni},
    {"rugby", rugby},
};

void replay_colour_board(FILE *out, const char *game, const char *text)
{
    token_colour colour = grid;
    for (size_t i = 0; game && i < sizeof games / sizeof *games; i++)
        if (!strcmp(games[i].game, game)) colour = games[i].colour;
    const char *s = text;
    while (*s) {
        /* a word is never a piece: copy letters in runs, but look at each
         * run's start so "w12" or a lone "W" is still seen */
        size_t len = 1;
        int word_inside = s > text && isalpha((unsigned char)s[-1]);
        const char *c = word_inside ? NULL : colour(s, &len);
        if (c) {
            fputs(c, out);
            fwrite(s, 1, len, out);
            fputs(RESET, out);
        } else {
            fwrite(s, 1, len, out);
        }
        s += len;
    }
}
