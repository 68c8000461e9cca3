/* smart.c -- kurnik_smart: plays the exchange that leaves the fewest expected
 * turns to nine hens, from the one-player race the kurnik engine library
 * solves at build time (kurnik_engine.h).
 *
 * What the solved policy does, in words (the table decides; this is the why):
 * eggs are safe from the fox and chicks are not, so with no hens it saves eggs
 * until they make three hens at once (27 eggs, fewer with chicks in hand); it
 * buys the rooster as soon as it has three hens, since from then on no fox
 * costs anything; and it turns three chicks into a hen when hens stand behind
 * them. About 85 % against kurnik_greedy in two-player games
 * (bench/kurnik_policies.c).
 *
 * The bot reads its own goods from the observation, looks up the value of each
 * legal action's result, and plays the best (ties: the lowest action number,
 * i.e. an exchange before `end`). It has no randomness, so the seed does not
 * matter; the tables are const data of the bot, and a move costs a protobuf
 * decode and four lookups: far inside any budget. */
#include <stdio.h>
#include <stdlib.h>

#include "arena/bot.h"
#include "arena/proto/games/kurnik.pb-c.h"
#include "kurnik_engine.h"

typedef struct smart {
    int seat;
} smart;

typedef struct goods {
    unsigned eggs, chicks, hens, rooster;
} goods;

#define SMART_GOAL 9 /* hens that win */

static void *smart_create(const arena_bot_setup *setup, char *err, size_t errlen)
{
    smart *b = calloc(1, sizeof *b);
    if (!b) {
        if (errlen) snprintf(err, errlen, "kurnik_smart: out of memory");
        return NULL;
    }
    b->seat = setup->seat;
    return b;
}

/* The goods after action a (an exchange or `end`) and their value: the
 * expected turns still to play (0: nine hens reached). */
static double value_after(goods g, int32_t a)
{
    switch (a) {
    case ARENA__KURNIK__ACTION__ACTION_EGG_CHICK:
        g.eggs -= 3;
        g.chicks++;
        break;
    case ARENA__KURNIK__ACTION__ACTION_CHICK_HEN:
        g.chicks -= 3;
        g.hens++;
        break;
    case ARENA__KURNIK__ACTION__ACTION_HEN_ROOSTER:
        g.hens -= 3;
        g.rooster = 1;
        break;
    default:
        return g.hens >= SMART_GOAL
                   ? 0
                   : ku_turns_end[ku_values_at(g.eggs, g.chicks, g.hens, g.rooster)];
    }
    return g.hens >= SMART_GOAL ? 0
                                : ku_turns_mid[ku_values_at(g.eggs, g.chicks, g.hens, g.rooster)];
}

static int32_t smart_act(void *bot, const arena_turn *turn)
{
    smart *b = bot;
    Arena__Kurnik__Observation *m =
        arena__kurnik__observation__unpack(NULL, turn->observation_len, turn->observation);
    if (!m || (size_t)b->seat >= m->n_goods) {
        if (m) arena__kurnik__observation__free_unpacked(m, NULL);
        return turn->legal[turn->num_legal - 1]; /* `end` is always last and legal */
    }
    const Arena__Kurnik__Goods *mine = m->goods[b->seat];
    goods g = {mine->eggs, mine->chicks, mine->hens, mine->rooster ? 1u : 0u};
    arena__kurnik__observation__free_unpacked(m, NULL);

    int32_t best = turn->legal[0];
    double best_value = 1e30;
    for (int i = 0; i < turn->num_legal; i++) {
        int32_t a = turn->legal[i];
        if (a > ARENA__KURNIK__ACTION__ACTION_END) continue; /* not a player action */
        double v = value_after(g, a);
        if (v < best_value - 1e-9) {
            best_value = v;
            best = a;
        }
    }
    return best;
}

static void smart_destroy(void *bot)
{
    free(bot);
}

ARENA_BOT("kurnik_smart", "1.0", "arena", "kurnik", smart_create, smart_act, NULL, smart_destroy)
