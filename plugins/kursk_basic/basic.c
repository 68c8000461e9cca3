/* basic.c -- kursk_basic: the simple KURSK player of policy.h. It sees only
 * its observation (the arena hands hidden-information bots no state): the
 * bytes are decoded with the protobuf-c code of proto/games/kursk.proto into
 * the policy's view. No search, no randomness, no time worries. */
#include <stdio.h>
#include <stdlib.h>

#include "arena/bot.h"
#include "arena/proto/games/kursk.pb-c.h"
#include "policy.h"

typedef struct basic_bot {
    int seat;
} basic_bot;

static void *basic_create(const arena_bot_setup *setup, char *err, size_t errlen)
{
    basic_bot *b = calloc(1, sizeof *b);
    if (!b) {
        if (errlen) snprintf(err, errlen, "kursk_basic: out of memory");
        return NULL;
    }
    b->seat = setup->seat;
    return b;
}

/* The view from the observation; -1 when the bytes do not decode. */
static int view_of_observation(const arena_turn *t, int seat, kb_view *v)
{
    Arena__Kursk__Observation *m =
        arena__kursk__observation__unpack(NULL, t->observation_len, t->observation);
    if (!m) return -1;
    int ok = m->players >= 2 && m->players <= KS_MAX_SEATS && m->n_player == m->players &&
             m->n_hand == KS_RANKS && seat < (int)m->players;
    if (ok) {
        *v = (kb_view){.players = (int)m->players,
                       .me = seat,
                       .phase = m->phase,
                       .to_move = (int)m->to_move,
                       .landed = (int)m->landed};
        for (int i = 0; i < v->players; i++) {
            v->field[i] = (int)m->player[i]->field;
            v->hand_size[i] = (int)m->player[i]->hand_size;
            v->jokers[i] = (int)m->player[i]->jokers;
        }
        for (int r = 0; r < KS_RANKS; r++)
            v->hand[r] = (int)m->hand[r];
        v->nshown = (int)(m->n_shown < 2 ? m->n_shown : 2);
        for (int i = 0; i < v->nshown; i++)
            v->shown[i] = (int)m->shown[i];
    }
    arena__kursk__observation__free_unpacked(m, NULL);
    return ok ? 0 : -1;
}

static int32_t basic_act(void *bot, const arena_turn *turn)
{
    basic_bot *b = bot;
    kb_view v;
    if (view_of_observation(turn, b->seat, &v) < 0) return turn->legal[0];
    return kb_choose(&v, turn->legal, turn->num_legal, NULL);
}

static void basic_destroy(void *bot)
{
    free(bot);
}

ARENA_BOT("kursk_basic", "1.0", "arena", "kursk", basic_create, basic_act, NULL, basic_destroy)
