/* bot.c -- a bot to start from: it plays a uniformly random legal action,
 * and shows how to share out its time.
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
    arena_time_control tc; /* a fixed time per move, or a clock (bot.h) */
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
    b->tc = setup->tc;
    b->rules = setup->rules;
    return b;
}

/* How long to think this move, in microseconds. With a fixed time per move
 * (--move-time) turn->move_budget_us is this move's time: use half of it.
 * With a clock (--tc BASE+INC) it is the whole clock left, which must last
 * the rest of the game: use a thirtieth of it and half the increment, never
 * more than half of it. */
static int64_t mybot_think_us(const mybot *b, const arena_turn *turn)
{
    int64_t half = turn->move_budget_us / 2;
    if (b->tc.move_time_us > 0) return half;
    int64_t share = turn->move_budget_us / 30 + b->tc.increment_us / 2;
    return share < half ? share : half;
}

/* Called whenever it is your turn: return one of turn->legal[0..num_legal-1]
 * within turn->move_budget_us microseconds. */
static int32_t mybot_act(void *bot, const arena_turn *turn)
{
    mybot *b = bot;
    int32_t best = arena_rng_pick(&b->rng, turn->legal, turn->num_legal);
    /* Think until this move's share of the time is spent, timed on the
     * clock the seat is charged on (arena_turn_clock_us, <arena/sdk.h>). */
    int64_t start = arena_turn_clock_us(turn), think_us = mybot_think_us(b, turn);
    while (arena_turn_clock_us(turn) - start < think_us) {
        /* START HERE: improve `best` a step at a time (search one ply
         * deeper, play one more random game) from turn->state -- or decode
         * turn->observation with the generated protobuf-c code, e.g.
         * arena__morris__observation__unpack from
         * <arena/proto/games/morris.pb-c.h> -- and stop when you are sure. */
        break; /* a random player has nothing to think about */
    }
    return best;
}

static void mybot_destroy(void *bot)
{
    free(bot);
}

/* Name, version, author, the games it plays ("*" = any, or e.g. "morris"),
 * then the functions. The NULL is observe(): add one to hear the other
 * players' moves and the end of the game. START HERE: give it your name. */
ARENA_BOT("mybot", "0.1", "me", "*", mybot_create, mybot_act, NULL, mybot_destroy)
