/* sample.c -- sample_state: a full kursk state consistent with one seat's
 * observation, its unseen cards dealt at random from a seed (determinisation).
 *
 * The observation fixes the public part of the state and the seat's own
 * cards; what it does not fix is which cards lie in each other hand (besides
 * its visible Jokers), in the deck, and face down for the attacker. Those are
 * the cards no pile, hand or table accounts for. The sample deals them
 * uniformly: the other hands' hidden places get non-Joker cards (their Jokers
 * would show), then the face-down card and the deck take the rest, Jokers
 * included. Every state that gives this observation has a positive chance.
 *
 * The bytes may come from anywhere: every field is checked, and an
 * observation that no state of this game can give yields NULL. */
#include <stdlib.h>
#include <string.h>

#include "arena/sdk.h"
#include "games/kursk.pb-c.h"
#include "kursk.h"

typedef Arena__Kursk__Observation obs_msg;

static int seat_or_none(uint32_t v, int np)
{
    return v < (uint32_t)np || v == KS_NOBODY;
}

static int is_combat_phase(int phase)
{
    return phase >= KS_PH_ATTACK && phase <= KS_PH_TOP_D;
}

/* The scalars of the public part; -1 when out of range. */
static int decode_scalars(const obs_msg *m, arena_state *s)
{
    int np = s->cfg.players;
    unsigned cap_turns = (unsigned)s->cfg.max_rounds * np;
    if ((unsigned)m->phase >= KS_PHASES || (unsigned)m->stage >= KS_STAGES ||
        (unsigned)m->attacker_source > KS_SRC_DECK || (unsigned)m->defender_source > KS_SRC_DECK ||
        (unsigned)m->end_reason >= KS_ENDS)
        return -1;
    int phase = m->phase;
    if (!seat_or_none(m->to_move, np) || !seat_or_none(m->first, np) ||
        !seat_or_none(m->actor, np) || !seat_or_none(m->attacker, np) ||
        !seat_or_none(m->defender, np) || !seat_or_none(m->last_winner, np) ||
        !seat_or_none(m->last_loser, np) || !seat_or_none(m->winner, np))
        return -1;
    if (phase != KS_PH_FIRST && (m->to_move == KS_NOBODY || m->first == KS_NOBODY)) return -1;
    if ((phase == KS_PH_DRAW || phase == KS_PH_LOSE || phase == KS_PH_TAKE ||
         phase == KS_PH_MULLIGAN) &&
        m->actor == KS_NOBODY)
        return -1;
    if (phase == KS_PH_DRAW && (m->draw_left < 1 || m->draw_left > 3)) return -1;
    if (m->draw_left > 3) return -1;
    if ((is_combat_phase(phase) || (int)m->stage == KS_ST_COMBAT || (int)m->stage == KS_ST_THEFT) &&
        (m->attacker == KS_NOBODY || m->defender == KS_NOBODY || m->attacker == m->defender))
        return -1;
    if ((m->used != KS_NOBODY && m->used >= KS_KINDS) ||
        (m->used_target != KS_NOBODY && m->used_target >= KS_TARGETS) || m->landed > KS_END_FIELD ||
        m->alarm_left >= (1u << np))
        return -1;
    if ((m->last_attacker_card > KS_NOCARD && m->last_attacker_card != KS_NOBODY) ||
        (m->last_defender_card > KS_NOCARD && m->last_defender_card != KS_NOBODY))
        return -1;
    if (phase == KS_PH_OVER ? m->turns > cap_turns : m->turns >= cap_turns) return -1;
    if ((phase == KS_PH_OVER) != m->terminal) return -1;
    s->phase = (uint8_t)phase;
    s->stage = (uint8_t)m->stage;
    s->to_move = (uint8_t)m->to_move;
    s->first = (uint8_t)m->first;
    s->actor = (uint8_t)m->actor;
    s->draw_left = (uint8_t)m->draw_left;
    s->end = (uint8_t)m->end_reason;
    s->winner = (uint8_t)m->winner;
    s->turns = (uint16_t)m->turns;
    s->used = (uint8_t)m->used;
    s->used_target = (uint8_t)m->used_target;
    s->landed = (uint8_t)m->landed;
    s->alarm_left = (uint8_t)m->alarm_left;
    s->attacker = (uint8_t)m->attacker;
    s->defender = (uint8_t)m->defender;
    s->a_src = (uint8_t)m->attacker_source;
    s->d_src = (uint8_t)m->defender_source;
    s->last_a = (uint8_t)m->last_attacker_card;
    s->last_d = (uint8_t)m->last_defender_card;
    s->last_winner = (uint8_t)m->last_winner;
    s->last_loser = (uint8_t)m->last_loser;
    return 0;
}

/* Fills pile[n] from a repeated field of exactly n counts, each <= max. */
static int decode_counts(const uint32_t *v, size_t nv, uint8_t *pile, int n, int max)
{
    if (nv != (size_t)n) return -1;
    for (int i = 0; i < n; i++) {
        if (v[i] > (uint32_t)max) return -1;
        pile[i] = (uint8_t)v[i];
    }
    return 0;
}

/* The special cards: all public (deck = 2 of each - discard - shown). */
static int decode_special(const obs_msg *m, arena_state *s)
{
    if (decode_counts(m->special_discard, m->n_special_discard, s->sdiscard, KS_KINDS, 2) < 0 ||
        m->n_shown > 2)
        return -1;
    size_t want = s->phase == KS_PH_USE ? 2 : s->phase == KS_PH_SPECIAL_DRAW ? m->n_shown : 0;
    if (m->n_shown != want || (s->phase == KS_PH_SPECIAL_DRAW && m->n_shown > 1)) return -1;
    s->nshown = (uint8_t)m->n_shown;
    int left[KS_KINDS];
    for (int k = 0; k < KS_KINDS; k++)
        left[k] = 2 - s->sdiscard[k];
    for (size_t i = 0; i < m->n_shown; i++) {
        if (m->shown[i] >= KS_KINDS || --left[m->shown[i]] < 0) return -1;
        s->shown[i] = (uint8_t)m->shown[i];
    }
    int total = 0;
    for (int k = 0; k < KS_KINDS; k++)
        total += s->sdeck[k] = (uint8_t)left[k];
    return (uint32_t)total == m->special_deck_size ? 0 : -1;
}

/* Shuffles v[n] with rng. */
static void shuffle(uint8_t *v, int n, arena_rng *rng)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)arena_rng_below(rng, (uint32_t)i + 1);
        uint8_t t = v[i];
        v[i] = v[j];
        v[j] = t;
    }
}

/* The main deck's cards: the seat's own, the public ones, and the rest dealt
 * at random into the hidden places. */
static int deal_hidden(const obs_msg *m, arena_state *s, int seat, uint64_t seed)
{
    int np = s->cfg.players, pool[KS_RANKS], slots = 0;
    if (decode_counts(m->discard, m->n_discard, s->discard, KS_RANKS, 5) < 0 ||
        decode_counts(m->table, m->n_table, s->table, KS_RANKS, 5) < 0 ||
        m->n_hand != (seat >= 0 ? (size_t)KS_RANKS : 0) || m->n_player != (size_t)np)
        return -1;
    for (int r = 0; r < KS_RANKS; r++)
        pool[r] = ks_total(r, np) - s->discard[r] - s->table[r];
    for (int i = 0; i < np; i++) {
        const Arena__Kursk__Player *p = m->player[i];
        if (p->field > KS_END_FIELD || p->hand_size > KS_HAND_LIMIT + 1 || p->jokers > p->hand_size)
            return -1;
        s->field[i] = (uint8_t)p->field;
        if (i == seat) {
            if (decode_counts(m->hand, m->n_hand, s->hand[i], KS_RANKS, 4) < 0 ||
                (uint32_t)ks_hand_size(s, i) != p->hand_size || s->hand[i][KS_JOKER] != p->jokers)
                return -1;
            for (int r = 0; r < KS_RANKS; r++)
                pool[r] -= s->hand[i][r];
        } else {
            s->hand[i][KS_JOKER] = (uint8_t)p->jokers;
            pool[KS_JOKER] -= (int)p->jokers;
            slots += (int)(p->hand_size - p->jokers);
        }
    }
    /* the attacker's face-down card: none, "no card", seen, or hidden */
    int face_down = s->phase == KS_PH_DEFEND || s->phase == KS_PH_TOP_D, hidden_card = 0;
    s->a_card = KS_NOBODY;
    if (!face_down) {
        if (m->attacker_no_card || m->own_card != KS_NOBODY) return -1;
    } else if (s->a_src == KS_SRC_NONE) {
        return -1;
    } else if (m->attacker_no_card) {
        if (s->a_src != KS_SRC_DECK || m->own_card != KS_NOBODY) return -1;
        s->a_card = KS_NOCARD;
    } else if (seat >= 0 && seat == s->attacker && s->a_src == KS_SRC_HAND) {
        if (m->own_card >= KS_RANKS) return -1;
        s->a_card = (uint8_t)m->own_card;
        pool[s->a_card]--;
    } else {
        if (m->own_card != KS_NOBODY) return -1;
        hidden_card = 1;
    }
    int total = 0;
    for (int r = 0; r < KS_RANKS; r++) {
        if (pool[r] < 0) return -1;
        total += pool[r];
    }
    if (total != slots + hidden_card + (int)m->deck_size || total - pool[KS_JOKER] < slots)
        return -1;

    uint8_t cards[64];
    int n = 0;
    for (int r = 0; r < KS_JOKER; r++)
        for (int k = 0; k < pool[r]; k++)
            cards[n++] = (uint8_t)r;
    arena_rng rng;
    arena_rng_seed(&rng, seed);
    shuffle(cards, n, &rng);
    int next = 0;
    for (int i = 0; i < np; i++)
        if (i != seat)
            for (uint32_t k = m->player[i]->jokers; k < m->player[i]->hand_size; k++)
                s->hand[i][cards[next++]]++;
    /* the rest, Jokers included, for the face-down card and the deck */
    memmove(cards, cards + next, (size_t)(n - next));
    n -= next;
    for (int k = 0; k < pool[KS_JOKER]; k++)
        cards[n++] = KS_JOKER;
    shuffle(cards, n, &rng);
    int at = 0;
    if (hidden_card) s->a_card = cards[at++];
    for (; at < n; at++)
        s->deck[cards[at]]++;
    return 0;
}

arena_state *ks_sample_state(const arena_game *g, const uint8_t *obs, size_t len, uint64_t seed)
{
    obs_msg *m = arena__kursk__observation__unpack(NULL, len, obs);
    if (!m) return NULL;
    arena_state *s = calloc(1, sizeof *s);
    int np = g->cfg.players, seat = m->seat;
    if (s) {
        ks_state_start(s, &g->cfg);
        memset(s->deck, 0, sizeof s->deck);
        if (strcmp(m->options, g->options) != 0 || m->players != (uint32_t)np ||
            m->max_rounds != g->cfg.max_rounds || seat < -1 || seat >= np ||
            decode_scalars(m, s) < 0 || decode_special(m, s) < 0 ||
            deal_hidden(m, s, seat, seed) < 0) {
            free(s);
            s = NULL;
        }
    }
    arena__kursk__observation__free_unpacked(m, NULL);
    return s;
}
