/* test_kursk_rules.c -- the rules of docs/rules/kursk.md outside combat, on
 * hand-made positions with hand-picked chance outcomes: options, setup and
 * mulligans, movement with bounces at both ends, drawing, claiming, the hand
 * limit, every special card, the empty-deck rebuild and the Joker reshuffle,
 * ranks at the round cap. */
#include <string.h>

#include "kursk_test.h"

START_TEST(options)
{
    void *h;
    const arena_rules *r = kst_rules(&h);
    char err[256] = "";
    arena_game *g = r->game_new("", err, sizeof err);
    ck_assert_ptr_nonnull(g);
    ck_assert_str_eq(r->game_options(g), "players=2,max_rounds=100");
    ck_assert_int_eq(r->num_players(g), 2);
    r->game_free(g);
    ck_assert_ptr_null(r->game_new("players=4", err, sizeof err));
    ck_assert_str_eq(err, "kursk: bad value '4' for players (expected 2 or 3)");
    ck_assert_ptr_null(r->game_new("rounds=5", err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "unknown option 'rounds'"));
    ck_assert_uint_eq(r->flags & (ARENA_GAME_HIDDEN | ARENA_GAME_CHANCE),
                      ARENA_GAME_HIDDEN | ARENA_GAME_CHANCE);
    ck_assert_ptr_null(r->state_from_observation);
    ck_assert_ptr_nonnull(r->sample_state);
    support_unload(h);
}
END_TEST

/* Deal and mulligans: dealing starts with the first player; a mulligan's
 * cards go to the discard pile at once and three new ones are drawn before the
 * next player decides; after the last decision the pile goes back. */
START_TEST(setup_and_mulligan)
{
    kst k;
    char buf[64], legal[512];
    kst_open(&k, "");
    ck_assert_str_eq(kst_legal_names(&k, legal, sizeof legal), "first:0 first:1");
    kst_play(&k, "first:1 draw:A draw:2 draw:3");
    ck_assert_int_eq(k.s->actor, 0); /* seat 1 has its three, seat 0 is dealt next */
    kst_play(&k, "draw:4 draw:5 draw:6");
    ck_assert_int_eq(k.r->current_player(k.s), 1); /* the first player decides first */
    ck_assert_str_eq(kst_legal_names(&k, legal, sizeof legal), "keep mulligan");
    kst_play(&k, "mulligan");
    ck_assert_str_eq(kst_pile(k.s->discard, buf), "A23");
    ck_assert_int_eq(ks_hand_size(k.s, 1), 0);
    kst_play(&k, "draw:K draw:K draw:Q");
    ck_assert_str_eq(kst_pile(k.s->hand[1], buf), "QKK");
    ck_assert_int_eq(k.r->current_player(k.s), 0);
    ck_assert_int_eq(ks_count(k.s->deck, KS_RANKS), 43 - 6 - 3); /* 40 cards and 3 Jokers */
    kst_play(&k, "keep");
    /* all decided: the discards are back in the deck, the first player moves */
    ck_assert_int_eq(ks_count(k.s->discard, KS_RANKS), 0);
    ck_assert_int_eq(ks_count(k.s->deck, KS_RANKS), 43 - 6);
    ck_assert_int_eq(k.s->phase, KS_PH_TURN);
    ck_assert_int_eq(k.r->current_player(k.s), 1);
    kst_close(&k);
}
END_TEST

/* A Joker among a mulligan's cards reshuffles the discard pile at once. */
START_TEST(mulligan_joker)
{
    kst k;
    kst_open(&k, "players=3");
    kst_play(&k, "first:2 draw:5 draw:5 draw:7 draw:X draw:2 draw:3 draw:K draw:K draw:Q");
    ck_assert_int_eq(k.r->current_player(k.s), 2);
    kst_play(&k, "mulligan");
    ck_assert_int_eq(ks_count(k.s->discard, KS_RANKS), 3);
    kst_play(&k, "draw:A draw:A draw:A");
    ck_assert_int_eq(k.r->current_player(k.s), 0);
    kst_play(&k, "mulligan"); /* X 2 3: the Joker sends all six back at once */
    ck_assert_int_eq(ks_count(k.s->discard, KS_RANKS), 0);
    ck_assert_int_eq(ks_count(k.s->deck, KS_RANKS), 44 - 9 - 3 + 6);
    kst_play(&k, "draw:X draw:X draw:X keep");
    ck_assert_int_eq(k.r->current_player(k.s), 2); /* seat 1 kept: seat 2 plays first */
    ck_assert_int_eq(k.s->phase, KS_PH_TURN);
    kst_close(&k);
}
END_TEST

/* Past 24 a move continues backwards; played cards go to the discard pile. */
START_TEST(move_and_bounce_at_end)
{
    kst k;
    char buf[64];
    kst_table(&k, "");
    kst_give(&k, 0, "5J");
    kst_give(&k, 1, "A");
    k.s->field[0] = 20;
    kst_play(&k, "play:5");
    ck_assert_int_eq(k.s->field[0], 23);
    ck_assert_str_eq(kst_pile(k.s->discard, buf), "5");
    ck_assert_int_eq(k.s->turns, 1);
    ck_assert_int_eq(k.r->current_player(k.s), 1);
    kst_play(&k, "play:A"); /* 0 -> 1, a special field */
    ck_assert_int_eq(k.s->phase, KS_PH_SPECIAL_DRAW);
    kst_close(&k);
}
END_TEST

/* A backward move past 0 continues forwards; DepthCharge hits the card player
 * too when it stands in the section. */
START_TEST(bounce_at_start_depth_charge)
{
    kst k;
    char legal[512];
    kst_table(&k, "");
    kst_give(&k, 0, "5");
    k.s->field[1] = 1;
    kst_play(&k, "play:5 special:DepthCharge special:Swap");
    ck_assert_str_eq(kst_legal_names(&k, legal, sizeof legal),
                     "use:DepthCharge@propulsion use:DepthCharge@living use:DepthCharge@torpedo "
                     "use:Swap@1");
    kst_play(&k, "use:DepthCharge@propulsion");
    ck_assert_int_eq(k.s->field[0], 2);
    ck_assert_int_eq(k.s->field[1], 2); /* 1 - 3 -> -2 -> 2 */
    ck_assert_int_eq(k.s->sdiscard[KS_DEPTH_CHARGE], 1);
    ck_assert_int_eq(k.s->sdiscard[KS_SWAP], 1);
    ck_assert_int_eq(k.r->current_player(k.s), 1);
    kst_close(&k);
}
END_TEST

START_TEST(draw_rules)
{
    kst k;
    char buf[64];
    kst_table(&k, "");
    kst_give(&k, 0, "2345");
    ck_assert(!kst_legal(&k, "draw")); /* four in hand */
    k.s->to_move = 1;
    ck_assert(kst_legal(&k, "draw"));
    kst_play(&k, "draw draw:7"); /* an empty hand draws two */
    ck_assert_int_eq(k.s->phase, KS_PH_DRAW);
    kst_play(&k, "draw:K");
    ck_assert_str_eq(kst_pile(k.s->hand[1], buf), "7K");
    ck_assert_int_eq(k.r->current_player(k.s), 0);
    kst_close(&k);
}
END_TEST

START_TEST(claim)
{
    kst k;
    kst_table(&k, "");
    kst_give(&k, 0, "X3");
    k.s->field[0] = 23;
    ck_assert(!kst_legal(&k, "claim"));
    k.s->field[0] = 24;
    ck_assert(kst_legal(&k, "claim"));
    k.s->hand[0][KS_JOKER] = 0, k.s->deck[KS_JOKER]++;
    ck_assert(!kst_legal(&k, "claim"));
    kst_give(&k, 0, "X");
    kst_play(&k, "claim");
    ck_assert_int_eq(k.r->current_player(k.s), ARENA_TERMINAL);
    double ret[2];
    k.r->returns(k.s, ret);
    ck_assert(ret[0] == 1 && ret[1] == -1);
    ck_assert_str_eq(k.r->end_reason(k.s), "victory claimed");
    kst_close(&k);
}
END_TEST

/* Supplies on oneself with a full hand: each card enters alone, the limit is
 * applied after each (a random discard of any card, the new one included). */
START_TEST(supplies_and_hand_limit)
{
    kst k;
    char buf[64], legal[512];
    kst_table(&k, "");
    kst_give(&k, 0, "A234");
    kst_play(&k, "play:A special:Supplies special:Search use:Supplies@0 draw:K");
    ck_assert_str_eq(kst_pile(k.s->hand[0], buf), "234K");
    kst_play(&k, "draw:Q");
    ck_assert_str_eq(kst_legal_names(&k, legal, sizeof legal),
                     "lose:2 lose:3 lose:4 lose:Q lose:K");
    kst_play(&k, "lose:Q");
    ck_assert_str_eq(kst_pile(k.s->hand[0], buf), "234K");
    ck_assert_str_eq(kst_pile(k.s->discard, buf), "AQ");
    ck_assert_int_eq(k.r->current_player(k.s), 1);
    kst_close(&k);
}
END_TEST

/* A Joker lost to the hand limit reshuffles the discard pile into the deck. */
START_TEST(hand_limit_joker_reshuffle)
{
    kst k;
    kst_table(&k, "");
    kst_give(&k, 0, "A23X");
    kst_give(&k, -1, "77");
    kst_play(&k, "play:A special:Supplies special:Search use:Supplies@0 draw:K draw:Q lose:X");
    ck_assert_int_eq(ks_count(k.s->discard, KS_RANKS), 0);
    ck_assert_int_eq(ks_count(k.s->deck, KS_RANKS), 43 - 4);
    kst_close(&k);
}
END_TEST

START_TEST(silent_running_and_swap)
{
    kst k;
    kst_table(&k, "");
    kst_give(&k, 0, "AJ");
    k.s->field[1] = 23;
    kst_play(&k, "play:A special:SilentRunning special:Swap use:SilentRunning@1");
    ck_assert_int_eq(k.s->field[1], 23); /* 25 bounces back to 23 */
    kst_give(&k, 1, "4");
    k.s->field[0] = 1;
    k.s->field[1] = 1; /* 1 + 4 = 5 */
    kst_play(&k, "play:4 special:SilentRunning special:Swap use:Swap@0");
    ck_assert_int_eq(k.s->field[0], 5);
    ck_assert_int_eq(k.s->field[1], 1);
    kst_play(&k, "play:J"); /* 1 -> 3 */
    kst_close(&k);
}
END_TEST

START_TEST(flooding_three_players)
{
    kst k;
    kst_table(&k, "players=3");
    kst_give(&k, 0, "4");
    k.s->field[0] = 1;
    k.s->field[1] = 10;
    k.s->field[2] = 20;
    kst_play(&k, "play:4 special:Flooding special:Alarm use:Flooding@living");
    ck_assert_int_eq(k.s->field[0], 3);
    ck_assert_int_eq(k.s->field[1], 10);
    ck_assert_int_eq(k.s->field[2], 18);
    kst_close(&k);
}
END_TEST

START_TEST(search_and_bribe)
{
    kst k;
    char buf[64], legal[512];
    kst_table(&k, "");
    kst_give(&k, 0, "A4");
    kst_give(&k, 1, "7K");
    kst_play(&k, "play:A special:Search special:Bribe");
    ck_assert_str_eq(kst_legal_names(&k, legal, sizeof legal), "use:Search@1 use:Bribe@1");
    kst_play(&k, "use:Search@1");
    ck_assert_str_eq(kst_legal_names(&k, legal, sizeof legal), "lose:7 lose:K");
    kst_play(&k, "lose:K");
    ck_assert_str_eq(kst_pile(k.s->hand[1], buf), "7");
    ck_assert_str_eq(kst_pile(k.s->discard, buf), "AK");
    /* seat 1 has one card left: a Bribe takes it without a chance node */
    k.s->to_move = 0, k.s->turns = 0;
    k.s->field[0] = 1;
    kst_play(&k, "play:4 special:Bribe special:Flooding use:Bribe@1");
    ck_assert_str_eq(kst_pile(k.s->hand[0], buf), "7");
    ck_assert_int_eq(ks_hand_size(k.s, 1), 0);
    ck_assert_int_eq(k.r->current_player(k.s), 1);
    kst_close(&k);
}
END_TEST

/* Alarm: every player in the section discards, in turn order from the card
 * player; an empty hand is skipped. */
START_TEST(alarm_order)
{
    kst k;
    kst_table(&k, "players=3");
    k.s->to_move = 1;
    kst_give(&k, 0, "23");
    kst_give(&k, 1, "A45");
    kst_give(&k, 2, "67");
    k.s->field[0] = 2;
    k.s->field[2] = 6;
    kst_play(&k, "play:A special:Alarm special:Alarm use:Alarm@propulsion");
    ck_assert_int_eq(k.s->phase, KS_PH_LOSE);
    ck_assert_int_eq(k.s->actor, 1);
    kst_play(&k, "lose:4");
    ck_assert_int_eq(k.s->actor, 2);
    kst_play(&k, "lose:7");
    ck_assert_int_eq(k.s->actor, 0);
    kst_play(&k, "lose:2");
    ck_assert_int_eq(k.r->current_player(k.s), 2);
    char buf[64];
    ck_assert_str_eq(kst_pile(k.s->discard, buf), "A247");
    kst_close(&k);
}
END_TEST

/* The deck is rebuilt from the discard pile the moment it runs out. */
START_TEST(empty_deck_rebuild)
{
    kst k;
    char buf[64];
    kst_table(&k, "");
    kst_give(&k, 0, "K");
    kst_give(&k, 1, "XXX"); /* Jokers never rest on the discard pile */
    for (int r = 0; r < KS_JOKER; r++)
        for (int n = k.s->deck[r] - (r == 6); n > 0; n--) {
            char c[2] = {ks_rank_chars[r], 0};
            kst_give(&k, -1, c);
        }
    ck_assert_str_eq(kst_pile(k.s->deck, buf), "7");
    kst_play(&k, "draw"); /* one card left: drawn without a chance node */
    ck_assert_str_eq(kst_pile(k.s->hand[0], buf), "7K");
    ck_assert_int_eq(ks_count(k.s->deck, KS_RANKS), 43 - 5);
    ck_assert_int_eq(ks_count(k.s->discard, KS_RANKS), 0);
    ck_assert_int_eq(k.r->current_player(k.s), 1);
    kst_close(&k);
}
END_TEST

START_TEST(ranks_at_cap)
{
    kst k;
    kst_table(&k, "players=3,max_rounds=1");
    kst_give(&k, 1, "X");
    k.s->turns = 2;
    k.s->to_move = 2;
    k.s->field[0] = 10, k.s->field[1] = 10, k.s->field[2] = 5;
    kst_play(&k, "draw draw:5 draw:6");
    ck_assert_int_eq(k.r->current_player(k.s), ARENA_TERMINAL);
    ck_assert_str_eq(k.r->end_reason(k.s), "round cap");
    double ret[3];
    k.r->returns(k.s, ret);
    ck_assert(ret[1] == 2 && ret[0] == 0 && ret[2] == -2);
    kst_close(&k);
    /* equal field and Jokers share a rank: 1, 1, 3 */
    kst_table(&k, "players=3,max_rounds=1");
    k.s->turns = 2;
    k.s->to_move = 2;
    k.s->field[0] = 10, k.s->field[1] = 4, k.s->field[2] = 10;
    kst_play(&k, "draw draw:5 draw:6");
    k.r->returns(k.s, ret);
    ck_assert(ret[0] == 1 && ret[2] == 1 && ret[1] == -2);
    kst_close(&k);
}
END_TEST

static uint64_t perft(const arena_rules *r, const arena_state *s, int depth)
{
    if (depth == 0) return 1;
    int32_t legal[256];
    int n = r->legal_actions(s, legal, 256);
    uint64_t sum = 0;
    for (int i = 0; i < n; i++) {
        arena_state *t = r->state_clone(s);
        r->apply(t, legal[i]);
        sum += perft(r, t, depth - 1);
        r->state_free(t);
    }
    return sum;
}

/* The opening tree by hand: 2 first players, then draws from 43 cards of 11
 * ranks, each rank at least 3 deep: 2, 22, 242, 2662; at the third card the
 * only missing draws are a fourth Joker after three (2 players, 3 Jokers):
 * 2662 x 11 - 2 = 29280. */
START_TEST(perft_by_hand)
{
    kst k;
    kst_open(&k, "");
    const uint64_t want[] = {1, 2, 22, 242, 2662, 29280};
    for (int d = 0; d < 6; d++)
        ck_assert_uint_eq(perft(k.r, k.s, d), want[d]);
    kst_close(&k);
}
END_TEST

Suite *kursk_rules_suite(void)
{
    Suite *s = suite_create("kursk_rules");
    TCase *tc = tcase_create("rules");
    tcase_add_test(tc, options);
    tcase_add_test(tc, perft_by_hand);
    tcase_add_test(tc, setup_and_mulligan);
    tcase_add_test(tc, mulligan_joker);
    tcase_add_test(tc, move_and_bounce_at_end);
    tcase_add_test(tc, bounce_at_start_depth_charge);
    tcase_add_test(tc, draw_rules);
    tcase_add_test(tc, claim);
    tcase_add_test(tc, supplies_and_hand_limit);
    tcase_add_test(tc, hand_limit_joker_reshuffle);
    tcase_add_test(tc, silent_running_and_swap);
    tcase_add_test(tc, flooding_three_players);
    tcase_add_test(tc, search_and_bribe);
    tcase_add_test(tc, alarm_order);
    tcase_add_test(tc, empty_deck_rebuild);
    tcase_add_test(tc, ranks_at_cap);
    suite_add_tcase(s, tc);
    return s;
}
