/* observation.c -- what one seat may see of a kursk state, as the protobuf
 * Observation of proto/games/kursk.proto. Everything public is written as the
 * state holds it (so that sample_state can rebuild it byte for byte); of the
 * hidden cards only the seat's own hand and its own face-down combat card
 * (one played from hand) are written. Seat -1 is the public view. */
#include "games/kursk.pb-c.h"
#include "kursk.h"

/* Whether seat sees the attacker's face-down card. */
static int sees_own_card(const arena_state *s, int seat)
{
    return seat >= 0 && seat == s->attacker && s->a_src == KS_SRC_HAND && s->a_card < KS_RANKS &&
           (s->phase == KS_PH_DEFEND || s->phase == KS_PH_TOP_D);
}

size_t ks_observation(const arena_state *s, int seat, uint8_t *buf, size_t cap)
{
    Arena__Kursk__Observation m = ARENA__KURSK__OBSERVATION__INIT;
    Arena__Kursk__Player pl[KS_MAX_SEATS], *pl_ptr[KS_MAX_SEATS];
    uint32_t hand[KS_RANKS], discard[KS_RANKS], table[KS_RANKS], sdiscard[KS_KINDS], shown[2];
    uint32_t ranks[KS_MAX_SEATS];
    int32_t ret[KS_MAX_SEATS];
    char options[64];
    int np = s->cfg.players;
    if (seat >= np) seat = -1;

    for (int i = 0; i < np; i++) {
        pl[i] = (Arena__Kursk__Player)ARENA__KURSK__PLAYER__INIT;
        pl[i].field = s->field[i];
        pl[i].hand_size = (uint32_t)ks_hand_size(s, i);
        pl[i].jokers = s->hand[i][KS_JOKER];
        pl_ptr[i] = &pl[i];
    }
    for (int r = 0; r < KS_RANKS; r++) {
        hand[r] = seat >= 0 ? s->hand[seat][r] : 0;
        discard[r] = s->discard[r];
        table[r] = s->table[r];
    }
    for (int k = 0; k < KS_KINDS; k++)
        sdiscard[k] = s->sdiscard[k];
    for (int i = 0; i < s->nshown && i < 2; i++)
        shown[i] = s->shown[i];
    ks_options_format(&s->cfg, options, sizeof options);

    m.options = options;
    m.players = (uint32_t)np;
    m.max_rounds = s->cfg.max_rounds;
    m.seat = seat;
    m.phase = (Arena__Kursk__Phase)s->phase;
    m.stage = (Arena__Kursk__Stage)s->stage;
    m.to_move = s->to_move;
    m.first = s->first;
    m.actor = s->actor;
    m.draw_left = s->draw_left;
    m.turns = s->turns;
    m.round = ks_round(s);
    m.n_player = (size_t)np;
    m.player = pl_ptr;
    if (seat >= 0) {
        m.n_hand = KS_RANKS;
        m.hand = hand;
    }
    m.deck_size = (uint32_t)ks_count(s->deck, KS_RANKS);
    m.n_discard = KS_RANKS;
    m.discard = discard;
    m.special_deck_size = (uint32_t)ks_count(s->sdeck, KS_KINDS);
    m.n_special_discard = KS_KINDS;
    m.special_discard = sdiscard;
    m.n_shown = s->nshown;
    m.shown = shown;
    m.used = s->used;
    m.used_target = s->used_target;
    m.landed = s->landed;
    m.alarm_left = s->alarm_left;
    m.attacker = s->attacker;
    m.defender = s->defender;
    m.attacker_source = (Arena__Kursk__Source)s->a_src;
    m.defender_source = (Arena__Kursk__Source)s->d_src;
    m.own_card = sees_own_card(s, seat) ? s->a_card : KS_NOBODY;
    m.attacker_no_card = s->a_card == KS_NOCARD;
    m.n_table = KS_RANKS;
    m.table = table;
    m.last_attacker_card = s->last_a;
    m.last_defender_card = s->last_d;
    m.last_winner = s->last_winner;
    m.last_loser = s->last_loser;
    m.terminal = s->phase == KS_PH_OVER;
    m.end_reason = (Arena__Kursk__EndReason)s->end;
    m.winner = s->winner;
    if (m.terminal) {
        int rank[KS_MAX_SEATS];
        double r[KS_MAX_SEATS];
        ks_ranks(s, rank);
        ks_returns(s, r);
        for (int i = 0; i < np; i++) {
            ranks[i] = (uint32_t)rank[i];
            ret[i] = (int32_t)r[i];
        }
        m.n_ranks = m.n_returns = (size_t)np;
        m.ranks = ranks;
        m.returns = ret;
    }
    size_t size = arena__kursk__observation__get_packed_size(&m);
    if (buf && size <= cap) arena__kursk__observation__pack(&m, buf);
    return size;
}
