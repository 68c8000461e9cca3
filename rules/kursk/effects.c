/* effects.c -- what happens between the nodes of a kursk game: cards moving
 * between piles and hands (with the hand limit, the empty-deck rebuild and
 * the Joker reshuffle), the end of a move (combat or special field), the
 * combat's reveal and outcome, the special cards' effects, and the end of a
 * turn. ks_settle runs the flow on from a node just left until the next real
 * one: a decision, or a chance node with two outcomes or more (rules.h: a
 * single outcome is applied directly; no outcome at all, an empty deck and
 * discard pile, draws nothing). */
#include "kursk.h"

static void joker_reshuffle(arena_state *s)
{
    for (int r = 0; r < KS_RANKS; r++) {
        s->deck[r] = (uint8_t)(s->deck[r] + s->discard[r]);
        s->discard[r] = 0;
    }
}

/* The rebuild of an empty deck from its discard pile. */
static void refill(arena_state *s)
{
    if (ks_count(s->deck, KS_RANKS) == 0) joker_reshuffle(s);
}

void ks_to_discard(arena_state *s, int rank, int n)
{
    if (rank < 0 || rank >= KS_RANKS || n <= 0) return;
    s->discard[rank] = (uint8_t)(s->discard[rank] + n);
    if (rank == KS_JOKER) joker_reshuffle(s);
}

/* After a card entered a hand: the hand limit (a random discard, LOSE), else
 * the next draw of the chain, else the chain is over. */
static void after_card(arena_state *s, int seat)
{
    if (ks_hand_size(s, seat) > KS_HAND_LIMIT) {
        s->actor = (uint8_t)seat;
        s->phase = KS_PH_LOSE;
    } else if (s->draw_left > 0) {
        s->phase = KS_PH_DRAW;
    } else {
        ks_resume(s);
    }
}

void ks_enter_hand(arena_state *s, int seat, int rank)
{
    s->hand[seat][rank]++;
    after_card(s, seat);
}

void ks_start_draws(arena_state *s, int seat, int n, int stage)
{
    s->actor = (uint8_t)seat;
    s->draw_left = (uint8_t)n;
    s->stage = (uint8_t)stage;
    s->phase = KS_PH_DRAW;
}

void ks_end_turn(arena_state *s)
{
    s->turns++;
    s->stage = KS_ST_NONE;
    s->used = KS_NOBODY;
    if (s->turns >= (unsigned)s->cfg.max_rounds * s->cfg.players) {
        s->phase = KS_PH_OVER;
        s->end = KS_END_ROUNDS;
        return;
    }
    s->to_move = (uint8_t)((s->to_move + 1) % s->cfg.players);
    s->phase = KS_PH_TURN;
}

/* After a move's combat (if any): the special field, if the mover still
 * stands on the field it landed on. */
static void special_check(arena_state *s)
{
    if (s->field[s->to_move] == s->landed && ks_is_special_field(s->landed)) {
        s->nshown = 0;
        s->phase = KS_PH_SPECIAL_DRAW;
    } else {
        ks_end_turn(s);
    }
}

void ks_start_combat(arena_state *s, int defender)
{
    s->attacker = s->to_move;
    s->defender = (uint8_t)defender;
    s->a_src = s->d_src = KS_SRC_NONE;
    for (int r = 0; r < KS_RANKS; r++)
        s->table[r] = 0;
    ks_start_draws(s, s->attacker, 1, KS_ST_COMBAT); /* step 1 */
}

void ks_after_move(arena_state *s)
{
    int others = 0, last = -1;
    for (int i = 0; i < s->cfg.players; i++)
        if (i != s->to_move && s->field[i] == s->landed) others++, last = i;
    if (others == 0)
        special_check(s);
    else if (others == 1)
        ks_start_combat(s, last);
    else
        s->phase = KS_PH_FIGHT;
}

/* Steps 7 and 8: every card of the combat to the discard pile together (then
 * the Joker reshuffle), the loser back by the winning card. */
static void finish_combat(arena_state *s)
{
    int joker = s->table[KS_JOKER] > 0;
    for (int r = 0; r < KS_RANKS; r++) {
        s->discard[r] = (uint8_t)(s->discard[r] + s->table[r]);
        s->table[r] = 0;
    }
    if (joker) joker_reshuffle(s);
    if (s->last_loser != KS_NOBODY) {
        int win_card = s->last_winner == s->attacker ? s->last_a : s->last_d;
        int l = s->last_loser;
        s->field[l] = (uint8_t)ks_bounce(s->field[l], -ks_combat_value(win_card));
    }
    s->attacker = s->defender = KS_NOBODY;
    s->a_src = s->d_src = KS_SRC_NONE;
    special_check(s);
}

static void put_on_table(arena_state *s, int rank)
{
    if (rank != KS_NOCARD) s->table[rank]++;
}

/* Steps 4-6 once both cards are down. */
void ks_combat_reveal(arena_state *s, int d_card)
{
    int a_card = s->a_card;
    int va = ks_combat_value(a_card), vd = ks_combat_value(d_card);
    put_on_table(s, a_card);
    put_on_table(s, d_card);
    s->a_card = KS_NOBODY;
    s->last_a = (uint8_t)a_card;
    s->last_d = (uint8_t)d_card;
    if (va == vd && va > 0) { /* step 5: again, the tied cards stay */
        s->a_src = s->d_src = KS_SRC_NONE;
        s->phase = KS_PH_ATTACK;
        return;
    }
    if (va == vd) { /* nobody had a card at all: no loser */
        s->last_winner = s->last_loser = KS_NOBODY;
        finish_combat(s);
        return;
    }
    int w = va > vd ? s->attacker : s->defender, l = va > vd ? s->defender : s->attacker;
    s->last_winner = (uint8_t)w;
    s->last_loser = (uint8_t)l;
    if (s->hand[l][KS_JOKER] > 0) { /* step 6: the winner takes a Joker */
        s->hand[l][KS_JOKER]--;
        s->draw_left = 0;
        s->stage = KS_ST_THEFT;
        ks_enter_hand(s, w, KS_JOKER);
        return;
    }
    finish_combat(s);
}

/* The next Alarm victim in turn order from the card player, or the turn ends. */
static void next_alarm(arena_state *s)
{
    for (int k = 0; k < s->cfg.players; k++) {
        int seat = (s->to_move + k) % s->cfg.players;
        if (s->alarm_left & (1u << seat)) {
            s->alarm_left = (uint8_t)(s->alarm_left & ~(1u << seat));
            s->actor = (uint8_t)seat;
            s->draw_left = 0;
            s->stage = KS_ST_ALARM;
            s->phase = KS_PH_LOSE;
            return;
        }
    }
    ks_end_turn(s);
}

/* Seats standing in (inside != 0) or outside a section, as a bit set. */
static unsigned section_set(const arena_state *s, int section, int inside)
{
    unsigned set = 0;
    for (int i = 0; i < s->cfg.players; i++)
        if ((ks_section(s->field[i]) == section) == (inside != 0)) set |= 1u << i;
    return set;
}

void ks_special_effect(arena_state *s, int kind, int target)
{
    int section = target - KS_MAX_SEATS;
    unsigned set;
    switch (kind) {
    case KS_SILENT_RUNNING:
        s->field[target] = (uint8_t)ks_bounce(s->field[target], 2);
        break;
    case KS_DEPTH_CHARGE:
    case KS_FLOODING:
        set = section_set(s, section, kind == KS_DEPTH_CHARGE);
        /* players <= KS_MAX_SEATS always; the second bound tells GCC, whose
         * -O3 stringop-overflow warning cannot see it */
        for (int i = 0; i < s->cfg.players && i < KS_MAX_SEATS; i++)
            if (set & (1u << i))
                s->field[i] = (uint8_t)ks_bounce(s->field[i], kind == KS_DEPTH_CHARGE ? -3 : -2);
        break;
    case KS_SEARCH:
        s->actor = (uint8_t)target;
        s->draw_left = 0;
        s->stage = KS_ST_END_TURN;
        s->phase = KS_PH_LOSE;
        return;
    case KS_BRIBE:
        s->actor = (uint8_t)target;
        s->draw_left = 0;
        s->stage = KS_ST_END_TURN;
        s->phase = KS_PH_TAKE;
        return;
    case KS_SUPPLIES:
        ks_start_draws(s, target, 2, KS_ST_END_TURN);
        return;
    case KS_ALARM:
        s->alarm_left = (uint8_t)section_set(s, section, 1);
        next_alarm(s);
        return;
    case KS_SWAP: {
        uint8_t f = s->field[s->to_move];
        s->field[s->to_move] = s->field[target];
        s->field[target] = f;
        break;
    }
    }
    ks_end_turn(s);
}

void ks_resume(arena_state *s)
{
    int stage = s->stage;
    s->stage = KS_ST_NONE;
    switch (stage) {
    case KS_ST_DEAL: {
        int next = (s->actor + 1) % s->cfg.players;
        if (next == s->first) {
            s->actor = s->first;
            s->phase = KS_PH_MULLIGAN;
        } else {
            ks_start_draws(s, next, 3, KS_ST_DEAL);
        }
        break;
    }
    case KS_ST_MULLIGAN: {
        int next = (s->actor + 1) % s->cfg.players;
        if (next == s->first) { /* all decided: the discards go back (seed) */
            joker_reshuffle(s);
            s->actor = KS_NOBODY;
            s->to_move = s->first;
            s->phase = KS_PH_TURN;
        } else {
            s->actor = (uint8_t)next;
            s->phase = KS_PH_MULLIGAN;
        }
        break;
    }
    case KS_ST_COMBAT:
        s->phase = KS_PH_ATTACK;
        break;
    case KS_ST_THEFT:
        finish_combat(s);
        break;
    case KS_ST_ALARM:
        next_alarm(s);
        break;
    default:
        ks_end_turn(s);
        break;
    }
}

/* A chance node without any outcome: what the rules page makes of it. */
static void no_outcome(arena_state *s)
{
    switch (s->phase) {
    case KS_PH_DRAW: /* deck and discard pile empty: nothing is drawn */
        s->draw_left = 0;
        ks_resume(s);
        break;
    case KS_PH_LOSE: /* an empty hand has nothing to lose */
        if (s->draw_left > 0)
            s->phase = KS_PH_DRAW;
        else
            ks_resume(s);
        break;
    case KS_PH_TAKE:
        ks_resume(s);
        break;
    case KS_PH_TOP_A: /* nothing left to play blind: a card worth 0 */
        s->a_card = KS_NOCARD;
        s->phase = KS_PH_DEFEND;
        break;
    case KS_PH_TOP_D:
        ks_combat_reveal(s, KS_NOCARD);
        break;
    default:
        s->phase = KS_PH_OVER;
        break; /* unreachable: the special deck never runs dry */
    }
}

void ks_settle(arena_state *s)
{
    for (;;) {
        if (s->phase == KS_PH_DRAW && s->draw_left == 0) {
            ks_resume(s);
            continue;
        }
        if (s->phase == KS_PH_DRAW || s->phase == KS_PH_TOP_A || s->phase == KS_PH_TOP_D) refill(s);
        if (ks_current_player(s) != ARENA_CHANCE) return;
        arena_chance_outcome out[KS_RANKS + KS_KINDS];
        int n = ks_chance_outcomes(s, out, KS_RANKS + KS_KINDS);
        if (n >= 2) return;
        if (n == 1)
            ks_step(s, out[0].action);
        else
            no_outcome(s);
    }
}
