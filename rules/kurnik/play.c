/* play.c -- a kurnik turn: the roll with its goods, foxes and doubles, the
 * gift, the exchanges and `end` with the win and round-cap checks. The order
 * inside a roll is fixed by the rules page: the dice's eggs and chicks first,
 * then one fox per 6, then the doubles gift. */
#include <string.h>

#include "kurnik.h"

/* Roll index i (0..20) <-> dice low <= high, in the order 1-1 1-2 .. 6-6. */
void ku_roll_dice(int index, int *low, int *high)
{
    int a = 1;
    while (index >= 7 - a) {
        index -= 7 - a;
        a++;
    }
    *low = a;
    *high = a + index;
}

int ku_roll_index(int low, int high)
{
    if (low < 1 || low > high || high > 6) return -1;
    int index = 0;
    for (int a = 1; a < low; a++)
        index += 7 - a;
    return index + high - low;
}

void ku_state_start(arena_state *s, const ku_config *cfg)
{
    memset(s, 0, sizeof *s);
    s->cfg = *cfg;
    s->phase = KU_PHASE_ROLL;
    s->winner = KU_NOBODY;
    s->gift_to = KU_NOBODY;
}

int ku_current_player(const arena_state *s)
{
    switch (s->phase) {
    case KU_PHASE_EXCHANGE:
        return s->to_move;
    case KU_PHASE_OVER:
        return ARENA_TERMINAL;
    default:
        return ARENA_CHANCE;
    }
}

/* Whether player action a (0..3) is allowed to the player to move. */
static int exchange_ok(const arena_state *s, int32_t a)
{
    const ku_goods *g = &s->goods[s->to_move];
    switch (a) {
    case KU_ACT_EGG_CHICK:
        return g->eggs >= 3;
    case KU_ACT_CHICK_HEN:
        return g->chicks >= 3;
    case KU_ACT_HEN_ROOSTER:
        return g->hens >= 3 && !g->rooster;
    case KU_ACT_END:
        return 1;
    default:
        return 0;
    }
}

static int is_legal(const arena_state *s, int32_t a)
{
    switch (s->phase) {
    case KU_PHASE_ROLL:
        return a >= KU_ACT_ROLL && a < KU_ACT_ROLL + KU_ROLLS;
    case KU_PHASE_GIFT:
        return a >= KU_ACT_GIFT && a < KU_ACT_GIFT + s->cfg.players &&
               a - KU_ACT_GIFT != s->to_move;
    case KU_PHASE_EXCHANGE:
        return exchange_ok(s, a);
    default:
        return 0;
    }
}

int ku_legal_actions(const arena_state *s, int32_t *out, int cap)
{
    int n = 0;
    for (int32_t a = 0; a < KU_NUM_ACTIONS; a++)
        if (is_legal(s, a)) {
            if (n < cap) out[n] = a;
            n++;
        }
    return n;
}

int ku_chance_outcomes(const arena_state *s, arena_chance_outcome *out, int cap)
{
    int n = 0;
    if (s->phase == KU_PHASE_ROLL) {
        for (int i = 0; i < KU_ROLLS; i++, n++) {
            int low, high;
            ku_roll_dice(i, &low, &high);
            if (n < cap)
                out[n] = (arena_chance_outcome){KU_ACT_ROLL + i, low == high ? 1.0 / 36 : 2.0 / 36};
        }
    } else if (s->phase == KU_PHASE_GIFT) {
        double p = 1.0 / (s->cfg.players - 1);
        for (int seat = 0; seat < s->cfg.players; seat++) {
            if (seat == s->to_move) continue;
            if (n < cap) out[n] = (arena_chance_outcome){KU_ACT_GIFT + seat, p};
            n++;
        }
    }
    return n;
}

/* One die's take: 1-3 an egg, 4-5 a chick (a 6 is a fox, settled after). */
static void take(ku_goods *g, int die)
{
    if (die <= 3)
        g->eggs++;
    else if (die <= 5)
        g->chicks++;
}

/* One fox: the rooster chases it; otherwise it eats every chick, or, with no
 * chick to eat, one hen. "No chick" is judged at each fox, so a 6-6 first eats
 * the chicks and then a hen. */
static void fox(arena_state *s, ku_goods *g)
{
    if (g->rooster) {
        s->chased++;
    } else if (g->chicks) {
        s->ate_chicks += g->chicks;
        g->chicks = 0;
    } else if (g->hens) {
        g->hens--;
        s->ate_hens++;
    }
}

/* Hands the pending gift from the player to move to seat `to`. */
static void give(arena_state *s, int to)
{
    ku_goods *from = &s->goods[s->to_move], *dst = &s->goods[to];
    if (s->gift == KU_GIFT_CHICK) {
        from->chicks--;
        dst->chicks++;
    } else {
        from->eggs--;
        dst->eggs++;
    }
    s->gift_to = (uint8_t)to;
    s->phase = KU_PHASE_EXCHANGE;
}

static void roll(arena_state *s, int index)
{
    int low, high;
    ku_roll_dice(index, &low, &high);
    ku_goods *g = &s->goods[s->to_move];
    s->die[0] = (uint8_t)low;
    s->die[1] = (uint8_t)high;
    s->chased = s->ate_chicks = s->ate_hens = 0;
    s->gift = KU_GIFT_NONE;
    s->gift_to = KU_NOBODY;
    take(g, low);
    take(g, high);
    if (low == 6) fox(s, g);
    if (high == 6) fox(s, g);
    s->phase = KU_PHASE_EXCHANGE;
    if (low != high) return;
    /* Doubles: a chick if there is one, else an egg, else nothing (no draw). */
    s->gift = g->chicks ? KU_GIFT_CHICK : g->eggs ? KU_GIFT_EGG : KU_GIFT_NONE;
    if (s->gift == KU_GIFT_NONE) return;
    if (s->cfg.players == 2)
        give(s, s->to_move ^ 1); /* one possible recipient: no node */
    else
        s->phase = KU_PHASE_GIFT;
}

/* `end`: the win is checked here and only here, for the player to move; then
 * the round cap; then the turn passes. */
static void end_turn(arena_state *s)
{
    s->turns++;
    if (s->goods[s->to_move].hens >= KU_GOAL) {
        s->winner = s->to_move;
        s->end = KU_END_HENS;
        s->phase = KU_PHASE_OVER;
    } else if (s->turns >= (uint32_t)s->cfg.max_rounds * s->cfg.players) {
        s->end = KU_END_ROUNDS;
        s->phase = KU_PHASE_OVER;
    } else {
        s->to_move = (uint8_t)((s->to_move + 1) % s->cfg.players);
        s->phase = KU_PHASE_ROLL;
    }
}

int ku_apply(arena_state *s, int32_t a)
{
    if (!is_legal(s, a)) return -1;
    ku_goods *g = &s->goods[s->to_move];
    switch (a) {
    case KU_ACT_EGG_CHICK:
        g->eggs -= 3;
        g->chicks++;
        break;
    case KU_ACT_CHICK_HEN:
        g->chicks -= 3;
        g->hens++;
        break;
    case KU_ACT_HEN_ROOSTER:
        g->hens -= 3;
        g->rooster = 1;
        break;
    case KU_ACT_END:
        end_turn(s);
        break;
    default:
        if (a < KU_ACT_GIFT)
            roll(s, a - KU_ACT_ROLL);
        else
            give(s, a - KU_ACT_GIFT);
    }
    return 0;
}
