/* bot.c -- a bot to start from: it plays a uniformly random legal action.
 *
 * Build it into mybot.so (see README.md), then make it better. The places to
 * change are marked START HERE. Everything the arena gives you is described in
 * <arena/bot.h>; the helpers (a seeded generator, a clock) are in <arena/sdk.h>. */
#include <stdio.h>
#include <stdlib.h>

#include "arena/bot.h"
#include "arena/sdk.h"

/* One player for one game. Keep here whatever you learn during the game. */
typedef struct mybot {
    arena_rng rng; /* seeded by the arena: same seed, same game */
    int seat;
    /* For searching (perfect-information games): clone turn->state with
     * setup->rules->state_clone, try actions with ->apply, and look at
     * ->current_player and ->returns. */
    const arena_rules *rules;
} mybot;

/* Called once per game. Return NULL and say why in err to refuse to play. */
static void *mybot_create(const arena_bot_setup *setup, char *err, size_t errlen)
{
    mybot *b = calloc(1, sizeof *b);
    if (!b) {
        snprintf(err, errlen, "mybot: out of memory");
        return NULL;
    }
    /* Take every random number from this generator, never from rand() or the
     * time: then a logged game can be replayed exactly. */
    arena_rng_seed(&b->rng, setup->seed);
    b->seat = setup->seat;
    b->rules = setup->rules;
    return b;
}

/* Called whenever it is your turn: return one of turn->legal[0..num_legal-1]
 * within turn->move_budget_us microseconds (arena_now_us() tells the time). */
static int32_t mybot_act(void *bot, const arena_turn *turn)
{
    mybot *b = bot;
    /* START HERE: look at turn->state (or decode turn->observation with the
     * generated protobuf-c code, e.g. arena__morris__observation__unpack from
     * <arena/proto/games/morris.pb-c.h>) and choose something better. */
    return arena_rng_pick(&b->rng, turn->legal, turn->num_legal);
}

static void mybot_destroy(void *bot)
{
    free(bot);
}

/* Name, version, author, the games it plays ("*" = any, or e.g. "morris"),
 * then the functions. The NULL is observe(): add one to hear the other
 * players' moves and the end of the game. START HERE: give it your name. */
ARENA_BOT("mybot", "0.1", "me", "*", mybot_create, mybot_act, NULL, mybot_destroy)
