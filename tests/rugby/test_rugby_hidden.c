/* test_rugby_hidden.c -- the hidden-information contract: a seat's observation
 * bytes are the same for two states that differ only in what it cannot see and
 * differ when anything it can see differs; sample_state gives states that
 * reproduce the observation, drawn as a random setup would have laid them out
 * given what is revealed (every layout that agrees appears), and refuses
 * observations no state gives. */
#include <stdlib.h>
#include <string.h>

#include "arena/sdk.h"
#include "games/rugby.pb-c.h"
#include "rugby_test.h"

#define OBS_CAP 4096

/* Whether seat sees the same bytes in a and b. */
static int same_view(const rugby *t, const arena_state *a, const arena_state *b, int seat)
{
    uint8_t x[OBS_CAP], y[OBS_CAP];
    size_t n = rugby_observe(t, a, seat, x, sizeof x), m = rugby_observe(t, b, seat, y, sizeof y);
    return n == m && memcmp(x, y, n) == 0;
}

static int field(const char *name)
{
    return rg_field(atoi(name + 1), name[0] - 'A');
}

START_TEST(unseen_marks_give_same_bytes)
{
    rugby t;
    rugby_open(&t, "");
    rugby_lay_both(&t, rugby_layout);
    rugby_play(&t, "A1 C1 E11 B1 D10 A4"); /* seat 1 hits black: seat 0's bonus */
    arena_state other = *t.s;
    /* seat 1's K at C4 (not guessed) moved to F11 (not guessed) */
    other.board[1][field("C4")] = RG_EMPTY;
    other.board[1][field("F11")] = RG_K;
    ck_assert(same_view(&t, t.s, &other, 0));
    ck_assert(same_view(&t, t.s, &other, -1));
    ck_assert(!same_view(&t, t.s, &other, 1)); /* its owner sees it */

    /* a revealed field of seat 1's board is seen by seat 0 */
    other = *t.s;
    other.board[1][field("D10")] = RG_K;
    ck_assert(!same_view(&t, t.s, &other, 0));
    ck_assert(!same_view(&t, t.s, &other, -1));
    /* seat 0's own unguessed fields: seat 0 sees them, seat 1 does not */
    other = *t.s;
    other.board[0][field("G12")] = RG_M;
    ck_assert(!same_view(&t, t.s, &other, 0));
    ck_assert(same_view(&t, t.s, &other, 1));
    /* public things: scores, the bonus, the turn, which fields were guessed */
    const size_t offsets[] = {offsetof(arena_state, score), offsetof(arena_state, bonus),
                              offsetof(arena_state, to_move),
                              offsetof(arena_state, guessed) + RG_FIELDS + 50};
    for (int i = 0; i < 4; i++) {
        other = *t.s;
        ((uint8_t *)&other)[offsets[i]] ^= 1;
        for (int seat = -1; seat < 2; seat++)
            ck_assert_msg(!same_view(&t, t.s, &other, seat), "change %d unseen by %d", i, seat);
    }
    rugby_close(&t);
}
END_TEST

START_TEST(setup_is_hidden)
{
    rugby t;
    rugby_open(&t, "");
    rugby_play(&t, "O@A1 O@B2");
    arena_state other = *t.s;
    other.board[0][field("B2")] = RG_EMPTY;
    other.board[0][field("G3")] = RG_O;
    ck_assert(same_view(&t, t.s, &other, 1));
    ck_assert(!same_view(&t, t.s, &other, 0));
    rugby_close(&t);
}
END_TEST

/* Random games (setup=random): at every ply, a state sampled from seat i's
 * view is a state that differs from the real one only where i cannot see, so
 * i's bytes agree; where the sampled hidden board differs, the other seat
 * (its owner) sees the difference. */
START_TEST(random_pairs)
{
    rugby t;
    rugby_open(&t, "setup=random");
    arena_rng rng;
    arena_rng_seed(&rng, 1234);
    int differing = 0;
    for (int game = 0; game < 20; game++) {
        arena_state *s = t.r->state_new(t.g);
        while (t.r->current_player(s) != ARENA_TERMINAL) {
            int32_t legal[RG_FIELDS + 1];
            int n = t.r->legal_actions(s, legal, RG_FIELDS + 1);
            ck_assert_int_eq(t.r->apply(s, legal[arena_rng_below(&rng, (uint32_t)n)]), 0);
            if (arena_rng_below(&rng, 8)) continue;
            int seat = (int)arena_rng_below(&rng, 2);
            uint8_t obs[OBS_CAP];
            size_t len = rugby_observe(&t, s, seat, obs, sizeof obs);
            arena_state *u = t.r->sample_state(t.g, obs, len, arena_rng_next(&rng));
            REQUIRE(u != NULL, "sample refused");
            REQUIRE(same_view(&t, s, u, seat), "sample seen differently by its seat");
            REQUIRE(memcmp(u->board[seat], s->board[seat], RG_FIELDS) == 0, "own board changed");
            int differs = memcmp(u->board[seat ^ 1], s->board[seat ^ 1], RG_FIELDS) != 0;
            differing += differs;
            REQUIRE(same_view(&t, s, u, seat ^ 1) == !differs, "owner's view of a hidden change");
            t.r->state_free(u);
        }
        t.r->state_free(s);
    }
    ck_assert_int_gt(differing, 100);
    rugby_close(&t);
}
END_TEST

/* Seat 0 has found all of seat 1's board but ten fields: A1 (O), E1, A13 (P),
 * E13, A5 (A), B5, C4 (K), C11, D10 (G), E10. The completions: the O and its P
 * in column A or E (2 ways), the lineout on A5 or B5 (2), then K and G on two
 * different fields of the other five (20): 80 layouts, all equally likely
 * (wherever the O goes, columns A and E hold one O and none). */
static const char *const unseen[] = {"A1", "E1", "A13", "E13", "A5",
                                     "B5", "C4", "C11", "D10", "E10"};

START_TEST(samples_cover_every_layout)
{
    rugby t;
    rugby_open(&t, "target=93");
    rugby_lay_both(&t, rugby_layout);
    memset(t.s->guessed[1], 1, RG_FIELDS);
    for (int i = 0; i < 10; i++)
        t.s->guessed[1][field(unseen[i])] = 0;
    t.s->guesses[0] = RG_FIELDS - 10;
    t.s->score[0] = 93 - 5 - 2 - 1 - 3 - 10;
    uint8_t obs[OBS_CAP];
    size_t len = rugby_observe(&t, t.s, 0, obs, sizeof obs);
    int count[2][2][5][5] = {{{{0}}}}; /* O column, A field, K field, G field */
    const int rest[5] = {field("B5"), field("C4"), field("C11"), field("D10"), field("E10")};
    const int draws = 8000;
    for (int k = 0; k < draws; k++) {
        arena_state *u = t.r->sample_state(t.g, obs, len, 1000 + (uint64_t)k);
        REQUIRE(u != NULL, "sample refused");
        REQUIRE(same_view(&t, t.s, u, 0), "sample seen differently");
        const uint8_t *b = u->board[1];
        int o = b[field("E1")] == RG_O, a = b[field("B5")] == RG_A, kf = -1, gf = -1;
        REQUIRE(b[field(o ? "E13" : "A13")] == RG_P && b[field(o ? "A1" : "E1")] == RG_EMPTY,
                "O and P not in one column");
        REQUIRE(rg_board_valid(b, 5, 40), "sampled layout not valid");
        for (int i = 0; i < 5; i++) {
            int f = i == 0 && a ? field("A5") : rest[i];
            if (b[f] == RG_K) kf = i;
            if (b[f] == RG_G) gf = i;
        }
        REQUIRE(kf >= 0 && gf >= 0, "K or G missing");
        count[o][a][kf][gf]++;
        t.r->state_free(u);
    }
    int layouts = 0;
    for (int o = 0; o < 2; o++)
        for (int a = 0; a < 2; a++)
            for (int kf = 0; kf < 5; kf++)
                for (int gf = 0; gf < 5; gf++) {
                    if (kf == gf) continue;
                    layouts++;
                    /* 100 expected; 40..180 is beyond six standard deviations */
                    ck_assert_msg(count[o][a][kf][gf] >= 40 && count[o][a][kf][gf] <= 180,
                                  "layout %d %d %d %d drawn %d times of %d", o, a, kf, gf,
                                  count[o][a][kf][gf], draws);
                }
    ck_assert_int_eq(layouts, 80);
    rugby_close(&t);
}
END_TEST

/* setup=random lays the O out as a uniform subset of the in-goal, then each
 * column's P as one of C(3, its O) equally likely choices: a layout's chance
 * is proportional to the product over columns of 1 / C(3, O). Seat 0 has
 * found all of seat 1's board but A3, E1, A15 and E13, and A1, A2, B1, D1
 * hold O: the fifth O is at A3 (with its P at A15; columns A, B, D hold
 * 3, 1, 1 O: 1 / 9) or at E1 (P at E13; 2, 1, 1, 1: 1 / 81), nine times as
 * often at A3 -- where counting layouts would say half the time. */
static rugby_picture three_in_a = {
    "OOXO...", /* 1 */
    "O.X....", /* 2 */
    "O......", /* 3 */
    "AAKDMAA", /* 4 */
    "A.KDM.A", /* 5 */
    "..KDM..", /* 6 */
    "..KDM..", /* 7 */
    "..KDM..", /* 8 */
    "..KDM..", /* 9 */
    "...G...", /* 10 */
    ".......", /* 11 */
    ".......", /* 12 */
    "PPXP...", /* 13 */
    "P.X....", /* 14 */
    "P.X....", /* 15 */
};

START_TEST(samples_weigh_layouts_as_random_setup_does)
{
    rugby t;
    rugby_open(&t, "target=93");
    rugby_lay_both(&t, three_in_a);
    memset(t.s->guessed[1], 1, RG_FIELDS);
    const char *hidden[] = {"A3", "E1", "A15", "E13"};
    for (int i = 0; i < 4; i++)
        t.s->guessed[1][field(hidden[i])] = 0;
    t.s->guesses[0] = RG_FIELDS - 4;
    t.s->score[0] = 93 - 5 - 2;
    uint8_t obs[OBS_CAP];
    size_t len = rugby_observe(&t, t.s, 0, obs, sizeof obs);
    const int draws = 4000;
    int in_a = 0;
    for (int k = 0; k < draws; k++) {
        arena_state *u = t.r->sample_state(t.g, obs, len, 77 + (uint64_t)k);
        REQUIRE(u != NULL, "sample refused");
        REQUIRE(same_view(&t, t.s, u, 0), "sample seen differently");
        const uint8_t *b = u->board[1];
        REQUIRE(rg_board_valid(b, 5, 40), "sampled layout not valid");
        int a = b[field("A3")] == RG_O;
        REQUIRE(a ? b[field("A15")] == RG_P && b[field("E1")] == RG_EMPTY
                  : b[field("E1")] == RG_O && b[field("E13")] == RG_P,
                "O and P not in one column");
        in_a += a;
        t.r->state_free(u);
    }
    /* 3600 expected, standard deviation 19; half would be 2000 */
    ck_assert_msg(in_a >= 3450 && in_a <= 3750, "A3 drawn %d times of %d", in_a, draws);
    rugby_close(&t);
}
END_TEST

/* Before any guess the sample is a whole random layout: some column holds
 * 3 of the 5 O in 7 * C(18,2) / C(21,5) = 1071 / 20349 = 5.26 % of random
 * setups (0.4 % of valid layouts, each counted once). */
START_TEST(samples_before_any_guess_are_random_setups)
{
    rugby t;
    rugby_open(&t, "");
    rugby_lay_both(&t, rugby_layout);
    uint8_t obs[OBS_CAP];
    size_t len = rugby_observe(&t, t.s, 0, obs, sizeof obs);
    const int draws = 20000;
    int full = 0;
    for (int k = 0; k < draws; k++) {
        arena_state *u = t.r->sample_state(t.g, obs, len, 5000 + (uint64_t)k);
        REQUIRE(u != NULL, "sample refused");
        int per_col[RG_COLS] = {0};
        for (int f = 0; f < RG_FIELDS; f++)
            per_col[rg_col(f)] += u->board[1][f] == RG_O;
        int three = 0;
        for (int c = 0; c < RG_COLS; c++)
            three |= per_col[c] == 3;
        full += three;
        t.r->state_free(u);
    }
    /* 1053 expected, standard deviation 32 */
    ck_assert_msg(full >= 880 && full <= 1230, "a column of 3 O in %d of %d", full, draws);
    rugby_close(&t);
}
END_TEST

/* While seat 0 lays out, seat 1 knows only how many marks are down: samples
 * are valid partial layouts, and differ from each other. */
START_TEST(samples_during_setup)
{
    rugby t;
    rugby_open(&t, "");
    char moves[1024];
    rugby_layout_moves(rugby_layout, moves, sizeof moves);
    moves[strlen("O@A1 O@B1 O@D1 O@F2 O@G3 P@A13 P@F13")] = '\0';
    rugby_play(&t, moves);
    uint8_t obs[OBS_CAP];
    size_t len = rugby_observe(&t, t.s, 1, obs, sizeof obs);
    int moved = 0;
    for (int k = 0; k < 50; k++) {
        arena_state *u = t.r->sample_state(t.g, obs, len, (uint64_t)k);
        ck_assert_ptr_nonnull(u);
        ck_assert(same_view(&t, t.s, u, 1));
        ck_assert(rg_board_valid(u->board[0], 5, 7));
        moved += memcmp(u->board[0], t.s->board[0], RG_FIELDS) != 0;
        t.r->state_free(u);
    }
    ck_assert_int_ge(moved, 45);
    rugby_close(&t);
}
END_TEST

/* Observations that no state gives are refused. */
START_TEST(impossible_observations)
{
    rugby t;
    rugby_open(&t, "");
    rugby_lay_both(&t, rugby_layout);
    rugby_play(&t, "A1 E11");
    uint8_t obs[OBS_CAP], out[OBS_CAP];
    size_t len = rugby_observe(&t, t.s, 0, obs, sizeof obs);
    arena_state *u = t.r->sample_state(t.g, obs, len, 5);
    ck_assert_ptr_nonnull(u);
    t.r->state_free(u);
    for (int k = 0; k < 5; k++) {
        Arena__Rugby__Observation *m = arena__rugby__observation__unpack(NULL, len, obs);
        ck_assert_ptr_nonnull(m);
        uint8_t *seen = m->boards[1]->marks.data, *own = m->boards[0]->marks.data;
        if (k == 0) m->scores[0] = 6;                            /* A1 is worth 5 */
        if (k == 1) seen[field("A1")] = RG_K;                    /* a K in the in-goal */
        if (k == 2) seen[field("B1")] = RG_O;                    /* an unguessed field shown */
        if (k == 3) own[field("G12")] = RG_G;                    /* two gold balls */
        if (k == 4) m->boards[1]->guessed.data[field("A2")] = 1; /* guessed, not shown */
        size_t n = arena__rugby__observation__pack(m, out);
        arena__rugby__observation__free_unpacked(m, NULL);
        ck_assert_msg(t.r->sample_state(t.g, out, n, 5) == NULL, "case %d accepted", k);
    }
    /* another game's options; junk */
    rugby other;
    rugby_open(&other, "tries=6");
    ck_assert_ptr_null(other.r->sample_state(other.g, obs, len, 1));
    rugby_close(&other);
    ck_assert_ptr_null(t.r->sample_state(t.g, (const uint8_t *)"junk", 4, 1));
    rugby_close(&t);
}
END_TEST

void rugby_add_hidden(Suite *s)
{
    TCase *tc = tcase_create("hidden");
    tcase_add_test(tc, unseen_marks_give_same_bytes);
    tcase_add_test(tc, setup_is_hidden);
    tcase_add_test(tc, random_pairs);
    tcase_add_test(tc, samples_cover_every_layout);
    tcase_add_test(tc, samples_weigh_layouts_as_random_setup_does);
    tcase_add_test(tc, samples_before_any_guess_are_random_setups);
    tcase_add_test(tc, samples_during_setup);
    tcase_add_test(tc, impossible_observations);
    suite_add_tcase(s, tc);
}
