/* kursk_test.c -- helpers of the kursk suites, and their main. */
#include "kursk_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "support.h"

const arena_rules *kst_rules(void **handle)
{
    return support_rules("kursk", handle);
}

void kst_open(kst *k, const char *options)
{
    char err[256] = "";
    k->r = kst_rules(&k->handle);
    k->g = k->r->game_new(options, err, sizeof err);
    ck_assert_msg(k->g != NULL, "game_new(\"%s\"): %s", options, err);
    k->s = k->r->state_new(k->g);
    ck_assert_ptr_nonnull(k->s);
}

void kst_close(kst *k)
{
    k->r->state_free(k->s);
    k->r->game_free(k->g);
    support_unload(k->handle);
}

void kst_table(kst *k, const char *options)
{
    kst_open(k, options);
    arena_state *s = k->s;
    s->phase = KS_PH_TURN;
    s->first = s->to_move = 0;
}

static int rank_index(char c)
{
    const char *p = strchr(ks_rank_chars, c);
    ck_assert_msg(p && c, "no rank '%c'", c);
    return (int)(p - ks_rank_chars);
}

void kst_give(kst *k, int seat, const char *cards)
{
    for (const char *c = cards; *c; c++) {
        int r = rank_index(*c);
        ck_assert_msg(k->s->deck[r] > 0, "no %c left in the deck", *c);
        k->s->deck[r]--;
        if (seat < 0)
            k->s->discard[r]++;
        else
            k->s->hand[seat][r]++;
    }
}

const char *kst_pile(const uint8_t *pile, char *buf)
{
    int n = 0;
    for (int r = 0; r < KS_RANKS; r++)
        for (int i = 0; i < pile[r]; i++)
            buf[n++] = ks_rank_chars[r];
    buf[n] = '\0';
    return buf;
}

const char *kst_board(kst *k, char *buf, size_t cap)
{
    k->r->render(k->s, -1, buf, cap);
    return buf;
}

void kst_play(kst *k, const char *moves)
{
    support_play(k->r, k->s, k->r->state_size(k->g), moves);
    kst_check_cards(k);
}

int kst_try(kst *k, const char *name)
{
    return support_try_move(k->r, k->s, k->r->state_size(k->g), name);
}

int kst_legal(kst *k, const char *name)
{
    int32_t a, legal[256];
    if (k->r->parse_action(k->s, name, &a) < 0) return 0;
    int n = k->r->legal_actions(k->s, legal, 256);
    for (int i = 0; i < n; i++)
        if (legal[i] == a) return 1;
    return 0;
}

const char *kst_legal_names(kst *k, char *buf, size_t cap)
{
    int32_t legal[256];
    int n = k->r->legal_actions(k->s, legal, 256);
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && len < cap; i++) {
        char name[48];
        k->r->action_name(k->s, legal[i], name, sizeof name);
        len += (size_t)snprintf(buf + len, cap - len, "%s%s", i ? " " : "", name);
    }
    return buf;
}

void kst_check_cards(kst *k)
{
    const arena_state *s = k->s;
    for (int r = 0; r < KS_RANKS; r++) {
        int n = s->deck[r] + s->discard[r] + s->table[r] + (s->a_card == r);
        for (int i = 0; i < s->cfg.players; i++)
            n += s->hand[i][r];
        ck_assert_msg(n == ks_total(r, s->cfg.players), "%d cards of rank %c", n, ks_rank_chars[r]);
    }
    for (int c = 0; c < KS_KINDS; c++) {
        int n = s->sdeck[c] + s->sdiscard[c] + (s->nshown > 0 && s->shown[0] == c) +
                (s->nshown > 1 && s->shown[1] == c);
        ck_assert_msg(n == 2, "%d special cards %s", n, ks_kind_names[c]);
    }
}

size_t kst_observe(const kst *k, const arena_state *s, int seat, uint8_t *buf, size_t cap)
{
    size_t n = k->r->observation(s, seat, buf, cap);
    ck_assert_uint_le(n, cap);
    return n;
}

int main(void)
{
    return support_main(kursk_rules_suite(), kursk_combat_suite(), kursk_hidden_suite(),
                        kursk_bots_suite(), kursk_chance_suite(), kursk_evaluate_suite());
}
