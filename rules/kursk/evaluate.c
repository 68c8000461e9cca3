/* evaluate.c -- a heuristic value of a kursk position (rules.h: evaluate),
 * for search bots that score a move by the position it leads to: a random
 * playout runs a hundred rounds more, and one card then moves its outcome
 * too little to be seen.
 *
 * The game is a race: a seat wins by standing on the hatch (24) with a Joker
 * in hand on its turn, and at the round cap the furthest field ranks first.
 * Each seat's *standing* is counted in fields: its field, its cards (a card
 * is a move, a combat card, something a Search can take instead of a Joker),
 * its Jokers (the only way to win, worth more the nearer the hatch), and a
 * bonus when it stands on the hatch with a Joker, or could land there next
 * turn and still hold a Joker to claim with. What the current node has
 * pending is valued by its expectation: cards still to draw (at the deck's
 * Joker share), a random discard, a combat under way (the chance that the
 * attacker wins, from the cards each side has or the deck's, times what the
 * loser gives up: the winning card's fields and a Joker), the special card
 * the mover is about to draw. Seat i's value is the mean over its opponents
 * j of a sigmoid of S_i - S_j, its scale shrinking over the last rounds
 * (a lead then settles the game at the cap); a seat to move on the hatch
 * with a Joker wins at once. Pure and deterministic: reads the whole state
 * (a searcher hands it a determinisation) and changes nothing. */
#include "kursk.h"

#define EV_CARD 0.6      /* a card in hand, in fields */
#define EV_JOKER 3.0     /* a first Joker at field 0; + field / 6 */
#define EV_JOKER2 0.5    /* a second Joker, relative to the first */
#define EV_READY 8.0     /* on the hatch with a Joker: claims next turn */
#define EV_NEAR 3.0      /* a Joker and a card landing exactly on the hatch */
#define EV_SPECIAL 1.0   /* a special card about to be drawn by the mover */
#define EV_SCALE 6.0     /* sigmoid scale, in fields, far from the cap */
#define EV_SCALE_MIN 1.5 /* and at the last round */
#define EV_WIN 0.98      /* a seat to move that can claim */

static double joker_worth(int field)
{
    return EV_JOKER + field / 6.0;
}

/* Fields, cards and Jokers of seat; hand[] may differ from the state's (a
 * card pending), the field too (a combat's loser). */
static double standing(int field, const uint8_t *hand)
{
    int x = hand[KS_JOKER], cards = 0, exact = 0;
    for (int r = 0; r < KS_JOKER; r++) {
        cards += hand[r];
        if (hand[r] && field + ks_move_value(r) == KS_END_FIELD) exact = 1;
    }
    double s = field + EV_CARD * cards;
    if (x > 0) s += joker_worth(field) * (x > 1 ? 1 + EV_JOKER2 : 1);
    if (x > 0 && field == KS_END_FIELD)
        s += EV_READY;
    else if ((x > 0 && exact) || (x > 1 && KS_END_FIELD - field <= 7))
        s += EV_NEAR;
    return s;
}

static double seat_standing(const arena_state *s, int seat)
{
    return standing(s->field[seat], s->hand[seat]);
}

/* Cards of a pile and the share that are Jokers. */
static double joker_share(const uint8_t *pile)
{
    int n = ks_count(pile, KS_RANKS);
    return n ? (double)pile[KS_JOKER] / n : 0;
}

/* What a card more (drawn from the deck) adds to seat's standing, expected;
 * hand limit ignored. */
static double draw_gain(const arena_state *s, int seat)
{
    const uint8_t *pile = ks_count(s->deck, KS_RANKS) ? s->deck : s->discard;
    double p = joker_share(pile);
    int f = s->field[seat], x = s->hand[seat][KS_JOKER];
    double jw = joker_worth(f) * (x == 0 ? 1 : x == 1 ? EV_JOKER2 : 0);
    if (f == KS_END_FIELD && x == 0) jw += EV_READY;
    return p * jw + (1 - p) * EV_CARD;
}

/* What one random card out of seat's hand costs it, expected. */
static double discard_loss(const arena_state *s, int seat)
{
    int n = ks_hand_size(s, seat);
    if (n == 0) return 0;
    double sum = 0;
    uint8_t hand[KS_RANKS];
    for (int r = 0; r < KS_RANKS; r++)
        hand[r] = s->hand[seat][r];
    double whole = standing(s->field[seat], hand);
    for (int r = 0; r < KS_RANKS; r++) {
        if (!hand[r]) continue;
        hand[r]--;
        sum += s->hand[seat][r] * (whole - standing(s->field[seat], hand));
        hand[r]++;
    }
    return sum / n;
}

/* P(value v) of a blind card from the deck (its discard pile when empty),
 * over combat values 0..7. */
static void deck_values(const arena_state *s, double *p)
{
    const uint8_t *pile = ks_count(s->deck, KS_RANKS) ? s->deck : s->discard;
    int n = ks_count(pile, KS_RANKS);
    for (int v = 0; v <= 7; v++)
        p[v] = 0;
    if (n == 0) {
        p[0] = 1;
        return;
    }
    for (int r = 0; r < KS_RANKS; r++)
        p[ks_combat_value(r)] += (double)pile[r] / n;
}

/* The combat card a side will show, as P(value) over 0..7: its best hand
 * card when that is at least the deck's mean, else a blind one. */
static void side_values(const arena_state *s, int seat, const double *deck, double *p)
{
    double mean = 0;
    for (int v = 0; v <= 7; v++)
        mean += v * deck[v];
    int best = -1;
    for (int r = 0; r < KS_RANKS; r++)
        if (s->hand[seat][r] && ks_combat_value(r) > best) best = ks_combat_value(r);
    for (int v = 0; v <= 7; v++)
        p[v] = best >= mean ? v == best : deck[v];
}

/* A combat under way: the attacker's chance to win and the winning card's
 * expected value given each side wins (ties are fought again: split). */
static void combat_odds(const arena_state *s, double *p_att, double *v_att, double *v_def)
{
    double deck[8], a[8], d[8];
    deck_values(s, deck);
    int known_a = (s->phase == KS_PH_DEFEND || s->phase == KS_PH_TOP_D) && s->a_card != KS_NOBODY;
    if (known_a) {
        for (int v = 0; v <= 7; v++)
            a[v] = v == ks_combat_value(s->a_card);
    } else if (s->phase == KS_PH_TOP_A) {
        for (int v = 0; v <= 7; v++)
            a[v] = deck[v];
    } else {
        side_values(s, s->attacker, deck, a);
    }
    if (s->phase == KS_PH_TOP_D)
        for (int v = 0; v <= 7; v++)
            d[v] = deck[v];
    else
        side_values(s, s->defender, deck, d);
    double win = 0, lose = 0, wv = 0, lv = 0;
    for (int i = 0; i <= 7; i++)
        for (int j = 0; j <= 7; j++) {
            double q = a[i] * d[j];
            if (i > j) win += q, wv += q * i;
            if (i < j) lose += q, lv += q * j;
        }
    double tie = 1 - win - lose;
    *p_att = win + tie / 2;
    *v_att = win > 0 ? wv / win : 5;
    *v_def = lose > 0 ? lv / lose : 5;
}

/* The standing seat w gains and seat l loses when w wins a combat by a card
 * of value v: l moves back by v and hands over a Joker if it has one. */
static void combat_swing(const arena_state *s, int w, int l, double v, double *gw, double *gl)
{
    int back = (int)(v + 0.5);
    uint8_t lh[KS_RANKS], wh[KS_RANKS];
    for (int r = 0; r < KS_RANKS; r++)
        lh[r] = s->hand[l][r], wh[r] = s->hand[w][r];
    if (lh[KS_JOKER]) lh[KS_JOKER]--, wh[KS_JOKER]++;
    *gl = standing(ks_bounce(s->field[l], -back), lh) - seat_standing(s, l);
    *gw = standing(s->field[w], wh) - seat_standing(s, w);
}

/* 0..1, 1/2 at 0, sigmoid(x) + sigmoid(-x) = 1 (no libm). */
static double sigmoid(double x)
{
    return 0.5 + 0.5 * x / (1 + (x < 0 ? -x : x));
}

static int in_combat(const arena_state *s)
{
    return s->attacker != KS_NOBODY && s->defender != KS_NOBODY &&
           (s->phase == KS_PH_ATTACK || s->phase == KS_PH_TOP_A || s->phase == KS_PH_DEFEND ||
            s->phase == KS_PH_TOP_D || s->stage == KS_ST_COMBAT);
}

void ks_evaluate(const arena_state *s, double *out)
{
    int n = s->cfg.players;
    double st[KS_MAX_SEATS];
    for (int i = 0; i < n; i++)
        out[i] = 0.5;
    if (s->phase == KS_PH_OVER || s->phase == KS_PH_FIRST) return;
    for (int i = 0; i < n; i++)
        st[i] = seat_standing(s, i);
    if (s->phase == KS_PH_DRAW && s->actor < n)
        st[s->actor] += s->draw_left * draw_gain(s, s->actor);
    if (s->phase == KS_PH_LOSE && s->actor < n) st[s->actor] -= discard_loss(s, s->actor);
    if (in_combat(s)) {
        double p, va, vd, gw, gl;
        combat_odds(s, &p, &va, &vd);
        int a = s->attacker, d = s->defender;
        combat_swing(s, a, d, va, &gw, &gl);
        st[a] += p * gw, st[d] += p * gl;
        combat_swing(s, d, a, vd, &gw, &gl);
        st[d] += (1 - p) * gw, st[a] += (1 - p) * gl;
    }
    if ((s->phase == KS_PH_SPECIAL_DRAW || s->phase == KS_PH_USE) && s->to_move < n)
        st[s->to_move] += EV_SPECIAL;
    if (s->phase == KS_PH_TURN && s->to_move < n && s->field[s->to_move] == KS_END_FIELD &&
        s->hand[s->to_move][KS_JOKER] > 0) {
        for (int i = 0; i < n; i++)
            out[i] = i == s->to_move ? EV_WIN : (1 - EV_WIN) / (n - 1);
        return;
    }
    /* Rounds left: a lead in the last few is a lead at the cap. */
    int left = (int)s->cfg.max_rounds - (int)ks_round(s);
    double scale = EV_SCALE_MIN + (EV_SCALE - EV_SCALE_MIN) * (left >= 10 ? 1 : left / 10.0);
    for (int i = 0; i < n; i++) {
        double sum = 0;
        for (int j = 0; j < n; j++)
            if (j != i) sum += sigmoid((st[i] - st[j]) / scale);
        out[i] = sum / (n - 1);
    }
}
