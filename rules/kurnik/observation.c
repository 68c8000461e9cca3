/* observation.c -- the state as the protobuf Observation of
 * proto/games/kurnik.proto, and back. Kurnik has perfect information, so the
 * observation holds everything, down to what the current turn brought, and
 * state_from_observation rebuilds the exact state (checking every field: the
 * bytes may come from anywhere). */
#include <stdlib.h>
#include <string.h>

#include "games/kurnik.pb-c.h"
#include "kurnik.h"

size_t ku_observation(const arena_state *s, int seat, uint8_t *buf, size_t cap)
{
    (void)seat; /* perfect information: every seat sees everything */
    Arena__Kurnik__Observation m = ARENA__KURNIK__OBSERVATION__INIT;
    Arena__Kurnik__Goods goods[KU_MAX_SEATS], *goods_ptr[KU_MAX_SEATS];
    Arena__Kurnik__TurnNews news = ARENA__KURNIK__TURN_NEWS__INIT;
    int32_t ret[KU_MAX_SEATS];
    uint32_t ranks[KU_MAX_SEATS];
    char options[64];
    int np = s->cfg.players;

    for (int i = 0; i < np; i++) {
        goods[i] = (Arena__Kurnik__Goods)ARENA__KURNIK__GOODS__INIT;
        goods[i].eggs = s->goods[i].eggs;
        goods[i].chicks = s->goods[i].chicks;
        goods[i].hens = s->goods[i].hens;
        goods[i].rooster = s->goods[i].rooster != 0;
        goods_ptr[i] = &goods[i];
    }
    ku_options_format(&s->cfg, options, sizeof options);
    news.foxes_chased = s->chased;
    news.chicks_eaten = s->ate_chicks;
    news.hens_eaten = s->ate_hens;

    m.options = options;
    m.players = (uint32_t)np;
    m.max_rounds = s->cfg.max_rounds;
    m.n_goods = (size_t)np;
    m.goods = goods_ptr;
    m.to_move = s->to_move;
    m.phase = (Arena__Kurnik__Phase)s->phase;
    m.die_low = s->die[0];
    m.die_high = s->die[1];
    m.gift = (Arena__Kurnik__Gift)s->gift;
    m.gift_to = s->gift_to == KU_NOBODY ? 0 : s->gift_to + 1u;
    m.turns = s->turns;
    m.round = ku_round(s);
    m.news = &news;
    m.terminal = s->phase == KU_PHASE_OVER;
    m.end_reason = (Arena__Kurnik__EndReason)s->end;
    m.winner = s->winner == KU_NOBODY ? 0 : s->winner + 1u;
    if (m.terminal) {
        int rank[KU_MAX_SEATS];
        double r[KU_MAX_SEATS];
        ku_ranks(s, rank);
        ku_returns(s, r);
        for (int i = 0; i < np; i++) {
            ranks[i] = (uint32_t)rank[i];
            ret[i] = (int32_t)r[i];
        }
        m.n_ranks = m.n_returns = (size_t)np;
        m.ranks = ranks;
        m.returns = ret;
    }

    size_t size = arena__kurnik__observation__get_packed_size(&m);
    if (buf && size <= cap) arena__kurnik__observation__pack(&m, buf);
    return size;
}

/* The goods of every seat; -1 when malformed. */
static int decode_goods(const Arena__Kurnik__Observation *m, arena_state *s)
{
    if (m->n_goods != s->cfg.players) return -1;
    for (int i = 0; i < s->cfg.players; i++) {
        const Arena__Kurnik__Goods *g = m->goods[i];
        s->goods[i] = (ku_goods){g->eggs, g->chicks, g->hens, g->rooster ? 1u : 0u};
    }
    return 0;
}

/* The roll: 0 0 before the first one, else 1 <= low <= high <= 6. */
static int decode_roll(const Arena__Kurnik__Observation *m, arena_state *s)
{
    if (m->die_low == 0 && m->die_high == 0) {
        /* only at the very start: every completed turn has rolled */
        return m->turns == 0 && m->phase == ARENA__KURNIK__PHASE__PHASE_ROLL ? 0 : -1;
    }
    if (ku_roll_index((int)m->die_low, (int)m->die_high) < 0) return -1;
    s->die[0] = (uint8_t)m->die_low;
    s->die[1] = (uint8_t)m->die_high;
    return 0;
}

/* The doubles gift: only after a double; pending only at a GIFT node (with
 * three or more players and the goods to give), drawn only to an opponent. */
static int decode_gift(const Arena__Kurnik__Observation *m, arena_state *s)
{
    if ((unsigned)m->gift >= KU_GIFTS || m->gift_to > s->cfg.players) return -1;
    s->gift = (uint8_t)m->gift;
    s->gift_to = m->gift_to ? (uint8_t)(m->gift_to - 1) : KU_NOBODY;
    if (s->gift == KU_GIFT_NONE) return s->gift_to == KU_NOBODY ? 0 : -1;
    if (s->die[0] == 0 || s->die[0] != s->die[1]) return -1;
    if (s->phase == KU_PHASE_GIFT) {
        const ku_goods *g = &s->goods[s->to_move];
        uint32_t have = s->gift == KU_GIFT_CHICK ? g->chicks : g->eggs;
        return s->gift_to == KU_NOBODY && s->cfg.players > 2 && have > 0 ? 0 : -1;
    }
    /* the giver is the player to move, or at the next ROLL the one before */
    int giver = s->to_move;
    if (s->phase == KU_PHASE_ROLL) giver = (giver + s->cfg.players - 1) % s->cfg.players;
    return s->gift_to != KU_NOBODY && s->gift_to != giver ? 0 : -1;
}

/* Fills a zeroed state from m; -1 when m does not describe a reachable kind of
 * state of game g. */
static int decode(const arena_game *g, const Arena__Kurnik__Observation *m, arena_state *s)
{
    uint32_t cap_turns = (uint32_t)g->cfg.max_rounds * g->cfg.players;
    int over = m->phase == ARENA__KURNIK__PHASE__PHASE_OVER;
    if (strcmp(m->options, g->options) != 0 || m->players != g->cfg.players ||
        m->max_rounds != g->cfg.max_rounds || m->to_move >= g->cfg.players ||
        (unsigned)m->phase >= KU_PHASES || (unsigned)m->end_reason >= KU_ENDS ||
        m->terminal != over || m->winner > g->cfg.players || !m->news)
        return -1;
    /* turns: below the cap while playing; at the end, the cap or a win */
    if (over ? m->turns == 0 || m->turns > cap_turns : m->turns >= cap_turns) return -1;
    if (over && !(m->end_reason == ARENA__KURNIK__END_REASON__END_HENS
                      ? m->winner == m->to_move + 1
                      : m->end_reason == ARENA__KURNIK__END_REASON__END_ROUNDS && m->winner == 0 &&
                            m->turns == cap_turns))
        return -1;
    if (!over && (m->end_reason != ARENA__KURNIK__END_REASON__END_NONE || m->winner != 0))
        return -1;
    s->cfg = g->cfg;
    s->to_move = (uint8_t)m->to_move;
    s->phase = (uint8_t)m->phase;
    s->end = (uint8_t)m->end_reason;
    s->winner = m->winner ? (uint8_t)(m->winner - 1) : KU_NOBODY;
    s->turns = m->turns;
    s->chased = m->news->foxes_chased;
    s->ate_chicks = m->news->chicks_eaten;
    s->ate_hens = m->news->hens_eaten;
    if (decode_goods(m, s) < 0 || decode_roll(m, s) < 0 || decode_gift(m, s) < 0) return -1;
    if (s->winner != KU_NOBODY && s->goods[s->winner].hens < KU_GOAL) return -1;
    return 0;
}

arena_state *ku_from_observation(const arena_game *g, const uint8_t *obs, size_t len)
{
    Arena__Kurnik__Observation *m = arena__kurnik__observation__unpack(NULL, len, obs);
    if (!m) return NULL;
    arena_state *s = calloc(1, sizeof *s);
    if (s && decode(g, m, s) < 0) {
        free(s);
        s = NULL;
    }
    arena__kurnik__observation__free_unpacked(m, NULL);
    return s;
}
