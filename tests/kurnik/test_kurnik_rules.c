/* test_kurnik_rules.c -- each rule of docs/rules/kurnik.md on hand-made
 * positions with the chance outcomes chosen by hand: what the dice give, the
 * fox with and without rooster and chicks (and the "Exact readings": a 6-6
 * eats chicks then a hen, a 4-6 costs the chick just rolled, a 1-6 a hen),
 * the doubles gift and its chance node, each exchange and its preconditions,
 * the rooster limit, the win check at `end`, and ranking at the round cap. */
#include <stdio.h>
#include <string.h>

#include "kurnik_test.h"

static const kt_goods NONE = {0, 0, 0, 0};

START_TEST(dice_give_eggs_and_chicks)
{
    kt k;
    kt_open(&k, "");
    kt_play(&k, "roll:1-4");
    ck_assert_goods(&k, 0, 1, 1, 0, 0);
    ck_assert_int_eq(k.r->current_player(k.s), 0);
    char names[256];
    ck_assert_str_eq(kt_legal_names(&k, names, sizeof names), "end");
    kt_play(&k, "end roll:2-3");
    ck_assert_goods(&k, 1, 2, 0, 0, 0);
    kt_play(&k, "end roll:4-5");
    ck_assert_goods(&k, 0, 1, 3, 0, 0);
    kt_play(&k, "end roll:3-5");
    ck_assert_goods(&k, 1, 3, 1, 0, 0);
    kt_close(&k);
}
END_TEST

START_TEST(fox_eats_all_chicks)
{
    kt k;
    kt_open(&k, "");
    kt_set(&k, 0, (kt_goods){2, 5, 2, 0});
    kt_play(&k, "roll:1-6"); /* an egg, then the fox: chicks gone, hens kept */
    ck_assert_goods(&k, 0, 3, 0, 2, 0);
    kt_close(&k);
}
END_TEST

START_TEST(fox_eats_the_chick_just_rolled)
{
    kt k;
    kt_open(&k, "");
    kt_set(&k, 0, (kt_goods){0, 2, 1, 0});
    kt_play(&k, "roll:4-6"); /* the chick of the 4 is taken first, then eaten */
    ck_assert_goods(&k, 0, 0, 0, 1, 0);
    kt_close(&k);
    kt_open(&k, "");
    kt_set(&k, 0, (kt_goods){0, 0, 2, 0});
    kt_play(&k, "roll:5-6"); /* the rolled chick stands in front of the hens */
    ck_assert_goods(&k, 0, 0, 0, 2, 0);
    kt_close(&k);
}
END_TEST

START_TEST(fox_without_chick_eats_one_hen)
{
    kt k;
    kt_open(&k, "");
    kt_set(&k, 0, (kt_goods){4, 0, 3, 0});
    kt_play(&k, "roll:1-6");
    ck_assert_goods(&k, 0, 5, 0, 2, 0);
    kt_close(&k);
    /* nothing to eat: nothing happens */
    kt_open(&k, "");
    kt_play(&k, "roll:3-6");
    ck_assert_goods(&k, 0, 1, 0, 0, 0);
    kt_close(&k);
}
END_TEST

START_TEST(rooster_chases_the_fox)
{
    kt k;
    kt_open(&k, "");
    kt_set(&k, 0, (kt_goods){0, 2, 4, 1});
    kt_play(&k, "roll:4-6");
    ck_assert_goods(&k, 0, 0, 3, 4, 1);
    Arena__Kurnik__Observation *m = kt_view(&k);
    ck_assert_uint_eq(m->news->foxes_chased, 1);
    ck_assert_uint_eq(m->news->chicks_eaten, 0);
    kt_view_free(m);
    char board[1024];
    ck_assert_ptr_nonnull(strstr(kt_board(&k, board, sizeof board), "the rooster chased the fox"));
    kt_close(&k);
    /* without chicks, the rooster keeps the hens too */
    kt_open(&k, "");
    kt_set(&k, 0, (kt_goods){0, 0, 4, 1});
    kt_play(&k, "roll:2-6");
    ck_assert_goods(&k, 0, 1, 0, 4, 1);
    kt_close(&k);
}
END_TEST

START_TEST(double_six_two_foxes_then_gift)
{
    kt k;
    kt_open(&k, "");
    kt_set(&k, 0, (kt_goods){2, 3, 2, 0});
    kt_set(&k, 1, NONE);
    /* first fox: the 3 chicks; second fox, no chick left: a hen; then the
     * doubles gift, with no chick, is an egg, to the one opponent directly */
    kt_play(&k, "roll:6-6");
    ck_assert_goods(&k, 0, 1, 0, 1, 0);
    ck_assert_goods(&k, 1, 1, 0, 0, 0);
    ck_assert_int_eq(k.r->current_player(k.s), 0);
    Arena__Kurnik__Observation *m = kt_view(&k);
    ck_assert_uint_eq(m->news->chicks_eaten, 3);
    ck_assert_uint_eq(m->news->hens_eaten, 1);
    ck_assert_int_eq(m->gift, ARENA__KURNIK__GIFT__GIFT_EGG);
    ck_assert_uint_eq(m->gift_to, 2); /* seat 1, stored as seat + 1 */
    kt_view_free(m);
    kt_close(&k);

    /* with a rooster both foxes are chased and a chick is given */
    kt_open(&k, "players=3");
    kt_set(&k, 0, (kt_goods){0, 2, 2, 1});
    kt_play(&k, "roll:6-6");
    ck_assert_int_eq(k.r->current_player(k.s), ARENA_CHANCE);
    kt_play(&k, "gift:2");
    ck_assert_goods(&k, 0, 0, 1, 2, 1);
    ck_assert_goods(&k, 2, 0, 1, 0, 0);
    kt_close(&k);
}
END_TEST

START_TEST(doubles_give_a_chick_first)
{
    kt k;
    kt_open(&k, "");
    kt_set(&k, 0, (kt_goods){5, 0, 0, 0});
    kt_play(&k, "roll:4-4"); /* two chicks, one goes */
    ck_assert_goods(&k, 0, 5, 1, 0, 0);
    ck_assert_goods(&k, 1, 0, 1, 0, 0);
    ck_assert_int_eq(k.r->current_player(k.s), 0); /* one opponent: no node */
    kt_close(&k);
}
END_TEST

START_TEST(doubles_give_an_egg_without_chick)
{
    kt k;
    kt_open(&k, "");
    kt_play(&k, "roll:2-2");
    ck_assert_goods(&k, 0, 1, 0, 0, 0);
    ck_assert_goods(&k, 1, 1, 0, 0, 0);
    kt_close(&k);
}
END_TEST

START_TEST(doubles_with_nothing_give_nothing)
{
    /* 6-6 with empty hands: nothing to give, and no recipient is drawn even
     * with three opponents */
    kt k;
    kt_open(&k, "players=4");
    kt_play(&k, "roll:6-6");
    ck_assert_int_eq(k.r->current_player(k.s), 0);
    for (int i = 0; i < 4; i++)
        ck_assert_goods(&k, i, 0, 0, 0, 0);
    Arena__Kurnik__Observation *m = kt_view(&k);
    ck_assert_int_eq(m->gift, ARENA__KURNIK__GIFT__GIFT_NONE);
    kt_view_free(m);
    char board[1024];
    ck_assert_ptr_nonnull(strstr(kt_board(&k, board, sizeof board), "nothing to give"));
    kt_close(&k);
}
END_TEST

START_TEST(gift_recipient_is_a_chance_node)
{
    kt k;
    kt_open(&k, "players=4");
    kt_play(&k, "roll:1-2 end"); /* seat 1 to roll */
    kt_play(&k, "roll:5-5");
    ck_assert_int_eq(k.r->current_player(k.s), ARENA_CHANCE);
    arena_chance_outcome out[8];
    int n = k.r->chance_outcomes(k.s, out, 8);
    ck_assert_int_eq(n, 3);
    const char *want[3] = {"gift:0", "gift:2", "gift:3"};
    for (int i = 0; i < 3; i++) {
        char name[16];
        k.r->action_name(k.s, out[i].action, name, sizeof name);
        ck_assert_str_eq(name, want[i]);
        ck_assert_double_eq_tol(out[i].prob, 1.0 / 3, 1e-12);
    }
    ck_assert_int_eq(kt_try(&k, "gift:1"), -1); /* not to oneself */
    ck_assert_int_eq(kt_try(&k, "end"), -1);    /* the draw comes first */
    ck_assert_int_eq(kt_try(&k, "roll:1-1"), -1);
    ck_assert_goods(&k, 1, 0, 2, 0, 0); /* not yet given */
    kt_play(&k, "gift:3");
    ck_assert_goods(&k, 1, 0, 1, 0, 0);
    ck_assert_goods(&k, 3, 0, 1, 0, 0);
    ck_assert_int_eq(k.r->current_player(k.s), 1);
    ck_assert_int_eq(kt_try(&k, "gift:2"), -1);
    kt_close(&k);

    /* three players: two recipients, one half each */
    kt_open(&k, "players=3");
    kt_play(&k, "roll:3-3");
    ck_assert_int_eq(k.r->chance_outcomes(k.s, out, 8), 2);
    ck_assert_double_eq_tol(out[0].prob, 0.5, 1e-12);
    kt_play(&k, "gift:1");
    ck_assert_goods(&k, 0, 1, 0, 0, 0);
    ck_assert_goods(&k, 1, 1, 0, 0, 0);
    kt_close(&k);
}
END_TEST

START_TEST(exchanges_and_their_preconditions)
{
    kt k;
    kt_open(&k, "");
    kt_set(&k, 0, (kt_goods){4, 2, 2, 0});
    kt_play(&k, "roll:1-5"); /* 5 eggs, 3 chicks, 2 hens */
    char names[256];
    ck_assert_str_eq(kt_legal_names(&k, names, sizeof names), "egg>chick chick>hen end");
    kt_play(&k, "egg>chick"); /* 2 eggs, 4 chicks */
    ck_assert_goods(&k, 0, 2, 4, 2, 0);
    ck_assert_int_eq(kt_try(&k, "egg>chick"), -1);
    kt_play(&k, "chick>hen"); /* 1 chick, 3 hens */
    ck_assert_goods(&k, 0, 2, 1, 3, 0);
    ck_assert_int_eq(kt_try(&k, "chick>hen"), -1);
    ck_assert_str_eq(kt_legal_names(&k, names, sizeof names), "hen>rooster end");
    kt_play(&k, "hen>rooster");
    ck_assert_goods(&k, 0, 2, 1, 0, 1);
    ck_assert_str_eq(kt_legal_names(&k, names, sizeof names), "end");
    ck_assert_int_eq(kt_try(&k, "roll:1-2"), -1); /* no chance outcome for a player */
    kt_play(&k, "end");
    ck_assert_int_eq(k.r->current_player(k.s), ARENA_CHANCE);
    ck_assert_int_eq(kt_try(&k, "end"), -1); /* nor a player action at a roll */
    ck_assert_int_eq(kt_try(&k, "egg>chick"), -1);
    kt_close(&k);
}
END_TEST

START_TEST(one_rooster_at_most)
{
    kt k;
    kt_open(&k, "");
    kt_set(&k, 0, (kt_goods){0, 0, 7, 1});
    kt_play(&k, "roll:1-2");
    ck_assert(!kt_legal(&k, "hen>rooster"));
    ck_assert_int_eq(kt_try(&k, "hen>rooster"), -1);
    ck_assert_int_eq(kt_num_legal(&k), 1);
    kt_close(&k);
}
END_TEST

START_TEST(win_checked_at_end_of_turn)
{
    kt k;
    kt_open(&k, "players=3");
    kt_set(&k, 0, (kt_goods){0, 2, 8, 0});
    kt_play(&k, "roll:4-5 chick>hen"); /* 9 hens, but the turn is not over */
    ck_assert_goods(&k, 0, 0, 1, 9, 0);
    ck_assert_int_eq(k.r->current_player(k.s), 0);
    ck_assert_int_eq(kt_num_legal(&k), 2); /* hen>rooster, end */
    kt_play(&k, "end");
    ck_assert_int_eq(k.r->current_player(k.s), ARENA_TERMINAL);
    ck_assert_str_eq(k.r->end_reason(k.s), "nine hens");
    ck_assert_int_eq(kt_num_legal(&k), 0);
    double ret[3];
    k.r->returns(k.s, ret);
    ck_assert_double_eq(ret[0], 2);
    ck_assert_double_eq(ret[1], -1); /* seats 1 and 2 tie for rank 2 */
    ck_assert_double_eq(ret[2], -1);
    ck_assert_int_eq(kt_try(&k, "roll:1-1"), -1);
    kt_close(&k);

    /* 9 hens spent on a rooster before `end`: no win */
    kt_open(&k, "");
    kt_set(&k, 0, (kt_goods){0, 2, 8, 0});
    kt_play(&k, "roll:4-5 chick>hen hen>rooster end");
    ck_assert_int_eq(k.r->current_player(k.s), ARENA_CHANCE);
    ck_assert_goods(&k, 0, 0, 1, 6, 1);
    kt_close(&k);

    /* an opponent's 9 hens do not end the game on someone else's `end` (a state
     * only an observation can make: hens come only from one's own exchange) */
    kt_open(&k, "");
    kt_set(&k, 1, (kt_goods){0, 0, 9, 0});
    kt_play(&k, "roll:1-2 end");
    ck_assert_int_eq(k.r->current_player(k.s), ARENA_CHANCE);
    kt_play(&k, "roll:1-2 end");
    ck_assert_int_eq(k.r->current_player(k.s), ARENA_TERMINAL);
    Arena__Kurnik__Observation *m = kt_view(&k);
    ck_assert_uint_eq(m->winner, 2);
    kt_view_free(m);
    kt_close(&k);
}
END_TEST

START_TEST(winner_first_others_by_goods)
{
    kt k;
    kt_open(&k, "players=4");
    kt_set(&k, 1, (kt_goods){0, 0, 8, 0}); /* most hens, still below the winner */
    kt_set(&k, 2, (kt_goods){5, 0, 0, 1});
    kt_set(&k, 3, (kt_goods){5, 0, 0, 0});
    kt_set(&k, 0, (kt_goods){0, 2, 8, 0});
    kt_play(&k, "roll:4-4"); /* 4 chicks, gift first */
    kt_play(&k, "gift:1 chick>hen end");
    ck_assert_int_eq(k.r->current_player(k.s), ARENA_TERMINAL);
    Arena__Kurnik__Observation *m = kt_view(&k);
    ck_assert_uint_eq(m->n_ranks, 4);
    ck_assert_uint_eq(m->ranks[0], 1);
    ck_assert_uint_eq(m->ranks[1], 2);
    ck_assert_uint_eq(m->ranks[2], 3); /* the rooster breaks the tie */
    ck_assert_uint_eq(m->ranks[3], 4);
    ck_assert_int_eq(m->returns[0], 3);
    ck_assert_int_eq(m->returns[3], -3);
    kt_view_free(m);
    kt_close(&k);
}
END_TEST

START_TEST(ranking_at_the_round_cap)
{
    kt k;
    kt_open(&k, "players=4,max_rounds=1");
    /* after the rolls below (two eggs each, and seat 3's doubles chick to
     * seat 0): seat 0 2 hens; seats 1 and 2 level with 1 hen and 2 eggs; seat 3
     * 1 hen, 1 chick, 2 eggs, ahead of them by the chick: ranks 1 3 3 2 */
    kt_set(&k, 0, (kt_goods){0, 0, 2, 0});
    kt_set(&k, 1, (kt_goods){0, 0, 1, 0});
    kt_set(&k, 2, (kt_goods){0, 0, 1, 0});
    kt_set(&k, 3, (kt_goods){0, 2, 1, 0});
    kt_play(&k, "roll:1-2 end roll:1-3 end roll:2-3 end");
    ck_assert_int_eq(k.r->current_player(k.s), ARENA_CHANCE);
    kt_play(&k, "roll:1-1"); /* seat 3: 2 eggs, gives a chick (recipient drawn) */
    kt_play(&k, "gift:0 end");
    ck_assert_int_eq(k.r->current_player(k.s), ARENA_TERMINAL);
    ck_assert_str_eq(k.r->end_reason(k.s), "round cap");
    Arena__Kurnik__Observation *m = kt_view(&k);
    const uint32_t ranks[4] = {1, 3, 3, 2};
    const int32_t rets[4] = {3, -2, -2, 1};
    for (int i = 0; i < 4; i++) {
        ck_assert_uint_eq(m->ranks[i], ranks[i]);
        ck_assert_int_eq(m->returns[i], rets[i]);
    }
    ck_assert_uint_eq(m->winner, 0);
    ck_assert_uint_eq(m->turns, 4);
    kt_view_free(m);
    kt_close(&k);
}
END_TEST

START_TEST(ranking_ties_share_a_rank)
{
    kt k;
    kt_open(&k, "players=4,max_rounds=1");
    kt_set(&k, 0, (kt_goods){0, 0, 3, 0});
    kt_set(&k, 1, (kt_goods){0, 0, 2, 0});
    kt_set(&k, 2, (kt_goods){0, 0, 2, 0});
    kt_set(&k, 3, (kt_goods){0, 0, 1, 1});
    kt_play(&k, "roll:1-2 end roll:1-2 end roll:1-2 end roll:1-2 end");
    ck_assert_int_eq(k.r->current_player(k.s), ARENA_TERMINAL);
    double ret[4];
    k.r->returns(k.s, ret);
    Arena__Kurnik__Observation *m = kt_view(&k);
    const uint32_t ranks[4] = {1, 2, 2, 4};
    const double rets[4] = {3, 0, 0, -3};
    for (int i = 0; i < 4; i++) {
        ck_assert_uint_eq(m->ranks[i], ranks[i]);
        ck_assert_double_eq(ret[i], rets[i]);
    }
    kt_view_free(m);
    kt_close(&k);

    /* two players level in everything: a draw, 0 and 0 */
    kt_open(&k, "max_rounds=1");
    kt_play(&k, "roll:1-4 end roll:2-5 end");
    k.r->returns(k.s, ret);
    ck_assert_double_eq(ret[0], 0);
    ck_assert_double_eq(ret[1], 0);
    kt_close(&k);
}
END_TEST

Suite *kurnik_rules_suite(void)
{
    Suite *s = suite_create("kurnik_rules");
    TCase *tc = tcase_create("turn");
    tcase_add_test(tc, dice_give_eggs_and_chicks);
    tcase_add_test(tc, fox_eats_all_chicks);
    tcase_add_test(tc, fox_eats_the_chick_just_rolled);
    tcase_add_test(tc, fox_without_chick_eats_one_hen);
    tcase_add_test(tc, rooster_chases_the_fox);
    tcase_add_test(tc, double_six_two_foxes_then_gift);
    tcase_add_test(tc, doubles_give_a_chick_first);
    tcase_add_test(tc, doubles_give_an_egg_without_chick);
    tcase_add_test(tc, doubles_with_nothing_give_nothing);
    tcase_add_test(tc, gift_recipient_is_a_chance_node);
    tcase_add_test(tc, exchanges_and_their_preconditions);
    tcase_add_test(tc, one_rooster_at_most);
    suite_add_tcase(s, tc);
    TCase *end = tcase_create("end");
    tcase_add_test(end, win_checked_at_end_of_turn);
    tcase_add_test(end, winner_first_others_by_goods);
    tcase_add_test(end, ranking_at_the_round_cap);
    tcase_add_test(end, ranking_ties_share_a_rank);
    suite_add_tcase(s, end);
    return s;
}
