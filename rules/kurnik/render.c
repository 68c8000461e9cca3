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
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

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

/* Appends to a buffer big enough for any state (numbers have at most 10
 * digits; 4 players; checked by the tests). */
typedef struct text {
    char buf[1024];
    size_t len;
} text;

__attribute__((format(printf, 2, 3))) static void add(text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(t->buf + t->len, sizeof t->buf - t->len, fmt, ap);
    va_end(ap);
    if (n > 0) t->len += (size_t)n;
    if (t->len >= sizeof t->buf) t->len = sizeof t->buf - 1;
}

static void goods_table(text *t, const arena_state *s)
{
    int mark = s->phase != KU_PHASE_OVER;
    add(t, "  seat       eggs     chicks       hens  rooster\n");
    for (int i = 0; i < s->cfg.players; i++) {
        const ku_goods *g = &s->goods[i];
        add(t, "%s %2d %10u %10u %10u  %7s\n", mark && i == s->to_move ? ">" : " ", i, g->eggs,
            g->chicks, g->hens, g->rooster ? "yes" : "-");
    }
}

/* What the last roll brought: foxes and their damage, the doubles gift. */
static void roll_story(text *t, const arena_state *s)
{
    int roller = s->to_move;
    if (s->phase == KU_PHASE_ROLL) roller = (s->to_move + s->cfg.players - 1) % s->cfg.players;
    add(t, "seat %d rolled %d-%d", roller, s->die[0], s->die[1]);
    if (s->chased == 1)
        add(t, ", the rooster chased the fox");
    else if (s->chased)
        add(t, ", the rooster chased %u foxes", s->chased);
    if (s->ate_chicks) add(t, ", fox ate %u chick%s", s->ate_chicks, s->ate_chicks > 1 ? "s" : "");
    if (s->ate_hens) add(t, ", fox ate %u hen%s", s->ate_hens, s->ate_hens > 1 ? "s" : "");
    if (s->gift != KU_GIFT_NONE) {
        const char *what = s->gift == KU_GIFT_CHICK ? "a chick" : "an egg";
        if (s->gift_to == KU_NOBODY)
            add(t, "\ndoubles: gives %s (recipient to draw)", what);
        else
            add(t, "\ndoubles: gave %s to seat %d", what, s->gift_to);
    } else if (s->die[0] == s->die[1]) {
        add(t, "\ndoubles: nothing to give");
    }
    add(t, "\n");
}

static void status(text *t, const arena_state *s)
{
    switch (s->phase) {
    case KU_PHASE_ROLL:
        add(t, "seat %d to roll\n", s->to_move);
        break;
    case KU_PHASE_GIFT:
        add(t, "the gift's recipient is drawn\n");
        break;
    case KU_PHASE_EXCHANGE:
        add(t, "seat %d to exchange or end\n", s->to_move);
        break;
    default: {
        int rank[KU_MAX_SEATS];
        ku_ranks(s, rank);
        if (s->winner != KU_NOBODY)
            add(t, "seat %d wins with nine hens; ranks", s->winner);
        else
            add(t, "game over after %u rounds; ranks", s->cfg.max_rounds);
        for (int i = 0; i < s->cfg.players; i++)
            add(t, " %d", rank[i]);
        add(t, "\n");
    }
    }
}

size_t ku_render(const arena_state *s, int seat, char *buf, size_t cap)
{
    (void)seat; /* perfect information: every seat sees everything */
    text t = {.len = 0};
    add(&t, "kurnik  %d players, round %u of %u, %u turn%s played\n", s->cfg.players, ku_round(s),
        s->cfg.max_rounds, s->turns, s->turns == 1 ? "" : "s");
    goods_table(&t, s);
    if (s->die[0])
        roll_story(&t, s);
    else
        add(&t, "no roll yet\n");
    status(&t, s);
    return ku_text_out(t.buf, t.len, buf, cap);
}
