/* render.c -- a kursk position as text, from one seat's view (-1: every
 * card). For example:
 *
 *   kursk  2 players, round 7 of 100, 12 turns played
 *     seat  field  hand
 *   >  0      13   A 5 7 X
 *      1       9   4 cards, Jokers: 0
 *   deck 27  discard 6: 22 5 7 Q
 *   special deck 14  discard 2: Bribe Swap
 *   combat: 0 attacks 1; table: 55; attacker played from hand
 *   seat 0 to play, draw or claim
 *
 * Piles are written as runs of ranks (at most 44 cards), so lines stay < 80. */
#include "arena/module_kit.h"
#include "kursk.h"

static const char *const end_phrases[KS_ENDS] = {
    [KS_END_NONE] = "",
    [KS_END_CLAIM] = "victory claimed",
    [KS_END_ROUNDS] = "round cap",
};

const char *ks_end_phrase(int end)
{
    return end >= 0 && end < KS_ENDS ? end_phrases[end] : "";
}

/* The cards of a pile as runs of rank characters ("22 5 KK"). */
static void pile(arena_text *t, const uint8_t *p)
{
    int any = 0;
    for (int r = 0; r < KS_RANKS; r++) {
        if (!p[r]) continue;
        arena_text_add(t, any ? " " : "");
        for (int k = 0; k < p[r] && k < 8; k++)
            arena_text_add(t, "%c", ks_rank_chars[r]);
        any = 1;
    }
    if (!any) arena_text_add(t, "-");
}

static const char *const phase_phrases[KS_PHASES] = {
    [KS_PH_FIRST] = "the first player to draw",
    [KS_PH_DRAW] = "a card to draw for seat %d",
    [KS_PH_MULLIGAN] = "seat %d to keep or mulligan",
    [KS_PH_TURN] = "seat %d to play, draw or claim",
    [KS_PH_FIGHT] = "seat %d to choose whom to fight",
    [KS_PH_ATTACK] = "seat %d to attack: hand or deck",
    [KS_PH_TOP_A] = "the attacker's blind card to draw",
    [KS_PH_DEFEND] = "seat %d to defend: hand or deck",
    [KS_PH_TOP_D] = "the defender's blind card to draw",
    [KS_PH_LOSE] = "a random discard from seat %d",
    [KS_PH_TAKE] = "a random card to take from seat %d",
    [KS_PH_SPECIAL_DRAW] = "a special card to draw",
    [KS_PH_USE] = "seat %d to use a special card",
};

static int phase_seat(const arena_state *s)
{
    switch (s->phase) {
    case KS_PH_DRAW:
    case KS_PH_LOSE:
    case KS_PH_TAKE:
    case KS_PH_MULLIGAN:
        return s->actor;
    case KS_PH_ATTACK:
        return s->attacker;
    case KS_PH_DEFEND:
        return s->defender;
    default:
        return s->to_move;
    }
}

static void players(arena_text *t, const arena_state *s, int seat)
{
    arena_text_add(t, "  seat  field  hand\n");
    for (int i = 0; i < s->cfg.players; i++) {
        int mark = s->phase != KS_PH_OVER && i == s->to_move;
        arena_text_add(t, "%s %2d  %5d   ", mark ? ">" : " ", i, s->field[i]);
        if (seat < 0 || seat == i)
            pile(t, s->hand[i]);
        else
            arena_text_add(t, "%d cards, Jokers: %d", ks_hand_size(s, i), s->hand[i][KS_JOKER]);
        arena_text_add(t, "\n");
    }
}

static void combat(arena_text *t, const arena_state *s, int seat)
{
    static const char *const src[3] = {"-", "hand", "deck"};
    arena_text_add(t, "combat: %d attacks %d; table: ", s->attacker, s->defender);
    pile(t, s->table);
    arena_text_add(t, "; attacker %s", src[s->a_src % 3]);
    if (s->a_card < KS_RANKS && (seat < 0 || (seat == s->attacker && s->a_src == KS_SRC_HAND)))
        arena_text_add(t, " (%c)", ks_rank_chars[s->a_card]);
    arena_text_add(t, "\n");
}

size_t ks_render(const arena_state *s, int seat, char *buf, size_t cap)
{
    arena_text t;
    arena_text_init(&t, buf, cap);
    arena_text_add(&t, "kursk  %d players, round %u of %d, %d turns played\n", s->cfg.players,
                   ks_round(s), s->cfg.max_rounds, s->turns);
    players(&t, s, seat);
    arena_text_add(&t, "deck %d  discard %d: ", ks_count(s->deck, KS_RANKS),
                   ks_count(s->discard, KS_RANKS));
    pile(&t, s->discard);
    arena_text_add(&t, "\nspecial deck %d  discard %d", ks_count(s->sdeck, KS_KINDS),
                   ks_count(s->sdiscard, KS_KINDS));
    for (int i = 0; i < s->nshown && i < 2; i++)
        arena_text_add(&t, "%s %s", i ? "," : "  shown:", ks_kind_names[s->shown[i] % KS_KINDS]);
    arena_text_add(&t, "\n");
    if (s->attacker != KS_NOBODY) combat(&t, s, seat);
    if (s->last_loser != KS_NOBODY && s->last_a < KS_RANKS && s->last_d < KS_RANKS)
        arena_text_add(&t, "last combat: %c against %c, seat %d lost\n", ks_rank_chars[s->last_a],
                       ks_rank_chars[s->last_d], s->last_loser);
    if (s->phase == KS_PH_OVER) {
        if (s->end == KS_END_CLAIM)
            arena_text_add(&t, "seat %d claimed victory\n", s->winner);
        else
            arena_text_add(&t, "game over: %s\n", ks_end_phrase(s->end));
    } else {
        arena_text_add(&t, phase_phrases[s->phase], phase_seat(s));
        arena_text_add(&t, "\n");
    }
    return arena_text_len(&t);
}
