/* greedy.c -- kurnik_greedy: the baseline kurnik policy of the rules page,
 * "always exchange upward, never buy a rooster".
 *
 * Within its turn it turns eggs into chicks while it has three eggs, then
 * chicks into hens while it has three chicks, then plays `end`. Eggs go first
 * so that the chicks they make can join the hens in the same turn. The legal
 * actions alone say what is possible (egg>chick is legal exactly when the
 * player has three eggs), so the bot needs neither the observation nor the
 * rule module, and it has no randomness: it ignores its seed. */
#include <stdio.h>
#include <stdlib.h>

#include "arena/bot.h"
#include "arena/proto/games/kurnik.pb-c.h"

static int offered(const arena_turn *turn, int32_t action)
{
    for (int i = 0; i < turn->num_legal; i++)
        if (turn->legal[i] == action) return 1;
    return 0;
}

static void *greedy_create(const arena_bot_setup *setup, char *err, size_t errlen)
{
    (void)setup;
    /* Nothing to keep: the handle only says "ready". */
    void *bot = malloc(1);
    if (!bot && errlen) snprintf(err, errlen, "kurnik_greedy: out of memory");
    return bot;
}

static int32_t greedy_act(void *bot, const arena_turn *turn)
{
    (void)bot;
    if (offered(turn, ARENA__KURNIK__ACTION__ACTION_EGG_CHICK))
        return ARENA__KURNIK__ACTION__ACTION_EGG_CHICK;
    if (offered(turn, ARENA__KURNIK__ACTION__ACTION_CHICK_HEN))
        return ARENA__KURNIK__ACTION__ACTION_CHICK_HEN;
    if (offered(turn, ARENA__KURNIK__ACTION__ACTION_END)) return ARENA__KURNIK__ACTION__ACTION_END;
    return turn->legal[0]; /* not a kurnik turn: still answer something legal */
}

static void greedy_destroy(void *bot)
{
    free(bot);
}

ARENA_BOT("kurnik_greedy", "1.0", "arena", "kurnik", greedy_create, greedy_act, NULL,
          greedy_destroy)
