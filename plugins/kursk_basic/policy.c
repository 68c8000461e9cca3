/* policy.c -- the kursk_basic policy (policy.h). */
#include "policy.h"

#include <string.h>

#define CARD_WORTH 1.5  /* a card in hand, in fields */
#define JOKER_WORTH 5.0 /* a Joker: the only way to win */

void kb_view_of_state(const arena_state *s, int seat, kb_view *v)
{
    memset(v, 0, sizeof *v);
    v->players = s->cfg.players;
    v->me = seat;
    v->phase = s->phase;
    v->to_move = s->to_move;
    v->landed = s->landed;
    for (int i = 0; i < v->players; i++) {
        v->field[i] = s->field[i];
        v->hand_size[i] = ks_hand_size(s, i);
        v->jokers[i] = s->hand[i][KS_JOKER];
    }
    for (int r = 0; r < KS_RANKS; r++)
        v->hand[r] = s->hand[seat][r];
    v->nshown = s->nshown;
    v->shown[0] = s->shown[0];
    v->shown[1] = s->shown[1];
}

static int has(const int32_t *legal, int n, int32_t a)
{
    for (int i = 0; i < n; i++)
        if (legal[i] == a) return 1;
    return 0;
}

/* TURN: claim, an exact landing, the largest card that fits, or a draw. */
static int32_t turn(const kb_view *v, const int32_t *legal, int n)
{
    if (has(legal, n, KS_ACT_CLAIM)) return KS_ACT_CLAIM;
    int rem = KS_END_FIELD - v->field[v->me], best = -1, smallest = -1, cards = 0;
    for (int r = 0; r < KS_JOKER; r++) {
        if (!v->hand[r]) continue;
        cards += v->hand[r];
        int val = ks_move_value(r);
        if (val == rem) return KS_ACT_PLAY + r;
        if (val < rem && (best < 0 || val > ks_move_value(best))) best = r;
        if (smallest < 0 || val < ks_move_value(smallest)) smallest = r;
    }
    int can_draw = has(legal, n, KS_ACT_DRAW);
    if (v->hand[KS_JOKER] >= 2 && rem >= 1 && rem <= 7) return KS_ACT_PLAY_X + rem - 1;
    if (can_draw && (cards + v->hand[KS_JOKER] <= 1 || best < 0)) return KS_ACT_DRAW;
    if (best >= 0) return KS_ACT_PLAY + best;
    if (smallest >= 0) return KS_ACT_PLAY + smallest;
    if (rem >= 1 && rem <= 7) return KS_ACT_PLAY_X + rem - 1;
    return legal[0];
}

/* ATTACK/DEFEND: the best non-Joker card if it is worth 4 or more. */
static int32_t fight_card(const kb_view *v, const int32_t *legal, int n)
{
    int best = -1;
    for (int r = 0; r < KS_JOKER; r++)
        if (v->hand[r] && (best < 0 || ks_combat_value(r) > ks_combat_value(best))) best = r;
    if (best >= 0 && (ks_combat_value(best) >= 4 || !has(legal, n, KS_ACT_DECK)))
        return KS_ACT_HAND + best;
    if (has(legal, n, KS_ACT_DECK)) return KS_ACT_DECK;
    return legal[n - 1];
}

/* The value of a seat's position change for v->me: its own gains count, an
 * opponent's count against it, shared among the opponents. */
static double weigh(const kb_view *v, int seat, double gain)
{
    return seat == v->me ? gain : -gain / (v->players - 1);
}

static double card_loss(const kb_view *v, int seat)
{
    if (v->hand_size[seat] == 0) return 0;
    return CARD_WORTH + JOKER_WORTH * v->jokers[seat] / v->hand_size[seat];
}

double kb_use_score(const kb_view *v, int kind, int target)
{
    double score = 0;
    int section = target - KS_MAX_SEATS, me = v->me;
    switch (kind) {
    case KS_SILENT_RUNNING:
        return weigh(v, target, ks_bounce(v->field[target], 2) - v->field[target]);
    case KS_DEPTH_CHARGE:
    case KS_FLOODING:
        for (int i = 0; i < v->players; i++) {
            int in = ks_section(v->field[i]) == section;
            if (in == (kind == KS_DEPTH_CHARGE)) {
                int d = kind == KS_DEPTH_CHARGE ? -3 : -2;
                score += weigh(v, i, ks_bounce(v->field[i], d) - v->field[i]);
            }
        }
        return score;
    case KS_SEARCH:
        return weigh(v, target, -card_loss(v, target));
    case KS_BRIBE:
        return weigh(v, target, -card_loss(v, target)) + (v->hand_size[me] < 4 ? CARD_WORTH : 0);
    case KS_SUPPLIES:
        return weigh(v, target, v->hand_size[target] <= 2 ? 2 * CARD_WORTH : CARD_WORTH * 0.5);
    case KS_ALARM:
        for (int i = 0; i < v->players; i++)
            if (ks_section(v->field[i]) == section) score += weigh(v, i, -card_loss(v, i));
        return score;
    case KS_SWAP:
        return (v->field[target] - v->field[me]) * (1.0 + 1.0 / (v->players - 1));
    }
    return 0;
}

static int32_t use(const kb_view *v, const int32_t *legal, int n)
{
    int32_t best = legal[0];
    double best_score = -1e9;
    for (int i = 0; i < n; i++) {
        int u = legal[i] - KS_ACT_USE;
        double sc = kb_use_score(v, u / KS_TARGETS, u % KS_TARGETS);
        if (sc > best_score) best_score = sc, best = legal[i];
    }
    return best;
}

/* FIGHT: the opponent with the fewest cards (the weakest defender). */
static int32_t fight(const kb_view *v, const int32_t *legal, int n)
{
    int32_t best = legal[0];
    for (int i = 1; i < n; i++)
        if (v->hand_size[legal[i] - KS_ACT_FIGHT] < v->hand_size[best - KS_ACT_FIGHT])
            best = legal[i];
    return best;
}

static int32_t mulligan(const kb_view *v)
{
    int sum = 0;
    for (int r = 0; r < KS_JOKER; r++)
        sum += v->hand[r] * ks_move_value(r);
    return v->hand[KS_JOKER] || sum >= 9 ? KS_ACT_KEEP : KS_ACT_MULLIGAN;
}

int32_t kb_choose(const kb_view *v, const int32_t *legal, int n, arena_rng *rng)
{
    if (n == 1) return legal[0];
    if (rng && arena_rng_below(rng, 100) < 10 && !has(legal, n, KS_ACT_CLAIM))
        return arena_rng_pick(rng, legal, n);
    switch (v->phase) {
    case KS_PH_MULLIGAN:
        return mulligan(v);
    case KS_PH_TURN:
        return turn(v, legal, n);
    case KS_PH_FIGHT:
        return fight(v, legal, n);
    case KS_PH_ATTACK:
    case KS_PH_DEFEND:
        return fight_card(v, legal, n);
    case KS_PH_USE:
        return use(v, legal, n);
    default:
        return legal[0];
    }
}
