/* first_legal.c -- the well-behaved bot: plays the first legal action. When the
 * arena rebuilt the state (perfect information), it checks that the state's
 * seat and legal actions agree with the turn and returns -1 (an illegal
 * answer) when they do not, so a wrong turn->state cannot go unnoticed; in a
 * hidden-information game it answers -1 when it is handed a state at all
 * (bot.h: NULL there, whatever the seat kind). */
#include <stdlib.h>

#include "arena/bot.h"

typedef struct first_bot {
    const arena_rules *rules;
    int seat;
} first_bot;

static void *first_create(const arena_bot_setup *setup, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    first_bot *b = calloc(1, sizeof *b);
    if (!b) return NULL;
    b->rules = setup->rules;
    b->seat = setup->seat;
    return b;
}

static int32_t first_act(void *bot, const arena_turn *turn)
{
    first_bot *b = bot;
    if (turn->state && b->rules && (b->rules->flags & ARENA_GAME_HIDDEN)) return -1;
    if (!turn->state || !b->rules) return turn->legal[0];
    int32_t legal[64];
    int n = b->rules->legal_actions(turn->state, legal, 64);
    if (b->rules->current_player(turn->state) != b->seat || n != turn->num_legal) return -1;
    for (int i = 0; i < n && i < 64; i++)
        if (legal[i] != turn->legal[i]) return -1;
    return legal[0];
}

static void first_observe(void *bot, const arena_event *ev)
{
    (void)bot;
    (void)ev;
}

static void first_destroy(void *bot)
{
    free(bot);
}

ARENA_BOT("first_legal", "1.0", "tests", "*", first_create, first_act, first_observe, first_destroy)
