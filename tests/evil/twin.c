/* twin.c -- remembers, in its process, its seed and the first chance
 * outcomes of every game it plays, and says "the same seed again" or "the
 * same dice again" (and answers an illegal action, a verdict a test can
 * read) if either comes back. The seat orders of a tournament's table (and
 * an SPRT pair) share a match seed, and once shared the dice, cards and
 * seats' seeds too: a process that played one game of such a deal -- or
 * passed what it saw to the next process, as a red-team bot did through the
 * page cache -- played the next knowing every roll to come and, from its
 * opponent's seeded choices, its opponent's moves. Now each game of a deal
 * draws its own (match.h), so even inline, where this bot's memory spans
 * the whole tournament, nothing comes back. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena/bot.h"

#define TWIN_KEY 8       /* chance outcomes compared */
#define TWIN_GAMES 20000 /* games remembered */

static uint64_t seen_seed[TWIN_GAMES];
static int32_t seen_key[TWIN_GAMES][TWIN_KEY];
static int n_seen, n_keys;

typedef struct twin {
    int32_t key[TWIN_KEY];
    int n, seed_again, said;
} twin;

static void *twin_create(const arena_bot_setup *setup, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    twin *t = calloc(1, sizeof(twin));
    if (!t) return NULL;
    for (int g = 0; g < n_seen; g++)
        t->seed_again |= seen_seed[g] == setup->seed;
    if (n_seen < TWIN_GAMES) seen_seed[n_seen++] = setup->seed;
    return t;
}

static void twin_observe(void *bot, const arena_event *ev)
{
    twin *t = bot;
    if (ev->kind == ARENA_EVENT_CHANCE && t->n < TWIN_KEY) t->key[t->n++] = ev->action;
}

static int32_t twin_act(void *bot, const arena_turn *turn)
{
    twin *t = bot;
    int dice_again = 0;
    if (!t->said && t->n == TWIN_KEY)
        for (int g = 0; g < n_keys; g++)
            dice_again |= memcmp(seen_key[g], t->key, sizeof t->key) == 0;
    if (!t->said && (t->seed_again || dice_again)) {
        t->said = 1;
        fprintf(stderr, "twin: the same %s again\n", t->seed_again ? "seed" : "dice");
        return -1;
    }
    return turn->legal[0];
}

static void twin_destroy(void *bot)
{
    twin *t = bot;
    if (t->n == TWIN_KEY && n_keys < TWIN_GAMES) memcpy(seen_key[n_keys++], t->key, sizeof t->key);
    fprintf(stderr, "twin: %d games remembered\n", n_seen);
    free(bot);
}

ARENA_BOT("twin", "1.0", "tests", "*", twin_create, twin_act, twin_observe, twin_destroy)
