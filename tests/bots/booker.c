/* booker.c -- a bot with a data directory (BOT.d beside BOT.so, the jail's
 * /bot.d and its working directory): create() reads two numbers, one from
 * book.txt and one from chapter/page.txt, and refuses the game without them;
 * it then always plays legal[(book + page) % num_legal], so its games show
 * which data it read. For the data directory locally and on seat hosts. */
#include <stdio.h>

#include "evil.h"

typedef struct booker {
    evil_bot base;
    long sum;
} booker;

static int read_number(const char *path, long *out)
{
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    int ok = fscanf(f, "%ld", out) == 1;
    fclose(f);
    return ok ? 0 : -1;
}

static void *booker_create(const arena_bot_setup *setup, char *err, size_t errlen)
{
    long book, page;
    if (read_number("book.txt", &book) || read_number("chapter/page.txt", &page)) {
        snprintf(err, errlen, "booker: no book.txt and chapter/page.txt in its data directory");
        return NULL;
    }
    booker *b = calloc(1, sizeof *b);
    if (!b) return NULL;
    b->base.seat = setup->seat;
    b->sum = book + page;
    fprintf(stderr, "booker: book %ld, page %ld\n", book, page);
    return b;
}

static int32_t booker_act(void *bot, const arena_turn *turn)
{
    booker *b = bot;
    return turn->legal[b->sum % turn->num_legal];
}

ARENA_BOT("booker", "1.0", "tests", "*", booker_create, booker_act, NULL, evil_destroy)
