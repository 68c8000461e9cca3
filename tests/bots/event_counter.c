/* event_counter.c -- counts the events it is shown. The test that sends them
 * numbers them 0, 1, 2, ...; the bot answers a turn with the count itself
 * (not a legal action: the worker tests read it), or -1 if an event came
 * out of order or twice, so that a lost, repeated or reordered event cannot
 * go unnoticed. */
#include <stdlib.h>

#include "arena/bot.h"

typedef struct counter_bot {
    int32_t count;
    int bad;
} counter_bot;

static void *counter_create(const arena_bot_setup *setup, char *err, size_t errlen)
{
    (void)setup;
    (void)err;
    (void)errlen;
    return calloc(1, sizeof(counter_bot));
}

static int32_t counter_act(void *bot, const arena_turn *turn)
{
    (void)turn;
    counter_bot *b = bot;
    return b->bad ? -1 : b->count;
}

static void counter_observe(void *bot, const arena_event *ev)
{
    counter_bot *b = bot;
    if (ev->kind != ARENA_EVENT_ACTION || ev->action != b->count) b->bad = 1;
    b->count++;
}

static void counter_destroy(void *bot)
{
    free(bot);
}

ARENA_BOT("event_counter", "1.0", "tests", "*", counter_create, counter_act, counter_observe,
          counter_destroy)
