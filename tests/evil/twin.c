/* twin.c -- remembers, in its process, every deal it plays and what chance
 * drew there. The seat orders of a tournament's table (and an SPRT pair)
 * share a match seed, and a bot keeps its own seed in every game of the
 * deal (match.h), so a process that sees its seed again is playing a deal
 * it played before. The pool never gives a process seat such a deal again
 * (pool.c); should it, this bot says "I played this deal before" and
 * answers an illegal action, a verdict a test can read. Where it does meet
 * a deal again (inline, where its memory is the arena's), it compares the
 * first chance outcomes with the first game's and says "the same dice
 * again" if they agree, "other dice" if not: each game of a deal draws its own (once they were
 * shared, and a red-team bot that carried them over, even across
 * processes, knew every roll to come). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena/bot.h"

#define TWIN_KEY 8       /* chance outcomes compared */
#define TWIN_GAMES 20000 /* games remembered */

static uint64_t seen_seed[TWIN_GAMES];
static int32_t seen_key[TWIN_GAMES][TWIN_KEY];
static int n_seen;

typedef struct twin {
    uint64_t seed;
    int again; /* the index of the game with this seed, -1 for none */
    int32_t key[TWIN_KEY];
    int n, said;
} twin;

static void *twin_create(const arena_bot_setup *setup, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    twin *t = calloc(1, sizeof(twin));
    if (!t) return NULL;
    t->seed = setup->seed;
    t->again = -1;
    for (int g = 0; g < n_seen; g++)
        if (seen_seed[g] == t->seed) t->again = g;
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
    if (t->again >= 0 && !t->said) {
        t->said = 1;
        fprintf(stderr, "twin: I played this deal before\n");
        return -1;
    }
    return turn->legal[0];
}

static void twin_destroy(void *bot)
{
    twin *t = bot;
    if (t->again >= 0 && t->n == TWIN_KEY)
        fprintf(stderr, "twin: %s\n",
                memcmp(seen_key[t->again], t->key, sizeof t->key) == 0 ? "the same dice again"
                                                                       : "other dice");
    if (t->again < 0 && t->n == TWIN_KEY && n_seen < TWIN_GAMES) {
        seen_seed[n_seen] = t->seed;
        memcpy(seen_key[n_seen++], t->key, sizeof t->key);
    }
    free(bot);
}

ARENA_BOT("twin", "1.0", "tests", "*", twin_create, twin_act, twin_observe, twin_destroy)
