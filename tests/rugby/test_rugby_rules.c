/* test_rugby_rules.c -- every rule of docs/rules/rugby.md on hand-made
 * positions: where each mark may be placed (a refused placement leaves the
 * state unchanged), the points of every mark, the page's 35 fields and 93
 * points, black fields and bonus guesses, the end at the target, the end when
 * every scoring field is found, and equal scores. */
#include <stdio.h>
#include <string.h>

#include "rugby_test.h"

/* Seat 0 lays out the first `marks` of rugby_layout. */
static void lay_prefix(rugby *t, int marks)
{
    char moves[1024], *p = moves;
    rugby_layout_moves(rugby_layout, moves, sizeof moves);
    for (int i = 0; i < marks && p; i++)
        p = strchr(p + 1, ' ');
    if (p) *p = '\0';
    rugby_play(t, moves);
}

START_TEST(try_placement)
{
    rugby t;
    rugby_open(&t, "");
    ck_assert_int_eq(rugby_try(&t, "O@A4"), -1);  /* midfield */
    ck_assert_int_eq(rugby_try(&t, "O@A13"), -1); /* 10-metre zone */
    ck_assert_int_eq(rugby_try(&t, "P@A13"), -1); /* the order: all O first */
    ck_assert_int_eq(rugby_try(&t, "K@C5"), -1);
    ck_assert_int_eq(rugby_try(&t, "A1"), -1); /* no guesses during the setup */
    ck_assert_int_eq(rugby_try(&t, "O@A1"), 0);
    ck_assert_int_eq(rugby_try(&t, "O@A1"), -1); /* one mark per field */
    for (int f = 0; f < RG_FIELDS; f++) {        /* rows 1-3 and nothing else */
        char name[8];
        snprintf(name, sizeof name, "O@%c%d", 'A' + rg_col(f), rg_row(f));
        arena_state before = *t.s;
        ck_assert_int_eq(rugby_try(&t, name), rg_row(f) <= 3 && f != 0 ? 0 : -1);
        *t.s = before;
    }
    ck_assert_int_eq(t.r->legal_actions(t.s, NULL, 0), 20);
    rugby_close(&t);
}
END_TEST

START_TEST(conversion_parallel_to_try)
{
    rugby t;
    rugby_open(&t, "");
    lay_prefix(&t, 5);                            /* O at A1 B1 D1 F2 G3 */
    ck_assert_int_eq(rugby_try(&t, "P@C13"), -1); /* no O in column C */
    ck_assert_int_eq(rugby_try(&t, "P@E15"), -1);
    ck_assert_int_eq(rugby_try(&t, "P@A12"), -1);           /* midfield */
    ck_assert_int_eq(rugby_try(&t, "P@A3"), -1);            /* in-goal */
    ck_assert_int_eq(rugby_try(&t, "X@C1"), -1);            /* P come first */
    ck_assert_int_eq(t.r->legal_actions(t.s, NULL, 0), 15); /* 3 fields x 5 columns */
    ck_assert_int_eq(rugby_try(&t, "P@A14"), 0);
    ck_assert_int_eq(rugby_try(&t, "P@A13"), -1); /* column A has as many P as O */
    ck_assert_int_eq(rugby_try(&t, "P@A15"), -1);
    ck_assert_int_eq(t.r->legal_actions(t.s, NULL, 0), 12);
    rugby_close(&t);

    /* Three O in one column: its three 10-metre fields all take a P. */
    rugby_open(&t, "");
    rugby_play(&t, "O@C1 O@C2 O@C3 O@A1 O@B1 P@C13 P@C14");
    ck_assert_int_eq(rugby_try(&t, "P@C15"), 0);
    ck_assert_int_eq(rugby_try(&t, "P@C13"), -1);
    rugby_close(&t);
}
END_TEST

START_TEST(black_fields_by_zone)
{
    rugby t;
    rugby_open(&t, "");
    lay_prefix(&t, 10);
    ck_assert_int_eq(rugby_try(&t, "X@C13"), -1); /* the first two go to rows 1-3 */
    ck_assert_int_eq(rugby_try(&t, "X@C5"), -1);
    ck_assert_int_eq(rugby_try(&t, "X@A1"), -1); /* taken by an O */
    rugby_play(&t, "X@C1 X@C2");
    ck_assert_int_eq(rugby_try(&t, "X@C3"), -1); /* the other three to rows 13-15 */
    ck_assert_int_eq(rugby_try(&t, "X@C12"), -1);
    ck_assert_int_eq(rugby_try(&t, "X@A13"), -1); /* taken by a P */
    ck_assert_int_eq(t.r->legal_actions(t.s, NULL, 0), 21 - 5);
    rugby_close(&t);
}
END_TEST

START_TEST(midfield_marks)
{
    rugby t;
    rugby_open(&t, "");
    lay_prefix(&t, 15);
    ck_assert_int_eq(rugby_try(&t, "A@C4"), -1); /* lineouts on the touchlines only */
    ck_assert_int_eq(rugby_try(&t, "A@E7"), -1);
    ck_assert_int_eq(rugby_try(&t, "A@A3"), -1); /* rows 4-12 */
    ck_assert_int_eq(rugby_try(&t, "A@G13"), -1);
    ck_assert_int_eq(rugby_try(&t, "K@A4"), -1); /* the order: A first */
    ck_assert_int_eq(t.r->legal_actions(t.s, NULL, 0), 4 * 9);
    rugby_play(&t, "A@A4 A@B4 A@F4 A@G4 A@A5 A@G5");
    ck_assert_int_eq(rugby_try(&t, "K@A4"), -1); /* taken */
    ck_assert_int_eq(rugby_try(&t, "K@C3"), -1);
    ck_assert_int_eq(rugby_try(&t, "K@C13"), -1);
    ck_assert_int_eq(rugby_try(&t, "K@A6"), 0); /* K anywhere in rows 4-12 */
    ck_assert_int_eq(t.r->legal_actions(t.s, NULL, 0), 63 - 7);
    rugby_close(&t);

    rugby_open(&t, "");
    lay_prefix(&t, 39); /* all but the gold ball */
    ck_assert_int_eq(rugby_try(&t, "G@D1"), -1);
    ck_assert_int_eq(rugby_try(&t, "G@D15"), -1);
    ck_assert_int_eq(rugby_try(&t, "M@D10"), -1);
    ck_assert_int_eq(t.r->legal_actions(t.s, NULL, 0), 63 - 24);
    ck_assert_int_eq(rugby_try(&t, "G@D10"), 0);
    ck_assert_int_eq(t.r->current_player(t.s), 1); /* seat 1 lays out next */
    ck_assert_int_eq(t.s->placed[0], 40);
    rugby_close(&t);
}
END_TEST

/* Seat 1's next miss: the empty fields of rugby_layout (seat 0's board) in
 * ascending order. */
static int miss_next;
static void seat1_misses(rugby *t)
{
    while (rugby_layout[rg_row(miss_next) - 1][rg_col(miss_next)] != '.')
        miss_next++;
    char name[8];
    snprintf(name, sizeof name, "%c%d", 'A' + rg_col(miss_next), rg_row(miss_next));
    miss_next++;
    ck_assert_int_eq(t->r->current_player(t->s), 1);
    rugby_play(t, name);
}

/* Seat 0 guesses `field`, seat 1 then misses. */
static void exchange(rugby *t, const char *field)
{
    rugby_play(t, field);
    seat1_misses(t);
}

START_TEST(points_of_every_mark)
{
    static const struct {
        const char *field;
        int points;
    } hits[] = {{"A1", 5}, {"A13", 2}, {"A4", 1},   {"C4", 3},
                {"D4", 3}, {"E4", 1},  {"D10", 10}, {"E10", 0}};
    rugby t;
    rugby_open(&t, "");
    rugby_lay_both(&t, rugby_layout);
    miss_next = 0;
    int total = 0;
    for (int i = 0; i < 8; i++) {
        exchange(&t, hits[i].field);
        total += hits[i].points;
        ck_assert_int_eq(t.s->score[0], total);
        ck_assert_int_eq(t.s->score[1], 0);
    }
    ck_assert_int_eq(rugby_try(&t, "D10"), -1); /* guessed before */
    ck_assert_int_eq(t.s->guesses[0], 8);
    rugby_close(&t);
}
END_TEST

/* Target 93 = the board's total: the game ends exactly when the last of the
 * 35 scoring fields is found, with 93 points. */
START_TEST(all_scoring_fields)
{
    rugby t;
    rugby_open(&t, "target=93");
    ck_assert_int_eq(rg_total_points(5), 93);
    rugby_lay_both(&t, rugby_layout);
    miss_next = 0;
    int found = 0;
    for (int f = 0; f < RG_FIELDS; f++) {
        char c = rugby_layout[rg_row(f) - 1][rg_col(f)];
        if (c == '.' || c == 'X') continue;
        char name[8];
        snprintf(name, sizeof name, "%c%d", 'A' + rg_col(f), rg_row(f));
        if (++found == 35) ck_assert_int_eq(t.s->score[0], 93 - 2); /* G15 is a P */
        ck_assert_int_eq(t.r->current_player(t.s), 0);
        if (found == 35) {
            rugby_play(&t, name);
            break;
        }
        exchange(&t, name);
    }
    ck_assert_int_eq(found, 35);
    ck_assert_int_eq(t.s->score[0], 93);
    ck_assert_int_eq(t.r->current_player(t.s), ARENA_TERMINAL);
    ck_assert_str_eq(t.r->end_reason(t.s), "target reached");
    double ret[2];
    t.r->returns(t.s, ret);
    ck_assert(ret[0] == 1 && ret[1] == -1);
    rugby_close(&t);
}
END_TEST

START_TEST(target_ends_at_once)
{
    rugby t;
    rugby_open(&t, "");
    rugby_lay_both(&t, rugby_layout);
    miss_next = 0;
    /* 5 O (25) + G (10) + 6 K (18) = 53, then D4 D5 (6) = 59, then a lineout: 60 */
    const char *path[] = {"A1", "B1", "D1", "F2", "G3", "D10", "C4",
                          "C5", "C6", "C7", "C8", "C9", "D4"};
    for (int i = 0; i < 13; i++)
        exchange(&t, path[i]);
    ck_assert_int_eq(t.s->score[0], 56);
    exchange(&t, "E4");   /* 57 */
    rugby_play(&t, "D5"); /* 60 */
    ck_assert_int_eq(t.s->score[0], 60);
    ck_assert_int_eq(t.r->current_player(t.s), ARENA_TERMINAL);
    ck_assert_int_eq(t.s->winner, 0);
    ck_assert_int_eq(rugby_try(&t, "G15"), -1);
    rugby_close(&t);
}
END_TEST

START_TEST(black_field_bonus)
{
    rugby t;
    rugby_open(&t, "");
    rugby_lay_both(&t, rugby_layout);
    rugby_play(&t, "C1"); /* seat 0 hits a black field */
    ck_assert_int_eq(t.s->score[0], 0);
    ck_assert_int_eq(t.r->current_player(t.s), 1);
    ck_assert_int_eq(t.s->bonus, 3);
    rugby_play(&t, "A1"); /* seat 1: three guesses in a row */
    ck_assert_int_eq(t.r->current_player(t.s), 1);
    ck_assert_int_eq(t.s->bonus, 2);
    rugby_play(&t, "E11");
    ck_assert_int_eq(t.r->current_player(t.s), 1);
    rugby_play(&t, "B1");
    ck_assert_int_eq(t.s->score[1], 10);
    ck_assert_int_eq(t.r->current_player(t.s), 0); /* then back to seat 0 as usual */
    ck_assert_int_eq(t.s->bonus, 0);
    rugby_play(&t, "E12");
    ck_assert_int_eq(t.r->current_player(t.s), 1);

    /* seat 1 hits a black field: seat 0 gets three; a black field during them
     * ends them, seat 1 guesses next and gets no bonus for it */
    rugby_play(&t, "C2");
    ck_assert_int_eq(t.r->current_player(t.s), 0);
    ck_assert_int_eq(t.s->bonus, 3);
    rugby_play(&t, "A11");
    ck_assert_int_eq(t.s->bonus, 2);
    rugby_play(&t, "C13");
    ck_assert_int_eq(t.r->current_player(t.s), 1);
    ck_assert_int_eq(t.s->bonus, 0);
    rugby_play(&t, "A12");
    ck_assert_int_eq(t.r->current_player(t.s), 0);
    ck_assert_int_eq(t.s->bonus, 0);

    /* a black field on the third bonus guess: the same, seat 1 next, no bonus */
    rugby_play(&t, "C2"); /* seat 0 on seat 1's board */
    ck_assert_int_eq(t.r->current_player(t.s), 1);
    rugby_play(&t, "B12 C12 D13");
    ck_assert_int_eq(t.r->current_player(t.s), 0);
    ck_assert_int_eq(t.s->bonus, 0);
    rugby_close(&t);
}
END_TEST

START_TEST(target_during_bonus)
{
    rugby t;
    rugby_open(&t, "target=12");
    rugby_lay_both(&t, rugby_layout);
    rugby_play(&t, "A1 C1");  /* seat 0: 5; seat 1 hits black */
    rugby_play(&t, "B1 D10"); /* seat 0's bonus: 5 + 5 + 10 */
    ck_assert_int_eq(t.r->current_player(t.s), ARENA_TERMINAL);
    ck_assert_int_eq(t.s->winner, 0);
    ck_assert_int_eq(t.s->score[0], 20);
    rugby_close(&t);
}
END_TEST

/* Both seats have guessed everything without the target: only a hand-made
 * position gets there (target <= the total makes it unreachable in play),
 * but the page settles it: the higher score wins, equal scores draw. */
START_TEST(equal_scores_draw)
{
    for (int k = 0; k < 3; k++) {
        rugby t;
        rugby_open(&t, "target=93");
        rugby_lay_both(&t, rugby_layout);
        memset(t.s->board, RG_EMPTY, sizeof t.s->board); /* nothing scores any more */
        memset(t.s->guessed[1], 1, RG_FIELDS);           /* seat 0 guessed everything */
        memset(t.s->guessed[0], 1, RG_FIELDS - 1);       /* seat 1 all but G15 */
        t.s->guesses[0] = RG_FIELDS;
        t.s->guesses[1] = RG_FIELDS - 1;
        t.s->score[0] = 40;
        t.s->score[1] = (uint16_t)(39 + k);
        t.s->to_move = 0;
        ck_assert_int_eq(t.r->legal_actions(t.s, NULL, 0), 1);
        ck_assert_int_eq(rugby_try(&t, "A1"), -1);
        rugby_play(&t, "pass G15");
        ck_assert_int_eq(t.r->current_player(t.s), ARENA_TERMINAL);
        ck_assert_str_eq(t.r->end_reason(t.s), "all fields guessed");
        double ret[2];
        t.r->returns(t.s, ret);
        double want0 = k == 0 ? 1 : k == 1 ? 0 : -1;
        ck_assert(ret[0] == want0 && ret[1] == -want0);
        rugby_close(&t);
    }
}
END_TEST

void rugby_add_rules(Suite *s)
{
    TCase *tc = tcase_create("rules");
    tcase_add_test(tc, try_placement);
    tcase_add_test(tc, conversion_parallel_to_try);
    tcase_add_test(tc, black_fields_by_zone);
    tcase_add_test(tc, midfield_marks);
    tcase_add_test(tc, points_of_every_mark);
    tcase_add_test(tc, all_scoring_fields);
    tcase_add_test(tc, target_ends_at_once);
    tcase_add_test(tc, black_field_bonus);
    tcase_add_test(tc, target_during_bonus);
    tcase_add_test(tc, equal_scores_draw);
    suite_add_tcase(s, tc);
}
