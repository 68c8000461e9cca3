/* play.c -- the nodes of a kursk game: who is to act, what they may do, the
 * chance outcomes with their weights, and applying one action (the flow
 * between nodes is in effects.c). */
#include <string.h>

#include "kursk.h"

void ks_state_start(arena_state *s, const ks_config *cfg)
{
    memset(s, 0, sizeof *s);
    s->cfg = *cfg;
    s->phase = KS_PH_FIRST;
    s->to_move = s->first = s->actor = KS_NOBODY;
    s->winner = s->used = s->used_target = KS_NOBODY;
    s->attacker = s->defender = s->a_card = KS_NOBODY;
    s->last_a = s->last_d = s->last_winner = s->last_loser = KS_NOBODY;
    for (int r = 0; r < KS_RANKS; r++)
        s->deck[r] = (uint8_t)ks_total(r, cfg->players);
    for (int k = 0; k < KS_KINDS; k++)
        s->sdeck[k] = 2;
}

int ks_current_player(const arena_state *s)
{
    switch (s->phase) {
    case KS_PH_MULLIGAN:
        return s->actor;
    case KS_PH_TURN:
    case KS_PH_FIGHT:
    case KS_PH_USE:
        return s->to_move;
    case KS_PH_ATTACK:
        return s->attacker;
    case KS_PH_DEFEND:
        return s->defender;
    case KS_PH_OVER:
        return ARENA_TERMINAL;
    default:
        return ARENA_CHANCE;
    }
}

/* Whether `target` suits a special card of `kind` played by the mover. */
static int target_ok(const arena_state *s, int kind, int target)
{
    switch (ks_target_kind(kind)) {
    case KS_TGT_PLAYER:
        return target < s->cfg.players;
    case KS_TGT_OPPONENT:
        return target < s->cfg.players && target != s->to_move;
    default:
        return target >= KS_MAX_SEATS && target < KS_TARGETS;
    }
}

int ks_use_legal(const arena_state *s, int kind, int target)
{
    if (s->phase != KS_PH_USE || kind < 0 || kind >= KS_KINDS || target < 0 || target >= KS_TARGETS)
        return 0;
    if (s->shown[0] != kind && s->shown[1] != kind) return 0;
    return target_ok(s, kind, target);
}

/* Bounded writer of an action list. */
typedef struct list {
    int32_t *out;
    int cap, n;
} list;

static void add(list *l, int32_t a)
{
    if (l->n < l->cap) l->out[l->n] = a;
    l->n++;
}

static void turn_actions(const arena_state *s, list *l)
{
    const uint8_t *h = s->hand[s->to_move];
    for (int r = 0; r < KS_JOKER; r++)
        if (h[r]) add(l, KS_ACT_PLAY + r);
    if (h[KS_JOKER])
        for (int v = 1; v <= 7; v++)
            add(l, KS_ACT_PLAY_X + v - 1);
    if (ks_hand_size(s, s->to_move) < KS_HAND_LIMIT) add(l, KS_ACT_DRAW);
    if (h[KS_JOKER] && s->field[s->to_move] == KS_END_FIELD) add(l, KS_ACT_CLAIM);
}

/* A combat card: from the hand, or blind from the deck while there is a card
 * to draw (with nothing at all to play, `deck` stays: a card worth 0). */
static void combat_actions(const arena_state *s, int seat, list *l)
{
    for (int r = 0; r < KS_RANKS; r++)
        if (s->hand[seat][r]) add(l, KS_ACT_HAND + r);
    if (ks_count(s->deck, KS_RANKS) + ks_count(s->discard, KS_RANKS) > 0 ||
        ks_hand_size(s, seat) == 0)
        add(l, KS_ACT_DECK);
}

int ks_legal_actions(const arena_state *s, int32_t *out, int cap)
{
    list l = {out, out ? cap : 0, 0};
    switch (s->phase) {
    case KS_PH_MULLIGAN:
        add(&l, KS_ACT_KEEP);
        add(&l, KS_ACT_MULLIGAN);
        break;
    case KS_PH_TURN:
        turn_actions(s, &l);
        break;
    case KS_PH_FIGHT:
        for (int i = 0; i < s->cfg.players; i++)
            if (i != s->to_move && s->field[i] == s->landed) add(&l, KS_ACT_FIGHT + i);
        break;
    case KS_PH_ATTACK:
        combat_actions(s, s->attacker, &l);
        break;
    case KS_PH_DEFEND:
        combat_actions(s, s->defender, &l);
        break;
    case KS_PH_USE:
        for (int k = 0; k < KS_KINDS; k++)
            for (int t = 0; t < KS_TARGETS; t++)
                if (ks_use_legal(s, k, t)) add(&l, KS_ACT_USE + k * KS_TARGETS + t);
        break;
    case KS_PH_OVER:
        break;
    default: { /* chance: the outcomes */
        arena_chance_outcome o[KS_RANKS + KS_KINDS];
        int n = ks_chance_outcomes(s, o, KS_RANKS + KS_KINDS);
        for (int i = 0; i < n; i++)
            add(&l, o[i].action);
    }
    }
    return l.n;
}

/* Outcomes base+i weighted by pile[i]. */
static int weighted(const uint8_t *pile, int n, int32_t base, arena_chance_outcome *out, int cap)
{
    int total = ks_count(pile, n), k = 0;
    for (int i = 0; i < n; i++) {
        if (!pile[i]) continue;
        if (k < cap) out[k] = (arena_chance_outcome){base + i, (double)pile[i] / total};
        k++;
    }
    return k;
}

int ks_chance_outcomes(const arena_state *s, arena_chance_outcome *out, int cap)
{
    if (!out) cap = 0;
    switch (s->phase) {
    case KS_PH_FIRST:
        for (int i = 0; i < s->cfg.players && i < cap; i++)
            out[i] = (arena_chance_outcome){KS_ACT_FIRST + i, 1.0 / s->cfg.players};
        return s->cfg.players;
    case KS_PH_DRAW:
        return weighted(s->deck, KS_RANKS, KS_ACT_DRAWN, out, cap);
    case KS_PH_TOP_A:
    case KS_PH_TOP_D:
        return weighted(s->deck, KS_RANKS, KS_ACT_TOP, out, cap);
    case KS_PH_LOSE:
        return weighted(s->hand[s->actor], KS_RANKS, KS_ACT_LOSE, out, cap);
    case KS_PH_TAKE:
        return weighted(s->hand[s->actor], KS_RANKS, KS_ACT_TAKE, out, cap);
    case KS_PH_SPECIAL_DRAW:
        return weighted(s->sdeck, KS_KINDS, KS_ACT_SPECIAL, out, cap);
    default:
        return 0;
    }
}

/* A card from the main deck (the empty deck is rebuilt at once). */
static void take_from_deck(arena_state *s, int rank)
{
    s->deck[rank]--;
    if (ks_count(s->deck, KS_RANKS) == 0)
        for (int r = 0; r < KS_RANKS; r++) {
            s->deck[r] = s->discard[r];
            s->discard[r] = 0;
        }
}

static void play_card(arena_state *s, int rank, int value)
{
    int me = s->to_move;
    s->hand[me][rank]--;
    ks_to_discard(s, rank, 1);
    s->landed = (uint8_t)ks_bounce(s->field[me], value);
    s->field[me] = s->landed;
    s->last_winner = s->last_loser = KS_NOBODY;
    ks_after_move(s);
}

static void mulligan(arena_state *s)
{
    int seat = s->actor, joker = s->hand[seat][KS_JOKER] > 0;
    for (int r = 0; r < KS_RANKS; r++) {
        s->discard[r] = (uint8_t)(s->discard[r] + s->hand[seat][r]);
        s->hand[seat][r] = 0;
    }
    if (joker) { /* the Joker reshuffle: the whole pile into the deck */
        for (int r = 0; r < KS_RANKS; r++) {
            s->deck[r] = (uint8_t)(s->deck[r] + s->discard[r]);
            s->discard[r] = 0;
        }
    }
    ks_start_draws(s, seat, 3, KS_ST_MULLIGAN);
}

static void special_drawn(arena_state *s, int kind)
{
    s->sdeck[kind]--;
    s->shown[s->nshown++] = (uint8_t)kind;
    if (ks_count(s->sdeck, KS_KINDS) == 0) /* rebuilt with the shown cards still out */
        for (int k = 0; k < KS_KINDS; k++) {
            s->sdeck[k] = s->sdiscard[k];
            s->sdiscard[k] = 0;
        }
    if (s->nshown == 2) s->phase = KS_PH_USE;
}

static void use_card(arena_state *s, int kind, int target)
{
    s->sdiscard[s->shown[0]]++;
    s->sdiscard[s->shown[1]]++;
    s->nshown = 0;
    s->used = (uint8_t)kind;
    s->used_target = (uint8_t)target;
    ks_special_effect(s, kind, target);
}

void ks_step(arena_state *s, int32_t a)
{
    if (a < KS_ACT_PLAY_X) {
        play_card(s, a - KS_ACT_PLAY, ks_move_value(a - KS_ACT_PLAY));
    } else if (a < KS_ACT_DRAW) {
        play_card(s, KS_JOKER, a - KS_ACT_PLAY_X + 1);
    } else if (a == KS_ACT_DRAW) {
        ks_start_draws(s, s->to_move, ks_hand_size(s, s->to_move) ? 1 : 2, KS_ST_END_TURN);
    } else if (a == KS_ACT_CLAIM) {
        s->turns++;
        s->winner = s->to_move;
        s->end = KS_END_CLAIM;
        s->phase = KS_PH_OVER;
    } else if (a == KS_ACT_KEEP) {
        s->stage = KS_ST_MULLIGAN;
        ks_resume(s);
    } else if (a == KS_ACT_MULLIGAN) {
        mulligan(s);
    } else if (a < KS_ACT_HAND) {
        ks_start_combat(s, a - KS_ACT_FIGHT);
    } else if (a <= KS_ACT_DECK) {
        int attacking = s->phase == KS_PH_ATTACK, seat = attacking ? s->attacker : s->defender;
        int rank = a - KS_ACT_HAND;
        if (a == KS_ACT_DECK) {
            if (attacking)
                s->a_src = KS_SRC_DECK, s->phase = KS_PH_TOP_A;
            else
                s->d_src = KS_SRC_DECK, s->phase = KS_PH_TOP_D;
        } else {
            s->hand[seat][rank]--;
            if (attacking) {
                s->a_src = KS_SRC_HAND;
                s->a_card = (uint8_t)rank;
                s->phase = KS_PH_DEFEND;
            } else {
                s->d_src = KS_SRC_HAND;
                ks_combat_reveal(s, rank);
            }
        }
    } else if (a < KS_ACT_FIRST) {
        int u = a - KS_ACT_USE;
        use_card(s, u / KS_TARGETS, u % KS_TARGETS);
    } else if (a < KS_ACT_DRAWN) {
        s->first = s->to_move = (uint8_t)(a - KS_ACT_FIRST);
        ks_start_draws(s, s->first, 3, KS_ST_DEAL);
    } else if (a < KS_ACT_TOP) {
        take_from_deck(s, a - KS_ACT_DRAWN);
        s->draw_left--;
        ks_enter_hand(s, s->actor, a - KS_ACT_DRAWN);
    } else if (a < KS_ACT_LOSE) {
        int rank = a - KS_ACT_TOP;
        take_from_deck(s, rank);
        if (s->phase == KS_PH_TOP_A) {
            s->a_card = (uint8_t)rank;
            s->phase = KS_PH_DEFEND;
        } else {
            ks_combat_reveal(s, rank);
        }
    } else if (a < KS_ACT_TAKE) {
        s->hand[s->actor][a - KS_ACT_LOSE]--;
        ks_to_discard(s, a - KS_ACT_LOSE, 1);
        if (s->draw_left > 0)
            s->phase = KS_PH_DRAW;
        else
            ks_resume(s);
    } else if (a < KS_ACT_SPECIAL) {
        s->hand[s->actor][a - KS_ACT_TAKE]--;
        ks_enter_hand(s, s->to_move, a - KS_ACT_TAKE);
    } else {
        special_drawn(s, a - KS_ACT_SPECIAL);
    }
}

int ks_apply(arena_state *s, int32_t a)
{
    int32_t legal[64];
    int n = ks_legal_actions(s, legal, 64), ok = 0;
    for (int i = 0; i < n && !ok; i++)
        ok = legal[i] == a;
    if (!ok) return -1;
    ks_step(s, a);
    ks_settle(s);
    return 0;
}
