/* test_kursk_evaluate.c -- the module's heuristic values (rules.h: evaluate,
 * rules/kursk/evaluate.c) on hand-made positions, worked by hand from the
 * standing the file describes: a field, 0.6 a card, a Joker 3 + field / 6,
 * the hatch with a Joker to claim, a combat by its odds. The generic rules
 * suite checks range, determinism and the 2-player sum on random games. */
#include "kursk_test.h"

static double value(kst *k, int seat)
{
    double out[KS_MAX_SEATS];
    ck_assert_ptr_nonnull(k->r->evaluate);
    k->r->evaluate(k->s, out);
    return out[seat];
}

/* 0.5 + 0.5 x / (1 + |x|), as the file's sigmoid */
static double sig(double x)
{
    return 0.5 + 0.5 * x / (1 + (x < 0 ? -x : x));
}

START_TEST(even_start)
{
    kst k;
    kst_table(&k, "");
    ck_assert_double_eq_tol(value(&k, 0), 0.5, 1e-12);
    ck_assert_double_eq_tol(value(&k, 1), 0.5, 1e-12);
    kst_close(&k);
}
END_TEST

/* Seat 0 on 10 with a 5 and a 7: 10 + 2 x 0.6 = 11.2. Seat 1 on 4 with a
 * Joker: 4 + 3 + 4/6. Round 1 of 100: scale 6. */
START_TEST(field_cards_jokers)
{
    kst k;
    kst_table(&k, "");
    kst_give(&k, 0, "57");
    kst_give(&k, 1, "X");
    k.s->field[0] = 10;
    k.s->field[1] = 4;
    double want = sig((11.2 - (4 + 3 + 4 / 6.0)) / 6);
    ck_assert_double_eq_tol(value(&k, 0), want, 1e-9);
    ck_assert_double_eq_tol(value(&k, 1), 1 - want, 1e-9);
    /* in the last round the same lead weighs more: scale 1.5 */
    k.s->turns = 99 * 2;
    ck_assert_double_eq_tol(value(&k, 0), sig((11.2 - (4 + 3 + 4 / 6.0)) / 1.5), 1e-9);
    kst_close(&k);
}
END_TEST

/* On the hatch with a Joker and to move: the claim is legal, the game won. */
START_TEST(ready_to_claim)
{
    kst k;
    kst_table(&k, "");
    kst_give(&k, 0, "X");
    k.s->field[0] = 24;
    k.s->field[1] = 23;
    kst_give(&k, 1, "XX77");
    ck_assert(kst_legal(&k, "claim"));
    ck_assert_double_eq_tol(value(&k, 0), 0.98, 1e-12);
    /* the other seat to move: the standings only. Seat 0: 24, a Joker
     * (3 + 24/6), on the hatch with it (8). Seat 1: 23, two 7s, two Jokers
     * (1.5 x (3 + 23/6)), and a Joker to land with and one to claim (3). */
    k.s->to_move = 1;
    double s0 = 24 + 3 + 4 + 8;
    double s1 = 23 + 2 * 0.6 + (3 + 23 / 6.0) * 1.5 + 3; /* two Jokers, 1 to go */
    ck_assert_double_eq_tol(value(&k, 0), sig((s0 - s1) / 6), 1e-9);
    kst_close(&k);
}
END_TEST

/* A Joker and a card that lands exactly on the hatch (20 + 4) is worth 3
 * more than a Joker and a card that does not (20 + 5). */
START_TEST(exact_landing)
{
    kst k;
    kst_table(&k, "");
    kst_give(&k, 0, "4X");
    k.s->field[0] = 20;
    double s0 = 20 + 0.6 + 3 + 20 / 6.0;
    ck_assert_double_eq_tol(value(&k, 0), sig((s0 + 3) / 6), 1e-9);
    kst_close(&k);
    kst_table(&k, "");
    kst_give(&k, 0, "5X");
    k.s->field[0] = 20;
    ck_assert_double_eq_tol(value(&k, 0), sig(s0 / 6), 1e-9);
    kst_close(&k);
}
END_TEST

/* A combat under way, the attacker's card face down: seat 0 (on 3, a 2)
 * lands on seat 1 (on 5, a 5), draws and plays its card from hand. The
 * defender's best card, 5, beats the deck's mean (under 4), so it shows it:
 * a 7 wins surely (seat 1 back 7 from 5: bounces to 2, standing 2.6 against
 * 5.6), an Ace loses surely (seat 0 back 5 from 5, to 0). */
START_TEST(combat_odds)
{
    kst k;
    kst_table(&k, "");
    kst_give(&k, 0, "2");
    kst_give(&k, 1, "5");
    k.s->field[0] = 3;
    k.s->field[1] = 5;
    kst_play(&k, "play:2 draw:7 hand:7");
    ck_assert_int_eq(k.s->phase, KS_PH_DEFEND);
    ck_assert_double_eq_tol(value(&k, 0), sig((5 - 2.6) / 6), 1e-9);
    kst_close(&k);
    kst_table(&k, "");
    kst_give(&k, 0, "2");
    kst_give(&k, 1, "5");
    k.s->field[0] = 3;
    k.s->field[1] = 5;
    kst_play(&k, "play:2 draw:A hand:A");
    ck_assert_double_eq_tol(value(&k, 0), sig((0 - 5.6) / 6), 1e-9);
    kst_close(&k);
}
END_TEST

/* Three seats: each seat's value is its mean over the two others. */
START_TEST(three_seats)
{
    kst k;
    kst_table(&k, "players=3");
    k.s->field[0] = 12;
    k.s->field[1] = 6;
    k.s->field[2] = 0;
    ck_assert_double_eq_tol(value(&k, 0), (sig(1) + sig(2)) / 2, 1e-9);
    ck_assert_double_eq_tol(value(&k, 1), (sig(-1) + sig(1)) / 2, 1e-9);
    ck_assert_double_eq_tol(value(&k, 2), (sig(-2) + sig(-1)) / 2, 1e-9);
    kst_close(&k);
}
END_TEST

Suite *kursk_evaluate_suite(void)
{
    Suite *s = suite_create("kursk_evaluate");
    TCase *tc = tcase_create("evaluate");
    tcase_add_test(tc, even_start);
    tcase_add_test(tc, field_cards_jokers);
    tcase_add_test(tc, ready_to_claim);
    tcase_add_test(tc, exact_landing);
    tcase_add_test(tc, combat_odds);
    tcase_add_test(tc, three_seats);
    suite_add_tcase(s, tc);
    return s;
}
