/* kursk_test.h -- helpers of the kursk suites: load the rule module as the
 * arena does (dlopen of bin/rules/libkursk.so), play actions written in the
 * rules page's notation (chance outcomes chosen by hand), and set up hand-made
 * positions by moving cards between the flat state's piles (rules/kursk/kursk.h),
 * so that every card stays accounted for. */
#ifndef KURSK_TEST_H
#define KURSK_TEST_H

#include <check.h>
#include <stdint.h>

#include "arena/rules.h"
#include "games/kursk.pb-c.h"
#include "kursk.h"
#include "support.h" /* REQUIRE */

typedef struct kst {
    void *handle;
    const arena_rules *r;
    arena_game *g;
    arena_state *s;
} kst;

const arena_rules *kst_rules(void **handle);
void kst_open(kst *k, const char *options); /* the start position */
void kst_close(kst *k);

/* A hand-made position: every hand empty, every card in the deck, all pawns
 * on field 0, seat 0 first and to play a turn (phase TURN). */
void kst_table(kst *k, const char *options);
/* Moves cards (rank characters, "A57X") from the deck into seat's hand, or
 * onto the discard pile (seat -1). */
void kst_give(kst *k, int seat, const char *cards);
/* Counts of a pile as rank characters ("557X"), for comparisons. */
const char *kst_pile(const uint8_t *pile, char *buf);

void kst_play(kst *k, const char *moves);
int kst_try(kst *k, const char *name);
int kst_legal(kst *k, const char *name);
const char *kst_legal_names(kst *k, char *buf, size_t cap);
const char *kst_board(kst *k, char *buf, size_t cap);
/* Every card of the main deck is in exactly one place. */
void kst_check_cards(kst *k);

/* Observation bytes of seat (-1 public) into buf; returns the size. */
size_t kst_observe(const kst *k, const arena_state *s, int seat, uint8_t *buf, size_t cap);

Suite *kursk_rules_suite(void);
Suite *kursk_combat_suite(void);
Suite *kursk_hidden_suite(void);
Suite *kursk_bots_suite(void);
Suite *kursk_chance_suite(void);
Suite *kursk_evaluate_suite(void);

#endif
