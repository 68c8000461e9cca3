/* test_kursk_chance.c -- the chance nodes' distributions (rules page: "every
 * draw is a chance node over the ranks left in the deck, weighted by how many
 * of each remain"; the first player "drawn at random"; the hand limit's excess
 * "discarded at random"; a Bribe takes "one random card"; special cards "drawn
 * the same way from the special deck"), on hand-made positions whose piles
 * are counted by hand. */
#include <math.h>

#include "kursk_test.h"

/* The probability of outcome `name` at the current chance node (0 if it is
 * not an outcome); checks that the outcomes sum to 1 and that there are n. */
static double prob(kst *k, const char *name, int n)
{
    arena_chance_outcome out[64];
    int32_t a;
    ck_assert_int_eq(k->r->current_player(k->s), ARENA_CHANCE);
    ck_assert_int_eq(k->r->parse_action(k->s, name, &a), 0);
    int c = k->r->chance_outcomes(k->s, out, 64);
    ck_assert_int_eq(c, n);
    double sum = 0, p = 0;
    for (int i = 0; i < c; i++) {
        sum += out[i].prob;
        if (out[i].action == a) p = out[i].prob;
    }
    ck_assert_double_eq_tol(sum, 1.0, 1e-12);
    return p;
}

#define PROB_EQ(k, name, n, want) ck_assert_double_eq_tol(prob(k, name, n), (want), 1e-12)

/* The first player is uniform over the seats; the deal draws from 40 cards and
 * players + 1 Jokers. */
START_TEST(first_player_and_deal)
{
    kst k;
    kst_open(&k, "players=3");
    PROB_EQ(&k, "first:0", 3, 1.0 / 3);
    PROB_EQ(&k, "first:2", 3, 1.0 / 3);
    kst_play(&k, "first:2");
    PROB_EQ(&k, "draw:K", 11, 4.0 / 44);
    PROB_EQ(&k, "draw:X", 11, 4.0 / 44); /* 3 players: 4 Jokers */
    kst_play(&k, "draw:X draw:X");
    PROB_EQ(&k, "draw:X", 11, 2.0 / 42);
    PROB_EQ(&k, "draw:A", 11, 4.0 / 42);
    kst_close(&k);

    kst_open(&k, "");
    PROB_EQ(&k, "first:1", 2, 0.5);
    kst_play(&k, "first:1");
    PROB_EQ(&k, "draw:7", 11, 4.0 / 43);
    PROB_EQ(&k, "draw:X", 11, 3.0 / 43); /* 2 players: 3 Jokers */
    kst_close(&k);
}
END_TEST

/* Special cards: 16, two of each kind; the first shown is no longer in the
 * deck for the second. Supplies' second card overflows the hand: each card of
 * the five is as likely to go (Jokers included), so a pair of 7s twice. */
START_TEST(specials_and_hand_limit)
{
    kst k;
    kst_table(&k, "");
    kst_give(&k, 0, "A77X");
    kst_play(&k, "play:A"); /* 0 -> 1, a special field */
    PROB_EQ(&k, "special:Swap", 8, 2.0 / 16);
    kst_play(&k, "special:Supplies");
    PROB_EQ(&k, "special:Supplies", 8, 1.0 / 15);
    PROB_EQ(&k, "special:Alarm", 8, 2.0 / 15);
    kst_play(&k, "special:Alarm use:Supplies@0");
    /* deck: 43 less A 7 7 X given: 39, the A on the discard pile */
    PROB_EQ(&k, "draw:7", 11, 2.0 / 39);
    PROB_EQ(&k, "draw:A", 11, 3.0 / 39);
    PROB_EQ(&k, "draw:X", 11, 2.0 / 39);
    kst_play(&k, "draw:K");
    PROB_EQ(&k, "draw:K", 11, 3.0 / 38);
    kst_play(&k, "draw:Q"); /* five cards: 7 7 Q K X */
    PROB_EQ(&k, "lose:7", 4, 2.0 / 5);
    PROB_EQ(&k, "lose:X", 4, 1.0 / 5);
    PROB_EQ(&k, "lose:Q", 4, 1.0 / 5);
    kst_close(&k);
}
END_TEST

/* A Bribe takes each card of the victim's hand alike. */
START_TEST(bribe_takes_uniformly)
{
    kst k;
    kst_table(&k, "");
    kst_give(&k, 0, "A");
    kst_give(&k, 1, "77K");
    kst_play(&k, "play:A special:Bribe special:Swap use:Bribe@1");
    PROB_EQ(&k, "take:7", 2, 2.0 / 3);
    PROB_EQ(&k, "take:K", 2, 1.0 / 3);
    kst_close(&k);
}
END_TEST

/* The blind combat card is the deck's top card: weighted by the deck after
 * the attacker's step-1 draw; the defender's after the attacker's. */
START_TEST(blind_card_weights)
{
    kst k;
    kst_table(&k, "");
    kst_give(&k, 0, "2");
    kst_give(&k, 1, "5");
    k.s->field[0] = 3;
    k.s->field[1] = 5;
    kst_play(&k, "play:2"); /* the 2 on the discard pile: the deck holds 41 */
    PROB_EQ(&k, "draw:2", 11, 3.0 / 41);
    kst_play(&k, "draw:7 deck");
    PROB_EQ(&k, "top:A", 11, 4.0 / 40);
    PROB_EQ(&k, "top:7", 11, 3.0 / 40);
    PROB_EQ(&k, "top:5", 11, 3.0 / 40);
    PROB_EQ(&k, "top:X", 11, 3.0 / 40);
    kst_play(&k, "top:X deck");
    PROB_EQ(&k, "top:X", 11, 2.0 / 39);
    PROB_EQ(&k, "top:Q", 11, 4.0 / 39);
    kst_close(&k);
}
END_TEST

Suite *kursk_chance_suite(void)
{
    Suite *s = suite_create("kursk_chance");
    TCase *tc = tcase_create("chance");
    tcase_add_test(tc, first_player_and_deal);
    tcase_add_test(tc, specials_and_hand_limit);
    tcase_add_test(tc, bribe_takes_uniformly);
    tcase_add_test(tc, blind_card_weights);
    suite_add_tcase(s, tc);
    return s;
}
