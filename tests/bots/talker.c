/* talker.c -- a bot that prints a line to stdout with printf on every move
 * and never flushes, as debugging output usually is: the arena must show
 * each line although the bot's stdout is a pipe, where stdio would hold the
 * lines in its buffer and lose them at exit (jail_main.c makes it line
 * buffered). One line to stderr at the start, for comparison. */
#include <stdio.h>
#include <stdlib.h>

#include "arena/bot.h"

typedef struct talker {
    int moves;
} talker;

static void *talker_create(const arena_bot_setup *setup, char *err, size_t errlen)
{
    (void)setup;
    (void)err;
    (void)errlen;
    fprintf(stderr, "talker: to stderr\n");
    return calloc(1, sizeof(talker));
}

static int32_t talker_act(void *bot, const arena_turn *turn)
{
    talker *t = bot;
    printf("talker: move %d\n", ++t->moves);
    return turn->legal[0];
}

static void talker_destroy(void *bot)
{
    free(bot);
}

ARENA_BOT("talker", "1.0", "tests", "*", talker_create, talker_act, NULL, talker_destroy)
