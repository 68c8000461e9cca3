/* twin.c -- remembers, in its process, the start of every game it plays and
 * recognises a deal it has played before by its first chance outcomes. The
 * seat orders of a tournament's table (and an SPRT pair) share a match seed:
 * the same dice, layout and seats' seeds with the seats moved, so a process
 * that played one of them would play the next knowing every roll to come and
 * its opponent's seed (a red-team bot did: 58 of 58 opponent moves and 30 of
 * 30 tiles predicted). The pool never gives a process seat such a deal again
 * (pool.c); should it, this bot says so and answers an illegal action, a
 * verdict a test can read. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena/bot.h"

#define TWIN_KEY 8       /* chance outcomes that tell a deal */
#define TWIN_GAMES 20000 /* games remembered */

static int32_t seen[TWIN_GAMES][TWIN_KEY];
static int n_seen;

typedef struct twin {
    int32_t key[TWIN_KEY];
    int n, checked;
} twin;

static void *twin_create(const arena_bot_setup *setup, char *err, size_t errlen)
{
    (void)setup;
    (void)err;
    (void)errlen;
    return calloc(1, sizeof(twin));
}

static void twin_observe(void *bot, const arena_event *ev)
{
    twin *t = bot;
    if (ev->kind == ARENA_EVENT_CHANCE && t->n < TWIN_KEY) t->key[t->n++] = ev->action;
}

static int32_t twin_act(void *bot, const arena_turn *turn)
{
    twin *t = bot;
    if (!t->checked && t->n == TWIN_KEY) {
        t->checked = 1;
        for (int g = 0; g < n_seen; g++)
            if (memcmp(seen[g], t->key, sizeof t->key) == 0) {
                fprintf(stderr, "twin: I played this deal before\n");
                return -1;
            }
        if (n_seen < TWIN_GAMES) memcpy(seen[n_seen++], t->key, sizeof t->key);
    }
    return turn->legal[0];
}

static void twin_destroy(void *bot)
{
    free(bot);
}

ARENA_BOT("twin", "1.0", "tests", "*", twin_create, twin_act, twin_observe, twin_destroy)
