/* kurnik_test.h -- helpers of the kurnik suites: load the rule module as the
 * arena does (dlopen of bin/rules/libkurnik.so), play actions written in the
 * rules page's notation (chance outcomes included, chosen by hand), read the
 * goods back from the observation, and set goods up for a hand-made position. */
#ifndef KURNIK_TEST_H
#define KURNIK_TEST_H

#include <check.h>
#include <stdint.h>

#include "arena/rules.h"
#include "games/kurnik.pb-c.h"
#include "support.h" /* REQUIRE */

typedef struct kt {
    void *handle;
    const arena_rules *r;
    arena_game *g;
    arena_state *s;
} kt;

typedef struct kt_goods {
    uint32_t eggs, chicks, hens, rooster;
} kt_goods;

/* The module with these options at the start position; kt_close frees all. */
void kt_open(kt *k, const char *options);
void kt_close(kt *k);
const arena_rules *kt_rules(void **handle); /* the table alone */

/* Applies each space-separated action; fails the test naming the refused one. */
void kt_play(kt *k, const char *moves);
/* apply's answer for one name (-1 also when it does not parse); a refusal
 * must leave the state unchanged, which this checks. */
int kt_try(kt *k, const char *name);
int kt_legal(kt *k, const char *name); /* whether it is among the legal actions */
int kt_num_legal(kt *k);
/* The legal actions as names, space-separated, into buf. */
const char *kt_legal_names(kt *k, char *buf, size_t cap);

/* Observation of the current state, unpacked; free with kt_view_free. */
Arena__Kurnik__Observation *kt_view(kt *k);
void kt_view_free(Arena__Kurnik__Observation *m);
kt_goods kt_get(kt *k, int seat);
/* Replaces seat's goods (through observation and state_from_observation, so
 * the position stays one the module accepts). */
void kt_set(kt *k, int seat, kt_goods g);
/* The text board. */
const char *kt_board(kt *k, char *buf, size_t cap);

#define ck_assert_goods(k, seat, e, c, h, r)                                                       \
    do {                                                                                           \
        kt_goods got_ = kt_get(k, seat);                                                           \
        ck_assert_msg(got_.eggs == (e) && got_.chicks == (c) && got_.hens == (h) &&                \
                          got_.rooster == (r),                                                     \
                      "seat %d has %u eggs %u chicks %u hens %u rooster, expected %d %d %d %d",    \
                      seat, got_.eggs, got_.chicks, got_.hens, got_.rooster, e, c, h, r);          \
    } while (0)

Suite *kurnik_rules_suite(void);
Suite *kurnik_module_suite(void);
Suite *kurnik_bots_suite(void);
Suite *kurnik_evaluate_suite(void);

#endif
