/* render.c -- a kurnik position as text: one line per player with all their
 * goods (the player to move marked), then the last roll and what it brought,
 * then whose move it is or how the game ended. For example:
 *
 *   kurnik  3 players, round 36 of 300, 105 turns played
 *     seat       eggs     chicks       hens  rooster
 *   >  0          2          0          9      yes
 *      1          2          1          4        -
 *      2          2          2          2        -
 *   seat 0 rolled 5-6, the rooster chased the fox
 *   seat 0 to exchange or end
 *
 * Columns are wide enough for any count (10 digits), so lines stay < 80. */
#include "arena/module_kit.h"
#include "kurnik.h"

static const char *const end_phrases[KU_ENDS] = {
    [KU_END_NONE] = "",
    [KU_END_HENS] = "nine hens",
    [KU_END_ROUNDS] = "round cap",
};

const char *ku_end_phrase(int end)
{
    return end >= 0 && end < KU_ENDS ? end_phrases[end] : "";
}

static void goods_table(arena_text *t, const arena_state *s)
{
    int mark = s->phase != KU_PHASE_OVER;
    arena_text_add(t, "  seat       eggs     chicks       hens  rooster\n");
    for (int i = 0; i < s->cfg.players; i++) {
        const ku_goods *g = &s->goods[i];
        arena_text_add(t, "%s %2d %10u %10u %10u  %7s\n", mark && i == s->to_move ? ">" : " ", i,
                       g->eggs, g->chicks, g->hens, g->rooster ? "yes" : "-");
    }
}

/* What the last roll brought: foxes and their damage, the doubles gift. */
static void roll_story(arena_text *t, const arena_state *s)
{
    int roller = s->to_move;
    if (s->phase == KU_PHASE_ROLL) roller = (s->to_move + s->cfg.players - 1) % s->cfg.players;
    arena_text_add(t, "seat %d rolled %d-%d", roller, s->die[0], s->die[1]);
    if (s->chased == 1)
        arena_text_add(t, ", the rooster chased the fox");
    else if (s->chased)
        arena_text_add(t, ", the rooster chased %u foxes", s->chased);
    if (s->ate_chicks)
        arena_text_add(t, ", fox ate %u chick%s", s->ate_chicks, s->ate_chicks > 1 ? "s" : "");
    if (s->ate_hens)
        arena_text_add(t, ", fox ate %u hen%s", s->ate_hens, s->ate_hens > 1 ? "s" : "");
    if (s->gift != KU_GIFT_NONE) {
        const char *what = s->gift == KU_GIFT_CHICK ? "a chick" : "an egg";
        if (s->gift_to == KU_NOBODY)
            arena_text_add(t, "\ndoubles: gives %s (recipient to draw)", what);
        else
            arena_text_add(t, "\ndoubles: gave %s to seat %d", what, s->gift_to);
    } else if (s->die[0] == s->die[1]) {
        arena_text_add(t, "\ndoubles: nothing to give");
    }
    arena_text_add(t, "\n");
}

static void status(arena_text *t, const arena_state *s)
{
    switch (s->phase) {
    case KU_PHASE_ROLL:
        arena_text_add(t, "seat %d to roll\n", s->to_move);
        break;
    case KU_PHASE_GIFT:
        arena_text_add(t, "the gift's recipient is drawn\n");
        break;
    case KU_PHASE_EXCHANGE:
        arena_text_add(t, "seat %d to exchange or end\n", s->to_move);
        break;
    default: {
        int rank[KU_MAX_SEATS];
        ku_ranks(s, rank);
        if (s->winner != KU_NOBODY)
            arena_text_add(t, "seat %d wins with nine hens; ranks", s->winner);
        else
            arena_text_add(t, "game over after %u rounds; ranks", s->cfg.max_rounds);
        for (int i = 0; i < s->cfg.players; i++)
            arena_text_add(t, " %d", rank[i]);
        arena_text_add(t, "\n");
    }
    }
}

size_t ku_render(const arena_state *s, int seat, char *buf, size_t cap)
{
    (void)seat; /* perfect information: every seat sees everything */
    arena_text t;
    arena_text_init(&t, buf, cap);
    arena_text_add(&t, "kurnik  %d players, round %u of %u, %u turn%s played\n", s->cfg.players,
                   ku_round(s), s->cfg.max_rounds, s->turns, s->turns == 1 ? "" : "s");
    goods_table(&t, s);
    if (s->die[0])
        roll_story(&t, s);
    else
        arena_text_add(&t, "no roll yet\n");
    status(&t, s);
    return arena_text_len(&t);
}
